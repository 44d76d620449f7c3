import Foundation
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit
@testable import SimulationDriver

/// The wall-clock rule reads a `Date()` the app kept from earlier, or shifted by seconds, on
/// virtual time (docs/swift-api.md#the-wall-clock-rule): the patterns of the last new-user
/// trial (a stop time kept in a property, "the last hour" written from `Date()`).
@Suite struct WallClockReadingTests {
  /// A `Date()` read at t = 1200 and passed to `endCollection` at t = 1800 ends collection at
  /// 1200: the instant virtual time was at when the app read the clock. Collection began at
  /// 600 (a `Date()` read then), so the workout lasts 1200 - 600 = 600 s.
  @Test func aDateKeptFromEarlierIsTheInstantItWasReadAt() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      try await simulation.advance(by: .seconds(600))
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: nil, at: Date())
      try await simulation.advance(by: .seconds(600))
      let stoppedMoving = Date()
      try await simulation.advance(by: .seconds(600))
      manager.session?.end()
      try await manager.builder?.endCollection(at: stoppedMoving)
      #expect(manager.builder?.startDate == noon(plus: 600))
      #expect(manager.builder?.endDate == noon(plus: 1200))
    }
  }

  /// "The last hour" written from the real clock after a 600 s workout that ended at t = 1200:
  /// `Date().addingTimeInterval(-3600) ... Date()` at t = 1200 is virtual [-2400, 1200], each
  /// bound just after what happened at its instant (the app read its clock after the workout's
  /// last reading, as on a device). The workout's heart rate was read every 5 s from 600 to
  /// 1200; a predicate without options takes a sample ending at or after its start and
  /// starting before its end (Apple's rule, docs/healthkit-behaviour.md), so the reading at
  /// 1200, made before the `Date()` that ends the query, is in: 600, 605, ..., 1200 is
  /// 600 / 5 + 1 = 121 readings.
  @Test func theLastHourFromTheRealClockIsTheLastVirtualHour() async throws {
    let made = Date()
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      try await simulation.advance(by: .seconds(600))
      let manager = WorkoutManager()
      try await authorize(
        manager.store, share: [HKObjectType.workoutType()],
        read: [heartRate, HKObjectType.workoutType()])
      try await manager.startWorkout(type: .running, delegate: nil, at: Date())
      try await simulation.advance(by: .seconds(600))
      try await manager.endWorkout(at: Date())
      let lastHour = HKQuery.predicateForSamples(
        withStart: Date().addingTimeInterval(-3600), end: Date(), options: [])
      let found = await samples(manager.store, simulation, heartRate, predicate: lastHour)
      #expect(found.samples?.count == 121)
      // The last 300 s: after the reading at 900 up to the one at 1200, 905, 910, ..., 1200:
      // 300 / 5 = 60, as many as in any five minutes.
      let lastFiveMinutes = HKQuery.predicateForSamples(
        withStart: Date().addingTimeInterval(-300), end: Date(), options: [])
      let recent = await samples(manager.store, simulation, heartRate, predicate: lastFiveMinutes)
      // `Date() - 300` is a shift while the simulation has been alive less than 300 s of real
      // time; after, the real clock showed it since, and it is the instant virtual time was at
      // then (a loaded machine: docs/swift-api.md#the-wall-clock-rule).
      if Date().timeIntervalSince(made) < 300 { #expect(recent.samples?.count == 60) }
    }
  }

  /// Samples dated with `Date()` are stored on virtual time: 250 mL at t = 600 (now) and
  /// 300 mL dated `Date() - 3600` (t = −3000, a second earlier for each second of real time
  /// from reading the clock to the save's reading, the rule's case 4). Samples from a virtual
  /// minute ago (540 on) sum 250 mL, from just after −3000 (−2999 on) too; from −3300 on
  /// 250 + 300 = 550 mL. The save's dates are logged once (`wallClockDate` naming `save`), the
  /// predicates' not at all (they are virtual). The hour keeps the date a shift however loaded
  /// the machine: `Date() - 120` was one the real clock had shown since the simulation was made
  /// once it had been alive 120 s of real time (a kept `Date()`, the instant virtual time was at
  /// then, 0 or 600), and the totals changed.
  @Test func samplesDatedWithTheRealClockAreStoredOnVirtualTime() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      let water = HKQuantityType(.dietaryWater)
      try await authorize(store, share: [water], read: [water])
      try await simulation.advance(by: .seconds(600))
      let milliliter = HKUnit.literUnit(with: .milli)
      let now = Date()
      let earlier = Date().addingTimeInterval(-3600)
      try await store.save([
        HKQuantitySample(
          type: water, quantity: HKQuantity(unit: milliliter, doubleValue: 250), start: now,
          end: now),
        HKQuantitySample(
          type: water, quantity: HKQuantity(unit: milliliter, doubleValue: 300), start: earlier,
          end: earlier),
      ])
      func total(since seconds: Double) async -> Double? {
        let predicate = HKQuery.predicateForSamples(
          withStart: simulation.now.addingTimeInterval(-seconds), end: nil, options: [])
        return await statistics(
          store, simulation, water, predicate: predicate, options: .cumulativeSum
        )
        .statistics?.sumQuantity()?.doubleValue(for: milliliter)
      }
      #expect(await total(since: 60) == 250)
      #expect(await total(since: 3599) == 250)
      #expect(await total(since: 3900) == 550)
    }
    let actions = simulation.result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    #expect(actions == ["save"])
  }

  /// A sample saved at `Date()` is found by a query up to a later `Date()` at the same
  /// instant (a new user's trial: the water just logged was missing from today's total): on a
  /// device the second `Date()` is later than the first, and the wall-clock rule keeps that
  /// order, a bound read from the real clock standing just after what happened at its instant
  /// (docs/swift-api.md#the-wall-clock-rule). 250 mL at t = 7200 and 300 mL at t = 3600: from
  /// today's midnight to `Date()` 550 mL, from `Date() - 3600` (just after t = 3600) 250 mL; a
  /// start at `Date()` read after the save ("from now on") finds nothing yet. The hour keeps
  /// `Date() - 3600` a shift however loaded the machine (`Date() - 300` was one the real clock
  /// had shown since the simulation was made once it had been alive 300 s of real time).
  @Test func aSampleSavedAtTheRealClockIsFoundUpToALaterReading() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      let water = HKQuantityType(.dietaryWater)
      try await authorize(store, share: [water], read: [water])
      let milliliter = HKUnit.literUnit(with: .milli)
      func drink(_ amount: Double) async throws {
        let now = Date()
        try await store.save(
          HKQuantitySample(
            type: water, quantity: HKQuantity(unit: milliliter, doubleValue: amount), start: now,
            end: now))
      }
      try await simulation.advance(by: .seconds(3600))
      try await drink(300)
      try await simulation.advance(by: .seconds(3600))
      try await drink(250)
      func total(from start: Date, to end: Date?) async -> Double? {
        let predicate = HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        return await statistics(
          store, simulation, water, predicate: predicate, options: .cumulativeSum
        )
        .statistics?.sumQuantity()?.doubleValue(for: milliliter)
      }
      let today = Calendar.current.startOfDay(for: Date())
      #expect(await total(from: today, to: Date()) == 550)
      #expect(await total(from: Date().addingTimeInterval(-3600), to: Date()) == 250)
      #expect(await total(from: Date(), to: nil) == nil)
      let found = await samples(
        store, simulation, water,
        predicate: HKQuery.predicateForSamples(withStart: today, end: Date(), options: []))
      #expect(found.samples?.count == 2)
    }
  }

  /// A sample saved at `Date()` comes back from queries dated on virtual time, among the
  /// store's other samples (a new user's trial: a chart grouped by day put it on the real day):
  /// a water sample at `Date()` at t = 600 and a mindful session from `Date() - 600` to
  /// `Date()` come back at noon + 600 and [noon, noon + 600] (the constant run starts at
  /// noon), with the UUIDs and values the app gave them; the objects the app holds keep its
  /// dates.
  @Test func aSampleSavedAtTheRealClockComesBackOnVirtualTime() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      let water = HKQuantityType(.dietaryWater)
      let mindful = HKCategoryType(.mindfulSession)
      try await authorize(store, share: [water, mindful], read: [water, mindful])
      try await simulation.advance(by: .seconds(600))
      let now = Date()
      let drink = HKQuantitySample(
        type: water, quantity: HKQuantity(unit: .literUnit(with: .milli), doubleValue: 250),
        start: now, end: now)
      let session = HKCategorySample(
        type: mindful, value: HKCategoryValue.notApplicable.rawValue,
        start: now.addingTimeInterval(-600), end: now)
      try await store.save([drink, session])
      let drinks = await samples(store, simulation, water, predicate: nil).samples
      #expect(drinks?.map(\.uuid) == [drink.uuid])
      #expect(drinks?.first?.startDate == noon(plus: 600))
      #expect(drinks?.first?.endDate == noon(plus: 600))
      let quantity = (drinks?.first as? HKQuantitySample)?.quantity
      #expect(quantity?.doubleValue(for: .literUnit(with: .milli)) == 250)
      let sessions = await samples(store, simulation, mindful, predicate: nil).samples
      #expect(sessions?.map(\.uuid) == [session.uuid])
      #expect(sessions?.first?.startDate == noon(plus: 0))
      #expect(sessions?.first?.endDate == noon(plus: 600))
      #expect(drink.startDate == now)
      #expect(session.endDate == now)
    }
  }

  /// States of mind match a date predicate by virtual instant whichever side is the real
  /// clock (they come back as the app made them): one logged at `Date()` at t = 3600 (`real`),
  /// one at `simulation.now` at t = 7200 (`virtual`). At t = 7200 from `simulation.now - 1800`
  /// on holds `virtual`, from `simulation.now - 5400` both; `Date() - 1800 … Date()` holds
  /// `virtual`, `Date() - 5400 … Date() - 1800` `real`. Half an hour or more keeps each
  /// `Date() - x` a shift however loaded the machine (the real clock had shown `Date() - 300`
  /// since the simulation was made once it had been alive 300 s of real time).
  @Test func statesOfMindMatchDatePredicatesByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let mind = HKObjectType.stateOfMindType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [mind], read: [mind])
      func log(at date: Date) async throws -> HKStateOfMind {
        let state = HKStateOfMind(
          date: date, kind: .momentaryEmotion, valence: 0.5, labels: [.happy],
          associations: [.fitness])
        try await store.save(state)
        return state
      }
      try await simulation.advance(by: .seconds(3600))
      let real = try await log(at: Date())
      try await simulation.advance(by: .seconds(3600))
      let virtual = try await log(at: simulation.now)
      func found(from start: Date, to end: Date?) async -> [UUID]? {
        await samples(
          store, simulation, mind,
          predicate: HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        ).samples?.map(\.uuid)
      }
      #expect(await found(from: simulation.now - 1800, to: nil) == [virtual.uuid])
      #expect(await found(from: simulation.now - 5400, to: nil) == [real.uuid, virtual.uuid])
      #expect(await found(from: Date() - 1800, to: Date()) == [virtual.uuid])
      #expect(await found(from: Date() - 5400, to: Date() - 1800) == [real.uuid])
    }
  }

  /// The builder reads a sample's `Date()`s as `save` does: 5 kcal from `Date() - 60` to
  /// `Date()` at t = 600 is [540, 600] and joins the constant run's 1 kcal per 10 s: 60 + 5 =
  /// 65 kcal. One ending a minute after now is refused, with its article right.
  @Test func theBuilderReadsASamplesRealClockDatesAsSaveDoes() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (session, builder) = try await startedRun(HKHealthStore(), simulation)
      try await simulation.advance(by: .seconds(600))
      func energy(_ kcal: Double, from start: Date, to end: Date) -> HKQuantitySample {
        HKQuantitySample(
          type: activeEnergy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kcal),
          start: start, end: end)
      }
      try await builder.addSamples([energy(5, from: Date().addingTimeInterval(-60), to: Date())])
      let sum = builder.statistics(for: activeEnergy)?.sumQuantity()
      #expect(sum?.doubleValue(for: .kilocalorie()) == 65)
      await #expect {
        try await builder.addSamples([energy(1, from: Date(), to: Date().addingTimeInterval(60))])
      } throws: { error in
        error.localizedDescription
          == "An activeEnergyBurned sample ends after the simulation's virtual now; date samples from simulation.now"
      }
      session.end()
    }
    let actions = simulation.result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    #expect(actions == ["add", "add"])
  }

  /// A start the engine cannot count from (`.distantPast`) is refused rather than overflowing
  /// the elapsed time (a project rule: more than 366 days before now).
  @Test func aStartLongBeforeNowIsRefused() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      session.startActivity(with: simulation.now)
      await #expect {
        try await builder.beginCollection(at: .distantPast)
      } throws: { error in
        error.localizedDescription
          == "The workout's start date is more than 366 days before now; begin collection at the session's start date or at now"
      }
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try await builder.finishWorkout()
      #expect(workout?.duration == 60)
    }
  }

  /// Steps around virtual midnight (Berlin, virtual now 2026-03-30 10:00 CEST): 100 over
  /// 23:59:00–23:59:30 on 29 March, 40 over 00:00–00:10 and 20 over 09:00–09:10 on 30 March.
  static let aroundMidnight = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-03-29T23:59:00+02:00",
        "end": "2026-03-29T23:59:30+02:00", "value": 100 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T00:00:00+02:00",
        "end": "2026-03-30T00:10:00+02:00", "value": 40 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
        "end": "2026-03-30T09:10:00+02:00", "value": 20 }
    ]
    """

  /// "Today from midnight" written from the real clock is virtual today from its local
  /// midnight, whatever the real time of day: `startOfDay(for: Date())` (and the same midnight
  /// from `DateComponents(year:month:day:)`) is virtual 00:00 on 30 March, so with
  /// `.strictStartDate` today is 40 + 20 = 60 steps (the 23:59 sample starts before it).
  /// Yesterday's real midnight is virtual 00:00 on 29 March: [29 Mar 00:00, 30 Mar 00:00) holds
  /// the 100 only. Read as a shift of virtual now by the real time since midnight, the start
  /// would be 60 only when the real clock showed 10:00–10:01 (the start within 23:59–00:00).
  @Test func aRealMidnightIsTheVirtualMidnightOfTheSameDay() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.aroundMidnight))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let calendar = Calendar.current
      let today = calendar.startOfDay(for: Date())
      func sum(from start: Date, to end: Date) async -> Double? {
        let predicate = HKQuery.predicateForSamples(
          withStart: start, end: end, options: .strictStartDate)
        let (result, _) = await statistics(
          store, simulation, steps, predicate: predicate, options: .cumulativeSum)
        return result?.sumQuantity()?.doubleValue(for: .count())
      }
      #expect(await sum(from: today, to: Date()) == 60)
      let parts = calendar.dateComponents([.year, .month, .day], from: Date())
      let fromComponents = try #require(
        calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day)))
      #expect(await sum(from: fromComponents, to: Date()) == 60)
      let yesterday = try #require(calendar.date(byAdding: .day, value: -1, to: today))
      #expect(await sum(from: yesterday, to: today) == 100)
      // The simulation's time zone's real midnight too (Berlin's, whatever the process's zone).
      let berlinToday = simulation.calendar.startOfDay(for: Date())
      #expect(await sum(from: berlinToday, to: Date()) == 60)
    }
  }

  /// The README's run (07:00 UTC, 20 minutes at 3 m/s, 12.6 kcal/min): today's active energy
  /// from the real clock's midnight is the run's 20 × 12.6 = 252 kcal at any real time of day.
  @Test func todaysEnergyFromTheRealMidnightIsTheReadmeRuns() async throws {
    let scenario = try decodeScenario(
      """
      {
        "version": 1,
        "name": "Steady run",
        "start": "2026-06-01T07:00:00Z",
        "athlete": { "age": 30, "massKg": 70, "restingHeartRate": 60, "vo2Max": 48.5 },
        "course": [{ "duration": "30:00", "speed": 3.0 }]
      }
      """, fileName: "steady-run.json")
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let manager = WorkoutManager()
      try await authorize(
        manager.store, share: [HKObjectType.workoutType()], read: [activeEnergy])
      try await manager.startWorkout(type: .running, delegate: nil, at: Date())
      try await simulation.advance(by: .seconds(1200))
      try await manager.endWorkout(at: Date())
      let predicate = HKQuery.predicateForSamples(
        withStart: Calendar.current.startOfDay(for: Date()), end: Date(), options: [])
      let (result, _) = await statistics(
        manager.store, simulation, activeEnergy, predicate: predicate, options: .cumulativeSum)
      let kcal = try #require(result?.sumQuantity()?.doubleValue(for: .kilocalorie()))
      #expect(abs(kcal - 252) < 1e-9)
    }
  }

  /// Which dates the rule calls the real clock: nearer the real clock than virtual now and
  /// within 400 days of it. The scenario starts on 2026-03-02, months from any day this runs.
  @Test func whichDatesAreTheRealClock() throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let now = SimulationInstant.zero
    #expect(simulation.isWallClockLeak(Date(), now: now))
    #expect(simulation.isWallClockLeak(Date().addingTimeInterval(-30 * 86_400), now: now))
    #expect(!simulation.isWallClockLeak(simulation.now, now: now))
    #expect(!simulation.isWallClockLeak(simulation.now.addingTimeInterval(-30 * 86_400), now: now))
    #expect(!simulation.isWallClockLeak(.distantFuture, now: now))
    #expect(!simulation.isWallClockLeak(.distantPast, now: now))
  }

  /// The marks: the instant current when the real clock showed a time, nothing before the
  /// first; an instant marked twice in a row is one mark; a real clock stepping back keeps the
  /// marks ordered (the later mark takes the earlier reading).
  @Test func realClockMarks() {
    var marks = RealClockMarks()
    marks.mark(.zero, real: 10)
    marks.mark(SimulationInstant(nanoseconds: 5_000_000_000), real: 11)
    marks.mark(SimulationInstant(nanoseconds: 5_000_000_000), real: 11.5)
    marks.mark(SimulationInstant(nanoseconds: 9_000_000_000), real: 12)
    #expect(marks.instant(atReal: 9.99) == nil)
    #expect(marks.instant(atReal: 10) == .zero)
    #expect(marks.instant(atReal: 10.5) == .zero)
    #expect(marks.instant(atReal: 11.7) == SimulationInstant(nanoseconds: 5_000_000_000))
    #expect(marks.instant(atReal: 100) == SimulationInstant(nanoseconds: 9_000_000_000))
    marks.mark(SimulationInstant(nanoseconds: 12_000_000_000), real: 11)
    #expect(marks.instant(atReal: 11.9) == SimulationInstant(nanoseconds: 5_000_000_000))
    #expect(marks.instant(atReal: 12) == SimulationInstant(nanoseconds: 12_000_000_000))
  }
}
