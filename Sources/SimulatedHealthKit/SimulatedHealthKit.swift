// SimulatedHealthKit: HealthKit's own type names, initializers, methods and raw values, backed by
// the workout-sim engine and driven on virtual time by `HealthKitSimulation`.
//
// App code written against HealthKit compiles against this module with only the import changed:
//
//     #if os(watchOS) || os(iOS)
//     import HealthKit
//     #else
//     import SimulatedHealthKit
//     #endif
//
// The contract is docs/swift-api.md; Apple's shapes are from
// https://developer.apple.com/documentation/healthkit.
@_exported import Foundation
// HealthKit imports CoreLocation: `CLLocation` (the route builder's and the route query's
// element) is in scope with this module's import alone.
@_exported import SimulatedCoreLocationValues
// The simulation driver: `AppSimulation`, named `HealthKitSimulation` here
// (Simulation/HealthKitState.swift).
@_exported import SimulationDriver
