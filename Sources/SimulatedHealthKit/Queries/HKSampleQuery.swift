import WorkoutCore
import WorkoutHealth

/// A one-shot query for samples, HealthKit's `HKSampleQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksamplequery).
///
/// Returns every source's samples (never merged), as ``HKCumulativeQuantitySample`` or
/// ``HKDiscreteQuantitySample`` (by the type's aggregation style), ``HKCategorySample``,
/// ``HKWorkout`` or ``HKCorrelation`` objects, or the objects the app saved of the other sample
/// types (routes, heartbeat series, states of mind, audiograms, scored assessments, CDA
/// documents without their document): the app's own saves as it saved them (a quantity sample
/// as its concrete class), generated ones with the store's deterministic UUIDs, their source's
/// revision and device. Without sort descriptors the order is the store's (arrival order).
public final class HKSampleQuery: HKQuery, @unchecked Sendable {
  /// The largest number of samples returned; ``HKObjectQueryNoLimit`` (0) for all.
  public let limit: Int
  /// How the samples are ordered, or `nil`.
  public let sortDescriptors: [NSSortDescriptor]?
  private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
  /// The descriptors of ``init(queryDescriptors:limit:sortDescriptors:resultsHandler:)`` (the
  /// samples that match any of them), or `nil` for a query of one type.
  let queryDescriptors: [HKQueryDescriptor]?
  /// The order of a query of descriptors: its sort descriptors', or an
  /// ``HKSampleQueryDescriptor``'s Swift `SortDescriptor`s.
  private let orders: [SampleOrder]

  override var datedPredicates: [NSPredicate?] {
    queryDescriptors.map { $0.map(\.predicate) } ?? [predicate]
  }

  /// A query for samples of `sampleType` that match `predicate`, at most `limit`, in the order
  /// of `sortDescriptors` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplequery/init(sampletype:predicate:limit:sortdescriptors:resultshandler:)).
  ///
  /// - Parameters:
  ///   - sampleType: the type.
  ///   - predicate: a predicate of `HKQuery`'s helpers (or a compound of them), or `nil`.
  ///   - limit: the largest number of results, ``HKObjectQueryNoLimit`` for all.
  ///   - sortDescriptors: `NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)` or
  ///     `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)` (this
  ///     module's overload), or `nil`.
  ///   - resultsHandler: called once in the callback lane with the samples, or with `nil` and
  ///     an error (`errorDatabaseInaccessible` while the phone is locked,
  ///     `errorAuthorizationNotDetermined` for a type never asked to read).
  public init(
    sampleType: HKSampleType, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?,
    resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
  ) {
    self.limit = limit
    self.sortDescriptors = sortDescriptors
    self.resultsHandler = resultsHandler
    self.queryDescriptors = nil
    self.orders = []
    super.init(objectType: sampleType, predicate: predicate)
  }

  /// A query for the samples that match any of `queryDescriptors` (each sample once), at most
  /// `limit`, without a set order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplequery/init(querydescriptors:limit:resultshandler:);
  /// iOS 15, watchOS 8). The samples come descriptor by descriptor, each descriptor's in the
  /// store's order, a sample a former descriptor matched left out.
  ///
  /// - Parameters:
  ///   - queryDescriptors: the types and predicates.
  ///   - limit: the largest number of results, ``HKObjectQueryNoLimit`` for all.
  ///   - resultsHandler: called once in the callback lane with the samples, or with `nil` and
  ///     the error of the first descriptor that fails (as ``init(sampleType:predicate:limit:sortDescriptors:resultsHandler:)``'s).
  public convenience init(
    queryDescriptors: [HKQueryDescriptor], limit: Int,
    resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
  ) {
    self.init(
      queryDescriptors: queryDescriptors, limit: limit, sortDescriptors: nil, orders: [],
      resultsHandler: resultsHandler)
  }

  /// A query for the samples that match any of `queryDescriptors` (each sample once, however
  /// many descriptors match it), sorted by `sortDescriptors`, at most `limit` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplequery/init(querydescriptors:limit:sortdescriptors:resultshandler:);
  /// iOS 15, watchOS 8: "samples that match any of the query descriptors"). The limit counts
  /// the union after the sort.
  public convenience init(
    queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
    resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
  ) {
    self.init(
      queryDescriptors: queryDescriptors, limit: limit, sortDescriptors: sortDescriptors,
      orders: sortDescriptors.map(SampleOrder.init), resultsHandler: resultsHandler)
  }

  /// A query of descriptors ordered by `orders` (``HKSampleQueryDescriptor``'s Swift sort
  /// descriptors, or `sortDescriptors`').
  init(
    queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor]?,
    orders: [SampleOrder],
    resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
  ) {
    self.limit = limit
    self.sortDescriptors = sortDescriptors
    self.resultsHandler = resultsHandler
    self.queryDescriptors = queryDescriptors
    self.orders = orders
    let (type, predicate) = Self.one(of: queryDescriptors)
    super.init(objectType: type, predicate: predicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    let result =
      if let queryDescriptors {
        Self.samples(
          matchingAny: queryDescriptors, limit: limit, orders: orders, context: context,
          state: &state)
      } else {
        Self.samples(
          of: objectType, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors,
          context: context, state: &state)
      }
    return [
      { [self] in
        guard !isStopped else { return }
        switch result {
        case .success(let samples): resultsHandler(self, samples, nil)
        case .failure(let error): resultsHandler(self, nil, error)
        }
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, nil, error)
      }
    ]
  }

  /// The samples of a sample query, or its error.
  static func samples(
    of objectType: HKObjectType?, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?, context: QueryContext,
    state: inout HealthKitSimulation.State
  ) -> Result<[HKSample], HKError> {
    guard let objectType else { return .success([]) }
    if let correlationType = objectType as? HKCorrelationType {
      return HKCorrelationQuery.samples(
        of: correlationType, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors,
        context: context, state: &state)
    }
    // Dose events: those of the medications the person allowed in the medications sheet.
    if objectType is HKMedicationDoseEventType {
      let predicate = state.doseEventPredicate(predicate, context: context)
      return .success(
        state.medicationDoseEvents(
          predicate: predicate, limit: limit, sortDescriptors: sortDescriptors))
    }
    // A per-object type is read after its own sheet (`requestPerObjectReadAuthorization`).
    guard
      state.readAskedFor(objectType)
        || objectType.requiresPerObjectAuthorization()
    else {
      return .failure(notDeterminedError)
    }
    // A document comes without its document, as on a device (HKDocumentQuery gives it).
    return .success(
      state.storedSamples(
        of: objectType, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors,
        context: context
      ).map(\.asQueried))
  }

  /// The samples matching any of `descriptors`, each once (by UUID), descriptor by descriptor,
  /// sorted by `orders` (a date key by the instants the store holds), at most `limit` (0: all):
  /// the one home of a query of several descriptors, ``init(queryDescriptors:limit:sortDescriptors:resultsHandler:)``
  /// and ``HKSampleQueryDescriptor``. The first descriptor whose type cannot be read fails it.
  static func samples(
    matchingAny descriptors: [HKQueryDescriptor], limit: Int, orders: [SampleOrder],
    context: QueryContext, state: inout HealthKitSimulation.State
  ) -> Result<[HKSample], HKError> {
    var found: [HKSample] = []
    var seen = Set<UUID>()
    for descriptor in descriptors {
      switch samples(
        of: descriptor.sampleType, predicate: descriptor.predicate, limit: HKObjectQueryNoLimit,
        sortDescriptors: nil, context: context, state: &state)
      {
      case .failure(let error): return .failure(error)
      case .success(let samples):
        found += samples.filter { seen.insert($0.uuid).inserted }
      }
    }
    if !orders.isEmpty {
      let instants =
        orders.contains { $0.healthSort != nil }
        ? state.instants(of: found, since: context.simulation.startDate) : nil
      found = sorted(found, by: orders, instants: instants)
    }
    if limit > 0, found.count > limit { found = Array(found.prefix(limit)) }
    return .success(found)
  }

  /// `objects` in the order of `descriptors` (the first that tells two apart decides), equal
  /// ones in their given order (the `SampleOrder` form below).
  static func sorted(
    _ objects: [HKSample], by descriptors: [NSSortDescriptor],
    instants: [(start: SimulationInstant, end: SimulationInstant)]? = nil
  ) -> [HKSample] {
    sorted(objects, by: descriptors.map(SampleOrder.init), instants: instants)
  }

  /// `objects` in the order of `orders` (the first that tells two apart decides), equal ones
  /// in their given order: the one home of a sample query's sort, for `NSSortDescriptor`s
  /// (``HKSampleQuery``) and Swift's `SortDescriptor`s (``HKSampleQueryDescriptor``). With
  /// `instants` (each object's start and end instants, in `objects`' order), a start- or
  /// end-date order (``SampleOrder/healthSort``) compares those, as the store sorts its samples,
  /// also among other keys: a date the app wrote from the real clock sorts at the virtual
  /// instant the wall-clock rule read it at (docs/swift-api.md#the-wall-clock-rule).
  static func sorted(
    _ objects: [HKSample], by orders: [SampleOrder],
    instants: [(start: SimulationInstant, end: SimulationInstant)]?
  ) -> [HKSample] {
    guard !orders.isEmpty else { return objects }
    func order(_ order: SampleOrder, _ left: Int, _ right: Int) -> ComparisonResult {
      guard let instants, let sort = order.healthSort else {
        return order.compare(objects[left], objects[right])
      }
      let (a, b, ascending) =
        switch sort {
        case .startDate(let ascending): (instants[left].start, instants[right].start, ascending)
        case .endDate(let ascending): (instants[left].end, instants[right].end, ascending)
        }
      if a == b { return .orderedSame }
      return (a < b) == ascending ? .orderedAscending : .orderedDescending
    }
    return objects.indices.sorted { left, right in
      for sampleOrder in orders {
        switch order(sampleOrder, left, right) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: continue
        }
      }
      return left < right
    }.map { objects[$0] }
  }
}

/// One key of a sample query's sort: an `NSSortDescriptor`'s or a Swift `SortDescriptor`'s
/// comparison of two samples, and the store's date sort when the key is a start or end date.
struct SampleOrder {
  /// The store's sort when the key is `startDate` or `endDate`, else `nil`.
  let healthSort: HealthSort?
  /// The descriptor's own comparison of two samples (their dates as the app wrote them).
  let compare: (HKSample, HKSample) -> ComparisonResult

  /// The order of `descriptor`. On Darwin a descriptor made from a workout key
  /// (`NSSortDescriptor(key: HKWorkoutSortIdentifierDuration, ascending: false)`, Foundation's
  /// own initializer) compares the workouts' values (``workout(by:ascending:)``): key-value
  /// coding cannot read ``HKWorkout``'s Swift properties.
  init(_ descriptor: NSSortDescriptor) {
    healthSort = descriptor.healthSort
    #if canImport(Darwin)
      if descriptor.keyPath == nil,
        let path = NSSortDescriptor.workoutSortKeyPath(for: descriptor.key)
      {
        compare = Self.workout(by: path, ascending: descriptor.ascending)
        return
      }
    #endif
    compare = { descriptor.compare($0, to: $1) }
  }

  /// The comparison of two workouts by the value at `path` (a sample that is not a workout
  /// first, as one without the value), ascending or not.
  static func workout(by path: KeyPath<HKWorkout, Double>, ascending: Bool)
    -> (HKSample, HKSample) -> ComparisonResult
  {
    { left, right in
      let a = (left as? HKWorkout)?[keyPath: path] ?? -.infinity
      let b = (right as? HKWorkout)?[keyPath: path] ?? -.infinity
      if a == b { return .orderedSame }
      return (a < b) == ascending ? .orderedAscending : .orderedDescending
    }
  }

  /// The order of `descriptor`, for samples of `Sample` (the query's results are).
  init<Sample: HKSample>(_ descriptor: SortDescriptor<Sample>) {
    healthSort = descriptor.keyPath.flatMap {
      NSSortDescriptor.healthSort(of: $0, ascending: descriptor.order == .forward)
    }
    compare = { descriptor.compare($0 as! Sample, $1 as! Sample) }
  }
}

extension NSSortDescriptor {
  /// The store's sort for a start- or end-date descriptor, or `nil` for any other.
  var healthSort: HealthSort? {
    #if canImport(Darwin)
      // Darwin's Foundation declares `keyPath` optional: `nil` for a descriptor made from a
      // key, as its own `init(key:ascending:)` makes `HKSampleSortIdentifierStartDate`'s
      // (docs/darwin.md). Linux's Foundation has a key path on every descriptor and no `key`.
      guard let keyPath else {
        switch key {
        case HKSampleSortIdentifierStartDate?: return .startDate(ascending: ascending)
        case HKSampleSortIdentifierEndDate?: return .endDate(ascending: ascending)
        default: return nil
        }
      }
    #endif
    return Self.healthSort(of: keyPath, ascending: ascending)
  }

  /// The store's sort for a key path that is a sample's start or end date, or `nil`.
  static func healthSort(of keyPath: AnyKeyPath, ascending: Bool) -> HealthSort? {
    if startKeyPaths.contains(keyPath) { return .startDate(ascending: ascending) }
    if endKeyPaths.contains(keyPath) { return .endDate(ascending: ascending) }
    return nil
  }

  /// `startDate` of ``HKSample`` and of the sample classes a query returns (a key path names
  /// its root class: `\HKStateOfMind.startDate` is not `\HKSample.startDate`).
  private static var startKeyPaths: Set<AnyKeyPath> {
    [
      \HKSample.startDate, \HKQuantitySample.startDate, \HKCumulativeQuantitySample.startDate,
      \HKDiscreteQuantitySample.startDate, \HKCategorySample.startDate, \HKWorkout.startDate,
      \HKCorrelation.startDate, \HKStateOfMind.startDate, \HKWorkoutRoute.startDate,
      \HKHeartbeatSeriesSample.startDate, \HKAudiogramSample.startDate,
      \HKCDADocumentSample.startDate, \HKMedicationDoseEvent.startDate,
    ]
  }

  /// `endDate` of the classes of ``startKeyPaths``.
  private static var endKeyPaths: Set<AnyKeyPath> {
    [
      \HKSample.endDate, \HKQuantitySample.endDate, \HKCumulativeQuantitySample.endDate,
      \HKDiscreteQuantitySample.endDate, \HKCategorySample.endDate, \HKWorkout.endDate,
      \HKCorrelation.endDate, \HKStateOfMind.endDate, \HKWorkoutRoute.endDate,
      \HKHeartbeatSeriesSample.endDate, \HKAudiogramSample.endDate,
      \HKCDADocumentSample.endDate, \HKMedicationDoseEvent.endDate,
    ]
  }
}

extension HealthKitSimulation.State {
  /// Each of `samples`' start and end on virtual time, as the store holds them: a stored
  /// sample's instants (its dates as the wall-clock rule read them when it was saved), a saved
  /// correlation's, else its dates' own instants since `origin` (the scenario's start).
  func instants(of samples: [HKSample], since origin: Date)
    -> [(start: SimulationInstant, end: SimulationInstant)]
  {
    let correlations = extensionState(CorrelationStore.self)?.correlations ?? []
    return samples.map { sample in
      if let id = healthStorage.id(ofUUID: Self.storeUUID(sample.uuid)) {
        let stored = healthStorage.sample(id)
        return (stored.start, stored.end)
      }
      if let saved = correlations.first(where: { $0.correlation.uuid == sample.uuid }) {
        return (saved.start, saved.end)
      }
      return (
        SimulationInstant(sample.startDate, since: origin),
        SimulationInstant(sample.endDate, since: origin)
      )
    }
  }

  /// The store's samples of `objectType` matching `predicate` (read rule applied, no
  /// authorization check), as the objects saved or made for them, sorted by `sortDescriptors`
  /// (else in arrival order), at most `limit` (0 for all); none for a type the store does not
  /// hold.
  mutating func storedSamples(
    of objectType: HKObjectType, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?, context: QueryContext
  ) -> [HKSample] {
    guard let kind = objectType.healthDataType else { return [] }
    let filter = filter(
      for: predicate, type: kind, identifier: objectType.identifier, context: context)
    return storedSamples(
      of: kind, where: filter, limit: limit, sortDescriptors: sortDescriptors, context: context)
  }

  /// The store's samples of `kind` matching `filter` (a predicate's, read once by
  /// ``filter(for:type:identifier:context:view:reading:)``), as ``storedSamples(of:predicate:limit:sortDescriptors:context:)``
  /// gives them: for a query that tests more with the same filter (a series query's quantities).
  func storedSamples(
    of kind: HealthDataType, where filter: HealthFilter, limit: Int,
    sortDescriptors: [NSSortDescriptor]?, context: QueryContext
  ) -> [HKSample] {
    let descriptors = sortDescriptors ?? []
    let storeSort = descriptors.map(\.healthSort)
    let limit = limit > 0 ? limit : nil
    if storeSort.allSatisfy({ $0 != nil }) {
      let ids = healthStorage.samples(
        of: kind, where: filter, at: session.now, sortedBy: storeSort.compactMap { $0 },
        limit: limit)
      return ids.map { object($0, context: context) }
    }
    // Descriptors the store does not sort by: sort the objects (a date key by the instants the
    // store holds), then apply the limit.
    let ids = healthStorage.samples(
      of: kind, where: filter, at: session.now, sortedBy: [], limit: nil)
    var objects = HKSampleQuery.sorted(
      ids.map { object($0, context: context) }, by: descriptors,
      instants: ids.map { (healthStorage.sample($0).start, healthStorage.sample($0).end) })
    if let limit, objects.count > limit { objects = Array(objects.prefix(limit)) }
    return objects
  }
}
