import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A finished workout's samples are in the health store with it: the queries apps write after a
/// workout (its heart rate for a chart, its distance) find them.
@Suite struct WorkoutSamplesInStoreTests {
  /// `constantRun` for 600 s from noon: heart rate 150 bpm read at 0, 5, ..., 600 s (121
  /// readings, docs/scenario-format.md#sample-timing), 3.2 m/s over 60 spans of 10 s (1920 m),
  /// 1 kcal per span (60 kcal).
  @Test func theWorkoutsQueriesFindItsSamples() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      let distance = HKQuantityType(.distanceWalkingRunning)
      try await authorize(
        store, share: [HKObjectType.workoutType()],
        read: [heartRate, activeEnergy, distance, HKObjectType.workoutType()])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      session.end()
      try await builder.endCollection(at: simulation.now)
      // Before the workout is saved its samples are in the store already, as they were
      // collected (a project rule: docs/healthkit-behaviour.md#a-live-workouts-samples).
      #expect(await samples(store, simulation, heartRate).samples?.count == 121)
      let workout = try #require(try await builder.finishWorkout())
      let ofWorkout = HKQuery.predicateForObjects(from: workout)

      let readings = try #require(
        await samples(store, simulation, heartRate, predicate: ofWorkout).samples
          as? [HKQuantitySample])
      #expect(readings.count == 121)
      #expect(readings.allSatisfy { $0.quantity.doubleValue(for: bpm) == 150 })
      #expect(readings.first?.startDate == noon(plus: 0))
      #expect(readings.last?.startDate == noon(plus: 600))
      #expect(readings.allSatisfy { $0.sourceRevision.source == HKSource.default() })

      let energy = await statistics(
        store, simulation, activeEnergy, predicate: ofWorkout, options: .cumulativeSum)
      #expect(energy.statistics?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 60)
      let meters = try #require(
        await statistics(
          store, simulation, distance, predicate: ofWorkout, options: .cumulativeSum
        ).statistics?.sumQuantity()?.doubleValue(for: .meter()))
      // 60 spans of 32 m summed in floating point: 1920 to a part in 10^12.
      #expect(abs(meters - 1920) < 1920e-12)
    }
  }

  /// A discarded workout saves no workout; the samples saved as they were collected stay (the
  /// 120 / 5 + 1 = 25 readings of 0, 5, ..., 120 s: docs/healthkit-behaviour.md#a-live-workouts-samples).
  @Test func aDiscardedWorkoutLeavesItsSamplesButNoWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [HKObjectType.workoutType()], read: [heartRate, HKObjectType.workoutType()])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(120))
      session.end()
      try await builder.endCollection(at: simulation.now)
      builder.discardWorkout()
      #expect(await samples(store, simulation, heartRate).samples?.count == 25)
      #expect(await samples(store, simulation, HKObjectType.workoutType()).samples?.count == 0)
    }
  }
}
