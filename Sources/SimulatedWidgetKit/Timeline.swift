import Foundation

/// A type that gives the date a widget shows a view at, and optionally its relevance (Apple
/// doc: https://developer.apple.com/documentation/widgetkit/timelineentry).
///
/// The simulation shows an entry from its ``date`` on (docs/phone.md#widgets): the entry a
/// widget shows at an instant is the latest of its current timeline with a date at or before
/// it (before the first entry's date, the first).
public protocol TimelineEntry {
  /// The date the widget shows this entry from (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineentry/date).
  var date: Date { get }
  /// The entry's relevance in a Smart Stack (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineentry/relevance); `nil` by
  /// default. The simulation keeps it and does not use it (its Smart Stack reads the provider's
  /// `relevance()` clues instead, docs/swift-api.md#relevance).
  var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
  /// No relevance (Apple's default; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineentry/relevance).
  public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is compared with the other entries of the current and past timelines
/// (Apple doc: https://developer.apple.com/documentation/widgetkit/timelineentryrelevance).
public struct TimelineEntryRelevance: Sendable, Equatable {
  /// The relevance score, relative to the provider's other entries (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/score).
  public var score: Float
  /// How long the score applies from the entry's date, in seconds (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/duration).
  public var duration: TimeInterval

  /// A relevance of `score` for `duration` seconds (0: until the next entry) (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/init(score:duration:)).
  public init(score: Float, duration: TimeInterval = 0) {
    self.score = score
    self.duration = duration
  }
}

/// When WidgetKit asks the provider for its next timeline, at the earliest (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy).
///
/// The simulation reloads at the policy's instant, no sooner than 5 minutes after the
/// widget's previous reload, within its daily budget (docs/phone.md#widgets).
public struct TimelineReloadPolicy: Equatable, Sendable {
  /// The policy's kind.
  enum Kind: Equatable, Sendable {
    case atEnd
    case after(Date)
    case never
  }
  let kind: Kind

  /// Reload once the last entry's date has passed (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/atend).
  public static let atEnd = TimelineReloadPolicy(kind: .atEnd)

  /// Reload at `date` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/after(_:)).
  public static func after(_ date: Date) -> TimelineReloadPolicy {
    TimelineReloadPolicy(kind: .after(date))
  }

  /// Never reload by itself: the app asks with `WidgetCenter` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/never).
  public static let never = TimelineReloadPolicy(kind: .never)
}

/// The entries a widget shows over time and when to ask for the next timeline (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/timeline).
public struct Timeline<EntryType: TimelineEntry> {
  /// The entries, in the order given (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timeline/entries).
  public let entries: [EntryType]
  /// When to reload (Apple doc: https://developer.apple.com/documentation/widgetkit/timeline/policy).
  public let policy: TimelineReloadPolicy

  /// A timeline of `entries` with `policy` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timeline/init(entries:policy:)).
  public init(entries: [EntryType], policy: TimelineReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }
}

/// A widget's size and shape (Apple doc: https://developer.apple.com/documentation/widgetkit/widgetfamily),
/// with the `Int` raw values of Apple's declaration order.
public enum WidgetFamily: Int, CustomStringConvertible, Sendable, Hashable, CaseIterable {
  /// A small widget on the Home Screen (0; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/systemsmall).
  case systemSmall = 0
  /// A medium widget (1; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/systemmedium).
  case systemMedium = 1
  /// A large widget (2; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/systemlarge).
  case systemLarge = 2
  /// An extra-large widget, iPadOS and macOS (3; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/systemextralarge).
  case systemExtraLarge = 3
  /// A corner complication, watchOS (4; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycorner).
  case accessoryCorner = 4
  /// A circular accessory widget: Lock Screen, complication (5; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycircular).
  case accessoryCircular = 5
  /// A rectangular accessory widget (6; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryrectangular).
  case accessoryRectangular = 6
  /// A single line of text (7; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryinline).
  case accessoryInline = 7

  /// The case's name (`"systemSmall"`), as the scenario's `phone.widgets[].family` spells it.
  public var description: String {
    switch self {
    case .systemSmall: "systemSmall"
    case .systemMedium: "systemMedium"
    case .systemLarge: "systemLarge"
    case .systemExtraLarge: "systemExtraLarge"
    case .accessoryCorner: "accessoryCorner"
    case .accessoryCircular: "accessoryCircular"
    case .accessoryRectangular: "accessoryRectangular"
    case .accessoryInline: "accessoryInline"
    }
  }

  /// The family named `name` (a case name, as ``description``), or `nil`.
  package init?(name: String) {
    guard let family = Self.allCases.first(where: { $0.description == name }) else { return nil }
    self = family
  }

  /// The size in points the simulation gives a widget of this family in
  /// ``TimelineProviderContext/displaySize``: a 393 × 852 pt iPhone's (Apple's Human Interface
  /// Guidelines, "Widgets"): small 158 × 158, medium 338 × 158, large 338 × 354, accessory
  /// circular 76 × 76, rectangular 172 × 76, inline 257 × 26; extra large 715 × 354 and corner
  /// 40 × 40 are a model (no number for that screen).
  package var simulatedDisplaySize: CGSize {
    switch self {
    case .systemSmall: CGSize(width: 158, height: 158)
    case .systemMedium: CGSize(width: 338, height: 158)
    case .systemLarge: CGSize(width: 338, height: 354)
    case .systemExtraLarge: CGSize(width: 715, height: 354)
    case .accessoryCorner: CGSize(width: 40, height: 40)
    case .accessoryCircular: CGSize(width: 76, height: 76)
    case .accessoryRectangular: CGSize(width: 172, height: 76)
    case .accessoryInline: CGSize(width: 257, height: 26)
    }
  }
}

/// How a widget is shown: its family, size, and whether it is a gallery preview (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/timelineprovidercontext).
public struct TimelineProviderContext: Sendable {
  /// The widget's family (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/family).
  public let family: WidgetFamily
  /// Whether the widget is a preview in the widget gallery (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/ispreview):
  /// `false` for an installed widget.
  public let isPreview: Bool
  /// The widget's size in points (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/displaysize):
  /// the family's size on a 393 × 852 pt iPhone (docs/phone.md#widgets).
  public let displaySize: CGSize

  /// The context of a widget of `family` (WidgetKit makes it; the initializer is the
  /// simulation's, so a test can call a provider directly; docs/swift-api.md#widgets).
  public init(family: WidgetFamily, isPreview: Bool = false, displaySize: CGSize? = nil) {
    self.family = family
    self.isPreview = isPreview
    self.displaySize = displaySize ?? family.simulatedDisplaySize
  }
}

/// The widget's source of timelines: a placeholder, a snapshot, and timelines (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/timelineprovider).
///
/// The simulation calls ``getTimeline(in:completion:)`` when a widget is installed and at each
/// reload (docs/phone.md#widgets); virtual time stays at the instant until the completion is
/// called (or the simulation's `appWorkGrace` passes).
public protocol TimelineProvider {
  /// The entry type (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/entry).
  associatedtype Entry: TimelineEntry
  /// The context (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/context).
  typealias Context = TimelineProviderContext

  /// An entry with sample content, shown while the widget loads (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/placeholder(in:)).
  func placeholder(in context: Self.Context) -> Self.Entry

  /// An entry for the current state, for transient situations (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/getsnapshot(in:completion:)).
  @preconcurrency func getSnapshot(
    in context: Self.Context, completion: @escaping @Sendable (Self.Entry) -> Void)

  /// The timeline for now and, optionally, future dates (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/gettimeline(in:completion:)).
  @preconcurrency func getTimeline(
    in context: Self.Context, completion: @escaping @Sendable (Timeline<Self.Entry>) -> Void)

  /// When the widget is relevant in the watch's Smart Stack (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/relevance()): none by
  /// default. The simulation asks a watch widget's provider when it is registered inside
  /// `on(.watch)` and after `WidgetCenter.invalidateRelevance(ofKind:)`; a phone widget's
  /// relevance has no effect, as RelevanceKit acts only on watchOS (docs/swift-api.md#relevance).
  func relevance() async -> WidgetRelevance<Void>
}
