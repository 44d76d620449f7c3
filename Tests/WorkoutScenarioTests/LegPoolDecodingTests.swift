import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

/// A triathlon's timeline: start at 0, then `action` (timeline[1]).
private func triathlon(_ action: String) -> String {
  #"""
  { "version": 1, "activity": "swimBikeRun", "course": [ { "duration": 200, "speed": 0.8 } ],
    "timeline": [ { "at": 0, "do": "start" }, \#(action) ] }
  """#
}

private func errorLine(_ action: String) -> String? {
  scenarioErrorLine(triathlon(action), fileName: "t.json")
}

/// `beginActivity`'s `swimmingLocationType` and `lapLength` (swim26 item 2): the swimming leg's
/// `HKWorkoutConfiguration`, as the metadata it gives the activity
/// (docs/scenario-format.md#timeline-actions).
@Suite("beginActivity's swimming location and lap length")
struct LegPoolDecodingTests {
  /// The kind of timeline[1].
  func kind(_ action: String) throws -> Scenario.Action.Kind {
    try decodeScenario(triathlon(action)).timeline[1].kind
  }

  @Test("a pool leg's configuration, its lap length 25 m by default; open water has none")
  func configurations() throws {
    #expect(
      try kind(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "pool", "lapLength": 50 }"#
      )
        == .app(
          .beginActivity(
            .swimming,
            metadata: [
              "HKSwimmingLocationType": .number(1), "HKLapLength": .quantity(50, unit: "m"),
            ])))
    #expect(
      try kind(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "pool" }"#
      )
        == .app(
          .beginActivity(
            .swimming,
            metadata: [
              "HKSwimmingLocationType": .number(1), "HKLapLength": .quantity(25, unit: "m"),
            ])))
    #expect(
      try kind(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "openWater" }"#
      ) == .app(.beginActivity(.swimming, metadata: ["HKSwimmingLocationType": .number(2)])))
    // Without the keys the leg's configuration is its activity type alone, as before.
    #expect(
      try kind(#"{ "at": 0, "do": "beginActivity", "activity": "swimming" }"#)
        == .app(.beginActivity(.swimming, metadata: [:])))
  }

  @Test("bad values name the key, say why and what to write")
  func errors() {
    #expect(
      errorLine(
        #"{ "at": 0, "do": "beginActivity", "activity": "cycling", "swimmingLocationType": "pool" }"#
      )
        == #"t.json: timeline[1].swimmingLocationType: a swimming location is a swimming activity's (this one's is "cycling"): give "activity": "swimming", or remove "swimmingLocationType""#
    )
    #expect(
      errorLine(#"{ "at": 0, "do": "beginActivity", "activity": "swimming", "lapLength": 25 }"#)
        == #"t.json: timeline[1].lapLength: a lap length is a pool's: add "swimmingLocationType": "pool" to timeline[1], or remove "lapLength""#
    )
    #expect(
      errorLine(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "openWater", "lapLength": 25 }"#
      )
        == #"t.json: timeline[1].lapLength: open water has no lap length: remove "lapLength""#)
    #expect(
      errorLine(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "pool", "lapLength": 0 }"#
      )
        == "t.json: timeline[1].lapLength: 0 is out of range (expected the pool's length in metres, above 0 and at most 10000, for example 25 or 50)"
    )
    #expect(
      errorLine(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "pool", "lapLength": "25 m" }"#
      )
        == #"t.json: timeline[1].lapLength: "25 m" is not a number (expected the pool's length in metres, above 0 and at most 10000, for example 25 or 50)"#
    )
    #expect(
      errorLine(
        #"{ "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "lake" }"#
      )
        == #"t.json: timeline[1].swimmingLocationType: "lake" is not a swimming location (expected one of pool, openWater)"#
    )
  }
}
