import Foundation
import Testing

@testable import WorkoutRecordings

@Suite struct FITReaderTests {
  @Test func crcMatchesCRC16ARC() {
    // CRC-16/ARC check value of the ASCII string "123456789" is 0xBB3D (the standard
    // catalogue value for poly 0xA001 reflected, init 0); FIT's table entry 1 is 0xCC01.
    let bytes = Array("123456789".utf8)
    #expect(FITCRC.compute(bytes, 0..<bytes.count) == 0xBB3D)
    #expect(FITCRC.table[1] == 0xCC01)
    #expect(FITCRC.table[15] == 0x4400)
  }

  @Test func wholeFileCRCIsZero() throws {
    // Physiology.md §8: the CRC over the whole file including its CRC bytes is 0.
    let bytes = try RealFiles.bytes(RealFiles.walkShort)
    #expect(FITCRC.compute(bytes, 0..<bytes.count) == 0)
  }

  @Test func shortWalkMatchesCSVOracle() throws {
    let recording = try Recording.read(path: RealFiles.path(RealFiles.walkShort))
    let csv = try String(contentsOfFile: RealFiles.path(RealFiles.walkShortCSV), encoding: .utf8)
    let rows = csv.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",") }
    #expect(rows.count == 17)
    #expect(recording.points.count == 17)
    let months = ["Jun": 6]
    for (row, point) in zip(rows, recording.points) {
      // "Sun Jun 11 07:32:51 PDT 2017": PDT is UTC−7, so 07:32:51 PDT = 14:32:51 UTC.
      let parts = row[0].split(separator: " ")
      let clock = parts[3].split(separator: ":").map { Int($0)! }
      let time = RealFiles.utc(
        Int(parts[5])!, months[String(parts[1])]!, Int(parts[2])!, clock[0] + 7, clock[1],
        clock[2])
      #expect(point.time == time)
      #expect(point.heartRate == Double(row[1])!)
      // The oracle lists the integer `cadence` field; we add fractional_cadence / 128.
      let cadence = try #require(point.cadence)
      #expect(cadence.rounded(.down) == Double(row[2])!)
      #expect(point.speed == Double(row[3])!)
      #expect(point.distance == Double(row[4])!)
      // Semicircles to degrees: × 180 / 2^31.
      #expect(point.latitude == Double(row[5])! * (180.0 / 2_147_483_648.0))
      #expect(point.longitude == Double(row[6])! * (180.0 / 2_147_483_648.0))
      let altitude = try #require(point.altitude)
      #expect(abs(altitude - Double(row[7])!) < 1e-9)
    }
  }

  @Test func shortWalkSession() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.walkShort))
    let s = try #require(r.session)
    // data README: 67.85 m, 45.379 s, 4 kcal, avg/max HR 75/82, avg cadence 61.
    #expect(s.totalDistance == 67.85)
    #expect(s.totalTimerTime == 45.379)
    #expect(s.totalCalories == 4)
    #expect(s.averageHeartRate == 75)
    #expect(s.maximumHeartRate == 82)
    #expect(s.averageCadence == 61)
    #expect(r.sport == "walking")
    #expect(r.points.first?.time == RealFiles.utc(2017, 6, 11, 14, 32, 51))
    #expect(r.points.last?.time == RealFiles.utc(2017, 6, 11, 14, 33, 37))
    #expect(r.points.map(\.heartRate).range == 66...82)
  }

  @Test func hillyRun() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.runHilly))
    #expect(r.points.count == 590)
    #expect(r.points.first?.time == RealFiles.utc(2013, 2, 6, 12, 11, 14))
    #expect(r.points.last?.time == RealFiles.utc(2013, 2, 6, 12, 54, 58))
    #expect(r.laps.count == 5)
    #expect(r.points.map(\.heartRate).range == 73...171)
    let altitude = try #require(r.points.map(\.altitude).range)
    #expect(abs(altitude.lowerBound - 275.6) < 1e-9 && abs(altitude.upperBound - 438.8) < 1e-9)
    #expect(r.points.filter { $0.latitude != nil && $0.longitude != nil }.count == 583)
    #expect(r.points.allSatisfy { $0.cadence == nil })
    let speed = try #require(r.points.map(\.speed).range)
    // README: speed 0–5.22 m/s (rounded to 0.01).
    #expect(speed.lowerBound == 0 && abs(speed.upperBound - 5.22) < 0.005)
    let s = try #require(r.session)
    #expect(s.totalDistance == 4835.38)
    #expect(s.totalTimerTime == 2625.14)
    #expect(s.totalAscent == 168)
    #expect(s.totalDescent == 160)
    #expect(s.totalCalories == 336)
    #expect(s.averageHeartRate == 147)
    #expect(s.maximumHeartRate == 171)
    #expect(s.averageSpeed == 1.842)
    #expect(r.sport == "running")
  }

  @Test func cadenceRun() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.runCadence))
    #expect(r.points.count == 2809)
    #expect(r.points.first?.time == RealFiles.utc(2015, 8, 15, 14, 45, 8))
    #expect(r.points.last?.time == RealFiles.utc(2015, 8, 15, 15, 32, 21))
    #expect(r.laps.count == 4)
    #expect(r.points.map(\.heartRate).range == 69...178)
    let cadence = try #require(r.points.map(\.cadence).range)
    // cadence 0–102 strides/min plus a fraction below 1.
    #expect(cadence.lowerBound >= 0 && cadence.upperBound >= 102 && cadence.upperBound < 103)
    let s = try #require(r.session)
    #expect(s.totalDistance == 9008.22)
    #expect(s.totalTimerTime == 2832)
    #expect(s.totalAscent == 64)
    #expect(s.totalDescent == 61)
    #expect(s.totalCalories == 516)
    #expect(s.averageCadence == 81)
    #expect(s.maximumCadence == 96)
  }

  @Test func powerRide() throws {
    let r = try Recording.read(path: RealFiles.path(RealFiles.ridePower))
    #expect(r.points.count == 4700)
    #expect(r.points.first?.time == RealFiles.utc(2013, 8, 16, 18, 5, 10))
    #expect(r.points.last?.time == RealFiles.utc(2013, 8, 16, 19, 23, 29))
    #expect(r.laps.count == 8)
    #expect(r.points.map(\.power).range == 0...619)
    #expect(r.points.map(\.heartRate).range == 72...176)
    #expect(r.points.map(\.cadence).range == 0...133)
    let s = try #require(r.session)
    #expect(s.totalDistance == 41339.38)
    #expect(s.totalTimerTime == 4700.05)
    #expect(s.totalAscent == 514)
    #expect(s.totalDescent == 515)
    #expect(s.totalCalories == 1293)
    #expect(s.averageHeartRate == 154)
    #expect(s.maximumHeartRate == 176)
    #expect(s.averageCadence == 87)
    #expect(s.averagePower == 276)
    #expect(s.averageSpeed == 8.796)
    #expect(r.sport == "cycling")
  }

  @Test func truncatedFileIsReported() throws {
    let bytes = Array(try RealFiles.bytes(RealFiles.walkShort).prefix(1000))
    #expect(throws: RecordingError.truncated(file: "w.fit", offset: 1000)) {
      try Recording.decode(bytes, format: .fit, file: "w.fit")
    }
  }

  @Test func wrongFileCRCIsReported() throws {
    var bytes = try RealFiles.bytes(RealFiles.walkShort)
    bytes[bytes.count - 1] ^= 0xFF
    #expect {
      try Recording.decode(bytes, format: .fit, file: "w.fit")
    } throws: { error in
      guard case .fileCRC(let file, let stored, let computed)? = error as? RecordingError
      else { return false }
      return file == "w.fit" && stored != computed
    }
  }

  @Test func wrongHeaderCRCIsReportedAndZeroIsAccepted() throws {
    var bytes = try RealFiles.bytes(RealFiles.walkShort)
    // The header holds 0x1637 (bytes 0x37 0x16, little-endian).
    #expect(bytes[12] == 0x37 && bytes[13] == 0x16)
    bytes[12] = 0x38
    #expect(throws: RecordingError.headerCRC(file: "w.fit", stored: 0x1638, computed: 0x1637)) {
      try Recording.decode(bytes, format: .fit, file: "w.fit")
    }
    // 0 means "not computed"; the file CRC covers the header, so recompute it.
    bytes[12] = 0
    bytes[13] = 0
    let end = bytes.count - 2
    let crc = FITCRC.compute(bytes, 0..<end)
    bytes[end] = UInt8(crc & 0xFF)
    bytes[end + 1] = UInt8(crc >> 8)
    let r = try Recording.decode(bytes, format: .fit, file: "w.fit")
    #expect(r.points.count == 17)
  }

  @Test func emptyAndRandomBytes() {
    #expect(throws: RecordingError.empty(file: "e.fit")) {
      try Recording.decode([], format: .fit, file: "e.fit")
    }
    // Fixed pseudo-random bytes (a 32-bit linear congruential sequence), so the test is
    // repeatable.
    var state: UInt32 = 12_345
    let random = (0..<200).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(state >> 24)
    }
    #expect(throws: RecordingError.self) {
      try Recording.decode(random, format: .fit, file: "r.fit")
    }
    #expect(
      throws: RecordingError.notFIT(file: "s.fit", reason: "shorter than a FIT header (12 bytes)")
    ) {
      try Recording.decode([14, 16, 0], format: .fit, file: "s.fit")
    }
  }

  /// A hand-built file: a big-endian definition with a developer field, a little-endian
  /// definition without time stamp used with a compressed time stamp header.
  @Test func bigEndianDeveloperFieldsAndCompressedTimestamps() throws {
    var data: [UInt8] = []
    // Definition, local 0, developer flag (0x40 | 0x20), big-endian, global 20 (record):
    // fields 253 (uint32, 0x86), 3 heart_rate (uint8, 0x02); one developer field of 2 bytes.
    data += [0x60, 0, 1, 0x00, 0x14, 2, 253, 4, 0x86, 3, 1, 0x02, 1, 0, 2, 0]
    // Data, local 0: timestamp 1000 = 0x000003E8 big-endian, HR 120, developer bytes.
    data += [0x00, 0x00, 0x00, 0x03, 0xE8, 120, 0xAB, 0xCD]
    // Definition, local 1, little-endian, global 20: heart_rate and distance (uint32 LE).
    data += [0x41, 0, 0, 0x14, 0x00, 2, 3, 1, 0x02, 5, 4, 0x86]
    // Compressed header: 0x80 | local 1 << 5 | offset 10. Last time stamp 1000 has low five
    // bits 1000 & 31 = 8, so 10 ≥ 8 gives (1000 − 8) + 10 = 1002.
    data += [0x80 | 0x20 | 10, 125, 0x10, 0x27, 0, 0]  // HR 125, distance 10000 cm = 100 m
    // Offset 3 < 10 rolls over: (1002 − 10) + 3 + 32 = 1027. HR invalid (0xFF) → absent.
    data += [0x80 | 0x20 | 3, 0xFF, 0x20, 0x4E, 0, 0]  // distance 20000 cm = 200 m
    var file: [UInt8] = [14, 0x20, 0x08, 0x08]
    let size = UInt32(data.count)
    file += [
      UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
    ]
    file += Array(".FIT".utf8)
    let headerCRC = FITCRC.compute(file, 0..<12)
    file += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
    file += data
    let crc = FITCRC.compute(file, 0..<file.count)
    file += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    let r = try Recording.decode(file, format: .fit, file: "hand.fit")
    let epoch = 631_065_600.0
    #expect(
      r.points == [
        RecordingPoint(time: epoch + 1000, heartRate: 120),
        RecordingPoint(time: epoch + 1002, distance: 100, heartRate: 125),
        RecordingPoint(time: epoch + 1027, distance: 200),
      ])
  }
}
