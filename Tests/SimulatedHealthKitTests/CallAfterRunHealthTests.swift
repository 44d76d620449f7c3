// HealthKit calls made after `run` returned: `execute(_:)` of every query kind is reported
// once (it was silent), `stop(_:)` is not (it calls nothing back), a completion form that
// saves is reported under its own name, once (docs/swift-api.md#nothing-silent).
import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutScenario

/// The `callAfterRun` reports of `simulation`, as `framework: call`.
private func lateCalls(_ simulation: HealthKitSimulation) -> [String] {
  simulation.reports.filter { $0.kind == .callAfterRun }.map { "\($0.framework): \($0.call)" }
}

/// The calls of a query's handler.
final class HandlerCalls: Sendable {
  let count = Mutex(0)
}

/// A query of each kind whose handler, when it is called, counts in `calls`.
enum LateQuery: String, CaseIterable, Sendable {
  case sample, anchored, statistics, collection, observer, activitySummary

  func make(_ calls: HandlerCalls) -> HKQuery {
    let steps = HKQuantityType(.stepCount)
    switch self {
    case .sample:
      return HKSampleQuery(sampleType: steps, predicate: nil, limit: 0, sortDescriptors: nil) {
        _, _, _ in calls.count.withLock { $0 += 1 }
      }
    case .anchored:
      return HKAnchoredObjectQuery(
        type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, _, _, _, _ in calls.count.withLock { $0 += 1 } }
    case .statistics:
      return HKStatisticsQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum
      ) { _, _, _ in calls.count.withLock { $0 += 1 } }
    case .collection:
      let query = HKStatisticsCollectionQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
        anchorDate: Date(timeIntervalSinceReferenceDate: 0),
        intervalComponents: DateComponents(day: 1))
      query.initialResultsHandler = { _, _, _ in calls.count.withLock { $0 += 1 } }
      return query
    case .observer:
      return HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
        calls.count.withLock { $0 += 1 }
        completion()
      }
    case .activitySummary:
      return HKActivitySummaryQuery(predicate: nil) { _, _, _ in calls.count.withLock { $0 += 1 } }
    }
  }
}

@Suite struct CallAfterRunHealthTests {
  /// Each kind goes through `execute(_:)`: one report, and its handler still runs on the
  /// simulation's lane (once, here after `settle()`).
  @Test(arguments: LateQuery.allCases)
  func aQueryExecutedAfterTheRunIsReportedOnce(kind: LateQuery) async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let store = await simulation.run { HKHealthStore() }
    let calls = HandlerCalls()
    let query = kind.make(calls)
    store.execute(query)
    await simulation.settle()
    #expect(lateCalls(simulation) == ["HealthKit: execute(_:)"])
    #expect(simulation.reports.count == 1)
    #expect(calls.count.withLock { $0 } == 1)
    // Stopping calls nothing back: not reported.
    store.stop(query)
    #expect(simulation.reports.count == 1)
  }

  /// A query executed inside the run and stopped after it: nothing reported.
  @Test func aQueryStoppedAfterTheRunIsNotReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let calls = HandlerCalls()
    let (store, query) = await simulation.run { () -> (HKHealthStore, HKQuery) in
      let store = HKHealthStore()
      let query = LateQuery.observer.make(calls)
      store.execute(query)
      await simulation.settle()
      return (store, query)
    }
    store.stop(query)
    #expect(simulation.reports.isEmpty)
  }

  /// `finishSeries(metadata:completion:)` saves its sample: one report, under the name the app
  /// called (not the save's, nor the other `finishSeries` it shares its work with).
  @Test func aSeriesFinishedAfterTheRunIsReportedByItsName() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let builder = try await simulation.run { () async throws -> HKQuantitySeriesSampleBuilder in
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: HKQuantityType(.stepCount), startDate: simulation.now,
        device: nil)
      try builder.insert(
        HKQuantity(unit: .count(), doubleValue: 10),
        for: DateInterval(start: simulation.now, duration: 0))
      return builder
    }
    let saved = Mutex<Int?>(nil)
    builder.finishSeries(metadata: nil) { samples, _ in saved.withLock { $0 = samples?.count } }
    await simulation.settle()
    #expect(lateCalls(simulation) == ["HealthKit: finishSeries(metadata:completion:)"])
    #expect(saved.withLock { $0 } == 1)
  }

  /// The completion form of `recoverActiveWorkoutSession` queues its completion under the
  /// lock: reported too.
  @Test func aRecoveryAfterTheRunIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let store = await simulation.run { HKHealthStore() }
    store.recoverActiveWorkoutSession { _, _ in }
    #expect(lateCalls(simulation) == ["HealthKit: recoverActiveWorkoutSession(completion:)"])
  }
}
