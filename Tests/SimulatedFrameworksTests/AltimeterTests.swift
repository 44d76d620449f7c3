import Foundation
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
}
