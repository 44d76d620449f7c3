import Testing
import WorkoutCore
import WorkoutSystem

/// Extended runtime sessions: limits, expiry, frontmost and background rules, F07, F08.
@Suite struct LifecycleRuntimeTests {
  func watch(_ type: ExtendedRuntimeSessionType) -> WorkoutEngineConfiguration {
    watchConfiguration(WatchConfiguration(extendedRuntimeType: type))
  }

  /// Started at 0: will-expire at limit − 30 s (project rule), invalid with `expired` (raw 2)
  /// at the limit: self care 600 s, mindfulness 3600 s, physical therapy 3600 s, smart alarm
  /// 1800 s.
  @Test(arguments: [
    (ExtendedRuntimeSessionType.selfCare, Int64(600)), (.mindfulness, 3600),
    (.physicalTherapy, 3600), (.smartAlarm, 1800),
  ])
  func limitAndExpiry(type: ExtendedRuntimeSessionType, limit: Int64) {
    var engine = runWatch(watch(type), [(0, .extendedRuntime(.start))])
    #expect(engine.probe(at: t(limit - 1)).keepAlive == .extendedRuntimeSession)
    engine.advance(to: t(limit + 100))
    let events = engine.runtimeEvents
    #expect(events.map(\.0) == [0, limit - 30, limit])
    #expect(events.map(\.1.change.word) == ["started", "willExpire", "invalidated"])
    #expect(events[0].1.change == .started(expiresAt: t(limit)))
    #expect(events[1].1.change == .willExpire(expiresAt: t(limit)))
    #expect(events[2].1.change == .invalidated(reason: .expired, error: nil))
    #expect(ExtendedRuntimeInvalidationReason.expired.rawValue == 2)
    #expect(events[2].1.state == .invalid)
    #expect(engine.keepAlive == KeepAliveReason.none)
    #expect(engine.errors.isEmpty)
  }

  /// Background types survive a crown press: background at 10 with keep-alive, keep-alive none
  /// at the limit, suspended 10 s later.
  @Test(arguments: [
    (ExtendedRuntimeSessionType.physicalTherapy, Int64(3600)), (.smartAlarm, 1800),
  ])
  func backgroundSessionKeepsAlive(type: ExtendedRuntimeSessionType, limit: Int64) {
    var engine = runWatch(watch(type), [(0, .extendedRuntime(.start)), (10, .crownPress)])
    engine.advance(to: t(limit + 100))
    #expect(
      sameStates(
        engine.appStates,
        [
          (10, .active, .background, .crownPress, .extendedRuntimeSession),
          (limit, .background, .background, .keepAlive, .none),
          (limit + 10, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// Frontmost types hold the app in front past the return-to-clock time: wrist down at 10
  /// (return to clock due at 130, ignored); at the limit the session expires and, 130 being
  /// past, the app goes to the background at once; suspended 10 s later.
  @Test(arguments: [(ExtendedRuntimeSessionType.selfCare, Int64(600)), (.mindfulness, 3600)])
  func frontmostSessionHoldsFront(type: ExtendedRuntimeSessionType, limit: Int64) {
    var engine = runWatch(watch(type), [(0, .extendedRuntime(.start)), (10, .wristDown)])
    #expect(engine.probe(at: t(limit - 1)).appState == .inactive)
    engine.advance(to: t(limit + 100))
    #expect(
      sameStates(
        engine.appStates,
        [
          (10, .active, .inactive, .wristDown, .extendedRuntimeSession),
          (limit, .inactive, .background, .returnToClock, .none),
          (limit + 10, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// A frontmost session invalidated at 50 after a wrist-down at 10: the return to clock is
  /// still due at 10 + 120 = 130.
  @Test func returnToClockAfterFrontmostSessionEnds() {
    var engine = runWatch(
      watch(.selfCare),
      [(0, .extendedRuntime(.start)), (10, .wristDown), (50, .extendedRuntime(.invalidate))])
    engine.advance(to: t(500))
    #expect(engine.appStates.map(\.0) == [10, 130, 140])
    #expect(engine.runtimeEvents.last?.1.change == .invalidated(reason: .none, error: nil))
  }

  /// A crown press at 300 ends a mindfulness session with `resignedFrontmost` (raw 3), then the
  /// app goes to the background with no keep-alive and is suspended at 310.
  @Test func crownPressEndsMindfulness() {
    var engine = runWatch(watch(.mindfulness), [(0, .extendedRuntime(.start)), (300, .crownPress)])
    engine.advance(to: t(1000))
    let last = engine.runtimeEvents.last
    #expect(last?.0 == 300)
    #expect(last?.1.change == .invalidated(reason: .resignedFrontmost, error: nil))
    #expect(ExtendedRuntimeInvalidationReason.resignedFrontmost.rawValue == 3)
    #expect(
      sameStates(
        engine.appStates,
        [
          (300, .active, .background, .crownPress, .none),
          (310, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// F07: display off (wrist down) at 0, start at 100 → invalid at once, reason `error` (−1),
  /// error `mustBeActiveToStartOrSchedule` (3) in WKExtendedRuntimeSessionErrorDomain; never
  /// running, no keep-alive. The app went to the background at 120 and was suspended at 130;
  /// the user opens it at 150; start at 160 → running from 160; one running.
  @Test func f07StartRefusedWhenNotActive() throws {
    let engine = runWatch(
      watch(.mindfulness),
      [
        (0, .wristDown), (100, .extendedRuntime(.start)), (150, .openApp),
        (160, .extendedRuntime(.start)),
      ])
    let events = engine.runtimeEvents
    #expect(engine.appStates.map(\.0) == [0, 120, 130, 150])
    try #require(events.count == 2)
    #expect(events[0].0 == 100 && events[0].1.session == 0)
    #expect(
      events[0].1.change == .invalidated(reason: .error, error: .mustBeActiveToStartOrSchedule))
    #expect(ExtendedRuntimeInvalidationReason.error.rawValue == -1)
    #expect(ExtendedRuntimeSessionErrorCode.mustBeActiveToStartOrSchedule.rawValue == 3)
    #expect(events[1].0 == 160 && events[1].1.session == 1)
    #expect(events[1].1.change == .started(expiresAt: t(160 + 3600)))
    #expect(engine.errors.count == 1)
    #expect(engine.errors.first?.domain == "WKExtendedRuntimeSessionErrorDomain")
    #expect(engine.errors.first?.code == "mustBeActiveToStartOrSchedule")
    #expect(engine.errors.first?.action == "extendedRuntime")
    #expect(engine.errors.first?.at == t(100))
    let running = (0..<engine.extendedRuntimeSessionCount).filter {
      engine.extendedRuntimeSessionState($0) == .running
    }
    #expect(running == [1])
  }

  /// F07 in the background: a workout session keeps the app alive in the background (wrist down
  /// at 0, background at 120); a start at 200 is refused.
  @Test func f07StartRefusedInBackground() {
    let engine = runWatch(
      watch(.physicalTherapy),
      [(0, .start), (0, .wristDown), (200, .extendedRuntime(.start))])
    #expect(engine.appState == .background)
    #expect(engine.extendedRuntimeSessionState(0) == .invalid)
    #expect(engine.errors.map(\.code) == ["mustBeActiveToStartOrSchedule"])
  }

  /// F08: self care; A acquires at 0, B at 100, A releases at 200, B at 700. One session
  /// started at 0, still running at 200, will-expire at 570, expired at 600 (0 + 600); B's
  /// release at 700 does nothing.
  @Test func f08ReferenceCountedSelfCare() {
    var engine = runWatch(
      watch(.selfCare),
      [
        (0, .extendedRuntime(.acquire(holder: "A"))),
        (100, .extendedRuntime(.acquire(holder: "B"))),
        (200, .extendedRuntime(.release(holder: "A"))),
      ])
    #expect(engine.extendedRuntimeSessionState(0) == .running)
    #expect(engine.extendedRuntimeHolders == ["B"])
    engine.perform(.extendedRuntime(.release(holder: "B")), at: t(700))
    engine.advance(to: t(1000))
    #expect(engine.extendedRuntimeSessionCount == 1)
    #expect(engine.runtimeEvents.map(\.0) == [0, 570, 600])
    #expect(engine.runtimeEvents.last?.1.change == .invalidated(reason: .expired, error: nil))
    #expect(engine.errors.isEmpty)
    #expect(engine.extendedRuntimeHolders.isEmpty)
  }

  /// The helper defers its start until the app is active: acquire at 20 while inactive (wrist
  /// down at 10), wrist up at 50 → started at 50; the last release at 80 invalidates (`none`).
  @Test func helperDefersStartUntilActive() {
    let engine = runWatch(
      watch(.selfCare),
      [
        (10, .wristDown), (20, .extendedRuntime(.acquire(holder: "A"))), (50, .wristUp),
        (80, .extendedRuntime(.release(holder: "A"))),
      ])
    #expect(engine.runtimeEvents.map(\.0) == [50, 80])
    #expect(engine.runtimeEvents[0].1.change == .started(expiresAt: t(650)))
    #expect(engine.runtimeEvents[1].1.change == .invalidated(reason: .none, error: nil))
    #expect(engine.errors.isEmpty)
  }

  /// One session at a time: a second start at 10 is invalid at once with `sessionInProgress`
  /// (raw 1) and no error; the first keeps running.
  @Test func oneSessionAtATime() {
    let engine = runWatch(
      watch(.physicalTherapy), [(0, .extendedRuntime(.start)), (10, .extendedRuntime(.start))])
    #expect(engine.extendedRuntimeSessionState(0) == .running)
    #expect(engine.extendedRuntimeSessionState(1) == .invalid)
    #expect(
      engine.runtimeEvents.last?.1.change == .invalidated(reason: .sessionInProgress, error: nil))
    #expect(engine.errors.isEmpty)
  }

  /// Smart alarm scheduled at 0 for 3600: scheduled; the app is suspended at 10 + 10 = 20 after
  /// a crown press at 10; at 3600 it is woken into the background and the session runs;
  /// will-expire at 5370, expired at 5400, suspended at 5410.
  @Test func smartAlarmScheduled() {
    var engine = runWatch(
      watch(.smartAlarm), [(0, .extendedRuntime(.schedule(at: t(3600)))), (10, .crownPress)])
    #expect(engine.probe(at: t(3599)).appState == .suspended)
    engine.advance(to: t(6000))
    #expect(engine.runtimeEvents.map(\.0) == [0, 3600, 5370, 5400])
    #expect(engine.runtimeEvents[0].1.change == .scheduled(for: t(3600)))
    #expect(engine.runtimeEvents[0].1.state == .scheduled)
    #expect(
      sameStates(
        engine.appStates,
        [
          (10, .active, .background, .crownPress, .none),
          (20, .background, .suspended, .gracePeriodEnded, .none),
          (3600, .suspended, .background, .extendedRuntimeSession, .none),
          (3600, .background, .background, .keepAlive, .extendedRuntimeSession),
          (5400, .background, .background, .keepAlive, .none),
          (5410, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// Scheduling limits: 36 h ahead (129600 s) is accepted, 129601 s is `scheduledTooFarInAdvance`
  /// (2); other types cannot schedule (`notApprovedToSchedule`, 8); invalidate without a session
  /// is `notYetStarted` (4).
  @Test func schedulingLimitsAndErrors() {
    let accepted = runWatch(
      watch(.smartAlarm), [(100, .extendedRuntime(.schedule(at: t(100 + 129_600))))])
    #expect(accepted.extendedRuntimeSessionState(0) == .scheduled)
    let tooFar = runWatch(
      watch(.smartAlarm), [(100, .extendedRuntime(.schedule(at: t(100 + 129_601))))])
    #expect(tooFar.errors.map(\.code) == ["scheduledTooFarInAdvance"])
    #expect(ExtendedRuntimeSessionErrorCode.scheduledTooFarInAdvance.rawValue == 2)
    let wrongType = runWatch(watch(.selfCare), [(0, .extendedRuntime(.schedule(at: t(60))))])
    #expect(wrongType.errors.map(\.code) == ["notApprovedToSchedule"])
    #expect(ExtendedRuntimeSessionErrorCode.notApprovedToSchedule.rawValue == 8)
    let noSession = runWatch(watch(.selfCare), [(0, .extendedRuntime(.invalidate))])
    #expect(noSession.errors.map(\.code) == ["notYetStarted"])
    #expect(ExtendedRuntimeSessionErrorCode.notYetStarted.rawValue == 4)
    let undeclared = runWatch(watchConfiguration(), [(0, .extendedRuntime(.start))])
    #expect(undeclared.errors.map(\.code) == ["notApprovedToStartSession"])
    #expect(undeclared.extendedRuntimeSessionCount == 0)
  }

  /// A scheduled smart alarm can be invalidated only while active.
  @Test func scheduledInvalidateNeedsActive() {
    let engine = runWatch(
      watch(.smartAlarm),
      [
        (0, .extendedRuntime(.schedule(at: t(600)))), (5, .wristDown),
        (10, .extendedRuntime(.invalidate)), (20, .wristUp), (30, .extendedRuntime(.invalidate)),
      ])
    #expect(engine.errors.map(\.code) == ["mustBeActiveToStartOrSchedule"])
    #expect(engine.runtimeEvents.last?.0 == 30)
    #expect(engine.runtimeEvents.last?.1.change == .invalidated(reason: .none, error: nil))
  }

  /// A smart alarm scheduled at 0 for 600 outlives a crash at 60 (the schedule is the
  /// system's; Apple: at the date "the session starts running regardless of your app's current
  /// state. If your app isn't running, the system launches your app"): at 600 the app is
  /// launched into the background (cause extendedRuntimeSession, keep-alive none until the
  /// session runs), the session starts, and it keeps the app alive; smart alarm limit 1800 s:
  /// will-expire at 600 + 1800 − 30 = 2370, expired at 2400, suspended at 2410.
  @Test func scheduledAlarmOutlivesACrashAndLaunchesTheApp() {
    var engine = runWatch(
      watch(.smartAlarm), [(0, .extendedRuntime(.schedule(at: t(600)))), (60, .crash)])
    #expect(engine.appState == .notRunning)
    #expect(engine.extendedRuntimeSessionState(0) == .scheduled)
    engine.advance(to: t(700))
    #expect(engine.runtimeLaunches == 1)
    #expect(engine.appState == .background)
    #expect(engine.keepAlive == .extendedRuntimeSession)
    engine.advance(to: t(3000))
    #expect(engine.runtimeEvents.map(\.0) == [0, 600, 2370, 2400])
    #expect(
      engine.runtimeEvents.map(\.1.change.word) == [
        "scheduled", "started", "willExpire", "invalidated",
      ])
    #expect(
      sameStates(
        engine.appStates,
        [
          (60, .active, .notRunning, .crash, .none),
          (600, .notRunning, .background, .extendedRuntimeSession, .none),
          (600, .background, .background, .keepAlive, .extendedRuntimeSession),
          (2400, .background, .background, .keepAlive, .none),
          (2410, .background, .suspended, .gracePeriodEnded, .none),
        ]))
  }

  /// A crash terminates the running session; the app is not running.
  @Test func crashTerminatesSessions() {
    let engine = runWatch(watch(.physicalTherapy), [(0, .extendedRuntime(.start)), (60, .crash)])
    #expect(engine.runtimeEvents.last?.0 == 60)
    #expect(engine.runtimeEvents.last?.1.change == .terminated)
    #expect(engine.appState == .notRunning)
  }
}
