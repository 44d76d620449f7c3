import WorkoutSystem

// swift-format-ignore: AlwaysUseLowerCamelCase
/// WatchConnectivity's error domain, `"WCErrorDomain"` (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcerrordomain; the string is the
/// one the framework's errors print, "Error Domain=WCErrorDomain Code=7007").
public let WCErrorDomain = "WCErrorDomain"

/// A WatchConnectivity error: a ``Code`` and its description (Apple doc:
/// https://developer.apple.com/documentation/watchconnectivity/wcerror).
///
/// Shaped like the struct Swift imports for an `NSError` domain, so the usual patterns work:
///
///     session.sendMessage(message, replyHandler: nil) { error in
///       if let error = error as? WCError, error.code == .notReachable { ... }
///     }
///     do { try session.updateApplicationContext(context) } catch WCError.payloadTooLarge { ... }
///
/// and `(error as NSError).domain == WCErrorDomain`, `(error as NSError).code == 7007`;
/// `error.localizedDescription` is the framework's English text for the code
/// (``Code/localizedDescription``).
public struct WCError: CustomNSError, Hashable, Sendable {
  /// WatchConnectivity's error codes with their raw values (SDK header `WCError.h`; Apple doc:
  /// https://developer.apple.com/documentation/watchconnectivity/wcerror/code).
  public enum Code: Int, Sendable, Hashable, CaseIterable {
    /// An unknown problem (7001).
    case genericError = 7001
    /// The device does not support sessions (7002).
    case sessionNotSupported = 7002
    /// The session has no delegate (7003).
    case sessionMissingDelegate = 7003
    /// The session was not activated (7004).
    case sessionNotActivated = 7004
    /// The device is not paired (7005).
    case deviceNotPaired = 7005
    /// The watch app is not installed (7006).
    case watchAppNotInstalled = 7006
    /// The counterpart app is not reachable (7007).
    case notReachable = 7007
    /// A parameter was not valid (7008).
    case invalidParameter = 7008
    /// The payload is too large (7009).
    case payloadTooLarge = 7009
    /// The payload holds types that are not property-list types (7010).
    case payloadUnsupportedTypes = 7010
    /// The reply could not be sent (7011).
    case messageReplyFailed = 7011
    /// No reply came in time (7012).
    case messageReplyTimedOut = 7012
    /// The file cannot be read (7013).
    case fileAccessDenied = 7013
    /// The payload could not be delivered (7014).
    case deliveryFailed = 7014
    /// The receiver has not enough space (7015).
    case insufficientSpace = 7015
    /// The session is inactive (7016; iOS 9.3, watchOS 2.2).
    case sessionInactive = 7016
    /// The transfer timed out (7017; iOS 9.3, watchOS 2.2).
    case transferTimedOut = 7017
    /// The companion app is not installed (7018; iOS 13, watchOS 6).
    case companionAppNotInstalled = 7018
    /// The watch app has no companion app (7019; iOS 13, watchOS 6).
    case watchOnlyApp = 7019

    /// The framework's English `localizedDescription` for the code (the `en` strings of
    /// WatchConnectivity.framework, keys `Err7001`...`Err7019`), kept in one place: the
    /// engine's `LinkErrorCode.message` of the same raw value.
    public var localizedDescription: String { linkCode.message }

    /// The engine's code of the same raw value (both enums hold Apple's 7001...7019).
    var linkCode: LinkErrorCode { LinkErrorCode(rawValue: rawValue) ?? .genericError }

    /// The framework's failure reason for the code, where it has one
    /// (`NSLocalizedFailureReasonErrorKey`).
    public var failureReason: String? {
      switch self {
      case .sessionNotSupported: "Device does not support pairing to a Watch."
      case .sessionMissingDelegate: "Delegate is nil."
      case .sessionNotActivated: "Function activateSession has not been called."
      case .messageReplyTimedOut: "Reply timeout occurred."
      case .fileAccessDenied:
        "Invalid file path, or insufficient permissions to access the file."
      case .insufficientSpace: "There is not enough space on the receiving side."
      case .sessionInactive: "WatchConnectivity session is still transitioning to deactivated."
      default: nil
      }
    }

    /// The framework's recovery suggestion for the code, where it has one
    /// (`NSLocalizedRecoverySuggestionErrorKey`).
    public var recoverySuggestion: String? {
      switch self {
      case .sessionNotSupported: "Check if WatchConnectivity session is supported prior to use."
      case .sessionMissingDelegate: "Set a delegate."
      case .sessionNotActivated: "Activate the WatchConnectivity session."
      case .deviceNotPaired: "Pair the device with a Watch."
      case .watchAppNotInstalled: "Install the Watch app."
      case .invalidParameter: "Only pass parameters of correct type."
      case .payloadTooLarge: "Send smaller payloads."
      case .payloadUnsupportedTypes: "Only pass valid types."
      case .fileAccessDenied: "Verify the file path is accessible."
      case .insufficientSpace: "Clear up some space on the receiving side, and try again."
      case .sessionInactive:
        "Wait for the WatchConnectivity session to complete transition to deactivated."
      case .companionAppNotInstalled: "Install the Companion app."
      case .watchOnlyApp: "Create a Companion app for this Watch app."
      default: nil
      }
    }

    /// Matches an error against a code, so `catch WCError.notReachable` works: true when
    /// `error` is a ``WCError`` with this code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      guard let error = error as? WCError else { return false }
      return error.code == code
    }
  }

  /// The code.
  public let code: Code

  /// Creates an error with `code` (its description, failure reason and recovery suggestion are
  /// the framework's for the code).
  public init(_ code: Code) {
    self.code = code
  }

  /// Creates an error with `code`; `userInfo` is ignored (the texts are the code's), as the
  /// imported struct's initializer takes one.
  public init(_ code: Code, userInfo: [String: Any]) {
    self.code = code
  }

  /// `"WCErrorDomain"` (``WCErrorDomain``).
  public static var errorDomain: String { WCErrorDomain }
  /// The code's raw value (7001...7019).
  public var errorCode: Int { code.rawValue }
  /// `NSLocalizedDescriptionKey`, and the failure reason and recovery suggestion where the
  /// code has them.
  public var errorUserInfo: [String: Any] {
    var info: [String: Any] = [NSLocalizedDescriptionKey: code.localizedDescription]
    if let reason = code.failureReason { info[NSLocalizedFailureReasonErrorKey] = reason }
    if let suggestion = code.recoverySuggestion {
      info[NSLocalizedRecoverySuggestionErrorKey] = suggestion
    }
    return info
  }
  /// The code's ``Code/localizedDescription``.
  public var localizedDescription: String { code.localizedDescription }

  /// ``Code/genericError``.
  public static var genericError: Code { .genericError }
  /// ``Code/sessionNotSupported``.
  public static var sessionNotSupported: Code { .sessionNotSupported }
  /// ``Code/sessionMissingDelegate``.
  public static var sessionMissingDelegate: Code { .sessionMissingDelegate }
  /// ``Code/sessionNotActivated``.
  public static var sessionNotActivated: Code { .sessionNotActivated }
  /// ``Code/deviceNotPaired``.
  public static var deviceNotPaired: Code { .deviceNotPaired }
  /// ``Code/watchAppNotInstalled``.
  public static var watchAppNotInstalled: Code { .watchAppNotInstalled }
  /// ``Code/notReachable``.
  public static var notReachable: Code { .notReachable }
  /// ``Code/invalidParameter``.
  public static var invalidParameter: Code { .invalidParameter }
  /// ``Code/payloadTooLarge``.
  public static var payloadTooLarge: Code { .payloadTooLarge }
  /// ``Code/payloadUnsupportedTypes``.
  public static var payloadUnsupportedTypes: Code { .payloadUnsupportedTypes }
  /// ``Code/messageReplyFailed``.
  public static var messageReplyFailed: Code { .messageReplyFailed }
  /// ``Code/messageReplyTimedOut``.
  public static var messageReplyTimedOut: Code { .messageReplyTimedOut }
  /// ``Code/fileAccessDenied``.
  public static var fileAccessDenied: Code { .fileAccessDenied }
  /// ``Code/deliveryFailed``.
  public static var deliveryFailed: Code { .deliveryFailed }
  /// ``Code/insufficientSpace``.
  public static var insufficientSpace: Code { .insufficientSpace }
  /// ``Code/sessionInactive``.
  public static var sessionInactive: Code { .sessionInactive }
  /// ``Code/transferTimedOut``.
  public static var transferTimedOut: Code { .transferTimedOut }
  /// ``Code/companionAppNotInstalled``.
  public static var companionAppNotInstalled: Code { .companionAppNotInstalled }
  /// ``Code/watchOnlyApp``.
  public static var watchOnlyApp: Code { .watchOnlyApp }
}
