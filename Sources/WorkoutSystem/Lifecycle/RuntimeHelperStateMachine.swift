import WorkoutCore

/// The reference-counting helper of docs/field-cases.md F08 around extended runtime sessions: a
/// state machine in the `WorkoutSessionStateMachine` shape.
///
/// | state \ event | acquire | release (last holder) | app became active | crash |
/// |---|---|---|---|---|
/// | idle | start (active) or pending | - | - | idle |
/// | pending | - | idle | start | idle |
/// | holding | start again when its session is no longer live (active) or pending | idle, invalidating a running session | - | idle |
///
/// A holder that already holds is not added twice; releasing a holder that holds nothing does
/// nothing; a release with holders left changes nothing else.
struct RuntimeHelperStateMachine: Sendable, Hashable {
  /// What the engine must do after an event.
  enum Action: Sendable, Hashable {
    /// Nothing.
    case none
    /// Create an extended runtime session, `start()` it and report its index with
    /// ``started(session:)``.
    case startSession
    /// The last holder let go: release the helper's session `index` (invalidated when running;
    /// `nil` when there is none).
    case releaseSession(Int?)
  }

  private enum State: Sendable, Hashable {
    case idle
    /// Holders wait for the app to become active before the session starts.
    case pending(holders: [String])
    /// The helper asked for session `session` (it may have ended since; `nil` when none could
    /// be created).
    case holding(holders: [String], session: Int?)
  }

  private var current: State = .idle

  /// Creates an idle helper.
  init() {}

  /// The holders, in acquisition order.
  var holders: [String] {
    switch self.current {
    case .idle: []
    case .pending(let holders), .holding(let holders, _): holders
    }
  }

  /// The session the helper asked for, or `nil`.
  var session: Int? {
    guard case .holding(_, let session) = self.current else { return nil }
    return session
  }

  /// `acquire` by `holder`; `appIsActive` says whether a session can start now, `sessionIsLive`
  /// whether the helper's ``session`` is scheduled or running.
  mutating func acquire(_ holder: String, appIsActive: Bool, sessionIsLive: Bool) -> Action {
    var holders = self.holders
    if !holders.contains(holder) { holders.append(holder) }
    if case .holding(_, let session?) = self.current, sessionIsLive {
      self.current = .holding(holders: holders, session: session)
      return .none
    }
    guard appIsActive else {
      self.current = .pending(holders: holders)
      return .none
    }
    self.current = .pending(holders: holders)
    return .startSession
  }

  /// The session the helper asked for was created as `session` (`nil`: none was created).
  mutating func started(session: Int?) {
    self.current = .holding(holders: self.holders, session: session)
  }

  /// `release` by `holder`.
  mutating func release(_ holder: String) -> Action {
    var holders = self.holders
    guard let position = holders.firstIndex(of: holder) else { return .none }
    holders.remove(at: position)
    switch self.current {
    case .idle:
      return .none
    case .pending:
      self.current = holders.isEmpty ? .idle : .pending(holders: holders)
      return .none
    case .holding(_, let session):
      guard holders.isEmpty else {
        self.current = .holding(holders: holders, session: session)
        return .none
      }
      self.current = .idle
      return .releaseSession(session)
    }
  }

  /// The app became active: a pending start happens now.
  mutating func appBecameActive() -> Action {
    guard case .pending = self.current else { return .none }
    return .startSession
  }

  /// The app process died: the helper forgets everything.
  mutating func crash() {
    self.current = .idle
  }
}
