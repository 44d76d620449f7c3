// The weekly summary notification (the seed: every Monday at 09:00, last week's total steps,
// average heart rate and workout count, as a local notification).
import FitnessTrackerKit
import Foundation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Last week's figures and the notification's text.
///
/// "Last week" is the Monday-to-Monday local week before the week of the instant it is computed
/// at (ISO 8601 weeks start on Monday), in the clock's calendar: a DST week is 167 or 169 hours.
public struct WeeklySummary: Sendable, Equatable {
  /// The notification request's identifier (one pending request; `add` replaces it).
  public static let identifier = "weekly-summary"
  /// The notification's title.
  public static let title = "Your week"

  /// The week's first local midnight (a Monday).
  public var weekStart: Date
  /// The next Monday's local midnight (the end, exclusive).
  public var weekEnd: Date
  /// Total steps, all sources merged, rounded to the nearest step.
  public var totalSteps: Int
  /// The average heart rate, bpm (`discreteAverage` of the week's readings), `nil` without
  /// readings.
  public var averageHeartRate: Double?
  /// Workouts that started in the week.
  public var workoutCount: Int

  /// A summary of these values.
  public init(
    weekStart: Date, weekEnd: Date, totalSteps: Int, averageHeartRate: Double?, workoutCount: Int
  ) {
    self.weekStart = weekStart
    self.weekEnd = weekEnd
    self.totalSteps = totalSteps
    self.averageHeartRate = averageHeartRate
    self.workoutCount = workoutCount
  }

  /// The body: `"61234 steps, average heart rate 72 bpm, 3 workouts."` (the heart rate rounded
  /// to whole bpm, halves up; "no heart-rate data" without readings; "1 workout" singular).
  public var body: String {
    let heart =
      averageHeartRate.map { "average heart rate \(Int($0.rounded(.toNearestOrAwayFromZero))) bpm" }
      ?? "no heart-rate data"
    let workouts = workoutCount == 1 ? "1 workout" : "\(workoutCount) workouts"
    return "\(totalSteps) steps, \(heart), \(workouts)."
  }

  /// The local week before the week containing `date`: its first and its last-plus-one local
  /// midnights in `calendar`.
  public static func lastWeek(before date: Date, calendar: Calendar) -> (start: Date, end: Date) {
    let today = calendar.startOfDay(for: date)
    // weekday: 1 = Sunday ... 7 = Saturday (Gregorian); days since Monday: Monday 0, Sunday 6.
    let sinceMonday = (calendar.component(.weekday, from: today) + 5) % 7
    let thisMonday = calendar.date(byAdding: .day, value: -sinceMonday, to: today)!
    let lastMonday = calendar.date(byAdding: .day, value: -7, to: thisMonday)!
    return (lastMonday, thisMonday)
  }

  /// Reads last week's figures (the week before the week of `reader.clock.now()`).
  public static func read(_ reader: HealthReader) async -> WeeklySummary {
    let week = lastWeek(before: reader.clock.now(), calendar: reader.clock.calendar())
    return await read(reader, from: week.start, to: week.end)
  }

  /// Reads the figures of `start ..< end`.
  public static func read(_ reader: HealthReader, from start: Date, to end: Date) async
    -> WeeklySummary
  {
    let steps = await reader.steps(from: start, to: end)
    let heart = await reader.averageHeartRate(from: start, to: end)
    let workouts = await reader.workoutCount(from: start, to: end)
    return WeeklySummary(
      weekStart: start, weekEnd: end, totalSteps: Int((steps ?? 0).rounded()),
      averageHeartRate: heart, workoutCount: workouts)
  }
}
