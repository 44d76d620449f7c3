import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Hostile input on the command line, through the built binary: outputs that are inputs,
/// outputs that cannot be created, signals during an export, numbers, dates, memory, and inputs
/// that are not regular files. Every test asserts the exit code and the message.
@Suite struct HostileInputTests {
  /// The usage lines printed after a usage error of `run`.
  private static let runUsage = """
    Usage: workout-sim run [--scenario FILE] [--type TYPE] [--seed N] [--json]
                           [--samples] [--headless] [--speed X] [--until T]
                           [--keys KEYS] [--export PATH]...
      See 'workout-sim run --help' for more information.

    """

  /// A folder holding a copy of the walk fixture as `my.json`; returns the folder.
  private func folderWithScenario() throws -> String {
    let folder = try makeTemporaryFolder()
    try FileManager.default.copyItem(
      atPath: try Binary.fixture("walk-with-pause.json"), toPath: folder + "/my.json")
    return folder
  }

  private func contents(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  // MARK: Outputs never overwrite inputs (64)

  /// Two workouts: a run from 0 to 100 s, then `newSession` and a second run from 200 to 300 s.
  private static let twoWorkouts = """
    { "version": 1, "course": [ { "duration": 400, "speed": 3 } ],
      "timeline": [ { "at": 0, "do": "start" }, { "at": 100, "do": "end" },
                    { "at": 150, "do": "newSession" }, { "at": 200, "do": "start" },
                    { "at": 300, "do": "end" } ] }
    """

  /// The second record of `--export a.fit` goes to `a-2.fit`, which `--export a-2.fit` names
  /// too: one of them would be lost, so it is refused before the run (nothing on standard output,
  /// no file written).
  @Test func aLaterRecordsNameThatCollidesIsRefusedBeforeTheRun() async throws {
    let folder = try makeTemporaryFolder()
    try write(Self.twoWorkouts, to: folder + "/two.json")
    let outcome = try await Binary.run([
      "run", "--scenario", folder + "/two.json", "--headless", "--export", folder + "/a.fit",
      "--export", folder + "/a-2.fit",
    ])
    #expect(outcome.status == 64)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError.hasPrefix(
        "Error: '--export \(folder)/a.fit' (record 2 as '\(folder)/a-2.fit') and '--export \(folder)/a-2.fit' name the same file; choose different names."
      ))
    #expect(!FileManager.default.fileExists(atPath: folder + "/a.fit"))
  }

  /// A later record's name that is the scenario file (`a.json` → `a-2.json`) is 64, and one that
  /// is a folder 73, both before the run, naming the flag as typed.
  @Test func aLaterRecordsNameIsCheckedBeforeTheRun() async throws {
    let folder = try makeTemporaryFolder()
    try write(Self.twoWorkouts, to: folder + "/a-2.json")
    let overInput = try await Binary.run([
      "run", "--scenario", folder + "/a-2.json", "--headless", "--export", folder + "/a.json",
    ])
    #expect(overInput.status == 64)
    #expect(overInput.standardOutput.isEmpty)
    #expect(
      overInput.standardError.hasPrefix(
        "Error: '--export \(folder)/a.json' (record 2 as '\(folder)/a-2.json') would overwrite the scenario file '\(folder)/a-2.json'; choose another name."
      ))
    #expect(!FileManager.default.fileExists(atPath: folder + "/a.json"))
    try FileManager.default.createDirectory(
      atPath: folder + "/b-2.fit", withIntermediateDirectories: false)
    let intoFolder = try await Binary.run([
      "run", "--scenario", folder + "/a-2.json", "--headless", "--export", folder + "/b.fit",
    ])
    #expect(intoFolder.status == 73)
    #expect(intoFolder.standardOutput.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder + "/b.fit"))
  }

  @Test func junitOverTheScenarioIsAUsageErrorAndTheScenarioStays() async throws {
    let folder = try folderWithScenario()
    let original = try contents(folder + "/my.json")
    let outcome = try await Binary.run([
      "check", folder + "/my.json", "--junit", folder + "/my.json",
    ])
    #expect(outcome.status == 64)
    #expect(outcome.text == "")
    #expect(
      outcome.standardError == """
        Error: '--junit \(folder)/my.json' would overwrite the scenario file '\(folder)/my.json'; choose another name.
        Usage: workout-sim check PATH... [--junit FILE]
          See 'workout-sim check --help' for more information.

        """)
    #expect(try contents(folder + "/my.json") == original)
  }

  /// A folder given to `check` names its files: `--junit` over one of them is refused too.
  @Test func junitOverAFileOfACheckedFolderIsRefused() async throws {
    let folder = try folderWithScenario()
    let outcome = try await Binary.run(["check", folder, "--junit", folder + "/./my.json"])
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.hasPrefix(
        "Error: '--junit \(folder)/./my.json' would overwrite the scenario file '\(folder)/my.json'; choose another name.\n"
      ))
  }

  /// The same file by another name: a symbolic link, a hard link, `dir/../x`.
  @Test func exportOverTheScenarioByAnotherNameIsRefused() async throws {
    let folder = try folderWithScenario()
    let scenario = folder + "/my.json"
    let original = try contents(scenario)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.json", withDestinationPath: "my.json")
    try FileManager.default.linkItem(atPath: scenario, toPath: folder + "/hard.json")
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: false)
    for target in [folder + "/link.json", folder + "/hard.json", folder + "/sub/../my.json"] {
      let outcome = try await Binary.run(["run", "--scenario", scenario, "--export", target])
      #expect(outcome.status == 64, "\(target)")
      #expect(outcome.text == "")
      #expect(
        outcome.standardError
          == "Error: '--export \(target)' would overwrite the scenario file '\(scenario)'; choose another name.\n"
          + Self.runUsage)
    }
    #expect(try contents(scenario) == original)
  }

  /// The recording a scenario replays is an input too.
  @Test func exportOverTheReplayedRecordingIsRefused() async throws {
    let folder = try makeTemporaryFolder()
    let recording = folder + "/walk.gpx"
    let source = packageRoot.appendingPathComponent(
      "Tests/Data/recordings/ride-hilly--riderx3.gpx"
    ).path
    try FileManager.default.copyItem(atPath: source, toPath: recording)
    let original = try contents(recording)
    try write(
      #"{ "version": 1, "activity": "cycling", "course": { "recording": "walk.gpx" }, "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "end" } ] }"#,
      to: folder + "/replay.json")
    let outcome = try await Binary.run([
      "run", "--scenario", folder + "/replay.json", "--export", folder + "/walk.gpx",
    ])
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.hasPrefix(
        "Error: '--export \(folder)/walk.gpx' would overwrite the recording '\(folder)/walk.gpx'; choose another name.\n"
      ))
    #expect(try contents(recording) == original)
  }

  // MARK: Outputs checked before any work (73)

  @Test func anExportThatIsAFolderIsRefusedBeforeTheRun() async throws {
    let folder = try folderWithScenario()
    try FileManager.default.createDirectory(
      atPath: folder + "/out.fit", withIntermediateDirectories: false)
    let outcome = try await Binary.run([
      "run", "--scenario", folder + "/my.json", "--export", folder + "/out.fit",
    ])
    #expect(outcome.status == 73)
    // Nothing ran: no summary on standard output.
    #expect(outcome.text == "")
    #expect(outcome.standardError == "Error: cannot create '\(folder)/out.fit': it is a folder\n")
  }

  @Test func anExportInAMissingFolderIsRefusedBeforeTheRun() async throws {
    let folder = try folderWithScenario()
    let outcome = try await Binary.run([
      "run", "--scenario", folder + "/my.json", "--json", "--export", folder + "/ok.json",
      "--export", folder + "/missing/out.csv",
    ])
    #expect(outcome.status == 73)
    #expect(outcome.text == "")
    #expect(
      outcome.standardError
        == "Error: cannot create '\(folder)/missing/out.csv': No such file or directory\n")
  }

  @Test func aJUnitReportInAMissingFolderIsRefusedBeforeAnyCheck() async throws {
    let folder = try folderWithScenario()
    let outcome = try await Binary.run([
      "check", folder + "/my.json", "--junit", folder + "/no/report.xml",
    ])
    #expect(outcome.status == 73)
    #expect(outcome.text == "")
    #expect(
      outcome.standardError
        == "Error: cannot create '\(folder)/no/report.xml': No such file or directory\n")
  }

  @Test func anExportOverAFIFOIsRefused() async throws {
    let folder = try folderWithScenario()
    #expect(mkfifo(folder + "/pipe.csv", 0o644) == 0)
    let outcome = try await Binary.run([
      "run", "--scenario", folder + "/my.json", "--export", folder + "/pipe.csv",
    ])
    #expect(outcome.status == 73)
    #expect(
      outcome.standardError
        == "Error: cannot create '\(folder)/pipe.csv': it is a FIFO, not a regular file\n")
  }

  // MARK: Signals during an export leave no temporary file

  /// A run of 10^5 s with every sensor every second (about 600000 samples): the exports take
  /// long enough for the test to see a temporary file `.NAME.tmp-XXXXXX` (it awaits the
  /// folder's changes, ``FolderWatch``, and looks at the folder at each); the signal then ends
  /// the process with 128 + N and the file is gone. Up to three attempts, in case a run is over
  /// before the test sees its temporary file or before its signal arrives.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129))])
  func aSignalDuringAnExportRemovesTheTemporaryFile(signal: Int32, status: Int32) async throws {
    let folder = try makeTemporaryFolder()
    let types = [
      "heartRate", "activeEnergyBurned", "basalEnergyBurned", "distanceWalkingRunning",
      "stepCount", "runningSpeed",
    ]
    let sensors = types.map { "\"\($0)\": { \"interval\": 1 }" }.joined(separator: ", ")
    try write(
      """
      { "version": 1, "course": [ { "duration": 100000, "speed": 3 } ], "sensors": { \(sensors) },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 100000, "do": "end" } ] }
      """, to: folder + "/long.json")
    let out = folder + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    var caught = false
    for _ in 0..<3 where !caught {
      let process = Process()
      process.executableURL = try Binary.executable
      process.arguments = [
        "run", "--scenario", folder + "/long.json", "--export", out + "/a.csv", "--export",
        out + "/a.tcx", "--export", out + "/a.json",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      // Watched before the start, so no entry is missed; the watch ends with the process.
      let watch = try FolderWatch(out)
      let child = Task {
        defer { watch.stop() }
        return try await ChildProcess.run(process)
      }
      for await _ in watch.changes {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        if names.contains(where: { $0.contains(".tmp-") }) {
          kill(process.processIdentifier, signal)
          caught = true
          break
        }
      }
      let ended = try await child.value
      if caught && ended.reason == .exit && ended.status == 0 {
        // The run wrote its last file between the look and the signal (a loaded machine):
        // the signal came too late to test anything, so try again. A process that ignored the
        // signal would end so every time, and `caught` below fails then.
        caught = false
      } else if caught {
        #expect(ended.reason == .exit)
        #expect(ended.status == status)
      }
      let left = try FileManager.default.contentsOfDirectory(atPath: out)
      #expect(!left.contains(where: { $0.contains(".tmp-") }), "\(left)")
      for name in left { try FileManager.default.removeItem(atPath: out + "/" + name) }
    }
    #expect(caught, "no temporary file was seen in three runs")
  }

  // MARK: Dates

  @Test(arguments: [
    "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "1582-10-10T12:00:00Z",
    "1989-12-31T23:59:59Z", "2100-01-01T00:00:00Z", "1990-01-01T00:59:59+01:00",
  ])
  func aStartOutsideTheDateRangeIsADataError(start: String) async throws {
    let folder = try makeTemporaryFolder()
    try write(#"{ "version": 1, "start": "\#(start)", "timeline": [] }"#, to: folder + "/d.json")
    let outcome = try await Binary.run(["validate", folder + "/d.json"])
    #expect(outcome.status == 65)
    #expect(
      outcome.standardError
        == "Error: \(folder)/d.json: start: \"\(start)\" is outside the supported range 1990-01-01T00:00:00Z to 2099-12-31T23:59:59Z (every export format can write dates in it; FIT counts seconds from 1989-12-31T00:00:00Z in 32 bits)\n"
    )
  }

  /// Both ends of the range are accepted, and a FIT export of the first writes its time stamp
  /// as 1990-01-01T00:00:00Z − 1989-12-31T00:00:00Z = 86400 s.
  @Test(arguments: ["1990-01-01T00:00:00Z", "2099-12-31T23:59:59Z", "1990-01-01T01:00:00+01:00"])
  func theEndsOfTheDateRangeAreAccepted(start: String) async throws {
    let folder = try makeTemporaryFolder()
    try write(
      #"{ "version": 1, "start": "\#(start)", "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "end" } ] }"#,
      to: folder + "/d.json")
    let outcome = try await Binary.run([
      "run", "--scenario", folder + "/d.json", "--export", folder + "/d.fit",
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    if start == "1990-01-01T00:00:00Z" {
      // file_id.time_created: the first data message after the 14-byte header and the file_id
      // definition; read it back by scanning for the little-endian 86400 (0x00015180).
      let bytes = [UInt8](try contents(folder + "/d.fit"))
      let stamp: [UInt8] = [0x80, 0x51, 0x01, 0x00]
      #expect(
        (0..<(bytes.count - 3)).contains { Array(bytes[$0..<$0 + 4]) == stamp })
    }
  }

  // MARK: Memory budget

  /// Six running types every second and the four running metrics at their default 30 s over
  /// 9e6 s: 6 × 9000001 + 4 × 300001 = 55200010 samples at 9000001 + 300001 = 9300002
  /// instants. Summary: 55200010 × 80 + 9300002 × 480 = 4416000800 + 4464000960 = 8880001760
  /// bytes ("about 8.9 GB"); with `--export`: 55200010 × 480 + 9300002 × 1280 = 26496004800 +
  /// 11904002560 = 38400007360 bytes ("about 38.5 GB").
  @Test func aRunOverTheMemoryBudgetIsRefusedByValidateAndRun() async throws {
    let folder = try makeTemporaryFolder()
    let types = [
      "heartRate", "activeEnergyBurned", "basalEnergyBurned", "distanceWalkingRunning",
      "stepCount", "runningSpeed",
    ]
    let sensors = types.map { "\"\($0)\": { \"interval\": 1 }" }.joined(separator: ", ")
    try write(
      """
      { "version": 1, "course": [ { "duration": 9000000, "speed": 3 } ], "sensors": { \(sensors) },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 9000000, "do": "end" } ] }
      """, to: folder + "/huge.json")
    let prefix =
      "Error: \(folder)/huge.json: sensors.heartRate.interval: every 1 s over the 9000000 s run makes 9000001 heartRate samples; with the others (55200010 samples at 9300002 instants) the run would need about "
    let validate = try await Binary.run(["validate", folder + "/huge.json"])
    #expect(validate.status == 65)
    #expect(
      validate.standardError
        == prefix + "8.9 GB, over the memory budget of 4 GiB; use a longer interval\n")
    let run = try await Binary.run([
      "run", "--scenario", folder + "/huge.json", "--export", folder + "/huge.fit",
    ])
    #expect(run.status == 65)
    #expect(
      run.standardError
        == prefix + "38.5 GB, over the memory budget of 4 GiB; use a longer interval\n")
  }

  /// Without `--until`, a run lasts to its latest key, and the budget prices that exactly as
  /// `--until` (issue 26, bug 1: `--keys ENTER@0,l@1e8` on a scenario without `end` grew to
  /// 1.2 GB in 40 s). `{"version": 1}` to 1e8 s: heart rate every 5 s, 1e8 / 5 + 1 = 20000001;
  /// five types every 10 s, 5 × 10000001 = 50000005; four every 30 s, 4 × 3333334 = 13333336;
  /// 83333342 samples at 20000001 + 10000001 + 3333334 = 33333336 instants; 83333342 × 80 +
  /// 33333336 × 480 = 22666668640 bytes, "about 22.7 GB".
  /// Refused before any work (nothing on standard output), with the same message and code.
  @Test func aLateKeyIsPricedByTheMemoryBudgetAsUntilIs() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/endless.json"
    try write(#"{ "version": 1 }"#, to: path)
    let keys = try await Binary.run(["run", "--scenario", path, "--keys", "ENTER@0,l@1e8"])
    let until = try await Binary.run([
      "run", "--scenario", path, "--keys", "ENTER@0", "--until", "1e8",
    ])
    for outcome in [keys, until] {
      #expect(outcome.status == 65)
      #expect(outcome.text == "")
      #expect(
        outcome.standardError
          == "Error: \(path): timeline: every 5 s over the 100000000 s run makes 20000001 heartRate samples; with the others (83333342 samples at 33333336 instants) the run would need about 22.7 GB, over the memory budget of 4 GiB\n"
      )
    }
  }

  // MARK: Inputs that are not regular files (66)

  @Test func aScenarioThatIsAFIFOADeviceOrASymlinkLoopSaysWhatItIs() async throws {
    let folder = try makeTemporaryFolder()
    #expect(mkfifo(folder + "/fifo.json", 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/a.json", withDestinationPath: "b.json")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/b.json", withDestinationPath: "a.json")
    let cases = [
      (folder + "/fifo.json", "it is a FIFO, not a regular file"),
      ("/dev/zero", "it is a device, not a regular file"),
      (folder + "/a.json", "symlink loop (too many levels of symbolic links)"),
    ]
    for (path, reason) in cases {
      let run = try await Binary.run(["run", "--scenario", path])
      #expect(run.status == 66, "\(path)")
      #expect(run.standardError == "Error: \(path): cannot open the file (\(reason))\n")
    }
    for path in [folder + "/fifo.json", "/dev/zero"] {
      let validate = try await Binary.run(["validate", path])
      #expect(validate.status == 66)
      #expect(validate.standardError.hasPrefix("Error: \(path): cannot open the file (it is a"))
    }
    // `check` and `validate` expand their paths first (a folder means its files): a loop is
    // reported there.
    for command in ["check", "validate"] {
      let outcome = try await Binary.run([command, folder + "/a.json"])
      #expect(outcome.status == 66)
      #expect(
        outcome.standardError.hasPrefix(
          "Error: cannot open '\(folder)/a.json': symlink loop (too many levels of symbolic links)\n"
        ))
    }
  }

  @Test func aRecordingThatIsAFIFOOrADeviceSaysWhatItIs() async throws {
    let folder = try makeTemporaryFolder()
    #expect(mkfifo(folder + "/pipe.fit", 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/zero.gpx", withDestinationPath: "/dev/zero")
    let cases = [
      ("pipe.fit", "it is a FIFO, not a regular file"),
      ("zero.gpx", "it is a device, not a regular file"),
    ]
    for (name, reason) in cases {
      try write(
        #"{ "version": 1, "course": { "recording": "\#(name)" }, "timeline": [] }"#,
        to: folder + "/s.json")
      let outcome = try await Binary.run(["validate", folder + "/s.json"])
      #expect(outcome.status == 66)
      #expect(
        outcome.standardError
          == "Error: \(folder)/s.json: course.recording: \(folder)/\(name): cannot read file: \(reason)\n"
      )
    }
  }

  /// `app.infoPlist` names a file next to the scenario: `validate`, `run` and `check` open it and
  /// read it as a property list (docs/scenario-format.md#the-app), 66 for what cannot be opened
  /// (InputFile's reasons), 65 for bytes that are not a property list or a top level that is not
  /// a dictionary.
  @Test func anInfoPlistThatCannotBeReadOrIsNotADictionaryIsRefused() async throws {
    let folder = try makeTemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder + "/Folder.plist", withIntermediateDirectories: false)
    #expect(mkfifo(folder + "/pipe.plist", 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/zero.plist", withDestinationPath: "/dev/zero")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/loop.plist", withDestinationPath: folder + "/loop2.plist")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/loop2.plist", withDestinationPath: folder + "/loop.plist")
    try Data([0xFF, 0x00, 0x13, 0x37, 0xC3, 0x28, 0xA0, 0xA1]).write(
      to: URL(fileURLWithPath: folder + "/random.plist"))
    try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array><string>NSHealthShareUsageDescription</string></array></plist>
      """, to: folder + "/array.plist")
    let expected = "(expected an XML or binary property list whose top level is a dictionary)"
    let cases: [(name: String, status: Int32, reason: String)] = [
      ("Missing.plist", 66, "cannot read file: no such file"),
      ("Folder.plist", 66, "cannot read file: it is a folder"),
      ("pipe.plist", 66, "cannot read file: it is a FIFO, not a regular file"),
      ("zero.plist", 66, "cannot read file: it is a device, not a regular file"),
      ("loop.plist", 66, "cannot read file: symlink loop (too many levels of symbolic links)"),
      ("random.plist", 65, "not a property list"),
      ("array.plist", 65, "the top level is an array, not a dictionary"),
    ]
    for (name, status, reason) in cases {
      try write(
        #"{ "version": 1, "app": { "infoPlist": "\#(name)" }, "timeline": [] }"#,
        to: folder + "/s.json")
      let message =
        "\(folder)/s.json: app.infoPlist: \(folder)/\(name): \(reason) \(expected)"
      let validate = try await Binary.run(["validate", folder + "/s.json"])
      #expect(validate.status == status, "\(name)")
      #expect(validate.standardError == "Error: \(message)\n")
      let run = try await Binary.run(["run", "--scenario", folder + "/s.json", "--json"])
      #expect(run.status == status, "\(name)")
      #expect(run.standardError.contains(message), "\(run.standardError)")
      let check = try await Binary.run(["check", folder + "/s.json"])
      #expect(check.status == status, "\(name)")
      #expect(check.standardError.contains(message), "\(check.standardError)")
    }
    // A dictionary passes all three.
    try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSHealthShareUsageDescription</key><string>Steps</string></dict></plist>
      """, to: folder + "/Info.plist")
    try write(
      #"{ "version": 1, "app": { "infoPlist": "Info.plist" }, "timeline": [] }"#,
      to: folder + "/s.json")
    let validate = try await Binary.run(["validate", folder + "/s.json"])
    #expect(validate.status == 0)
    #expect(validate.text == "\(folder)/s.json: ok\n")
  }

  // MARK: newSession's activity

  /// The first workout is running (the scenario's activity, which the crown selector stands
  /// on); `newSession` with `"activity": "cycling"` makes the second one cycling.
  @Test func newSessionKeepsItsOwnActivity() async throws {
    let folder = try makeTemporaryFolder()
    try write(
      """
      { "version": 1, "timeline": [
          { "at": 0, "do": "start" }, { "at": 60, "do": "end" },
          { "at": 70, "do": "newSession", "activity": "cycling" },
          { "at": 70, "do": "prepare" }, { "at": 75, "do": "start" }, { "at": 135, "do": "end" } ] }
      """, to: folder + "/two.json")
    let outcome = try await Binary.run(["run", "--scenario", folder + "/two.json", "--json"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let result = try JSONParser.parse(Array(outcome.standardOutput))
    guard case .array(let records)? = result["records"] else {
      Issue.record("no records")
      return
    }
    #expect(records.count == 2)
    #expect(records.first?["activityType"] == .string("running"))
    #expect(records.last?["activityType"] == .string("cycling"))
    #expect(records.last?["activityTypeRawValue"] == .number(13))
  }

  // MARK: Standard output that cannot be written (74), options given twice (64)

  /// Runs the binary with standard output on `/dev/full` (every write fails with `ENOSPC`,
  /// errno 28); returns the status and standard error.
  private func runIntoFullDevice(_ arguments: [String]) async throws -> (
    status: Int32, error: String
  ) {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let outcome = try await Binary.run(arguments, standardOutput: full)
    return (outcome.status, outcome.standardError)
  }

  /// The summary, the JSON document, `validate`'s and `check`'s lines written to a full device:
  /// no crash, exit 74 (`EX_IOERR`) and one line that says why (`strerror(28)`).
  @Test(arguments: [
    ["run", "--headless", "--until", "5"],
    ["run", "--headless", "--until", "5", "--json"],
    ["validate", "Scenarios/hills.json"],
    ["check", "Scenarios/hills.json"],
    ["--help"],
  ])
  func standardOutputThatCannotBeWrittenExits74(arguments: [String]) async throws {
    let outcome = try await runIntoFullDevice(arguments)
    #expect(outcome.status == 74)
    #expect(
      outcome.error.hasSuffix(
        "Error: standard output: cannot write: No space left on device (errno 28); the output is incomplete: send it to a file system with room, a pipe or a terminal\n"
      ))
    #expect(!outcome.error.contains("Fatal error"))
  }

  /// A failed command keeps its own status when standard output fails too: a missing scenario
  /// is 66 whatever happens to standard output.
  @Test func aFailedCommandKeepsItsStatusWhenStandardOutputFails() async throws {
    let outcome = try await runIntoFullDevice(["validate", "no-such-file.json"])
    #expect(outcome.status == 66)
    #expect(!outcome.error.contains("standard output"))
  }

  /// An option naming one file, given twice, is refused before any work: one file would
  /// silently go unread or unwritten. (Settings such as `--seed` follow "the last one wins",
  /// ParsingTests.inlineValuesAndLastValueWins.)
  @Test(arguments: [
    (
      ["run", "--scenario", "Scenarios/hills.json", "--scenario=Scenarios/intervals.json"],
      "--scenario", "run"
    ),
    (["check", "Scenarios", "--junit", "a.xml", "--junit", "b.xml"], "--junit", "check"),
    (["report", "--out", "a.html", "--out", "b.html"], "--out", "report"),
    (["report", "--recording", "a.fit", "--recording", "b.fit"], "--recording", "report"),
    (
      ["replay", "a.fit", "--write-scenario", "a.json", "--write-scenario", "b.json"],
      "--write-scenario", "replay"
    ),
  ])
  func aFileOptionGivenTwiceIsAUsageError(arguments: [String], option: String, command: String)
    async throws
  {
    let outcome = try await Binary.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.text == "")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: '\(option)' is given twice; it names one file, so give it once.\nUsage: workout-sim \(command) "
      ))
  }

  // MARK: Outputs that are symbolic links

  /// An export named by a symbolic link to a regular file writes the file it points to; the
  /// link stays a link (a rename onto the link would have replaced it with a plain file).
  @Test func anExportThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() async throws {
    let folder = try makeTemporaryFolder()
    try write("original\n", to: folder + "/real.csv")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.csv", withDestinationPath: "real.csv")
    let outcome = try await Binary.run([
      "run", "--headless", "--export", folder + "/link.csv",
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.csv") == "real.csv")
    let written = String(decoding: try contents(folder + "/real.csv"), as: UTF8.self)
    #expect(written != "original\n")
    #expect(written.hasPrefix("time"))
  }

  /// Every output flag of the commands.
  static let outputFlags = [
    "run --export", "check --junit", "replay --write-scenario", "replay --export", "report --out",
  ]

  /// The arguments of a command that does real work around the output flag `flag` naming
  /// `output`: a run and its summary, a check and its `PASS` line, a replay and its summary, a
  /// report.
  static func arguments(_ flag: String, output: String) -> [String] {
    let walk = packageRoot.path + "/Tests/Data/recordings/walk-short--garmin-fenix-5-walk.fit"
    switch flag {
    case "run --export": return ["run", "--headless", "--export", output]
    case "check --junit":
      return ["check", packageRoot.path + "/Scenarios/hills.json", "--junit", output]
    case "replay --write-scenario": return ["replay", walk, "--write-scenario", output]
    case "replay --export": return ["replay", walk, "--export", output]
    default: return ["report", "--out", output]
    }
  }

  /// An output named through a dangling symbolic link is refused (73) by the check before any
  /// work, for every output flag (issue 26, bug 2: `run --export`, `check --junit` and
  /// `replay --write-scenario` used to do all the work, print the summary or `PASS`, then exit
  /// 73): nothing on standard output, one line on standard error, the link left as it was and
  /// nothing created where it points.
  @Test(arguments: outputFlags)
  func anOutputThroughADanglingLinkIsRefusedBeforeAnyWork(flag: String) async throws {
    let folder = try makeTemporaryFolder()
    let link = folder + "/out.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing/x.json")
    let outcome = try await Binary.run(Self.arguments(flag, output: link))
    #expect(outcome.status == 73, "\(flag): \(outcome.standardError)")
    #expect(outcome.text == "", "\(flag)")
    #expect(
      outcome.standardError
        == "Error: cannot create '\(link)': it is a symbolic link whose target cannot be resolved (No such file or directory)\n",
      "\(flag)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "missing/x.json")
    #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
  }

  /// An output named through a symbolic link to a file in a folder that cannot be written is
  /// refused (73) by the check before any work, for every output flag (issue 26, bug 2), with
  /// the system's reason, and the file it points to is left as it was. Root is not stopped by
  /// a read-only folder, so as root the link points into `/proc`
  /// (``fileInUnwritableFolder(name:)``).
  @Test(arguments: outputFlags)
  func anOutputThroughALinkIntoAnUnwritableFolderIsRefusedBeforeAnyWork(flag: String) async throws {
    guard let (target, reason) = try fileInUnwritableFolder(name: "kept.json") else {
      try Test.cancel("no folder here refuses new files to this user")
    }
    let before = try contents(target)
    let folder = try makeTemporaryFolder()
    let link = folder + "/out.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let outcome = try await Binary.run(Self.arguments(flag, output: link))
    #expect(outcome.status == 73, "\(flag): \(outcome.standardError)")
    #expect(outcome.text == "", "\(flag)")
    #expect(outcome.standardError == "Error: cannot create '\(link)': \(reason)\n", "\(flag)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try contents(target) == before)
  }

  /// A link to something that is not a regular file (here a folder) or to nothing is refused
  /// (73) and left as it is.
  @Test func anOutputLinkToANonFileIsRefusedAndKept() async throws {
    let folder = try makeTemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/to-folder.html", withDestinationPath: "sub")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/dangling.html", withDestinationPath: "missing/x.html")
    for name in ["to-folder.html", "dangling.html"] {
      let outcome = try await Binary.run(["report", "--out", folder + "/" + name])
      #expect(outcome.status == 73, "\(name): \(outcome.standardError)")
      // Refused before the run: nothing on standard output.
      #expect(outcome.text == "")
      #expect(outcome.standardError.hasPrefix("Error: cannot create '\(folder)/\(name)'"))
      #expect(
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) != nil)
    }
  }
}
