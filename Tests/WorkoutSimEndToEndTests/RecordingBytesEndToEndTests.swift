import Testing

/// Recordings with bytes that used to kill `workout-sim run` (SIGILL inside Foundation's
/// XMLParser, or a Swift trap in the FIT reader), run through the built binary in a subprocess:
/// each is now a data error (65) naming the file and the problem.
@Suite(.serialized) struct RecordingBytesEndToEndTests {
  private let tcx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <TrainingCenterDatabase><Activities><Activity Sport="Running"><Lap StartTime="2020-01-01T00:00:00Z">
    <Max
    """

  @Test func invalidUTF8ElementNameInTCX() async throws {
    // The reported input: FF FF FF FF inside `<MaximumSpeed>`. Line 3 is `<Max` then FF: column
    // 5. Offset: line 1 is 38 bytes + LF, line 2 is 100 bytes + LF, so line 3 starts at
    // 39 + 101 = 140 and the FF is byte 144.
    let bytes =
      Array(tcx.utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
      + Array(
        "imumSpeed>1</MaximumSpeed></Lap></Activity></Activities></TrainingCenterDatabase>".utf8)
    let outcome = try await RecordingEndToEndTests.replay("bad.tcx", bytes)
    #expect(outcome.status == 65)
    #expect(
      outcome.standardError.contains(
        "bad.tcx:3:5: XML error: invalid UTF-8 byte sequence FF (byte offset 144)"))
  }

  @Test func nulInGPX() async throws {
    let bytes = Array("<gpx>\n<trk>".utf8) + [0x00] + Array("</trk></gpx>".utf8)
    let outcome = try await RecordingEndToEndTests.replay("nul.gpx", bytes)
    #expect(outcome.status == 65)
    // `<gpx>` and LF are bytes 0–5; line 2 `<trk>` is bytes 6–10; NUL is byte 11, column 6.
    #expect(
      outcome.standardError.contains(
        "nul.gpx:2:6: XML error: character U+0000 is not allowed in XML (byte offset 11)"))
  }

  @Test func fitWithANegativeTimeStamp() async throws {
    // A record whose time stamp field is declared sint32 and holds −1: it has no time stamp,
    // so the file has no timed records (the reader used to trap converting −1 to UInt32).
    var f = FITTestBytes()
    f.records = [0x40, 0, 0, 20, 0, 1, 253, 4, 0x85, 0x00, 0xFF, 0xFF, 0xFF, 0xFF]
    let outcome = try await RecordingEndToEndTests.replay("neg.fit", f.bytes())
    #expect(outcome.status == 65)
    #expect(outcome.standardError.contains("neg.fit: no records with time stamps"))
  }
}

/// A FIT file around raw records: 14-byte header with its CRC, the records, the file CRC
/// (FIT protocol CRC-16, the reflected polynomial 0xA001, computed bit by bit here).
struct FITTestBytes {
  var records: [UInt8] = []

  static func crc(_ bytes: [UInt8]) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc ^= UInt16(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
    }
    return crc
  }

  func bytes() -> [UInt8] {
    let size = UInt32(records.count)
    var file: [UInt8] = [14, 0x20, 0x54, 0x08]
    file += (0..<4).map { UInt8(size >> (8 * $0) & 0xFF) }
    file += Array(".FIT".utf8)
    let header = Self.crc(file)
    file += [UInt8(header & 0xFF), UInt8(header >> 8)]
    file += records
    let whole = Self.crc(file)
    return file + [UInt8(whole & 0xFF), UInt8(whole >> 8)]
  }
}
