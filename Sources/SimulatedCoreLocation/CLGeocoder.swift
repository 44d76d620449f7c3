import Foundation
import SimulatedCoreLocationValues
import SimulationDriver

/// The handler of a geocoding request: placemarks, or an error (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clgeocodecompletionhandler).
public typealias CLGeocodeCompletionHandler = @Sendable ([CLPlacemark]?, (any Error)?) -> Void

/// Core Location's geocoder (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clgeocoder; deprecated in iOS 26 and
/// watchOS 26 for MapKit's `MKReverseGeocodingRequest`). Geocoding asks Apple's map servers;
/// the simulated world has no map data, so every request fails with ``CLError``
/// ``CLError/Code/geocodeFoundNoResult`` (Apple: "the geocode request yielded no result"), whose
/// `localizedDescription` says so, and apps take their path without a place name (project
/// rule, docs/swift-api.md#core-location). The handler runs in the simulation's callback lane,
/// as Apple's on the main thread.
@available(iOS, deprecated: 26.0, message: "Use MapKit")
@available(watchOS, deprecated: 26.0, message: "Use MapKit")
public final class CLGeocoder: NSObject, @unchecked Sendable {
  private weak var simulation: AppSimulation?
  private let device: AppSimulation.Device

  /// A geocoder of the current simulation; traps outside a simulation's `run` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder).
  public override init() {
    simulation = AppSimulation.requireCurrent("CLGeocoder()", deviceDependent: true)
    device = AppSimulation.device
    super.init()
  }

  /// `false`: a request fails as it is made, so none is ever running (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder/isgeocoding).
  public var isGeocoding: Bool { false }

  /// The error every request gets.
  static func noMapData(_ call: String) -> CLError {
    CLError(
      .geocodeFoundNoResult,
      message:
        "CLGeocoder.\(call): the simulation has no map data, so geocoding finds no result; "
        + "show the coordinates or a name the app keeps itself")
  }

  /// Looks up the place at `location` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder/reversegeocodelocation(_:completionhandler:)):
  /// `completionHandler` gets `nil` and ``CLError/Code/geocodeFoundNoResult`` at the next
  /// delivery.
  public func reverseGeocodeLocation(
    _ location: CLLocation, completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    fail("reverseGeocodeLocation(_:)", completionHandler)
  }

  /// Looks up the place at `location`, the `async` form (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder/reversegeocodelocation(_:completionhandler:)):
  /// throws ``CLError/Code/geocodeFoundNoResult``.
  nonisolated(nonsending) public func reverseGeocodeLocation(_ location: CLLocation) async throws
    -> [CLPlacemark]
  {
    if let simulation { await simulation.deliver(of: "CLGeocoder") }
    throw Self.noMapData("reverseGeocodeLocation(_:)")
  }

  /// Looks up the places an address names (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder/geocodeaddressstring(_:completionhandler:)):
  /// as ``reverseGeocodeLocation(_:completionHandler:)``, no result.
  public func geocodeAddressString(
    _ addressString: String, completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    fail("geocodeAddressString(_:)", completionHandler)
  }

  /// Looks up the places an address names, the `async` form (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder/geocodeaddressstring(_:completionhandler:)):
  /// throws ``CLError/Code/geocodeFoundNoResult``.
  nonisolated(nonsending) public func geocodeAddressString(_ addressString: String) async throws
    -> [CLPlacemark]
  {
    if let simulation { await simulation.deliver(of: "CLGeocoder") }
    throw Self.noMapData("geocodeAddressString(_:)")
  }

  /// Cancels the running request: there is none, so nothing happens (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clgeocoder/cancelgeocode()).
  public func cancelGeocode() {}

  /// Queues `handler` with the failure of `call`.
  private func fail(_ call: String, _ handler: @escaping CLGeocodeCompletionHandler) {
    guard let simulation else { return }
    let device = self.device
    let error = Self.noMapData(call)
    simulation.enqueue(of: "CLGeocoder") {
      AppSimulation.$currentDevice.withValue(device) { handler(nil, error) }
    }
  }
}

/// A place's names and address (Apple doc:
/// https://developer.apple.com/documentation/corelocation/clplacemark). The simulation never
/// makes one (``CLGeocoder`` finds no result); declared so that code reading a geocoder's
/// result compiles.
public final class CLPlacemark: NSObject, @unchecked Sendable {
  /// The place's location (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/location).
  public let location: CLLocation?
  /// The place's name (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/name).
  public let name: String?
  /// The street (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/thoroughfare).
  public let thoroughfare: String?
  /// The city (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/locality).
  public let locality: String?
  /// The neighbourhood (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/sublocality).
  public let subLocality: String?
  /// The state or province (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/administrativearea).
  public let administrativeArea: String?
  /// The postal code (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/postalcode).
  public let postalCode: String?
  /// The country's name (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/country).
  public let country: String?
  /// The country's ISO code (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/isocountrycode).
  public let isoCountryCode: String?
  /// The place's time zone (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/clplacemark/timezone).
  public let timeZone: TimeZone?

  /// A placemark with only `location` (never made: no result is ever found).
  init(location: CLLocation?) {
    self.location = location
    name = nil
    thoroughfare = nil
    locality = nil
    subLocality = nil
    administrativeArea = nil
    postalCode = nil
    country = nil
    isoCountryCode = nil
    timeZone = nil
    super.init()
  }
}
