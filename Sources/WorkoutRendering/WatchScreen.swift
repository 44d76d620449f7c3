import WorkoutCore
import WorkoutSystem
import WorkoutWatch

/// The terminal watch face: a pure function from a ``WatchSnapshot`` to a ``Frame``.
///
/// Layout, top to bottom: a header (activity, virtual time, play/hold and speed), the session
/// and app state, a rule; the body (the crown selector, or the workout metrics: elapsed time,
/// heart rate with zone and sparkline, active energy, distance, pace or speed, cadence or power,
/// as on the Workout app's metrics screen, where Apple suggests Activity rings too: Apple doc
/// https://developer.apple.com/design/human-interface-guidelines/activity-rings); the rings with
/// the circular step complication beside them when they fit; the event log in the rows left; a
/// rule and the key footer. The help overlay replaces the body and shortens the footer to one
/// line; the quit prompt replaces the footer. Sections that do not fit are dropped (log first, then rings), and every line is cut
/// with `…` to the width.
public enum WatchScreen {
  /// The footer's keys, as `(key, meaning)` pairs, in display order (ASCII variant of the crown
  /// key in ``keys(asciiOnly:)``).
  public static func keys(asciiOnly: Bool) -> [(key: String, meaning: String)] {
    [
      ("Enter", "start"), ("Space", "pause/resume"), ("s", "stop"), ("e", "end"), ("l", "lap"),
      ("m", "marker"), (asciiOnly ? "Up/Down k/j" : "↑/↓ k/j", "crown"), ("c", "crash"),
      ("r", "relaunch"), ("w", "wrist"), ("h", "crown press"), ("+/-", "speed"), ("p", "hold/play"),
      (".", "+1 s"), ("n", "+1 min"),
      (">", "next action"), ("?", "help"), ("q", "quit"),
    ]
  }

  /// Help text lines: one key per line with what it does.
  static func helpLines(asciiOnly: Bool) -> [String] {
    let long: [String: String] = [
      "start": "start the selected workout",
      "pause/resume": "pause or resume the session",
      "stop": "stop the activity (end still to come)",
      "end": "end the workout and save it",
      "lap": "mark a lap",
      "marker": "add a marker event",
      "crown": "turn the Digital Crown (select workout)",
      "crash": "crash the app",
      "relaunch": "relaunch the app and recover the session",
      "wrist": "lower the wrist, or raise it when it is down",
      "crown press": "press the crown: the app goes to the background",
      "speed": "play faster / slower",
      "hold/play": "hold or play virtual time",
      "+1 s": "step one second",
      "+1 min": "step one minute",
      "next action": "jump to the next timeline action",
      "help": "show or hide this help",
      "quit": "quit (asks while a workout is open)",
    ]
    return keys(asciiOnly: asciiOnly).map { key, meaning in
      key + String(repeating: " ", count: max(12 - key.count, 1)) + (long[meaning] ?? meaning)
    }
  }

  /// Renders `snapshot` into exactly `height` lines of at most `width` columns.
  ///
  /// - Parameters:
  ///   - snapshot: what to show.
  ///   - width: terminal columns (values below 1 give empty lines).
  ///   - height: terminal rows (values below 1 give an empty frame).
  ///   - options: colour and character set.
  public static func render(
    _ snapshot: WatchSnapshot, width: Int, height: Int, options: RenderOptions = RenderOptions()
  ) -> Frame {
    let width = max(width, 0)
    let height = max(height, 0)
    var canvas = Canvas(width: width, height: height)
    let ascii = options.asciiOnly
    var row = 0

    // Header.
    let name = snapshot.activity.name
    let play =
      snapshot.isPlaying
      ? (ascii ? ">" : "▶") + " x"
        + Format.fixed(snapshot.speedMultiplier, decimals: 2)
        .replacingSuffixZeros()
      : (ascii ? "||" : "❚❚") + " held"
    let right = "t " + Format.clock(snapshot.scenarioTime) + "  " + play
    canvas.put(
      "workout-sim " + (ascii ? "- " : "· ") + name, row: row, column: 0, limit: width,
      style: .strong)
    if width >= right.count + 20 {
      canvas.put(
        right, row: row, column: width - right.count,
        style: TextStyle(bold: true, color: snapshot.isPlaying ? .accent : nil))
    }
    row += 1
    canvas.put(
      "State " + (snapshot.sessionState?.name ?? "noSession"), row: row, column: 0, limit: width)
    if let app = snapshot.appStatus {
      let text = "App " + appText(app)
      let column = min(max(width - text.count, 22), width)
      canvas.put(
        text, row: row, column: column, limit: width - column,
        style: TextStyle(bold: true, color: .alert))
    }
    row += 1
    canvas.put(rule(width, ascii), row: row, column: 0, style: .faint)
    row += 1

    // Footer (from the bottom).
    var footer: [(String, TextStyle)] = []
    if snapshot.overlay == .confirmQuit {
      footer = [
        (
          "Quit while the workout is open? y quit, any other key stays",
          TextStyle(bold: true, color: .alert)
        )
      ]
    } else if snapshot.overlay == .help {
      // The help lists every key already; its footer only says how to leave it.
      footer = [("? or Esc closes this help", .faint)]
    } else {
      footer = wrapKeys(width: width, asciiOnly: ascii).map { ($0, .faint) }
    }
    let footerTop = height - footer.count - 1
    if footerTop >= row {
      canvas.put(rule(width, ascii), row: footerTop, column: 0, style: .faint)
      for (index, line) in footer.enumerated() {
        canvas.put(line.0, row: footerTop + 1 + index, column: 0, limit: width, style: line.1)
      }
    }
    let bodyEnd = max(min(footerTop, height), row)

    // Body.
    if snapshot.overlay == .help {
      canvas.put("Keys", row: row, column: 0, style: .strong)
      row += 1
      for line in helpLines(asciiOnly: ascii) where row < bodyEnd {
        canvas.put(line, row: row, column: 0, limit: width)
        row += 1
      }
    } else {
      switch snapshot.phase {
      case .selecting(let selector, let ticks):
        row = drawSelector(&canvas, selector, ticks: ticks, row: row, end: bodyEnd, ascii: ascii)
      case .workout, .finished:
        row = drawMetrics(&canvas, snapshot, row: row, end: bodyEnd, ascii: ascii)
      }
      // Rings and complication.
      if bodyEnd - row >= ActivityRingsView.height + 1 {
        row += 1
        let ringsFrame = ActivityRingsView(rings: snapshot.rings, asciiOnly: ascii)
        let complication = StepComplication(
          steps: snapshot.complicationSteps, goal: snapshot.complicationGoal)
        let complicationColumn = width - StepComplication.circularWidth
        let showComplication = width >= 58
        let ringsWidth = showComplication ? complicationColumn - 2 : width
        canvas.draw(ringsFrame.render(width: ringsWidth), row: row, column: 0)
        if showComplication {
          canvas.draw(
            complication.render(
              family: .circular, width: StepComplication.circularWidth, asciiOnly: ascii),
            row: row, column: complicationColumn)
        }
        row += ActivityRingsView.height
      }
      // Log.
      if bodyEnd - row >= 3 {
        row += 1
        canvas.put("Log", row: row, column: 0, style: .strong)
        row += 1
        let room = bodyEnd - row
        for line in snapshot.log.compactMap(logLine).suffix(room) {
          canvas.put(line, row: row, column: 0, limit: width)
          row += 1
        }
      }
    }
    var frame = canvas.frame()
    if !options.color {
      frame.runs = frame.runs.compactMap { run in
        var run = run
        run.style.color = nil
        return run.style == .plain ? nil : run
      }
    }
    return frame
  }

  // MARK: - Sections

  private static func drawSelector(
    _ canvas: inout Canvas, _ selector: DigitalCrownSelector, ticks: [CrownTick], row start: Int,
    end: Int, ascii: Bool
  ) -> Int {
    var row = start
    let width = canvas.width
    let crownKeys = ascii ? "Up/Down or k/j" : "↑/↓ or k/j"
    canvas.put(
      "Choose a workout: turn the crown (" + crownKeys + "), Enter starts", row: row, column: 0,
      limit: width)
    row += 1
    for (index, item) in selector.items.enumerated() where row < end {
      let selected = index == selector.selectedIndex
      let pointer = selected ? (ascii ? "> " : "▶ ") : "  "
      canvas.put(
        "  " + pointer + item.name, row: row, column: 0, limit: width,
        style: selected ? TextStyle(bold: true, color: .accent) : .plain)
      row += 1
    }
    if row < end {
      var status = "crown " + Format.fixed(selector.value, decimals: 2)
      if selector.isSettling { status += " (settling)" }
      if !ticks.isEmpty {
        status += "  haptic " + String(repeating: ascii ? "*" : "•", count: min(ticks.count, 12))
      }
      canvas.put(status, row: row, column: 2, limit: width - 2, style: .faint)
      row += 1
    }
    return row
  }

  private static func drawMetrics(
    _ canvas: inout Canvas, _ snapshot: WatchSnapshot, row start: Int, end: Int, ascii: Bool
  ) -> Int {
    var row = start
    let width = canvas.width
    func line(_ text: String, style: TextStyle = .plain) {
      guard row < end else { return }
      canvas.put(text, row: row, column: 0, limit: width, style: style)
      row += 1
    }
    let finished = if case .finished = snapshot.phase { true } else { false }
    line(
      Format.clock(snapshot.elapsed) + (finished ? "  elapsed, workout over" : "  elapsed"),
      style: .strong)

    // Heart rate.
    if row < end {
      let bpm = snapshot.heartRate.map { Format.whole($0) } ?? "--"
      let zone = snapshot.heartRate.flatMap {
        HeartRateZone.zone(heartRate: $0, maximumHeartRate: snapshot.maximumHeartRate)
      }
      let head = (ascii ? "HR " : "♥ ") + bpm + " bpm  " + (zone.map { "zone \($0)" } ?? "zone -")
      canvas.put(
        head, row: row, column: 0, limit: width, style: TextStyle(bold: true, color: .heartRate))
      let sparkColumn = head.count + 2
      let spark = Sparkline(values: snapshot.recentHeartRates, asciiOnly: ascii)
        .render(width: min(width - sparkColumn, 30))
      canvas.put(spark, row: row, column: sparkColumn, style: TextStyle(color: .heartRate))
      row += 1
    }

    // Active energy is the Move ring's quantity: both show it as an amount (rounded down).
    let energy = snapshot.activeEnergyBurned.map { Format.amount($0) + " kcal" } ?? "--"
    let distance = snapshot.distance.map { Format.fixed($0 / 1000, decimals: 2) + " km" } ?? "--"
    line(pair("Active", energy, "Distance", distance))
    let speedLabel = snapshot.showsPace ? "Pace" : "Speed"
    let speedText =
      snapshot.speed.map {
        snapshot.showsPace
          ? Format.pace(metersPerSecond: $0) + "/km" : Format.fixed($0 * 3.6, decimals: 1) + " km/h"
      } ?? "--"
    let (rateLabel, rateText): (String, String) =
      if let power = snapshot.power {
        ("Power", Format.whole(power) + " W")
      } else {
        ("Cadence", snapshot.cadence.map { Format.whole($0) + " /min" } ?? "--")
      }
    line(pair(speedLabel, speedText, rateLabel, rateText))
    return row
  }

  /// The app status as the header shows it: `crashed (r relaunches)`, or the state and what keeps
  /// the app running (`background, kept alive by workoutSession`).
  static func appText(_ status: WatchSnapshot.AppStatus) -> String {
    switch status {
    case .crashed: "crashed (r relaunches)"
    case .running(let state, let reason): state.rawValue + ", kept alive by " + reason.rawValue
    }
  }

  /// One log line (`0:03  running -> paused`; the time is `m:ss`, `h:mm:ss` from an hour), or
  /// `nil` for data batches, which the screen leaves out. A keep-alive change in the background
  /// leaves the app's state as it was: its line names the new reason
  /// (`app background, kept alive by none`), never a change of a state to itself.
  public static func logLine(_ entry: LogEntry) -> String? {
    let text: String
    switch entry.kind {
    case .stateChange(let from, let to): text = "\(from.name) -> \(to.name)"
    case .event(let type): text = "event \(type.name)"
    case .activity(.began, let type): text = "activity \(type.name) began"
    case .activity(.ended, let type): text = "activity \(type.name) ended"
    case .error(let report): text = "error \(report.action): \(report.message)"
    case .dataCollected: return nil
    case .record(let id): text = "saved \(id)"
    case .unfinished: text = "unfinished (no record)"
    case .wallClockDate(let action): text = "\(action): wall-clock date read as now"
    case .authorizationSheet(let share, let read):
      text = "authorization sheet: \(share.count + read.count) types"
    case .appState(let change) where change.from == change.to:
      text = "app \(change.to.rawValue), kept alive by \(change.keepAlive.rawValue)"
    case .appState(let change): text = "app \(change.from.rawValue) -> \(change.to.rawValue)"
    case .extendedRuntime(let event): text = "runtime \(event.change.word)"
    case .backgroundDelivery(let delivery):
      text = "background delivery \(delivery.event.rawValue) \(delivery.type)"
    case .system(let event):
      text = "\(event.framework.rawValue) \(event.event) \(event.identifier)"
    case .mirroring(let mirroring):
      let event = mirroring.systemEvent
      text = "\(event.framework.rawValue) \(event.event) \(event.identifier)"
    case .link(let event): text = "link " + event.summary
    case .motion(let event):
      text =
        "\(event.event == .startReminder ? "start" : "end") workout? (\(event.activity.rawValue))"
    }
    return Format.shortClock(SimulationInstant.zero.duration(to: entry.at)) + "  " + text
  }

  private static func pair(_ a: String, _ aValue: String, _ b: String, _ bValue: String) -> String {
    let first = a + String(repeating: " ", count: max(9 - a.count, 1)) + aValue
    let second = b + String(repeating: " ", count: max(9 - b.count, 1)) + bValue
    return first + String(repeating: " ", count: max(24 - first.count, 2)) + second
  }

  private static func rule(_ width: Int, _ ascii: Bool) -> String {
    String(repeating: ascii ? "-" : "─", count: width)
  }

  /// The footer's key list wrapped greedily to `width` (items two spaces apart).
  static func wrapKeys(width: Int, asciiOnly: Bool) -> [String] {
    var lines: [String] = []
    var current = ""
    for (key, meaning) in keys(asciiOnly: asciiOnly) {
      let item = key + " " + meaning
      if current.isEmpty {
        current = item
      } else if current.count + 2 + item.count <= width {
        current += "  " + item
      } else {
        lines.append(current)
        current = item
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}

extension String {
  /// `"1.50"` -> `"1.5"`, `"2.00"` -> `"2"`: drops trailing fractional zeros and a bare point.
  fileprivate func replacingSuffixZeros() -> String {
    guard contains(".") else { return self }
    var text = self
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
