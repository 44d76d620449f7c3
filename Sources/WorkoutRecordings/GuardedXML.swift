import Foundation
import WorkoutText

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Foundation's `XMLParser` with the guards it does not give on Linux:
///
/// 1. A document containing `<!DOCTYPE` (any case) is refused before parsing, so no entity,
///    internal or external, is ever expanded.
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
    if let (line, column) = Self.findDoctype(bytes) {
      throw .doctype(file: file, line: line, column: column)
    }
    let parser = XMLParser(data: Data(bytes))
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

  /// The 1-based line and column of the first `<!DOCTYPE` (ASCII case-insensitive), or `nil`.
  static func findDoctype(_ bytes: [UInt8]) -> (Int, Int)? {
    let pattern: [UInt8] = Array("<!DOCTYPE".utf8)
    guard bytes.count >= pattern.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> (Int, Int)? in
      let last = buffer.count - pattern.count
      var i = 0
      while i <= last {
        // Only `<!` can start the pattern; everything else is skipped with two compares.
        if buffer[i] == 60, buffer[i + 1] == 33 {
          var matches = true
          for j in 2..<pattern.count where buffer[i + j] & 0xDF != pattern[j] {
            matches = false
            break
          }
          if matches {
            // Line and column only for the hit: count the line feeds before it.
            var line = 1
            var lineStart = 0
            for k in 0..<i where buffer[k] == 10 {
              line += 1
              lineStart = k + 1
            }
            return (line, i - lineStart + 1)
          }
        }
        i += 1
      }
      return nil
    }
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
