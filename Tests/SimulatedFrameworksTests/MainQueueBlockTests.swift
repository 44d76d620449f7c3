import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Testing
import WorkoutSystem

/// A block a simulation's callback queues with `DispatchQueue.main.async` has no task-local
/// simulation, so `WidgetCenter.shared` there traps, saying to write `Task { @MainActor in }`
/// (the new-user trial 24's crash; docs/swift-api.md#traps). What the message says works: the
/// main-actor task inherits the simulation.
@Suite("The main-queue hop a trap asks for: Task { @MainActor in } from a callback")
struct MainQueueBlockTests {
  @Test("A statistics query's handler reloads a widget from Task { @MainActor in }")
  func widgetReloadFromAMainQueueBlock() async throws {
    let simulation = try phoneSimulation()
    try await simulation.run {
      // The query's handler at 600, past the 5-minute floor after the install's reload at 0.
      try await reloadStepsWidgetFromAQueryHandler(simulation) { reload in
        Task { @MainActor in reload() }
      }
    }
    // Requested at 600 (the query's handler ran there): the install's reload at 0, then the
    // app's at 600 (600 − 0 ≥ 300, the first of the daily budget).
    #expect(
      systemLog(simulation, .widgetKit).filter { $0.event == "reloadRequested" }.map(\.at)
        == [600])
    let status = try #require(
      simulation.widgetStatus(kind: "Steps", family: WidgetFamily.systemSmall))
    #expect(status.reloads.map { $0.reason } == [WidgetReload.Reason.install, .app])
  }
}
