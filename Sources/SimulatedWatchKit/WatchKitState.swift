import SimulatedHealthKit
import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// WatchKit's state in one simulation (behind the simulation's lock): the app's extended
/// runtime session objects by engine session, and the shared objects.
struct WatchKitState: SimulationExtension {
  /// A session object, weakly (the app owns it).
  struct WeakSession: Sendable {
    weak var object: WKExtendedRuntimeSession?
    /// The app process the object belongs to.
    var generation: Int
  }

  /// Engine extended runtime session index → the app's object.
  var sessions: [Int: WeakSession] = [:]
  /// `WKApplication.shared()`.
  var application: WKApplication?
  /// `WKExtension.shared()`.
  var extensionObject: WKExtension?
  /// `WKInterfaceDevice.current()`.
  var device: WKInterfaceDevice?
  /// Water Lock (``WKInterfaceDevice/isWaterLockEnabled``).
  var waterLocked = false
  /// ``WKInterfaceDevice/isBatteryMonitoringEnabled``.
  var batteryMonitoring = false
  /// Background refresh: the scheduled refresh and the launched tasks
  /// (``WKApplication/scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)``).
  var refresh = BackgroundRefreshState()
  /// Remote notifications: the registration and the notifications delivered
  /// (``WKApplication/registerForRemoteNotifications()``).
  var remote = RemoteNotificationState()
  /// The states the launches of the app's code that are queued and not run yet launch into
  /// (the engine's `notRunning → X` change of each, in order): a launch makes its calls for
  /// that state, not for the one the engine is in when it runs, and the life-cycle calls of
  /// later changes wait for it (``WatchKitListener/lifecycleCallbacks(for:state:)``).
  var launchTargets: [AppState] = []
  /// Whether a scheduled extended runtime session's start launched the app (its
  /// `notRunning → background` change, cause `extendedRuntimeSession`) and the session's
  /// hand-over to the new process (``AppSimulation/resumeRuntimeSession(_:state:)``) has not
  /// been made yet: it waits for the launch of the app's code.
  var runtimeLaunchPending = false

  init(simulation: AppSimulation) {}
}

/// Turns the engine's `extendedRuntime` effects into the delegate calls of the app's
/// ``WKExtendedRuntimeSession`` objects, and its `appState` effects into the application
/// delegate's life-cycle calls.
struct WatchKitListener: EffectListener {
  weak let simulation: AppSimulation?

  func callbacks(for effect: EngineEffect, date: Date, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    if case .appState(let change) = effect.kind {
      // The process ended (a crash): its background tasks went with it, before any call.
      let ended =
        change.to == .notRunning && change.from != .notRunning
        ? simulation?.backgroundTasksEnded(in: &state) ?? [] : []
      if change.from == .notRunning, change.cause == .extendedRuntimeSession, let simulation {
        state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
          watchKit.runtimeLaunchPending = true
        }
      }
      return ended + lifecycleCallbacks(for: change, state: &state)
    }
    guard case .extendedRuntime(let event) = effect.kind else { return [] }
    switch event.change {
    case .invalidated, .terminated:
      // An invalid session's haptic repeats no more.
      if let simulation { state.endHapticRepeat(session: event.session, of: simulation) }
    case .scheduled, .started, .willExpire: break
    }
    let bound = state.extensionState(WatchKitState.self)?.sessions[event.session]
    // A scheduled session whose process crashed started: the system hands it to the new one.
    if case .started = event.change, let bound, bound.generation != state.processGeneration(),
      let simulation
    {
      return simulation.resumeRuntimeSession(event, state: &state)
    }
    // A launch for a session with no crashed process's object (one the scenario scheduled)
    // hands nothing over: the next start must not read it as its launch.
    if case .started = event.change, let simulation,
      state.extensionState(WatchKitState.self)?.runtimeLaunchPending == true
    {
      state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
        watchKit.runtimeLaunchPending = false
      }
    }
    guard let object = bound?.object else { return [] }
    return object.callbacks(for: event)
  }
}

extension AppSimulation {
  /// Adds WatchKit's effect listener (once).
  func startWatchKit() {
    addEffectListener(key: ObjectIdentifier(WatchKitState.self), WatchKitListener(simulation: self))
  }

  /// The object of `WatchKitState` at `keyPath`, made by `make` on first use.
  func watchKitShared<Object: AnyObject & Sendable>(
    _ keyPath: WritableKeyPath<WatchKitState, Object?>, _ make: () -> Object
  ) -> Object {
    mutate { state in
      state.withExtension(WatchKitState.self, of: self) { watchKit, _ in
        if let object = watchKit[keyPath: keyPath] { return object }
        let object = make()
        watchKit[keyPath: keyPath] = object
        return object
      }
    }
  }
}

extension AppSimulation {
  /// Runs `body`, a WatchKit call into the app's code (a completion handler, a delegate call),
  /// on the main actor as the watch's code: WatchKit's objects are the main actor's
  /// (`@MainActor class WKApplication`, Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication), so an app's closure
  /// written in main-actor code is main-actor isolated and Swift checks that it runs there.
  /// Called from the callback lane; the simulation counts the main-actor task, so the instant
  /// is not quiet until it has run (docs/swift-api.md#time-and-callbacks).
  static func onMainActor(_ body: sending @escaping @MainActor () -> Void) {
    Task { @MainActor in $currentDevice.withValue(.watch) { body() } }
  }
}
