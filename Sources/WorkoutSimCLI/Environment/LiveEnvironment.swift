import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation
import WorkoutWatchFace

extension CLIEnvironment {
  /// The environment of the real `workout-sim` process reading the real files:
  /// ``live(inputFiles:)`` with ``InputFiles/init(decodeScenario:readRecording:)``'s defaults.
  ///
  /// Why not a default argument: Swift compiles a default argument (here the readers' closures,
  /// which return a ``WorkoutScenario/Scenario`` by value) into the calling module. The
  /// executable's `main.swift` does not import `WorkoutScenario`, so an incremental release
  /// build that changed `Scenario`'s fields did not recompile it and kept a closure built for
  /// the old layout: every `run` crashed copying the scenario (seen 2026-12-07 with Swift
  /// 6.3.1; a clean build was fine). Built here, the readers are recompiled with the module
  /// that knows the layout.
  public static func live() -> CLIEnvironment {
    live(inputFiles: InputFiles())
  }

  /// The environment of the real `workout-sim` process: the terminal, the process environment,
  /// and the simulation behind `run`, `validate` and `check`.
  ///
  /// With `--export`, the run result carries the samples and the route even without
  /// `--samples` (the exporters need them; `run` prints them only with `--samples`), and a
  /// `.gpx` export of a course without positions fails before the run (exit 65).
  ///
  /// `run`, `validate` and `check` resolve their inputs once (``RunInput``) through
  /// `inputFiles`, which decodes each scenario file once for the checks before the run and the
  /// run itself.
  ///
  /// - Parameter inputFiles: the files the commands read (``live()`` gives the real ones).
  public static func live(inputFiles files: InputFiles) -> CLIEnvironment {
    CLIEnvironment(
      writeStandardOutputBytes: { writeBytesToStandardOutput($0) },
      runScenario: { options throws in
        try RunInput(resolving: RunRequest(options: options), files: files).run(
          commands: KeyBindings.commands(for: options.keys))
      },
      runInteractive: { options, environment in
        try InteractiveRun.run(options: options, environment: environment)
      },
      validateScenario: { url throws in
        // Decoding checks the file; preparing the run checks what only the models and the
        // recording can (the athlete's ranges, the recording file itself), without running.
        let input = try RunInput(
          resolving: RunRequest(source: .scenario(path: url.relativePath)), files: files)
        _ = try SimulationSession(input.resolved)
      },
      checkScenario: { url throws in
        let input = try RunInput(
          resolving: RunRequest(source: .scenario(path: url.relativePath)), files: files)
        let result = try input.run()
        let scenario = input.resolved.scenario
        return CheckSubject(
          scenarioName: scenario.name, checks: scenario.expect, result: result.document())
      },
      scenarioInputs: { path in
        guard let scenario = try? files.scenario(at: path),
          let recording = scenario.recordingFilePath
        else { return [] }
        return [OutputPlan.Input(path: recording, role: "the recording")]
      },
      scenarioRecordLimit: { path in
        let scenario: Scenario
        if let path {
          guard let decoded = try? files.scenario(at: path) else { return 1 }
          scenario = decoded
        } else {
          scenario = Scenario.defaultScenario
        }
        return 1
          + scenario.timeline.filter {
            if case .app(.newSession) = $0.kind { return true }
            return false
          }.count
      }, inputFiles: files)
  }

  /// Loads the scenario at `path` (standard input for `-`, ``InputFiles/readScenario(atPath:)``),
  /// or the built-in default scenario when `path` is `nil`, with
  /// `--type` applied (which re-checks rules that depend on the activity, such as `power`).
  ///
  /// `package`: the example's `fitness-tracker-phone` reads its scenario the same way.
  ///
  /// - Throws: ``ScenarioError`` (exit 65, or 66 when the file cannot be opened).
  package static func loadScenario(path: String?, activity: WorkoutActivityType?)
    throws(ScenarioError)
    -> Scenario
  {
    let scenario: Scenario
    let fileName: String
    if let path {
      scenario = try InputFiles.readScenario(atPath: path)
      fileName = InputFiles.displayName(ofScenarioAt: path)
    } else {
      scenario = Scenario.defaultScenario
      fileName = "(built-in default scenario)"
    }
    guard let activity else { return scenario }
    return try scenario.withActivity(activity, fileName: fileName)
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

  /// `cannot export to .gpx: GPX export needs a route: ...`.
  public var diagnosticText: String { "cannot export to .\(format.rawValue): \(error)" }

  /// 65: a record without the positions `.gpx` needs.
  public var diagnosticExitCode: ExitCode { .dataError }
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
  /// The full message, naming the file (and the line and column or JSON path): a line for each
  /// problem found, each after the first with its own `Error:` prefix.
  public var diagnosticText: String {
    ([self] + further).map(\.line).joined(separator: "\nError: ")
  }
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
