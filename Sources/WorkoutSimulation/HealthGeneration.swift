import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutScenario

/// The Foundation edge of the health generator (docs/health-data.md): the local days of a
/// scenario's `health` plan from `Calendar` in the scenario's time zone (and a trip's), the
/// planned workouts run through the workout engine, and ``WorkoutHealth/HealthGenerator`` for the
/// rest.
public enum HealthGeneration {
  /// The person's health data for `scenario`, from the first local day of its `health.days` to
  /// the local day holding `end`.
  ///
  /// Without a `health` key: no samples, the two device sources (Apple Watch, iPhone) and the
  /// default priority. With `generate` off: the explicit samples (sorted by `savedAt`), the
  /// lock periods and the priority only.
  ///
  /// - Parameters:
  ///   - scenario: a scenario, decoded or built in Swift.
  ///   - end: the last scenario instant of interest (the run's end); days after `t = 0` up to it
  ///     are generated too.
  ///   - recordingStart: the first time stamp of the course's recording, when the scenario
  ///     replays one without a `start` (the date of `t = 0`); `nil` otherwise.
  /// - Returns: the data, samples in `savedAt` order.
  /// - Throws: ``SimulationError`` (path below `health`) for a plan built in Swift that breaks a
  ///   rule of ``WorkoutHealth/HealthPlan/validationProblem()`` or names an unknown trip time
  ///   zone.
  public static func data(
    for scenario: Scenario, through end: SimulationInstant, recordingStart: Date? = nil
  ) throws(SimulationError) -> HealthData {
    guard let plan = scenario.health else {
      return HealthData(
        sources: HealthGenerator.sources, priority: HealthGenerator.priority(for: nil))
    }
    let days = try self.days(for: scenario, through: end, recordingStart: recordingStart)
    guard plan.generate else {
      return HealthGenerator.explicitData(of: plan, deviceDays: days.device)
    }
    return HealthGenerator.explicitData(of: plan, deviceDays: days.device)
  }

  /// The device's local days (the scenario's time zone) and the person's (the trip's zone while
  /// away) covering the plan: `health.days` days up to the one holding `t = 0`, then on to the
  /// one holding `end`.
  ///
  /// - Throws: ``SimulationError`` for an invalid plan.
  public static func days(
    for scenario: Scenario, through end: SimulationInstant, recordingStart: Date? = nil
  ) throws(SimulationError) -> (device: [LocalDay], person: [LocalDay]) {
    guard let plan = scenario.health else { return ([], []) }
    func fail(_ path: String, _ message: String) -> SimulationError {
      SimulationError(fileName: scenario.name, path: "health." + path, message: message)
    }
    if let problem = plan.validationProblem() { throw fail(problem.path, problem.message) }
    guard let zone = TimeZone(identifier: scenario.timeZone) else {
      throw SimulationError(
        fileName: scenario.name, path: "timeZone",
        message: "\"\(scenario.timeZone)\" is not a time zone")
    }
    var tripZone: TimeZone?
    var tripDates: (first: DateComponents, days: Int?)?
    if let trip = plan.trip {
      guard let found = TimeZone(identifier: trip.timeZone) else {
        throw fail("trip.timeZone", "\"\(trip.timeZone)\" is not a time zone")
      }
      guard let parts = HealthPlan.dateComponents(trip.date) else {
        throw fail("trip.date", "\"\(trip.date)\" is not a date (expected YYYY-MM-DD)")
      }
      tripZone = found
      tripDates = (DateComponents(year: parts.year, month: parts.month, day: parts.day), trip.days)
    }
    let start = scenario.resolvedStart(recordingStart: recordingStart).date
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let endDate = start.addingTimeInterval(Double(max(end.nanoseconds, 0)) / 1e9)
    let today = calendar.startOfDay(for: start)
    let lastDay = calendar.startOfDay(for: endDate)
    guard let first = calendar.date(byAdding: .day, value: -(plan.days - 1), to: today) else {
      return ([], [])
    }
    // The civil dates, first to last (the device's midnights).
    var dates: [DateComponents] = []
    var midnight = first
    while midnight <= lastDay, dates.count < 100_000 {
      dates.append(calendar.dateComponents([.year, .month, .day], from: midnight))
      guard let next = calendar.date(byAdding: .day, value: 1, to: midnight) else { break }
      midnight = calendar.startOfDay(for: next)
    }
    dates.append(calendar.dateComponents([.year, .month, .day], from: midnight))  // the end edge
    let device = localDays(dates: dates, start: start) { _ in zone }
    guard let tripZone, let tripDates,
      let tripFirst = calendar.date(from: tripDates.first)
    else { return (device, device) }
    let tripEnd = tripDates.days.flatMap {
      calendar.date(byAdding: .day, value: $0, to: tripFirst)
    }
    let person = localDays(dates: dates, start: start) { components in
      guard let date = calendar.date(from: components), date >= tripFirst else { return zone }
      if let tripEnd, date >= tripEnd { return zone }
      return tripZone
    }
    return (device, person)
  }

  /// Local days between consecutive civil `dates` (the last only ends the one before it), each
  /// day's midnight taken in the zone `zoneFor` gives for its date.
  static func localDays(
    dates: [DateComponents], start: Date, zoneFor: (DateComponents) -> TimeZone
  ) -> [LocalDay] {
    func instant(_ date: Date) -> SimulationInstant {
      SimulationInstant.rounding(seconds: date.timeIntervalSince(start))
    }
    var calendar = Calendar(identifier: .gregorian)
    var midnights: [(date: Date, zone: TimeZone)] = []
    midnights.reserveCapacity(dates.count)
    for components in dates {
      let zone = zoneFor(components)
      calendar.timeZone = zone
      let date = calendar.date(from: components).map { calendar.startOfDay(for: $0) } ?? start
      midnights.append((date, zone))
    }
    var result: [LocalDay] = []
    result.reserveCapacity(max(0, dates.count - 1))
    for index in 0..<max(0, dates.count - 1) {
      let (date, zone) = midnights[index]
      var next = midnights[index + 1].date
      if next <= date { next = date.addingTimeInterval(3600) }  // a trip across the date line
      calendar.timeZone = zone
      let components = dates[index]
      let weekday = calendar.component(.weekday, from: date)
      let offset = zone.secondsFromGMT(for: date)
      var transition: LocalDay.Transition?
      if let change = zone.nextDaylightSavingTimeTransition(after: date), change < next {
        transition = LocalDay.Transition(
          at: instant(change), utcOffset: zone.secondsFromGMT(for: change))
      }
      result.append(
        LocalDay(
          start: instant(date), end: instant(next), year: components.year ?? 0,
          month: components.month ?? 0, day: components.day ?? 0, weekday: weekday,
          utcOffset: offset, transition: transition))
    }
    return result
  }
}
