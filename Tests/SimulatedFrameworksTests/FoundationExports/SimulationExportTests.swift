import Foundation
import Testing
import WorkoutSimTestSupport

/// Every simulated framework re-exports the simulation driver (SimulationDriver): a test that
/// imports only SimulatedUserNotifications makes a simulation, uses the framework inside its
/// `run` and moves time (UserNotificationsSimulationImport.swift): 60 s after a 60 s advance.
@Suite struct SimulationExportTests {
  @Test func aPeerAloneMakesASimulation() async throws {
    let url = packageRoot.appendingPathComponent("Scenarios/easy-walk.json")
    #expect(try await userNotificationsAloneSimulation(scenario: url) == 60)
  }
}
