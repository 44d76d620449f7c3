import SimulatedHealthKit
import SimulationDriver
import Synchronization
import WorkoutCore

/// The watch app's shared application object (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplication), for its
/// ``applicationState``.
///
/// The state is the engine's app state (docs/healthkit-behaviour.md#app-states): the scenario's
/// `wristDown`, `wristUp`, `crownPress`, `openApp`, the return-to-clock time and the background
/// grace period move it, as on the command line.
///
/// Main-actor isolated, as Apple declares it (`@MainActor class WKApplication`): code off the
/// main actor reaches it with `await` (docs/swift-api.md#watchkit-on-the-main-actor).
@MainActor public final class WKApplication: NSObject, Sendable {
  /// The simulation the object belongs to.
  unowned let simulation: AppSimulation
  /// ``delegate``'s storage.
  let delegateBox = Mutex(ApplicationDelegateBox())

  init(simulation: AppSimulation) {
    self.simulation = simulation
  }

  /// The current simulation's application object (the same object on every call; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/shared()); traps outside
  /// a simulation's `run`.
  public class func shared() -> WKApplication {
    let simulation = AppSimulation.requireCurrent("WKApplication.shared()")
    simulation.startWatchConnectivityTasks()
    return simulation.watchKitShared(\.application) { WKApplication(simulation: simulation) }
  }

  /// The app's state now (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication/applicationstate): active
  /// (frontmost, wrist up), inactive (frontmost, wrist down), background; a suspended app and
  /// one that is not running read ``WKApplicationState/background``.
  public var applicationState: WKApplicationState { simulation.watchApplicationState }
}

/// The watch app's extension object, the form of ``WKApplication`` before watchOS 7 (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextension), for its
/// ``applicationState``. Main-actor isolated, as Apple declares it (`@MainActor class
/// WKExtension`).
@MainActor public final class WKExtension: NSObject, Sendable {
  /// The simulation the object belongs to.
  unowned let simulation: AppSimulation

  init(simulation: AppSimulation) {
    self.simulation = simulation
  }

  /// The current simulation's extension object (the same object on every call; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/shared()); traps outside a
  /// simulation's `run`.
  public class func shared() -> WKExtension {
    let simulation = AppSimulation.requireCurrent("WKExtension.shared()")
    return simulation.watchKitShared(\.extensionObject) { WKExtension(simulation: simulation) }
  }

  /// The app's state now, as ``WKApplication/applicationState`` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/applicationstate).
  public var applicationState: WKApplicationState { simulation.watchApplicationState }
}

extension AppSimulation {
  /// The watch app's state as WatchKit reports it.
  var watchApplicationState: WKApplicationState {
    state.withLock { WKApplicationState($0.session.workoutEngine.appState) }
  }
}
