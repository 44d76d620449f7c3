import Dispatch
import Foundation
import SimulatedHealthKit
import Synchronization
import Testing

/// What the main-queue chain of ``EndOfRunDrainTests/theEndOfRunWaitIsNotTheAppsWait()`` saw.
private final class ChainLog: Sendable {
  /// Links that found the simulation's run in progress and the stall watch's question
  /// answered "the app does not wait" (`appWaitMark == nil`).
  let notWaitingWhileRunning = Atomic<Int>(0)
  /// Links run so far.
  let links = Atomic<Int>(0)
  /// Set by the test once the run has returned: the chain ends.
  let stop = Atomic<Bool>(false)
}

/// Queues one link of a chain of main-queue blocks, each of which asks the stall watch's
/// question of `simulation` and queues the next, until `log.stop`; `done` is signalled by the
/// last.
private func queueLink(
  _ simulation: HealthKitSimulation, _ log: ChainLog, _ done: DispatchSemaphore
) {
  DispatchQueue.main.async {
    log.links.add(1, ordering: .relaxed)
    // The mark first, then the run count: a run that was over at the mark is over at the count
    // (runs only end here), so a count of 1 means the mark was read while the run was on.
    let mark = simulation.appWaitMark
    let running = simulation.state.withLock { $0.runs } == 1
    if mark == nil, running { log.notWaitingWhileRunning.add(1, ordering: .relaxed) }
    if log.stop.load(ordering: .acquiring) {
      done.signal()
    } else {
      queueLink(simulation, log, done)
    }
  }
}

/// Review of attrib27, item 1: the end of the outermost `run`, which waits for what the app
/// queued on the main queue (docs/swift-api.md#traps), is the simulation's wait, not the app's:
/// the stall watch does not count it (a stall there would make `run` throw `StallError` for a
/// body that had returned); and when it gives up, it says so (a `notDelivered` warning).
@Suite("The end of run's wait for the main queue")
struct EndOfRunDrainTests {
  /// A chain of main-queue blocks queued in the body, each queuing the next: the end-of-run
  /// wait queues its first item behind the link pending then, and that link queues the next
  /// before the item runs, so the next runs after the first item and before the second (queued
  /// only once the first has run): while the run is waiting for the main queue. There the stall
  /// watch's question (`appWaitMark`) says the app does not wait. Without the mark, it says the
  /// app waits (one run, no advance stepping, nothing on the lane): no link would count. No
  /// real-time wait: the chain stops when the run has returned.
  @Test func theEndOfRunWaitIsNotTheAppsWait() async throws {
    let simulation = try phoneSimulation()
    let log = ChainLog()
    let done = DispatchSemaphore(value: 0)
    await simulation.run { queueLink(simulation, log, done) }
    log.stop.store(true, ordering: .releasing)
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        done.wait()
        ended.resume()
      }
    }
    #expect(log.notWaitingWhileRunning.load(ordering: .relaxed) >= 1)
    #expect(simulation.reports.isEmpty)
  }

  /// A block that holds the main queue until the run has returned (a semaphore's wait on the
  /// main thread): the end-of-run wait, shortened to 300 ms, gives up; the run returns its
  /// body's value, 7 (no `StallError`), and one `notDelivered` warning at t = 0 (no advance),
  /// framework `simulation`, call `DispatchQueue.main.async`, says what happened and what to
  /// write. In a process of its own: the main queue is held there, not in the other tests'.
  @Test func aMainQueueHeldPastTheRunIsReported() async {
    await #expect(processExitsWith: .success) {
      let simulation = try phoneSimulation()
      simulation.endOfRunMainQueueWait = .milliseconds(300)
      let gate = DispatchSemaphore(value: 0)
      let answer = await simulation.run {
        DispatchQueue.main.async { gate.wait() }
        return 7
      }
      gate.signal()
      let reports = simulation.reports.map {
        "\($0.kind) \($0.framework) \($0.call) \($0.seconds)"
      }
      let message = simulation.reports.first?.message ?? ""
      guard
        answer == 7,
        reports == ["notDelivered simulation DispatchQueue.main.async 0.0"],
        message.hasPrefix(
          "run(_:) waited 300 ms of wall-clock time for the main queue before returning, and the main queue ran nothing in that time"
        ),
        message.contains(
          "don't block the main thread (await the result instead of waiting for it), and queue main-thread work with Task { @MainActor in ... } inside the run"
        )
      else { fatalError("answer \(answer), reports \(reports): \(message)") }
    }
  }
}
