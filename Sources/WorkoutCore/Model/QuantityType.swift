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
  /// Running power, watts; discrete (`HKQuantityTypeIdentifier.runningPower`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningpower).
  case runningPower
  /// Running stride length, the distance of one step, metres; discrete
  /// (`HKQuantityTypeIdentifier.runningStrideLength`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningstridelength).
  case runningStrideLength
  /// Vertical oscillation of the body, centimetres; discrete
  /// (`HKQuantityTypeIdentifier.runningVerticalOscillation`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningverticaloscillation).
  case runningVerticalOscillation
  /// Ground contact time of a step, milliseconds; discrete
  /// (`HKQuantityTypeIdentifier.runningGroundContactTime`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runninggroundcontacttime).
  case runningGroundContactTime
  /// Cycling speed, metres per second; discrete (`HKQuantityTypeIdentifier.cyclingSpeed`, Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingspeed).
  case cyclingSpeed
  /// Swimming strokes, count; cumulative (`HKQuantityTypeIdentifier.swimmingStrokeCount`, Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/swimmingstrokecount).
  case swimmingStrokeCount
  /// Flights of stairs climbed, count; cumulative (`HKQuantityTypeIdentifier.flightsClimbed`,
  /// Apple doc: https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/flightsclimbed).
  case flightsClimbed
  /// Distance rowed, metres; cumulative (`HKQuantityTypeIdentifier.distanceRowing`, iOS 18,
  /// Apple doc: https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancerowing).
  case distanceRowing
  /// Rowing speed, metres per second; discrete (`HKQuantityTypeIdentifier.rowingSpeed`, iOS 18,
  /// Apple doc: https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/rowingspeed).
  case rowingSpeed
  /// Distance skied cross-country, metres; cumulative
  /// (`HKQuantityTypeIdentifier.distanceCrossCountrySkiing`, iOS 18, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancecrosscountryskiing).
  case distanceCrossCountrySkiing
  /// Cross-country skiing speed, metres per second; discrete
  /// (`HKQuantityTypeIdentifier.crossCountrySkiingSpeed`, iOS 18, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/crosscountryskiingspeed).
  case crossCountrySkiingSpeed
  /// Distance skied or snowboarded downhill, metres; cumulative
  /// (`HKQuantityTypeIdentifier.distanceDownhillSnowSports`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancedownhillsnowsports).
  case distanceDownhillSnowSports

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
    case .heartRate, .runningSpeed, .cyclingPower, .cyclingCadence, .runningPower,
      .runningStrideLength, .runningVerticalOscillation, .runningGroundContactTime, .cyclingSpeed,
      .rowingSpeed, .crossCountrySkiingSpeed:
      .discrete
    case .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .distanceCycling,
      .stepCount, .distanceSwimming, .swimmingStrokeCount, .flightsClimbed, .distanceRowing,
      .distanceCrossCountrySkiing, .distanceDownhillSnowSports:
      .cumulative
    }
  }

  /// Whether this type is cumulative (`aggregationStyle == .cumulative`).
  public var isCumulative: Bool { aggregationStyle == .cumulative }

  /// The unit every value of this type is in: `"count/min"`, `"kcal"`, `"m"`, `"count"`,
  /// `"m/s"`, `"W"`, `"cm"` (vertical oscillation), `"ms"` (ground contact time).
  public var unit: String {
    switch self {
    case .heartRate, .cyclingCadence: "count/min"
    case .activeEnergyBurned, .basalEnergyBurned: "kcal"
    case .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .runningStrideLength,
      .distanceRowing, .distanceCrossCountrySkiing, .distanceDownhillSnowSports:
      "m"
    case .stepCount, .swimmingStrokeCount, .flightsClimbed: "count"
    case .runningSpeed, .cyclingSpeed, .rowingSpeed, .crossCountrySkiingSpeed: "m/s"
    case .cyclingPower, .runningPower: "W"
    case .runningVerticalOscillation: "cm"
    case .runningGroundContactTime: "ms"
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
    case .runningPower: 10
    case .runningStrideLength: 11
    case .runningVerticalOscillation: 12
    case .runningGroundContactTime: 13
    case .cyclingSpeed: 14
    case .swimmingStrokeCount: 15
    case .flightsClimbed: 16
    case .distanceRowing: 17
    case .rowingSpeed: 18
    case .distanceCrossCountrySkiing: 19
    case .crossCountrySkiingSpeed: 20
    case .distanceDownhillSnowSports: 21
    }
  }

  /// The number of slots (of cases); ``QuantityTypeSet`` holds one bit per slot in a `UInt32`,
  /// so 32 is the most this can grow to without widening it.
  public static let slotCount = 22
}
