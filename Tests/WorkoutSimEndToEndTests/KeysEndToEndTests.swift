import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@Suite struct KeysEndToEndTests {
  /// `--keys` plays the interactive keys at scenario times: the record equals the one of the
  /// same calls written as a timeline.
  @Test func keysGiveTheSameRunAsTheEquivalentTimeline() async throws {
    let keys = "ENTER@5,SPACE@5:00,SPACE@6:00,l@7:00,c@8:00,r@8:30,+@9:00,p@9:00,e@10:00"
    let (differences, a) = try await keysVersusTimeline(
      keys: keys, scenario: "keys-only.json", timeline: "keys-timeline.json")
    #expect(differences == [])
    // (600 − 5) − (360 − 300) = 535 s.
    #expect(
      a["records"].flatMap { if case .array(let r) = $0 { r.first?["duration"] } else { nil } }
        == .number(535))
  }

  /// Enter leaves the start to a scenario whose timeline starts the session itself: pressing it
  /// before the timeline's `start` (at 5 s) changes nothing and reports no error.
  @Test func enterBeforeTheTimelinesOwnStartChangesNothing() async throws {
    let plain = try await Binary.run([
      "run", "--scenario", Binary.fixture("keys-timeline.json"), "--json",
    ])
    let withEnter = try await Binary.run([
      "run", "--scenario", Binary.fixture("keys-timeline.json"), "--json", "--keys", "ENTER@0",
    ])
    #expect(withEnter.status == 0)
    #expect(withEnter.standardOutput == plain.standardOutput)
  }

  /// The crown selects only until the session is prepared or started (issue 26, bug 3: a turn
  /// after `prepare` used to change the activity with no log entry). `hills.json` prepares at
  /// 0 and keys run after the timeline's actions at their instant, so `DOWN@0` is ignored: the
  /// workout stays running, the session goes notStarted → prepared at 0 and prepared →
  /// running at 3 s, and the log has the crown's `error` entry at 0 (not in `errors`).
  @Test func theCrownAfterPrepareIsIgnoredWithALogEntry() async throws {
    let outcome = try await Binary.run([
      "run", "--scenario", "Scenarios/hills.json", "--json", "--keys", "DOWN@0", "--until", "10",
    ])
    #expect(outcome.status == 0)
    let result = try JSONParser.parse(Array(outcome.standardOutput))
    guard case .array(let log)? = result["log"] else {
      Issue.record("no log")
      return
    }
    let changes = log.filter { $0["kind"] == .string("stateChange") }.map {
      [$0["at"], $0["from"], $0["to"]]
    }
    #expect(
      changes == [
        [.number(0), .string("notStarted"), .string("prepared")],
        [.number(3), .string("prepared"), .string("running")],
      ])
    let crown = log.filter { $0["kind"] == .string("error") && $0["action"] == .string("crown") }
    #expect(crown.map { $0["at"] } == [.number(0)])
    #expect(
      crown.first?["message"]
        == .string(
          "The workout session has been prepared or started; the Digital Crown no longer selects its activity"
        ))
    #expect(result["errors"] == .array([]))
    // Run to its end (not `--until 10`, where the session is still open), the saved record is
    // running, not walking (the item below running).
    let whole = try await Binary.run([
      "run", "--scenario", "Scenarios/hills.json", "--json", "--keys", "DOWN@0",
    ])
    let records = try JSONParser.parse(Array(whole.standardOutput))["records"]
    guard case .array(let saved)? = records else {
      Issue.record("no records")
      return
    }
    #expect(saved.map { $0["activityType"] } == [.string("running")])
  }

  /// `q` quits at once: the open session saves nothing, and the run says so.
  @Test func quitStopsTheRunWithAnUnfinishedSession() async throws {
    let outcome = try await Binary.run([
      "run", "--scenario", Binary.fixture("keys-only.json"), "--json", "--keys", "ENTER@5,q@1:00",
    ])
    #expect(outcome.status == 0)
    let result = try JSONParser.parse(Array(outcome.standardOutput))
    #expect(result["records"] == .array([]))
    guard case .array(let log)? = result["log"], let last = log.last else {
      Issue.record("no log")
      return
    }
    #expect(last["kind"] == .string("unfinished"))
    #expect(last["at"] == .number(60))
    #expect(outcome.standardError.hasPrefix("Warning: a session was still open"))
  }
}
