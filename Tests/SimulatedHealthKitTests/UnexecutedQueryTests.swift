import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A query the app made inside `run` with a handler and never passed to
/// `HKHealthStore.execute(_:)` is a warning when the outermost `run` returns, even when nothing
/// stalled (trial22 F2; project rule, docs/swift-api.md#nothing-silent): the app forgot
/// `healthStore.execute(query)`, and its handler never ran.
@Suite struct UnexecutedQueryTests {
  /// The warning's message for a query described as `query` (`an HKSampleQuery of ...`).
  static func message(_ query: String) -> String {
    query + " was made but never passed to HKHealthStore.execute(_:) — its handler will never "
      + "run; a query does nothing until the app calls healthStore.execute(query)"
  }

  /// The reports of the simulation that say a query was never executed.
  static func unexecuted(_ simulation: HealthKitSimulation) -> [HealthKitSimulation.Report] {
    simulation.reports.filter { $0.message.contains("never passed to HKHealthStore.execute") }
  }

  /// Two queries made with a handler and never executed (one kept, one discarded at once), and
  /// one executed: two warnings when the run returns, in the order made, `framework`
  /// `HealthKit`, `call` `execute(_:)`, at the run's last instant (t = 30 s: one advance of
  /// 30 s); the executed one is not named. Before, the run returned with no report at all.
  @Test func aQueryMadeAndNeverExecutedIsAWarningWhenTheRunReturns() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    var kept: HKStatisticsQuery?
    try await simulation.run {
      let store = HKHealthStore()
      let steps = HKQuantityType(.stepCount)
      try await store.requestAuthorization(toShare: [], read: [steps])
      kept = HKStatisticsQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum
      ) { _, _, _ in }
      _ = HKSampleQuery(sampleType: steps, predicate: nil, limit: 1, sortDescriptors: nil) {
        _, _, _ in
      }
      store.execute(
        HKSampleQuery(sampleType: steps, predicate: nil, limit: 2, sortDescriptors: nil) {
          _, _, _ in
        })
      try await simulation.advance(by: .seconds(30))
    }
    #expect(kept != nil)
    let reports = Self.unexecuted(simulation)
    #expect(
      reports.map(\.message) == [
        Self.message("an HKStatisticsQuery of HKQuantityTypeIdentifierStepCount"),
        Self.message("an HKSampleQuery of HKQuantityTypeIdentifierStepCount"),
      ])
    #expect(reports.map(\.kind) == [.neverExecuted, .neverExecuted])
    #expect(reports.allSatisfy { $0.isWarning })
    #expect(reports.map(\.framework) == ["HealthKit", "HealthKit"])
    #expect(reports.map(\.call) == ["execute(_:)", "execute(_:)"])
    #expect(reports.map(\.seconds) == [30, 30])
    #expect(simulation.reports.count == 2)
  }

  /// A query executed and then stopped, and a statistics collection query made without a
  /// handler (neither `initialResultsHandler` nor `statisticsUpdateHandler` set: nothing of
  /// the app's waits on it, a query deliberately made and dropped) make no report. The same
  /// collection query with `initialResultsHandler` set and never executed is one warning.
  @Test func anExecutedQueryOrOneWithoutAHandlerIsNotReported() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let steps = HKQuantityType(.stepCount)
      try await store.requestAuthorization(toShare: [], read: [steps])
      let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
        completion()
      }
      store.execute(observer)
      await simulation.settle()
      store.stop(observer)
      _ = HKStatisticsCollectionQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
        anchorDate: simulation.now, intervalComponents: DateComponents(day: 1))
    }
    #expect(simulation.reports.isEmpty)

    let armed = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    await armed.run {
      let query = HKStatisticsCollectionQuery(
        quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
        options: .cumulativeSum, anchorDate: armed.now, intervalComponents: DateComponents(day: 1))
      query.initialResultsHandler = { _, _, _ in }
    }
    #expect(
      Self.unexecuted(armed).map(\.message) == [
        Self.message("an HKStatisticsCollectionQuery of HKQuantityTypeIdentifierStepCount")
      ])
  }

  /// A query made in a nested `run` is reported once, when the outermost `run` returns (not
  /// at the inner one's end), and a second `run` does not report it again.
  @Test func theWarningComesOnceAtTheOutermostRunsEnd() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    var insideOuter = -1
    await simulation.run {
      await simulation.run {
        _ = HKSampleQuery(
          sampleType: HKQuantityType(.stepCount), predicate: nil, limit: 1, sortDescriptors: nil
        ) { _, _, _ in }
      }
      insideOuter = Self.unexecuted(simulation).count
    }
    await simulation.run {}
    #expect(insideOuter == 0)
    #expect(Self.unexecuted(simulation).count == 1)
  }

  /// The table of objects not handed on keeps only what can still be reported
  /// (`UnusedObjects`): a run that makes, each minute for 100 minutes, a sample query it
  /// executes and a statistics collection query without a handler it drops, then one sample
  /// query with a handler it drops, holds 1 entry before the run returns: 100 executed (gone at
  /// `execute`) + 100 dropped without a handler (gone when released) leave only the last one,
  /// whose warning is owed. After the run's one warning names it, 0. Before, the table kept
  /// every dropped query for the life of the simulation: 101 entries, then 101.
  @Test func theTableKeepsOnlyWhatCanStillBeReported() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    var beforeTheEnd = -1
    try await simulation.run {
      let store = HKHealthStore()
      let steps = HKQuantityType(.stepCount)
      try await store.requestAuthorization(toShare: [], read: [steps])
      for _ in 0..<100 {
        store.execute(
          HKSampleQuery(sampleType: steps, predicate: nil, limit: 1, sortDescriptors: nil) {
            _, _, _ in
          })
        _ = HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
          anchorDate: simulation.now, intervalComponents: DateComponents(day: 1))
        try await simulation.advance(by: .seconds(60))
      }
      _ = HKSampleQuery(sampleType: steps, predicate: nil, limit: 1, sortDescriptors: nil) {
        _, _, _ in
      }
      beforeTheEnd = simulation.unusedObjects.withLock { $0.count }
    }
    #expect(beforeTheEnd == 1)
    #expect(
      Self.unexecuted(simulation).map(\.message) == [
        Self.message("an HKSampleQuery of HKQuantityTypeIdentifierStepCount")
      ])
    #expect(simulation.unusedObjects.withLock { $0.count } == 0)
  }
}
