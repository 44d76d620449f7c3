import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// The Swift door of a swim: the watch records lengths and sets into the app's builder, and
/// the saved workout has them, as the command line's record does.
@Suite struct SwimmingTests {
  @Test func aPoolSwimOf40LengthsReachesTheAppsBuilderAsTheCommandLinesRecord() async throws {
    // Scenarios/swim-pool.json: 40 lengths of 25 m in four sets, 1290 s, 1000 m.
    let scenario = try bundledScenario("swim-pool.json")
    let cli = try #require(try Simulation.run(scenario).records.first)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let recorder = Recorder(simulation)
    var workout: HKWorkout?
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .swimming
      configuration.locationType = .indoor
      configuration.swimmingLocationType = .pool
      configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      builder.delegate = recorder
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(1290))
      session.end()
      try await builder.endCollection(at: simulation.now)
      workout = try await builder.finishWorkout()
    }
    let saved = try #require(workout)
    let laps = (saved.workoutEvents ?? []).filter { $0.type == .lap }
    #expect(laps.count == 40)
    #expect((saved.workoutEvents ?? []).filter { $0.type == .segment }.count == 4)
    // Each length lasts 25 / (100 / 120) = 30 s and carries freestyle (2).
    #expect(laps.allSatisfy { $0.dateInterval.duration == 30 })
    #expect(
      laps.allSatisfy {
        ($0.metadata?[HKMetadataKeySwimmingStrokeStyle] as? NSNumber)?.intValue
          == HKSwimmingStrokeStyle.freestyle.rawValue
      })
    // 50 events reached the delegate (workoutBuilderDidCollectEvent), none of them the app's:
    // 40 laps, 4 segments, and a pause and a resume for each of the 3 rests.
    #expect(recorder.builderEvents.withLock { $0 } == 50)
    #expect((saved.workoutEvents ?? []).filter { $0.type == .pause }.count == 3)
    // The rests are paused: 1290 s from start to end, 1200 s of swimming.
    #expect(saved.duration == 1200)
    let distance = try #require(
      saved.statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity())
    #expect(abs(distance.doubleValue(for: .meter()) - 1000) < 1e-9)
    let strokes = try #require(
      saved.statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity())
    #expect(abs(strokes.doubleValue(for: .count()) - 1000 / 1.3) < 1e-9)
    // The same events as the command line's record.
    #expect(laps.count == cli.events.filter { $0.type == .lap }.count)
  }
}
