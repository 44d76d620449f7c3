import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "s.json") }

private func strength(_ body: String, activity: String = "traditionalStrengthTraining") -> String {
  #"{ "version": 1, "activity": "\#(activity)", "strength": \#(body) }"#
}

@Suite("The strength key: sets of reps and errors (docs/scenario-format.md#strength)")
struct StrengthDecodingTests {
  @Test("sets with their defaults: 3 s a rep, curl")
  func sets() throws {
    let scenario = try decodeScenario(
      strength(
        #"{ "sets": [ { "at": "0:30", "reps": 10, "repSeconds": 2.5, "exercise": "curl" }, { "at": 90, "reps": 8 } ] }"#
      ))
    let plan = try #require(scenario.strength)
    #expect(
      plan.sets == [
        StrengthPlan.Set(start: .seconds(30), reps: 10, secondsPerRep: 2.5, exercise: .curl),
        StrengthPlan.Set(start: .seconds(90), reps: 8, secondsPerRep: 3, exercise: .curl),
      ])
  }

  @Test("HIIT and functional strength workouts take sets too; no key, no plan")
  func activities() throws {
    for activity in ["functionalStrengthTraining", "highIntensityIntervalTraining"] {
      let scenario = try decodeScenario(
        strength(#"{ "sets": [ { "at": 0, "reps": 1 } ] }"#, activity: activity))
      #expect(scenario.strength?.sets.count == 1)
    }
    #expect(try decodeScenario(#"{ "version": 1 }"#).strength == nil)
  }

  @Test("another activity is a data error naming the key and the fix (exit 65)")
  func wrongActivity() throws {
    #expect(
      errorLine(strength(#"{ "sets": [ { "at": 0, "reps": 10 } ] }"#, activity: "running"))
        == #"s.json: strength: strength sets need "activity": "traditionalStrengthTraining", "functionalStrengthTraining" or "highIntensityIntervalTraining" (the scenario's activity is "running"): change the activity or remove "strength""#
    )
    let error = try #require(throws: ScenarioError.self) {
      try decodeScenario(strength(#"{ "sets": [ { "at": 0, "reps": 10 } ] }"#, activity: "yoga"))
    }
    #expect(error.exitCode == 65)
  }

  /// 10 reps of 3 s from 0:30 end at 30 + 10 × 3 = 60 s: a set at 0:50 overlaps it.
  @Test("bad sets: reps, rep time, exercise, overlap, none")
  func badSets() {
    #expect(
      errorLine(strength(#"{ "sets": [ { "at": 0, "reps": 0 } ] }"#))
        == "s.json: strength.sets[0].reps: 0 is not a number of reps (expected a whole number from 1 to 10000)"
    )
    #expect(
      errorLine(strength(#"{ "sets": [ { "at": 0, "reps": 2.5 } ] }"#))
        == "s.json: strength.sets[0].reps: 2.5 is not a number of reps (expected a whole number from 1 to 10000)"
    )
    #expect(
      errorLine(strength(#"{ "sets": [ { "at": 0, "reps": 5, "repSeconds": 0.1 } ] }"#))
        == "s.json: strength.sets[0].repSeconds: 0.1 is out of range (expected a number from 0.5 to 60)"
    )
    #expect(
      errorLine(strength(#"{ "sets": [ { "at": 0, "reps": 5, "exercise": "squat" } ] }"#))
        == #"s.json: strength.sets[0].exercise: "squat" is not an exercise the wrist model knows (expected one of curl)"#
    )
    #expect(
      errorLine(
        strength(#"{ "sets": [ { "at": "0:30", "reps": 10 }, { "at": "0:50", "reps": 5 } ] }"#))
        == #"s.json: strength.sets[1].at: the set starts at 50 s, before the previous set ends at 60 s (its "at" + reps × repSeconds): start it at or after 60 s"#
    )
    #expect(
      errorLine(strength(#"{ "sets": [] }"#))
        == "s.json: strength.sets: the plan has no sets (expected at least one set object)")
    #expect(
      errorLine(strength(#"{ "sets": [ { "reps": 5 } ] }"#))
        == #"s.json: strength.sets[0].at: required key is missing (expected the set's start, a time such as "0:30")"#
    )
  }
}
