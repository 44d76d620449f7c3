// SimulatedCoreMotion: Core Motion's activity manager and pedometer on an AppSimulation's
// virtual time: the body's motion from the course, the scenario's `motion` spans and the
// health days' walking bouts, reported with a documented latency; steps from the health store
// and the live workouts not saved yet (docs/swift-api.md#core-motion). Apple's API: https://developer.apple.com/documentation/coremotion
// Re-exports Foundation, as Apple's framework does: `Date`, `DateComponents` and `URL` are in
// scope with this module's import alone.
@_exported import Foundation
// The simulation (`AppSimulation`) the framework runs on: a test that imports only this module
// can make one.
@_exported import SimulationDriver
import SimulationDriver

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Core Motion's error domain, `"CMErrorDomain"` (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmerrordomain): the domain of the
/// `NSError`s the handlers get, whose code is a ``CMError`` raw value.
public let CMErrorDomain = "CMErrorDomain"

/// A Core Motion error code, as Swift imports the C enum: a struct with a `UInt32` raw value
/// and one global constant per case (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmerror). Compare an error with
/// `(error as NSError).code == Int(CMErrorMotionActivityNotAuthorized.rawValue)`.
public struct CMError: Equatable, Hashable, RawRepresentable, Sendable {
  /// The code.
  public var rawValue: UInt32

  /// The error with code `rawValue`.
  public init(_ rawValue: UInt32) { self.rawValue = rawValue }

  /// The error with code `rawValue`.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// No error (100).
public let CMErrorNULL = CMError(100)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device must move (101).
public let CMErrorDeviceRequiresMovement = CMError(101)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// True north is not available (102; Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmerrortruenorthnotavailable: "usually
/// indicates that the device's location isn't yet available"). Never produced here: the
/// simulated devices always have location services on, so device motion in
/// ``CMAttitudeReferenceFrame/xTrueNorthZVertical`` always has true north
/// (docs/swift-api.md#not-simulated-yet).
public let CMErrorTrueNorthNotAvailable = CMError(102)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// An unknown error (103).
public let CMErrorUnknown = CMError(103)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device has no motion activity support (104).
public let CMErrorMotionActivityNotAvailable = CMError(104)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The app is not authorized for motion activity (105): the scenario's
/// `authorization.motion` is `"denied"`.
public let CMErrorMotionActivityNotAuthorized = CMError(105)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The app lacks the entitlement (106).
public let CMErrorMotionActivityNotEntitled = CMError(106)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// An invalid parameter (107).
public let CMErrorInvalidParameter = CMError(107)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// An invalid action (108).
public let CMErrorInvalidAction = CMError(108)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Not available (109).
public let CMErrorNotAvailable = CMError(109)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Not entitled (110).
public let CMErrorNotEntitled = CMError(110)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Not authorized (111).
public let CMErrorNotAuthorized = CMError(111)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Nil data (112).
public let CMErrorNilData = CMError(112)
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Size (113).
public let CMErrorSize = CMError(113)

/// The app's Motion & Fitness authorization, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmauthorizationstatus).
public enum CMAuthorizationStatus: Int, Sendable, Hashable {
  /// The user has not answered (0).
  case notDetermined = 0
  /// Restricted (1).
  case restricted = 1
  /// The user denied access (2): `authorization.motion: "denied"`.
  case denied = 2
  /// The user allowed access (3): the default.
  case authorized = 3
}

extension CMError {
  /// The `NSError` a handler gets for this code: domain ``CMErrorDomain``; Apple publishes no
  /// text, so the description is Foundation's generic one,
  /// `"The operation couldn’t be completed. (CMErrorDomain error 105.)"`.
  var error: NSError {
    error(description: "The operation couldn’t be completed. (CMErrorDomain error \(rawValue).)")
  }

  /// The `NSError` of this code with the simulation's own `description` (a project rule's
  /// refusal, such as the strict-dates error of ``CMErrorInvalidParameter``).
  func error(description: String) -> NSError {
    NSError(
      domain: CMErrorDomain, code: Int(rawValue),
      userInfo: [NSLocalizedDescriptionKey: description])
  }
}

/// A value carried across the callback lane: app closures and objects used only in the lane,
/// one call at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
