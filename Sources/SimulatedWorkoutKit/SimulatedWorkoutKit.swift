// SimulatedWorkoutKit: WorkoutKit's workout compositions (custom, single-goal and pacer
// workouts, their steps, goals and alerts, the plan) and its `WorkoutScheduler` on an
// AppSimulation's virtual time (docs/swift-api.md#workoutkit). Apple's API:
// https://developer.apple.com/documentation/workoutkit
// Re-exports Foundation, as Apple's framework does: `Measurement`, `UnitLength` and
// `DateComponents` are in scope with this module's import alone.
@_exported import Foundation
// HealthKit's `HKWorkoutActivityType` and `HKWorkoutSessionLocationType`, which WorkoutKit's
// initializers take: re-exported so `CustomWorkout(activity: .running, ...)` and a declared
// `HKWorkoutActivityType` compile with this module's import alone.
@_exported import SimulatedHealthKit
// The simulation (`AppSimulation`) the scheduler runs on.
@_exported import SimulationDriver
