import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutPhysiology
import WorkoutSimTestSupport

@testable import SimulatedCoreMotion

/// A run of 600 s at 3 m/s and 180 steps/min: Core Motion's class is running from t = 0, the
/// arm swings at 180 / 120 = 1.5 Hz with amplitude min(0.6, 0.2 × 3) = 0.6 rad.
private let run = #"""
  { "version": 1, "activity": "running",
    "course": [ { "duration": 600, "speed": 3, "cadence": 180 } ] }
  """#

/// What a motion handler saw: per call the reading's timestamp, its vector and the device whose
/// code ran it.
private final class MotionRecorder: Sendable {
  struct Reading: Sendable {
    var timestamp: TimeInterval
    var x: Double
    var y: Double
    var z: Double
    var device: HealthKitSimulation.Device?
    /// Device motion only: pitch and gravity's y and z.
    var pitch = 0.0
    var gravityY = 0.0
    var gravityZ = 0.0
  }

  let seen = Mutex<[Reading]>([])
  /// The errors' codes, in order.
  let errors = Mutex<[Int]>([])

  func accelerometer(_ data: CMAccelerometerData?, _ error: (any Error)?) {
    guard let data else { return }
    let a = data.acceleration
    let device = HealthKitSimulation.currentDevice
    seen.withLock {
      $0.append(Reading(timestamp: data.timestamp, x: a.x, y: a.y, z: a.z, device: device))
    }
  }

  func gyro(_ data: CMGyroData?, _ error: (any Error)?) {
    guard let data else { return }
    let r = data.rotationRate
    let device = HealthKitSimulation.currentDevice
    seen.withLock {
      $0.append(Reading(timestamp: data.timestamp, x: r.x, y: r.y, z: r.z, device: device))
    }
  }

  /// Records the user acceleration as (x, y, z) and the rotation rate's x as `pitch`'s
  /// neighbour: x = rotationRate.x, y = userAcceleration.y, z = userAcceleration.z.
  func deviceMotion(_ data: CMDeviceMotion?, _ error: (any Error)?) {
    if let error { errors.withLock { $0.append((error as NSError).code) } }
    guard let data else { return }
    let device = HealthKitSimulation.currentDevice
    let reading = Reading(
      timestamp: data.timestamp, x: data.rotationRate.x, y: data.userAcceleration.y,
      z: data.userAcceleration.z, device: device, pitch: data.attitude.pitch,
      gravityY: data.gravity.y, gravityZ: data.gravity.z)
    seen.withLock { $0.append(reading) }
  }

  var readings: [Reading] { seen.withLock { $0 } }
  /// The timestamps in tenths of a second.
  var tenths: [Int] { readings.map { Int(($0.timestamp * 10).rounded()) } }
}

/// An app's model written the usual way: a `@MainActor` type whose handler, given
/// `OperationQueue.main`, touches its main-actor state.
@MainActor private final class MainActorMotionModel {
  var pitches: [Double] = []
  let manager = CMMotionManager()

  func start() {
    manager.deviceMotionUpdateInterval = 0.5
    manager.startDeviceMotionUpdates(to: .main) { motion, _ in
      MainActor.assertIsolated("a main-queue handler runs on the main actor")
      self.pitches.append(motion?.attitude.pitch ?? -9)
    }
  }

  func stop() { manager.stopDeviceMotionUpdates() }
}

/// An app's test doubles (Apple's classes are open, with `init()`).
private final class StubAccelerometerData: CMAccelerometerData, @unchecked Sendable {
  override var acceleration: CMAcceleration { CMAcceleration(x: 0, y: 0, z: -1) }
}
private final class StubMotionManager: CMMotionManager {
  override var isDeviceMotionAvailable: Bool { false }
}

@Suite("CoreMotion: the motion manager")
struct MotionManagerTests {
  /// At rest (no course) the watch's accelerometer at 0.1 s: over 1 s ten readings at 0.1,
  /// 0.2, …, 1.0 s (the first one interval after the start), each gravity, 1 g, within the
  /// noise (0.002 g per axis: 6 × 0.002 × √3 = 0.0208 g), as the watch's code; stopped,
  /// nothing more over the next second.
  @Test func accelerometerAtRestCountsAndStops() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      let manager = CMMotionManager()
      #expect(manager.isAccelerometerAvailable && manager.isDeviceMotionAvailable)
      #expect(manager.isGyroAvailable && manager.isMagnetometerAvailable)
      manager.accelerometerUpdateInterval = 0.1
      manager.startAccelerometerUpdates(to: OperationQueue()) { recorder.accelerometer($0, $1) }
      #expect(manager.isAccelerometerActive)
      try await simulation.advance(by: .seconds(1))
      manager.stopAccelerometerUpdates()
      #expect(!manager.isAccelerometerActive)
      try await simulation.advance(by: .seconds(1))
    }
    #expect(recorder.tenths == Array(1...10))
    for reading in recorder.readings {
      let magnitude = (reading.x * reading.x + reading.y * reading.y + reading.z * reading.z)
        .squareRoot()
      #expect(abs(magnitude - 1) < 0.0208)
      #expect(abs(reading.z - -1) < 0.0208)
      #expect(reading.device == .watch)
    }
  }

  /// The interval is capped at 0.01 s (100 Hz): 0.001 reads back 0.01, and 0.1 s gives ten
  /// readings; 0.5 is kept as set.
  @Test func intervalCappedAt100Hz() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      let manager = CMMotionManager()
      manager.accelerometerUpdateInterval = 0.001
      #expect(manager.accelerometerUpdateInterval == 0.01)
      manager.gyroUpdateInterval = 0.5
      #expect(manager.gyroUpdateInterval == 0.5)
      manager.startAccelerometerUpdates(to: .main) { recorder.accelerometer($0, $1) }
      try await simulation.advance(by: .milliseconds(100))
      manager.stopAccelerometerUpdates()
    }
    #expect(recorder.readings.count == 10)
  }

  /// An `.infinity` interval (`1 / hz` with `hz` 0) is capped at a day, 86 400 s: the start
  /// delivers nothing in 0.1 s (the first reading is a day later) and does not trap.
  @Test func infiniteIntervalCappedAtADay() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      let manager = CMMotionManager()
      let hz = 0.0
      manager.accelerometerUpdateInterval = 1 / hz
      #expect(manager.accelerometerUpdateInterval == 86_400)
      manager.startAccelerometerUpdates(to: .main) { recorder.accelerometer($0, $1) }
      try await simulation.advance(by: .milliseconds(100))
      manager.stopAccelerometerUpdates()
    }
    #expect(recorder.readings.isEmpty)
  }

  /// Device motion on the run at 0.5 s: ω = 2π × 1.5 = 3π rad/s from t = 0. At 0.5 s
  /// (ωτ = 1.5π: sin −1, cos 0) the arm is at the back of its swing: pitch −0.6 rad, gravity
  /// (0, sin 0.6, −cos 0.6) = (0, 0.564642, −0.825336), user acceleration along y
  /// +0.6 m × 0.6 × 9π² / 9.80665 = +3.260799 g, rotation ≈ 0; at 1.0 s (ωτ = 3π: sin 0,
  /// cos −1) level again and turning at −0.6 × 3π = −5.654867 rad/s. User acceleration and
  /// rotation carry the sensors' noise (within 6 × 0.002 = 0.012).
  @Test func deviceMotionSwingsWithTheRun() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      let manager = CMMotionManager()
      manager.deviceMotionUpdateInterval = 0.5
      manager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: OperationQueue()) {
        recorder.deviceMotion($0, $1)
      }
      #expect(manager.attitudeReferenceFrame == .xArbitraryZVertical)
      try await simulation.advance(by: .seconds(1))
      manager.stopDeviceMotionUpdates()
    }
    let readings = recorder.readings
    #expect(recorder.tenths == [5, 10])
    guard readings.count == 2 else { return }
    #expect(abs(readings[0].pitch - -0.6) < 1e-9)
    #expect(abs(readings[0].gravityY - 0.564642) < 1e-6)
    #expect(abs(readings[0].gravityZ - -0.825336) < 1e-6)
    #expect(abs(readings[0].y - 3.260799) < 0.012)
    #expect(abs(readings[0].x) < 0.012)
    #expect(abs(readings[1].pitch) < 1e-9)
    #expect(abs(readings[1].x - -5.654867) < 0.012)
  }

  /// A suspended watch app gets no readings and none later, as the altimeter: wrist down at 0,
  /// background at 120, suspended at 130; at 3 s readings at 3, 6, …, 129; opened at 200, the
  /// next is the grid's next instant, 201, then 204.
  @Test func noReadingsWhileSuspended() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      let manager = CMMotionManager()
      manager.accelerometerUpdateInterval = 3
      manager.startAccelerometerUpdates(to: .main) { recorder.accelerometer($0, $1) }
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(200))
      await simulation.perform(.openApp)
      try await simulation.advance(by: .seconds(4))
      manager.stopAccelerometerUpdates()
    }
    let seconds = recorder.readings.map { Int($0.timestamp.rounded()) }
    #expect(seconds == Array(stride(from: 3, through: 129, by: 3)) + [201, 204])
  }

  /// The pull form: nothing before the first interval, then the latest reading of the grid
  /// (at 0.25 s with 0.1 s: the one of 0.2 s), gravity within the noise; stopped, `nil`.
  @Test func pullFormKeepsTheLatestReading() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
    try await simulation.run {
      let manager = CMMotionManager()
      manager.accelerometerUpdateInterval = 0.1
      manager.startAccelerometerUpdates()
      #expect(manager.isAccelerometerActive)
      #expect(manager.accelerometerData == nil)
      try await simulation.advance(by: .milliseconds(250))
      let data = try #require(manager.accelerometerData)
      #expect(abs(data.timestamp - 0.2) < 1e-9)
      #expect(abs(data.acceleration.z - -1) < 0.012)
      manager.deviceMotionUpdateInterval = 0.1
      manager.startDeviceMotionUpdates()
      try await simulation.advance(by: .milliseconds(100))
      #expect(abs((manager.deviceMotion?.timestamp ?? 0) - 0.35) < 1e-9)
      #expect(manager.deviceMotion?.gravity.z == -1)
      manager.stopAccelerometerUpdates()
      #expect(manager.accelerometerData == nil && !manager.isAccelerometerActive)
      manager.stopDeviceMotionUpdates()
    }
  }

  /// Both devices have a gyroscope: the phone's at 0.5 s gives readings at 0.5 and 1.0 s as
  /// the phone's code, the watch's at 1 s one at 1.0 s as the watch's; the run's swing turns
  /// the watch at −0.6 × 3π = −5.654867 rad/s about x at 1.0 s (ωτ = 3π, cos −1), with the
  /// gyroscope's noise (within 6 × 0.002 = 0.012).
  @Test func gyroOnBothDevices() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "motion.json"))
    let phone = MotionRecorder()
    let watch = MotionRecorder()
    try await simulation.run {
      let phoneManager = await simulation.on(.phone) { CMMotionManager() }
      let watchManager = CMMotionManager()
      #expect(phoneManager.isGyroAvailable && watchManager.isGyroAvailable)
      phoneManager.gyroUpdateInterval = 0.5
      watchManager.gyroUpdateInterval = 1
      phoneManager.startGyroUpdates(to: .main) { phone.gyro($0, $1) }
      watchManager.startGyroUpdates(to: .main) { watch.gyro($0, $1) }
      #expect(watchManager.isGyroActive)
      try await simulation.advance(by: .seconds(1))
      phoneManager.stopGyroUpdates()
      watchManager.stopGyroUpdates()
    }
    #expect(phone.tenths == [5, 10])
    #expect(phone.readings.allSatisfy { $0.device == .phone })
    #expect(watch.tenths == [10])
    #expect(watch.readings.allSatisfy { $0.device == .watch })
    #expect(abs((watch.readings.first?.x ?? 0) - -5.654867) < 0.012)
  }

  /// The same seed gives the same readings; another seed other noise.
  @Test func sameSeedSameReadings() async throws {
    func readings(seed: Int) async throws -> [Double] {
      let simulation = try HealthKitSimulation(
        scenario: decodeScenario(#"{ "version": 1, "seed": \#(seed) }"#, fileName: "motion.json"))
      let recorder = MotionRecorder()
      try await simulation.run {
        let manager = CMMotionManager()
        manager.accelerometerUpdateInterval = 0.1
        manager.startAccelerometerUpdates(to: .main) { recorder.accelerometer($0, $1) }
        try await simulation.advance(by: .seconds(1))
        manager.stopAccelerometerUpdates()
      }
      return recorder.readings.map(\.x)
    }
    let first = try await readings(seed: 5)
    #expect(first.count == 10)
    #expect(try await readings(seed: 5) == first)
    #expect(try await readings(seed: 6) != first)
  }

  /// A handler given `OperationQueue.main` runs on the main actor (it asserts so): level at the
  /// start of each swing period, 1.0 s is 1.5 periods, pitch 0 again.
  @Test func mainQueueHandlerRunsOnTheMainActor() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "motion.json"))
    try await simulation.run {
      let model = await MainActorMotionModel()
      await model.start()
      try await simulation.advance(by: .seconds(1))
      let pitches = await model.pitches
      #expect(pitches.count == 2)
      #expect(abs((pitches.last ?? 9)) < 1e-9)
      await model.stop()
    }
  }

  /// All four frames, raw values 1, 2, 4 and 8, outside a simulation (both simulated devices
  /// have a magnetometer); the data classes are open with `init()`.
  @Test func framesAndTestDoubles() {
    #expect(CMMotionManager.availableAttitudeReferenceFrames().rawValue == 1 + 2 + 4 + 8)
    #expect(StubAccelerometerData().acceleration.z == -1)
    #expect(CMDeviceMotion().gravity.z == -1)
    #expect(CMDeviceMotion().magneticField.accuracy == .uncalibrated)
    #expect(CMAttitude().quaternion == CMQuaternion(x: 0, y: 0, z: 0, w: 1))
    #expect(CMGyroData().rotationRate == CMRotationRate())
  }

  /// A manager freed by the app stops delivering, as on a device: a local manager at 0.1 s
  /// whose scope ends at 0.3 s gave readings at 0.1, 0.2 and 0.3 s and none over the next
  /// second.
  @Test func aFreedManagerStopsDelivering() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      do {
        let manager = CMMotionManager()
        manager.accelerometerUpdateInterval = 0.1
        manager.startAccelerometerUpdates(to: OperationQueue()) { recorder.accelerometer($0, $1) }
        try await simulation.advance(by: .milliseconds(300))
        withExtendedLifetime(manager) {}
      }
      try await simulation.advance(by: .seconds(1))
    }
    #expect(recorder.tenths == [1, 2, 3])
  }

  /// A manager freed while the simulation's lock is held (the reviewer's pattern: a pedometer
  /// handler captures an object that owns a motion manager, and `stopUpdates()` releases the
  /// handler under the lock) neither traps nor hangs: run in a process of its own, since the
  /// old `deinit` re-took the non-reentrant lock. The pull form first (as the reviewer wrote
  /// it), then the push form, whose registration is dropped: its manager, freed at t = 2, gets
  /// no reading over the next second (unfreed it would get 1 / 0.01 = 100), and the timer,
  /// with nothing else registered, fires not once.
  @Test func aManagerFreedUnderTheLockNeitherTrapsNorHangs() async {
    await #expect(processExitsWith: .success) {
      let simulation = try HealthKitSimulation(
        scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "motion.json"))
      let recorder = MotionRecorder()
      let (read, fired) = try await simulation.run { () -> (Int, Int) in
        let pedometer = CMPedometer()
        MotionWatcher(pedometer, start: simulation.now).start()
        // The start's callbacks run: the pedometer's registration is the watcher's only owner.
        try await simulation.advance(by: .seconds(1))
        pedometer.stopUpdates()
        let pushed = CMPedometer()
        MotionWatcher(pushed, start: simulation.now).startPush { recorder.accelerometer($0, $1) }
        try await simulation.advance(by: .seconds(1))
        pushed.stopUpdates()
        let read = recorder.readings.count
        let fired = fires(simulation)
        try await simulation.advance(by: .seconds(1))
        return (read, fired)
      }
      precondition(recorder.readings.count == read, "a freed manager got a reading")
      precondition(fires(simulation) == fired, "the timer stopped for a freed manager")
    }
  }

  /// The timer does not stop every 10 ms while the watch app is suspended: at the default
  /// 0.01 s, wrist down at 0, suspended at 130 s; between 131 and 200 s the timer fires not at
  /// all (unparked it would fire 69 / 0.01 = 6 900 times); opened at 200 s, the next second
  /// brings the readings of 200.01 … 201.00 s, 100 of them, one timer firing each.
  @Test func noTimerStopsWhileSuspended() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "motion.json"))
    let recorder = MotionRecorder()
    let (suspended, opened, after, readBefore) = try await simulation.run {
      () -> (Int, Int, Int, Int) in
      let manager = CMMotionManager()
      manager.startAccelerometerUpdates(to: OperationQueue()) { recorder.accelerometer($0, $1) }
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(131))
      let suspended = fires(simulation)
      try await simulation.advance(by: .seconds(69))
      let opened = fires(simulation)
      let readBefore = recorder.readings.count
      await simulation.perform(.openApp)
      try await simulation.advance(by: .seconds(1))
      let after = fires(simulation)
      manager.stopAccelerometerUpdates()
      return (suspended, opened, after, readBefore)
    }
    #expect(opened == suspended)
    #expect(after - opened == 100)
    let woken = recorder.readings.dropFirst(readBefore).map(\.timestamp)
    #expect(woken.count == 100)
    #expect(abs((woken.first ?? 0) - 200.01) < 1e-9 && abs((woken.last ?? 0) - 201) < 1e-9)
  }

  /// On a watch without a magnetometer (`motion.magnetometer: false`, a Series 4) a
  /// north-referenced frame does not trap: the handler form gets once `CMErrorDomain` 109
  /// naming `availableAttitudeReferenceFrames()` and no reading; the pull form starts nothing
  /// (`deviceMotion` stays `nil`) and is reported as a `notDelivered` warning. The set is
  /// `.xArbitraryZVertical` alone, the magnetometer starts nothing; the phone keeps all four.
  @Test func aNorthFrameIsRefusedWithAnError() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"{ "version": 1, "motion": { "magnetometer": false } }"#, fileName: "motion.json"))
    let recorder = MotionRecorder()
    try await simulation.run {
      let manager = CMMotionManager()
      #expect(!manager.isMagnetometerAvailable)
      #expect(CMMotionManager.availableAttitudeReferenceFrames() == .xArbitraryZVertical)
      manager.startMagnetometerUpdates()
      #expect(!manager.isMagnetometerActive)
      await simulation.on(.phone) {
        #expect(CMMotionManager.availableAttitudeReferenceFrames().rawValue == 15)
        #expect(CMMotionManager().isMagnetometerAvailable)
      }
      manager.deviceMotionUpdateInterval = 0.1
      manager.startDeviceMotionUpdates(using: .xMagneticNorthZVertical, to: OperationQueue()) {
        recorder.deviceMotion($0, $1)
      }
      #expect(!manager.isDeviceMotionActive)
      manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical)
      try await simulation.advance(by: .milliseconds(500))
      #expect(manager.deviceMotion == nil && !manager.isDeviceMotionActive)
    }
    #expect(recorder.errors.withLock { $0 } == [109])
    #expect(recorder.readings.isEmpty)
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.call) == ["CMMotionManager.startDeviceMotionUpdates(using:)"])
    #expect(reports.first?.message.contains("availableAttitudeReferenceFrames()") == true)
  }

  /// Standing at 0° N 0° E facing east (`gps.heading` 90, no course: the wrist at rest, flat,
  /// pitch 0) at 20 m (`gps.altitude`'s default) on the default start 2026-01-05T08:00Z
  /// (1 767 600 000 s, decimal year 2026 + (4 + 8/24) / 365), the field is WMM2025's there
  /// (docs/models.md#magnetic-field; its values are checked against NOAA's in
  /// GeomagneticFieldTests, here that Core Motion reads it at the body's place, height and
  /// date): north X ≈ 27.43, east Y ≈ −1.87, down Z ≈ −16.00 µT, declination D ≈ −3.89°. The
  /// device's top points east, so its x axis points south and z up: the calibrated field reads
  /// (−X, Y, −Z) µT, accuracy high. In the true-north frame the heading is 90° and the yaw
  /// −(90° + 90°) = −180°, wrapped to π; in the magnetic-north frame the heading is 90 − D
  /// ≈ 93.89° and the yaw −(90 − D + 90°) wrapped to (−180°, 180°], 180° + D ≈ 176.11°. In the
  /// default frame yaw 0, heading −1, the field zero and uncalibrated.
  @Test func northFramesReadTheDirectionOfTravel() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"{ "version": 1, "seed": 5, "gps": { "latitude": 0, "longitude": 0, "heading": 90 } }"#,
        fileName: "motion.json"))
    let readings = try await simulation.run { () -> [CMDeviceMotion?] in
      var readings: [CMDeviceMotion?] = []
      let manager = CMMotionManager()
      for frame in [
        CMAttitudeReferenceFrame.xTrueNorthZVertical, .xMagneticNorthZVertical,
        .xArbitraryZVertical,
      ] {
        manager.startDeviceMotionUpdates(using: frame)
        try await simulation.advance(by: .milliseconds(50))
        readings.append(manager.deviceMotion)
      }
      manager.stopDeviceMotionUpdates()
      return readings
    }
    let earth = GeomagneticField(
      latitude: 0, longitude: 0, altitude: 20, year: 2026 + (4 + 8.0 / 24) / 365)
    let trueNorth = try #require(readings[0])
    #expect(abs(trueNorth.heading - 90) < 1e-9)
    #expect(abs(trueNorth.attitude.yaw - Double.pi) < 1e-9)
    let field = trueNorth.magneticField
    #expect(field.accuracy == .high)
    #expect(abs(field.field.x - -earth.north) < 1e-9)
    #expect(abs(field.field.y - earth.east) < 1e-9)
    #expect(abs(field.field.z - -earth.down) < 1e-9)
    #expect(abs(earth.declination - -3.89) < 0.01)
    let magnetic = try #require(readings[1])
    #expect(abs(magnetic.heading - (90 - earth.declination)) < 1e-9)
    #expect(abs(magnetic.attitude.yaw - (180 + earth.declination) * Double.pi / 180) < 1e-9)
    let arbitrary = try #require(readings[2])
    #expect(arbitrary.attitude.yaw == 0 && arbitrary.heading == -1)
    #expect(arbitrary.magneticField.accuracy == .uncalibrated)
  }

  /// The magnetometer's raw field is the calibrated one plus the device's constant hard-iron
  /// bias: on a run (the arm swinging, so the field in the device turns) at 0.1 s for 1 s, each
  /// raw reading less the same instant's calibrated device-motion field is the same vector,
  /// the watch's seeded bias (stream `noise.magnetometer.watch` of seed 5, each axis within
  /// ±40 µT), while the field itself changes from reading to reading.
  @Test func rawMinusCalibratedIsTheBias() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"{ "version": 1, "seed": 5, "activity": "running", "course": [ { "duration": 600, "speed": 3, "cadence": 180 } ] }"#,
        fileName: "motion.json"))
    let raw = Mutex<[CMMagneticField]>([])
    let calibrated = Mutex<[CMMagneticField]>([])
    try await simulation.run {
      let manager = CMMotionManager()
      #expect(manager.isMagnetometerAvailable)
      manager.magnetometerUpdateInterval = 0.1
      manager.deviceMotionUpdateInterval = 0.1
      manager.startMagnetometerUpdates(to: OperationQueue()) { data, _ in
        if let data { raw.withLock { $0.append(data.magneticField) } }
      }
      manager.startDeviceMotionUpdates(using: .xArbitraryCorrectedZVertical, to: OperationQueue()) {
        motion, _ in
        if let motion { calibrated.withLock { $0.append(motion.magneticField.field) } }
      }
      #expect(manager.isMagnetometerActive)
      try await simulation.advance(by: .seconds(1))
      manager.stopMagnetometerUpdates()
      manager.stopDeviceMotionUpdates()
    }
    let rawFields = raw.withLock { $0 }
    let calibratedFields = calibrated.withLock { $0 }
    #expect(rawFields.count == 10 && calibratedFields.count == 10)
    let bias = MagnetometerBias.hardIron(seed: 5, stream: "noise.magnetometer.watch")
    for (r, c) in zip(rawFields, calibratedFields) {
      #expect(abs(r.x - c.x - bias.x) < 1e-9)
      #expect(abs(r.y - c.y - bias.y) < 1e-9)
      #expect(abs(r.z - c.z - bias.z) < 1e-9)
    }
    #expect(abs(bias.x) <= 40 && abs(bias.y) <= 40 && abs(bias.z) <= 40)
    #expect(Set(calibratedFields.map(\.y)).count > 1)
  }
}

/// How many times Core Motion's timer fired so far.
private func fires(_ simulation: HealthKitSimulation) -> Int {
  simulation.state.withLock { $0.extensionState(CoreMotionState.self)?.timerFires ?? 0 }
}

/// The reviewer's pattern: an object owning a motion manager, kept alive only by a pedometer
/// handler that reads the manager.
private final class MotionWatcher {
  let motion = CMMotionManager()
  let pedometer: CMPedometer
  let from: Date

  init(_ pedometer: CMPedometer, start: Date) {
    self.pedometer = pedometer
    from = start
  }

  /// Pull updates, read in the pedometer's handler.
  func start() {
    motion.startAccelerometerUpdates()
    pedometer.startUpdates(from: from) { [self] _, _ in _ = motion.accelerometerData }
  }

  /// Push updates to `handler`, the manager read in the pedometer's handler.
  func startPush(_ handler: @escaping CMAccelerometerHandler) {
    motion.startAccelerometerUpdates(to: OperationQueue(), withHandler: handler)
    pedometer.startUpdates(from: from) { [self] _, _ in _ = motion.isAccelerometerActive }
  }
}
