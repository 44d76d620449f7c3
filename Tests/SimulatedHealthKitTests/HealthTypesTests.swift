import Foundation
import Synchronization
import Testing
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Every quantity and category type of HealthKit's current SDK: declared with Apple's raw value,
/// canonical unit and aggregation style (the iOS 18 SDK's `HKTypeIdentifiers.h`, and iOS 26.2's
/// hypertension event), and saved, queried and deleted through the health store.
@Suite struct HealthTypesTests {
  /// The SDK's quantity identifiers by their Swift names, group by group as the header lists
  /// them: body measurements, fitness, hearing, heart, mobility, nutrition, other, reproductive
  /// health, respiratory, vital signs.
  static let quantityIdentifiers: [HKQuantityTypeIdentifier] = [
    .appleSleepingWristTemperature, .bodyFatPercentage, .bodyMass, .bodyMassIndex,
    .electrodermalActivity, .height, .leanBodyMass, .waistCircumference, .activeEnergyBurned,
    .appleExerciseTime, .appleMoveTime, .appleStandTime, .basalEnergyBurned,
    .crossCountrySkiingSpeed, .cyclingCadence, .cyclingFunctionalThresholdPower, .cyclingPower,
    .cyclingSpeed, .distanceCrossCountrySkiing, .distanceCycling, .distanceDownhillSnowSports,
    .distancePaddleSports, .distanceRowing, .distanceSkatingSports, .distanceSwimming,
    .distanceWalkingRunning, .distanceWheelchair, .estimatedWorkoutEffortScore, .flightsClimbed,
    .nikeFuel, .paddleSportsSpeed, .physicalEffort, .pushCount, .rowingSpeed, .runningPower,
    .runningSpeed, .stepCount, .swimmingStrokeCount, .underwaterDepth, .workoutEffortScore,
    .environmentalAudioExposure, .environmentalSoundReduction, .headphoneAudioExposure,
    .atrialFibrillationBurden, .heartRate, .heartRateRecoveryOneMinute, .heartRateVariabilitySDNN,
    .peripheralPerfusionIndex, .restingHeartRate, .vo2Max, .walkingHeartRateAverage,
    .appleWalkingSteadiness, .runningGroundContactTime, .runningStrideLength,
    .runningVerticalOscillation, .sixMinuteWalkTestDistance, .stairAscentSpeed,
    .stairDescentSpeed, .walkingAsymmetryPercentage, .walkingDoubleSupportPercentage,
    .walkingSpeed, .walkingStepLength, .dietaryBiotin, .dietaryCaffeine, .dietaryCalcium,
    .dietaryCarbohydrates, .dietaryChloride, .dietaryCholesterol, .dietaryChromium,
    .dietaryCopper, .dietaryEnergyConsumed, .dietaryFatMonounsaturated,
    .dietaryFatPolyunsaturated, .dietaryFatSaturated, .dietaryFatTotal, .dietaryFiber,
    .dietaryFolate, .dietaryIodine, .dietaryIron, .dietaryMagnesium, .dietaryManganese,
    .dietaryMolybdenum, .dietaryNiacin, .dietaryPantothenicAcid, .dietaryPhosphorus,
    .dietaryPotassium, .dietaryProtein, .dietaryRiboflavin, .dietarySelenium, .dietarySodium,
    .dietarySugar, .dietaryThiamin, .dietaryVitaminA, .dietaryVitaminB12, .dietaryVitaminB6,
    .dietaryVitaminC, .dietaryVitaminD, .dietaryVitaminE, .dietaryVitaminK, .dietaryWater,
    .dietaryZinc, .bloodAlcoholContent, .bloodPressureDiastolic, .bloodPressureSystolic,
    .insulinDelivery, .numberOfAlcoholicBeverages, .numberOfTimesFallen, .timeInDaylight,
    .uvExposure, .waterTemperature, .basalBodyTemperature, .appleSleepingBreathingDisturbances,
    .forcedExpiratoryVolume1, .forcedVitalCapacity, .inhalerUsage, .oxygenSaturation,
    .peakExpiratoryFlowRate, .respiratoryRate, .bloodGlucose, .bodyTemperature,
  ]

  /// The SDK's category identifiers by their Swift names: the deprecated `audioExposureEvent`
  /// aside, and `hypertensionEvent` (macOS 26.2) added by ``categoryIdentifiers``.
  static let categoryIdentifiersToMacOS15: [HKCategoryTypeIdentifier] = [
    .appleStandHour, .environmentalAudioExposureEvent, .headphoneAudioExposureEvent,
    .highHeartRateEvent, .irregularHeartRhythmEvent, .lowCardioFitnessEvent,
    .lowHeartRateEvent, .mindfulSession, .appleWalkingSteadinessEvent, .handwashingEvent,
    .toothbrushingEvent, .bleedingAfterPregnancy, .bleedingDuringPregnancy, .cervicalMucusQuality,
    .contraceptive, .infrequentMenstrualCycles, .intermenstrualBleeding,
    .irregularMenstrualCycles, .lactation, .menstrualFlow, .ovulationTestResult,
    .persistentIntermenstrualBleeding, .pregnancy, .pregnancyTestResult, .progesteroneTestResult,
    .prolongedMenstrualPeriods, .sexualActivity, .sleepApneaEvent, .sleepAnalysis,
    .appetiteChanges, .moodChanges, .sleepChanges, .abdominalCramps, .acne, .bladderIncontinence,
    .bloating, .breastPain, .chestTightnessOrPain, .chills, .constipation, .coughing, .diarrhea,
    .dizziness, .drySkin, .fainting, .fatigue, .fever, .generalizedBodyAche, .hairLoss, .headache,
    .heartburn, .hotFlashes, .lossOfSmell, .lossOfTaste, .lowerBackPain, .memoryLapse, .nausea,
    .nightSweats, .pelvicPain, .rapidPoundingOrFlutteringHeartbeat, .runnyNose,
    .shortnessOfBreath, .sinusCongestion, .skippedHeartbeat, .soreThroat, .vaginalDryness,
    .vomiting, .wheezing,
  ]

  /// Every category identifier but the deprecated one: `hypertensionEvent` is marked available
  /// from macOS 26.2 and `bleedingAfterMenopause` and `menopausalState` from macOS 27 (as the
  /// SDK marks them), so the package's macOS 15 needs the checks; on Linux they hold.
  static var categoryIdentifiers: [HKCategoryTypeIdentifier] {
    var identifiers = categoryIdentifiersToMacOS15
    if #available(macOS 26.2, iOS 26.2, watchOS 26.2, visionOS 26.2, *) {
      identifiers.append(.hypertensionEvent)
    } else {
      identifiers.append(.init(rawValue: "HKCategoryTypeIdentifierHypertensionEvent"))
    }
    if #available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *) {
      identifiers += [.bleedingAfterMenopause, .menopausalState]
    } else {
      identifiers += [
        .init(rawValue: "HKCategoryTypeIdentifierBleedingAfterMenopause"),
        .init(rawValue: "HKCategoryTypeIdentifierMenopausalState"),
      ]
    }
    return identifiers
  }

  /// 120 quantity identifiers, each a type with the catalog's style and a unit of the
  /// catalog's dimension; the raw value is the constant's name.
  @Test func everyQuantityIdentifierIsAType() {
    let identifiers = Self.quantityIdentifiers
    #expect(identifiers.count == 120)
    let catalog = HealthTypeCatalog.entries.filter { $0.kind == .quantity }
    #expect(Set(identifiers.map(\.rawValue)) == Set(catalog.map(\.identifier)))
    for identifier in identifiers {
      let type = HKObjectType.quantityType(forIdentifier: identifier)
      #expect(type == HKQuantityType(identifier))
      let entry = HealthTypeCatalog.entry(identifier.rawValue)
      #expect(type?.is(compatibleWith: HKUnit(from: entry?.unit ?? "count")) == true)
      #expect(type?.aggregationStyle.rawValue == entry.map { Int($0.aggregation!.rawValue) })
    }
  }

  /// 71 category identifiers (72 with the deprecated one): the iOS 18 SDK's 68, iOS 26.2's
  /// `hypertensionEvent` and iOS 27's `bleedingAfterMenopause` and `menopausalState` (68 + 1 + 2
  /// = 71), each a category type.
  @Test func everyCategoryIdentifierIsAType() {
    let identifiers = Self.categoryIdentifiers
    #expect(identifiers.count == 71)
    let catalog = HealthTypeCatalog.entries.filter {
      $0.kind == .category && $0.deprecated == nil
    }
    #expect(Set(identifiers.map(\.rawValue)) == Set(catalog.map(\.identifier)))
    for identifier in identifiers {
      #expect(HKObjectType.categoryType(forIdentifier: identifier) == HKCategoryType(identifier))
    }
  }

  /// Raw values, units and styles read off the SDK header for a few identifiers.
  @Test func rawValuesUnitsAndStyles() {
    #expect(
      HKQuantityTypeIdentifier.dietaryWater.rawValue == "HKQuantityTypeIdentifierDietaryWater")
    #expect(HKQuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
    #expect(HKQuantityTypeIdentifier.uvExposure.rawValue == "HKQuantityTypeIdentifierUVExposure")
    #expect(
      HKQuantityTypeIdentifier.forcedExpiratoryVolume1.rawValue
        == "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
    if #available(macOS 26.2, iOS 26.2, watchOS 26.2, visionOS 26.2, *) {
      #expect(
        HKCategoryTypeIdentifier.hypertensionEvent.rawValue
          == "HKCategoryTypeIdentifierHypertensionEvent")
    }
    #expect(
      HKCharacteristicTypeIdentifier.dateOfBirth.rawValue
        == "HKCharacteristicTypeIdentifierDateOfBirth")
    #expect(
      HKCorrelationTypeIdentifier.bloodPressure.rawValue
        == "HKCorrelationTypeIdentifierBloodPressure")
    #expect(HKDocumentTypeIdentifier.CDA.rawValue == "HKDocumentTypeIdentifierCDA")
    // Water "mL, Cumulative": millilitres, litres and US fluid ounces fit, grams do not.
    let water = HKQuantityType(.dietaryWater)
    #expect(water.aggregationStyle == .cumulative)
    #expect(water.is(compatibleWith: .literUnit(with: .milli)))
    #expect(water.is(compatibleWith: .fluidOunceUS()))
    #expect(!water.is(compatibleWith: .gram()))
    // The four styles, raw values 0 to 3.
    #expect(HKQuantityType(.bodyMass).aggregationStyle.rawValue == 1)
    #expect(HKQuantityType(.heartRate).aggregationStyle.rawValue == 2)
    #expect(HKQuantityType(.environmentalAudioExposure).aggregationStyle.rawValue == 3)
    #expect(HKQuantityType(.insulinDelivery).aggregationStyle == .cumulative)
    // The units of the other dimensions.
    #expect(HKQuantityType(.bodyTemperature).is(compatibleWith: .degreeFahrenheit()))
    #expect(HKQuantityType(.bloodPressureSystolic).is(compatibleWith: .millimeterOfMercury()))
    #expect(HKQuantityType(.bloodGlucose).is(compatibleWith: HKUnit(from: "mg/dL")))
    #expect(HKQuantityType(.electrodermalActivity).is(compatibleWith: .siemenUnit(with: .micro)))
    #expect(HKQuantityType(.insulinDelivery).is(compatibleWith: .internationalUnit()))
    #expect(
      HKQuantityType(.headphoneAudioExposure).is(
        compatibleWith: .decibelAWeightedSoundPressureLevel()))
    #expect(HKQuantityType(.workoutEffortScore).is(compatibleWith: .appleEffortScore()))
    #expect(HKQuantityType(.respiratoryRate).is(compatibleWith: bpm))
  }

  /// Unknown identifiers still fail as HealthKit's do: the `forIdentifier:` methods give `nil`
  /// (the initializers trap with "HKQuantityType: unknown identifier <raw value>").
  @Test func unknownIdentifiersAreNil() {
    #expect(
      HKObjectType.quantityType(
        forIdentifier: .init(rawValue: "HKQuantityTypeIdentifierDietaryWhisky")) == nil)
    #expect(
      HKObjectType.categoryType(forIdentifier: .init(rawValue: "HKCategoryTypeIdentifierBoredom"))
        == nil)
    #expect(
      HKObjectType.characteristicType(
        forIdentifier: .init(rawValue: "HKCharacteristicTypeIdentifierEyeColor")) == nil)
    #expect(
      HKObjectType.correlationType(
        forIdentifier: .init(rawValue: "HKCorrelationTypeIdentifierMeal")) == nil)
    // A category identifier is not a quantity one, nor the other way round.
    #expect(
      HKObjectType.quantityType(
        forIdentifier: .init(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")) == nil)
    #expect(HKObjectType.seriesType(forIdentifier: HKWorkoutTypeIdentifier) == nil)
  }

  /// The other kinds: characteristic, correlation, document, series, activity summary and workout
  /// types, with their identifiers and classes.
  @Test func theOtherObjectTypes() {
    let birth = HKObjectType.characteristicType(forIdentifier: .dateOfBirth)
    #expect(birth?.identifier == "HKCharacteristicTypeIdentifierDateOfBirth")
    #expect(birth == HKCharacteristicType(.dateOfBirth))
    #expect(
      HKObjectType.correlationType(forIdentifier: .bloodPressure)?.identifier
        == "HKCorrelationTypeIdentifierBloodPressure")
    #expect(HKCorrelationType(.food).identifier == "HKCorrelationTypeIdentifierFood")
    #expect(
      HKObjectType.documentType(forIdentifier: .CDA)?.identifier == "HKDocumentTypeIdentifierCDA")
    #expect(HKSeriesType.workoutRoute().identifier == "HKWorkoutRouteTypeIdentifier")
    #expect(HKSeriesType.heartbeat().identifier == "HKDataTypeIdentifierHeartbeatSeries")
    #expect(
      HKObjectType.seriesType(forIdentifier: HKWorkoutRouteTypeIdentifier)
        == HKSeriesType.workoutRoute())
    #expect(HKObjectType.activitySummaryType().identifier == "HKActivitySummaryTypeIdentifier")
    #expect(HKObjectType.workoutType().identifier == HKWorkoutTypeIdentifier)
    // Equal by class and identifier: a set of read types holds each once.
    let read: Set<HKObjectType> = [
      HKObjectType.activitySummaryType(), HKObjectType.activitySummaryType(),
      HKCharacteristicType(.bloodType),
      HKObjectType.characteristicType(forIdentifier: .bloodType)!, HKQuantityType(.dietaryWater),
    ]
    #expect(read.count == 3)
  }

  /// The category value enumerations' raw values, as `HKCategoryValues.h` gives them.
  @Test func categoryValueRawValues() {
    #expect(HKCategoryValueSeverity.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
    #expect(HKCategoryValueSeverity.severe.rawValue == 4)
    #expect(HKCategoryValuePresence.present.rawValue == 0)
    #expect(HKCategoryValuePresence.notPresent.rawValue == 1)
    #expect(HKCategoryValueAppetiteChanges.increased.rawValue == 3)
    #expect(HKCategoryValueCervicalMucusQuality.eggWhite.rawValue == 5)
    #expect(HKCategoryValueContraceptive.patch.rawValue == 7)
    #expect(HKCategoryValueOvulationTestResult.estrogenSurge.rawValue == 4)
    #expect(HKCategoryValueOvulationTestResult.indeterminate.rawValue == 3)
    #expect(HKCategoryValuePregnancyTestResult.indeterminate.rawValue == 3)
    #expect(HKCategoryValueProgesteroneTestResult.positive.rawValue == 2)
    #expect(HKCategoryValueVaginalBleeding.none.rawValue == 5)
    #expect(HKCategoryValueAppleWalkingSteadinessEvent.repeatVeryLow.rawValue == 4)
    #expect(HKCategoryValueEnvironmentalAudioExposureEvent.momentaryLimit.rawValue == 1)
    #expect(HKCategoryValueHeadphoneAudioExposureEvent.sevenDayLimit.rawValue == 1)
    #expect(HKCategoryValueLowCardioFitnessEvent.lowFitness.rawValue == 1)
    #expect(HKCategoryValueSleepAnalysis.asleepREM.rawValue == 5)
  }

  /// The store takes samples of any declared type: 250 mL and 300 mL of water sum to 550 mL
  /// (cumulative), and as US fluid ounces 550 / 29.5735295625 = 18.5975... fl oz.
  @Test func waterSumsTo550Millilitres() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let water = HKQuantityType(.dietaryWater)
      try await store.requestAuthorization(toShare: [water], read: [water])
      let millilitre = HKUnit.literUnit(with: .milli)
      let now = simulation.now
      try await store.save([
        HKQuantitySample(
          type: water, quantity: HKQuantity(unit: millilitre, doubleValue: 250),
          start: now.addingTimeInterval(-3600), end: now.addingTimeInterval(-3600)),
        HKQuantitySample(
          type: water, quantity: HKQuantity(unit: millilitre, doubleValue: 300), start: now,
          end: now),
      ])
      let found = await statistics(store, simulation, water, options: .cumulativeSum)
      #expect(found.error == nil)
      #expect(found.statistics?.sumQuantity()?.doubleValue(for: millilitre) == 550)
      let ounces = found.statistics?.sumQuantity()?.doubleValue(for: .fluidOunceUS()) ?? 0
      #expect(abs(ounces - 550 / 29.5735295625) < 1e-9)
      let listed = await samples(store, simulation, water)
      #expect(listed.samples?.count == 2)
    }
  }

  /// Body mass, height and body mass index save (they failed before), come back from a sample
  /// query in the units they were saved in, average as discrete types, and delete.
  @Test func bodyMeasurementsSaveQueryAndDelete() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let mass = HKQuantityType(.bodyMass)
      let height = HKQuantityType(.height)
      let index = HKQuantityType(.bodyMassIndex)
      try await store.requestAuthorization(
        toShare: [mass, height, index], read: [mass, height, index])
      let now = simulation.now
      let kilogram = HKUnit.gramUnit(with: .kilo)
      let first = HKQuantitySample(
        type: mass, quantity: HKQuantity(unit: kilogram, doubleValue: 80),
        start: now.addingTimeInterval(-86_400), end: now.addingTimeInterval(-86_400))
      let second = HKQuantitySample(
        type: mass, quantity: HKQuantity(unit: .pound(), doubleValue: 176), start: now, end: now)
      try await store.save([
        first, second,
        HKQuantitySample(
          type: height, quantity: HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 180),
          start: now, end: now),
        HKQuantitySample(
          type: index, quantity: HKQuantity(unit: .count(), doubleValue: 24.7), start: now,
          end: now),
      ])
      // 176 lb = 176 × 0.45359237 kg = 79.83225712 kg; the mean of 80 and that is
      // 79.91612856 kg, the minimum 79.83225712, the maximum 80.
      let found = await statistics(
        store, simulation, mass, options: [.discreteAverage, .discreteMin, .discreteMax])
      let average = found.statistics?.averageQuantity()?.doubleValue(for: kilogram) ?? 0
      #expect(abs(average - 79.91612856) < 1e-9)
      let minimum = found.statistics?.minimumQuantity()?.doubleValue(for: kilogram) ?? 0
      #expect(abs(minimum - 79.83225712) < 1e-9)
      #expect(found.statistics?.maximumQuantity()?.doubleValue(for: kilogram) == 80)
      let heights = await samples(store, simulation, height)
      let metres = (heights.samples?.first as? HKQuantitySample)?.quantity.doubleValue(
        for: .meter())
      #expect(metres.map { abs($0 - 1.8) < 1e-12 } == true)
      let indices = await samples(store, simulation, index)
      #expect(
        (indices.samples?.first as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 24.7)
      // Deleting the first mass leaves the second.
      try await store.delete(first)
      let left = await samples(store, simulation, mass)
      #expect(left.samples?.map(\.uuid) == [second.uuid])
    }
  }

  /// A category type the generator never makes: mindful sessions save, come back as
  /// `HKCategorySample`s of their type, filter by value and delete by predicate.
  @Test func categorySamplesOfAnyDeclaredType() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let mindful = HKCategoryType(.mindfulSession)
      let headache = HKCategoryType(.headache)
      try await store.requestAuthorization(
        toShare: [mindful, headache], read: [mindful, headache])
      let now = simulation.now
      try await store.save([
        HKCategorySample(
          type: mindful, value: HKCategoryValue.notApplicable.rawValue,
          start: now.addingTimeInterval(-600), end: now),
        HKCategorySample(
          type: headache, value: HKCategoryValueSeverity.mild.rawValue,
          start: now.addingTimeInterval(-7200), end: now.addingTimeInterval(-3600)),
        HKCategorySample(
          type: headache, value: HKCategoryValueSeverity.severe.rawValue,
          start: now.addingTimeInterval(-1800), end: now),
      ])
      let sessions = await samples(store, simulation, mindful)
      #expect(sessions.samples?.count == 1)
      #expect((sessions.samples?.first as? HKCategorySample)?.categoryType == mindful)
      // Severe (4) only.
      let severe = await samples(
        store, simulation, headache,
        predicate: HKQuery.predicateForCategorySamples(
          with: .equalTo, value: HKCategoryValueSeverity.severe.rawValue))
      #expect(severe.samples?.compactMap { ($0 as? HKCategorySample)?.value } == [4])
      let deleted = try await store.deleteObjects(
        of: headache, predicate: HKQuery.predicateForCategorySamples(valueIn: [2]))
      #expect(deleted == 1)
      let left = await samples(store, simulation, headache)
      #expect(left.samples?.compactMap { ($0 as? HKCategorySample)?.value } == [4])
    }
  }

  /// The new types follow the sharing rules of the others: a type never asked to share fails
  /// with `errorAuthorizationNotDetermined`, a granted one saves.
  @Test func newTypesFollowTheAuthorizationRules() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKQuantityType(.oxygenSaturation)], read: [])
      // A type never asked to share: "Authorization not determined".
      do {
        try await store.save(
          HKQuantitySample(
            type: HKQuantityType(.bloodGlucose),
            quantity: HKQuantity(unit: HKUnit(from: "mg/dL"), doubleValue: 95),
            start: simulation.now, end: simulation.now))
        Issue.record("saved without authorization")
      } catch let error as HKError {
        #expect(error.code == .errorAuthorizationNotDetermined)
      }
      try await store.save(
        HKQuantitySample(
          type: HKQuantityType(.oxygenSaturation),
          quantity: HKQuantity(unit: .percent(), doubleValue: 97),
          start: simulation.now, end: simulation.now))
    }
  }

  /// docs/healthkit-types.md lists every catalog entry, one table row each, and nothing else.
  @Test func theTypesPageIsTheCatalog() throws {
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/healthkit-types.md"), encoding: .utf8)
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
    let names: [HealthAggregation: String] = [
      .cumulative: "cumulative", .discreteArithmetic: "discreteArithmetic",
      .discreteTemporallyWeighted: "discreteTemporallyWeighted",
      .discreteEquivalentContinuousLevel: "discreteEquivalentContinuousLevel",
    ]
    let expected = HealthTypeCatalog.entries.map { entry -> String in
      let start = "| `\(entry.name)` | `\(entry.identifier)` | "
      switch entry.kind {
      case .quantity:
        return start + "\(entry.unit) | \(names[entry.aggregation!]!) | \(entry.introduced) |"
      case .category:
        let ios = entry.introduced + (entry.deprecated.map { " (deprecated \($0))" } ?? "")
        return start + "`\(entry.values)` | \(ios) |"
      default:
        return start + "\(entry.kind) | \(entry.introduced) |"
      }
    }
    #expect(rows == expected)
  }
}
