// The step goal as the phone app sends it to the watch app: a WatchConnectivity application
// context (https://developer.apple.com/documentation/watchconnectivity/wcsession/updateapplicationcontext(_:)).
import Foundation

/// The application context that carries the step goal from the phone to the watch:
/// `["stepGoal": goal]`, a whole number of steps (a property-list number).
///
/// The phone's settings are the source of truth; the watch keeps the last goal it received in
/// its own suite (``Settings/watchAppGroup``) and shows it while the phone is away
/// (docs/phone.md, "The example app's rules").
public enum GoalContext {
  /// The context's key.
  public static let stepGoalKey = Settings.Key.stepGoal

  /// The context for `goal`, steps: `["stepGoal": goal]`.
  public static func context(stepGoal goal: Int) -> [String: Any] {
    [stepGoalKey: goal]
  }

  /// The step goal in `context`, or `nil` when it has none or it is not a whole number in
  /// ``Settings/stepGoalRange`` (a context from another version of the app: ignored). A
  /// property list's number arrives as `Int`, or as `NSNumber` / `Double` after
  /// deserialization; a fractional number is not a goal.
  public static func stepGoal(in context: [String: Any]) -> Int? {
    let number: Double
    switch context[stepGoalKey] {
    case let value as Int: number = Double(value)
    case let value as Double: number = value
    case let value as NSNumber: number = value.doubleValue
    default: return nil
    }
    guard let goal = Int(exactly: number), Settings.stepGoalRange.contains(goal)
    else { return nil }
    return goal
  }
}
