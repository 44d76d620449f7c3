import WorkoutHealth
import WorkoutJSON

/// The `authorization` and `app` keys (docs/scenario-format.md#authorization,
/// docs/scenario-format.md#the-app).
extension ScenarioDecoder {
  static let authorizationKeys = ["healthKit", "location", "motion", "notifications"]
  static let healthKitAuthorizationKeys = ["default", "read", "share"]
  static let answerKeys = Scenario.Authorization.Answer.allCases.map(\.rawValue)
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
  /// [type], "denied": [type] }, "share": { ... } }, "notifications": "granted" | "denied",
  /// "motion": "granted" | "denied", "location": "granted" | "reducedAccuracy" | "denied" }`. A type listed twice in one direction is
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
    return answers
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
    var result: [String: Scenario.Authorization.Answer] = [:]
    for answer in Scenario.Authorization.Answer.allCases {
      guard let list = fields[answer.rawValue] else { continue }
      let listPath = path.appending(key: answer.rawValue)
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
        if share, let kind = HealthTypeCatalog.entry(identifier)?.kind,
          kind == .characteristic || kind == .activitySummary
        {
          throw fail(
            elementPath,
            "\(JSONPath.quoted(name)) cannot be shared: HealthKit lets an app read \(kind == .characteristic ? "a characteristic" : "activity summaries"), never write it (list it under \"read\")"
          )
        }
        if let earlier = result[identifier] {
          guard earlier == answer else {
            throw fail(
              elementPath,
              "\(JSONPath.quoted(name)) is both granted and denied (it is also in \"\(earlier.rawValue)\"; give each type one answer)"
            )
          }
          throw fail(elementPath, "\(JSONPath.quoted(name)) is listed twice (each type once)")
        }
        result[identifier] = answer
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
