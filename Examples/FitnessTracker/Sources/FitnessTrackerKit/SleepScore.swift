// The sleep card's score (docs/phone.md, "The example app's rules").

/// A night's sleep score from 0 to 100: 70 points for the duration and 30 for the efficiency.
///
/// - Duration: the National Sleep Foundation recommends 7 to 9 hours for adults (Hirshkowitz
///   et al. 2015, "National Sleep Foundation's sleep time duration recommendations", Sleep Health
///   1(1):40–43, https://doi.org/10.1016/j.sleh.2014.12.010). The duration part is 1 from 7 to
///   9 hours asleep and loses 0.25 for every hour below 7 or above 9 (6 h or 10 h, "may be
///   appropriate" there, give 0.75), never below 0.
/// - Efficiency (asleep ÷ in bed): 85 % or more indicates good sleep quality (Ohayon et al. 2017,
///   "National Sleep Foundation's sleep quality recommendations: first report", Sleep Health
///   3(1):6–19, https://doi.org/10.1016/j.sleh.2016.11.006). The efficiency part is 1 from 85 %
///   and falls linearly to 0 at 65 %.
///
/// score = round(70 × duration + 30 × efficiency part), halves up. The weights and the slopes
/// are this example's choices; the thresholds are the papers'.
public enum SleepScore {
  /// The duration part, 0...1, of `hours` asleep.
  public static func durationPart(hours: Double) -> Double {
    if hours < 7 { return max(0, 1 - 0.25 * (7 - hours)) }
    if hours > 9 { return max(0, 1 - 0.25 * (hours - 9)) }
    return 1
  }

  /// The efficiency part, 0...1, of `efficiency` (asleep ÷ in bed, 0...1).
  public static func efficiencyPart(efficiency: Double) -> Double {
    min(1, max(0, (efficiency - 0.65) / 0.20))
  }

  /// The score, 0...100, of `asleepHours` out of `inBedHours` in bed (in bed below asleep reads
  /// as asleep: efficiency 1).
  public static func score(asleepHours: Double, inBedHours: Double) -> Int {
    let efficiency = inBedHours > 0 ? min(1, asleepHours / inBedHours) : 1
    let points = 70 * durationPart(hours: asleepHours) + 30 * efficiencyPart(efficiency: efficiency)
    return Int(points.rounded(.toNearestOrAwayFromZero))
  }

  /// The rating band of `score`: 85...100 excellent, 70...84 good, 50...69 fair, below poor.
  public static func rating(_ score: Int) -> SleepRating {
    switch score {
    case 85...: return .excellent
    case 70..<85: return .good
    case 50..<70: return .fair
    default: return .poor
    }
  }

  /// The sleep card of `night`.
  public static func card(_ night: SleepNight) -> SleepCard {
    let asleep = night.asleepSeconds / 3600
    let inBed = max(night.inBedSeconds / 3600, asleep)
    let score = score(asleepHours: asleep, inBedHours: inBed)
    return SleepCard(
      asleepHours: asleep, inBedHours: inBed, efficiency: inBed > 0 ? asleep / inBed : 1,
      score: score, rating: rating(score), stages: night.stageBars)
  }
}
