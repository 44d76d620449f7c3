import Foundation
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// Builder calls beyond the basic run: events, discarding, the session-event option, the store.
@Suite struct BuilderTests {
  /// A running session with collection begun at `t = 0`, and its builder.
  func started(_ store: HKHealthStore, simulation: HealthKitSimulation) async throws -> (
    HKWorkoutSession, HKLiveWorkoutBuilder
  ) {
    try await startedRun(store, simulation)
  }

  @Test func addedEventsAreInTheBuilderAndTheWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      let (session, builder) = try await started(store, simulation: simulation)
      builder.delegate = recorder
      try await simulation.advance(by: .seconds(100))
      let lap = HKWorkoutEvent(
        type: .lap, dateInterval: DateInterval(start: noon(plus: 90), duration: 0),
        metadata: nil)
      try await builder.addWorkoutEvents([lap])
      #expect(builder.workoutEvents.map(\.type) == [.lap])
      #expect(builder.workoutEvents.first?.dateInterval.start == noon(plus: 90))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.workoutEvents?.map(\.type) == [.lap])
      // The finished workout is in the store.
      #expect(store.savedObjects.count == 1)
      #expect(store.savedObjects.first === workout)
    }
    #expect(recorder.builderEvents.withLock { $0 } == 1)
    // A lap is the app's event: the session generates none.
    #expect(recorder.events.withLock { $0 }.isEmpty)
  }

  @Test func aDiscardedWorkoutSavesNothing() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (session, builder) = try await started(HKHealthStore(), simulation: simulation)
      try await simulation.advance(by: .seconds(30))
      builder.discardWorkout()
      session.end()
      await #expect(
        throws: HKError(
          .errorInvalidArgument, "Unable to end a workout that is not currently active.")
      ) {
        try await builder.endCollection(at: simulation.now)
      }
      await #expect(
        throws: HKError(
          .errorInvalidArgument, "Unable to finish a workout that is not currently ended.")
      ) {
        try await builder.finishWorkout()
      }
    }
    #expect(simulation.result.records.isEmpty)
  }

  @Test func withoutSessionEventsAPauseDoesNotStopTheClock() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(
        healthStore: HKHealthStore(), configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      #expect(builder.shouldCollectWorkoutEvents)
      builder.shouldCollectWorkoutEvents = false
      #expect(!builder.shouldCollectWorkoutEvents)
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      session.pause()
      try await simulation.advance(by: .seconds(30))
      // No pause event in the builder: 90 s, pause included (HealthKit's elapsed-time rule
      // counts only the builder's events).
      #expect(builder.workoutEvents.isEmpty)
      #expect(builder.elapsedTime == 90)
      // Once collection began, the option is fixed.
      builder.shouldCollectWorkoutEvents = true
      #expect(!builder.shouldCollectWorkoutEvents)
    }
  }
}
