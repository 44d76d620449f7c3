import Foundation
import Testing
import WorkoutSimulation

@testable import WorkoutAppExample

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// The seed's WorkoutManager run 100 times at once, each run in its own simulation: parallel
/// simulations share nothing, so every run encodes to the same bytes.
@Suite struct WorkoutManagerDeterminismTests {
  /// Scenarios/hills.json: modelled, noisy sensors from the scenario's seed.
  static let hills = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios/hills.json")

  /// Two minutes of running with a 10 s pause from 60 s, then the seed's `endWorkout()`: the
  /// result as `workout-sim run --json` encodes it.
  @MainActor static func oneRun() async throws -> [UInt8] {
    let simulation = try HealthKitSimulation(scenario: hills)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.requestAuthorization()
      try await manager.startWorkout(type: .running)
      try await simulation.advance(by: .seconds(60))
      manager.pause()
      try await simulation.advance(by: .seconds(10))
      manager.resume()
      try await simulation.advance(by: .seconds(60))
      try await manager.endWorkout()
      await simulation.settle()
    }
    let result = simulation.result
    // 0 → 130 s with 10 s paused: 120 s.
    #expect(result.records.map(\.duration) == [.seconds(120)])
    return result.encodedJSON()
  }

  @Test func oneHundredParallelRunsGiveIdenticalBytes() async throws {
    let runs = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<100 { group.addTask { try await Self.oneRun() } }
      var runs: [[UInt8]] = []
      for try await bytes in group { runs.append(bytes) }
      return runs
    }
    #expect(runs.count == 100)
    #expect(!runs[0].isEmpty)
    let differing = runs.filter { $0 != runs[0] }.count
    #expect(differing == 0)
  }
}
