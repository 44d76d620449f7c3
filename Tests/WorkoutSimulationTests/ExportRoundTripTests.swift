import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// Round trips: a simulated workout exported to each format and read back with our own readers,
/// compared field by field with the record's samples.
@Suite struct ExportRoundTripTests {
  /// A 120 s walk at 1.4 m/s, a lap at 60 s, paused from 80 to 90 s, starting at
  /// 2026-01-05T08:00:00Z (the default start).
  static let walk = """
    { "version": 1, "activity": "walking", "timeZone": "Europe/Berlin",
      "course": [ { "duration": 120, "speed": 1.4, "grade": 0.02 } ],
      "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "lap" },
                    { "at": 80, "do": "pause" }, { "at": 90, "do": "resume" },
                    { "at": 120, "do": "end" } ] }
    """

  /// What the record's samples say at each distinct sample time (the rows every writer works
  /// from), worked out here from the samples themselves.
  struct Expected {
    var times: [Double] = []
    var heartRate: [Double: Double] = [:]
    /// Running total of the distance samples, on the rows where one ends.
    var distance: [Double: Double] = [:]

    init(_ record: JSONValue) throws {
      var times = Set<Double>()
      var ends: [(to: Double, value: Double)] = []
      guard case .object(let samples)? = record["samples"] else { throw Failure.shape }
      for (type, list) in samples {
        guard case .array(let items) = list else { throw Failure.shape }
        for item in items {
          guard case .array(let parts) = item else { throw Failure.shape }
          let numbers = parts.compactMap { if case .number(let n) = $0 { n } else { nil } }
          switch (type, numbers.count) {
          case ("heartRate", 2):
            heartRate[numbers[0]] = numbers[1]
            times.insert(numbers[0])
          case ("runningSpeed", 2): times.insert(numbers[0])
          case ("activeEnergyBurned", 3), ("stepCount", 3): times.insert(numbers[1])
          case ("distanceWalkingRunning", 3):
            times.insert(numbers[1])
            ends.append((numbers[1], numbers[2]))
          default: break
          }
        }
      }
      self.times = times.sorted()
      var total = 0.0
      for end in ends.sorted(by: { $0.to < $1.to }) {
        total += end.value
        distance[end.to] = total
      }
    }
  }

  enum Failure: Error { case shape }

  static func run(_ json: String) throws -> (result: RunResult, record: JSONValue) {
    let scenario = try decodeScenario(json, fileName: "walk.json")
    let result = try Simulation.run(scenario)
    guard case .array(let records)? = result.document(includeSamples: true)["records"],
      let record = records.first
    else { throw Failure.shape }
    return (result, record)
  }

  static func export(_ run: (result: RunResult, record: JSONValue), as format: ExportFormat)
    throws -> [UInt8]
  {
    guard case .string(let id)? = run.record["id"],
      let record = run.result.records.first(where: { $0.id == id })
    else { throw Failure.shape }
    return try run.result.export(record, as: format)
  }

  /// 2026-01-05T08:00:00Z: 20458 days × 86400 s + 8 × 3600 s.
  static let origin = 1_767_600_000.0

  @Test func fit() throws {
    let walk = try Self.run(Self.walk)
    let expected = try Expected(walk.record)
    let read = try Recording.decode(try Self.export(walk, as: .fit), format: .fit, file: "w.fit")
    #expect(read.sport == "walking")
    #expect(read.points.map(\.time) == expected.times.map { Self.origin + $0 })
    for point in read.points {
      let at = point.time - Self.origin
      // FIT stores heart rate as whole bpm and distance in centimetres.
      #expect(point.heartRate == expected.heartRate[at]?.rounded(), "heart rate at \(at)")
      if let want = expected.distance[at] {
        #expect(abs((point.distance ?? -1) - want) <= 0.005 + 1e-9, "distance at \(at)")
      } else {
        #expect(point.distance == nil)
      }
    }
    let session = try #require(read.session)
    // Duration: 120 s − 10 s paused = 110 s; elapsed 120 s.
    #expect(session.totalTimerTime == 110)
    #expect(session.totalElapsedTime == 120)
    guard case .number(let distance)? = walk.record["totalDistance"],
      case .number(let energy)? = walk.record["totalEnergyBurned"]
    else { throw Failure.shape }
    #expect(abs((session.totalDistance ?? -1) - distance) <= 0.005 + 1e-9)
    #expect(session.totalCalories == energy.rounded())
    // One lap event at 60 s: laps 0...60 (60 s) and 60...120 (60 − 10 paused = 50 s).
    #expect(read.laps.map(\.totalTimerTime) == [60, 50])
  }

  @Test func tcx() throws {
    let walk = try Self.run(Self.walk)
    let expected = try Expected(walk.record)
    let read = try Recording.decode(try Self.export(walk, as: .tcx), format: .tcx, file: "w.tcx")
    #expect(read.points.map(\.time) == expected.times.map { Self.origin + $0 })
    for point in read.points {
      let at = point.time - Self.origin
      #expect(point.heartRate == expected.heartRate[at]?.rounded(), "heart rate at \(at)")
      if let want = expected.distance[at] {
        #expect(abs((point.distance ?? -1) - want) <= 1e-9 * max(1, want), "distance at \(at)")
      } else {
        #expect(point.distance == nil)
      }
    }
    #expect(read.laps.map(\.totalTimerTime) == [60, 50])
    #expect(read.laps.map(\.startTime) == [Self.origin, Self.origin + 60])
  }

  @Test func csv() throws {
    let walk = try Self.run(Self.walk)
    let expected = try Expected(walk.record)
    let text = String(decoding: try Self.export(walk, as: .csv), as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")
    #expect(lines.last == "")
    lines.removeLast()
    #expect(
      lines.first
        == "time,elapsed_s,heart_rate_bpm,active_energy_kcal,distance_m,step_count,speed_m_s,"
        + "cadence_per_min,power_w,latitude,longitude,altitude_m")
    let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(rows.count == expected.times.count)
    for (row, at) in zip(rows, expected.times) {
      #expect(row.count == 12)
      // The record starts at t = 0, so elapsed_s is the sample time itself.
      #expect(Double(String(row[1])) == at)
      #expect(Double(String(row[2])) == expected.heartRate[at])
    }
    // 08:00:00Z is 09:00:00 in Berlin winter time.
    #expect(rows.first?.first == "2026-01-05T09:00:00+01:00")
  }

  @Test func json() throws {
    let walk = try Self.run(Self.walk)
    let bytes = try Self.export(walk, as: .json)
    #expect(try JSONParser.parse(bytes) == walk.record)
  }

  @Test func gpxFromARecordingScenario() throws {
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "track.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 20, "do": "end" } ] }
      """)
    let result = try Simulation.run(scenario)
    guard case .array(let records)? = result.document(includeSamples: true)["records"],
      let record = records.first
    else { throw Failure.shape }
    let bytes = try Self.export((result, record), as: .gpx)
    let read = try Recording.decode(bytes, format: .gpx, file: "t.gpx")
    // 2024-05-01T06:00:00Z = 1714543200 s; the five recorded points come back as they were.
    let start = 1_714_543_200.0
    #expect(read.points.map(\.time) == [0, 5, 10, 15, 20].map { start + $0 })
    #expect(read.points.map(\.latitude) == [48, 48.0001, 48.0002, 48.0003, 48.0004])
    #expect(read.points.map(\.longitude) == [11, 11, 11, 11, 11])
    #expect(read.points.map(\.altitude) == [100, 101, 102, 103, 104])
    // Heart-rate samples every 5 s from the start coincide with the points.
    let expected = try Expected(record)
    #expect(
      read.points.map(\.heartRate) == [0, 5, 10, 15, 20].map { expected.heartRate[$0]?.rounded() })
  }

  // MARK: - Replaying our own exports (docs/scenario-format.md#recording-rules: a recording read back from an
  // export replays to the record it came from, duration exact, distance within 1 %)

  /// A hilly run: 600 s at 3.0 m/s up 5 %, 600 s at 3.5 m/s down 5 %, a lap at 600 s, paused
  /// from 900 to 960 s, ended at 1200 s. Duration 1200 − 60 = 1140 s; distance
  /// 3.0 × 600 + 3.5 × (900 − 600) + 3.5 × (1200 − 960) = 1800 + 1050 + 840 = 3690 m (the body
  /// moves on while paused, but nothing is collected).
  static let hillyRun = """
    { "version": 1, "activity": "running",
      "course": [ { "duration": 600, "speed": 3.0, "grade": 0.05 },
                  { "duration": 600, "speed": 3.5, "grade": -0.05 } ],
      "timeline": [ { "at": 0, "do": "prepare" }, { "at": 0, "do": "start" },
                    { "at": 600, "do": "lap" }, { "at": 900, "do": "pause" },
                    { "at": 960, "do": "resume" }, { "at": 1200, "do": "end" } ] }
    """

  /// Writes `bytes` as `name` in a fresh folder and replays it as `workout-sim replay` does
  /// (``ReplayPlan``), returning the first record, the plan and every record.
  static func replay(_ bytes: [UInt8], name: String, samples: Bool = false) throws -> (
    record: JSONValue, plan: ReplayPlan, records: [JSONValue]
  ) {
    let folder = URL(fileURLWithPath: try makeTemporaryFolder(prefix: "workout-sim-roundtrip"))
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let recording = try Recording.read(path: path)
    let plan = try ReplayPlan(
      recording: recording, path: path, name: "round trip", activity: nil, seed: nil)
    let scenario = try decodeScenario(
      JSONWriter.encode(plan.scenario), fileName: "replay.json")
    let result = try Simulation.run(scenario)
    #expect(result.errors.isEmpty)
    guard case .array(let records)? = result.document(includeSamples: samples)["records"],
      let record = records.first
    else { throw Failure.shape }
    return (record, plan, records)
  }

  /// A multisport FIT file: a 120 s run at 3 m/s from 08:00:00Z and a 120 s ride at 8 m/s from
  /// 08:03:00Z, exported separately and chained (FIT allows files one after another). Two
  /// sessions of different sports: two records, running 120 s and 3 × 120 = 360 m, cycling
  /// 120 s and 8 × 120 = 960 m (the ride's distance counts from 0 again and is added on).
  @Test func chainedRunAndRideReplayAsTwoWorkouts() throws {
    let run = try Self.run(
      """
      { "version": 1, "activity": "running", "course": [ { "duration": 120, "speed": 3 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": 120, "do": "end" } ] }
      """)
    let ride = try Self.run(
      """
      { "version": 1, "activity": "cycling", "start": "2026-01-05T08:03:00Z",
        "course": [ { "duration": 120, "speed": 8 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": 120, "do": "end" } ] }
      """)
    let bytes = try Self.export(run, as: .fit) + Self.export(ride, as: .fit)
    let (_, plan, records) = try Self.replay(bytes, name: "multi.fit")
    #expect(plan.parts.map(\.activity) == [.running, .cycling])
    #expect(plan.parts.map(\.start) == [0, 180])
    #expect(records.count == 2)
    #expect(records.map { $0["activityType"] } == [.string("running"), .string("cycling")])
    #expect(try records.map { try Self.number($0["duration"]) } == [120, 120])
    let distances = try records.map { try Self.number($0["totalDistance"]) }
    #expect(distances.count == 2)
    #expect(abs(distances[0] - 360) <= 3.6, "run \(distances)")
    #expect(abs(distances[1] - 960) <= 9.6, "ride \(distances)")
  }

  static func number(_ value: JSONValue?) throws -> Double {
    guard case .number(let n)? = value else { throw Failure.shape }
    return n
  }

  @Test(arguments: [ExportFormat.fit, .tcx])
  func ownExportReplaysToTheRecord(format: ExportFormat) throws {
    let run = try Self.run(Self.hillyRun)
    #expect(try Self.number(run.record["duration"]) == 1140)
    let distance = try Self.number(run.record["totalDistance"])
    #expect(abs(distance - 3690) < 1e-6)
    let (replayed, plan, _) = try Self.replay(
      try Self.export(run, as: format), name: "run." + format.rawValue)
    #expect(replayed["activityType"] == .string("running"))
    // Duration exact: the timer stop from 900 to 960 s becomes a pause again.
    #expect(try Self.number(replayed["duration"]) == 1140)
    #expect(plan.duration == 1200)
    let again = try Self.number(replayed["totalDistance"])
    #expect(abs(again - distance) <= 0.01 * distance, "replayed \(again) m of \(distance) m")
    // The lap at 600 s comes back.
    guard case .array(let events)? = replayed["events"] else { throw Failure.shape }
    #expect(
      events.compactMap { $0["type"] } == [.string("lap"), .string("pause"), .string("resume")])
  }

  /// The walk (120 s at 1.4 m/s, a lap at 60 s, paused 80 to 90 s) to TCX, whose only sport for
  /// it is `Other`: it moves, so it replays as `walking` with distance. Duration 120 − 10 =
  /// 110 s; distance 1.4 × 110 = 154 m (nothing is collected while paused).
  @Test func aWalkExportedToTCXReplaysAsAWalk() throws {
    let run = try Self.run(Self.walk)
    #expect(try Self.number(run.record["duration"]) == 110)
    let distance = try Self.number(run.record["totalDistance"])
    #expect(abs(distance - 154) < 1e-6)
    let bytes = try Self.export(run, as: .tcx)
    #expect(String(decoding: bytes, as: UTF8.self).contains("<Activity Sport=\"Other\">"))
    let (replayed, plan, _) = try Self.replay(bytes, name: "walk.tcx")
    #expect(plan.parts.map(\.activity) == [.walking])
    #expect(replayed["activityType"] == .string("walking"))
    #expect(try Self.number(replayed["duration"]) == 110)
    let again = try Self.number(replayed["totalDistance"])
    #expect(abs(again - distance) <= 0.01 * distance, "replayed \(again) m of \(distance) m")
  }

  /// A run paused from 100 to 160 s and resumed with a lap at 160 s (as each pause of
  /// `Scenarios/ultra-12h.json` ends), ended at 300 s, at 3 m/s: duration 300 − 60 = 240 s,
  /// distance 3 × 240 = 720 m. In TCX the lap before says 100 s of timer time over a 160 s
  /// span, so the 60 s gap to the next lap's first point is a timer stop again.
  @Test func aPauseEndedByALapSurvivesTCX() throws {
    let run = try Self.run(
      """
      { "version": 1, "activity": "running", "course": [ { "duration": 300, "speed": 3 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": 100, "do": "pause" },
                      { "at": 160, "do": "resume" }, { "at": 160, "do": "lap" },
                      { "at": 300, "do": "end" } ] }
      """)
    #expect(try Self.number(run.record["duration"]) == 240)
    let distance = try Self.number(run.record["totalDistance"])
    #expect(abs(distance - 720) < 1e-6)
    let (replayed, plan, _) = try Self.replay(try Self.export(run, as: .tcx), name: "run.tcx")
    #expect(plan.duration == 300)
    #expect(try Self.number(replayed["duration"]) == 240)
    let again = try Self.number(replayed["totalDistance"])
    #expect(abs(again - distance) <= 0.01 * distance, "replayed \(again) m of \(distance) m")
  }

  /// The north track (2.2239 m/s, see ``ownGPXExportReplaysToTheRecord()``) paused 60 to 70 s
  /// and resumed with a lap, ended at 120 s, to TCX: the route points inside the pause (the body
  /// moves on) are left out, so the pause comes back. Duration 110 s, distance 11.119508 / 5 ×
  /// 110 = 244.63 m.
  @Test func routePointsInsideAPauseAreLeftOutOfTCX() throws {
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "track.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "pause" },
                      { "at": 70, "do": "resume" }, { "at": 70, "do": "lap" },
                      { "at": 120, "do": "end" } ] }
      """, files: ["track.gpx": Array(Self.northTrack.utf8)])
    let result = try Simulation.run(scenario)
    guard case .array(let records)? = result.document(includeSamples: true)["records"],
      let record = records.first
    else { throw Failure.shape }
    #expect(try Self.number(record["duration"]) == 110)
    let distance = try Self.number(record["totalDistance"])
    #expect(abs(distance - 6_371_008.8 * 0.0001 * Double.pi / 180 / 5 * 110) < 1e-6)
    let bytes = try Self.export((result, record), as: .tcx)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("<Time>2024-05-01T06:01:05Z</Time>"))
    let (replayed, _, _) = try Self.replay(bytes, name: "track.tcx")
    #expect(try Self.number(replayed["duration"]) == 110)
    let again = try Self.number(replayed["totalDistance"])
    #expect(abs(again - distance) <= 0.01 * distance, "replayed \(again) m of \(distance) m")
  }

  /// A 120 s walk at 1.4 m/s whose heart-rate sensor locks on after 10 s and whose samples
  /// start at 10 s (as in `Scenarios/easy-walk.json`): the FIT and TCX exports write a first
  /// point at the start, so the replay lasts the full 120 s, not 110 s; distance 1.4 × 120 =
  /// 168 m.
  @Test(arguments: [ExportFormat.fit, .tcx])
  func aLateFirstSampleStillReplaysFromTheStart(format: ExportFormat) throws {
    let run = try Self.run(
      """
      { "version": 1, "activity": "walking", "course": [ { "duration": 120, "speed": 1.4 } ],
        "sensors": { "heartRate": { "lockOn": 10 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 120, "do": "end" } ] }
      """)
    #expect(try Self.number(run.record["duration"]) == 120)
    let distance = try Self.number(run.record["totalDistance"])
    #expect(abs(distance - 168) < 1e-6)
    let (replayed, plan, _) = try Self.replay(
      try Self.export(run, as: format), name: "walk." + format.rawValue)
    #expect(plan.duration == 120)
    #expect(replayed["activityType"] == .string("walking"))
    #expect(try Self.number(replayed["duration"]) == 120)
    let again = try Self.number(replayed["totalDistance"])
    #expect(abs(again - distance) <= 0.01 * distance, "replayed \(again) m of \(distance) m")
  }

  /// A GPX track of 25 points 5 s apart heading north 0.0001° (11.1195 m) per point, from
  /// 2024-05-01T06:00:00Z.
  static var northTrack: String {
    var x = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><type>running</type><trkseg>

      """
    for index in 0...24 {
      let seconds = index * 5
      let stamp =
        "2024-05-01T06:0\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "")
        + "\(seconds % 60)Z"
      x +=
        "<trkpt lat=\"\(48 + Double(index) * 0.0001)\" lon=\"11\"><ele>100</ele><time>\(stamp)</time></trkpt>\n"
    }
    return x + "</trkseg></trk></gpx>\n"
  }

  @Test func ownGPXExportReplaysToTheRecord() throws {
    // Started at 0, paused 60 to 70 s, ended at 120 s: duration 110 s; distance 110 s at
    // 11.1195 m / 5 s (haversine of 0.0001° of latitude, 6 371 008.8 × 0.0001 × π / 180 =
    // 11.119508 m) = 2.2239 m/s × 110 s = 244.63 m.
    let scenario = try RecordingScenarioTests.scenario(
      """
      { "version": 1, "course": { "recording": "track.gpx" },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "pause" },
                      { "at": 70, "do": "resume" }, { "at": 120, "do": "end" } ] }
      """, files: ["track.gpx": Array(Self.northTrack.utf8)])
    let result = try Simulation.run(scenario)
    guard case .array(let records)? = result.document(includeSamples: true)["records"],
      let record = records.first
    else { throw Failure.shape }
    let metres = 6_371_008.8 * 0.0001 * Double.pi / 180
    #expect(try Self.number(record["duration"]) == 110)
    let distance = try Self.number(record["totalDistance"])
    #expect(abs(distance - metres / 5 * 110) < 1e-6)
    let bytes = try Self.export((result, record), as: .gpx)
    #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "<trkseg>").count == 3)
    let (replayed, _, _) = try Self.replay(bytes, name: "run.gpx")
    #expect(try Self.number(replayed["duration"]) == 110)
    let again = try Self.number(replayed["totalDistance"])
    #expect(abs(again - distance) <= 0.01 * distance, "replayed \(again) m of \(distance) m")
  }
}
