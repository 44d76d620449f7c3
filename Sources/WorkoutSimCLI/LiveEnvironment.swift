import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimulation

extension CLIEnvironment {
  /// The environment of the real `workout-sim` process: the terminal, the process environment,
  /// and the simulation behind `run`, `validate` and `check`.
  public static func live() -> CLIEnvironment {
    CLIEnvironment(
      runScenario: { options throws in
        let scenario = try loadScenario(path: options.scenarioPath, activity: options.activityType)
        let result = try Simulation.run(
          scenario,
          overrides: RunOverrides(
            activity: options.activityType, seed: options.seed, until: options.until),
          commands: KeyBindings.commands(for: options.keys),
          selection: CrownSelection(scenario: scenario, activity: options.activityType))
        return result.document(includeSamples: options.samples)
      },
      runInteractive: { options, environment in
        try InteractiveRun.run(options: options, environment: environment)
      },
      validateScenario: { url throws in _ = try loadScenario(url: url) },
      checkScenario: { url throws in
        let scenario = try loadScenario(url: url)
        let result = try Simulation.run(scenario, selection: CrownSelection(scenario: scenario))
        return CheckSubject(
          scenarioName: scenario.name, checks: scenario.expect, result: result.document())
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
  /// Always 65: the scenario decoded but its values cannot be simulated.
  public var diagnosticExitCode: ExitCode { .dataError }
}
