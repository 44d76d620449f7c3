import Testing
import WorkoutCore
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

/// The summary's line of an activity's own metrics for rowing and stairs (docs/command-line.md).
@Suite("Rowing's pace and a stair climb's flights in the summary")
struct ActivitySummaryLineTests {
  @Test func aRowShowsItsPacePer500Metres() throws {
    let result = try Simulation.run(bundledScenario("rowing.json"))
    let record = try #require(result.records.first)
    // 4.0 m/s: 500 / 4.0 = 125 s = 2:05 per 500 m (the speed's noise averages out to the second).
    #expect(RunSummary.metricsLine(for: record) == "    rowing: average pace 2:05 /500 m")
  }

  @Test func aStairClimbShowsItsFlights() throws {
    let result = try Simulation.run(bundledScenario("stairs.json"))
    let record = try #require(result.records.first)
    // 1000 steps / 16 a flight = 62.5 flights.
    #expect(RunSummary.metricsLine(for: record) == "    flights climbed: 62.5")
  }
}
