import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings

@testable import WorkoutSimulation

/// A 30-second hand-made run: scenario time 0 is 2026-03-02T07:30:00+01:00 (06:30:00Z); the
/// workout runs from at 3 to at 33 with a pause from 13 to 18 and a lap event at 23.
enum Sample {
  /// 2026-03-02T06:30:00Z: (20454 + 31 + 28 + 1) days × 86400 s + 6.5 h.
  static let origin = 1_772_433_000.0

  static func t(_ seconds: Double) -> SimulationInstant {
    SimulationInstant(nanoseconds: Int64(seconds * 1e9))
  }
  static func discrete(_ values: [(Double, Double)]) -> SampleSeries {
    SampleSeries(values.map { QuantitySample(at: t($0.0), value: $0.1) })
  }
  static func cumulative(_ values: [(Double, Double, Double)]) -> SampleSeries {
    SampleSeries(values.map { QuantitySample(start: t($0.0), end: t($0.1), value: $0.2) })
  }

  static let record = WorkoutRecord(
    id: "00000000-0000-4000-8000-000000000000", activityType: .running,
    locationType: .outdoor, startDate: t(3), endDate: t(33), duration: .seconds(25),
    events: [
      WorkoutEvent(.pause, at: t(13)), WorkoutEvent(.resume, at: t(18)),
      WorkoutEvent(.lap, at: t(23)),
    ],
    totalEnergyBurned: 5, totalDistance: 67.5,
    statistics: [
      .heartRate: .discrete(
        DiscreteStatistics(
          average: 115, timeWeightedAverage: 115, minimum: 100, maximum: 130, mostRecent: 130,
          count: 4))
    ],
    metadata: [WorkoutRecord.MetadataKey.elevationAscended: .number(3)],
    samples: [
      .heartRate: discrete([(3, 100), (8, 110), (23, 120), (33, 130)]),
      .activeEnergyBurned: cumulative([(3, 13, 1.5), (18, 28, 2.5), (28, 33, 1)]),
      .distanceWalkingRunning: cumulative([(3, 13, 25), (18, 28, 30.5), (28, 33, 12)]),
      .stepCount: cumulative([(3, 13, 28), (18, 28, 30), (28, 33, 14)]),
      .runningSpeed: discrete([(8, 2.5)]),
    ])

  static let track = [
    TrackPoint(instant: t(3), latitude: 52.5, longitude: 13.4, altitude: 34),
    TrackPoint(instant: t(8), latitude: 52.5001, longitude: 13.4001, altitude: 35),
    TrackPoint(instant: t(23), latitude: 52.5002, longitude: 13.4002, altitude: 36.5),
    TrackPoint(instant: t(33), latitude: 52.5003, longitude: 13.4003, altitude: 37),
  ]

  static func result(
    _ record: WorkoutRecord = record, track: [TrackPoint] = track,
    zone: String = "Europe/Berlin"
  ) -> RunResult {
    RunResult(
      scenarioName: "Sample", seed: 1, startDate: Date(timeIntervalSince1970: origin),
      timeZone: TimeZone(identifier: zone)!, records: [record], probes: [], errors: [], log: [],
      track: track)
  }

  static func export(_ format: ExportFormat, _ result: RunResult = result()) throws -> [UInt8] {
    try result.export(result.records[0], as: format)
  }

  static func text(_ format: ExportFormat) throws -> String {
    String(decoding: try export(format), as: UTF8.self)
  }
}

@Suite struct ExportFormatTests {
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
    let walk = WorkoutRecord(
      id: Sample.record.id, activityType: .walking, locationType: .outdoor,
      startDate: Sample.t(0), endDate: Sample.t(10), duration: .seconds(10), events: [],
      totalEnergyBurned: nil, totalDistance: nil, statistics: [:], metadata: [:],
      samples: [.heartRate: Sample.discrete([(0.5, 90)])])
    // at 0.5 is 06:30:00.5Z = 01:30:00.500-05:00; elapsed 0.5 − 0 = 0.5.
    let result = Sample.result(walk, track: [], zone: "America/New_York")
    let text = String(decoding: try Sample.export(.csv, result), as: UTF8.self)
    #expect(text.hasSuffix("\r\n2026-03-02T01:30:00.500-05:00,0.5,90,,,,,,,,,\r\n"))
  }

  @Test func jsonIsTheCanonicalRecord() throws {
    // The record object of the result document, with its samples and route.
    let document = Sample.result().document(includeSamples: true)
    guard case .array(let records)? = document["records"] else {
      Issue.record("no records")
      return
    }
    #expect(try Sample.text(.json) == JSONWriter.encode(records[0]) + "\n")
  }

  @Test func tcxRoundTrip() throws {
    let bytes = try Sample.export(.tcx)
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
    let r = try Recording.decode(try Sample.export(.gpx), format: .gpx, file: "o.gpx")
    #expect(r.sport == "running")
    #expect(r.points.map(\.time) == [3, 8, 23, 33].map { Sample.origin + $0 })
    #expect(r.points.map(\.longitude) == [13.4, 13.4001, 13.4002, 13.4003])
    #expect(r.points.map(\.altitude) == [34, 35, 36.5, 37])
    #expect(r.points.map(\.heartRate) == [100, 110, 120, 130])
    // The speed sample at 8 is 15 s before the point at 23, beyond the 10-s window.
    #expect(r.points.map(\.speed) == [nil, 2.5, nil, nil])
  }

  @Test func gpxNeedsARoute() {
    #expect(throws: ExportError.noRoute) { try Sample.export(.gpx, Sample.result(track: [])) }
  }

  @Test func fitRoundTrip() throws {
    let bytes = try Sample.export(.fit)
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
}
