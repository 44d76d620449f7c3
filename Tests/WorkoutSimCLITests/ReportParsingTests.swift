import Testing

@testable import WorkoutSimCLI

/// `workout-sim report`'s parser (docs/command-line.md#report); the command itself runs in
/// WorkoutSimEndToEndTests' ReportEndToEndTests.
@Suite struct ReportParsingTests {
  @Test func parsesItsOptions() throws {
    let command = try ReportCommand.parse([
      "--scenario", "Scenarios/hills.json", "--out=x.html", "--type", "walking", "--seed", "4",
    ])
    #expect(command.scenarioPath == "Scenarios/hills.json")
    #expect(command.output == "x.html")
    #expect(command.activityType == .walking)
    #expect(command.seed == 4)
    #expect(command.outputPath == "x.html")
  }

  @Test func defaultOutputIsTheInputsNameInTheCurrentFolder() throws {
    #expect(
      try ReportCommand.parse(["--scenario", "Scenarios/hills.json"]).outputPath == "hills.html")
    #expect(try ReportCommand.parse(["--recording", "a/b/run.fit"]).outputPath == "run.html")
    #expect(try ReportCommand.parse([]).outputPath == "report.html")
    // A scenario read from standard input has no name of its own (not `-.html`).
    #expect(try ReportCommand.parse(["--scenario", "-"]).outputPath == "report.html")
  }
}
