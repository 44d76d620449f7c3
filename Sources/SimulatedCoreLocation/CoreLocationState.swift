import Foundation
import SimulatedCoreLocationValues
import SimulationDriver
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimulation

/// Core Location's state in one simulation, behind its lock (docs/swift-api.md#core-location).
struct CoreLocationState: SimulationExtension {
  /// One manager's `startUpdatingLocation` or `requestLocation`.
  struct Updates {
    var device: AppSimulation.Device
    /// The process of `device`'s app that started it (that device's crash drops it).
    var generation: Int
    var manager: WeakManager
    /// The next fix instant, or `nil` when the course has no more fixes.
    var next: SimulationInstant?
    /// `requestLocation()`: one location (or error), then stop.
    var oneShot: Bool
    /// `startMonitoringSignificantLocationChanges()`: a location only after the device moved
    /// ``significantDistance`` and ``significantInterval`` passed since the last one.
    var significant = false
    /// The last location delivered, for the distance filter.
    var last: CLLocation?
    /// Whether `locationUnknown` was reported since the last location delivered (once per
    /// stretch without fixes: Core Location "keeps trying").
    var reportedUnknown = false
  }

  /// One `CLLocationUpdate.liveUpdates()` sequence.
  struct Live {
    var device: AppSimulation.Device
    var generation: Int
    var continuation: AsyncStream<CLLocationUpdate>.Continuation
    var next: SimulationInstant?
  }

  /// One manager's `startUpdatingHeading()`.
  struct HeadingUpdates {
    var device: AppSimulation.Device
    var generation: Int
    var manager: WeakManager
    /// The next reading instant (the route's fix instants), or `nil` when there are no more.
    var next: SimulationInstant?
    /// The magnetic heading last delivered, for the heading filter.
    var last: Double?
  }

  /// One region the phone's app monitors, and the body's side of it.
  struct MonitoredRegion {
    var region: CLCircularRegion
    var crossing = RegionCrossing()
  }

  /// The scenario's answer to the permission prompt (`authorization.location`).
  let answer: Scenario.LocationAnswer
  /// Scenario time `t = 0`.
  let startDate: Date
  /// The scenario's `location` is indoor (no fixes outside a session).
  let scenarioIndoor: Bool
  /// The route (made on first use: it reads the engine's course, under the lock).
  var plan: RoutePlan?
  private let gps: Scenario.GPS
  private let seed: UInt64
  /// `sensors.location`, or `nil`.
  private let sensor: Scenario.LocationSensor?
  /// The app's authorization: not determined until it asks.
  var status: CLAuthorizationStatus = .notDetermined
  /// Every manager made, for authorization changes.
  var managers: [WeakManager] = []
  /// Running updates by manager, in start order.
  var updates: [(key: ObjectIdentifier, updates: Updates)] = []
  /// Running live-update sequences by number.
  var live: [(key: Int, live: Live)] = []
  var nextLive = 0
  /// Running heading updates by manager, in start order.
  var headings: [(key: ObjectIdentifier, updates: HeadingUpdates)] = []
  /// The phone app's monitored regions, shared by its managers, in start order.
  var regions: [MonitoredRegion] = []
  /// The next instant the regions are read, or `nil` while none is monitored.
  var regionNext: SimulationInstant?
  /// Crossings that found no live manager of the phone's app, in order: delivered to the
  /// first manager of the app's current process whose delegate is set
  /// (docs/swift-api.md#region-monitoring).
  var heldCrossings: [(region: CLCircularRegion, effect: RegionCrossing.Effect)] = []

  init(simulation: AppSimulation) {
    answer = simulation.scenario.authorization?.location ?? .granted
    startDate = simulation.startDate
    scenarioIndoor = simulation.scenario.location == .indoor
    gps = simulation.scenario.gps
    seed = simulation.scenario.seed
    sensor = simulation.scenario.locationSensor
  }

  /// Whether fixes may be delivered.
  var isAuthorized: Bool { status == .authorizedWhenInUse || status == .authorizedAlways }

  /// The accuracy the user allowed.
  var accuracy: CLAccuracyAuthorization {
    answer == .reducedAccuracy ? .reducedAccuracy : .fullAccuracy
  }

  /// Answers a permission request for `requested` (when in use or always): the scenario's
  /// answer, once (a later request changes nothing, but when-in-use may become always).
  /// Returns whether the status changed.
  mutating func request(_ requested: CLAuthorizationStatus) -> Bool {
    let before = status
    switch status {
    case .notDetermined: status = answer == .denied ? .denied : requested
    case .authorizedWhenInUse where requested == .authorizedAlways: status = .authorizedAlways
    default: break
    }
    return status != before
  }

  /// Makes ``plan`` from the engine's course.
  mutating func prepare(_ state: inout AppSimulation.State) {
    guard plan == nil else { return }
    let course = state.session.course
    let speeds = course.segments.indices.map { state.session.speed(ofSegment: $0) }
    plan = RoutePlan(
      course: course, speed: { speeds[$0] }, gps: gps, seed: seed,
      sensor: sensor, path: state.session.gpsPath)
  }

  /// The least distance, m, between two significant-change locations: Apple's "as soon as the
  /// device moves 500 meters or more from its previous notification" (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringsignificantlocationchanges()).
  static let significantDistance: CLLocationDistance = 500
  /// The least time, s, between two significant-change locations: Apple's "should not expect
  /// notifications more frequently than once every five minutes" (the same page).
  static let significantInterval: TimeInterval = 300

  /// The location of `fix` as Core Location reports it: reduced accuracy rounds the position
  /// to 0.01° (about 1.1 km) with ``kCLLocationAccuracyReduced``.
  func location(_ fix: Fix) -> CLLocation {
    var latitude = fix.latitude
    var longitude = fix.longitude
    var horizontal = fix.horizontalAccuracy
    if accuracy == .reducedAccuracy {
      latitude = (latitude * 100).rounded() / 100
      longitude = (longitude * 100).rounded() / 100
      horizontal = kCLLocationAccuracyReduced
    }
    return CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
      altitude: fix.altitude ?? 0, horizontalAccuracy: horizontal,
      verticalAccuracy: fix.altitude == nil ? -1 : fix.verticalAccuracy,
      course: fix.course ?? -1, courseAccuracy: fix.course == nil ? -1 : 10,
      speed: fix.speed ?? -1, speedAccuracy: fix.speed == nil ? -1 : 0.5,
      timestamp: startDate.addingTimeInterval(fix.instant.seconds),
      sourceInfo: Self.deviceSource)
  }

  /// The source of every fix: the device's own receiver, neither simulated by software on the
  /// device nor from an accessory (project rule, docs/swift-api.md#core-location).
  static let deviceSource = CLLocationSourceInformation(
    softwareSimulationState: false, andExternalAccessoryState: false)
}

/// A manager, weakly, with the app process that made it.
struct WeakManager: @unchecked Sendable {
  weak var object: CLLocationManager?
  /// The process number of the manager's device's app that made it
  /// (`AppSimulation.State.processGeneration(of:)`): that device's crash leaves it to a dead
  /// process.
  var generation = 0
  init(_ object: CLLocationManager, generation: Int = 0) {
    self.object = object
    self.generation = generation
  }
}

/// The simulation, weakly (the simulation holds this state).
struct WeakSimulation: @unchecked Sendable {
  weak var object: AppSimulation?
  init(_ object: AppSimulation) { self.object = object }
}

/// What the watch is doing at an instant, for the delivery rules.
struct WatchNow {
  /// The app runs code.
  var receives: Bool
  /// The app is in the background (wrist down).
  var background: Bool
  /// A workout session is running or paused.
  var workoutRunning: Bool
  /// The session in progress is indoor (or, without one, the scenario's `location` is).
  var indoor: Bool
  /// The spans in which the watch records an open-water swim
  /// (`WorkoutEngine.openWaterSwimSpans()`).
  var openWater: [(from: SimulationInstant, to: SimulationInstant?)] = []
  /// The spans in which the watch records a pool swim (`WorkoutEngine.poolSwimSpans()`).
  var pool: [(from: SimulationInstant, to: SimulationInstant?)] = []

  /// Whether the watch misses the fix at fix instant `instant` of `plan` on `device`: a
  /// scripted course's fix while the watch swims in a pool, or in open water off the 5 s grid
  /// (`RoutePlan.receivesFix(at:openWater:pool:)`, the one rule; no GPS in a pool, none
  /// through water). No fix and no error: the watch waits for the wrist to surface, or for
  /// the swim to end. The phone, on the side, is not swimming.
  func missesFix(
    at instant: SimulationInstant, plan: RoutePlan, on device: AppSimulation.Device
  ) -> Bool {
    device == .watch && !plan.receivesFix(at: instant, openWater: openWater, pool: pool)
  }

  /// Reads the engine.
  static func read(_ state: inout AppSimulation.State, scenarioIndoor: Bool) -> WatchNow {
    state.session.withEngine { engine in
      let app = engine.appState
      var running = false
      var sessionLocation: WorkoutSessionLocationType?
      for index in 0..<engine.sessionCount {
        switch engine.sessionState(index) {
        case .running?, .paused?:
          running = true
          sessionLocation = engine.withBuilder(ofSession: index) { $0.locationType }
        case .prepared?:
          sessionLocation = engine.withBuilder(ofSession: index) { $0.locationType }
        default: break
        }
      }
      return WatchNow(
        receives: app.receivesCallbacks, background: app == .background,
        workoutRunning: running,
        indoor: sessionLocation.map { $0 == .indoor } ?? scenarioIndoor,
        openWater: engine.openWaterSwimSpans(), pool: engine.poolSwimSpans())
    }
  }

  /// Whether a manager on `device` gets a fix now: the phone's always; the watch app's while it
  /// runs code, and in the background only with `allowsBackgroundLocationUpdates` or a running
  /// workout session (the watch's rule: a workout session keeps the app's location updates
  /// running).
  func delivers(on device: AppSimulation.Device, allowsBackground: Bool) -> Bool {
    guard device == .watch else { return true }
    guard receives else { return false }
    return !background || allowsBackground || workoutRunning
  }
}

/// The system timer that delivers fixes.
struct CoreLocationTimer: SystemTimer {
  let weakSimulation: WeakSimulation

  init(_ simulation: AppSimulation) { weakSimulation = WeakSimulation(simulation) }

  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  {
    guard let location = state.extensionState(CoreLocationState.self) else { return nil }
    var due: SimulationInstant?
    let nexts =
      location.updates.map(\.updates.next) + location.live.map(\.live.next)
      + location.headings.map(\.updates.next) + [location.regionNext]
    for next in nexts {
      guard let next, next > now else { continue }
      if due.map({ next < $0 }) ?? true { due = next }
    }
    return due
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard state.extensionState(CoreLocationState.self) != nil,
      let simulation = weakSimulation.object
    else { return [] }
    return state.withExtension(CoreLocationState.self, of: simulation) { location, state in
      location.prepare(&state)
      guard var plan = location.plan else { return [] }
      defer { location.plan = plan }
      let alive = ProcessGenerations(&state)
      location.updates.removeAll {
        $0.updates.manager.object == nil
          || !alive.isAlive($0.updates.device, $0.updates.generation)
      }
      location.live.removeAll { !alive.isAlive($0.live.device, $0.live.generation) }
      let watch = WatchNow.read(&state, scenarioIndoor: location.scenarioIndoor)
      var callbacks: [AppSimulation.Callback] = []
      var finished: Set<ObjectIdentifier> = []
      for index in location.updates.indices {
        var updates = location.updates[index].updates
        guard let manager = updates.manager.object else { continue }
        let settings = manager.settings
        var delivered: [CLLocation] = []
        var failure: CLError?
        while let at = updates.next, at <= now {
          updates.next = plan.nextFix(after: at)
          guard location.isAuthorized,
            watch.delivers(on: updates.device, allowsBackground: settings.allowsBackground),
            !watch.missesFix(at: at, plan: plan, on: updates.device)
          else { continue }
          guard !watch.indoor, let fix = plan.fix(at: at) else {
            if updates.oneShot {
              failure = CLError(.locationUnknown)
            } else if plan.isDropout(at), !updates.reportedUnknown {
              // Apple: "If the location service is unable to retrieve a location right away,
              // it reports a CLError.Code.locationUnknown error and keeps trying."
              failure = CLError(.locationUnknown)
              updates.reportedUnknown = true
            }
            continue
          }
          updates.reportedUnknown = false
          let fixLocation = location.location(fix)
          if updates.significant, let last = updates.last,
            fixLocation.distance(from: last) < CoreLocationState.significantDistance
              || fixLocation.timestamp.timeIntervalSince(last.timestamp)
                < CoreLocationState.significantInterval
          {
            continue
          }
          if !updates.significant, settings.distanceFilter > 0, let last = updates.last,
            fixLocation.distance(from: last) < settings.distanceFilter
          {
            continue
          }
          updates.last = fixLocation
          delivered.append(fixLocation)
          if updates.oneShot { break }
        }
        if updates.oneShot, updates.next == nil, delivered.isEmpty, failure == nil {
          failure = CLError(.locationUnknown)
        }
        location.updates[index].updates = updates
        if updates.oneShot && (!delivered.isEmpty || failure != nil) {
          finished.insert(location.updates[index].key)
        }
        let box = UncheckedBox(manager)
        let device = updates.device
        if !delivered.isEmpty {
          let batch = UncheckedBox(delivered)
          callbacks.append {
            AppSimulation.$currentDevice.withValue(device) {
              box.value.deliver(batch.value)
            }
          }
        }
        if let failure {
          callbacks.append {
            AppSimulation.$currentDevice.withValue(device) { box.value.fail(failure) }
          }
        }
      }
      location.updates.removeAll { finished.contains($0.key) && $0.updates.oneShot }
      for index in location.live.indices {
        var live = location.live[index].live
        while let at = live.next, at <= now {
          live.next = plan.nextFix(after: at)
          guard location.isAuthorized,
            watch.delivers(on: live.device, allowsBackground: true),
            !watch.missesFix(at: at, plan: plan, on: live.device)
          else { continue }
          let update: CLLocationUpdate
          if !watch.indoor, let fix = plan.fix(at: at) {
            let fixLocation = location.location(fix)
            update = CLLocationUpdate(
              location: fixLocation, isStationary: (fix.speed ?? 0) == 0,
              accuracyLimited: location.accuracy == .reducedAccuracy)
          } else {
            update = CLLocationUpdate(location: nil, locationUnavailable: true)
          }
          let continuation = live.continuation
          callbacks.append { continuation.yield(update) }
        }
        location.live[index].live = live
      }
      callbacks += location.fireHeadings(
        at: now, plan: plan, watch: watch, alive: alive)
      let regions = location.fireRegions(at: now, plan: plan, alive: alive)
      callbacks += regions.callbacks
      if !regions.held.isEmpty {
        let reports = simulation.keepReports(
          .notDelivered, regions.held.map(CoreLocationState.heldCrossingMessage),
          framework: "CoreLocation", call: "CLLocationManager.startMonitoring(for:)", in: &state)
        callbacks.append { reports.forEach(AppSimulation.writeToStandardError) }
      }
      return callbacks
    }
  }
}
