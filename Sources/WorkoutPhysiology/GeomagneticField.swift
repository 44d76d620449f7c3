import WorkoutCore
import WorkoutText

/// The Earth's main magnetic field at a place and date, in microteslas, from the World
/// Magnetic Model WMM2025 (docs/models.md#magnetic-field): what SimulatedCoreMotion's
/// magnetometer and north-referenced attitude and SimulatedCoreLocation's `CLHeading` read.
///
/// The model and its equations are A. Chulliat et al., "The US/UK World Magnetic Model for
/// 2025-2030: Technical Report", NOAA NCEI (2025), doi:10.25923/prbc-s316 (its main-field
/// equations, restated here; the Legendre recursions are the standard ones for Schmidt
/// semi-normalised functions); the coefficients are ``WMM2025`` (NOAA NCEI and BGS, public
/// domain). For geodetic latitude φ, longitude λ and height h above the WGS-84 ellipsoid at
/// decimal year t:
/// 1. Geocentric position on WGS-84 (A = 6 378 137 m, 1/f = 298.257223563, e² = f(2 − f)):
///    R_c = A / √(1 − e² sin²φ), p = (R_c + h) cos φ, z = (R_c(1 − e²) + h) sin φ,
///    r = √(p² + z²), φ′ = asin(z / r).
/// 2. The coefficients at t: g(t) = g + (t − 2025.0)·ġ, h(t) = h + (t − 2025.0)·ḣ.
/// 3. The Schmidt semi-normalised associated Legendre functions P̆ₙᵐ(sin φ′) (no
///    Condon–Shortley phase) by the recursions, with s = sin φ′, c = cos φ′: P̆₀⁰ = 1,
///    P̆₁¹ = c, P̆ₙⁿ = √((2n − 1)/(2n))·c·P̆ₙ₋₁ⁿ⁻¹ (n ≥ 2), and for n > m
///    P̆ₙᵐ = ((2n − 1)·s·P̆ₙ₋₁ᵐ − √((n − 1)² − m²)·P̆ₙ₋₂ᵐ) / √(n² − m²); their derivatives in
///    φ′ by differentiating the same recursions (ds/dφ′ = c, dc/dφ′ = −s).
/// 4. The field in the geocentric frame (a = 6 371 200 m, ``WMM2025/referenceRadius``):
///    X′ = −Σₙ (a/r)ⁿ⁺² Σₘ (g cos mλ + h sin mλ)·dP̆ₙᵐ/dφ′,
///    Y′ = (1 / cos φ′) Σₙ (a/r)ⁿ⁺² Σₘ m (g sin mλ − h cos mλ)·P̆ₙᵐ,
///    Z′ = −Σₙ (n + 1)(a/r)ⁿ⁺² Σₘ (g cos mλ + h sin mλ)·P̆ₙᵐ, n = 1...12, m = 0...n.
/// 5. Turned to the ellipsoid's vertical: X = X′ cos(φ′ − φ) − Z′ sin(φ′ − φ),
///    Y = Y′, Z = X′ sin(φ′ − φ) + Z′ cos(φ′ − φ); nT, divided by 1000 for µT.
///
/// Every P̆ₙᵐ with m ≥ 1 carries the factor cos φ′, so Y′ stays finite at the poles, where
/// cos φ′ is the double's cos(π/2) ≈ 6e−17 rather than 0 (the declination there is the
/// direction of the horizontal field, defined in the arithmetic though not on a map). The model
/// omits the crust's local anomalies and the external field (the report's limits).
///
/// Outside ``WMM2025/epoch``...``WMM2025/end`` (2025.0 to 2030.0) the model is extrapolated:
/// the same linear secular variation, the rule NOAA's own software applies with a warning
/// (``isExtrapolated(year:)``; project rule: a simulated device reads a field at every date
/// rather than none, docs/models.md#magnetic-field).
public struct GeomagneticField: Sendable, Equatable {
  /// The northward component, µT.
  public var north: Double
  /// The eastward component, µT.
  public var east: Double
  /// The downward component, µT (positive in the northern hemisphere).
  public var down: Double

  /// WGS-84's semi-major axis A, m: 6 378 137 (the report's ellipsoid).
  public static let wgs84SemiMajorAxis = 6_378_137.0
  /// WGS-84's flattening f: 1 / 298.257223563.
  public static let wgs84Flattening = 1 / 298.257_223_563

  /// The Legendre recursions' square roots by index n(n + 1)/2 + m, worked out once: for
  /// m < n, `scale` √(n² − m²) and `root` √((n − 1)² − m²); for m = n, `scale` the diagonal
  /// factor √((2n − 1)/(2n)) (1 at n = 1).
  static let recursion: [(scale: Double, root: Double)] = {
    var table: [(scale: Double, root: Double)] = [(1, 0)]
    for n in 1...WMM2025.degree {
      for m in 0..<n {
        table.append(
          (
            Elementary.sqrt(Double(n * n - m * m)),
            Elementary.sqrt(Double((n - 1) * (n - 1) - m * m))
          ))
      }
      table.append((n == 1 ? 1 : Elementary.sqrt(Double(2 * n - 1) / Double(2 * n)), 0))
    }
    return table
  }()

  /// A field of its three components, µT.
  public init(north: Double, east: Double, down: Double) {
    self.north = north
    self.east = east
    self.down = down
  }

  /// The WMM2025 field at geodetic `latitude` and `longitude` degrees, `altitude` m above
  /// the WGS-84 ellipsoid (the simulation passes its height above sea level, the geoid's
  /// difference of at most about 100 m changing the field by under 0.05 %), on decimal year
  /// `year` (``decimalYear(secondsSince1970:)``); see the type.
  public init(latitude: Double, longitude: Double, altitude: Double, year: Double) {
    let radians = Double.pi / 180
    let phi = latitude * radians
    let lambda = longitude * radians
    // 1. Geodetic to geocentric on WGS-84.
    let f = Self.wgs84Flattening
    let e2 = f * (2 - f)
    let (sinPhi, cosPhi) = (Elementary.sin(phi), Elementary.cos(phi))
    let rc = Self.wgs84SemiMajorAxis / Elementary.sqrt(1 - e2 * sinPhi * sinPhi)
    let p = (rc + altitude) * cosPhi
    let z = (rc * (1 - e2) + altitude) * sinPhi
    let r = Elementary.sqrt(p * p + z * z)
    let (s, c) = (z / r, p / r)
    // 3. The Legendre functions and their φ′ derivatives, index n(n + 1)/2 + m.
    let degree = WMM2025.degree
    let count = (degree + 1) * (degree + 2) / 2
    var legendre = [Double](repeating: 0, count: count)
    var slope = [Double](repeating: 0, count: count)
    legendre[0] = 1
    let steps = Self.recursion
    for n in 1...degree {
      let row = n * (n + 1) / 2
      let above = (n - 1) * n / 2
      let twoAbove = n >= 2 ? (n - 2) * (n - 1) / 2 : 0
      let weight = Double(2 * n - 1)
      for m in 0..<n {
        let step = steps[row + m]
        let back = m <= n - 2 ? legendre[twoAbove + m] : 0
        let backSlope = m <= n - 2 ? slope[twoAbove + m] : 0
        legendre[row + m] = (weight * s * legendre[above + m] - step.root * back) / step.scale
        slope[row + m] =
          (weight * (c * legendre[above + m] + s * slope[above + m]) - step.root * backSlope)
          / step.scale
      }
      let diagonal = steps[row + n].scale
      legendre[row + n] = diagonal * c * legendre[above + n - 1]
      slope[row + n] = diagonal * (-s * legendre[above + n - 1] + c * slope[above + n - 1])
    }
    // cos mλ and sin mλ by the angle-sum rule.
    var cosines = [Double](repeating: 1, count: degree + 1)
    var sines = [Double](repeating: 0, count: degree + 1)
    let (cosLambda, sinLambda) = (Elementary.cos(lambda), Elementary.sin(lambda))
    for m in 1...degree {
      cosines[m] = cosines[m - 1] * cosLambda - sines[m - 1] * sinLambda
      sines[m] = sines[m - 1] * cosLambda + cosines[m - 1] * sinLambda
    }
    // 2 and 4. The sums at `year`.
    let years = year - WMM2025.epoch
    let ratio = WMM2025.referenceRadius / r
    var (xPrime, yPrime, zPrime) = (0.0, 0.0, 0.0)
    var power = ratio * ratio * ratio  // (a/r)ⁿ⁺² at n = 1
    var currentDegree = 1
    for term in WMM2025.coefficients {
      while currentDegree < term.n {
        power *= ratio
        currentDegree += 1
      }
      let g = term.g + years * term.gDot
      let h = term.h + years * term.hDot
      let index = term.n * (term.n + 1) / 2 + term.m
      let along = g * cosines[term.m] + h * sines[term.m]
      xPrime -= power * along * slope[index]
      yPrime += power * Double(term.m) * (g * sines[term.m] - h * cosines[term.m]) * legendre[index]
      zPrime -= power * Double(term.n + 1) * along * legendre[index]
    }
    yPrime /= c
    // 5. Back to the ellipsoid's vertical.
    let psi = Elementary.atan2(s, c) - phi
    let (sinPsi, cosPsi) = (Elementary.sin(psi), Elementary.cos(psi))
    north = (xPrime * cosPsi - zPrime * sinPsi) / 1000
    east = yPrime / 1000
    down = (xPrime * sinPsi + zPrime * cosPsi) / 1000
  }

  /// The WMM2025 field at `latitude`, `longitude` degrees and `altitude` m at the instant
  /// `secondsSince1970` (UTC): ``init(latitude:longitude:altitude:year:)`` at
  /// ``decimalYear(secondsSince1970:)``. The one call SimulatedCoreMotion and
  /// SimulatedCoreLocation make.
  public init(latitude: Double, longitude: Double, altitude: Double, secondsSince1970: Double) {
    self.init(
      latitude: latitude, longitude: longitude, altitude: altitude,
      year: Self.decimalYear(secondsSince1970: secondsSince1970))
  }

  /// The decimal year of the instant `secondsSince1970` (UTC): the year plus the part of it
  /// gone, (instant − 1 January 00:00 UTC) / (the year's length, 365 or 366 days): 2025-07-02
  /// 12:00 UTC is 2025 + 182.5 / 365 = 2025.5. The report gives the model's time as a decimal
  /// year; counting the part in seconds of UTC (rather than whole days, as NOAA's software
  /// does) is a project rule, so that the field moves smoothly (by under 0.001° a day).
  public static func decimalYear(secondsSince1970 seconds: Double) -> Double {
    let day = Int((seconds / 86_400).rounded(.down))
    let year = ISO8601.civil(days: day).year
    let start = Double(ISO8601.daysSince1970(year: year, month: 1, day: 1)) * 86_400
    let next = Double(ISO8601.daysSince1970(year: year + 1, month: 1, day: 1)) * 86_400
    return Double(year) + (seconds - start) / (next - start)
  }

  /// Whether decimal year `year` lies outside WMM2025's 2025.0...2030.0, where the field is
  /// extrapolated (see the type).
  public static func isExtrapolated(year: Double) -> Bool {
    year < WMM2025.epoch || year > WMM2025.end
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
