import Testing

@testable import WorkoutCore
@testable import WorkoutSystem

typealias HelperAction = RuntimeHelperStateMachine.Action

/// The helper of docs/field-cases.md F08 in each of its states: idle; pending (A acquired while
/// the app was not active); holding (A acquired while active, its start created session 0).
enum HelperState: CaseIterable, Sendable, CustomStringConvertible {
  case idle, pending, holding

  var description: String {
    switch self {
    case .idle: "idle"
    case .pending: "pending"
    case .holding: "holding"
    }
  }

  var machine: RuntimeHelperStateMachine {
    var machine = RuntimeHelperStateMachine()
    switch self {
    case .idle:
      break
    case .pending:
      _ = machine.acquire("A", appIsActive: false, sessionIsLive: false)
    case .holding:
      _ = machine.acquire("A", appIsActive: true, sessionIsLive: false)
      machine.started(session: 0)
    }
    return machine
  }
}

/// An event of the helper matrix (session 0 live while held).
enum HelperEvent: CaseIterable, Sendable, CustomStringConvertible {
  case acquireB, acquireA, releaseA, releaseB, appBecameActive, crash

  var description: String {
    switch self {
    case .acquireB: "acquireB"
    case .acquireA: "acquireA"
    case .releaseA: "releaseA"
    case .releaseB: "releaseB"
    case .appBecameActive: "appBecameActive"
    case .crash: "crash"
    }
  }
}

/// Row by row, with the app active: (action, holders after, session after).
let helperTable: [HelperState: [HelperEvent: (HelperAction, [String], Int?)]] = [
  .idle: [
    .acquireB: (.startSession, ["B"], nil),
    .acquireA: (.startSession, ["A"], nil),
    .releaseA: (.none, [], nil),
    .releaseB: (.none, [], nil),
    .appBecameActive: (.none, [], nil),
    .crash: (.none, [], nil),
  ],
  .pending: [
    .acquireB: (.startSession, ["A", "B"], nil),
    .acquireA: (.startSession, ["A"], nil),
    .releaseA: (.none, [], nil),
    .releaseB: (.none, ["A"], nil),
    .appBecameActive: (.startSession, ["A"], nil),
    .crash: (.none, [], nil),
  ],
  .holding: [
    .acquireB: (.none, ["A", "B"], 0),
    .acquireA: (.none, ["A"], 0),
    .releaseA: (.releaseSession(0), [], nil),
    .releaseB: (.none, ["A"], 0),
    .appBecameActive: (.none, ["A"], 0),
    .crash: (.none, [], nil),
  ],
]

@Suite struct RuntimeHelperStateMachineTests {
  @Test(arguments: HelperState.allCases, HelperEvent.allCases)
  func transitionMatrix(from state: HelperState, event: HelperEvent) throws {
    var machine = state.machine
    let (expected, holders, session) = try #require(helperTable[state]?[event])
    let live = machine.session != nil
    var action = HelperAction.none
    switch event {
    case .acquireB: action = machine.acquire("B", appIsActive: true, sessionIsLive: live)
    case .acquireA: action = machine.acquire("A", appIsActive: true, sessionIsLive: live)
    case .releaseA: action = machine.release("A")
    case .releaseB: action = machine.release("B")
    case .appBecameActive: action = machine.appBecameActive()
    case .crash: machine.crash()
    }
    #expect(action == expected)
    #expect(machine.holders == holders)
    #expect(machine.session == session)
  }

  @Test func anEndedSessionIsStartedAgainByTheNextAcquire() {
    var machine = HelperState.holding.machine
    // Session 0 expired: B's acquire while inactive waits, the app's activation starts one.
    #expect(machine.acquire("B", appIsActive: false, sessionIsLive: false) == .none)
    #expect(machine.appBecameActive() == .startSession)
    machine.started(session: 1)
    #expect(machine.session == 1)
    #expect(machine.holders == ["A", "B"])
  }
}

/// A body at 3 m/s until 60 s, still (0 m/s) until 100 s, then 3 m/s until 200 s, then still.
let stopAndGo = MovingSource(pieces: [(60, 3), (100, 0), (200, 3)])

/// Defaults: threshold 0.5 m/s, paused after 3 s below, resumed after 2 s at or above.
func detector(pausesSession: Bool = false) -> AutoPauseStateMachine {
  AutoPauseStateMachine(settings: AutoPauseConfiguration(pausesSession: pausesSession))
}

@Suite struct AutoPauseStateMachineTests {
  @Test func offUntilASessionStarts() {
    var machine = detector()
    #expect(machine.session == nil)
    #expect(machine.deadline == nil)
    #expect(
      machine.deadlinePassed(at: ns(100), motion: stopAndGo, sessionState: .running, appActs: true)
        == .none)
  }

  @Test func pausedThenResumedWhereTheSpeedChanges() {
    var machine = detector()
    machine.sessionStarted(0, at: ns(10), motion: stopAndGo)
    // Still from 60 s: 60 + 3 = 63 s.
    #expect(machine.deadline == ns(63))
    #expect(
      machine.deadlinePassed(at: ns(63), motion: stopAndGo, sessionState: .running, appActs: true)
        == .detected(.motionPaused, session: 0, call: nil))
    #expect(machine.isStill)
    // Moving again from 100 s: 100 + 2 = 102 s.
    #expect(machine.deadline == ns(102))
    #expect(
      machine.deadlinePassed(at: ns(102), motion: stopAndGo, sessionState: .running, appActs: true)
        == .detected(.motionResumed, session: 0, call: nil))
    // Still from 200 s for ever: 203 s.
    #expect(machine.deadline == ns(203))
    _ = machine.deadlinePassed(
      at: ns(203), motion: stopAndGo, sessionState: .running, appActs: true)
    // Never moving again.
    #expect(machine.deadline == nil)
  }

  @Test func theAppPausesAndResumesOnlyWhatItPaused() {
    var machine = detector(pausesSession: true)
    machine.sessionStarted(0, at: 0, motion: stopAndGo)
    #expect(
      machine.deadlinePassed(at: ns(63), motion: stopAndGo, sessionState: .running, appActs: true)
        == .detected(.motionPaused, session: 0, call: .pause))
    #expect(
      machine.deadlinePassed(at: ns(102), motion: stopAndGo, sessionState: .paused, appActs: true)
        == .detected(.motionResumed, session: 0, call: .resume))
    // The user paused before the body stopped at 200 s: the app does not resume it.
    #expect(
      machine.deadlinePassed(at: ns(203), motion: stopAndGo, sessionState: .paused, appActs: true)
        == .detected(.motionPaused, session: 0, call: nil))

    var crashed = detector(pausesSession: true)
    crashed.sessionStarted(0, at: 0, motion: stopAndGo)
    _ = crashed.deadlinePassed(at: ns(63), motion: stopAndGo, sessionState: .running, appActs: true)
    // Recovered after a crash at 70 s: nothing missed, and the pause is still the app's own.
    #expect(crashed.recovered(session: 0, sessionState: .paused, appActs: true) == nil)
    #expect(
      crashed.deadlinePassed(at: ns(102), motion: stopAndGo, sessionState: .paused, appActs: true)
        == .detected(.motionResumed, session: 0, call: .resume))

    var away = detector(pausesSession: true)
    away.sessionStarted(0, at: 0, motion: stopAndGo)
    _ = away.deadlinePassed(at: ns(63), motion: stopAndGo, sessionState: .running, appActs: true)
    // motionResumed while the app is dead: answered when it recovers the session, once.
    #expect(
      away.deadlinePassed(at: ns(102), motion: stopAndGo, sessionState: .paused, appActs: false)
        == .detected(.motionResumed, session: 0, call: nil))
    #expect(away.recovered(session: 1, sessionState: .paused, appActs: true) == nil)
    #expect(away.recovered(session: 0, sessionState: .paused, appActs: true) == .resume)
    #expect(away.recovered(session: 0, sessionState: .running, appActs: true) == nil)

    var suspended = detector(pausesSession: true)
    suspended.sessionStarted(0, at: 0, motion: stopAndGo)
    #expect(
      suspended.deadlinePassed(
        at: ns(63), motion: stopAndGo, sessionState: .running, appActs: false)
        == .detected(.motionPaused, session: 0, call: nil))
  }

  @Test func stoppingTheWatchedSessionEndsDetection() {
    var machine = detector()
    machine.sessionStarted(1, at: 0, motion: stopAndGo)
    machine.sessionStopped(0)
    #expect(machine.session == 1)
    machine.sessionStopped(1)
    #expect(machine.session == nil)
    #expect(machine.deadline == nil)
  }

  @Test func aShortStopIsNotAPause() {
    // Still from 10 s to 12 s only (2 s < 3 s), then from 20 s for ever: 20 + 3 = 23 s.
    let source = MovingSource(pieces: [(10, 3), (12, 0), (20, 3)])
    var machine = detector()
    machine.sessionStarted(0, at: 0, motion: source)
    #expect(machine.deadline == ns(23))
  }
}
