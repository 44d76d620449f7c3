import Foundation
import Testing

@testable import WorkoutRecordings

@Suite struct XMLReaderTests {
  @Test func hillyWalkTCX() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.walkHilly))
    #expect(r.format == .tcx)
    #expect(r.sport == "Other")
    #expect(r.session == nil)
    #expect(r.points.count == 660)
    #expect(r.points.first?.time == RealFiles.utc(2018, 10, 1, 15, 0, 44))
    #expect(r.points.last?.time == RealFiles.utc(2018, 10, 1, 16, 15, 39))
    #expect(r.points.map(\.heartRate).range == 65...114)
    let altitude = try #require(r.points.map(\.altitude).range)
    // README: 307.2–559.8 m; the file writes single-precision values such as 320.6000061035156.
    #expect(abs(altitude.lowerBound - 307.2) < 1e-4 && abs(altitude.upperBound - 559.8) < 1e-4)
    #expect(r.points.allSatisfy { $0.speed != nil && $0.latitude != nil })
    // Laps (TotalTimeSeconds, DistanceMeters, Calories, AvgHR) from the data README.
    let expected: [(Double, Double, Double, Double)] = [
      (1470.575, 1000, 111, 93), (1352.603, 1000, 91, 85), (864.635, 1000, 64, 84),
      (807.34, 988.82, 63, 84),
    ]
    #expect(r.laps.count == 4)
    for (lap, want) in zip(r.laps, expected) {
      #expect(lap.totalTimerTime == want.0)
      #expect(lap.totalDistance == want.1)
      #expect(lap.totalCalories == want.2)
      #expect(lap.averageHeartRate == want.3)
    }
    // 1470.575 + 1352.603 + 864.635 + 807.34 = 4495.153 s; 3 × 1000 + 988.82 = 3988.82 m;
    // 111 + 91 + 64 + 63 = 329 kcal.
    let time = r.laps.compactMap(\.totalTimerTime).reduce(0, +)
    #expect(abs(time - 4495.153) < 1e-9)
    #expect(r.laps.compactMap(\.totalDistance).reduce(0, +) == 3988.82)
    #expect(r.laps.compactMap(\.totalCalories).reduce(0, +) == 329)
    #expect(r.laps.first?.startTime == RealFiles.utc(2018, 10, 1, 15, 0, 44))
    // Laps carry LX/AvgRunCadence 30–53 and MaxRunCadence 69–108.
    #expect(
      r.laps.map(\.averageCadence).range.map { $0.lowerBound >= 30 && $0.upperBound <= 53 } == true)
    #expect(
      r.laps.map(\.maximumCadence).range.map { $0.lowerBound >= 69 && $0.upperBound <= 108 } == true
    )
  }

  @Test func hillyRideGPX() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.rideHilly))
    #expect(r.format == .gpx)
    #expect(r.sport == "cycling")
    #expect(r.points.count == 931)
    #expect(r.points.first?.time == RealFiles.utc(2016, 4, 2, 17, 26, 9))
    #expect(r.points.last?.time == RealFiles.utc(2016, 4, 2, 18, 7, 18))
    #expect(r.points.map(\.heartRate).range == 86...171)
    let altitude = try #require(r.points.map(\.altitude).range)
    #expect(abs(altitude.lowerBound - 197.8) < 1e-4 && abs(altitude.upperBound - 555.0) < 1e-4)
    #expect(r.points.allSatisfy { $0.cadence == nil && $0.power == nil })
    #expect(r.points.first?.latitude == 46.07987117953598499298095703125)
  }

  private func decode(_ text: String, _ format: RecordingFormat) throws(RecordingError) -> Recording
  {
    try Recording.decode(Array(text.utf8), format: format, file: "x.\(format.rawValue)")
  }

  @Test func doctypeIsRefusedBeforeParsing() {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE TrainingCenterDatabase [ <!ENTITY big "aaaaaaaaaa"> ]>
      <TrainingCenterDatabase>&big;</TrainingCenterDatabase>
      """
    #expect(throws: RecordingError.doctype(file: "x.tcx", line: 2, column: 1)) {
      try decode(text, .tcx)
    }
    #expect(throws: RecordingError.doctype(file: "x.gpx", line: 1, column: 4)) {
      try decode("   <!doctype gpx><gpx/>", .gpx)
    }
  }

  @Test func wrongRootIsRefused() {
    #expect(
      throws: RecordingError.wrongRoot(
        file: "x.tcx", found: "gpx", expected: "TrainingCenterDatabase")
    ) {
      try decode("<gpx version=\"1.1\"></gpx>", .tcx)
    }
  }

  @Test func noRootElementIsAFailure() {
    #expect {
      try decode("<?xml version=\"1.0\"?>\n<!-- nothing -->\n", .gpx)
    } throws: { error in
      switch error as? RecordingError {
      case .wrongRoot(let file, let found, _)?: return file == "x.gpx" && found.isEmpty
      case .xml(let file, _, _, _)?: return file == "x.gpx"
      default: return false
      }
    }
  }

  @Test func notXMLGivesLineAndColumn() {
    #expect {
      try decode("<gpx>\n  <trk>\n</gpx>", .gpx)
    } throws: { error in
      guard case .xml(let file, let line, _, let message)? = error as? RecordingError else {
        return false
      }
      // The mismatched end tag is on line 3.
      return file == "x.gpx" && line == 3 && message.contains("XMLParser error")
    }
    #expect(throws: RecordingError.self) { try decode("hello, world", .tcx) }
    #expect(throws: RecordingError.empty(file: "x.gpx")) { try decode("", .gpx) }
  }

  /// The message names what libxml2 found (its error numbers, which XMLParser reports).
  @Test(arguments: [
    ("<gpx><trk><trkseg>", "document ends too early (XMLParser error 5)"),
    ("<gpx lat=\"1\" lat=\"2\"/>", "attribute given twice (XMLParser error 42)"),
    ("<gpx>&x;</gpx>", "unknown or malformed entity reference (XMLParser error 26)"),
    ("<gpx>\n<trk>\n</gpx>", "end tag does not match start tag (XMLParser error 76)"),
  ])
  func xmlErrorsAreNamedByTheirCode(document: String, expected: String) {
    #expect {
      try decode(document, .gpx)
    } throws: { error in
      guard case .xml(_, _, _, let message)? = error as? RecordingError else { return false }
      return message == expected
    }
  }

  @Test func gpxWithoutTimeStamps() {
    let text = """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="46.0" lon="14.7"><ele>230</ele></trkpt>
      </trkseg></trk></gpx>
      """
    #expect {
      try decode(text, .gpx)
    } throws: { error in
      guard case .invalidContent(let file, let line, _, let message)? = error as? RecordingError
      else { return false }
      // No timed point at all: nothing to interpolate the untimed one between.
      return file == "x.gpx" && line == 2
        && message
          == "trkpt without a time stamp, and 0 with one (a track needs at least two timed points to place the others)"
    }
  }

  @Test func gpxWithExtensionsAndOffsets() throws {
    let text = """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
      <trk><trkseg>
      <trkpt lat="46.5" lon="-14.25"><ele>100.5</ele><time>2026-03-02T07:30:03.500+01:00</time>
      <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr>
      <gpxtpx:cad>88</gpxtpx:cad><gpxtpx:speed>3.5</gpxtpx:speed></gpxtpx:TrackPointExtension>
      <power>250</power></extensions></trkpt>
      </trkseg></trk></gpx>
      """
    let r = try decode(text, .gpx)
    // 07:30:03.5 at +01:00 is 06:30:03.5 UTC.
    let time = RealFiles.utc(2026, 3, 2, 6, 30, 3) + 0.5
    #expect(
      r.points == [
        RecordingPoint(
          time: time, latitude: 46.5, longitude: -14.25, altitude: 100.5, speed: 3.5,
          heartRate: 140, cadence: 88, power: 250)
      ])
  }

  @Test func badNumberIsInvalidContent() {
    let text = """
      <TrainingCenterDatabase><Activities><Activity Sport="Running"><Lap StartTime="2020-01-01T00:00:00Z">
      <Track><Trackpoint><Time>2020-01-01T00:00:00Z</Time><HeartRateBpm><Value>abc</Value></HeartRateBpm></Trackpoint></Track>
      </Lap></Activity></Activities></TrainingCenterDatabase>
      """
    #expect {
      try decode(text, .tcx)
    } throws: { error in
      guard case .invalidContent(_, let line, _, let message)? = error as? RecordingError
      else { return false }
      return line == 2 && message == "Value is not a number: \"abc\""
    }
  }
}
