import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario

/// The scenario `workout-sim replay FILE` runs (docs/command-line.md#replay; docs/recordings.md,
/// "The replay command"): the recording played with no scenario file.
///
/// - `activity`: the first session's sport mapped by ``activity(ofSession:in:)`` (or `--type`).
/// - `t = 0` and `start` are the recording's first time stamp (the scenario's default), in UTC.
/// - Timeline: `prepare` and `start` at 0; `pause` at each stop of the device's timer and
///   `resume` at the next start (FIT timer events, strictly inside the recording); a `lap` at the
///   start of each lap message after the first; for a multisport file (``parts``), `end` where
///   the timer stopped before each later part (else at ``Part/end`` of the part before, else at
///   its start), and at its start
///   `newSession` with that part's activity and `start`; `end` at the recording's last time
///   stamp.
/// - `course`: the recording, with `"heartRate": "recorded"` when the file has heart rate (else
///   `"model"`).
public struct ReplayPlan: Sendable {
  /// One sport of the file: consecutive sessions of the same sport form one part, and each part
  /// becomes one workout record (docs/recordings.md, "Multisport").
  public struct Part: Sendable, Equatable {
    /// The part's activity.
    public var activity: WorkoutActivityType
    /// When it starts, seconds after the recording's first time stamp.
    public var start: Double
    /// The file's own totals for it (sums over its sessions; the maximum of maximum heart rates;
    /// the mean heart rate weighted by timer time), or `nil` when the file has none (GPX).
    public var totals: RecordingSummary?
    /// Where its record ends, seconds after the recording's first time stamp: its own last time
    /// stamp when the next part starts more than ``RecordingCourse/maximumGap`` (10 s) after it
    /// (the gap is no workout time); `nil` when it runs on to the next part's start.
    public var end: Double? = nil
    /// Whether the part is a FIT `transition` session (a multisport replay's `transition`
    /// activity).
    public var isTransition = false
  }

  /// The sport parts in order (one for a single-sport file).
  public var parts: [Part]
  /// Whether the replay is one `swimBikeRun` workout with an activity per part (`multisport`
  /// and a file whose parts are all swimming, cycling, running or transitions), rather than
  /// one workout per part.
  public let isMultisport: Bool
  /// The scenario document (docs/scenario-format.md), ready to encode or decode: what
  /// `replay --write-scenario` writes. ``makeScenario()`` gives the same scenario typed.
  public var scenario: JSONValue
  /// The recording's duration, s (its last kept time stamp minus the first).
  public var duration: Double
  /// The scenario's `name`.
  let name: String
  /// The scenario's `seed`, or `nil` for the default.
  let seed: UInt64?
  /// The scenario's `activity`: the first part's.
  let activity: WorkoutActivityType
  /// The scenario's `course`: the recording and where heart rate comes from.
  let course: Scenario.Recording
  /// The timeline: each action's time, s after `t = 0`, and what it does, in order.
  let actions: [(at: Double, kind: Scenario.Action.Kind)]

  /// The scenario activity for a sport as a file names it: FIT `sport` names (`running`,
  /// `cycling`, `walking`, `hiking`, `swimming`, `mountaineering` → hiking, `e_biking` →
  /// cycling), TCX `Sport` (`Running`, `Biking`, `Other`), and GPX `trk/type` words
  /// (`run`, `ride`, `bike`, `biking`, `walk`, `hike`, `swim`), compared without regard to case;
  /// any other named sport is `other`; `nil` (no sport in the file) is `nil`.
  public static func activity(forSport sport: String?) -> WorkoutActivityType? {
    guard let sport else { return nil }
    switch sport.lowercased() {
    case "running", "run", "trail_running", "treadmill_running": return .running
    case "cycling", "biking", "bike", "ride", "e_biking", "mountain_biking", "road_biking":
      return .cycling
    case "walking", "walk": return .walking
    case "hiking", "hike", "mountaineering": return .hiking
    case "swimming", "swim", "lap_swimming", "open_water_swimming": return .swimming
    default: return .other
    }
  }

  /// The activity for a sport of `recording`: ``activity(forSport:)``, except that a TCX
  /// `Other` whose track moves (a point with a distance above 0 m or a position) is `walking`.
  /// TCX names only `Running`, `Biking` and `Other`, and Garmin writes walks and hikes as
  /// `Other` (so does workout-sim's own TCX export); `other` would replay with no distance.
  public static func activity(forSport sport: String?, in recording: Recording)
    -> WorkoutActivityType?
  {
    let mapped = activity(forSport: sport)
    guard recording.format == .tcx, sport?.lowercased() == "other", mapped == .other else {
      return mapped
    }
    let moves = recording.points.contains {
      ($0.distance ?? 0) > 0 || ($0.latitude != nil && $0.longitude != nil)
    }
    return moves ? .walking : mapped
  }

  /// The fastest mean speed of a part that can be on foot, m/s: 6.0, above the 5.83 m/s of the
  /// fastest marathon run (42 195 m in 2:00:35, Kelvin Kiptum, Chicago 2023, World Athletics
  /// record); a `generic` part faster than this is ridden (docs/recordings.md, "Multisport").
  public static let fastestOnFoot = 6.0

  /// The activity of session `index` of `recording` (docs/recordings.md, "Multisport"):
  /// ``activity(forSport:in:)`` of its sport, except for the FIT sports that name no activity,
  /// which would replay as `other` and collect no distance:
  /// - `generic`: the activity of the nearest session before it (else after it) whose sport maps
  ///   to one other than `other` and is neither `generic` nor `transition`; without one, by its
  ///   mean speed (``meanSpeed(of:in:)``): `walking` below
  ///   ``WorkoutPhysiology/MotionClassification/runningSpeed`` (2.0 m/s), `running` up to
  ///   ``fastestOnFoot`` (6.0 m/s), `cycling` above;
  /// - `transition` (between the legs of a triathlon, covered on foot): `walking` below 2.0 m/s,
  ///   else `running`.
  ///
  /// `index` past the sessions (a file without sessions) is the whole recording with the file's
  /// own sport (``Recording/sport``).
  public static func activity(ofSession index: Int, in recording: Recording)
    -> WorkoutActivityType?
  {
    let sessions = recording.sessions
    let sport = sessions.indices.contains(index) ? sessions[index].sport : recording.sport
    let name = sport?.lowercased()
    guard name == "generic" || name == "transition" else {
      return activity(forSport: sport, in: recording)
    }
    if name == "generic" {
      func named(_ other: Int) -> WorkoutActivityType? {
        let otherSport = sessions[other].sport?.lowercased()
        guard otherSport != "generic", otherSport != "transition",
          let mapped = activity(forSport: sessions[other].sport, in: recording), mapped != .other
        else { return nil }
        return mapped
      }
      if sessions.indices.contains(index) {
        for other in stride(from: index - 1, through: 0, by: -1) {
          if let found = named(other) { return found }
        }
        for other in (index + 1)..<sessions.count {
          if let found = named(other) { return found }
        }
      }
    }
    let speed = meanSpeed(of: index, in: recording)
    if speed < MotionClassification.runningSpeed { return .walking }
    if name == "transition" || speed <= fastestOnFoot { return .running }
    return .cycling
  }

  /// The mean speed of session `index` of `recording` (the whole recording when there is no
  /// such session), m/s: its `total_distance` over its timer time (else its elapsed time) when
  /// the file gives both and the time is above 0; else from the points in its span (its start to
  /// its start plus its elapsed time, else to the next session's start, else to the last point):
  /// the recorded distance between the first and the last point that carry one over their time,
  /// else the great-circle distance along their positions, else the mean of the recorded speeds;
  /// 0 when none of these is there.
  public static func meanSpeed(of index: Int, in recording: Recording) -> Double {
    let sessions = recording.sessions
    let session = sessions.indices.contains(index) ? sessions[index] : nil
    if let session, let distance = session.totalDistance,
      let time = session.totalTimerTime ?? session.totalElapsedTime, time > 0,
      (distance / time).isFinite
    {
      return max(0, distance / time)
    }
    var from = -Double.infinity
    var to = Double.infinity
    if let session {
      from = session.startTime ?? from
      if let elapsed = session.totalElapsedTime {
        to = from + elapsed
      } else if index + 1 < sessions.count, let next = sessions[index + 1].startTime {
        to = next
      }
    }
    let inSpan = recording.points.filter { $0.time.isFinite && $0.time >= from && $0.time <= to }
    let withDistance = inSpan.filter { $0.distance != nil }
    if let a = withDistance.first, let b = withDistance.last, b.time > a.time,
      let d0 = a.distance, let d1 = b.distance
    {
      return max(0, (d1 - d0) / (b.time - a.time))
    }
    let positioned = inSpan.filter { $0.latitude != nil && $0.longitude != nil }
    if let a = positioned.first, let b = positioned.last, b.time > a.time {
      var total = 0.0
      for (p, q) in zip(positioned, positioned.dropFirst()) {
        total += haversineMetres(
          p.latitude ?? 0, p.longitude ?? 0, q.latitude ?? 0, q.longitude ?? 0)
      }
      return total / (b.time - a.time)
    }
    let speeds = inSpan.compactMap(\.speed)
    return speeds.isEmpty ? 0 : speeds.reduce(0, +) / Double(speeds.count)
  }

  /// Plans the replay of `recording`.
  ///
  /// - Parameters:
  ///   - recording: the file as read.
  ///   - path: the recording's path as the scenario writes it (relative to the scenario's
  ///     folder, or to the working folder for a scenario that is not a file).
  ///   - name: the scenario's `name`.
  ///   - activity: `--type`, replacing every part's activity; `nil` uses the file's sports, and
  ///     `running` (the scenario default) for a file that names none.
  ///   - seed: `--seed`, written into the scenario; `nil` leaves the default.
  /// - Throws: ``CourseError`` when the recording gives no usable course.
  public init(
    recording: Recording, path: String, name: String, activity: WorkoutActivityType?,
    seed: UInt64?, multisport: Bool = false
  ) throws(CourseError) {
    let course = try RecordingCourse(
      recording: recording, activity: activity ?? .running, recordedHeartRate: false)
    let origin = course.firstTimestamp
    duration = course.duration
    parts = Self.parts(recording, origin: origin, override: activity, duration: duration)
    let legs = multisport ? Self.multisportLegs(parts) : nil
    isMultisport = legs != nil

    var timed: [(at: Double, order: Int, kind: Scenario.Action.Kind)] = []
    func add(_ at: Double, _ order: Int, _ kind: Scenario.Action.Kind) {
      timed.append((at, order, kind))
    }
    let end = duration
    add(0, 0, .app(.prepare))
    add(0, 1, .app(.start))
    // A timer stop across a change of sport (a transition) is no pause: the part ends and the
    // next begins (the course still stands still in it).
    for stop in course.timerStops where stop.lowerBound > 0 && stop.lowerBound < end {
      guard
        !parts.dropFirst().contains(where: {
          stop.contains($0.start) || stop.upperBound == $0.start
        })
      else { continue }
      add(stop.lowerBound, 5, .app(.pause))
      if stop.upperBound < end { add(stop.upperBound, 6, .app(.resume)) }
    }
    let partStarts = Set(parts.map(\.start))
    for lap in recording.laps.dropFirst() {
      guard let start = lap.startTime.map({ $0 - origin }), start > 0, start < end,
        !partStarts.contains(start)
      else { continue }
      add(start, 4, .app(.lap))
    }
    if let legs {
      // One swimBikeRun workout: each part begins an activity of the session.
      for (index, part) in parts.enumerated() where index == 0 || part.start < end {
        add(index == 0 ? 0 : part.start, 2, .app(.beginActivity(legs[index])))
      }
    }
    for part in parts.dropFirst() where legs == nil && part.start > 0 && part.start < end {
      // The part before ends where the timer stopped before the change, else at the change.
      let stopped = course.timerStops.first {
        $0.lowerBound < part.start && $0.upperBound >= part.start
      }
      let before = parts.last { $0.start < part.start }
      add(stopped?.lowerBound ?? before?.end ?? part.start, 1, .app(.end))
      add(part.start, 2, .app(.newSession(activity: part.activity)))
      add(part.start, 3, .app(.start))
    }
    add(end, 9, .app(.end))
    actions = timed.enumerated().sorted {
      ($0.element.at, $0.element.order, $0.offset) < ($1.element.at, $1.element.order, $1.offset)
    }.map { (at: $0.element.at, kind: $0.element.kind) }
    let timeline = actions.map { action -> JSONValue in
      var members: [(key: String, value: JSONValue)] = [
        ("at", .number(action.at)), ("do", .string(action.kind.name)),
      ]
      if case .app(.newSession(let activity?)) = action.kind {
        members.append(("activity", .string(activity.name)))
      }
      if case .app(.beginActivity(let activity, _)) = action.kind {
        members.append(("activity", .string(activity.name)))
      }
      return .object(members)
    }

    let hasHeartRate = recording.points.contains { ($0.heartRate ?? 0) > 0 }
    self.name = name
    self.seed = seed
    self.activity = legs == nil ? parts[0].activity : .swimBikeRun
    self.course = Scenario.Recording(path: path, heartRate: hasHeartRate ? .recorded : .model)
    var members: [(key: String, value: JSONValue)] = [
      ("version", .number(1)),
      ("name", .string(name)),
      (
        "x-about",
        .string(
          "Built by workout-sim replay: the recording from its first to its last time stamp (\(JSONWriter.number(duration)) s), pauses at the device's timer stops, a lap at each lap, \(legs == nil ? "one workout per sport" : "one swimBikeRun workout with an activity per sport and transition")."
        )
      ),
    ]
    if let seed { members.append(("seed", .number(Double(seed)))) }
    members += [
      ("activity", .string(self.activity.name)),
      (
        "course",
        .object([
          ("recording", .string(path)),
          ("heartRate", .string(hasHeartRate ? "recorded" : "model")),
        ])
      ),
      ("timeline", .array(timeline)),
    ]
    scenario = .object(members)
  }

  /// The scenario typed, built without JSON: equal to ``scenario`` decoded
  /// (`Scenario.decode(_:fileName:sourceURL:)`, no source URL), so it runs to the same bytes.
  /// Each action's time is its number of seconds rounded to the nearest nanosecond, as the
  /// decoder rounds a JSON number (``WorkoutCore/SimulationInstant/rounding(seconds:)``). It is
  /// built from the plan as made: a change to ``scenario`` or ``parts`` afterwards does not
  /// reach it.
  ///
  /// - Throws: ``ScenarioError`` when a value breaks the format's rules, as decoding the
  ///   document would: a `seed` outside ``WorkoutScenario/Scenario/seedRange``.
  public func makeScenario() throws(ScenarioError) -> Scenario {
    let timeline = actions.map {
      Scenario.Action(at: SimulationInstant.rounding(seconds: $0.at), $0.kind)
    }
    guard let seed else {
      return try Scenario(
        name: name, activity: activity, course: .recording(course), timeline: timeline)
    }
    return try Scenario(
      name: name, seed: seed, activity: activity, course: .recording(course), timeline: timeline)
  }

  /// The file's own totals beside each record the replay saves, in record order: each part's,
  /// or the parts' together for a multisport replay's one record.
  public var recordTotals: [RecordingSummary?] {
    guard isMultisport else { return parts.map(\.totals) }
    var merged: RecordingSummary?
    for totals in parts.compactMap(\.totals) { merged = Self.merge(merged, totals) }
    return [merged]
  }

  /// The activities of a multisport replay (`--multisport`), one per part: a FIT `transition`
  /// part is `transition`, the others keep their sport; `nil` unless every part is swimming,
  /// cycling, running or a transition and there are at least two (a triathlon, a duathlon,
  /// an aquathlon: what Apple's `swimBikeRun` workout holds, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivitytype/swimbikerun).
  static func multisportLegs(_ parts: [Part]) -> [WorkoutActivityType]? {
    guard parts.count >= 2 else { return nil }
    let legs = parts.map { $0.isTransition ? WorkoutActivityType.transition : $0.activity }
    guard legs.allSatisfy({ $0.canBeActivity(of: .swimBikeRun) }) else { return nil }
    return legs
  }

  /// The file's sport parts: its sessions (FIT `session` messages, TCX activities), each with
  /// the activity of ``activity(ofSession:in:)``, consecutive ones of the same activity merged
  /// unless the later one starts more than 10 s after the last time stamp before it (then each
  /// is a record of its own, and the part before ends at that time stamp) or either is a FIT
  /// `transition`; one part from `t = 0` when there are none.
  static func parts(
    _ recording: Recording, origin: Double, override: WorkoutActivityType?, duration: Double
  ) -> [Part] {
    let fallback =
      override ?? activity(ofSession: recording.sessions.count, in: recording) ?? .running
    var parts: [Part] = []
    let times = recording.points.map(\.time).filter(\.isFinite).sorted()
    /// The last time stamp before `start` (absolute), after the origin.
    func lastBefore(_ start: Double) -> Double? {
      times.last { $0 < start }.map { $0 - origin }
    }
    // A FIT `transition` is a part of its own: it merges with neither neighbour (unless
    // `--type` makes every part one activity).
    var lastWasTransition = false
    for (index, session) in recording.sessions.enumerated() {
      let sport = override ?? activity(ofSession: index, in: recording) ?? fallback
      let isTransition = override == nil && session.sport?.lowercased() == "transition"
      defer { lastWasTransition = isTransition }
      let start = max(0, (session.startTime ?? origin) - origin)
      // A gap of more than 10 s before this part: the part before ends at its last time stamp.
      var gapBefore = false
      if !parts.isEmpty, let previous = lastBefore(origin + start),
        start - previous > RecordingCourse.maximumGap, previous >= (parts.last?.start ?? 0)
      {
        gapBefore = true
        parts[parts.count - 1].end = previous
      }
      if var last = parts.last, last.activity == sport, !gapBefore, !isTransition,
        !lastWasTransition
      {
        last.totals = merge(last.totals, session)
        parts[parts.count - 1] = last
      } else if parts.isEmpty || start > (parts.last?.start ?? 0) {
        var part = Part(activity: sport, start: parts.isEmpty ? 0 : start, totals: session)
        part.isTransition = isTransition
        parts.append(part)
      } else {
        parts[parts.count - 1].totals = merge(parts[parts.count - 1].totals, session)
      }
    }
    if parts.isEmpty { parts = [Part(activity: fallback, start: 0, totals: nil)] }
    return parts
  }

  /// Sums of two summaries' totals (timer and elapsed time, distance, calories, ascent), the
  /// larger maximum heart rate, and the mean heart rate weighted by timer time.
  static func merge(_ a: RecordingSummary?, _ b: RecordingSummary) -> RecordingSummary {
    guard var merged = a else { return b }
    func sum(_ x: Double?, _ y: Double?) -> Double? {
      switch (x, y) {
      case (let p?, let q?): p + q
      case (let p?, nil): p
      case (nil, let q?): q
      case (nil, nil): nil
      }
    }
    if let first = merged.averageHeartRate, let second = b.averageHeartRate,
      let t1 = merged.totalTimerTime, let t2 = b.totalTimerTime, t1 + t2 > 0
    {
      merged.averageHeartRate = (first * t1 + second * t2) / (t1 + t2)
    } else {
      merged.averageHeartRate = merged.averageHeartRate ?? b.averageHeartRate
    }
    merged.totalTimerTime = sum(merged.totalTimerTime, b.totalTimerTime)
    merged.totalElapsedTime = sum(merged.totalElapsedTime, b.totalElapsedTime)
    merged.totalDistance = sum(merged.totalDistance, b.totalDistance)
    merged.totalCalories = sum(merged.totalCalories, b.totalCalories)
    merged.totalAscent = sum(merged.totalAscent, b.totalAscent)
    if let maximum = b.maximumHeartRate {
      merged.maximumHeartRate = max(merged.maximumHeartRate ?? maximum, maximum)
    }
    return merged
  }
}
