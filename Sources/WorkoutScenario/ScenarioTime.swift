import WorkoutCore
import WorkoutJSON

/// Why a time value was rejected; ``message`` is the whole phrase, value first:
/// `"1:75" is not a time (seconds must be below 60)`.
public struct TimeFormatError: Error, Equatable, Sendable {
  /// The phrase, naming the value and what would be valid.
  public var message: String

  /// Creates an error.
  public init(message: String) {
    self.message = message
  }
}

/// Scenario times (docs/scenario-format.md#times): seconds as a JSON number, or a string `mm:ss` or
/// `h:mm:ss`.
///
/// In `mm:ss` the minutes are any whole number (`"75:00"`); in `h:mm:ss` the hours are any whole
/// number and the minutes two digits below 60; the seconds are always two digits below 60 and may
/// carry a fraction (`"1:02:03.5"`). Strings are parsed as exact decimals; numbers are converted
/// with ``SimulationInstant/rounding(seconds:)``. Either way the result is rounded to the nearest
/// nanosecond (ties up) and is at most ``maximumSeconds``.
public enum ScenarioTime {
  /// The largest time accepted, in seconds: 9,000,000,000 (about 285 years; `Int64`
  /// nanoseconds hold up to about 9.22e18).
  public static let maximumSeconds: Int64 = 9_000_000_000

  private static let maximumNanoseconds = maximumSeconds * 1_000_000_000

  /// What the generic refusal expects (a value in no form of a time), in parentheses after the
  /// value: a key that takes more forms names them instead
  /// (``ScenarioDecoder/signedInstant(_:at:start:)``).
  static let expectedForms =
    "expected seconds as a number, or \"mm:ss\" or \"h:mm:ss\", for example 600, \"10:00\" or \"1:02:03.5\""

  /// Decodes a scenario time from its JSON value.
  ///
  /// - Parameter value: a number of seconds (≥ 0) or a `mm:ss` / `h:mm:ss` string.
  /// - Returns: the instant, rounded to the nearest nanosecond.
  /// - Throws: ``TimeFormatError`` for negative numbers, numeric strings (`"90"`), malformed
  ///   strings, values above ``maximumSeconds`` and other JSON types.
  public static func instant(from value: JSONValue) throws(TimeFormatError) -> SimulationInstant {
    switch value {
    case .number(let seconds):
      let shown = ScenarioDecoder.describe(value)
      guard seconds >= 0 else {
        throw TimeFormatError(message: "\(shown) is not a time (times must not be negative)")
      }
      guard seconds <= Double(maximumSeconds) else {
        throw TimeFormatError(
          message: "\(shown) is not a time (at most \(maximumSeconds) seconds)")
      }
      return SimulationInstant.rounding(seconds: seconds)
    case .string(let text):
      return try parse(text, allowPlainSeconds: false)
    default:
      throw TimeFormatError(
        message: "\(ScenarioDecoder.describe(value)) is not a time (\(expectedForms))")
    }
  }

  /// Parses a time written as text: `mm:ss`, `h:mm:ss` and, when `allowPlainSeconds` is true
  /// (command-line values such as `--until 90`), seconds as a number of ``NumberText``'s form
  /// (`90`, `90.5`, `1e3`; without an exponent converted exactly from the digits).
  ///
  /// - Parameters:
  ///   - text: the time.
  ///   - allowPlainSeconds: whether a bare decimal number of seconds is accepted.
  /// - Returns: the instant, rounded to the nearest nanosecond.
  /// - Throws: ``TimeFormatError`` naming the text and the rule it breaks.
  public static func parse(_ text: String, allowPlainSeconds: Bool) throws(TimeFormatError)
    -> SimulationInstant
  {
    let shown = JSONPath.quoted(text)
    func failure(_ reason: String) -> TimeFormatError {
      TimeFormatError(message: "\(shown) is not a time (\(reason))")
    }
    if text.hasPrefix("-") { throw failure("times must not be negative") }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 1 {
      if allowPlainSeconds, NumberText.hasExponent(text), let seconds = NumberText.parse(text) {
        guard seconds <= Double(maximumSeconds) else {
          throw failure("at most \(maximumSeconds) seconds")
        }
        return SimulationInstant.rounding(seconds: seconds)
      }
      if let nanoseconds = decimalSeconds(text) {
        guard allowPlainSeconds else {
          throw failure("a number of seconds is written without quotes: \(text)")
        }
        guard nanoseconds <= maximumNanoseconds else {
          throw failure("at most \(maximumSeconds) seconds")
        }
        return SimulationInstant(nanoseconds: nanoseconds)
      }
      throw failure(
        allowPlainSeconds ? "expected seconds, \"mm:ss\" or \"h:mm:ss\"" : expectedForms)
    }
    guard parts.count <= 3, isDigits(parts[0]) else {
      throw failure(
        allowPlainSeconds ? "expected seconds, \"mm:ss\" or \"h:mm:ss\"" : expectedForms)
    }
    let leading = parts[0]
    var minutes: Int64 = 0
    var hours: Int64 = 0
    // Whole hours (h:mm:ss) or minutes (mm:ss); more than 11 digits is beyond the maximum anyway.
    guard leading.count <= 11, let leadingValue = Int64(leading) else {
      throw failure("at most \(maximumSeconds) seconds")
    }
    if parts.count == 3 {
      hours = leadingValue
      let middle = parts[1]
      guard isDigits(middle) else { throw failure(expectedForms) }
      guard middle.count == 2, let value = Int64(middle) else {
        throw failure("minutes in h:mm:ss are two digits, for example \"1:05:00\"")
      }
      guard value < 60 else { throw failure("minutes must be below 60") }
      minutes = value
    } else {
      minutes = leadingValue
    }
    let last = parts[parts.count - 1]
    let secondsParts = last.split(separator: ".", omittingEmptySubsequences: false).map(
      String.init)
    guard secondsParts.count <= 2, isDigits(secondsParts[0]),
      secondsParts.count == 1 || isDigits(secondsParts[1])
    else { throw failure(expectedForms) }
    guard secondsParts[0].count == 2, let seconds = Int64(secondsParts[0]) else {
      throw failure("seconds are two digits, for example \"1:05\"")
    }
    guard seconds < 60 else { throw failure("seconds must be below 60") }
    let fraction = secondsParts.count == 2 ? fractionNanoseconds(secondsParts[1]) : 0
    let wholeSeconds = hours * 3600 + minutes * 60 + seconds
    guard wholeSeconds < maximumSeconds || (wholeSeconds == maximumSeconds && fraction == 0)
    else { throw failure("at most \(maximumSeconds) seconds") }
    return SimulationInstant(nanoseconds: wholeSeconds * 1_000_000_000 + fraction)
  }

  /// Whether `text` is one or more ASCII digits.
  static func isDigits(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The nanoseconds of a fraction's digits (`"5"` → 500,000,000), rounded to the nearest
  /// nanosecond with ties up (the 10th digit decides); `1_000_000_000` when `.9999999995` rounds
  /// up to a whole second.
  static func fractionNanoseconds(_ digits: String) -> Int64 {
    var value: Int64 = 0
    var count = 0
    var roundUp = false
    for byte in digits.utf8 {
      let digit = Int64(byte - UInt8(ascii: "0"))
      if count < 9 {
        value = value * 10 + digit
      } else if count == 9 {
        roundUp = digit >= 5
      }
      count += 1
    }
    while count < 9 {
      value *= 10
      count += 1
    }
    return value + (roundUp ? 1 : 0)
  }

  /// Plain decimal seconds (`90`, `90.5`) as nanoseconds, or `nil` if `text` is not of that form
  /// or is far beyond the maximum.
  static func decimalSeconds(_ text: String) -> Int64? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count <= 2, isDigits(parts[0]), parts.count == 1 || isDigits(parts[1]) else {
      return nil
    }
    guard parts[0].count <= 11, let whole = Int64(parts[0]), whole <= maximumSeconds else {
      return Int64.max
    }
    let fraction = parts.count == 2 ? fractionNanoseconds(parts[1]) : 0
    return whole * 1_000_000_000 + fraction
  }
}
