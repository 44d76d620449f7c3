// The system's launches of a watch app that is not running for work it is owed: a smart alarm
// the crashed process scheduled (WKApplicationDelegate.handle(_:) of an extended runtime
// session; docs/healthkit-behaviour.md#extended-runtime-sessions) and a fall
// (CMFallDetectionDelegate; docs/swift-api.md#fall-detection).
import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import SimulatedWatchKit
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

/// Lines a launched app writes down: `"<seconds> <what>"`.
final class SystemLaunchLog: @unchecked Sendable {
  let start: Date
  private let lock = NSLock()
  private var lines: [String] = []

  init(start: Date) { self.start = start }

  func add(_ what: String, at date: Date) {
    let line = "\(date.timeIntervalSince(start)) \(what)"
    lock.withLock { lines.append(line) }
  }

  var all: [String] { lock.withLock { lines } }
}

/// A smart-alarm app's delegate: writes down its launch and each session `handle(_:)` gets
/// (its state's and the app state's raw values), and keeps the session with `recorder` as its
/// delegate unless `keeps` is false.
@MainActor final class AlarmAppDelegate: NSObject, WKApplicationDelegate {
  let log: SystemLaunchLog
  let recorder: RuntimeRecorder
  let keeps: Bool
  let now: @Sendable () -> Date
  var sessions: [WKExtendedRuntimeSession] = []

  init(
    log: SystemLaunchLog, recorder: RuntimeRecorder, keeps: Bool,
    now: @escaping @Sendable () -> Date
  ) {
    self.log = log
    self.recorder = recorder
    self.keeps = keeps
    self.now = now
  }

  func applicationDidFinishLaunching() { log.add("launched", at: now()) }

  func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    let state = WKApplication.shared().applicationState.rawValue
    log.add("handle \(extendedRuntimeSession.state.rawValue) app \(state)", at: now())
    sessions.append(extendedRuntimeSession)
    if keeps { extendedRuntimeSession.delegate = recorder }
  }
}

/// A fall-detection app's delegate: its launch makes a `CMFallDetectionManager` whose delegate
/// is `recorder`, kept for the process's life.
@MainActor final class FallAppDelegate: NSObject, WKApplicationDelegate {
  let recorder: FallRecorder
  /// Whether the launch code sets the manager's delegate (`false`: the app forgot).
  let setsDelegate: Bool
  var manager: CMFallDetectionManager?

  init(recorder: FallRecorder, setsDelegate: Bool = true) {
    self.recorder = recorder
    self.setsDelegate = setsDelegate
  }

  func applicationDidFinishLaunching() {
    let manager = CMFallDetectionManager()
    if setsDelegate { manager.delegate = recorder }
    self.manager = manager
  }
}

/// The launches of the watch app so far (on the main actor, where the app's delegates are
/// made).
@MainActor final class LaunchCount {
  var count = 0
}

/// The app state changes of the run's log: `"at from>to cause"`.
private func appStates(_ simulation: HealthKitSimulation) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .appState(let change) = entry.kind else { return nil }
    return
      "\(entry.at.seconds) \(change.from.rawValue)>\(change.to.rawValue) \(change.cause.rawValue)"
  }
}

/// The smart-alarm tests' opening, inside `simulation`'s run (a watch declaring `.smartAlarm`):
/// the app launches at 0 with an ``AlarmAppDelegate`` writing to `log` (it keeps each session
/// `handle(_:)` gets, with `recorder` as its delegate, when `keeps`), schedules a session of its
/// own (delegate `recorder`) to start at 100 s while active, and crashes at 10 s. Returns at
/// 110 s with the crashed process's session.
private func scheduleAnAlarmAndCrash(
  _ simulation: HealthKitSimulation, recorder: RuntimeRecorder, log: SystemLaunchLog,
  keeps: Bool
) async throws -> WKExtendedRuntimeSession {
  let now: @Sendable () -> Date = { [weak simulation] in simulation?.now ?? .distantPast }
  await MainActor.run {
    simulation.launchWatchApp {
      AlarmAppDelegate(log: log, recorder: recorder, keeps: keeps, now: now)
    }
  }
  let old = WKExtendedRuntimeSession()
  old.delegate = recorder
  old.start(at: simulation.startDate.addingTimeInterval(100))
  try await simulation.advance(by: .seconds(10))
  await simulation.crash()
  try await simulation.advance(by: .seconds(100))
  return old
}

/// The fall-launch tests' simulation (a watch app with fall detection's usage description and
/// entitlement, from 2026-03-02 08:00 UTC) and the recorder its app's manager delegates to.
private func fallSimulation() throws -> (HealthKitSimulation, FallRecorder) {
  let scenario = try decodeScenario(
    #"""
    { "version": 1, "start": "2026-03-02T08:00:00Z", "watch": {},
      "app": { "infoPlist": { "NSFallDetectionUsageDescription": "Falls" } },
      "motion": { "fallDetection": { "entitlement": true } } }
    """#, fileName: "fall.json")
  let simulation = try HealthKitSimulation(scenario: scenario)
  return (simulation, FallRecorder(start: simulation.startDate))
}

/// The fall-launch tests' run after the app's launch at 0, inside `simulation`'s run: its
/// manager asks for authorization at 1, the app crashes at 2, a confirmed fall at 10; returns
/// at 30.
private func authorizeCrashAndFall(_ simulation: HealthKitSimulation) async throws {
  try await simulation.advance(by: .seconds(1))
  await MainActor.run {
    (WKApplication.shared().delegate as? FallAppDelegate)?.manager?.requestAuthorization { _ in }
  }
  try await simulation.advance(by: .seconds(1))
  await simulation.crash()
  try await simulation.advance(by: .seconds(8))
  simulation.fall(resolution: .confirmed)
  try await simulation.advance(by: .seconds(20))
}

@Suite("WatchKit and Core Motion: the system launches an app that is not running")
struct WatchSystemLaunchTests {
  /// A smart alarm scheduled at 0 for 100 while active; the app crashes at 10. At 100 the
  /// session starts anyway (Apple's start(at:): "regardless of your app's current state"): the
  /// system launches the app into the background (cause extendedRuntimeSession) and the new
  /// delegate's handle(_:) gets a new session object that is running (state 2) with the app in
  /// the background (2). Its delegate, set there, hears the end: smart alarm limit 1800 s,
  /// will-expire at 100 + 1800 − 30 = 1870, expired (2) at 1900. The crashed process's object
  /// is invalid (3) and hears nothing.
  @Test func aSmartAlarmOfACrashedAppLaunchesItAndIsHandedToTheDelegate() async throws {
    let simulation = try watchSimulation(type: .smartAlarm)
    let recorder = RuntimeRecorder(simulation)
    let log = SystemLaunchLog(start: simulation.startDate)
    var oldState = -1
    try await simulation.run {
      let old = try await scheduleAnAlarmAndCrash(
        simulation, recorder: recorder, log: log, keeps: true)
      oldState = old.state.rawValue
      let handed = await MainActor.run {
        (WKApplication.shared().delegate as? AlarmAppDelegate)?.sessions.map(\.state.rawValue)
      }
      #expect(handed == [2])
      try await simulation.advance(by: .seconds(1900))
    }
    #expect(log.all == ["0.0 launched", "100.0 launched", "100.0 handle 2 app 2"])
    #expect(oldState == 3)
    #expect(recorder.recorded.map(\.at) == [1870, 1900])
    #expect(
      recorder.recorded.map(\.call) == [
        .willExpire, .invalidated(.expired, code: nil, domain: nil),
      ])
    #expect(runtimeLog(simulation).map(\.0) == [0, 100, 1870, 1900])
    #expect(appStates(simulation).contains("100.0 notRunning>background extendedRuntimeSession"))
    #expect(!simulation.reports.contains { $0.kind == .notDelivered })
  }

  /// The same alarm, but handle(_:) sets no delegate on the session: the system ends it at
  /// once (Apple: "If you do not set the session's delegate, the system ends the session"),
  /// logged invalidated at 100, and a notDelivered warning names handle(_:).
  @Test func aHandedSessionWithoutADelegateIsEnded() async throws {
    let simulation = try watchSimulation(type: .smartAlarm)
    let recorder = RuntimeRecorder(simulation)
    let log = SystemLaunchLog(start: simulation.startDate)
    try await simulation.run {
      _ = try await scheduleAnAlarmAndCrash(simulation, recorder: recorder, log: log, keeps: false)
    }
    #expect(log.all == ["0.0 launched", "100.0 launched", "100.0 handle 2 app 2"])
    #expect(runtimeLog(simulation).map(\.2) == ["scheduled", "started", "invalidated"])
    #expect(runtimeLog(simulation).map(\.0) == [0, 100, 100])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.call) == ["handle(_ extendedRuntimeSession: WKExtendedRuntimeSession)"])
    #expect(recorder.recorded.isEmpty)
  }

  /// Fall detection authorized at 1 (the first process's delegate hears "auth 3"); the app
  /// crashes at 2. A fall at 10 (confirmed, 0) launches it into the background (cause
  /// fallDetection): its launch makes the manager and sets the delegate, which gets the fall
  /// dated 10; nothing keeps the app alive, so it is suspended at 10 + 10 = 20.
  @Test func aFallLaunchesAnAppThatIsNotRunning() async throws {
    let (simulation, recorder) = try fallSimulation()
    try await simulation.run {
      await MainActor.run { simulation.launchWatchApp { FallAppDelegate(recorder: recorder) } }
      try await authorizeCrashAndFall(simulation)
    }
    #expect(recorder.all == ["auth 3", "fall 10.0 0"])
    #expect(
      appStates(simulation) == [
        "2.0 active>notRunning crash", "10.0 notRunning>background fallDetection",
        "20.0 background>suspended gracePeriodEnded",
      ])
  }

  /// Review of attrib27, item 3: as above, but the process launched for the fall at 10 makes
  /// its manager without setting its delegate (the first launch's code set it; the second's
  /// forgets). The fall is kept for a delegate that never comes: when the run returns (at
  /// 10 + 20 = 30) one `notDelivered` warning names it, dated 10, and what to write; a second
  /// run of the same simulation does not name it again.
  @Test func aFallKeptForALaunchedAppThatSetsNoDelegateIsReported() async throws {
    let (simulation, recorder) = try fallSimulation()
    let launches = await MainActor.run { LaunchCount() }
    try await simulation.run {
      await MainActor.run {
        simulation.launchWatchApp {
          launches.count += 1
          return FallAppDelegate(recorder: recorder, setsDelegate: launches.count == 1)
        }
      }
      try await authorizeCrashAndFall(simulation)
    }
    await simulation.run {}
    #expect(recorder.all == ["auth 3"])
    #expect(await MainActor.run { launches.count } == 2)
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(
      reports.map { "\($0.framework) \($0.call) \($0.seconds)" } == [
        "CoreMotion fallDetectionManager(_:didDetect:completionHandler:) 30.0"
      ])
    #expect(
      reports.first?.message
        == "when run(_:) returned, the fall at t = 10.0 s had reached no delegate: no "
        + "CMFallDetectionManager of the watch app's running process had a delegate, so the "
        + "fall was kept for one (a process the system launches for a fall runs the app's "
        + "launch code and nothing else): make the manager and set its delegate in the launch "
        + "code (applicationDidFinishLaunching of the WKApplicationDelegate), and keep both in "
        + "properties (docs/swift-api.md#fall-detection)")
  }
}
