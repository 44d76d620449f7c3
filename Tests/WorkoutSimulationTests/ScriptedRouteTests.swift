import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// A 10-minute run at 3 m/s from t = 0 to 600 s, with `extra` keys (a `gps` key, a
/// `sensors.location`, a `location`).
private func tenMinuteRun(_ extra: String) throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "seed": 1, "name": "Route run", "start": "2026-06-01T07:00:00Z",
      "activity": "running", "course": [ { "duration": "10:00", "speed": 3.0 } ],
      "timeline": [ { "at": 0, "do": "start" }, { "at": "10:00", "do": "end" } ]\(extra) }
    """)
}

/// The error of a run asked for a `.gpx` export.
private func gpxRefusal(_ scenario: Scenario) -> SimulationError? {
  do {
    _ = try Simulation.run(scenario, overrides: RunOverrides(requiresPositions: true))
    return nil
  } catch {
    return error
  }
}

/// A scripted course placed on the globe by `gps` has a route in the run result, so
/// `--export r.gpx` writes it (the new-user trial's finding 9: it was refused with a message
/// that named only recordings); without `gps`, or indoors, the refusal says why and what to
/// write (docs/scenario-format.md#gps).
@Suite struct ScriptedRouteTests {
  /// With no receiver error (both accuracies 0), the route is the course's line: a point every
  /// second from 0 to 600 s (601), due east from 0° N 0° E at 3 m/s, so at t the longitude is
  /// 3t / 6 371 008.8 rad: 0.00269796109° at 100 s (300 m), 0.01618776655° at 600 s (1800 m);
  /// latitude 0, altitude 10 m (grade 0). The record's GPX file has all 601 points.
  @Test func aPlacedCourseHasItsLineAsTheRoute() throws {
    let scenario = try tenMinuteRun(
      """
      , "gps": { "latitude": 0, "longitude": 0, "altitude": 10, "heading": 90 },
        "sensors": { "location": { "horizontalAccuracy": 0, "verticalAccuracy": 0 } }
      """)
    #expect(scenario.placesCourse)
    let result = try Simulation.run(scenario, overrides: RunOverrides(requiresPositions: true))
    #expect(result.track.map(\.instant) == (0...600).map { SimulationInstant.seconds(Int64($0)) })
    let at100 = result.track[100]
    #expect(abs((at100.longitude ?? 0) - 0.00269796109) < 1e-11)
    #expect(abs(at100.latitude ?? 1) < 1e-12)
    #expect(at100.altitude == 10)
    #expect(abs((result.track[600].longitude ?? 0) - 0.01618776655) < 1e-11)
    let record = try #require(result.records.first)
    let gpx = String(decoding: try result.export(record, as: .gpx), as: UTF8.self)
    #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 601)
  }

  /// With the default receiver (5 m, 10 m, 60 s; docs/models.md#gps-fixes), the route is the
  /// fixes SimulatedCoreLocation gives: its summed fix-to-fix distance is 1841.83 m on average
  /// for the 1800 m run, within 22 m (DefaultLocationNoiseTests derives both numbers).
  @Test func theDefaultReceiversRouteKeepsTheDistance() throws {
    let scenario = try tenMinuteRun(
      #", "gps": { "latitude": 51.5007, "longitude": -0.1246, "altitude": 10, "heading": 90 }"#)
    let track = try Simulation.run(scenario).track
    #expect(track.count == 601)
    var summed = 0.0
    for index in track.indices.dropFirst() {
      let (a, b) = (track[index - 1], track[index])
      summed += haversine(a.latitude ?? 0, a.longitude ?? 0, b.latitude ?? 0, b.longitude ?? 0)
    }
    #expect(abs(summed - 1841.83) <= 22, "route \(summed) m")
  }

  /// No `gps` key: the run result has no route (the bundled scenarios' bytes do not change),
  /// and a `.gpx` export is refused at `gps` with the key to add.
  @Test func anUnplacedCourseIsRefusedWithTheKeyToAdd() throws {
    let scenario = try tenMinuteRun("")
    #expect(!scenario.placesCourse)
    #expect(try Simulation.run(scenario).track.isEmpty)
    let error = try #require(gpxRefusal(scenario))
    #expect(error.path == "gps")
    #expect(
      error.message
        == #"a .gpx export needs positions: a scripted course has them when the scenario places it on the globe with "gps" (a start point and heading, or a "track" GPX line; docs/scenario-format.md#gps), e.g. "gps": { "latitude": 51.5007, "longitude": -0.1246, "heading": 90 }"#
    )
  }

  /// Placed but indoors, or with the receiver off: no fix, so no route, and the refusal names
  /// the key that keeps the fixes away.
  @Test func indoorsOrWithTheGPSOffThereIsNoRoute() throws {
    let gps = #", "gps": { "latitude": 0, "longitude": 0 }"#
    let indoor = try tenMinuteRun(gps + #", "location": "indoor""#)
    #expect(try Simulation.run(indoor).track.isEmpty)
    let inside = try #require(gpxRefusal(indoor))
    #expect(inside.path == "location")
    #expect(
      inside.message
        == #"a .gpx export needs positions: the scenario's "location" is indoor, where the watch gets no GPS fix; set "location": "outdoor""#
    )
    let off = try tenMinuteRun(gps + #", "sensors": { "location": { "enabled": false } }"#)
    let refused = try #require(gpxRefusal(off))
    #expect(refused.path == "sensors.location.enabled")
    #expect(
      refused.message
        == "a .gpx export needs positions: sensors.location.enabled is false, so the watch's GPS gives no fix; remove it or set it to true"
    )
  }

  /// The great-circle distance, m (the haversine formula on the mean Earth radius,
  /// 6 371 008.8 m, as `CLLocation.distance(from:)`).
  private func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    let radians = Double.pi / 180
    let dPhi = (lat2 - lat1) * radians
    let dLambda = (lon2 - lon1) * radians
    let h =
      sin(dPhi / 2) * sin(dPhi / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLambda / 2)
      * sin(dLambda / 2)
    return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
  }
}
