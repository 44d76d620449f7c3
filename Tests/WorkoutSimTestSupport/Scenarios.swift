// What the test targets share about scenarios: one decoded from a JSON text, the message or
// the JSON path of the data error a text gives, and the package's bundled scenario files.
import Foundation
import WorkoutScenario

/// The package's root folder (two levels above this file's folder: `Tests/WorkoutSimTestSupport`),
/// where `Scenarios/`, `Examples/` and `Tests/Data/` are and where the built binaries run.
public let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scenario decoded from `json` (a scenario file's text), as if read from a file named
/// `fileName` (error messages name it).
///
/// - Throws: ``ScenarioError`` when the text does not decode or validate.
public func decodeScenario(_ json: String, fileName: String = "t.json") throws(ScenarioError)
  -> Scenario
{
  try Scenario.decode(Array(json.utf8), fileName: fileName)
}

/// The full message line of the data error `json` gives as file `fileName`, or `nil` when it
/// decodes.
public func scenarioErrorLine(_ json: String, fileName: String) -> String? {
  do {
    _ = try decodeScenario(json, fileName: fileName)
    return nil
  } catch {
    return error.description
  }
}

/// The JSON path of the data error `json` gives (as `t.json`), `nil` when it decodes, or a
/// description of an error of another kind.
public func invalidPath(_ json: String) -> String? {
  do {
    _ = try decodeScenario(json)
    return nil
  } catch {
    if case .invalid(let path) = error.kind { return path }
    return "not invalid: \(error)"
  }
}

/// The bundled scenario `name` (`Scenarios/<name>`), read as the command line reads it: its
/// messages name it `Scenarios/<name>`.
///
/// - Throws: ``ScenarioError`` when it cannot be read or does not decode.
public func bundledScenario(_ name: String) throws(ScenarioError) -> Scenario {
  try Scenario.load(
    contentsOf: packageRoot.appendingPathComponent("Scenarios/" + name),
    displayName: "Scenarios/" + name)
}

/// The names of every bundled scenario file (`Scenarios/*.json`), sorted.
public var bundledScenarioNames: [String] {
  let folder = packageRoot.appendingPathComponent("Scenarios")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted()
}

/// The phone (its app in front) sets its application context every 10 s from 0 while the watch
/// app runs; each arrives one transfer latency (1 s) later: `{"stepGoal": 8000}` at 1 s, 2.5
/// (not whole) at 11 s, 100 001 (above 100 000) at 21 s, 9000 at 31 s; a probe at 40 s. Step
/// goal 10 000, 6000 steps today. The scripted watch app's goal is 8000 from 1 s, 9000 from
/// 31 s (docs/phone-link.md#the-scripted-apps-command-line).
public let stepGoalContextsJSON = """
  { "version": 1, "phone": { "app": "foreground" },
    "goals": { "stepCount": 10000 }, "today": { "stepCount": 6000 },
    "timeline": [
      { "at": 0, "do": "updateApplicationContext", "from": "phone", "payload": { "stepGoal": 8000 } },
      { "at": 10, "do": "updateApplicationContext", "from": "phone", "payload": { "stepGoal": 2.5 } },
      { "at": 20, "do": "updateApplicationContext", "from": "phone", "payload": { "stepGoal": 100001 } },
      { "at": 30, "do": "updateApplicationContext", "from": "phone", "payload": { "stepGoal": 9000 } },
      { "at": 40, "do": "probe" } ] }
  """
