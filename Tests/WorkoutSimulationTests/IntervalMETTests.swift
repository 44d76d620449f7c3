import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// Scenarios/hiit-30-30.json and a run's own checks of a segment's MET
/// (docs/scenario-format.md#course-segments, docs/models.md#other-activities-compendium).
@Suite("A HIIT whose energy and heart rate follow its intervals")
struct IntervalMETTests {
  /// Active kcal/min = (MET − 1) × 3.5 × 65 / 200: warm-up 2 min at 3.8 MET, 3.185 × 2 = 6.37;
  /// 8 × 30 s at 12 MET, 12.5125 × 4 = 50.05; 8 × 30 s at 1.3 MET, 0.34125 × 4 = 1.365;
  /// cool-down 2 min at 2.3 MET, 1.47875 × 2 = 2.9575: 60.7425 kcal (HIIT's constant 8 MET
  /// would give 7.9625 × 12 = 95.55).
  @Test("the bundled 30/30: 60.7425 kcal, and the heart rate falls in every rest")
  func bundledThirtyThirty() throws {
    let result = try Simulation.run(bundledScenario("hiit-30-30.json"))
    let record = try #require(result.records.first)
    #expect(abs((record.totalEnergyBurned ?? 0) - 60.7425) < 1e-6)
    // The heart rate at the end of each work interval (150 s, 210 s, ...) is above the one at
    // the end of the rest that follows it (180 s, 240 s, ...): the intervals show.
    let scenario = try bundledScenario("hiit-30-30.json")
    var source = PhysiologyDataSource(
      course: try Course(segments: scenario.course.segmentsForTest), seed: 1)
    for interval in 0..<8 {
      let workEnd = SimulationInstant.seconds(Int64(150 + 60 * interval))
      let restEnd = SimulationInstant.seconds(Int64(180 + 60 * interval))
      let peak = source.modelHeartRate(at: workEnd, activity: .highIntensityIntervalTraining)
      let trough = source.modelHeartRate(at: restEnd, activity: .highIntensityIntervalTraining)
      #expect(peak - trough > 5, "interval \(interval + 1): \(peak) then \(trough)")
    }
  }

  @Test("a run whose activity has a course model refuses a segment's met (as --type running)")
  func typeOverride() throws {
    var scenario = try bundledScenario("hiit-30-30.json")
    scenario.activity = .running
    scenario.strength = nil
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(error.path == "course[0].met")
  }

  /// A plan set in Swift: 10 reps of 3 s from 2:30 run 150–180 s, the first rest (1.3 MET).
  @Test("a Swift plan whose reps fall in a rest is refused at the run")
  func swiftPlanInARest() throws {
    var scenario = try bundledScenario("hiit-30-30.json")
    scenario.strength = StrengthPlan(sets: [StrengthPlan.Set(start: .seconds(150), reps: 10)])
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(error.path == "strength.sets[0]")
  }
}

extension Scenario.Course {
  /// The segments of a scripted course (none for a recording).
  fileprivate var segmentsForTest: [CourseSegment] {
    if case .segments(let segments) = self { return segments }
    return []
  }
}
