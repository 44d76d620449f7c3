import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// The Swift door of a swim: the watch records lengths and sets into the app's builder, and
/// the saved workout has them, as the command line's record does.
@Suite struct SwimmingTests {
  @Test func aPoolSwimOf40LengthsReachesTheAppsBuilderAsTheCommandLinesRecord() async throws {
    // Scenarios/swim-pool.json: 40 lengths of 25 m in four sets, 1290 s, 1000 m.
    let scenario = try bundledScenario("swim-pool.json")
    let cli = try #require(try Simulation.run(scenario).records.first)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let recorder = Recorder(simulation)
    var workout: HKWorkout?
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .swimming
      configuration.locationType = .indoor
      configuration.swimmingLocationType = .pool
      configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      builder.delegate = recorder
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(1290))
      session.end()
      try await builder.endCollection(at: simulation.now)
      workout = try await builder.finishWorkout()
    }
    let saved = try #require(workout)
    let laps = (saved.workoutEvents ?? []).filter { $0.type == .lap }
    #expect(laps.count == 40)
    #expect((saved.workoutEvents ?? []).filter { $0.type == .segment }.count == 4)
    // Each length lasts 25 / (100 / 120) = 30 s and carries freestyle (2).
    #expect(laps.allSatisfy { $0.dateInterval.duration == 30 })
    #expect(
      laps.allSatisfy {
        ($0.metadata?[HKMetadataKeySwimmingStrokeStyle] as? NSNumber)?.intValue
          == HKSwimmingStrokeStyle.freestyle.rawValue
      })
    // 50 events reached the delegate (workoutBuilderDidCollectEvent), none of them the app's:
    // 40 laps, 4 segments, and a pause and a resume for each of the 3 rests.
    #expect(recorder.builderEvents.withLock { $0 } == 50)
    #expect((saved.workoutEvents ?? []).filter { $0.type == .pause }.count == 3)
    // The rests are paused: 1290 s from start to end, 1200 s of swimming.
    #expect(saved.duration == 1200)
    let distance = try #require(
      saved.statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity())
    #expect(abs(distance.doubleValue(for: .meter()) - 1000) < 1e-9)
    // Whole strokes per length, carried within each set of 10: round(192.31) = 192 a set.
    let strokes = try #require(
      saved.statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity())
    #expect(strokes.doubleValue(for: .count()) == 768)
    // The same events as the command line's record.
    #expect(laps.count == cli.events.filter { $0.type == .lap }.count)
  }

  /// A pool swim in the app's pool: the scenario's sets swim `lengths` of `scenarioPool` m at
  /// 2:00 per 100 m; the app configures `lapLength` (m) and `location`. Returns the saved
  /// workout.
  private func swim(
    lengths: Int, scenarioPool: Double, appLapLength: HKQuantity?, seconds: Int64,
    location: HKWorkoutSwimmingLocationType = .pool
  ) async throws -> HKWorkout {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming", "location": "indoor",
        "swim": { "location": "pool", "lapLength": \(scenarioPool),
                  "sets": [ { "lengths": \(lengths), "pace": "2:00" } ] } }
      """)
    let simulation = try HealthKitSimulation(scenario: scenario)
    var workout: HKWorkout?
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .swimming
      configuration.locationType = .indoor
      configuration.swimmingLocationType = location
      configuration.lapLength = appLapLength
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(seconds))
      session.end()
      try await builder.endCollection(at: simulation.now)
      workout = try await builder.finishWorkout()
    }
    return try #require(workout)
  }

  @Test func theAppsLapLengthIsThePoolTheWatchCountsLengthsOf() async throws {
    // The scenario swims 20 lengths of 50 m = 1000 m at 2:00 per 100 m (0.8333 m/s): 1200 s.
    // The app's pool is 25 m: 1000 / 25 = 40 lengths of 25 / (100 / 120) = 30 s each.
    let saved = try await swim(
      lengths: 20, scenarioPool: 50, appLapLength: HKQuantity(unit: .meter(), doubleValue: 25),
      seconds: 1200)
    let laps = (saved.workoutEvents ?? []).filter { $0.type == .lap }
    #expect(laps.count == 40)
    #expect(laps.allSatisfy { abs($0.dateInterval.duration - 30) < 1e-9 })
    // The k-th length (from 0) starts at 30k s.
    #expect(abs(laps[39].dateInterval.start.timeIntervalSince(saved.startDate) - 1170) < 1e-9)
    #expect((saved.workoutEvents ?? []).filter { $0.type == .segment }.count == 1)
    let lap = try #require(saved.metadata?[HKMetadataKeyLapLength] as? HKQuantity)
    #expect(lap.doubleValue(for: .meter()) == 25)
    // The swimmer's distance is the scenario's: 1000 m.
    let distance = try #require(
      saved.statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity())
    #expect(abs(distance.doubleValue(for: .meter()) - 1000) < 1e-9)
  }

  @Test func withoutTheAppsLapLengthTheScenariosPoolCounts() async throws {
    // 20 lengths of 50 m at 0.8333 m/s: 60 s each; HKLapLength 50 m.
    let saved = try await swim(lengths: 20, scenarioPool: 50, appLapLength: nil, seconds: 1200)
    let laps = (saved.workoutEvents ?? []).filter { $0.type == .lap }
    #expect(laps.count == 20)
    #expect(laps.allSatisfy { abs($0.dateInterval.duration - 60) < 1e-9 })
    let lap = try #require(saved.metadata?[HKMetadataKeyLapLength] as? HKQuantity)
    #expect(lap.doubleValue(for: .meter()) == 50)
    // The app's pool agrees with the scenario's: HKSwimmingLocationType 1 (pool).
    #expect((saved.metadata?[HKMetadataKeySwimmingLocationType] as? NSNumber)?.intValue == 1)
  }

  /// The app's session swims in open water while the scenario's swim is in a 50 m pool: the
  /// session's configuration replaces the scenario's pool whole, as a swimming leg's does
  /// (docs/models.md#swimming): `HKSwimmingLocationType` 2 (open water), no `HKLapLength`.
  @Test func anOpenWaterSessionInAPoolScenarioSavesOpenWater() async throws {
    let saved = try await swim(
      lengths: 2, scenarioPool: 50, appLapLength: nil, seconds: 120, location: .openWater)
    #expect((saved.metadata?[HKMetadataKeySwimmingLocationType] as? NSNumber)?.intValue == 2)
    #expect(saved.metadata?[HKMetadataKeyLapLength] == nil)
  }

  @Test func aPoolInYardsAndOneThatDoesNotDivideTheSet() async throws {
    // 40 lengths of 25 m = 1000 m. The app's pool is 36 yd = 32.9184 m (1 yd = 0.9144 m):
    // ⌊1000 / 32.9184⌋ = 30 lengths (987.552 m), each 32.9184 / (100 / 120) = 39.50208 s; the
    // last 12.448 m get no lap event.
    let saved = try await swim(
      lengths: 40, scenarioPool: 25, appLapLength: HKQuantity(unit: .yard(), doubleValue: 36),
      seconds: 1200)
    let laps = (saved.workoutEvents ?? []).filter { $0.type == .lap }
    #expect(laps.count == 30)
    #expect(laps.allSatisfy { abs($0.dateInterval.duration - 39.50208) < 1e-6 })
  }

  /// 100 m in 2:00 freestyle (1.3 m a stroke) in a 25 m pool: four lengths of 30 s. The watch
  /// writes each length's distance (25 m) and whole strokes (25 / 1.3 = 19.2308 a length,
  /// carried within the set: 19, 19, 20, 19) over the length; a sample query finds them.
  @Test func aPoolSwimsDistanceAndStrokesAreOneSampleALength() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming", "location": "indoor",
        "swim": { "location": "pool", "lapLength": 25,
                  "sets": [ { "lengths": 4, "stroke": "freestyle", "pace": "2:00" } ] } }
      """)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let distanceType = HKQuantityType(.distanceSwimming)
    let strokeType = HKQuantityType(.swimmingStrokeCount)
    var distances: [QuantitySpan] = []
    var strokes: [QuantitySpan] = []
    var liveMidLength: Double?
    var swolf: [Double] = []
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKObjectType.workoutType()], read: [distanceType, strokeType])
      let (session, builder) = try await startedSwim(store, simulation, location: .pool)
      // Halfway through the second length the builder has the first length's 25 m.
      try await simulation.advance(by: .seconds(45))
      liveMidLength = builder.statistics(for: distanceType)?.sumQuantity()?.doubleValue(
        for: .meter())
      try await simulation.advance(by: .seconds(75))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try await builder.finishWorkout()
      swolf = (workout?.workoutEvents ?? []).filter { $0.type == .lap }.compactMap {
        ($0.metadata?[HKMetadataKeySWOLFScore] as? NSNumber)?.doubleValue
      }
      let start = simulation.startDate
      distances = try await quantitySpans(store, distanceType, .meter(), from: start)
      strokes = try await quantitySpans(store, strokeType, .count(), from: start)
    }
    #expect(liveMidLength == 25)
    #expect(distances.map(\.start) == [0, 30, 60, 90])
    #expect(distances.map(\.end) == [30, 60, 90, 120])
    #expect(distances.map(\.value) == [25, 25, 25, 25])
    #expect(strokes.map(\.start) == [0, 30, 60, 90])
    #expect(strokes.map(\.value) == [19, 19, 20, 19])
    // SWOLF on each length: 30 s + its strokes.
    #expect(swolf == [49, 49, 50, 49])
  }

  @Test func aLapLengthOfZeroOrNotALengthIsRefused() async throws {
    let scenario = try decodeScenario(
      #"{ "version": 1, "activity": "swimming", "swim": { "sets": [ { "lengths": 4 } ] } }"#)
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .swimming
      configuration.swimmingLocationType = .pool
      configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 0)
      #expect(throws: HKError.self) {
        _ = try HKWorkoutSession(healthStore: store, configuration: configuration)
      }
      configuration.lapLength = HKQuantity(unit: .second(), doubleValue: 25)
      do {
        _ = try HKWorkoutSession(healthStore: store, configuration: configuration)
        Issue.record("a lap length in seconds was accepted")
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
        #expect(error.localizedDescription.contains("lapLength must be a length"))
      }
    }
  }
}

/// `workoutBuilderDidCollectEvent(_:)` once per event, each call after its own event was added
/// and before the next is: `builder.workoutEvents.last` in the call is the event it announces,
/// and `workoutEvents` is in the order added (docs/swift-api.md#builder-events).
@Suite struct BuilderEventCallTests {
  /// What each call saw: virtual seconds, `workoutEvents.count`, and the last event's type and
  /// start (seconds).
  final class LastEvent: NSObject, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let simulation: HealthKitSimulation
    let calls = Mutex<[String]>([])
    init(_ simulation: HealthKitSimulation) { self.simulation = simulation }
    func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
    ) {}
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
      let events = workoutBuilder.workoutEvents
      let now = Int(simulation.now.timeIntervalSince(simulation.startDate))
      let last = events.last.map {
        "\($0.type.rawValue)@\(Int($0.dateInterval.start.timeIntervalSince(simulation.startDate)))"
      }
      calls.withLock { $0.append("\(now):\(events.count):\(last ?? "none")") }
    }
  }

  /// The trial's pool swim: 8 lengths of 25 m freestyle at 2:00 per 100 m (30 s each, 0–240 s),
  /// 30 s rest, then breaststroke at 2:40 per 100 m (40 s a length, the first 270–310 s). At
  /// 240 s three events end together: the 8th length (210–240 s), the set's segment (0–240 s)
  /// and the rest's pause (240 s); the resume comes at 270 s. Each call shows its own event
  /// last; lap = 3, segment = 7, pause = 1, resume = 2 (HKWorkoutEventType's raw values).
  @Test func eachCallSeesItsOwnEventLast() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "start": "2026-06-01T07:00:00Z", "activity": "swimming",
        "swim": { "location": "pool", "lapLength": 25,
                  "sets": [ { "lengths": 8, "stroke": "freestyle", "pace": "2:00", "rest": 30 },
                            { "lengths": 4, "stroke": "breaststroke", "pace": "2:40" } ] } }
      """)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let delegate = LastEvent(simulation)
    var finalEvents: [String] = []
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .swimming
      configuration.swimmingLocationType = .pool
      configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.delegate = delegate
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(315))
      finalEvents = builder.workoutEvents.map {
        "\($0.type.rawValue)@\(Int($0.dateInterval.start.timeIntervalSince(simulation.startDate)))"
      }
    }
    let laps = (1...8).map { "\(30 * $0):\($0):3@\(30 * ($0 - 1))" }
    #expect(
      delegate.calls.withLock { $0 }
        == laps + ["240:9:7@0", "240:10:1@240", "270:11:2@270", "310:12:3@270"])
    // In the order added, not by start date: the set's segment (from 0 s) after its 8th length.
    #expect(
      finalEvents
        == (0..<8).map { "3@\(30 * $0)" } + ["7@0", "1@240", "2@270", "3@270"])
  }
}
