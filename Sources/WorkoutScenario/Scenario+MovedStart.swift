import Foundation
import WorkoutCore
import WorkoutJSON

extension Scenario {
  /// The keys whose values may be absolute date-times read against the start (the decoder's
  /// signed instants: a sample's `start`, `end`, `savedAt`, a dose's `at`, `scheduledAt`, a
  /// span's `from`, `to`).
  static let dateTimeKeys: Set<String> = [
    "start", "end", "savedAt", "at", "scheduledAt", "from", "to",
  ]

  /// The scenario with its start moved to `newStart`, everything else keeping its place on the
  /// scenario's clock (what the `dst` fault does, docs/explore.md#faults): instants from
  /// `t = 0` (timeline, spans, samples, doses, which a date-time in the file became when it was
  /// read) stay where they are, and the calendar dates read against the start's local date,
  /// `health.trip.date` and `athlete.dateOfBirth`, move by as many whole local days as the
  /// start's local date moved (``localDaysMoved(to:)``), so a trip still begins on the same day
  /// of the run and the person keeps their age.
  public func movingStart(to newStart: WallClockDate) -> Scenario {
    var moved = self
    let days = localDaysMoved(to: newStart)
    moved.start = newStart
    moved.startsNow = false
    if days != 0 {
      if let trip = health?.trip, let date = Self.civilDate(trip.date, plus: days) {
        moved.health?.trip?.date = date
      }
      if let birth = characteristics.dateOfBirth,
        let date = Self.civilDate(birth.text, plus: days),
        let parts = Self.civilParts(date)
      {
        moved.characteristics.dateOfBirth = Characteristics.BirthDate(
          year: parts.year, month: parts.month, day: parts.day)
      }
    }
    return moved
  }

  /// The scenario file `document` (what this scenario was decoded from) with `start` set to
  /// `newStart` and everything keeping its place as ``movingStart(to:)`` keeps it: every
  /// date-time under a key that takes one (``dateTimeKeys``) rewritten as seconds from `t = 0`
  /// as it was read against the old start, and `health.trip.date` and `athlete.dateOfBirth`
  /// moved by the same whole local days. Decoded again, it is ``movingStart(to:)``'s scenario.
  public func movingStart(of document: JSONValue, to newStart: WallClockDate) -> JSONValue {
    let days = localDaysMoved(to: newStart)
    let origin = fixedStart
    func rewrite(_ value: JSONValue, key: String?) -> JSONValue {
      switch value {
      case .object(let members):
        return .object(members.map { ($0.key, rewrite($0.value, key: $0.key)) })
      case .array(let elements):
        return .array(elements.map { rewrite($0, key: key) })
      case .string(let text):
        guard let key, Self.dateTimeKeys.contains(key), let origin,
          text.contains("T") || text.contains("t"),
          let date = try? WallClockParser.parse(text)
        else { return value }
        return .number(date.date.timeIntervalSince(origin))
      default:
        return value
      }
    }
    guard case .object(let members) = document else { return document }
    var result: [(key: String, value: JSONValue)] = []
    var wroteStart = false
    for (key, value) in members {
      switch key {
      case "start":
        result.append((key, .string(newStart.text ?? "")))
        wroteStart = true
      case "health", "athlete":
        var child = rewrite(value, key: nil)
        let path = key == "health" ? ["trip", "date"] : ["dateOfBirth"]
        if days != 0 { child = Self.movingCivilDate(in: child, at: path[...], by: days) }
        result.append((key, child))
      default:
        result.append((key, rewrite(value, key: nil)))
      }
    }
    if !wroteStart { result.append(("start", .string(newStart.text ?? ""))) }
    return .object(result)
  }

  /// The whole local days, in ``timeZone``, from the start's local date to `newStart`'s.
  public func localDaysMoved(to newStart: WallClockDate) -> Int {
    guard let origin = fixedStart, let zone = TimeZone(identifier: timeZone) else { return 0 }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.dateComponents(
      [.day], from: calendar.startOfDay(for: origin), to: calendar.startOfDay(for: newStart.date)
    ).day ?? 0
  }

  /// The date of `t = 0` when the file fixes it: `start`, or the default start of a course of
  /// segments; `nil` for `"now"` and a replayed recording without `start`.
  var fixedStart: Date? {
    if startsNow { return nil }
    if let start { return start.date }
    if case .segments = course { return Self.defaultStart.date }
    return nil
  }

  /// `text` (`YYYY-MM-DD`) moved by `days` whole days, or `nil` when it is no date.
  static func civilDate(_ text: String, plus days: Int) -> String? {
    guard let parts = civilParts(text) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    guard
      let date = calendar.date(
        from: DateComponents(year: parts.year, month: parts.month, day: parts.day)),
      let moved = calendar.date(byAdding: .day, value: days, to: date)
    else { return nil }
    let out = calendar.dateComponents([.year, .month, .day], from: moved)
    return Characteristics.BirthDate(year: out.year ?? 0, month: out.month ?? 0, day: out.day ?? 0)
      .text
  }

  /// The year, month and day of `YYYY-MM-DD`.
  static func civilParts(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2])
    else { return nil }
    return (year, month, day)
  }

  /// `value` with the `YYYY-MM-DD` string at `path` moved by `days`, when there is one.
  static func movingCivilDate(in value: JSONValue, at path: ArraySlice<String>, by days: Int)
    -> JSONValue
  {
    guard let key = path.first, case .object(let members) = value else {
      if case .string(let text) = value, let moved = civilDate(text, plus: days) {
        return .string(moved)
      }
      return value
    }
    return .object(
      members.map { member in
        member.key == key
          ? (member.key, movingCivilDate(in: member.value, at: path.dropFirst(), by: days))
          : member
      })
  }
}
