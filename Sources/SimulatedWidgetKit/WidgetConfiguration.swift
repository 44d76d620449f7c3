import Foundation
import SimulatedHealthKit

/// A widget's configuration, without SwiftUI (Apple doc:
/// https://developer.apple.com/documentation/swiftui/widgetconfiguration).
///
/// Apple's `WidgetConfiguration` is SwiftUI's, which Linux does not have. This stand-in carries
/// no requirement of its own: it lets a widget extension's `Widget` declare its `body` as on
/// the watch (`var body: some WidgetConfiguration { RelevanceConfiguration(...) { ... } }`),
/// unchanged when its content closure returns no SwiftUI view, and
/// `HealthKitSimulation.registerWidget(_:)` registers it (docs/swift-api.md#relevance). Its
/// modifiers are kept as no-ops (there is no widget gallery to show a name or description in).
public protocol WidgetConfiguration {}

extension WidgetConfiguration {
  /// The name the widget gallery shows (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-2c3zv):
  /// a no-op here, the simulation has no widget gallery.
  public func configurationDisplayName<S: StringProtocol>(_ displayName: S) -> Self { self }

  /// The description the widget gallery shows (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-2bfr):
  /// a no-op here, the simulation has no widget gallery.
  public func description<S: StringProtocol>(_ description: S) -> Self { self }

  /// The families the widget supports (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)):
  /// a no-op here; a relevance widget's cards are the Smart Stack's.
  public func supportedFamilies(_ families: [WidgetFamily]) -> Self { self }
}

/// A widget of a widget extension: its configuration in ``body`` (SwiftUI's protocol, which
/// WidgetKit re-exports; Apple doc: https://developer.apple.com/documentation/swiftui/widget).
///
/// `HealthKitSimulation.registerWidget(_:)` stands in for the extension's `@main` bundle,
/// which the system reads as the extension launches. Unlike Apple's protocol this one is not
/// `@MainActor` (the simulation runs app code on its own lane) and ``body`` has no result
/// builder (write one configuration).
public protocol Widget {
  /// The configuration's type (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/widget/body-swift.associatedtype).
  associatedtype Body: WidgetConfiguration

  /// Creates the widget (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/widget/init()).
  init()

  /// The widget's configuration (Apple doc:
  /// https://developer.apple.com/documentation/swiftui/widget/body-swift.property).
  var body: Body { get }
}

/// A widget that gives the watch's Smart Stack relevance clues (watchOS 26; Apple doc:
/// https://developer.apple.com/documentation/widgetkit/relevanceconfiguration): its provider's
/// `relevance()` decides when each configuration's card is suggested, and its
/// `entry(configuration:context:)` what the card shows (docs/swift-api.md#relevance).
///
/// Apple's `Content` is a SwiftUI `View`; here it is any type, so that a widget whose content
/// closure returns no SwiftUI view compiles unchanged. The simulation draws nothing: the
/// closure is never called, and the card's entry is read with `HealthKitSimulation.suggestedEntry(kind:
/// attribute:as:)`.
public struct RelevanceConfiguration<Content>: WidgetConfiguration {
  /// The widget's kind.
  let kind: String
  /// The provider (opened again to register it).
  let provider: any RelevanceEntriesProvider

  /// A configuration of `kind` whose relevance and entries come from `provider` (Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/relevanceconfiguration/init(kind:provider:content:)).
  /// Apple's initializer is `@MainActor` and its `content` a SwiftUI view builder; here
  /// `content` is never called (nothing is drawn).
  ///
  /// - Parameters:
  ///   - kind: The widget's unique kind.
  ///   - provider: Decides when the widget is relevant and gives its entries.
  ///   - content: What the card shows for an entry (not called by the simulation).
  public init<Provider: RelevanceEntriesProvider>(
    kind: String, provider: Provider, content: @escaping (Provider.Entry) -> Content
  ) {
    self.kind = kind
    self.provider = provider
  }
}

extension HealthKitSimulation {
  /// Registers the watch widget extension's `widget`, as the system does when the extension
  /// launches: a ``RelevanceConfiguration`` body is registered as
  /// ``registerRelevanceWidget(kind:provider:)`` does (its provider's `relevance()` asked now,
  /// logged `relevanceLoaded`; registering a kind again replaces it;
  /// docs/swift-api.md#relevance).
  ///
  /// Traps for a body of another configuration type, naming what to write instead: timeline
  /// widgets are registered with `registerWidget(kind:provider:)` (SwiftUI's
  /// `StaticConfiguration` is not declared here).
  nonisolated(nonsending) public func registerWidget<W: Widget>(_ widget: W) async {
    let body = widget.body
    guard let relevance = body as? any RelevanceRegistration else {
      preconditionFailure(
        "registerWidget(_:): \(W.self)'s body is a \(type(of: body)), which the simulation cannot register: a relevance widget's body is a RelevanceConfiguration; register a timeline widget with registerWidget(kind:provider:) (docs/swift-api.md#relevance)"
      )
    }
    await registerRelevanceWidget(kind: relevance.kind, provider: relevance.provider)
  }
}

/// What ``HealthKitSimulation/registerWidget(_:)`` reads of a ``RelevanceConfiguration`` of any
/// `Content`.
protocol RelevanceRegistration {
  /// The widget's kind.
  var kind: String { get }
  /// Its provider.
  var provider: any RelevanceEntriesProvider { get }
}

extension RelevanceConfiguration: RelevanceRegistration {}
