import WorkoutCore

/// One local calendar day on the simulation clock, as the Foundation edge computes it with
/// `Calendar` (`WorkoutSimulation.HealthGeneration`): its midnights, its date, its weekday and
/// the UTC offsets in force, so the pure generator can place local times of day without a time
/// zone database. A daylight-saving day is 23 or 25 hours long because its midnights say so.
public struct LocalDay: Sendable, Equatable {
  /// A change of UTC offset inside the day (a daylight-saving transition).
  public struct Transition: Sendable, Equatable {
    /// The instant of the change.
    public var at: SimulationInstant
    /// The UTC offset from then on (seconds east of UTC).
    public var utcOffset: Int

    /// A transition at `at` to `utcOffset`.
    public init(at: SimulationInstant, utcOffset: Int) {
      self.at = at
      self.utcOffset = utcOffset
    }
  }

  /// The local midnight that starts the day.
  public var start: SimulationInstant
  /// The next local midnight (the day's end, exclusive).
  public var end: SimulationInstant
  /// The civil date.
  public var year: Int
  /// Month 1 to 12.
  public var month: Int
  /// Day of the month 1 to 31.
  public var day: Int
  /// 1 Sunday to 7 Saturday (Foundation's `Calendar` numbering).
  public var weekday: Int
  /// The UTC offset at ``start`` (seconds east of UTC).
  public var utcOffset: Int
  /// The offset change inside the day, if any.
  public var transition: Transition?

  /// A day.
  public init(
    start: SimulationInstant, end: SimulationInstant, year: Int, month: Int, day: Int,
    weekday: Int, utcOffset: Int, transition: Transition? = nil
  ) {
    self.start = start
    self.end = end
    self.year = year
    self.month = month
    self.day = day
    self.weekday = weekday
    self.utcOffset = utcOffset
    self.transition = transition
  }

  /// The date as `YYYY-MM-DD`.
  public var dateText: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  /// The day's length (86 400 s, or 82 800 / 90 000 s on a daylight-saving day).
  public var length: Duration { start.duration(to: end) }

  /// The instant of local wall time `time` (from midnight) on this day.
  ///
  /// Before the day's transition the offset at ``start`` applies, after it the new one. A wall
  /// time the transition skips (spring forward: 02:30 does not exist) maps to the instant
  /// `time` after midnight at the old offset, which lies after the transition (03:30 new time,
  /// as Foundation's `Calendar` does by default); a wall time that occurs twice (fall back)
  /// maps to its first occurrence. Times of 24 h and more run on past the day's end.
  ///
  /// - Parameter time: local time from midnight.
  /// - Returns: the instant.
  public func instant(at time: Duration) -> SimulationInstant {
    let before = start.advanced(by: time)
    guard let transition, before >= transition.at else { return before }
    let shifted = before.advanced(by: .seconds(utcOffset - transition.utcOffset))
    return shifted >= transition.at ? shifted : before
  }
}
