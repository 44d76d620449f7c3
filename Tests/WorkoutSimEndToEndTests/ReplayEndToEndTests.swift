import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

/// `workout-sim replay FILE` through the built binary (docs/command-line.md#replay;
/// docs/recordings.md, "The replay command").
@Suite struct ReplayEndToEndTests {
  static let run = "Tests/Data/recordings/run-hilly--2013-02-06-12-11-14.fit"
  static let walk = "Tests/Data/recordings/walk-hilly--walking_activity_1.tcx"

  /// The first record of a run result printed with `--json`.
  static func firstRecord(_ output: Data) throws -> JSONValue? {
    guard case .array(let records)? = try JSONParser.parse(Array(output))["records"] else {
      return nil
    }
    return records.first
  }

  /// The summary sets the record beside the file's session: 2624 s replayed (12:11:14 to
  /// 12:54:58) against the session's total_timer_time 2625.14 s (0:43:45 truncated);
  /// 4829.17 m (the file's 4835.38 m less 6.21 m in seven stops) is 4.83 km against 4.84 km;
  /// the session's total_ascent 168 m.
  @Test func summaryBesideTheFileTotals() async throws {
    let outcome = try await Binary.run(["replay", Self.run])
    #expect(outcome.status == 0)
    #expect(outcome.standardError == "")
    let lines = outcome.text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Replay of run-hilly--2013-02-06-12-11-14.fit (seed 1): 1 workout")
    #expect(lines.contains("  running, outdoor          replay        file"))
    #expect(lines.contains("    duration               0:43:44     0:43:45"))
    #expect(lines.contains("    distance               4.83 km     4.84 km"))
    #expect(lines.contains { $0.hasPrefix("    ascent ") && $0.hasSuffix("     168 m") })
    // Energy like with like: the file's 336 kcal (session total_calories, active and resting)
    // sits beside the replay's active + basal, never beside its active energy alone. Basal over
    // the 2624 s replayed: 3.5 mL·kg⁻¹·min⁻¹ × 65 kg × 2624 s / 60 / 1000 × 5 kcal/L = 49.75 kcal,
    // so the two replay cells differ by 49.75 kcal (50 ± 1 after rounding each to whole kcal).
    let active = try #require(lines.first { $0.hasPrefix("    active energy ") })
    let total = try #require(lines.first { $0.hasPrefix("    total energy ") })
    #expect(active.hasSuffix(" kcal           -"))
    #expect(total.hasSuffix("    336 kcal"))
    func replayKilocalories(_ line: String) -> Double? {
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "kcal"), index > 0 else { return nil }
      return Double(words[index - 1])
    }
    let difference = try #require(replayKilocalories(total)) - #require(replayKilocalories(active))
    #expect((49...51).contains(difference))
    #expect(
      lines.contains(
        "    (total energy: replay active + basal, file total (active + resting))"))
    // Five lap messages: a lap event at the start of each after the first.
    #expect(lines.contains("    events: 4 laps"))
  }

  @Test func writtenScenarioRunsToTheSameBytes() async throws {
    let folder = try makeTemporaryFolder()
    let written = folder + "/sub/replay.json"
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)
    let replay = try await Binary.run([
      "replay", Self.run, "--seed", "9", "--json", "--write-scenario", written,
    ])
    #expect(replay.status == 0)
    let scenario = try JSONParser.parse(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: written))))
    // The recording path is relative to the written file's folder.
    guard case .string(let path)? = scenario["course"]?["recording"] else {
      Issue.record("no recording path")
      return
    }
    #expect(!path.hasPrefix("/"))
    #expect(path.hasSuffix("Tests/Data/recordings/run-hilly--2013-02-06-12-11-14.fit"))
    #expect(scenario["seed"] == .number(9))
    let rerun = try await Binary.run(["run", "--scenario", written, "--json"])
    #expect(rerun.status == 0)
    #expect(rerun.standardOutput == replay.standardOutput)
    #expect(try await Binary.run(["validate", written]).status == 0)
  }

  @Test func outputsThatNameTheRecordingAreRefused() async throws {
    let outcome = try await Binary.run(["replay", Self.run, "--write-scenario", Self.run])
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("would overwrite the recording"))
    let export = try await Binary.run(["replay", Self.run, "--export", "./" + Self.run])
    #expect(export.status == 64)
  }

  /// Every output is checked before the replay runs: an export into a folder that does not
  /// exist is 73 with nothing on standard output, and a FIFO as the recording is 66 saying what
  /// it is.
  @Test func outputsCheckedBeforeTheRunAndAFIFOSaysWhatItIs() async throws {
    let folder = try makeTemporaryFolder()
    let missing = try await Binary.run([
      "replay", Self.run, "--export", folder + "/no/such/folder/run.fit",
    ])
    #expect(missing.status == 73)
    #expect(missing.standardOutput.isEmpty)
    let scenario = try await Binary.run([
      "replay", Self.run, "--write-scenario", folder + "/no/such/folder/run.json",
    ])
    #expect(scenario.status == 73)
    #expect(scenario.standardOutput.isEmpty)
    let fifo = folder + "/pipe.fit"
    #expect(mkfifo(fifo, 0o600) == 0)
    let piped = try await Binary.run(["replay", fifo])
    #expect(piped.status == 66)
    #expect(
      piped.standardError.contains("\(fifo): cannot read file: it is a FIFO, not a regular file"))
  }

  /// A GPX walk: `count` points 5 s apart from 2024-05-01T06:00:00Z, each 10 m further north
  /// (0.00009° of latitude, 2 m/s); `time(i)` may replace point i's time stamp and `shift(i)`
  /// adds degrees of latitude to it.
  static func gpx(
    count: Int, time: (Int) -> String? = { _ in nil }, shift: (Int) -> Double = { _ in 0 }
  ) -> String {
    var points = ""
    for index in 0..<count {
      let stamp =
        time(index)
        ?? "2024-05-01T06:\(index * 5 / 60 < 10 ? "0" : "")\(index * 5 / 60):\(index * 5 % 60 < 10 ? "0" : "")\(index * 5 % 60)Z"
      let latitude = 47.0 + 0.00009 * Double(index) + shift(index)
      points += "<trkpt lat=\"\(latitude)\" lon=\"8.0\"><time>\(stamp)</time></trkpt>\n"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>walking</type><trkseg>
      \(points)</trkseg></trk></gpx>
      """
  }

  /// Two outputs that name the same file would lose one of them silently: 64 before any work.
  @Test func outputsThatNameTheSameFileAreRefused() async throws {
    let folder = try makeTemporaryFolder()
    let both = try await Binary.run([
      "replay", Self.run, "--export", folder + "/x.json", "--write-scenario", folder + "/x.json",
    ])
    #expect(both.status == 64)
    #expect(
      both.standardError.hasPrefix(
        "Error: '--export \(folder)/x.json' and '--write-scenario \(folder)/x.json' name the same file; choose different names."
      ))
    #expect(!FileManager.default.fileExists(atPath: folder + "/x.json"))
    let twice = try await Binary.run([
      "replay", Self.run, "--export", folder + "/y.fit", "--export", folder + "/./y.fit",
    ])
    #expect(twice.status == 64)
  }

  /// A device is 66 and says so, before its name's missing extension would make it 65.
  @Test func aDeviceIsSixtySix() async throws {
    let outcome = try await Binary.run(["replay", "/dev/zero"])
    #expect(outcome.status == 66)
    #expect(
      outcome.standardError.contains(
        "/dev/zero: cannot read file: it is a device, not a regular file"))
  }

  /// With a warning in the result (a GPS jump dropped), `--write-scenario` into a subfolder and a
  /// `run` of it from the same folder still give the same bytes: the warning names the recording
  /// by its normalized path (`sub/../jump.gpx` is `jump.gpx`).
  @Test func writtenScenarioWithAWarningRunsToTheSameBytes() async throws {
    let folder = try makeTemporaryFolder()
    // Point 10 moved 0.1° north (about 11 km in 5 s): a jump.
    try Data(Self.gpx(count: 30, shift: { $0 == 10 ? 0.1 : 0 }).utf8).write(
      to: URL(fileURLWithPath: folder + "/jump.gpx"))
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)
    let replay = try await Binary.run(
      ["replay", "jump.gpx", "--json", "--write-scenario", "sub/j.json"], in: folder)
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(replay.standardError.contains("jump.gpx: "))
    let rerun = try await Binary.run(["run", "--scenario", "sub/j.json", "--json"], in: folder)
    #expect(rerun.status == 0)
    #expect(rerun.standardOutput == replay.standardOutput)
  }

  /// One time stamp 25 years before the others makes the replay 25 years long: refused before it
  /// runs, naming the recording (not "Replay of …") and where to look.
  @Test func aWildFirstTimeStampNamesTheRecording() async throws {
    let folder = try makeTemporaryFolder()
    try Data(Self.gpx(count: 30, time: { $0 == 0 ? "1999-05-01T06:00:00Z" : nil }).utf8).write(
      to: URL(fileURLWithPath: folder + "/wild.gpx"))
    let outcome = try await Binary.run(["replay", folder + "/wild.gpx"])
    #expect(outcome.status == 65)
    #expect(outcome.standardError.hasPrefix("Error: \(folder)/wild.gpx: course.recording: "))
    #expect(outcome.standardError.contains("check its first and last time stamps"))
  }

  @Test func exitCodesAsRun() async throws {
    #expect(try await Binary.run(["replay"]).status == 64)
    #expect(try await Binary.run(["replay", Self.run, "--sed", "1"]).status == 64)
    #expect(try await Binary.run(["replay", Self.run, "--type", "flying"]).status == 64)
    #expect(try await Binary.run(["replay", Self.run, Self.walk]).status == 64)
    let missing = try await Binary.run(["replay", "nothing.fit"])
    #expect(missing.status == 66)
    #expect(missing.standardError.contains("nothing.fit: cannot read file"))
    let folder = try makeTemporaryFolder()
    try Data("hello".utf8).write(to: URL(fileURLWithPath: folder + "/bad.fit"))
    let bad = try await Binary.run(["replay", folder + "/bad.fit"])
    #expect(bad.status == 65)
    #expect(bad.standardError.contains("bad.fit: not a FIT file"))
    #expect(try await Binary.run(["replay", "--help"]).status == 0)
  }

  /// The TCX walk's sport is "Other" and its track moves, so it replays as a walk with
  /// distance (docs/recordings.md, "Multisport"), as with `--type walking`; `--type other`
  /// makes it `other`.
  @Test func typeOverridesTheFileSport() async throws {
    let other = try await Binary.run(["replay", Self.walk, "--type", "other", "--json"])
    #expect(other.status == 0)
    #expect(try Self.firstRecord(other.standardOutput)?["activityType"] == .string("other"))
    let plain = try await Binary.run(["replay", Self.walk, "--json"])
    let walked = try await Binary.run(["replay", Self.walk, "--type", "walking", "--json"])
    #expect(plain.standardOutput == walked.standardOutput)
    let record = try Self.firstRecord(walked.standardOutput)
    #expect(record?["activityType"] == .string("walking"))
    // 3982.28 m: the file's 3988.82 m less its four stops (ReplayRulesTests).
    guard case .number(let distance)? = record?["totalDistance"] else {
      Issue.record("no distance")
      return
    }
    #expect(abs(distance - 3982.28) < 0.01)
    // 4495 s from the first to the last time stamp, no timer stops in a TCX with one Track
    // per Lap.
    #expect(record?["duration"] == .number(4495))
  }

  /// Two TCX activities (a 60 s run, then a 60 s ride) are two workouts.
  @Test func multisportIsOneWorkoutPerSport() async throws {
    var points = ""
    for second in stride(from: 0, through: 120, by: 10) {
      points +=
        "<Trackpoint><Time>2024-05-01T06:0\(second / 60):\(second % 60 < 10 ? "0" : "")\(second % 60)Z</Time><DistanceMeters>\(second * 5)</DistanceMeters><HeartRateBpm><Value>130</Value></HeartRateBpm></Trackpoint>\n"
    }
    let lines = points.split(separator: "\n")
    let text = """
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
      <Activities><Activity Sport="Running"><Lap StartTime="2024-05-01T06:00:00Z"><Track>
      \(lines[0...6].joined(separator: "\n"))
      </Track></Lap></Activity>
      <Activity Sport="Biking"><Lap StartTime="2024-05-01T06:01:10Z"><Track>
      \(lines[7...].joined(separator: "\n"))
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    let folder = try makeTemporaryFolder()
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/multi.tcx"))
    let outcome = try await Binary.run(["replay", folder + "/multi.tcx", "--json"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let result = try JSONParser.parse(Array(outcome.standardOutput))
    guard case .array(let records)? = result["records"] else {
      Issue.record("no records")
      return
    }
    // The run from 0 to 70 s (the ride's first point), the ride from 70 to 120 s.
    #expect(records.map { $0["activityType"] } == [.string("running"), .string("cycling")])
    #expect(records.map { $0["duration"] } == [.number(70), .number(50)])
  }

  /// `run` warns when the timeline ends past the recording (exit code unchanged).
  @Test func runWarnsAboutATimelinePastTheRecording() async throws {
    let folder = try makeTemporaryFolder()
    let scenario = folder + "/long.json"
    let path = packageRoot.appendingPathComponent(Self.run).path
    try Data(
      """
      { "version": 1, "course": { "recording": "\(path)" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": "45:00", "do": "end" } ] }
      """.utf8
    ).write(to: URL(fileURLWithPath: scenario))
    let outcome = try await Binary.run(["run", "--scenario", scenario, "--headless"])
    #expect(outcome.status == 0)
    // 45:00 = 2700 s; the recording lasts 2624 s: 76 s past it.
    #expect(
      outcome.standardError.contains(
        "Warning: \(scenario): the timeline's last action at 2700 s lies 76 s past the end of the recording \(path), which lasts 2624 s"
      ))
  }

  @Test func replayExportsReplayAgain() async throws {
    let folder = try makeTemporaryFolder()
    let outcome = try await Binary.run([
      "replay", Self.run, "--export", folder + "/again.fit", "--export", folder + "/again.tcx",
    ])
    #expect(outcome.status == 0)
    for name in ["again.fit", "again.tcx"] {
      let again = try await Binary.run(["replay", folder + "/" + name, "--json"])
      #expect(again.status == 0)
      let record = try Self.firstRecord(again.standardOutput)
      #expect(record?["duration"] == .number(2624))
      guard case .number(let distance)? = record?["totalDistance"] else {
        Issue.record("no distance in \(name)")
        continue
      }
      // Within 1 % of the first replay's 4829.17 m.
      #expect(abs(distance - 4829.17) <= 48.3, "\(name): \(distance)")
    }
  }

  /// The replayed run stops and walks between its runs
  /// (docs/models.md#when-the-running-metrics-are-recorded): no form sample there, and every
  /// ground contact within the model's range for the default 170 cm athlete (leg 0.901 m): at
  /// most 0.901 / 3.33 = 270.5706 ms, at least 0.901 / 11.1 = 81.17 ms. The oscillation is at
  /// most 9.975 cm: the longest flight comes with the longest contact, 270.57 ms, and the
  /// slowest cadence, 150 steps/min (a 400 ms step, 129.43 ms of flight):
  /// 9.81 × 0.270571² × ((129.43 / 270.57 + 1) / (2π) − 0.125) + 9.81 × 0.12943² / 8
  /// = 7.921 + 2.054 = 9.975 cm. Before, stops at 0.005–0.09 m/s averaged 2708 ms and 3274.0 cm.
  @Test func runningMetricsArePhysicallyPossible() async throws {
    let outcome = try await Binary.run(["replay", Self.run, "--json"])
    #expect(outcome.status == 0)
    let statistics = try #require(try Self.firstRecord(outcome.standardOutput)?["statistics"])
    func number(_ type: String, _ key: String) throws -> Double {
      guard case .number(let value)? = statistics[type]?[key] else {
        throw ReplayMetricsError.missing(type + "." + key)
      }
      return value
    }
    #expect(try number("runningGroundContactTime", "maximum") <= 270.5706)
    #expect(try number("runningGroundContactTime", "minimum") >= 81.17)
    #expect(try number("runningVerticalOscillation", "maximum") <= 9.975)
    #expect(try number("runningVerticalOscillation", "minimum") > 0)
    // Power is recorded walking too, the form metrics only running: fewer form samples.
    #expect(try number("runningStrideLength", "count") < number("runningPower", "count"))
    #expect(
      try number("runningGroundContactTime", "count") == number("runningStrideLength", "count"))
  }
}

/// A statistic the replay's result lacks.
enum ReplayMetricsError: Error {
  case missing(String)
}
