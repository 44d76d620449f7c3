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
///   `dataCollected` batch when it wakes (`openApp`, a scheduled smart alarm starting).
/// - Extended runtime sessions: one declared type; `start` and `schedule` only while `active`
///   (else invalid at once, reason `error`, error `mustBeActiveToStartOrSchedule`: F07); one
///   running or scheduled session at a time (the next one is invalid at once with
///   `sessionInProgress`); `schedule` for smart alarms only (`notApprovedToSchedule`), at most
///   36 h ahead (`scheduledTooFarInAdvance`); `willExpire` at the limit minus
///   ``WatchConfiguration/willExpireLeadTime``, invalid with `expired` at the limit;
///   `invalidate` → reason `none` (`notYetStarted` without a session; a scheduled session only
///   while active). A crash terminates every session.
/// - Auto-pause: see ``AutoPauseConfiguration``; the detector evaluates the ``MotionSource``
///   only where the speed changes.
extension WorkoutEngine {
  // MARK: - Inspection

  /// The app's lifecycle state (always `.active` while the lifecycle model is off).
  public var appState: AppState { lifecycle.appState }
  /// What keeps the app alive in the background (`.none` while the lifecycle model is off).
  public var keepAlive: KeepAliveReason { lifecycle.keepAlive }
  /// The number of extended runtime sessions the app created.
  public var extendedRuntimeSessionCount: Int { lifecycle.runtimeSessions.count }
  /// The state of extended runtime session `index`, or `nil` if there is none.
  public func extendedRuntimeSessionState(_ index: Int) -> ExtendedRuntimeSessionState? {
    lifecycle.runtimeSessions.indices.contains(index)
      ? lifecycle.runtimeSessions[index].state : nil
  }
  /// The holders of the reference-counting helper (F08), in acquisition order.
  public var extendedRuntimeHolders: [String] { lifecycle.holders }

  // MARK: - Timers

  /// Fires every lifecycle timer due at or before `limit`, in time order (ties in
  /// ``LifecycleTimer`` order), delivering the samples due before each first.
  mutating func runLifecycleTimers(through limit: Int64) {
    while lifecycle.next <= limit {
      let deadline = lifecycle.next
      pump(through: SimulationInstant(nanoseconds: deadline - 1))
      if now.nanoseconds < deadline { now = SimulationInstant(nanoseconds: deadline) }
      let date = SimulationInstant(nanoseconds: deadline)
      for timer in LifecycleTimer.allCases where lifecycle[timer] == deadline {
        lifecycle[timer] = .max
        fire(timer, at: date)
      }
    }
  }

  private mutating func fire(_ timer: LifecycleTimer, at date: SimulationInstant) {
    switch timer {
    case .motion:
      motionDetected(at: date)
    case .runtimeWillExpire:
      guard let index = lifecycle.liveRuntime else { return }
      let record = lifecycle.runtimeSessions[index]
      logRuntime(
        index, .willExpire(expiresAt: SimulationInstant(nanoseconds: record.expiresAt)), at: date)
    case .runtimeExpire:
      guard let index = lifecycle.liveRuntime else { return }
      invalidateRuntime(index, reason: .expired, error: nil, at: date)
    case .runtimeScheduledStart:
      guard let index = lifecycle.liveRuntime else { return }
      if lifecycle.appState == .suspended {
        changeAppState(to: .background, cause: .extendedRuntimeSession, at: date)
      }
      beginRuntime(index, at: date)
    case .returnToClock:
      guard lifecycle.appState == .inactive, !frontmostRuntimeRunning else { return }
      changeAppState(to: .background, cause: .returnToClock, at: date)
    case .gracePeriod:
      guard lifecycle.appState == .background, lifecycle.keepAlive == .none else { return }
      changeAppState(to: .suspended, cause: .gracePeriodEnded, at: date)
    }
  }

  // MARK: - App state

  private var frontmostRuntimeRunning: Bool {
    guard let index = lifecycle.liveRuntime else { return false }
    let record = lifecycle.runtimeSessions[index]
    return record.state == .running && record.type.isFrontmost
  }

  /// Moves the app to `state`, logs it, and sets or clears the timers that depend on it.
  private mutating func changeAppState(
    to state: AppState, cause: AppStateCause, at date: SimulationInstant
  ) {
    let from = lifecycle.appState
    guard from != state else { return }
    lifecycle.appState = state
    let wasReceiving = appReceives
    appReceives = appIsRunning && state.receivesCallbacks
    log.append(
      LogEntry(
        at: date, session: nil,
        kind: .appState(
          AppStateChange(from: from, to: state, cause: cause, keepAlive: lifecycle.keepAlive))))
    if !state.isFrontmost { lifecycle[.returnToClock] = .max }
    if state == .background && lifecycle.keepAlive == .none {
      lifecycle[.gracePeriod] =
        date.nanoseconds &+ lifecycle.watch.backgroundGracePeriod.wholeNanoseconds
    } else {
      lifecycle[.gracePeriod] = .max
    }
    if from == .suspended && !wasReceiving && appReceives { deliverMissed(at: date) }
    if state == .active && lifecycle.helperStartPending && !lifecycle.holders.isEmpty {
      lifecycle.helperStartPending = false
      startHelperRuntime(at: date)
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

  /// Recomputes the keep-alive reason; a change in the background is logged and starts or
  /// cancels the grace period.
  private mutating func updateKeepAlive(at date: SimulationInstant) {
    let reason = currentKeepAlive()
    guard reason != lifecycle.keepAlive else { return }
    lifecycle.keepAlive = reason
    guard lifecycle.appState == .background else { return }
    log.append(
      LogEntry(
        at: date, session: nil,
        kind: .appState(
          AppStateChange(from: .background, to: .background, cause: .keepAlive, keepAlive: reason))
      ))
    if reason == .none {
      lifecycle[.gracePeriod] =
        date.nanoseconds &+ lifecycle.watch.backgroundGracePeriod.wholeNanoseconds
    } else {
      lifecycle[.gracePeriod] = .max
    }
  }

  /// The keep-alive reason from the sessions' states.
  private func currentKeepAlive() -> KeepAliveReason {
    for session in sessions {
      switch session.machine.state {
      case .prepared, .running, .paused, .stopped: return .workoutSession
      case .notStarted, .ended: continue
      }
    }
    if let index = lifecycle.liveRuntime, lifecycle.runtimeSessions[index].state == .running {
      return .extendedRuntimeSession
    }
    return .none
  }

  /// `wristDown`, `wristUp`, `crownPress`, `openApp`.
  mutating func userAction(_ action: AppAction, at date: SimulationInstant) {
    switch action {
    case .wristDown:
      guard lifecycle.wristUp else { return }
      lifecycle.wristUp = false
      lifecycle.wristDownAt = date.nanoseconds
      guard lifecycle.appState == .active else { return }
      changeAppState(to: .inactive, cause: .wristDown, at: date)
      if let delay = lifecycle.watch.returnToClock {
        lifecycle[.returnToClock] = date.nanoseconds &+ delay.wholeNanoseconds
      }
    case .wristUp:
      guard !lifecycle.wristUp else { return }
      lifecycle.wristUp = true
      lifecycle.wristDownAt = nil
      lifecycle[.returnToClock] = .max
      switch lifecycle.appState {
      case .inactive:
        changeAppState(to: .active, cause: .wristUp, at: date)
      case .background where lifecycle.keepAlive == .workoutSession:
        changeAppState(to: .active, cause: .wristUp, at: date)
      case .active, .background, .suspended, .notRunning:
        break
      }
    case .crownPress:
      guard lifecycle.appState.isFrontmost else { return }
      if frontmostRuntimeRunning, let index = lifecycle.liveRuntime {
        invalidateRuntime(index, reason: .resignedFrontmost, error: nil, at: date)
      }
      changeAppState(to: .background, cause: .crownPress, at: date)
    case .openApp:
      lifecycle.wristUp = true
      lifecycle.wristDownAt = nil
      if !appIsRunning {
        relaunch(recover: false, at: date)
        return
      }
      lifecycle[.returnToClock] = .max
      changeAppState(to: .active, cause: .openApp, at: date)
    default:
      preconditionFailure("userAction(\(action.word)): not a user action")
    }
  }

  /// The app process died: every extended runtime session is terminated, the helper forgets
  /// its holders, and the app is not running.
  mutating func lifecycleCrashed(at date: SimulationInstant) {
    for index in lifecycle.runtimeSessions.indices {
      let state = lifecycle.runtimeSessions[index].state
      guard state == .running || state == .scheduled else { continue }
      lifecycle.runtimeSessions[index].state = .invalid
      logRuntime(index, .terminated, at: date)
    }
    lifecycle.liveRuntime = nil
    lifecycle.latestRuntime = nil
    lifecycle.helperRuntime = nil
    lifecycle.holders = []
    lifecycle.helperStartPending = false
    lifecycle.autoPausedByApp = false
    for timer in [
      LifecycleTimer.runtimeWillExpire, .runtimeExpire, .runtimeScheduledStart, .returnToClock,
      .gracePeriod,
    ] {
      lifecycle[timer] = .max
    }
    lifecycle.keepAlive = currentKeepAlive()
    changeAppState(to: .notRunning, cause: .crash, at: date)
  }

  /// The app was relaunched: active with the wrist up, else in the background.
  mutating func lifecycleRelaunched(at date: SimulationInstant) {
    changeAppState(to: lifecycle.wristUp ? .active : .background, cause: .relaunch, at: date)
  }

  /// A workout session changed state: keep-alive and the auto-pause detector follow.
  mutating func lifecycleSessionChanged(_ change: SessionStateChange, session index: Int) {
    let date = change.date
    switch change.to {
    case .running where change.from == .notStarted || change.from == .prepared:
      startMotionDetection(session: index, at: date)
    case .stopped, .ended:
      if lifecycle.motionSession == index {
        lifecycle.motionSession = nil
        lifecycle.autoPausedByApp = false
        lifecycle[.motion] = .max
      }
    case .notStarted, .prepared, .running, .paused:
      break
    }
    updateKeepAlive(at: date)
  }

  // MARK: - Extended runtime sessions

  /// Performs an `extendedRuntime` action (the app is running and not suspended).
  mutating func extendedRuntime(_ operation: ExtendedRuntimeOperation, at date: SimulationInstant) {
    switch operation {
    case .start:
      lifecycle.latestRuntime = createRuntime(scheduledFor: nil, at: date)
    case .schedule(let instant):
      lifecycle.latestRuntime = createRuntime(scheduledFor: instant, at: date)
    case .invalidate:
      guard let index = lifecycle.latestRuntime else {
        reportRuntimeError(.notYetStarted, at: date)
        return
      }
      switch lifecycle.runtimeSessions[index].state {
      case .invalid:
        return
      case .scheduled where lifecycle.appState != .active:
        reportRuntimeError(.mustBeActiveToStartOrSchedule, at: date)
      case .notStarted:
        reportRuntimeError(.notYetStarted, at: date)
      case .scheduled, .running:
        invalidateRuntime(index, reason: .none, error: nil, at: date)
      }
    case .acquire(let holder):
      if !lifecycle.holders.contains(holder) { lifecycle.holders.append(holder) }
      if let index = lifecycle.helperRuntime {
        let state = lifecycle.runtimeSessions[index].state
        if state == .running || state == .scheduled { return }
      }
      if lifecycle.appState == .active {
        startHelperRuntime(at: date)
      } else {
        lifecycle.helperStartPending = true
      }
    case .release(let holder):
      guard let position = lifecycle.holders.firstIndex(of: holder) else { return }
      lifecycle.holders.remove(at: position)
      guard lifecycle.holders.isEmpty else { return }
      lifecycle.helperStartPending = false
      if let index = lifecycle.helperRuntime, lifecycle.runtimeSessions[index].state == .running {
        invalidateRuntime(index, reason: .none, error: nil, at: date)
      }
      lifecycle.helperRuntime = nil
    }
  }

  private mutating func startHelperRuntime(at date: SimulationInstant) {
    let index = createRuntime(scheduledFor: nil, at: date)
    lifecycle.helperRuntime = index
    lifecycle.latestRuntime = index
  }

  /// Creates a session and starts or schedules it; returns its index (`nil` when the app
  /// declares no type and nothing was created).
  private mutating func createRuntime(scheduledFor: SimulationInstant?, at date: SimulationInstant)
    -> Int?
  {
    guard let type = lifecycle.watch.extendedRuntimeType else {
      reportRuntimeError(.notApprovedToStartSession, at: date)
      return nil
    }
    let index = lifecycle.runtimeSessions.count
    lifecycle.runtimeSessions.append(RuntimeSessionRecord(type: type))
    if let scheduledFor {
      guard type.canBeScheduled else {
        invalidateRuntime(index, reason: .error, error: .notApprovedToSchedule, at: date)
        return index
      }
      guard lifecycle.appState == .active else {
        invalidateRuntime(index, reason: .error, error: .mustBeActiveToStartOrSchedule, at: date)
        return index
      }
      let lead = date.duration(to: scheduledFor)
      guard lead <= ExtendedRuntimeSessionType.maximumScheduleLead else {
        invalidateRuntime(index, reason: .error, error: .scheduledTooFarInAdvance, at: date)
        return index
      }
      guard lifecycle.liveRuntime == nil else {
        invalidateRuntime(index, reason: .sessionInProgress, error: nil, at: date)
        return index
      }
      if scheduledFor > date {
        lifecycle.runtimeSessions[index].state = .scheduled
        lifecycle.liveRuntime = index
        lifecycle[.runtimeScheduledStart] = scheduledFor.nanoseconds
        logRuntime(index, .scheduled(for: scheduledFor), at: date)
        return index
      }
    } else if lifecycle.appState != .active {
      invalidateRuntime(index, reason: .error, error: .mustBeActiveToStartOrSchedule, at: date)
      return index
    }
    guard lifecycle.liveRuntime == nil else {
      invalidateRuntime(index, reason: .sessionInProgress, error: nil, at: date)
      return index
    }
    lifecycle.liveRuntime = index
    beginRuntime(index, at: date)
    return index
  }

  /// The session starts running at `date`: its expiry and will-expire timers are set.
  private mutating func beginRuntime(_ index: Int, at date: SimulationInstant) {
    let type = lifecycle.runtimeSessions[index].type
    let expiry = date.nanoseconds &+ type.limit.wholeNanoseconds
    lifecycle.runtimeSessions[index].state = .running
    lifecycle.runtimeSessions[index].expiresAt = expiry
    lifecycle[.runtimeExpire] = expiry
    lifecycle[.runtimeWillExpire] = max(
      date.nanoseconds, expiry &- lifecycle.watch.willExpireLeadTime.wholeNanoseconds)
    logRuntime(index, .started(expiresAt: SimulationInstant(nanoseconds: expiry)), at: date)
    updateKeepAlive(at: date)
  }

  /// The session becomes invalid with `reason` (and `error` when the reason is `.error`).
  private mutating func invalidateRuntime(
    _ index: Int, reason: ExtendedRuntimeInvalidationReason,
    error: ExtendedRuntimeSessionErrorCode?, at date: SimulationInstant
  ) {
    let record = lifecycle.runtimeSessions[index]
    let wasFrontmostRunning = record.state == .running && record.type.isFrontmost
    lifecycle.runtimeSessions[index].state = .invalid
    if lifecycle.liveRuntime == index {
      lifecycle.liveRuntime = nil
      lifecycle[.runtimeWillExpire] = .max
      lifecycle[.runtimeExpire] = .max
      lifecycle[.runtimeScheduledStart] = .max
    }
    logRuntime(index, .invalidated(reason: reason, error: error), at: date)
    if let error { reportRuntimeError(error, at: date) }
    updateKeepAlive(at: date)
    // A frontmost session held the app in front past the return-to-clock time: that time
    // counts from the wrist-down.
    if wasFrontmostRunning, lifecycle.appState == .inactive,
      let delay = lifecycle.watch.returnToClock, let down = lifecycle.wristDownAt
    {
      let deadline = down &+ delay.wholeNanoseconds
      if deadline <= date.nanoseconds {
        changeAppState(to: .background, cause: .returnToClock, at: date)
      } else {
        lifecycle[.returnToClock] = deadline
      }
    }
  }

  private mutating func logRuntime(
    _ index: Int, _ change: ExtendedRuntimeEvent.Change, at date: SimulationInstant
  ) {
    let record = lifecycle.runtimeSessions[index]
    log.append(
      LogEntry(
        at: date, session: nil,
        kind: .extendedRuntime(
          ExtendedRuntimeEvent(
            session: index, type: record.type, change: change, state: record.state))))
  }

  private mutating func reportRuntimeError(
    _ code: ExtendedRuntimeSessionErrorCode, at date: SimulationInstant
  ) {
    let report = ErrorReport(extendedRuntimeError: code, action: "extendedRuntime", at: date)
    errors.append(report)
    log.append(LogEntry(at: date, session: nil, kind: .error(report)))
  }

  // MARK: - Auto-pause

  private mutating func startMotionDetection(session index: Int, at date: SimulationInstant) {
    guard let settings = lifecycle.watch.autoPause,
      AutoPauseConfiguration.applies(to: sessions[index].activity),
      dataSource is any MotionSource
    else { return }
    lifecycle.motionSession = index
    lifecycle.motionStill = false
    lifecycle.autoPausedByApp = false
    scheduleMotion(from: date.nanoseconds, settings: settings)
  }

  /// Sets the motion timer to the next `motionPaused` (or `motionResumed` while still) from
  /// `start`.
  private mutating func scheduleMotion(from start: Int64, settings: AutoPauseConfiguration) {
    guard let motion = dataSource as? any MotionSource else { return }
    let still = lifecycle.motionStill
    let delay = (still ? settings.resumeAfter : settings.pauseAfter).wholeNanoseconds
    let instant = Self.firstStretch(
      in: motion, from: start, lasting: delay, threshold: settings.speedThreshold,
      below: !still)
    lifecycle[.motion] = instant ?? .max
  }

  /// The instant at which the speed has been below (`below`) or at or above (`!below`)
  /// `threshold` for `delay` without a break, counting from `start` at the earliest; `nil` when
  /// that never happens.
  static func firstStretch(
    in motion: any MotionSource, from start: Int64, lasting delay: Int64, threshold: Double,
    below: Bool
  ) -> Int64? {
    func matches(_ instant: Int64) -> Bool {
      let speed = motion.speed(at: SimulationInstant(nanoseconds: instant))
      return below ? speed < threshold : speed >= threshold
    }
    func nextChange(after instant: Int64) -> Int64? {
      guard
        let next = motion.nextSpeedChange(after: SimulationInstant(nanoseconds: instant)),
        next.nanoseconds > instant
      else { return nil }
      return next.nanoseconds
    }
    var stretchStart = start
    while true {
      while !matches(stretchStart) {
        guard let next = nextChange(after: stretchStart) else { return nil }
        stretchStart = next
      }
      var end = stretchStart
      repeat {
        guard let next = nextChange(after: end) else { return stretchStart &+ delay }
        end = next
      } while matches(end)
      if end - stretchStart > delay { return stretchStart &+ delay }
      stretchStart = end
    }
  }

  private mutating func motionDetected(at date: SimulationInstant) {
    guard let index = lifecycle.motionSession, let settings = lifecycle.watch.autoPause else {
      return
    }
    lifecycle.motionStill.toggle()
    let still = lifecycle.motionStill
    let type: WorkoutEventType = still ? .motionPaused : .motionResumed
    if sessions[index].builder.collectSessionEvent(WorkoutEvent(type, at: date)) {
      notify(index, at: date, .event(type))
    }
    if settings.pausesSession && appReceives && sessions[index].attached {
      let state = sessions[index].machine.state
      if still && state == .running {
        lifecycle.autoPausedByApp = true
        sessionCall(.pause, session: index, at: date)
      } else if !still && lifecycle.autoPausedByApp && state == .paused {
        lifecycle.autoPausedByApp = false
        sessionCall(.resume, session: index, at: date)
      }
    }
    if lifecycle.motionSession == index {
      scheduleMotion(from: date.nanoseconds, settings: settings)
    }
  }
}
