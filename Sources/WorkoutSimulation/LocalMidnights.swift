import Foundation
import WorkoutCore

/// Local midnights on the scenario's clock, for the activity rings' daily reset
/// (docs/scenario-format.md#the-watch-face).
///
/// Uses Foundation's `Calendar` (Gregorian) in the scenario's `timeZone`, so days of 23 or 25
/// hours around daylight-saving changes come out right (Apple doc:
/// https://developer.apple.com/documentation/foundation/calendar/startofday(for:)).
public enum LocalMidnights {
  /// The scenario times of every local midnight after `t = 0` and at or before `end`.
  ///
  /// - Parameters:
  ///   - start: the wall-clock date of `t = 0`.
  ///   - timeZone: the scenario's time zone.
  ///   - end: the last scenario time of interest (≥ 0).
  /// - Returns: instants in increasing order; empty when no midnight falls in `(0, end]`.
  public static func instants(start: Date, timeZone: TimeZone, through end: SimulationInstant)
    -> [SimulationInstant]
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let endDate = start.addingTimeInterval(Double(end.nanoseconds) / 1e9)
    var result: [SimulationInstant] = []
    var day = calendar.startOfDay(for: start)
    while result.count < 100_000 {
      guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
      let midnight = calendar.startOfDay(for: next)
      guard midnight <= endDate else { break }
      let offset = midnight.timeIntervalSince(start)
      result.append(SimulationInstant(nanoseconds: Int64((offset * 1e9).rounded())))
      day = midnight
    }
    return result
  }

  /// The scenario times after `t = 0` and at or before `end` when the local clock reads
  /// `timeOfDay` (the complication budget's reset, docs/phone-link.md#complication-user-info):
  /// the wall-clock time on each local day (a time skipped by a daylight-saving change falls on
  /// the next valid instant, as `Calendar` resolves it).
  ///
  /// - Parameters:
  ///   - start: the wall-clock date of `t = 0`.
  ///   - timeZone: the scenario's time zone.
  ///   - timeOfDay: the local time of day, from 0 up to 24 h (whole seconds are used).
  ///   - end: the last scenario time of interest (≥ 0).
  /// - Returns: instants in increasing order.
  public static func instants(
    start: Date, timeZone: TimeZone, timeOfDay: Duration, through end: SimulationInstant
  ) -> [SimulationInstant] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let endDate = start.addingTimeInterval(Double(end.nanoseconds) / 1e9)
    let total = Int(timeOfDay.components.seconds)
    let (hour, minute, second) = (total / 3600, total / 60 % 60, total % 60)
    var result: [SimulationInstant] = []
    var day = calendar.startOfDay(for: start)
    while result.count < 100_000 {
      if let instant = calendar.date(
        bySettingHour: hour, minute: minute, second: second, of: day),
        instant > start
      {
        guard instant <= endDate else { break }
        let offset = instant.timeIntervalSince(start)
        result.append(SimulationInstant(nanoseconds: Int64((offset * 1e9).rounded())))
      }
      guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
      day = calendar.startOfDay(for: next)
    }
    return result
  }
}
