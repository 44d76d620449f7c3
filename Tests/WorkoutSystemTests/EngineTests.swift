import Testing
import WorkoutCore
import WorkoutSystem

@Suite struct EngineTests {
  /// Seven days with 500 pause/resume cycles at nanosecond offsets; durations exact to the ns.
  @Test func sevenDaysWithHundredsOfPauses() throws {
    let configuration = WorkoutEngineConfiguration(activity: .hiking, schedules: only([:]))
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: ScriptedSource(), reflexes: SampleApp())
    let second: Int64 = 1_000_000_000
    let start = 1 * second + 500_000_003  // 1.500000003 s
    func at(_ nanoseconds: Int64) -> SimulationInstant {
      SimulationInstant(nanoseconds: nanoseconds)
    }
    engine.perform(.start, at: at(start))
    // Cycle k: pause at start + (1200k + 600) s + 7 ns, resume 300 s + 1 ns later.
    func pause(_ k: Int64) -> Int64 { start + (1200 * k + 600) * second + 7 }
    func resume(_ k: Int64) -> Int64 { pause(k) + 300 * second + 1 }
    for k in Int64(0)..<500 {
      engine.perform(.pause, at: at(pause(k)))
      if k == 250 {
        // Paused: everything before pause 250 minus 250 pauses of 300 s + 1 ns:
        // (250·1200 + 600) s + 7 ns − 250·(300 s + 1 ns) = 225600 s − 243 ns.
        #expect(
          engine.probe(at: at(pause(k) + 100 * second)).elapsed
            == .nanoseconds(225_600 * second - 243))
      }
      engine.perform(.resume, at: at(resume(k)))
      if k == 250 {
        // Running again: 251 pauses now, 50 s after the resume:
        // (250·1200 + 600 + 300) s + 8 ns + 50 s − 251·(300 s + 1 ns) = 225650 s − 243 ns.
        #expect(
          engine.probe(at: at(resume(k) + 50 * second)).elapsed
            == .nanoseconds(225_650 * second - 243))
      }
    }
    let end = start + 7 * 86_400 * second
    engine.perform(.end, at: at(end))
    let record = try #require(engine.records.first)
    // 604800 s − 500 · (300 s + 1 ns) = 454800 s − 500 ns
    #expect(record.duration == .nanoseconds(454_800 * second - 500))
    #expect(record.events.count == 1000)
    #expect(engine.builder(ofSession: 0)?.elapsedTime(at: at(end + second)) == record.duration)
  }

  /// Two sessions: starting the second ends the first with anotherWorkoutSessionStarted, error
  /// first; the first is saved by the auto finish; each has its own id.
  /// A long stretch fills storage reserved for it instead of growing it: over 24 hours the heart
  /// rate (every 5 s) takes 86400 / 5 + 1 = 17 281 samples of 16 bytes, 276 496 bytes. The pump
  /// to 86 399 s reserves its 17 280 grid points, the close's one more and 16 of headroom: 17 297
  /// per array, 8 bytes each, plus at most a page (4096 bytes) of rounding: at most
  /// 2 × (17 297 × 8 + 4096) = 284 944 bytes (growing by doubling would leave up to twice the
  /// samples' size). The record shares that storage rather than copying it.
  @Test func longStretchesFillReservedStorage() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .running, schedules: only([.heartRate: 5]))
    let source = ScriptedSource(discrete: { _, _ in 120 })
    let engine = run(configuration, source: source, [(0, .start), (86_400, .end)])
    let live = try #require(engine.builder(ofSession: 0)).samples(of: .heartRate)
    #expect(live.count == 17_281)
    #expect(live.storageBytes >= 276_496)
    #expect(live.storageBytes <= 284_944)
    let saved = try #require(engine.records.first?.samples[.heartRate])
    #expect(saved.storageBytes == live.storageBytes)
    #expect(saved == live)
  }

  /// The in-place reads of `statistics(for:)`: the builder lent to a closure, the last sample
  /// read without copying the series. The heart rate is 120 throughout, so the last of its
  /// 3600 / 5 + 1 = 721 samples is 120; energy is switched off, so it has none; there is no
  /// session 1.
  @Test func theBuilderIsReadInPlace() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .running, schedules: only([.heartRate: 5]))
    let engine = run(
      configuration, source: ScriptedSource(discrete: { _, _ in 120 }), [(0, .start), (3600, .end)])
    let live = try #require(engine.builder(ofSession: 0)).samples(of: .heartRate)
    let last = try #require(engine.withBuilder(ofSession: 0) { $0.lastSample(of: .heartRate) })
    #expect(live.count == 721)
    #expect(last == live.last)
    #expect(last?.value == 120)
    #expect(
      engine.withBuilder(ofSession: 0) { $0.lastSample(of: .activeEnergyBurned) } == .some(nil))
    #expect(engine.withBuilder(ofSession: 1) { _ in true } == nil)
  }

  @Test func secondSessionEndsTheFirst() throws {
    let configuration = WorkoutEngineConfiguration(seed: 9, schedules: only([:]))
    var engine = run(
      configuration, source: ScriptedSource(),
      [(0, .start), (100, .newSession(activity: .walking)), (100, .start), (200, .end)])
    engine.finishRun(at: t(200))
    let error = ErrorReport(
      error: WorkoutError(
        domain: "HKErrorDomain", code: .anotherWorkoutSessionStarted,
        message: "Another workout session has started"),
      call: .session(.start), at: t(100), session: 0)
    let firstID = WorkoutRecord.makeID(seed: 9, sessionIndex: 0)
    let secondID = WorkoutRecord.makeID(seed: 9, sessionIndex: 1)
    #expect(firstID != secondID)
    #expect(engine.errors == [error])
    #expect(
      engine.log == [
        LogEntry(at: t(0), session: 0, kind: .stateChange(from: .notStarted, to: .running)),
        LogEntry(at: t(100), session: 0, kind: .error(error)),
        LogEntry(at: t(100), session: 0, kind: .stateChange(from: .running, to: .ended)),
        LogEntry(at: t(100), session: 0, kind: .record(id: firstID)),
        LogEntry(at: t(100), session: 1, kind: .stateChange(from: .notStarted, to: .running)),
        LogEntry(at: t(200), session: 1, kind: .stateChange(from: .running, to: .ended)),
        LogEntry(at: t(200), session: 1, kind: .record(id: secondID)),
      ])
    #expect(engine.records.map(\.activityType) == [.running, .walking])
    #expect(engine.records.map(\.duration) == [.seconds(100), .seconds(100)])
  }

  @Test func lockOnAndDropouts() throws {
    var schedules = only([:])
    // HR every 5 s, first sample not before 12 s after the start, none in [30, 40).
    schedules[.heartRate] = SampleSchedule(
      interval: .seconds(5), lockOn: .seconds(12), dropouts: [t(30)..<t(40)])
    let configuration = WorkoutEngineConfiguration(activity: .yoga, schedules: schedules)
    let engine = run(
      configuration, source: ScriptedSource(discrete: { _, _ in 80 }), [(0, .start), (50, .end)])
    let record = try #require(engine.records.first)
    // Grid 0..50 step 5; drop < 12 (0, 5, 10) and [30, 40) (30, 35): 15, 20, 25, 40, 45, 50.
    #expect(
      try #require(record.samples[.heartRate]).map(\.start)
        == [15, 20, 25, 40, 45, 50].map { t($0) })
  }

  @Test func builderErrorsCarryHealthKitsText() {
    var builder = LiveWorkoutBuilder(activityType: .running, locationType: .outdoor)
    #expect(throws: WorkoutError.invalidArgument("cannot set endDate without a startDate")) {
      try builder.endCollection(at: t(5))
    }
    #expect(
      throws: WorkoutError.invalidArgument(
        "Unable to finish a workout that is not currently ended.")
    ) {
      _ = try builder.finishWorkout(id: "X")
    }
    #expect(throws: Never.self) { try builder.beginCollection(at: t(10)) }
    #expect(
      throws: WorkoutError.invalidArgument("Unable to begin a workout that has already started.")
    ) {
      try builder.beginCollection(at: t(11))
    }
    #expect(throws: WorkoutError.invalidArgument("endDate must be after startDate")) {
      try builder.endCollection(at: t(10))
    }
    #expect(throws: Never.self) { try builder.endCollection(at: t(20)) }
    #expect(
      throws: WorkoutError.invalidArgument("Unable to end a workout that is not currently active.")
    ) {
      try builder.endCollection(at: t(30))
    }
    #expect(builder.lifecycle == .ended)
  }

  @Test func elapsedTimeWorkedExample() throws {
    // The worked example of docs/healthkit-behaviour.md#elapsed-time-and-duration:
    // start 0, pause 300, resume 360, end 600.
    var builder = LiveWorkoutBuilder(activityType: .running, locationType: .outdoor)
    try builder.beginCollection(at: t(0))
    _ = builder.collectSessionEvent(WorkoutEvent(.pause, at: t(300)))
    _ = builder.collectSessionEvent(WorkoutEvent(.motionPaused, at: t(310)))
    _ = builder.collectSessionEvent(WorkoutEvent(.resume, at: t(360)))
    try builder.endCollection(at: t(600))
    #expect(builder.elapsedTime(at: t(200)) == .seconds(200))
    #expect(builder.elapsedTime(at: t(330)) == .seconds(300))
    #expect(builder.elapsedTime(at: t(400)) == .seconds(340))
    #expect(builder.elapsedTime(at: t(900)) == .seconds(540))
  }

  @Test func cumulativeSpansRestartOnAFreshGridAtResume() throws {
    let configuration = WorkoutEngineConfiguration(
      activity: .yoga, schedules: only([.activeEnergyBurned: 10]))
    let source = ScriptedSource(cumulative: [.activeEnergyBurned: .perSecond(2)])
    let engine = run(
      configuration, source: source, [(0, .start), (15, .pause), (18, .resume), (33, .end)])
    let record = try #require(engine.records.first)
    // [0,10) [10,15) cut at the pause | [18,28) [28,33) cut at the end; 2 kcal/s.
    #expect(
      record.samples[.activeEnergyBurned]
        == SampleSeries([
          QuantitySample(start: t(0), end: t(10), value: 20),
          QuantitySample(start: t(10), end: t(15), value: 10),
          QuantitySample(start: t(18), end: t(28), value: 20),
          QuantitySample(start: t(28), end: t(33), value: 10),
        ]))
    #expect(record.totalEnergyBurned == 60)
    #expect(record.duration == .seconds(30))
  }
}
