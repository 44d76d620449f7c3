import Testing
import WorkoutCore
import WorkoutSystem

/// Auto-pause at a traffic light: 3 m/s until 300, standing 300–345, 3 m/s until 645.
/// Defaults: threshold 0.5 m/s, pause after 3 s, resume after 2 s (project rules).
/// motionPaused at 300 + 3 = 303, motionResumed at 345 + 2 = 347.
@Suite struct LifecycleAutoPauseTests {
  let trafficLight = MovingSource(pieces: [(300, 3), (345, 0), (645, 3)])

  func configuration(pausesSession: Bool, activity: WorkoutActivityType = .running)
    -> WorkoutEngineConfiguration
  {
    watchConfiguration(
      WatchConfiguration(autoPause: AutoPauseConfiguration(pausesSession: pausesSession)),
      activity: activity)
  }

  func eventsOf(_ engine: WorkoutEngine<MovingSource>) -> [WorkoutEvent] {
    engine.records.first?.events ?? []
  }

  /// Without pausesSession: the events at 303 and 347; elapsed and duration unchanged (645).
  @Test func eventsWithoutPausingSession() {
    var engine = runWatch(
      configuration(pausesSession: false), source: trafficLight, [(0, .start)])
    #expect(engine.probe(at: t(400)).elapsed == .seconds(400))
    engine.perform(.end, at: t(645))
    #expect(
      eventsOf(engine) == [
        WorkoutEvent(.motionPaused, at: t(303)), .init(.motionResumed, at: t(347)),
      ])
    #expect(engine.records.first?.duration == .seconds(645))
    #expect(
      engine.log.contains(LogEntry(at: t(303), session: 0, kind: .event(.motionPaused))))
  }

  /// With pausesSession: the app pauses at 303 and resumes at 347; elapsed time is reduced by
  /// exactly 347 − 303 = 44 s: 400 − 44 = 356 at 400, duration 645 − 44 = 601.
  @Test func pausesSessionReducesElapsedByTheInterval() {
    var engine = runWatch(
      configuration(pausesSession: true), source: trafficLight, [(0, .start)])
    #expect(engine.probe(at: t(320)).state == .paused)
    #expect(engine.probe(at: t(400)).elapsed == .seconds(356))
    engine.perform(.end, at: t(645))
    #expect(
      eventsOf(engine) == [
        WorkoutEvent(.motionPaused, at: t(303)), .init(.pause, at: t(303)),
        .init(.motionResumed, at: t(347)), .init(.resume, at: t(347)),
      ])
    #expect(engine.records.first?.duration == .seconds(601))
    #expect(engine.errors.isEmpty)
  }

  /// Cycling too; a stop of 3 s or less gives no event (the stretch must outlast the delay).
  @Test func shortStopIgnored() {
    let source = MovingSource(pieces: [(100, 5), (103, 0), (200, 5)])
    let engine = runWatch(
      configuration(pausesSession: false, activity: .cycling), source: source,
      [(0, .start), (200, .end)])
    #expect(eventsOf(engine).isEmpty)
  }

  /// Walking has no auto-pause.
  @Test func walkingHasNone() {
    let engine = runWatch(
      configuration(pausesSession: false, activity: .walking), source: trafficLight,
      [(0, .start), (645, .end)])
    #expect(eventsOf(engine).isEmpty)
  }

  /// Speeds equal to the threshold count as moving; the body standing after the course end
  /// (645) is paused at 648; the session ending at 700 stops detection.
  @Test func thresholdAndCourseEnd() {
    let source = MovingSource(pieces: [(300, 0.5), (645, 3)])
    let engine = runWatch(
      configuration(pausesSession: false), source: source, [(0, .start), (700, .end)])
    #expect(eventsOf(engine) == [WorkoutEvent(.motionPaused, at: t(648))])
  }

  /// A manual pause is not undone by motionResumed: pausesSession resumes only what it paused.
  @Test func manualPauseIsKept() {
    let engine = runWatch(
      configuration(pausesSession: true), source: trafficLight,
      [(0, .start), (200, .pause), (645, .end)])
    #expect(
      eventsOf(engine) == [
        WorkoutEvent(.pause, at: t(200)), .init(.motionPaused, at: t(303)),
        .init(.motionResumed, at: t(347)),
      ])
    #expect(engine.records.first?.duration == .seconds(200))
  }

  /// A multisport workout follows its current leg (docs/healthkit-behaviour.md#auto-pause): the
  /// body stands 300–345 (the traffic light). With a cycling leg from 100, motionPaused at
  /// 300 + 3 = 303 and motionResumed at 345 + 2 = 347, in the cycling leg's events; the session
  /// (swimBikeRun) alone, or a transition leg, gets none.
  @Test func multisportCyclingLegPauses() {
    let engine = runWatch(
      configuration(pausesSession: false, activity: .swimBikeRun), source: trafficLight,
      [(0, .start), (0, .beginActivity(.swimming)), (100, .beginActivity(.cycling)), (645, .end)])
    let expected = [WorkoutEvent(.motionPaused, at: t(303)), .init(.motionResumed, at: t(347))]
    #expect(eventsOf(engine) == expected)
    let legs = engine.records.first?.activities ?? []
    #expect(legs.map(\.activityType) == [.swimming, .cycling])
    #expect(legs.last?.events == expected)
  }

  /// Detection ends with the cycling leg: a cycling leg from 0 gets motionPaused at
  /// 300 + 3 = 303; the transition leg begun at 320, inside the stop, has none, so the move at
  /// 345 gives no motionResumed.
  @Test func multisportDetectionEndsWithTheLeg() {
    let engine = runWatch(
      configuration(pausesSession: false, activity: .swimBikeRun), source: trafficLight,
      [(0, .start), (0, .beginActivity(.cycling)), (320, .beginActivity(.transition)), (645, .end)])
    #expect(eventsOf(engine) == [WorkoutEvent(.motionPaused, at: t(303))])
  }

  /// A crash and recovery inside the auto-pause (303–347) leave the session paused by the app,
  /// and the recovered app resumes it at motionResumed (347) as the uninterrupted app does
  /// (trial 31): elapsed 400 − (347 − 303) = 356 at 400, duration 645 − 44 = 601, the events of
  /// ``pausesSessionReducesElapsedByTheInterval()`` and no error.
  @Test func aCrashInsideTheAutoPauseKeepsTheAutoResume() {
    var engine = runWatch(
      configuration(pausesSession: true), source: trafficLight,
      [(0, .start), (310, .crash), (315, .relaunch(recover: true))])
    #expect(engine.probe(at: t(340)).state == .paused)
    #expect(engine.probe(at: t(400)).elapsed == .seconds(356))
    engine.perform(.end, at: t(645))
    #expect(
      eventsOf(engine) == [
        WorkoutEvent(.motionPaused, at: t(303)), .init(.pause, at: t(303)),
        .init(.motionResumed, at: t(347)), .init(.resume, at: t(347)),
      ])
    #expect(engine.records.first?.duration == .seconds(601))
    #expect(engine.errors.isEmpty)
  }

  /// A motion event the app missed while away is answered at the recovery: motionResumed at 347
  /// with the app dead from 340 to 350 resumes at 350 (paused 303–350 = 47 s, duration
  /// 645 − 47 = 598); motionPaused at 303 with the app dead from 290 to 310 pauses at 310
  /// (paused 310–347 = 37 s, duration 645 − 37 = 608).
  @Test func aMotionEventMissedWhileAwayIsAnsweredAtRecovery() {
    let resumed = runWatch(
      configuration(pausesSession: true), source: trafficLight,
      [(0, .start), (340, .crash), (350, .relaunch(recover: true)), (645, .end)])
    #expect(
      eventsOf(resumed) == [
        WorkoutEvent(.motionPaused, at: t(303)), .init(.pause, at: t(303)),
        .init(.motionResumed, at: t(347)), .init(.resume, at: t(350)),
      ])
    #expect(resumed.records.first?.duration == .seconds(598))
    let paused = runWatch(
      configuration(pausesSession: true), source: trafficLight,
      [(0, .start), (290, .crash), (310, .relaunch(recover: true)), (645, .end)])
    #expect(
      eventsOf(paused) == [
        WorkoutEvent(.motionPaused, at: t(303)), .init(.pause, at: t(310)),
        .init(.motionResumed, at: t(347)), .init(.resume, at: t(347)),
      ])
    #expect(paused.records.first?.duration == .seconds(608))
    #expect(resumed.errors.isEmpty && paused.errors.isEmpty)
  }

  /// A crash and recovery inside a user's pause (200 on) leave it the user's: motionResumed at
  /// 347 does not resume it (duration 200, as in ``manualPauseIsKept()``); without
  /// `pausesSession` the events alone, duration 645 (as in ``eventsWithoutPausingSession()``).
  @Test func aCrashInsideAUserPauseOrWithoutPausesSessionChangesNothing() {
    let user = runWatch(
      configuration(pausesSession: true), source: trafficLight,
      [(0, .start), (200, .pause), (310, .crash), (315, .relaunch(recover: true)), (645, .end)])
    #expect(
      eventsOf(user) == [
        WorkoutEvent(.pause, at: t(200)), .init(.motionPaused, at: t(303)),
        .init(.motionResumed, at: t(347)),
      ])
    #expect(user.records.first?.duration == .seconds(200))
    let eventsOnly = runWatch(
      configuration(pausesSession: false), source: trafficLight,
      [(0, .start), (310, .crash), (315, .relaunch(recover: true)), (645, .end)])
    #expect(
      eventsOf(eventsOnly) == [
        WorkoutEvent(.motionPaused, at: t(303)), .init(.motionResumed, at: t(347)),
      ])
    #expect(eventsOnly.records.first?.duration == .seconds(645))
    #expect(user.errors.isEmpty && eventsOnly.errors.isEmpty)
  }
}
