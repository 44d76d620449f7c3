import Foundation
import WorkoutText

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Foundation's `XMLParser` with the guards it does not give on Linux:
///
/// 1. The bytes pass ``XMLInputGuard/prepare(_:file:)`` first: a known encoding, well-formed
///    UTF-8 or UTF-16 made only of XML characters (UTF-16 converted to UTF-8), and no
///    `<!DOCTYPE` (any case, in either encoding), so no entity, internal or external, is ever
///    expanded, and no byte sequence reaches the parser that could make Foundation trap.
/// 2. Any error the parser reports, or no root element at all, is a failure even when
///    `parse()` returns `true`.
/// 3. The message is built from the parser's error code with the line and column it gives.
///
/// Subclasses receive element starts and ends with local names (namespace prefix removed) and
/// the element's text.
class GuardedXMLHandler: NSObject, XMLParserDelegate {
  let file: String
  let expectedRoot: String
  private(set) var root: String?
  /// Local names of the open elements, outermost first.
  private(set) var path: [String] = []
  private var text = ""
  private var failure: RecordingError?
  private var parseError: (line: Int, column: Int, code: Int)?
  private var parser: XMLParser?

  init(file: String, expectedRoot: String) {
    self.file = file
    self.expectedRoot = expectedRoot
  }

  /// Called for each element start, after `path` has been extended with it.
  func start(_ name: String, attributes: [String: String]) throws(RecordingError) {}
  /// Called for each element end with its text (whitespace trimmed), before `path` drops it.
  func end(_ name: String, text: String) throws(RecordingError) {}

  /// The parser's current line and column (1-based).
  var position: (line: Int, column: Int) {
    (parser?.lineNumber ?? 0, parser?.columnNumber ?? 0)
  }

  /// The parent of the current element (the one before the last in `path`), or "".
  var parent: String { path.count >= 2 ? path[path.count - 2] : "" }

  /// Runs the parser over `bytes`.
  func run(_ bytes: [UInt8]) throws(RecordingError) {
    let input = try XMLInputGuard.prepare(bytes, file: file)
    let parser = XMLParser(data: Data(input))
    parser.shouldProcessNamespaces = false
    parser.shouldReportNamespacePrefixes = false
    parser.shouldResolveExternalEntities = false
    parser.delegate = self
    self.parser = parser
    let succeeded = parser.parse()
    parser.delegate = nil
    self.parser = nil
    if let failure { throw failure }
    if let parseError {
      throw .xml(
        file: file, line: parseError.line, column: parseError.column,
        message: Self.message(code: parseError.code))
    }
    if !succeeded {
      let code = (parser.parserError as NSError?)?.code ?? 0
      throw .xml(
        file: file, line: parser.lineNumber, column: parser.columnNumber,
        message: Self.message(code: code))
    }
    guard root != nil else { throw .wrongRoot(file: file, found: "", expected: expectedRoot) }
  }

  private func fail(_ error: RecordingError) {
    if failure == nil { failure = error }
    parser?.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    let name = Self.localName(elementName)
    if root == nil {
      root = name
      guard name == expectedRoot else {
        fail(.wrongRoot(file: file, found: name, expected: expectedRoot))
        return
      }
    }
    path.append(name)
    text = ""
    do throws(RecordingError) {
      try start(name, attributes: attributeDict)
    } catch {
      fail(error)
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    guard failure == nil else { return }
    let name = Self.localName(elementName)
    let content = text.isEmpty ? "" : Self.trimmed(text)
    text = ""
    do throws(RecordingError) {
      try end(name, text: content)
    } catch {
      fail(error)
    }
    if !path.isEmpty { path.removeLast() }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    // Whitespace between elements is most of the calls; skip it while nothing else came.
    if text.isEmpty, Self.isAllSpace(string) { return }
    text += string
  }

  /// XML white space (`S` of XML 1.0 §2.3): space, tab, line feed, carriage return.
  static func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whether `string` is empty or only XML white space (over the contiguous UTF-8 bytes when the
  /// string has them, which native strings do).
  static func isAllSpace(_ string: String) -> Bool {
    if let result = string.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
      for byte in bytes where !isXMLSpace(byte) { return false }
      return true
    }) {
      return result
    }
    return string.utf8.allSatisfy(isXMLSpace)
  }

  /// `text` without leading and trailing XML white space.
  static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.firstIndex(where: { !isXMLSpace($0) }),
      let last = utf8.lastIndex(where: { !isXMLSpace($0) })
    else { return "" }
    if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return text }
    return String(Substring(utf8[first...last]))
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    text += String(decoding: block, as: UTF8.self)
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if self.parseError == nil && failure == nil {
      self.parseError = (parser.lineNumber, parser.columnNumber, (parseError as NSError).code)
    }
  }

  func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
    if self.parseError == nil && failure == nil {
      self.parseError = (
        parser.lineNumber, parser.columnNumber, (validationError as NSError).code
      )
    }
  }

  /// `ns3:hr` → `hr`.
  static func localName(_ name: String) -> String {
    let utf8 = name.utf8
    let offset =
      utf8.withContiguousStorageIfAvailable { bytes -> Int? in
        var index = bytes.count - 1
        while index >= 0 {
          if bytes[index] == 0x3A { return index }
          index -= 1
        }
        return nil
      } ?? utf8.lastIndex(of: 0x3A).map { utf8.distance(from: utf8.startIndex, to: $0) }
    guard let offset else { return name }
    return String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: offset + 1)...]))
  }

  /// A message for the code of `XMLParser.parserError`.
  ///
  /// Foundation's XMLParser reports libxml2's `xmlParserErrors` numbers (libxml2
  /// `include/libxml/xmlerror.h`), which on Linux are one above the raw values of Swift's
  /// `XMLParser.ErrorCode` cases; so the numbers are matched here directly, as observed with
  /// swift-corelibs-foundation 6.3 (`<a b="1" b="2"/>` gives 42, an undeclared `&x;` 26).
  static func message(code: Int) -> String {
    let text: String
    switch code {
    case 1: text = "internal parser error"
    case 2: text = "out of memory"
    case 3: text = "document does not start with XML"
    case 4: text = "empty document or no XML content"
    case 5: text = "document ends too early"
    case 6, 7, 8, 10, 11, 12, 13: text = "invalid character reference"
    case 9: text = "invalid character"
    case 14...27: text = "unknown or malformed entity reference"
    case 31, 32, 81: text = "unsupported encoding"
    case 33, 34, 43, 44: text = "unfinished quoted value"
    case 35: text = "bad namespace declaration"
    case 38: text = "'<' in an attribute value"
    case 39, 40, 41: text = "malformed attribute"
    case 42: text = "attribute given twice"
    case 45: text = "unfinished comment"
    case 56, 57: text = "malformed XML declaration"
    case 68: text = "name expected"
    case 72: text = "'<' expected"
    case 73: text = "'>' expected"
    case 76: text = "end tag does not match start tag"
    case 77: text = "unfinished tag"
    case 85: text = "elements not well balanced"
    case 86: text = "content after the root element"
    case 111: text = "parsing aborted"
    default: text = "not well-formed XML"
    }
    return "\(text) (XMLParser error \(code))"
  }

  /// Parses a number in an element or attribute, or throws
  /// ``RecordingError/invalidContent(file:line:column:message:)``.
  func number(_ text: String, _ what: String) throws(RecordingError) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw .invalidContent(
        file: file, line: position.line, column: position.column,
        message: "\(what) is not a number: \"\(text.prefix(40))\"")
    }
    return value
  }

  /// Parses a `dateTime`, or throws
  /// ``RecordingError/invalidContent(file:line:column:message:)``.
  func time(_ text: String, _ what: String) throws(RecordingError) -> Double {
    guard let value = ISO8601.parse(Substring(text)) else {
      throw .invalidContent(
        file: file, line: position.line, column: position.column,
        message: "\(what) is not an ISO 8601 time: \"\(text.prefix(40))\"")
    }
    return value
  }
}

/// The checks an XML document's bytes pass before Foundation's `XMLParser` sees them.
///
/// swift-corelibs-foundation's `XMLParser` on Linux traps (SIGILL in
/// `_NSXMLParserStartElementNs`) when libxml2 hands it an element name that is not valid UTF-8,
/// such as one containing the bytes `FF FF FF FF`; libxml2 itself passes such names on. So every
/// document is checked here, in one pass over its bytes, and refused with the line, column and
/// byte offset of the first problem:
///
/// - Encoding (XML 1.0 §4.3.3 and Appendix F, https://www.w3.org/TR/xml/#sec-guessing): a UTF-8
///   byte order mark (`EF BB BF`) or none means UTF-8; `FF FE` means UTF-16 little-endian and
///   `FE FF` UTF-16 big-endian. UTF-16 without a byte order mark, UTF-32 and EBCDIC are refused,
///   and so is a declared `encoding` other than `UTF-8` (for UTF-8) or `UTF-16`, `UTF-16LE`,
///   `UTF-16BE` (for UTF-16 with the matching mark), names compared without regard to case.
/// - UTF-16 is converted to UTF-8 before parsing (its declaration's encoding then reads
///   `UTF-8`, padded with spaces so positions do not move), so the parser only ever sees UTF-8;
///   unpaired surrogates and an odd number of bytes are refused.
/// - UTF-8 must be well formed (RFC 3629 §4: no overlong forms, no surrogates, nothing above
///   U+10FFFF), and every character must be an XML `Char` (XML 1.0 §2.2): tab, line feed,
///   carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. NUL and the other C0
///   control characters are refused here, before the parser.
/// - `<!DOCTYPE` (ASCII case-insensitive) anywhere is refused
///   (``RecordingError/doctype(file:line:column:)``).
/// - A processing instruction without data, `<?target?>` (the target straight followed by
///   `?>`), anywhere is refused: libxml2 then reports the data as a null pointer, and
///   FoundationXML's `_NSXMLParserProcessingInstruction` reads it with `strlen` and crashes
///   (SIGSEGV), whether or not the delegate handles processing instructions (found by
///   `scripts/fuzz.sh`). `<?target data?>` and `<?target ?>` are passed on.
///
/// Lines count line feeds, and carriage returns not followed by one (XML 1.0 §2.11); columns
/// count characters from 1, the byte order mark not included; byte offsets count from 0 in the
/// file as given.
enum XMLInputGuard {
  /// The encodings accepted.
  enum Encoding: Equatable {
    case utf8, utf16LittleEndian, utf16BigEndian
  }

  /// Returns the document as UTF-8 bytes for the parser (`bytes` itself when it is UTF-8).
  ///
  /// - Throws: ``RecordingError/xml(file:line:column:message:)`` for an unknown or unsupported
  ///   encoding, a malformed byte sequence or a character XML does not allow (the message names
  ///   the bytes and their byte offset), ``RecordingError/doctype(file:line:column:)`` for a
  ///   document type declaration.
  static func prepare(_ bytes: [UInt8], file: String) throws(RecordingError) -> [UInt8] {
    let (encoding, bomLength) = try detect(bytes, file: file)
    var utf8: [UInt8]
    var start: Int
    switch encoding {
    case .utf8:
      utf8 = bytes
      start = bomLength
    case .utf16LittleEndian, .utf16BigEndian:
      utf8 = try transcode(
        bytes, from: bomLength, bigEndian: encoding == .utf16BigEndian, file: file)
      start = 0
    }
    try checkDeclaration(&utf8, from: start, encoding: encoding, file: file)
    // For UTF-16, this pass only looks for a DOCTYPE: the conversion checked every character.
    try scan(utf8, from: start, file: file)
    return utf8
  }

  /// The encoding from the first bytes, and the length of the byte order mark.
  static func detect(_ bytes: [UInt8], file: String) throws(RecordingError) -> (Encoding, Int) {
    func starts(_ prefix: [UInt8]) -> Bool {
      bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix)
    }
    func refuse(_ what: String) -> RecordingError {
      .xml(
        file: file, line: 1, column: 1,
        message: "\(what) is not supported (use UTF-8, or UTF-16 with a byte order mark)")
    }
    if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00])
      || starts([0x00, 0x00, 0x00, 0x3C]) || starts([0x3C, 0x00, 0x00, 0x00])
    {
      throw refuse("UTF-32")
    }
    if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
    if starts([0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
    if starts([0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
    if starts([0x00, 0x3C, 0x00, 0x3F]) || starts([0x3C, 0x00, 0x3F, 0x00]) {
      throw refuse("UTF-16 without a byte order mark")
    }
    if starts([0x4C, 0x6F, 0xA7, 0x94]) { throw refuse("EBCDIC") }
    return (.utf8, 0)
  }

  /// Whether `scalar` is an XML 1.0 `Char` (§2.2).
  @inline(__always)
  static func isXMLChar(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }

  /// `U+0000` style name of a scalar value.
  static func scalarName(_ scalar: UInt32) -> String {
    let digits = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Bytes as `FF FE` for messages.
  static func hexBytes(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
  }

  /// Converts UTF-16 from `start` to UTF-8, checking every character.
  static func transcode(
    _ bytes: [UInt8], from start: Int, bigEndian: Bool, file: String
  ) throws(RecordingError) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count - start)
    var line = 1
    var column = 1
    var previousCR = false
    var i = start
    func unit(_ at: Int) -> UInt32 {
      bigEndian
        ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1])
        : UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8
    }
    while i < bytes.count {
      guard i + 1 < bytes.count else {
        throw .xml(
          file: file, line: line, column: column,
          message: "invalid UTF-16: odd number of bytes (byte offset \(i))")
      }
      var scalar = unit(i)
      var width = 2
      if scalar >= 0xD800, scalar <= 0xDBFF {
        guard i + 3 < bytes.count, case let low = unit(i + 2), low >= 0xDC00, low <= 0xDFFF
        else {
          throw .xml(
            file: file, line: line, column: column,
            message: "invalid UTF-16: unpaired surrogate \(hexBytes(bytes[i..<(i + 2)]))"
              + " (byte offset \(i))")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        width = 4
      } else if scalar >= 0xDC00, scalar <= 0xDFFF {
        throw .xml(
          file: file, line: line, column: column,
          message: "invalid UTF-16: unpaired surrogate \(hexBytes(bytes[i..<(i + 2)]))"
            + " (byte offset \(i))")
      }
      guard isXMLChar(scalar) else {
        throw .xml(
          file: file, line: line, column: column,
          message: "character \(scalarName(scalar)) is not allowed in XML (byte offset \(i))")
      }
      switch scalar {
      case 0..<0x80:
        out.append(UInt8(scalar))
      case 0x80..<0x800:
        out.append(UInt8(0xC0 | scalar >> 6))
        out.append(UInt8(0x80 | scalar & 0x3F))
      case 0x800..<0x10000:
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
      default:
        out.append(UInt8(0xF0 | scalar >> 18))
        out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
      }
      if scalar == 0x0A {
        if !previousCR { line += 1 }
        column = 1
      } else if scalar == 0x0D {
        line += 1
        column = 1
      } else {
        column += 1
      }
      previousCR = scalar == 0x0D
      i += width
    }
    return out
  }

  /// Reads the XML declaration at `start` (if there is one) and checks its `encoding` against
  /// the detected one; for UTF-16 (now converted) it rewrites the declared name to `UTF-8`.
  static func checkDeclaration(
    _ utf8: inout [UInt8], from start: Int, encoding: Encoding, file: String
  ) throws(RecordingError) {
    // `<?xml` followed by white space (XML 1.0 §2.8, production XMLDecl).
    let opening: [UInt8] = Array("<?xml".utf8)
    guard utf8.count >= start + opening.count + 1,
      utf8[start..<(start + opening.count)].elementsEqual(opening),
      GuardedXMLHandler.isXMLSpace(utf8[start + opening.count])
    else { return }
    // The declaration ends at the first `?>`; a missing end is the parser's error to report.
    var end = start + opening.count
    while end + 1 < utf8.count, !(utf8[end] == 0x3F && utf8[end + 1] == 0x3E) { end += 1 }
    guard end + 1 < utf8.count else { return }
    let keyword: [UInt8] = Array("encoding".utf8)
    var i = start + opening.count
    while i + keyword.count <= end {
      if utf8[i..<(i + keyword.count)].elementsEqual(keyword),
        GuardedXMLHandler.isXMLSpace(utf8[i - 1])
      {
        var j = i + keyword.count
        while j < end, GuardedXMLHandler.isXMLSpace(utf8[j]) { j += 1 }
        guard j < end, utf8[j] == 0x3D else { return }
        j += 1
        while j < end, GuardedXMLHandler.isXMLSpace(utf8[j]) { j += 1 }
        guard j < end, utf8[j] == 0x22 || utf8[j] == 0x27 else { return }
        let quote = utf8[j]
        let nameStart = j + 1
        var nameEnd = nameStart
        while nameEnd < end, utf8[nameEnd] != quote { nameEnd += 1 }
        guard nameEnd < end else { return }
        let declared = String(decoding: utf8[nameStart..<nameEnd], as: UTF8.self)
        let upper = declared.uppercased()
        let column = nameStart - start + 1
        let accepted: Bool
        switch encoding {
        case .utf8: accepted = upper == "UTF-8"
        case .utf16LittleEndian: accepted = upper == "UTF-16" || upper == "UTF-16LE"
        case .utf16BigEndian: accepted = upper == "UTF-16" || upper == "UTF-16BE"
        }
        guard accepted else {
          let shown = "\"\(declared.prefix(40))\""
          let message: String
          switch encoding {
          case .utf8 where upper.hasPrefix("UTF-16"):
            message =
              "encoding \(shown) is declared, but the document has no UTF-16 byte order mark"
          case .utf8:
            message =
              "encoding \(shown) is not supported (use UTF-8, or UTF-16 with a byte order mark)"
          case .utf16LittleEndian:
            message =
              "encoding \(shown) is declared, but the document starts with a UTF-16 little-endian"
              + " byte order mark"
          case .utf16BigEndian:
            message =
              "encoding \(shown) is declared, but the document starts with a UTF-16 big-endian"
              + " byte order mark"
          }
          throw .xml(file: file, line: 1, column: column, message: message)
        }
        if encoding != .utf8 {
          // The parser reads the converted bytes: declare what they are, same length.
          // `"UTF-16"` becomes `"UTF-8" `, `"UTF-16LE"` `"UTF-8"   ` (the accepted names are
          // all longer than `UTF-8`); white space may follow the value (production S).
          let replacement = Array("UTF-8".utf8) + [quote]
          for k in nameStart...nameEnd {
            let index = k - nameStart
            utf8[k] = index < replacement.count ? replacement[index] : 0x20
          }
        }
        return
      }
      i += 1
    }
  }

  /// What a byte needs in ``scan(_:from:file:)``: 0 nothing (most bytes), 1 a control
  /// character XML does not allow, 2 `!` or `?` (perhaps `<!DOCTYPE` or `<?target?>`), 3 the
  /// first byte of a multi-byte sequence or a stray one.
  static let byteClass: [UInt8] = (0..<256).map { byte -> UInt8 in
    switch byte {
    case 0x09, 0x0A, 0x0D: return 0
    case 0..<0x20: return 1
    case 0x21, 0x3F: return 2
    case 0x80...: return 3
    default: return 0
    }
  }

  /// One pass over UTF-8 bytes from `start`: well-formed sequences of XML characters, no
  /// `<!DOCTYPE` and no `<?target?>`. The loop looks each byte up in ``byteClass`` and
  /// moves on for plain ones; lines and columns are counted only for a refusal.
  static func scan(_ bytes: [UInt8], from start: Int, file: String) throws(RecordingError) {
    let doctype: [UInt8] = Array("<!DOCTYPE".utf8)
    let failure: (kind: Int, offset: Int, length: Int)? = bytes.withUnsafeBufferPointer { p in
      byteClass.withUnsafeBufferPointer { table in
        let n = p.count
        var i = start
        while i < n {
          let kind = table[Int(p[i])]
          if kind == 0 {
            i += 1
            continue
          }
          if kind == 1 { return (1, i, 1) }
          if kind == 2 {
            // `!` or `?` right after `<`.
            if i > start, p[i - 1] == 0x3C {
              let open = i - 1
              if p[i] == 0x21 {
                if open + doctype.count <= n {
                  var matches = true
                  for j in 2..<doctype.count where p[open + j] & 0xDF != doctype[j] {
                    matches = false
                    break
                  }
                  if matches { return (0, open, doctype.count) }
                }
              } else {
                // `<?target?>`: a processing instruction whose target runs straight into `?>`.
                var j = i + 1
                while j < n, p[j] != 0x3F, !GuardedXMLHandler.isXMLSpace(p[j]) { j += 1 }
                if j + 1 < n, p[j] == 0x3F, p[j + 1] == 0x3E { return (3, open, 2) }
              }
            }
            i += 1
            continue
          }
          // A multi-byte sequence (RFC 3629 §4, UTF8-2 to UTF8-4).
          let b = p[i]
          let length: Int
          var low: UInt8 = 0x80
          var high: UInt8 = 0xBF
          switch b {
          case 0xC2...0xDF: length = 2
          case 0xE0:
            length = 3
            low = 0xA0
          case 0xE1...0xEC, 0xEE...0xEF: length = 3
          case 0xED:
            length = 3
            high = 0x9F
          case 0xF0:
            length = 4
            low = 0x90
          case 0xF1...0xF3: length = 4
          case 0xF4:
            length = 4
            high = 0x8F
          default: return (2, i, 1)
          }
          guard i + 1 < n, p[i + 1] >= low, p[i + 1] <= high else {
            return (2, i, min(2, n - i))
          }
          for k in 2..<length where i + k >= n || p[i + k] & 0xC0 != 0x80 {
            return (2, i, min(k + 1, n - i))
          }
          // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
          if b == 0xEF, p[i + 1] == 0xBF, p[i + 2] >= 0xBE { return (1, i, 3) }
          i += length
        }
        return nil
      }
    }
    guard let failure else { return }
    let offset = failure.offset
    // Line: line feeds, and carriage returns not followed by one, before the offset; column:
    // the bytes from the line start that begin a character.
    var line = 1
    var lineStart = start
    var k = start
    while k < offset {
      if bytes[k] == 0x0A {
        line += 1
        lineStart = k + 1
      } else if bytes[k] == 0x0D {
        line += 1
        if k + 1 < offset, bytes[k + 1] == 0x0A { k += 1 }
        lineStart = k + 1
      }
      k += 1
    }
    var column = 1
    for k in lineStart..<offset where bytes[k] & 0xC0 != 0x80 { column += 1 }
    let shown = hexBytes(bytes[offset..<(offset + failure.length)])
    switch failure.kind {
    case 0: throw .doctype(file: file, line: line, column: column)
    case 3:
      throw .xml(
        file: file, line: line, column: column,
        message: "a processing instruction without data (<?target?>) is not accepted"
          + " (byte offset \(offset))")
    case 1:
      let scalar =
        String(decoding: bytes[offset..<(offset + failure.length)], as: UTF8.self)
        .unicodeScalars.first.map(\.value) ?? 0
      throw .xml(
        file: file, line: line, column: column,
        message: "character \(scalarName(scalar)) is not allowed in XML (byte offset \(offset))")
    default:
      throw .xml(
        file: file, line: line, column: column,
        message: "invalid UTF-8 byte sequence \(shown) (byte offset \(offset))")
    }
  }
}
