/// The statistics of one quantity type over a time span, HealthKit's `HKStatistics` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstatistics).
///
/// No public initializer (as in HealthKit): builders, workouts and queries make them. Cumulative
/// types have a ``sumQuantity()``; discrete types an average, minimum and maximum; both may have
/// a ``mostRecentQuantity()``. Statistics of a query with `separateBySource` have ``sources``
/// and the `for source:` forms (each source's own, unmerged values); otherwise those are `nil`.
public final class HKStatistics: NSObject, NSCopying, @unchecked Sendable {
  /// The type.
  public let quantityType: HKQuantityType
  /// The span's start.
  public let startDate: Date
  /// The span's end.
  public let endDate: Date
  private let sum: Amount?
  private let average: Amount?
  private let minimum: Amount?
  private let maximum: Amount?
  private let mostRecent: Amount?
  private let mostRecentInterval: DateInterval?
  private let totalDuration: HKQuantity?
  /// The sources and their own statistics (bundle identifier → statistics), or `nil` when not
  /// separated by source.
  private let bySource: (sources: [HKSource], values: [String: HKStatistics])?

  /// One statistic: a quantity, or a value whose ``HKQuantity`` is made when it is asked for
  /// (live statistics are made on every batch and most are read for one quantity).
  package enum Amount: Sendable {
    /// A quantity made already.
    case quantity(HKQuantity)
    /// A value in a unit, made into an ``HKQuantity`` on every read.
    case value(Double, HKUnit)

    /// The quantity (a new one on each read of a ``value(_:_:)``).
    var quantity: HKQuantity {
      switch self {
      case .quantity(let quantity): quantity
      case .value(let value, let unit): HKQuantity(unit: unit, doubleValue: value)
      }
    }
  }

  /// Creates statistics from their parts; quantities not computed are `nil`.
  package convenience init(
    quantityType: HKQuantityType, startDate: Date, endDate: Date, sumQuantity: HKQuantity? = nil,
    averageQuantity: HKQuantity? = nil, minimumQuantity: HKQuantity? = nil,
    maximumQuantity: HKQuantity? = nil, mostRecentQuantity: HKQuantity? = nil,
    mostRecentQuantityDateInterval: DateInterval? = nil, duration: HKQuantity? = nil
  ) {
    self.init(
      quantityType: quantityType, startDate: startDate, endDate: endDate,
      sum: sumQuantity.map(Amount.quantity), average: averageQuantity.map(Amount.quantity),
      minimum: minimumQuantity.map(Amount.quantity), maximum: maximumQuantity.map(Amount.quantity),
      mostRecent: mostRecentQuantity.map(Amount.quantity),
      mostRecentInterval: mostRecentQuantityDateInterval, duration: duration)
  }

  /// Creates statistics from their amounts (values made into quantities when read); amounts
  /// not computed are `nil`.
  package init(
    quantityType: HKQuantityType, startDate: Date, endDate: Date, sum: Amount? = nil,
    average: Amount? = nil, minimum: Amount? = nil, maximum: Amount? = nil,
    mostRecent: Amount? = nil, mostRecentInterval: DateInterval? = nil,
    duration: HKQuantity? = nil, bySource: [(HKSource, HKStatistics)]? = nil
  ) {
    self.bySource = bySource.map { pairs in
      (
        pairs.map(\.0),
        Dictionary(
          pairs.map { ($0.0.bundleIdentifier, $0.1) }, uniquingKeysWith: { first, _ in first })
      )
    }
    self.quantityType = quantityType
    self.startDate = startDate
    self.endDate = endDate
    self.sum = sum
    self.average = average
    self.minimum = minimum
    self.maximum = maximum
    self.mostRecent = mostRecent
    self.mostRecentInterval = mostRecentInterval
    self.totalDuration = duration
  }

  /// The sources the statistics were separated by (with `separateBySource`, in the store's
  /// source order), else `nil`.
  public var sources: [HKSource]? { bySource?.sources }

  /// The statistics of one source, with `separateBySource`.
  private func of(_ source: HKSource) -> HKStatistics? {
    bySource?.values[source.bundleIdentifier]
  }

  /// The sum (cumulative types; merged across sources by the store's priority model), or `nil`.
  public func sumQuantity() -> HKQuantity? { sum?.quantity }
  /// The sum of `source`'s own samples, with `separateBySource`, else `nil`.
  public func sumQuantity(for source: HKSource) -> HKQuantity? { of(source)?.sumQuantity() }
  /// The mean of the samples (discrete types), or `nil`.
  public func averageQuantity() -> HKQuantity? { average?.quantity }
  /// The average of `source`'s samples, with `separateBySource`, else `nil`.
  public func averageQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.averageQuantity()
  }
  /// The smallest sample (discrete types), or `nil`.
  public func minimumQuantity() -> HKQuantity? { minimum?.quantity }
  /// The minimum of `source`'s samples, with `separateBySource`, else `nil`.
  public func minimumQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.minimumQuantity()
  }
  /// The largest sample (discrete types), or `nil`.
  public func maximumQuantity() -> HKQuantity? { maximum?.quantity }
  /// The maximum of `source`'s samples, with `separateBySource`, else `nil`.
  public func maximumQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.maximumQuantity()
  }
  /// The latest sample's quantity, or `nil`.
  public func mostRecentQuantity() -> HKQuantity? { mostRecent?.quantity }
  /// The latest of `source`'s samples, with `separateBySource`, else `nil`.
  public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.mostRecentQuantity()
  }
  /// The latest sample's span, or `nil`.
  public func mostRecentQuantityDateInterval() -> DateInterval? { mostRecentInterval }
  /// The span of `source`'s latest sample, with `separateBySource`, else `nil`.
  public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
    of(source)?.mostRecentQuantityDateInterval()
  }
  /// The time the samples cover (seconds, merged across sources), or `nil` (not computed by the
  /// live builder).
  public func duration() -> HKQuantity? { totalDuration }
  /// The time `source`'s samples cover, with `separateBySource`, else `nil`.
  public func duration(for source: HKSource) -> HKQuantity? { of(source)?.duration() }

  private var parts: [AnyHashable?] {
    [
      sum?.quantity, average?.quantity, minimum?.quantity, maximum?.quantity,
      mostRecent?.quantity, mostRecentInterval, totalDuration,
    ]
  }

  /// Equal when type, span and every quantity are equal.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKStatistics else { return false }
    return other.quantityType == quantityType && other.startDate == startDate
      && other.endDate == endDate && other.parts == parts
  }

  /// A hash of type and span.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(quantityType)
    hasher.combine(startDate)
    hasher.combine(endDate)
    return hasher.finalize()
  }

  /// Statistics are immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}
