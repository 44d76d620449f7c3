import Foundation
import Testing
import WorkoutSimTestSupport

/// `workout-sim report` through the built binary (docs/command-line.md#report); its parser is
/// WorkoutSimCLITests' ReportParsingTests.
@Suite struct ReportEndToEndTests {
  static let run = "Tests/Data/recordings/run-hilly--2013-02-06-12-11-14.fit"

  @Test func usageErrorsAre64() async throws {
    for arguments in [
      ["report", "Scenarios/hills.json"],
      ["report", "--scenario", "Scenarios/hills.json", "--recording", Self.run],
      ["report", "--scenario"],
      ["report", "--scenario", "a.json", "--scenario", "b.json"],
      ["report", "--seed", "-1"],
      ["report", "--outt", "x.html"],
    ] {
      let outcome = try await Binary.run(arguments)
      #expect(outcome.status == 64, "\(arguments)")
      #expect(outcome.standardOutput.isEmpty)
      #expect(outcome.standardError.contains("Usage: workout-sim report"), "\(arguments)")
    }
  }

  @Test func refusesToOverwriteAnInput() async throws {
    let scenario = try await Binary.run([
      "report", "--scenario", "Scenarios/hills.json", "--out", "Scenarios/hills.json",
    ])
    #expect(scenario.status == 64)
    #expect(scenario.standardError.contains("would overwrite the scenario file"))
    // The recording a scenario replays is an input too.
    let replayed = try await Binary.run([
      "report", "--scenario", "Scenarios/replay-hilly-run.json", "--out",
      "Scenarios/recordings/run-hilly--2013-02-06-12-11-14.fit",
    ])
    #expect(replayed.status == 64)
    #expect(replayed.standardError.contains("would overwrite the recording"))
    let recording = try await Binary.run([
      "report", "--recording", Self.run, "--out", "./" + Self.run,
    ])
    #expect(recording.status == 64)
  }

  @Test func missingAndBadInputsKeepTheirExitCodes() async throws {
    let folder = try makeTemporaryFolder()
    let missing = try await Binary.run([
      "report", "--scenario", folder + "/none.json", "--out", folder + "/x.html",
    ])
    #expect(missing.status == 66)
    let bad = folder + "/bad.json"
    try Data("{ \"version\": 1, ".utf8).write(to: URL(fileURLWithPath: bad))
    let invalid = try await Binary.run(["report", "--scenario", bad, "--out", folder + "/x.html"])
    #expect(invalid.status == 65)
    #expect(invalid.standardError.contains("bad.json"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/x.html"))
    let unwritable = try await Binary.run([
      "report", "--scenario", "Scenarios/hills.json", "--out", folder + "/no/such/x.html",
    ])
    #expect(unwritable.status == 73)
  }

  @Test func writesTheDefaultNameInTheCurrentFolder() async throws {
    let folder = try makeTemporaryFolder()
    let outcome = try await Binary.run(
      ["report", "--scenario", packageRoot.path + "/Scenarios/hills.json"], in: folder)
    #expect(outcome.status == 0)
    #expect(outcome.standardError == "")
    let page = try String(contentsOfFile: folder + "/hills.html", encoding: .utf8)
    #expect(outcome.text.hasPrefix("hills.html: 1 workout, "))
    #expect(outcome.text.hasSuffix(" \(page.utf8.count) bytes\n"))
    #expect(page.hasPrefix("<!DOCTYPE html>"))
  }

  /// The replay's page sets the file's heart rate and totals beside the model's: the session's
  /// total_timer_time 2625.14 s (0:43:45) and total_ascent 168 m in the file column, and the
  /// model's heart rate (the same run with the heart rate modelled) as a third line.
  @Test func replayShowsTheRecordingBesideTheModel() async throws {
    let folder = try makeTemporaryFolder()
    let outcome = try await Binary.run([
      "report", "--recording", Self.run, "--out", folder + "/run.html",
    ])
    #expect(outcome.status == 0)
    let page = try String(contentsOfFile: folder + "/run.html", encoding: .utf8)
    #expect(page.contains("<th>run-hilly--2013-02-06-12-11-14.fit</th>"))
    #expect(page.contains("<tr><th>duration</th><td>0:43:44</td><td>0:43:45</td></tr>"))
    #expect(page.contains("<td>168 m</td></tr>"))
    // Energy like with like: the session's 336 kcal (total_calories, active and resting) in the
    // total row beside the replay's active + basal; the active row has no file value, and the
    // replay's total is its active + 49.75 kcal of basal (3.5 mL·kg⁻¹·min⁻¹ × 65 kg × 2624 s / 60
    // / 1000 × 5 kcal/L), 50 ± 1 after rounding each to whole kcal.
    func cells(_ label: String) -> [String] {
      guard let start = page.range(of: "<tr><th>" + label + "</th>") else { return [] }
      let row = page[start.upperBound...].prefix { $0 != "\n" }
      let end = row.range(of: "</tr>").map { row[..<$0.lowerBound] } ?? row
      return end.components(separatedBy: "<td>").dropFirst().map {
        $0.replacingOccurrences(of: "</td>", with: "")
      }
    }
    let active = cells("active energy")
    let total = cells("total energy (active + basal)")
    #expect(active.count == 2 && active.last == "-")
    #expect(total.count == 2 && total.last == "336 kcal total (active + resting)")
    func kilocalories(_ cell: String?) -> Double? {
      cell.flatMap { Double($0.replacingOccurrences(of: " kcal", with: "")) }
    }
    let basal = (kilocalories(total.first) ?? 0) - (kilocalories(active.first) ?? 0)
    #expect((49...51).contains(basal), "total − active \(basal)")
    #expect(page.contains("class=\"line s-rec\""))
    #expect(page.contains("class=\"line s-model\""))
    #expect(page.contains("id=\"r1-route\""))
    #expect(page.contains("class=\"line s-raw\""))
    // Same input, same bytes.
    let again = try await Binary.run([
      "report", "--recording", Self.run, "--out", folder + "/again.html",
    ])
    #expect(again.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/again.html")) == Data(page.utf8))
  }

  /// A scenario whose course is a recording gets the same file side: the bundled replay of the
  /// hilly run (recorded heart rate) with the file's 0:43:45 and 168 m beside the record.
  @Test func scenarioReplayingARecordingShowsTheFileToo() async throws {
    let folder = try makeTemporaryFolder()
    let outcome = try await Binary.run([
      "report", "--scenario", "Scenarios/replay-hilly-run.json", "--out", folder + "/r.html",
    ])
    #expect(outcome.status == 0)
    let page = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
    #expect(page.contains("<tr><th>duration</th><td>0:43:44</td><td>0:43:45</td></tr>"))
    #expect(page.contains("class=\"line s-rec\""))
    #expect(page.contains("class=\"line s-model\""))
  }
}
