import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutHealth
import WorkoutSimulation

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
/// Apple's pedometer fetches "the system-generated live walking data": the steps the wearer
/// takes, counted by the device whether or not a workout runs and whatever HealthKit later
/// does with a workout's samples. Its steps here (a project rule, docs/swift-api.md#core-motion)
/// are the body's steps as the simulation's samples hold them: the sum of
/// `HKQuantityTypeIdentifierStepCount` over the span in the health store as visible at the
/// call (the health days, saved workouts, the app's saves, and a live `HKLiveWorkoutBuilder`'s
/// samples, which reach the store as they are collected:
/// docs/healthkit-behaviour.md#a-live-workouts-samples), plus the samples of every engine
/// workout whose builder's samples the store does not hold yet (running, ended, or discarded:
/// the steps were taken; the watch's workouts and the phone's own), merged with the store's as
/// `finishWorkout` will save them, under the app's source: across sources by the store's
/// priority, each sample counting by its overlap (the statistics collection's split rule,
/// docs/health-store.md). So a query over a workout gives the same number before and after
/// `finishWorkout`, and agrees with a collection query of the store once the workout is
/// saved. The distance is the same with `distanceWalkingRunning`. A builder collects only
/// while its session runs, and only its data source's types: steps while a workout is paused
/// are not counted. Handlers run in the simulation's callback lane.
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
  /// `true`: the distance comes from the same samples as the steps (Apple doc:
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
  /// the steps and distance over the span as the type counts them (the store's and the unsaved
  /// workouts' samples), from no earlier than seven days before now.
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
        let sums = Self.data(from: lower, to: max(to, lower), state: &state)
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
        let sums = Self.data(from: from, to: max(now, from), state: &state)
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

  /// The pedometer's sums over `from..<to`.
  struct Sums {
    var steps: Double
    var distance: Double

    /// The data object for the span's dates.
    func object(_ start: Date, _ end: Date) -> CMPedometerData {
      CMPedometerData(startDate: start, endDate: end, steps: steps, distance: distance)
    }
  }

  /// The steps and distance over `from..<to` as the pedometer counts them at virtual now (the
  /// one home of the rule, docs/swift-api.md#core-motion): the health store's merged
  /// `stepCount` and `distanceWalkingRunning` as visible now, with the samples of every live
  /// workout not in the store (``unsavedWorkoutSamples(_:from:to:)``) merged in as
  /// `finishWorkout` will save them, under the app's source: the collection query's split rule
  /// and source merge with the one bucket `[from, to)`
  /// (`HealthStore.cumulativeSum(of:from:to:at:pending:pendingSource:)`).
  static func data(
    from: SimulationInstant, to: SimulationInstant, state: inout AppSimulation.State
  ) -> Sums {
    guard from < to else { return Sums(steps: 0, distance: 0) }
    let now = state.session.now
    // A live workout's samples reach the store as they are collected: brought in first, and
    // left out of the pending ones (docs/healthkit-behaviour.md#a-live-workouts-samples).
    state.bringLiveSamplesIn()
    let inStore = state.liveWorkoutsBegun
    let pending = unsavedWorkoutSamples(&state.session, from: from, to: to, inStore: inStore)
    func sum(_ type: HealthDataType) -> Double {
      state.health.cumulativeSum(
        of: type, from: from, to: to, at: now, pending: pending, pendingSource: .simulatedApp)
    }
    return Sums(steps: sum(.stepCount), distance: sum(.distanceWalkingRunning))
  }

  /// The `stepCount` and `distanceWalkingRunning` samples overlapping `from..<to` that the live
  /// builders of the watch's and the phone's engines collected and the store does not hold:
  /// those of every builder whose collection began and that did not finish (collecting, ended,
  /// or discarded: the wearer took the steps whatever the app does with the workout), except
  /// the builders in `inStore` (engine device and session), whose samples reach the store as
  /// they are collected (an app's `HKLiveWorkoutBuilder`:
  /// docs/healthkit-behaviour.md#a-live-workouts-samples). A finished builder's samples are in
  /// the store (`finishWorkout` saves them in the same step). In the store's units (count, m:
  /// the engine's, so no conversion; asserted), in each builder's order.
  static func unsavedWorkoutSamples(
    _ session: inout SimulationSession, from: SimulationInstant, to: SimulationInstant,
    inStore: Set<LiveWorkoutKey> = []
  ) -> [HealthSample] {
    var pending: [HealthSample] = []
    let types: [(QuantityType, HealthDataType)] = [
      (.stepCount, .stepCount), (.distanceWalkingRunning, .distanceWalkingRunning),
    ]
    for (type, kind) in types {
      assert(type.unit == kind.unit, "\(type) is in \(type.unit), the store keeps \(kind.unit)")
    }
    for device in WorkoutDevice.allCases {
      _ = session.readEngine(of: device) { engine in
        for index in 0..<engine.sessionCount
        where !inStore.contains(LiveWorkoutKey(device: device, session: index)) {
          _ = engine.withBuilder(ofSession: index) { builder in
            switch builder.lifecycle {
            case .notStarted, .finished: return
            case .active, .ended, .discarded: break
            }
            for (type, kind) in types {
              builder.samples(of: type).forEachSample { start, end, value in
                guard start < to.nanoseconds, end >= from.nanoseconds else { return }
                pending.append(
                  HealthSample(
                    type: kind, source: 0, start: SimulationInstant(nanoseconds: start),
                    end: SimulationInstant(nanoseconds: end), value: value))
              }
            }
          }
        }
      }
    }
    return pending
  }
}
