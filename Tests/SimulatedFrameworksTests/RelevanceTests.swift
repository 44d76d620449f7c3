import Foundation
import SimulatedHealthKit
import SimulatedRelevanceKit
import SimulatedWidgetKit
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario

/// A relevance widget's configuration: a name.
struct NamedConfiguration: WidgetConfigurationIntent, Equatable {
  let name: String
  init(name: String) { self.name = name }
  init() { name = "" }
}

/// A relevance widget's entry: the configuration it was made for.
struct NamedEntry: RelevanceEntry, Equatable {
  let name: String
}

/// A relevance widget whose clues the test gives, one configuration per clue (named `c0`,
/// `c1`, ...).
struct CluesProvider: RelevanceEntriesProvider {
  let contexts: [RelevantContext]

  func entry(configuration: NamedConfiguration, context: Context) async throws -> NamedEntry {
    NamedEntry(name: configuration.name)
  }

  func relevance() async -> WidgetRelevance<NamedConfiguration> {
    WidgetRelevance(
      contexts.enumerated().map { index, context in
        WidgetRelevanceAttribute(
          configuration: NamedConfiguration(name: "c\(index)"), context: context)
      })
  }

  func placeholder(context: Context) -> NamedEntry { NamedEntry(name: "placeholder") }
}

@Suite("RelevanceKit and WidgetKit's relevance: the watch's Smart Stack")
struct RelevanceTests {
  /// The Smart Stack's log entries: (seconds from t = 0, event, kind, attribute).
  func stackLog(_ simulation: HealthKitSimulation) -> [(Double, String, String, Int)] {
    systemLog(simulation, .widgetKit).compactMap { entry in
      guard entry.event == "suggested" || entry.event == "unsuggested",
        case .integer(let attribute)? = entry.details["attribute"]
      else { return nil }
      return (entry.at, entry.event, entry.identifier, attribute)
    }
  }

  /// Whether `a` is `b` within a microsecond (an app call's change is logged at the least step
  /// after it, 1 ns later).
  func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

  /// A session started at 600 s and ended at 1800 s: `.workoutActive` is relevant from 600 s
  /// until 1800 s. Readings: 599 s none; 600 s (after `startActivity`) the card, since 600 s;
  /// 1799 s the card; 1800 s (after `end()`) none. Log: `suggested` at 600 s (+1 ns),
  /// `unsuggested` at 1800 s (+1 ns). The card's entry is the provider's for configuration
  /// `c0`. The watch complication with the same clue is suggested too (its provider's
  /// `relevance()`); the one with Apple's default relevance never is.
  @Test func workoutActiveFromStartToEnd() async throws {
    let simulation = try phoneSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [])
      await simulation.registerRelevanceWidget(
        kind: "Workout", provider: CluesProvider(contexts: [.fitness(.workoutActive)]))
      await simulation.on(.watch) {
        await simulation.registerWidget(
          kind: "Rings", provider: RelevantComplication(context: .fitness(.workoutActive)))
        await simulation.registerWidget(kind: "Plain", provider: RelevantComplication(context: nil))
      }
      try await simulation.advance(by: .seconds(599))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.startActivity(with: simulation.now)
      let started = simulation.suggestedWidgets
      #expect(started.map(\.kind) == ["Workout", "Rings"])
      #expect(started.first?.context == .fitness(.workoutActive))
      #expect(started.first?.since == simulation.startDate.addingTimeInterval(600))
      try await simulation.advance(by: .seconds(1199))
      #expect(simulation.suggestedWidgets.map(\.kind) == ["Workout", "Rings"])
      #expect(
        simulation.suggestedEntry(kind: "Workout", as: NamedEntry.self) == NamedEntry(name: "c0"))
      try await simulation.advance(by: .seconds(1))
      session.end()
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(600))
    }
    let log = stackLog(simulation)
    #expect(
      log.map { "\($0.1) \($0.2) \($0.3)" } == [
        "suggested Workout 0", "suggested Rings 0", "unsuggested Workout 0", "unsuggested Rings 0",
      ])
    #expect(log.map(\.0).enumerated().allSatisfy { index, at in near(at, index < 2 ? 600 : 1800) })
    #expect(
      systemLog(simulation, .widgetKit).filter { $0.event == "relevanceLoaded" }.map(\.identifier)
        == ["Workout", "Rings", "Plain"])
  }

  /// `date(range: 1000 s ... 2000 s, kind: .default)` and
  /// `date(interval: 3000 s + 500 s, kind: .scheduled)`: relevant only inside each closed span.
  /// Readings at 999 s none, 1000 s and 2000 s the first, 2000.5 s none, 3000 s the second;
  /// log: suggested c0 at 1000 s, unsuggested c0 at 2000 s (+1 ns: the closed end is still
  /// relevant), suggested c1 at 3000 s, unsuggested c1 at 3500 s (+1 ns).
  @Test func dateRelevantOnlyInsideItsSpan() async throws {
    let simulation = try phoneSimulation()
    let start = simulation.startDate
    try await simulation.run {
      await simulation.registerRelevanceWidget(
        kind: "Match",
        provider: CluesProvider(contexts: [
          .date(
            range: start.addingTimeInterval(1000)...start.addingTimeInterval(2000), kind: .default),
          .date(
            interval: DateInterval(start: start.addingTimeInterval(3000), duration: 500),
            kind: .scheduled),
        ]))
      try await simulation.advance(by: .seconds(999))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(1000))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .milliseconds(500))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(to: start.addingTimeInterval(3000))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [1])
      #expect(
        simulation.suggestedEntry(kind: "Match", attribute: 1, as: NamedEntry.self)
          == NamedEntry(name: "c1"))
      try await simulation.advance(by: .seconds(1000))
      #expect(simulation.suggestedWidgets.isEmpty)
    }
    let log = stackLog(simulation)
    #expect(
      log.map { "\($0.1) \($0.3)" } == [
        "suggested 0", "unsuggested 0", "suggested 1", "unsuggested 1",
      ])
    let expected: [Double] = [1000, 2000, 3000, 3500]
    #expect(zip(log.map(\.0), expected).allSatisfy { near($0, $1) })
  }

  /// `.activityRingsIncomplete` on a day with nothing in the store (0 kcal of a 500 kcal Move
  /// goal, 0 of 12 Stand hours): relevant from 18:00 local (64 800 s from the UTC midnight
  /// start) until midnight (86 400 s), not before. Sleep clues without a night in the store,
  /// headphones and inferred-location clues are never relevant.
  @Test func ringsIncompleteInTheEvening() async throws {
    let simulation = try phoneSimulation()
    try await simulation.run {
      await simulation.registerRelevanceWidget(
        kind: "Close",
        provider: CluesProvider(contexts: [
          .fitness(.activityRingsIncomplete), .sleep(.bedtime), .hardware(headphones: .connected),
          .location(inferred: .home),
        ]))
      try await simulation.advance(by: .seconds(64_799))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(21_599))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.isEmpty)
    }
    let log = stackLog(simulation)
    #expect(log.map { "\($0.1) \($0.0)" } == ["suggested 64800.0", "unsuggested 86400.0"])
  }

  /// `invalidateRelevance(ofKind:)` on the watch asks the provider again: a complication whose
  /// clue changes from none to `date(_:)` at 100 s (relevant 100 s through 3700 s, the one-hour
  /// rule) is suggested from 100 s after the app invalidates at 50 s, and leaves just after
  /// 3700 s; the phone's call only logs.
  @Test func invalidateRelevanceAsksAgain() async throws {
    let simulation = try phoneSimulation()
    let clue = ClueBox()
    try await simulation.run {
      await simulation.on(.watch) {
        await simulation.registerWidget(kind: "Next", provider: RelevantComplication(box: clue))
      }
      try await simulation.advance(by: .seconds(50))
      clue.set(.date(simulation.startDate.addingTimeInterval(100)))
      WidgetCenter.shared.invalidateRelevance(ofKind: "Next")
      await simulation.on(.watch) { WidgetCenter.shared.invalidateRelevance(ofKind: "Next") }
      try await simulation.advance(by: .seconds(50))
      #expect(simulation.suggestedWidgets.map(\.kind) == ["Next"])
      try await simulation.advance(by: .seconds(3600))
      #expect(simulation.suggestedWidgets.map(\.kind) == ["Next"])
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.isEmpty)
    }
    let events = systemLog(simulation, .widgetKit).filter { $0.identifier == "Next" }
    #expect(
      events.map(\.event) == [
        "relevanceLoaded", "relevanceInvalidated", "relevanceInvalidated", "relevanceLoaded",
        "suggested", "unsuggested",
      ])
    let expected: [Double] = [0, 50, 50, 50, 100, 3700]
    #expect(zip(events.map(\.at), expected).allSatisfy { near($0, $1) })
    #expect(events[1].details["device"] == .string("phone"))
    #expect(events[2].details["device"] == .string("watch"))
  }

  /// The module re-exports Foundation: a 600 s `DateInterval` with its import alone.
  @Test func reexportsFoundation() {
    #expect(relevanceKitFoundationUse().0.duration == 600)
  }
}

/// A clue the test changes.
final class ClueBox: @unchecked Sendable {
  let lock = NSLock()
  nonisolated(unsafe) var context: RelevantContext?
  func set(_ context: RelevantContext) { lock.withLock { self.context = context } }
  func get() -> RelevantContext? { lock.withLock { context } }
}

/// A watch complication whose `relevance()` is the box's clue (none: Apple's default answer).
struct RelevantComplication: TimelineProvider {
  let box: ClueBox

  init(box: ClueBox) { self.box = box }
  init(context: RelevantContext?) {
    box = ClueBox()
    if let context { box.set(context) }
  }

  func placeholder(in context: Context) -> CountEntry { CountEntry(date: .distantPast, value: 0) }
  func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) {
    completion(CountEntry(date: .distantPast, value: 0))
  }
  func getTimeline(
    in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void
  ) {
    completion(Timeline(entries: [CountEntry(date: .distantPast, value: 1)], policy: .never))
  }
  func relevance() async -> WidgetRelevance<Void> {
    WidgetRelevance(box.get().map { [WidgetRelevanceAttribute(context: $0)] } ?? [])
  }
}

@Suite("RelevanceKit: sleep clues from the health store's last night")
struct SleepRelevanceTests {
  /// One night in the store, in bed from 22:00 (−7200 s) to 07:00 (25 200 s), saved at its end:
  /// `.wakeup` is relevant for the hour from 07:00 (25 200 s to 28 800 s), `.bedtime` for the
  /// hour before 22:00 (75 600 s to 79 200 s); before the night is in the store (before
  /// 25 200 s) neither is. Log: suggested c0 at 25 200 s, unsuggested at 28 800 s, suggested
  /// c1 at 75 600 s, unsuggested at 79 200 s.
  @Test func bedtimeAndWakeupAroundTheLastNight() async throws {
    let night = HealthPlanSample(
      type: .sleepAnalysis, source: "iPhone", start: .seconds(-7200), end: .seconds(25_200),
      value: 0)
    let simulation = try phoneSimulation(
      health: HealthPlan(days: 1, generate: false, sleep: [night]))
    try await simulation.run {
      await simulation.registerRelevanceWidget(
        kind: "Sleep", provider: CluesProvider(contexts: [.sleep(.wakeup), .sleep(.bedtime)]))
      try await simulation.advance(by: .seconds(25_199))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(3599))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [0])
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(75_599))
      #expect(simulation.suggestedWidgets.isEmpty)
      try await simulation.advance(by: .seconds(1))
      #expect(simulation.suggestedWidgets.map(\.attribute) == [1])
      try await simulation.advance(by: .seconds(3600))
      #expect(simulation.suggestedWidgets.isEmpty)
    }
    let log = systemLog(simulation, .widgetKit).filter {
      $0.event == "suggested" || $0.event == "unsuggested"
    }
    #expect(
      log.map { "\($0.event) \($0.details["attribute"].map { "\($0)" } ?? "") \($0.at)" } == [
        "suggested integer(0) 25200.0", "unsuggested integer(0) 28800.0",
        "suggested integer(1) 75600.0", "unsuggested integer(1) 79200.0",
      ])
  }
}
