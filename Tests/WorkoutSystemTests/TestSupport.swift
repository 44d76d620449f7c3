import WorkoutCore
import WorkoutSystem

/// A tiny scripted data source: discrete values from a function of the instant (whole seconds
/// and nanoseconds), cumulative amounts at a fixed rate per second or a fixed amount per sample.
struct ScriptedSource: WorkoutDataSource {
  enum Cumulative {
    case perSecond(Double)
    case perSample(Double)
  }

  var discrete: @Sendable (QuantityType, SimulationInstant) -> Double? = { _, _ in nil }
  var cumulative: [QuantityType: Cumulative] = [:]

  mutating func discreteValue(
    of type: QuantityType, at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double? {
    discrete(type, instant)
  }

  mutating func cumulativeAmount(
    of type: QuantityType, from start: SimulationInstant, to end: SimulationInstant,
    activity: WorkoutActivityType
  ) -> Double {
    switch cumulative[type] {
    case .perSecond(let rate): rate * start.duration(to: end).secondsValue
    case .perSample(let amount): amount
    case nil: 0
    }
  }
}

/// Instant `seconds` s after t = 0.
func t(_ seconds: Int64) -> SimulationInstant { .seconds(seconds) }

/// Schedules with only `enabled` types on (at `intervals`), every other type off.
func only(_ intervals: [QuantityType: Int64]) -> [QuantityType: SampleSchedule] {
  var schedules: [QuantityType: SampleSchedule] = [:]
  for type in QuantityType.allCases {
    if let interval = intervals[type] {
      schedules[type] = SampleSchedule(interval: .seconds(interval))
    } else {
      schedules[type] = SampleSchedule(enabled: false, interval: .seconds(10))
    }
  }
  return schedules
}

/// Runs `actions` (seconds, action) in order on a fresh engine fed by `source`, with `app`'s
/// reflexes (default: the command line's, collection begun at `start`, `finish: auto`).
func run<Source: WorkoutDataSource>(
  _ configuration: WorkoutEngineConfiguration, source: Source, _ actions: [(Int64, AppAction)],
  app: SampleApp = SampleApp()
) -> WorkoutEngine<Source> {
  var engine = WorkoutEngine(configuration: configuration, dataSource: source, reflexes: app)
  for (seconds, action) in actions { engine.perform(action, at: t(seconds)) }
  return engine
}

extension WorkoutEngine {
  /// The log without `dataCollected` entries.
  var transitions: [LogEntry] {
    log.filter {
      if case .dataCollected = $0.kind { return false }
      return true
    }
  }
}
