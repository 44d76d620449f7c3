import WorkoutCore
import WorkoutJSON
import WorkoutSystem

/// The timeline words of the watch–phone link (docs/scenario-format.md#link-actions): the apps'
/// WatchConnectivity calls and what happens to the phone around them.
extension ScenarioDecoder {
  /// The devices a `from` or `device` names.
  static let deviceNames = CompanionDevice.allCases.map(\.rawValue)

  /// The keys a link or phone word allows besides `at` and `do`, or `nil` for another word.
  static func linkKeys(_ word: String) -> [String]? {
    switch word {
    case "activateSession": ["device"]
    case "sendMessage", "sendMessageData": ["from", "payload", "reply"]
    case "transferUserInfo", "updateApplicationContext": ["from", "payload"]
    case "transferFile": ["from", "file", "metadata"]
    case "transferCurrentComplicationUserInfo": ["payload"]
    case "cancelTransfers": ["from"]
    case "phoneApp": ["state"]
    case "phoneAway", "phoneBack": []
    case "sameWiFi": ["on"]
    case "complication": ["enabled"]
    case "watchApp": ["installed"]
    default: nil
    }
  }

  /// The action of link or phone word `word` with its members `fields`, or `nil` for another
  /// word.
  func linkAction(_ word: String, _ fields: [String: JSONValue], at path: JSONPath)
    throws(ScenarioError) -> Scenario.Action.Kind?
  {
    switch word {
    case "activateSession":
      return .app(.link(.activate(try device(fields, "device", at: path))))
    case "sendMessage", "sendMessageData":
      let kind: LinkTransferKind = word == "sendMessage" ? .message : .messageData
      let payload =
        kind == .message
        ? try linkPayload(fields, at: path)
        : try dataPayload(fields, at: path)
      let reply = try fields["reply"].map { value throws(ScenarioError) in
        try bool(value, at: path.appending(key: "reply"))
      }
      return .app(
        .link(
          .send(
            kind, from: try device(fields, "from", at: path), payload: payload,
            wantsReply: reply ?? true)))
    case "transferUserInfo", "updateApplicationContext":
      let kind: LinkTransferKind = word == "transferUserInfo" ? .userInfo : .applicationContext
      return .app(
        .link(
          .send(
            kind, from: try device(fields, "from", at: path),
            payload: try linkPayload(fields, at: path), wantsReply: false)))
    case "transferFile":
      return .app(
        .link(
          .send(
            .file, from: try device(fields, "from", at: path),
            payload: try filePayload(fields, at: path), wantsReply: false)))
    case "transferCurrentComplicationUserInfo":
      return .app(
        .link(
          .send(
            .complicationUserInfo, from: .phone, payload: try linkPayload(fields, at: path),
            wantsReply: false)))
    case "cancelTransfers":
      return .app(.link(.cancelAll(from: try device(fields, "from", at: path))))
    case "phoneApp":
      guard let value = fields["state"] else {
        throw missing(
          path.appending(key: "state"),
          "one of \(Self.list(PhoneAppState.allCases.map(\.rawValue)))")
      }
      let text = try healthChoice(
        value, at: path.appending(key: "state"), noun: "a phone app state",
        options: PhoneAppState.allCases.map(\.rawValue))
      return .app(.phone(.app(PhoneAppState(rawValue: text) ?? .notRunning)))
    case "phoneAway": return .app(.phone(.away))
    case "phoneBack": return .app(.phone(.back))
    case "sameWiFi":
      return .app(.phone(.sameWiFi(try requiredBool(fields, "on", at: path))))
    case "complication":
      return .app(.phone(.complicationEnabled(try requiredBool(fields, "enabled", at: path))))
    case "watchApp":
      return .app(.phone(.watchAppInstalled(try requiredBool(fields, "installed", at: path))))
    default:
      return nil
    }
  }

  /// `from` or `device`: `"watch"` (the default) or `"phone"`.
  func device(_ fields: [String: JSONValue], _ key: String, at path: JSONPath)
    throws(ScenarioError) -> CompanionDevice
  {
    guard let value = fields[key] else { return .watch }
    let text = try healthChoice(
      value, at: path.appending(key: key), noun: "a device", options: Self.deviceNames)
    return CompanionDevice(rawValue: text) ?? .watch
  }

  /// A required boolean member.
  func requiredBool(_ fields: [String: JSONValue], _ key: String, at path: JSONPath)
    throws(ScenarioError) -> Bool
  {
    guard let value = fields[key] else { throw missing(path.appending(key: key), "true or false") }
    return try bool(value, at: path.appending(key: key))
  }

  /// `payload`: any JSON value, carried as its canonical JSON text (members sorted by key, no
  /// whitespace: `{"workout":"W1"}`; a string stays a JSON string, `"W1"`), sized by that text's
  /// UTF-8 bytes.
  func linkPayload(_ fields: [String: JSONValue], at path: JSONPath) throws(ScenarioError)
    -> LinkPayload
  {
    guard let value = fields["payload"] else {
      throw missing(
        path.appending(key: "payload"), "any JSON value, for example { \"workout\": \"W1\" }")
    }
    return Self.payload(value)
  }

  /// `payload` of `sendMessageData`: a string, the data's text.
  func dataPayload(_ fields: [String: JSONValue], at path: JSONPath) throws(ScenarioError)
    -> LinkPayload
  {
    guard let value = fields["payload"] else {
      throw missing(path.appending(key: "payload"), "the data as a string, for example \"W1\"")
    }
    _ = try string(
      value, at: path.appending(key: "payload"),
      expected: "the data as a string, for example \"W1\"")
    return Self.payload(value)
  }

  /// `file` (a non-empty name) and `metadata` (an object, optional) of `transferFile`, carried
  /// as the canonical JSON of `{ "file": name, "metadata": metadata }`.
  func filePayload(_ fields: [String: JSONValue], at path: JSONPath) throws(ScenarioError)
    -> LinkPayload
  {
    let expected = "the file's name, for example \"route.gpx\""
    guard let value = fields["file"] else { throw missing(path.appending(key: "file"), expected) }
    let name = try string(value, at: path.appending(key: "file"), expected: expected)
    guard !name.isEmpty else {
      throw fail(path.appending(key: "file"), "\"\" is out of range (expected \(expected))")
    }
    var members: [(key: String, value: JSONValue)] = [(key: "file", value: value)]
    if let metadata = fields["metadata"] {
      guard case .object = metadata else {
        throw fail(
          path.appending(key: "metadata"),
          "\(Self.describe(metadata)) is not an object (expected the transfer's metadata, for example { \"kind\": \"route\" })"
        )
      }
      members.append((key: "metadata", value: metadata))
    }
    return Self.payload(.object(members))
  }

  /// `value`'s canonical compact JSON text and its UTF-8 size.
  static func payload(_ value: JSONValue) -> LinkPayload {
    let text = JSONWriter.encode(value, style: .compact)
    return LinkPayload(text: text, byteCount: text.utf8.count)
  }
}
