// The dashboard on Examples/FitnessTracker/Scenarios/midnight.json: Berlin (UTC+2), t = 0 at
// 23:59 on 2026-06-10. The store's rules are docs/health-store.md's: Watch before iPhone where
// both count; today's steps are today's bucket of the daily statistics (a sample across
// midnight split by time).
//
// At 23:59 (t = 0):
//   steps: Watch 3000 (08:00–09:00) + iPhone 09:00–09:30 of 2400 over 08:30–09:30 (40/min ×
//     30 = 1200) + Watch 2500 (12:00–12:30) = 6700; the straddling Watch sample (23:58:00–
//     00:00:30) reaches the store only at its end (00:00:30). Goal 10 000: 6700 / 10 000 = 0.67.
//   energy: Watch 150 + iPhone 60 over 08:30–09:30 adds 09:00–09:30 = 30 + Watch 120 = 300 kcal;
//     goal 500: 0.6.
//   heart rate: latest 70 (23:30); the 24 h from 2026-06-09 23:59: 80 (07:00), 62 (22:00),
//     70 (23:30); 58 (2026-06-09 23:00) is older.
//   sleep (stages starting 18:00 June 9 to 12:00 June 10): asleep core 3 h + deep 1 h + REM
//     1.5 h + core 1 h = 6.5 h; in bed 22:30–06:30 = 8 h (the union of every span); efficiency
//     6.5 / 8 = 0.8125. Duration part 1 − 0.25 × (7 − 6.5) = 0.875, efficiency part
//     (0.8125 − 0.65) / 0.20 = 0.8125: 70 × 0.875 + 30 × 0.8125 = 61.25 + 24.375 = 85.625 → 86,
//     excellent. Bars: core 4 h, deep 1, REM 1.5, unspecified 0, awake 0.5.
// At 00:01 on June 11 (t = 120): the straddler is in the store (300 over 150 s = 2/s): 30 s
//   after midnight → 60 steps today, 0.006 of the goal; no energy yet today; the same heart
//   rates (the window starts 00:01 June 10); last night is the night ending June 11: no sleep.
import FitnessTracker
import FitnessTrackerKit
import Foundation
import SimulatedHealthKit
import Testing
import WorkoutScenario

@Suite("Dashboard")
struct DashboardTests {
  @Test("23:59: 6700 steps (0.67), 300 kcal (0.6), 70 bpm with three readings, sleep 86")
  @MainActor func beforeMidnight() async throws {
    let simulation = try simulation("midnight")
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let model = DashboardModel(
        healthStore: HKHealthStore(), settings: group.settings, clock: clock(simulation))
      try await model.reader.requestAuthorization()
      let screen = await model.load()
      #expect(screen.date == local(2026, 6, 10, 23, 59))
      #expect(screen.steps == .value(6700))
      #expect(screen.stepGoal == 10_000)
      #expect(screen.stepProgress == 0.67)
      #expect(screen.activeEnergy == .value(300))
      #expect(screen.energyGoal == 500)
      #expect(screen.energyProgress == 0.6)
      let heart = try #require(screen.heartRate.value)
      #expect(heart.latest == HeartRatePoint(date: local(2026, 6, 10, 23, 30), bpm: 70))
      #expect(heart.last24Hours.map(\.bpm) == [80, 62, 70])
      #expect(heart.last24Hours.first?.date == local(2026, 6, 10, 7))
      let sleep = try #require(screen.sleep.value)
      #expect(sleep.asleepHours == 6.5)
      #expect(sleep.inBedHours == 8)
      #expect(sleep.efficiency == 0.8125)
      #expect(sleep.score == 86)
      #expect(sleep.rating == .excellent)
      #expect(
        sleep.stages == [
          SleepStageBar(stage: .core, hours: 4), SleepStageBar(stage: .deep, hours: 1),
          SleepStageBar(stage: .rem, hours: 1.5), SleepStageBar(stage: .unspecified, hours: 0),
          SleepStageBar(stage: .awake, hours: 0.5),
        ])
    }
  }

  @Test("00:01: steps restart at local midnight, the straddling sample's 60 steps after it")
  @MainActor func afterMidnight() async throws {
    let simulation = try simulation("midnight")
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let settings = group.settings
      let model = DashboardModel(
        healthStore: HKHealthStore(), settings: settings, clock: clock(simulation))
      try await model.reader.requestAuthorization()
      try await simulation.advance(by: .seconds(120))
      let screen = await model.load()
      #expect(screen.date == local(2026, 6, 11, 0, 1))
      #expect(screen.steps == .value(60))
      #expect(screen.stepProgress == 0.006)
      #expect(screen.activeEnergy == .noData)
      #expect(screen.energyProgress == 0)
      #expect(screen.heartRate.value?.latest.bpm == 70)
      #expect(screen.heartRate.value?.last24Hours.map(\.bpm) == [80, 62, 70])
      #expect(screen.sleep == .noData)
      // The widget's snapshot is of June 11: 60 steps, no energy, 70 bpm.
      #expect(
        WidgetSnapshot.read(from: settings.defaults)
          == WidgetSnapshot(
            date: local(2026, 6, 11, 0, 1), day: local(2026, 6, 11), steps: 60, stepGoal: 10_000,
            activeEnergy: nil, heartRate: 70))
    }
  }

  @Test("A goal of 5000 steps and 250 kcal: the rings at 1.34 and 1.2 (past the goal)")
  @MainActor func goalProgress() async throws {
    let simulation = try simulation("midnight")
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let settings = group.settings
      settings.stepGoal = 5000
      settings.energyGoal = 250
      let model = DashboardModel(
        healthStore: HKHealthStore(), settings: settings, clock: clock(simulation))
      try await model.reader.requestAuthorization()
      let screen = await model.load()
      // 6700 / 5000 = 1.34; 300 / 250 = 1.2.
      #expect(screen.stepGoal == 5000)
      #expect(screen.stepProgress == 1.34)
      #expect(screen.energyProgress == 1.2)
    }
  }

  @Test("Denied reads: every card is a placeholder (no data), the rings at 0")
  @MainActor func denied() async throws {
    let simulation = try simulation("midnight") {
      $0.authorization = Scenario.Authorization(defaultAnswer: .denied)
    }
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let model = DashboardModel(
        healthStore: HKHealthStore(), settings: group.settings, clock: clock(simulation))
      try await model.reader.requestAuthorization()
      let screen = await model.load()
      #expect(screen.steps == .noData)
      #expect(screen.activeEnergy == .noData)
      #expect(screen.heartRate == .noData)
      #expect(screen.sleep == .noData)
      #expect(screen.stepProgress == 0)
      #expect(screen.energyProgress == 0)
    }
  }

  @Test("Before the authorization prompt: every card says \"not connected\"")
  @MainActor func notConnected() async throws {
    let simulation = try simulation("midnight")
    let group = appGroup()
    defer { group.remove() }
    await simulation.run {
      let model = DashboardModel(
        healthStore: HKHealthStore(), settings: group.settings, clock: clock(simulation))
      let screen = await model.load()
      #expect(screen.steps == .notConnected)
      #expect(screen.heartRate == .notConnected)
      #expect(screen.sleep == .notConnected)
      #expect(await model.reader.access() == .notRequested)
    }
  }
}
