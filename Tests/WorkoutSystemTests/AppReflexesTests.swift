import Testing
import WorkoutCore
import WorkoutSystem

/// The engine's client hook (`AppReflexes`): the app's reflexes are asked where the effect is
/// produced, and the calls they return are made within the same step, before anything else the
/// step does.
@Suite struct AppReflexesTests {
  /// Heart rate 120 bpm every 5 s, nothing else; lifecycle model off.
  let configuration = WorkoutEngineConfiguration(schedules: only([.heartRate: 5]))
  let source = ScriptedSource(discrete: { _, _ in 120 })
  let timeline: [(Int64, AppAction)] = [(0, .start), (10, .stop), (20, .end)]

  @Test func aReflexsCallsAreMadeInTheStepThatCausedThem() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: SampleApp())
    for (seconds, action) in timeline { engine.perform(action, at: t(seconds)) }
    let id = WorkoutRecord.makeID(seed: 1, sessionIndex: 0)
    // By hand: at 0 the state change, then the reflex begins collection, whose interval's first
    // grid point (0 s) is the step's batch; one sample at 5 s; at 10 s the stop closes the
    // interval (the sample at 10 s, before the change), then the reflex ends collection and
    // finishes the workout: its record comes at once, before the step ends; at 20 s the end
    // finds the workout finished, so the reflex makes no call.
    let expected: [LogEntry] = [
      LogEntry(at: t(0), session: 0, kind: .stateChange(from: .notStarted, to: .running)),
      LogEntry(
        at: t(0), session: 0, kind: .dataCollected(types: QuantityTypeSet([.heartRate]), count: 1)),
      LogEntry(
        at: t(5), session: 0, kind: .dataCollected(types: QuantityTypeSet([.heartRate]), count: 1)),
      LogEntry(
        at: t(10), session: 0, kind: .dataCollected(types: QuantityTypeSet([.heartRate]), count: 1)),
      LogEntry(at: t(10), session: 0, kind: .stateChange(from: .running, to: .stopped)),
      LogEntry(at: t(10), session: 0, kind: .record(id: id)),
      LogEntry(at: t(20), session: 0, kind: .stateChange(from: .stopped, to: .ended)),
    ]
    #expect(engine.log == expected)
    // 0 to 10 s: three samples (0, 5, 10), a 10 s workout.
    #expect(engine.records.map(\.duration) == [.seconds(10)])
    #expect(engine.errors.isEmpty)
  }

  @Test func theClientHearsEachChangeWithItsBuilderAndWhetherTheAppHearsIt() throws {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: SampleApp())
    for (seconds, action) in timeline { engine.perform(action, at: t(seconds)) }
    let app = try #require(engine.reflexes as? SampleApp)
    // By hand: at creation the link looks at the devices: the watch app runs (the lifecycle
    // model is off, so it is active) with its session not activated; the phone app does not
    // run. Then one event per session change, with the builder as it stands then: not begun
    // at the start, collecting at the stop, finished (by the reflex at the stop) at the end.
    #expect(app.events.map(\.0) == [t(0), t(0), t(10), t(20)])
    #expect(
      app.events.map(\.1) == [
        .linkNotActivated(.watch),
        .sessionChanged(
          session: 0, change: SessionStateChange(from: .notStarted, to: .running, date: t(0)),
          builder: .notStarted, heard: true),
        .sessionChanged(
          session: 0, change: SessionStateChange(from: .running, to: .stopped, date: t(10)),
          builder: .active, heard: true),
        .sessionChanged(
          session: 0, change: SessionStateChange(from: .stopped, to: .ended, date: t(20)),
          builder: .finished, heard: true),
      ])
  }

  @Test func withoutReflexesTheEngineIsHealthKits() {
    // No client: `start` begins no collection and `end` saves nothing (HealthKit: the app's
    // own `beginCollection`, `endCollection` and `finishWorkout` do).
    var engine = WorkoutEngine(configuration: configuration, dataSource: source)
    for (seconds, action) in timeline { engine.perform(action, at: t(seconds)) }
    #expect(
      engine.log == [
        LogEntry(at: t(0), session: 0, kind: .stateChange(from: .notStarted, to: .running)),
        LogEntry(at: t(10), session: 0, kind: .stateChange(from: .running, to: .stopped)),
        LogEntry(at: t(20), session: 0, kind: .stateChange(from: .stopped, to: .ended)),
      ])
    #expect(engine.records.isEmpty)
    #expect(engine.builder(ofSession: 0)?.lifecycle == .notStarted)
  }

  /// A client that ends collection and finishes at every stop, whatever the builder.
  struct Blunt: AppReflexes {
    func react(to event: WorkoutSystem.AppEvent, at instant: SimulationInstant) -> [AppCall] {
      guard case .sessionChanged(let session, let change, _, _) = event, change.to == .stopped
      else { return [] }
      return [.endCollection(session: session), .finishWorkout(session: session)]
    }
  }

  @Test func aFailingCallEndsTheReaction() {
    // The app begins collection at 0 and ends it itself at 8 s; at the stop (10 s) the
    // client's `endCollection` fails (the builder's collection has ended), so its
    // `finishWorkout` is not made: one error, reported as the builder's `endCollection`, and
    // no record.
    var engine = WorkoutEngine(configuration: configuration, dataSource: source, reflexes: Blunt())
    engine.perform(.start, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.perform(.endCollection, at: t(8))
    engine.perform(.stop, at: t(10))
    #expect(engine.errors.map(\.call) == [.builder(.endCollection)])
    #expect(engine.errors.map(\.at) == [t(10)])
    #expect(engine.records.isEmpty)
  }

  /// A client whose launch code begins collection instead of activating its `WCSession`.
  struct CollectsAtLaunch: AppReflexes {
    func react(to event: WorkoutSystem.AppEvent, at instant: SimulationInstant) -> [AppCall] {
      guard case .linkNotActivated(.watch) = event else { return [] }
      return [.beginCollection(session: 0)]
    }
  }

  @Test func aLinkEventsOtherCallsAreMadeByTheEngineAfterTheLinksStep() {
    // At creation the link finds the watch app running with its session not activated; the
    // client's `beginCollection` is not the link's own call, so the engine makes it after the
    // link's step, at 0: session 0's builder collects from 0 (the session has not started, so
    // nothing is sampled yet), and the session stays not activated.
    let engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: CollectsAtLaunch())
    #expect(engine.builder(ofSession: 0)?.lifecycle == .active)
    #expect(engine.builder(ofSession: 0)?.startDate == t(0))
    #expect(engine.linkActivationState(.watch) == 0)
    #expect(engine.log.isEmpty)
  }

  @Test func aReactionComesBeforeTheRestOfItsStep() {
    // Session 0 runs from 0; at 10 s the app makes session 1 and prepares it, which ends
    // session 0 first (HealthKit's one session at a time). By hand, at 10 s: session 0's last
    // batch (its interval closes), its error, its change to ended, then the reflex's
    // `endCollection` and `finishWorkout`, whose record comes before session 1's change: the
    // reaction is made inside the step, not after it.
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: SampleApp())
    engine.perform(.start, at: t(0))
    engine.perform(.newSession(activity: nil), at: t(10))
    engine.perform(.prepare, at: t(10))
    let batch = LogEntry.Kind.dataCollected(types: QuantityTypeSet([.heartRate]), count: 1)
    let report = ErrorReport(
      error: .anotherWorkoutSessionStarted, call: .session(.prepare), at: t(10), session: 0)
    let expected: [LogEntry] = [
      LogEntry(at: t(0), session: 0, kind: .stateChange(from: .notStarted, to: .running)),
      LogEntry(at: t(0), session: 0, kind: batch),
      LogEntry(at: t(5), session: 0, kind: batch),
      LogEntry(at: t(10), session: 0, kind: batch),
      LogEntry(at: t(10), session: 0, kind: .error(report)),
      LogEntry(at: t(10), session: 0, kind: .stateChange(from: .running, to: .ended)),
      LogEntry(
        at: t(10), session: 0, kind: .record(id: WorkoutRecord.makeID(seed: 1, sessionIndex: 0))),
      LogEntry(at: t(10), session: 1, kind: .stateChange(from: .notStarted, to: .prepared)),
    ]
    #expect(engine.log == expected)
  }
}
