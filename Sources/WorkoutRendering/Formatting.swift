/// Number and time formatting without Foundation, shared by the renderers.
enum Format {
  /// `value` with `decimals` digits after the point, rounded half away from zero; `--` when not
  /// finite.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "--" }
    var scale = 1.0
    for _ in 0..<max(decimals, 0) { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded(.toNearestOrAwayFromZero))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = scaled / Int64(scale)
    guard decimals > 0 else { return sign + String(whole) }
    var fraction = String(scaled % Int64(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return sign + String(whole) + "." + fraction
  }

  /// A whole number, rounded half away from zero; `--` when not finite.
  static func whole(_ value: Double) -> String { fixed(value, decimals: 0) }

  /// An amount that only grows during a day (active energy, exercise minutes, steps) as a whole
  /// number rounded down, so a ring never shows its goal before reaching it; one rounding for the
  /// quantity wherever the screen shows it (the metrics, the rings' legend, the complication).
  static func amount(_ value: Double) -> String { whole(value.rounded(.down)) }

  /// `m:ss` under an hour, `h:mm:ss` from an hour on (the log's times); seconds truncated,
  /// negative durations as `0:00`.
  static func shortClock(_ duration: Duration) -> String {
    let total = max(duration.components.seconds, 0)
    guard total >= 3600 else { return "\(total / 60):" + twoDigits(total % 60) }
    return clock(duration)
  }

  /// `h:mm:ss` of a non-negative duration (negative shows as `0:00:00`); seconds truncated.
  static func clock(_ duration: Duration) -> String {
    let total = max(duration.components.seconds, 0)
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let seconds = total % 60
    return "\(hours):" + twoDigits(minutes) + ":" + twoDigits(seconds)
  }

  /// `m'ss"` per km for a speed in m/s; `--'--"` below 0.1 m/s.
  static func pace(metersPerSecond speed: Double) -> String {
    guard speed.isFinite, speed >= 0.1 else { return "--'--\"" }
    let secondsPerKilometre = Int64((1000 / speed).rounded(.toNearestOrAwayFromZero))
    return "\(secondsPerKilometre / 60)'" + twoDigits(secondsPerKilometre % 60) + "\""
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
