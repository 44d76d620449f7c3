import Foundation
import SimulatedHealthKit
import SimulatedWatchKit
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

/// A delegate that writes down each call: the seconds from t = 0, and what was said.
final class RuntimeRecorder: WKExtendedRuntimeSessionDelegate, @unchecked Sendable {
  enum Call: Equatable {
    case didStart
    case willExpire
    case invalidated(WKExtendedRuntimeSessionInvalidationReason, code: Int?, domain: String?)
  }

  let simulation: HealthKitSimulation
  let lock = NSLock()
  nonisolated(unsafe) var calls: [(at: Double, call: Call)] = []
  /// What `WKApplication.shared().applicationState` said inside each call.
  nonisolated(unsafe) var states: [WKApplicationState] = []

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  private func record(_ call: Call) {
    let at = simulation.now.timeIntervalSince(simulation.startDate)
    // Every WatchKit call into the app's code runs on the main actor, and `WKApplication` is
    // main-actor isolated, as Apple declares it: a nonisolated delegate reads it as an app
    // does, by asserting it is there.
    let state = MainActor.assumeIsolated { WKApplication.shared().applicationState }
    lock.withLock {
      calls.append((at, call))
      states.append(state)
    }
  }

  var recorded: [(at: Double, call: Call)] { lock.withLock { calls } }

  func extendedRuntimeSession(
    _ extendedRuntimeSession: WKExtendedRuntimeSession,
    didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?
  ) {
    let error = error.map { $0 as NSError }
    record(.invalidated(reason, code: error?.code, domain: error?.domain))
  }

  func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    record(.didStart)
  }

  func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    record(.willExpire)
  }
}

/// A watch scenario with no workout: `type` declared, `actions` the world's timeline.
func watchSimulation(
  type: ExtendedRuntimeSessionType?, actions: [(Int64, AppAction)] = [],
  willExpireLeadTime: Duration = .seconds(30)
) throws -> HealthKitSimulation {
  let timeline = actions.enumerated().map { index, action in
    Scenario.Action(
      at: .seconds(action.0), kind: .app(action.1), location: "timeline[\(index)]")
  }
  let scenario = try Scenario(
    name: "watch", timeline: timeline,
    watch: WatchConfiguration(extendedRuntimeType: type, willExpireLeadTime: willExpireLeadTime))
  return try HealthKitSimulation(scenario: scenario)
}

/// The `extendedRuntime` entries of the run's log: (seconds, engine session, event word).
func runtimeLog(_ simulation: HealthKitSimulation) -> [(Double, Int, String)] {
  simulation.result.log.compactMap { entry in
    guard case .extendedRuntime(let event) = entry.kind else { return nil }
    return (entry.at.seconds, event.session, event.change.word)
  }
}

@Suite("WatchKit: extended runtime sessions")
struct WatchKitRuntimeTests {
  @Test("Raw values are Apple's")
  func rawValues() {
    #expect(WKExtendedRuntimeSessionState.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(
      WKExtendedRuntimeSessionInvalidationReason.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, -1])
    #expect(WKExtendedRuntimeSessionErrorCode.allCases.map(\.rawValue) == Array(1...10))
    #expect(WKExtendedRuntimeSessionErrorCode.mustBeActiveToStartOrSchedule.rawValue == 3)
    #expect(WKHapticType.allCases.map(\.rawValue) == Array(0...13))
    #expect(WKHapticType.underwaterDepthCriticalPrompt.name == "underwaterDepthCriticalPrompt")
    #expect(WKApplicationState.allCases.map(\.rawValue) == [0, 1, 2])
    #expect(WKExtendedRuntimeSessionErrorDomain == "WKExtendedRuntimeSessionErrorDomain")
  }

  @Test("F07: a start while not active is invalid at once with error 3; after openApp it runs")
  func f07() async throws {
    // Wrist down at 0 (inactive), return to clock at 0 + 120 = 120 (background), the 10 s
    // grace ends at 130 (suspended), the user opens the app at 150 (active).
    let simulation = try watchSimulation(
      type: .mindfulness, actions: [(0, .wristDown), (150, .openApp)])
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      try await simulation.advance(by: .seconds(100))
      #expect(await WKApplication.shared().applicationState == .inactive)
      let first = WKExtendedRuntimeSession()
      first.delegate = recorder
      first.start()
      #expect(first.state == .invalid)
      #expect(first.expirationDate == nil)
      try await simulation.advance(by: .seconds(25))  // 125: background
      #expect(await WKApplication.shared().applicationState == .background)
      #expect(await WKExtension.shared().applicationState == .background)
      // A second start of the invalid session does nothing: it cannot run again.
      first.start()
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(140))
      // Suspended at 130: WatchKit has no such state, it reads background.
      #expect(await WKApplication.shared().applicationState == .background)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(160))
      #expect(await WKApplication.shared().applicationState == .active)
      let second = WKExtendedRuntimeSession()
      second.delegate = recorder
      second.start()
      #expect(second.state == .running)
      // Mindfulness: 1 hour, 160 + 3600 = 3760.
      #expect(second.expirationDate == simulation.startDate.addingTimeInterval(3760))
      try await simulation.advance(by: .seconds(10))
      #expect(first.state == .invalid)
      #expect(second.state == .running)
    }
    #expect(
      recorder.recorded.map(\.at) == [100, 160])
    #expect(
      recorder.recorded.map(\.call) == [
        .invalidated(.error, code: 3, domain: "WKExtendedRuntimeSessionErrorDomain"), .didStart,
      ])
    // The engine's log, as `workout-sim run` writes F07: session 0 invalidated at 100, session 1
    // started at 160; one error (mustBeActiveToStartOrSchedule at 100).
    #expect(runtimeLog(simulation).map(\.0) == [100, 160])
    #expect(runtimeLog(simulation).map(\.1) == [0, 1])
    #expect(runtimeLog(simulation).map(\.2) == ["invalidated", "started"])
    let errors = simulation.result.errors
    #expect(errors.count == 1)
    #expect(errors.first?.code == "mustBeActiveToStartOrSchedule")
    #expect(errors.first?.at == .seconds(100))
  }

  @Test("F07 from the background: a Crown press, then a start, error 3")
  func f07Background() async throws {
    let simulation = try watchSimulation(type: .selfCare, actions: [(5, .crownPress)])
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      try await simulation.advance(by: .seconds(8))
      #expect(await WKApplication.shared().applicationState == .background)
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start()
      await simulation.settle()
    }
    #expect(recorder.recorded.map(\.at) == [8])
    #expect(
      recorder.recorded.map(\.call) == [
        .invalidated(.error, code: 3, domain: "WKExtendedRuntimeSessionErrorDomain")
      ])
    // The delegate runs while the app is still in the background.
    #expect(recorder.states == [.background])
  }

  @Test("F08's cap: self care will-expire at 600 − 30 = 570, expired at 600")
  func selfCareCap() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      #expect(session.state == .notStarted)
      session.start()
      #expect(session.expirationDate == simulation.startDate.addingTimeInterval(600))
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(569))
      #expect(recorder.recorded.map(\.call) == [.didStart])
      try await simulation.advance(by: .seconds(1))
      #expect(recorder.recorded.map(\.call) == [.didStart, .willExpire])
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(599))
      #expect(session.state == .running)
      try await simulation.advance(by: .seconds(1))
      #expect(session.state == .invalid)
      // expirationDate stays after the end.
      #expect(session.expirationDate == simulation.startDate.addingTimeInterval(600))
    }
    #expect(recorder.recorded.map(\.at) == [0, 570, 600])
    #expect(
      recorder.recorded.map(\.call) == [
        .didStart, .willExpire, .invalidated(.expired, code: nil, domain: nil),
      ])
  }

  @Test("invalidate(): reason none; before start, notYetStarted in the log and no call")
  func invalidate() async throws {
    let simulation = try watchSimulation(type: .physicalTherapy)
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let unstarted = WKExtendedRuntimeSession()
      unstarted.delegate = recorder
      unstarted.invalidate()
      #expect(unstarted.state == .notStarted)
      try await simulation.advance(by: .seconds(10))
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start()
      try await simulation.advance(by: .seconds(50))
      session.invalidate()
      #expect(session.state == .invalid)
      await simulation.settle()
    }
    #expect(recorder.recorded.map(\.at) == [10, 60])
    #expect(
      recorder.recorded.map(\.call) == [.didStart, .invalidated(.none, code: nil, domain: nil)])
    #expect(simulation.result.errors.map(\.code) == ["notYetStarted"])
    #expect(simulation.result.errors.map(\.at) == [.zero])
  }

  @Test("A second session while one runs is sessionInProgress; the first invalidates itself")
  func sessionInProgress() async throws {
    let simulation = try watchSimulation(type: .mindfulness)
    let first = RuntimeRecorder(simulation)
    let second = RuntimeRecorder(simulation)
    try await simulation.run {
      let a = WKExtendedRuntimeSession()
      a.delegate = first
      a.start()
      try await simulation.advance(by: .seconds(30))
      let b = WKExtendedRuntimeSession()
      b.delegate = second
      b.start()
      #expect(b.state == .invalid)
      try await simulation.advance(by: .seconds(30))
      // The engine's latest session is b (invalid); a's own invalidate ends a.
      a.invalidate()
      #expect(a.state == .invalid)
      await simulation.settle()
    }
    #expect(first.recorded.map(\.at) == [0, 60])
    #expect(first.recorded.map(\.call) == [.didStart, .invalidated(.none, code: nil, domain: nil)])
    #expect(second.recorded.map(\.at) == [30])
    #expect(
      second.recorded.map(\.call) == [.invalidated(.sessionInProgress, code: nil, domain: nil)])
  }

  @Test("No declared type: invalid at once with notApprovedToStartSession (7)")
  func noDeclaredType() async throws {
    let simulation = try watchSimulation(type: nil)
    let recorder = RuntimeRecorder(simulation)
    await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start()
      #expect(session.state == .invalid)
      await simulation.settle()
    }
    #expect(
      recorder.recorded.map(\.call) == [
        .invalidated(.error, code: 7, domain: "WKExtendedRuntimeSessionErrorDomain")
      ])
    #expect(simulation.result.errors.map(\.code) == ["notApprovedToStartSession"])
  }

  @Test("A smart alarm scheduled for 3000 starts at 3000 in the background and expires at 4800")
  func smartAlarm() async throws {
    // Scheduled at 0 while active; a Crown press at 10 sends the app to the background and the
    // grace period suspends it at 20; at 3000 the system wakes it: running until
    // 3000 + 1800 = 4800, will-expire at 4770.
    let simulation = try watchSimulation(type: .smartAlarm, actions: [(10, .crownPress)])
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start(at: simulation.startDate.addingTimeInterval(3000))
      #expect(session.state == .scheduled)
      #expect(session.expirationDate == nil)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(3000))
      #expect(session.state == .running)
      #expect(session.expirationDate == simulation.startDate.addingTimeInterval(4800))
      session.notifyUser(hapticType: .notification)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(5000))
      session.notifyUser(hapticType: .notification)
    }
    #expect(recorder.recorded.map(\.at) == [3000, 4770, 4800])
    #expect(recorder.states.first == .background)
    let haptics = watchKitLog(simulation)
    // No handler: the haptic repeats every 3 s while the session runs, 3000, 3003, ..., 4797
    // ((4797 - 3000) / 3 + 1 = 600 haptics); at 4800 the session expired before the repeat.
    let repeats = (0..<600).map { 3000 + 3 * Double($0) }
    #expect(haptics.map(\.at) == repeats + [5000])
    #expect(haptics.map(\.event) == Array(repeating: "haptic", count: 600) + ["hapticDropped"])
    #expect(haptics.first?.details["runtimeSession"] == .integer(0))
    #expect(haptics[599].details["repeat"] == .integer(599))
    #expect(haptics.last?.details["reason"] == .string("sessionNotRunning"))
  }

  @Test("start(at:) of a type other than smart alarm: error notApprovedToSchedule (8)")
  func scheduleNotApproved() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    let recorder = RuntimeRecorder(simulation)
    await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start(at: simulation.startDate.addingTimeInterval(100))
      await simulation.settle()
    }
    #expect(
      recorder.recorded.map(\.call) == [
        .invalidated(.error, code: 8, domain: "WKExtendedRuntimeSessionErrorDomain")
      ])
  }

  @Test("A crash ends the session without a call; the relaunched app's new session runs")
  func crash() async throws {
    let simulation = try watchSimulation(type: .physicalTherapy)
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let old = WKExtendedRuntimeSession()
      old.delegate = recorder
      old.start()
      try await simulation.advance(by: .seconds(100))
      await simulation.crash()
      #expect(old.state == .invalid)
      #expect(await WKApplication.shared().applicationState == .background)
      await simulation.relaunch()
      // The dead process's object is inert: neither call reaches the engine's new session.
      old.start()
      old.invalidate()
      try await simulation.advance(by: .seconds(20))
      let new = WKExtendedRuntimeSession()
      new.delegate = recorder
      new.start()
      await simulation.settle()
      #expect(new.state == .running)
      // Physical therapy: 1 hour from 120.
      #expect(new.expirationDate == simulation.startDate.addingTimeInterval(3720))
    }
    #expect(recorder.recorded.map(\.at) == [0, 120])
    #expect(recorder.recorded.map(\.call) == [.didStart, .didStart])
    // Engine sessions 0 (started, terminated by the crash at 100) and 1 (started at 120).
    #expect(runtimeLog(simulation).map(\.2) == ["started", "terminated", "started"])
    #expect(runtimeLog(simulation).map(\.0) == [0, 100, 120])
    #expect(simulation.result.errors.isEmpty)
  }

  @Test("A Crown press ends a frontmost session with resignedFrontmost")
  func crownPress() async throws {
    let simulation = try watchSimulation(type: .mindfulness, actions: [(300, .crownPress)])
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start()
      try await simulation.advance(by: .seconds(400))
    }
    #expect(recorder.recorded.map(\.at) == [0, 300])
    #expect(
      recorder.recorded.map(\.call) == [
        .didStart, .invalidated(.resignedFrontmost, code: nil, domain: nil),
      ])
  }
}

/// The app's reference-counting helper of field case F08 (app code on top of
/// `WKExtendedRuntimeSession`, as in the app the case comes from): one session for every
/// holder, started when the first holder acquires it (deferred while the app is not active),
/// invalidated when the last lets go; a session the system ended is dropped. Its holders call
/// it on the main actor, where it reads the main-actor `WKApplication`.
final class RuntimeHolder: WKExtendedRuntimeSessionDelegate, @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var holders: [String] = []
  nonisolated(unsafe) var session: WKExtendedRuntimeSession?
  nonisolated(unsafe) var pending = false
  /// Every session the helper made.
  nonisolated(unsafe) var made: [WKExtendedRuntimeSession] = []
  let recorder: RuntimeRecorder

  init(recorder: RuntimeRecorder) { self.recorder = recorder }

  @MainActor func acquire(_ holder: String) {
    lock.withLock { if !holders.contains(holder) { holders.append(holder) } }
    startIfNeeded()
  }

  @MainActor func release(_ holder: String) {
    let last = lock.withLock { () -> WKExtendedRuntimeSession? in
      guard let position = holders.firstIndex(of: holder) else { return nil }
      holders.remove(at: position)
      pending = pending && !holders.isEmpty
      guard holders.isEmpty else { return nil }
      defer { session = nil }
      return session
    }
    last?.invalidate()
  }

  /// The app's `applicationDidBecomeActive`: a deferred start happens now.
  @MainActor func appDidBecomeActive() {
    if lock.withLock({ pending }) { startIfNeeded() }
  }

  @MainActor private func startIfNeeded() {
    let needed = lock.withLock { !holders.isEmpty && session == nil }
    guard needed else { return }
    guard WKApplication.shared().applicationState == .active else {
      lock.withLock { pending = true }
      return
    }
    let fresh = WKExtendedRuntimeSession()
    fresh.delegate = self
    lock.withLock {
      pending = false
      session = fresh
      made.append(fresh)
    }
    fresh.start()
  }

  func extendedRuntimeSession(
    _ extendedRuntimeSession: WKExtendedRuntimeSession,
    didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?
  ) {
    lock.withLock { if session === extendedRuntimeSession { session = nil } }
    recorder.extendedRuntimeSession(extendedRuntimeSession, didInvalidateWith: reason, error: error)
  }

  func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    recorder.extendedRuntimeSessionDidStart(extendedRuntimeSession)
  }

  func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    recorder.extendedRuntimeSessionWillExpire(extendedRuntimeSession)
  }
}

@Suite("WatchKit: F08's reference-counted session, app code")
struct WatchKitHelperTests {
  @Test("A at 0, B at 100, A lets go at 200, expired at 600, B's release at 700 does nothing")
  func f08() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    let recorder = RuntimeRecorder(simulation)
    let helper = RuntimeHolder(recorder: recorder)
    try await simulation.run {
      await helper.acquire("A")
      try await simulation.advance(by: .seconds(100))
      await helper.acquire("B")
      try await simulation.advance(by: .seconds(100))
      await helper.release("A")
      // Still running at 200: B holds it.
      #expect(helper.made.count == 1)
      #expect(helper.made.first?.state == .running)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(700))
      await helper.release("B")
      await simulation.settle()
    }
    // One session, started at 0; self care's 600 s cap: will-expire at 600 − 30 = 570,
    // expired at 0 + 600 = 600.
    #expect(helper.made.count == 1)
    #expect(recorder.recorded.map(\.at) == [0, 570, 600])
    #expect(
      recorder.recorded.map(\.call) == [
        .didStart, .willExpire, .invalidated(.expired, code: nil, domain: nil),
      ])
    #expect(simulation.result.errors.isEmpty)
    #expect(runtimeLog(simulation).map(\.2) == ["started", "willExpire", "invalidated"])
  }

  @Test("Acquired while inactive, the start waits for the app to become active")
  func deferredStart() async throws {
    let simulation = try watchSimulation(
      type: .selfCare, actions: [(0, .wristDown), (50, .wristUp)])
    let recorder = RuntimeRecorder(simulation)
    let helper = RuntimeHolder(recorder: recorder)
    try await simulation.run {
      try await simulation.advance(by: .seconds(10))
      await helper.acquire("A")
      #expect(helper.made.isEmpty)
      try await simulation.advance(by: .seconds(40))
      await helper.appDidBecomeActive()
      try await simulation.advance(by: .seconds(10))
      await helper.release("A")
      await simulation.settle()
    }
    // Started at 50 (wrist up), invalidated by the last release at 60.
    #expect(recorder.recorded.map(\.at) == [50, 60])
    #expect(
      recorder.recorded.map(\.call) == [.didStart, .invalidated(.none, code: nil, domain: nil)])
  }
}

/// The `system` entries of framework WatchKit.
func watchKitLog(_ simulation: HealthKitSimulation)
  -> [(at: Double, event: String, identifier: String, details: [String: SystemEvent.Value])]
{
  simulation.result.log.compactMap { entry in
    guard case .system(let event) = entry.kind, event.framework == .watchKit else { return nil }
    return (entry.at.seconds, event.event, event.identifier, event.details)
  }
}

@Suite("WatchKit: haptics")
struct WatchKitHapticTests {
  @Test("play(_:) plays while active, is dropped inactive and in the background")
  func playWithoutWorkout() async throws {
    // Wrist down at 10 (inactive), background at 10 + 120 = 130, suspended at 140.
    let simulation = try watchSimulation(type: nil, actions: [(10, .wristDown)])
    try await simulation.run {
      WKInterfaceDevice.current().play(.success)
      try await simulation.advance(by: .seconds(20))
      WKInterfaceDevice.current().play(.failure)
      try await simulation.advance(by: .seconds(115))
      WKInterfaceDevice.current().play(.click)
      try await simulation.advance(by: .seconds(10))
      WKInterfaceDevice.current().play(.retry)
      #expect(WKInterfaceDevice.current() === WKInterfaceDevice.current())
    }
    let log = watchKitLog(simulation)
    #expect(log.map(\.at) == [0, 20, 135, 145])
    #expect(log.map(\.event) == ["haptic", "hapticDropped", "hapticDropped", "hapticDropped"])
    #expect(log.map(\.identifier) == ["success", "failure", "click", "retry"])
    #expect(
      log.map { $0.details["appState"] } == [
        .string("active"), .string("inactive"), .string("background"), .string("suspended"),
      ])
    #expect(log.last?.details["reason"] == .string("notActive"))
  }

  @Test("With a workout session the haptic plays with the wrist down and in the background")
  func playWithWorkout() async throws {
    let simulation = try watchSimulation(type: nil, actions: [(10, .wristDown)])
    try await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(
        healthStore: HKHealthStore(), configuration: configuration)
      session.startActivity(with: simulation.now)
      try await simulation.advance(by: .seconds(20))
      WKInterfaceDevice.current().play(.directionUp)
      try await simulation.advance(by: .seconds(180))
      WKInterfaceDevice.current().play(.directionDown)
      session.end()
      try await simulation.advance(by: .seconds(20))
      WKInterfaceDevice.current().play(.stop)
    }
    let log = watchKitLog(simulation)
    // 20: inactive, 200: background (kept alive), 220: the session ended at 200, so the
    // grace period (10 s) suspended the app at 210.
    #expect(log.map(\.at) == [20, 200, 220])
    #expect(log.map(\.event) == ["haptic", "haptic", "hapticDropped"])
    #expect(
      log.map { $0.details["appState"] } == [
        .string("inactive"), .string("background"), .string("suspended"),
      ])
  }
}

/// What a `notifyUser` repeat handler was asked, and what it answers.
final class RepeatAnswers: @unchecked Sendable {
  /// The waits to return, in order (the last one again after them).
  let waits: [TimeInterval]
  /// The haptic to set on the n-th call (1-based), if any.
  let changes: [Int: WKHapticType]
  /// Virtual time in seconds at each call.
  nonisolated(unsafe) var calledAt: [Double] = []
  let simulation: HealthKitSimulation

  init(_ simulation: HealthKitSimulation, waits: [TimeInterval], changes: [Int: WKHapticType]) {
    self.simulation = simulation
    self.waits = waits
    self.changes = changes
  }

  func answer(_ type: UnsafeMutablePointer<WKHapticType>) -> TimeInterval {
    calledAt.append(simulation.now.timeIntervalSince(simulation.startDate))
    let call = calledAt.count
    if let change = changes[call] { type.pointee = change }
    return waits[min(call, waits.count) - 1]
  }
}

@Suite("WatchKit: notifyUser repeats")
struct WatchKitRepeatingHapticTests {
  @Test("Without a handler the haptic repeats every 3 s until invalidate()")
  func defaultInterval() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.start()
      try await simulation.advance(by: .seconds(1))
      session.notifyUser(hapticType: .notification)
      try await simulation.advance(by: .seconds(10))
      session.invalidate()
      try await simulation.advance(by: .seconds(30))
    }
    let haptics = watchKitLog(simulation).filter { $0.event.hasPrefix("haptic") }
    // At 1, then 1 + 3 = 4, 7, 10; invalidated at 11, so not at 13.
    #expect(haptics.map(\.at) == [1, 4, 7, 10])
    #expect(haptics.map { $0.details["repeat"] } == [nil, .integer(1), .integer(2), .integer(3)])
    #expect(haptics.allSatisfy { $0.event == "haptic" && $0.identifier == "notification" })
  }

  @Test("The handler sets each wait and the next haptic; a wait of 0 ends the repeats loudly")
  func handlerWaits() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    let answers = RepeatAnswers(simulation, waits: [5, 2.5, 0], changes: [2: .success])
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.start()
      try await simulation.advance(by: .seconds(1))
      session.notifyUser(hapticType: .notification, repeatHandler: answers.answer)
      try await simulation.advance(by: .seconds(60))
      #expect(session.state == .running)
    }
    // The handler after each haptic: at 1 (wait 5), at 1 + 5 = 6 (wait 2.5, next is success),
    // at 6 + 2.5 = 8.5 (wait 0: refused, no more repeats).
    #expect(answers.calledAt == [1, 6, 8.5])
    let haptics = watchKitLog(simulation).filter { $0.event.hasPrefix("haptic") }
    #expect(haptics.map(\.at) == [1, 6, 8.5, 8.5])
    #expect(haptics.map(\.event) == ["haptic", "haptic", "haptic", "hapticDropped"])
    #expect(haptics.map(\.identifier) == ["notification", "notification", "success", "success"])
    #expect(haptics.last?.details["reason"] == .string("invalidRepeatInterval"))
    let reports = simulation.reports.filter { $0.framework == "WatchKit" }
    #expect(reports.map(\.kind) == [.dropped])
    #expect(reports.first?.seconds == 8.5)
    #expect(reports.first?.message.contains("greater than 0 and at most 60 s") == true)
  }

  @Test("A wait over 60 s is refused: one haptic, then hapticDropped")
  func tooLong() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    let answers = RepeatAnswers(simulation, waits: [61], changes: [:])
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.start()
      session.notifyUser(hapticType: .retry, repeatHandler: answers.answer)
      try await simulation.advance(by: .seconds(120))
    }
    #expect(answers.calledAt == [0])
    let haptics = watchKitLog(simulation).filter { $0.event.hasPrefix("haptic") }
    #expect(haptics.map(\.at) == [0, 0])
    #expect(haptics.map(\.event) == ["haptic", "hapticDropped"])
    #expect(simulation.reports.filter { $0.framework == "WatchKit" }.map(\.kind) == [.dropped])
  }

  @Test("A wait of 60 s is taken; the repeats end at the session's expiry")
  func expiry() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    let answers = RepeatAnswers(simulation, waits: [60], changes: [:])
    try await simulation.run {
      let session = WKExtendedRuntimeSession()
      session.start()
      session.notifyUser(hapticType: .retry, repeatHandler: answers.answer)
      try await simulation.advance(by: .seconds(700))
    }
    // Self care runs 600 s: haptics at 0, 60, ..., 540 (the handler each time, 10 calls); at
    // 600 the session expired before the repeat, so no haptic and no eleventh call.
    #expect(answers.calledAt == (0..<10).map { 60 * Double($0) })
    let haptics = watchKitLog(simulation).filter { $0.event.hasPrefix("haptic") }
    #expect(haptics.map(\.at) == (0..<10).map { 60 * Double($0) })
    #expect(simulation.reports.filter { $0.framework == "WatchKit" }.isEmpty)
  }
}

@Suite("WatchKit: Water Lock")
struct WatchKitWaterLockTests {
  @Test("enableWaterLock() locks only an active app with a running workout; the user unlocks")
  func waterLock() async throws {
    let simulation = try watchSimulation(type: nil, actions: [(30, .wristDown)])
    try await simulation.run {
      let device = WKInterfaceDevice.current()
      // 0: no session yet: refused, still unlocked.
      device.enableWaterLock()
      #expect(!device.isWaterLockEnabled)
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .swimming
      configuration.swimmingLocationType = .pool
      configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
      let session = try HKWorkoutSession(
        healthStore: HKHealthStore(), configuration: configuration)
      session.startActivity(with: simulation.now)
      try await simulation.advance(by: .seconds(10))
      // 10: active, running: locked.
      device.enableWaterLock()
      #expect(device.isWaterLockEnabled)
      try await simulation.advance(by: .seconds(10))
      // 20: the user turns the crown: unlocked; the app cannot do it itself.
      simulation.unlockWaterLock()
      #expect(!device.isWaterLockEnabled)
      try await simulation.advance(by: .seconds(20))
      // 40: wrist down since 30, the app is inactive: refused.
      device.enableWaterLock()
      #expect(!device.isWaterLockEnabled)
      session.end()
    }
    let log = watchKitLog(simulation)
    #expect(log.map(\.at) == [0, 10, 20, 40])
    #expect(
      log.map(\.event) == ["waterLockRefused", "waterLock", "waterUnlock", "waterLockRefused"])
    #expect(
      log.map { $0.details["reason"] } == [
        .string("noWorkoutSession"), nil, nil, .string("notActive"),
      ])
  }
}

/// Both doors: a bundled watch scenario's `extendedRuntime` actions made through
/// `WKExtendedRuntimeSession` (and the app-code helper for `acquire` / `release`) give the very
/// log `workout-sim run` makes from the file.
@Suite("WatchKit: the two doors agree")
struct WatchKitTwoDoorsTests {
  @Test(
    arguments: [
      "runtime-f07-start-in-background.json", "runtime-f08-reference-counting.json",
      "runtime-mindfulness-crown-press.json", "runtime-mindfulness.json",
      "runtime-physical-therapy.json", "runtime-self-care.json", "runtime-smart-alarm.json",
    ])
  func sameLog(name: String) async throws {
    let scenario = try bundledScenario(name)
    let cli = try Simulation.run(scenario)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let helper = RuntimeHolder(recorder: recorder)
      var sessions: [WKExtendedRuntimeSession] = []
      for action in scenario.timeline {
        try await simulation.advance(to: simulation.date(of: action.at))
        guard case .app(.extendedRuntime(let operation)) = action.kind else { continue }
        switch operation {
        case .start:
          let session = WKExtendedRuntimeSession()
          session.delegate = recorder
          session.start()
          sessions.append(session)
        case .schedule(let instant):
          let session = WKExtendedRuntimeSession()
          session.delegate = recorder
          session.start(at: simulation.date(of: instant))
          sessions.append(session)
        case .invalidate, .invalidateSession:
          sessions.last?.invalidate()
        case .acquire(let holder): await helper.acquire(holder)
        case .release(let holder): await helper.release(holder)
        }
      }
      await simulation.settle()
    }
    #expect(simulation.result.log == cli.log, "\(name)")
    #expect(simulation.result.errors == cli.errors, "\(name)")
  }
}

/// A main-actor session owner as apps write it: a `@preconcurrency` conformance, so Swift
/// checks at each call that it runs on the main actor; records whether each call ran on the
/// main queue (`mainQueueKey`) and the seconds from t = 0.
@MainActor
final class MainActorRuntimeOwner: NSObject,
  @preconcurrency WKExtendedRuntimeSessionDelegate
{
  let simulation: HealthKitSimulation
  var session: WKExtendedRuntimeSession?
  var calls: [(at: Double, call: String, mainQueue: Bool)] = []

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  func start() {
    let session = WKExtendedRuntimeSession()
    session.delegate = self
    self.session = session
    session.start()
  }

  private func record(_ call: String) {
    let at = simulation.now.timeIntervalSince(simulation.startDate)
    calls.append((at, call, DispatchQueue.getSpecific(key: mainQueueKey) == true))
  }

  func extendedRuntimeSession(
    _ extendedRuntimeSession: WKExtendedRuntimeSession,
    didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?
  ) { record("invalidated \(reason)") }

  func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    record("didStart")
  }

  func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    record("willExpire")
  }
}

extension WatchKitRuntimeTests {
  @Test("The delegate calls run on the main actor: a main-actor delegate gets all three")
  func delegateCallsOnTheMainActor() async throws {
    let simulation = try watchSimulation(type: .selfCare)
    _ = mainQueueKey
    let owner = await MainActor.run { MainActorRuntimeOwner(simulation) }
    try await simulation.run {
      await owner.start()
      try await simulation.advance(by: .seconds(600))
    }
    // Self care: started at 0, will-expire at 600 − 30 = 570, expired at 600; each call on the
    // main queue (before the fix: in the callback lane, where the conformance's check trapped).
    let calls = await MainActor.run { owner.calls }
    #expect(calls.map(\.at) == [0, 570, 600])
    #expect(calls.map(\.call) == ["didStart", "willExpire", "invalidated expired"])
    #expect(calls.map(\.mainQueue) == [true, true, true])
  }
}
