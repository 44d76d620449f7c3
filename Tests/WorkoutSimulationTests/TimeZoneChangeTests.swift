import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

/// A timeline `timeZone` action through the command line's door: dates, `HKTimeZone`, the log
/// entry and the local days (docs/scenario-format.md#time-zone-changes).
@Suite("Time zone changes at an instant")
struct TimeZoneChangeTests {
  /// A walk from 22:00 in Berlin (UTC+1 in January, so 21:00Z); the device lands in Tokyo
  /// (UTC+9) at 1200 s, 21:20Z = 06:20 on 6 January in Tokyo. A second workout starts at 2000 s.
  static let tripJSON = """
    {
      "version": 1, "start": "2026-01-05T22:00:00+01:00", "timeZone": "Europe/Berlin",
      "activity": "walking", "course": [ { "duration": 3000, "speed": 1.4 } ],
      "timeline": [
        { "at": 0, "do": "prepare" }, { "at": 0, "do": "start" },
        { "at": 1200, "do": "timeZone", "timeZone": "Asia/Tokyo" },
        { "at": 1800, "do": "end" },
        { "at": 2000, "do": "newSession" }, { "at": 2000, "do": "prepare" },
        { "at": 2000, "do": "start" }, { "at": 2600, "do": "end" }
      ]
    }
    """

  @Test func datesAfterTheChangeCarryTheNewOffset() throws {
    let result = try Simulation.run(try decodeScenario(Self.tripJSON, fileName: "trip.json"))
    // Before the change: 1199 s after 21:00Z is 21:19:59Z = 22:19:59+01:00.
    #expect(result.date(of: .seconds(1199)) == "2026-01-05T22:19:59+01:00")
    // At and after it: 21:20Z = 06:20 (+9 h) the next day in Tokyo.
    #expect(result.date(of: .seconds(1200)) == "2026-01-06T06:20:00+09:00")
    // The first workout ends at 1800 s = 21:30Z = 06:30+09:00.
    #expect(result.date(of: result.records[0].endDate) == "2026-01-06T06:30:00+09:00")
    // The document's own `timeZone` stays the scenario's.
    #expect(result.timeZoneName == "Europe/Berlin")
  }

  @Test func aWorkoutKeepsTheZoneItStartedIn() throws {
    let result = try Simulation.run(try decodeScenario(Self.tripJSON, fileName: "trip.json"))
    #expect(result.records.count == 2)
    // Started at 0 s in Berlin, ended in Tokyo: Berlin's.
    #expect(result.records[0].metadata["HKTimeZone"] == .string("Europe/Berlin"))
    // Started at 2000 s, after the change: Tokyo's.
    #expect(result.records[1].metadata["HKTimeZone"] == .string("Asia/Tokyo"))
  }

  @Test func theChangeIsLoggedWithTheZoneBeforeAndTheNewOffset() throws {
    let result = try Simulation.run(try decodeScenario(Self.tripJSON, fileName: "trip.json"))
    let changes = result.log.compactMap { entry -> (SimulationInstant, SystemEvent)? in
      guard case .system(let event) = entry.kind, event.framework == .foundation else {
        return nil
      }
      return (entry.at, event)
    }
    #expect(changes.count == 1)
    #expect(changes.first?.0 == .seconds(1200))
    #expect(changes.first?.1.event == "timeZoneChanged")
    #expect(changes.first?.1.identifier == "Asia/Tokyo")
    // Tokyo's offset: +9 h = 32 400 s.
    #expect(
      changes.first?.1.details == ["from": .string("Europe/Berlin"), "offset": .integer(32_400)])
  }

  /// The `system` entries of framework Foundation a run of `json` logs: instant, event,
  /// identifier and the `from` detail.
  static func zoneEntries(_ json: String) throws -> [String] {
    let result = try Simulation.run(try decodeScenario(json, fileName: "same.json"))
    return result.log.compactMap { entry in
      guard case .system(let event) = entry.kind, event.framework == .foundation else {
        return nil
      }
      let from = event.details["from"].map { "\($0)" } ?? "-"
      return "\(entry.at.seconds) \(event.event) \(event.identifier) from \(from)"
    }
  }

  @Test func anActionToTheZoneInForceChangesNothing() throws {
    // Berlin at 600 s (already Berlin), Tokyo at 1200 s, Tokyo again at 1500 s, back to Berlin
    // at 1700 s: two changes, the second from Tokyo.
    let json = """
      { "version": 1, "start": "2026-01-05T22:00:00+01:00", "timeZone": "Europe/Berlin",
        "activity": "walking", "course": [ { "duration": 3000, "speed": 1.4 } ],
        "timeline": [
          { "at": 0, "do": "prepare" }, { "at": 0, "do": "start" },
          { "at": 600, "do": "timeZone", "timeZone": "Europe/Berlin" },
          { "at": 1200, "do": "timeZone", "timeZone": "Asia/Tokyo" },
          { "at": 1500, "do": "timeZone", "timeZone": "Asia/Tokyo" },
          { "at": 1700, "do": "timeZone", "timeZone": "Europe/Berlin" },
          { "at": 1800, "do": "end" } ] }
      """
    let scenario = try decodeScenario(json, fileName: "same.json")
    #expect(scenario.timeZoneChanges.map(\.at) == [.seconds(1200), .seconds(1700)])
    #expect(scenario.timeZoneChanges.map(\.timeZone) == ["Asia/Tokyo", "Europe/Berlin"])
    let entries = try Self.zoneEntries(json)
    #expect(entries.count == 2)
    #expect(entries.first?.hasPrefix("1200.0 timeZoneChanged Asia/Tokyo from ") == true)
    #expect(entries.last?.hasPrefix("1700.0 timeZoneChanged Europe/Berlin from ") == true)
    #expect(entries.last?.contains("Asia/Tokyo") == true)
    // A run whose only action names the scenario's own zone logs nothing and keeps its days.
    let still = try decodeScenario(
      #"{ "version": 1, "timeZone": "UTC", "timeline": [ { "at": 60, "do": "timeZone", "timeZone": "UTC" } ] }"#,
      fileName: "still.json")
    #expect(still.timeZoneChanges.isEmpty)
    #expect(
      try Self.zoneEntries(
        #"{ "version": 1, "timeZone": "UTC", "timeline": [ { "at": 60, "do": "timeZone", "timeZone": "UTC" } ] }"#
      ).isEmpty)
  }

  /// The local days' starts within `seconds` of a scenario from `start` in `zone` whose device
  /// changes to `to` at `at` seconds.
  static func dayStarts(
    start: String, zone: String, change at: Int, to: String, through seconds: Int64
  ) throws -> [SimulationInstant] {
    let scenario = try decodeScenario(
      """
      { "version": 1, "start": "\(start)", "timeZone": "\(zone)",
        "timeline": [ { "at": \(at), "do": "timeZone", "timeZone": "\(to)" } ] }
      """, fileName: "days.json")
    return try SimulationSession(scenario).localMidnights(through: .seconds(seconds))
  }

  /// East across midnight: from 2026-01-05T20:00+01:00 (19:00Z) in Berlin, Tokyo at 3600 s
  /// (20:00Z: 21:00 on 5 January in Berlin, 05:00 on 6 January in Tokyo). The local date moved
  /// on, so a new day begins at 3600 s (5 January lasted 21 h); the next is Tokyo's midnight of
  /// 7 January, 15:00Z on the 6th: 20 h after the start, 72 000 s; then 72 000 + 86 400 =
  /// 158 400 s. Berlin's own midnight (23:00Z, 14 400 s) no longer counts.
  @Test func eastAcrossMidnightStartsTheNewDayAtTheChange() throws {
    #expect(
      try Self.dayStarts(
        start: "2026-01-05T20:00:00+01:00", zone: "Europe/Berlin", change: 3600,
        to: "Asia/Tokyo", through: 2 * 86_400)
        == [.seconds(3600), .seconds(72_000), .seconds(158_400)])
  }

  /// West to an earlier date: from 2026-01-06T00:30+09:00 (15:30Z on the 5th) in Tokyo, New York
  /// at 600 s (15:40Z: 00:40 on 6 January in Tokyo, 10:40 on 5 January in New York). No new day
  /// begins; the day runs to New York's midnight of 6 January, 05:00Z on the 6th: 13.5 h after
  /// the start, 48 600 s (a day of 28.5 h from Tokyo's midnight); then 48 600 + 86 400 =
  /// 135 000 s.
  @Test func westToAnEarlierDateLengthensTheDay() throws {
    #expect(
      try Self.dayStarts(
        start: "2026-01-06T00:30:00+09:00", zone: "Asia/Tokyo", change: 600,
        to: "America/New_York", through: 2 * 86_400)
        == [.seconds(48_600), .seconds(135_000)])
  }

  /// West on the same date: from 2026-01-05T22:00+09:00 (13:00Z) in Tokyo, Berlin at 3600 s
  /// (14:00Z: 23:00 in Tokyo, 15:00 in Berlin, both 5 January). Tokyo's midnight at 7200 s
  /// comes after the change and does not count; Berlin's of 6 January is 23:00Z, 36 000 s.
  @Test func aMidnightOfTheOldZoneAfterTheChangeDoesNotCount() throws {
    #expect(
      try Self.dayStarts(
        start: "2026-01-05T22:00:00+09:00", zone: "Asia/Tokyo", change: 3600,
        to: "Europe/Berlin", through: 86_400 + 36_000)
        == [.seconds(36_000), .seconds(122_400)])
  }
}
