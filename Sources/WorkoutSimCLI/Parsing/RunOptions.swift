import WorkoutCore
import WorkoutRecordings
import WorkoutSimulation

/// The options of `workout-sim run` (docs/command-line.md#run), parsed and checked.
public struct RunOptions: Sendable, Equatable {
  /// `--scenario FILE`: the scenario file, as given; `nil` runs the built-in default scenario
  /// (a steady 30-minute outdoor run on gently rolling ground).
  public var scenarioPath: String?
  /// `--type TYPE`: overrides the scenario's `activity` (an `HKWorkoutActivityType` case name).
  public var activityType: WorkoutActivityType?
  /// `--seed N`: overrides the scenario's `seed` (an integer ≥ 0).
  public var seed: UInt64?
  /// `--json`: print exactly one JSON document, the run result, and nothing else.
  public var json: Bool
  /// `--samples`: add the samples (and the route) to each record.
  public var samples: Bool
  /// `--headless`: never interactive, even on a terminal.
  public var headless: Bool
  /// `--speed X`: virtual time at X times real time in interactive mode; default 1, above 0.
  public var speed: Double
  /// `--until T`: stop the run at scenario time T; `nil` runs to the end of the timeline.
  public var until: SimulationInstant?
  /// `--keys KEYS`: keypresses to feed at scenario times, in the order given.
  public var keys: [KeyPress]
  /// `--export PATH` (repeatable): files to write every finished workout to, in the order given.
  public var exports: [ExportTarget]

  /// Creates options; the defaults are those of `workout-sim run` with no flags.
  public init(
    scenarioPath: String? = nil, activityType: WorkoutActivityType? = nil, seed: UInt64? = nil,
    json: Bool = false, samples: Bool = false, headless: Bool = false, speed: Double = 1,
    until: SimulationInstant? = nil, keys: [KeyPress] = [], exports: [ExportTarget] = []
  ) {
    self.scenarioPath = scenarioPath
    self.activityType = activityType
    self.seed = seed
    self.json = json
    self.samples = samples
    self.headless = headless
    self.speed = speed
    self.until = until
    self.keys = keys
    self.exports = exports
  }

  /// Whether the run is interactive: standard input and output are terminals, `--headless` is
  /// absent (docs/command-line.md#run) and no `--keys` script is given (a scripted run plays its keys
  /// headless, so it gives the same result on a terminal as in CI).
  public func isInteractive(standardInputIsTerminal: Bool, standardOutputIsTerminal: Bool) -> Bool {
    !headless && keys.isEmpty && standardInputIsTerminal && standardOutputIsTerminal
  }
}

extension RunOptions {
  /// What the run holds per sample for the memory budget check: every sample in the result
  /// with `--samples` or `--export`, the result's text with `--json`, else the summary's.
  public var memoryOutput: MemoryBudget.Output {
    if samples || !exports.isEmpty { return .samples }
    return json ? .json : .summary
  }
}

/// The options of `workout-sim check`.
public struct CheckOptions: Sendable, Equatable {
  /// The scenario files and folders, as given (at least one).
  public var paths: [String]
  /// `--junit FILE`: where to write a JUnit XML report, or `nil`.
  public var junitPath: String?

  /// Creates options.
  public init(paths: [String], junitPath: String? = nil) {
    self.paths = paths
    self.junitPath = junitPath
  }
}

/// The options of `workout-sim validate`.
public struct ValidateOptions: Sendable, Equatable {
  /// The scenario files, as given (at least one).
  public var paths: [String]

  /// Creates options.
  public init(paths: [String]) {
    self.paths = paths
  }
}

/// An export file format, named by the file's extension (docs/command-line.md#run, `--export`): the one
/// enum of `WorkoutSimulation`, which also writes the files (`.fit`, `.tcx`, `.gpx`, `.csv`,
/// `.json`) from the typed result.
public typealias ExportFormat = WorkoutSimulation.ExportFormat

/// One `--export PATH`: the path as given and the format its extension names.
public struct ExportTarget: Sendable, Equatable {
  /// The path as given (`out/run.fit`).
  public var path: String
  /// The format named by the extension.
  public var format: ExportFormat

  /// Creates a target.
  public init(path: String, format: ExportFormat) {
    self.path = path
    self.format = format
  }

  /// The target for `path`, or `nil` when its extension names no known format (the extension
  /// is compared without regard to case: `RUN.FIT` is a FIT file).
  public init?(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
      let format = ExportFormat(rawValue: name[name.index(after: dot)...].lowercased())
    else { return nil }
    self.init(path: path, format: format)
  }

  /// The file for the record at `index` (0-based): the path itself for the first record, and
  /// `-2`, `-3`, ... before the extension for later ones (`run.fit`, `run-2.fit`, `run-3.fit`).
  public func path(forRecordAt index: Int) -> String {
    guard index > 0, let dot = path.lastIndex(of: ".") else { return path }
    return String(path[..<dot]) + "-\(index + 1)" + String(path[dot...])
  }
}
