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
  /// The wakes seen whose task is not made yet (SimulatedWatchKit makes it at the wake's own
  /// `appState` effect).
  package var tasksOwed = 0
  /// The numbers of the wakes' tasks not handed yet: content waits while any is here.
  package var holdingFor: Set<Int> = []
  /// What runs when the last of ``holdingFor`` was handed or ended (the content held, in
  /// order).
  package var held: [AppSimulation.Callback] = []

  package init(simulation: AppSimulation) {}
}

extension AppSimulation.State {
  /// Notes the wakes the engine made since the last look (``WorkoutEngine/linkWakes``): with
  /// tasks handed, each owes a task (``WatchLinkWakes/tasksOwed``). SimulatedWatchKit calls it
  /// at the wake's own effect, under the lock.
  package mutating func noteWatchLinkWakes(of simulation: AppSimulation) {
    let wakes = session.readEngine { $0.linkWakes }
    withExtension(WatchLinkWakes.self, of: simulation) { wake, _ in
      guard wakes > wake.wakesSeen else { return }
      let new = wakes - wake.wakesSeen
      wake.wakesSeen = wakes
      guard wake.tasksHanded else { return }
      wake.tasksOwed += new
    }
  }

  /// Holds the content for the watch app until the task `number` of a wake was handed (or
  /// ended): ``releaseWatchLinkContent(of:tasks:)``.
  package mutating func holdWatchLinkContent(forTask number: Int, of simulation: AppSimulation) {
    withExtension(WatchLinkWakes.self, of: simulation) { wake, _ in
      _ = wake.holdingFor.insert(number)
    }
  }

  /// Whether content for the watch app waits for the task of a wake to be handed.
  package func watchLinkContentHeld() -> Bool {
    extensionState(WatchLinkWakes.self)?.holdingFor.isEmpty == false
  }

  /// Ends the hold of the wakes' tasks `tasks` (`nil`: all of them) on the content
  /// (``WatchLinkWakes/holdingFor``): they were handed, or never will be (there is no delegate
  /// to hand them to, the process they were for ended, they expired unhanded). Once no task
  /// holds it, returns what was held, in order, for the callback lane: it hands the content to
  /// the live process's activated session, if any (a relaunched process's session gets it
  /// when it activates). Nothing while another task still holds it.
  package mutating func releaseWatchLinkContent(
    of simulation: AppSimulation, tasks: [Int]? = nil
  ) -> [AppSimulation.Callback] {
    guard let holding = extensionState(WatchLinkWakes.self)?.holdingFor, !holding.isEmpty,
      tasks.map({ !holding.isDisjoint(with: $0) }) ?? true
    else { return [] }
    return withExtension(WatchLinkWakes.self, of: simulation) { wake, state in
      if let tasks { wake.holdingFor.subtract(tasks) } else { wake.holdingFor = [] }
      guard wake.holdingFor.isEmpty else { return [] }
      defer { wake.held = [] }
      if !wake.held.isEmpty { state.turnDue = true }
      return wake.held
    }
  }
}

extension AppSimulation {
  /// The app's delegate was handed the tasks `numbers` of wakes (or there was none to hand
  /// them to): the content held for them is delivered, in order, in the callback lane
  /// (``State/releaseWatchLinkContent(of:tasks:)``).
  package func releaseWatchLinkContent(tasks numbers: [Int]) {
    mutate { state in
      let held = state.releaseWatchLinkContent(of: self, tasks: numbers)
      if !held.isEmpty { state.enqueue(held) }
    }
  }
}
