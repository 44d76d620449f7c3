import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSystem

/// What the command line may change about a scenario before it runs (docs/command-line.md#run).
public struct RunOverrides: Sendable, Equatable {
  /// `--type`: replaces the scenario's `activity` (and the first session's activity).
  public var activity: WorkoutActivityType?
  /// `--seed`: replaces the scenario's `seed`.
  public var seed: UInt64?
  /// `--until`: stops the run at this scenario time; actions after it do not run.
  public var until: SimulationInstant?
  /// `--export` to `.gpx`: the course must have positions; without them ``Simulation/run(_:overrides:)``
  /// throws a ``SimulationError`` before the run starts (docs/command-line.md#run, `--export`).
  public var requiresPositions: Bool
  /// What the run prints or writes (`--json`, `--samples`, `--export`), which decides the memory
  /// it needs per sample in the ``MemoryBudget`` check; default ``MemoryBudget/Output/summary``.
  public var output: MemoryBudget.Output
  /// What the user's commands (`--keys`) add to the run, or `nil` without any: without
  /// ``until`` the run goes on to the latest of them (``Simulation/run(_:commands:)``), so the
  /// ``MemoryBudget`` prices the run to it as it prices ``until``.
  /// ``Simulation/run(_:overrides:commands:)`` sets it from its `commands`.
  public var commands: CommandSpan?
  /// `replay --multisport`: a triathlon recording replays as one `swimBikeRun` workout with an
  /// activity per sport and transition (``ReplayPlan/isMultisport``); scenarios ignore it.
  public var multisport: Bool

  /// Creates overrides; `nil` keeps the scenario's own value.
  public init(
    activity: WorkoutActivityType? = nil, seed: UInt64? = nil, until: SimulationInstant? = nil,
    requiresPositions: Bool = false, output: MemoryBudget.Output = .summary,
    commands: CommandSpan? = nil, multisport: Bool = false
  ) {
    self.multisport = multisport
    self.activity = activity
    self.seed = seed
    self.until = until
    self.requiresPositions = requiresPositions
    self.output = output
    self.commands = commands
  }
}

/// How far the user's timed commands (`--keys`) carry a run, and what in them can make it
/// collect samples: what the ``MemoryBudget`` needs to price a run before it starts.
public struct CommandSpan: Sendable, Equatable {
  /// The latest command's instant, or the first ``WatchCommand/quit``'s when one comes first
  /// (the run stops there and later commands do nothing). Without `--until` a run lasts at
  /// least to here.
  public var end: SimulationInstant
  /// The latest command (up to ``end``) that can begin or resume collecting: Enter
  /// (``WatchCommand/start``, a new session after an ended one), space
  /// (``WatchCommand/pauseOrResume``) or `r` (``WatchCommand/relaunch``); `nil` when there is
  /// none. At or after the timeline's last `end`, the run may collect again.
  public var latestStart: SimulationInstant?
  /// Whether a command turns the Digital Crown: the workout Enter starts may then be any of
  /// the selector's items.
  public var turnsCrown: Bool

  /// Creates a span.
  public init(
    end: SimulationInstant, latestStart: SimulationInstant? = nil, turnsCrown: Bool = false
  ) {
    self.end = end
    self.latestStart = latestStart
    self.turnsCrown = turnsCrown
  }

  /// The span of `commands` (in any order; sorted by time as a run sorts them, stably), or
  /// `nil` when there are none.
  public init?(_ commands: [(at: SimulationInstant, command: WatchCommand)]) {
    let ordered = commands.enumerated().sorted {
      ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
    }
    guard let first = ordered.first?.element.at else { return nil }
    var span = CommandSpan(end: first)
    for (_, timed) in ordered {
      span.end = timed.at
      switch timed.command {
      case .start, .pauseOrResume, .relaunch: span.latestStart = timed.at
      case .crown: span.turnsCrown = true
      case .quit:
        self = span
        return
      default: break
      }
    }
    self = span
  }
}

/// A scenario that could be decoded but cannot be simulated (exit 65).
///
/// The message names the file and the JSON path, like ``ScenarioError``.
public struct SimulationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The scenario file's display name.
  public var fileName: String
  /// The JSON path of the offending value (`athlete.age`), or empty for the whole document.
  public var path: String
  /// What is wrong and what would be valid.
  public var message: String
  /// The error reading the course's recording, when that is the cause (then ``message`` is its
  /// description, naming the recording file); `nil` otherwise.
  public var recordingError: RecordingError?
  /// Why another file the scenario names (`app.infoPlist`'s) cannot be opened, when that is the
  /// cause (then ``message`` names the file and says its `reason`);
  /// `nil` otherwise.
  public var fileProblem: InputFileProblem?

  /// Whether the cause is a file the scenario names (its recording, its Info.plist) that cannot
  /// be opened (exit 66 rather than 65).
  public var isUnopenableInput: Bool {
    if case .unreadable = recordingError { return true }
    return fileProblem != nil
  }

  /// Creates an error.
  public init(
    fileName: String, path: String, message: String, recordingError: RecordingError? = nil,
    fileProblem: InputFileProblem? = nil
  ) {
    self.fileName = fileName
    self.path = path
    self.message = message
    self.recordingError = recordingError
    self.fileProblem = fileProblem
  }

  /// `file: path: message`, the form of every data error.
  public var description: String {
    path.isEmpty ? "\(fileName): \(message)" : "\(fileName): \(path): \(message)"
  }
}

/// Runs scenarios on virtual time: decodes nothing and performs no I/O itself, it maps a decoded
/// ``Scenario`` onto the body (``PhysiologyDataSource``) and the engine (``WorkoutEngine``), plays
/// the timeline and returns everything that happened as a ``RunResult``.
///
/// Headless runs go as fast as the machine allows: nothing waits on the wall clock.
public enum Simulation {
  /// The text of the result's `generator` field: `workout-sim` and ``workoutSimVersion``
  /// (`workout-sim 0.1.0`), also the command line's `--version` text.
  public static let generator = "workout-sim " + workoutSimVersion

  /// Runs `scenario` with `overrides` applied, and the user's `commands` on top.
  ///
  /// The timeline runs in file order; actions at the same instant run in that order (scenario
  /// spec, "Timeline actions"), and commands run after the actions at their instant (`--keys`).
  /// The run stops after the last action or command, at a ``WatchCommand/quit``, or at
  /// `overrides.until`; a session still open then saves no record and gets an `unfinished` log
  /// entry. The scenario's Digital Crown selector (``CrownSelection``) chooses each session's
  /// workout, so this is the very run `workout-sim run` performs: its `--json` output is this
  /// result's encoding.
  ///
  /// - Parameters:
  ///   - scenario: a scenario, decoded from a file or built in Swift.
  ///   - overrides: `--type`, `--seed`, `--until`.
  ///   - commands: the user's commands with their scenario times, in any order (sorted stably).
  /// - Throws: ``SimulationError`` when the scenario's values are outside what the models accept
  ///   (for example an athlete whose resting heart rate is not below the maximum), when the
  ///   course's recording cannot be read (``SimulationError/recordingError`` says why), or when
  ///   ``RunOverrides/requiresPositions`` is set and the course has no positions.
  public static func run(
    _ scenario: Scenario, overrides: RunOverrides = RunOverrides(),
    commands: [(at: SimulationInstant, command: WatchCommand)] = []
  ) throws(SimulationError) -> RunResult {
    var overrides = overrides
    overrides.commands = CommandSpan(commands)
    return try run(ResolvedScenario(scenario, overrides: overrides), commands: commands)
  }

  /// Runs a scenario resolved once (``ResolvedScenario``: `--type` and `--seed` applied, its
  /// files read), with the user's `commands` on top: the one run every door ends in
  /// (``run(_:overrides:commands:)``, `workout-sim run`, `replay` and `report`). Reads no file.
  ///
  /// - Parameters:
  ///   - resolved: the scenario with its overrides and its course's recording.
  ///   - commands: the user's commands with their scenario times, in any order (sorted stably).
  /// - Throws: ``SimulationError`` when the scenario's values or its recording's contents cannot
  ///   be simulated, or when ``RunOverrides/requiresPositions`` is set and the course has no
  ///   positions.
  public static func run(
    _ resolved: ResolvedScenario, commands: [(at: SimulationInstant, command: WatchCommand)] = []
  ) throws(SimulationError) -> RunResult {
    let overrides = resolved.overrides
    // Commands that go further than what `resolved` was priced for (a caller that resolved
    // without them) are priced now, before the run.
    let span = CommandSpan(commands)
    if span != overrides.commands {
      var priced = overrides
      priced.commands = span
      try PreparedScenario.checkSampleBudget(
        resolved.scenario, overrides: priced, file: resolved.fileName)
    }
    var session = try SimulationSession(resolved)
    var end = session.plannedEnd
    let ordered = commands.enumerated().sorted {
      ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
    }
    for (_, timed) in ordered {
      if let until = overrides.until, timed.at > until { break }
      session.perform(timed.command, at: timed.at)
      if overrides.until == nil { end = max(end, timed.at) }
    }
    session.advance(to: end)
    session.finish(at: end)
    var result = session.result
    try addHealthDays(to: &result, scenario: resolved.scenario, through: end)
    return result
  }

  /// Sets `result.days` from `scenario`'s `health` data through `end` (nothing without a
  /// `health` key), for runs that end outside ``run(_:overrides:commands:)`` (the watch face).
  /// The data is generated from the seed the run used (`result.seed`: `--seed` replaces the
  /// scenario's, for the health data too).
  ///
  /// - Throws: ``SimulationError`` as ``HealthGeneration/data(for:through:recordingStart:)``.
  public static func addHealthDays(
    to result: inout RunResult, scenario: Scenario, through end: SimulationInstant
  ) throws(SimulationError) {
    guard scenario.health != nil else { return }
    var seeded = scenario
    seeded.seed = result.seed
    result.days = try HealthDay.days(for: seeded, through: end, startDate: result.startDate)
  }

  /// Runs `scenario` with no overrides, as `workout-sim check` does, and evaluates its `expect`
  /// list against the run result document (docs/scenario-format.md#checks) with
  /// ``evaluate(_:in:)``.
  ///
  /// - Parameter scenario: a scenario, decoded or built in Swift.
  /// - Returns: each check with its outcome, in `expect` order.
  /// - Throws: ``SimulationError`` as ``run(_:overrides:commands:)``.
  public static func check(_ scenario: Scenario) throws(SimulationError) -> [(
    check: Check, outcome: CheckOutcome
  )] {
    let document = try run(scenario).document()
    return scenario.expect.map { (check: $0, outcome: evaluate($0, in: document)) }
  }
}

extension SimulationError: LocalizedError {
  /// ``description`` (the file, the JSON path and the fix), so that `error.localizedDescription`
  /// says it too rather than Foundation's generic text.
  public var errorDescription: String? { description }
}
