import Testing
import WorkoutCore
import WorkoutSystem

/// An error report's call is typed; its word (the run result's `action`) is the edge's
/// rendering and stays the word the report carried before it was typed.
@Suite struct ErrorReportCallTests {
  /// Each action files under one case: session calls as `.session`, the builder calls a
  /// timeline makes as `.builder`, extended runtime operations as `.extendedRuntime`.
  @Test func actionsFileUnderOneCase() {
    #expect(ErrorReport.Call(.prepare) == .session(.prepare))
    #expect(ErrorReport.Call(.start) == .session(.start))
    #expect(ErrorReport.Call(.pause) == .session(.pause))
    #expect(ErrorReport.Call(.resume) == .session(.resume))
    #expect(ErrorReport.Call(.stop) == .session(.stop))
    #expect(ErrorReport.Call(.end) == .session(.end))
    #expect(ErrorReport.Call(.endCollection) == .builder(.endCollection))
    #expect(ErrorReport.Call(.finishWorkout) == .builder(.finishWorkout))
    #expect(ErrorReport.Call(.addEvent(.marker)) == .builder(.addEvent))
    #expect(ErrorReport.Call(.extendedRuntime(.start)) == .extendedRuntime)
    #expect(ErrorReport.Call(.lap) == .engine(.lap))
    #expect(ErrorReport.Call(.crash) == .engine(.crash))
  }

  /// The words, written out by hand from docs/run-result.md#errors and the scenario's `do`
  /// words: what the run result's `action` said before the call was typed.
  @Test func wordsAreTheRunResultsActions() {
    let words: [(ErrorReport.Call, String)] = [
      (.session(.prepare), "prepare"), (.session(.start), "start"),
      (.session(.pause), "pause"), (.session(.resume), "resume"), (.session(.stop), "stop"),
      (.session(.end), "end"), (.builder(.beginCollection), "beginCollection"),
      (.builder(.endCollection), "endCollection"), (.builder(.finishWorkout), "finishWorkout"),
      (.builder(.discardWorkout), "discardWorkout"), (.builder(.addEvent), "addEvent"),
      (.builder(.addSamples), "addSamples"), (.builder(.addMetadata), "addMetadata"),
      (.builder(.elapsedTime), "elapsedTime"), (.engine(.lap), "lap"),
      (.engine(.newSession(activity: nil)), "newSession"), (.engine(.crownPress), "crownPress"),
      (.engine(.mirroring(.start)), "startMirroring"),
      (.engine(.mirroring(.remoteCall(.pause))), "pause"),
      (.extendedRuntime, "extendedRuntime"), (.crown, "crown"),
      (.requestAuthorization, "requestAuthorization"),
    ]
    for (call, word) in words {
      #expect(call.word == word)
      let report = ErrorReport(error: .noSession, call: call, at: .zero, session: nil)
      #expect(report.action == word)
    }
  }

  /// A timeline's illegal `pause` (before `start`) is a session call's error; a timeline's
  /// `endCollection` before collection is a builder call's, though both are actions.
  @Test func engineReportsTypedCalls() {
    var engine = WorkoutEngine(
      configuration: WorkoutEngineConfiguration(schedules: only([:])), dataSource: ScriptedSource(),
      reflexes: SampleApp())
    engine.perform(.pause, at: t(10))
    engine.perform(.endCollection, at: t(20))
    #expect(engine.errors.map(\.call) == [.session(.pause), .builder(.endCollection)])
  }
}
