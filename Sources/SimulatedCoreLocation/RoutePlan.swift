import SimulatedCoreLocationValues
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario

/// One GPS fix before it becomes a `CLLocation`: the position and what the receiver reports
/// with it (docs/swift-api.md#core-location).
struct Fix: Equatable {
  var instant: SimulationInstant
  var latitude: Double
  var longitude: Double
  /// m, or `nil` when the recording has none.
  var altitude: Double?
  /// m/s, or `nil` when unknown.
  var speed: Double?
  /// Degrees clockwise from north, or `nil` when unknown (standing still).
  var course: Double?
}

/// Where the body is, as the watch's GPS reports it (docs/swift-api.md#core-location):
/// - a replay whose recording has positions: the recorded fixes, at their own instants (a
///   1 Hz recording gives 1 Hz; the points the recording reader kept, unsmoothed, no noise
///   added: the file's own GPS noise is in them); none after the last one;
/// - any other course: a fix at every whole second of virtual time (every
///   ``openWaterFixSpacing`` seconds in an open-water swim) on the great circle that
///   leaves the scenario's `gps` start point on its `heading`, at the distance the course has
///   travelled (each segment's speed × its time), the altitude climbing by the distance × the
///   grade from `gps.altitude`; then seeded noise: north and east offsets uniform in ±3 m,
///   altitude uniform in ±6 m, drawn from the scenario seed's stream `"gps.<second>"`, so a
///   fix does not depend on who asked or when.
struct RoutePlan {
  /// The mean Earth radius, m (as `CLLocation.distance(from:)`).
  static let earthRadius = CLLocation.earthRadius
  /// The radius of uncertainty reported with every fix, m: 5 (a project rule; Apple documents
  /// none, and the scripted noise, at most √(3² + 3²) ≈ 4.24 m, stays within it).
  static let horizontalAccuracy = 5.0
  /// The altitude's reported uncertainty, m: 8 (the scripted noise stays within ±6 m).
  static let verticalAccuracy = 8.0
  /// Half the range of the scripted north and east offsets, m.
  static let horizontalNoise = 3.0
  /// Half the range of the scripted altitude offset, m.
  static let verticalNoise = 6.0
  /// Seconds between the scripted fixes of an open-water swim, 5 (project rule,
  /// docs/scenario-format.md#swim): GPS signals do not pass through water, so the watch gets a
  /// fix only while the wrist is above the surface; workout-sim gives one every 5 s instead of
  /// every second.
  static let openWaterFixSpacing: Int64 = 5

  /// The recorded fixes, in time order; empty for a scripted course.
  let track: [Fix]
  /// A scripted course's segment starts, ends, speeds and grades; the start point.
  let starts: [SimulationInstant]
  let end: SimulationInstant
  let speeds: [Double]
  let grades: [Double]
  let gps: Scenario.GPS
  let seed: UInt64
  /// Whole seconds between scripted fixes (1, or ``openWaterFixSpacing``).
  let fixSpacing: Int64

  /// The plan of `course` (its segment speeds from `speed(ofSegment:)`), placed by `gps`.
  init(
    course: Course, speed: (Int) -> Double, gps: Scenario.GPS, seed: UInt64,
    fixSpacing: Int64 = 1
  ) {
    self.gps = gps
    self.seed = seed
    self.fixSpacing = max(1, fixSpacing)
    starts = course.starts
    end = course.end
    speeds = course.segments.indices.map(speed)
    grades = course.segments.map(\.grade)
    var fixes: [Fix] = []
    let points = course.track.filter { $0.latitude != nil && $0.longitude != nil }
    for (index, point) in points.enumerated() {
      // Every kept point has both (the filter above).
      let latitude = point.latitude!
      let longitude = point.longitude!
      var fix = Fix(
        instant: point.instant, latitude: latitude, longitude: longitude,
        altitude: point.altitude, speed: nil, course: nil)
      if index > 0 {
        let previous = points[index - 1]
        let seconds = previous.instant.duration(to: point.instant) / .seconds(1)
        let metres = Self.distance(
          previous.latitude!, previous.longitude!, latitude, longitude)
        if seconds > 0 { fix.speed = metres / seconds }
        if metres > 0 {
          fix.course = Self.bearing(previous.latitude!, previous.longitude!, latitude, longitude)
        }
      }
      fixes.append(fix)
    }
    track = fixes
  }

  /// Whether the fixes are a recording's.
  var isReplay: Bool { !track.isEmpty }

  /// The first fix instant after `instant`, or `nil` (after a recording's last fix).
  func nextFix(after instant: SimulationInstant) -> SimulationInstant? {
    if isReplay {
      var low = 0
      var high = track.count
      while low < high {
        let mid = (low + high) / 2
        if track[mid].instant <= instant { low = mid + 1 } else { high = mid }
      }
      return low < track.count ? track[low].instant : nil
    }
    let step = fixSpacing * 1_000_000_000
    let whole =
      instant.nanoseconds >= 0
      ? instant.nanoseconds / step : (instant.nanoseconds - step + 1) / step
    return SimulationInstant(nanoseconds: (whole + 1) * step)
  }

  /// Whether `instant` is a fix instant.
  func isFix(_ instant: SimulationInstant) -> Bool {
    if isReplay { return fixIndex(instant) != nil }
    return instant.nanoseconds % (fixSpacing * 1_000_000_000) == 0
  }

  private func fixIndex(_ instant: SimulationInstant) -> Int? {
    var low = 0
    var high = track.count
    while low < high {
      let mid = (low + high) / 2
      if track[mid].instant < instant { low = mid + 1 } else { high = mid }
    }
    return low < track.count && track[low].instant == instant ? low : nil
  }

  /// The fix at fix instant `instant` (see the type).
  func fix(at instant: SimulationInstant) -> Fix? {
    if isReplay { return fixIndex(instant).map { track[$0] } }
    let (distance, climb, speed) = travelled(to: instant)
    let second = instant.nanoseconds / 1_000_000_000
    var random = SplitMix64(seed: seed, stream: "gps.\(second)")
    let north = (random.nextUnitDouble() * 2 - 1) * Self.horizontalNoise
    let east = (random.nextUnitDouble() * 2 - 1) * Self.horizontalNoise
    let up = (random.nextUnitDouble() * 2 - 1) * Self.verticalNoise
    let (latitude, longitude) = Self.destination(gps.latitude, gps.longitude, gps.heading, distance)
    let (noisyLatitude, noisyLongitude) = Self.offset(latitude, longitude, north: north, east: east)
    return Fix(
      instant: instant, latitude: noisyLatitude, longitude: noisyLongitude,
      altitude: gps.altitude + climb + up, speed: speed,
      course: speed > 0 ? gps.heading : nil)
  }

  /// The distance travelled from `t = 0` to `instant`, m, the climb, m, and the speed at
  /// `instant`, m/s.
  func travelled(to instant: SimulationInstant) -> (Double, Double, Double) {
    var distance = 0.0
    var climb = 0.0
    var speed = 0.0
    for index in starts.indices {
      let start = starts[index]
      let stop = index + 1 < starts.count ? starts[index + 1] : end
      if instant >= start && instant < stop { speed = speeds[index] }
      guard instant > start else { break }
      let seconds = start.duration(to: min(instant, stop)) / .seconds(1)
      distance += speeds[index] * seconds
      climb += speeds[index] * seconds * grades[index]
    }
    return (distance, climb, speed)
  }

  /// The point `distance` m from `latitude`, `longitude` along the great circle leaving on
  /// `heading` (degrees): φ2 = asin(sin φ1 cos δ + cos φ1 sin δ cos θ),
  /// λ2 = λ1 + atan2(sin θ sin δ cos φ1, cos δ − sin φ1 sin φ2), δ = distance / R.
  static func destination(
    _ latitude: Double, _ longitude: Double, _ heading: Double, _ distance: Double
  ) -> (Double, Double) {
    let radians = Double.pi / 180
    let phi1 = latitude * radians
    let lambda1 = longitude * radians
    let theta = heading * radians
    let delta = distance / earthRadius
    let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
    let lambda2 =
      lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
    var longitude2 = lambda2 / radians
    if longitude2 > 180 { longitude2 -= 360 }
    if longitude2 < -180 { longitude2 += 360 }
    return (phi2 / radians, longitude2)
  }

  /// `latitude`, `longitude` moved `north` and `east` metres (a local flat approximation).
  static func offset(_ latitude: Double, _ longitude: Double, north: Double, east: Double)
    -> (Double, Double)
  {
    let radians = Double.pi / 180
    let dLatitude = north / earthRadius / radians
    let cosine = max(cos(latitude * radians), 1e-9)
    let dLongitude = east / (earthRadius * cosine) / radians
    return (min(90, max(-90, latitude + dLatitude)), longitude + dLongitude)
  }

  /// The great-circle distance, m (as `CLLocation.distance(from:)`).
  static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    CLLocation(latitude: lat1, longitude: lon1).distance(
      from: CLLocation(latitude: lat2, longitude: lon2))
  }

  /// The initial bearing from the first point to the second, degrees in 0..<360.
  static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let radians = Double.pi / 180
    let phi1 = lat1 * radians
    let phi2 = lat2 * radians
    let dLambda = (lon2 - lon1) * radians
    let y = sin(dLambda) * cos(phi2)
    let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
    let degrees = atan2(y, x) / radians
    return degrees < 0 ? degrees + 360 : degrees
  }
}
