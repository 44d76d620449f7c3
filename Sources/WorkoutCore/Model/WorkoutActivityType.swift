/// The kind of workout, HealthKit's `HKWorkoutActivityType` with its raw values.
///
/// Every case of the SDK a workout session accepts, with the SDK's case names and raw values
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutactivitytype): 1
/// (`americanFootball`) to 80 (`cooldown`) in the header's order (81 is unused; the deprecated
/// `dance`, `danceInspiredTraining` and `mixedMetabolicCardioTraining` keep their slots), then
/// `swimBikeRun` 82, `transition` 83 and `other` 3000. `underwaterDiving` (84) is not a case:
/// HealthKit refuses a workout session of it. The scenario's `activity` key takes the case name.
public enum WorkoutActivityType: UInt, CaseIterable, Sendable, Hashable {
  /// `HKWorkoutActivityType.americanFootball`.
  case americanFootball = 1
  /// `HKWorkoutActivityType.archery`.
  case archery = 2
  /// `HKWorkoutActivityType.australianFootball`.
  case australianFootball = 3
  /// `HKWorkoutActivityType.badminton`.
  case badminton = 4
  /// `HKWorkoutActivityType.baseball`.
  case baseball = 5
  /// `HKWorkoutActivityType.basketball`.
  case basketball = 6
  /// `HKWorkoutActivityType.bowling`.
  case bowling = 7
  /// `HKWorkoutActivityType.boxing`.
  case boxing = 8
  /// `HKWorkoutActivityType.climbing`.
  case climbing = 9
  /// `HKWorkoutActivityType.cricket`.
  case cricket = 10
  /// `HKWorkoutActivityType.crossTraining`.
  case crossTraining = 11
  /// `HKWorkoutActivityType.curling`.
  case curling = 12
  /// `HKWorkoutActivityType.cycling`.
  case cycling = 13
  /// `HKWorkoutActivityType.dance`.
  case dance = 14
  /// `HKWorkoutActivityType.danceInspiredTraining`.
  case danceInspiredTraining = 15
  /// `HKWorkoutActivityType.elliptical`.
  case elliptical = 16
  /// `HKWorkoutActivityType.equestrianSports`.
  case equestrianSports = 17
  /// `HKWorkoutActivityType.fencing`.
  case fencing = 18
  /// `HKWorkoutActivityType.fishing`.
  case fishing = 19
  /// `HKWorkoutActivityType.functionalStrengthTraining`.
  case functionalStrengthTraining = 20
  /// `HKWorkoutActivityType.golf`.
  case golf = 21
  /// `HKWorkoutActivityType.gymnastics`.
  case gymnastics = 22
  /// `HKWorkoutActivityType.handball`.
  case handball = 23
  /// `HKWorkoutActivityType.hiking`.
  case hiking = 24
  /// `HKWorkoutActivityType.hockey`.
  case hockey = 25
  /// `HKWorkoutActivityType.hunting`.
  case hunting = 26
  /// `HKWorkoutActivityType.lacrosse`.
  case lacrosse = 27
  /// `HKWorkoutActivityType.martialArts`.
  case martialArts = 28
  /// `HKWorkoutActivityType.mindAndBody`.
  case mindAndBody = 29
  /// `HKWorkoutActivityType.mixedMetabolicCardioTraining`.
  case mixedMetabolicCardioTraining = 30
  /// `HKWorkoutActivityType.paddleSports`.
  case paddleSports = 31
  /// `HKWorkoutActivityType.play`.
  case play = 32
  /// `HKWorkoutActivityType.preparationAndRecovery`.
  case preparationAndRecovery = 33
  /// `HKWorkoutActivityType.racquetball`.
  case racquetball = 34
  /// `HKWorkoutActivityType.rowing`.
  case rowing = 35
  /// `HKWorkoutActivityType.rugby`.
  case rugby = 36
  /// `HKWorkoutActivityType.running`.
  case running = 37
  /// `HKWorkoutActivityType.sailing`.
  case sailing = 38
  /// `HKWorkoutActivityType.skatingSports`.
  case skatingSports = 39
  /// `HKWorkoutActivityType.snowSports`.
  case snowSports = 40
  /// `HKWorkoutActivityType.soccer`.
  case soccer = 41
  /// `HKWorkoutActivityType.softball`.
  case softball = 42
  /// `HKWorkoutActivityType.squash`.
  case squash = 43
  /// `HKWorkoutActivityType.stairClimbing`.
  case stairClimbing = 44
  /// `HKWorkoutActivityType.surfingSports`.
  case surfingSports = 45
  /// `HKWorkoutActivityType.swimming`.
  case swimming = 46
  /// `HKWorkoutActivityType.tableTennis`.
  case tableTennis = 47
  /// `HKWorkoutActivityType.tennis`.
  case tennis = 48
  /// `HKWorkoutActivityType.trackAndField`.
  case trackAndField = 49
  /// `HKWorkoutActivityType.traditionalStrengthTraining`.
  case traditionalStrengthTraining = 50
  /// `HKWorkoutActivityType.volleyball`.
  case volleyball = 51
  /// `HKWorkoutActivityType.walking`.
  case walking = 52
  /// `HKWorkoutActivityType.waterFitness`.
  case waterFitness = 53
  /// `HKWorkoutActivityType.waterPolo`.
  case waterPolo = 54
  /// `HKWorkoutActivityType.waterSports`.
  case waterSports = 55
  /// `HKWorkoutActivityType.wrestling`.
  case wrestling = 56
  /// `HKWorkoutActivityType.yoga`.
  case yoga = 57
  /// `HKWorkoutActivityType.barre`.
  case barre = 58
  /// `HKWorkoutActivityType.coreTraining`.
  case coreTraining = 59
  /// `HKWorkoutActivityType.crossCountrySkiing`.
  case crossCountrySkiing = 60
  /// `HKWorkoutActivityType.downhillSkiing`.
  case downhillSkiing = 61
  /// `HKWorkoutActivityType.flexibility`.
  case flexibility = 62
  /// `HKWorkoutActivityType.highIntensityIntervalTraining`.
  case highIntensityIntervalTraining = 63
  /// `HKWorkoutActivityType.jumpRope`.
  case jumpRope = 64
  /// `HKWorkoutActivityType.kickboxing`.
  case kickboxing = 65
  /// `HKWorkoutActivityType.pilates`.
  case pilates = 66
  /// `HKWorkoutActivityType.snowboarding`.
  case snowboarding = 67
  /// `HKWorkoutActivityType.stairs`.
  case stairs = 68
  /// `HKWorkoutActivityType.stepTraining`.
  case stepTraining = 69
  /// `HKWorkoutActivityType.wheelchairWalkPace`.
  case wheelchairWalkPace = 70
  /// `HKWorkoutActivityType.wheelchairRunPace`.
  case wheelchairRunPace = 71
  /// `HKWorkoutActivityType.taiChi`.
  case taiChi = 72
  /// `HKWorkoutActivityType.mixedCardio`.
  case mixedCardio = 73
  /// `HKWorkoutActivityType.handCycling`.
  case handCycling = 74
  /// `HKWorkoutActivityType.discSports`.
  case discSports = 75
  /// `HKWorkoutActivityType.fitnessGaming`.
  case fitnessGaming = 76
  /// `HKWorkoutActivityType.cardioDance`.
  case cardioDance = 77
  /// `HKWorkoutActivityType.socialDance`.
  case socialDance = 78
  /// `HKWorkoutActivityType.pickleball`.
  case pickleball = 79
  /// `HKWorkoutActivityType.cooldown`.
  case cooldown = 80
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
    case .americanFootball: "americanFootball"
    case .archery: "archery"
    case .australianFootball: "australianFootball"
    case .badminton: "badminton"
    case .baseball: "baseball"
    case .basketball: "basketball"
    case .bowling: "bowling"
    case .boxing: "boxing"
    case .climbing: "climbing"
    case .cricket: "cricket"
    case .crossTraining: "crossTraining"
    case .curling: "curling"
    case .cycling: "cycling"
    case .dance: "dance"
    case .danceInspiredTraining: "danceInspiredTraining"
    case .elliptical: "elliptical"
    case .equestrianSports: "equestrianSports"
    case .fencing: "fencing"
    case .fishing: "fishing"
    case .functionalStrengthTraining: "functionalStrengthTraining"
    case .golf: "golf"
    case .gymnastics: "gymnastics"
    case .handball: "handball"
    case .hiking: "hiking"
    case .hockey: "hockey"
    case .hunting: "hunting"
    case .lacrosse: "lacrosse"
    case .martialArts: "martialArts"
    case .mindAndBody: "mindAndBody"
    case .mixedMetabolicCardioTraining: "mixedMetabolicCardioTraining"
    case .paddleSports: "paddleSports"
    case .play: "play"
    case .preparationAndRecovery: "preparationAndRecovery"
    case .racquetball: "racquetball"
    case .rowing: "rowing"
    case .rugby: "rugby"
    case .running: "running"
    case .sailing: "sailing"
    case .skatingSports: "skatingSports"
    case .snowSports: "snowSports"
    case .soccer: "soccer"
    case .softball: "softball"
    case .squash: "squash"
    case .stairClimbing: "stairClimbing"
    case .surfingSports: "surfingSports"
    case .swimming: "swimming"
    case .tableTennis: "tableTennis"
    case .tennis: "tennis"
    case .trackAndField: "trackAndField"
    case .traditionalStrengthTraining: "traditionalStrengthTraining"
    case .volleyball: "volleyball"
    case .walking: "walking"
    case .waterFitness: "waterFitness"
    case .waterPolo: "waterPolo"
    case .waterSports: "waterSports"
    case .wrestling: "wrestling"
    case .yoga: "yoga"
    case .barre: "barre"
    case .coreTraining: "coreTraining"
    case .crossCountrySkiing: "crossCountrySkiing"
    case .downhillSkiing: "downhillSkiing"
    case .flexibility: "flexibility"
    case .highIntensityIntervalTraining: "highIntensityIntervalTraining"
    case .jumpRope: "jumpRope"
    case .kickboxing: "kickboxing"
    case .pilates: "pilates"
    case .snowboarding: "snowboarding"
    case .stairs: "stairs"
    case .stepTraining: "stepTraining"
    case .wheelchairWalkPace: "wheelchairWalkPace"
    case .wheelchairRunPace: "wheelchairRunPace"
    case .taiChi: "taiChi"
    case .mixedCardio: "mixedCardio"
    case .handCycling: "handCycling"
    case .discSports: "discSports"
    case .fitnessGaming: "fitnessGaming"
    case .cardioDance: "cardioDance"
    case .socialDance: "socialDance"
    case .pickleball: "pickleball"
    case .cooldown: "cooldown"
    case .swimBikeRun: "swimBikeRun"
    case .transition: "transition"
    case .other: "other"
    }
  }

  /// A dense index `0 ..< indexCount` (the raw value, `other` 0), for per-activity tables
  /// without a search of `allCases` on hot paths.
  @inlinable
  public var index: Int { rawValue == 3000 ? 0 : Int(rawValue) }

  /// The number of indexes (``index`` is below it).
  public static let indexCount = 84

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
        .runningSpeed, .runningPower, .runningStrideLength, .runningVerticalOscillation,
        .runningGroundContactTime,
      ]
    case .walking, .transition:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .stepCount]
    case .hiking:
      [
        .heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .stepCount,
        .flightsClimbed,
      ]
    case .rowing:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceRowing, .rowingSpeed]
    case .crossCountrySkiing:
      [
        .heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceCrossCountrySkiing,
        .crossCountrySkiingSpeed,
      ]
    case .downhillSkiing, .snowboarding:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceDownhillSnowSports]
    case .stairClimbing, .stairs:
      [.heartRate, .activeEnergyBurned, .basalEnergyBurned, .flightsClimbed]
    case .cycling:
      [
        .heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceCycling, .cyclingPower,
        .cyclingCadence, .cyclingSpeed,
      ]
    case .swimming:
      [
        .heartRate, .activeEnergyBurned, .basalEnergyBurned, .distanceSwimming,
        .swimmingStrokeCount,
      ]
    default:
      // Every other activity: heart rate and energy (elliptical, HIIT and strength training
      // among them: HealthKit has no other type they measure; docs/activity-types.md).
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
    case .rowing: .distanceRowing
    case .crossCountrySkiing: .distanceCrossCountrySkiing
    case .downhillSkiing, .snowboarding: .distanceDownhillSnowSports
    default: nil
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
