import Foundation
import Synchronization
import WorkoutCore
import WorkoutExplore
import WorkoutFiles
import WorkoutJSON
import WorkoutScenario
import WorkoutSimulation

/// A scenario's data that faults cannot be drawn into: its timeline ends before 3 s
/// (docs/explore.md#drawing-a-world). Exit 65.
public struct ExploreDataError: DiagnosticError, Sendable, Equatable {
  /// The scenario file as given.
  public var file: String
  /// What is wrong and the fix.
  public var message: String

  /// `file: message`.
  public var diagnosticText: String { "\(file): \(message)" }
  /// 65.
  public var diagnosticExitCode: ExitCode { .dataError }
}

/// What one world did: its plan, how it failed (nothing when it passed), and the shrunk plan
/// of a failing world.
public struct WorldOutcome: Sendable, Equatable {
  /// The world's drawn plan.
  public var plan: FaultPlan
  /// The checks with their outcomes (empty when the world could not run).
  public var outcomes: [(check: Check, outcome: CheckOutcome)]
  /// Why the world could not run (a ``WorkoutSimulation/SimulationError``'s text), or `nil`.
  public var error: String?
  /// The smallest plan that fails the same way, for a failing world; `nil` when it passed.
  public var shrunk: FaultPlan?
  /// The checks with their outcomes in the shrunk plan's world, the world file `check` runs
  /// (the same checks fail as in the drawn world; their actual values may differ); `nil` when
  /// the world passed or could not run.
  public var shrunkOutcomes: [(check: Check, outcome: CheckOutcome)]?

  /// Whether every check held and the world ran.
  public var passed: Bool { error == nil && failures.isEmpty }

  /// The failed checks.
  public var failures: [CheckFailure] { Self.failures(in: outcomes) }

  /// The failed checks of the shrunk world (``shrunkOutcomes``), else of the drawn one.
  public var reportedFailures: [CheckFailure] {
    Self.failures(in: shrunkOutcomes ?? outcomes)
  }

  /// The failed checks among `outcomes`.
  static func failures(in outcomes: [(check: Check, outcome: CheckOutcome)]) -> [CheckFailure] {
    outcomes.compactMap {
      if case .failed(let failure) = $0.outcome { return failure }
      return nil
    }
  }

  /// How the world failed, for "fails the same way" while shrinking: the failed checks'
  /// locations, or the error's text.
  var signature: [String] { error.map { [$0] } ?? failures.map(\.location) }

  /// Compares plans, outcomes, errors and shrunk plans.
  public static func == (lhs: WorldOutcome, rhs: WorldOutcome) -> Bool {
    lhs.plan == rhs.plan && lhs.error == rhs.error && lhs.shrunk == rhs.shrunk
      && lhs.outcomes.map(\.outcome) == rhs.outcomes.map(\.outcome)
      && lhs.shrunkOutcomes?.map(\.outcome) == rhs.shrunkOutcomes?.map(\.outcome)
  }
}

/// One `explore` run: the scenario read once, its worlds run in parallel, the report.
struct Exploration: Sendable {
  let options: ExploreOptions
  /// The scenario file's JSON, for writing worlds.
  let document: JSONValue
  /// The scenario as decoded.
  let scenario: Scenario
  /// The scenario resolved once (its recording read).
  let resolved: ResolvedScenario
  /// The fault kinds drawn from.
  let faults: [Fault.Kind]
  /// The last second a fault may end at.
  let latest: SimulationInstant

  /// Reads and decodes the scenario and checks everything a world needs before any runs.
  init(options: ExploreOptions) throws {
    self.options = options
    let path = options.scenarioPath
    let bytes: [UInt8]
    switch InputFile.read(path: path) {
    case .success(let read): bytes = read
    case .failure(let problem): throw InputError(path: path, reason: problem.reason)
    }
    let url = URL(fileURLWithPath: path)
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      // The decoder words syntax errors with the line and column: let it.
      _ = try Scenario.decode(bytes, fileName: path, sourceURL: url)
      throw error
    }
    let scenario = try Scenario.decode(bytes, fileName: path, sourceURL: url)
    self.scenario = scenario
    faults = options.faults ?? FaultPlan.applicableKinds(of: scenario)
    do {
      try FaultPlan.checkApplicable(faults, to: scenario)
    } catch {
      throw UsageError("'--faults': \(error.description).", command: "explore")
    }
    do {
      try FaultPlan.checkSpan(of: scenario)
    } catch {
      throw ExploreDataError(file: path, message: error.description)
    }
    latest = FaultPlan.latestEnd(of: scenario)
    let last = UInt64(options.seeds - 1)
    guard scenario.seed <= Scenario.seedRange.upperBound - last else {
      throw UsageError(
        "'--seeds \(options.seeds)': seeds \(scenario.seed) to \(scenario.seed) + \(last) pass \(Scenario.seedRange.upperBound), the largest seed; give the scenario a smaller seed.",
        command: "explore")
    }
    resolved = try ResolvedScenario(scenario)
  }

  /// The plan of world `index` (seed = the scenario's + `index`).
  func plan(ofWorld index: Int) -> FaultPlan {
    FaultPlan.draw(seed: scenario.seed + UInt64(index), faults: faults, scenario: scenario)
  }

  /// Runs the world of `plan` and evaluates the scenario's checks on it.
  func outcome(of plan: FaultPlan) -> WorldOutcome {
    do {
      let world = try plan.world(from: scenario)
      let run =
        if let recording = resolved.recording {
          try ResolvedScenario(world, recording: recording)
        } else {
          try ResolvedScenario(world)
        }
      let document = try Simulation.run(run).document()
      let outcomes = world.expect.map { (check: $0, outcome: evaluate($0, in: document)) }
      return WorldOutcome(plan: plan, outcomes: outcomes, error: nil, shrunk: nil)
    } catch {
      return WorldOutcome(plan: plan, outcomes: [], error: "\(error)", shrunk: nil)
    }
  }

  /// The world of `index`, run, and shrunk when it fails.
  func explore(world index: Int) -> WorldOutcome {
    var outcome = outcome(of: plan(ofWorld: index))
    guard !outcome.passed else { return outcome }
    let signature = outcome.signature
    // The world of the shrinker's best plan: the drawn one until a candidate still fails.
    var lastFailing = outcome
    outcome.shrunk = outcome.plan.shrunk(within: latest) { candidate in
      let tried = self.outcome(of: candidate)
      let same = !tried.passed && tried.signature == signature
      if same { lastFailing = tried }
      return same
    }
    if outcome.error == nil { outcome.shrunkOutcomes = lastFailing.outcomes }
    return outcome
  }

  /// Every world of the shard, in parallel on every core (`DispatchQueue.concurrentPerform`),
  /// in world order whatever the core count.
  func run() -> [WorldOutcome] {
    let indexes = options.worldIndexes
    let results = Mutex([WorldOutcome?](repeating: nil, count: indexes.count))
    DispatchQueue.concurrentPerform(iterations: indexes.count) { position in
      let outcome = explore(world: indexes[position])
      results.withLock { $0[position] = outcome }
    }
    return results.withLock { $0.map { $0! } }
  }

  /// The output plan: `--junit` and the folder's world files, checked against the inputs.
  var outputPlan: OutputPlan {
    var inputs = [OutputPlan.Input.scenario(options.scenarioPath)]
    if let recording = scenario.recordingFilePath {
      inputs.append(OutputPlan.Input(path: recording, role: "the recording"))
    }
    return OutputPlan(
      command: "explore", inputs: inputs,
      outputs: options.junitPath.map { [OutputPlan.Output(path: $0, flag: "--junit")] } ?? [])
  }

  /// Checks `--junit` and makes the output folder, before any world runs.
  ///
  /// - Throws: ``UsageError`` (64) for an output naming an input; ``OutputError`` (73) for a
  ///   folder that is a file or cannot be made.
  func prepareOutputs() throws {
    try outputPlan.check()
    let folder = options.outFolder
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw OutputError(path: folder, reason: "it is a file, not a folder (--out)")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    } catch {
      throw OutputError(path: folder, reason: "the folder cannot be made (--out)")
    }
  }

  /// The world file of a failing world: `<folder>/<name>-seed-<seed>.json`.
  func worldPath(_ outcome: WorldOutcome) -> String {
    let name = URL(fileURLWithPath: options.scenarioPath).deletingPathExtension()
      .lastPathComponent
    return URL(fileURLWithPath: options.outFolder)
      .appendingPathComponent("\(name)-seed-\(outcome.plan.seed).json").relativePath
  }

  /// The scenario file of `outcome`'s shrunk world: the input file with the faults, its paths
  /// made absolute (it lives in another folder), `$schema` dropped and an `x-explore` note.
  func worldFile(_ outcome: WorldOutcome) throws -> [UInt8] {
    let plan = outcome.shrunk ?? outcome.plan
    var world = try plan.worldDocument(from: document, scenario: scenario)
    guard case .object(var members) = world else { return [] }
    members.removeAll { $0.key == "$schema" }
    let folder = URL(fileURLWithPath: options.scenarioPath).deletingLastPathComponent()
    func absolute(_ path: String) -> String {
      path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
    // The file paths a scenario holds: `course.recording` and `app.infoPlist` (a string).
    for (object, key) in [("course", "recording"), ("app", "infoPlist")] {
      guard let index = members.firstIndex(where: { $0.key == object }),
        case .object(var inner) = members[index].value,
        let at = inner.firstIndex(where: { $0.key == key }),
        case .string(let path) = inner[at].value
      else { continue }
      inner[at].value = .string(absolute(path))
      members[index].value = .object(inner)
    }
    members.append(
      (
        "x-explore",
        .string(
          "workout-sim explore --scenario \(options.scenarioPath): world \(outcome.plan.description); shrunk to \(plan.description)"
        )
      ))
    world = .object(members)
    return JSONWriter.encodedBytes(world)
  }

  /// Prints one line per failing world (``line(_:path:)``) and the closing line, writes the world files and the
  /// JUnit report.
  func report(_ outcomes: [WorldOutcome], in environment: CLIEnvironment) throws -> ExitCode {
    let display = InputFiles.displayName(ofScenarioAt: options.scenarioPath)
    var reports: [ScenarioCheckReport] = []
    for outcome in outcomes {
      let name = "\(display) seed \(outcome.plan.seed)"
      var report =
        if let error = outcome.error {
          ScenarioCheckReport(
            file: name,
            error: DiagnosticMessage(text: error, stream: .standardError, exitCode: .dataError))
        } else {
          ScenarioCheckReport(file: name, outcomes: outcome.shrunkOutcomes ?? outcome.outcomes)
        }
      guard !outcome.passed else {
        reports.append(report)
        continue
      }
      let path = worldPath(outcome)
      report.note = Self.reproduction(outcome, path: path, command: environment.commandName)
      reports.append(report)
      try outputPlan.write(try worldFile(outcome), toPath: path, flag: "--out")
      environment.writeStandardOutput(
        Self.line(outcome, path: path, command: environment.commandName) + "\n")
    }
    let failed = outcomes.filter { !$0.passed }.count
    let first = scenario.seed
    let shard =
      options.shard.count > 1 ? ", shard \(options.shard.index)/\(options.shard.count)" : ""
    let worlds = outcomes.count == 1 ? "1 world" : "\(outcomes.count) worlds"
    // A scenario without checks passes every world: say so, as `check` prints "(no checks)".
    let unchecked =
      scenario.expect.isEmpty
      ? "; the scenario has no \"expect\" checks, so no world can fail: add the invariants to explore (docs/scenario-format.md#checks)"
      : ""
    environment.writeStandardOutput(
      "explored \(worlds) (seeds \(first) to \(first + UInt64(options.seeds - 1))\(shard)): \(outcomes.count - failed) passed, \(failed) failed\(unchecked)\n"
    )
    if let junitPath = options.junitPath {
      try outputPlan.write(
        Array(JUnitReport.xml(for: reports).utf8), toPath: junitPath, flag: "--junit")
    }
    return failed > 0 ? .checkFailed : .success
  }

  /// The one line of a failing world: `FAIL seed 43: 2 of 14 checks failed (shrunk world:
  /// expect[0]: count(records): expected equals 1, actual 0); faults crash@455+37,
  /// wrist@1334+136; shrunk crash@681+37; workout-sim check explore-hills/hills-seed-43.json`.
  /// The failed check's message is the shrunk world's, the file `check` runs (the same checks
  /// fail in the drawn world, with actual values of their own). `command` starts the hint
  /// (``CLIEnvironment/commandName``).
  static func line(_ outcome: WorldOutcome, path: String, command: String) -> String {
    let why: String
    if let error = outcome.error {
      why = "the world did not run (\(error))"
    } else {
      let failures = outcome.reportedFailures
      let noun = outcome.outcomes.count == 1 ? "check" : "checks"
      let world = outcome.shrunkOutcomes == nil ? "" : "shrunk world: "
      why =
        "\(failures.count) of \(outcome.outcomes.count) \(noun) failed (\(world)\(failures[0].message))"
    }
    return "FAIL seed \(outcome.plan.seed): \(why); "
      + reproduction(outcome, path: path, command: command)
  }

  /// The end of a failing world's line, also said in its JUnit messages: `faults
  /// crash@455+37, wrist@1334+136; shrunk crash@681+37; workout-sim check
  /// explore-hills/hills-seed-43.json` (`swift run workout-sim check ...` when `command`, the
  /// ``CLIEnvironment/commandName``, says so).
  static func reproduction(_ outcome: WorldOutcome, path: String, command: String) -> String {
    "faults \(list(outcome.plan)); shrunk \(list(outcome.shrunk ?? outcome.plan)); "
      + "\(command) check \(path)"
  }

  /// A plan's faults as a list: `crash@612+5, wrist@900+40`, or `none`.
  static func list(_ plan: FaultPlan) -> String {
    plan.faults.isEmpty ? "none" : plan.faults.map(\.description).joined(separator: ", ")
  }
}
