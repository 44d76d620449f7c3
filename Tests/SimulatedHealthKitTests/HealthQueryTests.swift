import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// Every query kind through the API on explicit samples, with the values worked out by hand.
@Suite struct HealthQueryTests {
  /// Two sources' steps the day before the scenario (2026-03-29, the 23-hour DST day in
  /// Berlin): the watch 600 over 10:00–10:10, the iPhone 500 over 10:05–10:15 (local, CEST).
  static let overlapping = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-03-29T10:00:00+02:00",
        "end": "2026-03-29T10:10:00+02:00", "value": 600 },
      { "type": "stepCount", "source": "iPhone", "start": "2026-03-29T10:05:00+02:00",
        "end": "2026-03-29T10:15:00+02:00", "value": 500 }
    ]
    """

  @Test func statisticsMergeTwoSourcesByPriorityAndSeparateBySource() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let day = HKQuery.predicateForSamples(
        withStart: date("2026-03-29T00:00:00+01:00"), end: date("2026-03-30T00:00:00+02:00"))
      let (result, error) = await statistics(
        store, simulation, steps, predicate: day, options: [.cumulativeSum, .separateBySource])
      #expect(error == nil)
      let statistics = try #require(result)
      // Watch first (the default priority): 10:00–10:10 watch 600; 10:10–10:15 only the iPhone
      // covers: 500 × 5/10 = 250. Merged 600 + 250 = 850.
      #expect(statistics.sumQuantity()?.doubleValue(for: .count()) == 850)
      let sources = try #require(statistics.sources)
      #expect(sources.map(\.name) == ["Apple Watch", "iPhone"])
      // Each source's own, unmerged sum.
      #expect(statistics.sumQuantity(for: sources[0])?.doubleValue(for: .count()) == 600)
      #expect(statistics.sumQuantity(for: sources[1])?.doubleValue(for: .count()) == 500)
    }
  }

  @Test func sampleQueriesShowEverySourceSortedAndLimited() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let all = await samples(store, simulation, steps)
      #expect(all.error == nil)
      #expect(all.samples?.count == 2)
      let latest = await samples(
        store, simulation, steps, limit: 1,
        sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)])
      let first = try #require(latest.samples?.first as? HKQuantitySample)
      #expect(latest.samples?.count == 1)
      // The latest start is the iPhone's, 10:05 local.
      #expect(first.startDate == date("2026-03-29T10:05:00+02:00"))
      #expect(first.quantity.doubleValue(for: .count()) == 500)
      #expect(first.sourceRevision.source.name == "iPhone")
      #expect(first.device?.name == "iPhone")
      let byKeyPath = await samples(
        store, simulation, steps,
        sort: [NSSortDescriptor(keyPath: \HKSample.endDate, ascending: true)])
      #expect(byKeyPath.samples?.map(\.sourceRevision.source.name) == ["Apple Watch", "iPhone"])
      #expect(byKeyPath.samples?.first?.device == HKDevice.local())
      // The same query twice gives the same deterministic UUIDs.
      let again = await samples(store, simulation, steps)
      #expect(again.samples?.map(\.uuid) == all.samples?.map(\.uuid))
    }
  }

  /// 120 steps over 23:50–00:10 across midnight into the scenario's day, 600 steps over
  /// 01:30 CET – 03:30 CEST on the DST day (one real hour), 100 steps at noon on 2026-03-28.
  static let days = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-03-28T12:00:00+01:00",
        "end": "2026-03-28T12:10:00+01:00", "value": 100 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-29T01:30:00+01:00",
        "end": "2026-03-29T03:30:00+02:00", "value": 600 },
      { "type": "stepCount", "source": "iPhone", "start": "2026-03-29T23:50:00+02:00",
        "end": "2026-03-30T00:10:00+02:00", "value": 120 }
    ]
    """

  @Test func dailyCollectionHasA23HourDSTDayAndSplitsTheStraddlingSample() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let anchor = date("2026-03-28T00:00:00+01:00")
      let query = HKStatisticsCollectionQuery(
        quantityType: steps,
        quantitySamplePredicate: HKQuery.predicateForSamples(
          withStart: anchor, end: date("2026-03-31T00:00:00+02:00")),
        options: .cumulativeSum, anchorDate: anchor,
        intervalComponents: DateComponents(day: 1))
      let box = Mutex<HKStatisticsCollection?>(nil)
      query.initialResultsHandler = { _, collection, _ in box.withLock { $0 = collection } }
      store.execute(query)
      await simulation.settle()
      let collection = try #require(box.withLock { $0 })
      var days: [(start: Date, hours: Double, sum: Double?)] = []
      // Through noon of the 30th: the last bucket is the one holding the end date (Apple), the
      // 30th (enumerating to the 31st's midnight would add the 31st's empty bucket:
      // QueryAuditTests.enumerateStatisticsIncludesTheBucketOfTheEndDate).
      collection.enumerateStatistics(
        from: anchor, to: date("2026-03-30T12:00:00+02:00")
      ) { statistics, _ in
        days.append(
          (
            statistics.startDate, statistics.endDate.timeIntervalSince(statistics.startDate) / 3600,
            statistics.sumQuantity()?.doubleValue(for: .count())
          ))
      }
      #expect(
        days.map(\.start) == [
          date("2026-03-28T00:00:00+01:00"), date("2026-03-29T00:00:00+01:00"),
          date("2026-03-30T00:00:00+02:00"),
        ])
      // 2026-03-29 in Berlin: 00:00 CET (23:00 UTC the day before) to 00:00 CEST (22:00 UTC):
      // 23 hours. The other days are 24.
      #expect(days.map(\.hours) == [24, 23, 24])
      // Mar 28: 100. Mar 29: 600 + the straddler's 10 of 20 minutes, 120 × 10/20 = 60 → 660.
      // Mar 30: the other 60.
      #expect(days.map(\.sum) == [100, 660, 60])
      #expect(collection.statistics().count == 3)
      let dst = try #require(collection.statistics(for: date("2026-03-29T12:00:00+02:00")))
      #expect(dst.sumQuantity()?.doubleValue(for: .count()) == 660)
    }
  }

  /// A 30-day and a monthly window anchored at local midnight across the DST change of
  /// 2026-03-29 in Europe/Berlin: the grid is the calendar's (anchor + k × components, in the
  /// scenario's time zone, as Apple's collection query is), so a bucket holding the change is
  /// an hour short (docs/health-store.md: "a DST day is 23 or 25 hours because the calendar
  /// says so, not the store"; fix23 checked the rule holds beyond one day).
  @Test func thirtyDayAndMonthlyWindowsAcrossTheDSTChangeAreAnHourShort() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let anchor = date("2026-03-01T00:00:00+01:00")
      func buckets(_ components: DateComponents) async throws -> [(Date, Double, Double?)] {
        let collection = try await HKStatisticsCollectionQueryDescriptor(
          predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: anchor,
          intervalComponents: components
        ).result(for: store)
        return collection.statistics().map {
          (
            $0.startDate, $0.endDate.timeIntervalSince($0.startDate) / 3600,
            $0.sumQuantity()?.doubleValue(for: .count())
          )
        }
      }
      // 30 days: 2026-03-01 00:00 CET to 2026-03-31 00:00 CEST, 30 × 24 − 1 = 719 hours; all
      // three samples (Mar 28 to Mar 30 00:10) in it: 100 + 600 + 120 = 820.
      let thirty = try await buckets(DateComponents(day: 30))
      #expect(thirty.map { $0.0 } == [anchor])
      #expect(thirty.map { $0.1 } == [719])
      #expect(thirty.map { $0.2 } == [820])
      // A month: March, 31 × 24 − 1 = 743 hours, the same 820.
      let month = try await buckets(DateComponents(month: 1))
      #expect(month.map { $0.0 } == [anchor])
      #expect(month.map { $0.1 } == [743])
      #expect(month.map { $0.2 } == [820])
    }
  }

  @Test func aSampleAstrideThePredicateGivesAPartialBucketOutsideIt() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let midnight = date("2026-03-30T00:00:00+02:00")
      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(
          type: steps, predicate: HKQuery.predicateForSamples(withStart: midnight, end: nil)),
        options: .cumulativeSum, anchorDate: midnight, intervalComponents: DateComponents(day: 1)
      ).result(for: store)
      // Only the 23:50–00:10 sample overlaps "from midnight"; split by time it gives 60 to the
      // day before (outside the predicate, as HealthKit's collection queries are observed to)
      // and 60 to today. The other samples of Mar 28 and 29 do not match.
      let buckets = collection.statistics()
      #expect(buckets.map(\.startDate) == [date("2026-03-29T00:00:00+01:00"), midnight])
      #expect(buckets.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [60, 60])
    }
  }

  @Test func statisticsQueryCountsAStraddlingSampleInFull() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      // Today from local midnight: the 23:50–00:10 sample overlaps it and counts whole (the
      // store's full-sample rule), 120, where the daily collection gives today 60.
      let today = HKQuery.predicateForSamples(
        withStart: date("2026-03-30T00:00:00+02:00"), end: simulation.now, options: [])
      let (result, _) = await statistics(
        store, simulation, steps, predicate: today, options: .cumulativeSum)
      #expect(result?.sumQuantity()?.doubleValue(for: .count()) == 120)
      // With .strictStartDate the sample (starting yesterday) does not match: no data.
      let strict = HKQuery.predicateForSamples(
        withStart: date("2026-03-30T00:00:00+02:00"), end: simulation.now,
        options: .strictStartDate)
      let (none, error) = await statistics(
        store, simulation, steps, predicate: strict, options: .cumulativeSum)
      #expect(none == nil)
      #expect(error?.code == .errorNoData)
      #expect(error?.localizedDescription == "No data available for the specified predicate.")
    }
  }

  @Test func aPredicateEndingAtTheWallClockEndsAtVirtualNow() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      // The seed app's `predicateForSamples(withStart: startOfDay, end: Date())`: Date() is the
      // real clock, months from virtual now, so it is read as virtual now (the wall-clock rule).
      let today = HKQuery.predicateForSamples(
        withStart: date("2026-03-30T00:00:00+02:00"), end: Date())
      let (result, _) = await statistics(
        store, simulation, steps, predicate: today, options: .cumulativeSum)
      #expect(result?.sumQuantity()?.doubleValue(for: .count()) == 120)
    }
    let entries = simulation.result.log.filter {
      if case .wallClockDate("predicateForSamples") = $0.kind { true } else { false }
    }
    #expect(entries.count == 1)
  }

  /// `predicateForSamples(withStart: Date() - 3600, end: Date())`: both dates are the real
  /// clock, read in one reading, one `wallClockDate` entry for the predicate (before, one per
  /// date: two).
  @Test func aPredicateOfTwoRealClockDatesIsOneEntry() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let lastHour = HKQuery.predicateForSamples(withStart: Date() - 3600, end: Date())
      _ = await statistics(store, simulation, steps, predicate: lastHour, options: .cumulativeSum)
    }
    let entries = simulation.result.log.filter {
      if case .wallClockDate("predicateForSamples") = $0.kind { true } else { false }
    }
    #expect(entries.count == 1)
  }

  /// Heart rate: 60 bpm and 90 bpm as point samples (zero duration) at 09:00 and 09:30 today.
  static let heartRates = """
    [
      { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
        "value": 60 },
      { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:30:00+02:00",
        "value": 90 }
    ]
    """

  @Test func discreteStatisticsAverageMinimumMaximumMostRecent() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.heartRates))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let (result, _) = await statistics(
        store, simulation, heartRate,
        options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent])
      let statistics = try #require(result)
      // Point samples: the arithmetic mean (60 + 90) / 2 = 75.
      #expect(statistics.averageQuantity()?.doubleValue(for: bpm) == 75)
      #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 60)
      #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 90)
      // The latest by end date: 90 at 09:30; in count/s that is 1.5.
      #expect(statistics.mostRecentQuantity()?.doubleValue(for: bpm) == 90)
      #expect(
        statistics.mostRecentQuantity()?.doubleValue(for: .count().unitDivided(by: .second()))
          == 1.5)
      #expect(
        statistics.mostRecentQuantityDateInterval()?.start == date("2026-03-30T09:30:00+02:00"))
      #expect(statistics.sumQuantity() == nil)
      #expect(statistics.sources == nil)
    }
  }

  @Test func predicatesOfSourcesQuantitiesAndCompounds() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let all = try #require(await samples(store, simulation, steps).samples)
      let watch = try #require(all.first { $0.sourceRevision.source.name == "Apple Watch" })
      let bySource = await samples(
        store, simulation, steps,
        predicate: HKQuery.predicateForObjects(from: watch.sourceRevision.source))
      #expect(bySource.samples?.map(\.uuid) == [watch.uuid])
      let byDevice = await samples(
        store, simulation, steps, predicate: HKQuery.predicateForObjects(from: [HKDevice.local()]))
      #expect(byDevice.samples?.map(\.uuid) == [watch.uuid])
      let byUUID = await samples(
        store, simulation, steps, predicate: HKQuery.predicateForObject(with: watch.uuid))
      #expect(byUUID.samples?.count == 1)
      // 600 > 550 > 500: only the watch's sample.
      let many = HKQuery.predicateForQuantitySamples(
        with: .greaterThan, quantity: HKQuantity(unit: .count(), doubleValue: 550))
      #expect(await samples(store, simulation, steps, predicate: many).samples?.count == 1)
      let none = NSCompoundPredicate(andPredicateWithSubpredicates: [
        many, HKQuery.predicateForObject(with: all.first { $0.uuid != watch.uuid }!.uuid),
      ])
      #expect(await samples(store, simulation, steps, predicate: none).samples?.isEmpty == true)
      let either = NSCompoundPredicate(orPredicateWithSubpredicates: [
        many, NSCompoundPredicate(notPredicateWithSubpredicate: many),
      ])
      #expect(await samples(store, simulation, steps, predicate: either).samples?.count == 2)
      #expect(
        await samples(store, simulation, steps, predicate: NSPredicate(value: false)).samples?
          .isEmpty == true)
    }
  }

  @Test func anchoredQueryReturnsChangesAndKeepsRunning() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let batches = Mutex<[(added: Int, deleted: [UUID])]>([])
      let anchors = Mutex<[HKQueryAnchor]>([])
      // No limit: HealthKit's update handler "may only be set if the query has no limit"
      // (anchoredUpdateHandlerWithALimitTraps).
      let query = HKAnchoredObjectQuery(
        type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
      ) {
        _, added, deleted, anchor, _ in
        batches.withLock { $0.append((added?.count ?? -1, deleted?.map(\.uuid) ?? [])) }
        if let anchor { anchors.withLock { $0.append(anchor) } }
      }
      query.updateHandler = { _, added, deleted, anchor, _ in
        batches.withLock { $0.append((added?.count ?? -1, deleted?.map(\.uuid) ?? [])) }
        if let anchor { anchors.withLock { $0.append(anchor) } }
      }
      store.execute(query)
      await simulation.settle()
      // The first results: both samples of the scenario.
      #expect(batches.withLock { $0.map(\.added) } == [2])
      let mine = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 42),
        start: simulation.now.addingTimeInterval(-60), end: simulation.now)
      try await store.save(mine)
      await simulation.settle()
      // The update gets everything since the anchor: the app's own sample.
      #expect(batches.withLock { $0.map(\.added) } == [2, 1])
      try await store.delete(mine)
      await simulation.settle()
      #expect(batches.withLock { $0.last?.deleted } == [mine.uuid])
      store.stop(query)
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1),
          start: simulation.now, end: simulation.now))
      await simulation.settle()
      #expect(batches.withLock { $0.count } == 3)
      // A new query from the last anchor sees only the sample saved after the stop.
      let last = try #require(anchors.withLock { $0.last })
      let later: Int? = await result(store, simulation) { finish in
        HKAnchoredObjectQuery(
          type: steps, predicate: nil, anchor: last, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in finish(added?.count ?? -1) }
      }
      #expect(later == 1)
    }
  }

  @Test func collectionUpdateHandlerHearsArrivingSamples() async throws {
    // A watch sample of 300 steps over 0:05–0:10 reaches the phone's store at 0:20.
    let arriving = """
      [ { "type": "stepCount", "source": "watch", "start": 300, "end": 600, "value": 300,
          "savedAt": 1200 } ]
      """
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: arriving))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let midnight = date("2026-03-30T00:00:00+02:00")
      let query = HKStatisticsCollectionQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
        anchorDate: midnight, intervalComponents: DateComponents(day: 1))
      let initial = Mutex<Int?>(nil)
      let updates = Mutex<[(Date, Double?, Date)]>([])
      query.initialResultsHandler = { _, collection, _ in
        initial.withLock { $0 = collection?.statistics().count }
      }
      query.statisticsUpdateHandler = { _, statistics, _, _ in
        guard let statistics else { return }
        updates.withLock {
          $0.append(
            (
              statistics.startDate, statistics.sumQuantity()?.doubleValue(for: .count()),
              simulation.now
            ))
        }
      }
      store.execute(query)
      try await simulation.advance(by: .seconds(30 * 60))
      #expect(initial.withLock { $0 } == 0)
      let heard = updates.withLock { $0 }
      #expect(heard.count == 1)
      #expect(heard.first?.0 == midnight)
      #expect(heard.first?.1 == 300)
      // Delivered at the arrival instant, t = 1200 s.
      #expect(heard.first?.2 == simulation.startDate.addingTimeInterval(1200))
      store.stop(query)
    }
  }

  @Test func queriesFailWhileThePhoneIsLocked() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: Self.overlapping, lock: #"[{ "from": -60, "to": 600 }]"#))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let locked = await samples(store, simulation, steps)
      #expect(locked.samples == nil)
      #expect(locked.error?.code == .errorDatabaseInaccessible)
      #expect(locked.error?.localizedDescription == "Protected health data is inaccessible")
      await #expect(throws: HKError.self) {
        _ = try await HKStatisticsQueryDescriptor(
          predicate: .quantitySample(type: steps), options: .cumulativeSum
        ).result(for: store)
      }
      try await simulation.advance(by: .seconds(600))
      #expect(await samples(store, simulation, steps).samples?.count == 2)
    }
  }

  @Test func asyncDescriptorsGiveTheClassQueriesResults() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let sorted = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: steps)],
        sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)], limit: 2
      ).result(for: store)
      #expect(sorted.map { $0.quantity.doubleValue(for: .count()) } == [120, 600])
      let total = try await HKStatisticsQueryDescriptor(
        predicate: .quantitySample(type: steps), options: .cumulativeSum
      ).result(for: store)
      // 100 + 600 + 120.
      #expect(total?.sumQuantity()?.doubleValue(for: .count()) == 820)
      let empty = try await HKStatisticsQueryDescriptor(
        predicate: .quantitySample(type: heartRate), options: .discreteAverage
      ).result(for: store)
      #expect(empty == nil)
      let anchor = date("2026-03-28T00:00:00+01:00")
      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: anchor,
        intervalComponents: DateComponents(day: 1)
      ).result(for: store)
      #expect(
        collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [
          100, 660, 60,
        ])
      let changes = try await HKAnchoredObjectQueryDescriptor(
        predicates: [.quantitySample(type: steps)], anchor: nil
      ).result(for: store)
      #expect(changes.addedSamples.count == 3)
      #expect(changes.deletedObjects.isEmpty)
      let none = try await HKAnchoredObjectQueryDescriptor(
        predicates: [.quantitySample(type: steps)], anchor: changes.newAnchor
      ).result(for: store)
      #expect(none.addedSamples.isEmpty)
    }
  }

  @Test func finishedWorkoutsLandInTheStore() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(120))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let finished = try #require(try await builder.finishWorkout())
      let found = await samples(store, simulation, HKObjectType.workoutType())
      #expect(found.samples?.count == 1)
      #expect(found.samples?.first === finished)
      let running = await samples(
        store, simulation, HKObjectType.workoutType(),
        predicate: HKQuery.predicateForWorkouts(with: .running))
      #expect(running.samples?.count == 1)
      let cycling = await samples(
        store, simulation, HKObjectType.workoutType(),
        predicate: HKQuery.predicateForWorkouts(with: .cycling))
      #expect(cycling.samples?.isEmpty == true)
      // Active time: 120 s of collection, no pause.
      #expect(finished.duration == 120)
      let longer = await samples(
        store, simulation, HKObjectType.workoutType(),
        predicate: HKQuery.predicateForWorkouts(with: .greaterThan, duration: 60))
      #expect(longer.samples?.count == 1)
      let shorter = await samples(
        store, simulation, HKObjectType.workoutType(),
        predicate: HKQuery.predicateForWorkouts(with: .lessThan, duration: 60))
      #expect(shorter.samples?.isEmpty == true)
      // The record's HKIndoorWorkout metadata (an outdoor run: false).
      let tagged = await samples(
        store, simulation, HKObjectType.workoutType(),
        predicate: HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyIndoorWorkout))
      #expect(tagged.samples?.count == 1)
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5), start: simulation.now,
          end: simulation.now, metadata: ["origin": "test"]))
      let mine = await samples(
        store, simulation, steps, predicate: HKQuery.predicateForObjects(withMetadataKey: "origin"))
      #expect(mine.samples?.count == 1)
      let other = await samples(
        store, simulation, steps, predicate: HKQuery.predicateForObjects(withMetadataKey: "other"))
      #expect(other.samples?.isEmpty == true)
    }
  }
}
