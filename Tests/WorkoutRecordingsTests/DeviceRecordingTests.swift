import Foundation
import Testing

@testable import WorkoutRecordings

/// Files as devices and apps write them: untimed points, several activities, several tracks or
/// segments (docs/recordings.md).
@Suite struct DeviceRecordingTests {
  static func decode(_ text: String, _ format: RecordingFormat) throws -> Recording {
    try Recording.decode(Array(text.utf8), format: format, file: "x." + format.rawValue)
  }

  /// 2024-05-01T06:00:00Z: 19844 days × 86400 s + 6 × 3600 s.
  static let origin = 1_714_543_200.0

  @Test func untimedGPXPointsGetTimesByDistanceAndTheEndsAreDropped() throws {
    // Along the equator: longitudes 0, 0.0001, 0.0003, 0.0006 (0, 11.12, 33.36, 66.71 m from
    // the first), timed at 0 and 30 s. By distance the untimed ones sit at 1/6 and 3/6 of the
    // way: 30 × 0.0001 / 0.0006 = 5 s and 30 × 0.0003 / 0.0006 = 15 s. One untimed point
    // before the first timed one and one after the last are dropped.
    let text = """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="0" lon="-0.0001"></trkpt>
      <trkpt lat="0" lon="0"><time>2024-05-01T06:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.0001"></trkpt>
      <trkpt lat="0" lon="0.0003"></trkpt>
      <trkpt lat="0" lon="0.0006"><time>2024-05-01T06:00:30Z</time></trkpt>
      <trkpt lat="0" lon="0.0007"></trkpt>
      </trkseg></trk></gpx>
      """
    let r = try Self.decode(text, .gpx)
    #expect(r.points.map(\.longitude) == [0, 0.0001, 0.0003, 0.0006])
    let times = r.points.map { $0.time - Self.origin }
    #expect(times.count == 4)
    #expect(times[0] == 0 && times[3] == 30)
    // The sphere's haversine is linear in longitude along the equator up to rounding.
    #expect(abs(times[1] - 5) < 1e-6)
    #expect(abs(times[2] - 15) < 1e-6)
    #expect(r.droppedUntimedPoints == 2)
  }

  @Test func untimedTCXPointsUseTheRecordedDistance() throws {
    // Distances 100, 110, 140, 200 m; timed at 0 and 60 s: (110 − 100) / 100 × 60 = 6 s and
    // (140 − 100) / 100 × 60 = 24 s.
    let text = """
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
      <Activities><Activity Sport="Running"><Lap StartTime="2024-05-01T06:00:00Z"><Track>
      <Trackpoint><Time>2024-05-01T06:00:00Z</Time><DistanceMeters>100</DistanceMeters></Trackpoint>
      <Trackpoint><DistanceMeters>110</DistanceMeters></Trackpoint>
      <Trackpoint><DistanceMeters>140</DistanceMeters></Trackpoint>
      <Trackpoint><Time>2024-05-01T06:01:00Z</Time><DistanceMeters>200</DistanceMeters></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    let r = try Self.decode(text, .tcx)
    #expect(r.points.map { $0.time - Self.origin } == [0, 6, 24, 60])
    #expect(r.droppedUntimedPoints == 0)
  }

  @Test func oneTimedPointIsNotEnoughToPlaceTheOthers() {
    let text = """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="0" lon="0"><time>2024-05-01T06:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.0001"></trkpt>
      </trkseg></trk></gpx>
      """
    #expect {
      try Self.decode(text, .gpx)
    } throws: { error in
      guard case .invalidContent(let file, let line, _, let message)? = error as? RecordingError
      else { return false }
      return file == "x.gpx" && line == 3
        && message
          == "trkpt without a time stamp, and 1 with one (a track needs at least two timed points to place the others)"
    }
  }

  @Test func severalTCXActivitiesAreSessionsAndASecondTrackIsATimerStop() throws {
    // A run (two laps; the second has two Tracks: the timer stopped from 06:00:20 to
    // 06:00:50) and a ride.
    let text = """
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
      <Activities>
      <Activity Sport="Running">
        <Lap StartTime="2024-05-01T06:00:00Z"><TotalTimeSeconds>10</TotalTimeSeconds>
          <DistanceMeters>30</DistanceMeters><Calories>3</Calories>
          <AverageHeartRateBpm><Value>100</Value></AverageHeartRateBpm>
          <MaximumHeartRateBpm><Value>110</Value></MaximumHeartRateBpm><Track>
          <Trackpoint><Time>2024-05-01T06:00:00Z</Time></Trackpoint>
          <Trackpoint><Time>2024-05-01T06:00:10Z</Time></Trackpoint></Track></Lap>
        <Lap StartTime="2024-05-01T06:00:10Z"><TotalTimeSeconds>30</TotalTimeSeconds>
          <DistanceMeters>90</DistanceMeters><Calories>9</Calories>
          <AverageHeartRateBpm><Value>120</Value></AverageHeartRateBpm>
          <MaximumHeartRateBpm><Value>130</Value></MaximumHeartRateBpm>
          <Track><Trackpoint><Time>2024-05-01T06:00:20Z</Time></Trackpoint></Track>
          <Track><Trackpoint><Time>2024-05-01T06:00:50Z</Time></Trackpoint></Track></Lap>
      </Activity>
      <Activity Sport="Biking">
        <Lap StartTime="2024-05-01T06:01:00Z"><TotalTimeSeconds>60</TotalTimeSeconds>
          <DistanceMeters>500</DistanceMeters><Calories>20</Calories><Track>
          <Trackpoint><Time>2024-05-01T06:01:00Z</Time></Trackpoint>
          <Trackpoint><Time>2024-05-01T06:02:00Z</Time></Trackpoint></Track></Lap>
      </Activity>
      </Activities></TrainingCenterDatabase>
      """
    let r = try Self.decode(text, .tcx)
    #expect(r.sport == "Running")
    #expect(r.sessions.map(\.sport) == ["Running", "Biking"])
    #expect(r.sessions.map(\.startTime) == [Self.origin, Self.origin + 60])
    // Run: 10 + 30 s, 30 + 90 m, 3 + 9 kcal, maximum 130, mean heart rate weighted by time
    // (100 × 10 + 120 × 30) / 40 = 115.
    #expect(r.sessions[0].totalTimerTime == 40)
    #expect(r.sessions[0].totalDistance == 120)
    #expect(r.sessions[0].totalCalories == 12)
    #expect(r.sessions[0].maximumHeartRate == 130)
    #expect(r.sessions[0].averageHeartRate == 115)
    #expect(r.sessions[1].totalDistance == 500)
    #expect(r.laps.map(\.sport) == ["Running", "Running", "Biking"])
    // Only the second Track inside one Lap is a stop (a new Lap's Track is not).
    #expect(
      r.timerEvents == [
        RecordingTimerEvent(time: Self.origin + 20, kind: .stop),
        RecordingTimerEvent(time: Self.origin + 50, kind: .start),
      ])
    #expect(r.timerStoppedSpans == [(Self.origin + 20)..<(Self.origin + 50)])
  }

  @Test func aSecondGPXSegmentIsATimerStop() throws {
    let text = """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>
      <trkseg><trkpt lat="0" lon="0"><time>2024-05-01T06:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.0001"><time>2024-05-01T06:00:05Z</time></trkpt></trkseg>
      <trkseg><trkpt lat="0" lon="0.0002"><time>2024-05-01T06:01:05Z</time></trkpt></trkseg>
      </trk></gpx>
      """
    let r = try Self.decode(text, .gpx)
    #expect(r.timerStoppedSpans == [(Self.origin + 5)..<(Self.origin + 65)])
  }

  /// The bundled FIT run's device timer runs once, from the session's `start_time` to its
  /// end: the stop comes `total_elapsed_time` (2625.14 s, whole seconds in the time stamp:
  /// 2625) after the start, and there is no stop in between.
  @Test func fitTimerEventsOfTheBundledRun() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.runHilly))
    let session = try #require(r.session)
    let start = try #require(session.startTime)
    let elapsed = try #require(session.totalElapsedTime)
    #expect(r.timerEvents.first == RecordingTimerEvent(time: start, kind: .start))
    #expect(
      r.timerEvents.last == RecordingTimerEvent(time: start + elapsed.rounded(.down), kind: .stop))
    #expect(r.timerStoppedSpans.isEmpty)
    #expect(r.sessions.count == 1)
    #expect(r.sessions.first == r.session)
  }
}
