import Foundation
import SimulatedHealthKit
import SimulatedWatchConnectivity
import SimulatedWidgetKit
import Testing
import WorkoutSystem

/// A framework entry point called where no task-local simulation is (a `DispatchQueue.main`
/// block, `Task.detached`) is attributed to the one simulation whose `run` is in progress in
/// the process, and logged so; with several running it still traps (docs/swift-api.md#traps).
/// Each runs in a process of its own (an exit test): in this one, tests run in parallel, so
/// several simulations usually run at once.
@Suite("One simulation running: an entry point outside its task tree is attributed to it")
struct OnlyRunningSimulationTests {
  /// The trial's pattern: a statistics query's handler reloads a widget from a
  /// `DispatchQueue.main.async` block. The block runs at the handler's instant (600: the
  /// query is executed there and the run waits for the block), so the reload is requested at
  /// 600, after the install's at 0 (600 − 0 ≥ 300, the 5-minute floor).
  @Test func aMainQueueBlockIsAttributedToTheOnlyRunningSimulation() async {
    await #expect(processExitsWith: .success) {
      let simulation = try phoneSimulation()
      try await simulation.run {
        try await reloadStepsWidgetFromAQueryHandler(simulation) { reload in
          DispatchQueue.main.async { reload() }
        }
      }
      let attributed = systemLog(simulation, .simulation)
      guard
        attributed.map({ "\($0.event) \($0.identifier) \(Int($0.at))" }) == [
          "attributed WidgetCenter.shared 600"
        ],
        attributed.first?.details["queue"] == SystemEvent.Value.string("main"),
        systemLog(simulation, .widgetKit).filter({ $0.event == "reloadRequested" }).map(\.at)
          == [600]
      else { fatalError("not attributed: \(attributed)") }
    }
  }

  /// `Task.detached` loses the task-local simulation as a Dispatch block does: with one run in
  /// progress the call is that run's (at t = 0, logged with queue `other`).
  @Test func aDetachedTaskIsAttributedToTheOnlyRunningSimulation() async {
    await #expect(processExitsWith: .success) {
      let simulation = try phoneSimulation()
      await simulation.run {
        await simulation.installWidget(kind: "Steps", family: WidgetFamily.systemSmall)
        await Task.detached { WidgetCenter.shared.reloadTimelines(ofKind: "Steps") }.value
      }
      let attributed = systemLog(simulation, .simulation)
      guard
        attributed.map({ "\($0.event) \($0.identifier) \(Int($0.at))" }) == [
          "attributed WidgetCenter.shared 0"
        ],
        attributed.first?.details["queue"] == SystemEvent.Value.string("other"),
        attributed.first?.details["device"] == SystemEvent.Value.string("watch")
      else { fatalError("not attributed: \(attributed)") }
    }
  }

  /// Two simulations running (one's run inside the other's): which one the call meant cannot
  /// be told, so it traps, naming the count and the rule.
  @Test func twoRunningSimulationsStillTrap() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let first = try phoneSimulation()
      let second = try phoneSimulation()
      await first.run {
        await second.run {
          _ = await Task.detached { WidgetCenter.shared }.value
        }
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("WidgetCenter.shared was called outside a simulation's task tree"))
    #expect(text.contains("2 simulations' runs are in progress in this process"))
    #expect(text.contains("with exactly one running, the call would be attributed to it"))
  }

  /// Phone code's `DispatchQueue.main.async { WCSession.default }` in a simulation that runs
  /// phone code: the block loses the device with the simulation, so the session cannot be
  /// told apart from the watch's: it traps with the advice rather than give the watch's.
  @Test func aDeviceDependentCallInASimulationWithPhoneCodeTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let simulation = try phoneSimulation()
      await simulation.run {
        await simulation.on(.phone) {
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
              _ = WCSession.default
              done.resume()
            }
          }
        }
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "WCSession.default was called on the main queue outside the simulation's task tree"))
    #expect(text.contains("it runs code of both devices (simulation.on(.phone) was used)"))
    #expect(
      text.contains("write Task { @MainActor in ... } (it keeps the simulation and the device)"))
  }
}
