/// A location inside a JSON document, written the way error messages and check paths write it:
/// keys joined by dots, array indexes in brackets (`timeline[3].at`, `sensors.heartRate`).
///
/// A key that is empty or contains a dot, a bracket, a quote, whitespace or a control character is
/// written as a bracketed JSON string instead (`sensors["heart rate"]`), so every path reads back
/// unambiguously. The root is the empty path; its ``description`` is the empty string.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step into a document.
  public enum Component: Sendable, Hashable {
    /// The member with this key of an object.
    case key(String)
    /// The element at this zero-based index of an array.
    case index(Int)
  }

  /// The steps from the root, outermost first.
  public var components: [Component]

  /// Creates a path from its steps (the root when `components` is empty).
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The root of the document.
  public static let root = JSONPath()

  /// Whether this is the root (no steps).
  public var isRoot: Bool { components.isEmpty }

  /// This path followed by the object member `key`.
  public func appending(key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path followed by the array element `index`.
  public func appending(index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// The path as written in messages: `timeline[3].at`; the root is `""`.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        if Self.isPlain(key) {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[" + JSONPath.quoted(key) + "]"
        }
      }
    }
    return text
  }

  /// A key that can be written without brackets and quotes.
  private static func isPlain(_ key: String) -> Bool {
    guard !key.isEmpty else { return false }
    for scalar in key.unicodeScalars {
      switch scalar {
      case ".", "[", "]", "\"", "\\", " ": return false
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F { return false }
      }
    }
    return true
  }

  /// `text` as a JSON string literal (quotes, backslashes and control characters escaped), for
  /// messages.
  ///
  /// - Parameter text: any string.
  /// - Returns: the string in double quotes, for example `"1:75"`.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

/// A syntax error found by ``JSONParser``: what is wrong and where.
///
/// `line` and `column` are 1-based and computed from ``byteOffset``: lines end at `\n`, `\r\n` or a
/// lone `\r`; the column counts characters (extended grapheme clusters, as Swift's `String.count`
/// and most editors do), not bytes, so a line with `"Zürich"` before the error is not shifted.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in words, without the position: `duplicate key "seed" in the top-level object`.
  public var message: String
  /// Where the error was found, in UTF-8 bytes from the start of the input (0-based).
  public var byteOffset: Int
  /// The line of ``byteOffset``, 1-based.
  public var line: Int
  /// The column of ``byteOffset`` in characters, 1-based.
  public var column: Int

  /// Creates an error.
  public init(message: String, byteOffset: Int, line: Int, column: Int) {
    self.message = message
    self.byteOffset = byteOffset
    self.line = line
    self.column = column
  }

  /// `line:column: message`, for example `3:14: duplicate key "seed" in the top-level object`.
  public var description: String { "\(line):\(column): \(message)" }
}

/// A strict JSON parser (RFC 8259, https://www.rfc-editor.org/rfc/rfc8259) that produces a
/// ``JSONValue`` with object members in their written order.
///
/// Why not Foundation's `JSONSerialization` or `JSONDecoder`: they accept a key repeated in one
/// object silently (and Foundation's two decoders and Python's `json` do not agree on which copy
/// wins), some accept extensions such as comments or trailing commas (JSON5 on Apple platforms),
/// and their errors carry no line and column. A scenario must mean the same thing to every tool
/// that reads it, and a typo must be pointed at, so workout-sim parses JSON itself. This also
/// keeps `WorkoutJSON` free of Foundation.
///
/// Rejected, each with its own message and the position of the offending character:
/// - a trailing comma in an object or an array (the position of the comma);
/// - a key repeated in one object (the position of the second copy; the message names the key and
///   the object's path, for example `duplicate key "age" in object athlete`);
/// - numbers with leading zeros (`01`), a bare `-`, `.5`, `1.`, `1e`, `+1`, `NaN`, `Infinity`, and
///   numbers too large for a `Double` (`1e400`);
/// - comments (`//`, `/* */`), single-quoted strings and other non-JSON tokens;
/// - unescaped control characters (U+0000 to U+001F) in strings, unknown escapes (`\x`), short
///   `\u` escapes, and unpaired UTF-16 surrogates (`\uD800` not followed by `\uDC00`–`\uDFFF`);
/// - invalid UTF-8;
/// - anything but whitespace after the value; an empty input;
/// - nesting deeper than ``maximumDepth`` (so hostile input cannot exhaust the stack).
///
/// A UTF-8 byte order mark at the very start is skipped, as RFC 8259 §8.1 permits.
public enum JSONParser {
  /// The deepest nesting of arrays and objects accepted: 512.
  public static let maximumDepth = 512

  /// Parses a complete JSON text.
  ///
  /// - Parameter bytes: the text as UTF-8.
  /// - Returns: the value, objects with members in written order.
  /// - Throws: ``JSONSyntaxError`` at the first error.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var reader = Reader(bytes: bytes)
    return try reader.parseDocument()
  }

  /// Parses a complete JSON text given as a string (see ``parse(_:)-([UInt8])``).
  ///
  /// - Parameter text: the JSON text.
  /// - Returns: the value.
  /// - Throws: ``JSONSyntaxError`` at the first error.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Computes the 1-based line and character column of a byte offset in `bytes` (see
  /// ``JSONSyntaxError`` for what counts as a line break and a character).
  ///
  /// - Parameters:
  ///   - byteOffset: 0-based, clamped to `0...bytes.count`.
  ///   - bytes: the UTF-8 text.
  /// - Returns: `(line, column)`, both 1-based.
  public static func lineAndColumn(ofByteOffset byteOffset: Int, in bytes: [UInt8]) -> (
    line: Int, column: Int
  ) {
    let end = min(max(byteOffset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      } else if byte == UInt8(ascii: "\r") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
          // `\r\n`: the `\n` ends the line.
        } else {
          line += 1
          lineStart = index + 1
        }
      }
      index += 1
    }
    let prefix = String(decoding: bytes[lineStart..<end], as: UTF8.self)
    return (line, prefix.count + 1)
  }
}

/// The parser's cursor over the input bytes.
private struct Reader {
  let bytes: [UInt8]
  var position = 0
  var depth = 0
  var path: [JSONPath.Component] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func error(_ message: String, at offset: Int) -> JSONSyntaxError {
    let (line, column) = JSONParser.lineAndColumn(ofByteOffset: offset, in: bytes)
    return JSONSyntaxError(message: message, byteOffset: offset, line: line, column: column)
  }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipWhitespace() {
    while let byte = current,
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    {
      position += 1
    }
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipWhitespace()
    if current == nil {
      throw error("the input is empty (expected a JSON value)", at: position)
    }
    let value = try parseValue()
    skipWhitespace()
    if position < bytes.count {
      throw error(
        "unexpected \(describeToken(at: position)) after the JSON value (expected the end of the input)",
        at: position)
    }
    return value
  }

  /// A short description of what starts at `offset`, for messages.
  func describeToken(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F {
      return "character '\(Character(Unicode.Scalar(byte)))'"
    }
    if byte < 0x80 { return "character U+" + hex4(UInt32(byte)) }
    // Decode one scalar for the message; invalid UTF-8 is reported as such.
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return "character '\(Character(scalar))' (U+\(hex4(scalar.value)))"
    }
    return "invalid UTF-8 byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  func hex4(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  func objectName() -> String {
    path.isEmpty ? "the top-level object" : "object \(JSONPath(path))"
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = current else {
      throw error("unexpected end of input (expected a JSON value)", at: position)
    }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw error("NaN and Infinity are not JSON numbers", at: position)
    case UInt8(ascii: "/"):
      throw error("comments are not allowed in JSON", at: position)
    case UInt8(ascii: "'"):
      throw error("strings must be in double quotes", at: position)
    case UInt8(ascii: "+"), UInt8(ascii: "."):
      throw error(
        "a number must start with a digit or '-' (no '+', no leading '.')", at: position)
    default:
      throw error("unexpected \(describeToken(at: position)) (expected a JSON value)", at: position)
    }
  }

  mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let start = position
    for expected in word.utf8 {
      guard current == expected else {
        throw error("unexpected \(describeToken(at: start)) (expected a JSON value)", at: start)
      }
      position += 1
    }
    // `truex` or `nullify`: the literal must end here.
    if let next = current, isLetterOrDigit(next) {
      throw error("unexpected \(describeToken(at: start)) (expected a JSON value)", at: start)
    }
    return value
  }

  func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }

  mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONParser.maximumDepth {
      throw error(
        "arrays and objects are nested deeper than \(JSONParser.maximumDepth) levels",
        at: position)
    }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    position += 1  // `{`
    var members: [(key: String, value: JSONValue)] = []
    var keys = Set<String>()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(members)
    }
    var lastComma: Int?
    while true {
      skipWhitespace()
      guard let byte = current else {
        throw error("unexpected end of input in \(objectName()) (expected a key)", at: position)
      }
      if byte == UInt8(ascii: "}"), let comma = lastComma {
        throw error("trailing comma before '}' in \(objectName())", at: comma)
      }
      guard byte == UInt8(ascii: "\"") else {
        throw error(
          "unexpected \(describeToken(at: position)) in \(objectName()) (expected a key in double quotes)",
          at: position)
      }
      let keyStart = position
      let key = try parseString()
      if keys.contains(key) {
        throw error("duplicate key \(JSONPath.quoted(key)) in \(objectName())", at: keyStart)
      }
      keys.insert(key)
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error(
          "unexpected \(describeToken(at: position)) after key \(JSONPath.quoted(key)) (expected ':')",
          at: position)
      }
      position += 1
      skipWhitespace()
      path.append(.key(key))
      let value = try parseValue()
      path.removeLast()
      members.append((key: key, value: value))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        lastComma = position
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        depth -= 1
        return .object(members)
      case nil:
        throw error(
          "unexpected end of input in \(objectName()) (expected ',' or '}')", at: position)
      default:
        throw error(
          "unexpected \(describeToken(at: position)) in \(objectName()) (expected ',' or '}')",
          at: position)
      }
    }
  }

  func arrayName() -> String {
    path.isEmpty ? "the top-level array" : "array \(JSONPath(path))"
  }

  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    position += 1  // `[`
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    var lastComma: Int?
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "]"), let comma = lastComma {
        throw error("trailing comma before ']' in \(arrayName())", at: comma)
      }
      if current == UInt8(ascii: ",") {
        throw error("unexpected ',' in \(arrayName()) (expected a JSON value)", at: position)
      }
      path.append(.index(elements.count))
      let value = try parseValue()
      path.removeLast()
      elements.append(value)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        lastComma = position
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        depth -= 1
        return .array(elements)
      case nil:
        throw error("unexpected end of input in \(arrayName()) (expected ',' or ']')", at: position)
      default:
        throw error(
          "unexpected \(describeToken(at: position)) in \(arrayName()) (expected ',' or ']')",
          at: position)
      }
    }
  }

  func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = position
    if current == UInt8(ascii: "-") {
      position += 1
      if current == UInt8(ascii: "I") {
        throw error("NaN and Infinity are not JSON numbers", at: start)
      }
      guard isDigit(current) else {
        throw error("expected a digit after '-'", at: position)
      }
    }
    if current == UInt8(ascii: "0") {
      position += 1
      if isDigit(current) {
        throw error("leading zeros are not allowed in numbers", at: start)
      }
    } else {
      while isDigit(current) { position += 1 }
    }
    if current == UInt8(ascii: ".") {
      position += 1
      guard isDigit(current) else {
        throw error("expected a digit after '.' in a number", at: position)
      }
      while isDigit(current) { position += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard isDigit(current) else {
        throw error("expected a digit in the exponent of a number", at: position)
      }
      while isDigit(current) { position += 1 }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("the number \(text) is too large", at: start)
    }
    return value
  }

  mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else {
        throw error("a \\u escape needs four hexadecimal digits", at: position)
      }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("a \\u escape needs four hexadecimal digits", at: position)
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  /// Parses a string starting at the opening quote; returns its value.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = position
    position += 1  // opening quote
    var buffer: [UInt8] = []
    while true {
      guard let byte = current else {
        throw error("unterminated string (expected a closing '\"')", at: start)
      }
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard let text = String(validating: buffer, as: UTF8.self) else {
          throw error("invalid UTF-8 in string", at: start)
        }
        return text
      case UInt8(ascii: "\\"):
        let escapeStart = position
        position += 1
        guard let escaped = current else {
          throw error("unterminated string (expected a closing '\"')", at: start)
        }
        position += 1
        switch escaped {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
          let unit = try parseHex4()
          var scalarValue = unit
          if (0xD800...0xDBFF).contains(unit) {
            // A high surrogate must be followed by `\u` and a low surrogate.
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
              bytes[position + 1] == UInt8(ascii: "u")
            else {
              throw error(
                "unpaired surrogate \\u\(hex4(unit)) (a high surrogate must be followed by a \\u low surrogate)",
                at: escapeStart)
            }
            position += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error(
                "unpaired surrogate \\u\(hex4(unit)) (followed by \\u\(hex4(low)), not a low surrogate)",
                at: escapeStart)
            }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(unit) {
            throw error(
              "unpaired surrogate \\u\(hex4(unit)) (a low surrogate without a high one)",
              at: escapeStart)
          }
          guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid \\u escape", at: escapeStart)
          }
          buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
          throw error(
            "invalid escape \\\(describeEscape(escaped)) in string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
            at: escapeStart)
        }
      default:
        if byte < 0x20 {
          throw error(
            "control character U+\(hex4(UInt32(byte))) in string (write it as an escape such as \\n or \\u\(hex4(UInt32(byte))))",
            at: position)
        }
        buffer.append(byte)
        position += 1
      }
    }
  }

  func describeEscape(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
    return "U+" + hex4(UInt32(byte))
  }
}
