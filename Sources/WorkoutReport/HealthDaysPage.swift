import WorkoutSimulation
import WorkoutText

extension Report {
  /// The run result's days (``WorkoutSimulation/HealthDay``, docs/run-result.md#days) as the page
  /// of days draws them: steps by source `Watch` then `iPhone` and merged, the night's sleep as
  /// one `asleep` bar in minutes (the result carries the seconds asleep, not the stages; none
  /// when 0), the resting heart rate.
  public static func healthDayValues(_ days: [HealthDay]) -> [HealthDayValues] {
    days.map { day in
      HealthDayValues(
        date: day.date, stepsBySource: [("Watch", day.steps.watch), ("iPhone", day.steps.iPhone)],
        mergedSteps: day.steps.merged,
        sleepMinutes: day.sleep > 0 ? [("asleep", day.sleep / 60)] : [],
        restingHeartRate: day.restingHeartRate)
    }
  }

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
    let longest = days.map { $0.sleepMinutes.reduce(0) { $0 + $1.minutes } }.max() ?? 0
    if longest > 0 {
      let sleep = LinearScale(
        domain: Ticks.niceDomain(low: 0, high: longest / 60, maximumCount: 5),
        range: (bottom, TimeChart.top))
      out += "<figure><figcaption>Sleep the night before each day, h (stacked by stage where"
      out += " given)</figcaption>"
      out += frame("days-sleep", "Sleep per night", height) + axis(sleep, maximumCount: 5)
      for (index, day) in days.enumerated() {
        var total = 0.0
        for stage in day.sleepMinutes {
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
      let y = LinearScale(
        domain: Ticks.niceDomain(
          low: values.min() ?? 0, high: values.max() ?? 1, maximumCount: 4),
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
}
