// swift-format-ignore: AlwaysUseLowerCamelCase
/// HealthKit's error domain, `"com.apple.healthkit"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkerrordomain; the string is the one
/// HealthKit's own `NSError` constructors use).
public let HKErrorDomain = "com.apple.healthkit"

/// A HealthKit error: a ``Code`` and a description (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkerror).
///
/// Shaped like the struct Swift imports for an `NSError` domain, so the usual patterns work:
///
///     do { try await builder.beginCollection(at: start) }
///     catch HKError.errorInvalidArgument { ... }          // by code
///     catch let error as HKError where error.code == .errorNoData { ... }
///
/// and `(error as NSError).domain == HKErrorDomain`, `(error as NSError).code == 3`,
/// `error.localizedDescription` is the message.
public struct HKError: CustomNSError, Hashable, Sendable {
  /// HealthKit's error codes with their raw values (iOS 18 SDK `HKDefines.h`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkerror/code).
  public enum Code: Int, Sendable, Hashable {
    /// An unknown error (0).
    case unknownError = 0
    /// Health data is not available on this device (1).
    case errorHealthDataUnavailable = 1
    /// Health data is restricted, for example by a profile (2).
    case errorHealthDataRestricted = 2
    /// An invalid argument or an illegal call (3).
    case errorInvalidArgument = 3
    /// The user denied authorization (4).
    case errorAuthorizationDenied = 4
    /// Authorization was not requested yet (5).
    case errorAuthorizationNotDetermined = 5
    /// The protected database is not accessible (the device is locked) (6).
    case errorDatabaseInaccessible = 6
    /// The user canceled (7).
    case errorUserCanceled = 7
    /// Another workout session started; this one ends (8).
    case errorAnotherWorkoutSessionStarted = 8
    /// The user exited the app during a workout session (9).
    case errorUserExitedWorkoutSession = 9
    /// A required authorization was denied (10).
    case errorRequiredAuthorizationDenied = 10
    /// No data matches (11).
    case errorNoData = 11
    /// The activity type is not allowed for a session (12).
    case errorWorkoutActivityNotAllowed = 12
    /// The data is larger than allowed (13).
    case errorDataSizeExceeded = 13
    /// A workout session was started or prepared from the background (14).
    case errorBackgroundWorkoutSessionNotAllowed = 14
    /// Not permitted in guest user mode (15).
    case errorNotPermissibleForGuestUserMode = 15

    /// The old name of ``unknownError``.
    @available(*, deprecated, renamed: "unknownError")
    public static var noError: Code { .unknownError }

    /// Matches an error against a code, so `catch HKError.errorNoData` works: true when `error`
    /// is an ``HKError`` with this code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      guard let error = error as? HKError else { return false }
      return error.code == code
    }
  }

  /// The code.
  public let code: Code
  /// The description (`localizedDescription`, `NSLocalizedDescriptionKey`).
  public let message: String
  /// A HealthKit code with no public name (100: a mirrored session's state call that could
  /// not reach the primary), else `nil`; ``code`` is then `unknownError`.
  private var unnamedCode: Int? = nil

  /// Creates an error with `code` and the description `message`.
  package init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// Creates an error with a code HealthKit returns but does not name (`code` reads
  /// `unknownError`, ``errorCode`` is `rawCode`).
  package init(rawCode: Int, _ message: String) {
    self.code = .unknownError
    self.message = message
    self.unnamedCode = rawCode
  }

  /// Creates an error with `code`; the description is `userInfo[NSLocalizedDescriptionKey]` when
  /// that is a string, else empty (the imported struct's initializer).
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.message = userInfo[NSLocalizedDescriptionKey] as? String ?? ""
  }

  /// `"com.apple.healthkit"` (``HKErrorDomain``).
  public static var errorDomain: String { HKErrorDomain }
  /// The code's raw value.
  public var errorCode: Int { unnamedCode ?? code.rawValue }
  /// `NSLocalizedDescriptionKey`: the message (absent when empty).
  public var errorUserInfo: [String: Any] {
    message.isEmpty ? [:] : [NSLocalizedDescriptionKey: message]
  }
  /// The message.
  public var localizedDescription: String { message }

  /// ``Code/unknownError``.
  public static var unknownError: Code { .unknownError }
  /// ``Code/noError``, the old name of ``Code/unknownError``.
  @available(*, deprecated, renamed: "unknownError")
  public static var noError: Code { .unknownError }
  /// ``Code/errorHealthDataUnavailable``.
  public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
  /// ``Code/errorHealthDataRestricted``.
  public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
  /// ``Code/errorInvalidArgument``.
  public static var errorInvalidArgument: Code { .errorInvalidArgument }
  /// ``Code/errorAuthorizationDenied``.
  public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
  /// ``Code/errorAuthorizationNotDetermined``.
  public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
  /// ``Code/errorDatabaseInaccessible``.
  public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
  /// ``Code/errorUserCanceled``.
  public static var errorUserCanceled: Code { .errorUserCanceled }
  /// ``Code/errorAnotherWorkoutSessionStarted``.
  public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
  /// ``Code/errorUserExitedWorkoutSession``.
  public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
  /// ``Code/errorRequiredAuthorizationDenied``.
  public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
  /// ``Code/errorNoData``.
  public static var errorNoData: Code { .errorNoData }
  /// ``Code/errorWorkoutActivityNotAllowed``.
  public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
  /// ``Code/errorDataSizeExceeded``.
  public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
  /// ``Code/errorBackgroundWorkoutSessionNotAllowed``.
  public static var errorBackgroundWorkoutSessionNotAllowed: Code {
    .errorBackgroundWorkoutSessionNotAllowed
  }
  /// ``Code/errorNotPermissibleForGuestUserMode``.
  public static var errorNotPermissibleForGuestUserMode: Code {
    .errorNotPermissibleForGuestUserMode
  }
}
