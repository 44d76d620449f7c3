// The identifiers of HealthKit's object types, every one of the current SDK's
// `HKTypeIdentifiers.h` (iOS 18, and `hypertensionEvent` of iOS 26.2) with its raw value, unit,
// aggregation style or value enumeration, and the iOS version that introduced it. The types
// behind them are in `HKObjectType.swift`; what each is (kind, canonical unit, style) is
// WorkoutHealth's `HealthTypeCatalog`, which the tests check these declarations against.

/// A quantity type's identifier, HealthKit's `HKQuantityTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier). The raw value is the Objective-C constant's name.
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

  // MARK: Body measurements
  /// Wrist temperature while asleep, from the watch: degC, discrete (arithmetic); iOS 16
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/applesleepingwristtemperature).
  public static let appleSleepingWristTemperature = Self(name: "AppleSleepingWristTemperature")
  /// Body fat: %, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bodyfatpercentage).
  public static let bodyFatPercentage = Self(name: "BodyFatPercentage")
  /// Body mass (weight): kg, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bodymass).
  public static let bodyMass = Self(name: "BodyMass")
  /// Body mass index: count, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bodymassindex).
  public static let bodyMassIndex = Self(name: "BodyMassIndex")
  /// Skin conductance: S, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/electrodermalactivity).
  public static let electrodermalActivity = Self(name: "ElectrodermalActivity")
  /// Height: m, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/height).
  public static let height = Self(name: "Height")
  /// Lean body mass: kg, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/leanbodymass).
  public static let leanBodyMass = Self(name: "LeanBodyMass")
  /// Waist circumference: m, discrete (arithmetic); iOS 11 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/waistcircumference).
  public static let waistCircumference = Self(name: "WaistCircumference")
  // MARK: Fitness
  /// Active energy: kcal, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/activeenergyburned).
  public static let activeEnergyBurned = Self(name: "ActiveEnergyBurned")
  /// Exercise minutes (the green ring): min, cumulative; iOS 9.3 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/appleexercisetime).
  public static let appleExerciseTime = Self(name: "AppleExerciseTime")
  /// Move minutes (the move ring in move-time mode): min, cumulative; iOS 14.5 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/applemovetime).
  public static let appleMoveTime = Self(name: "AppleMoveTime")
  /// Stand minutes: min, cumulative; iOS 13 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/applestandtime).
  public static let appleStandTime = Self(name: "AppleStandTime")
  /// Resting energy: kcal, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/basalenergyburned).
  public static let basalEnergyBurned = Self(name: "BasalEnergyBurned")
  /// Cross-country skiing speed: m/s, discrete (arithmetic); iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/crosscountryskiingspeed).
  public static let crossCountrySkiingSpeed = Self(name: "CrossCountrySkiingSpeed")
  /// Cycling cadence: count/min, discrete (arithmetic); iOS 17 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingcadence).
  public static let cyclingCadence = Self(name: "CyclingCadence")
  /// Cycling functional threshold power: W, discrete (arithmetic); iOS 17 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingfunctionalthresholdpower).
  public static let cyclingFunctionalThresholdPower = Self(name: "CyclingFunctionalThresholdPower")
  /// Cycling power: W, discrete (arithmetic); iOS 17 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingpower).
  public static let cyclingPower = Self(name: "CyclingPower")
  /// Cycling speed: m/s, discrete (arithmetic); iOS 17 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingspeed).
  public static let cyclingSpeed = Self(name: "CyclingSpeed")
  /// Cross-country skiing distance: m, cumulative; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancecrosscountryskiing).
  public static let distanceCrossCountrySkiing = Self(name: "DistanceCrossCountrySkiing")
  /// Cycling distance: m, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancecycling).
  public static let distanceCycling = Self(name: "DistanceCycling")
  /// Downhill snow sports distance: m, cumulative; iOS 11.2 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancedownhillsnowsports).
  public static let distanceDownhillSnowSports = Self(name: "DistanceDownhillSnowSports")
  /// Paddle sports distance: m, cumulative; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancepaddlesports).
  public static let distancePaddleSports = Self(name: "DistancePaddleSports")
  /// Rowing distance: m, cumulative; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancerowing).
  public static let distanceRowing = Self(name: "DistanceRowing")
  /// Skating distance: m, cumulative; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distanceskatingsports).
  public static let distanceSkatingSports = Self(name: "DistanceSkatingSports")
  /// Swimming distance: m, cumulative; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distanceswimming).
  public static let distanceSwimming = Self(name: "DistanceSwimming")
  /// Walking and running distance: m, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancewalkingrunning).
  public static let distanceWalkingRunning = Self(name: "DistanceWalkingRunning")
  /// Wheelchair distance: m, cumulative; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancewheelchair).
  public static let distanceWheelchair = Self(name: "DistanceWheelchair")
  /// Effort the watch estimates for a workout, 1 to 10: appleEffortScore, discrete (arithmetic); iOS 18
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/estimatedworkouteffortscore).
  public static let estimatedWorkoutEffortScore = Self(name: "EstimatedWorkoutEffortScore")
  /// Flights of stairs climbed: count, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/flightsclimbed).
  public static let flightsClimbed = Self(name: "FlightsClimbed")
  /// NikeFuel points: count, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/nikefuel).
  public static let nikeFuel = Self(name: "NikeFuel")
  /// Paddle sports speed: m/s, discrete (arithmetic); iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/paddlesportsspeed).
  public static let paddleSportsSpeed = Self(name: "PaddleSportsSpeed")
  /// Physical effort (METs as energy per mass and time): kcal/(kg*hr), discrete (arithmetic); iOS 17
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/physicaleffort).
  public static let physicalEffort = Self(name: "PhysicalEffort")
  /// Wheelchair pushes: count, cumulative; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/pushcount).
  public static let pushCount = Self(name: "PushCount")
  /// Rowing speed: m/s, discrete (arithmetic); iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/rowingspeed).
  public static let rowingSpeed = Self(name: "RowingSpeed")
  /// Running power: W, discrete (arithmetic); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningpower).
  public static let runningPower = Self(name: "RunningPower")
  /// Running speed: m/s, discrete (arithmetic); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningspeed).
  public static let runningSpeed = Self(name: "RunningSpeed")
  /// Steps: count, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/stepcount).
  public static let stepCount = Self(name: "StepCount")
  /// Swimming strokes: count, cumulative; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/swimmingstrokecount).
  public static let swimmingStrokeCount = Self(name: "SwimmingStrokeCount")
  /// Depth under water: m, discrete (arithmetic); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/underwaterdepth).
  public static let underwaterDepth = Self(name: "UnderwaterDepth")
  /// Effort the person rates a workout, 1 to 10: appleEffortScore, discrete (arithmetic); iOS 18
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/workouteffortscore).
  public static let workoutEffortScore = Self(name: "WorkoutEffortScore")
  // MARK: Hearing health
  /// Sound level around the person: dBASPL, discrete (equivalent continuous level); iOS 13
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/environmentalaudioexposure).
  public static let environmentalAudioExposure = Self(name: "EnvironmentalAudioExposure")
  /// Sound level the headphones removed: dBASPL, discrete (equivalent continuous level); iOS 16
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/environmentalsoundreduction).
  public static let environmentalSoundReduction = Self(name: "EnvironmentalSoundReduction")
  /// Sound level in the headphones: dBASPL, discrete (equivalent continuous level); iOS 13
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/headphoneaudioexposure).
  public static let headphoneAudioExposure = Self(name: "HeadphoneAudioExposure")
  // MARK: Heart
  /// Time in atrial fibrillation: %, discrete (temporally weighted); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/atrialfibrillationburden).
  public static let atrialFibrillationBurden = Self(name: "AtrialFibrillationBurden")
  /// Heart rate: count/s, discrete (temporally weighted); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/heartrate).
  public static let heartRate = Self(name: "HeartRate")
  /// Heart rate drop in the minute after a workout: count/min, discrete (arithmetic); iOS 16
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/heartraterecoveryoneminute).
  public static let heartRateRecoveryOneMinute = Self(name: "HeartRateRecoveryOneMinute")
  /// Heart rate variability (SDNN): ms, discrete (arithmetic); iOS 11 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/heartratevariabilitysdnn).
  public static let heartRateVariabilitySDNN = Self(name: "HeartRateVariabilitySDNN")
  /// Peripheral perfusion index: %, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/peripheralperfusionindex).
  public static let peripheralPerfusionIndex = Self(name: "PeripheralPerfusionIndex")
  /// Resting heart rate: count/min, discrete (arithmetic); iOS 11 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/restingheartrate).
  public static let restingHeartRate = Self(name: "RestingHeartRate")
  /// VO₂ max: ml/(kg*min), discrete (arithmetic); iOS 11 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/vo2max).
  public static let vo2Max = Self(name: "VO2Max")
  /// Average heart rate while walking: count/min, discrete (arithmetic); iOS 11 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/walkingheartrateaverage).
  public static let walkingHeartRateAverage = Self(name: "WalkingHeartRateAverage")
  // MARK: Mobility
  /// Walking steadiness: %, discrete (arithmetic); iOS 15 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/applewalkingsteadiness).
  public static let appleWalkingSteadiness = Self(name: "AppleWalkingSteadiness")
  /// Running ground contact time: ms, discrete (arithmetic); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runninggroundcontacttime).
  public static let runningGroundContactTime = Self(name: "RunningGroundContactTime")
  /// Running stride length: m, discrete (arithmetic); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningstridelength).
  public static let runningStrideLength = Self(name: "RunningStrideLength")
  /// Running vertical oscillation: cm, discrete (arithmetic); iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningverticaloscillation).
  public static let runningVerticalOscillation = Self(name: "RunningVerticalOscillation")
  /// Six-minute walk test distance: m, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/sixminutewalktestdistance).
  public static let sixMinuteWalkTestDistance = Self(name: "SixMinuteWalkTestDistance")
  /// Stair ascent speed: m/s, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/stairascentspeed).
  public static let stairAscentSpeed = Self(name: "StairAscentSpeed")
  /// Stair descent speed: m/s, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/stairdescentspeed).
  public static let stairDescentSpeed = Self(name: "StairDescentSpeed")
  /// Walking asymmetry: %, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/walkingasymmetrypercentage).
  public static let walkingAsymmetryPercentage = Self(name: "WalkingAsymmetryPercentage")
  /// Time with both feet on the ground while walking: %, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/walkingdoublesupportpercentage).
  public static let walkingDoubleSupportPercentage = Self(name: "WalkingDoubleSupportPercentage")
  /// Walking speed: m/s, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/walkingspeed).
  public static let walkingSpeed = Self(name: "WalkingSpeed")
  /// Walking step length: m, discrete (arithmetic); iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/walkingsteplength).
  public static let walkingStepLength = Self(name: "WalkingStepLength")
  // MARK: Nutrition
  /// Biotin eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarybiotin).
  public static let dietaryBiotin = Self(name: "DietaryBiotin")
  /// Caffeine consumed: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarycaffeine).
  public static let dietaryCaffeine = Self(name: "DietaryCaffeine")
  /// Calcium eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarycalcium).
  public static let dietaryCalcium = Self(name: "DietaryCalcium")
  /// Carbohydrates eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarycarbohydrates).
  public static let dietaryCarbohydrates = Self(name: "DietaryCarbohydrates")
  /// Chloride eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarychloride).
  public static let dietaryChloride = Self(name: "DietaryChloride")
  /// Cholesterol eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarycholesterol).
  public static let dietaryCholesterol = Self(name: "DietaryCholesterol")
  /// Chromium eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarychromium).
  public static let dietaryChromium = Self(name: "DietaryChromium")
  /// Copper eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarycopper).
  public static let dietaryCopper = Self(name: "DietaryCopper")
  /// Food energy eaten: kcal, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryenergyconsumed).
  public static let dietaryEnergyConsumed = Self(name: "DietaryEnergyConsumed")
  /// Monounsaturated fat eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryfatmonounsaturated).
  public static let dietaryFatMonounsaturated = Self(name: "DietaryFatMonounsaturated")
  /// Polyunsaturated fat eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryfatpolyunsaturated).
  public static let dietaryFatPolyunsaturated = Self(name: "DietaryFatPolyunsaturated")
  /// Saturated fat eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryfatsaturated).
  public static let dietaryFatSaturated = Self(name: "DietaryFatSaturated")
  /// Fat eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryfattotal).
  public static let dietaryFatTotal = Self(name: "DietaryFatTotal")
  /// Fiber eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryfiber).
  public static let dietaryFiber = Self(name: "DietaryFiber")
  /// Folate eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryfolate).
  public static let dietaryFolate = Self(name: "DietaryFolate")
  /// Iodine eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryiodine).
  public static let dietaryIodine = Self(name: "DietaryIodine")
  /// Iron eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryiron).
  public static let dietaryIron = Self(name: "DietaryIron")
  /// Magnesium eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarymagnesium).
  public static let dietaryMagnesium = Self(name: "DietaryMagnesium")
  /// Manganese eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarymanganese).
  public static let dietaryManganese = Self(name: "DietaryManganese")
  /// Molybdenum eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarymolybdenum).
  public static let dietaryMolybdenum = Self(name: "DietaryMolybdenum")
  /// Niacin eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryniacin).
  public static let dietaryNiacin = Self(name: "DietaryNiacin")
  /// Pantothenic acid eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarypantothenicacid).
  public static let dietaryPantothenicAcid = Self(name: "DietaryPantothenicAcid")
  /// Phosphorus eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryphosphorus).
  public static let dietaryPhosphorus = Self(name: "DietaryPhosphorus")
  /// Potassium eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarypotassium).
  public static let dietaryPotassium = Self(name: "DietaryPotassium")
  /// Protein eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryprotein).
  public static let dietaryProtein = Self(name: "DietaryProtein")
  /// Riboflavin eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryriboflavin).
  public static let dietaryRiboflavin = Self(name: "DietaryRiboflavin")
  /// Selenium eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryselenium).
  public static let dietarySelenium = Self(name: "DietarySelenium")
  /// Sodium eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarysodium).
  public static let dietarySodium = Self(name: "DietarySodium")
  /// Sugar eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarysugar).
  public static let dietarySugar = Self(name: "DietarySugar")
  /// Thiamin eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarythiamin).
  public static let dietaryThiamin = Self(name: "DietaryThiamin")
  /// Vitamin A eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitamina).
  public static let dietaryVitaminA = Self(name: "DietaryVitaminA")
  /// Vitamin B12 eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitaminb12).
  public static let dietaryVitaminB12 = Self(name: "DietaryVitaminB12")
  /// Vitamin B6 eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitaminb6).
  public static let dietaryVitaminB6 = Self(name: "DietaryVitaminB6")
  /// Vitamin C eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitaminc).
  public static let dietaryVitaminC = Self(name: "DietaryVitaminC")
  /// Vitamin D eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitamind).
  public static let dietaryVitaminD = Self(name: "DietaryVitaminD")
  /// Vitamin E eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitamine).
  public static let dietaryVitaminE = Self(name: "DietaryVitaminE")
  /// Vitamin K eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryvitamink).
  public static let dietaryVitaminK = Self(name: "DietaryVitaminK")
  /// Water drunk: mL, cumulative; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietarywater).
  public static let dietaryWater = Self(name: "DietaryWater")
  /// Zinc eaten: g, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/dietaryzinc).
  public static let dietaryZinc = Self(name: "DietaryZinc")
  // MARK: Other
  /// Blood alcohol content: %, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bloodalcoholcontent).
  public static let bloodAlcoholContent = Self(name: "BloodAlcoholContent")
  /// Diastolic blood pressure: mmHg, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bloodpressurediastolic).
  public static let bloodPressureDiastolic = Self(name: "BloodPressureDiastolic")
  /// Systolic blood pressure: mmHg, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bloodpressuresystolic).
  public static let bloodPressureSystolic = Self(name: "BloodPressureSystolic")
  /// Insulin delivered: IU, cumulative; iOS 11 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/insulindelivery).
  public static let insulinDelivery = Self(name: "InsulinDelivery")
  /// Alcoholic drinks: count, cumulative; iOS 15 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/numberofalcoholicbeverages).
  public static let numberOfAlcoholicBeverages = Self(name: "NumberOfAlcoholicBeverages")
  /// Falls: count, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/numberoftimesfallen).
  public static let numberOfTimesFallen = Self(name: "NumberOfTimesFallen")
  /// Time spent in daylight: min, cumulative; iOS 17 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/timeindaylight).
  public static let timeInDaylight = Self(name: "TimeInDaylight")
  /// UV index of the sun exposure: count, discrete (arithmetic); iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/uvexposure).
  public static let uvExposure = Self(name: "UVExposure")
  /// Temperature of the water around a swimmer or diver: degC, discrete (arithmetic); iOS 16
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/watertemperature).
  public static let waterTemperature = Self(name: "WaterTemperature")
  // MARK: Reproductive health
  /// Basal body temperature: degC, discrete (arithmetic); iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/basalbodytemperature).
  public static let basalBodyTemperature = Self(name: "BasalBodyTemperature")
  // MARK: Respiratory
  /// Breathing disturbances while asleep: count, discrete (arithmetic); iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/applesleepingbreathingdisturbances).
  public static let appleSleepingBreathingDisturbances = Self(
    name: "AppleSleepingBreathingDisturbances")
  /// Air forced out in the first second (FEV1): L, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/forcedexpiratoryvolume1).
  public static let forcedExpiratoryVolume1 = Self(name: "ForcedExpiratoryVolume1")
  /// Forced vital capacity: L, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/forcedvitalcapacity).
  public static let forcedVitalCapacity = Self(name: "ForcedVitalCapacity")
  /// Inhaler puffs: count, cumulative; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/inhalerusage).
  public static let inhalerUsage = Self(name: "InhalerUsage")
  /// Blood oxygen saturation: %, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/oxygensaturation).
  public static let oxygenSaturation = Self(name: "OxygenSaturation")
  /// Peak expiratory flow: L/min, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/peakexpiratoryflowrate).
  public static let peakExpiratoryFlowRate = Self(name: "PeakExpiratoryFlowRate")
  /// Breaths per time: count/s, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/respiratoryrate).
  public static let respiratoryRate = Self(name: "RespiratoryRate")
  // MARK: Vital signs
  /// Blood glucose: mg/dL, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bloodglucose).
  public static let bloodGlucose = Self(name: "BloodGlucose")
  /// Body temperature: degC, discrete (arithmetic); iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/bodytemperature).
  public static let bodyTemperature = Self(name: "BodyTemperature")
}

/// A category type's identifier, HealthKit's `HKCategoryTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier). The raw value is the Objective-C constant's name.
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

  // MARK: Fitness
  /// Hours in which the person stood; values ``HKCategoryValueAppleStandHour``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/applestandhour).
  public static let appleStandHour = Self(name: "AppleStandHour")
  // MARK: Hearing health
  /// Loud-environment notifications; values ``HKCategoryValueEnvironmentalAudioExposureEvent``; iOS 14
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/environmentalaudioexposureevent).
  public static let environmentalAudioExposureEvent = Self(name: "EnvironmentalAudioExposureEvent")
  /// Loud-headphones notifications; values ``HKCategoryValueHeadphoneAudioExposureEvent``; iOS 14.2
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/headphoneaudioexposureevent).
  public static let headphoneAudioExposureEvent = Self(name: "HeadphoneAudioExposureEvent")
  // MARK: Heart
  /// High heart rate notifications; values ``HKCategoryValue``; iOS 12.2 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/highheartrateevent).
  public static let highHeartRateEvent = Self(name: "HighHeartRateEvent")
  /// Hypertension notifications; values ``HKCategoryValue``; iOS 26.2 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/hypertensionevent).
  @available(macOS 26.2, iOS 26.2, watchOS 26.2, visionOS 26.2, *)
  public static let hypertensionEvent = Self(name: "HypertensionEvent")
  /// Irregular rhythm notifications; values ``HKCategoryValue``; iOS 12.2 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/irregularheartrhythmevent).
  public static let irregularHeartRhythmEvent = Self(name: "IrregularHeartRhythmEvent")
  /// Low cardio fitness notifications; values ``HKCategoryValueLowCardioFitnessEvent``; iOS 14.3
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/lowcardiofitnessevent).
  public static let lowCardioFitnessEvent = Self(name: "LowCardioFitnessEvent")
  /// Low heart rate notifications; values ``HKCategoryValue``; iOS 12.2 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/lowheartrateevent).
  public static let lowHeartRateEvent = Self(name: "LowHeartRateEvent")
  // MARK: Mindfulness
  /// Mindfulness sessions; values ``HKCategoryValue``; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/mindfulsession).
  public static let mindfulSession = Self(name: "MindfulSession")
  // MARK: Mobility
  /// Walking steadiness notifications; values ``HKCategoryValueAppleWalkingSteadinessEvent``; iOS 15
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/applewalkingsteadinessevent).
  public static let appleWalkingSteadinessEvent = Self(name: "AppleWalkingSteadinessEvent")
  // MARK: Other
  /// Handwashing; values ``HKCategoryValue``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/handwashingevent).
  public static let handwashingEvent = Self(name: "HandwashingEvent")
  /// Toothbrushing; values ``HKCategoryValue``; iOS 13 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/toothbrushingevent).
  public static let toothbrushingEvent = Self(name: "ToothbrushingEvent")
  // MARK: Reproductive health
  /// Bleeding after menopause, an interval of bleeding with its intensity; values
  /// ``HKCategoryValueVaginalBleeding``; iOS 27 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/bleedingaftermenopause).
  @available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *)
  public static let bleedingAfterMenopause = Self(name: "BleedingAfterMenopause")
  /// Bleeding after pregnancy; values ``HKCategoryValueVaginalBleeding``; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/bleedingafterpregnancy).
  public static let bleedingAfterPregnancy = Self(name: "BleedingAfterPregnancy")
  /// Bleeding during pregnancy; values ``HKCategoryValueVaginalBleeding``; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/bleedingduringpregnancy).
  public static let bleedingDuringPregnancy = Self(name: "BleedingDuringPregnancy")
  /// Cervical mucus quality; values ``HKCategoryValueCervicalMucusQuality``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/cervicalmucusquality).
  public static let cervicalMucusQuality = Self(name: "CervicalMucusQuality")
  /// Contraceptive use; values ``HKCategoryValueContraceptive``; iOS 14.3 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/contraceptive).
  public static let contraceptive = Self(name: "Contraceptive")
  /// Infrequent cycles; values ``HKCategoryValue``; iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/infrequentmenstrualcycles).
  public static let infrequentMenstrualCycles = Self(name: "InfrequentMenstrualCycles")
  /// Spotting between periods; values ``HKCategoryValue``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/intermenstrualbleeding).
  public static let intermenstrualBleeding = Self(name: "IntermenstrualBleeding")
  /// Irregular cycles; values ``HKCategoryValue``; iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/irregularmenstrualcycles).
  public static let irregularMenstrualCycles = Self(name: "IrregularMenstrualCycles")
  /// Lactation; values ``HKCategoryValue``; iOS 14.3 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/lactation).
  public static let lactation = Self(name: "Lactation")
  /// The menopausal state that applies at a date; values ``HKCategoryValueMenopausalState``;
  /// iOS 27 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/menopausalstate).
  /// Each sample is a point in time: saving one whose start and end differ fails
  /// (`errorInvalidArgument`; Apple: "An error results if you attempt to save a sample that
  /// contains different dates", https://developer.apple.com/documentation/healthkit/recording-and-querying-menopausal-state;
  /// the code is a project rule, Apple names none).
  @available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *)
  public static let menopausalState = Self(name: "MenopausalState")
  /// Menstrual flow; values ``HKCategoryValueVaginalBleeding``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/menstrualflow).
  public static let menstrualFlow = Self(name: "MenstrualFlow")
  /// Ovulation test results; values ``HKCategoryValueOvulationTestResult``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/ovulationtestresult).
  public static let ovulationTestResult = Self(name: "OvulationTestResult")
  /// Persistent spotting; values ``HKCategoryValue``; iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/persistentintermenstrualbleeding).
  public static let persistentIntermenstrualBleeding = Self(
    name: "PersistentIntermenstrualBleeding")
  /// Pregnancy; values ``HKCategoryValue``; iOS 14.3 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/pregnancy).
  public static let pregnancy = Self(name: "Pregnancy")
  /// Pregnancy test results; values ``HKCategoryValuePregnancyTestResult``; iOS 15 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/pregnancytestresult).
  public static let pregnancyTestResult = Self(name: "PregnancyTestResult")
  /// Progesterone test results; values ``HKCategoryValueProgesteroneTestResult``; iOS 15
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/progesteronetestresult).
  public static let progesteroneTestResult = Self(name: "ProgesteroneTestResult")
  /// Prolonged periods; values ``HKCategoryValue``; iOS 16 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/prolongedmenstrualperiods).
  public static let prolongedMenstrualPeriods = Self(name: "ProlongedMenstrualPeriods")
  /// Sexual activity; values ``HKCategoryValue``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/sexualactivity).
  public static let sexualActivity = Self(name: "SexualActivity")
  // MARK: Respiratory
  /// Sleep apnea notifications; values ``HKCategoryValue``; iOS 18 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/sleepapneaevent).
  public static let sleepApneaEvent = Self(name: "SleepApneaEvent")
  // MARK: Sleep
  /// Sleep: in bed, asleep by stage, awake; values ``HKCategoryValueSleepAnalysis``; iOS 8
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/sleepanalysis).
  public static let sleepAnalysis = Self(name: "SleepAnalysis")
  // MARK: Symptoms
  /// Appetite changes; values ``HKCategoryValueAppetiteChanges``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/appetitechanges).
  public static let appetiteChanges = Self(name: "AppetiteChanges")
  /// Mood changes; values ``HKCategoryValuePresence``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/moodchanges).
  public static let moodChanges = Self(name: "MoodChanges")
  /// Sleep changes; values ``HKCategoryValuePresence``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/sleepchanges).
  public static let sleepChanges = Self(name: "SleepChanges")
  /// Abdominal cramps; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/abdominalcramps).
  public static let abdominalCramps = Self(name: "AbdominalCramps")
  /// Acne; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/acne).
  public static let acne = Self(name: "Acne")
  /// Bladder incontinence; values ``HKCategoryValueSeverity``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/bladderincontinence).
  public static let bladderIncontinence = Self(name: "BladderIncontinence")
  /// Bloating; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/bloating).
  public static let bloating = Self(name: "Bloating")
  /// Breast pain; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/breastpain).
  public static let breastPain = Self(name: "BreastPain")
  /// Chest tightness or pain; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/chesttightnessorpain).
  public static let chestTightnessOrPain = Self(name: "ChestTightnessOrPain")
  /// Chills; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/chills).
  public static let chills = Self(name: "Chills")
  /// Constipation; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/constipation).
  public static let constipation = Self(name: "Constipation")
  /// Coughing; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/coughing).
  public static let coughing = Self(name: "Coughing")
  /// Diarrhea; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/diarrhea).
  public static let diarrhea = Self(name: "Diarrhea")
  /// Dizziness; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/dizziness).
  public static let dizziness = Self(name: "Dizziness")
  /// Dry skin; values ``HKCategoryValueSeverity``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/dryskin).
  public static let drySkin = Self(name: "DrySkin")
  /// Fainting; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/fainting).
  public static let fainting = Self(name: "Fainting")
  /// Fatigue; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/fatigue).
  public static let fatigue = Self(name: "Fatigue")
  /// Fever; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/fever).
  public static let fever = Self(name: "Fever")
  /// Body ache; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/generalizedbodyache).
  public static let generalizedBodyAche = Self(name: "GeneralizedBodyAche")
  /// Hair loss; values ``HKCategoryValueSeverity``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/hairloss).
  public static let hairLoss = Self(name: "HairLoss")
  /// Headache; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/headache).
  public static let headache = Self(name: "Headache")
  /// Heartburn; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/heartburn).
  public static let heartburn = Self(name: "Heartburn")
  /// Hot flashes; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/hotflashes).
  public static let hotFlashes = Self(name: "HotFlashes")
  /// Loss of smell; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/lossofsmell).
  public static let lossOfSmell = Self(name: "LossOfSmell")
  /// Loss of taste; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/lossoftaste).
  public static let lossOfTaste = Self(name: "LossOfTaste")
  /// Lower back pain; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/lowerbackpain).
  public static let lowerBackPain = Self(name: "LowerBackPain")
  /// Memory lapses; values ``HKCategoryValueSeverity``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/memorylapse).
  public static let memoryLapse = Self(name: "MemoryLapse")
  /// Nausea; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/nausea).
  public static let nausea = Self(name: "Nausea")
  /// Night sweats; values ``HKCategoryValueSeverity``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/nightsweats).
  public static let nightSweats = Self(name: "NightSweats")
  /// Pelvic pain; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/pelvicpain).
  public static let pelvicPain = Self(name: "PelvicPain")
  /// Rapid, pounding or fluttering heartbeat; values ``HKCategoryValueSeverity``; iOS 13.6
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/rapidpoundingorflutteringheartbeat).
  public static let rapidPoundingOrFlutteringHeartbeat = Self(
    name: "RapidPoundingOrFlutteringHeartbeat")
  /// Runny nose; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/runnynose).
  public static let runnyNose = Self(name: "RunnyNose")
  /// Shortness of breath; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/shortnessofbreath).
  public static let shortnessOfBreath = Self(name: "ShortnessOfBreath")
  /// Sinus congestion; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/sinuscongestion).
  public static let sinusCongestion = Self(name: "SinusCongestion")
  /// Skipped heartbeat; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/skippedheartbeat).
  public static let skippedHeartbeat = Self(name: "SkippedHeartbeat")
  /// Sore throat; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/sorethroat).
  public static let soreThroat = Self(name: "SoreThroat")
  /// Vaginal dryness; values ``HKCategoryValueSeverity``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/vaginaldryness).
  public static let vaginalDryness = Self(name: "VaginalDryness")
  /// Vomiting; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/vomiting).
  public static let vomiting = Self(name: "Vomiting")
  /// Wheezing; values ``HKCategoryValueSeverity``; iOS 13.6 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/wheezing).
  public static let wheezing = Self(name: "Wheezing")
  // MARK: Deprecated
  /// Loud-environment notifications (the old name); values ``HKCategoryValueAudioExposureEvent``; iOS 13
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/audioexposureevent).
  @available(*, deprecated, renamed: "environmentalAudioExposureEvent")
  public static let audioExposureEvent = Self(name: "AudioExposureEvent")
}

/// A characteristic type's identifier, HealthKit's `HKCharacteristicTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier). The raw value is the Objective-C constant's name.
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The constant's name (`"HKCharacteristicTypeIdentifierDateOfBirth"`).
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
    self.rawValue = "HKCharacteristicTypeIdentifier" + name
  }

  /// The ring the person closes by energy or by move time, ``HKActivityMoveModeObject``; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier/activitymovemode).
  public static let activityMoveMode = Self(name: "ActivityMoveMode")
  /// Biological sex, ``HKBiologicalSexObject``; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier/biologicalsex).
  public static let biologicalSex = Self(name: "BiologicalSex")
  /// Blood type, ``HKBloodTypeObject``; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier/bloodtype).
  public static let bloodType = Self(name: "BloodType")
  /// Date of birth, `DateComponents` in the Gregorian calendar; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier/dateofbirth).
  public static let dateOfBirth = Self(name: "DateOfBirth")
  /// Fitzpatrick skin type, ``HKFitzpatrickSkinTypeObject``; iOS 9 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier/fitzpatrickskintype).
  public static let fitzpatrickSkinType = Self(name: "FitzpatrickSkinType")
  /// Whether the person uses a wheelchair, ``HKWheelchairUseObject``; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictypeidentifier/wheelchairuse).
  public static let wheelchairUse = Self(name: "WheelchairUse")
}

/// A correlation type's identifier, HealthKit's `HKCorrelationTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcorrelationtypeidentifier). The raw value is the Objective-C constant's name.
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The constant's name (`"HKCorrelationTypeIdentifierBloodPressure"`).
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
    self.rawValue = "HKCorrelationTypeIdentifier" + name
  }

  /// A blood pressure reading: a systolic and a diastolic sample; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationtypeidentifier/bloodpressure).
  public static let bloodPressure = Self(name: "BloodPressure")
  /// A food: samples of the nutrients it holds; iOS 8 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationtypeidentifier/food).
  public static let food = Self(name: "Food")
}

/// A document type's identifier, HealthKit's `HKDocumentTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdocumenttypeidentifier). The raw value is the Objective-C constant's name.
public struct HKDocumentTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The constant's name (`"HKDocumentTypeIdentifierCDA"`).
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
    self.rawValue = "HKDocumentTypeIdentifier" + name
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// A Clinical Document Architecture (CDA) document; iOS 10 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdocumenttypeidentifier/cda).
  public static let CDA = Self(name: "CDA")
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The workout type's identifier, `"HKWorkoutTypeIdentifier"`; iOS 8 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouttypeidentifier).
public let HKWorkoutTypeIdentifier = "HKWorkoutTypeIdentifier"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The workout route series type's identifier, `"HKWorkoutRouteTypeIdentifier"`; iOS 11 (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkworkoutroutetypeidentifier).
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The heartbeat series type's identifier, `"HKDataTypeIdentifierHeartbeatSeries"`; iOS 13
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdatatypeidentifierheartbeatseries).
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"
