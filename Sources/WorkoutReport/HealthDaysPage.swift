import WorkoutSimulation
import WorkoutText

extension Report {
  /// The run result's days (``WorkoutSimulation/HealthDay``, docs/run-result.md#days) as the page
  /// of days draws them: steps by source `Watch` then `iPhone` and merged; the day's sleep
  /// stages in minutes (``sleepLegend``'s order and names, those above 0), or, for a day with
  /// seconds asleep but no stages, one `asleep` bar (none when 0); the resting heart rate.
  ///
  /// The intervals are the night's, which the result's days split at midnight (a sample counts
  /// in the day of its end): a day's column gets the samples ending from noon the day before to
  /// noon on the day (each from its day's ``WorkoutSimulation/HealthDay/sleepIntervals``), in
  /// seconds from the day's local midnight, ordered by start; the evening samples of the last
  /// day, whose night has no column, are left out of the strip (not of the minutes).
  public static func healthDayValues(_ days: [HealthDay]) -> [HealthDayValues] {
    let noon = 43_200.0
    var nights = Array(
      repeating: [(stage: String, start: Double, end: Double)](), count: days.count)
    for (index, day) in days.enumerated() {
      for interval in day.sleepIntervals {
        let column = day.start.duration(to: interval.end).secondsValue > noon ? index + 1 : index
        guard column < days.count else { continue }
        let midnight = days[column].start
        nights[column].append(
          (
            sleepStageName(interval.stage.name), midnight.duration(to: interval.start).secondsValue,
            midnight.duration(to: interval.end).secondsValue
          ))
      }
    }
    let paths: [KeyPath<HealthDay.SleepStages, Double>] = [
      \.inBed, \.awake, \.asleepREM, \.asleepCore, \.asleepDeep, \.asleepUnspecified,
    ]
    return days.enumerated().map { index, day in
      var minutes = zip(sleepLegend, paths).compactMap { name, path in
        day.sleepStages[keyPath: path] > 0 ? (name, day.sleepStages[keyPath: path] / 60) : nil
      }
      if minutes.isEmpty, day.sleep > 0 { minutes = [("asleep", day.sleep / 60)] }
      return HealthDayValues(
        date: day.date, stepsBySource: [("Watch", day.steps.watch), ("iPhone", day.steps.iPhone)],
        mergedSteps: day.steps.merged, sleepMinutes: minutes,
        restingHeartRate: day.restingHeartRate,
        sleepIntervals: nights[index].sorted {
          ($0.start, $0.end, $0.stage) < ($1.start, $1.end, $1.stage)
        })
    }
  }

  /// The page's short name of a stage (HealthKit's case name, `asleepCore`): `core`, `deep`,
  /// `rem`, `asleep` for `asleepUnspecified`; `inBed` and `awake` as they are.
  static func sleepStageName(_ healthKitName: String) -> String {
    switch healthKitName {
    case "asleepCore": "core"
    case "asleepDeep": "deep"
    case "asleepREM": "rem"
    case "asleepUnspecified": "asleep"
    default: healthKitName
    }
  }

  /// The page's stage names in the order of the legend, the tables and the night's titles
  /// (a hypnogram's, lightest first): `inBed`, `awake`, `rem`, `core`, `deep`, `asleep`
  /// (asleep without a stage).
  static let sleepLegend = ["inBed", "awake", "rem", "core", "deep", "asleep"]

  /// The page of days' own style rules (the sleep stages' `inBed` fill and the legend's
  /// swatches), added to the style sheet only on a page with days, so other pages keep their
  /// bytes.
  static let healthDaysCSS = """
    svg .sleep-inBed { fill: var(--idle); }
    .swatch.sleep-inBed { background: var(--idle); height: 10px; }
    .swatch.sleep-awake { background: var(--energy); height: 10px; }
    .swatch.sleep-rem { background: var(--model); height: 10px; }
    svg .sleep-asleep { fill: var(--cadence); }
    .swatch.sleep-core { background: var(--speed); height: 10px; }
    .swatch.sleep-asleep { background: var(--cadence); height: 10px; }
    .swatch.sleep-deep { background: #1a3a8a; height: 10px; }

    """

  /// The page of days (the seam for the health store's per-day values, ``HealthDayValues``):
  /// per day, bars of steps by source with the merged count beside them, the night's sleep
  /// stacked by stage in hours, and the resting heart rate; then the same values as a table.
  /// Days are drawn in the given order, one column each.
  public static func healthDaysSection(_ days: [HealthDayValues]) -> String {
    guard !days.isEmpty else { return "" }
    var out = "<section class=\"days\" id=\"days\"><h2>Health days</h2>\n"
    let columnWidth = (TimeChart.right - TimeChart.left) / Double(days.count)
    func column(_ index: Int) -> Double { TimeChart.left + columnWidth * Double(index) }
    func labels(_ bottom: Double) -> String {
      var text = ""
      let every = max(1, days.count / 12)
      for (index, day) in days.enumerated() where index % every == 0 {
        text += "<text class=\"tick\" x=\"" + PathText.number(column(index) + columnWidth / 2)
        text += "\" y=\"" + PathText.number(bottom + 14) + "\" text-anchor=\"middle\">"
        text += HTML.escape(day.date) + "</text>"
      }
      return text
    }
    func frame(_ id: String, _ title: String, _ height: Double) -> String {
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"" + id
        + "\" viewBox=\"0 0 960 "
        + PathText.number(height) + "\" role=\"img\" aria-label=\"" + title + "\"><title>" + title
        + "</title>"
    }
    func axis(_ y: LinearScale, maximumCount: Int) -> String {
      var text = ""
      for value in Ticks.values(low: y.domainStart, high: y.domainEnd, maximumCount: maximumCount) {
        let py = PathText.number(y(value))
        text += "<path class=\"grid\" d=\"M" + PathText.number(TimeChart.left) + "," + py + "H"
        text += PathText.number(TimeChart.right) + "\"/><text class=\"tick\" x=\""
        text += PathText.number(TimeChart.left - 6) + "\" y=\"" + py
        text += "\" dy=\"4\" text-anchor=\"end\">" + tickText(value) + "</text>"
      }
      return text
    }
    let height = 200.0
    let bottom = height - 26
    // Steps.
    var highest = 0.0
    for day in days {
      highest = max(highest, day.mergedSteps ?? 0)
      for source in day.stepsBySource { highest = max(highest, source.steps) }
    }
    let stepsDomain = Ticks.niceDomain(low: 0, high: max(highest, 1), maximumCount: 5)
    let steps = LinearScale(domain: stepsDomain, range: (bottom, TimeChart.top))
    out += "<figure><figcaption>Steps per day, by source and merged"
    for (index, source) in (days.first?.stepsBySource ?? []).enumerated() {
      out += " <span class=\"key\"><span class=\"swatch src-" + String(index % 4) + "\"></span>"
      out += HTML.escape(source.source) + "</span>"
    }
    out += " <span class=\"key\"><span class=\"swatch merged\"></span>merged</span></figcaption>"
    out += frame("days-steps", "Steps per day", height) + axis(steps, maximumCount: 5)
    for (index, day) in days.enumerated() {
      let bars = day.stepsBySource.count + (day.mergedSteps == nil ? 0 : 1)
      guard bars > 0 else { continue }
      let barWidth = columnWidth * 0.8 / Double(bars)
      var values = day.stepsBySource.enumerated().map {
        ("src-" + String($0.offset % 4), $0.element.source, $0.element.steps)
      }
      if let merged = day.mergedSteps { values.append(("merged", "merged", merged)) }
      for (bar, value) in values.enumerated() {
        let x = column(index) + columnWidth * 0.1 + barWidth * Double(bar)
        out += "<rect class=\"" + value.0 + "\" x=\"" + PathText.number(x) + "\" y=\""
        out += PathText.number(steps(value.2)) + "\" width=\"" + PathText.number(barWidth)
        out += "\" height=\"" + PathText.number(bottom - steps(value.2)) + "\"><title>"
        out += HTML.escape(day.date + " " + value.1 + ": " + tickText(value.2.rounded()))
        out += "</title></rect>"
      }
    }
    out += labels(bottom) + "</svg></figure>\n"
    // Sleep.
    let longest =
      days.map {
        $0.sleepMinutes.reduce(0) { $0 + ($1.stage == "inBed" ? 0 : $1.minutes) }
      }.max() ?? 0
    if days.contains(where: { !$0.sleepIntervals.isEmpty }) {
      out += sleepStrip(days, columnWidth: columnWidth, height: height, bottom: bottom)
      out += labels(bottom) + "</svg></figure>\n"
    } else if longest > 0 {
      let sleep = LinearScale(
        domain: Ticks.niceDomain(low: 0, high: longest / 60, maximumCount: 5),
        range: (bottom, TimeChart.top))
      out += "<figure><figcaption>Sleep the night before each day, h (stacked by stage where"
      out += " given)</figcaption>"
      out += frame("days-sleep", "Sleep per night", height) + axis(sleep, maximumCount: 5)
      for (index, day) in days.enumerated() {
        var total = 0.0
        for stage in day.sleepMinutes where stage.stage != "inBed" {
          let low = sleep(total / 60)
          total += stage.minutes
          let high = sleep(total / 60)
          out += "<rect class=\"sleep-" + HTML.escape(stage.stage) + "\" x=\""
          out += PathText.number(column(index) + columnWidth * 0.2) + "\" y=\""
          out += PathText.number(high) + "\" width=\"" + PathText.number(columnWidth * 0.6)
          out += "\" height=\"" + PathText.number(low - high) + "\"><title>"
          out += HTML.escape(
            day.date + " " + stage.stage + ": " + tickText(stage.minutes.rounded()))
          out += " min</title></rect>"
        }
      }
      out += labels(bottom) + "</svg></figure>\n"
    }
    // Resting heart rate.
    let resting = days.enumerated().compactMap { index, day in
      day.restingHeartRate.map { ChartPoint(x: column(index) + columnWidth / 2, y: $0) }
    }
    if !resting.isEmpty {
      let values = resting.map(\.y)
      // 1 bpm of room each side before rounding out to ticks, so the lowest and highest days
      // are drawn inside the plot, never on its axis line or top edge.
      let y = LinearScale(
        domain: Ticks.niceDomain(
          low: (values.min() ?? 0) - 1, high: (values.max() ?? 1) + 1, maximumCount: 4),
        range: (bottom, TimeChart.top))
      out += "<figure><figcaption>Resting heart rate, bpm</figcaption>"
      out += frame("days-resting", "Resting heart rate", height) + axis(y, maximumCount: 4)
      out += "<path class=\"line s-hr\" d=\""
      out += PathText.polyline(resting.map { ChartPoint(x: $0.x, y: y($0.y)) }) + "\"/>"
      out += labels(bottom) + "</svg></figure>\n"
    }
    out += "<table class=\"days\"><thead><tr><th>date</th><th>steps by source</th>"
    out += "<th>merged steps</th><th>sleep</th><th>resting heart rate</th></tr></thead><tbody>"
    for day in days {
      out += "<tr><th>" + HTML.escape(day.date) + "</th><td>"
      out += HTML.escape(
        day.stepsBySource.map { $0.source + " " + tickText($0.steps.rounded()) }.joined(
          separator: ", "))
      out += "</td><td>" + (day.mergedSteps.map { tickText($0.rounded()) } ?? "-") + "</td><td>"
      out += HTML.escape(
        day.sleepMinutes.map { $0.stage + " " + tickText($0.minutes.rounded()) + " min" }.joined(
          separator: ", "))
      out +=
        "</td><td>" + (day.restingHeartRate.map { TextFormat.heartRate(beatsPerMinute: $0) } ?? "-")
      out += "</td></tr>"
    }
    out += "</tbody></table></section>\n"
    return out
  }

  /// The sleep chart as a strip per night (its figure and SVG up to the day labels): the time of
  /// night runs down the chart (seconds from each day's local midnight, labelled as local clock
  /// times, ticks on ``Ticks/timeStep(span:maximumCount:)``), each sample a rectangle in its
  /// stage's colour, `inBed` wider behind the stages; one `<g>` per night titled with the
  /// minutes per stage it draws; a legend of the stages drawn.
  static func sleepStrip(
    _ days: [HealthDayValues], columnWidth: Double, height: Double, bottom: Double
  ) -> String {
    let all = days.flatMap(\.sleepIntervals)
    let low = all.map(\.start).min() ?? 0
    let high = all.map(\.end).max() ?? 0
    let step = Ticks.timeStep(span: max(high - low, 1), maximumCount: 6)
    let start = (low / step + 1e-9).rounded(.down) * step
    let end = max((high / step - 1e-9).rounded(.up) * step, start + step)
    let y = LinearScale(domain: (start, end), range: (TimeChart.top, bottom))
    let drawn = Set(all.map(\.stage))
    var out = "<figure><figcaption>Sleep the night before each day, by stage in time order"
    out += " (local time)"
    for stage in sleepLegend where drawn.contains(stage) {
      out += " <span class=\"key\"><span class=\"swatch sleep-" + stage + "\"></span>" + stage
      out += "</span>"
    }
    out +=
      "</figcaption><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"days-sleep\""
    out += " viewBox=\"0 0 960 " + PathText.number(height) + "\" role=\"img\""
    out += " aria-label=\"Sleep stages per night\"><title>Sleep stages per night</title>"
    for value in Ticks.multiples(of: step, from: start, to: end) {
      let py = PathText.number(y(value))
      out += "<path class=\"grid\" d=\"M" + PathText.number(TimeChart.left) + "," + py + "H"
      out += PathText.number(TimeChart.right) + "\"/><text class=\"tick\" x=\""
      out +=
        PathText.number(TimeChart.left - 6) + "\" y=\"" + py + "\" dy=\"4\" text-anchor=\"end\">"
      out += Ticks.clockLabel(localSeconds: value, withSeconds: false) + "</text>"
    }
    func rect(_ stage: String, _ x: Double, _ width: Double, _ from: Double, _ to: Double)
      -> String
    {
      "<rect class=\"sleep-" + HTML.escape(stage) + "\" x=\"" + PathText.number(x) + "\" y=\""
        + PathText.number(y(from)) + "\" width=\"" + PathText.number(width) + "\" height=\""
        + PathText.number(y(to) - y(from)) + "\"/>"
    }
    for (index, day) in days.enumerated() where !day.sleepIntervals.isEmpty {
      let x = TimeChart.left + columnWidth * Double(index)
      var names = sleepLegend.filter { name in day.sleepIntervals.contains { $0.stage == name } }
      for interval in day.sleepIntervals where !names.contains(interval.stage) {
        names.append(interval.stage)
      }
      let minutes = names.map { name in
        day.sleepIntervals.reduce(0.0) { $0 + ($1.stage == name ? $1.end - $1.start : 0) } / 60
      }
      out += "<g><title>" + HTML.escape(day.date) + " night: "
      out += HTML.escape(
        zip(names, minutes).map { $0 + " " + tickText($1.rounded()) + " min" }.joined(
          separator: ", "))
      out += "</title>"
      for interval in day.sleepIntervals where interval.stage == "inBed" {
        out += rect("inBed", x + columnWidth * 0.1, columnWidth * 0.8, interval.start, interval.end)
      }
      for interval in day.sleepIntervals where interval.stage != "inBed" {
        out += rect(
          interval.stage, x + columnWidth * 0.2, columnWidth * 0.6, interval.start, interval.end)
      }
      out += "</g>"
    }
    return out
  }
}
