import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimTestSupport

/// The URL of a file in the test bundle's `Fixtures` folder.
private func fixture(_ name: String) throws -> URL {
  let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
  return folder.appendingPathComponent(name)
}

/// Decodes `json` as file `t.json`, expecting an error.
private func decodeError(_ json: String, fileName: String = "t.json") -> ScenarioError? {
  do {
    let scenario = try decodeScenario(json, fileName: fileName)
    Issue.record("expected an error, decoded \(scenario.name)")
    return nil
  } catch {
    return error
  }
}

@Suite("Scenario decoding")
struct ScenarioDecodingTests {
  @Test("decodes the spec's example, every key")
  func specExample() throws {
    let url = try fixture("hills.json")
    let scenario = try Scenario.load(contentsOf: url)
    #expect(scenario.version == 1)
    #expect(scenario.name == "Hill repeats")
    // 2026-03-02T07:30:00+01:00 is 06:30 UTC; 2026-03-02 is day 20514 after 1970-01-01
    // (56 years × 365 + 14 leap days = 20454 to 2026-01-01, + 31 + 28 + 1); 20514 × 86400 +
    // 6.5 × 3600 = 1772433000 s.
    #expect(scenario.start?.date == Date(timeIntervalSince1970: 1_772_433_000))
    #expect(scenario.start?.utcOffsetSeconds == 3600)
    #expect(scenario.start?.text == "2026-03-02T07:30:00+01:00")
    #expect(scenario.timeZone == "Europe/Berlin")
    #expect(scenario.seed == 42)
    #expect(scenario.activity == .running)
    #expect(scenario.location == .outdoor)
    #expect(
      scenario.athlete
        == (try Scenario.Athlete(
          age: 35, sex: .female, massKg: 62, heightCm: 168, restingHeartRate: 55,
          maxHeartRate: 185, vo2Max: 48)))
    #expect(
      scenario.course
        == .segments([
          Scenario.Segment(duration: .seconds(600), speed: 2.8, grade: 0),
          Scenario.Segment(duration: .seconds(90), speed: 2.4, grade: 0.08),
          Scenario.Segment(duration: .seconds(120), speed: 1.2, grade: -0.08),
        ]))
    #expect(
      scenario.sensors == [
        .heartRate: SensorConfiguration(
          for: .heartRate, interval: .seconds(5), dropouts: [.seconds(300)..<(.seconds(330))])
      ])
    #expect(scenario.builder.shouldCollectWorkoutEvents)
    #expect(scenario.finish == .auto)
    // "10:00" = 600 s, "11:00" = 660 s, "12:00" = 720 s, "13:30" = 810 s.
    #expect(scenario.timeline.map(\.at) == [0, 3, 600, 660, 720, 810].map { .seconds($0) })
    #expect(
      scenario.timeline.map(\.kind) == [
        .app(.prepare), .app(.start), .app(.pause), .app(.resume), .probe, .app(.end),
      ])
    #expect(scenario.timeline[2].location == "timeline[2]")
    #expect(
      scenario.expect == [
        Check(
          selector: .element(.records, index: 0, path: "duration"),
          comparison: .equals(.number(747)), location: "expect[0]"),
        Check(
          selector: .element(.probes, index: 0, path: "elapsed"),
          comparison: .equals(.number(657)), location: "expect[1]"),
        Check(
          selector: .element(.records, index: 0, path: "statistics.heartRate.average"),
          comparison: .between(120, 175), location: "expect[2]"),
        Check(
          selector: .count(.errors, where: [:]), comparison: .equals(.number(0)),
          location: "expect[3]"),
      ])
    #expect(scenario.sourceURL == url)
  }

  @Test("applies every default")
  func defaults() throws {
    let scenario = try decodeScenario(
      #"{"version": 1}"#, fileName: "dir/Easy.run.json")
    #expect(scenario.name == "Easy.run")
    #expect(scenario.start == nil)
    // 2026-01-05T08:00:00Z: (20454 + 4) × 86400 + 8 × 3600 = 1767600000 s.
    #expect(scenario.resolvedStart().date == Date(timeIntervalSince1970: 1_767_600_000))
    let recorded = Date(timeIntervalSince1970: 1_000)
    #expect(scenario.resolvedStart(recordingStart: recorded).date == recorded)
    #expect(scenario.timeZone == "UTC")
    #expect(scenario.seed == 1)
    #expect(scenario.activity == .running)
    #expect(scenario.location == .outdoor)
    #expect(
      scenario.athlete
        == (try Scenario.Athlete(
          age: 35, sex: .female, massKg: 65, heightCm: 170, restingHeartRate: 60,
          maxHeartRate: nil, vo2Max: 40)))
    // Tanaka: 208 − 0.7 × 35 = 208 − 24.5 = 183.5 bpm.
    #expect(scenario.athlete.maxHeartRate == 183.5)
    // No functional threshold power unless given: no power zones.
    #expect(scenario.athlete.functionalThresholdPower == nil)
    #expect(scenario.course == .segments([]))
    #expect(scenario.sensors.isEmpty)
    #expect(scenario.sensorSettings(for: .heartRate).interval == .seconds(5))
    #expect(
      scenario.sensorSettings(for: .stepCount)
        == SensorConfiguration(
          for: .stepCount, enabled: true, interval: .seconds(10), noise: 0, constant: nil,
          lockOn: .zero, dropouts: [], cadenceLock: nil))
    #expect(scenario.builder.shouldCollectWorkoutEvents)
    #expect(scenario.finish == .auto)
    #expect(scenario.timeline.isEmpty)
    #expect(scenario.expect.isEmpty)
  }

  @Test("the heart rate's measured error: default, scaled, off, replaced by noise")
  func heartRateError() throws {
    func decoded(_ heartRate: String) throws -> HeartRateSensorError {
      try decodeScenario(#"{"version": 1, "sensors": {"heartRate": "# + heartRate + "}}")
        .sensorSettings(for: .heartRate).heartRateError
    }
    #expect(try decoded("{}") == .measured)
    #expect(try decoded(#"{"error": "measured"}"#) == .measured)
    #expect(try decoded(#"{"errorScale": 2.5}"#) == HeartRateSensorError(scale: 2.5))
    #expect(try decoded(#"{"error": "off"}"#) == .off)
    #expect(try decoded(#"{"noise": 2.5}"#) == .off)
    #expect(try decoded(#"{"constant": 100}"#) == .off)
    #expect(try decoded(#"{"constant": 100, "error": "measured"}"#) == .measured)
  }

  @Test("a scenario built in Swift with an errorScale outside 0...10 is refused at its path")
  func swiftBuiltErrorScale() {
    var sensor = SensorConfiguration(for: .heartRate)
    sensor.heartRateError = HeartRateSensorError(scale: 11)
    do {
      _ = try Scenario(name: "s.json", sensors: [.heartRate: sensor])
      Issue.record("errorScale 11 accepted")
    } catch {
      #expect(
        "\(error)" == "s.json: sensors.heartRate.errorScale: 11 is out of range (expected 0 to 10)")
    }
  }

  @Test("a SensorConfiguration under another type's key is refused, saying what to write")
  func swiftBuiltSensorUnderAnotherKey() throws {
    // Trial 31: `for: .distanceWalkingRunning` under `.heartRate` ran heart rate every 10 s
    // (distance's default interval) instead of 5 s, silently.
    do {
      _ = try Scenario(
        name: "s.json", sensors: [.heartRate: SensorConfiguration(for: .distanceWalkingRunning)])
      Issue.record("a distance configuration under heartRate accepted")
    } catch {
      #expect(
        "\(error)"
          == "s.json: sensors.heartRate: is a SensorConfiguration for distanceWalkingRunning (write [.heartRate: SensorConfiguration(for: .heartRate, ...)]: the for: type must be the key)"
      )
    }
    // The matching key is accepted, and a decoded file's settings carry their key's type.
    let built = try Scenario(
      name: "s.json", sensors: [.heartRate: SensorConfiguration(for: .heartRate, noise: 1)])
    #expect(built.sensorSettings(for: .heartRate).interval == .seconds(5))
    let decoded = try decodeScenario(
      #"{"version": 1, "sensors": {"stepCount": {"interval": 2}, "heartRate": {}}}"#)
    #expect(decoded.sensors[.stepCount]?.type == .stepCount)
    #expect(decoded.sensors[.heartRate]?.type == .heartRate)
  }

  @Test("decodes every remaining key and action")
  func everyKey() throws {
    let json = """
      {
        "$schema": "https://example.invalid/scenario-v1.schema.json",
        "x-note": { "anything": [1, 2] },
        "version": 1,
        "start": "2026-01-05T08:00:00.25Z",
        "seed": 9007199254740991,
        "activity": "cycling",
        "location": "indoor",
        "athlete": { "sex": "male", "age": 50, "x-comment": "ignored" },
        "course": [ { "duration": "1:00", "power": 200, "cadence": 90, "x-a": 1 },
                    { "duration": 30.5, "speed": 8, "power": 250, "grade": -0.45 } ],
        "sensors": {
          "heartRate": { "enabled": false, "interval": "0:02", "noise": 0, "constant": 120,
                         "lockOn": 12, "cadenceLock": { "from": "1:00", "to": "2:00" } },
          "cyclingPower": { "interval": 1, "dropouts": [] },
          "x-future": {}
        },
        "builder": { "shouldCollectWorkoutEvents": false },
        "finish": "manual",
        "timeline": [
          { "at": 0, "do": "prepare" }, { "at": 1, "do": "start" },
          { "at": 2, "do": "stop" }, { "at": 2, "do": "endCollection" },
          { "at": 2, "do": "finishWorkout" }, { "at": 3, "do": "lap" },
          { "at": 3, "do": "marker" }, { "at": 3, "do": "segment" },
          { "at": 4, "do": "addEvent", "type": "motionPaused" },
          { "at": 4, "do": "addEvent", "type": "pauseOrResumeRequest" },
          { "at": 5, "do": "newSession" }, { "at": 5, "do": "newSession", "activity": "walking" },
          { "at": 6, "do": "crash" }, { "at": 7, "do": "relaunch" },
          { "at": 8, "do": "relaunch", "recover": true }, { "at": 9, "do": "probe" }
        ],
        "expect": [
          { "log": 2, "path": "events[0].type", "absent": true },
          { "error": 0, "path": "code", "equals": "noSession" },
          { "count": "log", "where": { "action": "pause", "x-y": 1 }, "between": [1, 1] },
          { "count": "errors", "except": { "message": "The app is not running" }, "equals": 0 }
        ]
      }
      """
    let scenario = try decodeScenario(json, fileName: "all.json")
    #expect(scenario.name == "all")
    // 1767600000 s + 0.25 s.
    #expect(scenario.start?.date == Date(timeIntervalSince1970: 1_767_600_000.25))
    #expect(scenario.start?.utcOffsetSeconds == 0)
    #expect(scenario.seed == 9_007_199_254_740_991)
    #expect(scenario.activity == .cycling)
    #expect(scenario.location == .indoor)
    #expect(scenario.athlete.sex == .male)
    // Tanaka at 50: 208 − 35 = 173 bpm.
    #expect(scenario.athlete.maxHeartRate == 173)
    #expect(
      scenario.course
        == .segments([
          Scenario.Segment(duration: .seconds(60), speed: nil, grade: 0, power: 200, cadence: 90),
          Scenario.Segment(
            duration: .milliseconds(30_500), speed: 8, grade: -0.45, power: 250, cadence: nil),
        ]))
    #expect(
      scenario.sensors == [
        .heartRate: SensorConfiguration(
          for: .heartRate, enabled: false, interval: .seconds(2), noise: 0, constant: 120,
          lockOn: .seconds(12), dropouts: [], cadenceLock: .seconds(60)..<(.seconds(120))),
        .cyclingPower: SensorConfiguration(for: .cyclingPower, interval: .seconds(1)),
      ])
    #expect(!scenario.builder.shouldCollectWorkoutEvents)
    #expect(scenario.finish == .manual)
    #expect(
      scenario.timeline.map(\.kind) == [
        .app(.prepare), .app(.start), .app(.stop), .app(.endCollection), .app(.finishWorkout),
        .app(.lap), .app(.marker), .app(.segment), .app(.addEvent(.motionPaused)),
        .app(.addEvent(.pauseOrResumeRequest)), .app(.newSession(activity: nil)),
        .app(.newSession(activity: .walking)), .app(.crash), .app(.relaunch(recover: false)),
        .app(.relaunch(recover: true)), .probe,
      ])
    #expect(WorkoutEventType.pauseOrResumeRequest.rawValue == 8)
    #expect(
      scenario.expect.map(\.selector) == [
        .element(.log, index: 2, path: "events[0].type"),
        .element(.errors, index: 0, path: "code"),
        // The `where`'s `x-y` key is ignored, as `x-` keys are at every level.
        .count(.log, where: ["action": .string("pause")]),
        .count(.errors, where: [:], except: ["message": .string("The app is not running")]),
      ])
    #expect(
      scenario.expect.map(\.comparison) == [
        .absent, .equals(.string("noSession")), .between(1, 1), .equals(.number(0)),
      ])
  }

  @Test("decodes a recording course")
  func recording() throws {
    let scenario = try decodeScenario(

      #"{"version": 1, "course": {"recording": "runs/a.fit", "heartRate": "recorded"}}"#,
      fileName: "r.json")
    let recording = Scenario.Recording(path: "runs/a.fit", heartRate: .recorded)
    #expect(scenario.course == .recording(recording))
    #expect(
      recording.url(relativeTo: URL(fileURLWithPath: "/s/x.json")).path == "/s/runs/a.fit")
    let modelled = try decodeScenario(
      #"{"version": 1, "course": {"recording": "a.gpx"}}"#, fileName: "r.json")
    #expect(modelled.course == .recording(Scenario.Recording(path: "a.gpx", heartRate: .model)))
  }

  @Test("the default scenario is a steady 30-minute run")
  func defaultScenario() {
    let scenario = Scenario.defaultScenario
    #expect(scenario.activity == .running)
    #expect(scenario.location == .outdoor)
    // No `prepare` at t = 0: the watch face opens on the workout selector, which selects only
    // until the session is prepared or started (issue 26, bug 3).
    #expect(scenario.timeline.first?.kind == .app(.start))
    #expect(!scenario.timeline.contains { $0.kind == .app(.prepare) })
    #expect(scenario.timeline.map(\.at) == [3, 603, 1203, 1803].map { .seconds($0) })
    #expect(scenario.timeline.last?.kind == .app(.end))
    guard case .segments(let segments) = scenario.course else {
      Issue.record("course is not segments")
      return
    }
    // 3 s standing + 12 × 150 s running = 1803 s, the end at 30:03.
    #expect(segments.reduce(Duration.zero) { $0 + $1.duration } == .seconds(1803))
    // Rolling: every climb is matched by an equal descent over equal durations (net climb 0).
    let rolling = [0.01, 0.03, 0.01, -0.01, -0.03, -0.01]
    #expect(segments.map(\.grade) == [0] + rolling + rolling)
    #expect(segments.dropFirst().allSatisfy { $0.speed == 2.8 && $0.duration == .seconds(150) })
  }

  @Test("errors name the file, and syntax errors give line and column")
  func syntaxErrors() throws {
    let duplicate = try fixture("duplicate-key.json")
    let trailing = try fixture("trailing-comma.json")
    do {
      _ = try Scenario.load(contentsOf: duplicate, displayName: "dup.json")
      Issue.record("expected an error")
    } catch {
      // Line 4 is `  "seed": 2`: the key starts at column 3.
      #expect(error.kind == .syntax(line: 4, column: 3))
      #expect(error.description == #"dup.json:4:3: duplicate key "seed" in the top-level object"#)
      #expect(error.exitCode == 65)
    }
    do {
      _ = try Scenario.load(contentsOf: trailing, displayName: "tc.json")
      Issue.record("expected an error")
    } catch {
      // Line 4 is `    { "at": 0, "do": "prepare" },`: 4 spaces + 28 characters, comma at 33.
      #expect(
        error.description == "tc.json:4:33: trailing comma before ']' in array timeline")
    }
  }

  @Test("a missing file or a folder cannot be opened (exit 66)")
  func cannotOpen() throws {
    let missing = URL(fileURLWithPath: "/nonexistent-folder/Hills.json")
    #expect(
      throws: ScenarioError(
        fileName: "/nonexistent-folder/Hills.json", kind: .cannotOpen,
        message: "cannot open the file (no such file)")
    ) { try Scenario.load(contentsOf: missing) }
    // A relative path is named as given.
    #expect(
      throws: ScenarioError(
        fileName: "no-such-folder/Hills.json", kind: .cannotOpen,
        message: "cannot open the file (no such file)")
    ) { try Scenario.load(contentsOf: URL(fileURLWithPath: "no-such-folder/Hills.json")) }
    let folder = try fixture("")
    do {
      _ = try Scenario.load(contentsOf: folder, displayName: "Fixtures")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description == "Fixtures: cannot open the file (it is a folder, not a scenario file)")
      #expect(error.exitCode == 66)
    }
  }

  @Test(
    "invalid scenarios give the path and what would be valid",
    arguments: [
      // Top level and version.
      ("[]", "t.json: the scenario must be a JSON object, not an array"),
      ("{}", "t.json: version: required key is missing (expected 1)"),
      (#"{"version": "1"}"#, #"t.json: version: "1" is not a version (expected 1)"#),
      (#"{"version": 0}"#, "t.json: version: 0 is not a version (expected 1)"),
      (#"{"version": 1.5}"#, "t.json: version: 1.5 is not a version (expected 1)"),
      (
        #"{"version": 1, "seeed": 3}"#,
        "t.json: seeed: unknown key (expected one of version, name, start, timeZone, seed, activity, location, athlete, course, sensors, builder, finish, timeline, expect, watch, selector, goals, today, health, authorization, app, phone, motion, gps, swim, strength); did you mean \"seed\"?"
      ),
      // Short keys (new-user trial 27): a swap of two adjacent letters is one edit (optimal string
      // alignment), and a key of 3 or 4 letters may be one edit off: "gsp" -> "gps" (1 swap).
      (
        #"{"version": 1, "gsp": 3}"#,
        "t.json: gsp: unknown key (expected one of version, name, start, timeZone, seed, activity, location, athlete, course, sensors, builder, finish, timeline, expect, watch, selector, goals, today, health, authorization, app, phone, motion, gps, swim, strength); did you mean \"gps\"?"
      ),
      // "sede" -> "seed": 1 swap (Levenshtein counted 2, half of 4: no suggestion before).
      (
        #"{"version": 1, "sede": 3}"#,
        "t.json: sede: unknown key (expected one of version, name, start, timeZone, seed, activity, location, athlete, course, sensors, builder, finish, timeline, expect, watch, selector, goals, today, health, authorization, app, phone, motion, gps, swim, strength); did you mean \"seed\"?"
      ),
      // "aps" is 1 edit from "app" (s -> p) and from "gps" (a -> g): a tie suggests neither.
      (
        #"{"version": 1, "aps": 3}"#,
        "t.json: aps: unknown key (expected one of version, name, start, timeZone, seed, activity, location, athlete, course, sensors, builder, finish, timeline, expect, watch, selector, goals, today, health, authorization, app, phone, motion, gps, swim, strength)"
      ),
      // "gap" is 2 edits from "gps" and from "app": more than one edit for 3 letters, none.
      (
        #"{"version": 1, "gap": 3}"#,
        "t.json: gap: unknown key (expected one of version, name, start, timeZone, seed, activity, location, athlete, course, sensors, builder, finish, timeline, expect, watch, selector, goals, today, health, authorization, app, phone, motion, gps, swim, strength)"
      ),
      (
        #"{"version": 1, "$schema": 5}"#,
        "t.json: $schema: 5 is not a string (expected the path or URL of the JSON Schema)"
      ),
      (
        #"{"version": 1, "name": 5}"#,
        "t.json: name: 5 is not a string (expected the scenario's name)"
      ),
      // start and timeZone.
      (
        #"{"version": 1, "start": "2026-03-02T07:30:00"}"#,
        #"t.json: start: "2026-03-02T07:30:00" is not a date-time (it has no UTC offset: add "Z" or an offset such as "+01:00")"#
      ),
      (
        #"{"version": 1, "start": "2026-03-02 07:30"}"#,
        #"t.json: start: "2026-03-02 07:30" is not a date-time (expected ISO 8601 with a UTC offset, for example "2026-03-02T07:30:00+01:00")"#
      ),
      (
        #"{"version": 1, "start": "2026-02-29T07:30:00Z"}"#,
        #"t.json: start: "2026-02-29T07:30:00Z" is not a date-time (February 2026 has 28 days)"#
      ),
      (
        #"{"version": 1, "start": "2026-13-01T07:30:00Z"}"#,
        #"t.json: start: "2026-13-01T07:30:00Z" is not a date-time (the month must be 01 to 12)"#
      ),
      (
        #"{"version": 1, "start": "2026-01-01T24:00:00Z"}"#,
        #"t.json: start: "2026-01-01T24:00:00Z" is not a date-time (the hour must be below 24)"#
      ),
      (
        #"{"version": 1, "timeZone": "Mars/Olympus"}"#,
        #"t.json: timeZone: "Mars/Olympus" is not a time zone (expected an IANA name such as "UTC" or "Europe/Berlin")"#
      ),
      // seed.
      (
        #"{"version": 1, "seed": -1}"#,
        "t.json: seed: -1 is out of range (expected a whole number from 0 to 9007199254740991)"
      ),
      (
        #"{"version": 1, "seed": 1.5}"#,
        "t.json: seed: 1.5 is not a whole number (expected a whole number from 0 to 9007199254740991)"
      ),
      (
        #"{"version": 1, "seed": 9007199254740992}"#,
        "t.json: seed: 9007199254740992 is out of range (expected a whole number from 0 to 9007199254740991)"
      ),
      // activity and location.
      (
        #"{"version": 1, "activity": "runing"}"#,
        #"t.json: activity: "runing" is not an activity (expected an HKWorkoutActivityType case name such as running, walking, cycling, swimming or tennis; every one in docs/activity-types.md); did you mean "running"?"#
      ),
      // No name within two edits: the names that contain it (ignoring case), shortest first
      // (26 characters before 27).
      (
        #"{"version": 1, "activity": "strengthTraining"}"#,
        #"t.json: activity: "strengthTraining" is not an activity (expected an HKWorkoutActivityType case name such as running, walking, cycling, swimming or tennis; every one in docs/activity-types.md); did you mean "functionalStrengthTraining" or "traditionalStrengthTraining"?"#
      ),
      (
        #"{"version": 1, "activity": "underwaterDiving"}"#,
        #"t.json: activity: "underwaterDiving" is not an activity a workout session accepts (HealthKit refuses a session of it)"#
      ),
      (
        #"{"version": 1, "location": "outside"}"#,
        #"t.json: location: "outside" is not a location (expected one of indoor, outdoor, unknown)"#
      ),
      // athlete.
      (
        #"{"version": 1, "athlete": {"agee": 30}}"#,
        "t.json: athlete.agee: unknown key (expected one of age, sex, massKg, heightCm, restingHeartRate, maxHeartRate, vo2Max, heartRateRiseSeconds, heartRateFallSeconds, heartRateDrift, heartRateRecoveryResidual, heartRateSlowComponent, heartRateSlowSeconds, functionalThresholdPower, heartRateVariabilitySDNN, respiratoryRate, dateOfBirth, bloodType, skinType, wheelchairUse, moveMode); did you mean \"age\"?"
      ),
      (
        #"{"version": 1, "athlete": {"massKg": 0}}"#,
        "t.json: athlete.massKg: 0 is out of range (expected a number from 20 to 300)"
      ),
      (
        // Functional threshold power: 20 to 1000 W.
        #"{"version": 1, "athlete": {"functionalThresholdPower": 10}}"#,
        "t.json: athlete.functionalThresholdPower: 10 is out of range (expected a number from 20 to 1000)"
      ),
      (
        // Heart rate variability: 5 to 250 ms; breathing rate asleep: 4 to 40 per minute.
        #"{"version": 1, "athlete": {"heartRateVariabilitySDNN": 300}}"#,
        "t.json: athlete.heartRateVariabilitySDNN: 300 is out of range (expected a number from 5 to 250)"
      ),
      (
        #"{"version": 1, "athlete": {"respiratoryRate": 2}}"#,
        "t.json: athlete.respiratoryRate: 2 is out of range (expected a number from 4 to 40)"
      ),
      (
        #"{"version": 1, "athlete": {"functionalThresholdPower": "250"}}"#,
        #"t.json: athlete.functionalThresholdPower: "250" is not a number (expected a number from 20 to 1000)"#
      ),
      (
        #"{"version": 1, "athlete": {"age": "35"}}"#,
        #"t.json: athlete.age: "35" is not a number (expected a number from 5 to 120)"#
      ),
      (
        #"{"version": 1, "athlete": {"sex": "f"}}"#,
        #"t.json: athlete.sex: "f" is not a sex (expected one of female, male)"#
      ),
      (
        // A resting rate of 118 bpm (within 25...120) is not below the given maximum of 110.
        #"{"version": 1, "athlete": {"restingHeartRate": 118, "maxHeartRate": 110}}"#,
        "t.json: athlete.restingHeartRate: 118 is out of range (expected below the maximum heart rate, maxHeartRate 110)"
      ),
      (
        #"{"version": 1, "athlete": {"heartRateRiseSeconds": 2}}"#,
        "t.json: athlete.heartRateRiseSeconds: 2 is out of range (expected a number from 5 to 300)"
      ),
      (
        #"{"version": 1, "athlete": {"heartRateDrift": -0.1}}"#,
        "t.json: athlete.heartRateDrift: -0.1 is out of range (expected a number from 0 to 0.5)"
      ),
      (
        #"{"version": 1, "athlete": {"restingHeartRate": 190}}"#,
        "t.json: athlete.restingHeartRate: 190 is out of range (expected a number from 25 to 120)"
      ),
      (
        #"{"version": 1, "athlete": []}"#,
        "t.json: athlete: an array is not an object (expected an object with keys age, sex, massKg, heightCm, restingHeartRate, maxHeartRate, vo2Max, heartRateRiseSeconds, heartRateFallSeconds, heartRateDrift, heartRateRecoveryResidual, heartRateSlowComponent, heartRateSlowSeconds, functionalThresholdPower, heartRateVariabilitySDNN, respiratoryRate, dateOfBirth, bloodType, skinType, wheelchairUse, moveMode)"
      ),
      // course.
      (
        #"{"version": 1, "course": [{"duration": 60, "speed": 3}, {"duration": 60, "speed": 3, "power": 200}]}"#,
        #"t.json: course[1].power: power is only allowed for cycling (activity is "running")"#
      ),
      (
        #"{"version": 1, "course": [{"duration": 60, "speed": 3, "grade": 0.5}]}"#,
        "t.json: course[0].grade: 0.5 is out of range (expected a number from -0.45 to 0.45)"
      ),
      (
        #"{"version": 1, "course": [{"duration": 0, "speed": 3}]}"#,
        "t.json: course[0].duration: 0 is out of range (expected a time above zero)"
      ),
      (
        #"{"version": 1, "course": [{"duration": "0:00", "speed": 3}]}"#,
        #"t.json: course[0].duration: "0:00" is out of range (expected a time above zero)"#
      ),
      (
        #"{"version": 1, "course": [{"speed": 3}]}"#,
        #"t.json: course[0].duration: required key is missing (expected a time above zero, for example 600 or "10:00")"#
      ),
      (
        #"{"version": 1, "course": [{"duration": 60}]}"#,
        #"t.json: course[0]: a segment needs "speed" ("power" is for cycling only)"#
      ),
      (
        #"{"version": 1, "activity": "cycling", "course": [{"duration": 60}]}"#,
        #"t.json: course[0]: a segment needs "speed" or "power" (or both)"#
      ),
      (
        #"{"version": 1, "course": [{"duration": 60, "speed": -1}]}"#,
        "t.json: course[0].speed: -1 is out of range (expected a number from 0 to 50)"
      ),
      (
        #"{"version": 1, "course": [{"duration": 60, "speed": 1e308}]}"#,
        "t.json: course[0].speed: 1e+308 is out of range (expected a number from 0 to 50)"
      ),
      (
        #"{"version": 1, "course": {"file": "a.fit"}}"#,
        #"t.json: course.file: unknown key (expected one of recording, heartRate)"#
      ),
      (
        #"{"version": 1, "course": {"recording": "a.fit", "heartRate": "wrist"}}"#,
        #"t.json: course.heartRate: "wrist" is not a heart-rate source (expected one of model, recorded)"#
      ),
      (
        #"{"version": 1, "course": 5}"#,
        "t.json: course: 5 is not a course (expected an array of segments or a recording object)"
      ),
      // sensors.
      (
        #"{"version": 1, "sensors": {"heartrate": {}}}"#,
        "t.json: sensors.heartrate: unknown key (expected one of heartRate, activeEnergyBurned, basalEnergyBurned, distanceWalkingRunning, distanceCycling, stepCount, runningSpeed, cyclingPower, cyclingCadence, distanceSwimming, runningPower, runningStrideLength, runningVerticalOscillation, runningGroundContactTime, cyclingSpeed, swimmingStrokeCount, flightsClimbed, distanceRowing, rowingSpeed, distanceCrossCountrySkiing, crossCountrySkiingSpeed, distanceDownhillSnowSports, location); did you mean \"heartRate\"?"
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"interval": 0}}}"#,
        "t.json: sensors.heartRate.interval: 0 is out of range (expected a time above zero)"
      ),
      (
        // 1e-10 s rounds to no nanosecond: the reason is the resolution, not the sign.
        #"{"version": 1, "sensors": {"heartRate": {"interval": 1e-10}}}"#,
        "t.json: sensors.heartRate.interval: 1e-10 is shorter than 1 nanosecond, the resolution "
          + "of scenario times, so it rounds to zero (expected a time of at least 0.000000001)"
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"dropouts": [{"from": 330, "to": 300}]}}}"#,
        #"t.json: sensors.heartRate.dropouts[0].to: 300 is out of range (expected a time after "from", 330)"#
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"dropouts": [{"from": 30}]}}}"#,
        #"t.json: sensors.heartRate.dropouts[0].to: required key is missing (expected a time after "from")"#
      ),
      (
        #"{"version": 1, "sensors": {"stepCount": {"cadenceLock": {"from": 0, "to": 1}}}}"#,
        "t.json: sensors.stepCount.cadenceLock: cadenceLock is only allowed for heartRate (the optical sensor reports cadence as heart rate)"
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"enabled": "no"}}}"#,
        #"t.json: sensors.heartRate.enabled: "no" is not true or false"#
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"error": "chest"}}}"#,
        #"t.json: sensors.heartRate.error: "chest" is not a heart-rate error model (expected "measured" or "off")"#
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"errorScale": 11}}}"#,
        "t.json: sensors.heartRate.errorScale: 11 is out of range (expected a number from 0 to 10)"
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"noise": 2, "errorScale": 2}}}"#,
        #"t.json: sensors.heartRate.noise: noise replaces the measured heart-rate error: give either "noise" or "error"/"errorScale", not both"#
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"error": "off", "errorScale": 2}}}"#,
        #"t.json: sensors.heartRate.errorScale: errorScale scales the measured error, which "error": "off" turns off; remove one"#
      ),
      (
        #"{"version": 1, "sensors": {"cyclingPower": {"errorScale": 2}}}"#,
        #"t.json: sensors.cyclingPower.errorScale: errorScale is only allowed for heartRate (the Apple Watch's measured heart-rate error); use "noise" for cyclingPower"#
      ),
      (
        #"{"version": 1, "sensors": {"heartRate": {"noise": -2}}}"#,
        "t.json: sensors.heartRate.noise: -2 is out of range (expected a number from 0 to 10000)"
      ),
      (
        #"{"version": 1, "sensors": {"activeEnergyBurned": {"constant": 1e308}}}"#,
        "t.json: sensors.activeEnergyBurned.constant: 1e+308 is out of range (expected a number from 0 to 1000000)"
      ),
      // builder and finish.
      (
        #"{"version": 1, "builder": {"collectEvents": true}}"#,
        "t.json: builder.collectEvents: unknown key (expected one of shouldCollectWorkoutEvents)"
      ),
      (
        #"{"version": 1, "finish": "automatic"}"#,
        #"t.json: finish: "automatic" is not a finish mode (expected one of auto, manual)"#
      ),
      // timeline.
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "prepare"}, {"at": 3, "do": "start"}, {"at": 4, "do": "lap"}, {"at": "1:75", "do": "pause"}]}"#,
        #"t.json: timeline[3].at: "1:75" is not a time (seconds must be below 60)"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 60, "do": "prepare"}, {"at": 30, "do": "start"}]}"#,
        "t.json: timeline[1].at: 30 is before the previous action's time 60 (times must not decrease)"
      ),
      (
        #"{"version": 1, "timeline": [{"at": "1:00", "do": "prepare"}, {"at": 59.5, "do": "start"}]}"#,
        #"t.json: timeline[1].at: 59.5 is before the previous action's time "1:00" (times must not decrease)"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "pasue"}]}"#,
        #"t.json: timeline[0].do: "pasue" is not an action (expected one of prepare, start, pause, resume, stop, end, endCollection, finishWorkout, lap, marker, segment, addEvent, newSession, probe, crash, relaunch, wristDown, wristUp, crownPress, openApp, extendedRuntime, crown, activateSession, sendMessage, sendMessageData, transferUserInfo, updateApplicationContext, transferFile, transferCurrentComplicationUserInfo, cancelTransfers, phoneApp, phoneAway, phoneBack, sameWiFi, complication, watchApp, startMirroring, stopMirroring, sendToRemoteWorkoutSession, beginActivity, endActivity, timeZone); did you mean "pause"?"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0}]}"#,
        "t.json: timeline[0].do: required key is missing (expected one of prepare, start, pause, resume, stop, end, endCollection, finishWorkout, lap, marker, segment, addEvent, newSession, probe, crash, relaunch, wristDown, wristUp, crownPress, openApp, extendedRuntime, crown, activateSession, sendMessage, sendMessageData, transferUserInfo, updateApplicationContext, transferFile, transferCurrentComplicationUserInfo, cancelTransfers, phoneApp, phoneAway, phoneBack, sameWiFi, complication, watchApp, startMirroring, stopMirroring, sendToRemoteWorkoutSession, beginActivity, endActivity, timeZone)"
      ),
      (
        #"{"version": 1, "timeline": [{"do": "start"}]}"#,
        #"t.json: timeline[0].at: required key is missing (expected a time, for example 0, 90 or "1:30")"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "start", "recover": true}]}"#,
        "t.json: timeline[0].recover: unknown key (expected one of at, do, device)"
      ),
      // An event action with a span: how to write one, not only the keys.
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "segment", "duration": "0:40", "metadata": {"reps": 12}}]}"#,
        #"t.json: timeline[0].duration: "segment" is an instant in a scenario (a workout event dated at the action's at, with no duration; expected one of at, do, device): mark a set's span with two actions, one at its start and one at its end, or add the event from the app's code through the Swift API, HKWorkoutEvent(type:dateInterval:metadata:), whose duration and metadata the run result's events carry (docs/scenario-format.md#timeline-actions)"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "lap", "metadata": {"reps": 12}}]}"#,
        #"t.json: timeline[0].metadata: "lap" is an instant in a scenario (a workout event dated at the action's at, with no metadata; expected one of at, do, device): mark a set's span with two actions, one at its start and one at its end, or add the event from the app's code through the Swift API, HKWorkoutEvent(type:dateInterval:metadata:), whose duration and metadata the run result's events carry (docs/scenario-format.md#timeline-actions)"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "relaunch", "recover": "yes"}]}"#,
        #"t.json: timeline[0].recover: "yes" is not true or false"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "addEvent"}]}"#,
        "t.json: timeline[0].type: required key is missing (expected one of pause, resume, lap, marker, motionPaused, motionResumed, segment, pauseOrResumeRequest)"
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "addEvent", "type": "stop"}]}"#,
        #"t.json: timeline[0].type: "stop" is not an event type (expected one of pause, resume, lap, marker, motionPaused, motionResumed, segment, pauseOrResumeRequest)"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "newSession", "activity": "swim"}]}"#,
        #"t.json: timeline[0].activity: "swim" is not an activity (expected an HKWorkoutActivityType case name such as running, walking, cycling, swimming or tennis; every one in docs/activity-types.md)"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "beginActivity"}]}"#,
        #"t.json: timeline[0].activity: required key is missing (expected the activity to begin, for example "swimming" (a swimBikeRun workout's legs: swimming, cycling, running, transition; any other workout's: its own activity))"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "beginActivity", "activity": "swiming"}]}"#,
        #"t.json: timeline[0].activity: "swiming" is not an activity (expected an HKWorkoutActivityType case name such as running, walking, cycling, swimming or tennis; every one in docs/activity-types.md); did you mean "swimming"?"#
      ),
      (
        #"{"version": 1, "timeline": [{"at": 0, "do": "endActivity", "activity": "running"}]}"#,
        "t.json: timeline[0].activity: unknown key (expected one of at, do)"
      ),
      (
        #"{"version": 1, "timeline": [{"at": -1, "do": "start"}]}"#,
        "t.json: timeline[0].at: -1 is not a time (times must not be negative)"
      ),
      (
        #"{"version": 1, "timeline": [{"at": "90", "do": "start"}]}"#,
        #"t.json: timeline[0].at: "90" is not a time (a number of seconds is written without quotes: 90)"#
      ),
      (
        #"{"version": 1, "timeline": {}}"#,
        #"t.json: timeline: an object is not an array (expected actions such as [{ "at": 0, "do": "prepare" }])"#
      ),
      // expect.
      (
        #"{"version": 1, "expect": [{"equals": 1}]}"#,
        "t.json: expect[0]: a check needs a selector (one of record, probe, error, log, count)"
      ),
      (
        #"{"version": 1, "expect": [{"record": 0, "probe": 0, "path": "a", "equals": 1}]}"#,
        "t.json: expect[0]: a check has one selector, not 2 (record and probe)"
      ),
      (
        #"{"version": 1, "expect": [{"record": 0, "path": "a"}]}"#,
        "t.json: expect[0]: a check needs a comparison (one of equals, between, absent)"
      ),
      (
        #"{"version": 1, "expect": [{"record": -1, "path": "a", "equals": 1}]}"#,
        "t.json: expect[0].record: -1 is not an index (expected a whole number from 0)"
      ),
      (
        #"{"version": 1, "expect": [{"record": 0, "equals": 1}]}"#,
        #"t.json: expect[0].path: required key is missing (expected a dotted path into the record, for example "statistics.heartRate.average")"#
      ),
      (
        #"{"version": 1, "expect": [{"record": 0, "path": "events[x].type", "equals": 1}]}"#,
        #"t.json: expect[0].path: "events[x].type" is not a path (expected keys joined by dots with [index] after a key, for example "events[0].type")"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "error", "equals": 1}]}"#,
        #"t.json: expect[0].count: "error" is not a result collection (expected one of records, probes, errors, log)"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "path": "a", "equals": 1}]}"#,
        #"t.json: expect[0].path: not allowed with "count" (a path goes with record, probe, error or log)"#
      ),
      (
        #"{"version": 1, "expect": [{"record": 0, "path": "a", "where": {}, "equals": 1}]}"#,
        #"t.json: expect[0].where: only allowed with "count""#
      ),
      (
        #"{"version": 1, "expect": [{"record": 0, "path": "a", "except": {}, "equals": 1}]}"#,
        #"t.json: expect[0].except: only allowed with "count""#
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "except": [], "equals": 1}]}"#,
        #"t.json: expect[0].except: an array is not an object (expected keys and the values they must equal, for example { "action": "pause" })"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "between": [2, 1]}]}"#,
        "t.json: expect[0].between: [2, 1] is not a range (expected low <= high)"
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "between": [1]}]}"#,
        "t.json: expect[0].between: an array of 1 element is not a range (expected [low, high], two numbers)"
      ),
      // The element that is not a number is named (new-user trial 24: "an array is not a range"
      // for [0, "x"] did not say which part was wrong).
      (
        #"{"version": 1, "expect": [{"count": "errors", "between": [0, "x"]}]}"#,
        #"t.json: expect[0].between[1]: "x" is not a number (expected [low, high], two numbers)"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "between": [null, 3]}]}"#,
        "t.json: expect[0].between[0]: null is not a number (expected [low, high], two numbers)"
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "between": 5}]}"#,
        "t.json: expect[0].between: 5 is not a range (expected [low, high], two numbers)"
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "absent": false}]}"#,
        "t.json: expect[0].absent: false is not allowed (expected true)"
      ),
      (
        #"{"version": 1, "expect": [{"count": "errors", "equals": 0, "absent": true}]}"#,
        "t.json: expect[0]: a check has one comparison, not 2 (equals and absent)"
      ),
      // A `where` or `except` key no element has would match nothing (new-user trial 18).
      (
        #"{"version": 1, "expect": [{"count": "errors", "where": {"acton": "pause"}, "equals": 0}]}"#,
        #"t.json: expect[0].where.acton: an error has no member "acton", so this key matches nothing (expected one of action, at, code, device, domain, message); did you mean "action"?"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "log", "where": {"kind": "event", "typ": "lap"}, "equals": 2}]}"#,
        #"t.json: expect[0].where.typ: a log entry of kind "event" has no member "typ", so this key matches nothing (expected one of at, device, kind, session, type); did you mean "type"?"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "log", "where": {"kind": "event", "action": "pause"}, "equals": 0}]}"#,
        #"t.json: expect[0].where.action: a log entry of kind "event" has no member "action", so this key matches nothing (expected one of at, device, kind, session, type)"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "log", "where": {"kind": "event"}, "except": {"kindd": "event"}, "equals": 0}]}"#,
        #"t.json: expect[0].except.kindd: a log entry of kind "event" has no member "kindd", so this key matches nothing (expected one of at, device, kind, session, type); did you mean "kind"?"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "log", "where": {"kind": "evnt"}, "equals": 0}]}"#,
        #"t.json: expect[0].where.kind: "evnt" is not a kind of log entry, so it matches nothing (expected one of activity, appState, authorizationSheet, backgroundDelivery, dataCollected, error, event, extendedRuntime, link, motion, record, stateChange, system, unfinished, wallClockDate); did you mean "event"?"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "records", "where": {"statistcs.heartRate.average": 150}, "equals": 1}]}"#,
        #"t.json: expect[0].where["statistcs.heartRate.average"]: a record has no member "statistcs", so this key matches nothing (expected one of activities, activityType, activityTypeRawValue, device, duration, endDate, events, id, locationType, metadata, route, samples, startDate, statistics, totalDistance, totalEnergyBurned, zones); did you mean "statistics"?"#
      ),
      (
        #"{"version": 1, "expect": [{"count": "probes", "except": {"heartrate": 150}, "equals": 1}]}"#,
        #"t.json: expect[0].except.heartrate: a probe has no member "heartrate", so this key matches nothing (expected one of activeEnergyBurned, appState, at, device, distance, elapsed, heartRate, keepAlive, state, stepCount); did you mean "heartRate"?"#
      ),
    ])
  func invalid(json: String, description: String) {
    let error = decodeError(json)
    #expect(error?.description == description)
    #expect(error?.exitCode == 65)
  }

  /// `where` and `except` keys each element of the collection can have are accepted: a log
  /// kind's own keys, a `system` entry's `details` member, a record's nested statistic, a
  /// phone entry's `device`; an `x-` key is ignored, as at every level of the file.
  @Test func conditionKeysTheElementsHave() throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "expect": [
        { "count": "log", "where": { "kind": "system", "details.reason": "offline" }, "equals": 0 },
        { "count": "log", "where": { "kind": "error", "action": "crown" }, "equals": 0 },
        { "count": "log", "where": { "action": "pause" }, "except": { "kind": "wallClockDate" }, "equals": 0 },
        { "count": "records", "where": { "statistics.heartRate.average": 150 }, "equals": 0 },
        { "count": "errors", "where": { "device": "phone", "x-note": "ignored" }, "equals": 0 }
      ] }
      """)
    #expect(scenario.expect.count == 5)
    #expect(scenario.expect.allSatisfy { $0.conditionError == nil })
    #expect(
      scenario.expect[4].selector == .count(.errors, where: ["device": .string("phone")]))
  }

  /// A scenario built in Swift applies the same rule: the check's path as the file would spell
  /// it, with the scenario's name for the file.
  @Test func aSwiftScenarioRefusesAConditionKeyNoElementHas() {
    #expect {
      _ = try Scenario(
        name: "built",
        expect: [
          Check(.count(.errors, where: [:]), .equals(.number(0))),
          Check(.count(.errors, where: ["acton": .string("pause")]), .equals(.number(0))),
        ])
    } throws: { error in
      (error as? ScenarioError)?.description
        == #"built: expect[1].where.acton: an error has no member "acton", so this key matches nothing (expected one of action, at, code, device, domain, message); did you mean "action"?"#
    }
  }

  @Test("a higher version is unsupported, checked before anything else")
  func unsupportedVersion() {
    let error = decodeError(#"{"version": 2, "newKey": true}"#, fileName: "Hills.json")
    #expect(error?.kind == .unsupportedVersion(2))
    #expect(
      error?.description
        == "Hills.json: version: 2 is not supported (highest supported version is 1)")
    #expect(error?.exitCode == 65)
  }

  @Test("the athlete's functional threshold power is read in watts")
  func functionalThresholdPower() throws {
    let scenario = try decodeScenario(
      #"{"version": 1, "athlete": {"functionalThresholdPower": 250}}"#, fileName: "t.json")
    #expect(scenario.athlete.functionalThresholdPower == 250)
    let error = decodeError(#"{"version": 1, "athlete": {"functionalThresholdPower": 1001}}"#)
    #expect(error?.kind == .invalid(path: "athlete.functionalThresholdPower"))
  }

  @Test("the athlete's heart rate variability (ms) and breathing rate (per minute) are read")
  func variabilityAndBreathing() throws {
    let scenario = try decodeScenario(
      #"{"version": 1, "athlete": {"heartRateVariabilitySDNN": 72.5, "respiratoryRate": 13}}"#,
      fileName: "t.json")
    #expect(scenario.athlete.heartRateVariabilitySDNN == 72.5)
    #expect(scenario.athlete.respiratoryRate == 13)
    let plain = try decodeScenario(#"{"version": 1}"#, fileName: "t.json")
    #expect(plain.athlete.heartRateVariabilitySDNN == nil)
    #expect(plain.athlete.respiratoryRate == nil)
  }

  @Test("the error kinds carry the path")
  func errorKinds() {
    let error = decodeError(#"{"version": 1, "timeline": [{"at": "1:75", "do": "start"}]}"#)
    #expect(error?.kind == .invalid(path: "timeline[0].at"))
    #expect(error?.message == #""1:75" is not a time (seconds must be below 60)"#)
    let syntax = decodeError("{\"version\": 1,}")
    #expect(syntax?.kind == .syntax(line: 1, column: 14))
  }
}

@Suite("Activity override")
struct ActivityOverrideTests {
  @Test("overriding the activity re-checks power")
  func override() throws {
    let cycling = try decodeScenario(

      #"{"version": 1, "activity": "cycling", "course": [{"duration": 60, "speed": 8}, {"duration": 60, "power": 200}]}"#,
      fileName: "bike.json")
    #expect(
      throws: ScenarioError(
        fileName: "bike.json", kind: .invalid(path: "course[1].power"),
        message: #"power is only allowed for cycling (activity is overridden to "running")"#)
    ) { try cycling.withActivity(.running, fileName: "bike.json") }
    let walk = try Scenario.defaultScenario.withActivity(.walking, fileName: "default")
    #expect(walk.activity == .walking)
    #expect(walk.timeline == Scenario.defaultScenario.timeline)
  }
}
