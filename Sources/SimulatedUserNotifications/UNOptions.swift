import Foundation

/// What the app asks the user to allow (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions). Raw
/// values are Apple's (`UNAuthorizationOptions` in the SDK's `UNUserNotificationCenter.h`).
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
  /// The option bits.
  public let rawValue: UInt

  /// Options from their bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Update the app's badge (1; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/badge).
  public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
  /// Play sounds (2; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/sound).
  public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
  /// Display alerts (4; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/alert).
  public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
  /// Display notifications in CarPlay (8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/carplay).
  public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
  /// Play sounds for critical alerts (16; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/criticalalert).
  public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
  /// The system shows a button for the app's notification settings (32; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/providesappnotificationsettings).
  public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
  /// Post quiet notifications to Notification Center without asking (64; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/provisional).
  public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
  /// Let Siri announce the app's notifications (128; iOS 13 to 15, watchOS 6 to 8, deprecated:
  /// "Announcement authorization is always included"; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/announcement).
  /// Kept in the request and the log; it changes no setting (``UNNotificationSettings/announcementSetting``).
  @available(*, deprecated, message: "Announcement authorization is always included")
  public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)
  /// Time-sensitive notifications (256; iOS 15.0 and watchOS 8.0 only, deprecated in the same
  /// release for the Time Sensitive Notifications entitlement; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/timesensitive).
  /// Kept in the request and the log; it changes no setting (``UNNotificationSettings/timeSensitiveSetting``).
  @available(*, deprecated, message: "Use time-sensitive entitlement")
  public static let timeSensitive = UNAuthorizationOptions(rawValue: 1 << 8)

  /// The options' names in bit order, for the log (`"alert,badge,sound"` sorted by bit:
  /// `"badge,sound,alert"`).
  var names: String {
    let all: [(UNAuthorizationOptions, String)] = [
      (.badge, "badge"), (.sound, "sound"), (.alert, "alert"), (.carPlay, "carPlay"),
      (.criticalAlert, "criticalAlert"),
      (.providesAppNotificationSettings, "providesAppNotificationSettings"),
      (.provisional, "provisional"),
      // The deprecated options by their bits (naming them would warn).
      (UNAuthorizationOptions(rawValue: 1 << 7), "announcement"),
      (UNAuthorizationOptions(rawValue: 1 << 8), "timeSensitive"),
    ]
    return all.filter { contains($0.0) }.map(\.1).joined(separator: ",")
  }
}

/// Whether the app may schedule notifications (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unauthorizationstatus). Raw
/// values are Apple's.
public enum UNAuthorizationStatus: Int, Sendable, Hashable {
  /// The user has not been asked yet (0).
  case notDetermined = 0
  /// The user did not allow notifications (1).
  case denied = 1
  /// The user allowed notifications (2).
  case authorized = 2
  /// Quiet notifications without asking, after a request with `.provisional` (3).
  case provisional = 3
  /// Granted for a limited time to an App Clip (4; the simulation never gives it).
  case ephemeral = 4
}

/// The state of one notification feature (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationsetting). Raw
/// values are Apple's.
public enum UNNotificationSetting: Int, Sendable, Hashable {
  /// The feature does not apply to the app (0).
  case notSupported = 0
  /// The feature is off (1).
  case disabled = 1
  /// The feature is on (2).
  case enabled = 2
}

/// How the app's alerts are shown on iOS (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unalertstyle; iOS 10, not on
/// watchOS). Raw values are Apple's (SDK `UNNotificationSettings.h`). Declared for every
/// platform, as this module serves the phone's code and the watch's alike.
public enum UNAlertStyle: Int, Sendable, Hashable {
  /// No alerts (0).
  case none = 0
  /// Banners that go away by themselves (1, iOS's default for a new app).
  case banner = 1
  /// Alerts that stay until the user acts (2).
  case alert = 2
}

/// When the Lock Screen and Notification Center show a notification's content (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unshowpreviewssetting; iOS 11,
/// not on watchOS). Raw values are Apple's (SDK `UNNotificationSettings.h`). Declared for every
/// platform, as this module serves the phone's code and the watch's alike.
public enum UNShowPreviewsSetting: Int, Sendable, Hashable {
  /// Always (0).
  case always = 0
  /// Only while the device is unlocked (1).
  case whenAuthenticated = 1
  /// Never (2).
  case never = 2
}

/// The app's notification settings at the moment they were read (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationsettings).
///
/// A model of the settings a user's answer makes (docs/phone.md#notifications): authorized,
/// each requested feature (alert, badge, sound, CarPlay, critical alerts) is enabled and the
/// others disabled, time-sensitive notifications are enabled, and Notification Center and the
/// Lock Screen are enabled; provisional, only Notification Center is enabled; not determined or
/// denied, everything is disabled. The features the simulation has nothing of are fixed:
/// announcements, scheduled delivery (the summary) off, direct messages not supported, previews
/// always shown (project rules, docs/phone.md#notifications).
public final class UNNotificationSettings: NSObject, Sendable {
  /// Whether the app may schedule notifications (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/authorizationstatus).
  public let authorizationStatus: UNAuthorizationStatus
  /// Alerts (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/alertsetting).
  public let alertSetting: UNNotificationSetting
  /// The app's badge (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/badgesetting).
  public let badgeSetting: UNNotificationSetting
  /// Sounds (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/soundsetting).
  public let soundSetting: UNNotificationSetting
  /// Notification Center (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/notificationcentersetting).
  public let notificationCenterSetting: UNNotificationSetting
  /// The Lock Screen (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/lockscreensetting).
  public let lockScreenSetting: UNNotificationSetting
  /// Critical alerts (iOS 12, watchOS 5; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/criticalalertsetting):
  /// enabled when authorized with ``UNAuthorizationOptions/criticalAlert``, else disabled. On a
  /// device they also need Apple's entitlement, which the simulation assumes (as for critical
  /// sounds; project rule, docs/phone.md#notifications).
  public let criticalAlertSetting: UNNotificationSetting
  /// Time-sensitive notifications (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/timesensitivesetting):
  /// enabled when authorized, else disabled. On a device they need the Time Sensitive
  /// Notifications entitlement, which the simulation assumes, and the user's switch is on
  /// until turned off (project rule, docs/phone.md#notifications).
  public let timeSensitiveSetting: UNNotificationSetting
  /// Whether the system shows a button for the app's own notification settings (iOS 12,
  /// watchOS 5; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/providesappnotificationsettings):
  /// `true` when the request the user answered (or the provisional one) had
  /// ``UNAuthorizationOptions/providesAppNotificationSettings`` and was not denied.
  public let providesAppNotificationSettings: Bool
  /// Siri announcing the app's notifications (iOS 13, watchOS 6; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/announcementsetting):
  /// always disabled (project rule: Siri is not simulated and Announce Notifications is off
  /// until the user turns it on).
  public let announcementSetting: UNNotificationSetting
  /// Whether the system holds the app's notifications for the scheduled summary (iOS 15,
  /// watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/scheduleddeliverysetting):
  /// always disabled (project rule: the simulation has no summary and delivers each
  /// notification when it fires).
  public let scheduledDeliverySetting: UNNotificationSetting
  /// Communication notifications from people (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/directmessagessetting):
  /// always not supported (project rule: communication notifications, which SiriKit's
  /// message intents make, are not simulated).
  public let directMessagesSetting: UNNotificationSetting
  /// CarPlay (iOS 10, not on watchOS; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/carplaysetting):
  /// enabled when authorized with ``UNAuthorizationOptions/carPlay``, else disabled. Declared
  /// for every platform, as this module serves the phone's code and the watch's alike.
  public let carPlaySetting: UNNotificationSetting
  /// How alerts are shown (iOS 10, not on watchOS; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/alertstyle):
  /// `.banner`, iOS's default, when alerts are enabled, else `.none`. Declared for every
  /// platform.
  public let alertStyle: UNAlertStyle
  /// When previews are shown (iOS 11, not on watchOS; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/showpreviewssetting):
  /// always `.always` (project rule: the simulation has no Lock Screen and never hides a
  /// preview). Declared for every platform.
  public let showPreviewsSetting: UNShowPreviewsSetting

  /// The settings of `status` with the options the user granted.
  init(status: UNAuthorizationStatus, options: UNAuthorizationOptions) {
    authorizationStatus = status
    func feature(_ option: UNAuthorizationOptions) -> UNNotificationSetting {
      status == .authorized && options.contains(option) ? .enabled : .disabled
    }
    alertSetting = feature(.alert)
    badgeSetting = feature(.badge)
    soundSetting = feature(.sound)
    criticalAlertSetting = feature(.criticalAlert)
    carPlaySetting = feature(.carPlay)
    let shown = status == .authorized || status == .provisional || status == .ephemeral
    notificationCenterSetting = shown ? .enabled : .disabled
    lockScreenSetting = status == .authorized || status == .ephemeral ? .enabled : .disabled
    timeSensitiveSetting = status == .authorized ? .enabled : .disabled
    providesAppNotificationSettings =
      status != .denied && options.contains(.providesAppNotificationSettings)
    announcementSetting = .disabled
    scheduledDeliverySetting = .disabled
    directMessagesSetting = .notSupported
    alertStyle = alertSetting == .enabled ? .banner : .none
    showPreviewsSetting = .always
  }
}

/// How to present a notification that arrives while the app is in the foreground, the answer
/// of the delegate's `willPresent` (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions).
/// Raw values are Apple's.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
  /// The option bits.
  public let rawValue: UInt

  /// Options from their bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Apply the badge (1; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/badge).
  public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
  /// Play the sound (2; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/sound).
  public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
  /// Display the alert (4; deprecated in iOS 14 for `.list` and `.banner`; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/alert).
  /// The simulation reads it as `[.banner, .list]`.
  @available(*, deprecated, message: "Use .list and .banner")
  public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
  /// Show the notification in Notification Center (8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/list).
  public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
  /// Present the notification as a banner (16; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/banner).
  public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

  /// Whether the notification stays in Notification Center (`.list`, or the old `.alert`).
  var keepsInNotificationCenter: Bool { rawValue & (1 << 3 | 1 << 2) != 0 }

  /// The options' names in bit order, for the log (`"sound,list,banner"`).
  var names: String {
    let all: [(UInt, String)] = [
      (1 << 0, "badge"), (1 << 1, "sound"), (1 << 2, "alert"), (1 << 3, "list"),
      (1 << 4, "banner"),
    ]
    return all.filter { rawValue & $0.0 != 0 }.map(\.1).joined(separator: ",")
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// UserNotifications' error domain, `"UNErrorDomain"` (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unerrordomain).
public let UNErrorDomain = "UNErrorDomain"

/// A UserNotifications error: a ``Code`` and a description (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unerror), shaped like the
/// struct Swift imports for an `NSError` domain (`catch UNError.notificationsNotAllowed`,
/// `(error as NSError).domain == UNErrorDomain`).
///
/// The simulation produces none of them yet: adding a request while notifications are not
/// allowed succeeds on iOS (the request waits and is not shown), and it does so here
/// (docs/phone.md#notifications). The type is here so app code that catches them compiles.
public struct UNError: CustomNSError, Hashable, Sendable {
  /// The error codes with Apple's raw values (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unerror/code).
  public enum Code: Int, Sendable, Hashable {
    /// Notifications are not allowed (1).
    case notificationsNotAllowed = 1
    /// An attachment's URL is invalid (100).
    case attachmentInvalidURL = 100
    /// An attachment's file type is not supported (101).
    case attachmentUnrecognizedType = 101
    /// An attachment is too large (102).
    case attachmentInvalidFileSize = 102
    /// An attachment is not in the system's data store (103).
    case attachmentNotInDataStore = 103
    /// An attachment could not be moved into the data store (104).
    case attachmentMoveIntoDataStoreFailed = 104
    /// An attachment is corrupt (105).
    case attachmentCorrupt = 105
    /// A notification has no date (1400).
    case notificationInvalidNoDate = 1400
    /// A notification has no content (1401).
    case notificationInvalidNoContent = 1401
    /// A content-providing object is not allowed (1500).
    case contentProvidingObjectNotAllowed = 1500
    /// A content-providing object is invalid (1501).
    case contentProvidingInvalid = 1501
    /// The badge count is invalid (1600).
    case badgeInputInvalid = 1600

    /// Matches an error against a code (`catch UNError.Code.notificationsNotAllowed`).
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? UNError)?.code == code
    }
  }

  /// The code.
  public let code: Code
  /// The description (`localizedDescription`).
  public let message: String

  /// An error with `code`; the description is `userInfo[NSLocalizedDescriptionKey]` when that
  /// is a string, else empty (the imported struct's initializer).
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.message = userInfo[NSLocalizedDescriptionKey] as? String ?? ""
  }

  /// `"UNErrorDomain"`.
  public static var errorDomain: String { UNErrorDomain }
  /// The code's raw value.
  public var errorCode: Int { code.rawValue }
  /// `NSLocalizedDescriptionKey`: the message (absent when empty).
  public var errorUserInfo: [String: Any] {
    message.isEmpty ? [:] : [NSLocalizedDescriptionKey: message]
  }
  /// The message.
  public var localizedDescription: String { message }

  /// Notifications are not allowed (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unerror/notificationsnotallowed).
  public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
}
