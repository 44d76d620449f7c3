import WorkoutCore
import WorkoutSimulation
import WorkoutText

/// A duration as `h:mm:ss`, whole seconds truncated (``TextFormat/clock(seconds:)``).
///
/// - Parameter seconds: The duration in seconds.
public func formatDuration(_ seconds: Double) -> String { TextFormat.clock(seconds: seconds) }

/// A distance, `850 m` or `1.93 km` (``TextFormat/distance(metres:)``).
///
/// - Parameter metres: The distance in metres.
public func formatDistance(_ metres: Double) -> String { TextFormat.distance(metres: metres) }

/// Energy in whole kilocalories, `98 kcal` (``TextFormat/energy(kilocalories:)``).
///
/// - Parameter kilocalories: The energy in kcal.
public func formatEnergy(_ kilocalories: Double) -> String {
  TextFormat.energy(kilocalories: kilocalories)
}

/// A heart rate in whole beats per minute, `148 bpm` (``TextFormat/heartRate(beatsPerMinute:)``).
///
/// - Parameter beatsPerMinute: The rate in count/min.
public func formatHeartRate(_ beatsPerMinute: Double) -> String {
  TextFormat.heartRate(beatsPerMinute: beatsPerMinute)
}

/// A pace as `m:ss /km` (``TextFormat/pace(metres:seconds:)``); `- /km` when the distance is
/// zero.
///
/// - Parameters:
///   - metres: Distance in metres.
///   - seconds: Moving time in seconds.
public func formatPace(metres: Double, seconds: Double) -> String {
  (TextFormat.pace(metres: metres, seconds: seconds) ?? "-") + " /km"
}

/// `value` rounded half away from zero to `decimals` places (``TextFormat/fixed(_:decimals:)``);
/// a value too large for that, or not finite, is written in the shortest round-tripping form.
///
/// - Parameters:
///   - value: A number.
///   - decimals: Places after the point, 0 to 9.
public func formatFixed(_ value: Double, decimals: Int) -> String {
  TextFormat.fixed(value, decimals: decimals) ?? value.description
}

/// The human summary of a run result printed by `run` without `--json`, from the typed result
/// (no JSON in between).
public enum RunSummary {
  /// The summary text, without a trailing newline: a title line, then per record a line and
  /// its events (or, when nothing started, ``nothingStartedHint``), the app's state at the end,
  /// and one line per error. Times are `h:mm:ss.s`
  /// of scenario time (``TextFormat/clockTenths(nanoseconds:)``).
  ///
  /// ```
  /// Hill repeats (seed 42): 1 workout, 1 error
  ///   running, outdoor: 0:12:27, 1.93 km, 98 kcal, average heart rate 148 bpm
  ///   error at 0:10:00.0: pause: Unable to perform 'pause' from current state 'paused'
  /// ```
  ///
  /// - Parameter result: The run result.
  public static func text(for result: RunResult) -> String {
    var lines = [title(for: result)]
    for record in result.records {
      lines.append("  " + kind(of: record) + ": " + totals(of: record).joined(separator: ", "))
      if let events = eventsLine(for: record) { lines.append(events) }
      lines += activityLines(for: record)
      if let metrics = metricsLine(for: record) { lines.append(metrics) }
      if let strength = strengthLine(for: record, in: result) { lines.append(strength) }
      if let zones = zonesLine(for: record, in: result) { lines.append(zones) }
    }
    if nothingStarted(result) { lines.append(nothingStartedHint) }
    if let app = appLine(for: result) { lines.append(app) }
    lines += reminderLines(for: result)
    lines += errorLines(for: result)
    lines += linkLines(for: result)
    lines += dayTable(for: result)
    return lines.joined(separator: "\n")
  }

  /// The table of the `health` key's local days (docs/command-line.md#run), empty without one:
  /// a heading, then per day its date, merged steps and each device's, active energy (kcal),
  /// resting heart rate (bpm, `-` when the day has none), sleep (`h:mm`), workouts, the day's
  /// mean heart rate variability (SDNN, whole ms) and the sleeping breathing rate of the night
  /// before it (count/min, one decimal), each `-` when the day has none.
  ///
  /// ```
  ///   health: 2 days in UTC
  ///   date         steps  watch iPhone  active kcal  resting bpm  sleep  workouts  HRV ms  breaths/min
  ///   2026-03-01      60     60     25            0           58   0:00         0      48            -
  ///   2026-03-02      85     60     75           50           62   7:50         0      52         15.1
  /// ```
  ///
  /// - Parameter result: the run result.
  /// - Returns: the lines, or `[]` when ``WorkoutSimulation/RunResult/days`` is `nil`.
  public static func dayTable(for result: RunResult) -> [String] {
    guard let days = result.days else { return [] }
    func column(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    func whole(_ value: Double) -> String { formatFixed(value, decimals: 0) }
    var lines = [
      "  health: " + counted(days.count, "day") + " in " + sanitized(result.timeZoneName),
      "  date      " + column("steps", 8) + column("watch", 7) + column("iPhone", 7)
        + column("active kcal", 13) + column("resting bpm", 13) + column("sleep", 7)
        + column("workouts", 10) + column("HRV ms", 8) + column("breaths/min", 13),
    ]
    for day in days {
      let minutes = Int((day.sleep / 60).rounded())
      let sleep = "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
      let resting = day.restingHeartRate.map(whole) ?? "-"
      let variability = day.heartRateVariabilitySDNN.map(whole) ?? "-"
      let breathing = day.respiratoryRate.map { formatFixed($0, decimals: 1) } ?? "-"
      lines.append(
        "  " + day.date + column(whole(day.steps.merged), 8) + column(whole(day.steps.watch), 7)
          + column(whole(day.steps.iPhone), 7) + column(whole(day.activeEnergy), 13)
          + column(resting, 13) + column(sleep, 7) + column("\(day.workouts)", 10)
          + column(variability, 8) + column(breathing, 13))
    }
    return lines
  }

  /// The line a summary (and a failed `check`) adds when nothing started
  /// (``nothingStarted(_:)``): a run of `{"version": 1}` prints `0 workouts`, and this says why
  /// and what starts one.
  public static let nothingStartedHint =
    #"  nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0"#

  /// Whether the run saved no workout and no session of the app ever ran: no record, and no
  /// `stateChange` to `running` in the log (a session that ran and was left open or never
  /// finished does not count: the warnings and errors say what became of it).
  public static func nothingStarted(_ result: RunResult) -> Bool {
    result.records.isEmpty
      && !result.log.contains {
        if case .stateChange(_, .running) = $0.kind { return true }
        return false
      }
  }

  /// `Hill repeats (seed 42): 1 workout, 1 error`: the scenario's name (control characters
  /// shown as U+FFFD, so a name cannot drive the terminal), the seed, the counts.
  public static func title(for result: RunResult) -> String {
    var title = sanitized(result.scenarioName) + " (seed \(result.seed))"
    title += ": " + counted(result.records.count, "workout")
    if !result.errors.isEmpty { title += ", " + counted(result.errors.count, "error") }
    return title
  }

  /// `running, outdoor`: the record's activity and location type names, and `, on the
  /// iPhone` for a workout the phone recorded itself (docs/phone.md#the-iphones-own-workouts).
  public static func kind(of record: WorkoutRecord) -> String {
    record.activityType.name + ", " + record.locationType.name
      + (record.device == .phone ? ", on the iPhone" : "")
  }

  /// The record's duration, distance (when it has one), energy and heart rates (average and
  /// maximum, when it has heart-rate samples).
  static func totals(of record: WorkoutRecord) -> [String] {
    var parts = [formatDuration(record.duration.secondsValue)]
    if let distance = record.totalDistance { parts.append(formatDistance(distance)) }
    parts.append(formatEnergy(record.totalEnergyBurned ?? 0))
    if let heartRate = heartRate(of: record) {
      parts.append("average heart rate " + formatHeartRate(heartRate.average))
      parts.append("maximum " + formatHeartRate(heartRate.maximum))
    }
    return parts
  }

  /// The record's heart-rate average and maximum, or `nil` without heart-rate samples.
  static func heartRate(of record: WorkoutRecord) -> (average: Double, maximum: Double)? {
    guard case .discrete(let statistics)? = record.statistics[.heartRate] else { return nil }
    return (statistics.average, statistics.maximum)
  }

  /// One line per activity the app began (a multisport workout's legs;
  /// docs/command-line.md#run), as the JSON's `activities` has them, in order: its number from
  /// 1, type, duration (`h:mm:ss`, pauses left out), distance (the sum of its type's distance
  /// type, as a workout's `totalDistance`; none for a type without one or without samples of
  /// it) and active energy; `[]` for a workout without activities.
  ///
  /// ```
  ///     activity 1: swimming, 0:10:00, 600 m, 62 kcal
  ///     activity 2: transition, 0:02:00, 180 m, 11 kcal
  /// ```
  public static func activityLines(for record: WorkoutRecord) -> [String] {
    record.activities.enumerated().map { position, activity in
      var parts = [activity.activityType.name, formatDuration(activity.duration.secondsValue)]
      if let type = activity.activityType.distanceType, let metres = activity.statistics[type]?.sum
      {
        parts.append(formatDistance(metres))
      }
      parts.append(formatEnergy(activity.statistics[.activeEnergyBurned]?.sum ?? 0))
      return "    activity \(position + 1): " + parts.joined(separator: ", ")
    }
  }

  /// `    events: 7 laps, 1 pause, 1 resume`: event types with their counts, in order of first
  /// appearance; `nil` without events.
  public static func eventsLine(for record: WorkoutRecord) -> String? {
    var order: [WorkoutEventType] = []
    var counts: [WorkoutEventType: Int] = [:]
    for event in record.events {
      if counts[event.type] == nil { order.append(event.type) }
      counts[event.type, default: 0] += 1
    }
    guard !order.isEmpty else { return nil }
    return "    events: "
      + order.map { counted(counts[$0] ?? 0, $0.name) }.joined(separator: ", ")
  }

  /// The activity's own metrics (docs/command-line.md#run), `nil` without them: a swim's lengths
  /// (its `lap` events) and strokes (the `swimmingStrokeCount` sum),
  /// `    swim: 40 lengths, 768 strokes`; a run's averages,
  /// `    running: power 204 W, stride 1.11 m, ground contact 271 ms, vertical oscillation 8.0 cm`;
  /// a ride's average speed, `    cycling speed: average 29.9 km/h`, followed by
  /// `; no power meter connected (watch.cyclingSensors)` for each missing sensor (a ride without
  /// speed: `    cycling: no power meter, cadence sensor or speed sensor connected
  /// (watch.cyclingSensors)`); a row's average pace,
  /// `    rowing: average pace 2:05 /500 m`; a cross-country ski's average speed; the flights
  /// of a stair climb or a hike, `    flights climbed: 62.5`.
  public static func metricsLine(for record: WorkoutRecord) -> String? {
    func average(_ type: QuantityType) -> Double? {
      record.statistics[type]?.discreteValue?.average
    }
    switch record.activityType {
    case .swimming:
      let lengths = record.events.count(where: { $0.type == .lap })
      guard let strokes = record.statistics[.swimmingStrokeCount]?.sum else {
        return lengths > 0 ? "    swim: " + counted(lengths, "length") : nil
      }
      return "    swim: " + counted(lengths, "length") + ", "
        + formatFixed(strokes, decimals: 0) + " strokes"
    case .running:
      var parts: [String] = []
      if let power = average(.runningPower) {
        parts.append("power " + formatFixed(power, decimals: 0) + " W")
      }
      if let stride = average(.runningStrideLength) {
        parts.append("stride " + formatFixed(stride, decimals: 2) + " m")
      }
      if let contact = average(.runningGroundContactTime) {
        parts.append("ground contact " + formatFixed(contact, decimals: 0) + " ms")
      }
      if let oscillation = average(.runningVerticalOscillation) {
        parts.append("vertical oscillation " + formatFixed(oscillation, decimals: 1) + " cm")
      }
      return parts.isEmpty ? nil : "    running: " + parts.joined(separator: ", ")
    case .cycling:
      // A ride records power, cadence and speed only from connected sensors (none by default,
      // Apple's behaviour: docs/healthkit-behaviour.md#cycling-sensors); the summary says which
      // were missing so a ride without them is no surprise.
      var missing: [String] = []
      if average(.cyclingPower) == nil { missing.append("power meter") }
      if average(.cyclingCadence) == nil { missing.append("cadence sensor") }
      if average(.cyclingSpeed) == nil { missing.append("speed sensor") }
      var note: String?
      if let last = missing.last {
        let named =
          missing.count == 1 ? last : missing.dropLast().joined(separator: ", ") + " or " + last
        note = "no " + named + " connected (watch.cyclingSensors)"
      }
      guard let speed = average(.cyclingSpeed) else { return note.map { "    cycling: " + $0 } }
      let line = "    cycling speed: average " + formatFixed(speed * 3.6, decimals: 1) + " km/h"
      return note.map { line + "; " + $0 } ?? line
    case .rowing:
      // Rowers read pace per 500 m: 500 / speed.
      guard let speed = average(.rowingSpeed), speed > 0 else { return nil }
      let pace = TextFormat.pace(secondsPerKilometre: 500 / speed) ?? "-"
      return "    rowing: average pace " + pace + " /500 m"
    case .crossCountrySkiing:
      guard let speed = average(.crossCountrySkiingSpeed) else { return nil }
      return "    skiing speed: average " + formatFixed(speed * 3.6, decimals: 1) + " km/h"
    case .stairs, .stairClimbing, .hiking:
      guard let flights = record.statistics[.flightsClimbed]?.sum else { return nil }
      return "    flights climbed: " + formatFixed(flights, decimals: 1)
    default:
      return nil
    }
  }

  /// `    strength: 3 sets, 21 reps (10, 8, 3)`: the scenario's strength sets done during a
  /// strength workout, their reps in all and per set (``WorkoutSimulation/RunResult/strengthReps(of:)``:
  /// the reps lying wholly in the record); `nil` without such reps.
  public static func strengthLine(for record: WorkoutRecord, in result: RunResult) -> String? {
    guard let reps = result.strengthReps(of: record) else { return nil }
    return "    strength: " + counted(reps.count, "set") + ", "
      + counted(reps.reduce(0, +), "rep") + " ("
      + reps.map { "\($0)" }.joined(separator: ", ") + ")"
  }

  /// `    heart-rate zones: 1 0:05:00, 2 0:05:00, 3 0:04:00, 4 0:05:00, 5 0:05:00`: the time in
  /// each heart-rate zone, zone 1 the lowest, pauses excluded
  /// (``WorkoutSimulation/RunResult/heartRateZoneDurations(of:)``, the record's `zones`);
  /// `nil` without heart-rate samples.
  public static func zonesLine(for record: WorkoutRecord, in result: RunResult) -> String? {
    guard let durations = result.heartRateZoneDurations(of: record) else { return nil }
    return "    heart-rate zones: "
      + durations.enumerated().map { "\($0.offset + 1) " + formatDuration($0.element) }
      .joined(separator: ", ")
  }

  /// `  app at the end: background, kept alive by workoutSession`: the last app-state change
  /// of the log, or `nil` when there is none.
  public static func appLine(for result: RunResult) -> String? {
    for entry in result.log.reversed() {
      guard case .appState(let change) = entry.kind else { continue }
      var line = "  app at the end: " + change.to.rawValue
      line +=
        change.keepAlive == .none
        ? ", nothing keeps it alive" : ", kept alive by " + change.keepAlive.rawValue
      return line
    }
    return nil
  }

  /// The watch's workout reminders (docs/command-line.md#run), one line each:
  ///
  /// ```
  ///   workout reminder at 0:18:00.0: start running? (started 0:10:00.0)
  ///   workout reminder at 0:31:00.0: end running? (0:10:00.0 to 0:30:00.0, 0:20:00)
  /// ```
  public static func reminderLines(for result: RunResult) -> [String] {
    result.log.compactMap { entry in
      guard case .motion(let event) = entry.kind else { return nil }
      let prefix =
        "  workout reminder at " + TextFormat.clockTenths(nanoseconds: entry.at.nanoseconds)
        + ": "
      let start = TextFormat.clockTenths(nanoseconds: event.start.nanoseconds)
      switch event.event {
      case .startReminder:
        return prefix + "start " + event.activity.rawValue + "? (started " + start + ")"
      case .endReminder:
        let end = event.end ?? event.start
        return prefix + "end " + event.activity.rawValue + "? (" + start + " to "
          + TextFormat.clockTenths(nanoseconds: end.nanoseconds) + ", "
          + formatDuration(event.start.duration(to: end).secondsValue) + ")"
      }
    }
  }

  /// `  error at 0:10:00.0: pause: Unable to ...`, one per failed call; `pause on the iPhone`
  /// for a call of the phone app's own workout.
  public static func errorLines(for result: RunResult) -> [String] {
    result.errors.map { error in
      "  error at " + TextFormat.clockTenths(nanoseconds: error.at.nanoseconds) + ": "
        + sanitized(error.action) + (error.device == .phone ? " on the iPhone" : "") + ": "
        + sanitized(error.message)
    }
  }

  /// Warnings for standard error: the result's ``RunResult/warnings`` (about a replayed
  /// recording, docs/recordings.md), then one per `unfinished` log entry (a session still open
  /// when the run stopped saves no record; the run still exits 0,
  /// docs/command-line.md#exit-codes).
  ///
  /// - Parameter result: The run result.
  /// - Returns: Messages without the `Warning: ` prefix.
  public static func warnings(for result: RunResult) -> [String] {
    result.warnings
      + result.log.compactMap { entry in
        guard case .unfinished = entry.kind else { return nil }
        return "a session was still open when the run stopped at "
          + TextFormat.clockTenths(nanoseconds: entry.at.nanoseconds) + "; it saved no workout"
      }
  }

  /// `text` with control characters (escape sequences among them) shown as U+FFFD.
  static func sanitized(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
  }

  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)" + (count == 1 ? "" : "s")
  }
}
