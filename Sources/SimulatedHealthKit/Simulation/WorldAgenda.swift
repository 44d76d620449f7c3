import WorkoutCore
import WorkoutSystem

/// The kinds of work the simulated world has due on virtual time, in the one order in which the
/// simulation serves them at an equal instant (docs/architecture.md, "One agenda").
///
/// `advance` moves time only to the next instant at which some kind has work due
/// (``HealthKitSimulation/State/nextInstant(through:)``) and there serves every kind in this
/// order (``HealthKitSimulation/State/serve(from:to:)``), so a workout's state change at `t`
/// is in the store before a query listener looks at `t`, a framework's timer at `t` sees both,
/// and app code asleep until `t` wakes last, to a world already at `t`.
package enum DueWork: Int, CaseIterable, Comparable, Sendable {
  /// The workout: the scenario's timeline actions and the engine's samples, batches, lifecycle,
  /// link and mirroring deadlines, in the session's own order (``SimulationSession``).
  case workout
  /// The health store's long-running queries and observers: the arrival of a listened type, or
  /// a listener's own retry timer (``HealthQueryListener``).
  case healthStore
  /// The frameworks' system timers (notification triggers, widget reloads, background-task
  /// launches, motion and network changes), in the order the frameworks were first used
  /// (``SystemTimer``).
  case systemTimers
  /// App code asleep on ``SimulationClock``, by deadline, then in the order it went to sleep.
  case sleepers

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// App code asleep on ``SimulationClock``: a queue by (deadline, order of sleeping), so that the
/// next deadline is its first and the sleepers due at an instant are its front.
struct SleeperQueue {
  /// One sleeper.
  struct Sleeper {
    /// Its number (``HealthKitSimulation/newSleeper()``).
    var id: Int
    /// When it wakes.
    var deadline: SimulationInstant
    /// What resumes it.
    var continuation: CheckedContinuation<Void, any Error>
  }

  /// The sleepers by (deadline, order of sleeping).
  private(set) var waiting: [Sleeper] = []

  /// Whether no one sleeps.
  var isEmpty: Bool { waiting.isEmpty }
  /// How many sleep.
  var count: Int { waiting.count }
  /// The earliest deadline, or `nil`.
  var nextDeadline: SimulationInstant? { waiting.first?.deadline }

  /// Adds `sleeper` after every sleeper due at or before its deadline.
  mutating func add(_ sleeper: Sleeper) {
    let index = waiting.firstIndex { $0.deadline > sleeper.deadline } ?? waiting.endIndex
    waiting.insert(sleeper, at: index)
  }

  /// Takes out sleeper `id` (cancelled), or `nil` when it is not waiting.
  mutating func remove(id: Int) -> Sleeper? {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
    return waiting.remove(at: index)
  }

  /// Takes out every sleeper due at or before `instant`, in queue order.
  mutating func takeDue(through instant: SimulationInstant) -> [Sleeper] {
    let end = waiting.firstIndex { $0.deadline > instant } ?? waiting.endIndex
    defer { waiting.removeFirst(end) }
    return Array(waiting[..<end])
  }
}

extension HealthKitSimulation.State {
  /// Registers the workout's next due instant in ``agenda`` when the session changed since it
  /// was last registered: the earlier of the engine's (``WorkoutEngine/nextDueInstant``: its
  /// samples and timers, from the engine's own queues) and the next timeline action's.
  mutating func registerWorkout() {
    guard workoutChanged else { return }
    let (_, engine, action) = session.nextDue()
    // Asking goes through the session's observer: the entry is current after it.
    workoutChanged = false
    let engineDue: Int64 = engine?.nanoseconds ?? .max
    let actionDue: Int64 = action?.nanoseconds ?? .max
    let due = min(engineDue, actionDue)
    agenda.set(.workout, to: due == .max ? nil : due)
  }

  /// Registers the health store's and the system timers' next due instants in ``agenda``.
  ///
  /// These two kinds are still asked rather than pushed: their instants depend on state spread
  /// over the store, the listener objects and every framework's extension state, so they are
  /// read here, once per step, and only when a listener or a timer exists (the getters copy the
  /// whole state).
  mutating func registerListenersAndTimers() {
    agenda.set(.healthStore, to: healthListeners.isEmpty ? nil : healthDue?.nanoseconds)
    agenda.set(.systemTimers, to: systemTimers.isEmpty ? nil : systemDue?.nanoseconds)
  }

  /// The instant `advance` goes to next on its way to `target`: the earliest instant at which
  /// any kind of ``DueWork`` is due (the first of ``agenda``), else `target`; `nil` when virtual
  /// now is at or past `target`.
  mutating func nextInstant(through target: SimulationInstant) -> SimulationInstant? {
    let now = session.now
    guard target > now else { return nil }
    registerWorkout()
    registerListenersAndTimers()
    let due = agenda.nextDeadline ?? .max
    let next = due < target.nanoseconds ? SimulationInstant(nanoseconds: due) : target
    // A kind that reports an instant not after now (a timeline action at now that has already
    // fired, for instance) still lets time move: by the least step there is.
    return next > now ? next : now.advanced(by: .nanoseconds(1))
  }

  /// Moves the world from `previous` to `next` (``nextInstant(through:)``) and serves what is
  /// due there, kind by kind in ``DueWork`` order: the workout advances, the health store's
  /// listeners wake, system timers fire (their callbacks queued on the lane), and the sleepers
  /// due are taken out, to be resumed by the caller outside the lock.
  ///
  /// - Returns: the continuations of the sleepers due at `next`, in queue order.
  mutating func serve(
    from previous: SimulationInstant, to next: SimulationInstant
  ) -> [CheckedContinuation<Void, any Error>] {
    var woken: [CheckedContinuation<Void, any Error>] = []
    for kind in DueWork.allCases {
      switch kind {
      case .workout:
        session.advance(to: next)
      case .healthStore:
        wakeHealthListeners(after: previous, at: next)
      case .systemTimers:
        fireSystemTimers(after: previous, at: next)
      case .sleepers:
        guard sleepers.nextDeadline.map({ $0 <= next }) ?? false else { continue }
        let due = sleepers.takeDue(through: next)
        sleepersInFlight.formUnion(due.map(\.id))
        woken = due.map(\.continuation)
        turnDue = true
      }
    }
    return woken
  }
}
