import Foundation
import Testing
import WorkoutJSON

@testable import WorkoutRecordings

/// A 30-second hand-made run: scenario time 0 is 2026-03-02T07:30:00+01:00 (06:30:00Z); the
/// workout runs from at 3 to at 33 with a pause from 13 to 18 and a lap event at 23.
enum Sample {
  static let origin = RealFiles.utc(2026, 3, 2, 6, 30, 0)

  static func n(_ value: Double) -> JSONValue { .number(value) }
  static func row(_ values: Double...) -> JSONValue { .array(values.map(n)) }

  static let record: JSONValue = .object([
    ("activityType", .string("running")),
    ("startDate", .string("2026-03-02T07:30:03+01:00")),
    ("endDate", .string("2026-03-02T07:30:33+01:00")),
    ("duration", n(25)),
    ("totalDistance", n(67.5)),
    ("totalEnergyBurned", n(5)),
    ("metadata", .object([("HKElevationAscended", n(3))])),
    (
      "statistics",
      .object([("heartRate", .object([("average", n(115)), ("maximum", n(130))]))])
    ),
    (
      "events",
      .array([
        .object([("type", .string("pause")), ("at", n(13))]),
        .object([("type", .string("resume")), ("at", n(18))]),
        .object([("type", .string("lap")), ("at", n(23))]),
      ])
    ),
    (
      "samples",
      .object([
        ("heartRate", .array([row(3, 100), row(8, 110), row(23, 120), row(33, 130)])),
        ("activeEnergyBurned", .array([row(3, 13, 1.5), row(18, 28, 2.5), row(28, 33, 1)])),
        ("distanceWalkingRunning", .array([row(3, 13, 25), row(18, 28, 30.5), row(28, 33, 12)])),
        ("stepCount", .array([row(3, 13, 28), row(18, 28, 30), row(28, 33, 14)])),
        ("runningSpeed", .array([row(8, 2.5)])),
      ])
    ),
    (
      "route",
      .array([
        row(3, 52.5, 13.4, 34), row(8, 52.5001, 13.4001, 35), row(23, 52.5002, 13.4002, 36.5),
        row(33, 52.5003, 13.4003, 37),
      ])
    ),
  ])

  static var input: ExportInput {
    ExportInput(
      record: record, startDate: Date(timeIntervalSince1970: origin),
      timeZone: TimeZone(identifier: "Europe/Berlin")!)
  }

  static func text(_ format: ExportFormat) throws -> String {
    String(decoding: try export(input, as: format), as: UTF8.self)
  }
}

@Suite struct ExportTests {
  @Test func formatFromExtension() {
    #expect(ExportFormat(pathExtension: "FIT") == .fit)
    #expect(ExportFormat(pathExtension: "csv") == .csv)
    #expect(ExportFormat(pathExtension: "xml") == nil)
  }

  @Test func csvRowsByHand() throws {
    // Distinct times 3, 8, 13, 23, 28, 33; Berlin is UTC+1 on 2 March; elapsed = at − 3.
    // Cumulative samples sit on the row where they end (13, 28, 33).
    let expected = [
      "time,elapsed_s,heart_rate_bpm,active_energy_kcal,distance_m,step_count,speed_m_s,cadence_per_min,power_w,latitude,longitude,altitude_m",
      "2026-03-02T07:30:03+01:00,0,100,,,,,,,52.5,13.4,34",
      "2026-03-02T07:30:08+01:00,5,110,,,,2.5,,,52.5001,13.4001,35",
      "2026-03-02T07:30:13+01:00,10,,1.5,25,28,,,,,,",
      "2026-03-02T07:30:23+01:00,20,120,,,,,,,52.5002,13.4002,36.5",
      "2026-03-02T07:30:28+01:00,25,,2.5,30.5,30,,,,,,",
      "2026-03-02T07:30:33+01:00,30,130,1,12,14,,,,52.5003,13.4003,37",
    ]
    #expect(try Sample.text(.csv) == expected.joined(separator: "\r\n") + "\r\n")
  }

  @Test func csvMillisecondsAndNegativeOffset() throws {
    var input = Sample.input
    input.timeZone = TimeZone(identifier: "America/New_York")!
    input.record = .object([
      ("activityType", .string("walking")),
      ("startDate", .string("2026-03-02T01:30:00-05:00")),
      ("endDate", .string("2026-03-02T01:30:10-05:00")),
      ("samples", .object([("heartRate", .array([Sample.row(0.5, 90)]))])),
    ])
    // at 0.5 is 06:30:00.5Z = 01:30:00.500-05:00; elapsed 0.5 − 0 = 0.5.
    let text = String(decoding: try export(input, as: .csv), as: UTF8.self)
    #expect(text.hasSuffix("\r\n2026-03-02T01:30:00.500-05:00,0.5,90,,,,,,,,,\r\n"))
  }

  @Test func jsonIsTheCanonicalRecord() throws {
    #expect(try Sample.text(.json) == JSONWriter.encode(Sample.record) + "\n")
  }

  @Test func tcxRoundTrip() throws {
    let bytes = try export(Sample.input, as: .tcx)
    let r = try Recording.decode(bytes, format: .tcx, file: "out.tcx")
    #expect(r.sport == "Running")
    #expect(r.points.map(\.time) == [3, 8, 13, 23, 28, 33].map { Sample.origin + $0 })
    #expect(r.points.map(\.heartRate) == [100, 110, nil, 120, nil, 130])
    // Running distance totals: 25, 25 + 30.5 = 55.5, 55.5 + 12 = 67.5.
    #expect(r.points.map(\.distance) == [nil, nil, 25, nil, 55.5, 67.5])
    #expect(r.points.map(\.latitude) == [52.5, 52.5001, nil, 52.5002, nil, 52.5003])
    #expect(r.points.map(\.altitude) == [34, 35, nil, 36.5, nil, 37])
    #expect(r.points.map(\.speed) == [nil, 2.5, nil, nil, nil, nil])
    // Lap 1 [3, 23): timer 20 − 5 (pause 13–18) = 15 s, distance 25 m, energy 1.5 → 2 kcal,
    // HR (100 + 110) / 2 = 105, max 110. Lap 2 [23, 33]: 10 s, 30.5 + 12 = 42.5 m,
    // 2.5 + 1 = 3.5 → 4 kcal, HR (120 + 130) / 2 = 125, max 130.
    #expect(r.laps.map(\.totalTimerTime) == [15, 10])
    #expect(r.laps.map(\.totalDistance) == [25, 42.5])
    #expect(r.laps.map(\.totalCalories) == [2, 4])
    #expect(r.laps.map(\.averageHeartRate) == [105, 125])
    #expect(r.laps.map(\.maximumHeartRate) == [110, 130])
    #expect(r.laps.map(\.startTime) == [Sample.origin + 3, Sample.origin + 23])
  }

  @Test func gpxRoundTrip() throws {
    let r = try Recording.decode(try export(Sample.input, as: .gpx), format: .gpx, file: "o.gpx")
    #expect(r.sport == "running")
    #expect(r.points.map(\.time) == [3, 8, 23, 33].map { Sample.origin + $0 })
    #expect(r.points.map(\.longitude) == [13.4, 13.4001, 13.4002, 13.4003])
    #expect(r.points.map(\.altitude) == [34, 35, 36.5, 37])
    #expect(r.points.map(\.heartRate) == [100, 110, 120, 130])
    // The speed sample at 8 is 15 s before the point at 23, beyond the 10-s window.
    #expect(r.points.map(\.speed) == [nil, 2.5, nil, nil])
  }

  @Test func gpxNeedsARoute() {
    var input = Sample.input
    guard case .object(let members) = Sample.record else { return }
    input.record = .object(members.filter { $0.key != "route" })
    #expect(throws: ExportError.noRoute) { try export(input, as: .gpx) }
  }

  @Test func fitRoundTrip() throws {
    let bytes = try export(Sample.input, as: .fit)
    // Header CRC present and non-zero; whole-file CRC is 0.
    #expect(bytes[0] == 14 && (bytes[12] != 0 || bytes[13] != 0))
    #expect(FITCRC.compute(bytes, 0..<bytes.count) == 0)
    let r = try Recording.decode(bytes, format: .fit, file: "o.fit")
    #expect(r.sport == "running")
    #expect(r.points.map(\.time) == [3, 8, 13, 23, 28, 33].map { Sample.origin + $0 })
    #expect(r.points.map(\.heartRate) == [100, 110, nil, 120, nil, 130])
    #expect(r.points.map(\.distance) == [nil, nil, 25, nil, 55.5, 67.5])
    #expect(r.points.map(\.speed) == [nil, 2.5, nil, nil, nil, nil])
    // Semicircles keep 180 / 2^31 ≈ 8.4e-8 degrees; altitude keeps 0.2 m (36.5 → 36.6).
    let latitudes = r.points.compactMap(\.latitude)
    #expect(latitudes.count == 4)
    for (got, want) in zip(latitudes, [52.5, 52.5001, 52.5002, 52.5003]) {
      #expect(abs(got - want) < 1e-7)
    }
    let altitudes = r.points.compactMap(\.altitude)
    for (got, want) in zip(altitudes, [34, 35, 36.6, 37]) { #expect(abs(got - want) < 1e-9) }
    let s = try #require(r.session)
    #expect(s.totalTimerTime == 25)
    #expect(s.totalElapsedTime == 30)
    #expect(s.totalDistance == 67.5)
    #expect(s.totalCalories == 5)
    #expect(s.averageHeartRate == 115)
    #expect(s.maximumHeartRate == 130)
    #expect(s.totalAscent == 3)
    #expect(s.startTime == Sample.origin + 3)
    #expect(r.laps.map(\.totalTimerTime) == [15, 10])
    #expect(r.laps.map(\.totalElapsedTime) == [20, 10])
    #expect(r.laps.map(\.totalDistance) == [25, 42.5])
    #expect(r.laps.map(\.totalCalories) == [2, 4])
    #expect(r.laps.map(\.averageHeartRate) == [105, 125])
  }

  @Test func invalidRecords() {
    var input = Sample.input
    input.record = .object([("activityType", .string("running"))])
    #expect(throws: ExportError.invalidRecord("startDate is missing or not an ISO 8601 date")) {
      try export(input, as: .csv)
    }
    input.record = .array([])
    #expect(throws: ExportError.invalidRecord("the record is not an object")) {
      try export(input, as: .fit)
    }
  }
}
