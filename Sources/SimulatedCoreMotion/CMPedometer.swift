import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutHealth
import WorkoutSimulation

/// The handler of pedometer data (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometerhandler).
public typealias CMPedometerHandler = (CMPedometerData?, (any Error)?) -> Void

/// Steps, distance, floors and pace over a span, as the pedometer reports them (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometerdata). Every value is an
/// `NSNumber`, as Apple's. Open with a public `init()` and overridable read-only properties, as
/// Apple's Objective-C class is in Swift, so an app's test double (a subclass overriding the
/// values it needs) compiles; an object made with `init()` holds the reference date as both
/// dates, 0 steps and `nil` for the rest (a project rule: Apple documents no values for it).
open class CMPedometerData: NSObject, @unchecked Sendable {
  private let values: Values

  /// The values a data object holds.
  private struct Values {
    var startDate = Date(timeIntervalSinceReferenceDate: 0)
    var endDate = Date(timeIntervalSinceReferenceDate: 0)
    var numberOfSteps = NSNumber(value: 0)
    var distance: NSNumber?
    var floorsAscended: NSNumber?
    var floorsDescended: NSNumber?
    var currentPace: NSNumber?
    var currentCadence: NSNumber?
    var averageActivePace: NSNumber?
  }

  /// The start of the span (the query's start, or the start given to `startUpdates`).
  open var startDate: Date { values.startDate }
  /// The end of the span (the query's end, or the latest update).
  open var endDate: Date { values.endDate }
  /// The steps.
  open var numberOfSteps: NSNumber { values.numberOfSteps }
  /// The distance walked or run, m.
  open var distance: NSNumber? { values.distance }
  /// Floors climbed on foot, a whole number: the `flightsClimbed` the body's samples hold over
  /// the span (one flight 3.048 m of ascent, docs/models.md#stairs-and-flights-climbed; Apple:
  /// "a single floor has a height of approximately three meters",
  /// https://developer.apple.com/documentation/coremotion/cmpedometerdata/floorsascended),
  /// rounded down (a project rule: a floor counts once climbed).
  open var floorsAscended: NSNumber? { values.floorsAscended }
  /// Floors descended on foot: 0 (a project rule: the body model counts ascent only, no
  /// sample holds a descent, docs/swift-api.md#core-motion; Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometerdata/floorsdescended).
  open var floorsDescended: NSNumber? { values.floorsDescended }

  /// The current pace, s/m, in live updates only (Apple: `nil` for queries,
  /// https://developer.apple.com/documentation/coremotion/cmpedometerdata/currentpace): the
  /// seconds of the latest step sample over the metres walked or run in it; `nil` when the
  /// wearer stands still (the latest sample holds no steps or no distance, or ended 60 s or
  /// more before the update) or before the first sample; only the sample's part within the
  /// last 60 s counts (docs/swift-api.md#core-motion).
  open var currentPace: NSNumber? { values.currentPace }
  /// The current cadence, steps/s, in live updates only (Apple: `nil` for queries,
  /// https://developer.apple.com/documentation/coremotion/cmpedometerdata/currentcadence): the
  /// steps of the latest step sample over its seconds; `nil` as ``currentPace``.
  open var currentCadence: NSNumber? { values.currentCadence }
  /// The average pace while moving, s/m, in queries and live updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometerdata/averageactivepace):
  /// the seconds of the span covered by step samples with steps over ``distance``; `nil` when
  /// the wearer did not move in the span.
  open var averageActivePace: NSNumber? { values.averageActivePace }

  /// A data object with no span: the reference date as both dates, 0 steps, `nil` for the rest
  /// (for an app's test double; the pedometer never hands one out).
  public override init() {
    values = Values()
    super.init()
  }

  init(startDate: Date, endDate: Date, sums: CMPedometer.Sums) {
    values = Values(
      startDate: startDate, endDate: endDate,
      numberOfSteps: NSNumber(value: Int(sums.steps.rounded())),
      distance: NSNumber(value: sums.distance),
      floorsAscended: NSNumber(value: CMPedometer.floors(sums.flights)),
      floorsDescended: NSNumber(value: 0),
      currentPace: sums.current?.pace.map { NSNumber(value: $0) },
      currentCadence: sums.current.map { NSNumber(value: $0.cadence) },
      averageActivePace: sums.distance > 0 && sums.active > 0
        ? NSNumber(value: sums.active / sums.distance) : nil)
    super.init()
  }
}

/// The handler of pedometer events (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometereventhandler).
public typealias CMPedometerEventHandler = (CMPedometerEvent?, (any Error)?) -> Void

/// A change of the wearer's motion on foot, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometereventtype; the C enum's
/// `CMPedometerEventTypePause` is 0, `CMPedometerEventTypeResume` 1).
public enum CMPedometerEventType: Int, Sendable, Hashable {
  /// The wearer stopped walking or running (0).
  case pause = 0
  /// The wearer started walking or running again (1).
  case resume = 1
}

/// One pedometer event (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmpedometerevent): the pedometer makes
/// them. Open with a public `init()` and overridable read-only properties, as Apple's
/// Objective-C class is in Swift, so an app's test double compiles; an event made with
/// `init()` is a ``CMPedometerEventType/pause`` at the reference date (a project rule: Apple
/// documents no values for it).
open class CMPedometerEvent: NSObject, @unchecked Sendable {
  private let storedDate: Date
  private let storedType: CMPedometerEventType

  /// When the motion on foot changed (the change's instant, not its report's).
  open var date: Date { storedDate }
  /// What changed.
  open var type: CMPedometerEventType { storedType }

  /// A pause at the reference date (for an app's test double).
  public override init() {
    storedDate = Date(timeIntervalSinceReferenceDate: 0)
    storedType = .pause
    super.init()
  }

  init(date: Date, type: CMPedometerEventType) {
    storedDate = date
    storedType = type
    super.init()
  }

  /// The event's type and date, for debugging.
  public override var description: String {
    "CMPedometerEvent(\(type == .pause ? "pause" : "resume"), date \(date))"
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
/// are not counted. Handlers run in the simulation's callback lane. A freed pedometer's handlers
/// are called no more, as on a device: keep the pedometer in a property for as long as the
/// updates or events are wanted (docs/swift-api.md#core-motion).
open class CMPedometer: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  /// Records this pedometer's freeing, so its updates and events end (``FreedObjectRecorder``).
  private let freedRecorder = FreedObjectRecorder()

  /// A pedometer of the current simulation, for the device whose code makes it; traps outside
  /// a simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMPedometer()")
    device = AppSimulation.device
    super.init()
  }

  /// `true` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/isstepcountingavailable()).
  open class func isStepCountingAvailable() -> Bool { true }
  /// `true`: the distance comes from the same samples as the steps (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/isdistanceavailable()).
  open class func isDistanceAvailable() -> Bool { true }
  /// `true` on both simulated devices (a watch and an iPhone have a barometer): floors come
  /// from the body's `flightsClimbed` samples (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/isfloorcountingavailable()).
  open class func isFloorCountingAvailable() -> Bool { true }
  /// `true`: live updates carry the current pace (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/ispaceavailable()).
  open class func isPaceAvailable() -> Bool { true }
  /// `true`: live updates carry the current cadence (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/iscadenceavailable()).
  open class func isCadenceAvailable() -> Bool { true }
  /// `true`: pause and resume events come from the body's motion (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/ispedometereventtrackingavailable()).
  open class func isPedometerEventTrackingAvailable() -> Bool { true }

  /// As ``CMMotionActivityManager/authorizationStatus()`` (one Motion & Fitness permission;
  /// Apple doc: https://developer.apple.com/documentation/coremotion/cmpedometer/authorizationstatus()).
  open class func authorizationStatus() -> CMAuthorizationStatus {
    CoreMotionState.authorizationStatus(call: "CMPedometer.authorizationStatus()")
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
  open func queryPedometerData(
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
  open func startUpdates(
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
    simulation.registerMotionUpdates(
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMPedometer"),
      owner: (key, freedRecorder)
    ) { motion, state in
      motion.pedometer.removeAll { $0.key == key }
      guard motion.isAuthorized else {
        let refusal = UncheckedBox(CMErrorMotionActivityNotAuthorized.error)
        state.enqueue([
          { AppSimulation.$currentDevice.withValue(device) { box.value(nil, refusal.value) } }
        ])
        state.turnDue = true
        return
      }
      let now = state.session.now
      let sums = Self.data(from: from, to: max(now, from), state: &state, live: true)
      let totals = PedometerTotals(start: from, first: sums, state: &state)
      motion.pedometer.append(
        (
          key,
          CoreMotionState.PedometerUpdates(
            device: device, generation: state.processGeneration(of: device), handler: box,
            start: from,
            next: now.advanced(by: CoreMotionState.pedometerInterval), steps: sums.steps,
            totals: totals)
        ))
      let first = UncheckedBox(sums.object(start, motion.date(now)))
      state.enqueue([
        { AppSimulation.$currentDevice.withValue(device) { box.value(first.value, nil) } }
      ])
      state.turnDue = true
    }
  }

  /// The name the wall-clock rule gives ``queryPedometerData(from:to:withHandler:)`` (its
  /// `wallClockDate` log entry, its strict-dates error).
  static let queryCall = "CMPedometer.queryPedometerData(from:to:withHandler:)"
  /// The name the wall-clock rule gives ``startUpdates(from:withHandler:)``.
  static let updatesCall = "CMPedometer.startUpdates(from:withHandler:)"

  /// Stops live updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/stopupdates()).
  open func stopUpdates() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.removeMotionUpdates { $0.pedometer.removeAll { $0.key == key } }
  }

  /// Starts pedometer events (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/starteventupdates(handler:)):
  /// a ``CMPedometerEventType/pause`` when the body's motion (the same as
  /// ``CMMotionActivityManager``'s: the course, the scenario's `motion` spans, the health days'
  /// walking bouts) leaves walking or running, a ``CMPedometerEventType/resume`` when it enters
  /// them, each reported `motion.latency` after the change (15 s by default, as an activity) with
  /// `date` = the change; none at once. No events while the watch app is suspended or not
  /// running (none queued for later), and a crash of the watch app ends them, as activity
  /// updates; the phone's are delivered whatever the phone app's state. Calling it again
  /// replaces the handler.
  ///
  /// - Parameter handler: called with each event, or once with an `NSError` of
  ///   ``CMErrorDomain`` code ``CMErrorMotionActivityNotAuthorized`` (105) when
  ///   `authorization.motion` is `"denied"` (no events start).
  open func startEventUpdates(handler: @escaping CMPedometerEventHandler) {
    guard let simulation else { return }
    let box = UncheckedBox(handler)
    let key = ObjectIdentifier(self)
    let device = self.device
    simulation.registerMotionUpdates(
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMPedometer"),
      owner: (key, freedRecorder)
    ) { motion, state in
      motion.events.removeAll { $0.key == key }
      guard motion.isAuthorized else {
        let refusal = UncheckedBox(CMErrorMotionActivityNotAuthorized.error)
        state.enqueue([
          { AppSimulation.$currentDevice.withValue(device) { box.value(nil, refusal.value) } }
        ])
        state.turnDue = true
        return
      }
      motion.events.append(
        (
          key,
          CoreMotionState.EventUpdates(
            device: device, generation: state.processGeneration(of: device), handler: box,
            reported: state.session.now)
        ))
    }
  }

  /// Stops pedometer events (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmpedometer/stopeventupdates()).
  open func stopEventUpdates() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.removeMotionUpdates { $0.events.removeAll { $0.key == key } }
  }

  /// The pedometer's sums over `from..<to`.
  struct Sums {
    var steps: Double
    var distance: Double
    /// Flights climbed (fractional, as the samples hold them).
    var flights: Double = 0
    /// The nanoseconds of the span covered by step samples with steps.
    var covered: Int64 = 0
    /// The current cadence (steps/s) and pace (s/m, `nil` without distance): live updates
    /// only, `nil` when standing still.
    var current: (cadence: Double, pace: Double?)?

    /// The seconds of the span covered by step samples with steps.
    var active: Double { Double(covered) / 1e9 }

    /// The sums of this span followed by `next`'s, the span right after it: every sum is the
    /// integral over time of what the merged samples hold at each instant (the split rule
    /// spreads a sample uniformly over its span; the source merge keeps, at each instant, the
    /// highest-ranked source's samples), so two adjacent spans add up to their union. The
    /// current values are `next`'s.
    func followed(by next: Sums) -> Sums {
      Sums(
        steps: steps + next.steps, distance: distance + next.distance,
        flights: flights + next.flights, covered: covered + next.covered, current: next.current)
    }

    /// The data object for the span's dates.
    func object(_ start: Date, _ end: Date) -> CMPedometerData {
      CMPedometerData(startDate: start, endDate: end, sums: self)
    }
  }

  /// Whether an update's step sum differs from the last delivered one (`nil`: none yet): by
  /// more than 1e-6 of a step, so the rounding of running totals
  /// (``PedometerTotals``, sums added in another order than one sum over the span) never makes
  /// an update of an unchanged count.
  static func stepsChanged(_ last: Double?, _ steps: Double) -> Bool {
    guard let last else { return true }
    return abs(steps - last) > 1e-6
  }

  /// The whole floors of `flights` (a project rule: rounded down, a floor counts once climbed;
  /// 1e-9 absorbs the sum's rounding, so 16 samples of 0.25 are 4 floors).
  static func floors(_ flights: Double) -> Int { Int((flights + 1e-9).rounded(.down)) }

  /// How far back from an update the current cadence and pace look: 60 s (a project rule, the
  /// updates' interval). The latest step sample must end later than this before the update
  /// (one ending exactly 60 s before or earlier means the wearer stands still), and only its
  /// part within the last 60 s counts, so a long sample (an iPhone's or an app's hourly total)
  /// gives no more than the last minute's merged steps.
  static let currentReach: Duration = .seconds(60)

  /// The pedometer's values over `from..<to` as it counts them at virtual now (the one home of
  /// the rule, docs/swift-api.md#core-motion): the steps, distance and flights are the health
  /// store's merged `stepCount`, `distanceWalkingRunning` and `flightsClimbed` as visible now,
  /// with the samples of every live workout not in the store
  /// (``unsavedWorkoutSamples(_:from:to:inStore:)``) merged in as `finishWorkout` will save
  /// them, under the app's source: the collection query's split rule and source merge with the
  /// one bucket `[from, to)` (`HealthStore.cumulativeSum(of:from:to:at:pending:pendingSource:)`).
  /// The active time is the part of the span the same step samples with steps cover
  /// (`HealthStore.coverage(of:from:to:at:pending:)`). With `live`, the current cadence and
  /// pace: the merged steps and distance over the latest step sample that ends later than
  /// ``currentReach`` before now, clipped to the last ``currentReach``, over its seconds; none
  /// when that part holds no steps.
  ///
  /// The unsaved samples are gathered once for everything an update reads (the span and the
  /// last minute), each series from its first sample that can overlap, so an update costs the
  /// samples of its span once per type, not a walk of every builder's series per sum.
  static func data(
    from: SimulationInstant, to: SimulationInstant, state: inout AppSimulation.State,
    live: Bool = false
  ) -> Sums {
    // A live workout's samples reach the store as they are collected: brought in first, and
    // left out of the pending ones (docs/healthkit-behaviour.md#a-live-workouts-samples).
    state.bringLiveSamplesIn()
    var result = spanSums(from: from, to: to, state: &state)
    if live { result.current = current(state: &state) }
    return result
  }

  /// The steps, distance, flights and covered time over `from..<to` (``data(from:to:state:live:)``
  /// without the current values), the live workouts' samples already brought in.
  static func spanSums(
    from: SimulationInstant, to: SimulationInstant, state: inout AppSimulation.State
  ) -> Sums {
    var result = Sums(steps: 0, distance: 0)
    guard from < to else { return result }
    let now = state.session.now
    let pending = unsavedWorkoutSamples(
      &state.session, from: from, to: to, inStore: state.liveWorkoutsBegun)
    let health = state.health
    func sum(_ kind: HealthDataType) -> Double {
      health.cumulativeSum(
        of: kind, from: from, to: to, at: now, pending: pending, pendingSource: .simulatedApp)
    }
    result.steps = sum(.stepCount)
    result.distance = sum(.distanceWalkingRunning)
    result.flights = sum(flightsClimbed)
    result.covered =
      health.coverage(of: .stepCount, from: from, to: to, at: now, pending: pending).covered
    return result
  }

  /// The current cadence and pace at now (see ``data(from:to:state:live:)``), the live
  /// workouts' samples already brought in: from the last ``currentReach`` only.
  static func current(state: inout AppSimulation.State) -> (cadence: Double, pace: Double?)? {
    let now = state.session.now
    let reach = now.advanced(by: .zero - currentReach)
    let recent = unsavedWorkoutSamples(
      &state.session, from: reach, to: now, inStore: state.liveWorkoutsBegun)
    let health = state.health
    func sum(
      _ kind: HealthDataType, _ from: SimulationInstant, _ to: SimulationInstant,
      _ pending: [HealthSample]
    ) -> Double {
      health.cumulativeSum(
        of: kind, from: from, to: to, at: now, pending: pending, pendingSource: .simulatedApp)
    }
    guard
      let latest = health.coverage(
        of: .stepCount, from: reach, to: now, at: now, pending: recent
      ).latest
    else { return nil }
    let window = (max(latest.lowerBound, reach), min(latest.upperBound, now))
    guard window.0 < window.1 else { return nil }
    let steps = sum(.stepCount, window.0, window.1, recent)
    let distance = sum(.distanceWalkingRunning, window.0, window.1, recent)
    let seconds = Double(window.1.nanoseconds - window.0.nanoseconds) / 1e9
    guard steps > 0 else { return nil }
    return (steps / seconds, distance > 0 ? seconds / distance : nil)
  }

  /// The store's kind of `HKQuantityTypeIdentifierFlightsClimbed`.
  static let flightsClimbed = HealthDataType(identifier: "HKQuantityTypeIdentifierFlightsClimbed")!

  /// The `stepCount`, `distanceWalkingRunning` and `flightsClimbed` samples overlapping
  /// `from..<to` that the live builders of the watch's and the phone's engines collected and
  /// the store does not hold: those of every builder whose collection began and that did not
  /// finish (collecting, ended, or discarded: the wearer took the steps whatever the app does
  /// with the workout), except the builders in `inStore` (engine device and session), whose
  /// samples reach the store as they are collected (an app's `HKLiveWorkoutBuilder`:
  /// docs/healthkit-behaviour.md#a-live-workouts-samples). A finished builder's samples are in
  /// the store (`finishWorkout` saves them in the same step). In the store's units (count, m,
  /// count: the engine's, so no conversion; asserted), in each builder's order.
  static func unsavedWorkoutSamples(
    _ session: inout SimulationSession, from: SimulationInstant, to: SimulationInstant,
    inStore: Set<LiveWorkoutKey> = []
  ) -> [HealthSample] {
    var pending: [HealthSample] = []
    let types: [(QuantityType, HealthDataType)] = [
      (.stepCount, .stepCount), (.distanceWalkingRunning, .distanceWalkingRunning),
      (.flightsClimbed, flightsClimbed),
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
              // A builder's series are consecutive spans (each starts at or after the previous
              // one's end): only the sample before the first starting at `from` can overlap it.
              let series = builder.samples(of: type)
              let first = series.firstPosition(startingAtOrAfter: from.nanoseconds)
              series.forEachSample(from: max(first - 1, 0)) { start, end, value in
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
