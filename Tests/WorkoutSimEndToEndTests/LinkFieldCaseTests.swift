import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// The `link` log entries of `workout-sim run --json` for a bundled scenario, in log order.
private func linkEntries(_ file: String) async throws -> [JSONValue] {
  let outcome = try await Binary.run([
    "run", "--scenario", "Scenarios/" + file, "--headless", "--json",
  ])
  #expect(outcome.status == 0, "\(outcome.standardError)")
  let result = try JSONParser.parse(Array(outcome.standardOutput))
  guard case .array(let log)? = result["log"] else { return [] }
  return log.filter { $0["kind"] == .string("link") }
}

/// The entries whose `change` is `change`.
private func entries(_ log: [JSONValue], _ change: String) -> [JSONValue] {
  log.filter { $0["change"] == .string(change) }
}

/// Field cases F09, F10 and F11 (docs/field-cases.md) through the command-line door: the built
/// binary's JSON result and human summary, and the library's `SimulationSession` for what the
/// result does not print (outstanding transfers, the remaining complication budget).
@Suite("Link field cases F09, F10, F11 through the command line")
struct LinkFieldCaseTests {
  /// F09: the message at 1 fails with notReachable (7007), nothing delivered from it; the two
  /// user-info transfers (W1 at 2, W2 at 61) reach the phone at 600 + 1 s = 601, W1 first, each
  /// once; nothing reaches the phone before 600.
  @Test func f09() async throws {
    let log = try await linkEntries("f09-messages-while-away.json")
    let failed = entries(log, "failed")
    #expect(failed.count == 1)
    #expect(failed.first?["at"] == .number(1))
    #expect(failed.first?["transferKind"] == .string("message"))
    #expect(failed.first?["errorCode"] == .string("notReachable"))
    #expect(failed.first?["code"] == .number(7007))
    #expect(failed.first?["from"] == .string("watch"))
    let delivered = entries(log, "delivered")
    #expect(delivered.count == 2)
    #expect(delivered.map { $0["at"] } == [.number(601), .number(601)])
    #expect(delivered.map { $0["to"] } == [.string("phone"), .string("phone")])
    #expect(delivered.map { $0["transferKind"] } == [.string("userInfo"), .string("userInfo")])
    #expect(
      delivered.map { $0["payload"] } == [
        .string(#"{"workout":"W1"}"#), .string(#"{"workout":"W2"}"#),
      ])
    // The message (transfer 1) is never delivered.
    #expect(delivered.allSatisfy { $0["transfer"] != failed.first?["transfer"] })
    // Both user-info transfers finish for the watch at the same instant.
    let finished = entries(log, "finished")
    #expect(finished.map { $0["at"] } == [.number(601), .number(601)])
  }

  /// F09's outstanding transfers on the watch: 2 from 61 until the delivery at 601, 0 after.
  @Test func f09Outstanding() throws {
    var session = try SimulationSession(try bundledScenario("f09-messages-while-away.json"))
    session.advance(to: .seconds(62))
    #expect(session.workoutEngine.outstandingTransfers(from: .watch).count == 2)
    session.advance(to: .seconds(600))
    #expect(session.workoutEngine.outstandingTransfers(from: .watch).count == 2)
    session.advance(to: .seconds(602))
    #expect(session.workoutEngine.outstandingTransfers(from: .watch).isEmpty)
  }

  /// F09's human summary: the link block with the failure and the two receptions.
  @Test func f09Summary() async throws {
    let outcome = try await Binary.run([
      "run", "--scenario", "Scenarios/f09-messages-while-away.json", "--headless",
    ])
    #expect(outcome.status == 0)
    let lines = outcome.text.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex(of: "  watch–phone link:"))
    #expect(
      Array(lines[start...].prefix(4)) == [
        "  watch–phone link:",
        "    0:00:01.0  watch → phone  message #1  failed: notReachable (7007)",
        #"    0:10:01.0  watch → phone  userInfo #2  received {"workout":"W1"}"#,
        #"    0:10:01.0  watch → phone  userInfo #3  received {"workout":"W2"}"#,
      ])
  }

  /// F10: the context with 12000 (sent at 60, replacing 8000 from 0) reaches the watch at
  /// 300 + 1 s = 301 when the app opens at 300; 8000 never arrives.
  @Test func f10() async throws {
    let log = try await linkEntries("f10-context-to-app-not-running.json")
    let delivered = entries(log, "delivered")
    #expect(delivered.count == 1)
    #expect(delivered.first?["at"] == .number(301))
    #expect(delivered.first?["to"] == .string("watch"))
    #expect(delivered.first?["transferKind"] == .string("applicationContext"))
    #expect(delivered.first?["payload"] == .string(#"{"stepGoal":12000}"#))
    #expect(entries(log, "contextReplaced").count == 1)
    #expect(entries(log, "contextReplaced").first?["at"] == .number(60))
  }

  /// F11: pushes 1 to 50 (t = 0 … 29400) urgent, delivered at push + 0.1 s; 51 to 60
  /// (t = 30000 … 35400) queued, delivered at push + 1 s.
  @Test func f11() async throws {
    let log = try await linkEntries("f11-complication-budget.json")
    let delivered = entries(log, "delivered")
    #expect(delivered.count == 60)
    for (index, entry) in delivered.enumerated() {
      // Push k = index + 1 at index × 600 s.
      let push = Double(index * 600)
      let latency = index < 50 ? 0.1 : 1
      #expect(entry["at"] == .number(push + latency), "push \(index + 1)")
      #expect(entry["transferKind"] == .string("complicationUserInfo"), "push \(index + 1)")
      #expect(entry["payload"] == .string("{\"push\":\(index + 1)}"), "push \(index + 1)")
    }
  }

  /// F11's budget: remaining after push k is 50 − k for k ≤ 50, then stays 0 (the reset at the
  /// next local midnight, t = 16 h = 57600 s, is after the last push at 35400 s).
  @Test func f11Remaining() throws {
    var session = try SimulationSession(try bundledScenario("f11-complication-budget.json"))
    for k in 1...60 {
      // Just after push k, at (k − 1) × 600 s + 0.5 s (after the push, before the next).
      session.advance(
        to: SimulationInstant(nanoseconds: Int64((k - 1) * 600_000 + 500) * 1_000_000))
      #expect(
        session.workoutEngine.remainingComplicationUserInfoTransfers == max(50 - k, 0),
        "after push \(k)")
    }
  }
}
