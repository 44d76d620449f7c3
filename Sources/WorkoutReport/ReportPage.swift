import Foundation
import WorkoutCore
import WorkoutSimulation
import WorkoutText
import WorkoutWatch

/// The report page: one self-contained HTML5 document with inline SVG and CSS, no script and
/// nothing fetched (docs/command-line.md#report). Pure: the same input gives the same bytes (numbers
/// through `WorkoutText`, dictionaries read by fixed keys, never iterated).
///
/// Layout, per record: a header with its dates, the session's states as a strip, then charts
/// on one time axis (elapsed time since the record's start and the wall clock of the scenario's
/// time zone): heart rate with the zones shaded (the recording's heart rate and the model's
/// beside it for a replay), speed (and pace on foot), cadence, power where there is power,
/// elevation (the model's smoothed profile and the recorded altitude), cumulative active energy;
/// paused spans shaded and laps, markers and errors marked on every chart; the route where there
/// are positions; the totals and statistics tables. Then the run's errors, and the page of days
/// when the run has health data.
public enum Report {
  /// The page's bytes, UTF-8.
  public static func html(_ input: ReportInput) -> [UInt8] { Array(page(input).utf8) }

  /// The page as text.
  public static func page(_ input: ReportInput) -> String {
    let result = input.result
    let days = input.healthDays.isEmpty ? healthDayValues(result.days ?? []) : input.healthDays
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<meta name=\"generator\" content=\"" + HTML.escape(Simulation.generator) + "\">\n"
    out += "<title>" + HTML.escape(result.scenarioName) + " · workout-sim report</title>\n"
    out += "<style>\n" + css + (days.isEmpty ? "" : healthDaysCSS)
    out += "</style>\n</head>\n<body>\n<header>\n"
    out += "<h1>" + HTML.escape(result.scenarioName) + "</h1>\n<p class=\"meta\">"
    out += HTML.escape(input.source) + " · seed " + String(result.seed) + " · start "
    out += HTML.escape(result.date(of: .zero)) + " · time zone "
    out += HTML.escape(result.timeZoneName) + " · " + recordCount(result.records.count)
    out += " · " + String(result.errors.count) + (result.errors.count == 1 ? " error" : " errors")
    out += "</p>\n</header>\n<main>\n"
    out += runSection(result)
    if result.records.isEmpty {
      out += "<p class=\"empty\">No finished workout: the run saved no record.</p>\n"
    }
    for index in result.records.indices {
      out += recordSection(input, index: index)
    }
    out += errorsSection(result)
    if !days.isEmpty { out += healthDaysSection(days) }
    out += "</main>\n<footer>" + HTML.escape(Simulation.generator)
    out += " · times are scenario times shown in " + HTML.escape(result.timeZoneName)
    out += "</footer>\n</body>\n</html>\n"
    return out
  }

  static func recordCount(_ count: Int) -> String {
    count == 1 ? "1 workout" : String(count) + " workouts"
  }

  /// The session index whose record is `record` (the log's `record` entry), or `nil`.
  static func session(of record: WorkoutRecord, in result: RunResult) -> Int? {
    for entry in result.log {
      if case .record(let id) = entry.kind, id == record.id { return entry.session }
    }
    return nil
  }

  // MARK: - One record

  static func recordSection(_ input: ReportInput, index: Int) -> String {
    let result = input.result
    let record = result.records[index]
    let start = record.startDate.seconds
    let end = record.endDate.seconds
    let session = session(of: record, in: result)
    let axis = timeAxis(result, start: start, end: end, marks: marks(record, result, session))
    // The phone's own workouts number their sessions apart from the watch's.
    let device = record.device
    let prefix = "r" + String(index + 1)
    var out = "<section class=\"record\" id=\"record-" + String(index + 1) + "\">\n"
    out += "<h2>Workout " + String(index + 1) + ": " + record.activityType.name + ", "
    out += record.locationType.name + "</h2>\n<p class=\"meta\">"
    out += HTML.escape(result.date(of: record.startDate)) + " to "
    out += HTML.escape(result.date(of: record.endDate)) + " · duration "
    out += TextFormat.clock(seconds: record.duration.secondsValue)
    if let distance = record.totalDistance { out += " · " + TextFormat.distance(metres: distance) }
    if let energy = record.totalEnergyBurned {
      out += " · " + TextFormat.energy(kilocalories: energy)
    }
    out += "</p>\n"
    out += "<figure><figcaption>Session state</figcaption>"
    out +=
      statesSVG(result, session: session, device: device, axis: axis, id: prefix + "-states")
      + "</figure>\n"

    // Heart rate with the zones.
    let heartRate = RecordSeries.discrete(record, .heartRate)
    var lines: [TimeChart.Line] = []
    var legend = [("s-hr", "heart rate the session saw")]
    if let recording = input.recording, !recording.heartRate.isEmpty {
      lines.append(TimeChart.Line(cssClass: "s-rec", points: recording.heartRate))
      legend.append(("s-rec", "recorded in " + recording.name))
    }
    if index < input.modelHeartRate.count, !input.modelHeartRate[index].isEmpty {
      lines.append(TimeChart.Line(cssClass: "s-model", points: input.modelHeartRate[index]))
      legend.append(("s-model", "the model's heart rate"))
    }
    // The session's line is drawn last, over the others: a replay's session sees the recorded
    // heart rate itself (not noised), and drawn first it was hidden under the recorded line.
    lines.append(TimeChart.Line(cssClass: "s-hr", points: heartRate))
    let maximum = input.maximumHeartRate
    var bands: [TimeChart.Band] = []
    for zone in 1...5 {
      guard let low = HeartRateZone.lowerFraction(ofZone: zone),
        let color = HeartRateZone.color(ofZone: zone)
      else { continue }
      bands.append(
        TimeChart.Band(
          low: low * maximum, high: zone == 5 ? 10 * maximum : (low + 0.1) * maximum,
          color: color, label: "zone " + String(zone)))
    }
    let values = lines.flatMap(\.points).map(\.y)
    let heartDomain = Ticks.niceDomain(
      low: min(values.min() ?? maximum * 0.5, maximum * 0.45),
      high: max(values.max() ?? maximum, maximum), maximumCount: 5)
    out += figure(
      "Heart rate, bpm", legend: legend,
      chart: TimeChart(
        id: prefix + "-heart-rate", title: "Heart rate, bpm", lines: lines, bands: bands,
        domain: heartDomain), axis: axis, zones: maximum)

    let speed = RecordSeries.speed(record)
    if !speed.isEmpty {
      let onFoot = record.activityType != .cycling
      var chart = TimeChart(
        id: prefix + "-speed",
        title: onFoot ? "Speed, km/h (left); pace, min/km (right)" : "Speed, km/h",
        lines: [TimeChart.Line(cssClass: "s-speed", points: speed)])
      chart.includesZero = true
      chart.label = { tickText($0) }
      if onFoot {
        chart.rightLabel = { value in
          value > 0 ? TextFormat.pace(secondsPerKilometre: 3600 / value) : nil
        }
      }
      out += figure(chart.title, legend: [], chart: chart, axis: axis)
    }
    let cadence = RecordSeries.cadence(record)
    if !cadence.points.isEmpty {
      var chart = TimeChart(
        id: prefix + "-cadence", title: "Cadence, " + cadence.unit,
        lines: [TimeChart.Line(cssClass: "s-cadence", points: cadence.points)])
      chart.includesZero = true
      chart.label = { tickText($0) }
      out += figure(chart.title, legend: [], chart: chart, axis: axis)
    }
    let power = RecordSeries.discrete(record, .cyclingPower)
    if !power.isEmpty {
      var chart = TimeChart(
        id: prefix + "-power", title: "Power, W",
        lines: [TimeChart.Line(cssClass: "s-power", points: power)])
      chart.includesZero = true
      chart.label = { tickText($0) }
      out += figure(chart.title, legend: [], chart: chart, axis: axis)
    }
    if let profile = input.profile, record.activityType.distanceType != nil,
      !profile.recordedAltitude.isEmpty
        || profile.elevation.contains(where: { $0.metres != profile.elevation.first?.metres })
    {
      let model = profile.elevation.map { ChartPoint(x: $0.seconds, y: $0.metres) }
      let raw = profile.recordedAltitude.map { ChartPoint(x: $0.seconds, y: $0.metres) }
      // The model's profile has one point per segment: a straight line between them, no gaps.
      var lines = [TimeChart.Line(cssClass: "s-elev", points: model, interval: .infinity)]
      var legend = [
        (
          "s-elev",
          raw.isEmpty
            ? "the course's grades, integrated over distance (relative to the start)"
            : "the smoothed profile the grades follow (±50 m of distance on foot, ±25 m on a bike)"
        )
      ]
      if !raw.isEmpty {
        // Recorded points come as the device wrote them (smart recording leaves long steps):
        // a gap is only a step longer than the replay's longest step that is always movement,
        // 10 s (`RecordingCourse.maximumGap`). Drawn over the profile, thin.
        lines.append(
          TimeChart.Line(
            cssClass: "s-raw", points: raw, interval: RecordingCourse.maximumGap / Gaps.factor))
        legend.append(("s-raw", "recorded altitude"))
      }
      var chart = TimeChart(id: prefix + "-elevation", title: "Elevation, m", lines: lines)
      chart.label = { tickText($0) }
      out += figure(chart.title, legend: legend, chart: chart, axis: axis)
    }
    let energy = RecordSeries.cumulative(record, .activeEnergyBurned)
    if !energy.isEmpty {
      var chart = TimeChart(
        id: prefix + "-energy", title: "Active energy, kcal (cumulative)",
        lines: [TimeChart.Line(cssClass: "s-energy", points: energy)])
      chart.includesZero = true
      chart.label = { tickText($0) }
      out += figure(chart.title, legend: [], chart: chart, axis: axis)
    }
    out += legendOfMarks
    out += "<div class=\"columns\">\n"
    let route = result.track.filter {
      $0.latitude != nil && $0.longitude != nil && $0.instant >= record.startDate
        && $0.instant <= record.endDate
    }
    if !route.isEmpty {
      out += "<figure class=\"route\"><figcaption>Route (equirectangular)</figcaption>"
      out +=
        RouteMap.svg(
          route.compactMap { point in
            guard let latitude = point.latitude, let longitude = point.longitude else { return nil }
            return (latitude, longitude)
          }, id: prefix + "-route") + "</figure>\n"
    }
    out += totalsTable(input, record: record, index: index, heartRate: heartRate)
    out += "</div>\n"
    out += statisticsTable(record)
    out += "</section>\n"
    return out
  }

  /// A tick value with as many decimals as round values need (none for whole numbers).
  static func tickText(_ value: Double) -> String {
    for decimals in 0...3 {
      var scale = 1.0
      for _ in 0..<decimals { scale *= 10 }
      let scaled = value * scale
      if abs(scaled - scaled.rounded()) < 1e-6 {
        return TextFormat.fixed(value, decimals: decimals) ?? "-"
      }
    }
    return TextFormat.fixed(value, decimals: 3) ?? "-"
  }

  static func figure(
    _ caption: String, legend: [(String, String)], chart: TimeChart, axis: TimeChart.Axis,
    zones maximum: Double? = nil
  ) -> String {
    var out = "<figure><figcaption>" + HTML.escape(caption)
    for (cssClass, text) in legend {
      out += " <span class=\"key\"><span class=\"swatch " + cssClass + "\"></span>"
      out += HTML.escape(text) + "</span>"
    }
    if let maximum {
      out += " <span class=\"key\">zones of " + TextFormat.heartRate(beatsPerMinute: maximum)
      out += " maximum:"
      for zone in 1...5 {
        if let color = HeartRateZone.color(ofZone: zone) {
          out += " <span class=\"zone\" style=\"background:" + color + "\">" + String(zone)
          out += "</span>"
        }
      }
      out += "</span>"
    }
    out += "</figcaption>" + chart.svg(axis: axis) + "</figure>\n"
    return out
  }

  static let legendOfMarks =
    "<p class=\"marks\"><span class=\"key\"><span class=\"swatch paused\"></span>paused</span>"
    + " <span class=\"key\"><span class=\"swatch lap\"></span>lap</span>"
    + " <span class=\"key\"><span class=\"swatch marker\"></span>marker or segment</span>"
    + " <span class=\"key\"><span class=\"swatch error\"></span>error</span></p>\n"

  /// The time axis of a record: elapsed ticks from its start, wall-clock ticks in the scenario's
  /// zone (its offset at each instant), and the marks.
  static func timeAxis(_ result: RunResult, start: Double, end: Double, marks: [TimeChart.Mark])
    -> TimeChart.Axis
  {
    let origin = result.startDate.timeIntervalSince1970
    let zone = result.timeZones
    let elapsed = Ticks.elapsed(span: end - start, maximumCount: 10).map {
      (seconds: $0.seconds + start, label: $0.label)
    }
    let clock = Ticks.wallClock(
      start: origin + start, end: origin + end, maximumCount: 10,
      offset: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0.rounded(.down))) }
    ).map { (seconds: $0.instant - origin, label: $0.label) }
    return TimeChart.Axis(start: start, end: end, elapsed: elapsed, clock: clock, marks: marks)
  }

  /// Paused spans, laps, markers, segments and the errors of the record's session.
  static func marks(_ record: WorkoutRecord, _ result: RunResult, _ session: Int?)
    -> [TimeChart.Mark]
  {
    var marks: [TimeChart.Mark] = []
    for span in PauseRule.pausedSpans(
      of: record.events, start: record.startDate, end: record.endDate)
    {
      marks.append(
        TimeChart.Mark(
          from: span.from.seconds, to: max(span.to.seconds, span.from.seconds), cssClass: "paused",
          title: "paused " + result.date(of: span.from) + " to " + result.date(of: span.to)))
    }
    for event in record.events {
      let at = event.date.seconds
      switch event.type {
      case .lap:
        marks.append(
          TimeChart.Mark(
            from: at, to: at, cssClass: "lap", title: "lap " + result.date(of: event.date)))
      case .marker:
        marks.append(
          TimeChart.Mark(
            from: at, to: at, cssClass: "marker", title: "marker " + result.date(of: event.date)))
      case .segment:
        marks.append(
          TimeChart.Mark(
            from: at, to: at, cssClass: "marker",
            title: "segment " + result.date(of: event.date) + ", "
              + TextFormat.clock(seconds: event.duration.secondsValue)))
      case .pause, .resume, .motionPaused, .motionResumed, .pauseOrResumeRequest:
        break
      }
    }
    for error in result.errors
    where error.at >= record.startDate && error.at <= record.endDate
      && (error.session == nil || error.session == session) && error.device == record.device
    {
      let at = error.at.seconds
      marks.append(
        TimeChart.Mark(
          from: at, to: at, cssClass: "error",
          title: error.action + ": " + error.error.message + " (" + result.date(of: error.at) + ")")
      )
    }
    return marks
  }

  /// The session's states as coloured spans on the time axis, from the log's state changes.
  /// The state changes of `device`'s `session` in the log, in order: scenario seconds and the
  /// new state.
  static func stateChanges(_ result: RunResult, session: Int, device: WorkoutDevice = .watch)
    -> [(at: Double, state: WorkoutSessionState)]
  {
    result.log.compactMap { entry in
      guard entry.session == session, entry.device == device,
        case .stateChange(_, let to) = entry.kind
      else {
        return nil
      }
      return (entry.at.seconds, to)
    }
  }

  /// The two rows of tick labels under a time strip whose plot ends at `bottom` (px): elapsed
  /// time 13 px below it, the wall clock 26 px below.
  static func tickLabels(_ axis: TimeChart.Axis, x: LinearScale, bottom: Double) -> String {
    var out = ""
    for tick in axis.elapsed {
      out += "<text class=\"tick\" x=\"" + PathText.number(x(tick.seconds)) + "\" y=\""
      out += PathText.number(bottom + 13) + "\" text-anchor=\"middle\">" + tick.label + "</text>"
    }
    for tick in axis.clock {
      out += "<text class=\"tick clock\" x=\"" + PathText.number(x(tick.seconds)) + "\" y=\""
      out += PathText.number(bottom + 26) + "\" text-anchor=\"middle\">" + tick.label + "</text>"
    }
    return out
  }

  static func statesSVG(
    _ result: RunResult, session: Int?, device: WorkoutDevice, axis: TimeChart.Axis, id: String
  ) -> String {
    let height = 56.0
    let top = 6.0
    let bottom = 28.0
    let x = LinearScale(domain: (axis.start, axis.end), range: (TimeChart.left, TimeChart.right))
    let changes = session.map { stateChanges(result, session: $0, device: device) } ?? []
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"" + id
    out +=
      "\" viewBox=\"0 0 960 " + PathText.number(height)
      + "\" role=\"img\" aria-label=\"Session state\">"
    out += "<title>Session state</title>"
    for (index, change) in changes.enumerated() {
      let from = max(change.at, axis.start)
      let to = min(index + 1 < changes.count ? changes[index + 1].at : axis.end, axis.end)
      guard to > from || (to == from && change.at >= axis.start && change.at <= axis.end) else {
        continue
      }
      let left = x(from)
      let width = max(x(to) - left, 1)
      out += "<rect class=\"st-" + change.state.name + "\" x=\"" + PathText.number(left)
      out += "\" y=\"" + PathText.number(top) + "\" width=\"" + PathText.number(width)
      out += "\" height=\"" + PathText.number(bottom - top) + "\"><title>" + change.state.name
      out += " from " + HTML.escape(result.date(of: SimulationInstant.rounding(seconds: change.at)))
      out += "</title></rect>"
      if width > 60 {
        out += "<text class=\"state\" x=\"" + PathText.number(left + 4) + "\" y=\""
        out += PathText.number(bottom - 7) + "\">" + change.state.name + "</text>"
      }
    }
    out += tickLabels(axis, x: x, bottom: bottom)
    out += "</svg>"
    return out
  }

  // MARK: - The whole run

  /// The run from `t = 0` to its last log entry: one row of states per session (from the log's
  /// state changes), and a row of the log's other entries: saved records, app and extended
  /// runtime changes, errors.
  static func runSection(_ result: RunResult) -> String {
    var end = result.log.last?.at.seconds ?? 0
    for error in result.errors { end = max(end, error.at.seconds) }
    for record in result.records { end = max(end, record.endDate.seconds) }
    let axis = timeAxis(result, start: 0, end: max(end, 1), marks: [])
    // One row per session: the watch's first, then the phone's own workouts' (their own numbers).
    var sessions: [(device: WorkoutDevice, index: Int)] = []
    for entry in result.log {
      if case .stateChange = entry.kind, let session = entry.session,
        !sessions.contains(where: { $0 == (entry.device, session) })
      {
        sessions.append((entry.device, session))
      }
    }
    sessions.sort {
      ($0.device == .phone ? 1 : 0, $0.index) < ($1.device == .phone ? 1 : 0, $1.index)
    }
    let rowHeight = 22.0
    let top = 6.0
    let rows = Double(sessions.count + 1)
    let bottom = top + rows * rowHeight
    let height = bottom + 32
    let x = LinearScale(domain: (axis.start, axis.end), range: (TimeChart.left, TimeChart.right))
    var out = "<section class=\"run\"><h2>The run</h2>\n<figure><figcaption>Sessions and log over "
    out += "the whole run</figcaption>"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"run-timeline\" "
    out += "viewBox=\"0 0 960 " + PathText.number(height) + "\" role=\"img\" "
    out += "aria-label=\"Sessions and log\"><title>Sessions and log</title>"
    out += "<rect class=\"plot\" x=\"" + PathText.number(TimeChart.left) + "\" y=\""
    out += PathText.number(top) + "\" width=\"" + PathText.number(TimeChart.right - TimeChart.left)
    out += "\" height=\"" + PathText.number(bottom - top) + "\"/>"
    for (row, (device, session)) in sessions.enumerated() {
      let y = top + Double(row) * rowHeight
      let name = (device == .phone ? "phone session " : "session ") + String(session)
      out += "<text class=\"tick\" x=\"" + PathText.number(TimeChart.left - 6) + "\" y=\""
      out += PathText.number(y + 15) + "\" text-anchor=\"end\">" + name
      out += "</text>"
      let changes = stateChanges(result, session: session, device: device)
      for (index, change) in changes.enumerated() {
        let to = index + 1 < changes.count ? changes[index + 1].at : axis.end
        let left = x(change.at)
        let width = max(x(to) - left, 1)
        out += "<rect class=\"st-" + change.state.name + "\" x=\"" + PathText.number(left)
        out += "\" y=\"" + PathText.number(y + 3) + "\" width=\"" + PathText.number(width)
        out += "\" height=\"" + PathText.number(rowHeight - 6) + "\"><title>"
        out += name + " " + change.state.name + " from "
        out += HTML.escape(result.date(of: SimulationInstant.rounding(seconds: change.at)))
        out += "</title></rect>"
      }
    }
    let logRow = top + Double(sessions.count) * rowHeight
    out += "<text class=\"tick\" x=\"" + PathText.number(TimeChart.left - 6) + "\" y=\""
    out += PathText.number(logRow + 15) + "\" text-anchor=\"end\">log</text>"
    func tick(_ at: SimulationInstant, _ cssClass: String, _ title: String) -> String {
      let px = PathText.number(x(at.seconds))
      return "<path class=\"" + cssClass + "\" d=\"M" + px + "," + PathText.number(logRow + 3)
        + "V" + PathText.number(logRow + rowHeight - 3) + "\"><title>" + HTML.escape(title)
        + " " + HTML.escape(result.date(of: at)) + "</title></path>"
    }
    for entry in result.log {
      switch entry.kind {
      case .record: out += tick(entry.at, "lap", "record saved")
      case .appState: out += tick(entry.at, "lap", "app state")
      case .extendedRuntime: out += tick(entry.at, "marker", "extended runtime session")
      case .unfinished: out += tick(entry.at, "error", "session left open")
      case .authorizationSheet: out += tick(entry.at, "marker", "authorization sheet shown")
      case .backgroundDelivery: out += tick(entry.at, "marker", "background delivery")
      case .system(let event):
        out += tick(entry.at, "marker", event.framework.rawValue + " " + event.event)
      case .mirroring(let mirroring):
        let event = mirroring.systemEvent
        out += tick(entry.at, "marker", event.framework.rawValue + " " + event.event)
      case .link(let event): out += tick(entry.at, "marker", "phone link: " + event.summary)
      case .motion(let event):
        out += tick(entry.at, "marker", "workout reminder: " + event.event.rawValue)
      case .activity(.began, let type):
        out += tick(entry.at, "lap", "activity " + type.name)
      case .stateChange, .event, .error, .dataCollected, .wallClockDate, .activity: break
      }
    }
    for error in result.errors {
      out += tick(error.at, "error", error.action + ": " + error.error.message)
    }
    out += tickLabels(axis, x: x, bottom: bottom)
    out += "</svg></figure></section>\n"
    return out
  }

  // MARK: - Tables

  static func number(_ value: Double?, _ decimals: Int, _ unit: String = "") -> String {
    guard let value, let text = TextFormat.fixed(value, decimals: decimals) else { return "-" }
    return unit.isEmpty ? text : text + " " + unit
  }

  static func totalsTable(
    _ input: ReportInput, record: WorkoutRecord, index: Int, heartRate: [ChartPoint]
  ) -> String {
    var ascent: Double?
    if case .number(let value)? = record.metadata[WorkoutRecord.MetadataKey.elevationAscended] {
      ascent = value
    }
    var mets: Double?
    if case .number(let value)? = record.metadata[WorkoutRecord.MetadataKey.averageMETs] {
      mets = value
    }
    let heart = record.statistics[.heartRate]?.discreteValue
    let file: ReportTotals?? =
      input.recording.map { index < $0.totals.count ? $0.totals[index] : nil }
    var rows: [(String, String, String?)] = []
    func add(_ label: String, _ value: String, _ fileValue: String? = nil) {
      rows.append((label, value, fileValue))
    }
    let totals = file ?? nil
    func fileText(_ value: Double?, _ format: (Double) -> String) -> String? {
      guard file != nil else { return nil }
      return value.map(format) ?? "-"
    }
    add(
      "duration", TextFormat.clock(seconds: record.duration.secondsValue),
      fileText(totals?.duration) { TextFormat.clock(seconds: $0) })
    add(
      "elapsed (start to end)",
      TextFormat.clock(seconds: record.startDate.duration(to: record.endDate).secondsValue))
    add(
      "distance", record.totalDistance.map { TextFormat.distance(metres: $0) } ?? "-",
      fileText(totals?.distance) { TextFormat.distance(metres: $0) })
    // A device's calories are total energy: set beside the model's active + basal, never beside
    // its active energy alone (EnergyComparison).
    add(
      "active energy", record.totalEnergyBurned.map { TextFormat.energy(kilocalories: $0) } ?? "-",
      fileText(nil) { TextFormat.energy(kilocalories: $0) })
    add(
      "total energy (\(EnergyComparison.replayLabel))",
      EnergyComparison.totalEnergy(of: record).map { TextFormat.energy(kilocalories: $0) } ?? "-",
      fileText(totals?.energy) {
        TextFormat.energy(kilocalories: $0) + " " + EnergyComparison.fileLabel
      })
    add("ascent", number(ascent, 0, "m"), fileText(totals?.ascent) { number($0, 0, "m") })
    add(
      "heart rate average", heart.map { TextFormat.heartRate(beatsPerMinute: $0.average) } ?? "-",
      fileText(totals?.averageHeartRate) { TextFormat.heartRate(beatsPerMinute: $0) })
    add(
      "heart rate maximum", heart.map { TextFormat.heartRate(beatsPerMinute: $0.maximum) } ?? "-",
      fileText(totals?.maximumHeartRate) { TextFormat.heartRate(beatsPerMinute: $0) })
    if let distance = record.totalDistance, distance > 0 {
      let seconds = record.duration.secondsValue
      add("average speed", number(distance / seconds * 3.6, 2, "km/h"))
      if record.activityType != .cycling,
        let pace = TextFormat.pace(metres: distance, seconds: seconds)
      {
        add("average pace", pace + " /km")
      }
    }
    add("average METs", number(mets, 2, "kcal/(kg·h)"))
    let pauses = PauseRule.pausedSpans(
      of: record.events, start: record.startDate, end: record.endDate)
    add("pauses", String(pauses.count))
    add("laps", String(record.events.filter { $0.type == .lap }.count))
    add("markers", String(record.events.filter { $0.type == .marker }.count))
    // The record's `zones` (the one zone rule, pauses excluded), as the summary shows them.
    let zones =
      input.result.heartRateZoneDurations(of: record)
      ?? [Double](repeating: 0, count: input.result.heartRateZoneBoundaries.count + 1)
    for (zone, seconds) in zones.enumerated() {
      add("time in zone " + String(zone + 1), TextFormat.clock(seconds: seconds))
    }
    var out = "<table class=\"totals\"><caption>Totals</caption><thead><tr><th></th><th>"
    out += input.recording == nil ? "record" : "replay"
    if let recording = input.recording { out += "</th><th>" + HTML.escape(recording.name) }
    out += "</th></tr></thead><tbody>"
    for (label, value, fileValue) in rows {
      out += "<tr><th>" + HTML.escape(label) + "</th><td>" + HTML.escape(value) + "</td>"
      if input.recording != nil { out += "<td>" + HTML.escape(fileValue ?? "") + "</td>" }
      out += "</tr>"
    }
    out += "</tbody></table>\n"
    return out
  }

  static func statisticsTable(_ record: WorkoutRecord) -> String {
    var out = "<table class=\"statistics\"><caption>Statistics (HealthKit's per-type statistics)"
    out += "</caption><thead><tr><th>type</th><th>unit</th><th>samples</th><th>sum</th>"
    out += "<th>average</th><th>time-weighted</th><th>minimum</th><th>maximum</th>"
    out += "<th>most recent</th></tr></thead><tbody>"
    for type in QuantityType.allCases {
      guard let statistics = record.statistics[type] else { continue }
      out += "<tr><th>" + type.rawValue + "</th><td>" + HTML.escape(type.unit) + "</td><td>"
      out += String(statistics.count) + "</td>"
      switch statistics {
      case .cumulative(let value):
        out += "<td>" + number(value.sum, 2) + "</td><td></td><td></td><td></td><td></td><td></td>"
      case .discrete(let value):
        out += "<td></td><td>" + number(value.average, 2) + "</td><td>"
        out += number(value.timeWeightedAverage, 2) + "</td><td>" + number(value.minimum, 2)
        out += "</td><td>" + number(value.maximum, 2) + "</td><td>" + number(value.mostRecent, 2)
        out += "</td>"
      }
      out += "</tr>"
    }
    out += "</tbody></table>\n"
    return out
  }

  static func errorsSection(_ result: RunResult) -> String {
    guard !result.errors.isEmpty else { return "" }
    var out = "<section class=\"errors\"><h2>Errors</h2><table><thead><tr><th>time</th>"
    out += "<th>scenario time</th><th>session</th><th>call</th><th>error</th></tr></thead><tbody>"
    for error in result.errors {
      out += "<tr><td>" + HTML.escape(result.date(of: error.at)) + "</td><td>"
      out += TextFormat.clockTenths(nanoseconds: error.at.nanoseconds) + "</td><td>"
      out += (error.device == .phone ? "phone " : "") + (error.session.map { String($0) } ?? "-")
      out += "</td><td>" + HTML.escape(error.action) + "</td><td>"
      out += HTML.escape(error.error.description) + "</td></tr>"
    }
    out += "</tbody></table></section>\n"
    return out
  }
}
