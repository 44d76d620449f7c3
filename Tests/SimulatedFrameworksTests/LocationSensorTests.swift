import Foundation
import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedCoreLocation
@testable import SimulatedHealthKit

/// A scripted course at 3 m/s and grade 0.1 for `seconds`, from 0° N 0° E heading east (the
/// route stays on the equator: longitude = distance / R in radians), with `sensors.location`
/// set to `sensor`.
private func equatorRun(sensor: String, seconds: Int = 60, seed: Int = 1) throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "seed": \(seed), "start": "2026-03-02T07:00:00Z", "activity": "running",
      "course": [ { "duration": \(seconds), "speed": 3, "grade": 0.1 } ],
      "sensors": { "location": \(sensor) },
      "gps": { "latitude": 0, "longitude": 0, "altitude": 20, "heading": 90 } }
    """)
}

/// A location manager's continuous updates over the first `seconds` of `scenario`.
func updates(of scenario: Scenario, seconds: Int64) async throws -> (
  HealthKitSimulation, LocationRecorder
) {
  let simulation = try HealthKitSimulation(scenario: scenario)
  let recorder = LocationRecorder()
  try await simulation.run {
    let manager = authorizedManager(recorder)
    manager.startUpdatingLocation()
    try await simulation.advance(by: .seconds(seconds))
    manager.stopUpdatingLocation()
  }
  return (simulation, recorder)
}

/// The live updates of one `liveUpdates()` sequence over `seconds`.
private final class LiveRecorder: @unchecked Sendable {
  let updates = NSLock()
  private var storage: [CLLocationUpdate] = []
  func append(_ update: CLLocationUpdate) { updates.withLock { storage.append(update) } }
  var all: [CLLocationUpdate] { updates.withLock { storage } }
}

@Suite("sensors.location: accuracy, Gauss–Markov error, interval, dropouts")
struct LocationSensorTests {
  /// With no error (both accuracies 0) and a fix every 2 s, the fixes are the true points: at
  /// t = 0, 2, ..., 10 s, longitude 3t / 6 371 008.8 rad (t = 10: 30 m = 2.697965e-4°),
  /// latitude 0, altitude 20 + 3t × 0.1; each reports accuracy 0 and 0.
  @Test func noErrorGivesTheTruePointsAtTheInterval() async throws {
    let scenario = try equatorRun(
      sensor: #"{ "horizontalAccuracy": 0, "verticalAccuracy": 0, "interval": 2 }"#)
    let (simulation, recorder) = try await updates(of: scenario, seconds: 11)
    let start = simulation.startDate
    let times = recorder.locations.map { $0.timestamp.timeIntervalSince(start) }
    #expect(times == [0, 2, 4, 6, 8, 10])
    for (location, t) in zip(recorder.locations, times) {
      let longitude = 3 * t / 6_371_008.8 * 180 / Double.pi
      #expect(abs(location.coordinate.longitude - longitude) < 1e-12)
      #expect(abs(location.coordinate.latitude) < 1e-12)
      #expect(abs(location.altitude - (20 + 0.3 * t)) < 1e-9)
      #expect(location.horizontalAccuracy == 0)
      #expect(location.verticalAccuracy == 0)
    }
    #expect(abs(recorder.locations[5].coordinate.longitude - 2.697965e-4) < 1e-9)
    #expect(recorder.errors.isEmpty)
  }

  /// A tunnel from 3 s to 6 s: the delegate gets fixes at 0, 1, 2, then one
  /// `locationUnknown` at 3 s (Core Location reports it once and keeps trying), nothing at 4
  /// and 5, fixes again at 6 and 7; a second tunnel at 8–9 s gives a second error; fixes at 9
  /// and 10: 7 locations, 2 errors. The live updates over the same 0–10 s: 11 updates, those at
  /// 3, 4, 5 and 8 with no location and `locationUnavailable`.
  @Test func aDropoutGivesNoFixAndOneLocationUnknown() async throws {
    let scenario = try equatorRun(
      sensor: #"{ "dropouts": [ { "from": 3, "to": 6 }, { "from": 8, "to": 9 } ] }"#)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let recorder = LocationRecorder()
    let live = LiveRecorder()
    try await simulation.run {
      let manager = authorizedManager(recorder)
      manager.startUpdatingLocation()
      let sequence = CLLocationUpdate.liveUpdates(.fitness)
      let task = Task {
        for try await update in sequence {
          live.append(update)
          if live.all.count == 11 { break }
        }
      }
      try await simulation.advance(by: .seconds(10))
      try await task.value
      manager.stopUpdatingLocation()
    }
    let start = simulation.startDate
    #expect(
      recorder.locations.map { $0.timestamp.timeIntervalSince(start) } == [0, 1, 2, 6, 7, 9, 10])
    #expect(recorder.errors.map(\.code) == [.locationUnknown, .locationUnknown])
    let updates = live.all
    #expect(updates.count == 11)
    #expect(
      updates.enumerated().filter { $0.element.location == nil }.map(\.offset) == [3, 4, 5, 8])
    #expect(updates.filter { $0.locationUnavailable }.count == 4)
  }

  /// `enabled: false`: no fix at all; `requestLocation()` fails with `locationUnknown`.
  @Test func aDisabledReceiverGivesNoFix() async throws {
    let scenario = try equatorRun(sensor: #"{ "enabled": false }"#)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let recorder = LocationRecorder()
    try await simulation.run {
      let manager = authorizedManager(recorder)
      manager.requestLocation()
      try await simulation.advance(by: .seconds(5))
    }
    #expect(recorder.locations.isEmpty)
    #expect(recorder.errors.map(\.code) == [.locationUnknown])
  }

  /// The plan of a body standing at 0° N 0° E with the default sensor (5 m, 10 m, 60 s, 1 s).
  private func standingPlan(seed: UInt64) throws -> RoutePlan {
    RoutePlan(
      course: try Course(segments: []), speed: { _ in 0 },
      gps: Scenario.GPS(latitude: 0, longitude: 0, altitude: 0, heading: 0), seed: seed,
      sensor: Scenario.LocationSensor())
  }

  /// The error's statistics over 200 000 fixes (55.6 h at 1 Hz) of a body standing still with
  /// the default sensor given explicitly: the model's spread and correlation
  /// (``StandingErrors/expectTheDefaultModel()``), every fix reporting 5 m and 10 m.
  @Test func theErrorHasTheDocumentedSpreadAndCorrelation() throws {
    var plan = try standingPlan(seed: 7)
    let measured = StandingErrors(of: &plan, count: 200_000)
    let errors = try #require(measured)
    #expect(errors.reportedDefaults)
    errors.expectTheDefaultModel()
  }

  /// A fix depends only on the seed and its instant: asked out of order, again, or by a fresh
  /// plan, fix 1000 is the same; another seed moves it.
  @Test func theErrorIsSeededAndOrderFree() throws {
    var plan = try standingPlan(seed: 3)
    let late = plan.fix(at: .seconds(1000))
    let early = plan.fix(at: .seconds(10))
    let lateAgain = plan.fix(at: .seconds(1000))
    #expect(late != nil && early != nil)
    #expect(lateAgain == late)
    var fresh = try standingPlan(seed: 3)
    let freshEarly = fresh.fix(at: .seconds(10))
    let freshLate = fresh.fix(at: .seconds(1000))
    #expect(freshEarly == early)
    #expect(freshLate == late)
    var other = try standingPlan(seed: 4)
    let otherLate = other.fix(at: .seconds(1000))
    #expect(otherLate != late)
  }
}

@Suite("gps.track through Core Location")
struct GPSTrackLocationTests {
  /// tracks/equator-climb.gpx at 2 m/s with no GPS error: at 25 s the body is 50 m along the
  /// first leg (L = 111.19508 m): longitude 0.001 × 50 / L = 0.000449660°, altitude
  /// 10 + 10 × 50 / L = 14.49660 m, course 90°. At 120 s it is 240 m along, 240 − 2L =
  /// 17.60984 m past the last point on its bearing (east): longitude 0.002 + 17.60984 /
  /// 6 371 008.8 × 180 / π = 0.00215837°, altitude held at 30 m.
  @Test func theFixesFollowTheTrack() async throws {
    let path = packageRoot.appendingPathComponent("Tests/Data/tracks/equator-climb.gpx").path
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "running", "course": [ { "duration": 200, "speed": 2 } ],
        "sensors": { "location": { "horizontalAccuracy": 0, "verticalAccuracy": 0 } },
        "gps": { "track": "\(path)" } }
      """)
    let (_, recorder) = try await updates(of: scenario, seconds: 121)
    let locations = recorder.locations
    #expect(locations.count == 122)
    let at25 = locations[25]
    #expect(abs(at25.coordinate.longitude - 0.000449660) < 1e-9)
    #expect(abs(at25.coordinate.latitude) < 1e-12)
    #expect(abs(at25.altitude - 14.49660) < 1e-5)
    #expect(abs(at25.course - 90) < 1e-9)
    let at120 = locations[120]
    #expect(abs(at120.coordinate.longitude - 0.00215837) < 1e-8)
    #expect(abs(at120.altitude - 30) < 1e-9)
  }
}
