import WorkoutJSON

/// The keys a `count` check's `where` and `except` may name: those an element of the counted
/// collection can have (docs/run-result.md), so that a misspelt key, which no element has and so
/// matches nothing, is refused instead of counting 0 in silence (docs/scenario-format.md#checks).
/// The one home of the rule: the scenario decoder, ``Scenario``'s initializer and the
/// evaluation of a check (`evaluate(_:in:)`, both doors) ask ``Check/conditionError``.
extension Check.Collection {
  /// The members an element of the collection can have, sorted (docs/run-result.md: records,
  /// probes, errors; for the log, the members of every kind, ``Check/logKinds``).
  public var memberNames: [String] {
    switch self {
    case .records:
      [
        "activities", "activityType", "activityTypeRawValue", "device", "duration", "endDate",
        "events", "id", "locationType", "metadata", "route", "samples", "startDate", "statistics",
        "totalDistance", "totalEnergyBurned", "zones",
      ]
    case .probes:
      [
        "activeEnergyBurned", "appState", "at", "device", "distance", "elapsed", "heartRate",
        "keepAlive", "state", "stepCount",
      ]
    case .errors: ["action", "at", "code", "device", "domain", "message"]
    case .log: Array(Set(Check.logKinds.values.joined())).sorted()
    }
  }

  /// How a message names one element: `an error`, `a log entry`.
  fileprivate var elementNoun: String {
    switch self {
    case .records: "a record"
    case .probes: "a probe"
    case .errors: "an error"
    case .log: "a log entry"
    }
  }
}

extension Check {
  /// Each `kind` of log entry with the members an entry of that kind can have
  /// (docs/run-result.md#log; `session` on the second and later sessions' entries, `device` on
  /// the iPhone's own workouts' entries and, with their own meaning, on `link` entries).
  public static let logKinds: [String: [String]] = [
    "activity": ["activity", "at", "change", "device", "index", "kind", "session"],
    "appState": ["at", "cause", "device", "from", "keepAlive", "kind", "session", "to"],
    "authorizationSheet": ["at", "device", "kind", "read", "session", "share"],
    "backgroundDelivery": ["at", "attempt", "device", "event", "frequency", "kind", "type"],
    "dataCollected": ["at", "count", "device", "kind", "session", "types"],
    "error": ["action", "at", "code", "device", "domain", "kind", "message", "session"],
    "event": ["at", "device", "kind", "session", "type"],
    "extendedRuntime": [
      "at", "device", "errorCode", "event", "expiresAt", "kind", "reason", "reasonRawValue",
      "runtimeSession", "scheduledFor", "session", "sessionType", "state",
    ],
    "link": [
      "at", "bytes", "change", "code", "device", "errorCode", "from", "isReachable", "kind",
      "payload", "replyExpected", "state", "to", "transfer", "transferKind",
    ],
    "motion": ["activity", "at", "device", "duration", "end", "event", "kind", "start"],
    "record": ["at", "device", "id", "kind", "session"],
    "stateChange": ["at", "device", "from", "kind", "session", "to"],
    "system": ["at", "details", "event", "framework", "identifier", "kind"],
    "unfinished": ["at", "device", "kind", "session"],
    "wallClockDate": ["action", "at", "device", "kind", "session"],
  ]

  /// A `where` or `except` of a `count` check that no element it reads can satisfy: a key whose
  /// first name (before any `.` or `[`) no element of the collection has, or, counting the log,
  /// a `kind` that is not one of the log's kinds.
  public struct ConditionError: Error, Sendable, Equatable {
    /// `"where"` or `"except"`.
    public var word: String
    /// The key as written (`"acton"`, `"statistics.heartRat.average"`).
    public var key: String
    /// What is wrong and what would be valid, with the closest name suggested.
    public var message: String

    /// The error's JSON path inside the check at `check` (`expect[2]`): `expect[2].where.acton`.
    public func path(in check: JSONPath) -> JSONPath {
      check.appending(key: word).appending(key: key)
    }
  }

  /// The first key of this check's `where`, then of its `except` (each in key order), that no
  /// element it reads can have; `nil` when every key can match, or for an element selector.
  ///
  /// Counting the log, a `where` whose `kind` is one of ``logKinds`` limits the keys to that
  /// kind's (an `except`'s own `kind` limits its keys the same way), so
  /// `{ "kind": "event", "action": "pause" }` is refused: no event has an `action`.
  public var conditionError: ConditionError? {
    guard case .count(let collection, let conditions, let exceptions) = selector else {
      return nil
    }
    let whereKind: String?
    switch Self.kindProblem(conditions, word: "where", collection: collection) {
    case .failure(let error): return error
    case .success(let kind): whereKind = kind
    }
    if let error = Self.keyProblem(conditions, word: "where", collection, kind: whereKind) {
      return error
    }
    switch Self.kindProblem(exceptions, word: "except", collection: collection) {
    case .failure(let error): return error
    case .success(let kind):
      return Self.keyProblem(exceptions, word: "except", collection, kind: kind ?? whereKind)
    }
  }

  /// The log kind `conditions` names (`nil` when it names none, or for another collection), or
  /// the error of a `kind` that is not a log kind.
  private static func kindProblem(
    _ conditions: [String: JSONValue], word: String, collection: Collection
  ) -> Result<String?, ConditionError> {
    guard collection == .log, let value = conditions["kind"] else { return .success(nil) }
    let kinds = logKinds.keys.sorted()
    if case .string(let kind) = value, logKinds[kind] != nil { return .success(kind) }
    var message =
      "\(JSONWriter.encode(value, style: .compact)) is not a kind of log entry, so it matches "
      + "nothing (expected one of \(kinds.joined(separator: ", ")))"
    if case .string(let kind) = value, let close = closestName(to: kind, among: kinds) {
      message += "; did you mean \(JSONPath.quoted(close))?"
    }
    return .failure(ConditionError(word: word, key: "kind", message: message))
  }

  /// The first key of `conditions`, in key order, whose first name is not a member of
  /// `collection`'s elements (of `kind`'s entries, for a log kind).
  private static func keyProblem(
    _ conditions: [String: JSONValue], word: String, _ collection: Collection, kind: String?
  ) -> ConditionError? {
    let names = kind.flatMap { logKinds[$0] } ?? collection.memberNames
    for key in conditions.keys.sorted() {
      // A key that is not a path (`""`, `"a..b"`) fails as an invalid path where it is read.
      guard ScenarioDecoder.isValidValuePath(key) else { continue }
      let name = String(key.prefix { $0 != "." && $0 != "[" })
      guard !names.contains(name) else { continue }
      let noun = kind.map { "a log entry of kind \(JSONPath.quoted($0))" } ?? collection.elementNoun
      var message =
        "\(noun) has no member \(JSONPath.quoted(name)), so this key matches nothing "
        + "(expected one of \(names.joined(separator: ", ")))"
      if let close = closestName(to: name, among: names) {
        message += "; did you mean \(JSONPath.quoted(close))?"
      }
      return ConditionError(word: word, key: key, message: message)
    }
    return nil
  }
}
