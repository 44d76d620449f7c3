import WorkoutCore

/// The watch around the app: lifecycle, keep-alive, extended runtime sessions and auto-pause.
///
/// Rules (docs/healthkit-behaviour.md#app-states, #suspension-and-keep-alive,
/// #extended-runtime-sessions and #auto-pause; docs/field-cases.md F07, F08; project rules named in
/// ``WatchConfiguration`` and ``AutoPauseConfiguration``):
/// - The app starts `active` with the wrist up. `wristDown`: active → inactive, and after
///   ``WatchConfiguration/returnToClock`` inactive → background (not while a frontmost extended
///   runtime session runs; when it ends, the return-to-clock time counts from the wrist-down).
///   `wristUp`: inactive → active; background → active when a workout session keeps the app
///   alive (the workout app reappears on wrist raise). `crownPress`: frontmost → background at
///   once, ending a frontmost extended runtime session with `resignedFrontmost` first.
///   `openApp`: → active (wrist up); a launch without recovery when the app is not running.
/// - Keep-alive: a workout session in `prepared`, `running`, `paused` or `stopped`, else a
///   running extended runtime session. A background app without keep-alive is suspended after
///   ``WatchConfiguration/backgroundGracePeriod``; a keep-alive arriving in the grace period
///   cancels it. A suspended app receives nothing; what its builder collects arrives as one
///   `dataCollected` batch when it wakes (`openApp`, a scheduled smart alarm starting, a
///   background refresh).
/// - Background refresh (``backgroundRefreshLaunched(at:)``): ignored while the app is
///   frontmost; else it wakes or launches the app into the background, and the task keeps it
///   alive until ``backgroundRefreshEnded(at:)``; a task for content the link woke the app for
///   keeps it alive from ``backgroundTaskBegan(at:)`` to the same end.
/// - Extended runtime sessions: one declared type; `start` and `schedule` only while `active`
///   (else invalid at once, reason `error`, error `mustBeActiveToStartOrSchedule`: F07); one
///   running or scheduled session at a time (the next one is invalid at once with
///   `sessionInProgress`); `schedule` for smart alarms only (`notApprovedToSchedule`), at most
///   36 h ahead (`scheduledTooFarInAdvance`); `willExpire` at the limit minus
///   ``WatchConfiguration/willExpireLeadTime``, invalid with `expired` at the limit;
///   `invalidate` → reason `none` (`notYetStarted` without a session; a scheduled session only
///   while active). A crash terminates every running session; a scheduled smart alarm stays
///   scheduled and, at its date, launches a not-running app into the background
///   (``runtimeLaunches``).
/// - Auto-pause: see ``AutoPauseConfiguration``; the detector evaluates the ``MotionSource``
///   only where the speed changes.
///
/// The engine composes four state machines: ``AppLifecycleStateMachine`` (app state and wrist),
/// one ``ExtendedRuntimeSessionStateMachine`` per extended runtime session,
/// ``RuntimeHelperStateMachine`` (F08) and ``AutoPauseStateMachine``. It feeds them events and
/// carries out the actions they return; derived facts (is the app running, does it receive
/// callbacks, the keep-alive reason, the live extended runtime session) are computed from their
/// states.
extension WorkoutEngine {
  // MARK: - Inspection

  /// The app's lifecycle state (always `.active` while the lifecycle model is off).
  public var appState: AppState { lifecycleEnabled ? app.appState : .active }
  /// What keeps the app alive in the background (`.none` while the lifecycle model is off): a
  /// workout session that is prepared, running, paused or stopped, else a running extended
  /// runtime session, else a background refresh task that has not finished.
  public var keepAlive: KeepAliveReason {
    guard lifecycleEnabled else { return .none }
    for session in sessions {
      switch session.machine.state {
      case .prepared, .running, .paused, .stopped: return .workoutSession
      case .notStarted, .ended: continue
      }
    }
    if let index = liveRuntime, runtimes[index].state == .running {
      return .extendedRuntimeSession
    }
    if backgroundTasksRunning > 0 { return .backgroundTask }
    return .none
  }
  /// Whether the wrist is raised (the scenario's `wristDown` / `wristUp`, `openApp` raises it;
  /// always `true` while the lifecycle model is off).
  public var isWristUp: Bool { app.isWristUp }
  /// The number of extended runtime sessions the app created.
  public var extendedRuntimeSessionCount: Int { runtimes.count }
  /// The state of extended runtime session `index`, or `nil` if there is none.
  public func extendedRuntimeSessionState(_ index: Int) -> ExtendedRuntimeSessionState? {
    runtimes.indices.contains(index) ? runtimes[index].state : nil
  }
  /// The holders of the reference-counting helper (F08), in acquisition order.
  public var extendedRuntimeHolders: [String] { helper.holders }

  /// The scheduled or running extended runtime session (at most one), or `nil`.
  var liveRuntime: Int? { runtimes.lastIndex { $0.isLive } }

  /// The app's latest extended runtime session in its current process (the one `invalidate`
  /// acts on), or `nil`.
  private var latestRuntime: Int? { runtimes.count > runtimeBase ? runtimes.count - 1 : nil }

  /// Whether a frontmost extended runtime session runs (it holds the app in front).
  private var frontmostRuntimeRunning: Bool {
    liveRuntime.map { runtimes[$0].holdsAppInFront } ?? false
  }

  /// The live extended runtime session's deadline (nanoseconds), or `nil`: what it registers
  /// as ``EngineTimer/extendedRuntime``.
  var liveRuntimeDeadline: Int64? { liveRuntime.flatMap { runtimes[$0].deadline } }

  /// Registers every timer's deadline as the machines stand (at creation, where the machines'
  /// observers do not run yet); from then on each machine registers its own on every change.
  mutating func registerTimers() {
    timers.set(.autoPause, to: autoPause?.deadline)
    timers.set(.reminder, to: reminderDeadline)
    timers.set(.extendedRuntime, to: liveRuntimeDeadline)
    timers.set(.app, to: app.deadline)
    timers.set(.link, to: linkState.deadline)
    timers.set(.mirroring, to: mirroring.deadline)
  }

  /// Whether a timer is due at or before `date`.
  func timersDue(through date: SimulationInstant) -> Bool {
    assert(timersAreRegistered, "a machine's deadline changed without its observer")
    return timers.nextDeadline.map { $0 <= date.nanoseconds } ?? false
  }

  /// Whether every timer's registered deadline is its machine's own: the invariant the
  /// observers keep, checked in debug builds (every test run) at each step, so a deadline that
  /// came to depend on more than its machine's stored property is caught.
  private var timersAreRegistered: Bool {
    timers.deadline(of: .autoPause) == autoPause?.deadline
      && timers.deadline(of: .reminder) == reminderDeadline
      && timers.deadline(of: .extendedRuntime) == liveRuntimeDeadline
      && timers.deadline(of: .app) == app.deadline
      && timers.deadline(of: .link) == linkState.deadline
      && timers.deadline(of: .mirroring) == mirroring.deadline
  }

  // MARK: - Deadlines

  /// Passes every timer deadline due at or before `limit`, in time order, and at one instant
  /// in ``EngineTimer`` order, delivering the samples due before each instant first; after each
  /// instant, the link's connectivity is checked (a mirroring whose link dropped ends).
  mutating func runLifecycleTimers(through limit: Int64) {
    // Room for the whole stretch first (``reserveStorage(through:)``): each pump below reserves
    // only through its own timer's deadline, so a long stretch with deadlines on the way (the
    // 7-day benchmark run passes seven) grew the series and the log twofold step by step,
    // copying them into fresh pages, and left them roomy enough for the record to copy again.
    reserveStorage(through: SimulationInstant(nanoseconds: limit))
    while let deadline = timers.nextDeadline, deadline <= limit {
      pump(through: SimulationInstant(nanoseconds: deadline - 1))
      if now.nanoseconds < deadline { now = SimulationInstant(nanoseconds: deadline) }
      let date = SimulationInstant(nanoseconds: deadline)
      var instantDone = true
      for timer in EngineTimer.allCases {
        // Each timer's deadline is read after the ones before it fired (a motion change may
        // move the app's); the link's machine passes every deadline it has at or before now.
        guard let due = timers.deadline(of: timer),
          timer == .link ? due <= deadline : due == deadline
        else { continue }
        if fire(timer, at: date) == .askAgain {
          instantDone = false
          break
        }
      }
      if instantDone { linkConnectivityChecked(at: date) }
    }
  }

  /// What ``runLifecycleTimers(through:)`` does after a timer fired.
  private enum AfterTimer {
    /// The instant's later timers follow.
    case next
    /// The deadlines are read again from the start (a reminder can open or end a session,
    /// which changes the others).
    case askAgain
  }

  /// Does what `timer` has due at `date`.
  private mutating func fire(_ timer: EngineTimer, at date: SimulationInstant) -> AfterTimer {
    let deadline = date.nanoseconds
    switch timer {
    case .autoPause:
      motionDetected(at: date)
    case .reminder:
      passReminder(at: date)
      return .askAgain
    case .extendedRuntime:
      guard let index = liveRuntime else { return .next }
      if runtimes[index].state == .scheduled {
        let wasRunning = appIsRunning
        applyApp(app.scheduledSessionBegan(at: deadline, keepAlive: keepAlive), at: date)
        // A session scheduled by a process that has since ended launched the app for it.
        if !wasRunning, appIsRunning { runtimeLaunches += 1 }
      }
      let holding = runtimes[index].holdsAppInFront
      applyRuntime(index, runtimes[index].deadlinePassed(at: deadline), at: date, holding)
    case .app:
      applyApp(
        app.deadlinePassed(
          at: deadline, frontmostHeld: frontmostRuntimeRunning, keepAlive: keepAlive),
        at: date)
    case .link:
      let watch = linkWatch
      stepLink(at: date) { link, app in link.deadlinePassed(at: deadline, watch: watch, app: &app) }
    case .mirroring:
      deliverMirroring(at: date)
    }
    return .next
  }

  // MARK: - App state

  /// Carries out what the app machine returned: logs a change (lifecycle model on), delivers
  /// what a suspended app missed, starts a pending helper session on `active`, launches.
  mutating func applyApp(_ action: AppLifecycleStateMachine.Action, at date: SimulationInstant) {
    switch action {
    case .none:
      return
    case .launch:
      relaunch(recover: false, at: date)
    case .launchInBackground(let cause):
      relaunch(recover: false, at: date, inBackgroundFor: cause)
    case .ignored:
      return
    case .changed(let change):
      // The record's entry and, for the Swift door, the effect (WatchKit's delegate calls).
      if lifecycleEnabled
        || (configuration.logsAppProcess && (change.cause == .crash || change.cause == .relaunch))
      {
        emit(EngineEffect(at: date, session: nil, kind: .appState(change)))
      }
      if change.from == .suspended && change.to.receivesCallbacks { deliverMissed(at: date) }
      if change.to == .active, case .startSession = helper.appBecameActive() {
        startHelperRuntime(at: date)
      }
      refreshLink(at: date)
    }
  }

  /// Delivers what the app's builder collected while the app received nothing, as one batch.
  private mutating func deliverMissed(at date: SimulationInstant) {
    if let index = currentSessionIndex, sessions[index].attached, missedCount > 0 {
      notify(index, at: date, .dataCollected(types: missedTypes, count: missedCount))
    }
    missedTypes = QuantityTypeSet()
    missedCount = 0
  }

  /// Tells the app machine the keep-alive reason (a change in the background is logged and
  /// starts or cancels the grace period).
  private mutating func keepAliveMayHaveChanged(at date: SimulationInstant) {
    applyApp(app.keepAliveChanged(to: keepAlive, at: date.nanoseconds), at: date)
  }

  /// `wristDown`, `wristUp`, `crownPress`, `openApp`.
  mutating func userAction(_ action: AppAction, at date: SimulationInstant) {
    switch action {
    case .wristDown:
      applyApp(app.wristDown(at: date.nanoseconds, keepAlive: keepAlive), at: date)
    case .wristUp:
      applyApp(app.wristUp(keepAlive: keepAlive), at: date)
    case .crownPress:
      if app.appState.isFrontmost, let index = liveRuntime, runtimes[index].holdsAppInFront {
        applyRuntime(index, runtimes[index].resignFrontmost(), at: date, true)
      }
      applyApp(app.crownPress(at: date.nanoseconds, keepAlive: keepAlive), at: date)
    case .openApp:
      applyApp(app.openApp(keepAlive: keepAlive), at: date)
    default:
      preconditionFailure("userAction(\(action.word)): not a user action")
    }
  }

  /// The system launches the watch app's background refresh task at `date`
  /// (docs/healthkit-behaviour.md#background-refresh): the app machine decides
  /// (``AppLifecycleStateMachine/backgroundRefreshDue(at:keepAlive:)``) and the engine carries
  /// it out. A frontmost app ignores the task (Apple: "If the app is still running in the
  /// foreground at the scheduled time, the system ignores the task",
  /// https://developer.apple.com/documentation/watchkit/wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:));
  /// otherwise a suspended app wakes into the background, a not-running app is launched into
  /// it (cause `backgroundRefresh`), and the task keeps the app alive
  /// (``KeepAliveReason/backgroundTask``) until ``backgroundRefreshEnded(at:)``. With the
  /// lifecycle model off the app is always active, so every task is ignored.
  ///
  /// - Returns: `true` when the task runs, `false` when it was ignored.
  public mutating func backgroundRefreshLaunched(at date: SimulationInstant) -> Bool {
    guard lifecycleEnabled else { return false }
    let reason = keepAlive == .none ? KeepAliveReason.backgroundTask : keepAlive
    let action = app.backgroundRefreshDue(at: date.nanoseconds, keepAlive: reason)
    if case .ignored = action { return false }
    backgroundTasksRunning += 1
    applyApp(action, at: date)
    return true
  }

  /// A fall the user authorized fall detection for is detected at `date` while the watch app is
  /// not running: the system launches it into the background (cause `fallDetection`) so that
  /// its launch code can set a `CMFallDetectionManager` delegate to take the event (Apple:
  /// "the system wakes or launches your app when a fall detection event occurs",
  /// https://developer.apple.com/documentation/coremotion/cmfalldetectiondelegate/falldetectionmanager(_:diddetect:completionhandler:)).
  /// Nothing keeps the launched app alive: a background app's grace period runs from the
  /// launch. A running app, or the lifecycle model off, changes nothing.
  ///
  /// - Returns: whether the app was launched.
  public mutating func fallDetected(at date: SimulationInstant) -> Bool {
    guard lifecycleEnabled, !appIsRunning else { return false }
    applyApp(app.fallDetected(), at: date)
    return appIsRunning
  }

  /// A remote notification reaches the watch app at `date` (docs/healthkit-behaviour.md#remote-notifications):
  /// the app machine decides (``AppLifecycleStateMachine/remoteNotificationArrived(at:keepAlive:)``)
  /// and the engine carries it out. A frontmost app stays as it is; a suspended app wakes into
  /// the background, a not-running app is launched into it (cause `remoteNotification`), as the
  /// system does for a background notification (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/didreceiveremotenotification(_:fetchcompletionhandler:)).
  /// Its handler keeps the app alive as a background task does
  /// (``KeepAliveReason/backgroundTask``) until ``backgroundRefreshEnded(at:)``. With the
  /// lifecycle model off the app is always active and nothing is counted.
  ///
  /// - Returns: whether the handler was counted as a background task (the lifecycle model on).
  public mutating func remoteNotificationArrived(at date: SimulationInstant) -> Bool {
    guard lifecycleEnabled else { return false }
    let reason = keepAlive == .none ? KeepAliveReason.backgroundTask : keepAlive
    let action = app.remoteNotificationArrived(at: date.nanoseconds, keepAlive: reason)
    backgroundTasksRunning += 1
    applyApp(action, at: date)
    return true
  }

  /// A background refresh task of the app's current process finished at `date` (completed by
  /// the app, or its time ran out): when nothing else keeps the app alive, a background app's
  /// grace period starts (docs/healthkit-behaviour.md#background-refresh).
  public mutating func backgroundRefreshEnded(at date: SimulationInstant) {
    guard backgroundTasksRunning > 0 else { return }
    backgroundTasksRunning -= 1
    keepAliveMayHaveChanged(at: date)
  }

  /// A background task began at `date` for the app's current process, which the system had
  /// already woken or launched for it: a `WKWatchConnectivityRefreshBackgroundTask` for content
  /// the link woke the app for (``linkWakes``; docs/phone-link.md#waking-the-watch-app). As a
  /// background refresh task, it keeps the running app alive (``KeepAliveReason/backgroundTask``:
  /// a background app's grace period is cancelled) until ``backgroundRefreshEnded(at:)``. With
  /// the lifecycle model off, or the app not running, it does nothing.
  public mutating func backgroundTaskBegan(at date: SimulationInstant) {
    guard lifecycleEnabled, appIsRunning else { return }
    backgroundTasksRunning += 1
    keepAliveMayHaveChanged(at: date)
  }

  /// The app process died: every running extended runtime session is terminated (a scheduled
  /// one is the system's and stays scheduled), the helper forgets
  /// its holders, its background refresh tasks no longer count, and the app is not running.
  /// Auto-pause goes on watching the session system-side (a recovery picks it up:
  /// ``recoverActiveSession(at:)``).
  mutating func appCrashed(at date: SimulationInstant) {
    backgroundTasksRunning = 0
    for index in runtimes.indices {
      applyRuntime(index, runtimes[index].terminate(), at: date, false)
    }
    runtimeBase = runtimes.count
    helper.crash()
    linkState.watchAppCrashed()
    applyApp(app.crash(keepAlive: keepAlive), at: date)
  }

  /// A workout session changed state: keep-alive and the auto-pause detector follow.
  mutating func lifecycleSessionChanged(_ change: SessionStateChange, session index: Int) {
    let date = change.date
    switch change.to {
    case .running where change.from == .notStarted || change.from == .prepared:
      if autoPause != nil,
        AutoPauseConfiguration.applies(
          to: sessions[index].builder.currentActivity?.activityType ?? sessions[index].activity),
        let motion = dataSource as? any MotionSource
      {
        autoPause?.sessionStarted(index, at: date.nanoseconds, motion: motion)
      }
    case .stopped, .ended:
      autoPause?.sessionStopped(index)
    case .notStarted, .prepared, .running, .paused:
      break
    }
    keepAliveMayHaveChanged(at: date)
  }

  // MARK: - Extended runtime sessions

  /// Performs an `extendedRuntime` action (the app is running and not suspended).
  mutating func extendedRuntime(_ operation: ExtendedRuntimeOperation, at date: SimulationInstant) {
    switch operation {
    case .start:
      createRuntime(scheduledFor: nil, at: date)
    case .schedule(let instant):
      createRuntime(scheduledFor: instant, at: date)
    case .invalidate:
      guard let index = latestRuntime else {
        reportRuntimeError(.notYetStarted, at: date)
        return
      }
      let holding = runtimes[index].holdsAppInFront
      applyRuntime(
        index, runtimes[index].invalidate(appIsActive: app.appState == .active), at: date,
        holding)
    case .invalidateSession(let index):
      guard let index else {
        reportRuntimeError(.notYetStarted, at: date)
        return
      }
      // A session of a process that crashed is left alone, but for the live one: a scheduled
      // session the system kept and handed to this process (`WKApplicationDelegate.handle(_:)`).
      guard index >= runtimeBase || index == liveRuntime, runtimes.indices.contains(index)
      else { return }
      let holding = runtimes[index].holdsAppInFront
      applyRuntime(
        index, runtimes[index].invalidate(appIsActive: app.appState == .active), at: date,
        holding)
    case .acquire(let holder):
      let live = helper.session.map { runtimes[$0].isLive } ?? false
      let action = helper.acquire(
        holder, appIsActive: app.appState == .active, sessionIsLive: live)
      if case .startSession = action { startHelperRuntime(at: date) }
    case .release(let holder):
      guard case .releaseSession(let index?) = helper.release(holder) else { return }
      let holding = runtimes[index].holdsAppInFront
      applyRuntime(index, runtimes[index].release(), at: date, holding)
    }
  }

  private mutating func startHelperRuntime(at date: SimulationInstant) {
    helper.started(session: createRuntime(scheduledFor: nil, at: date))
  }

  /// Creates a session and starts or schedules it; returns its index (`nil` when the app
  /// declares no type and nothing was created).
  @discardableResult
  private mutating func createRuntime(scheduledFor: SimulationInstant?, at date: SimulationInstant)
    -> Int?
  {
    guard let watch = configuration.watch, let type = watch.extendedRuntimeType else {
      reportRuntimeError(.notApprovedToStartSession, at: date)
      return nil
    }
    let anotherIsLive = liveRuntime != nil
    let active = app.appState == .active
    let index = runtimes.count
    var runtime = ExtendedRuntimeSessionStateMachine(
      type: type, willExpireLead: watch.willExpireLeadTime)
    let action =
      if let scheduledFor {
        runtime.schedule(
          at: date.nanoseconds, for: scheduledFor.nanoseconds, appIsActive: active,
          anotherIsLive: anotherIsLive)
      } else {
        runtime.start(at: date.nanoseconds, appIsActive: active, anotherIsLive: anotherIsLive)
      }
    runtimes.append(runtime)
    applyRuntime(index, action, at: date, false)
    return index
  }

  /// Carries out what session `index`'s machine returned; `wasHoldingFront` says whether it held
  /// the app in front before the event (its end then lets the return-to-clock time count).
  private mutating func applyRuntime(
    _ index: Int, _ action: ExtendedRuntimeSessionStateMachine.Action, at date: SimulationInstant,
    _ wasHoldingFront: Bool
  ) {
    switch action {
    case .none:
      return
    case .failed(let code):
      reportRuntimeError(code, at: date)
    case .changed(let change):
      emit(
        EngineEffect(
          at: date, session: nil,
          kind: .extendedRuntime(
            ExtendedRuntimeEvent(
              session: index, type: runtimes[index].type, change: change,
              state: runtimes[index].state))))
      switch change {
      case .started:
        keepAliveMayHaveChanged(at: date)
      case .invalidated(_, let error):
        if let error { reportRuntimeError(error, at: date) }
        keepAliveMayHaveChanged(at: date)
        if wasHoldingFront {
          applyApp(app.frontmostSessionEnded(at: date.nanoseconds, keepAlive: keepAlive), at: date)
        }
      case .scheduled, .willExpire, .terminated:
        break
      }
    }
  }

  private mutating func reportRuntimeError(
    _ code: ExtendedRuntimeSessionErrorCode, at date: SimulationInstant
  ) {
    let report = ErrorReport(extendedRuntimeError: code, at: date)
    errors.append(report)
    callError = report
    emit(EngineEffect(at: date, session: nil, kind: .error(report)))
  }

  // MARK: - Auto-pause

  /// The app recovered session `index` at `date`: it answers the motion event it missed while
  /// away, if any (``AutoPauseStateMachine/recovered(session:sessionState:appActs:)``).
  mutating func autoPauseRecovered(session index: Int, at date: SimulationInstant) {
    let appActs = appReceives && sessions[index].attached
    let state = sessions[index].machine.state
    guard let call = autoPause?.recovered(session: index, sessionState: state, appActs: appActs)
    else { return }
    sessionCall(call, session: index, at: date)
  }

  private mutating func motionDetected(at date: SimulationInstant) {
    guard let index = autoPause?.session, let motion = dataSource as? any MotionSource else {
      return
    }
    let state = sessions[index].machine.state
    let appActs = appReceives && sessions[index].attached
    let action =
      autoPause?.deadlinePassed(
        at: date.nanoseconds, motion: motion, sessionState: state, appActs: appActs) ?? .none
    guard case .detected(let type, let session, let call) = action else { return }
    if sessions[session].builder.collectSessionEvent(WorkoutEvent(type, at: date)) {
      notify(session, at: date, .event(type))
    }
    if let call { sessionCall(call, session: session, at: date) }
  }
}
