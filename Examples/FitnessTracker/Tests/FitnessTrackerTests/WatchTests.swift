// The watch's today screen and step complication on Scenarios/midnight.json at 23:59: 6700
// steps and 300 kcal (DashboardTests.swift works them). The phone's settings set the goal to
// 8000: 6700 / 8000 = 0.8375 on both; energy 300 / 500 = 0.6; the complication's text
// 6700 → 67 tenths of a thousand → "6.7k".
import FitnessTracker
import FitnessTrackerKit
import FitnessTrackerWatch
import Foundation
import SimulatedHealthKit
import SimulatedWidgetKit
import Testing

@Suite("Watch")
struct WatchTests {
  @Test("The today screen and the complication read the goal the phone set")
  @MainActor func sameGoal() async throws {
    let simulation = try simulation("midnight")
    try await simulation.run {
      let defaults = simulation.appGroupDefaults(Settings.appGroup)
      let app = AppModel(healthStore: HKHealthStore(), defaults: defaults, clock: clock(simulation))
      try await app.dashboard.reader.requestAuthorization()
      app.settings.setStepGoal(8000)
      #expect(await app.settings.load().stepGoal == 8000)

      let watch = WatchTodayModel(
        healthStore: HKHealthStore(), settings: Settings(defaults: defaults),
        clock: clock(simulation))
      let screen = await watch.load()
      #expect(
        screen
          == WatchTodayScreen(
            date: local(2026, 6, 10, 23, 59), steps: .value(6700), stepGoal: 8000,
            stepProgress: 0.8375, activeEnergy: .value(300), energyGoal: 500,
            energyProgress: 0.6))

      let provider = StepComplicationProvider(
        settings: Settings(defaults: defaults), clock: clock(simulation))
      await simulation.installWidget(
        kind: StepComplicationProvider.kind, family: .accessoryCircular, provider: provider)
      let shown = try #require(
        simulation.widgetShown(
          kind: StepComplicationProvider.kind, family: .accessoryCircular,
          as: StepComplicationEntry.self))
      #expect(
        shown.entry.face
          == ComplicationFace(
            date: local(2026, 6, 10, 23, 59), steps: 6700, stepGoal: 8000, gauge: 0.8375,
            text: "6.7k"))
    }
  }

  @Test("The complication's text and gauge")
  func text() {
    #expect(StepComplicationEntry.text(nil) == "--")
    #expect(StepComplicationEntry.text(999) == "999")
    // 8432 → (8432 + 50) / 100 = 84 tenths → "8.4k"; 9950 → 100 tenths → "10.0k".
    #expect(StepComplicationEntry.text(8432) == "8.4k")
    #expect(StepComplicationEntry.text(9950) == "10.0k")
    // 12 000 of 10 000: the gauge stops at 1.
    let face = StepComplicationEntry(
      date: Date(timeIntervalSince1970: 0), steps: 12_000, stepGoal: 10_000
    ).face
    #expect(face.gauge == 1)
    #expect(face.text == "12.0k")
  }
}
