import Synchronization

/// Reads the single quantities of quantity samples, HealthKit's `HKQuantitySeriesSampleQuery`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery).
///
/// Executed, the handler is called once per quantity of every matching sample that the
/// predicate matches too, in one turn of the callback lane, the last call with `done` `true`;
/// without any quantity it is called once with `nil`s and `done` `true`. Each quantity of a
/// matched series is tested as its own sample of its own interval and value (a date predicate
/// keeps only the quantities on its side of a bound, a quantity predicate only those whose value
/// passes), as HealthKit's daemon tests each quantity with the query's filter (decompiled iOS
/// 26.1 HealthDaemon, repository EthanArbuckle/iPhone18-3_26.1_23B85_Restore, file
/// System/Library/PrivateFrameworks/HealthDaemon.framework/HealthDaemon/HDQuantitySeriesSampleQueryServer.mm:
/// `filter:acceptsDataObjectWithStartTimestamp:endTimestamp:valueInCanonicalUnit:` per
/// quantity) and as statistics count a series' quantities, one rule
/// (`HealthStore.seriesPart(_:of:matches:)`, docs/health-store.md#series-samples). A sample of count 1 (every `HKQuantitySample(type:...)`) is a
/// series of its one quantity over its start and end; a series builder's sample has the
/// quantities it was given (docs/healthkit-types.md#quantity-series). ``HKHealthStore/stop(_:)``
/// from the handler ends the enumeration.
public final class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
  /// The handler's type: the query, the quantity, the time it covers, its sample (only with
  /// ``includeSample``), whether this is the last call, and the error.
  public typealias QuantityHandler =
    @Sendable (
      HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool,
      (any Error)?
    ) -> Void

  private let handler: QuantityHandler
  private let options = Mutex((includeSample: false, orderBySample: false))

  /// A query of the quantities of `quantityType`'s samples that match `predicate`, each
  /// quantity of a series matching it too (see the type's documentation) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery/init(quantitytype:predicate:quantityhandler:)).
  /// For one sample's quantities pass `HKQuery.predicateForObject(with: sample.uuid)`.
  public init(
    quantityType: HKQuantityType, predicate: NSPredicate?,
    quantityHandler: @escaping QuantityHandler
  ) {
    self.handler = quantityHandler
    super.init(objectType: quantityType, predicate: predicate)
  }

  /// The iOS 12 form: the quantities of `quantitySample`, each with its start date (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery/init(sample:quantityhandler:);
  /// deprecated in iOS 13 and watchOS 6).
  @available(*, deprecated, message: "Use init(quantityType:predicate:quantityHandler:)")
  public convenience init(
    sample quantitySample: HKQuantitySample,
    quantityHandler:
      @escaping @Sendable (
        HKQuantitySeriesSampleQuery, HKQuantity?, Date?, Bool, (any Error)?
      ) -> Void
  ) {
    self.init(
      quantityType: quantitySample.quantityType,
      predicate: HKQuery.predicateForObject(with: quantitySample.uuid)
    ) { query, quantity, interval, _, done, error in
      quantityHandler(query, quantity, interval?.start, done, error)
    }
  }

  /// Whether the handler gets each quantity's sample; `false` by default (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery/includesample).
  ///
  /// Traps with "HKQuantitySeriesSampleQuery: setIncludeSample: not callable after first
  /// execution" when set after `execute`.
  public var includeSample: Bool {
    get { options.withLock { $0.includeSample } }
    set {
      requireNotExecuted(setter: "setIncludeSample:")
      options.withLock { $0.includeSample = newValue }
    }
  }

  /// Whether the quantities come sample by sample (by the samples' start dates, then the
  /// quantities' start dates) rather than by the quantities' start dates alone; `false` by
  /// default (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery/orderbyquantitysamplestartdate).
  ///
  /// Traps with "HKQuantitySeriesSampleQuery: setOrderByQuantitySampleStartDate: not callable
  /// after first execution" when set after `execute`.
  public var orderByQuantitySampleStartDate: Bool {
    get { options.withLock { $0.orderBySample } }
    set {
      requireNotExecuted(setter: "setOrderByQuantitySampleStartDate:")
      options.withLock { $0.orderBySample = newValue }
    }
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    guard let type = objectType as? HKQuantityType, state.readAskedFor(type) else {
      return fail(notDeterminedError)
    }
    let query = self
    let handler = handler
    // A type the store holds no samples of (no engine kind) reads as a store without any: one
    // call, `done`, no error (Apple: the handler's last call has `done` true, whether or not
    // there were quantities).
    guard let kind = type.healthDataType else {
      return [{ if !query.isStopped { handler(query, nil, nil, nil, true, nil) } }]
    }
    // The samples the predicate matches, then of each series the quantities it matches, each
    // tested as its own sample with the same filter (read once): HealthKit's daemon tests
    // every quantity of a matched series with the query's filter
    // (`HDQuantitySeriesSampleQueryServer`), as statistics do (docs/health-store.md#series-samples).
    let filter = state.filter(
      for: predicate, type: kind, identifier: type.identifier, context: context)
    let samples = state.storedSamples(
      of: kind, where: filter, limit: HKObjectQueryNoLimit,
      sortDescriptors: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: true)],
      context: context
    ).map(\.asQueried)
    let (includeSample, orderBySample) = options.withLock { ($0.includeSample, $0.orderBySample) }
    var items: [(entry: QuantitySeriesEntry, sample: HKQuantitySample)] = []
    for case let sample as HKQuantitySample in samples {
      let id = state.health.id(ofUUID: HealthKitSimulation.State.storeUUID(sample.uuid))
      let entries =
        id.map { state.matchedSeries(of: sample, id: $0, where: filter) } ?? sample.series
      for entry in entries { items.append((entry, sample)) }
    }
    if !orderBySample {
      // A stable sort: quantities with the same start keep their samples' order.
      items = items.enumerated().sorted {
        ($0.element.entry.dateInterval.start, $0.offset)
          < ($1.element.entry.dateInterval.start, $1.offset)
      }.map(\.element)
    }
    let delivered = items
    return [
      {
        if delivered.isEmpty {
          if !query.isStopped { handler(query, nil, nil, nil, true, nil) }
          return
        }
        for (index, item) in delivered.enumerated() {
          if query.isStopped { return }
          handler(
            query, item.entry.quantity, item.entry.dateInterval,
            includeSample ? item.sample : nil, index == delivered.count - 1, nil)
        }
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let query = self
    let handler = handler
    return [{ if !query.isStopped { handler(query, nil, nil, nil, true, error) } }]
  }
}

/// The async form of ``HKQuantitySeriesSampleQuery``, HealthKit's
/// `HKQuantitySeriesSampleQueryDescriptor` (iOS 15.4; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequerydescriptor):
/// `for try await entry in descriptor.results(for: store) { ... }`.
public struct HKQuantitySeriesSampleQueryDescriptor: Sendable {
  /// What the query includes and how it orders, HealthKit's
  /// `HKQuantitySeriesSampleQueryDescriptor.Options`.
  public struct Options: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// Each result carries its sample (``HKQuantitySeriesSampleQuery/includeSample``).
    public static let includeSample = Options(rawValue: 1 << 0)
    /// Results come sample by sample
    /// (``HKQuantitySeriesSampleQuery/orderByQuantitySampleStartDate``).
    public static let orderByQuantitySampleStartDate = Options(rawValue: 1 << 1)
  }

  /// One quantity of a series, HealthKit's `HKQuantitySeriesSampleQueryDescriptor.Result`:
  /// `Equatable` and `Hashable` as Apple's is (Apple doc, "Conforms To":
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequerydescriptor/result),
  /// equal when the quantities, date intervals and samples are.
  public struct Result: Hashable, @unchecked Sendable {
    /// The quantity.
    public let quantity: HKQuantity
    /// The time it covers.
    public let dateInterval: DateInterval
    /// Its sample, with ``Options/includeSample``; else `nil`.
    public let sample: HKQuantitySample?
  }

  /// The quantity samples whose quantities are read.
  public var predicate: HKSamplePredicate<HKQuantitySample>
  /// The options.
  public var options: Options

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequerydescriptor/init(predicate:options:)).
  public init(predicate: HKSamplePredicate<HKQuantitySample>, options: Options = []) {
    self.predicate = predicate
    self.options = options
  }

  /// The quantities, in the query's order; iterating runs the query at virtual now. A series'
  /// quantities are matched one by one as ``HKQuantitySeriesSampleQuery``'s are: a date
  /// predicate keeps only those on its side of a bound (docs/health-store.md#series-samples).
  public func results(for healthStore: HKHealthStore) -> Results {
    Results(descriptor: self, store: healthStore)
  }

  /// The quantities of ``results(for:)``.
  public struct Results: AsyncSequence, Sendable {
    /// One quantity.
    public typealias Element = Result

    let descriptor: HKQuantitySeriesSampleQueryDescriptor
    let store: HKHealthStore

    /// An iterator that runs the query on its first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(descriptor: descriptor, store: store)
    }

    /// Runs the query once, then hands out its quantities.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let descriptor: HKQuantitySeriesSampleQueryDescriptor
      let store: HKHealthStore
      private var results: [Result]?
      private var position = 0

      init(descriptor: HKQuantitySeriesSampleQueryDescriptor, store: HKHealthStore) {
        self.descriptor = descriptor
        self.store = store
      }

      /// The next quantity, or `nil` after the last.
      ///
      /// - Throws: the query's error (`errorDatabaseInaccessible` while locked,
      ///   `errorAuthorizationNotDetermined`).
      public mutating func next() async throws -> Result? {
        if results == nil { results = try await run() }
        guard let results, position < results.count else { return nil }
        defer { position += 1 }
        return results[position]
      }

      private func run() async throws -> [Result] {
        guard let type = descriptor.predicate.sampleType as? HKQuantityType else { return [] }
        let collected = Mutex<(values: [Result], error: (any Error)?)>(([], nil))
        let query = HKQuantitySeriesSampleQuery(
          quantityType: type, predicate: descriptor.predicate.nsPredicate
        ) { _, quantity, interval, sample, _, error in
          collected.withLock { collected in
            if let error { collected.error = error }
            if let quantity, let interval {
              collected.values.append(
                Result(quantity: quantity, dateInterval: interval, sample: sample))
            }
          }
        }
        query.includeSample = descriptor.options.contains(.includeSample)
        query.orderByQuantitySampleStartDate = descriptor.options.contains(
          .orderByQuantitySampleStartDate)
        store.execute(query)
        await store.simulation.deliver()
        let (values, error) = collected.withLock { $0 }
        if let error { throw error }
        return values
      }
    }
  }
}
