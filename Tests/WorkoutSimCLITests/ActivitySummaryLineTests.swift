import Testing
import WorkoutCore
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

/// The summary's line of an activity's own metrics for rowing and stairs (docs/command-line.md).
@Suite("Rowing's pace and a stair climb's flights in the summary")
struct ActivitySummaryLineTests {
  @Test func aRowShowsItsPacePer500Metres() throws {
    let result = try Simulation.run(bundledScenario("rowing.json"))
    let record = try #require(result.records.first)
    // 4.0 m/s: 500 / 4.0 = 125 s = 2:05 per 500 m (the speed's noise averages out to the second).
    #expect(RunSummary.metricsLine(for: record) == "    rowing: average pace 2:05 /500 m")
  }

  @Test func aStairClimbShowsItsFlights() throws {
    let result = try Simulation.run(bundledScenario("stairs.json"))
    let record = try #require(result.records.first)
    // 1000 steps / 16 a flight = 62.5 flights.
    #expect(RunSummary.metricsLine(for: record) == "    flights climbed: 62.5")
  }
}

/// The summary's `running:` line averages the samples the watch records: none standing, power
/// only walking (docs/models.md#when-the-running-metrics-are-recorded).
@Suite("A run's summary line at standing, walking and running speeds")
struct RunningSummaryLineTests {
  /// A 10-minute run of `course` (JSON segments) with the running metrics' noise off.
  func line(_ course: String) throws -> String? {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "running", "course": [ \(course) ],
        "sensors": { "runningPower": { "noise": 0 }, "runningStrideLength": { "noise": 0 },
                     "runningGroundContactTime": { "noise": 0 },
                     "runningVerticalOscillation": { "noise": 0 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """)
    let record = try #require(try Simulation.run(scenario).records.first)
    return RunSummary.metricsLine(for: record)
  }

  @Test func standingAt5CentimetresASecondRecordsNothing() throws {
    // Below 0.5 m/s the body stands: no sample of any running metric, so no line (the model
    // alone gave a contact time of 14042 ms and an oscillation of 6606.6 cm here).
    #expect(try line(#"{ "duration": 600, "speed": 0.05 }"#) == nil)
  }

  @Test func walkingAtHalfAMetreASecondRecordsPowerOnly() throws {
    // 65 kg at 0.5 m/s walks: net VO2 0.1 × 30 = 3; 3 × 65 × 20.92 / 60 × 0.25 = 16.9975 W.
    #expect(try line(#"{ "duration": 600, "speed": 0.5 }"#) == "    running: power 17 W")
  }

  @Test func aRunWithAWalkAveragesTheFormOverItsRunningSamples() throws {
    // Samples every 30 s: 10 at 3.0 m/s (0–270 s), 11 at 1.0 m/s walking (300–600 s: the
    // course's end instant, 600 s, still reads its last segment, docs/models.md).
    // Power (10 × 203.97 + 11 × 33.995) / 21 = 2413.645 / 21 = 114.935 W; stride, contact and
    // oscillation only from the running part: 1.1138614 m, 270.570571 ms, 7.951524 cm.
    #expect(
      try line(#"{ "duration": 300, "speed": 3.0 }, { "duration": 300, "speed": 1.0 }"#)
        == "    running: power 115 W, stride 1.11 m, ground contact 271 ms, "
        + "vertical oscillation 8.0 cm")
  }
}

/// A ride's summary line names the cycling sensors it lacks (docs/command-line.md#run,
/// docs/healthkit-behaviour.md#cycling-sensors): a ride records power, cadence and speed only
/// from the sensors `watch.cyclingSensors` connects, none by default, so a line without them
/// says so instead of leaving a ride without speed unmentioned.
@Suite("A ride's summary line and its unconnected cycling sensors")
struct CyclingSummaryLineTests {
  /// A 5-minute indoor ride at 8 m/s and 200 W with the speed sensor's noise off; `sensors` is
  /// the JSON array of `watch.cyclingSensors`.
  func line(_ sensors: String) throws -> String? {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "cycling", "location": "indoor",
        "watch": { "cyclingSensors": \(sensors) },
        "course": [ { "duration": 400, "speed": 8, "power": 200 } ],
        "sensors": { "cyclingSpeed": { "noise": 0 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 300, "do": "end" } ] }
      """)
    let record = try #require(try Simulation.run(scenario).records.first)
    return RunSummary.metricsLine(for: record)
  }

  @Test func aRideWithoutSensorsNamesAllThree() throws {
    // No speed to average: the line is the note alone, the three in the docs' order.
    #expect(
      try line("[]")
        == "    cycling: no power meter, cadence sensor or speed sensor connected (watch.cyclingSensors)"
    )
  }

  @Test func aRideWithSomeSensorsNamesTheOthers() throws {
    // 8 m/s × 3.6 = 28.8 km/h, then the missing ones: two joined by "or", one alone.
    #expect(
      try line(#"["speed"]"#)
        == "    cycling speed: average 28.8 km/h; no power meter or cadence sensor connected (watch.cyclingSensors)"
    )
    #expect(
      try line(#"["power", "speed"]"#)
        == "    cycling speed: average 28.8 km/h; no cadence sensor connected (watch.cyclingSensors)"
    )
    // All three connected: the average alone.
    #expect(
      try line(#"["power", "cadence", "speed"]"#) == "    cycling speed: average 28.8 km/h")
  }
}

/// The summary's line per activity of a multisport workout (new-user trial 29,
/// docs/command-line.md#run): type, duration, distance, energy, as the JSON's `activities`.
@Suite("A multisport workout's activities in the summary")
struct MultisportSummaryLineTests {
  /// Swim 100 s at 0.8 m/s (80 m of `distanceSwimming`), then run 100 s at 3.2 m/s (320 m of
  /// `distanceWalkingRunning`): two lines after the workout's, each 0:01:40 and its distance,
  /// then its energy in whole kcal; a workout without activities has none.
  @Test func eachActivityHasALine() throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimBikeRun", "location": "outdoor",
        "course": [ { "duration": 100, "speed": 0.8 }, { "duration": 100, "speed": 3.2 } ],
        "timeline": [
          { "at": 0, "do": "start" },
          { "at": 0, "do": "beginActivity", "activity": "swimming", "swimmingLocationType": "openWater" },
          { "at": 100, "do": "beginActivity", "activity": "running" },
          { "at": 200, "do": "end" } ] }
      """)
    let lines = RunSummary.text(for: try Simulation.run(scenario)).split(separator: "\n")
    let activities = lines.filter { $0.hasPrefix("    activity ") }
    #expect(activities.count == 2)
    #expect(activities.first?.hasPrefix("    activity 1: swimming, 0:01:40, 80 m, ") == true)
    #expect(activities.last?.hasPrefix("    activity 2: running, 0:01:40, 320 m, ") == true)
    #expect(activities.allSatisfy { $0.hasSuffix(" kcal") })
    let single = try Simulation.run(bundledScenario("rowing.json"))
    #expect(!RunSummary.text(for: single).contains("    activity "))
  }
}
