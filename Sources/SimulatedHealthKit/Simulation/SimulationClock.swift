import WorkoutCore

/// A `Clock` on a ``HealthKitSimulation``'s virtual time, for app code that sleeps on an
/// injected clock (`try await clock.sleep(for: .seconds(5))`).
///
/// Its instant is the engine's `SimulationInstant` (nanoseconds from the scenario start, with
/// `Duration` steps). `sleep(until:)` suspends until ``HealthKitSimulation/advance(by:)`` or
/// ``HealthKitSimulation/advance(to:)`` passes the deadline: the simulation steps to the deadline
/// itself, resumes the sleeper there and lets it run (`Task.yield`s and a main-actor turn)
/// before time moves on. Nothing waits on the wall clock. Model: Swift's `Clock` protocol
/// (https://developer.apple.com/documentation/swift/clock), SE-0329.
public struct SimulationClock: Clock, Sendable {
  /// The clock's instant: an offset from the scenario start.
  public typealias Instant = SimulationInstant
  /// The simulation whose time this is.
  public let simulation: HealthKitSimulation

  /// The clock of `simulation`.
  public init(simulation: HealthKitSimulation) {
    self.simulation = simulation
  }

  /// Virtual now.
  public var now: SimulationInstant { simulation.state.withLock { $0.session.now } }

  /// One nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until virtual time reaches `deadline` (at once when it has).
  ///
  /// - Throws: `CancellationError` when the task is cancelled while sleeping.
  public func sleep(until deadline: SimulationInstant, tolerance: Duration? = nil) async throws {
    try await simulation.sleep(until: deadline)
  }
}
