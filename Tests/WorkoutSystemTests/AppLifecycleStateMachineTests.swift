import Testing

@testable import WorkoutCore
@testable import WorkoutSystem

/// Seconds as the machines' nanoseconds.
func ns(_ seconds: Int64) -> Int64 { seconds * 1_000_000_000 }

/// An event of the app lifecycle matrix (every one at t = 1000 s except `deadline`, which is
/// passed at the machine's own deadline, or at 1000 s when it has none).
enum AppEvent: CaseIterable, Sendable, CustomStringConvertible {
  case wristDown, wristUp, crownPress, openApp, deadline, crash, relaunch

  var description: String {
    switch self {
    case .wristDown: "wristDown"
    case .wristUp: "wristUp"
    case .crownPress: "crownPress"
    case .openApp: "openApp"
    case .deadline: "deadline"
    case .crash: "crash"
    case .relaunch: "relaunch"
    }
  }
}

/// Return to clock 120 s, grace 10 s (the defaults).
let appWatch = WatchConfiguration()

/// A machine in `state`, reached at t = 0: inactive by a wrist-down (deadline 0 + 120 s),
/// background by a crown press (the wrist up, grace deadline 0 + 10 s), suspended by the grace
/// period passing at 10 s, notRunning by a crash.
func appMachine(in state: AppState) -> AppLifecycleStateMachine {
  var machine = AppLifecycleStateMachine(watch: appWatch)
  switch state {
  case .active:
    break
  case .inactive:
    _ = machine.wristDown(at: 0, keepAlive: .none)
  case .background:
    _ = machine.crownPress(at: 0, keepAlive: .none)
  case .suspended:
    _ = machine.crownPress(at: 0, keepAlive: .none)
    _ = machine.deadlinePassed(at: ns(10), frontmostHeld: false, keepAlive: .none)
  case .notRunning:
    _ = machine.crash(keepAlive: .none)
  }
  return machine
}

/// One cell: the state after, the change (`nil`: none; `from == to` never happens here) or a
/// launch, and the deadline after (seconds).
struct AppCell: Sendable {
  var to: AppState
  var cause: AppStateCause?
  var launch = false
  var deadline: Int64?
}

/// docs/healthkit-behaviour.md#app-states, row by row; keep-alive `none` throughout. A wrist-down
/// at 1000 s sets return to clock at 1000 + 120 = 1120 s; entering the background at 1000 s sets
/// the grace end at 1000 + 10 = 1010 s; the return to clock at 120 s sets it at 120 + 10 = 130 s.
let appTable: [AppState: [AppEvent: AppCell]] = [
  .active: [
    .wristDown: AppCell(to: .inactive, cause: .wristDown, deadline: 1120),
    .wristUp: AppCell(to: .active),
    .crownPress: AppCell(to: .background, cause: .crownPress, deadline: 1010),
    .openApp: AppCell(to: .active),
    .deadline: AppCell(to: .active),
    .crash: AppCell(to: .notRunning, cause: .crash),
    .relaunch: AppCell(to: .active),
  ],
  .inactive: [
    .wristDown: AppCell(to: .inactive, deadline: 120),
    .wristUp: AppCell(to: .active, cause: .wristUp),
    .crownPress: AppCell(to: .background, cause: .crownPress, deadline: 1010),
    .openApp: AppCell(to: .active, cause: .openApp),
    .deadline: AppCell(to: .background, cause: .returnToClock, deadline: 130),
    .crash: AppCell(to: .notRunning, cause: .crash),
    .relaunch: AppCell(to: .inactive, deadline: 120),
  ],
  .background: [
    .wristDown: AppCell(to: .background, deadline: 10),
    .wristUp: AppCell(to: .background, deadline: 10),
    .crownPress: AppCell(to: .background, deadline: 10),
    .openApp: AppCell(to: .active, cause: .openApp),
    .deadline: AppCell(to: .suspended, cause: .gracePeriodEnded),
    .crash: AppCell(to: .notRunning, cause: .crash),
    .relaunch: AppCell(to: .background, deadline: 10),
  ],
  .suspended: [
    .wristDown: AppCell(to: .suspended),
    .wristUp: AppCell(to: .suspended),
    .crownPress: AppCell(to: .suspended),
    .openApp: AppCell(to: .active, cause: .openApp),
    .deadline: AppCell(to: .suspended),
    .crash: AppCell(to: .notRunning, cause: .crash),
    .relaunch: AppCell(to: .suspended),
  ],
  .notRunning: [
    .wristDown: AppCell(to: .notRunning),
    .wristUp: AppCell(to: .notRunning),
    .crownPress: AppCell(to: .notRunning),
    .openApp: AppCell(to: .notRunning, launch: true),
    .deadline: AppCell(to: .notRunning),
    .crash: AppCell(to: .notRunning),
    .relaunch: AppCell(to: .active, cause: .relaunch),
  ],
]

@Suite struct AppLifecycleStateMachineTests {
  @Test(arguments: AppState.allCases, AppEvent.allCases)
  func transitionMatrix(from state: AppState, event: AppEvent) throws {
    var machine = appMachine(in: state)
    let cell = try #require(appTable[state]?[event])
    let at = ns(1000)
    let action: AppLifecycleStateMachine.Action =
      switch event {
      case .wristDown: machine.wristDown(at: at, keepAlive: .none)
      case .wristUp: machine.wristUp(keepAlive: .none)
      case .crownPress: machine.crownPress(at: at, keepAlive: .none)
      case .openApp: machine.openApp(keepAlive: .none)
      case .deadline:
        machine.deadlinePassed(
          at: machine.deadline ?? at, frontmostHeld: false, keepAlive: .none)
      case .crash: machine.crash(keepAlive: .none)
      case .relaunch: machine.relaunch(at: at, keepAlive: .none)
      }
    let expected: AppLifecycleStateMachine.Action =
      if cell.launch {
        .launch
      } else if let cause = cell.cause {
        .changed(AppStateChange(from: state, to: cell.to, cause: cause, keepAlive: .none))
      } else {
        .none
      }
    #expect(action == expected)
    #expect(machine.appState == cell.to)
    #expect(machine.deadline == cell.deadline.map(ns))
    // Derived facts follow the state.
    #expect(machine.isRunning == (cell.to != .notRunning))
    #expect(machine.receivesCallbacks == cell.to.receivesCallbacks)
  }

  @Test func wristIsTrackedInEveryStateAndOpenAppRaisesIt() {
    var machine = appMachine(in: .notRunning)
    #expect(machine.isWristUp)
    _ = machine.wristDown(at: ns(5), keepAlive: .none)
    #expect(!machine.isWristUp)
    // Relaunched with the wrist down: background, grace ends at 6 + 10 = 16 s.
    #expect(
      machine.relaunch(at: ns(6), keepAlive: .none)
        == .changed(
          AppStateChange(from: .notRunning, to: .background, cause: .relaunch, keepAlive: .none)))
    #expect(machine.deadline == ns(16))
    _ = machine.openApp(keepAlive: .none)
    #expect(machine.isWristUp)
    #expect(machine.appState == .active)
  }

  @Test func wristUpInTheBackgroundNeedsAWorkoutSession() {
    var kept = appMachine(in: .background)
    _ = kept.wristDown(at: ns(1), keepAlive: .workoutSession)
    #expect(
      kept.wristUp(keepAlive: .workoutSession)
        == .changed(
          AppStateChange(
            from: .background, to: .active, cause: .wristUp, keepAlive: .workoutSession)))
    var runtime = appMachine(in: .background)
    _ = runtime.wristDown(at: ns(1), keepAlive: .extendedRuntimeSession)
    #expect(runtime.wristUp(keepAlive: .extendedRuntimeSession) == .none)
    #expect(runtime.appState == .background)
  }

  @Test func keepAliveChangesAreLoggedInTheBackgroundOnly() {
    var machine = appMachine(in: .background)
    #expect(
      machine.keepAliveChanged(to: .workoutSession, at: ns(4))
        == .changed(
          AppStateChange(
            from: .background, to: .background, cause: .keepAlive, keepAlive: .workoutSession)))
    // Kept alive: no grace period.
    #expect(machine.deadline == nil)
    #expect(machine.keepAliveChanged(to: .workoutSession, at: ns(5)) == .none)
    _ = machine.keepAliveChanged(to: .none, at: ns(7))
    // 7 + 10 = 17 s.
    #expect(machine.deadline == ns(17))
    var active = appMachine(in: .active)
    #expect(active.keepAliveChanged(to: .workoutSession, at: ns(4)) == .none)
  }

  @Test func aFrontmostSessionHoldsReturnToClockUntilItEnds() {
    var machine = appMachine(in: .inactive)
    // Held at 120 s: the deadline is cleared and the app stays inactive.
    #expect(machine.deadlinePassed(at: ns(120), frontmostHeld: true, keepAlive: .none) == .none)
    #expect(machine.appState == .inactive)
    #expect(machine.deadline == nil)
    // The session ends at 200 s: the wrist went down at 0, 0 + 120 ≤ 200, so at once.
    #expect(
      machine.frontmostSessionEnded(at: ns(200), keepAlive: .none)
        == .changed(
          AppStateChange(
            from: .inactive, to: .background, cause: .returnToClock, keepAlive: .none)))
    // Grace from 200 s: 210 s.
    #expect(machine.deadline == ns(210))

    var early = appMachine(in: .inactive)
    _ = early.deadlinePassed(at: ns(120), frontmostHeld: true, keepAlive: .none)
    _ = early.wristUp(keepAlive: .none)
    _ = early.wristDown(at: ns(130), keepAlive: .none)
    // Ends at 240 s after a wrist-down at 130 s: 130 + 120 = 250 s is still ahead.
    #expect(early.frontmostSessionEnded(at: ns(240), keepAlive: .none) == .none)
    #expect(early.deadline == ns(250))
  }

  @Test func neverReturnToClockHasNoDeadline() {
    var machine = AppLifecycleStateMachine(watch: WatchConfiguration(returnToClock: nil))
    _ = machine.wristDown(at: ns(3), keepAlive: .none)
    #expect(machine.appState == .inactive)
    #expect(machine.deadline == nil)
  }

  @Test func aScheduledSessionWakesASuspendedApp() {
    var machine = appMachine(in: .suspended)
    #expect(
      machine.scheduledSessionBegan(at: ns(50), keepAlive: .none)
        == .changed(
          AppStateChange(
            from: .suspended, to: .background, cause: .extendedRuntimeSession, keepAlive: .none)))
    var active = appMachine(in: .active)
    #expect(active.scheduledSessionBegan(at: ns(50), keepAlive: .none) == .none)
  }
  /// The system's launches of a not-running app that are not in the matrix: a scheduled
  /// extended runtime session's start (Apple's `start(at:)`: "If your app isn't running, the
  /// system launches your app") and a fall (Apple: "the system wakes or launches your app when
  /// a fall detection event occurs") launch it into the background with their cause; a fall
  /// leaves a running app as it is.
  @Test func systemLaunchesOfANotRunningApp() {
    var alarm = appMachine(in: .notRunning)
    #expect(
      alarm.scheduledSessionBegan(at: ns(1000), keepAlive: .none)
        == .launchInBackground(.extendedRuntimeSession))
    var fall = appMachine(in: .notRunning)
    #expect(fall.fallDetected() == .launchInBackground(.fallDetection))
    for state in [AppState.active, .inactive, .background, .suspended] {
      var running = appMachine(in: state)
      #expect(running.fallDetected() == .none)
      #expect(running.appState == state)
    }
  }
}
