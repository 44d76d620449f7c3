import Foundation
import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutRecordings
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

  /// The run's warnings about sensors the scenario describes but does not connect (review27
  /// item 3: a ride with `power` segments and no `watch.cyclingSensors` recorded no power
  /// without a word).
  private func sensorWarnings(_ watch: String) throws -> [String] {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "cycling", "location": "indoor", \(watch)
        "course": [ { "duration": 400, "speed": 8, "power": 200 } ],
        "sensors": { "cyclingCadence": { "noise": 0 }, "cyclingSpeed": { "noise": 0 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 300, "do": "end" } ] }
      """)
    return try Simulation.run(scenario).warnings.filter { $0.contains("watch.cyclingSensors") }
  }

  @Test func describedButUnconnectedSensorsAreAWarning() throws {
    let tail =
      " connects no such sensor, so the watch records none of it (as without that peripheral);"
      + #" write "watch": {"cyclingSensors": ["power", "cadence", "speed"]} to record it"#
      + " (docs/healthkit-behaviour.md#cycling-sensors)"
    // No sensor connected: the segment's power, and the two sensor settings, name all three.
    let none = try sensorWarnings("")
    #expect(none.count == 1)
    #expect(
      none.first?.hasSuffix(
        #": course segments give "power" (cyclingPower); "sensors" sets "cyclingCadence"; "#
          + #""sensors" sets "cyclingSpeed", but "watch.cyclingSensors""# + tail) == true)
    // A power meter alone: cadence and speed are still described and missing.
    let power = try sensorWarnings(#""watch": { "cyclingSensors": ["power"] },"#)
    #expect(
      power.first?.hasSuffix(
        #": "sensors" sets "cyclingCadence"; "sensors" sets "cyclingSpeed", "#
          + #"but "watch.cyclingSensors""# + tail) == true)
    // Every described sensor connected: no warning.
    #expect(
      try sensorWarnings(#""watch": { "cyclingSensors": ["power", "cadence", "speed"] },"#)
        .isEmpty)
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

  /// The decoder's refusals, by their own messages (a file without the key's support refused
  /// `cyclingSensors` as an unknown key of `watch`): a name not among the three, and a sensor
  /// listed twice, each at its element's path.
  @Test func anUnknownOrRepeatedSensorIsRefused() throws {
    let unknown = try #require(throws: ScenarioError.self) {
      try decodeScenario(#"{ "version": 1, "watch": { "cyclingSensors": ["heartRate"] } }"#)
    }
    #expect(unknown.kind == .invalid(path: "watch.cyclingSensors[0]"))
    #expect(
      unknown.message
        == #""heartRate" is not a cycling sensor (expected one of power, cadence, speed)"#)
    let twice = try #require(throws: ScenarioError.self) {
      try decodeScenario(#"{ "version": 1, "watch": { "cyclingSensors": ["power", "power"] } }"#)
    }
    #expect(twice.kind == .invalid(path: "watch.cyclingSensors[1]"))
    #expect(twice.message == #""power" is listed twice (each sensor once)"#)
  }

  /// A replayed recording with power was made with a power meter, so it connects one
  /// (docs/recordings.md#cycling-sensors) without `watch.cyclingSensors`: a TCX ride of 7
  /// points 10 s apart (0 to 60 s, 50 m each, 5 m/s) at `Watts` 200 records power, with the
  /// meter's noise off: 200 W at 0, 10, ..., 60 s, 60 / 10 + 1 = 7 samples. Nothing implies
  /// the cadence sensor (no cadence in the file): none recorded. No warning: the `sensors`
  /// setting of `cyclingPower` is connected by the file.
  @Test func aReplayedFileWithPowerImpliesThePowerMeter() throws {
    var xml =
      #"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">"#
      + #"<Activities><Activity Sport="Biking"><Lap StartTime="2024-05-01T06:00:00Z">"#
      + "<TotalTimeSeconds>60</TotalTimeSeconds><Track>"
    for index in 0..<7 {
      xml +=
        "<Trackpoint><Time>2024-05-01T06:0\(index / 6):\(index % 6)0Z</Time>"
        + "<DistanceMeters>\(index * 50)</DistanceMeters><Extensions>"
        + #"<TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2">"#
        + "<Watts>200</Watts></TPX></Extensions></Trackpoint>"
    }
    xml += "</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
    let folder = URL(fileURLWithPath: try makeTemporaryFolder(prefix: "workout-sim-power"))
    let path = folder.appendingPathComponent("ride.tcx").path
    try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
    let recording = try Recording.read(path: path)
    let plan = try ReplayPlan(
      recording: recording, path: path, name: "ride", activity: nil, seed: nil)
    var scenario = try plan.makeScenario()
    #expect(scenario.activity == .cycling)
    #expect(scenario.cyclingSensors.isEmpty)
    scenario.sensors[.cyclingPower] = SensorConfiguration(for: .cyclingPower, noise: 0)
    let result = try Simulation.run(
      ResolvedScenario(scenario, overrides: RunOverrides(), recording: recording))
    let ride = try #require(result.records.first)
    #expect(ride.statistics[.cyclingPower]?.discreteValue?.average == 200)
    #expect(ride.samples[.cyclingPower]?.count == 7)
    #expect(ride.statistics[.cyclingCadence] == nil)
    #expect(result.warnings.filter { $0.contains("watch.cyclingSensors") }.isEmpty)
  }
}
