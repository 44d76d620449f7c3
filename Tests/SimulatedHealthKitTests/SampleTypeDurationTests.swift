import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// `HKSampleType`'s duration limits (docs/healthkit-types.md#sample-duration-limits): Apple
/// publishes no figure, so no type is restricted, reading a limit traps as Apple's exception
/// does, and `save` takes a sample of any duration.
@Suite struct SampleTypeDurationTests {
  /// One type of each sample kind an app asks about.
  static let types: [HKSampleType] = [
    HKQuantityType(.heartRate), HKQuantityType(.stepCount), HKQuantityType(.headphoneAudioExposure),
    HKCategoryType(.sleepAnalysis), HKCategoryType(.headphoneAudioExposureEvent),
    HKCorrelationType(.bloodPressure), HKObjectType.workoutType(),
  ]

  @Test func noTypeIsRestricted() {
    for type in Self.types {
      #expect(!type.isMaximumDurationRestricted, "\(type.identifier)")
      #expect(!type.isMinimumDurationRestricted, "\(type.identifier)")
    }
  }

  /// `allowsRecalibrationForEstimates`: `true` for the one type Apple names,
  /// `sixMinuteWalkTestDistance`, `false` for the others (a project rule:
  /// docs/healthkit-types.md#estimate-recalibration).
  @Test func onlyTheSixMinuteWalkRecalibrates() {
    #expect(HKQuantityType(.sixMinuteWalkTestDistance).allowsRecalibrationForEstimates)
    for type in Self.types {
      #expect(!type.allowsRecalibrationForEstimates, "\(type.identifier)")
    }
  }

  /// The trap's text names the property, the type and the check to write first.
  @Test func theTrapSaysWhatToCheckFirst() {
    #expect(
      HKSampleType.trapMessage(
        "maximumAllowedDuration", "isMaximumDurationRestricted",
        "HKQuantityTypeIdentifierHeartRate")
        == "HKSampleType: maximumAllowedDuration read for HKQuantityTypeIdentifierHeartRate, "
        + "whose isMaximumDurationRestricted is false here (the simulation restricts no type: "
        + "Apple publishes no limits, so a type a device restricts is unrestricted here, and "
        + "HealthKit raises an exception for an unrestricted one): read it only when "
        + "isMaximumDurationRestricted is true, e.g. "
        + "`if type.isMaximumDurationRestricted { ... type.maximumAllowedDuration ... }`")
  }

  /// Apple: the limit "throws an exception if" the type is not restricted.
  @Test func readingALimitOfAnUnrestrictedTypeTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = HKQuantityType(.heartRate).maximumAllowedDuration
    }
    await #expect(processExitsWith: .failure) {
      _ = HKCategoryType(.sleepAnalysis).minimumAllowedDuration
    }
  }

  /// A sleep sample of 8 days (8 × 86,400 s = 691,200 s) is saved and read back whole: the
  /// simulated store enforces no duration limit.
  @Test func aLongSampleIsSaved() async throws {
    let sleep = HKCategoryType(.sleepAnalysis)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [sleep], read: [sleep])
      let end = simulation.now
      let start = end.addingTimeInterval(-691_200)
      let sample = HKCategorySample(
        type: sleep, value: HKCategoryValueSleepAnalysis.inBed.rawValue, start: start, end: end)
      try await store.save(sample)
      let found = try await HKSampleQueryDescriptor(
        predicates: [.categorySample(type: sleep)], sortDescriptors: []
      ).result(for: store)
      #expect(found.count == 1)
      #expect(found.first?.endDate.timeIntervalSince(found.first!.startDate) == 691_200)
    }
  }
}
