import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

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

  /// `[start, end]` of each sample, seconds from noon.
  static func spans(_ samples: [HKQuantitySample]) -> [[Double]] {
    samples.map {
      [$0.startDate.timeIntervalSince(noon(plus: 0)), $0.endDate.timeIntervalSince(noon(plus: 0))]
    }
  }

  /// An iPhone app's manual entry: a 30-minute walk from 11:00 to 11:30 (t = 0 is noon) saved
  /// with `save(_:)` inside `on(.phone)`. Apple: in iOS 10 or later a workout object raises the
  /// Exercise ring by its total duration; the minutes are the iPhone's, 30 samples of 1 min
  /// (11:00–11:01 … 11:29–11:30), none the Apple Watch's. Then the watch app saves a 20-minute
  /// walk from 10:00 to 10:20 without a session: on watchOS the ring comes from a session's
  /// time, so it adds none. The day's ring: 30 + 0 = 30 minutes. (Before the fix every saved
  /// workout gave Apple Watch minutes: 30 + 20 = 50, all from the watch.)
  @Test func aPhoneAppsSavedWorkoutGivesTheIPhonesMinutesAndAWatchSaveNone() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      try await simulation.on(.phone) {
        let phone = HKHealthStore()
        try await Self.authorized(phone)
        try await phone.save(
          HKWorkout(activityType: .walking, start: noon(plus: -3600), end: noon(plus: -1800)))
      }
      let store = HKHealthStore()
      try await Self.authorized(store)
      try await store.save(
        HKWorkout(activityType: .walking, start: noon(plus: -7200), end: noon(plus: -6000)))
      let samples = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: Self.exerciseTime)],
        sortDescriptors: [SortDescriptor(\.startDate)]
      ).result(for: store)
      // Minute k (0-based) of the walk: from −3600 + 60 k s to −3540 + 60 k s.
      let walk: [[Double]] = (0..<30).map { (k: Int) -> [Double] in
        [Double(-3600 + 60 * k), Double(-3540 + 60 * k)]
      }
      #expect(Self.spans(samples) == walk)
      #expect(samples.allSatisfy { $0.quantity.doubleValue(for: .minute()) == 1 })
      #expect(
        samples.allSatisfy {
          $0.sourceRevision.source.bundleIdentifier == "com.apple.health.iPhone"
            && $0.sourceRevision.source.name == "iPhone"
        })
      let summaries = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(summaries.map(Self.minutes) == [30])
    }
  }

  /// A pause dated in the past that covers the end of the last stored piece: by 720 s a query
  /// brought in 12 one-minute samples (0–60 … 660–720: 12 min stored, through 720 s); then a
  /// pause dated 690 s is added, and at 780 s a resume; the run ends at 900 s. Running spans
  /// 0–690 and 780–900: duration 690 + 120 = 810 s. The stored 12 stay (660–720 lies partly in
  /// the pause). The rest start after 720 s, never in the pause: the span from 780 s, counted
  /// on from the 720 s stored, capped at 810 s: 780–840 (1 min), then 810 − 780 = 30 s,
  /// 840–870 (0.5 min). Sum 12 + 1 + 0.5 = 13.5 min = 810 s, the duration.
  @Test func aPauseCoveringTheLastStoredPiecesEnd() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(720))
      let query = HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: Self.exerciseTime)],
        sortDescriptors: [SortDescriptor(\.startDate)])
      #expect(try await query.result(for: store).count == 12)
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .pause, dateInterval: DateInterval(start: noon(plus: 690), duration: 0),
          metadata: nil)
      ])
      try await simulation.advance(by: .seconds(60))
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .resume, dateInterval: DateInterval(start: noon(plus: 780), duration: 0),
          metadata: nil)
      ])
      try await simulation.advance(by: .seconds(120))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.duration == 810)

      let stored: [[Double]] = (0..<12).map { [Double(60 * $0), Double(60 * $0 + 60)] }
      #expect(
        Self.spans(try await query.result(for: store)) == stored + [[780, 840], [840, 870]])
      let statistics = try await HKStatisticsQueryDescriptor(
        predicate: .quantitySample(type: Self.exerciseTime), options: .cumulativeSum
      ).result(for: store)
      #expect(statistics?.sumQuantity()?.doubleValue(for: .minute()) == 13.5)
    }
  }

  /// `discardWorkout()` at 630 s, no read before it: the discard brings in what can no longer
  /// change, the whole minutes 0–60 … 540–600 (⌊630 / 60⌋ = 10), and the part minute 600–630
  /// is never written (Apple counts full minutes; nothing finishes the workout to save it).
  /// 10 samples, 10 min.
  @Test func aDiscardMidMinuteKeepsTheWholeMinutesOnly() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(630))
      builder.discardWorkout()
      session.end()
      try await simulation.advance(by: .seconds(60))
      let samples = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: Self.exerciseTime)],
        sortDescriptors: [SortDescriptor(\.startDate)]
      ).result(for: store)
      let whole: [[Double]] = (0..<10).map { (k: Int) -> [Double] in
        [Double(60 * k), Double(60 * k + 60)]
      }
      #expect(Self.spans(samples) == whole)
      let summaries = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(summaries.map(Self.minutes) == [10])
    }
  }

  /// A live minute astride local midnight: the run starts at 23:59:30 UTC (t = 0), so its
  /// first minute of running time is 23:59:30–00:00:30, one sample of 1 min, not cut at
  /// midnight. Each day's ring counts the part of it in the day, as a collection query splits
  /// it: at 60 s, 30 s = 0.5 min on 2 March and 0.5 min on 3 March; at 120 s the second
  /// minute (00:00:30–00:01:30) is all 3 March's: 0.5 and 0.5 + 1 = 1.5.
  @Test func aLiveMinuteAstrideMidnightCountsInEachDayInProportion() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Midnight run", "start": "2026-03-02T23:59:30Z", "timeZone": "UTC",
          "activity": "running", "course": [{ "duration": 1800, "speed": 3.2 }],
          "sensors": { "heartRate": { "constant": 150 }, "activeEnergyBurned": { "constant": 1 } }
        }
        """, fileName: "midnight.json"))
    try await simulation.run {
      let store = HKHealthStore()
      try await Self.authorized(store)
      let (session, _) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(60))
      let atOne = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(atOne.map(Self.minutes) == [0.5, 0.5])
      let samples = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: Self.exerciseTime)], sortDescriptors: []
      ).result(for: store)
      let midnight = date("2026-03-03T00:00:00Z")
      #expect(
        samples.map {
          [$0.startDate.timeIntervalSince(midnight), $0.endDate.timeIntervalSince(midnight)]
        }
          == [[-30, 30]])
      #expect(samples.map { $0.quantity.doubleValue(for: .minute()) } == [1])
      try await simulation.advance(by: .seconds(60))
      let atTwo = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
      #expect(atTwo.map(Self.minutes) == [0.5, 1.5])
      session.end()
    }
  }

  /// `today.appleExerciseTime` is checked again when the simulation is made, for a start the
  /// reader did not know (`"now"`, a recording's; here a scenario whose `today` is set in Swift
  /// after decoding): at 00:20 in Europe/Berlin the day has held 20 minutes (1200 s), so 45
  /// minutes (2700 s) is refused at its path, with the limit.
  @Test func todaysExerciseLongerThanTheDaySoFarIsRefusedWhenTheSimulationIsMade() throws {
    var scenario = try decodeScenario(
      #"{ "version": 1, "name": "Late", "start": "2026-03-31T00:20:00+02:00", "timeZone": "Europe/Berlin" }"#,
      fileName: "late.json")
    scenario.today.appleExerciseTime = .seconds(2700)
    do {
      _ = try HealthKitSimulation(scenario: scenario)
      Issue.record("a day of 20 minutes so far took 45 minutes of exercise")
    } catch {
      #expect(error.path == "today.appleExerciseTime")
      #expect(
        error.message
          == #""45:00" is more than the 20:00 between local midnight and the start (00:20:00 in Europe/Berlin): the day cannot have held it before t = 0 (expected at most "20:00", or a start later in the day)"#
      )
    }
    scenario.today.appleExerciseTime = .seconds(1200)
    #expect(throws: Never.self) { _ = try HealthKitSimulation(scenario: scenario) }
  }
}
