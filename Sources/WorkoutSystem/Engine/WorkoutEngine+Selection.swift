import WorkoutCore

/// Choosing the activity of a session before it starts: the watch face's workout selector
/// (docs/scenario-format.md#the-watch-face).
///
/// In HealthKit the activity is part of the `HKWorkoutConfiguration` a session is created with
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutconfiguration); the
/// Workout app lets the user pick it with the Digital Crown before the session starts. The engine
/// creates session 0 with the scenario's activity at `t = 0`, so picking is modelled as replacing
/// that configuration (an app that makes its session anew with the picked activity) until the
/// session is prepared or started: HealthKit fixes a session's configuration when it is created,
/// and an app prepares or starts the session it made, so from then on the activity is fixed and
/// a crown turn is ignored with a log entry (``logIgnoredCrown(at:)``). The item selected when
/// the session is prepared, or started without `prepare`, is its activity.
extension WorkoutEngine {
  /// The error domain of the watch face's own log entries: `"WorkoutSimWatchDomain"` (not an
  /// Apple domain).
  public static var watchFaceDomain: String { "WorkoutSimWatchDomain" }

  /// The activity of session `index`, or `nil` when there is no such session.
  public func activity(ofSession index: Int) -> WorkoutActivityType? {
    sessions.indices.contains(index) ? sessions[index].activity : nil
  }

  /// Whether session `index` can still have its activity chosen: it exists, is `notStarted`
  /// (neither prepared nor started), and its builder has not begun collection.
  public func canSelectActivity(ofSession index: Int) -> Bool {
    guard sessions.indices.contains(index) else { return false }
    let session = sessions[index]
    return session.machine.state == .notStarted && session.builder.lifecycle == .notStarted
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
    // The same session, not yet prepared or started: only its configuration's activity and the
    // builder it has not begun yet change, as an app that re-creates its configuration before
    // preparing or starting.
    sessions[index].activity = activity
    sessions[index].builder = LiveWorkoutBuilder(
      activityType: activity, locationType: configuration.location,
      shouldCollectWorkoutEvents: configuration.shouldCollectWorkoutEvents,
      cumulativeIntervals: cumulativeIntervals)
    return true
  }

  /// Logs that a crown rotation was ignored because the app's current session has been
  /// prepared or started (or its builder has begun collecting): an `error` log entry in
  /// ``watchFaceDomain`` with code `invalidArgument` and action `crown`, at `instant` (or ``now``
  /// when earlier). It is not a HealthKit error and does not go into ``errors``.
  public mutating func logIgnoredCrown(at instant: SimulationInstant) {
    let date = max(instant, now)
    let report = ErrorReport(
      error: WorkoutError(
        domain: Self.watchFaceDomain, code: .invalidArgument,
        message:
          "The workout session has been prepared or started; the Digital Crown no longer selects its activity"
      ),
      call: .crown, at: date, session: currentSessionIndex)
    log.append(LogEntry(at: date, session: currentSessionIndex, kind: .error(report)))
  }
}
