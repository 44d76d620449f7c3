/// The next deadlines of a level of the simulation, ordered by (deadline, kind, member): the
/// one event queue of that level (docs/architecture.md, "One agenda").
///
/// Each kind registers its deadlines when they are set or change (``set(_:member:to:)``) instead
/// of being asked for them; the earliest is read in `O(1)` (``first``), a change costs
/// `O(log n)` (a binary min-heap with each entry's place in it). A kind has one entry
/// (member 0, ``set(_:to:)``) or a dynamic set of them, numbered by the kind in the order it
/// registers them (a health store listener, a framework's system timer, the phone's engine
/// after the watch's): each member is its own entry, taken out with `nil` and registered again
/// with a deadline, keeping its number.
///
/// The one documented order at an equal deadline: the kind with the lower raw value first (the
/// kinds' case order), then the member with the lower number (the kind's registration order).
/// Within one entry, the order of its own items (the sample streams of a group, the sleepers
/// of one instant) is that entry's own queue's, which reports only its earliest here.
///
/// `Kind`'s raw values must be `0 ..< Kind.allCases.count`; members are `0...`.
public struct DeadlineQueue<Kind: CaseIterable & RawRepresentable> where Kind.RawValue == Int {
  @usableFromInline typealias Entry = DeadlineQueueEntry

  /// The registered deadlines, a binary min-heap by (deadline, rank, member).
  @usableFromInline var heap: [Entry] = []
  /// Each entry's index in ``heap``, or -1 when it has no deadline, at
  /// `member * kinds + rank`: one row of ``kinds`` places per member number, the row of
  /// member 0 made at once, a further row when some kind first registers that member.
  @usableFromInline var place: [Int]
  /// How many kinds there are (`Kind.allCases.count`).
  @usableFromInline let kinds: Int

  /// An empty queue: no kind has a deadline.
  @inlinable
  public init() {
    kinds = Kind.allCases.count
    place = Array(repeating: -1, count: kinds)
    heap.reserveCapacity(kinds)
  }

  /// The earliest deadline (nanoseconds) and its kind (the first in case order among equal
  /// deadlines), or `nil` when no entry has one.
  @inlinable
  public var first: (deadline: Int64, kind: Kind)? {
    guard let entry = heap.first, let kind = Kind(rawValue: entry.rank) else { return nil }
    return (entry.deadline, kind)
  }

  /// The earliest entry: its deadline (nanoseconds), kind and member (the first in (kind,
  /// member) order among equal deadlines), or `nil` when no entry has one.
  @inlinable
  public var firstEntry: (deadline: Int64, kind: Kind, member: Int)? {
    guard let entry = heap.first, let kind = Kind(rawValue: entry.rank) else { return nil }
    return (entry.deadline, kind, entry.member)
  }

  /// The earliest deadline (nanoseconds), or `nil` when no entry has one.
  @inlinable
  public var nextDeadline: Int64? { heap.first?.deadline }

  /// The deadline `kind`'s `member` registered (nanoseconds), or `nil`.
  @inlinable
  public func deadline(of kind: Kind, member: Int = 0) -> Int64? {
    let index = index(of: kind.rawValue, member)
    return index < 0 ? nil : heap[index].deadline
  }

  /// Whether some entry of `kind` has a deadline at or before `limit` (nanoseconds): a walk of
  /// the heap's entries due by `limit` only (a subtree whose root is later holds nothing
  /// earlier), so `O(k)` for the `k` entries due.
  @inlinable
  public func hasEntry(of kind: Kind, dueThrough limit: Int64) -> Bool {
    hasEntry(rank: kind.rawValue, dueThrough: limit, from: 0)
  }

  @inlinable
  func hasEntry(rank: Int, dueThrough limit: Int64, from index: Int) -> Bool {
    guard index < heap.count, heap[index].deadline <= limit else { return false }
    if heap[index].rank == rank { return true }
    return hasEntry(rank: rank, dueThrough: limit, from: 2 * index + 1)
      || hasEntry(rank: rank, dueThrough: limit, from: 2 * index + 2)
  }

  /// The kinds with some entry due at or before `limit` (nanoseconds), found in one walk of
  /// the entries due (as ``hasEntry(of:dueThrough:)``, for every kind at once).
  @inlinable
  public func kindsDue(through limit: Int64) -> DueKinds {
    DueKinds(bits: dueBits(through: limit, from: 0))
  }

  @inlinable
  func dueBits(through limit: Int64, from index: Int) -> UInt64 {
    guard index < heap.count, heap[index].deadline <= limit else { return 0 }
    return (1 << UInt64(heap[index].rank)) | dueBits(through: limit, from: 2 * index + 1)
      | dueBits(through: limit, from: 2 * index + 2)
  }

  /// A set of kinds (``kindsDue(through:)``); at most 64 kinds.
  public struct DueKinds: Sendable {
    @usableFromInline let bits: UInt64

    @inlinable
    init(bits: UInt64) { self.bits = bits }

    /// Whether `kind` is in the set.
    @inlinable
    public func contains(_ kind: Kind) -> Bool { bits & (1 << UInt64(kind.rawValue)) != 0 }
  }

  /// Registers `deadline` (nanoseconds) as `kind`'s next (its member 0), replacing the one it
  /// had; `nil` takes it out.
  @inlinable
  public mutating func set(_ kind: Kind, to deadline: Int64?) {
    set(kind, member: 0, to: deadline)
  }

  /// Registers `deadline` (nanoseconds) as the next of `kind`'s `member` (`0...`, numbered by
  /// the kind in its registration order), replacing the one it had; `nil` takes it out.
  /// Inlined up to the check that anything changed: most registrations at a step leave their
  /// entry as it was.
  @inlinable @inline(__always)
  public mutating func set(_ kind: Kind, member: Int, to deadline: Int64?) {
    let rank = kind.rawValue
    let index = index(of: rank, member)
    if index < 0 {
      guard let deadline else { return }
      insert(Entry(deadline: deadline, rank: rank, member: member))
    } else if let deadline {
      if heap[index].deadline != deadline { move(index, to: deadline) }
    } else {
      remove(at: index)
    }
  }

  @inlinable
  mutating func insert(_ entry: Entry) {
    heap.append(entry)
    setIndex(heap.count - 1, of: entry.rank, entry.member)
    siftUp(heap.count - 1)
  }

  @inlinable
  mutating func move(_ index: Int, to deadline: Int64) {
    let earlier = deadline < heap[index].deadline
    heap[index].deadline = deadline
    if earlier { siftUp(index) } else { siftDown(index) }
  }

  /// Takes out the entries of `kind`'s members `member` and later (a kind whose set of entries
  /// shrank).
  @inlinable
  public mutating func removeMembers(of kind: Kind, from member: Int) {
    var other = member
    while other * kinds < place.count {
      set(kind, member: other, to: nil)
      other += 1
    }
  }

  /// The index in ``heap`` of `rank`'s `member`, or -1.
  @inlinable
  func index(of rank: Int, _ member: Int) -> Int {
    let slot = member * kinds + rank
    return slot < place.count ? place[slot] : -1
  }

  @inlinable
  mutating func setIndex(_ index: Int, of rank: Int, _ member: Int) {
    let slot = member * kinds + rank
    if slot >= place.count {
      place.append(contentsOf: repeatElement(-1, count: (member + 1) * kinds - place.count))
    }
    place[slot] = index
  }

  @inlinable
  mutating func remove(at index: Int) {
    setIndex(-1, of: heap[index].rank, heap[index].member)
    let last = heap.removeLast()
    guard index < heap.count else { return }
    heap[index] = last
    setIndex(index, of: last.rank, last.member)
    siftDown(index)
    siftUp(index)
  }

  @inlinable
  mutating func swapEntries(_ a: Int, _ b: Int) {
    heap.swapAt(a, b)
    setIndex(a, of: heap[a].rank, heap[a].member)
    setIndex(b, of: heap[b].rank, heap[b].member)
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

extension DeadlineQueueEntry: Sendable {}

/// One entry of a ``DeadlineQueue``: a deadline (nanoseconds), its kind's rank and its member
/// number. Not generic over the queue's kinds, so every queue's heap is the same array type
/// (its metadata made once per process, not once per kind enum).
@usableFromInline
struct DeadlineQueueEntry {
  @usableFromInline var deadline: Int64
  @usableFromInline var rank: Int
  @usableFromInline var member: Int

  @inlinable
  init(deadline: Int64, rank: Int, member: Int) {
    self.deadline = deadline
    self.rank = rank
    self.member = member
  }

  @inlinable
  func precedes(_ other: DeadlineQueueEntry) -> Bool {
    if deadline != other.deadline { return deadline < other.deadline }
    if rank != other.rank { return rank < other.rank }
    return member < other.member
  }
}
