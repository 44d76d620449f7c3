import WorkoutCore

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
