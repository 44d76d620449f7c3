import Testing

@testable import WorkoutCore
@testable import WorkoutSystem

/// The app machine's answer to a background refresh task due at t = 1000 s in each state
/// (docs/healthkit-behaviour.md#background-refresh), the task counted in the keep-alive.
@Suite("App lifecycle: a background refresh due")
struct BackgroundRefreshLifecycleTests {
  @Test("Frontmost ignores it; suspended wakes; background keeps running; not running launches")
  func backgroundRefreshDue() {
    for state in AppState.allCases {
      var machine = appMachine(in: state)
      let action = machine.backgroundRefreshDue(at: ns(1000), keepAlive: .backgroundTask)
      switch state {
      case .active, .inactive:
        // Apple: the system ignores the task while the app is in the foreground.
        #expect(action == .ignored)
        #expect(machine.appState == state)
      case .notRunning:
        #expect(action == .launchInBackground(.backgroundRefresh))
      case .suspended:
        #expect(
          action
            == .changed(
              AppStateChange(
                from: .suspended, to: .background, cause: .backgroundRefresh,
                keepAlive: .backgroundTask)))
        // Kept alive by the task: no grace deadline.
        #expect(machine.deadline == nil)
      case .background:
        // The grace deadline of the crown press (0 + 10 s) is cancelled by the keep-alive.
        #expect(
          action
            == .changed(
              AppStateChange(
                from: .background, to: .background, cause: .keepAlive,
                keepAlive: .backgroundTask)))
        #expect(machine.deadline == nil)
      }
    }
    // The launch the engine makes for a not-running app: into the background, wrist up or not.
    var machine = appMachine(in: .notRunning)
    #expect(
      machine.relaunch(
        at: ns(1000), keepAlive: .backgroundTask, inBackgroundFor: .backgroundRefresh)
        == .changed(
          AppStateChange(
            from: .notRunning, to: .background, cause: .backgroundRefresh,
            keepAlive: .backgroundTask)))
    // The task completed at 1005 s: the keep-alive goes, the grace period runs to 1015 s.
    #expect(
      machine.keepAliveChanged(to: .none, at: ns(1005))
        == .changed(
          AppStateChange(from: .background, to: .background, cause: .keepAlive, keepAlive: .none)))
    #expect(machine.deadline == ns(1015))
  }
}
