import Foundation
import Testing
import WorkoutScenario
import WorkoutSimulation

@Suite struct SimulationErrorTests {
  private func scenario(_ json: String) throws -> Scenario {
    try Scenario.decode(Array(json.utf8), fileName: "t.json")
  }

  /// 600 s / 1e-9 s = 6e11 samples, far beyond 5e7: refused before the run, not a run that
  /// never ends.
  @Test func anIntervalTooShortForTheRunIsRefused() throws {
    let json = """
      { "version": 1, "sensors": { "heartRate": { "interval": 1e-9 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """
    let error = try #require(throws: SimulationError.self) {
      try Simulation.run(try scenario(json))
    }
    // A scenario decoded from memory has no file: errors name it by its name ("t").
    #expect(
      error.description
        == "t: sensors.heartRate.interval: every 1e-9 s over the 600 s run would make 600000000000 heartRate samples (at most 50000000); use a longer interval"
    )
  }

  /// 5e7 samples at the default 5 s is 2.5e8 s (about 7.9 years): a run of 3e8 s with the
  /// default heart-rate interval is refused at the timeline, since no sensor key was written.
  @Test func aRunTooLongForTheDefaultIntervalNamesTheTimeline() throws {
    let json = """
      { "version": 1,
        "timeline": [ { "at": 0, "do": "start" }, { "at": 300000000, "do": "end" } ] }
      """
    let error = try #require(throws: SimulationError.self) {
      try Simulation.run(try scenario(json))
    }
    #expect(error.path == "timeline")
    #expect(error.message.hasPrefix("every 5 s over the 300000000 s run would make 60000000"))
  }

  /// Exactly at the limit is allowed: 2.5e8 s / 5 s = 5e7 samples (not run here; preparing is
  /// enough).
  @Test func theLimitItselfIsAllowed() throws {
    let json = """
      { "version": 1, "sensors": { "activeEnergyBurned": { "enabled": false },
          "basalEnergyBurned": { "enabled": false }, "distanceWalkingRunning": { "enabled": false },
          "stepCount": { "enabled": false }, "runningSpeed": { "enabled": false },
          "distanceCycling": { "enabled": false }, "cyclingPower": { "enabled": false },
          "cyclingCadence": { "enabled": false } },
        "timeline": [ { "at": 250000000, "do": "probe" } ] }
      """
    _ = try SimulationSession(try scenario(json))
  }
}
