import Foundation
import SimulatedHealthKit
import Testing

/// The raw values of HealthKit's enumerations and option sets, pinned from published tables (not
/// from this module): the iOS 18 SDK headers (`HKWorkout.h`, `HKWorkoutSession.h`, `HKMetadata.h`,
/// `HKUnit.h`) and PyObjC's HealthKit binding tests (`pyobjc-framework-HealthKit/PyObjCTest/`
/// `test_hkworkoutactivitytype.py`, `test_hkworkoutsession.py`, `test_hkworkoutconfiguration.py`,
/// `test_hkworkout.py`, `test_hkdefines.py`, `test_hkquantityaggregationstyle.py`,
/// `test_hkunit.py`, `test_hkstatistics.py`).
@Suite struct ValuesEnumTests {
  /// Every raw value in `range` that makes a case, with the case's name.
  private func cases<T: RawRepresentable>(
    of type: T.Type, in range: ClosedRange<T.RawValue>
  ) -> [String: T.RawValue] where T.RawValue: Strideable, T.RawValue.Stride: SignedInteger {
    var found: [String: T.RawValue] = [:]
    for raw in range {
      if let value = T(rawValue: raw) { found[String(describing: value)] = raw }
    }
    return found
  }

  /// test_hkworkoutactivitytype.py, 1 … 84 and 3000; 81 is unused. The iOS 26 header's rest
  /// (2998) and group (2999) are declared unavailable (`API_UNAVAILABLE(ios, watchos,
  /// macCatalyst, macos)` in HKWorkout.h), so no raw value makes them: Swift's `init(rawValue:)`
  /// leaves unavailable cases out.
  @Test func workoutActivityTypeHasEveryCaseOfTheSDK() {
    let expected: [String: UInt] = [
      "americanFootball": 1, "archery": 2, "australianFootball": 3, "badminton": 4,
      "baseball": 5, "basketball": 6, "bowling": 7, "boxing": 8, "climbing": 9, "cricket": 10,
      "crossTraining": 11, "curling": 12, "cycling": 13, "dance": 14, "danceInspiredTraining": 15,
      "elliptical": 16, "equestrianSports": 17, "fencing": 18, "fishing": 19,
      "functionalStrengthTraining": 20, "golf": 21, "gymnastics": 22, "handball": 23,
      "hiking": 24, "hockey": 25, "hunting": 26, "lacrosse": 27, "martialArts": 28,
      "mindAndBody": 29, "mixedMetabolicCardioTraining": 30, "paddleSports": 31, "play": 32,
      "preparationAndRecovery": 33, "racquetball": 34, "rowing": 35, "rugby": 36, "running": 37,
      "sailing": 38, "skatingSports": 39, "snowSports": 40, "soccer": 41, "softball": 42,
      "squash": 43, "stairClimbing": 44, "surfingSports": 45, "swimming": 46, "tableTennis": 47,
      "tennis": 48, "trackAndField": 49, "traditionalStrengthTraining": 50, "volleyball": 51,
      "walking": 52, "waterFitness": 53, "waterPolo": 54, "waterSports": 55, "wrestling": 56,
      "yoga": 57, "barre": 58, "coreTraining": 59, "crossCountrySkiing": 60,
      "downhillSkiing": 61, "flexibility": 62, "highIntensityIntervalTraining": 63,
      "jumpRope": 64, "kickboxing": 65, "pilates": 66, "snowboarding": 67, "stairs": 68,
      "stepTraining": 69, "wheelchairWalkPace": 70, "wheelchairRunPace": 71, "taiChi": 72,
      "mixedCardio": 73, "handCycling": 74, "discSports": 75, "fitnessGaming": 76,
      "cardioDance": 77, "socialDance": 78, "pickleball": 79, "cooldown": 80, "swimBikeRun": 82,
      "transition": 83, "underwaterDiving": 84, "other": 3000,
    ]
    #expect(cases(of: HKWorkoutActivityType.self, in: 0...4000) == expected)
    #expect(expected.count == 84)  // 80 + 3 + other
  }

  @Test func sessionStatesAndTypes() {
    // test_hkworkoutsession.py: the raw values are not in lifecycle order.
    #expect(
      cases(of: HKWorkoutSessionState.self, in: -1...20) == [
        "notStarted": 1, "running": 2, "ended": 3, "paused": 4, "prepared": 5, "stopped": 6,
      ])
    #expect(cases(of: HKWorkoutSessionType.self, in: -1...20) == ["primary": 0, "mirrored": 1])
  }

  @Test func locationTypes() {
    // test_hkworkoutconfiguration.py; HKMetadata.h (Unknown = 0, Pool, OpenWater).
    #expect(
      cases(of: HKWorkoutSessionLocationType.self, in: -1...20) == [
        "unknown": 1, "indoor": 2, "outdoor": 3,
      ])
    #expect(
      cases(of: HKWorkoutSwimmingLocationType.self, in: -1...20) == [
        "unknown": 0, "pool": 1, "openWater": 2,
      ])
  }

  @Test func workoutEventTypes() {
    // test_hkworkout.py / HKWorkout.h: pause = 1, then in order.
    #expect(
      cases(of: HKWorkoutEventType.self, in: -1...20) == [
        "pause": 1, "resume": 2, "lap": 3, "marker": 4, "motionPaused": 5, "motionResumed": 6,
        "segment": 7, "pauseOrResumeRequest": 8,
      ])
  }

  @Test func authorizationAndUpdateFrequency() {
    // test_hkdefines.py.
    #expect(
      cases(of: HKAuthorizationStatus.self, in: -1...20) == [
        "notDetermined": 0, "sharingDenied": 1, "sharingAuthorized": 2,
      ])
    #expect(
      cases(of: HKAuthorizationRequestStatus.self, in: -1...20) == [
        "unknown": 0, "shouldRequest": 1, "unnecessary": 2,
      ])
    #expect(
      cases(of: HKUpdateFrequency.self, in: -1...20) == [
        "immediate": 1, "hourly": 2, "daily": 3, "weekly": 4,
      ])
  }

  @Test func aggregationStylesAndMetricPrefixes() {
    // test_hkquantityaggregationstyle.py.
    #expect(
      cases(of: HKQuantityAggregationStyle.self, in: -1...20) == [
        "cumulative": 0, "discreteArithmetic": 1, "discreteTemporallyWeighted": 2,
        "discreteEquivalentContinuousLevel": 3,
      ])
    // HKUnit.h / test_hkunit.py: femto was added after tera, as 13.
    #expect(
      cases(of: HKMetricPrefix.self, in: -1...20) == [
        "none": 0, "pico": 1, "nano": 2, "micro": 3, "milli": 4, "centi": 5, "deci": 6,
        "deca": 7, "hecto": 8, "kilo": 9, "mega": 10, "giga": 11, "tera": 12, "femto": 13,
      ])
  }

  @Test func statisticsOptionBits() {
    // test_hkstatistics.py: 1 << 0 … 1 << 6.
    #expect(HKStatisticsOptions.separateBySource.rawValue == 1)
    #expect(HKStatisticsOptions.discreteAverage.rawValue == 2)
    #expect(HKStatisticsOptions.discreteMin.rawValue == 4)
    #expect(HKStatisticsOptions.discreteMax.rawValue == 8)
    #expect(HKStatisticsOptions.cumulativeSum.rawValue == 16)
    #expect(HKStatisticsOptions.mostRecent.rawValue == 32)
    #expect(HKStatisticsOptions.duration.rawValue == 64)
    let options: HKStatisticsOptions = [.discreteAverage, .discreteMax]
    #expect(options.rawValue == 10)
    #expect(options.contains(.discreteMax) && !options.contains(.cumulativeSum))
  }

  /// HKMetadataEnums.h (2025): each enumeration's first raw value is written out in the header
  /// and the rest count on from it, in this order.
  @Test func metadataEnumerationsHaveTheHeadersRawValues() {
    #expect(
      cases(of: HKWeatherCondition.self, in: -1...40) == [
        "none": 0, "clear": 1, "fair": 2, "partlyCloudy": 3, "mostlyCloudy": 4, "cloudy": 5,
        "foggy": 6, "haze": 7, "windy": 8, "blustery": 9, "smoky": 10, "dust": 11, "snow": 12,
        "hail": 13, "sleet": 14, "freezingDrizzle": 15, "freezingRain": 16,
        "mixedRainAndHail": 17, "mixedRainAndSnow": 18, "mixedRainAndSleet": 19,
        "mixedSnowAndSleet": 20, "drizzle": 21, "scatteredShowers": 22, "showers": 23,
        "thunderstorms": 24, "tropicalStorm": 25, "hurricane": 26, "tornado": 27,
      ])
    #expect(
      cases(of: HKHeartRateMotionContext.self, in: -1...9) == [
        "notSet": 0, "sedentary": 1, "active": 2,
      ])
    #expect(
      cases(of: HKUserMotionContext.self, in: -1...9) == [
        "notSet": 0, "stationary": 1, "active": 2,
      ])
    #expect(
      cases(of: HKHeartRateSensorLocation.self, in: -1...20) == [
        "other": 0, "chest": 1, "wrist": 2, "finger": 3, "hand": 4, "earLobe": 5, "foot": 6,
      ])
    #expect(
      cases(of: HKBodyTemperatureSensorLocation.self, in: -1...20) == [
        "other": 0, "armpit": 1, "body": 2, "ear": 3, "finger": 4, "gastroIntestinal": 5,
        "mouth": 6, "rectum": 7, "toe": 8, "earDrum": 9, "temporalArtery": 10, "forehead": 11,
      ])
    #expect(
      cases(of: HKDevicePlacementSide.self, in: -1...9) == [
        "unknown": 0, "left": 1, "right": 2, "central": 3,
      ])
    #expect(
      cases(of: HKBloodGlucoseMealTime.self, in: -1...9) == [
        "preprandial": 1, "postprandial": 2,
      ])
    #expect(cases(of: HKInsulinDeliveryReason.self, in: -1...9) == ["basal": 1, "bolus": 2])
    #expect(
      cases(of: HKVO2MaxTestType.self, in: -1...9) == [
        "maxExercise": 1, "predictionSubMaxExercise": 2, "predictionNonExercise": 3,
        "predictionStepTest": 4,
      ])
    #expect(
      cases(of: HKHeartRateRecoveryTestType.self, in: -1...9) == [
        "maxExercise": 1, "predictionSubMaxExercise": 2, "predictionNonExercise": 3,
      ])
    #expect(
      cases(of: HKPhysicalEffortEstimationType.self, in: -1...9) == [
        "activityLookup": 1, "deviceSensed": 2,
      ])
    #expect(
      cases(of: HKCyclingFunctionalThresholdPowerTestType.self, in: -1...9) == [
        "maxExercise60Minute": 1, "maxExercise20Minute": 2, "rampTest": 3,
        "predictionExercise": 4,
      ])
    #expect(cases(of: HKWaterSalinity.self, in: -1...9) == ["freshWater": 1, "saltWater": 2])
    #expect(
      cases(of: HKAppleECGAlgorithmVersion.self, in: -1...9) == ["version1": 1, "version2": 2])
  }

  /// The two classifications of Apple's mobility and sleep metrics, from the SDK headers
  /// (`HKAppleWalkingSteadinessClassification.h`: `OK = 1`, then `Low`, `VeryLow`;
  /// `HKAppleSleepingBreathingDisturbancesClassification.h`: `NotElevated` first, 0, then
  /// `Elevated`) and PyObjC's `test_hkapplewalkingsteadinessclassification.py` (1, 2, 3) and
  /// `test_hkapplesleepingbreathingdisturbancesclassification.py` (0, 1). Before, neither type
  /// was declared (an app switching over them did not compile).
  @Test func appleClassificationsHaveTheHeadersRawValues() {
    #expect(
      cases(of: HKAppleWalkingSteadinessClassification.self, in: -1...9) == [
        "ok": 1, "low": 2, "veryLow": 3,
      ])
    #expect(HKAppleWalkingSteadinessClassification.allCases == [.ok, .low, .veryLow])
    #expect(
      cases(of: HKAppleSleepingBreathingDisturbancesClassification.self, in: -1...9) == [
        "notElevated": 0, "elevated": 1,
      ])
    #expect(
      HKAppleSleepingBreathingDisturbancesClassification.allCases == [.notElevated, .elevated])
  }
}
