import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "l.json") }

private func location(_ body: String) -> String {
  #"{ "version": 1, "sensors": { "location": \#(body) } }"#
}

@Suite("sensors.location: the GPS receiver's accuracy, error, interval and dropouts")
struct LocationSensorDecodingTests {
  @Test("no key: no sensor (RoutePlan uses the defaults); an empty object: the documented defaults")
  func defaults() throws {
    #expect(try decodeScenario(#"{ "version": 1 }"#).locationSensor == nil)
    let sensor = try #require(try decodeScenario(location("{ }")).locationSensor)
    #expect(sensor.enabled)
    #expect(sensor.horizontalAccuracy == 5)
    #expect(sensor.verticalAccuracy == 10)
    #expect(sensor.correlationTime == .seconds(60))
    #expect(sensor.interval == nil)
    #expect(sensor.dropouts.isEmpty)
  }

  @Test("every key read; dropouts as half-open spans; beside the quantity types")
  func fields() throws {
    let scenario = try decodeScenario(
      #"{ "version": 1, "sensors": { "heartRate": { "interval": 5 }, "location": { "enabled": true, "horizontalAccuracy": 8, "verticalAccuracy": 15, "correlationTime": "2:00", "interval": 2, "dropouts": [ { "from": 60, "to": "1:30" } ] } } }"#
    )
    let sensor = try #require(scenario.locationSensor)
    #expect(sensor.horizontalAccuracy == 8)
    #expect(sensor.verticalAccuracy == 15)
    #expect(sensor.correlationTime == .seconds(120))
    #expect(sensor.interval == .seconds(2))
    #expect(sensor.dropouts == [SimulationInstant.seconds(60)..<SimulationInstant.seconds(90)])
    #expect(scenario.sensors[.heartRate]?.interval == .seconds(5))
    #expect(scenario.sensors.count == 1)
    let off = try #require(try decodeScenario(location(#"{ "enabled": false }"#)).locationSensor)
    #expect(!off.enabled)
  }

  @Test("bad values are data errors at their JSON path (exit 65)")
  func badValues() throws {
    #expect(
      errorLine(location(#"{ "horizontalAccuracy": -1 }"#))
        == "l.json: sensors.location.horizontalAccuracy: -1 is out of range (expected a number from 0 to 1000)"
    )
    #expect(
      errorLine(location(#"{ "verticalAccuracy": 1001 }"#))
        == "l.json: sensors.location.verticalAccuracy: 1001 is out of range (expected a number from 0 to 1000)"
    )
    #expect(
      errorLine(location(#"{ "interval": 0.05 }"#))
        == "l.json: sensors.location.interval: 0.05 is out of range (expected the time between fixes, from 0.1 to 600 s, for example 1)"
    )
    #expect(
      errorLine(location(#"{ "correlationTime": 3601 }"#))
        == "l.json: sensors.location.correlationTime: 3601 is out of range (expected the error's time constant, above 0 and at most 1 hour, for example 60)"
    )
    #expect(
      errorLine(location(#"{ "dropouts": { "from": 1, "to": 2 } }"#))
        == #"l.json: sensors.location.dropouts: an object is not an array (expected [{ "from": time, "to": time }, ...])"#
    )
    #expect(
      errorLine(location(#"{ "dropouts": [ { "from": 20, "to": 10 } ] }"#))?.hasPrefix(
        "l.json: sensors.location.dropouts[0].to:") == true)
    #expect(
      errorLine(location(#"{ "horizontalAcuracy": 5 }"#))
        == "l.json: sensors.location.horizontalAcuracy: unknown key (expected one of enabled, horizontalAccuracy, verticalAccuracy, correlationTime, interval, dropouts); did you mean \"horizontalAccuracy\"?"
    )
    #expect(
      errorLine(location(#"{ "enabled": "yes" }"#))?.hasPrefix(
        "l.json: sensors.location.enabled:") == true)
    let error = try #require(throws: ScenarioError.self) {
      try decodeScenario(location(#"{ "interval": 0 }"#))
    }
    #expect(error.exitCode == 65)
  }
}
