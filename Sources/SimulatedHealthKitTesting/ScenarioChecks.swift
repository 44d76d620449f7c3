import SimulatedHealthKit
import WorkoutSimulation

extension HealthKitSimulation {
  /// The checks of the scenario's `expect` list (docs/scenario-format.md#checks) that the run so
  /// far fails, in `expect` order: each evaluated on the run result's document
  /// (``HealthKitSimulation/result``) by the rule `workout-sim check` applies to the command
  /// line's run (`evaluate(_:in:)`), so one scenario's checks mean the same through both doors.
  /// Empty when every check passes or the scenario has none. The one home of the trait's and
  /// XCTest's scenario checks.
  func failedScenarioChecks() -> [CheckFailure] {
    let checks = scenario.expect
    guard !checks.isEmpty else { return [] }
    let document = result.document()
    return checks.compactMap { check in
      if case .failed(let failure) = evaluate(check, in: document) { failure } else { nil }
    }
  }
}
