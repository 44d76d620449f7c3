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
@available(iOS 15.0, watchOS 8.0, *)
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
@available(iOS 15.0, watchOS 8.0, *)
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
/// The height is the body's true height, the one Core Location's fixes report before their
/// seeded error (one home, the course's route: docs/swift-api.md#altitude): a replayed
/// recording's recorded altitudes (linear between its points); on a `gps.track` the track's
/// elevation at the distance travelled; otherwise `gps.altitude` (20 m by default) plus each
/// segment's climb, speed × time × grade. Before the course starts the start height, after it
/// ends the end's. No course: `gps.altitude` throughout, so relative altitude stays 0 and
/// updates still come. No barometer noise or weather drift (a project rule: the values are
/// exact, so a test can assert them). The pressure is the standard atmosphere's at that
/// height (101.325 × (1 − 2.25577e-5 × h)^5.25588 kPa at h m).
///
/// Updates come every interval of virtual time (1 s on the iPhone, 3 s on the watch), the
/// first at once. None while the watch app is suspended or not running (none queued for later:
/// the next one reports the height at its own instant), and a crash of the watch app ends the
/// watch's updates, as activity updates; the phone's come whatever the phone app does. With
/// `authorization.motion: "denied"` the handler gets the ``CMErrorMotionActivityNotAuthorized``
/// error (105) once and no updates start, as the pedometer's. Apple runs the handler on the
/// queue given: with `OperationQueue.main` it runs on the main actor (a handler written in a
/// `@MainActor` type may touch its state), with any other queue in the simulation's callback
/// lane (an operation queue's own thread would run it outside virtual time's order), in order
/// either way (docs/swift-api.md#core-motion). A freed altimeter's handlers are called no more,
/// as on a device: keep the altimeter in a property for as long as the updates are wanted
/// (docs/swift-api.md#core-motion).
open class CMAltimeter: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  /// Records this altimeter's freeing, so its updates end (``FreedObjectRecorder``).
  private let freedRecorder = FreedObjectRecorder()

  /// An altimeter of the current simulation, for the device whose code makes it (the watch
  /// outside `simulation.on(_:)`); traps outside a simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMAltimeter()")
    device = AppSimulation.device
    super.init()
  }

  /// `true`: both simulated devices have a barometer (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/isrelativealtitudeavailable()).
  open class func isRelativeAltitudeAvailable() -> Bool { true }

  /// `true`: the simulated devices are of the models that report it (Apple: "only available on
  /// iPhone 12 and later and Apple Watch 6 or SE and later",
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/isabsolutealtitudeavailable()).
  @available(iOS 15.0, watchOS 8.0, *)
  open class func isAbsoluteAltitudeAvailable() -> Bool { true }

  /// As ``CMMotionActivityManager/authorizationStatus()`` (one Motion & Fitness permission;
  /// Apple doc: https://developer.apple.com/documentation/coremotion/cmaltimeter/authorizationstatus());
  /// traps outside a simulation's `run`.
  open class func authorizationStatus() -> CMAuthorizationStatus {
    CoreMotionState.authorizationStatus(call: "CMAltimeter.authorizationStatus()")
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
  ///   - queue: `OperationQueue.main` runs the handler on the main actor; any other queue, in
  ///     the callback lane (see the type's notes).
  ///   - handler: called with each reading, or once with an `NSError` of ``CMErrorDomain`` code
  ///     ``CMErrorMotionActivityNotAuthorized`` (105) when `authorization.motion` is
  ///     `"denied"` (no updates start).
  open func startRelativeAltitudeUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMAltitudeHandler
  ) {
    start(
      .relative(UncheckedBox(handler)), mainQueue: CoreMotionTimer.isMain(queue),
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMAltimeter"))
  }

  /// Stops relative altitude updates; does nothing when none run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/stoprelativealtitudeupdates()).
  open func stopRelativeAltitudeUpdates() { stop(absolute: false) }

  /// Starts absolute altitude updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/startabsolutealtitudeupdates(to:withhandler:)):
  /// one at once, then one every interval (1 s on the iPhone, 3 s on the watch), each the
  /// body's height above sea level. Calling it again replaces the handler.
  ///
  /// - Parameters:
  ///   - queue: as ``startRelativeAltitudeUpdates(to:withHandler:)``'s.
  ///   - handler: called with each reading, or once with the not-authorized error (105) as
  ///     ``startRelativeAltitudeUpdates(to:withHandler:)``.
  @available(iOS 15.0, watchOS 8.0, *)
  open func startAbsoluteAltitudeUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMAbsoluteAltitudeHandler
  ) {
    start(
      .absolute(UncheckedBox(handler)), mainQueue: CoreMotionTimer.isMain(queue),
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMAltimeter"))
  }

  /// Stops absolute altitude updates; does nothing when none run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/stopabsolutealtitudeupdates()).
  @available(iOS 15.0, watchOS 8.0, *)
  open func stopAbsoluteAltitudeUpdates() { stop(absolute: true) }

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
  /// reading, or the not-authorized error once, owed by the public call `call`
  /// (``AppSimulation/registerMotionUpdates(call:_:)``).
  private func start(
    _ handler: CoreMotionState.AltitudeUpdates.Handler, mainQueue: Bool, call: CallInFlight
  ) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    let device = self.device
    let interval = Self.updateInterval(on: device)
    simulation.registerMotionUpdates(call: call, owner: (key, freedRecorder)) { motion, state in
      motion.prepareAltitude(&state)
      motion.altitude.removeAll {
        $0.key == key && $0.updates.handler.isAbsolute == handler.isAbsolute
      }
      guard motion.isAuthorized else {
        let refusal = UncheckedBox(CMErrorMotionActivityNotAuthorized.error)
        state.enqueue([
          CoreMotionTimer.call(on: device, mainQueue: mainQueue) {
            handler.refuse(refusal.value)
          }
        ])
        state.turnDue = true
        return
      }
      let now = state.session.now
      let height = motion.height(at: now)
      motion.altitude.append(
        (
          key,
          CoreMotionState.AltitudeUpdates(
            device: device, generation: state.processGeneration(of: device), handler: handler,
            mainQueue: mainQueue, next: now.advanced(by: interval), reference: height)
        ))
      let first = motion.reading(at: now, reference: height)
      state.enqueue([
        CoreMotionTimer.call(on: device, mainQueue: mainQueue) { handler.deliver(first) }
      ])
      state.turnDue = true
    }
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
    /// The process of `device`'s app that registered (that device's crash drops it).
    var generation: Int
    var handler: Handler
    /// Whether the app gave `OperationQueue.main` (the handler runs on the main actor).
    var mainQueue: Bool
    /// The next reading's instant.
    var next: SimulationInstant
    /// The height of the first reading, m.
    var reference: Double
  }

  /// Makes ``heights`` from the engine's course, as SimulatedCoreLocation makes its plan.
  mutating func prepareAltitude(_ state: inout AppSimulation.State) {
    guard heights == nil else { return }
    let session = state.session
    let course = session.course
    let speeds = course.segments.indices.map { session.speed(ofSegment: $0) }
    heights = RoutePlan(
      course: course, speed: { speeds[$0] }, gps: gps, seed: 0, path: session.gpsPath)
  }

  /// The body's height at `instant`, m (``WorkoutSimulation/RoutePlan/height(at:)``).
  func height(at instant: SimulationInstant) -> Double {
    heights?.height(at: instant) ?? gps.altitude
  }

  /// The reading at `instant` of a registration whose first reading was at `reference` m.
  func reading(at instant: SimulationInstant, reference: Double) -> AltitudeReading {
    AltitudeReading(
      altitude: height(at: instant), reference: reference, accuracy: verticalAccuracy,
      timestamp: instant.seconds)
  }
}
