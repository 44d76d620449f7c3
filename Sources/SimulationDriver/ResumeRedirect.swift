import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Continuations the simulation's callbacks resume run their first job on the simulation's lane.
///
/// Why: a task suspended in the app's own `withCheckedContinuation` (around a query's results
/// handler, a completion handler or a delegate call) is resumed by `resume(returning:)` through
/// Swift's *generic* executor, whatever actor the task is isolated to: the runtime's
/// `swift_continuation_init` sets the continuation's resume executor to the generic one, and
/// `resume` enqueues the task there (`swift_task_enqueue`). A task with no executor preference
/// (a main-actor `Task { }`: SE-0417, preference is not inherited) then goes to the global
/// concurrent executor (`swift_task_enqueueGlobal`), and only its job there hops to the task's
/// actor. On a loaded machine that job waits for a thread of the global pool: the main-actor
/// code after the `await` ran after `settle()` or the instant's main-actor turn had returned.
///
/// So a job sent to the global executor goes to a simulation's lane instead, through the
/// runtime's `swift_task_enqueueGlobal_hook` (installed once per process, chained to a hook
/// that was there before), when it is sent from the lane's thread, from a thread whose delivery
/// loop runs callbacks (``SimulationExecutor/redirectingResumes(_:)``), or by a task inside
/// ``AppSimulation/run(isolation:_:)`` (the task-local ``AppSimulation/current``:
/// a task it starts, a continuation it resumes). The job runs there (for a main-actor task:
/// its hop, which queues it on the main actor), so the lane is not idle until the resumed task
/// is on its actor's queue, and the main-actor turn `settle()` takes after the lane's quiet
/// runs behind it (the main queue is serial, first in first out). A nonisolated `Task { }`
/// started inside `run` runs its first job on the lane too, and its framework calls are
/// counted before `settle()` can return.
///
/// Not attributed: an actor's hop into a nonisolated async function or into another actor (a
/// main-actor task calling an `actor` service: the runtime clears the current task before it
/// queues that job, so it names no simulation), and jobs of tasks started outside `run` or from
/// threads of the app's own (docs/swift-api.md#time-and-callbacks). While any `run` is in
/// progress such jobs are counted until they have run (``UnseenWork``), so that `settle()`
/// waits for the ones queued before it looks.
/// Per job sent to the global executor the hook reads one thread-specific value and, off the
/// lane, the task-local value; nothing on the per-batch path of the lane.
package enum ResumeRedirect {
  /// The runtime's default global enqueue, as the hook is given it.
  package typealias Original = @convention(thin) (UnownedJob) -> Void
  /// The runtime's hook type (`swift_task_enqueueGlobal_hook`, Swift's
  /// include/swift/Runtime/Concurrency.h).
  package typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The thread-specific slot that holds the executor (unretained) whose delivery loop runs on
  /// this thread: non-nil only while callbacks run.
  package static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The hook that was installed before ours (chained to for every other job).
  nonisolated(unsafe) private static var previous: Hook?

  /// Set on a thread while it sends a job straight to Swift's global executor, past every
  /// redirect (``bypassing(_:)``).
  private static let bypassKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Runs `body` with the jobs it sends to Swift's global executor (a `Task.detached` it
  /// starts) queued there as Swift would queue them, not on a lane: the stall watch's probe of
  /// that executor (``SimulationExecutor``), whose threads the app's code shares with every
  /// other test of the process (on Linux as many as the machine has cores).
  package static func bypassing(_ body: () -> Void) {
    _ = bypassKey
    pthread_setspecific(bypassKey, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(bypassKey, nil) }
    body()
  }

  /// Whether the hook is in place: evaluated once per process, by the first executor made.
  package static let installed: Bool = {
    _ = key
    guard let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook")
    else { return false }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    previous = slot.pointee
    slot.pointee = { job, original in
      if pthread_getspecific(ResumeRedirect.bypassKey) != nil {
        original(job)
      } else if let executor = pthread_getspecific(ResumeRedirect.key) {
        Unmanaged<SimulationExecutor>.fromOpaque(executor).takeUnretainedValue()
          .enqueueRedirected(job)
      } else if let simulation = AppSimulation.current {
        simulation.executor.enqueueRedirected(job)
      } else if UnseenWork.runs.load(ordering: .relaxed) > 0 {
        UnseenWork.run(job)
      } else if let previous = ResumeRedirect.previous {
        previous(job, original)
      } else {
        original(job)
      }
    }
    return true
  }()
}

extension SimulationExecutor {
  /// Queues `job`, sent to Swift's global executor by the simulation's code, on this lane
  /// (``ResumeRedirect``), and counts it as main-actor work (``MainActorWork``): a main-actor
  /// task it resumes hops to the main actor from the lane without asking the runtime for the
  /// main executor (an `AsyncStream`'s `yield` in a delegate call, resuming a main-actor
  /// `for await`). Counted after it is queued, so that a turn that reads the count with the
  /// lane idle comes after the job has run.
  package func enqueueRedirected(_ job: UnownedJob) {
    enqueue(unowned: job)
    mainActorWork.noteLaneJob()
  }

  /// Runs `body` (the delivery loop's callbacks) with global enqueues made on this thread sent
  /// to this lane (``ResumeRedirect``). One thread-specific write before and after, none on
  /// the lane's own thread, whose loop has set it for good.
  package func redirectingResumes<R>(_ body: () -> R) -> R {
    let outer = pthread_getspecific(ResumeRedirect.key)
    let own = Unmanaged.passUnretained(self).toOpaque()
    // The lane's own thread (an `advance` stepping inside `run`, every instant) has it already.
    if outer == own { return body() }
    pthread_setspecific(ResumeRedirect.key, own)
    defer { pthread_setspecific(ResumeRedirect.key, outer) }
    return body()
  }
}

/// Jobs sent to Swift's global executor that name no simulation, while a
/// ``AppSimulation/run(isolation:_:)`` is in progress anywhere in the process: numbered when
/// they are queued and marked when they have run, so that ``AppSimulation/settle()`` can wait
/// for the ones queued during its main-actor turn (a main-actor task's hop into an `actor`
/// service, whose job the runtime queues with no current task, so no simulation can be named).
///
/// Each runs on Dispatch's global queue as Swift's global executor would run it (Swift's
/// global executor on Linux is Dispatch's), as a job of the global concurrent executor. The
/// numbers are process-wide: a `settle()` also waits for such jobs of other tests in parallel
/// queued during its turn (they run by themselves, so the wait ends); jobs queued before its
/// turn (a test's long-blocking job) are not waited for. No run in progress: nothing is
/// numbered and the runtime queues the job itself.
package enum UnseenWork {
  /// `run` bodies in progress in the process.
  package static let runs = Atomic<Int>(0)

  /// The numbered jobs: job `base + i` has started when `started[i]`, has run when `done[i]`.
  private struct Ledger {
    var base = 0
    var done: [Bool] = []
    var started: [Bool] = []
    /// Jobs before `base + startedHead` have all started.
    var startedHead = 0
    /// Jobs before `base + head` have all run (the part of `done` that can be dropped).
    var head = 0
    /// `settle()` callers waiting until every job of `range` but their own has run.
    var waiters: [(range: Range<Int>, own: Int?, continuation: CheckedContinuation<Void, Never>)] =
      []
    /// `settle()` callers waiting until every job before a number has started.
    var startWaiters: [(before: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The number the next job gets.
    var issued: Int { base + done.count }

    /// Whether every job of `range` but `except` has run (jobs dropped from `done` have).
    func ran(_ range: Range<Int>, except: Int? = nil) -> Bool {
      let first = max(range.lowerBound, base)
      guard first < range.upperBound else { return true }
      for number in first..<range.upperBound where !done[number - base] && number != except {
        return false
      }
      return true
    }
  }

  private static let ledger = Mutex(Ledger())

  /// The ledger's three marks, written under its lock whenever they change and read without
  /// it: the number the next job gets (``Ledger/issued``), the number before which every job
  /// has started (``Ledger/startedHead`` plus ``Ledger/base``) and before which every job has
  /// run (``Ledger/head`` plus ``Ledger/base``). Every `settle()` round and every main-actor
  /// turn of every simulation in the process reads them, on as many lane threads as tests run
  /// in parallel, while every job numbered here takes the lock three times: read under the
  /// lock, they made one lock a convoy on a loaded machine (tens of lane threads queued on it,
  /// each hand-over waiting for a core, the global executor's threads among them), and the
  /// stall watch's probe of that executor did not run for a minute. A mark read
  /// here is one the lock held a moment ago: never ahead, so a wait it ends was over.
  private static let issuedMark = Atomic<Int>(0)
  private static let startedMark = Atomic<Int>(0)
  private static let ranMark = Atomic<Int>(0)

  /// The number the next job gets (a `settle()` round's mark before its turn), read without
  /// the ledger's lock.
  package static var issued: Int { issuedMark.load(ordering: .acquiring) }

  /// Runs `job` on Dispatch's global queue, numbered until it has run.
  static func run(_ job: UnownedJob) {
    let number = ledger.withLock { ledger -> Int in
      defer {
        ledger.done.append(false)
        ledger.started.append(false)
        issuedMark.store(ledger.issued, ordering: .releasing)
      }
      return ledger.issued
    }
    DispatchQueue.global().async {
      began(number)
      // The job's number, while it runs on this thread (a `settle()` it runs does not wait
      // for itself).
      pthread_setspecific(runningKey, UnsafeRawPointer(bitPattern: number + 1))
      job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
      pthread_setspecific(runningKey, nil)
      finished(number)
    }
  }

  /// The thread-specific slot holding the number (plus one) of the job running on the thread.
  private static let runningKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The number of the job running on this thread, if it is one of these.
  private static var runningJob: Int? {
    pthread_getspecific(runningKey).map { Int(bitPattern: $0) - 1 }
  }

  /// Job `number` starts: resumes the waiters for whom every job before theirs has started.
  private static func began(_ number: Int) {
    // A sign of the executor's life for the stall watch (``SimulationExecutor/isBlocked``).
    SimulationExecutor.globalJobsStarted.add(1, ordering: .relaxed)
    let ready = ledger.withLock { ledger -> [CheckedContinuation<Void, Never>] in
      ledger.started[number - ledger.base] = true
      while ledger.startedHead < ledger.started.count, ledger.started[ledger.startedHead] {
        ledger.startedHead += 1
      }
      let startedBefore = ledger.base + ledger.startedHead
      startedMark.store(startedBefore, ordering: .releasing)
      var ready: [CheckedContinuation<Void, Never>] = []
      ledger.startWaiters.removeAll { waiter in
        guard waiter.before <= startedBefore else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once every such job queued before the call has started (a job of another test
  /// that then blocks its thread for long is not waited for; one still queued behind a loaded
  /// machine's busy threads is).
  package static func waitForQueuedToStart() async {
    let before = issued
    // Without the lock when they have (the common case).
    if startedMark.load(ordering: .acquiring) >= before { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = ledger.withLock { ledger -> Bool in
        if ledger.base + ledger.startedHead >= before { return true }
        ledger.startWaiters.append((before, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Job `number` has run: resumes the waiters whose jobs have all run.
  private static func finished(_ number: Int) {
    let ready = ledger.withLock { ledger -> [CheckedContinuation<Void, Never>] in
      ledger.done[number - ledger.base] = true
      while ledger.head < ledger.done.count, ledger.done[ledger.head] { ledger.head += 1 }
      ranMark.store(ledger.base + ledger.head, ordering: .releasing)
      // Jobs that have run have started: both arrays drop the same part.
      if ledger.head >= 1024, ledger.head * 2 >= ledger.done.count {
        let drop = ledger.head
        ledger.done.removeFirst(drop)
        ledger.started.removeFirst(drop)
        ledger.base += drop
        ledger.head = 0
        ledger.startedHead -= drop
      }
      var ready: [CheckedContinuation<Void, Never>] = []
      let numbers = ledger
      ledger.waiters.removeAll { waiter in
        guard numbers.ran(waiter.range, except: waiter.own) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once every such job numbered from `first` on (this simulation's last settle),
  /// queued before the call, has run,
  /// and, when it had to wait, the jobs queued meanwhile (those jobs' own hops; at most 64
  /// times: jobs of other tests in parallel keep coming).
  package static func waitForJobs(from first: Int) async {
    var first = first
    for _ in 0..<64 {
      let range = first..<issued
      // Without the lock when every job of the range has run (the common case).
      if ranMark.load(ordering: .acquiring) >= range.upperBound { return }
      // The caller's own job (a settle running as one of these jobs) is not waited for.
      let own = runningJob
      if ledger.withLock({ $0.ran(range, except: own) }) { return }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = ledger.withLock { ledger -> Bool in
          if ledger.ran(range, except: own) { return true }
          ledger.waiters.append((range, own, continuation))
          return false
        }
        if now { continuation.resume() }
      }
      first = range.upperBound
    }
  }
}

/// Main-actor work the simulation's own code queued, counted so that an instant is not quiet
/// until it has run (docs/swift-api.md#time-and-callbacks): a `Task { @MainActor in ... }` a
/// delegate call starts (Apple's sample-code pattern in `didCollectDataOf`), a task the lane
/// resumed hopping to the main actor, an async framework call returning to its main-actor
/// caller.
///
/// How it is seen: Swift 6.3 queues a main-actor job through the main executor's own
/// `enqueue` (`swift_task_enqueue` calls the executor's witness; its
/// `swift_task_enqueueMainExecutor_hook` is not on that path, checked with the toolchain's
/// libswift_Concurrency.so), but every hop to the main actor and every task started on it
/// first asks the runtime for the main executor, `swift_task_getMainExecutor`, whose hook
/// (`swift_task_getMainExecutor_hook`, Swift's include/swift/Runtime/Concurrency.h) is called
/// on the thread that then queues the job, before it queues it. The hook (installed once per
/// process, chained to one installed before) counts each call made on the lane's thread, on a
/// thread whose delivery loop runs callbacks, or by a task inside
/// ``AppSimulation/run(isolation:_:)``, for that simulation: a count of jobs that may have been
/// queued (a call that queues nothing, such as an isolation check, costs one turn more, never a
/// missed job).
///
/// A job the redirect queues on the lane (``SimulationExecutor/enqueueRedirected(_:)``) counts
/// too: a main-actor task it resumes (an `AsyncStream`'s `for await` on the main actor, woken
/// by `yield` in a delegate call) hops from the lane to the main actor without calling the hook
/// (Swift 6.3, Linux). Known run, as work counted elsewhere is, by a turn queued with the lane
/// idle.
///
/// A turn (``turn(quietLane:)``) is an item on the main queue, the main actor's serial queue
/// (first in, first out): work counted before it was queued has run when it has run. Calls
/// made on the main queue itself (main-actor code queuing more of it) are counted apart: such
/// code may count a job before the turn is queued and queue it after, so those are known to
/// have run only at the next turn after the item that read their count (each item reads the
/// count on the main queue, where no other main-actor code runs meanwhile). Main-actor code that
/// polls (`Task.yield()` on the main actor counts too) keeps queuing: it gets one turn more
/// each time, not turns until it stops. Calls made
/// elsewhere are known to have run when the count was read before the item was queued, with
/// the lane idle (no job of the lane between counting and queuing).
///
/// Not a plain `MainActor.run {}`: its own hop would count as work, so a turn is a Dispatch
/// item on the main queue, which Swift's main executor on Linux also uses.
/// `Sendable`: atomics only.
package final class MainActorWork: Sendable {
  /// Calls counted on the main queue, and elsewhere.
  private let onMain = Atomic<Int>(0)
  private let elsewhere = Atomic<Int>(0)
  /// The counts through which the work is known to have run.
  private let onMainRan = Atomic<Int>(0)
  private let elsewhereRan = Atomic<Int>(0)
  /// The `onMain` count the last turn's item read on the main queue.
  private let readOnMain = Atomic<Int>(0)
  /// Jobs the redirect queued on the lane (``SimulationExecutor/enqueueRedirected(_:)``), and
  /// the count through which they are known to have run, with the main-actor work they queued.
  private let laneJobs = Atomic<Int>(0)
  private let laneJobsRan = Atomic<Int>(0)

  /// Counts one call of the hook for this simulation, on the main queue or elsewhere.
  func note(onMainQueue: Bool) {
    if onMainQueue {
      onMain.add(1, ordering: .sequentiallyConsistent)
    } else {
      elsewhere.add(1, ordering: .sequentiallyConsistent)
    }
  }

  /// How many calls main-actor code of this simulation made (``note(onMainQueue:)`` on the
  /// main queue): it ran between two reads that differ.
  package var onMainCount: Int { onMain.load(ordering: .sequentiallyConsistent) }

  /// Counts one job the redirect queued on the lane: a continuation resumed or a task started
  /// by the simulation's code (``SimulationExecutor/enqueueRedirected(_:)``).
  func noteLaneJob() {
    laneJobs.add(1, ordering: .sequentiallyConsistent)
  }

  /// Whether work counted has not yet been seen run by a turn: six loads, no lock (asked at
  /// every instant `advance` stops at).
  package var pending: Bool { pendingElsewhere || pendingOnMain }

  /// Whether main-actor work counted by the main-executor hook has not yet been seen run (four
  /// loads, asked after every delivery): what the delivery loop's pause between two callbacks
  /// can run. A job the redirect queued on the lane is left out: while the loop runs on the
  /// lane's thread, the job runs only after the loop, so a turn between callbacks cannot see
  /// what it queues on the main actor; the instant's end does (``pending``).
  package var pendingBeforeNextCallback: Bool {
    pendingOnMain
      || elsewhere.load(ordering: .sequentiallyConsistent)
        != elsewhereRan.load(ordering: .sequentiallyConsistent)
  }

  /// Whether work counted off the main queue (the lane's code, a callback, a task of the run
  /// on another executor, a job the redirect queued on the lane) has not yet been seen run.
  package var pendingElsewhere: Bool {
    elsewhere.load(ordering: .sequentiallyConsistent)
      != elsewhereRan.load(ordering: .sequentiallyConsistent)
      || laneJobs.load(ordering: .sequentiallyConsistent)
        != laneJobsRan.load(ordering: .sequentiallyConsistent)
  }

  /// Whether work main-actor code counted (more main-actor work: a `Task { @MainActor }` it
  /// starts, a `Task.yield()` on the main actor) has not yet been seen run: one turn more runs
  /// it; main-actor code that polls keeps this true, so it is given one turn more at a time,
  /// not waited for.
  package var pendingOnMain: Bool {
    onMain.load(ordering: .sequentiallyConsistent)
      != onMainRan.load(ordering: .sequentiallyConsistent)
  }

  /// One main-actor turn: queues an item on the main queue and returns once it has run.
  /// `quietLane` says whether nothing else runs on the lane (asked after reading the count of
  /// calls made elsewhere, before queuing): only then is that count's work known to be queued
  /// before the item.
  package func turn(quietLane: () -> Bool) async {
    let elsewhereBefore = elsewhere.load(ordering: .sequentiallyConsistent)
    let laneJobsBefore = laneJobs.load(ordering: .sequentiallyConsistent)
    let quiet = quietLane()
    let onMainBefore = readOnMain.load(ordering: .sequentiallyConsistent)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        SimulationExecutor.mainQueueItemsRan.add(1, ordering: .relaxed)
        // On the main queue: every main-actor job counted so far there has queued what it
        // counted.
        self.readOnMain.max(
          self.onMain.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
        continuation.resume()
      }
    }
    onMainRan.max(onMainBefore, ordering: .sequentiallyConsistent)
    if quiet {
      elsewhereRan.max(elsewhereBefore, ordering: .sequentiallyConsistent)
      laneJobsRan.max(laneJobsBefore, ordering: .sequentiallyConsistent)
    }
  }
}

extension MainActorWork {
  /// A main-actor turn taken by a delivery loop between two callbacks, on the loop's thread,
  /// which waits for it: the item on the main queue (as ``turn(quietLane:)``), waited for at
  /// most `limit` (main-actor code that blocks the main thread until a callback comes, which
  /// works on a device, would otherwise wait for this loop forever). Returns whether the item
  /// ran; on the main queue itself, `false` at once (the item could not run before the loop
  /// goes on).
  package func turnWaiting(limit: DispatchTimeInterval, quietLane: () -> Bool) -> Bool {
    if SimulationExecutor.isOnMainQueue { return false }
    let elsewhereBefore = elsewhere.load(ordering: .sequentiallyConsistent)
    let laneJobsBefore = laneJobs.load(ordering: .sequentiallyConsistent)
    let quiet = quietLane()
    let onMainBefore = readOnMain.load(ordering: .sequentiallyConsistent)
    let ran = DispatchSemaphore(value: 0)
    DispatchQueue.main.async {
      SimulationExecutor.mainQueueItemsRan.add(1, ordering: .relaxed)
      self.readOnMain.max(
        self.onMain.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
      ran.signal()
    }
    guard ran.wait(timeout: .now() + limit) == .success else { return false }
    onMainRan.max(onMainBefore, ordering: .sequentiallyConsistent)
    if quiet {
      elsewhereRan.max(elsewhereBefore, ordering: .sequentiallyConsistent)
      laneJobsRan.max(laneJobsBefore, ordering: .sequentiallyConsistent)
    }
    return true
  }
}

extension ResumeRedirect {
  /// The runtime's `swift_task_getMainExecutor`, as its hook is given it.
  package typealias MainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
  /// The runtime's hook type (`swift_task_getMainExecutor_hook`, Swift's
  /// include/swift/Runtime/Concurrency.h).
  package typealias MainExecutorHook =
    @convention(thin) (MainExecutorOriginal) -> UnownedSerialExecutor

  /// The hook that was installed before ours.
  nonisolated(unsafe) private static var previousMain: MainExecutorHook?

  /// Whether the main-executor hook is in place (``MainActorWork``): evaluated once per
  /// process, by the first executor made.
  package static let mainHookInstalled: Bool = {
    _ = key
    _ = SimulationExecutor.mainQueueKey
    guard let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "swift_task_getMainExecutor_hook")
    else { return false }
    let slot = symbol.assumingMemoryBound(to: MainExecutorHook?.self)
    previousMain = slot.pointee
    slot.pointee = { original in
      ResumeRedirect.noteMainActorWork()
      if let previous = ResumeRedirect.previousMain { return previous(original) }
      return original()
    }
    return true
  }()

  /// Counts a call for the simulation whose code runs here: the lane's thread or a delivery
  /// loop's (the thread-specific executor), else the current task's simulation.
  private static func noteMainActorWork() {
    let onMainQueue = SimulationExecutor.isOnMainQueue
    // Code running on the main queue: a sign of the queue's life for the stall watch
    // (``SimulationExecutor/isBlocked(_:now:delay:)``), whichever code it is.
    if onMainQueue { SimulationExecutor.mainQueueItemsRan.add(1, ordering: .relaxed) }
    let executor: SimulationExecutor
    if let own = pthread_getspecific(key) {
      executor = Unmanaged<SimulationExecutor>.fromOpaque(own).takeUnretainedValue()
    } else if let simulation = AppSimulation.current {
      executor = simulation.executor
    } else {
      return
    }
    executor.mainActorWork.note(onMainQueue: onMainQueue)
  }
}
