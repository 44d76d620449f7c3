import WorkoutHealth
import WorkoutJSON

/// The `authorization` and `app` keys (docs/scenario-format.md#authorization,
/// docs/scenario-format.md#the-app).
extension ScenarioDecoder {
  static let authorizationKeys = [
    "healthKit", "location", "motion", "notifications", "workoutScheduler", "fallDetection",
  ]
  static let healthKitAuthorizationKeys = ["default", "read", "share", "history"]
  static let answerKeys = Scenario.Authorization.Answer.allCases.map(\.rawValue)
  static let historyAnswers = Scenario.Authorization.HistoryAnswer.allCases.map(\.rawValue)
  static let historyKeys = ["default"] + historyAnswers
  static let appKeys = ["infoPlist"]
  /// The type names a near miss is matched against: the short forms, then the full identifiers
  /// (so `"stepCounts"` suggests `"stepCount"` and a lower-cased full identifier its spelling).
  static let typeNames =
    Scenario.Authorization.shortNames.keys.sorted() + Scenario.Authorization.typeIdentifiers

  /// Reads `authorization` and `app` from the top-level members into `scenario`.
  func authorizationAndApp(_ fields: [String: JSONValue], into scenario: inout Scenario)
    throws(ScenarioError)
  {
    if let value = fields["authorization"] {
      scenario.authorization = try authorization(
        value, at: JSONPath.root.appending(key: "authorization"))
    }
    if let value = fields["app"] {
      scenario.app = try app(value, at: JSONPath.root.appending(key: "app"))
    }
  }

  /// `authorization`: `{ "healthKit": { "default": "granted" | "denied", "read": { "granted":
  /// [type], "denied": [type] }, "share": { ... }, "history": "all" | "past30Days" | {
  /// "default": ..., "all": [type], "past30Days": [type] } }, "notifications": "granted" | "denied",
  /// "motion": "granted" | "denied", "location": "granted" | "reducedAccuracy" | "denied",
  /// "workoutScheduler": "granted" | "denied", "fallDetection": "granted" | "denied" }`. A type listed twice in one direction is
  /// an error (in both `granted` and `denied`: "is both granted and denied"); an unknown name's
  /// message suggests the closest known one.
  func authorization(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Scenario.Authorization
  {
    let fields = try members(
      value, at: path, allowed: Self.authorizationKeys,
      expected: "an object with keys \(Self.list(Self.authorizationKeys))")
    var answers = Scenario.Authorization()
    if let value = fields["notifications"] {
      let text = try healthChoice(
        value, at: path.appending(key: "notifications"), noun: "an answer",
        options: Self.answerKeys)
      answers.notifications = Scenario.Authorization.Answer(rawValue: text)
    }
    if let value = fields["motion"] {
      let text = try healthChoice(
        value, at: path.appending(key: "motion"), noun: "an answer", options: Self.answerKeys)
      answers.motion = Scenario.Authorization.Answer(rawValue: text)
    }
    if let value = fields["fallDetection"] {
      let text = try healthChoice(
        value, at: path.appending(key: "fallDetection"), noun: "an answer",
        options: Self.answerKeys)
      answers.fallDetection = Scenario.Authorization.Answer(rawValue: text)
    }
    if let value = fields["workoutScheduler"] {
      let text = try healthChoice(
        value, at: path.appending(key: "workoutScheduler"), noun: "an answer",
        options: Self.answerKeys)
      answers.workoutScheduler = Scenario.Authorization.Answer(rawValue: text)
    }
    if let value = fields["location"] {
      let text = try healthChoice(
        value, at: path.appending(key: "location"), noun: "an answer",
        options: Scenario.LocationAnswer.allCases.map(\.rawValue))
      answers.location = Scenario.LocationAnswer(rawValue: text)
    }
    guard let healthKit = fields["healthKit"] else { return answers }
    let kitPath = path.appending(key: "healthKit")
    let kit = try members(
      healthKit, at: kitPath, allowed: Self.healthKitAuthorizationKeys,
      expected: "an object with keys \(Self.list(Self.healthKitAuthorizationKeys))")
    if let value = kit["default"] {
      let text = try choice(
        value, at: kitPath.appending(key: "default"), noun: "an answer", options: Self.answerKeys)
      answers.defaultAnswer = Scenario.Authorization.Answer(rawValue: text) ?? .granted
    }
    if let value = kit["read"] {
      answers.read = try answerLists(value, at: kitPath.appending(key: "read"), share: false)
    }
    if let value = kit["share"] {
      answers.share = try answerLists(value, at: kitPath.appending(key: "share"), share: true)
    }
    if let value = kit["history"] {
      try history(value, at: kitPath.appending(key: "history"), into: &answers)
    }
    return answers
  }

  /// `healthKit.history`: `"all" | "past30Days"` for every sample type, or `{ "default": "all"
  /// | "past30Days", "all": [type], "past30Days": [type] }`. HealthKit limits the history of
  /// sample types only ("Time-bound authorization applies only to sample types", Apple doc:
  /// https://developer.apple.com/documentation/healthkit/authorizing-access-to-health-data),
  /// so a characteristic or `activitySummary` in a list is an error.
  private func history(
    _ value: JSONValue, at path: JSONPath, into answers: inout Scenario.Authorization
  ) throws(ScenarioError) {
    let expected =
      "\(Self.list(Self.historyAnswers)) or an object with keys \(Self.list(Self.historyKeys))"
    switch value {
    case .string:
      let text = try healthChoice(
        value, at: path, noun: "a history answer", options: Self.historyAnswers)
      answers.defaultHistory = Scenario.Authorization.HistoryAnswer(rawValue: text) ?? .all
    case .object:
      let fields = try members(value, at: path, allowed: Self.historyKeys, expected: expected)
      if let value = fields["default"] {
        let text = try healthChoice(
          value, at: path.appending(key: "default"), noun: "a history answer",
          options: Self.historyAnswers)
        answers.defaultHistory = Scenario.Authorization.HistoryAnswer(rawValue: text) ?? .all
      }
      answers.history = try typeLists(
        fields, at: path, of: Scenario.Authorization.HistoryAnswer.self
      ) { identifier, name, elementPath throws(ScenarioError) in
        if let kind = HealthTypeCatalog.entry(identifier)?.kind,
          kind == .characteristic || kind == .activitySummary
        {
          throw fail(
            elementPath,
            "\(JSONPath.quoted(name)) has no history to limit: HealthKit limits the history of sample types only (\(kind == .characteristic ? "a characteristic" : "activity summaries") always read whole)"
          )
        }
      }
    default:
      throw fail(path, "\(Self.describe(value)) is not a history answer (expected \(expected))")
    }
  }

  /// `{ "granted": [type], "denied": [type] }` → identifier → answer. In `share` (writing), a
  /// characteristic or the activity summary type is an error: HealthKit lets an app read them,
  /// never share them (`requestAuthorization(toShare:read:)` takes sample types to share; Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:completion:)).
  private func answerLists(_ value: JSONValue, at path: JSONPath, share: Bool)
    throws(ScenarioError) -> [String: Scenario.Authorization.Answer]
  {
    let fields = try members(
      value, at: path, allowed: Self.answerKeys,
      expected: "an object with keys \(Self.list(Self.answerKeys))")
    return try typeLists(fields, at: path, of: Scenario.Authorization.Answer.self) {
      identifier, name, elementPath throws(ScenarioError) in
      if share, let kind = HealthTypeCatalog.entry(identifier)?.kind,
        kind == .characteristic || kind == .activitySummary
      {
        throw fail(
          elementPath,
          "\(JSONPath.quoted(name)) cannot be shared: HealthKit lets an app read \(kind == .characteristic ? "a characteristic" : "activity summaries"), never write it (list it under \"read\")"
        )
      }
    }
  }

  /// The lists of type names under `fields`' keys named by `Choice`'s raw values → identifier →
  /// the choice whose list holds it. An unknown name (with the closest known one suggested), a
  /// name listed twice, or one in two lists ("is both granted and denied") is an error at its
  /// path; `check` refuses a known type a list may not hold.
  private func typeLists<Choice: RawRepresentable & CaseIterable & Equatable>(
    _ fields: [String: JSONValue], at path: JSONPath, of _: Choice.Type,
    check: (String, String, JSONPath) throws(ScenarioError) -> Void
  ) throws(ScenarioError) -> [String: Choice] where Choice.RawValue == String {
    var result: [String: Choice] = [:]
    for choice in Choice.allCases {
      guard let list = fields[choice.rawValue] else { continue }
      let listPath = path.appending(key: choice.rawValue)
      guard case .array(let elements) = list else {
        throw fail(
          listPath,
          "\(Self.describe(list)) is not a list of types (expected an array such as [\"stepCount\", \"HKQuantityTypeIdentifierHeartRate\"])"
        )
      }
      for (index, element) in elements.enumerated() {
        let elementPath = listPath.appending(index: index)
        let name = try string(
          element, at: elementPath, expected: "a HealthKit type identifier such as \"stepCount\"")
        guard let identifier = Scenario.Authorization.identifier(named: name) else {
          var message =
            "\(JSONPath.quoted(name)) is not a HealthKit type SimulatedHealthKit knows (expected an identifier such as \"HKQuantityTypeIdentifierStepCount\" or its short form \"stepCount\"; docs/scenario-format.md#authorization lists them)"
          if let close = closestName(to: name, among: Self.typeNames) {
            message += "; did you mean \(JSONPath.quoted(close))?"
          }
          throw fail(elementPath, message)
        }
        try check(identifier, name, elementPath)
        if let earlier = result[identifier] {
          guard earlier == choice else {
            throw fail(
              elementPath,
              "\(JSONPath.quoted(name)) is both \(earlier.rawValue) and \(choice.rawValue) (it is also in \"\(earlier.rawValue)\"; give each type one answer)"
            )
          }
          throw fail(elementPath, "\(JSONPath.quoted(name)) is listed twice (each type once)")
        }
        result[identifier] = choice
      }
    }
    return result
  }

  /// `app`: `{ "infoPlist": { key: string | [string] | any, ... } | "path/to/Info.plist" }`;
  /// inline members whose value is an array of strings are also kept in
  /// ``Scenario/App/infoPlistStringArrays``.
  func app(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Scenario.App {
    let fields = try members(
      value, at: path, allowed: Self.appKeys,
      expected: "an object with keys \(Self.list(Self.appKeys))")
    var app = Scenario.App()
    guard let plist = fields["infoPlist"] else { return app }
    let plistPath = path.appending(key: "infoPlist")
    switch plist {
    case .string(let file):
      guard !file.isEmpty else {
        throw fail(plistPath, "\"\" is not a path (expected the path of a .plist file)")
      }
      app.infoPlist = .file(file)
    case .object(let pairs):
      var keys: [String: String] = [:]
      var arrays: [String: [String]] = [:]
      for (key, member) in pairs {
        if case .string(let text) = member { keys[key] = text } else { keys[key] = "" }
        if case .array(let elements) = member {
          let strings = elements.compactMap { element -> String? in
            if case .string(let text) = element { return text }
            return nil
          }
          if strings.count == elements.count { arrays[key] = strings }
        }
      }
      app.infoPlist = .keys(keys)
      app.infoPlistStringArrays = arrays
    default:
      throw fail(
        plistPath,
        "\(Self.describe(plist)) is not an Info.plist (expected an object such as {\"NSHealthShareUsageDescription\": \"...\"} or the path of a .plist file)"
      )
    }
    return app
  }
}
