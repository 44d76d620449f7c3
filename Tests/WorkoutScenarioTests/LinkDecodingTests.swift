import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

/// The full message line of the data error `json` gives as `l.json` (`nil` when it decodes).
private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "l.json") }

/// A scenario whose timeline is the single action `action`.
private func action(_ action: String) -> String {
  #"{ "version": 1, "timeline": [ "# + action + #" ] }"#
}

/// The decoded kind of the single action `body`.
private func kind(_ body: String) throws -> Scenario.Action.Kind {
  try #require(try decodeScenario(action(body)).timeline.first).kind
}

@Suite("The phone link keys, watch.appState and the link actions: decoding and data errors")
struct LinkDecodingTests {
  @Test("no link keys: the defaults")
  func defaults() throws {
    let scenario = try decodeScenario(#"{ "version": 1 }"#)
    let phone = scenario.phone
    #expect(phone.app == .notRunning)
    #expect(phone.away.isEmpty)
    #expect(phone.sameWiFi.isEmpty)
    #expect(phone.paired)
    #expect(phone.watchAppInstalled)
    #expect(phone.complicationEnabled == false)
    #expect(phone.complicationBudget == 50)
    #expect(phone.complicationBudgetReset == .zero)
    #expect(phone.messageLatency == .milliseconds(100))
    #expect(phone.transferLatency == .seconds(1))
    #expect(phone.replyTimeout == .seconds(5))
    #expect(scenario.watchAppState == .active)
  }

  @Test("every link key with its exact value")
  func everyKey() throws {
    let scenario = try decodeScenario(
      #"""
      { "version": 1, "watch": { "appState": "notRunning" },
        "phone": { "app": "background", "away": [ { "from": 0, "to": "10:00" } ],
          "sameWiFi": [ { "from": "2:00:00", "to": "2:30:00" } ], "paired": false,
          "watchAppInstalled": false, "complicationEnabled": true, "complicationBudget": 0,
          "complicationBudgetReset": "5:00:00",
          "link": { "messageLatency": 0.25, "transferLatency": "0:02", "replyTimeout": "1:00:00" } } }
      """#)
    let phone = scenario.phone
    #expect(scenario.watchAppState == .notRunning)
    #expect(phone.app == .background)
    // "10:00" = 600 s; 2:00:00 = 7 200 s, 2:30:00 = 9 000 s.
    #expect(phone.away == [SimulationInstant.zero..<SimulationInstant.seconds(600)])
    #expect(phone.sameWiFi == [SimulationInstant.seconds(7200)..<SimulationInstant.seconds(9000)])
    #expect(phone.paired == false)
    #expect(phone.watchAppInstalled == false)
    #expect(phone.complicationEnabled)
    #expect(phone.complicationBudget == 0)
    // 5:00:00 = 18 000 s after local midnight.
    #expect(phone.complicationBudgetReset == .seconds(18_000))
    #expect(phone.messageLatency == .milliseconds(250))
    #expect(phone.transferLatency == .seconds(2))
    // 1:00:00 = 3 600 s, the longest link time allowed.
    #expect(phone.replyTimeout == .seconds(3600))
    #expect(
      try decodeScenario(#"{ "version": 1, "watch": { "appState": "active" } }"#)
        .watchAppState == .active)
  }

  @Test("the link calls decode to the engine's operations")
  func calls() throws {
    #expect(try kind(#"{ "at": 0, "do": "activateSession" }"#) == .app(.link(.activate(.watch))))
    #expect(
      try kind(#"{ "at": 0, "do": "activateSession", "device": "phone" }"#)
        == .app(.link(.activate(.phone))))
    // {"workout":"W1"}: 16 UTF-8 bytes.
    #expect(
      try kind(#"{ "at": 1, "do": "sendMessage", "payload": { "workout" : "W1" } }"#)
        == .app(
          .link(
            .send(
              .message, from: .watch,
              payload: LinkPayload(text: #"{"workout":"W1"}"#, byteCount: 16), wantsReply: true)))
    )
    // Keys sorted by their UTF-8 bytes, no spaces: {"a":[1,2.5],"b":null} is 22 bytes.
    #expect(
      try kind(
        #"{ "at": 1, "do": "sendMessage", "from": "phone", "reply": false, "payload": { "b": null, "a": [1, 2.5] } }"#
      )
        == .app(
          .link(
            .send(
              .message, from: .phone,
              payload: LinkPayload(text: #"{"a":[1,2.5],"b":null}"#, byteCount: 22),
              wantsReply: false))))
    // A string payload stays a JSON string: "W1" with its quotes, 4 bytes.
    let w1 = LinkPayload(text: #""W1""#, byteCount: 4)
    #expect(
      try kind(#"{ "at": 2, "do": "sendMessageData", "payload": "W1" }"#)
        == .app(.link(.send(.messageData, from: .watch, payload: w1, wantsReply: true))))
    #expect(
      try kind(#"{ "at": 2, "do": "transferUserInfo", "payload": "W1" }"#)
        == .app(.link(.send(.userInfo, from: .watch, payload: w1, wantsReply: false))))
    // {"stepGoal":12000}: 18 bytes.
    #expect(
      try kind(
        #"{ "at": 2, "do": "updateApplicationContext", "from": "phone", "payload": { "stepGoal": 12000 } }"#
      )
        == .app(
          .link(
            .send(
              .applicationContext, from: .phone,
              payload: LinkPayload(text: #"{"stepGoal":12000}"#, byteCount: 18),
              wantsReply: false))))
    // {"file":"r.gpx","metadata":{"kind":"route"}}: 44 bytes.
    #expect(
      try kind(
        #"{ "at": 3, "do": "transferFile", "file": "r.gpx", "metadata": { "kind": "route" } }"#)
        == .app(
          .link(
            .send(
              .file, from: .watch,
              payload: LinkPayload(
                text: #"{"file":"r.gpx","metadata":{"kind":"route"}}"#, byteCount: 44),
              wantsReply: false))))
    // {"file":"r.gpx"}: 16 bytes.
    #expect(
      try kind(#"{ "at": 3, "do": "transferFile", "from": "phone", "file": "r.gpx" }"#)
        == .app(
          .link(
            .send(
              .file, from: .phone, payload: LinkPayload(text: #"{"file":"r.gpx"}"#, byteCount: 16),
              wantsReply: false))))
    // 7: 1 byte.
    #expect(
      try kind(#"{ "at": 4, "do": "transferCurrentComplicationUserInfo", "payload": 7 }"#)
        == .app(
          .link(
            .send(
              .complicationUserInfo, from: .phone, payload: LinkPayload(text: "7", byteCount: 1),
              wantsReply: false))))
    #expect(
      try kind(#"{ "at": 5, "do": "cancelTransfers" }"#) == .app(.link(.cancelAll(from: .watch))))
    #expect(
      try kind(#"{ "at": 5, "do": "cancelTransfers", "from": "phone" }"#)
        == .app(.link(.cancelAll(from: .phone))))
  }

  @Test("the world around the link decodes to the engine's phone actions")
  func world() throws {
    #expect(
      try kind(#"{ "at": 0, "do": "phoneApp", "state": "foreground" }"#)
        == .app(.phone(.app(.foreground))))
    #expect(try kind(#"{ "at": 0, "do": "phoneAway" }"#) == .app(.phone(.away)))
    #expect(try kind(#"{ "at": 0, "do": "phoneBack" }"#) == .app(.phone(.back)))
    #expect(
      try kind(#"{ "at": 0, "do": "sameWiFi", "on": true }"#) == .app(.phone(.sameWiFi(true))))
    #expect(
      try kind(#"{ "at": 0, "do": "complication", "enabled": false }"#)
        == .app(.phone(.complicationEnabled(false))))
    #expect(
      try kind(#"{ "at": 0, "do": "watchApp", "installed": false }"#)
        == .app(.phone(.watchAppInstalled(false))))
  }

  @Test("every link word is its kind's name")
  func names() throws {
    let words = [
      #"{ "at": 0, "do": "activateSession" }"#: "activateSession",
      #"{ "at": 0, "do": "sendMessage", "payload": 1 }"#: "sendMessage",
      #"{ "at": 0, "do": "sendMessageData", "payload": "a" }"#: "sendMessageData",
      #"{ "at": 0, "do": "transferUserInfo", "payload": 1 }"#: "transferUserInfo",
      #"{ "at": 0, "do": "updateApplicationContext", "payload": 1 }"#: "updateApplicationContext",
      #"{ "at": 0, "do": "transferFile", "file": "a" }"#: "transferFile",
      #"{ "at": 0, "do": "transferCurrentComplicationUserInfo", "payload": 1 }"#:
        "transferCurrentComplicationUserInfo",
      #"{ "at": 0, "do": "cancelTransfers" }"#: "cancelTransfers",
      #"{ "at": 0, "do": "phoneApp", "state": "background" }"#: "phoneApp",
      #"{ "at": 0, "do": "phoneAway" }"#: "phoneAway",
      #"{ "at": 0, "do": "phoneBack" }"#: "phoneBack",
      #"{ "at": 0, "do": "sameWiFi", "on": false }"#: "sameWiFi",
      #"{ "at": 0, "do": "complication", "enabled": true }"#: "complication",
      #"{ "at": 0, "do": "watchApp", "installed": true }"#: "watchApp",
    ]
    for (body, word) in words {
      #expect(try kind(body).name == word, "\(body)")
    }
  }

  @Test("data errors name the JSON path, what is valid and the closest name")
  func errors() {
    #expect(
      errorLine(#"{ "version": 1, "phone": { "app": "forground" } }"#)
        == #"l.json: phone.app: "forground" is not a phone app state (expected one of foreground, background, notRunning); did you mean "foreground"?"#
    )
    #expect(
      errorLine(#"{ "version": 1, "phone": { "complicationBuget": 3 } }"#)?.hasPrefix(
        #"l.json: phone.complicationBuget: unknown key (expected one of "#) == true)
    #expect(
      errorLine(#"{ "version": 1, "phone": { "complicationBuget": 3 } }"#)?.hasSuffix(
        #"; did you mean "complicationBudget"?"#) == true)
    #expect(
      errorLine(#"{ "version": 1, "phone": { "complicationBudget": 1001 } }"#)
        == "l.json: phone.complicationBudget: 1001 is out of range (expected a whole number from 0 to 1000)"
    )
    #expect(
      errorLine(#"{ "version": 1, "phone": { "link": { "replyTimeout": "1:00:01" } } }"#)
        == #"l.json: phone.link.replyTimeout: "1:00:01" is out of range (expected a time from 0 to 1 hour, "1:00:00")"#
    )
    #expect(
      errorLine(#"{ "version": 1, "phone": { "link": { "replyTimout": 1 } } }"#)
        == #"l.json: phone.link.replyTimout: unknown key (expected one of messageLatency, transferLatency, replyTimeout); did you mean "replyTimeout"?"#
    )
    #expect(
      errorLine(#"{ "version": 1, "phone": { "away": [ { "from": 600, "to": 600 } ] } }"#)
        == #"l.json: phone.away[0].to: 600 is out of range (expected a time after "from", 600)"#)
    #expect(
      errorLine(#"{ "version": 1, "watch": { "appState": "notrunning" } }"#)
        == #"l.json: watch.appState: "notrunning" is not a watch app state at t = 0 (expected one of active, notRunning); did you mean "notRunning"?"#
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "sendMesage", "payload": 1 }"#))?.hasSuffix(
        #"; did you mean "sendMessage"?"#) == true)
    #expect(
      errorLine(action(#"{ "at": 1, "do": "sendMessage", "payloud": 1 }"#))
        == #"l.json: timeline[0].payloud: unknown key (expected one of at, do, from, payload, reply); did you mean "payload"?"#
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "sendMessage" }"#))
        == #"l.json: timeline[0].payload: required key is missing (expected any JSON value, for example { "workout": "W1" })"#
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "transferUserInfo", "from": "Phone", "payload": 1 }"#))
        == #"l.json: timeline[0].from: "Phone" is not a device (expected one of watch, phone); did you mean "phone"?"#
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "sendMessageData", "payload": 5 }"#))
        == #"l.json: timeline[0].payload: 5 is not a string (expected the data as a string, for example "W1")"#
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "transferFile", "file": "" }"#))
        == #"l.json: timeline[0].file: "" is out of range (expected the file's name, for example "route.gpx")"#
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "transferFile", "file": "a", "metadata": 3 }"#))
        == #"l.json: timeline[0].metadata: 3 is not an object (expected the transfer's metadata, for example { "kind": "route" })"#
    )
    #expect(
      errorLine(
        action(
          #"{ "at": 1, "do": "transferCurrentComplicationUserInfo", "from": "phone", "payload": 1 }"#
        ))
        == #"l.json: timeline[0].from: unknown key (expected one of at, do, payload)"#)
    #expect(
      errorLine(action(#"{ "at": 1, "do": "sameWiFi" }"#))
        == "l.json: timeline[0].on: required key is missing (expected true or false)")
    #expect(
      errorLine(action(#"{ "at": 1, "do": "phoneApp", "state": "suspended" }"#))
        == "l.json: timeline[0].state: \"suspended\" is not a phone app state (expected one of foreground, background, notRunning)"
    )
    #expect(
      errorLine(action(#"{ "at": 1, "do": "phoneAway", "until": 600 }"#))
        == "l.json: timeline[0].until: unknown key (expected one of at, do)")
  }
}
