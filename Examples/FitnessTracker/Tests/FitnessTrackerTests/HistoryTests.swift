// The history tab on Examples/FitnessTracker/Scenarios/dst-spring.json: Berlin, t = 0 at 12:00
// CEST on Tuesday 2026-03-31; Sunday 2026-03-29 had 23 hours (02:00 CET → 03:00 CEST). Daily
// buckets run from local midnight to local midnight; a sample across midnight is split by time
// (docs/health-store.md).
//
// The week (March 25 to 31):
//   25, 26, 27: no samples → nil
//   28: iPhone 4000 + the Watch sample 23:30 CET 28 → 00:30 CET 29 (600 over 60 min): 300 → 4300
//   29: the other 300 + Watch 5000 (12:00–13:00 CEST) + the Watch sample 23:00 CEST 29 →
//       01:00 CEST 30 (1200 over 120 min): 600 → 5900 (on a 23-hour day)
//   30: the other 600 → 600
//   31: Watch 7000 → 7000
//   total 4300 + 5900 + 600 + 7000 = 17 800; average of the 4 days with data 4450.
// The month: 30 days from March 2 (March 1's 1000 is outside), the same four days last.
import FitnessTracker
import FitnessTrackerKit
import Foundation
import SimulatedHealthKit
import Testing

@Suite("History")
struct HistoryTests {
  @Test("A week with the 23-hour DST day: seven rows from local midnights, 17 800 steps")
  @MainActor func week() async throws {
    let simulation = try simulation("dst-spring")
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let settings = group.settings
      settings.stepGoal = 5000
      let model = HistoryModel(
        healthStore: HKHealthStore(), settings: settings, clock: clock(simulation))
      try await model.reader.requestAuthorization()
      let screen = await model.load(.week)
      #expect(screen.range == .week)
      #expect(screen.access == .requested)
      #expect(screen.days.map(\.steps) == [nil, nil, nil, 4300, 5900, 600, 7000])
      #expect(
        screen.days.map(\.label) == [
          "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30",
          "2026-03-31",
        ])
      // Local midnights: 23:00 UTC before the change, 22:00 UTC after it.
      #expect(screen.days[4].day == Date(timeIntervalSince1970: 1_774_738_800))  // 03-28T23:00Z
      #expect(screen.days[5].day == Date(timeIntervalSince1970: 1_774_821_600))  // 03-29T22:00Z
      #expect(screen.days[5].day.timeIntervalSince(screen.days[4].day) == 23 * 3600)
      #expect(screen.totalSteps == 17_800)
      #expect(screen.averageSteps == 4450)
      // Goal 5000: met on the 29th (5900) and the 31st (7000).
      #expect(screen.days.map(\.goalMet) == [false, false, false, false, true, false, true])
      #expect(screen.stepGoal == 5000)
    }
  }

  @Test("The month: 30 rows from March 2, the same sums last, March 1 left out")
  @MainActor func month() async throws {
    let simulation = try simulation("dst-spring")
    let group = appGroup()
    defer { group.remove() }
    try await simulation.run {
      let model = HistoryModel(
        healthStore: HKHealthStore(), settings: group.settings, clock: clock(simulation))
      try await model.reader.requestAuthorization()
      let screen = await model.load(.month)
      #expect(screen.days.count == 30)
      #expect(screen.days.first?.label == "2026-03-02")
      #expect(screen.days.first?.day == local(2026, 3, 2))
      #expect(screen.days.suffix(4).map(\.steps) == [4300, 5900, 600, 7000])
      #expect(screen.days.dropLast(4).allSatisfy { $0.steps == nil })
      #expect(screen.totalSteps == 17_800)
      // Goal 10 000: no day met it.
      let met = screen.days.filter(\.goalMet)
      #expect(met.isEmpty)
    }
  }

  @Test("Before the prompt: the rows are there, empty, and the tab says not connected")
  @MainActor func notConnected() async throws {
    let simulation = try simulation("dst-spring")
    let group = appGroup()
    defer { group.remove() }
    await simulation.run {
      let model = HistoryModel(
        healthStore: HKHealthStore(), settings: group.settings, clock: clock(simulation))
      let screen = await model.load(.week)
      #expect(screen.access == .notRequested)
      #expect(screen.days.count == 7)
      #expect(screen.days.allSatisfy { $0.steps == nil && $0.sleepHours == nil })
      #expect(screen.averageSteps == nil)
    }
  }
}
