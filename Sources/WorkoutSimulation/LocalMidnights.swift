import Foundation
import WorkoutCore

/// Local midnights on the scenario's clock, for the activity rings' daily reset
/// (docs/scenario-format.md#the-watch-face), and a local time of day on every day, for the
/// complication budget's reset (docs/phone-link.md#complication-user-info).
///
/// Uses Foundation's `Calendar` (Gregorian) in the scenario's `timeZone`, so days of 23 or 25
/// hours around daylight-saving changes come out right (Apple doc:
/// https://developer.apple.com/documentation/foundation/calendar/startofday(for:)).
///
/// Cost: `Calendar` is asked only for the first day and for the days within two days of one of
/// the zone's offset changes (`TimeZone.nextDaylightSavingTimeTransition(after:)`, Apple doc:
/// https://developer.apple.com/documentation/foundation/timezone/nextdaylightsavingtimetransition(after:)).
/// Between changes the zone's offset from UTC is constant, so the same local time on the next
/// day is exactly 86 400 s later. A year of resets is then a few dozen calendar calls instead of
/// over a thousand (each run prepares a year past its planned end for the Swift door).
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
    // The start's own day begins at or before `t = 0`: its midnight never counts.
    return daily(start: start, calendar: calendar, localSeconds: 0, through: end) { day in
      calendar.startOfDay(for: day)
    }
  }

  /// The scenario times after `t = 0` and at or before `end` at which a new local day begins on
  /// a device whose zone changes (docs/scenario-format.md#time-zone-changes; a project rule,
  /// as Apple documents no rule for the activity rings across zones):
  ///
  /// - each local midnight of the zone in force, as ``instants(start:timeZone:through:)``
  ///   finds them between one change and the next (a midnight exactly at a change belongs to
  ///   the zone the change brings);
  /// - a change whose new zone reads a later local date than the old zone's day in progress
  ///   (the old zone's date just before the change, so a change exactly at the old zone's
  ///   midnight compares the day that midnight ends) (landing east across midnight: the day in
  ///   progress ends there, shorter than 24 hours,
  ///   and the new one runs to the new zone's next midnight). A change to the same or an
  ///   earlier local date ends nothing: the day in progress runs on to the new zone's next
  ///   midnight, longer than 24 hours when the clock went back (flying west).
  ///
  /// - Parameters:
  ///   - start: the wall-clock date of `t = 0`.
  ///   - zones: the device's zones.
  ///   - end: the last scenario time of interest (≥ 0).
  /// - Returns: instants in increasing order.
  public static func instants(start: Date, zones: TimeZoneSchedule, through end: SimulationInstant)
    -> [SimulationInstant]
  {
    segmented(zones, through: end) { from, zone, through in
      instants(start: start.addingTimeInterval(from.seconds), timeZone: zone, through: through)
    } newDay: { at, old, new in
      let date = start.addingTimeInterval(at.seconds)
      return localDate(date, in: new) > dayInProgress(at: date, in: old)
    }
  }

  /// ``instants(start:timeZone:timeOfDay:through:)`` on a device whose zone changes: the local
  /// time of day in the zone in force (a time of day exactly at a change belongs to the zone
  /// the change brings).
  public static func instants(
    start: Date, zones: TimeZoneSchedule, timeOfDay: Duration, through end: SimulationInstant
  ) -> [SimulationInstant] {
    segmented(zones, through: end) { from, zone, through in
      instants(
        start: start.addingTimeInterval(from.seconds), timeZone: zone, timeOfDay: timeOfDay,
        through: through)
    } newDay: { _, _, _ in
      false
    }
  }

  /// The daily instants of each span of one zone (`daily(from, zone, length)`: the instants
  /// after `from` up to `length` later, from `from`), kept when before the next change, and
  /// the changes `newDay(at, old, new)` calls a new day.
  private static func segmented(
    _ zones: TimeZoneSchedule, through end: SimulationInstant,
    daily: (SimulationInstant, TimeZone, SimulationInstant) -> [SimulationInstant],
    newDay: (SimulationInstant, TimeZone, TimeZone) -> Bool
  ) -> [SimulationInstant] {
    var result: [SimulationInstant] = []
    var from = SimulationInstant.zero
    var zone = zones.home
    for change in zones.changes + [nil] {
      let until = min(change?.at ?? end, end)
      if until > from {
        let length = SimulationInstant(nanoseconds: until.nanoseconds - from.nanoseconds)
        for found in daily(from, zone, length) {
          let instant = found.advanced(by: .nanoseconds(from.nanoseconds))
          // A change within the run cuts its span: a daily instant exactly at it is the next
          // zone's.
          if change.map({ $0.at > end }) ?? true || instant < until { result.append(instant) }
        }
      }
      guard let change else { break }
      if change.at > end { break }
      if change.at > .zero, result.last != change.at, newDay(change.at, zone, change.zone) {
        result.append(change.at)
      }
      if change.at > from { from = change.at }
      zone = change.zone
    }
    return result
  }

  /// The local date of the day in progress in `zone` just before `date`: `date`'s own, or the
  /// one before when `date` is exactly `zone`'s midnight (a change landing on the old zone's
  /// midnight: that midnight is the new zone's, so the old zone's day that ends there is the
  /// previous date, and a new zone reading the midnight's date has moved to a later one).
  private static func dayInProgress(at date: Date, in zone: TimeZone) -> (Int, Int, Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let midnight = calendar.startOfDay(for: date)
    guard midnight == date, let before = calendar.date(byAdding: .day, value: -1, to: midnight)
    else { return localDate(date, in: zone) }
    return localDate(before, in: zone)
  }

  /// The local date of `date` in `zone` as `(year, month, day)`, compared in that order.
  private static func localDate(_ date: Date, in zone: TimeZone) -> (Int, Int, Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }

  /// The scenario times after `t = 0` and at or before `end` when the local clock reads
  /// `timeOfDay` (the complication budget's reset, docs/phone-link.md#complication-user-info):
  /// the wall-clock time on each local day (a time skipped by a daylight-saving change falls on
  /// the next valid instant, as `Calendar` resolves it; a time repeated by one, on its first).
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
    let total = Int(timeOfDay.components.seconds)
    let (hour, minute, second) = (total / 3600, total / 60 % 60, total % 60)
    return daily(start: start, calendar: calendar, localSeconds: total, through: end) { day in
      calendar.date(bySettingHour: hour, minute: minute, second: second, of: day)
    }
  }

  /// One instant a local day, after `start` and at or before `end`, at most 100 000.
  ///
  /// - Parameters:
  ///   - calendar: the Gregorian calendar in the scenario's time zone.
  ///   - localSeconds: the local time of day every instant reads when no offset change is near
  ///     (seconds after local midnight).
  ///   - instant: the instant on the local day that contains its argument, by `Calendar`'s
  ///     rules (`nil`: none that day).
  private static func daily(
    start: Date, calendar: Calendar, localSeconds: Int, through end: SimulationInstant,
    instant: (Date) -> Date?
  ) -> [SimulationInstant] {
    let timeZone = calendar.timeZone
    let endDate = start.addingTimeInterval(Double(end.nanoseconds) / 1e9)
    let dayLength: TimeInterval = 86_400
    var result: [SimulationInstant] = []
    func append(_ date: Date) {
      let offset = date.timeIntervalSince(start)
      result.append(SimulationInstant(nanoseconds: Int64((offset * 1e9).rounded())))
    }
    // The day `Calendar` is asked about next, and the last instant taken when it read exactly
    // `localSeconds` (the base of the constant-offset step).
    var day = calendar.startOfDay(for: start)
    var regular: Date?
    var change = timeZone.nextDaylightSavingTimeTransition(after: start)
    while result.count < 100_000 {
      if let base = regular {
        while let next = change, next <= base {
          change = timeZone.nextDaylightSavingTimeTransition(after: next)
        }
        // No offset change up to a day after the next instant: it is a day later, to the second.
        if change.map({ $0 > base.addingTimeInterval(2 * dayLength) }) ?? true {
          let next = base.addingTimeInterval(dayLength)
          guard next <= endDate else { break }
          append(next)
          regular = next
          continue
        }
        // Near a change: back to the calendar, from the day after the base's.
        guard let following = calendar.date(byAdding: .day, value: 1, to: base) else { break }
        day = calendar.startOfDay(for: following)
        regular = nil
      }
      if let found = instant(day), found > start {
        guard found <= endDate else { break }
        append(found)
        let offset = timeZone.secondsFromGMT(for: found)
        let local = Int((found.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let secondsOfDay = ((local % 86_400) + 86_400) % 86_400
        let whole = found.timeIntervalSince1970.rounded(.down) == found.timeIntervalSince1970
        regular = whole && secondsOfDay == localSeconds ? found : nil
      }
      if regular == nil {
        guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
        day = calendar.startOfDay(for: next)
      }
    }
    return result
  }
}
