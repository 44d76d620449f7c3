import Foundation
import Testing
import WorkoutCore
import WorkoutRendering
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation
import WorkoutTerminal
import WorkoutWatch
import WorkoutWatchFace

@Suite("Playback: virtual time against an injected wall clock")
struct PlaybackTests {
  @Test func heldUntilPlayedThenSpeedTimesWall() {
    var playback = Playback(speed: 2)
    #expect(playback.virtualTime(atWall: .seconds(5)) == .zero)
    playback.play(atWall: .seconds(1))
    // (4 − 1) s × 2 = 6 s.
    #expect(playback.virtualTime(atWall: .seconds(4)) == .seconds(6))
    playback.hold(atWall: .seconds(4))
    #expect(playback.virtualTime(atWall: .seconds(10)) == .seconds(6))
    playback.toggle(atWall: .seconds(10))
    // 6 + (10.5 − 10) × 2 = 7 s.
    #expect(playback.virtualTime(atWall: .milliseconds(10_500)) == .seconds(7))
  }

  @Test func speedChangesKeepTheTimeReached() {
    var playback = Playback(speed: 1)
    playback.play(atWall: .zero)
    playback.faster(atWall: .seconds(10))  // 1 → 2 at t = 10 s
    #expect(playback.speed == 2)
    // 10 + 5 × 2 = 20 s.
    #expect(playback.virtualTime(atWall: .seconds(15)) == .seconds(20))
    playback.slower(atWall: .seconds(15))
    playback.slower(atWall: .seconds(15))  // 2 → 1 → 0.5
    #expect(playback.speed == 0.5)
    // 20 + 4 × 0.5 = 22 s.
    #expect(playback.virtualTime(atWall: .seconds(19)) == .seconds(22))
  }

  @Test func stepsAndLimit() {
    var playback = Playback(speed: 1, limit: .seconds(90))
    playback.step(by: .seconds(1), atWall: .zero)
    playback.step(by: .seconds(60), atWall: .zero)
    #expect(playback.virtualTime(atWall: .zero) == .seconds(61))
    #expect(!playback.isPlaying)
    playback.jump(to: .seconds(200), atWall: .zero)
    #expect(playback.virtualTime(atWall: .zero) == .seconds(90))
    playback.play(atWall: .zero)
    #expect(playback.virtualTime(atWall: .seconds(30)) == .seconds(90))
  }

  /// At speed 1 virtual time is the wall reading since play began, to the nanosecond, however
  /// many readings come in between (computed from the anchor, not accumulated).
  @Test func noDriftOverAMinuteOfTicks() {
    var playback = Playback(speed: 1)
    playback.play(atWall: .milliseconds(250))
    var wall = Duration.milliseconds(250)
    for _ in 0..<1200 {
      wall += .nanoseconds(50_000_017)
      _ = playback.virtualTime(atWall: wall)
    }
    // 1200 × 50 000 017 ns = 60 000 020 400 ns.
    #expect(playback.virtualTime(atWall: wall) == SimulationInstant(nanoseconds: 60_000_020_400))
  }
}

@Suite("The watch face's state")
struct WatchFaceStateTests {
  let steady = """
    { "version": 1, "course": [ { "duration": 600, "speed": 3 } ] }
    """

  @Test func opensHeldOnTheSelectorAndEnterStartsTheSelectedItem() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    #expect(face.playback.isPlaying == false)
    guard case .selecting(let selector, _) = face.snapshot().phase else {
      Issue.record("not on the selector")
      return
    }
    #expect(selector.selected == .running)
    // j turns one item down: running (0) → walking (1).
    #expect(face.handle(.character("j"), atWall: .seconds(2)) == .continueRunning)
    #expect(face.now == .zero)
    #expect(face.handle(.enter, atWall: .seconds(2)) == .continueRunning)
    #expect(face.playback.isPlaying)
    let engine = face.session.workoutEngine
    #expect(engine.sessionState(0) == .running)
    #expect(engine.activity(ofSession: 0) == .walking)
    face.update(atWall: .seconds(12))
    // Played from wall 2 s at speed 1: 12 − 2 = 10 s.
    #expect(face.now == .seconds(10))
    #expect(face.snapshot().elapsed == .seconds(10))
  }

  /// The face shows the selector exactly while the crown selects (issue 26, bug 3): a
  /// scenario that prepares at `t = 0` opens on the prepared workout, and `j` there changes
  /// neither the selection nor the activity and is logged as ignored; the built-in scenario
  /// (its timeline starts at 3 s, with no `prepare`) opens on the selector.
  @Test func aPreparedSessionOpensOnTheWorkoutAndTheCrownIsIgnored() throws {
    let prepared = """
      { "version": 1, "course": [ { "duration": 600, "speed": 3 } ],
        "timeline": [ { "at": 0, "do": "prepare" }, { "at": 3, "do": "start" } ] }
      """
    var face = try WatchFace(
      scenario: try decodeScenario(prepared, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    guard case .workout = face.snapshot().phase else {
      Issue.record("a prepared session opens on the selector")
      return
    }
    #expect(face.snapshot().sessionState == .prepared)
    _ = face.handle(.character("j"), atWall: .seconds(1))
    #expect(face.session.activitySelection.selectedActivity == .running)
    #expect(face.session.workoutEngine.activity(ofSession: 0) == .running)
    let ignored = face.session.workoutEngine.log.filter {
      if case .error(let report) = $0.kind { return report.action == "crown" }
      return false
    }
    #expect(ignored.map(\.at) == [.zero])
    let builtIn = try WatchFace(
      scenario: Scenario.defaultScenario, overrides: RunOverrides(), speed: 1)
    guard case .selecting = builtIn.snapshot().phase else {
      Issue.record("the built-in scenario does not open on the selector")
      return
    }
  }

  /// Speed and step cadence hold between the 10 s samples instead of blinking to `--`: running
  /// speed is the wrist's runningSpeed (3 m/s with its 0.05 m/s noise: within 5 standard
  /// deviations), and step cadence comes from the step samples of the last 30 s, 134 + 9.2 × 3
  /// = 161.6 steps/min (the running cadence model, docs/models.md#cadence-and-steps; steps carry no
  /// noise).
  @Test func speedAndCadenceHoldBetweenSamples() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    _ = face.handle(.enter, atWall: .zero)
    for second in [45, 46, 49] {
      face.update(atWall: .seconds(second))
      let snapshot = face.snapshot()
      #expect(abs((snapshot.speed ?? 0) - 3) < 0.25, "at \(second) s")
      #expect(abs((snapshot.cadence ?? 0) - 161.6) < 1e-9, "at \(second) s")
    }
  }

  /// After a resume, step cadence is steps over running time only: the 10 s pause inside the
  /// 30 s window does not count, so it reads the running cadence 134 + 9.2 × 3 = 161.6 steps/min
  /// at once (it read about 94–118/min while the paused time diluted it).
  @Test func cadenceAfterAResumeCountsRunningTimeOnly() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    _ = face.handle(.enter, atWall: .zero)
    _ = face.handle(.space, atWall: .seconds(60))
    _ = face.handle(.space, atWall: .seconds(70))
    #expect(face.session.workoutEngine.sessionState(0) == .running)
    for second in [80, 85, 90, 95, 99] {
      face.update(atWall: .seconds(second))
      let cadence = try #require(face.snapshot().cadence, "at \(second) s")
      #expect(abs(cadence - 161.6) < 1e-9, "at \(second) s: \(cadence)")
    }
  }

  /// With nothing before the workout, the Move ring's amount is the workout's active energy: the
  /// metrics and the legend show the same whole number at every second of the first minutes.
  @Test func activeEnergyAndMoveRingAgreeOnScreen() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    _ = face.handle(.enter, atWall: .zero)
    for second in stride(from: 10, through: 180, by: 1) {
      face.update(atWall: .seconds(second))
      let lines = WatchScreen.render(face.snapshot(), width: 80, height: 30).lines
      let active = try #require(lines.first { $0.hasPrefix("Active ") })
      let move = try #require(lines.first { $0.contains("Move ") })
      let activeAmount = active.split(separator: " ", omittingEmptySubsequences: true)[1]
      let moveAmount = try #require(move.split(separator: " ").first { $0.hasSuffix("/500") })
      #expect(activeAmount + "/500" == moveAmount, "at \(second) s: \(active) | \(move)")
    }
  }

  /// A keep-alive change in the background is one log line naming the reason, not a change of
  /// the app's state to itself (`app background -> background`).
  @Test func logHasNoSelfTransitions() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    _ = face.handle(.enter, atWall: .zero)
    _ = face.handle(.character("h"), atWall: .seconds(5))
    _ = face.handle(.character("e"), atWall: .seconds(10))
    let lines = face.snapshot().log.compactMap(WatchScreen.logLine)
    #expect(lines.contains("0:10  app background, kept alive by none"), "\(lines)")
    #expect(!lines.contains { $0.hasSuffix("background -> background") })
  }

  @Test func quitAsksWhileAWorkoutIsOpen() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    _ = face.handle(.enter, atWall: .zero)
    #expect(face.handle(.character("q"), atWall: .seconds(1)) == .continueRunning)
    #expect(face.overlay == .confirmQuit)
    #expect(face.handle(.character("x"), atWall: .seconds(1)) == .continueRunning)
    #expect(face.overlay == WatchSnapshot.Overlay.none)
    _ = face.handle(.character("q"), atWall: .seconds(1))
    #expect(face.handle(.character("y"), atWall: .seconds(1)) == .exit(.success))
    #expect(face.isStopped)
  }

  @Test func quitWithoutAWorkoutDoesNotAsk() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    #expect(face.handle(.character("q"), atWall: .zero) == .exit(.success))
  }

  @Test func helpTogglesAndCtrlCIsAnInterrupt() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(steady, fileName: "face.json"), overrides: RunOverrides(),
      speed: 1)
    _ = face.handle(.character("?"), atWall: .zero)
    #expect(face.overlay == .help)
    _ = face.handle(.character("?"), atWall: .zero)
    #expect(face.overlay == WatchSnapshot.Overlay.none)
    #expect(face.handle(.interrupt, atWall: .zero) == .exit(.interrupt))
  }

  @Test func stepKeysMoveHeldTime() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(
        #"{ "version": 1, "timeline": [ { "at": 300, "do": "start" }, { "at": 600, "do": "end" } ] }"#,
        fileName: "face.json"), overrides: RunOverrides(), speed: 1)
    _ = face.handle(.character("."), atWall: .zero)
    _ = face.handle(.character("n"), atWall: .zero)
    // 1 s + 60 s.
    #expect(face.now == .seconds(61))
    _ = face.handle(.character(">"), atWall: .zero)
    #expect(face.now == .seconds(300))
    #expect(face.session.workoutEngine.sessionState(0) == .running)
    #expect(!face.playback.isPlaying)
  }
}

@Suite("Rings: today's totals and the midnight reset, through a scenario")
struct RingsMidnightTests {
  /// 23:58 local in Berlin: midnight is 120 s after t = 0.
  let json = """
    { "version": 1, "start": "2026-03-02T23:58:00+01:00", "timeZone": "Europe/Berlin",
      "goals": { "activeEnergyBurned": 400, "appleExerciseTime": "20:00", "stepCount": 8000 },
      "today": { "activeEnergyBurned": 300, "appleExerciseTime": "20:00", "stepCount": 4000 },
      "course": [ { "duration": 600, "speed": 3 } ] }
    """

  @Test func todayResetsAtLocalMidnight() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(json, fileName: "face.json"), overrides: RunOverrides(), speed: 1
    )
    _ = face.handle(.character("p"), atWall: .zero)
    face.update(atWall: .seconds(119))
    #expect(face.rings.totals.activeEnergyBurned == 300)
    #expect(face.rings.totals.stepCount == 4000)
    // 300 / 400 = 0.75; 20 min / 20 min = 1; 4000 / 8000 = 0.5.
    #expect(face.rings.fraction(.move) == 0.75)
    #expect(face.rings.fraction(.exercise) == 1)
    #expect(face.rings.fraction(.steps) == 0.5)
    face.update(atWall: .seconds(120))
    #expect(face.rings.totals == .zero)
    #expect(face.snapshot().complicationSteps == 0)
    #expect(face.snapshot().complicationGoal == 8000)
  }

  /// The workout's amounts add to today's; after midnight only what it did since counts (the
  /// 10 s step samples end at 120, so none is astride midnight).
  @Test func workoutAddsAndTheNewDayStartsFromItsIncrease() throws {
    var face = try WatchFace(
      scenario: try decodeScenario(json, fileName: "face.json"), overrides: RunOverrides(), speed: 1
    )
    _ = face.handle(.enter, atWall: .zero)
    face.update(atWall: .seconds(110))
    let engine = face.session.workoutEngine
    let builder = try #require(engine.builder(ofSession: 0))
    let steps110 = try #require(builder.sum(of: .stepCount))
    let energy110 = try #require(builder.sum(of: .activeEnergyBurned))
    #expect(steps110 > 0)
    #expect(face.rings.totals.stepCount == 4000 + steps110)
    #expect(abs(face.rings.totals.activeEnergyBurned - (300 + energy110)) < 1e-9)
    // Exercise: 20:00 before plus the workout's 110 s elapsed.
    #expect(face.rings.totals.appleExerciseTime == .seconds(1200 + 110))
    face.update(atWall: .seconds(180))
    let later = try #require(face.session.workoutEngine.builder(ofSession: 0))
    let samples = later.samples(of: .stepCount)
    let afterMidnight = samples.filter { $0.start >= .seconds(120) }
    // [120, 130) ... [170, 180): six samples, the new day's steps.
    #expect(afterMidnight.count == 6)
    #expect(face.rings.totals.stepCount == afterMidnight.reduce(0) { $0 + $1.value })
    // Exercise: 180 − 120 = 60 s of the workout inside the new day.
    #expect(face.rings.totals.appleExerciseTime == .seconds(60))
  }

  /// Trial 31: midnight in New York 1195 s after the 23:40:05 start; steps and energy constant,
  /// 25 steps and 1.5 kcal a 10 s sample, [1190, 1200) astride midnight. The rings at an
  /// instant are the same stepping by second, by minute or in one go:
  /// - at 1195 (midnight): zero (today's 300 kcal, 20:00, 8000 steps reset; nothing after);
  /// - at 1200: the half of [1190, 1200) after midnight, 25 × 5/10 = 12.5 steps,
  ///   1.5 × 5/10 = 0.75 kcal, 5 s of exercise;
  /// - at 1255: that half plus [1200, 1250), 12.5 + 5 × 25 = 137.5 steps,
  ///   0.75 + 5 × 1.5 = 8.25 kcal, 1255 − 1195 = 60 s.
  @Test func aSampleAstrideMidnightIsSplitWhateverTheStepping() throws {
    let midnight = """
      { "version": 1, "start": "2026-02-14T23:40:05-05:00", "timeZone": "America/New_York",
        "today": { "activeEnergyBurned": 300, "appleExerciseTime": "20:00", "stepCount": 8000 },
        "sensors": { "stepCount": { "constant": 25 }, "activeEnergyBurned": { "constant": 1.5 } },
        "course": [ { "duration": "40:00", "speed": 2.8 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": "40:00", "do": "end" } ] }
      """
    func face() throws -> WatchFace {
      try WatchFace(
        scenario: try decodeScenario(midnight, fileName: "midnight.json"),
        overrides: RunOverrides(), speed: 1)
    }
    let expected: [(at: Int64, totals: ActivityTotals)] = [
      (1195, .zero),
      (
        1200,
        ActivityTotals(
          activeEnergyBurned: 0.75, appleExerciseTime: .seconds(5), stepCount: 12.5)
      ),
      (
        1255,
        ActivityTotals(
          activeEnergyBurned: 8.25, appleExerciseTime: .seconds(60), stepCount: 137.5)
      ),
    ]
    // Every second (the `.` key).
    var bySecond = try face()
    var reached: Int64 = 0
    for (at, totals) in expected {
      while reached < at {
        _ = bySecond.handle(.character("."), atWall: .zero)
        reached += 1
      }
      #expect(bySecond.rings.totals == totals, "by second at \(at) s")
    }
    // By minute (`n`) to 1200, then by second to 1255.
    var byMinute = try face()
    for _ in 0..<20 { _ = byMinute.handle(.character("n"), atWall: .zero) }
    #expect(byMinute.rings.totals == expected[1].totals, "by minute at 1200 s")
    for _ in 0..<55 { _ = byMinute.handle(.character("."), atWall: .zero) }
    #expect(byMinute.rings.totals == expected[2].totals, "by minute at 1255 s")
    // Played at speed 1, one update at each instant.
    for (at, totals) in expected {
      var played = try face()
      _ = played.handle(.character("p"), atWall: .zero)
      played.update(atWall: .seconds(at))
      #expect(played.rings.totals == totals, "in one go to \(at) s")
    }
  }
}

/// Field case F10 on the watch face (docs/field-cases.md#f10-a-goal-for-a-watch-app-that-is-not-running):
/// the step goal the phone syncs by application context becomes the step ring's goal.
@Suite("The watch face takes the step goal synced from the phone")
struct WatchFaceStepGoalTests {
  @Test func f10StepGoalFromTheLatestContext() throws {
    let url = packageRoot.appendingPathComponent("Scenarios/f10-context-to-app-not-running.json")
    let scenario = try Scenario.load(contentsOf: url)
    // Speed 100: 2 wall seconds play 200 virtual seconds.
    var face = try WatchFace(scenario: scenario, overrides: RunOverrides(), speed: 100)
    _ = face.handle(.character("p"), atWall: .zero)
    face.update(atWall: .seconds(2))
    #expect(face.now == .seconds(200))
    // Before the app opens: the scenario's goal, 6000 / 10000 = 0.6.
    #expect(face.rings.goals.stepCount == 10_000)
    #expect(abs(face.rings.fraction(.steps) - 0.6) < 1e-12)
    face.update(atWall: .seconds(4))
    #expect(face.now == .seconds(400))
    // The context of 60 (12000) arrived at 301: 6000 / 12000 = 0.50.
    #expect(face.rings.goals.stepCount == 12_000)
    #expect(abs(face.rings.fraction(.steps) - 0.5) < 1e-12)
    #expect(face.snapshot().complicationGoal == 12_000)
  }

  @Test func aContextWithoutAValidGoalLeavesTheGoal() throws {
    // The phone (in front) sets its context every 10 s while the watch app runs; each arrives
    // 1 s later (phone.link.transferLatency): 8000 at 1 s, 2.5 (not whole) at 11 s,
    // 100 001 (above 100 000) at 21 s, 9000 at 31 s (`stepGoalContextsJSON`).
    // Speed 10: one wall second plays 10 virtual seconds.
    var face = try WatchFace(
      scenario: try decodeScenario(stepGoalContextsJSON), overrides: RunOverrides(), speed: 10)
    _ = face.handle(.character("p"), atWall: .zero)
    var goals: [Double] = []
    for wall in 1...4 {
      face.update(atWall: .seconds(wall))
      goals.append(face.rings.goals.stepCount)
    }
    // At 10, 20, 30 s: 8000 (the two invalid goals changed nothing); at 40 s: 9000, so
    // 6000 / 9000 = 2/3 of the ring.
    #expect(goals == [8000, 8000, 8000, 9000])
    #expect(face.snapshot().complicationGoal == 9000)
    #expect(abs(face.rings.fraction(.steps) - 6000.0 / 9000.0) < 1e-12)
  }
}
