// A calendar notification trigger built from the app's `Date()` (new-user trial 25, finding 2)
// and what a trigger predicts before a time-zone change (finding 12); docs/phone.md#notifications
// and docs/swift-api.md#the-wall-clock-rule.
import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSystem

@Suite struct CalendarTriggerRealClockTests {
  typealias Notifications = UserNotificationsTests

  /// The trial's "tomorrow 07:00", written from the real clock as the app wrote it.
  static func tomorrowAtSeven() -> UNCalendarNotificationTrigger {
    let tomorrow = Calendar.current.date(byAdding: .day, value: 1, to: Date())!
    var components = Calendar.current.dateComponents([.year, .month, .day], from: tomorrow)
    components.hour = 7
    return UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
  }

  /// The wallClockDate entries' actions.
  static func wallClockActions(_ simulation: HealthKitSimulation) -> [String] {
    simulation.result.log.compactMap { entry in
      guard case .wallClockDate(let action) = entry.kind else { return nil }
      return action
    }
  }

  /// Virtual now is 2020-06-06 20:00 in Berlin (18:00 UTC, CEST = UTC+2), years from the real
  /// clock. The components name the real tomorrow: one whole day from the real today in the
  /// app's calendar, so they stand for the virtual tomorrow, 2020-06-07 07:00 CEST = 05:00 UTC
  /// (11 h after the start: 39 600 s). Before, they named a real date the run never reached:
  /// nothing was delivered and nothing said so.
  @Test func aTriggerBuiltFromTheRealClockFiresOnTheVirtualDay() async throws {
    let simulation = try Notifications.simulation(start: "2020-06-06T18:00:00Z")
    let trigger = Self.tomorrowAtSeven()
    try await simulation.run {
      let center = UNUserNotificationCenter.current()
      try await center.requestAuthorization(options: [.alert])  // its Bool may be dropped
      try await center.add(Notifications.request("tomorrow", trigger))
      #expect(
        simulation.nextNotificationDate(identifier: "tomorrow")
          == Notifications.date("2020-06-07T05:00:00Z"))
      #expect(trigger.nextTriggerDate() == Notifications.date("2020-06-07T05:00:00Z"))
      try await simulation.advance(by: .seconds(2 * 86_400))
      #expect(
        await center.deliveredNotifications().map(\.date) == [
          Notifications.date("2020-06-07T05:00:00Z")
        ])
    }
    #expect(Self.wallClockActions(simulation) == ["UNCalendarNotificationTrigger.dateComponents"])
    #expect(simulation.reports.isEmpty)
    // The app's trigger keeps the components it was given (the real year).
    #expect(trigger.dateComponents.year != 2020)
  }

  /// With `.strictDates` the same trigger is a `strictDate` report (the `.simulation` trait's
  /// issue) and an error in the run's result, under this package's domain (`add` has no
  /// error for it); it is read all the same, as a call with no error path.
  @Test func strictDatesReportARealClockTrigger() async throws {
    let scenario = try Scenario(
      name: "notifications",
      start: Scenario.WallClockDate(
        date: Notifications.date("2020-06-06T18:00:00Z"), utcOffsetSeconds: 0, text: nil),
      timeZone: "Europe/Berlin")
    let simulation = try HealthKitSimulation(scenario: scenario, options: .strictDates)
    try await simulation.run {
      try await UNUserNotificationCenter.current().add(
        Notifications.request("tomorrow", Self.tomorrowAtSeven()))
      try await simulation.advance(by: .seconds(2 * 86_400))
    }
    #expect(simulation.reports.map(\.kind) == [.strictDate])
    #expect(simulation.reports.map(\.framework) == ["UserNotifications"])
    #expect(simulation.reports.map(\.call) == ["UNCalendarNotificationTrigger.dateComponents"])
    let errors = simulation.result.errors
    #expect(
      errors.map(\.call) == [
        .appDate(AppDateCall(.userNotifications, "UNCalendarNotificationTrigger.dateComponents"))
      ])
    #expect(errors.map(\.domain) == ["WorkoutSimDatesDomain"])
    #expect(Notifications.deliveries(simulation) == [Notifications.date("2020-06-07T05:00:00Z")])
  }

  /// Components on virtual time (the virtual day) are used as given: no entry.
  @Test func aTriggerOnVirtualTimeIsUsedAsGiven() async throws {
    let simulation = try Notifications.simulation(start: "2020-06-06T18:00:00Z")
    try await simulation.run {
      let trigger = UNCalendarNotificationTrigger(
        dateMatching: DateComponents(year: 2020, month: 6, day: 7, hour: 7), repeats: false)
      try await UNUserNotificationCenter.current().add(Notifications.request("given", trigger))
      try await simulation.advance(by: .seconds(86_400))
    }
    #expect(Notifications.deliveries(simulation) == [Notifications.date("2020-06-07T05:00:00Z")])
    #expect(Self.wallClockActions(simulation).isEmpty)
  }

  /// 09:00 daily, added at 2026-04-07 10:00 UTC (12:00 CEST) with a trip to New York from the
  /// trip's first local midnight, 2026-04-08 00:00 EDT = 04:00 UTC. The request fires at 09:00
  /// in the zone of the moment: 09:00 EDT = 13:00 UTC, which `nextNotificationDate` (the
  /// simulation's prediction from the scenario) gives from the start. The app's
  /// `nextTriggerDate()` sees the zone in force, as a device that cannot know its flight:
  /// 09:00 CEST on 8 April = 07:00 UTC at the start, 13:00 UTC once in New York (at 05:00 UTC).
  /// Before, it read the trip ahead and said 13:00 UTC at the start.
  @Test func nextTriggerDateSeesTheZoneInForce() async throws {
    let simulation = try Notifications.simulation(
      start: "2026-04-07T10:00:00Z",
      trip: HealthPlan.Trip(date: "2026-04-08", timeZone: "America/New_York", days: 10))
    let trigger = UNCalendarNotificationTrigger(
      dateMatching: DateComponents(hour: 9, minute: 0), repeats: true)
    try await simulation.run {
      try await UNUserNotificationCenter.current().add(Notifications.request("daily", trigger))
      #expect(
        simulation.nextNotificationDate(identifier: "daily")
          == Notifications.date("2026-04-08T13:00:00Z"))
      #expect(trigger.nextTriggerDate() == Notifications.date("2026-04-08T07:00:00Z"))
      try await simulation.advance(to: Notifications.date("2026-04-08T05:00:00Z"))
      #expect(trigger.nextTriggerDate() == Notifications.date("2026-04-08T13:00:00Z"))
    }
  }
}
