import Testing
import WorkoutScenario
import WorkoutSimTestSupport

/// The full message line of the data error `json` gives as `h.json` (`nil` when it decodes).
private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "h.json") }

/// A scenario with a fixed start (date-times read) and `key` set to `body` at the top level.
private func scenario(_ key: String, _ body: String) -> String {
  #"{ "version": 1, "start": "2026-03-02T07:30:00+01:00", ""# + key + #"": "# + body + " }"
}

/// Trial 28: a local time of day written in two parts ("23:30") was read as mm:ss, 23 min 30 s
/// after midnight, without a word. It is a data error now (project rule,
/// docs/scenario-format.md#times): the message names the JSON path and the three-part form.
@Suite("A local time of day in two parts is refused; a bad sample time names the date-time form")
struct TimeOfDayFormTests {
  @Test(
    "every time-of-day key refuses \"hh:mm\" and says to write \"hh:mm:00\"",
    arguments: [
      (
        "health", #"{ "lock": { "daily": [ { "from": "23:30", "to": "6:30:00" } ] } }"#,
        #"h.json: health.lock.daily[0].from: "23:30" is a local time of day written in two parts, which a time reads as mm:ss (23:30 after midnight is 23 minutes 30 seconds, not 23 hours 30 minutes); write "23:30:00" for 23:30 (h:mm:ss)"#
      ),
      (
        "health", #"{ "lock": { "daily": [ { "from": "23:30:00", "to": "6:30" } ] } }"#,
        #"h.json: health.lock.daily[0].to: "6:30" is a local time of day written in two parts, which a time reads as mm:ss (6:30 after midnight is 6 minutes 30 seconds, not 6 hours 30 minutes); write "6:30:00" for 6:30 (h:mm:ss)"#
      ),
      (
        "health", #"{ "habits": { "wake": "7:00" } }"#,
        #"h.json: health.habits.wake: "7:00" is a local time of day written in two parts, which a time reads as mm:ss (7:00 after midnight is 7 minutes 0 seconds, not 7 hours 0 minutes); write "7:00:00" for 7:00 (h:mm:ss)"#
      ),
      (
        "health", #"{ "habits": { "bed": "23:00" } }"#,
        #"h.json: health.habits.bed: "23:00" is a local time of day written in two parts, which a time reads as mm:ss (23:00 after midnight is 23 minutes 0 seconds, not 23 hours 0 minutes); write "23:00:00" for 23:00 (h:mm:ss)"#
      ),
      (
        "health", #"{ "habits": { "charging": [ { "from": "7:30", "to": "8:15:00" } ] } }"#,
        #"h.json: health.habits.charging[0].from: "7:30" is a local time of day written in two parts, which a time reads as mm:ss (7:30 after midnight is 7 minutes 30 seconds, not 7 hours 30 minutes); write "7:30:00" for 7:30 (h:mm:ss)"#
      ),
      (
        "health",
        #"{ "workouts": [ { "weekday": "monday", "at": "18:00", "activity": "running", "duration": 600 } ] }"#,
        #"h.json: health.workouts[0].at: "18:00" is a local time of day written in two parts, which a time reads as mm:ss (18:00 after midnight is 18 minutes 0 seconds, not 18 hours 0 minutes); write "18:00:00" for 18:00 (h:mm:ss)"#
      ),
      (
        "phone", #"{ "charging": [ { "from": "0:00:00", "to": "6:00" } ] }"#,
        #"h.json: phone.charging[0].to: "6:00" is a local time of day written in two parts, which a time reads as mm:ss (6:00 after midnight is 6 minutes 0 seconds, not 6 hours 0 minutes); write "6:00:00" for 6:00 (h:mm:ss)"#
      ),
      (
        "phone", #"{ "network": { "offlineDaily": [ { "from": "23:30", "to": "0:30:00" } ] } }"#,
        #"h.json: phone.network.offlineDaily[0].from: "23:30" is a local time of day written in two parts, which a time reads as mm:ss (23:30 after midnight is 23 minutes 30 seconds, not 23 hours 30 minutes); write "23:30:00" for 23:30 (h:mm:ss)"#
      ),
      (
        "phone", #"{ "complicationBudgetReset": "5:00" }"#,
        #"h.json: phone.complicationBudgetReset: "5:00" is a local time of day written in two parts, which a time reads as mm:ss (5:00 after midnight is 5 minutes 0 seconds, not 5 hours 0 minutes); write "5:00:00" for 5:00 (h:mm:ss)"#
      ),
      // Not an hour and minute of a day: no three-part form is offered for it.
      (
        "health", #"{ "habits": { "wake": "75:00" } }"#,
        #"h.json: health.habits.wake: "75:00" is a local time of day written in two parts, which a time reads as mm:ss; write a time of day as "h:mm:ss", for example "23:30:00", or as seconds from midnight"#
      ),
    ])
  func twoPartTimeOfDay(key: String, body: String, message: String) {
    #expect(errorLine(scenario(key, body)) == message)
  }

  @Test(
    "the three-part form and seconds are read as before: 23:30:00 is 84 600 s, 7:00:00 is 25 200 s")
  func threePartsAndSeconds() throws {
    // 23 × 3600 + 30 × 60 = 84 600 s; 7 × 3600 = 25 200 s; 6 × 3600 + 30 × 60 = 23 400 s.
    let json = scenario(
      "health",
      #"{ "lock": { "daily": [ { "from": "23:30:00", "to": 23400 } ] }, "habits": { "wake": "7:00:00", "bed": 84600 } }"#
    )
    #expect(errorLine(json) == nil)
  }

  @Test(
    "a sample time that is neither seconds nor [-]h:mm:ss names the ISO 8601 date-time with offset",
    arguments: [
      (
        #"{ "samples": [ { "type": "stepCount", "source": "watch", "start": "2026-03-02 23:50", "value": 5 } ] }"#,
        #"h.json: health.samples[0].start: "2026-03-02 23:50" is not a time (expected seconds as a number, "mm:ss" or "h:mm:ss" with an optional leading "-", or an ISO 8601 date-time with offset, e.g. "2026-03-02T23:50:00+01:00")"#
      ),
      (
        #"{ "lock": { "periods": [ { "from": "soon", "to": 0 } ] } }"#,
        #"h.json: health.lock.periods[0].from: "soon" is not a time (expected seconds as a number, "mm:ss" or "h:mm:ss" with an optional leading "-", or an ISO 8601 date-time with offset, e.g. "2026-03-02T07:30:00+01:00")"#
      ),
      (
        #"{ "sleep": [ { "source": "watch", "start": "-8:0", "end": 0, "stage": "asleepCore" } ] }"#,
        #"h.json: health.sleep[0].start: "-8:0" is not a time (expected seconds as a number, "mm:ss" or "h:mm:ss" with an optional leading "-", or an ISO 8601 date-time with offset, e.g. "2026-03-02T07:30:00+01:00")"#
      ),
    ])
  func badSignedTime(body: String, message: String) {
    #expect(errorLine(scenario("health", body)) == message)
  }
}
