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

  /// An app's indoor ride of 300 s, as the user's finding wrote it, made on `device`'s app.
  /// Also returns whether the live data source lists `cyclingPower` and `distanceCycling` (it
  /// does, with or without a sensor: Apple's data source asks for them), and the run's warnings
  /// that name `watch.cyclingSensors`.
  private func indoorRide(_ scenario: Scenario, on device: HealthKitSimulation.Device = .watch)
    async throws -> (
      HKWorkout, listed: Bool, warnings: [String]
    )
  {
    let simulation = try HealthKitSimulation(scenario: scenario)
    var workout: HKWorkout?
    var listed = false
    try await simulation.run {
      try await simulation.on(device) {
        let store = HKHealthStore()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        configuration.locationType = .indoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        let source = HKLiveWorkoutDataSource(
          healthStore: store, workoutConfiguration: configuration)
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
    }
    let warnings = simulation.result.warnings.filter { $0.contains("watch.cyclingSensors") }
    return (try #require(workout), listed, warnings)
  }

  @Test func anIndoorRideWithoutSensorsHasNoDistancePowerCadenceOrSpeed() async throws {
    let (workout, listed, _) = try await indoorRide(try ride(""))
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
    let (workout, _, _) = try await indoorRide(
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

  /// The iPhone connects no cycling sensor (review27 item 5; docs/phone.md#the-iphones-own-workouts,
  /// docs/healthkit-behaviour.md#cycling-sensors): an indoor ride the phone's app records has no
  /// `distanceCycling`, however the watch is set up (here all three sensors connected to the
  /// watch). Expected: no statistics and no total distance (`nil`); before the rule the phone's
  /// engine took the engine's default, all three sensors, and its speed sensor gave the indoor
  /// distance 8 m/s × 300 s = 2400 m.
  @Test func anIndoorRideOnTheIPhoneRecordsNoDistance() async throws {
    let (workout, _, _) = try await indoorRide(
      try ride(#""watch": { "cyclingSensors": ["power", "cadence", "speed"] },"#), on: .phone)
    #expect(workout.device?.model == "iPhone")
    #expect(workout.statistics(for: HKQuantityType(.distanceCycling)) == nil)
    #expect(workout.totalDistance == nil)
    #expect(workout.statistics(for: HKQuantityType(.cyclingSpeed)) == nil)
    // The body's model still gives the phone's energy.
    #expect(workout.statistics(for: HKQuantityType(.activeEnergyBurned)) != nil)
  }

  /// The warning about sensors a scenario describes but does not connect follows the activity
  /// the app starts (review of 8ca3a8ab): a Swift app picks its ride in its
  /// `HKWorkoutConfiguration` and leaves the scenario's `activity` at its default (`running`),
  /// so a scenario that sets `cyclingPower` and `cyclingCadence` sensors warns when the app
  /// starts a cycling session; once, as a cycling scenario does (there with its own warnings).
  @Test func aSwiftAppsRideWarnsWhateverTheScenariosActivity() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "course": [ { "duration": 400, "speed": 8 } ],
        "sensors": { "cyclingPower": { "noise": 0 }, "cyclingCadence": { "noise": 0 } } }
      """)
    // Power and cadence described, none connected: both named, and the key to write lists
    // them in the docs' order.
    let expected =
      #"t: "sensors" sets "cyclingPower"; "sensors" sets "cyclingCadence", but "#
      + #""watch.cyclingSensors" connects no such sensor, so the watch records none of it (as "#
      + #"without that peripheral); write "watch": {"cyclingSensors": ["power", "cadence"]} "#
      + "to record it (docs/healthkit-behaviour.md#cycling-sensors)"
    let (workout, _, warnings) = try await indoorRide(scenario)
    #expect(warnings == [expected])
    #expect(workout.statistics(for: HKQuantityType(.cyclingPower)) == nil)
    // The same scenario declared a ride: the same one warning, from the scenario itself.
    var declared = scenario
    declared.activity = .cycling
    #expect(try await indoorRide(declared).warnings == [expected])
  }
}
