// SimulatedHealthKitTesting: Swift Testing's `.simulation(scenario:)` trait and XCTest's
// `simulate(scenario:)` for tests of app code on SimulatedHealthKit
// (docs/swift-api.md#swift-testing-and-xctest).
// Re-exports Foundation, as the simulated frameworks do: `Date`, `DateComponents` and `URL` are
// in scope with this module's import alone.
@_exported import Foundation
// Re-exports WorkoutExplore, whose `FaultPlan` and `Fault.Kind` `explore(scenario:seeds:...)`
// takes and `ExploreFailure` carries (docs/swift-api.md#exploring-seeded-worlds).
@_exported import WorkoutExplore
