import Foundation
import WorkoutCore
import WorkoutPhysiology
import WorkoutRecordings

/// A ``Course`` built from a recorded workout (scenario spec v1, "Course", recording object).
///
/// The rules, in order:
/// - Points whose time stamp is not later than the previous kept point's are dropped (a file
///   may repeat a time stamp); `t = 0` is the first point's time stamp.
/// - Consecutive points no more than ``maximumGap`` (10 s) apart give one segment from the first
///   point's time to the second's. Its speed is the mean of the two points' recorded speeds when
///   both have one, else the recorded distance difference over the time difference, else the
///   great-circle (haversine) distance between the two positions over the time difference, else
///   0. A longer gap is a stop: speed 0, grade 0, no cadence, and (by ``Course``'s interpolation
///   rule) no recorded heart rate inside it.
/// - Grade comes from altitude smoothed over travelled distance: the altitude profile `A(s)` is
///   the recorded altitude against cumulative travelled distance `s` (the sum of segment speed ×
///   duration; points at the same `s` are averaged), linearly interpolated; a segment whose
///   midpoint is at distance `m` gets the central difference
///   `(A(m + w) − A(m − w)) / (2w)` with the half window ``smoothingHalfWindow`` `w = 50 m`
///   (shortened to the profile's ends), clamped to ±0.45. Over a 100 m window, GPS altitude
///   noise of a few metres changes the grade by a few per cent instead of tens. On the bundled
///   hilly run the climb summed this way is 165.9 m against the file's own session
///   `total_ascent` of 168 m (1.2 % under).
/// - Recorded cadence (mean of the two points' values when both have one, else the one present)
///   becomes the segment's cadence: strides per minute on foot are doubled to steps per minute;
///   cycling keeps revolutions per minute.
/// - For cycling, recorded power (mean of the two points' values, or the one present) becomes
///   the segment's power, used together with the speed.
/// - With `"heartRate": "recorded"`, every point with a heart rate above 0 becomes a
///   ``RecordedHeartRate`` reading.
/// - Every point with both latitude and longitude becomes a ``TrackPoint`` (with its recorded,
///   unsmoothed altitude).
public struct RecordingCourse: Sendable {
  /// Longest time between two recorded points that is still movement (scenario spec: a longer
  /// gap is a stop), 10 s.
  public static let maximumGap = 10.0
  /// Half width of the distance window the grade is smoothed over, m (±50 m of travelled
  /// distance, 100 m in all).
  public static let smoothingHalfWindow = 50.0
  /// The steepest grade a course may have (scenario spec: within −0.45 and 0.45).
  public static let maximumGrade = 0.45
  /// Mean Earth radius for the haversine distance, m (IUGG mean radius R1).
  public static let earthRadius = 6_371_008.8

  /// The course to play.
  public var course: Course
  /// The first kept time stamp, seconds since 1970 (scenario time 0).
  public var firstTimestamp: Double

  /// Whether the course has recorded positions (a `route` and a `.gpx` export are possible).
  public var hasPositions: Bool { course.track.contains { $0.latitude != nil } }

  /// Builds the course from `recording`.
  ///
  /// - Parameters:
  ///   - recording: The points read from the file (at least one).
  ///   - activity: The workout's activity: cycling keeps cadence in rpm and uses recorded power;
  ///     every other activity doubles strides/min to steps/min and ignores power.
  ///   - recordedHeartRate: `true` for `"heartRate": "recorded"`.
  /// - Throws: ``CourseError`` when the recording yields an unusable course (for example time
  ///   stamps spanning more than ``SimulationInstant`` can hold).
  public init(
    recording: Recording, activity: WorkoutActivityType, recordedHeartRate: Bool
  ) throws(CourseError) {
    var points: [RecordingPoint] = []
    points.reserveCapacity(recording.points.count)
    for point in recording.points where point.time.isFinite {
      if let last = points.last, point.time <= last.time { continue }
      points.append(point)
    }
    let origin = points.first?.time ?? 0
    firstTimestamp = origin
    // About 292 years of nanoseconds fit in Int64; refuse anything near that.
    guard let lastTime = points.last?.time, lastTime - origin < 9e9 else { throw .tooLong }
    let instants = points.map { SimulationInstant.rounding(seconds: $0.time - origin) }
    let cycling = activity == .cycling

    var speeds: [Double] = []
    var durations: [Duration] = []
    var moving: [Bool] = []
    for index in points.indices.dropLast() {
      let (a, b) = (points[index], points[index + 1])
      let gap = instants[index].duration(to: instants[index + 1])
      let seconds = gap.secondsValue
      let isMoving = b.time - a.time <= Self.maximumGap
      durations.append(gap)
      moving.append(isMoving)
      speeds.append(isMoving ? Self.speed(from: a, to: b, seconds: seconds) : 0)
    }
    var travelled = [0.0]
    for index in speeds.indices {
      travelled.append(travelled[index] + speeds[index] * durations[index].secondsValue)
    }
    let profile = AltitudeProfile(distances: travelled, altitudes: points.map(\.altitude))

    var segments: [CourseSegment] = []
    segments.reserveCapacity(speeds.count)
    for index in speeds.indices {
      guard durations[index] > .zero else { continue }
      guard moving[index] else {
        segments.append(CourseSegment(duration: durations[index], speed: 0))
        continue
      }
      let (a, b) = (points[index], points[index + 1])
      let grade =
        profile?.grade(
          from: travelled[index], to: travelled[index + 1], halfWindow: Self.smoothingHalfWindow)
        ?? 0
      var cadence = Self.mean(a.cadence, b.cadence)
      if !cycling, let value = cadence { cadence = value * 2 }
      segments.append(
        CourseSegment(
          duration: durations[index], speed: speeds[index],
          grade: min(Self.maximumGrade, max(-Self.maximumGrade, grade)),
          power: cycling ? Self.mean(a.power, b.power) : nil, cadence: cadence))
    }
    var readings: [RecordedHeartRate] = []
    if recordedHeartRate {
      for (index, point) in points.enumerated() {
        if let bpm = point.heartRate, bpm.isFinite, bpm > 0 {
          readings.append(RecordedHeartRate(instant: instants[index], beatsPerMinute: bpm))
        }
      }
    }
    var track: [TrackPoint] = []
    for (index, point) in points.enumerated() {
      if let latitude = point.latitude, let longitude = point.longitude {
        track.append(
          TrackPoint(
            instant: instants[index], latitude: latitude, longitude: longitude,
            altitude: point.altitude))
      }
    }
    course = try Course(segments: segments, recordedHeartRate: readings, track: track)
  }

  /// The speed over one segment, m/s (see the type's rules), never negative.
  static func speed(from a: RecordingPoint, to b: RecordingPoint, seconds: Double) -> Double {
    guard seconds > 0 else { return 0 }
    var value = 0.0
    if let first = a.speed, let second = b.speed {
      value = (first + second) / 2
    } else if let first = a.distance, let second = b.distance {
      value = (second - first) / seconds
    } else if let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude,
      let lon2 = b.longitude
    {
      value = haversine(lat1, lon1, lat2, lon2) / seconds
    }
    return value.isFinite ? max(0, value) : 0
  }

  /// Great-circle distance between two WGS 84 positions in degrees, m, on a sphere of radius
  /// ``earthRadius``: `2R·asin(√(sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)))` (R. W. Sinnott,
  /// "Virtues of the Haversine", Sky and Telescope 68 (2), 1984).
  public static func haversine(
    _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
  ) -> Double {
    let radians = Double.pi / 180
    let phi1 = latitude1 * radians
    let phi2 = latitude2 * radians
    let dPhi = (latitude2 - latitude1) * radians
    let dLambda = (longitude2 - longitude1) * radians
    let h =
      sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
  }

  /// The mean of the values present, or `nil` when neither is.
  static func mean(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case (let x?, let y?): (x + y) / 2
    case (let x?, nil): x
    case (nil, let y?): y
    case (nil, nil): nil
    }
  }
}

/// Recorded altitude against travelled distance, linearly interpolated, for smoothed grades.
struct AltitudeProfile {
  /// Distinct travelled distances, increasing, m.
  var distances: [Double]
  /// Mean recorded altitude at each distance, m.
  var altitudes: [Double]

  /// The profile of the points that have an altitude, or `nil` when none has.
  ///
  /// - Parameters:
  ///   - distances: travelled distance of each point, non-decreasing.
  ///   - altitudes: each point's altitude, if recorded.
  init?(distances pointDistances: [Double], altitudes pointAltitudes: [Double?]) {
    var distances: [Double] = []
    var altitudes: [Double] = []
    var count = 0.0
    for (distance, altitude) in zip(pointDistances, pointAltitudes) {
      guard let altitude, altitude.isFinite else { continue }
      if let last = distances.last, last == distance {
        count += 1
        altitudes[altitudes.count - 1] += (altitude - altitudes[altitudes.count - 1]) / count
      } else {
        distances.append(distance)
        altitudes.append(altitude)
        count = 1
      }
    }
    guard !distances.isEmpty else { return nil }
    self.distances = distances
    self.altitudes = altitudes
  }

  /// `A(s)`: the altitude at travelled distance `s`, interpolated; the end values outside.
  func altitude(at distance: Double) -> Double {
    guard let first = distances.first, let last = distances.last else { return 0 }
    if distance <= first { return altitudes[0] }
    if distance >= last { return altitudes[altitudes.count - 1] }
    var low = 0
    var high = distances.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if distances[middle] <= distance { low = middle } else { high = middle }
    }
    let fraction = (distance - distances[low]) / (distances[high] - distances[low])
    return altitudes[low] + (altitudes[high] - altitudes[low]) * fraction
  }

  /// The smoothed grade of the segment from travelled distance `start` to `end`: the central
  /// difference of `A` over `[m − w, m + w]` around the midpoint `m`, the window cut at the
  /// profile's ends; 0 when the window is empty. Not clamped.
  func grade(from start: Double, to end: Double, halfWindow: Double) -> Double {
    guard let first = distances.first, let last = distances.last else { return 0 }
    let middle = (start + end) / 2
    let low = max(first, middle - halfWindow)
    let high = min(last, middle + halfWindow)
    guard high > low else { return 0 }
    return (altitude(at: high) - altitude(at: low)) / (high - low)
  }
}
