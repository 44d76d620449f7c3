/// A metadata value as stored in a workout's metadata
/// (docs/healthkit-behaviour.md#the-finished-workout).
public enum MetadataValue: Sendable, Hashable {
  /// A Boolean (`HKIndoorWorkout`).
  case bool(Bool)
  /// A number in the key's fixed unit (`HKElevationAscended` in m, `HKAverageMETs` in
  /// kcal/(kg·hr)).
  case number(Double)
  /// A string (`HKTimeZone`: an IANA name).
  case string(String)
  /// A date (an app's `Date` value through the Swift API's `addMetadata`), as an instant on the
  /// run's time line (negative before its start); the record gives it in its date format.
  case date(SimulationInstant)
  /// A quantity (an app's `HKQuantity` value through `addMetadata`): `value` in `unit`, an
  /// HealthKit unit string (`"m"`, `"kcal"`, `"count/min"`).
  case quantity(Double, unit: String)
}

/// The device that ran a workout session and recorded its workout.
public enum WorkoutDevice: String, Sendable, Hashable, CaseIterable {
  /// The Apple Watch (its wrist sensor).
  case watch
  /// The iPhone (iOS 26): no heart-rate sensor of its own, energy and distance from its motion
  /// model (docs/phone.md#the-iphones-own-workouts).
  case phone
}

/// A finished workout, HealthKit's `HKWorkout` as saved by `finishWorkout()`, with the fields and
/// units of docs/run-result.md#the-finished-workout-record.
///
/// Dates are virtual instants; the I/O layer turns them into wall-clock dates. Units: seconds
/// (``duration``), kilocalories (``totalEnergyBurned``), metres (``totalDistance``), each
/// quantity type's unit in ``statistics`` and ``samples``.
public struct WorkoutRecord: Sendable, Equatable {
  /// Metadata keys as stored (without `Key`).
  public enum MetadataKey {
    /// `HKIndoorWorkout`, Bool: always present, `true` for indoor workouts.
    public static let indoorWorkout = "HKIndoorWorkout"
    /// `HKElevationAscended`, metres.
    public static let elevationAscended = "HKElevationAscended"
    /// `HKAverageMETs`, kcal/(kg·hr).
    public static let averageMETs = "HKAverageMETs"
    /// `HKTimeZone`, IANA name.
    public static let timeZone = "HKTimeZone"
  }

  /// Version-4 UUID string, uppercase, 8-4-4-4-12 (``makeID(seed:sessionIndex:)``).
  public var id: String
  /// The activity.
  public var activityType: WorkoutActivityType
  /// Indoor, outdoor or unknown.
  public var locationType: WorkoutSessionLocationType
  /// When collection began (`beginCollection`).
  public var startDate: SimulationInstant
  /// When collection ended (`endCollection`).
  public var endDate: SimulationInstant
  /// Start to end minus paused intervals by HealthKit's rule (only pause and resume count; a
  /// pause while paused or a resume while running is ignored; an open pause closes at the end).
  public var duration: Duration
  /// The kept events in date order (see ``filteredEvents(_:start:end:)``).
  public var events: [WorkoutEvent]
  /// Sum of `activeEnergyBurned`, kcal; `nil` without active-energy samples.
  public var totalEnergyBurned: Double?
  /// Sum of the activity's distance type, metres; `nil` for activities without distance or
  /// without distance samples.
  public var totalDistance: Double?
  /// Per-type statistics; types without samples are absent.
  public var statistics: [QuantityType: QuantityStatistics]
  /// Metadata: `HKIndoorWorkout` always, plus the configuration's keys.
  public var metadata: [String: MetadataValue]
  /// Per-type samples; types without samples are absent.
  public var samples: [QuantityType: SampleSeries]
  /// The activities the app began (`beginNewActivity`), in start order, each ended by the
  /// workout's end at the latest; empty when it began none (HealthKit then gives the workout
  /// one activity spanning it: `workoutActivities`).
  public var activities: [WorkoutActivityRecord] = []
  /// The device whose workout session recorded it: the watch (the default), or the iPhone's own
  /// workout (iOS 26; docs/phone.md#the-iphones-own-workouts).
  public var device: WorkoutDevice = .watch

  /// Creates a record from its fields.
  public init(
    id: String, activityType: WorkoutActivityType, locationType: WorkoutSessionLocationType,
    startDate: SimulationInstant, endDate: SimulationInstant, duration: Duration,
    events: [WorkoutEvent], totalEnergyBurned: Double?, totalDistance: Double?,
    statistics: [QuantityType: QuantityStatistics], metadata: [String: MetadataValue],
    samples: [QuantityType: SampleSeries]
  ) {
    self.id = id
    self.activityType = activityType
    self.locationType = locationType
    self.startDate = startDate
    self.endDate = endDate
    self.duration = duration
    self.events = events
    self.totalEnergyBurned = totalEnergyBurned
    self.totalDistance = totalDistance
    self.statistics = statistics
    self.metadata = metadata
    self.samples = samples
  }

  /// The events a finished workout keeps (docs/healthkit-behaviour.md#the-finished-workout, the
  /// observed behaviour of HealthKit's `HKWorkout` construction): events inside `[start, end]`,
  /// sorted by date (stable), dropping a pause or resume that repeats the previous kept
  /// pause/resume type and a leading resume (the workout starts resumed).
  public static func filteredEvents(
    _ events: [WorkoutEvent], start: SimulationInstant, end: SimulationInstant
  ) -> [WorkoutEvent] {
    let inside = events.enumerated()
      .filter { isWithin($0.element.date, start: start, end: end) }
      .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
      .map(\.element)
    var kept: [WorkoutEvent] = []
    var lastPauseOrResume = WorkoutEventType.resume
    for event in inside {
      switch event.type {
      case .pause, .resume:
        if event.type == lastPauseOrResume { continue }
        lastPauseOrResume = event.type
        kept.append(event)
      case .lap, .marker, .motionPaused, .motionResumed, .segment, .pauseOrResumeRequest:
        kept.append(event)
      }
    }
    return kept
  }

  /// Whether an event dated `date` lies within a workout from `start` to `end` (both
  /// included; `end` `nil` while the workout's end is not known): HealthKit's rule, "You must use
  /// a date between the starting and ending dates of the workout" (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutevent/date). The one home of
  /// the rule: ``filteredEvents(_:start:end:)`` keeps only such events, builders refuse an event
  /// outside the span they know, and `save` refuses a workout holding one.
  public static func isWithin(
    _ date: SimulationInstant, start: SimulationInstant, end: SimulationInstant?
  ) -> Bool {
    date >= start && end.map { date <= $0 } ?? true
  }

  /// Where ``eventOutsideMessage(_:start:end:when:)`` speaks of an event outside its workout.
  public enum EventCheck: Sendable {
    /// A builder's `addWorkoutEvents` refuses it (the span it knows so far).
    case adding
    /// A builder's `finishWorkout` leaves out an event it accepted before the end was known.
    case finishing
    /// `save` refuses an `HKWorkout` the app made with it.
    case saving
    /// A builder refuses it as ``adding`` does, for the scenario timeline's action at this
    /// JSON path (`"timeline[5]"`, the command line's app): the advice names the path and the
    /// `at` to write, not a Swift call.
    case timeline(String)
  }

  /// Why `event` cannot be a workout's from `start` to `end` (`nil` while the end is not
  /// known), or `nil` when it lies within them (``isWithin(_:start:end:)``): names the event's
  /// type and date, the workout's span and what to write instead (a project rule on Apple's,
  /// docs/healthkit-behaviour.md#the-finished-workout), as said `when`.
  public static func eventOutsideMessage(
    _ event: WorkoutEvent, start: SimulationInstant, end: SimulationInstant?, when: EventCheck
  ) -> String? {
    guard !isWithin(event.date, start: start, end: end) else { return nil }
    let before = event.date < start
    let span =
      end.map { "the workout spans \(timeText(start)) to \(timeText($0))" }
      ?? "the workout began at \(timeText(start))"
    let outcome: String
    let instead: String
    switch when {
    case .adding:
      outcome = "cannot be added"
      instead =
        before
        ? "date it at or after the builder's startDate"
        : "date it at or before the builder's endDate"
    case .finishing:
      outcome = "was left out of the saved workout"
      instead =
        before
        ? "date it at or after the builder's startDate"
        : "add an event once its date has passed, or end collection at or after it"
    case .saving:
      outcome = "cannot be saved with it"
      instead = "date it between the workout's startDate and endDate"
    case .timeline(let path):
      outcome = "cannot be added"
      let bound = before ? start : end ?? start
      instead =
        before
        ? "in the scenario file, give \(path).at a time at or after \(secondsText(bound)) (the workout's start)"
        : "in the scenario file, give \(path).at a time at or before \(secondsText(bound)) (the workout's end), or end collection at \(secondsText(event.date)) or later (the at of the timeline's endCollection)"
    }
    return
      "A \(event.type.name) event dated \(timeText(event.date)) lies \(before ? "before the workout's start" : "after the workout's end") and \(outcome) (\(span)): HealthKit takes only events dated between a workout's start and end (https://developer.apple.com/documentation/healthkit/hkworkoutevent/date); \(instead)"
  }

  /// `t = <seconds> s`, whole seconds without decimals (`t = 600 s`, `t = 12.5 s`).
  private static func timeText(_ instant: SimulationInstant) -> String {
    "t = \(secondsText(instant)) s"
  }

  /// The seconds of `instant` as a scenario's `at` is written: whole seconds without decimals
  /// (`600`, `12.5`).
  private static func secondsText(_ instant: SimulationInstant) -> String {
    let seconds = instant.seconds
    let whole = seconds == seconds.rounded() && abs(seconds) < 1e15
    return whole ? String(Int64(seconds)) : String(seconds)
  }

  /// The record id of session `sessionIndex` under `seed`: a version-4 UUID (RFC 4122 §4.4).
  ///
  /// Bytes 0–7 are the first `next()` of the SplitMix64 stream `"id.<sessionIndex>"`
  /// (``SplitMix64/init(seed:stream:)``) in little-endian order, bytes 8–15 the second; then the
  /// version nibble is set (`byte6 = byte6 & 0x0F | 0x40`) and the variant bits
  /// (`byte8 = byte8 & 0x3F | 0x80`). Written as uppercase hex, 8-4-4-4-12.
  public static func makeID(seed: UInt64, sessionIndex: Int) -> String {
    var generator = SplitMix64(seed: seed, stream: "id.\(sessionIndex)")
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for _ in 0..<2 {
      let word = generator.next()
      for shift in stride(from: 0, to: 64, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> shift))
      }
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let digits = Array("0123456789ABCDEF")
    var text = ""
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append("-") }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return text
  }
}
