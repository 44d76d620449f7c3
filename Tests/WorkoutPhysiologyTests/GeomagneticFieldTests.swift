import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Magnetic field model (docs/models.md#magnetic-field)")
struct GeomagneticFieldTests {
  /// NOAA NCEI's published test values for WMM2025 (WMM2025_TEST_VALUES.txt, shipped with the
  /// coefficients, https://www.ncei.noaa.gov/products/world-magnetic-model): date, height above
  /// the WGS-84 ellipsoid (km), geodetic latitude and longitude (°) → X, Y, Z, H, F (nT, to
  /// 0.1) and I, D (°, to 0.01). Each computed value rounds to the table's: within half its
  /// last digit, 0.05 nT and 0.005°. Together they check the geocentric conversion, the
  /// Legendre functions to degree 12, the height (100 km rows), the secular variation (2027.5
  /// rows) and the southern hemisphere and western longitudes (−80°, 240°).
  @Test(arguments: [
    (2025.0, 0.0, 80.0, 0.0, 6521.6, 145.9, 54791.5, 6523.2, 55178.5, 83.21, 1.28),
    (2025.0, 0.0, 0.0, 120.0, 39677.8, -109.6, -10580.2, 39677.9, 41064.3, -14.93, -0.16),
    (2025.0, 0.0, -80.0, 240.0, 6117.5, 15751.9, -52022.5, 16898.1, 54698.2, -72.00, 68.78),
    (2025.0, 100.0, 80.0, 0.0, 6216.0, 92.4, 52598.8, 6216.7, 52964.9, 83.26, 0.85),
    (2025.0, 100.0, 0.0, 120.0, 37688.6, -96.2, -10152.1, 37688.7, 39032.1, -15.08, -0.15),
    (2025.0, 100.0, -80.0, 240.0, 5907.6, 14780.3, -49540.7, 15917.1, 52035.0, -72.19, 68.21),
    (2027.5, 0.0, 80.0, 0.0, 6500.8, 294.5, 54869.4, 6507.5, 55253.9, 83.24, 2.59),
    (2027.5, 0.0, 0.0, 120.0, 39701.6, -167.4, -10381.8, 39702.0, 41036.9, -14.65, -0.24),
    (2027.5, 0.0, -80.0, 240.0, 6200.7, 15730.3, -51783.7, 16908.3, 54474.2, -71.92, 68.49),
    (2027.5, 100.0, 80.0, 0.0, 6196.7, 233.8, 52670.5, 6201.1, 53034.3, 83.29, 2.16),
    (2027.5, 100.0, 0.0, 120.0, 37711.5, -148.7, -9969.8, 37711.8, 39007.4, -14.81, -0.23),
    (2027.5, 100.0, -80.0, 240.0, 5984.0, 14760.1, -49317.7, 15927.0, 51825.7, -72.10, 67.93),
  ])
  func noaaTestValues(
    _ row: (
      year: Double, km: Double, latitude: Double, longitude: Double, x: Double, y: Double,
      z: Double, h: Double, f: Double, i: Double, d: Double
    )
  ) {
    let field = GeomagneticField(
      latitude: row.latitude, longitude: row.longitude, altitude: row.km * 1000, year: row.year)
    // µT to nT.
    #expect(abs(field.north * 1000 - row.x) <= 0.05)
    #expect(abs(field.east * 1000 - row.y) <= 0.05)
    #expect(abs(field.down * 1000 - row.z) <= 0.05)
    #expect(abs(field.horizontal * 1000 - row.h) <= 0.05)
    #expect(abs(field.total * 1000 - row.f) <= 0.05)
    #expect(abs(field.inclination - row.i) <= 0.005)
    #expect(abs(field.declination - row.d) <= 0.005)
  }

  /// A second, independent implementation's published example: MathWorks' Aerospace Toolbox
  /// `wrldmagm` documentation computes WMM2025 1000 m over Natick, Massachusetts (42.283° N,
  /// 71.35° W) on 4 July 2028, `decyear(2028,7,4)` = 2028 + 185 / 366 (31 + 29 + 31 + 30 + 31 +
  /// 30 + 3 days gone in a leap year) = 2028.505464: D = −13.6891°, I = 65.9899°,
  /// H = 2.0727e+04 nT, F = 5.0940e+04 nT (https://www.mathworks.com/help/aerotbx/ug/wrldmagm.html),
  /// each within half its last printed digit.
  @Test func mathWorksNatickExample() {
    let field = GeomagneticField(
      latitude: 42.283, longitude: -71.35, altitude: 1000, year: 2028 + 185.0 / 366)
    #expect(abs(field.declination - -13.6891) <= 0.00005)
    #expect(abs(field.inclination - 65.9899) <= 0.00005)
    #expect(abs(field.horizontal * 1000 - 20_727) <= 0.5)
    #expect(abs(field.total * 1000 - 50_940) <= 0.5)
  }

  /// London (51.5074° N, 0.1278° W, sea level) on 7 December 2026: about +1° east, as NOAA's
  /// and BGS's declination calculators give for London in 2025–2027 (the dipole this replaced
  /// gave −14.8°); 0.5–1.5° here.
  @Test func londonIsAboutOneDegreeEast() {
    let year = GeomagneticField.decimalYear(secondsSince1970: 1_796_601_600)
    let field = GeomagneticField(latitude: 51.5074, longitude: -0.1278, altitude: 0, year: year)
    #expect(field.declination > 0.5 && field.declination < 1.5)
  }

  /// The decimal year: 2026-12-07T00:00:00Z is 20 794 days after 1970 (1 796 601 600 s), 340
  /// days into 2026 (334 to 30 November + 6), so 2026 + 340 / 365 = 2026.931507; 2025-07-02T12:00Z
  /// (1 751 457 600 s) is 2025 + 182.5 / 365 = 2025.5; 2028-12-31T12:00Z (1 861 876 800 s) in a
  /// leap year 2028 + 365.5 / 366 = 2028.998634; 1 January 2030 00:00 (1 893 456 000 s) is
  /// 2030.0 exactly.
  @Test func decimalYears() {
    #expect(
      abs(GeomagneticField.decimalYear(secondsSince1970: 1_796_601_600) - (2026 + 340.0 / 365))
        < 1e-9)
    #expect(abs(GeomagneticField.decimalYear(secondsSince1970: 1_751_457_600) - 2025.5) < 1e-9)
    #expect(
      abs(GeomagneticField.decimalYear(secondsSince1970: 1_861_876_800) - (2028 + 365.5 / 366))
        < 1e-9)
    #expect(GeomagneticField.decimalYear(secondsSince1970: 1_893_456_000) == 2030)
  }

  /// Extrapolation: 2025.0...2030.0 is the model's span, outside it ``isExtrapolated`` is true
  /// and the field is still computed with the same linear secular variation (not clamped to
  /// 2030.0): every component is linear in the coefficients, which are linear in the year, so
  /// the step from 2030 to 2031 equals the step from 2029 to 2030 (at 45° N 10° E, to rounding).
  @Test func extrapolationOutsideTheValidYears() {
    #expect(!GeomagneticField.isExtrapolated(year: 2025.0))
    #expect(!GeomagneticField.isExtrapolated(year: 2027.5))
    #expect(!GeomagneticField.isExtrapolated(year: 2030.0))
    #expect(GeomagneticField.isExtrapolated(year: 2024.99))
    #expect(GeomagneticField.isExtrapolated(year: 2030.01))
    let fields = [2029.0, 2030.0, 2031.0].map {
      GeomagneticField(latitude: 45, longitude: 10, altitude: 0, year: $0)
    }
    #expect(abs((fields[2].north - fields[1].north) - (fields[1].north - fields[0].north)) < 1e-9)
    #expect(abs((fields[2].east - fields[1].east) - (fields[1].east - fields[0].east)) < 1e-9)
    #expect(abs((fields[2].down - fields[1].down) - (fields[1].down - fields[0].down)) < 1e-9)
    #expect(fields[2] != fields[1])
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

  /// A field of north 29.3518, east −4.5454, down 2.8216 µT (total 29.8354 µT). Lying flat with
  /// its top to the east, the device's y axis points east, x south
  /// and z up: the field's north 29.3518 µT reads along x as −29.3518, its east −4.5454 along y
  /// as −4.5454, its down 2.8216 along z as −2.8216. Top to the north: x east, y north, so
  /// (−4.5454, 29.3518, −2.8216).
  @Test func theFieldInAFlatDevice() {
    let field = GeomagneticField(north: 29.3518, east: -4.5454, down: 2.8216)
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
  /// (29.8354 µT for the field of north 29.3518, east −4.5454, down 2.8216 µT) and its component
  /// along gravity, the downward one, 2.8216 µT:
  /// at θ = 0.5 rad, heading 30°, B·g = 2.8216. In a strength rep's roll ρ gravity reads
  /// (sin ρ, 0, −cos ρ), and again B·g = 2.8216.
  @Test func tiltKeepsTheDownwardComponent() {
    let field = GeomagneticField(north: 29.3518, east: -4.5454, down: 2.8216)
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
