import Foundation
import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

/// Core Motion's state in one simulation, behind its lock (docs/swift-api.md#core-motion).
struct CoreMotionState: SimulationExtension {
  /// One `startActivityUpdates` registration.
  struct ActivityUpdates {
    var device: AppSimulation.Device
    /// The process of `device`'s app that registered (that device's crash drops it).
    var generation: Int
    var handler: UncheckedBox<CMMotionActivityHandler>
    /// Whether the app gave `OperationQueue.main` (the handler runs on the main actor).
    var mainQueue: Bool
    /// Changes reported at or before this instant were delivered (or missed).
    var reported: SimulationInstant
  }

  /// One `CMPedometer.startEventUpdates` registration.
  struct EventUpdates {
    var device: AppSimulation.Device
    /// The process of `device`'s app that registered (that device's crash drops it).
    var generation: Int
    var handler: UncheckedBox<CMPedometerEventHandler>
    /// Changes reported at or before this instant were delivered (or missed).
    var reported: SimulationInstant
  }

  /// One `CMPedometer.startUpdates` registration.
  struct PedometerUpdates {
    var device: AppSimulation.Device
    var generation: Int
    var handler: UncheckedBox<CMPedometerHandler>
    /// The cumulative span's start.
    var start: SimulationInstant
    /// The next update instant.
    var next: SimulationInstant
    /// The steps of the last update.
    var steps: Double?
    /// The sums at past updates, so an update reads only what is new.
    var totals: PedometerTotals
  }

  /// The scenario's answer to the Motion & Fitness permission (`authorization.motion`).
  let answer: Scenario.Authorization.Answer
  /// Scenario time `t = 0`.
  let startDate: Date
  /// The body's motion over all time (made on first use: it reads the engine's configuration
  /// and the health store, under the lock).
  var timeline: MotionTimeline?
  /// ``MotionConfiguration/latency``.
  var latency: Duration = MotionConfiguration.defaultLatency
  /// Live activity updates by manager, in registration order.
  var activity: [(key: ObjectIdentifier, updates: ActivityUpdates)] = []
  /// Live pedometer updates by pedometer, in registration order.
  var pedometer: [(key: ObjectIdentifier, updates: PedometerUpdates)] = []
  /// Pedometer events by pedometer, in registration order.
  var events: [(key: ObjectIdentifier, updates: EventUpdates)] = []
  /// Altitude updates by altimeter (one relative and one absolute each at most), in
  /// registration order.
  var altitude: [(key: ObjectIdentifier, updates: AltitudeUpdates)] = []
  /// Motion-manager push updates by manager (one per kind at most), in registration order.
  var sensors: [(key: ObjectIdentifier, updates: SensorUpdates)] = []
  /// Batched-sensor registrations by manager (one per kind at most), in registration order.
  var batches: [(key: ObjectIdentifier, updates: BatchUpdates)] = []
  /// Fall detection: the user's answer, the managers with a delegate, the pending fall.
  var fall = FallDetectionState()
  /// Water submersion managers' updates by manager, in registration order.
  var water: [(key: ObjectIdentifier, updates: SubmersionUpdates)] = []
  /// The scenario's `motion.submersion`: the depth gauge and the dives (`nil`: no gauge).
  let submersion: Scenario.Motion.Submersion?
  /// The wrist motion model's course and devices (made on first use: it reads the engine's
  /// course and seed).
  var wrist: WristPlan?
  /// The course's route, for the body's height (made on first use: it reads the engine's
  /// course; ``WorkoutSimulation/RoutePlan/height(at:)``, the height Core Location reports).
  var heights: RoutePlan?
  /// The scenario's `gps` (its `altitude`, m: the start height of a scripted course without a
  /// track).
  let gps: Scenario.GPS
  /// The scenario's `sensors.location.verticalAccuracy` (10 m without the key), m.
  let verticalAccuracy: Double
  /// The scenario's `strength` sets (docs/scenario-format.md#strength): the watch's wrist
  /// turns through each rep.
  let strength: StrengthPlan?
  /// How many times the Core Motion timer fired (internal, for tests: a registration parked
  /// while the watch app cannot receive makes the timer stop nowhere).
  var timerFires = 0
  /// The Core Motion objects freed since the last drain (their ``FreedObjectRecorder`` records
  /// them here, never taking the simulation's lock: ``FreedMotionManagers``).
  let freed = FreedMotionManagers()

  /// How many registrations the tables hold, every kind counted (internal, for tests: a freed
  /// object's registrations go at the next drain, so nothing grows for ever).
  var registrationCount: Int {
    activity.count + pedometer.count + events.count + altitude.count + sensors.count
      + batches.count + water.count + fall.managers.count
  }

  init(simulation: AppSimulation) {
    answer = simulation.scenario.authorization?.motion ?? .granted
    startDate = simulation.startDate
    gps = simulation.scenario.gps
    submersion = simulation.scenario.motion?.submersion
    verticalAccuracy =
      (simulation.scenario.locationSensor ?? Scenario.LocationSensor())
      .verticalAccuracy
    strength = simulation.scenario.strength
  }

  /// The app's Motion & Fitness authorization, the one home of the rule the three managers'
  /// `authorizationStatus()` share: ``CMAuthorizationStatus/denied`` when the scenario's
  /// `authorization.motion` is `"denied"`, else ``CMAuthorizationStatus/authorized``; traps
  /// outside a simulation's `run`, naming `call`.
  static func authorizationStatus(call: String) -> CMAuthorizationStatus {
    let simulation = AppSimulation.requireCurrent(call)
    return simulation.scenario.authorization?.motion == .denied ? .denied : .authorized
  }

  /// How far back queries reach: 7 days (Apple: "only the last seven days" of activity,
  /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/queryactivitystarting(from:to:to:withhandler:);
  /// the pedometer keeps 7 days as well).
  static let history: Duration = .seconds(7 * 86_400)
  /// How often live pedometer updates look for new steps: every 60 s of virtual time (a
  /// project rule; Apple: updates come "when new data is available"), an update only when the
  /// count changed.
  static let pedometerInterval: Duration = .seconds(60)

  /// Whether `state` is on foot (walking or running): what a pedometer event's pause and
  /// resume mark the end and start of (Apple: "the user's pedestrian activity stopped",
  /// https://developer.apple.com/documentation/coremotion/cmpedometereventtype/pause).
  static func isOnFoot(_ state: MotionState) -> Bool {
    state.activity == .walking || state.activity == .running
  }

  /// Whether the app may use motion data.
  var isAuthorized: Bool { answer == .granted }

  /// The date of `instant`.
  func date(_ instant: SimulationInstant) -> Date { startDate.addingTimeInterval(instant.seconds) }

  /// Makes ``timeline`` from the engine's motion and the health store's walking bouts: the
  /// bouts before `t = 0` (the health days), under the run's motion from `t = 0` on.
  mutating func prepare(_ state: inout AppSimulation.State) {
    guard timeline == nil else { return }
    let motion = state.session.withEngine { $0.configuration.motion }
    latency = motion.latency
    var bouts: [MotionSpan] = []
    for bout in state.health.walkingBouts where bout.lowerBound < .zero {
      bouts.append(MotionSpan(bout.lowerBound..<min(bout.upperBound, .zero), MotionState(.walking)))
    }
    timeline = MotionTimeline(layers: [bouts] + motion.layers)
  }

  /// The activity reported by `now`: the state at `now − latency`, dated at its change (or 7
  /// days before `now` when the state held since before the history).
  func current(at now: SimulationInstant) -> CMMotionActivity {
    let timeline = timeline ?? MotionTimeline(layers: [])
    let seen = now.advanced(by: .zero - latency)
    let change = timeline.change(at: seen)
    let earliest = now.advanced(by: .zero - Self.history)
    let start = max(change?.at ?? earliest, earliest)
    return CMMotionActivity(
      state: timeline.state(at: seen), startDate: date(start), timestamp: now.seconds)
  }

  /// The activities of `from..<to` as a query returns them: the state at `from` (its start
  /// may lie before `from`), then each change up to `to`; only changes reported by `now`, only
  /// the last 7 days.
  func query(from: SimulationInstant, to: SimulationInstant, now: SimulationInstant)
    -> [CMMotionActivity]
  {
    let timeline = timeline ?? MotionTimeline(layers: [])
    let earliest = now.advanced(by: .zero - Self.history)
    let lower = max(from, earliest)
    let upper = min(to, now.advanced(by: .zero - latency))
    guard lower < upper else { return [] }
    var result: [CMMotionActivity] = []
    let first = timeline.change(at: lower)
    let firstStart = max(first?.at ?? earliest, earliest)
    result.append(
      CMMotionActivity(
        state: timeline.state(at: lower), startDate: date(firstStart),
        timestamp: firstStart.advanced(by: latency).seconds))
    for change in timeline.changes(in: lower..<upper) where change.at > lower {
      result.append(
        CMMotionActivity(
          state: change.state, startDate: date(change.at),
          timestamp: change.at.advanced(by: latency).seconds))
    }
    return result
  }

  /// The changes reported after `reported` and by `now` (a change at `t` is reported at
  /// `t + latency`), in order: what a live registration last served at `reported` is owed at
  /// `now` (activity updates and pedometer events alike).
  func changesReported(after reported: SimulationInstant, by now: SimulationInstant)
    -> [MotionChange]
  {
    let timeline = timeline ?? MotionTimeline(layers: [])
    let from = reported.advanced(by: .zero - latency)
    let to = now.advanced(by: .zero - latency)
    guard from < to else { return [] }
    return timeline.changes(in: from..<to.advanced(by: .nanoseconds(1))).filter { $0.at > from }
  }

  /// The pedometer event of `change`: ``CMPedometerEventType/resume`` when it starts walking or
  /// running from a state that is neither, ``CMPedometerEventType/pause`` when it ends them,
  /// dated at the change; `nil` when it keeps the body on foot or off it (walking to running,
  /// stationary to cycling).
  func pedometerEvent(at change: MotionChange) -> CMPedometerEvent? {
    let timeline = timeline ?? MotionTimeline(layers: [])
    let before = timeline.state(at: change.at.advanced(by: .nanoseconds(-1)))
    let onFoot = Self.isOnFoot(change.state)
    guard Self.isOnFoot(before) != onFoot else { return nil }
    return CMPedometerEvent(date: date(change.at), type: onFoot ? .resume : .pause)
  }

  /// The instant the first change after `after` is reported (its instant + latency), or `nil`.
  func nextReport(after: SimulationInstant) -> SimulationInstant? {
    guard let timeline else { return nil }
    let seen = after.advanced(by: .zero - latency)
    return timeline.firstChange(after: seen).map { $0.at.advanced(by: latency) }
  }
}

extension AppSimulation {
  /// Registers live Core Motion updates that come by themselves (activity updates, pedometer
  /// events and updates, altitude updates): `register` runs on Core Motion's state under the lock, the body's motion prepared
  /// first; then the Core Motion timer is added, and a call made after the run (`call`) is
  /// reported once. The one home of the registration the live updates share.
  ///
  /// The freed objects' registrations are dropped first (``CoreMotionState/dropFreed(into:)``:
  /// a new object may have the freed one's address, so its key) and released after the lock;
  /// then `owner`'s recorder is armed with its key (`owner`: the registering object's key and
  /// recorder; `nil` for an object whose registration holds it weakly), so its freeing drops
  /// its registrations.
  func registerMotionUpdates(
    call: CallInFlight, owner: (key: ObjectIdentifier, recorder: FreedObjectRecorder)? = nil,
    _ register: (inout CoreMotionState, inout AppSimulation.State) -> Void
  ) {
    let (released, freed) = mutate { state in
      state.withExtension(CoreMotionState.self, of: self) { motion, state in
        var released = RemovedMotionUpdates()
        motion.dropFreed(into: &released.released)
        motion.prepare(&state)
        register(&motion, &state)
        return (released, motion.freed)
      }
    }
    withExtendedLifetime(released) {}  // released here, after the lock
    if let owner { owner.recorder.arm(owner.key, in: freed) }
    addSystemTimer(key: ObjectIdentifier(CoreMotionState.self), CoreMotionTimer(self))
    // Its updates come by themselves: made after the run, the call is reported once.
    reportIfAfterRun(call)
  }

  /// Ends live Core Motion updates: `remove` takes the registration out of Core Motion's state,
  /// under the lock, the freed objects' registrations dropped first and released after it
  /// (``takeMotionUpdates(_:)``).
  func removeMotionUpdates(_ remove: (inout CoreMotionState) -> Void) {
    takeMotionUpdates { motion, _ in remove(&motion) }
  }

  /// Ends live Core Motion updates whose removal must finish async sequences or may free the
  /// app's objects: `take` moves the registrations out of Core Motion's state under the lock,
  /// into `removed`; after the lock the sequences among them finish and the rest are released
  /// (a sequence's `onTermination` and a freed manager's `deinit` take the simulation's lock,
  /// which is not reentrant). The one home of that order.
  func takeMotionUpdates(_ take: (inout CoreMotionState, inout RemovedMotionUpdates) -> Void) {
    var removed = mutate { state in
      state.withExtension(CoreMotionState.self, of: self) { motion, _ in
        var removed = RemovedMotionUpdates()
        motion.dropFreed(into: &removed.released)
        take(&motion, &removed)
        return removed
      }
    }
    for sink in removed.finished { sink.finish() }
    removed.released.removeAll()
  }
}

/// What ``AppSimulation/takeMotionUpdates(_:)`` took out of Core Motion's state under the lock:
/// the async sequences to finish and the registrations to release after it.
struct RemovedMotionUpdates: @unchecked Sendable {
  /// The sequences to finish (each ends with no more elements, as after a stop).
  var finished: [CoreMotionState.BatchUpdates.Sink] = []
  /// The registrations (their handlers) to release.
  var released: [Any] = []
}

/// The keys of the Core Motion objects freed since the last drain (motion and batched-sensor
/// managers, pedometers, altimeters, activity managers), behind a small lock of their own (a
/// leaf: never held while calling out or taking another lock). A freed object's
/// ``FreedObjectRecorder`` only records its key here: it must not take the simulation's lock,
/// which a stop path may hold while it frees an app closure holding the app's last reference
/// to the object (the lock is not reentrant). The Core Motion timer, every registration and
/// every stop drain the list under the simulation's lock before they deliver or register
/// (``CoreMotionState/dropFreed(into:)``), so a freed object gets no delivery after it is
/// freed (a project rule, docs/swift-api.md#core-motion).
final class FreedMotionManagers: Sendable {
  private let keys = Mutex<[ObjectIdentifier]>([])

  /// Records `key`, a freed manager's (from its `deinit`).
  func record(_ key: ObjectIdentifier) { keys.withLock { $0.append(key) } }

  /// The keys recorded since the last call, the list emptied.
  func take() -> Set<ObjectIdentifier> {
    keys.withLock { keys in
      defer { keys.removeAll() }
      return Set(keys)
    }
  }

  /// The keys recorded and not drained yet (the timer's deadline leaves them out).
  func peek() -> Set<ObjectIdentifier> { keys.withLock { Set($0) } }
}

/// What a Core Motion object whose registrations hold its handlers keeps, so that its freeing
/// ends them (the motion and batched-sensor managers, the pedometer, the altimeter, the
/// activity manager): a stored property, released with the object, whose `deinit` records the
/// object's key in the simulation's ``FreedMotionManagers``, and does nothing else (the object
/// may be freed while the simulation's lock is held: see ``FreedMotionManagers``). Armed by
/// the object's first registration (``AppSimulation/registerMotionUpdates(call:owner:_:)``;
/// unarmed, the object never registered and there is nothing to drop). The one home of the
/// freed-object rule's `deinit` (a project rule, docs/swift-api.md#core-motion: a freed
/// object's handlers are called no more, as on a device).
final class FreedObjectRecorder: Sendable {
  /// The owner's key and where to record it, behind its own lock: an object may start updates
  /// on two threads at once (accelerometer here, gyro there), and each arms it.
  private let armed = Mutex<(key: ObjectIdentifier, freed: FreedMotionManagers)?>(nil)

  init() {}

  /// Records `key` in `freed` when released.
  func arm(_ key: ObjectIdentifier, in freed: FreedMotionManagers) {
    armed.withLock { $0 = (key, freed) }
  }

  deinit {
    if let armed = armed.withLock({ $0 }) { armed.freed.record(armed.key) }
  }
}

extension CoreMotionState {
  /// Drops the registrations of the objects freed since the last drain (``freed``): a motion
  /// manager's push updates, a batched-sensor manager's handler batches (an async sequence
  /// lives on without its manager), a pedometer's updates and events, an altimeter's updates,
  /// an activity manager's updates; and the entries whose object, held weakly, is gone (a
  /// water submersion manager's updates, a fall detection manager's entry; a fall none takes
  /// stays pending, ``FallDetectionState/deliverPending(simulation:state:)``). The handlers go
  /// into `released`, to release after the simulation's lock. The one home of the drain (the
  /// timer, registrations and stops call it).
  mutating func dropFreed(into released: inout [Any]) {
    func drop<T>(
      _ list: inout [(key: ObjectIdentifier, updates: T)],
      _ gone: (ObjectIdentifier, T) -> Bool
    ) {
      guard list.contains(where: { gone($0.key, $0.updates) }) else { return }
      released.append(list.filter { gone($0.key, $0.updates) })
      list.removeAll { gone($0.key, $0.updates) }
    }
    drop(&water) { _, updates in updates.manager.value.object == nil }
    fall.managers.removeAll { $0.manager.value.object == nil }
    let keys = freed.take()
    guard !keys.isEmpty else { return }
    drop(&activity) { key, _ in keys.contains(key) }
    drop(&pedometer) { key, _ in keys.contains(key) }
    drop(&events) { key, _ in keys.contains(key) }
    drop(&altitude) { key, _ in keys.contains(key) }
    drop(&sensors) { key, _ in keys.contains(key) }
    drop(&batches) { key, updates in keys.contains(key) && updates.stream == nil }
  }
}

/// The simulation, weakly (the simulation holds this state).
struct WeakSimulation: @unchecked Sendable {
  weak var object: AppSimulation?
  init(_ object: AppSimulation) { self.object = object }
}

/// The system timer that delivers activity and pedometer updates.
struct CoreMotionTimer: SystemTimer {
  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  {
    guard let motion = state.extensionState(CoreMotionState.self) else { return nil }
    var due: SimulationInstant?
    // A watch registration of the motion manager is parked while the watch app cannot receive
    // (suspended or not running): no stop every 10 ms for a reading nobody gets. The watch
    // app's state changing registers the timer again (the driver's `lifecycleChanged()`),
    // and an app that can receive again is served from the grid's next instant, as before.
    let watchReceives = state.session.readEngine(of: .watch) { $0.appState.receivesCallbacks }
    let sensorsReceive = watchReceives ?? true
    if !motion.activity.isEmpty || !motion.events.isEmpty,
      let report = motion.nextReport(after: now)
    {
      due = report
    }
    for (_, updates) in motion.pedometer where updates.next > now {
      if due.map({ updates.next < $0 }) ?? true { due = updates.next }
    }
    for (_, updates) in motion.altitude where updates.next > now {
      if due.map({ updates.next < $0 }) ?? true { due = updates.next }
    }
    // A freed manager's registrations wait for the next drain: no stop for them.
    let freed = motion.freed.peek()
    for (key, updates) in motion.sensors
    where (updates.device == .phone || sensorsReceive) && !freed.contains(key) {
      let next = updates.next(after: now)
      if due.map({ next < $0 }) ?? true { due = next }
    }
    for (key, updates) in motion.batches
    where updates.next > now && !(freed.contains(key) && updates.stream == nil) {
      if due.map({ updates.next < $0 }) ?? true { due = updates.next }
    }
    // Water submersion: a freed manager's registration makes no stop (the next firing prunes
    // it), and a watch registration is parked while the watch app cannot receive, as the
    // sensors'; receiving again, it is served from the grid's next instant after now, the
    // missed change of state delivered with that measurement (``CoreMotionState/tick``).
    for (_, updates) in motion.water
    where updates.manager.value.object != nil && (updates.device == .phone || sensorsReceive) {
      let next = updates.next > now ? updates.next : motion.nextMeasurement(updates, after: now)
      if due.map({ next < $0 }) ?? true { due = next }
    }
    return due
  }

  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  {
    guard state.extensionState(CoreMotionState.self) != nil else { return [] }
    let simulation = self.simulation
    return state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
      motion.timerFires += 1
      var callbacks: [AppSimulation.Callback] = []
      let alive = ProcessGenerations(&state)
      let appState = state.session.withEngine { $0.appState }
      let watchReceives = appState.receivesCallbacks
      // The dead process's registrations go; released in the lane, after the lock (a handler
      // may hold the app's last reference to a manager, whose `deinit` takes the lock).
      var released: [Any] = []
      func drop<T>(
        _ list: inout [(key: ObjectIdentifier, updates: T)], _ dead: (T) -> Bool
      ) {
        guard list.contains(where: { dead($0.updates) }) else { return }
        released.append(list.filter { dead($0.updates) })
        list.removeAll { dead($0.updates) }
      }
      drop(&motion.activity) { !alive.isAlive($0.device, $0.generation) }
      drop(&motion.pedometer) { !alive.isAlive($0.device, $0.generation) }
      drop(&motion.events) { !alive.isAlive($0.device, $0.generation) }
      drop(&motion.altitude) { !alive.isAlive($0.device, $0.generation) }
      drop(&motion.sensors) { !alive.isAlive($0.device, $0.generation) }
      drop(&motion.water) { !alive.isAlive($0.device, $0.generation) }
      // The objects freed since the last drain (a water submersion manager, held weakly, too):
      // their registrations go before any delivery.
      motion.dropFreed(into: &released)
      // The dead process's batches end: a sequence throws (a consumer awaiting it, in a test,
      // would wait forever otherwise); a handler died with its process. Finished under the
      // lock with its `onTermination` cleared first (``BatchUpdates/Sink/finish(throwing:)``).
      for (_, updates) in motion.batches
      where !alive.isAlive(updates.device, updates.generation) {
        updates.sink.finish(throwing: CoreMotionState.processEndedError)
      }
      drop(&motion.batches) { !alive.isAlive($0.device, $0.generation) }
      if !released.isEmpty {
        let box = UncheckedBox(released)
        callbacks.append { withExtendedLifetime(box) {} }
      }
      for index in motion.activity.indices {
        var updates = motion.activity[index].updates
        if updates.device == .phone || watchReceives {
          for change in motion.changesReported(after: updates.reported, by: now) {
            let activity = CMMotionActivity(
              state: change.state, startDate: motion.date(change.at),
              timestamp: change.at.advanced(by: motion.latency).seconds)
            callbacks.append(
              Self.call(
                updates.handler, activity, on: updates.device, mainQueue: updates.mainQueue))
          }
        }
        updates.reported = now
        motion.activity[index].updates = updates
      }
      for index in motion.events.indices {
        var updates = motion.events[index].updates
        if updates.device == .phone || watchReceives {
          for change in motion.changesReported(after: updates.reported, by: now) {
            guard let event = motion.pedometerEvent(at: change) else { continue }
            callbacks.append(Self.call(updates.handler, event, on: updates.device))
          }
        }
        updates.reported = now
        motion.events[index].updates = updates
      }
      for index in motion.pedometer.indices {
        var updates = motion.pedometer[index].updates
        guard updates.next <= now else { continue }
        while updates.next <= now {
          updates.next = updates.next.advanced(by: CoreMotionState.pedometerInterval)
        }
        state.bringLiveSamplesIn()
        var data = updates.totals.update(state: &state)
        data.current = CMPedometer.current(state: &state)
        let receives = updates.device == .phone || watchReceives
        if receives, CMPedometer.stepsChanged(updates.steps, data.steps) {
          updates.steps = data.steps
          callbacks.append(
            Self.call(
              updates.handler, data.object(motion.date(updates.start), motion.date(now)),
              on: updates.device))
        }
        motion.pedometer[index].updates = updates
      }
      for index in motion.altitude.indices {
        var updates = motion.altitude[index].updates
        guard updates.next <= now else { continue }
        // The readings missed while the watch app could not run are dropped: the next one
        // is the first instant of the interval's grid after now.
        let interval = CMAltimeter.updateInterval(on: updates.device)
        let missed = updates.next.duration(to: now) / interval
        updates.next = updates.next.advanced(by: interval * (Int(missed.rounded(.down)) + 1))
        if updates.device == .phone || watchReceives {
          let reading = motion.reading(at: now, reference: updates.reference)
          let handler = updates.handler
          callbacks.append(
            Self.call(on: updates.device, mainQueue: updates.mainQueue) {
              handler.deliver(reading)
            })
        }
        motion.altitude[index].updates = updates
      }
      for index in motion.sensors.indices {
        var updates = motion.sensors[index].updates
        guard updates.next <= now else { continue }
        // As the altimeter's: the readings missed while the watch app could not run are
        // dropped, the next one is the grid's first instant after now.
        updates.next = updates.next(after: now)
        if updates.device == .phone || watchReceives {
          let sample = motion.wristSample(at: now, on: updates.device)
          let handler = updates.handler
          let magnetic =
            handler.usesMagnetometer
            ? motion.magneticReading(at: now, on: updates.device, sample: sample) : nil
          let timestamp = now.seconds
          callbacks.append(
            Self.call(on: updates.device, mainQueue: updates.mainQueue) {
              handler.deliver(sample, magnetic: magnetic, timestamp: timestamp)
            })
        }
        motion.sensors[index].updates = updates
      }
      for index in motion.water.indices {
        var updates = motion.water[index].updates
        guard updates.next <= now else { continue }
        callbacks += motion.tick(
          &updates, at: now, receives: updates.device == .phone || watchReceives)
        motion.water[index].updates = updates
      }
      var failed: Set<Int> = []
      for index in motion.batches.indices {
        var updates = motion.batches[index].updates
        guard updates.next <= now else { continue }
        let sink = updates.sink
        let device = updates.device
        // The session stopped running: the updates end with the error, once.
        if let refusal = CoreMotionState.batchRefusal(
          motion: motion, device: device, state: &state)
        {
          let error = UncheckedBox(refusal)
          callbacks.append({
            AppSimulation.$currentDevice.withValue(device) { sink.fail(error.value) }
          })
          failed.insert(index)
          continue
        }
        // Each batch is made when it is due, never ahead (docs/swift-api.md#batched-sensors).
        if device == .phone || watchReceives {
          let readings = motion.batch(
            after: updates.last, upTo: now, step: sink.stepNanoseconds, on: device)
          let stream = updates.stream
          let seconds = now.seconds
          callbacks.append({
            let kept = AppSimulation.$currentDevice.withValue(device) { sink.deliver(readings) }
            // A full buffer dropped its oldest batch: nothing silent.
            if !kept { stream?.reportDrop(at: seconds, in: simulation) }
          })
        }
        updates.last = now
        updates.next = now.advanced(by: CoreMotionState.batchLength)
        motion.batches[index].updates = updates
      }
      if !failed.isEmpty {
        motion.batches = motion.batches.enumerated().filter { !failed.contains($0.offset) }.map(
          \.element)
      }
      return callbacks
    }
  }

  /// The simulation (weak).
  let weakSimulation: WeakSimulation
  var simulation: AppSimulation {
    guard let simulation = weakSimulation.object else {
      fatalError("the simulation of a Core Motion timer is gone")
    }
    return simulation
  }

  init(_ simulation: AppSimulation) { weakSimulation = WeakSimulation(simulation) }

  /// Whether `queue` is the main operation queue, on which Apple runs a handler given it
  /// (Apple: the queue is "The operation queue on which to execute your handler block",
  /// https://developer.apple.com/documentation/coremotion/cmaltimeter/startrelativealtitudeupdates(to:withhandler:)).
  static func isMain(_ queue: OperationQueue) -> Bool { queue === OperationQueue.main }

  /// The one home of the rule for a Core Motion handler given an operation queue: `body` runs
  /// as `device`'s code, on the main actor when the app gave `OperationQueue.main`
  /// (`mainQueue`: a `Task { @MainActor in }` the simulation runs before the next callback, as
  /// a delegate's; so a handler written in a `@MainActor` type runs isolated, as on a device),
  /// else in the callback lane (a project rule: another queue's thread would run it outside
  /// virtual time's order; docs/swift-api.md#core-motion).
  static func call(
    on device: AppSimulation.Device, mainQueue: Bool, _ body: @escaping @Sendable () -> Void
  ) -> AppSimulation.Callback {
    if mainQueue {
      return {
        Task { @MainActor in AppSimulation.$currentDevice.withValue(device) { body() } }
      }
    }
    return { AppSimulation.$currentDevice.withValue(device) { body() } }
  }

  /// The handler's call with `activity`, as `device`'s code, on the main actor when
  /// `mainQueue` (``call(on:mainQueue:_:)``).
  static func call(
    _ handler: UncheckedBox<CMMotionActivityHandler>, _ activity: CMMotionActivity,
    on device: AppSimulation.Device, mainQueue: Bool
  ) -> AppSimulation.Callback {
    call(on: device, mainQueue: mainQueue) { handler.value(activity) }
  }

  /// The pedometer event handler's call with `event`.
  static func call(
    _ handler: UncheckedBox<CMPedometerEventHandler>, _ event: CMPedometerEvent,
    on device: AppSimulation.Device
  ) -> AppSimulation.Callback {
    {
      AppSimulation.$currentDevice.withValue(device) { handler.value(event, nil) }
    }
  }

  /// The pedometer handler's call with `data`.
  static func call(
    _ handler: UncheckedBox<CMPedometerHandler>, _ data: CMPedometerData,
    on device: AppSimulation.Device
  ) -> AppSimulation.Callback {
    {
      AppSimulation.$currentDevice.withValue(device) { handler.value(data, nil) }
    }
  }
}
