import Testing
import WorkoutSimTestSupport

/// Every span key's missing `from` (swim29 item 3: `motion`'s spans and dives and the signed
/// spans of `health` and `phone` now share one reader, `ScenarioDecoder.timeSpan`): the same
/// message as before, word for word, each naming the element's `from` and asking for a time
/// like the key's own example, 600 for `motion`'s keys, "-8:00:00" for the others (times
/// that may lie before `t = 0`).
@Suite struct SpanFromDecodingTests {
  @Test(
    arguments: [
      (
        #""motion": { "activities": [ { "to": 60, "activity": "running" } ] }"#,
        "motion.activities[0]", "600"
      ),
      (#""motion": { "heartRate": [ { "to": 60, "bpm": 150 } ] }"#, "motion.heartRate[0]", "600"),
      (
        #""motion": { "submersion": { "dives": [ { "to": 60, "depth": 5 } ] } }"#,
        "motion.submersion.dives[0]", "600"
      ),
      (
        #""health": { "lock": { "periods": [ { "to": 60 } ] } }"#, "health.lock.periods[0]",
        #""-8:00:00""#
      ),
      (#""phone": { "away": [ { "to": 60 } ] }"#, "phone.away[0]", #""-8:00:00""#),
      (#""phone": { "sameWiFi": [ { "to": 60 } ] }"#, "phone.sameWiFi[0]", #""-8:00:00""#),
      (
        #""phone": { "network": { "offline": [ { "to": 60 } ] } }"#, "phone.network.offline[0]",
        #""-8:00:00""#
      ),
      (
        #""phone": { "network": { "serverErrors": [ { "to": 60 } ] } }"#,
        "phone.network.serverErrors[0]", #""-8:00:00""#
      ),
      (
        #""phone": { "network": { "hangs": [ { "to": 60 } ] } }"#, "phone.network.hangs[0]",
        #""-8:00:00""#
      ),
      (#""phone": { "taskExpiry": [ { "to": 60 } ] }"#, "phone.taskExpiry[0]", #""-8:00:00""#),
    ])
  func aSpanWithoutFromSaysSo(key: String, path: String, example: String) {
    #expect(
      scenarioErrorLine(#"{ "version": 1, \#(key) }"#, fileName: "s.json")
        == "s.json: \(path).from: required key is missing (expected a time, for example \(example))"
    )
  }

  /// The exact lines of two keys, written out: a motion span's and a phone span's.
  @Test func theTwoExamplesWrittenOut() {
    #expect(
      scenarioErrorLine(
        #"{ "version": 1, "motion": { "heartRate": [ { "to": 60, "bpm": 150 } ] } }"#,
        fileName: "s.json")
        == "s.json: motion.heartRate[0].from: required key is missing (expected a time, for example 600)"
    )
    #expect(
      scenarioErrorLine(
        #"{ "version": 1, "phone": { "away": [ { "to": 60 } ] } }"#, fileName: "s.json")
        == #"s.json: phone.away[0].from: required key is missing (expected a time, for example "-8:00:00")"#
    )
  }
}
