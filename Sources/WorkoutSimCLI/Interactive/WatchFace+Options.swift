import WorkoutScenario
import WorkoutSimulation
import WorkoutWatchFace

extension WatchFace {
  /// Creates the face for `workout-sim run`'s options at `t = 0`, held, on the workout selector.
  ///
  /// - Parameters:
  ///   - scenario: the decoded scenario (with `--type` applied).
  ///   - options: `--type`, `--seed`, `--until`, `--speed`, and the output flags (for the
  ///     memory budget).
  /// - Throws: ``SimulationError`` when the scenario cannot be simulated (exit 65).
  public init(scenario: Scenario, options: RunOptions) throws(SimulationError) {
    try self.init(
      scenario: scenario,
      overrides: RunOverrides(
        activity: options.activityType, seed: options.seed, until: options.until,
        output: options.memoryOutput),
      speed: options.speed)
  }
}

extension ExitCode {
  /// The exit status for why the watch face ended (docs/command-line.md#exit-codes).
  public init(_ exit: WatchFace.Exit) {
    switch exit {
    case .success: self = .success
    case .interrupt: self = .interrupt
    case .terminate: self = .terminate
    case .hangup: self = .hangup
    }
  }
}
