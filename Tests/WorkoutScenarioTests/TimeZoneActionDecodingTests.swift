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
}
