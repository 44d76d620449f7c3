import WorkoutJSON
import WorkoutScenario

/// The outcome of one check against a run result.
public enum CheckOutcome: Sendable, Equatable {
  /// The value satisfied the comparison.
  case passed
  /// It did not; the failure says what was read, what was expected and what was found.
  case failed(CheckFailure)
}

/// A failed check: the selector, the expected and the actual value (docs/scenario-format.md#checks:
/// "A failed check prints the selector, the expected and the actual value").
public struct CheckFailure: Sendable, Equatable {
  /// Where the check sits in the scenario file (`expect[2]`).
  public var location: String
  /// The selector as a path into the result (`records[0].statistics.heartRate.average`,
  /// `count(errors where {"action":"pause"})`).
  public var selector: String
  /// The expectation (`equals "running"`, `between 140 and 150`, `absent`).
  public var expected: String
  /// The value found, as compact JSON, or `absent`.
  public var actual: String

  /// Creates a failure.
  public init(location: String, selector: String, expected: String, actual: String) {
    self.location = location
    self.selector = selector
    self.expected = expected
    self.actual = actual
  }

  /// `expect[2]: records[0].duration: expected between 740 and 750, actual 747.5`.
  public var message: String {
    "\(location): \(selector): expected \(expected), actual \(actual)"
  }
}

/// Evaluates one check against a run result (docs/scenario-format.md#checks).
///
/// - Element selectors read `result[collection][index]` and then the dotted path (`a.b[0].c`);
///   a missing collection, an index out of range, a missing member or a path through a
///   non-container all mean the value is absent.
/// - `count` counts the elements of the collection (0 when it is missing) whose value at each
///   `where` key (read as a dotted path, so a plain member name works) equals the given value;
///   a `where` or `except` key no element of the collection can have fails the check
///   (``WorkoutScenario/Check/conditionError``; the decoder refuses it first).
/// - `equals`: numbers are equal when `|a - b| <= 1e-9 × max(|a|, |b|)` (relative; so 0 only
///   equals 0), applied inside arrays and objects too; everything else must be identical (a
///   string never equals a number or a boolean, however it reads: a failure of `"1680"`
///   against 1680 names both types, ``lookAlikeKinds(_:_:)``), and an absent value never
///   equals.
/// - `between [low, high]`: a number with `low <= x <= high`.
/// - `absent`: passes exactly when the value does not exist (`null` exists) inside an element
///   that does; an element index past the end fails every comparison.
///
/// - Parameters:
///   - check: The check.
///   - result: The run result document.
/// - Returns: ``CheckOutcome/passed`` or the failure.
public func evaluate(_ check: Check, in result: JSONValue) -> CheckOutcome {
  let selected: JSONValue?
  let selectorText: String
  switch check.selector {
  case .element(let collection, let index, let path):
    selectorText = describeElement(collection: collection, index: index, path: path)
    if let components = parseCheckPath(path) {
      // A missing element fails every comparison, `absent` included: `{ "record": 5, ... }`
      // on a run with one record is a mistake in the check, not an absent value.
      guard let chosen = element(of: result, collection: collection, index: index) else {
        let count = elements(of: result, collection: collection).count
        return .failed(
          CheckFailure(
            location: check.location, selector: selectorText, expected: describe(check.comparison),
            actual: "no \(collection.rawValue)[\(index)] (the run has \(count))"))
      }
      selected = jsonValue(at: components, in: chosen)
    } else {
      return .failed(
        CheckFailure(
          location: check.location, selector: selectorText, expected: describe(check.comparison),
          actual: "invalid path '\(path)'"))
    }
  case .count(let collection, let conditions, let exceptions):
    selectorText = describeCount(
      collection: collection, conditions: conditions, exceptions: exceptions)
    // A check the decoder and the initializer did not see (`scenario.expect` set afterwards):
    // a key no element has fails here rather than counting 0.
    if let error = check.conditionError {
      return .failed(
        CheckFailure(
          location: check.location, selector: selectorText, expected: describe(check.comparison),
          actual: "invalid \(error.word) key \(JSONPath.quoted(error.key)): \(error.message)"))
    }
    guard
      let count = countElements(
        of: result, collection: collection, where: conditions, except: exceptions)
    else {
      return .failed(
        CheckFailure(
          location: check.location, selector: selectorText, expected: describe(check.comparison),
          actual: exceptions.isEmpty ? "invalid path in where" : "invalid path in where or except"))
    }
    selected = .number(Double(count))
  }
  let passed: Bool
  switch check.comparison {
  case .equals(let expected): passed = selected.map { jsonValuesMatch($0, expected) } ?? false
  case .between(let low, let high):
    if case .number(let number)? = selected {
      passed = low <= number && number <= high
    } else {
      passed = false
    }
  case .absent: passed = selected == nil
  }
  if passed { return .passed }
  var actual = selected.map { JSONWriter.encode($0, style: .compact) } ?? "absent"
  if case .equals(let expected) = check.comparison, let selected,
    let kinds = lookAlikeKinds(selected, expected)
  {
    // `"1680"` against 1680 prints the same twice: say the types differ (new-user trial 27).
    return .failed(
      CheckFailure(
        location: check.location, selector: selectorText,
        expected: "equals the \(kinds.expected) \(JSONWriter.encode(expected, style: .compact))",
        actual:
          "the \(kinds.actual) \(actual) (a JSON string never equals a number or a boolean)"))
  }
  if selected == nil, case .element(let collection, let index, let path) = check.selector,
    let components = parseCheckPath(path),
    let chosen = element(of: result, collection: collection, index: index),
    let hint = missingMemberHint(components, in: chosen)
  {
    actual += " (\(hint))"
  }
  return .failed(
    CheckFailure(
      location: check.location, selector: selectorText, expected: describe(check.comparison),
      actual: actual))
}

/// Where `components` stops leading anywhere inside `root`, when it is at a member an object
/// lacks: `no member "statistcs"; did you mean "statistics"?` (the closest member by the
/// scenario reader's rule for unknown keys), or `no member "x" (members: a, b)` for up to
/// eight members. `nil` when the path fails elsewhere (an index out of range, a path through a
/// number).
func missingMemberHint(_ components: [CheckPathComponent], in root: JSONValue) -> String? {
  var current = root
  for component in components {
    switch (component, current) {
    case (.member(let name), .object(let members)):
      guard let next = current[name] else {
        let keys = members.map(\.key)
        if let close = closestName(to: name, among: keys) {
          return "no member \"\(name)\"; did you mean \"\(close)\"?"
        }
        guard keys.count <= 8 else { return "no member \"\(name)\"" }
        return "no member \"\(name)\" (members: \(keys.joined(separator: ", ")))"
      }
      current = next
    case (.index(let index), .array(let elements)) where elements.indices.contains(index):
      current = elements[index]
    default: return nil
    }
  }
  return nil
}

/// The kinds of two values that differ in type and would read alike in a failure: a string
/// against a number its text parses as (`"1680"` and 1680, `"1680.0"` and 1680), or against
/// the boolean it spells (`"true"` and `true`); `nil` otherwise. `equals` never matches them
/// (docs/scenario-format.md#checks: strings must be equal), and the failure names both kinds.
func lookAlikeKinds(_ actual: JSONValue, _ expected: JSONValue) -> (
  actual: String, expected: String
)? {
  func kind(_ value: JSONValue) -> String? {
    switch value {
    case .string: "string"
    case .number: "number"
    case .bool: "boolean"
    default: nil
    }
  }
  func alike(_ text: String, _ other: JSONValue) -> Bool {
    switch other {
    case .number(let number): Double(text).map { numbersMatch($0, number) } ?? false
    case .bool(let flag): text == (flag ? "true" : "false")
    default: false
    }
  }
  switch (actual, expected) {
  case (.string(let text), _) where alike(text, expected),
    (_, .string(let text)) where alike(text, actual):
    guard let a = kind(actual), let e = kind(expected) else { return nil }
    return (a, e)
  default: return nil
  }
}

/// Whether two numbers are equal within 1e-9 relative: `|a - b| <= 1e-9 × max(|a|, |b|)`.
public func numbersMatch(_ a: Double, _ b: Double) -> Bool {
  if a == b { return true }
  return (a - b).magnitude <= 1e-9 * max(a.magnitude, b.magnitude)
}

/// Structural equality with ``numbersMatch(_:_:)`` for numbers at any depth; objects compare as
/// key sets.
public func jsonValuesMatch(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
  switch (actual, expected) {
  case (.number(let a), .number(let b)): return numbersMatch(a, b)
  case (.array(let a), .array(let b)):
    return a.count == b.count && zip(a, b).allSatisfy { jsonValuesMatch($0, $1) }
  case (.object(let a), .object(let b)):
    guard a.count == b.count else { return false }
    return b.allSatisfy { member in
      a.first(where: { $0.key == member.key }).map { jsonValuesMatch($0.value, member.value) }
        ?? false
    }
  default: return actual == expected
  }
}

/// One step of a check path.
public enum CheckPathComponent: Sendable, Equatable {
  /// An object member (`statistics`).
  case member(String)
  /// An array index (`[0]`).
  case index(Int)
}

/// Parses a dotted path with array indexes (`events[0].type`, `statistics.heartRate.average`,
/// `samples.heartRate[3][1]`); the empty path selects the element itself.
///
/// - Returns: The components, or `nil` for a malformed path (an empty member name, an
///   unclosed or non-numeric index).
public func parseCheckPath(_ path: String) -> [CheckPathComponent]? {
  var components: [CheckPathComponent] = []
  if path.isEmpty { return components }
  let segments = path.split(separator: ".", omittingEmptySubsequences: false)
  for (position, segment) in segments.enumerated() {
    guard !segment.isEmpty else { return nil }
    let nameEnd = segment.firstIndex(of: "[") ?? segment.endIndex
    let name = segment[..<nameEnd]
    // Only the first segment may start with an index (`[0].type` inside an array element).
    if name.isEmpty && position > 0 { return nil }
    if !name.isEmpty { components.append(.member(String(name))) }
    var rest = segment[nameEnd...]
    while !rest.isEmpty {
      guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
      let digits = rest[rest.index(after: rest.startIndex)..<close]
      guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
        let index = Int(digits)
      else { return nil }
      components.append(.index(index))
      rest = rest[rest.index(after: close)...]
    }
  }
  return components
}

/// The value at `components` inside `root`, or `nil` where the path leads nowhere.
public func jsonValue(at components: [CheckPathComponent], in root: JSONValue) -> JSONValue? {
  var current = root
  for component in components {
    switch (component, current) {
    case (.member(let name), .object):
      guard let next = current[name] else { return nil }
      current = next
    case (.index(let index), .array(let elements)):
      guard elements.indices.contains(index) else { return nil }
      current = elements[index]
    default: return nil
    }
  }
  return current
}

private func elements(of result: JSONValue, collection: Check.Collection) -> [JSONValue] {
  guard case .array(let elements)? = result[collection.rawValue] else { return [] }
  return elements
}

private func element(of result: JSONValue, collection: Check.Collection, index: Int)
  -> JSONValue?
{
  let all = elements(of: result, collection: collection)
  return all.indices.contains(index) ? all[index] : nil
}

/// The number of elements of `collection` that match every member of `conditions` and not
/// every member of `exceptions` (an empty `exceptions` excludes nothing); `nil` for a key that
/// is not a path.
private func countElements(
  of result: JSONValue, collection: Check.Collection, where conditions: [String: JSONValue],
  except exceptions: [String: JSONValue]
) -> Int? {
  guard let included = parsedConditions(conditions),
    let excluded = parsedConditions(exceptions)
  else { return nil }
  return elements(of: result, collection: collection).filter { element in
    matches(element, included) && (excluded.isEmpty || !matches(element, excluded))
  }.count
}

/// The members of a `where` or `except` object with their keys as paths; `nil` for a key that
/// is not a path.
private func parsedConditions(_ conditions: [String: JSONValue])
  -> [(path: [CheckPathComponent], value: JSONValue)]?
{
  var parsed: [(path: [CheckPathComponent], value: JSONValue)] = []
  for (key, expected) in conditions {
    guard let path = parseCheckPath(key), !path.isEmpty else { return nil }
    parsed.append((path, expected))
  }
  return parsed
}

/// Whether `element` has every one of `conditions`' values at its path.
private func matches(
  _ element: JSONValue, _ conditions: [(path: [CheckPathComponent], value: JSONValue)]
) -> Bool {
  conditions.allSatisfy { condition in
    jsonValue(at: condition.path, in: element).map { jsonValuesMatch($0, condition.value) }
      ?? false
  }
}

func describeElement(collection: Check.Collection, index: Int, path: String) -> String {
  let base = "\(collection.rawValue)[\(index)]"
  if path.isEmpty { return base }
  return path.hasPrefix("[") ? base + path : base + "." + path
}

/// `count(errors)`, `count(errors where {"action":"pause"})`,
/// `count(errors except {"message":"The app is not running"})`: each object's members sorted
/// by key, so the text does not depend on the dictionary's order.
func describeCount(
  collection: Check.Collection, conditions: [String: JSONValue],
  exceptions: [String: JSONValue] = [:]
) -> String {
  var text = "count(\(collection.rawValue)"
  for (word, members) in [("where", conditions), ("except", exceptions)] where !members.isEmpty {
    let sorted = members.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
    text += " \(word) " + JSONWriter.encode(.object(sorted), style: .compact)
  }
  return text + ")"
}

func describe(_ comparison: Check.Comparison) -> String {
  switch comparison {
  case .equals(let value): "equals " + JSONWriter.encode(value, style: .compact)
  case .between(let low, let high):
    "between \(JSONWriter.number(low)) and \(JSONWriter.number(high))"
  case .absent: "absent"
  }
}

/// The selector of `check` as text (`records[0].duration`, `count(errors where {...})`).
public func describeSelector(_ check: Check) -> String {
  switch check.selector {
  case .element(let collection, let index, let path):
    describeElement(collection: collection, index: index, path: path)
  case .count(let collection, let conditions, let exceptions):
    describeCount(collection: collection, conditions: conditions, exceptions: exceptions)
  }
}

/// The whole check as text, used to name it in reports:
/// `expect[0]: records[0].activityType equals "running"`.
public func describeCheck(_ check: Check) -> String {
  "\(check.location): \(describeSelector(check)) \(describe(check.comparison))"
}
