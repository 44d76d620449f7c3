import Foundation
import SimulatedCoreLocationValues
import SimulationDriver
import WorkoutCore

/// The delegate of a ``CLLocationManager`` (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate). Every
/// method is optional (default implementations do nothing); calls run in the simulation's
/// callback lane, one at a time, as the code of the device that made the manager.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
  /// New locations, oldest first (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)).
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  /// A failure: ``CLError`` ``CLError/Code/denied`` when the user denied access,
  /// ``CLError/Code/locationUnknown`` when `requestLocation()` found no fix (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)).
  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
  /// The app's authorization or accuracy changed, and once after the manager is made (Apple
  /// doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)).
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
  /// The deprecated form, called after ``locationManagerDidChangeAuthorization(_:)`` with the
  /// new status (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didchangeauthorization:)).
  @available(*, deprecated, message: "Use locationManagerDidChangeAuthorization(_:)")
  func locationManager(
    _ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
  /// A new heading (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdateheading:)).
  func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
  /// Whether to show the compass calibration screen; never asked here, as the simulated
  /// compass needs no calibration (project rule, docs/swift-api.md#heading; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagershoulddisplayheadingcalibration(_:)).
  func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
  /// Monitoring of `region` started (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didstartmonitoringfor:)).
  func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
  /// The device entered `region` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didenterregion:)).
  func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
  /// The device left `region` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didexitregion:)).
  func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
  /// The state of `region`: at each crossing and in answer to `requestState(for:)` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:diddeterminestate:for:)).
  func locationManager(
    _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
  /// Monitoring `region` failed: ``CLError/Code/regionMonitoringDenied`` without authorization,
  /// ``CLError/Code/regionMonitoringFailure`` past 20 regions or the largest radius (Apple
  /// doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:monitoringdidfailfor:witherror:)).
  func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error)
}

extension CLLocationManagerDelegate {
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
  /// Does nothing.
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
  /// Does nothing.
  @available(*, deprecated, message: "Use locationManagerDidChangeAuthorization(_:)")
  public func locationManager(
    _ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus
  ) {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
  {}
  /// `false`.
  public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
    false
  }
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
  {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {}
}

/// Core Location's location manager (Apple doc:
/// https://developer.apple.com/documentation/corelocation/cllocationmanager), on the current
/// simulation (docs/swift-api.md#core-location).
///
/// - Authorization: ``authorizationStatus-swift.property`` is `.notDetermined` until the app
///   calls ``requestWhenInUseAuthorization()`` or ``requestAlwaysAuthorization()``; the
///   scenario's `authorization.location` answers at once (`"granted"`, the default;
///   `"reducedAccuracy"`: granted with ``CLAccuracyAuthorization/reducedAccuracy``; `"denied"`),
///   and every manager's delegate gets `locationManagerDidChangeAuthorization`.
/// - Fixes come from the course at the instants of the route (docs/swift-api.md#core-location):
///   a scripted course's every whole second, a replay's recorded points; delivered on the
///   simulation's agenda in `didUpdateLocations`, with no test code poking anything. None while
///   not authorized, none indoors (a workout session configured `.indoor`, or the scenario's
///   `location: "indoor"` outside a session), none while the watch app runs no code, and in the
///   background only with ``allowsBackgroundLocationUpdates`` or a running workout session.
/// - `startUpdatingLocation()` after a denial calls `didFailWithError` with
///   ``CLError/Code/denied``.
/// - The scenario's `sensors.location` (docs/scenario-format.md#location) sets the fixes'
///   accuracy, error and interval; in one of its dropouts no fix comes, and continuous updates
///   get `didFailWithError` with ``CLError/Code/locationUnknown`` once per stretch without
///   fixes, then go on when fixes come back (Apple: the manager "reports a
///   CLError.Code.locationUnknown error and keeps trying").
public class CLLocationManager: NSObject {
  /// What the app set (the timer reads the background and filter settings) and the last
  /// location delivered.
  struct Settings {
    var allowsBackground = false
    var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    weak var delegate: (any CLLocationManagerDelegate)?
    var location: CLLocation?
    var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    var activityType: CLActivityType = .other
    var pausesAutomatically = true
    var showsBackgroundIndicator = false
    var headingFilter: CLLocationDegrees = 1
    var headingOrientation = CLDeviceOrientation.portrait
    var heading: CLHeading?
  }

  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  /// Guards `storage`. Lock order: the simulation's lock, then this one (the heading timer
  /// reads `settings` inside `simulation.mutate`); never the reverse: nothing run under this
  /// lock takes another lock or calls out (each body only reads or writes `storage`), so it
  /// is a leaf lock and the nesting cannot deadlock.
  private let lock = NSLock()
  private var storage = Settings()

  /// The settings now (the timer reads them under the simulation's lock).
  var settings: Settings { lock.withLock { storage } }

  /// The setting at `keyPath`.
  func setting<T>(_ keyPath: KeyPath<Settings, T>) -> T {
    lock.withLock { storage[keyPath: keyPath] }
  }

  /// Sets the setting at `keyPath`.
  func set<T>(_ keyPath: WritableKeyPath<Settings, T>, _ value: T) {
    lock.withLock { storage[keyPath: keyPath] = value }
  }

  /// `body` applied to the simulation's Core Location state, or `fallback` when the
  /// simulation is gone.
  func read<R: Sendable>(_ fallback: R, _ body: (CoreLocationState) -> R) -> R {
    guard let simulation else { return fallback }
    return Self.read(simulation, body)
  }

  /// `body` applied to `simulation`'s Core Location state (made on first use).
  static func read<R: Sendable>(
    _ simulation: AppSimulation, _ body: (CoreLocationState) -> R
  ) -> R {
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, _ in body(location) }
    }
  }

  /// A manager of the current simulation, for the device whose code makes it; traps outside a
  /// simulation's `run`. Its delegate gets `locationManagerDidChangeAuthorization` once, at the
  /// next delivery (Apple: "when the app creates the related object's CLLocationManager
  /// instance").
  public override init() {
    let simulation = AppSimulation.requireCurrent("CLLocationManager()", deviceDependent: true)
    self.simulation = simulation
    device = AppSimulation.device
    super.init()
    let weak = WeakManager(self)
    let device = self.device
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        location.managers.removeAll { $0.object == nil }
        location.managers.append(
          WeakManager(self, generation: state.processGeneration(of: device)))
      }
    }
    simulation.enqueue(call: "CLLocationManager()") {
      AppSimulation.$currentDevice.withValue(device) {
        weak.object?.authorizationChanged()
      }
    }
  }

  // MARK: - Properties

  /// The delegate, held weakly (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/delegate).
  /// On the iPhone, setting one on a manager of the app's current process delivers the region
  /// crossings that found no live manager (docs/swift-api.md#region-monitoring).
  public weak var delegate: (any CLLocationManagerDelegate)? {
    get { setting(\.delegate) }
    set {
      set(\.delegate, newValue)
      if newValue != nil, device == .phone { deliverHeldCrossings() }
    }
  }

  /// The accuracy the app wants, m; default ``kCLLocationAccuracyBest``. Kept; the simulated
  /// fixes have the watch's workout accuracy whatever it asks (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/desiredaccuracy).
  public var desiredAccuracy: CLLocationAccuracy {
    get { setting(\.desiredAccuracy) }
    set { set(\.desiredAccuracy, newValue) }
  }

  /// The least movement, m, before the next location is delivered; default
  /// ``kCLDistanceFilterNone`` (every fix). Measured from the last location delivered, with
  /// `distance(from:)` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/distancefilter).
  public var distanceFilter: CLLocationDistance {
    get { setting(\.distanceFilter) }
    set { set(\.distanceFilter, newValue) }
  }

  /// What the locations are for; default ``CLActivityType/other``. Kept, without effect on the
  /// fixes (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/activitytype).
  public var activityType: CLActivityType {
    get { setting(\.activityType) }
    set { set(\.activityType, newValue) }
  }

  /// Whether the watch app gets fixes in the background without a running workout session;
  /// default `false` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/allowsbackgroundlocationupdates).
  /// A running workout session keeps them coming either way.
  public var allowsBackgroundLocationUpdates: Bool {
    get { setting(\.allowsBackground) }
    set { set(\.allowsBackground, newValue) }
  }

  /// Whether the iPhone's status bar shows that the app uses location in the background (for
  /// an app with Always authorization); default `false` (iOS 11+, not on watchOS; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/showsbackgroundlocationindicator).
  /// Kept, without effect: the simulation has no status bar. Declared for every platform, as
  /// this module serves the phone's code and the watch's alike.
  public var showsBackgroundLocationIndicator: Bool {
    get { setting(\.showsBackgroundIndicator) }
    set { set(\.showsBackgroundIndicator, newValue) }
  }

  /// Whether updates may pause by themselves; default `true`. Kept, without effect: the
  /// simulation never pauses them (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/pauseslocationupdatesautomatically).
  public var pausesLocationUpdatesAutomatically: Bool {
    get { setting(\.pausesAutomatically) }
    set { set(\.pausesAutomatically, newValue) }
  }

  /// The last location delivered to this manager, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/location).
  public var location: CLLocation? { setting(\.location) }

  /// The app's authorization (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus-swift.property).
  public var authorizationStatus: CLAuthorizationStatus { read(.notDetermined) { $0.status } }

  /// Whether locations are precise: ``CLAccuracyAuthorization/reducedAccuracy`` once the app
  /// is authorized with `authorization.location: "reducedAccuracy"` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/accuracyauthorization).
  public var accuracyAuthorization: CLAccuracyAuthorization {
    read(.fullAccuracy) { $0.isAuthorized ? $0.accuracy : .fullAccuracy }
  }

  /// The app's authorization, the deprecated class form (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus()).
  @available(*, deprecated, message: "Use the authorizationStatus property")
  public class func authorizationStatus() -> CLAuthorizationStatus {
    read(AppSimulation.requireCurrent("CLLocationManager.authorizationStatus()")) {
      $0.status
    }
  }

  /// `true`: the simulated device's location services are on (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/locationservicesenabled()).
  public class func locationServicesEnabled() -> Bool { true }

  // MARK: - Authorization

  /// Asks for when-in-use authorization (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()):
  /// the scenario answers at once; the delegates hear of a change at the next delivery. Asked
  /// again, nothing changes.
  public func requestWhenInUseAuthorization() {
    request(
      .authorizedWhenInUse,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager"))
  }

  /// Asks for always authorization (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()):
  /// as ``requestWhenInUseAuthorization()``, and a when-in-use app becomes always.
  public func requestAlwaysAuthorization() {
    request(
      .authorizedAlways,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager"))
  }

  /// Asks for full accuracy for this use, without a completion (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:)):
  /// as ``requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)``.
  public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
    requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey, completion: nil)
  }

  /// Asks for full accuracy for this use (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)).
  /// The scenario has no answer for this prompt: the simulated user keeps the accuracy
  /// `authorization.location` gave (reduced stays reduced, nothing changes, no delegate call),
  /// and `completion` gets `nil` at the next delivery.
  public func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)?
  ) {
    guard let simulation, let completion else { return }
    let device = self.device
    simulation.enqueue(of: "CLLocationManager") {
      AppSimulation.$currentDevice.withValue(device) { completion(nil) }
    }
  }

  /// Asks for full accuracy for this use, the `async` form (iOS 14, watchOS 7; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:)).
  /// As ``requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)``: the simulated
  /// user keeps the accuracy `authorization.location` gave, and the call returns without an
  /// error once what is pending is delivered; read ``accuracyAuthorization`` after it.
  nonisolated(nonsending) public func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String
  ) async throws {
    guard let simulation else { return }
    await simulation.deliver(of: "CLLocationManager")
  }

  /// Asks for `kind`: the delegates' authorization calls queued at once, owed by `call` (the
  /// public request, reported once when made after the run).
  private func request(_ kind: CLAuthorizationStatus, call: CallInFlight) {
    guard let simulation else { return }
    Self.request(kind, in: simulation, call: call)
  }

  /// Asks `simulation`'s Core Location for `kind` (a manager's request or a
  /// ``CLServiceSession``'s): every manager's delegate hears of a change at the next delivery,
  /// owed by `call`.
  static func request(
    _ kind: CLAuthorizationStatus, in simulation: AppSimulation, call: CallInFlight
  ) {
    let managers = simulation.mutate { state -> [WeakManager] in
      state.withExtension(CoreLocationState.self, of: simulation) { location, _ in
        location.request(kind) ? location.managers : []
      }
    }
    var callbacks: [AppSimulation.Callback] = []
    for manager in managers {
      guard let device = manager.object?.device else { continue }
      callbacks.append {
        AppSimulation.$currentDevice.withValue(device) {
          manager.object?.authorizationChanged()
        }
      }
    }
    simulation.enqueue(callbacks, owedBy: call)
  }

  /// Calls the delegate's authorization methods (new, then deprecated); without a delegate the
  /// call is noted for a stall (``noteNoDelegate(_:kind:at:advice:)``).
  func authorizationChanged() {
    guard let delegate else {
      let status = authorizationStatus
      return noteNoDelegate(
        "changed its authorization to \(status)",
        kind: "CLLocationManager.didChangeAuthorization.\(status)", at: nil,
        advice: "set manager.delegate when the manager is made")
    }
    delegate.locationManagerDidChangeAuthorization(self)
    (self as any LegacyAuthorizationCall).legacyAuthorizationChange(delegate)
  }

  // MARK: - Updates

  /// Starts continuous updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation()):
  /// a fix at every fix instant from now on (the first at now when now is one), delivered by
  /// `didUpdateLocations` on the simulation's agenda. Denied: `didFailWithError` with
  /// ``CLError/Code/denied`` and no updates. Calling it again changes nothing.
  public func startUpdatingLocation() {
    start(
      oneShot: false,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager"))
  }

  /// Stops continuous updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatinglocation()).
  public func stopUpdatingLocation() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, _ in
        location.updates.removeAll { $0.key == key && !$0.updates.significant }
      }
    }
  }

  // MARK: - Significant changes

  /// Whether the device has the significant-change location service: `true` for the iPhone's
  /// code, `false` for the watch's (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/significantlocationchangemonitoringavailable():
  /// iOS and macOS only, not watchOS). Declared for every platform, as this module serves the
  /// phone's code and the watch's alike; a watch app that checks it takes its fallback.
  public class func significantLocationChangeMonitoringAvailable() -> Bool {
    AppSimulation.device == .phone
  }

  /// Starts significant-change updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringsignificantlocationchanges();
  /// iOS and macOS only). `didUpdateLocations` gets the next fix, then a fix only when it is
  /// 500 m or more from the last one delivered and 300 s or more after it (Apple: "as soon as
  /// the device moves 500 meters or more from its previous notification", "not … more
  /// frequently than once every five minutes"); ``distanceFilter`` and ``desiredAccuracy`` are
  /// ignored, as Apple's page says. Independent of ``startUpdatingLocation()`` on the same
  /// manager; denied: `didFailWithError` with ``CLError/Code/denied``. From the watch's code
  /// it traps: watchOS has no such service (``significantLocationChangeMonitoringAvailable()``
  /// is `false` there), and a watch app's call would not compile on the device.
  public func startMonitoringSignificantLocationChanges() {
    precondition(
      device == .phone,
      "CLLocationManager.startMonitoringSignificantLocationChanges() is not available on watchOS "
        + "(Apple lists iOS and macOS); on the watch use startUpdatingLocation() with a "
        + "distanceFilter, after checking significantLocationChangeMonitoringAvailable()")
    start(
      oneShot: false, significant: true,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager"))
  }

  /// Stops significant-change updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoringsignificantlocationchanges()).
  /// Standard updates of the same manager go on.
  public func stopMonitoringSignificantLocationChanges() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, _ in
        location.updates.removeAll { $0.key == key && $0.updates.significant }
      }
    }
  }

  /// Asks for one location (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestlocation()):
  /// `didUpdateLocations` with the next fix, or `didFailWithError` with
  /// ``CLError/Code/locationUnknown`` when there is none (indoors, after a replay's last
  /// point), or ``CLError/Code/denied``.
  public func requestLocation() {
    start(
      oneShot: true,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager"))
  }

  /// Starts updates, owed by `call` (the public start, reported once when made after the run,
  /// whether or not a fix is due at once).
  private func start(oneShot: Bool, significant: Bool = false, call: CallInFlight) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    let weak = WeakManager(self)
    let device = self.device
    let denied = simulation.mutate { state -> Bool in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        if location.status == .denied || location.status == .restricted { return true }
        if location.updates.contains(where: {
          $0.key == key && !$0.updates.oneShot && $0.updates.significant == significant
        }) {
          return false
        }
        location.updates.removeAll { $0.key == key && $0.updates.significant == significant }
        location.prepare(&state)
        let now = state.session.now
        let next =
          location.plan.map { $0.isFix(now) ? now : $0.nextFix(after: now) } ?? nil
        location.updates.append(
          (
            key,
            CoreLocationState.Updates(
              device: device, generation: state.processGeneration(of: device), manager: weak,
              next: next,
              oneShot: oneShot, significant: significant, last: nil)
          ))
        return false
      }
    }
    let timer = CoreLocationTimer(simulation)
    simulation.addSystemTimer(key: ObjectIdentifier(CoreLocationState.self), timer)
    let owed = call
    if denied {
      let fail: AppSimulation.Callback = {
        AppSimulation.$currentDevice.withValue(device) {
          weak.object?.fail(CLError(.denied))
        }
      }
      return simulation.enqueue([fail], owedBy: owed)
    }
    // A fix due at now is delivered now (the timer serves instants after now).
    let callbacks = simulation.mutate { state in
      timer.fire(at: state.session.now, state: &state)
    }
    simulation.enqueue(callbacks, owedBy: owed)
  }

  /// Delivers `locations` to the delegate (in the lane); without a delegate the first such
  /// call is noted for a stall, at its first fix's time.
  func deliver(_ locations: [CLLocation]) {
    set(\.location, locations.last)
    guard let delegate else {
      return noteNoDelegate(
        "updated locations", kind: "CLLocationManager.didUpdateLocations",
        at: locations.first?.timestamp, advice: "set manager.delegate before \(Self.starts)")
    }
    delegate.locationManager(self, didUpdateLocations: locations)
  }

  /// Delivers `error` to the delegate (in the lane); without a delegate the first failure of
  /// each code is noted for a stall.
  func fail(_ error: CLError) {
    guard let delegate else {
      return noteNoDelegate(
        "failed with CLError.Code.\(error.code)",
        kind: "CLLocationManager.didFailWithError.\(error.code)", at: nil,
        advice: "set manager.delegate before \(Self.starts)")
    }
    delegate.locationManager(self, didFailWithError: error)
  }

  /// The calls that start updates, as the advice of a note names them.
  private static let starts = "startUpdatingLocation() or requestLocation()"

  /// Notes that this manager `what` at `date` (virtual now when `nil`) while it had no
  /// delegate, so the call went to no one: a stall names it once per `kind`
  /// ("CLLocationManager updated locations at t = 3 s but had no delegate: ...",
  /// `AppSimulation.noteNoDelegate(_:kind:at:advice:)`, docs/swift-api.md#nothing-silent).
  func noteNoDelegate(_ what: String, kind: String, at date: Date?, advice: String) {
    guard let simulation else { return }
    let date = date ?? simulation.now
    simulation.noteNoDelegate(
      "CLLocationManager \(what)", kind: kind, at: date.timeIntervalSince(simulation.startDate),
      advice: advice)
  }
}

/// The call of the deprecated `locationManager(_:didChangeAuthorization:)`, through a protocol
/// requirement so that the module itself does not use a deprecated declaration.
private protocol LegacyAuthorizationCall {
  func legacyAuthorizationChange(_ delegate: any CLLocationManagerDelegate)
}

extension CLLocationManager: LegacyAuthorizationCall {
  @available(*, deprecated, message: "calls the deprecated delegate method, for apps that use it")
  fileprivate func legacyAuthorizationChange(_ delegate: any CLLocationManagerDelegate) {
    delegate.locationManager(self, didChangeAuthorization: authorizationStatus)
  }
}
