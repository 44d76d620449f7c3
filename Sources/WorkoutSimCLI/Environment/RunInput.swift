import Foundation
import Synchronization
import WorkoutCore
import WorkoutFiles
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation
import WorkoutWatchFace

/// What a command asks to run, as its command line says it: a scenario file (or the built-in
/// default scenario) or a recording to replay, with the overrides (docs/command-line.md).
public struct RunRequest: Sendable, Equatable {
  /// Where the scenario comes from.
  public enum Source: Sendable, Equatable {
    /// `--scenario FILE` of `run` and `report`, as given; `nil`: the built-in default scenario.
    case scenario(path: String?)
    /// A FIT, TCX or GPX file replayed with no scenario file (`replay FILE`,
    /// `report --recording FILE`), as given: the scenario ``ReplayPlan`` builds.
    case recording(path: String)
  }

  /// Where the scenario comes from.
  public var source: Source
  /// `--type`, `--seed`, `--until`, a `.gpx` export's need for positions, and the output kept
  /// per sample. For a recording, `--type` and `--seed` go into the planned scenario
  /// (``ReplayPlan``).
  public var overrides: RunOverrides

  /// Creates a request.
  public init(source: Source, overrides: RunOverrides = RunOverrides()) {
    self.source = source
    self.overrides = overrides
  }

  /// The request of a headless `run` with `options`: `--scenario`, `--type`, `--seed`,
  /// `--until`, positions for a `.gpx` `--export`, what `--json`, `--samples` and `--export`
  /// keep per sample (``RunOptions/memoryOutput``), and how far the `--keys` commands carry
  /// the run (``WorkoutSimulation/CommandSpan``: the memory budget prices the run to the
  /// latest key as to `--until`).
  public init(options: RunOptions) {
    self.init(
      source: .scenario(path: options.scenarioPath),
      overrides: RunOverrides(
        activity: options.activityType, seed: options.seed, until: options.until,
        requiresPositions: options.exports.contains { $0.format == .gpx },
        output: options.memoryOutput,
        commands: CommandSpan(KeyBindings.commands(for: options.keys))))
  }
}

/// A ``RunRequest`` resolved once: the seam `run`, `replay` and `report` all go through
/// (docs/architecture.md, "How an event travels").
///
/// Resolving reads every file once, through ``InputFiles``: the scenario file is decoded (or the
/// built-in scenario taken) and `--type` applied to it, or the recording is read and planned
/// (``ReplayPlan``, which takes `--type` and `--seed`, and gives the typed scenario with no JSON
/// in between); then ``WorkoutSimulation/ResolvedScenario`` applies `--seed`, reads the course's
/// recording (handed over when `replay` read it already) and the app's Info.plist. ``run(commands:)``
/// runs it; drawing its course and running it again with the heart rate modelled read nothing.
/// A command builds the request, resolves it, runs it and formats what it needs.
public struct RunInput: Sendable {
  /// The request as the command built it.
  public let request: RunRequest
  /// The scenario with its overrides applied and its files read.
  public let resolved: ResolvedScenario
  /// For a recording (``RunRequest/Source/recording(path:)``), the replay's plan: its sport
  /// parts with the file's totals, and the scenario document `--write-scenario` writes; `nil`
  /// for a scenario.
  public let replay: ReplayPlan?
  /// How output names the input: the scenario file or the recording as given, or
  /// `(built-in default scenario)`.
  public let source: String

  /// Resolves `request`, reading its files through `files`.
  ///
  /// - Throws: ``WorkoutScenario/ScenarioError`` for a scenario file that cannot be opened
  ///   (66) or decoded, or a `--type` its course refuses (65); ``RecordingError`` for a
  ///   recording to replay that cannot be opened (66) or read (65);
  ///   ``WorkoutSimulation/SimulationError`` for a recording that gives no course, and as
  ///   ``WorkoutSimulation/ResolvedScenario/init(_:overrides:readRecording:)``.
  public init(resolving request: RunRequest, files: InputFiles) throws {
    self.request = request
    var overrides = request.overrides
    switch request.source {
    case .scenario(let path):
      source = path.map(InputFiles.displayName(ofScenarioAt:)) ?? "(built-in default scenario)"
      var scenario =
        try path.map { path throws(ScenarioError) in try files.scenario(at: path) }
        ?? Scenario.defaultScenario
      // `--type`, once; its error names the file as given.
      if let activity = overrides.activity {
        scenario = try scenario.withActivity(activity, fileName: source)
        overrides.activity = nil
      }
      replay = nil
      resolved = try ResolvedScenario(
        scenario, overrides: overrides, readRecording: files.recording(at:))
    case .recording(let path):
      source = path
      let recording = try files.recording(at: path)
      let plan: ReplayPlan
      do {
        plan = try ReplayPlan(
          recording: recording, path: path,
          name: "Replay of " + (path as NSString).lastPathComponent,
          activity: overrides.activity, seed: overrides.seed, multisport: overrides.multisport)
      } catch {
        throw SimulationError(fileName: path, path: "", message: "\(error)")
      }
      // `--type` and `--seed` are in the plan's scenario.
      overrides.activity = nil
      overrides.seed = nil
      replay = plan
      resolved = try ResolvedScenario(
        plan.makeScenario(), overrides: overrides, recording: recording)
    }
  }

  /// Runs the resolved scenario with the user's `commands` on top
  /// (``WorkoutSimulation/Simulation/run(_:commands:)``); reads no file.
  ///
  /// - Throws: ``WorkoutSimulation/SimulationError`` when the scenario or its recording's
  ///   contents cannot be simulated.
  public func run(commands: [(at: SimulationInstant, command: WatchCommand)] = [])
    throws(SimulationError) -> RunResult
  {
    try Simulation.run(resolved, commands: commands)
  }
}

/// The files the commands read, each once: a scenario file is decoded on first use and kept, so
/// the checks before a run (``CLIEnvironment/scenarioInputs``,
/// ``CLIEnvironment/scenarioRecordLimit``) and the run share one reading; a recording is read
/// when a run is resolved (``RunInput``) and handed to it. One instance serves one
/// ``CLIEnvironment``, that is one command of the `workout-sim` process: a file changed after
/// its first reading is not read again.
public final class InputFiles: Sendable {
  private let decodeScenario: @Sendable (String) throws(ScenarioError) -> Scenario
  private let readRecording: @Sendable (String) throws(RecordingError) -> Recording
  private let scenarios = Mutex<[String: Result<Scenario, ScenarioError>]>([:])

  /// The path that names standard input wherever a scenario file is expected (`run --scenario
  /// -`, `report --scenario -`, `check -`, `validate -`; docs/command-line.md#scenarios-on-standard-input).
  public static let standardInputPath = "-"
  /// How messages and `check` name a scenario read from standard input: `(standard input)`;
  /// also its default `name`.
  public static let standardInputName = "(standard input)"

  /// How output names the scenario file at `path` as given: the path itself, or
  /// ``standardInputName`` for ``standardInputPath``.
  public static func displayName(ofScenarioAt path: String) -> String {
    path == standardInputPath ? standardInputName : path
  }

  /// Reads and decodes the scenario file at `path` as given, named by that path in messages;
  /// `-` (``standardInputPath``) reads standard input to its end instead
  /// (``WorkoutFiles/InputFile/readStandardInput()``), named ``standardInputName``, with no
  /// file of its own: a relative `course.recording` or `app.infoPlist` path in it is relative
  /// to the working folder.
  ///
  /// - Throws: ``WorkoutScenario/ScenarioError``: 66 when the file or standard input cannot be
  ///   read (standard input that is a terminal or a device included), 65 when it does not decode.
  public static func readScenario(atPath path: String) throws(ScenarioError) -> Scenario {
    guard path == standardInputPath else {
      return try Scenario.load(contentsOf: URL(fileURLWithPath: path), displayName: path)
    }
    switch InputFile.readStandardInput() {
    case .success(let bytes):
      return try Scenario.decode(bytes, fileName: standardInputName)
    case .failure(let problem):
      throw ScenarioError(
        fileName: standardInputName, kind: .cannotOpen,
        message: "cannot read the scenario (\(problem.reason))")
    }
  }

  /// Creates the readers.
  ///
  /// - Parameters:
  ///   - decodeScenario: decodes the scenario file at a path as given; default
  ///     ``readScenario(atPath:)`` (standard input for `-`).
  ///   - readRecording: reads the recording at a path; default
  ///     ``WorkoutRecordings/Recording/read(path:)``.
  public init(
    decodeScenario: @escaping @Sendable (String) throws(ScenarioError) -> Scenario = {
      path throws(ScenarioError) in try InputFiles.readScenario(atPath: path)
    },
    readRecording: @escaping @Sendable (String) throws(RecordingError) -> Recording = {
      path throws(RecordingError) in try Recording.read(path: path)
    }
  ) {
    self.decodeScenario = decodeScenario
    self.readRecording = readRecording
  }

  /// The scenario file at `path` (as given), decoded on the first call for that path; later
  /// calls return the same scenario, or throw the same error, without reading the file.
  ///
  /// - Throws: ``WorkoutScenario/ScenarioError`` (66 for a file that cannot be opened, 65 for one
  ///   that does not decode).
  public func scenario(at path: String) throws(ScenarioError) -> Scenario {
    if let known = scenarios.withLock({ $0[path] }) { return try known.get() }
    let decoded: Result<Scenario, ScenarioError>
    do throws(ScenarioError) {
      decoded = .success(try decodeScenario(path))
    } catch {
      decoded = .failure(error)
    }
    scenarios.withLock { $0[path] = decoded }
    return try decoded.get()
  }

  /// Reads the recording at `path` (each call reads the file: a run resolves it once and keeps
  /// it).
  ///
  /// - Throws: ``RecordingError`` (66 for a file that cannot be opened, 65 for one that is not a
  ///   usable FIT, TCX or GPX file).
  public func recording(at path: String) throws(RecordingError) -> Recording {
    try readRecording(path)
  }
}
