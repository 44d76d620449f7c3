import WorkoutCore

/// The kind of a HealthKit object, HealthKit's `HKObjectType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobjecttype).
///
/// Types are equal when they are of the same class with the same ``identifier``, so two
/// `HKQuantityType(.stepCount)` are one element of a `Set<HKSampleType>` or one dictionary key.
public class HKObjectType: NSObject, NSCopying, @unchecked Sendable {
  /// The identifier: the Objective-C constant's name (`"HKQuantityTypeIdentifierStepCount"`,
  /// `"HKWorkoutTypeIdentifier"`).
  public let identifier: String
  /// `identifier.hashValue`, computed once: types are hashed on every `Set<HKSampleType>` and
  /// dictionary use (a batch's types, the app's `[HKQuantityType: Double]`).
  private let identifierHash: Int

  init(identifier: String) {
    self.identifier = identifier
    self.identifierHash = identifier.hashValue
  }

  /// The quantity type for `identifier`, or `nil` for an identifier SimulatedHealthKit does not
  /// know (docs/swift-api.md#values lists them).
  public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier)
    -> HKQuantityType?
  {
    guard QuantityTypeInfo.table[identifier.rawValue] != nil else { return nil }
    return HKQuantityType(identifier)
  }

  /// The category type for `identifier`, or `nil` for an identifier SimulatedHealthKit does not
  /// know.
  public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier)
    -> HKCategoryType?
  {
    guard HKCategoryTypeIdentifier.known.contains(identifier) else { return nil }
    return HKCategoryType(identifier)
  }

  /// The workout type (`"HKWorkoutTypeIdentifier"`).
  public class func workoutType() -> HKWorkoutType { HKWorkoutType() }

  /// Equal when `object` is of the same class with the same identifier.
  public override func isEqual(_ object: Any?) -> Bool {
    // Every dictionary or set probe with a type as key comes here (NSObject's `==`), once for
    // each key the probe meets: one class cast, then identity (the types of batches and
    // statistics are shared instances), then the precomputed hash (unequal types differ there),
    // then class and identifier.
    guard let other = object as? HKObjectType else { return false }
    return other === self
      || (other.identifierHash == identifierHash && Swift.type(of: other) == Swift.type(of: self)
        && other.identifier == identifier)
  }

  /// A hash of the identifier.
  public override var hash: Int { identifierHash }

  /// The identifier.
  public override var description: String { identifier }

  /// Types are immutable: the copy is the type itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The kind of a sample, HealthKit's `HKSampleType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksampletype).
public class HKSampleType: HKObjectType, @unchecked Sendable {}

/// A quantity type, HealthKit's `HKQuantityType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitytype).
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
  private let info: QuantityTypeInfo
  /// The engine's type, or `nil` for a type the engine does not produce (looked up once).
  package let engineType: QuantityType?

  /// The quantity type for `identifier` (`HKQuantityType(.heartRate)`).
  ///
  /// Traps with "HKQuantityType: unknown identifier <raw value>" for an identifier
  /// SimulatedHealthKit does not know (use `HKObjectType.quantityType(forIdentifier:)` to get
  /// `nil` instead).
  public init(_ identifier: HKQuantityTypeIdentifier) {
    guard let info = QuantityTypeInfo.table[identifier.rawValue] else {
      preconditionFailure("HKQuantityType: unknown identifier \(identifier.rawValue)")
    }
    self.info = info
    self.engineType = Self.engineQuantityType(of: identifier.rawValue)
    super.init(identifier: identifier.rawValue)
  }

  /// How values of this type combine (cumulative: sums; discrete: average, minimum, maximum).
  public var aggregationStyle: HKQuantityAggregationStyle { info.aggregationStyle }

  /// Whether quantities of this type can be expressed in `unit` (same dimension as the type's
  /// canonical unit: heart rate and `count/min`, energy and `kcal` or `J`, ...).
  public func `is`(compatibleWith unit: HKUnit) -> Bool {
    info.canonicalUnit.isCompatible(with: unit)
  }

  /// The unit HealthKit documents for the type (`count/s` for heart rate, `kcal`, `m`, `count`).
  var canonicalUnit: HKUnit { info.canonicalUnit }

  /// The identifier as the struct.
  var quantityTypeIdentifier: HKQuantityTypeIdentifier {
    HKQuantityTypeIdentifier(rawValue: identifier)
  }
}

/// A category type, HealthKit's `HKCategoryType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategorytype).
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
  /// The category type for `identifier` (`HKCategoryType(.sleepAnalysis)`).
  ///
  /// Traps with "HKCategoryType: unknown identifier <raw value>" for an identifier
  /// SimulatedHealthKit does not know.
  public init(_ identifier: HKCategoryTypeIdentifier) {
    guard HKCategoryTypeIdentifier.known.contains(identifier) else {
      preconditionFailure("HKCategoryType: unknown identifier \(identifier.rawValue)")
    }
    super.init(identifier: identifier.rawValue)
  }
}

/// The workout type, HealthKit's `HKWorkoutType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouttype); identifier
/// `"HKWorkoutTypeIdentifier"`.
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {
  init() {
    super.init(identifier: "HKWorkoutTypeIdentifier")
  }
}

/// A quantity type's identifier, HealthKit's `HKQuantityTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier). The raw value
/// is the Objective-C constant's name.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The constant's name (`"HKQuantityTypeIdentifierHeartRate"`).
  public let rawValue: String

  /// Creates an identifier from its raw value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from its raw value.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  private init(name: String) {
    self.rawValue = "HKQuantityTypeIdentifier" + name
  }

  // Fitness
  /// Active energy, kcal, cumulative.
  public static let activeEnergyBurned = Self(name: "ActiveEnergyBurned")
  /// Exercise minutes, min, cumulative.
  public static let appleExerciseTime = Self(name: "AppleExerciseTime")
  /// Move minutes, min, cumulative.
  public static let appleMoveTime = Self(name: "AppleMoveTime")
  /// Stand minutes, min, cumulative.
  public static let appleStandTime = Self(name: "AppleStandTime")
  /// Resting energy, kcal, cumulative.
  public static let basalEnergyBurned = Self(name: "BasalEnergyBurned")
  /// Cross-country skiing speed, m/s, discrete.
  public static let crossCountrySkiingSpeed = Self(name: "CrossCountrySkiingSpeed")
  /// Cycling cadence, count/min, discrete.
  public static let cyclingCadence = Self(name: "CyclingCadence")
  /// Functional threshold power, W, discrete.
  public static let cyclingFunctionalThresholdPower = Self(name: "CyclingFunctionalThresholdPower")
  /// Cycling power, W, discrete.
  public static let cyclingPower = Self(name: "CyclingPower")
  /// Cycling speed, m/s, discrete.
  public static let cyclingSpeed = Self(name: "CyclingSpeed")
  /// Cross-country skiing distance, m, cumulative.
  public static let distanceCrossCountrySkiing = Self(name: "DistanceCrossCountrySkiing")
  /// Cycling distance, m, cumulative.
  public static let distanceCycling = Self(name: "DistanceCycling")
  /// Downhill snow sports distance, m, cumulative.
  public static let distanceDownhillSnowSports = Self(name: "DistanceDownhillSnowSports")
  /// Paddle sports distance, m, cumulative.
  public static let distancePaddleSports = Self(name: "DistancePaddleSports")
  /// Rowing distance, m, cumulative.
  public static let distanceRowing = Self(name: "DistanceRowing")
  /// Skating sports distance, m, cumulative.
  public static let distanceSkatingSports = Self(name: "DistanceSkatingSports")
  /// Swimming distance, m, cumulative.
  public static let distanceSwimming = Self(name: "DistanceSwimming")
  /// Walking and running distance, m, cumulative.
  public static let distanceWalkingRunning = Self(name: "DistanceWalkingRunning")
  /// Wheelchair distance, m, cumulative.
  public static let distanceWheelchair = Self(name: "DistanceWheelchair")
  /// Flights of stairs, count, cumulative.
  public static let flightsClimbed = Self(name: "FlightsClimbed")
  /// Paddle sports speed, m/s, discrete.
  public static let paddleSportsSpeed = Self(name: "PaddleSportsSpeed")
  /// Physical effort, kcal/(kg·hr), discrete.
  public static let physicalEffort = Self(name: "PhysicalEffort")
  /// Wheelchair pushes, count, cumulative.
  public static let pushCount = Self(name: "PushCount")
  /// Rowing speed, m/s, discrete.
  public static let rowingSpeed = Self(name: "RowingSpeed")
  /// Running power, W, discrete.
  public static let runningPower = Self(name: "RunningPower")
  /// Running speed, m/s, discrete.
  public static let runningSpeed = Self(name: "RunningSpeed")
  /// Steps, count, cumulative.
  public static let stepCount = Self(name: "StepCount")
  /// Swimming strokes, count, cumulative.
  public static let swimmingStrokeCount = Self(name: "SwimmingStrokeCount")
  /// Underwater depth, m, discrete.
  public static let underwaterDepth = Self(name: "UnderwaterDepth")
  // Heart
  /// Atrial fibrillation burden, %, discrete (temporally weighted).
  public static let atrialFibrillationBurden = Self(name: "AtrialFibrillationBurden")
  /// Heart rate, count/s, discrete (temporally weighted).
  public static let heartRate = Self(name: "HeartRate")
  /// Heart rate recovery after one minute, count/min, discrete.
  public static let heartRateRecoveryOneMinute = Self(name: "HeartRateRecoveryOneMinute")
  /// Heart rate variability (SDNN), ms, discrete.
  public static let heartRateVariabilitySDNN = Self(name: "HeartRateVariabilitySDNN")
  /// Resting heart rate, count/min, discrete.
  public static let restingHeartRate = Self(name: "RestingHeartRate")
  /// VO₂ max, ml/(kg·min), discrete.
  public static let vo2Max = Self(name: "VO2Max")
  /// Walking heart rate average, count/min, discrete.
  public static let walkingHeartRateAverage = Self(name: "WalkingHeartRateAverage")
  // Body
  /// Body fat, %, discrete.
  public static let bodyFatPercentage = Self(name: "BodyFatPercentage")
  /// Body mass, kg, discrete.
  public static let bodyMass = Self(name: "BodyMass")
  /// Body mass index, count, discrete.
  public static let bodyMassIndex = Self(name: "BodyMassIndex")
  /// Height, m, discrete.
  public static let height = Self(name: "Height")
  /// Lean body mass, kg, discrete.
  public static let leanBodyMass = Self(name: "LeanBodyMass")
  /// Waist circumference, m, discrete.
  public static let waistCircumference = Self(name: "WaistCircumference")
  // Mobility
  /// Running ground contact time, ms, discrete.
  public static let runningGroundContactTime = Self(name: "RunningGroundContactTime")
  /// Running stride length, m, discrete.
  public static let runningStrideLength = Self(name: "RunningStrideLength")
  /// Running vertical oscillation, cm, discrete.
  public static let runningVerticalOscillation = Self(name: "RunningVerticalOscillation")
  /// Six-minute walk test distance, m, discrete.
  public static let sixMinuteWalkTestDistance = Self(name: "SixMinuteWalkTestDistance")
  /// Stair ascent speed, m/s, discrete.
  public static let stairAscentSpeed = Self(name: "StairAscentSpeed")
  /// Stair descent speed, m/s, discrete.
  public static let stairDescentSpeed = Self(name: "StairDescentSpeed")
  /// Walking asymmetry, %, discrete.
  public static let walkingAsymmetryPercentage = Self(name: "WalkingAsymmetryPercentage")
  /// Walking double support, %, discrete.
  public static let walkingDoubleSupportPercentage = Self(name: "WalkingDoubleSupportPercentage")
  /// Walking speed, m/s, discrete.
  public static let walkingSpeed = Self(name: "WalkingSpeed")
  /// Walking step length, m, discrete.
  public static let walkingStepLength = Self(name: "WalkingStepLength")
}

/// A category type's identifier, HealthKit's `HKCategoryTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier). The raw value
/// is the Objective-C constant's name.
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The constant's name (`"HKCategoryTypeIdentifierSleepAnalysis"`).
  public let rawValue: String

  /// Creates an identifier from its raw value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from its raw value.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  private init(name: String) {
    self.rawValue = "HKCategoryTypeIdentifier" + name
  }

  /// Sleep analysis (values `HKCategoryValueSleepAnalysis`).
  public static let sleepAnalysis = Self(name: "SleepAnalysis")
  /// Stand hours.
  public static let appleStandHour = Self(name: "AppleStandHour")
  /// Mindful sessions.
  public static let mindfulSession = Self(name: "MindfulSession")
  /// High heart rate notifications.
  public static let highHeartRateEvent = Self(name: "HighHeartRateEvent")
  /// Low heart rate notifications.
  public static let lowHeartRateEvent = Self(name: "LowHeartRateEvent")
  /// Irregular rhythm notifications.
  public static let irregularHeartRhythmEvent = Self(name: "IrregularHeartRhythmEvent")

  static let known: Set<HKCategoryTypeIdentifier> = [
    .sleepAnalysis, .appleStandHour, .mindfulSession, .highHeartRateEvent, .lowHeartRateEvent,
    .irregularHeartRhythmEvent,
  ]
}

/// What SimulatedHealthKit knows of a quantity type: its canonical unit and aggregation style, as
/// the iOS 18 SDK's `HKTypeIdentifiers.h` comments state them.
struct QuantityTypeInfo: Sendable {
  var canonicalUnit: HKUnit
  var aggregationStyle: HKQuantityAggregationStyle

  private static func entry(
    _ identifier: HKQuantityTypeIdentifier, _ unit: String, _ style: HKQuantityAggregationStyle
  ) -> (String, QuantityTypeInfo) {
    (
      identifier.rawValue,
      QuantityTypeInfo(canonicalUnit: HKUnit(from: unit), aggregationStyle: style)
    )
  }

  /// Raw identifier → info.
  static let table: [String: QuantityTypeInfo] = Dictionary(
    uniqueKeysWithValues: [
      entry(.activeEnergyBurned, "kcal", .cumulative),
      entry(.appleExerciseTime, "min", .cumulative),
      entry(.appleMoveTime, "min", .cumulative),
      entry(.appleStandTime, "min", .cumulative),
      entry(.basalEnergyBurned, "kcal", .cumulative),
      entry(.crossCountrySkiingSpeed, "m/s", .discreteArithmetic),
      entry(.cyclingCadence, "count/min", .discreteArithmetic),
      entry(.cyclingFunctionalThresholdPower, "W", .discreteArithmetic),
      entry(.cyclingPower, "W", .discreteArithmetic),
      entry(.cyclingSpeed, "m/s", .discreteArithmetic),
      entry(.distanceCrossCountrySkiing, "m", .cumulative),
      entry(.distanceCycling, "m", .cumulative),
      entry(.distanceDownhillSnowSports, "m", .cumulative),
      entry(.distancePaddleSports, "m", .cumulative),
      entry(.distanceRowing, "m", .cumulative),
      entry(.distanceSkatingSports, "m", .cumulative),
      entry(.distanceSwimming, "m", .cumulative),
      entry(.distanceWalkingRunning, "m", .cumulative),
      entry(.distanceWheelchair, "m", .cumulative),
      entry(.flightsClimbed, "count", .cumulative),
      entry(.paddleSportsSpeed, "m/s", .discreteArithmetic),
      entry(.physicalEffort, "kcal/(kg*hr)", .discreteArithmetic),
      entry(.pushCount, "count", .cumulative),
      entry(.rowingSpeed, "m/s", .discreteArithmetic),
      entry(.runningPower, "W", .discreteArithmetic),
      entry(.runningSpeed, "m/s", .discreteArithmetic),
      entry(.stepCount, "count", .cumulative),
      entry(.swimmingStrokeCount, "count", .cumulative),
      entry(.underwaterDepth, "m", .discreteArithmetic),
      entry(.atrialFibrillationBurden, "%", .discreteTemporallyWeighted),
      entry(.heartRate, "count/s", .discreteTemporallyWeighted),
      entry(.heartRateRecoveryOneMinute, "count/min", .discreteArithmetic),
      entry(.heartRateVariabilitySDNN, "ms", .discreteArithmetic),
      entry(.restingHeartRate, "count/min", .discreteArithmetic),
      entry(.vo2Max, "ml/(kg*min)", .discreteArithmetic),
      entry(.walkingHeartRateAverage, "count/min", .discreteArithmetic),
      entry(.bodyFatPercentage, "%", .discreteArithmetic),
      entry(.bodyMass, "kg", .discreteArithmetic),
      entry(.bodyMassIndex, "count", .discreteArithmetic),
      entry(.height, "m", .discreteArithmetic),
      entry(.leanBodyMass, "kg", .discreteArithmetic),
      entry(.waistCircumference, "m", .discreteArithmetic),
      entry(.runningGroundContactTime, "ms", .discreteArithmetic),
      entry(.runningStrideLength, "m", .discreteArithmetic),
      entry(.runningVerticalOscillation, "cm", .discreteArithmetic),
      entry(.sixMinuteWalkTestDistance, "m", .discreteArithmetic),
      entry(.stairAscentSpeed, "m/s", .discreteArithmetic),
      entry(.stairDescentSpeed, "m/s", .discreteArithmetic),
      entry(.walkingAsymmetryPercentage, "%", .discreteArithmetic),
      entry(.walkingDoubleSupportPercentage, "%", .discreteArithmetic),
      entry(.walkingSpeed, "m/s", .discreteArithmetic),
      entry(.walkingStepLength, "m", .discreteArithmetic),
    ])
}
