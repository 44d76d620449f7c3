/// The one way numbers are written on the command line (every flag: `--speed`, `--seed`,
/// `--until`, `--keys` times, `--steps`, `--goal`): a JSON number without a sign (RFC 8259 §6,
/// https://www.rfc-editor.org/rfc/rfc8259#section-6), leading zeros allowed: digits, then
/// optionally `.` and digits, then optionally `e` or `E`, an optional `+` or `-`, and digits.
/// `100000`, `2.5`, `1e3`, `1.5E+2` and `007` are numbers; `.5`, `5.`, `+1`, `-1`, `1_000`,
/// `0x10`, `inf`, `nan` and `1e999` (not finite) are not.
public enum NumberText {
  /// The value of `text`, or `nil` when it is not a number of that form or not finite.
  public static func parse(_ text: some StringProtocol) -> Double? {
    let bytes = Array(text.utf8)
    var position = 0
    func digits() -> Bool {
      let start = position
      while position < bytes.count, bytes[position] >= UInt8(ascii: "0"),
        bytes[position] <= UInt8(ascii: "9")
      {
        position += 1
      }
      return position > start
    }
    guard digits() else { return nil }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() else { return nil }
    }
    if position < bytes.count,
      bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() else { return nil }
    }
    guard position == bytes.count, let value = Double(String(text)), value.isFinite else {
      return nil
    }
    return value
  }

  /// Whether `text` has an exponent (`1e3`): such a number is converted through `Double`; one
  /// without is converted exactly from its digits where that matters (times in nanoseconds).
  public static func hasExponent(_ text: some StringProtocol) -> Bool {
    text.utf8.contains(UInt8(ascii: "e")) || text.utf8.contains(UInt8(ascii: "E"))
  }

  /// The whole number `text` names, when it is a number (see ``parse(_:)``) with no fractional
  /// part and within `range` (`1e3` is 1000; `2.5` is not whole).
  public static func wholeNumber(_ text: some StringProtocol, in range: ClosedRange<UInt64>)
    -> UInt64?
  {
    guard let value = parse(text), value == value.rounded(.down), value >= Double(range.lowerBound),
      value <= Double(range.upperBound)
    else { return nil }
    // Doubles hold whole numbers exactly up to 2^53; beyond that the digits decide.
    if value < 9_007_199_254_740_992 { return UInt64(value) }
    guard !hasExponent(text), !text.contains("."), let exact = UInt64(text),
      range.contains(exact)
    else { return nil }
    return exact
  }
}
