import WorkoutCore

/// The line a scripted course follows on the globe: a GPX track's points in order
/// (docs/scenario-format.md#gps, `gps.track`), placed by distance. The body at course distance
/// `d` m is `d` m along the line (each leg a great circle between two points, the position
/// linearly interpolated in latitude and longitude within the leg, the altitude linearly);
/// past the last point it goes on along the last leg's bearing (RoutePlan's great circle).
public struct CoursePath: Sendable, Equatable {
  /// One point of the line.
  public struct Point: Sendable, Equatable {
    /// Latitude, degrees (WGS 84).
    public var latitude: Double
    /// Longitude, degrees (WGS 84).
    public var longitude: Double
    /// Elevation, m, or `nil` when the track has none here.
    public var altitude: Double?

    /// A point.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
      self.latitude = latitude
      self.longitude = longitude
      self.altitude = altitude
    }
  }

  /// The mean Earth radius, m (as `CLLocation.distance(from:)`): 6 371 008.8.
  public static let earthRadius = 6_371_008.8

  /// The points, in order, without repeats of the same position.
  public let points: [Point]
  /// The distance from the first point to each point along the line, m.
  public let distances: [Double]

  /// The line through `points` (at least two distinct positions; repeated positions are
  /// dropped), or `nil` when fewer than two distinct positions remain.
  public init?(points: [Point]) {
    var kept: [Point] = []
    var distances: [Double] = []
    for point in points {
      if let last = kept.last {
        let leg = Self.haversine(last.latitude, last.longitude, point.latitude, point.longitude)
        guard leg > 0 else { continue }
        distances.append(distances[distances.count - 1] + leg)
      } else {
        distances.append(0)
      }
      kept.append(point)
    }
    guard kept.count >= 2 else { return nil }
    self.points = kept
    self.distances = distances
  }

  /// The line's length, m.
  public var length: Double { distances[distances.count - 1] }

  /// Whether every point has an elevation.
  public var hasAltitudes: Bool { points.allSatisfy { $0.altitude != nil } }

  /// The leg holding `distance` (the last leg past the end, the first before the start) and
  /// the fraction of it travelled (above 1 past the end).
  private func leg(at distance: Double) -> (index: Int, fraction: Double) {
    var low = 0
    var high = distances.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if distances[mid] <= distance { low = mid } else { high = mid }
    }
    let span = distances[high] - distances[low]
    return (low, (distance - distances[low]) / span)
  }

  /// The position `distance` m along the line: latitude, longitude, the elevation (`nil` when
  /// a point of its leg has none) and the bearing of its leg, degrees clockwise from north.
  public func position(at distance: Double) -> (
    latitude: Double, longitude: Double, altitude: Double?, bearing: Double
  ) {
    let (index, fraction) = leg(at: max(0, distance))
    let from = points[index]
    let to = points[index + 1]
    let bearing = Self.bearing(from.latitude, from.longitude, to.latitude, to.longitude)
    let altitude = from.altitude.flatMap { a in
      to.altitude.map { b in a + (b - a) * min(fraction, 1) }
    }
    if fraction > 1 {
      let (latitude, longitude) = Self.destination(
        to.latitude, to.longitude, bearing, distance - distances[index + 1])
      return (latitude, longitude, altitude, bearing)
    }
    return (
      from.latitude + (to.latitude - from.latitude) * fraction,
      from.longitude + (to.longitude - from.longitude) * fraction, altitude, bearing
    )
  }

  /// The mean grade between `start` and `end` m along the line (the elevation difference over
  /// the distance), or `nil` when the distance is not above 0 or an elevation is missing.
  public func grade(from start: Double, to end: Double) -> Double? {
    guard end > start, let rise = position(at: end).altitude,
      let base = position(at: start).altitude
    else { return nil }
    return (rise - base) / (end - start)
  }

  /// The great-circle distance, m, on ``earthRadius`` (haversine).
  public static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    let radians = Double.pi / 180
    let dPhi = (lat2 - lat1) * radians
    let dLambda = (lon2 - lon1) * radians
    let a =
      Elementary.sin(dPhi / 2) * Elementary.sin(dPhi / 2) + Elementary.cos(lat1 * radians)
      * Elementary.cos(lat2 * radians)
      * Elementary.sin(dLambda / 2) * Elementary.sin(dLambda / 2)
    return 2 * earthRadius * Elementary.atan2(a.squareRoot(), (1 - a).squareRoot())
  }

  /// The initial bearing from the first point to the second, degrees in 0..<360.
  public static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    let radians = Double.pi / 180
    let phi1 = lat1 * radians
    let phi2 = lat2 * radians
    let dLambda = (lon2 - lon1) * radians
    let y = Elementary.sin(dLambda) * Elementary.cos(phi2)
    let x =
      Elementary.cos(phi1) * Elementary.sin(phi2) - Elementary.sin(phi1) * Elementary.cos(phi2)
      * Elementary.cos(dLambda)
    let degrees = Elementary.atan2(y, x) / radians
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// The bearing of travel, degrees in 0..<360, on arriving at the second point along the
  /// great circle from the first: the initial bearing from the second point back to the first,
  /// turned by 180° (a great circle's bearing changes along it except on the equator and the
  /// meridians; the heading of a course on `gps` is its bearing where the body is now).
  public static func finalBearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    let back = bearing(lat2, lon2, lat1, lon1) + 180
    return back >= 360 ? back - 360 : back
  }

  /// The point `distance` m from a point along the great circle leaving on `heading` degrees.
  public static func destination(
    _ latitude: Double, _ longitude: Double, _ heading: Double, _ distance: Double
  ) -> (Double, Double) {
    let radians = Double.pi / 180
    let phi1 = latitude * radians
    let lambda1 = longitude * radians
    let theta = heading * radians
    let delta = distance / earthRadius
    let sinPhi2 =
      Elementary.sin(phi1) * Elementary.cos(delta) + Elementary.cos(phi1) * Elementary.sin(delta)
      * Elementary.cos(theta)
    // asin by atan2: asin x = atan2(x, √(1 − x²)).
    let phi2 = Elementary.atan2(sinPhi2, (1 - sinPhi2 * sinPhi2).squareRoot())
    let lambda2 =
      lambda1
      + Elementary.atan2(
        Elementary.sin(theta) * Elementary.sin(delta) * Elementary.cos(phi1),
        Elementary.cos(delta) - Elementary.sin(phi1) * sinPhi2)
    var longitude2 = lambda2 / radians
    if longitude2 > 180 { longitude2 -= 360 }
    if longitude2 < -180 { longitude2 += 360 }
    return (phi2 / radians, longitude2)
  }
}
