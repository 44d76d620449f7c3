// The iPhone app's history tab (the seed's tab 2): weekly and monthly steps per local day and
// the daily detail list.
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Produces the history tab at the clock's now.
@MainActor
public final class HistoryModel {
  /// The reads.
  public let reader: HealthReader
  /// The shared settings (the goal line).
  public let settings: Settings

  /// A history reading `healthStore` on `clock` with the goal of `settings`.
  public init(healthStore: HKHealthStore, settings: Settings, clock: AppClock = .system) {
    self.reader = HealthReader(healthStore: healthStore, clock: clock)
    self.settings = settings
  }

  /// The last ``HistoryRange/days`` local days of `range`, today last: steps and energy per
  /// local day (daily statistics from local midnight, a 23- or 25-hour day is one row), and the
  /// hours asleep of the night that ended on each day.
  public func load(_ range: HistoryRange) async -> HistoryScreen {
    let now = reader.clock.now()
    let access = await reader.access()
    let goal = settings.stepGoal
    let rows = await DailyRows(reader: reader).rows(
      days: range.days, connected: access == .requested)
    let days = rows.map { row in
      HistoryDayRow(
        day: row.day, label: row.label, steps: row.steps, activeEnergy: row.activeEnergy,
        sleepHours: row.sleepHours, goalMet: (row.steps ?? 0) >= goal)
    }
    let withData = days.compactMap(\.steps)
    let total = withData.reduce(0, +)
    let average =
      withData.isEmpty
      ? nil : Int((Double(total) / Double(withData.count)).rounded(.toNearestOrAwayFromZero))
    return HistoryScreen(
      date: now, range: range, days: days, totalSteps: total, averageSteps: average,
      stepGoal: goal, access: access)
  }
}
