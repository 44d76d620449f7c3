/// The canonical JSON encoding of workout-sim's output (docs/run-result.md#encoding).
///
/// The same ``JSONValue`` always gives the same bytes, on every platform and in every locale:
///
/// - Object members are sorted by the UTF-8 bytes of their keys. This is the order Foundation's
///   `JSONEncoder` uses for `.sortedKeys` (checked with swift-corelibs-foundation 6.3 on Linux:
///   `"B" < "a" < "a10" < "a2" < "e\u{301}" < "f" < "é"`, `"\u{FFFF}" < "\u{10000}"`), i.e.
///   code-point order without Unicode normalisation. (`JSONSerialization`'s `.sortedKeys` on
///   Linux sorts differently, numerically and case-insensitively; it is not the model.)
/// - ``Style/pretty`` has the layout of `JSONEncoder`'s `.prettyPrinted`: two-space indentation,
///   one member or element per line, `"key" : value` with a space on both sides of the colon,
///   no trailing newline. Empty arrays and objects are written `[]` and `{}` (Foundation writes
///   them across two lines with a blank line between; that is the one deliberate difference).
/// - Numbers are the shortest decimal that reads back to the same `Double` (the digits of
///   Swift's `description`, which produces the shortest round-tripping digits), laid out as
///   ECMAScript's `Number.prototype.toString` does (ECMA-262, "Number::toString"; the same form
///   RFC 8785, the JSON Canonicalization Scheme, uses): whole numbers below 1e21 as plain digits
///   (`1931`, `100000000000000000000`), `-0` as `0`, fractions with `.` (`98.4`, `0.000001`),
///   and exponent form only for magnitudes of 1e21 and above or below 1e-6 (`1e+21`,
///   `1.5e-7`). Every form is valid RFC 8259 JSON.
/// - Strings escape `"`, `\` and the control characters U+0000 to U+001F (as `\b`, `\f`, `\n`,
///   `\r`, `\t`, or `\u00XX` with lowercase hex); `/` and all other characters are written as
///   they are (UTF-8).
///
/// Why not `JSONEncoder`: it cannot produce these number forms (it writes `1e+16`, `-0`,
/// `1e-07`), escapes `/` unless told otherwise, and it needs Foundation, which this module does
/// not import (it is shared with the standard-library-only core).
///
/// Non-finite numbers (NaN, ±infinity) have no JSON form; passing one is a precondition failure
/// (the simulation never produces them, so one reaching the writer is a bug).
public enum JSONWriter {
  /// The layout of the encoded text.
  public enum Style: Sendable, Equatable {
    /// Two-space indentation, one member or element per line, `"key" : value`.
    case pretty
    /// No whitespace at all (`{"a":1,"b":[true,null]}`); used in messages.
    case compact
  }

  /// Encodes `value` canonically, without a trailing newline.
  ///
  /// - Parameters:
  ///   - value: The value to encode. Must not contain non-finite numbers.
  ///   - style: ``Style/pretty`` (the default, the result document form) or ``Style/compact``.
  /// - Returns: The JSON text.
  public static func encode(_ value: JSONValue, style: Style = .pretty) -> String {
    var output = ""
    write(value, style: style, indent: 0, into: &output)
    return output
  }

  /// The canonical text of one number: the shortest round-tripping decimal in ECMAScript
  /// `Number::toString` layout (see ``JSONWriter``), `-0` written `0`.
  ///
  /// - Precondition: `number` is finite.
  public static func number(_ number: Double) -> String {
    precondition(number.isFinite, "JSONWriter: non-finite number \(number) has no JSON form")
    if number == 0 { return "0" }
    let negative = number < 0
    // Swift's description gives the shortest digits that read back to the same Double, in one
    // of the forms "123.0", "0.001", "1e-05", "1.2345678901234568e+17".
    let text = String(number.magnitude.description)
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[text.startIndex..<e]
      guard let parsed = Int(text[text.index(after: e)...]) else {
        preconditionFailure("JSONWriter: unexpected Double description \(text)")
      }
      exponent = parsed
    }
    var integerPart = mantissa
    var fractionPart = Substring("")
    if let dot = mantissa.firstIndex(of: ".") {
      integerPart = mantissa[mantissa.startIndex..<dot]
      fractionPart = mantissa[mantissa.index(after: dot)...]
    }
    var digits = Array(integerPart.utf8) + Array(fractionPart.utf8)
    // The value is 0.d1 d2 ... dk × 10^n.
    var n = integerPart.utf8.count + exponent
    while let first = digits.first, first == UInt8(ascii: "0") {
      digits.removeFirst()
      n -= 1
    }
    while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
    let k = digits.count
    let digitText = String(decoding: digits, as: UTF8.self)
    var result = negative ? "-" : ""
    if k <= n && n <= 21 {
      result += digitText + String(repeating: "0", count: n - k)
    } else if 0 < n && n <= 21 {
      result +=
        String(decoding: digits[0..<n], as: UTF8.self) + "."
        + String(decoding: digits[n...], as: UTF8.self)
    } else if -6 < n && n <= 0 {
      result += "0." + String(repeating: "0", count: -n) + digitText
    } else {
      let e = n - 1
      result += String(decoding: digits[0..<1], as: UTF8.self)
      if k > 1 { result += "." + String(decoding: digits[1...], as: UTF8.self) }
      result += (e >= 0 ? "e+" : "e-") + String(e.magnitude)
    }
    return result
  }

  /// The canonical quoted form of one string (RFC 8259 §7): `"` and `\` escaped, control
  /// characters U+0000...U+001F escaped, everything else (including `/`) as is.
  public static func quoted(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
    return output
  }

  /// Object members in canonical order: by the UTF-8 bytes of the key.
  ///
  /// - Parameter members: The members of an object.
  /// - Returns: The members sorted as ``encode(_:style:)`` writes them.
  public static func sortedMembers(
    _ members: [(key: String, value: JSONValue)]
  ) -> [(key: String, value: JSONValue)] {
    members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }

  private static func write(
    _ value: JSONValue, style: Style, indent: Int, into output: inout String
  ) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number): output += Self.number(number)
    case .string(let string): output += quoted(string)
    case .array(let elements):
      if elements.isEmpty {
        output += "[]"
        return
      }
      output += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output += "," }
        newline(style: style, indent: indent + 1, into: &output)
        write(element, style: style, indent: indent + 1, into: &output)
      }
      newline(style: style, indent: indent, into: &output)
      output += "]"
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      output += "{"
      for (offset, member) in sortedMembers(members).enumerated() {
        if offset > 0 { output += "," }
        newline(style: style, indent: indent + 1, into: &output)
        output += quoted(member.key)
        output += style == .pretty ? " : " : ":"
        write(member.value, style: style, indent: indent + 1, into: &output)
      }
      newline(style: style, indent: indent, into: &output)
      output += "}"
    }
  }

  private static func newline(style: Style, indent: Int, into output: inout String) {
    guard style == .pretty else { return }
    output += "\n" + String(repeating: "  ", count: indent)
  }
}
