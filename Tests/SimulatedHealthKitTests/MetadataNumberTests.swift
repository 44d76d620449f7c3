import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Numbers and Booleans in the metadata the app reads back are `NSNumber`s, as on a device
/// (docs/swift-api.md#metadata): `as? Int`, `as? Double` and `as? Bool` read a value when it
/// fits exactly, whatever Swift type the app wrote it as.
@Suite struct MetadataNumberTests {
  /// This toolchain's `NSNumber` bridging, the behaviour the rule relies on: a number reads as
  /// every type that holds its value exactly (3 as `Int` and `Double`, not as `Bool`; 2.5 only
  /// as `Double`; `true` as `Bool`, 1 and 1.0), while a Swift `Int` read from `Any` is not a
  /// `Double`, nor a Swift `Bool` an `Int`.
  @Test func anNSNumberReadsAsEachTypeItsValueFitsExactly() {
    let three: Any = NSNumber(value: 3)
    #expect(three as? Int == 3)
    #expect(three as? Double == 3)
    #expect(three as? Bool == nil)
    let threeWritten: Any = NSNumber(value: 3.0)
    #expect(threeWritten as? Int == 3)
    let half: Any = NSNumber(value: 2.5)
    #expect(half as? Int == nil)
    #expect(half as? Double == 2.5)
    let yes: Any = NSNumber(value: true)
    #expect(yes as? Bool == true)
    #expect(yes as? Int == 1)
    #expect(yes as? Double == 1)
    let swiftThree: Any = 3
    #expect(swiftThree as? Double == nil)
    let swiftYes: Any = true
    #expect(swiftYes as? Int == nil)
  }

  /// A live workout: `Laps` 3, `Pace` 2.5 and `Raced` true, added to the builder, read back
  /// from the builder's `metadata` and the saved workout's, an event's 1 and true from both (the
  /// record keeps them 1 and true); the simulation's own `HKIndoorWorkout` (an outdoor run:
  /// false) too.
  @Test func aLiveWorkoutsNumbersReadBackAsOnADevice() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    var saved: HKWorkout?
    var live: [String: Any] = [:]
    var liveEvent: [String: Any]?
    try await simulation.run {
      let (session, builder) = try await AppDataTests.start(
        HKHealthStore(), recorder, at: noon(plus: 0))
      try await builder.addMetadata(["Laps": 3, "Pace": 2.5, "Raced": true, "Route": "Lakeside"])
      try await simulation.advance(to: noon(plus: 60))
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .lap, dateInterval: DateInterval(start: noon(plus: 30), duration: 30),
          metadata: ["Lap": 1, "Fast": true])
      ])
      live = builder.metadata
      liveEvent = builder.workoutEvents.first?.metadata
      session.end()
      try await builder.endCollection(at: noon(plus: 60))
      saved = try await builder.finishWorkout()
    }
    let metadata = try #require(saved?.metadata)
    for read in [live, metadata] {
      #expect(read["Laps"] as? Int == 3)
      #expect(read["Laps"] as? Double == 3)
      #expect(read["Laps"] as? Bool == nil)
      #expect(read["Pace"] as? Int == nil)
      #expect(read["Pace"] as? Double == 2.5)
      #expect(read["Raced"] as? Bool == true)
      #expect(read["Raced"] as? Int == 1)
      #expect(read["Route"] as? String == "Lakeside")
      #expect(read["Route"] as? NSNumber == nil)
    }
    #expect(metadata[HKMetadataKeyIndoorWorkout] as? Int == 0)
    #expect(metadata[HKMetadataKeyIndoorWorkout] as? Bool == false)
    for event in [liveEvent, saved?.workoutEvents?.first?.metadata] {
      #expect(event?["Lap"] as? Int == 1)
      #expect(event?["Lap"] as? Double == 1)
      #expect(event?["Fast"] as? Bool == true)
    }
    // The app's event equals the saved one (the same type, interval and metadata).
    #expect(
      saved?.workoutEvents?.first
        == HKWorkoutEvent(
          type: .lap, dateInterval: DateInterval(start: noon(plus: 30), duration: 30),
          metadata: ["Lap": 1, "Fast": true]))
    // The record keeps the Boolean a Boolean (the event's NSNumber is read as the app's
    // `true`), the number a number.
    guard case .array(let records)? = simulation.result.document()["records"],
      case .object(let members)? = records.first,
      case .array(let events)? = members.first(where: { $0.key == "events" })?.value,
      case .object(let event)? = events.first(where: {
        guard case .object(let fields) = $0 else { return false }
        return fields.contains { $0.key == "metadata" }
      }),
      let eventMetadata = event.first(where: { $0.key == "metadata" })?.value
    else {
      Issue.record("no record event metadata")
      return
    }
    #expect(
      String(decoding: JSONWriter.encodedBytes(eventMetadata, style: .compact), as: UTF8.self)
        == #"{"Fast":true,"Lap":1}"#)
  }

  /// A workout saved by a builder without a session and a sample saved by `save`, read back
  /// by a sample query: `Laps` 3 reads as 3 and 3.0; an activity's `Split` 2 as 2.0.
  @Test func savedObjectsNumbersReadBackAsOnADevice() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let workoutType = HKObjectType.workoutType()
      try await authorize(store, share: [workoutType, steps], read: [workoutType, steps])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
      let start = simulation.now.addingTimeInterval(-3600)
      let end = simulation.now.addingTimeInterval(-1800)
      try await builder.beginCollection(at: start)
      let activity = HKWorkoutActivity(
        workoutConfiguration: configuration, start: start, end: end, metadata: ["Split": 2])
      #expect(activity.metadata?["Split"] as? Double == 2)
      try await builder.addWorkoutActivity(activity)
      try await builder.addMetadata(["Laps": 3])
      #expect(builder.metadata["Laps"] as? Double == 3)
      try await builder.endCollection(at: end)
      _ = try await builder.finishWorkout()
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 100), start: start,
        end: end, metadata: ["Laps": 3])
      #expect(sample.metadata?["Laps"] as? Double == 3)
      try await store.save(sample)

      let workouts = await samples(store, simulation, workoutType).samples as? [HKWorkout]
      let workout = try #require(workouts?.first)
      #expect(workout.metadata?["Laps"] as? Int == 3)
      #expect(workout.metadata?["Laps"] as? Double == 3)
      #expect(workout.workoutActivities.first?.metadata?["Split"] as? Double == 2)
      let stored = await samples(store, simulation, steps).samples
      let read = try #require(stored?.first)
      #expect(read.metadata?["Laps"] as? Int == 3)
      #expect(read.metadata?["Laps"] as? Double == 3)
    }
  }
}
