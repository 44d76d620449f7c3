import WorkoutCore
import WorkoutSystem

/// A vector of the device frame: x, y and z in the unit of its use (g for an acceleration,
/// rad/s for a rotation rate). The frame is Apple's: with the watch face up, x points to the
/// right of the display, y to its top and z out of the display toward the viewer
/// (https://developer.apple.com/documentation/coremotion/getting-raw-accelerometer-events).
public struct MotionVector: Sendable, Equatable {
  /// The x component.
  public var x: Double
  /// The y component.
  public var y: Double
  /// The z component.
  public var z: Double

  /// A vector of its three components.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The zero vector.
  public static let zero = MotionVector(x: 0, y: 0, z: 0)

  /// The Euclidean length, √(x² + y² + z²).
  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

  /// The sum of the components.
  public static func + (lhs: MotionVector, rhs: MotionVector) -> MotionVector {
    MotionVector(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
  }
}

/// What the wrist does for the motion model (docs/models.md#wrist-motion): the body's motion
/// class with, on foot, its step cadence and speed.
public enum WristGait: Sendable, Equatable {
  /// Still (stationary, or an unknown state): gravity and sensor noise only.
  case rest
  /// Walking or running at `stepsPerMinute` steps/min (> 0) and `metresPerSecond` m/s (> 0):
  /// the arm swings once per two steps.
  case onFoot(stepsPerMinute: Double, metresPerSecond: Double)
  /// On a bicycle: the hands rest on the bars, the wrist near-static with road vibration.
  case cycling
  /// In a vehicle: the wrist still with a smaller vibration.
  case automotive
  /// Moving in none of Core Motion's classes (swimming, strength training and every other
  /// activity): irregular wrist motion, modelled as a larger vibration.
  case moving
  /// In a rep of a strength set (``StrengthPlan/forearm(at:)``): the forearm turning about the
  /// elbow, the watch on the wrist ``WristMotion/forearmLength`` from the elbow.
  case lifting(ForearmMotion)

  /// Walking at this speed when the body walks and the course gives no speed, 1.3 m/s (a
  /// project rule: a usual walking speed; a `motion.activities` span outside the course).
  public static let defaultWalkingSpeed = 1.3
  /// Running at this speed when the body runs and the course gives no speed, 3.0 m/s (a project
  /// rule, as ``defaultWalkingSpeed``).
  public static let defaultRunningSpeed = 3.0
  /// The cadence a body walking at ``defaultWalkingSpeed`` without a course takes, 110
  /// steps/min (a project rule: within the 100–120 steps/min of a usual walk).
  public static let defaultWalkingCadence = 110.0

  /// The gait of a body in motion class `activity` moving at `metresPerSecond` m/s with step
  /// cadence `stepsPerMinute` (0 when the course gives none): walking or running on foot with
  /// the course's speed and cadence, or when either is 0 the defaults (walking
  /// ``defaultWalkingSpeed`` at ``defaultWalkingCadence``; running ``defaultRunningSpeed`` at
  /// ``Cadence/running(metresPerSecond:)``'s 161.6 steps/min); cycling, automotive and moving
  /// as their cases; stationary and unknown at rest.
  public init(activity: MotionActivityKind, metresPerSecond: Double, stepsPerMinute: Double) {
    switch activity {
    case .walking, .running:
      if metresPerSecond > 0, stepsPerMinute > 0 {
        self = .onFoot(stepsPerMinute: stepsPerMinute, metresPerSecond: metresPerSecond)
      } else if activity == .walking {
        self = .onFoot(
          stepsPerMinute: Self.defaultWalkingCadence, metresPerSecond: Self.defaultWalkingSpeed)
      } else {
        self = .onFoot(
          stepsPerMinute: Cadence.running(metresPerSecond: Self.defaultRunningSpeed),
          metresPerSecond: Self.defaultRunningSpeed)
      }
    case .cycling: self = .cycling
    case .automotive: self = .automotive
    case .moving: self = .moving
    case .stationary, .unknown: self = .rest
    }
  }
}

/// One reading of the wrist's motion sensors at an instant (docs/models.md#wrist-motion).
public struct WristMotionSample: Sendable, Equatable {
  /// The gravity vector in the device frame, g (length 1).
  public var gravity: MotionVector
  /// The acceleration the body gives the wrist, without gravity, g (the swing, or the
  /// vibration).
  public var userAcceleration: MotionVector
  /// The rotation rate of the wrist, rad/s, without sensor noise (the swing's, or the
  /// vibration's).
  public var rotationRate: MotionVector
  /// The accelerometer's own noise, g, one draw per axis.
  public var accelerometerNoise: MotionVector
  /// The gyroscope's own noise, rad/s, one draw per axis.
  public var gyroNoise: MotionVector
  /// The swing angle about the device's x axis, rad (the attitude's pitch; 0 in a rep).
  public var pitch: Double
  /// The turn about the device's y axis, rad, in (−π, π] (the attitude's roll): in a rep the
  /// elbow's flexion φ + π/2 (wrapped), else 0.
  public var roll: Double

  /// A reading of its parts; the default is the wrist at rest face up without noise: gravity
  /// (0, 0, −1) g and nothing else.
  public init(
    gravity: MotionVector = MotionVector(x: 0, y: 0, z: -1), userAcceleration: MotionVector = .zero,
    rotationRate: MotionVector = .zero, accelerometerNoise: MotionVector = .zero,
    gyroNoise: MotionVector = .zero, pitch: Double = 0, roll: Double = 0
  ) {
    self.gravity = gravity
    self.userAcceleration = userAcceleration
    self.rotationRate = rotationRate
    self.accelerometerNoise = accelerometerNoise
    self.gyroNoise = gyroNoise
    self.pitch = pitch
    self.roll = roll
  }

  /// What the accelerometer reads, g: gravity + user acceleration + its noise (Apple's raw
  /// accelerometer data includes gravity).
  public var acceleration: MotionVector { gravity + userAcceleration + accelerometerNoise }
  /// What the gyroscope reads, rad/s: the rotation rate + its noise.
  public var measuredRotationRate: MotionVector { rotationRate + gyroNoise }
}

/// The wrist's motion model (docs/models.md#wrist-motion): the acceleration (g, device frame)
/// and rotation rate (rad/s) of the watch at a virtual instant, from the body's gait.
///
/// - Orientation: the watch face up, the forearm level (a project rule: the one documented
///   orientation; Apple's frame then reads gravity as (0, 0, −1) g, as for a device lying face
///   up). The arm swings about the device's x axis by the angle θ(t), so gravity reads
///   (0, −sin θ, −cos θ) g, length 1.
/// - On foot: the arm swings once per two steps (frequency f = cadence / 120 Hz, period
///   2 / (cadence / 60) s), θ(t) = Θ·sin(2πf·τ) with τ the seconds since the gait began and
///   amplitude Θ = min(0.6, 0.2 × v) rad at v m/s (``swingAmplitude(metresPerSecond:)``). The
///   wrist, ``armLength`` 0.6 m from the shoulder, turns at θ'(t) = Θ·2πf·cos(2πf·τ) rad/s
///   about x and accelerates along y by the tangential L·θ''(t) = −L·Θ·(2πf)²·sin(2πf·τ)
///   m/s², divided by ``standardGravity`` for g.
/// - In a rep of a strength set (``WristGait/lifting(_:)``, docs/models.md#wrist-motion): the
///   forearm lies along the device's x axis from the elbow to the hand and turns about the
///   device's y axis (the elbow's flexion axis) by the flexion φ of
///   ``StrengthPlan/forearm(at:)``, 0 with the arm hanging straight (a project rule: a curl
///   with the palm forward, the watch on the back of the wrist). Gravity reads
///   (cos φ, 0, sin φ) g: (1, 0, 0) with the arm hanging, (0, 0, 1) with the forearm level and
///   the face down. The rotation rate is (0, φ', 0) rad/s; the wrist, ``forearmLength`` from
///   the elbow, accelerates by the centripetal −r·φ'² along x (toward the elbow) and the
///   tangential −r·φ'' along z, divided by ``standardGravity`` for g; no vibration.
/// - Cycling, in a vehicle or another activity: no swing; a seeded vibration of standard
///   deviation ``vibration(of:)`` per axis in the user acceleration and the rotation rate.
/// - Always: the sensors' own noise, ``accelerometerNoise`` g and ``gyroNoise`` rad/s per
///   axis.
///
/// Randomness is a function of the instant: each instant's draws come from a SplitMix64
/// generator seeded with the mix of the stream's state (``init(seed:stream:)``) and the
/// instant's nanoseconds, so the same seed gives the same values in any order of reading, and
/// nothing is kept between readings.
public struct WristMotion: Sendable, Equatable {
  /// The state of the named stream, mixed with each instant.
  public let streamState: UInt64

  /// The standard gravity, 9.80665 m/s² (the value Apple's unit of 1 g stands for: "the value
  /// 1.0 representing an acceleration of 9.8 meters per second (per second)",
  /// https://developer.apple.com/documentation/coremotion/getting-raw-accelerometer-events).
  public static let standardGravity = 9.80665
  /// Shoulder to wrist, 0.6 m (a project rule: about a third of a 1.75 m adult's height).
  public static let armLength = 0.6
  /// Elbow to wrist, 0.2555 m: 0.146 of a 1.75 m adult's height (the forearm's share of the
  /// body's height in Drillis and Contini's segment proportions, 1966, as tabled in D. A.
  /// Winter, "Biomechanics and Motor Control of Human Movement", chapter "Anthropometry").
  public static let forearmLength = 0.146 * 1.75
  /// The accelerometer's noise per axis, 0.002 g (a project rule: a few mg, the order of a
  /// consumer MEMS accelerometer's noise at 100 Hz).
  public static let accelerometerNoise = 0.002
  /// The gyroscope's noise per axis, 0.002 rad/s (a project rule, as ``accelerometerNoise``).
  public static let gyroNoise = 0.002

  /// A model whose draws come from `stream` of the scenario's `seed`
  /// (``SplitMix64/init(seed:stream:)``): `"noise.wristMotion"` for the watch,
  /// `"noise.phoneMotion"` for the phone.
  public init(seed: UInt64, stream: String = "noise.wristMotion") {
    streamState = SplitMix64(seed: seed, stream: stream).state
  }

  /// The swing's amplitude at `v` m/s, rad: min(0.6, 0.2 × v), 0 standing (a project rule, no
  /// published figure found for the swing angle by speed: 0.28 rad (16°) at a 1.4 m/s walk,
  /// the 0.6 rad (34°) cap from a 3 m/s run, which with the arm's length gives peak wrist
  /// accelerations near 0.7 g walking and 2.6 g running, the order wrist accelerometers
  /// record; docs/models.md#wrist-motion).
  public static func swingAmplitude(metresPerSecond v: Double) -> Double {
    min(0.6, 0.2 * max(0, v))
  }

  /// The swing's frequency at `stepsPerMinute`, Hz: one swing per two steps, cadence / 120.
  public static func swingFrequency(stepsPerMinute: Double) -> Double {
    max(0, stepsPerMinute) / 120
  }

  /// The standard deviation of the vibration per axis for `gait`: (g, rad/s) 0.05 and 0.05
  /// cycling, 0.02 and 0.02 in a vehicle, 0.1 and 0.3 moving otherwise, 0 at rest, on foot and
  /// in a rep
  /// (project rules: a bicycle's road buzz through the bars, a car's smaller one, an irregular
  /// arm in other activities; docs/models.md#wrist-motion).
  public static func vibration(of gait: WristGait) -> (acceleration: Double, rotation: Double) {
    switch gait {
    case .rest, .onFoot, .lifting: (0, 0)
    case .cycling: (0.05, 0.05)
    case .automotive: (0.02, 0.02)
    case .moving: (0.1, 0.3)
    }
  }

  /// The reading at `instant` of a body in `gait` since `since` (the swing's phase is 0 at
  /// `since`: the arm at its middle, moving forward).
  public func sample(at instant: SimulationInstant, gait: WristGait, since: SimulationInstant)
    -> WristMotionSample
  {
    var generator = SplitMix64(
      seed: SplitMix64.mix(streamState ^ UInt64(bitPattern: instant.nanoseconds)))
    func draw(_ sigma: Double) -> MotionVector {
      let x = generator.nextStandardNormal()
      let y = generator.nextStandardNormal()
      let z = generator.nextStandardNormal()
      return MotionVector(x: sigma * x, y: sigma * y, z: sigma * z)
    }
    let accelerometer = draw(Self.accelerometerNoise)
    let gyro = draw(Self.gyroNoise)
    var pitch = 0.0
    var roll = 0.0
    var user = MotionVector.zero
    var rotation = MotionVector.zero
    var lifted: MotionVector?
    switch gait {
    case .onFoot(let stepsPerMinute, let metresPerSecond):
      let amplitude = Self.swingAmplitude(metresPerSecond: metresPerSecond)
      let omega = 2 * Double.pi * Self.swingFrequency(stepsPerMinute: stepsPerMinute)
      let tau = since.duration(to: instant).secondsValue
      let s = Elementary.sin(omega * tau)
      let c = Elementary.cos(omega * tau)
      pitch = amplitude * s
      rotation.x = amplitude * omega * c
      user.y = -Self.armLength * amplitude * omega * omega * s / Self.standardGravity
    case .lifting(let forearm):
      let phi = forearm.angle
      let rate = forearm.angularVelocity
      let r = Self.forearmLength
      roll = phi + Double.pi / 2
      if roll > Double.pi { roll -= 2 * Double.pi }
      rotation.y = rate
      user.x = -r * rate * rate / Self.standardGravity
      user.z = -r * forearm.angularAcceleration / Self.standardGravity
      lifted = MotionVector(x: Elementary.cos(phi), y: 0, z: Elementary.sin(phi))
    case .rest, .cycling, .automotive, .moving:
      let (acceleration, turning) = Self.vibration(of: gait)
      if acceleration > 0 { user = draw(acceleration) }
      if turning > 0 { rotation = draw(turning) }
    }
    let gravity =
      lifted ?? MotionVector(x: 0, y: -Elementary.sin(pitch), z: -Elementary.cos(pitch))
    return WristMotionSample(
      gravity: gravity, userAcceleration: user, rotationRate: rotation,
      accelerometerNoise: accelerometer, gyroNoise: gyro, pitch: pitch, roll: roll)
  }
}

extension PhysiologyDataSource {
  /// The step cadence of course segment `index`, steps/min: the segment's `cadence`, or the
  /// on-foot model's at its speed (``Cadence/onFoot(metresPerSecond:stepLength:)``), as the
  /// step count uses (docs/models.md#cadence-and-steps).
  ///
  /// - Parameter index: a segment index of the course, `0 ..< course.segments.count`.
  public func stepCadence(ofSegment index: Int) -> Double { footCadences[index] }
}
