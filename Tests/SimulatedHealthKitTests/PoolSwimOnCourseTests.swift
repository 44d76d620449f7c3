import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A pool swim the scenario does not script (no `swim` key): the app's own pool configuration
/// makes the watch count lengths on the course, as it does for a multisport workout's pool leg
/// (docs/models.md#swimming); open water keeps its samples every 10 s.
@Suite struct PoolSwimOnCourseTests {
  /// A swimming scenario without `swim`: the course swims 0.8 m/s for 600 s.
  func steadySwim() throws -> Scenario {
    try decodeScenario(
      """
      { "version": 1, "start": "2026-03-02T12:00:00Z", "timeZone": "UTC",
        "activity": "swimming", "location": "indoor",
        "course": [ { "duration": 600, "speed": 0.8 } ],
        "sensors": { "heartRate": { "constant": 120 } } }
      """)
  }

  /// What the app's swim saved: its lap events (start, duration, SWOLF), its distance and
  /// stroke samples, and its record metadata.
  struct Swim {
    var laps: [(start: Double, duration: Double, swolf: Double?)] = []
    var distances: [QuantitySpan] = []
    var strokes: [QuantitySpan] = []
    var locationType: Int?
    var lapLength: Double?
  }

  /// An app's swim of `location` (with a 25 m `lapLength` in a pool) from 0 to 100 s.
  func swim(_ location: HKWorkoutSwimmingLocationType) async throws -> Swim {
    let simulation = try HealthKitSimulation(scenario: steadySwim())
    let distanceType = HKQuantityType(.distanceSwimming)
    let strokeType = HKQuantityType(.swimmingStrokeCount)
    var swim = Swim()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKObjectType.workoutType()], read: [distanceType, strokeType])
      let (session, builder) = try await startedSwim(store, simulation, location: location)
      try await simulation.advance(by: .seconds(100))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let start = simulation.startDate
      swim.laps = (workout.workoutEvents ?? []).filter { $0.type == .lap }.map {
        (
          $0.dateInterval.start.timeIntervalSince(start), $0.dateInterval.duration,
          ($0.metadata?[HKMetadataKeySWOLFScore] as? NSNumber)?.doubleValue
        )
      }
      swim.locationType =
        (workout.metadata?[HKMetadataKeySwimmingLocationType] as? NSNumber)?.intValue
      swim.lapLength = (workout.metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(
        for: .meter())
      swim.distances = try await quantitySpans(store, distanceType, .meter(), from: start)
      swim.strokes = try await quantitySpans(store, strokeType, .count(), from: start)
    }
    return swim
  }

  /// A `.pool` session of 25 m in a scenario without `swim` (swim26 item 1; before, the watch
  /// sampled 10 × 8 m = 80 m every 10 s and recorded no length): the course's 0.8 m/s is the
  /// swimmer's pace, so a length ends every 25 / 0.8 = 31.25 s, at 31.25, 62.5 and 93.75 s
  /// (the 4th would end at 125 s, after the end at 100 s): three `lap` events of 31.25 s from
  /// 0, 31.25 and 62.5 s, three `distanceSwimming` samples of 25 m over the same spans (75 m,
  /// not 80), and the default swimmer's freestyle strokes at 1.3 m a stroke, 25 / 1.3 =
  /// 19.2308 a length carried in whole strokes: round(19.23) = 19, round(38.46) − 19 = 19,
  /// round(57.69) − 38 = 20. Each lap's SWOLF is its seconds plus its strokes: 31.25 + 19 =
  /// 50.25, 50.25, 31.25 + 20 = 51.25. The saved workout's metadata is the pool's (1, 25 m).
  @Test func aPoolSessionWithoutAScriptedSwimRecordsLengths() async throws {
    let swim = try await swim(.pool)
    #expect(swim.laps.map(\.start) == [0, 31.25, 62.5])
    #expect(swim.laps.map(\.duration) == [31.25, 31.25, 31.25])
    #expect(swim.laps.map(\.swolf) == [50.25, 50.25, 51.25])
    #expect(swim.distances.map(\.start) == [0, 31.25, 62.5])
    #expect(swim.distances.map(\.end) == [31.25, 62.5, 93.75])
    #expect(swim.distances.map(\.value) == [25, 25, 25])
    #expect(swim.strokes.map(\.start) == [0, 31.25, 62.5])
    #expect(swim.strokes.map(\.value) == [19, 19, 20])
    #expect(swim.locationType == 1)
    #expect(swim.lapLength == 25)
  }

  /// The control: an `.openWater` session in the same scenario keeps its samples every 10 s
  /// and records no lengths (Apple records lengths in a pool only): 100 s at 0.8 m/s are ten
  /// `distanceSwimming` samples of 10 × 0.8 = 8 m, 80 m; the metadata says open water (2) and
  /// has no `HKLapLength`.
  @Test func anOpenWaterSessionKeepsItsSamplesEveryTenSeconds() async throws {
    let swim = try await swim(.openWater)
    #expect(swim.laps.isEmpty)
    #expect(swim.distances.map(\.start) == Array(stride(from: 0.0, to: 100, by: 10)))
    #expect(swim.distances.allSatisfy { abs($0.value - 8) < 1e-9 })
    #expect(swim.locationType == 2)
    #expect(swim.lapLength == nil)
  }

  /// A `.pool` session in a swimming scenario without a course (the default `course: []`: the
  /// body stands still) swims no length; instead of recording nothing without a word, the
  /// session's making reports a `notDelivered` warning of HealthKit's
  /// `HKWorkoutSession(healthStore:configuration:)` at t = 0 with what to write (a project
  /// rule, docs/models.md#swimming), once.
  @Test func aPoolSessionOnACourseThatStandsStillWarns() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "start": "2026-03-02T12:00:00Z", "timeZone": "UTC",
        "activity": "swimming", "location": "indoor" }
      """)
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let (session, builder) = try await startedSwim(HKHealthStore(), simulation, location: .pool)
      try await simulation.advance(by: .seconds(100))
      session.end()
      try await builder.endCollection(at: simulation.now)
    }
    let warnings = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(warnings.map(\.call) == ["HKWorkoutSession(healthStore:configuration:)"])
    #expect(warnings.map(\.framework) == ["HealthKit"])
    #expect(warnings.map(\.seconds) == [0])
    #expect(
      warnings.map(\.message) == [
        #"the pool swim from t = 0 s (25 m lengths) swims no whole length: the course stands still or moves less than a length after it (the default "course": [] stands still), so the watch records no length, distance or stroke; give "course" segments with a speed, such as {"duration": 1800, "speed": 0.8} (2:05 per 100 m), or a "swim" key with sets"#
      ])
  }
}
