import Testing

@testable import WorkoutRecordings

/// Builds small FIT files for the tests (FIT protocol, https://developer.garmin.com/fit/protocol/):
/// definition messages, data messages with normal or compressed time stamp headers, and the
/// 12- or 14-byte file header and the file CRC around them.
struct FITTestFile {
  /// The data records (everything between the header and the CRC).
  var records: [UInt8] = []

  /// A definition message for local type `local` (0–15): fields as (number, size, base type),
  /// developer fields as (number, size, developer data index).
  mutating func define(
    local: UInt8, global: UInt16, bigEndian: Bool = false, fields: [(UInt8, UInt8, UInt8)],
    developer: [(UInt8, UInt8, UInt8)] = []
  ) {
    records.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
    records += [0, bigEndian ? 1 : 0]
    records += bigEndian ? FITTestFile.be16(global) : FITTestFile.le16(global)
    records.append(UInt8(fields.count))
    for (number, size, base) in fields { records += [number, size, base] }
    if !developer.isEmpty {
      records.append(UInt8(developer.count))
      for (number, size, index) in developer { records += [number, size, index] }
    }
  }

  /// A data message with a normal header.
  mutating func data(local: UInt8, _ content: [UInt8]) {
    records.append(local)
    records += content
  }

  /// A data message with a compressed time stamp header: local type 0–3, offset 0–31.
  mutating func compressed(local: UInt8, offset: UInt8, _ content: [UInt8]) {
    records.append(0x80 | local << 5 | offset)
    records += content
  }

  /// The whole file: header (14 bytes with its CRC, or 12 without), records, file CRC.
  func bytes(headerSize: UInt8 = 14) -> [UInt8] {
    var file: [UInt8] = [headerSize, 0x20] + FITTestFile.le16(2132)
    file += FITTestFile.le32(UInt32(records.count))
    file += Array(".FIT".utf8)
    if headerSize == 14 { file += FITTestFile.le16(FITCRC.compute(file, 0..<12)) }
    file += records
    return file + FITTestFile.le16(FITCRC.compute(file, 0..<file.count))
  }

  static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  static func be16(_ value: UInt16) -> [UInt8] { le16(value).reversed() }
  static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
  static func be32(_ value: UInt32) -> [UInt8] { le32(value).reversed() }
}

/// Base type bytes (FIT protocol, "Base Types").
private let uint8: UInt8 = 0x02
private let uint16: UInt8 = 0x84
private let sint32: UInt8 = 0x85
private let uint32: UInt8 = 0x86
private let string: UInt8 = 0x07
private let float64: UInt8 = 0x89
private let uint64: UInt8 = 0x8F
private let enumType: UInt8 = 0x00

/// 1989-12-31T00:00:00Z, the FIT epoch, in Unix seconds.
private let epoch = 631_065_600.0

@Suite struct FITFramingTests {
  private func decode(_ bytes: [UInt8], _ name: String = "t.fit") throws(RecordingError)
    -> Recording
  {
    try Recording.decode(bytes, format: .fit, file: name)
  }

  /// A file with one `record` (global 20) per (time stamp, heart rate).
  private func heartRates(_ points: [(UInt32, UInt8)]) -> FITTestFile {
    var f = FITTestFile()
    f.define(local: 0, global: 20, fields: [(253, 4, uint32), (3, 1, uint8)])
    for (time, rate) in points { f.data(local: 0, FITTestFile.le32(time) + [rate]) }
    return f
  }

  @Test func chainedFilesAreReadInOrder() throws {
    let first = heartRates([(100, 100), (101, 101)]).bytes()
    let second = heartRates([(200, 110)]).bytes(headerSize: 12)
    let r = try decode(first + second)
    #expect(
      r.points == [
        RecordingPoint(time: epoch + 100, heartRate: 100),
        RecordingPoint(time: epoch + 101, heartRate: 101),
        RecordingPoint(time: epoch + 200, heartRate: 110),
      ])
    // Definitions do not carry over into the next file: a data message of local type 0 at the
    // start of the second file's records is an error. The first file is 14 + 12 + 2 × 6 + 2 = 40
    // bytes (header, definition 6 + 2 × 3, two messages of 1 + 4 + 1, CRC), so the second file's
    // records start at 40 + 12 = 52.
    #expect(first.count == 40)
    var orphan = FITTestFile()
    orphan.data(local: 0, FITTestFile.le32(300) + [120])
    #expect(
      throws: RecordingError.malformedFIT(
        file: "t.fit", offset: 52, reason: "no definition for local message 0")
    ) {
      try decode(first + orphan.bytes(headerSize: 12))
    }
    // Bytes after the last file that are too short for a header are refused, not ignored
    // (reported at the end, 40 + 3 = 43).
    #expect(throws: RecordingError.truncated(file: "t.fit", offset: 43)) {
      try decode(first + [0, 0, 0])
    }
  }

  @Test func compressedTimeStampsRollOverAgainstTheLastTimeStamp() throws {
    var f = FITTestFile()
    f.define(local: 0, global: 20, fields: [(253, 4, uint32), (3, 1, uint8)])
    f.define(local: 1, global: 20, fields: [(3, 1, uint8)])
    f.data(local: 0, FITTestFile.le32(1000) + [100])
    // 1000 = 31 × 32 + 8: offset 31 ≥ 8 gives 992 + 31 = 1023.
    f.compressed(local: 1, offset: 31, [101])
    // Against 1023 (low bits 31): offset 2 < 31 rolls over, 992 + 2 + 32 = 1026.
    f.compressed(local: 1, offset: 2, [102])
    // Against 1026 (low bits 2): offset 2 is not below 2, 1024 + 2 = 1026 again.
    f.compressed(local: 1, offset: 2, [103])
    // A full time stamp resets the reference: 5000 = 156 × 32 + 8; offset 7 < 8 rolls over,
    // 4992 + 7 + 32 = 5031.
    f.data(local: 0, FITTestFile.le32(5000) + [104])
    f.compressed(local: 1, offset: 7, [105])
    let r = try decode(f.bytes())
    #expect(r.points.map(\.time) == [1000, 1023, 1026, 1026, 5000, 5031].map { epoch + $0 })
    #expect(r.points.map(\.heartRate) == [100, 101, 102, 103, 104, 105])
  }

  @Test func compressedTimeStampPastTheLargestFITTimeIsRefused() {
    var f = FITTestFile()
    f.define(local: 0, global: 20, fields: [(253, 4, uint32)])
    f.define(local: 1, global: 20, fields: [(3, 1, uint8)])
    // 0xFFFFFFFE (the largest valid uint32) has low bits 30; offset 1 < 30 gives
    // 0xFFFFFFE0 + 1 + 32 = 2^32 + 1, past any uint32. The header is at byte 14 + 6 + 3 + 6 + 3
    // + 5 = 37 (header, two definitions, one data message).
    f.data(local: 0, FITTestFile.le32(0xFFFF_FFFE))
    f.compressed(local: 1, offset: 1, [100])
    #expect(
      throws: RecordingError.malformedFIT(
        file: "t.fit", offset: 37,
        reason: "compressed time stamp past the largest FIT time (2^32 - 1 s)")
    ) {
      try decode(f.bytes())
    }
  }

  @Test func developerFieldsAreSkippedByTheirSizes() throws {
    var f = FITTestFile()
    // developer_data_id (207): developer_data_index (field 3, uint8) = 0.
    f.define(local: 2, global: 207, fields: [(3, 1, uint8)])
    f.data(local: 2, [0])
    // field_description (206): developer_data_index 0, field_definition_number 0 and 1.
    f.define(local: 3, global: 206, fields: [(0, 1, uint8), (1, 1, uint8), (2, 1, uint8)])
    f.data(local: 3, [0, 0, uint8])
    f.data(local: 3, [0, 1, 0x84])
    // A record with two developer fields of 3 and 5 bytes after heart rate and distance.
    f.define(
      local: 0, global: 20, fields: [(253, 4, uint32), (3, 1, uint8), (5, 4, uint32)],
      developer: [(0, 3, 0), (1, 5, 0)])
    // 4 + 1 + 4 bytes of regular fields, then 3 + 5 developer bytes (skipped).
    f.data(
      local: 0,
      FITTestFile.le32(500) + [140] + FITTestFile.le32(123_456) + [1, 2, 3, 0xFF, 0xFF, 9, 9, 9])
    f.data(
      local: 0,
      FITTestFile.le32(501) + [141] + FITTestFile.le32(123_789) + [0, 0, 0, 0, 0, 0, 0, 0])
    let r = try decode(f.bytes())
    // distance in cm: 123456 / 100 = 1234.56 m, 123789 / 100 = 1237.89 m.
    #expect(
      r.points == [
        RecordingPoint(time: epoch + 500, distance: 1234.56, heartRate: 140),
        RecordingPoint(time: epoch + 501, distance: 1237.89, heartRate: 141),
      ])
  }

  @Test func fieldsOfUnusualSizesAreSkippedWithoutDisturbingTheOthers() throws {
    var f = FITTestFile()
    f.define(
      local: 0, global: 20,
      fields: [
        (253, 4, uint32),
        (3, 3, uint16),  // heart_rate: 3 bytes is no multiple of uint16's 2: skipped
        (5, 8, uint32),  // distance as uint32[2]: an array, not a scalar: skipped
        (2, 0, uint16),  // altitude with size 0: nothing to read
        (250, 5, string),  // a string: skipped
        (6, 2, uint16),  // speed, 2500 mm/s
        (7, 1, 0x1F),  // power with an unknown base type 31: skipped
        (4, 1, uint8),  // cadence 88
      ])
    f.data(
      local: 0,
      FITTestFile.le32(700) + [150, 0, 0] + FITTestFile.le32(1) + FITTestFile.le32(2)
        + Array("abcd".utf8) + [0] + FITTestFile.le16(2500) + [200] + [88])
    let r = try decode(f.bytes())
    // 2500 mm/s / 1000 = 2.5 m/s.
    #expect(r.points == [RecordingPoint(time: epoch + 700, speed: 2.5, cadence: 88)])
  }

  @Test func bothByteOrdersInOneFileAndAnyFieldOrder() throws {
    var f = FITTestFile()
    // Big-endian, time stamp last, longitude before latitude.
    f.define(
      local: 0, global: 20, bigEndian: true,
      fields: [(1, 4, sint32), (0, 4, sint32), (6, 2, uint16), (2, 2, uint16), (253, 4, uint32)])
    // Little-endian, distance first.
    f.define(
      local: 1, global: 20, fields: [(5, 4, uint32), (253, 4, uint32), (0, 4, sint32)])
    // Longitude −2^29 (E0 00 00 00) = −2^29 × 180 / 2^31 = −45°, latitude 2^29 = 45°,
    // speed 3500 mm/s = 3.5 m/s, altitude raw 3000: 3000 / 5 − 500 = 100 m;
    // time stamp 1 000 000 000 = 0x3B9ACA00.
    f.data(
      local: 0,
      [0xE0, 0, 0, 0] + FITTestFile.be32(0x2000_0000) + FITTestFile.be16(3500)
        + FITTestFile.be16(3000) + FITTestFile.be32(1_000_000_000))
    // Distance 123456 cm = 1234.56 m; latitude 0x7FFFFFFF is sint32's invalid value: absent.
    f.data(
      local: 1,
      FITTestFile.le32(123_456) + FITTestFile.le32(1_000_000_001) + FITTestFile.le32(0x7FFF_FFFF))
    // The same big-endian definition again, bytes in the other order of the first message.
    f.data(
      local: 0,
      FITTestFile.be32(0x2000_0000) + [0xE0, 0, 0, 0] + FITTestFile.be16(0)
        + FITTestFile.be16(0xFFFF) + FITTestFile.be32(1_000_000_002))
    let r = try decode(f.bytes())
    #expect(
      r.points == [
        RecordingPoint(
          time: epoch + 1_000_000_000, latitude: 45, longitude: -45, altitude: 100, speed: 3.5),
        RecordingPoint(time: epoch + 1_000_000_001, distance: 1234.56),
        // uint16 0xFFFF is invalid: no altitude; speed 0.
        RecordingPoint(time: epoch + 1_000_000_002, latitude: -45, longitude: 45, speed: 0),
      ])
  }

  @Test func aTimeStampThatIsNoUInt32LeavesTheMessageUntimed() throws {
    var f = FITTestFile()
    // Field 253 declared sint32 with −1 (FF FF FF FF little-endian), then as float64 1e300 (0x7E37E43C8800759C),
    // then as a proper uint32: only the last record has a time stamp.
    f.define(local: 0, global: 20, fields: [(253, 4, sint32), (3, 1, uint8)])
    f.data(local: 0, [0xFF, 0xFF, 0xFF, 0xFF, 90])
    f.define(local: 1, global: 20, fields: [(253, 8, float64), (3, 1, uint8)])
    f.data(local: 1, FITTestFile.le32(0x8800_759C) + FITTestFile.le32(0x7E37_E43C) + [91])
    f.define(local: 2, global: 20, fields: [(253, 4, uint32), (3, 1, uint8)])
    f.data(local: 2, FITTestFile.le32(42) + [92])
    // A session whose sport (field 5) is a uint64 beyond any Int: named by its value,
    // 0xFFFFFFFFFFFFFFFE = 18446744073709551614 ≈ 1.8446744073709552e19 as a Double.
    f.define(local: 3, global: 18, fields: [(5, 8, uint64)])
    f.data(local: 3, FITTestFile.le32(0xFFFF_FFFE) + FITTestFile.le32(0xFFFF_FFFF))
    let r = try decode(f.bytes())
    #expect(r.points == [RecordingPoint(time: epoch + 42, heartRate: 92)])
    #expect(r.sport == "1.8446744073709552e+19")
  }

  @Test func filesWithoutActivityRecordsAreNamed() {
    // A weight-scale file: file_id type 9 (weight), weight_scale messages (global 30) with
    // time stamps, no record.
    var weight = FITTestFile()
    weight.define(local: 0, global: 0, fields: [(0, 1, enumType), (1, 2, uint16)])
    weight.data(local: 0, [9] + FITTestFile.le16(1))
    weight.define(local: 1, global: 30, fields: [(253, 4, uint32), (0, 2, uint16)])
    weight.data(local: 1, FITTestFile.le32(3000) + FITTestFile.le16(7000))
    #expect(throws: RecordingError.noFITRecords(file: "w.fit", fileType: "weight")) {
      try decode(weight.bytes(), "w.fit")
    }
    #expect {
      try decode(weight.bytes(), "w.fit")
    } throws: { error in
      "\(error)" == "w.fit: no records with time stamps (a FIT weight file, not an activity)"
    }
    // A settings file (type 2) with a user_profile (global 3) only.
    var settings = FITTestFile()
    settings.define(local: 0, global: 0, fields: [(0, 1, enumType)])
    settings.data(local: 0, [2])
    settings.define(local: 1, global: 3, fields: [(1, 1, enumType)])
    settings.data(local: 1, [0])
    #expect(throws: RecordingError.noFITRecords(file: "s.fit", fileType: "settings")) {
      try decode(settings.bytes(), "s.fit")
    }
    // An activity file whose records have no time stamps.
    var untimed = FITTestFile()
    untimed.define(local: 0, global: 0, fields: [(0, 1, enumType)])
    untimed.data(local: 0, [4])
    untimed.define(local: 1, global: 20, fields: [(3, 1, uint8)])
    untimed.data(local: 1, [120])
    #expect {
      try decode(untimed.bytes(), "a.fit")
    } throws: { error in
      error as? RecordingError == .noFITRecords(file: "a.fit", fileType: "activity")
        && "\(error)" == "a.fit: no records with time stamps"
    }
    // No file_id at all, and a manufacturer-specific type (0xF7–0xFE).
    #expect(throws: RecordingError.noFITRecords(file: "n.fit", fileType: nil)) {
      try decode(FITTestFile().bytes(), "n.fit")
    }
    var maker = FITTestFile()
    maker.define(local: 0, global: 0, fields: [(0, 1, enumType)])
    maker.data(local: 0, [0xF8])
    #expect(
      throws: RecordingError.noFITRecords(file: "m.fit", fileType: "manufacturer-specific 248")
    ) {
      try decode(maker.bytes(), "m.fit")
    }
  }
}
