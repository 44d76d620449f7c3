import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutScenario

@testable import SimulatedHealthKitTesting

/// The trait's 30-minute run with a probe at 1800 s: its timeline lets faults be drawn from 1 s
/// to 1799 s.
let exploredRun: Scenario = {
  var scenario = traitRun
  scenario.timeline = [Scenario.Action(at: .seconds(1800), kind: .probe, location: "timeline[0]")]
  return scenario
}()

/// The app under test: a 20-minute run that never recovers its session after a crash, so a
/// crash while it runs loses the workout (finishing throws).
func runTwentyMinutes(_ simulation: HealthKitSimulation) async throws {
  let (session, builder) = try await startRunning(HKHealthStore())
  try await simulation.advance(by: .seconds(1200))
  session.end()
  try await builder.endCollection(at: simulation.now)
  _ = try await builder.finishWorkout()
}

@Suite struct ExploreTests {
  /// A failing world's shrunk run goes to the test as its result and its report page, the
  /// trait's two attachments: the shrunk world is one crash at 1200 s (as below), so its
  /// result is the trait run's with no workout saved.
  @Test func aFailingWorldAttachesItsResultAndReportPage() async throws {
    let seen = Mutex<[(name: String, bytes: [UInt8])]>([])
    let plan = try #require(FaultPlan("seed 1: crash@600+5, wrist@900+40"))
    await #expect(throws: ExploreFailure.self) {
      try await exploreWorld(
        scenario: exploredRun, plan: plan, options: [], isolation: #isolation, passedBefore: 0,
        record: { bytes, name in seen.withLock { $0.append((name, bytes)) } },
        runTwentyMinutes)
    }
    let attached = seen.withLock { $0 }
    #expect(attached.map(\.name) == ["run-result.json", "report.html"])
    let document =
      try JSONSerialization.jsonObject(with: Data(attached.first?.bytes ?? [])) as? [String: Any]
    #expect(document?["scenario"] as? String == "Trait run")
    #expect((document?["records"] as? [Any])?.count == 0)
    let html = attached.last.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    #expect(html.hasPrefix("<!DOCTYPE html>"))
  }

  /// A stall inside `explore` says which world stalled: the world's plan ends the report's
  /// message (and so the line on standard error and the `StallError` the world throws).
  @Test func aStallNamesItsWorld() async throws {
    let plan = try #require(FaultPlan("seed 1: wrist@900+40"))
    // In a task of its own: a stall cancels the run's task (here, the test's).
    let failure = await #expect(throws: ExploreFailure.self) {
      try await Task {
        try await exploreWorld(
          scenario: exploredRun, plan: plan, options: [], isolation: nil, passedBefore: 0,
          record: { _, _ in }
        ) { simulation in
          simulation.stallReportDelay = .milliseconds(200)
          try await simulation.clock.sleep(until: .seconds(10))
        }
      }.value
    }
    let error = try #require(failure?.error)
    #expect(error.hasPrefix("SimulationClock: sleep(until: 10 s) at t = 0 s: "))
    // The world's plan, then why it is not shrunk (a stall cancels the task shrinking needs).
    #expect(error.contains(" [explore world seed 1: wrist@900+40] (not shrunk: "))
  }

  /// A scenario without a timeline (a Swift test's app makes the calls) leaves no room for
  /// faults: refused, as the command line refuses it, rather than passing worlds without any
  /// (trial finding). The body never runs.
  @Test func aScenarioWithoutATimelineIsRefused() async throws {
    let ran = Mutex(false)
    await #expect(throws: FaultSpanError()) {
      try await explore(scenario: traitRun, seeds: 3, faults: [.crash]) { _ in
        ran.withLock { $0 = true }
      }
    }
    #expect(!ran.withLock { $0 })
  }

  /// An exploration that would run no world, or draw no fault, is refused, as the command line
  /// refuses `--seeds 0` (64), instead of passing without the body ever running (trial
  /// finding). The body never runs.
  @Test(arguments: [(0, [Fault.Kind.crash]), (-2, [.crash]), (3, [])])
  func anExplorationOfNothingIsRefused(seeds: Int, faults: [Fault.Kind]) async throws {
    let ran = Mutex(false)
    let error = await #expect(throws: ExploreArgumentError.self) {
      try await explore(scenario: exploredRun, seeds: seeds, faults: faults) { _ in
        ran.withLock { $0 = true }
      }
    }
    #expect(
      error?.description.hasPrefix(seeds < 1 ? "seeds: \(seeds): " : "faults: []: ") == true)
    #expect(!ran.withLock { $0 })
  }

  /// A world whose body stalls (it waits on a stream nothing feeds) cancels the task explore
  /// runs in; the worlds shrinking would try cannot run there, so the drawn world is thrown
  /// unshrunk and says why, instead of a "shrunk" plan made of worlds that ended at once. (In a
  /// task of its own, as the stall cancels it.)
  @Test func aStalledWorldIsReportedUnshrunk() async throws {
    let failure = await #expect(throws: ExploreFailure.self) {
      try await Task {
        try await explore(scenario: exploredRun, seeds: 1, faults: [.wrist]) { simulation in
          simulation.stallReportDelay = .milliseconds(200)
          let (stream, _) = AsyncStream<Int>.makeStream()
          for await _ in stream {}
        }
      }.value
    }
    #expect(failure?.shrunk == failure?.plan)
    #expect(failure?.error.hasSuffix("the drawn plan is the reproduction)") == true)
  }

  /// Issue 30's other form of the same search: the worlds as a Swift Testing argument list,
  /// one test case per world (`FaultPlan.worlds`), each run with `explore(scenario:plan:)`.
  /// The four worlds (seeds 1 to 4) are those of `explore(seeds: 4, faults: [.wrist])`.
  @Test(arguments: FaultPlan.worlds(seeds: 0..<4, faults: [.wrist], scenario: exploredRun))
  func eachWorldOfAnArgumentListIsATestCase(plan: FaultPlan) async throws {
    #expect(plan.seed >= 1 && plan.seed <= 4)
    #expect(!plan.faults.isEmpty && plan.faults.allSatisfy { $0.kind == .wrist })
    try await explore(scenario: exploredRun, plan: plan) { simulation in
      try await runTwentyMinutes(simulation)
    }
  }

  @Test func wristFaultsNeverLoseTheWorkout() async throws {
    try await explore(scenario: exploredRun, seeds: 6, faults: [.wrist]) { simulation in
      try await runTwentyMinutes(simulation)
    }
  }

  @Test func aCrashIsFoundAndShrunkToTheLatestFailingSecond() async throws {
    let failure = await #expect(throws: ExploreFailure.self) {
      try await explore(scenario: exploredRun, seeds: 10, faults: [.crash, .wrist]) {
        simulation in
        try await runTwentyMinutes(simulation)
      }
    }
    let found = try #require(failure)
    // Seeds are the scenario's 1 + k; the failing world drew a crash before the body's end at
    // 1200 s. Shrinking leaves that crash alone (the wrist faults do not matter) and moves it
    // to the last second at which it still hits the running app: 1200 s, the instant the
    // body's advance reaches (a crash after it never happens in the body's world).
    #expect(found.plan.seed == 1 + UInt64(found.passedBefore))
    #expect(found.plan.faults.contains { $0.kind == .crash && $0.at <= .seconds(1200) })
    #expect(found.shrunk.faults.count == 1)
    #expect(found.shrunk.faults.first?.kind == .crash)
    #expect(found.shrunk.faults.first?.at == .seconds(1200))
    #expect(found.reproduction.contains("FaultPlan(\"seed \(found.plan.seed): crash@1200+"))
    // The reproduction's plan, read back, fails again in one world.
    let replay = try #require(FaultPlan(found.shrunk.description))
    #expect(replay == found.shrunk)
    await #expect(throws: ExploreFailure.self) {
      try await explore(scenario: exploredRun, plan: replay) { simulation in
        try await runTwentyMinutes(simulation)
      }
    }
  }

  /// `auth-denied`: the user turns one HealthKit type off on the sheet. An app that needs to
  /// save its workouts fails in the world where that type is the workout, passes where it is
  /// heart rate; shrinking keeps the one fault. `auth-denied-all` (every type off) fails too.
  @Test func authDeniedIsAWorldWhereSavingWorkoutsIsNotAllowed() async throws {
    try await explore(scenario: exploredRun, plan: FaultPlan(seed: 1, faults: []), savesWorkouts)
    try await explore(
      scenario: exploredRun, plan: try #require(FaultPlan("seed 1: auth-denied:heartRate")),
      savesWorkouts)
    let failure = await #expect(throws: ExploreFailure.self) {
      try await explore(
        scenario: exploredRun,
        plan: try #require(FaultPlan("seed 1: auth-denied:workout, wrist@900+40")), savesWorkouts)
    }
    #expect(failure?.shrunk.description == "seed 1: auth-denied:workout")
    await #expect(throws: ExploreFailure.self) {
      try await explore(
        scenario: exploredRun, plan: try #require(FaultPlan("seed 1: auth-denied-all")),
        savesWorkouts)
    }
  }

  /// A plan whose fault lies past the scenario's span (its timeline ends at 1800 s: faults from
  /// 1 s to 1799 s) is refused before any world runs (trial finding: it ran and did nothing).
  @Test func aPlanOutsideTheScenarioIsRefused() async throws {
    let ran = Mutex(false)
    let error = await #expect(throws: FaultInstantError.self) {
      try await explore(
        scenario: exploredRun, plan: try #require(FaultPlan("seed 3: crash@5000+5"))
      ) { _ in ran.withLock { $0 = true } }
    }
    #expect(error?.description.contains("end by 1799 s") == true)
    #expect(!ran.withLock { $0 })
  }

  /// An `#expect` in the body (no throw) fails the world: the exploration shrinks it and throws
  /// the failure with its seed and faults (trial finding: the issue was recorded with nothing
  /// tying it to its world). The drawn world's issue fails the test where it stands, as any
  /// `#expect`: here it is the known issue of the test's own `withKnownIssue`; shrinking's
  /// worlds record theirs as known issues.
  @Test func anExpectationInTheBodyIsTiedToItsWorld() async throws {
    let caught = Mutex<ExploreFailure?>(nil)
    let plan = try #require(FaultPlan("seed 1: auth-denied:workout, wrist@900+40"))
    try await withKnownIssue("the drawn world's #expect") {
      do {
        try await explore(scenario: exploredRun, plan: plan) { _ in
          let store = HKHealthStore()
          try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [])
          #expect(store.authorizationStatus(for: HKObjectType.workoutType()) == .sharingAuthorized)
        }
      } catch let failure as ExploreFailure {
        caught.withLock { $0 = failure }
      }
    } matching: { issue in
      issue.description.contains("sharingAuthorized")
    }
    let failure = try #require(caught.withLock { $0 })
    #expect(failure.plan == plan)
    #expect(failure.shrunk.description == "seed 1: auth-denied:workout")
    #expect(failure.error.hasPrefix("the body recorded an issue (#expect): "))
  }
}

/// A `#require` that fails in the body: the failure's text is the issue it recorded (source
/// text, values, comment) and where it stands, not `ExpectationFailedError`'s internal
/// structure without the comment (the new-user trial 24: "route has 0 locations" was lost).
@Suite struct ExploreRequireTests {
  @Test func aFailedRequireIsDescribedByItsExpressionAndComment() async throws {
    let caught = Mutex<ExploreFailure?>(nil)
    let line = Mutex(0)
    let plan = try #require(FaultPlan("seed 1: wrist@900+40"))
    try await withKnownIssue("the drawn world's #require") {
      do {
        try await explore(scenario: exploredRun, plan: plan) { _ in
          let locations: [Int] = []
          line.withLock { $0 = #line + 1 }
          try #require(locations.count > 0, "route has 0 locations")
        }
      } catch let failure as ExploreFailure {
        caught.withLock { $0 = failure }
      }
    } matching: { issue in
      issue.description.contains("route has 0 locations")
    }
    let failure = try #require(caught.withLock { $0 })
    let at = line.withLock { $0 }
    #expect(
      failure.error.hasPrefix(
        "a #require failed at SimulatedHealthKitTestingTests/ExploreTests.swift:\(at):"))
    #expect(failure.error.contains("locations.count"))
    #expect(failure.error.hasSuffix("route has 0 locations"))
    #expect(!failure.description.contains("ExpectationFailedError"))
    // Every world fails the same way, faults or none: shrunk to none.
    #expect(failure.shrunk.faults.isEmpty)
  }
}

/// The app under test of the auth-denied worlds: asks to share workouts and throws when not
/// allowed to.
func savesWorkouts(_ simulation: HealthKitSimulation) async throws {
  let store = HKHealthStore()
  try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [])
  guard store.authorizationStatus(for: HKObjectType.workoutType()) == .sharingAuthorized
  else { throw SavingNotAllowed() }
}

struct SavingNotAllowed: Error {}
