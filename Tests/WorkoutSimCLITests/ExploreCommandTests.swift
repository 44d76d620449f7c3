import Foundation
import Testing
import WorkoutExplore
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

/// A 10-minute walk whose one check is its record: prepare at 0, start at 3, end at 600.
private let walkJSON = """
  {
    "version": 1, "name": "walk", "seed": 5, "activity": "walking",
    "course": [ { "duration": 600, "speed": 1.4 } ],
    "timeline": [
      { "at": 0, "do": "prepare" }, { "at": 3, "do": "start" }, { "at": "10:00", "do": "end" }
    ],
    "expect": [ { "count": "records", "equals": 1 } ]
  }
  """

@Suite struct ExploreParsingTests {
  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try ExploreCommand.parse(arguments)
      return nil
    } catch let error as UsageError {
      return error.message
    } catch {
      return "not a usage error: \(error)"
    }
  }

  @Test func optionsParse() throws {
    let command = try ExploreCommand.parse([
      "--scenario", "w.json", "--seeds", "40", "--faults", "crash,wrist,crash", "--shard", "2/4",
      "--junit", "j.xml", "--out", "worlds",
    ])
    var expected = ExploreOptions(scenarioPath: "w.json", seeds: 40)
    expected.faults = [.crash, .wrist]
    expected.shard = (2, 4)
    expected.junitPath = "j.xml"
    expected.outPath = "worlds"
    #expect(command.options == expected)
    #expect(ExploreOptions(scenarioPath: "dir/hills.json", seeds: 1).outFolder == "explore-hills")
  }

  @Test func badInputIsAUsageError() {
    #expect(usageError(["--scenario", "w.json", "--seeds", "0"])?.contains("'--seeds 0'") == true)
    #expect(usageError(["--scenario", "w.json", "--seeds", "-3"]) != nil)
    #expect(usageError(["--scenario", "w.json", "--seeds", "2.5"]) != nil)
    #expect(usageError(["--scenario", "w.json"]) == "Missing expected option '--seeds N'.")
    #expect(usageError(["--seeds", "3"]) == "Missing expected option '--scenario FILE'.")
    #expect(
      usageError(["--scenario", "w.json", "--seeds", "3", "--faults", "crash,wirst"])
        == "'--faults crash,wirst': unknown fault 'wirst'. Did you mean 'wrist'? The faults are crash, crash-recover, wrist, phone-away, offline, lock, sensor-dropout, notifications-off, auth-denied, auth-denied-all, http-error, http-hang, task-expiry, dst, timezone-trip."
    )
    // A name's first word suggests the fault it starts (edit distance 5 is too far).
    #expect(
      usageError(["--scenario", "w.json", "--seeds", "3", "--faults", "timezone"])?.hasPrefix(
        "'--faults timezone': unknown fault 'timezone'. Did you mean 'timezone-trip'? The faults are crash,"
      ) == true)
    // Standard input has no file name to name the outputs after.
    #expect(
      usageError(["--scenario", "-", "--seeds", "3"])
        == "'--scenario -': explore reads its scenario from a file, whose name names the output folder and the world files (docs/command-line.md#scenarios-on-standard-input); save standard input to a file and give its name."
    )
    // An empty name (a trailing, leading or doubled comma) is refused, not skipped.
    #expect(
      usageError(["--scenario", "w.json", "--seeds", "3", "--faults", "crash,wrist,"])
        == "'--faults crash,wrist,': empty fault name after ','; put one comma between two items, for example 'crash,wrist'."
    )
    #expect(
      usageError(["--scenario", "w.json", "--seeds", "3", "--faults", ",crash"])
        == "'--faults ,crash': empty fault name before ','; put one comma between two items, for example 'crash,wrist'."
    )
    #expect(
      usageError(["--scenario", "w.json", "--seeds", "3", "--faults=crash,,wrist"])
        == "'--faults crash,,wrist': empty fault name after ','; put one comma between two items, for example 'crash,wrist'."
    )
    // auth-denied, http-error, http-hang, task-expiry, dst and timezone-trip, refused as not
    // available before, are faults now.
    for name in ["auth-denied", "http-error", "http-hang", "task-expiry", "dst", "timezone-trip"] {
      #expect(usageError(["--scenario", "w.json", "--seeds", "3", "--faults", name]) == nil)
    }
    let parsed = try? ExploreCommand.parse(
      ["--scenario", "w.json", "--seeds", "3", "--faults", "auth-denied,crash"])
    #expect(parsed?.options.faults == [.authDenied, .crash])
    for shard in ["0/4", "5/4", "1/0", "2", "a/b", "1/2/3"] {
      #expect(
        usageError(["--scenario", "w.json", "--seeds", "3", "--shard", shard])
          == "'--shard \(shard)': give i/n with whole numbers 1 ≤ i ≤ n (the i-th of n shards, for example 2/4).",
        "\(shard)")
    }
  }

  @Test(
    "0 seeds, an unknown fault, a shard outside 1…n: each exits 64",
    arguments: [
      ["--seeds", "0"], ["--seeds", "3", "--faults", "wirst"], ["--seeds", "3", "--shard", "0/4"],
      ["--seeds", "3", "--shard", "5/4"],
    ])
  func badInputExits64WithTheUsageLine(arguments: [String]) {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["explore", "--scenario", "w.json"] + arguments,
      environment: capture.environment())
    #expect(status == 64)
    #expect(capture.standardError.contains("Usage: workout-sim explore --scenario FILE --seeds N"))
  }

  @Test func theHelpNamesEveryFault() {
    let help = HelpText.help(for: ExploreCommand.configuration)
    for kind in Fault.Kind.allCases { #expect(help.contains(kind.rawValue), "\(kind)") }
  }

  @Test func shardsPartitionTheWorlds() {
    for seeds in [1, 7, 100] {
      for count in 1...5 {
        var all: [Int] = []
        for index in 1...count {
          var options = ExploreOptions(scenarioPath: "w.json", seeds: seeds)
          options.shard = (index, count)
          all += options.worldIndexes
        }
        #expect(all.sorted() == Array(0..<seeds), "seeds \(seeds), \(count) shards")
        #expect(Set(all).count == all.count)
      }
    }
  }
}

@Suite struct ExploreRunTests {
  /// A folder holding `walk.json`, and the command's outputs.
  let folder: String

  init() throws {
    folder = try makeTemporaryFolder(prefix: "explore-tests")
    try Data(walkJSON.utf8).write(to: URL(fileURLWithPath: folder + "/walk.json"))
  }

  func explore(_ extra: [String]) -> (status: Int32, output: String, error: String) {
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["explore", "--scenario", folder + "/walk.json", "--out", folder + "/worlds"]
        + extra,
      environment: capture.environment())
    return (status, capture.standardOutput, capture.standardError)
  }

  @Test func aCrashWithoutRecoveryLosesTheWorkoutInEveryWorld() throws {
    let run = explore(["--seeds", "4", "--faults", "crash", "--junit", folder + "/j.xml"])
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n").map(String.init)
    // Seeds 5 to 8 (the scenario's seed 5 + 0 … 3), each failing, then the closing line.
    #expect(lines.count == 5)
    #expect(lines.last == "explored 4 worlds (seeds 5 to 8): 0 passed, 4 failed")
    for (k, line) in lines.dropLast().enumerated() {
      #expect(
        line.hasPrefix(
          "FAIL seed \(5 + k): 1 of 1 check failed (shrunk world: expect[0]: count(records): expected equals 1, actual 0); faults crash@"
        ))
      #expect(line.hasSuffix("; workout-sim check \(folder)/worlds/walk-seed-\(5 + k).json"))
    }
    let junit = try String(contentsOfFile: folder + "/j.xml", encoding: .utf8)
    #expect(junit.contains("name=\"\(folder)/walk.json seed 5\""))
    // Each failure message says what the FAIL line says: the check's failure in the shrunk
    // world, then the faults, the shrunk faults and the command that reproduces it.
    let seed5 = try #require(lines.first)
    let start = try #require(seed5.range(of: "; faults ")).lowerBound
    let tail = String(seed5[start...])
    #expect(
      junit.contains(
        "<failure message=\"expect[0]: count(records): expected equals 1, actual 0\(tail)\""))
    #expect(tail.hasSuffix("; workout-sim check \(folder)/worlds/walk-seed-5.json"))
  }

  @Test func theHintStartsAsTheProgramWasStarted() throws {
    // From the build folder of the package explore ran in (`swift run`,
    // `.build/debug/workout-sim`): `swift run` works as copied there; anywhere else the name on
    // the PATH.
    #expect(
      CLIEnvironment.commandName(
        programPath: "/work/p/.build/debug/workout-sim", currentDirectory: "/work/p")
        == "swift run workout-sim")
    #expect(
      CLIEnvironment.commandName(
        programPath: ".build/x86_64-unknown-linux-gnu/release/workout-sim",
        currentDirectory: "/work/p") == "swift run workout-sim")
    #expect(
      CLIEnvironment.commandName(programPath: "workout-sim", currentDirectory: "/work/p")
        == "workout-sim")
    #expect(
      CLIEnvironment.commandName(
        programPath: "/usr/local/bin/workout-sim", currentDirectory: "/work/p") == "workout-sim")
    let capture = CapturedOutput()
    var environment = capture.environment()
    environment.commandName = "swift run workout-sim"
    let status = WorkoutSimCommand.main(
      arguments: [
        "explore", "--scenario", folder + "/walk.json", "--out", folder + "/worlds", "--seeds",
        "1", "--faults", "crash",
      ], environment: environment)
    #expect(status == 1)
    #expect(
      capture.standardOutput.contains(
        "; swift run workout-sim check \(folder)/worlds/walk-seed-5.json\n"))
  }

  /// explore run outside the package whose build folder holds the program (a new user's trial
  /// ran `/work/trial20/workout-sim/.build/debug/workout-sim explore` in a folder of scenarios:
  /// `swift run workout-sim check ...` found no Package.swift there, and from the package's
  /// folder the world's relative path did not resolve): the hint starts with the program as it
  /// was started, which works from the folder explore ran in.
  @Test func outsideThePackageTheHintNamesTheProgramAsStarted() {
    #expect(
      CLIEnvironment.commandName(
        programPath: "/work/trial20/workout-sim/.build/debug/workout-sim",
        currentDirectory: "/work/trial20/cli")
        == "/work/trial20/workout-sim/.build/debug/workout-sim")
    #expect(
      CLIEnvironment.commandName(
        programPath: "../workout-sim/.build/debug/workout-sim",
        currentDirectory: "/work/trial20/cli") == "../workout-sim/.build/debug/workout-sim")
    // Another package's folder (the user's app) is not the program's package either.
    #expect(
      CLIEnvironment.commandName(
        programPath: "../workout-sim/.build/debug/workout-sim",
        currentDirectory: "/work/trial20/MyFitnessApp") == "../workout-sim/.build/debug/workout-sim"
    )
    // A relative path that comes back to the package's folder is the package's.
    #expect(
      CLIEnvironment.commandName(
        programPath: "../p/.build/debug/workout-sim", currentDirectory: "/work/p")
        == "swift run workout-sim")
    // Quoted for the shell when the path has a space or a quote.
    #expect(
      CLIEnvironment.commandName(
        programPath: "/work/my p's/.build/debug/workout-sim", currentDirectory: "/work")
        == "'/work/my p'\\''s/.build/debug/workout-sim'")
  }

  @Test func theWrittenWorldFailsTheSameWayUnderCheck() throws {
    let run = explore(["--seeds", "2", "--faults", "crash"])
    #expect(run.status == 1)
    for seed in [5, 6] {
      let file = "\(folder)/worlds/walk-seed-\(seed).json"
      let world = try InputFiles.readScenario(atPath: file)
      #expect(world.seed == UInt64(seed))
      // Shrunk to one crash that ends at 599 s, the last second before the end at 600 s.
      let crashes = world.timeline.filter { $0.kind == .app(.crash) }
      let relaunches = world.timeline.filter { $0.kind == .app(.relaunch(recover: false)) }
      #expect(crashes.count == 1 && relaunches.count == 1)
      #expect(relaunches.first?.at == .seconds(599))
      let failed = try Simulation.check(world).compactMap { outcome -> String? in
        if case .failed(let failure) = outcome.outcome { return failure.message }
        return nil
      }
      #expect(failed == ["expect[0]: count(records): expected equals 1, actual 0"])
      // The same check through the command: exit 1, the same failure.
      let capture = CapturedOutput()
      let status = WorkoutSimCommand.main(
        arguments: ["check", file], environment: liveCheckEnvironment(capture))
      #expect(status == 1)
      #expect(
        capture.standardOutput.contains("expect[0]: count(records): expected equals 1, actual 0"))
    }
  }

  @Test func theSameSeedsGiveTheSameOutputAndShardsSplitIt() throws {
    let whole = explore(["--seeds", "6", "--faults", "crash,wrist"])
    let file = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/worlds/walk-seed-5.json"))
    let again = explore(["--seeds", "6", "--faults", "crash,wrist"])
    #expect(whole.output == again.output)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/worlds/walk-seed-5.json")) == file)
    var shardLines: [String] = []
    for index in 1...3 {
      let shard = explore(["--seeds", "6", "--faults", "crash,wrist", "--shard", "\(index)/3"])
      shardLines += shard.output.split(separator: "\n").dropLast().map(String.init)
      #expect(
        shard.output.split(separator: "\n").last?.contains("(seeds 5 to 10, shard \(index)/3)")
          == true)
    }
    let wholeLines = whole.output.split(separator: "\n").dropLast().map(String.init)
    #expect(shardLines.sorted() == wholeLines.sorted())
  }

  @Test func aWorldOfAReplayNamesItsRecordingFromAnywhere() throws {
    // The bundled replay names its recording relative to Scenarios/; the world file lives in
    // the temporary folder, so it names it by its absolute path, and `check` runs it there.
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: [
        "explore", "--scenario", packageRoot.path + "/Scenarios/replay-hilly-run.json", "--seeds",
        "1", "--faults", "crash", "--out", folder + "/replays",
      ], environment: capture.environment())
    #expect(status == 1)
    let file =
      folder
      + "/replays/replay-hilly-run-seed-\(try bundledScenario("replay-hilly-run.json").seed).json"
    let world = try InputFiles.readScenario(atPath: file)
    guard case .recording(let recording) = world.course else {
      Issue.record("the world does not replay a recording")
      return
    }
    #expect(
      recording.path == packageRoot.path
        + "/Scenarios/recordings/run-hilly--2013-02-06-12-11-14.fit")
    #expect(throws: Never.self) { try Simulation.check(world) }
  }

  @Test func aDaylightSavingNightIsShrunkToTheLatestTransitionAndCheckFailsTheSame() throws {
    // The walk in Europe/Berlin, checking its record's end as written on 5 January (+01:00).
    // Any dst fault moves the start to the transition of 2026-03-29 01:00 UTC; shrinking moves
    // it to the latest second, 599 s: t = 0 at 01:00 UTC − 599 s = 00:50:01 UTC
    // (01:50:01+01:00), the end at 600 s is 01:00:01 UTC, after the change: 03:00:01+02:00.
    let berlin = walkJSON.replacingOccurrences(
      of: #""seed": 5,"#, with: #""seed": 5, "timeZone": "Europe/Berlin","#
    ).replacingOccurrences(
      of: #"{ "count": "records", "equals": 1 }"#,
      with: #"{ "record": 0, "path": "endDate", "equals": "2026-01-05T09:10:00+01:00" }"#)
    try Data(berlin.utf8).write(to: URL(fileURLWithPath: folder + "/berlin.json"))
    let quiet = WorkoutSimCommand.main(
      arguments: ["check", folder + "/berlin.json"],
      environment: liveCheckEnvironment(CapturedOutput()))
    #expect(quiet == 0)
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: [
        "explore", "--scenario", folder + "/berlin.json", "--seeds", "1", "--faults", "dst",
        "--out", folder + "/dst",
      ], environment: capture.environment())
    #expect(status == 1)
    #expect(capture.standardOutput.contains("; shrunk dst@599+0; workout-sim check "))
    let world = try InputFiles.readScenario(atPath: folder + "/dst/berlin-seed-5.json")
    #expect(world.start?.text == "2026-03-29T01:50:01+01:00")
    let failed = try Simulation.check(world).compactMap { outcome -> String? in
      if case .failed(let failure) = outcome.outcome { return failure.message }
      return nil
    }
    #expect(failed.count == 1)
    #expect(failed.first?.contains("2026-03-29T03:00:01+02:00") == true)
    // A UTC scenario cannot carry the fault: 64.
    #expect(explore(["--seeds", "1", "--faults", "dst"]).status == 64)
  }

  @Test func theLineGivesTheShrunkWorldsActualValueAsCheckPrintsIt() throws {
    // The walk counting its appState log entries: a wrist down gives `inactive`, a wrist up
    // `active`, and a wrist down for 120 s or more also `background` 120 s after it (the return
    // to the clock). World seed 8 draws wrist@47+266 (3 entries: 47, 167, 313 s) and
    // wrist@403+54 (2): 5 in the drawn world. Shrunk to wrist@545+54: 2. The line and the JUnit
    // message give 2, the value `check` prints for the written world (trial finding: the line
    // gave the drawn world's value, the file another).
    let counting = walkJSON.replacingOccurrences(
      of: #"{ "count": "records", "equals": 1 }"#,
      with: #"{ "count": "log", "where": { "kind": "appState" }, "equals": 0 }"#)
    try Data(counting.utf8).write(to: URL(fileURLWithPath: folder + "/walk.json"))
    let run = explore(["--seeds", "4", "--faults", "wrist", "--junit", folder + "/j.xml"])
    let line = try #require(
      run.output.split(separator: "\n").map(String.init).first { $0.hasPrefix("FAIL seed 8:") })
    let failure =
      #"expect[0]: count(log where {"kind":"appState"}): expected equals 0, actual 2"#
    #expect(
      line
        == "FAIL seed 8: 1 of 1 check failed (shrunk world: \(failure)); faults wrist@47+266, wrist@403+54; shrunk wrist@545+54; workout-sim check \(folder)/worlds/walk-seed-8.json"
    )
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: ["check", folder + "/worlds/walk-seed-8.json"],
      environment: liveCheckEnvironment(capture))
    #expect(status == 1)
    #expect(capture.standardOutput.contains(failure))
    // The drawn world's own value is 5.
    let scenario = try InputFiles.readScenario(atPath: folder + "/walk.json")
    let drawn = try #require(FaultPlan("seed 8: wrist@47+266, wrist@403+54"))
    let drawnFailures = try Simulation.check(drawn.world(from: scenario)).compactMap {
      outcome -> String? in
      if case .failed(let failure) = outcome.outcome { return failure.message }
      return nil
    }
    #expect(drawnFailures == [failure.replacingOccurrences(of: "actual 2", with: "actual 5")])
    let junit = try String(contentsOfFile: folder + "/j.xml", encoding: .utf8)
    #expect(
      junit.contains(
        "expected equals 0, actual 2; faults wrist@47+266, wrist@403+54; shrunk wrist@545+54; "))
  }

  @Test func aWristFaultKeepsTheWorkout() {
    let run = explore(["--seeds", "5", "--faults", "wrist"])
    #expect(run.output == "explored 5 worlds (seeds 5 to 9): 5 passed, 0 failed\n")
    #expect(run.status == 0)
  }

  @Test func lockNeedsHealthAndOutputsNeverOverwriteInputs() {
    let lock = explore(["--seeds", "2", "--faults", "lock"])
    #expect(lock.status == 64)
    #expect(lock.error.contains("health.lock"))
    let capture = CapturedOutput()
    let status = WorkoutSimCommand.main(
      arguments: [
        "explore", "--scenario", folder + "/walk.json", "--seeds", "1", "--junit",
        folder + "/walk.json",
      ], environment: capture.environment())
    #expect(status == 64)
  }
}

/// An environment whose `check` decodes and runs the scenario as the live one does.
private func liveCheckEnvironment(_ capture: CapturedOutput) -> CLIEnvironment {
  capture.environment(checkScenario: { url in
    let scenario = try InputFiles.readScenario(atPath: url.path)
    let result = try Simulation.run(scenario)
    return CheckSubject(
      scenarioName: scenario.name, checks: scenario.expect, result: result.document())
  })
}
