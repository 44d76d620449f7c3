import Testing
import WorkoutScenario
import WorkoutSimTestSupport

/// Every top-level key is read even when one before it is wrong, so one `validate` names every
/// wrong key (trial finding: the command line reported them one at a time).
@Suite("Scenario errors together")
struct ScenarioErrorsTogetherTests {
  /// Three independent keys wrong: three lines, in the format's key order (seed, sensors,
  /// finish), the first error's kind and path kept for callers that read one. The seed's
  /// largest value is 2^53 − 1 = 9007199254740991.
  @Test func independentKeysAreAllReported() throws {
    let json = """
      {"version": 1, "finish": "later", "seed": -4, "sensors": {"heartRate": {"constant": "fast"}}}
      """
    let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
    #expect(error.kind == .invalid(path: "seed"))
    #expect(error.further.count == 2)
    #expect(
      error.description == """
        t.json: seed: -4 is out of range (expected a whole number from 0 to 9007199254740991)
        t.json: sensors.heartRate.constant: "fast" is not a number (expected a number from 0 to 1000000)
        t.json: finish: "later" is not a finish mode (expected one of auto, manual)
        """)
  }

  /// A course is read for its activity: with the activity wrong, the course (whose segment
  /// would be wrong for the default activity too) is not read, so nothing is reported that
  /// follows from the first problem alone.
  @Test func aKeyThatNeedsAWrongOneIsSkipped() throws {
    let json = """
      {"version": 1, "activity": "runing", "course": [{"duration": -5, "speed": 3}]}
      """
    let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
    #expect(error.kind == .invalid(path: "activity"))
    #expect(error.further.isEmpty)
  }

  /// One problem: one line, as before.
  @Test func oneProblemIsOneLine() throws {
    let error = try #require(throws: ScenarioError.self) {
      try decodeScenario(#"{"version": 1, "finish": "later"}"#)
    }
    #expect(error.further.isEmpty)
    #expect(error.description == error.line)
  }
}
