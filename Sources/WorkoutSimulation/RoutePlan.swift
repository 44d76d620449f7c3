import Foundation
import WorkoutCore
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSystem

/// One GPS fix before it becomes SimulatedCoreLocation's `CLLocation` or a point of the run
/// result's route: the position and what the receiver reports with it
/// (docs/swift-api.md#core-location).
package struct Fix: Equatable, Sendable {
  package var instant: SimulationInstant
  package var latitude: Double
  package var longitude: Double
  /// m, or `nil` when the recording has none.
  package var altitude: Double?
  /// m/s, or `nil` when unknown.
  package var speed: Double?
  /// Degrees clockwise from north, or `nil` when unknown (standing still).
  package var course: Double?
  /// The radius of uncertainty the fix reports, m.
  package var horizontalAccuracy = RoutePlan.defaultSensor.horizontalAccuracy
  /// The altitude's reported uncertainty, m.
  package var verticalAccuracy = RoutePlan.defaultSensor.verticalAccuracy
}

/// The state of the scripted error's Gauss–Markov process at one fix (``RoutePlan``): the fix's
/// number from `t = 0`, its north, east and up errors, m, and the random stream after it.
struct GaussMarkovState: Sendable {
  var index: Int64
  var north: Double
  var east: Double
  var up: Double
  var random: SplitMix64
}

/// Where the body is, as the watch's GPS reports it (docs/swift-api.md#core-location):
/// - a replay whose recording has positions: the recorded fixes, at their own instants (a
///   1 Hz recording gives 1 Hz; the points the recording reader kept, unsmoothed, no noise
///   added: the file's own GPS noise is in them); none after the last one;
/// - any other course: a fix every `interval` of the receiver (1 s by default) from `t = 0`
///   (while the watch records an open-water swim, without `sensors.location.interval`, only those
///   on the 5 s grid reach the app and the route, and none while it records a pool swim:
///   ``receivesFix(at:openWater:pool:)``), on the great circle that leaves
///   the scenario's `gps` start point on its `heading`, at the distance the course has
///   travelled (each segment's speed × its time), the altitude climbing by the distance × the
///   grade from `gps.altitude`; then the receiver's seeded error.
///
/// The receiver is the scenario's `sensors.location` (``WorkoutScenario/Scenario/LocationSensor``;
/// docs/scenario-format.md#location), or without the key its defaults (``defaultSensor``:
/// 5 m, 10 m, 60 s):
/// - a scripted course's error is a first-order Gauss–Markov (Ornstein–Uhlenbeck) process in
///   each of north, east and up, sampled at the fixes: `e₀ = σ·w₀`,
///   `eₖ = ρ·eₖ₋₁ + σ·√(1 − ρ²)·wₖ` with `ρ = exp(−interval / correlationTime)` and `wₖ`
///   standard normal deviates drawn in the order north, east, up from the seed's stream
///   `"location.noise"`; `σ` is `horizontalAccuracy / √2` north and east (so the radial error's
///   root mean square equals the reported radius) and `verticalAccuracy` up. GPS errors are
///   strongly correlated from one second to the next (an Ornstein–Uhlenbeck process fits a
///   stationary receiver's positions better than white noise: "Comparison of Enhanced Noise
///   Model Performance Based on Analysis of Civilian GPS Data", Sensors 2020, 20(21), 6050,
///   doi:10.3390/s20216050; a handheld receiver's horizontal error decorrelates over about a
///   minute: D. L. Wilson, "Correlation of errors", http://www.erols.com/dlwilson/gpscorr.htm,
///   the 60 s default), so the track wanders instead of jittering and the summed fix-to-fix
///   distance of a steady run stays within a few percent of the distance run (independent
///   errors each second would add 39 % at 3 m/s); the 5 m and 10 m defaults are a 1 Hz wrist
///   receiver's (Gløersen et al. 2018, Front. Physiol. 9:1425, doi:10.3389/fphys.2018.01425:
///   horizontal error 5.29 m at the third quartile, vertical interquartile range 13.35 m,
///   σ ≈ 9.9 m). A replay's recorded points get no added error (the file's own is in them),
///   only the reported accuracies and dropouts;
/// - every fix reports `horizontalAccuracy` and `verticalAccuracy`;
/// - no fix in a dropout `[from, to)`, nor anywhere with `enabled: false`.
package struct RoutePlan: Sendable {
  /// The mean Earth radius, m (``WorkoutPhysiology/CoursePath/earthRadius``, as
  /// SimulatedCoreLocation's `CLLocation.distance(from:)`).
  package static let earthRadius = CoursePath.earthRadius
  /// The receiver without `sensors.location`: its defaults (5 m, 10 m, 60 s, the default
  /// interval, no dropouts; docs/scenario-format.md#location).
  package static let defaultSensor = Scenario.LocationSensor()
  /// Seconds between the scripted fixes of an open-water swim, 5 (project rule,
  /// docs/scenario-format.md#swim): GPS signals do not pass through water, so the watch gets a
  /// fix only while the wrist is above the surface; workout-sim gives one every 5 s instead of
  /// every second.
  package static let openWaterFixSpacing: Int64 = 5

  /// Whether the fix at fix instant `instant` reaches the app and the route, given the spans in
  /// which the watch records an open-water swim (`WorkoutEngine.openWaterSwimSpans()`) and a
  /// pool swim (`WorkoutEngine.poolSwimSpans()`), each `[from, to)`, `to` `nil` while it goes
  /// on: inside a pool span, no (project rule, docs/scenario-format.md#a-swimming-leg: a pool
  /// swim records no route, whatever set it: the scenario's `swim`, the app's
  /// `HKWorkoutConfiguration` of a standalone session or a multisport leg, the timeline's
  /// `beginActivity`); inside an open-water span, only on the ``openWaterFixSpacing`` grid from
  /// `t = 0` (instants 0, 5, 10 s...; project rule, docs/scenario-format.md#swim); elsewhere,
  /// yes. The one home of both rules. A recording's own fixes are replayed as recorded, and a
  /// scenario's own `sensors.location.interval` is its receiver's rate everywhere but in a
  /// pool: neither is thinned to the open-water grid.
  package func receivesFix(
    at instant: SimulationInstant, openWater: [WorkoutEngine.SwimSpan],
    pool: [WorkoutEngine.SwimSpan]
  ) -> Bool {
    guard !isReplay else { return true }
    return Self.receivesFix(
      at: instant, openWater: openWater, pool: pool, interval: sensor.interval)
  }

  /// ``receivesFix(at:openWater:pool:)`` of a scripted course whose receiver has `interval`
  /// (`sensors.location.interval`, `nil` for the default).
  package static func receivesFix(
    at instant: SimulationInstant, openWater: [WorkoutEngine.SwimSpan],
    pool: [WorkoutEngine.SwimSpan], interval: Duration?
  ) -> Bool {
    func inside(_ spans: [WorkoutEngine.SwimSpan]) -> Bool {
      spans.contains { span in span.from <= instant && span.to.map { instant < $0 } ?? true }
    }
    if inside(pool) { return false }
    guard interval == nil, inside(openWater) else { return true }
    return instant.nanoseconds % (openWaterFixSpacing * 1_000_000_000) == 0
  }

  /// The recorded fixes, in time order; empty for a scripted course.
  package let track: [Fix]
  /// A scripted course's segment starts, ends, speeds and grades; the start point.
  package let starts: [SimulationInstant]
  package let end: SimulationInstant
  package let speeds: [Double]
  package let grades: [Double]
  package let gps: Scenario.GPS
  package let seed: UInt64
  /// Nanoseconds between scripted fixes (1 s, or the sensor's `interval`).
  package let step: Int64
  /// The scenario's `sensors.location`, or ``defaultSensor``.
  package let sensor: Scenario.LocationSensor
  /// The Gauss–Markov process at the last fix asked for (``fix(at:)`` goes on from it).
  private var noise: GaussMarkovState?
  /// `gps.track`'s line, which a scripted course follows instead of the great circle, or `nil`.
  package let path: CoursePath?
  /// A recording's altitudes (its points that have one, with or without a position), in time
  /// order; empty for a scripted course (``height(at:)``).
  package let recordedHeights: [(instant: SimulationInstant, metres: Double)]

  /// The plan of `course` (its segment speeds from `speed(ofSegment:)`), placed by `gps`, with
  /// `sensor`'s model (``defaultSensor`` when `nil`).
  package init(
    course: Course, speed: (Int) -> Double, gps: Scenario.GPS, seed: UInt64,
    sensor: Scenario.LocationSensor? = nil, path: CoursePath? = nil
  ) {
    self.gps = gps
    self.path = path
    self.seed = seed
    self.sensor = sensor ?? Self.defaultSensor
    let spacing = sensor?.interval ?? .seconds(1)
    self.step = max(1, spacing.wholeNanoseconds)
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
    recordedHeights = course.track.compactMap { point in
      point.altitude.map { (point.instant, $0) }
    }
  }

  /// Whether the fixes are a recording's.
  package var isReplay: Bool { !track.isEmpty }

  /// The first fix instant after `instant`, or `nil` (after a recording's last fix).
  package func nextFix(after instant: SimulationInstant) -> SimulationInstant? {
    if isReplay {
      var low = 0
      var high = track.count
      while low < high {
        let mid = (low + high) / 2
        if track[mid].instant <= instant { low = mid + 1 } else { high = mid }
      }
      return low < track.count ? track[low].instant : nil
    }
    let whole =
      instant.nanoseconds >= 0
      ? instant.nanoseconds / step : (instant.nanoseconds - step + 1) / step
    return SimulationInstant(nanoseconds: (whole + 1) * step)
  }

  /// Whether `instant` is a fix instant.
  package func isFix(_ instant: SimulationInstant) -> Bool {
    if isReplay { return fixIndex(instant) != nil }
    return instant.nanoseconds % step == 0
  }

  /// Whether the sensor gives no fix at `instant` (`enabled: false`, or a dropout).
  package func isDropout(_ instant: SimulationInstant) -> Bool {
    return !sensor.enabled || sensor.dropouts.contains { $0.contains(instant) }
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

  /// The fix at fix instant `instant` (see the type), or `nil` when there is none (after a
  /// replay's last point, in a dropout).
  package mutating func fix(at instant: SimulationInstant) -> Fix? {
    if isDropout(instant) { return nil }
    if isReplay {
      guard var fix = fixIndex(instant).map({ track[$0] }) else { return nil }
      fix.horizontalAccuracy = sensor.horizontalAccuracy
      fix.verticalAccuracy = sensor.verticalAccuracy
      return fix
    }
    let place = truePlace(at: instant)
    let error = gaussMarkov(at: instant.nanoseconds / step)
    let (noisyLatitude, noisyLongitude) = Self.offset(
      place.latitude, place.longitude, north: error.north, east: error.east)
    return Fix(
      instant: instant, latitude: noisyLatitude, longitude: noisyLongitude,
      altitude: place.altitude + error.up, speed: place.speed,
      course: place.speed > 0 ? place.heading : nil, horizontalAccuracy: sensor.horizontalAccuracy,
      verticalAccuracy: sensor.verticalAccuracy)
  }

  /// The Gauss–Markov error at fix `index` (see the type): from the last fix asked for when it
  /// is not later, else from fix 0, so the value depends only on the seed and the index.
  private mutating func gaussMarkov(at index: Int64) -> GaussMarkovState {
    let horizontal = sensor.horizontalAccuracy / 2.0.squareRoot()
    let vertical = sensor.verticalAccuracy
    let rho = exp(-Double(step) / Double(max(1, sensor.correlationTime.wholeNanoseconds)))
    let innovation = (1 - rho * rho).squareRoot()
    var state: GaussMarkovState
    if let kept = noise, kept.index <= index {
      state = kept
    } else {
      var random = SplitMix64(seed: seed, stream: "location.noise")
      let north = horizontal * random.nextStandardNormal()
      let east = horizontal * random.nextStandardNormal()
      let up = vertical * random.nextStandardNormal()
      state = GaussMarkovState(index: 0, north: north, east: east, up: up, random: random)
    }
    while state.index < max(0, index) {
      state.index += 1
      state.north = rho * state.north + horizontal * innovation * state.random.nextStandardNormal()
      state.east = rho * state.east + horizontal * innovation * state.random.nextStandardNormal()
      state.up = rho * state.up + vertical * innovation * state.random.nextStandardNormal()
    }
    noise = state
    return state
  }

  /// The body's true height above sea level at `instant`, m, with no receiver error: the one
  /// home of the height that Core Location's fixes (before their seeded error) and
  /// SimulatedCoreMotion's `CMAltimeter` both report (a project rule: one body, one height;
  /// docs/swift-api.md#altitude):
  /// - a recording with altitudes: its recorded altitudes, linear between two points, the
  ///   first before the first point and the last after the last one (a replay's fixes report
  ///   the recorded ones unchanged at their instants);
  /// - a scripted course on `gps.track`: the track's elevation at the distance travelled;
  /// - otherwise `gps.altitude` + the climb (each segment's speed × its time × its grade).
  package func height(at instant: SimulationInstant) -> Double {
    guard let first = recordedHeights.first, let last = recordedHeights.last else {
      return truePlace(at: instant).altitude
    }
    if instant <= first.instant { return first.metres }
    if instant >= last.instant { return last.metres }
    var low = 0
    var high = recordedHeights.count - 1
    // recordedHeights[low].instant < instant < recordedHeights[high].instant
    while high - low > 1 {
      let mid = (low + high) / 2
      if recordedHeights[mid].instant <= instant { low = mid } else { high = mid }
    }
    let a = recordedHeights[low]
    let b = recordedHeights[high]
    let span = a.instant.duration(to: b.instant) / .seconds(1)
    guard span > 0 else { return b.metres }
    let part = a.instant.duration(to: instant) / .seconds(1)
    return a.metres + (b.metres - a.metres) * part / span
  }

  /// Where the body truly is at `instant` on a scripted course: on `gps.track`'s line at the
  /// distance travelled (its elevation, else `gps.altitude` + the climb; heading its leg's
  /// bearing), else on the great circle from `gps`'s start point along its heading.
  private func truePlace(at instant: SimulationInstant) -> (
    latitude: Double, longitude: Double, altitude: Double, speed: Double, heading: Double
  ) {
    let (distance, climb, speed) = travelled(to: instant)
    if let path {
      let place = path.position(at: distance)
      return (
        place.latitude, place.longitude, place.altitude ?? gps.altitude + climb, speed,
        place.bearing
      )
    }
    let (latitude, longitude) = Self.destination(gps.latitude, gps.longitude, gps.heading, distance)
    let heading =
      distance > 0
      ? CoursePath.finalBearing(gps.latitude, gps.longitude, latitude, longitude) : gps.heading
    return (latitude, longitude, gps.altitude + climb, speed, heading)
  }

  /// Where the body truly is at `instant`, with no receiver error, and the bearing of its
  /// travel there, degrees clockwise from true north in 0..<360: the one home of the position
  /// that Core Location's heading and region monitoring read (docs/swift-api.md#heading):
  /// - a scripted course: ``truePlace(at:)`` (on `gps.track`'s line, its leg's bearing; on the
  ///   great circle from `gps`, its bearing where the body is, ``CoursePath/finalBearing(_:_:_:_:)``,
  ///   `gps.heading` at the start); standing still it keeps the bearing it had;
  /// - a replay: the recorded point at or before `instant` (the first before it) and the last
  ///   bearing between two recorded points up to it (`nil` before the body has moved).
  package func truePosition(at instant: SimulationInstant) -> (
    latitude: Double, longitude: Double, bearing: Double?
  ) {
    guard isReplay else {
      let place = truePlace(at: instant)
      return (place.latitude, place.longitude, place.heading)
    }
    var low = 0
    var high = track.count
    while low < high {
      let mid = (low + high) / 2
      if track[mid].instant <= instant { low = mid + 1 } else { high = mid }
    }
    let index = max(0, low - 1)
    let bearing = track[...index].last(where: { $0.course != nil })?.course
    return (track[index].latitude, track[index].longitude, bearing)
  }

  /// The distance travelled from `t = 0` to `instant`, m, the climb, m, and the speed at
  /// `instant`, m/s.
  package func travelled(to instant: SimulationInstant) -> (Double, Double, Double) {
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
  /// `heading` (degrees) (``WorkoutPhysiology/CoursePath/destination(_:_:_:_:)``).
  package static func destination(
    _ latitude: Double, _ longitude: Double, _ heading: Double, _ distance: Double
  ) -> (Double, Double) {
    CoursePath.destination(latitude, longitude, heading, distance)
  }

  /// `latitude`, `longitude` moved `north` and `east` metres (a local flat approximation).
  package static func offset(_ latitude: Double, _ longitude: Double, north: Double, east: Double)
    -> (Double, Double)
  {
    let radians = Double.pi / 180
    let dLatitude = north / earthRadius / radians
    let cosine = max(cos(latitude * radians), 1e-9)
    let dLongitude = east / (earthRadius * cosine) / radians
    return (min(90, max(-90, latitude + dLatitude)), longitude + dLongitude)
  }

  /// The great-circle distance, m, as SimulatedCoreLocation's `CLLocation.distance(from:)`
  /// gives it: the haversine formula on the same mean radius as ``earthRadius``,
  /// `2R·asin(√(sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)))`, whose one home is
  /// WorkoutRecordings' `haversineMetres(_:_:_:_:)` (a recording's distances use it too).
  package static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    haversineMetres(lat1, lon1, lat2, lon2)
  }

  /// The initial bearing from the first point to the second, degrees in 0..<360.
  package static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    CoursePath.bearing(lat1, lon1, lat2, lon2)
  }
}
