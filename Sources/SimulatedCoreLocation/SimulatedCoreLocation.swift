// SimulatedCoreLocation: Core Location's location manager and live updates on a
// AppSimulation's virtual time: fixes from the course (a replay's recorded positions, or a
// scripted course's straight route from the scenario's `gps` start point), at 1 Hz on the
// simulation's agenda, with documented accuracy and seeded noise (docs/swift-api.md#core-location).
// Apple's API: https://developer.apple.com/documentation/corelocation
// Re-exports Foundation, as Apple's framework does, and the location values (`CLLocation`).
@_exported import Foundation
@_exported import SimulatedCoreLocationValues
// The simulation (`AppSimulation`) the framework runs on: a test that imports only this module
// can make one.
@_exported import SimulationDriver

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Core Location's error domain, `"kCLErrorDomain"` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kclerrordomain).
public let kCLErrorDomain = "kCLErrorDomain"

/// A Core Location error, as the delegate's `didFailWithError` gets it (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clerror-swift.struct): compare with
/// `(error as? CLError)?.code == .denied` or `(error as NSError).code ==
/// CLError.Code.denied.rawValue` in domain ``kCLErrorDomain``.
public struct CLError: Error, CustomNSError, Hashable, Sendable {
  /// The error codes, with Apple's raw values (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code).
  public enum Code: Int, Sendable, Hashable {
    /// No location right now (0): a `requestLocation()` indoors.
    case locationUnknown = 0
    /// The user denied location access (1): `authorization.location: "denied"`.
    case denied = 1
    /// The network is unavailable (2).
    case network = 2
    /// The heading could not be determined (3).
    case headingFailure = 3
    /// Region monitoring denied (4).
    case regionMonitoringDenied = 4
    /// Region monitoring failed (5).
    case regionMonitoringFailure = 5
    /// Region monitoring could not start at once (6).
    case regionMonitoringSetupDelayed = 6
    /// Region events may be delayed (7).
    case regionMonitoringResponseDelayed = 7
    /// Geocoding found nothing (8).
    case geocodeFoundNoResult = 8
    /// Geocoding found part of a result (9).
    case geocodeFoundPartialResult = 9
    /// Geocoding was cancelled (10).
    case geocodeCanceled = 10
    /// Deferred mode failed (11).
    case deferredFailed = 11
    /// Deferred mode without location updates (12).
    case deferredNotUpdatingLocation = 12
    /// Deferred mode with too low an accuracy (13).
    case deferredAccuracyTooLow = 13
    /// Deferred mode with a distance filter (14).
    case deferredDistanceFiltered = 14
    /// Deferred mode was cancelled (15).
    case deferredCanceled = 15
    /// Ranging is unavailable (16).
    case rangingUnavailable = 16
    /// Ranging failed (17).
    case rangingFailure = 17
    /// The user declined temporary full accuracy (18).
    case promptDeclined = 18
  }

  /// The code.
  public let code: Code
  /// Why the simulation failed, for the errors that need saying (``CLGeocoder``'s), or `nil`.
  let message: String?
  /// Extra information: `NSLocalizedDescriptionKey` with the simulation's reason when it gives
  /// one (``CLGeocoder``), else empty.
  public var errorUserInfo: [String: Any] {
    message.map { [NSLocalizedDescriptionKey: $0] } ?? [:]
  }

  /// The error `code`.
  public init(_ code: Code) { self.init(code, message: nil) }

  /// The error `code` with the simulation's reason.
  init(_ code: Code, message: String?) {
    self.code = code
    self.message = message
  }

  /// ``kCLErrorDomain``.
  public static var errorDomain: String { kCLErrorDomain }
  /// The code's raw value.
  public var errorCode: Int { code.rawValue }

  /// ``Code/locationUnknown``.
  public static var locationUnknown: Code { .locationUnknown }
  /// ``Code/denied``.
  public static var denied: Code { .denied }
  /// ``Code/network``.
  public static var network: Code { .network }
  /// ``Code/promptDeclined``.
  public static var promptDeclined: Code { .promptDeclined }
}

/// The app's location authorization, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clauthorizationstatus).
public enum CLAuthorizationStatus: Int32, Sendable, Hashable {
  /// The app has not asked (0).
  case notDetermined = 0
  /// Restricted (1).
  case restricted = 1
  /// The user denied access (2).
  case denied = 2
  /// Always (3): after `requestAlwaysAuthorization()`.
  case authorizedAlways = 3
  /// When in use (4): after `requestWhenInUseAuthorization()`.
  case authorizedWhenInUse = 4

  /// The old name of ``authorizedAlways`` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorized).
  @available(*, deprecated, renamed: "authorizedAlways")
  public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}

/// Whether the app gets precise locations, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/corelocation/claccuracyauthorization).
public enum CLAccuracyAuthorization: Int, Sendable, Hashable {
  /// Precise locations (0).
  case fullAccuracy = 0
  /// Approximate locations (1): `authorization.location: "reducedAccuracy"`.
  case reducedAccuracy = 1
}

/// What the app uses locations for, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clactivitytype). Kept; the simulated
/// fixes do not depend on it.
public enum CLActivityType: Int, Sendable, Hashable {
  /// Unspecified (1), the default.
  case other = 1
  /// Driving on roads (2).
  case automotiveNavigation = 2
  /// Fitness sessions: walking, running, cycling workouts (3).
  case fitness = 3
  /// Other transport off roads (4).
  case otherNavigation = 4
  /// In the air (5).
  case airborne = 5
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The best accuracy, for navigation: −2 (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracybestfornavigation).
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The best accuracy: −1, the default `desiredAccuracy` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracybest).
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Ten metres (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracynearesttenmeters).
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
// swift-format-ignore: AlwaysUseLowerCamelCase
/// A hundred metres (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracyhundredmeters).
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
// swift-format-ignore: AlwaysUseLowerCamelCase
/// A kilometre (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracykilometer).
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Three kilometres (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracythreekilometers).
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The accuracy of reduced-accuracy fixes, 3000 m (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcllocationaccuracyreduced).
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
// swift-format-ignore: AlwaysUseLowerCamelCase
/// No distance filter: −1, the default `distanceFilter` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/kcldistancefilternone).
public let kCLDistanceFilterNone: CLLocationDistance = -1
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The largest distance (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationdistancemax).
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

/// A value carried across the callback lane: app objects used only in the lane, one call at a
/// time.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
