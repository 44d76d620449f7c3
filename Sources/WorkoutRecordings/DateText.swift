import Foundation

/// ISO 8601 / XML Schema `dateTime` text for the readers and writers, done with integer
/// calendar arithmetic (proleptic Gregorian calendar) so that it is exact, locale-free and
/// fast.
enum DateText {
  /// Seconds between 1970-01-01T00:00:00Z and the FIT epoch 1989-12-31T00:00:00Z
  /// (7 303 days × 86 400 s), from the FIT protocol's `date_time` definition.
  static let fitEpoch: Double = 631_065_600

  /// Days from 1970-01-01 to the given civil date.
  static func days(year: Int, month: Int, day: Int) -> Int {
    // Shift the year to start in March so that February's leap day comes last.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count from 1970-01-01.
  static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Parses `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm]` (no zone means UTC, as Garmin files
  /// mean) into seconds since 1970. Returns `nil` for anything else.
  static func parse(_ text: Substring) -> Double? {
    let b = Array(text.utf8)
    func number(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= b.count else { return nil }
      var value = 0
      for i in from..<(from + count) {
        guard b[i] >= 48 && b[i] <= 57 else { return nil }
        value = value * 10 + Int(b[i] - 48)
      }
      return value
    }
    guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116 || b[10] == 32,
      b[13] == 58, b[16] == 58,
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < b.count && b[index] == 46 {
      index += 1
      var scale = 0.1
      let start = index
      while index < b.count && b[index] >= 48 && b[index] <= 57 {
        fraction += Double(b[index] - 48) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if index < b.count {
      if b[index] == 90 || b[index] == 122 {
        index += 1
      } else if b[index] == 43 || b[index] == 45 {
        let sign = b[index] == 45 ? -1 : 1
        guard let oh = number(index + 1, 2) else { return nil }
        var om = 0
        if index + 3 < b.count {
          let colon = b[index + 3] == 58 ? 1 : 0
          guard let m = number(index + 3 + colon, 2) else { return nil }
          om = m
          index += 3 + colon + 2
        } else {
          index += 3
        }
        offset = sign * (oh * 3600 + om * 60)
      } else {
        return nil
      }
    }
    guard index == b.count else { return nil }
    let whole =
      days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
      + second - offset
    return Double(whole) + fraction
  }

  /// Formats seconds since 1970 as ISO 8601 with the offset of `timeZone` at that instant:
  /// `2026-03-02T07:30:03+01:00`, with milliseconds (rounded) only when not zero
  /// (`…:03.500+01:00`), and `Z` instead of `+00:00` when `utcDesignator` is set (TCX, GPX).
  static func format(_ seconds: Double, timeZone: TimeZone, utcDesignator: Bool = false) -> String {
    var millis = Int64((seconds * 1000).rounded())
    let offset =
      utcDesignator ? 0 : timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    millis += Int64(offset) * 1000
    var wholeSeconds = millis / 1000
    var milli = millis % 1000
    if milli < 0 {
      milli += 1000
      wholeSeconds -= 1
    }
    var dayCount = wholeSeconds / 86_400
    var secondOfDay = wholeSeconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      dayCount -= 1
    }
    let date = civil(days: Int(dayCount))
    var text = pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2) + "T"
    text += pad(Int(secondOfDay / 3600), 2) + ":" + pad(Int(secondOfDay / 60 % 60), 2) + ":"
    text += pad(Int(secondOfDay % 60), 2)
    if milli != 0 { text += "." + pad(Int(milli), 3) }
    if utcDesignator {
      text += "Z"
    } else {
      let sign = offset < 0 ? "-" : "+"
      let magnitude = abs(offset)
      text += sign + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
    }
    return text
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
