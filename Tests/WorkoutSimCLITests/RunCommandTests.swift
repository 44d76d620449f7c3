import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

@Suite struct RunCommandTests {
  static func t(_ seconds: Int64) -> SimulationInstant {
    SimulationInstant(nanoseconds: seconds * 1_000_000_000)
  }

  static let result = emptyResult(
    records: [
      WorkoutRecord(
        id: "A", activityType: .running, locationType: .outdoor, startDate: t(0),
        endDate: t(900), duration: .seconds(747),
        events: [
          WorkoutEvent(.pause, at: t(100)), WorkoutEvent(.resume, at: t(200)),
          WorkoutEvent(.lap, at: t(300)), WorkoutEvent(.lap, at: t(400)),
        ],
        totalEnergyBurned: 98.4, totalDistance: 1931,
        statistics: [
          .heartRate: .discrete(
            DiscreteStatistics(
              average: 148.2, timeWeightedAverage: 148.2, minimum: 90, maximum: 171,
              mostRecent: 150, count: 100))
        ], metadata: [:], samples: [:]),
      WorkoutRecord(
        id: "B", activityType: .yoga, locationType: .unknown, startDate: t(1000),
        endDate: t(1060), duration: .seconds(60), events: [], totalEnergyBurned: 3,
        totalDistance: nil, statistics: [:], metadata: [:], samples: [:]),
    ],
    errors: [
      ErrorReport(
        error: WorkoutError(
          domain: "HKErrorDomain", code: .invalidArgument,
          message: "Unable to perform 'pause' from current state 'paused'"),
        call: .session(.pause), at: t(600), session: 0)
    ],
    log: [LogEntry(at: t(1800), session: 0, kind: .unfinished)],
    name: "Hill repeats\u{1B}[31m", seed: 42)

  @Test func jsonPrintsExactlyTheCanonicalDocument() {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["run", "--json", "--seed", "7"],
      environment: capture.environment(runScenario: { options in
        #expect(options.seed == 7)
        return emptyResult()
      }))
    #expect(status == 0)
    // Every top-level key of docs/run-result.md in byte order; 1767600000 s is
    // 2026-01-05T08:00:00Z (20458 days × 86400 s + 8 h).
    #expect(
      capture.standardOutput == """
        {
          "errors" : [],
          "format" : "workout-sim.result",
          "generator" : "workout-sim \(workoutSimVersion)",
          "log" : [],
          "probes" : [],
          "records" : [],
          "scenario" : "Empty",
          "seed" : 7,
          "start" : "2026-01-05T08:00:00+00:00",
          "timeZone" : "UTC",
          "version" : 1
        }

        """)
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
          yoga, unknown: 0:01:00, 3 kcal
          error at 0:10:00.0: pause: Unable to perform 'pause' from current state 'paused'

        """)
    #expect(
      capture.standardError
        == "Warning: a session was still open when the run stopped at 0:30:00.0; it saved no workout\n"
    )
  }

  @Test func jsonExportWritesOneFilePerRecord() throws {
    let folder = try makeTemporaryFolder()
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["run", "--json", "--export", folder + "/w.json"],
      environment: capture.environment(runScenario: { _ in Self.result }))
    #expect(status == 0)
    // The second record's object (yoga is HKWorkoutActivityType raw value 57).
    let second = try String(contentsOfFile: folder + "/w-2.json", encoding: .utf8)
    #expect(
      second.hasPrefix(
        "{\n  \"activityType\" : \"yoga\",\n  \"activityTypeRawValue\" : 57,\n  \"duration\" : 60,\n"
      ))
    #expect(second.hasSuffix("  \"totalEnergyBurned\" : 3\n}\n"))
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

@Suite struct TypedSummaryTests {
  /// `{"version": 1}` printed "0 workouts" and nothing else (issue 26, bug 6b): with no record
  /// and no session that ever ran, the summary says so and how to start one. A session that ran
  /// but saved nothing (left open, or a workout never finished) gets no hint.
  @Test func aRunWhereNothingStartedSaysHowToStartOne() {
    #expect(
      RunSummary.text(for: emptyResult())
        == #"""
        Empty (seed 7): 0 workouts
          nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0
        """#)
    let ran = emptyResult(log: [
      LogEntry(at: .seconds(3), session: 0, kind: .stateChange(from: .prepared, to: .running))
    ])
    #expect(RunSummary.text(for: ran) == "Empty (seed 7): 0 workouts")
    let prepared = emptyResult(log: [
      LogEntry(at: .zero, session: 0, kind: .stateChange(from: .notStarted, to: .prepared))
    ])
    #expect(RunSummary.nothingStarted(prepared))
  }

  @Test func appAtTheEndIsTheLastAppStateChange() {
    let change = { (to: AppState, keepAlive: KeepAliveReason) in
      LogEntry(
        at: .zero, session: nil,
        kind: .appState(
          AppStateChange(from: .active, to: to, cause: .wristDown, keepAlive: keepAlive)))
    }
    let kept = emptyResult(log: [change(.suspended, .none), change(.background, .workoutSession)])
    // Title, then the last change's state and what keeps the app alive.
    #expect(
      RunSummary.text(for: kept)
        == "Empty (seed 7): 0 workouts\n" + RunSummary.nothingStartedHint
        + "\n  app at the end: background, kept alive by workoutSession")
    let alone = emptyResult(log: [change(.suspended, .none)])
    #expect(RunSummary.appLine(for: alone) == "  app at the end: suspended, nothing keeps it alive")
  }
}
