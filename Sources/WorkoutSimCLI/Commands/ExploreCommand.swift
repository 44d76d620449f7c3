import Foundation
import WorkoutExplore
import WorkoutScenario

/// The options of `workout-sim explore` (docs/command-line.md#explore).
public struct ExploreOptions: Sendable, Equatable {
  /// `--scenario FILE`: the scenario whose `expect` checks are the invariants.
  public var scenarioPath: String
  /// `--seeds N`: how many worlds, seeds `seed` to `seed + N − 1` (1 to ``maximumSeeds``).
  public var seeds: Int
  /// `--faults LIST`: the fault kinds to draw from, or `nil` for every kind the scenario can
  /// carry (``FaultPlan/applicableKinds(of:)``: less `lock` without a `health` key, less `dst`
  /// without a transition to move the start to).
  public var faults: [Fault.Kind]?
  /// `--shard i/n`: this run's share of the worlds, those whose index `k` (from 0) has
  /// `k % n == i − 1`; `(1, 1)` by default.
  public var shard: (index: Int, count: Int)
  /// `--junit FILE`: a JUnit XML report, one test suite per world.
  public var junitPath: String?
  /// `--out FOLDER`: where failing worlds are written as scenario files; default
  /// `explore-<scenario file name without .json>` in the working folder.
  public var outPath: String?

  /// The most worlds one run explores (a project rule against a typo's hours of work).
  public static let maximumSeeds = 1_000_000

  /// Options with the defaults.
  public init(scenarioPath: String, seeds: Int) {
    self.scenarioPath = scenarioPath
    self.seeds = seeds
    self.shard = (1, 1)
  }

  /// Compares every option.
  public static func == (lhs: ExploreOptions, rhs: ExploreOptions) -> Bool {
    lhs.scenarioPath == rhs.scenarioPath && lhs.seeds == rhs.seeds && lhs.faults == rhs.faults
      && lhs.shard == rhs.shard && lhs.junitPath == rhs.junitPath && lhs.outPath == rhs.outPath
  }

  /// The output folder: ``outPath``, else `explore-<name>` for scenario file `name.json`.
  public var outFolder: String {
    if let outPath { return outPath }
    let name = URL(fileURLWithPath: scenarioPath).deletingPathExtension().lastPathComponent
    return "explore-" + name
  }

  /// The world indexes of this shard among `0..<seeds`: `k` with `k % n == i − 1`. The shards
  /// `1/n` ... `n/n` partition the worlds.
  public var worldIndexes: [Int] {
    Array(stride(from: shard.index - 1, to: seeds, by: shard.count))
  }
}

/// `workout-sim explore`: runs a scenario's `expect` checks as invariants across seeded worlds
/// with faults, shrinks each failing world and writes it as a scenario file
/// (docs/command-line.md#explore, docs/explore.md).
public struct ExploreCommand: WorkoutSimSubcommand, Equatable {
  /// The parsed options.
  public var options: ExploreOptions

  /// Creates the command.
  public init(options: ExploreOptions) {
    self.options = options
  }

  /// Name and help texts of `explore`.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "explore",
      abstract: "Run a scenario's checks across seeded worlds with faults.",
      discussion: """
        World k (from 0) runs the scenario with seed = its seed + k and 1 to 3 faults
        drawn from that seed (docs/explore.md). Worlds run in parallel on every core;
        the output does not depend on how many. Prints one line per failing world
        with its faults and the shrunk fault list, and a closing line. Each failing
        world is written, shrunk, as a scenario file into the output folder, which
        'workout-sim check' runs to the same failure. Exits 1 when a world failed.
        Faults: crash, crash-recover, wrist, phone-away, offline, lock,
        sensor-dropout, notifications-off, auth-denied, auth-denied-all,
        http-error, http-hang, task-expiry, dst, timezone-trip.
        """,
      usage: "explore --scenario FILE --seeds N [--faults LIST]\n"
        + String(repeating: " ", count: 27) + "[--shard i/n] [--junit FILE] [--out FOLDER]",
      arguments: [],
      options: [
        ("--scenario FILE", "The scenario whose expect checks must hold in every world."),
        ("--seeds N", "How many worlds (1 to \(ExploreOptions.maximumSeeds))."),
        (
          "--faults LIST",
          "Comma-separated fault names to draw from (default: every fault the scenario can carry)."
        ),
        ("--shard i/n", "Explore only worlds k with k mod n = i - 1 (default 1/1)."),
        ("--junit FILE", "Also write a JUnit XML report to FILE, one suite per world."),
        (
          "--out FOLDER",
          "Where failing worlds are written (default: explore-NAME for NAME.json; created)."
        ),
      ],
      examples: [
        ("workout-sim explore --scenario hills.json --seeds 200", "Explore 200 worlds."),
        (
          "workout-sim explore --scenario hills.json --seeds 1000 --shard 2/4",
          "The second quarter of 1000 worlds, for a CI matrix."
        ),
      ])
  }

  /// Parses the arguments after `explore`.
  ///
  /// - Throws: ``CleanExit`` for `--help`; ``UsageError`` for an unknown flag, a missing
  ///   `--scenario` or `--seeds`, seeds outside 1 to ``ExploreOptions/maximumSeeds``, an unknown
  ///   fault name (with the closest name) or an empty one, a fault not yet available (with
  ///   why), a shard outside `1...n`, `--scenario -` (standard input).
  public static func parse(_ arguments: [String]) throws -> ExploreCommand {
    if asksForHelp(arguments) { throw CleanExit(text: HelpText.help(for: configuration)) }
    var scanner = ArgumentScanner(arguments, command: "explore")
    var scenario: String?
    var seeds: Int?
    var faults: [Fault.Kind]?
    var shard = (index: 1, count: 1)
    var junit: String?
    var out: String?
    let known = ["--scenario", "--seeds", "--faults", "--shard", "--junit", "--out", "--help"]
    while let token = scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError(
          "Unexpected argument '\(value)'; give the scenario with '--scenario \(value)'.",
          command: "explore")
      case .option(let name, let inline):
        switch name {
        case "--scenario":
          scenario = try scanner.value(for: name, inline: inline, valueName: "FILE")
          guard scenario != "-" else {
            throw UsageError(
              "'--scenario -': explore reads its scenario from a file, whose name names the output folder and the world files (docs/command-line.md#scenarios-on-standard-input); save standard input to a file and give its name.",
              command: "explore")
          }
        case "--seeds":
          seeds = try parseSeeds(try scanner.value(for: name, inline: inline, valueName: "N"))
        case "--faults":
          faults = try parseFaults(
            try scanner.value(for: name, inline: inline, valueName: "LIST"), scanner: scanner)
        case "--shard":
          shard = try parseShard(try scanner.value(for: name, inline: inline, valueName: "i/n"))
        case "--junit": junit = try scanner.value(for: name, inline: inline, valueName: "FILE")
        case "--out": out = try scanner.value(for: name, inline: inline, valueName: "FOLDER")
        default: throw scanner.unknownOption(name, known: known)
        }
      }
    }
    guard let scenario else {
      throw UsageError("Missing expected option '--scenario FILE'.", command: "explore")
    }
    guard let seeds else {
      throw UsageError("Missing expected option '--seeds N'.", command: "explore")
    }
    var options = ExploreOptions(scenarioPath: scenario, seeds: seeds)
    options.faults = faults
    options.shard = shard
    options.junitPath = junit
    options.outPath = out
    return ExploreCommand(options: options)
  }

  /// `--seeds N`: a whole number from 1 to ``ExploreOptions/maximumSeeds``.
  static func parseSeeds(_ text: String) throws(UsageError) -> Int {
    guard let count = Int(text), (1...ExploreOptions.maximumSeeds).contains(count) else {
      throw UsageError(
        "'--seeds \(text)': give how many worlds to explore, a whole number from 1 to \(ExploreOptions.maximumSeeds).",
        command: "explore")
    }
    return count
  }

  /// `--faults LIST`: comma-separated names of ``Fault/Kind`` (a repeated name counts once; an
  /// empty one is refused, ``ArgumentScanner/listItems(_:option:noun:example:)``).
  static func parseFaults(_ text: String, scanner: ArgumentScanner) throws(UsageError)
    -> [Fault.Kind]
  {
    var kinds: [Fault.Kind] = []
    let names = Fault.Kind.allCases.map(\.rawValue)
    let items = try scanner.listItems(
      text, option: "--faults", noun: "fault name", example: "crash,wrist")
    for name in items {
      if let kind = Fault.Kind(rawValue: name) {
        if !kinds.contains(kind) { kinds.append(kind) }
        continue
      }
      if let missing = Fault.Kind.notYetAvailable.first(where: { $0.name == name }) {
        throw UsageError(
          "'--faults \(text)': fault '\(name)' is not available yet (\(missing.why)); the faults are \(names.joined(separator: ", ")).",
          command: "explore")
      }
      let hint = closestName(to: name, among: names).map { " Did you mean '\($0)'?" } ?? ""
      throw UsageError(
        "'--faults \(text)': unknown fault '\(name)'.\(hint) The faults are \(names.joined(separator: ", ")).",
        command: "explore")
    }
    return kinds
  }

  /// `--shard i/n`: whole numbers with `1 ≤ i ≤ n`.
  static func parseShard(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    {
      return (index, count)
    }
    throw UsageError(
      "'--shard \(text)': give i/n with whole numbers 1 ≤ i ≤ n (the i-th of n shards, for example 2/4).",
      command: "explore")
  }

  /// Nothing to check beyond parsing.
  public func validate() throws {}

  /// Explores the worlds of this shard, prints the report, writes failing worlds and the JUnit
  /// file.
  ///
  /// - Returns: 0 when every world passed its checks; 1 when one failed.
  /// - Throws: before any world runs: ``InputError`` or a scenario error (66, 65) for the
  ///   scenario file; ``UsageError`` (64) for `lock` without a `health` key or `dst` without a
  ///   daylight-saving transition, seeds past the seed
  ///   range, or an output naming an input; ``ExploreDataError`` (65) for a timeline too short
  ///   for faults; ``OutputError`` (73) for an output that cannot be created.
  public func run(in environment: CLIEnvironment) throws -> ExitCode {
    let exploration = try Exploration(options: options)
    try exploration.prepareOutputs()
    let outcomes = exploration.run()
    return try exploration.report(outcomes, in: environment)
  }
}
