import Foundation
import WorkoutJSON
import WorkoutText

/// Parses the scenario's `start`: an RFC 3339 `date-time` (the ISO 8601 profile JSON Schema's
/// `date-time` format names), `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and `Z` in either
/// case (RFC 3339 §5.6, https://www.rfc-editor.org/rfc/rfc3339#section-5.6).
///
/// The calendar arithmetic is done here, exactly, in whole seconds (days from the civil date in
/// the proleptic Gregorian calendar), rather than with a date formatter, so every field can be
/// checked and named in the message and the result does not depend on the platform's formatter.
/// A leap second (`:60`) is rejected: the virtual clock has none.
enum WallClockParser {
  static let example = "\"2026-03-02T07:30:00+01:00\""

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  static func parse(_ text: String) throws(TimeFormatError) -> Scenario.WallClockDate {
    let shown = "\(JSONPath.quoted(text))"
    func failure(_ reason: String) -> TimeFormatError {
      TimeFormatError(message: "\(shown) is not a date-time (\(reason))")
    }
    let generic = "expected ISO 8601 with a UTC offset, for example \(example)"
    let bytes = Array(text.utf8)
    var position = 0
    func digits(_ count: Int) -> Int? {
      guard position + count <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<count {
        let byte = bytes[position + offset]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      position += count
      return value
    }
    func expect(_ characters: String) -> Bool {
      guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
      position += 1
      return true
    }
    guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), expect("Tt"), let hour = digits(2), expect(":"),
      let minute = digits(2), expect(":"), let second = digits(2)
    else { throw failure(generic) }
    var fraction = 0.0
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      let start = position
      while position < bytes.count, bytes[position] >= UInt8(ascii: "0"),
        bytes[position] <= UInt8(ascii: "9")
      {
        position += 1
      }
      guard position > start else { throw failure(generic) }
      fraction = Double("0." + String(decoding: bytes[start..<position], as: UTF8.self)) ?? 0
    }
    guard position < bytes.count else {
      throw failure("it has no UTC offset: add \"Z\" or an offset such as \"+01:00\"")
    }
    var offsetSeconds = 0
    if expect("Zz") {
      offsetSeconds = 0
    } else {
      let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
      guard expect("+-"), let offsetHours = digits(2), expect(":"),
        let offsetMinutes = digits(2)
      else { throw failure(generic) }
      guard offsetHours < 24, offsetMinutes < 60 else {
        throw failure("the UTC offset must be below 24:00")
      }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    }
    guard position == bytes.count else { throw failure(generic) }
    guard (1...12).contains(month) else { throw failure("the month must be 01 to 12") }
    let length = daysIn(month: month, year: year)
    guard (1...length).contains(day) else {
      throw failure("\(monthNames[month - 1]) \(year) has \(length) days")
    }
    guard hour < 24 else { throw failure("the hour must be below 24") }
    guard minute < 60 else { throw failure("the minute must be below 60") }
    guard second < 60 else { throw failure("the second must be below 60") }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Scenario.WallClockDate(
      date: Date(timeIntervalSince1970: Double(seconds) + fraction),
      utcOffsetSeconds: offsetSeconds, text: text)
  }

  static func daysIn(month: Int, year: Int) -> Int { ISO8601.daysIn(month: month, year: year) }

  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    ISO8601.daysSince1970(year: year, month: month, day: day)
  }
}
