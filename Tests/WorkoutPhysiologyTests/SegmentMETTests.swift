import Testing
import WorkoutCore
import WorkoutPhysiology

/// A course segment's own MET for a constant-MET activity (``CourseSegment/mets``,
/// docs/models.md#other-activities-compendium): energy and heart rate follow it. The default
/// athlete: 65 kg, resting 60, maximum 208 − 0.7 × 35 = 183.5 bpm (reserve 123.5), VO2max 40
/// (oxygen-uptake reserve 40 − 3.5 = 36.5 mL·kg⁻¹·min⁻¹).
@Suite("A segment's own MET: energy and heart rate follow the intervals")
struct SegmentMETTests {
  /// 30 s at 12 MET then 30 s standing at 1.3 MET.
  private let thirtyThirty = [
    CourseSegment(duration: .seconds(30), mets: 12),
    CourseSegment(duration: .seconds(30), mets: 1.3),
  ]

  /// Active energy = net VO2 × seconds × M / 12000 (mL·kg⁻¹·min⁻¹·s → kcal: × M / 1000 × 5 / 60,
  /// the same as (MET − 1) × 3.5 × M / 200 kcal/min). 12 MET: net 11 × 3.5 = 38.5;
  /// 38.5 × 30 × 65 / 12000 = 6.25625 kcal, i.e. 38.5 × 65 / 200 = 12.5125 kcal/min for half a
  /// minute. HIIT's own 8 MET (02040) would give 24.5 × 30 × 65 / 12000 = 3.98125.
  @Test("energy of 30 s at 12 MET for the default athlete: 6.25625 kcal")
  func energyOfAWorkInterval() throws {
    var source = try quietSource(segments: thirtyThirty)
    let kcal = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(30), activity: .highIntensityIntervalTraining)
    #expect(close(kcal, 6.25625, 1e-9))
  }

  /// [15 s, 75 s): 15 s at 12 MET (38.5 × 15 = 577.5), 30 s at 1.3 MET (net 0.3 × 3.5 = 1.05;
  /// 1.05 × 30 = 31.5) and 15 s after the course at HIIT's own 8 MET (24.5 × 15 = 367.5):
  /// 976.5 × 65 / 12000 = 5.289375 kcal.
  @Test("a span over work, rest and after the course: the activity's MET outside the segments")
  func energyAcrossTheCourse() throws {
    var source = try quietSource(segments: thirtyThirty)
    let kcal = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(15), to: at(75),
      activity: .highIntensityIntervalTraining)
    #expect(close(kcal, 5.289375, 1e-9))
  }

  /// 6 MET: net 5 × 3.5 = 17.5; target 60 + 17.5 / 36.5 × 123.5 = 119.21233. From 60 with the
  /// rise's 24 s, 479 s later the gap left is 59.21 × e^(−479/24) ≈ 1.3e-7 bpm (no drift before
  /// 600 s of exercise). HIIT's own 8 MET would give 60 + 24.5 / 36.5 × 123.5 = 142.897.
  @Test("heart-rate target at 6 MET: 119.212 bpm")
  func heartRateTarget() throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(480), mets: 6)])
    let heartRate = source.modelHeartRate(at: at(479), activity: .highIntensityIntervalTraining)
    #expect(close(heartRate, 119.21233, 1e-4))
  }

  /// From rest (60) toward 12 MET, whose net 38.5 is above the reserve 36.5, so the target is
  /// the maximum 183.5: h(30) = 183.5 − 123.5 × e^(−30/24) = 183.5 − 123.5 × 0.2865048 =
  /// 148.1167.
  ///
  /// The recovery: 300 s at 6 MET reach h₀ = 119.21233 − 59.21233 × e^(−300/24) = 119.21211;
  /// then 1.3 MET, target W = 60 + 1.05 / 36.5 × 123.5 = 63.55274, residual
  /// ρ₀ = 0.75 × (119.21233 − 63.55274) = 41.74469, c = ρ₀ × 300 / (300 − 30) = 46.38299;
  /// 30 s into the rest h = W + c × e^(−0.1) + (h₀ − W − c) × e^(−1) = 63.55274 + 41.96920 +
  /// 9.27638 × 0.3678794 = 108.93439: a fall of 10.28 bpm in 30 s.
  @Test("a work interval raises the heart rate and a rest lets it fall (the existing kinetics)")
  func riseAndRecovery() throws {
    var interval = try quietSource(segments: thirtyThirty)
    let peak = interval.modelHeartRate(at: at(30), activity: .highIntensityIntervalTraining)
    #expect(close(peak, 148.11666, 1e-4))
    var source = try quietSource(segments: [
      CourseSegment(duration: .seconds(300), mets: 6),
      CourseSegment(duration: .seconds(60), mets: 1.3),
    ])
    let before = source.modelHeartRate(at: at(300), activity: .highIntensityIntervalTraining)
    let after = source.modelHeartRate(at: at(330), activity: .highIntensityIntervalTraining)
    #expect(close(before, 119.21211, 1e-4))
    #expect(close(after, 108.93439, 1e-4))
  }

  @Test("a segment may give its MET alone; 0, a negative MET and more than 25 are refused")
  func range() throws {
    #expect(throws: Never.self) {
      try Course(segments: [CourseSegment(duration: .seconds(30), mets: 1)])
    }
    for bad in [0, -2, 25.5, Double.nan] {
      let error = try #require(throws: CourseError.self) {
        try Course(segments: [CourseSegment(duration: .seconds(30), mets: bad)])
      }
      guard case .invalidValue(0, "met", _) = error else {
        Issue.record("\(bad): \(error)")
        continue
      }
    }
    #expect(
      CourseError.invalidValue(index: 1, field: "met", value: 0).description
        == "segment 2: met 0.0 is outside what a body does (1 to 25 MET)")
  }

  @Test("only constant-MET activities read a segment's MET")
  func activities() {
    #expect(CourseSegment.metsProblem(activity: .highIntensityIntervalTraining) == nil)
    #expect(CourseSegment.metsProblem(activity: .elliptical) == nil)
    #expect(
      CourseSegment.metsProblem(activity: .running)
        == #""met" is only for an activity that burns a constant Compendium MET, such as "highIntensityIntervalTraining" (the activity is "running", whose energy follows the course's speed): remove "met" and give "speed", or change the activity"#
    )
  }

  /// Sets of 10 reps of 3 s (30 s each) beside 30 s at 12 MET then 30 s at 1.3 MET: a set at
  /// 0 runs 0–30 s, in the work; one at 40 s runs 40–70 s, into the rest (30–60 s).
  @Test("reps in a rest (1.5 MET or less) disagree with the course")
  func repsInARest() {
    let inWork = StrengthPlan(sets: [StrengthPlan.Set(start: .seconds(0), reps: 10)])
    #expect(inWork.restProblem(segments: thirtyThirty) == nil)
    let intoRest = StrengthPlan(sets: [
      StrengthPlan.Set(start: .seconds(0), reps: 10),
      StrengthPlan.Set(start: .seconds(40), reps: 10),
    ])
    let problem = intoRest.restProblem(segments: thirtyThirty)
    #expect(problem?.path == "sets[1]")
    #expect(
      problem?.message
        == #"the set's reps run from 40 s to 70 s, into course[1] (30 s to 60 s) at 1.3 MET, a rest (1.5 MET or less): reps are work, so move the set out of the rest or give that segment a higher "met""#
    )
    // A segment without its own MET is the activity's entry: work.
    let plain = [CourseSegment(duration: .seconds(60), speed: 0)]
    #expect(intoRest.restProblem(segments: plain) == nil)
  }
}
