import WorkoutCore
import WorkoutHealth

/// The samples the app added to its workouts with ``HKHealthStore/add(_:to:completion:)``, by
/// workout UUID: `predicateForObjects(from: workout)` finds them besides the store's own
/// association (the workout's source, inside its dates).
struct WorkoutAssociations: SimulationExtension {
  /// Store ids of the added samples, by workout UUID.
  var samples: [UUID: Set<HealthSampleID>] = [:]

  init(simulation: HealthKitSimulation) {}
}

extension HKHealthStore {
  /// Associates `samples` with `workout`, a workout in the store; samples not saved yet are
  /// saved with the rules of `save(_:withCompletion:)` ("Adding them to the workout
  /// automatically saves them"). The completion gets `(true, nil)` or `(false, error)` in the
  /// callback lane (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/add(_:to:completion:);
  /// https://developer.apple.com/documentation/healthkit/adding-samples-to-a-workout).
  ///
  /// Afterwards `HKQuery.predicateForObjects(from: workout)` finds them, wherever their dates
  /// lie; adding does not change the workout's totals or dates (as Apple documents). Errors
  /// (`errorInvalidArgument`): the workout is not in the store ("save it first"), a sample is
  /// not a quantity or category sample (the two kinds Apple lists), or a save rule fails; the
  /// authorization errors of saving for a new sample's type.
  @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use HKWorkoutBuilder")
  @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
  @available(macOS, introduced: 13.0, deprecated: 14.0, message: "Use HKWorkoutBuilder")
  public func add(
    _ samples: [HKSample], to workout: HKWorkout,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    // After the app's termination nothing is called back, as for `save` (the store is inert).
    guard let outcome = associate(samples, with: workout) else { return }
    simulation.enqueue {
      switch outcome {
      case .success: completion(true, nil)
      case .failure(let error): completion(false, error)
      }
    }
  }

  /// Saves the new samples and records the association under the lock; `nil` when inert.
  private func associate(_ samples: [HKSample], with workout: HKWorkout) -> Result<
    Void, HKError
  >? {
    let context = QueryContext(simulation: simulation)
    let simulation = simulation
    return simulation.mutateHealth { state -> Result<Void, HKError>? in
      guard state.terminated == nil else { return nil }
      guard state.liveWorkoutID(workout) != nil else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "add(_:to:completion:): the workout with UUID \(workout.uuid.uuidString) is not in the store; save it first"
          ))
      }
      for sample in samples where !(sample is HKQuantitySample || sample is HKCategorySample) {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "add(_:to:completion:) takes quantity and category samples; \(sample.sampleType.identifier) is neither"
          ))
      }
      let new = samples.filter {
        state.health.id(ofUUID: HealthKitSimulation.State.storeUUID($0.uuid)) == nil
      }
      if case .failure(let error) = insert(
        new, into: &state, context: context, relating: false, call: "add(_:to:completion:)")
      {
        return .failure(error)
      }
      state.saved.append(contentsOf: new as [HKObject])
      let ids = samples.compactMap {
        state.health.id(ofUUID: HealthKitSimulation.State.storeUUID($0.uuid))
      }
      state.withExtension(WorkoutAssociations.self, of: simulation) { store, _ in
        store.samples[workout.uuid, default: []].formUnion(ids)
      }
      return .success(())
    }
  }
}

extension HealthKitSimulation.State {
  /// The store id of `workout` when it is a workout in the store and not deleted, else `nil`.
  func liveWorkoutID(_ workout: HKWorkout) -> HealthSampleID? {
    guard let id = healthStorage.id(ofUUID: Self.storeUUID(workout.uuid)),
      healthStorage.sample(id).type == .workout, !healthStorage.isDeleted(id)
    else { return nil }
    return id
  }

  /// Why the app's `workout` (made with ``HKWorkout``'s deprecated initializers) cannot be
  /// saved, or `nil`: sharing workouts not granted (``shareError(_:)``), an activity the
  /// engine does not model, an end before the start, a total energy that is not an energy, a
  /// total distance that is not a length or a stroke or flights total that is not a count
  /// (`errorInvalidArgument`, naming the fix).
  func workoutSaveError(_ workout: HKWorkout) -> HKError? {
    if let error = shareError(HKObjectType.workoutType().identifier) { return error }
    guard workout.workoutActivityType.engineValue != nil else {
      return HKError(
        .errorInvalidArgument,
        "SimulatedHealthKit does not simulate workouts of activity type \(workout.workoutActivityType.rawValue)"
      )
    }
    guard workout.endDate >= workout.startDate else {
      return HKError(
        .errorInvalidArgument,
        "The workout's end date \(workout.endDate) is before its start date \(workout.startDate)")
    }
    if let energy = workout.energyBurned, !energy.is(compatibleWith: .kilocalorie()) {
      return HKError(
        .errorInvalidArgument,
        "totalEnergyBurned \(energy) is not an energy: use an energy unit such as .kilocalorie()")
    }
    if let distance = workout.distance, !distance.is(compatibleWith: .meter()) {
      return HKError(
        .errorInvalidArgument,
        "totalDistance \(distance) is not a length: use a length unit such as .meter()")
    }
    for (name, type) in [
      ("totalSwimmingStrokeCount", HKQuantityType(.swimmingStrokeCount)),
      ("totalFlightsClimbed", HKQuantityType(.flightsClimbed)),
    ] {
      if let total = workout.statistics(for: type)?.sumQuantity(),
        !total.is(compatibleWith: .count())
      {
        return HKError(
          .errorInvalidArgument, "\(name) \(total) is not a count: use .count()")
      }
    }
    return nil
  }

  /// Stores the app's `workout` (checked by ``workoutSaveError(_:)``) under the app's source
  /// at virtual now as an engine record with its activity, dates, duration, kept events and
  /// totals (kcal, m), indoor when its metadata says `HKMetadataKeyIndoorWorkout: true`; keeps
  /// the object as the app made it, or, when a date was the real clock, a copy dated at the
  /// instants read (``HKWorkout/redated(start:end:eventIntervals:)``), and returns its store id. Its start, end and events' dates
  /// are `instants` (start, end, then each event's start and end), read by the wall-clock rule with the rest
  /// of `save`'s dates (one `wallClockDate` entry naming `save`; docs/swift-api.md#the-wall-clock-rule),
  /// or, `nil` when none was the real clock, the dates' own instants since the scenario's start.
  /// `device` is the device whose app saved it, without a session: the system's exercise
  /// minutes of it are the iPhone's there, and there are none on the watch
  /// (`HealthStore.exerciseSource(for:)`, docs/healthkit-behaviour.md#exercise-minutes).
  mutating func storeAppWorkout(
    _ workout: HKWorkout, instants read: [SimulationInstant]?, savedOn device: WorkoutDevice,
    context: QueryContext
  ) -> HealthSampleID {
    let origin = context.simulation.startDate
    let appEvents = workout.workoutEvents ?? []
    let given =
      [workout.startDate, workout.endDate]
      + appEvents.flatMap(\.wallClockDates)
    let instants = read ?? given.map { SimulationInstant($0, since: origin) }
    let start = instants[0]
    let end = instants[1]
    // Each event keeps its metadata (the record's form of the app's event), and its duration:
    // to its end as read when one of its own dates was the real clock, as a live builder's
    // `addWorkoutEvents` keeps it (the same end for the same event).
    let simulation = context.simulation
    let now = session.now
    let events = appEvents.enumerated().map { index, event in
      event.engineEvent(
        read: instants[(2 + 2 * index)...],
        realClock: event.wallClockDates.contains { simulation.isWallClockLeak($0, now: now) },
        since: origin)
    }
    let indoor = (workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool) == true
    let record = WorkoutRecord(
      id: workout.uuid.uuidString,
      // Checked by `workoutSaveError`.
      activityType: workout.workoutActivityType.engineValue!,
      locationType: indoor ? .indoor : .unknown, startDate: start, endDate: end,
      duration: .seconds(workout.duration),
      events: WorkoutRecord.filteredEvents(events, start: start, end: end),
      totalEnergyBurned: workout.energyBurned?.doubleValue(for: .kilocalorie()),
      totalDistance: workout.distance?.doubleValue(for: .meter()), statistics: [:],
      metadata: [WorkoutRecord.MetadataKey.indoorWorkout: .bool(indoor)], samples: [:])
    let id = health.addWorkout(
      record, source: appSourceIndex(), uuid: Self.storeUUID(workout.uuid), at: session.now)
    // The system writes the exercise minutes of a workout saved on the iPhone with it, none
    // of one saved on the watch without a session (docs/healthkit-behaviour.md#exercise-minutes).
    health.addExerciseMinutes(of: record, origin: .saved(device), at: session.now)
    healthListenersChanged()
    // Queries hand out a workout dated from the real clock at the instants it was stored at
    // (a project rule, docs/swift-api.md#the-wall-clock-rule); the app's object keeps its dates.
    let dates = instants.map(context.date)
    keepAppObject(
      read == nil
        ? workout
        : workout.redated(
          start: dates[0], end: dates[1],
          eventIntervals: stride(from: 2, to: dates.count, by: 2).map {
            DateInterval(start: dates[$0], end: max(dates[$0], dates[$0 + 1]))
          }),
      id: id)
    return id
  }
}
