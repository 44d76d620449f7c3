import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `timeline` key and its actions (docs/scenario-format.md).
extension ScenarioDecoder {
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
    let name = try healthChoice(
      doValue, at: path.appending(key: "do"), noun: "an action",
      options: Scenario.Action.Kind.names)
    var keys = ["at", "do"]
    switch name {
    case "addEvent": keys.append("type")
    case "newSession": keys.append("activity")
    case "beginActivity": keys += ["activity", "swimmingLocationType", "lapLength"]
    case "relaunch": keys.append("recover")
    case "extendedRuntime": keys += ["op", "for", "holder"]
    case "crown": keys.append("by")
    case "timeZone": keys.append("timeZone")
    case _ where Self.mirroringWords.contains(name): keys += Self.mirroringKeys(name)
    default: keys += Self.linkKeys(name) ?? []
    }
    let takesDevice = Scenario.Action.phoneWords.contains(name)
    if takesDevice {
      keys.append("device")
    } else if !keys.contains("device"), value["device"] != nil {
      throw fail(
        path.appending(key: "device"),
        "\(JSONPath.quoted(name)) takes no device (the iPhone's own workout takes \"device\" on \(Self.list(Scenario.Action.phoneWords)); remove the key)"
      )
    }
    // An event action is an instant: a span asked for with `duration` (or `metadata`) gets how
    // to write one, not only the list of keys.
    if ["lap", "marker", "segment", "addEvent"].contains(name) {
      for key in ["duration", "metadata"] where value[key] != nil {
        throw fail(
          path.appending(key: key),
          "\(JSONPath.quoted(name)) is an instant in a scenario (a workout event dated at the action's at, with no \(key); expected one of \(Self.list(keys))): mark a set's span with two actions, one at its start and one at its end, or add the event from the app's code through the Swift API, HKWorkoutEvent(type:dateInterval:metadata:), whose duration and metadata the run result's events carry (docs/scenario-format.md#timeline-actions)"
        )
      }
    }
    let fields = try healthMembers(value, at: path, allowed: keys, what: "an action")
    var device = WorkoutDevice.watch
    if takesDevice, let deviceValue = fields["device"] {
      let text = try healthChoice(
        deviceValue, at: path.appending(key: "device"), noun: "a device",
        options: WorkoutDevice.allCases.map(\.rawValue))
      device = WorkoutDevice(rawValue: text) ?? .watch
    }
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
    case "timeZone":
      guard let zoneValue = fields["timeZone"] else {
        throw missing(
          path.appending(key: "timeZone"),
          "the device's new IANA time zone, for example \"Asia/Tokyo\"")
      }
      kind = .timeZone(
        try timeZoneName(
          zoneValue, at: path.appending(key: "timeZone"),
          expected: "an IANA time zone name such as \"Europe/Berlin\""))
    case "extendedRuntime":
      kind = .app(.extendedRuntime(try extendedRuntimeOperation(fields, at: path, after: at)))
    case _ where Self.mirroringWords.contains(name):
      kind = .app(.mirroring(try mirroringOperation(name, fields, at: path)))
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
    case "beginActivity":
      guard let activityValue = fields["activity"] else {
        throw missing(
          path.appending(key: "activity"),
          "the activity to begin, for example \"swimming\" (a swimBikeRun workout's legs: swimming, cycling, running, transition; any other workout's: its own activity)"
        )
      }
      let leg = try activity(activityValue, at: path.appending(key: "activity"))
      kind = .app(.beginActivity(leg, metadata: try legPool(fields, of: leg, at: path)))
    case "endActivity": kind = .app(.endActivity)
    case "relaunch":
      kind = .app(
        .relaunch(
          recover: try fields["recover"].map { value throws(ScenarioError) in
            try bool(value, at: path.appending(key: "recover"))
          } ?? false))
    default:
      guard let link = try linkAction(name, fields, at: path) else {
        preconditionFailure("action name \(name) is listed but not decoded")
      }
      kind = link
    }
    return (
      Scenario.Action(at: at, kind: kind, location: path.description, device: device), atValue
    )
  }

  /// A `beginActivity` entry's swimming configuration, as the metadata its
  /// `HKWorkoutConfiguration` gives the activity (``WorkoutPhysiology/SwimPlan/workoutMetadata(location:lapLength:)``):
  /// `swimmingLocationType` (`pool` or `openWater`, `HKWorkoutSwimmingLocationType`'s case
  /// names) and, in a pool, `lapLength` (metres above 0, at most 10000; default 25, as
  /// `swim.lapLength`'s). Both are a swimming activity's only, and `lapLength` a pool's; none
  /// gives empty metadata, a configuration of the activity type alone
  /// (docs/scenario-format.md#timeline-actions).
  func legPool(
    _ fields: [String: JSONValue], of leg: WorkoutActivityType, at path: JSONPath
  ) throws(ScenarioError) -> [String: MetadataValue] {
    let locationPath = path.appending(key: "swimmingLocationType")
    let lapPath = path.appending(key: "lapLength")
    guard let locationValue = fields["swimmingLocationType"] else {
      if fields["lapLength"] != nil {
        throw fail(
          lapPath,
          "a lap length is a pool's: add \"swimmingLocationType\": \"pool\" to \(path), or remove \"lapLength\""
        )
      }
      return [:]
    }
    guard leg == .swimming else {
      throw fail(
        locationPath,
        "a swimming location is a swimming activity's (this one's is \(JSONPath.quoted(leg.name))): give \"activity\": \"swimming\", or remove \"swimmingLocationType\"\(fields["lapLength"] == nil ? "" : " and \"lapLength\"")"
      )
    }
    let text = try choice(
      locationValue, at: locationPath, noun: "a swimming location",
      options: SwimPlan.Location.allCases.map(\.name))
    let location: SwimPlan.Location = text == "pool" ? .pool : .openWater
    var lapLength = 25.0
    if let value = fields["lapLength"] {
      lapLength = try poolLength(value, at: lapPath, location: location)
    }
    return SwimPlan.workoutMetadata(location: location, lapLength: lapLength)
  }
}
