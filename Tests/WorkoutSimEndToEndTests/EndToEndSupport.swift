import Foundation
import WorkoutJSON
import WorkoutSimTestSupport

extension Binary {
  /// The path of `Fixtures/<name>` in this target's resources.
  static func fixture(_ name: String) throws -> String {
    try fixture(name, in: .module)
  }
}

/// Runs `scenario` with the `--keys` script `keys`, and `timeline` (the same calls written as
/// timeline actions), both with `--json`: the differences between the two result documents
/// (empty when they agree) and the result of the keys run.
func keysVersusTimeline(keys: String, scenario: String, timeline: String) async throws -> (
  differences: [String], result: JSONValue
) {
  let byKeys = try await Binary.run([
    "run", "--scenario", Binary.fixture(scenario), "--json", "--keys", keys,
  ])
  let byTimeline = try await Binary.run(["run", "--scenario", Binary.fixture(timeline), "--json"])
  guard byKeys.status == 0, byTimeline.status == 0 else {
    return (["exit \(byKeys.status) and \(byTimeline.status): \(byKeys.standardError)"], .null)
  }
  let result = try JSONParser.parse(Array(byKeys.standardOutput))
  return (differences(result, try JSONParser.parse(Array(byTimeline.standardOutput))), result)
}
