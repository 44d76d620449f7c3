import Foundation
import SimulatedHealthKit
import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimulation

/// docs/swift-api.md's "Your user's own body" example as written there (its imports, the
/// athlete fitted inside the test, `Scenario(name:activity:athlete:course:timeline:)`), on a
/// bundled recording instead of `Tests/Fixtures/my-run.fit`: it compiles, and the fitted
/// athlete runs (trial 12: the example lacked `import WorkoutPhysiology` and `name:`).
@Suite struct FittedAthleteExampleTests {
  static let recording: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Data/recordings/run-hilly--2013-02-06-12-11-14.fit").path
  }()

  @Test func myPaceStaysInZone3() async throws {
    let me = try Athlete.fitted(toRecordingAt: Self.recording)
    let scenario = try Scenario(
      name: "my run", activity: .running, athlete: me,
      course: .segments([CourseSegment(duration: .seconds(1800), speed: 3.2)]),
      timeline: [Scenario.Action(at: .zero, .app(.start))])
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      try await simulation.advance(by: .seconds(1800))
    }
    // 1800 s of virtual time went by.
    #expect(simulation.now == simulation.startDate.addingTimeInterval(1800))
  }
}
