import WorkoutCore

/// A `WKExtendedRuntimeSession` type with its limits
/// (docs/healthkit-behaviour.md#extended-runtime-sessions; Apple doc:
/// https://developer.apple.com/documentation/watchkit/using-extended-runtime-sessions).
public enum ExtendedRuntimeSessionType: String, Sendable, Hashable, CaseIterable {
  /// Self care: frontmost, 10 minutes.
  case selfCare
  /// Mindfulness: frontmost, 1 hour.
  case mindfulness
  /// Physical therapy: background, 1 hour.
  case physicalTherapy
  /// Smart alarm: background, 30 minutes; the only type that can be scheduled (`start(at:)`),
  /// up to 36 hours ahead.
  case smartAlarm

  /// The time limit: 600 s, 3600 s, 3600 s, 1800 s.
  public var limit: Duration {
    switch self {
    case .selfCare: .seconds(600)
    case .mindfulness: .seconds(3600)
    case .physicalTherapy: .seconds(3600)
    case .smartAlarm: .seconds(1800)
    }
  }

  /// Whether the session runs frontmost (self care, mindfulness): it keeps the app in the
  /// foreground until the limit and ends with `resignedFrontmost` when the user leaves (crown
  /// press). Background sessions survive the user leaving.
  public var isFrontmost: Bool { self == .selfCare || self == .mindfulness }

  /// Whether the type can be scheduled with `start(at:)`: smart alarm only.
  public var canBeScheduled: Bool { self == .smartAlarm }

  /// How far ahead a smart alarm may be scheduled: 36 hours (129600 s).
  public static let maximumScheduleLead = Duration.seconds(36 * 3600)
}

/// `WKExtendedRuntimeSessionState` with its raw values
/// (docs/healthkit-behaviour.md#extended-runtime-sessions; raw values:
/// xamarin/xamarin-macios/src/watchkit.cs).
public enum ExtendedRuntimeSessionState: Int, Sendable, Hashable, CaseIterable {
  /// Created, not started.
  case notStarted = 0
  /// Scheduled to start later (smart alarm).
  case scheduled = 1
  /// Running.
  case running = 2
  /// Ended; cannot be restarted.
  case invalid = 3

  /// The case name (`"running"`).
  public var name: String {
    switch self {
    case .notStarted: "notStarted"
    case .scheduled: "scheduled"
    case .running: "running"
    case .invalid: "invalid"
    }
  }
}

/// `WKExtendedRuntimeSessionInvalidationReason` with its raw values
/// (docs/healthkit-behaviour.md#extended-runtime-sessions; raw values:
/// xamarin/xamarin-macios/src/watchkit.cs; `error` is −1).
public enum ExtendedRuntimeInvalidationReason: Int, Sendable, Hashable, CaseIterable {
  /// The app called `invalidate()`.
  case none = 0
  /// The app already has a running or scheduled session.
  case sessionInProgress = 1
  /// The time limit passed.
  case expired = 2
  /// A frontmost session's app left the foreground (crown press).
  case resignedFrontmost = 3
  /// The system suppressed the session.
  case suppressedBySystem = 4
  /// An error; see the error parameter.
  case error = -1

  /// The case name (`"expired"`).
  public var name: String {
    switch self {
    case .none: "none"
    case .sessionInProgress: "sessionInProgress"
    case .expired: "expired"
    case .resignedFrontmost: "resignedFrontmost"
    case .suppressedBySystem: "suppressedBySystem"
    case .error: "error"
    }
  }
}

/// `WKExtendedRuntimeSessionErrorCode` with its raw values
/// (docs/healthkit-behaviour.md#extended-runtime-sessions; raw values:
/// xamarin/xamarin-macios/src/watchkit.cs), domain `WKExtendedRuntimeSessionErrorDomain`.
public enum ExtendedRuntimeSessionErrorCode: Int, Sendable, Hashable, CaseIterable {
  /// Unknown.
  case unknown = 1
  /// `start(at:)` more than 36 hours ahead.
  case scheduledTooFarInAdvance = 2
  /// Start or schedule while the app is not active (field case F07).
  case mustBeActiveToStartOrSchedule = 3
  /// `invalidate()` on a session that was never started.
  case notYetStarted = 4
  /// CPU use over the limit (not modelled).
  case exceededResourceLimits = 5
  /// Background App Refresh disabled (not modelled).
  case barDisabled = 6
  /// The app may not start this session (no declared type).
  case notApprovedToStartSession = 7
  /// The app may not schedule this session (a type other than smart alarm).
  case notApprovedToSchedule = 8
  /// `notifyUser` while not active (not modelled).
  case mustBeActiveToPrompt = 9
  /// The session type is not supported.
  case unsupportedSessionType = 10

  /// The error domain, `"WKExtendedRuntimeSessionErrorDomain"`.
  public static let domain = "WKExtendedRuntimeSessionErrorDomain"

  /// The case name (`"mustBeActiveToStartOrSchedule"`).
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .scheduledTooFarInAdvance: "scheduledTooFarInAdvance"
    case .mustBeActiveToStartOrSchedule: "mustBeActiveToStartOrSchedule"
    case .notYetStarted: "notYetStarted"
    case .exceededResourceLimits: "exceededResourceLimits"
    case .barDisabled: "barDisabled"
    case .notApprovedToStartSession: "notApprovedToStartSession"
    case .notApprovedToSchedule: "notApprovedToSchedule"
    case .mustBeActiveToPrompt: "mustBeActiveToPrompt"
    case .unsupportedSessionType: "unsupportedSessionType"
    }
  }

  /// The description workout-sim reports (Apple's texts are not public).
  public var message: String {
    switch self {
    case .unknown: "An unknown error occurred"
    case .scheduledTooFarInAdvance:
      "The session cannot be scheduled more than 36 hours in advance"
    case .mustBeActiveToStartOrSchedule:
      "The app must be active to start or schedule an extended runtime session"
    case .notYetStarted: "The session has not been started"
    case .exceededResourceLimits: "The session exceeded its resource limits"
    case .barDisabled: "Background App Refresh is disabled"
    case .notApprovedToStartSession: "The app is not approved to start this session"
    case .notApprovedToSchedule: "The app is not approved to schedule this session"
    case .mustBeActiveToPrompt: "The app must be active to prompt the user"
    case .unsupportedSessionType: "The session type is not supported"
    }
  }
}

/// What the app does with extended runtime sessions (the scenario's `extendedRuntime` action).
public enum ExtendedRuntimeOperation: Sendable, Hashable {
  /// `op: "start"`: create a session of the declared type and `start()` it.
  case start
  /// `op: "schedule"` with `for`: create a session and `start(at:)` it (smart alarm only).
  case schedule(at: SimulationInstant)
  /// `op: "invalidate"`: `invalidate()` the app's latest session.
  case invalidate
  /// `invalidate()` of session `index` (the Swift door's `WKExtendedRuntimeSession`, whose
  /// object knows its own session; the command line names none and uses ``invalidate``);
  /// `nil`: the object was never started, so the call fails with `notYetStarted`. A session of
  /// a process that crashed, or an index with no session, is left alone.
  case invalidateSession(Int?)
  /// `op: "acquire"` with `holder`: the reference-counting helper of field case F08 takes a
  /// hold; the first holder starts a session (deferred until the app is active).
  case acquire(holder: String)
  /// `op: "release"` with `holder`: the helper drops a hold; the last release invalidates the
  /// session; releasing a holder that holds nothing is a no-op.
  case release(holder: String)

  /// The scenario's `op` word.
  public var word: String {
    switch self {
    case .start: "start"
    case .schedule: "schedule"
    case .invalidate, .invalidateSession: "invalidate"
    case .acquire: "acquire"
    case .release: "release"
    }
  }
}

/// One thing that happened to an extended runtime session: the payload of a
/// `LogEntry.Kind.extendedRuntime` entry.
///
/// JSON (result `log`): `{ "kind": "extendedRuntime", "at": s, "runtimeSession": index,
/// "sessionType": type, "event": event, "state": state name, ... }` with `"scheduledFor": s` for
/// `scheduled`, `"expiresAt": s` for `started` and `willExpire`, `"reason"`, `"reasonRawValue"`
/// for `invalidated` (and `"errorCode"` when the reason is `error`).
public struct ExtendedRuntimeEvent: Sendable, Hashable {
  /// What happened.
  public enum Change: Sendable, Hashable {
    /// `start(at:)` succeeded: the session waits in `scheduled` until `for`.
    case scheduled(for: SimulationInstant)
    /// The session began running (`extendedRuntimeSessionDidStart`); it expires at the instant.
    case started(expiresAt: SimulationInstant)
    /// `extendedRuntimeSessionWillExpire`, with the expiration date.
    case willExpire(expiresAt: SimulationInstant)
    /// `didInvalidateWith:error:`: the reason, and the error code when the reason is `error`.
    case invalidated(
      reason: ExtendedRuntimeInvalidationReason, error: ExtendedRuntimeSessionErrorCode?)
    /// The app process died (crash): its sessions are gone; nothing is delivered.
    case terminated

    /// The `event` word: `scheduled`, `started`, `willExpire`, `invalidated`, `terminated`.
    public var word: String {
      switch self {
      case .scheduled: "scheduled"
      case .started: "started"
      case .willExpire: "willExpire"
      case .invalidated: "invalidated"
      case .terminated: "terminated"
      }
    }
  }

  /// The app's extended runtime session index (0, 1, ... in creation order).
  public var session: Int
  /// The session's type.
  public var type: ExtendedRuntimeSessionType
  /// What happened.
  public var change: Change
  /// The session's state after the change.
  public var state: ExtendedRuntimeSessionState

  /// Creates an event.
  public init(
    session: Int, type: ExtendedRuntimeSessionType, change: Change,
    state: ExtendedRuntimeSessionState
  ) {
    self.session = session
    self.type = type
    self.change = change
    self.state = state
  }
}
