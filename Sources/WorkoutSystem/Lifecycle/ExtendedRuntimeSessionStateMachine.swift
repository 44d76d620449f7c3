import WorkoutCore

/// One `WKExtendedRuntimeSession`: a state machine in the `WorkoutSessionStateMachine` shape
/// (docs/healthkit-behaviour.md#extended-runtime-sessions; Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession).
///
/// | state \ event | start | schedule | deadline | invalidate | resignFrontmost | terminate |
/// |---|---|---|---|---|---|---|
/// | notStarted | running or invalid | scheduled, running or invalid | - | error notYetStarted | - | - |
/// | scheduled | - | - | running | invalid (only while active) | - | - (the system keeps it) |
/// | running | - | - | willExpire, then invalid (expired) | invalid | invalid (frontmost type) | invalid |
/// | invalid | - | - | - | - | - | - |
///
/// `start` and `schedule` fail with `invalidated(reason: .error, …)` while the app is not active
/// (`mustBeActiveToStartOrSchedule`, docs/field-cases.md F07), and with `sessionInProgress` while
/// another session is scheduled or running; `schedule` only for a smart alarm
/// (`notApprovedToSchedule`) at most 36 h ahead (`scheduledTooFarInAdvance`). A running session
/// says `willExpire` at its limit minus the lead time and is invalid with `expired` at the limit.
/// The app's process dying ends a running session (`terminate`) but not a scheduled one: the
/// schedule is the system's, and at its date the session starts "regardless of your app's
/// current state" (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)).
struct ExtendedRuntimeSessionStateMachine: Sendable, Hashable {
  /// What the engine must do after an event.
  enum Action: Sendable, Hashable {
    /// Nothing happened.
    case none
    /// The session changed (log it; an `invalidated` change with an error also reports it).
    case changed(ExtendedRuntimeEvent.Change)
    /// The call failed without a change: report the error.
    case failed(ExtendedRuntimeSessionErrorCode)
  }

  private enum State: Sendable, Hashable {
    case notStarted
    case scheduled(startsAt: Int64)
    /// `willExpireAt` is `nil` once `willExpire` was delivered.
    case running(expiresAt: Int64, willExpireAt: Int64?)
    case invalid
  }

  /// The session's type.
  let type: ExtendedRuntimeSessionType
  private let willExpireLead: Int64
  private var current: State = .notStarted

  /// Creates a session of `type` in `notStarted`.
  init(type: ExtendedRuntimeSessionType, willExpireLead: Duration) {
    self.type = type
    self.willExpireLead = willExpireLead.wholeNanoseconds
  }

  // MARK: - Derived facts

  /// `WKExtendedRuntimeSessionState`.
  var state: ExtendedRuntimeSessionState {
    switch self.current {
    case .notStarted: .notStarted
    case .scheduled: .scheduled
    case .running: .running
    case .invalid: .invalid
    }
  }

  /// Whether the session is scheduled or running (the app may have at most one).
  var isLive: Bool {
    switch self.current {
    case .scheduled, .running: true
    case .notStarted, .invalid: false
    }
  }

  /// Whether the session runs and is of a frontmost type (it holds the app in front).
  var holdsAppInFront: Bool { self.state == .running && self.type.isFrontmost }

  /// The next instant (nanoseconds) at which ``deadlinePassed(at:)`` has something to do.
  var deadline: Int64? {
    switch self.current {
    case .scheduled(let startsAt): startsAt
    case .running(let expiresAt, let willExpireAt): willExpireAt ?? expiresAt
    case .notStarted, .invalid: nil
    }
  }

  // MARK: - Events

  /// `start()` at `date`.
  mutating func start(at date: Int64, appIsActive: Bool, anotherIsLive: Bool) -> Action {
    guard case .notStarted = self.current else { return .none }
    guard appIsActive else { return self.invalidate(.error, .mustBeActiveToStartOrSchedule) }
    guard !anotherIsLive else { return self.invalidate(.sessionInProgress, nil) }
    return self.begin(at: date)
  }

  /// `start(at: startsAt)` at `date`: scheduled when `startsAt` is later, running at once
  /// otherwise.
  mutating func schedule(
    at date: Int64, for startsAt: Int64, appIsActive: Bool, anotherIsLive: Bool
  )
    -> Action
  {
    guard case .notStarted = self.current else { return .none }
    guard self.type.canBeScheduled else { return self.invalidate(.error, .notApprovedToSchedule) }
    guard appIsActive else { return self.invalidate(.error, .mustBeActiveToStartOrSchedule) }
    guard startsAt &- date <= ExtendedRuntimeSessionType.maximumScheduleLead.wholeNanoseconds else {
      return self.invalidate(.error, .scheduledTooFarInAdvance)
    }
    guard !anotherIsLive else { return self.invalidate(.sessionInProgress, nil) }
    guard startsAt > date else { return self.begin(at: date) }
    self.current = .scheduled(startsAt: startsAt)
    return .changed(.scheduled(for: SimulationInstant(nanoseconds: startsAt)))
  }

  /// ``deadline`` passed at `date`: a scheduled session begins; a running one says
  /// `willExpire`, then expires.
  mutating func deadlinePassed(at date: Int64) -> Action {
    switch self.current {
    case .scheduled(let startsAt) where startsAt <= date:
      return self.begin(at: date)
    case .running(let expiresAt, let willExpireAt?) where willExpireAt <= date:
      self.current = .running(expiresAt: expiresAt, willExpireAt: nil)
      return .changed(.willExpire(expiresAt: SimulationInstant(nanoseconds: expiresAt)))
    case .running(let expiresAt, nil) where expiresAt <= date:
      return self.invalidate(.expired, nil)
    case .notStarted, .scheduled, .running, .invalid:
      return .none
    }
  }

  /// `invalidate()` by the app: a running session, or a scheduled one while the app is active.
  mutating func invalidate(appIsActive: Bool) -> Action {
    switch self.current {
    case .invalid: .none
    case .notStarted: .failed(.notYetStarted)
    case .scheduled where !appIsActive: .failed(.mustBeActiveToStartOrSchedule)
    case .scheduled, .running: self.invalidate(.none, nil)
    }
  }

  /// The reference-counting helper's last release: a running session is invalidated (reason
  /// `none`).
  mutating func release() -> Action {
    guard case .running = self.current else { return .none }
    return self.invalidate(.none, nil)
  }

  /// The app left the foreground (crown press): a running frontmost session is invalid with
  /// `resignedFrontmost`.
  mutating func resignFrontmost() -> Action {
    guard self.holdsAppInFront else { return .none }
    return self.invalidate(.resignedFrontmost, nil)
  }

  /// The app process died: a running session is gone (nothing is delivered). A scheduled
  /// session stays scheduled: the system starts it at its date and launches the app for it if
  /// need be (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextendedruntimesession/start(at:)).
  mutating func terminate() -> Action {
    guard case .running = self.current else { return .none }
    self.current = .invalid
    return .changed(.terminated)
  }

  // MARK: - Helpers

  private mutating func begin(at date: Int64) -> Action {
    let expiresAt = date &+ self.type.limit.wholeNanoseconds
    self.current = .running(
      expiresAt: expiresAt, willExpireAt: max(date, expiresAt &- self.willExpireLead))
    return .changed(.started(expiresAt: SimulationInstant(nanoseconds: expiresAt)))
  }

  private mutating func invalidate(
    _ reason: ExtendedRuntimeInvalidationReason, _ error: ExtendedRuntimeSessionErrorCode?
  ) -> Action {
    self.current = .invalid
    return .changed(.invalidated(reason: reason, error: error))
  }
}
