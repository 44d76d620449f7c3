import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutWatch

@testable import SimulatedHealthKit

/// `HKActivitySummary`, `HKActivitySummaryQuery` and its descriptor on the person's days
/// (docs/healthkit-behaviour.md#activity-summaries).
///
/// The days: Europe/Berlin, `t = 0` on Tuesday 2026-03-31 at 10:00 (CEST), two days of health
/// data (Monday and Tuesday) with no walking and the Watch off the wrist, so the store holds
/// the planned run's samples only. The run, 30 minutes at 2.8 m/s (168 m/min) for the default
/// athlete (65 kg), burns by ACSM's running equation 0.2 × 168 = 33.6 mL/kg/min above rest:
/// 33.6 × 65 / 1000 L/min × 5 kcal/L = 10.92 kcal/min, × 30 = 327.6 kcal
/// (docs/models.md#energy-on-foot-acsm).
@Suite struct ActivitySummaryTests {
  /// The scenario with the run on Tuesday at `runAt` and `today` 120 kcal and 10 minutes.
  static func days(runAt: String, extra: String = "") throws -> Scenario {
    try decodeScenario(
      """
      {
        "version": 1,
        "name": "Rings",
        "start": "2026-03-31T10:00:00+02:00",
        "timeZone": "Europe/Berlin",
        \(extra)
        "today": { "activeEnergyBurned": 120, "appleExerciseTime": "10:00" },
        "health": {
          "days": 2,
          "habits": { "steps": [0, 0], "carriesPhone": 0, "wearsWatch": false },
          "workouts": [
            { "weekday": "tuesday", "at": "\(runAt)", "activity": "running", "duration": "30:00" }
          ]
        }
      }
      """, fileName: "rings.json")
  }

  static let summaryType = HKObjectType.activitySummaryType()

  static var berlin: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    return calendar
  }

  static func day(_ day: Int) -> DateComponents {
    DateComponents(calendar: berlin, year: 2026, month: 3, day: day)
  }

  /// The summaries through a continuation around `execute`, as apps write it (no `advance`).
  static func summaries(_ store: HKHealthStore, _ predicate: NSPredicate?) async throws
    -> [HKActivitySummary]
  {
    try await withCheckedThrowingContinuation { continuation in
      let query = HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
        if let error { return continuation.resume(throwing: error) }
        continuation.resume(returning: summaries ?? [])
      }
      store.execute(query)
    }
  }

  static func kcal(_ summary: HKActivitySummary?) -> Double? {
    summary?.activeEnergyBurned.doubleValue(for: .kilocalorie())
  }

  static func minutes(_ summary: HKActivitySummary?) -> Double? {
    summary?.appleExerciseTime.doubleValue(for: .minute())
  }

  @Test func ringsOfADayWithAPlannedRun() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.days(runAt: "07:00:00"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
      let found = try await Self.summaries(
        store, HKQuery.predicate(forActivitySummariesBetweenStart: Self.day(30), end: Self.day(31)))
      #expect(found.count == 2)
      let monday = found.first
      let tuesday = found.last
      #expect(monday?.dateComponents(for: Self.berlin).day == 30)
      #expect(tuesday?.dateComponents(for: Self.berlin).day == 31)
      // Monday holds nothing.
      #expect(Self.kcal(monday) == 0)
      #expect(Self.minutes(monday) == 0)
      #expect(monday?.appleStandHours.doubleValue(for: .count()) == 0)
      // Tuesday: today's 120 kcal + the run's 327.6 = 447.6 kcal; 10 + 30 = 40 minutes.
      #expect(abs((Self.kcal(tuesday) ?? 0) - 447.6) < 1e-6)
      #expect(Self.minutes(tuesday) == 40)
      // The run fills the hour 07:00–08:00: one stand hour.
      #expect(tuesday?.appleStandHours.doubleValue(for: .count()) == 1)
      // The default goals: 500 kcal, 30 minutes, 12 stand hours; both goal forms agree.
      #expect(tuesday?.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 500)
      #expect(tuesday?.appleExerciseTimeGoal.doubleValue(for: .minute()) == 30)
      #expect(tuesday?.exerciseTimeGoal?.doubleValue(for: .minute()) == 30)
      #expect(tuesday?.appleStandHoursGoal.doubleValue(for: .count()) == 12)
      #expect(tuesday?.standHoursGoal?.doubleValue(for: .count()) == 12)
      #expect(tuesday?.activityMoveMode == .activeEnergy)
      #expect(tuesday?.appleMoveTime.doubleValue(for: .minute()) == 0)
      #expect(tuesday?.isPaused == false)

      // One day by `predicateForActivitySummary(with:)`; all days without a predicate.
      let one = try await Self.summaries(
        store, HKQuery.predicateForActivitySummary(with: Self.day(31)))
      #expect(one.map { $0.dateComponents(for: Self.berlin).day } == [31])
      #expect(try await Self.summaries(store, nil).count == 2)
      // The async descriptor gives the same, in ascending date order.
      let described = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(described.map { $0.dateComponents(for: Self.berlin).day } == [30, 31])
      #expect(abs((Self.kcal(described.last) ?? 0) - 447.6) < 1e-6)
    }
  }

  /// "Today's rings" as apps ask for them, from the real clock (`dateComponents(..., from:
  /// Date())`): the wall-clock rule reads the real today as virtual today (31 March, before the
  /// 11:00 run: 120 kcal and 10 minutes), and yesterday's components as 30 March.
  @Test func todaysRingsFromTheRealClockAreVirtualTodays() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.days(runAt: "11:00:00"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
      var today = Self.berlin.dateComponents([.era, .year, .month, .day], from: Date())
      today.calendar = Self.berlin
      let found = try await Self.summaries(store, HKQuery.predicateForActivitySummary(with: today))
      #expect(found.map { $0.dateComponents(for: Self.berlin).day } == [31])
      #expect(Self.kcal(found.first) == 120)
      #expect(Self.minutes(found.first) == 10)
      let yesterdayDate = Self.berlin.date(byAdding: .day, value: -1, to: Date())!
      var yesterday = Self.berlin.dateComponents([.era, .year, .month, .day], from: yesterdayDate)
      yesterday.calendar = Self.berlin
      let both = try await Self.summaries(
        store, HKQuery.predicate(forActivitySummariesBetweenStart: yesterday, end: today))
      #expect(both.map { $0.dateComponents(for: Self.berlin).day } == [30, 31])
    }
  }

  @Test func theUpdateHandlerHearsTheRunEndAndTheRingsChange() async throws {
    // The run at 11:00, an hour after t = 0: its samples reach the store at 11:32 (120 s after
    // its end).
    let simulation = try HealthKitSimulation(scenario: Self.days(runAt: "11:00:00"))
    let updates = Mutex<[(Date, [Double])]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
      let query = HKActivitySummaryQuery(
        predicate: HKQuery.predicateForActivitySummary(with: Self.day(31))
      ) {
        _, _, _ in
      }
      query.updateHandler = { _, summaries, _ in
        let now = simulation.now
        updates.withLock { $0.append((now, (summaries ?? []).compactMap(Self.kcal))) }
      }
      store.execute(query)
      // Before the run: today's 120 kcal and 10 minutes only.
      let before = try await Self.summaries(
        store, HKQuery.predicateForActivitySummary(with: Self.day(31)))
      #expect(Self.kcal(before.first) == 120)
      #expect(Self.minutes(before.first) == 10)
      try await simulation.advance(by: .seconds(2 * 3600))
      store.stop(query)
      let after = try await Self.summaries(
        store, HKQuery.predicateForActivitySummary(with: Self.day(31)))
      #expect(Self.minutes(after.first) == 40)
    }
    let heard = updates.withLock { $0 }
    // One update, when the run's samples and workout arrived (10:00 + 1:32:00 = 11:32 CEST).
    #expect(heard.count == 1)
    #expect(heard.first?.0 == date("2026-03-31T11:32:00+02:00"))
    #expect(abs((heard.first?.1.first ?? 0) - 447.6) < 1e-6)
  }

  /// A run the app itself records: 10 minutes of the constant scenario's 1 kcal per 10 s is
  /// 600 / 10 = 60 kcal, and 10 minutes of exercise, on top of `today`'s 120 kcal and 10 min.
  @Test func theAppsOwnWorkoutFillsTheRingsWhenItFinishes() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Own run", "start": "2026-03-02T12:00:00Z", "timeZone": "UTC",
          "activity": "running", "course": [{ "duration": 1800, "speed": 3.2 }],
          "sensors": { "activeEnergyBurned": { "constant": 1 } },
          "today": { "activeEnergyBurned": 120, "appleExerciseTime": "10:00" }
        }
        """))
    let updates = Mutex<[[Double]]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKObjectType.workoutType()], read: [Self.summaryType])
      let query = HKActivitySummaryQuery(predicate: nil) { _, _, _ in }
      query.updateHandler = { _, summaries, _ in
        updates.withLock { $0.append((summaries ?? []).compactMap(Self.minutes)) }
      }
      store.execute(query)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      session.end()
      try await builder.endCollection(at: simulation.now)
      // While the workout is open its energy samples reach the store as they are collected
      // (docs/healthkit-behaviour.md#a-live-workouts-samples): one update per 10 s span, 600 /
      // 10 = 60, each with `today`'s 10 exercise minutes plus the workout's whole minutes so
      // far (docs/healthkit-behaviour.md#exercise-minutes): at the k-th, 10 + ⌊10 k / 60⌋.
      #expect(updates.withLock { $0 } == Self.liveMinutes)
      // The watch face's rings, by the same rule, from what the builder shows.
      var face = ActivityRings(
        today: ActivityTotals(activeEnergyBurned: 120, appleExerciseTime: .seconds(600)))
      face.record(
        workoutTotals: .workout(
          activeEnergyBurned: builder.statistics(for: activeEnergy)?.sumQuantity()?.doubleValue(
            for: .kilocalorie()) ?? 0,
          elapsed: .seconds(builder.elapsedTime), stepCount: 0),
        at: SimulationInstant(nanoseconds: 600_000_000_000))
      try await builder.finishWorkout()
      let found = try await Self.summaries(store, nil)
      #expect(found.count == 1)
      #expect(Self.kcal(found.first) == 180)
      #expect(Self.minutes(found.first) == 20)
      // Once the workout is finished, the face and the summary agree.
      #expect(face.amounts(.move).value == Self.kcal(found.first))
      #expect(face.amounts(.exercise).value == Self.minutes(found.first))
      store.stop(query)
    }
    // Finishing changes no ring: its energy and its 10 minutes were in the store already (the
    // last batch, at 600 s, completed the tenth minute), so no update follows the 60th.
    #expect(updates.withLock { $0 } == Self.liveMinutes)
  }

  /// The Exercise ring of ``theAppsOwnWorkoutFillsTheRingsWhenItFinishes()`` at each of its
  /// live workout's 60 batches (every 10 s): `today`'s 10 minutes plus ⌊10 k / 60⌋.
  static let liveMinutes = (1...60).map { [10 + Double(10 * $0 / 60)] }

  /// The day's Move ring holds the app's workout's energy exactly: the store's copy of the
  /// builder's samples (120 spans of 2.1 kcal, about 252 kcal, not exact in binary) sums to the
  /// workout's own `totalEnergyBurned`, bit for bit, now that the rings read the samples.
  @Test func theRingsHoldTheWorkoutsEnergyExactly() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Own run", "start": "2026-03-02T12:00:00Z", "timeZone": "UTC",
          "activity": "running", "course": [{ "duration": 1800, "speed": 3 }],
          "sensors": { "activeEnergyBurned": { "constant": 2.1 } }
        }
        """))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKObjectType.workoutType()], read: [Self.summaryType])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(1200))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let total = try #require(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()))
      #expect(total > 0)
      #expect(Self.kcal(try await Self.summaries(store, nil).first) == total)
    }
  }

  @Test func aNewDayAppearsAtLocalMidnightInTheAsyncSequence() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.days(runAt: "07:00:00"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
      // Making the iterator executes the query.
      var results = HKActivitySummaryQueryDescriptor(predicate: nil).results(for: store)
        .makeAsyncIterator()
      let first = try await results.next()
      #expect(first?.map { $0.dateComponents(for: Self.berlin).day } == [30, 31])
      // 10:00 + 14:30 = 00:30 on Wednesday 1 April: a new day, nothing in it yet.
      try await simulation.advance(by: .seconds(14 * 3600 + 1800))
      let second = try await results.next()
      #expect(second?.map { $0.dateComponents(for: Self.berlin).day } == [1])
      let wednesday = try await HKActivitySummaryQueryDescriptor(
        predicate: HKQuery.predicateForActivitySummary(
          with: DateComponents(calendar: Self.berlin, year: 2026, month: 4, day: 1))
      ).result(for: store)
      #expect(wednesday.count == 1)
      #expect(Self.kcal(wednesday.first) == 0)
      #expect(Self.minutes(wednesday.first) == 0)
    }
  }

  /// The app saves 50 kcal on Monday (a past day) and deletes it: Monday's summary changes
  /// both times, Tuesday's not at all.
  @Test func anAppSaveAndDeleteOnAPastDayUpdateThatDay() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.days(runAt: "07:00:00"))
    let updates = Mutex<[[String]]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [activeEnergy], read: [Self.summaryType])
      let query = HKActivitySummaryQuery(predicate: nil) { _, _, _ in }
      query.updateHandler = { _, summaries, _ in
        let days = (summaries ?? []).map { summary in
          "\(summary.dateComponents(for: Self.berlin).day ?? 0): \(Self.kcal(summary) ?? -1)"
        }
        updates.withLock { $0.append(days) }
      }
      store.execute(query)
      let sample = HKQuantitySample(
        type: activeEnergy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 50),
        start: date("2026-03-30T12:00:00+02:00"), end: date("2026-03-30T12:10:00+02:00"))
      try await store.save(sample)
      await simulation.settle()
      try await store.delete(sample)
      await simulation.settle()
      store.stop(query)
    }
    // Monday: 0 + 50 = 50 kcal, then 0 again.
    #expect(updates.withLock { $0 } == [["30: 50.0"], ["30: 0.0"]])
  }

  @Test func readingNeedsTheSummaryTypesAuthorization() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.days(runAt: "07:00:00"))
    await simulation.run {
      let store = HKHealthStore()
      // Never asked: errorAuthorizationNotDetermined, as the sample queries.
      await #expect(
        throws: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      ) {
        try await Self.summaries(store, nil)
      }
    }
    let denied = try HealthKitSimulation(
      scenario: Self.days(
        runAt: "07:00:00",
        extra: #""authorization": { "healthKit": { "read": { "denied": ["activitySummary"] } } },"#)
    )
    try await denied.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
      // Denied: no summaries and no error (a denied read looks like no data).
      #expect(try await Self.summaries(store, nil).isEmpty)
    }
  }

  @Test func aSummaryTheAppMakesIsZeroAndMutable() {
    let summary = HKActivitySummary()
    #expect(summary.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 0)
    #expect(summary.exerciseTimeGoal == nil)
    #expect(summary.dateComponents(for: Self.berlin).day == nil)
    summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 250)
    summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 400)
    #expect(summary.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 250)
    #expect(summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 400)
  }

  @Test func aWorkoutAstrideMidnightIsSplitByItsTimeInEachDay() {
    let minute: Int64 = 60_000_000_000
    let start = SimulationInstant(nanoseconds: -20 * minute)
    let midnight = SimulationInstant(nanoseconds: 0)
    let end = SimulationInstant(nanoseconds: 40 * minute)
    // 20 of its 60 minutes lie before midnight: a third, and two thirds after.
    #expect(HealthKitSimulation.share(of: start..<end, in: start..<midnight) == 20.0 / 60)
    #expect(HealthKitSimulation.share(of: start..<end, in: midnight..<end) == 40.0 / 60)
    // A zero-length span counts where its instant lies.
    #expect(HealthKitSimulation.share(of: midnight..<midnight, in: midnight..<end) == 1)
    #expect(HealthKitSimulation.share(of: end..<end, in: midnight..<end) == 0)
  }
}
