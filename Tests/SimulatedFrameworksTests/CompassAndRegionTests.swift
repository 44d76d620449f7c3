import Foundation
import SimulatedCoreLocation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

/// What a delegate saw of the compass and of region monitoring, each call with the virtual
/// time it came at (seconds from the start).
final class CompassRegionRecorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
  let seen = Mutex<(headings: [CLHeading], events: [String])>(([], []))
  let seconds: @Sendable () -> Double

  init(seconds: @escaping @Sendable () -> Double) { self.seconds = seconds }

  private func note(_ event: String) {
    let t = seconds()
    seen.withLock { $0.events.append("\(event) \(Int(t))") }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
    seen.withLock { $0.headings.append(newHeading) }
  }

  func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
    note("start \(region.identifier)")
  }

  func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
    note("enter \(region.identifier)")
  }

  func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
    note("exit \(region.identifier)")
  }

  func locationManager(
    _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
  ) {
    note("state \(region.identifier) \(state.rawValue)")
  }

  func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {
    note("fail \(region?.identifier ?? "-") \((error as! CLError).code.rawValue)")
  }

  var headings: [CLHeading] { seen.withLock { $0.headings } }
  var events: [String] { seen.withLock { $0.events } }
}

/// The recorder of `simulation`, its times read from the simulation's clock.
private func recorder(of simulation: HealthKitSimulation) -> CompassRegionRecorder {
  let start = simulation.startDate
  return CompassRegionRecorder { simulation.now.timeIntervalSince(start) }
}

/// A course at 3 m/s for `seconds`, from 0° N 0° E heading due east along the equator, with
/// no GPS error (and `extra` keys).
private func dueEast(seconds: Int, extra: String = "") throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "seed": 1, "start": "2026-03-02T07:00:00Z", "activity": "running",
      "course": [ { "duration": \(seconds), "speed": 3 }, { "duration": 60, "speed": 0 } ],
      "gps": { "latitude": 0, "longitude": 0, "heading": 90 },
      "sensors": { "location": { "horizontalAccuracy": 0, "verticalAccuracy": 0 } }\(extra) }
    """)
}

@Suite("CoreLocation: the compass and region monitoring on the course")
struct CompassAndRegionTests {
  /// Due east along the equator the bearing of travel is 90° at every point (the great circle
  /// is the equator itself: its final bearing, the back bearing 270° turned by 180°, is 90°),
  /// and it is held through the stop after 10 s. With `kCLHeadingFilterNone` and location
  /// updates running, a reading at every second 0...15 (16), true 90, accuracy 0; magnetic
  /// 90 − D with the WMM2025 field (docs/models.md#magnetic-field) at 0° N 0° E, 20 m
  /// (`gps.altitude`'s default) on 2026-03-02T07:00Z, decimal year 2026 + (59 + 1 + 7/24) / 365
  /// (January's 31 and February's 28 days and 1 March gone): D ≈ −3.87° (the field's own values
  /// are checked against NOAA's in GeomagneticFieldTests; here that Core Location reads it at
  /// the body's place, height and date). Over the 30 m run D moves by under 1e-4° (30 m is
  /// 2.7e-4° of longitude), so each reading is within 2e-4° of the start's. The field
  /// components for θ = 90 − D: x = −H·sin θ = −H·cos D = −X, y = H·cos θ = H·sin D = Y,
  /// z = −Z (µT). A second manager with the default filter (1°) and no location updates gets
  /// the first reading only, with trueHeading −1.
  @Test func aCourseDueEastReadsNinetyDegrees() async throws {
    let simulation = try HealthKitSimulation(scenario: dueEast(seconds: 10))
    let everyReading = recorder(of: simulation)
    let filtered = recorder(of: simulation)
    try await simulation.run {
      #expect(CLLocationManager.headingAvailable())
      let phone = await simulation.on(.phone) { CLLocationManager.headingAvailable() }
      #expect(phone)
      let manager = CLLocationManager()
      manager.delegate = everyReading
      manager.requestWhenInUseAuthorization()
      manager.headingFilter = kCLHeadingFilterNone
      manager.startUpdatingLocation()
      manager.startUpdatingHeading()
      let other = CLLocationManager()
      other.delegate = filtered
      #expect(other.headingFilter == 1)
      #expect(other.heading == nil)
      other.startUpdatingHeading()
      try await simulation.advance(by: .seconds(15))
      manager.stopUpdatingHeading()
      other.stopUpdatingHeading()
      #expect(abs((other.heading?.magneticHeading ?? 0) - 93.87) < 0.01)
      try await simulation.advance(by: .seconds(5))
    }
    let start = simulation.startDate
    #expect(start.timeIntervalSince1970 == 1_772_434_800)
    let earth = GeomagneticField(
      latitude: 0, longitude: 0, altitude: 20, year: 2026 + (60 + 7.0 / 24) / 365)
    let readings = everyReading.headings
    #expect(
      readings.map { $0.timestamp.timeIntervalSince(start) } == Array(0...15).map(Double.init))
    for reading in readings {
      #expect(abs(reading.magneticHeading - (90 - earth.declination)) < 2e-4)
      #expect(reading.trueHeading == 90)
      #expect(reading.headingAccuracy == 0)
      #expect(abs(reading.x + earth.north) < 1e-4)
      #expect(abs(reading.y - earth.east) < 1e-4)
      #expect(abs(reading.z + earth.down) < 1e-4)
    }
    let first = try #require(filtered.headings.first)
    #expect(filtered.headings.count == 1)
    #expect(first.timestamp == start)
    #expect(abs(first.magneticHeading - (90 - earth.declination)) < 1e-9)
    #expect(first.trueHeading == -1)
  }

  /// A watch without a compass (`motion.magnetometer: false`, an Apple Watch Series 4): in the
  /// watch's code `headingAvailable()` is `false` and `startUpdatingHeading()` brings no
  /// reading over 5 s; the phone keeps its compass and gets its first reading at once.
  @Test func aWatchWithoutACompassGetsNoHeading() async throws {
    let simulation = try HealthKitSimulation(
      scenario: dueEast(seconds: 10, extra: #", "motion": { "magnetometer": false }"#))
    let watch = recorder(of: simulation)
    let phone = recorder(of: simulation)
    try await simulation.run {
      #expect(!CLLocationManager.headingAvailable())
      let manager = CLLocationManager()
      manager.delegate = watch
      manager.startUpdatingHeading()
      let phoneManager = await simulation.on(.phone) { () -> CLLocationManager in
        #expect(CLLocationManager.headingAvailable())
        return CLLocationManager()
      }
      phoneManager.delegate = phone
      phoneManager.startUpdatingHeading()
      try await simulation.advance(by: .seconds(5))
      manager.stopUpdatingHeading()
      phoneManager.stopUpdatingHeading()
    }
    #expect(watch.headings.isEmpty)
    #expect(phone.headings.count == 1)
  }

  /// tracks/equator-square.gpx at 2 m/s: legs of L = 111.19508 m (0.001° on R = 6 371 008.8 m)
  /// heading east, south, west and north; they end at L, 2L, 3L = 55.598, 111.195, 166.793 s.
  /// With the default 1° filter the compass reports each turn of 90° at the first second on
  /// the new leg: 90° at 0 s, 180° at 56 s (112 m), 270° at 112 s (224 m; the west leg at
  /// 0.001° S bears 270° within 1e-8°), 0° at 167 s (334 m); magnetic, each less the
  /// declination there: the WMM2025 field's at 0° N 0° E, 20 m, on the default start
  /// 2026-01-05T08:00Z (decimal year 2026 + (4 + 8/24) / 365), D ≈ −3.89°, which moves by
  /// under 1e-3° over the 0.001° square; so 90 − D, 180 − D, 270 − D and −D.
  @Test func aSquareCourseTurnsByNinetyDegrees() async throws {
    let path = packageRoot.appendingPathComponent("Tests/Data/tracks/equator-square.gpx").path
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "running", "course": [ { "duration": 200, "speed": 2 } ],
        "sensors": { "location": { "horizontalAccuracy": 0, "verticalAccuracy": 0 } },
        "gps": { "track": "\(path)" } }
      """)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let compass = recorder(of: simulation)
    try await simulation.run {
      let manager = CLLocationManager()
      manager.delegate = compass
      manager.startUpdatingHeading()
      try await simulation.advance(by: .seconds(199))
    }
    let start = simulation.startDate
    let readings = compass.headings
    #expect(readings.map { $0.timestamp.timeIntervalSince(start) } == [0, 56, 112, 167])
    let declination = GeomagneticField(
      latitude: 0, longitude: 0, altitude: 20, year: 2026 + (4 + 8.0 / 24) / 365
    ).declination
    let expected: [Double] = [90, 180, 270, 0].map { $0 - declination }
    #expect(readings.count == expected.count)
    for (reading, bearing) in zip(readings, expected) {
      #expect(abs(reading.magneticHeading - bearing) < 1e-3)
    }
  }

  /// The iPhone's app monitors a circle of 100 m around the point 300 m east of 0° N 0° E
  /// (longitude 300 / 6 371 008.8 rad) while the course runs due east at 3 m/s: the body is
  /// 3t m along, inside while |3t − 300| ≤ 100. First inside at t = 67 s (201 m; 66 s is
  /// 198 m), first outside at t = 134 s (402 m; 133 s is 399 m); each crossing is reported
  /// after 20 s on the new side: entered at 87 s, exited at 154 s, each followed by
  /// `didDetermineState` (inside 1, outside 2). Started at 0 s outside: no event then.
  /// `requestState(for:)` at 100 s answers inside.
  @Test func aCourseThroughACircleEntersOnceAndExitsOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: dueEast(seconds: 300))
    let events = recorder(of: simulation)
    try await simulation.run {
      let manager = await simulation.on(.phone) { CLLocationManager() }
      manager.delegate = events
      manager.requestAlwaysAuthorization()
      #expect(
        await simulation.on(.phone) {
          CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self)
        })
      let center = CLLocationCoordinate2D(latitude: 0, longitude: 300 / 6_371_008.8 * 180 / .pi)
      let circle = CLCircularRegion(center: center, radius: 100, identifier: "gate")
      manager.startMonitoring(for: circle)
      #expect(manager.monitoredRegions == [circle])
      try await simulation.advance(by: .seconds(100))
      manager.requestState(for: circle)
      try await simulation.advance(by: .seconds(100))
      manager.stopMonitoring(for: circle)
      #expect(manager.monitoredRegions.isEmpty)
    }
    #expect(
      events.events == [
        "start gate 0", "enter gate 87", "state gate 1 87", "state gate 1 100", "exit gate 154",
        "state gate 2 154",
      ])
  }

  /// A crossing while the phone app has no live manager (its process crashed) reaches no
  /// dead manager: the same course as above enters the 100 m circle around 300 m at t = 87 s
  /// (first inside at 67 s, 201 m; 20 s on that side). The app crashes at 50 s, so the
  /// crossing is reported `notDelivered` naming the region and t = 87 s, and held; the
  /// relaunched app makes a manager at 100 s, whose delegate gets the held entry at 100 s
  /// (then its state, inside 1), and the crossing out at 154 s as it happens.
  @Test func aCrossingWithNoLiveManagerIsReportedAndHeldForTheNextOne() async throws {
    let simulation = try HealthKitSimulation(scenario: dueEast(seconds: 300))
    let old = recorder(of: simulation)
    let new = recorder(of: simulation)
    try await simulation.run {
      let manager = await simulation.on(.phone) { CLLocationManager() }
      manager.delegate = old
      manager.requestAlwaysAuthorization()
      let center = CLLocationCoordinate2D(latitude: 0, longitude: 300 / 6_371_008.8 * 180 / .pi)
      manager.startMonitoring(
        for: CLCircularRegion(center: center, radius: 100, identifier: "gate"))
      try await simulation.advance(by: .seconds(50))
      await simulation.crash(.phone)
      try await simulation.advance(by: .seconds(50))
      await simulation.relaunch(.phone)
      let relaunched = await simulation.on(.phone) { CLLocationManager() }
      relaunched.delegate = new
      try await simulation.advance(by: .seconds(100))
      withExtendedLifetime(manager) {}
      withExtendedLifetime(relaunched) {}
    }
    #expect(old.events == ["start gate 0"])
    #expect(
      new.events == ["enter gate 100", "state gate 1 100", "exit gate 154", "state gate 2 154"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.count == 1)
    #expect(reports.first?.framework == "CoreLocation")
    #expect(reports.first?.seconds == 87)
    #expect(
      reports.first?.message.contains(#"entered monitored region "gate" at t = 87 s"#) == true)
  }

  /// The same crossing when the app let its only manager go (made, monitoring started and
  /// released inside one phone closure): reported at t = 87 s and held; a manager made at
  /// 120 s gets the entry as its delegate is set (120 s), then the exit at 154 s.
  @Test func aCrossingAfterTheManagerWasReleasedIsHeldForTheNextOne() async throws {
    let simulation = try HealthKitSimulation(scenario: dueEast(seconds: 300))
    let new = recorder(of: simulation)
    try await simulation.run {
      await simulation.on(.phone) {
        let manager = CLLocationManager()
        manager.requestAlwaysAuthorization()
        let center = CLLocationCoordinate2D(
          latitude: 0, longitude: 300 / 6_371_008.8 * 180 / .pi)
        manager.startMonitoring(
          for: CLCircularRegion(center: center, radius: 100, identifier: "gate"))
      }
      try await simulation.advance(by: .seconds(120))
      let later = await simulation.on(.phone) { CLLocationManager() }
      later.delegate = new
      try await simulation.advance(by: .seconds(80))
      withExtendedLifetime(later) {}
    }
    #expect(
      new.events == ["enter gate 120", "state gate 1 120", "exit gate 154", "state gate 2 154"])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.seconds) == [87])
  }

  /// Apple's limits: a radius above `maximumRegionMonitoringDistance` (100 km here) and a 21st
  /// region fail with `regionMonitoringFailure` (5). On the watch, monitoring is unavailable (the distance is
  /// −1) but `contains(_:)` works: 0.0009° north of the centre is 0.0009 × 111 195.08 =
  /// 100.08 m, outside a radius of 100 m; 0.0008° (88.96 m) is inside.
  @Test func regionLimitsAndTheWatch() async throws {
    let simulation = try HealthKitSimulation(scenario: dueEast(seconds: 60))
    let events = recorder(of: simulation)
    try await simulation.run {
      #expect(!CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))
      let watch = CLLocationManager()
      #expect(watch.maximumRegionMonitoringDistance == -1)
      let circle = CLCircularRegion(
        center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 100, identifier: "c")
      #expect(!circle.contains(CLLocationCoordinate2D(latitude: 0.0009, longitude: 0)))
      #expect(circle.contains(CLLocationCoordinate2D(latitude: 0.0008, longitude: 0)))
      #expect(circle.notifyOnEntry && circle.notifyOnExit)
      let manager = await simulation.on(.phone) { CLLocationManager() }
      manager.delegate = events
      manager.requestWhenInUseAuthorization()
      #expect(manager.maximumRegionMonitoringDistance == 100_000)
      manager.startMonitoring(
        for: CLCircularRegion(
          center: CLLocationCoordinate2D(latitude: 1, longitude: 1), radius: 200_000,
          identifier: "huge"))
      for index in 1...21 {
        manager.startMonitoring(
          for: CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 1), radius: 10,
            identifier: "r\(index)"))
      }
      try await simulation.advance(by: .seconds(1))
      #expect(manager.monitoredRegions.count == 20)
    }
    #expect(events.events.first == "fail huge 5 0")
    #expect(events.events.filter { $0.hasPrefix("start") }.count == 20)
    #expect(events.events.last == "fail r21 5 0")
    #expect(CLRegionState.inside.rawValue == 1)
    #expect(CLDeviceOrientation.faceUp.rawValue == 5)
    #expect(kCLHeadingFilterNone == -1)
  }

  /// With location access denied, `startMonitoring(for:)` fails with
  /// `regionMonitoringDenied` (4) and nothing is monitored; the compass still reads (no
  /// authorization needed for the magnetic heading), its true heading −1; the magnetic heading
  /// 90 − D of the WMM2025 field at 0° N 0° E, 20 m on 2026-03-02T07:00Z (as
  /// ``aCourseDueEastReadsNinetyDegrees()``).
  @Test func deniedAccessFailsRegionMonitoringButNotTheCompass() async throws {
    let simulation = try HealthKitSimulation(
      scenario: dueEast(seconds: 60, extra: #", "authorization": { "location": "denied" }"#))
    let events = recorder(of: simulation)
    try await simulation.run {
      let manager = await simulation.on(.phone) { CLLocationManager() }
      manager.delegate = events
      manager.requestAlwaysAuthorization()
      manager.startMonitoring(
        for: CLCircularRegion(
          center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 50, identifier: "home"
        ))
      manager.startUpdatingLocation()
      manager.startUpdatingHeading()
      try await simulation.advance(by: .seconds(2))
      #expect(manager.monitoredRegions.isEmpty)
    }
    #expect(events.events == ["fail home 4 0"])
    #expect(events.headings.count == 1)
    let earth = GeomagneticField(
      latitude: 0, longitude: 0, altitude: 20, year: 2026 + (60 + 7.0 / 24) / 365)
    #expect(abs((events.headings.first?.magneticHeading ?? 0) - (90 - earth.declination)) < 1e-9)
    #expect(events.headings.map(\.trueHeading) == [-1])
  }
}
