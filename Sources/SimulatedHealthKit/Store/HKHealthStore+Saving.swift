import WorkoutCore
import WorkoutHealth

/// Saving and deleting with HealthKit's rules (docs/swift-api.md#saving-and-deleting): objects go
/// into the simulation's health store under the app's source (``HKSource/default()``), visible
/// to queries at once.
extension HKHealthStore {
  /// Saves `object`; the completion gets `(true, nil)` or `(false, error)` in the callback lane
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/save(_:withcompletion:)-6fmtg).
  public func save(
    _ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    save([object], withCompletion: completion)
  }

  /// Saves `objects`, all or nothing; the completion gets `(true, nil)` or `(false, error)`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/save(_:withcompletion:)-47iwb).
  public func save(
    _ objects: [HKObject],
    withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    save(objects, call: #function, withCompletion: completion)
  }

  /// `save(_:withCompletion:)` of an array, for the public call `call` that saves (reported
  /// under that name after the run: `finishSeries(metadata:completion:)`).
  func save(
    _ objects: [HKObject], call: StaticString,
    withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    guard let outcome = store(objects) else { return }
    simulation.enqueue(call: call) {
      switch outcome {
      case .success: completion(true, nil)
      case .failure(let error): completion(false, error)
      }
    }
  }

  /// Saves `object` (the async form).
  ///
  /// - Throws: an ``HKError`` as saving an array does.
  nonisolated(nonsending) public func save(_ object: HKObject) async throws {
    try await save([object])
  }

  /// Saves `objects` (the async form), all or nothing.
  ///
  /// - Throws: ``HKError``: `errorAuthorizationNotDetermined` ("Authorization not determined")
  ///   when sharing a type was never asked for, `errorAuthorizationDenied` ("Not authorized")
  ///   when the user denied it, `errorInvalidArgument` for an object whose UUID is in the store
  ///   already (or twice in `objects`), an object that is not a quantity, category,
  ///   state-of-mind, scored-assessment or CDA document sample, a workout (``HKWorkout``'s
  ///   deprecated initializers: an activity the engine knows, end not before start, an energy and a length total) or a correlation
  ///   (routes and heartbeat series come from their builders; the other kinds are not
  ///   simulated), or a correlation whose objects do not fit its type (``HKCorrelation``; its
  ///   objects are saved with it), or an effort score (`workoutEffortScore`,
  ///   `estimatedWorkoutEffortScore`: "HKWorkout: Sample of type <identifier> must be related
  ///   to a workout", the text apps get, https://developer.apple.com/forums/thread/763539; use
  ///   ``relateWorkoutEffortSample(_:with:activity:)``), a metadata value HealthKit does not
  ///   take (an array, a dictionary, ...: values are strings, numbers, dates or quantities,
  ///   https://developer.apple.com/documentation/healthkit/hkobject/metadata; on a device the
  ///   object's initializer raises an exception), or a workout event dated outside its workout
  ///   (https://developer.apple.com/documentation/healthkit/hkworkoutevent/date);
  ///   `HealthKitSimulation.AppTermination` after the app was terminated.
  nonisolated(nonsending) public func save(_ objects: [HKObject]) async throws {
    guard let outcome = store(objects) else { throw inertError() }
    await simulation.deliver()
    try outcome.get()
  }

  /// Deletes `object`, one of the app's own (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/delete(_:withcompletion:)-8qrsh).
  public func delete(
    _ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    delete([object], withCompletion: completion)
  }

  /// Deletes `objects`, all of them the app's own, all or nothing (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/delete(_:withcompletion:)-7wzhm).
  public func delete(
    _ objects: [HKObject],
    withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    guard let outcome = remove(objects) else { return }
    simulation.enqueue {
      switch outcome {
      case .success: completion(true, nil)
      case .failure(let error): completion(false, error)
      }
    }
  }

  /// Deletes `object` (the async form).
  ///
  /// - Throws: an ``HKError`` as deleting an array does.
  nonisolated(nonsending) public func delete(_ object: HKObject) async throws {
    try await delete([object])
  }

  /// Deletes `objects` (the async form), all or nothing.
  ///
  /// - Throws: ``HKError``: `errorInvalidArgument` for an object not in the store,
  ///   `errorAuthorizationDenied` ("Not authorized") for one another source saved;
  ///   `HealthKitSimulation.AppTermination` after the app was terminated.
  nonisolated(nonsending) public func delete(_ objects: [HKObject]) async throws {
    guard let outcome = remove(objects) else { throw inertError() }
    await simulation.deliver()
    try outcome.get()
  }

  /// Deletes the app's own objects of `objectType` that match `predicate`; the completion gets
  /// `(true, count, nil)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/deleteobjects(of:predicate:withcompletion:)).
  public func deleteObjects(
    of objectType: HKObjectType, predicate: NSPredicate,
    withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void
  ) {
    guard let outcome = removeMatching(objectType, predicate) else { return }
    simulation.enqueue {
      switch outcome {
      case .success(let count): completion(true, count, nil)
      case .failure(let error): completion(false, 0, error)
      }
    }
  }

  /// The async form of `deleteObjects(of:predicate:withCompletion:)`.
  ///
  /// For a correlation type the app's matching correlations go with their objects, as
  /// `delete(_:)` of a correlation does, and the count is of correlations; sharing their
  /// objects' types is what must be granted (project rule, docs/swift-api.md#saving-and-deleting).
  ///
  /// - Returns: the number of objects deleted.
  /// - Throws: `errorAuthorizationNotDetermined` or `errorAuthorizationDenied` when sharing the
  ///   type (for a correlation, a matching correlation's object's type) was never asked or was
  ///   denied; `HealthKitSimulation.AppTermination` after the app was terminated.
  @discardableResult
  nonisolated(nonsending) public func deleteObjects(
    of objectType: HKObjectType, predicate: NSPredicate
  ) async throws
    -> Int
  {
    guard let outcome = removeMatching(objectType, predicate) else { throw inertError() }
    await simulation.deliver()
    return try outcome.get()
  }

  // MARK: - Rules

  /// The error of a call after the app's termination.
  func inertError() -> any Error {
    simulation.appTermination ?? HKError(.errorInvalidArgument, HealthKitSimulation.inertMessage)
  }

  /// Saves under the lock; `nil` when the app was terminated (inert).
  private func store(_ given: [HKObject]) -> Result<Void, HKError>? {
    let context = QueryContext(simulation: simulation)
    let simulation = simulation
    return simulation.mutateHealth { state -> Result<Void, HKError>? in
      guard state.terminated == nil else { return nil }
      // A correlation is saved as its objects, and kept beside them (Values/HKCorrelation.swift).
      let (objects, correlations): ([HKObject], [HKCorrelation])
      switch Self.expandingCorrelations(given, state) {
      case .success(let expanded): (objects, correlations) = expanded
      case .failure(let error): return .failure(error)
      }
      switch insert(
        objects, correlations: correlations, into: &state, context: context, relating: false,
        call: "save")
      {
      case .success: break
      case .failure(let error): return .failure(error)
      }
      state.saved.append(contentsOf: given)
      return .success(())
    }
  }

  /// The error of saving `sample` when its type takes point-in-time samples only and its start
  /// and end differ, else `nil`: `menopausalState` (iOS 27; Apple: "The framework validates
  /// that the start and end dates are identical. An error results if you attempt to save a
  /// sample that contains different dates",
  /// https://developer.apple.com/documentation/healthkit/recording-and-querying-menopausal-state).
  /// The code, `errorInvalidArgument`, is a project rule: Apple names none (it is HealthKit's
  /// code for an object the store refuses as given). The dates are compared as the app gave
  /// them, before the wall-clock rule reads them.
  static func pointInTimeError(_ sample: HKSample, call: String) -> HKError? {
    guard sample.sampleType.identifier == "HKCategoryTypeIdentifierMenopausalState",
      sample.startDate != sample.endDate
    else { return nil }
    return HKError(
      .errorInvalidArgument,
      "\(call): a menopausalState sample is a point in time: its start date \(sample.startDate) and end date \(sample.endDate) must be identical (pass the same Date as start and end)"
    )
  }

  /// Checks and stores `objects` (quantity, category and object samples: states of mind,
  /// scored assessments, CDA documents) under the app's source in `state`, all or nothing, and returns their store ids.
  /// Effort scores only when `relating` (`relateWorkoutEffortSample`); `save` gets
  /// ``unrelatedEffortError(_:)``. `correlations` (checked, their objects among `objects`) are
  /// kept beside them. Every date of the call (samples' and correlations' start and end, a
  /// workout's start, end and events) is read by the wall-clock rule in one reading naming `call`
  /// (`save`, `add(_:to:completion:)`, `relateWorkoutEffortSample`): one `wallClockDate` entry,
  /// or with strict dates the call's error (docs/swift-api.md#the-wall-clock-rule).
  func insert(
    _ given: [HKObject], correlations: [HKCorrelation] = [],
    into state: inout HealthKitSimulation.State, context: QueryContext, relating: Bool,
    call: String
  ) -> Result<[HealthSampleID], HKError> {
    var seen = Set<UUID>()
    var stored: [HKSample] = []
    var kinds: [HealthDataType] = []
    var workouts: [HKWorkout] = []
    // Metadata values HealthKit takes (`HKWorkoutBuilder.metadataRefusal`, the rule
    // `addMetadata` applies): on a device an object made with another raises an exception at
    // its initializer; here `save` fails naming the key (docs/swift-api.md#metadata).
    for object in given + correlations as [HKObject] {
      let events = (object as? HKWorkout)?.workoutEvents ?? []
      if let message = HKWorkoutBuilder.metadataRefusal(
        object.metadata, of: " of an \(Swift.type(of: object))")
        ?? events.lazy.compactMap({
          HKWorkoutBuilder.metadataRefusal($0.metadata, of: " of a workout event")
        }).first
      {
        return .failure(HKError(.errorInvalidArgument, "\(call): " + message))
      }
    }
    // Sync identifiers (Store/SyncIdentity.swift): objects HealthKit ignores are not stored,
    // and the older versions the others replace are deleted once they are.
    let objects: [HKObject]
    let replaced: [HealthSampleID]
    switch state.applyingSyncIdentities(to: given) {
    case .success(let applied): (objects, replaced) = applied
    case .failure(let error): return .failure(HKError(error.code, "\(call): " + error.message))
    }
    for object in objects {
      // A workout the app made with HKWorkout's deprecated initializers
      // (Store/HKHealthStore+Workouts.swift).
      if let workout = object as? HKWorkout {
        if let error = state.workoutSaveError(workout) { return .failure(error) }
        guard seen.insert(workout.uuid).inserted,
          state.health.id(ofUUID: HealthKitSimulation.State.storeUUID(workout.uuid)) == nil
        else {
          return .failure(
            HKError(
              .errorInvalidArgument,
              "An object with UUID \(workout.uuid.uuidString) has already been saved"))
        }
        workouts.append(workout)
        continue
      }
      // Routes and heartbeat series come from their builders; the store's other object kinds
      // (states of mind, CDA documents) are saved as they are.
      guard let sample = object as? HKSample, let kind = sample.sampleType.healthDataType,
        kind.isQuantity || kind.isCategory || (kind.isObject && !(sample is HKSeriesSample))
      else {
        let name = (object as? HKSample)?.sampleType.identifier ?? "\(Swift.type(of: object))"
        return .failure(
          HKError(
            .errorInvalidArgument,
            "SimulatedHealthKit's store takes quantity, category, state-of-mind, scored-assessment and CDA document samples, workouts and correlations (routes and heartbeat series come from their builders); \(name) is not simulated"
          ))
      }
      if !relating, let error = Self.unrelatedEffortError(sample.sampleType) {
        return .failure(error)
      }
      if let error = state.shareError(sample.sampleType.identifier) { return .failure(error) }
      if let error = Self.pointInTimeError(sample, call: call) { return .failure(error) }
      let storeUUID = HealthKitSimulation.State.storeUUID(sample.uuid)
      guard seen.insert(sample.uuid).inserted, state.health.id(ofUUID: storeUUID) == nil else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "An object with UUID \(sample.uuid.uuidString) has already been saved"))
      }
      stored.append(sample)
      kinds.append(kind)
    }
    // The call's dates in one reading (the wall-clock rule): one entry for the call; with
    // strict dates a date of the real clock refuses the whole call.
    let sampleDates = stored.flatMap { [$0.startDate, $0.endDate] }
    let workoutDates = workouts.map { workout in
      [workout.startDate, workout.endDate]
        + (workout.workoutEvents ?? []).flatMap(\.wallClockDates)
    }
    let correlationDates = correlations.flatMap { [$0.startDate, $0.endDate] }
    let instants: [SimulationInstant]
    switch simulation.readAppDates(
      sampleDates + correlationDates + workoutDates.flatMap { $0 }, call: call, in: &state)
    {
    case .success(let read): instants = read
    case .failure(let error): return .failure(HKError(error))
    }
    var spans = Array(instants.prefix(sampleDates.count + correlationDates.count))
    var workoutStart = instants.dropFirst(spans.count)
    // Each workout's events within its span (HealthKit's rule, `WorkoutRecord.isWithin`), as
    // read on virtual time: an event outside would be left out of the stored workout.
    var outside: String?
    for (workout, dates) in zip(workouts, workoutDates) {
      let read = Array(workoutStart.prefix(dates.count))
      spans += read.prefix(2)
      workoutStart = workoutStart.dropFirst(dates.count)
      guard outside == nil, read.count > 2, read[0] <= read[1] else { continue }
      // Each event's start is judged against the workout's span (HealthKit places an event by
      // its start alone: `HKWorkoutEvent.wallClockDates`). Its end, read by the wall-clock rule
      // with the start, as the builders' `addWorkoutEvents` read it, only gives its duration
      // (`storeAppWorkout`).
      for (event, date) in zip(
        workout.workoutEvents ?? [], stride(from: 2, to: read.count, by: 2).map { read[$0] })
      {
        outside = WorkoutRecord.eventOutsideMessage(
          WorkoutEvent(event.type.engineValue, at: date), start: read[0], end: read[1],
          when: .saving)
        if outside != nil { break }
      }
    }
    if let error = HealthKitSimulation.State.reversedSpanError(spans, call: call) {
      return .failure(error)
    }
    if let outside { return .failure(HKError(.errorInvalidArgument, "\(call): " + outside)) }
    var ids = state.storeAppSamples(
      stored, kinds: kinds, instants: Array(instants.prefix(sampleDates.count)), context: context)
    var rest = instants.dropFirst(sampleDates.count)
    if !correlations.isEmpty {
      let read = Array(rest.prefix(correlationDates.count))
      let queried = correlations.enumerated().map { index, correlation in
        state.queriedCorrelation(
          correlation, start: read[2 * index], end: read[2 * index + 1], context: context)
      }
      // Each correlation's key: its first object's store id (its objects are stored above).
      let keys = correlations.map { correlation in
        correlation.orderedObjects.first.flatMap {
          state.health.id(ofUUID: HealthKitSimulation.State.storeUUID($0.uuid))
        }
      }
      state.withExtension(CorrelationStore.self, of: simulation) { store, _ in
        for (index, correlation) in queried.enumerated() {
          store.correlations.append(
            CorrelationStore.Saved(
              correlation: correlation, start: read[2 * index], end: read[2 * index + 1],
              key: keys[index]))
        }
      }
    }
    rest = rest.dropFirst(correlationDates.count)
    // The device whose app saves: the store's, else (a store made outside `on(_:)`) the
    // task's, the watch by default; it decides whose exercise minutes a workout brings.
    let saving = (device ?? HealthKitSimulation.device).workoutDevice
    for (workout, dates) in zip(workouts, workoutDates) {
      let now = state.session.now
      // A workout with no date of the real clock keeps its dates' own instants.
      let read = Array(rest.prefix(dates.count))
      rest = rest.dropFirst(dates.count)
      let leaked = dates.contains { simulation.isWallClockLeak($0, now: now) }
      ids.append(
        state.storeAppWorkout(
          workout, instants: leaked ? read : nil, savedOn: saving, context: context))
    }
    state.deleteAppObjects(replaced)
    if let device {
      state.noteDeviceSave(
        ids, uuids: stored.map(\.uuid.uuidString), device: device, simulation: simulation)
    }
    return .success(ids)
  }

  /// `objects` with every correlation replaced by its objects, and the correlations; an error
  /// for a correlation whose objects do not fit its type or that was saved before.
  private static func expandingCorrelations(
    _ objects: [HKObject], _ state: HealthKitSimulation.State
  ) -> Result<([HKObject], [HKCorrelation]), HKError> {
    let saved = Set(
      (state.extensionState(CorrelationStore.self)?.correlations ?? []).map(\.correlation.uuid))
    var expanded: [HKObject] = []
    var correlations: [HKCorrelation] = []
    for object in objects {
      guard let correlation = object as? HKCorrelation else {
        expanded.append(object)
        continue
      }
      if let message = correlation.invalidObjectsMessage {
        return .failure(HKError(.errorInvalidArgument, message))
      }
      guard !saved.contains(correlation.uuid), !correlations.contains(correlation) else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "An object with UUID \(correlation.uuid.uuidString) has already been saved"))
      }
      correlations.append(correlation)
      expanded.append(contentsOf: correlation.orderedObjects)
    }
    return .success((expanded, correlations))
  }

  /// Deletes under the lock; `nil` when inert.
  private func remove(_ given: [HKObject]) -> Result<Void, HKError>? {
    simulation.mutateHealth { state -> Result<Void, HKError>? in
      guard state.terminated == nil else { return nil }
      // Deleting a correlation deletes its objects (workout-sim's choice; the correlation goes
      // with them).
      let saved = state.extensionState(CorrelationStore.self)?.correlations ?? []
      let deletedCorrelations = Set(given.compactMap { $0 as? HKCorrelation }.map(\.uuid))
      let objects = given.flatMap { object -> [HKObject] in
        guard let correlation = object as? HKCorrelation,
          let kept = saved.first(where: { $0.correlation.uuid == correlation.uuid })
        else { return [object] }
        return kept.correlation.orderedObjects
      }
      var ids: [HealthSampleID] = []
      for object in objects {
        guard let id = state.health.id(ofUUID: HealthKitSimulation.State.storeUUID(object.uuid))
        else {
          return .failure(
            HKError(
              .errorInvalidArgument,
              "The object with UUID \(object.uuid.uuidString) is not in the store"))
        }
        guard state.isAppsOwn(id) else {
          return .failure(HKError(.errorAuthorizationDenied, "Not authorized"))
        }
        ids.append(id)
      }
      // A workout's routes go with it (project rule, docs/healthkit-behaviour.md#deleting-a-workout).
      state.deleteAppObjects(ids + state.attachedRoutes(of: ids))
      if !deletedCorrelations.isEmpty, var store = state.extensionState(CorrelationStore.self) {
        store.removed += store.correlations.filter {
          deletedCorrelations.contains($0.correlation.uuid)
        }
        store.correlations.removeAll { deletedCorrelations.contains($0.correlation.uuid) }
        state.extensions[ObjectIdentifier(CorrelationStore.self)] = store
      }
      return .success(())
    }
  }

  /// Deletes the app's objects of `type` matching `predicate` under the lock; `nil` when inert.
  private func removeMatching(_ type: HKObjectType, _ predicate: NSPredicate) -> Result<
    Int, HKError
  >? {
    let context = QueryContext(simulation: simulation)
    let world = simulation
    return world.mutateHealth { state -> Result<Int, HKError>? in
      guard state.terminated == nil else { return nil }
      let correlation = type is HKCorrelationType
      // A correlation type is never shared: its objects' types are (below).
      if !correlation, let error = state.shareError(type.identifier) { return .failure(error) }
      let kind = type.healthDataType
      guard kind != nil || correlation else { return .success(0) }
      // With strict dates a real-clock date in the predicate refuses the call, as a query's.
      for (date, call) in HKPredicate.appDates(in: predicate) {
        if let error = world.refuseStrictDates([date], call: call, in: &state) {
          return .failure(HKError(error))
        }
      }
      guard let kind else {
        return state.removeCorrelations(of: type, matching: predicate, context: context)
      }
      let own = state.appSourceIndex()
      // The app's own objects, whatever it may read (a vision prescription it saved goes
      // without the per-object sheet; ``isAppsOwn(_:)``).
      var filter = state.filter(
        for: predicate, type: kind, identifier: type.identifier, context: context, reading: false)
      filter = .and([filter, .sources([own])])
      let ids = state.health.samples(
        of: kind, where: filter, at: state.session.now, sortedBy: [], limit: nil)
      // A workout's routes go with it, not counted (docs/healthkit-behaviour.md#deleting-a-workout).
      state.deleteAppObjects(ids + state.attachedRoutes(of: ids))
      return .success(ids.count)
    }
  }
}

extension HealthKitSimulation.State {
  /// Deletes the app's saved correlations of `type` matching `predicate` (their dates read by
  /// the wall-clock rule, as a correlation query's) and, as `delete(_:)` of a correlation does,
  /// their objects; returns how many correlations went. Sharing each of their objects' types
  /// must be granted (``shareError(_:)``, the rule `save` applies to a correlation's objects:
  /// HealthKit authorizes a correlation's quantity types, never the correlation type, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationquery); the first refused
  /// type fails the call and nothing is deleted (project rule,
  /// docs/swift-api.md#saving-and-deleting).
  mutating func removeCorrelations(
    of type: HKObjectType, matching predicate: NSPredicate, context: QueryContext
  ) -> Result<Int, HKError> {
    let matched = correlations(of: type, matching: predicate, context: context)
    var ids: [HealthSampleID] = []
    for saved in matched {
      for object in saved.correlation.orderedObjects {
        if let error = shareError(object.sampleType.identifier) { return .failure(error) }
        if let id = health.id(ofUUID: Self.storeUUID(object.uuid)), isAppsOwn(id) {
          ids.append(id)
        }
      }
    }
    guard !matched.isEmpty else { return .success(0) }
    // As `delete(_:)` of a correlation: the objects' sync identities stay with their deleted
    // objects, and their identifiers are free again (Store/SyncIdentity.swift).
    deleteAppObjects(ids)
    let gone = Set(matched.map(\.correlation.uuid))
    if var store = extensionState(CorrelationStore.self) {
      store.removed += store.correlations.filter { gone.contains($0.correlation.uuid) }
      store.correlations.removeAll { gone.contains($0.correlation.uuid) }
      extensions[ObjectIdentifier(CorrelationStore.self)] = store
    }
    return .success(matched.count)
  }

  /// Whether the live store object `id` is the app's own, saved under its source
  /// (``HKSource/default()``): by `save`, a series or workout builder's finishing call, or a
  /// live workout builder as the samples it collected. These are what `delete` and
  /// `deleteObjects` may remove: "Your app can delete only those objects that it has
  /// previously saved to the HealthKit store" (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/delete(_:withcompletion:)-78l1m),
  /// whether or not it may read them.
  mutating func isAppsOwn(_ id: HealthSampleID) -> Bool {
    !health.isDeleted(id) && health.sample(id).source == appSourceIndex()
  }

  /// The authorization error of writing samples of type `identifier`, or `nil` when sharing it
  /// was granted: the one rule of every write path (`save`, `deleteObjects`, the
  /// series builders). Never asked: `errorAuthorizationNotDetermined` ("Authorization not
  /// determined"; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkerror/errorauthorizationnotdetermined);
  /// denied: `errorAuthorizationDenied` ("Not authorized"; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkerror/errorauthorizationdenied).
  /// A workout builder's `finishWorkout()` does not ask it yet (docs/healthkit-behaviour.md).
  func shareError(_ identifier: String) -> HKError? {
    switch authorization.shareGranted(identifier) {
    case nil: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
    case false?: HKError(.errorAuthorizationDenied, "Not authorized")
    case true?: nil
    }
  }
}
