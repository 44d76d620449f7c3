// `register(forTaskWithIdentifier:using: .main)` from a `@MainActor` type (new-user trial 25,
// finding 1): Apple runs the launch handler on the queue given, so its closure, main-actor
// isolated by where it is written, runs isolated. The day starts 2026-01-05 08:00 UTC (t = 0).
import Foundation
import SimulatedBackgroundTasks
import SimulatedHealthKit
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

/// An app's refresh code written the usual way: a `@MainActor` class whose launch and
/// expiration handlers touch its state (Swift 6 checks on entry that they run on the main
/// actor, and traps otherwise).
@MainActor private final class MainActorRefresher {
  var launches: [Double] = []
  var expirations: [Double] = []
  /// Whether each handler call ran on the main thread (the main queue's).
  var onMainThread: [Bool] = []
  let simulation: HealthKitSimulation

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  var seconds: Double { simulation.now.timeIntervalSince(simulation.startDate) }

  func register() {
    BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: .main) { task in
      self.onMainThread.append(Thread.isMainThread)
      self.launches.append(self.seconds)
      task.expirationHandler = {
        self.onMainThread.append(Thread.isMainThread)
        self.expirations.append(self.seconds)
        task.setTaskCompleted(success: false)
      }
      // The work goes on past the launch handler: not completed here.
    }
  }
}

@Suite("BackgroundTasks: a handler registered with DispatchQueue.main runs on the main actor")
struct BackgroundTaskMainQueueTests {
  /// Submitted at 08:00 without a date: launched at the next quarter hour, 08:15 (t = 900), in
  /// the `taskExpiry` span 800–1000 s, so it expires as soon as the launch handler has returned:
  /// at 900 s too, its expiration handler (set by the launch handler, so called after it) on
  /// the main actor as well. The test runs on the main actor, as the trial's: before, the
  /// launch handler trapped in `_dispatch_assert_queue_fail` in the callback lane.
  @MainActor @Test func mainQueueLaunchAndExpirationHandlersRunOnTheMainActor() async throws {
    var phone = Scenario.Phone()
    phone.taskExpiry = [SimulationInstant.seconds(800)..<SimulationInstant.seconds(1000)]
    let simulation = try phoneSimulation(phone: phone, start: "2026-01-05T08:00:00Z")
    let refresher = MainActorRefresher(simulation)
    try await simulation.run {
      refresher.register()
      try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
      try await simulation.advance(by: .seconds(1000))
    }
    #expect(refresher.launches == [900])
    #expect(refresher.expirations == [900])
    // Both handler calls made (Thread.isMainThread is false for main-actor jobs in this test
    // process on Linux, with or without the change, so it cannot tell the two apart).
    #expect(refresher.onMainThread.count == 2)
    let log = systemLog(simulation, .backgroundTasks).filter { $0.event != "submitted" }
    #expect(log.map { "\($0.event)@\(Int($0.at))" } == ["launched@900", "expired@900"])
    #expect(log.last?.details["handler"] == SystemEvent.Value.bool(true))
  }
}
