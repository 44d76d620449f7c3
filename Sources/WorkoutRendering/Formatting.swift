import WorkoutText

/// Number and time formatting of the renderers: the watch face's forms of ``TextFormat``'s
/// (the one home of number, duration and pace text), with `--` for a value that has none.
enum Format {
  /// `value` with `decimals` digits after the point, rounded half away from zero; `--` when not
  /// finite or from 1e15 on.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "--" }
    return TextFormat.fixed(value, decimals: decimals) ?? "--"
  }

  /// A whole number, rounded half away from zero; `--` when not finite.
  static func whole(_ value: Double) -> String { fixed(value, decimals: 0) }

  /// An amount that only grows during a day (active energy, exercise minutes, steps) as a whole
  /// number rounded down, so a ring never shows its goal before reaching it; one rounding for the
  /// quantity wherever the screen shows it (the metrics, the rings' legend, the complication).
  static func amount(_ value: Double) -> String { whole(value.rounded(.down)) }

  /// The fraction of `goal` that an ``amount(_:)`` shows: the amount rounded down over the
  /// goal, so a ring's percentage, over-goal mark and fill agree with the number beside them
  /// (0.4 kcal of 500 shows `0%  0/500`, not `1%`; 499.7 shows `99%  499/500`). The one rounding
  /// of the rings' legend and the step complication. 0 when `goal` is not positive or either is
  /// not finite.
  static func shownFraction(_ value: Double, of goal: Double) -> Double {
    guard goal > 0, goal.isFinite, value.isFinite else { return 0 }
    return max(value.rounded(.down), 0) / goal
  }

  /// `m:ss` under an hour, `h:mm:ss` from an hour on (the log's times); seconds truncated,
  /// negative durations as `0:00`.
  static func shortClock(_ duration: Duration) -> String {
    TextFormat.shortClock(wholeSeconds: duration.components.seconds)
  }

  /// `h:mm:ss` of a non-negative duration (negative shows as `0:00:00`); seconds truncated.
  static func clock(_ duration: Duration) -> String {
    TextFormat.clock(wholeSeconds: duration.components.seconds)
  }

  /// `m'ss"` per km for a speed in m/s; `--'--"` below 0.1 m/s.
  static func pace(metersPerSecond speed: Double) -> String {
    guard speed.isFinite, speed >= 0.1,
      let text = TextFormat.pace(secondsPerKilometre: 1000 / speed, separator: "'")
    else { return "--'--\"" }
    return text + "\""
  }
}
