import Foundation
import Testing

@testable import SimulatedHealthKit

/// `HKLiveWorkoutBuilder.workoutSession` is weak, as in HealthKit: an app that keeps only the
/// builder loses the session, and the builder's calls say so rather than blaming a crash
/// (trial finding).
@Suite struct ReleasedSessionTests {
  @Test func aBuilderWhoseSessionWasReleasedSaysSo() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (_, builder) = try await startedRun(HKHealthStore(), simulation)
      #expect(builder.workoutSession == nil)
      await #expect {
        try await builder.endCollection(at: simulation.now)
      } throws: { error in
        error.localizedDescription == HKLiveWorkoutBuilder.releasedSessionMessage
      }
    }
    #expect(
      simulation.result.errors.map(\.message) == [HKLiveWorkoutBuilder.releasedSessionMessage])
  }
}
