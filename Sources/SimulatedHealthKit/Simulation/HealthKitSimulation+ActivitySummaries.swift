import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation
import WorkoutWatch

/// The activity summaries of the simulated person's days (docs/healthkit-behaviour.md#activity-summaries):
/// the watch face's ring rule (`ActivityRings` in WorkoutWatch) applied to what the health store
/// holds for each local day.
extension HealthKitSimulation {
  /// One local day of the simulation's calendar: its year, month and day (with the calendar)
  /// and its two midnights.
  struct SummaryDay: Equatable {
    /// Era, year, month and day, with `HealthKitSimulation.calendar`.
    var components: DateComponents
    /// Local midnight at its start.
    var start: SimulationInstant
    /// Local midnight at its end (23 or 25 hours later on a daylight-saving day).
    var end: SimulationInstant
  }

  /// The Stand goal: 12 hours, the Activity app's default (project rule: a scenario's `goals`
  /// have a step goal in the Stand ring's place, docs/scenario-format.md#the-watch-face).
  static let standHoursGoal = 12.0

  /// The local days that have a summary at `now`: from the first day of the scenario's `health`
  /// days (the day of `t = 0` without a `health` key) through the day holding `now`. With
  /// timeline `timeZone` actions the days after `t = 0` are the rings' days of the device's
  /// zones (``WorkoutSimulation/LocalMidnights/instants(start:zones:through:)``: each zone's
  /// midnights, and a change into a later local date), each named by its local date in the zone
  /// in force at its start (docs/scenario-format.md#time-zone-changes).
  func summaryDays(through now: SimulationInstant) -> [SummaryDay] {
    let firstOffset = -max((scenario.health?.days ?? 1) - 1, 0)
    let today = calendar.startOfDay(for: startDate)
    guard var day = calendar.date(byAdding: .day, value: firstOffset, to: today) else { return [] }
    if !scenario.timeZoneChanges.isEmpty { return summaryDaysAcrossZones(from: day, through: now) }
    let last = date(of: now)
    var days: [SummaryDay] = []
    while day <= last, let next = calendar.date(byAdding: .day, value: 1, to: day) {
      var components = calendar.dateComponents([.era, .year, .month, .day], from: day)
      components.calendar = calendar
      days.append(
        SummaryDay(components: components, start: instant(of: day), end: instant(of: next)))
      day = next
    }
    return days
  }

  /// ``summaryDays(through:)`` for a scenario whose device changes zones: the calendar's days
  /// from `first` up to `t = 0`, then the rings' days of the device's zones.
  private func summaryDaysAcrossZones(from first: Date, through now: SimulationInstant)
    -> [SummaryDay]
  {
    let zones = TimeZoneSchedule(
      scenario: scenario, home: calendar.timeZone, startDate: startDate)
    var starts: [SimulationInstant] = []
    var day = first
    while instant(of: day) <= .zero {
      starts.append(instant(of: day))
      guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
      day = next
    }
    // A day lasts at most 24 hours and the largest zone jump: three days hold the next start.
    starts += LocalMidnights.instants(
      start: startDate, zones: zones, through: now.advanced(by: .seconds(3 * 86_400)))
    var days: [SummaryDay] = []
    for index in 0..<(starts.count - 1) where starts[index] <= now {
      var local = Calendar(identifier: .gregorian)
      local.timeZone = starts[index] > .zero ? zones.zone(at: starts[index]) : calendar.timeZone
      var components = local.dateComponents(
        [.era, .year, .month, .day], from: date(of: starts[index]))
      components.calendar = local
      days.append(SummaryDay(components: components, start: starts[index], end: starts[index + 1]))
    }
    return days
  }

  /// The day's summary at `now`, by the rings' rule: the ring goals (`goals`), what the day
  /// held before `t = 0` (`today`, on the day of `t = 0` only), the store's active energy of
  /// the day, each finished workout in the store as
  /// `ActivityTotals.workout(activeEnergyBurned:elapsed:stepCount:)` (WorkoutWatch), and the
  /// store's exercise minutes of the day.
  ///
  /// - The store's `activeEnergyBurned` samples, every source merged, split at midnight as
  ///   `HKStatisticsCollectionQuery` splits them (the generated days' walking, light activity
  ///   and planned workouts).
  /// - A workout the app saved without samples (the app's source) adds its
  ///   `totalEnergyBurned`; one whose samples are in the store (a live builder's, saved as they
  ///   were collected: docs/healthkit-behaviour.md#a-live-workouts-samples) adds none, its energy
  ///   is in the store's above. A workout astride midnight is split in proportion to its time
  ///   in each day.
  /// - Exercise time: the store's `appleExerciseTime` samples of the day, every source merged,
  ///   split at midnight as `HKStatisticsCollectionQuery` splits them: the system's minutes of
  ///   each workout (its running time, pauses excluded; a live workout's whole minutes so far)
  ///   and `today`'s on the day of `t = 0` (`ExerciseMinutes`,
  ///   docs/healthkit-behaviour.md#exercise-minutes).
  /// - Stand hours: the local hours of the day with steps in the store or a workout.
  /// - In move mode `appleMoveTime` (the scenario's `athlete.moveMode`, else by age), move time
  ///   is the exercise time and its goal the exercise goal (project rule).
  func summaryValues(
    of day: SummaryDay, state: HealthKitSimulation.State
  ) -> HKActivitySummary.Values {
    let now = state.session.now
    let health = state.healthStorage
    let holdsStart = day.start <= .zero && .zero < day.end
    let goals = ActivityGoals(
      activeEnergyBurned: scenario.goals.activeEnergyBurned,
      appleExerciseTime: scenario.goals.appleExerciseTime, stepCount: scenario.goals.stepCount)
    // `today`'s exercise time is a sample of the store's (below), not added here.
    var rings = ActivityRings(
      goals: goals,
      today: holdsStart
        ? ActivityTotals(
          activeEnergyBurned: scenario.today.activeEnergyBurned,
          stepCount: scenario.today.stepCount)
        : .zero)
    let energy = health.collection(
      of: .activeEnergyBurned, where: .all, options: .cumulativeSum, edges: [day.start, day.end],
      at: now)
    rings.add(ActivityTotals(activeEnergyBurned: energy.first?.sum ?? 0))
    // Exercise: the system's `appleExerciseTime` samples of the day (the minutes of every
    // workout, a live one's so far, and `today`'s), split at midnight as a collection query
    // splits them: the one home of the rule is `ExerciseMinutes` (WorkoutHealth).
    let exerciseMinutes =
      health.collection(
        of: ExerciseMinutes.kind, where: .all, options: .cumulativeSum,
        edges: [day.start, day.end], at: now
      ).first?.sum ?? 0
    // The hours of the day: local midnight + k hours (the last one short on a 23-hour day).
    var hours: [SimulationInstant] = [day.start]
    while let last = hours.last, last < day.end {
      hours.append(min(last.advanced(by: .seconds(3600)), day.end))
    }
    var stood = Set<Int>()
    let steps = health.collection(
      of: .stepCount, where: .all, options: .cumulativeSum, edges: hours, at: now)
    for (index, bucket) in steps.enumerated() where (bucket.sum ?? 0) > 0 { stood.insert(index) }
    for id in health.samples(of: .workout, where: .all, at: now, sortedBy: [], limit: nil) {
      let sample = health.sample(id)
      let share = Self.share(of: sample.start..<sample.end, in: day.start..<day.end)
      guard share > 0 else { continue }
      let record = health.workouts[Int(sample.value)]
      // An app's workout counts its total energy, unless its samples were saved with it (a
      // live builder's): the store's energy above has them already.
      let ownEnergy =
        health.sources[Int(sample.source)].kind == .app
        && !health.workoutsWithSamples.contains(Int(sample.value))
      // Its exercise time is in the store's exercise minutes above.
      rings.add(
        .workout(
          activeEnergyBurned: ownEnergy ? (record.totalEnergyBurned ?? 0) * share : 0,
          elapsed: .zero, stepCount: 0))
      for index in 0..<(hours.count - 1)
      where Self.share(of: sample.start..<sample.end, in: hours[index]..<hours[index + 1]) > 0 {
        stood.insert(index)
      }
    }
    let exercise = (value: exerciseMinutes, goal: rings.amounts(.exercise).goal)
    let moveTime = scenario.characteristics.moveMode(age: scenario.athlete.age) == .appleMoveTime
    var values = HKActivitySummary.Values()
    values.day = day.components
    values.activeEnergyBurned = HKQuantity(
      unit: .kilocalorie(), doubleValue: rings.totals.activeEnergyBurned)
    values.activeEnergyBurnedGoal = HKQuantity(
      unit: .kilocalorie(), doubleValue: goals.activeEnergyBurned)
    values.activityMoveMode = moveTime ? .appleMoveTime : .activeEnergy
    values.appleMoveTime = HKQuantity(unit: .minute(), doubleValue: moveTime ? exercise.value : 0)
    values.appleMoveTimeGoal = HKQuantity(
      unit: .minute(), doubleValue: moveTime ? exercise.goal : 0)
    values.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: exercise.value)
    values.appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: exercise.goal)
    values.exerciseTimeGoal = values.appleExerciseTimeGoal
    values.appleStandHours = HKQuantity(unit: .count(), doubleValue: Double(stood.count))
    values.appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: Self.standHoursGoal)
    values.standHoursGoal = values.appleStandHoursGoal
    return values
  }

  /// The part of `span` inside `window`, as a fraction of `span` (a zero-length span: 1 when
  /// its instant lies in `window`, else 0).
  static func share(of span: Range<SimulationInstant>, in window: Range<SimulationInstant>)
    -> Double
  {
    guard span.lowerBound < span.upperBound else {
      return window.contains(span.lowerBound) ? 1 : 0
    }
    let low = max(span.lowerBound, window.lowerBound)
    let high = min(span.upperBound, window.upperBound)
    guard low < high else { return 0 }
    return low.duration(to: high).secondsValue
      / span.lowerBound.duration(to: span.upperBound).secondsValue
  }
}
