import Foundation

/// An instant as an ISO 8601 local date-time with the numeric offset of `timeZone` at that
/// instant (docs/run-result.md#encoding): `2026-03-02T07:30:03+01:00`, with milliseconds only
/// when, rounded to the nearest millisecond, they are not zero: `2026-03-02T07:30:03.500+01:00`.
///
/// UTC is written `+00:00` (the spec's examples all use numeric offsets). The calendar fields
/// come from Foundation's Gregorian `Calendar` in `timeZone` and the offset from
/// `TimeZone.secondsFromGMT(for:)`, so daylight saving time is that zone's rule at that instant.
/// An offset with seconds (historical local mean time) is written `+hh:mm:ss`.
///
/// - Parameters:
///   - secondsSince1970: The instant, seconds since 1970-01-01T00:00:00Z.
///   - timeZone: The zone whose wall clock and offset to show.
/// - Returns: The text.
public func formatDate(secondsSince1970: Double, timeZone: TimeZone) -> String {
  let totalMilliseconds = (secondsSince1970 * 1000).rounded(.toNearestOrAwayFromZero)
  let wholeSeconds = (totalMilliseconds / 1000).rounded(.down)
  let milliseconds = Int(totalMilliseconds - wholeSeconds * 1000)
  let date = Date(timeIntervalSince1970: wholeSeconds)
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = timeZone
  let fields = calendar.dateComponents(
    [.year, .month, .day, .hour, .minute, .second], from: date)
  var text =
    pad(fields.year ?? 0, 4) + "-" + pad(fields.month ?? 0, 2) + "-"
    + pad(fields.day ?? 0, 2) + "T" + pad(fields.hour ?? 0, 2) + ":" + pad(fields.minute ?? 0, 2)
    + ":" + pad(fields.second ?? 0, 2)
  if milliseconds != 0 { text += "." + pad(milliseconds, 3) }
  let offset = timeZone.secondsFromGMT(for: date)
  text +=
    (offset < 0 ? "-" : "+") + pad(offset.magnitude / 3600, 2) + ":"
    + pad(offset.magnitude % 3600 / 60, 2)
  if offset.magnitude % 60 != 0 { text += ":" + pad(offset.magnitude % 60, 2) }
  return text
}

/// An instant as ISO 8601 with the offset of `timeZone`; see
/// ``formatDate(secondsSince1970:timeZone:)``.
public func formatDate(_ date: Date, timeZone: TimeZone) -> String {
  formatDate(secondsSince1970: date.timeIntervalSince1970, timeZone: timeZone)
}

private func pad(_ value: some BinaryInteger, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width
    ? digits : String(repeating: "0", count: width - digits.count) + digits
}
