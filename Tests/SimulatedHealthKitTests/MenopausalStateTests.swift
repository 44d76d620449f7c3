import Foundation
import Testing
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// iOS 27's menopause types (docs/healthkit-types.md#menopausal-state): `menopausalState` with
/// `HKCategoryValueMenopausalState` and its point-in-time rule, and `bleedingAfterMenopause`
/// with `HKCategoryValueVaginalBleeding`.
@Suite struct MenopausalStateTests {
  /// Apple's article orders conflicting samples "Menopause (1) > Perimenopause (2) > None (3)";
  /// the identifiers' raw values are the constants' names; the catalog names the value
  /// enumerations Apple documents.
  @Test func rawValuesAndCatalog() {
    #expect(HKCategoryValueMenopausalState.menopause.rawValue == 1)
    #expect(HKCategoryValueMenopausalState.perimenopause.rawValue == 2)
    #expect(HKCategoryValueMenopausalState.none.rawValue == 3)
    #expect(HKCategoryValueMenopausalState(rawValue: 0) == nil)
    #expect(HKCategoryValueMenopausalState.allCases.count == 3)
    #expect(
      HKCategoryTypeIdentifier.menopausalState.rawValue
        == "HKCategoryTypeIdentifierMenopausalState")
    #expect(
      HKCategoryTypeIdentifier.bleedingAfterMenopause.rawValue
        == "HKCategoryTypeIdentifierBleedingAfterMenopause")
    let state = HealthTypeCatalog.entry(named: "menopausalState")
    #expect(state?.values == "HKCategoryValueMenopausalState")
    #expect(state?.introduced == "27.0")
    let bleeding = HealthTypeCatalog.entry(named: "bleedingAfterMenopause")
    #expect(bleeding?.values == "HKCategoryValueVaginalBleeding")
    #expect(bleeding?.kind == .category)
  }

  /// Apple's article's timeline: perimenopause, then none two hours later, then menopause two
  /// hours after that, each a point in time (start == end), saved and read back in date order;
  /// the values filter by `predicateForSamples(equalTo:)`.
  @Test func pointInTimeSamplesSaveAndQuery() async throws {
    let type = HKCategoryType(.menopausalState)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [type], read: [type])
      let now = simulation.now
      let values: [(HKCategoryValueMenopausalState, TimeInterval)] = [
        (.perimenopause, -14_400), (.none, -7_200), (.menopause, 0),
      ]
      try await store.save(
        values.map { value, offset in
          let date = now.addingTimeInterval(offset)
          return HKCategorySample(type: type, value: value.rawValue, start: date, end: date)
        })
      let all = try await HKSampleQueryDescriptor(
        predicates: [.categorySample(type: type)],
        sortDescriptors: [SortDescriptor(\.startDate, order: .forward)]
      ).result(for: store)
      #expect(all.map(\.value) == [2, 3, 1])
      #expect(all.allSatisfy { $0.startDate == $0.endDate })
      let current = all.last.flatMap { HKCategoryValueMenopausalState(rawValue: $0.value) }
      #expect(current == .menopause)
      let menopause = try await HKSampleQueryDescriptor(
        predicates: [
          .categorySample(
            type: type,
            predicate: HKCategoryValueMenopausalState.predicateForSamples(equalTo: [.menopause]))
        ], sortDescriptors: []
      ).result(for: store)
      #expect(menopause.map(\.value) == [1])
    }
  }

  /// A sample whose start and end differ (one second apart) is refused with
  /// `errorInvalidArgument` and a message saying to pass the same date twice; the whole call
  /// stores nothing (the good sample beside it either).
  @Test func aSampleWithTwoDatesIsRefused() async throws {
    let type = HKCategoryType(.menopausalState)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [type], read: [type])
      let now = simulation.now
      let good = HKCategorySample(
        type: type, value: HKCategoryValueMenopausalState.none.rawValue, start: now, end: now)
      let spanning = HKCategorySample(
        type: type, value: HKCategoryValueMenopausalState.perimenopause.rawValue,
        start: now.addingTimeInterval(-1), end: now)
      do {
        try await store.save([good, spanning])
        Issue.record("saved a menopausalState sample with two dates")
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
        #expect(
          error.localizedDescription.hasPrefix("save: a menopausalState sample is a point in time"))
        #expect(error.localizedDescription.hasSuffix("(pass the same Date as start and end)"))
      }
      let stored = try await HKSampleQueryDescriptor(
        predicates: [.categorySample(type: type)], sortDescriptors: []
      ).result(for: store)
      #expect(stored.isEmpty)
    }
  }

  /// Bleeding after menopause is an interval: a light episode of 3 hours (10,800 s) saves with
  /// `HKCategoryValueVaginalBleeding.light` (2) and is read back whole.
  @Test func bleedingAfterMenopauseIsAnInterval() async throws {
    let type = HKCategoryType(.bleedingAfterMenopause)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [type], read: [type])
      let end = simulation.now
      try await store.save(
        HKCategorySample(
          type: type, value: HKCategoryValueVaginalBleeding.light.rawValue,
          start: end.addingTimeInterval(-10_800), end: end))
      let found = try await HKSampleQueryDescriptor(
        predicates: [.categorySample(type: type)], sortDescriptors: []
      ).result(for: store)
      #expect(found.map(\.value) == [2])
      #expect(found.first.map { $0.endDate.timeIntervalSince($0.startDate) } == 10_800)
    }
  }
}
