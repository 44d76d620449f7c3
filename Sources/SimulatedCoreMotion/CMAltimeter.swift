import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation

/// The handler of relative altitude updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmaltitudehandler).
public typealias CMAltitudeHandler = (CMAltitudeData?, (any Error)?) -> Void

/// The handler of absolute altitude updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudehandler).
public typealias CMAbsoluteAltitudeHandler = (CMAbsoluteAltitudeData?, (any Error)?) -> Void

/// One relative altitude reading (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmaltitudedata): the body's climb since
/// the first reading the handler got and the air pressure there, both `NSNumber`s as Apple's.
/// Open with a public `init()` and overridable read-only properties, as Apple's Objective-C
/// class is in Swift, so an app's test double compiles; one made with `init()` holds 0 m, 0 kPa
/// and timestamp 0 (a project rule: Apple documents no values for it).
open class CMAltitudeData: CMLogItem, @unchecked Sendable {
  private let storedRelativeAltitude: NSNumber
  private let storedPressure: NSNumber

  /// The change in altitude since the first reading delivered to this handler, m (Apple: "The
  /// change in altitude (in meters) since the first reported event", 0 in the first,
  /// https://developer.apple.com/documentation/coremotion/cmaltitudedata/relativealtitude):
  /// the body's height now minus its height at that first reading (docs/swift-api.md#altitude).
  open var relativeAltitude: NSNumber { storedRelativeAltitude }
  /// The air pressure at the body's height, kPa (Apple: "The recorded pressure, in
  /// kilopascals", https://developer.apple.com/documentation/coremotion/cmaltitudedata/pressure):
  /// the standard atmosphere's (docs/swift-api.md#altitude).
  open var pressure: NSNumber { storedPressure }

  /// A reading of 0 m and 0 kPa at timestamp 0 (for an app's test double).
  public override init() {
    storedRelativeAltitude = NSNumber(value: 0)
    storedPressure = NSNumber(value: 0)
    super.init()
  }

  init(relativeAltitude: Double, pressure: Double, timestamp: TimeInterval) {
    storedRelativeAltitude = NSNumber(value: relativeAltitude)
    storedPressure = NSNumber(value: pressure)
    super.init(timestamp: timestamp)
  }
}

/// One absolute altitude reading (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata). Open with a
/// public `init()` and overridable read-only properties, as Apple's Objective-C class is in
/// Swift, so an app's test double compiles; one made with `init()` holds 0 for every value (a
/// project rule: Apple documents none).
open class CMAbsoluteAltitudeData: CMLogItem, @unchecked Sendable {
  private let storedAltitude: Double
  private let storedAccuracy: Double
  private let storedPrecision: Double

  /// The body's height above sea level, m (Apple: "The absolute altitude of the device relative
  /// to sea level, measured in meters",
  /// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata/altitude): the
  /// course's height with no error added (docs/swift-api.md#altitude).
  open var altitude: Double { storedAltitude }
  /// The estimated uncertainty, m, one standard deviation (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata/accuracy):
  /// the scenario's `sensors.location.verticalAccuracy` (10 m by default), the GPS that
  /// calibrates the barometer's absolute reading (a project rule, docs/swift-api.md#altitude).
  open var accuracy: Double { storedAccuracy }
  /// The recommended resolution, m (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata/precision):
  /// 1 m (a project rule: the resolution an app should show a height with).
  open var precision: Double { storedPrecision }

  /// A reading of 0 m, accuracy 0 and precision 0 at timestamp 0 (for an app's test double).
  public override init() {
    storedAltitude = 0
    storedAccuracy = 0
    storedPrecision = 0
    super.init()
  }

  init(altitude: Double, accuracy: Double, precision: Double, timestamp: TimeInterval) {
    storedAltitude = altitude
    storedAccuracy = accuracy
    storedPrecision = precision
    super.init(timestamp: timestamp)
  }
}

/// The barometric altimeter (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmaltimeter): the body's height on the
/// course, read on virtual time (docs/swift-api.md#altitude).
///
/// The height is the one the body model climbs: from the start altitude (`gps.altitude`, 20 m
/// by default; a `gps.track`'s first elevation; a replayed recording's first recorded
/// altitude), each course segment adds its speed × duration × grade (the grade as rise per
/// metre travelled, the rule of the course profile, `CourseProfile`), linearly within the
/// segment; before the course starts the start altitude, after it ends the end's. No course:
/// the start altitude throughout, so relative altitude stays 0 and updates still come. No
/// barometer noise or weather drift (a project rule: the values are exact, so a test can
/// assert them). The pressure is the standard atmosphere's at that height
/// (101.325 × (1 − 2.25577e-5 × h)^5.25588 kPa at h m).
///
/// Updates come every interval of virtual time (1 s on the iPhone, 3 s on the watch), the
/// first at once. None while the watch app is suspended or not running (none queued for later:
/// the next one reports the height at its own instant), and a crash of the watch app ends the
/// watch's updates, as activity updates; the phone's come whatever the phone app does. With
/// `authorization.motion: "denied"` the handler gets the ``CMErrorMotionActivityNotAuthorized``
/// error (105) once and no updates start, as the pedometer's. Handlers run in the simulation's
/// callback lane; the `OperationQueue` is accepted and not used, as
/// ``CMMotionActivityManager``'s (an operation queue's own thread would run them outside
/// virtual time's order).
public class CMAltimeter: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device

  /// An altimeter of the current simulation, for the device whose code makes it (the watch
  /// outside `simulation.on(_:)`); traps outside a simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMAltimeter()")
    device = AppSimulation.device
    super.init()
  }

  /// `true`: both simulated devices have a barometer (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/isrelativealtitudeavailable()).
  public class func isRelativeAltitudeAvailable() -> Bool { true }

  /// `true`: the simulated devices are of the models that report it (Apple: "only available on
  /// iPhone 12 and later and Apple Watch 6 or SE and later",
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/isabsolutealtitudeavailable()).
  public class func isAbsoluteAltitudeAvailable() -> Bool { true }

  /// As ``CMMotionActivityManager/authorizationStatus()`` (one Motion & Fitness permission;
  /// Apple doc: https://developer.apple.com/documentation/coremotion/cmaltimeter/authorizationstatus());
  /// traps outside a simulation's `run`.
  public class func authorizationStatus() -> CMAuthorizationStatus {
    let simulation = AppSimulation.requireCurrent("CMAltimeter.authorizationStatus()")
    return simulation.scenario.authorization?.motion == .denied ? .denied : .authorized
  }

  /// Starts relative altitude updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/startrelativealtitudeupdates(to:withhandler:)):
  /// one at once with `relativeAltitude` 0, then one every interval (1 s on the iPhone, 3 s on
  /// the watch), each the body's height minus its height at the first reading, with the
  /// pressure there. Calling it again replaces the handler and starts over from 0 (a project
  /// rule, as a repeated start of the pedometer's or the activity manager's updates replaces
  /// theirs).
  ///
  /// - Parameters:
  ///   - queue: accepted and not used (see the type's notes).
  ///   - handler: called with each reading, or once with an `NSError` of ``CMErrorDomain`` code
  ///     ``CMErrorMotionActivityNotAuthorized`` (105) when `authorization.motion` is
  ///     `"denied"` (no updates start).
  public func startRelativeAltitudeUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMAltitudeHandler
  ) {
    start(.relative(UncheckedBox(handler)))
  }

  /// Stops relative altitude updates; does nothing when none run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/stoprelativealtitudeupdates()).
  public func stopRelativeAltitudeUpdates() { stop(absolute: false) }

  /// Starts absolute altitude updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/startabsolutealtitudeupdates(to:withhandler:)):
  /// one at once, then one every interval (1 s on the iPhone, 3 s on the watch), each the
  /// body's height above sea level. Calling it again replaces the handler.
  ///
  /// - Parameters:
  ///   - queue: accepted and not used (see the type's notes).
  ///   - handler: called with each reading, or once with the not-authorized error (105) as
  ///     ``startRelativeAltitudeUpdates(to:withHandler:)``.
  public func startAbsoluteAltitudeUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMAbsoluteAltitudeHandler
  ) {
    start(.absolute(UncheckedBox(handler)))
  }

  /// Stops absolute altitude updates; does nothing when none run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/stopabsolutealtitudeupdates()).
  public func stopAbsoluteAltitudeUpdates() { stop(absolute: true) }

  /// The air pressure of the standard atmosphere at `altitude` m above sea level, kPa: the
  /// troposphere's barometric formula `p = 101.325 × (1 − 2.25577e-5 × h)^5.25588`, with
  /// sea-level pressure 101.325 kPa, temperature 288.15 K and lapse rate 0.0065 K/m
  /// (2.25577e-5 = 0.0065 / 288.15; 5.25588 = g₀·M / (R*·L) = 9.80665 × 0.0289644 /
  /// (8.31432 × 0.0065)): U.S. Standard Atmosphere, 1976 (NOAA, NASA, USAF), the pressure
  /// equation of a layer with a non-zero lapse rate; the international barometric height
  /// formula, https://www.apt-huerth.de/apt_eng/barometric-height-formula.html. Valid up to
  /// 11 km; 0 m gives 101.325 kPa, 1000 m 89.875 kPa.
  static func standardPressure(atAltitude altitude: Double) -> Double {
    101.325 * pow(1 - 2.25577e-5 * altitude, 5.25588)
  }

  /// The time between updates on `device` (a project rule: Apple documents no rate, updates
  /// come "when new altitude data is available"): 1 s on the iPhone, as developers observe
  /// ("the update handler consistently provides an update every second, irrespective of an
  /// altitude (or pressure) change or not", https://developer.apple.com/forums/thread/702745;
  /// absolute updates "every second or so", https://developer.apple.com/forums/thread/769911);
  /// 3 s on the watch, whose readings come less often (the same thread: "much less frequent"
  /// on an Apple Watch Series 10; about one pressure sample every three seconds on the watch
  /// against one a second on the iPhone, https://www.bogbridges.com/alti-barometer-pro-faq).
  static func updateInterval(on device: AppSimulation.Device) -> Duration {
    device == .phone ? .seconds(1) : .seconds(3)
  }

  /// The precision an absolute reading reports, 1 m (a project rule: the resolution an app
  /// should show a height with; Apple documents no figure).
  static let absolutePrecision = 1.0

  /// Registers `handler` (replacing this altimeter's of the same kind) and delivers the first
  /// reading, or the not-authorized error once.
  private func start(_ handler: CoreMotionState.AltitudeUpdates.Handler) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    let device = self.device
    let interval = Self.updateInterval(on: device)
    let first = simulation.mutate { state -> AltitudeReading? in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        motion.prepareAltitude(&state)
        motion.altitude.removeAll {
          $0.key == key && $0.updates.handler.isAbsolute == handler.isAbsolute
        }
        guard motion.isAuthorized else { return nil }
        let now = state.session.now
        let height = motion.height(at: now)
        motion.altitude.append(
          (
            key,
            CoreMotionState.AltitudeUpdates(
              device: device, generation: state.processGeneration(), handler: handler,
              next: now.advanced(by: interval), reference: height)
          ))
        return motion.reading(at: now, reference: height)
      }
    }
    let refusal = UncheckedBox(CMErrorMotionActivityNotAuthorized.error)
    simulation.enqueue(of: "CMAltimeter") {
      AppSimulation.$currentDevice.withValue(device) {
        if let first {
          handler.deliver(first)
        } else {
          handler.refuse(refusal.value)
        }
      }
    }
    simulation.addSystemTimer(
      key: ObjectIdentifier(CoreMotionState.self), CoreMotionTimer(simulation))
  }

  /// Removes this altimeter's registration of one kind.
  private func stop(absolute: Bool) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.removeMotionUpdates {
      $0.altitude.removeAll { $0.key == key && $0.updates.handler.isAbsolute == absolute }
    }
  }
}

/// One altitude reading before it becomes a data object: the height, its reference and the
/// instant.
struct AltitudeReading: Sendable {
  /// The body's height above sea level, m.
  var altitude: Double
  /// The height of the registration's first reading, m.
  var reference: Double
  /// `sensors.location.verticalAccuracy`, m.
  var accuracy: Double
  /// The instant's seconds on the scenario's clock (the `CMLogItem` timestamp).
  var timestamp: TimeInterval
}

/// The body's height over the course (see ``CMAltimeter``): the heights at the segment
/// boundaries, linear between them.
struct BodyHeight: Sendable {
  /// Seconds from `t = 0` and height, m, at each segment start and at the course's end.
  let points: [ElevationPoint]
  /// The height without a course.
  let start: Double

  /// The heights of the course `profile` draws, moved to begin at `start` m.
  init(profile: CourseProfile, start: Double) {
    let offset = start - (profile.elevation.first?.metres ?? 0)
    points = profile.elevation.map {
      ElevationPoint(seconds: $0.seconds, metres: $0.metres + offset)
    }
    self.start = start
  }

  /// The height at `seconds` from `t = 0`, m.
  func height(at seconds: Double) -> Double {
    guard let first = points.first, let last = points.last else { return start }
    if seconds <= first.seconds { return first.metres }
    if seconds >= last.seconds { return last.metres }
    var low = 0
    var high = points.count - 1
    // points[low].seconds < seconds < points[high].seconds
    while high - low > 1 {
      let mid = (low + high) / 2
      if points[mid].seconds <= seconds { low = mid } else { high = mid }
    }
    let a = points[low]
    let b = points[high]
    guard b.seconds > a.seconds else { return b.metres }
    return a.metres + (b.metres - a.metres) * (seconds - a.seconds) / (b.seconds - a.seconds)
  }
}

extension CoreMotionState {
  /// One `startRelativeAltitudeUpdates` or `startAbsoluteAltitudeUpdates` registration.
  struct AltitudeUpdates {
    /// The app's handler, of either kind.
    enum Handler: Sendable {
      case relative(UncheckedBox<CMAltitudeHandler>)
      case absolute(UncheckedBox<CMAbsoluteAltitudeHandler>)

      var isAbsolute: Bool {
        if case .absolute = self { return true }
        return false
      }

      /// Calls the handler with `reading` as its kind's data object.
      func deliver(_ reading: AltitudeReading) {
        switch self {
        case .relative(let handler):
          handler.value(
            CMAltitudeData(
              relativeAltitude: reading.altitude - reading.reference,
              pressure: CMAltimeter.standardPressure(atAltitude: reading.altitude),
              timestamp: reading.timestamp), nil)
        case .absolute(let handler):
          handler.value(
            CMAbsoluteAltitudeData(
              altitude: reading.altitude, accuracy: reading.accuracy,
              precision: CMAltimeter.absolutePrecision, timestamp: reading.timestamp), nil)
        }
      }

      /// Calls the handler with `error` and no data.
      func refuse(_ error: NSError) {
        switch self {
        case .relative(let handler): handler.value(nil, error)
        case .absolute(let handler): handler.value(nil, error)
        }
      }
    }

    var device: AppSimulation.Device
    /// The watch app's process that registered (a crash drops it).
    var generation: Int
    var handler: Handler
    /// The next reading's instant.
    var next: SimulationInstant
    /// The height of the first reading, m.
    var reference: Double
  }

  /// Makes ``bodyHeight`` from the engine's course and the scenario's start altitude.
  mutating func prepareAltitude(_ state: inout AppSimulation.State) {
    guard bodyHeight == nil else { return }
    let session = state.session
    let profile = CourseProfile(course: session.course) { session.speed(ofSegment: $0) }
    let recorded = profile.recordedAltitude.first?.metres
    let start = recorded ?? session.gpsPath?.position(at: 0).altitude ?? gpsAltitude
    bodyHeight = BodyHeight(profile: profile, start: start)
  }

  /// The body's height at `instant`, m.
  func height(at instant: SimulationInstant) -> Double {
    bodyHeight?.height(at: instant.seconds) ?? gpsAltitude
  }

  /// The reading at `instant` of a registration whose first reading was at `reference` m.
  func reading(at instant: SimulationInstant, reference: Double) -> AltitudeReading {
    AltitudeReading(
      altitude: height(at: instant), reference: reference, accuracy: verticalAccuracy,
      timestamp: instant.seconds)
  }
}
