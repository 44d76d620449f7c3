import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// iOS 27's limited history access, asked as an app asks it before it shows "your data from
/// <date>": the simulated person grants the whole history, so no type has a limited-access
/// earliest date and both forms answer an empty dictionary (Apple: "The dictionary is empty if
/// no requested type has a limited-access earliest date").
@Suite struct HistoryAccessTests {
  @Test func fullHistoryHasNoEarliestAuthorizedDate() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var asked: [HKObjectType: Date]?
    var handed: [HKObjectType: Date]??
    try await simulation.run {
      let store = HKHealthStore()
      let types: Set<HKObjectType> = [HKQuantityType(.stepCount), HKQuantityType(.heartRate)]
      try await store.requestAuthorization(toShare: [], read: types)
      asked = try await store.earliestAuthorizedSampleDate(for: types)
      handed = try await withCheckedThrowingContinuation { continuation in
        store.getEarliestAuthorizedSampleDate(for: types) { dates, error in
          if let error {
            continuation.resume(throwing: error)
          } else {
            continuation.resume(returning: dates)
          }
        }
      }
    }
    #expect(asked == [:])
    #expect(handed == .some([:]))
  }
}
