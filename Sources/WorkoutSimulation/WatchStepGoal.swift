import WorkoutCore
import WorkoutJSON

/// The command line's scripted watch app and its step goal (docs/scenario-format.md#link-actions):
/// a received application context whose top level has `"stepGoal"`, a whole number from 1 to
/// 100000, becomes the watch face's step-ring goal (and the step complication's); any other
/// context leaves the goal as it was. Apple's apps keep the goal themselves; this is the
/// project's stand-in for an app that syncs its goal from the phone (field case F10,
/// docs/field-cases.md#f10-a-goal-for-a-watch-app-that-is-not-running).
public enum WatchStepGoal {
  /// The goals a context may set: 1 to 100000 steps.
  public static let range = 1...100_000

  /// The step goal `payload` carries: its `"stepGoal"` member when the payload is a JSON object
  /// and the member a whole number in ``range``, else `nil`.
  ///
  /// - Parameter payload: a delivered application context.
  /// - Returns: the goal in steps, or `nil`.
  public static func goal(in payload: LinkPayload) -> Int? {
    guard let value = try? JSONParser.parse(Array(payload.text.utf8)),
      case .number(let number)? = value["stepGoal"], number == number.rounded(),
      number >= Double(range.lowerBound), number <= Double(range.upperBound)
    else { return nil }
    return Int(number)
  }

  /// The watch's step goal after `entries`: the goal of the last application context delivered
  /// to the watch that carries one (``goal(in:)``), else `current`.
  ///
  /// - Parameters:
  ///   - entries: engine log entries in log order (all of them, or the ones since the last call).
  ///   - current: the goal before them (the scenario's `goals.stepCount` at first).
  /// - Returns: the goal in steps.
  public static func goal(after entries: some Sequence<LogEntry>, current: Double) -> Double {
    var goal = current
    for entry in entries {
      guard case .link(let event) = entry.kind,
        case .delivered(.applicationContext, to: .watch, let payload, _) = event.change,
        let value = Self.goal(in: payload)
      else { continue }
      goal = Double(value)
    }
    return goal
  }
}
