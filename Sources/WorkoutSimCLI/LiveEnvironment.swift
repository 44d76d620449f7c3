import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

extension CLIEnvironment {
  /// The environment of the real `workout-sim` process: the terminal, the process environment,
  /// and the simulation behind `run`, `validate` and `check`.
  ///
  /// With `--export`, the run result carries the samples and the route even without
  /// `--samples` (the exporters need them; `run` prints them only with `--samples`), and a
  /// `.gpx` export of a course without positions fails before the run (exit 65).
  public static func live() -> CLIEnvironment {
    CLIEnvironment(
      runScenario: { options throws in
        let scenario = try loadScenario(path: options.scenarioPath, activity: options.activityType)
        let result = try Simulation.run(
          scenario,
          overrides: RunOverrides(
            activity: options.activityType, seed: options.seed, until: options.until,
            requiresPositions: options.exports.contains { $0.format == .gpx },
            output: options.memoryOutput),
          commands: KeyBindings.commands(for: options.keys))
        return result.document(includeSamples: options.samples || !options.exports.isEmpty)
      },
      runInteractive: { options, environment in
        try InteractiveRun.run(options: options, environment: environment)
      },
      exportRecords: { result, format throws in try exportRecords(result: result, format: format) },
      validateScenario: { url throws in
        // Decoding checks the file; preparing the run checks what only the models and the
        // recording can (the athlete's ranges, the recording file itself), without running.
        _ = try SimulationSession(try loadScenario(url: url))
      },
      checkScenario: { url throws in
        let scenario = try loadScenario(url: url)
        let result = try Simulation.run(scenario)
        return CheckSubject(
          scenarioName: scenario.name, checks: scenario.expect, result: result.document())
      },
      scenarioInputs: { path in
        guard let scenario = try? loadScenario(path: path, activity: nil),
          let recording = scenario.recordingFilePath
        else { return [] }
        return [OutputPlan.Input(path: recording, role: "the recording")]
      })
  }

  /// Loads the scenario at `path`, or the built-in default scenario when `path` is `nil`, with
  /// `--type` applied (which re-checks rules that depend on the activity, such as `power`).
  ///
  /// - Throws: ``ScenarioError`` (exit 65, or 66 when the file cannot be opened).
  static func loadScenario(path: String?, activity: WorkoutActivityType?) throws(ScenarioError)
    -> Scenario
  {
    let scenario: Scenario
    let fileName: String
    if let path {
      scenario = try Scenario.load(contentsOf: URL(fileURLWithPath: path), displayName: path)
      fileName = path
    } else {
      scenario = Scenario.defaultScenario
      fileName = "(built-in default scenario)"
    }
    guard let activity else { return scenario }
    return try scenario.withActivity(activity, fileName: fileName)
  }

  static func loadScenario(url: URL) throws(ScenarioError) -> Scenario {
    try Scenario.load(contentsOf: url, displayName: url.relativePath)
  }

  /// `run --export`: one file per record of the run result `result` in `format`, written by
  /// `WorkoutRecordings.export(_:as:)` from the record (with its `samples` and `route`) and the
  /// result's top-level `start` and `timeZone`.
  ///
  /// - Throws: ``ExportFailure`` (70 when the result document lacks what the exporter needs, 65
  ///   for a `.gpx` export of a record without a route).
  static func exportRecords(result: JSONValue, format: ExportFormat) throws(ExportFailure)
    -> [[UInt8]]
  {
    guard case .array(let records)? = result["records"] else { return [] }
    guard case .string(let startText)? = result["start"],
      let start = parseISO8601(startText)
    else {
      throw ExportFailure(format: format, error: .invalidRecord("the result has no start date"))
    }
    guard case .string(let zoneName)? = result["timeZone"],
      let zone = TimeZone(identifier: zoneName)
    else {
      throw ExportFailure(format: format, error: .invalidRecord("the result has no time zone"))
    }
    var files: [[UInt8]] = []
    for record in records {
      do {
        files.append(
          try WorkoutRecordings.export(
            ExportInput(record: record, startDate: start, timeZone: zone), as: format))
      } catch {
        throw ExportFailure(format: format, error: error)
      }
    }
    return files
  }

  /// Parses the result's `start`: ISO 8601 with an offset, optional fractional seconds.
  static func parseISO8601(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }
}

/// A record that could not be exported (`run --export`).
public struct ExportFailure: DiagnosticError, Equatable {
  /// The format that was asked for.
  public var format: ExportFormat
  /// What the exporter reported.
  public var error: ExportError

  /// Creates the failure.
  public init(format: ExportFormat, error: ExportError) {
    self.format = format
    self.error = error
  }

  /// `cannot export to .gpx: GPX export needs a route: ...`, or for a record the exporter cannot
  /// read, `internal error: ...`.
  public var diagnosticText: String {
    switch error {
    case .noRoute: "cannot export to .\(format.rawValue): \(error)"
    case .invalidRecord: "internal error: export to .\(format.rawValue): \(error)"
    }
  }

  /// 65 for a record without the positions `.gpx` needs; 70 for a record the simulator itself
  /// wrote in a shape the exporter cannot read (a bug).
  public var diagnosticExitCode: ExitCode {
    switch error {
    case .noRoute: .dataError
    case .invalidRecord: .internalError
    }
  }
}

extension RecordingError: DiagnosticError {
  /// The message, naming the file and the problem.
  public var diagnosticText: String { description }
  /// 66 when the file cannot be opened, 65 when its contents are not a usable recording.
  public var diagnosticExitCode: ExitCode {
    if case .unreadable = self { return .noInput }
    return .dataError
  }
}

extension ScenarioError: DiagnosticError {
  /// The full message, naming the file (and the line and column or JSON path).
  public var diagnosticText: String { description }
  /// 66 for a file that cannot be opened, 65 for one that does not decode or validate.
  public var diagnosticExitCode: ExitCode { ExitCode(rawValue: exitCode) ?? .dataError }
}

extension SimulationError: DiagnosticError {
  /// The full message, naming the file and the JSON path.
  public var diagnosticText: String { description }
  /// 66 when the course's recording cannot be opened; otherwise 65: the scenario decoded but
  /// its values (or its recording's contents) cannot be simulated.
  public var diagnosticExitCode: ExitCode { isUnopenableInput ? .noInput : .dataError }
}
