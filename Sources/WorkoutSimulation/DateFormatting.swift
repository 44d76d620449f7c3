import Foundation
import WorkoutText

/// An instant as an ISO 8601 local date-time with the numeric offset of `timeZone` at that
/// instant (docs/run-result.md#encoding): `2026-03-02T07:30:03+01:00`, with milliseconds only
/// when, rounded to the nearest millisecond, they are not zero: `2026-03-02T07:30:03.500+01:00`.
///
/// UTC is written `+00:00` (the spec's examples all use numeric offsets). The offset comes from
/// `TimeZone.secondsFromGMT(for:)` at the instant's whole second, so daylight saving time is
/// that zone's rule at that instant; the calendar arithmetic is ``ISO8601``'s.
/// An offset with seconds (historical local mean time) is written `+hh:mm:ss`.
///
/// - Parameters:
///   - secondsSince1970: The instant, seconds since 1970-01-01T00:00:00Z.
///   - timeZone: The zone whose wall clock and offset to show.
/// - Returns: The text.
public func formatDate(secondsSince1970: Double, timeZone: TimeZone) -> String {
  let whole = ISO8601.split(secondsSince1970: secondsSince1970).wholeSeconds
  let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(whole)))
  return ISO8601.format(secondsSince1970: secondsSince1970, offsetSeconds: offset)
}

/// An instant as ISO 8601 with the offset of `timeZone`; see
/// ``formatDate(secondsSince1970:timeZone:)``.
public func formatDate(_ date: Date, timeZone: TimeZone) -> String {
  formatDate(secondsSince1970: date.timeIntervalSince1970, timeZone: timeZone)
}
