import WorkoutJSON

/// A duration as `h:mm:ss`, whole seconds truncated like a stopwatch (`747.9` → `0:12:27`,
/// `3725` → `1:02:05`); negative or non-finite values print as `0:00:00`.
///
/// - Parameter seconds: The duration in seconds.
public func formatDuration(_ seconds: Double) -> String {
  guard seconds.isFinite, seconds > 0 else { return "0:00:00" }
  let whole = Int(seconds.rounded(.down))
  let hours = whole / 3600
  let minutes = whole % 3600 / 60
  let rest = whole % 60
  return "\(hours):" + twoDigits(minutes) + ":" + twoDigits(rest)
}

/// A distance: below 1000 m as whole metres (`850 m`), from 1000 m as kilometres with two
/// decimals (`1931` → `1.93 km`), always with `.` as the separator.
///
/// - Parameter metres: The distance in metres.
public func formatDistance(_ metres: Double) -> String {
  guard metres.isFinite else { return "- m" }
  if metres.magnitude < 1000 {
    return formatFixed(metres, decimals: 0) + " m"
  }
  return formatFixed(metres / 1000, decimals: 2) + " km"
}

/// Energy in whole kilocalories (`98.4` → `98 kcal`).
///
/// - Parameter kilocalories: The energy in kcal.
public func formatEnergy(_ kilocalories: Double) -> String {
  formatFixed(kilocalories, decimals: 0) + " kcal"
}

/// A heart rate in whole beats per minute (`148.2` → `148 bpm`).
///
/// - Parameter beatsPerMinute: The rate in count/min.
public func formatHeartRate(_ beatsPerMinute: Double) -> String {
  formatFixed(beatsPerMinute, decimals: 0) + " bpm"
}

/// A pace as `m:ss /km` from a distance and a duration, rounded to the second (`1931` m in
/// `747` s → 386.85 s/km → `6:27 /km`); `- /km` when the distance is zero.
///
/// - Parameters:
///   - metres: Distance in metres.
///   - seconds: Moving time in seconds.
public func formatPace(metres: Double, seconds: Double) -> String {
  guard metres > 0, seconds.isFinite, seconds >= 0, metres.isFinite else { return "- /km" }
  let perKilometre = Int((seconds / metres * 1000).rounded())
  return "\(perKilometre / 60):" + twoDigits(perKilometre % 60) + " /km"
}

/// `value` rounded half away from zero to `decimals` places, written with `.` and no grouping,
/// whatever the locale (`formatFixed(3.14159, decimals: 3)` is `3.142`). The rounding applies to
/// `|value| × 10^decimals` as a `Double`; `-0.004` to 2 places is `0.00` (no minus sign).
///
/// - Parameters:
///   - value: A finite number.
///   - decimals: Places after the point, 0 to 9.
public func formatFixed(_ value: Double, decimals: Int) -> String {
  guard value.isFinite else { return value.description }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
  guard scaled < 9e15 else { return JSONWriter.number(value) }
  let units = UInt64(scaled)
  let negative = value < 0 && units > 0
  let divisor = UInt64(scale)
  var text = (negative ? "-" : "") + String(units / divisor)
  if decimals > 0 {
    let fraction = String(units % divisor)
    text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
  return text
}

private func twoDigits(_ value: Int) -> String {
  value < 10 ? "0\(value)" : "\(value)"
}

/// The human summary of a run result printed by `run` without `--json`.
public enum RunSummary {
  /// The summary text, without a trailing newline: a title line, then one line per record and
  /// one line per error.
  ///
  /// ```
  /// Hill repeats (seed 42): 1 workout, 1 error
  ///   running, outdoor: 0:12:27, 1.93 km, 98 kcal, average heart rate 148 bpm
  ///   error at 600 s: pause: Unable to perform 'pause' from current state 'paused'
  /// ```
  ///
  /// - Parameter result: The run result (docs/run-result.md).
  public static func text(for result: JSONValue) -> String {
    let records = array(result["records"])
    let errors = array(result["errors"])
    var title = string(result["scenario"]) ?? "Scenario"
    if case .number(let seed)? = result["seed"] { title += " (seed \(JSONWriter.number(seed)))" }
    title += ": " + counted(records.count, "workout")
    if !errors.isEmpty { title += ", " + counted(errors.count, "error") }
    var lines = [title]
    for record in records {
      var parts: [String] = []
      if case .number(let duration)? = record["duration"] { parts.append(formatDuration(duration)) }
      if case .number(let distance)? = record["totalDistance"] {
        parts.append(formatDistance(distance))
      }
      if case .number(let energy)? = record["totalEnergyBurned"] {
        parts.append(formatEnergy(energy))
      }
      if case .number(let heartRate)? = record["statistics"]?["heartRate"]?["average"] {
        parts.append("average heart rate " + formatHeartRate(heartRate))
      }
      if case .number(let heartRate)? = record["statistics"]?["heartRate"]?["maximum"] {
        parts.append("maximum " + formatHeartRate(heartRate))
      }
      let kind = [string(record["activityType"]), string(record["locationType"])]
        .compactMap { $0 }.joined(separator: ", ")
      lines.append("  " + (kind.isEmpty ? "workout" : kind) + ": " + parts.joined(separator: ", "))
      let events = eventCounts(array(record["events"]))
      if !events.isEmpty { lines.append("    events: " + events) }
    }
    if let appState = array(result["log"]).last(where: { string($0["kind"]) == "appState" }),
      let state = string(appState["to"])
    {
      var line = "  app at the end: " + state
      if let reason = string(appState["keepAlive"]) {
        line += reason == "none" ? ", nothing keeps it alive" : ", kept alive by " + reason
      }
      lines.append(line)
    }
    for error in errors {
      var line = "  error"
      if case .number(let at)? = error["at"] { line += " at \(JSONWriter.number(at)) s" }
      line +=
        ": " + (string(error["action"]) ?? "?") + ": "
        + (string(error["message"]) ?? string(error["code"]) ?? "")
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// Warnings for standard error: the result's `warnings` (about a replayed recording,
  /// docs/recordings.md), then one per `unfinished` log entry (a session still open when the
  /// run stopped saves no record; the run still exits 0, docs/command-line.md#exit-codes).
  ///
  /// - Parameter result: The run result.
  /// - Returns: Messages without the `Warning: ` prefix.
  public static func warnings(for result: JSONValue) -> [String] {
    let inputs = array(result["warnings"]).compactMap { string($0) }
    return inputs
      + array(result["log"]).compactMap { entry in
        guard string(entry["kind"]) == "unfinished" else { return nil }
        var text = "a session was still open when the run stopped"
        if case .number(let at)? = entry["at"] { text += " at \(JSONWriter.number(at)) s" }
        return text + "; it saved no workout"
      }
  }

  /// `"7 laps, 1 pause, 1 resume"`: event types with their counts, in order of first appearance.
  private static func eventCounts(_ events: [JSONValue]) -> String {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for event in events {
      guard let type = string(event["type"]) else { continue }
      if counts[type] == nil { order.append(type) }
      counts[type, default: 0] += 1
    }
    return order.map { counted(counts[$0] ?? 0, $0) }.joined(separator: ", ")
  }

  private static func array(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let elements)? = value { return elements }
    return []
  }

  /// A string of the result with control characters (escape sequences among them) shown as
  /// U+FFFD, so a scenario's `name` cannot drive the terminal.
  private static func string(_ value: JSONValue?) -> String? {
    guard case .string(let text)? = value else { return nil }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
  }

  private static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)" + (count == 1 ? "" : "s")
  }
}
