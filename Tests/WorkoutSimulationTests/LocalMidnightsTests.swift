import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite("Local midnights for the rings' reset")
struct LocalMidnightsTests {
  /// Europe/Berlin goes from +01:00 to +02:00 on 2026-03-29 at 02:00, so that day has 23 hours.
  /// From 2026-03-28T12:00+01:00: the first midnight is 12 h later (43 200 s), the next one
  /// 23 h after that: 43 200 + 82 800 = 126 000 s.
  @Test func daylightSavingDayIsShort() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    // 2026-03-28T11:00:00Z = 1774695600 s since 1970 (20 540 days × 86 400 + 11 × 3600).
    let start = Date(timeIntervalSince1970: 1_774_695_600)
    let midnights = LocalMidnights.instants(
      start: start, timeZone: zone, through: .seconds(3 * 86_400))
    #expect(Array(midnights.prefix(2)) == [.seconds(43_200), .seconds(126_000)])
    #expect(midnights.count == 3)
  }

  /// The complication budget's reset at 5:00 local time: from 2026-01-05T08:00Z in UTC the
  /// next 5:00 is 21 h = 75 600 s later, then every 86 400 s: 162 000 s. 5:00 on the start day
  /// (3 h before the start) is not after `t = 0`.
  @Test func resetAtATimeOfDay() throws {
    let zone = try #require(TimeZone(identifier: "UTC"))
    let start = Date(timeIntervalSince1970: 1_767_600_000)
    #expect(
      LocalMidnights.instants(
        start: start, timeZone: zone, timeOfDay: .seconds(5 * 3600), through: .seconds(200_000))
        == [.seconds(75_600), .seconds(162_000)])
    // Midnight as the time of day gives the midnights.
    #expect(
      LocalMidnights.instants(
        start: start, timeZone: zone, timeOfDay: .zero, through: .seconds(200_000))
        == LocalMidnights.instants(start: start, timeZone: zone, through: .seconds(200_000)))
  }

  /// Over Berlin's short day (2026-03-29, 02:00 → 03:00): from 2026-03-28T12:00+01:00
  /// (11:00Z) the next 04:00 local is 04:00+02:00 = 02:00Z, 15 h later (54 000 s); the one
  /// after a whole day later (54 000 + 86 400 = 140 400 s).
  @Test func resetAcrossDaylightSaving() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let start = Date(timeIntervalSince1970: 1_774_695_600)
    #expect(
      LocalMidnights.instants(
        start: start, timeZone: zone, timeOfDay: .seconds(4 * 3600), through: .seconds(150_000))
        == [.seconds(54_000), .seconds(140_400)])
  }

  @Test func noMidnightWithinTheSpan() throws {
    let zone = try #require(TimeZone(identifier: "UTC"))
    // 2026-01-05T08:00Z: the next midnight is 16 h = 57 600 s later.
    let start = Date(timeIntervalSince1970: 1_767_600_000)
    #expect(LocalMidnights.instants(start: start, timeZone: zone, through: .seconds(57_599)) == [])
    #expect(
      LocalMidnights.instants(start: start, timeZone: zone, through: .seconds(57_600))
        == [.seconds(57_600)])
  }

  /// The new-user trial 24's run: from 2026-06-01T23:50+02:00 in Berlin (21:50Z), the device
  /// lands in Tokyo (UTC+9) at `at`. Berlin's midnight is 600 s after the start (00:00+02:00 on
  /// 2 June = 22:00Z), 07:00 on 2 June in Tokyo; Tokyo's next midnight is 3 June 00:00+09:00 =
  /// 2 June 15:00Z, 17 h 10 min = 61 800 s after the start.
  static func tokyo(at seconds: Int64) throws -> [SimulationInstant] {
    try midnights(zone: "Asia/Tokyo", at: seconds, through: 70_000)
  }

  /// The instants a new day begins from 2026-06-01T23:50+02:00 in Berlin when the device's
  /// zone becomes `zone` at `at` seconds.
  static func midnights(zone: String, at seconds: Int64, through end: Int64) throws
    -> [SimulationInstant]
  {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let scenario = try decodeScenario(
      #"{ "version": 1, "start": "2026-06-01T23:50:00+02:00", "timeZone": "Europe/Berlin", "#
        + #""course": [{ "duration": "30:00", "speed": 3.0 }], "#
        + #""timeline": [{ "at": \#(seconds), "do": "timeZone", "timeZone": "\#(zone)" }] }"#,
      fileName: "tz.json")
    // 2026-06-01T21:50:00Z: 20 605 days × 86 400 + 78 600 s since 1970.
    let start = Date(timeIntervalSince1970: 20_605 * 86_400 + 78_600)
    let zones = TimeZoneSchedule(scenario: scenario, home: berlin, startDate: start)
    return LocalMidnights.instants(start: start, zones: zones, through: .seconds(end))
  }

  /// A landing exactly at Berlin's midnight (600 s): that midnight is Tokyo's time, 07:00, so
  /// the Berlin day of 1 June ends there by the later local date Tokyo reads (2 June > 1 June);
  /// before the fix the two zones' dates were compared at the midnight (2 June both) and the
  /// day of 1 June ran on to Tokyo's midnight, the whole run one day. One second either side
  /// gives the same new day at 600: at 599 by the change (Tokyo 2 June 06:59:59 > Berlin
  /// 1 June 23:59:59), at 601 by Berlin's own midnight.
  @Test func landingEastExactlyAtTheOldZonesMidnight() throws {
    #expect(try Self.tokyo(at: 600) == [.seconds(600), .seconds(61_800)])
    #expect(try Self.tokyo(at: 599) == [.seconds(599), .seconds(61_800)])
    #expect(try Self.tokyo(at: 601) == [.seconds(600), .seconds(61_800)])
  }

  /// A change at Berlin's midnight into a zone of the same offset (Paris): the midnight is the
  /// new zone's too, and not found by its span (which starts there), so the day ends by the
  /// change: 2 June in Paris is later than Berlin's day in progress, 1 June. The next: 24 h
  /// later, 600 + 86 400 = 87 000 s.
  @Test func changeAtMidnightIntoTheSameOffset() throws {
    #expect(
      try Self.midnights(zone: "Europe/Paris", at: 600, through: 90_000)
        == [.seconds(600), .seconds(87_000)])
  }

  /// The session computes midnights from the scenario's start and time zone: 23:58+01:00 in
  /// Berlin is 2 minutes (120 s) before local midnight.
  @Test func sessionUsesTheScenarioClock() throws {
    let scenario = try decodeScenario(

      #"{ "version": 1, "start": "2026-03-02T23:58:00+01:00", "timeZone": "Europe/Berlin" }"#,
      fileName: "m.json")
    let session = try SimulationSession(scenario)
    #expect(session.localMidnights(through: .seconds(86_400)) == [.seconds(120)])
  }
}

/// The constant-offset step against `Calendar` asked about every day: the same instants, in
/// zones with daylight saving (whole-hour, half-hour: Lord Howe), a midnight skipped by one
/// (São Paulo until 2018), a skipped calendar day (Apia, 2011-12-30), offsets of whole minutes
/// (Kathmandu), and none (UTC), at midnight and at local times that a change skips (02:30) or
/// repeats (01:30), over three years from two starts.
@Suite("Local times of day: the constant-offset step equals the calendar's day by day")
struct LocalMidnightsOracleTests {
  /// What `Calendar` gives when asked about every local day from the start's: `instant` of
  /// each day, kept when after `start` and at or before `end`.
  static func everyDay(
    start: Date, zone: TimeZone, end: SimulationInstant, instant: (Calendar, Date) -> Date?
  ) -> [SimulationInstant] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let endDate = start.addingTimeInterval(Double(end.nanoseconds) / 1e9)
    var result: [SimulationInstant] = []
    var day = calendar.startOfDay(for: start)
    while day <= endDate {
      if let found = instant(calendar, day), found > start, found <= endDate {
        let offset = found.timeIntervalSince(start)
        result.append(SimulationInstant(nanoseconds: Int64((offset * 1e9).rounded())))
      }
      guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
      day = calendar.startOfDay(for: next)
    }
    return result
  }

  static let zones = [
    "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo",
    "Pacific/Apia", "Asia/Kathmandu", "UTC",
  ]
  /// 2010-06-15T10:17:00Z and 2016-10-01T00:00:00Z (days 14 775 and 17 075 since 1970).
  static let starts = [
    Date(timeIntervalSince1970: 14_775 * 86_400 + 37_020),
    Date(timeIntervalSince1970: 17_075 * 86_400),
  ]
  static let span = SimulationInstant.seconds(3 * 366 * 86_400)

  @Test(arguments: zones) func midnights(zone name: String) throws {
    let zone = try #require(TimeZone(identifier: name))
    for start in Self.starts {
      let expected = Self.everyDay(start: start, zone: zone, end: Self.span) { calendar, day in
        calendar.startOfDay(for: day)
      }
      #expect(expected.count > 1000)
      #expect(LocalMidnights.instants(start: start, timeZone: zone, through: Self.span) == expected)
    }
  }

  @Test(arguments: zones) func timesOfDay(zone name: String) throws {
    let zone = try #require(TimeZone(identifier: name))
    for start in Self.starts {
      for seconds in [0, 1 * 3600 + 1800, 2 * 3600 + 1800, 5 * 3600, 86_399] {
        let (hour, minute, second) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let expected = Self.everyDay(start: start, zone: zone, end: Self.span) { calendar, day in
          calendar.date(bySettingHour: hour, minute: minute, second: second, of: day)
        }
        #expect(expected.count > 1000)
        let found = LocalMidnights.instants(
          start: start, timeZone: zone, timeOfDay: .seconds(seconds), through: Self.span)
        #expect(found == expected, "\(name), \(start), \(seconds) s")
      }
    }
  }
}
