import WorkoutCore
import WorkoutJSON
import WorkoutPhysiology

/// The `swim` key (docs/scenario-format.md#swim).
extension ScenarioDecoder {
  static let swimKeys = ["location", "lapLength", "sets"]
  static let swimSetKeys = ["lengths", "distance", "stroke", "pace", "distancePerStroke", "rest"]

  /// The most lengths a swim may have: 100 000 (2500 km of a 25 m pool), so that a typo cannot
  /// ask for billions of events.
  static let maximumSwimLengths = 100_000

  /// A pool's `lapLength` at `path` for a swim at `location`, in metres: a number above 0 and
  /// at most 10000; open water has none (the one rule of a swim's `lapLength` and a swimming
  /// leg's `beginActivity` `lapLength`, docs/scenario-format.md#swim).
  func poolLength(_ value: JSONValue, at path: JSONPath, location: SwimPlan.Location)
    throws(ScenarioError) -> Double
  {
    guard location == .pool else {
      throw fail(path, "open water has no lap length: remove \"lapLength\"")
    }
    let expected =
      "the pool's length in metres, above 0 and at most 10000, for example 25 or 50"
    guard case .number(let metres) = value else {
      throw fail(path, "\(Self.describe(value)) is not a number (expected \(expected))")
    }
    guard metres > 0, metres <= 10_000 else {
      throw fail(path, "\(Self.describe(value)) is out of range (expected \(expected))")
    }
    return metres
  }

  /// `swim`: `{ "location": "pool" | "openWater", "lapLength": m, "sets": [set, ...] }` with a set
  /// `{ "lengths": n | "distance": m, "stroke": style, "pace": time per 100 m,
  /// "distancePerStroke": m, "rest": time }`. A swim needs `"activity": "swimming"` and makes the
  /// course itself, so `course` must be absent. In a pool a set gives `lengths` (a whole number
  /// from 1) and `lapLength` (metres above 0, default 25) is the pool; in open water a set gives
  /// `distance` (metres above 0) and there is no `lapLength`.
  func swim(_ value: JSONValue, at path: JSONPath, activity: WorkoutActivityType, hasCourse: Bool)
    throws(ScenarioError) -> SwimPlan
  {
    let fields = try members(
      value, at: path, allowed: Self.swimKeys,
      expected: "an object with keys \(Self.list(Self.swimKeys))")
    guard activity == .swimming else {
      // A multisport workout's swimming leg: say what can be written instead (trial 25).
      let instead =
        activity == .swimBikeRun
        ? ": a swimBikeRun workout's swimming leg is not a swim's sets; remove \"swim\", give the leg as \"course\" segments (its duration and speed) and begin it with {\"do\": \"beginActivity\", \"activity\": \"swimming\", \"swimmingLocationType\": \"pool\", \"lapLength\": 25} in the timeline (or \"openWater\" without \"lapLength\"): the watch counts the pool's lengths on the course until the next beginActivity"
        : ""
      throw fail(
        path,
        "a swim needs \"activity\": \"swimming\" (the scenario's activity is \(JSONPath.quoted(activity.name)))\(instead)"
      )
    }
    guard !hasCourse else {
      throw fail(
        path,
        "a swim makes its own course from its sets: remove the scenario's \"course\" key")
    }
    var location = SwimPlan.Location.pool
    if let value = fields["location"] {
      let text = try choice(
        value, at: path.appending(key: "location"), noun: "a swimming location",
        options: SwimPlan.Location.allCases.map(\.name))
      location = text == "pool" ? .pool : .openWater
    }
    var lapLength = location == .pool ? 25.0 : 0
    if let value = fields["lapLength"] {
      lapLength = try poolLength(
        value, at: path.appending(key: "lapLength"), location: location)
    }
    let setsPath = path.appending(key: "sets")
    guard let setsValue = fields["sets"] else {
      throw missing(
        setsPath, "an array of sets such as [{ \"lengths\": 40, \"stroke\": \"freestyle\" }]")
    }
    guard case .array(let elements) = setsValue else {
      throw fail(
        setsPath,
        "\(Self.describe(setsValue)) is not a list of sets (expected an array of at least one set object)"
      )
    }
    guard !elements.isEmpty else {
      throw fail(setsPath, "the swim has no sets (expected at least one set object)")
    }
    var sets: [SwimPlan.Set] = []
    var lengths = 0
    for (index, element) in elements.enumerated() {
      let set = try swimSet(
        element, at: setsPath.appending(index: index), location: location, lapLength: lapLength)
      lengths += set.lengths
      guard lengths <= Self.maximumSwimLengths else {
        throw fail(
          setsPath.appending(index: index).appending(key: "lengths"),
          "the swim has more than \(Self.maximumSwimLengths) lengths (expected fewer)")
      }
      sets.append(set)
    }
    return SwimPlan(location: location, lapLength: lapLength, sets: sets)
  }

  /// The keys other than `enabled` of `sensors`' `distanceSwimming` and `swimmingStrokeCount`
  /// entries, as (type, key), in file order.
  static func perLengthSensorKeys(_ sensors: [(key: String, value: JSONValue)]) -> [(
    String, String
  )] {
    var keys: [(String, String)] = []
    for (name, value) in sensors
    where name == QuantityType.distanceSwimming.rawValue
      || name == QuantityType.swimmingStrokeCount.rawValue
    {
      guard case .object(let settings) = value else { continue }
      for (key, _) in settings where key != "enabled" { keys.append((name, key)) }
    }
    return keys
  }

  private func swimSet(
    _ value: JSONValue, at path: JSONPath, location: SwimPlan.Location, lapLength: Double
  ) throws(ScenarioError) -> SwimPlan.Set {
    let fields = try members(
      value, at: path, allowed: Self.swimSetKeys,
      expected: "a set object with keys \(Self.list(Self.swimSetKeys))")
    var lengths = 0
    var distance: Double
    switch location {
    case .pool:
      let lengthsPath = path.appending(key: "lengths")
      if fields["distance"] != nil {
        throw fail(
          path.appending(key: "distance"),
          "a pool set counts lengths: give \"lengths\" instead of \"distance\"")
      }
      guard let value = fields["lengths"] else {
        throw missing(lengthsPath, "the number of pool lengths, a whole number from 1")
      }
      guard case .number(let count) = value, count == count.rounded(), count >= 1,
        count <= Double(Self.maximumSwimLengths)
      else {
        throw fail(
          lengthsPath,
          "\(Self.describe(value)) is not a number of lengths (expected a whole number from 1 to \(Self.maximumSwimLengths))"
        )
      }
      lengths = Int(count)
      distance = Double(lengths) * lapLength
    case .openWater:
      let distancePath = path.appending(key: "distance")
      if fields["lengths"] != nil {
        throw fail(
          path.appending(key: "lengths"),
          "open water has no lengths: give \"distance\" in metres instead")
      }
      guard let value = fields["distance"] else {
        throw missing(distancePath, "the set's distance in metres, above 0")
      }
      distance = try number(value, at: distancePath, .within(0, 1_000_000))
      guard distance > 0 else {
        throw fail(
          distancePath, "\(Self.describe(value)) is out of range (expected metres above 0)")
      }
    }
    var stroke = SwimmingStrokeStyle.freestyle
    if let value = fields["stroke"] {
      let names = SwimmingStrokeStyle.allCases.map(\.name)
      let text = try choice(
        value, at: path.appending(key: "stroke"), noun: "a stroke style", options: names)
      stroke = SwimmingStrokeStyle(name: text) ?? .freestyle
    }
    var pace = 120.0
    if let value = fields["pace"] {
      let pacePath = path.appending(key: "pace")
      pace = try duration(value, at: pacePath, positive: true).secondsValue
      guard pace >= 20 else {
        throw fail(
          pacePath,
          "\(Self.describe(value)) per 100 m is faster than any swimmer (expected a time per 100 m of at least 20 s, for example \"2:00\")"
        )
      }
    }
    var distancePerStroke: Double?
    if let value = fields["distancePerStroke"] {
      distancePerStroke = try number(
        value, at: path.appending(key: "distancePerStroke"), .within(0, 10))
    }
    var rest = Duration.zero
    if let value = fields["rest"] {
      rest = try duration(value, at: path.appending(key: "rest"), positive: false)
    }
    return SwimPlan.Set(
      distance: distance, lengths: lengths, stroke: stroke, secondsPer100m: pace,
      distancePerStroke: distancePerStroke, restAfter: rest)
  }
}
