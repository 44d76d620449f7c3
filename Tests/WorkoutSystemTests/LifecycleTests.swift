import Testing
import WorkoutCore
import WorkoutSystem

/// App lifecycle: wrist, crown, return to clock, grace period, keep-alive by workout sessions.
/// Defaults: return to clock 120 s, grace 10 s.
@Suite struct LifecycleTests {
  /// Session 0 runs; the crown sends the app to the background at 10 (kept alive by it). A new
  /// session started at 20 ends session 0 (anotherWorkoutSessionStarted) and runs itself: a
  /// workout session keeps the app alive throughout, so no keep-alive change is logged and no
  /// grace period starts (still background at 20 + 10 = 30 and long after).
  @Test func anotherSessionStartingInTheBackgroundKeepsTheAppAlive() {
    var engine = runWatch(
      watchConfiguration(),
      [(0, .start), (10, .crownPress), (20, .newSession(activity: nil)), (20, .start)])
    #expect(engine.probe(at: t(1000)).appState == .background)
    #expect(engine.sessionState(0) == .ended)
    #expect(engine.sessionState(1) == .running)
    #expect(
      sameStates(
        engine.appStates, [(10, .active, .background, .crownPress, .workoutSession)]))
  }

  /// The engine tracks the wrist: down at 5; `openApp` at 10 raises it.
  @Test func openAppRaisesTheWrist() {
    var engine = runWatch(watchConfiguration(), [(5, .wristDown)])
    #expect(!engine.isWristUp)
    engine.perform(.openApp, at: t(10))
    #expect(engine.isWristUp)
    #expect(engine.appState == .active)
  }

  /// Wrist down at 30: inactive at 30, background at 30 + 120 = 150, suspended at 150 + 10 = 160.
  @Test func suspensionAfterWristDown() {
    var engine = runWatch(watchConfiguration(), [(30, .wristDown)])
    let probe = engine.probe(at: t(159))
    #expect(probe.appState == .background)
    #expect(probe.keepAlive == KeepAliveReason.none)
    #expect(engine.probe(at: t(160)).appState == .suspended)
    #expect(
      sameStates(
        engine.appStates,
        [
          (30, .active, .inactive, .wristDown, .none),
          (150, .inactive, .background, .returnToClock, .none),
          (160, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// Configured return to clock 60 s and grace 5 s: background at 30 + 60 = 90, suspended at 95.
  @Test func configuredReturnToClockAndGrace() {
    let watch = WatchConfiguration(returnToClock: .seconds(60), backgroundGracePeriod: .seconds(5))
    var engine = runWatch(watchConfiguration(watch), [(30, .wristDown)])
    engine.advance(to: t(1000))
    #expect(engine.appStates.map(\.0) == [30, 90, 95])
  }

  /// Return to clock "never": the app stays inactive.
  @Test func returnToClockNever() {
    var engine = runWatch(
      watchConfiguration(WatchConfiguration(returnToClock: nil)), [(30, .wristDown)])
    #expect(engine.probe(at: t(100_000)).appState == .inactive)
    #expect(engine.appStates.count == 1)
  }

  /// Wrist up at 100 (before 150) cancels the return to clock.
  @Test func wristUpBeforeReturnToClock() {
    var engine = runWatch(watchConfiguration(), [(30, .wristDown), (100, .wristUp)])
    engine.advance(to: t(1000))
    #expect(
      sameStates(
        engine.appStates,
        [(30, .active, .inactive, .wristDown, .none), (100, .inactive, .active, .wristUp, .none)]))
  }

  /// A running session keeps the app alive: background at 150 with keep-alive workoutSession,
  /// never suspended; wrist up at 1000 brings the workout app back.
  @Test func noSuspensionWhileSessionRuns() {
    var engine = runWatch(
      watchConfiguration(), [(0, .start), (30, .wristDown), (1000, .wristUp)])
    #expect(engine.probe(at: t(1000)).appState == .active)
    #expect(
      sameStates(
        engine.appStates,
        [
          (30, .active, .inactive, .wristDown, .workoutSession),
          (150, .inactive, .background, .returnToClock, .workoutSession),
          (1000, .background, .active, .wristUp, .workoutSession),
        ]))
    // Samples every 10 s were all delivered while in the background: 0...1000 → 101.
    let delivered = engine.log.reduce(0) {
      if case .dataCollected(_, let count) = $1.kind { return $0 + count }
      return $0
    }
    #expect(delivered == 101)
  }

  /// A prepared session (a countdown) also keeps the app alive.
  @Test func preparedSessionKeepsAlive() {
    var engine = runWatch(watchConfiguration(), [(0, .prepare), (10, .wristDown)])
    let probe = engine.probe(at: t(5000))
    #expect(probe.appState == .background)
    #expect(probe.keepAlive == .workoutSession)
  }

  /// Session ends in the background at 600: keep-alive none at 600, suspended at 600 + 10.
  @Test func suspensionAfterSessionEndsInBackground() {
    var engine = runWatch(
      watchConfiguration(), [(0, .start), (30, .wristDown), (600, .end)])
    engine.advance(to: t(1000))
    #expect(engine.records.count == 1)
    #expect(
      sameStates(
        engine.appStates,
        [
          (30, .active, .inactive, .wristDown, .workoutSession),
          (150, .inactive, .background, .returnToClock, .workoutSession),
          (600, .background, .background, .keepAlive, .none),
          (610, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// Crown press at 50: background at once, suspended at 60; actions are refused while
  /// suspended; openApp at 100 makes it active again.
  @Test func crownPressThenOpenApp() {
    let engine = runWatch(
      watchConfiguration(), [(50, .crownPress), (80, .prepare), (100, .openApp), (110, .prepare)])
    #expect(
      sameStates(
        engine.appStates,
        [
          (50, .active, .background, .crownPress, .none),
          (60, .background, .suspended, .gracePeriodEnded, .none),
          (100, .suspended, .active, .openApp, .none),
        ]))
    #expect(
      engine.errors == [
        ErrorReport(error: .appSuspended, call: .session(.prepare), at: t(80), session: nil)
      ])
    #expect(engine.sessionState(0) == .prepared)
  }

  /// Crash and relaunch with recovery: appState entries, missed samples as one batch, and the
  /// record equal to the uninterrupted run's.
  @Test func crashAndRelaunchWithRecovery() throws {
    let crashed = runWatch(
      watchConfiguration(),
      [(0, .start), (300, .crash), (325, .relaunch(recover: true)), (600, .end)])
    let uninterrupted = runWatch(watchConfiguration(), [(0, .start), (600, .end)])
    #expect(
      sameStates(
        crashed.appStates,
        [
          (300, .active, .notRunning, .crash, .workoutSession),
          (325, .notRunning, .active, .relaunch, .workoutSession),
        ]))
    #expect(crashed.records == uninterrupted.records)
    // 600 / 10 + 1 = 61 heart-rate samples.
    #expect(crashed.records.first?.statistics[.heartRate]?.discreteValue?.count == 61)
    // Missed while dead: 300, 310, 320 → one batch of 3 at 325, after the relaunch entry.
    let around = crashed.log.filter { $0.at > t(290) && $0.at < t(330) }
    #expect(around.count == 3)
    #expect(
      around.last
        == LogEntry(
          at: t(325), session: 0, kind: .dataCollected(types: [.init([.heartRate])], count: 3)))
  }

  /// Relaunch with the wrist down goes to the background; with no session it is suspended after
  /// the grace period (relaunch at 100 → suspended at 110).
  @Test func relaunchWithWristDown() {
    var engine = runWatch(
      watchConfiguration(), [(0, .crash), (50, .wristDown), (100, .relaunch(recover: false))])
    engine.advance(to: t(200))
    #expect(
      sameStates(
        engine.appStates,
        [
          (0, .active, .notRunning, .crash, .none),
          (100, .notRunning, .background, .relaunch, .none),
          (110, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// With the lifecycle model off, watch actions change nothing and no appState is logged.
  @Test func modelOff() {
    var engine = run(
      WorkoutEngineConfiguration(schedules: only([.heartRate: 10])), source: ScriptedSource(),
      [(0, .wristDown), (10, .crownPress), (20, .extendedRuntime(.start))])
    let probe = engine.probe(at: t(1000))
    #expect(probe.appState == nil && probe.keepAlive == nil)
    #expect(engine.appState == .active)
    #expect(engine.log.isEmpty && engine.errors.isEmpty)
  }
}
