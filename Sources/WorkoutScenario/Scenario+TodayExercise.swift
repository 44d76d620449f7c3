import Foundation
import WorkoutCore

extension Scenario {
  /// Why `today.appleExerciseTime` cannot be what the day of `t = 0` held before it, or `nil`
  /// when it can: the day (from local midnight in ``timeZone``, Gregorian calendar) holds
  /// no more exercise time than has passed since its midnight, so an amount above the time
  /// from midnight to `start` is refused (project rule, docs/scenario-format.md#the-watch-face:
  /// `today` is a total before the start, and the store writes it as one sample ending at
  /// `t = 0`, which could not begin before midnight and still hold it). `nil` too for an
  /// unknown zone (the zone's own check names it).
  ///
  /// - Parameter start: the date of `t = 0` (the `start` key, the default start, the real
  ///   clock of `"now"` or a recording's first time stamp).
  /// - Returns: the message, for the JSON path `today.appleExerciseTime`:
  ///   `"45:00" is more than the 20:00 between local midnight and the start (00:20:00 in
  ///   Europe/Berlin) ...`.
  public func todayExerciseProblem(start: Date) -> String? {
    guard today.appleExerciseTime > .zero, let zone = TimeZone(identifier: timeZone) else {
      return nil
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let midnight = calendar.startOfDay(for: start)
    // Nanoseconds since midnight, the store's resolution (the sample's length is rounded to it).
    let since = Int64((start.timeIntervalSince(midnight) * 1e9).rounded())
    let amount = today.appleExerciseTime
    guard amount.wholeNanoseconds > since else { return nil }
    let limit = Self.clockText(seconds: since / 1_000_000_000)
    return
      "\"\(Self.clockText(seconds: amount.components.seconds))\" is more than the \(limit) between local midnight and the start (\(Self.clockText(seconds: since / 1_000_000_000, hours: true)) in \(timeZone)): the day cannot have held it before t = 0 (expected at most \"\(limit)\", or a start later in the day)"
  }

  /// Whole seconds as `"m:ss"` or `"h:mm:ss"` (always with hours when `hours`), the form a
  /// scenario time takes.
  static func clockText(seconds: Int64, hours: Bool = false) -> String {
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let (h, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
    let (m, s) = rest.quotientAndRemainder(dividingBy: 60)
    return h > 0 || hours
      ? "\(h < 10 && hours ? two(h) : "\(h)"):\(two(m)):\(two(s))" : "\(m):\(two(s))"
  }
}
