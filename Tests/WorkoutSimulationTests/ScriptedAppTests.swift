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

  /// A timeline `lap` at t = 150 s after the timeline's `endCollection` at t = 100 s
  /// (`"finish": "manual"`) is refused with advice for the scenario file, the action's JSON path
  /// and the `at` to write (the Swift door's advice names the builder's `endDate` instead:
  /// SimulatedHealthKitTests' EventSpanTests); the workout is saved without it.
  @Test func aLateTimelineLapIsAdvisedForTheScenarioFile() throws {
    let scenario = try decodeScenario(
      """
      {
        "version": 1,
        "finish": "manual",
        "timeline": [
          { "at": 0, "do": "start" },
          { "at": 100, "do": "endCollection" },
          { "at": 150, "do": "lap" },
          { "at": 200, "do": "finishWorkout" }
        ]
      }
      """)
    var session = try SimulationSession(scenario)
    session.advance(to: .seconds(200))
    session.finish(at: .seconds(200))
    let engine = session.workoutEngine
    #expect(engine.errors.map(\.call) == [.engine(.lap)])
    #expect(
      engine.errors.first?.error.message
        == "A lap event dated t = 150 s lies after the workout's end and cannot be added (the workout spans t = 0 s to t = 100 s): HealthKit takes only events dated between a workout's start and end (https://developer.apple.com/documentation/healthkit/hkworkoutevent/date); in the scenario file, give timeline[2].at a time at or before 100 (the workout's end), or end collection at 150 or later (the at of the timeline's endCollection)"
    )
    #expect(engine.records.first?.events == [])
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
