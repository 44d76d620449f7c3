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
    var relevanceScore = 0.0
    var targetContentIdentifier: String?
    var attachments: [UNNotificationAttachment] = []
    var filterCriteria: String?
    var launchImageName = ""
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
  /// How relevant the notification is among the app's others, 0 to 1; 0 by default (iOS 15,
  /// watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/relevancescore).
  /// Kept; the simulation has no notification summary to sort by it.
  public var relevanceScore: Double { fields.relevanceScore }
  /// The identifier of the app's content the notification is about, or `nil` (iOS 13,
  /// watchOS 6; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/targetcontentidentifier).
  /// Kept; the simulation has no scenes to choose with it.
  public var targetContentIdentifier: String? { fields.targetContentIdentifier }
  /// The audio, image or movie files shown with the notification, checked when each was
  /// made (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/attachments).
  public var attachments: [UNNotificationAttachment] { fields.attachments }
  /// The criteria a Focus filter matches to show the notification in the current Focus, or
  /// `nil` (iOS 16, watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/filtercriteria).
  /// Kept; the simulation has no Focus, so every notification is shown
  /// (docs/phone.md#notifications).
  public var filterCriteria: String? { fields.filterCriteria }
  /// The launch image shown when the notification launches the app; empty by default (iOS 10,
  /// not on watchOS; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/launchimagename).
  /// Declared for every platform, as this module serves the phone's code and the watch's alike;
  /// kept, and nothing is shown.
  public var launchImageName: String { fields.launchImageName }
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
  /// How relevant the notification is, 0 to 1 (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/relevancescore).
  /// Kept as set.
  override public var relevanceScore: Double {
    get { fields.relevanceScore }
    set { fields.relevanceScore = newValue }
  }
  /// The app's content the notification is about (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/targetcontentidentifier).
  /// Kept as set.
  override public var targetContentIdentifier: String? {
    get { fields.targetContentIdentifier }
    set { fields.targetContentIdentifier = newValue }
  }
  /// The files shown with the notification (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/attachments).
  /// Kept with the request and the delivered notification; nothing is shown.
  override public var attachments: [UNNotificationAttachment] {
    get { fields.attachments }
    set { fields.attachments = newValue }
  }
  /// The Focus filter criteria (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/filtercriteria).
  /// Kept as set; no Focus hides a notification in the simulation.
  override public var filterCriteria: String? {
    get { fields.filterCriteria }
    set { fields.filterCriteria = newValue }
  }
  /// The launch image's name (iOS only; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/launchimagename).
  /// Kept as set; nothing is shown.
  override public var launchImageName: String {
    get { fields.launchImageName }
    set { fields.launchImageName = newValue }
  }
}

/// A notification's sound (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationsound). The
/// simulation has no speaker: a sound is kept on the content, readable back (sounds are equal
/// when their name, critical flag and volume are), and plays nothing. Critical sounds ignore the
/// mute switch and Focus on a device and need Apple's critical-alerts entitlement and the
/// user's ``UNAuthorizationOptions/criticalAlert`` (Apple's pages of the critical sounds); the
/// simulation has neither switch nor Focus, so a critical sound is kept like any other whether
/// or not `.criticalAlert` was granted (project rule, docs/phone.md#notifications).
public final class UNNotificationSound: NSObject, Sendable {
  /// The sound file's name (`"default"` for the system's sound).
  let name: String
  /// Whether it is a critical alert's sound.
  let isCritical: Bool
  /// The critical sound's volume, 0 to 1; `nil` for the system's level.
  let volume: Float?

  init(name: String, isCritical: Bool = false, volume: Float? = nil) {
    self.name = name
    self.isCritical = isCritical
    self.volume = volume
    super.init()
  }

  /// The sound of the file `name` in the app's bundle or `Library/Sounds` (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/init(named:);
  /// iOS 10, not on watchOS, where Apple's SDK marks it prohibited). Declared for every
  /// platform, as this module serves the phone's code and the watch's alike. The simulation
  /// looks for no file.
  public convenience init(named name: UNNotificationSoundName) {
    self.init(name: name.rawValue)
  }

  /// The system's default notification sound (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/default).
  public static let `default` = UNNotificationSound(name: "default")

  /// The system's default critical alert sound (iOS 12, watchOS 5; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/defaultcritical).
  public static let defaultCritical = UNNotificationSound(name: "default", isCritical: true)

  /// The default critical alert sound at `volume`, 0 to 1 (iOS 12, watchOS 5; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/defaultcriticalsound(withaudiovolume:)).
  /// A volume outside 0...1 traps: Apple's page says it "must be a value between 0.0 and 1.0".
  public class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
    UNNotificationSound(name: "default", isCritical: true, volume: checked(volume))
  }

  /// The critical alert sound of the file `name` at the system's level (iOS 12, not on watchOS;
  /// Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/criticalsoundnamed(_:)).
  public class func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
    UNNotificationSound(name: name.rawValue, isCritical: true)
  }

  /// The critical alert sound of the file `name` at `volume`, 0 to 1 (iOS 12, not on watchOS;
  /// Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/criticalsoundnamed(_:withaudiovolume:)).
  /// A volume outside 0...1 traps, as ``defaultCriticalSound(withAudioVolume:)``.
  public class func criticalSoundNamed(
    _ name: UNNotificationSoundName, withAudioVolume volume: Float
  ) -> UNNotificationSound {
    UNNotificationSound(name: name.rawValue, isCritical: true, volume: checked(volume))
  }

  /// `volume` when it is in 0...1; otherwise traps with Apple's rule.
  private static func checked(_ volume: Float) -> Float {
    precondition(
      (0...1).contains(volume),
      "UNNotificationSound: a critical sound's volume must be between 0.0 and 1.0, not \(volume)")
    return volume
  }

  /// Equal when the name, the critical flag and the volume are.
  override public func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationSound else { return false }
    return name == other.name && isCritical == other.isCritical && volume == other.volume
  }

  /// From the name.
  override public var hash: Int { name.hashValue }
}

/// The name of a sound file (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationsoundname; iOS 10,
/// watchOS 3): `UNNotificationSoundName("chime.caf")` or `UNNotificationSoundName(rawValue:)`.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
  /// The file's name.
  public let rawValue: String
  /// A name from its string (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsoundname/init(rawvalue:)).
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A name from its string (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsoundname/init(_:)).
  public init(_ rawValue: String) { self.rawValue = rawValue }
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
