// The hold on the watch app's content from the phone is tied to the numbers of the wakes'
// `WKWatchConnectivityRefreshBackgroundTask`s (SimulationDriver's `WatchLinkWakes`;
// docs/phone-link.md#waking-the-watch-app): only the hand-over (or end) of a task that holds it
// lets it go, and only once no task holds it.
import Foundation
import Synchronization
import Testing
import WorkoutScenario

@testable import SimulatedHealthKit

@Suite struct WatchLinkHoldTests {
  /// Tasks 2 and 3 (two wakes' tasks: the numbers are the watch's background-task numbers,
  /// which refresh tasks share) hold one piece of content. Task 1, a background app refresh's,
  /// handed: still held, nothing released. Task 2 handed: task 3 still holds it. Task 3 handed:
  /// the piece is released, once; handing task 3 again releases nothing.
  @Test func onlyTheHoldingTasksReleaseTheContent() throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "hold"))
    let delivered = Mutex(0)
    simulation.mutate { state in
      state.holdWatchLinkContent(forTask: 2, of: simulation)
      state.holdWatchLinkContent(forTask: 3, of: simulation)
      state.withExtension(WatchLinkWakes.self, of: simulation) { wakes, _ in
        wakes.held.append { delivered.withLock { $0 += 1 } }
      }
    }
    /// `"<released> <held>"`: how many callbacks the hand-over of the tasks `numbers` released
    /// (run here), and whether content is still held after it.
    func hand(_ numbers: [Int]) -> String {
      let (callbacks, held) = simulation.mutate { state in
        let callbacks = state.releaseWatchLinkContent(of: simulation, tasks: numbers)
        return (callbacks, state.watchLinkContentHeld())
      }
      for callback in callbacks { callback() }
      return "\(callbacks.count) \(held)"
    }
    #expect(hand([1]) == "0 true")
    #expect(delivered.withLock { $0 } == 0)
    #expect(hand([2]) == "0 true")
    #expect(delivered.withLock { $0 } == 0)
    #expect(hand([3]) == "1 false")
    #expect(delivered.withLock { $0 } == 1)
    #expect(hand([3]) == "0 false")
    #expect(delivered.withLock { $0 } == 1)
  }
}
