import SimulationDriver
import WorkoutSystem

/// One of the application delegate's four life-cycle calls
/// (docs/healthkit-behaviour.md#app-states).
enum WatchLifecycleCall: Sendable, Hashable, CaseIterable {
  /// `applicationDidBecomeActive()`.
  case didBecomeActive
  /// `applicationWillResignActive()`.
  case willResignActive
  /// `applicationWillEnterForeground()`.
  case willEnterForeground
  /// `applicationDidEnterBackground()`.
  case didEnterBackground

  /// The calls the app's delegate gets, in order, when the engine's app state goes from `from`
  /// to `to`, as WatchKit reports the states (`suspended` reads `background`):
  ///
  /// | from \ to | active | inactive | background |
  /// |---|---|---|---|
  /// | active | – | willResignActive | willResignActive, didEnterBackground |
  /// | inactive | didBecomeActive | – | didEnterBackground |
  /// | background | willEnterForeground, didBecomeActive | willEnterForeground | – |
  ///
  /// Apple: `applicationWillResignActive()` when the app is "about to" stop being active
  /// (https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/applicationwillresignactive()),
  /// `applicationDidEnterBackground()` when it "has transitioned from the foreground to the
  /// background" (an active app passes through inactive:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationstate/inactive),
  /// `applicationWillEnterForeground()` from the background to the foreground, "invariably
  /// followed by" `applicationDidBecomeActive()` when the app goes on to active
  /// (https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationwillenterforeground()).
  /// No call for a change from or to `notRunning` (a launch: its calls are the launch's,
  /// `AppSimulation.launchWatchApp(_:)`; a crash runs no code of the app), nor between the
  /// background and suspended (WatchKit reads both as background; Apple: "the system typically
  /// suspends your app shortly after" `applicationDidEnterBackground()` returns,
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationdidenterbackground()).
  static func calls(from: AppState, to: AppState) -> [WatchLifecycleCall] {
    guard from != .notRunning, to != .notRunning else { return [] }
    switch (WKApplicationState(from), WKApplicationState(to)) {
    case (.active, .inactive): return [.willResignActive]
    case (.active, .background): return [.willResignActive, .didEnterBackground]
    case (.inactive, .active): return [.didBecomeActive]
    case (.inactive, .background): return [.didEnterBackground]
    case (.background, .active): return [.willEnterForeground, .didBecomeActive]
    case (.background, .inactive): return [.willEnterForeground]
    case (.active, .active), (.inactive, .inactive), (.background, .background): return []
    }
  }

  /// The calls of a launch into `state` after `applicationDidFinishLaunching()`: into the
  /// foreground (active), `applicationWillEnterForeground()` then
  /// `applicationDidBecomeActive()` (a project rule: Apple's pages do not list a launch's
  /// calls; the launched app comes to the foreground as from the background, and a newly
  /// launched app "quickly transitions to the active state",
  /// https://developer.apple.com/documentation/watchkit/wkapplicationstate/inactive); into the
  /// background, none.
  static func launchCalls(into state: AppState) -> [WatchLifecycleCall] {
    WKApplicationState(state) == .active ? [.willEnterForeground, .didBecomeActive] : []
  }
}

extension WatchKitListener {
  /// The callbacks of an app state change: the delegate's life-cycle calls, on the main actor,
  /// in one turn (``WatchLifecycleCall/calls(from:to:)``). A change from `notRunning` is a
  /// launch: an app launched with `launchWatchApp` gets its calls from the launch; a delegate
  /// the test set itself (no `launchWatchApp`) gets those of the new state, as its process's.
  func lifecycleCallbacks(for change: AppStateChange, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    let calls =
      change.from == .notRunning
      ? (state.relaunchListener == nil ? WatchLifecycleCall.launchCalls(into: change.to) : [])
      : WatchLifecycleCall.calls(from: change.from, to: change.to)
    guard !calls.isEmpty,
      let application = state.extensionState(WatchKitState.self)?.application
    else { return [] }
    return [
      {
        Task { @MainActor in
          for call in calls { application.appDelegate?.lifecycle(call) }
        }
      }
    ]
  }
}
