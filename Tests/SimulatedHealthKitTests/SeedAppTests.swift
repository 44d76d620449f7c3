import Foundation
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// The watch app of the seed, as written against HealthKit (only `ObservableObject` and
/// `@Published` left out: Combine does not ship on Linux; docs/swift-api.md), including its
/// `Date()` calls, which the wall-clock rule reads as virtual now.
final class SeedWorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate {
  let healthStore = HKHealthStore()
  var workoutSession: HKWorkoutSession?
  var workoutBuilder: HKLiveWorkoutBuilder?

  func startWorkout(type: HKWorkoutActivityType) async throws {
    let config = HKWorkoutConfiguration()
    config.activityType = type
    config.locationType = .outdoor

    workoutSession = try HKWorkoutSession(
      healthStore: healthStore,
      configuration: config
    )
    workoutBuilder = workoutSession?.associatedWorkoutBuilder()
    workoutBuilder?.dataSource = HKLiveWorkoutDataSource(
      healthStore: healthStore,
      workoutConfiguration: config
    )

    workoutSession?.delegate = self
    workoutBuilder?.delegate = self

    let start = Date()
    workoutSession?.startActivity(with: start)
    try await workoutBuilder?.beginCollection(at: start)
  }

  func endWorkout() async throws {
    workoutSession?.end()
    try await workoutBuilder?.endCollection(at: Date())
    try await workoutBuilder?.finishWorkout()
  }

  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {}

  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {}

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

@Suite struct SeedAppTests {
  @Test func theSeedAppRunsTwentyMinutes() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let manager = SeedWorkoutManager()
      try await manager.startWorkout(type: .running)
      try await simulation.advance(by: .seconds(20 * 60))
      let builder = try #require(manager.workoutBuilder)
      // The seed's expected elapsed time: 20 minutes.
      #expect(builder.elapsedTime == 1200)
      let unit = HKUnit.count().unitDivided(by: .minute())
      let heartRate = builder.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()
      #expect(heartRate?.doubleValue(for: unit) == 150)
      try await manager.endWorkout()
    }
    let result = simulation.result
    #expect(result.records.map(\.duration) == [.seconds(1200)])
    // Energy: 120 spans of 10 s at 1 kcal.
    #expect(result.records.first?.totalEnergyBurned == 120)
    let leaks = result.log.compactMap { entry -> String? in
      guard case .wallClockDate(let action) = entry.kind else { return nil }
      return action
    }
    // Named by the HealthKit method the date went to (docs/run-result.md#log).
    #expect(leaks == ["startActivity", "beginCollection", "endCollection"])
  }

  @Test func strictDatesRefuseTheSeedAppsDates() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun(), options: .strictDates)
    await simulation.run {
      let manager = SeedWorkoutManager()
      await #expect(throws: HKError.self) { try await manager.startWorkout(type: .running) }
    }
    #expect(simulation.result.records.isEmpty)
    #expect(simulation.result.errors.map(\.action) == ["start", "beginCollection"])
  }
}
