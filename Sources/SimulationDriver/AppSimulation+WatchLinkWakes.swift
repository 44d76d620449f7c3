import WorkoutSimulation
import WorkoutSystem

/// The watch app's wakes by the phone link (``WorkoutEngine/linkWakes``: a suspended app woken,
/// or a not-running one launched, into the background for content from the phone) as two
/// simulated frameworks share them (docs/phone-link.md#waking-the-watch-app): SimulatedWatchKit
/// hands the app's delegate a `WKWatchConnectivityRefreshBackgroundTask` for each, and
/// SimulatedWatchConnectivity holds the content the wake was for until that task was handed, so
/// that the app's `handle(_:)` sees `WCSession.hasContentPending` true and the session's
/// delegate gets the content after it (Apple: "the system launches your app in the background
/// … and passes the task object to your app delegate's handle(_:) method"; "you must use your
/// WCSessionDelegate methods to receive this data",
/// https://developer.apple.com/documentation/watchkit/wkwatchconnectivityrefreshbackgroundtask).
/// Neither framework imports the other: this state, in the module both use, is their meeting
/// point. Without SimulatedWatchKit in use nothing is held.
package struct WatchLinkWakes: SimulationExtension {
  /// Whether a framework hands the app a task for each wake (SimulatedWatchKit, once the app
  /// used `WKApplication`).
  package var tasksHanded = false
  /// The engine's wakes seen so far.
  package var wakesSeen = 0
  /// The engine's launches seen so far.
  package var launchesSeen = 0
  /// The wakes seen whose task is not made yet.
  package var tasksOwed = 0
  /// Whether the last wake seen launched the app (it was not running).
  package var lastWakeLaunched = false
  /// Whether content waits for the app's delegate to be handed the task of a wake.
  package var holding = false
  /// What runs when the task was handed (the content held, in order).
  package var held: [AppSimulation.Callback] = []

  package init(simulation: AppSimulation) {}
}

extension AppSimulation.State {
  /// Notes the wakes the engine made since the last look: with tasks handed, each owes a task
  /// (``WatchLinkWakes/tasksOwed``) and content is held until
  /// ``AppSimulation/releaseWatchLinkContent()``. Either framework calls it first, under the
  /// lock, when it sees a delivery to the watch: the order of their listeners does not matter.
  package mutating func noteWatchLinkWakes(of simulation: AppSimulation) {
    let (wakes, launches) = session.readEngine { ($0.linkWakes, $0.linkLaunches) }
    withExtension(WatchLinkWakes.self, of: simulation) { wake, _ in
      guard wakes > wake.wakesSeen else { return }
      let new = wakes - wake.wakesSeen
      wake.wakesSeen = wakes
      wake.lastWakeLaunched = launches > wake.launchesSeen
      wake.launchesSeen = launches
      guard wake.tasksHanded else { return }
      wake.tasksOwed += new
      wake.holding = true
    }
  }

  /// Whether content for the watch app waits for the task of a wake to be handed.
  package mutating func watchLinkContentHeld(of simulation: AppSimulation) -> Bool {
    withExtension(WatchLinkWakes.self, of: simulation) { wake, _ in wake.holding }
  }

  /// Ends the hold on the content of the wakes (``WatchLinkWakes/holding``): their tasks were
  /// handed, or never will be (there is no delegate to hand them to, the process they were for
  /// ended, they expired unhanded). Returns what was held, in order, for the callback lane: it
  /// hands the content to the live process's activated session, if any (a relaunched process's
  /// session gets it when it activates). Nothing when nothing is held.
  package mutating func releaseWatchLinkContent(of simulation: AppSimulation) -> [AppSimulation
    .Callback]
  {
    guard extensionState(WatchLinkWakes.self)?.holding == true else { return [] }
    return withExtension(WatchLinkWakes.self, of: simulation) { wake, state in
      wake.holding = false
      defer { wake.held = [] }
      if !wake.held.isEmpty { state.turnDue = true }
      return wake.held
    }
  }
}

extension AppSimulation {
  /// The app's delegate was handed the task of a wake (or there was none to hand it to): the
  /// content held for it is delivered, in order, in the callback lane
  /// (``State/releaseWatchLinkContent(of:)``).
  package func releaseWatchLinkContent() {
    mutate { state in
      let held = state.releaseWatchLinkContent(of: self)
      if !held.isEmpty { state.enqueue(held) }
    }
  }
}
