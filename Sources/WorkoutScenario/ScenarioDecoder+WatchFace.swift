import WorkoutCore
import WorkoutJSON

/// The watch-face keys (docs/scenario-format.md#the-watch-face): `selector`, `goals`, `today`, and
/// the `crown` action.
extension ScenarioDecoder {
  static let selectorKeys = ["items", "continuous", "sensitivity"]
  static let ringKeys = ["activeEnergyBurned", "appleExerciseTime", "stepCount"]

  /// `selector`: `{ "items": [activity, ...], "continuous": bool, "sensitivity": "high" }`.
  /// Items must be activity names, at least one, without repeats.
  func selector(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Scenario.Selector {
    let fields = try members(
      value, at: path, allowed: Self.selectorKeys,
      expected: "an object with keys \(Self.list(Self.selectorKeys))")
    var selector = Scenario.Selector()
    if let value = fields["items"] {
      let itemsPath = path.appending(key: "items")
      guard case .array(let elements) = value, !elements.isEmpty else {
        throw fail(
          itemsPath,
          "\(Self.describe(value)) is not a list of activities (expected a non-empty array such as [\"running\", \"walking\"])"
        )
      }
      var items: [WorkoutActivityType] = []
      for (index, element) in elements.enumerated() {
        let item = try activity(element, at: itemsPath.appending(index: index))
        guard !items.contains(item) else {
          throw fail(
            itemsPath.appending(index: index),
            "\(Self.describe(element)) is listed twice (each activity once)")
        }
        items.append(item)
      }
      selector.items = items
    }
    if let value = fields["continuous"] {
      selector.continuous = try bool(value, at: path.appending(key: "continuous"))
    }
    if let value = fields["sensitivity"] {
      let text = try choice(
        value, at: path.appending(key: "sensitivity"), noun: "a crown sensitivity",
        options: Scenario.Selector.Sensitivity.allCases.map(\.rawValue))
      selector.sensitivity = Scenario.Selector.Sensitivity(rawValue: text) ?? .high
    }
    return selector
  }

  /// `goals` or `today`: `{ "activeEnergyBurned": kcal, "appleExerciseTime": time,
  /// "stepCount": count }`, each key replacing the one in `defaults`. Goals must be above zero;
  /// today's amounts may be zero.
  func ringAmounts(
    _ value: JSONValue, at path: JSONPath, defaults: Scenario.RingAmounts, goals: Bool
  ) throws(ScenarioError) -> Scenario.RingAmounts {
    let fields = try members(
      value, at: path, allowed: Self.ringKeys,
      expected: "an object with keys \(Self.list(Self.ringKeys))")
    var amounts = defaults
    let rule: NumberRule = goals ? .aboveZero : .atLeastZero
    if let value = fields["activeEnergyBurned"] {
      amounts.activeEnergyBurned = try number(
        value, at: path.appending(key: "activeEnergyBurned"), rule)
    }
    if let value = fields["appleExerciseTime"] {
      amounts.appleExerciseTime = try duration(
        value, at: path.appending(key: "appleExerciseTime"), positive: goals)
    }
    if let value = fields["stepCount"] {
      let count = try number(value, at: path.appending(key: "stepCount"), rule)
      guard count == count.rounded() else {
        throw fail(
          path.appending(key: "stepCount"),
          "\(Self.describe(value)) is not a whole number (expected a step count)")
      }
      amounts.stepCount = count
    }
    return amounts
  }

  /// The `by` of a `crown` action: a finite number of strides, not zero, at most one million
  /// either way.
  func crownStrides(_ fields: [String: JSONValue], at path: JSONPath) throws(ScenarioError)
    -> Double
  {
    guard let value = fields["by"] else {
      throw missing(path.appending(key: "by"), "the rotation in items, for example 1 or -2.5")
    }
    let strides = try number(value, at: path.appending(key: "by"), .within(-1_000_000, 1_000_000))
    guard strides != 0 else {
      throw fail(
        path.appending(key: "by"),
        "0 is out of range (expected a rotation other than zero, in items, for example 1 or -2.5)")
    }
    return strides
  }

  /// Reads `selector`, `goals` and `today` from the top-level fields into `scenario`.
  func watchFace(_ fields: [String: JSONValue], into scenario: inout Scenario)
    throws(ScenarioError)
  {
    if let value = fields["selector"] {
      scenario.selector = try selector(value, at: JSONPath.root.appending(key: "selector"))
    }
    if let value = fields["goals"] {
      scenario.goals = try ringAmounts(
        value, at: JSONPath.root.appending(key: "goals"), defaults: .defaultGoals, goals: true)
    }
    if let value = fields["today"] {
      scenario.today = try ringAmounts(
        value, at: JSONPath.root.appending(key: "today"), defaults: .zero, goals: false)
    }
  }
}
