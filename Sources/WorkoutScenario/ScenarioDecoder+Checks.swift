import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `expect` key: checks, their selectors and comparisons (docs/scenario-format.md).
extension ScenarioDecoder {
  // MARK: Checks

  static let elementSelectors: [(key: String, collection: Check.Collection)] = [
    ("record", .records), ("probe", .probes), ("error", .errors), ("log", .log),
  ]

  func checks(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> [Check] {
    guard case .array(let elements) = value else {
      throw fail(
        path,
        "\(Self.describe(value)) is not an array (expected checks such as [{ \"count\": \"errors\", \"equals\": 0 }])"
      )
    }
    var checks: [Check] = []
    for (index, element) in elements.enumerated() {
      checks.append(try check(element, at: path.appending(index: index)))
    }
    return checks
  }

  func check(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Check {
    let selectorKeys = ["record", "probe", "error", "log", "count"]
    let comparisonKeys = ["equals", "between", "absent"]
    let keys = selectorKeys + ["path", "where", "except"] + comparisonKeys
    let fields = try members(
      value, at: path, allowed: keys,
      expected: "a check such as { \"record\": 0, \"path\": \"duration\", \"equals\": 747 }")
    let selectors = selectorKeys.filter { fields[$0] != nil }
    guard selectors.count == 1, let selectorKey = selectors.first else {
      throw fail(
        path,
        selectors.isEmpty
          ? "a check needs a selector (one of \(Self.list(selectorKeys)))"
          : "a check has one selector, not \(selectors.count) (\(selectors.joined(separator: " and ")))"
      )
    }
    let selector: Check.Selector
    if selectorKey == "count" {
      let countPath = path.appending(key: "count")
      let text = try choice(
        fields["count"] ?? .null, at: countPath, noun: "a result collection",
        options: Check.Collection.allCases.map(\.rawValue))
      guard let collection = Check.Collection(rawValue: text) else {
        preconditionFailure("collection \(text) is listed but unknown")
      }
      if fields["path"] != nil {
        throw fail(
          path.appending(key: "path"),
          "not allowed with \"count\" (a path goes with record, probe, error or log)")
      }
      selector = .count(
        collection, where: try conditions(fields["where"], at: path.appending(key: "where")),
        except: try conditions(fields["except"], at: path.appending(key: "except")))
    } else {
      guard
        let collection = Self.elementSelectors.first(where: { $0.key == selectorKey })?
          .collection
      else { preconditionFailure("selector \(selectorKey) has no collection") }
      let indexPath = path.appending(key: selectorKey)
      let indexValue = fields[selectorKey] ?? .null
      guard case .number(let index) = indexValue, index == index.rounded(), index >= 0,
        index < 1e9
      else {
        throw fail(
          indexPath,
          "\(Self.describe(indexValue)) is not an index (expected a whole number from 0)")
      }
      for key in ["where", "except"] where fields[key] != nil {
        throw fail(path.appending(key: key), "only allowed with \"count\"")
      }
      guard let pathValue = fields["path"] else {
        throw missing(
          path.appending(key: "path"),
          "a dotted path into the \(selectorKey), for example \"statistics.heartRate.average\"")
      }
      let valuePath = try string(
        pathValue, at: path.appending(key: "path"),
        expected: "a dotted path such as \"events[0].type\"")
      guard Self.isValidValuePath(valuePath) else {
        throw fail(
          path.appending(key: "path"),
          "\(JSONPath.quoted(valuePath)) is not a path (expected keys joined by dots with [index] after a key, for example \"events[0].type\")"
        )
      }
      selector = .element(collection, index: Int(index), path: valuePath)
    }
    let comparisons = comparisonKeys.filter { fields[$0] != nil }
    guard comparisons.count == 1, let comparisonKey = comparisons.first else {
      throw fail(
        path,
        comparisons.isEmpty
          ? "a check needs a comparison (one of \(Self.list(comparisonKeys)))"
          : "a check has one comparison, not \(comparisons.count) (\(comparisons.joined(separator: " and ")))"
      )
    }
    let comparison: Check.Comparison
    let comparisonValue = fields[comparisonKey] ?? .null
    let comparisonPath = path.appending(key: comparisonKey)
    switch comparisonKey {
    case "equals":
      comparison = .equals(comparisonValue)
    case "between":
      guard case .array(let bounds) = comparisonValue, bounds.count == 2 else {
        let what: String
        switch comparisonValue {
        case .array(let bounds):
          what = "an array of \(bounds.count) element\(bounds.count == 1 ? "" : "s")"
        default:
          what = Self.describe(comparisonValue)
        }
        throw fail(comparisonPath, "\(what) is not a range (expected [low, high], two numbers)")
      }
      // The element that is not a number is named by its index (`between[1]`).
      var numbers: [Double] = []
      for (index, bound) in bounds.enumerated() {
        guard case .number(let number) = bound else {
          throw fail(
            comparisonPath.appending(index: index),
            "\(Self.describe(bound)) is not a number (expected [low, high], two numbers)")
        }
        numbers.append(number)
      }
      let (low, high) = (numbers[0], numbers[1])
      guard low <= high else {
        throw fail(
          comparisonPath,
          "[\(Self.format(low)), \(Self.format(high))] is not a range (expected low <= high)")
      }
      comparison = .between(low, high)
    default:
      guard comparisonValue == .bool(true) else {
        throw fail(
          comparisonPath, "\(Self.describe(comparisonValue)) is not allowed (expected true)")
      }
      comparison = .absent
    }
    let check = Check(selector: selector, comparison: comparison, location: path.description)
    if let error = check.conditionError { throw fail(error.path(in: path), error.message) }
    return check
  }

  /// A count's `where` or `except` object (`value` at `path`) as its members; `[:]` when the
  /// key is absent. A key starting with `x-` is ignored, as at every level of the file; the
  /// other keys are checked against the collection's members by the caller
  /// (``Check/conditionError``).
  private func conditions(_ value: JSONValue?, at path: JSONPath) throws(ScenarioError)
    -> [String: JSONValue]
  {
    guard let value else { return [:] }
    guard case .object(let pairs) = value else {
      throw fail(
        path,
        "\(Self.describe(value)) is not an object (expected keys and the values they must equal, for example { \"action\": \"pause\" })"
      )
    }
    var conditions: [String: JSONValue] = [:]
    for (key, member) in pairs where !key.hasPrefix("x-") { conditions[key] = member }
    return conditions
  }

  /// Whether `text` is a dotted value path: names (no `.`, `[`, `]`) joined by dots, each
  /// followed by zero or more `[digits]`.
  static func isValidValuePath(_ text: String) -> Bool {
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(part)
      let bracket = rest.firstIndex(of: "[") ?? rest.endIndex
      let name = rest[..<bracket]
      guard !name.isEmpty, !name.contains("]") else { return false }
      rest = rest[bracket...]
      while !rest.isEmpty {
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return false }
        let digits = rest[rest.index(after: rest.startIndex)..<close]
        guard ScenarioTime.isDigits(String(digits)) else { return false }
        rest = rest[rest.index(after: close)...]
      }
    }
    return true
  }
}
