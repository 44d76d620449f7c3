import Testing

@testable import SimulationDriver

/// A stall is the app's code waiting on nothing while the process could run it
/// (docs/swift-api.md#nothing-silent): a stall window whose probes do not run in time is not
/// counted, and is reported all the same only when a queue it probes is held, not slow
/// (`SimulationExecutor.isBlocked`). Found in a full test run under a load average of 15 on
/// two cores: Swift's global executor ran none of the watch's probes for a minute while jobs of
/// other tests kept starting on it, and four runs of `MainActorAwaitTests` got a stall after
/// 60 s ("waited 30.0 seconds ... save(_:) has not returned").
///
/// The signs are instants made here, not read from a clock: the rule is a function of them,
/// so these tests wait for nothing.
@Suite struct StarvedProcessTests {
  /// An instant to measure from, and the instant `seconds` after it.
  static let origin = ContinuousClock.now
  static func at(_ seconds: Double) -> ContinuousClock.Instant {
    origin.advanced(by: .milliseconds(Int64((seconds * 1000).rounded())))
  }

  /// The trial's case: a 30 s window begun at 0, 60.4 s in; the main queue ran the last probe
  /// 1 s ago, the global executor none of the window's.
  static func trial(globalJobStarted: Double?) -> SimulationExecutor.QueueSigns {
    SimulationExecutor.QueueSigns(
      windowBegan: at(0), mainProbeRan: at(59.4), mainItemRan: nil, globalProbeRan: nil,
      globalJobStarted: globalJobStarted.map(at))
  }

  /// Jobs of the process kept starting on the global executor (the last 0.9 s ago): slow, not
  /// held; the window goes on uncounted.
  @Test func aGlobalExecutorOnWhichJobsStartIsSlowNotHeld() {
    #expect(
      !SimulationExecutor.isBlocked(
        Self.trial(globalJobStarted: 59.5), now: Self.at(60.4), delay: .seconds(30)))
  }

  /// No job started on it in the window either: held, reported twice the window after it
  /// began (60 s), not before.
  @Test func aGlobalExecutorOnWhichNothingStartsIsHeld() {
    let signs = Self.trial(globalJobStarted: nil)
    #expect(!SimulationExecutor.isBlocked(signs, now: Self.at(59.9), delay: .seconds(30)))
    #expect(SimulationExecutor.isBlocked(signs, now: Self.at(60), delay: .seconds(30)))
  }

  /// The last job started at 20 s: 30 s without a sign of life at 50 s, held once the window
  /// is 60 s old.
  @Test func aSignOfLifeCountsForAWindowFromItsInstant() {
    let signs = SimulationExecutor.QueueSigns(
      windowBegan: Self.at(0), mainProbeRan: Self.at(59), mainItemRan: nil,
      globalProbeRan: Self.at(5),
      globalJobStarted: Self.at(20))
    #expect(!SimulationExecutor.isBlocked(signs, now: Self.at(59.9), delay: .seconds(30)))
    #expect(SimulationExecutor.isBlocked(signs, now: Self.at(60), delay: .seconds(30)))
  }

  /// The main queue runs none of the probes and no other item: held (main-actor code that
  /// blocks the main thread for good), whatever the global executor does.
  @Test func aMainQueueThatRunsNothingIsHeld() {
    let signs = SimulationExecutor.QueueSigns(
      windowBegan: Self.at(0), mainProbeRan: nil, mainItemRan: nil,
      globalProbeRan: Self.at(59.8), globalJobStarted: Self.at(59.9))
    #expect(SimulationExecutor.isBlocked(signs, now: Self.at(60), delay: .seconds(30)))
  }

  /// The second run's case: the lane's main-queue probe last ran 46 s ago, behind a backlog of
  /// other tests' main-actor work that keeps running (the last item 0.5 s ago): slow, not held.
  @Test func aMainQueueWhoseItemsKeepRunningIsSlowNotHeld() {
    let signs = SimulationExecutor.QueueSigns(
      windowBegan: Self.at(0), mainProbeRan: Self.at(52), mainItemRan: Self.at(97.5),
      globalProbeRan: nil, globalJobStarted: Self.at(97.9))
    #expect(!SimulationExecutor.isBlocked(signs, now: Self.at(98), delay: .seconds(30)))
    // The same signs without the other items: held, as before the fix.
    var held = signs
    held.mainItemRan = nil
    #expect(SimulationExecutor.isBlocked(held, now: Self.at(98), delay: .seconds(30)))
  }

  /// A short window (200 ms) waits the rule's 10 s at least; a probe that ran before the
  /// window counts from the window's beginning.
  @Test func aShortWindowWaitsTenSeconds() {
    let signs = SimulationExecutor.QueueSigns(
      windowBegan: Self.at(0), mainProbeRan: Self.at(-100), mainItemRan: nil,
      globalProbeRan: nil, globalJobStarted: nil)
    #expect(!SimulationExecutor.isBlocked(signs, now: Self.at(9.9), delay: .milliseconds(200)))
    #expect(SimulationExecutor.isBlocked(signs, now: Self.at(10), delay: .milliseconds(200)))
  }
}
