import Foundation
import SimulationDriver
import WorkoutCore

/// The simulation's controls for notifications (docs/phone.md#notifications).
extension AppSimulation {
  /// The user taps the delivered notification `identifier` in Notification Center: it leaves
  /// Notification Center, the app comes to the foreground (`phoneAppState`), and the
  /// center's delegate gets `userNotificationCenter(_:didReceive:withCompletionHandler:)` with
  /// ``UNNotificationDefaultActionIdentifier`` in the callback lane (virtual time holds until
  /// its completion handler). Logs `opened` (detail `delegate`: whether one was set by the
  /// current app process). Returns when the delegate's call has run.
  ///
  /// - Returns: `false`, and nothing happens, when no delivered notification has `identifier`.
  @discardableResult
  public func openNotification(identifier: String) async -> Bool {
    let (found, delegate) = mutate { state -> (UNNotification?, DelegateReferenceResult) in
      state.withExtension(NotificationState.self, of: self) { notifications, state in
        guard
          let index = notifications.delivered.lastIndex(where: {
            $0.request.identifier == identifier
          })
        else { return (nil, DelegateReferenceResult(nil)) }
        let notification = notifications.delivered.remove(at: index)
        state.setPhoneAppState(.foreground, of: self)
        let delegate = notifications.liveDelegate(in: &state)
        UNUserNotificationCenter.log(
          "opened", identifier,
          [
            "action": .string(UNNotificationDefaultActionIdentifier),
            "delegate": .bool(delegate != nil),
          ], in: &state)
        return (notification, DelegateReferenceResult(delegate))
      }
    }
    guard let found else { return false }
    await respond(
      UNNotificationResponse(
        notification: found, actionIdentifier: UNNotificationDefaultActionIdentifier),
      to: delegate)
    return true
  }

  /// Hands `response` to the delegate's `didReceive` in the callback lane (when the current
  /// app process set one), holding virtual time until its completion handler, and returns when
  /// it has run: a control, not an app call, so it waits for the delegate's answer too.
  nonisolated(nonsending) private func respond(
    _ response: UNNotificationResponse, to delegate: DelegateReferenceResult
  ) async {
    if let object = delegate.object {
      let reference = DelegateReference(object)
      let identifier = response.notification.request.identifier
      // A control of the test's, not an app call: never reported as a call after the run.
      let respond: Callback = {
        let center = UNUserNotificationCenter.current()
        let hold = self.beginHold(
          framework: "UserNotifications", call: "didReceive of \(identifier)", device: .phone)
        // The phone app's code (docs/swift-api.md#whose-code-a-callback-runs-as).
        AppSimulation.$currentDevice.withValue(.phone) {
          reference.object.userNotificationCenter(center, didReceive: response) {
            self.endHold(hold)
          }
        }
      }
      enqueue([respond], owedBy: nil)
    }
    await deliver()
    await waitForHolds()
  }

  /// The user chooses the action `actionIdentifier` on the delivered notification `identifier`
  /// (a button of the category its content names, `setNotificationCategories`), or dismisses it
  /// with ``UNNotificationDismissActionIdentifier``: it leaves Notification Center; an action
  /// with `.foreground` brings the app to the foreground (`phoneAppState`), any other answers in
  /// the background; the delegate's `userNotificationCenter(_:didReceive:withCompletionHandler:)`
  /// gets the response (a ``UNTextInputNotificationResponse`` with `text` for a text-input
  /// action) in the callback lane, and virtual time holds until its completion handler. A
  /// dismissal reaches the delegate only when the category has `.customDismissAction`, as on a
  /// device. Logs `actionChosen` (details `action`, `delegate`). Returns when the delegate's
  /// call has run.
  ///
  /// - Returns: `false`, and nothing happens, when no delivered notification has `identifier`
  ///   or its category has no such action.
  @discardableResult
  public func chooseNotificationAction(
    _ actionIdentifier: String, notification identifier: String, text: String? = nil
  ) async -> Bool {
    let (found, delegate, action) = mutate {
      state -> (UNNotification?, DelegateReferenceResult, UNNotificationAction?) in
      state.withExtension(NotificationState.self, of: self) { notifications, state in
        guard
          let index = notifications.delivered.lastIndex(where: {
            $0.request.identifier == identifier
          })
        else { return (nil, DelegateReferenceResult(nil), nil) }
        let notification = notifications.delivered[index]
        let category = notifications.categories[notification.request.content.categoryIdentifier]
        let dismissing = actionIdentifier == UNNotificationDismissActionIdentifier
        let action = category?.actions.first { $0.identifier == actionIdentifier }
        guard dismissing || action != nil else { return (nil, DelegateReferenceResult(nil), nil) }
        notifications.delivered.remove(at: index)
        if action?.options.contains(.foreground) == true {
          state.setPhoneAppState(.foreground, of: self)
        }
        let reaches = !dismissing || category?.options.contains(.customDismissAction) == true
        let delegate = reaches ? notifications.liveDelegate(in: &state) : nil
        UNUserNotificationCenter.log(
          "actionChosen", identifier,
          ["action": .string(actionIdentifier), "delegate": .bool(delegate != nil)], in: &state)
        return (notification, DelegateReferenceResult(delegate), action)
      }
    }
    guard let found else { return false }
    let response: UNNotificationResponse =
      action is UNTextInputNotificationAction
      ? UNTextInputNotificationResponse(
        notification: found, actionIdentifier: actionIdentifier, userText: text ?? "")
      : UNNotificationResponse(notification: found, actionIdentifier: actionIdentifier)
    await respond(response, to: delegate)
    return true
  }

  /// The app icon's badge as the app last set it (`setBadgeCount`), 0 before.
  public var badgeCount: Int {
    // `self.`: a body that began with `mutate {` would parse as a `mutate` accessor.
    self.mutate { state in
      state.withExtension(NotificationState.self, of: self) { notifications, _ in
        notifications.badgeCount
      }
    }
  }

  /// The next instant the pending request `identifier` fires at, or `nil` (not pending, or
  /// its trigger never fires again): what a "next notification" line shows.
  public func nextNotificationDate(identifier: String) -> Date? {
    let fire = mutate { state in
      state.withExtension(NotificationState.self, of: self) { notifications, _ in
        notifications.pending.first { $0.request.identifier == identifier }?.fire
      }
    }
    return fire.map { date(of: $0) }
  }
}
