// The example app's RefreshScheduler: a completion closure written in the app module's
// main-actor code (inferred main-actor isolated) is called on the main actor.
import Foundation
import Testing
import WorkoutScenario

@testable import RecoveryAppExample

#if os(watchOS)
  import WatchKit
#else
  import SimulatedHealthKit
  import SimulatedWatchKit
#endif

@Suite struct RefreshSchedulerTests {
  @Test("The app's scheduling completion runs on the main actor, without an error")
  func completionOnTheMainActor() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "refresh"))
    let scheduler = await MainActor.run { RefreshScheduler() }
    try await simulation.run {
      await scheduler.scheduleNextRefresh()
      try await simulation.advance(by: .seconds(1))
    }
    // One call, answered once with nil. The closure is the app module's main-actor code; the
    // test target's scheduledCompletionOnTheMainActor checks the queue it runs on (this
    // module's closure did not trap on the callback lane here, Swift 6.3 on Linux).
    #expect(await MainActor.run { scheduler.scheduled } == 1)
    #expect(await MainActor.run { scheduler.lastError == nil })
  }
}
