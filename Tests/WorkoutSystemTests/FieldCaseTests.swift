import Testing
import WorkoutCore
import WorkoutSystem

/// Field cases F01, F02, F03, F04 and F06 of docs/field-cases.md with their hand-computed values.
@Suite struct FieldCaseTests {
  /// F01: no heart rate after 120 s; elapsed keeps advancing; pause 300–360; end 600.
  @Test func f01ElapsedTimeWithoutSamples() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .running, schedules: only([.heartRate: 5]))
    let source = ScriptedSource(discrete: { _, instant in instant <= .seconds(120) ? 120 : nil })
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: SampleApp())
    engine.perform(.start, at: t(0))
    #expect(engine.probe(at: t(200)).elapsed == .seconds(200))
    engine.perform(.pause, at: t(300))
    #expect(engine.probe(at: t(330)).elapsed == .seconds(300))
    engine.perform(.resume, at: t(360))
    // 300 + (400 − 360) = 340
    #expect(engine.probe(at: t(400)).elapsed == .seconds(340))
    engine.perform(.end, at: t(600))
    let record = try #require(engine.records.first)
    // 600 − (360 − 300) = 540
    #expect(record.duration == .seconds(540))
    // (120 − 0)/5 + 1 = 25 samples, all 120 bpm
    let heartRate = try #require(record.statistics[.heartRate]?.discreteValue)
    #expect(heartRate.count == 25)
    #expect(heartRate.average == 120)
    // No data callback after t = 120.
    let lastBatch = engine.log.last {
      if case .dataCollected = $0.kind { return true }
      return false
    }
    #expect(lastBatch?.at == t(120))
  }

  /// F02: the app duplicates the session's pause/resume events; the record keeps one each.
  @Test(arguments: [true, false])
  func f02DuplicatedEvents(appDuplicates: Bool) throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .walking, shouldCollectWorkoutEvents: true, schedules: only([:]))
    var actions: [(Int64, AppAction)] = [(0, .start), (300, .pause)]
    if appDuplicates { actions.append((300, .addEvent(.pause))) }
    actions.append((420, .resume))
    if appDuplicates { actions.append((420, .addEvent(.resume))) }
    var engine = run(configuration, source: ScriptedSource(), actions)
    // 300 + (500 − 420) = 380
    #expect(engine.probe(at: t(500)).elapsed == .seconds(380))
    engine.perform(.end, at: t(900))
    let record = try #require(engine.records.first)
    // 900 − (420 − 300) = 780
    #expect(record.duration == .seconds(780))
    #expect(record.events == [WorkoutEvent(.pause, at: t(300)), WorkoutEvent(.resume, at: t(420))])
  }

  /// F02 variant: events not collected and none added: no pause in the record, 900 s.
  @Test func f02WithoutCollectedEvents() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .walking, shouldCollectWorkoutEvents: false, schedules: only([:]))
    let engine = run(
      configuration, source: ScriptedSource(),
      [(0, .start), (300, .pause), (420, .resume), (900, .end)])
    let record = try #require(engine.records.first)
    #expect(record.events.isEmpty)
    #expect(record.duration == .seconds(900))
  }

  /// F03: stop, endCollection, finishWorkout, end in Apple's order (manual finish).
  @Test func f03EndSequence() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .cycling, schedules: only([.activeEnergyBurned: 30]))
    let source = ScriptedSource(cumulative: [.activeEnergyBurned: .perSample(2.5)])
    let engine = run(
      configuration, source: source,
      [
        (0, .prepare), (5, .start), (95, .stop), (95, .endCollection), (96, .finishWorkout),
        (97, .end),
      ], app: SampleApp(finishes: false))
    let changes = engine.log.compactMap { entry -> [WorkoutSessionState]? in
      if case .stateChange(let from, let to) = entry.kind { return [from, to] }
      return nil
    }
    #expect(
      changes == [
        [.notStarted, .prepared], [.prepared, .running], [.running, .stopped], [.stopped, .ended],
      ])
    #expect(
      engine.log.filter { if case .stateChange = $0.kind { true } else { false } }.map(\.at)
        == [t(0), t(5), t(95), t(97)])
    #expect(engine.records.count == 1)
    let record = try #require(engine.records.first)
    #expect(record.startDate == t(5))
    #expect(record.endDate == t(95))
    #expect(record.duration == .seconds(90))
    // 3 × 2.5 = 7.5 kcal
    #expect(record.totalEnergyBurned == 7.5)
    #expect(engine.errors.isEmpty)
  }

  /// F03 negative variant: finishWorkout while running without endCollection fails; no record.
  @Test func f03FinishWhileRunning() {
    let configuration = WorkoutEngineConfiguration(activity: .cycling)
    var engine = run(
      configuration, source: ScriptedSource(),
      [(0, .prepare), (5, .start), (95, .finishWorkout)], app: SampleApp(finishes: false))
    engine.finishRun(at: t(95))
    #expect(engine.records.isEmpty)
    #expect(
      engine.errors
        == [
          ErrorReport(
            error: .invalidArgument("Unable to finish a workout that is not currently ended."),
            call: .builder(.finishWorkout), at: t(95), session: 0)
        ])
    #expect(engine.log.last == LogEntry(at: t(95), session: 0, kind: .unfinished))
  }

  /// F04: crash at 300, relaunch with recovery at 320, end at 600; HR every 10 s at 150 bpm.
  @Test func f04RecoveryAfterCrash() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .running, schedules: only([.heartRate: 10]))
    let source = ScriptedSource(discrete: { _, _ in 150 })
    var engine = run(
      configuration, source: source,
      [(0, .start), (300, .crash), (320, .relaunch(recover: true))])
    let probe = engine.probe(at: t(320))
    #expect(probe.state == .running)
    #expect(probe.elapsed == .seconds(320))
    #expect(engine.builder(ofSession: 0)?.startDate == t(0))
    engine.perform(.end, at: t(600))
    #expect(engine.records.count == 1)
    let record = try #require(engine.records.first)
    #expect(record.duration == .seconds(600))
    let heartRate = try #require(record.statistics[.heartRate]?.discreteValue)
    // 600/10 + 1 = 61 samples, including 310 and 320
    #expect(heartRate.count == 61)
    #expect(heartRate.average == 150)
    let instants = try #require(record.samples[.heartRate]).map(\.start)
    #expect(instants.contains(t(310)) && instants.contains(t(320)))
  }

  /// F04 variant: relaunch without recovery: later actions fail with noSession, no record.
  @Test func f04WithoutRecovery() {
    let configuration = WorkoutEngineConfiguration(
      activity: .running, schedules: only([.heartRate: 10]))
    var engine = run(
      configuration, source: ScriptedSource(discrete: { _, _ in 150 }),
      [(0, .start), (300, .crash), (320, .relaunch(recover: false)), (600, .end)])
    engine.finishRun(at: t(600))
    #expect(engine.records.isEmpty)
    #expect(
      engine.errors
        == [
          ErrorReport(
            error: WorkoutError(
              domain: "HKErrorDomain", code: .noSession, message: "The app has no workout session"),
            call: .session(.end), at: t(600), session: nil)
        ])
  }

  /// F06: samples at 0, 10, 20, 30 (100, 100, 100, 160 bpm), none after; end at 90.
  @Test func f06AverageAndTimeWeightedAverage() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .cycling, schedules: only([.heartRate: 10]))
    let source = ScriptedSource(discrete: { _, instant in
      instant < .seconds(30) ? 100 : instant == .seconds(30) ? 160 : nil
    })
    let engine = run(configuration, source: source, [(0, .start), (90, .end)])
    let record = try #require(engine.records.first)
    let heartRate = try #require(record.statistics[.heartRate]?.discreteValue)
    // (100 + 100 + 100 + 160) / 4 = 115
    #expect(heartRate.average == 115)
    // (100 × 30 + 160 × 60) / 90 = 140
    #expect(heartRate.timeWeightedAverage == 140)
    #expect(heartRate.minimum == 100)
    #expect(heartRate.maximum == 160)
    #expect(heartRate.count == 4)
  }
}
