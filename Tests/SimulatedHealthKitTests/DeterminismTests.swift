import Foundation
import Testing
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// The same app code on the same scenario gives the same bytes, run after run.
@Suite struct DeterminismTests {
  /// A 60 s run with a pause from 20 to 30 s, on the modelled (noisy) sensors of `hills.json`.
  static func shortRun() async throws -> [UInt8] {
    let url = packageRoot.appendingPathComponent("Scenarios/hills.json")
    let simulation = try HealthKitSimulation(scenario: url)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: nil, at: simulation.now)
      try await simulation.advance(by: .seconds(20))
      manager.session?.pause()
      try await simulation.advance(by: .seconds(10))
      manager.session?.resume()
      try await simulation.advance(by: .seconds(30))
      try await manager.endWorkout(at: simulation.now)
    }
    return simulation.result.encodedJSON()
  }

  @Test func theSameAppTwiceGivesTheSameBytes() async throws {
    let first = try await Self.shortRun()
    let second = try await Self.shortRun()
    #expect(first == second)
    #expect(!first.isEmpty)
  }

  @Test func oneHundredReruns() async throws {
    let reference = try await Self.shortRun()
    for run in 1...100 {
      let bytes = try await Self.shortRun()
      #expect(bytes == reference, "rerun \(run) differs")
      if bytes != reference { break }
    }
  }
}
