import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSystem

extension FaultPlan {
  /// The world as a scenario file: `document`, the scenario file `scenario` was decoded from,
  /// with ``seed`` as its `seed` and the faults written in as ``world(from:)`` writes them
  /// (timeline actions merged in at the same places, spans appended to
  /// `phone.network.offline`, `serverErrors` or `hangs`, `phone.taskExpiry`,
  /// `health.lock.periods`, `sensors.heartRate.dropouts`, `authorization.notifications` or
  /// `authorization.healthKit.default` set to `"denied"`, an `auth-denied`'s type by its short
  /// name in `authorization.healthKit.read.denied` and `share.denied`, taken out of their
  /// `granted` lists). Times are written as seconds. Decoded
  /// again, it is ``world(from:)``'s scenario: `workout-sim check` on it runs the same world.
  ///
  /// Paths inside the file (`course.recording`, `app.infoPlist`) are left as they are: a
  /// caller writing the file elsewhere makes them absolute first.
  ///
  /// - Parameters:
  ///   - document: the scenario file's JSON.
  ///   - scenario: what `document` decodes to.
  /// - Throws: ``FaultSetError`` as ``world(from:)``.
  public func worldDocument(from document: JSONValue, scenario: Scenario) throws(FaultSetError)
    -> JSONValue
  {
    try Self.checkApplicable(faults.map(\.kind), to: scenario)
    var document = document
    document.setMember(["seed"], to: .number(Double(seed)))
    let written: [JSONValue]
    if case .array(let elements)? = document["timeline"] {
      written = elements
    } else {
      written = []
    }
    let added = timelineActions
    if !added.isEmpty {
      let merged = mergedTimeline(scenario.timeline).map { source in
        source.fromScenario
          ? written[source.index] : Self.actionObject(added[source.index])
      }
      document.setMember(["timeline"], to: .array(merged))
    }
    for fault in faults {
      let span = JSONValue.object([
        ("from", .number(fault.at.seconds)), ("to", .number(fault.end.seconds)),
      ])
      switch fault.kind {
      case .offline: document.appendElement(["phone", "network", "offline"], span)
      case .httpError: document.appendElement(["phone", "network", "serverErrors"], span)
      case .httpHang: document.appendElement(["phone", "network", "hangs"], span)
      case .taskExpiry: document.appendElement(["phone", "taskExpiry"], span)
      case .dst:
        let start = try Self.daylightSavingStart(of: fault, in: scenario)
        document = scenario.movingStart(of: document, to: start)
      case .lock: document.appendElement(["health", "lock", "periods"], span)
      case .sensorDropout: document.appendElement(["sensors", "heartRate", "dropouts"], span)
      case .notificationsOff:
        document.setMember(["authorization", "notifications"], to: .string("denied"))
      case .authDenied:
        if let type = fault.healthType {
          for direction in ["read", "share"] {
            document.deny(type, at: ["authorization", "healthKit", direction])
          }
        }
      case .authDeniedAll:
        document.setMember(["authorization", "healthKit", "default"], to: .string("denied"))
      case .crash, .crashRecover, .wrist, .phoneAway, .timezoneTrip: break
      }
    }
    return document
  }

  /// A fault's timeline action as the file writes it: `{ "at": 612, "do": "crash" }`,
  /// `{ "at": 617, "do": "relaunch", "recover": true }`,
  /// `{ "at": 5400, "do": "timeZone", "timeZone": "Asia/Tokyo" }`.
  static func actionObject(_ action: (at: SimulationInstant, action: Scenario.Action.Kind))
    -> JSONValue
  {
    var members: [(key: String, value: JSONValue)] = [
      ("at", .number(action.at.seconds)), ("do", .string(action.action.name)),
    ]
    switch action.action {
    case .app(.relaunch(let recover)): members.append(("recover", .bool(recover)))
    case .timeZone(let zone): members.append(("timeZone", .string(zone)))
    default: break
    }
    return .object(members)
  }
}

extension JSONValue {
  /// Sets the member at `path` (object keys from the root) to `value`, making the objects on
  /// the way when missing; a member there is replaced in place, a new one goes last.
  fileprivate mutating func setMember(_ path: ArraySlice<String>, to value: JSONValue) {
    guard let key = path.first else {
      self = value
      return
    }
    var members: [(key: String, value: JSONValue)]
    if case .object(let existing) = self { members = existing } else { members = [] }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value.setMember(path.dropFirst(), to: value)
    } else {
      var child = JSONValue.object([])
      child.setMember(path.dropFirst(), to: value)
      members.append((key, child))
    }
    self = .object(members)
  }

  fileprivate mutating func setMember(_ path: [String], to value: JSONValue) {
    setMember(path[...], to: value)
  }

  /// Answers `identifier` (a full HealthKit identifier) `"denied"` in the answer lists at
  /// `path` (`authorization.healthKit.read`): a name of it (short or full) leaves the `granted`
  /// list, and its short name joins `denied` unless a name of it is there already.
  fileprivate mutating func deny(_ identifier: String, at path: [String]) {
    func names(_ list: JSONValue?) -> [JSONValue] {
      if case .array(let elements)? = list { return elements }
      return []
    }
    func isType(_ element: JSONValue) -> Bool {
      guard case .string(let name) = element else { return false }
      return Scenario.Authorization.identifier(named: name) == identifier
    }
    var node: JSONValue? = self
    for key in path { node = node?[key] }
    let granted = names(node?["granted"])
    if granted.contains(where: isType) {
      setMember(path + ["granted"], to: .array(granted.filter { !isType($0) }))
    }
    let denied = names(node?["denied"])
    if !denied.contains(where: isType) {
      let name = Scenario.Authorization.shortName(of: identifier) ?? identifier
      setMember(path + ["denied"], to: .array(denied + [.string(name)]))
    }
  }

  /// Appends `element` to the array at `path`, making it (and the objects on the way) when
  /// missing.
  fileprivate mutating func appendElement(_ path: [String], _ element: JSONValue) {
    var elements: [JSONValue] = []
    var node: JSONValue? = self
    for key in path { node = node?[key] }
    if case .array(let existing)? = node { elements = existing }
    setMember(path, to: .array(elements + [element]))
  }
}
