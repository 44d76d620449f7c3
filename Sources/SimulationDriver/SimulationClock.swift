import WorkoutCore

/// A `Clock` on a ``AppSimulation``'s virtual time, for app code that sleeps on an
/// injected clock (`try await clock.sleep(for: .seconds(5))`).
///
/// Its instant is the engine's `SimulationInstant` (nanoseconds from the scenario start, with
/// `Duration` steps). `sleep(until:)` suspends until ``AppSimulation/advance(by:)`` or
/// ``AppSimulation/advance(to:)`` passes the deadline: the simulation steps to the deadline
/// itself, resumes the sleeper there and lets it run (`Task.yield`s and a main-actor turn)
/// before time moves on. Nothing waits on the wall clock. Model: Swift's `Clock` protocol
/// (https://developer.apple.com/documentation/swift/clock), SE-0329.
public struct SimulationClock: Clock, Sendable {
  /// The clock's instant: an offset from the scenario start.
  public typealias Instant = SimulationInstant
  /// The simulation whose time this is.
  public let simulation: AppSimulation

  /// The clock of `simulation`.
  public init(simulation: AppSimulation) {
    self.simulation = simulation
  }

  /// Virtual now.
  public var now: SimulationInstant { simulation.state.withLock { $0.session.now } }

  /// One nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until virtual time reaches `deadline` (at once when it has).
  ///
  /// `nonisolated(nonsending)`: it returns on its caller's actor, and the simulation knows when
  /// it has (a main-actor sleeper is running on the main actor then), so the main-actor turn it
  /// gives at the instant after that runs the woken code until it suspends before time moves on
  /// (SE-0461).
  ///
  /// - Throws: `CancellationError` when the task is cancelled while sleeping.
  nonisolated(nonsending) public func sleep(
    until deadline: SimulationInstant, tolerance: Duration? = nil
  ) async throws {
    let id = simulation.newSleeper()
    // Here, after the wait: on the caller's actor again (`nonisolated(nonsending)`).
    defer { simulation.sleeperReturned(id) }
    try await simulation.sleep(until: deadline, id: id)
  }

  /// Suspends for `duration` of virtual time from now (``sleep(until:tolerance:)``).
  ///
  /// Declared here rather than left to `Clock`'s extension so that the caller's actor is kept
  /// (`nonisolated(nonsending)`, as ``sleep(until:tolerance:)``).
  ///
  /// - Throws: `CancellationError` when the task is cancelled while sleeping.
  nonisolated(nonsending) public func sleep(
    for duration: Duration, tolerance: Duration? = nil
  ) async throws {
    try await sleep(until: now.advanced(by: duration))
  }
}
