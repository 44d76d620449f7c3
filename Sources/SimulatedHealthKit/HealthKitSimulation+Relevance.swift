import WorkoutCore
import WorkoutHealth

/// What RelevanceKit's fitness clues read of the world (SimulatedWidgetKit's Smart Stack,
/// docs/swift-api.md#relevance): a workout in progress, and today's rings against their goals.
extension HealthKitSimulation {
  /// Whether a watch workout session is running or paused now (`fitness(.workoutActive)`).
  package static func workoutInProgress(_ state: State) -> Bool {
    let engine = state.session.workoutEngine
    for index in 0..<engine.sessionCount {
      switch engine.sessionState(index) {
      case .running?, .paused?: return true
      default: continue
      }
    }
    return false
  }

  /// Whether a ring of the local day holding virtual now is below its goal: Move (active energy,
  /// or move time in move mode `appleMoveTime`), Exercise or Stand, as the day's
  /// `HKActivitySummary` gives them (docs/healthkit-behaviour.md#activity-summaries).
  package func ringsIncomplete(_ state: State) -> Bool {
    guard let today = summaryDays(through: state.session.now).last else { return false }
    let values = summaryValues(of: today, state: state)
    let move =
      values.activityMoveMode == .appleMoveTime
      ? (values.appleMoveTime, values.appleMoveTimeGoal, HKUnit.minute())
      : (values.activeEnergyBurned, values.activeEnergyBurnedGoal, HKUnit.kilocalorie())
    let rings = [
      move,
      (values.appleExerciseTime, values.appleExerciseTimeGoal, HKUnit.minute()),
      (values.appleStandHours, values.appleStandHoursGoal, HKUnit.count()),
    ]
    return rings.contains { ring in
      ring.0.doubleValue(for: ring.2) < ring.1.doubleValue(for: ring.2)
    }
  }
}

extension HealthKitSimulation {
  /// The last night in the health store at virtual now (`sleep(_:)` clues): from the earliest
  /// start to the latest end of the sleep-analysis samples (in bed or asleep, any source; not
  /// `awake`) visible now that ended at or before now, counting those that ended within 12
  /// hours of the latest end; `nil` when the store has none (project rule,
  /// docs/swift-api.md#relevance).
  package func lastNight(_ state: State) -> Range<SimulationInstant>? {
    let now = state.session.now
    let health = state.healthStorage
    let awake = 2.0  // HKCategoryValueSleepAnalysis.awake
    var spans: [Range<SimulationInstant>] = []
    for id in health.samples(of: .sleepAnalysis, where: .all, at: now, sortedBy: [], limit: nil) {
      let sample = health.sample(id)
      guard sample.value != awake, sample.end <= now else { continue }
      spans.append(sample.start..<sample.end)
    }
    guard let wake = spans.map(\.upperBound).max() else { return nil }
    let earliest = wake.advanced(by: .seconds(-12 * 3600))
    let bed = spans.filter { $0.upperBound >= earliest }.map(\.lowerBound).min() ?? wake
    return bed..<wake
  }
}
