import WorkoutCore

/// The kinds of work the simulated world has due on virtual time, in the one order in which the
/// simulation serves them at an equal instant (docs/architecture.md, "One agenda").
///
/// `advance` moves time only to the next instant at which some kind has work due
/// (``AppSimulation/State/nextInstant(through:)``) and there serves every kind in this
/// order (``AppSimulation/State/serve(from:to:)``), so a workout's state change at `t`
/// is in the store before a query listener looks at `t`, a framework's timer at `t` sees both,
/// and app code asleep until `t` wakes last, to a world already at `t`.
package enum DueWork: Int, CaseIterable, Comparable, Sendable {
  /// The workout's scenario timeline: its next action (``SimulationSession``). The session
  /// serves it together with ``engine`` at one instant, in the session's own order.
  case timeline
  /// The workout engine: its samples, batches, lifecycle, link and mirroring deadlines
  /// (``WorkoutEngine/nextDueInstant``, from the engine's own queue).
  case engine
  /// The health store's long-running queries and observers: the arrival of a listened type, or
  /// a listener's own retry timer (``HealthQueryListener``), registered when the listeners, the
  /// store or a listener's state change.
  case healthStore
  /// The frameworks' system timers (notification triggers, widget reloads, background-task
  /// launches, motion and network changes, location fixes), in the order the frameworks were
  /// first used (``SystemTimer``), each registered when its framework's state changes
  /// (``SystemTimerQueue``).
  case systemTimers
  /// App code asleep on ``SimulationClock``, by deadline, then in the order it went to sleep.
  case sleepers

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// App code asleep on ``SimulationClock``: a queue by (deadline, order of sleeping), so that the
/// next deadline is its first and the sleepers due at an instant are its front.
package struct SleeperQueue {
  /// One sleeper.
  package struct Sleeper {
    /// Its number (``AppSimulation/newSleeper()``).
    package var id: Int
    /// When it wakes.
    package var deadline: SimulationInstant
    /// What resumes it.
    package var continuation: CheckedContinuation<Void, any Error>

    /// Sleeper `id`, woken at `deadline` by resuming `continuation`.
    package init(
      id: Int, deadline: SimulationInstant, continuation: CheckedContinuation<Void, any Error>
    ) {
      self.id = id
      self.deadline = deadline
      self.continuation = continuation
    }
  }

  /// The sleepers by (deadline, order of sleeping).
  package private(set) var waiting: [Sleeper] = []

  /// No one sleeps.
  package init() {}

  /// Whether no one sleeps.
  package var isEmpty: Bool { waiting.isEmpty }
  /// How many sleep.
  package var count: Int { waiting.count }
  /// The earliest deadline, or `nil`.
  package var nextDeadline: SimulationInstant? { waiting.first?.deadline }

  /// Adds `sleeper` after every sleeper due at or before its deadline.
  package mutating func add(_ sleeper: Sleeper) {
    let index = waiting.firstIndex { $0.deadline > sleeper.deadline } ?? waiting.endIndex
    waiting.insert(sleeper, at: index)
  }

  /// Takes out sleeper `id` (cancelled), or `nil` when it is not waiting.
  package mutating func remove(id: Int) -> Sleeper? {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
    return waiting.remove(at: index)
  }

  /// Takes out every sleeper due at or before `instant`, in queue order.
  package mutating func takeDue(through instant: SimulationInstant) -> [Sleeper] {
    let end = waiting.firstIndex { $0.deadline > instant } ?? waiting.endIndex
    defer { waiting.removeFirst(end) }
    return Array(waiting[..<end])
  }
}

extension AppSimulation.State {
  /// Registers the workout's next due instants in ``agenda`` when they may have changed since
  /// they were last registered (``SimulationSession/takeChangedDue()``): the next timeline
  /// action's and the engine's (``WorkoutEngine/nextDueInstant``: its samples and timers, from
  /// the engine's own queues, which its state machines keep when they change), each its own
  /// entry. An engine call (``SimulationSession/withEngine(_:)``) or a step that served the
  /// workout's deadline changes them; a step to another kind's deadline does not.
  package mutating func registerWorkout() {
    guard let (engine, action) = session.takeChangedDue() else { return }
    agenda.set(.timeline, to: action?.nanoseconds)
    agenda.set(.engine, to: engine?.nanoseconds)
  }

  /// Registers the health store's next due instant in ``agenda`` when its listeners, the store
  /// or a listener's own state changed since it was last registered (``healthStoreChanged``,
  /// set by ``healthListeners`` and ``health`` themselves and by
  /// ``healthListenersChanged()``), or its deadline was served.
  package mutating func registerHealthStore() {
    guard healthStoreChanged else { return }
    healthStoreChanged = false
    agenda.set(.healthStore, to: healthListeners.isEmpty ? nil : healthDue?.nanoseconds)
  }

  /// Registers again the deadlines of the system timers whose state changed or whose deadline
  /// was served, as the first instant after `instant` each has something due
  /// (``SystemTimer/nextDue(after:state:)``), and the earliest in ``agenda``.
  package mutating func registerSystemTimers(after instant: SimulationInstant) {
    guard systemTimers.outOfDate else { return }
    for index in systemTimers.indices where systemTimers.isOutOfDate(index) {
      let due = systemTimers.timer(at: index).nextDue(after: instant, state: self)
      systemTimers.register(index, due.flatMap { $0 > instant ? $0 : nil })
    }
    agenda.set(.systemTimers, to: systemTimers.earliest?.nanoseconds)
  }

  /// The instant `advance` goes to next on its way to `target`: the earliest instant at which
  /// any kind of ``DueWork`` is due (the first of ``agenda``), else `target`; `nil` when virtual
  /// now is at or past `target`.
  package mutating func nextInstant(through target: SimulationInstant) -> SimulationInstant? {
    let now = session.now
    guard target > now else { return nil }
    registerWorkout()
    registerHealthStore()
    registerSystemTimers(after: now)
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
  package mutating func serve(
    from previous: SimulationInstant, to next: SimulationInstant
  ) -> [CheckedContinuation<Void, any Error>] {
    var woken: [CheckedContinuation<Void, any Error>] = []
    realClock.mark(next, real: Date().timeIntervalSinceReferenceDate)
    for kind in DueWork.allCases {
      switch kind {
      case .timeline:
        session.advance(to: next)
      case .engine:
        // Served with the timeline (the session advances both, in its own order).
        continue
      case .healthStore:
        // Only when the store's deadline is due: no listener has anything earlier.
        guard let due = agenda.deadline(of: .healthStore), due <= next.nanoseconds else {
          continue
        }
        wakeHealthListeners(after: previous, at: next)
      case .systemTimers:
        guard !systemTimers.isEmpty else { continue }
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

extension AppSimulation.State {
  /// Fires, in the order they were added, the system timers whose deadline is at or before
  /// `now` (after `previous`), and queues their callbacks. A timer whose state an earlier one's
  /// firing changed registers again first (from `previous`), so it fires here when it has
  /// become due. Every timer fired, or with a deadline at or before `now`, registers again
  /// from `now` before the agenda is next read.
  package mutating func fireSystemTimers(
    after previous: SimulationInstant, at now: SimulationInstant
  ) {
    var index = 0
    while index < systemTimers.count {
      registerSystemTimers(after: previous)
      if let due = systemTimers.deadline(at: index), due <= now {
        let callbacks = systemTimers.timer(at: index).fire(at: now, state: &self)
        systemTimers.markOutOfDate(index)
        if !callbacks.isEmpty {
          enqueue(callbacks)
          turnDue = true
        }
      }
      index += 1
    }
    systemTimers.markServed(through: now)
  }
}

/// The frameworks' system timers (``SystemTimer``) in the order they were added (their order at
/// one instant), each with the deadline it registered: the system timers' queue in the world's
/// agenda, which reports its earliest there (``AppSimulation/State/registerSystemTimers(after:)``).
///
/// A deadline is registered when the timer is added, when the framework state it was added for
/// changes (``stateChanged(_:)``, from ``AppSimulation/State/withExtension(_:of:_:)``), and after
/// it was served (``markServed(through:)``); between those nothing asks the timer.
package struct SystemTimerQueue {
  /// One timer.
  struct Entry {
    /// The type of the framework state it reads (``AppSimulation/addSystemTimer(key:_:)``).
    var key: ObjectIdentifier
    var timer: any SystemTimer
    /// Its registered deadline, or `nil` (nothing due).
    var deadline: SimulationInstant?
    /// Whether ``deadline`` is to be registered again before the agenda is next read.
    var outOfDate = true
  }

  /// The timers, in the order they were added.
  private var entries: [Entry] = []
  /// Whether some timer's deadline is out of date.
  private(set) var outOfDate = false
  /// The earliest registered deadline, made again whenever one is registered.
  private(set) var earliest: SimulationInstant?

  package init() {}

  /// Whether no timer was added.
  var isEmpty: Bool { entries.isEmpty }
  /// How many timers were added.
  var count: Int { entries.count }
  /// The timers' positions.
  var indices: Range<Int> { entries.indices }

  /// Adds `timer` for the framework state `key` unless a timer was added for it; its deadline
  /// is registered before the agenda is next read.
  mutating func add(key: ObjectIdentifier, _ timer: any SystemTimer) {
    guard !entries.contains(where: { $0.key == key }) else { return }
    entries.append(Entry(key: key, timer: timer))
    outOfDate = true
  }

  /// The timer at `index`.
  func timer(at index: Int) -> any SystemTimer { entries[index].timer }
  /// The deadline the timer at `index` registered.
  func deadline(at index: Int) -> SimulationInstant? { entries[index].deadline }
  /// Whether the timer at `index` is to register again.
  func isOutOfDate(_ index: Int) -> Bool { entries[index].outOfDate }

  /// The framework state `key` changed: its timer (if any) registers again.
  mutating func stateChanged(_ key: ObjectIdentifier) {
    for index in entries.indices where entries[index].key == key {
      markOutOfDate(index)
    }
  }

  /// A workout session's state changed (``AppSimulation`` sees it in the engine's effects):
  /// every timer registers again, so one whose rule reads the sessions (the Smart Stack's
  /// `fitness(.workoutActive)` clue) sees the change at its instant. Rare: a session changes
  /// state a few times a workout.
  package mutating func sessionStateChanged() {
    for index in entries.indices { markOutOfDate(index) }
  }

  /// The timer at `index` registers again before the agenda is next read.
  mutating func markOutOfDate(_ index: Int) {
    entries[index].outOfDate = true
    outOfDate = true
  }

  /// Every deadline at or before `instant` has been served: those timers register again.
  mutating func markServed(through instant: SimulationInstant) {
    for index in entries.indices where entries[index].deadline.map({ $0 <= instant }) ?? false {
      markOutOfDate(index)
    }
  }

  /// Registers `deadline` for the timer at `index`; the earliest is made again once none is
  /// out of date.
  mutating func register(_ index: Int, _ deadline: SimulationInstant?) {
    entries[index].deadline = deadline
    entries[index].outOfDate = false
    guard !entries.contains(where: \.outOfDate) else { return }
    outOfDate = false
    earliest = entries.lazy.compactMap(\.deadline).min()
  }
}
