import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimulation

@Suite struct ParsingTests {
  /// The text and exit code the single mapper gives for parsing `arguments`.
  private func diagnostic(_ arguments: [String]) -> DiagnosticMessage? {
    do {
      _ = try WorkoutSimCommand.parse(arguments)
      return nil
    } catch {
      return DiagnosticMessage(error: error)
    }
  }

  private func runOptions(_ arguments: [String]) throws -> RunOptions {
    guard case .run(let command) = try WorkoutSimCommand.parse(["run"] + arguments) else {
      Issue.record("not parsed as run")
      return RunOptions()
    }
    return command.options
  }

  /// One number form for every flag: `1e3` is 1000 for `--speed`, `--seed`, `--until`, `--keys`
  /// and the complication's `--steps` and `--goal`, and 100000 (the largest speed) is accepted.
  @Test func everyFlagTakesTheSameNumberForms() throws {
    #expect(try runOptions(["--speed", "1e3"]).speed == 1000)
    #expect(try runOptions(["--speed", "100000"]).speed == 100_000)
    #expect(try runOptions(["--speed", "2.5E-1"]).speed == 0.25)
    #expect(try runOptions(["--seed", "1e3"]).seed == 1000)
    #expect(try runOptions(["--seed", "007"]).seed == 7)
    #expect(try runOptions(["--until", "1e3"]).until == .seconds(1000))
    #expect(try runOptions(["--until", "1.5e1"]).until == .rounding(seconds: 15))
    #expect(
      try runOptions(["--keys", "q@1e2"]).keys == [
        KeyPress(key: .character("q"), at: .seconds(100))
      ])
    guard
      case .complication(let command) = try WorkoutSimCommand.parse([
        "complication", "--steps", "6.432e3", "--goal", "1e4",
      ])
    else {
      Issue.record("not parsed as complication")
      return
    }
    #expect(command.options.steps == 6432)
    #expect(command.options.goal == 10_000)
  }

  @Test func runWithoutFlagsHasTheDefaults() throws {
    #expect(try runOptions([]) == RunOptions())
    #expect(RunOptions().speed == 1)
  }

  @Test func runParsesEveryFlag() throws {
    let options = try runOptions([
      "--scenario", "hills.json", "--type", "cycling", "--seed", "42", "--json", "--samples",
      "--headless", "--speed", "2.5", "--until", "1:02:03.5", "--keys", "SPACE@10:00,q@90",
      "--export", "out/run.fit", "--export=run.json",
    ])
    // 1:02:03.5 = 3600 + 2 × 60 + 3.5 = 3723.5 s.
    let expected = RunOptions(
      scenarioPath: "hills.json", activityType: .cycling, seed: 42, json: true, samples: true,
      headless: true, speed: 2.5, until: .rounding(seconds: 3723.5),
      keys: [
        KeyPress(key: .space, at: .seconds(600)), KeyPress(key: .character("q"), at: .seconds(90)),
      ],
      exports: [
        ExportTarget(path: "out/run.fit", format: .fit),
        ExportTarget(path: "run.json", format: .json),
      ])
    #expect(options == expected)
  }

  @Test func inlineValuesAndLastValueWins() throws {
    // 2^53 − 1 = 9007199254740991, the largest seed a JSON number holds exactly.
    let options = try runOptions(["--seed=1", "--seed", "9007199254740991", "--until=75:00"])
    #expect(options.seed == 9_007_199_254_740_991)
    // 75:00 = 75 × 60 = 4500 s.
    #expect(options.until == .seconds(4500))
  }

  /// `--until` and the times of `--keys` use the scenario's time forms plus plain seconds.
  @Test(arguments: [
    ("90", 90.0), ("12.5", 12.5), ("0", 0.0), ("1:02.5", 62.5), ("75:00", 4500.0),
    ("1:00:00", 3600.0), ("0:59:59", 3599.0),
  ])
  func commandLineTimes(text: String, seconds: Double) throws {
    #expect(try ScenarioTime.parse(text, allowPlainSeconds: true) == .rounding(seconds: seconds))
  }

  @Test func keyNames() {
    #expect(KeyPress.key(named: "COMMA") == .character(","))
    #expect(KeyPress.key(named: "AT") == .character("@"))
    #expect(KeyPress.key(named: "ESC") == .escape)
    #expect(KeyPress.key(named: "ENTER") == .enter)
    #expect(KeyPress.key(named: "UP") == .up)
    #expect(KeyPress.key(named: "DOWN") == .down)
    #expect(KeyPress.key(named: "LEFT") == .left)
    #expect(KeyPress.key(named: "RIGHT") == .right)
    #expect(KeyPress.key(named: "space") == nil)
  }

  @Test func exportNumbering() {
    let target = ExportTarget(path: "out/run.v1.fit", format: .fit)
    #expect(target.path(forRecordAt: 0) == "out/run.v1.fit")
    #expect(target.path(forRecordAt: 1) == "out/run.v1-2.fit")
    #expect(target.path(forRecordAt: 2) == "out/run.v1-3.fit")
    #expect(ExportTarget(path: "RUN.GPX")?.format == .gpx)
    #expect(ExportTarget(path: "dir.fit/run") == nil)
    #expect(ExportTarget(path: ".fit") == nil)
  }

  private static let runUsage = """
    Usage: workout-sim run [--scenario FILE] [--type TYPE] [--seed N] [--json]
                           [--samples] [--headless] [--speed X] [--until T]
                           [--keys KEYS] [--export PATH]...
      See 'workout-sim run --help' for more information.
    """

  @Test(arguments: [
    (["--sed", "4"], "Unknown option '--sed'. Did you mean '--seed'?"),
    // One did-you-mean for the project (closestName): case is ignored, 1 edit ("S" -> "s").
    (["--Seed", "4"], "Unknown option '--Seed'. Did you mean '--seed'?"),
    (["-x"], "Unknown option '-x'."),
    (["extra"], "Unexpected argument 'extra'."),
    (["--seed"], "Missing value for '--seed N'."),
    (["--seed="], "Empty value for '--seed N'."),
    (["--scenario", "--json"], "Missing value for '--scenario FILE'."),
    (
      ["--seed", "-1"],
      "'-1' is not a seed for '--seed' (expected an integer from 0 to 9007199254740991)."
    ),
    (
      ["--seed", "9007199254740992"],
      "'9007199254740992' is not a seed for '--seed' (expected an integer from 0 to 9007199254740991)."
    ),
    (
      ["--type", "runing"], "'runing' is not an activity type for '--type'. Did you mean 'running'?"
    ),
    (
      ["--type", "x"],
      "'x' is not an activity type for '--type'. Expected an HKWorkoutActivityType case name such as running, walking, cycling, swimming or tennis (every one: workout-sim run --help)."
    ),
    (
      ["--speed", "0"],
      "'0' is not a speed for '--speed' (expected a number above 0 and at most 100000)."
    ),
    (
      ["--speed", "inf"],
      "'inf' is not a speed for '--speed' (expected a number above 0 and at most 100000)."
    ),
    (
      ["--speed", "1000000000"],
      "'1000000000' is not a speed for '--speed' (expected a number above 0 and at most 100000)."
    ),
    (
      ["--speed", "100001"],
      "'100001' is not a speed for '--speed' (expected a number above 0 and at most 100000)."
    ),
    (
      ["--speed", ".5"],
      "'.5' is not a speed for '--speed' (expected a number above 0 and at most 100000)."
    ),
    (
      ["--seed", "2.5"],
      "'2.5' is not a seed for '--seed' (expected an integer from 0 to 9007199254740991)."
    ),
    (
      ["--seed", "1e16"],
      "'1e16' is not a seed for '--seed' (expected an integer from 0 to 9007199254740991)."
    ),
    (["--until", "1:75"], "--until: \"1:75\" is not a time (seconds must be below 60)."),
    (
      ["--until", "99999999999"],
      "--until: \"99999999999\" is not a time (at most 9000000000 seconds)."
    ),
    (["--keys", "q10"], "'q10' in '--keys' is not NAME@TIME (write ',' as COMMA and '@' as AT)."),
    (
      ["--keys", "q@10,"],
      "'--keys q@10,': empty key press after ','; put one comma between two items, for example 'ENTER@5,SPACE@10:00'."
    ),
    (
      ["--keys", "@5"],
      "'@5' in '--keys' names no key before '@' (expected NAME@TIME, for example ENTER@5)."
    ),
    (
      ["--keys", "Space@10"],
      "'Space' in '--keys' is not a key (expected one character or SPACE, ENTER, UP, DOWN, LEFT, RIGHT, ESC, COMMA, AT)."
    ),
    (
      ["--keys", "q@x"], "--keys: \"x\" is not a time (expected seconds, \"mm:ss\" or \"h:mm:ss\")."
    ),
    (
      ["--export", "run.txt"],
      "'run.txt' has no export format for '--export' (expected a name ending in .fit, .tcx, .gpx, .csv or .json)."
    ),
    (["--json=yes"], "'--json' does not take a value."),
  ])
  func badRunArguments(arguments: [String], message: String) {
    let result = diagnostic(["run"] + arguments)
    #expect(result?.exitCode == .usage)
    #expect(result?.stream == .standardError)
    #expect(result?.text == "Error: \(message)\n" + Self.runUsage)
  }

  @Test func unknownSubcommandSuggests() {
    #expect(
      diagnostic(["chek"])
        == DiagnosticMessage(
          text: """
            Error: Unknown subcommand 'chek'. Did you mean 'check'?
            Usage: workout-sim <subcommand> [options] | --help | --version
              See 'workout-sim --help' for more information.
            """, stream: .standardError, exitCode: .usage))
    #expect(
      diagnostic(["--verison"])?.text.hasPrefix(
        "Error: Unknown option '--verison'. Did you mean '--version'?\n") == true)
    #expect(diagnostic(["help", "nope"])?.exitCode == .usage)
  }

  /// `phone` left the tool for the example (issue 24): typing it, with any arguments, or asking
  /// for its help, is a usage error that says where it went; the tool's help no longer lists it.
  @Test func phoneSaysWhereItWent() {
    let moved = DiagnosticMessage(
      text: """
        Error: 'phone' moved to the example fitness tracker (the tool no longer ships example code): run 'swift run fitness-tracker-phone [--scenario FILE] [--json] [--headless] [--at T]...' in the package's folder (docs/phone.md#fitness-tracker-phone).
        Usage: workout-sim <subcommand> [options] | --help | --version
          See 'workout-sim --help' for more information.
        """, stream: .standardError, exitCode: .usage)
    #expect(diagnostic(["phone"]) == moved)
    #expect(diagnostic(["phone", "--json", "--at", "90"]) == moved)
    #expect(diagnostic(["phone", "--help"]) == moved)
    #expect(diagnostic(["help", "phone"]) == moved)
    #expect(!HelpText.tool.contains("phone"))
    #expect(HelpText.usage(for: "phone") == HelpText.usage(for: nil))
  }

  @Test func checkAndValidateArguments() throws {
    #expect(
      try WorkoutSimCommand.parse([
        "check", "a.json", "--junit", "r.xml", "dir", "--", "--odd.json",
      ])
        == .check(
          CheckCommand(
            options: CheckOptions(paths: ["a.json", "dir", "--odd.json"], junitPath: "r.xml"))))
    #expect(
      try WorkoutSimCommand.parse(["validate", "a.json", "b.json"])
        == .validate(ValidateCommand(options: ValidateOptions(paths: ["a.json", "b.json"]))))
    #expect(
      diagnostic(["check", "--junt", "x"])?.text.hasPrefix(
        "Error: Unknown option '--junt'. Did you mean '--junit'?\nUsage: workout-sim check PATH... [--junit FILE]\n"
      ) == true)
    #expect(
      diagnostic(["check", "a.json", "--junit"])?.text.hasPrefix(
        "Error: Missing value for '--junit FILE'.") == true)
    #expect(diagnostic(["validate", "--strict", "a.json"])?.exitCode == .usage)
  }

  @Test func emptyOrBlankFileNamesAreUsageErrors() {
    // An empty or all-space argument (an unset shell variable) names no file: 64, not a file
    // that cannot be opened (66).
    for (arguments, first) in [
      (["replay", ""], "Error: Empty argument for FILE."),
      (["calibrate", "  "], "Error: Empty argument for FILE."),
      (["check", "a.json", ""], "Error: Empty argument for PATH."),
      (["validate", " "], "Error: Empty argument for FILE."),
      (["run", "--scenario", " "], "Error: Empty value for '--scenario FILE'."),
      (["report", "--out", "\t"], "Error: Empty value for '--out FILE'."),
    ] {
      let message = diagnostic(arguments)
      #expect(message?.exitCode == .usage, "\(arguments)")
      #expect(message?.text.hasPrefix(first + "\nUsage: workout-sim ") == true, "\(arguments)")
    }
    // A count past the largest names the range.
    #expect(
      diagnostic(["complication", "--steps", "1e308"])?.text.hasPrefix(
        "Error: '1e308' is not a count for '--steps' (expected a whole number from 0 to 999999999999999).\n"
      ) == true)
  }

  @Test func missingPositionalArgumentsFailValidation() throws {
    let capture = CapturedOutput()
    #expect(WorkoutSimCommand.main(arguments: ["check"], environment: capture.environment()) == 64)
    #expect(
      WorkoutSimCommand.main(arguments: ["validate"], environment: capture.environment()) == 64)
    #expect(
      capture.standardError == """
        Error: Missing expected argument 'PATH...'.
        Usage: workout-sim check PATH... [--junit FILE]
          See 'workout-sim check --help' for more information.
        Error: Missing expected argument 'FILE...'.
        Usage: workout-sim validate FILE...
          See 'workout-sim validate --help' for more information.

        """)
    #expect(capture.standardOutput == "")
  }

  @Test func helpAndVersionGoToStandardOutput() {
    for arguments in [[], ["-h"], ["--help"], ["help"]] {
      let capture = CapturedOutput()
      #expect(WorkoutSimCommand.main(arguments: arguments, environment: capture.environment()) == 0)
      #expect(capture.standardOutput == HelpText.tool + "\n")
      #expect(capture.standardError == "")
    }
    for arguments in [["run", "--help"], ["help", "run"], ["run", "--seed", "x", "-h"]] {
      let capture = CapturedOutput()
      #expect(WorkoutSimCommand.main(arguments: arguments, environment: capture.environment()) == 0)
      #expect(capture.standardOutput == HelpText.help(for: RunCommand.configuration) + "\n")
    }
    let capture = CapturedOutput()
    #expect(
      WorkoutSimCommand.main(arguments: ["--version"], environment: capture.environment()) == 0)
    #expect(capture.standardOutput == "workout-sim \(workoutSimVersion)\n")
  }

  @Test func helpHasTheSectionsAndFitsEightyColumns() {
    let texts =
      [HelpText.tool] + HelpText.subcommands.map { HelpText.help(for: $0.configuration) }
    for text in texts {
      for line in text.split(separator: "\n") {
        #expect(line.count <= 80, "\(line)")
      }
      #expect(text.contains("OVERVIEW: "))
      #expect(text.contains("\nUSAGE: workout-sim "))
      #expect(text.contains("\nOPTIONS:\n"))
      #expect(text.contains("\nEXAMPLES:\n"))
    }
    #expect(HelpText.tool.contains("\nSUBCOMMANDS:\n  run "))
    #expect(HelpText.tool.contains("\nEXIT CODES:\n  0 "))
    #expect(HelpText.help(for: CheckCommand.configuration).contains("\nARGUMENTS:\n  PATH..."))
    #expect(HelpText.help(for: RunCommand.configuration).contains("(default: 1)."))
  }

  @Test func exitCodeValues() {
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 70, 73, 74, 129, 130, 143])
  }
}

/// A scenario with several wrong keys prints a line for each, each with its own `Error:`, and
/// exits 65 once.
@Test func everyScenarioProblemHasItsOwnErrorLine() {
  var error = ScenarioError(
    fileName: "s.json", kind: .invalid(path: "seed"), message: "-4 is out of range")
  error.further = [
    ScenarioError(fileName: "s.json", kind: .invalid(path: "finish"), message: "not a mode")
  ]
  let message = DiagnosticMessage(error: error)
  #expect(
    message.text == "Error: s.json: seed: -4 is out of range\nError: s.json: finish: not a mode")
  #expect(message.exitCode == .dataError)
}
