import Foundation
import Synchronization

#if compiler(>=6.3)
  @_spi(ExperimentalScheduling) import _Concurrency
#endif

/// The simulation's serial lane: one thread of its own that runs, one at a time and in the order
/// they arrive, the jobs of every task that prefers it (the body of
/// ``AppSimulation/run(isolation:_:)``, its child tasks and `async let`s, and every
/// nonisolated async function they call) and the delivery of the callbacks the simulated
/// frameworks owe the app.
///
/// Because the simulation owns it, it knows when it is idle (nothing queued, nothing running):
/// `advance` waits for that before virtual time moves past an instant, so app code the
/// simulation resumed at an instant runs there until it suspends again
/// (docs/swift-api.md#time-and-callbacks). Jobs the simulation's own code sends to Swift's
/// global executor run here too (``ResumeRedirect``); other work on executors it does not own
/// (the main actor, other actors, Dispatch queues) is not seen here.
///
/// A `TaskExecutor` (SE-0417, https://developer.apple.com/documentation/swift/taskexecutor)
/// that runs one job at a time.
/// `@unchecked Sendable`: every variable is read and written under `condition`.
package final class SimulationExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  /// One unit of work.
  private enum Work {
    /// A task's job.
    case job(UnownedJob)
    /// A delivery of the callback lane (``laneHandler``).
    case lane
  }

  /// Work not yet run, in arrival order: `queue[head...]`.
  private var queue: [Work] = []
  private var head = 0
  /// How many units of work are queued, `queue.count - head`, written under `condition`
  /// whenever either changes and read without it by the lane's own thread
  /// (``isIdleButForCaller``, on the path of every instant).
  private let queued = Atomic<Int>(0)
  /// Set when a waiter of ``waitUntilIdle()`` or the close arrives, so that
  /// ``awaitWorkBriefly()`` stops looking at once (read without `condition`).
  private let nudged = Atomic<Bool>(false)
  /// Whether a ``Work/lane`` item is queued.
  private var laneQueued = false
  /// The number of the lane delivery deferred until the main queue's current item ends
  /// (``deferLaneDelivery()``), or `nil`.
  private var laneDeferral: Int?
  /// How many lane deliveries were deferred.
  private var deferrals = 0
  /// When the deferred delivery (``laneDeferral``) is queued anyway, should the main queue's
  /// item not have ended (``deferredLaneFallback`` after it was deferred).
  private var laneDeferralDeadline = DispatchTime.now()
  /// Whether the fallback (``fallBackOnDeferral()``) is scheduled: one at a time, however
  /// many deliveries are deferred before it runs.
  private var fallbackScheduled = false
  /// Whether the thread is running a unit of work.
  private var running = false
  /// Callers of ``waitUntilIdle()`` waiting for the lane to empty.
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// The thread, once started; `nil` after it ended (it starts again on new work).
  private var thread: pthread_t?
  private var started = false
  /// Set when the simulation is gone: the thread ends once nothing is queued.
  private var closed = false

  /// Delivers the callback lane (the simulation's delivery loop), on this thread.
  private var laneHandler: (@Sendable () -> Void)?
  /// The stall watch: after `stallDelay` of wall-clock time with nothing queued and nothing
  /// running while `watching()` says the app is waiting (the mark of its progress; `nil`: it
  /// does not wait), `stalled(_:)` is called once (until work arrives again), with what the
  /// watch saw of the app's real-time sleeps (``RealTimeSleeps``).
  private var stallDelay: Duration = .seconds(30)
  private var watching: (@Sendable () -> [Int64]?)?
  private var stalled: (@Sendable (RealTimeSleeps) -> Void)?
  private var stallReported = false
  /// Set when a run's body was cancelled: the watch waits at most ``hurriedStallDelay``.
  private var hurried = false
  /// How long the watch waits once a run's body was cancelled (when `stallDelay` is longer).
  private static let hurriedStallDelay: Duration = .milliseconds(100)
  /// The exit watch (``armExitWatch()``): once a stall has cancelled a run's body, the wall-clock
  /// time the body may go on waiting, counted as the stall window is (``watchWindow(_:counted:)``),
  /// before `abandoned()` is called (it ends the process); `nil` keeps waiting.
  private var exitDelay: Duration? = SimulationExecutor.defaultExitDelay(
    ProcessInfo.processInfo.environment)

  /// The exit watch's delay a new simulation starts with: 10 s, or `nil` (keep waiting) when
  /// the environment variable `WORKOUT_SIM_STALL_EXIT` is `off` (a project rule,
  /// docs/swift-api.md#a-run-that-cannot-end: a test debugged under a debugger, whose process
  /// must stay, without a change to its code).
  package static func defaultExitDelay(_ environment: [String: String]) -> Duration? {
    environment["WORKOUT_SIM_STALL_EXIT"] == "off" ? nil : .seconds(10)
  }
  private var stuck: (@Sendable () -> Bool)?
  private var abandoned: (@Sendable () -> Void)?
  /// Whether the exit watch is armed, and the time it has counted since it was.
  private var exitArmed = false
  private var exitCounted: Duration = .zero
  /// The responsiveness probes (``watchSlice(_:)``) of the current slice still to run, and the
  /// slice's number (a late probe of an earlier slice counts for nothing).
  private var probesPending = 0
  private var probeRound = 0
  /// How long a queue must have run none of the probes for the watch to take it as blocked for
  /// good (``watchWindow(_:counted:)``), when the window is shorter: a slow machine's queues run late,
  /// not never.
  private static let blockedAfter: Duration = .seconds(10)
  /// When a probe (of any slice) last ran on the main queue and on Swift's global executor.
  private var mainProbeRan: ContinuousClock.Instant?
  private var globalProbeRan: ContinuousClock.Instant?
  /// ``globalJobsStarted`` as a starved slice of the current window last read it, and when the
  /// window saw it change (a job of Swift's global executor started somewhere in the process).
  private var globalJobsRead = 0
  private var globalJobsMoved: ContinuousClock.Instant?
  /// ``mainQueueItemsRan`` as a starved slice of the current window last read it, and when the
  /// window saw it change.
  private var mainItemsRead = 0
  private var mainItemsMoved: ContinuousClock.Instant?

  /// Items that ran on the main queue anywhere in the process, as far as the simulation sees
  /// them: every stall watch's probe there, every main-actor turn and lane deferral of every
  /// simulation, and every hop to the main actor made by code running on it (the
  /// main-executor hook, ``ResumeRedirect/mainHookInstalled``). While it grows, the main queue
  /// is slow (a backlog ahead of this lane's probe), not held (``isBlocked(_:now:delay:)``).
  package static let mainQueueItemsRan = Atomic<Int>(0)

  /// Jobs that started on Swift's global executor's threads anywhere in the process, as far as
  /// the simulation sees them: every stall watch's probe of that executor, and every job that
  /// names no simulation while a run is in progress (``UnseenWork``). While it grows, the
  /// executor is slow, not held (``isBlocked(_:now:delay:)``).
  package static let globalJobsStarted = Atomic<Int>(0)
  /// The longest slice of a stall window (``watchWindow(_:counted:)``): its probes must run within it
  /// for the slice to count toward the window.
  private static let responsiveWithin: Duration = .seconds(1)
  /// The quiet wait that opens a stall window, before the look at whether the app waits and
  /// the window's first probes (``watchWindow(_:counted:)``): a stall is reported at most this much
  /// later than `stallDelay`.
  private static let probeGrace: Duration = .milliseconds(2)

  /// Main-actor work this simulation's code queued (``MainActorWork``).
  package let mainActorWork = MainActorWork()

  /// The app's sleeps on a real-time clock made by tasks that prefer this executor
  /// (``enqueueSleep(_:after:clock:)``): how many began, how many woke, and the latest.
  private var sleepsBegun = 0
  private var sleepWakes = 0
  private var latestSleep: RealTimeSleep?
  /// The time a stall window counted before it was ended by work on the lane, carried to the
  /// next window while the app polls a real-time clock (``PollCarry``), or `nil`.
  private var pollCarry: PollCarry?

  /// A stall window's count carried across the lane's work of a poll (a project rule,
  /// docs/swift-api.md#nothing-silent): the next window goes on from `counted` when it begins
  /// with the same mark of the app's progress and a real-time sleep of the app began or woke
  /// between the two windows' beginnings (`sleepEvents`, ``sleepsBegun`` plus ``sleepWakes``,
  /// differs); else it starts from zero, as every window did before.
  ///
  /// `countBegan` is the `sleepEvents` of the first window the count began in: a stall whose
  /// count saw such a sleep begin or wake after it is a poll (``RealTimeSleeps/polled``).
  private struct PollCarry {
    var counted: Duration
    var mark: [Int64]
    var sleepEvents: Int
    var countBegan: Int
  }

  package init() {
    // The redirect of continuations the lane's callbacks resume, and the count of main-actor
    // work (once per process).
    _ = ResumeRedirect.installed
    _ = ResumeRedirect.mainHookInstalled
  }

  /// Sets what the lane item and the stall watch call (once, by the simulation that owns this):
  /// `watching`, the mark of the app's progress while it waits on the simulation (`nil` when
  /// it does not: a step of time, a delivery pending, no `run`), which changes whenever the
  /// app makes progress the simulation sees; `stalled`, the report of a stall.
  package func configure(
    lane: @escaping @Sendable () -> Void, watching: @escaping @Sendable () -> [Int64]?,
    stalled: @escaping @Sendable (RealTimeSleeps) -> Void
  ) {
    condition.lock()
    laneHandler = lane
    self.watching = watching
    self.stalled = stalled
    condition.unlock()
  }

  /// Sets what the exit watch asks and calls (once, by the simulation that owns this): `stuck`,
  /// whether a body a stall cancelled still waits; `abandoned`, called when it has waited
  /// ``stuckExitDelay`` after the stall (``armExitWatch()``).
  package func configureExitWatch(
    stuck: @escaping @Sendable () -> Bool, abandoned: @escaping @Sendable () -> Void
  ) {
    condition.lock()
    self.stuck = stuck
    self.abandoned = abandoned
    condition.unlock()
  }

  /// How long a run's body a stall cancelled may go on waiting, counted as the stall window is,
  /// before the exit watch calls `abandoned` (``configureExitWatch(stuck:abandoned:)``); `nil`
  /// keeps waiting.
  package var stuckExitDelay: Duration? {
    get {
      condition.lock()
      defer { condition.unlock() }
      return exitDelay
    }
    set {
      condition.lock()
      exitDelay = newValue
      condition.signal()
      condition.unlock()
    }
  }

  /// A stall cancelled a run's body: the exit watch counts, from now, the time the lane is idle
  /// while the process could run the app's code (as the stall window counts it), while `stuck`
  /// says a cancelled body still waits, and calls `abandoned` once it has counted
  /// ``stuckExitDelay``. Armed again while armed (a new stall, of another run, before the
  /// watch found the first body ended), it counts from zero again: each stalled body gets its
  /// whole delay.
  package func armExitWatch() {
    condition.lock()
    exitArmed = true
    exitCounted = .zero
    condition.signal()
    condition.unlock()
  }

  /// How long the lane must be idle, the app waiting, before the stall is reported.
  package var stallReportDelay: Duration {
    get {
      condition.lock()
      defer { condition.unlock() }
      return stallDelay
    }
    set {
      condition.lock()
      stallDelay = newValue
      condition.signal()
      condition.unlock()
    }
  }

  // MARK: - Executor

  package func enqueue(_ job: consuming ExecutorJob) {
    enqueue(unowned: UnownedJob(job))
  }

  /// Queues `job` behind the work already queued (a task's job, or one redirected from the
  /// global executor: ``ResumeRedirect``).
  package func enqueue(unowned job: UnownedJob) {
    condition.lock()
    queue.append(.job(job))
    queued.add(1, ordering: .releasing)
    wake()
    condition.unlock()
  }

  // MARK: - The lane

  /// Queues a delivery of the callback lane behind the work already queued (once: a queued
  /// delivery takes everything the lane holds when it runs).
  ///
  /// Asked from the main queue (app code on the main actor calling a framework), the delivery
  /// is queued once the main queue's current item has ended (``deferLaneDelivery()``), so that
  /// what that code does after the call in the same synchronous stretch (setting the session's
  /// delegate after `startActivity(with:)`, storing the query it just executed) is done before
  /// any callback of the call runs: the same outcome on every run, as on a device, where the
  /// answer comes from another process (docs/swift-api.md#time-and-callbacks).
  package func requestLaneDelivery() {
    if Self.isOnMainQueue {
      deferLaneDelivery()
      return
    }
    condition.lock()
    queueLaneDelivery()
    condition.unlock()
  }

  /// Queues a ``Work/lane`` item unless one is queued; called with `condition` locked.
  private func queueLaneDelivery() {
    guard !laneQueued else { return }
    laneQueued = true
    queue.append(.lane)
    queued.add(1, ordering: .releasing)
    wake()
  }

  /// Queues the lane's delivery from the main queue, behind the item running there now, unless
  /// one is already on its way; and, should the main queue's item not end within
  /// ``deferredLaneFallback`` (app code blocking the main thread until a callback comes, which
  /// works on a device), from a global queue then (``fallBackOnDeferral()``).
  private func deferLaneDelivery() {
    condition.lock()
    let deferral: Int?
    var schedule: DispatchTime?
    if laneQueued || laneDeferral != nil {
      deferral = nil
    } else {
      deferrals += 1
      laneDeferral = deferrals
      deferral = deferrals
      laneDeferralDeadline = .now() + Self.deferredLaneFallback
      if !fallbackScheduled {
        fallbackScheduled = true
        schedule = laneDeferralDeadline
      }
    }
    condition.unlock()
    guard let deferral else { return }
    DispatchQueue.main.async { self.endLaneDeferral(deferral) }
    // One timer at a time rather than one per deferral: each timer scheduled wakes Dispatch's
    // manager thread, and an app on the main actor defers at most of its calls.
    if let schedule { scheduleFallback(at: schedule) }
  }

  /// Schedules ``fallBackOnDeferral()`` at `deadline`.
  private func scheduleFallback(at deadline: DispatchTime) {
    DispatchQueue.global().asyncAfter(deadline: deadline) { self.fallBackOnDeferral() }
  }

  /// The fallback of ``deferLaneDelivery()``: queues the deferred delivery whose
  /// ``deferredLaneFallback`` has passed; one deferred later (the earlier one ended on the
  /// main queue) is looked at again at its own deadline; with none, the fallback ends.
  private func fallBackOnDeferral() {
    condition.lock()
    var again: DispatchTime?
    if laneDeferral != nil {
      if DispatchTime.now() >= laneDeferralDeadline {
        laneDeferral = nil
        queueLaneDelivery()
      } else {
        again = laneDeferralDeadline
      }
    }
    fallbackScheduled = again != nil
    condition.unlock()
    if let again { scheduleFallback(at: again) }
  }

  /// Queues the delivery deferred as `deferral` (``deferLaneDelivery()``), once: from the main
  /// queue, once its item ended.
  private func endLaneDeferral(_ deferral: Int) {
    Self.mainQueueItemsRan.add(1, ordering: .relaxed)
    condition.lock()
    if laneDeferral == deferral {
      laneDeferral = nil
      queueLaneDelivery()
    }
    condition.unlock()
  }

  /// How long a lane delivery asked from the main queue waits for the main queue's current item
  /// to end before it is queued anyway: 1 s.
  private static let deferredLaneFallback: DispatchTimeInterval = .seconds(1)

  /// Marks the main queue, so that ``isOnMainQueue`` can tell it apart (the main actor's code
  /// runs on it, on whichever thread drains it).
  package static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs an item of the main queue (the main actor's code).
  package static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

  /// Whether the caller runs on this executor's thread.
  package var isCurrent: Bool {
    condition.lock()
    defer { condition.unlock() }
    return onThread
  }

  private var onThread: Bool {
    guard let thread else { return false }
    return pthread_equal(thread, pthread_self()) != 0
  }

  /// Returns when nothing is queued and nothing but the caller runs: every task on the lane
  /// has run until it suspended (or finished). The caller, when it runs on the lane, is not
  /// waited for (the fast path: it returns at once when nothing else is queued).
  package func waitUntilIdle() async {
    if isIdle(exceptCaller: true) { return }
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      condition.lock()
      // Off the lane: idle already. On it: the caller's job ends when it suspends here, and
      // the thread resumes the waiter once the rest has run.
      if head == queue.count && !running {
        condition.unlock()
        waiter.resume()
        return
      }
      idleWaiters.append(waiter)
      nudged.store(true, ordering: .releasing)
      wake()
      condition.unlock()
    }
  }

  /// A run's body was cancelled (a test's time limit, a stall's cancellation): the stall watch
  /// waits at most 100 ms from now on, so that a body that still waits on nothing is reported
  /// at once, and it looks again now even when it had stopped watching: a cancellation that
  /// comes after the stall's window (the run's canceller task ran late, on a loaded machine)
  /// still gets its window (the simulation does not report the same stall again).
  package func hurryStallWatch() {
    condition.lock()
    hurried = true
    stallReported = false
    condition.signal()
    condition.unlock()
  }

  /// The wall-clock time the stall watch waits now (``stallReportDelay``, or less once a run's
  /// body was cancelled).
  package var currentStallDelay: Duration {
    condition.lock()
    defer { condition.unlock() }
    return hurried ? min(stallDelay, Self.hurriedStallDelay) : stallDelay
  }

  /// Looks again at whether the app waits (a `run` began, an `advance` ended): the stall watch
  /// starts over. `runBegan`: a `run` began with no other run of this simulation in progress,
  /// so the hurry of an earlier run's cancellation (``hurryStallWatch()``) ends: the new body
  /// gets the whole ``stallReportDelay``.
  package func watchAgain(runBegan: Bool = false) {
    condition.lock()
    stallReported = false
    if runBegan { hurried = false }
    if started { condition.signal() } else { wake() }
    condition.unlock()
  }

  /// Whether nothing is queued and nothing but the caller runs: ``waitUntilIdle()`` would
  /// return at once (asked without a call, on the path of every instant). Asked on the lane's
  /// own thread (an `advance` stepping inside `run`), what runs is the caller, so it is
  /// whether nothing is queued, read without taking `condition`.
  package var isIdleButForCaller: Bool {
    if pthread_getspecific(Self.laneThreadKey) == Unmanaged.passUnretained(self).toOpaque() {
      return queued.load(ordering: .acquiring) == 0
    }
    return isIdle(exceptCaller: true)
  }

  /// The executor whose thread the current thread is (set by its loop only, unlike
  /// `ResumeRedirect.key`, which a delivery loop on another thread sets for its callbacks).
  private static let laneThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Whether nothing is queued and nothing runs (but the caller, when `exceptCaller` and it
  /// runs on the lane).
  private func isIdle(exceptCaller: Bool) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return head == queue.count && (!running || (exceptCaller && onThread))
  }

  /// The simulation is gone: the thread ends once nothing is queued.
  package func close() {
    condition.lock()
    closed = true
    nudged.store(true, ordering: .releasing)
    condition.signal()
    condition.unlock()
  }

  /// Starts the thread when it is not running, and wakes it (under `condition`).
  private func wake() {
    stallReported = false
    if !started {
      started = true
      // The thread holds the executor until it ends.
      let detached = Thread { [self] in self.loop() }
      detached.name = "workout-sim simulation lane"
      detached.stackSize = 8 << 20
      detached.start()
    }
    condition.signal()
  }

  /// The thread's loop: runs the queue; when it is empty, resumes the idle waiters, then
  /// sleeps until work arrives (or, while the app waits on the simulation, until the stall
  /// delay has passed).
  private func loop() {
    // Jobs this thread's code sends to the global executor (a continuation it resumes, a
    // nonisolated `Task { }` it starts) come to the lane (``ResumeRedirect``). The thread
    // holds `self` until it ends.
    pthread_setspecific(ResumeRedirect.key, Unmanaged.passUnretained(self).toOpaque())
    pthread_setspecific(Self.laneThreadKey, Unmanaged.passUnretained(self).toOpaque())
    defer {
      pthread_setspecific(ResumeRedirect.key, nil)
      pthread_setspecific(Self.laneThreadKey, nil)
    }
    condition.lock()
    thread = pthread_self()
    while true {
      if head < queue.count {
        let work = queue[head]
        head += 1
        queued.subtract(1, ordering: .releasing)
        // A lane that never empties (a task polling with `Task.yield()`) must not grow the
        // queue without bound: drop the run part now and then.
        if head >= 1024 && head * 2 >= queue.count {
          queue.removeFirst(head)
          head = 0
        }
        if case .lane = work { laneQueued = false }
        running = true
        let lane = laneHandler
        condition.unlock()
        switch work {
        case .job(let job):
          // As the task's executor, not an actor's: nonisolated code runs here without a hop.
          job.runSynchronously(on: asUnownedTaskExecutor())
        case .lane:
          lane?()
        }
        condition.lock()
        running = false
        continue
      }
      queue.removeAll(keepingCapacity: true)
      head = 0
      if !idleWaiters.isEmpty {
        let waiters = idleWaiters
        idleWaiters = []
        condition.unlock()
        for waiter in waiters { waiter.resume() }
        condition.lock()
        continue
      }
      if closed {
        thread = nil
        started = false
        condition.unlock()
        return
      }
      // Work that comes back within microseconds (the lane's hop to the main actor and back
      // at the end of every async call) is taken without sleeping.
      if awaitWorkBriefly() { continue }
      if !stallReported, let watching, let stalled {
        // The quiet wait that opens a stall window comes before the look at whether the app
        // waits (``watchWindow(_:counted:countsPartialSlice:)``): the lane empties for a moment
        // at every hop of an async call, and the look takes the simulation's lock, which the
        // hop's other side holds often then; work that comes back within the wait needs no
        // look. Not while a real-time sleep of the app's is pending: its wake-up is what ends
        // the window, and a poll's come every few milliseconds (``PollCarry``).
        if sleepsBegun == sleepWakes {
          guard !condition.wait(until: Date().addingTimeInterval(Self.seconds(Self.probeGrace))),
            head == queue.count, idleWaiters.isEmpty, !closed
          else { continue }
        }
        let delay = hurried ? min(stallDelay, Self.hurriedStallDelay) : stallDelay
        let sleepEvents = sleepsBegun &+ sleepWakes
        condition.unlock()
        let mark = watching()
        condition.lock()
        // Work, a waiter or the close may have come while the lock was let go: look again.
        guard head == queue.count, idleWaiters.isEmpty, !closed else { continue }
        if let mark {
          var counted: Duration = .zero
          var countBegan = sleepEvents
          // A poll: the window goes on from the last one's count (``PollCarry``).
          if let carry = pollCarry, carry.mark == mark, carry.sleepEvents != sleepEvents {
            counted = carry.counted
            countBegan = carry.countBegan
          }
          pollCarry = nil
          switch watchWindow(delay, counted: &counted, countsPartialSlice: true) {
          case .lookAgain:
            pollCarry = PollCarry(
              counted: counted, mark: mark, sleepEvents: sleepEvents, countBegan: countBegan)
            continue
          case .stalled:
            stallReported = true
            let sleeps = RealTimeSleeps(
              latest: latestSleep, pending: sleepsBegun &- sleepWakes,
              polled: sleepsBegun &+ sleepWakes != countBegan)
            condition.unlock()
            if watching() != nil { stalled(sleeps) }
            condition.lock()
          }
          continue
        }
        // Not watched now: sleep until work comes (a `run` or the end of an `advance` wakes
        // the watch again, ``watchAgain()``).
        pollCarry = nil
        stallReported = true
      }
      if exitArmed, let exitDelay, let stuck, let abandoned {
        condition.unlock()
        let waits = stuck()
        condition.lock()
        // Work, a waiter or the close may have come while the lock was let go: look again.
        guard head == queue.count, idleWaiters.isEmpty, !closed else { continue }
        if !waits {
          exitArmed = false
          exitCounted = .zero
          continue
        }
        switch watchWindow(exitDelay, counted: &exitCounted, countsPartialSlice: false) {
        case .lookAgain:
          continue
        case .stalled:
          exitArmed = false
          condition.unlock()
          if stuck() { abandoned() }
          condition.lock()
          continue
        }
      }
      if head == queue.count && idleWaiters.isEmpty && !closed { condition.wait() }
    }
  }

  /// Looks for queued work, the lock let go, for at most ``briefWait`` before the thread
  /// sleeps on `condition`, yielding its core between looks; returns whether work, a waiter of
  /// ``waitUntilIdle()`` or the close came (``nudged``). Called and returning with `condition`
  /// locked. A sleep costs the thread that queues the next work a futex call and this thread a
  /// wake-up, on the path of every hop to the lane: an async framework call's start, and its
  /// return from the main actor's turn (`MainActor.run`), which comes back within
  /// microseconds. Scheduling only: what runs, and in which order, is the same.
  private func awaitWorkBriefly() -> Bool {
    nudged.store(false, ordering: .relaxed)
    condition.unlock()
    defer { condition.lock() }
    let deadline = ContinuousClock.now.advanced(by: Self.briefWait)
    while queued.load(ordering: .acquiring) == 0 && !nudged.load(ordering: .acquiring) {
      if ContinuousClock.now >= deadline { return false }
      sched_yield()
    }
    return true
  }

  /// How long ``awaitWorkBriefly()`` looks for work before the thread sleeps.
  private static let briefWait: Duration = .microseconds(50)

  /// How a stall window (``watchWindow(_:counted:)``) ended.
  private enum WindowEnd {
    /// The thread was signalled during the window (``SliceEnd/lookAgain``).
    case lookAgain
    /// The app waited the whole window while the process was free to run its code.
    case stalled
  }

  /// What one slice of a stall window (``watchSlice(_:)``) found.
  private enum SliceEnd {
    /// The thread was signalled during the slice (work, a waiter, the close, a hurry, a new
    /// watch): the window ends and the loop looks again. `elapsed`: the wall-clock time from
    /// the slice's beginning to the signal when both its probes had run by then, else `nil`.
    case lookAgain(elapsed: Duration?)
    /// Both probes of the slice ran within it (within ``responsiveWithin`` of being sent, for a
    /// shorter slice): the process could run the app's code.
    case responsive
    /// A probe of the slice had not run by its end: the process was too busy (a loaded
    /// machine, another test holding the main thread or every worker thread).
    case starved
  }

  /// Waits out a stall window of `delay` under `condition`, in slices of at most
  /// ``responsiveWithin``. A project rule (docs/swift-api.md#nothing-silent): a stall is the app
  /// waiting on nothing while the process could run its code, so only slices in which the
  /// probes ran count toward `delay` (a test starved of threads for a while, then given them
  /// back, must not be reported for the time it could not run: its next step may be several
  /// hops away, on the main actor and on Swift's global executor). A busy process is waited
  /// for; a blocked one is not: once twice `delay` of wall-clock time has passed since the
  /// window began, a queue with no sign of life for `delay` (at least ``blockedAfter``: a
  /// thread held for good; neither its probes nor any other item of the process seen running
  /// there, ``isBlocked(_:now:delay:)``) gets the stall reported all the same, never a silent
  /// hang.
  ///
  /// The window is opened by a quiet wait of ``probeGrace`` without probes, not counted toward
  /// `delay`, which the loop makes before it asks whether the app waits (`watching()`): the
  /// lane empties for a moment at every hop of an async call (its next job is on the main actor
  /// or comes back from another thread within microseconds), and sending the two probes there
  /// cost two thread wake-ups per hop for a window that ends at once.
  ///
  /// `counted` is the time counted so far: a window signalled before its end (``WindowEnd/lookAgain``)
  /// leaves there what it counted, so the exit watch (``armExitWatch()``) goes on from it, and
  /// so does the stall watch's next window while the app polls a real-time clock
  /// (``PollCarry``). With `countsPartialSlice`, the signalled slice counts too, up to the
  /// signal, when both its probes had run by then (a poll's wake-up every 20 ms ends every
  /// slice).
  private func watchWindow(
    _ delay: Duration, counted: inout Duration, countsPartialSlice: Bool
  ) -> WindowEnd {
    let began = ContinuousClock.now
    globalJobsRead = Self.globalJobsStarted.load(ordering: .relaxed)
    globalJobsMoved = nil
    mainItemsRead = Self.mainQueueItemsRan.load(ordering: .relaxed)
    mainItemsMoved = nil
    while counted < delay {
      let slice = min(Self.responsiveWithin, delay - counted)
      switch watchSlice(slice) {
      case .lookAgain(let elapsed):
        if countsPartialSlice, let elapsed { counted += min(elapsed, slice) }
        return .lookAgain
      case .responsive:
        counted += slice
      case .starved:
        // Slow is waited for; blocked is not: a queue with no sign of life (its probes, or any
        // other item of the process seen running there) for `blockedAfter`.
        let now = ContinuousClock.now
        let jobs = Self.globalJobsStarted.load(ordering: .relaxed)
        if jobs != globalJobsRead {
          globalJobsRead = jobs
          globalJobsMoved = now
        }
        let items = Self.mainQueueItemsRan.load(ordering: .relaxed)
        if items != mainItemsRead {
          mainItemsRead = items
          mainItemsMoved = now
        }
        let signs = QueueSigns(
          windowBegan: began, mainProbeRan: mainProbeRan, mainItemRan: mainItemsMoved,
          globalProbeRan: globalProbeRan, globalJobStarted: globalJobsMoved)
        if Self.isBlocked(signs, now: now, delay: delay) {
          return .stalled
        }
      }
    }
    return .stalled
  }

  /// One slice of a stall window: sends one empty item to the main queue (the main actor's
  /// executor) and one task to Swift's global executor (past the redirects: its threads, as
  /// many as the machine has cores on Linux, are shared with every test of the process, and
  /// tests that block them, say on a child process's output, hold up the app's hops), then
  /// waits under `condition` until `slice` has passed or the thread is signalled.
  private func watchSlice(_ slice: Duration) -> SliceEnd {
    probeRound &+= 1
    probesPending = 2
    let round = probeRound
    DispatchQueue.main.async { [self] in
      Self.mainQueueItemsRan.add(1, ordering: .relaxed)
      condition.lock()
      if probeRound == round { probesPending -= 1 }
      mainProbeRan = .now
      condition.unlock()
    }
    ResumeRedirect.bypassing {
      Task.detached { [self] in globalProbeAnswered(round: round) }
    }
    let sent = Date()
    let began = ContinuousClock.now
    // Signalled (work, a waiter, the close, a hurry or a new watch): the loop looks again.
    guard !condition.wait(until: sent.addingTimeInterval(Self.seconds(slice))) else {
      return .lookAgain(elapsed: probesPending == 0 ? ContinuousClock.now - began : nil)
    }
    if head < queue.count || !idleWaiters.isEmpty || closed {
      return .lookAgain(elapsed: probesPending == 0 ? slice : nil)
    }
    // A slice shorter than ``responsiveWithin`` (a short window) gives its probes that long.
    if probesPending > 0 && slice < Self.responsiveWithin {
      let limit = sent.addingTimeInterval(Self.seconds(Self.responsiveWithin))
      guard !condition.wait(until: limit) else {
        return .lookAgain(elapsed: probesPending == 0 ? slice : nil)
      }
    }
    return probesPending == 0 ? .responsive : .starved
  }

  /// `duration` in seconds.
  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  /// The global executor's probe of slice `round` ran (``watchSlice(_:)``).
  private func globalProbeAnswered(round: Int) {
    Self.globalJobsStarted.add(1, ordering: .relaxed)
    condition.lock()
    if probeRound == round { probesPending -= 1 }
    globalProbeRan = .now
    condition.unlock()
  }
}

// MARK: - Blocked queues

extension SimulationExecutor {
  /// The last signs of life of the two queues a stall window probes, as the window saw them at
  /// the end of a slice whose probes had not all run (``isBlocked(_:now:delay:)``).
  package struct QueueSigns: Sendable, Equatable {
    /// When the window began.
    package var windowBegan: ContinuousClock.Instant
    /// When a probe of this lane last ran on the main queue, and on Swift's global executor
    /// (`nil`: never).
    package var mainProbeRan: ContinuousClock.Instant?
    package var globalProbeRan: ContinuousClock.Instant?
    /// When the window last saw an item run on the main queue anywhere in the process
    /// (``mainQueueItemsRan`` changed; `nil`: not in this window).
    package var mainItemRan: ContinuousClock.Instant?
    /// When the window last saw a job start on Swift's global executor anywhere in the process
    /// (``globalJobsStarted`` changed; `nil`: not in this window).
    package var globalJobStarted: ContinuousClock.Instant?

    package init(
      windowBegan: ContinuousClock.Instant, mainProbeRan: ContinuousClock.Instant?,
      mainItemRan: ContinuousClock.Instant?, globalProbeRan: ContinuousClock.Instant?,
      globalJobStarted: ContinuousClock.Instant?
    ) {
      self.windowBegan = windowBegan
      self.mainProbeRan = mainProbeRan
      self.mainItemRan = mainItemRan
      self.globalProbeRan = globalProbeRan
      self.globalJobStarted = globalJobStarted
    }
  }

  /// Whether a stall window of `delay` whose slices go uncounted (their probes do not run in
  /// time) is to be reported all the same at `now`, as a queue held for good rather than a
  /// slow one (a project rule, docs/swift-api.md#nothing-silent): twice `delay` after the window
  /// began, a queue with no sign of life for `delay` (at least ``blockedAfter``). A queue's
  /// sign is this lane's probe having run there, or another item of the process running there:
  /// on the main queue, any item the simulation sees run (a probe, a turn or a hop to the main
  /// actor of any simulation or test); on Swift's global executor, any job starting. A probe
  /// held up behind a crowd of other work, on a loaded machine, tells nothing of a hold: items
  /// that keep running show the queue slow, not held (the main thread held for good by code
  /// that waits runs none). A sign from before the window counts as the window's beginning.
  package static func isBlocked(_ signs: QueueSigns, now: ContinuousClock.Instant, delay: Duration)
    -> Bool
  {
    let began = signs.windowBegan
    guard now - began >= delay * 2 else { return false }
    let main = max(signs.mainProbeRan ?? began, signs.mainItemRan ?? began, began)
    let global = max(signs.globalProbeRan ?? began, signs.globalJobStarted ?? began, began)
    return now - min(main, global) >= max(delay, blockedAfter)
  }
}

// MARK: - Real-time sleeps

extension SimulationExecutor {
  /// A sleep of the app's code on a real-time clock (``enqueueSleep(_:after:clock:)``).
  package struct RealTimeSleep: Sendable, Equatable {
    /// The clock's type: `ContinuousClock` (`Task.sleep(for:)`, `Task.sleep(nanoseconds:)`,
    /// `ContinuousClock().sleep(for:)`), `SuspendingClock`.
    package var clock: String
    /// How long it sleeps: from the clock's `now` when it began to the instant it sleeps until.
    package var duration: Duration
  }

  /// What the stall watch saw of the app's real-time sleeps when it found a stall.
  package struct RealTimeSleeps: Sendable, Equatable {
    /// The latest sleep the app's code began (in any run of the simulation), or `nil`.
    package var latest: RealTimeSleep?
    /// How many of the app's sleeps have not woken yet (a cancelled sleep wakes at its
    /// instant all the same).
    package var pending: Int
    /// Whether such a sleep of the app's began or woke during the time the stall counted, the
    /// app's progress unchanged: it polls a real-time clock (its code ran, slept in real time,
    /// and changed nothing the simulation sees).
    package var polled: Bool

    /// Nothing seen: no sleep, none pending, no poll.
    package static let none = RealTimeSleeps(latest: nil, pending: 0, polled: false)
  }

  /// Schedules the sleep job `job` of a task that prefers this executor to run on the lane
  /// once `delay` of real time has passed (at once when it is not positive), and records the
  /// sleep: the wall clock stays the clock of `Task.sleep` (docs/swift-api.md#clocks-and-timers),
  /// but the stall watch sees the app poll it (``PollCarry``). The job, the runtime's own,
  /// resumes the sleeper (or, after its cancellation, only frees the sleep's state), so it is
  /// run exactly once, cancelled or not.
  fileprivate func enqueueSleep(_ job: UnownedJob, after delay: Duration, clock: String) {
    condition.lock()
    sleepsBegun &+= 1
    latestSleep = RealTimeSleep(clock: clock, duration: delay)
    condition.unlock()
    guard delay > .zero else {
      wakeFromSleep(job)
      return
    }
    let (seconds, attoseconds) = delay.components
    // Beyond about 290 years in nanoseconds: as good as never, as on Swift's own clock.
    let deadline: DispatchTime =
      seconds >= Int64.max / 1_000_000_000 - 1
      ? .distantFuture
      : .now() + .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    DispatchQueue.global().asyncAfter(deadline: deadline) { self.wakeFromSleep(job) }
  }

  /// A sleep of the app's code is over: its job joins the lane's queue.
  private func wakeFromSleep(_ job: UnownedJob) {
    condition.lock()
    sleepWakes &+= 1
    queue.append(.job(job))
    queued.add(1, ordering: .releasing)
    wake()
    condition.unlock()
  }

  /// The sleep job `job` of a task that prefers this executor on a clock whose durations are
  /// not `Swift.Duration` (no clock of the standard library): it runs on the lane once the
  /// clock's own sleep until `instant` ends, and is not recorded as a real-time sleep.
  fileprivate func enqueue<C: Clock>(
    _ job: UnownedJob, afterSleepUntil instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    ResumeRedirect.bypassing {
      Task.detached { [self] in
        try? await clock.sleep(until: instant, tolerance: tolerance)
        enqueue(unowned: job)
      }
    }
  }
}

#if compiler(>=6.3)
  /// The lane sees the real-time sleeps of the tasks that prefer it: Swift's runtime hands a
  /// task's `Task.sleep` (every form, `ContinuousClock` and `SuspendingClock` alike, made by
  /// code of any isolation that the task runs) to its preferred executor when that is a
  /// `SchedulingExecutor` (https://developer.apple.com/documentation/swift/schedulingexecutor;
  /// Swift's `ExperimentalScheduling` SPI). Each sleep still waits on the real clock; the stall
  /// watch counts a poll of it (docs/swift-api.md#clocks-and-timers).
  @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
  extension SimulationExecutor: SchedulingExecutor {
    /// Runs `job` on the lane once the real time until `instant` on `clock` has passed, and
    /// records the sleep (``enqueueSleep(_:after:clock:)``). `tolerance` is not used.
    package func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      let unowned = UnownedJob(job)
      if let delay = clock.now.duration(to: instant) as? Duration {
        enqueueSleep(unowned, after: delay, clock: String(describing: C.self))
      } else {
        enqueue(unowned, afterSleepUntil: instant, tolerance: tolerance, clock: clock)
      }
    }

    /// Runs `job` on the lane once `delay` of real time on `clock` has passed, and records the
    /// sleep (``enqueueSleep(_:after:clock:)``). `tolerance` is not used.
    package func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      let unowned = UnownedJob(job)
      if let delay = delay as? Duration {
        enqueueSleep(unowned, after: delay, clock: String(describing: C.self))
      } else {
        enqueue(
          unowned, afterSleepUntil: clock.now.advanced(by: delay), tolerance: tolerance,
          clock: clock)
      }
    }
  }
#endif
