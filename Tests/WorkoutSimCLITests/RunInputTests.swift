import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

/// The seam `run`, `replay` and `report` go through (``RunInput``): each file read once, `--type`
/// and `--seed` applied once, in process (no binary).
@Suite struct RunInputTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  static let hillyRun = root + "/Tests/Data/recordings/run-hilly--2013-02-06-12-11-14.fit"
  /// A scenario replaying the hilly run (its copy beside the bundled scenarios) with the
  /// recorded heart rate, seed 7.
  static let replayScenario = root + "/Scenarios/replay-hilly-run.json"
  static let replayedRun = root + "/Scenarios/recordings/run-hilly--2013-02-06-12-11-14.fit"

  /// Every path each reader was asked for, in order.
  final class Reads: Sendable {
    private let paths = Mutex<(scenarios: [String], recordings: [String])>(([], []))
    var scenarios: [String] { paths.withLock { $0.scenarios } }
    var recordings: [String] { paths.withLock { $0.recordings } }

    /// Readers of the real files that note each reading.
    var files: InputFiles {
      InputFiles(
        decodeScenario: { path throws(ScenarioError) in
          self.paths.withLock { $0.scenarios.append(path) }
          return try Scenario.load(contentsOf: URL(fileURLWithPath: path), displayName: path)
        },
        readRecording: { path throws(RecordingError) in
          self.paths.withLock { $0.recordings.append(path) }
          return try Recording.read(path: path)
        })
    }
  }

  /// What a command wrote to standard output and standard error.
  final class Streams: Sendable {
    private let text = Mutex<(output: String, error: String)>(("", ""))
    var output: String { text.withLock { $0.output } }
    var error: String { text.withLock { $0.error } }

    /// `environment` writing into these streams, not a terminal.
    func capturing(_ environment: CLIEnvironment) -> CLIEnvironment {
      var environment = environment
      environment.writeStandardOutput = { line in self.text.withLock { $0.output += line } }
      environment.writeStandardOutputBytes = nil
      environment.writeStandardError = { line in self.text.withLock { $0.error += line } }
      environment.standardInputIsTerminal = false
      environment.standardOutputIsTerminal = false
      environment.standardErrorIsTerminal = false
      environment.variables = [:]
      environment.standardOutputFailure = { nil }
      return environment
    }
  }

  /// `replay --json` reads the recording once and prints the bytes of the scenario the plan's
  /// document decodes to (the JSON round trip it made before), run.
  @Test func replayReadsTheRecordingOnceAndRunsTheDecodedScenariosBytes() throws {
    let reads = Reads()
    let streams = Streams()
    let environment = streams.capturing(CLIEnvironment(inputFiles: reads.files))
    let status = WorkoutSimCommand.main(
      arguments: ["replay", Self.hillyRun, "--json", "--seed", "5"], environment: environment)
    #expect(status == 0, "\(streams.error)")
    #expect(reads.recordings == [Self.hillyRun])
    #expect(reads.scenarios == [])

    let plan = try ReplayPlan(
      recording: try Recording.read(path: Self.hillyRun), path: Self.hillyRun,
      name: "Replay of run-hilly--2013-02-06-12-11-14.fit", activity: nil, seed: 5)
    let decoded = try Scenario.decode(
      Array(JSONWriter.encode(plan.scenario).utf8), fileName: Self.hillyRun)
    var expected: [UInt8] = []
    try Simulation.run(decoded).writeJSON(includeSamples: false) { expected += $0 }
    #expect(streams.output == String(decoding: expected, as: UTF8.self))
  }

  /// `report --recording` and `report --scenario` (a course replaying the recording with the
  /// recorded heart rate: the run, the course's profile, the file's side and the model's heart
  /// rate) read the recording once; the scenario file is decoded once.
  @Test func reportReadsEachFileOnce() throws {
    let folder = try makeTemporaryFolder(prefix: "workout-sim-run-input")
    for arguments in [
      ["--recording", Self.hillyRun], ["--scenario", Self.replayScenario],
    ] {
      let reads = Reads()
      let streams = Streams()
      let environment = streams.capturing(CLIEnvironment(inputFiles: reads.files))
      let page = folder + "/page.html"
      let status = WorkoutSimCommand.main(
        arguments: ["report"] + arguments + ["--out", page], environment: environment)
      #expect(status == 0, "\(arguments): \(streams.error)")
      #expect(
        reads.recordings
          == [arguments[0] == "--scenario" ? Self.replayedRun : Self.hillyRun], "\(arguments)")
      #expect(
        reads.scenarios == (arguments[0] == "--scenario" ? [Self.replayScenario] : []),
        "\(arguments)")
      // The file's 0:43:45 (total_timer_time 2625.14 s) beside the replay's 2624 s (0:43:44).
      let html = try String(contentsOfFile: page, encoding: .utf8)
      #expect(html.contains("<tr><th>duration</th><td>0:43:44</td><td>0:43:45</td></tr>"))
      #expect(html.contains("class=\"line s-model\""))
    }
  }

  /// `run` through the live environment decodes the scenario file once for the checks before
  /// the run (its recording among the inputs, its most records for the export names) and the
  /// run, and reads the recording once.
  @Test func runDecodesTheScenarioOnceAndReadsTheRecordingOnce() throws {
    let folder = try makeTemporaryFolder(prefix: "workout-sim-run-input")
    let reads = Reads()
    let streams = Streams()
    let environment = streams.capturing(CLIEnvironment.live(inputFiles: reads.files))
    let status = WorkoutSimCommand.main(
      arguments: [
        "run", "--scenario", Self.replayScenario, "--headless", "--export", folder + "/run.json",
      ], environment: environment)
    #expect(status == 0, "\(streams.error)")
    #expect(reads.scenarios == [Self.replayScenario])
    #expect(reads.recordings == [Self.replayedRun])
    // The scenario's one record (2624 s), exported once.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["run.json"])
    #expect(
      streams.output.hasPrefix("Replay: hilly run (FIT, recorded heart rate) (seed 7): 1 workout"))
  }

  /// `check` (its output plan, then the run of each file) and `validate` through the live
  /// environment decode the scenario file once and read its recording once.
  @Test func checkAndValidateReadEachFileOnce() throws {
    for command in ["check", "validate"] {
      let reads = Reads()
      let streams = Streams()
      let environment = streams.capturing(CLIEnvironment.live(inputFiles: reads.files))
      let status = WorkoutSimCommand.main(
        arguments: [command, Self.replayScenario], environment: environment)
      #expect(status == 0, "\(command): \(streams.error)")
      #expect(reads.scenarios == [Self.replayScenario], "\(command)")
      #expect(reads.recordings == [Self.replayedRun], "\(command)")
    }
  }

  /// `run` of a scenario replaying a recording without a `start` checks `today`'s exercise
  /// time against the recording's start, as the Swift door does (one check, in the run's
  /// preparation): t = 0 is the hilly run's first time stamp, 12:11:14 UTC, so the day has
  /// held 12 h 11 min 14 s = 43 874 s since midnight. "12:30:00" (45 000 s) is refused at
  /// `today.appleExerciseTime` with exit 65 and nothing on standard output; "12:11:14", all
  /// of it, runs. Before, the command line ran the first and stored a sample of 12.5 hours
  /// ending at t = 0, starting before the day did.
  @Test func todaysExerciseIsCheckedAgainstARecordingsStart() throws {
    let folder = try makeTemporaryFolder(prefix: "workout-sim-run-input")
    try FileManager.default.copyItem(atPath: Self.hillyRun, toPath: folder + "/run.fit")
    func run(exercise: String) throws -> (status: Int32, streams: Streams) {
      let scenario = folder + "/today.json"
      try #"""
      { "version": 1, "name": "Today", "timeZone": "UTC",
        "course": { "recording": "run.fit", "heartRate": "recorded" },
        "today": { "appleExerciseTime": "\#(exercise)" },
        "timeline": [ { "at": 0, "do": "prepare" }, { "at": 0, "do": "start" },
          { "at": "10:00", "do": "end" } ] }
      """#.write(toFile: scenario, atomically: true, encoding: .utf8)
      let streams = Streams()
      let status = WorkoutSimCommand.main(
        arguments: ["run", "--scenario", scenario, "--headless", "--json"],
        environment: streams.capturing(CLIEnvironment.live(inputFiles: InputFiles())))
      return (status, streams)
    }
    let refused = try run(exercise: "12:30:00")
    #expect(refused.status == 65)
    #expect(refused.streams.output == "")
    #expect(
      refused.streams.error.contains(
        #"today.json: today.appleExerciseTime: "12:30:00" is more than the 12:11:14 between local midnight and the start (12:11:14 in UTC): the day cannot have held it before t = 0 (expected at most "12:11:14", or a start later in the day)"#
      ), "\(refused.streams.error)")
    let taken = try run(exercise: "12:11:14")
    #expect(taken.status == 0, "\(taken.streams.error)")
  }

  /// `--type` and `--seed` are applied once, by the resolution: the scenario carries them and
  /// the overrides left to the run do not, so nothing downstream applies them again. For a
  /// scenario file `--type`'s error names the file as given; for a recording both go into the
  /// plan.
  /// `run --keys` tells the budget how far the keys carry the run (issue 26, bug 1): the
  /// latest bound key (`l` at 1e8 s; `+` only moves the face's playback and is no command),
  /// Enter at 0 as the latest key that can start collecting.
  @Test func theKeysCarryTheRunForTheMemoryBudget() {
    let request = RunRequest(
      options: RunOptions(keys: [
        KeyPress(key: .enter, at: .zero),
        KeyPress(key: .character("l"), at: .seconds(100_000_000)),
        KeyPress(key: .character("+"), at: .seconds(200_000_000)),
      ]))
    #expect(
      request.overrides.commands
        == CommandSpan(end: .seconds(100_000_000), latestStart: .zero, turnsCrown: false))
    #expect(RunRequest(options: RunOptions()).overrides.commands == nil)
  }

  @Test func typeAndSeedAreAppliedOnce() throws {
    let files = InputFiles()
    let hills = Self.root + "/Scenarios/hills.json"
    let input = try RunInput(
      resolving: RunRequest(
        source: .scenario(path: hills),
        overrides: RunOverrides(activity: .walking, seed: 11, until: .seconds(60))),
      files: files)
    #expect(input.source == hills)
    #expect(input.replay == nil)
    #expect(input.resolved.scenario.activity == .walking)
    #expect(input.resolved.scenario.seed == 11)
    #expect(input.resolved.overrides == RunOverrides(until: .seconds(60)))
    #expect(try input.run().seed == 11)

    let replay = try RunInput(
      resolving: RunRequest(
        source: .recording(path: Self.hillyRun),
        overrides: RunOverrides(activity: .hiking, seed: 4, requiresPositions: true)),
      files: files)
    #expect(replay.replay?.parts.map(\.activity) == [.hiking])
    #expect(replay.resolved.scenario.activity == .hiking)
    #expect(replay.resolved.scenario.seed == 4)
    #expect(replay.resolved.overrides == RunOverrides(requiresPositions: true))

    // Tempo ride's segments have power: --type walking is refused by the one application,
    // naming the file as given, at the first segment with power.
    let tempo = Self.root + "/Scenarios/tempo-ride.json"
    let error = try #require(throws: ScenarioError.self) {
      try RunInput(
        resolving: RunRequest(
          source: .scenario(path: tempo), overrides: RunOverrides(activity: .walking)),
        files: files)
    }
    #expect(error.fileName == tempo)
    #expect(error.kind == .invalid(path: "course[0].power"))
  }

  /// A scenario file that does not decode is read once and its error given again, not read
  /// again, when the run after the checks asks for it.
  @Test func aScenarioThatDoesNotDecodeIsReadOnce() throws {
    let reads = Reads()
    let files = reads.files
    let missing = NSTemporaryDirectory() + "/workout-sim-no-such-" + UUID().uuidString + ".json"
    let first = try #require(throws: ScenarioError.self) { try files.scenario(at: missing) }
    let second = try #require(throws: ScenarioError.self) { try files.scenario(at: missing) }
    #expect(first == second)
    #expect(first.kind == .cannotOpen)
    #expect(reads.scenarios == [missing])
  }
}
