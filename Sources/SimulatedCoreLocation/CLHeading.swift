import Foundation
import WorkoutPhysiology

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
  /// declination of the WMM2025 field model where the body is, at its height and the reading's
  /// date (docs/models.md#magnetic-field;
  /// Apple doc:
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

  /// A reading of `magnetic` degrees (`trueHeading` `trueValue`, −1 when not valid) at
  /// `timestamp` in the Earth's `field` (the WMM2025 model, docs/models.md#magnetic-field): the
  /// device held flat, screen up, its top towards the direction of travel, so magnetic north
  /// lies `magnetic` degrees anticlockwise from its y axis: x = −H·sin θ, y = H·cos θ, z = −Z
  /// for the horizontal intensity H and the downward component Z (positive in the northern
  /// hemisphere), as Core Motion's calibrated field of a flat device.
  init(magnetic: Double, true trueValue: Double, field: GeomagneticField, timestamp: Date) {
    magneticHeading = magnetic
    trueHeading = trueValue
    headingAccuracy = 0
    let radians = magnetic * .pi / 180
    let horizontal = field.horizontal
    x = -horizontal * sin(radians)
    y = horizontal * cos(radians)
    z = -field.down
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
