import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit

/// The hooks the other simulated frameworks join a simulation through: a system timer stops
/// `advance` at its instant and logs there, and a hold keeps virtual time until it ends.
@Suite struct SystemHooksTests {
  /// A timer due every 600 s from t = 0 that logs a `system` entry each time it fires.
  struct EveryTenMinutes: SystemTimer {
    func nextDue(after now: SimulationInstant, state: HealthKitSimulation.State)
      -> SimulationInstant?
    {
      let next = (now.nanoseconds / 600_000_000_000 + 1) * 600_000_000_000
      return SimulationInstant(nanoseconds: next)
    }
    func fire(at now: SimulationInstant, state: inout HealthKitSimulation.State)
      -> [HealthKitSimulation.Callback]
    {
      state.log(SystemEvent(framework: .network, event: "tick", identifier: "test"))
      return []
    }
  }

  @Test func aTimerFiresAtItsInstants() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "hooks"))
    simulation.addSystemTimer(key: ObjectIdentifier(EveryTenMinutes.self), EveryTenMinutes())
    try await simulation.advance(by: .seconds(1800))
    let ticks = simulation.result.log.compactMap { entry -> Double? in
      if case .system(let event) = entry.kind, event.event == "tick" { return entry.at.seconds }
      return nil
    }
    // 600, 1200 and 1800 s: three instants in (0, 1800].
    #expect(ticks == [600, 1200, 1800])
  }

  @Test func aHoldKeepsTimeUntilItEnds() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "hooks"))
    // The end comes from a detached task, which a loaded machine may keep waiting for a thread.
    simulation.appWorkGrace = .seconds(600)
    let hold = simulation.beginHold(framework: "Test", call: "the test's hold", device: .watch)
    let released = Task.detached {
      // The hold ends once `advance` waits for it (no guessed delay); an `advance` that did
      // not wait would move time on, which ends the wait too and fails the test below.
      await waitUntil {
        simulation.state.withLock { $0.holdWaits > 0 } || simulation.now != simulation.startDate
      }
      // Virtual time has not moved while the hold was open.
      let seconds = simulation.now.timeIntervalSince(simulation.startDate)
      simulation.endHold(hold)
      return seconds
    }
    try await simulation.advance(by: .seconds(60))
    #expect(await released.value == 0)
    #expect(simulation.now.timeIntervalSince(simulation.startDate) == 60)
  }
}
