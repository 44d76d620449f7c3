import WorkoutCore

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
    /// `track`: a GPX file (its path relative to the scenario file) whose track is the line the
    /// scripted course follows instead of the start point and heading, its elevations the
    /// altitude and the grade of segments that give none (docs/scenario-format.md#gps); `nil`
    /// for none.
    public var track: String?

    /// A start point and heading; the defaults are ``defaultStart``, 20 m, due north, no track.
    public init(
      latitude: Double = GPS.defaultStart.latitude, longitude: Double = GPS.defaultStart.longitude,
      altitude: Double = 20, heading: Double = 0, track: String? = nil
    ) {
      self.latitude = latitude
      self.longitude = longitude
      self.altitude = altitude
      self.heading = heading
      self.track = track
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

extension Scenario {
  /// `sensors.location`: the watch's GPS as a receiver on the wrist gives it
  /// (docs/scenario-format.md#location): the accuracy each fix reports and the seeded,
  /// time-correlated error a scripted course's fixes get, the spacing of fixes, and spans with
  /// no fix (a tunnel, under water, indoors). Without the key the receiver has these defaults
  /// (`LocationSensor()`: 5 m, 10 m, 60 s; docs/models.md#gps-fixes gives their sources).
  public struct LocationSensor: Sendable, Equatable {
    /// `enabled`: `false` gives no fix at all (a watch whose GPS is off), as one long dropout.
    public var enabled: Bool
    /// `horizontalAccuracy`: the radius every fix reports, m, 0 to 1000; default 5. The
    /// scripted error's root-mean-square radial distance (DRMS) equals it: north and east
    /// errors each have the standard deviation `horizontalAccuracy / √2`.
    public var horizontalAccuracy: Double
    /// `verticalAccuracy`: the altitude's reported uncertainty and the scripted altitude
    /// error's standard deviation, m, 0 to 1000; default 10.
    public var verticalAccuracy: Double
    /// `correlationTime`: the time constant of the error's first-order Gauss–Markov
    /// (Ornstein–Uhlenbeck) process; default 60 s.
    public var correlationTime: Duration
    /// `interval`: the time between fixes, 0.1 to 600 s; `nil` for the default (1 s, 5 s in an
    /// open-water swim).
    public var interval: Duration?
    /// `dropouts`: half-open spans `[from, to)` of scenario time with no fix.
    public var dropouts: [Range<SimulationInstant>]

    /// The defaults: 5 m, 10 m, 60 s, the default interval, no dropouts.
    public init(
      enabled: Bool = true, horizontalAccuracy: Double = 5, verticalAccuracy: Double = 10,
      correlationTime: Duration = .seconds(60), interval: Duration? = nil,
      dropouts: [Range<SimulationInstant>] = []
    ) {
      self.enabled = enabled
      self.horizontalAccuracy = horizontalAccuracy
      self.verticalAccuracy = verticalAccuracy
      self.correlationTime = correlationTime
      self.interval = interval
      self.dropouts = dropouts
    }
  }
}
