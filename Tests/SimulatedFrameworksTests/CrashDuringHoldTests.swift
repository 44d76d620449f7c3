// A crash while `advance` waits on a hold (review 29): the crash of the device whose app owes the
// answer ends the wait in the crash's own step, at its instant; the other device's crash leaves
// it open (docs/swift-api.md#crash-and-recovery). The day starts 2026-01-05 08:00 UTC (t = 0).
import Foundation
import SimulatedBackgroundTasks
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

@testable import SimulatedHealthKit

@Suite("A crash during a hold", .timeLimit(.minutes(3)))
struct CrashDuringHoldTests {
  /// A refresh submitted at 0 launches at 08:15 (t = 900); its handler never calls
  /// `setTaskCompleted`, so the system waits for it at 900 (a hold of the phone app's: the
  /// iPhone app's code owes the answer). The handler signals a task of the test's, which waits
  /// on that signal (not spinning on the simulation's lane, which would keep the lane from ever
  /// being quiet before 900) and then crashes the phone app through the public `crash(_:)`
  /// while `advance` waits on the hold: right after the crash's own step no hold is open. (The
  /// watch app's crash leaving such a hold open is `DeviceCrashHoldTests`'; here it would put
  /// its delivery, main-actor turns shared with every test of the process, before the phone's
  /// crash.) The grace is 120 s of wall-clock time, inside the time limit: a wait the crash
  /// left open would end as a `holdExpired` report, which `advance` throws. So: the task is `dropped`
  /// (reason `appCrashed`) at 900, not `expired` at its end of time 930; its expiration handler
  /// is not called; the hold is logged `holdEnded` in the phone's log at 900; no `holdExpired`;
  /// and `advance` reaches 1800.
  @Test("The phone app's crash ends the wait for its running task at once")
  func thePhonesCrashEndsTheWaitForItsTask() async throws {
    let simulation = try phoneSimulation(start: "2026-01-05T08:00:00Z")
    simulation.appWorkGrace = .seconds(120)
    let recorder = LaunchRecorder()
    let kept = Mutex<[BGTask]>([])
    let (launched, signal) = AsyncStream.makeStream(of: Void.self)
    try await simulation.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
        recorder.record(simulation, task, handler: "never completes")
        task.expirationHandler = { recorder.expired(simulation) }
        kept.withLock { $0.append(task) }
        signal.yield()
        signal.finish()
      }
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      let crash = Task.detached { () -> Int in
        for await _ in launched {}
        await simulation.crash(.phone)
        return simulation.state.withLock { $0.holds.count }
      }
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1800))
      #expect(await crash.value == 0)
      #expect(simulation.now.timeIntervalSince(simulation.startDate) == 1800)
    }
    #expect(recorder.launchSeconds == [900])
    #expect(recorder.expirations.isEmpty)
    let log = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(log.map { "\($0.event)@\(Int($0.at))" } == ["launched@900", "dropped@900"])
    #expect(log.last?.details["reason"] == SystemEvent.Value.string("appCrashed"))
    let ended = simulation.result.log.compactMap { entry -> String? in
      guard case .system(let event) = entry.kind, event.event == "holdEnded" else { return nil }
      return "\(entry.device) \(event.identifier)@\(Int(entry.at.seconds))"
    }
    #expect(ended == ["phone the launch handler of refresh@900"])
    #expect(simulation.reports.filter { $0.kind == .holdExpired }.isEmpty)
  }
}
