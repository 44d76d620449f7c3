import Foundation
import SimulatedCoreLocationValues
import SimulationDriver
import WorkoutCore
import WorkoutPhysiology
import WorkoutSimulation

/// The headings and the region crossings, read from the body's true position at the route's
/// fix instants (docs/swift-api.md#heading, docs/swift-api.md#region-monitoring).
extension CoreLocationState {
  /// The magnetic heading of true bearing `bearing` where the declination is `declination`
  /// degrees east: the bearing minus the declination, in 0..<360.
  static func magnetic(fromTrue bearing: Double, declination: Double) -> Double {
    let value = (bearing - declination).truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }

  /// The angle between two headings the short way round, degrees in 0...180.
  static func turn(_ a: Double, _ b: Double) -> Double {
    let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(difference, 360 - difference)
  }

  /// The headings due up to `now` of every heading update (dropping those of a crashed app
  /// process of either device: `alive` has both devices' current ones), filtered by each manager's
  /// `headingFilter`, as callbacks in the lane.
  mutating func fireHeadings(
    at now: SimulationInstant, plan: RoutePlan, watch: WatchNow, alive: ProcessGenerations
  ) -> [AppSimulation.Callback] {
    headings.removeAll {
      $0.updates.manager.object == nil
        || !alive.isAlive($0.updates.device, $0.updates.generation)
    }
    var callbacks: [AppSimulation.Callback] = []
    for index in headings.indices {
      var updates = headings[index].updates
      guard let manager = updates.manager.object else { continue }
      let key = headings[index].key
      let settings = manager.settings
      let trueValid =
        isAuthorized
        && self.updates.contains { $0.key == key && !$0.updates.oneShot && !$0.updates.significant }
      var delivered: [CLHeading] = []
      while let at = updates.next, at <= now {
        updates.next = plan.nextFix(after: at)
        let place = plan.truePosition(at: at)
        guard watch.delivers(on: updates.device, allowsBackground: settings.allowsBackground),
          let bearing = place.bearing
        else { continue }
        // The one field model Core Motion's magnetometer reads too (docs/models.md#magnetic-field).
        let date = startDate.addingTimeInterval(at.seconds)
        let earth = GeomagneticField(
          latitude: place.latitude, longitude: place.longitude, altitude: plan.height(at: at),
          secondsSince1970: date.timeIntervalSince1970)
        let magnetic = Self.magnetic(fromTrue: bearing, declination: earth.declination)
        if let last = updates.last, Self.turn(magnetic, last) <= settings.headingFilter {
          continue
        }
        updates.last = magnetic
        delivered.append(
          CLHeading(
            magnetic: magnetic, true: trueValid ? bearing : -1, field: earth,
            timestamp: date))
      }
      headings[index].updates = updates
      let box = UncheckedBox(manager)
      let device = updates.device
      for reading in delivered {
        let heading = UncheckedBox(reading)
        callbacks.append {
          AppSimulation.$currentDevice.withValue(device) { box.value.deliverHeading(heading.value) }
        }
      }
    }
    return callbacks
  }

  /// Reads every monitored region's side at the fix instants up to `now` (while the app is
  /// authorized) and returns the crossings to report, to every live manager of the phone's
  /// app (made by its current process, as `alive` tells), as callbacks in the lane. A crossing
  /// with no such manager is kept in ``heldCrossings`` and returned as `held`, with its
  /// instant, for a `notDelivered` report (docs/swift-api.md#region-monitoring).
  mutating func fireRegions(
    at now: SimulationInstant, plan: RoutePlan, alive: ProcessGenerations
  )
    -> (
      callbacks: [AppSimulation.Callback],
      held: [(region: String, effect: RegionCrossing.Effect, at: SimulationInstant)]
    )
  {
    guard !regions.isEmpty else {
      regionNext = nil
      return ([], [])
    }
    var crossings:
      [(region: CLCircularRegion, effect: RegionCrossing.Effect, at: SimulationInstant)] = []
    while let at = regionNext, at <= now {
      regionNext = plan.nextFix(after: at)
      guard isAuthorized else { continue }
      let place = plan.truePosition(at: at)
      let here = CLLocationCoordinate2D(latitude: place.latitude, longitude: place.longitude)
      for index in regions.indices {
        let inside = regions[index].region.contains(here)
        if let effect = regions[index].crossing.observe(inside: inside, at: at) {
          crossings.append((regions[index].region, effect, at))
        }
      }
    }
    let phoneManagers = managers.filter { alive.isAlive(.phone, $0.generation) }.compactMap(
      \.object
    )
    .filter { $0.device == .phone }
    guard !phoneManagers.isEmpty else {
      heldCrossings += crossings.map { ($0.region, $0.effect) }
      return ([], crossings.map { ($0.region.identifier, $0.effect, $0.at) })
    }
    var callbacks: [AppSimulation.Callback] = []
    for crossing in crossings {
      for manager in phoneManagers {
        let box = UncheckedBox(manager)
        let region = UncheckedBox(crossing.region)
        let effect = crossing.effect
        callbacks.append {
          AppSimulation.$currentDevice.withValue(.phone) {
            box.value.regionCrossed(region.value, effect)
          }
        }
      }
    }
    return (callbacks, [])
  }

  /// The `notDelivered` message of a crossing of region `held.region` at `held.at` that found
  /// no live manager of the phone's app.
  static func heldCrossingMessage(
    _ held: (region: String, effect: RegionCrossing.Effect, at: SimulationInstant)
  ) -> String {
    let what = held.effect == .entered ? "entered" : "exited"
    return
      "The phone \(what) monitored region \"\(held.region)\" at t = \(secondsText(held.at.seconds)) s "
      + "while the app had no live CLLocationManager (none made by its current process: not "
      + "made yet, released, or the app crashed), so no delegate heard it. On an iPhone, iOS "
      + "launches the app into the background for a region event (launch option "
      + "UIApplication.LaunchOptionsKey.location) and the app must make a CLLocationManager and "
      + "set its delegate to receive it; the simulation does not launch the phone app's code. "
      + "The event is held and delivered to the first manager whose delegate the app sets: make "
      + "one in the app's launch code (after simulation.relaunch()) and keep it alive"
  }
}
