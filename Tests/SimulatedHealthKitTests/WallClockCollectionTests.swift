import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Every date the app passes to HealthKit is read by the one wall-clock rule
/// (docs/swift-api.md#the-wall-clock-rule): a daily steps chart written with the real clock
/// (a new user's trial: every bucket was empty and the app showed 0 steps), and each call's
/// refusal under strict dates.
@Suite struct WallClockCollectionTests {
  /// Three days of known steps in Europe/Berlin (the scenario starts 2026-03-30 10:00 CEST, the
  /// day after the DST change): 100 on 2026-03-28, 200 on 2026-03-29, 300 at 08:00 on
  /// 2026-03-30.
  static let threeDays = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-03-28T12:00:00+01:00",
        "end": "2026-03-28T12:10:00+01:00", "value": 100 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-29T12:00:00+02:00",
        "end": "2026-03-29T12:10:00+02:00", "value": 200 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T08:00:00+02:00",
        "end": "2026-03-30T08:10:00+02:00", "value": 300 }
    ]
    """

  /// The actions of the run's `wallClockDate` log entries, in order.
  func wallClockActions(_ simulation: HealthKitSimulation) -> [String] {
    simulation.result.log.compactMap { entry in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
  }

  /// The app's chart: anchor `Calendar.current.startOfDay(for: Date())` (virtual today's
  /// midnight, 2026-03-30 00:00 CEST), daily buckets, enumerated from `Date() - 7 × 86 400`
  /// (virtual now a week earlier: 2026-03-23 09:00 CET, in the bucket from 2026-03-23 00:00)
  /// to `Date()` (virtual now, in today's bucket): eight days, 2026-03-23 … 2026-03-30, the first
  /// five without samples (sum `nil`), then 100, 200, 300; the buckets' dates are virtual
  /// midnights (2026-03-29 is 23 hours long). `statistics(for: Date())` is today's 300.
  @Test func aDailyChartWrittenWithTheRealClockShowsTheVirtualDays() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.threeDays))
    let seen = Mutex<(days: [(start: Date, end: Date, sum: Double?)], today: Double?)?>(nil)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let query = HKStatisticsCollectionQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
        anchorDate: Calendar.current.startOfDay(for: Date()),
        intervalComponents: DateComponents(day: 1))
      query.initialResultsHandler = { _, results, error in
        #expect(error == nil)
        guard let results else { return }
        var days: [(start: Date, end: Date, sum: Double?)] = []
        results.enumerateStatistics(from: Date() - 7 * 86_400, to: Date()) { statistics, _ in
          days.append(
            (
              statistics.startDate, statistics.endDate,
              statistics.sumQuantity()?.doubleValue(for: .count())
            ))
        }
        let today = results.statistics(for: Date())?.sumQuantity()?.doubleValue(for: .count())
        seen.withLock { $0 = (days, today) }
      }
      store.execute(query)
      await simulation.settle()
    }
    let (days, today) = try #require(seen.withLock { $0 })
    #expect(
      days.map(\.start) == [
        date("2026-03-23T00:00:00+01:00"), date("2026-03-24T00:00:00+01:00"),
        date("2026-03-25T00:00:00+01:00"), date("2026-03-26T00:00:00+01:00"),
        date("2026-03-27T00:00:00+01:00"), date("2026-03-28T00:00:00+01:00"),
        date("2026-03-29T00:00:00+01:00"), date("2026-03-30T00:00:00+02:00"),
      ])
    #expect(days.last?.end == date("2026-03-31T00:00:00+02:00"))
    #expect(days.map(\.sum) == [nil, nil, nil, nil, nil, 100, 200, 300])
    #expect(today == 300)
    #expect(
      wallClockActions(simulation) == [
        "HKStatisticsCollectionQuery(anchorDate:)", "enumerateStatistics(from:to:with:)",
        "statistics(for:)",
      ])
  }

  /// With strict dates a collection's methods, which have no error to report, read the
  /// real-clock dates all the same (the same eight days and today's 300 as without) and the
  /// run's errors name each call; the query anchored at a virtual midnight runs.
  @Test func strictDatesReadTheCollectionsDatesAndReportThem() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: Self.threeDays), options: .strictDates)
    let seen = Mutex<(sums: [Double?], today: Double?)?>(nil)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let query = HKStatisticsCollectionQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
        anchorDate: date("2026-03-30T00:00:00+02:00"), intervalComponents: DateComponents(day: 1))
      query.initialResultsHandler = { _, results, _ in
        guard let results else { return }
        var sums: [Double?] = []
        results.enumerateStatistics(from: Date() - 7 * 86_400, to: Date()) { statistics, _ in
          sums.append(statistics.sumQuantity()?.doubleValue(for: .count()))
        }
        let today = results.statistics(for: Date())?.sumQuantity()?.doubleValue(for: .count())
        seen.withLock { $0 = (sums, today) }
      }
      store.execute(query)
      await simulation.settle()
    }
    let (sums, today) = try #require(seen.withLock { $0 })
    #expect(sums == [nil, nil, nil, nil, nil, 100, 200, 300])
    #expect(today == 300)
    #expect(
      simulation.result.errors.map(\.action) == [
        "enumerateStatistics(from:to:with:)", "statistics(for:)",
      ])
    #expect(wallClockActions(simulation).isEmpty)
    // Each refusal is also a report (the trait's and `simulate`'s issue): the calls have no
    // error to report it through.
    #expect(simulation.reports.map(\.kind) == [.strictDate, .strictDate])
    #expect(
      simulation.reports.map(\.description) == [
        "HealthKit: enumerateStatistics(from:to:with:) at t = 0 s: "
          + Self.strictMessage("enumerateStatistics(from:to:with:)"),
        "HealthKit: statistics(for:) at t = 0 s: " + Self.strictMessage("statistics(for:)"),
      ])
  }

  /// The strict-dates message of a date passed to `call`.
  static func strictMessage(_ call: String) -> String {
    "The date passed to \(call) is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
  }

  /// Whether `error` is HealthKit's `errorInvalidArgument` with the strict message of `call`.
  static func isStrictRefusal(_ error: (any Error)?, _ call: String) -> Bool {
    guard let error = error as? HKError else { return false }
    return error.code == .errorInvalidArgument
      && error.localizedDescription == strictMessage(call)
  }

  /// `save` with strict dates: a sample dated `Date()` fails the async form (thrown) and the
  /// completion form (`false` and the error), and nothing is saved; a virtual date saves.
  @Test func strictDatesRefuseARealClockSampleInSave() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: .strictDates)
    let completion = Mutex<(Bool, (any Error)?)?>(nil)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      func walk(_ start: Date, _ end: Date) -> HKQuantitySample {
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: start,
          end: end)
      }
      await #expect {
        try await store.save(walk(Date() - 60, Date()))
      } throws: { Self.isStrictRefusal($0, "save") }
      store.save(walk(Date() - 60, Date())) { success, error in
        completion.withLock { $0 = (success, error) }
      }
      await simulation.settle()
      #expect(await samples(store, simulation, steps).samples?.count == 0)
      try await store.save(walk(simulation.now - 60, simulation.now))
      #expect(await samples(store, simulation, steps).samples?.count == 1)
    }
    let (success, error) = try #require(completion.withLock { $0 })
    #expect(!success)
    #expect(Self.isStrictRefusal(error, "save"))
    #expect(simulation.result.errors.map(\.action) == ["save", "save"])
  }

  /// The live builder's `add(_:completion:)` with strict dates: a sample dated from the real
  /// clock gets the error in the completion, nothing is added (the constant run's 1 kcal per
  /// 10 s stays 60 kcal at t = 600), and the run's errors have it under `addSamples`.
  @Test func strictDatesRefuseARealClockSampleInTheBuildersAdd() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun(), options: .strictDates)
    let completion = Mutex<(Bool, (any Error)?)?>(nil)
    try await simulation.run {
      let (session, builder) = try await startedRun(HKHealthStore(), simulation)
      try await simulation.advance(by: .seconds(600))
      let sample = HKQuantitySample(
        type: activeEnergy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 5),
        start: Date() - 60, end: Date())
      builder.add([sample]) { success, error in completion.withLock { $0 = (success, error) } }
      await simulation.settle()
      let sum = builder.statistics(for: activeEnergy)?.sumQuantity()
      #expect(sum?.doubleValue(for: .kilocalorie()) == 60)
      session.end()
    }
    let (success, error) = try #require(completion.withLock { $0 })
    #expect(!success)
    #expect(Self.isStrictRefusal(error, "add"))
    #expect(simulation.result.errors.map(\.action) == ["addSamples"])
  }

  /// A query with strict dates: a predicate from the real clock fails the sample query at
  /// `execute` (its results handler gets the error naming `predicateForSamples`), and a
  /// collection query anchored at `Calendar.current.startOfDay(for: Date())` fails naming its
  /// anchor; virtual dates run.
  @Test func strictDatesRefuseARealClockQuery() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: Self.threeDays), options: .strictDates)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let lastHour = HKQuery.predicateForSamples(
        withStart: Date().addingTimeInterval(-3600), end: Date(), options: [])
      let refused = await samples(store, simulation, steps, predicate: lastHour)
      #expect(refused.samples == nil)
      #expect(Self.isStrictRefusal(refused.error, "predicateForSamples"))
      let collection: (HKStatisticsCollection?, (any Error)?)? = await result(store, simulation) {
        finish in
        let query = HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
          anchorDate: Calendar.current.startOfDay(for: Date()),
          intervalComponents: DateComponents(day: 1))
        query.initialResultsHandler = { _, collection, error in finish((collection, error)) }
        return query
      }
      #expect(collection?.0 == nil)
      #expect(
        Self.isStrictRefusal(collection?.1, "HKStatisticsCollectionQuery(anchorDate:)"))
      // Virtual dates: the day's 300 steps.
      let today = HKQuery.predicateForSamples(
        withStart: date("2026-03-30T00:00:00+02:00"), end: simulation.now, options: [])
      #expect(await samples(store, simulation, steps, predicate: today).samples?.count == 1)
    }
    #expect(
      simulation.result.errors.map(\.action) == [
        "predicateForSamples", "HKStatisticsCollectionQuery(anchorDate:)",
      ])
  }

  /// An observer query with strict dates and a predicate from the real clock: its update
  /// handler is called once, with the error naming `predicateForSamples`, and the query does
  /// not run (a step sample saved later wakes nothing).
  @Test func strictDatesRefuseARealClockObserverQuery() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: .strictDates)
    let calls = Mutex<[(any Error)?]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let query = HKObserverQuery(
        sampleType: steps,
        predicate: HKQuery.predicateForSamples(withStart: Date() - 3600, end: nil, options: [])
      ) { _, completion, error in
        calls.withLock { $0.append(error) }
        completion()
      }
      store.execute(query)
      await simulation.settle()
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10),
          start: simulation.now - 60, end: simulation.now))
      try await simulation.advance(by: .seconds(60))
    }
    let errors = calls.withLock { $0 }
    #expect(errors.count == 1)
    #expect(Self.isStrictRefusal(errors.first ?? nil, "predicateForSamples"))
  }

  /// A workout saved with `HKWorkout`'s deprecated initializer from the real clock,
  /// `Date() - 1800 ... Date()` at t = 3600 (08:00 UTC + 1 h, the scenario's 10:00 CEST + 1 h),
  /// is stored on virtual time: a query for the last virtual hour finds it, and its dates in the
  /// store are virtual 1800 … 3600 (a strict-start predicate from virtual 1800 still finds it,
  /// from 1801 not, and so does an activity predicate, its one activity spanning it: before,
  /// the activity's real-clock dates were compared with virtual ones); the workout comes back
  /// dated at the instants stored (before, with the app's dates); one `wallClockDate` entry
  /// names `save`. With strict dates the save
  /// is refused.
  @Test(arguments: [false, true])
  func aWorkoutSavedFromTheRealClock(strict: Bool) async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: strict ? .strictDates : [])
    let workoutType = HKObjectType.workoutType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [workoutType], read: [workoutType])
      try await simulation.advance(by: .seconds(3600))
      let walk = HKWorkout(activityType: .walking, start: Date() - 1800, end: Date())
      if strict {
        await #expect {
          try await store.save(walk)
        } throws: { Self.isStrictRefusal($0, "save") }
        #expect(await samples(store, simulation, workoutType).samples?.count == 0)
        return
      }
      try await store.save(walk)
      func found(from seconds: Double, activities: Bool = false) async -> [HKSample]? {
        let start = simulation.startDate + seconds
        let predicate =
          activities
          ? HKQuery.predicateForWorkouts(
            activityPredicate: HKQuery.predicateForWorkoutActivities(
              start: start, end: simulation.now, options: .strictStartDate))
          : HKQuery.predicateForSamples(
            withStart: start, end: simulation.now, options: .strictStartDate)
        return await samples(store, simulation, workoutType, predicate: predicate).samples
      }
      #expect(await found(from: 1800)?.count == 1)
      #expect(await found(from: 1801)?.count == 0)
      let byActivity = await found(from: 1800, activities: true)
      #expect(byActivity?.map(\.uuid) == [walk.uuid])
      // Read back at the instant stored (t = 1800), as every kind is; the app's object keeps
      // the real date.
      #expect(byActivity?.first?.startDate == simulation.now - 1800)
      #expect(walk.startDate != simulation.now - 1800)
      #expect(await found(from: 1801, activities: true)?.count == 0)
    }
    #expect(wallClockActions(simulation) == (strict ? [] : ["save"]))
  }

  /// One `save` of a real-clock sample and a real-clock `HKWorkout` reads all their dates in one
  /// reading: one `wallClockDate` entry naming `save` (before, two).
  @Test func aSaveOfSamplesAndAWorkoutIsOneEntry() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let workoutType = HKObjectType.workoutType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [steps, workoutType], read: [steps, workoutType])
      try await simulation.advance(by: .seconds(3600))
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: Date() - 60,
        end: Date())
      let walk = HKWorkout(activityType: .walking, start: Date() - 1800, end: Date())
      try await store.save([sample, walk])
    }
    #expect(wallClockActions(simulation) == ["save"])
  }

  /// A heartbeat series begun at `Date() - 3600` with beats at 0 and 1.5 s, two hours into the
  /// run: without strict dates it is stored at virtual now − 3600 … − 3598.5 (a query from
  /// now − 3660 finds it, from now − 3598 not; the shifted `Date()` is read at `finishSeries`, a
  /// second earlier for each second of real time the calls between took on a loaded machine, as
  /// docs/swift-api.md says, so the first query leaves room for that), with one `wallClockDate`
  /// entry naming `finishSeries`, the call that saves it; with strict dates `finishSeries` throws
  /// naming it and nothing is stored (before: an entry naming `save`, a call the app never made,
  /// and under strict dates an error while the series was stored and the call succeeded). The
  /// hour keeps the date a shift whatever the load: a date the real clock showed since the
  /// simulation was made is the instant virtual time was at then (the rule's kept `Date()`),
  /// and `Date() - 10` was one in a CI run where the calls before the builder took 10 s.
  @Test(arguments: [false, true])
  func aHeartbeatSeriesBegunAtTheRealClock(strict: Bool) async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: strict ? .strictDates : [])
    let heartbeat = HKSeriesType.heartbeat()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [heartbeat], read: [heartbeat])
      try await simulation.advance(by: .seconds(7200))
      let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: Date() - 3600)
      try await builder.addHeartbeat(at: 0, precededByGap: false)
      try await builder.addHeartbeat(at: 1.5, precededByGap: false)
      func count(from seconds: Double) async -> Int? {
        await samples(
          store, simulation, heartbeat,
          predicate: HKQuery.predicateForSamples(
            withStart: simulation.now - seconds, end: simulation.now)
        ).samples?.count
      }
      if strict {
        await #expect {
          _ = try await builder.finishSeries()
        } throws: { Self.isStrictRefusal($0, "finishSeries") }
        #expect(await samples(store, simulation, heartbeat).samples?.count == 0)
        return
      }
      _ = try await builder.finishSeries()
      #expect(await count(from: 3660) == 1)
      #expect(await count(from: 3598) == 0)
    }
    #expect(wallClockActions(simulation) == (strict ? [] : ["finishSeries"]))
    #expect(simulation.result.errors.map(\.action) == (strict ? ["finishSeries"] : []))
  }

  /// A sample dated from a `Date()` kept from just before the simulation was made to one read
  /// just after (a series begun at `Date() - 10` on a loaded machine, where more than 8.5 s of
  /// real time passed before its begin): the first is no reading the simulation saw, so it is a shift
  /// of virtual now (600 s, less the whole seconds of real time since), the second the instant
  /// the real clock showed it at (0, before the advance). Read so, the water would end 600 s
  /// before it starts and the store stopped the process; the call's real-clock dates keep
  /// their order, so it ends its real length after its start.
  @Test func realClockDatesOfOneCallKeepTheirOrder() async throws {
    let water = HKQuantityType(.dietaryWater)
    let before = Date()
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let after = Date()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [water], read: [water])
      try await simulation.advance(by: .seconds(600))
      try await store.save(
        HKQuantitySample(
          type: water, quantity: HKQuantity(unit: .liter(), doubleValue: 0.25), start: before,
          end: after))
      // The shift is the whole seconds of real time from `before` to the save's reading: 0 on
      // a quiet machine, more on a loaded one (at most the seconds until after the save).
      let saved = Date()
      let found = try #require(await samples(store, simulation, water).samples)
      try #require(found.count == 1)
      let start = found[0].startDate.timeIntervalSince(simulation.startDate)
      #expect(start <= 600 && start >= 600 - saved.timeIntervalSince(before).rounded(.up))
      #expect(
        abs(
          found[0].endDate.timeIntervalSince(found[0].startDate) - after.timeIntervalSince(before))
          < 1e-6)
    }
  }

  /// A sample dated from two clocks, `simulation.now` (t = 600) to a `Date()` kept at t = 0
  /// (the instant the real clock showed it at): its dates are in order, but on virtual time it
  /// would end 600 s before it starts. `save` fails with `errorInvalidArgument` naming both
  /// instants and stores nothing (before, the store stopped the process).
  @Test func aSampleReadEndingBeforeItStartsIsRefused() async throws {
    let water = HKQuantityType(.dietaryWater)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let kept = Date()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [water], read: [water])
      try await simulation.advance(by: .seconds(600))
      let sample = HKQuantitySample(
        type: water, quantity: HKQuantity(unit: .liter(), doubleValue: 0.25),
        start: simulation.now, end: kept)
      await #expect {
        try await store.save(sample)
      } throws: { error in
        guard let error = error as? HKError, error.code == .errorInvalidArgument else {
          return false
        }
        return error.localizedDescription.hasPrefix(
          "save: an object would end at t=0.0s before it starts at t=600.0s")
      }
      #expect(await samples(store, simulation, water).samples?.count == 0)
    }
  }

  /// The standalone `HKWorkoutBuilder(healthStore:configuration:device:)` with strict dates:
  /// `beginCollection(at: Date())` throws naming `beginCollection` and the workout does not
  /// start; begun at virtual now, `add` of a real-clock sample throws naming `add`.
  @Test func strictDatesRefuseRealClockDatesInTheStandaloneBuilder() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: .strictDates)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [steps, HKObjectType.workoutType()])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .walking
      let builder = HKWorkoutBuilder(
        healthStore: store, configuration: configuration, device: nil)
      await #expect {
        try await builder.beginCollection(at: Date())
      } throws: { Self.isStrictRefusal($0, "beginCollection") }
      #expect(builder.startDate == nil)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(600))
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: Date() - 60,
        end: Date())
      await #expect {
        try await builder.addSamples([sample])
      } throws: { Self.isStrictRefusal($0, "add") }
    }
  }

  /// The standalone builder's `elapsedTime(at: Date())`, read three times at t = 600 after
  /// beginning at 0: 600 each time, with one `wallClockDate` entry naming `elapsedTime` (a timer
  /// reads it many times a second), or with strict dates one error entry and the same values
  /// (a getter cannot fail), as the live builder's.
  @Test(arguments: [false, true])
  func theStandaloneBuildersElapsedTimeOfTheRealClock(strict: Bool) async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: strict ? .strictDates : [])
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [steps, HKObjectType.workoutType()])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .walking
      let builder = HKWorkoutBuilder(
        healthStore: store, configuration: configuration, device: nil)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(600))
      #expect((0..<3).map { _ in builder.elapsedTime(at: Date()) } == [600, 600, 600])
    }
    #expect(wallClockActions(simulation) == (strict ? [] : ["elapsedTime"]))
    #expect(simulation.result.errors.map(\.action) == (strict ? ["elapsedTime"] : []))
  }

  /// `predicateForWorkoutActivities(start:end:options:)` from the real clock: after a 600 s run
  /// that ended at t = 600, `Date() - 601 … Date()` is virtual -1 … 600 (each bound just after
  /// its instant), which holds the run's one activity (starting at 0, strict start);
  /// `Date() - 600` stands just after 0 and leaves it out, as on a device, where `Date()` read
  /// after the run's end is later than it (before, the bound lost its nanosecond as a date and
  /// held it). Each predicate's dates get one `wallClockDate` entry naming
  /// `predicateForWorkoutActivities`.
  @Test func workoutActivityPredicatesReadRealClockDates() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let workoutType = HKObjectType.workoutType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [workoutType], read: [heartRate, activeEnergy, workoutType])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      session.end()
      try await builder.endCollection(at: simulation.now)
      _ = try await builder.finishWorkout()
      func count(since seconds: Double) async -> Int? {
        let predicate = HKQuery.predicateForWorkouts(
          activityPredicate: HKQuery.predicateForWorkoutActivities(
            start: Date() - seconds, end: Date(), options: .strictStartDate))
        return await samples(store, simulation, workoutType, predicate: predicate).samples?.count
      }
      #expect(await count(since: 601) == 1)
      #expect(await count(since: 600) == 0)
    }
    #expect(
      wallClockActions(simulation) == [
        "predicateForWorkoutActivities", "predicateForWorkoutActivities",
      ])
  }

  /// Correlations with strict dates: a blood pressure dated `Date()` whose samples are dated
  /// `simulation.now` is refused by `save` (its own dates are read with its samples'), and
  /// nothing is saved; a correlation query whose sample predicate is from the real clock gets
  /// the refusal in its completion at `execute`, as one whose predicate is.
  @Test func strictDatesRefuseRealClockCorrelationDates() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: .strictDates)
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    let pressure = HKCorrelationType(.bloodPressure)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [systolic, diastolic], read: [systolic, diastolic])
      let now = simulation.now
      let mmHg = HKUnit.millimeterOfMercury()
      func reading(_ type: HKQuantityType, _ value: Double) -> HKQuantitySample {
        HKQuantitySample(
          type: type, quantity: HKQuantity(unit: mmHg, doubleValue: value), start: now, end: now)
      }
      let objects: Set<HKSample> = [reading(systolic, 120), reading(diastolic, 80)]
      let real = HKCorrelation(type: pressure, start: Date(), end: Date(), objects: objects)
      await #expect {
        try await store.save(real)
      } throws: { Self.isStrictRefusal($0, "save") }
      #expect(await samples(store, simulation, systolic).samples?.count == 0)
      try await store.save(HKCorrelation(type: pressure, start: now, end: now, objects: objects))
      let answer: ([HKCorrelation]?, (any Error)?)? = await result(store, simulation) { finish in
        HKCorrelationQuery(
          type: pressure, predicate: nil,
          samplePredicates: [
            systolic: HKQuery.predicateForSamples(withStart: Date() - 300, end: Date())
          ]
        ) { _, found, error in finish((found, error)) }
      }
      #expect(answer?.0 == nil)
      #expect(Self.isStrictRefusal(answer?.1, "predicateForSamples"))
    }
    #expect(simulation.result.errors.map(\.action) == ["save", "predicateForSamples"])
  }
}
