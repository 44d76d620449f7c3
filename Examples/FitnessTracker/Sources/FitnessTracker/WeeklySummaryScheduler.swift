// Schedules the weekly summary: a repeating `UNCalendarNotificationTrigger` on Monday 09:00
// local time whose body the app refreshes whenever it runs.
import FitnessTrackerKit
import Foundation

/// The weekly summary's notification request.
///
/// Shape only: the bodies land with the UserNotifications merge (they call
/// `UNUserNotificationCenter.current()`).
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

  /// Asks for permission (`[.alert, .sound]`) and adds (or replaces) the request with the
  /// current summary as its body. Throws what `requestAuthorization(options:)` and `add(_:)`
  /// throw.
  public func schedule() async throws {
    fatalError("WeeklySummaryScheduler.schedule() lands with the UserNotifications merge")
  }

  /// Refreshes the pending request's body (when the toggle is on and permission is given).
  public func refresh() async {
    fatalError("WeeklySummaryScheduler.refresh() lands with the UserNotifications merge")
  }

  /// Removes the pending request.
  public func cancel() {
    fatalError("WeeklySummaryScheduler.cancel() lands with the UserNotifications merge")
  }

  /// What the system allows.
  public func permission() async -> NotificationPermission {
    fatalError("WeeklySummaryScheduler.permission() lands with the UserNotifications merge")
  }

  /// The pending summary, `nil` when none.
  public func nextNotification() async -> NextNotification? {
    fatalError("WeeklySummaryScheduler.nextNotification() lands with the UserNotifications merge")
  }
}
