import WorkoutCore

/// The phone starting the watch app for a workout (docs/phone-link.md#starting-the-watch-app).
extension HKHealthStore {
  /// Launches or wakes the watch app in the background with `workoutConfiguration`, from the
  /// phone (iOS; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/startwatchapp(with:completion:)).
  ///
  /// At virtual now, with a watch paired (`phone.paired`) and the watch app installed
  /// (`phone.watchAppInstalled`, the `watchApp` action): the watch app is launched into the
  /// background when it is not running (woken when suspended), its WatchKit application
  /// delegate's `handle(_:)` gets a copy of the configuration (SimulatedWatchKit's
  /// `WKApplicationDelegate`, as the watch's code; a watch app launched with
  /// `launchWatchApp` that was not running gets a new delegate and its
  /// `applicationDidFinishLaunching()` first), then `completion(true, nil)`. Otherwise
  /// `completion(false, error)` with HealthKit's code 550, "Unable to launch watch app", the
  /// error HealthKit's daemon returns when it has no paired watch to send the request to
  /// (observed behaviour; the same for an app that is not installed: project rule). Handlers
  /// run in the callback lane.
  ///
  /// Traps when called from the watch's code (the method is iOS-only): call it inside
  /// `simulation.on(.phone) { ... }`.
  public func startWatchApp(
    with workoutConfiguration: HKWorkoutConfiguration,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = launchWatchApp(workoutConfiguration)
    simulation.enqueue { completion(error == nil, error) }
  }

  /// Launches or wakes the watch app with `workoutConfiguration` (the async form of
  /// ``startWatchApp(with:completion:)``, Swift's name for it in the iOS 18 SDK).
  ///
  /// - Throws: ``HKError`` code 550, "Unable to launch watch app", without a paired watch or
  ///   the watch app.
  nonisolated(nonsending) public func startWatchApp(
    toHandle workoutConfiguration: HKWorkoutConfiguration
  ) async throws {
    let error = launchWatchApp(workoutConfiguration)
    await simulation.deliver()
    if let error { throw error }
  }

  /// HealthKit's error when the request cannot reach a watch app: code 550 (no public name).
  static var watchAppLaunchError: HKError {
    HKError(rawCode: 550, "Unable to launch watch app")
  }

  /// The trap message of a call from the watch.
  static let startWatchAppOnWatchMessage =
    "HKHealthStore.startWatchApp(with:completion:) is iOS-only: call it from the phone's code, inside `simulation.on(.phone) { ... }` (docs/phone-link.md#starting-the-watch-app)"

  /// Launches the watch app and queues the delegate's `handle(_:)`; the error when it cannot.
  private func launchWatchApp(_ configuration: HKWorkoutConfiguration) -> HKError? {
    precondition(
      (device ?? HealthKitSimulation.device) == .phone, Self.startWatchAppOnWatchMessage)
    nonisolated(unsafe) let copy = configuration.copy() as! HKWorkoutConfiguration
    let simulation = simulation
    return simulation.mutate { state -> HKError? in
      let engine = state.session.workoutEngine
      guard state.terminated == nil, engine.linkPaired, engine.linkWatchAppInstalled else {
        return Self.watchAppLaunchError
      }
      let launched = state.session.launchWatchAppForWorkout(at: state.session.now)
      if let handler = state.extensionState(WatchAppLaunch.self)?.handler {
        // A new process gets it after its launch (a new delegate with launchWatchApp and its
        // applicationDidFinishLaunching()); a running one now.
        let now = state.afterBackgroundLaunch(launched: launched) {
          HealthKitSimulation.$currentDevice.withValue(.watch) { handler(copy) }
        }
        if !now.isEmpty { state.enqueue(now) }
        state.turnDue = true
      }
      return nil
    }
  }
}

/// Where the watch app's code takes a workout configuration the phone sent
/// (``HKHealthStore/startWatchApp(with:completion:)``): SimulatedWatchKit's application delegate
/// registers itself here.
struct WatchAppLaunch: SimulationExtension {
  /// Calls the watch app's `handle(_:)` with the configuration (in the callback lane, as the
  /// watch's code), or `nil` while no delegate is set.
  var handler: (@Sendable (HKWorkoutConfiguration) -> Void)?

  init(simulation: HealthKitSimulation) {}
}

extension HealthKitSimulation {
  /// Sets what the watch app runs when the phone starts it for a workout (SimulatedWatchKit's
  /// `WKApplication.delegate`); `nil` removes it.
  package func setWatchAppWorkoutHandler(
    _ handler: (@Sendable (HKWorkoutConfiguration) -> Void)?
  ) {
    mutate { state in
      state.withExtension(WatchAppLaunch.self, of: self) { launch, _ in launch.handler = handler }
    }
  }
}
