import Foundation

/// How an action behaves (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions),
/// with the SDK's raw values.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
  /// The bits, as the SDK numbers them.
  public let rawValue: UInt
  /// An options value from its raw value.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Only on an unlocked device (1).
  public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
  /// The action destroys something; shown highlighted (2).
  public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
  /// Choosing it brings the app to the foreground (4); without it the app answers in the
  /// background.
  public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// An image shown next to an action's title (iOS 15, watchOS 8; Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationactionicon): an SF
/// Symbol or a template image of the app. Kept on the action (``UNNotificationAction/icon``)
/// and compared by kind and name; the simulation draws nothing and looks for no image.
public final class UNNotificationActionIcon: NSObject, Sendable {
  /// Whether the name is an SF Symbol's (else an image of the app's).
  let isSystemImage: Bool
  /// The image's name.
  let imageName: String

  private init(isSystemImage: Bool, imageName: String) {
    self.isSystemImage = isSystemImage
    self.imageName = imageName
    super.init()
  }

  /// An icon from a system symbol (`"trash"`; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationactionicon/init(systemimagename:)).
  public convenience init(systemImageName: String) {
    self.init(isSystemImage: true, imageName: systemImageName)
  }

  /// An icon from a template image in the app's asset catalog or bundle (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationactionicon/init(templateimagename:)).
  public convenience init(templateImageName: String) {
    self.init(isSystemImage: false, imageName: templateImageName)
  }

  /// Equal when both are system symbols, or both the app's images, of the same name.
  override public func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationActionIcon else { return false }
    return isSystemImage == other.isSystemImage && imageName == other.imageName
  }

  /// From the name.
  override public var hash: Int { imageName.hashValue }
}

/// A button the user can choose on a delivered notification (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationaction).
public class UNNotificationAction: NSObject, @unchecked Sendable {
  /// What the response's `actionIdentifier` is when the user chooses it.
  public let identifier: String
  /// The button's title.
  public let title: String
  /// How it behaves.
  public let options: UNNotificationActionOptions
  /// The image shown with the title, `nil` for none (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/icon).
  /// Kept; the simulation draws no button.
  public let icon: UNNotificationActionIcon?

  /// An action (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/init(identifier:title:options:)).
  public convenience init(
    identifier: String, title: String, options: UNNotificationActionOptions = []
  ) {
    self.init(identifier: identifier, title: title, options: options, icon: nil)
  }

  /// An action with an icon (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/init(identifier:title:options:icon:)).
  public init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    icon: UNNotificationActionIcon?
  ) {
    self.identifier = identifier
    self.title = title
    self.options = options
    self.icon = icon
    super.init()
  }

  /// Equal when identifier, title, options and icon are.
  override public func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationAction, type(of: other) == type(of: self) else {
      return false
    }
    return identifier == other.identifier && title == other.title && options == other.options
      && icon == other.icon
  }

  /// From the identifier.
  override public var hash: Int { identifier.hashValue }
}

/// An action whose button asks the user for text (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction);
/// the response is a ``UNTextInputNotificationResponse``.
public final class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
  /// The title of the button that sends the text.
  public let textInputButtonTitle: String
  /// The placeholder of the text field.
  public let textInputPlaceholder: String

  /// A text-input action (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction/init(identifier:title:options:textinputbuttontitle:textinputplaceholder:)).
  public convenience init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    textInputButtonTitle: String, textInputPlaceholder: String
  ) {
    self.init(
      identifier: identifier, title: title, options: options, icon: nil,
      textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
  }

  /// A text-input action with an icon (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction/init(identifier:title:options:icon:textinputbuttontitle:textinputplaceholder:)).
  public init(
    identifier: String, title: String, options: UNNotificationActionOptions = [],
    icon: UNNotificationActionIcon?, textInputButtonTitle: String, textInputPlaceholder: String
  ) {
    self.textInputButtonTitle = textInputButtonTitle
    self.textInputPlaceholder = textInputPlaceholder
    super.init(identifier: identifier, title: title, options: options, icon: icon)
  }
}

/// How a category's notifications behave (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions),
/// with the SDK's raw values.
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
  /// The bits, as the SDK numbers them.
  public let rawValue: UInt
  /// An options value from its raw value.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Dismissing a notification reaches the delegate with
  /// ``UNNotificationDismissActionIdentifier`` (1).
  public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
  /// Shown in CarPlay (2).
  public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
  /// With previews hidden, the title still shows (4).
  public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
  /// With previews hidden, the subtitle still shows (8).
  public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
}

/// A type of notification the app declares, with its actions (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationcategory): a
/// request whose content's `categoryIdentifier` names it offers them.
public final class UNNotificationCategory: NSObject, @unchecked Sendable {
  /// Its name, as contents give it in `categoryIdentifier`.
  public let identifier: String
  /// The actions, in the order shown.
  public let actions: [UNNotificationAction]
  /// SiriKit intents (kept, not simulated).
  public let intentIdentifiers: [String]
  /// How its notifications behave.
  public let options: UNNotificationCategoryOptions
  /// The text shown instead of the body while previews are hidden; `""` when the category has
  /// none (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/hiddenpreviewsbodyplaceholder).
  /// Kept; the simulation has no Lock Screen setting that hides previews.
  public let hiddenPreviewsBodyPlaceholder: String
  /// The format of the summary shown when the category's notifications are grouped
  /// (`"%u new messages from %@"`); `""` when the category has none (iOS 12, not on watchOS;
  /// Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/categorysummaryformat).
  /// Kept; the simulation groups no notifications. Declared for every platform, as this module
  /// serves the phone's code and the watch's alike.
  public let categorySummaryFormat: String

  /// A category (Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:options:)).
  public init(
    identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
    options: UNNotificationCategoryOptions = []
  ) {
    self.identifier = identifier
    self.actions = actions
    self.intentIdentifiers = intentIdentifiers
    self.options = options
    hiddenPreviewsBodyPlaceholder = ""
    categorySummaryFormat = ""
    super.init()
  }

  /// A category with the text shown instead of the body while previews are hidden (iOS 11;
  /// Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:hiddenpreviewsbodyplaceholder:options:)).
  public init(
    identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
    hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
  ) {
    self.identifier = identifier
    self.actions = actions
    self.intentIdentifiers = intentIdentifiers
    self.options = options
    self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
    categorySummaryFormat = ""
    super.init()
  }

  /// A category with the hidden-previews text and the summary format (`nil` for none: both
  /// read back `""`; iOS 12, not on watchOS; Apple doc:
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:hiddenpreviewsbodyplaceholder:categorysummaryformat:options:)).
  /// Declared for every platform.
  public init(
    identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
    hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
    options: UNNotificationCategoryOptions = []
  ) {
    self.identifier = identifier
    self.actions = actions
    self.intentIdentifiers = intentIdentifiers
    self.options = options
    self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
    self.categorySummaryFormat = categorySummaryFormat ?? ""
    super.init()
  }

  /// Equal when every property is.
  override public func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UNNotificationCategory else { return false }
    return identifier == other.identifier && actions == other.actions
      && intentIdentifiers == other.intentIdentifiers && options == other.options
      && hiddenPreviewsBodyPlaceholder == other.hiddenPreviewsBodyPlaceholder
      && categorySummaryFormat == other.categorySummaryFormat
  }

  /// From the identifier.
  override public var hash: Int { identifier.hashValue }
}

/// How much a notification may interrupt (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel),
/// with the SDK's raw values. Kept on the content and written in the log's `delivered` entry;
/// Focus and the mute switch are not simulated.
public enum UNNotificationInterruptionLevel: UInt, Sendable, Hashable {
  /// Into the list without lighting the screen (0).
  case passive = 0
  /// Shown at once (1, the default).
  case active = 1
  /// Shown at once, through Focus (2).
  case timeSensitive = 2
  /// Shown at once, through the mute switch (3; an entitlement Apple grants).
  case critical = 3
}

/// The response when the user chose a ``UNTextInputNotificationAction`` (Apple doc:
/// https://developer.apple.com/documentation/usernotifications/untextinputnotificationresponse).
public final class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
  /// The text the user entered.
  public let userText: String

  init(notification: UNNotification, actionIdentifier: String, userText: String) {
    self.userText = userText
    super.init(notification: notification, actionIdentifier: actionIdentifier)
  }
}
