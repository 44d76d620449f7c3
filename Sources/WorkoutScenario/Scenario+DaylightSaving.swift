import Foundation
import WorkoutCore

extension Scenario {
  /// How far after the start a daylight-saving transition is looked for: 400 days (a project
  /// rule; every zone that observes daylight saving changes twice a year).
  public static let daylightSavingSearch: Int64 = 400 * 86_400

  /// The start that puts the first daylight-saving transition of ``timeZone`` after this
  /// scenario's start exactly `seconds` after `t = 0` (what `workout-sim explore`'s `dst`
  /// fault writes, docs/explore.md#faults): the transition's instant less `seconds`, written
  /// with the zone's UTC offset at that instant (`2026-03-29T00:40:00+01:00`).
  ///
  /// - Parameter seconds: where the transition falls in the run, in whole seconds from `t = 0`.
  /// - Returns: the start, or `nil` when the scenario has no fixed start to move (`"now"`, or a
  ///   replayed recording without a `start` key) or its zone has no transition within
  ///   ``daylightSavingSearch`` of the start (`UTC`).
  public func daylightSavingStart(transitionAt seconds: Int64) -> WallClockDate? {
    guard !startsNow, let zone = TimeZone(identifier: timeZone) else { return nil }
    let from: Date
    if let start {
      from = start.date
    } else if case .segments = course {
      from = Self.defaultStart.date
    } else {
      return nil
    }
    guard let transition = zone.nextDaylightSavingTimeTransition(after: from),
      transition.timeIntervalSince(from) <= Double(Self.daylightSavingSearch)
    else { return nil }
    let date = transition.addingTimeInterval(-Double(seconds))
    let offset = zone.secondsFromGMT(for: date)
    return WallClockDate(date: date, utcOffsetSeconds: offset, text: Self.isoText(date, offset))
  }

  /// `date` as ISO 8601 in whole seconds with the UTC offset `offset` (`Z` for 0).
  static func isoText(_ date: Date, _ offset: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)!
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    let zone: String
    if offset == 0 {
      zone = "Z"
    } else {
      let minutes = abs(offset) / 60
      zone = (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):"
      + "\(two(parts.minute)):\(two(parts.second))" + zone
  }
}

extension Scenario {
  /// The zones a `timezone-trip` fault lands in (docs/explore.md#faults; a project rule): one
  /// IANA zone per populous UTC offset from −10 to +12 h, without `Etc/` names.
  public static let tripZoneCandidates = [
    "Pacific/Honolulu", "America/Anchorage", "America/Los_Angeles", "America/Denver",
    "America/Chicago", "America/New_York", "America/Sao_Paulo", "Atlantic/Azores",
    "Europe/London", "Europe/Berlin", "Europe/Athens", "Europe/Moscow", "Asia/Dubai",
    "Asia/Kolkata", "Asia/Dhaka", "Asia/Bangkok", "Asia/Shanghai", "Asia/Tokyo",
    "Australia/Sydney", "Pacific/Auckland",
  ]

  /// The nearest and farthest a trip goes, in seconds of UTC offset: 3 to 9 hours either way
  /// (a project rule: far enough to move the local date for much of the day, as near as a
  /// long-haul flight).
  public static let tripOffsetRange: ClosedRange<Int> = 3 * 3600...9 * 3600

  /// The ``tripZoneCandidates`` whose UTC offset at `seconds` after `t = 0` differs from the
  /// device's zone's then (``timeZone(at:)``) by ``tripOffsetRange`` either way, in list order.
  /// The instant's date is the scenario's fixed start, or the default start (2026-01-05) for a
  /// course of segments, a start of `"now"` or a replayed recording without `start`, so the
  /// list does not depend on the real clock.
  ///
  /// - Parameter seconds: the trip's instant, whole seconds from `t = 0`.
  /// - Returns: the names; empty when the zone is unknown.
  public func tripZones(atSecond seconds: Int64) -> [String] {
    let instant = SimulationInstant.seconds(seconds)
    guard let home = TimeZone(identifier: timeZone(at: instant)) else { return [] }
    let origin = (startsNow ? nil : start?.date) ?? Self.defaultStart.date
    let date = origin.addingTimeInterval(Double(seconds))
    let offset = home.secondsFromGMT(for: date)
    return Self.tripZoneCandidates.filter { name in
      guard let zone = TimeZone(identifier: name) else { return false }
      return Self.tripOffsetRange.contains(abs(zone.secondsFromGMT(for: date) - offset))
    }
  }
}
