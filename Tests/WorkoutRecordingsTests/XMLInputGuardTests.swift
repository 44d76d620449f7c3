import Testing

@testable import WorkoutRecordings

/// The checks XML bytes pass before Foundation's XMLParser sees them: each input here used to
/// reach the parser, and the first one killed the process (SIGILL in
/// `_NSXMLParserStartElementNs`); now each is a data error with its line, column and byte offset.
@Suite struct XMLInputGuardTests {
  private func decode(_ bytes: [UInt8], _ format: RecordingFormat) throws(RecordingError)
    -> Recording
  {
    try Recording.decode(bytes, format: format, file: "x.\(format.rawValue)")
  }

  /// A message of the XML error `decode` throws, with its line and column.
  private func xmlError(_ bytes: [UInt8], _ format: RecordingFormat = .gpx) -> (Int, Int, String)? {
    do {
      _ = try decode(bytes, format)
      return nil
    } catch {
      guard case .xml(_, let line, let column, let message) = error else { return nil }
      return (line, column, message)
    }
  }

  /// UTF-16 code units of `text` as bytes, after a byte order mark.
  private func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      bytes += bigEndian ? pair : pair.reversed()
    }
    return bytes
  }

  /// The reported input: an element name with the bytes FF FF FF FF inside `<MaximumSpeed>`.
  @Test func invalidUTF8InAnElementNameIsADataError() {
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TrainingCenterDatabase><Max"
    let bytes =
      Array(head.utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
      + Array("imumSpeed>3.5</MaximumSpeed></TrainingCenterDatabase>".utf8)
    // Line 1 is 38 bytes (`<?xml` 5 + ` version="1.0"` 14 + ` encoding="UTF-8"` 17 + `?>` 2)
    // and its line feed is byte 38; line 2 starts at byte 39 with `<TrainingCenterDatabase>`
    // (24) and `<Max` (4), so the first FF is byte 39 + 28 = 67, column 29.
    let found = xmlError(bytes, .tcx)
    #expect(found?.0 == 2)
    #expect(found?.1 == 29)
    #expect(found?.2 == "invalid UTF-8 byte sequence FF (byte offset 67)")
    #expect {
      try decode(bytes, .tcx)
    } throws: { error in
      "\(error)" == "x.tcx:2:29: XML error: invalid UTF-8 byte sequence FF (byte offset 67)"
    }
  }

  /// Bytes after `<gpx>` (5 bytes), so each problem is at byte offset 5, line 1, column 6.
  @Test(
    arguments: [
      ([0xFF], "invalid UTF-8 byte sequence FF (byte offset 5)"),
      // C0 80 is the overlong form of NUL; C0 never starts a sequence (RFC 3629 §4).
      ([0xC0, 0x80], "invalid UTF-8 byte sequence C0 (byte offset 5)"),
      // E0 must be followed by A0…BF: E0 80 80 is an overlong form.
      ([0xE0, 0x80, 0x80], "invalid UTF-8 byte sequence E0 80 (byte offset 5)"),
      // ED A0 80 would be the surrogate U+D800.
      ([0xED, 0xA0, 0x80], "invalid UTF-8 byte sequence ED A0 (byte offset 5)"),
      // F4 90 80 80 would be U+110000, above the last code point.
      ([0xF4, 0x90, 0x80, 0x80], "invalid UTF-8 byte sequence F4 90 (byte offset 5)"),
      // A three-byte sequence cut short by `<` (0x3C).
      ([0xE2, 0x82], "invalid UTF-8 byte sequence E2 82 3C (byte offset 5)"),
      ([0x80], "invalid UTF-8 byte sequence 80 (byte offset 5)"),
      ([0x00], "character U+0000 is not allowed in XML (byte offset 5)"),
      ([0x1B], "character U+001B is not allowed in XML (byte offset 5)"),
      ([0xEF, 0xBF, 0xBE], "character U+FFFE is not allowed in XML (byte offset 5)"),
      ([0xEF, 0xBF, 0xBF], "character U+FFFF is not allowed in XML (byte offset 5)"),
    ] as [([UInt8], String)])
  func badBytesAreRefusedBeforeTheParser(inside: [UInt8], expected: String) {
    let bytes = Array("<gpx>".utf8) + inside + Array("</gpx>".utf8)
    let found = xmlError(bytes)
    #expect(found?.0 == 1)
    #expect(found?.1 == 6)
    #expect(found?.2 == expected)
  }

  /// Found by scripts/fuzz.sh: `<?x?>` crashed FoundationXML (SIGSEGV, strlen of the null data
  /// pointer libxml2 passes for a processing instruction without data).
  @Test func processingInstructionsWithoutDataAreRefused() {
    let message = "a processing instruction without data (<?target?>) is not accepted"
    let found = xmlError(Array("<?x?>\n<x>\n".utf8))
    #expect(found?.0 == 1)
    #expect(found?.1 == 1)
    #expect(found?.2 == message + " (byte offset 0)")
    // Inside the root on line 2 after one space: `<gpx>` and LF are bytes 0–5, the space 6.
    let inside = xmlError(Array("<gpx>\n <?xml-stylesheet?></gpx>".utf8))
    #expect(inside?.0 == 2)
    #expect(inside?.1 == 2)
    #expect(inside?.2 == message + " (byte offset 7)")
    // In UTF-16 too (found after the conversion; column 6 after `<gpx>`).
    let utf16Found = xmlError(utf16("<gpx><?a?></gpx>", bigEndian: false))
    #expect(utf16Found?.1 == 6)
    // With data, or white space before `?>`, the parser reads it: no XML error, the GPX reader
    // then finds no track points.
    for text in ["<?x ?><gpx/>", "<?x data?><gpx/>", "<gpx><?x y=\"1\"?></gpx>"] {
      #expect(throws: RecordingError.noPoints(file: "x.gpx")) { try decode(Array(text.utf8), .gpx) }
    }
  }

  @Test func linesAndColumnsCountCharacters() {
    // `<gpx>` bytes 0–4, CR LF 5–6 (one line end), two spaces 7–8, é (C3 A9) 9–10, U+0001 at
    // byte 11: line 2, column 4 (three characters before it on the line).
    let crlf = Array("<gpx>\r\n  é".utf8) + [0x01] + Array("</gpx>".utf8)
    let found = xmlError(crlf)
    #expect(found?.0 == 2)
    #expect(found?.1 == 4)
    #expect(found?.2 == "character U+0001 is not allowed in XML (byte offset 11)")
    // A lone CR ends a line too (XML 1.0 §2.11): U+0002 at byte 6 is line 2, column 1.
    let cr = Array("<gpx>\r".utf8) + [0x02]
    #expect(xmlError(cr)?.0 == 2)
    #expect(xmlError(cr)?.1 == 1)
    // A UTF-8 byte order mark is not a column: U+0003 after `<gpx>` is column 6, byte 8.
    let bom = [0xEF, 0xBB, 0xBF] + Array("<gpx>".utf8) + [0x03]
    #expect(xmlError(bom)?.1 == 6)
    #expect(xmlError(bom)?.2 == "character U+0003 is not allowed in XML (byte offset 8)")
  }

  private let gpx = """
    <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>
    <trkpt lat="46.5" lon="-14.25"><ele>100.5</ele><time>2026-03-02T07:30:03Z</time></trkpt>
    </trkseg></trk></gpx>
    """

  @Test func utf16WithAByteOrderMarkIsReadAsUTF8() throws {
    // 2026-03-02T07:30:03Z is 20514 days after 1970-01-01 (56 years with 14 leap days:
    // 56 × 365 + 14 = 20454, plus January 31 + February 28 + 1 = 60) → 20514 × 86400 +
    // 7 × 3600 + 30 × 60 + 3 = 1 772 409 600 + 27 003 = 1 772 436 603 s.
    let expected = [
      RecordingPoint(time: 1_772_436_603, latitude: 46.5, longitude: -14.25, altitude: 100.5)
    ]
    for declaration in ["", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"] {
      for bigEndian in [false, true] {
        let r = try decode(utf16(declaration + gpx, bigEndian: bigEndian), .gpx)
        #expect(r.points == expected)
        #expect(r.sport == "running")
      }
    }
    #expect(try decode(Array(gpx.utf8), .gpx).points == expected)
  }

  @Test func utf16DeclarationIsRewrittenInPlace() throws {
    // The converted bytes declare UTF-8; `"UTF-16"` (8 bytes with quotes) becomes `"UTF-8" `.
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\" standalone=\"yes\"?><gpx/>"
    let prepared = try XMLInputGuard.prepare(utf16(text, bigEndian: false), file: "x.gpx")
    #expect(
      prepared
        == Array("<?xml version=\"1.0\" encoding=\"UTF-8\"  standalone=\"yes\"?><gpx/>".utf8))
    let le = "<?xml version='1.0' encoding = 'utf-16le'?><gpx/>"
    #expect(
      try XMLInputGuard.prepare(utf16(le, bigEndian: false), file: "x.gpx")
        == Array("<?xml version='1.0' encoding = 'UTF-8'   ?><gpx/>".utf8))
    // UTF-8 input is handed over as it is, byte order mark included.
    let utf8 = [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"utf-8\"?><gpx/>".utf8)
    #expect(try XMLInputGuard.prepare(utf8, file: "x.gpx") == utf8)
  }

  @Test func doctypeIsFoundInUTF16Too() {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE gpx [<!ENTITY a \"b\">]>\n<gpx/>"
    for bigEndian in [false, true] {
      #expect(throws: RecordingError.doctype(file: "x.gpx", line: 2, column: 1)) {
        try decode(utf16(text, bigEndian: bigEndian), .gpx)
      }
    }
    // After a UTF-8 byte order mark and é (one character, two bytes), `<!doctype` is column 3.
    let bytes = [0xEF, 0xBB, 0xBF] + Array(" é<!doctype gpx><gpx/>".utf8)
    #expect(throws: RecordingError.doctype(file: "x.gpx", line: 1, column: 3)) {
      try decode(bytes, .gpx)
    }
  }

  @Test func badUTF16IsRefused() {
    // Byte order mark (bytes 0–1), `<gpx>` in UTF-16LE (bytes 2–11), then D800 (00 D8) at
    // byte 12 followed by `<`, not a low surrogate: column 6.
    let unpaired = utf16("<gpx>", bigEndian: false) + [0x00, 0xD8] + [0x3C, 0x00]
    #expect(xmlError(unpaired)?.1 == 6)
    #expect(xmlError(unpaired)?.2 == "invalid UTF-16: unpaired surrogate 00 D8 (byte offset 12)")
    // A low surrogate first (DC00, big-endian DC 00) at byte 2, column 1.
    let low: [UInt8] = [0xFE, 0xFF, 0xDC, 0x00, 0x00, 0x3C]
    #expect(xmlError(low)?.2 == "invalid UTF-16: unpaired surrogate DC 00 (byte offset 2)")
    // `<gpx/>` is 6 units, bytes 2–13; one more byte at 14 is half a unit: column 7.
    let odd = utf16("<gpx/>", bigEndian: false) + [0x0A]
    #expect(xmlError(odd)?.1 == 7)
    #expect(xmlError(odd)?.2 == "invalid UTF-16: odd number of bytes (byte offset 14)")
    // NUL as UTF-16BE (00 00) at byte 4, after `<` (bytes 2–3): column 2.
    let nul: [UInt8] = [0xFE, 0xFF, 0x00, 0x3C, 0x00, 0x00]
    #expect(xmlError(nul)?.1 == 2)
    #expect(xmlError(nul)?.2 == "character U+0000 is not allowed in XML (byte offset 4)")
    // A surrogate pair is one character: U+1F600 (D83D DE00) then U+0001 is column 3.
    let pair = utf16("<😀", bigEndian: true) + [0x00, 0x01]
    #expect(xmlError(pair)?.1 == 3)
    #expect(xmlError(pair)?.2 == "character U+0001 is not allowed in XML (byte offset 8)")
  }

  @Test func encodingsOtherThanUTF8AndUTF16AreNamed() {
    // `<?xml` 5 + ` version="1.0"` 14 + ` encoding="` 11 = 30 bytes before the name: column 31.
    let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx/>".utf8)
    #expect(xmlError(latin1)?.0 == 1)
    #expect(xmlError(latin1)?.1 == 31)
    #expect(
      xmlError(latin1)?.2
        == "encoding \"ISO-8859-1\" is not supported (use UTF-8, or UTF-16 with a byte order mark)"
    )
    let noMark = Array("<?xml version=\"1.0\" encoding=\"utf-16\"?><gpx/>".utf8)
    #expect(
      xmlError(noMark)?.2
        == "encoding \"utf-16\" is declared, but the document has no UTF-16 byte order mark")
    let wrongMark = utf16("<?xml version=\"1.0\" encoding=\"UTF-8\"?><gpx/>", bigEndian: true)
    #expect(
      xmlError(wrongMark)?.2
        == "encoding \"UTF-8\" is declared, but the document starts with a UTF-16 big-endian"
        + " byte order mark")
    let beInLE = utf16("<?xml version=\"1.0\" encoding=\"UTF-16BE\"?><gpx/>", bigEndian: false)
    #expect(xmlError(beInLE)?.1 == 31)
    // UTF-16 without a byte order mark (`<?` as 3C 00 3F 00), UTF-32 and EBCDIC.
    let support = " is not supported (use UTF-8, or UTF-16 with a byte order mark)"
    #expect(
      xmlError([0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00] as [UInt8])?.2
        == "UTF-16 without a byte order mark" + support)
    #expect(
      xmlError([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x3C] as [UInt8])?.2 == "UTF-32" + support
    )
    #expect(xmlError([0x4C, 0x6F, 0xA7, 0x94] as [UInt8])?.2 == "EBCDIC" + support)
    // Single quotes, spaces around `=` and any case of UTF-8 are fine.
    #expect(xmlError(Array("<?xml version='1.0' encoding = 'Utf-8' ?><gpx/>".utf8)) == nil)
  }
}
