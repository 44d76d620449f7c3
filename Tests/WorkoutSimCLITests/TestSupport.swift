import Foundation
import Synchronization
import WorkoutCore
import WorkoutJSON
import WorkoutSimCLI
import WorkoutSimulation
import WorkoutSystem

/// Collects what a command writes to standard output and standard error.
final class CapturedOutput: Sendable {
  private let storage = Mutex<(standardOutput: String, standardError: String)>(("", ""))

  var standardOutput: String { storage.withLock { $0.standardOutput } }
  var standardError: String { storage.withLock { $0.standardError } }

  /// An environment writing into this capture, not a terminal, with the given closures.
  func environment(
    runScenario: @escaping @Sendable (RunOptions) throws -> RunResult = { _ in emptyResult() },
    validateScenario: @escaping @Sendable (URL) throws -> Void = { _ in },
    checkScenario: @escaping @Sendable (URL) throws -> CheckSubject = { _ in
      CheckSubject(scenarioName: "", checks: [], result: .null)
    }
  ) -> CLIEnvironment {
    CLIEnvironment(
      writeStandardOutput: { text in self.storage.withLock { $0.standardOutput += text } },
      writeStandardError: { text in self.storage.withLock { $0.standardError += text } },
      standardInputIsTerminal: false, standardOutputIsTerminal: false,
      standardErrorIsTerminal: false, variables: [:], runScenario: runScenario,
      validateScenario: validateScenario, checkScenario: checkScenario)
  }
}

/// A scenario error stand-in for the decode failures of `check` and `validate`.
struct FakeDataError: DiagnosticError {
  var diagnosticText: String
  var diagnosticExitCode: ExitCode { .dataError }
}

/// A run result with nothing in it: scenario `Empty`, seed 7, starting at
/// 2026-01-05T08:00:00Z (1767600000 s) in UTC.
func emptyResult(
  records: [WorkoutRecord] = [], errors: [ErrorReport] = [], log: [LogEntry] = [],
  name: String = "Empty", seed: UInt64 = 7
) -> RunResult {
  RunResult(
    scenarioName: name, seed: seed, startDate: Date(timeIntervalSince1970: 1_767_600_000),
    timeZone: TimeZone(identifier: "UTC")!, records: records, probes: [], errors: errors,
    log: log, timeZoneName: "UTC")
}
