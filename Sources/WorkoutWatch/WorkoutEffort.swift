/// The estimated workout effort score: the one home of the project's model of the score the
/// watch saves after a workout (HealthKit's `estimatedWorkoutEffortScore`, Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/estimatedworkouteffortscore).
///
/// Project rule: Apple does not publish how the watch estimates effort. The model reads the
/// workout's time in the system's five heart-rate zones (``WorkoutZones/heartRateBoundaries(maximumHeartRate:)``,
/// pauses excluded) and takes the time-weighted mean zone number m (zones numbered 1 to 5); the
/// score is 2 m rounded half up, 2 to 10 on Apple's 1 to 10 scale. So a workout all in zone 1
/// scores 2 (Apple's "Easy" band, 1–3), zones 2 and 3 score 4 and 6 ("Moderate", 4–6), zone 4
/// scores 8 ("Hard", 7–8) and zone 5 scores 10 ("All Out", 9–10) (the bands as Apple's Fitness
/// app names them: https://developer.apple.com/forums/thread/765438). Pure: the same durations
/// always give the same score.
public enum WorkoutEffort {
  /// Apple's effort scale: 1 (easy) to 10 (all out).
  public static let scale = 1...10

  /// The estimated score of a workout with `zoneDurations` (nanoseconds in each zone, lowest
  /// first, as ``WorkoutZones/durations(of:events:start:limit:boundaries:)`` gives them), or
  /// `nil` when no time was spent in any zone (no heart rate: no estimate).
  ///
  /// With S = Σ (i + 1) · tᵢ (i the 0-based zone) and T = Σ tᵢ, 2 m = 2 S / T and the score is
  /// ⌊(4 S + T) / (2 T)⌋ (2 m rounded half up, in integers), kept in ``scale``.
  public static func estimatedScore(zoneDurations: [Int64]) -> Int? {
    var weighted: Int64 = 0
    var total: Int64 = 0
    for (index, duration) in zoneDurations.enumerated() where duration > 0 {
      weighted += Int64(index + 1) * duration
      total += duration
    }
    guard total > 0 else { return nil }
    let score = Int((4 * weighted + total) / (2 * total))
    return min(max(score, scale.lowerBound), scale.upperBound)
  }
}
