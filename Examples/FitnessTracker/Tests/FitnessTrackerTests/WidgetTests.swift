// The widget on Scenarios/midnight.json with a reload budget of 2 a day (a model, docs/phone.md
// #widgets: the install's first timeline is free; each later reload costs 1 of the local
// day's budget; with it spent, the next reload waits for the next local midnight).
//
// 23:59 June 10: the app's dashboard writes the snapshot (6700 steps, 300 kcal, 70 bpm, day
//   June 10); the widgets are installed: entries at 23:59 and at 00:00 June 11, policy
//   .after(00:14). Small at 23:59: 6700 of 10 000 → 0.67; Medium adds 300 kcal and 70 bpm. At
//   00:00 the second entry: the snapshot is of June 10, so no steps or energy (the heart rate
//   stays: the latest reading is not per day).
// 00:01: the app runs again: snapshot of June 11, 60 steps (Scenarios/midnight.json), and asks
//   for a reload: 00:04, 5 minutes after the install's (the floor), budget 2 → 1; its policy
//   .after(00:19) reloads at 00:19 (→ 0): 60 steps, 60 / 10 000 = 0.006. The policy's next,
//   00:34, is deferred to 00:00 June 12.
// 09:00: the app runs (1000 more steps, in the store at 08:00: 1060) and asks for a reload:
//   deferred too; the widget still shows 60.
import FitnessTracker
import FitnessTrackerKit
import FitnessTrackerWidget
import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Testing

@Suite("Widget")
struct WidgetTests {
  @Test("Small and Medium faces, the midnight entry, and a spent budget keeping old steps")
  @MainActor func budget() async throws {
    let simulation = try simulation("midnight") { $0.phone.widgetBudget = 2 }
    try await simulation.run {
      let defaults = simulation.appGroupDefaults(Settings.appGroup)
      let app = AppModel(healthStore: HKHealthStore(), defaults: defaults, clock: clock(simulation))
      try await app.dashboard.reader.requestAuthorization()
      _ = await app.dashboard.load()
      let provider = FitnessTimelineProvider(
        settings: Settings(defaults: defaults), clock: clock(simulation))
      let kind = FitnessTimelineProvider.kind
      await simulation.installWidget(kind: kind, family: .systemSmall, provider: provider)
      await simulation.installWidget(kind: kind, family: .systemMedium)
      let link = URL(string: "fitnesstracker://dashboard")!
      let small = try #require(
        simulation.widgetShown(kind: kind, family: .systemSmall, as: FitnessEntry.self))
      #expect(!small.isPlaceholder)
      #expect(
        small.entry.face(for: .systemSmall)
          == .small(
            WidgetFace.Small(
              date: local(2026, 6, 10, 23, 59), steps: 6700, stepGoal: 10_000, progress: 0.67,
              dataAsOf: local(2026, 6, 10, 23, 59), url: link)))
      let medium = try #require(
        simulation.widgetShown(kind: kind, family: .systemMedium, as: FitnessEntry.self))
      guard case .medium(let face) = medium.entry.face(for: .systemMedium) else {
        Issue.record("not a medium face")
        return
      }
      #expect(face.steps.steps == 6700)
      #expect(face.activeEnergy == 300)
      #expect(face.heartRate == 70)
      #expect(medium.entry.face(for: .accessoryCircular) == nil)
      // 00:00: the midnight entry shows no steps rather than June 10's.
      let atMidnight = try #require(
        simulation.widgetShown(
          kind: kind, family: .systemMedium, at: local(2026, 6, 11), as: FitnessEntry.self))
      #expect(atMidnight.entry.mediumFace.steps.steps == nil)
      #expect(atMidnight.entry.mediumFace.steps.progress == 0)
      #expect(atMidnight.entry.mediumFace.activeEnergy == nil)
      #expect(atMidnight.entry.mediumFace.heartRate == 70)

      // 00:01: the app runs: 60 steps today.
      try await simulation.advance(to: local(2026, 6, 11, 0, 1))
      await app.becameActive()
      // 00:40: the app's reload at 00:04 and the policy's at 00:19 spent the day's budget of 2.
      try await simulation.advance(to: local(2026, 6, 11, 0, 40))
      let status = try #require(simulation.widgetStatus(kind: kind, family: .systemSmall))
      #expect(
        status.reloads.map { "\($0.reason) \($0.budgetLeft)" } == [
          "install 2", "app 1", "policy 0",
        ])
      #expect(
        status.reloads.map(\.date) == [
          local(2026, 6, 10, 23, 59), local(2026, 6, 11, 0, 4), local(2026, 6, 11, 0, 19),
        ])
      #expect(status.budgetLeft == 0)
      #expect(status.isDeferred)
      #expect(status.nextReload == local(2026, 6, 12))
      #expect(
        simulation.widgetShown(kind: kind, family: .systemSmall, as: FitnessEntry.self)?
          .entry.smallFace.steps == 60)
      // 09:00: 1060 steps in the snapshot, the reload asked for is deferred: still 60.
      try await simulation.advance(to: local(2026, 6, 11, 9))
      #expect(await app.becameActive().steps == .value(1060))
      #expect(WidgetSnapshot.read(from: defaults)?.steps == 1060)
      let shown = try #require(
        simulation.widgetShown(kind: kind, family: .systemSmall, as: FitnessEntry.self))
      #expect(shown.entry.smallFace.steps == 60)
      #expect(shown.entry.smallFace.progress == 0.006)
      #expect(simulation.widgetStatus(kind: kind, family: .systemSmall)?.isDeferred == true)
    }
  }

  @Test("A tap on the widget opens the dashboard tab")
  @MainActor func deepLink() async throws {
    let simulation = try simulation("midnight")
    try await simulation.run {
      let defaults = simulation.appGroupDefaults(Settings.appGroup)
      let app = AppModel(healthStore: HKHealthStore(), defaults: defaults, clock: clock(simulation))
      app.select(.settings)
      let provider = FitnessTimelineProvider(
        settings: Settings(defaults: defaults), clock: clock(simulation))
      await simulation.installWidget(
        kind: FitnessTimelineProvider.kind, family: .systemSmall, provider: provider)
      let shown = try #require(
        simulation.widgetShown(
          kind: FitnessTimelineProvider.kind, family: .systemSmall, as: FitnessEntry.self))
      // No snapshot yet: the face's placeholders.
      #expect(shown.entry.smallFace.steps == nil)
      #expect(shown.entry.smallFace.dataAsOf == nil)
      #expect(app.open(shown.entry.url))
      #expect(app.selectedTab == .dashboard)
    }
  }

  @Test("A new goal reloads the widget: its ring uses 8000 from 00:05")
  @MainActor func goalReload() async throws {
    let simulation = try simulation("midnight")
    try await simulation.run {
      let defaults = simulation.appGroupDefaults(Settings.appGroup)
      let app = AppModel(healthStore: HKHealthStore(), defaults: defaults, clock: clock(simulation))
      try await app.dashboard.reader.requestAuthorization()
      _ = await app.dashboard.load()
      let kind = FitnessTimelineProvider.kind
      await simulation.installWidget(
        kind: kind, family: .systemSmall,
        provider: FitnessTimelineProvider(
          settings: Settings(defaults: defaults), clock: clock(simulation)))
      // 00:05 on June 11 (6 minutes after the install, past the 5-minute floor).
      try await simulation.advance(to: local(2026, 6, 11, 0, 5))
      app.settings.setStepGoal(8000)
      try await simulation.advance(by: .seconds(1))
      let status = try #require(simulation.widgetStatus(kind: kind, family: .systemSmall))
      #expect(status.reloads.map(\.reason) == [.install, .app])
      #expect(status.reloads.last?.date == local(2026, 6, 11, 0, 5))
      let shown = try #require(
        simulation.widgetShown(kind: kind, family: .systemSmall, as: FitnessEntry.self))
      #expect(shown.entry.stepGoal == 8000)
      // The snapshot is of June 10: no steps on June 11's face.
      #expect(shown.entry.smallFace.steps == nil)
    }
  }
}
