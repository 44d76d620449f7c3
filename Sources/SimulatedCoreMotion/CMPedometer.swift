import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutHealth

/// The handler of pedometer data (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometerhandler).
public typealias CMPedometerHandler = (CMPedometerData?, (any Error)?) -> Void

/// Steps and distance over a span, as the pedometer reports them (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometerdata). Every value is an
/// `NSNumber`, as Apple's.
public class CMPedometerData: NSObject, @unchecked Sendable {
  /// The start of the span (the query's start, or the start given to `startUpdates`).
  public let startDate: Date
  /// The end of the span (the query's end, or the latest update).
  public let endDate: Date
  /// The steps.
  public let numberOfSteps: NSNumber
  /// The distance walked or run, m.
  public let distance: NSNumber?
  /// Floors climbed: `nil` (floor counting is not simulated).
  public let floorsAscended: NSNumber? = nil
  /// Floors descended: `nil`.
  public let floorsDescended: NSNumber? = nil
  /// The current pace, s/m: `nil` (Apple: nil for queries; not simulated for live updates).
  public let currentPace: NSNumber? = nil
  /// The current cadence, steps/s: `nil` (as `currentPace`).
  public let currentCadence: NSNumber? = nil
  /// The average pace while active, s/m: `nil` (not simulated).
  public let averageActivePace: NSNumber? = nil

  init(startDate: Date, endDate: Date, steps: Double, distance: Double) {
    self.startDate = startDate
    self.endDate = endDate
    self.numberOfSteps = NSNumber(value: Int(steps.rounded()))
    self.distance = NSNumber(value: distance)
  }
}

/// The pedometer (Apple doc: https://developer.apple.com/documentation/coremotion/cmpedometer).
///
/// Its steps are the health store's: the sum of `HKQuantityTypeIdentifierStepCount` over the
/// span, merged across sources by the store's priority, each sample counting by its overlap
/// (the statistics collection's split rule, docs/health-store.md), as the store holds them at
/// the moment of the call; the distance the same with `distanceWalkingRunning`
/// (docs/swift-api.md#core-motion). So a query agrees with a collection query of the store
/// over the same span. Handlers run in the simulation's callback lane.
public class CMPedometer: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device

  /// A pedometer of the current simulation, for the device whose code makes it; traps outside
  /// a simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMPedometer()")
    device = AppSimulation.device
    super.init()
  }

  /// `true` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/isstepcountingavailable()).
  public class func isStepCountingAvailable() -> Bool { true }
  /// `true`: the distance comes from the store (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/isdistanceavailable()).
  public class func isDistanceAvailable() -> Bool { true }
  /// `false`: floors are not simulated (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/isfloorcountingavailable()).
  public class func isFloorCountingAvailable() -> Bool { false }
  /// `false`: pace is not simulated (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/ispaceavailable()).
  public class func isPaceAvailable() -> Bool { false }
  /// `false`: cadence is not simulated (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/iscadenceavailable()).
  public class func isCadenceAvailable() -> Bool { false }
  /// `false`: pause and resume events are not simulated (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/ispedometereventtrackingavailable()).
  public class func isPedometerEventTrackingAvailable() -> Bool { false }

  /// As ``CMMotionActivityManager/authorizationStatus()`` (one Motion & Fitness permission;
  /// Apple doc: https://developer.apple.com/documentation/coremotion/cmpedometer/authorizationstatus()).
  public class func authorizationStatus() -> CMAuthorizationStatus {
    let simulation = AppSimulation.requireCurrent("CMPedometer.authorizationStatus()")
    return simulation.scenario.authorization?.motion == .denied ? .denied : .authorized
  }

  /// The steps and distance between `start` and `end` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/querypedometerdata(from:to:withhandler:)):
  /// the store's sums over the span (see the type), from no earlier than seven days before now.
  ///
  /// - Parameters:
  ///   - appStart: the span's start, read by the wall-clock rule (`Date() - 3600` is virtual now
  ///     an hour earlier; docs/swift-api.md#the-wall-clock-rule).
  ///   - appEnd: the span's end, read by the same rule.
  ///   - handler: called once with the data (`startDate` and `endDate` as given, or the virtual
  ///     dates the rule read), or with an `NSError` of ``CMErrorDomain`` code
  ///     ``CMErrorMotionActivityNotAuthorized`` (105) when `authorization.motion` is
  ///     `"denied"`, or ``CMErrorInvalidParameter`` (107) with the strict-dates message when
  ///     `HealthKitSimulation.Options.strictDates` refuses a real-clock date.
  public func queryPedometerData(
    from appStart: Date, to appEnd: Date, withHandler handler: @escaping CMPedometerHandler
  ) {
    guard let simulation else { return }
    let box = UncheckedBox(handler)
    let device = self.device
    let dates: [Date]
    switch simulation.readAppDatesOnVirtualTime(
      [appStart, appEnd], call: Self.queryCall, framework: .coreMotion)
    {
    case .success(let read): dates = read
    case .failure(let error):
      return simulation.refuseMotionCall(
        error, device: device, handler: box.value,
        call: CallInFlight(function: #function, fileID: #fileID, owner: "CMPedometer"))
    }
    let (start, end) = (dates[0], dates[1])
    let from = simulation.instantOf(start)
    let to = simulation.instantOf(end)
    let data = simulation.mutate { state -> UncheckedBox<CMPedometerData?> in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        guard motion.isAuthorized else { return UncheckedBox(nil) }
        let now = state.session.now
        let lower = max(from, now.advanced(by: .zero - CoreMotionState.history))
        let sums = Self.data(from: lower, to: max(to, lower), health: state.health, at: now)
        return UncheckedBox(sums.object(start, end))
      }
    }
    simulation.enqueue(of: "CMPedometer") {
      AppSimulation.$currentDevice.withValue(device) {
        if let value = data.value {
          box.value(value, nil)
        } else {
          box.value(nil, CMErrorMotionActivityNotAuthorized.error)
        }
      }
    }
  }

  /// Starts live updates, each cumulative from `start` to the latest determination (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/startupdates(from:withhandler:)):
  /// one at once, then every 60 s of virtual time when the count changed (a project rule). No
  /// updates while the watch app is suspended or not running; the next one includes what
  /// accumulated. Calling it again replaces the handler.
  ///
  /// - Parameters:
  ///   - appStart: the start of the cumulative span (may lie in the past), read by the wall-clock
  ///     rule (docs/swift-api.md#the-wall-clock-rule).
  ///   - handler: called with each update, or once with the not-authorized error (105), or
  ///     once with ``CMErrorInvalidParameter`` (107) when strict dates refuse a real-clock
  ///     `start` (no updates start).
  public func startUpdates(
    from appStart: Date, withHandler handler: @escaping CMPedometerHandler
  ) {
    guard let simulation else { return }
    let box = UncheckedBox(handler)
    let key = ObjectIdentifier(self)
    let device = self.device
    let start: Date
    switch simulation.readAppDatesOnVirtualTime(
      [appStart], call: Self.updatesCall, framework: .coreMotion)
    {
    case .success(let dates): start = dates[0]
    case .failure(let error):
      return simulation.refuseMotionCall(
        error, device: device, handler: box.value,
        call: CallInFlight(function: #function, fileID: #fileID, owner: "CMPedometer"))
    }
    let from = simulation.instantOf(start)
    let first = simulation.mutate { state -> UncheckedBox<CMPedometerData?> in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        motion.pedometer.removeAll { $0.key == key }
        guard motion.isAuthorized else { return UncheckedBox(nil) }
        let now = state.session.now
        let sums = Self.data(from: from, to: max(now, from), health: state.health, at: now)
        motion.pedometer.append(
          (
            key,
            CoreMotionState.PedometerUpdates(
              device: device, generation: state.processGeneration(), handler: box, start: from,
              next: now.advanced(by: CoreMotionState.pedometerInterval), steps: sums.steps)
          ))
        return UncheckedBox(sums.object(start, motion.date(now)))
      }
    }
    simulation.enqueue(of: "CMPedometer") {
      AppSimulation.$currentDevice.withValue(device) {
        if let value = first.value {
          box.value(value, nil)
        } else {
          box.value(nil, CMErrorMotionActivityNotAuthorized.error)
        }
      }
    }
    simulation.addSystemTimer(
      key: ObjectIdentifier(CoreMotionState.self), CoreMotionTimer(simulation))
  }

  /// The name the wall-clock rule gives ``queryPedometerData(from:to:withHandler:)`` (its
  /// `wallClockDate` log entry, its strict-dates error).
  static let queryCall = "CMPedometer.queryPedometerData(from:to:withHandler:)"
  /// The name the wall-clock rule gives ``startUpdates(from:withHandler:)``.
  static let updatesCall = "CMPedometer.startUpdates(from:withHandler:)"

  /// Stops live updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/stopupdates()).
  public func stopUpdates() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, _ in
        motion.pedometer.removeAll { $0.key == key }
      }
    }
  }

  /// The store's sums over `from..<to`.
  struct Sums {
    var steps: Double
    var distance: Double

    /// The data object for the span's dates.
    func object(_ start: Date, _ end: Date) -> CMPedometerData {
      CMPedometerData(startDate: start, endDate: end, steps: steps, distance: distance)
    }
  }

  /// The steps and distance of `health` over `from..<to` as visible at `now`: the collection
  /// query's merged sums with the one bucket `[from, to)`.
  static func data(
    from: SimulationInstant, to: SimulationInstant, health: HealthStore, at now: SimulationInstant
  ) -> Sums {
    guard from < to else { return Sums(steps: 0, distance: 0) }
    func sum(_ type: HealthDataType) -> Double {
      health.collection(
        of: type, where: .all, options: .cumulativeSum, edges: [from, to], at: now
      ).first?.sum ?? 0
    }
    return Sums(steps: sum(.stepCount), distance: sum(.distanceWalkingRunning))
  }
}
