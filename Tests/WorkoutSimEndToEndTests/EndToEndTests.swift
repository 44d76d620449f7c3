import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@Suite(.serialized) struct EndToEndTests {
  @Test func wholeResultDocumentMatchesTheHandWrittenOne() async throws {
    let scenario = try Binary.fixture("walk-with-pause.json")
    let outcome = try await Binary.run(["run", "--scenario", scenario, "--json", "--samples"])
    #expect(outcome.status == 0)
    #expect(outcome.standardError == "")
    let actual = try JSONParser.parse(Array(outcome.standardOutput))
    let expectedBytes = try Data(
      contentsOf: URL(fileURLWithPath: Binary.fixture("walk-with-pause.expected.json")))
    let expected = try JSONParser.parse(Array(expectedBytes))
    #expect(differences(actual, expected) == [])
  }

  /// The summary's zone line shows the record's `zones`: the default athlete's 183.5 bpm gives
  /// a first boundary of 60 % = 110.1 bpm, so the constant 100 bpm is in zone 1 for the whole
  /// 60 s less the 10 s pause = 50 s.
  @Test func theSummaryShowsTheTimeInHeartRateZones() async throws {
    let scenario = try Binary.fixture("walk-with-pause.json")
    let outcome = try await Binary.run(["run", "--scenario", scenario])
    #expect(outcome.status == 0)
    #expect(
      outcome.text.contains(
        "\n    heart-rate zones: 1 0:00:50, 2 0:00:00, 3 0:00:00, 4 0:00:00, 5 0:00:00"))
  }

  @Test func sameSeedSameBytesAndAnotherSeedChangesHeartRateOnly() async throws {
    let hills = "Scenarios/hills.json"
    let first = try await Binary.run(["run", "--scenario", hills, "--json"])
    let second = try await Binary.run(["run", "--scenario", hills, "--json"])
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    let reseeded = try await Binary.run(["run", "--scenario", hills, "--json", "--seed", "43"])
    let a = try JSONParser.parse(Array(first.standardOutput))
    let b = try JSONParser.parse(Array(reseeded.standardOutput))
    let recordA = try #require(
      a["records"].flatMap { if case .array(let r) = $0 { r.first } else { nil } })
    let recordB = try #require(
      b["records"].flatMap { if case .array(let r) = $0 { r.first } else { nil } })
    #expect(recordA["duration"] == .number(2157))
    #expect(recordB["duration"] == recordA["duration"])
    #expect(recordB["startDate"] == recordA["startDate"])
    #expect(recordB["events"] == recordA["events"])
    #expect(
      recordB["statistics"]?["heartRate"]?["average"]
        != recordA["statistics"]?["heartRate"]?["average"])
    #expect(b["seed"] == .number(43))
  }

  @Test func defaultScenarioRunsWithoutAFile() async throws {
    let outcome = try await Binary.run(["run"])
    #expect(outcome.status == 0)
    #expect(
      outcome.text.hasPrefix(
        "Steady 30-minute run (seed 1): 1 workout\n  running, outdoor: 0:30:00, "))
  }

  /// `{"version": 1}` starts nothing (issue 26, bug 6b): the summary says so and how to start a
  /// session, and `--json` stays the run result alone (no hint in it).
  @Test func aScenarioThatStartsNothingSaysSo() async throws {
    let folder = try makeTemporaryFolder()
    try Data(#"{ "version": 1 }"#.utf8).write(to: URL(fileURLWithPath: folder + "/v1.json"))
    let summary = try await Binary.run(["run", "--scenario", folder + "/v1.json"])
    #expect(summary.status == 0)
    #expect(
      summary.text == #"""
        v1 (seed 1): 0 workouts
          nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0

        """#)
    let json = try await Binary.run(["run", "--scenario", folder + "/v1.json", "--json"])
    #expect(json.status == 0)
    #expect(!json.text.contains("nothing started"))
    #expect(try JSONParser.parse(Array(json.standardOutput))["records"] == .array([]))
    // Enter at 0 starts a session: no hint, the open session's warning instead.
    let started = try await Binary.run([
      "run", "--scenario", folder + "/v1.json", "--keys", "ENTER@0",
    ])
    #expect(started.text == "v1 (seed 1): 0 workouts\n")
    #expect(started.standardError.hasPrefix("Warning: a session was still open"))
  }

  @Test func missingScenarioIsSixtySix() async throws {
    let outcome = try await Binary.run(["run", "--scenario", "no-such-file.json"])
    #expect(outcome.status == 66)
    #expect(outcome.text == "")
    #expect(outcome.standardError.contains("no-such-file.json"))
  }

  @Test func unknownFlagIsSixtyFour() async throws {
    let outcome = try await Binary.run(["run", "--sead", "4"])
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("--sead"))
    #expect(outcome.standardError.contains("Did you mean '--seed'?"))
  }

  @Test func unwritableJUnitIsSeventyThree() async throws {
    let outcome = try await Binary.run([
      "check", "Scenarios/f04-crash-recovery.json", "--junit", "/no/such/folder/report.xml",
    ])
    #expect(outcome.status == 73)
    #expect(outcome.standardError.contains("/no/such/folder/report.xml"))
  }

  @Test func exportOverTheScenarioIsRefused() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/walk.json"
    let original = try Data(
      contentsOf: URL(fileURLWithPath: Binary.fixture("walk-with-pause.json")))
    try original.write(to: URL(fileURLWithPath: path))
    let outcome = try await Binary.run(["run", "--scenario", path, "--export", path])
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("would overwrite the scenario file"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
  }

  @Test func validateReadsTheRecording() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/replay.json"
    try Data(
      #"{ "version": 1, "course": { "recording": "gone.fit" }, "timeline": [] }"#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let outcome = try await Binary.run(["validate", path])
    #expect(outcome.status == 66)
    #expect(outcome.standardError.contains("gone.fit: cannot read file: no such file"))
  }

  @Test func badTimeIsSixtyFiveWithPathAndReason() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/Hills.json"
    try Data(
      #"{ "version": 1, "timeline": [ { "at": 0, "do": "start" }, { "at": "1:75", "do": "end" } ] }"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let outcome = try await Binary.run(["validate", path])
    #expect(outcome.status == 65)
    #expect(
      outcome.standardError.contains(
        #"timeline[1].at: "1:75" is not a time (seconds must be below 60)"#))
  }

  @Test func badThresholdPowerIsSixtyFiveWithPathAndRange() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/Ride.json"
    try Data(
      #"{ "version": 1, "activity": "cycling", "athlete": { "functionalThresholdPower": 0 } }"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let outcome = try await Binary.run(["run", "--scenario", path])
    #expect(outcome.status == 65)
    #expect(
      outcome.standardError.contains(
        "athlete.functionalThresholdPower: 0 is out of range (expected a number from 20 to 1000)"))
  }

  @Test func syntaxErrorGivesLineAndColumn() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/comma.json"
    try Data("{\n  \"version\": 1,\n  \"seed\": 4,\n}\n".utf8).write(to: URL(fileURLWithPath: path))
    let outcome = try await Binary.run(["run", "--scenario", path])
    #expect(outcome.status == 65)
    // The trailing comma is on line 3, column 12 (after `  "seed": 4`).
    #expect(outcome.standardError.contains(path + ":3:12:"))
  }

  /// Every bundled scenario's `expect` list holds (what CI's `workout-sim check Scenarios` runs).
  @Test func everyBundledScenarioPassesItsChecks() async throws {
    let outcome = try await Binary.run(["check", "Scenarios"])
    #expect(outcome.status == 0, "\(outcome.text)\(outcome.standardError)")
    #expect(outcome.text.hasSuffix(" passed, 0 failed\n"))
  }

  /// Field cases F01, F03 and F04 as scenario files whose `expect` lists carry every
  /// hand-computed value of the case (docs/field-cases.md).
  @Test(arguments: [
    "f01-elapsed-without-samples.json", "f03-end-sequence.json", "f03-finish-too-early.json",
    "f04-crash-recovery.json", "f04-no-recovery.json",
  ])
  func fieldCaseScenariosPass(_ file: String) async throws {
    let outcome = try await Binary.run(["check", "Scenarios/" + file])
    #expect(outcome.status == 0, "\(outcome.text)\(outcome.standardError)")
    #expect(outcome.text.hasSuffix("1 passed, 0 failed\n"))
  }
}

/// Replaying recordings and exporting workouts through the built binary.
@Suite(.serialized) struct RecordingEndToEndTests {
  static let realFIT = "Scenarios/recordings/run-hilly--2013-02-06-12-11-14.fit"

  /// Writes `bytes` as `name` next to a scenario replaying it and runs that scenario.
  static func replay(_ name: String, _ bytes: [UInt8]) async throws -> Binary.Outcome {
    let folder = try makeTemporaryFolder()
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    let scenario = folder + "/replay.json"
    try Data(
      """
      { "version": 1, "course": { "recording": "\(name)" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "end" } ] }
      """.utf8
    ).write(to: URL(fileURLWithPath: scenario))
    return try await Binary.run(["run", "--scenario", scenario, "--headless"])
  }

  static func fitBytes() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent(realFIT)))
  }

  /// Bytes from SplitMix64 (seed 5), so the test is repeatable.
  static func randomBytes(_ count: Int) -> [UInt8] {
    var state: UInt64 = 5
    return (0..<count).map { _ in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
  }

  @Test func truncatedFIT() async throws {
    let outcome = try await Self.replay("cut.fit", Array(try Self.fitBytes().prefix(1000)))
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("cut.fit: FIT file truncated at byte"))
  }

  @Test func wrongFileCRC() async throws {
    var bytes = try Self.fitBytes()
    bytes[bytes.count - 1] ^= 0xFF
    let outcome = try await Self.replay("crc.fit", bytes)
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("crc.fit: FIT file CRC is"))
  }

  @Test func tcxWithAnEntityDeclaration() async throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE TrainingCenterDatabase [ <!ENTITY boom "boom"> ]>
      <TrainingCenterDatabase>&boom;</TrainingCenterDatabase>
      """
    let outcome = try await Self.replay("entity.tcx", Array(text.utf8))
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("entity.tcx:2:1: DOCTYPE declarations are not accepted"))
  }

  @Test func gpxWithoutTimeStamps() async throws {
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="1" lon="2"><ele>3</ele></trkpt>
      </trkseg></trk></gpx>
      """
    let outcome = try await Self.replay("untimed.gpx", Array(text.utf8))
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("untimed.gpx:"))
    #expect(outcome.standardError.contains("trkpt without a time stamp"))
  }

  @Test func emptyFile() async throws {
    let outcome = try await Self.replay("empty.gpx", [])
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("empty.gpx: empty file"))
  }

  @Test func randomBytes() async throws {
    let outcome = try await Self.replay("noise.fit", Self.randomBytes(4096))
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("noise.fit: "))
    #expect(outcome.text == "")
  }

  @Test func missingRecordingIsSixtySix() async throws {
    let folder = try makeTemporaryFolder()
    let scenario = folder + "/replay.json"
    try Data(
      #"{ "version": 1, "course": { "recording": "gone.fit" }, "timeline": [] }"#.utf8
    ).write(to: URL(fileURLWithPath: scenario))
    let outcome = try await Binary.run(["run", "--scenario", scenario, "--headless"])
    #expect(outcome.status == 66)
    #expect(outcome.standardError.contains("gone.fit: cannot read file"))
  }

  @Test(arguments: ["fit", "tcx", "gpx", "csv", "json"])
  func exportsEveryFormatFromAReplay(_ format: String) async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/run." + format
    let outcome = try await Binary.run([
      "run", "--scenario", "Scenarios/replay-hilly-run.json", "--headless", "--json",
      "--export", path,
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // The printed result has no samples and no route (no --samples), but the export had them.
    let printed = try JSONParser.parse(Array(outcome.standardOutput))
    guard case .array(let records)? = printed["records"], let record = records.first else {
      Issue.record("no record")
      return
    }
    #expect(record["samples"] == nil)
    #expect(record["route"] == nil)
    #expect(printed["start"] == .string("2013-02-06T12:11:14+00:00"))
    switch format {
    case "fit": #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
    case "csv":
      #expect(String(decoding: bytes.prefix(14), as: UTF8.self) == "time,elapsed_s")
      // The first row is the first sample, at t = 0 = 12:11:14Z.
      #expect(String(decoding: bytes, as: UTF8.self).contains("\r\n2013-02-06T12:11:14+00:00,0,"))
    case "json":
      let exported = try JSONParser.parse(bytes)
      #expect(exported["route"] != nil)
      #expect(exported["duration"] == .number(2624))
    default:
      #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "<?xml")
    }
  }

  /// The new-user trial's cli/route-run-tl.json: a 10-minute scripted run at 3 m/s placed by
  /// `gps`, started at 0 and ended at 10:00. `--export r.gpx` writes its route (it exited 65): a
  /// fix every second from 0 to 600 s, 601 `trkpt`s in one `trkseg`.
  @Test func gpxOfAScriptedCoursePlacedByGPSWritesItsRoute() async throws {
    let folder = try makeTemporaryFolder()
    let scenario = folder + "/route-run-tl.json"
    try #"""
    { "version": 1, "name": "Route run", "start": "2026-06-01T07:00:00Z",
      "course": [ { "duration": "10:00", "speed": 3.0 } ],
      "gps": { "latitude": 51.5007, "longitude": -0.1246, "altitude": 10, "heading": 90 },
      "timeline": [ { "at": 0, "do": "start" }, { "at": "10:00", "do": "end" } ] }
    """#.write(toFile: scenario, atomically: true, encoding: .utf8)
    let path = folder + "/r.gpx"
    let outcome = try await Binary.run([
      "run", "--scenario", scenario, "--headless", "--export", path,
    ])
    #expect(outcome.status == 0)
    let gpx = try String(contentsOfFile: path, encoding: .utf8)
    #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 601)
    #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 1)
  }

  @Test func gpxForACourseWithoutPositionsFailsBeforeTheRun() async throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/hills.gpx"
    let outcome = try await Binary.run([
      "run", "--scenario", "Scenarios/hills.json", "--headless", "--export", path,
    ])
    #expect(outcome.status == 65)
    #expect(outcome.text == "")
    // hills.json is a scripted course with no "gps" key: the message says how to place it.
    #expect(
      outcome.standardError.contains(
        ": gps: a .gpx export needs positions: a scripted course has them when the scenario places it on the globe with \"gps\""
      ))
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
