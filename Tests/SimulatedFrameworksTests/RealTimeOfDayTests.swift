// Date components judged against the real clock by whole days, never by the real time of day
// (review25 item 8; docs/swift-api.md#the-wall-clock-rule): the real clock is fixed with the
// simulation's test hook (`readRealClock(_:)`), never read.
import Foundation
import SimulatedHealthKit
import SimulatedUserNotifications
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

@Suite struct RealTimeOfDayTests {
  typealias Notifications = UserNotificationsTests

  /// The Gregorian calendar in UTC: the app's calendar of the components below.
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// Components naming `day` of March 2026 at `hour` in UTC.
  static func march(_ day: Int, hour: Int) -> DateComponents {
    DateComponents(
      calendar: utc, timeZone: TimeZone(identifier: "UTC")!, year: 2026, month: 3, day: day,
      hour: hour)
  }

  /// A run as `"start": "now"` makes it when the real clock shows 2026-03-10 10:00 UTC: `t = 0`
  /// is that instant, in London (UTC+0 in March before the 29th); the real clock is then fixed
  /// at 2026-03-10 `realHour`:00 UTC.
  static func nowRun(realHour: Int, options: AppSimulation.Options = []) throws
    -> HealthKitSimulation
  {
    let scenario = try Scenario(
      name: "now",
      start: Scenario.WallClockDate(
        date: Notifications.date("2026-03-10T10:00:00Z"), utcOffsetSeconds: 0, text: nil),
      timeZone: "Europe/London")
    let simulation = try HealthKitSimulation(scenario: scenario, options: options)
    let real = Notifications.date("2026-03-10T\(realHour < 10 ? "0" : "")\(realHour):00:00Z")
    simulation.readRealClock { real }
    return simulation
  }

  /// Virtual now 2026-03-10 15:00 (5 h after `t = 0`). Components naming 2026-03-10 name
  /// virtual today: never the real clock's, whatever the real hour. Before, their noon (12:00)
  /// was judged against the real clock: at real 10:00 it lay 2 h from the real clock and 3 h
  /// from virtual now, so it was flagged; at real 16:00, 4 h against 3 h, it was not.
  @Test(arguments: [10, 16])
  func virtualTodayIsNeverTheRealClocks(realHour: Int) async throws {
    let simulation = try Self.nowRun(realHour: realHour)
    try await simulation.advance(by: .seconds(5 * 3600))
    let now = simulation.instant(of: simulation.now)
    #expect(now == .seconds(18_000))
    #expect(
      simulation.virtualDay(
        of: Self.march(10, hour: 18), in: Self.utc, virtualCalendar: simulation.calendar,
        now: now) == nil)
  }

  /// The same components given to a calendar trigger under strict dates at real 10:00: no
  /// `strictDate` report, no error, no `wallClockDate` entry, and the notification fires at
  /// 18:00 on virtual today, 2026-03-10T18:00Z (3 h after the add at 15:00). Before, the run
  /// had a `strictDate` report and an error at real 10:00 and none at real 16:00.
  @Test func aTriggerForVirtualTodayIsNoStrictDate() async throws {
    let simulation = try Self.nowRun(realHour: 10, options: .strictDates)
    try await simulation.run {
      try await simulation.advance(by: .seconds(5 * 3600))
      let trigger = UNCalendarNotificationTrigger(
        dateMatching: Self.march(10, hour: 18), repeats: false)
      try await UNUserNotificationCenter.current().add(Notifications.request("today", trigger))
      try await simulation.advance(by: .seconds(4 * 3600))
    }
    #expect(simulation.reports.isEmpty)
    #expect(simulation.result.errors.isEmpty)
    #expect(CalendarTriggerRealClockTests.wallClockActions(simulation).isEmpty)
    #expect(Notifications.deliveries(simulation) == [Notifications.date("2026-03-10T18:00:00Z")])
  }

  /// Real clock fixed at 2026-03-10 22:00, virtual now 2026-03-11 01:00 (15 h after `t = 0`):
  /// the real today, 10 March, is not virtual today, so components naming it are the real
  /// clock's: 0 days from the real today, they name virtual today, 11 March. A trigger at 07:00
  /// of them fires at 2026-03-11T07:00Z (6 h after the add at 01:00), with one `wallClockDate`
  /// entry.
  @Test func theRealTodayThatIsNotVirtualTodayIsTheRealClocks() async throws {
    let simulation = try Self.nowRun(realHour: 22)
    try await simulation.run {
      try await simulation.advance(by: .seconds(15 * 3600))
      #expect(
        simulation.virtualDay(
          of: Self.march(10, hour: 7), in: Self.utc, virtualCalendar: simulation.calendar,
          now: simulation.instant(of: simulation.now))
          == DateComponents(year: 2026, month: 3, day: 11))
      let trigger = UNCalendarNotificationTrigger(
        dateMatching: Self.march(10, hour: 7), repeats: false)
      try await UNUserNotificationCenter.current().add(Notifications.request("today", trigger))
      try await simulation.advance(by: .seconds(8 * 3600))
    }
    #expect(
      CalendarTriggerRealClockTests.wallClockActions(simulation) == [
        "UNCalendarNotificationTrigger.dateComponents"
      ])
    #expect(Notifications.deliveries(simulation) == [Notifications.date("2026-03-11T07:00:00Z")])
  }

  /// Real clock fixed at 2026-03-10 10:00 (the day of `t = 0`), virtual now 2026-03-13 15:00
  /// (3 days and 5 h on: 277 200 s). 11 March lies 1 day from the real today and 2 from
  /// virtual today, but virtual time has passed through it: on virtual time, not moved (before,
  /// its noon, 26 h from the real clock and 51 h from virtual now, was moved 1 day past virtual
  /// today, to 14 March). 9 March, before `t = 0`, 1 day before the real today and 4 before
  /// virtual today, is the real clock's: virtual yesterday, 12 March. 10 March is the real
  /// today: virtual today, 13 March.
  @Test func aDayVirtualTimePassedThroughIsOnVirtualTime() async throws {
    let simulation = try Self.nowRun(realHour: 10)
    try await simulation.advance(by: .seconds(3 * 86_400 + 5 * 3600))
    let now = simulation.instant(of: simulation.now)
    #expect(now == .seconds(277_200))
    func day(_ day: Int) -> DateComponents? {
      simulation.virtualDay(
        of: Self.march(day, hour: 20), in: Self.utc, virtualCalendar: simulation.calendar,
        now: now)
    }
    #expect(day(11) == nil)
    #expect(day(12) == nil)
    #expect(day(13) == nil)
    #expect(day(9) == DateComponents(year: 2026, month: 3, day: 12))
    #expect(day(10) == DateComponents(year: 2026, month: 3, day: 13))
  }
}
