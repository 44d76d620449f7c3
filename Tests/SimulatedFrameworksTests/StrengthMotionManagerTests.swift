import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedCoreMotion

/// Ten curls of 3 s from t = 10 s (to 40 s) in a traditional strength workout, no course: the
/// body is stationary outside the set (docs/scenario-format.md#strength).
private let curls = #"""
  { "version": 1, "activity": "traditionalStrengthTraining",
    "strength": { "sets": [ { "at": 10, "reps": 10, "repSeconds": 3, "exercise": "curl" } ] } }
  """#

/// What a device-motion handler saw, in order.
private final class RepRecorder: Sendable {
  struct Reading: Sendable, Equatable {
    var timestamp: TimeInterval
    var gravity: [Double]
    var user: [Double]
    var rotation: [Double]
    var roll: Double
  }

  let seen = Mutex<[Reading]>([])

  func record(_ data: CMDeviceMotion?, _ error: (any Error)?) {
    guard let data else { return }
    let g = data.gravity
    let a = data.userAcceleration
    let r = data.rotationRate
    let reading = Reading(
      timestamp: data.timestamp, gravity: [g.x, g.y, g.z], user: [a.x, a.y, a.z],
      rotation: [r.x, r.y, r.z], roll: data.attitude.roll)
    seen.withLock { $0.append(reading) }
  }

  var readings: [Reading] { seen.withLock { $0 } }
}

/// Reads device motion at 50 Hz, as trial26's rep counter does, for 45 s.
private func readCurls() async throws -> [RepRecorder.Reading] {
  let simulation = try HealthKitSimulation(
    scenario: decodeScenario(curls, fileName: "curls.json"))
  let recorder = RepRecorder()
  try await simulation.run {
    let manager = CMMotionManager()
    manager.deviceMotionUpdateInterval = 1.0 / 50.0
    manager.startDeviceMotionUpdates(to: .main) { recorder.record($0, $1) }
    try await simulation.advance(by: .seconds(45))
    manager.stopDeviceMotionUpdates()
  }
  return recorder.readings
}

@Suite("Strength sets through CMMotionManager (docs/swift-api.md#motion-sensors)")
struct StrengthMotionManagerTests {
  /// 45 s at 50 Hz is 2250 readings. A simple counter on gravity's x: a rep when it falls below
  /// 0 (the forearm past level), re-armed above 0.5: each curl turns the elbow 0° → 140° → 0°,
  /// gravity's x cos 0° = 1 → cos 140° = −0.766 → 1, so the ten scripted reps count ten.
  /// Outside the set (before t = 10 s, from t = 40 s) the wrist does not turn: gravity is
  /// (0, 0, −1).
  @Test func aPeakCounterOnDeviceMotionCountsTheScriptedReps() async throws {
    let readings = try await readCurls()
    #expect(readings.count == 2250)
    var reps = 0
    var armed = true
    for reading in readings {
      if armed, reading.gravity[0] < 0 {
        reps += 1
        armed = false
      } else if reading.gravity[0] > 0.5 {
        armed = true
      }
      if reading.timestamp < 9.999 || reading.timestamp > 40.001 {
        #expect(reading.gravity == [0, 0, -1])
        #expect(reading.roll == 0)
      }
    }
    #expect(reps == 10)
  }

  /// Mid-rep of the first curl, t = 10 + 1.5 = 11.5 s (reading 575): φ = 140°, gravity
  /// (cos 140°, 0, sin 140°) = (−0.766044, 0, 0.642788) g; the user acceleration is the
  /// tangential r·(Φ/2)(2π/3)² / g = 0.2555 × 1.221730 × 4.386491 / 9.80665 = 0.139625 g along
  /// z, plus the accelerometer's noise (0.002 g per axis: within 6 × 0.002 = 0.012 g per axis);
  /// the roll 140° + 90° = 230°, wrapped to −130° = −2.268928 rad. The same seed gives the
  /// same readings on a second run.
  @Test func midRepReadingAndSameSeedSameReadings() async throws {
    let readings = try await readCurls()
    let mid = try #require(readings.first { abs($0.timestamp - 11.5) < 1e-9 })
    #expect(abs(mid.gravity[0] - -0.766044) < 1e-6)
    #expect(abs(mid.gravity[2] - 0.642788) < 1e-6)
    #expect(abs(mid.user[2] - 0.139625) < 0.012)
    #expect(abs(mid.user[0]) < 0.012 && abs(mid.user[1]) < 0.012)
    #expect(abs(mid.roll - -2.268928) < 1e-6)
    #expect(try await readCurls() == readings)
  }
}
