import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

/// A scenario resolved once (``ResolvedScenario``): overrides applied once, the course's
/// recording read once; and `replay`'s scenario built typed (``ReplayPlan/makeScenario()``).
@Suite struct ResolvedScenarioTests {
  static let recordings: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Data/recordings").path
  }()

  static let hillyRun = "run-hilly--2013-02-06-12-11-14.fit"

  /// Every bundled recording, planned with the file's sport and default seed and with
  /// `--type cycling --seed 12`: the scenario built typed equals the plan's document decoded
  /// (the JSON round trip `replay` made before), action for action.
  @Test func aReplayScenarioBuiltTypedEqualsItsDocumentDecoded() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.recordings)
      .filter { [".fit", ".tcx", ".gpx"].contains(where: $0.hasSuffix) }.sorted()
    #expect(names.count == 6)
    for name in names {
      let path = Self.recordings + "/" + name
      let recording = try Recording.read(path: path)
      for (activity, seed) in [(nil, nil), (WorkoutActivityType.cycling, UInt64(12))] {
        let plan = try ReplayPlan(
          recording: recording, path: path, name: "Replay of " + name, activity: activity,
          seed: seed)
        let decoded = try Scenario.decode(
          Array(JSONWriter.encode(plan.scenario).utf8), fileName: path)
        let built = try plan.makeScenario()
        #expect(built == decoded, "\(name) \(activity?.name ?? "-")")
        #expect(built.timeline.map(\.at) == decoded.timeline.map(\.at), "\(name)")
      }
    }
  }

  /// The hilly run's plan, worked out by hand (docs/recordings.md, "The replay command"):
  /// `prepare` and `start` at 0; a `lap` at the start of each of its five lap messages after the
  /// first (four); `end` at the last time stamp, 12:54:58 − 12:11:14 = 43 min 44 s = 2624 s;
  /// running (the file's sport), the recorded heart rate (the file has it), seed 3 as given.
  @Test func theHillyRunsTypedScenario() throws {
    let path = Self.recordings + "/" + Self.hillyRun
    let plan = try ReplayPlan(
      recording: try Recording.read(path: path), path: path, name: "Replay", activity: nil,
      seed: 3)
    let scenario = try plan.makeScenario()
    #expect(scenario.name == "Replay")
    #expect(scenario.seed == 3)
    #expect(scenario.activity == .running)
    #expect(scenario.course == .recording(Scenario.Recording(path: path, heartRate: .recorded)))
    #expect(scenario.sourceURL == nil)
    let kinds = scenario.timeline.map(\.kind)
    #expect(kinds.prefix(2) == [.app(.prepare), .app(.start)])
    #expect(scenario.timeline.prefix(2).map(\.at) == [.zero, .zero])
    #expect(kinds.filter { $0 == .app(.lap) }.count == 4)
    #expect(scenario.timeline.last?.kind == .app(.end))
    #expect(scenario.timeline.last?.at == .seconds(2624))
    #expect(scenario.timeline.map(\.location).prefix(2) == ["timeline[0]", "timeline[1]"])
  }

  /// The bundled hilly run with the recorded heart rate, resolved with `--type walking` and
  /// `--seed 9`: the recording is read once for the run, the course's profile and the run with
  /// the heart rate modelled; the overrides are in the scenario and no longer in the overrides;
  /// the run gives the bytes of `Simulation.run(_:overrides:)` (which resolves by itself).
  @Test func theRecordingIsReadOnceAndTheOverridesAppliedOnce() throws {
    let scenario = try Scenario.decode(
      Array(
        """
        { "version": 1, "course": { "recording": "\(Self.hillyRun)", "heartRate": "recorded" },
          "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
        """.utf8),
      fileName: "replay.json",
      sourceURL: URL(fileURLWithPath: Self.recordings + "/replay.json"))
    var reads: [String] = []
    let overrides = RunOverrides(activity: .walking, seed: 9)
    let resolved = try ResolvedScenario(scenario, overrides: overrides) {
      (path: String) throws(RecordingError) -> Recording in
      reads.append(path)
      return try Recording.read(path: path)
    }
    #expect(reads == [Self.recordings + "/" + Self.hillyRun])
    #expect(resolved.scenario.activity == .walking)
    #expect(resolved.scenario.seed == 9)
    #expect(resolved.overrides == RunOverrides())
    #expect(resolved.recording?.points.isEmpty == false)

    let result = try Simulation.run(resolved)
    let profile = try Simulation.courseProfile(resolved)
    let modelled = resolved.modellingHeartRate()
    let modelledResult = try Simulation.run(modelled)
    #expect(reads.count == 1)

    #expect(result.seed == 9)
    #expect(result.records.map(\.activityType) == [.walking])
    // 600 s from start to end, nothing paused.
    #expect(result.records.first?.duration == .seconds(600))
    #expect(!profile.recordedAltitude.isEmpty)
    #expect(
      modelled.scenario.course
        == .recording(Scenario.Recording(path: Self.hillyRun, heartRate: .model)))
    #expect(modelled.recording == resolved.recording)
    #expect(modelledResult.records.count == 1)
    let again = try Simulation.run(scenario, overrides: overrides)
    #expect(again.document(includeSamples: true) == result.document(includeSamples: true))
  }

  /// A recording handed over (as `replay` hands over the one it planned from) is not read
  /// again, and runs to the bytes of the same scenario read from the file.
  @Test func aRecordingHandedOverIsNotReadAgain() throws {
    let path = Self.recordings + "/walk-short--garmin-fenix-5-walk.fit"
    let recording = try Recording.read(path: path)
    let plan = try ReplayPlan(
      recording: recording, path: path, name: "Walk", activity: nil, seed: nil)
    let scenario = try plan.makeScenario()
    let handed = try ResolvedScenario(scenario, recording: recording)
    #expect(handed.recording == recording)
    let read = try ResolvedScenario(scenario)
    #expect(
      try Simulation.run(handed).document(includeSamples: true)
        == (try Simulation.run(read).document(includeSamples: true)))
  }

  /// A recording that cannot be read is a data error at `course.recording` naming the scenario,
  /// with the reader's error kept (66: it cannot be opened).
  @Test func aRecordingThatCannotBeReadNamesTheScenario() throws {
    let scenario = try Scenario(
      name: "Gone", course: .recording(Scenario.Recording(path: "gone.fit")),
      timeline: [Scenario.Action(at: .zero, .app(.start))])
    let error = try #require(throws: SimulationError.self) {
      try ResolvedScenario(scenario) { (path: String) throws(RecordingError) -> Recording in
        throw RecordingError.unreadable(file: path, reason: "no such file")
      }
    }
    #expect(error.fileName == "gone.fit")
    #expect(error.path == "course.recording")
    #expect(error.recordingError == .unreadable(file: "gone.fit", reason: "no such file"))
    #expect(error.isUnopenableInput)
  }
}
