import Testing
import WorkoutCore
import WorkoutSystem

/// Illegal session calls through the engine: reported, nothing changes.
@Suite struct EngineIllegalCallTests {
  @Test func pauseWhilePausedIsReportedAndChangesNothing() {
    let configuration = WorkoutEngineConfiguration(schedules: only([:]))
    let engine = run(
      configuration, source: ScriptedSource(),
      [(0, .start), (600, .pause), (600, .pause), (660, .resume)])
    let error = ErrorReport(
      error: WorkoutError(
        domain: "HKErrorDomain", code: .invalidArgument,
        message: "Unable to perform 'pause' from current state 'paused'"),
      call: .session(.pause), at: t(600), session: 0)
    #expect(engine.errors == [error])
    #expect(
      engine.log == [
        LogEntry(at: t(0), session: 0, kind: .stateChange(from: .notStarted, to: .running)),
        LogEntry(at: t(600), session: 0, kind: .stateChange(from: .running, to: .paused)),
        LogEntry(at: t(600), session: 0, kind: .event(.pause)),
        LogEntry(at: t(600), session: 0, kind: .error(error)),
        LogEntry(at: t(660), session: 0, kind: .stateChange(from: .paused, to: .running)),
        LogEntry(at: t(660), session: 0, kind: .event(.resume)),
      ])
  }

  @Test func endFromNotStartedIsIllegal() {
    let engine = run(WorkoutEngineConfiguration(), source: ScriptedSource(), [(5, .end)])
    #expect(
      engine.errors.map(\.message) == ["Unable to perform 'end' from current state 'notStarted'"])
    #expect(engine.sessionState(0) == .notStarted)
  }

  @Test func endFromPreparedSavesNothingAndReportsNothing() {
    let engine = run(
      WorkoutEngineConfiguration(), source: ScriptedSource(), [(0, .prepare), (5, .end)])
    #expect(engine.errors.isEmpty)
    #expect(engine.records.isEmpty)
    #expect(engine.sessionState(0) == .ended)
  }
}
