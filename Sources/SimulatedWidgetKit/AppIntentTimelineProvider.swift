import Foundation

/// The timeline source of a user-configurable widget: the `TimelineProvider` of an
/// `AppIntentConfiguration`, given the widget's configuration intent (iOS 17, watchOS 10;
/// Apple doc: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider).
/// Xcode's watchOS widget template writes one.
///
/// Registered with `AppSimulation.registerWidget(kind:provider:)`, what SwiftUI's
/// `AppIntentConfiguration(kind:intent:provider:content:)` does on a device; each installed
/// widget has its own configuration (`installWidget(kind:family:intent:)`, or `Intent()` when
/// none is given) and shares the reload model of every timeline widget: the first timeline
/// free, then the policy's instant or the app's request, within the budget
/// (docs/swift-api.md#widgets). The simulation calls ``timeline(for:in:)`` in a task on the
/// simulation's lane, virtual time waiting for its answer (or `appWorkGrace`).
public protocol AppIntentTimelineProvider {
  /// The entry type (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/entry).
  associatedtype Entry: TimelineEntry
  /// The configuration intent with the user's values (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/intent).
  associatedtype Intent: WidgetConfigurationIntent
  /// The context (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/context).
  typealias Context = TimelineProviderContext

  /// An entry with sample content, shown while the widget loads (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/placeholder(in:)).
  func placeholder(in context: Self.Context) -> Self.Entry

  /// An entry for the current state in `configuration`, for transient situations (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/snapshot(for:in:)).
  /// The simulation has no widget gallery and does not call it; a test may.
  func snapshot(for configuration: Self.Intent, in context: Self.Context) async -> Self.Entry

  /// The timeline of the widget configured with `configuration` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/timeline(for:in:)).
  func timeline(for configuration: Self.Intent, in context: Self.Context) async -> Timeline<
    Self.Entry
  >

  /// The preconfigured widgets offered where there is no configuration interface, as on the
  /// watch (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/recommendations()).
  /// The simulation asks a watch widget's provider when it is registered inside `on(.watch)`
  /// and again after `WidgetCenter.invalidateConfigurationRecommendations()`; read the answer
  /// with `configurationRecommendations(kind:as:)`. A phone widget's is never asked (Apple:
  /// inactive where widgets have a configuration interface). None by default (project rule:
  /// Xcode's iOS template writes none).
  func recommendations() -> [AppIntentRecommendation<Self.Intent>]

  /// When the widget is relevant in the watch's Smart Stack, and in which configuration
  /// (watchOS 11; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/relevance();
  /// `WidgetRelevance`'s page names "the `relevance()` requirement of your
  /// `AppIntentTimelineProvider`"): none by default. Asked as a `TimelineProvider`'s is
  /// (docs/swift-api.md#relevance).
  func relevance() async -> WidgetRelevance<Self.Intent>
}

extension AppIntentTimelineProvider {
  /// No recommendations (project rule: Xcode's iOS template implements none, so the
  /// requirement has a default).
  public func recommendations() -> [AppIntentRecommendation<Self.Intent>] { [] }

  /// No relevances, as `TimelineProvider`'s default (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/relevance()).
  public func relevance() async -> WidgetRelevance<Self.Intent> { WidgetRelevance([]) }
}

/// A preconfigured widget a watch offers in its list of complications: an intent and a
/// description (Apple doc: https://developer.apple.com/documentation/widgetkit/appintentrecommendation).
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent>: Sendable {
  /// The recommended configuration (the simulation's reading: Apple's struct shows none).
  public let intent: Intent
  /// What the user reads in the list, such as a city's name (the simulation's reading).
  public let description: String

  /// A recommendation of `intent`, described by `description` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/appintentrecommendation/init(intent:description:)-65igj).
  /// Apple's `description` is a SwiftUI `Text`; here any string, so that
  /// `AppIntentRecommendation(intent: intent, description: "Example Widget")` compiles as
  /// Xcode's template writes it.
  public init<S: StringProtocol>(intent: Intent, description: S) {
    self.intent = intent
    self.description = String(description)
  }
}
