import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimulation

/// The replay rules on the bundled files and through ``Simulation``: warnings, too few timed
/// points, the replay plan (docs/recordings.md).
@Suite struct ReplayRulesTests {
  static let recordings: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Data/recordings").path
  }()

  /// The bundled TCX walk replayed whole: its four laps' DistanceMeters sum to 1000 + 1000 +
  /// 1000 + 988.82 = 3988.82 m (the last point's DistanceMeters too). Four of its gaps of more
  /// than 10 s move under 0.2 m/s by the file's own distances and are stops: 1742.75 → 1744.72
  /// in 11 s, 1744.72 → 1744.92 in 13 s, 1744.92 → 1745.31 in 39 s, 3984.84 → 3988.82 in 29 s:
  /// 1.97 + 0.20 + 0.39 + 3.98 = 6.54 m. So the replay walks 3988.82 − 6.54 = 3982.28 m (the
  /// file stores single-precision distances, hence the tolerance).
  @Test func theBundledWalkReplaysToItsOwnDistanceLessItsStops() throws {
    let recording = try Recording.read(
      path: Self.recordings + "/walk-hilly--walking_activity_1.tcx")
    #expect(recording.laps.compactMap(\.totalDistance).reduce(0, +) == 3988.82)
    let replay = try RecordingCourse(
      recording: recording, activity: .walking, recordedHeartRate: false)
    var metres = 0.0
    for segment in replay.course.segments {
      metres += (segment.speed ?? 0) * segment.duration.secondsValue
    }
    #expect(abs(metres - 3982.28) < 0.01)
    #expect(replay.duration == 4495)
    #expect(replay.course.segments.filter { $0.speed == 0 }.count >= 4)
    #expect(replay.droppedJumps == 0)
  }

  /// The bundled GPX ride (931 points, 17:26:09 to 18:07:18: 41 min 9 s = 2469 s) with one
  /// point in the middle set 1 h 10 min late: that point alone is dropped (with a warning), not
  /// the some 600 points whose time stamps lie before it.
  @Test func aLatePointInTheBundledRideIsDroppedAlone() throws {
    var recording = try Recording.read(path: Self.recordings + "/ride-hilly--riderx3.gpx")
    #expect(recording.points.count == 931)
    let intact = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false)
    #expect(intact.duration == 2469)
    #expect(intact.droppedOutOfOrder == 0)
    recording.points[465].time += 70 * 60
    let replay = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false)
    #expect(replay.droppedOutOfOrder == 1)
    #expect(replay.duration == 2469)
    #expect(replay.course.track.count == 930)
    #expect(
      replay.warnings(file: "ride.gpx", recording: recording)
        == ["ride.gpx: dropped 1 point whose time stamp is out of order"])
  }

  /// The bundled GPX ride's gaps over 10 s (docs/recordings.md, "Stops"): from 1555 s (6.0 m in
  /// 71 s) and 1635 s (6.5 m in 59 s) under 0.2 m/s, stops; from 633 s (10.00 m in 23 s, 0.435
  /// m/s), 1122 s (8.575 m in 27 s, 0.318 m/s) and 2141 s (94.36 m in 172 s, 0.549 m/s) under
  /// 2 km/h (0.5556 m/s), on foot; the others (1.02 to 1.31 m/s, and 124.4 m in 143 s from
  /// 2322 s, 0.87 m/s) ridden. Distances are the great-circle distances of the points'
  /// positions (the file has no distances).
  @Test func theBundledRideWalksThreeGaps() throws {
    let recording = try Recording.read(path: Self.recordings + "/ride-hilly--riderx3.gpx")
    let course = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false
    ).course
    let onFoot = course.segments.indices.filter { course.segments[$0].onFoot }
    #expect(onFoot.map { course.starts[$0] } == [633, 1122, 2141].map { .seconds($0) })
    #expect(
      onFoot.map { course.segments[$0].duration } == [.seconds(23), .seconds(27), .seconds(172)])
    let speeds = onFoot.map { course.segments[$0].speed ?? 0 }
    try #require(speeds.count == 3)
    #expect(abs(speeds[0] - 10.00 / 23) < 0.001)
    #expect(abs(speeds[1] - 8.575 / 27) < 0.001)
    #expect(abs(speeds[2] - 94.36 / 172) < 0.001)
  }

  /// A TCX activity of 7 points 10 s apart at 5 m/s (0 to 60 s, 0 to 300 m) from 06:00:00Z on
  /// 2024-05-0`day`, one lap; `points` fewer cut it short.
  static func activity(_ sport: String, day: Int, hour: Int = 6, points: Int = 7) -> String {
    var x = "<Activity Sport=\"\(sport)\"><Lap StartTime=\"2024-05-0\(day)T0\(hour):00:00Z\">"
    x += "<TotalTimeSeconds>\((points - 1) * 10)</TotalTimeSeconds><Track>"
    for index in 0..<points {
      x +=
        "<Trackpoint><Time>2024-05-0\(day)T0\(hour):0\(index / 6):\(index % 6)0Z</Time><DistanceMeters>\(index * 50)</DistanceMeters></Trackpoint>"
    }
    return x + "</Track></Lap></Activity>"
  }

  static func tcx(_ activities: String...) -> [UInt8] {
    Array(
      ("<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Activities>"
        + activities.joined() + "</Activities></TrainingCenterDatabase>").utf8)
  }

  /// Two TCX activities a day apart: each record lasts its own 60 s and 300 m (the day between
  /// is no workout time), for two sports and for the same sport twice (two records, not one
  /// with a day inside). Listed in reverse order, they are sorted by start.
  @Test func multisportPartsEndAtTheirOwnLastTimeStamp() throws {
    let cases: [([UInt8], [String])] = [
      (
        Self.tcx(Self.activity("Running", day: 1), Self.activity("Biking", day: 2)),
        ["running", "cycling"]
      ),
      (
        Self.tcx(Self.activity("Running", day: 1), Self.activity("Running", day: 2)),
        ["running", "running"]
      ),
      (
        Self.tcx(Self.activity("Biking", day: 2), Self.activity("Running", day: 1)),
        ["running", "cycling"]
      ),
    ]
    for (bytes, activities) in cases {
      let (_, plan, records) = try ExportRoundTripTests.replay(bytes, name: "multi.tcx")
      // The second part starts 24 h = 86 400 s after the first; the first ends at 60 s.
      #expect(plan.parts.map(\.start) == [0, 86_400])
      #expect(plan.parts.first?.end == 60)
      #expect(records.map { $0["activityType"] } == activities.map { .string($0) })
      #expect(try records.map { try ExportRoundTripTests.number($0["duration"]) } == [60, 60])
      for record in records {
        let metres = try ExportRoundTripTests.number(record["totalDistance"])
        #expect(abs(metres - 300) <= 3, "\(metres) m")
      }
    }
  }

  /// A ride from 06:00:00 to 06:00:30Z inside a run from 06:00:00 to 06:01:00Z: the ride starts
  /// before the run ends, so it is dropped with a warning that names it; the run stays whole.
  @Test func anOverlappingActivityIsDroppedWithAWarning() throws {
    let recording = try Recording.decode(
      Self.tcx(Self.activity("Running", day: 1), Self.activity("Biking", day: 1, points: 4)),
      format: .tcx, file: "over.tcx")
    #expect(recording.sessions.map(\.sport) == ["Running"])
    #expect(recording.points.count == 7)
    let replay = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: false)
    #expect(replay.duration == 60)
    #expect(
      replay.warnings(file: "over.tcx", recording: recording)
        == ["over.tcx: dropped activity 2 (Biking), which starts before activity 1 ends"])
  }

  /// Points 400 and 401 of the bundled ride moved 1° (111 km) north: a run of two GPS jumps,
  /// dropped (not capped, which added 2.4 %), so the distance stays within 0.1 % of the
  /// intact ride's (only the corner across the two points is cut).
  @Test func twoJumpPointsInTheBundledRideAreDropped() throws {
    var recording = try Recording.read(path: Self.recordings + "/ride-hilly--riderx3.gpx")
    func metres(_ replay: RecordingCourse) -> Double {
      replay.course.segments.reduce(0) { $0 + ($1.speed ?? 0) * $1.duration.secondsValue }
    }
    let intact = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false)
    for index in [400, 401] { recording.points[index].latitude? += 1 }
    let replay = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false)
    #expect(replay.droppedJumps == 2)
    #expect(replay.cappedSegments == 0)
    #expect(replay.duration == intact.duration)
    #expect(abs(metres(replay) - metres(intact)) <= 0.001 * metres(intact))
  }

  static let twoPoints = """
    <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
    <trkpt lat="48" lon="11"><time>2024-05-01T06:00:00Z</time></trkpt>
    <trkpt lat="48.0001" lon="11"><time>2024-05-01T06:00:10Z</time></trkpt>
    </trkseg></trk></gpx>
    """

  @Test func aTimelinePastTheRecordingWarns() throws {
    // The recording lasts 10 s; the timeline ends at 70 s: 60 s past it.
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "two.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 70, "do": "end" } ] }
      """, files: ["two.gpx": Array(Self.twoPoints.utf8)])
    let result = try Simulation.run(scenario)
    #expect(result.warnings.count == 1)
    let warning = try #require(result.warnings.first)
    let folder = try #require(scenario.sourceURL).deletingLastPathComponent().path
    #expect(
      warning
        == "\(folder)/scenario.json: the timeline's last action at 70 s lies 60 s past the end of the recording \(folder)/two.gpx, which lasts 10 s; the body stands still after it"
    )
    #expect(warning.hasSuffix("two.gpx, which lasts 10 s; the body stands still after it"))
    #expect(result.document()["warnings"] == .array([.string(warning)]))
    // No warning, no key: the document of every other run keeps its bytes.
    let inside = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "two.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 10, "do": "end" } ] }
      """, files: ["two.gpx": Array(Self.twoPoints.utf8)])
    #expect(try Simulation.run(inside).document()["warnings"] == nil)
  }

  @Test func aGPSJumpIsAWarningNotAnError() throws {
    let jump = Self.twoPoints.replacingOccurrences(
      of: "<trkpt lat=\"48.0001\"",
      with:
        "<trkpt lat=\"49\" lon=\"11\"><time>2024-05-01T06:00:05Z</time></trkpt><trkpt lat=\"48.0001\""
    )
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "jump.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 10, "do": "end" } ] }
      """, files: ["jump.gpx": Array(jump.utf8)])
    let result = try Simulation.run(scenario)
    // 1° of latitude (111 km) in 5 s each way: dropped.
    #expect(result.warnings.count == 1)
    #expect(
      result.warnings.first?.hasSuffix(
        "jump.gpx: dropped 1 point implying more than 50 m/s (GPS jumps)") == true)
    #expect(result.records.count == 1)
  }

  @Test func untimedPointsAfterTheLastTimedOneAreAWarning() throws {
    let trailing = Self.twoPoints.replacingOccurrences(
      of: "</trkseg>", with: "<trkpt lat=\"48.0002\" lon=\"11\"></trkpt></trkseg>")
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "tail.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 10, "do": "end" } ] }
      """, files: ["tail.gpx": Array(trailing.utf8)])
    let result = try Simulation.run(scenario)
    #expect(result.warnings.count == 1)
    #expect(
      result.warnings.first?.hasSuffix(
        "tail.gpx: dropped 1 point without a time stamp before the first or after the last timed point"
      ) == true)
  }

  @Test func fewerThanTwoTimedPointsIsADataErrorNamingTheFile() throws {
    let one = """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="48" lon="11"><time>2024-05-01T06:00:00Z</time></trkpt>
      </trkseg></trk></gpx>
      """
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "one.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 10, "do": "end" } ] }
      """, files: ["one.gpx": Array(one.utf8)])
    let error = try #require(throws: SimulationError.self) { try Simulation.run(scenario) }
    guard case .tooFewTimedPoints(let file, let count)? = error.recordingError else {
      Issue.record("not tooFewTimedPoints: \(error)")
      return
    }
    #expect(file.hasSuffix("/one.gpx"))
    #expect(count == 1)
    #expect(
      error.message.hasSuffix(
        "one.gpx: 1 track point with a time stamp; a replay needs at least two"))
    #expect(!error.isUnopenableInput)
  }

  @Test func sportNamesMapToActivities() {
    let cases: [(String?, WorkoutActivityType?)] = [
      ("running", .running), ("Running", .running), ("cycling", .cycling), ("Biking", .cycling),
      ("walking", .walking), ("hiking", .hiking), ("mountaineering", .hiking),
      ("swimming", .swimming), ("Other", .other), ("generic", .other), ("ride", .cycling),
      (nil, nil),
    ]
    for (sport, activity) in cases {
      #expect(ReplayPlan.activity(forSport: sport) == activity, "\(sport ?? "nil")")
    }
  }

  /// A multisport file: run, run, ride sessions; timer stopped from 100 to 130 s; laps at 0, 60
  /// and 200 s (the ride's own start, which the new session already marks).
  @Test func aMultisportPlanHasOneWorkoutPerSport() throws {
    let origin = 1_000_000.0
    var run1 = RecordingSummary()
    run1.sport = "running"
    run1.startTime = origin
    run1.totalTimerTime = 100
    run1.totalDistance = 300
    run1.averageHeartRate = 140
    run1.maximumHeartRate = 150
    var run2 = run1
    run2.startTime = origin + 130
    run2.totalTimerTime = 70
    run2.totalDistance = 200
    run2.averageHeartRate = 150
    run2.maximumHeartRate = 160
    var ride = RecordingSummary()
    ride.sport = "cycling"
    ride.startTime = origin + 200
    var laps = [RecordingSummary(), RecordingSummary(), RecordingSummary()]
    for (index, start) in [0.0, 60, 200].enumerated() { laps[index].startTime = origin + start }
    let points = stride(from: 0.0, through: 300, by: 10).map {
      RecordingPoint(time: origin + $0, distance: $0 * 3, heartRate: 120)
    }
    let recording = Recording(
      format: .fit, sport: "running", points: points, laps: laps, session: run1,
      sessions: [run1, run2, ride],
      timerEvents: [
        RecordingTimerEvent(time: origin, kind: .start),
        RecordingTimerEvent(time: origin + 100, kind: .stop),
        RecordingTimerEvent(time: origin + 130, kind: .start),
      ])
    let plan = try ReplayPlan(
      recording: recording, path: "multi.fit", name: "Multi", activity: nil, seed: 4)
    #expect(plan.parts.map(\.activity) == [.running, .cycling])
    #expect(plan.parts.map(\.start) == [0, 200])
    // The two runs merge: 100 + 70 s, 300 + 200 m, maximum 160, heart rate weighted by time
    // (140 × 100 + 150 × 70) / 170 = 24500 / 170 = 144.1176...
    let totals = try #require(plan.parts[0].totals)
    #expect(totals.totalTimerTime == 170)
    #expect(totals.totalDistance == 500)
    #expect(totals.maximumHeartRate == 160)
    #expect(abs((totals.averageHeartRate ?? 0) - 24500.0 / 170) < 1e-12)
    let expected = """
      [{"at":0,"do":"prepare"},{"at":0,"do":"start"},{"at":60,"do":"lap"},{"at":100,"do":"pause"},{"at":130,"do":"resume"},{"at":200,"do":"end"},{"activity":"cycling","at":200,"do":"newSession"},{"at":200,"do":"start"},{"at":300,"do":"end"}]
      """
    guard let timeline = plan.scenario["timeline"] else {
      Issue.record("no timeline")
      return
    }
    #expect(JSONWriter.encode(timeline, style: .compact) == expected)
    #expect(plan.scenario["seed"] == .number(4))
    #expect(plan.scenario["activity"] == .string("running"))
    #expect(plan.scenario["course"]?["heartRate"] == .string("recorded"))
  }
}
