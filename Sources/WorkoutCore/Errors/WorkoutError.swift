/// An error as a session or builder delegate or completion handler receives it: an error domain,
/// a code name and a description.
///
/// Session and builder errors use `HKErrorDomain` (docs/healthkit-behaviour.md#builder-states;
/// Apple doc: https://developer.apple.com/documentation/healthkit/hkerror).
public struct WorkoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// HealthKit's error domain, `"HKErrorDomain"`.
  public static let healthKitDomain = "HKErrorDomain"

  /// The error's code, named as HealthKit names it (without the `error` prefix).
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// `HKError.Code.errorInvalidArgument` (3): an illegal session or builder call.
    case invalidArgument
    /// `HKError.Code.errorAnotherWorkoutSessionStarted` (8): another session started; this one
    /// ends.
    case anotherWorkoutSessionStarted
    /// workout-sim's code for a call the app makes with no session to call it on (the engine
    /// in WorkoutSystem also gives it while the app cannot call at all). Not a HealthKit code.
    case noSession

    /// HealthKit's numeric code (3, 8), or `nil` for `noSession`.
    public var healthKitRawValue: Int? {
      switch self {
      case .invalidArgument: 3
      case .anotherWorkoutSessionStarted: 8
      case .noSession: nil
      }
    }
  }

  /// The error domain (`HKErrorDomain`).
  public var domain: String
  /// The code.
  public var code: Code
  /// The description, the platform's text where it is known
  /// (docs/healthkit-behaviour.md).
  public var message: String

  /// Creates an error.
  public init(domain: String = WorkoutError.healthKitDomain, code: Code, message: String) {
    self.domain = domain
    self.code = code
    self.message = message
  }

  /// An `invalidArgument` error with `message`.
  public static func invalidArgument(_ message: String) -> WorkoutError {
    WorkoutError(code: .invalidArgument, message: message)
  }

  /// The error for an illegal session call: "Unable to perform '<call>' from current state
  /// '<state>'" (docs/healthkit-behaviour.md#session-states-and-transitions).
  public static func invalidTransition(
    _ call: WorkoutSessionCall, from state: WorkoutSessionState
  ) -> WorkoutError {
    .invalidArgument("Unable to perform '\(call.word)' from current state '\(state.name)'")
  }

  /// The error a running session receives when another session is prepared or started.
  public static let anotherWorkoutSessionStarted = WorkoutError(
    code: .anotherWorkoutSessionStarted, message: "Another workout session has started")

  /// The error for a session or builder call when the app has no session.
  public static let noSession = WorkoutError(
    code: .noSession, message: "The app has no workout session")

  /// `<domain> <code>: <message>`.
  public var description: String { "\(domain) \(code.rawValue): \(message)" }
}
