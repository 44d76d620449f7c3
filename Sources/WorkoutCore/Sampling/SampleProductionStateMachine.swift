/// The sample timing state of one quantity type during a running interval (plain data). Its grid
/// is its group's (``StreamGroup``).
@usableFromInline struct SampleStream: Sendable, Hashable {
  @usableFromInline var type: QuantityType
  @usableFromInline var slot: Int
  @usableFromInline var cumulative: Bool
  @usableFromInline var hasDropouts: Bool
  @usableFromInline var interval: Int64
  @usableFromInline var lockOnEnd: Int64
  /// Its group's index in ``SampleProductionStateMachine/groups`` and its own place in
  /// ``SampleProductionStateMachine/members``.
  @usableFromInline var group: Int
  @usableFromInline var member: Int
}

/// Streams that are due together and handed out one after the other at every instant they are
/// due: the same interval and kind (discrete or cumulative), the same next grid point, and
/// neighbours in the queue's order when the interval opened. Such streams stay neighbours: they
/// are handed out together and scheduled again together, so nothing can come between them.
@usableFromInline struct StreamGroup: Sendable, Hashable {
  /// Next grid point of every member: a discrete sample's instant, a cumulative span's start.
  @usableFromInline var grid: Int64
  @usableFromInline var interval: Int64
  @usableFromInline var cumulative: Bool
  /// Its members' places in ``SampleProductionStateMachine/members``, in hand-out order.
  @usableFromInline var members: Range<Int>
}

/// A group's place in the queue of ``SampleProductionStateMachine``: when its members are next
/// due (their grid point, or for a cumulative type the end of their span), when it was last
/// scheduled (`order`, increasing over the interval) and the group. The queue hands out the
/// smallest `(due, order)` first.
@usableFromInline struct DueGroup: Sendable, Hashable {
  @usableFromInline var due: Int64
  @usableFromInline var order: Int64
  @usableFromInline var group: Int
  @inlinable init(due: Int64, order: Int64, group: Int) {
    self.due = due
    self.order = order
    self.group = group
  }

  /// Whether `self` is handed out before `other`: due earlier, or at the same instant scheduled
  /// earlier.
  @inlinable @inline(__always) func precedes(_ other: DueGroup) -> Bool {
    self.due < other.due || (self.due == other.due && self.order < other.order)
  }
}

/// One sample the source must be asked for: a discrete reading at `start` (`end == start`), or
/// the cumulative amount over `[start, end)`.
public struct SampleRequest: Sendable, Hashable {
  /// The quantity type.
  public var type: QuantityType
  /// ``QuantityType/slot``.
  public var slot: Int
  /// Whether the type is cumulative.
  public var cumulative: Bool
  /// The grid point (nanoseconds).
  public var start: Int64
  /// The span end for a cumulative type, `start` for a discrete one (nanoseconds).
  public var end: Int64

  /// A request for `type`'s sample over `[start, end]` (nanoseconds; `end == start` for a
  /// discrete type), `slot` its ``QuantityType/slot``.
  @inlinable public init(
    type: QuantityType, slot: Int, cumulative: Bool, start: Int64, end: Int64
  ) {
    self.type = type
    self.slot = slot
    self.cumulative = cumulative
    self.start = start
    self.end = end
  }
}

/// When samples are due: a state machine in the `WorkoutSessionStateMachine` shape, `idle` or
/// `collecting` for one session's running interval
/// (docs/scenario-format.md#sample-timing).
///
/// | state \ event | open | next (a stream due) | close |
/// |---|---|---|---|
/// | idle | collecting | - | - (no last batch) |
/// | collecting | collecting (a new interval) | the stream's sample, or suppressed by lock-on or a dropout | idle, with the interval's last samples |
///
/// Each interval `[s, e]` has its own grid `s + k × interval` per type: a discrete sample at each
/// grid point in `[s, e]`, a cumulative sample for each span `[s + k × interval,
/// s + (k + 1) × interval)`, the last one cut at `e`; none before collection start + `lockOn`,
/// none whose grid point lies in a dropout. Streams come out in the order of an
/// ``EventScheduler`` (by due instant; at one instant, in the order they were last scheduled).
/// The streams due together are grouped (``StreamGroup``: a workout's four cumulative types share
/// one group, the running metrics another), and the queue is a binary min-heap of groups keyed by
/// `(due, order)`, `order` a counter of schedulings: handing out a group's first member replaces
/// the heap's root and sifts it down, its other members follow with no queue work, and no other
/// group moves. (The sorted list of streams this replaced moved every stream due before the
/// re-queued one's next instant, on every sample.) The streams, their groups, their dropouts and
/// the queue are kept beside the state enum rather than in its `collecting` payload so that their
/// storage is reused from interval to interval and mutated in place on every sample (no copy on
/// write); they are empty while idle.
///
/// Public for the engine in WorkoutSystem, which asks it on every sample: its per-sample members
/// (``interval``, ``due(through:)``, ``next(dueAt:)``) are `@inlinable` so that the engine's loop
/// inlines them across the module boundary (a `package` member is not inlined into another
/// module: measured, 7.6 % more instructions on the 7-day run). Apps have no use for it.
public struct SampleProductionStateMachine: Sendable {
  /// One running interval.
  public struct Interval: Sendable, Hashable {
    /// The session collecting.
    public var session: Int
    /// Its activity (passed to the data source).
    public var activity: WorkoutActivityType

    @usableFromInline init(session: Int, activity: WorkoutActivityType) {
      self.session = session
      self.activity = activity
    }
  }

  /// What ``next(dueAt:)`` hands out.
  public enum Step: Sendable, Hashable {
    /// Ask the source for this sample.
    case sample(SampleRequest)
    /// A stream was due, but lock-on or a dropout suppresses its sample.
    case suppressed
    /// No further stream is due at that instant.
    case done
  }

  @usableFromInline enum State: Sendable, Hashable {
    case idle
    case collecting(Interval)
  }

  @usableFromInline var current: State = .idle
  /// The streams in the order of the activity's collected types (their positions).
  @usableFromInline var streams: [SampleStream] = []
  @usableFromInline var dropouts: [[Range<Int64>]] = []
  @usableFromInline var groups: [StreamGroup] = []
  /// The streams' positions, group by group, each group's in hand-out order.
  @usableFromInline var members: [Int] = []
  /// The groups as a binary min-heap by `(due, order)` (``DueGroup/precedes(_:)``): the children
  /// of `queue[i]` are `queue[2i + 1]` and `queue[2i + 2]`; `queue[0]` is due first.
  @usableFromInline var queue: [DueGroup] = []
  /// The `order` the next scheduled group gets.
  @usableFromInline var nextOrder: Int64 = 0
  /// The members (places in ``members``) of the group being handed out at ``pendingDeadline``
  /// that are still to come; its grid point was ``pendingPoint`` (the group's grid has moved on).
  @usableFromInline var pending: Range<Int> = 0..<0
  @usableFromInline var pendingDeadline: Int64 = 0
  @usableFromInline var pendingPoint: Int64 = 0

  /// Creates an idle machine.
  public init() {}

  // MARK: - Derived facts

  /// The running interval, or `nil` while idle.
  @inlinable @inline(__always) public var interval: Interval? {
    guard case .collecting(let interval) = self.current else { return nil }
    return interval
  }

  /// The next instant (nanoseconds) at which a stream is due, or `nil` while idle.
  package var nextDeadline: Int64? { self.due(through: .max) }

  /// The next instant (nanoseconds) at which a stream is due, if it is at or before `limit`.
  @inlinable @inline(__always) public func due(through limit: Int64) -> Int64? {
    if self.pending.lowerBound < self.pending.upperBound {
      return self.pendingDeadline <= limit ? self.pendingDeadline : nil
    }
    guard let first = self.queue.first, first.due <= limit else { return nil }
    return first.due
  }

  /// The number of streams of the running interval (0 while idle).
  package var streamCount: Int { self.streams.count }

  /// The next grid point of stream `position` (a discrete sample's instant, a cumulative span's
  /// start): its group's, or the group's last one while the stream waits its turn at that
  /// deadline.
  @usableFromInline func grid(ofStream position: Int) -> Int64 {
    let stream = self.streams[position]
    return self.pending.contains(stream.member) ? self.pendingPoint : self.groups[stream.group].grid
  }

  /// How many samples stream `position` hands out through `limit` (its due instants up to and
  /// including `limit`, less those that lock-on or its dropouts suppress): its slot and that count,
  /// at most `cap`. A discrete stream samples its grid points `p ≤ limit`; a cumulative one the
  /// spans `[p, p + interval)` with `p + interval ≤ limit`. For reserving storage only: the source
  /// may still return no value.
  package func expectedSamples(
    ofStream position: Int, through limit: Int64, cap: Int
  ) -> (slot: Int, count: Int) {
    let stream = self.streams[position]
    let grid = self.grid(ofStream: position)
    let step = stream.interval
    let last = stream.cumulative ? limit - step : limit
    guard last >= grid, last >= stream.lockOnEnd else { return (stream.slot, 0) }
    var first = grid
    if stream.lockOnEnd > first {
      // The first grid point at or after lock-on: grid + ⌈(lockOnEnd − grid) / step⌉ × step.
      let (offset, overflow) = ((stream.lockOnEnd - first - 1) / step + 1)
        .multipliedReportingOverflow(by: step)
      guard !overflow, offset <= last - first else { return (stream.slot, 0) }
      first += offset
    }
    let firstPoint = first
    /// Grid points from the first through `instant`.
    func points(through instant: Int64) -> Int64 {
      instant < firstPoint ? 0 : (instant - firstPoint) / step + 1
    }
    var count = points(through: last)
    for dropout in self.dropouts[position] where dropout.lowerBound <= last {
      let upper = min(dropout.upperBound &- 1, last)
      count -= max(0, points(through: upper) - points(through: dropout.lowerBound &- 1))
    }
    return (stream.slot, Int(min(max(count, 0), Int64(cap))))
  }

  // MARK: - Events

  /// A running interval of `session` opens at `start`: one stream per collected type (of those
  /// in `only`, when given) whose schedule is enabled, lock-on counted from `collectionStart`.
  ///
  /// `schedule` gives each type's schedule (the engine's configured or standard one). The streams
  /// are scheduled in the order of the activity's collected types, each after every stream due at
  /// or before it; neighbours in that order with the same interval, kind and first due instant
  /// form a group.
  package mutating func open(
    session: Int, activity: WorkoutActivityType, at start: Int64, collectionStart: Int64,
    schedule scheduleOf: (QuantityType) -> SampleSchedule, only: QuantityTypeSet? = nil
  ) {
    self.clear()
    self.current = .collecting(Interval(session: session, activity: activity))
    /// The streams' positions and first due instants, in scheduling order.
    var scheduled: [(position: Int, due: Int64)] = []
    for type in activity.collectedTypes where only?.contains(type) ?? true {
      let schedule = scheduleOf(type)
      let interval = schedule.interval.wholeNanoseconds
      guard schedule.enabled, interval > 0 else { continue }
      self.streams.append(
        SampleStream(
          type: type, slot: type.slot, cumulative: type.isCumulative,
          hasDropouts: !schedule.dropouts.isEmpty, interval: interval,
          lockOnEnd: collectionStart &+ schedule.lockOn.wholeNanoseconds, group: 0, member: 0))
      self.dropouts.append(
        schedule.dropouts.map { $0.lowerBound.nanoseconds..<$0.upperBound.nanoseconds })
      // Scheduled last: after every stream due at or before it.
      let due = type.isCumulative ? start &+ interval : start
      var index = scheduled.count
      while index > 0, scheduled[index - 1].due > due { index -= 1 }
      scheduled.insert((self.streams.count - 1, due), at: index)
    }
    for (member, entry) in scheduled.enumerated() {
      let stream = self.streams[entry.position]
      if let last = self.groups.indices.last, self.groups[last].interval == stream.interval,
        self.groups[last].cumulative == stream.cumulative,
        self.queue[self.queue.count - 1].due == entry.due
      {
        self.groups[last].members = self.groups[last].members.lowerBound..<(member + 1)
      } else {
        self.groups.append(
          StreamGroup(
            grid: start, interval: stream.interval, cumulative: stream.cumulative,
            members: member..<(member + 1)))
        self.queue.append(
          DueGroup(due: entry.due, order: self.nextOrder, group: self.groups.count - 1))
        self.nextOrder &+= 1
      }
      self.members.append(entry.position)
      self.streams[entry.position].group = self.groups.count - 1
      self.streams[entry.position].member = member
    }
    // Appended in `(due, order)` order: already a heap.
  }

  /// The next stream due at exactly `deadline` (from ``due(through:)``): its sample. The first
  /// member of a group moves the group to its next grid point and schedules it again.
  @inlinable @inline(__always) public mutating func next(dueAt deadline: Int64) -> Step {
    let member: Int
    if self.pending.lowerBound < self.pending.upperBound {
      guard self.pendingDeadline == deadline else { return .done }
      member = self.pending.lowerBound
      self.pending = (member &+ 1)..<self.pending.upperBound
    } else {
      guard let first = self.queue.first, first.due == deadline else { return .done }
      let group = self.groups[first.group]
      let grid = group.cumulative ? deadline : group.grid &+ group.interval
      self.groups[first.group].grid = grid
      self.requeueFirst(due: grid &+ (group.cumulative ? group.interval : 0))
      member = group.members.lowerBound
      self.pending = (member &+ 1)..<group.members.upperBound
      self.pendingDeadline = deadline
      self.pendingPoint = group.grid
    }
    let position = self.members[member]
    return self.step(
      self.streams[position], position: position, point: self.pendingPoint, at: deadline)
  }

  /// The interval closes at `end`: the discrete grid points at `end` and the cut cumulative spans
  /// `[grid, end)` still pending are its last samples; the machine is idle after.
  ///
  /// - Returns: the closed interval and its last samples, or `nil` when idle.
  package mutating func close(at end: Int64) -> (Interval, [SampleRequest])? {
    guard case .collecting(let interval) = self.current else { return nil }
    var requests: [SampleRequest] = []
    for position in self.streams.indices {
      let stream = self.streams[position]
      let grid = self.grid(ofStream: position)
      let due = stream.cumulative ? grid < end : grid == end
      if due,
        case .sample(let request) = self.step(stream, position: position, point: grid, at: end)
      {
        requests.append(request)
      }
    }
    self.clear()
    self.current = .idle
    return (interval, requests)
  }

  // MARK: - Helpers

  /// The root of ``queue``, whose first member was just handed out, is next due at `due`,
  /// scheduled after every group before it: it takes its new key and sifts down (the smaller
  /// child moves up while it precedes the entry); no other group moves.
  @inlinable @inline(__always) mutating func requeueFirst(due: Int64) {
    let order = self.nextOrder
    self.nextOrder = order &+ 1
    self.queue.withUnsafeMutableBufferPointer { queue in
      let entry = DueGroup(due: due, order: order, group: queue[0].group)
      let count = queue.count
      var index = 0
      while true {
        var child = 2 &* index &+ 1
        guard child < count else { break }
        if child &+ 1 < count, queue[child &+ 1].precedes(queue[child]) { child &+= 1 }
        guard queue[child].precedes(entry) else { break }
        queue[index] = queue[child]
        index = child
      }
      queue[index] = entry
    }
  }

  /// Stream `stream` (at `position`) at its grid point `point`, handed out at `instant`: its
  /// request, or suppressed by lock-on or a dropout.
  @inlinable @inline(__always)
  func step(_ stream: SampleStream, position: Int, point: Int64, at instant: Int64) -> Step {
    guard point >= stream.lockOnEnd else { return .suppressed }
    if stream.hasDropouts {
      for dropout in self.dropouts[position] where dropout.contains(point) { return .suppressed }
    }
    return .sample(
      SampleRequest(
        type: stream.type, slot: stream.slot, cumulative: stream.cumulative, start: point,
        end: stream.cumulative ? instant : point))
  }

  private mutating func clear() {
    self.streams.removeAll(keepingCapacity: true)
    self.dropouts.removeAll(keepingCapacity: true)
    self.groups.removeAll(keepingCapacity: true)
    self.members.removeAll(keepingCapacity: true)
    self.queue.removeAll(keepingCapacity: true)
    self.nextOrder = 0
    self.pending = 0..<0
  }
}
