import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutPhysiology

/// Region monitoring, the iPhone's code only (docs/swift-api.md#region-monitoring).
extension CLLocationManager {
  /// The most regions an app may monitor at once: 20 (Apple: "Core Location limits to 20 the
  /// number of regions that may be simultaneously monitored by a single app", Location and
  /// Maps Programming Guide, Region Monitoring:
  /// https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/LocationAwarenessPG/RegionMonitoring/RegionMonitoring.html).
  static let regionLimit = 20

  /// The largest radius the iPhone monitors, m: 100 000 (project rule: Apple publishes no
  /// device's value; docs/swift-api.md#region-monitoring).
  static let largestRadius: CLLocationDistance = 100_000

  /// The message of a region-monitoring call made by the watch's code.
  private static func notOnWatchOS(_ call: String) -> String {
    "CLLocationManager.\(call) is not available on watchOS (Apple lists iOS and macOS); on the "
      + "watch use startUpdatingLocation() and CLCircularRegion.contains(_:) on each location"
  }

  /// Whether the device can monitor regions of `regionClass`: ``CLCircularRegion`` on the
  /// iPhone; nothing on the watch (Apple lists iOS and macOS, not watchOS; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/ismonitoringavailable(for:)).
  /// Declared for every platform, as this module serves the phone's code and the watch's alike.
  public class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
    AppSimulation.device == .phone && regionClass == CLCircularRegion.self
  }

  /// The largest radius a monitored region may have, m: 100 000 on the iPhone (project rule,
  /// see docs/swift-api.md#region-monitoring), −1 on the watch, where region monitoring is
  /// unavailable (Apple: "-1" when unavailable; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/maximumregionmonitoringdistance).
  public var maximumRegionMonitoringDistance: CLLocationDistance {
    device == .phone ? Self.largestRadius : -1
  }

  /// The regions the app monitors, shared by all its managers, as copies (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/monitoredregions);
  /// empty on the watch.
  public var monitoredRegions: Set<CLRegion> {
    guard device == .phone else { return [] }
    let regions = read([]) { location in location.regions.map { UncheckedBox($0.region) } }
    return Set(regions.map { $0.value.copy() as! CLRegion })
  }

  /// Starts monitoring `region` (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoring(for:)):
  /// a region with the identifier of one monitored already replaces it; `didStartMonitoringFor`
  /// follows. The region's side is read at every fix instant of the route from the body's true
  /// position (no receiver error), and a crossing is reported once the body has stayed on the
  /// new side for 20 s (WorkoutPhysiology's `RegionCrossing`): `didEnterRegion` (with
  /// ``CLRegion/notifyOnEntry``) or `didExitRegion` (with ``CLRegion/notifyOnExit``), then
  /// `didDetermineState`, to every manager of the app. The side the body is on when monitoring
  /// starts gets no event. `monitoringDidFailFor` instead: ``CLError/Code/regionMonitoringDenied``
  /// when the user denied location access; ``CLError/Code/regionMonitoringFailure`` for a
  /// region that is not a ``CLCircularRegion``, a radius above
  /// ``maximumRegionMonitoringDistance``, or a 21st region. From the watch's code it traps:
  /// watchOS has no region monitoring, and the call would not compile there.
  public func startMonitoring(for region: CLRegion) {
    precondition(device == .phone, Self.notOnWatchOS("startMonitoring(for:)"))
    guard let simulation else { return }
    let call = CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager")
    let box = UncheckedBox(self)
    let asked = UncheckedBox(region)
    let failure = simulation.mutate { state -> CLError? in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        if location.status == .denied || location.status == .restricted {
          return CLError(.regionMonitoringDenied)
        }
        guard let circle = region as? CLCircularRegion, circle.radius <= Self.largestRadius
        else { return CLError(.regionMonitoringFailure) }
        let others = location.regions.filter { $0.region.identifier != circle.identifier }
        guard others.count < Self.regionLimit else { return CLError(.regionMonitoringFailure) }
        location.prepare(&state)
        let kept = circle.copy() as! CLCircularRegion
        location.regions = others + [CoreLocationState.MonitoredRegion(region: kept)]
        if location.regionNext == nil {
          let now = state.session.now
          location.regionNext =
            location.plan.map { $0.isFix(now) ? now : $0.nextFix(after: now) } ?? nil
        }
        return nil
      }
    }
    let started: AppSimulation.Callback = {
      AppSimulation.$currentDevice.withValue(.phone) {
        box.value.monitoringStarted(asked.value, failure: failure)
      }
    }
    guard failure == nil else { return simulation.enqueue([started], owedBy: call) }
    let timer = CoreLocationTimer(simulation)
    simulation.addSystemTimer(key: ObjectIdentifier(CoreLocationState.self), timer)
    let callbacks = simulation.mutate { state in
      timer.fire(at: state.session.now, state: &state)
    }
    simulation.enqueue([started] + callbacks, owedBy: call)
  }

  /// Stops monitoring the region with `region`'s identifier (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoring(for:)).
  /// From the watch's code it traps, as ``startMonitoring(for:)``.
  public func stopMonitoring(for region: CLRegion) {
    precondition(device == .phone, Self.notOnWatchOS("stopMonitoring(for:)"))
    guard let simulation else { return }
    let identifier = region.identifier
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, _ in
        location.regions.removeAll { $0.region.identifier == identifier }
        if location.regions.isEmpty { location.regionNext = nil }
      }
    }
  }

  /// Asks for `region`'s state (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requeststate(for:)):
  /// `didDetermineState` at the next delivery with the side last reported for a monitored
  /// region (``CLRegionState/unknown`` before the first position), else the side of the
  /// body's true position now (``CLCircularRegion/contains(_:)``). A region that is not a
  /// ``CLCircularRegion`` gets nothing (Apple: "this method does nothing"). From the watch's
  /// code it traps, as ``startMonitoring(for:)``.
  public func requestState(for region: CLRegion) {
    precondition(device == .phone, Self.notOnWatchOS("requestState(for:)"))
    guard let simulation, let circle = region as? CLCircularRegion else { return }
    let call = CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager")
    let regionState = simulation.mutate { state -> CLRegionState in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        if let monitored = location.regions.first(where: {
          $0.region.identifier == circle.identifier
        }) {
          switch monitored.crossing.side {
          case .inside?: return .inside
          case .outside?: return .outside
          case nil: return .unknown
          }
        }
        location.prepare(&state)
        guard let plan = location.plan else { return .unknown }
        let place = plan.truePosition(at: state.session.now)
        let here = CLLocationCoordinate2D(latitude: place.latitude, longitude: place.longitude)
        return circle.contains(here) ? .inside : .outside
      }
    }
    let box = UncheckedBox(self)
    simulation.enqueue(
      [
        {
          AppSimulation.$currentDevice.withValue(.phone) {
            box.value.regionStateDetermined(regionState, for: circle)
          }
        }
      ], owedBy: call)
  }

  /// Tells the delegate that monitoring `region` started, or failed with `failure`.
  func monitoringStarted(_ region: CLRegion, failure: CLError?) {
    guard let delegate else {
      return noteNoDelegate(
        failure == nil ? "started monitoring a region" : "failed to monitor a region",
        kind: "CLLocationManager.didStartMonitoringFor", at: nil,
        advice: "set manager.delegate before startMonitoring(for:)")
    }
    if let failure {
      delegate.locationManager(self, monitoringDidFailFor: region, withError: failure)
    } else {
      delegate.locationManager(self, didStartMonitoringFor: region)
    }
  }

  /// Tells the delegate of a crossing of `region`: entered or exited (as its flags allow),
  /// then its state.
  func regionCrossed(_ region: CLRegion, _ effect: RegionCrossing.Effect) {
    guard let delegate else {
      return noteNoDelegate(
        effect == .entered ? "entered a region" : "exited a region",
        kind: "CLLocationManager.didEnterOrExitRegion", at: nil,
        advice: "set manager.delegate before startMonitoring(for:)")
    }
    switch effect {
    case .entered:
      if region.notifyOnEntry { delegate.locationManager(self, didEnterRegion: region) }
      delegate.locationManager(self, didDetermineState: .inside, for: region)
    case .exited:
      if region.notifyOnExit { delegate.locationManager(self, didExitRegion: region) }
      delegate.locationManager(self, didDetermineState: .outside, for: region)
    }
  }

  /// Delivers the region crossings that found no live manager of the phone's app
  /// (``CoreLocationState/heldCrossings``) to this manager, if it belongs to the app's current
  /// process: Apple delivers a region event that launched the app to the delegate of the
  /// location manager the app makes at launch (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoring(for:);
  /// docs/swift-api.md#region-monitoring).
  func deliverHeldCrossings() {
    guard let simulation else { return }
    let me = ObjectIdentifier(self)
    let held = simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        let current = location.managers.contains {
          $0.object.map(ObjectIdentifier.init) == me
            && $0.generation == state.processGeneration(of: .phone)
        }
        guard current, !location.heldCrossings.isEmpty else {
          return UncheckedBox<[(region: CLCircularRegion, effect: RegionCrossing.Effect)]>([])
        }
        defer { location.heldCrossings = [] }
        return UncheckedBox(location.heldCrossings)
      }
    }
    guard !held.value.isEmpty else { return }
    let box = UncheckedBox(self)
    simulation.enqueue(call: "delegate", of: "CLLocationManager") {
      AppSimulation.$currentDevice.withValue(.phone) {
        for crossing in held.value { box.value.regionCrossed(crossing.region, crossing.effect) }
      }
    }
  }

  /// Tells the delegate `region`'s state.
  func regionStateDetermined(_ state: CLRegionState, for region: CLRegion) {
    guard let delegate else {
      return noteNoDelegate(
        "determined a region's state", kind: "CLLocationManager.didDetermineState", at: nil,
        advice: "set manager.delegate before requestState(for:)")
    }
    delegate.locationManager(self, didDetermineState: state, for: region)
  }
}
