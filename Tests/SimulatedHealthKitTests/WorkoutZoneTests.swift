import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A 30-minute run from 2026-03-02 12:00 UTC by an athlete with a maximum heart rate of 200
/// bpm (system zones bounded at 120, 140, 160, 180 bpm) and no heart-rate sensor: the app adds
/// the heart-rate samples itself, a scripted profile (the effort tests use it too).
func zoneRun() throws -> Scenario {
  try decodeScenario(
    """
    {
      "version": 1,
      "name": "Zones",
      "start": "2026-03-02T12:00:00Z",
      "timeZone": "UTC",
      "activity": "running",
      "athlete": { "maxHeartRate": 200 },
      "course": [{ "duration": 1800, "speed": 3.2 }],
      "sensors": { "heartRate": { "enabled": false } }
    }
    """, fileName: "test.json")
}

/// What `didUpdateWorkoutZone` passed: the update's date, zone indexes and durations (s).
private final class ZoneRecorder: NSObject, HKLiveWorkoutBuilderDelegate {
  struct Call: Equatable {
    var date: Date?
    var current: Int?
    var currentDuration: TimeInterval?
    var previous: Int?
    var previousDuration: TimeInterval?
    var groupDurations: [TimeInterval]
  }
  let calls = Mutex<[Call]>([])

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {}
  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate
  ) {
    let call = Call(
      date: zoneUpdate.lastSampleProcessedDate, current: zoneUpdate.currentZoneDuration?.zone.index,
      currentDuration: zoneUpdate.currentZoneDuration?.duration,
      previous: zoneUpdate.previousZoneDuration?.zone.index,
      previousDuration: zoneUpdate.previousZoneDuration?.duration,
      groupDurations: zoneUpdate.zoneGroup?.zoneDurations.map(\.duration) ?? [])
    calls.withLock { $0.append(call) }
  }
}

@Suite struct WorkoutZoneTests {
  @Test func preferredHeartRateZonesComeFromTheAthlete() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    try await simulation.run {
      let store = HKHealthStore()
      let zones = try #require(
        try await store.preferredWorkoutZoneConfiguration(for: HKQuantityType(.heartRate)))
      #expect(zones.source == .system)
      #expect(zones.quantityType == HKQuantityType(.heartRate))
      // 60, 70, 80, 90 % of 200 bpm; first open below, last open above.
      #expect(zones.zones.map(\.index) == [0, 1, 2, 3, 4])
      #expect(zones.zones.map { $0.minimum?.doubleValue(for: bpm) } == [nil, 120, 140, 160, 180])
      #expect(zones.zones.map { $0.maximum?.doubleValue(for: bpm) } == [120, 140, 160, 180, nil])
      // This athlete has no functional threshold power: no power zones.
      #expect(
        try await store.preferredWorkoutZoneConfiguration(for: HKQuantityType(.cyclingPower))
          == nil)
      await #expect(throws: HKError.self) {
        _ = try await store.preferredWorkoutZoneConfiguration(for: HKQuantityType(.stepCount))
      }
    }
  }

  @Test func badBoundariesAreRefused() throws {
    let watts = HKUnit.watt()
    func power(_ values: [Double]) -> [HKQuantity] {
      values.map { HKQuantity(unit: watts, doubleValue: $0) }
    }
    let cycling = HKQuantityType(.cyclingPower)
    func message(_ make: () throws -> HKWorkoutZoneConfiguration) -> String? {
      do {
        _ = try make()
        return nil
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
        return error.localizedDescription
      } catch { return "\(error)" }
    }
    // One boundary: 2 zones.
    #expect(
      message {
        try HKWorkoutZoneConfiguration(quantityType: cycling, zoneBoundaries: power([100]))
      }
        == "Workout zones need 3 to 9 zones (2 to 8 boundaries); got 2 zones")
    // Nine boundaries: 10 zones.
    #expect(
      message {
        try HKWorkoutZoneConfiguration(
          quantityType: cycling,
          zoneBoundaries: power(Array(stride(from: 50.0, through: 450, by: 50))))
      } == "Workout zones need 3 to 9 zones (2 to 8 boundaries); got 10 zones")
    #expect(
      message {
        try HKWorkoutZoneConfiguration(
          quantityType: cycling, zoneBoundaries: power([200, 150, 250]))
      } == "Zone boundary 1 must be above boundary 0")
    #expect(
      message {
        try HKWorkoutZoneConfiguration(
          quantityType: HKQuantityType(.stepCount),
          zoneBoundaries: [HKQuantity(unit: .count(), doubleValue: 1)])
      }
        == "Workout zones support heart rate and cycling power, not HKQuantityTypeIdentifierStepCount"
    )
    #expect(
      message {
        try HKWorkoutZoneConfiguration(
          quantityType: cycling, zoneBoundaries: [HKQuantity(unit: .meter(), doubleValue: 1)])
      }
        == "A zone boundary of HKQuantityTypeIdentifierCyclingPower must be in a unit compatible with W"
    )
    // Three zones and nine zones are fine; source app.
    let three = try HKWorkoutZoneConfiguration(
      quantityType: cycling, zoneBoundaries: power([100, 200]))
    #expect(three.zones.count == 3)
    #expect(three.source == .app)
    let nine = try HKWorkoutZoneConfiguration(
      quantityType: cycling, zoneBoundaries: power(Array(stride(from: 50.0, through: 400, by: 50))))
    #expect(nine.zones.count == 9)
  }

  @Test func customZonesOnlyBeforeCollection() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      let custom = try HKWorkoutZoneConfiguration(
        quantityType: heartRate,
        zoneBoundaries: [100, 150].map { HKQuantity(unit: bpm, doubleValue: $0) })
      // Before collection: taken, and zoneConfiguration(for:) returns it.
      try await builder.setCustomZoneConfiguration(custom, for: heartRate)
      #expect(try await builder.zoneConfiguration(for: heartRate) == custom)
      // nil returns to the preferred zones.
      try await builder.setCustomZoneConfiguration(nil, for: heartRate)
      #expect(try await builder.zoneConfiguration(for: heartRate)?.source == .system)
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      do {
        try await builder.setCustomZoneConfiguration(custom, for: heartRate)
        Issue.record("a custom configuration after beginCollection was taken")
      } catch let error as HKError {
        #expect(error.code == .errorInvalidArgument)
        #expect(
          error.localizedDescription
            == "Set a custom zone configuration before beginCollection(withStart:completion:); this workout's collection has begun"
        )
      }
      #expect(try await builder.zoneConfiguration(for: heartRate)?.source == .system)
    }
  }

  /// Five minutes in each of five zones with a one-minute pause inside zone 3 (index 2).
  @Test func durationsAndZoneChangesOfAScriptedProfile() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    let recorder = ZoneRecorder()
    try await simulation.run {
      let store = HKHealthStore()
      let (session, builder) = try await startedRun(store, simulation)
      builder.delegate = recorder
      func beat(_ value: Double) async throws {
        try await builder.addSamples([
          HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value),
            start: simulation.now, end: simulation.now)
        ])
      }
      try await beat(100)  // t = 0, zone 0
      try await simulation.advance(by: .seconds(300))
      try await beat(130)  // 300, zone 1
      try await simulation.advance(by: .seconds(100))
      try await beat(135)  // 400, still zone 1: no call
      try await simulation.advance(by: .seconds(200))
      try await beat(150)  // 600, zone 2
      try await simulation.advance(by: .seconds(100))
      session.pause()  // 700
      try await simulation.advance(by: .seconds(60))
      session.resume()  // 760
      try await simulation.advance(by: .seconds(140))
      try await beat(170)  // 900, zone 3
      try await simulation.advance(by: .seconds(300))
      try await beat(190)  // 1200, zone 4
      try await simulation.advance(by: .seconds(300))
      session.end()  // 1500
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      // 300 s in each zone; zone 2: 600–900 s less the 60 s pause = 240 s.
      let expected: [TimeInterval] = [300, 300, 240, 300, 300]
      let group = try #require(workout.zoneGroupsByType?[heartRate])
      #expect(group.zoneDurations.map(\.duration) == expected)
      #expect(group.configuration.source == .system)
      #expect(workout.zoneGroup(for: heartRate) == group)
      #expect(workout.workoutActivities.first?.zoneGroupsByType?[heartRate] == group)
      #expect(workout.zoneGroup(for: HKQuantityType(.cyclingPower)) == nil)
    }
    // One call per change, at 0, 300, 600, 900, 1200 s (none at 400 s); durations up to the
    // sample (the new zone has 0 s yet; the one left has its whole stay, zone 2 less the pause).
    let calls = recorder.calls.withLock { $0 }
    #expect(calls.map(\.date) == [0, 300, 600, 900, 1200].map { noon(plus: $0) })
    #expect(calls.map(\.current) == [0, 1, 2, 3, 4])
    #expect(calls.map(\.currentDuration) == [0, 0, 0, 0, 0])
    #expect(calls.map(\.previous) == [nil, 0, 1, 2, 3])
    #expect(calls.map(\.previousDuration) == [nil, 300, 300, 240, 300])
    #expect(calls.last?.groupDurations == [300, 300, 240, 300, 0])
  }
  /// Issue 28 (zones of sub-activities): each of the app's activities has the zone groups of
  /// its own span. Heart rate 100 bpm at 0 s (zone index 0), 150 at 300 s (index 2), 130 at
  /// 600 s (index 1); a running workout's intervals as two activities, 0–400 s and 400–900 s
  /// (an activity of a workout other than swimBikeRun has the workout's type).
  @Test func eachSubActivityHasTheZonesOfItsOwnSpan() async throws {
    let simulation = try HealthKitSimulation(scenario: zoneRun())
    try await simulation.run {
      let store = HKHealthStore()
      let (session, builder) = try await startedRun(store, simulation)
      func beat(_ value: Double) async throws {
        try await builder.addSamples([
          HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value),
            start: simulation.now, end: simulation.now)
        ])
      }
      func begin() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        session.beginNewActivity(configuration: configuration, date: simulation.now, metadata: nil)
        try await simulation.advance(by: .seconds(0))
      }
      try await begin()  // 0 s
      try await beat(100)  // 0 s, index 0
      try await simulation.advance(by: .seconds(300))
      try await beat(150)  // 300 s, index 2
      try await simulation.advance(by: .seconds(100))
      try await begin()  // 400 s
      try await simulation.advance(by: .seconds(200))
      try await beat(130)  // 600 s, index 1
      try await simulation.advance(by: .seconds(300))
      session.end()  // 900 s
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let activities = workout.workoutActivities
      #expect(activities.map(\.startDate) == [0, 400].map { noon(plus: $0) })
      // Workout: index 0 for 0–300 s, index 2 for 300–600 s, index 1 for 600–900 s.
      #expect(
        workout.zoneGroup(for: heartRate)?.zoneDurations.map(\.duration) == [300, 300, 300, 0, 0])
      // First activity, 0–400 s: index 0 for 300 s, index 2 for 300–400 = 100 s.
      #expect(
        activities[0].zoneGroup(for: heartRate)?.zoneDurations.map(\.duration)
          == [300, 0, 100, 0, 0])
      // Second, 400–900 s: 150 bpm holds from its start, 400–600 = 200 s at index 2; then
      // 600–900 = 300 s at index 1. The two add up to the workout's.
      #expect(
        activities[1].zoneGroup(for: heartRate)?.zoneDurations.map(\.duration)
          == [0, 300, 200, 0, 0])
      #expect(activities[1].zoneGroup(for: heartRate)?.configuration.source == .system)
      // No power samples: no power group in either.
      #expect(activities.allSatisfy { $0.zoneGroup(for: HKQuantityType(.cyclingPower)) == nil })
    }
  }
}
