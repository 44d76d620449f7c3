import Testing
import WorkoutCore
import WorkoutSystem

/// Sub-activities (LiveWorkoutBuilder+Activities.swift, WorkoutEngine+Activities.swift):
/// `beginNewActivity` / `endCurrentActivity` on a session, their rules and errors, each
/// activity's duration and statistics, and the saved record's activities.
@Suite struct WorkoutActivitiesTests {
  /// Energy 0.1 kcal/s in 10 s spans, no other type.
  let source = ScriptedSource(cumulative: [.activeEnergyBurned: .perSecond(0.1)])

  func engine(_ activity: WorkoutActivityType) -> WorkoutEngine<ScriptedSource> {
    let configuration = WorkoutEngineConfiguration(
      activity: activity, schedules: only([.activeEnergyBurned: 10]))
    return WorkoutEngine(configuration: configuration, dataSource: source)
  }

  /// A triathlon: swim 0–1800 s, T1 1800–1920, bike 1920–5520 with a pause 3000–3060, T2
  /// 5520–5580, run 5580–7380 (still current when the workout ends).
  func triathlon() -> WorkoutEngine<ScriptedSource> {
    var engine = engine(.swimBikeRun)
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    let legs: [(Int64, WorkoutActivityType)] = [
      (0, .swimming), (1800, .transition), (1920, .cycling), (5520, .transition),
      (5580, .running),
    ]
    for (seconds, type) in legs {
      if seconds == 5520 {
        engine.perform(.pause, onSession: 0, at: t(3000))
        engine.perform(.resume, onSession: 0, at: t(3060))
      }
      let began = engine.beginActivity(
        type, location: .outdoor, ofSession: 0, at: t(seconds), date: t(seconds))
      #expect(began)
    }
    engine.perform(.stop, onSession: 0, at: t(7380))
    engine.endCollection(ofSession: 0, at: t(7380), date: t(7380))
    return engine
  }

  @Test func aSwimBikeRunSavesFiveActivitiesWhoseDurationsSumToTheWorkouts() throws {
    var engine = triathlon()
    let saved = engine.finishWorkout(ofSession: 0, at: t(7380))
    let record = try #require(saved)
    #expect(engine.errors.isEmpty)
    // Workout: 7380 s − the 60 s pause = 7320 s.
    #expect(record.duration == .seconds(7320))
    #expect(
      record.activities.map(\.activityType) == [
        .swimming, .transition, .cycling, .transition, .running,
      ])
    // swim 1800 − 0 = 1800; T1 1920 − 1800 = 120; bike 5520 − 1920 − 60 paused = 3540;
    // T2 5580 − 5520 = 60; run 7380 − 5580 = 1800 (ended by the workout's end).
    #expect(
      record.activities.map(\.duration) == [
        .seconds(1800), .seconds(120), .seconds(3540), .seconds(60), .seconds(1800),
      ])
    // 1800 + 120 + 3540 + 60 + 1800 = 7320 = the workout's duration.
    let sum = record.activities.reduce(Duration.zero) { $0 + $1.duration }
    #expect(sum == record.duration)
    #expect(record.activities.map(\.startDate) == [t(0), t(1800), t(1920), t(5520), t(5580)])
    #expect(record.activities.map(\.endDate) == [t(1800), t(1920), t(5520), t(5580), t(7380)])
    // Only the bike leg holds the pause and the resume.
    #expect(record.activities[2].events.map(\.type) == [.pause, .resume])
    #expect(record.activities[0].events.isEmpty)
  }

  @Test func eachActivityHasTheStatisticsOfItsOwnSpan() throws {
    var engine = triathlon()
    let saved = engine.finishWorkout(ofSession: 0, at: t(7380))
    let record = try #require(saved)
    // 0.1 kcal per running second: swim 1800 s → 180 kcal in 180 spans of 10 s; T1 120 s →
    // 12 kcal; bike (1080 + 2460) s → 354 kcal; T2 60 s → 6 kcal; run 1800 s → 180 kcal.
    func energy(_ index: Int) -> CumulativeStatistics? {
      guard case .cumulative(let values) = record.activities[index].statistics[.activeEnergyBurned]
      else { return nil }
      return values
    }
    #expect(energy(0) == CumulativeStatistics(sum: 180, count: 180))
    #expect(energy(1) == CumulativeStatistics(sum: 12, count: 12))
    #expect(energy(2) == CumulativeStatistics(sum: 354, count: 354))
    #expect(energy(3) == CumulativeStatistics(sum: 6, count: 6))
    #expect(energy(4) == CumulativeStatistics(sum: 180, count: 180))
    // 180 + 12 + 354 + 6 + 180 = 732 kcal = the workout's 7320 s × 0.1.
    #expect(record.totalEnergyBurned == 732)
  }

  @Test func eachBeginEndsTheCurrentActivityFirst() {
    let engine = triathlon()
    let changes = engine.log.compactMap { entry -> String? in
      guard case .activity(let change, let type) = entry.kind else { return nil }
      return "\(entry.at.nanoseconds / 1_000_000_000) \(change) \(type.name)"
    }
    #expect(
      changes == [
        "0 began(index: 0) swimming",
        "1800 ended(index: 0) swimming", "1800 began(index: 1) transition",
        "1920 ended(index: 1) transition", "1920 began(index: 2) cycling",
        "5520 ended(index: 2) cycling", "5520 began(index: 3) transition",
        "5580 ended(index: 3) transition", "5580 began(index: 4) running",
      ])
    // The run is current until the workout is saved.
    #expect(engine.builder(ofSession: 0)?.currentActivity?.activityType == .running)
  }

  @Test func beginningAnActivityWhilePausedIsHealthKitsError() {
    var engine = engine(.swimBikeRun)
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.perform(.pause, onSession: 0, at: t(10))
    let began = engine.beginActivity(
      .swimming, location: .outdoor, ofSession: 0, at: t(20), date: t(20))
    #expect(!began)
    #expect(engine.errors.last?.error.code == .invalidArgument)
    #expect(engine.errors.last?.action == "beginNewActivity")
    #expect(
      engine.errors.last?.message
        == "Unable to perform 'beginNewActivity' from current state 'paused'")
    #expect(engine.builder(ofSession: 0)?.activities.isEmpty == true)
  }

  /// The scenario timeline's beginActivity while paused (new-user trial 25): HealthKit's text,
  /// then what to write in the scenario file, naming the entry. Before, HealthKit's text alone.
  @Test func theTimelinesBeginActivityWhilePausedSaysToResumeFirst() {
    var engine = engine(.swimBikeRun)
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.perform(.pause, onSession: 0, at: t(10))
    engine.perform(.beginActivity(.running), at: t(20), timeline: "timeline[8]")
    #expect(engine.errors.last?.action == "beginNewActivity")
    #expect(
      engine.errors.last?.message
        == "Unable to perform 'beginNewActivity' from current state 'paused': in the scenario file, timeline[8] (beginActivity) a session's activities change only while it runs: add {\"do\": \"resume\"} to the timeline before timeline[8] (at an earlier at, or at the same at listed first), or remove the pause before it"
    )
    // Before the start: a start entry first.
    var unstarted = self.engine(.swimBikeRun)
    unstarted.perform(.beginActivity(.swimming), at: t(0), timeline: "timeline[0]")
    #expect(
      unstarted.errors.last?.message
        == "Unable to perform 'beginNewActivity' from current state 'notStarted': in the scenario file, timeline[0] (beginActivity) the session has not started: add {\"do\": \"start\"} to the timeline at or before timeline[0].at"
    )
  }

  @Test func aWorkoutAllowsOnlyItsOwnActivityTypes() {
    var multisport = engine(.swimBikeRun)
    multisport.perform(.start, onSession: 0, at: t(0))
    // Yoga is not a leg of a triathlon.
    do {
      let done = multisport.beginActivity(
        .yoga, location: .indoor, ofSession: 0, at: t(1), date: t(1))
      #expect(!done)
    }
    #expect(
      multisport.errors.last?.message
        == "Activity type 'yoga' is not allowed in a 'swimBikeRun' workout.")
    // Interval training: activities of the workout's own type only.
    var intervals = engine(.running)
    intervals.perform(.start, onSession: 0, at: t(0))
    do {
      let done = intervals.beginActivity(
        .running, location: .outdoor, ofSession: 0, at: t(1), date: t(1))
      #expect(done)
    }
    do {
      let done = intervals.beginActivity(
        .cycling, location: .outdoor, ofSession: 0, at: t(2), date: t(2))
      #expect(!done)
    }
    do {
      let done = intervals.beginActivity(
        .transition, location: .outdoor, ofSession: 0, at: t(2), date: t(2))
      #expect(!done)
    }
    #expect(intervals.builder(ofSession: 0)?.activities.count == 1)
  }

  @Test func endingWithoutACurrentActivityIsAnError() {
    var engine = engine(.running)
    engine.perform(.start, onSession: 0, at: t(0))
    do {
      let done = engine.endActivity(ofSession: 0, at: t(5), date: t(5))
      #expect(!done)
    }
    #expect(engine.errors.last?.message == "There is no current activity to end.")
    do {
      let done = engine.beginActivity(
        .running, location: .outdoor, ofSession: 0, at: t(5), date: t(5))
      #expect(done)
    }
    // An end before the activity's start is refused; at 30 s it ends, and a second end fails.
    do {
      let done = engine.endActivity(ofSession: 0, at: t(6), date: t(4))
      #expect(!done)
    }
    do {
      let done = engine.endActivity(ofSession: 0, at: t(30), date: t(30))
      #expect(done)
    }
    #expect(engine.builder(ofSession: 0)?.currentActivity == nil)
    #expect(engine.builder(ofSession: 0)?.activities.first?.endDate == t(30))
    do {
      let done = engine.endActivity(ofSession: 0, at: t(31), date: t(31))
      #expect(!done)
    }
  }

  @Test func aWorkoutWithoutActivitiesSavesNone() throws {
    var engine = engine(.running)
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.perform(.stop, onSession: 0, at: t(60))
    engine.endCollection(ofSession: 0, at: t(60), date: t(60))
    let saved = engine.finishWorkout(ofSession: 0, at: t(60))
    let record = try #require(saved)
    #expect(record.activities.isEmpty)
  }

  /// The scenario swims in a 25 m pool (the configuration's swimming metadata:
  /// `HKSwimmingLocationType` 1, `HKLapLength` 25 m). A leg the app begins as open water
  /// (`HKSwimmingLocationType` 2, no lap length, as `HKWorkoutConfiguration` gives it) has the
  /// app's metadata alone: location 2 and no `HKLapLength`. A leg the app begins with its own
  /// metadata naming neither key (`note`) keeps the scenario's pool under it: location 1,
  /// lap length 25 m and the note. A pool leg without a lap length (`HKSwimmingLocationType` 1
  /// alone) agrees with the scenario's pool and keeps its 25 m (docs/models.md#swimming).
  /// A back-dated change (new-user trial 29): at 610 s the app begins the transition dated
  /// 600 s. The activities' dates are the app's, and so are their statistics: the energy
  /// samples (1 kcal each, one per 10 s span: 0.1 kcal/s × 10 s) end at 10, 20, ..., 600 s in
  /// the swim (60 samples, 60 kcal) and at 610 (the span 600–610 s the engine cut at the
  /// call), 620, ..., 720 s in the transition (12 samples: 0.1 × (720 − 600) = 12 kcal), not
  /// 61 and 11 as by the time of the call. A date of 605 s cuts the 600–610 s sample, which
  /// counts in the activity its end lies in: the transition's (12 samples again; the swim's
  /// duration 605 s, its energy 60 kcal).
  @Test func aBackDatedChangeMovesTheSamplesAfterItsDateToTheNextActivity() throws {
    for date: Int64 in [600, 605] {
      var engine = engine(.swimBikeRun)
      engine.perform(.start, onSession: 0, at: t(0))
      engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
      _ = engine.beginActivity(.swimming, location: .outdoor, ofSession: 0, at: t(0), date: t(0))
      let began = engine.beginActivity(
        .transition, location: .outdoor, ofSession: 0, at: t(610), date: t(date))
      #expect(began)
      engine.perform(.stop, onSession: 0, at: t(720))
      engine.endCollection(ofSession: 0, at: t(720), date: t(720))
      let saved = engine.finishWorkout(ofSession: 0, at: t(720))
      let record = try #require(saved)
      #expect(record.activities.map(\.startDate) == [t(0), t(date)])
      #expect(record.activities.map(\.endDate) == [t(date), t(720)])
      func energy(_ index: Int) -> CumulativeStatistics? {
        guard
          case .cumulative(let values) = record.activities[index].statistics[.activeEnergyBurned]
        else { return nil }
        return values
      }
      #expect(energy(0) == CumulativeStatistics(sum: 60, count: 60))
      #expect(energy(1) == CumulativeStatistics(sum: 12, count: 12))
      // 60 + 12 = 72 kcal = the workout's 720 s × 0.1: no sample lost or counted twice.
      #expect(record.totalEnergyBurned == 72)
    }
  }

  /// Every refusal of a timeline's `beginActivity` or `endActivity` names the entry (new-user
  /// trial 29): a `yoga` leg in a `swimBikeRun` workout says which entry and which types the
  /// workout takes; an `endActivity` without a current activity says which entry.
  @Test func aTimelineActivityRefusalNamesItsEntry() {
    var engine = engine(.swimBikeRun)
    engine.perform(.start, onSession: 0, at: t(0))
    engine.perform(.beginActivity(.yoga), at: t(1), timeline: "timeline[3]")
    #expect(engine.errors.last?.action == "beginNewActivity")
    #expect(
      engine.errors.last?.message
        == "Activity type 'yoga' is not allowed in a 'swimBikeRun' workout. In the scenario file: timeline[3] (beginActivity); give timeline[3].activity a type the workout allows (swimming, cycling, running or transition in a swimBikeRun workout, the workout's own type in any other)."
    )
    engine.perform(.endActivity, at: t(2), timeline: "timeline[4]")
    #expect(
      engine.errors.last?.message
        == "There is no current activity to end. In the scenario file: timeline[4] (endActivity)."
    )
  }

  @Test func anOpenWaterLegDoesNotTakeTheScenariosLapLength() throws {
    var configuration = WorkoutEngineConfiguration(
      activity: .swimBikeRun, schedules: only([.activeEnergyBurned: 10]))
    configuration.activityMetadata[.swimming] = [
      "HKSwimmingLocationType": .number(1), "HKLapLength": .quantity(25, unit: "m"),
    ]
    var engine = WorkoutEngine(configuration: configuration, dataSource: source)
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    let openWater = engine.beginActivity(
      .swimming, location: .outdoor, metadata: ["HKSwimmingLocationType": .number(2)],
      ofSession: 0, at: t(0), date: t(0))
    #expect(openWater)
    let noted = engine.beginActivity(
      .swimming, location: .outdoor, metadata: ["note": .string("second")], ofSession: 0,
      at: t(60), date: t(60))
    #expect(noted)
    let pool = engine.beginActivity(
      .swimming, location: .outdoor, metadata: ["HKSwimmingLocationType": .number(1)],
      ofSession: 0, at: t(90), date: t(90))
    #expect(pool)
    engine.perform(.stop, onSession: 0, at: t(120))
    engine.endCollection(ofSession: 0, at: t(120), date: t(120))
    let saved = engine.finishWorkout(ofSession: 0, at: t(120))
    let record = try #require(saved)
    #expect(record.activities.count == 3)
    #expect(record.activities[0].metadata == ["HKSwimmingLocationType": .number(2)])
    #expect(
      record.activities[1].metadata == [
        "HKSwimmingLocationType": .number(1), "HKLapLength": .quantity(25, unit: "m"),
        "note": .string("second"),
      ])
    #expect(
      record.activities[2].metadata == [
        "HKSwimmingLocationType": .number(1), "HKLapLength": .quantity(25, unit: "m"),
      ])
  }
}
