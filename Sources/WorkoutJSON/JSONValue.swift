/// A JSON value (RFC 8259) that keeps object members in their written order.
///
/// Used both for strict scenario decoding (where key order and duplicates matter) and for the
/// canonical result encoding (where keys are sorted on output). Numbers are IEEE 754 doubles.
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in written order; keys are unique.
  case object([(key: String, value: JSONValue)])

  /// Compares values structurally; objects compare as key sets, whatever their member order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for member in a {
        guard let other = b.first(where: { $0.key == member.key }), other.value == member.value
        else { return false }
      }
      return true
    default: return false
    }
  }

  /// The member named `key` of an object, or `nil` (also `nil` for non-objects).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }
}
