/// Choosing the activity of a session before it starts: the watch face's workout selector
/// (docs/scenario-format.md#the-watch-face).
///
/// In HealthKit the activity is part of the `HKWorkoutConfiguration` a session is created with
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutconfiguration); the
/// Workout app lets the user pick it with the Digital Crown before the session starts. The engine
/// creates session 0 with the scenario's activity at `t = 0`, so picking is modelled as replacing
/// that configuration until the session starts (project rule: a prepared session, still
/// counting down, may change its activity; the item selected at the start is the activity).
extension WorkoutEngine {
  /// The error domain of the watch face's own log entries: `"WorkoutSimWatchDomain"` (not an
  /// Apple domain).
  public static var watchFaceDomain: String { "WorkoutSimWatchDomain" }

  /// The activity of session `index`, or `nil` when there is no such session.
  public func activity(ofSession index: Int) -> WorkoutActivityType? {
    sessions.indices.contains(index) ? sessions[index].activity : nil
  }

  /// Whether session `index` can still have its activity chosen: it exists, is `notStarted` or
  /// `prepared`, and its builder has not begun collection.
  public func canSelectActivity(ofSession index: Int) -> Bool {
    guard sessions.indices.contains(index) else { return false }
    let session = sessions[index]
    let waiting = session.machine.state == .notStarted || session.machine.state == .prepared
    return waiting && session.builder.lifecycle == .notStarted
  }

  /// Sets the activity of session `index` (its configuration and its builder's activity type)
  /// when ``canSelectActivity(ofSession:)``; does nothing otherwise.
  ///
  /// - Parameters:
  ///   - activity: the selected `HKWorkoutActivityType`.
  ///   - index: the session, normally ``currentSessionIndex``.
  /// - Returns: whether the activity was set.
  @discardableResult
  public mutating func selectActivity(_ activity: WorkoutActivityType, ofSession index: Int)
    -> Bool
  {
    guard canSelectActivity(ofSession: index) else { return false }
    guard sessions[index].activity != activity else { return true }
    // The same session (a prepared one stays prepared): only its configuration's activity and
    // the builder it has not begun yet change, as an app that re-creates its configuration
    // before starting.
    sessions[index].activity = activity
    sessions[index].builder = LiveWorkoutBuilder(
      activityType: activity, locationType: configuration.location,
      shouldCollectWorkoutEvents: configuration.shouldCollectWorkoutEvents,
      cumulativeIntervals: cumulativeIntervals)
    return true
  }

  /// Logs that a crown rotation was ignored because the workout had started: an
  /// `error` log entry in ``watchFaceDomain`` with code `invalidArgument` and action `crown`,
  /// at `instant` (or ``now`` when earlier). It is not a HealthKit error and does not go into
  /// ``errors``.
  public mutating func logIgnoredCrown(at instant: SimulationInstant) {
    let date = max(instant, now)
    let report = ErrorReport(
      error: WorkoutError(
        domain: Self.watchFaceDomain, code: .invalidArgument,
        message: "The workout has started; the Digital Crown no longer selects its activity"),
      action: "crown", at: date, session: currentSessionIndex)
    log.append(LogEntry(at: date, session: currentSessionIndex, kind: .error(report)))
  }
}
