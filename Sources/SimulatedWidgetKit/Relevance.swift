import Foundation
import SimulatedRelevanceKit

/// The App Intents protocol of a widget's configuration, which a ``RelevanceEntriesProvider``'s
/// `Configuration` conforms to (Apple doc:
/// https://developer.apple.com/documentation/appintents/widgetconfigurationintent).
///
/// The simulation has no App Intents: this stand-in has only `init()` of Apple's requirements
/// (no title, parameters or `perform()`); a configuration is a `Sendable` value the provider's
/// ``WidgetRelevanceAttribute/init(configuration:context:)`` names and its
/// ``RelevanceEntriesProvider/entry(configuration:context:)`` gets back, or an
/// ``AppIntentTimelineProvider``'s widget is configured with (docs/swift-api.md#relevance).
public protocol WidgetConfigurationIntent: Sendable {
  /// An intent with its parameters' default values (App Intents' `AppIntent` requirement;
  /// Apple doc: https://developer.apple.com/documentation/appintents/appintent/init()): the
  /// configuration of a widget installed without one.
  init()
}

/// When a widget could be relevant: a contextual clue, and for a configurable widget the
/// configuration it is relevant in (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/widgetrelevanceattribute).
public struct WidgetRelevanceAttribute<Configuration> {
  /// The configuration (`nil` for a widget without one, `Configuration == Void`).
  let configuration: Configuration?
  /// The clue.
  let context: RelevantContext
}

extension WidgetRelevanceAttribute: Sendable where Configuration: Sendable {}

extension WidgetRelevanceAttribute where Configuration == Void {
  /// A relevance in `context` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetrelevanceattribute/init(context:)).
  public init(context: RelevantContext) {
    self.init(configuration: nil, context: context)
  }
}

extension WidgetRelevanceAttribute where Configuration: WidgetConfigurationIntent {
  /// A relevance of `configuration` in `context` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetrelevanceattribute/init(configuration:context:)-8325r):
  /// the simulation asks the provider's ``RelevanceEntriesProvider/entry(configuration:context:)``
  /// for this configuration when its card comes into the Smart Stack.
  public init(configuration: Configuration, context: RelevantContext) {
    self.configuration = configuration
    self.context = context
  }
}

/// The relevances of a widget kind, in priority order (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/widgetrelevance).
///
/// The simulation keeps them all; at one instant the Smart Stack lists the relevant ones in
/// this order (within one `DateKind` priority: docs/swift-api.md#relevance).
public struct WidgetRelevance<Configuration> {
  /// The attributes, in the order given.
  let attributes: [WidgetRelevanceAttribute<Configuration>]

  /// The relevances `attributes` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetrelevance/init(_:)).
  public init(_ attributes: [WidgetRelevanceAttribute<Configuration>]) {
    self.attributes = attributes
  }
}

extension WidgetRelevance: Sendable where Configuration: Sendable {}

extension TimelineProvider {
  /// No relevances (Apple's default; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/timelineprovider/relevance()).
  public func relevance() async -> WidgetRelevance<Void> { WidgetRelevance([]) }
}

/// The information to render a relevance widget in one configuration (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/relevanceentry).
public protocol RelevanceEntry: Sendable {}

/// How a relevance widget is shown (Apple doc:
/// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovidercontext).
public struct RelevanceEntriesProviderContext: Sendable {
  /// Whether the widget appears as a preview only (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovidercontext/ispreview):
  /// `false` for a Smart Stack card.
  public let isPreview: Bool

  /// A context (WidgetKit makes it; the initializer is the simulation's, so a test can call a
  /// provider directly).
  public init(isPreview: Bool = false) {
    self.isPreview = isPreview
  }
}

/// The content of a widget that appears in the Smart Stack only when its relevance clues match
/// (Apple doc: https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider).
///
/// Registered with `HealthKitSimulation.registerRelevanceWidget(kind:provider:)`, what
/// `RelevanceConfiguration(kind:provider:content:)` does on the watch; the simulation asks
/// ``relevance()`` then, and again after `WidgetCenter.invalidateRelevance(ofKind:)`, and asks
/// ``entry(configuration:context:)`` when a configuration's card comes into the Smart Stack
/// (docs/swift-api.md#relevance).
public protocol RelevanceEntriesProvider {
  /// The entry type (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider/entry).
  associatedtype Entry: RelevanceEntry
  /// The configuration type (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider/configuration).
  associatedtype Configuration: WidgetConfigurationIntent
  /// The context (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider/context).
  typealias Context = RelevanceEntriesProviderContext

  /// The entry for `configuration`'s card (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider/entry(configuration:context:)).
  /// An error thrown is logged (`relevanceEntryFailed`) and the card shows the placeholder.
  func entry(configuration: Self.Configuration, context: Self.Context) async throws -> Self.Entry

  /// When the widget could be relevant, in priority order (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider/relevance()).
  func relevance() async -> WidgetRelevance<Self.Configuration>

  /// An entry to show before the configuration's entry arrives (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceentriesprovider/placeholder(context:)).
  func placeholder(context: Self.Context) -> Self.Entry
}
