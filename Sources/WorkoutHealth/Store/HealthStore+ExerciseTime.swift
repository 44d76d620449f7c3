import WorkoutCore

/// The system's Exercise minutes (`HKQuantityTypeIdentifierAppleExerciseTime`): the one home of
/// the rule that turns a workout's running time into the store's `appleExerciseTime` samples
/// (docs/healthkit-behaviour.md#exercise-minutes).
///
/// Project rule (Apple documents that "`HKWorkoutSession` sessions also contribute to the
/// exercise time", https://developer.apple.com/documentation/healthkit/hkactivitysummary/appleexercisetime,
/// and that the type is written by the system, not apps, but not the samples' shape): a
/// workout's running spans (``WorkoutCore/PauseRule``, pauses excluded) up to its duration are
/// cut at every whole minute of running time counted from its start and at every pause; each
/// piece is one sample whose value is its length in minutes, so a run without pauses gives
/// one-minute samples of 1 min, and a minute a pause interrupts gives two samples (its parts).
/// The samples' sum is the workout's duration.
public enum ExerciseMinutes {
  /// The store's kind of `HKQuantityTypeIdentifierAppleExerciseTime` (minutes, cumulative).
  public static let kind = HealthDataType(identifier: "HKQuantityTypeIdentifierAppleExerciseTime")!

  /// One minute of running time, ns (the one declaration of it: the minute count of a live
  /// workout's look, `today`'s length and the samples' values in minutes use it).
  public static let minute: Int64 = 60_000_000_000

  /// The pieces of a workout's running time (nanoseconds from `t = 0`, in order, none empty).
  ///
  /// - Parameters:
  ///   - events: the workout's events in date order (its pauses and resumes count).
  ///   - start: the workout's start.
  ///   - limit: its end, or virtual now for a live workout.
  ///   - duration: the most running time counted (a finished workout's duration); `nil`: all.
  ///   - finished: `false` for a live workout at `limit`: only the pieces that can no longer
  ///     change are returned, every piece but the last, and the last when it is a whole minute.
  ///   - through: the end of the last piece already stored (ns), or `nil`: only the running
  ///     time after it is cut (project rule: samples already written are not rewritten, even
  ///     when a pause dated before `through` is added later).
  ///   - counted: the running time the stored pieces hold (ns): the minute count goes on from
  ///     it, and it counts against `duration`.
  /// - Returns: `(start, end)` pairs, only the pieces after `through`.
  public static func pieces(
    events: [WorkoutEvent], start: SimulationInstant, limit: SimulationInstant,
    duration: Duration? = nil, finished: Bool = true, after through: Int64? = nil,
    counted: Int64 = 0
  ) -> [(start: Int64, end: Int64)] {
    let cap = duration?.wholeNanoseconds ?? .max
    var pieces: [(start: Int64, end: Int64)] = []
    var running = counted  // running time before the current piece's start
    var lastIsWhole = false
    for span in PauseRule.runningSpans(of: events, start: start, limit: limit) {
      var from = max(span.from.nanoseconds, through ?? .min)
      let to = span.to.nanoseconds
      while from < to && running < cap {
        // The next whole minute of running time, the span's end or the cap, the first of them.
        let toMinute = minute - running % minute
        let length = min(toMinute, to - from, cap - running)
        pieces.append((from, from + length))
        lastIsWhole = length == toMinute
        from += length
        running += length
      }
    }
    if !finished, !lastIsWhole, !pieces.isEmpty { pieces.removeLast() }
    return pieces
  }

  /// The samples of `pieces` past the first `count`, under `source`, each saved at its end or
  /// at `floor` when that is later (a live workout's marker: an anchor handed out never moves).
  public static func samples(
    _ pieces: [(start: Int64, end: Int64)], after count: Int, source: UInt16,
    floor: SimulationInstant
  ) -> [HealthSample] {
    guard count < pieces.count else { return [] }
    return pieces[count...].map { piece in
      let end = SimulationInstant(nanoseconds: piece.end)
      return HealthSample(
        type: kind, source: source, start: SimulationInstant(nanoseconds: piece.start), end: end,
        value: Double(piece.end - piece.start) / Double(minute), savedAt: max(end, floor))
    }
  }

  /// The pieces of finished workout `record`: its running spans from its start to its end,
  /// up to its duration; with `stored`, only the ones after the pieces a live workout's marker
  /// stored (the end of its last one and the running time they hold, ns).
  public static func pieces(
    of record: WorkoutRecord, after stored: (through: Int64, counted: Int64)? = nil
  ) -> [(start: Int64, end: Int64)] {
    pieces(
      events: record.events, start: record.startDate, limit: record.endDate,
      duration: record.duration, after: stored?.through, counted: stored?.counted ?? 0)
  }
}

/// How a workout reached the store, which decides whose exercise minutes it brings
/// (``HealthStore/exerciseSource(for:)``, docs/healthkit-behaviour.md#exercise-minutes).
public enum ExerciseOrigin: Sendable, Hashable {
  /// Run as a workout session on the device: the watch app's session with its live builder,
  /// the iPhone's own session (iOS 26), a `health` plan's generated workout (recorded by the
  /// watch).
  case session(WorkoutDevice)
  /// Saved by an app on the device without a session: `save(_:)` of an `HKWorkout`, a builder
  /// made with `HKWorkoutBuilder(healthStore:configuration:device:)`.
  case saved(WorkoutDevice)
}

extension HealthStore {
  /// The source the system writes the exercise minutes of a workout of `origin` under, added
  /// to the table when missing, or `nil` when the system writes none: the one home of the rule.
  ///
  /// - A session on the watch: the Apple Watch (``HealthSource/appleWatch``). Apple: on
  ///   watchOS the system "updates the Exercise ring based on the amount of time the user spent
  ///   actually exerting themselves during the workout session, as calculated by the watch's
  ///   sensors"
  ///   (https://developer.apple.com/documentation/healthkit/workouts_and_activity_rings/using_workout_samples).
  /// - A session on the iPhone (its own workout, iOS 26): the iPhone (``HealthSource/iPhone``;
  ///   project rule: the ring counts it as it counts a saved one).
  /// - Saved on the iPhone without a session: the iPhone. Apple (same page): in iOS 10 or
  ///   later "workout objects automatically contribute to both the Move and Exercise rings. The
  ///   Exercise ring is increased by the workout's total duration"; the minutes are the
  ///   saving device's (project rule: Apple does not say whose samples they are; the watch
  ///   measured nothing).
  /// - Saved on the watch without a session: `nil`, no minutes (project rule from the same
  ///   page: on watchOS the Exercise ring comes from a workout session's sensor time, and a
  ///   save without one has none).
  public mutating func exerciseSource(for origin: ExerciseOrigin) -> UInt16? {
    switch origin {
    case .session(.watch): source(for: .appleWatch)
    case .session(.phone), .saved(.phone): source(for: .iPhone)
    case .saved(.watch): nil
    }
  }

  /// Saves the system's exercise minutes of finished workout `record` at `now`
  /// (``ExerciseMinutes``) under the source of `origin` (``exerciseSource(for:)``; `nil`: a
  /// session on the record's device): the pieces after `stored` (the end of the last piece a
  /// live workout's marker brought in already and the running time those hold, ns; `nil`:
  /// none), all visible from `now`. Returns how many were added (none when the origin brings
  /// no minutes).
  @discardableResult
  public mutating func addExerciseMinutes(
    of record: WorkoutRecord, origin: ExerciseOrigin? = nil,
    after stored: (through: Int64, counted: Int64)? = nil, at now: SimulationInstant
  ) -> Int {
    guard let source = exerciseSource(for: origin ?? .session(record.device)) else { return 0 }
    let pieces = ExerciseMinutes.pieces(of: record, after: stored)
    guard !pieces.isEmpty else { return 0 }
    var samples = ExerciseMinutes.samples(pieces, after: 0, source: source, floor: now)
    // One arrival instant per batch: the store's append takes them together at `now`.
    for index in samples.indices { samples[index].savedAt = now }
    _ = append(samples, uuids: [])
    return samples.count
  }

  /// Saves the system's exercise minutes of every workout the store was made with (a `health`
  /// plan's generated workouts), each batch at its workout's arrival; for a new store, before
  /// anything reads it. The workouts' own samples keep their ids (and derived UUIDs): these
  /// come after them.
  public mutating func addExerciseMinutesOfGeneratedWorkouts() {
    var samples: [HealthSample] = []
    for index in workouts.indices {
      let id = workoutSampleIDs[index]
      guard id >= 0 else { continue }
      let record = workouts[index]
      let saved = storage[Int(id)].savedAt
      guard let source = exerciseSource(for: .session(record.device)) else { continue }
      let first = samples.count
      samples += ExerciseMinutes.samples(
        ExerciseMinutes.pieces(of: record), after: 0, source: source, floor: saved)
      for offset in first..<samples.count { samples[offset].savedAt = saved }
    }
    // All at once: one merge into the arrival and start orders, not one per workout.
    bringIn(samples)
  }

  /// Saves what the day held before `t = 0` in exercise time (the scenario's
  /// `today.appleExerciseTime`), `minutes` long, as one watch sample from `t = 0` minus its
  /// length to `t = 0`, visible at `t = 0` (project rule: the scenario gives a total, not its
  /// minutes). The scenario's check refuses more than the time from `midnight` (the day's
  /// start) to `t = 0` (WorkoutScenario's `Scenario.todayExerciseProblem(start:)`), so the
  /// sample never holds more minutes than its span; its start is kept at `midnight` or later
  /// all the same. Nothing when `minutes` is not above zero.
  public mutating func addExerciseMinutesBeforeStart(
    _ minutes: Double, midnight: SimulationInstant
  ) {
    guard minutes > 0 else { return }
    let length = Int64((minutes * Double(ExerciseMinutes.minute)).rounded())
    let start = min(max(-length, midnight.nanoseconds), 0)
    let sample = HealthSample(
      type: ExerciseMinutes.kind, source: source(for: .appleWatch),
      start: SimulationInstant(nanoseconds: start), end: .zero, value: minutes, savedAt: .zero)
    _ = append([sample], uuids: [])
  }
}
