import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

/// The watch's workout reminders (field cases F13 and F14) through the built binary: the
/// summary's lines and the JSON log with the hand-worked instants
/// (docs/field-cases.md#f14-a-detected-workout-started-late).
@Suite(.serialized) struct MotionEndToEndTests {
  /// F14: core from 900 (heart rate 150 ≥ 120), reminder at 900 + 180 = 1080 = 0:18:00, start
  /// backdated to 600 = 0:10:00; end 1800 = 0:30:00, end reminder at 1800 + 60 = 1860 = 0:31:00,
  /// duration 1200 s = 0:20:00.
  @Test func f14SummaryLines() async throws {
    let outcome = try await Binary.run([
      "run", "--scenario", "Scenarios/f14-reminder-backdated.json", "--headless",
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(
      outcome.text == """
        F14 workout reminder backdated to the start of the motion (seed 1): 0 workouts
          nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0
          workout reminder at 0:18:00.0: start running? (started 0:10:00.0)
          workout reminder at 0:31:00.0: end running? (0:10:00.0 to 0:30:00.0, 0:20:00)

        """)
  }

  /// F14's gap variant in the JSON log: start 820, duration 1800 − 820 = 980 s.
  @Test func f14GapInTheLog() async throws {
    let outcome = try await Binary.run([
      "run", "--scenario", "Scenarios/f14-reminder-motion-gap.json", "--headless", "--json",
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let document = try JSONParser.parse(Array(outcome.standardOutput))
    guard case .array(let log)? = document["log"] else {
      Issue.record("no log")
      return
    }
    #expect(log.count == 2)
    #expect(log.first?["event"] == .string("startReminder"))
    #expect(log.first?["at"] == .number(1080))
    #expect(log.first?["start"] == .number(820))
    #expect(log.last?["event"] == .string("endReminder"))
    #expect(log.last?["at"] == .number(1860))
    #expect(log.last?["end"] == .number(1800))
    #expect(log.last?["duration"] == .number(980))
  }

  /// F13: the short walk and the switched-off reminders give no line; the positive control
  /// one start reminder at 1180 = 0:19:40 with start 1000 = 0:16:40, and the end at
  /// 1300 + 60 = 1360 = 0:22:40 (duration 300 s = 0:05:00).
  @Test func f13SummaryLines() async throws {
    for file in ["f13-reminder-short-walk.json", "f13-reminder-disabled.json"] {
      let outcome = try await Binary.run(["run", "--scenario", "Scenarios/" + file, "--headless"])
      #expect(outcome.status == 0)
      #expect(!outcome.text.contains("workout reminder at"), "\(file)")
    }
    let control = try await Binary.run([
      "run", "--scenario", "Scenarios/f13-reminder-positive-control.json", "--headless",
    ])
    #expect(
      control.text.split(separator: "\n").dropFirst() == [
        // No session: the reminders are the watch's own (issue 26, bug 6b's hint first).
        #"  nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0"#,
        "  workout reminder at 0:19:40.0: start running? (started 0:16:40.0)",
        "  workout reminder at 0:22:40.0: end running? (0:16:40.0 to 0:21:40.0, 0:05:00)",
      ])
  }

  /// Every F13 and F14 scenario passes its `expect` list.
  @Test(arguments: [
    "f13-reminder-short-walk.json", "f13-reminder-positive-control.json",
    "f13-reminder-disabled.json", "f14-reminder-backdated.json", "f14-reminder-motion-gap.json",
  ])
  func scenariosPass(_ file: String) async throws {
    let outcome = try await Binary.run(["check", "Scenarios/" + file])
    #expect(outcome.status == 0, "\(outcome.text)\(outcome.standardError)")
    #expect(outcome.text.hasSuffix("1 passed, 0 failed\n"))
  }
}
