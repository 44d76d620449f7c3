import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@Suite(.serialized) struct WatchTerminalEndToEndTests {
  @Test func keysDriveTheFaceAndQuitRestoresTheTerminal() async throws {
    let run = try await PseudoTerminalRun.run(
      steps:
        "wait:Choose a workout;send:j;wait:crown 1.00;send:\\r;wait:elapsed;send:?;wait:Keys;"
        + "send:?;send:q;wait:Quit while the workout is open;send:y",
      env: ["LANG=C.UTF-8"])
    #expect(run.failed == nil)
    #expect(run.exit == 0)
    #expect(run.restored)
    // The selector moved to walking, the workout started on it, the summary follows the face.
    #expect(run.screen.contains("▶ walking"))
    #expect(run.screen.contains("workout-sim · walking"))
    #expect(run.screen.contains("Steady 30-minute run (seed 1): 0 workouts"))
  }

  @Test func sigtermExits143AfterRestoring() async throws {
    let run = try await PseudoTerminalRun.run(
      steps: "wait:Choose a workout;send:\\r;wait:elapsed;signal:TERM")
    #expect(run.failed == nil)
    #expect(run.exit == 143)
    #expect(run.restored)
  }

  @Test func sighupExits129AndSigintExits130() async throws {
    let hangup = try await PseudoTerminalRun.run(steps: "wait:Choose a workout;signal:HUP")
    #expect(hangup.exit == 129)
    #expect(hangup.restored)
    let interrupt = try await PseudoTerminalRun.run(steps: "wait:Choose a workout;signal:INT")
    #expect(interrupt.exit == 130)
    #expect(interrupt.restored)
  }

  /// `--export` from the face writes the samples too: the built-in run starts at 3 s, `n` twice
  /// moves at least two minutes on, so the CSV has a heart-rate row at 3, 8, ..., 118 s at
  /// least: 24 rows and the header (before the samples were kept for the face's exports it held
  /// the header alone).
  @Test func anExportFromTheFaceCarriesTheSamples() async throws {
    let folder = try makeTemporaryFolder()
    let run = try await PseudoTerminalRun.run(
      steps: "wait:Choose a workout;send:\\r;wait:elapsed;send:n;send:n;send:e;wait:saved ;send:q",
      arguments: ["run", "--export", folder + "/face.csv"])
    #expect(run.failed == nil)
    #expect(run.exit == 0)
    let text = try String(contentsOfFile: folder + "/face.csv", encoding: .utf8)
    let lines = text.split(separator: "\r\n")
    #expect(lines.count >= 25, "\(lines.count) lines")
    #expect(lines.dropFirst().first?.hasPrefix("2026-01-05T08:00:03+00:00,0,") == true)
  }

  @Test func resizeRedrawsAtTheNewWidth() async throws {
    let run = try await PseudoTerminalRun.run(
      steps: "wait:Choose a workout;resize:60x24;waitre:(?<!\\u2500)\\u2500{60}Enter;send:q")
    // On the selector no workout is open (the built-in scenario prepares nothing before its
    // start): `q` quits at once.
    #expect(run.failed == nil)
    #expect(run.exit == 0)
    #expect(run.restored)
    // 60 rule characters in a row only after the resize (the first frame is 80 wide).
    #expect(run.screen.contains(String(repeating: "─", count: 60) + "Enter"))
  }

  @Test func dumbTerminalGetsPlainLines() async throws {
    let run = try await PseudoTerminalRun.run(
      steps: "wait:selecting running;send:j;wait:selecting walking;send:q",
      env: ["TERM=dumb", "LANG=C.UTF-8"])
    #expect(run.failed == nil)
    #expect(run.exit == 0)
    #expect(run.restored)
    #expect(!run.screen.contains("Choose a workout"))
  }
}

@Suite struct WatchKeysEndToEndTests {
  /// Crown keys in `--keys` go through the same selector as the timeline's `crown` actions:
  /// the same result document, and the workout's activity is the item selected when the session
  /// is prepared (3 s); the turn at 5:00, after the start, is ignored with one log entry.
  @Test func crownKeysGiveTheSameRecordAsTheEquivalentTimeline() async throws {
    let keys = "j@1,j@1,j@2,j@2,j@2,k@2,ENTER@5,j@5:00,e@10:00"
    let (differences, a) = try await keysVersusTimeline(
      keys: keys, scenario: "crown-keys.json", timeline: "crown-timeline.json")
    #expect(differences == [])
    guard case .array(let records)? = a["records"], let record = records.first else {
      Issue.record("no record")
      return
    }
    // running (0) → walking (1) at 0:01 → cycling (2) at 0:02.
    #expect(record["activityType"] == .string("cycling"))
    guard case .array(let log)? = a["log"] else { return }
    let ignored = log.filter { $0["kind"] == .string("error") && $0["action"] == .string("crown") }
    #expect(ignored.count == 1)
    #expect(ignored.first?["at"] == .number(300))
  }

  /// `--type` preselects: hiking is not among the default items, so it goes in front and one
  /// `j` moves to running.
  @Test func typePreselectsAndCrownKeysMoveFromIt() async throws {
    let outcome = try await Binary.run([
      "run", "--type", "hiking", "--json", "--keys", "j@1,ENTER@2,e@1:00",
    ])
    #expect(outcome.status == 0)
    let result = try JSONParser.parse(Array(outcome.standardOutput))
    guard case .array(let records)? = result["records"] else { return }
    #expect(records.first?["activityType"] == .string("running"))
  }

  @Test func watchScenariosPassTheirChecks() async throws {
    let outcome = try await Binary.run([
      "check", "Scenarios/watch-f12-crown-selector.json", "Scenarios/watch-crown-continuous.json",
    ])
    #expect(outcome.status == 0)
    #expect(outcome.text.contains("2 passed, 0 failed"))
  }
}

@Suite struct ComplicationEndToEndTests {
  /// The subcommand prints the renderer's circular gauge; the reviewed snapshots of the
  /// renderer (Tests/WorkoutRenderingTests/Snapshots) are the expected text, trailing spaces
  /// removed.
  @Test(
    "circular gauge at 0 %, 37 %, 100 %, 140 %",
    arguments: [
      ("0", "complication-circular-0.txt", "C.UTF-8"),
      ("3700", "complication-circular-37.txt", "C.UTF-8"),
      ("10000", "complication-circular-100.txt", "en_US.UTF-8"),
      ("14000", "complication-circular-140.txt", "C.UTF-8"),
      ("14000", "complication-circular-140-ascii.txt", "C"),
    ])
  func circular(steps: String, snapshot: String, lang: String) async throws {
    let outcome = try await Binary.run(
      ["complication", "--steps", steps, "--goal", "10000"],
      environment: ["LANG": lang, "LC_ALL": "", "LC_CTYPE": "", "TERM": "xterm"])
    #expect(outcome.status == 0)
    let url = packageRoot.appendingPathComponent(
      "Tests/WorkoutRenderingTests/Snapshots/" + snapshot)
    let expected = try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
      .joined(separator: "\n")
    #expect(outcome.text == expected.trimmingSuffixNewlines() + "\n")
  }
}

extension String {
  fileprivate func trimmingSuffixNewlines() -> String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
