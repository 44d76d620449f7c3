import Foundation
import Synchronization
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

/// The hooks the other simulated frameworks (UserNotifications, WidgetKit, BackgroundTasks, the
/// network, and later WatchConnectivity, WatchKit, CoreMotion) join the simulation through
/// (docs/swift-api.md#the-other-frameworks): per-simulation state behind the one lock, system
/// timers that stop `advance` at their instants, log entries, and holds that keep virtual time
/// at an instant while the system waits for the app's answer.
extension AppSimulation {
  /// The simulation the current task belongs to or, outside every run's task tree, the one
  /// simulation running (``currentOrOnlyRunning(_:deviceDependent:)``); else a trap naming
  /// `api` and how to start one (what `UNUserNotificationCenter.current()` and the other
  /// frameworks' entry points call). `deviceDependent`: the entry point's object belongs to
  /// the device whose code calls it (`WCSession.default`, `CLLocationManager()`).
  package static func requireCurrent(_ api: String, deviceDependent: Bool = false)
    -> AppSimulation
  {
    guard let simulation = currentOrOnlyRunning(api, deviceDependent: deviceDependent) else {
      fatalError(
        outsideMessage(
          "\(api) was called",
          fix:
            "wrap the code in `try await simulation.run { ... }` of the simulation it belongs to (`HealthKitSimulation(scenario:)`, or `AppSimulation(scenario:)` with any simulated framework) (docs/swift-api.md)"
        ))
    }
    return simulation
  }

  /// The simulation of a framework entry point `call` (`"WidgetCenter.shared"`): the current
  /// task's (``current``) or, where there is none (a `DispatchQueue.main.async` block, a
  /// `Task.detached`, a `Thread`: they lose the task-local value), the one simulation whose
  /// `run` is in progress in the process when exactly one is (``RunningSimulations``), as on a
  /// device, where the app has one world. The attribution is logged in that simulation
  /// (`system`, framework `Simulation`, event `attributed`, identifier `call`, details `queue`:
  /// `main` on the main queue, else `other`; `device`: the device the call is taken to be
  /// code of, ``device``). `nil` when none or several are running (tests in parallel: which
  /// one the code meant cannot be told), and for the rest of the process once several have
  /// been running at once (``RunningSimulations/severalRanAtOnce``: a block of one test's
  /// could then run while another's run is the only one): the caller traps with
  /// ``outsideMessage(_:fix:)``. A block the app queued with `DispatchQueue.main.async` during
  /// a run runs before the run returns (``run(isolation:_:)`` waits for it), inside it.
  ///
  /// A `deviceDependent` entry point (its object is the calling device's: `WCSession.default`,
  /// `HKHealthStore()`, `CLLocationManager()`) in a simulation that runs phone code (its
  /// ``on(_:isolation:_:)`` was given ``Device/phone``) is not attributed: the device, a
  /// task-local value lost with the simulation, cannot be told, and taking it for the watch
  /// would give phone code the watch's object silently; it traps with
  /// ``deviceUnknownMessage(_:)``. The one home of the rule for every entry point (project
  /// rule, docs/swift-api.md#traps); it costs nothing per callback: the count changes only as
  /// a `run` begins and ends.
  package static func currentOrOnlyRunning(_ call: String, deviceDependent: Bool = false)
    -> AppSimulation?
  {
    if let current { return current }
    guard let only = RunningSimulations.only else { return nil }
    if deviceDependent, only.runsPhoneCode {
      fatalError(deviceUnknownMessage(call))
    }
    only.log(
      SystemEvent(
        framework: .simulation, event: "attributed", identifier: call,
        details: [
          "queue": .string(SimulationExecutor.isOnMainQueue ? "main" : "other"),
          "device": .string(device.rawValue),
        ]))
    return only
  }

  /// ``currentOrOnlyRunning(_:deviceDependent:)`` without the log entry nor the device's
  /// trap, for reads that make no object of the app's (a trigger's next date, where a released
  /// object's report goes): the same answer to "which simulation".
  package static var currentOrOnlyRunningQuietly: AppSimulation? {
    current ?? RunningSimulations.only
  }

  /// The simulation whose answer a read with no object of the app's gives (`call`:
  /// `"UNCalendarNotificationTrigger.nextTriggerDate()"`, `"CLLocationManager.headingAvailable()"`):
  /// ``currentOrOnlyRunningQuietly`` (no log entry: a getter), or `nil`, and the caller answers
  /// as a device would with no simulation (`Date()`, the devices' hardware).
  ///
  /// Code that runs in no Swift task at all (a `DispatchQueue` block, the main queue's too, or
  /// a `Thread`), outside every run's task tree while runs are in progress none of which it can
  /// be attributed to (several at once, or after several ran at once in the process:
  /// ``RunningSimulations/severalRanAtOnce``), traps instead with ``outsideMessage(_:fix:)``,
  /// as every other entry point does (``requireCurrent(_:deviceDependent:)``): such code was
  /// queued by someone, a run's callback most likely (a query's handler that hops to the main
  /// queue), and the real clock's date or the real device's hardware in the middle of a
  /// simulated run would be a silent wrong answer. Code in a Swift task outside every run's
  /// tree answers as the device would (project rule, docs/swift-api.md#traps): a test's own
  /// code runs in a task, and may use no simulation at all (a unit test of the app's trigger
  /// code, of its motion setup) while other tests' runs are in progress in the process, so a
  /// trap there would fail it whenever another test happened to run beside it; a
  /// `Task.detached` of a run cannot be told apart from that code, and gets the same answer.
  package static func quietReadSimulation(_ call: String) -> AppSimulation? {
    if let simulation = currentOrOnlyRunningQuietly { return simulation }
    let inTask = withUnsafeCurrentTask { $0 != nil }
    guard !inTask, RunningSimulations.count > 0 || UnseenWork.runs.load(ordering: .relaxed) > 0
    else { return nil }
    fatalError(
      outsideMessage(
        "\(call) was called",
        fix:
          "call it inside `try await simulation.run { ... }` for the simulation's answer, or where no run is in progress for the device's (docs/swift-api.md#traps)"
      ))
  }

  /// Whether code of the phone ran in this simulation (``on(_:isolation:_:)`` was given
  /// ``Device/phone``): then a device-dependent entry point called outside the run's task
  /// tree cannot be taken for the watch's.
  package var runsPhoneCode: Bool { state.withLock { $0.phoneCodeRan } }

  /// The trap message of device-dependent entry point `call` made outside the task tree of
  /// the one running simulation, which runs phone code (``currentOrOnlyRunning(_:deviceDependent:)``).
  package static func deviceUnknownMessage(_ call: String) -> String {
    let place =
      SimulationExecutor.isOnMainQueue
      ? "on the main queue outside the simulation's task tree (a DispatchQueue.main.async block, or main-actor code started outside the run)"
      : "outside the simulation's task tree (Task.detached, a DispatchQueue or a Thread)"
    return
      "\(call) was called \(place): one simulation is running, but it runs code of both devices (simulation.on(.phone) was used), and which device's code this is cannot be told here (the device, like the simulation, is a task-local value, which such code loses), so the call is not attributed to it rather than given the watch's object: write Task { @MainActor in ... } (it keeps the simulation and the device) instead of DispatchQueue.main.async, Task { } instead of Task.detached, or get the object before and pass it in (docs/swift-api.md#traps)"
  }

  /// The trap message of `call` ("HKHealthStore() was created") made with no current
  /// simulation: while a ``run(isolation:_:)`` is in progress anywhere in the process, that the
  /// code is not in the run's task tree (`Task.detached`, a `DispatchQueue` or a `Thread` lose
  /// the task-local simulation) and what to write instead; else "outside a simulation" and
  /// `fix`. With several runs in progress (tests in parallel) which one the code meant cannot
  /// be told, so it traps, saying so (with exactly one, ``currentOrOnlyRunning(_:deviceDependent:)``
  /// attributes the call to it) (docs/swift-api.md#traps). The count of running simulations is
  /// read once and the message worded from that reading (a run may begin or end meanwhile).
  package static func outsideMessage(_ call: String, fix: String) -> String {
    let running = RunningSimulations.count
    guard running > 0 || UnseenWork.runs.load(ordering: .relaxed) > 0 else {
      guard RunningSimulations.anyRan else { return "\(call) outside a simulation: \(fix)" }
      return
        "\(call) outside a simulation: no simulation's run is in progress in this process, though runs were before; if this code was started inside a run (a DispatchQueue.main.asyncAfter block, a block of another queue, a Task.detached, a Thread), it ran after that run had returned (run waits for the DispatchQueue.main.async blocks queued during it, not for these), and nothing of a simulation runs after its run: await the work inside the run (Task { @MainActor in ... } instead of a Dispatch block, Task { } instead of Task.detached), or \(fix)"
    }
    let several: String
    switch running {
    case _ where running <= 1 && RunningSimulations.severalRanAtOnce:
      several =
        "several simulations' runs were in progress at once earlier in this process (tests in parallel), so from then on code outside a run's task tree is attributed to no simulation, even while only one runs: a block another test queued could run now, and nothing tells it apart from this test's code"
    case 0, 1:
      // The run this code was not attributed to ended (or another began) between the check
      // and this reading.
      several =
        "a simulation's run was beginning or ending in this process as this code ran, so it could not be attributed to one"
    default:
      several =
        "\(running) simulations' runs are in progress in this process (tests in parallel), so which one this code belongs to cannot be told (with exactly one running, the call would be attributed to it)"
    }
    if SimulationExecutor.isOnMainQueue {
      return
        "\(call) on the main queue outside a simulation's task tree: \(several), and a DispatchQueue.main.async block (or main-actor code started outside the run) does not inherit a run's simulation (the simulation is a task-local value, which Dispatch blocks lose): write Task { @MainActor in ... } (it inherits the simulation) instead of DispatchQueue.main.async, or create the object before and pass it in, or run such tests apart from every other simulation (`swift test --filter` on their .serialized suite, or `swift test --no-parallel`) (docs/swift-api.md#traps)"
    }
    return
      "\(call) outside a simulation's task tree: \(several), and this code does not inherit a run's simulation (the simulation is a task-local value, which Task.detached, a DispatchQueue or a Thread lose): write Task { } (it inherits it) instead of Task.detached, or create the object before detaching and pass it in (docs/swift-api.md#traps)"
  }

  /// How long ``runMainQueueBlocksAtEnd()`` waits for one item on the main queue by default
  /// (``endOfRunMainQueueWait``): 10 s of wall-clock time, as the stall watch waits for a
  /// queue with no sign of life (a loaded machine's main queue runs late, not never).
  package static let defaultEndOfRunMainQueueWait: DispatchTimeInterval = .seconds(10)

  /// Queues an empty item on the main queue and returns whether it ran within `limit` of
  /// wall-clock time (every item queued there before it has then run).
  package static func mainQueueItem(within limit: DispatchTimeInterval) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let once = ResumeOnce(continuation)
      DispatchQueue.main.async {
        SimulationExecutor.mainQueueItemsRan.add(1, ordering: .relaxed)
        once.resume(returning: true)
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
        once.resume(returning: false)
      }
    }
  }

  /// A continuation resumed by the first of several callers.
  private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
      self.continuation = Mutex(continuation)
    }

    /// Resumes the continuation with `value` unless it was resumed.
    func resume(returning value: Bool) {
      continuation.withLock { $0.take() }?.resume(returning: value)
    }
  }

  /// Appends a ``LogEntry/Kind/system(_:)`` entry at virtual now to the run's log.
  package func log(_ event: SystemEvent) {
    mutate { state in state.log(event) }
  }

  /// Adds a system timer once per `key`: the type of the framework state it reads
  /// (``SimulationExtension``), one timer for the framework's whole state. Its deadline is
  /// registered in the world's agenda now and again whenever that state changes
  /// (``State/withExtension(_:of:_:)``) or the deadline is served (``SystemTimerQueue``).
  package func addSystemTimer(key: ObjectIdentifier, _ timer: any SystemTimer) {
    state.withLock { state in state.systemTimers.add(key: key, timer) }
  }

  /// Adds a framework's addition to ``result`` (once per type: SimulatedHealthKit's saved
  /// routes).
  package func addResultContributor(_ contributor: any ResultContributor) {
    state.withLock { state in
      let key = ObjectIdentifier(type(of: contributor))
      guard !state.resultContributors.contains(where: { ObjectIdentifier(type(of: $0)) == key })
      else { return }
      state.resultContributors.append(contributor)
    }
  }

  /// Adds a reader of the engine's effects that concern no workout session (a framework whose
  /// rules live in the engine: WatchConnectivity's deliveries, extended runtime sessions,
  /// mirroring), once per `key`.
  package func addEffectListener(key: ObjectIdentifier, _ listener: any EffectListener) {
    state.withLock { state in
      guard !state.effectListeners.contains(where: { $0.key == key }) else { return }
      state.effectListeners.append((key, listener))
    }
  }

  /// Queues the callbacks every effect listener returns for `effect` (an effect with no
  /// session).
  package static func translateForListeners(
    _ effect: EngineEffect, _ state: inout State, startDate: Date
  ) {
    let date = startDate.addingTimeInterval(effect.at.seconds)
    for (_, listener) in state.effectListeners {
      let callbacks = listener.callbacks(for: effect, date: date, state: &state)
      if callbacks.isEmpty { continue }
      state.enqueue(callbacks)
      state.turnDue = true
    }
  }

  /// Starts a hold: virtual time does not move past the current instant until
  /// ``endHold(_:)`` or until ``appWorkGrace`` of wall-clock time has passed. The framework
  /// begins one when it calls app code whose answer the system waits for (an observer query's
  /// completion handler, a background task's `setTaskCompleted`, a timeline provider's
  /// completion) and ends it in the answer. A hold that outlives the grace is dropped and
  /// reported (``Report/Kind-swift.enum/holdExpired``): the `advance` it happened in throws it.
  ///
  /// A crash of `device`'s app process ends the hold at once (the process that owed the answer
  /// is gone): it is logged `holdEnded` (reason `appCrashed`) in that device's log, never
  /// reported as expired; the other device's crash leaves it open (project rule,
  /// docs/swift-api.md#crash-and-recovery).
  ///
  /// - Parameters:
  ///   - framework: the simulated framework, as the report names it (`"BackgroundTasks"`).
  ///   - call: the app code whose answer is awaited (`"the launch handler of refresh"`).
  ///   - device: the device whose app process runs that code (``AppProcess/device``), or `nil`
  ///     for an extension's code (a widget's timeline provider), which no app crash ends.
  /// - Returns: the hold's number, for ``endHold(_:)``.
  package func beginHold(framework: String, call: String, device: Device?) -> Int {
    state.withLock { state in
      state.nextHold += 1
      state.holds[state.nextHold] = Hold(
        framework: framework, call: call, since: state.session.now, device: device)
      return state.nextHold
    }
  }

  /// Ends hold `id` (a second end, or the end of a dropped hold, does nothing).
  package func endHold(_ id: Int) {
    _ = state.withLock { $0.holds.removeValue(forKey: id) }
  }

  /// How long, in wall-clock time, `advance` keeps virtual time at an instant for app work the
  /// system waits on (a network upload inside a background task) before it goes on without
  /// the answer and reports it (``Report/Kind-swift.enum/holdExpired``): 30 s by default (room
  /// for a loaded machine running tests in parallel). The work's virtual duration is zero; a
  /// test of an app that never answers can shorten the wait.
  public var appWorkGrace: Duration {
    get { state.withLock { $0.appWorkGrace } }
    set { state.withLock { $0.appWorkGrace = newValue } }
  }

  /// Waits (wall clock, bounded by ``appWorkGrace``) until no hold is left, delivering the
  /// callbacks the app's answers queue and letting the lane's tasks run; holds left at the end
  /// are dropped and reported.
  ///
  /// While app work waits for a deadline of virtual time (``State/timeWaits``: a request to a
  /// hung server), it returns once the lane is quiet and leaves the holds open: virtual time
  /// moves on to that deadline (or to a background task's expiry before it), as it would on a
  /// device while the request hangs.
  @concurrent package func waitForHolds() async {
    let grace = state.withLock { state -> Duration? in
      guard !state.holds.isEmpty else { return nil }
      state.holdWaits += 1
      return state.appWorkGrace
    }
    guard let grace else { return }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: grace)
    var pause = Duration.microseconds(50)
    while state.withLock({ !$0.holds.isEmpty }), clock.now < deadline {
      await quiesce()
      if state.withLock({ $0.holds.isEmpty || $0.timeWaits > 0 }) { break }
      await Task.yield()
      await Self.realTimePause(pause)
      pause = min(pause * 2, .milliseconds(5))
    }
    let expired = state.withLock { state -> [Report] in
      state.holdWaits -= 1
      guard state.timeWaits == 0 else { return [] }
      let holds = state.holds.sorted { $0.key < $1.key }.map(\.value)
      state.holds.removeAll()
      return holds.map { hold in
        Report(
          kind: .holdExpired, framework: hold.framework, call: hold.call,
          date: date(of: state.session.now), seconds: state.session.now.seconds,
          message: "the system waited \(grace) of wall-clock time (appWorkGrace) for the app's "
            + "answer and went on without it: call the completion handler (or "
            + "setTaskCompleted) on every path, or raise appWorkGrace for slow work")
      }
    }
    record(expired, throwing: true)
    await drain()
  }

  /// Waits `pause` of real time (at most 5 ms here) without a `Task.sleep`: the lane sees the
  /// sleeps of the tasks that prefer it as the app's (``SimulationExecutor/RealTimeSleeps``), and
  /// the simulation's own wait for a hold is no poll of the app's.
  private static func realTimePause(_ pause: Duration) async {
    let nanoseconds =
      Int(pause.components.seconds) * 1_000_000_000
      + Int(pause.components.attoseconds / 1_000_000_000)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        continuation.resume()
      }
    }
  }
}

/// A simulated framework's clock work: the next instant it has something due (a notification
/// trigger, a widget reload, a background task launch), and what it does then, under the
/// simulation's lock. At one instant the engine's entries come first, then the health store's
/// listeners, then system timers in the order they were added.
///
/// Its next deadline is registered in the world's agenda (``SystemTimerQueue``) when the timer
/// is added, whenever the framework state it was added for changes (through
/// ``AppSimulation/State/withExtension(_:of:_:)``), after it was served,
/// and whenever a workout session or the watch app changes state
/// (``SystemTimerQueue/lifecycleChanged()``);
/// it is never polled. So ``nextDue(after:state:)`` may read only that state, the sessions'
/// states, the watch app's state and the scenario.
package protocol SystemTimer: Sendable {
  /// The first instant after `now` at which ``fire(at:state:)`` has something to do, or `nil`.
  func nextDue(after now: SimulationInstant, state: AppSimulation.State)
    -> SimulationInstant?
  /// Does what is due at `now` (at or before it) and returns the app's callbacks, in order.
  func fire(at now: SimulationInstant, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
}

/// A framework's addition to the run result ``AppSimulation/result`` makes: what the app made
/// through the framework that the engine's record does not hold (the workout routes the app
/// saved, whose points become `RunResult.track`). Called under the simulation's lock, in the
/// order the contributors were added; never call app code here.
package protocol ResultContributor: Sendable {
  /// Changes `result` (made from the engine's record as if the run stopped now) from the
  /// framework's state in `state`; `startDate` is `t = 0`.
  func contribute(to result: inout RunResult, state: AppSimulation.State, startDate: Date)
}

/// A framework's reader of the engine's effects (``EngineEffect``, taken from its outbox): for
/// each effect that concerns no workout session (`effect.session == nil`: a WatchConnectivity
/// event, an extended runtime session's change, a mirroring event), the app's callbacks, in
/// order, made under the simulation's lock (read or change the framework's state through
/// `state`; never call app code here). Each framework switches over its own typed event
/// (``LinkEvent``, ``ExtendedRuntimeEvent``, ``MirroringEvent``), never over words.
package protocol EffectListener: Sendable {
  /// The callbacks for `effect`, whose instant is `date`.
  func callbacks(for effect: EngineEffect, date: Date, state: inout AppSimulation.State)
    -> [AppSimulation.Callback]
  /// `device`'s app process died (a crash, seen as that device's engine's crash count
  /// changing, whether or not the life-cycle model emits an `appState` effect): the callbacks
  /// of what the framework ends then (none by default). Told for each device's crash: a
  /// framework ends what that device's process owned only.
  func processDied(
    of device: AppSimulation.Device, state: inout AppSimulation.State
  ) -> [AppSimulation.Callback]
}

extension EffectListener {
  /// None: the framework keeps nothing that ends with the process.
  package func processDied(
    of device: AppSimulation.Device, state: inout AppSimulation.State
  ) -> [AppSimulation.Callback] { [] }
}

/// A framework's state kept in ``AppSimulation/State`` (behind the simulation's one
/// lock), made on first use from the simulation's scenario.
package protocol SimulationExtension: Sendable {
  /// The state at `t = 0` for `simulation` (read its ``AppSimulation/scenario``,
  /// ``AppSimulation/startDate``, ``AppSimulation/calendar``).
  init(simulation: AppSimulation)

  /// Frees what the state holds outside the process's memory (files, folders) when the
  /// simulation is released; by default nothing. Called once, off the simulation's lock.
  func release()

  /// What of the framework's work waits on the app's code, for a stall's message: one clause
  /// each (`"1 piece of content from the phone (...) waited for WCSession.default.activate() on
  /// the watch"`); by default none. Called under the simulation's lock; never call app code.
  func stallClauses(in state: AppSimulation.State) -> [String]

  /// The ``AppSimulation/Report/Kind-swift.enum/notDelivered`` warnings of what the framework
  /// never handed to the app when the outermost `run` returns, each once: `call` and `message`
  /// of each (the framework marks what it reported). After a stall (`stalled`), which named
  /// them (``stallClauses(in:)``), it marks them and returns none. By default none. Called
  /// under the simulation's lock; never call app code (project rule,
  /// docs/swift-api.md#nothing-silent).
  mutating func endOfRunWarnings(stalled: Bool, in state: inout AppSimulation.State) -> [(
    framework: String, call: String, message: String
  )]
}

extension SimulationExtension {
  /// Nothing to free.
  package func release() {}
  /// Nothing waits on the app's code.
  package func stallClauses(in state: AppSimulation.State) -> [String] { [] }
  /// Nothing left undelivered.
  package mutating func endOfRunWarnings(stalled: Bool, in state: inout AppSimulation.State)
    -> [(framework: String, call: String, message: String)]
  { [] }
}

extension AppSimulation.State {
  /// Runs `body` with the framework state `type` (made on first use) and the rest of the state.
  package mutating func withExtension<E: SimulationExtension, R>(
    _ type: E.Type, of simulation: AppSimulation, _ body: (inout E, inout Self) -> R
  ) -> R {
    let key = ObjectIdentifier(type)
    var value = (extensions.removeValue(forKey: key) as? E) ?? E(simulation: simulation)
    defer {
      extensions[key] = value
      // The state changed: the timer that reads it registers its deadline again.
      systemTimers.stateChanged(key)
    }
    return body(&value, &self)
  }

  /// The keys of ``extensions`` in the order the frameworks' stall clauses and end-of-run
  /// warnings are gathered in: by the module-qualified name of the type each state is
  /// (`SimulatedCoreLocation.CoreLocationState` before
  /// `SimulatedWatchConnectivity.WatchConnectivityState`), so by framework first; the same in
  /// every run, where the dictionary's own order follows the process's hash seed (a project
  /// rule: docs/swift-api.md#nothing-silent).
  package func frameworkStateKeys() -> [ObjectIdentifier] {
    extensions.map { (key: $0.key, name: String(reflecting: type(of: $0.value))) }
      .sorted { $0.name < $1.name }.map(\.key)
  }

  /// The framework state `type`, if it was made.
  package func extensionState<E: SimulationExtension>(_ type: E.Type) -> E? {
    extensions[ObjectIdentifier(type)] as? E
  }

  /// Appends a system entry at virtual now to the run's log.
  package mutating func log(_ event: SystemEvent) {
    session.withEngine { $0.logSystem(event) }
  }

  /// The app process's number: 0 at launch, one more after every crash (a framework drops what
  /// the dead process registered, as its handlers died with it).
  package mutating func processGeneration() -> Int { session.readEngine { $0.crashCount } }

  /// The number of `device`'s app process: 0 at launch, one more after every crash of that
  /// device's app (`crash()` or a timeline `crash` for the watch, `crash(.phone)` or a timeline
  /// `crash` with `"device": "phone"` for the phone). One rule for both devices: what an app's
  /// code registered (a query, a handler) dies with its own device's process only
  /// (docs/swift-api.md#crash-and-recovery).
  package mutating func processGeneration(of device: AppSimulation.Device) -> Int {
    switch device {
    case .watch: return processGeneration()
    case .phone: return session.readEngine(of: .phone) { $0.crashCount } ?? 0
    }
  }
}

/// The simulations whose `run` is in progress in the process, each once however many of its
/// runs are (``AppSimulation/run(isolation:_:)`` adds and removes it): what
/// ``AppSimulation/currentOrOnlyRunning(_:deviceDependent:)`` attributes a call outside every run's task tree
/// to when there is exactly one. Changed only as a run begins and ends, never per callback
/// (markers around each callback, tried before, doubled the API benchmark's time:
/// docs/swift-api.md#traps).
package enum RunningSimulations {
  /// The simulations, by identity, with their runs in progress.
  private static let table = Mutex<[ObjectIdentifier: (simulation: AppSimulation, runs: Int)]>([:])
  /// The table's count, written under its lock and read without it (the check of the traps'
  /// messages and of the attribution's fast path).
  private static let distinct = Atomic<Int>(0)

  /// Set, never cleared, once two simulations' runs have been in progress at once in this
  /// process (tests in parallel, or one simulation's run inside another's).
  private static let severalAtOnce = Atomic<Bool>(false)
  /// Set, never cleared, once a run has begun in this process.
  private static let anyBegan = Atomic<Bool>(false)

  /// How many simulations have a run in progress.
  package static var count: Int { distinct.load(ordering: .acquiring) }

  /// Whether two simulations' runs have ever been in progress at once in this process: from
  /// then on no call outside a run's task tree is attributed (``only`` is `nil` for the rest
  /// of the process, however many runs are in progress). A block one test queued can run
  /// while another test's run is the only one in progress (its own run ended; a `.serialized`
  /// suite beside others), and nothing tells it apart from that test's own code, so
  /// attributing it there would be a silent misattribution; once tests have run in parallel,
  /// that can happen at any time (a project rule, docs/swift-api.md#traps). A test run alone
  /// (`--filter`), a `.serialized` suite run on its own and an exit test's process never set
  /// it (unless their own code runs two simulations at once).
  package static var severalRanAtOnce: Bool { severalAtOnce.load(ordering: .acquiring) }

  /// Whether a run has begun in this process (a trap's message: a block that ran after its run
  /// returned).
  package static var anyRan: Bool { anyBegan.load(ordering: .acquiring) }

  /// The one simulation with a run in progress, or `nil` when none or several have, or when
  /// several ever had at once (``severalRanAtOnce``).
  package static var only: AppSimulation? {
    guard count == 1, !severalRanAtOnce else { return nil }
    return table.withLock { table in table.count == 1 ? table.first?.value.simulation : nil }
  }

  /// A run of `simulation` began.
  static func began(_ simulation: AppSimulation) {
    table.withLock { table in
      let key = ObjectIdentifier(simulation)
      table[key] = (simulation, (table[key]?.runs ?? 0) + 1)
      distinct.store(table.count, ordering: .releasing)
      anyBegan.store(true, ordering: .releasing)
      if table.count > 1 { severalAtOnce.store(true, ordering: .releasing) }
    }
  }

  /// A run of `simulation` ended.
  static func ended(_ simulation: AppSimulation) {
    table.withLock { table in
      let key = ObjectIdentifier(simulation)
      guard let entry = table[key] else { return }
      table[key] = entry.runs > 1 ? (entry.simulation, entry.runs - 1) : nil
      distinct.store(table.count, ordering: .releasing)
    }
  }
}
