import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimulation

/// `workout-sim run`: runs one scenario (docs/command-line.md#run).
public struct RunCommand: WorkoutSimSubcommand, Equatable {
  /// The parsed options.
  public var options: RunOptions

  /// Creates the command.
  public init(options: RunOptions) {
    self.options = options
  }

  /// Name and help texts of `run`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "run",
      abstract: "Run one scenario: the watch face on a terminal, else print a summary.",
      discussion: """
        Opens the watch face (stepped with keypresses) when standard input and
        standard output are both terminals and neither --headless nor --keys is
        given; --json, --samples and --export do not change that: when the face
        closes (q or Ctrl-C) the summary or the run result is printed and the exports
        are written. Otherwise the timeline runs on virtual time as fast as the
        machine allows and the summary (with --json, the run result) is printed.

        Numbers (--speed, --seed, --until, --keys times) are JSON numbers without a
        sign: 100000, 2.5, 1e3. Every --export path is checked before the run: one
        that names the scenario or its recording is refused (exit 64), one that
        cannot be created exits 73. A run whose samples would not fit the 4 GiB
        memory budget is refused before it starts (exit 65).
        """,
      usage: "run [--scenario FILE] [--type TYPE] [--seed N] [--json]\n"
        + String(repeating: " ", count: 23) + "[--samples] [--headless] [--speed X] [--until T]\n"
        + String(repeating: " ", count: 23) + "[--keys KEYS] [--export PATH]...",
      arguments: [],
      options: [
        (
          "--scenario FILE",
          "The scenario to run, - for standard input (default: a built-in steady 30-minute outdoor run on gently rolling ground)."
        ),
        (
          "--type TYPE",
          "Activity, overriding the scenario's (default: the scenario's). One of: "
            + WorkoutActivityType.allCases.map(\.name).joined(separator: ", ") + "."
        ),
        (
          "--seed N",
          "Random seed, a whole number from 0 to 2^53 - 1 (default: the scenario's)."
        ),
        ("--json", "Print the run result as one JSON document (default: a summary)."),
        ("--samples", "Add the samples and the route to each record (default: off)."),
        ("--headless", "Never interactive, even on a terminal (default: off)."),
        (
          "--speed X",
          "Watch face: X times real time, above 0 and at most 100000 (default: 1)."
        ),
        (
          "--until T",
          "Stop at scenario time T, seconds (a number, 1e3 too) or [h:]mm:ss, at most 9e9 s (default: after the last timeline action)."
        ),
        (
          "--keys KEYS",
          "Keypresses at scenario times: NAME@TIME,... where NAME is one character or SPACE, ENTER, UP, DOWN, LEFT, RIGHT, ESC, COMMA, AT and TIME is as for --until (default: none)."
        ),
        (
          "--export PATH",
          "Write every finished workout to PATH (.fit, .tcx, .gpx, .csv, .json); repeatable; later records get -2, -3, ... (default: none)."
        ),
      ],
      examples: [
        ("workout-sim run", "The built-in run: the watch face on a terminal."),
        (
          "workout-sim run --scenario hills.json --headless --seed 7 --json",
          "Run on virtual time with seed 7 and print the result as JSON."
        ),
        (
          "workout-sim run --keys SPACE@10:00,SPACE@11:00 --export run.fit",
          "Pause at 10:00, resume at 11:00, and export the workout as FIT."
        ),
      ])
  }

  /// The flags `run` knows, for did-you-mean suggestions.
  /// The fastest `--speed`: 100000 times real time (a day of scenario time in under a second;
  /// a project rule that keeps virtual time and the samples it makes within bounds).
  public static let maximumSpeed = 100_000.0

  static let knownOptions = [
    "--scenario", "--type", "--seed", "--json", "--samples", "--headless", "--speed", "--until",
    "--keys", "--export", "--help",
  ]

  /// Parses the arguments after `run`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for an unknown flag, an unexpected
  ///   argument, or a missing or bad value.
  public static func parse(_ arguments: [String]) throws -> RunCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "run")
    var options = RunOptions()
    while let token = scanner.next() {
      switch token {
      case .positional(let argument):
        throw UsageError("Unexpected argument '\(argument)'.", command: "run")
      case .option(let name, let inline):
        switch name {
        case "--scenario":
          options.scenarioPath = try scanner.value(for: name, inline: inline, valueName: "FILE")
        case "--type":
          let value = try scanner.value(for: name, inline: inline, valueName: "TYPE")
          guard let type = WorkoutActivityType(name: value) else {
            let names = WorkoutActivityType.allCases.map(\.name)
            var message = "'\(value)' is not an activity type for '--type'."
            if let suggestion = closestName(to: value, among: names) {
              message += " Did you mean '\(suggestion)'?"
            } else {
              message +=
                " Expected an HKWorkoutActivityType case name such as running, walking, cycling,"
                + " swimming or tennis (every one: workout-sim run --help)."
            }
            throw UsageError(message, command: "run")
          }
          options.activityType = type
        case "--seed":
          let value = try scanner.value(for: name, inline: inline, valueName: "N")
          // The same range as the scenario's `seed` (``Scenario/seedRange``).
          let range = Scenario.seedRange
          guard let seed = NumberText.wholeNumber(value, in: range) else {
            throw UsageError(
              "'\(value)' is not a seed for '--seed' (expected an integer from \(range.lowerBound) to \(range.upperBound)).",
              command: "run")
          }
          options.seed = seed
        case "--json":
          try scanner.rejectValue(inline, for: name)
          options.json = true
        case "--samples":
          try scanner.rejectValue(inline, for: name)
          options.samples = true
        case "--headless":
          try scanner.rejectValue(inline, for: name)
          options.headless = true
        case "--speed":
          let value = try scanner.value(for: name, inline: inline, valueName: "X")
          guard let speed = NumberText.parse(value), speed > 0, speed <= Self.maximumSpeed else {
            throw UsageError(
              "'\(value)' is not a speed for '--speed' (expected a number above 0 and at most \(JSONWriter.number(Self.maximumSpeed))).",
              command: "run")
          }
          options.speed = speed
        case "--until":
          let value = try scanner.value(for: name, inline: inline, valueName: "T")
          do throws(TimeFormatError) {
            options.until = try ScenarioTime.parse(value, allowPlainSeconds: true)
          } catch {
            throw UsageError("--until: \(error.message).", command: "run")
          }
        case "--keys":
          let value = try scanner.value(for: name, inline: inline, valueName: "KEYS")
          options.keys = try parseKeys(
            try scanner.listItems(
              value, option: "--keys", noun: "key press", example: "ENTER@5,SPACE@10:00"))
        case "--export":
          let value = try scanner.value(for: name, inline: inline, valueName: "PATH")
          guard let target = ExportTarget(path: value) else {
            throw UsageError(
              "'\(value)' has no export format for '--export' (expected a name ending in "
                + ".fit, .tcx, .gpx, .csv or .json).", command: "run")
          }
          options.exports.append(target)
        default:
          throw scanner.unknownOption(name, known: knownOptions)
        }
      }
    }
    return RunCommand(options: options)
  }

  /// No cross-option rules in v1.
  public func validate() throws {}

  /// Runs the scenario: first checks the outputs against the inputs and for creatability
  /// (``outputPlan(for:in:)``, ``OutputPlan/check()``), then runs interactively through
  /// ``CLIEnvironment/runInteractive`` when the terminal allows it and it is wired, else headless
  /// through ``CLIEnvironment/runScenario``, then prints the JSON result or a summary, warns
  /// about sessions left open, and writes the exports (each file whole or not at all).
  ///
  /// - Throws: ``UsageError`` (64) for an `--export` that names an input and ``OutputError`` (73)
  ///   for one that cannot be created, both before the run; whatever the runner throws;
  ///   ``OutputError`` for an export whose write fails.
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    let plan = Self.outputPlan(for: options, in: environment)
    try plan.check()
    if let interactive = environment.runInteractive,
      options.isInteractive(
        standardInputIsTerminal: environment.standardInputIsTerminal,
        standardOutputIsTerminal: environment.standardOutputIsTerminal)
    {
      return try interactive(options, environment)
    }
    let result = try environment.runScenario(options)
    try Self.report(result, options: options, plan: plan, in: environment)
    return .success
  }

  /// The files `run` reads (the scenario file and the recording it replays) and writes (each
  /// `--export`), for ``OutputPlan/check()`` before the run and the writes after it.
  public static func outputPlan(for options: RunOptions, in environment: CLIEnvironment)
    -> OutputPlan
  {
    var inputs: [OutputPlan.Input] = []
    if let scenario = options.scenarioPath {
      inputs.append(.scenario(scenario))
      inputs += environment.scenarioInputs(scenario)
    }
    // Later records get `-2`, `-3`, ... names: every name the run can write is checked before
    // it, up to the most records it can save (one per session: the first, each `newSession`,
    // and each Enter of a `--keys` script).
    let enters = options.keys.filter { $0.key == .enter }.count
    let records = environment.scenarioRecordLimit(options.scenarioPath) + enters
    return OutputPlan(
      command: "run", inputs: inputs,
      outputs: OutputPlan.exports(options.exports, records: records))
  }

  /// Prints the JSON result or a summary, warns about sessions left open, and writes the
  /// exports through `plan` (each file whole or not at all, never over an input); shared by
  /// headless and interactive runs.
  ///
  /// - Throws: ``OutputError`` for an export that cannot be written; ``UsageError`` for a
  ///   later record's name (`-2`, ...) that is an input; export errors.
  static func report(
    _ result: RunResult, options: RunOptions, plan: OutputPlan, in environment: CLIEnvironment
  ) throws {
    if options.json {
      result.writeJSON(includeSamples: options.samples) {
        environment.writeStandardOutput(bytes: $0)
      }
    } else {
      environment.writeStandardOutput(RunSummary.text(for: result) + "\n")
    }
    for warning in RunSummary.warnings(for: result) {
      environment.writeStandardError("Warning: " + warning + "\n")
    }
    try writeExports(of: result, options: options, plan: plan, in: environment)
  }

  /// Writes every `--export` of `options` through `plan`, one file per finished record (later
  /// records get `-2`, `-3`, ...), and warns for a target with no record to export.
  static func writeExports(
    of result: RunResult, options: RunOptions, plan: OutputPlan, in environment: CLIEnvironment
  ) throws {
    for target in options.exports {
      let files = try environment.exportRecords(result, target.format)
      for (index, bytes) in files.enumerated() {
        try plan.write(bytes, toPath: target.path(forRecordAt: index), flag: "--export")
      }
      if files.isEmpty {
        environment.writeStandardError(
          "Warning: no finished workout to export to '\(target.path)'.\n")
      }
    }
  }
}
