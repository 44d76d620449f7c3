import Foundation
import Synchronization
import Testing
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The query fixes of audit 29: correlation types in long-running queries, several predicates
/// of one sample query, the last bucket of `enumerateStatistics`, an anchored query's limit
/// with an update handler, a running collection query's device view, `stop` before `execute`,
/// the electrocardiogram predicates, the new workout sort keys and background delivery of a
/// correlation type (docs/swift-api.md#correlations-in-long-running-queries).
@Suite struct QueryAuditTests {
  static let systolic = CorrelationAndSourceTests.systolic

  /// Saves a systolic reading of 135 mmHg outside any correlation at the simulation's now and
  /// settles: a member type's sample that a correlation-type query must not deliver.
  static func saveLoneSystolic(_ store: HKHealthStore, in simulation: HealthKitSimulation)
    async throws
  {
    try await store.save(
      HKQuantitySample(
        type: systolic,
        quantity: HKQuantity(unit: CorrelationAndSourceTests.mmHg, doubleValue: 135),
        start: simulation.now, end: simulation.now))
    await simulation.settle()
  }
  static let diastolic = CorrelationAndSourceTests.diastolic
  static let pressure = CorrelationAndSourceTests.pressure

  /// Three watch step samples of 10, 20 and 30 steps an hour before the start (10:00), saved
  /// at their ends.
  static let threeSteps = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
        "end": "2026-03-30T09:01:00+02:00", "value": 10 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T09:01:00+02:00",
        "end": "2026-03-30T09:02:00+02:00", "value": 20 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-30T09:02:00+02:00",
        "end": "2026-03-30T09:03:00+02:00", "value": 30 }
    ]
    """

  /// A store that may share and read systolic and diastolic blood pressure (never the
  /// correlation type: HealthKit refuses to authorize it).
  static func pressureStore() async throws -> HKHealthStore {
    let store = HKHealthStore()
    try await store.requestAuthorization(
      toShare: [systolic, diastolic], read: [systolic, diastolic])
    return store
  }

  // MARK: - 1. Correlation types in anchored and observer queries

  /// An anchored query of `HKCorrelationType(.bloodPressure)` with systolic and diastolic read
  /// granted: no error (it was `errorAuthorizationNotDetermined`, code 5), an empty first
  /// batch, then the saved correlation (one object, the correlation itself, not its two
  /// samples), then its deletion as one `HKDeletedObject` of the correlation's UUID. A lone
  /// systolic sample saved in between is no correlation: no update.
  @Test func anAnchoredQueryOfACorrelationTypeGetsItsCorrelations() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = try await Self.pressureStore()
      let batches = Mutex<[(added: [UUID], deleted: [UUID], error: Int?)]>([])
      let handler: HKAnchoredObjectQuery.Handler = { _, added, deleted, _, error in
        batches.withLock {
          $0.append(
            (
              (added ?? []).map(\.uuid), (deleted ?? []).map(\.uuid),
              (error as? HKError)?.code.rawValue
            ))
        }
      }
      let query = HKAnchoredObjectQuery(
        type: Self.pressure, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit,
        resultsHandler: handler)
      query.updateHandler = handler
      store.execute(query)
      await simulation.settle()
      #expect(batches.withLock { $0.map(\.error) } == [nil])
      #expect(batches.withLock { $0.first?.added } == [])

      let correlation = CorrelationAndSourceTests.bloodPressure(at: simulation.now)
      try await store.save(correlation)
      await simulation.settle()
      #expect(batches.withLock { $0.count } == 2)
      #expect(batches.withLock { $0.last?.added } == [correlation.uuid])

      try await Self.saveLoneSystolic(store, in: simulation)
      #expect(batches.withLock { $0.count } == 2)

      try await store.delete(correlation)
      await simulation.settle()
      #expect(batches.withLock { $0.count } == 3)
      #expect(batches.withLock { $0.last?.deleted } == [correlation.uuid])
      #expect(batches.withLock { $0.last?.added } == [])
      store.stop(query)
    }
  }

  /// A one-shot anchored query of blood pressure counts correlations against its limit: two
  /// correlations saved (four samples), a limit of 1 gives the first, the page from its anchor
  /// the second, the page after that nothing.
  @Test func aCorrelationAnchoredQueryPagesByCorrelation() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = try await Self.pressureStore()
      let first = CorrelationAndSourceTests.bloodPressure(at: simulation.now, 120, 80)
      let second = CorrelationAndSourceTests.bloodPressure(
        at: simulation.now.addingTimeInterval(1), 130, 85)
      try await store.save(first)
      try await store.save(second)
      func page(after anchor: HKQueryAnchor?) async -> ([UUID], HKQueryAnchor?)? {
        await result(store, simulation) { finish in
          HKAnchoredObjectQuery(type: Self.pressure, predicate: nil, anchor: anchor, limit: 1) {
            _, added, _, anchor, _ in finish(((added ?? []).map(\.uuid), anchor))
          }
        }
      }
      let one = try #require(await page(after: nil))
      #expect(one.0 == [first.uuid])
      let two = try #require(await page(after: one.1))
      #expect(two.0 == [second.uuid])
      #expect(await page(after: two.1)?.0 == [])
    }
  }

  /// An observer of blood pressure: called once at `execute`, then at the correlation's save
  /// and at its deletion (it was never called again: the correlation type has no store kind);
  /// a lone systolic sample is no blood pressure: no call.
  @Test func anObserverOfACorrelationTypeHearsItsSavesAndDeletions() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = try await Self.pressureStore()
      let calls = Mutex(0)
      store.execute(
        HKObserverQuery(sampleType: Self.pressure, predicate: nil) { _, completion, _ in
          calls.withLock { $0 += 1 }
          completion()
        })
      await simulation.settle()
      #expect(calls.withLock { $0 } == 1)
      let correlation = CorrelationAndSourceTests.bloodPressure(at: simulation.now)
      try await store.save(correlation)
      await simulation.settle()
      #expect(calls.withLock { $0 } == 2)
      try await Self.saveLoneSystolic(store, in: simulation)
      #expect(calls.withLock { $0 } == 2)
      try await store.delete(correlation)
      await simulation.settle()
      #expect(calls.withLock { $0 } == 3)
    }
  }

  /// A correlation type and one of its member types in one query no longer trap: the store
  /// kinds a blood pressure part reads are its two members' (QueryFixTests has the queries).
  @Test func aCorrelationTypeReadsItsMembersKinds() throws {
    let systolic = try #require(
      HealthDataType(identifier: "HKQuantityTypeIdentifierBloodPressureSystolic"))
    let diastolic = try #require(
      HealthDataType(identifier: "HKQuantityTypeIdentifierBloodPressureDiastolic"))
    #expect(HKCorrelationType(.bloodPressure).queriedKinds() == [systolic, diastolic])
    #expect(Self.systolic.queriedKinds() == [systolic])
  }

  // MARK: - 2. Several predicates of one sample query

  /// Two predicates that both match the 20-step sample (all steps; that sample's UUID): the
  /// descriptor gives it once (it gave it twice), 3 samples in all; with a limit of 3 the
  /// duplicate no longer pushes the third sample out.
  @Test func aSampleQueryDescriptorGivesEachSampleOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.threeSteps))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let all = try await queriedSamples(store, steps)
      #expect(all.count == 3)
      let twenty = try #require(
        all.first { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 20 })
      let found = try await HKSampleQueryDescriptor(
        predicates: [
          .quantitySample(type: steps),
          .quantitySample(type: steps, predicate: HKQuery.predicateForObject(with: twenty.uuid)),
        ],
        sortDescriptors: [SortDescriptor(\.startDate)], limit: 3
      ).result(for: store)
      // By start: 10 (09:00), 20 (09:01), 30 (09:02), each once.
      #expect(found.map { $0.quantity.doubleValue(for: .count()) } == [10, 20, 30])
    }
  }

  /// `HKSampleQuery(queryDescriptors:limit:sortDescriptors:resultsHandler:)` (iOS 15): the
  /// union of steps and heart rate, newest first, at most 2; the form without sort
  /// descriptors gives every matching sample once.
  @Test func aSampleQueryOfSeveralDescriptors() async throws {
    // The three step samples and a heart rate of 72 count/min at 09:05.
    let heart = """
      { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:05:00+02:00",
        "end": "2026-03-30T09:05:00+02:00", "value": 72 }
      """
    let samplesJSON =
      String(Self.threeSteps.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()) + ", "
      + heart + "]"
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: samplesJSON))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let descriptors = [
        HKQueryDescriptor(sampleType: steps, predicate: nil),
        HKQueryDescriptor(sampleType: heartRate, predicate: nil),
        HKQueryDescriptor(sampleType: steps, predicate: nil),
      ]
      let newest: [String]? = await result(store, simulation) { finish in
        HKSampleQuery(
          queryDescriptors: descriptors, limit: 2,
          sortDescriptors: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)]
        ) { _, samples, _ in finish((samples ?? []).map(\.sampleType.identifier)) }
      }
      // 09:05 heart rate, then the 09:02 steps.
      #expect(
        newest == [
          "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount",
        ])
      let every: Int? = await result(store, simulation) { finish in
        HKSampleQuery(queryDescriptors: descriptors, limit: HKObjectQueryNoLimit) {
          _, samples, _ in finish(samples?.count ?? -1)
        }
      }
      // 3 step samples and 1 heart rate, the steps descriptor twice: 4.
      #expect(every == 4)
    }
  }

  // MARK: - 3. enumerateStatistics includes the end date's bucket

  /// Daily buckets from midnight 30 March: enumerating from that midnight to the next one
  /// visits 2 buckets (the one holding the end date too, Apple: "The final statistics come
  /// from the time interval that contains the end date"); from and to the same midnight, 1.
  @Test func enumerateStatisticsIncludesTheBucketOfTheEndDate() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.threeSteps))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let midnight = date("2026-03-30T00:00:00+02:00")
      let next = date("2026-03-31T00:00:00+02:00")
      let query = HKStatisticsCollectionQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
        anchorDate: midnight, intervalComponents: DateComponents(day: 1))
      let collection = Mutex<HKStatisticsCollection?>(nil)
      query.initialResultsHandler = { _, found, _ in collection.withLock { $0 = found } }
      store.execute(query)
      await simulation.settle()
      let buckets = try #require(collection.withLock { $0 })
      var starts: [Date] = []
      var sums: [Double?] = []
      buckets.enumerateStatistics(from: midnight, to: next) { statistics, _ in
        starts.append(statistics.startDate)
        sums.append(statistics.sumQuantity()?.doubleValue(for: .count()))
      }
      #expect(starts == [midnight, next])
      // 10 + 20 + 30 = 60 steps on the 30th, none on the 31st.
      #expect(sums == [60, nil])
      var same = 0
      buckets.enumerateStatistics(from: midnight, to: midnight) { _, _ in same += 1 }
      #expect(same == 1)
    }
  }

  // MARK: - 4. An anchored query's limit and its update handler

  /// HealthKit's header: the update handler "may only be set if the query has no limit".
  @Test func anchoredUpdateHandlerWithALimitTraps() async {
    await #expect(processExitsWith: .failure) {
      let query = HKAnchoredObjectQuery(
        type: HKQuantityType(.stepCount), predicate: nil, anchor: nil, limit: 2
      ) { _, _, _, _, _ in }
      query.updateHandler = { _, _, _, _, _ in }
    }
    #expect(
      HKAnchoredObjectQuery.limitedUpdateMessage(2).hasPrefix(
        "HKAnchoredObjectQuery: updateHandler may only be set if the query has no limit"))
  }

  /// The descriptor's `results(for:)` with a limit of 2 over 3 samples: a result of 2, then at
  /// once (no other change in the store) a result of 1; it waited for an unrelated change.
  @Test func descriptorResultsWithALimitDeliverEveryPageAtOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.threeSteps))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let pages = Mutex<[Int]>([])
      let reader = Task(executorPreference: simulation.taskExecutor) {
        for try await result in HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: nil, limit: 2
        ).results(for: store) {
          pages.withLock { $0.append(result.addedSamples.count) }
          if pages.withLock({ $0.count }) == 2 { return }
        }
      }
      try await simulation.advance(by: .seconds(1))
      reader.cancel()
      _ = try? await reader.value
      #expect(pages.withLock { $0 } == [2, 1])
    }
  }

  /// Dose events in pages too: dose 1 (an hour before the start) and a dose logged at the
  /// start are there at `execute`; a limit of 1 gives [dose 1], then at once [the logged dose]
  /// (it gave both in one result, over the limit).
  @Test func doseEventPagesComeAtOnceToo() async throws {
    let simulation = try HealthKitSimulation(scenario: MedicationQueryTests.scenario())
    try await simulation.run {
      let store = try await MedicationQueryTests.storeAllowingIbuprofenOnly(simulation)
      let logged = simulation.logMedicationDose(
        identifier: "ibuprofen-200", at: simulation.startDate, status: .taken)
      await simulation.settle()
      let pages = Mutex<[[UUID]]>([])
      let reader = Task(executorPreference: simulation.taskExecutor) {
        for try await result in HKAnchoredObjectQueryDescriptor(
          predicates: [
            HKSamplePredicate<HKMedicationDoseEvent>(
              sampleType: MedicationQueryTests.doseType, predicate: nil)
          ], anchor: nil, limit: 1
        ).results(for: store) {
          pages.withLock { $0.append(result.addedSamples.map(\.uuid)) }
          if pages.withLock({ $0.count }) == 2 { return }
        }
      }
      try await simulation.advance(by: .seconds(1))
      reader.cancel()
      _ = try? await reader.value
      #expect(pages.withLock { $0 } == [[MedicationQueryTests.dose(1)], [logged]])
    }
  }

  // MARK: - 5. A running collection query's device view

  /// The watch's running collection query of steps: the phone saves 42 steps at 10 s, which
  /// reach the watch's store by the sync at 10 + 1 = 11 s. The update comes at 11 s (it came at
  /// 10 s, the phone's save, before the watch held the sample).
  @Test func aWatchCollectionQueryCountsAPhoneSampleAtItsSyncArrival() async throws {
    let simulation = try HealthKitSimulation(scenario: try DeviceStoreListenerTests.scenario())
    try await simulation.run {
      let (watchStore, phoneStore) = try await deviceStores(simulation, sharing: [steps])
      let updates = Mutex<[(at: Double, sum: Double?)]>([])
      let query = await simulation.on(.watch) {
        HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
          anchorDate: date("2026-03-02T00:00:00Z"), intervalComponents: DateComponents(day: 1))
      }
      query.initialResultsHandler = { _, _, _ in }
      query.statisticsUpdateHandler = { _, statistics, _, _ in
        let at = simulation.now.timeIntervalSince(simulation.startDate)
        updates.withLock {
          $0.append((at, statistics?.sumQuantity()?.doubleValue(for: .count())))
        }
      }
      watchStore.execute(query)
      try await phoneSavesSteps(phoneStore, simulation)
      #expect(updates.withLock { $0.count } == 0)
      try await simulation.advance(to: noon(plus: 30))
      #expect(updates.withLock { $0.map(\.at) } == [11])
      #expect(updates.withLock { $0.map(\.sum) } == [42])
      watchStore.stop(query)
    }
  }

  // MARK: - 6. One date test

  /// `HKPredicate.Filter.datesMatch` (objects kept outside the store) is the store's
  /// `HealthFilter.matchesDates` on dates: a sample of 10:00–10:10 against 10:10–11:00 overlaps
  /// (end 10:10 ≥ 10:10), does not start inside (10:00 < 10:10), and does not end inside under
  /// strict end (10:10 is not after 10:10).
  @Test func theDateTestHasOneHome() {
    let start = date("2026-03-30T10:00:00+02:00")
    let end = date("2026-03-30T10:10:00+02:00")
    let high = date("2026-03-30T11:00:00+02:00")
    let cases: [(HKQueryOptions, Bool)] = [
      ([], true), (.strictStartDate, false), (.strictEndDate, false),
      ([.strictStartDate, .strictEndDate], false),
    ]
    for (options, expected) in cases {
      #expect(
        HKPredicate.Filter.datesMatch(start: start, end: end, from: end, to: high, options: options)
          == expected)
      #expect(
        HealthFilter.matchesDates(
          start: start, end: end, from: end, to: high,
          strictStart: options.contains(.strictStartDate),
          strictEnd: options.contains(.strictEndDate)) == expected)
    }
  }

  // MARK: - 7. stop before execute

  /// Stopping a query that was never executed leaves it as it is: executed afterwards, its
  /// handler runs (it stayed silent).
  @Test func stopBeforeExecuteLeavesTheQueryAsItIs() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: Self.threeSteps))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let found = Mutex<Int?>(nil)
      let query = HKSampleQuery(
        sampleType: steps, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
      ) { _, samples, _ in found.withLock { $0 = samples?.count } }
      store.stop(query)
      store.execute(query)
      await simulation.settle()
      #expect(found.withLock { $0 } == 3)
    }
  }

  // MARK: - 8. A series query of a type the store does not hold

  /// A quantity type without a store kind (every SDK type has one; this one is made up, its
  /// read granted in the state): the handler is called once, `done`, no error (it was
  /// `errorAuthorizationNotDetermined` whatever the authorization).
  @Test func aSeriesQueryOfATypeTheStoreDoesNotHoldIsDoneAtOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    await simulation.run {
      let store = HKHealthStore()
      let identifier = "HKQuantityTypeIdentifierWorkoutSimMadeUp"
      let type = HKQuantityType(
        QuantityTypeInfo(
          canonicalUnit: .count(), aggregationStyle: .cumulative, identifier: identifier,
          identifierHash: identifier.hashValue, engineType: nil))
      #expect(type.healthDataType == nil)
      simulation.state.withLock { $0.authorization.read[identifier] = true }
      let calls = Mutex<[(done: Bool, error: Bool, quantity: Bool)]>([])
      store.execute(
        HKQuantitySeriesSampleQuery(quantityType: type, predicate: nil) {
          _, quantity, _, _, done, error in
          calls.withLock { $0.append((done, error != nil, quantity != nil)) }
        })
      await simulation.settle()
      #expect(calls.withLock { $0.map(\.done) } == [true])
      #expect(calls.withLock { $0.map(\.error) } == [false])
      #expect(calls.withLock { $0.map(\.quantity) } == [false])
    }
  }

  // MARK: - 9. Electrocardiogram predicates and the new workout sort keys

  /// The scenario's one recording is classified sinus rhythm (1) with no symptoms: found by
  /// `.sinusRhythm` and `symptomsStatus: .none`, not by `.atrialFibrillation` nor `.present`;
  /// a steps query with an electrocardiogram predicate finds nothing.
  @Test func electrocardiogramPredicates() async throws {
    let simulation = try ecgSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.electrocardiogramType()
      try await store.requestAuthorization(toShare: [], read: [type, steps])
      func count(_ predicate: NSPredicate, _ of: HKSampleType = type) async -> Int? {
        await samples(store, simulation, of, predicate: predicate).samples?.count
      }
      #expect(
        await count(HKQuery.predicateForElectrocardiograms(classification: .sinusRhythm)) == 1)
      #expect(
        await count(HKQuery.predicateForElectrocardiograms(classification: .atrialFibrillation))
          == 0)
      #expect(await count(HKQuery.predicateForElectrocardiograms(symptomsStatus: .none)) == 1)
      #expect(await count(HKQuery.predicateForElectrocardiograms(symptomsStatus: .present)) == 0)
      #expect(
        await count(HKQuery.predicateForElectrocardiograms(classification: .sinusRhythm), steps)
          == 0)
    }
  }

  /// `HKWorkoutSortIdentifierTotalFlightsClimbed` and `…TotalSwimmingStrokeCount` have
  /// HealthKit's strings and sort by the workouts' totals, a workout without one first
  /// ascending (−∞); the workout keys are one table that Darwin's descriptors read too.
  @Test func theNewWorkoutSortKeys() {
    #expect(HKWorkoutSortIdentifierTotalFlightsClimbed == "totalFlightsClimbed")
    #expect(HKWorkoutSortIdentifierTotalSwimmingStrokeCount == "totalSwimmingStrokeCount")
    #expect(
      NSSortDescriptor.workoutSortKeyPath(for: HKWorkoutSortIdentifierTotalFlightsClimbed)
        == \HKWorkout.flightsSortKey)
    #expect(
      NSSortDescriptor.workoutSortKeyPath(for: HKWorkoutSortIdentifierTotalSwimmingStrokeCount)
        == \HKWorkout.strokesSortKey)
    #expect(
      NSSortDescriptor.workoutSortKeyPath(for: HKWorkoutSortIdentifierDuration)
        == \HKWorkout.duration)
    #expect(NSSortDescriptor.workoutSortKeyPath(for: HKSampleSortIdentifierStartDate) == nil)
    let start = date("2026-03-30T10:00:00+02:00")
    let short = HKWorkout(
      activityType: .running, start: start, end: start.addingTimeInterval(600))
    let long = HKWorkout(
      activityType: .running, start: start, end: start.addingTimeInterval(1200))
    let byDuration = SampleOrder.workout(by: \HKWorkout.duration, ascending: false)
    // 1200 s before 600 s, descending.
    #expect(byDuration(long, short) == .orderedAscending)
    #expect(byDuration(short, long) == .orderedDescending)
    // Neither has flights: equal.
    #expect(
      SampleOrder.workout(by: \HKWorkout.flightsSortKey, ascending: true)(short, long)
        == .orderedSame)
  }

  // MARK: - 10. Background delivery of a correlation type

  /// Apple: "HKCorrelationType is not a supported type for background delivery": the
  /// completion gets `false` and `errorInvalidArgument` (3), the async form throws it, and no
  /// delivery is enabled.
  @Test func backgroundDeliveryOfACorrelationTypeFails() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = try await Self.pressureStore()
      let answer: (Bool, Int?)? = await result(store, simulation) { finish in
        store.enableBackgroundDelivery(for: Self.pressure, frequency: .immediate) {
          success, error in finish((success, (error as? HKError)?.code.rawValue))
        }
        return HKSampleQuery(
          sampleType: Self.systolic, predicate: nil, limit: 1, sortDescriptors: nil
        ) { _, _, _ in }
      }
      #expect(answer?.0 == false)
      #expect(answer?.1 == HKError.Code.errorInvalidArgument.rawValue)
      await #expect(throws: HKError.self) {
        try await store.enableBackgroundDelivery(for: Self.pressure, frequency: .immediate)
      }
      #expect(
        HKHealthStore.backgroundDeliveryError(Self.pressure)?.localizedDescription.contains(
          "HKQuantityTypeIdentifierBloodPressureSystolic and HKQuantityTypeIdentifierBloodPressureDiastolic"
        ) == true)
    }
  }

  // MARK: - 11. Statistics of zero-length samples, one result per update

  /// Two zero-length heart rates (a spot reading at 09:00 and 09:05): `[.duration]` has data,
  /// 0 s covered (it was `errorNoData`).
  @Test func durationOverZeroLengthSamplesIsZeroNotNoData() async throws {
    let spots = """
      [
        { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:00:00+02:00",
          "end": "2026-03-30T09:00:00+02:00", "value": 60 },
        { "type": "heartRate", "source": "watch", "start": "2026-03-30T09:05:00+02:00",
          "end": "2026-03-30T09:05:00+02:00", "value": 70 }
      ]
      """
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: spots))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let found = await statistics(store, simulation, heartRate, options: [.duration])
      #expect(found.error == nil)
      #expect(found.statistics?.duration()?.doubleValue(for: .second()) == 0)
    }
  }

  /// A save that changes two daily buckets (a sample from 23:00 on the 30th to 01:00 on the
  /// 31st, split 1 h each side) is one result of the descriptor, its `updatedStatistics` both
  /// buckets (it was one result per bucket).
  @Test func oneCollectionResultPerUpdate() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let seen = Mutex<[Int?]>([])
      let descriptor = HKStatisticsCollectionQueryDescriptor(
        predicate: .quantitySample(type: steps), options: .cumulativeSum,
        anchorDate: date("2026-03-30T00:00:00+02:00"), intervalComponents: DateComponents(day: 1))
      let reader = Task(executorPreference: simulation.taskExecutor) {
        for try await result in descriptor.results(for: store) {
          seen.withLock { $0.append(result.updatedStatistics?.count) }
        }
      }
      try await simulation.advance(by: .seconds(1))
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 200),
          start: date("2026-03-30T23:00:00+02:00"), end: date("2026-03-31T01:00:00+02:00")))
      try await simulation.advance(by: .seconds(1))
      reader.cancel()
      _ = try? await reader.value
      #expect(seen.withLock { $0 } == [nil, 2])
    }
  }
}
