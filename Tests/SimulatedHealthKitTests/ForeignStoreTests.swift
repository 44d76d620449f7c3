import Foundation
import Testing
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit

/// A store kept in a static or singleton across tests, made in one simulation and used inside
/// another's `run`, is reported there once (found by the new-user trial of 2026-12-05: its
/// queries silently read the first simulation's samples).
@Suite struct ForeignStoreTests {
  private static let scenario = packageRoot.appendingPathComponent("Scenarios/hills.json")

  @Test func aStoreFromAnotherSimulationIsReportedOnce() async throws {
    let first = try HealthKitSimulation(scenario: Self.scenario)
    let second = try HealthKitSimulation(scenario: Self.scenario)
    let store = await first.run { HKHealthStore() }
    await second.run {
      _ = store.authorizationStatus(for: HKQuantityType(.stepCount))
      _ = store.authorizationStatus(for: HKQuantityType(.heartRate))
    }
    let reports = second.reports.filter { $0.kind == .foreignObject }
    #expect(reports.count == 1)
    #expect(reports.first?.framework == "HealthKit")
    #expect(reports.first?.call == "HKHealthStore")
    #expect(
      reports.first?.message.hasSuffix(
        "make it inside this simulation's run (per test), not in a static or a singleton shared across tests"
      ) == true)
    // Its own simulation hears nothing of it; a store made in the second run is not reported.
    #expect(first.reports.isEmpty)
    await second.run { _ = HKHealthStore().authorizationStatus(for: .workoutType()) }
    #expect(second.reports.filter { $0.kind == .foreignObject }.count == 1)
  }

  /// The trial's `static let store`, made in one test's simulation and used in the next
  /// test's `run` once the first has returned: the store's own simulation gets a
  /// `callAfterRun` report per call that says what happened (an object of its run used inside
  /// another's), not that a detached task outlived the run; the running one gets its
  /// `foreignObject` report.
  @Test func aStoreUsedInAnotherRunIsReportedAsSuchInItsOwn() async throws {
    let first = try HealthKitSimulation(scenario: Self.scenario)
    let second = try HealthKitSimulation(scenario: Self.scenario)
    let store = await first.run { HKHealthStore() }
    let water = HKQuantityType(.dietaryWater)
    try await second.run {
      try await store.requestAuthorization(toShare: [water], read: [water])
      store.getRequestStatusForAuthorization(toShare: [water], read: [water]) { _, _ in }
    }
    let said =
      "was made inside another simulation's run(_:) (scenario start \(second.startDate)) by an object made during this simulation's run, which had returned (kept in a static or a singleton shared across tests): its calls read and write this simulation's world, not the running one's, which no run's result shows: make the object inside each test's run (one per simulation), not in a static or a singleton"
    #expect(first.reports.map(\.kind) == [.callAfterRun, .callAfterRun])
    #expect(
      first.reports.map(\.message) == [
        "an async call " + said,
        "a call with a completion handler or a callback to come " + said,
      ])
    #expect(second.reports.map(\.kind) == [.foreignObject])
  }

  /// `HKHealthStore()` in `Task.detached` while two runs are in progress traps, saying the
  /// code is not in a run's task tree and what to write instead (the new-user trial's T4: the
  /// generic "outside a simulation" text sent them looking for a missing `run`). With one run in
  /// progress the store is that run's (the next test).
  @Test func aStoreMadeInADetachedTaskTrapsNamingTheTaskTree() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let first = try HealthKitSimulation(
        scenario: packageRoot.appendingPathComponent("Scenarios/hills.json"))
      let second = try HealthKitSimulation(
        scenario: packageRoot.appendingPathComponent("Scenarios/hills.json"))
      await first.run {
        await second.run {
          _ = await Task.detached { HKHealthStore() }.value
        }
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("HKHealthStore() was created outside a simulation's task tree"))
    #expect(text.contains("Task.detached, a DispatchQueue or a Thread lose"))
    #expect(text.contains("write Task { } (it inherits it) instead of Task.detached"))
    #expect(text.contains("2 simulations' runs are in progress in this process"))
  }

  /// With exactly one run in progress in the process, `HKHealthStore()` in `Task.detached` makes
  /// a store of that run's simulation, and the attribution is logged (`system`, framework
  /// `Simulation`, event `attributed`).
  @Test func aStoreMadeInADetachedTaskIsTheOnlyRunningSimulations() async {
    await #expect(processExitsWith: .success) {
      let simulation = try HealthKitSimulation(
        scenario: packageRoot.appendingPathComponent("Scenarios/hills.json"))
      let home = await simulation.run {
        await Task.detached { HKHealthStore() }.value.simulation
      }
      let attributed = simulation.result.log.compactMap { entry -> String? in
        guard case .system(let event) = entry.kind, event.framework == .simulation else {
          return nil
        }
        return "\(event.event) \(event.identifier)"
      }
      guard home === simulation, attributed == ["attributed HKHealthStore()"] else {
        fatalError("not attributed: \(attributed)")
      }
    }
  }
}
