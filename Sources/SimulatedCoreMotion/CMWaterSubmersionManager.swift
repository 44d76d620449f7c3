import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation

/// A change of the watch's submersion state (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmwatersubmersionevent): `submerged`
/// when a dive of the scenario's `motion.submersion.dives` starts, `notSubmerged` when it ends
/// (docs/swift-api.md#water-submersion).
@available(iOS 16.0, watchOS 9.0, *)
open class CMWaterSubmersionEvent: NSObject, @unchecked Sendable {
  /// The device's submersion state, with Apple's raw values (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionevent/state-swift.enum).
  public enum State: Int, Sendable, Hashable {
    /// Unknown (0).
    case unknown = 0
    /// Not under water (1).
    case notSubmerged = 1
    /// Under water (2).
    case submerged = 2
  }

  private let storedDate: Date
  private let storedState: State

  /// When the state changed (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionevent/date): the
  /// dive's start or end.
  open var date: Date { storedDate }
  /// The new state (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionevent/state-swift.property).
  open var state: State { storedState }

  /// An unknown event at the reference date (for an app's test double; a project rule: Apple
  /// documents no values for it).
  public override init() {
    storedDate = Date(timeIntervalSinceReferenceDate: 0)
    storedState = .unknown
    super.init()
  }

  init(date: Date, state: State) {
    storedDate = date
    storedState = state
    super.init()
  }
}

/// One depth and pressure measurement (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement).
@available(iOS 16.0, watchOS 9.0, *)
open class CMWaterSubmersionMeasurement: NSObject, @unchecked Sendable {
  /// The depth state, with Apple's raw values (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/depthstate).
  public enum DepthState: Int, Sendable, Hashable {
    /// Unknown (0).
    case unknown = 0
    /// Not under water (100).
    case notSubmerged = 100
    /// Under water, less than 1 m deep (200).
    case submergedShallow = 200
    /// At least 1 m deep (300).
    case submergedDeep = 300
    /// Within 1 m of the entitlement's maximum depth (400; the 1 m margin is a project rule,
    /// Apple gives none).
    case approachingMaxDepth = 400
    /// Deeper than the entitlement's maximum depth, 6 m or 40 m (500; Apple doc:
    /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/depthstate/pastmaxdepth).
    case pastMaxDepth = 500
    /// The depth sensor failed (600): never reported here.
    case sensorDepthError = 600
  }

  private let storedDate: Date
  private let storedDepth: Measurement<UnitLength>?
  private let storedPressure: Measurement<UnitPressure>?
  private let storedSurfacePressure: Measurement<UnitPressure>
  private let storedState: DepthState

  /// When the measurement was taken (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/date).
  open var date: Date { storedDate }
  /// The depth under water, m; `nil` out of the water (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/depth).
  open var depth: Measurement<UnitLength>? { storedDepth }
  /// The water pressure, kPa: the surface pressure plus 1025 kg/m³ × 9.80665 m/s² × depth
  /// (sea water, a project rule), `nil` out of the water (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/pressure).
  open var pressure: Measurement<UnitPressure>? { storedPressure }
  /// The air pressure at the surface, kPa: the standard atmosphere's at the body's height, as
  /// `CMAltitudeData.pressure` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/surfacepressure).
  open var surfacePressure: Measurement<UnitPressure> { storedSurfacePressure }
  /// The depth state (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/submersionstate).
  open var submersionState: DepthState { storedState }

  /// A measurement out of the water at the reference date, 0 kPa, state unknown (for an app's
  /// test double; a project rule).
  public override init() {
    storedDate = Date(timeIntervalSinceReferenceDate: 0)
    storedDepth = nil
    storedPressure = nil
    storedSurfacePressure = Measurement(value: 0, unit: .kilopascals)
    storedState = .unknown
    super.init()
  }

  init(
    date: Date, depth: Double?, pressure: Double?, surfacePressure: Double, state: DepthState
  ) {
    storedDate = date
    storedDepth = depth.map { Measurement(value: $0, unit: .meters) }
    storedPressure = pressure.map { Measurement(value: $0, unit: .kilopascals) }
    storedSurfacePressure = Measurement(value: surfacePressure, unit: .kilopascals)
    storedState = state
    super.init()
  }
}

/// One water temperature measurement (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmwatertemperature).
@available(iOS 16.0, watchOS 9.0, *)
open class CMWaterTemperature: NSObject, @unchecked Sendable {
  private let storedDate: Date
  private let storedTemperature: Measurement<UnitTemperature>
  private let storedUncertainty: Measurement<UnitTemperature>

  /// When the measurement was taken (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatertemperature/date).
  open var date: Date { storedDate }
  /// The water's temperature, °C: the dive's `temperature` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatertemperature/temperature).
  open var temperature: Measurement<UnitTemperature> { storedTemperature }
  /// The uncertainty, 0.5 °C (a project rule: Apple publishes no figure; Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatertemperature/temperatureuncertainty).
  open var temperatureUncertainty: Measurement<UnitTemperature> { storedUncertainty }

  /// 0 °C ± 0 °C at the reference date (for an app's test double; a project rule).
  public override init() {
    storedDate = Date(timeIntervalSinceReferenceDate: 0)
    storedTemperature = Measurement(value: 0, unit: .celsius)
    storedUncertainty = Measurement(value: 0, unit: .celsius)
    super.init()
  }

  init(date: Date, temperature: Double, uncertainty: Double) {
    storedDate = date
    storedTemperature = Measurement(value: temperature, unit: .celsius)
    storedUncertainty = Measurement(value: uncertainty, unit: .celsius)
    super.init()
  }
}

/// The delegate of a ``CMWaterSubmersionManager`` (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanagerdelegate).
/// Every method is optional (an empty default). Apple calls them "on an anonymous background
/// queue": here in the simulation's callback lane, in virtual time's order, never on the main
/// actor (a `@MainActor` delegate writes them `nonisolated`, as Apple's sample does).
@available(iOS 16.0, watchOS 9.0, *)
public protocol CMWaterSubmersionManagerDelegate: NSObjectProtocol {
  /// The submersion state changed (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanagerdelegate/manager(_:didupdate:)-6qux6).
  func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent)
  /// A depth and pressure measurement: three a second under water (Apple: "three times a
  /// second while submerged"), one a second on the surface (a project rule: Apple says "a
  /// slower rate"; Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanagerdelegate/manager(_:didupdate:)-7nhjb).
  func manager(
    _ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement)
  /// A water temperature, three a second under water only (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanagerdelegate/manager(_:didupdate:)-18wua).
  func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature)
  /// An error: ``CMErrorNotAvailable`` (109) on a device without a depth gauge,
  /// ``CMErrorMotionActivityNotAuthorized`` (105) when `authorization.motion` is `"denied"`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanagerdelegate/manager(_:erroroccurred:)).
  func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: any Error)
}

@available(iOS 16.0, watchOS 9.0, *)
extension CMWaterSubmersionManagerDelegate {
  /// Does nothing.
  public func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent)
  {}
  /// Does nothing.
  public func manager(
    _ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement
  ) {}
  /// Does nothing.
  public func manager(
    _ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature
  ) {}
  /// Does nothing.
  public func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: any Error) {}
}

/// Depth, water pressure and water temperature under water (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanager): the dives of
/// the scenario's `motion.submersion` (docs/swift-api.md#water-submersion).
///
/// The watch is an Apple Watch Ultra when the scenario has `motion.submersion`
/// (``waterSubmersionAvailable`` is `true` in the watch's code, `false` on the iPhone, as on
/// Apple's devices). Making a manager on such a watch without `motion.submersion.entitlement`
/// traps: Apple requires the Shallow Depth and Pressure capability or the Submerged Depth and
/// Pressure entitlement before the class is instantiated. Setting ``delegate`` starts the
/// updates (Apple: "assign a delegate ... The system begins sending updates"): at once the
/// current state's event and a measurement, then a measurement three times a second under water
/// (with a temperature each time), once a second on the surface, and an event at each dive's
/// start and end, dated there. None while the watch app is suspended or not running (missed
/// ones are dropped; the event of a change missed comes with the next measurement), none after
/// a crash; setting the delegate to `nil` stops them.
@available(iOS 16.0, watchOS 9.0, *)
open class CMWaterSubmersionManager: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  /// The deepest the entitlement serves, m (6 or 40), `nil` without a depth gauge.
  let maximum: Double?

  /// The object the updates go to (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanager/delegate);
  /// held weakly. Setting it starts the updates (or the error, on a device without a depth
  /// gauge or without authorization), `nil` ends them.
  open weak var delegate: (any CMWaterSubmersionManagerDelegate)? {
    didSet { delegateChanged() }
  }

  /// A manager of the current simulation, for the device whose code makes it; traps outside a
  /// simulation's `run`, and on a watch with a depth gauge (`motion.submersion`) when the
  /// scenario grants no `motion.submersion.entitlement` (Apple: "Before you can instantiate the
  /// CMWaterSubmersionManager class, your app needs to include" the entitlement,
  /// https://developer.apple.com/documentation/coremotion/accessing-submersion-data).
  public override init() {
    let simulation = AppSimulation.requireCurrent("CMWaterSubmersionManager()")
    self.simulation = simulation
    device = AppSimulation.device
    let submersion = simulation.scenario.motion?.submersion
    if device == .watch, let submersion {
      guard let entitlement = submersion.entitlement else {
        fatalError(
          "CMWaterSubmersionManager() was created without a depth entitlement: Apple requires the Shallow Depth and Pressure capability (6 m) or the Submerged Depth and Pressure entitlement (40 m) before the class is instantiated (https://developer.apple.com/documentation/coremotion/accessing-submersion-data); grant it with \"motion\": { \"submersion\": { \"entitlement\": \"shallowDepth\" } } or \"submergedDepth\" in the scenario (docs/scenario-format.md#submersion)"
        )
      }
      maximum = entitlement.maximumDepth
    } else {
      maximum = nil
    }
    super.init()
  }

  /// Whether the device has a depth gauge (Apple: `true` "On Apple Watch Ultra", `false` on
  /// all other devices,
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanager/watersubmersionavailable):
  /// `true` in the watch's code when the scenario has `motion.submersion`; traps outside a
  /// simulation's `run`.
  open class var waterSubmersionAvailable: Bool {
    let simulation = AppSimulation.requireCurrent(
      "CMWaterSubmersionManager.waterSubmersionAvailable")
    return AppSimulation.device == .watch && simulation.scenario.motion?.submersion != nil
  }

  /// As ``CMAltimeter/authorizationStatus()`` (one Motion & Fitness permission, Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanager/authorizationstatus);
  /// traps outside a simulation's `run`.
  open class var authorizationStatus: CMAuthorizationStatus {
    CoreMotionState.authorizationStatus(call: "CMWaterSubmersionManager.authorizationStatus")
  }

  /// The deepest the manager serves (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanager/maximumdepth):
  /// 6 m with `entitlement: "shallowDepth"`, 40 m with `"submergedDepth"`; `nil` on a device
  /// without a depth gauge.
  open var maximumDepth: Measurement<UnitLength>? {
    maximum.map { Measurement(value: $0, unit: .meters) }
  }

  /// Registers (or removes) this manager's updates after its delegate changed.
  private func delegateChanged() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    guard delegate != nil else {
      simulation.removeMotionUpdates { $0.water.removeAll { $0.key == key } }
      return
    }
    let device = self.device
    let maximum = self.maximum
    let manager = UncheckedBox(WeakSubmersionManager(self))
    simulation.registerMotionUpdates(
      call: CallInFlight(function: "delegate", fileID: #fileID, owner: "CMWaterSubmersionManager")
    ) { motion, state in
      motion.water.removeAll { $0.key == key }
      let refusal: CMError? =
        maximum == nil
        ? CMErrorNotAvailable : motion.isAuthorized ? nil : CMErrorMotionActivityNotAuthorized
      if let refusal {
        let error = UncheckedBox(refusal.error)
        state.enqueue([
          {
            AppSimulation.$currentDevice.withValue(device) {
              guard let object = manager.value.object else { return }
              object.delegate?.manager(object, errorOccurred: error.value)
            }
          }
        ])
        state.turnDue = true
        return
      }
      motion.prepareAltitude(&state)
      var updates = CoreMotionState.SubmersionUpdates(
        device: device, generation: state.processGeneration(of: device), manager: manager,
        maximum: maximum ?? 0, next: state.session.now)
      state.enqueue(motion.tick(&updates, at: state.session.now, receives: true))
      state.turnDue = true
      motion.water.append((key, updates))
    }
  }
}

/// A water submersion manager, weakly (the state must not keep the app's manager alive).
struct WeakSubmersionManager {
  weak var object: CMWaterSubmersionManager?
  init(_ object: CMWaterSubmersionManager) { self.object = object }
}

extension CoreMotionState {
  /// One water submersion manager's live updates.
  struct SubmersionUpdates {
    var device: AppSimulation.Device
    /// The process of `device`'s app that registered (that device's crash drops it).
    var generation: Int
    var manager: UncheckedBox<WeakSubmersionManager>
    /// The entitlement's maximum depth, m.
    var maximum: Double
    /// The next measurement's instant.
    var next: SimulationInstant
    /// The state the delegate last got an event of (`nil`: none yet).
    var reported: Bool?
    /// The start of the current rate's grid (the registration or the last change of state).
    var anchor: SimulationInstant = .zero
    /// Whether the watch was under water at the last measurement.
    var submerged: Bool?
  }

  /// Measurements a second under water: 3 (Apple: "three times a second while submerged",
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmanagerdelegate/manager(_:didupdate:)-7nhjb).
  static let submergedRate: Int64 = 3
  /// Measurements a second on the surface: 1 (a project rule: Apple says "a slower rate").
  static let surfaceRate: Int64 = 1
  /// The uncertainty of a water temperature, °C (a project rule: Apple publishes none).
  static let temperatureUncertainty = 0.5
  /// Sea water's density × standard gravity, kPa per metre: 1025 kg/m³ × 9.80665 m/s² =
  /// 10.05182 kPa/m (a project rule: the watch is in the sea).
  static let kilopascalsPerMetre = 1025 * 9.80665 / 1000

  /// The depth state of `depth` m (`nil`: out of the water) under an entitlement of `maximum`
  /// m: below 1 m shallow, from 1 m deep (Apple:
  /// https://developer.apple.com/documentation/coremotion/cmwatersubmersionmeasurement/depthstate),
  /// from `maximum − 1` approaching, past `maximum` past.
  static func depthState(_ depth: Double?, maximum: Double)
    -> CMWaterSubmersionMeasurement
    .DepthState
  {
    guard let depth else { return .notSubmerged }
    if depth > maximum { return .pastMaxDepth }
    if depth >= maximum - 1 { return .approachingMaxDepth }
    return depth < 1 ? .submergedShallow : .submergedDeep
  }

  /// The first measurement instant of `updates` after `now`: the next instant on the grid of
  /// the rate of the state at `now` (3 a second under water, 1 on the surface) from its start
  /// (``grid(_:at:)``), or the next dive's start or end when sooner. Also
  /// where a registration parked while the watch app could not receive resumes
  /// (``CoreMotionTimer/nextDue(after:state:)``).
  func nextMeasurement(_ updates: SubmersionUpdates, after now: SimulationInstant)
    -> SimulationInstant
  {
    let anchor = grid(updates, at: now)
    let rate = submersion?.depth(at: now) != nil ? Self.submergedRate : Self.surfaceRate
    let elapsed = now.nanoseconds - anchor.nanoseconds
    // The grid's instants are anchor + ⌊n × 10⁹ / rate⌋ ns: the first one after now.
    var count = elapsed * rate / 1_000_000_000 + 1
    while count * 1_000_000_000 / rate <= elapsed { count += 1 }
    var next = SimulationInstant(nanoseconds: anchor.nanoseconds + count * 1_000_000_000 / rate)
    if let change = submersion?.nextChange(after: now), change < next { next = change }
    return next
  }

  /// The start of the grid `updates` measures on at `now`: the registration's first
  /// measurement (`now` itself), else the latest change of state (a dive's start or end) at or
  /// before `now` when it is later than the grid's start, else the grid's start. Measured
  /// without a break, a change is itself a measurement instant, so this is where the grid
  /// restarted; after a registration parked across a change (the watch app could not
  /// receive), the grid is the one it would have had.
  func grid(_ updates: SubmersionUpdates, at now: SimulationInstant) -> SimulationInstant {
    guard updates.submerged != nil, let gauge = submersion else { return now }
    var latest: SimulationInstant?
    for dive in gauge.dives {
      for edge in [dive.range.lowerBound, dive.range.upperBound]
      where edge <= now && edge > updates.anchor
        && (gauge.depth(at: edge) != nil)
          != (gauge.depth(at: edge.advanced(by: .nanoseconds(-1))) != nil)
      {
        if latest.map({ edge > $0 }) ?? true { latest = edge }
      }
    }
    return latest ?? updates.anchor
  }

  /// The delegate calls owed at `now` to `updates` (when `receives`: the app can run) and the
  /// next instant: the event when the state differs from the one last reported, a measurement,
  /// and under water a temperature; then the next instant on the grid of the state's rate from
  /// its start, or the next dive's start or end when sooner. The one home of the rule.
  func tick(_ updates: inout SubmersionUpdates, at now: SimulationInstant, receives: Bool)
    -> [AppSimulation.Callback]
  {
    let gauge = submersion
    let depth = gauge?.depth(at: now)
    let submerged = depth != nil
    updates.anchor = grid(updates, at: now)
    updates.submerged = submerged
    updates.next = nextMeasurement(updates, after: now)
    guard receives else { return [] }
    let date = self.date(now)
    let surface = CMAltimeter.standardPressure(atAltitude: height(at: now))
    var calls: [(any CMWaterSubmersionManagerDelegate, CMWaterSubmersionManager) -> Void] = []
    if updates.reported != submerged {
      updates.reported = submerged
      let event = CMWaterSubmersionEvent(
        date: date, state: submerged ? .submerged : .notSubmerged)
      calls.append { $0.manager($1, didUpdate: event) }
    }
    let measurement = CMWaterSubmersionMeasurement(
      date: date, depth: depth, pressure: depth.map { surface + Self.kilopascalsPerMetre * $0 },
      surfacePressure: surface, state: Self.depthState(depth, maximum: updates.maximum))
    calls.append { $0.manager($1, didUpdate: measurement) }
    if let dive = gauge?.dive(at: now) {
      let temperature = CMWaterTemperature(
        date: date, temperature: dive.temperature, uncertainty: Self.temperatureUncertainty)
      calls.append { $0.manager($1, didUpdate: temperature) }
    }
    let manager = updates.manager
    let device = updates.device
    let box = UncheckedBox(calls)
    return [
      {
        AppSimulation.$currentDevice.withValue(device) {
          for call in box.value {
            guard let object = manager.value.object, let delegate = object.delegate else { return }
            call(delegate, object)
          }
        }
      }
    ]
  }
}
