import Foundation

/// A component of the geomagnetic field, microteslas (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clheadingcomponentvalue).
public typealias CLHeadingComponentValue = Double

// swift-format-ignore: AlwaysUseLowerCamelCase
/// No heading filter: −1, every heading is delivered (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kclheadingfilternone).
public let kCLHeadingFilterNone: CLLocationDegrees = -1

/// The device's physical orientation, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cldeviceorientation). Kept as
/// ``CLLocationManager/headingOrientation``, without effect on the headings.
public enum CLDeviceOrientation: Int32, Sendable, Hashable {
  /// Unknown (0).
  case unknown = 0
  /// Upright, the home button or crown below (1), the default.
  case portrait = 1
  /// Upside down (2).
  case portraitUpsideDown = 2
  /// On its side, turned left (3).
  case landscapeLeft = 3
  /// On its side, turned right (4).
  case landscapeRight = 4
  /// Flat, screen up (5).
  case faceUp = 5
  /// Flat, screen down (6).
  case faceDown = 6
}

/// A compass reading (Apple doc: https://developer.apple.com/documentation/corelocation/clheading),
/// as ``CLLocationManager/startUpdatingHeading()`` delivers it (docs/swift-api.md#heading): the
/// bearing of the body's travel along the course, where it truly is.
public class CLHeading: NSObject, NSCopying, @unchecked Sendable {
  /// Degrees clockwise from magnetic north, 0..<360: ``trueHeading``'s bearing minus the
  /// declination, 0 in the simulated world (project rule: the scenario has no magnetic model),
  /// so equal to the true bearing (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clheading/magneticheading).
  public let magneticHeading: CLLocationDirection
  /// Degrees clockwise from true north, 0..<360, or −1 when the manager is not also running
  /// location updates (Apple: "valid value only if location updates are also enabled"; Apple
  /// doc: https://developer.apple.com/documentation/corelocation/clheading/trueheading).
  public let trueHeading: CLLocationDirection
  /// The largest error of ``magneticHeading``, degrees: 0, as the simulated compass reads the
  /// course's bearing without error (project rule, docs/swift-api.md#heading; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clheading/headingaccuracy).
  public let headingAccuracy: CLLocationDirection
  /// The geomagnetic field along the device's x axis (to the right of the screen), µT (Apple
  /// doc: https://developer.apple.com/documentation/corelocation/clheading/x).
  public let x: CLHeadingComponentValue
  /// The field along the device's y axis (to the top of the screen, the direction of travel),
  /// µT (Apple doc: https://developer.apple.com/documentation/corelocation/clheading/y).
  public let y: CLHeadingComponentValue
  /// The field along the device's z axis (out of the screen), µT (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clheading/z).
  public let z: CLHeadingComponentValue
  /// When the reading was taken (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clheading/timestamp).
  public let timestamp: Date

  /// The horizontal field the raw components are made from, µT (project rule: a fixed field
  /// of mid-latitude size, not a geomagnetic model; docs/swift-api.md#heading).
  static let horizontalField = 20.0
  /// The downward field, µT (the same rule).
  static let verticalField = 45.0

  /// A reading of `magnetic` degrees (`trueHeading` −1 when `isTrueValid` is `false`) at
  /// `timestamp`: the device held flat, screen up, its top towards the direction of travel,
  /// so magnetic north lies `magnetic` degrees anticlockwise from its y axis:
  /// x = −H·sin θ, y = H·cos θ, z = −V (the field points down in the northern hemisphere).
  init(magnetic: Double, true trueValue: Double, timestamp: Date) {
    magneticHeading = magnetic
    trueHeading = trueValue
    headingAccuracy = 0
    let radians = magnetic * .pi / 180
    x = -Self.horizontalField * sin(radians)
    y = Self.horizontalField * cos(radians)
    z = -Self.verticalField
    self.timestamp = timestamp
    super.init()
  }

  /// The same reading: it is immutable.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// `magneticHeading`, `trueHeading`, `headingAccuracy` and the time, as Apple's description
  /// gives them.
  public override var description: String {
    "magneticHeading \(magneticHeading) trueHeading \(trueHeading) accuracy \(headingAccuracy) "
      + "x \(x) y \(y) z \(z) @ \(timestamp)"
  }
}
