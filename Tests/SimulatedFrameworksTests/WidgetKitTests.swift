import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSystem

/// An entry with a number to tell timelines apart.
struct CountEntry: TimelineEntry {
  let date: Date
  let value: Int
}

/// A provider whose timelines the test describes: `entries(now)` gives the entries' offsets
/// from now (seconds) and values, `policy(now)` the reload policy. Counts its calls.
final class ScriptedProvider: TimelineProvider, @unchecked Sendable {
  let simulation: HealthKitSimulation
  let offsets: [TimeInterval]
  let policy: @Sendable (Date) -> TimelineReloadPolicy
  let lock = NSLock()
  nonisolated(unsafe) var calls = 0
  nonisolated(unsafe) var contexts: [TimelineProviderContext] = []

  init(
    _ simulation: HealthKitSimulation, offsets: [TimeInterval] = [0],
    policy: @escaping @Sendable (Date) -> TimelineReloadPolicy
  ) {
    self.simulation = simulation
    self.offsets = offsets
    self.policy = policy
  }

  func placeholder(in context: Context) -> CountEntry {
    CountEntry(date: .distantPast, value: -1)
  }

  func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) {
    completion(CountEntry(date: simulation.now, value: 0))
  }

  func getTimeline(
    in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void
  ) {
    let call = lock.withLock {
      calls += 1
      contexts.append(context)
      return calls
    }
    let now = simulation.now
    // Entry values: 100 × the call's number + the entry's index.
    let entries = offsets.enumerated().map { index, offset in
      CountEntry(date: now.addingTimeInterval(offset), value: call * 100 + index)
    }
    completion(Timeline(entries: entries, policy: policy(now)))
  }
}

/// A simulation starting at local midnight, 2026-01-05T00:00 UTC, with `phone`.
func phoneSimulation(
  phone: Scenario.Phone = Scenario.Phone(), timeZone: String = "UTC",
  start: String = "2026-01-05T00:00:00Z", app: Scenario.App = Scenario.App(),
  health: HealthPlan? = nil
) throws -> HealthKitSimulation {
  let date = try #require(ISO8601DateFormatter().date(from: start))
  var scenario = try Scenario(
    name: "phone", start: Scenario.WallClockDate(date: date, utcOffsetSeconds: 0, text: start),
    timeZone: timeZone)
  scenario.phone = phone
  scenario.app = app
  scenario.health = health
  return try HealthKitSimulation(scenario: scenario)
}

/// The simulation's `system` log entries of `framework`: (seconds from t = 0, event, details).
func systemLog(_ simulation: HealthKitSimulation, _ framework: SystemEvent.Framework)
  -> [(at: Double, event: String, identifier: String, details: [String: SystemEvent.Value])]
{
  simulation.result.log.compactMap { entry in
    guard case .system(let event) = entry.kind, event.framework == framework else { return nil }
    return (entry.at.seconds, event.event, event.identifier, event.details)
  }
}

/// The new-user trial's widget reload, as the suites of the main-queue hop run it
/// (`OnlyRunningSimulationTests`, `MainQueueBlockTests`): inside `simulation`'s run, installs
/// the small "Steps" widget (its provider never asks for a reload), advances 600 s (past the
/// 5-minute floor after the install's reload at 0), executes a cumulative step-count
/// statistics query and, from its results handler, gives `hop` the reload of "Steps"; returns
/// once `hop` has run it, and the simulation has settled.
func reloadStepsWidgetFromAQueryHandler(
  _ simulation: HealthKitSimulation,
  hop: @escaping @Sendable (_ reload: @escaping @Sendable () -> Void) -> Void
) async throws {
  let provider = ScriptedProvider(simulation) { _ in .never }
  await simulation.installWidget(
    kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
  try await simulation.advance(by: .seconds(600))
  let store = HKHealthStore()
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    store.execute(
      HKStatisticsQuery(
        quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
        options: .cumulativeSum
      ) { _, _, _ in
        hop {
          WidgetCenter.shared.reloadTimelines(ofKind: "Steps")
          done.resume()
        }
      })
  }
  await simulation.settle()
}

@Suite("WidgetKit: reloads, budget, entries")
struct WidgetKitTests {
  /// Seconds from t = 0 of each reload of the widget.
  func reloadSeconds(_ simulation: HealthKitSimulation, kind: String = "Steps") -> [Double] {
    let status = simulation.widgetStatus(kind: kind, family: WidgetFamily.systemSmall)
    return (status?.reloads ?? []).map { $0.date.timeIntervalSince(simulation.startDate) }
  }

  @Test(
    "`.after(15 min)` all day with the default budget of 40: 40 reloads, then deferred to midnight")
  func fifteenMinutesBudgetForty() async throws {
    let simulation = try phoneSimulation()
    let provider = ScriptedProvider(simulation) { .after($0.addingTimeInterval(900)) }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      try await simulation.advance(by: .seconds(86_400))
    }
    // Install at 0 (free), then every 900 s: 900, 1800, ..., 40 × 900 = 36 000 (10:00) spend
    // the 40 of the day. The reload due at 36 900 (10:15) is deferred to the next local
    // midnight, 86 400, where the new day's budget pays it (39 left).
    let expected = [0.0] + (1...40).map { Double($0 * 900) } + [86_400]
    #expect(reloadSeconds(simulation) == expected)
    #expect(provider.calls == 42)
    let deferred = systemLog(simulation, .widgetKit).filter { $0.event == "reloadDeferred" }
    #expect(deferred.count == 1)
    #expect(deferred.first?.at == 36_900)
    #expect(deferred.first?.details["reason"] == SystemEvent.Value.string("budget"))
    #expect(
      deferred.first?.details["until"]
        == SystemEvent.Value.instant(SimulationInstant.seconds(86_400)))
    let status = try #require(
      simulation.widgetStatus(kind: "Steps", family: WidgetFamily.systemSmall))
    #expect(status.reloads.last?.reason == WidgetReload.Reason.policy)
    #expect(status.reloads[40].budgetLeft == 0)
    #expect(status.budgetLeft == 39)
    // The next: 86 400 + 900.
    #expect(status.nextReload == simulation.startDate.addingTimeInterval(87_300))
    #expect(!status.isDeferred)
  }

  @Test("`.after(15 min)` with a budget of 100: all 96 quarter hours of (0, 24 h] reload")
  func fifteenMinutesBudgetHundred() async throws {
    var phone = Scenario.Phone()
    phone.widgetBudget = 100
    let simulation = try phoneSimulation(phone: phone)
    let provider = ScriptedProvider(simulation) { .after($0.addingTimeInterval(900)) }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      try await simulation.advance(by: .seconds(86_400))
    }
    // min(96, 100) = 96 reloads after the install: 95 on the first day (900 to 85 500, 5 of
    // the budget left) and the new day's first at 86 400; no deferral.
    #expect(reloadSeconds(simulation) == [0] + (1...96).map { Double($0 * 900) })
    #expect(systemLog(simulation, .widgetKit).filter { $0.event == "reloadDeferred" }.isEmpty)
    let status = try #require(
      simulation.widgetStatus(kind: "Steps", family: WidgetFamily.systemSmall))
    #expect(status.reloads[95].budgetLeft == 5)  // 100 − 95
    #expect(status.reloads[96].budgetLeft == 99)
  }

  @Test("The app's reloads spend the budget; with it spent the reload waits for local midnight")
  func appReloadsSpendTheBudget() async throws {
    var phone = Scenario.Phone()
    phone.widgetBudget = 3
    // Berlin: local midnight of 2026-01-06 is 23:00 UTC on the 5th; t = 0 is 01:00 local.
    let simulation = try phoneSimulation(phone: phone, timeZone: "Europe/Berlin")
    let provider = ScriptedProvider(simulation) { _ in .never }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      for _ in 0..<4 {
        try await simulation.advance(by: .seconds(600))
        WidgetCenter.shared.reloadTimelines(ofKind: "Steps")
        await simulation.settle()
      }
      // Requested at 2400, deferred to 23:00 UTC = 82 800 s.
      let status = try #require(
        simulation.widgetStatus(kind: "Steps", family: WidgetFamily.systemSmall))
      #expect(status.isDeferred)
      #expect(status.nextReload == simulation.startDate.addingTimeInterval(82_800))
      #expect(status.budgetLeft == 0)
      // It keeps showing the timeline of the third app reload (call 4, at 1800).
      #expect(
        simulation.widgetShown(
          kind: "Steps", family: WidgetFamily.systemSmall, as: CountEntry.self)?.entry.value == 400)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(82_800))
    }
    #expect(reloadSeconds(simulation) == [0, 600, 1200, 1800, 82_800])
    let status = try #require(
      simulation.widgetStatus(kind: "Steps", family: WidgetFamily.systemSmall))
    #expect(
      status.reloads.map { $0.reason } == [WidgetReload.Reason.install, .app, .app, .app, .app])
    #expect(status.reloads.map { $0.budgetLeft } == [3, 2, 1, 0, 2])
    let log = systemLog(simulation, .widgetKit)
    #expect(log.filter { $0.event == "reloadRequested" }.map { $0.at } == [600, 1200, 1800, 2400])
    let deferred = log.filter { $0.event == "reloadDeferred" }
    #expect(deferred.map { $0.at } == [2400])
    #expect(
      deferred.first?.details["until"]
        == SystemEvent.Value.instant(SimulationInstant.seconds(82_800)))
    #expect(
      simulation.widgetShown(kind: "Steps", family: WidgetFamily.systemSmall, as: CountEntry.self)?
        .entry.value == 500)
  }

  @Test("Never two reloads within 5 minutes: an early request waits for the floor")
  func fiveMinuteFloor() async throws {
    let simulation = try phoneSimulation()
    let provider = ScriptedProvider(simulation) { _ in .never }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemSmall, provider: provider)
      try await simulation.advance(by: .seconds(60))
      WidgetCenter.shared.reloadTimelines(ofKind: "Steps")
      try await simulation.advance(by: .seconds(60))
      WidgetCenter.shared.reloadAllTimelines()
      // Install at 0: both requests (60, 120) wait for 0 + 300 s and make one reload.
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(299))
      #expect(provider.calls == 1)
      try await simulation.advance(by: .seconds(1))
      #expect(provider.calls == 2)
      // A request at 310 waits for 300 + 300 = 600.
      try await simulation.advance(by: .seconds(10))
      WidgetCenter.shared.reloadTimelines(ofKind: "Steps")
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(700))
    }
    #expect(reloadSeconds(simulation) == [0, 300, 600])
    let deferred = systemLog(simulation, .widgetKit).filter { $0.event == "reloadDeferred" }
    #expect(deferred.map { $0.at } == [60, 310])
    #expect(
      deferred.map { $0.details["reason"] } == [
        .string("minimumInterval"), SystemEvent.Value.string("minimumInterval"),
      ])
    #expect(
      deferred.map { $0.details["until"] } == [
        SystemEvent.Value.instant(SimulationInstant.seconds(300)),
        SystemEvent.Value.instant(SimulationInstant.seconds(600)),
      ])
    // Another kind's request does not touch this widget.
    #expect(
      systemLog(simulation, .widgetKit).filter { $0.event == "reloadRequested" }.map {
        $0.identifier
      }
        == ["Steps", "*", "Steps"])
  }

  @Test("Entries are shown at their dates; `.atEnd` reloads at the last entry's date")
  func entriesAtTheirDates() async throws {
    let simulation = try phoneSimulation()
    // Entries at now + 600, + 1200, + 1800: before the first, the first is shown.
    let provider = ScriptedProvider(simulation, offsets: [600, 1200, 1800]) { _ in .atEnd }
    try await simulation.run {
      await simulation.installWidget(
        kind: "Steps", family: WidgetFamily.systemMedium, provider: provider)
      func shown() -> Int? {
        simulation.widgetShown(
          kind: "Steps", family: WidgetFamily.systemMedium, as: CountEntry.self)?.entry.value
      }
      #expect(shown() == 100)  // t = 0: before 600, the first entry
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1199))
      #expect(shown() == 100)
      try await simulation.advance(by: .seconds(1))
      #expect(shown() == 101)  // 1200
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1799))
      #expect(shown() == 101)
      #expect(provider.calls == 1)
      // 1800: the last entry's date: the reload (call 2) gives entries at 2400, 3000, 3600;
      // 1800 lies before them, so its first is shown.
      try await simulation.advance(by: .seconds(1))
      #expect(provider.calls == 2)
      #expect(shown() == 200)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(3000))
      #expect(shown() == 201)
      // A date read ahead on the current timeline: 3600 → the third entry.
      let ahead = simulation.widgetShown(
        kind: "Steps", family: WidgetFamily.systemMedium,
        at: simulation.startDate.addingTimeInterval(3600), as: CountEntry.self)
      #expect(ahead?.entry.value == 202)
      #expect(ahead?.family == WidgetFamily.systemMedium)
    }
    // The context WidgetKit passed: the family, not a preview, the family's size.
    #expect(provider.contexts.first?.family == WidgetFamily.systemMedium)
    #expect(provider.contexts.first?.isPreview == false)
    #expect(provider.contexts.first?.displaySize == CGSize(width: 338, height: 158))
  }

  @Test(
    "Scenario widgets load when their provider is registered; placeholder before; configurations")
  func scenarioWidgets() async throws {
    var phone = Scenario.Phone()
    phone.widgets = [
      .init(kind: "Steps", family: "systemSmall"), .init(kind: "Steps", family: "systemMedium"),
    ]
    let simulation = try phoneSimulation(phone: phone)
    let provider = ScriptedProvider(simulation) { _ in .never }
    try await simulation.run {
      let infos = try await WidgetCenter.shared.currentConfigurations()
      #expect(infos.map { $0.family } == [WidgetFamily.systemSmall, .systemMedium])
      #expect(infos.map { $0.kind } == ["Steps", "Steps"])
      #expect(
        simulation.widgetShown(kind: "Steps", family: WidgetFamily.systemSmall, as: CountEntry.self)
          == nil)
      try await simulation.advance(by: .seconds(60))
      await simulation.registerWidget(kind: "Steps", provider: provider)
      #expect(provider.calls == 2)
      let shown = try #require(
        simulation.widgetShown(
          kind: "Steps", family: WidgetFamily.systemMedium, as: CountEntry.self))
      #expect(!shown.isPlaceholder)
      #expect(shown.entry.value == 200)
      // The completion form: through the lane, at the next delivery.
      let got = NSLock()
      nonisolated(unsafe) var families: [WidgetFamily] = []
      WidgetCenter.shared.getCurrentConfigurations { result in
        got.withLock { families = (try? result.get().map { $0.family }) ?? [] }
      }
      await simulation.settle()
      #expect(got.withLock { families } == [WidgetFamily.systemSmall, .systemMedium])
    }
    let reloads = systemLog(simulation, .widgetKit).filter { $0.event == "reloaded" }
    #expect(reloads.map { $0.at } == [60, 60])
    #expect(
      reloads.map { $0.details["family"] } == [
        SystemEvent.Value.string("systemSmall"), SystemEvent.Value.string("systemMedium"),
      ])
    #expect(
      reloads.map { $0.details["reason"] } == [
        SystemEvent.Value.string("install"), SystemEvent.Value.string("install"),
      ])
    #expect(
      reloads.map { $0.details["budgetLeft"] } == [
        SystemEvent.Value.integer(40), SystemEvent.Value.integer(40),
      ])
  }

  @Test("A provider answering later (wall clock) holds virtual time at the reload instant")
  func getTimelineHoldsTime() async throws {
    let simulation = try phoneSimulation()
    final class SlowProvider: TimelineProvider, @unchecked Sendable {
      let simulation: HealthKitSimulation
      init(_ simulation: HealthKitSimulation) { self.simulation = simulation }
      func placeholder(in context: Context) -> CountEntry {
        CountEntry(date: .distantPast, value: -1)
      }
      func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) {}
      func getTimeline(
        in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void
      ) {
        let simulation = self.simulation
        let asked = simulation.now
        DispatchQueue.global().async {
          // The answer comes once the system waits for it (no guessed delay); a system that
          // did not wait would move time on, which ends the wait too and fails the test. On a
          // Dispatch thread, which the simulation neither owns nor waits for: a task would
          // run on the simulation's lane, whose idleness the system waits for first.
          while simulation.state.withLock({ $0.holdWaits == 0 }), simulation.now == asked {
            sched_yield()
          }
          // The answer's instant: virtual time has not moved since the call.
          let seconds = Int(simulation.now.timeIntervalSince(simulation.startDate))
          completion(
            Timeline(
              entries: [CountEntry(date: simulation.now, value: seconds)],
              policy: .after(simulation.now.addingTimeInterval(900))))
        }
      }
    }
    // The answer comes from Dispatch's global queue: on a loaded machine (parallel tests, a
    // build beside them) it can wait long for a thread; the hold must not run out first.
    simulation.appWorkGrace = .seconds(600)
    try await simulation.run {
      await simulation.installWidget(
        kind: "Slow", family: WidgetFamily.systemSmall, provider: SlowProvider(simulation))
      #expect(
        simulation.widgetShown(kind: "Slow", family: WidgetFamily.systemSmall, as: CountEntry.self)?
          .entry.value
          == 0)
      try await simulation.advance(by: .seconds(1000))
      #expect(
        simulation.widgetShown(kind: "Slow", family: WidgetFamily.systemSmall, as: CountEntry.self)?
          .entry.value
          == 900)
    }
  }

  @Test("The App Group: one suite per group in a simulation, another in the next simulation")
  func appGroup() throws {
    let first = try phoneSimulation()
    let second = try phoneSimulation()
    let defaults = first.appGroupDefaults("group.example.tracker")
    defaults.set(12_000, forKey: "stepGoal")
    #expect(first.appGroupDefaults("group.example.tracker") === defaults)
    #expect(first.appGroupDefaults("group.example.tracker").integer(forKey: "stepGoal") == 12_000)
    #expect(first.appGroupDefaults("group.example.other").object(forKey: "stepGoal") == nil)
    #expect(second.appGroupDefaults("group.example.tracker").object(forKey: "stepGoal") == nil)
  }

  @Test("The App Group's suite is readable during the run and gone from disk once released")
  func appGroupLeavesNoFile() async throws {
    // Foundation on Linux keeps a suite in `$XDG_CONFIG_HOME/<suite>.plist`, with
    // `~/.config` when the variable is not set.
    let config =
      ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
    func files() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: config.path).filter {
        $0.hasPrefix("group.example.leaves-nothing.simulation-")
      }
    }
    weak var released: HealthKitSimulation?
    do {
      let simulation = try phoneSimulation()
      released = simulation
      try await simulation.run {
        let defaults = simulation.appGroupDefaults("group.example.leaves-nothing")
        defaults.set(9_000, forKey: "stepGoal")
        defaults.synchronize()
        try await simulation.advance(by: .seconds(60))
        #expect(
          simulation.appGroupDefaults("group.example.leaves-nothing")
            .integer(forKey: "stepGoal") == 9_000)
        // Written to disk during the run: one file for this simulation's suite.
        #expect(try files().count == 1)
      }
      #expect(
        simulation.appGroupDefaults("group.example.leaves-nothing")
          .integer(forKey: "stepGoal") == 9_000)
    }
    // The run's own canceller task lets go of the simulation a moment after `run` returns:
    // wait for the release (at most 10 s, not a timing assertion).
    for _ in 0..<1_000 where released != nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(released == nil)
    // The simulation is released: its suite's file is gone.
    #expect(try files() == [])
  }

  @Test("WidgetFamily's raw values follow Apple's declaration order")
  func familyRawValues() {
    #expect(WidgetFamily.allCases.map { $0.rawValue } == Array(0...7))
    #expect(WidgetFamily(rawValue: 5) == WidgetFamily.accessoryCircular)
    #expect(WidgetFamily.systemMedium.description == "systemMedium")
  }
}
