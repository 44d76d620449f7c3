import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `builder` key (docs/scenario-format.md).
extension ScenarioDecoder {
  // MARK: Builder

  func builder(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Scenario.BuilderOptions
  {
    var builder = Scenario.BuilderOptions()
    let builderFields = try members(
      value, at: path, allowed: ["shouldCollectWorkoutEvents"],
      expected: "{ \"shouldCollectWorkoutEvents\": true or false }")
    if let flag = builderFields["shouldCollectWorkoutEvents"] {
      builder.shouldCollectWorkoutEvents = try bool(
        flag, at: path.appending(key: "shouldCollectWorkoutEvents"))
    }
    return builder
  }
}
