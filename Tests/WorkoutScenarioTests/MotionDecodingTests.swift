import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

/// The span `from..<to`, in seconds.
private func span(_ from: Int64, _ to: Int64) -> Range<SimulationInstant> {
  SimulationInstant.seconds(from)..<SimulationInstant.seconds(to)
}

/// The full message line of the data error `json` gives as `m.json` (`nil` when it decodes).
private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "m.json") }

@Suite("The motion key, watch.workoutReminders and authorization.motion: decoding and errors")
struct MotionDecodingTests {
  @Test("no key: no motion, no reminders, motion granted")
  func defaults() throws {
    let scenario = try decodeScenario(#"{ "version": 1 }"#)
    #expect(scenario.motion == nil)
    #expect(scenario.watch.workoutReminders == nil)
    #expect(scenario.authorization?.motion == nil)
    let empty = try decodeScenario(#"{ "version": 1, "watch": { "workoutReminders": {} } }"#)
    #expect(empty.watch.workoutReminders == WorkoutReminderSettings())
    #expect(WorkoutReminderSettings().minSustain == .seconds(180))
    #expect(WorkoutReminderSettings().mergeGap == .seconds(60))
    #expect(WorkoutReminderSettings().minConfidence == .medium)
    #expect(WorkoutReminderSettings().activities == [.walking, .running])
  }

  @Test("every key with its exact value")
  func everyKey() throws {
    let scenario = try decodeScenario(
      #"""
      { "version": 1,
        "motion": { "latency": 20,
          "activities": [ { "from": -60, "to": "2:00", "activity": "running", "confidence": "low" },
                          { "from": 120, "to": 300, "activity": "moving" } ],
          "heartRate": [ { "from": 0, "to": 300, "bpm": 140 } ], "magnetometer": false },
        "watch": { "workoutReminders": { "enabled": false, "activities": ["cycling"],
          "minConfidence": "high", "minSustain": "4:00", "mergeGap": 30, "minHeartRate": 110 } },
        "authorization": { "motion": "denied" } }
      """#)
    let motion = try #require(scenario.motion)
    #expect(motion.latency == .seconds(20))
    #expect(
      motion.activities == [
        .init(span(-60, 120), activity: .running, confidence: .low),
        .init(span(120, 300), activity: .moving, confidence: .high),
      ])
    #expect(motion.heartRate == [HeartRateSpan(span(0, 300), bpm: 140)])
    #expect(!motion.magnetometer && !scenario.watchHasMagnetometer)
    #expect(Scenario.Motion().magnetometer)
    #expect(try decodeScenario(#"{ "version": 1 }"#).watchHasMagnetometer)
    #expect(
      scenario.watch.workoutReminders
        == WorkoutReminderSettings(
          enabled: false, activities: [.cycling], minConfidence: .high, minSustain: .seconds(240),
          mergeGap: .seconds(30), minHeartRate: 110))
    #expect(scenario.authorization?.motion == .denied)
  }

  @Test("data errors name the JSON path and what would be valid")
  func errors() {
    #expect(
      errorLine(
        #"{ "version": 1, "motion": { "activities": [ { "from": 0, "to": 60, "activity": "jogging" } ] } }"#
      )
        == "m.json: motion.activities[0].activity: \"jogging\" is not a motion activity (expected one of stationary, walking, running, automotive, cycling, moving, unknown)"
    )
    #expect(
      errorLine(
        #"{ "version": 1, "motion": { "activities": [ { "from": 60, "to": 0, "activity": "running" } ] } }"#
      )
        == "m.json: motion.activities[0].to: 0 is out of range (expected a time after \"from\", 60)"
    )
    #expect(
      errorLine(#"{ "version": 1, "motion": { "latncy": 15 } }"#)
        == "m.json: motion.latncy: unknown key (expected one of latency, activities, heartRate, submersion, fallDetection, magnetometer); did you mean \"latency\"?"
    )
    #expect(
      errorLine(
        #"{ "version": 1, "motion": { "heartRate": [ { "from": 0, "to": 100, "bpm": 90 }, { "from": 50, "to": 200, "bpm": 120 } ] } }"#
      )
        == "m.json: motion.heartRate[1]: overlaps span 0 (expected heart rate spans that do not overlap)"
    )
    #expect(
      errorLine(
        #"{ "version": 1, "watch": { "workoutReminders": { "activities": ["stationary"] } } }"#)
        == "m.json: watch.workoutReminders.activities[0]: \"stationary\" is not an activity a workout reminder counts (expected one of walking, running, automotive, cycling, moving)"
    )
    #expect(
      errorLine(#"{ "version": 1, "watch": { "workoutReminders": { "activities": [] } } }"#)
        == "m.json: watch.workoutReminders.activities: an empty list is not allowed (expected one or more of walking, running, automotive, cycling, moving; turn the reminders off with \"enabled\": false)"
    )
    #expect(
      errorLine(
        #"{ "version": 1, "watch": { "workoutReminders": { "activities": ["running", "walking", "running"] } } }"#
      )
        == "m.json: watch.workoutReminders.activities[2]: \"running\" is listed twice (each activity once)"
    )
    #expect(
      errorLine(#"{ "version": 1, "watch": { "workoutReminders": { "minSustain": 0 } } }"#)
        == "m.json: watch.workoutReminders.minSustain: 0 is out of range (expected a time above zero)"
    )
    #expect(
      errorLine(#"{ "version": 1, "authorization": { "motion": "maybe" } }"#)
        == "m.json: authorization.motion: \"maybe\" is not an answer (expected one of granted, denied)"
    )
  }
}
