import Foundation
public import SimulatedHealthKit
public import WorkoutScenario
public import XCTest

extension XCTestCase {
  /// Runs `body` inside a new simulation of the scenario file at `url`, for XCTest users: the
  /// equivalent of the `.simulation(scenario:)` trait of Swift Testing.
  ///
  /// ```swift
  /// func testTheRunRecordsItsDistance() async throws {
  ///   try await simulate(scenario: url) { simulation in
  ///     let manager = WorkoutManager()
  ///     try await manager.startWorkout(type: .running)
  ///     try await simulation.advance(by: .seconds(1200))
  ///     try await manager.endWorkout()
  ///   }
  /// }
  /// ```
  ///
  /// When `body` throws, the run's result (docs/run-result.md) is written to a new file in the
  /// temporary folder and its path is recorded as a test failure beside the error (XCTest on
  /// Linux has no attachments), then the error is rethrown.
  ///
  /// A stall (the body waits `stallReportDelay` with nothing left to run) ends the run as
  /// `HealthKitSimulation.run(isolation:_:)` ends it: the clock's sleepers throw, the body's task
  /// is cancelled, and this throws `HealthKitSimulation.StallError` once the body has ended
  /// (docs/swift-api.md#nothing-silent). The stall's report is an `XCTFail` the moment it is
  /// made, while the body may still wait (a continuation that ignores cancellation keeps it
  /// waiting), as the trait records it; so is an app termination no call could throw (the
  /// completion-handler form of `requestAuthorization`), after which this throws the
  /// `HealthKitSimulation.AppTermination`. XCTest records the thrown error as a failure too. A
  /// body still waiting `stallExitDelay` after its stall is an `XCTFail` too
  /// (`stuckAfterStall`), recorded before the simulation ends the process with exit code 70.
  ///
  /// When the run ends (`body` returned or threw), every other report of the run that no
  /// `advance` threw is a test failure, as under the trait (docs/swift-api.md#nothing-silent):
  /// a hold that expired during `settle()`, an app task still sleeping on `clock`, a hold or an
  /// async call still open when the run returned (`blockedAtEnd`), an `HKHealthStore` made in
  /// another simulation (`foreignObject`), an app termination the body caught
  /// (`HealthKitSimulation.AppTermination`, an uncaught exception on a device; one `body` threw
  /// is the error XCTest records), and each `strictDate` report (with `.strictDates`, a
  /// real-clock date a call refused, even where the call had no error to report it through or
  /// the body swallowed its error; docs/swift-api.md#the-wall-clock-rule). A warning
  /// (`HealthKitSimulation.Report.isWarning`: virtual time passed the end of the generated
  /// health data) is no failure: XCTest has no warnings, and the report is on standard error.
  ///
  /// When `body` returns, the scenario's `expect` list (docs/scenario-format.md#checks) is
  /// evaluated on the run as `workout-sim check` evaluates it, and each failed check is a test
  /// failure (`scenario check expect[0]: ...`), as with the trait's ``SimulationTrait/ScenarioChecks/evaluated``;
  /// `checks: .ignored` skips them.
  ///
  /// - Parameters:
  ///   - url: the scenario file (docs/scenario-format.md).
  ///   - options: `HealthKitSimulation.Options`.
  ///   - checks: whether the scenario's `expect` list is evaluated once `body` returns.
  ///   - file: the file every failure above is recorded at (by default the caller's, as XCTest's
  ///     assertions take it).
  ///   - line: the line every failure above is recorded at (by default the call's).
  ///   - isolation: the caller's actor (`#isolation`, given by the compiler): the closure runs
  ///     there, so a `@MainActor` test can call its `@MainActor` manager without hops.
  ///   - body: the test, given its simulation (also `HealthKitSimulation.running`).
  /// - Returns: what `body` returns.
  /// - Throws: `ScenarioError` or `SimulationError` for a scenario that cannot be loaded, and
  ///   what `body` throws.
  public func simulate<R: Sendable>(
    scenario url: URL, options: HealthKitSimulation.Options = [],
    checks: SimulationTrait.ScenarioChecks = .evaluated,
    file: StaticString = #filePath, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HealthKitSimulation) async throws -> R
  ) async throws -> R {
    try await simulate(
      HealthKitSimulation(scenario: url, options: options), checks: checks,
      at: Failure(file: file, line: line), isolation: isolation, body)
  }

  /// Runs `body` inside a new simulation of `scenario` (decoded or built in Swift); as
  /// the variant that takes a file.
  ///
  /// - Throws: `SimulationError` for a scenario that cannot be simulated, and what `body`
  ///   throws.
  public func simulate<R: Sendable>(
    scenario: Scenario, options: HealthKitSimulation.Options = [],
    checks: SimulationTrait.ScenarioChecks = .evaluated,
    file: StaticString = #filePath, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HealthKitSimulation) async throws -> R
  ) async throws -> R {
    try await simulate(
      HealthKitSimulation(scenario: scenario, options: options), checks: checks,
      at: Failure(file: file, line: line), isolation: isolation, body)
  }

  private func simulate<R: Sendable>(
    _ simulation: HealthKitSimulation, checks: SimulationTrait.ScenarioChecks,
    at failure: Failure, isolation: isolated (any Actor)?,
    _ body: (HealthKitSimulation) async throws -> R
  ) async throws -> R {
    // A stall, or a termination no call could throw, is a test failure at once, while the
    // body may still wait (a continuation that ignores cancellation), as under the trait.
    let stallWatch = Task { () -> [HealthKitSimulation.Report] in
      await recordRunEndings(of: simulation) { report in failure.record(report.description) }
    }
    defer { stallWatch.cancel() }
    do {
      let value = try await simulation.run(isolation: isolation) { try await body(simulation) }
      stallWatch.cancel()
      let recorded = await stallWatch.value
      // Every report no advance threw, as under the trait: an app task still blocked when the
      // run returned, a foreign store, an app termination the body caught (on a device nothing
      // catches it), a strict-dates refusal (a call with no error path, or an error the app
      // swallowed), ... would otherwise be on standard error only.
      for report in reportsLeftToRecord(
        of: simulation, recorded: recorded, terminationThrown: false)
      where !report.isWarning {
        failure.record(report.description)
      }
      if checks == .evaluated {
        for check in simulation.failedScenarioChecks() {
          failure.record("scenario check " + check.message)
        }
      }
      return value
    } catch {
      stallWatch.cancel()
      let recorded = await stallWatch.value
      // A termination the body let through is the error XCTest records.
      for report in reportsLeftToRecord(
        of: simulation, recorded: recorded,
        terminationThrown: error is HealthKitSimulation.AppTermination)
      where !report.isWarning {
        failure.record(report.description)
      }
      var json: [UInt8] = []
      simulation.result.writeJSON { json += $0 }
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("workout-sim-\(UUID().uuidString)-run-result.json")
      if (try? Data(json).write(to: file)) != nil {
        failure.record("the simulation's run result is at \(file.path) (the error follows)")
      }
      throw error
    }
  }
}

/// Where `simulate`'s failures point: the test's own line (`#filePath`, `#line` of the call),
/// as XCTest's assertions take them.
private struct Failure: Sendable {
  let file: StaticString
  let line: UInt

  func record(_ message: String) {
    XCTFail(message, file: file, line: line)
  }
}
