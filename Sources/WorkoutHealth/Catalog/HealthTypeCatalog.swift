/// The kind of a HealthKit object type: which `HKObjectType` subclass stands for it.
public enum HealthTypeKind: UInt8, Sendable, Hashable, CaseIterable {
  /// `HKQuantityType`: samples holding a quantity.
  case quantity
  /// `HKCategoryType`: samples holding a value of an enumeration.
  case category
  /// `HKCharacteristicType`: a fact about the person that does not change (date of birth).
  case characteristic
  /// `HKCorrelationType`: samples grouping other samples (blood pressure, food).
  case correlation
  /// `HKDocumentType`: health documents (CDA).
  case document
  /// `HKWorkoutType`.
  case workout
  /// `HKSeriesType`: workout routes and heartbeat series.
  case series
  /// `HKActivitySummaryType`: the day's rings.
  case activitySummary
  /// `HKElectrocardiogramType`.
  case electrocardiogram
  /// `HKStateOfMindType` (iOS 18).
  case stateOfMind
  /// `HKScoredAssessmentType` (iOS 18): GAD-7 and PHQ-9 questionnaires.
  case scoredAssessment
  /// `HKAudiogramSampleType` (iOS 13): hearing tests.
  case audiogram
  /// `HKPrescriptionType` (iOS 16): vision prescriptions, read per object.
  case visionPrescription
}

/// How quantities of a type combine, HealthKit's `HKQuantityAggregationStyle` with its raw values
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkquantityaggregationstyle).
public enum HealthAggregation: UInt8, Sendable, Hashable, CaseIterable {
  /// Values add up: statistics are sums (0).
  case cumulative = 0
  /// Point readings, averaged arithmetically (1).
  case discreteArithmetic = 1
  /// Point readings, averaged weighted by the time each holds (2).
  case discreteTemporallyWeighted = 2
  /// Sound levels, averaged as an equivalent continuous level (3).
  case discreteEquivalentContinuousLevel = 3
}

/// One HealthKit object type of the current SDK: its identifier, kind, and for quantity types
/// the canonical unit and aggregation style, for category types the value enumeration.
public struct HealthTypeEntry: Sendable, Hashable {
  /// The identifier: the Objective-C constant's name (`"HKQuantityTypeIdentifierDietaryWater"`).
  public let identifier: String
  /// The Swift name: the identifier's static member (`"dietaryWater"`), or for the types made
  /// by a class method the method's stem (`"workout"`, `"workoutRoute"`, `"heartbeat"`,
  /// `"activitySummary"`, `"electrocardiogram"`).
  public let name: String
  /// The kind.
  public let kind: HealthTypeKind
  /// The canonical unit string of a quantity type (`"mL"`), as the SDK header's comment gives
  /// it; empty for the other kinds.
  public let unit: String
  /// The aggregation style of a quantity type; `nil` for the other kinds.
  public let aggregation: HealthAggregation?
  /// What a sample's or characteristic's value is: a category type's value enumeration
  /// (`"HKCategoryValueSleepAnalysis"`), a characteristic's object class
  /// (`"HKBiologicalSexObject"`); empty otherwise.
  public let values: String
  /// The iOS version that introduced the type (`"9.0"`).
  public let introduced: String
  /// The iOS version that deprecated it, or `nil`.
  public let deprecated: String?
}

/// Every object type of HealthKit's current SDK that workout-sim declares, in the SDK header's
/// order (`HKTypeIdentifiers.h` of the iOS 18 SDK, `hypertensionEvent` of iOS 26.2, and
/// `bleedingAfterMenopause` and `menopausalState` of iOS 27; Apple doc:
/// https://developer.apple.com/documentation/healthkit/data-types).
///
/// The one list SimulatedHealthKit's type tables, the health store's kinds
/// (``HealthDataType``) and the scenario's authorization names are made from.
public enum HealthTypeCatalog {
  /// Every entry, quantity types first, then category, characteristic, correlation, document,
  /// workout, series, activity summary and ECG types.
  public static let entries: [HealthTypeEntry] =
    quantityEntries + categoryEntries + characteristicEntries + otherEntries

  /// The entry of raw identifier `identifier`, or `nil` for one HealthKit does not declare.
  public static func entry(_ identifier: String) -> HealthTypeEntry? {
    byIdentifier[identifier].map { entries[$0] }
  }

  /// Identifier → index in ``entries``.
  private static let byIdentifier: [String: Int] = {
    var table: [String: Int] = [:]
    for (index, entry) in entries.enumerated() { table[entry.identifier] = index }
    return table
  }()

  /// Swift name → entry, for names written without the prefix (`"dietaryWater"`).
  public static func entry(named name: String) -> HealthTypeEntry? {
    byName[name].map { entries[$0] }
  }

  private static let byName: [String: Int] = {
    var table: [String: Int] = [:]
    for (index, entry) in entries.enumerated() { table[entry.name] = index }
    return table
  }()

  // MARK: - Quantity types

  private static func quantity(
    _ stem: String, _ unit: String, _ aggregation: HealthAggregation, _ introduced: String
  ) -> HealthTypeEntry {
    HealthTypeEntry(
      identifier: "HKQuantityTypeIdentifier" + stem, name: swiftName(stem), kind: .quantity,
      unit: unit, aggregation: aggregation, values: "", introduced: introduced, deprecated: nil)
  }

  /// The lower-camel Swift name of a constant's stem: the first letter lower-cased, a leading
  /// acronym as a whole (`VO2Max` → `vo2Max`, `UVExposure` → `uvExposure`, `CDA` stays).
  static func swiftName(_ stem: String) -> String {
    for acronym in ["VO2", "UV"] where stem.hasPrefix(acronym) {
      return acronym.lowercased() + stem.dropFirst(acronym.count)
    }
    if stem == "CDA" { return stem }
    return stem.prefix(1).lowercased() + stem.dropFirst()
  }

  // The SDK header's units and styles: c cumulative, a discrete (arithmetic), t discrete
  // (temporally weighted), e discrete (equivalent continuous level).
  private static let c = HealthAggregation.cumulative
  private static let a = HealthAggregation.discreteArithmetic
  private static let t = HealthAggregation.discreteTemporallyWeighted
  private static let e = HealthAggregation.discreteEquivalentContinuousLevel

  private static let nutrients = [
    "Biotin", "Caffeine", "Calcium", "Carbohydrates", "Chloride", "Cholesterol", "Chromium",
    "Copper", "EnergyConsumed", "FatMonounsaturated", "FatPolyunsaturated", "FatSaturated",
    "FatTotal", "Fiber", "Folate", "Iodine", "Iron", "Magnesium", "Manganese", "Molybdenum",
    "Niacin", "PantothenicAcid", "Phosphorus", "Potassium", "Protein", "Riboflavin", "Selenium",
    "Sodium", "Sugar", "Thiamin", "VitaminA", "VitaminB12", "VitaminB6", "VitaminC", "VitaminD",
    "VitaminE", "VitaminK", "Water", "Zinc",
  ]

  private static let quantityEntries: [HealthTypeEntry] =
    [
      // Body measurements
      quantity("AppleSleepingWristTemperature", "degC", a, "16.0"),
      quantity("BodyFatPercentage", "%", a, "8.0"),
      quantity("BodyMass", "kg", a, "8.0"),
      quantity("BodyMassIndex", "count", a, "8.0"),
      quantity("ElectrodermalActivity", "S", a, "8.0"),
      quantity("Height", "m", a, "8.0"),
      quantity("LeanBodyMass", "kg", a, "8.0"),
      quantity("WaistCircumference", "m", a, "11.0"),
      // Fitness
      quantity("ActiveEnergyBurned", "kcal", c, "8.0"),
      quantity("AppleExerciseTime", "min", c, "9.3"),
      quantity("AppleMoveTime", "min", c, "14.5"),
      quantity("AppleStandTime", "min", c, "13.0"),
      quantity("BasalEnergyBurned", "kcal", c, "8.0"),
      quantity("CrossCountrySkiingSpeed", "m/s", a, "18.0"),
      quantity("CyclingCadence", "count/min", a, "17.0"),
      quantity("CyclingFunctionalThresholdPower", "W", a, "17.0"),
      quantity("CyclingPower", "W", a, "17.0"),
      quantity("CyclingSpeed", "m/s", a, "17.0"),
      quantity("DistanceCrossCountrySkiing", "m", c, "18.0"),
      quantity("DistanceCycling", "m", c, "8.0"),
      quantity("DistanceDownhillSnowSports", "m", c, "11.2"),
      quantity("DistancePaddleSports", "m", c, "18.0"),
      quantity("DistanceRowing", "m", c, "18.0"),
      quantity("DistanceSkatingSports", "m", c, "18.0"),
      quantity("DistanceSwimming", "m", c, "10.0"),
      quantity("DistanceWalkingRunning", "m", c, "8.0"),
      quantity("DistanceWheelchair", "m", c, "10.0"),
      quantity("EstimatedWorkoutEffortScore", "appleEffortScore", a, "18.0"),
      quantity("FlightsClimbed", "count", c, "8.0"),
      quantity("NikeFuel", "count", c, "8.0"),
      quantity("PaddleSportsSpeed", "m/s", a, "18.0"),
      quantity("PhysicalEffort", "kcal/(kg*hr)", a, "17.0"),
      quantity("PushCount", "count", c, "10.0"),
      quantity("RowingSpeed", "m/s", a, "18.0"),
      quantity("RunningPower", "W", a, "16.0"),
      quantity("RunningSpeed", "m/s", a, "16.0"),
      quantity("StepCount", "count", c, "8.0"),
      quantity("SwimmingStrokeCount", "count", c, "10.0"),
      quantity("UnderwaterDepth", "m", a, "16.0"),
      quantity("WorkoutEffortScore", "appleEffortScore", a, "18.0"),
      // Hearing health
      quantity("EnvironmentalAudioExposure", "dBASPL", e, "13.0"),
      quantity("EnvironmentalSoundReduction", "dBASPL", e, "16.0"),
      quantity("HeadphoneAudioExposure", "dBASPL", e, "13.0"),
      // Heart
      quantity("AtrialFibrillationBurden", "%", t, "16.0"),
      quantity("HeartRate", "count/s", t, "8.0"),
      quantity("HeartRateRecoveryOneMinute", "count/min", a, "16.0"),
      quantity("HeartRateVariabilitySDNN", "ms", a, "11.0"),
      quantity("PeripheralPerfusionIndex", "%", a, "8.0"),
      quantity("RestingHeartRate", "count/min", a, "11.0"),
      quantity("VO2Max", "ml/(kg*min)", a, "11.0"),
      quantity("WalkingHeartRateAverage", "count/min", a, "11.0"),
      // Mobility
      quantity("AppleWalkingSteadiness", "%", a, "15.0"),
      quantity("RunningGroundContactTime", "ms", a, "16.0"),
      quantity("RunningStrideLength", "m", a, "16.0"),
      quantity("RunningVerticalOscillation", "cm", a, "16.0"),
      quantity("SixMinuteWalkTestDistance", "m", a, "14.0"),
      quantity("StairAscentSpeed", "m/s", a, "14.0"),
      quantity("StairDescentSpeed", "m/s", a, "14.0"),
      quantity("WalkingAsymmetryPercentage", "%", a, "14.0"),
      quantity("WalkingDoubleSupportPercentage", "%", a, "14.0"),
      quantity("WalkingSpeed", "m/s", a, "14.0"),
      quantity("WalkingStepLength", "m", a, "14.0"),
    ]
    // Nutrition: grams, cumulative, iOS 8; energy in kcal; water in mL since iOS 9.
    + nutrients.map { name in
      switch name {
      case "EnergyConsumed": quantity("Dietary" + name, "kcal", c, "8.0")
      case "Water": quantity("Dietary" + name, "mL", c, "9.0")
      default: quantity("Dietary" + name, "g", c, "8.0")
      }
    }
    + [
      // Other
      quantity("BloodAlcoholContent", "%", a, "8.0"),
      quantity("BloodPressureDiastolic", "mmHg", a, "8.0"),
      quantity("BloodPressureSystolic", "mmHg", a, "8.0"),
      quantity("InsulinDelivery", "IU", c, "11.0"),
      quantity("NumberOfAlcoholicBeverages", "count", c, "15.0"),
      quantity("NumberOfTimesFallen", "count", c, "8.0"),
      quantity("TimeInDaylight", "min", c, "17.0"),
      // The header's comment leaves UV exposure's unit empty: a plain count (a UV index).
      quantity("UVExposure", "count", a, "9.0"),
      quantity("WaterTemperature", "degC", a, "16.0"),
      // Reproductive health
      quantity("BasalBodyTemperature", "degC", a, "9.0"),
      // Respiratory
      quantity("AppleSleepingBreathingDisturbances", "count", a, "18.0"),
      quantity("ForcedExpiratoryVolume1", "L", a, "8.0"),
      quantity("ForcedVitalCapacity", "L", a, "8.0"),
      quantity("InhalerUsage", "count", c, "8.0"),
      quantity("OxygenSaturation", "%", a, "8.0"),
      quantity("PeakExpiratoryFlowRate", "L/min", a, "8.0"),
      quantity("RespiratoryRate", "count/s", a, "8.0"),
      // Vital signs
      quantity("BloodGlucose", "mg/dL", a, "8.0"),
      quantity("BodyTemperature", "degC", a, "8.0"),
    ]

  // MARK: - Category types

  private static func category(
    _ stem: String, _ values: String, _ introduced: String, deprecated: String? = nil
  ) -> HealthTypeEntry {
    HealthTypeEntry(
      identifier: "HKCategoryTypeIdentifier" + stem, name: swiftName(stem), kind: .category,
      unit: "", aggregation: nil, values: "HKCategoryValue" + values, introduced: introduced,
      deprecated: deprecated)
  }

  private static let severitySymptoms: [(String, String)] = [
    ("AbdominalCramps", "13.6"), ("Acne", "13.6"), ("BladderIncontinence", "14.0"),
    ("Bloating", "13.6"), ("BreastPain", "13.6"), ("ChestTightnessOrPain", "13.6"),
    ("Chills", "13.6"), ("Constipation", "13.6"), ("Coughing", "13.6"), ("Diarrhea", "13.6"),
    ("Dizziness", "13.6"), ("DrySkin", "14.0"), ("Fainting", "13.6"), ("Fatigue", "13.6"),
    ("Fever", "13.6"), ("GeneralizedBodyAche", "13.6"), ("HairLoss", "14.0"),
    ("Headache", "13.6"), ("Heartburn", "13.6"), ("HotFlashes", "13.6"),
    ("LossOfSmell", "13.6"), ("LossOfTaste", "13.6"), ("LowerBackPain", "13.6"),
    ("MemoryLapse", "14.0"), ("Nausea", "13.6"), ("NightSweats", "14.0"),
    ("PelvicPain", "13.6"), ("RapidPoundingOrFlutteringHeartbeat", "13.6"),
    ("RunnyNose", "13.6"), ("ShortnessOfBreath", "13.6"), ("SinusCongestion", "13.6"),
    ("SkippedHeartbeat", "13.6"), ("SoreThroat", "13.6"), ("VaginalDryness", "14.0"),
    ("Vomiting", "13.6"), ("Wheezing", "13.6"),
  ]

  private static let categoryEntries: [HealthTypeEntry] =
    [
      // Fitness
      category("AppleStandHour", "AppleStandHour", "9.0"),
      // Hearing health
      category("EnvironmentalAudioExposureEvent", "EnvironmentalAudioExposureEvent", "14.0"),
      category("HeadphoneAudioExposureEvent", "HeadphoneAudioExposureEvent", "14.2"),
      // Heart
      category("HighHeartRateEvent", "", "12.2"),
      category("HypertensionEvent", "", "26.2"),
      category("IrregularHeartRhythmEvent", "", "12.2"),
      category("LowCardioFitnessEvent", "LowCardioFitnessEvent", "14.3"),
      category("LowHeartRateEvent", "", "12.2"),
      // Mindfulness
      category("MindfulSession", "", "10.0"),
      // Mobility
      category("AppleWalkingSteadinessEvent", "AppleWalkingSteadinessEvent", "15.0"),
      // Other
      category("HandwashingEvent", "", "14.0"),
      category("ToothbrushingEvent", "", "13.0"),
      // Reproductive health
      category("BleedingAfterMenopause", "VaginalBleeding", "27.0"),
      category("BleedingAfterPregnancy", "VaginalBleeding", "18.0"),
      category("BleedingDuringPregnancy", "VaginalBleeding", "18.0"),
      category("CervicalMucusQuality", "CervicalMucusQuality", "9.0"),
      category("Contraceptive", "Contraceptive", "14.3"),
      category("InfrequentMenstrualCycles", "", "16.0"),
      category("IntermenstrualBleeding", "", "9.0"),
      category("IrregularMenstrualCycles", "", "16.0"),
      category("Lactation", "", "14.3"),
      category("MenopausalState", "MenopausalState", "27.0"),
      category("MenstrualFlow", "VaginalBleeding", "9.0"),
      category("OvulationTestResult", "OvulationTestResult", "9.0"),
      category("PersistentIntermenstrualBleeding", "", "16.0"),
      category("Pregnancy", "", "14.3"),
      category("PregnancyTestResult", "PregnancyTestResult", "15.0"),
      category("ProgesteroneTestResult", "ProgesteroneTestResult", "15.0"),
      category("ProlongedMenstrualPeriods", "", "16.0"),
      category("SexualActivity", "", "9.0"),
      // Respiratory
      category("SleepApneaEvent", "", "18.0"),
      // Sleep
      category("SleepAnalysis", "SleepAnalysis", "8.0"),
      // Symptoms: appetite changes, mood and sleep changes have their own values.
      category("AppetiteChanges", "AppetiteChanges", "13.6"),
      category("MoodChanges", "Presence", "13.6"),
      category("SleepChanges", "Presence", "13.6"),
    ]
    + severitySymptoms.map { category($0.0, "Severity", $0.1) }
    // Deprecated: replaced by the environmental event in iOS 14.
    + [category("AudioExposureEvent", "AudioExposureEvent", "13.0", deprecated: "14.0")]

  // MARK: - The other kinds

  private static func characteristic(_ stem: String, _ values: String, _ introduced: String)
    -> HealthTypeEntry
  {
    HealthTypeEntry(
      identifier: "HKCharacteristicTypeIdentifier" + stem, name: swiftName(stem),
      kind: .characteristic, unit: "", aggregation: nil, values: values, introduced: introduced,
      deprecated: nil)
  }

  private static func other(
    _ identifier: String, _ name: String, _ kind: HealthTypeKind, _ introduced: String
  ) -> HealthTypeEntry {
    HealthTypeEntry(
      identifier: identifier, name: name, kind: kind, unit: "", aggregation: nil, values: "",
      introduced: introduced, deprecated: nil)
  }

  private static let characteristicEntries: [HealthTypeEntry] = [
    characteristic("ActivityMoveMode", "HKActivityMoveModeObject", "14.0"),
    characteristic("BiologicalSex", "HKBiologicalSexObject", "8.0"),
    characteristic("BloodType", "HKBloodTypeObject", "8.0"),
    characteristic("DateOfBirth", "DateComponents", "8.0"),
    characteristic("FitzpatrickSkinType", "HKFitzpatrickSkinTypeObject", "9.0"),
    characteristic("WheelchairUse", "HKWheelchairUseObject", "10.0"),
  ]

  private static let otherEntries: [HealthTypeEntry] = [
    other("HKCorrelationTypeIdentifierBloodPressure", "bloodPressure", .correlation, "8.0"),
    other("HKCorrelationTypeIdentifierFood", "food", .correlation, "8.0"),
    other("HKDocumentTypeIdentifierCDA", "CDA", .document, "10.0"),
    other("HKWorkoutTypeIdentifier", "workout", .workout, "8.0"),
    other("HKWorkoutRouteTypeIdentifier", "workoutRoute", .series, "11.0"),
    other("HKDataTypeIdentifierHeartbeatSeries", "heartbeat", .series, "13.0"),
    other("HKActivitySummaryTypeIdentifier", "activitySummary", .activitySummary, "9.3"),
    other("HKDataTypeIdentifierElectrocardiogram", "electrocardiogram", .electrocardiogram, "14.0"),
    other("HKDataTypeIdentifierAudiogram", "audiogram", .audiogram, "13.0"),
    other("HKDataTypeStateOfMind", "stateOfMind", .stateOfMind, "18.0"),
    other("HKScoredAssessmentTypeIdentifierGAD7", "GAD7", .scoredAssessment, "18.0"),
    other("HKScoredAssessmentTypeIdentifierPHQ9", "PHQ9", .scoredAssessment, "18.0"),
    other("HKVisionPrescriptionTypeIdentifier", "visionPrescription", .visionPrescription, "16.0"),
  ]
}
