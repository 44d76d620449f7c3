import WorkoutScenario

/// Decodes a scenario held in a string, as if read from `fileName`.
func decodeScenario(_ json: String, fileName: String = "t.json") throws(ScenarioError)
  -> Scenario
{
  try Scenario.decode(Array(json.utf8), fileName: fileName)
}

/// The JSON path of the data error `json` gives, `nil` when it decodes, or a description of an
/// error of another kind.
func invalidPath(_ json: String) -> String? {
  do {
    _ = try decodeScenario(json)
    return nil
  } catch {
    if case .invalid(let path) = error.kind { return path }
    return "not invalid: \(error)"
  }
}
