import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// HealthKit's metadata values are `NSString`, `NSNumber`, `NSDate` (and `HKQuantity` for some
/// keys) (Apple doc: https://developer.apple.com/documentation/healthkit/hkobject/metadata): the
/// one rule `addMetadata` applies refuses other values wherever an app hands metadata over
/// (docs/swift-api.md#metadata).
@Suite struct MetadataRuleTests {
  static let takes = "HealthKit takes String, NSNumber (Bool, Int, Double), Date or HKQuantity"

  /// `save` of a quantity sample with an array value, a category sample with a dictionary, a
  /// workout with a `UUID` and a workout whose event has an array fails naming the key, the
  /// value's type and the types HealthKit takes; nothing is saved. The same sample with a
  /// string, a number, a Boolean, a date and a quantity is saved.
  @Test func saveRefusesMetadataValuesHealthKitDoesNotTake() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let mindful = HKCategoryType(.mindfulSession)
    let workoutType = HKObjectType.workoutType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [steps, mindful, workoutType], read: [steps, mindful, workoutType])
      let start = simulation.now.addingTimeInterval(-600)
      func stepSample(_ metadata: [String: Any]) -> HKQuantitySample {
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: start,
          end: start.addingTimeInterval(60), metadata: metadata)
      }
      #expect(
        await invalidArgumentRefusal {
          try await store.save(stepSample(["Tags": ["a", "b"], "Cup": "mug"]))
        }
          == "save: Metadata value for key Tags of an HKQuantitySample is a Array<String>; \(Self.takes)"
      )
      let session = HKCategorySample(
        type: mindful, value: 0, start: start, end: start.addingTimeInterval(60),
        metadata: ["Nested": ["k": 1]])
      #expect(
        await invalidArgumentRefusal { try await store.save(session) }
          == "save: Metadata value for key Nested of an HKCategorySample is a Dictionary<String, Int>; \(Self.takes)"
      )
      let workout = HKWorkout(
        activityType: .running, start: start, end: start.addingTimeInterval(300),
        workoutEvents: nil, totalEnergyBurned: nil, totalDistance: nil,
        metadata: ["Plan": UUID()])
      #expect(
        await invalidArgumentRefusal { try await store.save(workout) }
          == "save: Metadata value for key Plan of an HKWorkout is a UUID; \(Self.takes)")
      let lap = HKWorkoutEvent(
        type: .lap, dateInterval: DateInterval(start: start.addingTimeInterval(60), duration: 0),
        metadata: ["Splits": [1, 2]])
      let withLap = HKWorkout(
        activityType: .running, start: start, end: start.addingTimeInterval(300),
        workoutEvents: [lap], totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
      #expect(
        await invalidArgumentRefusal { try await store.save(withLap) }
          == "save: Metadata value for key Splits of a workout event is a Array<Int>; \(Self.takes)"
      )
      #expect(store.savedObjects.isEmpty)
      try await store.save(
        stepSample([
          "Cup": "mug", "Laps": 3, "Flag": true, "When": start,
          HKMetadataKeyAverageSpeed: HKQuantity(
            unit: .meter().unitDivided(by: .second()), doubleValue: 3),
        ]))
      #expect(store.savedObjects.count == 1)
    }
  }

  /// `beginNewActivity` with an array value fails as its other refusals do (the session
  /// delegate's `didFailWithError`), rather than dropping the value; no activity begins.
  @Test func beginNewActivityRefusesAnArrayValue() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      let (session, builder) = try await startedRun(store, simulation)
      session.delegate = recorder
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      session.beginNewActivity(
        configuration: configuration, date: simulation.now, metadata: ["Laps": [1, 2]])
      try await simulation.advance(by: .seconds(1))
      #expect(builder.workoutActivities.isEmpty)
    }
    #expect(
      recorder.errors.withLock { $0 } == [
        HKError(
          .errorInvalidArgument,
          "Metadata value for key Laps of a workout activity is a Array<Int>; \(Self.takes)")
      ])
  }
}
