import WorkoutCore

/// The kinds of work the simulated world has due on virtual time, in the one order in which the
/// simulation serves them at an equal instant (docs/architecture.md, "One agenda").
///
/// Each kind registers its deadlines as entries of the world's one queue
/// (``AppSimulation/State/agenda``, a ``DeadlineQueue``): one entry, or one per member (each
/// engine, each listener, each system timer), numbered in the order the kind registers them,
/// so at an equal instant entries go by (kind, member). `advance` moves time only to the queue's
/// first deadline (``AppSimulation/State/nextInstant(through:)``) and there serves every kind
/// with an entry due in this order (``AppSimulation/State/serve(from:to:real:)``), so a workout's state change at `t`
/// is in the store before a query listener looks at `t`, a framework's timer at `t` sees both,
/// and app code asleep until `t` wakes last, to a world already at `t`.
package enum DueWork: Int, CaseIterable, Comparable, Sendable {
  /// The workout's scenario timeline (``SimulationSession``): member 0 the swim's next length
  /// or set, member 1 the next timeline action (the swimmer touches the wall, then presses the
  /// button). The session serves it together with ``engine`` at one instant, in the session's
  /// own order.
  case timeline
  /// The workout engines, each with two entries, the fronts of its own two queues
  /// (``WorkoutEngine/nextDeadlinesInPlace()``): member 0 the watch engine's timers (lifecycle,
  /// reminders, extended runtime, link, mirroring, auto-pause), member 1 its sample streams,
  /// members 2 and 3 the same of the phone's own workouts' engine. The session serves the
  /// watch's engine, then the phone's, each its timers before its samples at one instant.
  case engine
  /// The health store's long-running queries and observers (``HealthQueryListener``): member 0
  /// the store's next arrival of a listened type, member `i + 1` the own timer (a retry) of
  /// the `i`-th running listener, registered when the listeners, the store or a listener's
  /// state change. Every listener due is woken, in the order they were registered.
  case healthStore
  /// The frameworks' system timers (notification triggers, widget reloads, background-task
  /// launches, motion and network changes, location fixes): member `i` the `i`-th timer added,
  /// in the order the frameworks were first used (``SystemTimer``), each registered when its
  /// framework's state changes (``SystemTimerQueue``). They fire in that order.
  case systemTimers
  /// App code asleep on ``SimulationClock``: one entry, the first deadline of the sleepers' own
  /// queue (``SleeperQueue``, by deadline, then in the order they went to sleep).
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
  /// they were last registered (``SimulationSession/takeChangedDue()``), each its own entry:
  /// the swim's next event and the next timeline action (``DueWork/timeline`` members 0 and 1),
  /// the watch's and the phone's engines' timers and samples (``DueWork/engine`` members 0 to
  /// 3, from the engines' own queues, which their state machines keep when they change). An engine call
  /// (``SimulationSession/withEngine(_:)``) or a step that served one of these entries changes
  /// them (``serve(from:to:real:)``); a step to another kind's deadline does not.
  package mutating func registerWorkout() {
    guard let due = session.takeChangedDue() else { return }
    agenda.set(.timeline, member: 0, to: due.swimEvent?.nanoseconds)
    agenda.set(.timeline, member: 1, to: due.action?.nanoseconds)
    agenda.set(.engine, member: 0, to: due.watchTimers?.nanoseconds)
    agenda.set(.engine, member: 1, to: due.watchSamples?.nanoseconds)
    agenda.set(.engine, member: 2, to: due.phoneTimers?.nanoseconds)
    agenda.set(.engine, member: 3, to: due.phoneSamples?.nanoseconds)
  }

  /// Registers the health store's entries in ``agenda`` (``registerHealthListeners()``) when
  /// its listeners, the store or a listener's own state changed since they were last
  /// registered (``healthStoreChanged``, set by ``healthListeners`` itself and by
  /// ``healthListenersChanged()``), or one of them was served.
  package mutating func registerHealthStore() {
    guard healthStoreChanged else { return }
    healthStoreChanged = false
    registerHealthListeners()
  }

  /// Registers again, each as its own entry of ``agenda`` (``DueWork/systemTimers`` member
  /// `index`), the deadlines of the system timers whose state changed or whose deadline was
  /// served: the first instant after `instant` each has something due
  /// (``SystemTimer/nextDue(after:state:)``).
  package mutating func registerSystemTimers(after instant: SimulationInstant) {
    guard systemTimers.outOfDate else { return }
    for index in systemTimers.indices where systemTimers.isOutOfDate(index) {
      let due = systemTimers.timer(at: index).nextDue(after: instant, state: self)
      let deadline = due.flatMap { $0 > instant ? $0 : nil }
      systemTimers.register(index, deadline)
      agenda.set(.systemTimers, member: index, to: deadline?.nanoseconds)
    }
    systemTimers.allRegistered()
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
  /// `real` is the real clock's reading (seconds since the reference date,
  /// ``AppSimulation/realNow``) when virtual time reaches `next` (``RealClockMarks``).
  ///
  /// - Returns: the continuations of the sleepers due at `next`, in queue order.
  package mutating func serve(
    from previous: SimulationInstant, to next: SimulationInstant, real: Double
  ) -> [CheckedContinuation<Void, any Error>] {
    var woken: [CheckedContinuation<Void, any Error>] = []
    realClock.mark(next, real: real)
    // The kinds with an entry due at `next` (the entries are registered again only when the
    // queue is next read, so this stands for the whole instant).
    let due = agenda.kindsDue(through: next.nanoseconds)
    for kind in DueWork.allCases {
      switch kind {
      case .timeline:
        // An entry of the workout's served here is registered again before the queue is read.
        if due.contains(.timeline) || due.contains(.engine) { session.dueServed() }
        session.advance(to: next)
      case .engine:
        // Served with the timeline (the session advances both, in its own order).
        continue
      case .healthStore:
        // Only when one of the store's entries is due: no listener has anything earlier.
        guard due.contains(.healthStore) else { continue }
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
/// one instant), each with the deadline it registered as its own entry of the world's agenda
/// (``AppSimulation/State/registerSystemTimers(after:)``: member `i`, the `i`-th timer added).
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

  /// A workout session's state or the watch app's state changed (``AppSimulation`` sees it in
  /// the engine's effects): every timer registers again, so one whose rule reads the sessions
  /// (the Smart Stack's `fitness(.workoutActive)` clue) or the app's state (Core Motion's
  /// parked motion-manager updates) sees the change at its instant. Rare: a session or the
  /// app changes state a few times a workout.
  package mutating func lifecycleChanged() {
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

  /// Registers `deadline` for the timer at `index` (the agenda's entry is the caller's).
  mutating func register(_ index: Int, _ deadline: SimulationInstant?) {
    entries[index].deadline = deadline
    entries[index].outOfDate = false
  }

  /// Every timer out of date has registered again.
  mutating func allRegistered() {
    outOfDate = false
  }
}
