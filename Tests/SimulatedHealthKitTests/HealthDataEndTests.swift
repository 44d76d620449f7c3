import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Virtual time past the end of the generated health data (two days after the scenario's planned
/// end, its last timeline action) is reported once, as a warning naming the instant the data
/// ends and the timeline entry that makes more (docs/swift-api.md#nothing-silent).
@Suite struct HealthDataEndTests {
  /// A day of generated history and a timeline whose last action is a probe at t = 600 s: the
  /// data reaches t = 600 + 172 800 = 173 400 s.
  static func scenario(generate: Bool = true) throws -> Scenario {
    try decodeScenario(
      """
      {
        "version": 1,
        "name": "Data end",
        "start": "2026-03-30T10:00:00+02:00",
        "timeZone": "Europe/Berlin",
        "health": { "days": 1, "generate": \(generate) },
        "timeline": [{ "at": 600, "do": "probe" }]
      }
      """, fileName: "data-end.json")
  }

  /// Up to t = 173 400 s nothing is reported; the advance that passes it (to 173 401 s) makes
  /// one `healthDataEnded` warning; a week more makes no second one.
  @Test func passingTheEndOfTheGeneratedDataIsReportedOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    try await simulation.run {
      try await simulation.advance(by: .seconds(173_400))
      #expect(simulation.reports.isEmpty)
      try await simulation.advance(by: .seconds(1))
      try await simulation.advance(by: .seconds(7 * 86_400))
    }
    let reports = simulation.reports.filter { $0.kind == .healthDataEnded }
    #expect(reports.count == 1)
    let report = try #require(reports.first)
    #expect(report.isWarning)
    #expect(report.framework == "HealthKit")
    #expect(report.call == "advance(by: 1.0 seconds)")
    #expect(report.seconds == 173_401)
    #expect(
      report.message
        == "virtual time passed the end of the generated health data at t = 173400 s, two days "
        + "after the scenario's planned end (its last timeline action, t = 600 s): after it the "
        + "store gets no generated samples (heart rate, steps, sleep, ...), only the app's own "
        + "and its workouts'. To generate data this far, end the scenario's timeline later: add "
        + "{\"at\": 601, \"do\": \"probe\"} to its \"timeline\" (the last instant the test "
        + "reaches, t = 173401 s, less two days)")
  }

  /// A scenario that generates nothing (`"generate": false`: only its explicit samples) has no
  /// generated data to end: nothing is reported.
  @Test func withoutGeneratedDataNothingIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario(generate: false))
    try await simulation.run {
      try await simulation.advance(by: .seconds(7 * 86_400))
    }
    #expect(simulation.reports.isEmpty)
  }
}
