import WorkoutCore
import WorkoutHealth

/// A one-shot statistics query, HealthKit's `HKStatisticsQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatisticsquery).
///
/// The predicate decides which samples count, and a matched sample counts **in full** even when
/// it lies only partly inside the predicate's range: workout-sim's rule, chosen and labelled
/// (HealthKit does not document it; docs/health-store.md). Cumulative sums merge the sources by
/// the store's priority model; `separateBySource` adds each source's own values. With no
/// matching sample the handler gets `errorNoData` ("No data available for the specified
/// predicate."), as HealthKit's current SDKs do, for an empty store and a denied read alike.
///
/// Options are checked when the query is executed: a discrete option on a cumulative type traps
/// with "Statistics option HKStatisticsOptionDiscreteAverage is not compatible with cumulative
/// data type HKQuantityTypeIdentifierStepCount", `cumulativeSum` on a discrete type with
/// "Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type
/// HKQuantityTypeIdentifierHeartRate" (HealthKit's exception texts).
public final class HKStatisticsQuery: HKQuery, @unchecked Sendable {
  /// The statistics to compute.
  public let options: HKStatisticsOptions
  private let completionHandler: @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

  /// A query for the statistics of `quantityType` over the samples matching
  /// `quantitySamplePredicate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstatisticsquery/init(quantitytype:quantitysamplepredicate:options:completionhandler:)).
  ///
  /// - Parameters:
  ///   - quantityType: the type.
  ///   - quantitySamplePredicate: a predicate of `HKQuery`'s helpers, or `nil`.
  ///   - options: `cumulativeSum` for cumulative types; `discreteAverage`, `discreteMin`,
  ///     `discreteMax` for discrete ones; `mostRecent`, `duration` and `separateBySource` for
  ///     both.
  ///   - handler: called once in the callback lane with the statistics, or `nil` and an error.
  public init(
    quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?,
    options: HKStatisticsOptions = [],
    completionHandler handler:
      @escaping @Sendable (
        HKStatisticsQuery, HKStatistics?, (any Error)?
      ) -> Void
  ) {
    self.options = options
    self.completionHandler = handler
    super.init(objectType: quantityType, predicate: quantitySamplePredicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    // The initializer only takes quantity types.
    let type = objectType as! HKQuantityType
    Self.validate(options, for: type)
    let result = Self.statistics(
      of: type, predicate: predicate, options: options, context: context, state: &state)
    return [
      { [self] in
        guard !isStopped else { return }
        switch result {
        case .success(let statistics): completionHandler(self, statistics, nil)
        case .failure(let error): completionHandler(self, nil, error)
        }
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        completionHandler(self, nil, error)
      }
    ]
  }

  /// HealthKit's "no data" error.
  static let noDataError = HKError(.errorNoData, "No data available for the specified predicate.")

  /// The statistics, or the query's error.
  static func statistics(
    of type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions,
    context: QueryContext, state: inout HealthKitSimulation.State
  ) -> Result<HKStatistics, HKError> {
    guard state.readAskedFor(type) else {
      return .failure(notDeterminedError)
    }
    guard let kind = type.healthDataType else { return .failure(noDataError) }
    let filter = state.filter(
      for: predicate, type: kind, identifier: type.identifier, context: context)
    let values = state.health.statistics(
      of: kind, where: filter, options: options.health, at: state.session.now)
    guard values.hasData else { return .failure(noDataError) }
    return .success(state.statistics(values, type: type, kind: kind, context: context))
  }

  /// Traps with HealthKit's message when `options` do not fit `type`'s aggregation style.
  static func validate(_ options: HKStatisticsOptions, for type: HKQuantityType) {
    if let message = optionsMessage(options, for: type) { preconditionFailure(message) }
  }

  /// HealthKit's exception text for `options` that do not fit `type`, or `nil` when they fit.
  static func optionsMessage(_ options: HKStatisticsOptions, for type: HKQuantityType) -> String? {
    if type.aggregationStyle == .cumulative {
      let discrete: [(HKStatisticsOptions, String)] = [
        (.discreteAverage, "HKStatisticsOptionDiscreteAverage"),
        (.discreteMin, "HKStatisticsOptionDiscreteMin"),
        (.discreteMax, "HKStatisticsOptionDiscreteMax"),
      ]
      for (option, name) in discrete where options.contains(option) {
        return "Statistics option \(name) is not compatible with cumulative data type \(type)"
      }
      return nil
    }
    guard options.contains(.cumulativeSum) else { return nil }
    return
      "Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type \(type)"
  }
}

extension HKStatisticsOptions {
  /// The store's options (the same bits).
  var health: HealthStatisticsOptions { HealthStatisticsOptions(rawValue: rawValue) }
}

extension HealthStatisticsValues {
  /// Whether the range has samples: one counted (``HealthStatisticsValues/count``; a
  /// zero-length sample too, whose `duration` statistic is 0 s), or any statistic with a value.
  /// Without any, a statistics query gets `errorNoData`.
  var hasData: Bool {
    count > 0 || sum != nil || average != nil || minimum != nil || maximum != nil
      || mostRecent != nil || (duration ?? 0) > 0 || !bySource.isEmpty
  }
}

extension HealthKitSimulation.State {
  /// The ``HKStatistics`` of the store's values: quantities in the store's unit of `kind`,
  /// duration in seconds, per-source statistics with `separateBySource`.
  func statistics(
    _ values: HealthStatisticsValues, type: HKQuantityType, kind: HealthDataType,
    context: QueryContext, separate: Bool = true
  ) -> HKStatistics {
    let unit = kind.hkUnit
    let amount = { (value: Double?) -> HKStatistics.Amount? in
      value.map { .value($0) }
    }
    var sources: [(HKSource, HKStatistics)]?
    if separate, !values.bySource.isEmpty {
      sources = values.bySource.keys.sorted().map { index in
        (
          hkSource(index),
          statistics(
            values.bySource[index]!, type: type, kind: kind, context: context, separate: false)
        )
      }
    }
    let recent = values.mostRecent
    return HKStatistics(
      quantityType: type, startDate: context.date(values.start), endDate: context.date(values.end),
      unit: unit, sum: amount(values.sum), average: amount(values.average),
      minimum: amount(values.minimum),
      maximum: amount(values.maximum), mostRecent: amount(recent?.value),
      mostRecentInterval: recent.map {
        DateInterval(start: context.date($0.start), end: context.date($0.end))
      },
      duration: values.duration.map { HKQuantity(unit: .second(), doubleValue: $0) },
      bySource: sources)
  }
}
