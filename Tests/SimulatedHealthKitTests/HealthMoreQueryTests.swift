import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// Sleep, the configurable merge priority, per-source buckets and durations, through the API.
@Suite struct HealthMoreQueryTests {
  /// Last night from the watch: in bed 22:30–23:00, core 23:00–00:30, deep 00:30–01:30, awake
  /// 01:30–01:40, REM 01:40–02:40 (local, CEST, the night into the scenario's day).
  static let night = """
    [
      { "source": "watch", "start": "2026-03-29T22:30:00+02:00",
        "end": "2026-03-29T23:00:00+02:00", "stage": "inBed" },
      { "source": "watch", "start": "2026-03-29T23:00:00+02:00",
        "end": "2026-03-30T00:30:00+02:00", "stage": "asleepCore" },
      { "source": "watch", "start": "2026-03-30T00:30:00+02:00",
        "end": "2026-03-30T01:30:00+02:00", "stage": "asleepDeep" },
      { "source": "watch", "start": "2026-03-30T01:30:00+02:00",
        "end": "2026-03-30T01:40:00+02:00", "stage": "awake" },
      { "source": "watch", "start": "2026-03-30T01:40:00+02:00",
        "end": "2026-03-30T02:40:00+02:00", "stage": "asleepREM" }
    ]
    """

  @Test func lastNightsSleepByAsleepValues() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]", sleep: Self.night))
    try await simulation.run {
      let store = HKHealthStore()
      let sleep = HKCategoryType(.sleepAnalysis)
      try await store.requestAuthorization(toShare: [], read: [sleep])
      let asleep = HKQuery.predicateForCategorySamples(
        valueIn: Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue)))
      let evening = HKQuery.predicateForSamples(
        withStart: date("2026-03-29T18:00:00+02:00"), end: simulation.now)
      let found = await samples(
        store, simulation, sleep,
        predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [evening, asleep]),
        sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
      let stages = try #require(found.samples as? [HKCategorySample])
      #expect(stages.map(\.value) == [3, 4, 5])
      // Asleep: core 90 min + deep 60 + REM 60 = 210 min = 3.5 h (in bed and awake excluded).
      let seconds = stages.reduce(0) { $0 + $1.endDate.timeIntervalSince($1.startDate) }
      #expect(seconds / 3600 == 3.5)
      let awake = await samples(
        store, simulation, sleep,
        predicate: HKQuery.predicateForCategorySamples(
          with: .equalTo, value: HKCategoryValueSleepAnalysis.awake.rawValue))
      #expect(awake.samples?.count == 1)
    }
  }

  /// `HKCategoryValuePredicateProviding`, as sleep apps write it: the app saves one sample of
  /// each of the six sleep values plus a second core stage, and a sample query with
  /// `predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)` finds exactly the asleep ones.
  @Test func theAsleepValuesPredicateFindsTheAsleepSamples() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let sleep = HKCategoryType(.sleepAnalysis)
      try await store.requestAuthorization(toShare: [sleep], read: [sleep])
      let now = simulation.now
      // Values in save order: inBed 0, asleepUnspecified 1, awake 2, asleepCore 3,
      // asleepDeep 4, asleepREM 5, asleepCore 3; ten minutes each, oldest first.
      let values: [HKCategoryValueSleepAnalysis] = [
        .inBed, .asleepUnspecified, .awake, .asleepCore, .asleepDeep, .asleepREM, .asleepCore,
      ]
      try await store.save(
        values.enumerated().map { index, value in
          HKCategorySample(
            type: sleep, value: value.rawValue,
            start: now.addingTimeInterval(Double(index - 7) * 600),
            end: now.addingTimeInterval(Double(index - 6) * 600))
        })
      let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(
        equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)
      let found = await samples(
        store, simulation, sleep, predicate: asleep,
        sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
      // Counted by hand: 7 saved, minus inBed and awake = 5, values 1, 3, 4, 5, 3 in time order.
      let stages = try #require(found.samples as? [HKCategorySample])
      #expect(stages.map(\.value) == [1, 3, 4, 5, 3])
      // The operator form: fewer than asleepCore (3) is inBed 0, asleepUnspecified 1, awake 2.
      let light = await samples(
        store, simulation, sleep,
        predicate: HKCategoryValueSleepAnalysis.predicateForSamples(.lessThan, value: .asleepCore),
        sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
      #expect(light.samples?.compactMap { ($0 as? HKCategorySample)?.value } == [0, 1, 2])
      // An empty set matches nothing.
      let none = await samples(
        store, simulation, sleep,
        predicate: HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: []))
      #expect(none.samples?.isEmpty == true)
    }
  }

  /// The helpers with Foundation's operator type, as apps that keep the operator in a variable
  /// write them: an `NSComparisonPredicate.Operator` picks the comparison by its raw value
  /// (equalTo 4 finds the one awake stage, 2; greaterThan 2 with asleepCore 3 finds deep 4 and
  /// REM 5), and makes the same predicate as the literal form.
  @available(*, deprecated, message: "swift-corelibs-foundation deprecates NSComparisonPredicate")
  @Test func foundationsOperatorTypeIsAccepted() async throws {
    let equal: NSComparisonPredicate.Operator = .equalTo
    let greater: NSComparisonPredicate.Operator = .greaterThan
    let quantity = HKQuantity(unit: .count(), doubleValue: 100)
    #expect(
      HKQuery.predicateForQuantitySamples(with: greater, quantity: quantity)
        == HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: quantity))
    #expect(
      HKQuery.predicateForWorkouts(with: greater, duration: 600)
        == HKQuery.predicateForWorkouts(with: .greaterThan, duration: 600))
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]", sleep: Self.night))
    try await simulation.run {
      let store = HKHealthStore()
      let sleep = HKCategoryType(.sleepAnalysis)
      try await store.requestAuthorization(toShare: [], read: [sleep])
      let awake = await samples(
        store, simulation, sleep,
        predicate: HKQuery.predicateForCategorySamples(
          with: equal, value: HKCategoryValueSleepAnalysis.awake.rawValue))
      #expect(awake.samples?.compactMap { ($0 as? HKCategorySample)?.value } == [2])
      let deeper = await samples(
        store, simulation, sleep,
        predicate: HKCategoryValueSleepAnalysis.predicateForSamples(greater, value: .asleepCore),
        sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
      #expect(deeper.samples?.compactMap { ($0 as? HKCategorySample)?.value } == [4, 5])
    }
  }

  @Test func thePriorityDecidesTheMerge() async throws {
    // The iPhone first: 10:05–10:15 iPhone 500; 10:00–10:05 only the watch: 600 × 5/10 = 300.
    // Merged 800 (watch first it is 850).
    let text = try healthScenario(samples: HealthQueryTests.overlapping)
    var scenario = text
    scenario.health?.priority = ["iPhone", "watch"]
    let simulation = try HealthKitSimulation(scenario: scenario)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let (result, _) = await statistics(
        store, simulation, steps, options: [.cumulativeSum, .duration])
      #expect(result?.sumQuantity()?.doubleValue(for: .count()) == 800)
      // The merged time covered: 10:00–10:15, 900 s.
      #expect(result?.duration()?.doubleValue(for: .second()) == 900)
    }
  }

  @Test func anOpenEndedPredicateComputesOnlyTheBucketsWithSamples() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.days))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(
          type: steps,
          predicate: HKQuery.predicateForSamples(withStart: .distantPast, end: .distantFuture)),
        options: .cumulativeSum, anchorDate: date("2026-03-30T00:00:00+02:00"),
        intervalComponents: DateComponents(day: 1)
      ).result(for: store)
      // Mar 28: 100, Mar 29 (23 h): 600 + 60, Mar 30: 60.
      #expect(
        collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [
          100, 660, 60,
        ])
      let before = try #require(collection.statistics(for: date("2020-01-01T12:00:00+01:00")))
      #expect(before.sumQuantity() == nil)
      #expect(before.startDate == date("2020-01-01T00:00:00+01:00"))
    }
  }

  @Test func descriptorResultsFollowArrivingSamples() async throws {
    // 300 steps over 0:05–0:10 reach the store at 0:20 (t = 1200 s).
    let arriving = """
      [ { "type": "stepCount", "source": "watch", "start": 300, "end": 600, "value": 300,
          "savedAt": 1200 } ]
      """
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: arriving))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let seen = Mutex<[(updated: Int?, sum: Double?)]>([])
      let changes = Mutex<[Int]>([])
      let descriptor = HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: steps), options: .cumulativeSum,
        anchorDate: date("2026-03-30T00:00:00+02:00"), intervalComponents: DateComponents(day: 1))
      // On the simulation's lane, so that `advance` waits until they are iterating.
      let sums = Task(executorPreference: simulation.taskExecutor) {
        for try await result in descriptor.results(for: store) {
          let today = result.statisticsCollection.statistics().first
          seen.withLock {
            $0.append(
              (result.updatedStatistics?.count, today?.sumQuantity()?.doubleValue(for: .count())))
          }
          if seen.withLock({ $0.count }) == 2 { return }
        }
      }
      let anchored = Task(executorPreference: simulation.taskExecutor) {
        for try await result in HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: nil
        ).results(for: store) {
          changes.withLock { $0.append(result.addedSamples.count) }
          if changes.withLock({ $0.count }) == 2 { return }
        }
      }
      // Both sequences start (their first results delivered) before time moves: `advance`
      // settles its first instant.
      try await simulation.advance(by: .seconds(30 * 60))
      try await sums.value
      try await anchored.value
      // First the empty collection (no update list), then the day's bucket with 300.
      #expect(seen.withLock { $0.map(\.updated) } == [nil, 1])
      #expect(seen.withLock { $0.map(\.sum) } == [nil, 300])
      // No sample at first, then the arrival.
      #expect(changes.withLock { $0 } == [0, 1])
    }
  }

  @Test func oneAnchoredQueryForSeveralTypes() async throws {
    let both =
      String(HealthQueryTests.overlapping.dropLast(2)) + ","
      + String(HealthQueryTests.heartRates.dropFirst(2))
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: both))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let batches = Mutex<[[String]]>([])
      let handler: HKAnchoredObjectQuery.Handler = { _, added, _, _, _ in
        batches.withLock { $0.append(added?.map(\.sampleType.identifier) ?? []) }
      }
      let query = HKAnchoredObjectQuery(
        queryDescriptors: [
          HKQueryDescriptor(sampleType: steps, predicate: nil),
          HKQueryDescriptor(sampleType: heartRate, predicate: nil),
        ], anchor: nil, limit: HKObjectQueryNoLimit, resultsHandler: handler)
      query.updateHandler = handler
      store.execute(query)
      await simulation.settle()
      try await store.save(
        HKQuantitySample(
          type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 80),
          start: simulation.now, end: simulation.now))
      await simulation.settle()
      store.stop(query)
      // In arrival order: yesterday's two step samples, then this morning's two heart rates; then
      // the app's heart rate.
      let stepID = steps.identifier
      let rateID = heartRate.identifier
      #expect(batches.withLock { $0 } == [[stepID, stepID, rateID, rateID], [rateID]])
    }
  }

  @Test func hourlyBucketsSeparatedBySource() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let anchor = date("2026-03-29T10:00:00+02:00")
      let collection = try await HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: steps), options: [.cumulativeSum, .separateBySource],
        anchorDate: anchor, intervalComponents: DateComponents(minute: 10)
      ).result(for: store)
      let buckets = collection.statistics()
      // 10:00–10:10: the watch's 600 and the iPhone's first half, 250; merged the watch wins:
      // 600. 10:10–10:20: the iPhone's second half, 250.
      #expect(buckets.map(\.startDate) == [anchor, anchor.addingTimeInterval(600)])
      #expect(buckets.map { $0.sumQuantity()?.doubleValue(for: .count()) } == [600, 250])
      let names = collection.sources().map(\.name).sorted()
      #expect(names == ["Apple Watch", "iPhone"])
      let iPhone = try #require(collection.sources().first { $0.name == "iPhone" })
      #expect(
        buckets.map { $0.sumQuantity(for: iPhone)?.doubleValue(for: .count()) } == [250, 250])
      var stopped: [Date] = []
      collection.enumerateStatistics(from: anchor, to: anchor.addingTimeInterval(3600)) {
        statistics, stop in
        stopped.append(statistics.startDate)
        if stopped.count == 3 { stop.pointee = true }
      }
      // Empty buckets are enumerated too, until `stop`.
      #expect(stopped.count == 3)
    }
  }
}
