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

  /// One minute of running time, ns.
  static let minute: Int64 = 60_000_000_000

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

extension HealthStore {
  /// The source the system writes a workout's exercise minutes under: the Apple Watch, or the
  /// iPhone for the iPhone's own workout (project rule: the ring counts it as before); added to
  /// the table when missing.
  public mutating func exerciseSource(for device: WorkoutDevice) -> UInt16 {
    switch device {
    case .watch:
      source(
        for: HealthSource(
          kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health.watch"))
    case .phone:
      source(
        for: HealthSource(
          kind: .iPhone, name: "iPhone", bundleIdentifier: "com.apple.health.iPhone"))
    }
  }

  /// Saves the system's exercise minutes of finished workout `record` at `now`
  /// (``ExerciseMinutes``): the pieces after `stored` (the end of the last piece a live
  /// workout's marker brought in already and the running time those hold, ns; `nil`: none),
  /// all visible from `now`. Returns how many were added.
  @discardableResult
  public mutating func addExerciseMinutes(
    of record: WorkoutRecord, after stored: (through: Int64, counted: Int64)? = nil,
    at now: SimulationInstant
  ) -> Int {
    let pieces = ExerciseMinutes.pieces(of: record, after: stored)
    guard !pieces.isEmpty else { return 0 }
    let source = exerciseSource(for: record.device)
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
      let first = samples.count
      samples += ExerciseMinutes.samples(
        ExerciseMinutes.pieces(of: record), after: 0, source: exerciseSource(for: record.device),
        floor: saved)
      for offset in first..<samples.count { samples[offset].savedAt = saved }
    }
    // All at once: one merge into the arrival and start orders, not one per workout.
    bringIn(samples)
  }

  /// Saves what the day held before `t = 0` in exercise time (the scenario's
  /// `today.appleExerciseTime`), `minutes` long, as one watch sample from `t = 0` minus its
  /// length (no earlier than `midnight`, the day's start) to `t = 0`, visible at `t = 0`
  /// (project rule: the scenario gives a total, not its minutes). Nothing when `minutes` is
  /// not above zero.
  public mutating func addExerciseMinutesBeforeStart(
    _ minutes: Double, midnight: SimulationInstant
  ) {
    guard minutes > 0 else { return }
    let length = Int64((minutes * Double(ExerciseMinutes.minute)).rounded())
    let start = min(max(-length, midnight.nanoseconds), 0)
    let sample = HealthSample(
      type: ExerciseMinutes.kind, source: exerciseSource(for: .watch),
      start: SimulationInstant(nanoseconds: start), end: .zero, value: minutes, savedAt: .zero)
    _ = append([sample], uuids: [])
  }
}
