import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// `"start": "now"` (docs/scenario-format.md#start-now): app code that reads `Date()` and
/// `Calendar.current` runs unchanged, since `t = 0` is the real clock when the simulation is
/// made, in the process's own time zone unless the scenario names one.
@Suite struct StartNowTests {
  static let json = """
    {"version": 1, "name": "Now", "start": "now", "activity": "running",
     "course": [{"duration": 1800, "speed": 3}]}
    """

  @Test func theDecoderKeepsNowAndTheProcesssTimeZone() throws {
    let scenario = try decodeScenario(Self.json)
    #expect(scenario.startsNow)
    #expect(scenario.start == nil)
    #expect(scenario.timeZone == TimeZone.current.identifier)
    let named = try decodeScenario(
      #"{"version": 1, "start": "now", "timeZone": "Asia/Tokyo"}"#)
    #expect(named.startsNow && named.timeZone == "Asia/Tokyo")
  }

  @Test func aDateTimeOfTheHealthPlanNeedsAFixedStart() {
    let line = scenarioErrorLine(
      #"{"version": 1, "start": "now", "health": {"samples": [{"type": "stepCount", "source": "watch", "start": "2026-03-02T07:00:00Z", "end": "2026-03-02T07:10:00Z", "value": 100}]}}"#,
      fileName: "t.json")
    #expect(line?.contains("needs a fixed \"start\"") == true)
  }

  @Test func theCommandLineRefusesIt() throws {
    let scenario = try decodeScenario(Self.json)
    #expect {
      _ = try Simulation.run(scenario)
    } throws: { error in
      guard let error = error as? SimulationError else { return false }
      return error.path == "start" && error.message.contains("only the Swift API")
    }
  }

  @Test func appCodeReadingDateAndCalendarCurrentSeesTheRightDay() async throws {
    let before = Date()
    let simulation = try HealthKitSimulation(scenario: decodeScenario(Self.json))
    let after = Date()
    // t = 0 is the clock when the simulation was made, to the millisecond.
    #expect(simulation.startDate >= before.addingTimeInterval(-0.001))
    #expect(simulation.startDate <= after)
    // The app's "today" (Calendar.current, Date()) is the simulation's today: the same zone.
    #expect(simulation.calendar.timeZone.identifier == TimeZone.current.identifier)
    #expect(
      Calendar.current.startOfDay(for: simulation.startDate)
        == simulation.calendar.startOfDay(for: simulation.startDate))
    let workout = try await simulation.run { () -> HKWorkout? in
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      // As apps write it: the real clock, at t = 0 the simulation's own now.
      session.startActivity(with: Date())
      try await builder.beginCollection(at: Date())
      try await simulation.advance(by: .seconds(1200))
      session.end()
      // 20 virtual minutes later the real clock has barely moved: the wall-clock rule reads
      // it as virtual now.
      try await builder.endCollection(at: Date())
      return try await builder.finishWorkout()
    }
    // The Date() of startActivity and beginCollection, milliseconds after t = 0, is read as
    // t = 0 (the clocks began together), and endCollection's as 1200 s: exactly 1200 s.
    let duration = try #require(workout?.duration)
    #expect(duration == 1200)
    let entries = simulation.result.log.filter {
      if case .wallClockDate = $0.kind { return true }
      return false
    }
    #expect(entries.count == 3)
  }
}
