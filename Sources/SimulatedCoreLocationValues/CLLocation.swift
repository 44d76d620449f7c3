// SimulatedCoreLocationValues: Core Location's value types (CLLocation, CLLocationCoordinate2D
// and their unit aliases), in a module of their own because both SimulatedHealthKit (the route
// builder takes CLLocation, as HealthKit imports CoreLocation) and SimulatedCoreLocation (the
// location manager, built on SimulatedHealthKit's simulation) need them. Both re-export it: an
// app imports SimulatedCoreLocation or SimulatedHealthKit, never this module.
// Apple's API: https://developer.apple.com/documentation/corelocation
import Foundation

/// Degrees of latitude or longitude (WGS 84; Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationdegrees).
public typealias CLLocationDegrees = Double
/// A distance, m (Apple doc: https://developer.apple.com/documentation/corelocation/cllocationdistance).
public typealias CLLocationDistance = Double
/// An accuracy, m: the radius of uncertainty; negative when the value is invalid (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationaccuracy).
public typealias CLLocationAccuracy = Double
/// A speed, m/s; negative when invalid (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationspeed).
public typealias CLLocationSpeed = Double
/// A speed's accuracy, m/s (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationspeedaccuracy).
public typealias CLLocationSpeedAccuracy = Double
/// A direction, degrees clockwise from true north; negative when invalid (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationdirection).
public typealias CLLocationDirection = Double
/// A direction's accuracy, degrees (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationdirectionaccuracy).
public typealias CLLocationDirectionAccuracy = Double

/// A latitude and longitude, WGS 84 (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d). Not
/// `Equatable`, as Apple's C struct is not (apps that add the conformance keep compiling).
public struct CLLocationCoordinate2D: Sendable {
  /// Degrees north of the equator, −90 to 90.
  public var latitude: CLLocationDegrees
  /// Degrees east of the prime meridian, −180 to 180.
  public var longitude: CLLocationDegrees

  /// 0, 0.
  public init() {
    latitude = 0
    longitude = 0
  }

  /// The coordinate `latitude`, `longitude`.
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The coordinate `latitude`, `longitude` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2dmake(_:_:)).
public func CLLocationCoordinate2DMake(
  _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
  CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Whether `coordinate` lies on the globe: latitude within −90...90 and longitude within
/// −180...180 (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2disvalid(_:)).
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
  (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The invalid coordinate, −180, −180 (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationcoordinate2dinvalid).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// A position with its accuracy, altitude, course and speed at an instant, Core Location's
/// `CLLocation` (Apple doc: https://developer.apple.com/documentation/corelocation/cllocation).
/// Immutable, so `Sendable` as Apple's. Equal when every value is.
public class CLLocation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The position.
  public let coordinate: CLLocationCoordinate2D
  /// Altitude above mean sea level, m.
  public let altitude: CLLocationDistance
  /// Altitude above the WGS 84 ellipsoid, m: the same as ``altitude`` here (the geoid is not
  /// simulated).
  public let ellipsoidalAltitude: CLLocationDistance
  /// The radius of uncertainty of ``coordinate``, m; negative when the coordinate is invalid.
  public let horizontalAccuracy: CLLocationAccuracy
  /// The uncertainty of ``altitude``, m; negative when the altitude is invalid.
  public let verticalAccuracy: CLLocationAccuracy
  /// The direction of travel, degrees clockwise from true north; −1 when unknown.
  public let course: CLLocationDirection
  /// The accuracy of ``course``, degrees; −1 when unknown.
  public let courseAccuracy: CLLocationDirectionAccuracy
  /// The speed, m/s; −1 when unknown.
  public let speed: CLLocationSpeed
  /// The accuracy of ``speed``, m/s; −1 when unknown.
  public let speedAccuracy: CLLocationSpeedAccuracy
  /// When the position was determined.
  public let timestamp: Date
  /// Where the location came from, or `nil` for a location the app made without it (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/sourceinformation;
  /// iOS 15, watchOS 8). The simulation's fixes stand in for the device's own receiver, so they
  /// carry one with ``CLLocationSourceInformation/isSimulatedBySoftware`` and
  /// ``CLLocationSourceInformation/isProducedByAccessory`` `false`: an app that rejects
  /// simulated locations keeps them, as it would a device's (project rule,
  /// docs/swift-api.md#core-location). Not compared by `isEqual(_:)` and not archived.
  public let sourceInformation: CLLocationSourceInformation?
  /// The floor of the building the device is in: always `nil`, the simulated world has no
  /// buildings (Apple doc: https://developer.apple.com/documentation/corelocation/cllocation/floor:
  /// `nil` where the floor cannot be determined).
  public var floor: CLFloor? { nil }

  /// A location at `latitude`, `longitude` now, with altitude 0, horizontal accuracy 0,
  /// vertical accuracy −1 and no course or speed (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/init(latitude:longitude:)).
  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.init(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
      horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1,
      speedAccuracy: -1, timestamp: Date())
  }

  /// A location without course or speed (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:timestamp:)).
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
      timestamp: timestamp)
  }

  /// A location with course and speed of unknown accuracy (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:speed:timestamp:)).
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
    speed: CLLocationSpeed, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: -1, speed: speed,
      speedAccuracy: -1, timestamp: timestamp)
  }

  /// A location with every value (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:courseaccuracy:speed:speedaccuracy:timestamp:)).
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
    courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
    speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
      speedAccuracy: speedAccuracy, timestamp: timestamp, source: nil)
  }

  /// A location with every value and its source (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:courseaccuracy:speed:speedaccuracy:timestamp:sourceinfo:)).
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
    courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
    speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date,
    sourceInfo: CLLocationSourceInformation
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
      speedAccuracy: speedAccuracy, timestamp: timestamp, source: sourceInfo)
  }

  /// Every value; `source` may be `nil`.
  init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
    courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
    speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date, source: CLLocationSourceInformation?
  ) {
    self.sourceInformation = source
    self.coordinate = coordinate
    self.altitude = altitude
    self.ellipsoidalAltitude = altitude
    self.horizontalAccuracy = hAccuracy
    self.verticalAccuracy = vAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.timestamp = timestamp
    super.init()
  }

  /// `true`: a location archives with `NSKeyedArchiver` under `requiringSecureCoding: true`, as
  /// Apple's `CLLocation` does (it conforms to `NSSecureCoding`; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation).
  public static var supportsSecureCoding: Bool { true }

  /// Writes every value (the keys are this package's own).
  public func encode(with coder: NSCoder) {
    let values: [(String, Double)] = [
      ("latitude", coordinate.latitude), ("longitude", coordinate.longitude),
      ("altitude", altitude), ("horizontalAccuracy", horizontalAccuracy),
      ("verticalAccuracy", verticalAccuracy), ("course", course),
      ("courseAccuracy", courseAccuracy), ("speed", speed), ("speedAccuracy", speedAccuracy),
    ]
    for (key, value) in values { coder.encode(value, forKey: key) }
    coder.encode(timestamp as NSDate, forKey: "timestamp")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a time stamp.
  public required convenience init?(coder: NSCoder) {
    guard let timestamp = coder.decodeObject(of: NSDate.self, forKey: "timestamp") else {
      return nil
    }
    self.init(
      coordinate: CLLocationCoordinate2D(
        latitude: coder.decodeDouble(forKey: "latitude"),
        longitude: coder.decodeDouble(forKey: "longitude")),
      altitude: coder.decodeDouble(forKey: "altitude"),
      horizontalAccuracy: coder.decodeDouble(forKey: "horizontalAccuracy"),
      verticalAccuracy: coder.decodeDouble(forKey: "verticalAccuracy"),
      course: coder.decodeDouble(forKey: "course"),
      courseAccuracy: coder.decodeDouble(forKey: "courseAccuracy"),
      speed: coder.decodeDouble(forKey: "speed"),
      speedAccuracy: coder.decodeDouble(forKey: "speedAccuracy"), timestamp: timestamp as Date)
  }

  /// The mean Earth radius the distance uses, m: 6 371 008.8 (IUGG mean radius R1; Apple does
  /// not publish its Earth model).
  public static let earthRadius = 6_371_008.8

  /// The great-circle distance to `location`, m, ignoring altitude (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocation/distance(from:): "tracing
  /// a line between the two points that follows the curvature of the Earth"): the haversine
  /// formula on a sphere of radius ``earthRadius``,
  /// `2R·asin(√(sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)))` (R. W. Sinnott, "Virtues of the
  /// Haversine", Sky and Telescope 68 (2), 1984).
  public func distance(from location: CLLocation) -> CLLocationDistance {
    let radians = Double.pi / 180
    let phi1 = coordinate.latitude * radians
    let phi2 = location.coordinate.latitude * radians
    let dPhi = (location.coordinate.latitude - coordinate.latitude) * radians
    let dLambda = (location.coordinate.longitude - coordinate.longitude) * radians
    let h =
      sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * Self.earthRadius * asin(min(1, h.squareRoot()))
  }

  /// Locations are immutable: the copy is the location itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when `object` is a location with the same values.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLLocation else { return false }
    return other.coordinate.latitude == coordinate.latitude
      && other.coordinate.longitude == coordinate.longitude && other.altitude == altitude
      && other.horizontalAccuracy == horizontalAccuracy
      && other.verticalAccuracy == verticalAccuracy && other.course == course
      && other.speed == speed && other.timestamp == timestamp
  }

  /// A hash of the position and the time stamp.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(coordinate.latitude)
    hasher.combine(coordinate.longitude)
    hasher.combine(timestamp)
    return hasher.finalize()
  }

  /// `<+37.33490000,-122.00900000> +/- 5.00m (speed 3.00 mps / course 90.00) @ <date>`, the
  /// shape of Apple's description.
  public override var description: String {
    func fixed(_ value: Double, _ digits: Int) -> String {
      String(format: "%.\(digits)f", value)
    }
    let latitude = (coordinate.latitude >= 0 ? "+" : "") + fixed(coordinate.latitude, 8)
    let longitude = (coordinate.longitude >= 0 ? "+" : "") + fixed(coordinate.longitude, 8)
    return "<\(latitude),\(longitude)> +/- \(fixed(horizontalAccuracy, 2))m (speed "
      + "\(fixed(speed, 2)) mps / course \(fixed(course, 2))) @ \(timestamp)"
  }
}

/// Where a location came from (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationsourceinformation; iOS 15,
/// watchOS 8). Immutable.
public final class CLLocationSourceInformation: NSObject, Sendable {
  /// Whether software on the device simulated the location (Xcode's GPX files on a device)
  /// (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationsourceinformation/issimulatedbysoftware).
  public let isSimulatedBySoftware: Bool
  /// Whether an external accessory (a GPS receiver, CarPlay) produced it (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationsourceinformation/isproducedbyaccessory).
  public let isProducedByAccessory: Bool

  /// Source information with both flags (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationsourceinformation/init(softwaresimulationstate:andexternalaccessorystate:)).
  public init(softwareSimulationState isSoftware: Bool, andExternalAccessoryState isAccessory: Bool)
  {
    isSimulatedBySoftware = isSoftware
    isProducedByAccessory = isAccessory
    super.init()
  }

  /// Equal when both flags are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLLocationSourceInformation else { return false }
    return isSimulatedBySoftware == other.isSimulatedBySoftware
      && isProducedByAccessory == other.isProducedByAccessory
  }

  /// From the flags.
  public override var hash: Int {
    (isSimulatedBySoftware ? 1 : 0) + (isProducedByAccessory ? 2 : 0)
  }
}

/// The floor of a building the device is on (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clfloor). Apps never make one (Apple:
/// "You do not create instances of this class directly"), and the simulation never reports
/// one: ``CLLocation/floor`` is always `nil`.
public final class CLFloor: NSObject, Sendable {
  /// The floor's logical level: 0 the ground floor, negative below it (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clfloor/level).
  public let level: Int

  init(level: Int) {
    self.level = level
    super.init()
  }
}
