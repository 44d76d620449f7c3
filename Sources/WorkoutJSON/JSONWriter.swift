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
    String(decoding: encodedBytes(value, style: style), as: UTF8.self)
  }

  /// Encodes `value` canonically as UTF-8 bytes, without a trailing newline (through
  /// ``JSONBuffer``).
  ///
  /// - Parameters:
  ///   - value: The value to encode. Must not contain non-finite numbers.
  ///   - style: ``Style/pretty`` (the default) or ``Style/compact``.
  public static func encodedBytes(_ value: JSONValue, style: Style = .pretty) -> [UInt8] {
    var buffer = JSONBuffer(style: style)
    buffer.value(value)
    return buffer.bytes
  }

  /// The canonical text of one number: the shortest round-tripping decimal in ECMAScript
  /// `Number::toString` layout (see ``JSONWriter``), `-0` written `0`.
  ///
  /// - Precondition: `number` is finite.
  public static func number(_ number: Double) -> String {
    var bytes = ByteStorage(capacity: 32)
    appendNumber(number, to: &bytes)
    return String(decoding: bytes.array, as: UTF8.self)
  }

  /// The canonical quoted form of one string (RFC 8259 §7): `"` and `\` escaped, control
  /// characters U+0000...U+001F escaped, everything else (including `/`) as is.
  public static func quoted(_ string: String) -> String {
    var text = string
    var bytes = ByteStorage(capacity: text.utf8.count + 2)
    text.withUTF8 { appendQuoted($0, to: &bytes) }
    return String(decoding: bytes.array, as: UTF8.self)
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
}
