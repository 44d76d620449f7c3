import WorkoutCore
import WorkoutHealth
import WorkoutSimulation
import WorkoutSystem

/// A live workout whose builder's samples reach the health store as they are collected
/// (docs/healthkit-behaviour.md#a-live-workouts-samples): a marker, not a copy. The builder's
/// series stay the one home of the samples; the store is given the ones it does not hold yet
/// only when something reads it (``AppSimulation/State/health``), so a run that nobody reads
/// during the workout costs nothing per collected batch.
package struct LiveWorkoutSamples: Sendable {
  /// The engine the workout runs on.
  package let device: WorkoutDevice
  /// Its engine session.
  package let session: Int
  /// The store source the samples are saved under (the app's).
  package let source: UInt16
  /// Per quantity type (`QuantityType.allCases` order): its type in the store, or `nil` when
  /// the store keeps no such type.
  package let kinds: [HealthDataType?]
  /// Per quantity type: the factor from the engine's unit to the store's (both linear).
  package let factors: [Double]
  /// Per quantity type: how many of the builder's samples the store holds.
  package var stored: [Int]
  /// The instant of the last look at the builder: a sample brought in later is saved at its
  /// end, or at this instant when its end is earlier (an anchor taken at a read never moves).
  package var through: SimulationInstant
  /// The store source the system's exercise minutes of the workout are saved under (the
  /// watch's, or the iPhone's for the phone's own workout: `HealthStore.exerciseSource(for:)`),
  /// or `nil`: none are taken.
  package let exerciseSource: UInt16?
  /// How many of the workout's exercise-minute pieces (`ExerciseMinutes`) the store holds.
  package var exerciseStored = 0
  /// The end of the last exercise-minute piece the store holds and the running time the stored
  /// pieces hold (ns), `nil` before the first: later pieces start there, and a pause added
  /// after the fact dated before it does not rewrite them (docs/healthkit-behaviour.md#exercise-minutes).
  package var exerciseThrough: (through: Int64, counted: Int64)?
  /// The whole minutes of running time and the number of events at the last look: the pieces
  /// are worked out again only when one of them grew (a minute passed, a pause or resume).
  var exerciseLook: (minutes: Int64, events: Int) = (0, 0)

  /// A marker for session `session` of `device`'s engine at `now`, nothing stored yet.
  package init(
    device: WorkoutDevice, session: Int, source: UInt16, kinds: [HealthDataType?],
    factors: [Double], exerciseSource: UInt16? = nil, at now: SimulationInstant
  ) {
    precondition(kinds.count == QuantityType.allCases.count && factors.count == kinds.count)
    self.device = device
    self.session = session
    self.source = source
    self.kinds = kinds
    self.factors = factors
    self.stored = [Int](repeating: 0, count: kinds.count)
    self.through = now
    self.exerciseSource = exerciseSource
  }

  /// The system's exercise minutes of the live workout of `builder` that are complete at `now`
  /// (docs/healthkit-behaviour.md#exercise-minutes) past the ones the store holds, as store
  /// samples saved at their ends (at least ``through``); counts them as stored. Looks at the
  /// pieces only when a whole minute of running time passed or an event came since the last
  /// look.
  mutating func takeExerciseMinutes(
    of builder: borrowing LiveWorkoutBuilder, at now: SimulationInstant,
    into samples: inout [HealthSample]
  ) {
    guard let start = builder.startDate, let exerciseSource else { return }
    let limit = min(now, builder.endDate ?? now)
    // The running time counted for the minutes: the stored pieces' and the running time
    // after the last of them (the same as the elapsed time unless a pause was dated before it).
    let elapsed = builder.elapsedTime(at: limit).wholeNanoseconds
    var running = elapsed
    if let stored = exerciseThrough {
      running +=
        stored.counted
        - builder.elapsedTime(at: SimulationInstant(nanoseconds: stored.through)).wholeNanoseconds
    }
    // Capped at the elapsed time, as the finished workout's pieces are at its duration, so
    // the sum stays the running time (a piece the cap cuts short waits, as a short last one).
    let look = (
      minutes: min(running, elapsed) / ExerciseMinutes.minute,
      events: builder.workoutEvents.count
    )
    guard look != exerciseLook else { return }
    exerciseLook = look
    let pieces = ExerciseMinutes.pieces(
      events: builder.workoutEvents, start: start, limit: limit, duration: .nanoseconds(elapsed),
      finished: false,
      after: exerciseThrough?.through, counted: exerciseThrough?.counted ?? 0)
    guard let last = pieces.last else { return }
    samples += ExerciseMinutes.samples(pieces, after: 0, source: exerciseSource, floor: through)
    exerciseStored += pieces.count
    let added = pieces.reduce(Int64(0)) { $0 + $1.end - $1.start }
    exerciseThrough = (last.end, (exerciseThrough?.counted ?? 0) + added)
  }

  /// The samples of `series` (quantity type number `type`) past the ones the store holds, as
  /// store samples saved at their ends (at least ``through``); counts them as stored.
  package mutating func take(
    _ series: SampleSeries, type: Int, into samples: inout [HealthSample]
  ) {
    let count = series.count
    guard count > stored[type], let kind = kinds[type] else { return }
    let factor = factors[type]
    let floor = through
    // Only the new samples: a listener brings them in at every batch, so walking the whole
    // series each time would grow with the square of the workout's length.
    series.forEachSample(from: stored[type]) { start, end, value in
      samples.append(
        Self.storeSample(
          kind, source: source, start: start, end: end, value: value * factor, floor: floor))
    }
    stored[type] = count
  }

  /// The one home of a brought-in sample: of `kind` under `source`, from `start` to `end`
  /// (nanoseconds), `value` in the store's unit, saved at its end or at `floor` (the marker's
  /// ``through``) when that is later, so an anchor handed out at a read never moves.
  package static func storeSample(
    _ kind: HealthDataType, source: UInt16, start: Int64, end: Int64, value: Double,
    floor: SimulationInstant
  ) -> HealthSample {
    let endInstant = SimulationInstant(nanoseconds: end)
    return HealthSample(
      type: kind, source: source, start: SimulationInstant(nanoseconds: start), end: endInstant,
      value: value, savedAt: max(endInstant, floor))
  }
}

/// A workout session of one engine: the engine's device and the session's index.
package struct LiveWorkoutKey: Hashable, Sendable {
  package var device: WorkoutDevice
  package var session: Int

  package init(device: WorkoutDevice, session: Int) {
    self.device = device
    self.session = session
  }
}

extension AppSimulation.State {
  /// The health store, with every live workout's samples collected so far brought in first
  /// (``bringLiveSamplesIn()``): the one door of every read and change of the store. Without a
  /// live workout it costs one check.
  package var health: HealthStore {
    mutating _read {
      if !liveWorkouts.isEmpty { bringLiveSamplesIn() }
      yield healthStorage
    }
    _modify {
      if !liveWorkouts.isEmpty { bringLiveSamplesIn() }
      yield &healthStorage
    }
  }

  /// Saves in the store the samples each live workout's builder collected since the last look
  /// (``LiveWorkoutSamples``): each keeps one store id, so one UUID, from then on. Returns the
  /// store types of which some sample was brought in, of every live workout (each through its
  /// own marker's ``LiveWorkoutSamples/kinds``).
  @discardableResult
  package mutating func bringLiveSamplesIn() -> Set<HealthDataType> {
    guard !liveWorkouts.isEmpty else { return [] }
    var samples: [HealthSample] = []
    var changed = Set<HealthDataType>()
    let now = session.now
    for index in liveWorkouts.indices {
      var live = liveWorkouts[index]
      session.readEngineInPlace(of: live.device) { engine in
        // In place: a lent builder would be copied (a retain and release of every series).
        _ = engine.withBuilderInPlace(ofSession: live.session) { builder in
          // The exercise minutes are worked out first and the array made room for everything
          // new at once: at a workout's end nothing may have read the store since its start,
          // and growing the array sample by sample copied it into fresh pages at every
          // doubling. Another 16 (`Array.reserveRoom(for:)`'s headroom) leave room for the
          // workout the store adds next when the array becomes its storage
          // (`HealthStore.bringIn(_:)`). The samples' order is unchanged: types, then minutes.
          var minuteSamples: [HealthSample] = []
          let minutes = live.exerciseStored
          live.takeExerciseMinutes(of: builder, at: now, into: &minuteSamples)
          if live.exerciseStored > minutes { changed.insert(ExerciseMinutes.kind) }
          var new = minuteSamples.count
          for (type, quantity) in QuantityType.allCases.enumerated() where live.kinds[type] != nil {
            new += max(0, builder.samples(of: quantity).count - live.stored[type])
          }
          samples.reserveRoom(for: samples.count + new)
          for (type, quantity) in QuantityType.allCases.enumerated() {
            let series = builder.samples(of: quantity)
            if series.count > live.stored[type] {
              if let kind = live.kinds[type] { changed.insert(kind) }
              live.take(series, type: type, into: &samples)
            }
          }
          samples += minuteSamples
        }
      }
      // The instant of the reads that see them (the session's clock, which anchors are taken
      // at), so a sample brought in later is never saved before an anchor handed out.
      live.through = max(live.through, session.now)
      liveWorkouts[index] = live
    }
    guard !samples.isEmpty else { return changed }
    healthStorage.bringIn(samples)
    healthStoreChanged = true
    return changed
  }

  /// Ends the marker of session `session` on `device` (the workout was finished or
  /// discarded), after bringing in what its builder holds, each sample at its own collection
  /// instant (so what a query finds after the finish, and in which order, does not depend on
  /// whether the store was read during the workout); returns it, or `nil` when there was none.
  package mutating func endLiveSamples(device: WorkoutDevice, session: Int)
    -> LiveWorkoutSamples?
  {
    bringLiveSamplesIn()
    guard
      let index = liveWorkouts.firstIndex(where: { $0.device == device && $0.session == session })
    else { return nil }
    return liveWorkouts.remove(at: index)
  }

  /// Whether session `session` on `device` has a running marker (its samples reach the store
  /// as they are collected).
  package func hasLiveSamples(device: WorkoutDevice, session: Int) -> Bool {
    liveWorkouts.contains { $0.device == device && $0.session == session }
  }

  /// Starts a marker for session `session` on `device` (its builder began collection), unless
  /// one is running.
  package mutating func startLiveSamples(_ live: LiveWorkoutSamples) {
    let key = LiveWorkoutKey(device: live.device, session: live.session)
    guard liveWorkoutsBegun.insert(key).inserted else { return }
    liveWorkouts.append(live)
  }

  /// The series of session `session` on `device` of the quantity types `types`, as the store
  /// holds them (brought in first), for ``bringInAdded(device:session:previous:)``: `nil`
  /// without a live workout there.
  package mutating func liveSeries(
    device: WorkoutDevice, session: Int, types: [QuantityType]
  ) -> [(type: QuantityType, series: SampleSeries)]? {
    guard hasLiveSamples(device: device, session: session) else { return nil }
    bringLiveSamplesIn()
    return self.session.readEngineInPlace(of: device) { engine in
      engine.withBuilder(ofSession: session) { builder in
        types.map { ($0, builder.samples(of: $0)) }
      }
    }
  }

  /// The app added samples to the builder of session `session` on `device`, maybe before ones
  /// the store holds (a sample joins its series in time order): brings in every sample of each
  /// type's series that is not in `previous` (``liveSeries(device:session:types:)``, taken
  /// just before the call), so none is left out and none stored twice.
  package mutating func bringInAdded(
    device: WorkoutDevice, session: Int,
    previous: [(type: QuantityType, series: SampleSeries)]
  ) {
    guard
      let index = liveWorkouts.firstIndex(where: { $0.device == device && $0.session == session })
    else { return }
    var live = liveWorkouts[index]
    var samples: [HealthSample] = []
    let all = QuantityType.allCases
    self.session.readEngineInPlace(of: device) { engine in
      _ = engine.withBuilderInPlace(ofSession: session) { builder in
        for (quantity, old) in previous {
          guard let type = all.firstIndex(of: quantity), let kind = live.kinds[type] else {
            continue
          }
          let series = builder.samples(of: quantity)
          // The old samples keep their order in the new series: the first unmatched ones are
          // the added ones.
          var matched = 0
          let held = min(live.stored[type], old.count)
          series.forEachSample { start, end, value in
            if matched < held {
              let sample = old[matched]
              if sample.start.nanoseconds == start && sample.end.nanoseconds == end
                && sample.value == value
              {
                matched += 1
                return
              }
            }
            samples.append(
              LiveWorkoutSamples.storeSample(
                kind, source: live.source, start: start, end: end,
                value: value * live.factors[type], floor: live.through))
          }
          live.stored[type] = series.count
        }
      }
    }
    live.through = max(live.through, self.session.now)
    liveWorkouts[index] = live
    guard !samples.isEmpty else { return }
    healthStorage.bringIn(samples)
    healthStoreChanged = true
  }

  /// A live workout collected a batch of `collected` (at virtual now): they are in the store,
  /// and the listeners of those types, and only those, are woken
  /// (docs/healthkit-behaviour.md#a-live-workouts-samples). `collected` holds only the types of
  /// sessions with a marker (a session without one saves nothing as it collects). `kinds`: the
  /// store type of each quantity type (a marker's ``LiveWorkoutSamples/kinds``), by default the
  /// running markers'. A minute of exercise the batch completed
  /// (docs/healthkit-behaviour.md#exercise-minutes) wakes the listeners of `appleExerciseTime`
  /// too.
  package mutating func wakeLiveListeners(
    collected: QuantityTypeSet, kinds: [HealthDataType?]? = nil
  ) {
    guard !collected.isEmpty, let kinds = kinds ?? liveWorkouts.first?.kinds,
      !healthListeners.isEmpty
    else { return }
    var types = Set<HealthDataType>()
    for (index, quantity) in QuantityType.allCases.enumerated() where collected.contains(quantity) {
      if let kind = kinds[index] { types.insert(kind) }
    }
    if bringLiveSamplesIn().contains(ExerciseMinutes.kind) {
      types.insert(ExerciseMinutes.kind)
    }
    wakeLiveListeners(of: types)
  }

  /// Live workouts' samples of the store types `types` came in at virtual now (a batch, or the
  /// ones a discard brought in, of whichever live workout): the listeners of those types, and
  /// only those, are woken.
  package mutating func wakeLiveListeners(of types: Set<HealthDataType>) {
    guard !types.isEmpty, !healthListeners.isEmpty else { return }
    wakeHealthListeners(after: nil, at: session.now, of: types)
  }
}
