import WorkoutCore

extension WorkoutEngine {
  /// Whether session `index` is open, the one home of that rule: its state is prepared,
  /// running, paused or stopped (an `HKWorkoutSession` not yet ended,
  /// https://developer.apple.com/documentation/healthkit/hkworkoutsessionstate), or its builder
  /// has begun collecting and not finished or discarded (an `HKLiveWorkoutBuilder` between
  /// `beginCollection` and `finishWorkout`). An open session saves no record when the run
  /// stops (`unfinished`), and the watch face asks before quitting one. `false` for an index
  /// with no session.
  public func isSessionOpen(_ index: Int) -> Bool {
    switch sessionState(index) {
    case .prepared, .running, .paused, .stopped: return true
    case .notStarted, .ended, nil: break
    }
    switch builder(ofSession: index)?.lifecycle {
    case .active, .ended: return true
    case .notStarted, .finished, .discarded, nil: return false
    }
  }
}
