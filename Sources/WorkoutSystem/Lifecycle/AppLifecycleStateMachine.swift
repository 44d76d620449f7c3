import WorkoutCore

/// The app process as the watch's system sees it, with the wrist: a state machine in the
/// `WorkoutSessionStateMachine` shape (a private state enum whose cases carry only their own
/// data, one mutating method per event, each returning what the engine must do).
///
/// Rules (docs/healthkit-behaviour.md#app-states and #suspension-and-keep-alive):
///
/// | state \ event | wristDown | wristUp | crownPress | openApp | deadline | crash | relaunch |
/// |---|---|---|---|---|---|---|---|
/// | notRunning | - | - | - | launch | - | - | active (wrist up) or background |
/// | active | inactive | - | background | - | - | notRunning | - |
/// | inactive | - | active | background | active | background (return to clock) | notRunning | - |
/// | background | - | active if a workout session keeps it alive | - | active | suspended (grace) | notRunning | - |
/// | suspended | - | - | - | active | - | notRunning | - |
///
/// A scheduled extended runtime session's start (``scheduledSessionBegan(at:keepAlive:)``) wakes
/// a suspended app and launches a not-running one into the background.
/// A background refresh due (``backgroundRefreshDue(at:keepAlive:)``): ignored while frontmost,
/// background (woken) when suspended, a launch into the background when not running.
///
/// The wrist is tracked in every state (`wristDown` / `wristUp` only change it when it differs;
/// `openApp` raises it). The return-to-clock deadline is set on active → inactive and held off
/// while a frontmost extended runtime session runs (``deadlinePassed(at:frontmostHeld:keepAlive:)``
/// then clears it; ``frontmostSessionEnded(at:keepAlive:)`` re-arms it from the wrist-down). The
/// grace deadline exists while the app is in the background with nothing keeping it alive;
/// ``keepAliveChanged(to:at:)`` starts or cancels it. The keep-alive reason is an input of every
/// event (the engine computes it from the sessions' states), never stored outside the
/// background state that depends on it.
struct AppLifecycleStateMachine: Sendable, Hashable {
  /// What the engine must do after an event.
  enum Action: Sendable, Hashable {
    /// Nothing changed.
    case none
    /// The app state changed: log it (when the lifecycle model is on) and react (deliver what
    /// a suspended app missed, start a pending extended runtime session on `active`).
    case changed(AppStateChange)
    /// `openApp` while the app is not running: launch it without recovery, then
    /// ``relaunch(keepAlive:)``.
    case launch
    /// The system launches the app, which is not running, into the background for `cause`:
    /// launch it without recovery, then ``relaunch(at:keepAlive:inBackgroundFor:)``.
    case launchInBackground(AppStateCause)
    /// The event does not apply to the app as it stands and is dropped: a background refresh
    /// while the app is frontmost (``backgroundRefreshDue(at:keepAlive:)``).
    case ignored
  }

  private enum Wrist: Sendable, Hashable {
    case up
    /// Lowered at the instant (nanoseconds).
    case down(since: Int64)
  }

  private enum State: Sendable, Hashable {
    /// Exits: relaunch → active or background.
    case notRunning
    /// Exits: wristDown → inactive, crownPress → background, crash.
    case active
    /// Exits: wristUp, openApp → active; crownPress, return to clock → background; crash.
    case inactive(returnToClockAt: Int64?)
    /// Exits: wristUp (kept alive by a workout session), openApp → active; grace → suspended;
    /// crash. `keepAlive` is the reason the grace deadline follows.
    case background(keepAlive: KeepAliveReason, graceEndsAt: Int64?)
    /// Exits: openApp → active, a scheduled extended runtime session → background, crash.
    case suspended
  }

  private var current: State = .active
  private var wrist: Wrist = .up
  /// Return to Clock in nanoseconds, `nil` for "never".
  private let returnToClock: Int64?
  /// The background grace period in nanoseconds.
  private let gracePeriod: Int64

  /// Creates an app that is `active` with the wrist up, or `notRunning` (the scenario's
  /// `watch.appState`) until `openApp` launches it.
  init(watch: WatchConfiguration, startsNotRunning: Bool = false) {
    self.returnToClock = watch.returnToClock?.wholeNanoseconds
    self.gracePeriod = watch.backgroundGracePeriod.wholeNanoseconds
    if startsNotRunning { self.current = .notRunning }
  }

  // MARK: - Derived facts

  /// The app state.
  var appState: AppState {
    switch self.current {
    case .notRunning: .notRunning
    case .active: .active
    case .inactive: .inactive
    case .background: .background
    case .suspended: .suspended
    }
  }

  /// Whether the app process runs (every state but `notRunning`).
  var isRunning: Bool { self.appState != .notRunning }

  /// Whether the app's code runs and receives callbacks (``AppState/receivesCallbacks``).
  var receivesCallbacks: Bool { self.appState.receivesCallbacks }

  /// Whether the wrist is raised.
  var isWristUp: Bool { self.wrist == .up }

  /// The next instant (nanoseconds) at which ``deadlinePassed(at:frontmostHeld:keepAlive:)``
  /// has something to do, or `nil`.
  var deadline: Int64? {
    switch self.current {
    case .inactive(let returnToClockAt): returnToClockAt
    case .background(_, let graceEndsAt): graceEndsAt
    case .notRunning, .active, .suspended: nil
    }
  }

  // MARK: - Events

  /// `wristDown` at `date`: active → inactive, setting the return-to-clock deadline.
  mutating func wristDown(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    guard self.wrist == .up else { return .none }
    self.wrist = .down(since: date)
    guard case .active = self.current else { return .none }
    return self.move(
      to: .inactive(returnToClockAt: self.returnToClock.map { date &+ $0 }), cause: .wristDown,
      keepAlive: keepAlive)
  }

  /// `wristUp`: inactive → active; background → active when a workout session keeps the app
  /// alive.
  mutating func wristUp(keepAlive: KeepAliveReason) -> Action {
    guard self.wrist != .up else { return .none }
    self.wrist = .up
    switch self.current {
    case .inactive:
      return self.move(to: .active, cause: .wristUp, keepAlive: keepAlive)
    case .background where keepAlive == .workoutSession:
      return self.move(to: .active, cause: .wristUp, keepAlive: keepAlive)
    case .notRunning, .active, .background, .suspended:
      return .none
    }
  }

  /// `crownPress` at `date`: frontmost → background.
  mutating func crownPress(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    switch self.current {
    case .active, .inactive:
      return self.move(
        to: self.background(at: date, keepAlive: keepAlive), cause: .crownPress,
        keepAlive: keepAlive)
    case .notRunning, .background, .suspended:
      return .none
    }
  }

  /// `openApp`: raises the wrist; → active, or ``Action/launch`` when the app is not running.
  mutating func openApp(keepAlive: KeepAliveReason) -> Action {
    self.wrist = .up
    switch self.current {
    case .notRunning:
      return .launch
    case .active:
      return .none
    case .inactive, .background, .suspended:
      return self.move(to: .active, cause: .openApp, keepAlive: keepAlive)
    }
  }

  /// The app crashed: → notRunning.
  mutating func crash(keepAlive: KeepAliveReason) -> Action {
    switch self.current {
    case .notRunning:
      return .none
    case .active, .inactive, .background, .suspended:
      return self.move(to: .notRunning, cause: .crash, keepAlive: keepAlive)
    }
  }

  /// The app was relaunched at `date`: active with the wrist up, else in the background;
  /// `inBackgroundFor` for the system's launch into the background (always the background, with
  /// that cause): `watchConnectivity` to receive content from the phone,
  /// `backgroundRefresh` for a background refresh task.
  mutating func relaunch(
    at date: Int64, keepAlive: KeepAliveReason, inBackgroundFor cause: AppStateCause? = nil
  ) -> Action {
    guard case .notRunning = self.current else { return .none }
    let next: State =
      self.wrist == .up && cause == nil
      ? .active : self.background(at: date, keepAlive: keepAlive)
    return self.move(to: next, cause: cause ?? .relaunch, keepAlive: keepAlive)
  }

  /// A background refresh task the app scheduled is due at `date`; `keepAlive` is the reason
  /// with the task counted (the engine's, or ``KeepAliveReason/backgroundTask`` when nothing
  /// else keeps the app alive). Frontmost (active or inactive): ``Action/ignored`` (Apple: "If
  /// the app is still running in the foreground at the scheduled time, the system ignores the
  /// task"). Suspended: wakes into the background, cause `backgroundRefresh`. Background: stays,
  /// its keep-alive follows `keepAlive` (the grace period is cancelled). Not running:
  /// ``Action/launchInBackground(_:)`` (docs/healthkit-behaviour.md#background-refresh).
  mutating func backgroundRefreshDue(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    switch self.current {
    case .active, .inactive:
      return .ignored
    case .notRunning:
      return .launchInBackground(.backgroundRefresh)
    case .suspended:
      return self.move(
        to: self.background(at: date, keepAlive: keepAlive), cause: .backgroundRefresh,
        keepAlive: keepAlive)
    case .background:
      return self.keepAliveChanged(to: keepAlive, at: date)
    }
  }

  /// A remote notification arrived at `date` for the app; `keepAlive` is the reason with the
  /// notification's handler counted. Frontmost (active or inactive): stays (the delegate gets
  /// the call in the foreground). Suspended: wakes into the background, cause
  /// `remoteNotification`. Background: stays, its keep-alive follows `keepAlive`. Not running:
  /// ``Action/launchInBackground(_:)`` (docs/healthkit-behaviour.md#remote-notifications).
  mutating func remoteNotificationArrived(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    switch self.current {
    case .active, .inactive:
      return .none
    case .notRunning:
      return .launchInBackground(.remoteNotification)
    case .suspended:
      return self.move(
        to: self.background(at: date, keepAlive: keepAlive), cause: .remoteNotification,
        keepAlive: keepAlive)
    case .background:
      return self.keepAliveChanged(to: keepAlive, at: date)
    }
  }

  /// A fall was detected while the user authorized fall detection: a not-running app is
  /// launched into the background (``Action/launchInBackground(_:)``, cause `fallDetection`;
  /// Apple: "the system wakes or launches your app when a fall detection event occurs",
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectiondelegate/falldetectionmanager(_:diddetect:completionhandler:)).
  /// A running app stays as it is: Core Motion calls its delegate where it is (a project rule,
  /// docs/swift-api.md#fall-detection).
  mutating func fallDetected() -> Action {
    guard case .notRunning = self.current else { return .none }
    return .launchInBackground(.fallDetection)
  }

  /// Content from the phone (a queued transfer, an urgent complication transfer) arrived at
  /// `date` for a suspended app: it wakes into the background (a not-running app is launched by
  /// the engine with
  /// ``relaunch(at:keepAlive:inBackgroundFor:)``).
  mutating func linkWake(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    guard case .suspended = self.current else { return .none }
    return self.move(
      to: self.background(at: date, keepAlive: keepAlive), cause: .watchConnectivity,
      keepAlive: keepAlive)
  }

  /// ``deadline`` passed at `date`: inactive → background (return to clock) unless a frontmost
  /// extended runtime session holds the app in front (`frontmostHeld`: the deadline is then
  /// cleared); background → suspended (grace period ended).
  mutating func deadlinePassed(at date: Int64, frontmostHeld: Bool, keepAlive: KeepAliveReason)
    -> Action
  {
    switch self.current {
    case .inactive(let returnToClockAt?) where returnToClockAt <= date:
      guard !frontmostHeld else {
        self.current = .inactive(returnToClockAt: nil)
        return .none
      }
      return self.move(
        to: self.background(at: date, keepAlive: keepAlive), cause: .returnToClock,
        keepAlive: keepAlive)
    case .background(let reason, let graceEndsAt?) where graceEndsAt <= date:
      return self.move(to: .suspended, cause: .gracePeriodEnded, keepAlive: reason)
    case .notRunning, .active, .inactive, .background, .suspended:
      return .none
    }
  }

  /// The keep-alive reason became `reason` at `date`: in the background the change is logged
  /// (state unchanged) and starts (`none`) or cancels the grace period; elsewhere nothing.
  mutating func keepAliveChanged(to reason: KeepAliveReason, at date: Int64) -> Action {
    guard case .background(let previous, _) = self.current, previous != reason else {
      return .none
    }
    self.current = self.background(at: date, keepAlive: reason)
    return .changed(
      AppStateChange(from: .background, to: .background, cause: .keepAlive, keepAlive: reason))
  }

  /// A scheduled extended runtime session began: a suspended app wakes into the background; a
  /// not-running app is launched into it (``Action/launchInBackground(_:)``, cause
  /// `extendedRuntimeSession`: "If your app isn't running, the system launches your app",
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)).
  mutating func scheduledSessionBegan(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    if case .notRunning = self.current { return .launchInBackground(.extendedRuntimeSession) }
    guard case .suspended = self.current else { return .none }
    return self.move(
      to: self.background(at: date, keepAlive: keepAlive), cause: .extendedRuntimeSession,
      keepAlive: keepAlive)
  }

  /// A frontmost extended runtime session ended at `date` while the app may be inactive: the
  /// return-to-clock time counts from the wrist-down (at once when it has passed).
  mutating func frontmostSessionEnded(at date: Int64, keepAlive: KeepAliveReason) -> Action {
    guard case .inactive = self.current, case .down(let since) = self.wrist,
      let returnToClock = self.returnToClock
    else { return .none }
    let deadline = since &+ returnToClock
    guard deadline <= date else {
      self.current = .inactive(returnToClockAt: deadline)
      return .none
    }
    return self.move(
      to: self.background(at: date, keepAlive: keepAlive), cause: .returnToClock,
      keepAlive: keepAlive)
  }

  // MARK: - Helpers

  private func background(at date: Int64, keepAlive: KeepAliveReason) -> State {
    .background(
      keepAlive: keepAlive, graceEndsAt: keepAlive == .none ? date &+ self.gracePeriod : nil)
  }

  private mutating func move(to next: State, cause: AppStateCause, keepAlive: KeepAliveReason)
    -> Action
  {
    let from = self.appState
    self.current = next
    return .changed(
      AppStateChange(from: from, to: self.appState, cause: cause, keepAlive: keepAlive))
  }
}
