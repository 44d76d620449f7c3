import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A session delegate that makes a store in every `didChangeTo` and notes whose it is.
final class StoreMaker: NSObject, HKWorkoutSessionDelegate {
  let owners = Mutex<[ObjectIdentifier]>([])

  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {
    let store = HKHealthStore()
    owners.withLock { $0.append(ObjectIdentifier(store.simulation)) }
  }

  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
}

/// A builder delegate that cancels the task it runs on (the one stepping time) at its first
/// batch at or after `at`.
final class Canceller: NSObject, HKLiveWorkoutBuilderDelegate {
  let simulation: HealthKitSimulation
  let at: Date

  init(_ simulation: HealthKitSimulation, at: Date) {
    self.simulation = simulation
    self.at = at
  }

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {
    guard simulation.now >= at else { return }
    withUnsafeCurrentTask { $0?.cancel() }
  }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

/// The driver's rules (docs/swift-api.md#time-and-callbacks): one delivery loop, callers that
/// return only after the callbacks due have returned, ownership of what callbacks make, and
/// sleepers resumed or cancelled exactly once.
@Suite struct DriverTests {
  /// A completion runs in a loop another task started (`settle`); `advance` must not return
  /// before it has returned.
  ///
  /// Inside `run` the loop's task and the body share the simulation's serial lane (a task
  /// started there runs its jobs on the lane), so the completion cannot overlap the body's
  /// `advance`, however long it takes: the 0.3 s of real time it used to sleep changed nothing
  /// but the suite's time, and is gone (issue 24: no real sleeps). (A loop on another thread,
  /// which `advance` would wait for in `drain()`, needs a caller outside the lane.)
  @Test func advanceWaitsForALoopAnotherTaskRuns() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let notes = Notes()
    try await simulation.run {
      HKHealthStore().requestAuthorization(toShare: [], read: [steps]) { _, _ in
        notes.add("started")
        notes.add("returned")
      }
      let other = Task { await simulation.settle() }
      while notes.all.isEmpty { await Task.yield() }
      try await simulation.advance(by: .seconds(1))
      #expect(notes.all == ["started", "returned"])
      await other.value
    }
    #expect(simulation.now == noon(plus: 1))
  }

  /// A delegate that cancels the task stepping time at the batch of t = 60 s (heart rate every
  /// 5 s: a batch at 60 s) stops `advance(by: 600 s)` there: it throws `CancellationError` with
  /// virtual now at 60 s, no instant served after the cancellation.
  @Test func advanceStopsAtTheInstantItsTaskIsCancelled() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let canceller = Canceller(simulation, at: noon(plus: 60))
    try await simulation.run {
      let (session, builder) = try await startedRun(HKHealthStore(), simulation)
      builder.delegate = canceller
      let mover = Task { try await simulation.advance(by: .seconds(600)) }
      let moved = await mover.result
      #expect(throws: CancellationError.self) { try moved.get() }
      #expect(simulation.now == noon(plus: 60))
      withExtendedLifetime(session) {}
    }
  }

  /// Simulation `a`'s callbacks run with `a` as the current simulation even when its `advance`
  /// is called inside `b.run`: a store a delegate makes belongs to `a`.
  @Test func callbacksMakeObjectsOfTheirOwnSimulation() async throws {
    let a = try HealthKitSimulation(scenario: constantRun())
    let b = try HealthKitSimulation(scenario: constantRun())
    let delegate = StoreMaker()
    let session = try await a.run { () -> HKWorkoutSession in
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      session.delegate = delegate
      session.startActivity(with: a.now)
      return session
    }
    try await b.run { try await a.advance(by: .seconds(1)) }
    // One change, notStarted → running, delivered by `a`'s loop.
    #expect(delegate.owners.withLock { $0 } == [ObjectIdentifier(a)])
    #expect(session.state == .running)
  }

  /// A sleeper cancelled while it sleeps throws `CancellationError` once; passing its deadline
  /// later resumes nothing (a second resume would trap); one cancelled before it sleeps throws
  /// at once. Nothing is left behind.
  @Test func aCancelledSleeperThrowsOnceAndLeavesNothing() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let clock = simulation.clock
      let sleeper = Task { try await clock.sleep(until: .seconds(30)) }
      while simulation.state.withLock({ $0.sleepers.isEmpty }) { await Task.yield() }
      sleeper.cancel()
      await #expect(throws: CancellationError.self) { try await sleeper.value }
      try await simulation.advance(by: .seconds(60))
      let early = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        try await clock.sleep(until: .seconds(90))
      }
      await #expect(throws: CancellationError.self) { try await early.value }
      #expect(simulation.state.withLock { $0.sleepers.isEmpty && $0.cancelledSleepers.isEmpty })
    }
  }

  /// 40 sleepers with deadlines 1 … 40 s, cancelled while `advance` passes them: each ends
  /// exactly once, woken (no error) or cancelled (`CancellationError`), and no sleeper or
  /// cancellation mark is left (a cancellation that lands after the wake-up is dropped).
  @Test func sleepersCancelledAroundTheirDeadlines() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let clock = simulation.clock
      let sleepers = (1...40).map { second in
        Task { try await clock.sleep(until: .seconds(second)) }
      }
      while simulation.state.withLock({ $0.sleepers.count }) < 40 { await Task.yield() }
      let canceller = Task { for sleeper in sleepers { sleeper.cancel() } }
      try await simulation.advance(by: .seconds(41))
      await canceller.value
      var ended = 0
      for sleeper in sleepers {
        switch await sleeper.result {
        case .success: ended += 1
        case .failure(let error): if error is CancellationError { ended += 1 }
        }
      }
      #expect(ended == 40)
      #expect(simulation.state.withLock { $0.sleepers.isEmpty && $0.cancelledSleepers.isEmpty })
    }
  }
}

/// Dates and spans far from the scenario's time neither trap nor run for ever.
@Suite struct HorizonTests {
  private static let scenario = packageRoot.appendingPathComponent("Scenarios/hills.json")

  /// `advance` beyond 366 days throws ``HealthKitSimulation/HorizonError`` and time stays put;
  /// 366 days exactly is the horizon (366 × 86 400 = 31 622 400 s).
  @Test func advancingBeyondTheHorizonThrowsAndMovesNothing() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario)
    let start = simulation.now
    await #expect(throws: HealthKitSimulation.HorizonError.self) {
      try await simulation.advance(to: .distantFuture)
    }
    await #expect(throws: HealthKitSimulation.HorizonError.self) {
      try await simulation.advance(by: .seconds(Int64(1) << 40))
    }
    await #expect(throws: HealthKitSimulation.HorizonError.self) {
      try await simulation.advance(by: .seconds(31_622_401))
    }
    #expect(simulation.now == start)
    try await simulation.advance(to: .distantPast)
    #expect(simulation.now == start)
  }

  /// A negative `advance(by:)` is refused with ``HealthKitSimulation/BackwardAdvanceError``
  /// naming the duration, and time stays put; zero only delivers what is pending.
  @Test func advancingByANegativeDurationThrowsAndMovesNothing() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario)
    let start = simulation.now
    let error = await #expect(throws: HealthKitSimulation.BackwardAdvanceError.self) {
      try await simulation.advance(by: .seconds(-5))
    }
    #expect(error?.duration == .seconds(-5))
    #expect(error?.description.contains("advance(by: -5.0 seconds)") == true)
    #expect(simulation.now == start)
    try await simulation.advance(by: .zero)
    #expect(simulation.now == start)
  }

  /// An app date like `Date.distantFuture` saturates at the last representable instant
  /// (Int64.max ns) instead of trapping.
  @Test func farDatesSaturate() {
    #expect(SimulationInstant.rounding(seconds: 1e300).nanoseconds == .max)
    #expect(SimulationInstant.rounding(seconds: -1e300).nanoseconds == .min)
    #expect(SimulationInstant.rounding(seconds: .nan) == .zero)
    #expect(SimulationInstant.rounding(seconds: 1.5).nanoseconds == 1_500_000_000)
  }
}

/// A scenario error's `localizedDescription` is its own message, not Foundation's generic text.
@Test func scenarioErrorsDescribeThemselves() throws {
  let missing = URL(fileURLWithPath: "/nonexistent/no-such-scenario.json")
  do {
    _ = try HealthKitSimulation(scenario: missing)
    Issue.record("a missing file was accepted")
  } catch {
    #expect(error.localizedDescription.contains("no-such-scenario.json"))
    #expect(!error.localizedDescription.contains("could not be completed"))
  }
}
