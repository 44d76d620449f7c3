import WorkoutCore
import WorkoutSystem

/// A body for lifecycle tests: heart rate 150 bpm at every grid point, no cumulative amounts,
/// and a piecewise-constant speed given as (until second, m/s) pieces; after the last piece the
/// body stands still.
struct MovingSource: WorkoutDataSource, MotionSource {
  var pieces: [(until: Int64, speed: Double)] = []

  mutating func discreteValue(
    of type: QuantityType, at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double? {
    type == .heartRate ? 150 : nil
  }

  mutating func cumulativeAmount(
    of type: QuantityType, from start: SimulationInstant, to end: SimulationInstant,
    activity: WorkoutActivityType
  ) -> Double { 0 }

  func speed(at instant: SimulationInstant) -> Double {
    pieces.first { instant < .seconds($0.until) }?.speed ?? 0
  }

  func nextSpeedChange(after instant: SimulationInstant) -> SimulationInstant? {
    pieces.first { instant < .seconds($0.until) }.map { .seconds($0.until) }
  }
}

/// A configuration with the lifecycle model on, heart rate every 10 s and nothing else.
func watchConfiguration(
  _ watch: WatchConfiguration = .standard, activity: WorkoutActivityType = .running
) -> WorkoutEngineConfiguration {
  WorkoutEngineConfiguration(
    activity: activity, schedules: only([.heartRate: 10]), watch: watch)
}

/// Runs `actions` on a fresh engine with the lifecycle model on, fed by a ``MovingSource``.
func runWatch(
  _ configuration: WorkoutEngineConfiguration, source: MovingSource = MovingSource(),
  _ actions: [(Int64, AppAction)]
) -> WorkoutEngine<MovingSource> {
  run(configuration, source: source, actions)
}

extension WorkoutEngine {
  /// The `appState` entries as (second, from, to, cause, keep-alive).
  var appStates: [(Int64, AppState, AppState, AppStateCause, KeepAliveReason)] {
    log.compactMap { entry in
      guard case .appState(let change) = entry.kind else { return nil }
      return (
        entry.at.nanoseconds / 1_000_000_000, change.from, change.to, change.cause,
        change.keepAlive
      )
    }
  }

  /// The `extendedRuntime` entries as (second, event).
  var runtimeEvents: [(Int64, ExtendedRuntimeEvent)] {
    log.compactMap { entry in
      guard case .extendedRuntime(let event) = entry.kind else { return nil }
      return (entry.at.nanoseconds / 1_000_000_000, event)
    }
  }
}

/// Compares `appStates` with the expected tuples.
func sameStates(
  _ actual: [(Int64, AppState, AppState, AppStateCause, KeepAliveReason)],
  _ expected: [(Int64, AppState, AppState, AppStateCause, KeepAliveReason)]
) -> Bool {
  actual.count == expected.count
    && zip(actual, expected).allSatisfy {
      $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 && $0.3 == $1.3 && $0.4 == $1.4
    }
}
