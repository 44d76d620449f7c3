import Foundation
import SimulatedBackgroundTasks
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedNetwork
import SimulatedUserNotifications
import SimulatedWatchConnectivity
import SimulatedWatchKit
import SimulatedWidgetKit
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

/// The peers of SimulatedHealthKit awaited the way apps write it (issue 24, item 1; HealthKit's
/// are `AppPatternsTests` and `QueryContinuationTests`): a continuation around a completion
/// handler, a continuation resumed from a delegate call, an `AsyncStream` fed by an update
/// handler, each awaited inside `run` before any `advance` and with no `settle()`. What a
/// framework owes the app at virtual now is delivered on the simulation's lane by itself.
@Suite struct FrameworkPatternsTests {
  @Test func notificationCompletionHandlersThroughContinuations() async throws {
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-23T08:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      // No `authorization.notifications` answer in the scenario: the prompt grants.
      let granted: Bool = try await withCheckedThrowingContinuation { continuation in
        center.requestAuthorization(options: [.alert, .sound]) { granted, error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: granted)
        }
      }
      #expect(granted)
      let content = UNMutableNotificationContent()
      content.title = "Stand up"
      let request = UNNotificationRequest(
        identifier: "stand", content: content,
        trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false))
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        center.add(request) { error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume()
        }
      }
      // Due in 600 s: still pending at t = 0.
      let pending: [String] = await withCheckedContinuation { continuation in
        center.getPendingNotificationRequests { requests in
          continuation.resume(returning: requests.map(\.identifier))
        }
      }
      #expect(pending == ["stand"])
    }
  }

  @Test func widgetConfigurationsThroughAContinuation() async throws {
    let simulation = try phoneSimulation()
    let provider = ScriptedProvider(simulation) { .after($0.addingTimeInterval(900)) }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      let installed: [String] = try await withCheckedThrowingContinuation { continuation in
        WidgetCenter.shared.getCurrentConfigurations { result in
          continuation.resume(with: result.map { $0.map(\.kind) })
        }
      }
      #expect(installed == ["Steps"])
    }
  }

  /// One watch sample of 1200 steps over −3600…−2400 s (`pedometerDay()`): a query over
  /// −4000…−2000 s holds all of it.
  @Test func aPedometerQueryThroughAContinuation() async throws {
    let simulation = try pedometerDay()
    try await simulation.run {
      let pedometer = CMPedometer()
      let start = simulation.startDate
      let steps: Int = try await withCheckedThrowingContinuation { continuation in
        pedometer.queryPedometerData(
          from: start.addingTimeInterval(-4000), to: start.addingTimeInterval(-2000)
        ) { data, error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: data?.numberOfSteps.intValue ?? -1)
        }
      }
      #expect(steps == 1200)
    }
  }

  /// The activity handler gives the current activity at once (`CoreMotionTests`: at t = 0 the
  /// state 15 s earlier, stationary), read through a stream before any `advance`.
  @Test func anActivityHandlerFeedsAnAsyncStreamReadBeforeAnyAdvance() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "running", "course": [ { "duration": 300, "speed": 3 } ] }
        """#, fileName: "motion.json"))
    await simulation.run {
      let (activities, continuation) = AsyncStream.makeStream(of: Bool.self)
      let manager = CMMotionActivityManager()
      manager.startActivityUpdates(to: OperationQueue()) { activity in
        if let activity { continuation.yield(activity.stationary) }
      }
      var iterator = activities.makeAsyncIterator()
      #expect(await iterator.next() == true)
      #expect(simulation.now == simulation.startDate)
      manager.stopActivityUpdates()
    }
  }

  /// A watch app's connectivity manager that waits for activation, as apps do: a continuation
  /// resumed from `activationDidCompleteWith`.
  final class ActivatingManager: NSObject, WCSessionDelegate, @unchecked Sendable {
    private let waiting = Mutex<CheckedContinuation<WCSessionActivationState, Never>?>(nil)

    func activate(_ session: WCSession) async -> WCSessionActivationState {
      session.delegate = self
      return await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        session.activate()
      }
    }

    func session(
      _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
      error: (any Error)?
    ) {
      waiting.withLock { $0.take() }?.resume(returning: activationState)
    }
  }

  @Test func aConnectivityDelegateCallAwaitedThroughAContinuation() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "link"))
    await simulation.run {
      let session = await simulation.on(.watch) { WCSession.default }
      let state = await ActivatingManager().activate(session)
      // `activate()` completes at once: activated (2) at t = 0 (docs/phone-link.md).
      #expect(state == .activated)
      #expect(simulation.now == simulation.startDate)
    }
  }

  /// An extended runtime session's owner that waits for it to start: a continuation resumed
  /// from `extendedRuntimeSessionDidStart`.
  final class RuntimeStarter: NSObject, WKExtendedRuntimeSessionDelegate, @unchecked Sendable {
    let simulation: HealthKitSimulation
    private let waiting = Mutex<CheckedContinuation<Date, Never>?>(nil)

    init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

    func start(_ session: WKExtendedRuntimeSession) async -> Date {
      session.delegate = self
      return await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        session.start()
      }
    }

    func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
      waiting.withLock { $0.take() }?.resume(returning: simulation.now)
    }

    func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}

    func extendedRuntimeSession(
      _ extendedRuntimeSession: WKExtendedRuntimeSession,
      didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?
    ) {}
  }

  @Test func anExtendedRuntimeDelegateCallAwaitedThroughAContinuation() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    await simulation.run {
      let session = WKExtendedRuntimeSession()
      let started = await RuntimeStarter(simulation).start(session)
      // A self-care session starts at once, at t = 0, and lasts until 600 s (F08's cap).
      #expect(started == simulation.startDate)
      #expect(session.expirationDate == simulation.startDate.addingTimeInterval(600))
      session.invalidate()
    }
  }

  @Test func pendingTaskRequestsThroughAContinuation() async throws {
    let simulation = try phoneSimulation(start: "2026-01-05T08:00:00Z")
    try await simulation.run {
      BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
        task.setTaskCompleted(success: true)
      }
      let request = BGAppRefreshTaskRequest(identifier: "refresh")
      request.earliestBeginDate = simulation.now.addingTimeInterval(20 * 60)
      try BGTaskScheduler.shared.submit(request)
      // Due at 08:30 (the first quarter hour at or after 08:20): still pending at 08:00.
      let pending: [String] = await withCheckedContinuation { continuation in
        BGTaskScheduler.shared.getPendingTaskRequests { requests in
          continuation.resume(returning: requests.map(\.identifier))
        }
      }
      #expect(pending == ["refresh"])
    }
  }

  /// The path monitor reports the path at once (`NetworkTests`: satisfied at 0 on a day
  /// without an offline span then), read through a stream before any `advance`.
  @Test func aPathUpdateHandlerFeedsAnAsyncStreamReadBeforeAnyAdvance() async throws {
    let simulation = try phoneSimulation()
    await simulation.run {
      let (paths, continuation) = AsyncStream.makeStream(of: String.self)
      let monitor = NWPathMonitor()
      monitor.pathUpdateHandler = { path in continuation.yield("\(path.status)") }
      monitor.start(queue: DispatchQueue(label: "path"))
      var iterator = paths.makeAsyncIterator()
      #expect(await iterator.next() == "satisfied")
      #expect(simulation.now == simulation.startDate)
      monitor.cancel()
    }
  }
}
