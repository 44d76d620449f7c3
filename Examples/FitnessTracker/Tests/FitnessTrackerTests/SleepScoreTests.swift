// The sleep score's rule (docs/phone.md, "The example app's rules"): 70 × duration part +
// 30 × efficiency part, rounded halves up. Duration part 1 from 7 to 9 h, −0.25 per hour
// outside (NSF: 7–9 h recommended for adults); efficiency part 1 from 85 % (Ohayon et al.),
// falling linearly to 0 at 65 %.
import FitnessTrackerKit
import Testing

@Suite("Sleep score")
struct SleepScoreTests {
  @Test("Hand-worked nights and their ratings")
  func nights() {
    // 8 h asleep of 8.5 in bed: efficiency 0.941 → both parts 1 → 100, excellent.
    #expect(SleepScore.score(asleepHours: 8, inBedHours: 8.5) == 100)
    // 6 h of 8: duration 1 − 0.25 = 0.75; efficiency 0.75 → (0.75 − 0.65)/0.2 = 0.5:
    // 52.5 + 15 = 67.5 → 68, fair.
    #expect(SleepScore.score(asleepHours: 6, inBedHours: 8) == 68)
    #expect(SleepScore.rating(68) == .fair)
    // 10 h of 10.5: duration 0.75, efficiency 0.952 → 1: 52.5 + 30 = 82.5 → 83, good.
    #expect(SleepScore.score(asleepHours: 10, inBedHours: 10.5) == 83)
    #expect(SleepScore.rating(83) == .good)
    // 4 h of 8: duration 1 − 0.75 = 0.25 → 17.5; efficiency 0.5 → 0: 17.5 → 18, poor.
    #expect(SleepScore.score(asleepHours: 4, inBedHours: 8) == 18)
    #expect(SleepScore.rating(18) == .poor)
    // 2 h: the duration part stops at 0 (1 − 1.25 < 0); in bed = asleep: efficiency 1 → 30.
    #expect(SleepScore.score(asleepHours: 2, inBedHours: 2) == 30)
  }

  @Test("The bands' edges: 85, 70 and 50")
  func bands() {
    #expect(SleepScore.rating(100) == .excellent)
    #expect(SleepScore.rating(85) == .excellent)
    #expect(SleepScore.rating(84) == .good)
    #expect(SleepScore.rating(70) == .good)
    #expect(SleepScore.rating(69) == .fair)
    #expect(SleepScore.rating(50) == .fair)
    #expect(SleepScore.rating(49) == .poor)
    #expect(SleepScore.rating(0) == .poor)
  }
}
