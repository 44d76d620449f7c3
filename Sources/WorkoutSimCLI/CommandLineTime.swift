import WorkoutCore

/// Parses a scenario time given on the command line (`--until`, the times in `--keys`).
///
/// Accepted forms (cli spec v1 "run", scenario spec v1 "Times"):
/// - seconds as a plain decimal number: `90`, `12.5` (no sign, no exponent);
/// - `mm:ss`: minutes any whole number, seconds below 60, a fraction allowed (`75:00`, `1:02.5`);
/// - `h:mm:ss`: minutes and seconds below 60 (`1:02:03.5`).
///
/// Unlike a scenario file, a bare number is accepted (a command line has no JSON numbers).
/// The value is rounded to the nearest nanosecond (``SimulationInstant/rounding(seconds:)``).
///
/// - Parameter text: The argument.
/// - Returns: The instant, or a reason the text is not a time (`seconds must be below 60`).
public func parseCommandLineTime(_ text: String) -> Result<SimulationInstant, TimeParseError> {
  let fields = text.split(separator: ":", omittingEmptySubsequences: false)
  guard fields.count <= 3 else {
    return .failure(TimeParseError(text: text, reason: "too many ':'"))
  }
  guard let secondsField = fields.last, let seconds = decimal(secondsField) else {
    return .failure(TimeParseError(text: text, reason: "expected seconds or [h:]mm:ss"))
  }
  if fields.count == 1 {
    return .success(SimulationInstant.rounding(seconds: seconds))
  }
  guard seconds < 60 else {
    return .failure(TimeParseError(text: text, reason: "seconds must be below 60"))
  }
  let wholeFields = fields.dropLast()
  var values: [Int] = []
  for field in wholeFields {
    guard !field.isEmpty, field.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(field)
    else {
      return .failure(TimeParseError(text: text, reason: "expected seconds or [h:]mm:ss"))
    }
    values.append(value)
  }
  var total = seconds
  if values.count == 2 {
    guard values[1] < 60 else {
      return .failure(TimeParseError(text: text, reason: "minutes must be below 60"))
    }
    total += Double(values[0]) * 3600 + Double(values[1]) * 60
  } else {
    total += Double(values[0]) * 60
  }
  return .success(SimulationInstant.rounding(seconds: total))
}

/// Why a command-line time did not parse.
public struct TimeParseError: Error, Sendable, Equatable {
  /// The text as given.
  public var text: String
  /// What would be valid (`seconds must be below 60`).
  public var reason: String

  /// Creates the error.
  public init(text: String, reason: String) {
    self.text = text
    self.reason = reason
  }
}

/// A plain non-negative decimal (`12`, `12.5`, `.5`), or `nil`.
func decimal(_ text: Substring) -> Double? {
  var sawDigit = false
  var sawPoint = false
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
    case UInt8(ascii: "."):
      if sawPoint { return nil }
      sawPoint = true
    default: return nil
    }
  }
  guard sawDigit, let value = Double(String(text)), value.isFinite else { return nil }
  return value
}
