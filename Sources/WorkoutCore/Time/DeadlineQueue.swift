/// The next deadlines of a fixed set of subsystems, one at most per subsystem, ordered by
/// (deadline, the subsystem's rank): the one event queue of a level of the simulation
/// (docs/architecture.md, "One agenda").
///
/// A subsystem registers its deadline when it is set or changes (``set(_:to:)``) instead of being
/// asked for it; the earliest is read in `O(1)` (``first``), a change costs `O(log n)` (a binary
/// min-heap with each kind's place in it). At an equal deadline the kind with the lower raw value
/// comes first: the kinds' case order is the level's one documented order for equal instants.
/// Within one kind, the order of its own items (samples, sleepers, timers) is that kind's queue's,
/// which reports only its earliest here.
///
/// `Kind`'s raw values must be `0 ..< Kind.allCases.count`.
public struct DeadlineQueue<Kind: CaseIterable & RawRepresentable> where Kind.RawValue == Int {
  @usableFromInline
  struct Entry {
    @usableFromInline var deadline: Int64
    @usableFromInline var rank: Int

    @inlinable
    init(deadline: Int64, rank: Int) {
      self.deadline = deadline
      self.rank = rank
    }

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      deadline < other.deadline || (deadline == other.deadline && rank < other.rank)
    }
  }

  /// The registered deadlines, a binary min-heap by (deadline, rank).
  @usableFromInline var heap: [Entry] = []
  /// Each kind's index in ``heap`` (by rank), or -1 when it has no deadline.
  @usableFromInline var place: [Int]

  /// An empty queue: no kind has a deadline.
  @inlinable
  public init() {
    place = Array(repeating: -1, count: Kind.allCases.count)
    heap.reserveCapacity(place.count)
  }

  /// The earliest deadline (nanoseconds) and its kind (the first in case order among equal
  /// deadlines), or `nil` when no kind has one.
  @inlinable
  public var first: (deadline: Int64, kind: Kind)? {
    guard let entry = heap.first, let kind = Kind(rawValue: entry.rank) else { return nil }
    return (entry.deadline, kind)
  }

  /// The earliest deadline (nanoseconds), or `nil` when no kind has one.
  @inlinable
  public var nextDeadline: Int64? { heap.first?.deadline }

  /// The deadline `kind` registered (nanoseconds), or `nil`.
  @inlinable
  public func deadline(of kind: Kind) -> Int64? {
    let index = place[kind.rawValue]
    return index < 0 ? nil : heap[index].deadline
  }

  /// Registers `deadline` (nanoseconds) as `kind`'s next, replacing the one it had; `nil` takes
  /// `kind` out.
  @inlinable
  public mutating func set(_ kind: Kind, to deadline: Int64?) {
    let rank = kind.rawValue
    let index = place[rank]
    guard let deadline else {
      if index >= 0 { remove(at: index) }
      return
    }
    if index < 0 {
      heap.append(Entry(deadline: deadline, rank: rank))
      place[rank] = heap.count - 1
      siftUp(heap.count - 1)
    } else if heap[index].deadline != deadline {
      let earlier = deadline < heap[index].deadline
      heap[index].deadline = deadline
      if earlier { siftUp(index) } else { siftDown(index) }
    }
  }

  @inlinable
  mutating func remove(at index: Int) {
    place[heap[index].rank] = -1
    let last = heap.removeLast()
    guard index < heap.count else { return }
    heap[index] = last
    place[last.rank] = index
    siftDown(index)
    siftUp(index)
  }

  @inlinable
  mutating func swapEntries(_ a: Int, _ b: Int) {
    heap.swapAt(a, b)
    place[heap[a].rank] = a
    place[heap[b].rank] = b
  }

  @inlinable
  mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      swapEntries(child, parent)
      child = parent
    }
  }

  @inlinable
  mutating func siftDown(_ start: Int) {
    var parent = start
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      if left >= count { return }
      var best = left
      let right = left + 1
      if right < count && heap[right].precedes(heap[left]) { best = right }
      guard heap[best].precedes(heap[parent]) else { return }
      swapEntries(best, parent)
      parent = best
    }
  }
}

extension DeadlineQueue: Sendable {}

extension DeadlineQueue.Entry: Sendable {}
