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
}
