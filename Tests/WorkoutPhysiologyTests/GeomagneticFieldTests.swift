import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Magnetic field model (docs/models.md#magnetic-field)")
struct GeomagneticFieldTests {
  /// At 0° N 0° E (cos φ = 1, sin φ = 0, cos λ = 1, sin λ = 0) the dipole's components are
  /// X = −g₁₀ = 29 351.8 nT, Y = −h₁₁ = −4 545.4 nT, Z = −2·g₁₁ = 2 821.6 nT: 29.3518,
  /// −4.5454 and 2.8216 µT. H = √(29.3518² + 4.5454²) = √(861.5281 + 20.6607) = 29.7017 µT,
  /// F = √(882.1888 + 7.9614) = 29.8354 µT; the declination atan2(−4.5454, 29.3518) =
  /// −atan(0.154860) = −8.8029° (west), the dip atan2(2.8216, 29.7017) = 5.4267°.
  @Test func equatorAtGreenwich() {
    let field = GeomagneticField(latitude: 0, longitude: 0)
    #expect(abs(field.north - 29.3518) < 1e-9)
    #expect(abs(field.east - -4.5454) < 1e-9)
    #expect(abs(field.down - 2.8216) < 1e-9)
    #expect(abs(field.horizontal - 29.7017) < 1e-4)
    #expect(abs(field.total - 29.8354) < 1e-4)
    #expect(abs(field.declination - -8.8029) < 1e-4)
    #expect(abs(field.inclination - 5.4267) < 1e-4)
  }

  /// At 30° N 90° E (sin φ = 0.5, cos φ = √3/2 = 0.8660254, cos λ = 0, sin λ = 1) the tilt
  /// term g₁₁ cos λ + h₁₁ sin λ is h₁₁ = 4 545.4 nT, so
  /// X = 29 351.8 × 0.8660254 + 4 545.4 × 0.5 = 25 419.404 + 2 272.7 = 27 692.104 nT,
  /// Y = g₁₁ × 1 − h₁₁ × 0 = −1 410.8 nT,
  /// Z = −2 × (−29 351.8 × 0.5 + 4 545.4 × 0.8660254) = −2 × (−14 675.9 + 3 936.432) =
  /// 21 478.936 nT; the declination atan2(−1.4108, 27.692104) = −2.9165°, the total
  /// √(27.692104² + 1.4108² + 21.478936²) = √(766.8526 + 1.9904 + 461.3447) = 35.0740 µT: in
  /// the 25–65 µT of the Earth's surface field.
  @Test func midLatitude() {
    let field = GeomagneticField(latitude: 30, longitude: 90)
    #expect(abs(field.north - 27.692104) < 1e-6)
    #expect(abs(field.east - -1.4108) < 1e-9)
    #expect(abs(field.down - 21.478936) < 1e-6)
    #expect(abs(field.declination - -2.9165) < 1e-4)
    #expect(abs(field.total - 35.0740) < 1e-4)
  }

  /// Core Motion's yaw is 0 with the device's x axis to north and turns counterclockwise seen
  /// from above; the device's top (y) lies 90° counterclockwise of x, so a top pointing along
  /// bearing β (clockwise) puts x at β + 90° clockwise, yaw −(β + 90°): north −90°, east
  /// −180° (wrapped to +180°), south −270° → +90°, west −360° → 0°, and 45° → −135°.
  @Test func yawOfABearing() {
    #expect(abs(GeomagneticField.yaw(bearing: 0) - -Double.pi / 2) < 1e-12)
    #expect(abs(GeomagneticField.yaw(bearing: 90) - Double.pi) < 1e-12)
    #expect(abs(GeomagneticField.yaw(bearing: 180) - Double.pi / 2) < 1e-12)
    #expect(abs(GeomagneticField.yaw(bearing: 270)) < 1e-12)
    #expect(abs(GeomagneticField.yaw(bearing: 45) - -3 * Double.pi / 4) < 1e-12)
  }

  /// Lying flat at 0° N 0° E with its top to the east, the device's y axis points east, x south
  /// and z up: the field's north 29.3518 µT reads along x as −29.3518, its east −4.5454 along y
  /// as −4.5454, its down 2.8216 along z as −2.8216. Top to the north: x east, y north, so
  /// (−4.5454, 29.3518, −2.8216).
  @Test func theFieldInAFlatDevice() {
    let field = GeomagneticField(latitude: 0, longitude: 0)
    let east = field.inDevice(bearing: 90, pitch: 0, roll: 0)
    #expect(abs(east.x - -29.3518) < 1e-9)
    #expect(abs(east.y - -4.5454) < 1e-9)
    #expect(abs(east.z - -2.8216) < 1e-9)
    let north = field.inDevice(bearing: 0, pitch: 0, roll: 0)
    #expect(abs(north.x - -4.5454) < 1e-9)
    #expect(abs(north.y - 29.3518) < 1e-9)
    #expect(abs(north.z - -2.8216) < 1e-9)
  }

  /// Tilted by the arm's swing θ about x the device reads gravity (0, −sin θ, −cos θ)
  /// (docs/models.md#wrist-motion); turned into the same device the field keeps its length
  /// (29.8354 µT at 0° N 0° E) and its component along gravity, the downward one, 2.8216 µT:
  /// at θ = 0.5 rad, heading 30°, B·g = 2.8216. In a strength rep's roll ρ gravity reads
  /// (sin ρ, 0, −cos ρ), and again B·g = 2.8216.
  @Test func tiltKeepsTheDownwardComponent() {
    let field = GeomagneticField(latitude: 0, longitude: 0)
    let theta = 0.5
    let swung = field.inDevice(bearing: 30, pitch: theta, roll: 0)
    let along = swung.y * -Elementary.sin(theta) + swung.z * -Elementary.cos(theta)
    #expect(abs(along - 2.8216) < 1e-9)
    #expect(abs(swung.magnitude - 29.8354) < 1e-4)
    let rho = 1.2
    let rolled = field.inDevice(bearing: 200, pitch: 0, roll: rho)
    let down = rolled.x * Elementary.sin(rho) + rolled.z * -Elementary.cos(rho)
    #expect(abs(down - 2.8216) < 1e-9)
  }

  /// The hard-iron bias is constant per stream, within ±40 µT per axis, and the watch's and the
  /// phone's differ (two streams of one seed).
  @Test func hardIronBias() {
    let watch = MagnetometerBias.hardIron(seed: 42, stream: "noise.magnetometer.watch")
    let phone = MagnetometerBias.hardIron(seed: 42, stream: "noise.magnetometer.phone")
    #expect(watch == MagnetometerBias.hardIron(seed: 42, stream: "noise.magnetometer.watch"))
    #expect(watch != phone)
    for value in [watch.x, watch.y, watch.z, phone.x, phone.y, phone.z] {
      #expect(abs(value) <= 40)
    }
  }
}
