import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutSystem

/// The world and the command line's app on it: one world, whose only difference between the
/// doors is whether the scenario's app (`ScriptedApp`) is attached.
@Suite struct ScriptedAppTests {
  /// Start at 0, a crash at 30, a relaunch with recovery at 40, end at 60 (`finish: auto`).
  func scenario(link: Bool = false) throws -> Scenario {
    var timeline: [Scenario.Action] = [
      .init(at: .seconds(0), .app(.start)),
      .init(at: .seconds(30), .app(.crash)),
      .init(at: .seconds(40), .app(.relaunch(recover: true))),
      .init(at: .seconds(60), .app(.end)),
    ]
    if link { timeline.insert(.init(at: .seconds(1), .app(.link(.activate(.watch)))), at: 1) }
    return try Scenario(name: "world", timeline: timeline)
  }

  @Test func theCommandLinesAppMakesTheTimelinesCalls() throws {
    var session = try SimulationSession(try scenario())
    session.advance(to: .seconds(60))
    session.finish(at: .seconds(60))
    let engine = session.workoutEngine
    // The app started at 0 and ended at 60; its `auto` reflex finished the workout; the
    // relaunch at 40 recovered the session (the app's launch code), so it is the app's again.
    #expect(engine.sessionState(0) == .ended)
    #expect(engine.records.count == 1)
    #expect(engine.records.first?.duration == .seconds(60))
    #expect(engine.crashCount == 1)
    #expect(engine.currentSessionIndex == 0)
    // Its reflexes are the engine's client (collection begun at `start`, `auto`), not the
    // engine's configuration; the timeline makes no link calls, so no app activated its link.
    #expect(!(engine.reflexes is NoAppReflexes))
    #expect(engine.linkActivationState(.watch) == 0)
  }

  @Test func theWorldWithoutTheAppPlaysOnlyWorldActions() throws {
    var session = try SimulationSession(world: try scenario())
    session.advance(to: .seconds(60))
    session.finish(at: .seconds(60))
    let engine = session.workoutEngine
    // Nobody called `start` or `end`: session 0 never left notStarted, no record was saved.
    #expect(engine.sessionState(0) == .notStarted)
    #expect(engine.records.isEmpty)
    // The crash at 30 and the relaunch at 40 are the world's: the app crashed once, runs
    // again, and has no session (recovering is the app's own call).
    #expect(engine.crashCount == 1)
    #expect(engine.appIsRunning)
    #expect(engine.currentSessionIndex == nil)
    // HealthKit's engine: no reflexes; the app begins, ends and finishes collection itself.
    #expect(engine.reflexes is NoAppReflexes)
    #expect(engine.queuesEffects)
  }

  @Test func aTimelineWithLinkCallsMakesBothAppsScripted() throws {
    let commandLine = try SimulationSession(try scenario(link: true))
    let world = try SimulationSession(world: try scenario(link: true))
    // The scripted watch app activated its session as it ran, at 0 (`activationState` 2,
    // `activated`); the world's app is app code that has not called `activate()` (0).
    #expect(commandLine.workoutEngine.linkActivationState(.watch) == 2)
    #expect(world.workoutEngine.linkActivationState(.watch) == 0)
  }

  @Test func theScriptedWatchAppTakesAValidContextsStepGoal() throws {
    // The phone's contexts every 10 s, each delivered 1 s later (`stepGoalContextsJSON`).
    let scenario = try decodeScenario(stepGoalContextsJSON)
    var session = try SimulationSession(scenario)
    session.advance(to: SimulationInstant(nanoseconds: 999_000_000))
    #expect(session.scriptedAppStepGoal == nil)
    // 8000 at 1 s; 2.5 (not whole) at 11 s and 100 001 (above 100 000) at 21 s leave it;
    // 9000 at 31 s.
    var goals: [Double?] = []
    for second: Int64 in [1, 11, 21, 31] {
      session.advance(to: .seconds(second))
      goals.append(session.scriptedAppStepGoal)
    }
    #expect(goals == [8000, 8000, 8000, 9000])
    // The Swift door's world has no scripted app: the app's own delegate reads its contexts.
    var world = try SimulationSession(world: scenario)
    world.advance(to: .seconds(40))
    #expect(world.scriptedAppStepGoal == nil)
  }
}
