import Foundation
import SimulatedCoreLocation
import SimulatedCoreMotion
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutSimTestSupport

/// A hike of 600 s at 1.2 m/s up a 10 % grade from sea level (`gps.altitude` 0): the body
/// climbs 1.2 × 0.1 = 0.12 m each second (the course's rise per metre travelled), 72 m in all;
/// the location sensor reports a vertical accuracy of 4 m.
private let climb = #"""
  { "version": 1, "activity": "hiking", "start": "2026-03-02T08:00:00Z",
    "gps": { "altitude": 0 }, "sensors": { "location": { "verticalAccuracy": 4 } },
    "course": [ { "duration": 600, "speed": 1.2, "grade": 0.1 } ] }
  """#

/// What an altitude handler saw, one line each: the virtual second of the call, the value (the
/// relative altitude, or the absolute one) and the pressure (or the accuracy and precision),
/// rounded to 1e-6; or the error's domain and code.
private final class AltitudeRecorder: Sendable {
  let seen = Mutex<[String]>([])
  let devices = Mutex<[HealthKitSimulation.Device?]>([])

  static func round(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

  func relative(_ simulation: HealthKitSimulation, _ data: CMAltitudeData?, _ error: (any Error)?) {
    let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
    let line: String
    if let data {
      line =
        "\(at) \(Self.round(data.relativeAltitude.doubleValue)) \(Self.round(data.pressure.doubleValue)) \(Int(data.timestamp))"
    } else {
      let error = error as NSError?
      line = "\(at) \(error?.domain ?? "") \(error?.code ?? 0)"
    }
    let device = HealthKitSimulation.currentDevice
    seen.withLock { $0.append(line) }
    devices.withLock { $0.append(device) }
  }

  func absolute(
    _ simulation: HealthKitSimulation, _ data: CMAbsoluteAltitudeData?, _ error: (any Error)?
  ) {
    let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
    let line: String
    if let data {
      line = "\(at) \(Self.round(data.altitude)) \(data.accuracy) \(data.precision)"
    } else {
      let error = error as NSError?
      line = "\(at) \(error?.domain ?? "") \(error?.code ?? 0)"
    }
    seen.withLock { $0.append(line) }
  }

  var lines: [String] { seen.withLock { $0 } }
  var times: [Int] { lines.map { Int($0.split(separator: " ")[0])! } }
}

/// An app's test double of altitude data (Apple's class is open, with `init()`).
private final class StubAltitude: CMAltitudeData, @unchecked Sendable {
  override var relativeAltitude: NSNumber { NSNumber(value: 12.5) }
}

/// An app's model written the usual way: a `@MainActor` type whose handlers, given
/// `OperationQueue.main`, touch its main-actor state (Swift 6 checks the isolation when they run).
@MainActor private final class MainActorAltitudeModel {
  var heights: [Double] = []
  var activities: [Bool] = []
  var queried: [Int] = []
  /// The handler calls (each checks it runs on the main actor: it traps otherwise).
  var calls = 0
  var altimeter: CMAltimeter?
  var manager: CMMotionActivityManager?

  func startAltitude() {
    let altimeter = CMAltimeter()
    self.altimeter = altimeter
    altimeter.startRelativeAltitudeUpdates(to: .main) { data, _ in
      MainActor.assertIsolated("a main-queue handler runs on the main actor")
      self.calls += 1
      self.heights.append(AltitudeRecorder.round(data?.relativeAltitude.doubleValue ?? -1))
    }
  }

  func stopAltitude() { altimeter?.stopRelativeAltitudeUpdates() }

  func startActivity(from start: Date, to end: Date) {
    let manager = CMMotionActivityManager()
    self.manager = manager
    manager.startActivityUpdates(to: .main) { activity in
      MainActor.assertIsolated("a main-queue handler runs on the main actor")
      self.calls += 1
      self.activities.append(activity?.walking ?? false)
    }
    manager.queryActivityStarting(from: start, to: end, to: .main) { activities, _ in
      MainActor.assertIsolated("a main-queue handler runs on the main actor")
      self.calls += 1
      self.queried.append(activities?.count ?? -1)
    }
  }

  func stopActivity() { manager?.stopActivityUpdates() }
}

/// An app's test double of the altimeter itself (Apple's class is open): it overrides a start.
private final class StubAltimeter: CMAltimeter {
  override func startRelativeAltitudeUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMAltitudeHandler
  ) {
    handler(StubAltitude(), nil)
  }
}

/// An app's test doubles of the other Core Motion objects (open, as Apple's).
private final class StubPedometer: CMPedometer {
  override func stopUpdates() {}
}
private final class StubActivityManager: CMMotionActivityManager {
  override func stopActivityUpdates() {}
}
private final class StubActivity: CMMotionActivity, @unchecked Sendable {
  override var walking: Bool { true }
}

@Suite("CoreMotion: the altimeter")
struct AltimeterTests {
  /// The watch's relative updates every 3 s from t = 0 on the climb: at t s the body is
  /// 0.12 × t m up, so 0 at 0, 0.36 at 3, ..., 3.6 at 30; the pressure is the standard
  /// atmosphere's there, 101.325 × (1 − 2.25577e-5 × h)^5.25588 kPa: at 0 m 101.325 exactly; at
  /// 3.6 m, 2.25577e-5 × 3.6 = 8.120772e-5, ln(1 − 8.120772e-5) = −8.121102e-5, × 5.25588 =
  /// −4.268351e-4, e^that = 0.99957325, × 101.325 = 101.28176 kPa. The timestamp is the
  /// reading's second (the device boots at t = 0). The handler runs as the watch's code.
  @Test func relativeAltitudeClimbsWithTheCourse() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    try await simulation.run {
      #expect(CMAltimeter.isRelativeAltitudeAvailable())
      #expect(CMAltimeter.isAbsoluteAltitudeAvailable())
      #expect(CMAltimeter.authorizationStatus() == .authorized)
      let altimeter = CMAltimeter()
      altimeter.startRelativeAltitudeUpdates(to: OperationQueue()) {
        recorder.relative(simulation, $0, $1)
      }
      try await simulation.advance(by: .seconds(30))
      altimeter.stopRelativeAltitudeUpdates()
    }
    #expect(recorder.times == Array(stride(from: 0, through: 30, by: 3)))
    let lines = recorder.lines
    #expect(lines.first == "0 0.0 101.325 0")
    #expect(lines.count > 2 && lines[1].hasPrefix("3 0.36 "))
    #expect(lines.last == "30 3.6 101.28176 30")
    #expect(recorder.devices.withLock { $0 }.allSatisfy { $0 == .watch })
  }

  /// Relative altitude is since the first reading, not since `t = 0`: started at 100 s (12 m
  /// up), the first reading says 0, the one at 130 s (15.6 m up) says 15.6 − 12 = 3.6; the
  /// pressure is the height's own, 15.6 m: 2.25577e-5 × 15.6 = 3.519001e-4, ln(1 − that) =
  /// −3.519621e-4, × 5.25588 = −1.849870e-3, e^that = 0.99815184, × 101.325 = 101.137735 kPa.
  /// Stopped at 130 (twice: the second does nothing), nothing more comes (advanced to 200).
  @Test func relativeToTheFirstReadingAndStopStops() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    try await simulation.run {
      try await simulation.advance(by: .seconds(100))
      let altimeter = CMAltimeter()
      altimeter.startRelativeAltitudeUpdates(to: .main) { recorder.relative(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(30))
      altimeter.stopRelativeAltitudeUpdates()
      altimeter.stopRelativeAltitudeUpdates()
      try await simulation.advance(by: .seconds(70))
    }
    #expect(recorder.times == Array(stride(from: 100, through: 130, by: 3)))
    #expect(recorder.lines.first?.hasPrefix("100 0.0 ") == true)
    #expect(recorder.lines.last == "130 3.6 101.137735 130")
  }

  /// Absolute updates: the height above sea level (0.12 × t from 0 m), the location sensor's
  /// vertical accuracy (4 m) and a precision of 1 m; on the phone every second, as the phone's
  /// code: 0, 0.12, 0.24, 0.36 at 0…3.
  @Test func absoluteAltitudeOnThePhone() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    try await simulation.run {
      let altimeter = await simulation.on(.phone) { CMAltimeter() }
      altimeter.startAbsoluteAltitudeUpdates(to: .main) { recorder.absolute(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(3))
      altimeter.stopAbsoluteAltitudeUpdates()
      try await simulation.advance(by: .seconds(10))
    }
    #expect(
      recorder.lines == ["0 0.0 4.0 1.0", "1 0.12 4.0 1.0", "2 0.24 4.0 1.0", "3 0.36 4.0 1.0"])
  }

  /// Without a course the body stays at `gps.altitude` (20 m by default): relative altitude 0
  /// and updates still come, every 3 s on the watch; the pressure at 20 m: 2.25577e-5 × 20 =
  /// 4.51154e-4, ln(1 − that) = −4.512558e-4, × 5.25588 = −2.371748e-3, e^that = 0.99763106,
  /// × 101.325 = 101.084968 kPa.
  @Test func noCourseNoClimb() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    try await simulation.run {
      let altimeter = CMAltimeter()
      altimeter.startRelativeAltitudeUpdates(to: .main) { recorder.relative(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(6))
      altimeter.stopRelativeAltitudeUpdates()
    }
    #expect(recorder.lines == ["0 0.0 101.084968 0", "3 0.0 101.084968 3", "6 0.0 101.084968 6"])
  }

  /// `authorization.motion: "denied"`: the status is denied, and each start gives the handler
  /// `CMErrorDomain` 105 once and nothing else.
  @Test func deniedPermission() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "hiking",
          "course": [ { "duration": 600, "speed": 1.2, "grade": 0.1 } ],
          "authorization": { "motion": "denied" } }
        """#, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    try await simulation.run {
      #expect(CMAltimeter.authorizationStatus() == .denied)
      let altimeter = CMAltimeter()
      altimeter.startRelativeAltitudeUpdates(to: .main) { recorder.relative(simulation, $0, $1) }
      altimeter.startAbsoluteAltitudeUpdates(to: .main) { recorder.absolute(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(30))
    }
    #expect(recorder.lines == ["0 CMErrorDomain 105", "0 CMErrorDomain 105"])
  }

  /// A suspended watch app gets no readings and none later: wrist down at 0 (inactive),
  /// background at 120, suspended at 130 (the watch's defaults), so readings every 3 s up to
  /// 129 (43 × 3); opened at 200, the next reading is the grid's next instant, 201 (67 × 3),
  /// 0.12 × 201 = 24.12 m up; then 204.
  @Test func noReadingsWhileSuspended() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    try await simulation.run {
      let altimeter = CMAltimeter()
      altimeter.startRelativeAltitudeUpdates(to: .main) { recorder.relative(simulation, $0, $1) }
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(200))
      await simulation.perform(.openApp)
      try await simulation.advance(by: .seconds(4))
      altimeter.stopRelativeAltitudeUpdates()
    }
    #expect(recorder.times == Array(stride(from: 0, through: 129, by: 3)) + [201, 204])
    #expect(recorder.lines.dropLast().last?.hasPrefix("201 24.12 ") == true)
  }

  /// Down as well as up, from `gps.altitude` 100: 100 s at 1 m/s up 10 % (0.1 m a second,
  /// 110 m at 100 s), then 100 s at 2 m/s down 5 % (−0.1 m a second, back to 100 m at 200 s),
  /// then the course is over and the height stays. The phone's absolute readings at 50, 100,
  /// 150, 200 and 250 s: 105, 110, 105, 100, 100 m; its relative ones (started at 0) the same
  /// minus 100.
  @Test func downhillLowersTheHeight() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "hiking", "gps": { "altitude": 100 },
          "course": [ { "duration": 100, "speed": 1, "grade": 0.1 },
                      { "duration": 100, "speed": 2, "grade": -0.05 } ] }
        """#, fileName: "altimeter.json"))
    let absolute = AltitudeRecorder()
    let relative = AltitudeRecorder()
    try await simulation.run {
      let altimeter = await simulation.on(.phone) { CMAltimeter() }
      altimeter.startAbsoluteAltitudeUpdates(to: .main) { absolute.absolute(simulation, $0, $1) }
      altimeter.startRelativeAltitudeUpdates(to: .main) { relative.relative(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(250))
      altimeter.stopAbsoluteAltitudeUpdates()
      altimeter.stopRelativeAltitudeUpdates()
    }
    let picked = [50, 100, 150, 200, 250]
    func values(_ recorder: AltitudeRecorder) -> [String] {
      recorder.lines.filter { picked.contains(Int($0.split(separator: " ")[0])!) }
        .map { String($0.split(separator: " ")[1]) }
    }
    #expect(values(absolute) == ["105.0", "110.0", "105.0", "100.0", "100.0"])
    #expect(values(relative) == ["5.0", "10.0", "5.0", "0.0", "0.0"])
  }

  /// The data classes are open with `init()`, as Apple's: an app's double overrides what it
  /// needs; the plain objects hold 0.
  @Test func testDoublesCompile() {
    #expect(StubAltitude().relativeAltitude.doubleValue == 12.5)
    #expect(CMAltitudeData().pressure.doubleValue == 0)
    #expect(CMAltitudeData().timestamp == 0)
    #expect(CMAbsoluteAltitudeData().altitude == 0)
    #expect(CMLogItem().timestamp == 0)
  }

  /// The altimeter's height is Core Location's (one home, `RoutePlan.height(at:)`): one
  /// 1200 s segment at 2 m/s on tracks/equator-hill.gpx, up 300 m over the first leg
  /// (L = 6 371 008.8 × 0.01 × π / 180 = 1111.95080 m) and back down over the second, with no
  /// grade (the track's mean grade, 0, which the old altimeter followed: flat at 0 m). At 300 s
  /// the body is 600 m along: 300 × 600 / 1111.95080 = 161.877665 m; at 600 s 1200 m along,
  /// 88.04920 m down the second leg: 300 − 300 × 88.04920 / 1111.95080 = 276.244669 m; at
  /// 1200 s 2400 m along, past the end (2L = 2223.90 m): the last point's 0 m. No GPS error
  /// (`verticalAccuracy` 0), so `CLLocation.altitude` is the true height; the phone's relative
  /// altitude (started at 0 s, 0 m) and absolute altitude give the same numbers.
  @Test func theHeightOnAGPSTrackIsCoreLocations() async throws {
    let path = packageRoot.appendingPathComponent("Tests/Data/tracks/equator-hill.gpx").path
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "hiking", "course": [ { "duration": 1200, "speed": 2 } ],
        "sensors": { "location": { "horizontalAccuracy": 0, "verticalAccuracy": 0 } },
        "gps": { "track": "\(path)" } }
      """)
    let (_, locations) = try await updates(of: scenario, seconds: 1200)
    let expected: [(Int, Double)] = [(0, 0), (300, 161.877665), (600, 276.244669), (1200, 0)]
    for (second, metres) in expected {
      #expect(abs(locations.locations[second].altitude - metres) < 1e-6, "CL at \(second)")
    }
    let simulation = try HealthKitSimulation(scenario: scenario)
    let relative = AltitudeRecorder()
    let absolute = AltitudeRecorder()
    try await simulation.run {
      let altimeter = await simulation.on(.phone) { CMAltimeter() }
      altimeter.startRelativeAltitudeUpdates(to: .main) { relative.relative(simulation, $0, $1) }
      altimeter.startAbsoluteAltitudeUpdates(to: .main) { absolute.absolute(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(1200))
      altimeter.stopRelativeAltitudeUpdates()
      altimeter.stopAbsoluteAltitudeUpdates()
    }
    func value(_ recorder: AltitudeRecorder, at second: Int) -> Double? {
      recorder.lines.first { $0.hasPrefix("\(second) ") }
        .map { Double($0.split(separator: " ")[1])! }
    }
    for (second, metres) in expected {
      #expect(value(relative, at: second) == metres, "relative at \(second)")
      #expect(value(absolute, at: second) == metres, "absolute at \(second)")
    }
  }

  /// A replay's height is its recorded altitudes, as Core Location's fixes give them: a GPX
  /// recording with a point every 5 s (0.0001° north each, 11.12 m) at 100, 102, 104, 103, 102
  /// and 102 m. The fix at 10 s says 104 m and the phone's absolute reading too; between two
  /// points the reading is linear: at 12 s, 104 + (103 − 104) × 2 / 5 = 103.6 m; after the last
  /// point (25 s) it stays at 102 m.
  @Test func theHeightOfAReplayIsTheRecordedOne() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("altimeter-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("hill.gpx")
    let elevations = [100, 102, 104, 103, 102, 102]
    let points = elevations.enumerated().map { index, metres in
      "<trkpt lat=\"\(Double(index) / 10_000)\" lon=\"0\"><ele>\(metres)</ele>"
        + "<time>2026-03-02T08:00:\(String(format: "%02d", index * 5))Z</time></trkpt>"
    }
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><type>running</type><trkseg>\(points.joined())</trkseg></trk>
      </gpx>
      """.utf8
    ).write(to: file)
    let scenario = try decodeScenario(
      """
      { "version": 1, "course": { "recording": "\(file.path)" },
        "sensors": { "location": { "horizontalAccuracy": 0, "verticalAccuracy": 0 } } }
      """)
    let (located, locations) = try await updates(of: scenario, seconds: 30)
    let fixAt10 = locations.locations.first {
      $0.timestamp.timeIntervalSince(located.startDate) == 10
    }
    #expect(fixAt10?.altitude == 104)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let absolute = AltitudeRecorder()
    try await simulation.run {
      let altimeter = await simulation.on(.phone) { CMAltimeter() }
      altimeter.startAbsoluteAltitudeUpdates(to: .main) { absolute.absolute(simulation, $0, $1) }
      try await simulation.advance(by: .seconds(30))
      altimeter.stopAbsoluteAltitudeUpdates()
    }
    let picked = [0, 10, 12, 25, 30]
    let values = absolute.lines.filter { picked.contains(Int($0.split(separator: " ")[0])!) }
      .map { String($0.split(separator: " ")[1]) }
    #expect(values == ["100.0", "104.0", "103.6", "102.0", "102.0"])
  }

  /// `to: .main` runs the handler on the main actor, as Apple runs it on the queue given: a
  /// `@MainActor` model's handlers touch its state on the main thread (before, they ran on the
  /// callback lane's thread: a data race on the model). The watch's readings on the climb at 0, 3 and 6 s: 0, 0.36, 0.72 m; the activity
  /// manager's first update (the current activity, once) and a query's answer (once).
  @Test func mainQueueHandlersRunOnTheMainActor() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let model = await MainActorAltitudeModel()
    try await simulation.run {
      await model.startAltitude()
      try await simulation.advance(by: .seconds(6))
      await model.stopAltitude()
      let now = simulation.now
      await model.startActivity(from: now.addingTimeInterval(-1), to: now)
      try await simulation.advance(by: .seconds(1))
      await model.stopActivity()
    }
    #expect(await model.heights == [0, 0.36, 0.72])
    #expect(await model.activities.count == 1)
    #expect(await model.queried.count == 1)
    #expect(await model.calls == 5)
  }

  /// A start made after the run returned is reported once under Apple's method name, not a
  /// helper's.
  @Test func aLateStartIsReportedByItsPublicName() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let altimeter = await simulation.run { CMAltimeter() }
    altimeter.startRelativeAltitudeUpdates(to: OperationQueue()) { _, _ in }
    altimeter.startAbsoluteAltitudeUpdates(to: OperationQueue()) { _, _ in }
    #expect(
      simulation.reports.filter { $0.kind == .callAfterRun }.map(\.call) == [
        "CMAltimeter.startRelativeAltitudeUpdates(to:withHandler:)",
        "CMAltimeter.startAbsoluteAltitudeUpdates(to:withHandler:)",
      ])
  }

  /// The Core Motion objects are open, as Apple's: an app's doubles subclass them.
  @Test func theManagersAreSubclassable() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(climb, fileName: "altimeter.json"))
    let recorder = AltitudeRecorder()
    await simulation.run {
      StubAltimeter().startRelativeAltitudeUpdates(to: .main) {
        recorder.relative(simulation, $0, $1)
      }
      StubPedometer().stopUpdates()
      StubActivityManager().stopActivityUpdates()
    }
    #expect(recorder.lines == ["0 12.5 0.0 0"])
    #expect(StubActivity().walking)
    #expect(CMMotionActivity().unknown)
  }
}
