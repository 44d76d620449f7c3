import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// A background task for receiving content the iPhone app sent with Watch Connectivity (Apple
/// doc: https://developer.apple.com/documentation/watchkit/wkwatchconnectivityrefreshbackgroundtask).
///
/// The system makes one each time the phone link wakes the suspended watch app, or launches
/// the not-running one, into the background for background content from the phone:
/// `updateApplicationContext`, `transferUserInfo`, `transferCurrentComplicationUserInfo` or
/// `transferFile` (Apple: "Background watch connectivity tasks are triggered whenever the
/// paired device sends data using one of the following WCSession methods"; `sendMessage` needs
/// a reachable app and wakes nothing; docs/phone-link.md#waking-the-watch-app). The app's
/// delegate gets it in `WKApplicationDelegate.handle(_:)` (background tasks), on the main actor
/// as the watch's code, at the delivery instant (after `applicationDidFinishLaunching()` when
/// the content launched the app, `AppSimulation.launchWatchApp(_:)`); then the `WCSession`
/// delegate gets the content, and `WCSession.hasContentPending` reads `false` from the call of
/// the last of it. Keep the task until then and complete it with
/// ``WKRefreshBackgroundTask/setTaskCompletedWithSnapshot(_:)`` (Apple: "defer calling your
/// tasks's setTaskCompleted() method until after you have activated your session and received
/// all the pending data").
///
/// As a refresh task it keeps the app running and virtual time at its instant until completed,
/// and expires 30 s after it (the same project rule: ``WKRefreshBackgroundTask/expirationHandler``);
/// its `system` log entries (framework `WatchKit`) have identifier `watchConnectivity`:
/// `launched`, `completed`, `expired`, `dropped`, `undelivered`. A frontmost app, or one
/// running in the background, gets the content directly and no task.
open class WKWatchConnectivityRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {
  override var logIdentifier: String { AppSimulation.watchConnectivityTaskIdentifier }
  override var reportCall: String { AppSimulation.watchConnectivityTaskCall }
  override func unhandledMessage(owner: String) -> String {
    AppSimulation.watchConnectivityUnhandledMessage(owner: owner)
  }
  override func unhandledCall(owner: String) -> String { "\(owner)Delegate.handle(_:)" }
  override var undeliveredMessage: String { AppSimulation.watchConnectivityUndeliveredMessage }
  override var handleHoldCall: String { "the delegate's handle(_:) of a Watch Connectivity task" }
  override var expirationHoldCall: String {
    "the expirationHandler of a Watch Connectivity task"
  }
}

/// Hands the app a ``WKWatchConnectivityRefreshBackgroundTask`` for each wake of the phone link
/// (SimulationDriver's `WatchLinkWakes`), at the wake's own effect: the engine's `appState`
/// change of cause `watchConnectivity` into the background (a launch when it was not running).
/// A wake is paired with its task there and then, whether or not content follows, so no count
/// is left for a later delivery (to a frontmost app, which gets no task).
struct WatchConnectivityTaskListener: EffectListener {
  weak let simulation: AppSimulation?

  func callbacks(for effect: EngineEffect, date: Date, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    // The phone's `startWatchApp` launches with the same cause; the engine's link wakes
    // (`WorkoutEngine.linkWakes`) count only the link's, so it owes no task.
    guard case .appState(let change) = effect.kind, change.cause == .watchConnectivity,
      change.from != change.to, change.to.receivesCallbacks, let simulation
    else { return [] }
    state.noteWatchLinkWakes(of: simulation)
    let owed = state.withExtension(WatchLinkWakes.self, of: simulation) { wake, _ -> Int in
      defer { wake.tasksOwed = 0 }
      return wake.tasksOwed
    }
    guard owed > 0 else { return [] }
    return simulation.beginWatchConnectivityTask(
      launched: change.from == .notRunning, in: &state)
  }
}

extension AppSimulation {
  /// The identifier of a Watch Connectivity task's `system` log entries.
  static let watchConnectivityTaskIdentifier = "watchConnectivity"
  /// The call a ``Report/Kind-swift.enum/notDelivered`` report of a Watch Connectivity task
  /// names.
  static let watchConnectivityTaskCall = "WKApplicationDelegate.handle(_:)"

  /// From now on the app gets a ``WKWatchConnectivityRefreshBackgroundTask`` for each wake of
  /// the phone link (once the app uses `WKApplication`: its `shared()` or its delegate), and
  /// the content of the wake waits for it.
  func startWatchConnectivityTasks() {
    let started = state.withLock { $0.extensionState(WatchLinkWakes.self)?.tasksHanded == true }
    guard !started else { return }
    mutate { state in
      state.withExtension(WatchLinkWakes.self, of: self) { wake, _ in wake.tasksHanded = true }
    }
    addEffectListener(
      key: ObjectIdentifier(WatchConnectivityTaskListener.self),
      WatchConnectivityTaskListener(simulation: self))
    // Its expiry is the refresh timer's.
    addSystemTimer(key: ObjectIdentifier(WatchKitState.self), WatchRefreshTimer(simulation: self))
  }

  /// Makes the task of a wake at virtual now (`launched`: the app was not running), under the
  /// lock: it runs, keeps the app alive (`WorkoutEngine.backgroundTaskBegan(at:)`) and expires
  /// as a refresh task does (``BackgroundRefreshState``); the callback begins its hold on
  /// virtual time and hands it to the delegate (a launched process gets it from its launch,
  /// after `applicationDidFinishLaunching()`).
  func beginWatchConnectivityTask(launched: Bool, in state: inout State) -> [Callback] {
    let generation = state.processGeneration()
    let number = state.withExtension(WatchKitState.self, of: self) { watchKit, state -> Int in
      watchKit.refresh.launches += 1
      let number = watchKit.refresh.launches
      let task = WKWatchConnectivityRefreshBackgroundTask(
        number: number, userInfo: nil, simulation: self)
      watchKit.refresh.running.append(
        BackgroundRefreshState.Running(
          number: number, task: RefreshBox(task),
          expiresAt: state.session.now.advanced(by: Self.watchRefreshRuntime),
          generation: generation, hold: nil, delivered: false))
      state.log(
        SystemEvent(
          framework: .watchKit, event: "launched", identifier: Self.watchConnectivityTaskIdentifier,
          details: ["appState": .string(launched ? "notRunning" : "suspended")]))
      state.session.withEngine { $0.backgroundTaskBegan(at: $0.now) }
      return number
    }
    // The content of the wake waits for this task's hand-over.
    state.holdWatchLinkContent(forTask: number, of: self)
    // Virtual time waits at the instant for the app's completion. The delegate gets the task
    // now, or, when the content launched a new process, after its launch
    // (`afterBackgroundLaunch`, the rule's one home, as for a refresh).
    let hold: AppSimulation.Callback = { [weak self] in self?.beginBackgroundRefreshHold(number) }
    return [hold]
      + state.afterBackgroundLaunch(launched: launched) { [weak self] in
        guard let self else { return }
        Task { @MainActor in self.deliverBackgroundRefreshTasks() }
      }
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a Watch Connectivity task the
  /// default `handle(_:)` of the app's `WKApplication` or `WKExtension` (`owner`) delegate
  /// completed.
  static func watchConnectivityUnhandledMessage(owner: String) -> String {
    "the app's \(owner) delegate does not implement "
      + "handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>), so the "
      + "WKWatchConnectivityRefreshBackgroundTask the system woke the app with for content from "
      + "the phone was completed at once: implement that method, keep the task until "
      + "WCSession.default.hasContentPending is false (the session's delegate has received the "
      + "content), then call setTaskCompletedWithSnapshot(false)"
  }

  /// The ``Report/Kind-swift.enum/notDelivered`` message of a Watch Connectivity task that found
  /// no delegate.
  static let watchConnectivityUndeliveredMessage =
    "the system woke the app for content from the phone with a "
    + "WKWatchConnectivityRefreshBackgroundTask but the app has no WKApplication delegate to "
    + "hand it to, so it runs until it expires: set WKApplication.shared().delegate (or "
    + "WKExtension.shared().delegate for a WKExtensionDelegate, or launch "
    + "the app with simulation.launchWatchApp { MyAppDelegate() }) and implement "
    + "handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)"
}
