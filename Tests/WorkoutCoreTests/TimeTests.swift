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
