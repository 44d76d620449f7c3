import Foundation
import Synchronization
import WorkoutCore
import WorkoutText

/// Nothing silent: what the simulation could not deliver, or waited for in vain, is reported
/// (docs/swift-api.md#nothing-silent).
extension AppSimulation {
  /// One thing the simulation could not finish, reported instead of dropped: a hold that
  /// outlived ``appWorkGrace``, the app waiting on something nothing will deliver, an app
  /// task still blocked on the simulation when ``run(isolation:_:)`` returned, or a real-clock
  /// date ``Options/strictDates`` refused (``Kind-swift.enum/strictDate``).
  ///
  /// Each report is kept in ``reports`` and written as one line to standard error when it is
  /// made. An `advance` during which a hold expired throws the expired holds as
  /// ``UnfinishedWork`` when it returns (after stepping to its target).
  public struct Report: Sendable, Equatable, CustomStringConvertible {
    /// What kind of thing went unfinished.
    public enum Kind: String, Sendable, Equatable {
      /// The system waited ``AppSimulation/appWorkGrace`` of wall-clock time for the
      /// app's answer (an observer query's completion handler, a background task's
      /// `setTaskCompleted`, a timeline provider's completion, a network response) and went
      /// on without it.
      case holdExpired
      /// The app's code inside `run` waited ``AppSimulation/stallReportDelay`` of
      /// wall-clock time while nothing was runnable on the simulation's lane and nothing was
      /// pending: what it awaits will not come by itself (a continuation never resumed, a
      /// delegate call that is not coming, a sleeper while nothing advances time, a poll of a
      /// real-time clock: `Task.sleep` in a loop, whose wake-ups the lane sees, while the
      /// app's progress does not change; framework `Swift`, call
      /// `Task.sleep on ContinuousClock (0.020 s)`: docs/swift-api.md#nothing-silent). The run is
      /// ended where Swift lets it: ``AppSimulation/run(isolation:_:)`` throws
      /// ``AppSimulation/StallError``.
      case stalled
      /// An app task was still waiting on the simulation (a sleeper on
      /// ``AppSimulation/clock``, an open hold) when the outermost `run` returned.
      case blockedAtEnd
      /// An object made in another simulation (an `HKHealthStore` kept in a static or a
      /// singleton across tests) was used inside this simulation's `run`: its calls read and
      /// write the other simulation's world. Also a query anchor another simulation's query
      /// returned (kept in `UserDefaults` across tests), given to a query here: it names a
      /// place in that world's store, not this one's, and the query starts from the beginning
      /// instead (docs/swift-api.md#anchors-belong-to-one-simulation). Also a `WCSession`
      /// whose simulation was released (kept in a singleton), used once more: its calls are
      /// inert (docs/phone-link.md#a-session-kept-past-its-simulation).
      case foreignObject
      /// The simulated system terminated the app (``AppSimulation/AppTermination``: HealthKit's
      /// uncaught `NSInvalidArgumentException`). The call that caused it throws the
      /// termination, which app code can catch; on a device nothing can, so it is reported too,
      /// and a `do { } catch { }` around the call cannot hide it. A call that cannot throw it
      /// (a completion-handler form) ends the run at once, as a stall does.
      case appTerminated
      /// An async framework call began after the outermost `run` had returned (a
      /// `Task.detached` or another unstructured task outlived the run): on a device the app
      /// is no longer running there. The call still acts on the simulation's state, which no
      /// run's result shows (project rule, docs/swift-api.md#nothing-silent).
      case callAfterRun
      /// A run's body a stall cancelled had not ended ``AppSimulation/stallExitDelay`` later
      /// (10 s of wall-clock time by default, counted as the stall window is): it waits on
      /// something that ignores cancellation (a continuation of the app's own), which no Swift
      /// API can end. The simulation writes the report to standard error, records it as the
      /// test's issue under the `.simulation` trait and XCTest's `simulate`, and ends the
      /// process with exit code 70 (`EX_SOFTWARE`), so that a test run whose output is held
      /// until the process exits (`swift test | tee log`) does not hang silently (project rule,
      /// docs/swift-api.md#nothing-silent).
      case stuckAfterStall
      /// With ``AppSimulation/Options/strictDates``, a date the app passed to a call was the
      /// real wall clock (`Date()`) rather than the simulation's virtual time
      /// (`strictDatesMessage(call:)`). The call also reports the refusal its
      /// own way where it can (a thrown error, a completion's or handler's error); a call with
      /// no error path (`enumerateStatistics(from:to:with:)`, a widget's `Timeline`) or an
      /// error the app swallows (`try? submit(request)`) would otherwise pass a strict test
      /// silently, so every refusal is also this report, recorded as the test's issue by the
      /// `.simulation` trait and XCTest's `simulate` (project rule,
      /// docs/swift-api.md#the-wall-clock-rule).
      case strictDate
      /// Something a framework call had accepted from the app was left out of what the
      /// framework made of it later, by a rule the call could not apply when it was made: a
      /// workout event dated after the workout's end, added to a builder before the end was
      /// known, is not in the saved workout (HealthKit keeps only events dated within it,
      /// https://developer.apple.com/documentation/healthkit/hkworkoutevent/date). The run's
      /// errors hold it too; recorded as the test's issue by the `.simulation` trait and
      /// XCTest's `simulate` (project rule, docs/swift-api.md#nothing-silent). Also a WatchKit
      /// `notifyUser` repeat handler's wait outside (0, 60] s: the haptic repeats no more
      /// (docs/healthkit-behaviour.md#extended-runtime-sessions).
      case dropped
      /// Virtual time passed the end of the health data the simulation generated (two days
      /// after the scenario's planned end, its last timeline action), so the store gets no
      /// more generated samples (heart rate, steps, sleep, ...) after it, only the app's own
      /// and its workouts'. A warning (``Report/isWarning``), not a
      /// failure: a test may mean to go on without data; the message names the instant the
      /// data ends and the timeline action that makes more (project rule,
      /// docs/swift-api.md#nothing-silent). Once per simulation.
      case healthDataEnded
      /// A query the app made inside `run` with a handler set was never passed to
      /// `HKHealthStore.execute(_:)` when the outermost `run` returned: its handler never ran
      /// (the app forgot `healthStore.execute(query)`). A warning (``Report/isWarning``): a
      /// test may make a query it means to drop. One report per query, in the order made, once;
      /// not for a query made without a handler (an `HKStatisticsCollectionQuery` whose
      /// handlers were never set) nor after a stall, which names such queries first (project
      /// rule, docs/swift-api.md#nothing-silent).
      case neverExecuted
      /// Work the app scheduled with the system was not handed to it, by a platform rule the
      /// test may not have meant to meet: a WatchKit background refresh whose launch instant
      /// found the app frontmost (watchOS ignores it: "If the app is still running in the
      /// foreground at the scheduled time, the system ignores the task",
      /// https://developer.apple.com/documentation/watchkit/wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)),
      /// whose launched task found no `WKApplication` delegate to take it, or whose task the
      /// delegate's default `handle(_:)` completed (the delegate has no method of that
      /// signature). The simulated
      /// app starts active with the wrist raised and stays so until the scenario's timeline
      /// lowers the wrist or presses the crown, so a test that schedules a refresh and only
      /// advances meets the first; the message says what to add. A warning
      /// (``Report/isWarning``): a test may check that a frontmost app gets no refresh. Once per
      /// refresh (project rule, docs/healthkit-behaviour.md#background-refresh). Also a
      /// WatchConnectivity send that failed because its session has no delegate or was never
      /// activated (a singleton that set them up in an earlier simulation only), once per
      /// session and error code (project rule, docs/phone-link.md#one-session-per-simulation).
      /// Also content from the phone that waited for the watch app's
      /// `WCSession.default.activate()` when the outermost `run` returned, once (project rule,
      /// docs/phone-link.md#waking-the-watch-app).
      /// Also a region crossing on the phone while its app had no live `CLLocationManager`
      /// (once per crossing, naming the region and the instant; the crossing is held for the
      /// next manager whose delegate is set: docs/swift-api.md#region-monitoring).
      /// Also a pool swim the watch counts on the course (a `.pool` session or leg with a
      /// `lapLength`, no `swim` in the scenario) when the course swims no whole length after its
      /// start, so no length, distance or stroke is recorded (a course that stands still, the
      /// default `course: []`; project rule, docs/models.md#swimming), once per session or leg.
      /// Also the end of the outermost `run`'s wait for what the app queued on the main queue,
      /// when it gave up (nothing ran there within the wait, or the app's work still changed
      /// something after the last round): what was queued there runs after the run returned
      /// (framework `simulation`, call `DispatchQueue.main.async`; project rule,
      /// docs/swift-api.md#traps). Also a fall still kept for a delegate (or the user's answer)
      /// when the outermost `run` returned, once per fall (docs/swift-api.md#fall-detection).
      case notDelivered
    }

    /// Whether the report is a warning (``Kind-swift.enum/healthDataEnded``,
    /// ``Kind-swift.enum/neverExecuted``, ``Kind-swift.enum/notDelivered``): the `.simulation` trait records it as a warning
    /// issue, which does not fail the test, and XCTest's `simulate` leaves it on standard error
    /// (XCTest has no warnings); every other kind is a failure (docs/swift-api.md#nothing-silent).
    public var isWarning: Bool {
      kind == .healthDataEnded || kind == .neverExecuted || kind == .notDelivered
    }

    /// What kind of thing went unfinished.
    public let kind: Kind
    /// The simulated framework concerned (`"HealthKit"`, `"BackgroundTasks"`,
    /// `"SimulationClock"`, ...), or `"simulation"` for the simulation itself (the
    /// `HealthKitSimulation` or `AppSimulation` the test made) when no framework's call is
    /// concerned.
    public let framework: String
    /// The call or app code concerned.
    public let call: String
    /// The virtual instant of the report, as a date.
    public let date: Date
    /// The same instant in seconds of scenario time.
    public let seconds: Double
    /// What happened and what to do.
    public let message: String

    /// `"<framework>: <call> at t = <seconds> s: <message>"`.
    public var description: String {
      "\(framework): \(call) at t = \(secondsText(seconds)) s: \(message)"
    }
  }

  /// The reports an `advance` throws: holds that expired while it stepped time (virtual time
  /// reached the target; everything else due was delivered).
  public struct UnfinishedWork: Error, CustomStringConvertible, LocalizedError {
    /// The reports, in the order they were made.
    public let reports: [Report]

    /// One line per report.
    public var description: String { reports.map(\.description).joined(separator: "\n") }

    /// ``description``, so `localizedDescription` says it too.
    public var errorDescription: String? { description }
  }

  /// Every report made so far, in order (``Report``).
  public var reports: [Report] { state.withLock { $0.reports } }

  /// The reports no `advance` threw (as ``UnfinishedWork``), in order: what the `.simulation`
  /// trait of SimulatedHealthKitTesting records as test issues after the run.
  package var unthrownReports: [Report] { state.withLock { $0.unthrownReports } }

  /// How long, in wall-clock time, the app's code inside ``run(isolation:_:)`` may wait with
  /// nothing runnable on the simulation's lane, nothing pending and no `advance` in progress
  /// before the stall is reported (``Report/Kind-swift.enum/stalled``): 30 s by default (room for
  /// a loaded machine running tests in parallel, where app work on other executors can wait
  /// that long for a thread). Wake-ups of the app's own sleeps on a real-time clock
  /// (`Task.sleep`) do not start the count again while nothing else changes: a poll of that
  /// clock is a stall (docs/swift-api.md#clocks-and-timers). The report is made once per stall
  /// and ends the run where Swift lets it (``run(isolation:_:)``: the sleepers throw
  /// ``StallError``, the body's task is cancelled). A test that expects a stall sets a short
  /// delay (`.milliseconds(200)`).
  public var stallReportDelay: Duration {
    get { executor.stallReportDelay }
    set { executor.stallReportDelay = newValue }
  }

  /// How long, in wall-clock time, the body of a run a stall cancelled may go on waiting before
  /// the process ends (``Report/Kind-swift.enum/stuckAfterStall``): 10 s by default, or `nil`
  /// to keep waiting (for a test debugged under a debugger, where the process must stay).
  ///
  /// A body that waits on something ignoring cancellation (a continuation of the app's own
  /// stored until a delegate call that is not coming) cannot be ended by any Swift API, and
  /// `run` waits for its body. So that such a test does not hang silently (`swift test` with
  /// its output to a pipe shows nothing until the process exits), the simulation then writes
  /// the report to standard error, records it as the test's issue (the `.simulation` trait,
  /// XCTest's `simulate`), and once no other run of the process is in progress (`StuckRuns`:
  /// 10 minutes at most) flushes standard output and standard error and ends the process
  /// with exit code ``stuckExitCode`` (70, `EX_SOFTWARE`). The time is counted as the stall
  /// window is (project rule, docs/swift-api.md#nothing-silent): only time the lane is idle
  /// while the process could run the app's code, so a loaded machine does not end a body
  /// that is only slow to unwind.
  public var stallExitDelay: Duration? {
    get { executor.stuckExitDelay }
    set { executor.stuckExitDelay = newValue }
  }

  /// The exit status of a process ended over a run stuck after its stall
  /// (``stallExitDelay``): 70, `EX_SOFTWARE` of `sysexits.h` ("an internal software error has
  /// been detected"), as the simulation cannot go on.
  public static let stuckExitCode: Int32 = 70

  /// How long ``abandonStuckRun()`` waits for the watchers that record its report as the test's
  /// issue: 10 s of wall-clock time (a project rule: on a loaded machine the recording task
  /// may wait seconds for a thread; the wait ends as soon as they have recorded it).
  static let recordingWait: DispatchTimeInterval = .seconds(10)

  /// ``recordingWait`` for this simulation: a test of the wait itself gives it more room, so
  /// that a pool of threads held up by the other tests of its process (2 threads on a 2-core
  /// machine) does not end the wait before its recorder could run.
  package var runEndingRecordingWait: DispatchTimeInterval {
    get { state.withLock { $0.recordingWait } }
    set { state.withLock { $0.recordingWait = newValue } }
  }

  /// What ends the process over a run stuck after its stall: the real end (`nil`: standard
  /// output and standard error flushed, then `_exit` with the code), or a test's stand-in,
  /// which returns.
  package var exitProcess: (@Sendable (Int32) -> Void)? {
    get { state.withLock { $0.exitHook } }
    set { state.withLock { $0.exitHook = newValue } }
  }

  /// The stall of a run whose body a stall cancelled and which has not returned, the oldest
  /// run's first, or `nil` (the exit watch's question: ``stallExitDelay``).
  package var stuckRunStall: Report? {
    state.withLock { state in
      state.runTasks.sorted { $0.key < $1.key }.lazy.compactMap(\.value.stall).first
    }
  }

  /// The exit watch found the body of a run a stall cancelled still waiting
  /// ``stallExitDelay`` later: reports it (``Report/Kind-swift.enum/stuckAfterStall``), gives
  /// the report to the watchers that record it as the test's issue (the `.simulation` trait,
  /// XCTest's `simulate`: ``beginRecordingRunEndings()``) and waits up to 10 s of
  /// wall-clock time (``recordingWait``) for them to have recorded it (on a thread of its own:
  /// the lane goes on, as a recorder's task or a body that ends after all may need it), then
  /// leaves the end of the
  /// process to ``StuckRuns/endProcess(code:stillStuck:)``, which waits for the process's other
  /// runs (or, with a test's ``exitProcess``, calls that at once). Once per stuck body: a
  /// later stall of the same body while its end is pending makes no second report.
  package func abandonStuckRun() {
    guard let stall = stuckRunStall, !state.withLock({ $0.exitPending }) else { return }
    let delay = executor.stuckExitDelay ?? .zero
    let now = state.withLock { $0.session.now }
    let made = Report(
      kind: .stuckAfterStall, framework: stall.framework, call: stall.call, date: date(of: now),
      seconds: now.seconds,
      message: "the run's body has not ended \(delay) of wall-clock time after the stall at "
        + "t = \(secondsText(stall.seconds)) s cancelled it: it waits on something that "
        + "ignores cancellation (a continuation of the app's own, such as a "
        + "withCheckedContinuation stored until a delegate call that is not coming), which no "
        + "Swift API can end; wrap it in withTaskCancellationHandler { ... } onCancel: "
        + "{ resume it throwing CancellationError }, or await the state with a timeout; the "
        + "process ends with exit code \(Self.stuckExitCode) (EX_SOFTWARE) once no other run in "
        + "it is in progress (at most \(StuckRuns.longestWaitText) from now), so that the test "
        + "run's output is not held forever: tests not ended by then get no result (run this "
        + "one alone with --filter to see the others'; set stallExitDelay = nil to keep "
        + "waiting, under a debugger)")
    let report = record([made], throwing: false)[0]
    let recorded = DispatchSemaphore(value: 0)
    let (watchers, index) = state.withLock {
      state -> ([CheckedContinuation<Report?, Never>], Int) in
      let index = state.runEndings.count
      state.exitEnding = (index, recorded)
      state.runEndings.append(report)
      defer { state.stallWatchers = [:] }
      return (state.stallWatchers.sorted { $0.key < $1.key }.map(\.value), index)
    }
    // The watchers' tasks go to Swift's global executor, not to the lane (``ResumeRedirect``).
    ResumeRedirect.bypassing {
      for watcher in watchers { watcher.resume(returning: report) }
    }
    let exit = state.withLock { state in
      state.exitPending = true
      return state.exitHook
    }
    // The waits are on a thread of their own: the lane goes on (a recorder's task, or a body
    // that ends after all, may need it).
    Thread.detachNewThread { [self] in
      // Every recorder of the simulation, waiting at the moment or between two reports (a
      // recording task that waits for a thread on a loaded machine), has recorded it once it
      // asks for the ending after it.
      let deadline = DispatchTime.now() + runEndingRecordingWait
      while !state.withLock({ $0.recorders.values.allSatisfy { $0 > index } }) {
        if recorded.wait(timeout: deadline) == .timedOut { break }
      }
      if let exit {
        // A test's stand-in: it may rescue the body, which then may be stuck again later.
        exit(Self.stuckExitCode)
        if stuckRunStall == nil { state.withLock { $0.exitPending = false } }
        return
      }
      StuckRuns.endProcess(code: Self.stuckExitCode) { [weak self] in
        guard let self else { return false }
        let stuck = stuckRunStall != nil
        if !stuck { state.withLock { $0.exitPending = false } }
        return stuck
      }
    }
  }

  /// Keeps `reports`, writes each to standard error, and (`throwing`) queues them for the
  /// `advance` in progress to throw. Inside `explore`, each message ends with the world's plan
  /// (``reportContext``). Returns the reports as kept.
  @discardableResult
  package func record(_ reports: [Report], throwing: Bool) -> [Report] {
    guard !reports.isEmpty else { return [] }
    let kept = state.withLock { state in keep(reports, throwing: throwing, in: &state) }
    for report in kept { Self.writeToStandardError(report) }
    return kept
  }

  /// ``record(_:throwing:)``'s keeping, for a caller that holds the simulation's lock: keeps
  /// `reports` (each message ending with ``reportContext``) and (`throwing`) queues them for
  /// the `advance` in progress to throw. Returns the reports as kept, for the caller to write
  /// with ``writeToStandardError(_:)``.
  package func keep(_ reports: [Report], throwing: Bool, in state: inout State) -> [Report] {
    var reports = reports
    if let context = state.reportContext {
      reports = reports.map { report in
        Report(
          kind: report.kind, framework: report.framework, call: report.call,
          date: report.date, seconds: report.seconds,
          message: report.message + " [\(context)]")
      }
    }
    state.reports += reports
    if throwing, state.stepping > 0 {
      state.pendingReports += reports
    } else {
      state.unthrownReports += reports
    }
    return reports
  }

  /// Writes `report` as one line to standard error: `workout-sim: <report>`.
  package static func writeToStandardError(_ report: Report) {
    FileHandle.standardError.write(Data("workout-sim: \(report)\n".utf8))
  }

  /// What every report of this simulation says it happened in, at the end of its message
  /// (`explore world seed 47: crash@1795+5`), or `nil`: `explore` names its world's plan here,
  /// so a report of one of many worlds says which.
  package var reportContext: String? {
    get { state.withLock { $0.reportContext } }
    set { state.withLock { $0.reportContext = newValue } }
  }

  /// Throws the reports queued during the `advance` that is returning.
  package func throwPendingReports() throws(UnfinishedWork) {
    let pending = state.withLock { state -> [Report] in
      defer { state.pendingReports = [] }
      return state.stepping == 0 ? state.pendingReports : []
    }
    if !pending.isEmpty { throw UnfinishedWork(reports: pending) }
  }

  /// When the app's code waits on the simulation (a `run` body is active, no `advance` is
  /// stepping, nothing is pending on the callback lane, no `settle()` waits for jobs of the
  /// app's on Swift's global executor, ``UnseenWork``, and the outermost run is not past its
  /// body, waiting for the main queue: ``State/endingRun``), the mark of its progress (what a stall
  /// compares with the last stall's, and the stall watch across a poll's wake-ups); else `nil`
  /// (the stall watch's question).
  package var appWaitMark: [Int64]? {
    return state.withLock { state -> [Int64]? in
      guard
        state.runs > 0 && state.stepping == 0 && state.lane.isEmpty && !state.draining
          && state.waitingForUnseen == 0 && !(state.endingRun && state.runs == 1)
      else { return nil }
      return stallMark(&state)
    }
  }

  /// The stall watch found the lane idle for ``stallReportDelay`` while the app waits: reports
  /// it, then ends what the simulation can end (docs/swift-api.md#nothing-silent): every clock
  /// sleeper is resumed throwing ``StallError`` and every running body's task is cancelled, so
  /// ``run(isolation:_:)`` throws ``StallError`` once its body has ended.
  ///
  /// The same stall is reported once: when the app has made no progress since the last stall
  /// (no async call, delivery, sleeper, hold, run or step of time: only the simulation's own
  /// resumptions woke the watch, a cancelled body's task hurried it), nothing is reported again.
  ///
  /// `sleeps`: what the watch saw of the app's sleeps on a real-time clock; a stall counted
  /// across their wake-ups (``SimulationExecutor/RealTimeSleeps/polled``) is a poll of that
  /// clock, and the report names the sleep.
  package func reportStall(sleeps: SimulationExecutor.RealTimeSleeps = .none) {
    let made = state.withLock { state -> Report? in
      state.stallWatchEnds += 1
      let mark = stallMark(&state)
      guard state.lastStallMark != mark else { return nil }
      state.lastStallMark = mark
      return stallReport(state, sleeps: sleeps)
    }
    guard let made else { return }
    let report = record([made], throwing: false)[0]
    endRuns(with: report, termination: nil, error: StallError(report: report))
    // A body that ignores the cancellation ends the process (``stallExitDelay``).
    executor.armExitWatch()
  }

  /// How many times the stall watch found the app waiting a whole window (each stall, and each
  /// window after one that the app made no progress in, which is not reported again).
  package var stallWatchEnds: Int { state.withLock { $0.stallWatchEnds } }

  /// What the app's progress changes (what a stall compares with the last stall's): the
  /// virtual instant, the engine's log, the callbacks delivered, holds and sleepers begun,
  /// async calls begun and runs begun.
  private func stallMark(_ state: inout State) -> [Int64] {
    [
      state.session.now.nanoseconds, Int64(state.session.readEngine { $0.log.count }),
      Int64(state.delivered), Int64(state.laneRounds), Int64(state.nextHold),
      Int64(state.nextSleeper), Int64(callsBegun.load(ordering: .sequentiallyConsistent)),
      Int64(state.nextRun),
    ]
  }

  /// Ends the running runs with `report` (a stall, or a `termination` no call could throw):
  /// each running body's handle keeps it, the watchers (``nextRunEnding(after:)``: the trait's,
  /// and each run's, which cancels its body's task from a task of the run's own, as Swift
  /// Testing handles a test task's cancellation in the test's context) get it, and every
  /// clock sleeper is resumed throwing `error`.
  package func endRuns(with report: Report, termination: AppTermination?, error: any Error) {
    let (watchers, sleepers) = state.withLock {
      state -> ([CheckedContinuation<Report?, Never>], [CheckedContinuation<Void, any Error>]) in
      for handle in state.runTasks.values {
        if let termination {
          if handle.termination == nil { handle.termination = termination }
        } else if handle.stall == nil {
          handle.stall = report
        }
      }
      state.runEndings.append(report)
      var sleepers: [CheckedContinuation<Void, any Error>] = []
      for sleeper in state.sleepers.waiting {
        if let taken = state.sleepers.remove(id: sleeper.id) { sleepers.append(taken.continuation) }
      }
      defer { state.stallWatchers = [:] }
      return (state.stallWatchers.sorted { $0.key < $1.key }.map(\.value), sleepers)
    }
    for watcher in watchers { watcher.resume(returning: report) }
    for sleeper in sleepers { sleeper.resume(throwing: error) }
  }

  /// Returns the report that ends runs after the first `seen` ones (a stall, or a termination
  /// no call could throw: ``endRuns(with:termination:error:)``) when it is made (at once when
  /// it was made already, even to a cancelled task), or `nil` when the calling task is
  /// cancelled before it is made. The `.simulation`
  /// trait and XCTest's `simulate` record each as the test's issue at once, while the body may
  /// still wait (`recorder`, from ``beginRecordingRunEndings()``: asking for the report after
  /// a run stuck after its stall tells ``abandonStuckRun()`` it was recorded, and the process
  /// may end); ``run(isolation:_:)`` cancels its body's task.
  package func nextRunEnding(after seen: Int, recorder: Int? = nil) async -> Report? {
    let id = state.withLock { state -> Int in
      state.nextStallWatcher += 1
      if let recorder, state.recorders[recorder] != nil {
        state.recorders[recorder] = seen
        if let exit = state.exitEnding, seen > exit.index { exit.recorded.signal() }
      }
      return state.nextStallWatcher
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Report?, Never>) in
        let (cancelled, made) = state.withLock { state -> (Bool, Report?) in
          // A report made already is given even to a cancelled watcher: the trait cancels its
          // watch as soon as `run` throws, and a watch task that had not started by then
          // (a busy pool) would otherwise lose the termination that ended the run.
          if state.runEndings.count > seen {
            state.cancelledStallWatchers.remove(id)
            return (false, state.runEndings[seen])
          }
          if state.cancelledStallWatchers.remove(id) != nil { return (true, nil) }
          state.stallWatchers[id] = continuation
          return (false, nil)
        }
        if cancelled {
          continuation.resume(returning: nil)
        } else if let made {
          continuation.resume(returning: made)
        }
      }
    } onCancel: {
      let watcher = state.withLock { state -> CheckedContinuation<Report?, Never>? in
        guard let watcher = state.stallWatchers.removeValue(forKey: id) else {
          state.cancelledStallWatchers.insert(id)
          return nil
        }
        return watcher
      }
      watcher?.resume(returning: nil)
    }
  }

  /// Registers a recorder of run endings as the test's issues (the `.simulation` trait's and
  /// XCTest's `simulate`'s), which then asks for each with
  /// ``nextRunEnding(after:recorder:)``: before ending the process over a run stuck after its
  /// stall, ``abandonStuckRun()`` waits (10 s at most) until every registered recorder has
  /// recorded the report, even one that was between two reports when it was made. Returns the
  /// recorder's number; end it with ``endRecordingRunEndings(_:)``.
  package func beginRecordingRunEndings() -> Int {
    state.withLock { state in
      state.nextRecorder += 1
      state.recorders[state.nextRecorder] = 0
      return state.nextRecorder
    }
  }

  /// The recorder `recorder` stopped (its task was cancelled): the process end no longer waits
  /// for it.
  package func endRecordingRunEndings(_ recorder: Int) {
    let exit = state.withLock { state in
      state.recorders[recorder] = nil
      return state.exitEnding
    }
    exit?.recorded.signal()
  }

  /// What to write instead of a task the run does not wait for (the end of the reports of an
  /// async call still running when `run` returned, or begun after it).
  static let awaitInsideRun =
    "await the work inside run (settle() waits for calls in flight), or start the task with "
    + "Task(executorPreference: simulation.taskExecutor)"

  /// What a stall's message says when the simulation owes the app nothing.
  private static let nothingOwed =
    "nothing the simulation owes the app is pending, so what it awaits will not come: a "
    + "continuation never resumed, a delegate call or completion handler that is not coming "
    + "(check the session's state and simulation.result.errors), or a real-time clock "
    + "(Task.sleep(for:), ContinuousClock, Timer, DispatchQueue.asyncAfter), which advance "
    + "does not move: sleep on simulation.clock instead"

  /// The report of a stall at virtual now: named after what the app waits on, as far as the
  /// simulation can tell (an async call not yet answered, a clock sleeper, a poll of a
  /// real-time clock, else the app's last call into the simulation).
  private func stallReport(_ state: State, sleeps: SimulationExecutor.RealTimeSleeps) -> Report {
    let now = state.session.now
    var pending: [String] = []
    // The app's sleeps on a real-time clock, which the lane sees (project rule,
    // docs/swift-api.md#clocks-and-timers): a poll of one, or one not yet over.
    let poll = sleeps.polled ? sleeps.latest : nil
    if let poll {
      pending.append(
        "its code keeps sleeping on \(poll.clock) (the latest sleep for "
          + "\(Self.durationText(poll.duration)) s: Task.sleep, or the clock's own sleep), a "
          + "real-time clock that advance does not move, while nothing the simulation sees "
          + "changes (no async framework call, delivery, sleeper, hold, run or advance): it "
          + "polls for a state that only virtual time or a delegate call brings; "
          + Self.insteadOfRealTime)
    } else if sleeps.pending > 0, let latest = sleeps.latest {
      pending.append(
        "a task of the app's sleeps on a real-time clock (its latest sleep: "
          + "\(Self.durationText(latest.duration)) s on \(latest.clock), Task.sleep or the "
          + "clock's own sleep), which advance does not move; " + Self.insteadOfRealTime)
    }
    for sleeper in state.sleepers.waiting {
      pending.append(
        "a task sleeps on simulation.clock until t = "
          + "\(secondsText(sleeper.deadline.seconds)) s, and only advance moves time (it is "
          + "resumed throwing StallError)")
    }
    for hold in state.holds.values {
      pending.append("the system waits for \(hold.framework)'s \(hold.call)")
    }
    let unanswered = state.callsRunning.max { $0.key < $1.key }?.value
    for call in state.callsRunning.sorted(by: { $0.key < $1.key }).map(\.value) {
      pending.append("\(call.framework)'s \(call.name) has not returned")
    }
    let framework: String
    let call: String
    // A long-lived query the app may await the next update of (an AsyncStream fed by its
    // update handler).
    let query = state.healthListeners.lazy.filter { !$0.isFinished }.compactMap(\.awaitedQuery)
      .first
    // A task suspended in the next element of a long-running result sequence (a query
    // descriptor's results(for:)): known to wait there, unlike a delegate call no one heard.
    // waitForAll() cancels no child when one throws (Swift's doc:
    // https://developer.apple.com/documentation/swift/throwingtaskgroup/waitforall()).
    let awaitedSequence = state.awaitedSequences.keys.min()
    if let awaitedSequence {
      // The task group's advice only for a group's child: waitForAll() is the group's.
      let advice =
        awaitedSequence.inTaskGroup
        ? "the task is a task group's child, and a group's waitForAll() keeps waiting for such "
          + "a child after another child threw (it cancels none): loop on try await group.next(), "
          + "which throws the child's error so the group cancels the rest, or call "
          + "group.cancelAll()"
        : "break out of the loop once the app has what it waits for, or iterate it in a Task "
          + "you cancel (task.cancel()) when the app no longer needs it"
      pending.append(
        "a task awaits the next result of \(awaitedSequence.framework)'s "
          + "\(awaitedSequence.call), a sequence that never ends by "
          + "itself: its query delivers only when matching samples arrive or are deleted (an "
          + "advance or a save brings them), and the loop over it ends only when it breaks or "
          + "its task is cancelled; " + advice)
    } else if let query {
      pending.append(
        "HealthKit's \(query) is running: its update handler is called only when matching "
          + "samples arrive or are deleted, so an app that awaits its next update waits until "
          + "an advance or a save brings one")
    }
    if let terminated = state.terminationReport {
      // The termination is what ended the app: nothing it awaits comes after it.
      (framework, call) = (terminated.framework, terminated.call)
      pending.insert(
        "the app was terminated at t = \(secondsText(terminated.seconds)) s by "
          + "\(terminated.framework)'s \(terminated.call) (\(terminated.message)); on a device "
          + "the app ends there, the completion handler of the call that terminated it is never "
          + "called and later calls are inert, so what the app awaits will not come", at: 0)
    } else if let unanswered {
      (framework, call) = (unanswered.framework, unanswered.name)
    } else if let sleeper = state.sleepers.waiting.first {
      (framework, call) = (
        "SimulationClock", "sleep(until: \(secondsText(sleeper.deadline.seconds)) s)"
      )
    } else if let poll {
      (framework, call) = (
        "Swift", "Task.sleep on \(poll.clock) (\(Self.durationText(poll.duration)) s)"
      )
    } else if let awaitedSequence {
      (framework, call) = (awaitedSequence.framework, awaitedSequence.call)
    } else if let query {
      (framework, call) = ("HealthKit", query)
    } else if let last = state.lastCall, !state.advancedSinceLastCall {
      (framework, call) = (last.framework, "after \(last.name)")
      pending.append(
        "the app's last call into the simulation, \(last.framework)'s \(last.name), has "
          + "returned; \(Self.nothingOwed)")
    } else if let advance = state.lastAdvance {
      (framework, call) = ("simulation", "after \(advance.call)")
      let before =
        state.lastCall.map {
          "its last async framework call, \($0.framework)'s \($0.name), has returned too"
        } ?? "it made no async framework call; calls with a completion handler were answered"
      pending.append(
        "the app's last call into the simulation was \(advance.call), which returned at t = "
          + "\(secondsText(advance.at.seconds)) s (\(before)); \(Self.nothingOwed)")
    } else {
      (framework, call) = ("simulation", "run(_:)")
      pending.append(
        "the app has made no async call and no advance into the simulation in this run (calls "
          + "with a completion handler were answered); \(Self.nothingOwed)")
    }
    // Delegate calls delivered to no one: what the app awaits may be one of them, unless a
    // task is known to await a result sequence (then they come after it, as less likely).
    if awaitedSequence != nil, !state.undelivered.isEmpty {
      pending.append(
        "less likely, as nothing shows the app awaits them: "
          + state.undelivered.joined(separator: "; "))
    } else {
      pending += state.undelivered
    }
    // What the frameworks' work waits for from the app's code (content for a session never
    // activated): a likely cause, before what the app's last call left.
    pending.insert(
      contentsOf: state.frameworkStateKeys().flatMap {
        (state.extensions[$0] as? any SimulationExtension)?.stallClauses(in: state) ?? []
      }, at: 0)
    // Objects made and never handed on (a query never executed): the likeliest cause, first.
    pending.insert(contentsOf: unusedObjects.withLock { $0.clauses }, at: 0)
    let delay = executor.currentStallDelay
    let message =
      poll != nil
      ? "the app's code has polled a real-time clock for \(delay) of wall-clock time with "
        + "nothing else to run: \(pending.joined(separator: "; ")); the run's task is "
        + "cancelled and run(_:) throws StallError once its body ends: a loop that sleeps with "
        + "try await ends there, one that swallows the cancellation (try? await Task.sleep) "
        + "never does"
      : "the app's code has waited \(delay) of wall-clock time with "
        + "nothing left to run: \(pending.joined(separator: "; ")); the run's task is "
        + "cancelled and run(_:) throws StallError once its body ends; a continuation that "
        + "ignores cancellation keeps it waiting: wrap it in withTaskCancellationHandler "
        + "{ ... } onCancel: { resume it throwing CancellationError } so the run can end it"
    return Report(
      kind: .stalled, framework: framework, call: call, date: date(of: now),
      seconds: now.seconds, message: message)
  }

  /// What a stall's message says to write instead of a wait on a real-time clock.
  private static let insteadOfRealTime =
    "move virtual time from the test with advance(by:), sleep on simulation.clock instead, or "
    + "await the delegate call or async call that brings the state"

  /// A real-time sleep's duration in seconds to the millisecond (`0.020`, `60`; a positive one
  /// shorter than half a millisecond is `< 0.001`), as a stall names it.
  private static func durationText(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = ((Double(seconds) + Double(attoseconds) * 1e-18) * 1000).rounded()
    if milliseconds == 0 && duration > .zero { return "< 0.001" }
    return secondsText(milliseconds / 1000)
  }

  /// Counts a task of the app as awaiting the next element of the long-running result
  /// sequence `call` of `framework` (HealthKit's `HKAnchoredObjectQueryDescriptor.results(for:)`)
  /// while `body` runs: a stall while one is awaited names it first, as the likelier wait than
  /// the delegate calls delivered to no one (project rule, docs/swift-api.md#nothing-silent).
  /// The count is not progress: the stall watch does not see it change.
  nonisolated(nonsending) package func awaitingSequence<T>(
    framework: String, call: String, _ body: () async throws -> T
  ) async rethrows -> T {
    let sequence = AwaitedSequence(
      framework: framework, call: call, inTaskGroup: currentTaskIsTaskGroupChild())
    state.withLock { $0.awaitedSequences[sequence, default: 0] += 1 }
    defer {
      state.withLock { state in
        let left = (state.awaitedSequences[sequence] ?? 1) - 1
        state.awaitedSequences[sequence] = left > 0 ? left : nil
      }
    }
    return try await body()
  }

  /// Notes a delegate call a framework produced for an object that had no delegate (the app
  /// forgot `session.delegate = self`, set it after the call it waits for, or let the weakly
  /// held delegate object go), in the framework's words: `call` at `seconds` (of scenario
  /// time) "but had no delegate: `advice` (the property is weak: keep the delegate object
  /// alive)", as `HKWorkoutSession changed to running at t = 0 s but had no delegate: set
  /// session.delegate before startActivity (...)`. A stall's message names each such line once
  /// (the first 8 kept) as what the app may be waiting on (project rule,
  /// docs/swift-api.md#nothing-silent). With `kind`, only the first call of that kind is noted
  /// (a call that recurs, as a location update every second, is one line, at its first
  /// instant); `call` is only made into text when it is noted. The one home of the rule for
  /// every simulated framework's delegates.
  package func noteNoDelegate(
    _ call: @autoclosure () -> String, kind: String? = nil, at seconds: Double, advice: String
  ) {
    let wanted = state.withLock { state -> Bool in
      guard state.undelivered.count < 8 else { return false }
      guard let kind else { return true }
      return state.undeliveredKinds.insert(kind).inserted
    }
    guard wanted else { return }
    // To the millisecond: a time read back from a `Date` is off by a fraction of a microsecond.
    let time = secondsText((seconds * 1000).rounded() / 1000)
    let note =
      "\(call()) at t = \(time) s but had no delegate: \(advice) (the property is weak: keep "
      + "the delegate object alive)"
    state.withLock { state in
      guard state.undelivered.count < 8, !state.undelivered.contains(note) else { return }
      state.undelivered.append(note)
    }
  }

  /// Reports, once per object, that `object`, made in `home`, was used inside this
  /// simulation's `run` (``Report/Kind-swift.enum/foreignObject``).
  package func reportForeignUse(of object: AnyObject, madeIn home: AppSimulation) {
    let report = state.withLock { state -> Report? in
      guard state.foreignObjectsReported.insert(ObjectIdentifier(object)).inserted else {
        return nil
      }
      let now = state.session.now
      return Report(
        kind: .foreignObject, framework: "HealthKit", call: "\(type(of: object))",
        date: date(of: now), seconds: now.seconds,
        message: "this \(type(of: object)) was made in another simulation (scenario start "
          + "\(home.startDate)), so its calls read and write that simulation's world, not this "
          + "one's: make it inside this simulation's run (per test), not in a static or a "
          + "singleton shared across tests")
    }
    if let report { record([report], throwing: false) }
  }

  /// Keeps a ``Report/Kind-swift.enum/dropped`` report of `framework`'s `call` at virtual now
  /// for each of `messages` (what was left out, and what to write instead), for a caller that
  /// holds the simulation's lock; returns them for ``writeToStandardError(_:)`` once it is
  /// released.
  package func keepDropped(
    _ messages: [String], framework: String, call: String, in state: inout State
  ) -> [Report] {
    keepReports(.dropped, messages, framework: framework, call: call, in: &state)
  }

  /// Keeps a report of `kind` for `framework`'s `call` at virtual now for each of `messages`,
  /// for a caller that holds the simulation's lock (not thrown by the `advance` in progress);
  /// returns them for ``writeToStandardError(_:)`` once the lock is released.
  package func keepReports(
    _ kind: Report.Kind, _ messages: [String], framework: String, call: String,
    in state: inout State
  ) -> [Report] {
    let now = state.session.now
    let reports = messages.map {
      Report(
        kind: kind, framework: framework, call: call, date: date(of: now),
        seconds: now.seconds, message: $0)
    }
    return keep(reports, throwing: false, in: &state)
  }

  /// Reports that `call` (a query, as its description names it) was given a value made in
  /// another simulation, with `message` saying what happened and what to write instead
  /// (``Report/Kind-swift.enum/foreignObject``): each time, as each such call hides data.
  /// `framework` names the framework whose object it was (`WatchConnectivity` for a
  /// `WCSession` kept past its simulation).
  package func reportForeignValue(
    call: String, message: String, framework: String = "HealthKit"
  ) {
    let report = state.withLock { state -> Report in
      let now = state.session.now
      return Report(
        kind: .foreignObject, framework: framework, call: call, date: date(of: now),
        seconds: now.seconds, message: message)
    }
    record([report], throwing: false)
  }

  /// Reports, once, that virtual time has passed the end of the generated health data
  /// (``Report/Kind-swift.enum/healthDataEnded``), after an `advance` took it there; only for
  /// a scenario that generates health data (`health.generate`: docs/health-data.md).
  func reportHealthDataEnd() {
    guard scenario.health?.generate == true else { return }
    let report = state.withLock { state -> Report? in
      let end = state.session.plannedEnd.advanced(by: Self.healthDataLead)
      let now = state.session.now
      guard !state.healthDataEndReported, now > end else { return nil }
      state.healthDataEndReported = true
      // The last action that generates data through `now`: `now` less the lead.
      let needed = SimulationInstant(
        nanoseconds: now.nanoseconds - end.nanoseconds + state.session.plannedEnd.nanoseconds)
      return Report(
        kind: .healthDataEnded, framework: "HealthKit",
        call: state.lastAdvance?.call ?? "advance", date: date(of: now), seconds: now.seconds,
        message: "virtual time passed the end of the generated health data at t = "
          + "\(secondsText(end.seconds)) s, two days after the scenario's planned end (its last "
          + "timeline action, t = \(secondsText(state.session.plannedEnd.seconds)) s): after it "
          + "the store gets no generated samples (heart rate, steps, sleep, ...), only the app's "
          + "own and its workouts'. To generate data this far, end the scenario's timeline "
          + "later: add {\"at\": \(secondsText(needed.seconds)), \"do\": \"probe\"} to its "
          + "\"timeline\" (the last instant the test reaches, t = \(secondsText(now.seconds)) s, "
          + "less two days)")
    }
    if let report { record([report], throwing: false) }
  }

  /// Reports, as warnings, the queries made with a handler and never executed when the
  /// outermost `run` returns (``Report/Kind-swift.enum/neverExecuted``), each once; after a
  /// stall (`stalled`), which named them, none.
  func reportNeverExecuted(stalled: Bool) {
    let (runs, now) = state.withLock { ($0.runs, $0.session.now) }
    guard runs == 0 else { return }
    let warnings = unusedObjects.withLock { $0.takeWarnings(stalled: stalled) }
    record(
      warnings.map { warning in
        Report(
          kind: .neverExecuted, framework: "HealthKit", call: "execute(_:)", date: date(of: now),
          seconds: now.seconds, message: warning)
      }, throwing: false)
  }

  /// Reports, as ``Report/Kind-swift.enum/notDelivered`` warnings, what the frameworks never
  /// handed to the app when the outermost `run` returns
  /// (``SimulationExtension/endOfRunWarnings(stalled:in:)``: content from the phone the watch
  /// app's session never received), each once.
  func reportUndeliveredAtEnd(stalled: Bool) {
    let reports = state.withLock { state -> [Report] in
      guard state.runs == 0 else { return [] }
      let now = state.session.now
      var reports: [Report] = []
      for key in state.frameworkStateKeys() {
        // Not every value is a framework's state (`extensions` holds `any Sendable`): only
        // those are taken out, and put back.
        guard var value = state.extensions[key] as? any SimulationExtension else { continue }
        state.extensions[key] = nil
        let warnings = value.endOfRunWarnings(stalled: stalled, in: &state)
        state.extensions[key] = value
        reports += warnings.map {
          Report(
            kind: .notDelivered, framework: $0.framework, call: $0.call, date: date(of: now),
            seconds: now.seconds, message: $0.message)
        }
      }
      return reports
    }
    record(reports, throwing: false)
  }

  /// Reports what still waits on the simulation when the outermost `run` returns.
  package func reportBlockedAtEnd() {
    let reports = state.withLock { state -> [Report] in
      guard state.runs == 0 else { return [] }
      let now = state.session.now
      var reports: [Report] = []
      for sleeper in state.sleepers.waiting {
        let deadline = secondsText(sleeper.deadline.seconds)
        reports.append(
          Report(
            kind: .blockedAtEnd, framework: "SimulationClock", call: "sleep(until: \(deadline) s)",
            date: date(of: now), seconds: now.seconds,
            message: "a task was still sleeping when run(_:) returned: advance past its deadline "
              + "inside run, or cancel the task"))
      }
      for hold in state.holds.sorted(by: { $0.key < $1.key }).map(\.value) {
        reports.append(
          Report(
            kind: .blockedAtEnd, framework: hold.framework, call: hold.call,
            date: date(of: now), seconds: now.seconds,
            message: "the system still waited for the app's answer when run(_:) returned"))
      }
      for call in state.callsRunning.sorted(by: { $0.key < $1.key }).map(\.value) {
        reports.append(
          Report(
            kind: .blockedAtEnd, framework: call.framework, call: call.name,
            date: date(of: now), seconds: now.seconds,
            message: "an async call was still running when run(_:) returned: the task that "
              + "made it is one the simulation does not wait for (a nonisolated Task { } or "
              + "Task.detached started off the simulation's lane); \(Self.awaitInsideRun)"))
      }
      return reports
    }
    record(reports, throwing: false)
  }

  /// Delivers the callback lane on the simulation's executor (its lane item): the pending
  /// callbacks run by themselves, without the test calling anything. When another caller's
  /// delivery loop runs, that loop delivers them (it runs until the lane is empty).
  package func deliverFromLane() {
    var buffer: [Delivery] = []
    if claimLoop(&buffer, fromLane: true) { _ = runLoop(&buffer) }
  }

  /// Starts `operation` as a task on the current simulation's lane (a framework calling an
  /// app's `async` delegate method from its completion-handler form), so that `advance` and
  /// `settle` wait for it as for the app's other work there; a plain task outside a simulation.
  package static func startOnLane(_ operation: sending @escaping () async -> Void) {
    Task(executorPreference: current?.executor, operation: operation)
  }

  /// Returns when nothing is runnable at virtual now on the simulation's lane: the callback
  /// lane is empty and every task on the simulation's executor has run until it suspended.
  @concurrent package func quiesce() async {
    while true {
      await executor.waitUntilIdle()
      if state.withLock({ $0.lane.isEmpty && !$0.draining }) { return }
      await drain()
    }
  }
}

/// A public call of a simulated framework, as reports name it: an async framework call in
/// flight (``AppSimulation/deliver(_:of:fileID:)``), or the call that queued a completion or
/// delegate call (``AppSimulation/enqueue(_:owedBy:)``).
///
/// Named as the strict-dates table names calls (docs/swift-api.md#every-call-that-takes-an-app-date):
/// a HealthKit method by itself (`requestAuthorization(toShare:read:completion:)`), another
/// framework's with its type (`UNUserNotificationCenter.add(_:withCompletionHandler:)`).
package struct CallInFlight: Sendable {
  /// The method, as `#function` names it in the public method (`endCollection(at:)`).
  package var function: StaticString
  /// Where it is declared, as `#fileID` names it (`SimulatedHealthKit/Workout/...`).
  package var fileID: StaticString
  /// The type the method belongs to, empty for a HealthKit method (`UNUserNotificationCenter`).
  package var owner: StaticString

  /// A call of `function` (of `owner`), declared in `fileID`.
  package init(function: StaticString, fileID: StaticString, owner: StaticString = "") {
    self.function = function
    self.fileID = fileID
    self.owner = owner
  }

  /// The call's public name: the method's, after its type's when it has one
  /// (`UNUserNotificationCenter.add(_:withCompletionHandler:)`).
  package var name: String {
    owner.utf8CodeUnitCount == 0 ? function.description : "\(owner).\(function)"
  }

  /// The framework: the module of ``fileID`` without its `Simulated` prefix (`HealthKit`,
  /// `UserNotifications`).
  package var framework: String {
    let module = fileID.description.prefix { $0 != "/" }
    guard module.hasPrefix("Simulated") else { return String(module) }
    return String(module.dropFirst("Simulated".count))
  }
}

/// A hold: the system waits for the app's answer at the current instant.
package struct Hold: Sendable {
  /// The simulated framework that waits.
  package var framework: String
  /// The app code whose answer it waits for.
  package var call: String
  /// The instant the hold began.
  package var since: SimulationInstant
  /// The device whose app process owes the answer: a crash of that device's app ends the hold
  /// (logged `holdEnded`, reason `appCrashed`), the other device's crash leaves it open; `nil`
  /// for code of no app process (a widget extension's timeline provider), which no app crash
  /// ends.
  package var device: AppSimulation.Device?
}

/// Seconds of scenario time as a report writes them: whole seconds without decimals, else to
/// the millisecond (`60`, `60.25`).
package func secondsText(_ seconds: Double) -> String {
  if seconds == seconds.rounded(), abs(seconds) < 1e15 { return String(Int64(seconds)) }
  return TextFormat.fixed(seconds, decimals: 3) ?? String(seconds)
}

/// The runs of the process stuck after their stall, and the end of the process over them
/// (``AppSimulation/abandonStuckRun()``; a project rule, docs/swift-api.md#a-run-that-cannot-end).
///
/// The process holds every test of a test run (Swift Testing runs them in parallel), so it ends
/// only once no other run in it is in progress: every `run` body of the process
/// (``UnseenWork/runs``) has ended or is stuck too, for ``quiet`` in a row (a test between two
/// runs of its own is not cut off), or after ``longestWait`` of wall-clock time at most (another
/// run that never ends would otherwise keep the stuck one's process forever). Meanwhile the lane
/// goes on: a body that ends after all (it was slow, not stuck) keeps the process.
package enum StuckRuns {
  /// Runs stuck past their exit delay whose process end is pending.
  private static let count = Atomic<Int>(0)
  /// How many runs of the process wait for the others before the process ends.
  package static var pending: Int { count.load(ordering: .sequentiallyConsistent) }
  /// How long no other run may be in progress before the process ends: 1 s.
  package static let quiet: Duration = .seconds(1)
  /// The longest wait for the other runs: 10 minutes of wall-clock time.
  package static let longestWait: Duration = .seconds(600)
  /// ``longestWait`` in words, for the report's message.
  static let longestWaitText = "10 minutes"
  /// How often the wait looks at the runs, in seconds.
  private static let lookEvery: TimeInterval = 0.05

  /// The wait's rule, apart from the clock and the counts.
  package struct Wait: Sendable, Equatable {
    /// When the other runs were last seen in progress, or the wait began.
    private var busyAt: Duration = .zero

    package init() {}

    /// What the wait does at `elapsed` since it began, when `others` runs of the process
    /// (neither ended nor stuck) are in progress: `true` ends the process.
    package mutating func look(others: Int, elapsed: Duration) -> Bool {
      if others > 0 { busyAt = elapsed }
      return elapsed - busyAt >= StuckRuns.quiet || elapsed >= StuckRuns.longestWait
    }
  }

  /// Ends the process with `code` once no other run is in progress (``Wait``), unless
  /// `stillStuck` says the stuck body ended meanwhile (then returns). Called on a thread of its
  /// own, which it blocks. Writes a line to
  /// standard error when other runs are waited for.
  static func endProcess(code: Int32, stillStuck: () -> Bool) {
    // The line first, then the count: a run that waits for the count (a test) sees the line.
    let others =
      UnseenWork.runs.load(ordering: .sequentiallyConsistent)
      - count.load(ordering: .sequentiallyConsistent) - 1
    if others > 0 {
      FileHandle.standardError.write(
        Data(
          ("workout-sim: simulation: waiting for the \(others) other run(s) in progress in "
            + "this process to end (at most \(longestWaitText)) before it ends with exit code "
            + "\(code)\n").utf8))
    }
    count.add(1, ordering: .sequentiallyConsistent)
    let began = ContinuousClock.now
    var wait = Wait()
    while true {
      guard stillStuck() else {
        count.subtract(1, ordering: .sequentiallyConsistent)
        return
      }
      let others =
        UnseenWork.runs.load(ordering: .sequentiallyConsistent)
        - count.load(ordering: .sequentiallyConsistent)
      if wait.look(others: others, elapsed: ContinuousClock.now - began) { break }
      Thread.sleep(forTimeInterval: lookEvery)
    }
    fflush(nil)
    _exit(code)
  }
}

/// A framework's long-running result sequence a task of the app awaits the next element of
/// (``AppSimulation/awaitingSequence(framework:call:_:)``), as a stall names it: HealthKit's
/// `HKAnchoredObjectQueryDescriptor.results(for:)`.
package struct AwaitedSequence: Hashable, Comparable, Sendable {
  /// The framework (`HealthKit`).
  package let framework: String
  /// The call that made the sequence (`HKAnchoredObjectQueryDescriptor.results(for:)`).
  package let call: String
  /// Whether the awaiting task is a child of a task group (``currentTaskIsTaskGroupChild()``):
  /// only then does a stall give the task group's advice.
  package let inTaskGroup: Bool

  /// Creates the name of a sequence awaited by a task that is (`inTaskGroup`) or is not a child
  /// of a task group.
  package init(framework: String, call: String, inTaskGroup: Bool = false) {
    self.framework = framework
    self.call = call
    self.inTaskGroup = inTaskGroup
  }

  /// By framework, then call, a task group's child first: the one a stall names of several is
  /// always the same.
  package static func < (lhs: AwaitedSequence, rhs: AwaitedSequence) -> Bool {
    (lhs.framework, lhs.call, lhs.inTaskGroup ? 0 : 1)
      < (rhs.framework, rhs.call, rhs.inTaskGroup ? 0 : 1)
  }
}

/// Whether the current task is a child of a task group (`withTaskGroup`,
/// `withThrowingTaskGroup` and the discarding groups' `addTask`), not the body of a run, an
/// `async let` or a `Task { }`. Swift has no API for it; the concurrency runtime's ABI has the
/// answer in the task's job flags: the flags are the 32-bit word after the object header (two
/// words) and the scheduler's two private words ("WARNING: DO NOT MOVE. Schedulers may assume
/// the memory location of the Flags", `Job` in include/swift/ABI/Task.h; the same layout in the
/// public executor header's `SwiftJob`, stdlib/public/Concurrency/ExecutorImpl.h), and bit 26 is
/// `Task_IsGroupChildTask` (`JobFlags` in include/swift/ABI/MetadataValues.h; both files in
/// https://github.com/swiftlang/swift). Used only for what a stall's message advises (project
/// rule, docs/swift-api.md#nothing-silent); `false` outside a task.
package func currentTaskIsTaskGroupChild() -> Bool {
  withUnsafeCurrentTask { task -> Bool in
    guard let task else { return false }
    let object = unsafeBitCast(task, to: UnsafeRawPointer.self)
    let flags = object.load(
      fromByteOffset: 4 * MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
    return flags & (1 << 26) != 0
  }
}
