// The order of what several frameworks' states contribute to a stall's message and to the
// warnings at a run's end (review25 item 9; docs/swift-api.md#nothing-silent): by the
// module-qualified name of each state's type, not the order of the dictionary that holds them.
import Foundation
import Testing
import WorkoutScenario

@testable import SimulatedHealthKit

@Suite(.timeLimit(.minutes(3))) struct ExtensionOrderTests {
  /// A framework's state that names itself in a stall's clauses and in one warning at the
  /// run's end (once; none after a stall, which named it).
  protocol Named: SimulationExtension {
    static var label: String { get }
    var warned: Bool { get set }
  }

  struct Alpha: Named {
    static let label = "Alpha"
    var warned = false
    init(simulation: AppSimulation) {}
  }
  struct Bravo: Named {
    static let label = "Bravo"
    var warned = false
    init(simulation: AppSimulation) {}
  }
  struct Charlie: Named {
    static let label = "Charlie"
    var warned = false
    init(simulation: AppSimulation) {}
  }
  struct Delta: Named {
    static let label = "Delta"
    var warned = false
    init(simulation: AppSimulation) {}
  }
  struct Echo: Named {
    static let label = "Echo"
    var warned = false
    init(simulation: AppSimulation) {}
  }
  struct Foxtrot: Named {
    static let label = "Foxtrot"
    var warned = false
    init(simulation: AppSimulation) {}
  }

  /// The six states' labels in the order of their type names
  /// (`SimulatedFrameworksTests.ExtensionOrderTests.Alpha` first): 6! = 720 orders, so a
  /// dictionary's order matches by luck once in 720 runs at most.
  static let sorted = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]

  /// Makes the six states in the order opposite to the sorted one.
  static func register(in simulation: AppSimulation) {
    simulation.mutate { state in
      for type in [Foxtrot.self, Echo.self, Delta.self, Charlie.self, Bravo.self, Alpha.self]
        as [any Named.Type]
      {
        make(type, in: &state, of: simulation)
      }
    }
  }

  private static func make<E: Named>(
    _ type: E.Type, in state: inout AppSimulation.State, of simulation: AppSimulation
  ) {
    state.withExtension(type, of: simulation) { _, _ in }
  }

  /// The run ends with the six states' warnings, in sorted order, whatever the order they were
  /// made in; three simulations, each made afresh, give the same.
  @Test func endOfRunWarningsComeByFramework() async throws {
    for _ in 0..<3 {
      let simulation = try HealthKitSimulation(scenario: Scenario(name: "order"))
      try await simulation.run {
        Self.register(in: simulation)
        try await simulation.advance(by: .seconds(1))
      }
      let warnings = simulation.reports.filter { $0.kind == .notDelivered }
      #expect(warnings.map(\.framework) == Self.sorted)
      #expect(warnings.map(\.message) == Self.sorted.map { "warning \($0)" })
    }
  }

  /// A stall's message gives the six states' clauses in sorted order.
  @Test func stallClausesComeByFramework() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "order"))
    simulation.stallReportDelay = .milliseconds(200)
    let error = await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run { () async throws in
          Self.register(in: simulation)
          // The app's wait for good.
          let (stream, _) = AsyncStream<Int>.makeStream()
          for await _ in stream {}
        }
      }.value
    }
    let message = try #require(error?.report.message)
    #expect(message.contains(Self.sorted.map { "clause \($0)" }.joined(separator: "; ")))
  }
}

extension ExtensionOrderTests.Named {
  func stallClauses(in state: AppSimulation.State) -> [String] { ["clause \(Self.label)"] }

  mutating func endOfRunWarnings(stalled: Bool, in state: inout AppSimulation.State)
    -> [(framework: String, call: String, message: String)]
  {
    defer { warned = true }
    guard !warned, !stalled else { return [] }
    return [(Self.label, "order", "warning \(Self.label)")]
  }
}
