/// A kind of measured quantity, HealthKit's `HKQuantityTypeIdentifier` without its prefix.
///
/// The raw value is the identifier's name as written in scenarios (`sensors`) and records
/// (`statistics`). Each type has one fixed unit in workout-sim (``unit``) and HealthKit's
/// aggregation style (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantityaggregationstyle).
public enum QuantityType: String, CaseIterable, Sendable, Hashable, Comparable {
  /// Heart rate, beats per minute (`count/min`); discrete.
  case heartRate
  /// Active energy, kilocalories; cumulative.
  case activeEnergyBurned
  /// Basal (resting) energy, kilocalories; cumulative.
  case basalEnergyBurned
  /// Distance on foot, metres; cumulative.
  case distanceWalkingRunning
  /// Distance cycled, metres; cumulative.
  case distanceCycling
  /// Steps, count; cumulative.
  case stepCount
  /// Running speed, metres per second; discrete.
  case runningSpeed
  /// Cycling power, watts; discrete.
  case cyclingPower
  /// Cycling cadence, revolutions per minute; discrete.
  case cyclingCadence
  /// Distance swum, metres; cumulative (`HKQuantityTypeIdentifier.distanceSwimming`).
  case distanceSwimming

  /// HealthKit's aggregation style for a quantity type.
  public enum AggregationStyle: Sendable, Hashable {
    /// Values add up over time (`HKQuantityAggregationStyle.cumulative`): sum, count.
    case cumulative
    /// Values are point readings (`.discreteArithmetic`): average, min, max, most recent.
    case discrete
  }

  /// The aggregation style of this type.
  public var aggregationStyle: AggregationStyle {
    switch self {
    case .heartRate, .runningSpeed, .cyclingPower, .cyclingCadence: .discrete
    case .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .distanceCycling,
      .stepCount, .distanceSwimming:
      .cumulative
    }
  }

  /// Whether this type is cumulative (`aggregationStyle == .cumulative`).
  public var isCumulative: Bool { aggregationStyle == .cumulative }

  /// The unit every value of this type is in: `"count/min"`, `"kcal"`, `"m"`, `"count"`,
  /// `"m/s"`, `"W"`.
  public var unit: String {
    switch self {
    case .heartRate, .cyclingCadence: "count/min"
    case .activeEnergyBurned, .basalEnergyBurned: "kcal"
    case .distanceWalkingRunning, .distanceCycling, .distanceSwimming: "m"
    case .stepCount: "count"
    case .runningSpeed: "m/s"
    case .cyclingPower: "W"
    }
  }

  /// Orders types by their declaration order (used for stable output order).
  public static func < (lhs: QuantityType, rhs: QuantityType) -> Bool {
    lhs.slot < rhs.slot
  }

  /// A dense index `0 ..< slotCount` in declaration order, for per-type tables (no search of
  /// `allCases` on hot paths).
  @inlinable
  public var slot: Int {
    switch self {
    case .heartRate: 0
    case .activeEnergyBurned: 1
    case .basalEnergyBurned: 2
    case .distanceWalkingRunning: 3
    case .distanceCycling: 4
    case .stepCount: 5
    case .runningSpeed: 6
    case .cyclingPower: 7
    case .cyclingCadence: 8
    case .distanceSwimming: 9
    }
  }

  /// The number of slots (of cases).
  public static let slotCount = 10
}
