import Testing
import WorkoutCore
import WorkoutWatch

@Suite struct ActivityRingsTests {
  @Test func defaultGoals() {
    let goals = ActivityGoals()
    #expect(goals.activeEnergyBurned == 500)
    #expect(goals.appleExerciseTime == .seconds(1_800))
    #expect(goals.stepCount == 10_000)
  }

  @Test func todayPlusWorkoutAmounts() {
    var rings = ActivityRings(
      today: ActivityTotals(
        activeEnergyBurned: 200, appleExerciseTime: .seconds(600), stepCount: 4_000))
    rings.record(
      workoutTotals: ActivityTotals(
        activeEnergyBurned: 50, appleExerciseTime: .seconds(300), stepCount: 1_000),
      at: .seconds(300))
    rings.record(
      workoutTotals: ActivityTotals(
        activeEnergyBurned: 170, appleExerciseTime: .seconds(1_200), stepCount: 4_000),
      at: .seconds(1_200))
    // Move: 200 + 170 = 370 kcal of 500 -> 0.74.
    #expect(rings.totals.activeEnergyBurned == 370)
    #expect(rings.fraction(.move) == 0.74)
    // Exercise: 600 + 1200 = 1800 s = 30 min of 30 -> 1.0.
    #expect(rings.fraction(.exercise) == 1)
    #expect(rings.amounts(.exercise).value == 30)
    // Steps: 4000 + 4000 = 8000 of 10000 -> 0.8.
    #expect(rings.fraction(.steps) == 0.8)
  }

  /// The one rule a workout joins the rings by (the face and `HKActivitySummary`): its energy
  /// and steps as they are, its elapsed time as exercise time, added to what the day held.
  @Test func aFinishedWorkoutAddsByTheSameRule() {
    var rings = ActivityRings(
      today: ActivityTotals(activeEnergyBurned: 120, appleExerciseTime: .seconds(600)))
    rings.add(.workout(activeEnergyBurned: 327.6, elapsed: .seconds(1_800), stepCount: 4_000))
    // 120 + 327.6 = 447.6 kcal; 10 + 30 = 40 minutes; 0 + 4000 steps.
    #expect(abs(rings.amounts(.move).value - 447.6) < 1e-9)
    #expect(rings.amounts(.exercise).value == 40)
    #expect(rings.amounts(.steps).value == 4_000)
    // A negative elapsed time (a clock read before the start) adds no exercise.
    rings.add(.workout(activeEnergyBurned: 0, elapsed: .seconds(-5), stepCount: 0))
    #expect(rings.amounts(.exercise).value == 40)
  }

  @Test func overGoalIsNotCapped() {
    var rings = ActivityRings(
      goals: ActivityGoals(stepCount: 5_000), today: ActivityTotals(stepCount: 6_000))
    rings.record(workoutTotals: ActivityTotals(stepCount: 1_000), at: .seconds(10))
    // (6000 + 1000) / 5000 = 1.4.
    #expect(rings.fraction(.steps) == 1.4)
  }

  @Test func resetAtLocalMidnight() {
    // Midnight at t = 3600 s (the run starts at 23:00 local time).
    var rings = ActivityRings(
      today: ActivityTotals(activeEnergyBurned: 450, stepCount: 9_000),
      midnights: [.seconds(3_600)])
    rings.record(workoutTotals: ActivityTotals(activeEnergyBurned: 40), at: .seconds(3_000))
    // 450 + 40 = 490 before midnight.
    #expect(rings.totals.activeEnergyBurned == 490)
    rings.advance(to: .seconds(3_599))
    #expect(rings.totals.activeEnergyBurned == 490)
    #expect(rings.dayStart == .zero)
    rings.advance(to: .seconds(3_600))
    #expect(rings.totals == .zero)
    #expect(rings.dayStart == .seconds(3_600))
    // The workout goes on: its 12 kcal inside the new day (reported from dayStart) count.
    rings.record(workoutTotals: ActivityTotals(activeEnergyBurned: 12), at: .seconds(3_700))
    #expect(rings.totals.activeEnergyBurned == 12)
    #expect(rings.totals.stepCount == 0)
    rings.record(workoutTotals: ActivityTotals(activeEnergyBurned: 15), at: .seconds(3_800))
    #expect(rings.totals.activeEnergyBurned == 15)
  }

  @Test func zeroGoalGivesZeroFraction() {
    let rings = ActivityRings(
      goals: ActivityGoals(activeEnergyBurned: 0), today: ActivityTotals(activeEnergyBurned: 10))
    #expect(rings.fraction(.move) == 0)
  }

  @Test func newWorkoutFromZeroStartsNewBaseline() {
    var rings = ActivityRings()
    rings.record(workoutTotals: ActivityTotals(stepCount: 500), at: .seconds(10))
    rings.record(workoutTotals: ActivityTotals(stepCount: 100), at: .seconds(20))
    rings.record(workoutTotals: ActivityTotals(stepCount: 300), at: .seconds(30))
    // 500 + 0 (decrease) + (300 - 100) = 700.
    #expect(rings.totals.stepCount == 700)
  }
}
