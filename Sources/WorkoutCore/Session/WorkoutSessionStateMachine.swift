/// A state change of a workout session, as `workoutSession(_:didChangeTo:from:date:)` reports it.
public struct SessionStateChange: Sendable, Hashable {
  /// The state before.
  public var from: WorkoutSessionState
  /// The state after.
  public var to: WorkoutSessionState
  /// When the change happened.
  public var date: SimulationInstant
  /// The workout event the session generates with this change: `pause` for running → paused,
  /// `resume` for paused → running, otherwise `nil`.
  public var generatedEvent: WorkoutEventType?

  /// Creates a state change.
  public init(
    from: WorkoutSessionState, to: WorkoutSessionState, date: SimulationInstant,
    generatedEvent: WorkoutEventType? = nil
  ) {
    self.from = from
    self.to = to
    self.date = date
    self.generatedEvent = generatedEvent
  }
}

/// What a session call results in: a state change to deliver, or a rejection.
public enum SessionTransition: Sendable, Hashable {
  /// The state changed; deliver `didChangeTo` (and the generated event, if any).
  case changed(SessionStateChange)
  /// The call was illegal in the current state: deliver `didFailWithError` with this
  /// `invalidArgument` error; the state is unchanged and no `didChangeTo` follows.
  case rejected(WorkoutError)
}

/// The `HKWorkoutSession` state machine, with the legal transitions HealthKit's client enforces.
///
/// Transition table (docs/healthkit-behaviour.md#session-states-and-transitions: the observed
/// behaviour of HealthKit's client library, `+targetWorkoutSessionStateMachineForSessionUUID:`):
///
/// | from \ call | prepare | start | pause | resume | stop | end | error |
/// |---|---|---|---|---|---|---|---|
/// | notStarted | prepared | running | - | - | - | - | ended |
/// | prepared | - | running | - | - | - | ended | ended |
/// | running | - | - | paused | - | stopped | ended | ended |
/// | paused | - | - | - | running | stopped | ended | ended |
/// | stopped | - | - | - | - | - | ended | ended |
/// | ended | - | - | - | - | - | - | ended |
///
/// An illegal call returns ``SessionTransition/rejected(_:)`` with
/// ``WorkoutError/invalidTransition(_:from:)`` and leaves the state unchanged. Each method handles
/// one event; the state is a private enum whose cases carry only the data that state has.
public struct WorkoutSessionStateMachine: Sendable, Hashable {
  private struct Prepared: Sendable, Hashable {
    var preparedAt: SimulationInstant
  }

  private struct Running: Sendable, Hashable {
    var startDate: SimulationInstant
    init(startDate: SimulationInstant) { self.startDate = startDate }
    init(from previous: Paused) { self.startDate = previous.startDate }
  }

  private struct Paused: Sendable, Hashable {
    var startDate: SimulationInstant
    var pausedAt: SimulationInstant
    init(from previous: Running, at date: SimulationInstant) {
      self.startDate = previous.startDate
      self.pausedAt = date
    }
  }

  private struct Stopped: Sendable, Hashable {
    var startDate: SimulationInstant
    var stoppedAt: SimulationInstant
  }

  private struct Ended: Sendable, Hashable {
    var startDate: SimulationInstant?
    var endDate: SimulationInstant
  }

  private enum State: Sendable, Hashable {
    /// Exits: prepare → prepared, start → running, error → ended.
    case notStarted
    /// Exits: start → running, end → ended, error → ended.
    case prepared(Prepared)
    /// Exits: pause → paused, stop → stopped, end → ended, error → ended.
    case running(Running)
    /// Exits: resume → running, stop → stopped, end → ended, error → ended.
    case paused(Paused)
    /// Exits: end → ended, error → ended.
    case stopped(Stopped)
    /// Terminal; error → ended again (no visible change).
    case ended(Ended)
  }

  private var current: State = .notStarted

  /// Creates a session in `notStarted`.
  public init() {}

  /// The current state.
  public var state: WorkoutSessionState {
    switch current {
    case .notStarted: .notStarted
    case .prepared: .prepared
    case .running: .running
    case .paused: .paused
    case .stopped: .stopped
    case .ended: .ended
    }
  }

  /// When the session started running (`startDate`), or `nil` before that.
  public var startDate: SimulationInstant? {
    switch current {
    case .notStarted, .prepared: nil
    case .running(let running): running.startDate
    case .paused(let paused): paused.startDate
    case .stopped(let stopped): stopped.startDate
    case .ended(let ended): ended.startDate
    }
  }

  /// When the session ended (`endDate`), or `nil` before that.
  public var endDate: SimulationInstant? {
    switch current {
    case .notStarted, .prepared, .running, .paused, .stopped: nil
    case .ended(let ended): ended.endDate
    }
  }

  /// Performs `call` at `date`, dispatching to the method of that event.
  public mutating func perform(_ call: WorkoutSessionCall, at date: SimulationInstant)
    -> SessionTransition
  {
    switch call {
    case .prepare: prepare(at: date)
    case .start: start(at: date)
    case .pause: pause(at: date)
    case .resume: resume(at: date)
    case .stop: stop(at: date)
    case .end: end(at: date)
    }
  }

  // MARK: - Events

  /// `prepare()`: notStarted → prepared.
  public mutating func prepare(at date: SimulationInstant) -> SessionTransition {
    switch self.current {
    case .notStarted:
      self.current = .prepared(Prepared(preparedAt: date))
      return .changed(SessionStateChange(from: .notStarted, to: .prepared, date: date))
    case .prepared, .running, .paused, .stopped, .ended:
      return .rejected(.invalidTransition(.prepare, from: self.state))
    }
  }

  /// `startActivity(with: date)`: notStarted or prepared → running; `startDate` becomes `date`.
  public mutating func start(at date: SimulationInstant) -> SessionTransition {
    switch self.current {
    case .notStarted, .prepared:
      let from = self.state
      self.current = .running(Running(startDate: date))
      return .changed(SessionStateChange(from: from, to: .running, date: date))
    case .running, .paused, .stopped, .ended:
      return .rejected(.invalidTransition(.start, from: self.state))
    }
  }

  /// `pause()`: running → paused, generating a `pause` event.
  public mutating func pause(at date: SimulationInstant) -> SessionTransition {
    switch self.current {
    case .running(let running):
      self.current = .paused(Paused(from: running, at: date))
      return .changed(
        SessionStateChange(from: .running, to: .paused, date: date, generatedEvent: .pause))
    case .notStarted, .prepared, .paused, .stopped, .ended:
      return .rejected(.invalidTransition(.pause, from: self.state))
    }
  }

  /// `resume()`: paused → running, generating a `resume` event.
  public mutating func resume(at date: SimulationInstant) -> SessionTransition {
    switch self.current {
    case .paused(let paused):
      self.current = .running(Running(from: paused))
      return .changed(
        SessionStateChange(from: .paused, to: .running, date: date, generatedEvent: .resume))
    case .notStarted, .prepared, .running, .stopped, .ended:
      return .rejected(.invalidTransition(.resume, from: self.state))
    }
  }

  /// `stopActivity(with: date)`: running or paused → stopped.
  public mutating func stop(at date: SimulationInstant) -> SessionTransition {
    switch self.current {
    case .running(let running):
      self.current = .stopped(Stopped(startDate: running.startDate, stoppedAt: date))
      return .changed(SessionStateChange(from: .running, to: .stopped, date: date))
    case .paused(let paused):
      self.current = .stopped(Stopped(startDate: paused.startDate, stoppedAt: date))
      return .changed(SessionStateChange(from: .paused, to: .stopped, date: date))
    case .notStarted, .prepared, .stopped, .ended:
      return .rejected(.invalidTransition(.stop, from: self.state))
    }
  }

  /// `end()`: prepared, running, paused or stopped → ended; `endDate` becomes `date`.
  /// Not accepted from notStarted.
  public mutating func end(at date: SimulationInstant) -> SessionTransition {
    switch self.current {
    case .prepared, .running, .paused, .stopped:
      let from = self.state
      self.current = .ended(Ended(startDate: self.startDate, endDate: date))
      return .changed(SessionStateChange(from: from, to: .ended, date: date))
    case .notStarted, .ended:
      return .rejected(.invalidTransition(.end, from: self.state))
    }
  }

  /// The internal error event (HealthKit's event 7): any state → ended. From `ended` it changes
  /// nothing and returns `nil` (the delegate is called only when the state differs).
  ///
  /// - Returns: the change to deliver (after the error itself, as `HKWorkoutSessionDelegate`
  ///   requires), or `nil` when already ended.
  public mutating func fail(at date: SimulationInstant) -> SessionStateChange? {
    switch self.current {
    case .notStarted, .prepared, .running, .paused, .stopped:
      let from = self.state
      self.current = .ended(Ended(startDate: self.startDate, endDate: date))
      return SessionStateChange(from: from, to: .ended, date: date)
    case .ended:
      return nil
    }
  }
}
