import Testing
import WorkoutCore
import WorkoutExplore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

/// `tempo-ride.json` under `crash-recover` (docs/explore.md#in-ci-and-the-long-run): its laps at
/// 600 s and 1800 s are the app's own `addWorkoutEvents` calls, so a crash over one leaves the
/// app dead at the lap's instant. The lap is not added and is reported as the app's call made
/// while it was not running; the session and its samples go on system-side, the recovered app
/// finishes the whole workout, and every check of the scenario holds (its errors check leaves
/// out the calls of a dead app).
@Suite struct CrashOverALapTests {
  /// The world of the scenario's own seed with one `crash-recover` from `at` for `span` seconds.
  func world(crashAt at: Int64, for span: Int64) throws -> Scenario {
    let scenario = try bundledScenario("tempo-ride.json")
    let plan = FaultPlan(
      seed: scenario.seed,
      faults: [Fault(.crashRecover, at: .seconds(at), duration: .seconds(span))])
    return try plan.world(from: scenario)
  }

  func lapInstants(_ result: RunResult) -> [SimulationInstant] {
    result.records.first?.events.filter { $0.type == .lap }.map(\.date) ?? []
  }

  func failedChecks(_ world: Scenario) throws -> [String] {
    try Simulation.check(world).compactMap { outcome -> String? in
      if case .failed(let failure) = outcome.outcome { return failure.message }
      return nil
    }
  }

  /// Explore's seeds 233, 242 and 380 shrink to this: dead from 1799 s, relaunched with
  /// recovery at 1799 + 46 = 1845 s; the lap at 1800 s falls in [1799, 1845).
  @Test func aCrashOverTheSecondLapLosesItAndEveryCheckHolds() throws {
    let world = try world(crashAt: 1799, for: 46)
    let result = try Simulation.run(world)
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.at == .seconds(1800))
    #expect(result.errors.first?.call == .engine(.lap))
    #expect(result.errors.first?.error == .appNotRunning)
    #expect(result.records.count == 1)
    #expect(lapInstants(result) == [.seconds(600)])
    // 600 + 1200 + 601 = 2401 power samples, 2400 s: nothing lost over the crash, and the
    // scenario's 21 checks hold (its errors check counts none but the dead app's lap).
    #expect(result.records.first?.statistics[.cyclingPower]?.count == 2401)
    #expect(try failedChecks(world) == [])
  }

  /// Explore's seeds 225, 261, 270, 371 and 373: dead from 599 s to 599 + 53 = 652 s, over the
  /// lap at 600 s; the lap at 1800 s is the record's only one.
  @Test func aCrashOverTheFirstLapLosesItAndEveryCheckHolds() throws {
    let world = try world(crashAt: 599, for: 53)
    let result = try Simulation.run(world)
    #expect(result.errors.map(\.at) == [.seconds(600)])
    #expect(lapInstants(result) == [.seconds(1800)])
    #expect(try failedChecks(world) == [])
  }

  /// A crash between the laps (1000 s to 1030 s) misses no call: no error, both laps.
  @Test func aCrashBetweenTheLapsMissesNothing() throws {
    let result = try Simulation.run(try world(crashAt: 1000, for: 30))
    #expect(result.errors.isEmpty)
    #expect(lapInstants(result) == [.seconds(600), .seconds(1800)])
  }

  /// The errors check still counts every other error: the same world with the app's `pause`
  /// twice at 1200 s (the second fails: the session is already paused) and a `resume` at
  /// 1201 s has 2 errors, and the check counts 2 − 1 (the dead app's lap) = 1.
  @Test func theErrorsCheckStillCountsEveryOtherError() throws {
    var world = try world(crashAt: 1799, for: 46)
    let probe = try #require(world.timeline.firstIndex { $0.kind == .probe })
    #expect(world.timeline[probe].at == .seconds(1200))
    let pause = Scenario.Action(at: .seconds(1200), .app(.pause))
    let resume = Scenario.Action(at: .seconds(1201), .app(.resume))
    world.timeline.insert(contentsOf: [pause, pause, resume], at: probe + 1)
    let result = try Simulation.run(world)
    #expect(result.errors.count == 2)
    #expect(
      try failedChecks(world).contains(
        #"expect[20]: count(errors except {"message":"The app is not running"}): expected equals 0, actual 1"#
      ))
  }
}
