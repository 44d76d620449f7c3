import Foundation
import Synchronization
import WorkoutCore
import WorkoutJSON
import WorkoutSimCLI
import WorkoutSimulation

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

/// An object with members in the order written.
func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
  .object(members.map { (key: $0.key, value: $0.value) })
}

/// A fresh empty folder under the system's temporary folder.
func makeTemporaryFolder() throws -> String {
  let path = NSTemporaryDirectory() + "/workout-sim-cli-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A scenario error stand-in for the decode failures of `check` and `validate`.
struct FakeDataError: DiagnosticError {
  var diagnosticText: String
  var diagnosticExitCode: ExitCode { .dataError }
}

/// Runs `scenario` with the `--keys` script `keys`, and `timeline` (the same calls written as
/// timeline actions), both with `--json`: the differences between the two result documents
/// (empty when they agree) and the result of the keys run.
func keysVersusTimeline(keys: String, scenario: String, timeline: String) throws -> (
  differences: [String], result: JSONValue
) {
  let byKeys = try Binary.run([
    "run", "--scenario", Binary.fixture(scenario), "--json", "--keys", keys,
  ])
  let byTimeline = try Binary.run(["run", "--scenario", Binary.fixture(timeline), "--json"])
  guard byKeys.status == 0, byTimeline.status == 0 else {
    return (["exit \(byKeys.status) and \(byTimeline.status): \(byKeys.standardError)"], .null)
  }
  let result = try JSONParser.parse(Array(byKeys.standardOutput))
  return (differences(result, try JSONParser.parse(Array(byTimeline.standardOutput))), result)
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
