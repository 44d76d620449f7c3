import SimulatedHealthKit
import SimulationDriver
import WorkoutCore
import WorkoutSystem

/// The watch the app runs on: its haptics, Water Lock, and its description (screen, battery,
/// wrist, water resistance, name and system: fixed values of one watch, project rules written
/// in docs/swift-api.md#watchkit) (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfacedevice).
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

  /// Whether Water Lock is on (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/iswaterlockenabled):
  /// from an accepted ``enableWaterLock()`` until the user unlocks the watch
  /// (`HealthKitSimulation.unlockWaterLock()`, turning the Digital Crown).
  public var isWaterLockEnabled: Bool {
    simulation.mutate { state in
      state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
        watchKit.waterLocked
      }
    }
  }

  /// Turns Water Lock on: the touch screen ignores taps until the user unlocks the watch (Apple
  /// doc: https://developer.apple.com/documentation/watchkit/wkinterfacedevice/enablewaterlock()).
  ///
  /// Apple's rule: only "when the app is running in the foreground during an active workout or
  /// location session", and the app cannot unlock it. Here the app must be active with a
  /// running workout session (the simulated watch is water resistant, `wr50`); then
  /// ``isWaterLockEnabled`` turns `true` and the run's log gets a `system` entry of framework
  /// `WatchKit`, event `waterLock`. Otherwise nothing changes and the entry is
  /// `waterLockRefused` with `reason` `notActive` (the app is not frontmost) or
  /// `noWorkoutSession` (no running session): Apple's method returns nothing, so the log says
  /// why the lock did not come on.
  public func enableWaterLock() {
    simulation.mutate { state in
      let engine = state.session.workoutEngine
      let appState = engine.appState
      let running = engine.currentSessionIndex.flatMap { engine.sessionState($0) } == .running
      var details: [String: SystemEvent.Value] = ["appState": .string(appState.rawValue)]
      if appState != .active {
        details["reason"] = .string("notActive")
      } else if !running {
        details["reason"] = .string("noWorkoutSession")
      }
      let accepted = details["reason"] == nil
      if accepted {
        state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
          watchKit.waterLocked = true
        }
      }
      state.log(
        SystemEvent(
          framework: .watchKit, event: accepted ? "waterLock" : "waterLockRefused",
          identifier: "WKInterfaceDevice", details: details))
    }
  }
}

/// The user around the watch, for tests (not Apple's API).
extension HealthKitSimulation {
  /// The user turns the Digital Crown to unlock Water Lock now: ``WKInterfaceDevice/isWaterLockEnabled``
  /// turns `false` (the app cannot do this itself; Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/enablewaterlock()).
  /// The run's log gets a `system` entry of framework `WatchKit`, event `waterUnlock`, when the
  /// watch was locked.
  public func unlockWaterLock() {
    mutate { state in
      let wasLocked = state.withExtension(WatchKitState.self, of: self) { watchKit, _ in
        defer { watchKit.waterLocked = false }
        return watchKit.waterLocked
      }
      if wasLocked {
        state.log(
          SystemEvent(
            framework: .watchKit, event: "waterUnlock", identifier: "WKInterfaceDevice",
            details: [:]))
      }
    }
  }
}
