import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSystem

// Xcode's watchOS widget extension template, as it writes it, with only what App Intents adds
// taken out of the intent (`title`, `description`, `@Parameter`: the simulation has no App
// Intents), so its parameter is a plain property with the template's default.

/// The template's configuration intent.
struct ConfigurationAppIntent: WidgetConfigurationIntent {
  // Xcode: @Parameter(title: "Favorite Emoji", default: "😃")
  var favoriteEmoji: String = "😃"
}

/// The template's entry.
struct SimpleEntry: TimelineEntry {
  let date: Date
  let configuration: ConfigurationAppIntent
}

/// The template's provider: five hourly entries from now, reloaded at the end.
struct Provider: AppIntentTimelineProvider {
  func placeholder(in context: Context) -> SimpleEntry {
    SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
  }

  func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async
    -> SimpleEntry
  {
    SimpleEntry(date: Date(), configuration: configuration)
  }

  func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<
    SimpleEntry
  > {
    var entries: [SimpleEntry] = []

    // Generate a timeline consisting of five entries an hour apart, starting from the current date.
    let currentDate = Date()
    for hourOffset in 0..<5 {
      let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
      let entry = SimpleEntry(date: entryDate, configuration: configuration)
      entries.append(entry)
    }

    return Timeline(entries: entries, policy: .atEnd)
  }

  func recommendations() -> [AppIntentRecommendation<ConfigurationAppIntent>] {
    // Create an array with all the preconfigured widgets to show.
    [AppIntentRecommendation(intent: ConfigurationAppIntent(), description: "Example Widget")]
  }
}

/// The emojis the app recommends, as its App Group would hold them: the test changes them.
final class EmojiStore: @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var emojis: [String]
  nonisolated(unsafe) var asked = 0
  init(_ emojis: [String]) { self.emojis = emojis }
}

/// A provider recommending one configuration per emoji of its store; its entries are hourly
/// as the template's, with `.after(2 h)`.
struct EmojiProvider: AppIntentTimelineProvider {
  let store: EmojiStore

  func placeholder(in context: Context) -> SimpleEntry {
    SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
  }

  func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async
    -> SimpleEntry
  {
    SimpleEntry(date: Date(), configuration: configuration)
  }

  func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<
    SimpleEntry
  > {
    let now = Date()
    return Timeline(
      entries: [SimpleEntry(date: now, configuration: configuration)],
      policy: .after(now.addingTimeInterval(7200)))
  }

  func recommendations() -> [AppIntentRecommendation<ConfigurationAppIntent>] {
    store.lock.withLock {
      store.asked += 1
      return store.emojis.map {
        AppIntentRecommendation(
          intent: ConfigurationAppIntent(favoriteEmoji: $0), description: "Emoji \($0)")
      }
    }
  }
}

/// The template's provider with a relevance: the 🏃 configuration from 1000 s to 2000 s.
struct RelevantProvider: AppIntentTimelineProvider {
  let start: Date

  func placeholder(in context: Context) -> SimpleEntry { Provider().placeholder(in: context) }

  func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async
    -> SimpleEntry
  {
    await Provider().snapshot(for: configuration, in: context)
  }

  func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<
    SimpleEntry
  > {
    await Provider().timeline(for: configuration, in: context)
  }

  func relevance() async -> WidgetRelevance<ConfigurationAppIntent> {
    WidgetRelevance([
      WidgetRelevanceAttribute(
        configuration: ConfigurationAppIntent(favoriteEmoji: "🏃"),
        context: .date(
          range: start.addingTimeInterval(1000)...start.addingTimeInterval(2000), kind: .default))
    ])
  }
}

@Suite("WidgetKit: App Intents widgets (AppIntentTimelineProvider, recommendations)")
struct AppIntentWidgetTests {
  /// A watch with the complication `Emoji` (accessoryCircular) on its face, as a scenario
  /// lists it.
  func watchFaceSimulation() throws -> HealthKitSimulation {
    var complications = Scenario.Complications()
    complications.widgets = [.init(kind: "Emoji", family: "accessoryCircular")]
    return try complicationSimulation(phone: Scenario.Phone(), complications: complications)
  }

  @Test("Xcode's watchOS template: timelines of Intent() at 0, 4 h and 8 h (.atEnd), recommended")
  func templateOnTheWatch() async throws {
    let simulation = try watchFaceSimulation()
    try await simulation.run {
      await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Emoji", provider: Provider())
      }
      try await simulation.advance(by: .seconds(5400))
      // 5400 s = 1.5 h: the entry of 1 h shows, with the template's default emoji. Its date is
      // the app's (the wall clock's now + 1 h, which the simulation reads as 3600 s): one hour
      // after the date of the entry shown at 0.
      let (first, shown) = await simulation.on(.watch) {
        (
          simulation.widgetShown(
            kind: "Emoji", family: .accessoryCircular, intent: ConfigurationAppIntent(),
            at: simulation.startDate, as: SimpleEntry.self),
          simulation.widgetShown(
            kind: "Emoji", family: .accessoryCircular, intent: ConfigurationAppIntent(),
            as: SimpleEntry.self)
        )
      }
      let firstDate = try #require(first?.entry.date)
      #expect(shown?.entry.date.timeIntervalSince(firstDate) == 3600)
      #expect(shown?.entry.configuration.favoriteEmoji == "😃")
      #expect(shown?.isPlaceholder == false)
      try await simulation.advance(by: .seconds(23_400))
    }
    // Entries at 0, 1, 2, 3, 4 h; `.atEnd` asks again at the last, 4 h = 14 400 s, and again
    // 4 h later, 28 800 s = the run's end (5400 + 23 400).
    let status = await simulation.on(.watch) {
      simulation.widgetStatus(
        kind: "Emoji", family: .accessoryCircular, intent: ConfigurationAppIntent())
    }
    #expect(
      status?.reloads.map { $0.date.timeIntervalSince(simulation.startDate) } == [
        0, 14_400, 28_800,
      ]
    )
    #expect(status?.reloads.map(\.reason) == [.install, .policy, .policy])
    // The recommendations were asked once, at registration on the watch.
    let recommended = await simulation.on(.watch) {
      simulation.configurationRecommendations(kind: "Emoji", as: ConfigurationAppIntent.self)
    }
    #expect(recommended.map(\.description) == ["Example Widget"])
    #expect(recommended.map(\.intent.favoriteEmoji) == ["😃"])
    let loaded = systemLog(simulation, .widgetKit).filter { $0.event == "recommendationsLoaded" }
    #expect(loaded.map(\.at) == [0])
    #expect(loaded.first?.details["count"] == .integer(1))
  }

  @Test("invalidateConfigurationRecommendations() on the watch asks again; the phone's asks none")
  func invalidationAsksAgain() async throws {
    let simulation = try watchFaceSimulation()
    let watchStore = EmojiStore(["🏃"])
    let phoneStore = EmojiStore(["🏊"])
    try await simulation.run {
      await simulation.registerWidget(kind: "Emoji", provider: EmojiProvider(store: phoneStore))
      await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Emoji", provider: EmojiProvider(store: watchStore))
      }
      try await simulation.advance(by: .seconds(600))
      watchStore.lock.withLock { watchStore.emojis = ["🏃", "🚴"] }
      await simulation.on(.watch) {
        WidgetCenter.shared.invalidateConfigurationRecommendations()
      }
      await simulation.settle()
      try await simulation.advance(by: .seconds(600))
      WidgetCenter.shared.invalidateConfigurationRecommendations()
      await simulation.settle()
    }
    // The watch's provider: asked at registration (0) and after the invalidation (600).
    #expect(watchStore.asked == 2)
    let recommended = await simulation.on(.watch) {
      simulation.configurationRecommendations(kind: "Emoji", as: ConfigurationAppIntent.self)
    }
    #expect(recommended.map(\.description) == ["Emoji 🏃", "Emoji 🚴"])
    // The phone's: never (Apple: inactive where widgets have a configuration interface).
    #expect(phoneStore.asked == 0)
    #expect(
      simulation.configurationRecommendations(kind: "Emoji", as: ConfigurationAppIntent.self)
        .isEmpty)
    let log = systemLog(simulation, .widgetKit).filter {
      $0.event.hasPrefix("recommendations")
    }
    #expect(
      log.map(\.event) == [
        "recommendationsLoaded", "recommendationsInvalidated", "recommendationsLoaded",
        "recommendationsInvalidated",
      ])
    #expect(log.map(\.at) == [0, 600, 600, 1200])
    #expect(
      log.map { $0.details["device"] } == [
        .string("watch"), .string("watch"), .string("watch"), .string("phone"),
      ])
    #expect(log.map { $0.details["count"] } == [.integer(1), nil, .integer(2), nil])
  }

  @Test("Two configurations of one kind and family are two widgets, each with its timeline")
  func twoConfigurations() async throws {
    let simulation = try complicationSimulation(
      phone: Scenario.Phone(), complications: Scenario.Complications())
    let store = EmojiStore(["🏃", "🚴"])
    try await simulation.run {
      let recommended = await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Emoji", provider: EmojiProvider(store: store))
        return simulation.configurationRecommendations(
          kind: "Emoji", as: ConfigurationAppIntent.self)
      }
      // The user puts both recommendations in the Smart Stack, the second 10 minutes later.
      await simulation.on(.watch) {
        await simulation.installWidget(
          kind: "Emoji", family: .accessoryRectangular, intent: recommended[0].intent)
      }
      try await simulation.advance(by: .seconds(600))
      let infos = await simulation.on(.watch) {
        await simulation.installWidget(
          kind: "Emoji", family: .accessoryRectangular, intent: recommended[1].intent)
        // Adding the first again does nothing.
        await simulation.installWidget(
          kind: "Emoji", family: .accessoryRectangular, intent: recommended[0].intent)
        return try? await WidgetCenter.shared.currentConfigurations()
      }
      #expect(infos?.count == 2)
      try await simulation.advance(by: .seconds(7200))
    }
    await simulation.on(.watch) {
      let run = ConfigurationAppIntent(favoriteEmoji: "🏃")
      let ride = ConfigurationAppIntent(favoriteEmoji: "🚴")
      // Run: installed at 0, `.after(2 h)` → 7200. Ride: installed at 600 → 7800.
      let runStatus = simulation.widgetStatus(
        kind: "Emoji", family: .accessoryRectangular, intent: run)
      let rideStatus = simulation.widgetStatus(
        kind: "Emoji", family: .accessoryRectangular, intent: ride)
      #expect(
        runStatus?.reloads.map { $0.date.timeIntervalSince(simulation.startDate) } == [0, 7200])
      #expect(
        rideStatus?.reloads.map { $0.date.timeIntervalSince(simulation.startDate) } == [600, 7800])
      // Each widget shows its own configuration's entry.
      let runShown = simulation.widgetShown(
        kind: "Emoji", family: .accessoryRectangular, intent: run, as: SimpleEntry.self)
      let rideShown = simulation.widgetShown(
        kind: "Emoji", family: .accessoryRectangular, intent: ride, as: SimpleEntry.self)
      #expect(runShown?.entry.configuration.favoriteEmoji == "🏃")
      #expect(rideShown?.entry.configuration.favoriteEmoji == "🚴")
      // The default configuration was not installed.
      #expect(
        simulation.widgetStatus(
          kind: "Emoji", family: .accessoryRectangular, intent: ConfigurationAppIntent()) == nil)
    }
  }

  /// A watch App Intents provider's `relevance()` is asked at registration: its card is in the
  /// Smart Stack inside the clue's span, 1000 s to 2000 s (both included), and not at 999 s
  /// or 2001 s.
  @Test func relevanceOfAnAppIntentsWidget() async throws {
    let simulation = try watchFaceSimulation()
    try await simulation.run {
      await simulation.on(.watch) {
        await simulation.registerWidget(
          kind: "Emoji", provider: RelevantProvider(start: simulation.startDate))
      }
      try await simulation.advance(by: .seconds(999))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.map(\.kind) == ["Emoji"])
      try await simulation.advance(by: .seconds(1000))
      #expect(simulation.suggestedWidgets.map(\.kind) == ["Emoji"])
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.isEmpty)
    }
    #expect(
      systemLog(simulation, .widgetKit).filter { $0.event == "relevanceLoaded" }.map(\.identifier)
        == ["Emoji"])
  }
}
