/// Heart-rate zones 1–5 from the percentage of maximum heart rate.
///
/// Project rule (not Apple's method): the common five-zone %HRmax model, zone 1 from 50 % to
/// 60 %, zone 2 to 70 %, zone 3 to 80 %, zone 4 to 90 %, zone 5 from 90 %; below 50 % there is no
/// zone. Apple's Workout app computes personal zones from age and resting heart rate instead
/// (WWDC26 session 207, https://developer.apple.com/videos/play/wwdc2026/207/), which a scenario
/// does not give.
public enum HeartRateZone {
  /// The zone (1...5) of `heartRate` for `maximumHeartRate`, both in count/min, or `nil` below
  /// 50 % or for non-finite or non-positive input.
  ///
  /// Bounds are inclusive below: 60 % exactly is zone 2.
  public static func zone(heartRate: Double, maximumHeartRate: Double) -> Int? {
    guard heartRate.isFinite, maximumHeartRate.isFinite, heartRate > 0, maximumHeartRate > 0
    else { return nil }
    // Compare in tenths of a percent of whole counts to avoid 0.7 * 100 rounding surprises:
    // heartRate * 10 >= maximum * k for k = 5, 6, 7, 8, 9.
    let scaled = heartRate * 10
    if scaled >= maximumHeartRate * 9 { return 5 }
    if scaled >= maximumHeartRate * 8 { return 4 }
    if scaled >= maximumHeartRate * 7 { return 3 }
    if scaled >= maximumHeartRate * 6 { return 2 }
    if scaled >= maximumHeartRate * 5 { return 1 }
    return nil
  }

  /// The colour of each zone, `#rrggbb` sRGB, index 0 for zone 1 through index 4 for zone 5: the
  /// one palette of the zones wherever they are drawn (the report's heart-rate charts).
  ///
  /// Project rule, in the order of Apple's Workout app's zone view (cool to warm: blue, teal,
  /// green, orange, red; Apple publishes no colour values): zone 1 `#3b82c4` blue, zone 2
  /// `#1f9e89` teal, zone 3 `#6aa92b` green, zone 4 `#e8891c` orange, zone 5 `#d7263d` red.
  public static let colors = ["#3b82c4", "#1f9e89", "#6aa92b", "#e8891c", "#d7263d"]

  /// The colour of `zone` (1...5) from ``colors``, or `nil` for any other number.
  public static func color(ofZone zone: Int) -> String? {
    (1...5).contains(zone) ? colors[zone - 1] : nil
  }

  /// The lower bound of `zone` (1...5) as a fraction of the maximum heart rate: 0.5, 0.6, 0.7,
  /// 0.8, 0.9 (the rule of ``zone(heartRate:maximumHeartRate:)``); `nil` for any other number.
  public static func lowerFraction(ofZone zone: Int) -> Double? {
    (1...5).contains(zone) ? Double(zone + 4) / 10 : nil
  }
}
