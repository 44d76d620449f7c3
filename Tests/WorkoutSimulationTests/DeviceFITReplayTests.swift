import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology
import WorkoutRecordings
import WorkoutScenario
import WorkoutSimTestSupport

@testable import WorkoutSimulation

/// Builds small FIT files as devices write them (FIT protocol, little-endian definitions, the
/// 14-byte header with its CRC and the file CRC, ``FITCRC``): the fields the replay tests need.
struct DeviceFIT {
  /// Base type bytes (FIT protocol, "Base Types").
  static let enumType: UInt8 = 0x00
  static let uint8: UInt8 = 0x02
  static let uint16: UInt8 = 0x84
  static let uint32: UInt8 = 0x86
  static let byte: UInt8 = 0x0D

  var records: [UInt8] = []

  /// A definition of local type `local` with fields (number, size, base type).
  mutating func define(local: UInt8, global: UInt16, _ fields: [(UInt8, UInt8, UInt8)]) {
    records += [0x40 | local, 0, 0] + Self.le(UInt32(global), 2) + [UInt8(fields.count)]
    for (number, size, base) in fields { records += [number, size, base] }
  }

  /// A data message of local type `local`.
  mutating func data(local: UInt8, _ content: [UInt8]) { records += [local] + content }

  /// A session (18): time stamp, `start_time`, `sport`, elapsed and timer time (s), distance
  /// (m); with `pool`, `num_lengths`, `pool_length` (m) and `num_active_lengths`.
  mutating func session(
    local: UInt8, start: UInt32, sport: UInt8, seconds: Double, metres: Double,
    pool: (lengths: Int, length: Double, active: Int)? = nil
  ) {
    var fields: [(UInt8, UInt8, UInt8)] = [
      (253, 4, Self.uint32), (2, 4, Self.uint32), (5, 1, Self.enumType), (7, 4, Self.uint32),
      (8, 4, Self.uint32), (9, 4, Self.uint32),
    ]
    if pool != nil { fields += [(33, 2, Self.uint16), (44, 2, Self.uint16), (47, 2, Self.uint16)] }
    define(local: local, global: 18, fields)
    let ms = UInt32((seconds * 1000).rounded())
    var content =
      Self.le(start + UInt32(seconds), 4) + Self.le(start, 4) + [sport] + Self.le(ms, 4)
      + Self.le(ms, 4) + Self.le(UInt32((metres * 100).rounded()), 4)
    if let pool {
      content +=
        Self.le(UInt32(pool.lengths), 2) + Self.le(UInt32((pool.length * 100).rounded()), 2)
        + Self.le(UInt32(pool.active), 2)
    }
    data(local: local, content)
  }

  /// The whole file.
  var bytes: [UInt8] {
    var file: [UInt8] = [14, 0x20] + Self.le(2132, 2) + Self.le(UInt32(records.count), 4)
    file += Array(".FIT".utf8)
    file += Self.le(UInt32(FITCRC.compute(file, 0..<12)), 2)
    file += records
    return file + Self.le(UInt32(FITCRC.compute(file, 0..<file.count)), 2)
  }

  /// `value`'s low `count` bytes, little-endian.
  static func le(_ value: UInt32, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(value >> (8 * UInt32($0)) & 0xFF) }
  }
}

/// FIT files as devices write them, replayed (docs/recordings.md, "FIT as devices write it",
/// "Pool swims", "Multisport"): records with only `compressed_speed_distance`, pool swims, records
/// without positions, and `generic` and `transition` sessions.
@Suite struct DeviceFITReplayTests {
  /// FIT time 1 000 000 000 s: 2021-09-09T01:46:40Z (631 065 600 + 10⁹ Unix seconds).
  static let start: UInt32 = 1_000_000_000

  static func distance(_ record: JSONValue) throws -> Double {
    try ExportRoundTripTests.number(record["totalDistance"])
  }

  /// A run of 600 s at 3.2 m/s whose 121 records, 5 s apart, carry only a time stamp and
  /// `compressed_speed_distance`: 16 m = 256 sixteenths per record, so the 12-bit distance rolls
  /// over every 16 records (256 m) and 7 times in all; the session says 1920 m. The replay
  /// runs 600 s and 3.2 × 600 = 1920 m (within 1 %, here to the millimetre).
  @Test func aRunWithOnlyCompressedSpeedDistanceReplaysToItsDistance() throws {
    var f = DeviceFIT()
    f.define(local: 0, global: 20, [(253, 4, DeviceFIT.uint32), (8, 3, DeviceFIT.byte)])
    for k in 0...120 {
      let bits = UInt32(320) | (UInt32(256 * k) & 0xFFF) << 12
      f.data(local: 0, DeviceFIT.le(Self.start + UInt32(5 * k), 4) + DeviceFIT.le(bits, 3))
    }
    f.session(local: 1, start: Self.start, sport: 1, seconds: 600, metres: 1920)
    let recording = try Recording.decode(f.bytes, format: .fit, file: "c.fit")
    #expect(recording.points.last?.distance == 1920)
    let (record, plan, records) = try ExportRoundTripTests.replay(f.bytes, name: "c.fit")
    #expect(records.count == 1)
    #expect(plan.parts.map(\.activity) == [.running])
    #expect(record["activityType"] == .string("running"))
    #expect(try ExportRoundTripTests.number(record["duration"]) == 600)
    let metres = try Self.distance(record)
    #expect(abs(metres - 1920) <= 0.01 * 1920)
    #expect(abs(metres - 1920) < 1e-3, "\(metres) m")
  }

  /// A 25 m pool swim (FITDeviceFieldTests.poolSwim's layout): 40 active lengths of 30 s and 3
  /// rests of 20 s, 1260 s; records every 10 s with heart rate only. It replays as swimming,
  /// 1260 s and 40 × 25 = 1000 m, with a lap event per swum length.
  @Test func aPoolSwimReplaysToItsLengths() throws {
    for withRecords in [true, false] {
      var f = DeviceFIT()
      f.define(
        local: 1, global: 101,
        [
          (253, 4, DeviceFIT.uint32), (2, 4, DeviceFIT.uint32), (3, 4, DeviceFIT.uint32),
          (12, 1, DeviceFIT.enumType),
        ])
      var time = Self.start
      for index in 1...43 {
        let idle = index == 11 || index == 22 || index == 33
        let seconds: UInt32 = idle ? 20 : 30
        f.data(
          local: 1,
          DeviceFIT.le(time + seconds, 4) + DeviceFIT.le(time, 4) + DeviceFIT.le(seconds * 1000, 4)
            + [idle ? 0 : 1])
        time += seconds
      }
      if withRecords {
        f.define(local: 0, global: 20, [(253, 4, DeviceFIT.uint32), (3, 1, DeviceFIT.uint8)])
        for t in stride(from: Self.start, through: time, by: 10) {
          f.data(local: 0, DeviceFIT.le(t, 4) + [130])
        }
      }
      f.session(
        local: 2, start: Self.start, sport: 5, seconds: 1260, metres: 1000,
        pool: (43, 25, 40))
      let (record, _, records) = try ExportRoundTripTests.replay(f.bytes, name: "swim.fit")
      #expect(records.count == 1)
      #expect(record["activityType"] == .string("swimming"))
      #expect(try ExportRoundTripTests.number(record["duration"]) == 1260)
      let metres = try Self.distance(record)
      #expect(abs(metres - 1000) < 1e-6, "\(metres) m, records \(withRecords)")
      #expect(
        try ExportRoundTripTests.number(record["statistics"]?["distanceSwimming"]?["sum"])
          == metres)
      // Each of the 40 swum lengths is a lap event over its 30 s (the 3 rests are not); the
      // stroke is unknown (0): the messages carry none.
      guard case .array(let events)? = record["events"] else {
        Issue.record("no events")
        continue
      }
      let laps = events.filter { $0["type"] == .string("lap") }
      #expect(laps.count == 40)
      #expect(laps.allSatisfy { $0["duration"] == .number(30) })
      #expect(laps.allSatisfy { $0["metadata"]?["HKSwimmingStrokeStyle"] == .number(0) })
      // The 11th length starts after 10 lengths of 30 s and a 20 s rest: 320 s.
      #expect(laps.count > 10 && laps[10]["at"] == .number(320))
    }
  }

  /// A 25 m pool swim without records, as the watch records a scripted one (one sample of each
  /// a length, docs/recordings.md#pool-swims): freestyle lengths of 30 s with 18 strokes and
  /// 32 s with 20, a 20 s rest, then three freestyle lengths of 30 s without `total_strokes`
  /// (172 s in all). The first two keep their strokes (SWOLF 30 + 18 = 48, 32 + 20 = 52); the
  /// three get the model's, 25 / 1.3 = 19.2308 a length carried as whole strokes: round(19.23)
  /// = 19, round(38.46) − 19 = 19, round(57.69) − 38 = 20 (SWOLF 49, 49, 50). Each swum length
  /// gives one 25 m `distanceSwimming` sample over its time (125 m), the rest none.
  @Test func aPoolSwimRecordsEachLengthsDistanceAndStrokes() throws {
    var f = DeviceFIT()
    let timed: [(UInt8, UInt8, UInt8)] = [
      (253, 4, DeviceFIT.uint32), (2, 4, DeviceFIT.uint32), (3, 4, DeviceFIT.uint32),
    ]
    f.define(
      local: 1, global: 101,
      timed + [(5, 2, DeviceFIT.uint16), (7, 1, DeviceFIT.enumType), (12, 1, DeviceFIT.enumType)])
    f.define(
      local: 3, global: 101, timed + [(7, 1, DeviceFIT.enumType), (12, 1, DeviceFIT.enumType)])
    var time = Self.start
    // (seconds, strokes or nil, active); swim_stroke 0 is freestyle.
    let lengths: [(UInt32, UInt32?, Bool)] = [
      (30, 18, true), (32, 20, true), (20, nil, false), (30, nil, true), (30, nil, true),
      (30, nil, true),
    ]
    for (seconds, strokes, active) in lengths {
      let head =
        DeviceFIT.le(time + seconds, 4) + DeviceFIT.le(time, 4) + DeviceFIT.le(seconds * 1000, 4)
      if let strokes {
        f.data(local: 1, head + DeviceFIT.le(strokes, 2) + [0, 1])
      } else {
        f.data(local: 3, head + [active ? 0 : 0xFF, active ? 1 : 0])
      }
      time += seconds
    }
    f.session(
      local: 2, start: Self.start, sport: 5, seconds: 172, metres: 125, pool: (6, 25, 5))
    let (record, _, _) = try ExportRoundTripTests.replay(f.bytes, name: "swim.fit", samples: true)
    #expect(try ExportRoundTripTests.number(record["duration"]) == 172)
    let spans: [[Double]] = [[0, 30], [30, 62], [82, 112], [112, 142], [142, 172]]
    let distance: JSONValue = .array(spans.map { .array(($0 + [25]).map { .number($0) }) })
    #expect(record["samples"]?["distanceSwimming"] == distance)
    let strokes: JSONValue = .array(
      zip(spans, [18.0, 20, 19, 19, 20]).map { .array(($0 + [$1]).map { .number($0) }) })
    #expect(record["samples"]?["swimmingStrokeCount"] == strokes)
    #expect(try ExportRoundTripTests.number(record["totalDistance"]) == 125)
    guard case .array(let events)? = record["events"] else {
      Issue.record("no events")
      return
    }
    let laps = events.filter { $0["type"] == .string("lap") }
    #expect(laps.map { $0["at"] } == [0, 30, 82, 112, 142].map { .number($0) })
    #expect(
      laps.map { $0["metadata"]?["HKSWOLFScore"] } == [48, 52, 49, 49, 50].map { .number($0) })
    #expect(laps.allSatisfy { $0["metadata"]?["HKSwimmingStrokeStyle"] == .number(2) })
  }

  /// Active pool lengths of `seconds` each (no strokes, no stroke style) from `start`, then
  /// their 25 m pool session (sport 5) of local type `local`; the file's length messages use
  /// local type 1.
  static func poolLengths(
    _ seconds: [UInt32], from start: UInt32, pool: Double = 25, into f: inout DeviceFIT
  ) {
    var time = start
    var lengths: [(start: UInt32, seconds: UInt32)] = []
    for length in seconds {
      lengths.append((time, length))
      time += length
    }
    poolLengths(at: lengths, pool: pool, into: &f)
  }

  /// Active pool lengths, each from its `start` (seconds since the FIT epoch) over its
  /// `seconds`, then their pool session (sport 5, pool `pool` m) from the first start to the
  /// last end; the length messages use local type 1, the session local type 2.
  static func poolLengths(
    at lengths: [(start: UInt32, seconds: UInt32)], pool: Double = 25, into f: inout DeviceFIT
  ) {
    f.define(
      local: 1, global: 101,
      [
        (253, 4, DeviceFIT.uint32), (2, 4, DeviceFIT.uint32), (3, 4, DeviceFIT.uint32),
        (12, 1, DeviceFIT.enumType),
      ])
    for length in lengths {
      f.data(
        local: 1,
        DeviceFIT.le(length.start + length.seconds, 4) + DeviceFIT.le(length.start, 4)
          + DeviceFIT.le(length.seconds * 1000, 4) + [1])
    }
    let first = lengths.map(\.start).min() ?? 0
    let last = lengths.map { $0.start + $0.seconds }.max() ?? first
    f.session(
      local: 2, start: first, sport: 5, seconds: Double(last - first),
      metres: pool * Double(lengths.count), pool: (lengths.count, pool, lengths.count))
  }

  /// Replays `bytes` (written as `name` in a new folder) through its written scenario with
  /// `extra` members added at its top (`"sensors": { ... }`), as `workout-sim replay
  /// --write-scenario` and `run` do; with `multisport`, as one `swimBikeRun` workout.
  static func replayResult(
    _ bytes: [UInt8], name: String, extra: String? = nil, multisport: Bool = false
  ) throws -> RunResult {
    let folder = URL(fileURLWithPath: try makeTemporaryFolder(prefix: "workout-sim-pool"))
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let recording = try Recording.read(path: path)
    let plan = try ReplayPlan(
      recording: recording, path: path, name: "pool", activity: nil, seed: nil,
      multisport: multisport)
    var text = JSONWriter.encode(plan.scenario)
    if let extra, let brace = text.firstIndex(of: "{") {
      text.replaceSubrange(brace...brace, with: "{ \(extra),")
    }
    return try Simulation.run(try decodeScenario(text, fileName: "replay.json"))
  }

  /// A 25 m pool swim of three lengths of 30 s, 0 s and 30 s: the 0 s length is a length swum
  /// (a lap event of no duration, one 25 m sample at its instant), so the workout has 3 × 25 =
  /// 75 m; without it 50 m. Its strokes are the model's for an unknown stroke (the messages
  /// name none), 25 / 1.2 = 20.83 a length carried: round(20.83) = 21, round(41.67) − 21 = 21,
  /// round(62.5) − 42 = 21; its SWOLF 0 + 21 = 21, the others' 30 + 21 = 51.
  @Test func aLengthOfNoSecondsCountsItsDistance() throws {
    var f = DeviceFIT()
    Self.poolLengths([30, 0, 30], from: Self.start, into: &f)
    let result = try Self.replayResult(f.bytes, name: "zero.fit")
    #expect(result.errors.isEmpty)
    let record = try #require(result.records.first)
    #expect(record.totalDistance == 75)
    let distance = try #require(record.samples[.distanceSwimming])
    #expect(distance.map(\.start) == [0, 30, 30].map { .seconds($0) })
    #expect(distance.map(\.end) == [30, 30, 60].map { .seconds($0) })
    #expect(record.samples[.swimmingStrokeCount]?.map(\.value) == [21, 21, 21])
    let laps = record.events.filter { $0.type == .lap }
    #expect(laps.map(\.duration) == [30, 0, 30].map { .seconds($0) })
    #expect(laps.map { $0.metadata["HKSWOLFScore"] } == [51.0, 21, 51].map { .number($0) })
  }

  /// A replayed pool swim records its distance and strokes once per length, so a sensor
  /// `interval` of either is refused as in a scripted pool swim: the file, the JSON path and
  /// what to write instead (exit 65, a data error). `enabled` alone is taken.
  @Test func aReplayedPoolSwimRefusesAGridSettingOfItsLengthTypes() throws {
    var f = DeviceFIT()
    Self.poolLengths([30, 30], from: Self.start, into: &f)
    for type in ["distanceSwimming", "swimmingStrokeCount"] {
      do {
        _ = try Self.replayResult(
          f.bytes, name: "pool.fit", extra: "\"sensors\": { \"\(type)\": { \"interval\": 5 } }")
        Issue.record("\(type).interval was taken")
      } catch let error as SimulationError {
        // The scenario's file; one decoded from text is named by its `name`, which the
        // written scenario takes from the recording's path.
        #expect(error.fileName.hasSuffix("/pool.fit"))
        #expect(error.path == "sensors.\(type).interval")
        #expect(
          error.message
            == "in a pool swim the watch records \(type) once per length, at the length's end, not every \"interval\": only \"enabled\" applies; remove \"interval\""
        )
      }
    }
    let strokesOff = try Self.replayResult(
      f.bytes, name: "pool.fit",
      extra: "\"sensors\": { \"swimmingStrokeCount\": { \"enabled\": false } }")
    #expect(strokesOff.records.first?.samples[.swimmingStrokeCount] == nil)
    #expect(strokesOff.records.first?.totalDistance == 50)
  }

  /// A replayed pool swim's workout carries what a scripted pool swim's does (its
  /// `HKWorkoutConfiguration`'s): `HKSwimmingLocationType` pool (1) and `HKLapLength` 25 m.
  @Test func aReplayedPoolSwimHasItsLocationAndLapLength() throws {
    var f = DeviceFIT()
    Self.poolLengths([30, 30], from: Self.start, into: &f)
    let record = try #require(try Self.replayResult(f.bytes, name: "pool.fit").records.first)
    #expect(record.metadata["HKSwimmingLocationType"] == .number(1))
    #expect(record.metadata["HKLapLength"] == .quantity(25, unit: "m"))
  }

  /// A run of 300 s at 3 m/s (records every 10 s with their distance), then from 300 s a 25 m
  /// pool swim of three lengths of 30 s: the swim, a later session, gets its lengths as a
  /// swim alone does: three lap events, 3 × 25 = 75 m in three samples, and the pool's
  /// metadata; the run gets neither. As one multisport workout, its swimming leg gets them.
  @Test func aLaterSwimOfAMultisportFileGetsItsLengths() throws {
    var f = DeviceFIT()
    f.define(local: 0, global: 20, [(253, 4, DeviceFIT.uint32), (5, 4, DeviceFIT.uint32)])
    for k in 0...30 {
      f.data(
        local: 0, DeviceFIT.le(Self.start + UInt32(10 * k), 4) + DeviceFIT.le(UInt32(3000 * k), 4))
    }
    f.session(local: 3, start: Self.start, sport: 1, seconds: 300, metres: 900)
    Self.poolLengths([30, 30, 30], from: Self.start + 300, into: &f)
    let result = try Self.replayResult(f.bytes, name: "aquathlon.fit")
    #expect(result.errors.isEmpty)
    #expect(result.records.map(\.activityType) == [.running, .swimming])
    let run = try #require(result.records.first)
    let swim = try #require(result.records.last)
    #expect(run.events.filter { $0.type == .lap }.isEmpty)
    #expect(run.metadata["HKLapLength"] == nil)
    #expect(
      swim.events.filter { $0.type == .lap }.map(\.date) == [300, 330, 360].map { .seconds($0) })
    #expect(swim.samples[.distanceSwimming]?.map(\.value) == [25, 25, 25])
    #expect(swim.totalDistance == 75)
    #expect(swim.metadata["HKLapLength"] == .quantity(25, unit: "m"))
    let together = try Self.replayResult(f.bytes, name: "aquathlon.fit", multisport: true)
    let workout = try #require(together.records.first)
    #expect(together.records.count == 1)
    #expect(
      workout.events.filter { $0.type == .lap }.map(\.date) == [300, 330, 360].map { .seconds($0) })
    #expect(workout.samples[.distanceSwimming]?.map(\.value) == [25, 25, 25])
  }

  /// The aquathlon above as one `swimBikeRun` workout (`multisport`): its swimming leg's
  /// `HKWorkoutActivity` carries the pool its configuration gives it, `HKSwimmingLocationType`
  /// pool (1) and `HKLapLength` 25 m (the file's pool); the running leg and the workout itself
  /// (not a swimming workout) carry neither (docs/models.md#swimming).
  @Test func aMultisportSwimLegCarriesItsPool() throws {
    var f = DeviceFIT()
    f.define(local: 0, global: 20, [(253, 4, DeviceFIT.uint32), (5, 4, DeviceFIT.uint32)])
    for k in 0...30 {
      f.data(
        local: 0, DeviceFIT.le(Self.start + UInt32(10 * k), 4) + DeviceFIT.le(UInt32(3000 * k), 4))
    }
    f.session(local: 3, start: Self.start, sport: 1, seconds: 300, metres: 900)
    Self.poolLengths([30, 30, 30], from: Self.start + 300, into: &f)
    let result = try Self.replayResult(f.bytes, name: "aquathlon.fit", multisport: true)
    #expect(result.errors.isEmpty)
    let workout = try #require(result.records.first)
    #expect(workout.activities.map(\.activityType) == [.running, .swimming])
    let swim = try #require(workout.activities.last)
    #expect(swim.metadata["HKSwimmingLocationType"] == .number(1))
    #expect(swim.metadata["HKLapLength"] == .quantity(25, unit: "m"))
    #expect(workout.activities.first?.metadata.isEmpty == true)
    #expect(workout.metadata["HKLapLength"] == nil)
    #expect(workout.metadata["HKSwimmingLocationType"] == nil)
  }

  /// A file whose swum lengths lie in two pools, two 30 s lengths of a 25 m pool and from 100 s
  /// two 40 s lengths of a 50 m pool: a watch's workout counts one pool (the `lapLength` its
  /// configuration starts with), so the replay is refused, naming the file and both pools,
  /// rather than writing the first pool's `HKLapLength` over the second's lengths (exit 65, a
  /// data error at `course.recording`; docs/recordings.md#pool-swims).
  @Test func aReplayOfTwoPoolsIsRefused() throws {
    var f = DeviceFIT()
    Self.poolLengths([30, 30], from: Self.start, into: &f)
    Self.poolLengths([40, 40], from: Self.start + 100, pool: 50, into: &f)
    for multisport in [false, true] {
      do {
        _ = try Self.replayResult(f.bytes, name: "pools.fit", multisport: multisport)
        Issue.record("two pools were replayed (multisport \(multisport))")
      } catch let error as SimulationError {
        #expect(error.path == "course.recording")
        #expect(
          error.message.hasSuffix(
            "pools.fit: its swum lengths lie in pools of 25 m and 50 m; a watch's workout counts one pool, the lapLength of the HKWorkoutConfiguration it starts with: replay each pool's swim from a file of its own"
          ))
      }
    }
  }

  /// Lengths of 30 s from 0 s, from 25 s (5 s before the first ends) and from 60 s: the second
  /// starts at the first's end, 30 s, keeping its 30 s (so it ends at 60 s, where the third
  /// starts), as the course's distance takes it; its `lap` event and its samples lie over
  /// [30, 60) s, and a warning says so (docs/recordings.md#pool-swims). 3 × 25 = 75 m.
  @Test func anOverlappingLengthStartsAtTheEndOfTheOneBefore() throws {
    var f = DeviceFIT()
    Self.poolLengths(
      at: [(Self.start, 30), (Self.start + 25, 30), (Self.start + 60, 30)], into: &f)
    let result = try Self.replayResult(f.bytes, name: "overlap.fit")
    #expect(result.errors.isEmpty)
    let record = try #require(result.records.first)
    let laps = record.events.filter { $0.type == .lap }
    #expect(laps.map(\.date) == [0, 30, 60].map { .seconds($0) })
    #expect(laps.map(\.duration) == [30, 30, 30].map { .seconds($0) })
    let distance = try #require(record.samples[.distanceSwimming])
    #expect(distance.map(\.start) == [0, 30, 60].map { .seconds($0) })
    #expect(distance.map(\.end) == [30, 60, 90].map { .seconds($0) })
    #expect(record.totalDistance == 75)
    #expect(
      result.warnings.contains {
        $0.hasSuffix(
          "overlap.fit: 1 pool length starts before the one before it ends; it starts at that end instead, keeping its time"
        )
      })
  }

  /// A replayed pool swim's scenario built in Swift (``ReplayPlan/makeScenario()``, no JSON)
  /// with a per-length type's `interval` of 5 s, not the default 10 s, is refused by the
  /// decoder's rule, with its message and path; a scripted pool swim built in Swift too.
  /// `enabled: false` alone is taken.
  @Test func aSwiftBuiltPoolSwimRefusesAGridSetting() throws {
    var f = DeviceFIT()
    Self.poolLengths([30, 30], from: Self.start, into: &f)
    let folder = URL(fileURLWithPath: try makeTemporaryFolder(prefix: "workout-sim-pool"))
    let path = folder.appendingPathComponent("pool.fit").path
    try Data(f.bytes).write(to: URL(fileURLWithPath: path))
    let recording = try Recording.read(path: path)
    let plan = try ReplayPlan(
      recording: recording, path: path, name: "pool", activity: nil, seed: nil)
    let message =
      "in a pool swim the watch records distanceSwimming once per length, at the length's end, not every \"interval\": only \"enabled\" applies; remove \"interval\""
    var replay = try plan.makeScenario()
    replay.sensors[.distanceSwimming] = SensorConfiguration(
      for: .distanceSwimming, interval: .seconds(5))
    let replayError = try #require(throws: SimulationError.self) {
      try Simulation.run(ResolvedScenario(replay, overrides: RunOverrides(), recording: recording))
    }
    #expect(replayError.path == "sensors.distanceSwimming.interval")
    #expect(replayError.message == message)
    var scripted = try Scenario(
      name: "built", activity: .swimming,
      timeline: [Scenario.Action(at: .zero, .app(.start))])
    scripted.swim = SwimPlan(
      location: .pool, lapLength: 25,
      sets: [SwimPlan.Set(distance: 50, lengths: 2, stroke: .freestyle, secondsPer100m: 120)])
    scripted.sensors[.distanceSwimming] = SensorConfiguration(
      for: .distanceSwimming, interval: .seconds(5))
    let scriptedError = try #require(throws: SimulationError.self) {
      try Simulation.run(scripted)
    }
    #expect(scriptedError.path == "sensors.distanceSwimming.interval")
    #expect(scriptedError.message == message)
    replay.sensors[.distanceSwimming] = SensorConfiguration(for: .distanceSwimming, enabled: false)
    let taken = try Simulation.run(
      ResolvedScenario(replay, overrides: RunOverrides(), recording: recording))
    #expect(taken.records.first?.samples[.distanceSwimming] == nil)
  }

  /// Records at 0 (5 m recorded), 10, 25 (999 m recorded), 40 and 50 s (7 m recorded) and a
  /// pool profile 0 m at 10 s, 25 m at 30 s and 40 s (a rest), 50 m at 60 s: the records inside
  /// 10…60 s take the profile's distance (25 s: 25 × 15 / 20 = 18.75 m; 50 s: 25 + 25 × 10 / 20 =
  /// 37.5 m), the one before keeps its own, and the profile's points at 30 and 60 s are added
  /// (the one at 10 s is a record's time already).
  @Test func recordsInsideTheLengthsTakeTheirDistance() {
    let records = [(0.0, 5.0), (10, nil), (25, 999), (40, nil), (50, nil)].map {
      RecordingPoint(time: $0.0, distance: $0.1, heartRate: 120)
    }
    let pool = [(10.0, 0.0), (30, 25), (40, 25), (60, 50)].map {
      RecordingPoint(time: $0.0, distance: $0.1)
    }
    let merged = RecordingCourse.withPoolDistances(records, pool)
    #expect(merged.map(\.time) == [0, 10, 25, 30, 40, 50, 60])
    #expect(merged.map(\.distance) == [5, 0, 18.75, 25, 25, 37.5, 50])
    #expect(merged.map(\.heartRate) == [120, 120, 120, nil, 120, 120, nil])
    #expect(RecordingCourse.withPoolDistances(records, []) == records)
  }

  /// Records without positions (a treadmill): 101 records 1 s apart at 2.5 m/s, with only
  /// `distance` (2.5 m per second: 250 m) or only `speed` (the mean of the two ends' speeds
  /// over each second: 100 × 2.5 = 250 m); each replays to 250 m.
  @Test func recordsWithoutPositionsReplayTheirDistanceOrSpeed() throws {
    for field: UInt8 in [5, 6] {
      var f = DeviceFIT()
      let size: UInt8 = field == 5 ? 4 : 2
      f.define(
        local: 0, global: 20,
        [
          (253, 4, DeviceFIT.uint32),
          (field, size, field == 5 ? DeviceFIT.uint32 : DeviceFIT.uint16),
        ])
      for k in 0...100 {
        let value = field == 5 ? UInt32(250 * k) : 2500
        f.data(local: 0, DeviceFIT.le(Self.start + UInt32(k), 4) + DeviceFIT.le(value, Int(size)))
      }
      f.session(local: 1, start: Self.start, sport: 1, seconds: 100, metres: 250)
      let (record, _, _) = try ExportRoundTripTests.replay(f.bytes, name: "treadmill.fit")
      #expect(try ExportRoundTripTests.number(record["duration"]) == 100)
      let metres = try Self.distance(record)
      #expect(abs(metres - 250) < 1e-6, "field \(field): \(metres) m")
    }
  }

  /// A file whose only session is `generic`, 300 s at 3 m/s (900 m): running by its speed, and
  /// it keeps its 900 m (as `other` it had none).
  @Test func aGenericSessionKeepsItsDistance() throws {
    var f = DeviceFIT()
    f.define(local: 0, global: 20, [(253, 4, DeviceFIT.uint32), (5, 4, DeviceFIT.uint32)])
    for k in 0...30 {
      f.data(
        local: 0, DeviceFIT.le(Self.start + UInt32(10 * k), 4) + DeviceFIT.le(UInt32(3000 * k), 4))
    }
    f.session(local: 1, start: Self.start, sport: 0, seconds: 300, metres: 900)
    let (record, plan, _) = try ExportRoundTripTests.replay(f.bytes, name: "generic.fit")
    #expect(plan.parts.map(\.activity) == [.running])
    #expect(record["activityType"] == .string("running"))
    #expect(abs(try Self.distance(record) - 900) < 1e-6)
  }

  /// One session of `sport` from `start` s for `seconds` s over `metres` m (no points needed for
  /// the rule: the session's totals give the speed).
  static func session(_ sport: String, _ start: Double, _ seconds: Double, _ metres: Double)
    -> RecordingSummary
  {
    var s = RecordingSummary()
    s.sport = sport
    s.startTime = start
    s.totalTimerTime = seconds
    s.totalElapsedTime = seconds
    s.totalDistance = metres
    return s
  }

  /// The rule for `generic` and `transition` (docs/recordings.md, "Multisport"): a generic
  /// session takes the activity of the nearest named session before it, else after it; alone,
  /// its mean speed: 1.5 m/s walking, 3 m/s running, exactly 6 m/s running (the fastest on
  /// foot), 8 m/s cycling. A transition is on foot: 100 m in 60 s (1.67 m/s) walking, 90 m in
  /// 30 s (3 m/s) running, and 10 m/s still running.
  @Test func genericAndTransitionSessionsGetAnActivity() {
    func activities(_ sessions: [RecordingSummary]) -> [WorkoutActivityType?] {
      let recording = Recording(
        format: .fit, sport: sessions.first?.sport, points: [RecordingPoint(time: 0)],
        sessions: sessions)
      return sessions.indices.map { ReplayPlan.activity(ofSession: $0, in: recording) }
    }
    #expect(activities([Self.session("generic", 0, 100, 150)]) == [.walking])
    #expect(activities([Self.session("generic", 0, 100, 300)]) == [.running])
    #expect(activities([Self.session("generic", 0, 100, 600)]) == [.running])
    #expect(activities([Self.session("generic", 0, 100, 800)]) == [.cycling])
    #expect(
      activities([Self.session("generic", 0, 100, 150), Self.session("cycling", 100, 100, 800)])
        == [.cycling, .cycling])
    #expect(
      activities([
        Self.session("running", 0, 100, 300), Self.session("swimming", 100, 100, 100),
        Self.session("generic", 200, 100, 150),
      ]) == [.running, .swimming, .swimming])
    #expect(
      activities([
        Self.session("transition", 0, 60, 100), Self.session("transition", 60, 30, 90),
        Self.session("transition", 90, 10, 100),
      ]) == [.walking, .running, .running])
  }

  /// A triathlon recorded from `origin` (Unix seconds): swim 600 s over 1000 m, transition 60 s
  /// over 100 m, ride 600 s over 5000 m, transition 30 s over 90 m, run 600 s over 1800 m, a
  /// heart rate of 140 every 5 s.
  static func triathlon(origin: Double) -> Recording {
    let sessions = [
      Self.session("swimming", origin, 600, 1000),
      Self.session("transition", origin + 600, 60, 100),
      Self.session("cycling", origin + 660, 600, 5000),
      Self.session("transition", origin + 1260, 30, 90),
      Self.session("running", origin + 1290, 600, 1800),
    ]
    let points = stride(from: 0.0, through: 1890, by: 5).map {
      RecordingPoint(time: origin + $0, heartRate: 140)
    }
    return Recording(
      format: .fit, sport: "swimming", points: points, session: sessions[0], sessions: sessions)
  }

  /// A triathlon's sessions: swim 600 s, transition 60 s over 100 m, ride 600 s, transition
  /// 30 s over 90 m, run 600 s. Five parts: the transitions walk and run, and the second does
  /// not merge with the run after it. Without the rule both transitions were `other`.
  @Test func aTriathlonKeepsItsTransitionsAsPartsOfTheirOwn() throws {
    let origin = 1_000_000.0
    let recording = Self.triathlon(origin: origin)
    let plan = try ReplayPlan(
      recording: recording, path: "tri.fit", name: "tri", activity: nil, seed: nil)
    #expect(plan.parts.map(\.activity) == [.swimming, .walking, .cycling, .running, .running])
    #expect(plan.parts.map(\.start) == [0, 600, 660, 1260, 1290])
    #expect(plan.parts.map { $0.totals?.totalDistance } == [1000, 100, 5000, 90, 1800])
    // With --type every session is that activity and they merge into one part.
    let typed = try ReplayPlan(
      recording: recording, path: "tri.fit", name: "tri", activity: .running, seed: nil)
    #expect(typed.parts.map(\.activity) == [.running])
  }

  /// The same triathlon replayed as the current watch saves it (`multisport`): one
  /// `swimBikeRun` workout whose five activities are the swim, the two transitions (as
  /// `transition`), the ride and the run, 1890 s in all.
  @Test func aTriathlonReplaysAsOneWorkoutWithFiveActivities() throws {
    let origin = 1_772_452_800.0  // 2026-03-02 12:00 UTC, inside the supported dates
    let recording = Self.triathlon(origin: origin)
    let plan = try ReplayPlan(
      recording: recording, path: "tri.fit", name: "tri", activity: nil, seed: nil,
      multisport: true)
    let scenario = try plan.makeScenario()
    #expect(scenario.activity == .swimBikeRun)
    let result = try Simulation.run(
      ResolvedScenario(scenario, overrides: RunOverrides(), recording: recording))
    #expect(result.records.count == 1)
    let record = try #require(result.records.first)
    #expect(record.activityType == .swimBikeRun)
    #expect(
      record.activities.map(\.activityType) == [
        .swimming, .transition, .cycling, .transition, .running,
      ])
    // 600 + 60 + 600 + 30 + 600 = 1890 s: the workout's 0 to 1890 s without pauses.
    #expect(
      record.activities.map(\.duration) == [
        .seconds(600), .seconds(60), .seconds(600), .seconds(30), .seconds(600),
      ])
    #expect(record.duration == .seconds(1890))
    #expect(record.activities.reduce(Duration.zero) { $0 + $1.duration } == record.duration)
    // Without the flag: five records, one per part.
    let perSport = try ReplayPlan(
      recording: recording, path: "tri.fit", name: "tri", activity: nil, seed: nil)
    let separate = try Simulation.run(
      ResolvedScenario(perSport.makeScenario(), overrides: RunOverrides(), recording: recording))
    #expect(separate.records.count == 5)
  }
}
