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
