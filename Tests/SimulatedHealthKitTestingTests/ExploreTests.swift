import Foundation
import SimulatedHealthKit
import SimulatedHealthKitTesting
import Testing
import WorkoutScenario

/// The trait's 30-minute run with a probe at 1800 s: its timeline lets faults be drawn from 1 s
/// to 1799 s.
let exploredRun: Scenario = {
  var scenario = traitRun
  scenario.timeline = [Scenario.Action(at: .seconds(1800), kind: .probe, location: "timeline[0]")]
  return scenario
}()

/// The app under test: a 20-minute run that never recovers its session after a crash, so a
/// crash while it runs loses the workout (finishing throws).
func runTwentyMinutes(_ simulation: HealthKitSimulation) async throws {
  let (session, builder) = try await startRunning(HKHealthStore())
  try await simulation.advance(by: .seconds(1200))
  session.end()
  try await builder.endCollection(at: simulation.now)
  _ = try await builder.finishWorkout()
}

@Suite struct ExploreTests {
  @Test func wristFaultsNeverLoseTheWorkout() async throws {
    try await explore(scenario: exploredRun, seeds: 6, faults: [.wrist]) { simulation in
      try await runTwentyMinutes(simulation)
    }
  }

  @Test func aCrashIsFoundAndShrunkToTheLatestFailingSecond() async throws {
    let failure = await #expect(throws: ExploreFailure.self) {
      try await explore(scenario: exploredRun, seeds: 10, faults: [.crash, .wrist]) {
        simulation in
        try await runTwentyMinutes(simulation)
      }
    }
    let found = try #require(failure)
    // Seeds are the scenario's 1 + k; the failing world drew a crash before the body's end at
    // 1200 s. Shrinking leaves that crash alone (the wrist faults do not matter) and moves it
    // to the last second at which it still hits the running app: 1200 s, the instant the
    // body's advance reaches (a crash after it never happens in the body's world).
    #expect(found.plan.seed == 1 + UInt64(found.passedBefore))
    #expect(found.plan.faults.contains { $0.kind == .crash && $0.at <= .seconds(1200) })
    #expect(found.shrunk.faults.count == 1)
    #expect(found.shrunk.faults.first?.kind == .crash)
    #expect(found.shrunk.faults.first?.at == .seconds(1200))
    #expect(found.reproduction.contains("FaultPlan(\"seed \(found.plan.seed): crash@1200+"))
    // The reproduction's plan, read back, fails again in one world.
    let replay = try #require(FaultPlan(found.shrunk.description))
    #expect(replay == found.shrunk)
    await #expect(throws: ExploreFailure.self) {
      try await explore(scenario: exploredRun, plan: replay) { simulation in
        try await runTwentyMinutes(simulation)
      }
    }
  }
}
