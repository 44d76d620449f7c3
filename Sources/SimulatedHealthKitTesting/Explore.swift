import Foundation
public import SimulatedHealthKit
import Synchronization
import Testing
public import WorkoutExplore
public import WorkoutScenario
import WorkoutSimulation

/// A world in which the test body failed under ``explore(scenario:seeds:faults:options:isolation:_:)``
/// or ``explore(scenario:plan:options:isolation:_:)``: the seed, the faults it drew, the shrunk
/// fault list and a one-line reproduction (docs/swift-api.md#exploring-seeded-worlds).
public struct ExploreFailure: Error, CustomStringConvertible, Sendable {
  /// The failing world's plan as drawn.
  public let plan: FaultPlan
  /// The smallest plan found whose world still fails the same way (the body throws an error of
  /// the same type): faults removed, then moved later (docs/explore.md#shrinking). The drawn
  /// plan itself when the world stalled (its stall cancels the task the shrinking worlds would
  /// run in; ``error`` says so).
  public let shrunk: FaultPlan
  /// What the body threw in the drawn world, or, when it threw nothing, the first issue it
  /// recorded in a Swift Testing test (`the body recorded an issue (#expect): ...`).
  public let error: String
  /// How many worlds ran before this one passed (0 for the first world).
  public let passedBefore: Int

  /// Creates the failure.
  public init(plan: FaultPlan, shrunk: FaultPlan, error: String, passedBefore: Int) {
    self.plan = plan
    self.shrunk = shrunk
    self.error = error
    self.passedBefore = passedBefore
  }

  /// The line that runs the shrunk world again in a test:
  /// `try await explore(scenario: scenario, plan: FaultPlan("seed 47: crash@1795+5")!) { ... }`.
  public var reproduction: String {
    "try await explore(scenario: scenario, plan: FaultPlan(\"\(shrunk.description)\")!) { ... }"
  }

  /// `world seed 47 failed after 12 passing worlds: <error>; drawn: ...; shrunk: ...;
  /// reproduce: ...`.
  public var description: String {
    "world seed \(plan.seed) failed after \(passedBefore) passing worlds: \(error); drawn \(plan.description); shrunk \(shrunk.description); reproduce: \(reproduction)"
  }
}

/// A call of ``explore(scenario:seeds:faults:options:isolation:_:)`` that would explore nothing:
/// `seeds` below 1, or an empty `faults` list (a project rule, docs/swift-api.md#exploring-seeded-worlds: the
/// command line refuses the same with exit 64, and an exploration that draws no world or no
/// fault must not pass silently).
public struct ExploreArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with the call and what to write instead.
  public var description: String
}

/// Runs `body` in `seeds` worlds of `scenario`, each its own ``HealthKitSimulation`` of the
/// scenario with seed `scenario.seed + k` and faults drawn from that seed
/// (``WorkoutExplore/FaultPlan/draw(seed:faults:scenario:)``), one after the other; the body
/// runs inside the world's `run { }` and fails by throwing, or, inside a Swift Testing test, by
/// recording an issue (`#expect` that does not hold, `Issue.record`). The first world that fails is
/// shrunk and thrown as ``ExploreFailure``; inside a Swift Testing test, the shrunk world's run
/// result (`run-result.json`) and report page (`report.html`) are attached to the test (Swift
/// Testing's attachments: `swift test --attachments-path FOLDER` saves them).
///
/// An `#expect` that fails in the body fails the test where it stands, and the world fails too:
/// issues recorded in a world's body are watched through a `withKnownIssue` scope whose matcher
/// only counts them (Swift Testing offers no other way to see a test's issues,
/// https://developer.apple.com/documentation/testing/withknownissue(_:isintermittent:isolation:sourcelocation:_:when:matching:)),
/// so the world is shrunk and ``ExploreFailure`` names its seed and faults. While shrinking, the
/// candidate worlds' issues are matched as known issues, so they do not fail the test again (the
/// run lists them as known issues). A world fails the same way when it records an issue again
/// (or throws the same error type). Outside Swift Testing (XCTest) no hook exists: an
/// `XCTAssert` failure is not seen; throw instead (`try XCTUnwrap`, your own error), as the body
/// of a world must fail to be shrunk (docs/swift-api.md#exploring-seeded-worlds).
///
/// ```swift
/// @Test func recoveryKeepsTheWorkout() async throws {
///   let scenario = try Scenario.load(contentsOf: url)
///   try await explore(scenario: scenario, seeds: 50, faults: [.crashRecover, .wrist]) { simulation in
///     let manager = WorkoutManager()
///     try await manager.startWorkout(type: .running)
///     try await simulation.advance(by: .seconds(1800))
///     try await manager.endWorkout()
///     #require(simulation.result.records.count == 1)   // or throw your own error
///   }
/// }
/// ```
///
/// - Parameters:
///   - scenario: the world every seed starts from; its timeline bounds the faults' instants
///     (``WorkoutExplore/FaultPlan/span(of:)``); its timeline's world actions and the faults'
///     (`crash`, `relaunch`, `wristDown`, `wristUp`, `phoneAway`, `phoneBack`) fire at their
///     instants as in any simulation.
///   - seeds: how many worlds (≥ 1).
///   - faults: the kinds to draw from; `nil`, every kind the scenario can carry
///     (``WorkoutExplore/FaultPlan/applicableKinds(of:)``: `lock` only with a `health` key,
///     `dst` only with a fixed start in a zone that changes).
///   - options: the simulations' options.
///   - body: the test's code, given the world's simulation.
/// - Throws: ``ExploreArgumentError`` for `seeds` below 1 or an empty `faults` list (nothing
///   would be explored); ``ExploreFailure`` for the first failing world; ``WorkoutExplore/FaultSetError``
///   for `lock` without a `health` key or `dst` without a transition to move to; ``WorkoutExplore/FaultSpanError`` for a scenario whose
///   timeline ends before 3 s or is empty (no fault could be drawn: give it a `probe` where the
///   test's workout ends); the ``SimulationError`` of a world that cannot be made.
public func explore(
  scenario: Scenario, seeds: Int, faults: [Fault.Kind]? = nil,
  options: HealthKitSimulation.Options = [], isolation: isolated (any Actor)? = #isolation,
  _ body: (HealthKitSimulation) async throws -> Void
) async throws {
  guard seeds >= 1 else {
    throw ExploreArgumentError(
      description:
        "seeds: \(seeds): explore runs no world; pass seeds: 1 or more (the command line refuses --seeds \(seeds) with exit 64)"
    )
  }
  if let faults, faults.isEmpty {
    throw ExploreArgumentError(
      description:
        "faults: []: no fault kind to draw from, so every world would be the scenario alone; name the kinds (faults: [.crashRecover, .wrist]) or pass nil for every kind the scenario can carry"
    )
  }
  let kinds = faults ?? FaultPlan.applicableKinds(of: scenario)
  try FaultPlan.checkApplicable(kinds, to: scenario)
  try FaultPlan.checkSpan(of: scenario)
  for (index, plan) in FaultPlan.worlds(seeds: 0..<max(seeds, 0), faults: kinds, scenario: scenario)
    .enumerated()
  {
    try await exploreWorld(
      scenario: scenario, plan: plan, options: options, isolation: isolation, passedBefore: index,
      body)
  }
}

/// Runs `body` in the one world of `plan` (a plan from ``WorkoutExplore/FaultPlan/worlds(seeds:faults:scenario:)``
/// for `@Test(arguments:)`, or pasted from ``ExploreFailure/reproduction``), and shrinks it when
/// it fails.
///
/// Inside a Swift Testing test, a failing world's shrunk run result and report page are
/// attached as ``explore(scenario:seeds:faults:options:isolation:_:)`` attaches them.
///
/// A fault must lie in the span the scenario's worlds draw faults in
/// (``WorkoutExplore/FaultPlan/span(of:)``): a plan written for another scenario
/// (`seed 3: crash@5000+5` for a timeline that ends at 1200 s) would change nothing of the run.
///
/// - Throws: ``WorkoutExplore/FaultInstantError`` for a fault outside the span (before any
///   world runs); ``ExploreFailure`` when `body` throws (or records an issue in a Swift Testing
///   test); ``WorkoutExplore/FaultSetError``; the ``SimulationError`` of a world that cannot be
///   made.
public func explore(
  scenario: Scenario, plan: FaultPlan, options: HealthKitSimulation.Options = [],
  isolation: isolated (any Actor)? = #isolation,
  _ body: (HealthKitSimulation) async throws -> Void
) async throws {
  try plan.checkInstants(in: scenario)
  try await exploreWorld(
    scenario: scenario, plan: plan, options: options, isolation: isolation, passedBefore: 0, body)
}

/// The issues Swift Testing records in one world's body, seen by a `withKnownIssue` matcher;
/// `known`: whether the matcher answers that they are known (a shrinking candidate's), so they
/// do not fail the test.
final class WorldIssues: Sendable {
  private let issues = Mutex<[String]>([])
  let known: Bool

  init(known: Bool) { self.known = known }

  /// The matcher: notes `issue` and answers ``known``.
  func match(_ issue: Issue) -> Bool {
    issues.withLock { $0.append(issue.description) }
    return known
  }

  /// What was recorded, in order.
  var recorded: [String] { issues.withLock { $0 } }
}

/// What ``ExploreFailure/error`` says of `error`, thrown by a world's body that recorded
/// `recorded` issues: for a failed `#require` (Swift Testing's `ExpectationFailedError`, whose
/// description is its internal structure, and whose public API has only the source location,
/// https://developer.apple.com/documentation/testing/expectationfailederror), the issue
/// `#require` recorded before throwing (its source text with the values, and its comment:
/// `Expectation failed: (route.count → 0) > 0: route has 0 locations`), and where it stands;
/// outside a Swift Testing test, where no issue is recorded, the place only. Any other error as
/// `String(describing:)` gives it.
func failureText(_ error: any Error, recorded: [String]) -> String {
  guard let failed = error as? ExpectationFailedError else { return String(describing: error) }
  let location = failed.expectation.sourceLocation
  let place = "\(location.fileID):\(location.line):\(location.column)"
  guard let issue = recorded.first else { return "a #require failed at \(place)" }
  return "a #require failed at \(place): \(issue)"
}

/// How a world's body failed: the type of the error it threw, or issues recorded without a
/// throw. Two worlds fail the same way when their failures are equal.
enum WorldFailure: Equatable {
  case thrown(ObjectIdentifier)
  case issues
}

/// One world, shrunk on failure; the shrunk world's run is given to `record` (by default
/// attached to the Swift Testing test running, if any: ``runAttachments(of:)``).
func exploreWorld(
  scenario: Scenario, plan: FaultPlan, options: HealthKitSimulation.Options,
  isolation: isolated (any Actor)?, passedBefore: Int,
  record: (_ bytes: [UInt8], _ name: String) -> Void = { bytes, name in
    if Test.current != nil { Attachment.record(bytes, named: name) }
  },
  _ body: (HealthKitSimulation) async throws -> Void
) async throws {
  /// How the world's body failed and what it said, or `nil` when it passed; the world's
  /// simulation. `known`: the issues it records are matched as known (shrinking's worlds).
  func attempt(_ plan: FaultPlan, known: Bool) async throws -> (
    failure: (WorldFailure, String)?, HealthKitSimulation
  ) {
    let simulation = try HealthKitSimulation(
      scenario: try plan.world(from: scenario), options: options)
    // A report (a stall on standard error) says which of the worlds it came from.
    simulation.reportContext = "explore world \(plan.description)"
    var thrown: (any Error)?
    func runBody() async {
      do {
        try await simulation.run(isolation: isolation) { try await body(simulation) }
      } catch {
        thrown = error
      }
    }
    var recorded: [String] = []
    if Test.current != nil {
      let issues = WorldIssues(known: known)
      await withKnownIssue(isIntermittent: true, isolation: isolation) {
        await runBody()
      } matching: { issue in
        issues.match(issue)
      }
      recorded = issues.recorded
    } else {
      await runBody()
    }
    if let thrown {
      return (
        (.thrown(ObjectIdentifier(type(of: thrown))), failureText(thrown, recorded: recorded)),
        simulation
      )
    }
    // Swift Testing may ask the matcher more than once for one issue: the first is named, not
    // a count.
    guard let first = recorded.first else { return (nil, simulation) }
    return ((.issues, "the body recorded an issue (#expect): \(first)"), simulation)
  }
  let (drawnFailure, drawn) = try await attempt(plan, known: false)
  guard let (failure, message) = drawnFailure else { return }
  // A stall cancels the task the worlds run in (docs/swift-api.md#nothing-silent), and every
  // world tried in a cancelled task would end at once: the drawn world is reported unshrunk,
  // saying so, rather than "shrunk" by worlds that never ran.
  guard !Task.isCancelled else {
    for (name, bytes) in runAttachments(of: drawn) { record(bytes, name) }
    throw ExploreFailure(
      plan: plan, shrunk: plan,
      error: message
        + " (not shrunk: the world's run stalled, which cancels the task explore runs in, and the worlds shrinking would try cannot run in a cancelled task; the drawn plan is the reproduction)",
      passedBefore: passedBefore)
  }
  var shrinker = FaultShrinker(plan, latest: FaultPlan.latestEnd(of: scenario))
  // The world of the shrinker's best plan: the drawn one until a candidate still fails.
  var lastFailing = drawn
  while let candidate = shrinker.candidate {
    let (tried, simulation) = try await attempt(candidate, known: true)
    let same = tried?.0 == failure
    if same { lastFailing = simulation }
    shrinker.record(stillFails: same)
  }
  for (name, bytes) in runAttachments(of: lastFailing) { record(bytes, name) }
  throw ExploreFailure(
    plan: plan, shrunk: shrinker.best, error: message, passedBefore: passedBefore)
}
