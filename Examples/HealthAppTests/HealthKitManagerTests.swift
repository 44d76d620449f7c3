// The seed app's HealthKitManager run in `swift test` on virtual time, against the scenario
// Examples/HealthApp/Scenarios/seed-day.json: explicit samples only, at 18:00 local time in
// Berlin (UTC+2 in June) on Wednesday 2026-06-10, `t = 0`. The store's rules are
// docs/health-store.md's: Watch before iPhone where both count steps, each sample's value spread
// evenly over its interval; `HKStatisticsQuery` counts a sample its predicate matches in full,
// the daily collection splits it by time.
//
// Steps today (local midnight to 18:00):
//   Watch 23:50–00:10 (yesterday into today), 120: matched by the overlap predicate → 120
//   Watch 08:00–09:00, 3000                                                        → 3000
//   iPhone 08:30–09:30, 2400 = 40/min: 08:30–09:00 is the Watch's; 09:00–09:30: 30 × 40 → 1200
//   Watch 12:00–12:30, 2112                                                        → 2112
//   iPhone 17:00–17:20, 2000 (no Watch data there)                                 → 2000
//   merged: 120 + 3000 + 1200 + 2112 + 2000 = 8432 (each source's own sum: 9632)
// Active energy today: Watch 150 (08:00–09:00), iPhone 60 over 08:30–09:30 = 2/min adds
//   09:00–09:30: 30 × 2 = 30, Watch 162.5 (12:00–12:30): 150 + 30 + 162.5 = 342.5 kcal.
// History (daily buckets from local midnight; the straddling sample splits 10/20 min: 60 + 60):
//   2026-06-09: iPhone 10:00–11:00 5000 + 60 = 5060; 2026-06-10: 8432 − 60 = 8372; June 4–8: 0.
// Heart rate: latest 72 bpm (17:50); the 24 h from 2026-06-09 18:00: 62 (22:00), 95 (08:30),
//   110 (12:15), 72 (17:50); 58 at 17:00 yesterday is older.
// Sleep last night (stages starting 18:00 yesterday to noon today): core 23:00–01:00 2 h, deep
//   01:00–02:30 1.5 h, REM 02:45–04:15 1.5 h, core 04:15–06:30 2.25 h: 7.25 h (awake
//   02:30–02:45 and inBed are not asleep; the night before started at 00:30 yesterday).
import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation

@testable import HealthAppExample

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// The seed day's scenario file, found from this source file.
private let seedDay = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("HealthApp/Scenarios/seed-day.json")

/// The seed day, changed by `edit`.
private func simulation(_ edit: (inout Scenario) -> Void = { _ in }) throws -> HealthKitSimulation {
  var scenario = try Scenario.load(contentsOf: seedDay)
  edit(&scenario)
  return try HealthKitSimulation(scenario: scenario)
}

/// 2026-06-10 in Berlin at `hour`:`minute` (UTC+2).
private func local(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
  var components = DateComponents()
  (components.year, components.month, components.day) = (2026, 6, day)
  (components.hour, components.minute) = (hour, minute)
  components.timeZone = TimeZone(identifier: "Europe/Berlin")
  return Calendar(identifier: .gregorian).date(from: components)!
}

@MainActor
private func manager(in simulation: HealthKitSimulation) -> HealthKitManager {
  HealthKitManager(now: { simulation.now }, calendar: simulation.calendar)
}

@Suite("The seed's HealthKitManager on the seed day")
struct HealthKitManagerTests {
  @Test("Dashboard: 8432 steps, 342.5 kcal, 72 bpm, four readings in 24 h, 7.25 h of sleep")
  @MainActor func dashboard() async throws {
    let simulation = try simulation()
    try await simulation.run {
      let manager = manager(in: simulation)
      try await manager.requestAuthorization()
      await manager.refresh()
      await simulation.settle()
      #expect(manager.todaySteps == 8432)
      #expect(manager.todayCalories == 342.5)
      #expect(manager.latestHeartRate == 72)
      #expect(manager.heartRateSamples.map(\.bpm) == [62, 95, 110, 72])
      #expect(
        manager.heartRateSamples.map(\.date) == [
          local(9, 22), local(10, 8, 30), local(10, 12, 15), local(10, 17, 50),
        ])
      #expect(manager.sleepHours == 7.25)
      #expect(manager.missing.isEmpty)
      #expect(manager.text(.steps) == "8432")
      #expect(manager.text(.calories) == "342.5 kcal")
      #expect(manager.text(.heartRate) == "72 bpm")
      // "%.1f" of 7.25 (exact in binary) rounds the tie to even: 7.2.
      #expect(manager.text(.sleep) == "7.2 h")
      #expect(manager.lastError == nil)
    }
  }

  @Test("History: daily sums split the sample across midnight (5060 and 8372)")
  @MainActor func history() async throws {
    let simulation = try simulation()
    try await simulation.run {
      let manager = manager(in: simulation)
      try await manager.requestAuthorization()
      await manager.fetchStepHistory(days: 7)
      await simulation.settle()
      #expect(manager.stepHistory.map(\.steps) == [0, 0, 0, 0, 0, 5060, 8372])
      #expect(manager.stepHistory.first?.day == local(4, 0))
      #expect(manager.stepHistory.last?.day == local(10, 0))
      // The monthly chart: 30 days from 2026-05-12, the same two days last.
      await manager.fetchStepHistory(days: 30)
      await simulation.settle()
      #expect(manager.stepHistory.count == 30)
      #expect(manager.stepHistory.suffix(2).map(\.steps) == [5060, 8372])
      #expect(manager.stepHistory.first?.day == local(10, 0).addingTimeInterval(-29 * 86_400))
    }
  }

  @Test("Denied reads look like an empty store: every dashboard value is a placeholder")
  @MainActor func denied() async throws {
    let simulation = try simulation {
      $0.authorization = Scenario.Authorization(defaultAnswer: .denied)
    }
    try await simulation.run {
      let manager = manager(in: simulation)
      try await manager.requestAuthorization()
      await manager.refresh()
      await simulation.settle()
      #expect(manager.todaySteps == 0)
      #expect(manager.missing == [.steps, .calories, .heartRate, .sleep])
      #expect(manager.text(.steps) == HealthKitManager.placeholder)
      #expect(manager.text(.sleep) == HealthKitManager.placeholder)
      #expect(manager.heartRateSamples.isEmpty)
      // No other error than an empty store's: the statistics queries report errorNoData, as
      // for a day without samples (the next test), which the manager shows as placeholders.
      #expect(manager.lastError == nil)
    }
  }

  @Test("A store without samples gives the same placeholders")
  @MainActor func missing() async throws {
    let simulation = try simulation {
      $0.health?.samples = []
      $0.health?.sleep = []
    }
    try await simulation.run {
      let manager = manager(in: simulation)
      try await manager.requestAuthorization()
      await manager.refresh()
      await simulation.settle()
      #expect(manager.missing == [.steps, .calories, .heartRate, .sleep])
      #expect(manager.text(.heartRate) == HealthKitManager.placeholder)
      #expect(manager.stepHistory.map(\.steps) == [0, 0, 0, 0, 0, 0, 0])
      #expect(manager.lastError == nil)
    }
  }

  @Test("New steps while unlocked: the observer fires at each arrival and refetches")
  @MainActor func foregroundDelivery() async throws {
    let simulation = try simulation()
    try await simulation.run {
      let manager = manager(in: simulation)
      try await manager.requestAuthorization()
      try await manager.startObservingSteps()
      await simulation.settle()
      // The handler runs once when the query starts.
      #expect(manager.stepUpdates == 1)
      #expect(manager.todaySteps == 8432)
      // 300 Watch steps (18:00–18:10) reach the store at 18:15: 8432 + 300 = 8732.
      try await simulation.advance(by: .seconds(1000))
      await simulation.settle()
      #expect(manager.stepUpdates == 2)
      #expect(manager.todaySteps == 8732)
      // 150 more at 18:30: 8882.
      try await simulation.advance(by: .seconds(1000))
      await simulation.settle()
      #expect(manager.stepUpdates == 3)
      #expect(manager.todaySteps == 8882)
      // Enabling `.immediate` for steps gave hourly (HealthKit's minimum for steps).
      #expect(deliveryLog(simulation.result) == [.init(at: 0, event: "enabled", detail: "hourly")])
    }
  }

  @Test("New steps while locked: background wakes hourly, the refetch fails, completion called")
  @MainActor func backgroundDelivery() async throws {
    // The phone is locked from 18:05 (300 s) to 20:00 (7200 s): the app is in the background.
    let simulation = try simulation {
      $0.health?.lockPeriods = [SimulationInstant.seconds(300)..<SimulationInstant.seconds(7200)]
    }
    try await simulation.run {
      let manager = manager(in: simulation)
      try await manager.requestAuthorization()
      try await manager.startObservingSteps()
      await simulation.settle()
      #expect(manager.stepUpdates == 1)
      // 18:15 (900 s): the first delivery wakes the app at once; the handler's statistics query
      // fails while locked (errorDatabaseInaccessible), and the seed's handler writes 0.
      try await simulation.advance(by: .seconds(1000))
      await simulation.settle()
      #expect(manager.stepUpdates == 2)
      #expect(manager.todaySteps == 0)
      #expect(manager.missing.contains(.steps))
      #expect((manager.lastError as? HKError)?.code == .errorDatabaseInaccessible)
      // 18:30 (1800 s): within the hour since 900 s, so the wake waits for 900 + 3600 = 4500 s.
      try await simulation.advance(by: .seconds(2000))
      await simulation.settle()
      #expect(manager.stepUpdates == 2)
      try await simulation.advance(by: .seconds(2000))
      await simulation.settle()
      #expect(manager.stepUpdates == 3)
      // Unlocked at 7200 s: the app reads the day again: 8432 + 300 + 150 = 8882.
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(7300))
      await manager.fetchTodaySteps()
      await simulation.settle()
      #expect(manager.todaySteps == 8882)
      #expect(manager.stepUpdates == 3)
      // Both wakes were answered (first attempts only, no stop).
      #expect(
        deliveryLog(simulation.result) == [
          .init(at: 0, event: "enabled", detail: "hourly"),
          .init(at: 900, event: "wake", detail: "1"),
          .init(at: 4500, event: "wake", detail: "1"),
        ])
    }
  }
}

/// A `backgroundDelivery` log entry, reduced: seconds, event, frequency or attempt.
struct DeliveryEntry: Equatable {
  var at: Double
  var event: String
  var detail: String
}

func deliveryLog(_ result: RunResult) -> [DeliveryEntry] {
  result.log.compactMap { entry in
    guard case .backgroundDelivery(let delivery) = entry.kind else { return nil }
    return DeliveryEntry(
      at: entry.at.seconds, event: delivery.event.rawValue,
      detail: delivery.frequency ?? delivery.attempt.map(String.init) ?? "")
  }
}
