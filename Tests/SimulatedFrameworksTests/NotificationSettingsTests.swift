import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing
import WorkoutScenario
import WorkoutSystem

/// The settings `notificationSettings()` reports beyond alert, badge and sound (time-sensitive,
/// critical alerts, CarPlay, the app's settings button, and the features the simulation has
/// nothing of), and the action icons and category summary format apps declare
/// (docs/phone.md#notifications).
@Suite struct NotificationSettingsTests {
  @Test func theSDKsRawValues() {
    // SDK UNNotificationSettings.h: none 0, banner 1, alert 2; always 0, whenAuthenticated 1,
    // never 2.
    #expect(UNAlertStyle.none.rawValue == 0)
    #expect(UNAlertStyle.banner.rawValue == 1)
    #expect(UNAlertStyle.alert.rawValue == 2)
    #expect(UNShowPreviewsSetting.always.rawValue == 0)
    #expect(UNShowPreviewsSetting.whenAuthenticated.rawValue == 1)
    #expect(UNShowPreviewsSetting.never.rawValue == 2)
  }

  @Test func authorizedWithTheRequestedFeatures() async throws {
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(
        options: [.alert, .criticalAlert, .providesAppNotificationSettings])
      let settings = await center.notificationSettings()
      #expect(settings.authorizationStatus == .authorized)
      // Requested: enabled; not requested (CarPlay): disabled.
      #expect(settings.criticalAlertSetting == .enabled)
      #expect(settings.carPlaySetting == .disabled)
      #expect(settings.providesAppNotificationSettings)
      // The entitlement assumed, the user's switch on.
      #expect(settings.timeSensitiveSetting == .enabled)
      // What the simulation has nothing of.
      #expect(settings.announcementSetting == .disabled)
      #expect(settings.scheduledDeliverySetting == .disabled)
      #expect(settings.directMessagesSetting == .notSupported)
      // Alerts on: iOS's default banner style; previews never hidden.
      #expect(settings.alertStyle == .banner)
      #expect(settings.showPreviewsSetting == .always)
    }
  }

  @Test func carPlayWhenRequested() async throws {
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(options: [.carPlay, .sound])
      let settings = await center.notificationSettings()
      #expect(settings.carPlaySetting == .enabled)
      #expect(settings.criticalAlertSetting == .disabled)
      #expect(settings.providesAppNotificationSettings == false)
      // No alerts: no style.
      #expect(settings.alertStyle == .none)
    }
  }

  @Test func deniedTurnsEverythingOff() async throws {
    let simulation = try UserNotificationsTests.simulation(
      start: "2026-03-20T11:00:00Z", answer: .denied)
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      let before = await center.notificationSettings()
      #expect(before.authorizationStatus == .notDetermined)
      #expect(before.timeSensitiveSetting == .disabled)
      _ = try await center.requestAuthorization(
        options: [.alert, .criticalAlert, .carPlay, .providesAppNotificationSettings])
      let settings = await center.notificationSettings()
      #expect(settings.authorizationStatus == .denied)
      #expect(settings.timeSensitiveSetting == .disabled)
      #expect(settings.criticalAlertSetting == .disabled)
      #expect(settings.carPlaySetting == .disabled)
      #expect(settings.providesAppNotificationSettings == false)
      #expect(settings.alertStyle == .none)
    }
  }

  @Test func provisionalIsQuiet() async throws {
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      _ = try await center.requestAuthorization(
        options: [.alert, .provisional, .providesAppNotificationSettings])
      let settings = await center.notificationSettings()
      #expect(settings.authorizationStatus == .provisional)
      // Quiet: nothing interrupts, but the settings button was asked for.
      #expect(settings.timeSensitiveSetting == .disabled)
      #expect(settings.alertStyle == .none)
      #expect(settings.providesAppNotificationSettings)
    }
  }

  @Test func theDeprecatedOptionsAreNamedInThePrompt() async throws {
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-20T11:00:00Z")
    try await simulation.run {
      // `.announcement` (128) and `.timeSensitive` (256) by their bits: naming them warns.
      let options = UNAuthorizationOptions(rawValue: 4 | 128 | 256)
      _ = try await UNUserNotificationCenter.current().requestAuthorization(options: options)
    }
    let prompt = UserNotificationsTests.events(simulation).first {
      $0.event == "authorizationPrompt"
    }
    #expect(prompt?.details["options"] == .string("alert,announcement,timeSensitive"))
  }

  @Test func actionIconsAreKeptAndCompared() {
    let trash = UNNotificationActionIcon(systemImageName: "trash")
    let delete = UNNotificationAction(
      identifier: "delete", title: "Delete", options: [.destructive], icon: trash)
    #expect(delete.icon == UNNotificationActionIcon(systemImageName: "trash"))
    // The same name as the app's template image is another icon.
    #expect(delete.icon != UNNotificationActionIcon(templateImageName: "trash"))
    #expect(UNNotificationAction(identifier: "delete", title: "Delete").icon == nil)
    // Actions differing only by their icon are different actions.
    #expect(
      delete
        != UNNotificationAction(
          identifier: "delete", title: "Delete", options: [.destructive],
          icon: UNNotificationActionIcon(templateImageName: "bin")))
    let reply = UNTextInputNotificationAction(
      identifier: "reply", title: "Reply", options: [],
      icon: UNNotificationActionIcon(templateImageName: "bubble"), textInputButtonTitle: "Send",
      textInputPlaceholder: "Message")
    #expect(reply.icon == UNNotificationActionIcon(templateImageName: "bubble"))
    #expect(reply.textInputButtonTitle == "Send")
    #expect(reply.textInputPlaceholder == "Message")
  }

  @Test func theCategorySummaryFormatIsKept() async throws {
    let category = UNNotificationCategory(
      identifier: "messages",
      actions: [
        UNNotificationAction(
          identifier: "like", title: "Like", options: [],
          icon: UNNotificationActionIcon(systemImageName: "hand.thumbsup"))
      ], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: nil,
      categorySummaryFormat: "%u new messages from %@", options: [])
    #expect(category.categorySummaryFormat == "%u new messages from %@")
    // nil reads back as "" (the properties are not optional).
    #expect(category.hiddenPreviewsBodyPlaceholder == "")
    let plain = UNNotificationCategory(identifier: "plain", actions: [], intentIdentifiers: [])
    #expect(plain.categorySummaryFormat == "")
    let simulation = try UserNotificationsTests.simulation(start: "2026-03-20T11:00:00Z")
    await simulation.run {
      let center = UNUserNotificationCenter.current()
      center.setNotificationCategories([category])
      let read = await center.notificationCategories()
      #expect(read.first?.categorySummaryFormat == "%u new messages from %@")
      #expect(
        read.first?.actions.first?.icon
          == UNNotificationActionIcon(systemImageName: "hand.thumbsup"))
    }
  }
}
