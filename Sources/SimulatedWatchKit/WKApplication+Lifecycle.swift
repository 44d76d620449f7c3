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
  /// launch: an app launched with `launchWatchApp` gets its calls from the launch, for the
  /// state this change launched it into (``WatchKitState/launchTargets``); a delegate the test
  /// set itself (no `launchWatchApp`) gets those of the new state, as its process's. While a
  /// launch of the app's code is queued and has not run, a later change's calls wait for it
  /// (`State.launchWork`): they are the new process's, made after its launch calls, never the
  /// crashed process's delegate's (a relaunch and an `openApp` at one instant).
  func lifecycleCallbacks(for change: AppStateChange, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    let calls: [WatchLifecycleCall]
    if change.from == .notRunning {
      guard state.relaunchListener == nil else {
        // The launch recorded in this take (given to the listener at its end) makes the calls.
        if let simulation, state.session.appRelaunches.count > state.relaunchesSeen {
          state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
            watchKit.launchTargets.append(change.to)
          }
        }
        return []
      }
      calls = WatchLifecycleCall.launchCalls(into: change.to)
    } else {
      calls = WatchLifecycleCall.calls(from: change.from, to: change.to)
    }
    guard !calls.isEmpty, let watchKit = state.extensionState(WatchKitState.self),
      let application = watchKit.application
    else { return [] }
    let work: AppSimulation.Callback = {
      Task { @MainActor in
        for call in calls { application.appDelegate?.lifecycle(call) }
      }
    }
    guard watchKit.launchTargets.isEmpty else {
      state.launchWork.append(work)
      return []
    }
    return [work]
  }
}
