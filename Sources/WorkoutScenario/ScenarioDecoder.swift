import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

extension Scenario {
  /// Reads, parses and validates the scenario file at `url`.
  ///
  /// - Parameters:
  ///   - url: a file URL.
  ///   - displayName: how messages name the file; default: the path as given
  ///     (`url.relativePath`, for example `Scenarios/Hills.json`).
  /// - Returns: the scenario with defaults applied; its `name` defaults to the file name without
  ///   extension and its ``sourceURL`` is `url`.
  /// - Throws: ``ScenarioError`` with kind `.cannotOpen` (missing, a folder, a FIFO, a device, a
  ///   symlink loop, unreadable: ``WorkoutFiles/InputFileProblem``; exit 66),
  ///   or any error of ``decode(_:fileName:sourceURL:)-([UInt8],_,_)`` (exit 65).
  public static func load(contentsOf url: URL, displayName: String? = nil) throws(ScenarioError)
    -> Scenario
  {
    let fileName = displayName ?? (url.isFileURL ? url.relativePath : url.absoluteString)
    func cannotOpen(_ reason: String) -> ScenarioError {
      ScenarioError(
        fileName: fileName, kind: .cannotOpen, message: "cannot open the file (\(reason))")
    }
    switch InputFile.read(path: url.path) {
    case .success(let bytes):
      return try decode(bytes, fileName: fileName, sourceURL: url)
    case .failure(.folder):
      throw cannotOpen("it is a folder, not a scenario file")
    case .failure(let problem):
      throw cannotOpen(problem.reason)
    }
  }

  /// Parses and validates a scenario held in memory (see ``decode(_:fileName:sourceURL:)-([UInt8],_,_)``).
  ///
  /// - Parameters:
  ///   - data: the file's bytes, UTF-8.
  ///   - fileName: how messages name the file; also gives the default `name`.
  ///   - sourceURL: the file's URL, if any, kept in ``sourceURL``.
  /// - Returns: the scenario.
  /// - Throws: ``ScenarioError`` (syntax, invalid, unsupportedVersion).
  public static func decode(_ data: Data, fileName: String, sourceURL: URL? = nil)
    throws(ScenarioError) -> Scenario
  {
    try decode([UInt8](data), fileName: fileName, sourceURL: sourceURL)
  }

  /// Parses (strict JSON, ``JSONParser``) and validates a scenario.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes, UTF-8.
  ///   - fileName: how messages name the file; the default `name` is its last path component
  ///     without extension.
  ///   - sourceURL: the file's URL, if any, kept in ``sourceURL``.
  /// - Returns: the scenario.
  /// - Throws: ``ScenarioError``: `.syntax(line:column:)` for JSON errors, `.unsupportedVersion`
  ///   for `version` above 1, `.invalid(path:)` for every other violation of the format.
  public static func decode(_ bytes: [UInt8], fileName: String, sourceURL: URL? = nil)
    throws(ScenarioError) -> Scenario
  {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw ScenarioError(
        fileName: fileName, kind: .syntax(line: error.line, column: error.column),
        message: error.message)
    }
    return try decode(value, fileName: fileName, sourceURL: sourceURL)
  }

  /// Validates an already parsed scenario document (for callers that built or parsed the value
  /// themselves; duplicate keys must have been rejected by then).
  ///
  /// - Parameters:
  ///   - value: the document.
  ///   - fileName: how messages name the file; gives the default `name`.
  ///   - sourceURL: the file's URL, if any.
  /// - Returns: the scenario.
  /// - Throws: ``ScenarioError`` (`.invalid(path:)` or `.unsupportedVersion`).
  public static func decode(_ value: JSONValue, fileName: String, sourceURL: URL? = nil)
    throws(ScenarioError) -> Scenario
  {
    let decoder = ScenarioDecoder(fileName: fileName)
    var scenario = try decoder.scenario(value, defaultName: defaultName(forFile: fileName))
    scenario.sourceURL = sourceURL
    return scenario
  }

  /// The default `name` for a file: its last path component without the extension
  /// (`"Scenarios/Hills.json"` → `"Hills"`).
  ///
  /// - Parameter fileName: a file name or path.
  /// - Returns: the base name.
  public static func defaultName(forFile fileName: String) -> String {
    let last =
      fileName.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
      ?? fileName
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
    return String(last[..<dot])
  }
}

/// Turns a parsed document into a ``Scenario``, checking every rule of
/// docs/scenario-format.md.
struct ScenarioDecoder {
  let fileName: String

  /// Activity names in the spec's order, then any others the core knows.
  static let activityNames: [String] = {
    let specOrder: [WorkoutActivityType] = [
      .running, .walking, .cycling, .hiking, .swimming, .highIntensityIntervalTraining,
      .traditionalStrengthTraining, .yoga, .other,
    ]
    let rest = WorkoutActivityType.allCases.filter { !specOrder.contains($0) }
    return (specOrder + rest).map(\.name)
  }()

  static let topLevelKeys = [
    "version", "name", "start", "timeZone", "seed", "activity", "location", "athlete", "course",
    "sensors", "builder", "finish", "timeline", "expect", "watch", "selector", "goals", "today",
  ]

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
        throw fail(
          path.appending(key: key), "unknown key (expected one of \(Self.list(allowed)))")
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
    let text = try choice(value, at: path, noun: "an activity", options: Self.activityNames)
    guard let activity = WorkoutActivityType(name: text) else {
      preconditionFailure("activity name \(text) is listed but unknown to WorkoutActivityType")
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

  // MARK: Scenario

  func scenario(_ root: JSONValue, defaultName: String) throws(ScenarioError) -> Scenario {
    guard case .object = root else {
      let kind: String
      switch root {
      case .array: kind = "an array"
      case .string: kind = "a string"
      case .number: kind = "a number"
      case .bool: kind = "a boolean"
      case .null: kind = "null"
      case .object: kind = "an object"
      }
      throw fail(.root, "the scenario must be a JSON object, not \(kind)")
    }
    let version = try self.version(root["version"])
    let fields = try members(
      root, at: .root, allowed: Self.topLevelKeys, expected: "a scenario object",
      allowSchema: true)
    func path(_ key: String) -> JSONPath { JSONPath.root.appending(key: key) }

    var name = defaultName
    if let value = fields["name"] {
      name = try string(value, at: path("name"), expected: "the scenario's name")
    }
    var start: Scenario.WallClockDate?
    if let value = fields["start"] {
      let text = try string(
        value, at: path("start"),
        expected:
          "an ISO 8601 date-time with a UTC offset, for example \"2026-03-02T07:30:00+01:00\""
      )
      do {
        start = try WallClockParser.parse(text)
      } catch {
        throw fail(path("start"), error.message)
      }
      if let date = start?.date, !Scenario.supportedStartRange.contains(date) {
        throw fail(
          path("start"),
          "\(JSONPath.quoted(text)) is outside the supported range \(Scenario.supportedStartRangeText) (every export format can write dates in it; FIT counts seconds from 1989-12-31T00:00:00Z in 32 bits)"
        )
      }
    }
    var timeZone = "UTC"
    if let value = fields["timeZone"] {
      timeZone = try string(
        value, at: path("timeZone"), expected: "an IANA time zone name such as \"Europe/Berlin\"")
      guard TimeZone(identifier: timeZone) != nil else {
        throw fail(
          path("timeZone"),
          "\(Self.describe(value)) is not a time zone (expected an IANA name such as \"UTC\" or \"Europe/Berlin\")"
        )
      }
    }
    var seed: UInt64 = 1
    if let value = fields["seed"] {
      let maximum = Double(Scenario.seedRange.upperBound)  // exact: 2^53 − 1 < 2^53
      let expected =
        "a whole number from \(Scenario.seedRange.lowerBound) to \(Scenario.seedRange.upperBound)"
      guard case .number(let number) = value, number == number.rounded() else {
        throw fail(
          path("seed"), "\(Self.describe(value)) is not a whole number (expected \(expected))")
      }
      guard number >= Double(Scenario.seedRange.lowerBound), number <= maximum else {
        throw fail(path("seed"), "\(Self.describe(value)) is out of range (expected \(expected))")
      }
      seed = UInt64(number)
    }
    var activity = WorkoutActivityType.running
    if let value = fields["activity"] {
      activity = try self.activity(value, at: path("activity"))
    }
    var location = WorkoutSessionLocationType.outdoor
    if let value = fields["location"] {
      let text = try choice(
        value, at: path("location"), noun: "a location", options: ["indoor", "outdoor", "unknown"])
      guard let decoded = WorkoutSessionLocationType(name: text) else {
        preconditionFailure("location name \(text) is listed but unknown")
      }
      location = decoded
    }
    var athlete = Scenario.Athlete.standard
    if let value = fields["athlete"] {
      athlete = try self.athlete(value, at: path("athlete"))
    }
    var course = Scenario.Course.segments([])
    if let value = fields["course"] {
      course = try self.course(value, at: path("course"), activity: activity)
    }
    var sensors: [QuantityType: Scenario.SensorSettings] = [:]
    if let value = fields["sensors"] {
      sensors = try self.sensors(value, at: path("sensors"))
    }
    var builder = Scenario.BuilderOptions()
    if let value = fields["builder"] {
      let builderFields = try members(
        value, at: path("builder"), allowed: ["shouldCollectWorkoutEvents"],
        expected: "{ \"shouldCollectWorkoutEvents\": true or false }")
      if let flag = builderFields["shouldCollectWorkoutEvents"] {
        builder.shouldCollectWorkoutEvents = try bool(
          flag, at: path("builder").appending(key: "shouldCollectWorkoutEvents"))
      }
    }
    var finish = Scenario.FinishMode.auto
    if let value = fields["finish"] {
      let text = try choice(
        value, at: path("finish"), noun: "a finish mode",
        options: Scenario.FinishMode.allCases.map(\.rawValue))
      finish = Scenario.FinishMode(rawValue: text) ?? .auto
    }
    var watch = WatchConfiguration.standard
    if let value = fields["watch"] {
      watch = try self.watch(value, at: path("watch"))
    }
    var timeline: [Scenario.Action] = []
    if let value = fields["timeline"] {
      timeline = try self.timeline(value, at: path("timeline"))
      try checkExtendedRuntimeActions(timeline, watch: watch)
    }
    var expect: [Check] = []
    if let value = fields["expect"] {
      expect = try self.checks(value, at: path("expect"))
    }
    var scenario = Scenario(
      version: version, name: name, start: start, timeZone: timeZone, seed: seed,
      activity: activity, location: location, athlete: athlete, course: course, sensors: sensors,
      builder: builder, finish: finish, timeline: timeline, expect: expect, watch: watch,
      sourceURL: nil)
    try watchFace(fields, into: &scenario)
    return scenario
  }

  func version(_ value: JSONValue?) throws(ScenarioError) -> Int {
    let path = JSONPath.root.appending(key: "version")
    let highest = ScenarioError.highestSupportedVersion
    guard let value else { throw missing(path, "\(highest)") }
    guard case .number(let number) = value, number == number.rounded(), number >= 1 else {
      throw fail(path, "\(Self.describe(value)) is not a version (expected \(highest))")
    }
    guard number <= Double(highest) else {
      let shown = Self.describe(value)
      let found = number < 1e15 ? Int(number) : Int.max
      throw ScenarioError(
        fileName: fileName, kind: .unsupportedVersion(found),
        message: "\(shown) is not supported (highest supported version is \(highest))")
    }
    return Int(number)
  }

  // MARK: Athlete

  func athlete(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Scenario.Athlete {
    let keys = [
      "age", "sex", "massKg", "heightCm", "restingHeartRate", "maxHeartRate", "vo2Max",
    ]
    let fields = try members(
      value, at: path, allowed: keys, expected: "an object with keys \(Self.list(keys))")
    let standard = Scenario.Athlete.standard
    func read(_ key: String) throws(ScenarioError) -> Double? {
      guard let field = fields[key] else { return nil }
      // The models' own ranges, so that what validates also runs.
      guard let range = WorkoutPhysiology.Athlete.ranges[key] else {
        preconditionFailure("athlete key \(key) has no range in Athlete.ranges")
      }
      return try number(
        field, at: path.appending(key: key), .within(range.lowerBound, range.upperBound))
    }
    var sex = standard.sex
    if let value = fields["sex"] {
      let text = try choice(
        value, at: path.appending(key: "sex"), noun: "a sex",
        options: BiologicalSex.allCases.map(\.rawValue))
      sex = BiologicalSex(rawValue: text) ?? .female
    }
    let age = try read("age") ?? standard.age
    let resting = try read("restingHeartRate") ?? standard.restingHeartRate
    let maximum = try read("maxHeartRate")
    let mass = try read("massKg") ?? standard.massKg
    let height = try read("heightCm") ?? standard.heightCm
    let vo2Max = try read("vo2Max") ?? standard.vo2Max
    do throws(AthleteError) {
      return try Scenario.Athlete(
        age: age, sex: sex, massKg: mass, heightCm: height, restingHeartRate: resting,
        maxHeartRate: maximum, vo2Max: vo2Max)
    } catch {
      switch error {
      case .maxNotAboveResting(_, let resolved):
        let source =
          maximum == nil
          ? "208 − 0.7 × age (Tanaka) = \(Self.format(resolved))"
          : "maxHeartRate \(Self.format(resolved))"
        throw fail(
          path.appending(key: "restingHeartRate"),
          "\(Self.format(resting)) is out of range (expected below the maximum heart rate, \(source))"
        )
      case .outOfRange(let field, let value):
        // Only a Tanaka maximum can get here (every given value was checked above), and ages
        // 5 to 120 give 124 to 204.5 bpm, inside the range: kept for safety, not reachable.
        throw fail(
          path.appending(key: field == "maxHeartRate" ? "age" : field),
          "\(Self.format(value)) is out of range for the physiology models")
      }
    }
  }

  // MARK: Course

  func course(_ value: JSONValue, at path: JSONPath, activity: WorkoutActivityType)
    throws(ScenarioError) -> Scenario.Course
  {
    switch value {
    case .array(let elements):
      var segments: [Scenario.Segment] = []
      for (index, element) in elements.enumerated() {
        segments.append(
          try segment(element, at: path.appending(index: index), activity: activity))
      }
      return .segments(segments)
    case .object:
      let fields = try members(
        value, at: path, allowed: ["recording", "heartRate"],
        expected:
          "a recording object { \"recording\": path, \"heartRate\": \"model\" or \"recorded\" }"
      )
      guard let pathValue = fields["recording"] else {
        throw missing(
          path.appending(key: "recording"), "the path of a FIT, TCX or GPX file")
      }
      let file = try string(
        pathValue, at: path.appending(key: "recording"),
        expected: "the path of a FIT, TCX or GPX file")
      guard !file.isEmpty else {
        throw fail(
          path.appending(key: "recording"),
          "\"\" is not a file path (expected the path of a FIT, TCX or GPX file)")
      }
      var source = Scenario.Recording.HeartRateSource.model
      if let heartRate = fields["heartRate"] {
        let text = try choice(
          heartRate, at: path.appending(key: "heartRate"), noun: "a heart-rate source",
          options: Scenario.Recording.HeartRateSource.allCases.map(\.rawValue))
        source = Scenario.Recording.HeartRateSource(rawValue: text) ?? .model
      }
      return .recording(Scenario.Recording(path: file, heartRate: source))
    default:
      throw fail(
        path,
        "\(Self.describe(value)) is not a course (expected an array of segments or a recording object)"
      )
    }
  }

  func segment(_ value: JSONValue, at path: JSONPath, activity: WorkoutActivityType)
    throws(ScenarioError) -> Scenario.Segment
  {
    let keys = ["duration", "speed", "grade", "power", "cadence"]
    let fields = try members(
      value, at: path, allowed: keys,
      expected: "a segment such as { \"duration\": 600, \"speed\": 2.8, \"grade\": 0 }")
    guard let durationValue = fields["duration"] else {
      throw missing(
        path.appending(key: "duration"), "a time above zero, for example 600 or \"10:00\"")
    }
    let duration = try self.duration(
      durationValue, at: path.appending(key: "duration"), positive: true)
    let speed = try fields["speed"].map { value throws(ScenarioError) in
      try number(value, at: path.appending(key: "speed"), .within(CourseSegment.speedRange))
    }
    let grade =
      try fields["grade"].map { value throws(ScenarioError) in
        try number(value, at: path.appending(key: "grade"), .within(-0.45, 0.45))
      } ?? 0
    var power: Double?
    if let powerValue = fields["power"] {
      guard activity == .cycling else {
        throw fail(
          path.appending(key: "power"),
          "power is only allowed for cycling (activity is \(JSONPath.quoted(activity.name)))")
      }
      power = try number(
        powerValue, at: path.appending(key: "power"), .within(CourseSegment.powerRange))
    }
    let cadence = try fields["cadence"].map { value throws(ScenarioError) in
      try number(value, at: path.appending(key: "cadence"), .within(CourseSegment.cadenceRange))
    }
    guard speed != nil || power != nil else {
      throw fail(
        path,
        activity == .cycling
          ? "a segment needs \"speed\" or \"power\" (or both)"
          : "a segment needs \"speed\" (\"power\" is for cycling only)")
    }
    return Scenario.Segment(
      duration: duration, speed: speed, grade: grade, power: power, cadence: cadence)
  }

  // MARK: Sensors

  func sensors(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> [QuantityType: Scenario.SensorSettings]
  {
    let typeNames = QuantityType.allCases.map(\.rawValue)
    let fields = try members(
      value, at: path, allowed: typeNames,
      expected:
        "an object keyed by quantity type, for example { \"heartRate\": { \"interval\": 5 } }"
    )
    var result: [QuantityType: Scenario.SensorSettings] = [:]
    // Decode in the type order so the first error reported does not depend on hashing.
    for type in QuantityType.allCases {
      guard let settings = fields[type.rawValue] else { continue }
      result[type] = try sensor(settings, at: path.appending(key: type.rawValue), type: type)
    }
    return result
  }

  func sensor(_ value: JSONValue, at path: JSONPath, type: QuantityType) throws(ScenarioError)
    -> Scenario.SensorSettings
  {
    var keys = ["enabled", "interval", "noise", "constant", "lockOn", "dropouts"]
    if type == .heartRate { keys.append("cadenceLock") }
    if type != .heartRate, case .object = value, value["cadenceLock"] != nil {
      throw fail(
        path.appending(key: "cadenceLock"),
        "cadenceLock is only allowed for heartRate (the optical sensor reports cadence as heart rate)"
      )
    }
    let fields = try members(
      value, at: path, allowed: keys, expected: "an object with keys \(Self.list(keys))")
    var settings = SensorConfiguration.standard(for: type)
    if let enabled = fields["enabled"] {
      settings.enabled = try bool(enabled, at: path.appending(key: "enabled"))
    }
    if let interval = fields["interval"] {
      settings.interval = try duration(
        interval, at: path.appending(key: "interval"), positive: true)
    }
    if let noise = fields["noise"] {
      settings.noise = try number(noise, at: path.appending(key: "noise"), .within(0, 1e4))
    }
    if let constant = fields["constant"] {
      settings.constant = try number(
        constant, at: path.appending(key: "constant"), .within(0, 1e6))
    }
    if let lockOn = fields["lockOn"] {
      settings.lockOn = try duration(lockOn, at: path.appending(key: "lockOn"), positive: false)
    }
    if let dropouts = fields["dropouts"] {
      let dropoutsPath = path.appending(key: "dropouts")
      guard case .array(let elements) = dropouts else {
        throw fail(
          dropoutsPath,
          "\(Self.describe(dropouts)) is not an array (expected [{ \"from\": time, \"to\": time }, ...])"
        )
      }
      for (index, element) in elements.enumerated() {
        settings.dropouts.append(try span(element, at: dropoutsPath.appending(index: index)))
      }
    }
    if let lock = fields["cadenceLock"] {
      settings.cadenceLock = try span(lock, at: path.appending(key: "cadenceLock"))
    }
    return settings
  }

  // MARK: Timeline

  func timeline(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> [Scenario.Action] {
    guard case .array(let elements) = value else {
      throw fail(
        path,
        "\(Self.describe(value)) is not an array (expected actions such as [{ \"at\": 0, \"do\": \"prepare\" }])"
      )
    }
    var actions: [Scenario.Action] = []
    var previous: (at: SimulationInstant, written: JSONValue)?
    for (index, element) in elements.enumerated() {
      let elementPath = path.appending(index: index)
      let (action, written) = try self.action(element, at: elementPath)
      if let previous, action.at < previous.at {
        throw fail(
          elementPath.appending(key: "at"),
          "\(Self.describe(written)) is before the previous action's time \(Self.describe(previous.written)) (times must not decrease)"
        )
      }
      previous = (action.at, written)
      actions.append(action)
    }
    return actions
  }

  /// One action and its `at` value as written.
  func action(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> (
    Scenario.Action, JSONValue
  ) {
    guard case .object = value else {
      throw fail(
        path,
        "\(Self.describe(value)) is not an action (expected an object such as { \"at\": 0, \"do\": \"prepare\" })"
      )
    }
    guard let doValue = value["do"] else {
      throw missing(
        path.appending(key: "do"),
        "one of \(Self.list(Scenario.Action.Kind.names))")
    }
    let name = try self.choice(
      doValue, at: path.appending(key: "do"), noun: "an action",
      options: Scenario.Action.Kind.names)
    var keys = ["at", "do"]
    switch name {
    case "addEvent": keys.append("type")
    case "newSession": keys.append("activity")
    case "relaunch": keys.append("recover")
    case "extendedRuntime": keys += ["op", "for", "holder"]
    case "crown": keys.append("by")
    default: break
    }
    let fields = try members(
      value, at: path, allowed: keys, expected: "an action")
    guard let atValue = fields["at"] else {
      throw missing(path.appending(key: "at"), "a time, for example 0, 90 or \"1:30\"")
    }
    let at = try instant(atValue, at: path.appending(key: "at"))
    let kind: Scenario.Action.Kind
    switch name {
    case "prepare": kind = .app(.prepare)
    case "start": kind = .app(.start)
    case "pause": kind = .app(.pause)
    case "resume": kind = .app(.resume)
    case "stop": kind = .app(.stop)
    case "end": kind = .app(.end)
    case "endCollection": kind = .app(.endCollection)
    case "finishWorkout": kind = .app(.finishWorkout)
    case "lap": kind = .app(.lap)
    case "marker": kind = .app(.marker)
    case "segment": kind = .app(.segment)
    case "probe": kind = .probe
    case "crash": kind = .app(.crash)
    case "wristDown": kind = .app(.wristDown)
    case "wristUp": kind = .app(.wristUp)
    case "crownPress": kind = .app(.crownPress)
    case "openApp": kind = .app(.openApp)
    case "crown": kind = .crown(by: try crownStrides(fields, at: path))
    case "extendedRuntime":
      kind = .app(.extendedRuntime(try extendedRuntimeOperation(fields, at: path, after: at)))
    case "addEvent":
      let eventNames = WorkoutEventType.allCases.map(\.name)
      guard let typeValue = fields["type"] else {
        throw missing(path.appending(key: "type"), "one of \(Self.list(eventNames))")
      }
      let text = try self.choice(
        typeValue, at: path.appending(key: "type"), noun: "an event type", options: eventNames)
      guard let type = WorkoutEventType.allCases.first(where: { $0.name == text }) else {
        preconditionFailure("event type \(text) is listed but unknown")
      }
      kind = .app(.addEvent(type))
    case "newSession":
      kind = .app(
        .newSession(
          activity: try fields["activity"].map { value throws(ScenarioError) in
            try activity(value, at: path.appending(key: "activity"))
          }))
    case "relaunch":
      kind = .app(
        .relaunch(
          recover: try fields["recover"].map { value throws(ScenarioError) in
            try bool(value, at: path.appending(key: "recover"))
          } ?? false))
    default:
      preconditionFailure("action name \(name) is listed but not decoded")
    }
    return (Scenario.Action(at: at, kind: kind, location: path.description), atValue)
  }

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
    let keys = selectorKeys + ["path", "where"] + comparisonKeys
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
      var conditions: [String: JSONValue] = [:]
      if let whereValue = fields["where"] {
        guard case .object(let pairs) = whereValue else {
          throw fail(
            path.appending(key: "where"),
            "\(Self.describe(whereValue)) is not an object (expected keys and the values they must equal, for example { \"action\": \"pause\" })"
          )
        }
        for (key, member) in pairs { conditions[key] = member }
      }
      selector = .count(collection, where: conditions)
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
      if fields["where"] != nil {
        throw fail(path.appending(key: "where"), "only allowed with \"count\"")
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
      guard case .array(let bounds) = comparisonValue, bounds.count == 2,
        case .number(let low) = bounds[0], case .number(let high) = bounds[1]
      else {
        throw fail(
          comparisonPath,
          "\(Self.describe(comparisonValue)) is not a range (expected [low, high], two numbers)")
      }
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
    return Check(selector: selector, comparison: comparison, location: path.description)
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

extension Scenario {
  /// This scenario with another activity (for `workout-sim run --type`), re-checking the rule
  /// that depends on it: segment `power` is for cycling only.
  ///
  /// - Parameters:
  ///   - activity: the new activity.
  ///   - fileName: how messages name the scenario's file.
  /// - Returns: the scenario with `activity` replaced.
  /// - Throws: ``ScenarioError`` `.invalid(path: "course[i].power")` when a segment has power and
  ///   `activity` is not cycling.
  public func withActivity(_ activity: WorkoutActivityType, fileName: String) throws(ScenarioError)
    -> Scenario
  {
    if activity != .cycling, case .segments(let segments) = course,
      let index = segments.firstIndex(where: { $0.power != nil })
    {
      throw ScenarioError(
        fileName: fileName, kind: .invalid(path: "course[\(index)].power"),
        message:
          "power is only allowed for cycling (activity is overridden to \(JSONPath.quoted(activity.name)))"
      )
    }
    var copy = self
    copy.activity = activity
    return copy
  }
}
