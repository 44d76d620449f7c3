import Testing
import WorkoutWatch

/// The estimated effort model (project rule): 2 × the time-weighted mean zone number (1 to 5),
/// rounded half up, on Apple's 1–10 scale.
@Suite struct WorkoutEffortTests {
  /// Seconds to nanoseconds.
  private func ns(_ seconds: [Int64]) -> [Int64] { seconds.map { $0 * 1_000_000_000 } }

  @Test func aWholeWorkoutInOneZoneScoresTwiceItsNumber() {
    // Zone 1 → 2 (Easy), zone 2 → 4, zone 3 → 6 (Moderate), zone 4 → 8 (Hard), zone 5 → 10.
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([600, 0, 0, 0, 0])) == 2)
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([0, 600, 0, 0, 0])) == 4)
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([0, 0, 600, 0, 0])) == 6)
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([0, 0, 0, 600, 0])) == 8)
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([0, 0, 0, 0, 600])) == 10)
  }

  @Test func theMeanZoneIsTimeWeightedAndRoundedHalfUp() {
    // 600 s in zone 1, 1200 s in zone 3, 600 s in zone 5: S = 1·600 + 3·1200 + 5·600 = 7200,
    // T = 2400, m = 3, 2m = 6.
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([600, 0, 1200, 0, 600])) == 6)
    // 300 s in zone 4, 100 s in zone 5: S = 1200 + 500 = 1700, T = 400, 2m = 8.5 → 9.
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([0, 0, 0, 300, 100])) == 9)
    // 300 s in zone 1, 100 s in zone 2: S = 300 + 200 = 500, T = 400, 2m = 2.5 → 3.
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([300, 100, 0, 0, 0])) == 3)
    // 500 s in zone 1, 100 s in zone 2: S = 700, T = 600, 2m = 2.33… → 2.
    #expect(WorkoutEffort.estimatedScore(zoneDurations: ns([500, 100, 0, 0, 0])) == 2)
  }

  @Test func noTimeInAnyZoneIsNoEstimate() {
    #expect(WorkoutEffort.estimatedScore(zoneDurations: []) == nil)
    #expect(WorkoutEffort.estimatedScore(zoneDurations: [0, 0, 0, 0, 0]) == nil)
  }
}
