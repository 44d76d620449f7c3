import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology

/// The `strength` key (docs/scenario-format.md#strength).
extension ScenarioDecoder {
  static let strengthKeys = ["sets"]
  static let strengthSetKeys = ["at", "reps", "repSeconds", "exercise"]

  /// `strength`: `{ "sets": [set, ...] }` with a set `{ "at": time, "reps": n,
  /// "repSeconds": s, "exercise": name }`: `at` (required) when the set starts, `reps`
  /// (required) a whole number from 1 to ``WorkoutPhysiology/StrengthPlan/maximumReps``,
  /// `repSeconds` one rep's time (default 3), `exercise` one of
  /// ``WorkoutPhysiology/StrengthPlan/Exercise`` (default `curl`). The plan's own rules (the
  /// activity, sets in order without overlap) are ``WorkoutPhysiology/StrengthPlan/problem(activity:)``,
  /// which a run applies to a plan set in Swift too.
  func strength(_ value: JSONValue, at path: JSONPath, activity: WorkoutActivityType)
    throws(ScenarioError) -> StrengthPlan
  {
    let fields = try members(
      value, at: path, allowed: Self.strengthKeys,
      expected: "an object with keys \(Self.list(Self.strengthKeys))")
    let setsPath = path.appending(key: "sets")
    guard let setsValue = fields["sets"] else {
      throw missing(
        setsPath,
        "an array of sets such as [{ \"at\": \"0:30\", \"reps\": 10, \"exercise\": \"curl\" }]")
    }
    guard case .array(let elements) = setsValue else {
      throw fail(
        setsPath,
        "\(Self.describe(setsValue)) is not a list of sets (expected an array of at least one set object)"
      )
    }
    var sets: [StrengthPlan.Set] = []
    for (index, element) in elements.enumerated() {
      sets.append(try strengthSet(element, at: setsPath.appending(index: index)))
    }
    let plan = StrengthPlan(sets: sets)
    if let problem = plan.problem(activity: activity) {
      var problemPath = path
      if let set = problem.set { problemPath = setsPath.appending(index: set) }
      if let key = problem.key { problemPath = problemPath.appending(key: key) }
      throw fail(problemPath, problem.message)
    }
    return plan
  }

  private func strengthSet(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> StrengthPlan.Set
  {
    let fields = try members(
      value, at: path, allowed: Self.strengthSetKeys,
      expected: "a set object with keys \(Self.list(Self.strengthSetKeys))")
    let atPath = path.appending(key: "at")
    guard let atValue = fields["at"] else {
      throw missing(atPath, "the set's start, a time such as \"0:30\"")
    }
    let start = try duration(atValue, at: atPath, positive: false)
    let repsPath = path.appending(key: "reps")
    guard let repsValue = fields["reps"] else {
      throw missing(repsPath, "the number of reps, a whole number from 1")
    }
    let maximum = StrengthPlan.maximumReps
    guard case .number(let count) = repsValue, count == count.rounded(), count >= 1,
      count <= Double(maximum)
    else {
      throw fail(
        repsPath,
        "\(Self.describe(repsValue)) is not a number of reps (expected a whole number from 1 to \(maximum))"
      )
    }
    var secondsPerRep = StrengthPlan.defaultSecondsPerRep
    if let value = fields["repSeconds"] {
      let range = StrengthPlan.secondsPerRepRange
      secondsPerRep = try number(
        value, at: path.appending(key: "repSeconds"),
        .within(range.lowerBound, range.upperBound))
    }
    var exercise = StrengthPlan.Exercise.curl
    if let value = fields["exercise"] {
      let text = try choice(
        value, at: path.appending(key: "exercise"), noun: "an exercise the wrist model knows",
        options: StrengthPlan.Exercise.allCases.map(\.name))
      exercise = StrengthPlan.Exercise(rawValue: text) ?? .curl
    }
    return StrengthPlan.Set(
      start: start, reps: Int(count), secondsPerRep: secondsPerRep, exercise: exercise)
  }
}
