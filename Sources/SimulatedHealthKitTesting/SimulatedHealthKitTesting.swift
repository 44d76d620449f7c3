// SimulatedHealthKitTesting: Swift Testing's `.simulation(scenario:)` trait and XCTest's
// `simulate(scenario:)` for tests of app code on SimulatedHealthKit
// (docs/swift-api.md#swift-testing-and-xctest).
// Re-exports Foundation, as the simulated frameworks do: `Date`, `DateComponents` and `URL` are
// in scope with this module's import alone.
@_exported import Foundation
// Re-exports WorkoutExplore, whose `FaultPlan` and `Fault.Kind` `explore(scenario:seeds:...)`
// takes and `ExploreFailure` carries (docs/swift-api.md#exploring-seeded-worlds).
@_exported import WorkoutExplore
// Re-exports WorkoutScenario, whose `Scenario` (`Scenario.load(contentsOf:)`) `explore`,
// `.simulation(scenario:)` and `simulate(scenario:)` take: a test target set up as the README
// shows (SimulatedHealthKit and SimulatedHealthKitTesting) calls them with these imports alone,
// without a dependency on the WorkoutScenario product (docs/swift-api.md#exploring-seeded-worlds).
@_exported import WorkoutScenario
