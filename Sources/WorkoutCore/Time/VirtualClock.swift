import Synchronization

/// A `Clock` on virtual time for async callers: sleepers wake only when the test (or driver)
/// advances the clock, never by the wall clock.
///
/// Modelled on swift-clocks' `TestClock` (`pointfreeco/swift-clocks/Sources/Clocks/TestClock.swift`):
/// ``sleep(until:tolerance:)`` suspends until ``advance(to:)`` or ``advance(by:)`` moves ``now`` to
/// or past the deadline. Sleepers are resumed in (deadline, insertion) order, and ``now`` is set to
/// each sleeper's deadline before it is resumed. A cancelled sleeper throws `CancellationError`.
///
/// The state sits in a `Synchronization.Mutex`; continuations are resumed outside the lock.
public final class VirtualClock: Clock, Sendable {
  /// The clock's instant type: exact nanoseconds since the scenario start.
  public typealias Instant = SimulationInstant
  /// The clock's duration type.
  public typealias Duration = Swift.Duration

  private struct Sleeper {
    var deadline: SimulationInstant
    var id: UInt64
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: SimulationInstant
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
  }

  private let state: Mutex<State>

  /// Creates a clock reading `now`.
  ///
  /// - Parameter now: the starting instant (default `t = 0`).
  public init(now: SimulationInstant = .zero) {
    self.state = Mutex(State(now: now))
  }

  /// The current virtual instant.
  public var now: SimulationInstant { state.withLock { $0.now } }

  /// One nanosecond: virtual time is exact.
  public var minimumResolution: Swift.Duration { .nanoseconds(1) }

  /// The number of tasks currently suspended in ``sleep(until:tolerance:)``.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline` or later; returns at once if it already
  /// is.
  ///
  /// - Parameters:
  ///   - deadline: the instant to wake at.
  ///   - tolerance: ignored (virtual time is exact).
  /// - Throws: `CancellationError` if the task is cancelled while sleeping.
  public func sleep(until deadline: SimulationInstant, tolerance: Swift.Duration? = nil)
    async throws
  {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = Task.isCancelled
        let resumeNow = state.withLock { state -> Bool in
          if cancelled || deadline <= state.now { return true }
          state.sleepers.append(Sleeper(deadline: deadline, id: id, continuation: continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index).continuation
      }
      cancelled?.resume(throwing: CancellationError())
    }
    try Task.checkCancellation()
  }

  /// Moves the clock forward by `duration`, waking every sleeper due by then.
  ///
  /// - Parameter duration: how far to advance; negative values are treated as zero.
  public func advance(by duration: Swift.Duration) {
    advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves the clock forward to `instant` (no-op if not later), waking sleepers due by then in
  /// (deadline, insertion) order, with ``now`` set to each one's deadline before it is resumed.
  ///
  /// - Parameter instant: the instant to advance to.
  public func advance(to instant: SimulationInstant) {
    while true {
      let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        var best: Int? = nil
        for (index, sleeper) in state.sleepers.enumerated() where sleeper.deadline <= instant {
          if let current = best {
            let other = state.sleepers[current]
            if sleeper.deadline < other.deadline
              || (sleeper.deadline == other.deadline && sleeper.id < other.id)
            {
              best = index
            }
          } else {
            best = index
          }
        }
        guard let index = best else {
          if instant > state.now { state.now = instant }
          return nil
        }
        let sleeper = state.sleepers.remove(at: index)
        if sleeper.deadline > state.now { state.now = sleeper.deadline }
        return sleeper.continuation
      }
      guard let continuation = next else { return }
      continuation.resume()
    }
  }
}
