import Foundation
import Testing
import WorkoutJSON
import WorkoutSimCLI

@Suite struct RunCommandTests {
  static let result = object([
    "scenario": .string("Hill repeats\u{1B}[31m"),
    "seed": .number(42),
    "records": .array([
      object([
        "activityType": .string("running"), "locationType": .string("outdoor"),
        "duration": .number(747), "totalDistance": .number(1931),
        "totalEnergyBurned": .number(98.4),
        "statistics": object([
          "heartRate": object(["average": .number(148.2), "maximum": .number(171)])
        ]),
        "events": .array([
          object(["type": .string("pause")]), object(["type": .string("resume")]),
          object(["type": .string("lap")]), object(["type": .string("lap")]),
        ]),
      ]),
      object([
        "activityType": .string("yoga"), "duration": .number(60), "totalEnergyBurned": .number(3),
      ]),
    ]),
    "errors": .array([
      object([
        "action": .string("pause"), "at": .number(600), "code": .string("invalidArgument"),
        "message": .string("Unable to perform 'pause' from current state 'paused'"),
      ])
    ]),
    "log": .array([object(["at": .number(1800), "kind": .string("unfinished")])]),
  ])

  @Test func jsonPrintsExactlyTheCanonicalDocument() {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["run", "--json", "--seed", "7"],
      environment: capture.environment(runScenario: { options in
        #expect(options.seed == 7)
        return object(["version": .number(1), "errors": .array([])])
      }))
    #expect(status == 0)
    #expect(capture.standardOutput == "{\n  \"errors\" : [],\n  \"version\" : 1\n}\n")
    #expect(capture.standardError == "")
  }

  @Test func summaryAndUnfinishedWarning() {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["run"], environment: capture.environment(runScenario: { _ in Self.result }))
    #expect(status == 0)
    #expect(
      capture.standardOutput == """
        Hill repeats\u{FFFD}[31m (seed 42): 2 workouts, 1 error
          running, outdoor: 0:12:27, 1.93 km, 98 kcal, average heart rate 148 bpm, maximum 171 bpm
            events: 1 pause, 1 resume, 2 laps
          yoga: 0:01:00, 3 kcal
          error at 600 s: pause: Unable to perform 'pause' from current state 'paused'

        """)
    #expect(
      capture.standardError
        == "Warning: a session was still open when the run stopped at 1800 s; it saved no workout\n"
    )
  }

  @Test func jsonExportWritesOneFilePerRecord() throws {
    let folder = try makeTemporaryFolder()
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["run", "--json", "--export", folder + "/w.json"],
      environment: capture.environment(runScenario: { _ in Self.result }))
    #expect(status == 0)
    #expect(
      try String(contentsOfFile: folder + "/w-2.json", encoding: .utf8)
        == "{\n  \"activityType\" : \"yoga\",\n  \"duration\" : 60,\n  \"totalEnergyBurned\" : 3\n}\n"
    )
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "w-2.json", "w.json",
      ])
  }

  @Test func exportToMissingFolderIsSeventyThree() {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["run", "--json", "--export", "/nonexistent-workout-sim/w.json"],
      environment: capture.environment(runScenario: { _ in Self.result }))
    #expect(status == 73)
    #expect(
      capture.standardError.hasSuffix(
        "Error: cannot create '/nonexistent-workout-sim/w.json': No such file or directory\n"))
  }

  @Test func unwiredRunnerIsSeventy() {
    let capture = CapturedOutput()
    let environment = CLIEnvironment(
      writeStandardOutput: { _ in }, writeStandardError: { _ in },
      standardInputIsTerminal: false, standardOutputIsTerminal: false,
      standardErrorIsTerminal: false, variables: [:])
    #expect(WorkoutSimCommand.main(arguments: ["run"], environment: environment) == 70)
    #expect(
      DiagnosticMessage(error: NotWiredError(function: "runScenario")).text
        == "Error: internal error: CLIEnvironment.runScenario is not wired to the simulation yet")
    #expect(capture.standardOutput == "")
  }

  @Test func interactiveOnlyOnTwoTerminalsWithoutHeadless() {
    #expect(
      RunOptions().isInteractive(standardInputIsTerminal: true, standardOutputIsTerminal: true))
    #expect(
      !RunOptions().isInteractive(standardInputIsTerminal: true, standardOutputIsTerminal: false))
    #expect(
      !RunOptions().isInteractive(standardInputIsTerminal: false, standardOutputIsTerminal: true))
    #expect(
      !RunOptions(headless: true).isInteractive(
        standardInputIsTerminal: true, standardOutputIsTerminal: true))
    // A --keys script plays headless even on a terminal.
    #expect(
      !RunOptions(keys: [KeyPress(key: .enter, at: .zero)]).isInteractive(
        standardInputIsTerminal: true, standardOutputIsTerminal: true))
  }

  @Test func colourNeedsATerminalWithoutNoColorOrDumb() {
    var environment = CLIEnvironment(standardOutputIsTerminal: true, variables: ["TERM": "xterm"])
    #expect(environment.colorEnabled)
    environment.variables["NO_COLOR"] = ""
    #expect(!environment.colorEnabled)
    environment.variables = ["TERM": "dumb"]
    #expect(!environment.colorEnabled)
    environment.variables = [:]
    environment.standardOutputIsTerminal = false
    #expect(!environment.colorEnabled)
  }

  @Test func diagnosticMapperFallsBackToInternalError() {
    struct Surprise: Error {}
    #expect(DiagnosticMessage(error: Surprise()).exitCode == .internalError)
    #expect(
      DiagnosticMessage(error: ExitCode.interrupt)
        == DiagnosticMessage(text: "", stream: .standardError, exitCode: .interrupt))
    #expect(
      DiagnosticMessage(error: InputError(path: "a.json", reason: "Permission denied")).text
        == "Error: cannot open 'a.json': Permission denied")
    #expect(
      DiagnosticMessage(error: CleanExit(text: "hi"))
        == DiagnosticMessage(text: "hi", stream: .standardOutput, exitCode: .success))
  }
}
