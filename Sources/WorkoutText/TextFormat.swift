/// Locale-free number, duration and pace text, the one home of the project's human-readable
/// number formatting (the run summary, the replay table, the watch face): `.` as the decimal
/// separator and no grouping, whatever the locale.
public enum TextFormat {
  /// `value` rounded half away from zero to `decimals` places, written with `.` and no
  /// grouping (`fixed(3.14159, decimals: 3)` is `3.142`). The rounding applies to
  /// `|value| × 10^decimals` as a `Double`; `-0.004` to 2 places is `0.00` (no minus sign).
  ///
  /// - Parameters:
  ///   - value: A number; `nil` is returned when it is not finite or when
  ///     `|value| × 10^decimals` is 9e15 or more (callers choose their placeholder).
  ///   - decimals: Places after the point, 0 to 9.
  public static func fixed(_ value: Double, decimals: Int) -> String? {
    guard value.isFinite else { return nil }
    var scale = 1.0
    for _ in 0..<max(decimals, 0) { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e15 else { return nil }
    let units = UInt64(scaled)
    let negative = value < 0 && units > 0
    let divisor = UInt64(scale)
    var text = (negative ? "-" : "") + String(units / divisor)
    if decimals > 0 {
      let fraction = String(units % divisor)
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// A duration as `h:mm:ss`, whole seconds truncated like a stopwatch (`747.9` → `0:12:27`,
  /// `3725` → `1:02:05`); negative or non-finite values print as `0:00:00`.
  ///
  /// - Parameter seconds: The duration in seconds.
  public static func clock(seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0, seconds < 9e15 else { return "0:00:00" }
    return clock(wholeSeconds: Int64(seconds.rounded(.down)))
  }

  /// `h:mm:ss` of whole seconds; negative prints as `0:00:00`.
  public static func clock(wholeSeconds: Int64) -> String {
    let whole = max(wholeSeconds, 0)
    return "\(whole / 3600):" + twoDigits(whole % 3600 / 60) + ":" + twoDigits(whole % 60)
  }

  /// `h:mm:ss`, or `m:ss` under an hour (`754` → `12:34`, `3725` → `1:02:05`); negative
  /// prints as `0:00`.
  public static func shortClock(wholeSeconds: Int64) -> String {
    let whole = max(wholeSeconds, 0)
    guard whole >= 3600 else { return "\(whole / 60):" + twoDigits(whole % 60) }
    return clock(wholeSeconds: whole)
  }

  /// A time as `h:mm:ss.s`, tenths truncated like a stopwatch (`65.533647658` s →
  /// `0:01:05.5`, `600` → `0:10:00.0`, `3725.96` → `1:02:05.9`); negative prints as
  /// `0:00:00.0`.
  ///
  /// - Parameter nanoseconds: The time in nanoseconds (exact: no floating-point rounding).
  public static func clockTenths(nanoseconds: Int64) -> String {
    let tenths = max(nanoseconds, 0) / 100_000_000
    return clock(wholeSeconds: tenths / 10) + "." + String(tenths % 10)
  }

  /// A pace as `m:ss` per kilometre from a distance and a duration, rounded to the second
  /// (`1931` m in `747` s → 386.85 s/km → `6:27`); `nil` when the distance is not above zero
  /// or either value is not finite.
  ///
  /// - Parameters:
  ///   - metres: Distance in metres.
  ///   - seconds: Moving time in seconds.
  public static func pace(metres: Double, seconds: Double) -> String? {
    guard metres > 0, seconds.isFinite, seconds >= 0, metres.isFinite else { return nil }
    return pace(secondsPerKilometre: seconds / metres * 1000)
  }

  /// `m:ss` of a pace in seconds per kilometre, rounded half away from zero to the second
  /// (`386.85` → `6:27`); `nil` when not finite or negative.
  ///
  /// - Parameters:
  ///   - secondsPerKilometre: The pace.
  ///   - separator: Between minutes and seconds: `:` (the summary) or `'` (the watch face,
  ///     which adds `"` after the seconds).
  public static func pace(secondsPerKilometre: Double, separator: String = ":") -> String? {
    guard secondsPerKilometre.isFinite, secondsPerKilometre >= 0, secondsPerKilometre < 9e15
    else { return nil }
    let whole = Int64(secondsPerKilometre.rounded(.toNearestOrAwayFromZero))
    return "\(whole / 60)" + separator + twoDigits(whole % 60)
  }

  /// A distance: below 1000 m as whole metres (`850 m`), from 1000 m as kilometres with two
  /// decimals (`1931` → `1.93 km`); `- m` when not finite.
  public static func distance(metres: Double) -> String {
    guard metres.isFinite else { return "- m" }
    if metres.magnitude < 1000 { return (fixed(metres, decimals: 0) ?? "-") + " m" }
    return (fixed(metres / 1000, decimals: 2) ?? "-") + " km"
  }

  /// Energy in whole kilocalories (`98.4` → `98 kcal`).
  public static func energy(kilocalories: Double) -> String {
    (fixed(kilocalories, decimals: 0) ?? "-") + " kcal"
  }

  /// A heart rate in whole beats per minute (`148.2` → `148 bpm`).
  public static func heartRate(beatsPerMinute: Double) -> String {
    (fixed(beatsPerMinute, decimals: 0) ?? "-") + " bpm"
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
