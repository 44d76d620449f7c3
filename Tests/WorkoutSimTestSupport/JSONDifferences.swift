import WorkoutJSON

/// Compares JSON values, numbers within 1e-9 relative (the `check` command's tolerance), and
/// returns every difference with its path (empty when they agree).
public func differences(_ actual: JSONValue, _ expected: JSONValue, path: String = "")
  -> [String]
{
  switch (actual, expected) {
  case (.number(let a), .number(let e)):
    return abs(a - e) <= 1e-9 * max(abs(a), abs(e), 1) ? [] : ["\(path): \(a) != \(e)"]
  case (.array(let a), .array(let e)):
    guard a.count == e.count else { return ["\(path): \(a.count) elements != \(e.count)"] }
    return zip(a, e).enumerated().flatMap { differences($1.0, $1.1, path: "\(path)[\($0)]") }
  case (.object(let a), .object(let e)):
    let keys = Set(a.map(\.key)).union(e.map(\.key)).sorted()
    return keys.flatMap { key -> [String] in
      switch (actual[key], expected[key]) {
      case (let x?, let y?): return differences(x, y, path: path + "." + key)
      case (nil, _): return ["\(path).\(key): missing"]
      case (_, nil): return ["\(path).\(key): unexpected"]
      }
    }
  default:
    return actual == expected ? [] : ["\(path): \(actual) != \(expected)"]
  }
}

/// An object with members in the order written.
public func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
  .object(members.map { (key: $0.key, value: $0.value) })
}
