import SimulatedHealthKit
import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// The watch the app runs on, for its haptics (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfacedevice). The device's other
/// properties (name, model, screen bounds, battery, orientation) are absent.
public final class WKInterfaceDevice: NSObject, Sendable {
  /// The simulation the object belongs to.
  unowned let simulation: AppSimulation

  init(simulation: AppSimulation) {
    self.simulation = simulation
  }

  /// The current simulation's watch (the same object on every call; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/current()); traps
  /// outside a simulation's `run`.
  public class func current() -> WKInterfaceDevice {
    let simulation = AppSimulation.requireCurrent("WKInterfaceDevice.current()")
    return simulation.watchKitShared(\.device) { WKInterfaceDevice(simulation: simulation) }
  }

  /// Plays `type` on the Taptic Engine now (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/play(_:)).
  ///
  /// Apple: it has no effect while the app is inactive or in the background, unless the app has
  /// an active workout session. The run's log gets a `system` entry of framework `WatchKit`
  /// with the type's name as identifier and the app state as `appState`: `haptic` when it plays
  /// (the app is active, or inactive or in the background while a workout session keeps it
  /// alive: prepared, running, paused or stopped), else `hapticDropped` with
  /// `reason: "notActive"` (a suspended or not running app, whose code would not run on a
  /// device, counts as not active).
  public func play(_ type: WKHapticType) {
    simulation.mutate { state in
      let engine = state.session.workoutEngine
      let appState = engine.appState
      let plays =
        appState == .active
        || (appState.receivesCallbacks && engine.keepAlive == .workoutSession)
      var details: [String: SystemEvent.Value] = ["appState": .string(appState.rawValue)]
      if !plays { details["reason"] = .string("notActive") }
      state.log(
        SystemEvent(
          framework: .watchKit, event: plays ? "haptic" : "hapticDropped", identifier: type.name,
          details: details))
    }
  }
}
