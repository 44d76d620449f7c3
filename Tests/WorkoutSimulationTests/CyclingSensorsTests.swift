import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// The command line's door of the cycling sensors rule (docs/healthkit-behaviour.md#cycling-sensors,
/// docs/scenario-format.md#the-watch): `watch.cyclingSensors` names the connected peripherals,
/// none by default.
@Suite struct CyclingSensorsTests {
  /// A ride at 8 m/s and 200 W from 0 to 300 s, noise off; `watch` is a JSON fragment ending in
  /// a comma, or empty.
  private func record(location: String, _ watch: String = "") throws -> WorkoutRecord {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "cycling", "location": "\(location)", \(watch)
        "course": [ { "duration": 400, "speed": 8, "power": 200 } ],
        "sensors": { "cyclingPower": { "noise": 0 }, "cyclingCadence": { "noise": 0 },
                     "cyclingSpeed": { "noise": 0 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 300, "do": "end" } ] }
      """)
    return try #require(try Simulation.run(scenario).records.first)
  }

  @Test func anIndoorRideWithoutSensorsRecordsNoDistancePowerCadenceOrSpeed() throws {
    let ride = try record(location: "indoor")
    #expect(ride.statistics[.distanceCycling] == nil)
    #expect(ride.statistics[.cyclingPower] == nil)
    #expect(ride.statistics[.cyclingCadence] == nil)
    #expect(ride.statistics[.cyclingSpeed] == nil)
    #expect(ride.samples[.cyclingPower] == nil)
    // The wrist's own sensors still give heart rate and energy.
    #expect(ride.statistics[.heartRate] != nil)
    #expect(ride.statistics[.activeEnergyBurned] != nil)
  }

  @Test func anIndoorRideWithItsSensorsRecordsWhatTheyMeasure() throws {
    let ride = try record(
      location: "indoor", #""watch": { "cyclingSensors": ["power", "cadence", "speed"] },"#)
    // Power: the segment's 200 W. Cadence: the model's 85 rpm while pedalling. Speed: 8 m/s.
    // Samples every 10 s on [0, 300], ends included: 300 / 10 + 1 = 31.
    #expect(ride.statistics[.cyclingPower]?.discreteValue?.average == 200)
    #expect(ride.statistics[.cyclingPower]?.count == 31)
    #expect(ride.statistics[.cyclingCadence]?.discreteValue?.average == 85)
    #expect(ride.statistics[.cyclingSpeed]?.discreteValue?.average == 8)
    // The speed sensor gives the indoor distance: 8 m/s × 300 s = 2400 m.
    let metres = try #require(ride.statistics[.distanceCycling]?.sum)
    #expect(abs(metres - 2400) < 1e-9)
  }

  @Test func aPowerMeterAloneGivesPowerButNoIndoorDistance() throws {
    let ride = try record(location: "indoor", #""watch": { "cyclingSensors": ["power"] },"#)
    #expect(ride.statistics[.cyclingPower]?.discreteValue?.average == 200)
    #expect(ride.statistics[.cyclingCadence] == nil)
    #expect(ride.statistics[.cyclingSpeed] == nil)
    #expect(ride.statistics[.distanceCycling] == nil)
  }

  @Test func anOutdoorRideWithoutSensorsKeepsItsGPSDistance() throws {
    let ride = try record(location: "outdoor")
    // The GPS gives the distance outdoors: 8 m/s × 300 s = 2400 m.
    let metres = try #require(ride.statistics[.distanceCycling]?.sum)
    #expect(abs(metres - 2400) < 1e-9)
    #expect(ride.statistics[.cyclingPower] == nil)
    #expect(ride.statistics[.cyclingCadence] == nil)
    #expect(ride.statistics[.cyclingSpeed] == nil)
  }

  @Test func anUnknownOrRepeatedSensorIsRefused() {
    #expect(
      throws: ScenarioError.self,
      performing: {
        _ = try decodeScenario(#"{ "version": 1, "watch": { "cyclingSensors": ["heartRate"] } }"#)
      })
    #expect(
      throws: ScenarioError.self,
      performing: {
        _ = try decodeScenario(
          #"{ "version": 1, "watch": { "cyclingSensors": ["power", "power"] } }"#)
      })
  }
}
