import Foundation
import SimulationDriver

/// The app's object that handles notifications arriving in the foreground and the user's
/// responses (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate).
///
/// Every method is optional, as in UserNotifications: the extension's defaults stand in for
/// Objective-C's `@optional` (Linux has none). Implement either form of a call, the one with
/// a completion handler or the `async` one; the system calls the completion form, whose
/// default calls the `async` form. Without either, a notification arriving in the foreground
/// is not presented (`[]`), as Apple's default. Calls come in the simulation's callback lane,
/// off the main actor; the system waits (virtual time holds) until the completion handler is
/// called or the `async` form returns.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  /// A notification arrived while the app is in the foreground: answer how to present it
  /// (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)).
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

  /// The `async` form of
  /// ``userNotificationCenter(_:willPresent:withCompletionHandler:)`` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)).
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions

  /// The user responded to a delivered notification (opened it: the action identifier is
  /// ``UNNotificationDefaultActionIdentifier``); call the completion handler when done (Apple
  /// doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)).
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

  /// The `async` form of
  /// ``userNotificationCenter(_:didReceive:withCompletionHandler:)`` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)).
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

  /// The user asked for the app's notification settings (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:opensettingsfor:));
  /// the simulation never calls it.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
  /// Calls the `async` form and passes on its answer.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    let delegate = DelegateReference(self)
    AppSimulation.startOnLane {
      completionHandler(
        await delegate.object.userNotificationCenter(center, willPresent: notification))
    }
  }

  /// Presents nothing (`[]`), Apple's behaviour without a delegate method.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions { [] }

  /// Calls the `async` form, then the completion handler.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    let delegate = DelegateReference(self)
    AppSimulation.startOnLane {
      await delegate.object.userNotificationCenter(center, didReceive: response)
      completionHandler()
    }
  }

  /// Does nothing.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
  ) async {}

  /// Does nothing.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
  ) {}
}

/// A strong reference to the app's delegate for a call the system makes from another task
/// (the delegate is the app's object; UserNotifications calls it from its own queue too).
struct DelegateReference: @unchecked Sendable {
  let object: any UNUserNotificationCenterDelegate

  init(_ object: any UNUserNotificationCenterDelegate) { self.object = object }
}

/// The weak reference the center keeps, with the app process that set it (a crash drops it).
struct WeakDelegate: @unchecked Sendable {
  weak var object: (any UNUserNotificationCenterDelegate)?
  let generation: Int
}
