/// A queue of work items on virtual time, run in (deadline, insertion order).
///
/// Modelled on SwiftNIO's `EmbeddedEventLoop.advanceTime(to:)`
/// (`apple/swift-nio/Sources/NIOEmbedded/Embedded.swift`): due items come out ordered by their
/// deadline, ties broken by the order in which they were scheduled, and ``now`` is set to an item's
/// deadline *before* the item is handed out, so work that reads ``now`` sees its own deadline.
/// Items are plain values (no closures), so scheduling does not allocate beyond the queue's
/// storage, which is a binary min-heap (`O(log n)` per operation).
///
/// ``now`` never moves backwards: an item scheduled in the past runs at the next advance with
/// ``now`` unchanged.
public struct EventScheduler<Item> {
  @usableFromInline
  struct Entry {
    @usableFromInline var deadline: Int64
    @usableFromInline var sequence: UInt64
    @usableFromInline var item: Item

    @inlinable
    init(deadline: Int64, sequence: UInt64, item: Item) {
      self.deadline = deadline
      self.sequence = sequence
      self.item = item
    }

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
    }
  }

  @usableFromInline var heap: [Entry] = []
  @usableFromInline var nextSequence: UInt64 = 0

  /// The scheduler's current instant: the deadline of the item last handed out, or the limit of
  /// the last completed ``advanceTime(to:perform:)``, whichever is later.
  public var now: SimulationInstant { SimulationInstant(nanoseconds: currentNanoseconds) }

  @usableFromInline var currentNanoseconds: Int64

  /// Creates an empty scheduler whose clock reads `now`.
  ///
  /// - Parameter now: the starting instant (default `t = 0`).
  public init(now: SimulationInstant = .zero) {
    self.currentNanoseconds = now.nanoseconds
  }

  /// The number of items waiting.
  public var count: Int { heap.count }

  /// Whether no item is waiting.
  public var isEmpty: Bool { heap.isEmpty }

  /// The earliest deadline waiting, or `nil` when empty.
  public var nextDeadline: SimulationInstant? {
    heap.first.map { SimulationInstant(nanoseconds: $0.deadline) }
  }

  /// Adds `item`, due at `deadline`. Items with equal deadlines run in the order scheduled.
  ///
  /// - Parameters:
  ///   - item: the work to hand out later.
  ///   - deadline: when it becomes due.
  @inlinable
  public mutating func schedule(_ item: Item, at deadline: SimulationInstant) {
    let entry = Entry(deadline: deadline.nanoseconds, sequence: nextSequence, item: item)
    nextSequence &+= 1
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      if heap[child].precedes(heap[parent]) {
        heap.swapAt(child, parent)
        child = parent
      } else {
        break
      }
    }
  }

  /// Removes and returns the earliest item due at or before `limit`, after setting ``now`` to its
  /// deadline (if later than ``now``); `nil` when nothing is due by `limit`.
  ///
  /// - Parameter limit: the latest deadline to hand out (inclusive).
  /// - Returns: the item's deadline and the item.
  @inlinable
  public mutating func popDue(
    through limit: SimulationInstant
  ) -> (deadline: SimulationInstant, item: Item)? {
    guard let first = heap.first, first.deadline <= limit.nanoseconds else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown()
    }
    let deadline = SimulationInstant(nanoseconds: first.deadline)
    if first.deadline > currentNanoseconds { currentNanoseconds = first.deadline }
    return (deadline, first.item)
  }

  @inlinable
  mutating func siftDown() {
    var parent = 0
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      if left >= count { return }
      var best = left
      let right = left + 1
      if right < count && heap[right].precedes(heap[left]) { best = right }
      if heap[best].precedes(heap[parent]) {
        heap.swapAt(best, parent)
        parent = best
      } else {
        return
      }
    }
  }

  /// Runs every item due at or before `limit` in (deadline, insertion) order, then sets ``now``
  /// to `limit` (if later). `body` may schedule more items; those due by `limit` run too.
  ///
  /// - Parameters:
  ///   - limit: the instant to advance to.
  ///   - body: called with the scheduler (``now`` already at the item's deadline) and the item.
  public mutating func advanceTime(
    to limit: SimulationInstant, perform body: (inout EventScheduler, Item) -> Void
  ) {
    while let (_, item) = popDue(through: limit) {
      body(&self, item)
    }
    if limit.nanoseconds > currentNanoseconds { currentNanoseconds = limit.nanoseconds }
  }

  /// Moves ``now`` forward to `instant` without running anything (no-op if not later).
  ///
  /// - Parameter instant: the new current instant.
  public mutating func setNow(_ instant: SimulationInstant) {
    if instant.nanoseconds > currentNanoseconds { currentNanoseconds = instant.nanoseconds }
  }

  /// Drops every waiting item; ``now`` is unchanged.
  public mutating func removeAll() {
    heap.removeAll(keepingCapacity: true)
  }
}

extension EventScheduler: Sendable where Item: Sendable {}

extension EventScheduler.Entry: Sendable where Item: Sendable {}
