import WorkoutCore
import WorkoutWatch

extension HKWorkoutBuilder {
  /// Sets the app's zones of `quantityType` for this workout, or with `nil` returns to the
  /// person's preferred ones (iOS/watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/setcustomzoneconfiguration(_:for:)).
  /// Apple: call it before `beginCollection`.
  ///
  /// - Throws: ``HKError`` `errorInvalidArgument` (Apple documents no code or text; project
  ///   text): after `beginCollection` ("Set a custom zone configuration before
  ///   beginCollection(withStart:completion:); this workout's collection has begun"), for a type
  ///   without zones, or for a configuration of another type ("The configuration's quantity
  ///   type <a> is not <b>").
  nonisolated(nonsending) public func setCustomZoneConfiguration(
    _ configuration: HKWorkoutZoneConfiguration?, for quantityType: HKQuantityType
  ) async throws {
    let error = setCustomZones(configuration, for: quantityType)
    await simulation.deliver()
    if let error { throw error }
  }

  /// The zones of `quantityType` this workout uses: the app's custom ones, else the person's
  /// preferred ones, else `nil` (iOS/watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/zoneconfiguration(for:)).
  ///
  /// - Throws: ``HKError`` `errorInvalidArgument` for a type without zones.
  nonisolated(nonsending) public func zoneConfiguration(for quantityType: HKQuantityType)
    async throws -> HKWorkoutZoneConfiguration?
  {
    await simulation.deliver()
    guard let type = HKWorkoutZoneConfiguration.zoneType(quantityType) else {
      throw HKWorkoutZoneConfiguration.noZones(quantityType)
    }
    return effectiveZones(of: type)
  }

  private func setCustomZones(
    _ configuration: HKWorkoutZoneConfiguration?, for quantityType: HKQuantityType
  ) -> HKError? {
    guard let type = HKWorkoutZoneConfiguration.zoneType(quantityType) else {
      return HKWorkoutZoneConfiguration.noZones(quantityType)
    }
    if let configuration, configuration.engineType != type {
      return HKError(
        .errorInvalidArgument,
        "The configuration's quantity type \(configuration.quantityType.identifier) is not \(quantityType.identifier)"
      )
    }
    guard (engineBuilder { $0.lifecycle } ?? .notStarted) == .notStarted else {
      return HKError(
        .errorInvalidArgument,
        "Set a custom zone configuration before beginCollection(withStart:completion:); this workout's collection has begun"
      )
    }
    lock.withLock { customZones[type] = configuration }
    return nil
  }

  /// The app's zones of `type`, else the system's.
  func effectiveZones(of type: QuantityType) -> HKWorkoutZoneConfiguration? {
    lock.withLock { customZones[type] } ?? simulation.systemZoneConfiguration(for: type)
  }

  /// The configurations the saved workout's zone groups use (heart rate, cycling power).
  func zoneConfigurations() -> [HKWorkoutZoneConfiguration] {
    [QuantityType.heartRate, .cyclingPower].compactMap { effectiveZones(of: $0) }
  }
}

extension HKLiveWorkoutBuilder {
  /// After a batch of `types`: one `didUpdateWorkoutZone` per zone type whose last sample lies
  /// in another zone than the last call's (in the callback lane, right after
  /// `didCollectDataOf`).
  func announceZoneChanges(in types: Set<HKSampleType>) {
    for type in [QuantityType.heartRate, .cyclingPower]
    where types.contains(HKQuantityType.shared(engine: type)) {
      guard let configuration = effectiveZones(of: type) else { continue }
      let reading = simulation.state.withLock { state in
        state.session.withEngine { engine -> (HKWorkoutZoneGroup, Int, SimulationInstant)? in
          let now = engine.now
          return engine.withBuilderInPlace(ofSession: index) { builder in
            guard let last = builder.lastSample(of: type), let begun = builder.startDate else {
              return nil
            }
            let group = configuration.group(
              of: builder.samples(of: type), events: builder.workoutEvents, start: begun,
              limit: builder.endDate.map { min($0, now) } ?? now)
            let zone = WorkoutZones.zone(of: last.value, boundaries: configuration.boundaries)
            return (group, zone, last.start)
          } ?? nil
        }
      }
      guard let (group, zone, sampleDate) = reading else { continue }
      let previous = lock.withLock { () -> Int?? in
        let previous = announcedZones[type]
        if previous == zone { return .none }
        announcedZones[type] = zone
        return .some(previous)
      }
      guard let previous else { continue }
      let update = HKLiveWorkoutZoneUpdate(
        lastSampleProcessedDate: simulation.date(of: sampleDate),
        currentZoneDuration: group.zoneDurations[zone],
        previousZoneDuration: previous.map { group.zoneDurations[$0] }, zoneGroup: group)
      delegate?.workoutBuilder(self, didUpdateWorkoutZone: update)
    }
  }
}
