/// One extended runtime session the app created (plain data).
struct RuntimeSessionRecord {
  var type: ExtendedRuntimeSessionType
  var state: ExtendedRuntimeSessionState = .notStarted
  var expiresAt: Int64 = .max
}

/// The timers of the lifecycle model, in the order they fire when due at the same instant.
enum LifecycleTimer: Int, CaseIterable {
  case motion
  case runtimeWillExpire
  case runtimeExpire
  case runtimeScheduledStart
  case returnToClock
  case gracePeriod
}

/// The watch around the app: app state, wrist, keep-alive, timers, extended runtime sessions and
/// the auto-pause detector (plain data; the logic is in `WorkoutEngine+Lifecycle.swift`).
///
/// Every timer is an instant in nanoseconds, `Int64.max` when unset; ``next`` is their minimum,
/// so the engine checks one integer per action and none per sample.
struct LifecycleState {
  var enabled: Bool
  var watch: WatchConfiguration
  var appState = AppState.active
  var wristUp = true
  var wristDownAt: Int64?
  var keepAlive = KeepAliveReason.none
  var timers = [Int64](repeating: .max, count: LifecycleTimer.allCases.count)
  var next = Int64.max

  var runtimeSessions: [RuntimeSessionRecord] = []
  /// The app's latest extended runtime session (the one `invalidate` acts on).
  var latestRuntime: Int?
  /// The session that is running or scheduled (at most one).
  var liveRuntime: Int?
  /// The reference-counting helper (F08): its holders, its session, and a start waiting for the
  /// app to become active.
  var holders: [String] = []
  var helperRuntime: Int?
  var helperStartPending = false

  /// The workout session the auto-pause detector watches, whether the body is currently
  /// motion-paused, and whether the app paused the session because of it.
  var motionSession: Int?
  var motionStill = false
  var autoPausedByApp = false

  init(watch: WatchConfiguration?) {
    enabled = watch != nil
    self.watch = watch ?? .standard
  }

  subscript(timer: LifecycleTimer) -> Int64 {
    get { timers[timer.rawValue] }
    set {
      timers[timer.rawValue] = newValue
      if newValue < next {
        next = newValue
      } else {
        next = timers.min() ?? .max
      }
    }
  }
}
