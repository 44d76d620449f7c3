import Testing
import WorkoutCore
import WorkoutSystem

/// The engine calls of the Swift API door (WorkoutEngine+API.swift): explicit collection, the
/// app's dates, recovery as its own call, the next due instant and per-session configuration.
@Suite struct EngineAPITests {
  /// Heart rate every 5 s at 100 + whole seconds, energy 0.1 kcal/s every 10 s.
  let source = ScriptedSource(
    discrete: { _, instant in 100 + Double(instant.nanoseconds / 1_000_000_000) },
    cumulative: [.activeEnergyBurned: .perSecond(0.1)])

  let configuration = WorkoutEngineConfiguration(
    schedules: only([.heartRate: 5, .activeEnergyBurned: 10]))

  /// Who begins collection: the app's own `beginCollection` (`explicit`, HealthKit's way) or
  /// the command line's reflex at `start` (`implicit`); the app finishes by its own calls.
  enum Collection { case implicit, explicit }

  func app(_ collection: Collection) -> SampleApp {
    SampleApp(beginsCollection: collection == .implicit, finishes: false)
  }

  /// Each call's typed outcome (`callError`): the door throws it without reading the run's
  /// error list back. A second `beginCollection` fails (HealthKit: collection already began) and
  /// is its own outcome; the next call clears it; `errors`, the record, keeps the failure.
  @Test func eachCallHasItsOwnTypedOutcome() throws {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    engine.perform(.start, onSession: 0, at: t(0))
    let began = engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    #expect(began)
    #expect(engine.callError == nil)
    let again = engine.beginCollection(ofSession: 0, at: t(5), date: t(5))
    #expect(!again)
    let failure = try #require(engine.callError)
    #expect(failure.call == .builder(.beginCollection))
    #expect(failure.at == t(5))
    #expect(failure.session == 0)
    let ended = engine.endCollection(ofSession: 0, at: t(8), date: t(8))
    #expect(ended)
    #expect(engine.callError == nil)
    #expect(engine.errors == [failure])
  }

  @Test func explicitCollectionStartsNoSamplesUntilTheAppBegins() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    engine.perform(.start, onSession: 0, at: t(3))
    engine.advance(to: t(20))
    // Running since 3 s, but no collection: no samples, no builder start.
    #expect(engine.sessionState(0) == .running)
    #expect(engine.builder(ofSession: 0)?.startDate == nil)
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 0)
    #expect(engine.nextDueInstant == nil)
    // The app begins at 20 s with start date 20 s: the grid starts at 20 s.
    let began = engine.beginCollection(ofSession: 0, at: t(20), date: t(20))
    #expect(began)
    #expect(engine.builder(ofSession: 0)?.startDate == t(20))
    // Heart rate at 20 (delivered with the call), next due at 25 (HR) then 30 (HR + energy).
    #expect(engine.nextDueInstant == t(25))
    engine.advance(to: t(30))
    // HR at 20, 25, 30 → 3 samples; energy span [20, 30) → 1 sample of 10 s × 0.1 = 1 kcal.
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 3)
    #expect(engine.builder(ofSession: 0)?.sum(of: .activeEnergyBurned) == 1)
    #expect(engine.builder(ofSession: 0)?.mostRecent(of: .heartRate) == 130)
  }

  @Test func implicitCollectionIsTheTimelineStart() {
    // The same calls through the timeline: `start` begins collection at 3 s.
    let engine = run(configuration, source: source, [(3, .start)], app: app(.implicit))
    #expect(engine.builder(ofSession: 0)?.startDate == t(3))
  }

  /// The data source's types changed mid-interval (`enableCollection`, `disableCollection`)
  /// apply at the call: the interval is cut and goes on with the new types. A change to types
  /// the activity does not produce cuts nothing (no second heart-rate sample at the call).
  @Test func collectedTypesChangedMidIntervalApplyAtTheCall() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.advance(to: t(20))
    // Heart rate off at 20 s: HR at 0, 5, 10, 15, 20 only.
    engine.changeCollectedTypes(QuantityTypeSet([.activeEnergyBurned]), ofSession: 0)
    engine.advance(to: t(40))
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 5)
    #expect(engine.builder(ofSession: 0)?.mostRecent(of: .heartRate) == 120)
    // On again at 40 s: 40, 45, 50.
    engine.changeCollectedTypes(
      QuantityTypeSet([.activeEnergyBurned, .heartRate]), ofSession: 0)
    engine.advance(to: t(50))
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 8)
    // Cycling distance, which a run does not produce: no cut, so no second sample at 50 s.
    engine.changeCollectedTypes(
      QuantityTypeSet([.activeEnergyBurned, .heartRate, .distanceCycling]), ofSession: 0)
    engine.advance(to: t(55))
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 9)
    #expect(engine.builder(ofSession: 0)?.mostRecent(of: .heartRate) == 155)
    // Energy throughout, the cuts on span boundaries: [0, 10) ... [40, 50), 0.1 kcal/s.
    #expect(engine.builder(ofSession: 0)?.sum(of: .activeEnergyBurned) == 5)
  }

  /// A mid-interval change to a type the interval does not sample cuts nothing: distance, whose
  /// sensor is off here, and steps, recorded per event (as a pool's lengths are). Heart rate
  /// stays on its 5 s grid (0 ... 25 s: 6 samples, none at 23 s) and energy on its 10 s spans
  /// ([0, 10) and [10, 20); [20, 30) still open at 25 s).
  @Test func collectedTypesChangedOnlyForUnsampledTypesCutNothing() {
    var configuration = configuration
    configuration.eventRecordedTypes = QuantityTypeSet([.stepCount])
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.advance(to: t(21))
    engine.changeCollectedTypes(
      QuantityTypeSet([.heartRate, .activeEnergyBurned, .stepCount]), ofSession: 0)
    engine.advance(to: t(23))
    engine.changeCollectedTypes(
      QuantityTypeSet([.heartRate, .activeEnergyBurned]), ofSession: 0)
    engine.advance(to: t(25))
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 6)
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .activeEnergyBurned) == 2)
  }

  @Test func beginCollectionBeforeStartOpensSamplingWhenRunning() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    let began = engine.beginCollection(ofSession: 0, at: t(1), date: t(1))
    #expect(began)
    engine.advance(to: t(10))
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 0)
    engine.perform(.start, onSession: 0, at: t(10))
    // Grid from 10 s: HR at 10 and 15.
    engine.advance(to: t(15))
    #expect(engine.builder(ofSession: 0)?.sampleCount(of: .heartRate) == 2)
    // A second begin is HealthKit's error; the builder keeps its start.
    let again = engine.beginCollection(ofSession: 0, at: t(16), date: t(16))
    #expect(!again)
    #expect(engine.errors.last?.message == "Unable to begin a workout that has already started.")
    #expect(engine.builder(ofSession: 0)?.startDate == t(1))
  }

  @Test func endCollectionUsesTheAppsDate() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.perform(.end, onSession: 0, at: t(60))
    // The app's end date 58 s lies before the call at 60 s: used as given.
    let ended = engine.endCollection(ofSession: 0, at: t(60), date: t(58))
    #expect(ended)
    let record = engine.finishWorkout(ofSession: 0, at: t(60))
    #expect(record?.endDate == t(58))
    // 0 → 58 s without pauses.
    #expect(record?.duration == .seconds(58))
    #expect(engine.records.count == 1)
  }

  @Test func endCollectionBeforeBeginIsHealthKitsError() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    let ended = engine.endCollection(ofSession: 0, at: t(5), date: t(5))
    #expect(!ended)
    #expect(engine.errors.map(\.message) == ["cannot set endDate without a startDate"])
    #expect(engine.errors.map(\.action) == ["endCollection"])
  }

  @Test func relaunchWithRecoveryIsRelaunchThenRecover() {
    let timeline: [(Int64, AppAction)] = [
      (0, .start), (12, .crash), (40, .relaunch(recover: true)), (60, .end),
      (60, .endCollection), (60, .finishWorkout),
    ]
    let together = run(configuration, source: source, timeline, app: app(.implicit))
    var apart = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.implicit))
    for (seconds, action) in timeline {
      if case .relaunch = action {
        apart.perform(.relaunch(recover: false), at: t(seconds))
        #expect(apart.recoverableSessionIndex == 0)
        let recovered = apart.recoverActiveSession(at: t(seconds))
        #expect(recovered == 0)
      } else {
        apart.perform(action, at: t(seconds))
      }
    }
    #expect(together.log == apart.log)
    #expect(together.records == apart.records)
    #expect(together.errors == apart.errors)
    // The missed batch at 40 s: HR at 15, 20, ..., 40 (6) and energy at 20, 30, 40 (3).
    let batch = together.log.first {
      if case .dataCollected = $0.kind { return $0.at == t(40) }
      return false
    }
    #expect(
      batch?.kind
        == .dataCollected(types: QuantityTypeSet([.heartRate, .activeEnergyBurned]), count: 9))
  }

  @Test func recoveryLaterDeliversEverythingMissedInOneBatch() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.implicit))
    engine.perform(.start, at: t(0))
    engine.perform(.crash, at: t(12))
    engine.perform(.relaunch(recover: false), at: t(40))
    engine.advance(to: t(50))
    #expect(engine.currentSessionIndex == nil)
    let recovered = engine.recoverActiveSession(at: t(50))
    #expect(recovered == 0)
    #expect(engine.currentSessionIndex == 0)
    // Crash to 50 s: HR at 15 ... 50 (8 samples), energy at 20, 30, 40, 50 (4) in one batch.
    #expect(
      engine.log.last
        == LogEntry(
          at: t(50), session: 0,
          kind: .dataCollected(
            types: QuantityTypeSet([.heartRate, .activeEnergyBurned]), count: 12)))
    // Nothing left to recover.
    let again = engine.recoverActiveSession(at: t(51))
    #expect(again == nil)
  }

  @Test func noRecoveryWhenTheSessionEndedMeanwhile() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.implicit))
    engine.perform(.start, at: t(0))
    engine.perform(.crash, at: t(12))
    engine.perform(.relaunch(recover: false), at: t(40))
    // A new session made and started by the relaunched app ends the orphan's session and
    // replaces it: nothing to recover.
    engine.perform(.newSession(activity: nil), at: t(41))
    engine.perform(.start, at: t(42))
    #expect(engine.sessionState(0) == .ended)
    #expect(engine.recoverableSessionIndex == nil)
    let recovered = engine.recoverActiveSession(at: t(43))
    #expect(recovered == nil)
    #expect(engine.currentSessionIndex == 1)
  }

  @Test func nextDueInstantStepsBatchByBatch() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.implicit))
    engine.perform(.start, at: t(0))
    var instants: [SimulationInstant] = []
    while let next = engine.nextDueInstant, next <= t(20) {
      engine.advance(to: next)
      instants.append(next)
    }
    // HR every 5 s from 0 (0 was delivered with the start), energy every 10 s: 5, 10, 15, 20.
    #expect(instants == [t(5), t(10), t(15), t(20)])
  }

  @Test func sessionsTakeTheAppsConfiguration() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    let configured = engine.configureSession(0, activity: .cycling, location: .indoor)
    #expect(configured)
    #expect(engine.activity(ofSession: 0) == .cycling)
    #expect(engine.builder(ofSession: 0)?.locationType == .indoor)
    let next = engine.newSession(activity: .walking, location: .outdoor, at: t(1))
    #expect(next == 1)
    #expect(engine.currentSessionIndex == 1)
    #expect(engine.builder(ofSession: 1)?.activityType == .walking)
    #expect(engine.builder(ofSession: 1)?.locationType == .outdoor)
    // Once started, the configuration is fixed.
    engine.perform(.start, onSession: 1, at: t(2))
    let changed = engine.configureSession(1, activity: .running, location: .indoor)
    #expect(!changed)
  }

  @Test func anIllegalCallLeavesTheStateAndReportsHealthKitsText() {
    var engine = WorkoutEngine(
      configuration: configuration, dataSource: source, reflexes: app(.explicit))
    engine.perform(.pause, onSession: 0, at: t(1))
    #expect(engine.sessionState(0) == .notStarted)
    #expect(
      engine.errors.map(\.message) == ["Unable to perform 'pause' from current state 'notStarted'"])
  }
}
