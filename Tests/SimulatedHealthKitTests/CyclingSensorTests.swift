import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// The Swift door of the cycling sensors rule (docs/healthkit-behaviour.md#cycling-sensors): a
/// ride records power, cadence and speed only from connected peripherals, and indoors its
/// distance only from a speed sensor (Apple docs:
/// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/cyclingpower,
/// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/distancecycling).
@Suite struct CyclingSensorTests {
  /// The course of both tests: 8 m/s at 200 W for 400 s; `watch` (a JSON fragment ending in a comma) is
  /// the `watch` key, or empty.
  private func ride(_ watch: String) throws -> Scenario {
    try decodeScenario(
      """
      { "version": 1, "activity": "cycling", "location": "indoor", \(watch)
        "course": [ { "duration": 400, "speed": 8, "power": 200 } ],
        "sensors": { "cyclingPower": { "noise": 0 }, "cyclingCadence": { "noise": 0 },
                     "cyclingSpeed": { "noise": 0 } } }
      """)
  }

  /// An app's indoor ride of 300 s, as the user's finding wrote it.
  /// Also returns whether the live data source lists `cyclingPower` and `distanceCycling` (it
  /// does, with or without a sensor: Apple's data source asks for them).
  private func indoorRide(_ scenario: Scenario) async throws -> (HKWorkout, listed: Bool) {
    let simulation = try HealthKitSimulation(scenario: scenario)
    var workout: HKWorkout?
    var listed = false
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .cycling
      configuration.locationType = .indoor
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
      listed =
        source.typesToCollect.contains(HKQuantityType(.cyclingPower))
        && source.typesToCollect.contains(HKQuantityType(.distanceCycling))
      builder.dataSource = source
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(300))
      session.end()
      try await builder.endCollection(at: simulation.now)
      workout = try await builder.finishWorkout()
    }
    return (try #require(workout), listed)
  }

  @Test func anIndoorRideWithoutSensorsHasNoDistancePowerCadenceOrSpeed() async throws {
    let (workout, listed) = try await indoorRide(try ride(""))
    #expect(listed)
    #expect(workout.statistics(for: HKQuantityType(.distanceCycling)) == nil)
    #expect(workout.statistics(for: HKQuantityType(.cyclingPower)) == nil)
    #expect(workout.statistics(for: HKQuantityType(.cyclingCadence)) == nil)
    #expect(workout.statistics(for: HKQuantityType(.cyclingSpeed)) == nil)
    #expect(workout.totalDistance == nil)
    // The watch's own sensors still give heart rate and energy.
    #expect(workout.statistics(for: HKQuantityType(.heartRate)) != nil)
    #expect(workout.statistics(for: HKQuantityType(.activeEnergyBurned)) != nil)
  }

  @Test func anIndoorRideWithItsSensorsRecordsThem() async throws {
    let (workout, _) = try await indoorRide(
      try ride(#""watch": { "cyclingSensors": ["power", "cadence", "speed"] },"#))
    // The segment gives 200 W, so the power meter reads 200 W (noise 0); a pedalling rider's
    // cadence is the model's 85 rpm; the speed sensor reads the segment's 8 m/s, and indoors
    // gives the distance: 8 m/s × 300 s = 2400 m.
    let power = try #require(workout.statistics(for: HKQuantityType(.cyclingPower)))
    #expect(power.averageQuantity()?.doubleValue(for: .watt()) == 200)
    let cadence = try #require(workout.statistics(for: HKQuantityType(.cyclingCadence)))
    #expect(
      cadence.averageQuantity()?.doubleValue(for: .count().unitDivided(by: .minute())) == 85)
    let speed = try #require(workout.statistics(for: HKQuantityType(.cyclingSpeed)))
    #expect(
      speed.averageQuantity()?.doubleValue(for: .meter().unitDivided(by: .second())) == 8)
    let distance = try #require(workout.statistics(for: HKQuantityType(.distanceCycling)))
    let metres = try #require(distance.sumQuantity()?.doubleValue(for: .meter()))
    #expect(abs(metres - 2400) < 1e-9)
  }
}
