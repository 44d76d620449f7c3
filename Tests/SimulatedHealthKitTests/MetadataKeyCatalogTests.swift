import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Apple's metadata keys (https://developer.apple.com/documentation/healthkit/metadata-keys) and
/// the strings they stand for. The strings are pinned from HealthKit's own string table of
/// metadata keys (`HKStringCache`'s initial strings, as the framework's binary lists them) and
/// from Health exports (`<MetadataEntry key="HKWeatherHumidity" …>`), not from this module.
@Suite struct MetadataKeyCatalogTests {
  @Test func everyKeyHasTheSDKsString() {
    let keys: [(String, String)] = [
      (HKMetadataKeyExternalUUID, "HKExternalUUID"),
      (HKMetadataKeyTimeZone, "HKTimeZone"),
      (HKMetadataKeyWasUserEntered, "HKWasUserEntered"),
      (HKMetadataKeyQuantityClampedToLowerBound, "HKMetadataKeyQuantityClampedToLowerBound"),
      (HKMetadataKeyQuantityClampedToUpperBound, "HKMetadataKeyQuantityClampedToUpperBound"),
      (HKMetadataKeyDateOfEarliestDataUsedForEstimate, "HKDateOfEarliestDataUsedForEstimate"),
      (HKMetadataKeySessionEstimate, "HKMetadataKeySessionEstimate"),
      (HKMetadataKeyDeviceSerialNumber, "HKDeviceSerialNumber"),
      (HKMetadataKeyUDIDeviceIdentifier, "HKUDIDeviceIdentifier"),
      (HKMetadataKeyUDIProductionIdentifier, "HKUDIProductionIdentifier"),
      (HKMetadataKeyDigitalSignature, "HKDigitalSignature"),
      (HKMetadataKeyDeviceName, "HKDeviceName"),
      (HKMetadataKeyDeviceManufacturerName, "HKDeviceManufacturerName"),
      (HKMetadataKeyDevicePlacementSide, "HKMetadataKeyDevicePlacementSide"),
      (HKMetadataKeyAppleDeviceCalibrated, "HKMetadataKeyAppleDeviceCalibrated"),
      (HKMetadataKeySyncIdentifier, "HKMetadataKeySyncIdentifier"),
      (HKMetadataKeySyncVersion, "HKMetadataKeySyncVersion"),
      (HKMetadataKeyWasTakenInLab, "HKWasTakenInLab"),
      (HKMetadataKeyReferenceRangeLowerLimit, "HKReferenceRangeLowerLimit"),
      (HKMetadataKeyReferenceRangeUpperLimit, "HKReferenceRangeUpperLimit"),
      (HKMetadataKeyBarometricPressure, "HKMetadataKeyBarometricPressure"),
      (HKMetadataKeyWeatherCondition, "HKWeatherCondition"),
      (HKMetadataKeyWeatherHumidity, "HKWeatherHumidity"),
      (HKMetadataKeyWeatherTemperature, "HKWeatherTemperature"),
      (HKMetadataKeyWorkoutBrandName, "HKWorkoutBrandName"),
      (HKMetadataKeyGroupFitness, "HKGroupFitness"),
      (HKMetadataKeyIndoorWorkout, "HKIndoorWorkout"),
      (HKMetadataKeyCoachedWorkout, "HKCoachedWorkout"),
      (HKMetadataKeyAppleFitnessPlusSession, "HKMetadataKeyAppleFitnessPlusSession"),
      (HKMetadataKeyAverageSpeed, "HKAverageSpeed"),
      (HKMetadataKeyMaximumSpeed, "HKMaximumSpeed"),
      (HKMetadataKeyAlpineSlopeGrade, "HKAlpineSlopeGrade"),
      (HKMetadataKeyElevationAscended, "HKElevationAscended"),
      (HKMetadataKeyElevationDescended, "HKElevationDescended"),
      (HKMetadataKeyFitnessMachineDuration, "HKFitnessMachineDuration"),
      (HKMetadataKeyIndoorBikeDistance, "HKIndoorBikeDistance"),
      (HKMetadataKeyCrossTrainerDistance, "HKCrossTrainerDistance"),
      (HKMetadataKeyAverageMETs, "HKAverageMETs"),
      (HKMetadataKeyLapLength, "HKLapLength"),
      (HKMetadataKeySwimmingLocationType, "HKSwimmingLocationType"),
      (HKMetadataKeySwimmingStrokeStyle, "HKSwimmingStrokeStyle"),
      (HKMetadataKeySWOLFScore, "HKSWOLFScore"),
      (HKMetadataKeyWaterSalinity, "HKMetadataKeyWaterSalinity"),
      (
        HKMetadataKeyCyclingFunctionalThresholdPowerTestType,
        "HKCyclingCyclingFunctionalThresholdPowerTestType"
      ),
      (HKMetadataKeyActivityType, "HKActivityType"),
      (HKMetadataKeyPhysicalEffortEstimationType, "HKPhysicalEffortEstimationType"),
      (HKMetadataKeyMaximumLightIntensity, "HKMetadataKeyMaximumLightIntensity"),
      (HKMetadataKeyVO2MaxTestType, "HKVO2MaxTestType"),
      (HKMetadataKeyVO2MaxValue, "HKVO2MaxValue"),
      (HKMetadataKeyLowCardioFitnessEventThreshold, "HKLowCardioFitnessEventThreshold"),
      (HKMetadataKeyHeartRateEventThreshold, "HKHeartRateEventThreshold"),
      (HKMetadataKeyHeartRateRecoveryTestType, "HKMetadataKeyHeartRateRecoveryTestType"),
      (HKMetadataKeyHeartRateRecoveryActivityType, "HKMetadataKeyHeartRateRecoveryActivityType"),
      (
        HKMetadataKeyHeartRateRecoveryActivityDuration,
        "HKMetadataKeyHeartRateRecoveryActivityDuration"
      ),
      (
        HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate,
        "HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate"
      ),
      (HKMetadataKeyUserMotionContext, "HKMetadataKeyUserMotionContext"),
      (HKMetadataKeyHeartRateMotionContext, "HKMetadataKeyHeartRateMotionContext"),
      (HKMetadataKeyBodyTemperatureSensorLocation, "HKBodyTemperatureSensorLocation"),
      (HKMetadataKeyHeartRateSensorLocation, "HKHeartRateSensorLocation"),
      (HKMetadataKeyFoodType, "HKFoodType"),
      (HKMetadataKeyAudioExposureLevel, "HKMetadataKeyAudioExposureLevel"),
      (HKMetadataKeyAudioExposureDuration, "HKMetadataKeyAudioExposureDuration"),
      (HKMetadataKeyHeadphoneGain, "HKMetadataKeyHeadphoneGain"),
      (HKMetadataKeyInsulinDeliveryReason, "HKInsulinDeliveryReason"),
      (HKMetadataKeyBloodGlucoseMealTime, "HKBloodGlucoseMealTime"),
      (HKMetadataKeySexualActivityProtectionUsed, "HKSexualActivityProtectionUsed"),
      (HKMetadataKeyMenstrualCycleStart, "HKMenstrualCycleStart"),
      (HKMetadataKeyAlgorithmVersion, "HKAlgorithmVersion"),
      (HKMetadataKeyAppleECGAlgorithmVersion, "HKMetadataKeyAppleECGAlgorithmVersion"),
      (
        HKMetadataKeyGlassesPrescriptionDescription,
        "HKMetadataKeyGlassesPrescriptionDescription"
      ),
    ]
    for (key, string) in keys { #expect(key == string) }
    #expect(keys.count == 70)
    #expect(Set(keys.map(\.0)).count == 70)  // no two keys share a string
  }

  /// A manual workout an iPhone app logs with the weather it looked up, as apps write it: the
  /// condition as an `NSNumber` of ``HKWeatherCondition``'s raw value, the humidity as a
  /// percentage; both read back from a query, and `predicateForObjects(withMetadataKey:)` finds
  /// the workout by the condition (partly cloudy, 3).
  @Test func aWorkoutsWeatherReadsBackAndIsFoundByItsKey() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var found: [HKSample] = []
    var other: [HKSample] = []
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKObjectType.workoutType()], read: [HKObjectType.workoutType()])
      let workout = HKWorkout(
        activityType: .walking, start: noon(plus: 0), end: noon(plus: 1800),
        workoutEvents: nil, totalEnergyBurned: nil, totalDistance: nil,
        metadata: [
          HKMetadataKeyWeatherCondition: NSNumber(value: HKWeatherCondition.partlyCloudy.rawValue),
          HKMetadataKeyWeatherHumidity: HKQuantity(unit: .percent(), doubleValue: 0.64),
          HKMetadataKeyCoachedWorkout: true,
        ])
      try await store.save(workout)
      try await simulation.advance(by: .seconds(1800))
      found = try await Self.workouts(
        store,
        HKQuery.predicateForObjects(
          withMetadataKey: HKMetadataKeyWeatherCondition, operatorType: .equalTo,
          value: HKWeatherCondition.partlyCloudy.rawValue))
      other = try await Self.workouts(
        store,
        HKQuery.predicateForObjects(
          withMetadataKey: HKMetadataKeyWeatherCondition, operatorType: .equalTo,
          value: HKWeatherCondition.clear.rawValue))
    }
    #expect(other.isEmpty)
    let metadata = try #require(found.first?.metadata)
    #expect(found.count == 1)
    let condition = try #require(metadata["HKWeatherCondition"] as? Int)
    #expect(HKWeatherCondition(rawValue: condition) == .partlyCloudy)
    let humidity = try #require(metadata["HKWeatherHumidity"] as? HKQuantity)
    #expect(humidity.doubleValue(for: .percent()) == 0.64)
    #expect(metadata["HKCoachedWorkout"] as? Bool == true)
  }

  /// Three water samples an app saved with its own identifiers and a serving count, found as
  /// apps find them: by external identifier among allowed values, by a number compared with
  /// `>=`, by a string compared with `<`, by a date compared with `>`, and a Boolean equal to 1.
  /// Hand-worked: "a-1" and "c-3" are allowed (2 samples); servings 1, 2, 3 `>= 2` are b and c;
  /// labels "breakfast" < "dinner" < "lunch" so `< "dinner"` is a only; logged 100, 200, 300 s
  /// after noon `> noon + 150` are b and c; only c is flagged.
  @Test func metadataValuesAreMatchedAsHealthKitMatchesThem() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var results: [String: Set<String>] = [:]
    try await simulation.run {
      let store = HKHealthStore()
      let water = HKQuantityType(.dietaryWater)
      try await store.requestAuthorization(toShare: [water], read: [water])
      let entries: [(id: String, servings: Int, label: String, logged: Double, flagged: Bool)] = [
        ("a-1", 1, "breakfast", 100, false), ("b-2", 2, "lunch", 200, false),
        ("c-3", 3, "dinner", 300, true),
      ]
      try await store.save(
        entries.map { entry in
          HKQuantitySample(
            type: water, quantity: HKQuantity(unit: .literUnit(with: .milli), doubleValue: 250),
            start: noon(plus: entry.logged), end: noon(plus: entry.logged),
            metadata: [
              HKMetadataKeyExternalUUID: entry.id, "Servings": entry.servings,
              "Label": entry.label, "LoggedAt": noon(plus: entry.logged),
              "Flagged": entry.flagged,
            ])
        })
      let predicates: [String: NSPredicate] = [
        "allowed": HKQuery.predicateForObjects(
          withMetadataKey: HKMetadataKeyExternalUUID, allowedValues: ["a-1", "c-3", "z-9"]),
        "servings": HKQuery.predicateForObjects(
          withMetadataKey: "Servings", operatorType: .greaterThanOrEqualTo, value: 2),
        "label": HKQuery.predicateForObjects(
          withMetadataKey: "Label", operatorType: .lessThan, value: "dinner"),
        "logged": HKQuery.predicateForObjects(
          withMetadataKey: "LoggedAt", operatorType: .greaterThan, value: noon(plus: 150)),
        "flagged": HKQuery.predicateForObjects(
          withMetadataKey: "Flagged", operatorType: .equalTo, value: NSNumber(value: 1)),
        "mismatch": HKQuery.predicateForObjects(
          withMetadataKey: "Servings", operatorType: .notEqualTo, value: "two"),
      ]
      for (name, predicate) in predicates {
        let found = try await Self.samples(store, of: water, predicate)
        results[name] = Set(found.compactMap { $0.metadata?[HKMetadataKeyExternalUUID] as? String })
      }
    }
    #expect(results["allowed"] == ["a-1", "c-3"])
    #expect(results["servings"] == ["b-2", "c-3"])
    #expect(results["label"] == ["a-1"])
    #expect(results["logged"] == ["b-2", "c-3"])
    #expect(results["flagged"] == ["c-3"])
    #expect(results["mismatch"] == [])
  }

  /// A value HealthKit does not take in a metadata predicate (an ``HKQuantity``) stops the
  /// process with a message naming the type, as HealthKit raises.
  @Test func aQuantityToMatchIsRefusedLoudly() async {
    await #expect(processExitsWith: .failure) {
      _ = HKQuery.predicateForObjects(
        withMetadataKey: HKMetadataKeyWeatherHumidity, operatorType: .greaterThan,
        value: HKQuantity(unit: .percent(), doubleValue: 0.5))
    }
  }

  /// An `HKSampleQuery` for workouts matching `predicate`.
  private static func workouts(_ store: HKHealthStore, _ predicate: NSPredicate) async throws
    -> [HKSample]
  {
    try await samples(store, of: HKObjectType.workoutType(), predicate)
  }

  /// An `HKSampleQuery` for samples of `type` matching `predicate`, awaited through a
  /// continuation as apps write it.
  private static func samples(
    _ store: HKHealthStore, of type: HKSampleType, _ predicate: NSPredicate
  ) async throws -> [HKSample] {
    try await withCheckedThrowingContinuation { continuation in
      store.execute(
        HKSampleQuery(
          sampleType: type, predicate: predicate,
          limit: HKObjectQueryNoLimit, sortDescriptors: nil
        ) { _, samples, error in
          if let error {
            continuation.resume(throwing: error)
          } else {
            continuation.resume(returning: samples ?? [])
          }
        })
    }
  }
}
