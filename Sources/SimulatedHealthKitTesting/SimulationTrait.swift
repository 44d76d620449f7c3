import Foundation
public import SimulatedHealthKit
import Synchronization
public import Testing
import WorkoutReport
public import WorkoutScenario
import WorkoutSimulation

/// A Swift Testing trait that runs each test, and each argument of a parameterized test, inside
/// its own `HealthKitSimulation` (a `TestScoping` trait, Swift Testing's ST-0007).
///
/// ```swift
/// @Test(.simulation(scenario: Bundle.module.url(forResource: "run", withExtension: "json")!))
/// func theRunRecordsItsDistance() async throws {
///   let simulation = try #require(HealthKitSimulation.running)
///   let manager = WorkoutManager()
///   try await manager.startWorkout(type: .running)
///   try await simulation.advance(by: .seconds(1200))
///   try await manager.endWorkout()
/// }
/// ```
///
/// The test's body runs inside `run { }` (`HealthKitSimulation.run(isolation:_:)`), so
/// `HKHealthStore()` and the other simulated frameworks work as in any run and
/// `HealthKitSimulation.running` is the test's simulation. A new world is made from the
/// scenario for every test case, so parameterized tests and tests run in parallel never share
/// one.
///
/// When the test fails (an issue recorded by `#expect` or `#require`, or an error thrown), the
/// run's result (`run-result.json`, docs/run-result.md) and its report page (`report.html`, as
/// `workout-sim report` draws it) are attached to the test (Swift Testing's attachments,
/// ST-0009): `swift test --attachments-path FOLDER` saves them. ``AttachmentPolicy/always``
/// attaches them for every test.
///
/// A scenario's `expect` list (docs/scenario-format.md#checks) is evaluated on the test's run
/// once its body returns, as `workout-sim check` evaluates it on the command line's run: each
/// check that fails is an issue of the test (`scenario check expect[0]: records[0].distance:
/// expected between 1790 and 1810, actual 1500`), so a test fails when its app did not do what
/// the scenario expects. ``ScenarioChecks/ignored`` skips them, for a scenario whose checks
/// describe its scripted app (the command line's timeline) rather than the test's own app.
public struct SimulationTrait: TestTrait, SuiteTrait, TestScoping {
  /// Whether the scenario's `expect` list is evaluated on the test's run.
  public enum ScenarioChecks: Sendable {
    /// Each check is evaluated once the test's body returns; a failed one is an issue (the
    /// default).
    case evaluated
    /// The checks are not evaluated (the command line's `check` still evaluates them).
    case ignored
  }

  /// When the run's result and report page are attached to the test.
  public enum AttachmentPolicy: Sendable {
    /// When the test fails (the default).
    case onFailure
    /// For every test.
    case always
    /// Never.
    case never
  }

  /// Where the world comes from.
  enum Source: Sendable {
    case file(URL)
    case scenario(Scenario)
    case resource(name: String, extension: String, subdirectory: String?, bundle: Bundle)
  }

  let source: Source
  let options: HealthKitSimulation.Options
  let attachments: AttachmentPolicy
  /// Whether the scenario's `expect` list is evaluated on the test's run.
  var checks: ScenarioChecks = .evaluated
  /// Records one attachment: Swift Testing's `Attachment.record` (a test puts its own here).
  var record: @Sendable (_ bytes: [UInt8], _ name: String) -> Void = { bytes, name in
    Attachment.record(bytes, named: name)
  }

  init(source: Source, options: HealthKitSimulation.Options, attachments: AttachmentPolicy) {
    self.source = source
    self.options = options
    self.attachments = attachments
  }

  /// Applied to a suite, it applies to each of its tests (each gets its own world).
  public var isRecursive: Bool { true }

  /// A scope for each test case (each argument of a parameterized test), none for a suite
  /// itself.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Makes the test case's simulation and runs the test inside its `run`, attaching the result
  /// and the report page as ``AttachmentPolicy`` says.
  ///
  /// - Throws: what the scenario's loading throws (`ScenarioError`, `SimulationError`), and what
  ///   the test throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let simulation: HealthKitSimulation
    switch source {
    case .file(let url): simulation = try HealthKitSimulation(scenario: url, options: options)
    case .scenario(let scenario):
      simulation = try HealthKitSimulation(scenario: scenario, options: options)
    case .resource(let name, let ext, let subdirectory, let bundle):
      guard let url = bundle.url(forResource: name, withExtension: ext, subdirectory: subdirectory)
      else {
        var missing = MissingScenario(
          name: name + "." + ext, bundle: bundle.bundleURL.path,
          subdirectory: subdirectory,
          elsewhere: MissingScenario.folders(
            holding: name + "." + ext, in: bundle))
        if missing.elsewhere.isEmpty {
          missing.nearest = MissingScenario.nearest(
            to: name, withExtension: ext, subdirectory: subdirectory, in: bundle)
        }
        throw missing
      }
      simulation = try HealthKitSimulation(scenario: url, options: options)
    }
    let failed = FailureFlag()
    // Swift Testing tells a scoping trait of no issue recorded inside it; an issue-handling
    // trait sees each one (and passes it on unchanged).
    let watch = IssueHandlingTrait.compactMapIssues { issue in
      // An error-severity issue fails the test unless it is expected (`withKnownIssue`); an
      // expected one is a failure the test looks for, so its run is attached too.
      if issue.severity == .error { failed.set() }
      return issue
    }
    // A stall, or a termination no call could throw, is the test's error at once, while the
    // body may still wait (a continuation that ignores cancellation), and so is a run stuck
    // after its stall, before the simulation ends the process: the watch runs in the test's
    // context (its task-local values).
    let stallWatch = Task { () -> [HealthKitSimulation.Report] in
      await recordRunEndings(of: simulation) { report in
        failed.set()
        Issue.record(
          Comment(rawValue: report.description), severity: .error,
          sourceLocation: test.sourceLocation)
      }
    }
    do {
      try await watch.provideScope(for: test, testCase: testCase) {
        try await simulation.run { try await function() }
      }
    } catch {
      failed.set()
      stallWatch.cancel()
      let recorded = await stallWatch.value
      // A termination the test let through is already its issue (the thrown error).
      recordReports(
        of: simulation, test: test, recorded: recorded,
        terminationThrown: error is HealthKitSimulation.AppTermination)
      attach(simulation, failed: true)
      // The stall, or the termination that ended the run, is already the test's issue: no
      // second one for the error.
      if error is HealthKitSimulation.StallError
        || (error is HealthKitSimulation.AppTermination
          && recorded.contains { $0.kind == .appTerminated })
      {
        return
      }
      throw error
    }
    stallWatch.cancel()
    if recordReports(of: simulation, test: test, recorded: await stallWatch.value) {
      failed.set()
    }
    if checks == .evaluated {
      for failure in simulation.failedScenarioChecks() {
        failed.set()
        Issue.record(
          Comment(rawValue: "scenario check " + failure.message),
          sourceLocation: test.sourceLocation)
      }
    }
    attach(simulation, failed: failed.isSet)
  }

  /// Records each report of the run that no `advance` threw as an issue of the test, at the
  /// test's declaration: `<framework>: <call> at t = <seconds> s: <message>`
  /// (docs/swift-api.md#nothing-silent): each is an error (the test fails), a stall included
  /// (but those `recorded` already, when they were made), an app termination included unless
  /// the test threw it (`terminationThrown`): a termination the app's code caught fails the
  /// test, as it would end the app on a device. A warning (`Report.isWarning`: the end of the
  /// generated health data) is a warning issue, which does not fail the test. Returns whether
  /// an error was recorded.
  @discardableResult
  private func recordReports(
    of simulation: HealthKitSimulation, test: Test, recorded: [HealthKitSimulation.Report],
    terminationThrown: Bool = false
  ) -> Bool {
    let reports = reportsLeftToRecord(
      of: simulation, recorded: recorded, terminationThrown: terminationThrown)
    for report in reports {
      Issue.record(
        Comment(rawValue: report.description), severity: report.isWarning ? .warning : .error,
        sourceLocation: test.sourceLocation)
    }
    return reports.contains { !$0.isWarning }
  }

  /// Attaches the run's result and report page when the policy asks for them.
  private func attach(_ simulation: HealthKitSimulation, failed: Bool) {
    switch attachments {
    case .never: return
    case .onFailure where !failed: return
    case .onFailure, .always: break
    }
    for (name, bytes) in runAttachments(of: simulation) { record(bytes, name) }
  }
}

/// Gives `record` each report that ends `simulation`'s runs (a stall, or a termination no call
/// could throw: docs/swift-api.md#nothing-silent) when it is made, until the calling task is
/// cancelled; returns them. The trait's and XCTest's `simulate`'s one home for the watch.
func recordRunEndings(
  of simulation: HealthKitSimulation, _ record: (HealthKitSimulation.Report) -> Void
) async -> [HealthKitSimulation.Report] {
  var recorded: [HealthKitSimulation.Report] = []
  let recorder = simulation.beginRecordingRunEndings()
  defer { simulation.endRecordingRunEndings(recorder) }
  while let report = await simulation.nextRunEnding(after: recorded.count, recorder: recorder) {
    record(report)
    recorded.append(report)
  }
  return recorded
}

/// The reports of `simulation`'s run that a test records as failures once the run has ended
/// (docs/swift-api.md#nothing-silent): every report no `advance` threw (an expired hold, an app
/// task still blocked when `run` returned, a foreign store, an app termination, a strict-dates
/// refusal, ...), in order, except those `recorded` already when they were made (a stall, a
/// termination that ended the run) and an app termination the test threw itself
/// (`terminationThrown`: it is already the test's error). The trait's and XCTest's `simulate`'s
/// one home for the rule.
func reportsLeftToRecord(
  of simulation: HealthKitSimulation, recorded: [HealthKitSimulation.Report],
  terminationThrown: Bool
) -> [HealthKitSimulation.Report] {
  var left: [HealthKitSimulation.Report] = []
  var skip = recorded
  for report in simulation.unthrownReports {
    if let index = skip.firstIndex(of: report) {
      skip.remove(at: index)
      continue
    }
    if report.kind == .appTerminated, terminationThrown { continue }
    left.append(report)
  }
  return left
}

/// What a failed test gets attached of its run, in order: the run's result
/// (`run-result.json`, docs/run-result.md) and its report page (`report.html`, as
/// `workout-sim report` draws it). The trait's and `explore`'s one home for them.
func runAttachments(of simulation: HealthKitSimulation) -> [(name: String, bytes: [UInt8])] {
  let result = simulation.result
  var json: [UInt8] = []
  result.writeJSON { json += $0 }
  let input = ReportInput(
    result: result, source: simulation.scenario.name,
    maximumHeartRate: simulation.scenario.athlete.maxHeartRate)
  return [("run-result.json", json), ("report.html", Report.html(input))]
}

/// The `.simulation(resource:in:)` trait found no such file in the bundle.
public struct MissingScenario: Error, CustomStringConvertible {
  /// The file asked for (`steady-run.json`).
  public var name: String
  /// The bundle's path.
  public var bundle: String
  /// The folder of the bundle's resources it was looked for in (`subdirectory:`), or `nil`
  /// for the top.
  public var subdirectory: String?
  /// The folders of the bundle's resources that hold a file of that name (`Scenarios`; `""`
  /// for the top): where `.copy("Scenarios")` in Package.swift put it.
  public var elsewhere: [String]
  /// A resource of the same extension whose name is within two edits of the one asked for
  /// (`steady-run` for `stedy-run`), as its path in the bundle's resources, or `nil`: one in
  /// the folder asked for first, else the nearest anywhere. The message gives the arguments
  /// that name it (`resource: "steady-run"`).
  public var nearest: String?

  /// A missing `name` in `bundle`, looked for in `subdirectory`; `elsewhere`, the folders that
  /// hold it.
  public init(name: String, bundle: String, subdirectory: String? = nil, elsewhere: [String] = []) {
    self.name = name
    self.bundle = bundle
    self.subdirectory = subdirectory
    self.elsewhere = elsewhere
  }

  /// The message: the file, the bundle, and how to add it, or the `subdirectory:` to name
  /// when the bundle has it in a folder, with the call to write (`subdirectory:` comes before
  /// `in:` in `.simulation(resource:withExtension:subdirectory:in:...)`).
  public var description: String {
    let place = subdirectory.map { "\($0)/\(name)" } ?? name
    if let folder = elsewhere.first {
      let argument = folder.isEmpty ? "no subdirectory" : "subdirectory: \"\(folder)\" before in:"
      let found = folder.isEmpty ? name : folder + "/" + name
      return
        "no scenario \(place) in the bundle at \(bundle), but \(found) is there: pass \(argument) "
        + "(.simulation(\(Self.argument(naming: found)), in: ...))"
    }
    if let nearest {
      return "no scenario \(place) in the bundle at \(bundle): did you mean \(nearest) "
        + "(\(Self.argument(naming: nearest)))? "
        + "Or add it to the test target's resources (resources: [.copy(\"\(name)\")] in Package.swift)"
    }
    return "no scenario \(place) in the bundle at \(bundle): add it to the test target's resources "
      + "(resources: [.copy(\"\(name)\")] in Package.swift) or check its name"
  }

  /// The arguments of `.simulation(resource:...)` that name the resource at `path` in the
  /// bundle's resources: `resource: "steady-run"`, with `subdirectory: "Scenarios"` when it
  /// sits in a folder.
  static func argument(naming path: String) -> String {
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty
      ? "resource: \"\(base)\"" : "resource: \"\(base)\", subdirectory: \"\(folder)\""
  }

  /// The path in `bundle`'s resources of the `ext` file whose name is closest to `name` (within
  /// two edits: the did-you-mean of scenario keys), or `nil`: first among the files of the
  /// folder asked for (`subdirectory`, or the top), then anywhere in the resources.
  static func nearest(
    to name: String, withExtension ext: String, subdirectory: String? = nil, in bundle: Bundle
  ) -> String? {
    guard let root = bundle.resourceURL?.standardizedFileURL,
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else { return nil }
    var paths: [String: String] = [:]
    var here: [String: String] = [:]
    let folderAsked = subdirectory.map { $0.split(separator: "/").joined(separator: "/") } ?? ""
    for case let url as URL in walker where url.pathExtension == ext {
      let base = url.deletingPathExtension().lastPathComponent
      let path = String(url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" })
      paths[base] = min(paths[base] ?? path, path)
      if (path as NSString).deletingLastPathComponent == folderAsked { here[base] = path }
    }
    if let found = closestName(to: name, among: here.keys.sorted()) { return here[found] }
    return closestName(to: name, among: paths.keys.sorted()).flatMap { paths[$0] }
  }

  /// The folders of `bundle`'s resources (relative, sorted; `""` for the top) holding a file
  /// named `file`.
  static func folders(holding file: String, in bundle: Bundle) -> [String] {
    guard let root = bundle.resourceURL?.standardizedFileURL,
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else { return [] }
    var folders: [String] = []
    for case let url as URL in walker where url.lastPathComponent == file {
      let folder = url.deletingLastPathComponent().standardizedFileURL.path
      let top = root.path
      folders.append(
        folder == top ? "" : String(folder.dropFirst(top.count).drop { $0 == "/" }))
    }
    return folders.sorted()
  }
}

/// Whether an issue was recorded, set from whichever thread records it.
private final class FailureFlag: Sendable {
  private let flag = Mutex(false)
  func set() { flag.withLock { $0 = true } }
  var isSet: Bool { flag.withLock { $0 } }
}

extension Trait where Self == SimulationTrait {
  /// Runs the test inside a simulation of the scenario file at `url`
  /// (docs/scenario-format.md), a new one for each test case.
  ///
  /// - Parameters:
  ///   - url: the scenario file; a test target's resource (`Bundle.module`) or a path.
  ///   - options: `HealthKitSimulation.Options` (`.strictDates`, ...).
  ///   - attachments: when the run's result and report page are attached (on failure by
  ///     default).
  ///   - checks: whether the scenario's `expect` list is evaluated on the test's run (by
  ///     default; a failed check is an issue of the test).
  public static func simulation(
    scenario url: URL, options: HealthKitSimulation.Options = [],
    attachments: SimulationTrait.AttachmentPolicy = .onFailure,
    checks: SimulationTrait.ScenarioChecks = .evaluated
  ) -> Self {
    var trait = SimulationTrait(source: .file(url), options: options, attachments: attachments)
    trait.checks = checks
    return trait
  }

  /// Runs the test inside a simulation of the scenario file `name` among the resources of
  /// `bundle` (a test target's `Bundle.module`), a new one for each test case.
  ///
  /// ```swift
  /// @Test(.simulation(resource: "steady-run", in: .module)) func aRun() async throws { ... }
  /// ```
  ///
  /// - Parameters:
  ///   - name: the file's name without its extension (a name that ends in `.` + `ext`,
  ///     `"steady-run.json"`, is that file too).
  ///   - ext: its extension (`json` by default).
  ///   - subdirectory: the folder of the bundle's resources holding it (`"Scenarios"` for a
  ///     folder copied with `.copy("Scenarios")`), or `nil` for the top.
  ///   - bundle: the bundle holding it.
  ///   - options: `HealthKitSimulation.Options`.
  ///   - attachments: when the run's result and report page are attached.
  ///   - checks: whether the scenario's `expect` list is evaluated on the test's run.
  /// - Note: a file not in the bundle fails the test with ``MissingScenario``, which names the
  ///   `subdirectory:` when the file is in one.
  public static func simulation(
    resource name: String, withExtension ext: String = "json", subdirectory: String? = nil,
    in bundle: Bundle,
    options: HealthKitSimulation.Options = [],
    attachments: SimulationTrait.AttachmentPolicy = .onFailure,
    checks: SimulationTrait.ScenarioChecks = .evaluated
  ) -> Self {
    // A name that already ends in the extension ("run-expect.json") is that file.
    let suffix = "." + ext
    let base =
      name.count > suffix.count && name.lowercased().hasSuffix(suffix.lowercased())
      ? String(name.dropLast(suffix.count)) : name
    var trait = SimulationTrait(
      source: .resource(name: base, extension: ext, subdirectory: subdirectory, bundle: bundle),
      options: options,
      attachments: attachments)
    trait.checks = checks
    return trait
  }

  /// Runs the test inside a simulation of `scenario` (decoded or built in Swift), a new one for
  /// each test case.
  ///
  /// - Parameters:
  ///   - scenario: the world (docs/scenario-format.md).
  ///   - options: `HealthKitSimulation.Options`.
  ///   - attachments: when the run's result and report page are attached.
  ///   - checks: whether the scenario's `expect` list is evaluated on the test's run.
  public static func simulation(
    scenario: Scenario, options: HealthKitSimulation.Options = [],
    attachments: SimulationTrait.AttachmentPolicy = .onFailure,
    checks: SimulationTrait.ScenarioChecks = .evaluated
  ) -> Self {
    var trait = SimulationTrait(
      source: .scenario(scenario), options: options, attachments: attachments)
    trait.checks = checks
    return trait
  }
}
