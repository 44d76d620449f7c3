import Foundation
import Testing
import WorkoutJSON
import WorkoutSimCLI

@Suite struct AtomicWriteTests {
  @Test func writesAndReplacesWholeFileLeavingNoTemporaryFile() throws {
    let folder = try makeTemporaryFolder()
    let path = folder + "/out.json"
    try writeAtomically(Array("first".utf8), toPath: path)
    try writeAtomically(Array("second\n".utf8), to: URL(fileURLWithPath: path))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.json"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o644)
  }

  @Test func missingFolderIsSeventyThreeNamingTheFile() throws {
    let path = "/nonexistent-workout-sim-folder/out.fit"
    #expect(throws: OutputError(path: path, reason: "No such file or directory")) {
      try writeAtomically([1, 2, 3], toPath: path)
    }
    let message = DiagnosticMessage(
      error: OutputError(path: path, reason: "No such file or directory"))
    #expect(message.exitCode == .cannotCreate)
    #expect(message.exitCode.rawValue == 73)
    #expect(
      message.text
        == "Error: cannot create '/nonexistent-workout-sim-folder/out.fit': No such file or directory"
    )
  }

  @Test func folderThatIsAFileIsSeventyThree() throws {
    // A regular file as the folder fails even for root (permissions would not).
    let folder = try makeTemporaryFolder()
    try writeAtomically(Array("x".utf8), toPath: folder + "/file")
    #expect(throws: OutputError(path: folder + "/file/out.csv", reason: "Not a directory")) {
      try writeAtomically([1], toPath: folder + "/file/out.csv")
    }
  }

  @Test func failedRenameLeavesTheTargetAndNoTemporaryFile() throws {
    let folder = try makeTemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder + "/taken", withIntermediateDirectories: false)
    try writeAtomically(Array("x".utf8), toPath: folder + "/taken/keep")
    #expect(throws: OutputError(path: folder + "/taken", reason: "Is a directory")) {
      try writeAtomically(Array("new".utf8), toPath: folder + "/taken")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/taken") == ["keep"])
  }
}

@Suite struct DateFormattingTests {
  private func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
  }

  // Days from 1970-01-01 to 2026-01-01: 56 years × 365 + 14 leap days (1972 ... 2024) = 20454.
  // 2026-03-02 = 20454 + 31 + 28 + 1 = 20514 days → 20514 × 86400 = 1772409600 s.
  // 06:30:03Z adds 6 × 3600 + 30 × 60 + 3 = 23403 → 1772433003.
  static let march2 = 1_772_433_003.0

  @Test func berlinWinterIsPlusOne() throws {
    #expect(
      formatDate(secondsSince1970: Self.march2, timeZone: try zone("Europe/Berlin"))
        == "2026-03-02T07:30:03+01:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.5, timeZone: try zone("Europe/Berlin"))
        == "2026-03-02T07:30:03.500+01:00")
    #expect(
      formatDate(
        Date(timeIntervalSince1970: Self.march2 + 0.25), timeZone: try zone("Europe/Berlin"))
        == "2026-03-02T07:30:03.250+01:00")
  }

  @Test func millisecondsAreRounded() throws {
    let berlin = try zone("Europe/Berlin")
    // 0.0004 s rounds to 0 ms: no fraction. 0.9996 s rounds up into the next second.
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.0004, timeZone: berlin)
        == "2026-03-02T07:30:03+01:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.9996, timeZone: berlin)
        == "2026-03-02T07:30:04+01:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.0015, timeZone: berlin)
        == "2026-03-02T07:30:03.002+01:00")
  }

  @Test func berlinSummerIsPlusTwo() throws {
    // 2026-07-15: 20454 + 181 (January to June) + 14 = 20649 days → 1784073600 s; 10:00Z → +36000.
    #expect(
      formatDate(secondsSince1970: 1_784_109_600.5, timeZone: try zone("Europe/Berlin"))
        == "2026-07-15T12:00:00.500+02:00")
  }

  @Test func berlinSpringForward() throws {
    // Summer time begins 2026-03-29 at 01:00Z: day 20454 + 31 + 28 + 28 = 20541 → 1774742400 s.
    let berlin = try zone("Europe/Berlin")
    #expect(
      formatDate(secondsSince1970: 1_774_745_999, timeZone: berlin) == "2026-03-29T01:59:59+01:00")
    #expect(
      formatDate(secondsSince1970: 1_774_746_000, timeZone: berlin) == "2026-03-29T03:00:00+02:00")
  }

  @Test func utcIsPlusZero() throws {
    #expect(
      formatDate(secondsSince1970: 0, timeZone: try zone("UTC")) == "1970-01-01T00:00:00+00:00")
    #expect(
      formatDate(secondsSince1970: Self.march2 + 0.125, timeZone: try zone("UTC"))
        == "2026-03-02T06:30:03.125+00:00")
  }

  @Test func halfHourOffsets() throws {
    // 06:30:03Z + 5:30 = 12:00:03; 06:30:03Z − 3:30 = 03:00:03 (Newfoundland standard time).
    #expect(
      formatDate(secondsSince1970: Self.march2, timeZone: try zone("Asia/Kolkata"))
        == "2026-03-02T12:00:03+05:30")
    #expect(
      formatDate(secondsSince1970: Self.march2, timeZone: try zone("America/St_Johns"))
        == "2026-03-02T03:00:03-03:30")
  }
}

@Suite struct SummaryFormattingTests {
  @Test func durations() {
    // 747.9 s = 12 × 60 + 27.9 → 0:12:27 (truncated); 3725 = 3600 + 2 × 60 + 5.
    #expect(formatDuration(747.9) == "0:12:27")
    #expect(formatDuration(3725) == "1:02:05")
    #expect(formatDuration(36_000) == "10:00:00")
    #expect(formatDuration(-5) == "0:00:00")
    #expect(formatDuration(.nan) == "0:00:00")
  }

  @Test func distances() {
    #expect(formatDistance(1931) == "1.93 km")
    #expect(formatDistance(1000) == "1.00 km")
    #expect(formatDistance(42_195) == "42.20 km")  // 42.195 → 4219.5 hundredths → 4220
    #expect(formatDistance(850.4) == "850 m")
    #expect(formatDistance(999.4) == "999 m")
    #expect(formatDistance(0) == "0 m")
  }

  @Test func energyHeartRateAndPace() {
    #expect(formatEnergy(98.4) == "98 kcal")
    #expect(formatEnergy(98.5) == "99 kcal")
    #expect(formatHeartRate(148.2) == "148 bpm")
    // 747 s / 1931 m × 1000 = 386.85 s/km → 387 s = 6:27.
    #expect(formatPace(metres: 1931, seconds: 747) == "6:27 /km")
    #expect(formatPace(metres: 0, seconds: 747) == "- /km")
  }

  @Test func fixedDecimals() {
    #expect(formatFixed(3.14159, decimals: 3) == "3.142")
    #expect(formatFixed(-0.004, decimals: 2) == "0.00")
    #expect(formatFixed(-2.5, decimals: 0) == "-3")
    #expect(formatFixed(0.05, decimals: 1) == "0.1")
    #expect(formatFixed(7, decimals: 2) == "7.00")
  }
}
