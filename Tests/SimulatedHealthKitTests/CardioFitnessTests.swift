import Foundation
import Testing
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

private let vo2Max = HKQuantityType(.vo2Max)
private let vo2MaxUnit = HKUnit(from: "ml/(kg*min)")

/// A scenario from 2026-03-02 12:00 UTC whose athlete's VO2max is `vo2Max`, by default 52
/// mL/(kg·min) (the scenario format's default is 40), with an hour of course, `sensors` (a JSON
/// object) and more top-level keys in `extra` (each followed by a comma).
private func cardioScenario(sensors: String = "{}", extra: String = "", vo2Max: Int = 52) throws
  -> Scenario
{
  try decodeScenario(
    """
    {
      "version": 1,
      "name": "Cardio fitness",
      "start": "2026-03-02T12:00:00Z",
      "timeZone": "UTC",
      \(extra)
      "activity": "running",
      "athlete": { "vo2Max": \(vo2Max) },
      "course": [{ "duration": 3600, "speed": 3 }],
      "sensors": \(sensors)
    }
    """, fileName: "test.json")
}

/// The watch's cardio fitness estimate after a finished workout
/// (docs/healthkit-behaviour.md#cardio-fitness-vo2max).
@Suite struct CardioFitnessTests {
  /// Runs a workout of `activity` at `location` from noon for `seconds` with the live data
  /// source (heart-rate collection disabled at the start when `collectHeartRate` is false) and
  /// finishes it; returns the workout.
  private func finishedWorkout(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation,
    activity: HKWorkoutActivityType = .running, location: HKWorkoutSessionLocationType = .outdoor,
    seconds: Int64 = 1800, readVO2Max: Bool = true, collectHeartRate: Bool = true
  ) async throws -> HKWorkout {
    try await store.requestAuthorization(
      toShare: [HKObjectType.workoutType()],
      read: readVO2Max ? [vo2Max, HKObjectType.workoutType()] : [HKObjectType.workoutType()])
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = activity
    configuration.locationType = location
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
    if !collectHeartRate { source.disableCollection(for: HKQuantityType(.heartRate)) }
    builder.dataSource = source
    session.startActivity(with: simulation.now)
    try await builder.beginCollection(at: simulation.now)
    try await simulation.advance(by: .seconds(seconds))
    session.end()
    try await builder.endCollection(at: simulation.now)
    return try #require(try await builder.finishWorkout())
  }

  /// The `vo2Max` samples an `HKSampleQuery` finds.
  private func estimates(_ store: HKHealthStore, _ simulation: HealthKitSimulation) async
    -> [HKQuantitySample]
  {
    (await samples(store, simulation, vo2Max).samples ?? []).compactMap { $0 as? HKQuantitySample }
  }

  @Test func aThirtyMinuteOutdoorRunSavesOneEstimateOfTheAthletesVO2Max() async throws {
    let simulation = try HealthKitSimulation(scenario: cardioScenario())
    try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(store, simulation)
      // Noon + 1800 s = 12:30:00 UTC.
      #expect(workout.endDate == noon(plus: 1800))
      let found = await estimates(store, simulation)
      #expect(found.count == 1)
      let sample = try #require(found.first)
      #expect(sample.quantity.doubleValue(for: vo2MaxUnit) == 52)
      #expect(sample.startDate == noon(plus: 1800))
      #expect(sample.endDate == noon(plus: 1800))
      #expect(sample.metadata?[HKMetadataKeyVO2MaxTestType] as? NSNumber == NSNumber(value: 2))
      #expect(HKVO2MaxTestType.predictionSubMaxExercise.rawValue == 2)
      #expect(sample.sourceRevision.source.bundleIdentifier == "com.apple.health.watch")
      // The async descriptor finds the same sample.
      let described = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: vo2Max)], sortDescriptors: []
      ).result(for: store)
      #expect(described.map(\.uuid) == [sample.uuid])
      #expect(described.first?.quantity.doubleValue(for: vo2MaxUnit) == 52)
      #expect(
        described.first?.metadata?[HKMetadataKeyVO2MaxTestType] as? NSNumber == NSNumber(value: 2)
      )
    }
  }

  /// The number of `vo2Max` samples an `HKSampleQuery` finds after one workout of `activity` at
  /// `location` for `seconds` in a new simulation of `scenario`.
  private func estimateCount(
    _ scenario: Scenario, activity: HKWorkoutActivityType = .running,
    location: HKWorkoutSessionLocationType = .outdoor, seconds: Int64 = 1800,
    collectHeartRate: Bool = true
  ) async throws -> Int {
    let simulation = try HealthKitSimulation(scenario: scenario)
    return try await simulation.run {
      let store = HKHealthStore()
      let workout = try await finishedWorkout(
        store, simulation, activity: activity, location: location, seconds: seconds,
        collectHeartRate: collectHeartRate)
      if !collectHeartRate {
        // The app collected no heart rate: the workout has no heart-rate statistics.
        #expect(workout.statistics(for: HKQuantityType(.heartRate)) == nil)
      }
      return await estimates(store, simulation).count
    }
  }

  @Test func aTwentyMinuteOutdoorWalkAndHikeEachSaveOne() async throws {
    // 1200 s is the shortest that counts (at least 20 minutes); 1199 s does not.
    #expect(try await estimateCount(cardioScenario(), activity: .walking, seconds: 1200) == 1)
    #expect(try await estimateCount(cardioScenario(), activity: .hiking, seconds: 1200) == 1)
    #expect(try await estimateCount(cardioScenario(), activity: .walking, seconds: 1199) == 0)
  }

  /// Each workout that gives none beside the 30-minute outdoor run that gives one.
  @Test func aShortRunAnIndoorRunAndCyclingSaveNone() async throws {
    #expect(try await estimateCount(cardioScenario()) == 1)
    #expect(try await estimateCount(cardioScenario(), seconds: 600) == 0)
    #expect(try await estimateCount(cardioScenario(), location: .indoor) == 0)
    #expect(try await estimateCount(cardioScenario(), location: .unknown) == 0)
    #expect(try await estimateCount(cardioScenario(), activity: .cycling) == 0)
  }

  @Test func aRunWithTheHeartRateSensorOffSavesNone() async throws {
    let off = try cardioScenario(sensors: #"{ "heartRate": { "enabled": false } }"#)
    #expect(try await estimateCount(off) == 0)
    #expect(try await estimateCount(cardioScenario()) == 1)
  }

  /// The estimate comes from the watch's sensors, not from what the app's builder collects: an
  /// app that disables heart-rate collection still gets one while the sensor is on, none off.
  @Test func aRunWhoseAppDisablesHeartRateCollectionSavesOneWhileTheSensorIsOn() async throws {
    #expect(try await estimateCount(cardioScenario(), collectHeartRate: false) == 1)
    let off = try cardioScenario(sensors: #"{ "heartRate": { "enabled": false } }"#)
    #expect(try await estimateCount(off, collectHeartRate: false) == 0)
  }

  /// Active time, not elapsed: 25 minutes from start to end with a 10-minute pause is 15
  /// minutes of active time, under 20, so none; a discarded 30-minute run saves none either.
  @Test func aPausedRunUnderTwentyActiveMinutesAndADiscardedRunSaveNone() async throws {
    let simulation = try HealthKitSimulation(scenario: cardioScenario())
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKObjectType.workoutType()], read: [vo2Max, HKObjectType.workoutType()])
      let (session, builder) = try await startedRun(store, simulation, locationType: .outdoor)
      try await simulation.advance(by: .seconds(600))
      session.pause()
      try await simulation.advance(by: .seconds(600))
      session.resume()
      try await simulation.advance(by: .seconds(300))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      // 600 + 300 s active of 1500 s elapsed.
      #expect(workout.duration == 900)
      #expect(await estimates(store, simulation).isEmpty)

      let (second, discarded) = try await startedRun(store, simulation, locationType: .outdoor)
      try await simulation.advance(by: .seconds(1800))
      second.end()
      try await discarded.endCollection(at: simulation.now)
      discarded.discardWorkout()
      try await simulation.advance(by: .seconds(1))
      #expect(await estimates(store, simulation).isEmpty)
    }
  }

  /// Apple's support article gives the watch's range as 14–65 mL/(kg·min): an athlete above
  /// it gets an estimate of 65, one below it 14 (the nearer end), one inside it their own.
  @Test func anAthleteOutsideTheWatchsRangeGetsTheNearerEnd() async throws {
    for (athlete, expected) in [(70, 65.0), (12, 14.0), (65, 65.0), (14, 14.0)] {
      let simulation = try HealthKitSimulation(scenario: cardioScenario(vo2Max: athlete))
      try await simulation.run {
        let store = HKHealthStore()
        _ = try await finishedWorkout(store, simulation)
        let values = await estimates(store, simulation).map {
          $0.quantity.doubleValue(for: vo2MaxUnit)
        }
        #expect(values == [expected], "athlete \(athlete)")
      }
    }
  }

  @Test func aDeniedReadHidesTheEstimate() async throws {
    let simulation = try HealthKitSimulation(
      scenario: cardioScenario(
        extra: #""authorization": { "healthKit": { "read": { "denied": ["vo2Max"] } } },"#))
    try await simulation.run {
      let store = HKHealthStore()
      _ = try await finishedWorkout(store, simulation)
      #expect(await estimates(store, simulation).isEmpty)
      // Saved all the same, under the watch's source: the denial only hides it.
      let kind = try #require(HealthDataType(identifier: vo2Max.identifier))
      let stored = simulation.mutate { state in
        state.health.samples(of: kind, where: .all, at: state.session.now, sortedBy: [], limit: nil)
          .map { state.health.sample($0).value }
      }
      #expect(stored == [52])
    }
  }
}
