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
    let known = lock.withLock { () -> HKWorkoutZoneConfiguration?? in
      if let custom = customZones[type] { return .some(custom) }
      return systemZones[type]
    }
    if let known { return known }
    let system = simulation.systemZoneConfiguration(for: type)
    lock.withLock { systemZones[type] = .some(system) }
    return system
  }

  /// The configurations the saved workout's zone groups use (heart rate, cycling power).
  func zoneConfigurations() -> [HKWorkoutZoneConfiguration] {
    [QuantityType.heartRate, .cyclingPower].compactMap { effectiveZones(of: $0) }
  }
}

extension HKLiveWorkoutBuilder {
  /// After a batch of `types`: one `didUpdateWorkoutZone` per zone type whose last sample lies
  /// in another zone than the last call's (in the callback lane, right after
  /// `didCollectDataOf`). This runs after every batch: the types are the engine's bit set, the
  /// watched zones are fixed at the first batch and the last sample is read in place.
  func announceZoneChanges(in types: QuantityTypeSet) {
    guard types.contains(.heartRate) || types.contains(.cyclingPower) else { return }
    let watching =
      lock.withLock { zoneWatch }
      ?? {
        let made = [QuantityType.heartRate, .cyclingPower].compactMap { type in
          effectiveZones(of: type).map { ZoneWatch(type: type, configuration: $0) }
        }
        lock.withLock { zoneWatch = made }
        return made
      }()
    // Each watch read in place, copied only on a change (a copy retains its configuration's
    // arrays: four retains and releases per batch for nothing on most batches).
    for slot in watching.indices where types.contains(watching[slot].type) {
      let type = watching[slot].type
      guard
        let last = simulation.state.withLock({ state in
          state.session.readEngineInPlace(of: engineDevice) { engine in
            engine.withBuilderInPlace(ofSession: index) { $0.lastSample(of: type) }
          }
        }) ?? nil
      else { continue }
      let zone = WorkoutZones.zone(
        of: last.value, boundaries: watching[slot].configuration.boundaries)
      guard zone != watching[slot].announced else { continue }
      let watch = watching[slot]
      lock.withLock { zoneWatch?[slot].announced = zone }
      // The durations only on a change: reading them walks every sample of the type.
      guard let group = liveZoneGroup(of: watch.type, watch.configuration) else { continue }
      let update = HKLiveWorkoutZoneUpdate(
        lastSampleProcessedDate: simulation.date(of: last.start),
        currentZoneDuration: group.zoneDurations[zone],
        previousZoneDuration: watch.announced.map { group.zoneDurations[$0] }, zoneGroup: group)
      delegate?.workoutBuilder(self, didUpdateWorkoutZone: update)
    }
  }

  /// The time in zones of `type` from the start to virtual now (or the end), pauses excluded.
  private func liveZoneGroup(of type: QuantityType, _ configuration: HKWorkoutZoneConfiguration)
    -> HKWorkoutZoneGroup?
  {
    simulation.state.withLock { state in
      state.session.readEngineInPlace(of: engineDevice) { engine -> HKWorkoutZoneGroup? in
        let now = engine.now
        return engine.withBuilderInPlace(ofSession: index) { builder in
          builder.startDate.map { begun in
            configuration.group(
              of: builder.samples(of: type), events: builder.workoutEvents, start: begun,
              limit: builder.endDate.map { min($0, now) } ?? now)
          }
        } ?? nil
      }
    }
  }
}
