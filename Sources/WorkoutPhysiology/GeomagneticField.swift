import WorkoutCore

/// The Earth's magnetic field at a place, in microteslas, from the first-degree (dipole) terms
/// of the World Magnetic Model (docs/models.md#magnetic-field): what SimulatedCoreMotion's
/// magnetometer and north-referenced attitude read.
///
/// The model is the tilted dipole of the three degree-1 Gauss coefficients of WMM2025 at its
/// epoch 2025.0 (``g10``, ``g11``, ``h11``; NOAA NCEI and the British Geological Survey, "The
/// World Magnetic Model", coefficient file WMM2025.COF,
/// https://www.ncei.noaa.gov/products/world-magnetic-model), on a sphere of the model's
/// reference radius at the surface (r = a), the latitude taken as geocentric and without the
/// secular variation (project rules: a dipole needs neither for its few-degree error). With the
/// Schmidt semi-normalised P₁⁰ = cos θ, P₁¹ = sin θ of the colatitude θ = 90° − φ, the
/// potential V = a·(a/r)²·(g₁₀ cos θ + (g₁₁ cos λ + h₁₁ sin λ) sin θ) gives the components
/// X = (1/r)∂V/∂θ, Y = −(1/(r sin θ))∂V/∂λ, Z = ∂V/∂r at r = a:
/// - north X = −g₁₀ cos φ + (g₁₁ cos λ + h₁₁ sin λ) sin φ,
/// - east Y = g₁₁ sin λ − h₁₁ cos λ,
/// - down Z = −2·(g₁₀ sin φ + (g₁₁ cos λ + h₁₁ sin λ) cos φ),
///
/// in nT, divided by 1000 for µT. The declination is atan2(Y, X), east positive; the total
/// field runs from about 30 µT at the equator to about 59 µT at the poles. A dipole misses the
/// higher-degree terms: its declination can be 10–15° off the full model's at mid-latitudes
/// (London: −14.8° here against about +1° in WMM2025), so it serves a compass's shape, not
/// navigation.
public struct GeomagneticField: Sendable, Equatable {
  /// The northward component, µT.
  public var north: Double
  /// The eastward component, µT.
  public var east: Double
  /// The downward component, µT (positive in the northern hemisphere).
  public var down: Double

  /// WMM2025's g₁₀ at 2025.0, −29 351.8 nT (WMM2025.COF, row `1 0`).
  public static let g10 = -29_351.8
  /// WMM2025's g₁₁ at 2025.0, −1 410.8 nT (WMM2025.COF, row `1 1`).
  public static let g11 = -1_410.8
  /// WMM2025's h₁₁ at 2025.0, 4 545.4 nT (WMM2025.COF, row `1 1`).
  public static let h11 = 4_545.4

  /// A field of its three components, µT.
  public init(north: Double, east: Double, down: Double) {
    self.north = north
    self.east = east
    self.down = down
  }

  /// The dipole's field at `latitude`, `longitude` degrees (see the type).
  public init(latitude: Double, longitude: Double) {
    let radians = Double.pi / 180
    let phi = latitude * radians
    let lambda = longitude * radians
    let (sinPhi, cosPhi) = (Elementary.sin(phi), Elementary.cos(phi))
    let (sinLambda, cosLambda) = (Elementary.sin(lambda), Elementary.cos(lambda))
    let tilt = Self.g11 * cosLambda + Self.h11 * sinLambda
    north = (-Self.g10 * cosPhi + tilt * sinPhi) / 1000
    east = (Self.g11 * sinLambda - Self.h11 * cosLambda) / 1000
    down = -2 * (Self.g10 * sinPhi + tilt * cosPhi) / 1000
  }

  /// The horizontal intensity, µT: √(X² + Y²).
  public var horizontal: Double { Elementary.sqrt(north * north + east * east) }
  /// The total intensity, µT: √(X² + Y² + Z²).
  public var total: Double { Elementary.sqrt(north * north + east * east + down * down) }
  /// The declination, degrees east of true north: atan2(Y, X).
  public var declination: Double { Elementary.atan2(east, north) * 180 / Double.pi }
  /// The inclination (dip), degrees below the horizontal: atan2(Z, H).
  public var inclination: Double { Elementary.atan2(down, horizontal) * 180 / Double.pi }

  /// The yaw, rad in (−π, π], of a device lying with its y axis (the top of the screen)
  /// `bearing` degrees clockwise from the reference frame's north: Core Motion's yaw is the
  /// turn about the vertical z axis, counterclockwise seen from above, 0 when the device's x
  /// axis points north (Apple: "The yaw (Z-axis) value in CMAttitude is 0 when the X axis is
  /// aligned with magnetic north",
  /// https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe/xmagneticnorthzvertical).
  /// The x axis lies 90° clockwise of y, so it points `bearing` + 90° clockwise of north and the
  /// yaw is −(bearing + 90°): heading north −π/2, east ±π (π here), south π/2, west 0.
  public static func yaw(bearing: Double) -> Double {
    var degrees = (-(bearing + 90)).truncatingRemainder(dividingBy: 360)
    if degrees <= -180 { degrees += 360 }
    if degrees > 180 { degrees -= 360 }
    return degrees * Double.pi / 180
  }

  /// The field in the frame of a device whose y axis points `bearing` degrees clockwise from
  /// true north, turned by `pitch` rad about its x axis and then `roll` rad about its y axis
  /// (the wrist motion model's angles, docs/models.md#wrist-motion), µT: the field in the
  /// true-north reference frame (x north, y west, z up: (X, −Y, −Z)) turned into the device
  /// by the transpose of the attitude's rotation Rz(yaw)·Rx(pitch)·Ry(roll), with the yaw of
  /// ``yaw(bearing:)``. Lying flat heading magnetic north (bearing = the declination) it reads
  /// (0, H, −Z); heading magnetic east (−H, 0, −Z).
  public func inDevice(bearing: Double, pitch: Double, roll: Double) -> MotionVector {
    let yaw = Self.yaw(bearing: bearing)
    let (sinYaw, cosYaw) = (Elementary.sin(yaw), Elementary.cos(yaw))
    // The reference frame's x north, y west, z up.
    let (x0, y0, z0) = (north, -east, -down)
    // Rz(yaw)ᵀ.
    let x1 = cosYaw * x0 + sinYaw * y0
    let y1 = -sinYaw * x0 + cosYaw * y0
    // Rx(pitch)ᵀ.
    let (sinPitch, cosPitch) = (Elementary.sin(pitch), Elementary.cos(pitch))
    let y2 = cosPitch * y1 + sinPitch * z0
    let z2 = -sinPitch * y1 + cosPitch * z0
    // Ry(roll)ᵀ.
    let (sinRoll, cosRoll) = (Elementary.sin(roll), Elementary.cos(roll))
    return MotionVector(
      x: cosRoll * x1 - sinRoll * z2, y: y2, z: sinRoll * x1 + cosRoll * z2)
  }
}

/// The magnetometer's hard-iron bias: a constant field the device's own magnetised parts add to
/// every raw reading, µT in the device frame (docs/models.md#magnetic-field). A project rule:
/// each axis a seeded uniform draw in ±``range`` µT from the stream `"noise.magnetometer.watch"`
/// or `"noise.magnetometer.phone"` of the scenario's seed (x, y, z in that order), the same for
/// the whole run; the order of a phone's or watch's offset, which is of the Earth's field's
/// size (no published figure for Apple's devices was found). Core Motion's calibrated field
/// has it removed.
public enum MagnetometerBias {
  /// The largest offset per axis, 40 µT (the project rule above).
  public static let range = 40.0

  /// The bias of the device whose draws come from `stream` of `seed`: x, y and z, each
  /// `range · (2u − 1)` for the stream's next unit draws u.
  public static func hardIron(seed: UInt64, stream: String) -> MotionVector {
    var generator = SplitMix64(seed: seed, stream: stream)
    let x = range * (2 * generator.nextUnitDouble() - 1)
    let y = range * (2 * generator.nextUnitDouble() - 1)
    let z = range * (2 * generator.nextUnitDouble() - 1)
    return MotionVector(x: x, y: y, z: z)
  }
}
