import Foundation
import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimulation

/// Scenarios built in Swift, without JSON: the example of docs/scenarios.md ("A scenario in
/// Swift") and the checks the initializer applies.
@Suite struct SwiftScenarioTests {
  /// docs/scenarios.md's example ("A scenario in Swift"), with two more assertions.
  @Test func aPausedTenMinuteRun() throws {
    let scenario = try Scenario(
      name: "Ten minutes with a break",
      course: .segments([
        CourseSegment(duration: .seconds(300), speed: 2.5),
        CourseSegment(duration: .seconds(60), speed: 0),
        CourseSegment(duration: .seconds(300), speed: 2.5),
      ]),
      timeline: [
        .init(at: .seconds(0), .app(.start)),
        .init(at: .seconds(300), .app(.pause)),
        .init(at: .seconds(360), .app(.resume)),
        .init(at: .seconds(660), .app(.end)),
      ])
    let result = try Simulation.run(scenario)
    let record = try #require(result.records.first)
    // 660 s from start to end, less the 60 s paused (HKWorkout.duration excludes pauses).
    #expect(record.duration == .seconds(600))
    #expect(record.activityType == .running)
    #expect(record.events.map(\.type) == [.pause, .resume])
    #expect(record.events.map(\.date) == [.seconds(300), .seconds(360)])
  }

  @Test func actionsAndChecksGetTheDecodersLocations() throws {
    let scenario = try Scenario(
      name: "s",
      timeline: [.init(at: .seconds(0), .app(.start)), .init(at: .seconds(5), .app(.end))],
      expect: [Check(.count(.records, where: [:]), .equals(.number(1)))])
    #expect(scenario.timeline.map(\.location) == ["timeline[0]", "timeline[1]"])
    #expect(scenario.expect.map(\.location) == ["expect[0]"])
    #expect(scenario.version == 1)
    // Start at 0, end at 5 s: one record, so the one check passes.
    let outcomes = try Simulation.check(scenario)
    #expect(outcomes.map(\.outcome) == [.passed])
  }

  @Test func theInitializerAppliesTheFilesRules() {
    func message(_ make: () throws(ScenarioError) -> Scenario) -> String? {
      do {
        _ = try make()
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(name: "z", course: .segments([CourseSegment(duration: .zero, speed: 1)]))
      } == "z: course[0].duration: is not above zero (expected a time above zero)")
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(
          name: "p", course: .segments([CourseSegment(duration: .seconds(1), power: 200)]))
      } == "p: course[0].power: power is only allowed for cycling (activity is \"running\")")
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(
          name: "g", course: .segments([CourseSegment(duration: .seconds(1), grade: 0.5)]))
      } == "g: course[0].grade: 0.5 is out of range (expected a number from -0.45 to 0.45)")
    // 1990-01-01T00:00:00Z is 631152000 s after 1970; one second earlier is outside the range.
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(
          name: "d",
          start: Scenario.WallClockDate(
            date: Date(timeIntervalSince1970: 631_151_999), utcOffsetSeconds: 0, text: nil))
      }
        == "d: start: 631151999.0 s after 1970 is outside the supported range 1990-01-01T00:00:00Z to 2099-12-31T23:59:59Z"
    )
    // 2^53 = 9007199254740992, one past the largest seed.
    #expect(
      message { () throws(ScenarioError) in try Scenario(name: "s", seed: 1 << 53) }
        == "s: seed: 9007199254740992 is out of range (expected a whole number from 0 to 9007199254740991)"
    )
    #expect(
      message { () throws(ScenarioError) in try Scenario(name: "t", timeZone: "Mars/Olympus") }
        == "t: timeZone: \"Mars/Olympus\" is not a time zone (expected an IANA name such as \"UTC\" or \"Europe/Berlin\")"
    )
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(
          name: "o",
          timeline: [.init(at: .seconds(5), .app(.start)), .init(at: .seconds(4), .app(.end))])
      } == "o: timeline[1].at: is before the previous action's time (times must not decrease)")
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(name: "c", timeline: [.init(at: .seconds(1), .crown(by: 0))])
      }
        == "c: timeline[0].by: 0 is not a rotation (expected a number of strides, not 0, at most 1000000 either way)"
    )
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(
          name: "r",
          goals: Scenario.RingAmounts(
            activeEnergyBurned: 0, appleExerciseTime: .seconds(60), stepCount: 10))
      }
        == "r: goals.activeEnergyBurned: 0 is not allowed (expected a finite number above zero)")
    #expect(
      message { () throws(ScenarioError) in
        try Scenario(
          name: "e",
          timeline: [.init(at: .seconds(1), .app(.extendedRuntime(.acquire(holder: "x"))))])
      }?.hasPrefix("e: timeline[0].do: extendedRuntime needs") == true)
  }
}
