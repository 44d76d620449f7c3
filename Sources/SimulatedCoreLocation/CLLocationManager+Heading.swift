import Foundation
import SimulationDriver
import WorkoutCore

/// The compass (docs/swift-api.md#heading).
extension CLLocationManager {
  /// `true`: both simulated devices have a compass, the iPhone and the watch (a Series 9-class
  /// watch: Apple Watch has a compass from Series 5 and SE on; Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/headingavailable());
  /// `false` in the watch's code when the scenario's `motion.magnetometer` is `false` (an
  /// Apple Watch Series 4 or earlier; docs/scenario-format.md#motion). With no simulation's run
  /// in progress, `true` (both devices have one); called outside every run's task tree while
  /// runs it cannot be attributed to are in progress (several at once, or after several ran at
  /// once in the process), it traps with what to write instead (docs/swift-api.md#traps).
  public class func headingAvailable() -> Bool {
    guard let simulation = AppSimulation.quietReadSimulation("CLLocationManager.headingAvailable()")
    else { return true }
    return AppSimulation.device == .phone || simulation.scenario.watchHasMagnetometer
  }

  /// The least change of heading, degrees, before the next heading is delivered; default 1,
  /// ``kCLHeadingFilterNone`` for every reading. A reading is delivered when it differs from
  /// the last one delivered by more than this, measured the short way round the circle (Apple
  /// doc: https://developer.apple.com/documentation/corelocation/cllocationmanager/headingfilter).
  public var headingFilter: CLLocationDegrees {
    get { setting(\.headingFilter) }
    set { set(\.headingFilter, newValue) }
  }

  /// The device orientation the headings are measured for; default
  /// ``CLDeviceOrientation/portrait``. Kept, without effect: the simulated device's top points
  /// along the direction of travel (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/headingorientation).
  public var headingOrientation: CLDeviceOrientation {
    get { setting(\.headingOrientation) }
    set { set(\.headingOrientation, newValue) }
  }

  /// The last heading delivered to this manager, or `nil` before the first (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/heading).
  public var heading: CLHeading? { setting(\.heading) }

  /// Starts heading updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatingheading()):
  /// a reading at every fix instant of the route (each second by default) from now on, the
  /// first at once when now is one, delivered by `didUpdateHeading` on the simulation's agenda
  /// while ``headingFilter`` lets it through. No authorization is needed (the magnetic heading
  /// is not a location); ``CLHeading/trueHeading`` is −1 unless this manager also runs
  /// location updates. The same delivery rule as the locations: none while the watch app runs
  /// no code, in the background only with ``allowsBackgroundLocationUpdates`` or a running
  /// workout session. Calling it again changes nothing. On a watch without a compass
  /// (``headingAvailable()`` `false`) it does nothing: no reading comes, as there.
  public func startUpdatingHeading() {
    guard let simulation else { return }
    // A watch without a compass (`motion.magnetometer: false`) delivers no heading.
    guard device == .phone || simulation.scenario.watchHasMagnetometer else { return }
    let call = CallInFlight(function: #function, fileID: #fileID, owner: "CLLocationManager")
    let key = ObjectIdentifier(self)
    let weak = WeakManager(self)
    let device = self.device
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, state in
        guard !location.headings.contains(where: { $0.key == key }) else { return }
        location.prepare(&state)
        let now = state.session.now
        let next = location.plan.map { $0.isFix(now) ? now : $0.nextFix(after: now) } ?? nil
        location.headings.append(
          (
            key,
            CoreLocationState.HeadingUpdates(
              device: device, generation: state.processGeneration(of: device), manager: weak,
              next: next)
          ))
      }
    }
    let timer = CoreLocationTimer(simulation)
    simulation.addSystemTimer(key: ObjectIdentifier(CoreLocationState.self), timer)
    let callbacks = simulation.mutate { state in
      timer.fire(at: state.session.now, state: &state)
    }
    simulation.enqueue(callbacks, owedBy: call)
  }

  /// Stops heading updates (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatingheading()).
  public func stopUpdatingHeading() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.mutate { state in
      state.withExtension(CoreLocationState.self, of: simulation) { location, _ in
        location.headings.removeAll { $0.key == key }
      }
    }
  }

  /// Dismisses the calibration screen: does nothing, as none is ever shown (Apple doc:
  /// https://developer.apple.com/documentation/corelocation/cllocationmanager/dismissheadingcalibrationdisplay()).
  public func dismissHeadingCalibrationDisplay() {}

  /// Delivers `heading` to the delegate (in the lane); without a delegate the first such call
  /// is noted for a stall.
  func deliverHeading(_ heading: CLHeading) {
    set(\.heading, heading)
    guard let delegate else {
      return noteNoDelegate(
        "updated its heading", kind: "CLLocationManager.didUpdateHeading",
        at: heading.timestamp, advice: "set manager.delegate before startUpdatingHeading()")
    }
    delegate.locationManager(self, didUpdateHeading: heading)
  }
}
