import Foundation
import Testing
import WorkoutJSON
import WorkoutSimCLI
import WorkoutSimTestSupport

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
