import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

/// The course built from a recording, against small inputs worked out by hand.
@Suite struct RecordingCourseTests {
  static func seconds(_ value: Int64) -> SimulationInstant { .seconds(value) }

  @Test func timeZeroGapsAndSpeedFallbacks() throws {
    let recording = Recording(
      format: .fit,
      points: [
        RecordingPoint(time: 1000, speed: 2),
        RecordingPoint(time: 1004, speed: 4),
        RecordingPoint(time: 1020, distance: 100),
        RecordingPoint(time: 1030, latitude: 0, longitude: 0, distance: 150),
        RecordingPoint(time: 1030, speed: 99),  // repeated time stamp: dropped
        RecordingPoint(time: 1032, latitude: 0, longitude: 0.0005),
      ])
    let replay = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: false)
    let course = replay.course
    #expect(replay.firstTimestamp == 1000)
    // t = 0 at 1000: points at 0, 4, 20, 30, 32 s; segments between them.
    #expect(course.starts == [0, 4, 20, 30].map(Self.seconds))
    #expect(course.end == .seconds(32))
    #expect(
      course.segments.map(\.duration) == [.seconds(4), .seconds(16), .seconds(10), .seconds(2)])
    // 0→4: both speeds, (2 + 4) / 2 = 3. 4→20: 16 s > 10 s, a stop. 20→30: exactly 10 s is
    // movement; no speed at 30, distances (150 − 100) / 10 = 5. 30→32: positions only:
    // haversine of 0.0005° of longitude on the equator = 6 371 008.8 × 0.0005 × π / 180
    // = 55.59754 m, over 2 s.
    let speeds = course.segments.map { $0.speed ?? -1 }
    #expect(speeds[0] == 3)
    #expect(speeds[1] == 0)
    #expect(speeds[2] == 5)
    #expect(abs(speeds[3] - 6_371_008.8 * 0.0005 * Double.pi / 180 / 2) < 1e-9)
    #expect(abs(speeds[3] - 27.79877) < 1e-5)
    // No altitude anywhere: grade 0.
    #expect(course.segments.allSatisfy { $0.grade == 0 })
    // Two points have positions.
    #expect(course.track.map(\.instant) == [.seconds(30), .seconds(32)])
    #expect(replay.hasPositions)
  }

  @Test func gradeIsSmoothedOverFiftyMetresEachWay() throws {
    // 21 points 1 s apart at 10 m/s: travelled distance 0, 10, ..., 200 m. Altitude climbs
    // 10 % (1 m per 10 m) with ±2 m of alternating noise: raw grades would be (1 ± 4) / 10,
    // 50 % and −30 %.
    let points = (0...20).map { index in
      RecordingPoint(
        time: Double(index), altitude: Double(index) + (index % 2 == 0 ? 2 : -2), speed: 10)
    }
    let course = try RecordingCourse(
      recording: Recording(format: .fit, points: points), activity: .running,
      recordedHeartRate: false
    ).course
    #expect(course.segments.count == 20)
    // Segment i has its midpoint at 10i + 5 m; its window [10i − 45, 10i + 55] lies inside
    // [0, 200] for i = 5...14. Both window ends fall halfway between points, where the
    // interpolated noise is (2 − 2) / 2 = 0, so the grade is (1.0 × 10 m per 100 m) = 0.1.
    for index in 5...14 {
      #expect(abs(course.segments[index].grade - 0.1) < 1e-12, "segment \(index)")
    }
    // Segment 0: window cut to [0, 55]: A(0) = 0 + 2 = 2, A(55) = 5.5 + 0 = 5.5:
    // (5.5 − 2) / 55 = 0.0636...
    #expect(abs(course.segments[0].grade - 3.5 / 55) < 1e-12)
    // Segment 19: window cut to [145, 200]: A(145) = 14.5, A(200) = 20 + 2 = 22:
    // 7.5 / 55 = 0.136...
    #expect(abs(course.segments[19].grade - 7.5 / 55) < 1e-12)
  }

  @Test func gradeIsClampedToFortyFivePercent() throws {
    // 0, 10, 20 m at altitudes 0, 0, 100: segment 1 (midpoint 15 m, window cut to [0, 20])
    // has (100 − 0) / 20 = 5, clamped to 0.45; segment 0 (midpoint 5, window [0, 20]) too.
    let points = [
      RecordingPoint(time: 0, altitude: 0, speed: 10),
      RecordingPoint(time: 1, altitude: 0, speed: 10),
      RecordingPoint(time: 2, altitude: 100, speed: 10),
    ]
    let course = try RecordingCourse(
      recording: Recording(format: .gpx, points: points), activity: .walking,
      recordedHeartRate: false
    ).course
    #expect(course.segments.map(\.grade) == [0.45, 0.45])
  }

  @Test func recordedHeartRateIsInterpolatedAndStopsHaveNone() throws {
    let points = [
      RecordingPoint(time: 500, speed: 3, heartRate: 100),
      RecordingPoint(time: 504, speed: 3, heartRate: 120),
      RecordingPoint(time: 520, speed: 3, heartRate: 140),
      RecordingPoint(time: 524, speed: 3, heartRate: 150),
      RecordingPoint(time: 526, speed: 3, heartRate: 0),  // no reading: 0 is not a heart rate
    ]
    let recording = Recording(format: .tcx, points: points)
    let course = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: true
    ).course
    #expect(course.recordedHeartRate.map(\.instant) == [0, 4, 20, 24].map(Self.seconds))
    // Halfway between 100 at 0 s and 120 at 4 s: 110.
    #expect(course.recordedHeartRate(at: .seconds(2)) == 110)
    // 4 → 20 s is a 16 s gap: a stop, no recorded heart rate inside it.
    #expect(course.recordedHeartRate(at: .seconds(10)) == nil)
    #expect(course.segments[1].speed == 0)
    // 20 → 24 s: 140 + (150 − 140) × 2 / 4 = 145.
    #expect(course.recordedHeartRate(at: .seconds(22)) == 145)
    let modelled = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: false
    ).course
    #expect(modelled.recordedHeartRate.isEmpty)
  }

  @Test func cadenceOnFootIsDoubledAndCyclingKeepsRpmAndPower() throws {
    let points = [
      RecordingPoint(time: 0, speed: 3, cadence: 80, power: 200),
      RecordingPoint(time: 5, speed: 3, cadence: 90, power: 220),
      RecordingPoint(time: 10, speed: 3),
    ]
    let recording = Recording(format: .fit, points: points)
    let run = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: false)
    // (80 + 90) / 2 = 85 strides/min = 170 steps/min; then 90 alone → 180; no power on foot.
    #expect(run.course.segments.map(\.cadence) == [170, 180])
    #expect(run.course.segments.map(\.power) == [nil, nil])
    let ride = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false)
    #expect(ride.course.segments.map(\.cadence) == [85, 90])
    #expect(ride.course.segments.map(\.power) == [210, 220])
    #expect(!ride.hasPositions)
  }
}

/// Recording scenarios through ``Simulation``: the file next to the scenario, `start`, `route`,
/// and errors.
@Suite struct RecordingScenarioTests {
  /// A GPX track of five points 5 s apart from 2024-05-01T06:00:00Z (1714543200 s: 19844 days ×
  /// 86400 + 6 × 3600), heading north 0.0001° (11.1 m) per point, altitude 100, 101, ... m.
  static let gpx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><type>running</type><trkseg>
        <trkpt lat="48.0000" lon="11.0"><ele>100</ele><time>2024-05-01T06:00:00Z</time></trkpt>
        <trkpt lat="48.0001" lon="11.0"><ele>101</ele><time>2024-05-01T06:00:05Z</time></trkpt>
        <trkpt lat="48.0002" lon="11.0"><ele>102</ele><time>2024-05-01T06:00:10Z</time></trkpt>
        <trkpt lat="48.0003" lon="11.0"><ele>103</ele><time>2024-05-01T06:00:15Z</time></trkpt>
        <trkpt lat="48.0004" lon="11.0"><ele>104</ele><time>2024-05-01T06:00:20Z</time></trkpt>
      </trkseg></trk>
    </gpx>
    """

  /// Writes `files` into a fresh folder and returns the scenario decoded from `scenario.json`.
  static func scenario(_ json: String, files: [String: [UInt8]] = ["track.gpx": Array(gpx.utf8)])
    throws -> Scenario
  {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("workout-sim-replay-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, bytes) in files {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    let url = folder.appendingPathComponent("scenario.json")
    try Data(json.utf8).write(to: url)
    return try Scenario.load(contentsOf: url, displayName: "scenario.json")
  }

  static let replay = """
    { "version": 1, "timeZone": "Europe/Berlin",
      "course": { "recording": "track.gpx" },
      "timeline": [ { "at": 0, "do": "prepare" }, { "at": 5, "do": "start" },
                    { "at": 12, "do": "end" } ] }
    """

  @Test func startDefaultsToTheFirstTimeStampAndRouteCoversTheRecord() throws {
    let result = try Simulation.run(try Self.scenario(Self.replay))
    let document = result.document(includeSamples: true)
    // 06:00:00Z is 08:00:00 in Berlin summer time (+02:00).
    #expect(document["start"] == .string("2024-05-01T08:00:00+02:00"))
    #expect(document["timeZone"] == .string("Europe/Berlin"))
    guard case .array(let records)? = document["records"], let record = records.first else {
      Issue.record("no record")
      return
    }
    #expect(record["startDate"] == .string("2024-05-01T08:00:05+02:00"))
    // The record spans 5...12 s: the track points at 5 and 10 s.
    #expect(
      record["route"]
        == .array([
          .array([.number(5), .number(48.0001), .number(11), .number(101)]),
          .array([.number(10), .number(48.0002), .number(11), .number(102)]),
        ]))
    guard case .array(let plain)? = result.document()["records"] else { return }
    #expect(plain.first?["route"] == nil)
  }

  @Test func anExplicitStartWins() throws {
    let json = Self.replay.replacingOccurrences(
      of: "\"version\": 1,", with: "\"version\": 1, \"start\": \"2026-03-02T07:30:00+01:00\",")
    let document = try Simulation.run(try Self.scenario(json)).document()
    #expect(document["start"] == .string("2026-03-02T07:30:00+01:00"))
  }

  @Test func gpxExportNeedsPositions() throws {
    let segments = """
      { "version": 1, "course": [ { "duration": 60, "speed": 2 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "end" } ] }
      """
    #expect(throws: SimulationError.self) {
      try Simulation.run(
        try Self.scenario(segments), overrides: RunOverrides(requiresPositions: true))
    }
    _ = try Simulation.run(
      try Self.scenario(Self.replay), overrides: RunOverrides(requiresPositions: true))
  }

  @Test func missingRecordingCannotBeOpened() throws {
    let json = Self.replay.replacingOccurrences(of: "track.gpx", with: "nothing.gpx")
    let scenario = try Self.scenario(json)
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(error.isUnopenableInput)
    #expect(error.path == "course.recording")
    #expect(error.description.contains("nothing.gpx"))
  }

  @Test func badRecordingNamesTheFileAndTheProblem() throws {
    let json = Self.replay.replacingOccurrences(of: "track.gpx", with: "bad.fit")
    let scenario = try Self.scenario(json, files: ["bad.fit": Array("hello".utf8)])
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(!error.isUnopenableInput)
    guard case .notFIT(let file, _)? = error.recordingError else {
      Issue.record("not a FIT error: \(error)")
      return
    }
    #expect(file.hasSuffix("/bad.fit"))
    #expect(error.description.contains("bad.fit: not a FIT file"))
  }

  /// Errors name the scenario file (not its `name`) and the recording as found from the
  /// working folder.
  @Test func errorsNameTheScenarioFileAndTheRecordingPath() throws {
    let json = Self.replay.replacingOccurrences(
      of: "\"version\": 1,", with: "\"version\": 1, \"name\": \"Lunch run\","
    )
    .replacingOccurrences(of: "track.gpx", with: "missing.gpx")
    let scenario = try Self.scenario(json)
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    let folder = try #require(scenario.sourceURL).deletingLastPathComponent().path
    #expect(
      error.description
        == "\(folder)/scenario.json: course.recording: \(folder)/missing.gpx: cannot read file: no such file"
    )
  }

  @Test func aFolderIsNotARecording() throws {
    let scenario = try Self.scenario(
      Self.replay.replacingOccurrences(of: "track.gpx", with: "d.gpx"))
    let folder = try #require(scenario.sourceURL).deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("d.gpx"), withIntermediateDirectories: true)
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    #expect(error.description.hasSuffix("d.gpx: cannot read file: it is a folder"))
  }

  /// `"recorded"` for a file without heart rate is a mistake worth saying, not a silent switch
  /// to the model.
  @Test func recordedHeartRateNeedsReadings() throws {
    let json = Self.replay.replacingOccurrences(
      of: "\"recording\": \"track.gpx\"",
      with: "\"recording\": \"track.gpx\", \"heartRate\": \"recorded\"")
    let error = try #require(throws: SimulationError.self) {
      try Simulation.run(try Self.scenario(json))
    }
    #expect(error.path == "course.heartRate")
    #expect(error.message.contains("holds no heart rate"))
  }

  /// A latitude of 100° would become thousands of kilometres: the reader refuses it.
  @Test func impossiblePositionsAreRefused() throws {
    let bad = Self.gpx.replacingOccurrences(of: "lat=\"48.0002\"", with: "lat=\"100\"")
    let scenario = try Self.scenario(Self.replay, files: ["track.gpx": Array(bad.utf8)])
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    guard case .implausibleValue(_, let point, let message)? = error.recordingError else {
      Issue.record("not an implausible value: \(error)")
      return
    }
    #expect(point == 2)
    #expect(message == "latitude 100.0 is outside -90...90 degrees")
  }
}
