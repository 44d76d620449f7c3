import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The query fixes of review 29: a correlation type queried with one of its member types, the
/// electrocardiogram predicates of running queries, descriptor pages on a device whose samples
/// are still syncing, an in-progress activity's duration anywhere, and a running collection
/// query's buckets kept up to date by the buckets each change touches
/// (docs/swift-api.md#correlations-in-long-running-queries).
@Suite struct QueryFixTests {
  static let energy = HKQuantityType(.dietaryEnergyConsumed)
  static let food = HKCorrelationType(.food)

  /// An energy sample of `kilocalories` at `date`.
  static func kcal(_ kilocalories: Double, at date: Date) -> HKQuantitySample {
    HKQuantitySample(
      type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
      start: date, end: date)
  }

  /// A food correlation of one energy sample of `kilocalories` at `date`: the meal and its
  /// sample.
  static func meal(_ kilocalories: Double, at date: Date) -> (HKCorrelation, HKQuantitySample) {
    let sample = kcal(kilocalories, at: date)
    return (HKCorrelation(type: food, start: date, end: date, objects: [sample]), sample)
  }

  // MARK: - A correlation type with one of its member types

  /// A food log reads the food correlations and the energy samples in one query (it trapped):
  /// each part gives its own objects, as on a device. A 100 kcal snack alone and a 600 kcal
  /// lunch (one energy sample in a food correlation): the first batch is the snack, the lunch's
  /// sample (for the energy type) and the lunch (for the food type), in that order; a dinner
  /// saved later comes as its sample and itself, a lone 50 kcal sample as itself only, and
  /// the lunch's deletion as two deleted objects, its sample's and its own. The observer of
  /// the same two descriptors is told of both types for a meal and of energy alone for the
  /// lone sample.
  @Test func aFoodCorrelationAndItsEnergySamplesInOneQuery() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [Self.energy], read: [Self.energy])
      let now = simulation.now
      let snack = Self.kcal(100, at: now)
      let (lunch, lunchEnergy) = Self.meal(600, at: now)
      try await store.save(snack)
      try await store.save(lunch)
      let descriptors = [
        HKQueryDescriptor(sampleType: Self.food, predicate: nil),
        HKQueryDescriptor(sampleType: Self.energy, predicate: nil),
      ]
      let batches = Mutex<[(added: [UUID], deleted: [UUID])]>([])
      let handler: HKAnchoredObjectQuery.Handler = { _, added, deleted, _, _ in
        batches.withLock {
          $0.append(((added ?? []).map(\.uuid), (deleted ?? []).map(\.uuid)))
        }
      }
      let query = HKAnchoredObjectQuery(
        queryDescriptors: descriptors, anchor: nil, limit: HKObjectQueryNoLimit,
        resultsHandler: handler)
      query.updateHandler = handler
      let told = Mutex<[Set<String>]>([])
      let observer = HKObserverQuery(queryDescriptors: descriptors) {
        _, types, completion, _ in
        told.withLock { $0.append(Set((types ?? []).map(\.identifier))) }
        completion()
      }
      store.execute(query)
      store.execute(observer)
      await simulation.settle()
      let both: Set = [Self.food.identifier, Self.energy.identifier]
      #expect(batches.withLock { $0.map(\.added) } == [[snack.uuid, lunchEnergy.uuid, lunch.uuid]])
      #expect(told.withLock { $0 } == [both])

      let (dinner, dinnerEnergy) = Self.meal(700, at: now)
      try await store.save(dinner)
      await simulation.settle()
      #expect(batches.withLock { $0.last?.added } == [dinnerEnergy.uuid, dinner.uuid])
      #expect(told.withLock { $0.last } == both)

      let lone = Self.kcal(50, at: now)
      try await store.save(lone)
      await simulation.settle()
      #expect(batches.withLock { $0.last?.added } == [lone.uuid])
      #expect(told.withLock { $0.last } == [Self.energy.identifier])

      try await store.delete(lunch)
      await simulation.settle()
      #expect(batches.withLock { $0.count } == 4)
      #expect(batches.withLock { $0.last?.added } == [])
      #expect(batches.withLock { $0.last?.deleted } == [lunchEnergy.uuid, lunch.uuid])
      #expect(told.withLock { $0 } == [both, both, [Self.energy.identifier], both])
      store.stop(query)
      store.stop(observer)
    }
  }

  /// One-shot pages of the same two descriptors with a limit of 1: the snack, then the lunch's
  /// sample and the lunch together (one save, one place in the history: the two objects of one
  /// event come in one page, project rule), then nothing; every object once over the pages.
  @Test func pagesOfACorrelationTypeAndItsMemberType() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [Self.energy], read: [Self.energy])
      let snack = Self.kcal(100, at: simulation.now)
      let (lunch, lunchEnergy) = Self.meal(600, at: simulation.now)
      try await store.save(snack)
      try await store.save(lunch)
      func page(after anchor: HKQueryAnchor?) async -> ([UUID], HKQueryAnchor?)? {
        await result(store, simulation) { finish in
          HKAnchoredObjectQuery(
            queryDescriptors: [
              HKQueryDescriptor(sampleType: Self.food, predicate: nil),
              HKQueryDescriptor(sampleType: Self.energy, predicate: nil),
            ], anchor: anchor, limit: 1
          ) { _, added, _, anchor, _ in finish(((added ?? []).map(\.uuid), anchor)) }
        }
      }
      let one = try #require(await page(after: nil))
      #expect(one.0 == [snack.uuid])
      let two = try #require(await page(after: one.1))
      #expect(two.0 == [lunchEnergy.uuid, lunch.uuid])
      #expect(await page(after: two.1)?.0 == [])
    }
  }

  // MARK: - The update handler with a limit

  /// Apple's rule is in HealthKit's header (`HKAnchoredObjectQuery.h`: the update handler "may
  /// only be set if the query has no limit"): the trap stays, and its message quotes the
  /// rule and names what to write instead, the descriptor's `results(for:)` among them.
  @Test func theLimitedUpdateMessageQuotesTheRuleAndTheWayOut() {
    let message = HKAnchoredObjectQuery.limitedUpdateMessage(5)
    #expect(
      message.contains(
        "HKAnchoredObjectQuery.h: \"It may only be set if the query has no limit.\""))
    #expect(message.contains("this one's limit is 5"))
    #expect(message.contains("limit: HKObjectQueryNoLimit"))
    #expect(
      message.contains("HKAnchoredObjectQueryDescriptor(predicates:anchor:limit:).results(for:)"))
  }

  // MARK: - Electrocardiogram predicates in running queries

  /// Recordings of `classifications` (1 sinus rhythm, 2 atrial fibrillation), each 30 s long
  /// ending (and saved) at its offset in seconds from the start.
  static func ecgSimulation(_ recordings: [(classification: Int, end: Int64)]) throws
    -> HealthKitSimulation
  {
    let simulation = try observedDay(samples: "[]")
    let data = HealthData(
      sources: [
        HealthSource(kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health")
      ],
      samples: recordings.enumerated().map { index, recording in
        HealthSample(
          type: .electrocardiogram, source: 0, start: .seconds(recording.end - 30),
          end: .seconds(recording.end), value: Double(index))
      },
      electrocardiograms: recordings.map {
        HealthElectrocardiogram(
          classification: $0.classification, averageHeartRate: 72, samplingFrequency: 512,
          numberOfVoltageMeasurements: 15_360, seed: 5)
      }, priority: [0])
    simulation.state.withLock { $0.health = HealthStore(data: data, seed: 1) }
    return simulation
  }

  /// A running anchored query of sinus-rhythm recordings: at execute the one of an hour ago;
  /// the sinus-rhythm recording saved 60 s later comes as an update, the atrial fibrillation
  /// saved at 120 s does not (the predicate was frozen at execute: nothing came).
  @Test func aRunningQueryJudgesALaterRecordingByItsPredicate() async throws {
    let simulation = try Self.ecgSimulation([(1, -3570), (1, 60), (2, 120)])
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.electrocardiogramType()
      try await store.requestAuthorization(toShare: [], read: [type])
      let batches = Mutex<[(at: Double, count: Int)]>([])
      let handler: HKAnchoredObjectQuery.Handler = { _, added, _, _, _ in
        let at = simulation.now.timeIntervalSince(simulation.startDate)
        batches.withLock { $0.append((at, added?.count ?? -1)) }
      }
      let query = HKAnchoredObjectQuery(
        type: type, predicate: HKQuery.predicateForElectrocardiograms(classification: .sinusRhythm),
        anchor: nil, limit: HKObjectQueryNoLimit, resultsHandler: handler)
      query.updateHandler = handler
      store.execute(query)
      try await simulation.advance(by: .seconds(180))
      #expect(batches.withLock { $0.map(\.at) } == [0, 60])
      #expect(batches.withLock { $0.map(\.count) } == [1, 1])
      store.stop(query)
    }
  }

  // MARK: - Descriptor pages on a device

  /// The watch's descriptor with a limit of 2, iterated at 10.5 s: the watch's own sample of
  /// 5 s is the one page (short: the walk reached now); the phone's sample saved at 10 s is
  /// not on the watch yet (its sync arrives at 11 s), so it is in no page, and comes as the
  /// next result at 11 s (it never came: the page's anchor had moved past it).
  @Test func descriptorPagesOnTheWatchWaitForASampleStillSyncing() async throws {
    let simulation = try HealthKitSimulation(scenario: try DeviceStoreListenerTests.scenario())
    try await simulation.run {
      let (watchStore, phoneStore) = try await deviceStores(simulation, sharing: [steps])
      try await simulation.advance(to: noon(plus: 5))
      let own = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 7),
        start: noon(plus: 0), end: noon(plus: 5))
      try await watchStore.save(own)
      let synced = try await phoneSavesSteps(phoneStore, simulation)
      let results = Mutex<[(at: Double, added: [UUID])]>([])
      let (first, firstCame) = AsyncStream<Void>.makeStream()
      let reader = Task(executorPreference: simulation.taskExecutor) {
        for try await result in HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: nil, limit: 2
        ).results(for: watchStore) {
          let at = simulation.now.timeIntervalSince(simulation.startDate)
          results.withLock { $0.append((at, result.addedSamples.map(\.uuid))) }
          firstCame.yield()
        }
      }
      for await _ in first { break }
      try await simulation.advance(to: noon(plus: 30))
      reader.cancel()
      _ = try? await reader.value
      #expect(results.withLock { $0.map(\.at) } == [10.5, 11])
      #expect(results.withLock { $0.map(\.added) } == [[own.uuid], [synced.uuid]])
    }
  }

  // MARK: - An in-progress activity's duration

  /// An activity the app makes with no end runs from its start to the simulation's now: 90 s
  /// after 90 s, read in the run, on a Dispatch queue outside the run's task tree (it trapped
  /// there when several simulations had run at once), and after the run (it read `Date()`,
  /// months away from the scenario's dates).
  @Test func anInProgressActivityReadsItsSimulationsNowAnywhere() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let activity = try await simulation.run { () async throws -> HKWorkoutActivity in
      let activity = HKWorkoutActivity(
        workoutConfiguration: HKWorkoutConfiguration(), start: simulation.now, end: nil,
        metadata: nil)
      try await simulation.advance(by: .seconds(90))
      #expect(activity.duration == 90)
      let elsewhere = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: activity.duration) }
      }
      #expect(elsewhere == 90)
      return activity
    }
    #expect(activity.duration == simulation.now.timeIntervalSince(activity.startDate))
    #expect(activity.duration >= 90)
    #expect(activity.duration < 86_400)
  }

  // MARK: - A running collection query's buckets

  /// Heart rates every 30 s for 2 h from the start, sample i of 100 + (i mod 37) bpm saved at
  /// its end (240 samples that arrive one by one); the app saves a 200 bpm sample over the
  /// 45th minute's last 60 s and deletes it at 80 min. The running query's last collection,
  /// kept up to date bucket by bucket, equals a query's computed from scratch at the end,
  /// bucket for bucket (15-minute buckets: average, minimum and maximum).
  @Test func aLongRunsBucketsEqualTheOnesComputedFromScratch() async throws {
    let start = date("2026-03-30T10:00:00+02:00")
    let samples = (0..<240).map { index -> String in
      let from = start.addingTimeInterval(Double(index) * 30)
      let to = from.addingTimeInterval(30)
      let formatter = ISO8601DateFormatter()
      return """
        { "type": "heartRate", "source": "watch", "start": "\(formatter.string(from: from))",
          "end": "\(formatter.string(from: to))", "value": \(100 + index % 37) }
        """
    }
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[" + samples.joined(separator: ",") + "]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let options: HKStatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax]
      func query() -> HKStatisticsCollectionQuery {
        HKStatisticsCollectionQuery(
          quantityType: heartRate, quantitySamplePredicate: nil, options: options,
          anchorDate: start, intervalComponents: DateComponents(minute: 15))
      }
      let latest = Mutex<HKStatisticsCollection?>(nil)
      let updated = Mutex<[Date]>([])
      let running = query()
      running.initialResultsHandler = { _, collection, _ in latest.withLock { $0 = collection } }
      running.statisticsUpdateHandler = { _, statistics, collection, _ in
        latest.withLock { $0 = collection }
        if let statistics { updated.withLock { $0.append(statistics.startDate) } }
      }
      store.execute(running)
      try await simulation.advance(by: .seconds(45 * 60))
      let high = HKQuantitySample(
        type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 200),
        start: simulation.now.addingTimeInterval(-60), end: simulation.now)
      try await store.save(high)
      try await simulation.advance(by: .seconds(35 * 60))
      try await store.delete(high)
      try await simulation.advance(by: .seconds(60 * 60))
      store.stop(running)
      let fresh: HKStatisticsCollection?? = await result(store, simulation) { finish in
        let query = query()
        query.initialResultsHandler = { _, collection, _ in finish(collection) }
        return query
      }
      let scratch = try #require(fresh ?? nil).statistics()
      let kept = try #require(latest.withLock { $0 }).statistics()
      func values(_ list: [HKStatistics]) -> [[Double?]] {
        list.map { statistics in
          [
            statistics.startDate.timeIntervalSince(start),
            statistics.averageQuantity()?.doubleValue(for: bpm),
            statistics.minimumQuantity()?.doubleValue(for: bpm),
            statistics.maximumQuantity()?.doubleValue(for: bpm),
          ]
        }
      }
      // 2 h of 15-minute buckets, each of 30 samples of 100 + (i mod 37) bpm.
      #expect(scratch.count == 8)
      #expect(values(kept) == values(scratch))
      // The first bucket: i = 0…29, average (100 + … + 129) / 30 = 114.5.
      #expect(values(scratch).first == [0, 114.5, 100, 129])
      // 30–45 min: i = 60…89, i mod 37 = 23…36 then 0…15: the 200 bpm sample is gone, the
      // maximum is 136, the minimum 100, the average (23 + … + 36 + 0 + … + 15) / 30 + 100
      // = 3533 / 30.
      let third = values(kept)[2]
      #expect(third[0] == 1800)
      #expect(abs((third[1] ?? 0) - 3533.0 / 30) < 1e-9)
      #expect(Array(third[2...]) == [100, 136])
      // The updates named the buckets that changed: the 200 bpm sample's (30–45 min) among
      // them, none before the first.
      #expect(updated.withLock { $0.contains(start.addingTimeInterval(1800)) })
      #expect(updated.withLock { $0.allSatisfy { $0 >= start } })
    }
  }
}
