import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Synchronization
import Testing
import WorkoutCore

/// Notification categories and actions, the user's choice of one, the badge and the
/// interruption level (docs/phone.md#notifications).
@Suite struct NotificationActionsTests {
  typealias Support = UserNotificationsTests

  /// A delegate that records the responses, with the text of a text-input response.
  final class Responses: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    let lines = Mutex<[String]>([])

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      let text = (response as? UNTextInputNotificationResponse).map { " text=\($0.userText)" } ?? ""
      lines.withLock {
        $0.append("\(response.notification.request.identifier) \(response.actionIdentifier)\(text)")
      }
      completionHandler()
    }
  }

  @Test func theSDKsRawValues() {
    #expect(UNNotificationActionOptions.authenticationRequired.rawValue == 1)
    #expect(UNNotificationActionOptions.destructive.rawValue == 2)
    #expect(UNNotificationActionOptions.foreground.rawValue == 4)
    #expect(UNNotificationCategoryOptions.customDismissAction.rawValue == 1)
    #expect(UNNotificationCategoryOptions.allowInCarPlay.rawValue == 2)
    #expect(UNNotificationInterruptionLevel.passive.rawValue == 0)
    #expect(UNNotificationInterruptionLevel.critical.rawValue == 3)
    #expect(UNMutableNotificationContent().interruptionLevel == .active)
  }

  static let categories: Set<UNNotificationCategory> = [
    UNNotificationCategory(
      identifier: "workoutDone",
      actions: [
        UNNotificationAction(identifier: "share", title: "Share", options: [.foreground]),
        UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive]),
        UNTextInputNotificationAction(
          identifier: "note", title: "Add a note", textInputButtonTitle: "Save",
          textInputPlaceholder: "How did it feel?"),
      ], intentIdentifiers: [], options: [.customDismissAction]),
    UNNotificationCategory(
      identifier: "plain", actions: [], intentIdentifiers: [], options: []),
  ]

  static func request(_ identifier: String, category: String) -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = "Run saved"
    content.categoryIdentifier = category
    return UNNotificationRequest(identifier: identifier, content: content, trigger: nil)
  }

  @Test func theUsersChoiceReachesDidReceive() async throws {
    let simulation = try Support.simulation(start: "2026-03-20T11:00:00Z")
    let responses = Responses()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert, .badge])
      center.delegate = responses
      center.setNotificationCategories(Self.categories)
      #expect(await center.notificationCategories() == Self.categories)
      for name in ["a", "b", "c", "d", "e"] {
        try await center.add(Self.request(name, category: name == "e" ? "plain" : "workoutDone"))
      }
      // In the background, all five wait in Notification Center.
      #expect(await center.deliveredNotifications().count == 5)
      // An action the category does not have, and a notification that is not there.
      #expect(await simulation.chooseNotificationAction("share", notification: "e") == false)
      #expect(await simulation.chooseNotificationAction("share", notification: "z") == false)
      // A background action: the app stays in the background.
      #expect(await simulation.chooseNotificationAction("delete", notification: "a"))
      #expect(simulation.phoneAppState == .background)
      #expect(await simulation.chooseNotificationAction("note", notification: "b", text: "easy"))
      // A dismissal reaches the delegate: the category asks for it.
      #expect(
        await simulation.chooseNotificationAction(
          UNNotificationDismissActionIdentifier, notification: "c"))
      // The category without customDismissAction: dismissed, the delegate hears nothing.
      #expect(
        await simulation.chooseNotificationAction(
          UNNotificationDismissActionIdentifier, notification: "e"))
      // A foreground action brings the app to the front.
      #expect(await simulation.chooseNotificationAction("share", notification: "d"))
      #expect(simulation.phoneAppState == .foreground)
      #expect(await center.deliveredNotifications().isEmpty)
    }
    #expect(
      responses.lines.withLock { $0 } == [
        "a delete", "b note text=easy", "c com.apple.UNNotificationDismissActionIdentifier",
        "d share",
      ])
    let chosen = Support.events(simulation).filter { $0.event == "actionChosen" }
    #expect(chosen.map(\.identifier) == ["a", "b", "c", "e", "d"])
    #expect(
      chosen.map { $0.details["delegate"] } == [
        .bool(true), .bool(true), .bool(true), .bool(false), .bool(true),
      ])
  }

  @Test func theBadgeIsKeptAndShownOnlyWhenAllowed() async throws {
    let simulation = try Support.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      #expect(simulation.badgeCount == 0)
      try await center.setBadgeCount(3)
      #expect(simulation.badgeCount == 3)
      _ = try await center.requestAuthorization(options: [.badge])
      let answered = Mutex(false)
      center.setBadgeCount(0) { error in answered.withLock { $0 = error == nil } }
      await simulation.settle()
      #expect(answered.withLock { $0 })
      #expect(simulation.badgeCount == 0)
    }
    let badges = Support.events(simulation).filter { $0.event == "badge" }
    #expect(badges.map { $0.details["count"] } == [.integer(3), .integer(0)])
    #expect(badges.map { $0.details["shown"] } == [.bool(false), .bool(true)])
  }

  @Test func aChosenInterruptionLevelIsLogged() async throws {
    let simulation = try Support.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.alert])
      let content = UNMutableNotificationContent()
      content.title = "Heart rate high"
      content.interruptionLevel = .timeSensitive
      try await center.add(UNNotificationRequest(identifier: "hr", content: content, trigger: nil))
      try await center.add(Self.request("plain", category: "plain"))
    }
    let delivered = Support.events(simulation).filter { $0.event == "delivered" }
    #expect(delivered.map { $0.details["interruptionLevel"] } == [.integer(2), nil])
  }
}
