import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

/// `workout-sim replay FILE`: runs a FIT, TCX or GPX recording with no scenario file
/// (docs/command-line.md#replay; docs/recordings.md#the-replay-command). The scenario it runs is
/// ``ReplayPlan``'s, resolved as every run is (``RunInput``); `--write-scenario` writes it.
public struct ReplayCommand: WorkoutSimSubcommand, Equatable {
  /// The recording, as given.
  public var recordingPath: String
  /// `--type`, `--seed`, `--json`, `--samples`, `--export`, as for `run` (always headless).
  public var options: RunOptions
  /// `--write-scenario PATH`: where to write the scenario it built, or `nil`.
  public var scenarioOutput: String?
  /// `--multisport`: a triathlon file replays as one `swimBikeRun` workout with an activity per
  /// sport and transition, as the watch saves a multisport workout (default: one workout per
  /// sport).
  public var multisport: Bool

  /// Creates the command.
  public init(
    recordingPath: String, options: RunOptions, scenarioOutput: String? = nil,
    multisport: Bool = false
  ) {
    self.recordingPath = recordingPath
    self.options = options
    self.scenarioOutput = scenarioOutput
    self.multisport = multisport
  }

  /// Name and help texts of `replay`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "replay",
      abstract: "Replay a FIT, TCX or GPX recording with no scenario file.",
      discussion: """
        The activity is the file's sport (or --type); the workout starts at the first
        time stamp, pauses and resumes where the device's timer stopped and started,
        has a lap at each lap, ends at the last time stamp, and reports the recorded
        heart rate. Headless; the summary sets each record beside the file's own
        totals. See docs/recordings.md.
        """,
      usage: "replay FILE [--type TYPE] [--seed N] [--json] [--samples]\n"
        + String(repeating: " ", count: 26) + "[--export PATH]... [--write-scenario PATH]\n"
        + String(repeating: " ", count: 26) + "[--multisport]",
      arguments: [("FILE", "The recording (.fit, .tcx or .gpx).")],
      options: [
        (
          "--type TYPE",
          "Activity, overriding the file's sport (default: from the file). One of: "
            + WorkoutActivityType.allCases.map(\.name).joined(separator: ", ") + "."
        ),
        ("--seed N", "Random seed, an integer >= 0 (default: 1)."),
        ("--json", "Print the run result as one JSON document (default: a summary)."),
        ("--samples", "Add the samples and the route to each record (default: off)."),
        (
          "--export PATH",
          "Write every finished workout to PATH (.fit, .tcx, .gpx, .csv, .json); repeatable (default: none)."
        ),
        (
          "--write-scenario PATH",
          "Also write the scenario it ran, the recording path relative to PATH (default: none)."
        ),
        (
          "--multisport",
          "A swim, bike and run file (with transitions) as one swimBikeRun workout with an activity per part, as the watch saves it (default: one workout per sport)."
        ),
      ],
      examples: [
        ("workout-sim replay run.fit", "Replay a recording and compare it with the file's totals."),
        (
          "workout-sim replay walk.tcx --type walking --write-scenario walk.json",
          "Replay as a walk and keep the scenario to edit and run later."
        ),
      ])
  }

  static let knownOptions = [
    "--type", "--seed", "--json", "--samples", "--export", "--write-scenario", "--multisport",
    "--help",
  ]

  /// Parses the arguments after `replay`: `run`'s `--type`, `--seed`, `--json`, `--samples` and
  /// `--export` with its checks, and `--write-scenario PATH`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for no file or more than one, an
  ///   unknown flag, or a missing or bad value.
  public static func parse(_ arguments: [String]) throws -> ReplayCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "replay")
    var passed: [String] = []
    var file: String?
    var output: String?
    var multisport = false
    while let token = scanner.next() {
      switch token {
      case .positional(let argument):
        guard file == nil else {
          throw UsageError("Unexpected argument '\(argument)' (one recording).", command: "replay")
        }
        file = try scanner.file(argument, valueName: "FILE")
      case .option(let name, let inline):
        switch name {
        case "--type", "--seed", "--export":
          let valueName = ["--type": "TYPE", "--seed": "N"][name] ?? "PATH"
          let value = try scanner.value(for: name, inline: inline, valueName: valueName)
          passed += [name, value]
        case "--json", "--samples":
          try scanner.rejectValue(inline, for: name)
          passed.append(name)
        case "--write-scenario":
          output = try scanner.value(for: name, inline: inline, valueName: "PATH")
        case "--multisport":
          try scanner.rejectValue(inline, for: name)
          multisport = true
        default:
          throw scanner.unknownOption(name, known: knownOptions)
        }
      }
    }
    guard let file else {
      throw UsageError("Missing the recording to replay (FILE).", command: "replay")
    }
    var options: RunOptions
    do {
      options = try RunCommand.parse(passed).options
    } catch let error as UsageError {
      throw UsageError(error.message, command: "replay")
    }
    options.headless = true
    return ReplayCommand(
      recordingPath: file, options: options, scenarioOutput: output, multisport: multisport)
  }

  /// No cross-option rules.
  public func validate() throws {}

  /// Resolves the recording once (``RunInput``: read, planned by ``ReplayPlan``, the typed
  /// scenario with the recording handed over), runs it, prints the summary (or `--json`),
  /// warns, writes `--write-scenario` (the plan's document) and the exports.
  ///
  /// - Throws: ``UsageError`` (64) for an output path that names the recording, ``OutputError``
  ///   (73) for an output that cannot be created, both before any work (``OutputPlan``);
  ///   ``RecordingError`` (65, or 66 when it cannot be opened); ``SimulationError`` (65);
  ///   ``OutputError`` (73) for a file that cannot be written.
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    var plan = OutputPlan(
      command: "replay", inputs: [.init(path: recordingPath, role: "the recording")],
      outputs: options.exports.map { .init(path: $0.path, flag: "--export") }
        + [scenarioOutput].compactMap { $0 }.map { .init(path: $0, flag: "--write-scenario") })
    try plan.check()
    let input = try environment.resolve(
      RunRequest(
        source: .recording(path: recordingPath),
        overrides: RunOverrides(
          activity: options.activityType, seed: options.seed,
          requiresPositions: options.exports.contains { $0.format == .gpx },
          multisport: multisport)))
    guard let replay = input.replay else {
      preconditionFailure("a recording's input holds its replay plan")
    }
    // A multisport file saves one record per part: the `-2`, `-3`, ... export names are known
    // now, before the run, and checked like the others.
    plan.outputs += OutputPlan.exports(options.exports, records: replay.recordTotals.count).filter {
      $0.record != nil
    }
    try plan.check()
    let result = try input.run()
    if options.json {
      result.writeJSON(includeSamples: options.samples) {
        environment.writeStandardOutput(bytes: $0)
      }
    } else {
      environment.writeStandardOutput(Self.summary(result, plan: replay) + "\n")
    }
    for warning in RunSummary.warnings(for: result) {
      environment.writeStandardError("Warning: " + warning + "\n")
    }
    if let scenarioOutput {
      var written = replay.scenario
      if case .object(var members) = written,
        let index = members.firstIndex(where: { $0.key == "course" }),
        case .object(var course) = members[index].value,
        let slot = course.firstIndex(where: { $0.key == "recording" })
      {
        course[slot].value = .string(Self.relativePath(of: recordingPath, from: scenarioOutput))
        members[index].value = .object(course)
        written = .object(members)
      }
      try plan.write(
        Array((JSONWriter.encode(written) + "\n").utf8), toPath: scenarioOutput,
        flag: "--write-scenario")
    }
    try RunCommand.writeExports(of: result, options: options, plan: plan, in: environment)
    return .success
  }

  /// `file`'s path relative to the folder of `scenario` (`../data/run.fit`), for the written
  /// scenario's `course.recording` (docs/scenario-format.md#recording-object: relative to the scenario file).
  static func relativePath(of file: String, from scenario: String) -> String {
    let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
    let folder = URL(fileURLWithPath: scenario).standardizedFileURL
      .deletingLastPathComponent().pathComponents
    var common = 0
    while common < min(target.count, folder.count), target[common] == folder[common] {
      common += 1
    }
    let ups = Array(repeating: "..", count: folder.count - common)
    return (ups + target[common...]).joined(separator: "/")
  }

  /// The human summary: the title line of `run`'s summary, then per record a table of the
  /// replay beside the file's own totals (duration, distance, active energy (the replay's only:
  /// no file says it), total energy (the replay's active + basal beside the file's calories,
  /// ``EnergyComparison``, with a line saying what each side is), ascent, average and maximum
  /// heart rate; `-` where the file has none), then its events and any errors.
  ///
  /// ```
  /// Replay of run.fit (seed 1): 1 workout
  ///   running, outdoor      replay        file
  ///     duration           0:43:44     0:43:45
  ///     distance           4.83 km     4.84 km
  /// ```
  static func summary(_ result: RunResult, plan: ReplayPlan) -> String {
    var lines = [RunSummary.title(for: result)]
    func cell(_ text: String) -> String {
      String(repeating: " ", count: max(1, 12 - text.count)) + text
    }
    for (index, record) in result.records.enumerated() {
      let all = plan.recordTotals
      let totals = index < all.count ? all[index] : nil
      lines.append(
        "  " + RunSummary.kind(of: record).padding(toLength: 20, withPad: " ", startingAt: 0)
          + cell("replay") + cell("file"))
      var ascent: Double?
      if case .number(let value)? = record.metadata[WorkoutRecord.MetadataKey.elevationAscended] {
        ascent = value
      }
      let heartRate = RunSummary.heartRate(of: record)
      let rows: [(String, Double?, Double?, (Double) -> String)] = [
        ("duration", record.duration.secondsValue, totals?.totalTimerTime, formatDuration),
        ("distance", record.totalDistance, totals?.totalDistance, formatDistance),
        ("active energy", record.totalEnergyBurned ?? 0, nil, formatEnergy),
        (
          "total energy", EnergyComparison.totalEnergy(of: record), totals?.totalCalories,
          formatEnergy
        ),
        ("ascent", ascent, totals?.totalAscent, { formatFixed($0, decimals: 0) + " m" }),
        ("heart rate average", heartRate?.average, totals?.averageHeartRate, formatHeartRate),
        ("heart rate maximum", heartRate?.maximum, totals?.maximumHeartRate, formatHeartRate),
      ]
      for (label, replayed, file, format) in rows {
        lines.append(
          "    " + label.padding(toLength: 18, withPad: " ", startingAt: 0)
            + cell(replayed.map(format) ?? "-") + cell(file.map(format) ?? "-"))
      }
      if totals?.totalCalories != nil {
        lines.append(
          "    (total energy: replay \(EnergyComparison.replayLabel), file \(EnergyComparison.fileLabel))"
        )
      }
      if let events = RunSummary.eventsLine(for: record) { lines.append(events) }
      if let metrics = RunSummary.metricsLine(for: record) { lines.append(metrics) }
    }
    lines += RunSummary.errorLines(for: result)
    return lines.joined(separator: "\n")
  }
}
