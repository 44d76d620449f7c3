import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

extension Scenario {
  /// This scenario with another activity (for `workout-sim run --type`), re-checking the rule
  /// that depends on it: segment `power` is for cycling only.
  ///
  /// - Parameters:
  ///   - activity: the new activity.
  ///   - fileName: how messages name the scenario's file.
  /// - Returns: the scenario with `activity` replaced.
  /// - Throws: ``ScenarioError`` `.invalid(path: "course[i].power")` when a segment has power and
  ///   `activity` is not cycling.
  public func withActivity(_ activity: WorkoutActivityType, fileName: String) throws(ScenarioError)
    -> Scenario
  {
    if activity != .cycling, case .segments(let segments) = course,
      let index = segments.firstIndex(where: { $0.power != nil })
    {
      throw ScenarioError(
        fileName: fileName, kind: .invalid(path: "course[\(index)].power"),
        message:
          "power is only allowed for cycling (activity is overridden to \(JSONPath.quoted(activity.name)))"
      )
    }
    var copy = self
    copy.activity = activity
    return copy
  }
}
