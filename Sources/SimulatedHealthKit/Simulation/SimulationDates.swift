import WorkoutCore

/// The one home of the conversion between the app's `Date`s and virtual time, and of the
/// wall-clock rule (docs/swift-api.md#the-wall-clock-rule).
extension HealthKitSimulation {
  /// How close to the real wall clock a date must be to count as a `Date()` leak, and how far
  /// from virtual now: 5 minutes.
  static let wallClockTolerance: TimeInterval = 300

  /// The instant of a date the app passed to `action` (for `session`), under the wall-clock
  /// rule: `nil` is virtual now; a date within 5 minutes of `Date()` and more than 5 minutes
  /// from virtual now is read as virtual now with a `wallClockDate` log entry, or, with
  /// ``Options/strictDates``, is an `invalidArgument` error (in the run's errors and log).
  ///
  /// - Returns: the instant, or the error to report the way the call reports errors.
  func appInstant(
    _ date: Date?, action: String, session: Int?, in state: inout State
  ) -> Result<SimulationInstant, WorkoutError> {
    let now = state.session.now
    guard let date else { return .success(now) }
    let virtualNow = self.date(of: now)
    let fromWall = abs(date.timeIntervalSince(Date()))
    let fromVirtual = abs(date.timeIntervalSince(virtualNow))
    guard fromWall <= Self.wallClockTolerance, fromVirtual > Self.wallClockTolerance else {
      return .success(instant(of: date))
    }
    if options.contains(.strictDates) {
      let error = WorkoutError.invalidArgument(
        "The date passed to \(action) is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it (strict dates)"
      )
      state.session.withEngine { $0.reportAPIError(error, action: action, session: session) }
      return .failure(error)
    }
    state.session.withEngine { $0.logWallClockDate(action: action, session: session) }
    return .success(now)
  }
}
