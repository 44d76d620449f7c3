import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The system's exercise minutes as `appleExerciseTime` samples, and the Exercise ring read
/// from them (docs/healthkit-behaviour.md#exercise-minutes).
///
/// `constantRun` from noon: 1 kcal of energy per 10 s span (a batch every 10 s).
@Suite struct ExerciseMinutesTests {
  static let exerciseTime = HKQuantityType(.appleExerciseTime)
  static let summaryType = HKObjectType.activitySummaryType()

  static func authorized(_ store: HKHealthStore) async throws {
    try await store.requestAuthorization(
      toShare: [HKObjectType.workoutType()],
      read: [exerciseTime, summaryType, HKObjectType.workoutType()])
  }

  static func minutes(_ summary: HKActivitySummary?) -> Double? {
    summary?.appleExerciseTime.doubleValue(for: .minute())
  }

  /// A 25-minute workout paused from minute 10 to minute 15: 25 − 5 = 20 minutes of running
  /// time, so 20 one-minute samples of 1 min from the watch, 10 from noon to 12:10 and 10
  /// from 12:15 to 12:25, summing to 20 min.
  @Test func aPausedWorkoutGivesOneSamplePerMinuteOfRunningTime() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      session.pause()
      try await simulation.advance(by: .seconds(300))
      session.resume()
      try await simulation.advance(by: .seconds(600))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.duration == 1200)

      let samples = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: Self.exerciseTime)],
        sortDescriptors: [SortDescriptor(\.startDate)]
      ).result(for: store)
      #expect(samples.count == 20)
      #expect(samples.allSatisfy { $0.quantity.doubleValue(for: .minute()) == 1 })
      #expect(samples.allSatisfy { $0.endDate.timeIntervalSince($0.startDate) == 60 })
      #expect(samples.allSatisfy { $0.sourceRevision.source.name == "Apple Watch" })
      // Minute k (0-based) before the pause starts at 60 k s; after it at 900 + 60 (k − 10).
      let starts: [Double] = samples.map { $0.startDate.timeIntervalSince(noon(plus: 0)) }
      let before: [Double] = (0..<10).map { Double(60 * $0) }
      let after: [Double] = (0..<10).map { Double(900 + 60 * $0) }
      #expect(starts == before + after)

      let statistics = try await HKStatisticsQueryDescriptor(
        predicate: .quantitySample(type: Self.exerciseTime), options: .cumulativeSum
      ).result(for: store)
      #expect(statistics?.sumQuantity()?.doubleValue(for: .minute()) == 20)
    }
  }

  /// A pause dated in the past on the live builder (an auto-pause added late): by 600 s a
  /// query brought in 10 one-minute samples (0–60 … 540–600); then a pause from 300 s to 330 s
  /// is added and the run ends at 900 s. Running time 300 + (900 − 330) = 870 s, the duration.
  /// The 10 stored samples stay (the system's); the rest start at 600 s and count on from
  /// 600 s of running time: 600–660, 660–720, 720–780, 780–840 (1 min each), then the cap
  /// 870 − 840 = 30 s: 840–870 (0.5 min). Sum 10 + 4 + 0.5 = 14.5 min = 870 s; none of the
  /// new ones lies in the pause. (Before the fix, by piece count: the later samples started
  /// at 630 s, leaving 600–630 out.)
  @Test func aPauseAddedAfterTheFactLeavesTheStoredMinutes() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      let query = HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: Self.exerciseTime)],
        sortDescriptors: [SortDescriptor(\.startDate)])
      #expect(try await query.result(for: store).count == 10)
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .pause, dateInterval: DateInterval(start: noon(plus: 300), duration: 0),
          metadata: nil),
        HKWorkoutEvent(
          type: .resume, dateInterval: DateInterval(start: noon(plus: 330), duration: 0),
          metadata: nil),
      ])
      try await simulation.advance(by: .seconds(300))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.duration == 870)

      let samples = try await query.result(for: store)
      let spans: [[Double]] = samples.map {
        [
          $0.startDate.timeIntervalSince(noon(plus: 0)),
          $0.endDate.timeIntervalSince(noon(plus: 0)),
        ]
      }
      let stored: [[Double]] = (0..<10).map { [Double(60 * $0), Double(60 * $0 + 60)] }
      #expect(
        spans == stored + [[600, 660], [660, 720], [720, 780], [780, 840], [840, 870]])
      let statistics = try await HKStatisticsQueryDescriptor(
        predicate: .quantitySample(type: Self.exerciseTime), options: .cumulativeSum
      ).result(for: store)
      #expect(statistics?.sumQuantity()?.doubleValue(for: .minute()) == 14.5)
    }
  }

  /// An activity summary query's update handler during a live workout: every batch (every
  /// 10 s, the Move ring grew by 1 kcal) gives the day's summary, whose Exercise ring holds the
  /// whole minutes of running time so far: at batch k (t = 10 k s), ⌊10 k / 60⌋ minutes: 0 at
  /// 10 s, 10 at 600 s, 20 at 1200 s.
  @Test func aSummaryDuringALiveWorkoutCountsItsWholeMinutes() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let updates = Mutex<[Double]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let query = HKActivitySummaryQuery(predicate: nil) { _, _, _ in }
      query.updateHandler = { _, summaries, _ in
        updates.withLock { $0 += (summaries ?? []).compactMap(Self.minutes) }
      }
      store.execute(query)
      let (session, _) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      let atTen = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(atTen.map(Self.minutes) == [10])
      try await simulation.advance(by: .seconds(600))
      let atTwenty = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(atTwenty.map(Self.minutes) == [20])
      store.stop(query)
      session.end()
    }
    let heard = updates.withLock { $0 }
    let expected: [Double] = (1...120).map { Double(10 * $0 / 60) }
    #expect(heard == expected)
    #expect(heard.first == 0)
    #expect(heard[59] == 10)
    #expect(heard.last == 20)
  }

  /// A week of `health` days charted as apps chart "exercise minutes this week": a collection
  /// query of `appleExerciseTime` by local day. The days run from Wednesday 25 March to
  /// Tuesday 31 March 2026 (Europe/Berlin; Sunday the 29th is 23 hours long), with a 20-minute
  /// walk on Wednesday, a 45-minute ride on Saturday and a 30-minute run on Monday, each
  /// without pauses: 20, 0, 0, 45, 0, 30 and 0 minutes.
  @Test func aCollectionQueryChartsAWeekOfExerciseMinutes() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Week", "start": "2026-03-31T10:00:00+02:00",
          "timeZone": "Europe/Berlin",
          "health": {
            "days": 7,
            "habits": { "steps": [0, 0], "carriesPhone": 0, "wearsWatch": false },
            "workouts": [
              { "weekday": "wednesday", "at": "07:00:00", "activity": "walking", "duration": "20:00" },
              { "weekday": "saturday", "at": "09:00:00", "activity": "cycling", "duration": "45:00" },
              { "weekday": "monday", "at": "07:00:00", "activity": "running", "duration": "30:00" }
            ]
          }
        }
        """, fileName: "week.json"))
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let week = HKQuery.predicateForSamples(
        withStart: date("2026-03-25T00:00:00+01:00"), end: date("2026-04-01T00:00:00+02:00"))
      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: Self.exerciseTime, predicate: week),
        options: .cumulativeSum, anchorDate: date("2026-03-25T00:00:00+01:00"),
        intervalComponents: DateComponents(day: 1)
      ).result(for: store)
      let noons = [
        "2026-03-25T12:00:00+01:00", "2026-03-26T12:00:00+01:00", "2026-03-27T12:00:00+01:00",
        "2026-03-28T12:00:00+01:00", "2026-03-29T12:00:00+02:00", "2026-03-30T12:00:00+02:00",
        "2026-03-31T12:00:00+02:00",
      ]
      let perDay = noons.map {
        collection.statistics(for: date($0))?.sumQuantity()?.doubleValue(for: .minute()) ?? 0
      }
      #expect(perDay == [20, 0, 0, 45, 0, 30, 0])
      // The week's summaries count the same minutes.
      let summaries = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(summaries.map(Self.minutes) == perDay)
    }
  }
}
