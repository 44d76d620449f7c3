// The worked example of docs/explore.md: `explore` runs RunManager through seeded worlds with
// crashes, wrist, phone and sensor faults, finds the forgotten builder, and shrinks the world
// to the one fault that matters (Examples/RecoveryApp/README.md shows a run's output).
//
// The invariant is the app's: one run, exactly one workout saved. The bug loses the workout
// whenever the app is relaunched for recovery (a `crash-recover` fault) while the run is on,
// and nothing else does. Every fault is drawn to end by 1199 s, one second before the end
// at 20:00 (docs/explore.md#drawing-a-world), so the first failing world is the first whose
// drawn plan holds a `crash-recover`. Shrinking removes every other fault (the rest pass
// alone) and then moves the crash as late as it can go: its relaunch at 1199 s, the latest
// end a fault may have, still loses the run, so the first move (all the room it has) is kept
// and the shrunk world is `crash-recover@(1199 − d)+d` for the drawn delay d.
import Foundation
import SimulatedHealthKitTesting
import Testing
import WorkoutCore
import WorkoutExplore
import WorkoutScenario

@testable import RecoveryAppExample

#if os(watchOS)
  import HealthKit
  import WatchKit
#else
  import SimulatedHealthKit
  import SimulatedWatchKit
#endif

/// The recovery run's scenario file, found from this source file.
private let recoveryRunURL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("RecoveryApp/Scenarios/recovery-run.json")

/// The app saved other than exactly one workout for its one run.
struct WorkoutsSaved: Error, CustomStringConvertible {
  var count: Int
  var description: String { "the run saved \(count) workouts, not 1" }
}

@MainActor @Suite struct RecoveryExploreTests {
  /// The faults the example explores: everything a watch run meets except a relaunch without
  /// the recovery call (`crash`), which loses any app's workout.
  static let faults: [Fault.Kind] = [.crashRecover, .wrist, .phoneAway, .sensorDropout]
  /// How many worlds the search runs.
  static let seeds = 20
  /// How many worlds the fixed manager passes: the search's 20, or `WORKOUT_SIM_EXPLORE_SEEDS`
  /// when set (`scripts/explore-long.sh`).
  static let fixedSeeds =
    ProcessInfo.processInfo.environment["WORKOUT_SIM_EXPLORE_SEEDS"].flatMap { Int($0) } ?? seeds

  /// One run in the world of `simulation`: the app is launched, starts a run, the run goes
  /// 20 minutes (crashes and relaunches included), the live process's manager ends it; exactly
  /// one workout must be saved.
  static func runOnce(_ simulation: HealthKitSimulation, _ recovery: Recovery) async throws {
    simulation.launchWatchApp { RunAppDelegate(recovery: recovery) }
    func manager() throws -> RunManager {
      try #require(WKApplication.shared().delegate as? RunAppDelegate).manager
    }
    try await manager().start()
    try await simulation.advance(by: .seconds(1200))
    try await manager().end()
    let saved = simulation.result.records.count
    if saved != 1 { throw WorkoutsSaved(count: saved) }
  }

  @Test func exploreFindsTheForgottenBuilderAndShrinksToOneCrash() async throws {
    let scenario = try Scenario.load(contentsOf: recoveryRunURL)
    let plans = FaultPlan.worlds(seeds: 0..<Self.seeds, faults: Self.faults, scenario: scenario)
    let firstWithRecovery = try #require(
      plans.firstIndex { $0.faults.contains { $0.kind == .crashRecover } })
    let failure = await #expect(throws: ExploreFailure.self) {
      try await explore(scenario: scenario, seeds: Self.seeds, faults: Self.faults) {
        try await Self.runOnce($0, .sessionOnly)
      }
    }
    let found = try #require(failure)
    #expect(found.passedBefore == firstWithRecovery)
    #expect(found.plan == plans[firstWithRecovery])
    #expect(found.error == "the run saved 0 workouts, not 1")
    let drawn = try #require(found.plan.faults.first { $0.kind == .crashRecover })
    let delay = drawn.duration.components.seconds
    #expect(
      found.shrunk.faults == [
        Fault(.crashRecover, at: .seconds(1199 - delay), duration: .seconds(delay))
      ])
  }

  @Test func theFixedManagerPassesTheSameWorlds() async throws {
    let scenario = try Scenario.load(contentsOf: recoveryRunURL)
    let plans = FaultPlan.worlds(seeds: 0..<Self.seeds, faults: Self.faults, scenario: scenario)
    // The worlds relaunch the app for recovery: the pass means something.
    #expect(plans.contains { $0.faults.contains { $0.kind == .crashRecover } })
    try await explore(scenario: scenario, seeds: Self.fixedSeeds, faults: Self.faults) {
      try await Self.runOnce($0, .sessionAndBuilder)
    }
  }

  @Test func theShrunkWorldFailsAgainFromItsOneLine() async throws {
    let scenario = try Scenario.load(contentsOf: recoveryRunURL)
    // A relaunch for recovery at 1199 s, 30 s after the crash at 1169 s.
    let plan = try #require(FaultPlan("seed 11: crash-recover@1169+30"))
    await #expect(throws: ExploreFailure.self) {
      try await explore(scenario: scenario, plan: plan) { try await Self.runOnce($0, .sessionOnly) }
    }
    try await explore(scenario: scenario, plan: plan) {
      try await Self.runOnce($0, .sessionAndBuilder)
    }
  }
}
