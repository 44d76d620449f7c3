extension Scenario {
  /// `gps`: where a scripted course is on the globe, for SimulatedCoreLocation's fixes
  /// (docs/scenario-format.md#gps): the start point, its altitude and the heading the body
  /// moves in. A recording's course ignores it (the recorded positions are the route).
  public struct GPS: Sendable, Equatable {
    /// The default start point: 37.3349° N, 122.0090° W (a project choice: Apple Park,
    /// Cupertino), altitude 20 m, heading 0° (due north).
    public static let defaultStart = (latitude: 37.3349, longitude: -122.0090)

    /// `latitude`: the start point's latitude, degrees (WGS 84), −90 to 90.
    public var latitude: Double
    /// `longitude`: the start point's longitude, degrees (WGS 84), −180 to 180.
    public var longitude: Double
    /// `altitude`: the start point's altitude above sea level, m; the course's grade climbs
    /// from it.
    public var altitude: Double
    /// `heading`: the direction the body moves in, degrees clockwise from true north, at least
    /// 0 and below 360.
    public var heading: Double

    /// A start point and heading; the defaults are ``defaultStart``, 20 m, due north.
    public init(
      latitude: Double = GPS.defaultStart.latitude, longitude: Double = GPS.defaultStart.longitude,
      altitude: Double = 20, heading: Double = 0
    ) {
      self.latitude = latitude
      self.longitude = longitude
      self.altitude = altitude
      self.heading = heading
    }
  }

  /// The answer to Core Location's permission prompt (`authorization.location`).
  public enum LocationAnswer: String, Sendable, Equatable, CaseIterable {
    /// The user allowed what the app asked for (when in use, or always), with precise
    /// locations.
    case granted
    /// The user allowed it with Precise Location off: reduced accuracy.
    case reducedAccuracy
    /// The user denied location access.
    case denied
  }
}
