import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

private func decode(_ json: String) throws(ScenarioError) -> Scenario {
  try decodeScenario(json, fileName: "face.json")
}

private func errorPath(_ json: String) -> String? { invalidPath(json) }

@Suite("The watch-face keys: selector, goals, today, crown")
struct WatchFaceDecodingTests {
  @Test("without the keys the issue's defaults apply")
  func defaults() throws {
    let scenario = try decode(#"{ "version": 1 }"#)
    #expect(scenario.selector.items == [.running, .walking, .cycling])
    #expect(scenario.selector.continuous == false)
    #expect(scenario.selector.sensitivity == .high)
    // 500 kcal, 30:00 = 1800 s, 10 000 steps.
    #expect(scenario.goals.activeEnergyBurned == 500)
    #expect(scenario.goals.appleExerciseTime == .seconds(1800))
    #expect(scenario.goals.stepCount == 10_000)
    #expect(scenario.today == .zero)
  }

  /// At 00:20 local time (2026-03-31T00:20:00+02:00 in Europe/Berlin) the day has held 20
  /// minutes, 1200 s: `today.appleExerciseTime` "45:00" (2700 s) cannot be what it held before
  /// `t = 0`, and is refused at its path with the limit; "20:00" (1200 s) fits exactly. The
  /// same in Swift (`Scenario(name:start:...)`).
  @Test("today's exercise time longer than the day before the start is refused")
  func todaysExerciseLongerThanTheDaySoFar() throws {
    func json(_ time: String) -> String {
      #"{ "version": 1, "start": "2026-03-31T00:20:00+02:00", "timeZone": "Europe/Berlin", "today": { "appleExerciseTime": "\#(time)" } }"#
    }
    let message =
      #""45:00" is more than the 20:00 between local midnight and the start (00:20:00 in Europe/Berlin): the day cannot have held it before t = 0 (expected at most "20:00", or a start later in the day)"#
    #expect(
      scenarioErrorLine(json("45:00"), fileName: "face.json")
        == "face.json: today.appleExerciseTime: " + message)
    #expect(try decode(json("20:00")).today.appleExerciseTime == .seconds(1200))
    let start = try decode(json("0:00")).start
    #expect(
      throws: ScenarioError(
        fileName: "Late", kind: .invalid(path: "today.appleExerciseTime"), message: message)
    ) {
      try Scenario(
        name: "Late", start: start, timeZone: "Europe/Berlin",
        today: Scenario.RingAmounts(
          activeEnergyBurned: 0, appleExerciseTime: .seconds(2700), stepCount: 0))
    }
  }

  @Test("every key decodes, times as everywhere in the format")
  func everyKey() throws {
    let scenario = try decode(
      #"""
      { "version": 1,
        "selector": { "items": ["yoga", "cycling"], "continuous": true, "sensitivity": "low" },
        "goals": { "appleExerciseTime": "45:00" },
        "today": { "activeEnergyBurned": 120.5, "appleExerciseTime": "1:02:03", "stepCount": 3000 },
        "timeline": [ { "at": "0:01", "do": "crown", "by": -2.5 } ] }
      """#)
    #expect(scenario.selector.items == [.yoga, .cycling])
    #expect(scenario.selector.continuous)
    #expect(scenario.selector.sensitivity == .low)
    // Only appleExerciseTime given: the other goals keep their defaults. 45:00 = 2700 s.
    #expect(scenario.goals.activeEnergyBurned == 500)
    #expect(scenario.goals.appleExerciseTime == .seconds(2700))
    #expect(scenario.goals.stepCount == 10_000)
    // 1:02:03 = 3600 + 120 + 3 = 3723 s.
    #expect(scenario.today.appleExerciseTime == .seconds(3723))
    #expect(scenario.today.activeEnergyBurned == 120.5)
    #expect(scenario.today.stepCount == 3000)
    #expect(scenario.timeline.first?.kind == .crown(by: -2.5))
    #expect(scenario.timeline.first?.at == .seconds(1))
  }

  @Test(
    "bad values name their path",
    arguments: [
      (#"{ "version": 1, "selector": { "items": [] } }"#, "selector.items"),
      (#"{ "version": 1, "selector": { "items": ["yoga", "yoga"] } }"#, "selector.items[1]"),
      (#"{ "version": 1, "selector": { "sensitivity": "max" } }"#, "selector.sensitivity"),
      (#"{ "version": 1, "goals": { "stepCount": 0 } }"#, "goals.stepCount"),
      (#"{ "version": 1, "goals": { "appleExerciseTime": "0:00" } }"#, "goals.appleExerciseTime"),
      (#"{ "version": 1, "today": { "stepCount": 1.5 } }"#, "today.stepCount"),
      (#"{ "version": 1, "today": { "activeEnergyBurned": -0.1 } }"#, "today.activeEnergyBurned"),
      (#"{ "version": 1, "timeline": [ { "at": 0, "do": "crown" } ] }"#, "timeline[0].by"),
      (#"{ "version": 1, "timeline": [ { "at": 0, "do": "crown", "by": 0 } ] }"#, "timeline[0].by"),
      (#"{ "version": 1, "timeline": [ { "at": 0, "do": "lap", "by": 1 } ] }"#, "timeline[0].by"),
    ])
  func badValues(json: String, path: String) {
    #expect(errorPath(json) == path)
  }
}
