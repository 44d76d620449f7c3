// Schedules the weekly summary: a repeating `UNCalendarNotificationTrigger` on Monday 09:00
// local time whose body the app refreshes whenever it runs.
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import UserNotifications
#else
  import SimulatedUserNotifications
#endif

/// The weekly summary's notification request (the seed: every Monday at 09:00, last week's
/// total steps, average heart rate and workout count).
///
/// One pending request, ``WeeklySummary/identifier``, with
/// `UNCalendarNotificationTrigger(dateMatching: weekday 2, hour 9, minute 0, repeats: true)`
/// (https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger):
/// the components carry no time zone, so it fires at 09:00 in the device's zone of the moment,
/// after a DST change or a flight too.
///
/// A repeating request's content is fixed when it is added, so the body is refreshed by
/// adding the request again with the same identifier (`add(_:)` replaces a pending request of
/// that identifier) each time the app runs: at launch, when it comes to the foreground, and
/// after the dashboard's refresh (``AppModel``). The body reports the week that the next
/// delivery will call "last week" (the Monday-to-Monday local week before the next trigger
/// date), as far as the store knows at that run; an app that does not run again before Monday
/// delivers the figures of its last run (the limit of a local repeating notification;
/// docs/phone.md, "The example app's rules").
@MainActor
public final class WeeklySummaryScheduler {
  /// The reads the summary's body is computed from.
  public let reader: HealthReader
  /// The shared settings (the toggle).
  public let settings: Settings

  /// A scheduler of the summary of `reader`'s store, on when `settings` says so.
  public init(reader: HealthReader, settings: Settings) {
    self.reader = reader
    self.settings = settings
  }

  /// The trigger's date components: weekday 2 (Monday in the Gregorian calendar), 09:00.
  public static var triggerComponents: DateComponents {
    DateComponents(hour: 9, minute: 0, weekday: 2)
  }

  private var center: UNUserNotificationCenter { UNUserNotificationCenter.current() }

  /// Asks for permission (`[.alert, .sound]`: the prompt the first time) and, when granted,
  /// adds (or replaces) the request with the current summary as its body; when not granted,
  /// nothing is scheduled. Throws what `requestAuthorization(options:)` and `add(_:)` throw
  /// (`UNError`).
  public func schedule() async throws {
    guard try await center.requestAuthorization(options: [.alert, .sound]) else { return }
    try await add()
  }

  /// Refreshes the pending request's body: adds it again when the toggle is on and permission
  /// is given (no prompt); else does nothing. An error of `add(_:)` leaves the previous request.
  public func refresh() async {
    guard settings.notificationsEnabled, await permission() == .allowed else { return }
    try? await add()
  }

  /// Removes the pending request (`removePendingNotificationRequests(withIdentifiers:)`).
  public func cancel() {
    center.removePendingNotificationRequests(withIdentifiers: [WeeklySummary.identifier])
  }

  /// What the system allows (`notificationSettings().authorizationStatus`).
  public func permission() async -> NotificationPermission {
    switch await center.notificationSettings().authorizationStatus {
    case .notDetermined: return .notDetermined
    case .denied: return .denied
    default: return .allowed
    }
  }

  /// The pending summary (from `pendingNotificationRequests()`), `nil` when none.
  public func nextNotification() async -> NextNotification? {
    let pending = await center.pendingNotificationRequests()
    guard let request = pending.first(where: { $0.identifier == WeeklySummary.identifier })
    else { return nil }
    let trigger = request.trigger as? UNCalendarNotificationTrigger
    return NextNotification(
      identifier: request.identifier, title: request.content.title, body: request.content.body,
      fireDate: trigger?.nextTriggerDate(), repeats: request.trigger?.repeats ?? false)
  }

  /// The summary the next delivery reports: the local week before the trigger's next date.
  public func upcomingSummary() async -> WeeklySummary {
    let trigger = UNCalendarNotificationTrigger(
      dateMatching: Self.triggerComponents, repeats: true)
    let calendar = reader.clock.calendar()
    let next =
      trigger.nextTriggerDate()
      ?? calendar.nextDate(
        after: reader.clock.now(), matching: Self.triggerComponents, matchingPolicy: .nextTime)
      ?? reader.clock.now()
    let week = WeeklySummary.lastWeek(before: next, calendar: calendar)
    return await WeeklySummary.read(reader, from: week.start, to: week.end)
  }

  private func add() async throws {
    let summary = await upcomingSummary()
    let content = UNMutableNotificationContent()
    content.title = WeeklySummary.title
    content.body = summary.body
    content.sound = .default
    let trigger = UNCalendarNotificationTrigger(
      dateMatching: Self.triggerComponents, repeats: true)
    try await center.add(
      UNNotificationRequest(
        identifier: WeeklySummary.identifier, content: content, trigger: trigger))
  }
}
