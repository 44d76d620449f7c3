import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// The course built from a recording, against small inputs worked out by hand.
@Suite struct RecordingCourseTests {
  static func seconds(_ value: Int64) -> SimulationInstant { .seconds(value) }

  @Test func timeZeroDistancesFromTheNearestPointsAndFallbacks() throws {
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
    #expect(replay.duration == 32)
    // t = 0 at 1000: points at 0, 4, 20, 30, 32 s; segments between them.
    #expect(course.starts == [0, 4, 20, 30].map(Self.seconds))
    #expect(course.end == .seconds(32))
    #expect(
      course.segments.map(\.duration) == [.seconds(4), .seconds(16), .seconds(10), .seconds(2)])
    // Distances: 100 m at 20 s and 150 m at 30 s; the first point has none, so it counts as
    // 0 m (100 m in 20 s is 5 m/s, a speed a body reaches); 4 s is interpolated in time:
    // 0 + 100 × 4 / 20 = 20 m. 0→4: 20 / 4 = 5 (the recorded speeds 2 and 4 are not used);
    // 4→20: 80 / 16 = 5, a 16 s gap that moves, so it is travelled; 20→30: 50 / 10 = 5.
    // 30→32: past the last distance, positions: haversine of 0.0005° of longitude on the
    // equator = 6 371 008.8 × 0.0005 × π / 180 = 55.59754 m, over 2 s.
    let speeds = course.segments.map { $0.speed ?? -1 }
    #expect(speeds[0] == 5)
    #expect(speeds[1] == 5)
    #expect(speeds[2] == 5)
    #expect(abs(speeds[3] - 6_371_008.8 * 0.0005 * Double.pi / 180 / 2) < 1e-9)
    #expect(abs(speeds[3] - 27.79877) < 1e-5)
    // No altitude anywhere: grade 0.
    #expect(course.segments.allSatisfy { $0.grade == 0 })
    // Two points have positions.
    #expect(course.track.map(\.instant) == [.seconds(30), .seconds(32)])
    #expect(replay.hasPositions)
  }

  @Test func recordedSpeedIsTheLastFallback() throws {
    // No distances, no positions: the mean of the recorded speeds present, (2 + 4) / 2 = 3,
    // then 4 alone (the last point has none).
    let points = [
      RecordingPoint(time: 0, speed: 2), RecordingPoint(time: 4, speed: 4),
      RecordingPoint(time: 8),
    ]
    let course = try RecordingCourse(
      recording: Recording(format: .gpx, points: points), activity: .running,
      recordedHeartRate: false
    ).course
    #expect(course.segments.map(\.speed) == [3, 4])
  }

  @Test func aLongGapIsAStopOnlyWithoutMovement() throws {
    // 0→5 s: 5 m, 1 m/s. 5→65 s: a 60 s gap moving 5 m = 0.083 m/s, under 0.2 m/s: a stop.
    // 65→125 s: a 60 s gap moving 60 m = 1 m/s: smart recording, travelled at 1 m/s.
    // 125→137 s: 12 s moving 2.4 m = exactly 0.2 m/s: not under the limit, travelled.
    let points = [
      RecordingPoint(time: 0, distance: 0), RecordingPoint(time: 5, distance: 5),
      RecordingPoint(time: 65, distance: 10), RecordingPoint(time: 125, distance: 70),
      RecordingPoint(time: 137, distance: 72.4),
    ]
    let course = try RecordingCourse(
      recording: Recording(format: .tcx, points: points), activity: .walking,
      recordedHeartRate: false
    ).course
    let speeds = course.segments.map { $0.speed ?? -1 }
    #expect(speeds[0] == 1)
    #expect(speeds[1] == 0)
    #expect(speeds[2] == 1)
    #expect(abs(speeds[3] - 0.2) < 1e-12)
    #expect(RecordingCourse.stopSpeed == 0.2)
  }

  /// On foot on a ride (docs/recordings.md, "Stops"; docs/models.md#on-foot-on-a-ride): every
  /// point pedals 80 rpm at 200 W. 0→5 s: 25 m, 5 m/s, ridden. 5→25 s: 10 m in 20 s, 0.5 m/s,
  /// under 2 km/h = 0.5556 m/s and longer than 10 s: on foot, without power or cadence.
  /// 25→45 s: 12 m in 20 s, 0.6 m/s: ridden. 45→55 s: 3 m in 10 s, 0.3 m/s but not longer than
  /// 10 s: ridden. 55→75 s: 2 m in 20 s, 0.1 m/s: a stop, as before. Walked, no segment is on
  /// foot in this sense (the cadence is doubled to steps).
  @Test func aSlowRiddenGapIsOnFoot() throws {
    let points = [(0.0, 0.0), (5, 25), (25, 35), (45, 47), (55, 50), (75, 52)].map {
      RecordingPoint(time: $0.0, distance: $0.1, cadence: 80, power: 200)
    }
    let recording = Recording(format: .fit, points: points)
    let ride = try RecordingCourse(
      recording: recording, activity: .cycling, recordedHeartRate: false
    ).course
    #expect(RecordingCourse.slowestRiddenSpeed == 2 / 3.6)
    #expect(ride.segments.map(\.onFoot) == [false, true, false, false, false])
    let speeds = ride.segments.map { $0.speed ?? -1 }
    #expect(speeds[0] == 5)
    #expect(abs(speeds[1] - 0.5) < 1e-12)
    #expect(abs(speeds[2] - 0.6) < 1e-12)
    #expect(abs(speeds[3] - 0.3) < 1e-12)
    #expect(speeds[4] == 0)
    #expect(ride.segments.map(\.power) == [200, nil, 200, 200, nil])
    #expect(ride.segments.map(\.cadence) == [80, nil, 80, 80, nil])
    let walk = try RecordingCourse(
      recording: recording, activity: .walking, recordedHeartRate: false
    ).course
    #expect(walk.segments.allSatisfy { !$0.onFoot })
    #expect(walk.segments.map(\.cadence) == [160, 160, 160, 160, nil])
  }

  @Test func aStoppedTimerIsAStopAndDistanceFollowsTimerTime() throws {
    // The timer stops at 10 s and starts at 20 s (times from 2000). Distances 0 at 0 s, 20 m
    // at 10 s, 30 m at 25 s; the points at 5, 15 and 20 s carry none. Timer time: 0, 5, 10,
    // 10, 10, 15 s, so 5 s gets 0 + 20 × 5 / 10 = 10 m, and 15 and 20 s get 20 m (no timer
    // time has passed since 10 s). Speeds: 0→5 10/5 = 2, 5→10 2, 10→15 and 15→20 stopped (0),
    // 20→25 (30 − 20) / 5 = 2.
    let points = [0.0, 5, 10, 15, 20, 25].map { t in
      RecordingPoint(
        time: 2000 + t, distance: [0: 0, 10: 20, 25: 30][t], heartRate: 100 + t)
    }
    let recording = Recording(
      format: .fit, points: points,
      timerEvents: [
        RecordingTimerEvent(time: 2000, kind: .start),
        RecordingTimerEvent(time: 2010, kind: .stop),
        RecordingTimerEvent(time: 2020, kind: .start),
        RecordingTimerEvent(time: 2025, kind: .stop),
      ])
    #expect(recording.timerStoppedSpans == [2010..<2020])
    let replay = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: true)
    #expect(replay.course.segments.map(\.speed) == [2, 2, 0, 0, 2])
    #expect(replay.timerStops == [10..<20])
    // The reading at 15 s lies inside the stop and is left out; 10 s (the stop itself) and
    // 20 s (the restart) stay.
    #expect(replay.course.recordedHeartRate.map(\.instant) == [0, 5, 10, 20, 25].map(Self.seconds))
  }

  @Test func aSingleLateTimeStampIsTheOutlierNotThePointsAfterIt() throws {
    // 5 m/s every 10 s (50 m a point); the point at 30 s says 30 + 4200 s (1 h 10 min late):
    // 4230 > 40 (the next point) while 20 (the one before) < 40, so it alone is dropped.
    var points = (0...6).map { RecordingPoint(time: Double($0 * 10), distance: Double($0 * 50)) }
    points[3].time += 4200
    let recording = Recording(format: .fit, points: points)
    let replay = try RecordingCourse(
      recording: recording, activity: .running, recordedHeartRate: false)
    #expect(replay.droppedOutOfOrder == 1)
    // Kept: 0, 10, 20, 40, 50, 60 s: 60 s, and 300 m at 5 m/s throughout (20→40: 100 m in 20 s).
    #expect(replay.duration == 60)
    #expect(replay.course.starts == [0, 10, 20, 40, 50].map(Self.seconds))
    #expect(replay.course.segments.allSatisfy { $0.speed == 5 })
    // An early time stamp (the point at 30 s says 5 s, before 20 s and even 10 s, so 20 s is
    // no outlier: 10 < 5 fails) is dropped and counted; a repeat of the time stamp just before
    // (a second point at 50 s) is dropped uncounted: 1 counted, 0…60 s kept without them.
    var early = (0...6).map { RecordingPoint(time: Double($0 * 10), distance: Double($0 * 50)) }
    early[3].time = 5
    early.insert(RecordingPoint(time: 50, distance: 250), at: 6)
    let both = try RecordingCourse(
      recording: Recording(format: .fit, points: early), activity: .running,
      recordedHeartRate: false)
    #expect(both.droppedOutOfOrder == 1)
    #expect(both.course.starts == [0, 10, 20, 40, 50].map(Self.seconds))
    #expect(both.duration == 60)
    #expect(
      replay.warnings(file: "t.fit", recording: recording)
        == ["t.fit: dropped 1 point whose time stamp is out of order"])
  }

  @Test func aGPSJumpIsDroppedAndCounted() throws {
    // Along the equator 0.0001° of longitude a second (11.1195 m/s); the point at 3 s is
    // 0.01° (1111.95 m) off to the north: 1112 m in 1 s each way, over 50 m/s on both sides.
    let points = (0...6).map { t in
      RecordingPoint(
        time: Double(t), latitude: t == 3 ? 0.01 : 0, longitude: Double(t) * 0.0001)
    }
    let replay = try RecordingCourse(
      recording: Recording(format: .gpx, points: points), activity: .running,
      recordedHeartRate: false)
    #expect(replay.droppedJumps == 1)
    #expect(replay.course.track.map(\.instant) == [0, 1, 2, 4, 5, 6].map(Self.seconds))
    // 2→4 s: 0.0002° = 22.239 m over 2 s = 11.1195 m/s, as everywhere else.
    let metresPerSecond = 6_371_008.8 * 0.0001 * Double.pi / 180
    for segment in replay.course.segments {
      #expect(abs((segment.speed ?? 0) - metresPerSecond) < 1e-6)
    }
    #expect(
      replay.warnings(file: "t.gpx", recording: Recording(format: .gpx, points: points))
        == ["t.gpx: dropped 1 point implying more than 50 m/s (GPS jumps)"])
  }

  @Test func twoConsecutiveJumpPointsAreDroppedTogether() throws {
    // As above, with the points at 3 and 4 s both 0.01° (1111.95 m) off to the north: 2→3 and
    // 4→5 imply about 1112 m/s, 3→4 only 11.1 m/s (so neither is a single jump), and 2→5 is
    // 0.0003° in 3 s = 11.1195 m/s: the run of two is dropped.
    let points = (0...7).map { t in
      RecordingPoint(
        time: Double(t), latitude: (3...4).contains(t) ? 0.01 : 0, longitude: Double(t) * 0.0001)
    }
    let replay = try RecordingCourse(
      recording: Recording(format: .gpx, points: points), activity: .running,
      recordedHeartRate: false)
    #expect(replay.droppedJumps == 2)
    #expect(replay.cappedSegments == 0)
    #expect(replay.course.track.map(\.instant) == [0, 1, 2, 5, 6, 7].map(Self.seconds))
    let metresPerSecond = 6_371_008.8 * 0.0001 * Double.pi / 180
    for segment in replay.course.segments {
      #expect(abs((segment.speed ?? 0) - metresPerSecond) < 1e-6)
    }
  }

  @Test func aPositionJumpIsDroppedEvenWhenTheDistanceIsSteady() throws {
    // 3 m/s by the recorded distance throughout; the point at 2 s is 0.01° (1112 m) off in
    // position. Its speed by position is 1112 m/s each way, so it goes; the distance then gives
    // (9 − 3) / 2 = 3 m/s across the hole.
    let points = (0...4).map { t in
      RecordingPoint(
        time: Double(t), latitude: t == 2 ? 0.01 : 0, longitude: 0, distance: Double(t) * 3)
    }
    let replay = try RecordingCourse(
      recording: Recording(format: .fit, points: points), activity: .running,
      recordedHeartRate: false)
    #expect(replay.droppedJumps == 1)
    #expect(replay.course.segments.map(\.speed) == [3, 3, 3])
  }

  @Test func aStepInTheRecordedDistanceIsCapped() throws {
    // The distance jumps by 1000 m in 1 s between 1 and 2 s and stays there: no point is
    // the odd one out, and neither positions nor speeds are there, so the segment is capped
    // at 50 m/s and counted.
    let points = [
      RecordingPoint(time: 0, distance: 0), RecordingPoint(time: 1, distance: 3),
      RecordingPoint(time: 2, distance: 1003), RecordingPoint(time: 3, distance: 1006),
      RecordingPoint(time: 4, distance: 1009),
    ]
    let replay = try RecordingCourse(
      recording: Recording(format: .fit, points: points), activity: .running,
      recordedHeartRate: false)
    #expect(replay.droppedJumps == 0)
    #expect(replay.cappedSegments == 1)
    #expect(replay.course.segments.map(\.speed) == [3, 50, 3, 3])
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

  @Test func gradeOnABikeIsSmoothedOverTwentyFiveMetresEachWay() throws {
    // 21 points 1 s apart at 10 m/s: travelled distance 0, 10, ..., 200 m, flat for the first
    // 100 m, then climbing 10 %: A(s) = max(0, s − 100) × 0.1.
    let points = (0...20).map { index in
      RecordingPoint(
        time: Double(index), altitude: max(0, Double(index) * 10 - 100) * 0.1, speed: 10)
    }
    func grades(_ activity: WorkoutActivityType) throws -> [Double] {
      try RecordingCourse(
        recording: Recording(format: .fit, points: points), activity: activity,
        recordedHeartRate: false
      ).course.segments.map(\.grade)
    }
    let ridden = try grades(.cycling)
    let run = try grades(.running)
    // Segment 7, midpoint 75 m. Ridden, ±25 m: A(100) − A(50) = 0, flat. On foot, ±50 m:
    // (A(125) − A(25)) / 100 = 2.5 / 100 = 0.025.
    #expect(ridden[7] == 0)
    #expect(abs(run[7] - 0.025) < 1e-12)
    // Segment 10, midpoint 105 m. Ridden: (A(130) − A(80)) / 50 = 3 / 50 = 0.06. On foot:
    // (A(155) − A(55)) / 100 = 5.5 / 100 = 0.055.
    #expect(abs(ridden[10] - 0.06) < 1e-12)
    #expect(abs(run[10] - 0.055) < 1e-12)
    // Segment 15, midpoint 155 m, on the climb either way: (A(180) − A(130)) / 50 = 5 / 50 = 0.1.
    #expect(abs(ridden[15] - 0.1) < 1e-12)
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
    // 504 → 520 s: the recorded distance does not move across the 16 s gap, a stop.
    let points = [
      RecordingPoint(time: 500, distance: 0, heartRate: 100),
      RecordingPoint(time: 504, distance: 12, heartRate: 120),
      RecordingPoint(time: 520, distance: 12, heartRate: 140),
      RecordingPoint(time: 524, distance: 24, heartRate: 150),
      RecordingPoint(time: 526, distance: 30, heartRate: 0),  // no reading: 0 is not a heart rate
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

  @Test func aLaterCyclingSessionKeepsRpmAndPower() throws {
    // Running until 10 s, then a ride (a multisport replay's newSession at 10 s). Segment
    // midpoints 2.5, 7.5, 12.5, 17.5 s: the first two on foot (80 strides/min → 160 steps/min,
    // no power), the last two ridden (80 rpm, 200 W).
    let points = (0...4).map {
      RecordingPoint(time: Double($0) * 5, speed: 3, cadence: 80, power: 200)
    }
    let course = try RecordingCourse(
      recording: Recording(format: .fit, points: points), activity: .running,
      recordedHeartRate: false, laterActivities: [(from: 10, activity: .cycling)]
    ).course
    #expect(course.segments.map(\.cadence) == [160, 160, 80, 80])
    #expect(course.segments.map(\.power) == [nil, nil, 200, 200])
  }

  @Test func aFallingDistanceCountsAgainOnTopOfTheOneBefore() throws {
    // 0, 50, 100 m, then a new session counting from 0: 20, 70 m. The fall of 80 m (over
    // 10 m) is a restart: 100 + 20 = 120 and 100 + 70 = 170 m, 50 m in each 10 s except the
    // 20 m of the step; a fall of 2 m (170 → 168) is a standstill, not a restart.
    let points = [0.0, 50, 100, 20, 70, 68].enumerated().map {
      RecordingPoint(time: Double($0.offset) * 10, distance: $0.element)
    }
    let course = try RecordingCourse(
      recording: Recording(format: .fit, points: points), activity: .running,
      recordedHeartRate: false
    ).course
    #expect(course.segments.map(\.speed) == [5, 5, 2, 5, 0])
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
    let folder = URL(fileURLWithPath: try makeTemporaryFolder(prefix: "workout-sim-replay"))
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
