import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// Messages and the generic readers every key uses: objects with allowed keys, numbers with
/// their rule, booleans, strings, choices, activities, instants, durations and spans.
extension ScenarioDecoder {
  // MARK: Messages

  func fail(_ path: JSONPath, _ message: String) -> ScenarioError {
    ScenarioError(fileName: fileName, kind: .invalid(path: path.description), message: message)
  }

  /// A value as shown in messages: scalars as JSON (`"1:75"`, `-1`, `true`), containers by kind.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return format(number)
    case .string(let text): return JSONPath.quoted(text)
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// A number as written: whole numbers up to 2^53 without a fraction (`600`), others in Swift's
  /// shortest round-trip form (`2.8`, `1e+20`).
  static func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }

  static func list(_ names: [String]) -> String {
    names.joined(separator: ", ")
  }

  // MARK: Generic readers

  /// The members of an object after rejecting unknown keys (`x-` keys are skipped everywhere,
  /// `$schema` at the top level).
  func members(
    _ value: JSONValue, at path: JSONPath, allowed: [String], expected: String,
    allowSchema: Bool = false
  ) throws(ScenarioError) -> [String: JSONValue] {
    guard case .object(let pairs) = value else {
      throw fail(path, "\(Self.describe(value)) is not an object (expected \(expected))")
    }
    var result: [String: JSONValue] = [:]
    for (key, member) in pairs {
      if key.hasPrefix("x-") { continue }
      if allowSchema && key == "$schema" {
        guard case .string = member else {
          throw fail(
            path.appending(key: key),
            "\(Self.describe(member)) is not a string (expected the path or URL of the JSON Schema)"
          )
        }
        continue
      }
      guard allowed.contains(key) else {
        var message = "unknown key (expected one of \(Self.list(allowed)))"
        if let close = closestName(to: key, among: allowed) {
          message += "; did you mean \(JSONPath.quoted(close))?"
        }
        throw fail(path.appending(key: key), message)
      }
      if result[key] == nil { result[key] = member }
    }
    return result
  }

  func missing(_ path: JSONPath, _ expected: String) -> ScenarioError {
    fail(path, "required key is missing (expected \(expected))")
  }

  enum NumberRule {
    case aboveZero
    case atLeastZero
    case within(Double, Double)

    /// Within a closed range.
    static func within(_ range: ClosedRange<Double>) -> NumberRule {
      .within(range.lowerBound, range.upperBound)
    }

    var text: String {
      switch self {
      case .aboveZero: "a number above 0"
      case .atLeastZero: "a number from 0 up"
      case .within(let low, let high):
        "a number from \(ScenarioDecoder.format(low)) to \(ScenarioDecoder.format(high))"
      }
    }

    func accepts(_ value: Double) -> Bool {
      switch self {
      case .aboveZero: value > 0
      case .atLeastZero: value >= 0
      case .within(let low, let high): value >= low && value <= high
      }
    }
  }

  func number(_ value: JSONValue, at path: JSONPath, _ rule: NumberRule) throws(ScenarioError)
    -> Double
  {
    guard case .number(let number) = value else {
      throw fail(path, "\(Self.describe(value)) is not a number (expected \(rule.text))")
    }
    guard rule.accepts(number) else {
      throw fail(path, "\(Self.describe(value)) is out of range (expected \(rule.text))")
    }
    return number
  }

  func bool(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Bool {
    guard case .bool(let flag) = value else {
      throw fail(path, "\(Self.describe(value)) is not true or false")
    }
    return flag
  }

  func string(_ value: JSONValue, at path: JSONPath, expected: String) throws(ScenarioError)
    -> String
  {
    guard case .string(let text) = value else {
      throw fail(path, "\(Self.describe(value)) is not a string (expected \(expected))")
    }
    return text
  }

  /// A time zone name a scenario may write (`timeZone`, a timeline `timeZone` action's zone,
  /// `health.trip.timeZone`): refused by ``TimeZoneName``'s rule with the region to write
  /// (`"Asia/Tokio"`, `"Tokyo"`, `"JST"`: did you mean `"Asia/Tokyo"`?).
  func timeZoneName(_ value: JSONValue, at path: JSONPath, expected: String) throws(ScenarioError)
    -> String
  {
    let name = try string(value, at: path, expected: expected)
    guard let problem = TimeZoneName.problem(name) else { return name }
    throw fail(path, "\(Self.describe(value)) " + problem)
  }

  /// A string that must be one of `options`; `noun` names what it should be (`"an activity"`).
  func choice(_ value: JSONValue, at path: JSONPath, noun: String, options: [String])
    throws(ScenarioError) -> String
  {
    guard case .string(let text) = value, options.contains(text) else {
      throw fail(
        path, "\(Self.describe(value)) is not \(noun) (expected one of \(Self.list(options)))")
    }
    return text
  }

  func activity(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> WorkoutActivityType
  {
    // Every HKWorkoutActivityType case name but underwaterDiving: too many to list, so the
    // message names a few and the closest one.
    if case .string("underwaterDiving") = value {
      throw fail(
        path,
        "\"underwaterDiving\" is not an activity a workout session accepts (HealthKit refuses a"
          + " session of it)")
    }
    guard case .string(let text) = value, let activity = WorkoutActivityType(name: text) else {
      var message =
        "\(Self.describe(value)) is not an activity (expected an HKWorkoutActivityType case name"
        + " such as running, walking, cycling, swimming or tennis; every one in"
        + " docs/activity-types.md)"
      if case .string(let text) = value {
        let close = closestNames(to: text, among: Self.activityNames)
        if !close.isEmpty {
          message += "; did you mean \(close.map(JSONPath.quoted).joined(separator: " or "))?"
        }
      }
      throw fail(path, message)
    }
    return activity
  }

  func instant(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> SimulationInstant {
    do {
      return try ScenarioTime.instant(from: value)
    } catch {
      throw fail(path, error.message)
    }
  }

  /// A time used as a duration; `positive` demands it be above zero.
  func duration(_ value: JSONValue, at path: JSONPath, positive: Bool) throws(ScenarioError)
    -> Duration
  {
    let time = try instant(value, at: path)
    if positive && time.nanoseconds == 0 {
      // A positive number that rounds to no time at all: say why, not "above zero".
      if case .number(let seconds) = value, seconds > 0 {
        throw fail(
          path,
          "\(Self.describe(value)) is shorter than 1 nanosecond, the resolution of scenario "
            + "times, so it rounds to zero (expected a time of at least 0.000000001)")
      }
      throw fail(path, "\(Self.describe(value)) is out of range (expected a time above zero)")
    }
    return .nanoseconds(time.nanoseconds)
  }

  /// `{ "from": t, "to": t }` with `to` after `from`.
  func span(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Range<SimulationInstant>
  {
    let fields = try members(
      value, at: path, allowed: ["from", "to"],
      expected: "{ \"from\": time, \"to\": time }")
    guard let fromValue = fields["from"] else {
      throw missing(path.appending(key: "from"), "a time, for example 300 or \"5:00\"")
    }
    guard let toValue = fields["to"] else {
      throw missing(path.appending(key: "to"), "a time after \"from\"")
    }
    let from = try instant(fromValue, at: path.appending(key: "from"))
    let to = try instant(toValue, at: path.appending(key: "to"))
    guard to > from else {
      throw fail(
        path.appending(key: "to"),
        "\(Self.describe(toValue)) is out of range (expected a time after \"from\", \(Self.describe(fromValue)))"
      )
    }
    return from..<to
  }
}
