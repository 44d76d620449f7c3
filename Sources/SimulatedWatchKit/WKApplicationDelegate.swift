import SimulatedHealthKit
import SimulationDriver
import Synchronization

/// The watch app's delegate, WatchKit's `WKApplicationDelegate` (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate): set it as
/// ``WKApplication/delegate`` (a SwiftUI app's `@WKApplicationDelegateAdaptor` sets it).
///
/// Of its methods the simulation calls `handle(_:)` with a workout configuration: when the
/// phone's app calls `HKHealthStore.startWatchApp(with:completion:)`
/// (docs/phone-link.md#starting-the-watch-app); `handle(_:)` with background tasks: when a
/// refresh the app scheduled launches (docs/healthkit-behaviour.md#background-refresh), and
/// when content from the phone wakes the app (docs/phone-link.md#waking-the-watch-app);
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
  /// in the background, after ``applicationDidFinishLaunching()`` when the request launched
  /// the app (docs/phone-link.md#starting-the-watch-app; optional in WatchKit).
  func handle(_ workoutConfiguration: HKWorkoutConfiguration)

  /// The system launched or woke the app in the background for `backgroundTasks`: do the work
  /// of each (a HealthKit query, a widget reload, the next
  /// `scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)`), then call
  /// its `setTaskCompletedWithSnapshot(_:)` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/handle(_:)-4vdjo;
  /// optional in WatchKit). Called on the main actor with one
  /// ``WKApplicationRefreshBackgroundTask`` at the launch instant of each refresh the app
  /// scheduled (docs/healthkit-behaviour.md#background-refresh), and with one
  /// ``WKWatchConnectivityRefreshBackgroundTask`` when content from the phone wakes or launches
  /// the app (docs/phone-link.md#waking-the-watch-app), after `applicationDidFinishLaunching()`
  /// when the task launched the app.
  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)
}

extension WKApplicationDelegate {
  /// Does nothing (optional in WatchKit).
  public func handle(_ workoutConfiguration: HKWorkoutConfiguration) {}

  /// Does nothing (optional in WatchKit).
  public func applicationDidFinishLaunching() {}

  /// Does nothing (optional in WatchKit): the relaunched app does not recover its session.
  public func handleActiveWorkoutRecovery() {}

  /// Completes every task at once with `setTaskCompletedWithSnapshot(false)` (optional in
  /// WatchKit; a project rule: a delegate without the method does no work for the task, and
  /// completing it is what Apple asks of every task the app does not need), and reports it as
  /// a `notDelivered` warning (the app scheduled a refresh that none of its code handles: often
  /// a method whose signature differs, such as a `Set<WKApplicationRefreshBackgroundTask>`
  /// parameter).
  public func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks { task.completeUnhandled() }
  }
}

/// The delegate as ``WKApplication`` keeps it (set and read on the main actor).
struct ApplicationDelegateBox: @unchecked Sendable {
  var delegate: (any WKApplicationDelegate)?
}

extension WKApplication {
  /// The app's delegate (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkapplication), kept strongly:
  /// setting it makes the simulation call its `handle(_:)` with a workout configuration when
  /// the phone starts the watch app for a workout, and with background tasks when a scheduled
  /// refresh launches.
  @MainActor public var delegate: (any WKApplicationDelegate)? {
    get { delegateBox.withLock { $0 }.delegate }
    set {
      delegateBox.withLock { $0.delegate = newValue }
      simulation.startWatchConnectivityTasks()
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
