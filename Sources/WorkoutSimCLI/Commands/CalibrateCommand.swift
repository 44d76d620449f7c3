import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

/// `workout-sim calibrate FILE`: fits the athlete's heart rate to a FIT, TCX or GPX recording
/// (docs/command-line.md#calibrate, docs/models.md#calibration): ``Calibration`` on the file,
/// printed as a scenario `athlete` block with the mean absolute error on the fitted first 60 %
/// of the moving time and on the held-out rest.
public struct CalibrateCommand: WorkoutSimSubcommand, Equatable {
  /// The recording, as given.
  public var recordingPath: String
  /// `--type`: the activity, overriding the file's sport.
  public var activity: WorkoutActivityType?
  /// `--json`: print the calibration as one JSON document.
  public var json: Bool
  /// `--write-scenario PATH`: where to write a replay scenario with the fitted athlete.
  public var scenarioOutput: String?
  /// `--resting-heart-rate BPM`: the athlete's resting heart rate, held instead of fitted
  /// (docs/models.md#calibration).
  public var restingHeartRate: Double?

  /// Creates the command.
  public init(
    recordingPath: String, activity: WorkoutActivityType? = nil, json: Bool = false,
    scenarioOutput: String? = nil, restingHeartRate: Double? = nil
  ) {
    self.recordingPath = recordingPath
    self.activity = activity
    self.json = json
    self.scenarioOutput = scenarioOutput
    self.restingHeartRate = restingHeartRate
  }

  /// Name and help texts of `calibrate`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "calibrate",
      abstract: "Fit the athlete's heart rate to a FIT, TCX or GPX recording.",
      discussion: """
        Fits VO2max, maximum and resting heart rate, the heart rate's rise and fall
        time constants, recovery residual and drift, by least squares of the
        modelled heart rate against the recorded one on the file's own speed, grade
        and power. Fits on the first 60 % of the moving time and scores the last
        40 %; prints the athlete as a scenario athlete block with the mean absolute
        error of both parts. Needs 10 minutes of heart rate while moving. See
        docs/models.md.
        """,
      usage: "calibrate FILE [--type TYPE] [--resting-heart-rate BPM]\n"
        + String(repeating: " ", count: 29) + "[--json] [--write-scenario PATH]",
      arguments: [("FILE", "The recording (.fit, .tcx or .gpx) with heart rate.")],
      options: [
        (
          "--type TYPE",
          "Activity, overriding the file's sport (default: from the file). One of: "
            + WorkoutActivityType.allCases.map(\.name).joined(separator: ", ") + "."
        ),
        (
          "--resting-heart-rate BPM",
          "The athlete's resting heart rate, \(Self.restingRange.lowerBound)-\(Self.restingRange.upperBound) bpm, held instead of fitted (default: fitted)."
        ),
        (
          "--json",
          "Print {\"athlete\", \"fit\", \"heldOut\", ...} as one JSON document (default: a summary)."
        ),
        (
          "--write-scenario PATH",
          "Also write a replay scenario of the file with the fitted athlete and the modelled heart rate; PATH must not be the recording (default: none)."
        ),
      ],
      examples: [
        ("workout-sim calibrate run.fit", "Fit an athlete to a run and print it."),
        (
          "workout-sim calibrate ride.gpx --write-scenario me.json",
          "Keep a scenario of the ride with the fitted rider."
        ),
        (
          "workout-sim calibrate run.fit --resting-heart-rate 52",
          "Fit a runner whose resting heart rate is known to be 52 bpm."
        ),
      ])
  }

  static let knownOptions = [
    "--type", "--resting-heart-rate", "--json", "--write-scenario", "--help",
  ]

  /// The resting heart rates `--resting-heart-rate` takes, whole bpm for the texts:
  /// ``WorkoutSimulation/Calibration/restingHeartRates``.
  static let restingRange =
    Int(Calibration.restingHeartRates.lowerBound)...Int(Calibration.restingHeartRates.upperBound)

  /// Parses the arguments after `calibrate`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for no file or more than one, an
  ///   unknown flag, or a missing or bad value.
  public static func parse(_ arguments: [String]) throws -> CalibrateCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "calibrate")
    var command = CalibrateCommand(recordingPath: "")
    var file: String?
    while let token = scanner.next() {
      switch token {
      case .positional(let argument):
        guard file == nil else {
          throw UsageError(
            "Unexpected argument '\(argument)' (one recording).", command: "calibrate")
        }
        file = try scanner.file(argument, valueName: "FILE")
      case .option(let name, let inline):
        switch name {
        case "--type":
          let value = try scanner.value(for: name, inline: inline, valueName: "TYPE")
          do {
            command.activity = try RunCommand.parse([name, value]).options.activityType
          } catch let error as UsageError {
            throw UsageError(error.message, command: "calibrate")
          }
        case "--resting-heart-rate":
          let value = try scanner.value(for: name, inline: inline, valueName: "BPM")
          guard let bpm = NumberText.parse(value), bpm.isFinite,
            Calibration.restingHeartRates.contains(bpm)
          else {
            throw UsageError(
              "'\(value)' is not a resting heart rate for '--resting-heart-rate' (expected a number of bpm from \(restingRange.lowerBound) to \(restingRange.upperBound)).",
              command: "calibrate")
          }
          command.restingHeartRate = bpm
        case "--json":
          try scanner.rejectValue(inline, for: name)
          command.json = true
        case "--write-scenario":
          command.scenarioOutput = try scanner.value(
            for: name, inline: inline, valueName: "PATH")
        default:
          throw scanner.unknownOption(name, known: knownOptions)
        }
      }
    }
    guard let file else {
      throw UsageError("Missing the recording to calibrate on (FILE).", command: "calibrate")
    }
    command.recordingPath = file
    return command
  }

  /// No cross-option rules.
  public func validate() throws {}

  /// Checks the output first (``OutputPlan``: as in every command, an existing file that is not
  /// an input is replaced whole once the work is done, one that names the recording is refused),
  /// reads the recording, fits, prints the summary (or `--json`) and writes the scenario, saying
  /// where on standard error.
  ///
  /// - Throws: ``UsageError`` (64) for an output that names the recording; ``OutputError``
  ///   (73) for an output that cannot be created, both before any work;
  ///   ``RecordingError`` (65, or 66 when it cannot be opened); ``CalibrationFailure`` (65)
  ///   for a recording whose heart rate cannot calibrate.
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    let plan = OutputPlan(
      command: "calibrate", inputs: [.init(path: recordingPath, role: "the recording")],
      outputs: [scenarioOutput].compactMap { $0 }.map { .init(path: $0, flag: "--write-scenario") })
    try plan.check()
    let recording = try environment.inputFiles.recording(at: recordingPath)
    let file = (recordingPath as NSString).lastPathComponent
    let calibration: Calibration
    do {
      if let restingHeartRate {
        calibration = try Calibration(
          recording: recording, activity: activity, restingHeartRate: restingHeartRate)
      } else {
        calibration = try Calibration(recording: recording, activity: activity)
      }
    } catch {
      // Named as typed, like every other error about the file.
      throw CalibrationFailure(file: recordingPath, reason: error.description)
    }
    if json {
      environment.writeStandardOutput(JSONWriter.encode(calibration.document) + "\n")
    } else {
      environment.writeStandardOutput(Self.summary(calibration, file: file) + "\n")
    }
    if let scenarioOutput {
      let replay = try ReplayPlan(
        recording: recording,
        path: ReplayCommand.relativePath(of: recordingPath, from: scenarioOutput),
        name: "Calibrated replay of \(file)", activity: calibration.activity, seed: nil)
      try plan.write(
        Array((JSONWriter.encode(calibration.scenario(of: replay)) + "\n").utf8),
        toPath: scenarioOutput, flag: "--write-scenario")
      // One line on standard error (standard output stays the summary or the one document).
      environment.writeStandardError(
        "Wrote the replay scenario with the fitted athlete to '\(scenarioOutput)' (run it with"
          + " workout-sim run --scenario \(scenarioOutput))\n")
    }
    return .success
  }

  /// The human summary: the fitted athlete as a scenario `athlete` block, then the mean
  /// absolute error of each part beside the default athlete's.
  ///
  /// ```
  /// Calibration of run.fit (running): 2459 s of heart rate while moving
  ///   "athlete": {
  ///     "vo2Max": 39.5,
  ///     ...
  ///   }
  ///   fit       MAE 5.1 bpm over 1472 s (default athlete 16.2), to 1609 s (60 % of the moving time)
  ///   held out  MAE 5.2 bpm over 987 s (default athlete 15.0), the rest
  ///   excluded  0 s of heart rate as cadence-lock artefacts (docs/models.md#calibration)
  ///   peak      171 bpm (the highest 30 s mean), the lowest maximum the fit may take
  ///   held      restingHeartRate 52 (given, not fitted)
  ///   at bound  maxHeartRate 171 (lower), heartRateDrift 0.3 (upper): limits of the fit, not measurements
  ///   not determined by this recording: heartRateSlowSeconds (the pull toward the default athlete set it)
  /// ```
  static func summary(_ calibration: Calibration, file: String) -> String {
    let fit = calibration.fit
    let seconds = fit.fit.seconds + fit.heldOut.seconds + fit.excludedSeconds
    var lines = [
      "Calibration of \(file) (\(calibration.activity.name)): \(seconds) s of heart rate while moving",
      "  \"athlete\": {",
    ]
    let parameters = calibration.parameters
    for (index, parameter) in parameters.enumerated() {
      lines.append(
        "    \"\(parameter.key)\": \(JSONWriter.number(parameter.value))"
          + (index + 1 < parameters.count ? "," : ""))
    }
    lines.append("  }")
    func row(_ label: String, _ mae: Double, _ seconds: Int, _ given: Double) -> String {
      "  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + "MAE "
        + formatFixed(mae, decimals: 1) + " bpm over \(seconds) s"
        + " (default athlete " + formatFixed(given, decimals: 1) + ")"
    }
    lines.append(
      row("fit", fit.fit.maeBpm, fit.fit.seconds, fit.givenFit.maeBpm) + ", to "
        + formatFixed(fit.split, decimals: 0) + " s (60 % of the moving time)")
    lines.append(
      row("held out", fit.heldOut.maeBpm, fit.heldOut.seconds, fit.givenHeldOut.maeBpm)
        + ", the rest")
    lines.append(
      "  excluded  \(fit.excludedSeconds) s of heart rate as cadence-lock artefacts (docs/models.md#calibration)"
    )
    if let peak = fit.peakHeartRate {
      lines.append(
        "  peak      \(JSONWriter.number((peak * 10).rounded() / 10)) bpm (the highest 30 s mean), the lowest maximum the fit may take"
      )
    }
    if !fit.held.isEmpty {
      let listed = fit.held.map { parameter in
        let value = parameters.first { $0.key == parameter.rawValue }?.value ?? 0
        return "\(parameter.rawValue) \(JSONWriter.number(value))"
      }
      lines.append("  held      " + listed.joined(separator: ", ") + " (given, not fitted)")
    }
    if !fit.atBound.isEmpty {
      let listed = fit.atBound.map { bound in
        let value = parameters.first { $0.key == bound.parameter.rawValue }?.value ?? 0
        return
          "\(bound.parameter.rawValue) \(JSONWriter.number(value)) (\(bound.upper ? "upper" : "lower"))"
      }
      lines.append(
        "  at bound  " + listed.joined(separator: ", ") + ": limits of the fit, not measurements")
    }
    if !fit.undetermined.isEmpty {
      lines.append(
        "  not determined by this recording: "
          + fit.undetermined.map(\.rawValue).joined(separator: ", ")
          + (fit.undetermined.count == 1
            ? " (the pull toward the default athlete set it)"
            : " (the pull toward the default athlete set them)"))
    }
    return lines.joined(separator: "\n")
  }
}

/// A recording whose heart rate cannot calibrate an athlete: exit 65 (`EX_DATAERR`).
public struct CalibrationFailure: DiagnosticError, Sendable, Equatable {
  /// The recording's file name.
  public var file: String
  /// Why (``WorkoutSimulation/CalibrationError``'s text).
  public var reason: String

  /// Creates the error.
  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  /// `run.fit: the recording has no heart rate (...)`.
  public var diagnosticText: String { "\(file): \(reason)" }
  /// 65: the file's data cannot calibrate.
  public var diagnosticExitCode: ExitCode { .dataError }
}
