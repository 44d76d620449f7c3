import Foundation
import WorkoutPhysiology

/// An acceleration in g along the device's three axes (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmacceleration): 1.0 is 9.8 m/s².
public struct CMAcceleration: Sendable, Equatable {
  /// Along x, g.
  public var x: Double
  /// Along y, g.
  public var y: Double
  /// Along z, g.
  public var z: Double

  /// A zero acceleration.
  public init() { (x, y, z) = (0, 0, 0) }

  /// An acceleration of its three components, g.
  public init(x: Double, y: Double, z: Double) { (self.x, self.y, self.z) = (x, y, z) }

  init(_ vector: MotionVector) { (x, y, z) = (vector.x, vector.y, vector.z) }
}

/// A rotation rate in rad/s about the device's three axes (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmrotationrate).
public struct CMRotationRate: Sendable, Equatable {
  /// About x, rad/s.
  public var x: Double
  /// About y, rad/s.
  public var y: Double
  /// About z, rad/s.
  public var z: Double

  /// A zero rate.
  public init() { (x, y, z) = (0, 0, 0) }

  /// A rate of its three components, rad/s.
  public init(x: Double, y: Double, z: Double) { (self.x, self.y, self.z) = (x, y, z) }

  init(_ vector: MotionVector) { (x, y, z) = (vector.x, vector.y, vector.z) }
}

/// A magnetic field in microteslas along the device's axes (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmagneticfield).
public struct CMMagneticField: Sendable, Equatable {
  init(_ vector: MotionVector) { (x, y, z) = (vector.x, vector.y, vector.z) }

  /// Along x, µT.
  public var x: Double
  /// Along y, µT.
  public var y: Double
  /// Along z, µT.
  public var z: Double

  /// A zero field.
  public init() { (x, y, z) = (0, 0, 0) }

  /// A field of its three components, µT.
  public init(x: Double, y: Double, z: Double) { (self.x, self.y, self.z) = (x, y, z) }
}

/// How well the magnetic field is calibrated, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmagneticfieldcalibrationaccuracy).
public enum CMMagneticFieldCalibrationAccuracy: Int32, Sendable {
  /// Not calibrated (−1): a device-motion reading in ``CMAttitudeReferenceFrame/xArbitraryZVertical``
  /// (which uses no magnetometer) or on a device without one.
  case uncalibrated = -1
  /// Low (0).
  case low = 0
  /// Medium (1).
  case medium = 1
  /// High (2): every simulated reading in a frame that uses the magnetometer (a project rule:
  /// the simulated devices are calibrated from the start; docs/models.md#magnetic-field).
  case high = 2
}

/// A calibrated magnetic field and its accuracy (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmcalibratedmagneticfield).
public struct CMCalibratedMagneticField: Sendable, Equatable {
  /// The field, µT.
  public var field: CMMagneticField
  /// Its accuracy.
  public var accuracy: CMMagneticFieldCalibrationAccuracy

  /// A zero, uncalibrated field.
  public init() {
    field = CMMagneticField()
    accuracy = .uncalibrated
  }

  /// A field and its accuracy.
  public init(field: CMMagneticField, accuracy: CMMagneticFieldCalibrationAccuracy) {
    self.field = field
    self.accuracy = accuracy
  }
}

/// A rotation as a unit quaternion (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmquaternion).
public struct CMQuaternion: Sendable, Equatable {
  /// The x component.
  public var x: Double
  /// The y component.
  public var y: Double
  /// The z component.
  public var z: Double
  /// The scalar component.
  public var w: Double

  /// A zero quaternion.
  public init() { (x, y, z, w) = (0, 0, 0, 0) }

  /// A quaternion of its four components.
  public init(x: Double, y: Double, z: Double, w: Double) {
    (self.x, self.y, self.z, self.w) = (x, y, z, w)
  }
}

/// A 3 × 3 rotation matrix (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmrotationmatrix).
public struct CMRotationMatrix: Sendable, Equatable {
  /// Row 1.
  public var m11: Double
  /// Row 1.
  public var m12: Double
  /// Row 1.
  public var m13: Double
  /// Row 2.
  public var m21: Double
  /// Row 2.
  public var m22: Double
  /// Row 2.
  public var m23: Double
  /// Row 3.
  public var m31: Double
  /// Row 3.
  public var m32: Double
  /// Row 3.
  public var m33: Double

  /// A zero matrix.
  public init() { (m11, m12, m13, m21, m22, m23, m31, m32, m33) = (0, 0, 0, 0, 0, 0, 0, 0, 0) }

  /// A matrix of its nine entries, row by row.
  public init(
    m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double,
    m32: Double, m33: Double
  ) {
    (self.m11, self.m12, self.m13) = (m11, m12, m13)
    (self.m21, self.m22, self.m23) = (m21, m22, m23)
    (self.m31, self.m32, self.m33) = (m31, m32, m33)
  }
}

/// The reference frames of the device's attitude, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe).
public struct CMAttitudeReferenceFrame: OptionSet, Sendable, Hashable {
  /// The raw value.
  public let rawValue: UInt
  /// A frame of `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// z vertical, x arbitrary in the horizontal plane (1).
  public static let xArbitraryZVertical = CMAttitudeReferenceFrame(rawValue: 1)
  /// As ``xArbitraryZVertical``, corrected by the magnetometer for yaw drift (2).
  public static let xArbitraryCorrectedZVertical = CMAttitudeReferenceFrame(rawValue: 2)
  /// z vertical, x to magnetic north (4): needs a magnetometer.
  public static let xMagneticNorthZVertical = CMAttitudeReferenceFrame(rawValue: 4)
  /// z vertical, x to true north (8): needs a magnetometer and the location.
  public static let xTrueNorthZVertical = CMAttitudeReferenceFrame(rawValue: 8)
}

/// One accelerometer reading (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmaccelerometerdata): the raw
/// acceleration, gravity included. Open with a public `init()`, as Apple's Objective-C class is
/// in Swift, so an app's test double compiles; one made with `init()` holds 0 g at timestamp 0
/// (a project rule: Apple documents no values for it).
open class CMAccelerometerData: CMLogItem, @unchecked Sendable {
  private let storedAcceleration: CMAcceleration

  /// The acceleration, g, gravity included: the wrist motion model's gravity + user
  /// acceleration + the accelerometer's noise (docs/models.md#wrist-motion).
  open var acceleration: CMAcceleration { storedAcceleration }

  /// A reading of 0 g at timestamp 0 (for an app's test double).
  public override init() {
    storedAcceleration = CMAcceleration()
    super.init()
  }

  init(acceleration: CMAcceleration, timestamp: TimeInterval) {
    storedAcceleration = acceleration
    super.init(timestamp: timestamp)
  }
}

/// One gyroscope reading (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmgyrodata): the raw rotation rate.
/// Open with a public `init()` (0 rad/s, timestamp 0) for an app's test double.
open class CMGyroData: CMLogItem, @unchecked Sendable {
  private let storedRotationRate: CMRotationRate

  /// The rotation rate, rad/s: the wrist motion model's + the gyroscope's noise
  /// (docs/models.md#wrist-motion).
  open var rotationRate: CMRotationRate { storedRotationRate }

  /// A reading of 0 rad/s at timestamp 0 (for an app's test double).
  public override init() {
    storedRotationRate = CMRotationRate()
    super.init()
  }

  init(rotationRate: CMRotationRate, timestamp: TimeInterval) {
    storedRotationRate = rotationRate
    super.init(timestamp: timestamp)
  }
}

/// One magnetometer reading (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmagnetometerdata): the raw field,
/// the device's bias included (docs/models.md#magnetic-field). Open with a public `init()`
/// (0 µT) for an app's test double.
open class CMMagnetometerData: CMLogItem, @unchecked Sendable {
  private let storedField: CMMagneticField

  /// The raw magnetic field, µT: the Earth's field in the device frame plus the device's
  /// constant hard-iron bias (Apple: the raw data "includes the device bias", unlike
  /// ``CMDeviceMotion/magneticField``,
  /// https://developer.apple.com/documentation/coremotion/cmmagnetometerdata/magneticfield);
  /// 0 in one made with `init()`.
  open var magneticField: CMMagneticField { storedField }

  /// A reading of 0 µT at timestamp 0 (for an app's test double).
  public override init() {
    storedField = CMMagneticField()
    super.init()
  }

  init(magneticField: CMMagneticField, timestamp: TimeInterval) {
    storedField = magneticField
    super.init(timestamp: timestamp)
  }
}

/// The device's orientation (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmattitude): in the simulation the
/// wrist's swing about the device's x axis (``pitch``) or, in a strength set's rep, the
/// forearm's turn about the device's y axis (``roll``); in a north-referenced frame the turn
/// about the vertical to the direction of travel (``yaw``), else yaw 0
/// (docs/models.md#wrist-motion, docs/models.md#magnetic-field). Open, as Apple's class is in
/// Swift.
open class CMAttitude: NSObject, NSCopying, @unchecked Sendable {
  private let storedPitch: Double
  private let storedRoll: Double
  private let storedYaw: Double

  /// An attitude of angle 0 on every axis (for an app's test double).
  public override init() {
    storedPitch = 0
    storedRoll = 0
    storedYaw = 0
    super.init()
  }

  init(pitch: Double, roll: Double = 0, yaw: Double = 0) {
    storedPitch = pitch
    storedRoll = roll
    storedYaw = yaw
    super.init()
  }

  /// The rotation about the device's y axis, rad: in a strength set's rep the elbow's flexion
  /// φ + π/2, wrapped to (−π, π]; else 0.
  open var roll: Double { storedRoll }
  /// The rotation about the device's x axis, rad: the arm's swing angle θ (0 in a rep).
  open var pitch: Double { storedPitch }
  /// The rotation about the vertical z axis, rad in (−π, π], counterclockwise seen from above
  /// (Apple doc: https://developer.apple.com/documentation/coremotion/cmattitude/yaw): in
  /// ``CMAttitudeReferenceFrame/xMagneticNorthZVertical`` and
  /// ``CMAttitudeReferenceFrame/xTrueNorthZVertical`` the device's x axis's angle from that
  /// north, −(bearing + 90°) for the device's top pointing along the travel's bearing from
  /// the same north (WorkoutPhysiology's `GeomagneticField.yaw(bearing:)`: heading north
  /// −π/2, east π); 0 in the arbitrary frames.
  open var yaw: Double { storedYaw }

  /// The rotation as a matrix: Rz(``yaw`` ψ)·Rx(``pitch`` θ)·Ry(``roll`` ρ) (the model gives
  /// pitch and roll one at a time). With ψ = 0 the rows are (cos ρ, 0, sin ρ),
  /// (sin θ sin ρ, cos θ, −sin θ cos ρ), (−cos θ sin ρ, sin θ, cos θ cos ρ), with ρ = 0 too
  /// (1, 0, 0), (0, cos θ, −sin θ), (0, sin θ, cos θ); a yaw mixes the first two rows:
  /// row 1 = cos ψ·row 1 − sin ψ·row 2, row 2 = sin ψ·row 1 + cos ψ·row 2 (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmattitude/rotationmatrix).
  open var rotationMatrix: CMRotationMatrix {
    let (s, c) = (sin(pitch), cos(pitch))
    let (sr, cr) = (sin(roll), cos(roll))
    let (sy, cy) = (sin(yaw), cos(yaw))
    let row1 = (cr, 0.0, sr)
    let row2 = (s * sr, c, -s * cr)
    return CMRotationMatrix(
      m11: cy * row1.0 - sy * row2.0, m12: cy * row1.1 - sy * row2.1,
      m13: cy * row1.2 - sy * row2.2, m21: sy * row1.0 + cy * row2.0,
      m22: sy * row1.1 + cy * row2.1, m23: sy * row1.2 + cy * row2.2, m31: -c * sr, m32: s,
      m33: c * cr)
  }

  /// The rotation as a unit quaternion, the product of z's by ``yaw`` ψ, x's by ``pitch`` θ
  /// and y's by ``roll`` ρ. Without yaw, (sin θ/2 cos ρ/2, cos θ/2 sin ρ/2, sin θ/2 sin ρ/2,
  /// cos θ/2 cos ρ/2), with ρ = 0 too (sin θ/2, 0, 0, cos θ/2); z's (0, 0, sin ψ/2, cos ψ/2)
  /// times that p gives (cos ψ/2·px − sin ψ/2·py, cos ψ/2·py + sin ψ/2·px,
  /// cos ψ/2·pz + sin ψ/2·pw, cos ψ/2·pw − sin ψ/2·pz) (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmattitude/quaternion).
  open var quaternion: CMQuaternion {
    let (s, c) = (sin(pitch / 2), cos(pitch / 2))
    let (sr, cr) = (sin(roll / 2), cos(roll / 2))
    let (sy, cy) = (sin(yaw / 2), cos(yaw / 2))
    let (px, py, pz, pw) = (s * cr, c * sr, s * sr, c * cr)
    return CMQuaternion(
      x: cy * px - sy * py, y: cy * py + sy * px, z: cy * pz + sy * pw, w: cy * pw - sy * pz)
  }

  /// An attitude of the same angles (Apple's class adopts `NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any {
    CMAttitude(pitch: pitch, roll: roll, yaw: yaw)
  }
}

/// Where the device-motion sensor is, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmdevicemotion/sensorlocation-swift.enum).
extension CMDeviceMotion {
  /// The sensor's location.
  @available(iOS 14.0, watchOS 7.0, *)
  public enum SensorLocation: Int, Sendable {
    /// The device itself (0): every simulated reading.
    case `default` = 0
    /// A left headphone (1).
    case headphoneLeft = 1
    /// A right headphone (2).
    case headphoneRight = 2
  }
}

/// One device-motion reading, the sensor-fused motion (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmdevicemotion): the wrist motion
/// model's attitude, gravity, user acceleration and rotation rate at the reading's instant
/// (docs/models.md#wrist-motion), and in a frame that uses the magnetometer the calibrated
/// field, and in a north-referenced one the yaw and heading of the direction of travel
/// (docs/models.md#magnetic-field). Open, as Apple's class is in Swift; an app's test double
/// subclasses it and overrides what it reads.
open class CMDeviceMotion: CMLogItem, @unchecked Sendable {
  private let sample: WristMotionSample
  /// The field and bearing at the reading's instant, `nil` in
  /// ``CMAttitudeReferenceFrame/xArbitraryZVertical`` (no magnetometer used).
  private let magnetic: MagneticReading?
  /// The frame the updates were started in.
  private let frame: CMAttitudeReferenceFrame

  /// The device at rest face up at timestamp 0, without noise: gravity (0, 0, −1) g and
  /// nothing else (for an app's test double).
  public override init() {
    sample = WristMotionSample()
    magnetic = nil
    frame = .xArbitraryZVertical
    super.init()
  }

  init(
    sample: WristMotionSample, magnetic: MagneticReading? = nil,
    frame: CMAttitudeReferenceFrame = .xArbitraryZVertical, timestamp: TimeInterval
  ) {
    self.sample = sample
    self.magnetic = magnetic
    self.frame = frame
    super.init(timestamp: timestamp)
  }

  /// The bearing of the device's top, degrees clockwise from the frame's north in 0..<360:
  /// the travel's true bearing in ``CMAttitudeReferenceFrame/xTrueNorthZVertical``, less the
  /// declination in ``CMAttitudeReferenceFrame/xMagneticNorthZVertical``; `nil` in the
  /// arbitrary frames.
  private var northBearing: Double? {
    guard let magnetic else { return nil }
    if frame == .xTrueNorthZVertical { return magnetic.bearing }
    guard frame == .xMagneticNorthZVertical else { return nil }
    return magnetic.magneticBearing
  }

  /// The device's orientation: the arm's swing as ``CMAttitude/pitch``, a strength rep's turn
  /// as ``CMAttitude/roll``; in a north-referenced frame the direction of travel as
  /// ``CMAttitude/yaw`` (−(bearing + 90°) from the frame's north, wrapped to (−π, π]), else
  /// yaw 0.
  open var attitude: CMAttitude {
    CMAttitude(
      pitch: sample.pitch, roll: sample.roll,
      yaw: northBearing.map { GeomagneticField.yaw(bearing: $0) } ?? 0)
  }
  /// The rotation rate, rad/s, with the gyroscope's noise.
  open var rotationRate: CMRotationRate { CMRotationRate(sample.measuredRotationRate) }
  /// Gravity in the device frame, g (length 1): (0, −sin θ, −cos θ) for the swing angle θ,
  /// (cos φ, 0, sin φ) for a strength rep's elbow flexion φ.
  open var gravity: CMAcceleration { CMAcceleration(sample.gravity) }
  /// The acceleration the user gives the device, g, with the accelerometer's noise.
  open var userAcceleration: CMAcceleration {
    CMAcceleration(sample.userAcceleration + sample.accelerometerNoise)
  }
  /// The calibrated magnetic field, µT in the device frame, without the device's bias (Apple:
  /// "the earth's magnetic field plus surrounding fields, minus device bias",
  /// https://developer.apple.com/documentation/coremotion/cmdevicemotion/magneticfield): the
  /// WMM2025 model's field at the body's position turned into the device's attitude, accuracy
  /// ``CMMagneticFieldCalibrationAccuracy/high`` (docs/models.md#magnetic-field). Zero and
  /// ``CMMagneticFieldCalibrationAccuracy/uncalibrated`` in
  /// ``CMAttitudeReferenceFrame/xArbitraryZVertical``, which uses no magnetometer (a project
  /// rule: Apple leaves that frame's field undocumented).
  open var magneticField: CMCalibratedMagneticField {
    guard let magnetic else { return CMCalibratedMagneticField() }
    return CMCalibratedMagneticField(field: CMMagneticField(magnetic.field), accuracy: .high)
  }
  /// The heading, degrees in 0..<360 from the frame's north (Apple: available "only when the
  /// frame of reference is xMagneticNorthZVertical or xTrueNorthZVertical", a negative number
  /// in the arbitrary frames,
  /// https://developer.apple.com/documentation/coremotion/cmdevicemotion/heading): the bearing
  /// the device's top points along, the direction of travel (the same as Core Location's
  /// `CLHeading` reads the top of the device; a project rule: Apple does not name the axis);
  /// −1 in the arbitrary frames.
  @available(iOS 11.0, watchOS 4.0, *)
  open var heading: Double { northBearing ?? -1 }
  /// Where the sensor is: ``SensorLocation/default``, the device.
  @available(iOS 14.0, watchOS 7.0, *)
  open var sensorLocation: SensorLocation { .default }
}
