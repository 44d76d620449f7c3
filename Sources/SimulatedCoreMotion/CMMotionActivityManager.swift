import Foundation
import SimulationDriver
import WorkoutCore

/// The handler of live activity updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionactivityhandler).
public typealias CMMotionActivityHandler = (CMMotionActivity?) -> Void
/// The handler of an activity query (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionactivityqueryhandler).
public typealias CMMotionActivityQueryHandler = ([CMMotionActivity]?, (any Error)?) -> Void

/// The body's motion activity, live and over the last seven days (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager).
///
/// Make it inside a simulation's `run` (and inside `simulation.on(.phone) { }` for the
/// phone's app): it reports the body's motion, the same body for both devices
/// (docs/swift-api.md#core-motion): the course while it lasts, the scenario's `motion` spans,
/// the health days' walking bouts, stationary otherwise. A change of motion at `t` is
/// reported at `t + motion.latency` (15 s by default, a project rule) with `startDate` = `t`.
///
/// Apple runs the handlers on the `OperationQueue` given: with `OperationQueue.main` they run
/// on the main actor (a handler written in a `@MainActor` type may touch its state), with any
/// other queue in the simulation's callback lane, in order, as the other simulated frameworks'
/// handlers (an operation queue's own thread would run them outside the simulation's
/// virtual-time order; docs/swift-api.md#core-motion). A freed manager's handler is called no
/// more, as on a device: keep the manager in a property for as long as the updates are wanted
/// (docs/swift-api.md#core-motion).
open class CMMotionActivityManager: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  /// Records this manager's freeing, so its updates end (``FreedObjectRecorder``).
  private let freedRecorder = FreedObjectRecorder()

  /// A manager of the current simulation, for the device whose code makes it (the watch
  /// outside `simulation.on(_:)`); traps outside a simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMMotionActivityManager()", deviceDependent: true)
    device = AppSimulation.device
    super.init()
  }

  /// Whether the device reports motion activity: `true` for both simulated devices (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/isactivityavailable()).
  open class func isActivityAvailable() -> Bool { true }

  /// The app's Motion & Fitness authorization: ``CMAuthorizationStatus/authorized``, or
  /// ``CMAuthorizationStatus/denied`` when the scenario's `authorization.motion` is
  /// `"denied"` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/authorizationstatus());
  /// traps outside a simulation's `run`.
  open class func authorizationStatus() -> CMAuthorizationStatus {
    CoreMotionState.authorizationStatus(call: "CMMotionActivityManager.authorizationStatus()")
  }

  /// Starts live updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/startactivityupdates(to:withhandler:)):
  /// the current activity first (the state reported by now, dated at its change), then one
  /// activity at each reported change. Calling it again replaces the handler. No updates while
  /// the watch app is suspended or not running (what happened meanwhile is not delivered
  /// later: query it); a crash of the watch app ends the watch's updates. Without
  /// authorization nothing is delivered.
  ///
  /// - Parameters:
  ///   - queue: `OperationQueue.main` runs the handler on the main actor; any other queue, in
  ///     the callback lane (see the type's notes).
  ///   - handler: called with each activity.
  open func startActivityUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMMotionActivityHandler
  ) {
    guard let simulation else { return }
    let box = UncheckedBox(handler)
    let key = ObjectIdentifier(self)
    let device = self.device
    let mainQueue = CoreMotionTimer.isMain(queue)
    simulation.registerMotionUpdates(
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionActivityManager"),
      owner: (key, freedRecorder)
    ) { motion, state in
      motion.activity.removeAll { $0.key == key }
      guard motion.isAuthorized else { return }
      let now = state.session.now
      motion.activity.append(
        (
          key,
          CoreMotionState.ActivityUpdates(
            device: device, generation: state.processGeneration(of: device), handler: box,
            mainQueue: mainQueue, reported: now)
        ))
      let current = motion.current(at: now)
      state.enqueue([CoreMotionTimer.call(box, current, on: device, mainQueue: mainQueue)])
      state.turnDue = true
    }
  }

  /// Stops live updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/stopactivityupdates()).
  open func stopActivityUpdates() {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.removeMotionUpdates { $0.activity.removeAll { $0.key == key } }
  }

  /// The activities between `start` and `end`, in time order (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/queryactivitystarting(from:to:to:withhandler:)):
  /// the first is the activity in effect at `start` (its `startDate` may be earlier), then
  /// each change before `end`. Only the last seven days, and only changes reported by now
  /// (the range should be in the past); an empty range gives an empty array.
  ///
  /// - Parameters:
  ///   - start: the range's start, read by the wall-clock rule (`Date() - 3600` is virtual
  ///     now an hour earlier; docs/swift-api.md#the-wall-clock-rule).
  ///   - end: the range's end, read by the same rule.
  ///   - queue: `OperationQueue.main` runs the handler on the main actor; any other queue, in
  ///     the callback lane (see the type's notes).
  ///   - handler: called once, with the activities, or with an `NSError` of
  ///     ``CMErrorDomain`` code ``CMErrorMotionActivityNotAuthorized`` (105) when the scenario's
  ///     `authorization.motion` is `"denied"`, or ``CMErrorInvalidParameter`` (107) with the
  ///     strict-dates message when `HealthKitSimulation.Options.strictDates` refuses a
  ///     real-clock date.
  open func queryActivityStarting(
    from start: Date, to end: Date, to queue: OperationQueue,
    withHandler handler: @escaping CMMotionActivityQueryHandler
  ) {
    guard let simulation else { return }
    let box = UncheckedBox(handler)
    let device = self.device
    let read = simulation.readAppDatesOnVirtualTime(
      [start, end], call: "CMMotionActivityManager.queryActivityStarting(from:to:to:withHandler:)",
      framework: .coreMotion)
    let dates: [Date]
    switch read {
    case .success(let virtual): dates = virtual
    case .failure(let error):
      return simulation.refuseMotionCall(
        error, device: device, handler: box.value,
        call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionActivityManager"))
    }
    let from = simulation.instantOf(dates[0])
    let to = simulation.instantOf(dates[1])
    let result = simulation.mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        motion.prepare(&state)
        guard motion.isAuthorized else { return UncheckedBox<[CMMotionActivity]?>(nil) }
        return UncheckedBox(Optional(motion.query(from: from, to: to, now: state.session.now)))
      }
    }
    let deliver = CoreMotionTimer.call(on: device, mainQueue: CoreMotionTimer.isMain(queue)) {
      if let activities = result.value {
        box.value(activities, nil)
      } else {
        box.value(nil, CMErrorMotionActivityNotAuthorized.error)
      }
    }
    simulation.enqueue(of: "CMMotionActivityManager", deliver)
  }
}

extension AppSimulation {
  /// Calls `handler` (a Core Motion handler of a value and an error) once in the callback lane
  /// with the strict-dates `error` as ``CMErrorInvalidParameter`` (107; the wall-clock rule,
  /// docs/swift-api.md#the-wall-clock-rule), owed by the public call `call`.
  func refuseMotionCall<Value>(
    _ error: WorkoutError, device: AppSimulation.Device?,
    handler: @escaping (Value?, (any Error)?) -> Void, call: CallInFlight
  ) {
    let box = UncheckedBox(handler)
    let refusal = UncheckedBox(CMErrorInvalidParameter.error(description: error.message))
    enqueue(
      [{ AppSimulation.$currentDevice.withValue(device) { box.value(nil, refusal.value) } }],
      owedBy: call)
  }

  /// The instant of `date` on the scenario's clock.
  func instantOf(_ date: Date) -> SimulationInstant {
    .rounding(seconds: date.timeIntervalSince(startDate))
  }
}
