/// The kind of workout, HealthKit's `HKWorkoutActivityType` with its raw values.
///
/// Case names and raw values as in the SDK (raw values pinned by PyObjC's
/// `test_hkworkoutactivitytype.py`; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutactivitytype). The scenario's
/// `activity` key takes the case name.
public enum WorkoutActivityType: UInt, CaseIterable, Sendable, Hashable {
  /// `HKWorkoutActivityType.cycling`.
  case cycling = 13
  /// `HKWorkoutActivityType.hiking`.
  case hiking = 24
  /// `HKWorkoutActivityType.running`.
  case running = 37
  /// `HKWorkoutActivityType.swimming`.
  case swimming = 46
  /// `HKWorkoutActivityType.traditionalStrengthTraining`.
  case traditionalStrengthTraining = 50
  /// `HKWorkoutActivityType.walking`.
  case walking = 52
  /// `HKWorkoutActivityType.yoga`.
  case yoga = 57
  /// `HKWorkoutActivityType.highIntensityIntervalTraining`.
  case highIntensityIntervalTraining = 63
  /// `HKWorkoutActivityType.swimBikeRun`: a multisport workout whose activities
  /// (`beginNewActivity`) are swimming, cycling, running and transitions (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivitytype/swimbikerun).
  case swimBikeRun = 82
  /// `HKWorkoutActivityType.transition`: the time between the sports of a `swimBikeRun`
  /// workout, an activity inside one (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutactivitytype/transition).
  /// workout-sim simulates it on foot, as walking.
  case transition = 83
  /// `HKWorkoutActivityType.other`.
  case other = 3000

  /// The HealthKit case name, as written in scenarios and records (`"running"`).
  public var name: String {
    switch self {
    case .cycling: "cycling"
    case .hiking: "hiking"
    case .running: "running"
    case .swimming: "swimming"
    case .traditionalStrengthTraining: "traditionalStrengthTraining"
    case .walking: "walking"
    case .yoga: "yoga"
    case .highIntensityIntervalTraining: "highIntensityIntervalTraining"
    case .swimBikeRun: "swimBikeRun"
    case .transition: "transition"
    case .other: "other"
    }
  }

  /// The activity with HealthKit case name `name`, or `nil` if workout-sim does not know it.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  /// The quantity types the live data source collects for this activity, in a fixed order
  /// (docs/scenario-format.md#collected-types).
  public var collectedTypes: [QuantityType] {
    switch self {
    case .running:
      [
        .heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .stepCount,
        .runningSpeed,
      ]
    case .walking, .hiking, .transition:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .stepCount]
    case .cycling:
      [
        .heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceCycling, .cyclingPower,
        .cyclingCadence,
      ]
    case .swimming:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceSwimming]
    case .traditionalStrengthTraining, .yoga, .highIntensityIntervalTraining, .other, .swimBikeRun:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned]
    }
  }

  /// The distance type whose sum is the workout's `totalDistance`, or `nil` for activities
  /// without distance (`_HKWorkoutDistanceTypeForActivityType`;
  /// docs/healthkit-behaviour.md#the-finished-workout).
  public var distanceType: QuantityType? {
    switch self {
    case .running, .walking, .hiking, .transition: .distanceWalkingRunning
    case .cycling: .distanceCycling
    case .swimming: .distanceSwimming
    case .traditionalStrengthTraining, .yoga, .highIntensityIntervalTraining, .other,
      .swimBikeRun:
      nil
    }
  }

  /// Whether an activity of this type may begin inside a workout of type `workout`
  /// (`beginNewActivity(configuration:date:metadata:)`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsession/beginnewactivity(configuration:date:metadata:)
  /// and https://developer.apple.com/documentation/healthkit/dividing-a-healthkit-workout-into-activities):
  /// in a `swimBikeRun` workout, `swimming`, `cycling`, `running` or `transition`; in any other
  /// workout (interval training), only the workout's own type. A `swimBikeRun` or `transition`
  /// workout is never an activity.
  public func canBeActivity(of workout: WorkoutActivityType) -> Bool {
    switch workout {
    case .swimBikeRun: [.swimming, .cycling, .running, .transition].contains(self)
    default: self == workout && self != .transition
    }
  }
}

/// Where the workout happens, HealthKit's `HKWorkoutSessionLocationType` (unknown 1, indoor 2,
/// outdoor 3; PyObjC `test_hkworkoutconfiguration.py`).
public enum WorkoutSessionLocationType: Int, CaseIterable, Sendable, Hashable {
  /// `.unknown`.
  case unknown = 1
  /// `.indoor`; the record's metadata gets `HKIndoorWorkout: true`.
  case indoor = 2
  /// `.outdoor`.
  case outdoor = 3

  /// The case name as written in scenarios and records.
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .indoor: "indoor"
    case .outdoor: "outdoor"
    }
  }

  /// The location type named `name`, or `nil`.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }
}
