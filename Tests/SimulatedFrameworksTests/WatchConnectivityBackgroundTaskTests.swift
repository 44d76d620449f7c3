// Content from the phone wakes the watch app: the delegate's `handle(_:)` gets a
// `WKWatchConnectivityRefreshBackgroundTask`, `WCSession.hasContentPending` is true until the
// session's delegate has the content, and the task keeps the app alive until it is completed
// or expires (docs/phone-link.md#waking-the-watch-app). Times are seconds from t = 0; the link's
// transfer latency is 1 s, the background grace period 10 s, the task's runtime 30 s.
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity
@testable import SimulatedWatchKit

/// What the watch app's code saw, as `"<t> <what>"`, the delegates' life-cycle calls apart
/// (`"<t> <call> <launch>"`), and the tasks it keeps until its session has no content pending
/// (Apple's pattern).
final class WakeLog: Sendable {
  let simulation: HealthKitSimulation
  private let state = Mutex<
    (lines: [String], calls: [String], kept: [WKRefreshBackgroundTask], launches: Int)
  >(([], [], [], 0))

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  func record(_ text: String) {
    let line = "\(stamp(simulation)) \(text)"
    state.withLock { $0.lines.append(line) }
  }
  var lines: [String] { state.withLock { $0.lines } }
  /// Records one of the four life-cycle calls of the delegate of process `launch`.
  func call(_ name: String, _ launch: Int) {
    let line = "\(stamp(simulation)) \(name) \(launch)"
    state.withLock { $0.calls.append(line) }
  }
  var calls: [String] { state.withLock { $0.calls } }
  func newLaunch() -> Int {
    state.withLock {
      $0.launches += 1
      return $0.launches
    }
  }
  func keep(_ task: WKRefreshBackgroundTask) { state.withLock { $0.kept.append(task) } }
  /// Completes every kept task.
  func completeKept() {
    let tasks = state.withLock { state in
      defer { state.kept = [] }
      return state.kept
    }
    for task in tasks { task.setTaskCompletedWithSnapshot(false) }
  }
}

/// The watch app's session delegate: records the content with `hasContentPending` as it reads
/// during the call, and completes the kept tasks once nothing more is pending (unless
/// `completes` is off: an app that never completes).
final class WakeSessionDelegate: NSObject, WCSessionDelegate, @unchecked Sendable {
  let log: WakeLog
  let completes: Bool

  init(log: WakeLog, completes: Bool) {
    self.log = log
    self.completes = completes
  }

  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {}

  func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {
    received("userInfo \(canonical(userInfo))", session)
  }

  func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any])
  {
    received("context \(canonical(applicationContext))", session)
  }

  private func received(_ what: String, _ session: WCSession) {
    let pending = session.hasContentPending
    log.record("\(what) pending \(pending)")
    if completes, !pending { log.completeKept() }
  }
}

/// The watch app's delegate, made by `launchWatchApp` for each process: at launch it activates
/// `WCSession.default` with a ``WakeSessionDelegate``; each Watch Connectivity task is kept
/// while the session has content pending (completed at once otherwise).
@MainActor final class WakeAppDelegate: NSObject, WKApplicationDelegate {
  let log: WakeLog
  let launch: Int
  let completes: Bool
  var session: WCSession?
  var sessionDelegate: WakeSessionDelegate?

  init(log: WakeLog, completes: Bool = true) {
    self.log = log
    self.completes = completes
    launch = log.newLaunch()
  }

  func applicationDidFinishLaunching() {
    log.record("launched \(launch)")
    let session = WCSession.default
    let delegate = WakeSessionDelegate(log: log, completes: completes)
    session.delegate = delegate
    session.activate()
    self.session = session
    sessionDelegate = delegate
  }

  func applicationDidBecomeActive() { log.call("didBecomeActive", launch) }
  func applicationWillResignActive() { log.call("willResignActive", launch) }
  func applicationWillEnterForeground() { log.call("willEnterForeground", launch) }
  func applicationDidEnterBackground() { log.call("didEnterBackground", launch) }

  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    let log = log
    for task in backgroundTasks {
      let kind = task is WKWatchConnectivityRefreshBackgroundTask ? "watchConnectivity" : "other"
      let pending = session?.hasContentPending ?? false
      let state = log.simulation.state.withLock { $0.session.workoutEngine.appState }
      log.record("task \(launch) \(kind) pending \(pending) \(state.rawValue)")
      guard completes else {
        task.expirationHandler = { log.record("expired") }
        continue
      }
      if pending { log.keep(task) } else { task.setTaskCompletedWithSnapshot(false) }
    }
  }
}

/// The app state changes of the run's log from `t`: `"at from>to cause keepAlive"`.
private func appStates(_ simulation: HealthKitSimulation, from t: Double = 0) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .appState(let change) = entry.kind, entry.at.seconds >= t else { return nil }
    return
      "\(entry.at.seconds) \(change.from.rawValue)>\(change.to.rawValue) \(change.cause.rawValue) \(change.keepAlive.rawValue)"
  }
}

/// The Watch Connectivity task's `system` entries (framework WatchKit): `"at event"`.
private func taskLog(_ simulation: HealthKitSimulation) -> [String] {
  systemLog(simulation, .watchKit).filter { $0.identifier == "watchConnectivity" }.map {
    "\($0.at) \($0.event)"
  }
}

@Suite("WatchKit: Watch Connectivity background tasks")
struct WatchConnectivityBackgroundTaskTests {
  /// The phone app in the background; `timeline` for the watch app (a Digital Crown press at 1
  /// sends it to the background, suspended at 1 + 10 = 11).
  static func makeSimulation(_ timeline: [(Int64, AppAction)]) throws -> HealthKitSimulation {
    var scenario = try Scenario(name: "watch connectivity wake")
    scenario.phone.app = .background
    scenario.timeline = timeline.enumerated().map { index, item in
      Scenario.Action(
        at: .seconds(item.0), kind: .app(item.1), location: "timeline[\(index)]")
    }
    return try HealthKitSimulation(scenario: scenario)
  }

  /// Launches the watch app (its session activated at 0) and activates the phone's session,
  /// whose delegate (held weakly by the session) the returned recorder is: keep it.
  static func start(
    _ simulation: HealthKitSimulation, log: WakeLog, completes: Bool = true
  ) async -> (phone: WCSession, phoneLog: LinkRecorder) {
    await MainActor.run {
      simulation.launchWatchApp { WakeAppDelegate(log: log, completes: completes) }
    }
    let phone = await simulation.on(.phone) { WCSession.default }
    let phoneLog = LinkRecorder(simulation)
    phone.delegate = phoneLog
    phone.activate()
    await simulation.settle()
    return (phone, phoneLog)
  }

  static func at(_ simulation: HealthKitSimulation, _ seconds: Double) -> Date {
    simulation.startDate.addingTimeInterval(seconds)
  }

  @Test(
    "transferUserInfo to a suspended app: a task at 100 + 1, pending then not, suspended 10 s on")
  func suspendedAppGetsATask() async throws {
    let simulation = try Self.makeSimulation([(1, .crownPress)])
    let log = WakeLog(simulation)
    try await simulation.run {
      let (phone, phoneLog) = await Self.start(simulation, log: log)
      try await simulation.advance(to: Self.at(simulation, 100))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["goal": 9000]) }
      try await simulation.advance(to: Self.at(simulation, 120))
      // Sent at 100, delivered at 100 + 1 s (transfer latency) = 101: the phone's didFinish.
      #expect(phoneLog.matching("finished") == [#"101 finished userInfo {"goal":9000} 0"#])
    }
    // The task first, with the content pending; then the content, nothing more pending: the
    // app completes the task there.
    #expect(
      log.lines == [
        "0 launched 1", "101 task 1 watchConnectivity pending true background",
        #"101 userInfo {"goal":9000} pending false"#,
      ])
    #expect(taskLog(simulation) == ["101.0 launched", "101.0 completed"])
    let launched = systemLog(simulation, .watchKit).first { $0.event == "launched" }
    #expect(launched?.details["appState"] == .string("suspended"))
    // Launched active at 0 (the two foreground calls), sent to the background by the crown at
    // 1 (resign, then background); the wake at 101 makes none of the four calls.
    #expect(
      log.calls == [
        "0 willEnterForeground 1", "0 didBecomeActive 1", "1 willResignActive 1",
        "1 didEnterBackground 1",
      ])
    // Crown at 1, suspended at 1 + 10 = 11; woken at 101, kept alive by the task, completed at
    // 101, suspended at 101 + 10 = 111.
    #expect(
      appStates(simulation) == [
        "1.0 active>background crownPress none",
        "11.0 background>suspended gracePeriodEnded none",
        "101.0 suspended>background watchConnectivity none",
        "101.0 background>background keepAlive backgroundTask",
        "101.0 background>background keepAlive none",
        "111.0 background>suspended gracePeriodEnded none",
      ])
  }

  @Test("An application context launches the crashed app: new delegate, task, then the context")
  func notRunningAppIsLaunched() async throws {
    let simulation = try Self.makeSimulation([(50, .crash)])
    let log = WakeLog(simulation)
    try await simulation.run {
      let (phone, phoneLog) = await Self.start(simulation, log: log)
      defer { withExtendedLifetime(phoneLog) {} }
      try await simulation.advance(to: Self.at(simulation, 60))
      try await simulation.on(.phone) { try phone.updateApplicationContext(["stepGoal": 12000]) }
      // The task handed and completed at 61: nothing holds virtual time.
      await #expect(throws: Never.self) {
        try await simulation.advance(to: Self.at(simulation, 80))
      }
      let goal = await MainActor.run {
        (WKApplication.shared().delegate as? WakeAppDelegate)?.session?
          .receivedApplicationContext["stepGoal"] as? Int
      }
      #expect(goal == 12000)
    }
    // Sent at 60, due at 60 + 1 = 61: the second process's delegate launches (and activates
    // its session), gets the task with the context pending, then the context.
    #expect(
      log.lines == [
        "0 launched 1", "61 launched 2", "61 task 2 watchConnectivity pending true background",
        #"61 context {"stepGoal":12000} pending false"#,
      ])
    // The launch at 61: applicationDidFinishLaunching() once, the task once.
    #expect(log.lines.filter { $0.hasSuffix(" launched 2") }.count == 1)
    #expect(log.lines.filter { $0.contains(" task 2 ") }.count == 1)
    // Process 1 launched active at 0 (the two foreground calls); the crash runs none, and the
    // launch into the background at 61 makes none of the four calls.
    #expect(log.calls == ["0 willEnterForeground 1", "0 didBecomeActive 1"])
    #expect(taskLog(simulation) == ["61.0 launched", "61.0 completed"])
    let launched = systemLog(simulation, .watchKit).first { $0.event == "launched" }
    #expect(launched?.details["appState"] == .string("notRunning"))
    // Launched into the background at 61 (not active: a launch for content), suspended at
    // 61 + 10 = 71 once the task completed.
    #expect(
      appStates(simulation) == [
        "50.0 active>notRunning crash none",
        "61.0 notRunning>background watchConnectivity none",
        "61.0 background>background keepAlive backgroundTask",
        "61.0 background>background keepAlive none",
        "71.0 background>suspended gracePeriodEnded none",
      ])
  }

  @Test("A frontmost app gets the content directly, no task; suspended later, it gets one")
  func frontmostAppGetsNoTask() async throws {
    let simulation = try Self.makeSimulation([(200, .crownPress)])
    let log = WakeLog(simulation)
    try await simulation.run {
      let (phone, phoneLog) = await Self.start(simulation, log: log)
      defer { withExtendedLifetime(phoneLog) {} }
      try await simulation.advance(to: Self.at(simulation, 100))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["n": 1]) }
      // Crown at 200: background, suspended at 200 + 10 = 210.
      try await simulation.advance(to: Self.at(simulation, 300))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["n": 2]) }
      try await simulation.advance(to: Self.at(simulation, 320))
    }
    // At 101 the app is active: the content comes alone. At 301 it is suspended: woken with a
    // task.
    #expect(
      log.lines == [
        "0 launched 1", #"101 userInfo {"n":1} pending false"#,
        "301 task 1 watchConnectivity pending true background",
        #"301 userInfo {"n":2} pending false"#,
      ])
    #expect(taskLog(simulation) == ["301.0 launched", "301.0 completed"])
    #expect(appStates(simulation, from: 100).first == "200.0 active>background crownPress none")
  }

  @Test("A task never completed expires at 101 + 30 = 131; the app is suspended at 141")
  func uncompletedTaskExpires() async throws {
    let simulation = try Self.makeSimulation([(1, .crownPress)])
    simulation.appWorkGrace = .milliseconds(50)
    let log = WakeLog(simulation)
    await simulation.run {
      let (phone, phoneLog) = await Self.start(simulation, log: log, completes: false)
      defer { withExtendedLifetime(phoneLog) {} }
      try? await simulation.advance(to: Self.at(simulation, 100))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["goal": 9000]) }
      // Nobody completes the task: its hold on virtual time is dropped (reported and thrown).
      await #expect(throws: HealthKitSimulation.UnfinishedWork.self) {
        try await simulation.advance(to: Self.at(simulation, 200))
      }
    }
    #expect(
      log.lines == [
        "0 launched 1", "101 task 1 watchConnectivity pending true background",
        #"101 userInfo {"goal":9000} pending false"#, "131 expired",
      ])
    #expect(taskLog(simulation) == ["101.0 launched", "131.0 expired"])
    // The dropped hold is reported under the task's own kind, not a refresh's.
    #expect(
      simulation.reports.map(\.call).contains(
        "the delegate's handle(_:) of a Watch Connectivity task"))
    let expired = systemLog(simulation, .watchKit).first { $0.event == "expired" }
    #expect(expired?.details["handler"] == .bool(true))
    #expect(
      appStates(simulation, from: 101).suffix(2) == [
        "131.0 background>background keepAlive none",
        "141.0 background>suspended gracePeriodEnded none",
      ])
  }

  @Test(
    "A refresh wakes the suspended app at 1200, or launches the crashed one: no life-cycle call",
    arguments: [false, true])
  func refreshMakesNoLifecycleCalls(crashed: Bool) async throws {
    let simulation = try Self.makeSimulation([(1, .crownPress)] + (crashed ? [(100, .crash)] : []))
    let log = WakeLog(simulation)
    try await simulation.run {
      let (_, phoneLog) = await Self.start(simulation, log: log)
      defer { withExtendedLifetime(phoneLog) {} }
      await WKApplication.shared().scheduleBackgroundRefresh(
        withPreferredDate: Self.at(simulation, 1200), userInfo: nil
      ) { _ in }
      try await simulation.advance(to: Self.at(simulation, 1300))
    }
    // The refresh's task at 1200, to the process running then (a new one after the crash).
    #expect(
      log.lines
        == ["0 launched 1"] + (crashed ? ["1200 launched 2"] : [])
        + ["1200 task \(crashed ? 2 : 1) other pending false background"])
    // Only process 1's calls: launched active at 0, crown at 1. The wake or launch at 1200
    // makes none.
    #expect(
      log.calls == [
        "0 willEnterForeground 1", "0 didBecomeActive 1", "1 willResignActive 1",
        "1 didEnterBackground 1",
      ])
  }

  @Test("A crash between the wake at 101 and the hand-over: the relaunch at 120 gets the content")
  func crashBeforeTheHandOver() async throws {
    let simulation = try Self.makeSimulation([
      (1, .crownPress), (101, .crash), (120, .relaunch(recover: false)),
    ])
    // A hold left on virtual time would throw after 5 s of wall time, not 30.
    simulation.appWorkGrace = .seconds(5)
    let log = WakeLog(simulation)
    try await simulation.run {
      let (phone, phoneLog) = await Self.start(simulation, log: log)
      defer { withExtendedLifetime(phoneLog) {} }
      try await simulation.advance(to: Self.at(simulation, 100))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["goal": 9000]) }
      await #expect(throws: Never.self) {
        try await simulation.advance(to: Self.at(simulation, 200))
      }
    }
    // Sent at 100, delivered at 101, where the wake (a task made) and the crash come in one
    // take: the task went with process 1 (never handed to its delegate, dropped at the crash,
    // 101, not at its expiry, 101 + 30 = 131), nothing holds virtual time, and the content
    // waits for the session of process 2, relaunched at 120, which gets it when it activates
    // at its launch.
    #expect(
      log.lines == [
        "0 launched 1", "120 launched 2", #"120 userInfo {"goal":9000} pending false"#,
      ])
    #expect(taskLog(simulation) == ["101.0 launched", "101.0 dropped"])
    #expect(
      appStates(simulation) == [
        "1.0 active>background crownPress none",
        "11.0 background>suspended gracePeriodEnded none",
        "101.0 suspended>background watchConnectivity none",
        "101.0 background>notRunning crash none",
        "120.0 notRunning>active relaunch none",
      ])
    #expect(simulation.reports.isEmpty)
  }

  /// A delegate without `handle(_ backgroundTasks:)`.
  @MainActor final class NoTaskHandler: NSObject, WKApplicationDelegate {
    func applicationDidFinishLaunching() {
      WCSession.default.delegate = Self.sessionDelegate
      WCSession.default.activate()
    }
    static let sessionDelegate = LinkRecorderless()
  }

  @Test("The default handle(_:) completes the task at once, reported as notDelivered")
  func defaultHandlerIsReported() async throws {
    let simulation = try Self.makeSimulation([(1, .crownPress)])
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { NoTaskHandler() } }
      let phone = await simulation.on(.phone) { WCSession.default }
      let phoneLog = LinkRecorder(simulation)
      phone.delegate = phoneLog
      phone.activate()
      try await simulation.advance(to: Self.at(simulation, 100))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["goal": 9000]) }
      try await simulation.advance(to: Self.at(simulation, 120))
      withExtendedLifetime(phoneLog) {}
    }
    #expect(taskLog(simulation) == ["101.0 launched", "101.0 completed"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [101])
    #expect(reports.first?.call == "WKApplicationDelegate.handle(_:)")
    #expect(
      reports.first?.message.contains("WKWatchConnectivityRefreshBackgroundTask the system woke")
        == true)
  }

  /// An extension delegate (the form before watchOS 7) without `handle(_ backgroundTasks:)`.
  @MainActor final class NoTaskExtensionHandler: NSObject, WKExtensionDelegate {}

  @Test("A WKExtensionDelegate's default handle(_:) is reported under its own protocol's name")
  func extensionDelegateDefaultIsNamed() async throws {
    let simulation = try Self.makeSimulation([(1, .crownPress)])
    try await simulation.run {
      let handler = await MainActor.run {
        let handler = NoTaskExtensionHandler()
        WKExtension.shared().delegate = handler
        WCSession.default.delegate = NoTaskHandler.sessionDelegate
        WCSession.default.activate()
        return handler
      }
      let phone = await simulation.on(.phone) { WCSession.default }
      let phoneLog = LinkRecorder(simulation)
      phone.delegate = phoneLog
      phone.activate()
      try await simulation.advance(to: Self.at(simulation, 100))
      await simulation.on(.phone) { _ = phone.transferUserInfo(["goal": 9000]) }
      try await simulation.advance(to: Self.at(simulation, 120))
      withExtendedLifetime((phoneLog, handler)) {}
    }
    #expect(taskLog(simulation) == ["101.0 launched", "101.0 completed"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [101])
    #expect(reports.first?.call == "WKExtensionDelegate.handle(_:)")
    #expect(
      reports.first?.message.hasPrefix("the app's WKExtension delegate does not implement")
        == true)
  }
}

/// A watch app delegate that never touches `WCSession` (the app's second process, in the tests
/// of content that waits for `activate()`): it completes every task it is handed at once.
@MainActor final class NoSessionAppDelegate: NSObject, WKApplicationDelegate {
  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks { task.setTaskCompletedWithSnapshot(false) }
  }
}

@Suite("WatchKit: content from the phone that waits for activate()", .timeLimit(.minutes(3)))
struct ContentWaitingForActivationTests {
  /// Process 1 activates its session at 0 and crashes at 50; the context sent at 60 launches
  /// process 2 at 60 + 1 = 61 (transfer latency 1 s), whose delegate completes the task and
  /// never activates a session: the context waits in the session's pending content.
  static func sendToANeverActivatedProcess(_ simulation: HealthKitSimulation, log: WakeLog)
    async throws -> (WCSession, LinkRecorder)
  {
    await MainActor.run {
      simulation.launchWatchApp { () -> any WKApplicationDelegate in
        if log.lines.isEmpty { return WakeAppDelegate(log: log) }
        return NoSessionAppDelegate()
      }
    }
    let phone = await simulation.on(.phone) { WCSession.default }
    let phoneLog = LinkRecorder(simulation)
    phone.delegate = phoneLog
    phone.activate()
    try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 60))
    try await simulation.on(.phone) { try phone.updateApplicationContext(["stepGoal": 12000]) }
    try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 80))
    return (phone, phoneLog)
  }

  @Test("Content the relaunched process never activated for is reported when run returns")
  func reportedAtTheEnd() async throws {
    let simulation = try WatchConnectivityBackgroundTaskTests.makeSimulation([(50, .crash)])
    let log = WakeLog(simulation)
    try await simulation.run {
      let (_, phoneLog) = try await Self.sendToANeverActivatedProcess(simulation, log: log)
      withExtendedLifetime(phoneLog) {}
      // Nothing reported while the run goes on.
      #expect(simulation.reports.isEmpty)
    }
    // Only process 1 saw anything (its launch at 0); the task of 61 went to process 2.
    #expect(log.lines == ["0 launched 1"])
    #expect(
      systemLog(simulation, .watchKit).filter { $0.identifier == "watchConnectivity" }.map(
        \.event) == ["launched", "completed"])
    let reports = simulation.reports
    #expect(reports.map(\.kind) == [.notDelivered])
    #expect(reports.first?.framework == "WatchConnectivity")
    #expect(reports.first?.call == "WCSession.activate()")
    // The run returned at 80.
    #expect(reports.first?.seconds == 80)
    #expect(
      reports.first?.message.hasPrefix(
        "when run(_:) returned, 1 piece of content from the phone (the session's delegate would "
          + "have received an application context) waited for WCSession.default.activate() on "
          + "the watch: ") == true)
    // Once: a second run's end does not name it again.
    await simulation.run {}
    #expect(simulation.reports.count == 1)
  }

  @Test("A stall names the content that waits for activate()")
  func namedByAStall() async throws {
    let simulation = try WatchConnectivityBackgroundTaskTests.makeSimulation([(50, .crash)])
    simulation.stallReportDelay = .milliseconds(200)
    let log = WakeLog(simulation)
    let error = await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run { () async throws in
          let (_, phoneLog) = try await Self.sendToANeverActivatedProcess(simulation, log: log)
          withExtendedLifetime(phoneLog) {}
          // The app's wait for the context its delegate never gets.
          let (stream, _) = AsyncStream<Int>.makeStream()
          for await _ in stream {}
        }
      }.value
    }
    let report = try #require(error?.report)
    #expect(
      report.message.contains(
        "1 piece of content from the phone (the session's delegate would have received an "
          + "application context) waited for WCSession.default.activate() on the watch"))
    // The stall named it: no warning at the run's end.
    #expect(simulation.reports.filter { $0.kind == .notDelivered }.isEmpty)
  }
}

@Suite("WatchKit: a background task never handed to the delegate")
struct UnhandedTaskTests {
  @Test(
    "A task that expires unhanded is a notDelivered warning, not only expired handler:false",
    arguments: [false, true])
  func unhandedTaskIsReported(extensionDelegate: Bool) async throws {
    let simulation = try WatchConnectivityBackgroundTaskTests.makeSimulation([(1, .crownPress)])
    try await simulation.run {
      await MainActor.run {
        _ = WKApplication.shared()
        // An app of the form before watchOS 7: the report names its delegate's protocol.
        if extensionDelegate {
          WKExtension.shared().delegate =
            WatchConnectivityBackgroundTaskTests.NoTaskExtensionHandler()
        }
      }
      // A task made at 10 whose hand-over never runs (its callbacks dropped): the state the
      // system's own paths must never leave, made directly.
      try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 10))
      simulation.mutate { state in
        _ = simulation.beginWatchConnectivityTask(launched: false, in: &state)
      }
      try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 60))
    }
    // Made at 10, expired at 10 + 30 = 40 with no handler (nobody had it).
    let entries = systemLog(simulation, .watchKit).filter { $0.identifier == "watchConnectivity" }
    #expect(entries.map { "\($0.at) \($0.event)" } == ["10.0 launched", "40.0 expired"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [40])
    #expect(
      reports.first?.call
        == (extensionDelegate
          ? "WKExtensionDelegate.handle(_:)" : "WKApplicationDelegate.handle(_:)"))
    #expect(
      reports.first?.message.hasPrefix(
        "the WKWatchConnectivityRefreshBackgroundTask the system launched at t = 10 s expired at "
          + "t = 40 s without ever being handed to the app's delegate") == true)
  }
}

@Suite("WatchKit: wakes paired with their tasks at the wake")
struct WakePairingTests {
  @Test("A wake that delivers nothing gets its task at once; a frontmost delivery later none")
  func wakeWithoutDeliveryLeavesNoCount() async throws {
    var scenario = try Scenario(name: "urgent to a never activated app")
    scenario.phone.app = .background
    scenario.phone.complicationEnabled = true
    scenario.timeline = [
      Scenario.Action(at: .seconds(1), kind: .app(.crownPress), location: "timeline[0]"),
      Scenario.Action(at: .seconds(50), kind: .app(.openApp), location: "timeline[1]"),
    ]
    let simulation = try HealthKitSimulation(scenario: scenario)
    let watchLog = LinkRecorder(simulation)
    try await simulation.run {
      // The app uses WatchKit (its delegate completes each task at once) and has no session
      // until 60.
      await MainActor.run { simulation.launchWatchApp { NoSessionAppDelegate() } }
      let phone = await simulation.on(.phone) { WCSession.default }
      let phoneLog = LinkRecorder(simulation)
      phone.delegate = phoneLog
      phone.activate()
      // Crown at 1: suspended at 1 + 10 = 11. The urgent transfer sent at 20 is due at
      // 20 + 0.1 = 20.1 (message latency): it wakes the app, whose session is not activated,
      // so nothing is delivered then.
      try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 20))
      await simulation.on(.phone) {
        _ = phone.transferCurrentComplicationUserInfo(["temp": 21])
      }
      // Opened at 50 (active); the session activated at 60: the transfer, now waiting as
      // ordinary user info, is delivered at 60 + 1 = 61 (transfer latency) to the frontmost
      // app.
      try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 60))
      await MainActor.run {
        WCSession.default.delegate = watchLog
        WCSession.default.activate()
      }
      try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 80))
      withExtendedLifetime(phoneLog) {}
    }
    #expect(watchLog.matching("userInfo") == [#"61 userInfo {"temp":21}"#])
    // The wake at 20.1 gets its task there (completed at once by the delegate); the frontmost
    // delivery at 61 gets none (before, the wake's count waited for it: a task "launched" at 61
    // with appState "suspended").
    let entries = systemLog(simulation, .watchKit).filter { $0.identifier == "watchConnectivity" }
    #expect(entries.map { "\($0.at) \($0.event)" } == ["20.1 launched", "20.1 completed"])
    #expect(entries.first?.details["appState"] == .string("suspended"))
  }

  @Test("A relaunch and openApp at one instant: the new delegate's calls once, the crashed none")
  func relaunchAndOpenAppAtOneInstant() async throws {
    // Wrist down at 10 (inactive), background at 10 + 120 = 130 (return to clock), suspended
    // at 140; crashed at 200; relaunched at 300 with the wrist down (into the background) and
    // opened there (active).
    let simulation = try WatchConnectivityBackgroundTaskTests.makeSimulation([
      (10, .wristDown), (200, .crash), (300, .relaunch(recover: false)), (300, .openApp),
    ])
    let log = WakeLog(simulation)
    try await simulation.run {
      let (_, phoneLog) = await WatchConnectivityBackgroundTaskTests.start(simulation, log: log)
      try await simulation.advance(to: WatchConnectivityBackgroundTaskTests.at(simulation, 320))
      withExtendedLifetime(phoneLog) {}
    }
    #expect(log.lines == ["0 launched 1", "300 launched 2"])
    // Process 1: its launch at 0, wrist down at 10, background at 130; nothing at 300.
    // Process 2: launched into the background (no calls of its own), then background → active.
    #expect(
      log.calls == [
        "0 willEnterForeground 1", "0 didBecomeActive 1", "10 willResignActive 1",
        "130 didEnterBackground 1", "300 willEnterForeground 2", "300 didBecomeActive 2",
      ])
  }
}

/// A session delegate that records nothing (the default-handler test reads the log).
final class LinkRecorderless: NSObject, WCSessionDelegate, @unchecked Sendable {
  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {}
}
