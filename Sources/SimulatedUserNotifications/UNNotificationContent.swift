import Foundation

/// A notification's content as the system keeps it: read-only (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationcontent). Make one
/// with ``UNMutableNotificationContent``; a request keeps a copy of what it was given.
///
/// `@unchecked Sendable`: the system's copy is never mutated; a ``UNMutableNotificationContent``
/// is, like Apple's, not to be shared between threads while it changes.
public class UNNotificationContent: NSObject, @unchecked Sendable {
  /// The stored values.
  struct Fields {
    var title = ""
    var subtitle = ""
    var body = ""
    var badge: NSNumber?
    var sound: UNNotificationSound?
    var userInfo: [AnyHashable: Any] = [:]
    var categoryIdentifier = ""
    var threadIdentifier = ""
    var interruptionLevel = UNNotificationInterruptionLevel.active
  }

  var fields: Fields

  /// Empty content.
  override public init() {
    fields = Fields()
    super.init()
  }

  /// A read-only copy of `fields`.
  init(fields: Fields) {
    self.fields = fields
    super.init()
  }

  /// The title (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/title).
  public var title: String { fields.title }
  /// The subtitle (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/subtitle).
  public var subtitle: String { fields.subtitle }
  /// The message (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/body).
  public var body: String { fields.body }
  /// The number for the app's badge, or `nil` to leave it (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/badge).
  public var badge: NSNumber? { fields.badge }
  /// The sound, or `nil` for none (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/sound).
  public var sound: UNNotificationSound? { fields.sound }
  /// The app's own values (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo).
  public var userInfo: [AnyHashable: Any] { fields.userInfo }
  /// The category the app registered actions for (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/categoryidentifier).
  public var categoryIdentifier: String { fields.categoryIdentifier }
  /// The thread notifications are grouped by (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/threadidentifier).
  public var threadIdentifier: String { fields.threadIdentifier }
  /// How much it may interrupt; `.active` by default (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/interruptionlevel).
  public var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
}

/// A notification's content the app fills in (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent).
///
/// ```swift
/// let content = UNMutableNotificationContent()
/// content.title = "Weekly summary"
/// content.body = "52 340 steps last week"
/// content.sound = .default
/// ```
public class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
  /// Empty content.
  override public init() { super.init() }

  /// The title (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/title).
  override public var title: String {
    get { fields.title }
    set { fields.title = newValue }
  }
  /// The subtitle (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/subtitle).
  override public var subtitle: String {
    get { fields.subtitle }
    set { fields.subtitle = newValue }
  }
  /// The message (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/body).
  override public var body: String {
    get { fields.body }
    set { fields.body = newValue }
  }
  /// The number for the app's badge (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/badge).
  override public var badge: NSNumber? {
    get { fields.badge }
    set { fields.badge = newValue }
  }
  /// The sound (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/sound).
  override public var sound: UNNotificationSound? {
    get { fields.sound }
    set { fields.sound = newValue }
  }
  /// The app's own values (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/userinfo).
  override public var userInfo: [AnyHashable: Any] {
    get { fields.userInfo }
    set { fields.userInfo = newValue }
  }
  /// The category (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/categoryidentifier).
  override public var categoryIdentifier: String {
    get { fields.categoryIdentifier }
    set { fields.categoryIdentifier = newValue }
  }
  /// The thread (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/threadidentifier).
  override public var threadIdentifier: String {
    get { fields.threadIdentifier }
    set { fields.threadIdentifier = newValue }
  }
  /// How much it may interrupt (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/interruptionlevel).
  override public var interruptionLevel: UNNotificationInterruptionLevel {
    get { fields.interruptionLevel }
    set { fields.interruptionLevel = newValue }
  }
}

/// A notification's sound (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationsound). The
/// simulation plays nothing; the sound is kept on the content.
public final class UNNotificationSound: NSObject, Sendable {
  /// The sound's name (`"default"`).
  let name: String

  init(name: String) {
    self.name = name
    super.init()
  }

  /// The system's default notification sound (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/default).
  public static let `default` = UNNotificationSound(name: "default")
}

/// A request to deliver a notification: identifier, content and trigger (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationrequest).
public final class UNNotificationRequest: NSObject, @unchecked Sendable {
  /// The app's identifier; adding a request with the identifier of a pending one replaces it
  /// (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier).
  public let identifier: String
  /// A read-only copy of the content given (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content).
  public let content: UNNotificationContent
  /// When to deliver it; `nil`, right away (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/trigger).
  public let trigger: UNNotificationTrigger?

  /// A request with `identifier`, a copy of `content` and `trigger` (`nil`: deliver right
  /// away) (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:)).
  public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
    self.identifier = identifier
    self.content = UNNotificationContent(fields: content.fields)
    self.trigger = trigger
    super.init()
  }
}

/// A notification the system delivered: its request and the date it was delivered (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotification). Only the
/// system makes them.
public final class UNNotification: NSObject, Sendable {
  /// When the notification was delivered (virtual time) (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotification/date).
  public let date: Date
  /// The request (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotification/request).
  public let request: UNNotificationRequest

  init(date: Date, request: UNNotificationRequest) {
    self.date = date
    self.request = request
    super.init()
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The action identifier of a response when the user opened the app from the notification,
/// `"com.apple.UNNotificationDefaultActionIdentifier"` (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationdefaultactionidentifier).
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The action identifier of a response when the user dismissed the notification,
/// `"com.apple.UNNotificationDismissActionIdentifier"` (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationdismissactionidentifier).
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// The user's response to a delivered notification (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationresponse). Only
/// the system makes them (the simulation control `openNotification(identifier:)`).
public class UNNotificationResponse: NSObject, @unchecked Sendable {
  /// The notification the user responded to (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification).
  public let notification: UNNotification
  /// What the user chose: ``UNNotificationDefaultActionIdentifier`` when they opened the app
  /// (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier).
  public let actionIdentifier: String

  init(notification: UNNotification, actionIdentifier: String) {
    self.notification = notification
    self.actionIdentifier = actionIdentifier
    super.init()
  }
}
