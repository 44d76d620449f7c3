import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

private func trackPath(_ name: String) -> String {
  packageRoot.appendingPathComponent("Tests/Data/tracks/\(name)").path
}

/// Three segments at 2 m/s of 50 s (100 m each) on `gps.track`; the second gives grade 0.
private func onTrack(_ track: String) throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "activity": "running",
      "course": [ { "duration": 50, "speed": 2 }, { "duration": 50, "speed": 2, "grade": 0 },
                  { "duration": 50, "speed": 2 } ],
      "gps": { "track": "\(track)" },
      "timeline": [ { "at": 0, "do": "start" }, { "at": 150, "do": "end" } ] }
    """, fileName: "t.json")
}

@Suite("gps.track: a GPX line for a scripted course's positions and grades")
struct GPSTrackTests {
  /// tracks/equator-climb.gpx: legs of L = 6 371 008.8 × π / 180 × 0.001 = 111.19508 m, each
  /// climbing 10 m (10 → 20 → 30 m). Segment 1 covers 0–100 m of leg 1: grade
  /// (10 × 100 / L) / 100 = 0.0899320. Segment 2 gives grade 0. Segment 3 covers 200–300 m:
  /// from 20 + 10 × (200 − L) / L = 27.98641 m to 30 m (held past the line's end at 222.39 m):
  /// grade 2.01359 / 100 = 0.0201359. The climb while collecting, distance × grade over the
  /// uphill segments: 100 × 0.0899320 + 100 × 0.0201359 = 11.00680 m.
  @Test func segmentsWithoutAGradeTakeTheTracksGrade() throws {
    let result = try Simulation.run(onTrack(trackPath("equator-climb.gpx")))
    let record = try #require(result.records.first)
    guard case .number(let climb)? = record.metadata["HKElevationAscended"] else {
      Issue.record("no HKElevationAscended: \(record.metadata)")
      return
    }
    #expect(abs(climb - 11.00680) < 1e-4)
  }

  @Test func withoutATrackTheGradesAreTheFilesAndTheBytesUnchanged() throws {
    let plain = try decodeScenario(
      """
      { "version": 1, "activity": "running",
        "course": [ { "duration": 50, "speed": 2 }, { "duration": 50, "speed": 2, "grade": 0 },
                    { "duration": 50, "speed": 2 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": 150, "do": "end" } ] }
      """)
    #expect(plain.segmentsWithoutGrade.isEmpty)
    let record = try #require(try Simulation.run(plain).records.first)
    // Flat: no climb.
    #expect(record.metadata["HKElevationAscended"] == .number(0))
  }

  @Test func badTracksAreDataErrorsAtGpsTrack() throws {
    #expect(
      scenarioErrorLine(#"{ "version": 1, "gps": { "track": "route.txt" } }"#, fileName: "t.json")
        == #"t.json: gps.track: "route.txt" is not a GPX file (expected the path of a .gpx file, relative to the scenario, for example "route.gpx")"#
    )
    let missing = try #require(throws: SimulationError.self) {
      try Simulation.run(onTrack(trackPath("no-such-track.gpx")))
    }
    #expect(missing.path == "gps.track")
    // A scenario not read from a file is named by its name ("t").
    #expect(missing.description.hasPrefix("t: gps.track: "))
    #expect(missing.description.contains("no-such-track.gpx"))
    #expect(missing.isUnopenableInput)
    let single = try #require(throws: SimulationError.self) {
      try Simulation.run(onTrack(trackPath("one-point.gpx")))
    }
    #expect(single.path == "gps.track")
    #expect(
      single.message.hasSuffix(
        "one-point.gpx: the track has fewer than two points at different positions (expected a GPX track, trk/trkseg/trkpt with lat and lon, of the course's line)"
      ))
    #expect(!single.isUnopenableInput)
  }
}
