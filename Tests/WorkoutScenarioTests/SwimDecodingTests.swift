import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "s.json") }

private func swim(_ body: String, activity: String = "swimming") -> String {
  #"{ "version": 1, "activity": "\#(activity)", "swim": \#(body) }"#
}

@Suite("The swim key: sets, course, lap length and errors")
struct SwimDecodingTests {
  @Test("a pool swim: defaults, the course made from its sets")
  func pool() throws {
    let scenario = try decodeScenario(
      swim(
        #"{ "sets": [ { "lengths": 4, "rest": 20 }, { "lengths": 2, "stroke": "breaststroke", "pace": "2:30", "distancePerStroke": 0.9 } ] }"#
      ))
    let plan = try #require(scenario.swim)
    #expect(plan.location == .pool)
    #expect(plan.lapLength == 25)
    #expect(plan.sets.map(\.lengths) == [4, 2])
    // Defaults: freestyle at 2:00 per 100 m, its 1.3 m a stroke.
    #expect(plan.sets[0].stroke == .freestyle)
    #expect(plan.sets[0].secondsPer100m == 120)
    #expect(plan.sets[0].distancePerStroke == 1.3)
    #expect(plan.sets[1].stroke == .breaststroke)
    #expect(plan.sets[1].secondsPer100m == 150)
    #expect(plan.sets[1].distancePerStroke == 0.9)
    // 100 m at 0.833333 m/s = 120 s, rest 20 s, 50 m at 0.666667 m/s = 75 s.
    guard case .segments(let segments) = scenario.course else {
      Issue.record("a swim's course is segments")
      return
    }
    #expect(segments.map(\.duration) == [.seconds(120), .seconds(20), .seconds(75)])
    #expect(segments.map(\.speed) == [100.0 / 120, 0, 100.0 / 150])
  }

  @Test("a lap length of 0 or below is a data error at its JSON path (exit 65)")
  func lapLength() throws {
    #expect(
      errorLine(swim(#"{ "lapLength": 0, "sets": [ { "lengths": 4 } ] }"#))
        == "s.json: swim.lapLength: 0 is out of range (expected the pool's length in metres, above 0 and at most 10000, for example 25 or 50)"
    )
    #expect(
      errorLine(swim(#"{ "lapLength": -25, "sets": [ { "lengths": 4 } ] }"#))
        == "s.json: swim.lapLength: -25 is out of range (expected the pool's length in metres, above 0 and at most 10000, for example 25 or 50)"
    )
    let error = try #require(throws: ScenarioError.self) {
      try decodeScenario(swim(#"{ "lapLength": 0, "sets": [ { "lengths": 4 } ] }"#))
    }
    #expect(error.exitCode == 65)
  }

  /// A triathlon's `swim` (new-user trial 25): the message says the leg cannot be a scripted
  /// swim yet and how to write it instead. Before, it ended at the scenario's activity.
  @Test("a swim in a swimBikeRun workout says how to write the swimming leg")
  func swimInATriathlon() {
    #expect(
      errorLine(swim(#"{ "sets": [ { "lengths": 4 } ] }"#, activity: "swimBikeRun"))
        == "s.json: swim: a swim needs \"activity\": \"swimming\" (the scenario's activity is \"swimBikeRun\"): a swimBikeRun workout's swimming leg is not a swim's sets; remove \"swim\", give the leg as \"course\" segments (its duration and speed) and begin it with {\"do\": \"beginActivity\", \"activity\": \"swimming\", \"swimmingLocationType\": \"pool\", \"lapLength\": 25} in the timeline (or \"openWater\" without \"lapLength\"): the watch counts the pool's lengths on the course until the next beginActivity"
    )
  }

  @Test("a swim needs the swimming activity, no course, sets that fit the location")
  func rules() {
    #expect(
      errorLine(swim(#"{ "sets": [ { "lengths": 4 } ] }"#, activity: "running"))
        == "s.json: swim: a swim needs \"activity\": \"swimming\" (the scenario's activity is \"running\")"
    )
    #expect(
      errorLine(
        #"{ "version": 1, "activity": "swimming", "course": [], "swim": { "sets": [ { "lengths": 4 } ] } }"#
      )
        == "s.json: swim: a swim makes its own course from its sets: remove the scenario's \"course\" key"
    )
    #expect(
      errorLine(swim(#"{ "sets": [ { "distance": 400 } ] }"#))
        == "s.json: swim.sets[0].distance: a pool set counts lengths: give \"lengths\" instead of \"distance\""
    )
    #expect(
      errorLine(swim(#"{ "location": "openWater", "sets": [ { "lengths": 4 } ] }"#))
        == "s.json: swim.sets[0].lengths: open water has no lengths: give \"distance\" in metres instead"
    )
    #expect(
      errorLine(
        swim(#"{ "location": "openWater", "lapLength": 25, "sets": [ { "distance": 4 } ] }"#))
        == "s.json: swim.lapLength: open water has no lap length: remove \"lapLength\"")
    #expect(
      errorLine(swim(#"{ "sets": [ { "lengths": 2.5 } ] }"#))
        == "s.json: swim.sets[0].lengths: 2.5 is not a number of lengths (expected a whole number from 1 to 100000)"
    )
    #expect(
      errorLine(swim(#"{ "sets": [ { "lengths": 2, "pace": 10 } ] }"#))
        == "s.json: swim.sets[0].pace: 10 per 100 m is faster than any swimmer (expected a time per 100 m of at least 20 s, for example \"2:00\")"
    )
    #expect(
      errorLine(swim(#"{ "sets": [] }"#))
        == "s.json: swim.sets: the swim has no sets (expected at least one set object)")
  }

  @Test("in a pool only \"enabled\" applies to the swim's distance and stroke sensors")
  func poolSensors() throws {
    func scenario(sensors: String) -> String {
      #"{ "version": 1, "activity": "swimming", "swim": { "sets": [ { "lengths": 4 } ] }, "sensors": \#(sensors) }"#
    }
    #expect(
      errorLine(scenario(sensors: #"{ "swimmingStrokeCount": { "interval": 5 } }"#))
        == "s.json: sensors.swimmingStrokeCount.interval: in a pool swim the watch records swimmingStrokeCount once per length, at the length's end, not every \"interval\": only \"enabled\" applies; remove \"interval\""
    )
    #expect(
      errorLine(scenario(sensors: #"{ "distanceSwimming": { "enabled": true, "noise": 1 } }"#))
        == "s.json: sensors.distanceSwimming.noise: in a pool swim the watch records distanceSwimming once per length, at the length's end, not every \"interval\": only \"enabled\" applies; remove \"noise\""
    )
    // `enabled` applies; in open water the grid's settings do too.
    _ = try decodeScenario(scenario(sensors: #"{ "swimmingStrokeCount": { "enabled": false } }"#))
    _ = try decodeScenario(
      #"{ "version": 1, "activity": "swimming", "swim": { "location": "openWater", "sets": [ { "distance": 400 } ] }, "sensors": { "swimmingStrokeCount": { "interval": 5 } } }"#
    )
  }

  @Test("open water: a set's distance")
  func openWater() throws {
    let scenario = try decodeScenario(
      swim(#"{ "location": "openWater", "sets": [ { "distance": 1500, "pace": 100 } ] }"#))
    let plan = try #require(scenario.swim)
    #expect(plan.location == .openWater)
    #expect(plan.lapLength == 0)
    #expect(plan.distance == 1500)
  }
}
