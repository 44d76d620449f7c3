import WorkoutCore

/// The state of the app process as the watch's system sees it: WatchKit's `WKApplicationState`
/// (`active`, `inactive`, `background`; Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationstate) plus the two states in
/// which the app runs no code at all, `notRunning` and `suspended`
/// (docs/healthkit-behaviour.md#app-states).
public enum AppState: String, Sendable, Hashable, CaseIterable {
  /// No process: before a launch, or after a crash until `relaunch` or `openApp`.
  case notRunning
  /// Frontmost with the wrist raised: the app's UI is on screen and it receives every event.
  case active
  /// Frontmost with the wrist down (the "frontmost app" state: screen off or blurred, the app
  /// still runs). Raising the wrist makes it active again (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/taking-advantage-of-frontmost-app-state).
  case inactive
  /// Not frontmost (the clock or another app is shown) but still running: it receives builder
  /// notifications; without a keep-alive it is suspended after the grace period.
  case background
  /// In memory but not running: it receives no notifications and performs no actions; what its
  /// builder collects is delivered as one batch when it wakes.
  case suspended

  /// Whether the app is frontmost (`active` or `inactive`).
  public var isFrontmost: Bool { self == .active || self == .inactive }
  /// Whether the app's code runs and receives delegate callbacks (every state but `notRunning`
  /// and `suspended`).
  public var receivesCallbacks: Bool {
    switch self {
    case .active, .inactive, .background: true
    case .notRunning, .suspended: false
    }
  }
}

/// What keeps the app running while it is not frontmost
/// (docs/healthkit-behaviour.md#suspension-and-keep-alive).
public enum KeepAliveReason: String, Sendable, Hashable, CaseIterable {
  /// Nothing: a background app is suspended after the grace period.
  case none
  /// A workout session that is prepared, running, paused or stopped (an ended one no longer
  /// counts). Apple doc: https://developer.apple.com/documentation/healthkit/running-workout-sessions
  /// ("the app runs for the whole session"); a prepared session is how a countdown survives
  /// wrist-down.
  case workoutSession
  /// A running `WKExtendedRuntimeSession` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/using-extended-runtime-sessions).
  case extendedRuntimeSession
  /// A background refresh task the system launched the app for and the app has not completed
  /// yet (WatchKit's `WKApplicationRefreshBackgroundTask`; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationrefreshbackgroundtask):
  /// the app runs until it completes the task or the task's time runs out
  /// (docs/healthkit-behaviour.md#background-refresh).
  case backgroundTask
}

/// Why the app state changed (the `cause` of an `appState` log entry).
public enum AppStateCause: String, Sendable, Hashable, CaseIterable {
  /// The scenario's `wristDown`: active → inactive.
  case wristDown
  /// The scenario's `wristUp`: inactive → active, or background → active when a workout session
  /// is alive (the workout app reappears on wrist raise).
  case wristUp
  /// The scenario's `crownPress`: frontmost → background at once.
  case crownPress
  /// The scenario's `openApp`: the app becomes active (launched if it was not running).
  case openApp
  /// The return-to-clock time after wrist-down passed: inactive → background.
  case returnToClock
  /// The background grace period passed with no keep-alive: background → suspended.
  case gracePeriodEnded
  /// The keep-alive reason changed while the app was in the background (state unchanged).
  case keepAlive
  /// A scheduled extended runtime session began and woke the app into the background.
  case extendedRuntimeSession
  /// The system launched or woke the app into the background to receive content from the
  /// phone: a queued transfer or an urgent complication user-info transfer
  /// (docs/phone-link.md#waking-the-watch-app).
  case watchConnectivity
  /// The system launched or woke the app into the background for a background refresh task
  /// the app scheduled (docs/healthkit-behaviour.md#background-refresh).
  case backgroundRefresh
  /// The system launched or woke the app into the background for a remote notification
  /// (WatchKit's `didReceiveRemoteNotification(_:fetchCompletionHandler:)`,
  /// docs/healthkit-behaviour.md#remote-notifications).
  case remoteNotification
  /// The system launched the app, which was not running, into the background to deliver a fall
  /// detection event (Core Motion's `CMFallDetectionDelegate`: "the system wakes or launches
  /// your app when a fall detection event occurs", Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectiondelegate/falldetectionmanager(_:diddetect:completionhandler:);
  /// docs/swift-api.md#fall-detection).
  case fallDetection
  /// The app crashed.
  case crash
  /// The app was relaunched after a crash.
  case relaunch
}

/// One lifecycle change: the payload of a `LogEntry.Kind.appState` entry.
///
/// JSON (result `log`): `{ "kind": "appState", "at": s, "from": state, "to": state,
/// "cause": cause, "keepAlive": reason }`.
public struct AppStateChange: Sendable, Hashable {
  /// The state before.
  public var from: AppState
  /// The state after (equal to ``from`` for a keep-alive change in the background).
  public var to: AppState
  /// Why.
  public var cause: AppStateCause
  /// The keep-alive reason after the change.
  public var keepAlive: KeepAliveReason

  /// Creates a change.
  public init(from: AppState, to: AppState, cause: AppStateCause, keepAlive: KeepAliveReason) {
    self.from = from
    self.to = to
    self.cause = cause
    self.keepAlive = keepAlive
  }
}

/// The watch around the app: the settings of the lifecycle model (the scenario's `watch` key).
///
/// Numbers Apple does not document are project rules, each configurable here.
public struct WatchConfiguration: Sendable, Hashable {
  /// The watch's Return to Clock setting: how long the app stays frontmost after wrist-down
  /// before it goes to the background; `nil` is `"never"`. Default 120 s (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/taking-advantage-of-frontmost-app-state:
  /// "2 minutes" by default, set by the user in Settings › General › Wake Screen).
  public var returnToClock: Duration?
  /// How long a background app with nothing keeping it alive keeps running before it is
  /// suspended. Default 10 s. Project rule: Apple documents that the app is suspended but gives
  /// no delay.
  public var backgroundGracePeriod: Duration
  /// The one extended runtime session type the app declares (its Info.plist background mode), or
  /// `nil` when it declares none (every start is then refused with `notApprovedToStartSession`).
  public var extendedRuntimeType: ExtendedRuntimeSessionType?
  /// How long before an extended runtime session's limit `extendedRuntimeSessionWillExpire`
  /// fires. Default 30 s. Project rule: Apple says only "just before" (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessiondelegate/extendedruntimesessionwillexpire(_:)).
  public var willExpireLeadTime: Duration
  /// Auto-pause settings, or `nil` when the user's Autopause setting is off (the default).
  public var autoPause: AutoPauseConfiguration?
  /// The watch's automatic workout reminders (`watch.workoutReminders`), or `nil` when the
  /// scenario has no such key (the default: not modelled, nothing logged).
  public var workoutReminders: WorkoutReminderSettings? = nil

  /// Creates a configuration; every parameter has the scenario's default.
  public init(
    returnToClock: Duration? = .seconds(120), backgroundGracePeriod: Duration = .seconds(10),
    extendedRuntimeType: ExtendedRuntimeSessionType? = nil,
    willExpireLeadTime: Duration = .seconds(30), autoPause: AutoPauseConfiguration? = nil
  ) {
    self.returnToClock = returnToClock
    self.backgroundGracePeriod = backgroundGracePeriod
    self.extendedRuntimeType = extendedRuntimeType
    self.willExpireLeadTime = willExpireLeadTime
    self.autoPause = autoPause
  }

  /// Every default: return to clock after 120 s, 10 s grace, no extended runtime type, 30 s
  /// will-expire lead, auto-pause off.
  public static let standard = WatchConfiguration()
}

/// The system's auto-pause (HealthKit's `motionPaused` / `motionResumed` events, raw values 5
/// and 6; Apple doc: https://developer.apple.com/documentation/healthkit/hkworkouteventtype/motionpaused).
///
/// Detection runs from the session's start until it stops or ends, during `running` and
/// `cycling` workouts only, and in a multisport workout during its `running` and `cycling` legs
/// (from the leg's start to its end; project rule, docs/healthkit-behaviour.md#auto-pause). `motionPaused` fires when the body's speed has stayed below
/// ``speedThreshold`` for ``pauseAfter``; `motionResumed` when, after that, it has stayed at or
/// above the threshold for ``resumeAfter``. The events do not change elapsed time (only `pause`
/// and `resume` count, docs/healthkit-behaviour.md#elapsed-time-and-duration). The threshold and
/// delays are project rules: Apple publishes none.
public struct AutoPauseConfiguration: Sendable, Hashable {
  /// Speed below which the body counts as stopped, m/s. Default 0.5 (project rule).
  public var speedThreshold: Double
  /// How long the speed must stay below the threshold before `motionPaused`. Default 3 s
  /// (project rule).
  public var pauseAfter: Duration
  /// How long the speed must stay at or above the threshold before `motionResumed`. Default 2 s
  /// (project rule).
  public var resumeAfter: Duration
  /// `true`: the app answers `motionPaused` with `pause()` and the matching `motionResumed`
  /// with `resume()`, as the Workout app does. Default `false`.
  public var pausesSession: Bool

  /// Creates settings; every parameter has the scenario's default.
  public init(
    speedThreshold: Double = 0.5, pauseAfter: Duration = .seconds(3),
    resumeAfter: Duration = .seconds(2), pausesSession: Bool = false
  ) {
    self.speedThreshold = speedThreshold
    self.pauseAfter = pauseAfter
    self.resumeAfter = resumeAfter
    self.pausesSession = pausesSession
  }

  /// Whether auto-pause applies to `activity`: running and cycling (the activities whose
  /// Workout app offers Autopause).
  public static func applies(to activity: WorkoutActivityType) -> Bool {
    activity == .running || activity == .cycling
  }
}

/// The body's movement, for auto-pause: a piecewise-constant speed.
///
/// A separate protocol so that ``WorkoutDataSource`` stays unchanged; the engine asks for it only
/// when auto-pause is on, and only at the instants where the speed changes (no per-sample cost).
public protocol MotionSource {
  /// The body's speed over ground at `instant`, m/s (≥ 0).
  func speed(at instant: SimulationInstant) -> Double
  /// The first instant after `instant` at which the speed may change, or `nil` when it stays
  /// the same for ever (for a course: the next segment start, or the course end).
  func nextSpeedChange(after instant: SimulationInstant) -> SimulationInstant?
}

extension WorkoutError {
  /// The error for any call while the app process is not running (after `crash`, before
  /// `relaunch`). Code `noSession`; a workout-sim error, not a HealthKit one.
  public static let appNotRunning = WorkoutError(
    code: .noSession, message: "The app is not running")

  /// The error for an app action while the app is suspended (it runs no code then). Code
  /// `noSession`, like ``appNotRunning``; a workout-sim error, not a HealthKit one.
  public static let appSuspended = WorkoutError(
    code: .noSession, message: "The app is suspended")
}
