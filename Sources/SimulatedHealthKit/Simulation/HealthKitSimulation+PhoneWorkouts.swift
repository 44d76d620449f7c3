import WorkoutCore
import WorkoutSimulation
import WorkoutSystem

/// The iPhone's own workouts (iOS 26; docs/phone.md#the-iphones-own-workouts): a session the
/// phone app makes inside `on(.phone)` runs on the phone's engine, beside the watch's. These
/// controls play what happens to the phone app's process, and stand in for the scene's
/// recovery option, which the simulation has no UIKit for.
extension HealthKitSimulation {
  /// `device`'s app process dies now, and only that device's (one rule for both devices,
  /// docs/swift-api.md#crash-and-recovery). For the watch this is `crash()`. For the phone: the
  /// phone app's HealthKit objects become inert (their calls are ignored with an error entry in
  /// the log, no more delegate calls), the queries run with a store made inside `on(.phone)`
  /// end (no update handler is called again), the log gets the phone's `appState` entry
  /// (cause `crash`); its workout session goes on system-side, collecting. To Watch
  /// Connectivity the phone app is not running (a `link` entry, `change` `phoneApp`, `state`
  /// `notRunning`) and its session not activated: user-info and file transfers and the latest
  /// application context from the watch wait, and their sender's `didFinish` with them, until
  /// the relaunched app's new `WCSession.default` is activated (docs/phone-link.md#the-phone-app).
  public func crash(_ device: Device) async {
    guard device == .phone else { return await crash() }
    mutate { state in
      let now = state.session.readEngine(of: .phone) { $0.now } ?? state.session.now
      state.session.performPhoneAppProcess(.crash, at: now)
    }
    await deliver()
  }

  /// `device`'s app process starts again after a crash, without a session. For the watch this
  /// is `relaunch()`. For the phone, the system launches the app to recover its workout:
  /// `shouldHandleActiveWorkoutRecovery` is then `true`, and the app recovers the session with
  /// `HKHealthStore().recoverActiveWorkoutSession()` made inside `on(.phone)`, and sets up its
  /// builder's data source again (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/recoveractiveworkoutsession(completion:)).
  /// To Watch Connectivity the relaunched phone app runs in the background; what waited for it
  /// is delivered once its launch code activates its new `WCSession.default`.
  public func relaunch(_ device: Device) async {
    guard device == .phone else { return await relaunch() }
    mutate { state in
      let now = state.session.readEngine(of: .phone) { $0.now } ?? state.session.now
      state.session.performPhoneAppProcess(.relaunch(recover: false), at: now)
    }
    await deliver()
  }

  /// Whether the phone app was launched to recover an active workout: `true` after
  /// `relaunch(_:)` of the phone while its crashed process's workout session is still open and
  /// not yet recovered. Stands in for the scene's
  /// `UIScene.ConnectionOptions.shouldHandleActiveWorkoutRecovery` (iOS 26; Apple doc:
  /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/shouldhandleactiveworkoutrecovery),
  /// which the app reads as its scene connects and answers with
  /// `HKHealthStore.recoverActiveWorkoutSession()`.
  public var shouldHandleActiveWorkoutRecovery: Bool {
    state.withLock { state in
      let index = state.session.readEngine(of: .phone) { $0.recoverableSessionIndex }
      return (index ?? nil) != nil
    }
  }
}

/// The phone's lock during its own workouts (project rule, docs/phone.md#the-iphones-own-workouts):
/// Apple documents that the iPhone typically locks during workouts, that health data is
/// usually inaccessible while it is locked, and that the system can prompt the person about it
/// (https://developer.apple.com/documentation/healthkit/hkworkoutsession). Here the phone's lock
/// periods are the scenario's `health.lock`; the prompt is shown once, as the app's first phone
/// workout starts, and answered by `phone.lockedWorkoutAccess`.
extension HealthKitSimulation {
  /// When the system showed its one-time prompt about health data while the phone is locked
  /// during the app's workouts, or `nil` before the app's first phone workout started.
  public var lockedWorkoutPromptDate: Date? {
    let shown = state.withLock { $0.healthKit.lockedWorkoutPrompt?.at }
    return shown.map { date(of: $0) }
  }
}

extension HealthKitSimulation.State {
  /// Whether protected health data is out of the app's reach at `now` (the one home of the
  /// lock rule, docs/phone.md#the-iphones-own-workouts): the phone is locked (`health.lock`)
  /// and no phone workout of the app reads while locked (``phoneWorkoutReadsWhileLocked()``).
  /// A query executed then fails with `errorDatabaseInaccessible`; a running query's updates
  /// (anchored object, observer, statistics collection, activity summary, effort
  /// relationship) wait, and background delivery treats the app as in the background. With
  /// the person's leave and a phone workout open, updates are delivered as when unlocked
  /// (Apple: "the system can prompt someone to provide your app access to workout data even
  /// when their device is locked", https://developer.apple.com/documentation/healthkit/hkworkoutsession).
  mutating func healthDataIsInaccessible(at now: SimulationInstant) -> Bool {
    healthStorage.isLocked(at: now) && !phoneWorkoutReadsWhileLocked()
  }

  /// Whether the phone app is suspended, for its observer queries (the one home of the rule,
  /// docs/swift-api.md#observer-queries-and-background-delivery): in the background
  /// (`phoneAppState`, `.background` by default) with no phone workout session of its own open
  /// (a running workout session keeps the app running in the background). Apple: "By default,
  /// observer queries only return results while your app is in the foreground; however, you can
  /// configure your app to also receive update notifications in the background"
  /// (https://developer.apple.com/documentation/healthkit/executing-observer-queries).
  mutating func phoneAppIsSuspended() -> Bool {
    guard phoneAppState() == .background else { return false }
    let open = session.readEngine(of: .phone) { engine in
      (0..<engine.sessionCount).contains { engine.isSessionOpen($0) }
    }
    return !(open ?? false)
  }

  /// Whether the app of an observer query executed with a store of `device` is in the
  /// background at `now`, so its handler is not called but by background delivery (held until
  /// the foreground otherwise): the phone locked (``healthDataIsInaccessible(at:)``), or, for
  /// the phone app's store (made inside `on(.phone)`), the phone app suspended
  /// (``phoneAppIsSuspended()``). A store made outside `on`, or inside `on(.watch)`, follows the
  /// lock only.
  mutating func observerAppInBackground(
    device: HealthKitSimulation.Device?, at now: SimulationInstant
  ) -> Bool {
    healthDataIsInaccessible(at: now) || (device == .phone && phoneAppIsSuspended())
  }

  /// Whether a query may read while the phone is locked: the person allowed it at the
  /// one-time prompt and a phone workout session of the app is open (prepared, running,
  /// paused or stopped). Otherwise a query executed while locked fails with
  /// `errorDatabaseInaccessible`, as without a workout.
  mutating func phoneWorkoutReadsWhileLocked() -> Bool {
    guard healthKit.lockedWorkoutPrompt?.allowed == true else { return false }
    let open = session.readEngine(of: .phone) { engine in
      (0..<engine.sessionCount).contains { engine.isSessionOpen($0) }
    }
    return open ?? false
  }
}
