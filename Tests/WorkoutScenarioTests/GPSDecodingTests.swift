import Testing
import WorkoutScenario
import WorkoutSimTestSupport

private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "g.json") }

@Suite("The gps key and authorization.location: decoding and errors")
struct GPSDecodingTests {
  @Test("no key: the documented start point, 20 m, due north; location granted")
  func defaults() throws {
    let scenario = try decodeScenario(#"{ "version": 1 }"#)
    #expect(scenario.gps == Scenario.GPS(latitude: 37.3349, longitude: -122.0090))
    #expect(scenario.gps.altitude == 20)
    #expect(scenario.gps.heading == 0)
    #expect(scenario.authorization?.location == nil)
  }

  @Test("every field read; the three answers")
  func fields() throws {
    let scenario = try decodeScenario(
      #"{ "version": 1, "gps": { "latitude": -33.8568, "longitude": 151.2153, "altitude": 5, "heading": 270 }, "authorization": { "location": "reducedAccuracy" } }"#
    )
    #expect(
      scenario.gps
        == Scenario.GPS(latitude: -33.8568, longitude: 151.2153, altitude: 5, heading: 270))
    #expect(scenario.authorization?.location == .reducedAccuracy)
    let denied = try decodeScenario(
      #"{ "version": 1, "authorization": { "location": "denied" } }"#)
    #expect(denied.authorization?.location == .denied)
  }

  @Test("a point off the globe is a data error at its JSON path (exit 65)")
  func offTheGlobe() throws {
    #expect(
      errorLine(#"{ "version": 1, "gps": { "latitude": 91 } }"#)
        == "g.json: gps.latitude: 91 is outside the globe (expected a latitude within -90 and 90 degrees)"
    )
    #expect(
      errorLine(#"{ "version": 1, "gps": { "longitude": -180.5 } }"#)
        == "g.json: gps.longitude: -180.5 is outside the globe (expected a longitude within -180 and 180 degrees)"
    )
    let error = try #require(throws: ScenarioError.self) {
      try decodeScenario(#"{ "version": 1, "gps": { "latitude": -95 } }"#)
    }
    #expect(error.exitCode == 65)
  }

  @Test("other bad values and near misses name the fix")
  func badValues() {
    #expect(
      errorLine(#"{ "version": 1, "gps": { "heading": 360 } }"#)
        == "g.json: gps.heading: 360 is out of range (expected at least 0 and below 360; 0 is north)"
    )
    #expect(
      errorLine(#"{ "version": 1, "gps": { "latitud": 10 } }"#)
        == "g.json: gps.latitud: unknown key (expected one of latitude, longitude, altitude, heading, track); did you mean \"latitude\"?"
    )
    #expect(
      errorLine(#"{ "version": 1, "gps": { "latitude": "north" } }"#)
        == "g.json: gps.latitude: \"north\" is not a number (expected a latitude in degrees)"
    )
    #expect(
      errorLine(#"{ "version": 1, "authorization": { "location": "reducedAcuracy" } }"#)
        == "g.json: authorization.location: \"reducedAcuracy\" is not an answer (expected one of granted, reducedAccuracy, denied); did you mean \"reducedAccuracy\"?"
    )
    #expect(
      errorLine(#"{ "version": 1, "gpss": { } }"#)?.hasSuffix("did you mean \"gps\"?") == true)
  }
}
