import SimulatedHealthKit
import SimulationDriver
import Synchronization

/// The watch app's delegate, WatchKit's `WKApplicationDelegate` (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate): set it as
/// ``WKApplication/delegate`` (a SwiftUI app's `@WKApplicationDelegateAdaptor` sets it).
///
/// Of its methods the simulation calls ``handle(_:)``: when the phone's app calls
/// `HKHealthStore.startWatchApp(with:completion:)` (docs/phone-link.md#starting-the-watch-app).
@MainActor public protocol WKApplicationDelegate: NSObjectProtocol {
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
