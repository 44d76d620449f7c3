import Foundation
import Synchronization
import Testing
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// iOS 27's limited history access, as an app meets it: the person answers the sheet's second
/// screen with "Past 30 Days and Future Data" (the scenario's `authorization.healthKit.history`),
/// `earliestAuthorizedSampleDate(for:)` names the date for each limited type, and every query
/// hides other sources' samples that end before it (Apple:
/// https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestauthorizedsampledate(for:)).
///
/// The scenario starts 2026-03-30T10:00:00+02:00 (08:00 UTC); a sheet answered then limits to
/// 30 × 86,400 s earlier: 2026-02-28T08:00:00Z (09:00 in Berlin, still on winter time).
@Suite struct HistoryAccessTests {
  /// The window's start for a sheet answered at the run's start.
  static let windowStart = date("2026-02-28T09:00:00+01:00")

  /// Step samples of the watch around the window's start, one heart rate sample before it, and
  /// two active energy samples ending a second before it and exactly at it.
  static let history = """
    [
      { "type": "stepCount", "source": "watch", "start": "2026-02-27T10:00:00+01:00",
        "end": "2026-02-27T10:10:00+01:00", "value": 100 },
      { "type": "stepCount", "source": "watch", "start": "2026-02-28T08:55:00+01:00",
        "end": "2026-02-28T09:05:00+01:00", "value": 200 },
      { "type": "stepCount", "source": "watch", "start": "2026-03-10T10:00:00+01:00",
        "end": "2026-03-10T10:10:00+01:00", "value": 300 },
      { "type": "heartRate", "source": "watch", "start": "2026-02-27T10:00:00+01:00",
        "end": "2026-02-27T10:00:00+01:00", "value": 60 },
      { "type": "activeEnergyBurned", "source": "watch", "start": "2026-02-28T08:50:00+01:00",
        "end": "2026-02-28T08:59:59+01:00", "value": 4 },
      { "type": "activeEnergyBurned", "source": "watch", "start": "2026-02-28T08:50:00+01:00",
        "end": "2026-02-28T09:00:00+01:00", "value": 5 }
    ]
    """

  /// A scenario with 40 days of history holding only `samples`, answered by `authorization`.
  static func scenario(_ authorization: String, samples: String = history) throws -> Scenario {
    try decodeScenario(
      """
      {
        "version": 1,
        "name": "Limited history",
        "start": "2026-03-30T10:00:00+02:00",
        "timeZone": "Europe/Berlin",
        "authorization": \(authorization),
        "health": { "days": 40, "generate": false, "samples": \(samples) }
      }
      """, fileName: "test.json")
  }

  @Test func fullHistoryHasNoEarliestAuthorizedDate() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var asked: [HKObjectType: Date]?
    var handed: [HKObjectType: Date]??
    try await simulation.run {
      let store = HKHealthStore()
      let types: Set<HKObjectType> = [HKQuantityType(.stepCount), HKQuantityType(.heartRate)]
      try await store.requestAuthorization(toShare: [], read: types)
      asked = try await store.earliestAuthorizedSampleDate(for: types)
      handed = try await Self.completionForm(store, types)
    }
    #expect(asked == [:])
    #expect(handed == .some([:]))
  }

  /// Both forms name the limited sample types only: a denied read, characteristics, activity
  /// summaries and types never asked for have no entry; a later sheet's type gets its own date.
  @Test func limitedTypesHaveTheirEarliestDateInBothForms() async throws {
    let simulation = try HealthKitSimulation(
      scenario: Self.scenario(
        #"{ "healthKit": { "history": "past30Days", "read": { "denied": ["heartRate"] } } }"#))
    var asked: [HKObjectType: Date]?
    var handed: [HKObjectType: Date]??
    var later: [HKObjectType: Date]?
    let workout = HKObjectType.workoutType()
    let birth = HKCharacteristicType(.dateOfBirth)
    let summary = HKObjectType.activitySummaryType()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [], read: [steps, heartRate, workout, birth, summary])
      let types: Set<HKObjectType> = [steps, heartRate, workout, birth, summary, activeEnergy]
      asked = try await store.earliestAuthorizedSampleDate(for: types)
      handed = try await Self.completionForm(store, types)
      // An hour later a second sheet limits active energy from its own instant on:
      // 2026-03-30T09:00:00Z − 30 days = 2026-02-28T09:00:00Z.
      try await simulation.advance(by: .seconds(3600))
      try await store.requestAuthorization(toShare: [], read: [activeEnergy])
      later = try await store.earliestAuthorizedSampleDate(for: [steps, activeEnergy])
    }
    let expected: [HKObjectType: Date] = [steps: Self.windowStart, workout: Self.windowStart]
    #expect(asked == expected)
    #expect(handed == .some(expected))
    #expect(
      later == [steps: Self.windowStart, activeEnergy: date("2026-02-28T10:00:00+01:00")])
  }

  /// Sample, descriptor, anchored, statistics and collection queries all see the same window:
  /// other sources' samples ending before it are gone (a sample straddling it stays, as Apple
  /// evaluates the end date), the app's own old sample stays, and a type read with its whole
  /// history keeps everything.
  @Test func everyQueryHidesOtherSourcesSamplesEndingBeforeTheWindow() async throws {
    let simulation = try HealthKitSimulation(
      scenario: Self.scenario(
        #"{ "healthKit": { "history": { "default": "all", "past30Days": ["stepCount", "activeEnergyBurned"] } } }"#
      ))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [steps], read: [steps, heartRate, activeEnergy])
      // The watch's steps: 100 (ends 2026-02-27, hidden), 200 (starts before the window,
      // ends after its start), 300.
      let found = await samples(
        store, simulation, steps,
        sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
      #expect(found.error == nil)
      #expect(
        found.samples?.compactMap {
          ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count())
        } == [200, 300])
      // Heart rate was granted with its whole history: its sample of 2026-02-27 shows.
      #expect(await samples(store, simulation, heartRate).samples?.count == 1)
      // The boundary: ending a second before the window's start hides a sample, ending
      // exactly at it does not.
      let energy = await samples(store, simulation, activeEnergy).samples
      #expect(
        energy?.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .kilocalorie()) }
          == [5])

      // The app's own sample from before the window stays readable.
      try await store.save(
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 7),
          start: date("2026-02-01T12:00:00+01:00"), end: date("2026-02-01T12:05:00+01:00")))
      let described = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: steps)],
        sortDescriptors: [SortDescriptor(\.startDate)]
      ).result(for: store)
      #expect(described.map { $0.quantity.doubleValue(for: .count()) } == [7, 200, 300])

      let anchored: Int = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKAnchoredObjectQuery(
            type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
          ) { _, added, _, _, error in
            if let error { return continuation.resume(throwing: error) }
            continuation.resume(returning: added?.count ?? 0)
          })
      }
      #expect(anchored == 3)

      // 7 + 200 + 300: the 100 hidden steps count nowhere.
      let (sum, error) = await statistics(store, simulation, steps, options: .cumulativeSum)
      #expect(error == nil)
      #expect(sum?.sumQuantity()?.doubleValue(for: .count()) == 507)

      // Daily buckets: 2026-02-27 has nothing left; 2026-02-28 has the 200.
      let days: (Double?, Double?) = try await withCheckedThrowingContinuation { continuation in
        let query = HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
          anchorDate: date("2026-02-27T00:00:00+01:00"), intervalComponents: DateComponents(day: 1))
        query.initialResultsHandler = { _, collection, error in
          if let error { return continuation.resume(throwing: error) }
          func sum(_ day: String) -> Double? {
            collection?.statistics(for: date(day))?.sumQuantity()?.doubleValue(for: .count())
          }
          continuation.resume(
            returning: (sum("2026-02-27T12:00:00+01:00"), sum("2026-02-28T12:00:00+01:00")))
        }
        store.execute(query)
      }
      #expect(days.0 == nil)
      #expect(days.1 == 200)
    }
  }

  /// The same scenario without the history key: all three step samples show.
  @Test func withoutTheKeyTheWholeHistoryShows() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario(#"{ "healthKit": {} }"#))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [steps], read: [steps])
      #expect(await samples(store, simulation, steps).samples?.count == 3)
      #expect(try await store.earliestAuthorizedSampleDate(for: [steps]) == [:])
    }
  }

  /// An observer query wakes for a sample that arrives inside the window, not for one that
  /// arrives later with an end before it (a watch syncing old data), and a sample query
  /// afterwards finds only the first; with the whole history both wake it and show.
  @Test func anObserverWakesOnlyForSamplesInsideTheWindow() async throws {
    let arrivals = """
      [
        { "type": "stepCount", "source": "watch", "start": "2026-02-26T10:00:00+01:00",
          "end": "2026-02-26T10:10:00+01:00", "value": 100, "savedAt": 600 },
        { "type": "stepCount", "source": "watch", "start": 800, "end": 860, "value": 90,
          "savedAt": 900 }
      ]
      """
    for (history, expected) in [("past30Days", [0.0, 900]), ("all", [0.0, 600, 900])] {
      let simulation = try HealthKitSimulation(
        scenario: Self.scenario(
          #"{ "healthKit": { "history": "\#(history)" } }"#, samples: arrivals))
      let calls = Mutex<[Double]>([])
      try await simulation.run {
        let store = HKHealthStore()
        try await store.requestAuthorization(toShare: [], read: [steps])
        let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
          calls.withLock { $0.append(simulation.now.timeIntervalSince(simulation.startDate)) }
          completion()
        }
        store.execute(query)
        try await simulation.advance(by: .seconds(1000))
        store.stop(query)
        #expect(
          await samples(store, simulation, steps).samples?.count == (history == "all" ? 2 : 1))
      }
      #expect(calls.withLock { $0 } == expected)
    }
  }

  /// `getEarliestAuthorizedSampleDate(for:completion:)`'s answer through a continuation.
  static func completionForm(_ store: HKHealthStore, _ types: Set<HKObjectType>) async throws
    -> [HKObjectType: Date]?
  {
    try await withCheckedThrowingContinuation { continuation in
      store.getEarliestAuthorizedSampleDate(for: types) { dates, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume(returning: dates)
        }
      }
    }
  }
}
