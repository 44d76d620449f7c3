import WorkoutCore
import WorkoutSystem

/// The one home of the conversion between the app's `Date`s and virtual time, and of the
/// wall-clock rule (docs/swift-api.md#the-wall-clock-rule).
extension AppSimulation {
  /// How close to the real wall clock a date must be to count as a `Date()` leak, and how far
  /// from virtual now: 5 minutes.
  package static let wallClockTolerance: TimeInterval = 300

  /// Whether `date` is taken to be `Date()` at virtual `now`: within 5 minutes of the real
  /// wall clock and more than 5 minutes from virtual now; with `"start": "now"`, within 5
  /// minutes of the real clock and not virtual now itself (there the two clocks begin together,
  /// so a `Date()` read milliseconds after `t = 0` is the app's "now", not a date it chose).
  package func isWallClockLeak(_ date: Date, now: SimulationInstant) -> Bool {
    guard abs(date.timeIntervalSince(Date())) <= Self.wallClockTolerance else { return false }
    let fromNow = abs(date.timeIntervalSince(self.date(of: now)))
    return startedNow ? fromNow > 0 : fromNow > Self.wallClockTolerance
  }

  /// The instant of a date the app passed to the HealthKit method `call` (for `session`),
  /// under the wall-clock rule: `nil` is virtual now; a date within 5 minutes of `Date()` and
  /// more than 5 minutes from virtual now is read as virtual now with a `wallClockDate` log
  /// entry naming `call` (`startActivity`, `stopActivity`, `beginCollection`, `endCollection`,
  /// `addWorkoutEvents`, `add`; docs/run-result.md#log), or, with ``Options/strictDates``, is an
  /// `invalidArgument` error naming `call` in its message, reported in the run's errors and log
  /// for `action`, the engine's call (`start`, `stop`, `addEvent`, ...) that the engine's own
  /// errors of the same call carry.
  ///
  /// - Returns: the instant, or the error to report the way the call reports errors.
  package func appInstant(
    _ date: Date?, call: String, action: ErrorReport.Call, session: Int?, in state: inout State
  ) -> Result<SimulationInstant, WorkoutError> {
    let now = state.session.now
    guard let date else { return .success(now) }
    guard isWallClockLeak(date, now: now) else { return .success(instant(of: date, near: now)) }
    if options.contains(.strictDates) {
      let error = WorkoutError.invalidArgument(
        "The date passed to \(call) is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it (strict dates)"
      )
      state.session.withEngine { $0.reportAPIError(error, call: action, session: session) }
      return .failure(error)
    }
    state.session.withEngine { $0.logWallClockDate(action: call, session: session) }
    return .success(now)
  }
}
