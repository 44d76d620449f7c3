import Testing
import WorkoutCore
import WorkoutSimCLI
import WorkoutSimulation
import WorkoutSystem

@Suite("The human summary's watch–phone link block")
struct LinkSummaryTests {
  /// A `link` log entry at `seconds`.
  private func link(_ seconds: Int64, _ transfer: Int?, _ change: LinkEvent.Change) -> LogEntry {
    LogEntry(
      at: .seconds(seconds), session: nil,
      kind: .link(LinkEvent(transfer: transfer, change: change)))
  }

  @Test func receptionsRepliesAndFailuresInLogOrder() {
    let ping = LinkPayload(text: #"{"ping":1}"#, byteCount: 10)
    let reply = LinkPayload(text: #"{"received":{"ping":1}}"#, byteCount: 23)
    // 64 characters: cut to the first 59 and "…" (60 in all).
    let long = LinkPayload(text: String(repeating: "a", count: 62).debugDescription, byteCount: 64)
    let result = emptyResult(log: [
      link(0, nil, .activated(.watch)),
      link(0, nil, .reachability(.watch, isReachable: true)),
      link(5, 1, .delivered(.message, to: .phone, payload: ping, replyExpected: true)),
      link(5, 1, .replied(to: .watch, payload: reply)),
      link(90, 2, .queued(.userInfo, from: .phone)),
      link(91, 2, .delivered(.userInfo, to: .watch, payload: long, replyExpected: false)),
      link(91, 2, .finished(.userInfo, from: .phone)),
      link(3725, 3, .failed(.messageData, from: .phone, .messageReplyTimedOut)),
    ])
    #expect(
      RunSummary.linkLines(for: result) == [
        "  watch–phone link:",
        #"    0:00:05.0  watch → phone  message #1  received {"ping":1}"#,
        #"    0:00:05.0  phone → watch  reply to #1  received {"received":{"ping":1}}"#,
        "    0:01:31.0  phone → watch  userInfo #2  received \"" + String(repeating: "a", count: 58)
          + "…",
        // 3725 s = 1:02:05.
        "    1:02:05.0  phone → watch  messageData #3  failed: messageReplyTimedOut (7012)",
      ])
  }

  @Test func noBlockWithoutReceptionsOrFailures() {
    let result = emptyResult(log: [
      LogEntry(
        at: .zero, session: nil,
        kind: .link(LinkEvent(change: .activated(.phone))))
    ])
    #expect(RunSummary.linkLines(for: result).isEmpty)
    // No session ran: the hint follows the title (issue 26, bug 6b).
    #expect(
      RunSummary.text(for: result)
        == "Empty (seed 7): 0 workouts\n" + RunSummary.nothingStartedHint)
  }
}
