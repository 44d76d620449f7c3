import SimulatedHealthKit
import SimulationDriver
import Synchronization

/// The watch app's delegate, WatchKit's `WKApplicationDelegate` (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate): set it as
/// ``WKApplication/delegate`` (a SwiftUI app's `@WKApplicationDelegateAdaptor` sets it).
///
/// Of its methods the simulation calls ``handle(_:)``: when the phone's app calls
/// `HKHealthStore.startWatchApp(with:completion:)` (docs/phone-link.md#starting-the-watch-app);
/// ``applicationDidFinishLaunching()`` and ``handleActiveWorkoutRecovery()``: for a delegate
/// the simulation launches itself, at first and after every relaunch
/// (`AppSimulation.launchWatchApp(_:)`, docs/swift-api.md#crash-and-recovery).
@MainActor public protocol WKApplicationDelegate: NSObjectProtocol {
  /// The app has finished launching (Apple doc of the same method on the older
  /// `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationdidfinishlaunching()).
  /// Called on the main actor for a delegate made by `AppSimulation.launchWatchApp(_:)`, at
  /// its launch and at each relaunch after a crash, before ``handleActiveWorkoutRecovery()``
  /// (optional in WatchKit).
  func applicationDidFinishLaunching()

  /// The app was relaunched after it crashed during an active workout session: recover the
  /// session with `HKHealthStore.recoverActiveWorkoutSession(completion:)` (Apple doc of the
  /// same method on the older `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handleactiveworkoutrecovery()).
  /// Called on the main actor, after ``applicationDidFinishLaunching()``, for a delegate made
  /// by `AppSimulation.launchWatchApp(_:)`, when the world relaunches the app for recovery (a
  /// timeline `relaunch` with `recover: true`, the `crash-recover` fault) and the crash left a
  /// session open; a `relaunch` with `recover: false` (the `crash` fault) launches the app
  /// without this call (a project rule: docs/swift-api.md#crash-and-recovery). Optional in
  /// WatchKit.
  func handleActiveWorkoutRecovery()

  /// The phone's app started a workout: create and start a workout session with
  /// `workoutConfiguration` (Apple doc of the same method on the older `WKExtensionDelegate`:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-f27i).
  /// Called on the main actor, as the watch's code, after the system launched or woke the app
  /// in the background (optional in WatchKit).
  func handle(_ workoutConfiguration: HKWorkoutConfiguration)
}

extension WKApplicationDelegate {
  /// Does nothing (optional in WatchKit).
  public func handle(_ workoutConfiguration: HKWorkoutConfiguration) {}

  /// Does nothing (optional in WatchKit).
  public func applicationDidFinishLaunching() {}

  /// Does nothing (optional in WatchKit): the relaunched app does not recover its session.
  public func handleActiveWorkoutRecovery() {}
}

/// The delegate as ``WKApplication`` keeps it (set and read on the main actor).
struct ApplicationDelegateBox: @unchecked Sendable {
  var delegate: (any WKApplicationDelegate)?
}

extension WKApplication {
  /// The app's delegate (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication), kept strongly:
  /// setting it makes the simulation call its ``WKApplicationDelegate/handle(_:)`` when the
  /// phone starts the watch app for a workout.
  @MainActor public var delegate: (any WKApplicationDelegate)? {
    get { delegateBox.withLock { $0 }.delegate }
    set {
      delegateBox.withLock { $0.delegate = newValue }
      guard newValue != nil else { return simulation.setWatchAppWorkoutHandler(nil) }
      let application = self
      let handler: @Sendable (HKWorkoutConfiguration) -> Void = { configuration in
        nonisolated(unsafe) let configuration = configuration
        Task { @MainActor in application.delegate?.handle(configuration) }
      }
      simulation.setWatchAppWorkoutHandler(handler)
    }
  }
}
