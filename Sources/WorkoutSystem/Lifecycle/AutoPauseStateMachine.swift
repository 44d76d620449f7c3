import WorkoutCore

/// The system's auto-pause detector (``AutoPauseConfiguration``): a state machine in the
/// `WorkoutSessionStateMachine` shape.
///
/// | state \ event | sessionStarted | deadline | sessionStopped | recovered |
/// |---|---|---|---|---|
/// | off | watching (moving) | - | - | - |
/// | watching, moving | watching (moving), the new session | motionPaused → still; app pauses a running session when it answers | off (its session) | app resumes a session it paused when it missed motionResumed |
/// | watching, still | watching (moving), the new session | motionResumed → moving; app resumes a session it paused | off (its session) | app pauses a running session when it missed motionPaused |
///
/// A crash changes nothing here: the session goes on system-side in the state it had, and the
/// app that recovers it answers the next motion event as the uninterrupted app would have, and
/// at recovery the one it missed while it was away (``recovered(session:sessionState:appActs:)``).
///
/// The deadline is the instant at which the body's speed has stayed below the threshold (moving)
/// or at or above it (still) for the configured delay; it is found from the ``MotionSource``
/// where the speed changes only, so the detector costs nothing per sample.
struct AutoPauseStateMachine: Sendable, Hashable {
  /// What the engine must do after an event.
  enum Action: Sendable, Hashable {
    /// Nothing.
    case none
    /// Session `session` gets the workout event `event` (`motionPaused` or `motionResumed`);
    /// then, when `call` is not `nil`, the app performs it on the session.
    case detected(WorkoutEventType, session: Int, call: WorkoutSessionCall?)
  }

  private struct Watching: Sendable, Hashable {
    var session: Int
    var still: Bool
    /// Whether the app paused the session because of `motionPaused`.
    var pausedByApp: Bool
    /// Whether the app did not answer the last motion event (it was not running, not receiving
    /// or had no handle to the session): a recovery answers it late.
    var missed: Bool = false
    var deadline: Int64?
  }

  private enum State: Sendable, Hashable {
    case off
    case watching(Watching)
  }

  private let settings: AutoPauseConfiguration
  private var current: State = .off

  /// Creates a detector with `settings`, watching nothing.
  init(settings: AutoPauseConfiguration) {
    self.settings = settings
  }

  // MARK: - Derived facts

  /// The session being watched, or `nil`.
  var session: Int? {
    guard case .watching(let watching) = self.current else { return nil }
    return watching.session
  }

  /// Whether the body counts as stopped (after `motionPaused`, before `motionResumed`).
  var isStill: Bool {
    guard case .watching(let watching) = self.current else { return false }
    return watching.still
  }

  /// The next instant (nanoseconds) at which ``deadlinePassed(at:motion:sessionState:appActs:)``
  /// detects a change, or `nil`.
  var deadline: Int64? {
    guard case .watching(let watching) = self.current else { return nil }
    return watching.deadline
  }

  // MARK: - Events

  /// Session `session` started running at `date` (from notStarted or prepared; the engine checks
  /// the activity and that the source reports motion).
  mutating func sessionStarted(_ session: Int, at date: Int64, motion: any MotionSource) {
    self.current = .watching(
      Watching(
        session: session, still: false, pausedByApp: false,
        deadline: self.nextChange(from: date, still: false, motion: motion)))
  }

  /// Session `session` stopped or ended: detection for it ends.
  mutating func sessionStopped(_ session: Int) {
    guard self.session == session else { return }
    self.current = .off
  }

  /// ``deadline`` passed at `date`: the motion state flips. `sessionState` is the watched
  /// ``session``'s state and `appActs` whether the app answers for it (it receives callbacks and
  /// holds the session; ``AutoPauseConfiguration/pausesSession`` must be on too).
  mutating func deadlinePassed(
    at date: Int64, motion: any MotionSource, sessionState: WorkoutSessionState, appActs: Bool
  ) -> Action {
    guard case .watching(var watching) = self.current, let due = watching.deadline, due <= date
    else { return .none }
    watching.still.toggle()
    let event: WorkoutEventType = watching.still ? .motionPaused : .motionResumed
    watching.missed = !appActs
    let call = self.answer(&watching, sessionState: sessionState, appActs: appActs)
    watching.deadline = self.nextChange(from: date, still: watching.still, motion: motion)
    self.current = .watching(watching)
    return .detected(event, session: watching.session, call: call)
  }

  /// The app recovered session `session` (`recoverActiveWorkoutSession`), whose state is
  /// `sessionState`; `appActs` as for ``deadlinePassed(at:motion:sessionState:appActs:)``.
  /// A pause the app made before a crash is still its own to undo at the next `motionResumed`
  /// (the session comes back in the state it reached:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/recoveractiveworkoutsession(completion:));
  /// when the app missed the last motion event while it was away, it answers it now, so the
  /// session is in the state the auto-pause rules give at this instant (**project rule**,
  /// docs/healthkit-behaviour.md#auto-pause). Returns the call the app makes, or `nil`.
  mutating func recovered(session: Int, sessionState: WorkoutSessionState, appActs: Bool)
    -> WorkoutSessionCall?
  {
    guard case .watching(var watching) = self.current, watching.session == session,
      watching.missed, appActs
    else { return nil }
    watching.missed = false
    let call = self.answer(&watching, sessionState: sessionState, appActs: appActs)
    self.current = .watching(watching)
    return call
  }

  // MARK: - Helpers

  /// The app's answer to the motion state `watching.still` (with
  /// ``AutoPauseConfiguration/pausesSession`` on): it pauses a running session when the body
  /// is still, and resumes one it paused itself when the body moves; a pause the user made is
  /// left alone.
  private func answer(
    _ watching: inout Watching, sessionState: WorkoutSessionState, appActs: Bool
  ) -> WorkoutSessionCall? {
    guard self.settings.pausesSession && appActs else { return nil }
    if watching.still && sessionState == .running {
      watching.pausedByApp = true
      return .pause
    }
    if !watching.still && watching.pausedByApp && sessionState == .paused {
      watching.pausedByApp = false
      return .resume
    }
    return nil
  }

  private func nextChange(from start: Int64, still: Bool, motion: any MotionSource) -> Int64? {
    let delay = (still ? self.settings.resumeAfter : self.settings.pauseAfter).wholeNanoseconds
    return Self.firstStretch(
      in: motion, from: start, lasting: delay, threshold: self.settings.speedThreshold,
      below: !still)
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
}
