// The imports of the README's test target and nothing else (its Package.swift gives the test
// target SimulatedHealthKit and SimulatedHealthKitTesting): docs/swift-api.md's explore example
// must build with them (the new-user trial's finding 8: "cannot find 'Scenario' in scope"
// without a dependency on the WorkoutScenario product). This file does not build unless
// SimulatedHealthKitTesting re-exports WorkoutScenario.
import Foundation
import SimulatedHealthKit
import SimulatedHealthKitTesting
import Testing

@Suite struct ExploreWithReadmeImportsTests {
  /// docs/swift-api.md's example (#exploring-seeded-worlds) as written, with the app's code
  /// inline: `Scenario.load(contentsOf:)`, `explore(scenario:seeds:faults:)` with `Fault.Kind`s,
  /// `FaultPlan` and `ExploreFailure` in scope. A wrist lowered and raised does not stop a
  /// running workout session (the watch keeps it alive), so both worlds save one 1200 s run;
  /// the one world of a plan read back from its line runs the same.
  @Test func theDocumentedExploreExampleBuildsWithTheReadmesImports() async throws {
    let url = try #require(Bundle.module.url(forResource: "explore-run", withExtension: "json"))
    let scenario = try Scenario.load(contentsOf: url)
    var saved = 0
    try await explore(scenario: scenario, seeds: 2, faults: [.wrist]) { simulation in
      let duration = try await twentyMinuteRun(simulation)
      try #require(duration == 1200)
      try #require(simulation.result.records.count == 1)
      saved += 1
    }
    #expect(saved == 2)
    let plan = try #require(FaultPlan("seed 0: wrist@600+40"))
    try await explore(scenario: scenario, plan: plan) { simulation in
      try #require(try await twentyMinuteRun(simulation) == 1200)
    }
    let failure: ExploreFailure? = nil
    #expect(failure == nil)
  }

  /// The app's code: a 20-minute run, ended and saved; the workout's duration, s.
  private func twentyMinuteRun(_ simulation: HealthKitSimulation) async throws -> TimeInterval {
    let store = HKHealthStore()
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: store, workoutConfiguration: configuration)
    session.startActivity(with: simulation.now)
    try await builder.beginCollection(at: simulation.now)
    try await simulation.advance(by: .seconds(1200))
    session.end()
    try await builder.endCollection(at: simulation.now)
    let workout = try #require(try await builder.finishWorkout())
    return workout.duration
  }
}
