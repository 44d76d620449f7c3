import SimulatedHealthKit
import SimulationDriver

/// The watch app's delegate in the form before watchOS 7's single-target apps, WatchKit's
/// `WKExtensionDelegate` (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextensiondelegate; watchOS 2.0,
/// deprecated in 9.2): set it as ``WKExtension/delegate`` (on a device the system makes it from
/// the extension's `WKExtensionDelegateClassName`), and read it back with
/// `WKExtension.shared().delegate as! ExtensionDelegate`.
///
/// It has the requirements of ``WKApplicationDelegate`` the simulation calls, and gets the same
/// calls at the same instants: the app has one delegate, of either protocol
/// (``WKApplication/delegate`` and ``WKExtension/delegate`` are one box). A launch with
/// `AppSimulation.launchWatchApp(_:)` may make one too.
@available(watchOS, introduced: 2.0, deprecated: 9.2)
@MainActor public protocol WKExtensionDelegate: NSObjectProtocol {
  /// The app has finished launching (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationdidfinishlaunching()):
  /// as ``WKApplicationDelegate/applicationDidFinishLaunching()``. Optional in WatchKit.
  func applicationDidFinishLaunching()

  /// The app was relaunched after it crashed during an active workout session (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handleactiveworkoutrecovery()):
  /// as ``WKApplicationDelegate/handleActiveWorkoutRecovery()``. Optional in WatchKit.
  func handleActiveWorkoutRecovery()

  /// The phone's app started a workout (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-f27i):
  /// as `WKApplicationDelegate`'s `handle(_:)` of a workout configuration. Optional in
  /// WatchKit.
  func handle(_ workoutConfiguration: HKWorkoutConfiguration)

  /// The system launched or woke the app in the background for `backgroundTasks` (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-92ulv):
  /// as `WKApplicationDelegate`'s `handle(_:)` of background tasks; without it the task is
  /// completed at once and reported (the same project rule). Optional in WatchKit.
  func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)

  /// The app became active (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationdidbecomeactive()):
  /// as ``WKApplicationDelegate/applicationDidBecomeActive()``. Optional in WatchKit.
  func applicationDidBecomeActive()

  /// The app is about to stop being active (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationwillresignactive()):
  /// as ``WKApplicationDelegate/applicationWillResignActive()``. Optional in WatchKit.
  func applicationWillResignActive()

  /// The app is about to come from the background to the foreground (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationwillenterforeground()):
  /// as ``WKApplicationDelegate/applicationWillEnterForeground()``. Optional in WatchKit.
  func applicationWillEnterForeground()

  /// The app went from the foreground to the background (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/applicationdidenterbackground()):
  /// as ``WKApplicationDelegate/applicationDidEnterBackground()``. Optional in WatchKit.
  func applicationDidEnterBackground()

  /// The app registered with Apple Push Notification service (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didregisterforremotenotifications(withdevicetoken:)):
  /// as ``WKApplicationDelegate/didRegisterForRemoteNotifications(withDeviceToken:)``. Optional
  /// in WatchKit.
  func didRegisterForRemoteNotifications(withDeviceToken deviceToken: Data)

  /// The registration with Apple Push Notification service failed (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didfailtoregisterforremotenotificationswitherror(_:)):
  /// as ``WKApplicationDelegate/didFailToRegisterForRemoteNotificationsWithError(_:)``.
  /// Optional in WatchKit.
  func didFailToRegisterForRemoteNotificationsWithError(_ error: any Error)

  /// A background notification arrived (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didreceiveremotenotification(_:fetchcompletionhandler:)):
  /// as `WKApplicationDelegate`'s `didReceiveRemoteNotification(_:fetchCompletionHandler:)`.
  /// Optional in WatchKit.
  func didReceiveRemoteNotification(
    _ userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (WKBackgroundFetchResult) -> Void)

  /// A background notification arrived: as ``WKApplicationDelegate/didReceiveRemoteNotification(_:)``,
  /// the async form Swift imports of the method
  /// (https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didreceiveremotenotification(_:fetchcompletionhandler:);
  /// SE-0297, Apple: https://developer.apple.com/documentation/swift/calling-objective-c-apis-asynchronously).
  func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async
    -> WKBackgroundFetchResult

  /// The system launched the app to resume a session it scheduled (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handle(_:)-4qxgv):
  /// as `WKApplicationDelegate`'s `handle(_:)` of an extended runtime session: called when a
  /// smart alarm the crashed process scheduled starts. Optional in WatchKit.
  func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession)
}

@available(watchOS, introduced: 2.0, deprecated: 9.2)
extension WKExtensionDelegate {
  /// Does nothing (optional in WatchKit).
  public func applicationDidFinishLaunching() {}

  /// Does nothing (optional in WatchKit): the relaunched app does not recover its session.
  public func handleActiveWorkoutRecovery() {}

  /// Does nothing (optional in WatchKit).
  public func handle(_ workoutConfiguration: HKWorkoutConfiguration) {}

  /// Completes every task at once and reports it, as ``WKApplicationDelegate``'s default does
  /// (a project rule: docs/healthkit-behaviour.md#background-refresh).
  public func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
    for task in backgroundTasks { task.completeUnhandled(owner: "WKExtension") }
  }

  /// Does nothing (optional in WatchKit).
  public func applicationDidBecomeActive() {}

  /// Does nothing (optional in WatchKit).
  public func applicationWillResignActive() {}

  /// Does nothing (optional in WatchKit).
  public func applicationWillEnterForeground() {}

  /// Does nothing (optional in WatchKit).
  public func applicationDidEnterBackground() {}

  /// Does nothing (optional in WatchKit).
  public func didRegisterForRemoteNotifications(withDeviceToken deviceToken: Data) {}

  /// Does nothing (optional in WatchKit).
  public func didFailToRegisterForRemoteNotificationsWithError(_ error: any Error) {}

  /// Calls the async form ``didReceiveRemoteNotification(_:)`` and passes on its result, as
  /// ``WKApplicationDelegate``'s default does.
  public func didReceiveRemoteNotification(
    _ userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (WKBackgroundFetchResult) -> Void
  ) {
    RemoteNotificationDefaults.callAsyncForm(of: self, userInfo, completionHandler) {
      await $0.didReceiveRemoteNotification($1)
    }
  }

  /// Answers ``WKBackgroundFetchResult/noData`` at once and reports it, as
  /// ``WKApplicationDelegate``'s default does.
  public func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async
    -> WKBackgroundFetchResult
  {
    RemoteNotificationDefaults.unhandled(owner: "WKExtension")
  }

  /// Does nothing (optional in WatchKit).
  public func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
}

extension WKExtension {
  /// The app's delegate, the form before watchOS 7 (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextension/delegate), kept strongly:
  /// the same one delegate as ``WKApplication/delegate`` (setting either replaces it; reading
  /// here a delegate that adopts only ``WKApplicationDelegate`` gives `nil`), with the same
  /// calls (docs/swift-api.md#watchkit).
  @available(watchOS, introduced: 2.0, deprecated: 9.2)
  @MainActor public var delegate: (any WKExtensionDelegate)? {
    get { application.appDelegate?.object as? any WKExtensionDelegate }
    set { application.appDelegate = newValue.map { .extension($0) } }
  }

  /// The simulation's `WKApplication.shared()`, which keeps the one delegate.
  var application: WKApplication {
    simulation.watchKitShared(\.application) { WKApplication(simulation: simulation) }
  }
}
