import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology
import WorkoutSystem

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
    "health", "authorization", "app", "phone", "motion", "gps", "swim", "strength",
  ]

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

    // Each top-level key is read on its own: a problem in one is kept and the others are
    // still read, so one run of `validate` names every key that is wrong. A key whose reading
    // needs another (the course its activity, dates their start and time zone) is skipped when
    // that one failed, rather than reporting what follows from the first problem.
    var problems: [ScenarioError] = []
    @discardableResult
    func attempt(_ body: () throws(ScenarioError) -> Void) -> Bool {
      do {
        try body()
        return true
      } catch {
        problems.append(error)
        return false
      }
    }
    var name = defaultName
    attempt { () throws(ScenarioError) in
      if let value = fields["name"] {
        name = try string(value, at: path("name"), expected: "the scenario's name")
      }
    }
    var start: Scenario.WallClockDate?
    var startsNow = false
    let startRead = attempt { () throws(ScenarioError) in
      if let value = fields["start"] {
        let text = try string(
          value, at: path("start"),
          expected:
            "an ISO 8601 date-time with a UTC offset, for example \"2026-03-02T07:30:00+01:00\""
        )
        if text == "now" {
          startsNow = true
        } else {
          do throws(TimeFormatError) {
            start = try WallClockParser.parse(text)
          } catch {
            throw fail(path("start"), error.message)
          }
        }
        if let date = start?.date, !Scenario.supportedStartRange.contains(date) {
          throw fail(
            path("start"),
            "\(JSONPath.quoted(text)) is outside the supported range \(Scenario.supportedStartRangeText) (every export format can write dates in it; FIT counts seconds from 1989-12-31T00:00:00Z in 32 bits)"
          )
        }
      }
    }
    // With `"start": "now"` and no `timeZone`, the process's own time zone, the one
    // `Calendar.current` and `TimeZone.current` use in the app's code.
    var timeZone = startsNow ? TimeZone.current.identifier : "UTC"
    let timeZoneRead = attempt { () throws(ScenarioError) in
      if let value = fields["timeZone"] {
        timeZone = try timeZoneName(
          value, at: path("timeZone"), expected: "an IANA time zone name such as \"Europe/Berlin\"")
      }
    }
    var seed: UInt64 = 1
    attempt { () throws(ScenarioError) in
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
    }
    var activity = WorkoutActivityType.running
    let activityRead = attempt { () throws(ScenarioError) in
      if let value = fields["activity"] {
        activity = try self.activity(value, at: path("activity"))
      }
    }
    var location = WorkoutSessionLocationType.outdoor
    attempt { () throws(ScenarioError) in
      if let value = fields["location"] {
        let text = try choice(
          value, at: path("location"), noun: "a location",
          options: ["indoor", "outdoor", "unknown"])
        guard let decoded = WorkoutSessionLocationType(name: text) else {
          preconditionFailure("location name \(text) is listed but unknown")
        }
        location = decoded
      }
    }
    var athlete = Scenario.Athlete.standard
    var characteristics = Scenario.Characteristics()
    if let value = fields["athlete"], startRead, timeZoneRead {
      attempt { () throws(ScenarioError) in
        // The date of t = 0 a date of birth counts the age to: the `start` key, else the default
        // start unless the course is a recording (an object), which starts at its first record.
        var knownStart = start?.date
        if knownStart == nil, !(fields["course"].map(Self.isObject) ?? false) {
          knownStart = Scenario.defaultStart.date
        }
        (athlete, characteristics) = try self.athlete(
          value, at: path("athlete"), start: knownStart, timeZone: timeZone)
      }
    }
    var course = Scenario.Course.segments([])
    var courseRead = activityRead
    if let value = fields["course"], activityRead {
      courseRead = attempt { () throws(ScenarioError) in
        course = try self.course(value, at: path("course"), activity: activity)
      }
    }
    var sensors: [QuantityType: Scenario.SensorSettings] = [:]
    attempt { () throws(ScenarioError) in
      if let value = fields["sensors"] {
        sensors = try self.sensors(value, at: path("sensors"))
      }
    }
    var builder = Scenario.BuilderOptions()
    attempt { () throws(ScenarioError) in
      if let value = fields["builder"] {
        builder = try self.builder(value, at: path("builder"))
      }
    }
    var finish = Scenario.FinishMode.auto
    attempt { () throws(ScenarioError) in
      if let value = fields["finish"] {
        let text = try choice(
          value, at: path("finish"), noun: "a finish mode",
          options: Scenario.FinishMode.allCases.map(\.rawValue))
        finish = Scenario.FinishMode(rawValue: text) ?? .auto
      }
    }
    var watch = WatchConfiguration.standard
    let watchRead = attempt { () throws(ScenarioError) in
      if let value = fields["watch"] {
        watch = try self.watch(value, at: path("watch"))
      }
    }
    var timeline: [Scenario.Action] = []
    attempt { () throws(ScenarioError) in
      if let value = fields["timeline"] {
        timeline = try self.timeline(value, at: path("timeline"))
        if watchRead { try checkExtendedRuntimeActions(timeline, watch: watch) }
      }
    }
    var expect: [Check] = []
    attempt { () throws(ScenarioError) in
      if let value = fields["expect"] {
        expect = try self.checks(value, at: path("expect"))
      }
    }
    var scenario = Scenario(
      version: version, name: name, start: start, timeZone: timeZone, seed: seed,
      activity: activity, location: location, athlete: athlete, course: course, sensors: sensors,
      builder: builder, finish: finish, timeline: timeline, expect: expect, watch: watch,
      sourceURL: nil)
    scenario.startsNow = startsNow
    scenario.characteristics = characteristics
    if case .array(let elements)? = fields["course"], fields["gps"]?["track"] != nil {
      // A `gps.track`'s elevations give these segments their grade.
      scenario.segmentsWithoutGrade = Set(elements.indices.filter { elements[$0]["grade"] == nil })
    }
    if let value = fields["watch"], watchRead {
      attempt { () throws(ScenarioError) in
        scenario.watchAppState = try watchAppState(value, at: path("watch"))
        scenario.complications = try complications(value, at: path("watch"))
        scenario.pushToken = try pushToken(value, at: path("watch"))
        scenario.cyclingSensors = try cyclingSensors(value, at: path("watch"))
      }
    }
    attempt { () throws(ScenarioError) in try watchFace(fields, into: &scenario) }
    // Date-times in `health` and `phone` need the date of t = 0 now: a recording's course sets
    // it later.
    var fixedStart = start?.date
    if fixedStart == nil, !startsNow, case .segments = course {
      fixedStart = Scenario.defaultStart.date
    }
    let datesReadable = startRead && courseRead
    // `today`'s exercise time fits in the day before the start (a start of "now" or a
    // recording's is checked when the simulation is made, `AppSimulation`).
    if let fixedStart, startRead, timeZoneRead {
      attempt { () throws(ScenarioError) in
        if let problem = scenario.todayExerciseProblem(start: fixedStart) {
          throw fail(path("today").appending(key: "appleExerciseTime"), problem)
        }
      }
    }
    if let value = fields["health"], datesReadable {
      attempt { () throws(ScenarioError) in
        scenario.health = try health(value, at: path("health"), start: fixedStart)
      }
    }
    attempt { () throws(ScenarioError) in try authorizationAndApp(fields, into: &scenario) }
    if let value = fields["phone"], datesReadable {
      attempt { () throws(ScenarioError) in
        scenario.phone = try phone(value, at: path("phone"), start: fixedStart)
      }
    }
    if let value = fields["motion"], datesReadable {
      attempt { () throws(ScenarioError) in
        scenario.motion = try motion(value, at: path("motion"), start: fixedStart)
      }
    }
    attempt { () throws(ScenarioError) in
      if let value = fields["sensors"]?["location"] {
        scenario.locationSensor = try locationSensor(
          value, at: path("sensors").appending(key: "location"))
      }
    }
    attempt { () throws(ScenarioError) in
      if let value = fields["gps"] {
        scenario.gps = try gps(value, at: path("gps"))
      }
    }
    if var first = problems.first {
      first.further = Array(problems.dropFirst())
      throw first
    }
    if case .object(let sensors)? = fields["sensors"] {
      scenario.perLengthSensorKeys = Self.perLengthSensorKeys(sensors).map {
        Scenario.PerLengthSensorKey(type: $0.0, key: $0.1)
      }
    }
    if let value = fields["swim"] {
      let plan = try swim(
        value, at: path("swim"), activity: activity, hasCourse: fields["course"] != nil)
      scenario.swim = plan
      scenario.course = .segments(plan.segments)
      // In a pool the watch records distance and strokes once per length: of their sensor
      // settings only `enabled` applies (the scenario's one rule, also a run's).
      if plan.location == .pool, let refused = scenario.refusedPoolSensorKey {
        throw fail(
          path("sensors").appending(key: refused.type).appending(key: refused.key),
          Scenario.poolSensorMessage(type: refused.type, key: refused.key))
      }
    }
    if let value = fields["strength"] {
      let plan = try strength(value, at: path("strength"), activity: activity)
      scenario.strength = plan
      // The sets and the course's intensity agree: no reps in a rest (docs/scenario-format.md#strength).
      if case .segments(let segments) = scenario.course,
        let problem = plan.restProblem(segments: segments)
      {
        throw fail(
          path("strength").appending(key: "sets").appending(index: problem.set ?? 0),
          problem.message)
      }
    }
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

  /// Whether `value` is a JSON object.
  static func isObject(_ value: JSONValue) -> Bool {
    if case .object = value { return true }
    return false
  }
}
