/// A query for correlations filtered by their objects, HealthKit's `HKCorrelationQuery` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkcorrelationquery).
///
/// Returns the saved correlations of ``correlationType`` that match ``HKQuery/predicate`` and,
/// for each entry of ``samplePredicates``, hold an object of that type that matches its
/// predicate (a correlation is returned only if all match, as Apple documents). Reading needs read
/// authorization for one of the types the correlation holds (systolic or diastolic blood
/// pressure, a dietary type); without it the completion gets `errorAuthorizationNotDetermined`.
public final class HKCorrelationQuery: HKQuery, @unchecked Sendable {
  /// The type of correlation looked for (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationquery/correlationtype).
  public let correlationType: HKCorrelationType
  /// A predicate per object type, applied to the correlation's objects of that type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationquery/samplepredicates).
  public let samplePredicates: [HKSampleType: NSPredicate]?
  private let completion: @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

  /// A query of `correlationType`'s correlations (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationquery/init(type:predicate:samplepredicates:completion:)).
  ///
  /// - Parameters:
  ///   - correlationType: `bloodPressure` or `food`.
  ///   - predicate: filters the correlations themselves (dates, sources, UUIDs, metadata), or
  ///     `nil`. Dates match by virtual instant, whether the app wrote them from the real clock
  ///     or from `simulation.now` (a project rule: docs/swift-api.md#the-wall-clock-rule).
  ///   - samplePredicates: filters by the correlation's objects (dates as `predicate`'s), or
  ///     `nil`. A `predicateForQuantitySamples(with:quantity:)` whose quantity's unit does not
  ///     fit its key's type (1 m for systolic blood pressure) traps here, where the query is
  ///     made, as every query's predicate does (``HKQuery``'s
  ///     `checkQuantities(in:for:)`; project rule, docs/swift-api-values.md#traps), not at
  ///     `execute`.
  ///   - completion: called once in the callback lane with the correlations in save order, or
  ///     with `nil` and an error.
  public init(
    type correlationType: HKCorrelationType, predicate: NSPredicate?,
    samplePredicates: [HKSampleType: NSPredicate]?,
    completion: @escaping @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void
  ) {
    // Each sample predicate meets its type here: the one check of every query's predicate.
    for (type, samplePredicate) in (samplePredicates ?? [:]).sorted(by: {
      $0.key.identifier < $1.key.identifier
    }) {
      HKQuery.checkQuantities(in: samplePredicate, for: type)
    }
    self.correlationType = correlationType
    self.samplePredicates = samplePredicates
    self.completion = completion
    super.init(objectType: correlationType, predicate: predicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    guard Self.readable(correlationType, state) else { return fail(notDeterminedError) }
    var found = state.correlations(of: correlationType, matching: predicate, context: context)
      .map(\.correlation)
    // The objects are in the store: a date condition matches their stored instants.
    for (type, samplePredicate) in orderedSamplePredicates {
      let read = state.readingDates(of: samplePredicate, context: context)
      found = found.filter { correlation in
        correlation.objects(for: type).contains { state.storedObjectMatches($0, read) }
      }
    }
    let query = self
    let completion = completion
    let result = found
    return [{ if !query.isStopped { completion(query, result, nil) } }]
  }

  /// The sample predicates in type identifier order, the order the query reads them in.
  private var orderedSamplePredicates: [(key: HKSampleType, value: NSPredicate)] {
    (samplePredicates ?? [:]).sorted { $0.key.identifier < $1.key.identifier }
  }

  /// Its predicate and its sample predicates: `execute` checks all their dates under strict
  /// dates (docs/swift-api.md#the-wall-clock-rule).
  override var datedPredicates: [NSPredicate?] {
    [predicate] + orderedSamplePredicates.map(\.value)
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let query = self
    let completion = completion
    return [{ if !query.isStopped { completion(query, nil, error) } }]
  }

  /// Whether the app asked to read one of the types `type`'s correlations hold (HealthKit asks
  /// for those, never for the correlation type).
  /// The one rule of every query: ``HealthKitSimulation/State/readAskedFor(_:)``.
  static func readable(_ type: HKCorrelationType, _ state: HealthKitSimulation.State) -> Bool {
    state.readAskedFor(type)
  }

  /// A sample query of a correlation type: the correlations matching `predicate` in save order
  /// (or `sortDescriptors`' order, a date descriptor sorting by the instants the correlations'
  /// dates were read at: docs/swift-api.md#the-wall-clock-rule), at most `limit` (0: all).
  static func samples(
    of type: HKCorrelationType, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?, context: QueryContext,
    state: inout HealthKitSimulation.State
  ) -> Result<[HKSample], HKError> {
    guard readable(type, state) else { return .failure(notDeterminedError) }
    let saved = state.correlations(of: type, matching: predicate, context: context)
    let found = HKSampleQuery.sorted(
      saved.map(\.correlation), by: sortDescriptors ?? [],
      instants: saved.map { ($0.start, $0.end) })
    return .success(limit > 0 ? Array(found.prefix(limit)) : found)
  }
}

extension HKSamplePredicate where Sample == HKCorrelation {
  /// Correlations of `correlationType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/correlation(type:predicate:)).
  public static func correlation(
    type correlationType: HKCorrelationType, predicate: NSPredicate? = nil
  )
    -> HKSamplePredicate<HKCorrelation>
  {
    HKSamplePredicate(sampleType: correlationType, predicate: predicate)
  }
}
