/// ISO 8601 / RFC 3339 date-time text, the one home of the project's date arithmetic: civil
/// dates in the proleptic Gregorian calendar done with integers (exact, locale-free, no
/// Foundation), the lenient reading the recording readers need and the writing every output
/// uses (the run result, CSV, TCX, GPX; docs/run-result.md#encoding).
///
/// The offset from UTC is a parameter: callers that know a time zone pass its offset at the
/// instant (Foundation's `TimeZone.secondsFromGMT(for:)`).
public enum ISO8601 {
  /// Days from 1970-01-01 to the given civil date (proleptic Gregorian; the era arithmetic of
  /// H. Hinnant, "chrono-Compatible Low-Level Date Algorithms", `days_from_civil`).
  ///
  /// - Parameters:
  ///   - year: Any year (`2026`; `0` is 1 BC).
  ///   - month: 1 to 12.
  ///   - day: 1 to 31 (not checked against the month).
  public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    // Shift the year to start in March so that February's leap day comes last.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count from 1970-01-01 (the inverse of
  /// ``daysSince1970(year:month:day:)``; Hinnant's `civil_from_days`).
  public static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
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

  /// Whether `year` is a Gregorian leap year.
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in `month` (1 to 12) of `year`.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Reads `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh[:mm]]` (`T`, `t` or a space between date and
  /// time; no zone means UTC, as Garmin files mean) into seconds since 1970, leniently as
  /// recordings are written. Returns `nil` for anything else.
  public static func parse(_ text: Substring) -> Double? {
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
      daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
      + second - offset
    return Double(whole) + fraction
  }

  /// The instant `secondsSince1970` rounded to the nearest millisecond (half away from zero):
  /// whole seconds (floored) and the milliseconds 0 to 999; the offset of a time zone is taken
  /// at these whole seconds.
  public static func split(secondsSince1970: Double) -> (wholeSeconds: Int64, milliseconds: Int) {
    let totalMilliseconds = (secondsSince1970 * 1000).rounded(.toNearestOrAwayFromZero)
    let wholeSeconds = (totalMilliseconds / 1000).rounded(.down)
    return (Int64(wholeSeconds), Int(totalMilliseconds - wholeSeconds * 1000))
  }

  /// Writes an instant as a local date-time with its offset: `2026-03-02T07:30:03+01:00`, with
  /// milliseconds only when, rounded to the nearest millisecond, they are not zero
  /// (`…:03.500+01:00`). UTC is written `+00:00`, or `Z` when `utcDesignator` is set (and
  /// `offsetSeconds` is then ignored: TCX and GPX times). An offset with seconds (historical
  /// local mean time) is written `+hh:mm:ss`.
  ///
  /// - Parameters:
  ///   - secondsSince1970: The instant, seconds since 1970-01-01T00:00:00Z.
  ///   - offsetSeconds: The local time's offset from UTC at that instant, seconds east.
  ///   - utcDesignator: Write UTC with `Z`.
  public static func format(
    secondsSince1970: Double, offsetSeconds: Int, utcDesignator: Bool = false
  ) -> String {
    let (whole, milliseconds) = split(secondsSince1970: secondsSince1970)
    let offset = utcDesignator ? 0 : offsetSeconds
    let local = whole + Int64(offset)
    var dayCount = local / 86_400
    var secondOfDay = local % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      dayCount -= 1
    }
    let date = civil(days: Int(dayCount))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    func pad(_ value: Int, _ width: Int) {
      var digits: [UInt8] = []
      var rest = value
      repeat {
        digits.append(UInt8(48 + rest % 10))
        rest /= 10
      } while rest > 0
      for _ in digits.count..<max(width, digits.count) { bytes.append(48) }
      bytes.append(contentsOf: digits.reversed())
    }
    pad(date.year, 4)
    bytes.append(UInt8(ascii: "-"))
    pad(date.month, 2)
    bytes.append(UInt8(ascii: "-"))
    pad(date.day, 2)
    bytes.append(UInt8(ascii: "T"))
    pad(Int(secondOfDay / 3600), 2)
    bytes.append(UInt8(ascii: ":"))
    pad(Int(secondOfDay / 60 % 60), 2)
    bytes.append(UInt8(ascii: ":"))
    pad(Int(secondOfDay % 60), 2)
    if milliseconds != 0 {
      bytes.append(UInt8(ascii: "."))
      pad(milliseconds, 3)
    }
    if utcDesignator {
      bytes.append(UInt8(ascii: "Z"))
    } else {
      let magnitude = offset.magnitude
      bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      pad(Int(magnitude / 3600), 2)
      bytes.append(UInt8(ascii: ":"))
      pad(Int(magnitude % 3600 / 60), 2)
      if magnitude % 60 != 0 {
        bytes.append(UInt8(ascii: ":"))
        pad(Int(magnitude % 60), 2)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
