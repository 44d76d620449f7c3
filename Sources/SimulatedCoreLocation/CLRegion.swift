import Foundation

/// Whether the device is inside a region, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clregionstate).
public enum CLRegionState: Int, Sendable, Hashable {
  /// Not known yet (0): before the first position after monitoring starts.
  case unknown = 0
  /// Inside (1).
  case inside = 1
  /// Outside (2).
  case outside = 2
}

/// An area the location manager can monitor (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clregion): the base class; make a
/// ``CLCircularRegion`` (docs/swift-api.md#region-monitoring). Two regions are equal when they
/// are of the same class with the same identifier, centre and radius.
public class CLRegion: NSObject, NSCopying, @unchecked Sendable {
  /// The app's name for the region; monitoring a region with the identifier of one already
  /// monitored replaces it (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clregion/identifier).
  public let identifier: String
  private let lock = NSLock()
  private var flags = (entry: true, exit: true)

  /// Whether entering it calls `locationManager(_:didEnterRegion:)`; default `true` (Apple
  /// doc: https://developer.apple.com/documentation/corelocation/clregion/notifyonentry).
  public var notifyOnEntry: Bool {
    get { lock.withLock { flags.entry } }
    set { lock.withLock { flags.entry = newValue } }
  }

  /// Whether leaving it calls `locationManager(_:didExitRegion:)`; default `true` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clregion/notifyonexit).
  public var notifyOnExit: Bool {
    get { lock.withLock { flags.exit } }
    set { lock.withLock { flags.exit = newValue } }
  }

  init(identifier: String) {
    self.identifier = identifier
    super.init()
  }

  /// A copy with the same identifier and notification flags.
  public func copy(with zone: NSZone? = nil) -> Any {
    let copy = CLRegion(identifier: identifier)
    copy.copyFlags(from: self)
    return copy
  }

  /// Takes `other`'s notification flags.
  func copyFlags(from other: CLRegion) {
    let (entry, exit) = (other.notifyOnEntry, other.notifyOnExit)
    notifyOnEntry = entry
    notifyOnExit = exit
  }

  /// The same class and identifier (a ``CLCircularRegion`` also compares centre and radius).
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
    return other.identifier == identifier
  }

  /// The identifier's hash.
  public override var hash: Int { identifier.hashValue }
}

/// A circle on the globe (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clcircularregion), for
/// ``CLLocationManager/startMonitoring(for:)`` on the iPhone and for ``contains(_:)`` anywhere.
public class CLCircularRegion: CLRegion, @unchecked Sendable {
  /// The centre (Apple doc: https://developer.apple.com/documentation/corelocation/clcircularregion/center).
  public let center: CLLocationCoordinate2D
  /// The radius, m (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clcircularregion/radius).
  public let radius: CLLocationDistance

  /// The circle of `radius` m around `center`, named `identifier` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clcircularregion/init(center:radius:identifier:)).
  public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
    self.center = center
    self.radius = radius
    super.init(identifier: identifier)
  }

  /// Whether `coordinate` is in the circle: its great-circle distance from ``center``, as
  /// `CLLocation.distance(from:)` gives it, is at most ``radius`` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clcircularregion/contains(_:)).
  /// The one home of the rule that region monitoring applies to the body's position.
  public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    let point = CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)
    return point.distance(from: CLLocation(latitude: center.latitude, longitude: center.longitude))
      <= radius
  }

  /// A copy with the same centre, radius, identifier and flags.
  public override func copy(with zone: NSZone? = nil) -> Any {
    let copy = CLCircularRegion(center: center, radius: radius, identifier: identifier)
    copy.copyFlags(from: self)
    return copy
  }

  /// The same identifier, centre and radius.
  public override func isEqual(_ object: Any?) -> Bool {
    guard super.isEqual(object), let other = object as? CLCircularRegion else { return false }
    return other.center.latitude == center.latitude && other.center.longitude == center.longitude
      && other.radius == radius
  }

  /// The identifier's hash (equal regions have equal identifiers).
  public override var hash: Int { super.hash }
}
