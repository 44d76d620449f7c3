import WorkoutJSON

/// One expectation from a scenario's `expect` list: a selector and a comparison
/// (docs/scenario-format.md#checks).
public struct Check: Sendable, Equatable {
  /// Which value of the run result the check reads.
  public var selector: Selector
  /// What the value must satisfy.
  public var comparison: Comparison
  /// Where the check sits in the scenario file, for messages (`"expect[2]"`).
  public var location: String

  /// Creates a check.
  public init(selector: Selector, comparison: Comparison, location: String) {
    self.selector = selector
    self.comparison = comparison
    self.location = location
  }

  /// A top-level array of the run result that a selector reads.
  public enum Collection: String, Sendable, Equatable, CaseIterable {
    /// `records`: finished workout records.
    case records
    /// `probes`: live-value snapshots.
    case probes
    /// `errors`: failed calls.
    case errors
    /// `log`: everything that happened.
    case log
  }

  /// A selector.
  public enum Selector: Sendable, Equatable {
    /// `{ "record" | "probe" | "error" | "log": index, "path": p }`: the value at the dotted path
    /// `p` (with `[i]` array indexes, for example `events[0].type`) inside element `index`.
    case element(Collection, index: Int, path: String)
    /// `{ "count": collection, "where": {...}, "except": {...} }`: the number of elements whose
    /// members equal every member of `where` (all elements when `where` is empty), less those
    /// whose members also equal every member of `except` (none when `except` is empty). `except`
    /// states an invariant that faults may break in a known way: the errors of the app's calls
    /// made while it was not running (docs/scenario-format.md#checks, docs/explore.md).
    case count(Collection, where: [String: JSONValue], except: [String: JSONValue] = [:])
  }

  /// A comparison.
  public enum Comparison: Sendable, Equatable {
    /// `"equals": value`: numbers equal within 1e-9 relative, other values exactly.
    case equals(JSONValue)
    /// `"between": [low, high]`: a number within the inclusive range.
    case between(Double, Double)
    /// `"absent": true`: the selected value does not exist.
    case absent
  }
}
