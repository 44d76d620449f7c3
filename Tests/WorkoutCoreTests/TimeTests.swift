import Testing
import WorkoutCore

@Suite struct EventSchedulerTests {
  @Test func runsByDeadlineThenInsertionOrderWithNowSetFirst() {
    var scheduler = EventScheduler<String>()
    scheduler.schedule("c@5", at: t(5))
    scheduler.schedule("a@3", at: t(3))
    scheduler.schedule("d@5", at: t(5))
    scheduler.schedule("b@3", at: t(3))
    scheduler.schedule("late@9", at: t(9))
    var ran: [String] = []
    scheduler.advanceTime(to: t(6)) { scheduler, item in
      ran.append("\(item) now=\(scheduler.now.nanoseconds / 1_000_000_000)")
      if item == "a@3" { scheduler.schedule("e@4", at: t(4)) }
    }
    #expect(ran == ["a@3 now=3", "b@3 now=3", "e@4 now=4", "c@5 now=5", "d@5 now=5"])
    #expect(scheduler.now == t(6))
    #expect(scheduler.nextDeadline == t(9))
    #expect(scheduler.count == 1)
  }

  @Test func nowNeverMovesBackwards() {
    var scheduler = EventScheduler<Int>(now: t(10))
    scheduler.schedule(1, at: t(4))
    let due = scheduler.popDue(through: t(10))
    #expect(due?.item == 1)
    #expect(due?.deadline == t(4))
    #expect(scheduler.now == t(10))
  }
}

@Suite struct VirtualClockTests {
  @Test func sleepersWakeOnlyWhenAdvanced() async throws {
    let clock = VirtualClock()
    let task = Task { try await clock.sleep(until: t(5), tolerance: nil) }
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: .seconds(3))
    #expect(clock.now == t(3))
    #expect(clock.sleeperCount == 1)
    clock.advance(to: t(8))
    try await task.value
    #expect(clock.now == t(8))
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingInThePastReturnsAtOnce() async throws {
    let clock = VirtualClock(now: t(10))
    try await clock.sleep(until: t(4), tolerance: nil)
    #expect(clock.now == t(10))
  }

  @Test func cancelledSleeperThrows() async throws {
    let clock = VirtualClock()
    let task = Task { try await clock.sleep(until: t(5), tolerance: nil) }
    while clock.sleeperCount == 0 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }
}

@Suite struct DeadlineQueueTests {
  /// Three kinds in a fixed order: the rank breaks ties between equal deadlines.
  enum Kind: Int, CaseIterable { case first, second, third }

  @Test func earliestDeadlineFirstThenKindOrderAtEqualInstants() {
    var queue = DeadlineQueue<Kind>()
    #expect(queue.first == nil)
    queue.set(.third, to: 5)
    queue.set(.second, to: 5)
    // (5, second) precedes (5, third): equal deadlines go by case order, not by registration.
    #expect(queue.first?.kind == .second)
    #expect(queue.first?.deadline == 5)
    queue.set(.first, to: 7)
    #expect(queue.first?.kind == .second)
    // `second` moves later (5 -> 9): (5, third) is now the earliest.
    queue.set(.second, to: 9)
    #expect(queue.first?.kind == .third)
    // `first` moves earlier (7 -> 2): it is now the earliest.
    queue.set(.first, to: 2)
    #expect(queue.first?.kind == .first)
    #expect(queue.nextDeadline == 2)
    #expect(queue.deadline(of: .second) == 9)
    #expect(queue.deadline(of: .third) == 5)
  }

  @Test func removingAKindLeavesTheOthersInOrder() {
    var queue = DeadlineQueue<Kind>()
    queue.set(.first, to: 4)
    queue.set(.second, to: 1)
    queue.set(.third, to: 4)
    queue.set(.second, to: nil)
    // Left: (4, first), (4, third): first by case order.
    #expect(queue.deadline(of: .second) == nil)
    #expect(queue.first?.kind == .first)
    queue.set(.first, to: nil)
    #expect(queue.first?.kind == .third)
    queue.set(.third, to: nil)
    #expect(queue.first == nil)
    // Removing a kind that has no deadline changes nothing.
    queue.set(.third, to: nil)
    #expect(queue.nextDeadline == nil)
  }

  /// Members of one kind are ordered after the kind's case order by their number (the kind's
  /// registration order): at 5 s, `first` before `second`'s members 0, 1 and 3, in that order.
  @Test func membersAtAnEqualInstantGoByKindThenMemberNumber() {
    var queue = DeadlineQueue<Kind>()
    // Registered out of order on purpose: member 3, then member 1, then member 0.
    queue.set(.second, member: 3, to: 5)
    queue.set(.second, member: 1, to: 5)
    queue.set(.second, member: 0, to: 5)
    queue.set(.third, to: 4)
    queue.set(.first, to: 5)
    var served: [String] = []
    while let entry = queue.firstEntry {
      served.append("\(entry.deadline) \(entry.kind) \(entry.member)")
      queue.set(entry.kind, member: entry.member, to: nil)
    }
    // 4 s before 5 s; at 5 s: kind `first` (rank 0), then `second`'s members 0, 1, 3.
    #expect(served == ["4 third 0", "5 first 0", "5 second 0", "5 second 1", "5 second 3"])
  }

  /// A member taken out leaves its kind's other members; registered again, it keeps its number
  /// and so its place among equal instants.
  @Test func aMemberIsRemovedAndRegisteredAgain() {
    var queue = DeadlineQueue<Kind>()
    queue.set(.third, member: 0, to: 8)
    queue.set(.third, member: 1, to: 6)
    queue.set(.third, member: 2, to: 7)
    #expect(queue.firstEntry?.member == 1)
    queue.set(.third, member: 1, to: nil)
    #expect(queue.deadline(of: .third, member: 1) == nil)
    // Left: (7, third 2), (8, third 0).
    #expect(queue.firstEntry?.deadline == 7)
    #expect(queue.firstEntry?.member == 2)
    // Member 1 again, at 7 s: it precedes member 2 at the same instant.
    queue.set(.third, member: 1, to: 7)
    #expect(queue.firstEntry?.member == 1)
    #expect(queue.deadline(of: .third, member: 1) == 7)
    // Members 1 and later go (a kind with fewer entries): member 0 at 8 s is left.
    queue.removeMembers(of: .third, from: 1)
    #expect(queue.firstEntry?.deadline == 8)
    #expect(queue.firstEntry?.member == 0)
    #expect(queue.deadline(of: .third, member: 2) == nil)
    // Removing members past the last one registered changes nothing.
    queue.removeMembers(of: .third, from: 9)
    queue.removeMembers(of: .first, from: 1)
    #expect(queue.nextDeadline == 8)
    queue.removeMembers(of: .third, from: 0)
    #expect(queue.first == nil)
  }

  /// `hasEntry(of:dueThrough:)` finds a kind's member due by a limit even when another kind's
  /// entries come first, and none when its earliest is later.
  @Test func aKindHasAnEntryDueThroughALimit() {
    var queue = DeadlineQueue<Kind>()
    queue.set(.first, to: 1)
    queue.set(.first, member: 1, to: 2)
    queue.set(.second, to: 9)
    queue.set(.third, member: 4, to: 3)
    #expect(queue.hasEntry(of: .third, dueThrough: 3))
    #expect(!queue.hasEntry(of: .third, dueThrough: 2))
    #expect(queue.hasEntry(of: .first, dueThrough: 1))
    #expect(!queue.hasEntry(of: .second, dueThrough: 8))
    #expect(queue.hasEntry(of: .second, dueThrough: 9))
    // One walk for every kind: by 3, `first` (1, 2) and `third` (3); by 2, `first` only.
    let byThree = queue.kindsDue(through: 3)
    #expect(byThree.contains(.first) && !byThree.contains(.second) && byThree.contains(.third))
    let byTwo = queue.kindsDue(through: 2)
    #expect(byTwo.contains(.first) && !byTwo.contains(.second) && !byTwo.contains(.third))
    #expect(!queue.kindsDue(through: 0).contains(.first))
  }

  /// With members, every order of updates gives the entry a scan in (kind, member) order would
  /// give: 300 updates of 3 kinds x 4 members from a fixed stream, compared after each.
  @Test func membersAgreeWithAScanAfterEveryUpdate() {
    var queue = DeadlineQueue<Kind>()
    var expected = [[Int64?]](repeating: [nil, nil, nil, nil], count: 3)
    var random = SplitMix64(seed: 11, stream: "deadline-queue-members")
    for _ in 0..<300 {
      let kind = Kind.allCases[Int(random.next() % 3)]
      let member = Int(random.next() % 4)
      let value = random.next() % 4
      let deadline: Int64? = value == 0 ? nil : Int64(value)
      queue.set(kind, member: member, to: deadline)
      expected[kind.rawValue][member] = deadline
      var scan: (deadline: Int64, kind: Kind, member: Int)?
      for other in Kind.allCases {
        for number in 0..<4 {
          guard let due = expected[other.rawValue][number] else { continue }
          if scan == nil || due < scan!.deadline { scan = (due, other, number) }
        }
      }
      #expect(queue.firstEntry?.deadline == scan?.deadline)
      #expect(queue.firstEntry?.kind == scan?.kind)
      #expect(queue.firstEntry?.member == scan?.member)
      for other in Kind.allCases {
        for number in 0..<4 {
          #expect(queue.deadline(of: other, member: number) == expected[other.rawValue][number])
        }
      }
    }
  }

  /// Every order of updates gives the minimum a scan of the kinds would give: 200 updates from a
  /// fixed stream, compared after each with the smallest (deadline, rank) pair.
  @Test func agreesWithAScanAfterEveryUpdate() {
    var queue = DeadlineQueue<Kind>()
    var expected: [Int64?] = [nil, nil, nil]
    var random = SplitMix64(seed: 7, stream: "deadline-queue")
    for _ in 0..<200 {
      let kind = Kind.allCases[Int(random.next() % 3)]
      let value = random.next() % 4
      // A value of 0 takes the kind out; 1...3 are deadlines, so ties are frequent.
      let deadline: Int64? = value == 0 ? nil : Int64(value)
      queue.set(kind, to: deadline)
      expected[kind.rawValue] = deadline
      // A scan in case order keeps the first kind among equal deadlines (strictly less).
      var scan: (deadline: Int64, kind: Kind)?
      for other in Kind.allCases {
        guard let due = expected[other.rawValue] else { continue }
        if scan == nil || due < scan!.deadline { scan = (due, other) }
      }
      #expect(queue.first?.deadline == scan?.deadline)
      #expect(queue.first?.kind == scan?.kind)
    }
  }
}
