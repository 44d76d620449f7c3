import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation
import WorkoutSystem

/// The simulation control: one scenario's world (athlete, course, sensors, watch, phone) on
/// virtual time, which the app's own code runs against through the simulated frameworks
/// (docs/swift-api.md). SimulatedHealthKit calls it `HealthKitSimulation` (a type alias, the
/// name its documentation uses); every simulated framework re-exports this module, so a test
/// that imports only one of them makes its simulation here. The frameworks keep their own state
/// in its registry (`State.withExtension(_:of:_:)`), register their timers, listeners and
/// session endpoints with it, and deliver through its lane; none of them owns it.
///
/// ```swift
/// let simulation = try AppSimulation(scenario: URL(fileURLWithPath: "Scenarios/hills.json"))
/// try await simulation.run {
///   let manager = WorkoutManager()               // the app's own code
///   try await manager.startWorkout(type: .running)
///   try await simulation.advance(by: .seconds(20 * 60))
///   try await manager.endWorkout()
/// }
/// let result = simulation.result                 // as `workout-sim run --json` encodes it
/// ```
///
/// - Ownership: inside ``run(isolation:_:)``, `HKHealthStore()` and every object made from it
///   belong to this simulation (a task-local value; child tasks inherit it, `Task.detached` does
///   not). Parallel tests each make their own simulation.
/// - Time: only ``advance(by:)`` and ``advance(to:)`` move it; they step the engine instant by
///   instant. What the frameworks owe the app at now (delegate calls, completion handlers, query
///   results) is delivered by itself on the simulation's lane (the executor ``run(isolation:_:)``
///   gives its body, ``taskExecutor``), in the engine's order, serially and off the main actor.
///   An `advance` settles (``settle()``) its first and last instants and every instant that
///   delivered something an app reacts to with calls (a state change, an event, an error, a
///   completion handler, a recovery, a woken clock sleeper), so app code resumed there runs
///   there; sample batches alone get no main-actor turn unless their callbacks queued
///   main-actor work (a delegate's `Task { @MainActor in ... }`), which runs before the next
///   callback (``Options/mainActorTurnAfterEveryBatch`` adds a turn at every instant)
///   (docs/swift-api.md#time-and-callbacks).
/// - Nothing silent: a hold past ``appWorkGrace``, a stall of the app's code, a task still
///   waiting when `run` returns are reported (``reports``, ``Report``, ``UnfinishedWork``).
/// - The scenario's world actions (`crash`, `relaunch`, `wristDown`, `wristUp`, `crownPress`,
///   `openApp`, `crown`, `probe`) fire at their instants; its app actions do not (the app's code
///   makes them). A `relaunch` never recovers by itself: the app calls
///   `HKHealthStore.recoverActiveWorkoutSession()`.
///
/// `Sendable`: all state sits behind one `Mutex`; no delegate or handler runs while it is held.
public final class AppSimulation: Sendable {
  /// How strictly dates the app passes are read, and when the main actor gets a turn.
  public struct Options: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int

    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A `Date` that looks like the real wall clock (within 5 minutes of `Date()` and more than
    /// 5 minutes from virtual now) fails the call with `HKError.errorInvalidArgument` instead of
    /// being read as virtual now (docs/swift-api.md#the-wall-clock-rule).
    public static let strictDates = Options(rawValue: 1 << 0)

    /// The main actor gets a turn after every instant ``advance(by:)`` and ``advance(to:)`` stop
    /// at, sample batches included, as after a state change, whether or not the instant's
    /// callbacks queued main-actor work. Without it an instant that only delivered
    /// `didCollectDataOf` calls gets a turn only when those calls queued main-actor work the
    /// simulation counts (a `Task { @MainActor in ... }` a delegate starts: it runs before the
    /// next callback, at its batch's instant, either way; docs/swift-api.md#time-and-callbacks).
    ///
    /// For apps whose main-actor code the simulation cannot count, queued by a delegate through
    /// `DispatchQueue.main.async` or a thread of the app's own, and that reads the builder
    /// lazily (`statistics(for:)` or `elapsedTime` there rather than values the delegate read):
    /// with the turn such a read usually sees the batch that scheduled it; without it, it may
    /// see a later one. The cost is two thread hops per batch: a 2-hour run's 1441 batches take
    /// several times longer (docs/performance.md).
    public static let mainActorTurnAfterEveryBatch = Options(rawValue: 1 << 1)
  }

  /// The simulation the current task belongs to (set by ``run(isolation:_:)``).
  @TaskLocal package static var current: AppSimulation?

  /// The simulation whose ``run(isolation:_:)`` the current task is inside (a task-local
  /// value, inherited by child tasks and `Task { }`, not by `Task.detached`); outside every
  /// run's task tree, the one simulation whose run is in progress in the process when exactly
  /// one is and several never were at once (as the frameworks' entry points attribute calls:
  /// docs/swift-api.md#traps); else `nil`. A test running under the `.simulation(...)` trait of SimulatedHealthKitTesting
  /// reads its simulation here.
  public static var running: AppSimulation? { currentOrOnlyRunningQuietly }

  /// The options the simulation was made with.
  public let options: Options
  /// The app's dates the wall-clock rule read as kept or shifted `Date()`s, the bases it reads
  /// dates derived from them by (``wallClockInstant(_:in:keepingBase:)``).
  let wallClockBases = Mutex(WallClockBases())
  /// Where the wall-clock rule reads the real clock (``realNow``): `Date()`, unless a test of
  /// the rule set a reading of its own (``readRealClock(_:)``).
  private let realClockReader = Mutex(ClosureSlot<@Sendable () -> Date>({ Date() }))

  /// The real clock as the wall-clock rule reads it (docs/swift-api.md#the-wall-clock-rule):
  /// `Date()`, or the reading a test set with ``readRealClock(_:)``.
  package var realNow: Date { realClockReader.withLock { $0.function }() }

  /// Makes the wall-clock rule read the real clock from `reader` from now on (its marks of the
  /// instants virtual time reaches included), so that a test of the rule pins the real time of
  /// day (09:00 or 21:00) without reading the wall clock, and checks what the rule makes of
  /// the dates app code builds from it (a project rule: tests never read the wall clock,
  /// docs/development.md). Set it before the simulation's first `advance`.
  package func readRealClock(_ reader: @escaping @Sendable () -> Date) {
    realClockReader.withLock { $0.function = reader }
    let real = reader().timeIntervalSinceReferenceDate
    state.withLock {
      $0.realClock = RealClockMarks()
      $0.realClock.mark($0.session.now, real: real)
    }
  }
  /// Framework objects the app made in this simulation that do nothing until it hands them
  /// on, and that it has not handed on yet (a query never executed): a stall names them first
  /// (``UnusedObjects``). A lock of its own: a query is made while the state's lock may be held.
  package let unusedObjects = Mutex(UnusedObjects())
  /// The wall-clock date of scenario time `t = 0` (the scenario's `start`).
  public let startDate: Date
  /// The scenario the simulation was made from (the other frameworks read their keys here).
  package let scenario: Scenario
  /// A random identifier of this simulation, for values the app keeps beyond it (a query
  /// anchor archived to `UserDefaults`): a value that names another simulation came from
  /// another world (``reportForeignUse(of:madeIn:)``). Never written to a result.
  package let identity = UUID()
  /// The simulation's number in the process (`WCSession` names a singleton kept from an
  /// earlier simulation by it).
  package let serial = AppSimulation.nextSerial()
  /// The simulation's lock and what it guards. Not reentrant: nothing that takes it (an async
  /// stream's `onTermination`, a framework object's `deinit` that unregisters) may run under
  /// it. Lock order: this lock first; a framework object's own leaf lock (`CLLocationManager`'s
  /// settings lock) may be taken under it, never the reverse.
  package let state: Mutex<State>

  /// Loads the scenario file at `url` and prepares its world at `t = 0`.
  ///
  /// - Parameters:
  ///   - url: a scenario file (docs/scenario-format.md).
  ///   - options: ``Options/strictDates``, ``Options/mainActorTurnAfterEveryBatch``, or none.
  /// - Throws: `ScenarioError` when the file cannot be read or is not a valid scenario;
  ///   `SimulationError` when its values cannot be simulated.
  public convenience init(scenario url: URL, options: Options = []) throws {
    try self.init(scenario: Scenario.load(contentsOf: url), options: options)
  }

  /// Prepares `scenario` (decoded from a file or built in Swift) at `t = 0`.
  ///
  /// - Parameters:
  ///   - scenario: the world: `start`, `timeZone`, `seed`, `athlete`, `course`, `sensors`,
  ///     `watch`, and the timeline's world actions.
  ///   - options: ``Options/strictDates``, ``Options/mainActorTurnAfterEveryBatch``, or none.
  /// - Throws: `SimulationError` when the scenario's values cannot be simulated (the same
  ///   checks as `workout-sim run`), or at `today.appleExerciseTime` when the day of a start
  ///   the reader did not know (`"now"`, a recording's) cannot hold it
  ///   (`Scenario.todayExerciseProblem(start:)`).
  public init(scenario: Scenario, options: Options = []) throws(SimulationError) {
    let scenario = Self.startingNow(scenario)
    let session = try SimulationSession(world: scenario)
    self.options = options
    self.scenario = scenario
    self.startDate = session.startDate
    // The scenario's time zone was validated by the decoder (or `Scenario(name:...)`).
    let timeZone = TimeZone(identifier: scenario.timeZone) ?? TimeZone(secondsFromGMT: 0)!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
    let data = try HealthGeneration.data(
      for: scenario, through: session.plannedEnd.advanced(by: Self.healthDataLead),
      recordingStart: session.startDate)
    var health = HealthStore(data: data, seed: scenario.seed)
    // The system's exercise minutes (docs/healthkit-behaviour.md#exercise-minutes): the
    // generated workouts', then what the day of `t = 0` held before it (`today`).
    health.addExerciseMinutesOfGeneratedWorkouts()
    // `today`'s exercise time was checked against the start by `SimulationSession` (the one
    // check the command line runs too).
    let midnight = calendar.startOfDay(for: session.startDate)
    health.addExerciseMinutesBeforeStart(
      scenario.today.appleExerciseTime.secondsValue / 60,
      midnight: SimulationInstant(
        nanoseconds: Int64((midnight.timeIntervalSince(session.startDate) * 1e9).rounded())))
    let infoPlistKeys = try Self.infoPlistKeys(of: scenario)
    let executor = SimulationExecutor()
    self.executor = executor
    // The session and the state move into the lock (no copy of either: each copy retains
    // every array of the session's engine and store).
    var initial = State(
      session: consume session, health: consume health,
      authorizationAnswers: scenario.authorization, infoPlistKeys: infoPlistKeys,
      executor: executor)
    if !scenario.timeZoneChanges.isEmpty {
      // NSSystemTimeZoneDidChange at each timeline `timeZone` action.
      initial.systemTimers.add(
        key: ObjectIdentifier(TimeZoneChangeTimer.self),
        TimeZoneChangeTimer(zones: DeviceTimeZones(scenario: scenario, startDate: startDate)))
    }
    self.state = Mutex(consume initial)
    state.withLock { $0.realClock.mark(.zero, real: realNow.timeIntervalSinceReferenceDate) }
    executor.configure(
      lane: { [weak self] in self?.deliverFromLane() },
      watching: { [weak self] in self?.appWaitMark },
      stalled: { [weak self] in self?.reportStall(sleeps: $0) })
    executor.configureExitWatch(
      stuck: { [weak self] in self?.stuckRunStall != nil },
      abandoned: { [weak self] in self?.abandonStuckRun() })
  }

  deinit {
    executor.close()
    // Framework states leave nothing on disk: the App Group suites (appGroupDefaults(_:)),
    // Watch Connectivity's folder of received files.
    for value in state.withLock({ Array($0.extensions.values) }) {
      (value as? any SimulationExtension)?.release()
    }
  }

  /// `scenario` with `"start": "now"` made concrete: `t = 0` is the real clock now, to the
  /// whole millisecond (the precision of a date-time the scenario could write), with the UTC
  /// offset of the scenario's time zone at that instant (docs/scenario-format.md#start-now).
  /// A scenario with a fixed start is returned unchanged.
  package static func startingNow(_ scenario: Scenario) -> Scenario {
    guard scenario.startsNow else { return scenario }
    var scenario = scenario
    let now = Date(
      timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    let zone = TimeZone(identifier: scenario.timeZone) ?? TimeZone(secondsFromGMT: 0)!
    scenario.start = Scenario.WallClockDate(
      date: now, utcOffsetSeconds: zone.secondsFromGMT(for: now), text: nil)
    scenario.startsNow = false
    return scenario
  }

  /// The simulation's serial lane: the thread the body of ``run(isolation:_:)``, its child
  /// tasks and every callback run on.
  package let executor: SimulationExecutor

  /// Async framework calls in flight: begun on the caller's actor and not yet back there
  /// (``deliver()``).
  package let callsInFlight = Atomic<Int>(0)
  /// Async framework calls begun so far (what a round of ``settle()`` compares).
  package let callsBegun = Atomic<Int>(0)

  /// The simulation's lane as a task executor, for app tasks the simulation should wait for
  /// that are not child tasks of ``run(isolation:_:)``'s body:
  /// `Task(executorPreference: simulation.taskExecutor) { ... }`. An unstructured `Task { }`
  /// does not inherit the lane (SE-0417,
  /// https://github.com/swiftlang/swift-evolution/blob/main/proposals/0417-task-executor-preference.md):
  /// started inside `run`, only its first job comes to the lane, so `settle()` and `advance`
  /// cannot always tell when its work is done (docs/swift-api.md#time-and-callbacks).
  public var taskExecutor: any TaskExecutor { executor }

  /// The Gregorian calendar in the scenario's time zone: local days, weeks and months of the
  /// health store's collection queries (a DST day has 23 or 25 hours).
  public let calendar: Calendar

  // MARK: - Ownership

  /// Runs `body` with this simulation as the owner of every HealthKit object it creates.
  ///
  /// `body` runs on the caller's isolation, its jobs on the simulation's lane
  /// (``taskExecutor``). Outside any `run`, `HKHealthStore()` traps.
  ///
  /// Before the outermost `run` of the simulation returns, what the app queued on the main
  /// queue during it runs, at the virtual instant the run reached (a `DispatchQueue.main.async`
  /// block a callback queued, and the callbacks of the calls it makes): such a block is code of
  /// this run, not of whichever simulation runs next (docs/swift-api.md#traps). Not after a
  /// stall or a termination.
  ///
  /// A stall ends the run (docs/swift-api.md#nothing-silent): when the body waits with nothing
  /// runnable on the lane, nothing pending and no `advance` in progress for
  /// ``stallReportDelay`` of wall-clock time (at most 100 ms once the body's task is cancelled,
  /// by Swift Testing's `.timeLimit` for one), or polls a real-time clock as long with nothing
  /// else changing (`Task.sleep` in a loop, whose wake-ups the lane sees), the stall is reported
  /// (``Report/Kind-swift.enum/stalled``), every ``clock`` sleeper is resumed throwing
  /// ``StallError``, and the body's task is cancelled, so a wait that honours cancellation (a
  /// sleeper, `Task.sleep`, an `AsyncStream`, a `withTaskCancellationHandler`) ends and `run`
  /// throws ``StallError``. A continuation of the app's own that ignores cancellation cannot be
  /// ended by any Swift API: when the body has not ended ``stallExitDelay`` after the stall
  /// (10 s of wall-clock time by default), the simulation reports it
  /// (``Report/Kind-swift.enum/stuckAfterStall``) and, once no other run of the process is in
  /// progress, ends the process with exit code 70 (``stuckExitCode``), so that a test run never hangs silently. The app's
  /// termination by a call that cannot throw it (the completion-handler form of HealthKit's
  /// `requestAuthorization`, whose completion never comes) ends the run the same way at once
  /// (``AppTermination``).
  ///
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws; ``StallError`` (when `E` is `any Error`) after a stall, or
  ///   the ``AppTermination`` after a termination no call could throw, once the body has ended,
  ///   whatever it returned or threw.
  public func run<R, E: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(E) -> R
  ) async throws(E) -> R {
    let handle = RunHandle()
    handle.holdCurrentTask()
    UnseenWork.runs.add(1, ordering: .relaxed)
    RunningSimulations.began(self)
    let (id, endingsBefore, alone) = state.withLock { state -> (Int, Int, Bool) in
      state.runs += 1
      state.nextRun += 1
      state.runTasks[state.nextRun] = handle
      return (state.nextRun, state.runEndings.count, state.runs == 1)
    }
    executor.watchAgain(runBegan: alone)
    // Cancels the body's task at a stall (or a termination no call could throw), from a task
    // of the run's own (it has the run's task-local values: Swift Testing handles a test
    // task's cancellation in the test's context).
    let canceller = Task {
      if await nextRunEnding(after: endingsBefore) != nil { handle.cancel() }
    }
    defer {
      canceller.cancel()
      state.withLock { state in
        state.runs -= 1
        state.runTasks[id] = nil
      }
      handle.release()
      UnseenWork.runs.subtract(1, ordering: .relaxed)
      RunningSimulations.ended(self)
      reportBlockedAtEnd()
      reportNeverExecuted(stalled: handle.stall != nil)
      reportUndeliveredAtEnd(stalled: handle.stall != nil)
    }
    let outcome: Result<R, E> = await Self.$current.withValue(self) {
      await withTaskExecutorPreference(executor, isolation: isolation) { () async -> Result<R, E> in
        // A cancelled body (Swift Testing's `.timeLimit`, the test's own cancellation) that
        // then waits with nothing left to run is reported as a stall at once, not after the
        // whole delay.
        await withTaskCancellationHandler {
          do throws(E) { return .success(try await body()) } catch { return .failure(error) }
        } onCancel: {
          executor.hurryStallWatch()
        }
      }
    }
    // What the app queued on the main queue during the run (a `DispatchQueue.main.async`
    // block from a callback) runs inside it, while the simulation is still in the running
    // set: once its outermost run has returned, such a block would be taken for another
    // test's simulation, or trap (docs/swift-api.md#traps). Not after a stall or a
    // termination: the run ends at once then.
    if handle.stall == nil, handle.termination == nil, state.withLock({ $0.runs == 1 }) {
      await runMainQueueBlocksAtEnd()
    }
    // The canceller holds the simulation until it ends: wait for it, so that a simulation the
    // caller drops once `run` returns is released then (its deinit frees its folders and App
    // Group suites), not later on another thread, after a test process may have exited.
    canceller.cancel()
    await canceller.value
    // The termination first: a stall after it is its consequence.
    if let termination = handle.termination, let error = termination as? E { throw error }
    if let stall = handle.stall, let error = StallError(report: stall) as? E { throw error }
    return try outcome.get()
  }

  /// The task of one ``run(isolation:_:)`` body, and the stall that ended it.
  ///
  /// `@unchecked Sendable`: `task` is read and written under `lock` only, and cleared by the
  /// run before it returns (so a task it holds is alive: cancelling runs the task's
  /// cancellation handlers, which take the simulation's lock, so this is a lock of its own);
  /// `stall` is written under the simulation's lock before the task is cancelled and read by
  /// the run after its body ended.
  package final class RunHandle: @unchecked Sendable {
    private let lock = Mutex(())
    /// The task running the body (a task cancels from any thread).
    private var task: UnsafeCurrentTask?
    /// The stall that ended the run, once it happened.
    package var stall: Report?
    /// The app's termination that ended the run (one no call could throw: the
    /// completion-handler form of `requestAuthorization`), once it happened.
    package var termination: AppTermination?

    /// Holds the current task (the run's body's) until ``release()``.
    package func holdCurrentTask() {
      withUnsafeCurrentTask { current in lock.withLock { _ in task = current } }
    }

    /// The run returns: its task is no longer cancelled from here.
    package func release() {
      lock.withLock { _ in task = nil }
    }

    /// Cancels the body's task, if the run has not returned.
    package func cancel() {
      lock.withLock { _ in task?.cancel() }
    }
  }

  /// What ``run(isolation:_:)`` throws after a stall ended its body: what the app waited on
  /// would not have come (``Report/Kind-swift.enum/stalled``).
  public struct StallError: Error, CustomStringConvertible, LocalizedError {
    /// The stall's report: the framework, the app's last call into the simulation, the virtual
    /// instant and what was pending.
    public let report: Report

    /// The report's line.
    public var description: String { report.description }

    /// ``description``, so `localizedDescription` says it too.
    public var errorDescription: String? { description }
  }

  // MARK: - Time

  /// Virtual now as a wall-clock date: ``startDate`` + the scenario time.
  public var now: Date { state.withLock { date(of: $0.session.now) } }

  /// A clock on virtual time, for app code that sleeps on an injected clock: `sleep(until:)`
  /// resumes when ``advance(by:)`` or ``advance(to:)`` passes the deadline.
  public var clock: SimulationClock { SimulationClock(simulation: self) }

  /// Moves virtual time forward by `duration` (a zero duration only delivers what is pending).
  ///
  /// Returns when every sample batch, state change, delegate call and completion handler due
  /// in that span has happened and returned, in the engine's order. The main actor gets a turn
  /// after each instant that delivered something other than sample batches (every instant with
  /// ``Options/mainActorTurnAfterEveryBatch``), after each callback that queued main-actor work
  /// (a delegate's `Task { @MainActor in ... }`, until it has run), and before this returns
  /// (``settle()`` waits longer).
  ///
  /// One `advance` at a time: a call made while another task's `advance` is stepping time is
  /// refused with ``ConcurrentAdvanceError`` (time is not moved by it); await the first
  /// `advance`, then call again (docs/swift-api.md#time-and-callbacks).
  ///
  /// - Throws: `CancellationError` when the task is cancelled (time stays where it got to);
  ///   ``HorizonError`` (before anything moves) when the target lies beyond ``horizon``;
  ///   ``ConcurrentAdvanceError`` while another `advance` is in progress;
  ///   ``BackwardAdvanceError`` (before anything moves) for a negative `duration`: virtual
  ///   time never goes back, and a negative span is a mistake in the test's arithmetic.
  public func advance(by duration: Duration) async throws {
    guard duration >= .zero else { throw BackwardAdvanceError(duration: duration) }
    let now = state.withLock { $0.session.now }
    let room = Self.horizon - .nanoseconds(now.nanoseconds)
    guard duration <= room else {
      throw HorizonError(requested: "advance(by: \(duration))", startDate: startDate)
    }
    try await step(to: now.advanced(by: duration), call: "advance(by: \(duration))")
    reportHealthDataEnd()
    try throwPendingReports()
  }

  /// Moves virtual time forward to `date` (a date at or before ``now`` only delivers what is
  /// pending), as ``advance(by:)``.
  ///
  /// - Throws: `CancellationError` when the task is cancelled; ``HorizonError`` (before
  ///   anything moves) when `date` lies beyond ``horizon`` after the scenario's start;
  ///   ``ConcurrentAdvanceError`` while another `advance` is in progress.
  public func advance(to date: Date) async throws {
    guard date.timeIntervalSince(startDate) <= Double(Self.horizon.components.seconds) else {
      throw HorizonError(requested: "advance(to: \(date))", startDate: startDate)
    }
    try await step(to: instant(of: date), call: "advance(to: \(date))")
    reportHealthDataEnd()
    try throwPendingReports()
  }

  /// ``advance(by:)`` was given a negative duration; virtual time did not move (it only moves
  /// forward: a project rule, as a device's clock cannot be stepped back by an app).
  public struct BackwardAdvanceError: Error, CustomStringConvertible, LocalizedError {
    /// The duration asked for (negative).
    public let duration: Duration

    /// What went wrong and what to do.
    public var description: String {
      "advance(by: \(duration)) asks to move virtual time back; it only moves forward: check "
        + "the arithmetic of the duration, and call settle() to deliver what is pending at now "
        + "without moving time."
    }

    /// ``description``, so `localizedDescription` says it too.
    public var errorDescription: String? { description }
  }

  /// How far virtual time may go: 366 days after the scenario's `start`. Sessions collect on
  /// the way, so an open-ended `advance` (`.distantFuture`, `.seconds(1 << 40)`) would run for
  /// hours and exhaust memory; a year of collecting keeps the samples within the command
  /// line's memory budget (docs/swift-api.md#time-and-callbacks).
  public static let horizon: Duration = .seconds(366 * 86_400)

  /// How far after the scenario's planned end (its last timeline action) the health store holds
  /// generated data: 2 days (project rule, docs/swift-api.md#the-health-store). Virtual time
  /// past it is reported once (``Report/Kind-swift.enum/healthDataEnded``).
  package static let healthDataLead: Duration = .seconds(2 * 86_400)

  /// ``advance(by:)`` or ``advance(to:)`` was asked to go beyond ``horizon``; virtual time did
  /// not move.
  public struct HorizonError: Error, CustomStringConvertible, LocalizedError {
    /// The call, with its argument.
    public let requested: String
    /// The scenario's start.
    public let startDate: Date

    /// What went wrong and what to do.
    public var description: String {
      "\(requested) goes beyond the simulation's horizon, 366 days after the scenario's start "
        + "(\(startDate)): advance by the span the test needs (minutes or hours of a workout)."
    }

    /// ``description``, so `localizedDescription` says it too.
    public var errorDescription: String? { description }
  }

  /// Returns when nothing is runnable at virtual now: the callback lane is empty, every task
  /// on the simulation's lane (the body of ``run(isolation:_:)``, its child tasks, the
  /// callbacks) has run until it suspended, no hold is open, no async framework call is in
  /// flight (counted from its caller's actor until it is back there: `deliver()`), and two
  /// main-actor turns in a row made nothing new runnable. Work the app scheduled from a
  /// delegate (`Task { @MainActor in }`), including its awaited framework calls
  /// (`try await builder.finishWorkout()`), has run when it returns. Virtual time does not move.
  ///
  /// A continuation a callback resumes and a task started inside `run` (a nonisolated
  /// `Task { }` included) run their first job on the lane (the simulation takes the jobs it
  /// sends to Swift's global executor), so a main-actor task awaiting a query's handler
  /// through the app's own continuation has run when this returns. Other work on executors the simulation does not own (an actor's hop into the
  /// app's own nonisolated async function before its first framework call, tasks started
  /// outside `run`, Dispatch queues) is not seen: it gets the same turns, but `settle` cannot
  /// know whether it is done (docs/swift-api.md#time-and-callbacks).
  @concurrent public func settle() async {
    var quiet = 0
    var unseenRounds = 0
    for _ in 0..<Self.settleRounds {
      await quiesce()
      await waitForHolds()
      await waitForSleepersInFlight()
      await waitForCallsInFlight()
      let before = settleMark()
      let onMainBefore = executor.mainActorWork.onMainCount
      let unseenBefore = UnseenWork.issued
      await yieldToApp()
      await quiesce()
      // Jobs on Swift's global executor that name no simulation (a main-actor task's hop into
      // an actor service), queued since this simulation last settled, have run before the round
      // is judged: what they did that the simulation sees changes the mark, and what they
      // queued on the main actor runs in the next round's turn. Those queued earlier have at
      // least started (another test's job that blocks its thread for long is not waited for).
      // (Not a stall while it waits: the work is on its way on another executor.)
      let from = state.withLock { state -> Int in
        state.waitingForUnseen += 1
        return state.unseenFrom
      }
      await UnseenWork.waitForJobs(from: from)
      await UnseenWork.waitForQueuedToStart()
      state.withLock { $0.waitingForUnseen -= 1 }
      // Main-actor code of this simulation that ran in the round and queued such jobs (a
      // `for await` over an `AsyncStream`, whose iterator's `next` runs off the actor, finding
      // the next value buffered) may have queued more main-actor code from there, which no
      // count sees: the round is not quiet (at most ``unseenWaits`` times: the numbers are
      // process-wide, and a main-actor poller runs in every round).
      let mainQueuedUnseen =
        executor.mainActorWork.onMainCount != onMainBefore && UnseenWork.issued != unseenBefore
        && unseenRounds < Self.unseenWaits
      if mainQueuedUnseen { unseenRounds += 1 }
      // A sleeper on its way (to the simulation on Swift's global executor from its caller's
      // actor, or back after its wake), or an async framework call not yet back on its
      // caller's actor, keeps the round from being quiet.
      if settleMark() == before, !mainQueuedUnseen,
        callsInFlight.load(ordering: .sequentiallyConsistent) == 0,
        !executor.mainActorWork.pendingElsewhere,
        state.withLock({ $0.sleepersInFlight.isEmpty })
      {
        quiet += 1
        if quiet >= 2 {
          let issued = UnseenWork.issued
          state.withLock { $0.unseenFrom = issued }
          return
        }
      } else {
        quiet = 0
      }
    }
  }

  /// Runs what the app queued on the main queue before the outermost ``run(isolation:_:)``
  /// returns (a project rule, docs/swift-api.md#traps): an item queued on the main queue (the
  /// main actor's executor, a serial queue) runs after every block queued before it, so once
  /// it has run, so have the app's `DispatchQueue.main.async` blocks of the run, in the run,
  /// where an entry point they call (`WidgetCenter.shared`, `HKHealthStore()`) is attributed to
  /// this simulation when it is the only one running. Then the lane's quiet
  /// (``quiesce()``: the callbacks of the calls the blocks made). Rounds of both, at least two
  /// (a lane delivery asked from a block is queued on the main queue behind the block, after
  /// the first round's item) and until one changes nothing the simulation sees
  /// (``settleMark()``: a block that queued another, a callback that queued one), at most
  /// ``endOfRunRounds``. Each item is waited for at most ``endOfRunMainQueueWait`` of
  /// wall-clock time: a main thread the app holds (or a process that does not service the main
  /// queue) costs that wait, not a hang. Blocks queued later (`asyncAfter`, another queue's)
  /// are not waited for.
  ///
  /// The wait is the simulation's, not the app's: the stall watch does not count it
  /// (``State/endingRun``; the body has returned, and a stall would make `run` throw
  /// ``StallError`` for it). When it gives up (an item not run within the wait, or blocks
  /// still queuing blocks after the last round), what the app queued may run after the run
  /// has returned, outside it: that is reported, a ``Report/Kind-swift.enum/notDelivered``
  /// warning saying what to write instead (project rule, docs/swift-api.md#traps).
  @concurrent private func runMainQueueBlocksAtEnd() async {
    let wait = state.withLock { state -> DispatchTimeInterval in
      state.endingRun = true
      return state.endOfRunMainQueueWait
    }
    defer { state.withLock { $0.endingRun = false } }
    for round in 0..<Self.endOfRunRounds {
      let before = settleMark()
      guard await Self.mainQueueItem(within: wait) else {
        reportEndOfRunDrain(Self.mainQueueHeldMessage(wait))
        return
      }
      await quiesce()
      if round > 0, settleMark() == before { return }
    }
    reportEndOfRunDrain(Self.mainQueueBusyMessage)
  }

  /// Records the ``Report/Kind-swift.enum/notDelivered`` warning of an end-of-run wait for the
  /// main queue that gave up (``runMainQueueBlocksAtEnd()``).
  private func reportEndOfRunDrain(_ message: String) {
    let report = state.withLock { state in
      Report(
        kind: .notDelivered, framework: "simulation", call: "DispatchQueue.main.async",
        date: date(of: state.session.now), seconds: state.session.now.seconds, message: message)
    }
    record([report], throwing: false)
  }

  /// The message of an end-of-run wait whose item did not run on the main queue within `wait`.
  package static func mainQueueHeldMessage(_ wait: DispatchTimeInterval) -> String {
    "run(_:) waited \(waitText(wait)) of wall-clock time for the main queue before returning, "
      + "and the main queue ran nothing in that time: a block on it holds the main thread (a "
      + "semaphore's or a group's wait, a sleep, a long loop), or the process does not run the "
      + "main queue; what the app queued there during the run was not run inside it, and runs "
      + "after the run returned, where a framework call traps or is taken for another "
      + "simulation's: don't block the main thread (await the result instead of waiting for "
      + "it), and queue main-thread work with Task { @MainActor in ... } inside the run, which "
      + "the run waits for (docs/swift-api.md#traps)"
  }

  /// The message of an end-of-run wait whose last round still ran new blocks.
  package static let mainQueueBusyMessage =
    "run(_:) gave the main queue \(endOfRunRounds) rounds before returning, and the app's "
    + "work still changed something in each (a DispatchQueue.main.async block that queues "
    + "itself again, a repeating Timer on the main run loop): what it queued last runs after "
    + "the run returned, where a framework call traps or is taken for another simulation's: "
    + "repeat such work on virtual time (a loop that sleeps on simulation.clock in a "
    + "Task { @MainActor in ... }), which advance delivers, and stop it before the run ends "
    + "(docs/swift-api.md#traps)"

  /// `wait` in words (`"10 s"`, `"200 ms"`).
  private static func waitText(_ wait: DispatchTimeInterval) -> String {
    switch wait {
    case .seconds(let seconds): "\(seconds) s"
    case .milliseconds(let milliseconds): "\(milliseconds) ms"
    case .microseconds(let microseconds): "\(microseconds) µs"
    case .nanoseconds(let nanoseconds): "\(nanoseconds) ns"
    default: "\(wait)"
    }
  }

  /// How long the end of the outermost ``run(isolation:_:)`` waits for one item on the main
  /// queue (``runMainQueueBlocksAtEnd()``): 10 s of wall-clock time by default
  /// (``defaultEndOfRunMainQueueWait``); a test of an app that holds the main thread shortens
  /// it.
  package var endOfRunMainQueueWait: DispatchTimeInterval {
    get { state.withLock { $0.endOfRunMainQueueWait } }
    set { state.withLock { $0.endOfRunMainQueueWait = newValue } }
  }

  /// At most this many rounds of ``runMainQueueBlocksAtEnd()`` (main-queue blocks that queue
  /// one another forever).
  package static let endOfRunRounds = 64

  /// At most this many rounds of ``settle()`` (an app task that makes itself runnable again
  /// forever, polling with `Task.yield()`, would otherwise keep it from returning).
  package static let settleRounds = 10_000

  /// What a round of ``settle()`` compares: whatever app work that touches the simulation
  /// changes (the engine's log, the callbacks translated and delivered, holds and sleepers).
  private func settleMark() -> [Int] {
    state.withLock { state in
      [
        state.session.readEngine { $0.log.count }, state.delivered, state.laneRounds,
        state.holds.count, state.nextHold, state.sleepers.count, state.nextSleeper,
        state.sleepersInFlight.count, callsBegun.load(ordering: .sequentiallyConsistent),
      ]
    }
  }

  // MARK: - The world

  /// The app process dies now: its HealthKit objects become inert (calls are ignored with an
  /// error entry in the log; no more delegate calls); sessions go on system-side. The system
  /// stops waiting for answers of the dead process (the watch app's holds end, logged
  /// `holdEnded`; the phone app's stay open).
  public func crash() async {
    mutate { state in
      state.session.withEngine { $0.perform(.crash, at: $0.now) }
    }
    await deliver()
  }

  /// The app process starts again (after a crash) without a session: it recovers one with
  /// `HKHealthStore().recoverActiveWorkoutSession()`. An app launched with SimulatedWatchKit's
  /// `launchWatchApp(_:)` gets a new delegate, told `applicationDidFinishLaunching()` but not
  /// `handleActiveWorkoutRecovery()` (a timeline `relaunch` with `recover: true` tells it that).
  public func relaunch() async {
    mutate { state in
      state.session.relaunchApp(recover: false, at: state.session.now)
    }
    await deliver()
  }

  /// Performs an engine action at virtual now (the scenario form of calls with no HealthKit
  /// counterpart yet, such as `extendedRuntime`).
  package func perform(_ action: AppAction) async {
    mutate { state in state.session.withEngine { $0.perform(action, at: $0.now) } }
    await deliver()
  }

  // MARK: - Result

  /// The typed run result, as `workout-sim run` makes it (records, errors, log, probes), as if
  /// the run stopped now: a session still open is logged `unfinished`. Encode it with
  /// `RunResult.encodedJSON()` for the bytes `workout-sim run --json` writes. When the app saved
  /// workout routes, its `RunResult.track` is theirs (so the GPX, TCX and FIT exports and the
  /// report's map draw the route the app saved): a framework adds what it owns to the result
  /// (`ResultContributor`; SimulatedHealthKit's route builder).
  public var result: RunResult {
    state.withLock { state in
      var copy = state.session
      copy.finish(at: copy.now)
      var result = copy.result
      for contributor in state.resultContributors {
        contributor.contribute(to: &result, state: state, startDate: startDate)
      }
      return result
    }
  }

  // MARK: - Internals

  /// One callback for the app (a delegate call or a completion handler).
  package typealias Callback = @Sendable () -> Void

  /// One item of the callback lane: a callback, or one batch's `didCollectDataOf` (the most
  /// frequent call: delivered without a closure or an array made per batch).
  package enum Delivery {
    /// A delegate call or a completion handler.
    case call(Callback)
    /// The live builder delegate's `didCollectDataOf` with these types (as the engine names
    /// them), collected at the instant, through `endpoint`.
    case collected(any Endpoint, QuantityTypeSet, SimulationInstant)
    /// A slot of the delivery loop's buffer whose delivery was taken out to run (holds
    /// nothing).
    case taken

    /// Makes the call. Borrowing: the call gets the payload's reference as the value holds it
    /// (a guaranteed reference). A consuming switch (`switch consume self`) copied the payload
    /// out before the call and then destroyed the value (checked on the generated code): a
    /// retain and a release more per delivery, through the side table of a weakly held
    /// session.
    package func run() {
      switch self {
      case .call(let callback): callback()
      case .collected(let endpoint, let types, let instant):
        endpoint.deliverCollected(types, at: instant)
      case .taken: break
      }
    }

    /// Runs each of `deliveries` in order, each moved out of its slot (left ``taken``) before
    /// it runs and let go of right after: the slot's reference is the one the call borrows, not
    /// a copy of it. (The
    /// session of a ``collected(_:_:_:)`` is held weakly by the app's builder and the
    /// simulation, so each of its retains and releases goes through its side table: a copy
    /// per delivery cost two of them.)
    ///
    /// After a delivery that queued main-actor work (``MainActorWork/pendingBeforeNextCallback``:
    /// a delegate's `Task { @MainActor in ... }`), `pause` gives the main actor its turn before
    /// the next callback runs (four loads per delivery otherwise).
    static func runAll(
      _ deliveries: inout [Delivery], work: MainActorWork, pause: () -> Void
    ) {
      for index in deliveries.indices {
        var delivery = Delivery.taken
        swap(&delivery, &deliveries[index])
        delivery.run()
        // Let go of the payload now, before the main actor's turn, as a consumed delivery did.
        delivery = .taken
        if work.pendingBeforeNextCallback { pause() }
      }
    }
  }

  /// A session object the engine's effects for one engine session are delivered to (a
  /// framework's workout session: SimulatedHealthKit's `HKWorkoutSession`), registered in
  /// ``State/endpoints`` by engine session index.
  package protocol Endpoint: AnyObject, Sendable {
    /// The callbacks of `effect`, in order; `date` is the effect's instant as a date. None for
    /// a `dataCollected` effect (``deliverCollected(_:)`` delivers it).
    func callbacks(for effect: EngineEffect, date: Date) -> [Callback]
    /// Calls the live builder delegate's `didCollectDataOf` with the framework's types of the
    /// batch's `types` (as the engine names them), collected at `instant`, unless the object's
    /// process died.
    func deliverCollected(_ types: QuantityTypeSet, at instant: SimulationInstant)
    /// The process crashed: the object becomes inert.
    func processDied()
  }

  /// A weakly held ``Endpoint``. A class, so that a table's entry is shared rather than the
  /// weak reference copied; the reference a constant (`weak let`, SE-0481), so that its load
  /// on every effect pays no dynamic exclusivity check.
  package final class WeakEndpoint {
    package weak let object: (any Endpoint)?

    package init(object: (any Endpoint)?) {
      self.object = object
    }
  }

  /// Engine session index → its ``WeakEndpoint`` (``State/endpoints``,
  /// ``PhoneSessions/endpoints``): a dictionary's interface over an array indexed by the
  /// session index (an engine numbers its sessions 0, 1, 2, …), so that the lookup on every
  /// effect (``object(at:)``) neither hashes the index nor retains the entry.
  package struct EndpointTable: ExpressibleByDictionaryLiteral {
    /// The entry of each session index below its count, `nil` where none was registered.
    private var entries: [WeakEndpoint?] = []

    /// A table with `elements` (`[:]`: an empty one).
    package init(dictionaryLiteral elements: (Int, WeakEndpoint)...) {
      for (index, entry) in elements { self[index] = entry }
    }

    /// The entry of session `index`, or `nil`; setting `nil` removes it.
    package subscript(index: Int) -> WeakEndpoint? {
      get { entries.indices.contains(index) ? entries[index] : nil }
      set {
        precondition(index >= 0, "an engine session index is never negative")
        if index >= entries.count {
          guard newValue != nil else { return }
          entries.append(contentsOf: repeatElement(nil, count: index + 1 - entries.count))
        }
        entries[index] = newValue
      }
    }

    /// The object registered for session `index`, if it is still alive: the weak reference
    /// loaded from the entry in place (no retain and release of the entry).
    package func object(at index: Int) -> (any Endpoint)? {
      guard index >= 0, index < entries.count else { return nil }
      return entries[index]?.object
    }

    /// Every entry, by session index.
    package var values: [WeakEndpoint] { entries.compactMap { $0 } }
  }

  /// Everything behind the lock.
  package struct State {
    /// The workout (scenario, engine, timeline): its entries in ``agenda`` are made again
    /// before the agenda is read when they may have changed (``registerWorkout()``): after an
    /// engine call, or a step that served them.
    ///
    /// A stored property without observers, so that the frameworks' modules change it in place
    /// (a builder's statistics are read through the engine several times per batch; an
    /// observer would make every such access from another module copy the session).
    package var session: SimulationSession
    /// The world's one queue of deadlines, an entry per ``DueWork`` kind or per member of one
    /// (each engine, listener, system timer), in (deadline, kind, member) order
    /// (docs/architecture.md, "One agenda"), read by ``nextInstant(through:)``.
    package var agenda = DeadlineQueue<DueWork>()
    /// Engine effects translated into callbacks so far.
    package var delivered = 0
    /// The storage the engine's outbox is taken into (empty between takes), kept so that no
    /// take allocates.
    package var effectBuffer: [EngineEffect] = []
    /// Callbacks waiting to run, in order.
    package var lane: [Delivery] = []
    /// An empty buffer with the capacity of a lane run before, swapped in when the delivery
    /// loop takes the lane (so neither the lane nor the loop allocates per batch).
    package var spareLane: [Delivery] = []
    /// Whether a delivery loop is running.
    package var draining = false
    /// Callers waiting for the running delivery loop to finish (``drain()``).
    package var drainWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whether something an app reacts to with calls entered the lane since the last main-actor
    /// turn began: a delegate call other than `didCollectDataOf`, a completion handler, a
    /// recovery, or a resumed clock sleeper.
    package var turnDue = false
    /// Rounds the delivery loop has run (what ``AppSimulation/settle()`` compares).
    package var laneRounds = 0
    /// The main-actor turns given so far (what the tests count).
    package var turns = 0
    /// The engine's crash count when last looked at.
    package var crashes = 0
    /// Engine session index → the app's object, for the current app process (weak: the app
    /// owns its objects).
    package var endpoints: EndpointTable = [:]
    /// Every session object made, by engine session index (recovery returns the same object
    /// while the app still holds it).
    package var sessionObjects: [Int: WeakEndpoint] = [:]
    /// Whether the app has made its first session (engine session 0).
    package var madeFirstSession = false
    /// The iPhone's own workouts (docs/phone.md#the-iphones-own-workouts): the phone app's
    /// session objects for the phone's engine, as ``endpoints``, ``sessionObjects`` and
    /// ``madeFirstSession`` are the watch app's, and the phone app's crashes seen so far.
    package var phoneSessions = PhoneSessions()
    /// App code asleep on ``SimulationClock``: it registers its first deadline in ``agenda``
    /// whenever it changes.
    package var sleepers = SleeperQueue() {
      didSet { agenda.set(.sleepers, to: sleepers.nextDeadline?.nanoseconds) }
    }
    package var cancelledSleepers: Set<Int> = []
    /// Sleepers on their way between their caller's actor and the simulation: registering (a
    /// sleep called but not yet listed in `sleepers`) or resumed and not yet returned to the
    /// caller. ``settle()`` is not quiet while any is left.
    package var sleepersInFlight: Set<Int> = []
    /// ``AppSimulation/waitForSleepersInFlight()`` callers, resumed when the last
    /// sleeper in flight lands.
    package var inFlightWaiters: [CheckedContinuation<Void, Never>] = []
    /// ``AppSimulation/waitForCallsInFlight()`` callers, resumed when the last async
    /// framework call in flight returns to its caller.
    package var callWaiters: [CheckedContinuation<Void, Never>] = []
    /// The async framework calls in flight, by number (``AppSimulation/deliver(_:of:fileID:)``).
    package var callsRunning: [Int: CallInFlight] = [:]
    package var nextCall = 0
    package var nextSleeper = 0
    /// The real clock at each instant virtual time reached (the wall-clock rule's map).
    package var realClock = RealClockMarks()
    /// The health store as it is kept: generated samples, the app's saves, workouts
    /// (docs/health-store.md), without the live workouts' samples not yet brought in. Read it
    /// through ``health``, which brings them in first. Read directly only where the live
    /// samples were just brought in on the same lock (`HKHealthStore.execute` and the
    /// listeners' wake-ups bring them in before the queries read this; the rings and the Smart
    /// Stack likewise) or where no sample is read (its sources, its workouts): a new reader of
    /// samples goes through ``health``.
    package var healthStorage: HealthStore
    /// The live workouts whose collected samples reach the store as they are collected
    /// (``LiveWorkoutSamples``, docs/healthkit-behaviour.md#a-live-workouts-samples), each
    /// with how many of its builder's samples the store already holds.
    package var liveWorkouts: [LiveWorkoutSamples] = []
    /// Every workout session that ever had a marker in ``liveWorkouts`` (running, finished or
    /// discarded): their samples are in the store, or reach it when it is next read.
    package var liveWorkoutsBegun: Set<LiveWorkoutKey> = []
    /// Long-running queries and observers woken when the store changes.
    package var healthListeners: [any HealthQueryListener] = [] {
      didSet { healthStoreChanged = true }
    }
    /// Whether the health store's listeners, the store or a listener's own state changed since
    /// the store's entries in ``agenda`` were made (``registerHealthStore()``): ``healthListeners``
    /// marks it itself; a framework that changes ``health`` or a listener's own state calls
    /// ``healthListenersChanged()``.
    package var healthStoreChanged = true
    /// The app's termination by the system, once it happened.
    package var terminated: AppSimulation.AppTermination?
    /// The other simulated frameworks' state, by the type that holds it
    /// (``SimulationExtension``).
    package var extensions: [ObjectIdentifier: any Sendable] = [:]
    /// The simulated user's answers to the frameworks' permission requests (the scenario's
    /// `authorization`), or `nil` (everything granted).
    package let authorizationAnswers: Scenario.Authorization?
    /// The app's Info.plist keys (``AppSimulation/infoPlistKeys(of:)``), read once when the
    /// simulation is made.
    package let infoPlistKeys: Set<String>
    /// The frameworks' additions to ``AppSimulation/result``, by the key each was added with
    /// (``ResultContributor``).
    package var resultContributors: [any ResultContributor] = []
    /// The frameworks' timers, by the key each was added with, and the deadline each registered
    /// (``SystemTimer``, ``SystemTimerQueue``).
    package var systemTimers = SystemTimerQueue()
    /// The frameworks' readers of the engine's effects that concern no workout session
    /// (``EffectListener``), by the key each was added with.
    package var effectListeners: [(key: ObjectIdentifier, listener: any EffectListener)] = []
    /// Whether `on(.phone)` ran code of the phone in this simulation
    /// (``AppSimulation/runsPhoneCode``).
    package var phoneCodeRan = false
    /// What launches the app's code again after a relaunch (SimulatedWatchKit's
    /// `launchWatchApp`), given whether the world asked for recovery and whether the crash left
    /// a session open; its callbacks go on the lane. `nil` until a framework sets it.
    package var relaunchListener:
      (@Sendable (_ recover: Bool, _ sessionLeftOpen: Bool) -> [Callback])?
    /// How many of the session's `SimulationSession.appRelaunches` ``relaunchListener`` was
    /// given.
    package var relaunchesSeen = 0
    /// The delegate calls of a launch into the background that wait for the launch of the new
    /// process's code (``afterBackgroundLaunch(launched:_:)``), in order.
    package var launchWork: [Callback] = []
    /// Open holds by number: the system waits for the app's answer
    /// (``AppSimulation/beginHold(framework:call:device:)``).
    package var holds: [Int: Hold] = [:]
    package var nextHold = 0
    /// How many callers are inside ``AppSimulation/waitForHolds()`` with a hold open: the
    /// system is waiting for the app's answer (what a test waits for before it answers, instead
    /// of a guessed wall-clock delay).
    package var holdWaits = 0
    /// How many pieces of app work wait for a deadline of virtual time, not for the app: a
    /// request to a hung server (SimulatedNetwork's `phone.network.hangs`) until its timeout.
    /// While one does, open holds do not keep virtual time at its instant
    /// (``AppSimulation/waitForHolds()``): the work they wait for needs time to move.
    package var timeWaits = 0
    /// ``AppSimulation/appWorkGrace``.
    package var appWorkGrace: Duration = .seconds(30)

    /// The simulation's serial lane (``SimulationExecutor``), told when the callback lane fills.
    package let executor: SimulationExecutor
    /// How many `advance`s are stepping time now: while one is, it delivers the lane itself at
    /// every instant, so the executor is not asked to.
    package var stepping = 0
    /// The `advance` call stepping time now, if any (one at a time: ``ConcurrentAdvanceError``).
    package var advancing: String?
    /// The async `recoverActiveWorkoutSession()` has returned a session whose missed batch waits
    /// on the lane: it is not delivered by itself until the app sets the builder's delegate,
    /// queues a callback (a completion handler), makes a session call with delegate calls, or
    /// a delivery (an async call, `settle`, `advance`) takes it. So app code that recovers on
    /// the main actor and then sets its delegates gets the batch, as on a watch.
    package var recoveryHeld = false
    /// The completion form of `recoverActiveWorkoutSession(completion:)`: the lane's length
    /// just after its completion was queued, until the recovery's own deliveries (the missed
    /// batch) are taken out of the lane after it into ``recoveryWork`` (``mutate(_:)``).
    package var recoveryCompletionMark: Int?
    /// The recovery's deliveries that wait for its completion handler to run: it puts them
    /// back in the lane, held (``resumeRecoveryWork(hold:)``), so that a builder delegate the
    /// app sets after the completion (in code the completion resumes) gets the batch, as the
    /// async form's does. One home of the rule with ``recoveryHeld``.
    package var recoveryWork: [Delivery] = []
    /// How many ``AppSimulation/run(isolation:_:)`` bodies are running.
    package var runs = 0
    /// The running bodies' tasks, by run number (what a stall cancels).
    package var runTasks: [Int: AppSimulation.RunHandle] = [:]
    package var nextRun = 0
    /// The first job on Swift's global executor naming no simulation that ``settle()`` waits
    /// to have run (``UnseenWork``): the number issued when this simulation last settled.
    package var unseenFrom = UnseenWork.issued
    /// The count of calls this simulation's main-actor code made
    /// (``MainActorWork/onMainCount``) when an instant's main-actor turns last looked at those
    /// jobs (``AppSimulation/takeMainActorTurns()``).
    package var onMainLooked = 0
    /// How many ``AppSimulation/settle()`` calls wait for such jobs now (the stall watch does
    /// not count that as the app waiting on nothing).
    package var waitingForUnseen = 0
    /// The reports that ended runs, in order: stalls, and terminations no call could throw
    /// (``AppSimulation/endRuns(with:termination:error:)``).
    package var runEndings: [AppSimulation.Report] = []
    /// The mark of the app's progress at the last stall (``AppSimulation/reportStall()``
    /// reports a stall once).
    package var lastStallMark: [Int64]?
    /// ``AppSimulation/stallWatchEnds``.
    package var stallWatchEnds = 0
    /// The report of the app's termination, once it happened (a stall after it names it).
    package var terminationReport: AppSimulation.Report?
    /// What every report's message ends with (``AppSimulation/reportContext``).
    package var reportContext: String?
    /// Waiters for the next report that ends runs (``AppSimulation/nextRunEnding(after:)``).
    package var stallWatchers: [Int: CheckedContinuation<AppSimulation.Report?, Never>] = [:]
    /// Watchers cancelled before they were listed.
    package var cancelledStallWatchers: Set<Int> = []
    package var nextStallWatcher = 0
    /// Delegate calls delivered to no one, as the frameworks noted them (a stall names them:
    /// ``AppSimulation/noteNoDelegate(_:kind:at:advice:)``).
    package var undelivered: [String] = []
    /// The kinds of delegate call already noted in ``undelivered`` (each noted once).
    package var undeliveredKinds: Set<String> = []
    /// The long-running result sequences of frameworks' queries a task of the app is awaiting
    /// the next element of (HealthKit's `HKAnchoredObjectQueryDescriptor.results(for:)`), with
    /// how many tasks await each (``AppSimulation/awaitingSequence(framework:call:_:)``): what a
    /// stall names first when nothing else is owed (project rule,
    /// docs/swift-api.md#nothing-silent).
    package var awaitedSequences: [AwaitedSequence: Int] = [:]
    /// The recorders of run endings as the test's issues (the trait's and XCTest's
    /// `simulate`'s: ``AppSimulation/beginRecordingRunEndings()``), each with how many endings
    /// it has recorded (the `seen` of its last ``AppSimulation/nextRunEnding(after:recorder:)``),
    /// whether or not it is waiting for the next one at the moment.
    package var recorders: [Int: Int] = [:]
    /// The number the next recorder gets.
    package var nextRecorder = 0
    /// The process is about to end over a run stuck after its stall
    /// (``AppSimulation/abandonStuckRun()``): the index of its report in ``runEndings``, and
    /// what a recorder signals when it asks for the report after it (it has recorded it).
    package var exitEnding: (index: Int, recorded: DispatchSemaphore)?
    /// What ends the process over a run stuck after its stall (``AppSimulation/exitProcess``),
    /// or `nil` for the real end (a test puts its own here).
    package var exitHook: (@Sendable (Int32) -> Void)?
    /// ``AppSimulation/runEndingRecordingWait``.
    package var recordingWait: DispatchTimeInterval = AppSimulation.recordingWait
    /// The outermost run's body has returned and the run waits for what the app queued on the
    /// main queue (``AppSimulation/runMainQueueBlocksAtEnd()``): the simulation's own wait, not
    /// the app's code waiting on the simulation, so the stall watch does not count it
    /// (``AppSimulation/appWaitMark``).
    package var endingRun = false
    /// ``AppSimulation/endOfRunMainQueueWait``.
    package var endOfRunMainQueueWait: DispatchTimeInterval = AppSimulation
      .defaultEndOfRunMainQueueWait
    /// The process end over a run stuck after its stall waits for the other runs of the
    /// process (``StuckRuns``): a later stall of this simulation's stuck body makes no second
    /// end. Cleared when the body ends after all.
    package var exitPending = false
    /// The app's last async call into the simulation, answered or not (named by a stall).
    package var lastCall: CallInFlight?
    /// The app's last `advance` that moved or delivered, and the instant it returned at (named
    /// by a stall when no async framework call came after it).
    package var lastAdvance: (call: String, at: SimulationInstant)?
    /// Whether ``lastAdvance`` came after ``lastCall`` began.
    package var advancedSinceLastCall = false
    /// Everything reported so far (``AppSimulation/reports``).
    package var reports: [AppSimulation.Report] = []
    /// Reports an `advance` in progress throws when it returns.
    package var pendingReports: [AppSimulation.Report] = []
    /// Reports no `advance` throws (``AppSimulation/unthrownReports``).
    package var unthrownReports: [AppSimulation.Report] = []
    /// The objects of other simulations already reported as used here (once each).
    package var foreignObjectsReported: Set<ObjectIdentifier> = []
    /// Whether virtual time has passed the end of the generated health data and it was
    /// reported (``AppSimulation/Report/Kind-swift.enum/healthDataEnded``, once).
    package var healthDataEndReported = false

    package init(
      session: SimulationSession, health: HealthStore,
      authorizationAnswers: Scenario.Authorization?, infoPlistKeys: Set<String>,
      executor: SimulationExecutor
    ) {
      self.session = session
      self.healthStorage = health
      self.authorizationAnswers = authorizationAnswers
      self.infoPlistKeys = infoPlistKeys
      self.executor = executor
    }

    /// Appends `callbacks` to the lane, in order; they are delivered by themselves, on the
    /// simulation's lane, without the test calling anything.
    package mutating func enqueue(_ callbacks: [Callback]) {
      for callback in callbacks { lane.append(.call(callback)) }
      recoveryHeld = false
      laneFilled()
    }

    /// Asks the executor to deliver the lane, unless an `advance` delivers it itself or a
    /// recovered session's missed batch waits for the app's delegate (`recoveryHeld`).
    package mutating func laneFilled() {
      if stepping == 0, !recoveryHeld, !lane.isEmpty { executor.requestLaneDelivery() }
    }

    /// Hands `work`, the delegate call the system makes for a launch or wake of the watch app
    /// into the background (a background refresh's tasks, a Watch Connectivity task, the phone's
    /// workout configuration), to the app's code. When the launch started a new process (`launched`) and a framework
    /// launches the app's code at each launch (``relaunchListener``: SimulatedWatchKit's
    /// `launchWatchApp`), it waits in ``launchWork`` for that launch, which runs it after
    /// `applicationDidFinishLaunching()` (``takeLaunchWork()``); otherwise it is returned, for
    /// the lane now. The one home of the order (docs/healthkit-behaviour.md#background-refresh,
    /// docs/phone-link.md#starting-the-watch-app).
    package mutating func afterBackgroundLaunch(
      launched: Bool, _ work: @escaping Callback
    ) -> [Callback] {
      guard launched, relaunchListener != nil else { return [work] }
      launchWork.append(work)
      return []
    }

    /// The work waiting for the launch of the app's code (``afterBackgroundLaunch(launched:_:)``),
    /// taken: the launch runs it after its own calls.
    package mutating func takeLaunchWork() -> [Callback] {
      defer { launchWork = [] }
      return launchWork
    }

    /// The recovery's deliveries wait no more for its completion handler, which has run: back
    /// in the lane, held for the builder's delegate when `hold` (the app has set none yet).
    package mutating func resumeRecoveryWork(hold: Bool) {
      guard !recoveryWork.isEmpty else { return }
      lane.append(contentsOf: recoveryWork)
      recoveryWork = []
      if hold { recoveryHeld = true }
      laneFilled()
    }

    /// Ends `recoveryHeld`: the lane is delivered by itself again.
    package mutating func releaseRecoveryHold() {
      guard recoveryHeld else { return }
      recoveryHeld = false
      laneFilled()
    }
  }

  /// Runs `body` under the lock, then turns the engine's new effects into callbacks.
  package func mutate<R: Sendable>(_ body: (inout State) -> R) -> R {
    let (result, died) = state.withLock { state in
      let result = body(&state)
      let died = Self.translate(&state, startDate: startDate)
      if let mark = state.recoveryCompletionMark {
        // The recovery's deliveries wait for its completion handler (`recoveryWork`).
        state.recoveryWork += state.lane[mark...]
        state.lane.removeSubrange(mark...)
        state.recoveryCompletionMark = nil
      }
      return (result, died)
    }
    for endpoint in died { endpoint.processDied() }
    return result
  }

  /// Takes the engine's outbox (the effects queued since the last take, ``EngineEffect``) and
  /// appends their callbacks to the lane, in order; after a crash the current process's
  /// objects are dropped (returned so they can be told, outside the lock).
  private static func translate(_ state: inout State, startDate: Date) -> [any Endpoint] {
    // The outbox trades places with the buffer (`readEngine`: the engine is not copied), so
    // neither allocates per take.
    var effects = state.effectBuffer
    state.effectBuffer = []
    let crashes = state.session.readEngine { engine in
      engine.takeEffects(into: &effects)
      return engine.crashCount
    }
    let phoneDied =
      state.session.hasPhoneEngine() ? translatePhone(&state, startDate: startDate) : []
    state.delivered += effects.count
    // A live workout's batch wakes the store's listeners (its samples are in the store as
    // they are collected: docs/healthkit-behaviour.md#a-live-workouts-samples); looked for only
    // while a live workout and a listener are both there.
    let watching = !state.liveWorkouts.isEmpty && !state.healthListeners.isEmpty
    var collected = QuantityTypeSet()
    // Each effect read in place (a buffer's element is borrowed where the array's iterator
    // copies it: an outlined copy per effect).
    effects.withUnsafeBufferPointer { effects in
      for position in effects.indices {
        if !state.systemTimers.isEmpty {
          switch effects[position].kind {
          case .stateChange, .appState: state.systemTimers.lifecycleChanged()
          default: break
          }
        }
        // Only a session with a marker saves its batches in the store as it collects.
        if watching, case .dataCollected(let types, _) = effects[position].kind,
          let session = effects[position].session,
          state.hasLiveSamples(device: .watch, session: session)
        {
          collected.formUnion(types)
        }
        guard let index = effects[position].session else {
          if !state.effectListeners.isEmpty {
            translateForListeners(effects[position], &state, startDate: startDate)
          }
          continue
        }
        guard let endpoint = state.endpoints.object(at: index) else { continue }
        // A batch (most effects) matched here, in the buffer: passed to a call, the effect
        // would be copied out of it first.
        if case .dataCollected(let types, _) = effects[position].kind {
          state.lane.append(.collected(endpoint, types, effects[position].at))
          continue
        }
        enqueue(effects[position], for: endpoint, of: .watch, &state, startDate: startDate)
      }
    }
    if !effects.isEmpty { state.laneFilled() }
    effects.removeAll(keepingCapacity: true)
    state.effectBuffer = effects
    if !collected.isEmpty || !state.phoneSessions.liveBatch.isEmpty {
      collected.formUnion(state.phoneSessions.liveBatch)
      state.phoneSessions.liveBatch = []
      state.wakeLiveListeners(collected: collected)
    }
    if state.session.appRelaunches.count != state.relaunchesSeen { relaunched(&state) }
    guard crashes != state.crashes else { return phoneDied }
    state.crashes = crashes
    processDied(of: .watch, &state)
    let died = state.endpoints.values.compactMap(\.object)
    state.endpoints = [:]
    return died + phoneDied
  }

  /// `device`'s app process died: the holds it owed end (each logged `holdEnded`, reason
  /// `appCrashed`, in that device's log: the system stops waiting for a process that is gone,
  /// and no `holdExpired` is reported for it), and each framework ends what that process
  /// owned (``EffectListener/processDied(of:state:)``). The other device's holds stay open.
  private static func processDied(of device: Device, _ state: inout State) {
    let ended = state.holds.filter { $0.value.device == device }.sorted { $0.key < $1.key }
    for (number, hold) in ended {
      state.holds[number] = nil
      let event = SystemEvent(
        framework: .simulation, event: "holdEnded", identifier: hold.call,
        details: ["framework": .string(hold.framework), "reason": .string("appCrashed")])
      state.session.withEngine(of: device.workoutDevice) { $0.logSystem(event) }
    }
    for (_, listener) in state.effectListeners {
      let callbacks = listener.processDied(of: device, state: &state)
      if callbacks.isEmpty { continue }
      state.enqueue(callbacks)
      state.turnDue = true
    }
  }

  /// The callbacks of a session's `effect` for its object `endpoint`, `device`'s app's, into
  /// the lane, each run as that device's code (`$currentDevice`: the workout session's delegate
  /// is its app's code, docs/swift-api.md#whose-code-a-callback-runs-as). A batch's
  /// `didCollectDataOf`, the most frequent call, is not wrapped (one task-local binding per
  /// batch was not worth its cost): it runs as the code of no `on`.
  private static func enqueue(
    _ effect: EngineEffect, for endpoint: consuming any Endpoint, of device: Device,
    _ state: inout State, startDate: Date
  ) {
    if case .dataCollected(let types, _) = effect.kind {
      // The loaded reference moves into the lane: the session is held weakly, so its every
      // retain and release goes through its side table.
      state.lane.append(.collected(endpoint, types, effect.at))
      return
    }
    let date = startDate.addingTimeInterval(effect.at.seconds)
    let callbacks = endpoint.callbacks(for: effect, date: date)
    if callbacks.isEmpty { return }
    for callback in callbacks {
      state.lane.append(.call({ AppSimulation.$currentDevice.withValue(device) { callback() } }))
    }
    state.turnDue = true
    state.recoveryHeld = false
  }

  /// ``translate(_:startDate:)`` for the phone's own workouts' engine: its sessions' effects to
  /// the phone app's objects (``PhoneSessions/endpoints``); after a crash of the phone app its
  /// objects are dropped and returned. Its effects without a session (it has no link,
  /// mirroring or extended runtime) go nowhere.
  private static func translatePhone(_ state: inout State, startDate: Date) -> [any Endpoint] {
    // Its own buffer, traded as the watch's (no allocation per take).
    var effects = state.phoneSessions.effectBuffer
    state.phoneSessions.effectBuffer = []
    let crashes = state.session.readEngineInPlace(of: .phone) { engine in
      engine.takeEffects(into: &effects)
      return engine.crashCount
    }
    state.delivered += effects.count
    let watching = !state.liveWorkouts.isEmpty && !state.healthListeners.isEmpty
    for effect in effects {
      if case .stateChange = effect.kind, !state.systemTimers.isEmpty {
        state.systemTimers.lifecycleChanged()
      }
      if watching, case .dataCollected(let types, _) = effect.kind, let session = effect.session,
        state.hasLiveSamples(device: .phone, session: session)
      {
        state.phoneSessions.liveBatch.formUnion(types)
      }
      guard let index = effect.session,
        let endpoint = state.phoneSessions.endpoints.object(at: index)
      else { continue }
      enqueue(effect, for: endpoint, of: .phone, &state, startDate: startDate)
    }
    if !effects.isEmpty { state.laneFilled() }
    effects.removeAll(keepingCapacity: true)
    state.phoneSessions.effectBuffer = effects
    guard crashes != state.phoneSessions.crashes else { return [] }
    state.phoneSessions.crashes = crashes
    processDied(of: .phone, &state)
    let died = state.phoneSessions.endpoints.values.compactMap(\.object)
    state.phoneSessions.endpoints = [:]
    return died
  }

  /// Gives each relaunch of the app's code since the last look to ``State/relaunchListener``
  /// and queues its callbacks (the app reacts to a launch with calls: a main-actor turn).
  private static func relaunched(_ state: inout State) {
    let relaunches = state.session.appRelaunches
    let new = relaunches[state.relaunchesSeen...]
    state.relaunchesSeen = relaunches.count
    guard let listener = state.relaunchListener else { return }
    let sessionLeftOpen = state.session.workoutEngine.recoverableSessionIndex != nil
    for recover in new {
      state.enqueue(listener(recover, sessionLeftOpen))
      state.turnDue = true
    }
  }

  /// The phone app's workout session objects (``State/phoneSessions``).
  package struct PhoneSessions {
    /// Phone engine session index → the phone app's object, for its current process.
    package var endpoints: EndpointTable = [:]
    /// Every phone session object made, by phone engine session index.
    package var sessionObjects: [Int: WeakEndpoint] = [:]
    /// Whether the phone app has made its first session (phone engine session 0).
    package var madeFirstSession = false
    /// The phone app's crashes seen so far.
    package var crashes = 0
    /// The phone engine's outbox's buffer between takes.
    package var effectBuffer: [EngineEffect] = []
    /// The types of the batches of the last take, while a live workout and listeners were
    /// there (their listeners are woken once the watch's effects are taken too).
    package var liveBatch = QuantityTypeSet()
  }

  /// Enqueues `callback` after everything pending (a completion handler: the main actor gets a
  /// turn after it), owed by the public call `call` of `owner`:
  /// ``enqueue(_:owedBy:)`` of `[callback]`.
  ///
  /// - Parameters:
  ///   - call: the public framework method that owes the completion (`#function` of its
  ///     caller, which must be that method: a helper takes the name as a parameter of its own).
  ///   - owner: the method's type for a framework other than HealthKit
  ///     (`UNUserNotificationCenter`), empty for a HealthKit method (the names of
  ///     docs/swift-api.md#every-call-that-takes-an-app-date).
  ///   - fileID: where it is declared (`#fileID`: its module names the framework).
  ///   - callback: the completion handler's call.
  ///
  /// The handler runs as the code that made the call (``currentDevice`` as it was then: a
  /// completion handler of a call the phone app's code made is the phone app's code); made as a
  /// device's code (inside `on`, or in a callback run as that device's), it is not run at all
  /// once that device's app has crashed (``callback(of:as:_:)``): the process that would run it
  /// is gone (docs/swift-api.md#whose-code-a-callback-runs-as). A call made outside every `on`
  /// keeps its handler as it is (project rule: such code is the test's as much as an app's).
  package func enqueue(
    call: StaticString = #function, of owner: StaticString = "",
    fileID: StaticString = #fileID, _ callback: @escaping Callback
  ) {
    let owned = Self.currentDevice.map { device in
      self.callback(of: callerProcess(), as: device, callback)
    }
    enqueue(
      [owned ?? callback], owedBy: CallInFlight(function: call, fileID: fileID, owner: owner))
  }

  /// Enqueues `callbacks` after everything pending, in order (completion handlers and delegate
  /// calls: the main actor gets a turn after them), owed by the one public call `call`.
  ///
  /// Made after the outermost `run` had returned (not before the first run, nor while an
  /// `advance` steps time: a delivery's own), the call is reported once, however many
  /// callbacks it queued (``Report/Kind-swift.enum/callAfterRun``, a project rule:
  /// docs/swift-api.md#nothing-silent), as an async call made then is; with no callbacks too
  /// (a call whose callbacks come later: a location request before its fix). `call` is `nil` for
  /// callbacks of a call reported otherwise (an async call, reported as it begins by
  /// ``deliver(_:of:fileID:)``) or of no app call (a control of the test's).
  package func enqueue(_ callbacks: [Callback], owedBy call: CallInFlight?) {
    let late = state.withLock { state -> Report? in
      if !callbacks.isEmpty {
        state.enqueue(callbacks)
        state.turnDue = true
      }
      guard let call, state.runs == 0, state.nextRun > 0, state.stepping == 0 else { return nil }
      return lateCallReport(call, now: state.session.now)
    }
    if let late { record([late], throwing: false) }
  }

  /// Reports `call`, a public call that queued callbacks after the outermost `run` had
  /// returned (``Report/Kind-swift.enum/callAfterRun``), when it is one (not before the first
  /// run, nor while an `advance` steps time), for a call that queued its callbacks itself
  /// under the lock (``State/enqueue(_:)``): a query's `execute`.
  package func reportIfAfterRun(_ call: CallInFlight) {
    let late = state.withLock { state -> Report? in
      guard state.runs == 0, state.nextRun > 0, state.stepping == 0 else { return nil }
      return lateCallReport(call, now: state.session.now)
    }
    if let late { record([late], throwing: false) }
  }

  /// The ``Report/Kind-swift.enum/callAfterRun`` report of `call`, made at `now`.
  private func lateCallReport(_ call: CallInFlight, now: SimulationInstant) -> Report {
    Report(
      kind: .callAfterRun, framework: call.framework, call: call.name,
      date: date(of: now), seconds: now.seconds,
      message: foreignRunMessage(call: "a call with a completion handler or a callback to come")
        ?? "a call with a completion handler or a callback to come was made after "
        + "run(_:) had returned: the code that made it outlived the run (a Task.detached or "
        + "nonisolated Task { }, a callback or timer of the app's), so on a device the app "
        + "would no longer be running; it still changes the simulation's state and what it "
        + "calls back still runs on the simulation's lane, which no run's result shows: make "
        + "the call inside run and await its completion there (settle() delivers it)")
  }

  /// The ``Report/Kind-swift.enum/callAfterRun`` message of `call` (`"an async call"`, ...)
  /// when it was made inside another simulation's `run` (the current task's simulation is not
  /// this one): an object made during this simulation's run, kept in a static or a singleton
  /// across tests, was used in the other's; else `nil` (code that outlived the run). That run
  /// has a ``Report/Kind-swift.enum/foreignObject`` report of the object too (project rule,
  /// docs/swift-api.md#nothing-silent).
  private func foreignRunMessage(call: String) -> String? {
    guard let other = Self.current, other !== self else { return nil }
    return "\(call) was made inside another simulation's run(_:) (scenario start "
      + "\(other.startDate)) by an object made during this simulation's run, which had "
      + "returned (kept in a static or a singleton shared across tests): its calls read and "
      + "write this simulation's world, not the running one's, which no run's result shows: "
      + "make the object inside each test's run (one per simulation), not in a static or a "
      + "singleton"
  }

  /// Runs the pending callbacks, one at a time, in order, off the main actor, each with this
  /// simulation as the task's current one (so a delegate's `HKHealthStore()` belongs here,
  /// whoever called). One loop runs at a time: a caller that finds another task's loop running
  /// waits until that loop has emptied the lane (calls the delegates queued included), then
  /// delivers what was queued since, so every caller returns only after the callbacks pending
  /// at its call have run and returned. The loop itself never suspends, so the wait cannot
  /// deadlock; no callback runs while the lock is held.
  ///
  /// - Returns: whether something an app reacts to with calls entered the lane since the last
  ///   main-actor turn (`State.turnDue`), as it stood when the lane was found empty.
  @discardableResult
  @concurrent package func drain() async -> Bool {
    // The loop's buffer: empty, with the capacity of an earlier lane.
    var buffer: [Delivery] = []
    while !claimLoop(&buffer) {
      // Another task's loop runs: resumed (once, outside the lock) when it empties the lane.
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        let running = state.withLock { state -> Bool in
          guard state.draining else { return false }
          state.drainWaiters.append(waiter)
          return true
        }
        if !running { waiter.resume() }
      }
    }
    return runLoop(&buffer)
  }

  /// Makes this caller the delivery loop unless one runs: `buffer` (empty) then holds the
  /// spare lane's storage. Returns whether it did.
  package func claimLoop(_ buffer: inout [Delivery], fromLane: Bool = false) -> Bool {
    state.withLock { state -> Bool in
      if state.draining { return false }
      // The lane's own delivery leaves a recovered session's missed batch for the app's
      // delegate; any other delivery (an async call, `settle`, `advance`) takes it.
      if fromLane, state.recoveryHeld { return false }
      state.recoveryHeld = false
      state.draining = true
      swap(&buffer, &state.spareLane)
      return true
    }
  }

  /// The delivery loop of ``drain()``, by the caller that claimed it (``claimLoop(_:)``), on
  /// the caller's thread: runs the lane until it is empty, then ends the loop and resumes the
  /// callers waiting for it. Returns `State.turnDue` as it stood when the lane was found empty.
  package func runLoop(_ buffer: inout [Delivery]) -> Bool {
    runLoop(&buffer, roundTaken: false, isCurrent: Self.current === self).turnDue
  }

  /// ``runLoop(_:)``, for a caller that may have taken the lane's first round into `buffer`
  /// already, under the lock it claimed the loop with (`roundTaken`: ``step(to:call:)``'s one
  /// critical section per instant), and that knows whether its task has this simulation as
  /// the current one (`isCurrent`). Returns `State.turnDue` and whether no hold was open, both
  /// as they stood when the lane was found empty (under that one lock).
  private func runLoop(_ buffer: inout [Delivery], roundTaken: Bool, isCurrent: Bool)
    -> (turnDue: Bool, noHolds: Bool)
  {
    // The lane is taken whole, one lock per round instead of one per callback: callbacks the
    // running ones queue land in the emptied lane and run in the next round, after the rest of
    // this one, as they would one at a time. The lane and the loop's buffer trade places, so
    // both keep their storage; the buffer is emptied outside the lock (releasing a callback
    // may release an app object).
    // Callbacks run with this simulation as the task's current one; the task that steps time
    // (inside `run`) has it already, so the task-local value is only bound for other callers.
    var taken = roundTaken
    while true {
      if !taken {
        let (ran, waiters, turnDue, noHolds) = state.withLock {
          state -> (Bool, [CheckedContinuation<Void, Never>], Bool, Bool) in
          // A recovered session's batch held for the app's delegate (put back by the
          // completion handler that ran in this loop) waits: the loop ends.
          if state.lane.isEmpty || state.recoveryHeld {
            state.draining = false
            swap(&buffer, &state.spareLane)
            let waiters = state.drainWaiters
            state.drainWaiters = []
            return (false, waiters, state.turnDue, state.holds.isEmpty)
          }
          swap(&buffer, &state.lane)
          state.laneRounds += 1
          return (true, [], false, false)
        }
        if !ran {
          for waiter in waiters { waiter.resume() }
          return (turnDue, noHolds)
        }
      }
      taken = false
      runRound(&buffer, isCurrent: isCurrent)
    }
  }

  /// Runs one round of the delivery loop, the deliveries in `buffer` (taken from the lane by
  /// the caller, which holds the loop), and leaves `buffer` empty with its storage.
  private func runRound(_ buffer: inout [Delivery], isCurrent: Bool) {
    // A continuation a callback resumes, or a task it starts, runs its first job on the
    // lane (``ResumeRedirect``): the lane is not idle until it is on its actor's queue.
    let work = executor.mainActorWork
    // The pause as a closure literal: the method itself (`pause: pauseForMainActor`) is a
    // closure value that captures `self` with a retain and a release per round, both through
    // the side table of this weakly referenced object.
    executor.redirectingResumes {
      if isCurrent {
        Delivery.runAll(&buffer, work: work, pause: { pauseForMainActor() })
      } else {
        Self.$current.withValue(self) {
          Delivery.runAll(&buffer, work: work, pause: { pauseForMainActor() })
        }
      }
    }
    // Element by element: `removeAll(keepingCapacity:)` goes through the generic
    // `replaceSubrange`, several times the cost of a round's one or two deliveries.
    while buffer.popLast() != nil {}
  }

  /// The delivery loop's pause after a callback that queued main-actor work: main-actor turns,
  /// waited for on the loop's thread (``MainActorWork/turnWaiting(limit:quietLane:)``), so that
  /// the work runs before the next callback, as on a device, where the next callback comes
  /// from another process: a mirrored session's delegate that the phone app sets in a
  /// `Task { @MainActor in }` of its start handler hears the state change delivered right
  /// after the handler. Two at most (work that main-actor code queued in its turn runs in the
  /// second); what is left, and what the work started on the lane, the instant's end waits
  /// for (``deliverInstant(turn:)``). Each waits at most 1 s, as a lane delivery asked from the
  /// main queue does (``SimulationExecutor/requestLaneDelivery()``): main-actor code that
  /// blocks the main thread until a callback comes gets it then.
  private func pauseForMainActor() {
    let work = executor.mainActorWork
    for _ in 0..<2 where work.pendingBeforeNextCallback {
      state.withLock { $0.turns += 1 }
      guard
        work.turnWaiting(limit: .seconds(1), quietLane: { executor.isIdleButForCaller })
      else { return }
    }
  }

  /// Delivers what is pending and lets the app's main-actor work run (the end of an async
  /// call), as an async framework call in flight from its caller's actor until it is back
  /// there (``callBegan()``): the simulated frameworks' async methods are
  /// `nonisolated(nonsending)` and call this before their first suspension, so a main-actor
  /// task that awaits one is waited for by ``settle()`` and `advance` (SE-0461,
  /// https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md).
  ///
  /// It does not wait for holds: the app code a hold waits on (a widget's `getTimeline`, a
  /// background task) makes async calls itself, and they must return while its hold is open.
  ///
  /// - Parameters:
  ///   - call: the framework method (`#function` of its caller), named in the report of a call
  ///     still running when `run` returns (``reportBlockedAtEnd()``).
  ///   - owner: the method's type for a framework other than HealthKit (``CallInFlight/owner``).
  ///   - fileID: where it is declared (`#fileID`: its module names the framework).
  nonisolated(nonsending) package func deliver(
    _ call: StaticString = #function, of owner: StaticString = "",
    fileID: StaticString = #fileID
  ) async {
    let id = callBegan(CallInFlight(function: call, fileID: fileID, owner: owner))
    // Here, after the delivery: on the caller's actor again.
    defer { callEnded(id) }
    await deliverAndYield()
  }

  /// ``deliver()``'s work, off the caller's actor.
  @concurrent private func deliverAndYield() async {
    await drain()
    await yieldToApp()
  }

  /// An async framework call begins, on its caller's actor, before its first suspension: it
  /// is in flight until ``callEnded(_:)``. Two atomic additions (the count ``settle()`` and
  /// each instant `advance` stops at read without a lock) and the call's name, listed under
  /// the lock (once per call, not per batch) for the report of a call still running when `run`
  /// returns. Returns the call's number.
  private func callBegan(_ inFlight: CallInFlight) -> Int {
    // Read before the lock (a task-local value): a call made inside another simulation's run.
    let foreign = foreignRunMessage(call: "an async call")
    // Listed first: a call the count shows is listed.
    let (id, late) = state.withLock { state -> (Int, Report?) in
      state.nextCall += 1
      state.callsRunning[state.nextCall] = inFlight
      state.lastCall = inFlight
      state.advancedSinceLastCall = false
      // After every run has returned (not before the first: a test may set up outside run).
      guard state.runs == 0, state.nextRun > 0 else { return (state.nextCall, nil) }
      let now = state.session.now
      let report = Report(
        kind: .callAfterRun, framework: inFlight.framework, call: inFlight.name,
        date: date(of: now), seconds: now.seconds,
        message: foreign
          ?? "an async call began after run(_:) had returned: the task that made it "
          + "outlived the run (a Task.detached or nonisolated Task { } the run does not wait "
          + "for), so on a device the app would no longer be running; it still changes the "
          + "simulation's state, which no run's result shows: \(Self.awaitInsideRun)")
      return (state.nextCall, report)
    }
    callsBegun.add(1, ordering: .sequentiallyConsistent)
    callsInFlight.add(1, ordering: .sequentiallyConsistent)
    if let late { record([late], throwing: false) }
    return id
  }

  /// The call ``callBegan(_:)`` counted as `id` is back on its caller's actor, which
  /// runs the caller's next lines right after: resumes ``waitForCallsInFlight()`` when it was
  /// the last.
  private func callEnded(_ id: Int) {
    let last = callsInFlight.subtract(1, ordering: .sequentiallyConsistent).newValue == 0
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.callsRunning[id] = nil
      guard last else { return [] }
      defer { state.callWaiters.removeAll() }
      return state.callWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when no async framework call is in flight (each returns by itself: its work is
  /// synchronous, then it delivers the lane and gives the main actor a turn; no polling).
  package func waitForCallsInFlight() async {
    guard callsInFlight.load(ordering: .sequentiallyConsistent) > 0 else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // Under the lock: ``callEnded()`` takes it after the count reaches zero, so a waiter
      // listed here is resumed, and one that finds zero resumes itself.
      let now = state.withLock { state -> Bool in
        if callsInFlight.load(ordering: .sequentiallyConsistent) == 0 { return true }
        state.callWaiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Lets the main actor and other ready tasks run (work delegates scheduled): one main-actor
  /// turn (``MainActorWork/turn(quietLane:)``: an item on the main queue, behind every
  /// main-actor job queued before it), then four yields.
  private func yieldToApp() async {
    state.withLock {
      $0.turnDue = false
      $0.turns += 1
    }
    await executor.mainActorWork.turn { executor.isIdleButForCaller }
    for _ in 0..<4 { await Task.yield() }
  }

  /// Main-actor turns, each followed by the lane's quiet, until the main-actor work the
  /// simulation's code queued off the main actor (``MainActorWork``) is known to have run, and
  /// what it started on the lane with it, then one more when main-actor code queued more of
  /// it: at least one (``Options/mainActorTurnAfterEveryBatch``), at most ``settleRounds``
  /// (code on the lane that hops to the main actor forever). When this simulation's main-actor
  /// code ran and jobs naming no simulation were queued (``UnseenWork``: a main-actor
  /// `for await`'s next read of a stream), the turns wait for those jobs and take one more
  /// (at most ``unseenWaits`` times).
  private func takeMainActorTurns() async {
    let work = executor.mainActorWork
    var unseenWaits = 0
    for _ in 0..<Self.settleRounds {
      await yieldToApp()
      await quiesce()
      // Main-actor code of this simulation that hopped into a nonisolated async function (a
      // `for await` over an `AsyncStream`, whose iterator's `next` runs off the actor) queued
      // that job on Swift's global executor naming no simulation (``UnseenWork``), in the turn
      // or before it: it runs before time moves (the iterator then waits for the stream's next
      // value, rather than finding it buffered later, off every turn), and what it queued on
      // the main actor gets the next turn. The jobs queued since this simulation last looked
      // (``settle()`` waits for them too), when its main-actor code ran since then (jobs of
      // other tests in parallel alone cost no turn).
      let onMain = work.onMainCount
      let issued = UnseenWork.issued
      let (from, looked) = state.withLock { state in
        defer { state.onMainLooked = onMain }
        return (state.unseenFrom, state.onMainLooked)
      }
      if issued != from, onMain != looked, unseenWaits < Self.unseenWaits {
        unseenWaits += 1
        state.withLock { $0.waitingForUnseen += 1 }
        await UnseenWork.waitForJobs(from: from)
        state.withLock { state in
          state.waitingForUnseen -= 1
          state.unseenFrom = max(state.unseenFrom, issued)
        }
        continue
      }
      if !work.pendingElsewhere { break }
    }
    if work.pendingOnMain {
      await yieldToApp()
      await quiesce()
    }
  }

  /// At most this many waits of ``takeMainActorTurns()`` for jobs on Swift's global executor
  /// that name no simulation, queued during its turns (the numbers are process-wide: tests in
  /// parallel queue such jobs too, and a `for await` over a stream needs one).
  private static let unseenWaits = 8

  /// ``deliverInstant(turn:)`` for an instant that needs no suspension, done synchronously:
  /// when no other task's loop runs, delivers the lane here; returns whether the instant is
  /// done, which it is when what ``deliverInstant(turn:)`` would do next is nothing (nothing an
  /// app reacts to was delivered, no sleeper woke, the executor is idle but for the caller, the
  /// lane is empty, no async framework call is in flight, no main-actor turn after every batch,
  /// no hold open). Otherwise the caller goes on with ``deliverInstant(turn:)``, which finds
  /// the lane as this left it (running it again is a no-op on an empty lane), so the order and
  /// the calls made are the same. For an instant whose loop ``serveNextInstant(through:into:)``
  /// claimed under its own lock, `loop` says what it found (else `nil`: the loop is claimed
  /// here), and `isCurrent` whether the caller's task has this simulation as its current one.
  private func deliverQuietInstant(
    _ buffer: inout [Delivery], loop: ServedInstant.Loop?, isCurrent: Bool
  ) -> Bool {
    let found: (turnDue: Bool, noHolds: Bool)
    switch loop {
    case .ended(let turnDue, let noHolds): found = (turnDue, noHolds)
    case .roundTaken: found = runLoop(&buffer, roundTaken: true, isCurrent: isCurrent)
    case nil:
      guard claimLoop(&buffer) else { return false }
      found = runLoop(&buffer, roundTaken: false, isCurrent: isCurrent)
    }
    // The lane was empty, the loop ended and no hold was open under the loop's last lock; the
    // caller did nothing since, so only another thread could have changed them (as it could
    // right after any look).
    return isQuietAfterLoop(turnDue: found.turnDue, noHolds: found.noHolds)
  }

  /// Whether an instant whose delivery loop ended finding `turnDue` and `noHolds` (as
  /// ``runLoop(_:roundTaken:isCurrent:)`` returns them) is done without an async call: nothing
  /// an app reacts to was delivered, no hold is open, the executor is idle but for the caller,
  /// no async framework call is in flight, no main-actor turn after every batch. Read under
  /// the simulation's lock or not (the executor's own lock is taken inside the simulation's
  /// elsewhere too: `State.laneFilled()`).
  private func isQuietAfterLoop(turnDue: Bool, noHolds: Bool) -> Bool {
    !turnDue && noHolds && executor.isIdleButForCaller
      && callsInFlight.load(ordering: .relaxed) == 0
      && !options.contains(.mainActorTurnAfterEveryBatch) && !executor.mainActorWork.pending
  }

  /// What ``endRoundAndServe(through:into:serve:)`` did with the delivery loop whose round
  /// the caller (``step(to:call:)``) ran.
  private enum RoundEnd {
    /// The lane was empty and the instant quiet (``isQuietAfterLoop(turnDue:noHolds:)``): the
    /// loop ended and the next instant was served under the same lock, as
    /// ``serveNextInstant(through:into:)`` serves it.
    case served(ServedInstant)
    /// The lane had more: its next round is in the caller's buffer; the loop is still the
    /// caller's.
    case anotherRound
    /// The loop ended (the lane empty) with `State.turnDue` and whether no hold was open, as
    /// they stood; nothing was served. The caller resumes `waiters` (callers that waited for
    /// the loop) and goes on as after ``deliverQuietInstant(_:loop:isCurrent:)``.
    case ended(turnDue: Bool, noHolds: Bool, waiters: [CheckedContinuation<Void, Never>])
  }

  /// The end of an instant's delivery loop and the next instant's serving in one critical
  /// section, where ``runLoop(_:roundTaken:isCurrent:)``'s last look (the lane empty) and
  /// ``serveNextInstant(through:into:)`` took a lock each: the caller holds the loop and ran
  /// its round. The lane's next round, the loop's end, the quiet test and the serving are the
  /// same, in the same order, as there; only no other thread's work falls between the loop's
  /// end and the serving (as it could fall just before the loop's last look). `serve` false
  /// (the task was cancelled) ends the loop without serving.
  private func endRoundAndServe(
    through target: SimulationInstant, into buffer: inout [Delivery], serve: Bool
  ) -> RoundEnd {
    let (end, died) = state.withLock { state -> (RoundEnd, [any Endpoint]) in
      guard state.lane.isEmpty else {
        swap(&buffer, &state.lane)
        state.laneRounds += 1
        return (.anotherRound, [])
      }
      state.draining = false
      swap(&buffer, &state.spareLane)
      let waiters = state.drainWaiters
      state.drainWaiters = []
      let (turnDue, noHolds) = (state.turnDue, state.holds.isEmpty)
      guard serve, waiters.isEmpty, isQuietAfterLoop(turnDue: turnDue, noHolds: noHolds) else {
        return (.ended(turnDue: turnDue, noHolds: noHolds, waiters: waiters), [])
      }
      let (served, died) = serveLocked(&state, through: target, into: &buffer)
      return (.served(served), died)
    }
    for endpoint in died { endpoint.processDied() }
    return end
  }

  /// What ``serveNextInstant(through:into:)`` did at the instant it moved to.
  private struct ServedInstant {
    /// What the instant's delivery loop, claimed under the same lock, found there.
    enum Loop {
      /// The lane was empty: the loop ended at once, with `State.turnDue` and whether no hold
      /// was open as they stood.
      case ended(turnDue: Bool, noHolds: Bool)
      /// The lane's first round is in the caller's buffer, to run
      /// (``runLoop(_:roundTaken:isCurrent:)``).
      case roundTaken
    }

    /// Whether the instant lies before the target (`false`: the last instant, or none).
    var more = false
    /// The sleepers due there, to be resumed outside the lock.
    var woken: [CheckedContinuation<Void, any Error>] = []
    /// The loop, when it was claimed (`nil`: not claimed; the caller claims it).
    var loop: Loop?
  }

  /// One instant of ``step(to:call:)`` in one critical section: moves to the next instant on
  /// the way to `target` (``State/nextInstant(through:)``), serves it
  /// (``State/serve(from:to:real:)``), turns the engine's new effects into callbacks (as
  /// ``mutate(_:)``), and, when nothing is to happen before the lane's delivery (not the last
  /// instant, no sleeper to resume, no crashed process's object to tell, no other loop
  /// running), claims the delivery loop and takes the lane's first round into `buffer` (empty)
  /// (``claimLoop(_:fromLane:)``, ``runLoop(_:)``'s first lock), where it took several locks
  /// before. The order of what is served, translated and delivered is the same.
  private func serveNextInstant(through target: SimulationInstant, into buffer: inout [Delivery])
    -> ServedInstant
  {
    let (served, died) = state.withLock { state in
      serveLocked(&state, through: target, into: &buffer)
    }
    for endpoint in died { endpoint.processDied() }
    return served
  }

  /// ``serveNextInstant(through:into:)``'s work under the lock (`state` the locked state);
  /// returns the crashed process's objects to tell outside it.
  private func serveLocked(
    _ state: inout State, through target: SimulationInstant, into buffer: inout [Delivery]
  ) -> (ServedInstant, [any Endpoint]) {
    var served = ServedInstant()
    let now = state.session.now
    if let next = state.nextInstant(through: target) {
      served.more = next < target
      served.woken = state.serve(
        from: now, to: next, real: realNow.timeIntervalSinceReferenceDate)
    }
    let died = Self.translate(&state, startDate: startDate)
    guard served.more, served.woken.isEmpty, died.isEmpty, !state.draining else {
      return (served, died)
    }
    state.recoveryHeld = false
    if state.lane.isEmpty {
      // The loop would end at its first look (the spare lane stays where it is).
      served.loop = .ended(turnDue: state.turnDue, noHolds: state.holds.isEmpty)
    } else {
      state.draining = true
      swap(&buffer, &state.lane)
      state.laneRounds += 1
      served.loop = .roundTaken
    }
    return (served, died)
  }

  /// Delivers what is pending at an instant `step` stops at and lets every task on the
  /// simulation's lane run until it suspends (app code resumed at this instant runs here).
  /// When something other than sample batches was delivered, a sleeper woke, or the instant is
  /// the first or last of the `advance`, the instant is settled (``settle()``: main-actor turns
  /// until two in a row change nothing), so that app code resumed or queued on the main actor
  /// runs before time moves too; main-actor work the instant's callbacks queued
  /// (``MainActorWork``) gets turns until it has run, and
  /// ``Options/mainActorTurnAfterEveryBatch`` adds them at every other instant.
  ///
  /// Called by ``step(to:call:)`` (off the main actor: `@concurrent`): when no other task's loop
  /// runs, the lane is delivered right here, without the suspension points of ``drain()`` and
  /// ``waitForHolds()`` (which an instant of sample batches alone does not need); the order and
  /// the calls made are the same.
  ///
  /// - Parameter turn: the instant `advance` starts or ends at, which always gets the turn
  ///   (app work queued on the main actor before the call runs before time moves).
  private func deliverInstant(turn: Bool = false) async {
    var buffer: [Delivery] = []
    let turnDue = claimLoop(&buffer) ? runLoop(&buffer) : await drain()
    // ``quiesce()``'s own first test, made here without its call (most instants of a workout
    // find the lane quiet).
    if !executor.isIdleButForCaller || state.withLock({ !$0.lane.isEmpty || $0.draining }) {
      await quiesce()
    }
    // An async framework call in flight (a main-actor task's `endCollection`) is app code
    // resumed here: the instant is settled so it runs here.
    if turn || turnDue || callsInFlight.load(ordering: .relaxed) > 0 { return await settle() }
    // Main-actor work the instant's deliveries queued (a delegate's `Task { @MainActor in }`)
    // runs here, before time moves; what it then does that an app reacts to, or an async
    // framework call it made, settles the instant.
    if executor.mainActorWork.pending || options.contains(.mainActorTurnAfterEveryBatch) {
      await takeMainActorTurns()
      if callsInFlight.load(ordering: .relaxed) > 0 || state.withLock({ $0.turnDue }) {
        return await settle()
      }
    }
    // `waitForHolds()`'s own first test, made here so that no call is made without a hold.
    if state.withLock({ !$0.holds.isEmpty }) { await waitForHolds() }
  }

  /// Steps to `target`: to each next instant at which the world's agenda has work due
  /// (``State/nextInstant(through:)``), serving it in ``DueWork`` order and delivering that
  /// instant's callbacks before going on.
  ///
  /// `@concurrent`: off the main actor whoever calls, so that the deliveries made in its own
  /// frame (``deliverInstant()``) run there too.
  @concurrent private func step(to target: SimulationInstant, call: String) async throws {
    // Room for the samples and batches due on the way, made once rather than at every instant
    // (which grows storage twofold step by step, copying it): as the command line's single
    // pump through its end reserves it. At most a day ahead, so an advance the app cuts short
    // (ending its session in a callback) leaves little unused.
    let refusal = state.withLock { state -> ConcurrentAdvanceError? in
      if let inProgress = state.advancing {
        return ConcurrentAdvanceError(
          requested: call, inProgress: inProgress, seconds: state.session.now.seconds)
      }
      state.advancing = call
      state.stepping += 1
      state.session.withEngine { engine in
        engine.reserveStorage(through: min(target, engine.now.advanced(by: Self.reservationSpan)))
      }
      return nil
    }
    if let refusal { throw refusal }
    defer {
      state.withLock { state in
        state.stepping -= 1
        state.advancing = nil
        state.lastAdvance = (call, state.session.now)
        state.advancedSinceLastCall = true
        state.laneFilled()
      }
      executor.watchAgain()
    }
    // The instant it starts at gets a main-actor turn too: work the app queued there before
    // calling (a `Task { @MainActor }` that goes to sleep on the clock) runs before time moves.
    await deliverInstant(turn: true)
    // The task does not change while it steps.
    let isCurrent = Self.current === self
    // The task's cancellation, as `Task.isCancelled` reads it, without its runtime call (and
    // the task's retain and release) at every instant: set by the handler when the task is
    // cancelled (at once when it was before).
    let cancellation = CancellationFlag()
    try await withTaskCancellationHandler {
      try await stepInstants(to: target, isCurrent: isCurrent, cancellation: cancellation)
    } onCancel: {
      cancellation.set()
    }
  }

  /// A task's cancellation seen by its handler (``step(to:call:)``).
  private final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
  }

  /// ``step(to:call:)``'s instants, on its task; `cancellation` says whether the task was
  /// cancelled (checked before each instant is served: `CancellationError`).
  private func stepInstants(
    to target: SimulationInstant, isCurrent: Bool, cancellation: CancellationFlag
  ) async throws {
    // The delivery loop's buffer, empty between instants (its storage trades places with the
    // lane's, so neither allocates per instant).
    var buffer: [Delivery] = []
    // Whether this task holds the delivery loop of the last instant, whose round it ran: the
    // loop's end is taken with the next instant's serving (``endRoundAndServe``).
    var loopOpen = false
    while true {
      let served: ServedInstant
      if loopOpen {
        switch endRoundAndServe(through: target, into: &buffer, serve: !cancellation.isSet) {
        case .anotherRound:
          runRound(&buffer, isCurrent: isCurrent)
          continue
        case .ended(let turnDue, let noHolds, let waiters):
          loopOpen = false
          for waiter in waiters { waiter.resume() }
          if !isQuietAfterLoop(turnDue: turnDue, noHolds: noHolds) { await deliverInstant() }
          continue
        case .served(let next):
          loopOpen = false
          served = next
        }
      } else {
        if cancellation.isSet { throw CancellationError() }
        served = serveNextInstant(through: target, into: &buffer)
      }
      for continuation in served.woken { continuation.resume() }
      // The last instant: `advance` always ends with a turn.
      if !served.more { return await deliverInstant(turn: true) }
      // Most instants of a workout (sample batches alone) are done here, without an async
      // call (each costs a task switch); the others go on as ``deliverInstant(turn:)``. A
      // round taken with the serving runs here; the loop's end waits for the next instant.
      if case .roundTaken = served.loop {
        runRound(&buffer, isCurrent: isCurrent)
        loopOpen = true
        continue
      }
      if deliverQuietInstant(&buffer, loop: served.loop, isCurrent: isCurrent) { continue }
      await deliverInstant()
    }
  }

  /// ``advance(by:)`` or ``advance(to:)`` was called while another `advance` was stepping time
  /// (two tasks moving the same clock): refused, virtual time not moved by it. The first
  /// `advance` goes on undisturbed.
  public struct ConcurrentAdvanceError: Error, CustomStringConvertible, LocalizedError {
    /// The refused call, with its argument.
    public let requested: String
    /// The call in progress, with its argument.
    public let inProgress: String
    /// Virtual now when the call was refused, in seconds of scenario time.
    public let seconds: Double

    /// What went wrong and what to write instead.
    public var description: String {
      "simulation.\(requested) at t = \(secondsText(seconds)) s was called while "
        + "\(inProgress) is still moving time from another task: await the first advance "
        + "before calling advance again (one task moves time; other tasks sleep on "
        + "simulation.clock or await what they need)."
    }

    /// ``description``, so `localizedDescription` says it too.
    public var errorDescription: String? { description }
  }

  /// How far ahead ``step(to:call:)`` reserves sample storage: one day.
  private static let reservationSpan: Duration = .seconds(86_400)

  /// A new sleeper's number (``SimulationClock/sleep(until:tolerance:)``), called on the
  /// caller's actor: the sleeper is in flight until its call returns there.
  package func newSleeper() -> Int {
    state.withLock { state in
      state.nextSleeper += 1
      state.sleepersInFlight.insert(state.nextSleeper)
      return state.nextSleeper
    }
  }

  /// The sleeper `id`'s call has returned to its caller, on the caller's actor: app code woken
  /// at an instant runs there now, so the instant is settled once the lane and the main actor
  /// have had their turns after this (``settle()`` waits for it).
  package func sleeperReturned(_ id: Int) {
    landed(id)
  }

  /// Sleeper `id` is no longer on its way: resumes ``waitForSleepersInFlight()`` when it was
  /// the last.
  private func landed(_ id: Int) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard state.sleepersInFlight.remove(id) != nil, state.sleepersInFlight.isEmpty else {
        return []
      }
      defer { state.inFlightWaiters.removeAll() }
      return state.inFlightWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when no ``SimulationClock`` sleeper is on its way between its caller's actor and
  /// the simulation (`State.sleepersInFlight`): each gets there by itself, on Swift's global
  /// executor, however loaded it is.
  package func waitForSleepersInFlight() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        if state.sleepersInFlight.isEmpty { return true }
        state.inFlightWaiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Suspends until virtual time reaches `deadline` (``SimulationClock``) as sleeper `id`.
  package func sleep(until deadline: SimulationInstant, id: Int) async throws {
    // A cancellation that arrives after `step` took the sleeper (it resumes it normally) leaves
    // the id behind; no handler runs once the operation has returned, so drop it then.
    defer { _ = state.withLock { $0.cancelledSleepers.remove(id) } }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Bool, CancellationError> in
          if state.cancelledSleepers.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.session.now { return .success(true) }
          state.sleepers.add(.init(id: id, deadline: deadline, continuation: continuation))
          return .success(false)
        }
        switch outcome {
        case .success(true): continuation.resume()
        case .success(false): landed(id)
        case .failure(let error): continuation.resume(throwing: error)
        }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let sleeper = state.sleepers.remove(id: id) else {
          state.cancelledSleepers.insert(id)
          return nil
        }
        return sleeper.continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// The description of the error a call on an inert object (one the crashed app process
  /// made) gets.
  package static let inertMessage =
    "This object belongs to an app process that crashed; after the relaunch, recover the session with HKHealthStore().recoverActiveWorkoutSession()"

  /// A call on an inert object: ignored, with an error entry in the run's log and errors (no
  /// delegate call), in the log of `device`, the device whose crashed app process made the
  /// object; `message` says why it is inert (``inertMessage`` by default).
  package func ignoreInert(
    action: ErrorReport.Call, message: String = inertMessage, device: Device
  ) {
    mutate { state in
      state.session.withEngine(of: device.workoutDevice) {
        $0.reportAPIError(
          WorkoutError(code: .noSession, message: message), call: action, session: nil)
      }
    }
  }

  /// The virtual-time date of `instant`.
  package func date(of instant: SimulationInstant) -> Date {
    startDate.addingTimeInterval(instant.seconds)
  }

  /// The instant of `date`: the one it was made from when that can be told, else the nearest
  /// nanosecond.
  ///
  /// A `Date` holds about 0.12 µs at today's dates (a `Double` of seconds since 2001), so a
  /// date made from an instant (``now``, a callback's date, `now + 600`) comes back tens of
  /// nanoseconds off, and a workout begun at `simulation.now` would begin after virtual now
  /// (losing its first sample span). So, in this order, the first instant whose own date is
  /// exactly `date` is taken: `near` (virtual now, where the caller holds it), an instant a
  /// whole number of microseconds from `near`, the nearest whole microsecond since `t = 0`;
  /// else the nearest nanosecond (docs/swift-api.md#the-wall-clock-rule).
  package func instant(of date: Date, near: SimulationInstant? = nil) -> SimulationInstant {
    let seconds = date.timeIntervalSince(startDate)
    var candidates: [SimulationInstant] = []
    if let near {
      candidates.append(near)
      let offset = (date.timeIntervalSince(self.date(of: near)) * 1e6).rounded()
      if offset.magnitude < 1e12 {
        candidates.append(near.advanced(by: .microseconds(Int64(offset))))
      }
    }
    if seconds.magnitude < 1e9 {
      candidates.append(SimulationInstant(nanoseconds: Int64((seconds * 1e6).rounded()) * 1000))
    }
    for candidate in candidates where self.date(of: candidate) == date { return candidate }
    return .rounding(seconds: seconds)
  }
}

/// Objects the app made that do nothing until it hands them on (an `HKQuery` until
/// `HKHealthStore.execute(_:)`), and that it has not handed on yet (project rule,
/// docs/swift-api.md#nothing-silent: a continuation whose query is never executed waits for
/// ever, and a stall says so first; one with a handler the app set and never handed on is a
/// warning when the outermost `run` returns,
/// ``AppSimulation/Report/Kind-swift.enum/neverExecuted``).
///
/// The table holds only what can still be reported: an entry goes when its object is handed
/// on (``used(_:)``), when the object is released (``released(_:)``) without a handler of the
/// app's or after the warning named it, and when a warning or a stall names an object already
/// released (a project rule: an app that makes a query a minute for a simulated year, and
/// drops each one, must not grow the table; docs/swift-api.md#nothing-silent). So it holds
/// the live objects not handed on, and the released ones with a handler not named yet.
package struct UnusedObjects: Sendable {
  /// One object not handed on yet.
  struct Entry: Sendable {
    /// What a stall says about it (`an HKStatisticsQuery of HKQuantityTypeIdentifierStepCount
    /// was made but never passed to ...`).
    let clause: String
    /// What to write instead, after the clause in the end-of-run warning.
    let advice: String
    /// Whether a handler of the app's is set on it: only such an object is warned about (one
    /// made without a handler and dropped leaves nothing of the app's waiting).
    var armed: Bool
    /// Whether the end-of-run warning, or a stall, has named it already.
    var named = false
    /// Whether the object was released (the app can no longer hand it on or arm it).
    var released = false
  }

  /// By number, in the order made.
  private var waiting: [Int: Entry] = [:]
  /// The next number.
  private var next = 0

  package init() {}

  /// How many objects the table holds (for tests: it stays bounded by what can still be
  /// reported).
  package var count: Int { waiting.count }

  /// Notes an object made with `clause` as its stall clause and `advice` after it in the
  /// end-of-run warning, `armed` when a handler of the app's is already set on it; returns its
  /// number for ``used(_:)``, ``arm(_:)`` and ``released(_:)``.
  package mutating func made(_ clause: String, advice: String, armed: Bool) -> Int {
    next += 1
    waiting[next] = Entry(clause: clause, advice: advice, armed: armed)
    return next
  }

  /// A handler of the app's was set on the object numbered `number`.
  package mutating func arm(_ number: Int) {
    waiting[number]?.armed = true
  }

  /// The object numbered `number` was handed on.
  package mutating func used(_ number: Int) {
    waiting[number] = nil
  }

  /// The object numbered `number` was released without being handed on: its entry goes unless
  /// it holds a handler of the app's that no warning or stall has named yet (the end-of-run
  /// warning still names it, then drops it).
  package mutating func released(_ number: Int) {
    guard let entry = waiting[number] else { return }
    if entry.armed && !entry.named {
      waiting[number]?.released = true
    } else {
      waiting[number] = nil
    }
  }

  /// The clauses in the order the objects were made.
  package var clauses: [String] { waiting.sorted { $0.key < $1.key }.map(\.value.clause) }

  /// The warnings (clause and advice) of the armed objects no warning or stall named yet, in the
  /// order made; marks them named, and drops those already released. With `stalled`, the run's
  /// stall named them all: marks them (dropping the released ones) and returns nothing.
  mutating func takeWarnings(stalled: Bool) -> [String] {
    var warnings: [String] = []
    for number in waiting.keys.sorted() where waiting[number]?.named == false {
      guard let entry = waiting[number] else { continue }
      guard stalled || entry.armed else { continue }
      if !stalled { warnings.append(entry.clause + "; " + entry.advice) }
      if entry.released {
        waiting[number] = nil
      } else {
        waiting[number]?.named = true
      }
    }
    return warnings
  }
}
