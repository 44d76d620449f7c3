/// Statistics of a discrete quantity type (heart rate, speed, power, cadence), in its unit.
public struct DiscreteStatistics: Sendable, Hashable {
  /// Plain mean of the samples, HealthKit's `averageQuantity()`.
  public var average: Double
  /// Each value held until the next sample or the end of collection, weighted by that time,
  /// divided by the time from the first sample to the end (project rule, field case F06). When
  /// that time is zero (one sample at the very end), the plain mean.
  public var timeWeightedAverage: Double
  /// Smallest value, `minimumQuantity()`.
  public var minimum: Double
  /// Largest value, `maximumQuantity()`.
  public var maximum: Double
  /// The latest sample's value, `mostRecentQuantity()`.
  public var mostRecent: Double
  /// Number of samples.
  public var count: Int

  /// Creates discrete statistics.
  public init(
    average: Double, timeWeightedAverage: Double, minimum: Double, maximum: Double,
    mostRecent: Double, count: Int
  ) {
    self.average = average
    self.timeWeightedAverage = timeWeightedAverage
    self.minimum = minimum
    self.maximum = maximum
    self.mostRecent = mostRecent
    self.count = count
  }
}

/// Statistics of a cumulative quantity type (energy, distance, steps), in its unit.
public struct CumulativeStatistics: Sendable, Hashable {
  /// Sum of the samples, `sumQuantity()`.
  public var sum: Double
  /// Number of samples.
  public var count: Int

  /// Creates cumulative statistics.
  public init(sum: Double, count: Int) {
    self.sum = sum
    self.count = count
  }
}

/// The statistics of one quantity type, by HealthKit's aggregation style (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantityaggregationstyle).
public enum QuantityStatistics: Sendable, Hashable {
  /// A discrete type: average, time-weighted average, minimum, maximum, most recent, count.
  case discrete(DiscreteStatistics)
  /// A cumulative type: sum, count.
  case cumulative(CumulativeStatistics)

  /// The number of samples.
  public var count: Int {
    switch self {
    case .discrete(let statistics): statistics.count
    case .cumulative(let statistics): statistics.count
    }
  }

  /// The sum (cumulative types only).
  public var sum: Double? {
    switch self {
    case .discrete: nil
    case .cumulative(let statistics): statistics.sum
    }
  }

  /// The discrete statistics, or `nil` for a cumulative type.
  public var discreteValue: DiscreteStatistics? {
    switch self {
    case .discrete(let statistics): statistics
    case .cumulative: nil
    }
  }
}

/// Running statistics of one type, updated in O(1) per sample.
@usableFromInline
struct StatisticsAccumulator: Sendable {
  @usableFromInline var count = 0
  @usableFromInline var sum = 0.0
  @usableFromInline var minimum = Double.infinity
  @usableFromInline var maximum = -Double.infinity
  @usableFromInline var mostRecent = 0.0
  @usableFromInline var firstInstant: Int64 = 0
  @usableFromInline var lastInstant: Int64 = 0
  /// Σ value × (next instant − instant), in unit·ns, over all samples but the last.
  @usableFromInline var weighted = 0.0

  @usableFromInline init() {}

  @inlinable
  mutating func addDiscrete(at instant: Int64, value: Double) {
    if count == 0 {
      firstInstant = instant
    } else {
      weighted += mostRecent * Double(instant &- lastInstant)
    }
    count += 1
    sum += value
    if value < minimum { minimum = value }
    if value > maximum { maximum = value }
    mostRecent = value
    lastInstant = instant
  }

  @inlinable
  mutating func addCumulative(_ value: Double) {
    count += 1
    sum += value
  }

  func statistics(cumulative: Bool, endingAt end: Int64) -> QuantityStatistics? {
    guard count > 0 else { return nil }
    if cumulative { return .cumulative(CumulativeStatistics(sum: sum, count: count)) }
    let average = sum / Double(count)
    let last = max(end, lastInstant)
    let held = last - firstInstant
    let timeWeighted =
      held > 0 ? (weighted + mostRecent * Double(last - lastInstant)) / Double(held) : average
    return .discrete(
      DiscreteStatistics(
        average: average, timeWeightedAverage: timeWeighted, minimum: minimum, maximum: maximum,
        mostRecent: mostRecent, count: count))
  }
}
