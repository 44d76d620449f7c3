import Testing

@testable import WorkoutRecordings

/// Base type bytes (FIT protocol, "Base Types").
private let uint16: UInt8 = 0x84
private let uint32: UInt8 = 0x86
private let byte: UInt8 = 0x0D
private let enumType: UInt8 = 0x00

/// 1989-12-31T00:00:00Z, the FIT epoch, in Unix seconds.
private let epoch = 631_065_600.0

/// FIT as devices write it (docs/recordings.md, "FIT as devices write it", "Pool swims"):
/// components and accumulated fields, `length` messages and the session's pool length. The
/// profile facts (field numbers, scales, bits) are the FIT SDK profile's (Profile.xlsx).
@Suite struct FITDeviceFieldTests {
  private func decode(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
    try Recording.decode(bytes, format: .fit, file: "t.fit")
  }

  /// `compressed_speed_distance` (record field 8, `byte[3]`): 12 bits of speed in 1/100 m/s,
  /// then 12 bits of distance in 1/16 m, low bits first.
  static func compressed(speed: UInt32, distance: UInt32) -> [UInt8] {
    let bits = (speed & 0xFFF) | (distance & 0xFFF) << 12
    return [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16)]
  }

  /// A file of `record` messages with a time stamp and `compressed_speed_distance` only.
  static func compressedRecords(_ records: [(time: UInt32, content: [UInt8])]) -> FITTestFile {
    var f = FITTestFile()
    f.define(local: 0, global: 20, fields: [(253, 4, uint32), (8, 3, byte)])
    for (time, content) in records { f.data(local: 0, FITTestFile.le32(time) + content) }
    return f
  }

  /// Speed 300 (3.00 m/s) and distance 0xABC = 2748 sixteenths (171.75 m): the 24 bits
  /// 0xABC12C, bytes 0x2C 0xC1 0xAB.
  @Test func compressedSpeedDistanceSplitsIntoSpeedAndDistance() throws {
    #expect(Self.compressed(speed: 300, distance: 0xABC) == [0x2C, 0xC1, 0xAB])
    let r = try decode(Self.compressedRecords([(100, [0x2C, 0xC1, 0xAB])]).bytes())
    #expect(r.points == [RecordingPoint(time: epoch + 100, distance: 171.75, speed: 3)])
  }

  /// 3.2 m/s for 600 s, a record every 30 s: 96 m = 1536 sixteenths per record. The 12-bit
  /// distance rolls over every 4096 / 16 = 256 m, 7 times by 1920 m: record 3 carries
  /// 4608 − 4096 = 512 (32 m) and reads 288 m; record 20 carries 30 720 − 7 × 4096 = 2048
  /// (128 m) and reads 1920 m.
  @Test func theAccumulatedDistanceCountsOnAcrossRollovers() throws {
    let records = (0...20).map { k -> (UInt32, [UInt8]) in
      (UInt32(1000 + 30 * k), Self.compressed(speed: 320, distance: UInt32(1536 * k) & 0xFFF))
    }
    #expect(records[3].1 == Self.compressed(speed: 320, distance: 512))
    #expect(records[20].1 == Self.compressed(speed: 320, distance: 2048))
    let r = try decode(Self.compressedRecords(records).bytes())
    #expect(r.points.map(\.distance) == (0...20).map { 96.0 * Double($0) })
    #expect(r.points.allSatisfy { $0.speed == 3.2 })
  }

  /// An invalid `compressed_speed_distance` (every byte 0xFF) gives neither speed nor distance
  /// and does not move the count: 0, 96, absent, 192 m.
  @Test func anInvalidCompressedFieldIsAbsentAndDoesNotAccumulate() throws {
    let r = try decode(
      Self.compressedRecords([
        (0, Self.compressed(speed: 320, distance: 0)),
        (30, Self.compressed(speed: 320, distance: 1536)),
        (60, [0xFF, 0xFF, 0xFF]),
        (90, Self.compressed(speed: 320, distance: 3072)),
      ]).bytes())
    #expect(r.points.map(\.distance) == [0, 96, nil, 192])
    #expect(r.points.map(\.speed) == [3.2, 3.2, nil, 3.2])
  }

  /// A record that carries `distance` itself (1000.00 m = 16 000 sixteenths) sets the count:
  /// the next record's 12 bits, 16 160 − 3 × 4096 = 3872, add (3872 − 16 000) mod 4096 = 160,
  /// 16 160 sixteenths = 1010 m. A record that carries `speed` itself (2.500 m/s) keeps it.
  @Test func aFieldCarriedItselfWinsAndSetsTheCount() throws {
    var f = FITTestFile()
    f.define(local: 0, global: 20, fields: [(253, 4, uint32), (5, 4, uint32)])
    f.define(local: 1, global: 20, fields: [(253, 4, uint32), (6, 2, uint16), (8, 3, byte)])
    f.data(local: 0, FITTestFile.le32(0) + FITTestFile.le32(100_000))
    f.data(
      local: 1,
      FITTestFile.le32(10) + FITTestFile.le16(2500) + Self.compressed(speed: 300, distance: 3872))
    let r = try decode(f.bytes())
    #expect(r.points.map(\.distance) == [1000, 1010])
    #expect(r.points.map(\.speed) == [nil, 2.5])
  }

  /// Each chained file counts from 0: the second file's first record carries 160 sixteenths,
  /// 10 m, not 192 + 10 m.
  @Test func eachChainedFileCountsAfresh() throws {
    let first = Self.compressedRecords([
      (0, Self.compressed(speed: 320, distance: 0)),
      (30, Self.compressed(speed: 320, distance: 1536)),
      (60, Self.compressed(speed: 320, distance: 3072)),
    ]).bytes()
    let second = Self.compressedRecords([(100, Self.compressed(speed: 320, distance: 160))])
      .bytes()
    let r = try decode(first + second)
    #expect(r.points.map(\.distance) == [0, 96, 192, 10])
  }

  /// A field too short for its components gives those that fit: two bytes hold the 12 bits of
  /// speed but not the distance; one byte (a scalar of 8 bits) holds neither.
  @Test func aShortFieldGivesTheComponentsThatFit() throws {
    var f = FITTestFile()
    f.define(local: 0, global: 20, fields: [(253, 4, uint32), (8, 2, byte)])
    f.define(local: 1, global: 20, fields: [(253, 4, uint32), (8, 1, byte)])
    f.data(local: 0, FITTestFile.le32(0) + [0x2C, 0x01])
    f.data(local: 1, FITTestFile.le32(1) + [0x2C])
    let r = try decode(f.bytes())
    #expect(r.points.map(\.speed) == [3, nil])
    #expect(r.points.map(\.distance) == [nil, nil])
  }

  /// The accumulator rule itself, for an 8-bit count (record `cycles` into `total_cycles`):
  /// 250, then 4 after a rollover (4 − 250 mod 256 = 10): 260; the first value counts from 0.
  @Test func anAccumulatorCountsWithRollover() {
    var a = FITReader.Accumulators()
    #expect(a.accumulate(1, 250, bits: 8) == 250)
    #expect(a.accumulate(1, 4, bits: 8) == 260)
    #expect(a.accumulate(1, 4, bits: 8) == 260)
    #expect(a.accumulate(2, 7, bits: 8) == 7)
    a.set(1, 1000)
    #expect(a.accumulate(1, 0xEC, bits: 8) == 1004)
  }

  /// A 25 m pool swim from FIT time 1000: 40 active lengths of 30 s (18 freestyle strokes each),
  /// an idle length of 20 s (0 strokes, no stroke style) after lengths 10, 20 and 30; the session says 43 lengths, 40 active,
  /// 1000 m. Records every 10 s with heart rate when `records`.
  static func poolSwim(records: Bool) -> [UInt8] {
    var f = FITTestFile()
    f.define(
      local: 1, global: 101,
      fields: [
        (253, 4, uint32), (2, 4, uint32), (3, 4, uint32), (5, 2, uint16), (7, 1, enumType),
        (12, 1, enumType),
      ])
    var time: UInt32 = 1000
    for index in 1...43 {
      let idle = index == 11 || index == 22 || index == 33
      let seconds: UInt32 = idle ? 20 : 30
      f.data(
        local: 1,
        FITTestFile.le32(time + seconds) + FITTestFile.le32(time)
          + FITTestFile.le32(seconds * 1000) + FITTestFile.le16(idle ? 0 : 18)
          + [idle ? 0xFF : 0, idle ? 0 : 1])
      time += seconds
    }
    #expect(time == 2260)
    if records {
      f.define(local: 0, global: 20, fields: [(253, 4, uint32), (3, 1, 0x02)])
      for t in stride(from: UInt32(1000), through: 2260, by: 10) {
        f.data(local: 0, FITTestFile.le32(t) + [130])
      }
    }
    f.define(
      local: 2, global: 18,
      fields: [
        (253, 4, uint32), (2, 4, uint32), (5, 1, enumType), (7, 4, uint32), (8, 4, uint32),
        (9, 4, uint32), (33, 2, uint16), (44, 2, uint16), (47, 2, uint16),
      ])
    f.data(
      local: 2,
      FITTestFile.le32(2260) + FITTestFile.le32(1000) + [5] + FITTestFile.le32(1_260_000)
        + FITTestFile.le32(1_260_000) + FITTestFile.le32(100_000) + FITTestFile.le16(43)
        + FITTestFile.le16(2500) + FITTestFile.le16(40))
    return f.bytes()
  }

  @Test func lengthsAndThePoolLengthAreRead() throws {
    let r = try decode(Self.poolSwim(records: true))
    #expect(r.sport == "swimming")
    #expect(r.session?.poolLength == 25)
    #expect(r.session?.lengthCount == 43)
    #expect(r.session?.activeLengthCount == 40)
    #expect(r.session?.totalDistance == 1000)
    #expect(r.lengths.count == 43)
    #expect(r.lengths.filter { !$0.isIdle }.count == 40)
    #expect(
      r.lengths[0]
        == RecordingLength(
          startTime: epoch + 1000, elapsedTime: 30, strokes: 18, stroke: "freestyle"))
    #expect(
      r.lengths[10]
        == RecordingLength(startTime: epoch + 1300, elapsedTime: 20, isIdle: true, strokes: 0))
    #expect(r.points.count == 127)
  }

  /// The swim's distance from its lengths: 0 m at 1000 s, 250 m at the end of length 10
  /// (1300 s) and still at the end of the rest (1320 s), 275 m at 1350 s, 1000 m at 2260 s;
  /// 43 lengths back to back give 44 points.
  @Test func aPoolSwimsDistanceAdvancesAPoolLengthPerLengthSwum() throws {
    let r = try decode(Self.poolSwim(records: true))
    let profile = r.poolSwimDistances
    #expect(profile.count == 44)
    let at = Dictionary(uniqueKeysWithValues: profile.map { ($0.time - epoch, $0.distance) })
    #expect(at[1000] == 0)
    #expect(at[1300] == 250)
    #expect(at[1320] == 250)
    #expect(at[1350] == 275)
    #expect(at[2260] == 1000)
    #expect(profile.allSatisfy { $0.heartRate == nil && $0.latitude == nil })
  }

  /// Without records the lengths give the points: one at each length's start and end.
  @Test func aPoolSwimWithoutRecordsHasAPointAtEachLengthsEnds() throws {
    let r = try decode(Self.poolSwim(records: false))
    #expect(r.points.count == 44)
    #expect(r.points.first?.time == epoch + 1000)
    #expect(r.points.last?.time == epoch + 2260)
    #expect(r.poolSwimDistances.last?.distance == 1000)
  }

  /// A pool length of 0 m (or none) gives no distance: the lengths are read, the profile is
  /// empty.
  @Test func aPoolLengthOfZeroGivesNoDistance() throws {
    var r = try decode(Self.poolSwim(records: true))
    r.sessions[0].poolLength = 0
    #expect(r.poolSwimDistances.isEmpty)
    r.sessions[0].poolLength = nil
    #expect(r.poolSwimDistances.isEmpty)
    r.sessions[0].poolLength = 50
    #expect(r.poolSwimDistances.last?.distance == 2000)
  }
}
