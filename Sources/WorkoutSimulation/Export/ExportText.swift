import Foundation
import WorkoutCore
import WorkoutJSON
import WorkoutText

/// XML text escaping for element content and attribute values.
func xmlEscaped(_ text: String) -> String {
  var output = ""
  for character in text {
    switch character {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "\"": output += "&quot;"
    default: output.append(character)
    }
  }
  return output
}

/// A number as the shortest round-tripping decimal with `.` (locale-free, JSONWriter's form).
func decimal(_ value: Double) -> String { JSONWriter.number(value) }

/// An instant as ISO 8601 in the export's zone (CSV) or in UTC with `Z` (TCX, GPX).
func isoDate(_ secondsSince1970: Double, timeZone: TimeZoneSchedule, utc: Bool = false)
  -> String
{
  let whole = ISO8601.split(secondsSince1970: secondsSince1970).wholeSeconds
  let offset = utc ? 0 : timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(whole)))
  return ISO8601.format(
    secondsSince1970: secondsSince1970, offsetSeconds: offset, utcDesignator: utc)
}
