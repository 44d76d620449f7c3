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

  /// Review of attrib26: a block test A queued on the main queue, which the main queue reaches
  /// only after A's body has returned, runs inside A's run (`run` waits for the main queue
  /// before A leaves the running set), never in test B's, which runs next, alone. The first
  /// block holds the main queue 0.3 s of real time, as a loaded main thread would, so that
  /// without the wait the reload would come while B runs (attributed to B) or after it (a trap):
  /// the wait, not the 0.3 s, is what the test checks. A: install at 0, advance to 600 (past the
  /// 5-minute floor, 600 − 0 ≥ 300), the block's reload at 600; B: install at 0, advance to 600,
  /// no reload of the app's and no attribution.
  @Test func aMainQueueBlockQueuedInARunRunsInsideIt() async {
    await #expect(processExitsWith: .success) {
      let first = try phoneSimulation()
      let second = try phoneSimulation()
      try await first.run {
        await first.installWidget(
          kind: "Steps", family: WidgetFamily.systemSmall,
          provider: ScriptedProvider(first) { _ in .never })
        try await first.advance(by: .seconds(600))
        DispatchQueue.main.async { Thread.sleep(forTimeInterval: 0.3) }
        DispatchQueue.main.async { WidgetCenter.shared.reloadTimelines(ofKind: "Steps") }
      }
      try await second.run {
        await second.installWidget(
          kind: "Steps", family: WidgetFamily.systemSmall,
          provider: ScriptedProvider(second) { _ in .never })
        try await second.advance(by: .seconds(600))
      }
      func lines(_ simulation: HealthKitSimulation) -> [String] {
        systemLog(simulation, .simulation).map { "\($0.event) \($0.identifier) \(Int($0.at))" }
          + systemLog(simulation, .widgetKit).filter { $0.event == "reloadRequested" }.map {
            "reloadRequested \(Int($0.at))"
          }
      }
      guard
        lines(first) == ["attributed WidgetCenter.shared 600", "reloadRequested 600"],
        lines(second).isEmpty
      else { fatalError("first: \(lines(first)); second: \(lines(second))") }
    }
  }

  /// Once two simulations' runs were in progress at once in the process (here one inside the
  /// other's, as tests in parallel do), a call outside every task tree is attributed to none,
  /// even with one run in progress: it traps, saying why and what to write.
  @Test func afterTwoRanAtOnceACallOutsideTheTaskTreeTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let first = try phoneSimulation()
      let second = try phoneSimulation()
      await first.run { await second.run {} }
      await first.run {
        _ = await Task.detached { WidgetCenter.shared }.value
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("WidgetCenter.shared was called outside a simulation's task tree"))
    #expect(
      text.contains(
        "several simulations' runs were in progress at once earlier in this process (tests in parallel)"
      ))
    #expect(text.contains("write Task { } (it inherits it) instead of Task.detached"))
  }

  /// A call that runs after its run returned, with no run in progress, traps saying that it
  /// came after the run and what to write, not only "outside a simulation".
  @Test func aCallAfterTheRunWithNoneRunningSaysItCameAfterTheRun() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let simulation = try phoneSimulation()
      await simulation.run {}
      _ = await Task.detached { WidgetCenter.shared }.value
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "WidgetCenter.shared was called outside a simulation: no simulation's run is in progress in this process, though runs were before"
      ))
    #expect(text.contains("it ran after that run had returned"))
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
