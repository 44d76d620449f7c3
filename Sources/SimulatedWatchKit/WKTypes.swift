import WorkoutCore
import WorkoutSystem

/// The states of an extended runtime session, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionstate).
public enum WKExtendedRuntimeSessionState: Int, Sendable, Hashable, CaseIterable {
  /// Created, not started (raw value 0).
  case notStarted = 0
  /// Scheduled to start at a later date with `start(at:)`: smart alarms only (raw value 1).
  case scheduled = 1
  /// Running: the app keeps running until the session ends (raw value 2).
  case running = 2
  /// Ended or failed to start; it cannot run again (raw value 3).
  case invalid = 3

  /// The engine's state of the same name.
  init(_ state: ExtendedRuntimeSessionState) {
    switch state {
    case .notStarted: self = .notStarted
    case .scheduled: self = .scheduled
    case .running: self = .running
    case .invalid: self = .invalid
    }
  }
}

/// Why an extended runtime session became invalid, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessioninvalidationreason).
/// It reaches the app only through the delegate's
/// `extendedRuntimeSession(_:didInvalidateWith:error:)`: the session has no property for it.
public enum WKExtendedRuntimeSessionInvalidationReason: Int, Sendable, Hashable, CaseIterable {
  /// The app called `invalidate()` (raw value 0).
  case none = 0
  /// The app already has a scheduled or running session (raw value 1).
  case sessionInProgress = 1
  /// The session used all its time: 10 minutes for self care, 1 hour for mindfulness and
  /// physical therapy, 30 minutes for a smart alarm (raw value 2).
  case expired = 2
  /// A frontmost session's app stopped being frontmost (a Digital Crown press) (raw value 3).
  case resignedFrontmost = 3
  /// The system's state does not allow the session (raw value 4; not produced by the model).
  case suppressedBySystem = 4
  /// An error ended or refused the session; the delegate's `error` says which (raw value −1).
  case error = -1

  /// The engine's reason of the same name.
  init(_ reason: ExtendedRuntimeInvalidationReason) {
    switch reason {
    case .none: self = .none
    case .sessionInProgress: self = .sessionInProgress
    case .expired: self = .expired
    case .resignedFrontmost: self = .resignedFrontmost
    case .suppressedBySystem: self = .suppressedBySystem
    case .error: self = .error
    }
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The error domain of extended runtime session errors: `"WKExtendedRuntimeSessionErrorDomain"`
/// (Apple doc: https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionerrordomain;
/// Apple does not print the string's value, the simulation uses the constant's name).
public let WKExtendedRuntimeSessionErrorDomain: String = ExtendedRuntimeSessionErrorCode.domain

/// The codes of extended runtime session errors (the `code` of an `NSError` in
/// ``WKExtendedRuntimeSessionErrorDomain``), with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesessionerrorcode).
public enum WKExtendedRuntimeSessionErrorCode: Int, Sendable, Hashable, CaseIterable {
  /// An unknown error (raw value 1).
  case unknown = 1
  /// `start(at:)` more than 36 hours ahead (raw value 2).
  case scheduledTooFarInAdvance = 2
  /// `start()` or `start(at:)` while the app is not active (raw value 3).
  case mustBeActiveToStartOrSchedule = 3
  /// `invalidate()` on a session that was never started (raw value 4).
  case notYetStarted = 4
  /// The session used too much CPU (raw value 5; not produced by the model).
  case exceededResourceLimits = 5
  /// Background App Refresh is off (raw value 6; not produced by the model).
  case barDisabled = 6
  /// The app declares no session type: the scenario has no `watch.extendedRuntimeType`
  /// (raw value 7).
  case notApprovedToStartSession = 7
  /// `start(at:)` of a type other than smart alarm (raw value 8).
  case notApprovedToSchedule = 8
  /// A prompt while the app is not active (raw value 9; not produced by the model).
  case mustBeActiveToPrompt = 9
  /// The session type does not support what was asked (raw value 10): every
  /// ``WKExtendedRuntimeSession/requestAutoLaunchAuthorizationStatus(completion:)`` gets it,
  /// since no session type supports auto-launch in the simulation.
  case unsupportedSessionType = 10

  /// The engine's code of the same raw value.
  var engineCode: ExtendedRuntimeSessionErrorCode {
    ExtendedRuntimeSessionErrorCode(rawValue: rawValue) ?? .unknown
  }

  /// The error the delegate receives: an `NSError` in ``WKExtendedRuntimeSessionErrorDomain``
  /// with this code and workout-sim's description (Apple's texts are not published).
  var error: NSError {
    NSError(
      domain: WKExtendedRuntimeSessionErrorDomain, code: rawValue,
      userInfo: [NSLocalizedDescriptionKey: engineCode.message])
  }
}

/// The haptic feedback types of the watch's Taptic Engine, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkhaptictype).
public enum WKHapticType: Int, Sendable, Hashable, CaseIterable {
  /// A notification (raw value 0).
  case notification = 0
  /// An upward change (raw value 1).
  case directionUp = 1
  /// A downward change (raw value 2).
  case directionDown = 2
  /// A success (raw value 3).
  case success = 3
  /// A failure (raw value 4).
  case failure = 4
  /// A retry (raw value 5).
  case retry = 5
  /// A start (raw value 6).
  case start = 6
  /// A stop (raw value 7).
  case stop = 7
  /// A click (raw value 8).
  case click = 8
  /// A left turn, during navigation (raw value 9).
  case navigationLeftTurn = 9
  /// A right turn, during navigation (raw value 10).
  case navigationRightTurn = 10
  /// Another maneuver, during navigation (raw value 11).
  case navigationGenericManeuver = 11
  /// A depth prompt, during an underwater session (raw value 12).
  case underwaterDepthPrompt = 12
  /// A critical depth prompt, during an underwater session (raw value 13).
  case underwaterDepthCriticalPrompt = 13

  /// The case name, as the run's log writes it (`"success"`).
  public var name: String {
    switch self {
    case .notification: "notification"
    case .directionUp: "directionUp"
    case .directionDown: "directionDown"
    case .success: "success"
    case .failure: "failure"
    case .retry: "retry"
    case .start: "start"
    case .stop: "stop"
    case .click: "click"
    case .navigationLeftTurn: "navigationLeftTurn"
    case .navigationRightTurn: "navigationRightTurn"
    case .navigationGenericManeuver: "navigationGenericManeuver"
    case .underwaterDepthPrompt: "underwaterDepthPrompt"
    case .underwaterDepthCriticalPrompt: "underwaterDepthCriticalPrompt"
    }
  }
}

/// The app's state as WatchKit reports it, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkapplicationstate).
public enum WKApplicationState: Int, Sendable, Hashable, CaseIterable {
  /// Frontmost with the wrist raised, receiving events (raw value 0).
  case active = 0
  /// Frontmost but not receiving input: the wrist is down (raw value 1).
  case inactive = 1
  /// Running in the background (raw value 2). The simulation also reports a suspended app and
  /// one that is not running as `background`: WatchKit has no case for them, and their code
  /// does not run on a device.
  case background = 2

  /// The engine's app state seen through WatchKit: `suspended` and `notRunning` read
  /// `background`.
  init(_ state: AppState) {
    switch state {
    case .active: self = .active
    case .inactive: self = .inactive
    case .background, .suspended, .notRunning: self = .background
    }
  }
}
