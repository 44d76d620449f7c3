import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "s.json") }

private func hiit(
  _ course: String, activity: String = "highIntensityIntervalTraining", extra: String = ""
)
  -> String
{
  #"{ "version": 1, "activity": "\#(activity)", "course": \#(course)\#(extra) }"#
}

@Suite("A course segment's met (docs/scenario-format.md#course-segments)")
struct SegmentMETDecodingTests {
  @Test("a constant-MET activity's segment may give its met alone; without it, today's MET")
  func decodes() throws {
    let scenario = try decodeScenario(
      hiit(
        #"[ { "duration": 30, "met": 12 }, { "duration": "0:30", "met": 1.3 }, { "duration": 60, "speed": 0 } ]"#
      ))
    #expect(
      scenario.course
        == .segments([
          CourseSegment(duration: .seconds(30), mets: 12),
          CourseSegment(duration: .seconds(30), mets: 1.3),
          CourseSegment(duration: .seconds(60), speed: 0),
        ]))
    let elliptical = try decodeScenario(
      hiit(#"[ { "duration": 60, "met": 5 } ]"#, activity: "elliptical"))
    #expect(elliptical.course == .segments([CourseSegment(duration: .seconds(60), mets: 5)]))
  }

  @Test("0, a negative met, more than 25 and text are data errors naming the path (exit 65)")
  func badValues() throws {
    #expect(
      errorLine(hiit(#"[ { "duration": 30, "met": 0 } ]"#))
        == "s.json: course[0].met: 0 is out of range (expected a number from 1 to 25)")
    #expect(
      errorLine(hiit(#"[ { "duration": 30, "met": 12 }, { "duration": 30, "met": -1 } ]"#))
        == "s.json: course[1].met: -1 is out of range (expected a number from 1 to 25)")
    #expect(
      errorLine(hiit(#"[ { "duration": 30, "met": 26 } ]"#))
        == "s.json: course[0].met: 26 is out of range (expected a number from 1 to 25)")
    #expect(
      errorLine(hiit(#"[ { "duration": 30, "met": "hard" } ]"#))
        == #"s.json: course[0].met: "hard" is not a number (expected a number from 1 to 25)"#)
    let error = try #require(throws: ScenarioError.self) {
      try decodeScenario(hiit(#"[ { "duration": 30, "met": 0 } ]"#))
    }
    #expect(error.exitCode == 65)
  }

  @Test("an activity with a course model refuses met; a HIIT segment needs met or speed")
  func wrongActivityAndMissing() {
    #expect(
      errorLine(hiit(#"[ { "duration": 30, "met": 12 } ]"#, activity: "running"))
        == #"s.json: course[0].met: "met" is only for an activity that burns a constant Compendium MET, such as "highIntensityIntervalTraining" (the activity is "running", whose energy follows the course's speed): remove "met" and give "speed", or change the activity"#
    )
    #expect(
      errorLine(hiit(#"[ { "duration": 30 } ]"#))
        == #"s.json: course[0]: a segment needs "met" (its intensity, 1 to 25 MET) or "speed""#)
  }

  /// 10 reps of 3 s from 0:40 run 40–70 s, into the rest at 30–60 s (1.3 MET ≤ 1.5).
  @Test("strength sets whose reps fall in a rest are refused at the set")
  func repsInARest() throws {
    let course =
      #"[ { "duration": 30, "met": 12 }, { "duration": 30, "met": 1.3 }, { "duration": 30, "met": 12 } ]"#
    #expect(
      errorLine(
        hiit(
          course,
          extra: #", "strength": { "sets": [ { "at": 0, "reps": 10 }, { "at": 40, "reps": 10 } ] }"#
        ))
        == #"s.json: strength.sets[1]: the set's reps run from 40 s to 70 s, into course[1] (30 s to 60 s) at 1.3 MET, a rest (1.5 MET or less): reps are work, so move the set out of the rest or give that segment a higher "met""#
    )
    let agreeing = try decodeScenario(
      hiit(
        course,
        extra: #", "strength": { "sets": [ { "at": 0, "reps": 10 }, { "at": 60, "reps": 10 } ] }"#))
    #expect(agreeing.strength?.sets.count == 2)
  }
}
