extension Scenario.WallClockDate {
  /// Parses an RFC 3339 `date-time` as the scenario's `start` and its dated health samples are
  /// written: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`
  /// (https://www.rfc-editor.org/rfc/rfc3339#section-5.6), for command-line values such as
  /// the example's `fitness-tracker-phone --at 2026-06-10T23:59:00+02:00`
  /// (docs/phone.md#fitness-tracker-phone).
  ///
  /// - Parameter text: the date-time.
  /// - Returns: the instant with the offset it was written with, and `text`.
  /// - Throws: ``TimeFormatError`` naming the text and the field that is wrong
  ///   (`"2026-02-30T10:00:00Z" is not a date-time (...)`).
  public static func parse(_ text: String) throws(TimeFormatError) -> Scenario.WallClockDate {
    try WallClockParser.parse(text)
  }
}
