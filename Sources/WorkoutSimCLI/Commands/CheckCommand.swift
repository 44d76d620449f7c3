import Foundation
import WorkoutFiles
import WorkoutJSON
import WorkoutScenario
import WorkoutSimulation

/// `workout-sim check`: runs scenarios and evaluates their `expect` lists (docs/command-line.md#check).
public struct CheckCommand: WorkoutSimSubcommand, Equatable {
  /// The parsed options.
  public var options: CheckOptions

  /// Creates the command.
  public init(options: CheckOptions) {
    self.options = options
  }

  /// Name and help texts of `check`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "check",
      abstract: "Run scenarios and evaluate their expectations.",
      discussion: """
        Prints one line per scenario (PASS or FAIL; a scenario without checks passes
        and says so), the failed checks with their expected and actual values, and a
        closing line 'N passed, N failed'. A file that does not decode or validate
        counts as failed. Exits 1 when a check failed, 65 when a file did not decode.
        --junit is checked before any scenario runs: a path that names one of the
        scenarios or a recording they replay is refused (64), one that cannot be
        created exits 73.
        """,
      usage: "check PATH... [--junit FILE]",
      arguments: [
        (
          "PATH...",
          "Scenario files, or folders meaning their *.json files (not recursive, sorted by name); - reads one from standard input."
        )
      ],
      options: [
        ("--junit FILE", "Also write a JUnit XML report to FILE (default: none).")
      ],
      examples: [
        ("workout-sim check Scenarios/", "Check every scenario in a folder."),
        (
          "workout-sim check hills.json intervals.json --junit report.xml",
          "Check two scenarios and write a report for CI."
        ),
      ])
  }

  /// Parses the arguments after `check`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for an unknown flag, a missing value
  ///   or no path.
  public static func parse(_ arguments: [String]) throws -> CheckCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "check")
    var options = CheckOptions(paths: [])
    while let token = scanner.next() {
      switch token {
      case .positional(let path):
        options.paths.append(try scanner.file(path, valueName: "PATH"))
      case .option(let name, let inline):
        guard name == "--junit" else {
          throw scanner.unknownOption(name, known: ["--junit", "--help"])
        }
        options.junitPath = try scanner.value(for: name, inline: inline, valueName: "FILE")
      }
    }
    return CheckCommand(options: options)
  }

  /// Requires at least one path.
  ///
  /// - Throws: ``UsageError`` `Missing expected argument 'PATH...'.`
  public func validate() throws {
    if options.paths.isEmpty {
      throw UsageError("Missing expected argument 'PATH...'.", command: "check")
    }
  }

  /// Checks every scenario, prints the report, writes the JUnit file if asked.
  ///
  /// - Returns: 0 when every scenario passed; 1 when a check failed; when a file could not be
  ///   checked, the exit code of the first such file's error (65 for a decode error, 66 for a
  ///   file that cannot be opened), which wins over 1.
  /// - Throws: before any scenario runs, ``UsageError`` (64) when `--junit` names a scenario
  ///   file or a recording one replays, ``OutputError`` (73) when it cannot be created; after
  ///   the report, ``OutputError`` when the write itself fails.
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    try outputPlan(in: environment).check()
    var reports: [ScenarioCheckReport] = []
    for path in options.paths {
      switch expandScenarioPath(path) {
      case .failure(let error):
        reports.append(ScenarioCheckReport(file: path, error: DiagnosticMessage(error: error)))
      case .success(let files):
        for file in files {
          reports.append(checkOne(file: file, environment: environment))
        }
      }
    }
    for report in reports {
      environment.writeStandardOutput(report.lines.joined(separator: "\n") + "\n")
      if let error = report.error, !error.text.isEmpty {
        environment.writeStandardError(error.text + "\n")
      }
    }
    let failed = reports.filter { !$0.passed }.count
    environment.writeStandardOutput("\(reports.count - failed) passed, \(failed) failed\n")
    if let junitPath = options.junitPath {
      try outputPlan(in: environment).write(
        Array(JUnitReport.xml(for: reports).utf8), toPath: junitPath, flag: "--junit")
    }
    if let firstError = reports.lazy.compactMap(\.error).first { return firstError.exitCode }
    return failed > 0 ? .checkFailed : .success
  }

  /// The files `check` reads (every scenario file its paths name, and the recordings they
  /// replay) and writes (`--junit`), for ``OutputPlan/check()`` before any scenario runs.
  public func outputPlan(in environment: CLIEnvironment) -> OutputPlan {
    var inputs: [OutputPlan.Input] = []
    for path in options.paths {
      guard case .success(let files) = expandScenarioPath(path) else { continue }
      for file in files {
        inputs.append(.scenario(file))
        inputs += environment.scenarioInputs(file)
      }
    }
    return OutputPlan(
      command: "check", inputs: inputs,
      outputs: options.junitPath.map { [OutputPlan.Output(path: $0, flag: "--junit")] } ?? [])
  }

  private func checkOne(file: String, environment: CLIEnvironment) -> ScenarioCheckReport {
    do {
      let subject = try environment.checkScenario(URL(fileURLWithPath: file))
      let outcomes = subject.checks.map { (check: $0, outcome: evaluate($0, in: subject.result)) }
      return ScenarioCheckReport(
        file: InputFiles.displayName(ofScenarioAt: file), outcomes: outcomes,
        nothingStarted: ScenarioCheckReport.noSessionRan(in: subject.result))
    } catch {
      return ScenarioCheckReport(
        file: InputFiles.displayName(ofScenarioAt: file), error: DiagnosticMessage(error: error))
    }
  }
}

/// What `check` found for one scenario file.
public struct ScenarioCheckReport: Sendable, Equatable {
  /// The file as shown (the argument, or `folder/name.json` for a folder's files).
  public var file: String
  /// Each check and its outcome, in `expect` order (empty when ``error`` is set).
  public var outcomes: [(check: Check, outcome: CheckOutcome)]
  /// Why the file could not be checked (it did not decode, validate or open), or `nil`.
  public var error: DiagnosticMessage?
  /// Whether the run saved no workout and no session ever ran (``noSessionRan(in:)``): a
  /// failed check then gets ``RunSummary/nothingStartedHint`` under it.
  public var nothingStarted: Bool
  /// Said after each failure's and the error's message in the JUnit report (`explore`'s
  /// faults, shrunk faults and `check` command), or `nil`.
  public var note: String? = nil

  /// A report of evaluated checks; `nothingStarted` as ``noSessionRan(in:)`` says of the run.
  public init(
    file: String, outcomes: [(check: Check, outcome: CheckOutcome)], nothingStarted: Bool = false
  ) {
    self.file = file
    self.outcomes = outcomes
    self.error = nil
    self.nothingStarted = nothingStarted
  }

  /// A report of a file that could not be checked.
  public init(file: String, error: DiagnosticMessage) {
    self.file = file
    self.outcomes = []
    self.error = error
    self.nothingStarted = false
  }

  /// Whether the run result document `result` has no record and no `stateChange` log entry to
  /// `running`: the document form of ``RunSummary/nothingStarted(_:)``.
  public static func noSessionRan(in result: JSONValue) -> Bool {
    guard case .array(let records)? = result["records"], records.isEmpty else { return false }
    guard case .array(let log)? = result["log"] else { return true }
    return !log.contains {
      $0["kind"] == .string("stateChange") && $0["to"] == .string("running")
    }
  }

  /// Whether the scenario passed: it was checked and no check failed.
  public var passed: Bool { error == nil && failures.isEmpty }

  /// The failed checks.
  public var failures: [CheckFailure] {
    outcomes.compactMap {
      if case .failed(let failure) = $0.outcome { return failure }
      return nil
    }
  }

  /// The report lines: `PASS hills.json (4 checks)`, `PASS hills.json (no checks)`,
  /// `FAIL hills.json (1 of 4 checks failed)` followed by one indented line per failed check
  /// and, when nothing started, ``RunSummary/nothingStartedHint``, or `FAIL hills.json (not
  /// checked: see the error)`.
  public var lines: [String] {
    if error != nil { return ["FAIL \(file) (not checked: see the error)"] }
    let count = outcomes.count
    let noun = count == 1 ? "check" : "checks"
    if count == 0 { return ["PASS \(file) (no checks)"] }
    let failures = self.failures
    if failures.isEmpty { return ["PASS \(file) (\(count) \(noun))"] }
    return ["FAIL \(file) (\(failures.count) of \(count) \(noun) failed)"]
      + failures.map { "  " + $0.message }
      + (nothingStarted ? [RunSummary.nothingStartedHint] : [])
  }

  /// Compares files, outcomes (check and outcome pairwise) and errors.
  public static func == (lhs: ScenarioCheckReport, rhs: ScenarioCheckReport) -> Bool {
    lhs.file == rhs.file && lhs.error == rhs.error && lhs.nothingStarted == rhs.nothingStarted
      && lhs.note == rhs.note && lhs.outcomes.count == rhs.outcomes.count
      && zip(lhs.outcomes, rhs.outcomes).allSatisfy {
        $0.check == $1.check && $0.outcome == $1.outcome
      }
  }
}

/// The scenario files a `check` or `validate` argument names: the file itself, or for a folder
/// its `*.json` files (not recursive, hidden files skipped), sorted by name (UTF-8 byte order);
/// `-` (``InputFiles/standardInputPath``) names standard input and is returned as it is.
///
/// - Returns: The files, or ``InputError`` (66) when the path does not exist or is a folder
///   without `.json` files or cannot be listed.
public func expandScenarioPath(_ path: String) -> Result<[String], InputError> {
  if path == InputFiles.standardInputPath { return .success([path]) }
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
    // What is there, in words: nothing, a symlink loop, a file that may not be read.
    let problem = InputFile.problem(path: path) ?? .notFound
    let reason = problem == .notFound ? "No such file or directory" : problem.reason
    return .failure(InputError(path: path, reason: reason))
  }
  guard isFolder.boolValue else { return .success([path]) }
  let names: [String]
  do {
    names = try FileManager.default.contentsOfDirectory(atPath: path)
  } catch {
    return .failure(InputError(path: path, reason: "the folder cannot be listed"))
  }
  let prefix = path.hasSuffix("/") ? path : path + "/"
  let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
    .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    .filter { name in
      var isSubfolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: prefix + name, isDirectory: &isSubfolder)
        && !isSubfolder.boolValue
    }
  guard !files.isEmpty else {
    return .failure(InputError(path: path, reason: "the folder contains no .json files"))
  }
  return .success(files.map { prefix + $0 })
}
