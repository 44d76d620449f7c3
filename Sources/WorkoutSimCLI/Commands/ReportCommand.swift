import Foundation
import WorkoutCore
import WorkoutRecordings
import WorkoutReport
import WorkoutScenario
import WorkoutSimulation

/// `workout-sim report`: a run as one self-contained HTML page of charts
/// (docs/command-line.md#report). `--scenario FILE` runs a scenario as `run` does headless;
/// `--recording FILE` runs a recording as `replay` does; with neither, the built-in default
/// scenario. The page is `WorkoutReport`'s (``Report/html(_:)``).
public struct ReportCommand: WorkoutSimSubcommand, Equatable {
  /// `--scenario FILE`, or `nil`.
  public var scenarioPath: String?
  /// `--recording FILE`, or `nil`.
  public var recordingPath: String?
  /// `--out FILE`, or `nil` for the default name (``outputPath``).
  public var output: String?
  /// `--type` and `--seed`, as for `run`.
  public var activityType: WorkoutActivityType?
  /// `--seed N`.
  public var seed: UInt64?

  /// Creates the command.
  public init(
    scenarioPath: String? = nil, recordingPath: String? = nil, output: String? = nil,
    activityType: WorkoutActivityType? = nil, seed: UInt64? = nil
  ) {
    self.scenarioPath = scenarioPath
    self.recordingPath = recordingPath
    self.output = output
    self.activityType = activityType
    self.seed = seed
  }

  /// Name and help texts of `report`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "report",
      abstract: "Write a run as charts in one self-contained HTML page.",
      discussion: """
        Runs the scenario (as 'run' headless) or the recording (as 'replay') and
        writes one HTML file with inline SVG and CSS, no script and nothing fetched:
        per workout the session's states, heart rate with its zones, speed or pace,
        cadence, power, elevation, energy, pauses, laps, markers and errors on one
        time axis, the route, and the totals; a replay shows the recording's heart
        rate and totals beside the model's. See docs/command-line.md#report.
        """,
      usage: "report [--scenario FILE | --recording FILE] [--out FILE]\n"
        + String(repeating: " ", count: 19) + "[--type TYPE] [--seed N]",
      arguments: [],
      options: [
        (
          "--scenario FILE",
          "The scenario to run, - for standard input (default: the built-in default scenario)."
        ),
        ("--recording FILE", "A FIT, TCX or GPX recording to replay instead (as 'replay')."),
        (
          "--out FILE",
          "The page to write (default: the input's name with .html in the current folder, report.html without one)."
        ),
        (
          "--type TYPE",
          "Activity, overriding the scenario's or the file's. One of: "
            + WorkoutActivityType.allCases.map(\.name).joined(separator: ", ") + "."
        ),
        ("--seed N", "Random seed, an integer >= 0 (default: the scenario's, else 1)."),
      ],
      examples: [
        ("workout-sim report --scenario hills.json", "Write hills.html."),
        (
          "workout-sim report --recording run.fit --out run-report.html",
          "Replay a recording and compare it with the model."
        ),
      ])
  }

  static let knownOptions = [
    "--scenario", "--recording", "--out", "--type", "--seed", "--help",
  ]

  /// Parses the arguments after `report`; `--type` and `--seed` are checked as `run` checks
  /// them.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for a positional argument, an unknown
  ///   flag, a missing or bad value, or a flag given twice.
  public static func parse(_ arguments: [String]) throws -> ReportCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "report")
    var command = ReportCommand()
    var passed: [String] = []
    while let token = scanner.next() {
      switch token {
      case .positional(let argument):
        throw UsageError(
          "Unexpected argument '\(argument)' (name the input with --scenario or --recording).",
          command: "report")
      case .option(let name, let inline):
        switch name {
        case "--scenario", "--recording", "--out":
          let value = try scanner.value(for: name, inline: inline, valueName: "FILE")
          let slot: WritableKeyPath<ReportCommand, String?> =
            name == "--scenario"
            ? \.scenarioPath : name == "--recording" ? \.recordingPath : \.output
          // A second value is refused by the scanner (`'--out' is given twice`).
          command[keyPath: slot] = value
        case "--type", "--seed":
          let value = try scanner.value(
            for: name, inline: inline, valueName: name == "--type" ? "TYPE" : "N")
          passed += [name, value]
        default:
          throw scanner.unknownOption(name, known: knownOptions)
        }
      }
    }
    do {
      let options = try RunCommand.parse(passed).options
      command.activityType = options.activityType
      command.seed = options.seed
    } catch let error as UsageError {
      throw UsageError(error.message, command: "report")
    }
    return command
  }

  /// At most one input.
  ///
  /// - Throws: ``UsageError`` for both `--scenario` and `--recording`.
  public func validate() throws {
    if scenarioPath != nil && recordingPath != nil {
      throw UsageError(
        "--scenario and --recording name two inputs; give one.", command: "report")
    }
  }

  /// The page's path: `--out`, else the input's file name with its extension replaced by
  /// `.html`, in the current folder (`Scenarios/hills.json` → `hills.html`, `run.fit` →
  /// `run.html`), else `report.html` for the built-in default scenario and a scenario read from
  /// standard input (`--scenario -`).
  public var outputPath: String {
    if let output { return output }
    guard let input = scenarioPath ?? recordingPath, input != InputFiles.standardInputPath
    else { return "report.html" }
    let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
    return (name.isEmpty ? "report" : name) + ".html"
  }

  /// Runs the input and writes the page whole or not at all, then prints `PATH: N workouts,
  /// N bytes` and the run's warnings (standard error). The input is resolved once
  /// (``RunInput``, as `run` and `replay` resolve theirs): the run, the course's profile, the
  /// file's side and the model's heart rate read no file again.
  ///
  /// - Throws: ``UsageError`` (64) for an output that names an input and ``OutputError`` (73)
  ///   for one that cannot be created, both before the run; ``ScenarioError``,
  ///   ``RecordingError`` and ``SimulationError`` (65, 66) as `run` and `replay`;
  ///   ``OutputError`` (73) when the write fails.
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    let source: RunRequest.Source
    var inputs: [OutputPlan.Input] = []
    if let recordingPath {
      source = .recording(path: recordingPath)
      inputs.append(.init(path: recordingPath, role: "the recording"))
    } else {
      source = .scenario(path: scenarioPath)
      if let scenarioPath {
        inputs.append(.scenario(scenarioPath))
        inputs += environment.scenarioInputs(scenarioPath)
      }
    }
    let plan = OutputPlan(
      command: "report", inputs: inputs, outputs: [.init(path: outputPath, flag: "--out")])
    try plan.check()
    let input = try environment.resolve(
      RunRequest(source: source, overrides: RunOverrides(activity: activityType, seed: seed)))
    let page = try self.page(input)
    try write(page, plan: plan, in: environment)
    return .success
  }

  private func write(_ page: ReportInput, plan: OutputPlan, in environment: CLIEnvironment) throws {
    let bytes = Report.html(page)
    try plan.write(bytes, toPath: outputPath, flag: "--out")
    let count = page.result.records.count
    environment.writeStandardOutput(
      "\(outputPath): \(count) workout\(count == 1 ? "" : "s"), \(bytes.count) bytes\n")
    for warning in RunSummary.warnings(for: page.result) {
      environment.writeStandardError("Warning: " + warning + "\n")
    }
  }

  /// The page of a resolved input: the run, the course's profile, and for a course that replays
  /// a recording (`--recording`, or a `--scenario` whose course is one) the file's heart rate
  /// and its totals per part (``ReplayPlan``'s), and the model's heart rate when the run used
  /// the recorded one.
  func page(_ input: RunInput) throws -> ReportInput {
    let scenario = input.resolved.scenario
    let result = try input.run()
    let profile = try Simulation.courseProfile(input.resolved)
    var page = ReportInput(
      result: result, source: input.source, maximumHeartRate: scenario.athlete.maxHeartRate,
      profile: profile)
    guard let recording = input.resolved.recording, let path = scenario.recordingFilePath else {
      return page
    }
    // `replay`'s plan, or for a scenario the plan of its recording, for the file's totals.
    let plan =
      input.replay
      ?? (try? ReplayPlan(
        recording: recording, path: path, name: scenario.name, activity: activityType,
        seed: seed))
    // A scenario with its own `start` moves the run off the recording's time stamps.
    let origin =
      scenario.start == nil
      ? result.startDate.timeIntervalSince1970
      : (recording.points.first { $0.time.isFinite }?.time ?? 0)
    page.recording = Self.recordingSide(
      recording, name: (path as NSString).lastPathComponent, origin: origin,
      totals: plan?.recordTotals ?? [])
    if case .recording(let course) = scenario.course, course.heartRate == .recorded {
      page.modelHeartRate = try Simulation.run(input.resolved.modellingHeartRate()).records.map {
        RecordSeries.discrete($0, .heartRate)
      }
    }
    return page
  }

  /// The recording's heart rate (points with a finite heart rate above 0, x = time stamp −
  /// `origin`, in time order) and its totals per part.
  static func recordingSide(
    _ recording: Recording, name: String, origin: Double, totals: [RecordingSummary?]
  ) -> ReportRecording {
    var heartRate: [ChartPoint] = []
    for point in recording.points where point.time.isFinite {
      guard let bpm = point.heartRate, bpm.isFinite, bpm > 0 else { continue }
      let x = point.time - origin
      if let last = heartRate.last, last.x >= x { continue }
      heartRate.append(ChartPoint(x: x, y: bpm))
    }
    return ReportRecording(
      name: name, heartRate: heartRate,
      totals: totals.map { summary in
        summary.map {
          ReportTotals(
            duration: $0.totalTimerTime, distance: $0.totalDistance, energy: $0.totalCalories,
            ascent: $0.totalAscent, averageHeartRate: $0.averageHeartRate,
            maximumHeartRate: $0.maximumHeartRate)
        }
      })
  }
}
