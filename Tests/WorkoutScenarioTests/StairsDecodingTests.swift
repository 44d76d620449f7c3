import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

/// A stair climber's segment may give its steps per minute alone (docs/scenario-format.md#course-segments).
@Suite struct StairsDecodingTests {
  @Test func aStairSegmentMayGiveItsCadenceAlone() throws {
    for activity in ["stairs", "stairClimbing"] {
      let scenario = try decodeScenario(
        #"{ "version": 1, "activity": "\#(activity)", "course": [{ "duration": 600, "cadence": 60 }] }"#
      )
      guard case .segments(let segments) = scenario.course else {
        Issue.record("not segments")
        return
      }
      #expect(segments.first?.cadence == 60)
      #expect(segments.first?.speed == nil)
    }
  }

  @Test func anyOtherActivityStillNeedsSpeed() {
    let json =
      #"{ "version": 1, "activity": "running", "course": [{ "duration": 600, "cadence": 60 }] }"#
    #expect(invalidPath(json) == "course[0]")
    let line = scenarioErrorLine(json, fileName: "run.json") ?? ""
    #expect(line.contains(#"a segment needs "speed""#))
    let stairs = #"{ "version": 1, "activity": "stairs", "course": [{ "duration": 600 }] }"#
    #expect(invalidPath(stairs) == "course[0]")
    #expect(
      (scenarioErrorLine(stairs, fileName: "s.json") ?? "").contains(
        #"a segment needs "cadence" (steps per minute) or "speed""#))
  }

  @Test func theSwiftInitializerAppliesTheSameRule() throws {
    let segments = [CourseSegment(duration: .seconds(60), cadence: 70)]
    _ = try Scenario(name: "stairs", activity: .stairClimbing, course: .segments(segments))
    #expect(throws: ScenarioError.self) {
      _ = try Scenario(name: "run", activity: .running, course: .segments(segments))
    }
  }
}
