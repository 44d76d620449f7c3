import Foundation
import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutPhysiology
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
  ///   rule of ``WorkoutHealth/HealthPlan/validationProblem()`` or names a trip time zone the
  ///   scenario format refuses (docs/scenario-format.md#time-zone-names).
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
    let slots = HealthGenerator.workoutSlots(of: plan, days: days.person)
    // The workouts are independent runs of the engine: run them on every core, each result in
    // its slot's place (the order, and so the data, does not depend on the scheduling).
    let results = Mutex(
      [Result<HealthGenerator.GeneratedWorkout?, SimulationError>](
        repeating: .success(nil), count: slots.count))
    DispatchQueue.concurrentPerform(iterations: slots.count) { index in
      let result = Result { () throws(SimulationError) in
        try run(slots[index], index: index, of: scenario)
      }
      results.withLock { $0[index] = result }
    }
    var workouts: [HealthGenerator.GeneratedWorkout] = []
    workouts.reserveCapacity(slots.count)
    for result in results.withLock({ $0 }) {
      if let workout = try result.get() { workouts.append(workout) }
    }
    return HealthGenerator.generate(
      plan, seed: scenario.seed, person: person(scenario.athlete), days: days.person,
      deviceDays: days.device, workouts: workouts)
  }

  /// The generator's body from the scenario's athlete: resting heart rate, Mifflin–St Jeor
  /// basal energy (``WorkoutPhysiology/BasalMetabolism``), the walking step length, the net
  /// ACSM walking energy at 1.3 m/s (``WorkoutPhysiology/Metabolism/netVO2OnFoot(metresPerSecond:grade:)``)
  /// and light activity at 0.3 MET net while awake (docs/health-data.md#energy), and the
  /// athlete's heart rate variability and breathing rate, or the generator's defaults
  /// (docs/health-data.md#heart-rate-variability).
  ///
  /// - Parameter athlete: the scenario's athlete.
  /// - Returns: the person.
  public static func person(_ athlete: Scenario.Athlete) -> HealthGenerator.Person {
    let walkingVO2 = Metabolism.netVO2OnFoot(metresPerSecond: 1.3, grade: 0)
    return HealthGenerator.Person(
      restingHeartRate: athlete.restingHeartRate,
      basalKilocaloriesPerDay: BasalMetabolism.mifflinStJeorKilocaloriesPerDay(athlete),
      stepLength: athlete.walkingStepLength,
      walkingKilocaloriesPerMinute: Metabolism.kilocaloriesPerMinute(
        vo2: walkingVO2, massKg: athlete.massKg),
      lightKilocaloriesPerHour: Metabolism.kilocaloriesPerMinute(
        vo2: 0.3 * Metabolism.restingVO2, massKg: athlete.massKg) * 60,
      heartRateVariabilitySDNN: athlete.heartRateVariabilitySDNN
        ?? HealthGenerator.defaultHeartRateVariabilitySDNN,
      respiratoryRate: athlete.respiratoryRate ?? HealthGenerator.defaultRespiratoryRate)
  }

  /// The steady speed (m/s) of a planned workout's course, by activity: running 2.8, walking
  /// 1.4, hiking 1.2 (5 % uphill), cycling 7, swimming 0.8; others stand still (the engine's
  /// energy for them comes from its activity table).
  static func course(for activity: WorkoutActivityType, duration: Duration) -> Scenario.Segment {
    switch activity {
    case .running: Scenario.Segment(duration: duration, speed: 2.8)
    case .walking: Scenario.Segment(duration: duration, speed: 1.4)
    case .hiking: Scenario.Segment(duration: duration, speed: 1.2, grade: 0.05)
    case .cycling: Scenario.Segment(duration: duration, speed: 7)
    case .swimming: Scenario.Segment(duration: duration, speed: 0.8)
    default: Scenario.Segment(duration: duration, speed: 0)
    }
  }

  /// Runs one planned workout through the engine: a scenario of its activity with the
  /// scenario's athlete and time zone, a seed from the stream `health.workout.<index>`, a steady
  /// course, the scenario's `watch.cyclingSensors`, `prepare` and `start` at 0 and `end` after
  /// the duration; its record and samples are
  /// moved to the slot's start. An outdoor walk, run or hike of at least 20 minutes adds the
  /// watch's `vo2Max` estimate at its end (``WorkoutHealth/CardioFitness``).
  static func run(_ slot: HealthGenerator.WorkoutSlot, index: Int, of scenario: Scenario)
    throws(SimulationError) -> HealthGenerator.GeneratedWorkout?
  {
    var seeds = SplitMix64(seed: scenario.seed, stream: "health.workout.\(index)")
    let seed = seeds.next() & Scenario.seedRange.upperBound
    let workout = slot.workout
    let end = SimulationInstant.zero.advanced(by: workout.duration)
    var sub: Scenario
    do {
      sub = try Scenario(
        name: scenario.name, timeZone: scenario.timeZone, seed: seed, activity: workout.activity,
        athlete: scenario.athlete,
        course: .segments([course(for: workout.activity, duration: workout.duration)]),
        timeline: [
          Scenario.Action(at: .zero, .app(.prepare)), Scenario.Action(at: .zero, .app(.start)),
          Scenario.Action(at: end, .app(.end)),
        ])
    } catch {
      throw SimulationError(
        fileName: scenario.name, path: "health.workouts", message: error.message)
    }
    // The rider's connected cycling sensors (`watch.cyclingSensors`) ride these workouts too.
    sub.cyclingSensors = scenario.cyclingSensors
    guard var record = try Simulation.run(sub).records.first else { return nil }
    let shift = Duration.nanoseconds(slot.start.nanoseconds)
    record.startDate = record.startDate.advanced(by: shift)
    record.endDate = record.endDate.advanced(by: shift)
    for event in record.events.indices {
      record.events[event].date = record.events[event].date.advanced(by: shift)
    }
    var samples: [HealthSample] = []
    let types: [(QuantityType, HealthDataType)] = [
      (.heartRate, .heartRate), (.activeEnergyBurned, .activeEnergyBurned),
      (.basalEnergyBurned, .basalEnergyBurned), (.distanceWalkingRunning, .distanceWalkingRunning),
      (.stepCount, .stepCount),
    ]
    for (quantity, type) in types {
      guard let series = record.samples[quantity] else { continue }
      samples.reserveCapacity(samples.count + series.count)
      for sample in series {
        samples.append(
          HealthSample(
            type: type, source: HealthGenerator.watch, start: sample.start.advanced(by: shift),
            end: sample.end.advanced(by: shift), value: sample.value))
      }
    }
    record.samples = [:]
    // The watch's cardio fitness estimate, by the rule a workout the app finishes follows
    // (docs/healthkit-behaviour.md#cardio-fitness-vo2max): at the workout's end, saved with it
    // (the generator gives the workout's samples their save time).
    if let estimate = CardioFitness.sample(
      after: record, vo2Max: scenario.athlete.vo2Max,
      heartRateSensorOn: sub.sensorSettings(for: .heartRate).enabled, savedAt: record.endDate)
    {
      samples.append(estimate)
    }
    return HealthGenerator.GeneratedWorkout(record: record, samples: samples)
  }

  /// The device's local days (the scenario's time zone) and the person's (the trip's zone while
  /// away) covering the plan: `health.days` days up to the one holding `t = 0`, then on to the
  /// one holding `end` (at most 400 days after the day of `t = 0`).
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
      // The decoder's rule for a time zone name, for a plan built in Swift.
      if let problem = TimeZoneName.problem(trip.timeZone) {
        throw fail("trip.timeZone", "\"\(trip.timeZone)\" " + problem)
      }
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
    // The simulated span after t = 0 gets at most 400 more days (a far `--until` does not make
    // centuries of data).
    let farthest =
      calendar.date(byAdding: .day, value: HealthPlan.dayRange.upperBound, to: today) ?? today
    let lastDay = min(calendar.startOfDay(for: endDate), farthest)
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
