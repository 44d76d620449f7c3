import WorkoutCore
import WorkoutHealth

/// The two concrete quantity sample classes, HealthKit's `HKCumulativeQuantitySample` and
/// `HKDiscreteQuantitySample` (iOS 13, watchOS 6), and the deprecated
/// `HKCumulativeQuantitySeriesSample`.
///
/// On a device `HKQuantitySample` is a class cluster: every quantity sample is an instance of
/// one of the two subclasses, by its type's aggregation style (HealthKit's own exception text
/// names them: "HKCumulativeQuantitySample ... requires unit of type Length",
/// https://github.com/dariosalvi78/cordova-plugin-health/issues/158). Swift initializers cannot
/// return a subclass, so `HKQuantitySample(type:quantity:start:end:)` here makes an
/// `HKQuantitySample`; what the store returns (sample queries, anchored queries, a series
/// builder's `finishSeries`) is always the subclass, as on a device
/// (docs/healthkit-types.md#quantity-sample-classes).

/// One quantity of a sample's series and the time it covers (what
/// ``HKQuantitySeriesSampleQuery`` hands out one by one).
package struct QuantitySeriesEntry: @unchecked Sendable {
  /// The quantity.
  package var quantity: HKQuantity
  /// The time it covers (a zero-length interval for `insert(_:at:)`).
  package var dateInterval: DateInterval
}

/// A sample that holds a series of quantities (count 1: the sample's own quantity over its
/// start and end).
package protocol QuantitySeriesHolder: HKQuantitySample {
  /// The series in date order (start dates ascending).
  var seriesEntries: [QuantitySeriesEntry] { get }
}

extension HKQuantityType {
  /// HealthKit's exception text for a sample of this type with `quantity` in a unit of another
  /// dimension: "<class> <UUID> <quantity> (<start> - <end>) requires unit of type <dimension>.
  /// Incompatible unit: <unit>" (the form HealthKit raises as `_HKObjectValidationFailureException`:
  /// https://github.com/carp-dk/carp-health-flutter/issues/254). The dimension is `Mass`,
  /// `Length`, `Time`, `Energy`, `Volume` or, for the others, the type's canonical unit string.
  func incompatibleUnitMessage(_ quantity: HKQuantity, uuid: UUID, start: Date, end: Date)
    -> String
  {
    let className =
      aggregationStyle == .cumulative ? "HKCumulativeQuantitySample" : "HKDiscreteQuantitySample"
    return
      "\(className) \(uuid.uuidString) \(quantity) (\(start) - \(end)) requires unit of type \(canonicalUnit.dimensionName). Incompatible unit: \(quantity.unit.unitString)"
  }
}

extension HKUnit {
  /// The name of the unit's dimension in HealthKit's exception texts (`Mass`, `Length`, `Time`,
  /// `Energy`, `Volume`), or the unit string for the others.
  var dimensionName: String {
    switch (dimension.mass, dimension.length, dimension.time, dimension.isMechanical) {
    case (1, 0, 0, true): "Mass"
    case (0, 1, 0, true): "Length"
    case (0, 0, 1, true): "Time"
    case (1, 2, -2, true): "Energy"
    case (0, 3, 0, true): "Volume"
    default: unitString
    }
  }
}

extension Dimension {
  /// Whether the dimension is made of mass, length and time only.
  fileprivate var isMechanical: Bool {
    current == 0 && temperature == 0 && internationalUnit == 0 && soundPressureLevel == 0
      && hearingLevel == 0 && effortScore == 0
  }
}

extension HKQuantitySample {
  /// The sample as the store keeps it: an ``HKCumulativeQuantitySample`` or
  /// ``HKDiscreteQuantitySample`` (by the type's aggregation style) with this sample's UUID,
  /// quantity, dates, device, metadata and source; the sample itself when it is one already.
  var concreteSample: HKQuantitySample {
    if self is any QuantitySeriesHolder { return self }
    return Self.make(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: device,
      metadata: metadata, uuid: uuid, sourceRevision: sourceRevision)
  }

  /// A sample of one quantity of the class of `type`'s aggregation style.
  static func make(
    type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, device: HKDevice?,
    metadata: [String: Any]?, uuid: UUID, sourceRevision: HKSourceRevision
  ) -> HKQuantitySample {
    if type.aggregationStyle == .cumulative {
      return HKCumulativeQuantitySample(
        type: type, quantity: quantity, start: start, end: end, device: device,
        metadata: metadata, uuid: uuid, sourceRevision: sourceRevision)
    }
    return HKDiscreteQuantitySample(
      type: type, quantity: quantity, start: start, end: end, device: device, metadata: metadata,
      uuid: uuid, sourceRevision: sourceRevision)
  }

  /// The sample of `type` holding `entries` (at least one, in date order) from `start` to
  /// `end`: cumulative types sum them, discrete ones keep minimum, average, maximum and most
  /// recent.
  static func series(
    of type: HKQuantityType, entries: [QuantitySeriesEntry], start: Date, end: Date,
    device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
  ) -> HKQuantitySample {
    if type.aggregationStyle == .cumulative {
      return HKCumulativeQuantitySample(
        type: type, series: entries, start: start, end: end, device: device, metadata: metadata,
        uuid: UUID(), sourceRevision: sourceRevision)
    }
    return HKDiscreteQuantitySample(
      type: type, series: entries, start: start, end: end, device: device, metadata: metadata,
      uuid: UUID(), sourceRevision: sourceRevision)
  }

  /// The series of any quantity sample: its entries, or its one quantity over its dates.
  var series: [QuantitySeriesEntry] {
    (self as? any QuantitySeriesHolder)?.seriesEntries
      ?? [QuantitySeriesEntry(quantity: quantity, dateInterval: interval)]
  }

  /// The sample's start to end.
  var interval: DateInterval { DateInterval(start: startDate, end: endDate) }
}

extension NSCoder {
  /// Writes a series as three parallel arrays: quantities, start and end dates (seconds since
  /// the reference date).
  func encode(_ entries: [QuantitySeriesEntry], forKey key: String) {
    encode(entries.map(\.quantity), forKey: key + ".quantities")
    encode(
      entries.map { NSNumber(value: $0.dateInterval.start.timeIntervalSinceReferenceDate) },
      forKey: key + ".starts")
    encode(
      entries.map { NSNumber(value: $0.dateInterval.end.timeIntervalSinceReferenceDate) },
      forKey: key + ".ends")
  }

  /// Reads a series ``encode(_:forKey:)`` wrote; `nil` when it is missing, empty or malformed.
  func decodeSeries(forKey key: String) -> [QuantitySeriesEntry]? {
    guard let quantities = decodeArray(of: HKQuantity.self, forKey: key + ".quantities"),
      let starts = decodeArray(of: NSNumber.self, forKey: key + ".starts"),
      let ends = decodeArray(of: NSNumber.self, forKey: key + ".ends"),
      !quantities.isEmpty, quantities.count == starts.count, starts.count == ends.count
    else { return nil }
    var entries: [QuantitySeriesEntry] = []
    for (quantity, (start, end)) in zip(quantities, zip(starts, ends)) {
      guard end.doubleValue >= start.doubleValue else { return nil }
      entries.append(
        QuantitySeriesEntry(
          quantity: quantity,
          dateInterval: DateInterval(
            start: Date(timeIntervalSinceReferenceDate: start.doubleValue),
            end: Date(timeIntervalSinceReferenceDate: end.doubleValue))))
    }
    return entries
  }
}

/// A sample of a cumulative quantity type (steps, distance, energy, water), HealthKit's
/// `HKCumulativeQuantitySample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcumulativequantitysample). What a
/// sample query returns for a cumulative type; its ``HKQuantitySample/quantity`` is the sum of
/// its ``HKQuantitySample/count`` quantities.
public class HKCumulativeQuantitySample: HKQuantitySample, QuantitySeriesHolder,
  @unchecked Sendable
{
  package let seriesEntries: [QuantitySeriesEntry]

  /// The sum of the sample's quantities (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcumulativequantitysample/sumquantity).
  public var sumQuantity: HKQuantity { quantity }

  /// A sample of one quantity.
  override package init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, device: HKDevice?, metadata: [String: Any]?, uuid: UUID = UUID(),
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil),
    count: Int = 1
  ) {
    seriesEntries = [
      QuantitySeriesEntry(
        quantity: quantity,
        dateInterval: DateInterval(start: startDate, end: max(startDate, endDate)))
    ]
    super.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: device,
      metadata: metadata, uuid: uuid, sourceRevision: sourceRevision, count: count)
  }

  /// A sample of the series `entries` (at least one): its quantity is their sum, in the first
  /// entry's unit.
  package init(
    type quantityType: HKQuantityType, series entries: [QuantitySeriesEntry], start: Date,
    end: Date, device: HKDevice?, metadata: [String: Any]?, uuid: UUID,
    sourceRevision: HKSourceRevision
  ) {
    let unit = entries[0].quantity.unit
    let sum = entries.reduce(0) { $0 + $1.quantity.doubleValue(for: unit) }
    seriesEntries = entries
    super.init(
      type: quantityType, quantity: HKQuantity(unit: unit, doubleValue: sum), start: start,
      end: end, device: device, metadata: metadata, uuid: uuid, sourceRevision: sourceRevision,
      count: entries.count)
  }

  /// Writes the sample's fields and its series.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(seriesEntries, forKey: "series")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a series.
  public required init?(coder: NSCoder) {
    guard let entries = coder.decodeSeries(forKey: "series") else { return nil }
    seriesEntries = entries
    super.init(coder: coder)
  }
}

/// A sample of a discrete quantity type (heart rate, body mass, blood pressure), HealthKit's
/// `HKDiscreteQuantitySample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdiscretequantitysample). What a sample
/// query returns for a discrete type; its ``HKQuantitySample/quantity`` is the average of its
/// ``HKQuantitySample/count`` quantities (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitysample/quantity).
public class HKDiscreteQuantitySample: HKQuantitySample, QuantitySeriesHolder, @unchecked Sendable {
  package let seriesEntries: [QuantitySeriesEntry]
  /// The smallest of the sample's quantities (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdiscretequantitysample/minimumquantity).
  public let minimumQuantity: HKQuantity
  /// The average of the sample's quantities, in the first one's unit: weighted by their
  /// durations when every one has a duration, else their arithmetic mean, as a statistics
  /// query averages them (docs/health-store.md#discrete-statistics; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdiscretequantitysample/averagequantity).
  public var averageQuantity: HKQuantity { quantity }
  /// The largest of the sample's quantities (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdiscretequantitysample/maximumquantity).
  public let maximumQuantity: HKQuantity
  /// The quantity with the latest end date, then the latest start date (of two with the same
  /// interval, the one inserted last), the rule of a statistics query's most recent quantity
  /// (docs/health-store.md#discrete-statistics; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdiscretequantitysample/mostrecentquantity).
  public let mostRecentQuantity: HKQuantity
  /// The time ``mostRecentQuantity`` covers (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdiscretequantitysample/mostrecentquantitydateinterval).
  public let mostRecentQuantityDateInterval: DateInterval

  /// A sample of one quantity: minimum, average, maximum and most recent are that quantity.
  override package init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, device: HKDevice?, metadata: [String: Any]?, uuid: UUID = UUID(),
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil),
    count: Int = 1
  ) {
    let interval = DateInterval(start: startDate, end: max(startDate, endDate))
    seriesEntries = [QuantitySeriesEntry(quantity: quantity, dateInterval: interval)]
    minimumQuantity = quantity
    maximumQuantity = quantity
    mostRecentQuantity = quantity
    mostRecentQuantityDateInterval = interval
    super.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: device,
      metadata: metadata, uuid: uuid, sourceRevision: sourceRevision, count: count)
  }

  /// A sample of the series `entries` (at least one, in date order).
  package init(
    type quantityType: HKQuantityType, series entries: [QuantitySeriesEntry], start: Date,
    end: Date, device: HKDevice?, metadata: [String: Any]?, uuid: UUID,
    sourceRevision: HKSourceRevision
  ) {
    seriesEntries = entries
    let summary = Self.summary(of: entries)
    (minimumQuantity, maximumQuantity) = (summary.minimum, summary.maximum)
    (mostRecentQuantity, mostRecentQuantityDateInterval) = (summary.recent, summary.interval)
    super.init(
      type: quantityType, quantity: summary.average, start: start, end: end, device: device,
      metadata: metadata, uuid: uuid, sourceRevision: sourceRevision, count: entries.count)
  }

  /// Minimum, maximum, average (in the first entry's unit) and most recent of `entries` (at
  /// least one) by the rules of the health store's discrete statistics
  /// (`HealthStore.discreteSummary(of:)`, their one home): the average is time-weighted when
  /// every quantity has a duration, else the arithmetic mean; the most recent quantity is the
  /// one with the latest end, then the latest start, then the one inserted last. So the
  /// sample's own values are what an `HKStatisticsQuery` over it gives
  /// (docs/healthkit-types.md#quantity-series).
  private static func summary(of entries: [QuantitySeriesEntry]) -> (
    minimum: HKQuantity, maximum: HKQuantity, average: HKQuantity, recent: HKQuantity,
    interval: DateInterval
  ) {
    let unit = entries[0].quantity.unit
    let origin = entries[0].dateInterval.start
    let parts = entries.map { entry in
      HealthSeriesPart(
        start: SimulationInstant(entry.dateInterval.start, since: origin),
        end: SimulationInstant(entry.dateInterval.end, since: origin),
        value: entry.quantity.doubleValue(for: unit))
    }
    let summary = HealthStore.discreteSummary(of: parts)
    return (
      entries[summary.minimum].quantity, entries[summary.maximum].quantity,
      HKQuantity(unit: unit, doubleValue: summary.average), entries[summary.mostRecent].quantity,
      entries[summary.mostRecent].dateInterval
    )
  }

  /// Writes the sample's fields and its series.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(seriesEntries, forKey: "series")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a series.
  public required init?(coder: NSCoder) {
    guard let entries = coder.decodeSeries(forKey: "series") else { return nil }
    seriesEntries = entries
    let summary = Self.summary(of: entries)
    (minimumQuantity, maximumQuantity) = (summary.minimum, summary.maximum)
    (mostRecentQuantity, mostRecentQuantityDateInterval) = (summary.recent, summary.interval)
    super.init(coder: coder)
  }
}

/// A series of cumulative quantities, HealthKit's `HKCumulativeQuantitySeriesSample`,
/// deprecated since iOS 13 and watchOS 6 for ``HKCumulativeQuantitySample`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcumulativequantityseriessample).
/// Declared so code that names it compiles (with the deprecation warning); the store never
/// makes one.
@available(*, deprecated, message: "Use HKCumulativeQuantitySample")
public class HKCumulativeQuantitySeriesSample: HKCumulativeQuantitySample, @unchecked Sendable {
  /// The sum of the series (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcumulativequantityseriessample/sum).
  public var sum: HKQuantity { quantity }
}
