import Testing
import WorkoutCore
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

/// The summary's `strength:` line: the scenario's sets done during a strength workout
/// (docs/command-line.md#run).
@Suite("A strength workout's sets and reps in the summary")
struct StrengthSummaryLineTests {
  /// A workout from 0 to 200 s with `sets` (JSON) as its `strength` key.
  func summary(_ sets: String) throws -> String {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "traditionalStrengthTraining",
        "strength": { "sets": [ \(sets) ] },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 200, "do": "end" } ] }
      """)
    return RunSummary.text(for: try Simulation.run(scenario))
  }

  @Test func everyRepInsideTheWorkoutCountsAndACutSetItsFinishedReps() throws {
    // 10 reps of 3 s at 30 s (30…60 s) and 8 at 150 s (150…174 s) lie inside 0…200 s; the set
    // of 10 at 190 s is cut by the end: its reps end at 193, 196, 199, 202, ... s, so 3 count.
    // 3 sets, 10 + 8 + 3 = 21 reps.
    let text = try summary(
      #"{ "at": 30, "reps": 10 }, { "at": 150, "reps": 8 }, { "at": 190, "reps": 10 }"#)
    #expect(text.contains("\n    strength: 3 sets, 21 reps (10, 8, 3)"))
  }

  @Test func aSetAfterTheEndIsNotShown() throws {
    // One set of 1 rep of 5 s at 100 s (100…105 s) inside; the set at 300 s is after the end.
    let text = try summary(
      #"{ "at": 100, "reps": 1, "repSeconds": 5 }, { "at": 300, "reps": 12 }"#)
    #expect(text.contains("\n    strength: 1 set, 1 rep (1)"))
  }

}
