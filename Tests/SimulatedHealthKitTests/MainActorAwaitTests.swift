import Foundation
import Observation
import Testing

@testable import SimulatedHealthKit

/// The most common SwiftUI workout-app pattern: an `@Observable @MainActor` manager, delegate of
/// the session and its builder, that awaits HealthKit from `Task { @MainActor in ... }`. The
/// test's `advance` and `settle()` return only once that task has made its calls and finished
/// (docs/swift-api.md#time-and-callbacks): found by a new-user trial, where they returned while
/// the task was still inside `endCollection` or `finishWorkout` (up to 12 runs of 12 failed with
/// the tests run in parallel).
///
/// Each test repeats its run (`rounds`) so that a `settle` that returns early is seen; the
/// values are the same in every round.
@Suite struct MainActorAwaitTests {
  /// Runs of each test: one run ends early only under load, and rarely.
  static let rounds = 25

  /// The manager as SwiftUI workout apps write it.
  @MainActor @Observable
  final class Manager: NSObject, HKWorkoutSessionDelegate,
    HKLiveWorkoutBuilderDelegate
  {
    let store = HKHealthStore()
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    /// The saved workout, set by the task the `.ended` delegate call starts.
    var workout: HKWorkout?
    /// What went wrong in that task.
    var failure: String?
    /// Whether the delegate finishes the workout when the session ends (else the app's stop
    /// button does: ``stopTapped(at:)``).
    let finishesOnEnd: Bool

    init(finishesOnEnd: Bool) {
      self.finishesOnEnd = finishesOnEnd
    }

    func start(at date: Date) async throws {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      configuration.locationType = .outdoor
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      session.delegate = self
      builder.delegate = self
      self.session = session
      self.builder = builder
      session.startActivity(with: date)
      try await builder.beginCollection(at: date)
    }

    /// The stop button: ends the session, then ends collection and finishes in a task.
    func stopTapped(at date: Date) {
      guard let session, let builder else { return }
      Task { @MainActor in
        session.end()
        await self.finish(builder, at: date)
      }
    }

    func finish(_ builder: HKLiveWorkoutBuilder, at date: Date) async {
      do {
        try await builder.endCollection(at: date)
        self.workout = try await builder.finishWorkout()
      } catch {
        failure = "\(error)"
      }
    }

    nonisolated func workoutSession(
      _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
      from fromState: HKWorkoutSessionState, date: Date
    ) {
      guard toState == .ended else { return }
      let builder = workoutSession.associatedWorkoutBuilder()
      Task { @MainActor in
        guard self.finishesOnEnd else { return }
        await self.finish(builder, at: date)
      }
    }

    nonisolated func workoutSession(
      _ workoutSession: HKWorkoutSession, didFailWithError error: any Error
    ) {}

    nonisolated func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
    ) {}

    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
  }

  /// What one run saw right after the call that should have waited: the workout's duration in
  /// the record and in the manager, and the manager's error.
  struct Seen: Equatable {
    var records: [Duration]
    var managerDuration: TimeInterval?
    var failure: String?
  }

  /// A run that starts at 0, ends the session at 60 s (in the test, or from the stop button)
  /// and reads what the manager's task did right after `afterEnd` returns.
  static func endAndFinish(
    byStopButton: Bool, _ afterEnd: @escaping @Sendable (HealthKitSimulation) async throws -> Void
  ) async throws -> Seen {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    return try await simulation.run {
      let manager = await Manager(finishesOnEnd: !byStopButton)
      try await manager.start(at: noon(plus: 0))
      try await simulation.advance(by: .seconds(60))
      if byStopButton {
        await manager.stopTapped(at: noon(plus: 60))
      } else {
        await manager.session?.end()
      }
      try await afterEnd(simulation)
      // Read before any hop to the main actor: the record is made by finishWorkout.
      let records = simulation.result.records.map(\.duration)
      let (duration, failure) = await (manager.workout?.duration, manager.failure)
      return Seen(records: records, managerDuration: duration, failure: failure)
    }
  }

  /// The workout ended at 60 s: 60 s long, saved, and the manager holds it.
  static let finished = Seen(records: [.seconds(60)], managerDuration: 60, failure: nil)

  @Test func theEndedDelegateFinishesBeforeSettleReturns() async throws {
    for _ in 0..<Self.rounds {
      let seen = try await Self.endAndFinish(byStopButton: false) { await $0.settle() }
      #expect(seen == Self.finished)
    }
  }

  @Test func theEndedDelegateFinishesBeforeAdvanceReturns() async throws {
    for _ in 0..<Self.rounds {
      let seen = try await Self.endAndFinish(byStopButton: false) {
        try await $0.advance(by: .seconds(1))
      }
      #expect(seen == Self.finished)
    }
  }

  @Test func theStopButtonsTaskFinishesBeforeSettleReturns() async throws {
    for _ in 0..<Self.rounds {
      let seen = try await Self.endAndFinish(byStopButton: true) { await $0.settle() }
      #expect(seen == Self.finished)
    }
  }

  /// A main-actor model whose refresh starts a task that awaits a query through a continuation,
  /// or saves a sample.
  @MainActor @Observable final class TodayModel {
    let store = HKHealthStore()
    var steps: Double?
    var saved = false

    /// Today's steps through the query's async form, `HKStatisticsQueryDescriptor`, awaited
    /// from a main-actor task.
    func refresh() {
      Task { @MainActor in
        let descriptor = HKStatisticsQueryDescriptor(
          predicate: HKSamplePredicate.quantitySample(
            type: SimulatedHealthKitTests.steps, predicate: AppPatternsTests.day),
          options: .cumulativeSum)
        self.steps = try await descriptor.result(for: store)?.sumQuantity()?
          .doubleValue(for: .count())
      }
    }

    func log(_ sample: HKQuantitySample) {
      Task { @MainActor in
        try await store.save(sample)
        self.saved = true
      }
    }
  }

  @Test func anAsyncQueryFromAMainActorTask() async throws {
    for _ in 0..<Self.rounds {
      let simulation = try HealthKitSimulation(
        scenario: healthScenario(samples: HealthQueryTests.overlapping))
      let steps = try await simulation.run {
        let model = await TodayModel()
        try await authorize(model.store)
        await model.refresh()
        await simulation.settle()
        return await model.steps
      }
      // 600 + 500 × 5/10 (AppPatternsTests).
      #expect(steps == 850)
    }
  }

  @Test func aSaveFromAMainActorTask() async throws {
    for _ in 0..<Self.rounds {
      let simulation = try HealthKitSimulation(
        scenario: healthScenario(samples: HealthQueryTests.overlapping))
      let (saved, stored) = try await simulation.run {
        let model = await TodayModel()
        try await authorize(model.store)
        let now = simulation.now
        await model.log(
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 12), start: now,
            end: now))
        await simulation.settle()
        // The store, read before the hop to the main actor.
        let stored = simulation.state.withLock { $0.saved.count }
        return (await model.saved, stored)
      }
      #expect(saved)
      #expect(stored == 1)
    }
  }
}

/// One `advance` at a time: a second task's `advance` while the first is stepping time is
/// refused with a message that says to await the first (docs/swift-api.md#time-and-callbacks).
@Suite struct ConcurrentAdvanceTests {
  @Test func aSecondAdvanceWhileTheFirstStepsIsRefused() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let (refusal, woke) = try await simulation.run {
      let clock = simulation.clock
      // Woken at 30 s by the first advance (0 → 60 s), which is still stepping then.
      async let second: (HealthKitSimulation.ConcurrentAdvanceError?, Double) = {
        try await clock.sleep(until: .seconds(30))
        let woke = simulation.now.timeIntervalSince(simulation.startDate)
        do {
          try await simulation.advance(by: .seconds(10))
          return (nil, woke)
        } catch let error as HealthKitSimulation.ConcurrentAdvanceError {
          return (error, woke)
        }
      }()
      try await simulation.advance(by: .seconds(60))
      return try await second
    }
    #expect(woke == 30)
    let error = try #require(refusal)
    #expect(error.requested == "advance(by: 10.0 seconds)")
    #expect(error.inProgress == "advance(by: 60.0 seconds)")
    #expect(error.seconds == 30)
    #expect(
      error.description
        == "simulation.advance(by: 10.0 seconds) at t = 30 s was called while "
        + "advance(by: 60.0 seconds) is still moving time from another task: await the first "
        + "advance before calling advance again (one task moves time; other tasks sleep on "
        + "simulation.clock or await what they need).")
    // The first advance went on to its target; the refused one moved nothing.
    #expect(simulation.now == noon(plus: 60))
  }

  @Test func advancesOneAfterTheOtherAreAccepted() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      try await simulation.advance(by: .seconds(60))
      try await simulation.advance(to: noon(plus: 90))
    }
    // 60 s, then to 90 s.
    #expect(simulation.now == noon(plus: 90))
  }
}
