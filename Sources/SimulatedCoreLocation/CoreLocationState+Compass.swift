import Foundation
import SimulatedCoreLocationValues
import SimulationDriver
import WorkoutCore
import WorkoutPhysiology
import WorkoutSimulation

/// The headings and the region crossings, read from the body's true position at the route's
/// fix instants (docs/swift-api.md#heading, docs/swift-api.md#region-monitoring).
extension CoreLocationState {
  /// The declination, degrees east: 0 (project rule: the scenario has no magnetic model, so
  /// magnetic north is true north; docs/swift-api.md#heading).
  static let declination = 0.0

  /// The magnetic heading of true bearing `bearing`: the bearing minus the declination, in
  /// 0..<360.
  static func magnetic(fromTrue bearing: Double) -> Double {
    let value = (bearing - declination).truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }

  /// The angle between two headings the short way round, degrees in 0...180.
  static func turn(_ a: Double, _ b: Double) -> Double {
    let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(difference, 360 - difference)
  }

  /// The headings due up to `now` of every heading update (dropping those of a crashed watch
  /// process, `generation` being the current one), filtered by each manager's
  /// `headingFilter`, as callbacks in the lane.
  mutating func fireHeadings(
    at now: SimulationInstant, plan: RoutePlan, watch: WatchNow, generation: Int
  ) -> [AppSimulation.Callback] {
    headings.removeAll {
      $0.updates.manager.object == nil
        || ($0.updates.device == .watch && $0.updates.generation != generation)
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
        guard watch.delivers(on: updates.device, allowsBackground: settings.allowsBackground),
          let bearing = plan.truePosition(at: at).bearing
        else { continue }
        let magnetic = Self.magnetic(fromTrue: bearing)
        if let last = updates.last, Self.turn(magnetic, last) <= settings.headingFilter {
          continue
        }
        updates.last = magnetic
        delivered.append(
          CLHeading(
            magnetic: magnetic, true: trueValid ? bearing : -1,
            timestamp: startDate.addingTimeInterval(at.seconds)))
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
  /// app, as callbacks in the lane.
  mutating func fireRegions(at now: SimulationInstant, plan: RoutePlan)
    -> [AppSimulation.Callback]
  {
    guard !regions.isEmpty else {
      regionNext = nil
      return []
    }
    var crossings: [(region: CLCircularRegion, effect: RegionCrossing.Effect)] = []
    while let at = regionNext, at <= now {
      regionNext = plan.nextFix(after: at)
      guard isAuthorized else { continue }
      let place = plan.truePosition(at: at)
      let here = CLLocationCoordinate2D(latitude: place.latitude, longitude: place.longitude)
      for index in regions.indices {
        let inside = regions[index].region.contains(here)
        if let effect = regions[index].crossing.observe(inside: inside, at: at) {
          crossings.append((regions[index].region, effect))
        }
      }
    }
    let phoneManagers = managers.compactMap(\.object).filter { $0.device == .phone }
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
    return callbacks
  }
}
