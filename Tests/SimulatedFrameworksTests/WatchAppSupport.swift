import Foundation
import WorkoutSystem

@testable import SimulatedHealthKit

/// Seconds of virtual time from t = 0.
func seconds(_ simulation: HealthKitSimulation) -> Double {
  simulation.now.timeIntervalSince(simulation.startDate)
}

/// The watch engine's app state now (WatchKit reads a suspended app as `background`).
func engineAppState(_ simulation: HealthKitSimulation) -> AppState {
  simulation.state.withLock { $0.session.workoutEngine.appState }
}
