import WorkoutCore
import WorkoutJSON
import WorkoutSystem

/// The `watch` key and the watch actions (docs/scenario-format.md#the-watch,
/// docs/scenario-format.md#watch-actions).
extension ScenarioDecoder {
  static let watchKeys = [
    "returnToClock", "backgroundGracePeriod", "extendedRuntimeType", "willExpireLeadTime",
    "autoPause", "appState", "complications", "complicationReloadBudget", "workoutReminders",
    "pushToken", "cyclingSensors",
  ]
  /// `watch.appState`'s values: the watch app's state at `t = 0`.
  static let watchAppStates = ["active", "notRunning"]
  /// The `WidgetFamily` case names of watch complications (accessory families only; Apple doc:
  /// https://developer.apple.com/documentation/widgetkit/widgetfamily).
  static let complicationFamilies = [
    "accessoryCircular", "accessoryRectangular", "accessoryInline", "accessoryCorner",
  ]
  /// `complicationReloadBudget`'s range: reloads per complication per local day.
  static let complicationReloadBudgetRange = 1...1000
  /// `pushToken`'s length in bytes (two hex digits each): 1 to 100 (a project rule: Apple says
  /// device tokens vary in length, https://developer.apple.com/documentation/watchkit/wkapplicationdelegate/didregisterforremotenotifications(withdevicetoken:);
  /// today's are 32 bytes).
  static let pushTokenBytes = 1...100
  static let autoPauseKeys = [
    "enabled", "speedThreshold", "pauseAfter", "resumeAfter", "pausesSession",
  ]
  static let extendedRuntimeOps = ["start", "schedule", "invalidate", "acquire", "release"]

  /// `watch`: `{ "returnToClock": time | "never", "backgroundGracePeriod": time,
  /// "extendedRuntimeType": type, "willExpireLeadTime": time, "autoPause": { ... },
  /// "workoutReminders": { ... } }`.
  func watch(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> WatchConfiguration {
    let fields = try members(
      value, at: path, allowed: Self.watchKeys,
      expected: "an object with keys \(Self.list(Self.watchKeys))")
    var watch = WatchConfiguration.standard
    if let value = fields["returnToClock"] {
      if value == .string("never") {
        watch.returnToClock = nil
      } else {
        do {
          watch.returnToClock = .nanoseconds(try ScenarioTime.instant(from: value).nanoseconds)
        } catch {
          throw fail(
            path.appending(key: "returnToClock"),
            "\(Self.describe(value)) is not a return-to-clock time (expected seconds, a time such as \"2:00\", or \"never\")"
          )
        }
      }
    }
    return try rest(fields, watch: watch, at: path)
  }

  private func rest(
    _ fields: [String: JSONValue], watch start: WatchConfiguration, at path: JSONPath
  ) throws(ScenarioError) -> WatchConfiguration {
    var watch = start
    if let value = fields["backgroundGracePeriod"] {
      watch.backgroundGracePeriod = try duration(
        value, at: path.appending(key: "backgroundGracePeriod"), positive: false)
    }
    if let value = fields["willExpireLeadTime"] {
      watch.willExpireLeadTime = try duration(
        value, at: path.appending(key: "willExpireLeadTime"), positive: false)
    }
    if let value = fields["extendedRuntimeType"] {
      let names = ExtendedRuntimeSessionType.allCases.map(\.rawValue)
      let text = try choice(
        value, at: path.appending(key: "extendedRuntimeType"),
        noun: "an extended runtime session type", options: names)
      watch.extendedRuntimeType = ExtendedRuntimeSessionType(rawValue: text)
    }
    if let value = fields["autoPause"] {
      watch.autoPause = try autoPause(value, at: path.appending(key: "autoPause"))
    }
    if let value = fields["workoutReminders"] {
      watch.workoutReminders = try workoutReminders(
        value, at: path.appending(key: "workoutReminders"))
    }
    return watch
  }

  /// `watch.appState`: the watch app's state at `t = 0`, `.active` (`"active"`, the default, or
  /// no key) or `.notRunning` (`"notRunning"`).
  func watchAppState(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> AppState {
    guard let state = value["appState"] else { return .active }
    let text = try healthChoice(
      state, at: path.appending(key: "appState"), noun: "a watch app state at t = 0",
      options: Self.watchAppStates)
    return text == "notRunning" ? .notRunning : .active
  }

  /// `autoPause`: `{ "enabled": true, "speedThreshold": m/s, "pauseAfter": time,
  /// "resumeAfter": time, "pausesSession": false }`; `nil` when `enabled` is false.
  func autoPause(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> AutoPauseConfiguration?
  {
    let fields = try members(
      value, at: path, allowed: Self.autoPauseKeys,
      expected: "an object with keys \(Self.list(Self.autoPauseKeys))")
    var settings = AutoPauseConfiguration()
    if let value = fields["speedThreshold"] {
      settings.speedThreshold = try number(
        value, at: path.appending(key: "speedThreshold"), .aboveZero)
    }
    if let value = fields["pauseAfter"] {
      settings.pauseAfter = try duration(
        value, at: path.appending(key: "pauseAfter"), positive: false)
    }
    if let value = fields["resumeAfter"] {
      settings.resumeAfter = try duration(
        value, at: path.appending(key: "resumeAfter"), positive: false)
    }
    if let value = fields["pausesSession"] {
      settings.pausesSession = try bool(value, at: path.appending(key: "pausesSession"))
    }
    if let value = fields["enabled"], try !bool(value, at: path.appending(key: "enabled")) {
      return nil
    }
    return settings
  }

  /// The `op` of an `extendedRuntime` action with its `for` (schedule only, after `at`) and
  /// `holder` (acquire and release only, a non-empty string).
  func extendedRuntimeOperation(
    _ fields: [String: JSONValue], at path: JSONPath, after at: SimulationInstant
  ) throws(ScenarioError) -> ExtendedRuntimeOperation {
    guard let opValue = fields["op"] else {
      throw missing(path.appending(key: "op"), "one of \(Self.list(Self.extendedRuntimeOps))")
    }
    let op = try choice(
      opValue, at: path.appending(key: "op"), noun: "an extended runtime operation",
      options: Self.extendedRuntimeOps)
    let needsFor = op == "schedule"
    let needsHolder = op == "acquire" || op == "release"
    if !needsFor, fields["for"] != nil {
      throw fail(path.appending(key: "for"), "only allowed with \"op\": \"schedule\"")
    }
    if !needsHolder, fields["holder"] != nil {
      throw fail(
        path.appending(key: "holder"), "only allowed with \"op\": \"acquire\" or \"release\"")
    }
    switch op {
    case "start": return .start
    case "invalidate": return .invalidate
    case "schedule":
      guard let forValue = fields["for"] else {
        throw missing(path.appending(key: "for"), "the time the smart alarm session starts")
      }
      let instant = try self.instant(forValue, at: path.appending(key: "for"))
      guard instant > at else {
        throw fail(
          path.appending(key: "for"),
          "\(Self.describe(forValue)) is out of range (expected a time after the action's \"at\")")
      }
      return .schedule(at: instant)
    default:
      guard let holderValue = fields["holder"] else {
        throw missing(path.appending(key: "holder"), "the holder's name, for example \"A\"")
      }
      let holder = try string(
        holderValue, at: path.appending(key: "holder"), expected: "the holder's name")
      guard !holder.isEmpty else {
        throw fail(
          path.appending(key: "holder"), "\"\" is out of range (expected a non-empty name)")
      }
      return op == "acquire" ? .acquire(holder: holder) : .release(holder: holder)
    }
  }

  /// `extendedRuntime` actions need a declared `watch.extendedRuntimeType`.
  func checkExtendedRuntimeActions(_ timeline: [Scenario.Action], watch: WatchConfiguration)
    throws(ScenarioError)
  {
    guard watch.extendedRuntimeType == nil else { return }
    for action in timeline {
      if case .app(.extendedRuntime) = action.kind {
        throw ScenarioError(
          fileName: fileName, kind: .invalid(path: action.location + ".do"),
          message:
            "extendedRuntime needs \"watch\": { \"extendedRuntimeType\": ... } (the session type the app declares)"
        )
      }
    }
  }
}

extension ScenarioDecoder {
  /// `watch.complications` (`[{ "kind": "StepsComplication", "family": "accessoryCircular" }]`,
  /// accessory families only, each kind and family once, at most ``maximumWidgets``) and
  /// `watch.complicationReloadBudget` (a whole number from 1 to 1000, default 50) of the `watch`
  /// object at `path` (its other keys are ``watch(_:at:)``'s).
  func complications(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Scenario.Complications
  {
    var complications = Scenario.Complications()
    guard case .object(let members) = value else { return complications }
    let fields = Dictionary(
      members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    if let value = fields["complications"] {
      let widgets = try widgets(
        value, at: path.appending(key: "complications"), families: Self.complicationFamilies,
        noun: "a complication family")
      complications.widgets = widgets
    }
    if let value = fields["complicationReloadBudget"] {
      complications.reloadBudget = try wholeNumber(
        value, at: path.appending(key: "complicationReloadBudget"),
        in: Self.complicationReloadBudgetRange)
    }
    return complications
  }
}

extension ScenarioDecoder {
  /// `watch.cyclingSensors` of the `watch` object at `path`: an array of `"power"`,
  /// `"cadence"`, `"speed"`, each once (``Scenario/cyclingSensorNames``), as the types they
  /// give; none without the key (docs/scenario-format.md#the-watch).
  func cyclingSensors(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> QuantityTypeSet
  {
    guard let list = value["cyclingSensors"] else { return QuantityTypeSet() }
    let at = path.appending(key: "cyclingSensors")
    let names = Scenario.cyclingSensorNames.map(\.name)
    guard case .array(let elements) = list else {
      throw fail(
        at,
        "\(Self.describe(list)) is not an array (expected the connected cycling sensors, some of \(Self.list(names)), for example [\"power\", \"cadence\"])"
      )
    }
    var sensors = QuantityTypeSet()
    for (index, element) in elements.enumerated() {
      let elementPath = at.appending(index: index)
      let name = try choice(
        element, at: elementPath, noun: "a cycling sensor", options: names)
      guard let type = Scenario.cyclingSensorNames.first(where: { $0.name == name })?.type
      else { continue }
      guard !sensors.contains(type) else {
        throw fail(elementPath, "\"\(name)\" is listed twice (each sensor once)")
      }
      sensors.insert(type)
    }
    return sensors
  }
}

extension ScenarioDecoder {
  /// `watch.pushToken` of the `watch` object at `path` (`"a1b2..."`: an even number of hex
  /// digits, upper or lower case, ``pushTokenBytes`` bytes), or `nil` without the key.
  func pushToken(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> [UInt8]? {
    guard let token = value["pushToken"] else { return nil }
    let at = path.appending(key: "pushToken")
    let expected =
      "expected a device token as hex digits, two per byte, \(Self.pushTokenBytes.lowerBound) to "
      + "\(Self.pushTokenBytes.upperBound) bytes, such as \"a1b2c3d4\""
    guard case .string(let text) = token else {
      throw fail(at, "\(Self.describe(token)) is not a device token (\(expected))")
    }
    let digits = Array(text.utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
      guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1])
      else { break }
      bytes.append(high << 4 | low)
      index += 2
    }
    guard index == digits.count, Self.pushTokenBytes.contains(bytes.count) else {
      throw fail(at, "\(Self.describe(token)) is not a device token (\(expected))")
    }
    return bytes
  }

  /// The value of the ASCII hex digit `digit`, or `nil`.
  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
