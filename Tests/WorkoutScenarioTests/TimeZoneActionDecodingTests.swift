import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

/// The timeline `timeZone` action (docs/scenario-format.md#time-zone-changes).
@Suite("The timeZone action")
struct TimeZoneActionDecodingTests {
  static func scenario(_ action: String) -> String {
    #"{ "version": 1, "timeZone": "Europe/Berlin", "timeline": [ { "at": 0, "do": "prepare" }, "#
      + action + " ] }"
  }

  @Test func decodesTheZoneAndTheZoneAtEachInstant() throws {
    let scenario = try decodeScenario(
      Self.scenario(#"{ "at": "1:30:00", "do": "timeZone", "timeZone": "Asia/Tokyo" }"#))
    #expect(scenario.timeline.last?.kind == .timeZone("Asia/Tokyo"))
    #expect(scenario.timeline.last?.at == .seconds(5400))
    #expect(scenario.timeZoneChanges.map(\.timeZone) == ["Asia/Tokyo"])
    // Before 5400 s the scenario's zone; from 5400 s on (the action's own instant) Tokyo's.
    #expect(scenario.timeZone(at: .seconds(5399)) == "Europe/Berlin")
    #expect(scenario.timeZone(at: .seconds(5400)) == "Asia/Tokyo")
  }

  @Test func anUnknownZoneIsRefusedWithTheClosestName() {
    #expect(
      scenarioErrorLine(
        Self.scenario(#"{ "at": 60, "do": "timeZone", "timeZone": "Asia/Tokio" }"#),
        fileName: "t.json")
        == #"t.json: timeline[1].timeZone: "Asia/Tokio" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin"); did you mean "Asia/Tokyo"?"#
    )
    #expect(
      scenarioErrorLine(Self.scenario(#"{ "at": 60, "do": "timeZone" }"#), fileName: "t.json")
        == #"t.json: timeline[1].timeZone: required key is missing (expected the device's new IANA time zone, for example "Asia/Tokyo")"#
    )
    // A world action: no device.
    #expect(
      scenarioErrorLine(
        Self.scenario(
          #"{ "at": 60, "do": "timeZone", "timeZone": "UTC", "device": "phone" }"#),
        fileName: "t.json")?.contains("takes no device") == true)
  }

  @Test func theSwiftInitializerChecksTheZoneToo() {
    let action = Scenario.Action(at: .seconds(60), kind: .timeZone("Europe/Berln"), location: "")
    do {
      _ = try Scenario(name: "s", timeline: [action])
      Issue.record("an unknown zone was accepted")
    } catch {
      #expect(
        error.description
          == #"s: timeline[0].timeZone: "Europe/Berln" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin"); did you mean "Europe/Berlin"?"#
      )
    }
  }

  /// The words after the quoted name for a scenario whose `timeZone` is `zone`.
  static func zoneError(_ zone: String) -> String? {
    scenarioErrorLine(#"{ "version": 1, "timeZone": "\#(zone)" }"#, fileName: "t.json")
  }

  static let rule =
    #" (a scenario names an IANA region such as "Europe/Berlin", or "UTC", so that it reads the same on every machine)"#

  @Test func aCityOrAnotherCaseSuggestsTheRegion() {
    #expect(
      Self.zoneError("Tokyo")
        == #"t.json: timeZone: "Tokyo" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin"); did you mean "Asia/Tokyo"?"#
    )
    #expect(
      Self.zoneError("new york")
        == #"t.json: timeZone: "new york" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin"); did you mean "America/New_York"?"#
    )
    #expect(
      Self.zoneError("utc")
        == #"t.json: timeZone: "utc" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin"); did you mean "UTC"?"#
    )
  }

  @Test func abbreviationsOffsetsAndLegacyNamesAreRefusedWithTheRegion() {
    // Foundation's TimeZone(identifier:) accepts all four; a scenario names a region.
    #expect(
      Self.zoneError("JST")
        == #"t.json: timeZone: "JST" is a time zone abbreviation, not an IANA region name"#
        + Self.rule + #"; did you mean "Asia/Tokyo"?"#)
    #expect(
      Self.zoneError("US/Pacific")
        == #"t.json: timeZone: "US/Pacific" is a legacy name, not an IANA region name"#
        + Self.rule + #"; did you mean "America/Los_Angeles"?"#)
    // A POSIX-style zone Foundation knows: the well-known region of its January offset
    // (UTC-5), whose clock agrees in July too (UTC-4, daylight saving time).
    #expect(
      Self.zoneError("EST5EDT")
        == #"t.json: timeZone: "EST5EDT" is not an IANA region name"# + Self.rule
        + #"; name the region, for example "America/New_York""#)
    // The same rule for an action and a trip.
    #expect(
      scenarioErrorLine(
        Self.scenario(#"{ "at": 60, "do": "timeZone", "timeZone": "PST" }"#), fileName: "t.json")
        == #"t.json: timeline[1].timeZone: "PST" is a time zone abbreviation, not an IANA region name"#
        + Self.rule + #"; did you mean "America/Los_Angeles"?"#)
    #expect(
      scenarioErrorLine(
        #"{ "version": 1, "health": { "days": 2, "trip": { "date": "2026-03-01", "timeZone": "Tokyo" } } }"#,
        fileName: "t.json")
        == #"t.json: health.trip.timeZone: "Tokyo" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin"); did you mean "Asia/Tokyo"?"#
    )
    // Regions, UTC and GMT are accepted.
    // Asia/Kolkata: a region Foundation knows though its known-identifier list has only the
    // older Asia/Calcutta.
    for zone in [
      "Asia/Tokyo", "America/Argentina/Buenos_Aires", "Asia/Kolkata", "Asia/Calcutta", "UTC", "GMT",
      "Etc/UTC",
    ] {
      #expect(Self.zoneError(zone) == nil)
    }
  }

  static let tokyo =
    #"; name the region, for example "Asia/Tokyo" (standard time UTC+9; a region with daylight saving time is ahead of it in summer)"#

  /// A fixed offset however written gets the well-known region of that offset from the
  /// project's table, not the first regions in identifier order of the machine's tz data
  /// (the trial's "UTC+9" got "Asia/Chita", "Asia/Dili" or "Asia/Jayapura"; "+09:00" got none).
  @Test func fixedOffsetsSuggestTheWellKnownRegion() {
    for zone in ["UTC+9", "GMT+9", "+09:00", "+0900", "UTC+09:00", "GMT+09"] {
      #expect(
        Self.zoneError(zone)
          == #"t.json: timeZone: "\#(zone)" is a fixed UTC offset (UTC+9), not an IANA region name"#
          + Self.rule + Self.tokyo)
    }
    // Half and quarter hours, west of UTC, and the minus sign U+2212.
    #expect(
      Self.zoneError("UTC+5:30")
        == #"t.json: timeZone: "UTC+5:30" is a fixed UTC offset (UTC+5:30), not an IANA region name"#
        + Self.rule
        + #"; name the region, for example "Asia/Kolkata" (standard time UTC+5:30; a region with daylight saving time is ahead of it in summer)"#
    )
    #expect(
      Self.zoneError("\u{2212}05:00")
        == #"t.json: timeZone: "−05:00" is a fixed UTC offset (UTC-5), not an IANA region name"#
        + Self.rule
        + #"; name the region, for example "America/New_York" (standard time UTC-5; a region with daylight saving time is ahead of it in summer)"#
    )
    // No populated region keeps UTC+12:15.
    #expect(
      Self.zoneError("UTC+12:15")
        == #"t.json: timeZone: "UTC+12:15" is a fixed UTC offset (UTC+12:15), not an IANA region name"#
        + Self.rule + " and no well-known region keeps UTC+12:15: name the region the scenario "
        + "takes place in")
  }

  /// IANA's `Etc/GMT-9` is UTC+9 (its sign is inverted): refused like any fixed offset, with
  /// the inversion explained and the region of UTC+9.
  @Test func etcGMTNamesExplainTheInvertedSign() {
    #expect(
      Self.zoneError("Etc/GMT-9")
        == #"t.json: timeZone: "Etc/GMT-9" is the tz database's fixed offset UTC+9 (its Etc/GMT names invert the sign: Etc/GMT-9 is 9 h ahead of UTC), not an IANA region name"#
        + Self.rule + Self.tokyo)
    #expect(
      Self.zoneError("Etc/GMT+5")
        == #"t.json: timeZone: "Etc/GMT+5" is the tz database's fixed offset UTC-5 (its Etc/GMT names invert the sign: Etc/GMT+5 is 5 h behind UTC), not an IANA region name"#
        + Self.rule
        + #"; name the region, for example "America/New_York" (standard time UTC-5; a region with daylight saving time is ahead of it in summer)"#
    )
  }
}
