import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Synchronization
import Testing
import WorkoutSystem

/// A block a simulation's callback queues with `DispatchQueue.main.async` has no task-local
/// simulation; the frameworks' entry points find it all the same (the new-user trial 24's
/// crash: `WidgetCenter.shared` there trapped the whole test process).
@Suite("A DispatchQueue.main.async block a callback queues finds its simulation")
struct MainQueueBlockTests {
  @Test("A statistics query's handler reloads a widget from DispatchQueue.main.async")
  func widgetReloadFromAMainQueueBlock() async throws {
    let simulation = try phoneSimulation()
    let provider = ScriptedProvider(simulation) { _ in .never }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      // Past the 5-minute floor after the install's reload at 0.
      try await simulation.advance(by: .seconds(600))
      let store = HKHealthStore()
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        store.execute(
          HKStatisticsQuery(
            quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
            options: .cumulativeSum
          ) { _, _, _ in
            DispatchQueue.main.async {
              WidgetCenter.shared.reloadTimelines(ofKind: "Steps")
              done.resume()
            }
          })
      }
      await simulation.settle()
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

  @Test("A main-queue block a callback queued, run after the run returned, still finds it")
  func aBlockAfterTheRunFindsItsSimulation() async throws {
    let simulation = try phoneSimulation()
    let found = Found()
    await simulation.run {
      let store = HKHealthStore()
      store.execute(
        HKStatisticsQuery(
          quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
          options: .cumulativeSum
        ) { _, _, _ in
          DispatchQueue.main.async {
            found.value.withLock { $0 = HealthKitSimulation.inherited === simulation }
          }
        })
      await simulation.settle()
    }
    // The block runs on the main queue at some point after the handler: wait for it there.
    while found.value.withLock({ $0 }) == nil { await MainActor.run {} }
    #expect(found.value.withLock { $0 } == true)
  }
}

/// What a main-queue block found, shared with the test.
private final class Found: Sendable {
  let value = Mutex<Bool?>(nil)
}
