import Foundation
import Synchronization
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// The world's one agenda (docs/architecture.md, "One agenda"): every kind of due work
/// registered in one queue, and at an equal instant served in ``DueWork`` order, the workout
/// (its timeline, then its engine) first and app code asleep on the clock last.
@Suite struct WorldAgendaTests {
  @Test func theKindsAreServedWorkoutStoreTimersThenSleepers() {
    #expect(DueWork.allCases == [.timeline, .engine, .healthStore, .systemTimers, .sleepers])
    #expect(DueWork.timeline < .sleepers)
  }

  /// A continuation for the queue's bookkeeping, never resumed by the queue tests (the queue
  /// only orders them): resumed here at once so none leaks.
  private static func sleeper(_ id: Int, at seconds: Int64) async -> SleeperQueue.Sleeper {
    await withCheckedContinuation { (outer: CheckedContinuation<SleeperQueue.Sleeper, Never>) in
      Task {
        try? await withCheckedThrowingContinuation {
          (inner: CheckedContinuation<Void, any Error>) in
          outer.resume(
            returning: .init(id: id, deadline: .seconds(seconds), continuation: inner))
        }
      }
    }
  }

  @Test func sleepersWakeByDeadlineThenInTheOrderTheySlept() async {
    var queue = SleeperQueue()
    // Went to sleep in the order 1, 2, 3, 4, 5.
    let sleepers = [
      await Self.sleeper(1, at: 60), await Self.sleeper(2, at: 30), await Self.sleeper(3, at: 60),
      await Self.sleeper(4, at: 45), await Self.sleeper(5, at: 30),
    ]
    for sleeper in sleepers { queue.add(sleeper) }
    #expect(queue.waiting.map(\.id) == [2, 5, 4, 1, 3])
    #expect(queue.nextDeadline == .seconds(30))
    // Sleeper 4 is cancelled.
    let cancelled = queue.remove(id: 4)
    #expect(cancelled?.id == 4)
    #expect(queue.remove(id: 4) == nil)
    let at30 = queue.takeDue(through: .seconds(30))
    #expect(at30.map(\.id) == [2, 5])
    #expect(queue.takeDue(through: .seconds(59)).isEmpty)
    let at60 = queue.takeDue(through: .seconds(60))
    #expect(at60.map(\.id) == [1, 3])
    #expect(queue.isEmpty && queue.nextDeadline == nil)
    for sleeper in sleepers { sleeper.continuation.resume() }
  }

  /// The workout is served before the sleepers of the same instant: app code asleep until
  /// 60 s wakes to a builder that has the span `[50 s, 60 s)`. The scenario's active energy is
  /// 1 kcal per 10 s span (`constant` of a cumulative type: the amount per interval), so at
  /// 60 s after a start at 0 the builder holds six spans, 6 kcal; at 55 s, five.
  @Test func aSleeperWakesToTheWorkoutOfItsOwnInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let readings = try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: nil, at: simulation.now)
      let builder = try #require(manager.builder)
      let clock = simulation.clock
      let app = Task(executorPreference: simulation.taskExecutor) { () -> [Double] in
        func energy() -> Double {
          builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?
            .doubleValue(for: .kilocalorie()) ?? -1
        }
        try await clock.sleep(until: .seconds(55))
        let at55 = energy()
        try await clock.sleep(until: .seconds(60))
        return [at55, energy()]
      }
      try await simulation.advance(by: .seconds(120))
      return try await app.value
    }
    #expect(readings == [5, 6])
  }
}
