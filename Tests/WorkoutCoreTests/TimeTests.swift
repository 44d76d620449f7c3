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
