import Synchronization

/// Reads the single quantities of quantity samples, HealthKit's `HKQuantitySeriesSampleQuery`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkquantityseriessamplequery).
///
/// Executed, the handler is called once per quantity of every matching sample, in one turn of
/// the callback lane, the last call with `done` `true`; without any quantity it is called once
/// with `nil`s and `done` `true`. A sample of count 1 (every `HKQuantitySample(type:...)`) is a
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

  /// A query of the quantities of `quantityType`'s samples that match `predicate` (Apple doc:
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
    let result = HKSampleQuery.samples(
      of: objectType, predicate: predicate, limit: HKObjectQueryNoLimit,
      sortDescriptors: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: true)],
      context: context, state: &state)
    let (includeSample, orderBySample) = options.withLock { ($0.includeSample, $0.orderBySample) }
    let query = self
    let handler = handler
    switch result {
    case .failure(let error):
      return fail(error)
    case .success(let samples):
      var items: [(entry: QuantitySeriesEntry, sample: HKQuantitySample)] = []
      for case let sample as HKQuantitySample in samples {
        for entry in sample.series { items.append((entry, sample)) }
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
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let query = self
    let handler = handler
    return [{ if !query.isStopped { handler(query, nil, nil, nil, true, error) } }]
  }
}
