import Testing

@testable import WorkoutCore
@testable import WorkoutSystem

/// The engine's outbox: each effect written once, into the log (the record) and, when the
/// engine queues effects, the outbox the Swift door takes.
@Suite struct EngineEffectTests {
  private func engine(queuing: Bool) -> WorkoutEngine<ScriptedSource> {
    var engine = WorkoutEngine(
      configuration: WorkoutEngineConfiguration(schedules: only([:])), dataSource: ScriptedSource(),
      reflexes: SampleApp())
    engine.queuesEffects = queuing
    return engine
  }

  /// Without `queuesEffects` (a run that only keeps the record) nothing queues up; with it,
  /// the outbox holds the effects in the log's order: the illegal pause's error (before
  /// start), then start's change notStarted → running. No batch: every type is off.
  @Test func theOutboxHoldsWhatTheLogRecords() {
    var quiet = engine(queuing: false)
    quiet.perform(.pause, at: t(5))
    quiet.perform(.start, at: t(10))
    #expect(quiet.log.count == 2)
    #expect(quiet.effects.isEmpty)

    var queuing = engine(queuing: true)
    queuing.perform(.pause, at: t(5))
    queuing.perform(.start, at: t(10))
    let error = ErrorReport(
      error: .invalidTransition(.pause, from: .notStarted), call: .session(.pause), at: t(5),
      session: 0)
    let expected = [
      EngineEffect(at: t(5), session: 0, kind: .error(error)),
      EngineEffect(at: t(10), session: 0, kind: .stateChange(from: .notStarted, to: .running)),
    ]
    #expect(queuing.effects == expected)
    #expect(queuing.log == expected.map(\.logEntry))

    // Taking empties the outbox and leaves the record.
    var taken: [EngineEffect] = []
    queuing.takeEffects(into: &taken)
    #expect(taken == expected)
    #expect(queuing.effects.isEmpty)
    #expect(queuing.log.count == 2)
  }

  /// An app state change (lifecycle model on) is an effect with no session, written once: the
  /// log's `appState` entry and, queued, the outbox's (WatchKit's delegate calls come from it).
  /// Wrist down at 60: active → inactive, nothing keeping the app alive.
  @Test func anAppStateChangeIsAnEffect() {
    var engine = WorkoutEngine(
      configuration: WorkoutEngineConfiguration(schedules: only([:]), watch: .standard),
      dataSource: ScriptedSource(), reflexes: SampleApp())
    engine.queuesEffects = true
    engine.perform(.wristDown, at: t(60))
    let change = AppStateChange(from: .active, to: .inactive, cause: .wristDown, keepAlive: .none)
    let expected = EngineEffect(at: t(60), session: nil, kind: .appState(change))
    #expect(engine.effects == [expected])
    #expect(engine.log == [expected.logEntry])
  }

  /// Samples produced at one instant are one batch: a batch still in the outbox grows with the
  /// log's entry; one already taken does not come again (the app heard of that instant's batch),
  /// while the log's entry grows.
  @Test func aBatchGrowsUntilItIsTaken() {
    var engine = engine(queuing: true)
    let heartRate = QuantityTypeSet([.heartRate])
    let energy = QuantityTypeSet([.activeEnergyBurned])
    let steps = QuantityTypeSet([.stepCount])
    engine.deliverBatch(session: 0, at: t(10).nanoseconds, types: heartRate, count: 1)
    engine.deliverBatch(session: 0, at: t(10).nanoseconds, types: energy, count: 2)
    // 1 + 2 = 3 samples of two types, one entry and one effect.
    let both = EngineEffect(
      at: t(10), session: 0, kind: .dataCollected(types: heartRate.union(energy), count: 3))
    #expect(engine.effects == [both])
    #expect(engine.log == [both.logEntry])

    var taken: [EngineEffect] = []
    engine.takeEffects(into: &taken)
    engine.deliverBatch(session: 0, at: t(10).nanoseconds, types: steps, count: 1)
    // The record: 3 + 1 = 4 samples of three types; nothing new for the app.
    #expect(
      engine.log == [
        LogEntry(
          at: t(10), session: 0,
          kind: .dataCollected(types: heartRate.union(energy).union(steps), count: 4))
      ])
    #expect(engine.effects.isEmpty)

    // The next instant is a batch of its own.
    engine.deliverBatch(session: 0, at: t(15).nanoseconds, types: heartRate, count: 1)
    let next = EngineEffect(
      at: t(15), session: 0, kind: .dataCollected(types: heartRate, count: 1))
    #expect(engine.effects == [next])
    #expect(engine.log.last == next.logEntry)
  }
}
