import Synchronization
import WorkoutHealth

/// A sample type and predicate, HealthKit's `HKQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquerydescriptor), for queries of
/// several types.
public final class HKQueryDescriptor: NSObject, @unchecked Sendable {
  /// The type.
  public let sampleType: HKSampleType
  /// The predicate, or `nil` for every sample of the type.
  public let predicate: NSPredicate?

  /// A descriptor of the samples of `sampleType` matching `predicate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquerydescriptor/init(sampletype:predicate:)).
  ///
  /// Traps when `predicate` compares a quantity type's samples with a quantity of another
  /// dimension (``HKQuery``'s message, docs/swift-api-values.md#traps).
  public init(sampleType: HKSampleType, predicate: NSPredicate?) {
    HKQuery.checkQuantities(in: predicate, for: sampleType)
    self.sampleType = sampleType
    self.predicate = predicate
  }
}

/// A typed sample type and predicate for the async query descriptors, HealthKit's
/// `HKSamplePredicate` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksamplepredicate).
public struct HKSamplePredicate<Sample: HKSample>: Sendable {
  /// The type.
  public let sampleType: HKSampleType
  /// The predicate, or `nil`.
  nonisolated(unsafe) public let nsPredicate: NSPredicate?

  /// Traps when `predicate` compares a quantity type's samples with a quantity of another
  /// dimension (``HKQuery``'s message, docs/swift-api-values.md#traps).
  init(sampleType: HKSampleType, predicate: NSPredicate?) {
    HKQuery.checkQuantities(in: predicate, for: sampleType)
    self.sampleType = sampleType
    self.nsPredicate = predicate
  }
}

extension HKSamplePredicate: Equatable, Hashable {
  /// Whether two predicates match the same samples: equal sample types and equal
  /// `NSPredicate`s (both `nil`, or equal by `HKPredicate.sameValue(_:_:)`: the same helper
  /// with equal arguments, compounds of equal parts), so a `Set` or dictionary of descriptors'
  /// predicates works as on a device (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate; Swift's
  /// https://developer.apple.com/documentation/swift/equatable).
  public static func == (lhs: HKSamplePredicate, rhs: HKSamplePredicate) -> Bool {
    guard lhs.sampleType == rhs.sampleType else { return false }
    switch (lhs.nsPredicate, rhs.nsPredicate) {
    case (nil, nil): return true
    case (let left?, let right?): return HKPredicate.sameValue(left, right)
    default: return false
    }
  }

  /// Hashes the sample type and the predicate's value as `HKPredicate.hashValue(of:into:)`
  /// reads it (Apple doc: https://developer.apple.com/documentation/swift/hashable/hash(into:)).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(sampleType)
    hasher.combine(nsPredicate != nil)
    if let nsPredicate { HKPredicate.hashValue(of: nsPredicate, into: &hasher) }
  }
}

extension HKPredicate {
  /// Whether `left` and `right` say the same (project rule, the one home of predicate
  /// equality for ``HKSamplePredicate``): helper predicates by their filters (``isEqual(_:)``),
  /// `NSCompoundPredicate`s by their kind and their parts in order (swift-corelibs-foundation's
  /// own `isEqual` calls every compound equal to every other, and every helper predicate equal
  /// to `NSPredicate(value: true)`, the value each is made of), any other predicate by
  /// `isEqual(_:)` both ways.
  static func sameValue(_ left: NSPredicate, _ right: NSPredicate) -> Bool {
    if left === right { return true }
    if let left = left as? NSCompoundPredicate {
      guard let right = right as? NSCompoundPredicate,
        left.compoundPredicateType == right.compoundPredicateType,
        left.subpredicates.count == right.subpredicates.count
      else { return false }
      return zip(left.subpredicates, right.subpredicates).allSatisfy { sameValue($0, $1) }
    }
    if right is NSCompoundPredicate { return false }
    if let left = left as? HKPredicate { return left.isEqual(right) }
    if right is HKPredicate { return false }
    return left.isEqual(right) && right.isEqual(left)
  }

  /// Feeds `hasher` what ``sameValue(_:_:)`` compares: a helper predicate's filter, a
  /// compound's kind and parts; nothing for any other predicate (Foundation hashes those by
  /// identity, not value).
  static func hashValue(of predicate: NSPredicate, into hasher: inout Hasher) {
    if let compound = predicate as? NSCompoundPredicate {
      hasher.combine(compound.compoundPredicateType.rawValue)
      for part in compound.subpredicates { hashValue(of: part, into: &hasher) }
    } else if let helper = predicate as? HKPredicate {
      hasher.combine(helper.filter)
    }
  }
}

extension HKSamplePredicate where Sample == HKSample {
  /// Samples of any type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/sample(type:predicate:)).
  public static func sample(type: HKSampleType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKSample>
  {
    HKSamplePredicate(sampleType: type, predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
  /// Quantity samples of `type` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/quantitysample(type:predicate:)).
  public static func quantitySample(type: HKQuantityType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKQuantitySample>
  {
    HKSamplePredicate(sampleType: type, predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKCategorySample {
  /// Category samples of `type` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/categorysample(type:predicate:)).
  public static func categorySample(type: HKCategoryType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKCategorySample>
  {
    HKSamplePredicate(sampleType: type, predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKWorkout {
  /// Workouts (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/workout(_:)).
  public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
    HKSamplePredicate(sampleType: HKObjectType.workoutType(), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKWorkoutRoute {
  /// Workout routes (``HKSeriesType/workoutRoute()``); with
  /// `HKQuery.predicateForObjects(from: workout)`, the routes of one workout (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/workoutroute(_:);
  /// iOS 15.4, watchOS 8.5).
  public static func workoutRoute(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKWorkoutRoute>
  {
    HKSamplePredicate(sampleType: HKSeriesType.workoutRoute(), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKHeartbeatSeriesSample {
  /// Heartbeat series (``HKSeriesType/heartbeat()``) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/heartbeatseries(_:);
  /// iOS 15.4, watchOS 8.5).
  public static func heartbeatSeries(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKHeartbeatSeriesSample>
  {
    HKSamplePredicate(sampleType: HKSeriesType.heartbeat(), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKElectrocardiogram {
  /// ECG recordings (``HKObjectType/electrocardiogramType()``) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/electrocardiogram(_:);
  /// iOS 15.4, watchOS 8.5).
  public static func electrocardiogram(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKElectrocardiogram>
  {
    HKSamplePredicate(sampleType: HKObjectType.electrocardiogramType(), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKAudiogramSample {
  /// Audiograms (``HKObjectType/audiogramSampleType()``) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/audiogram(_:);
  /// iOS 15.4, watchOS 8.5).
  public static func audiogram(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKAudiogramSample>
  {
    HKSamplePredicate(sampleType: HKObjectType.audiogramSampleType(), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKVisionPrescription {
  /// Vision prescriptions, glasses and contacts alike (``HKObjectType/visionPrescriptionType()``)
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/visionprescription(_:);
  /// iOS 16, watchOS 9).
  public static func visionPrescription(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKVisionPrescription>
  {
    HKSamplePredicate(sampleType: HKObjectType.visionPrescriptionType(), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKClinicalRecord {
  /// Clinical records of `type` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/clinicalrecord(type:predicate:);
  /// iOS 15.4, not on watchOS). The simulated device has no health records
  /// (``HKHealthStore/supportsHealthRecords()``), so a query of it returns none.
  public static func clinicalRecord(type: HKClinicalType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKClinicalRecord>
  {
    HKSamplePredicate(sampleType: type, predicate: predicate)
  }
}

/// A one-shot query with an async result, HealthKit's `HKAsyncQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkasyncquery).
public protocol HKAsyncQuery {
  /// What the query returns.
  associatedtype Output
  /// Runs the query on `healthStore` and returns its result.
  func result(for healthStore: HKHealthStore) async throws -> Output
}

/// The async form of ``HKSampleQuery``, HealthKit's `HKSampleQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksamplequerydescriptor).
public struct HKSampleQueryDescriptor<Sample: HKSample>: HKAsyncQuery, Sendable {
  /// The types and predicates; the result holds the samples of all of them.
  public var predicates: [HKSamplePredicate<Sample>]
  /// The order of the result.
  public var sortDescriptors: [SortDescriptor<Sample>]
  /// The largest number of samples, or `nil` for all.
  public var limit: Int?

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplequerydescriptor/init(predicates:sortdescriptors:limit:)).
  public init(
    predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>],
    limit: Int? = nil
  ) {
    self.predicates = predicates
    self.sortDescriptors = sortDescriptors
    self.limit = limit
  }

  /// The samples that match any of the predicates, each once however many match it (Apple:
  /// "samples that match any of the query descriptors",
  /// https://developer.apple.com/documentation/healthkit/hksamplequery/init(querydescriptors:limit:sortdescriptors:resultshandler:)),
  /// sorted, at most ``limit``: the class query of several descriptors
  /// (``HKSampleQuery/init(queryDescriptors:limit:sortDescriptors:resultsHandler:)``) with
  /// these Swift sort descriptors. A start- or end-date key sorts by the instants the store
  /// holds, so `Date()` and `simulation.now` dates sort by what they stand for
  /// (docs/swift-api.md#the-wall-clock-rule).
  ///
  /// - Throws: the ``HKError`` an ``HKSampleQuery`` would get (`errorDatabaseInaccessible`
  ///   while locked, `errorAuthorizationNotDetermined`).
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> [Sample]
  {
    let descriptors = predicates.map {
      HKQueryDescriptor(sampleType: $0.sampleType, predicate: $0.nsPredicate)
    }
    let orders = sortDescriptors.map(SampleOrder.init)
    let limit = limit.map { max($0, 0) } ?? HKObjectQueryNoLimit
    let found: [HKSample] = try await healthStore.run { finish in
      HKSampleQuery(
        queryDescriptors: descriptors, limit: limit, sortDescriptors: nil, orders: orders
      ) { _, samples, error in
        finish(samples.map { .success($0) } ?? .failure(error ?? HKError(.unknownError)))
      }
    }
    return found.compactMap { $0 as? Sample }
  }
}

/// The async form of ``HKStatisticsQuery``, HealthKit's `HKStatisticsQueryDescriptor` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor).
public struct HKStatisticsQueryDescriptor: HKAsyncQuery, Sendable {
  /// The type and predicate.
  public var predicate: HKSamplePredicate<HKQuantitySample>
  /// The statistics to compute.
  public var options: HKStatisticsOptions

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor/init(predicate:options:)).
  public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
    self.predicate = predicate
    self.options = options
  }

  /// The statistics, or `nil` when no sample matches (the class query's `errorNoData`).
  ///
  /// - Throws: the other errors of ``HKStatisticsQuery``.
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> HKStatistics?
  {
    // The predicate's initializer only takes quantity types.
    let type = predicate.sampleType as! HKQuantityType
    let nsPredicate = predicate.nsPredicate
    let options = options
    do {
      return try await healthStore.run { finish in
        HKStatisticsQuery(
          quantityType: type, quantitySamplePredicate: nsPredicate, options: options
        ) { _, statistics, error in
          finish(statistics.map { .success($0) } ?? .failure(error ?? HKError(.unknownError)))
        }
      }
    } catch let error as HKError where error.code == .errorNoData {
      return nil
    }
  }
}

/// The async form of ``HKStatisticsCollectionQuery``'s initial results, HealthKit's
/// `HKStatisticsCollectionQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquerydescriptor).
public struct HKStatisticsCollectionQueryDescriptor: HKAsyncQuery, Sendable {
  /// The type and predicate.
  public var predicate: HKSamplePredicate<HKQuantitySample>
  /// The statistics to compute.
  public var options: HKStatisticsOptions
  /// The date the bucket grid is anchored on.
  public var anchorDate: Date
  /// The bucket length.
  public var intervalComponents: DateComponents

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquerydescriptor/init(predicate:options:anchordate:intervalcomponents:)).
  public init(
    predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions,
    anchorDate: Date, intervalComponents: DateComponents
  ) {
    self.predicate = predicate
    self.options = options
    self.anchorDate = anchorDate
    self.intervalComponents = intervalComponents
  }

  /// The collection, as the class query's initial results.
  ///
  /// - Throws: the ``HKError`` of the class query.
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> HKStatisticsCollection
  {
    // The predicate's initializer only takes quantity types.
    let type = predicate.sampleType as! HKQuantityType
    let query = HKStatisticsCollectionQuery(
      quantityType: type, quantitySamplePredicate: predicate.nsPredicate, options: options,
      anchorDate: anchorDate, intervalComponents: intervalComponents)
    return try await healthStore.run { finish in
      query.initialResultsHandler = { _, collection, error in
        finish(collection.map { .success($0) } ?? .failure(error ?? HKError(.unknownError)))
      }
      return query
    }
  }
}

/// The async form of ``HKAnchoredObjectQuery``'s first results, HealthKit's
/// `HKAnchoredObjectQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquerydescriptor).
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: HKAsyncQuery, Sendable {
  /// The types and predicates.
  public var predicates: [HKSamplePredicate<Sample>]
  /// The anchor to start from, or `nil` for the beginning.
  nonisolated(unsafe) public var anchor: HKQueryAnchor?
  /// The most samples and deleted objects a result holds, all predicates together (Apple: "the
  /// maximum number of samples that the query returns"), or `nil` for all.
  public var limit: Int?

  /// What the query found.
  public struct Result: Sendable {
    /// The samples added since the anchor.
    public var addedSamples: [Sample]
    /// The objects deleted since the anchor.
    public var deletedObjects: [HKDeletedObject]
    /// The anchor to pass next time.
    public var newAnchor: HKQueryAnchor
  }

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquerydescriptor/init(predicates:anchor:limit:)).
  public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
    self.predicates = predicates
    self.anchor = anchor
    self.limit = limit
  }

  /// The changes since ``anchor`` over every predicate, in arrival order, at most ``limit``
  /// samples and deleted objects of all predicates together (the class query of several
  /// descriptors, whose anchor passes nothing left out).
  ///
  /// - Throws: the ``HKError`` of the class query.
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws -> Result
  {
    // One report for an anchor of another simulation, which reads as none: the query starts
    // from the beginning, and the new anchor is this simulation's.
    let start = healthStore.readableAnchor(anchor, call: "HKAnchoredObjectQueryDescriptor")
    let descriptors = predicates.map {
      HKQueryDescriptor(sampleType: $0.sampleType, predicate: $0.nsPredicate)
    }
    let batch: ([HKSample], [HKDeletedObject], HKQueryAnchor) = try await healthStore.run {
      finish in
      HKAnchoredObjectQuery(
        queryDescriptors: descriptors, anchor: start, limit: limit ?? HKObjectQueryNoLimit
      ) { _, samples, deleted, anchor, error in
        if let samples, let deleted, let anchor {
          finish(.success((samples, deleted, anchor)))
        } else {
          finish(.failure(error ?? HKError(.unknownError)))
        }
      }
    }
    return Result(
      addedSamples: batch.0.compactMap { $0 as? Sample }, deletedObjects: batch.1,
      newAnchor: batch.2)
  }
}

extension HKHealthStore {
  /// Executes the query `make` builds (its handler calls `finish` once), delivers, and returns
  /// what the handler passed.
  nonisolated(nonsending) func run<T: Sendable>(
    _ make: (@escaping @Sendable (Result<T, any Error>) -> Void) -> HKQuery
  ) async throws -> T {
    let box = Mutex<Result<T, any Error>?>(nil)
    let query = make { result in
      box.withLock { stored in
        if stored == nil { stored = result }
      }
    }
    execute(query)
    await simulation.deliver()
    guard let result = box.withLock({ $0 }) else { throw inertError() }
    return try result.get()
  }
}

/// A long-running query whose results arrive as an async sequence, HealthKit's
/// `HKAsyncSequenceQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkasyncsequencequery).
public protocol HKAsyncSequenceQuery {
  /// The sequence of results.
  associatedtype Results: AsyncSequence
  /// Starts the query on `healthStore`; it runs while the sequence is iterated.
  func results(for healthStore: HKHealthStore) -> Results
}

/// The results of a long-running descriptor: an `AsyncThrowingStream` fed by a class query's
/// handlers; iterating it executes the query, and the query stops when the iteration ends (the
/// task is cancelled or the iterator is dropped).
public struct HKQueryResults<Element: Sendable>: AsyncSequence, Sendable {
  /// Makes the stream: executes the query on the store and returns its stream.
  let start: @Sendable () -> AsyncThrowingStream<Element, any Error>
  /// The store's simulation, told while a task awaits the next result (a stall names the
  /// sequence: docs/swift-api.md#nothing-silent).
  let simulation: HealthKitSimulation
  /// The call that made the sequence, as a stall names it
  /// (`HKAnchoredObjectQueryDescriptor.results(for:)`).
  let call: String

  /// The iterator of the results.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Element, any Error>.AsyncIterator
    let simulation: HealthKitSimulation
    let call: String

    /// The next result, once the simulation delivers it; `nil` when the query ended. While it
    /// waits, a stall names this sequence first (docs/swift-api.md#nothing-silent).
    ///
    /// - Throws: the query's error (`errorDatabaseInaccessible` while locked, ...).
    public mutating func next() async throws -> Element? {
      try await simulation.awaitingSequence(framework: "HealthKit", call: call) {
        try await base.next()
      }
    }
  }

  /// Executes the query and returns the iterator of its results.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: start().makeAsyncIterator(), simulation: simulation, call: call)
  }

  /// Results that run `query` (made with the stream's continuation) on `store`; `call` names
  /// the descriptor's method (`HKAnchoredObjectQueryDescriptor.results(for:)`).
  static func running(
    on store: HKHealthStore, call: String,
    _ make: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) -> HKQuery
  ) -> HKQueryResults {
    HKQueryResults(
      start: {
        AsyncThrowingStream { continuation in
          let query = make(continuation)
          continuation.onTermination = { _ in store.stop(query) }
          store.execute(query)
        }
      }, simulation: store.home, call: call)
  }
}

extension HKStatisticsCollectionQueryDescriptor: HKAsyncSequenceQuery {
  /// One element of ``results(for:)`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquerydescriptor/result).
  public struct Result: Sendable {
    /// The whole collection, up to date.
    public let statisticsCollection: HKStatisticsCollection
    /// The buckets that changed: `nil` for the first result.
    public let updatedStatistics: [HKStatistics]?
  }

  /// The async sequence of ``Result``s.
  public typealias Results = HKQueryResults<Result>

  /// The collection, then one result per update as samples arrive, the app saves or deletes,
  /// its ``Result/updatedStatistics`` every bucket that changed in it (Apple: "A collection of
  /// statistics that have changed",
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquerydescriptor/result/updatedstatistics);
  /// the class query's initial results and updates. Iterate it while the test advances time
  /// from another task (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticscollectionquerydescriptor/results(for:)).
  public func results(for healthStore: HKHealthStore) -> Results {
    // The predicate's initializer only takes quantity types.
    let type = predicate.sampleType as! HKQuantityType
    nonisolated(unsafe) let nsPredicate = predicate.nsPredicate
    let options = options
    let anchorDate = anchorDate
    let intervalComponents = intervalComponents
    return .running(on: healthStore, call: "HKStatisticsCollectionQueryDescriptor.results(for:)") {
      continuation in
      let query = HKStatisticsCollectionQuery(
        quantityType: type, quantitySamplePredicate: nsPredicate, options: options,
        anchorDate: anchorDate, intervalComponents: intervalComponents)
      query.initialResultsHandler = { _, collection, error in
        if let collection {
          continuation.yield(Result(statisticsCollection: collection, updatedStatistics: nil))
        } else {
          continuation.finish(throwing: error ?? HKError(.unknownError))
        }
      }
      query.statisticsUpdateHandler = { _, statistics, collection, error in
        if let collection {
          continuation.yield(
            Result(statisticsCollection: collection, updatedStatistics: statistics.map { [$0] }))
        } else {
          continuation.finish(throwing: error ?? HKError(.unknownError))
        }
      }
      // One result per update, every changed bucket in it.
      query.batchedUpdate.withLock {
        $0.function = { statistics, collection in
          continuation.yield(
            Result(statisticsCollection: collection, updatedStatistics: statistics))
        }
      }
      return query
    }
  }
}

extension HKAnchoredObjectQueryDescriptor: HKAsyncSequenceQuery {
  /// The async sequence of ``Result``s.
  public typealias Results = HKQueryResults<Result>

  /// The first changes since ``anchor``, then each later batch of changes of every predicate's
  /// type (the class query of several descriptors, its results and `updateHandler`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquerydescriptor/results(for:)).
  /// With a ``limit`` the changes so far come in pages of at most `limit` (samples and deleted
  /// objects together), one result each, all at once, then the later batches as they happen
  /// (the class query with an update handler may have no limit: the pages are its own walk,
  /// `HKAnchoredObjectQuery.pageSize`).
  public func results(for healthStore: HKHealthStore) -> Results {
    let descriptors = predicates.map {
      HKQueryDescriptor(sampleType: $0.sampleType, predicate: $0.nsPredicate)
    }
    let anchor = anchor
    let limit = limit
    return .running(on: healthStore, call: "HKAnchoredObjectQueryDescriptor.results(for:)") {
      continuation in
      let handler: HKAnchoredObjectQuery.Handler = { _, samples, deleted, anchor, error in
        if let samples, let deleted, let anchor {
          continuation.yield(
            Result(
              addedSamples: samples.compactMap { $0 as? Sample }, deletedObjects: deleted,
              newAnchor: anchor))
        } else {
          continuation.finish(throwing: error ?? HKError(.unknownError))
        }
      }
      let query = HKAnchoredObjectQuery(
        queryDescriptors: descriptors, anchor: anchor, limit: HKObjectQueryNoLimit,
        resultsHandler: handler)
      query.pageSize.withLock { $0 = max(limit ?? 0, 0) }
      query.updateHandler = handler
      return query
    }
  }
}
