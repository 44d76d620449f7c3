import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport

/// The full message line of the data error `json` gives as `p.json` (`nil` when it decodes).
private func errorLine(_ json: String) -> String? { scenarioErrorLine(json, fileName: "p.json") }

/// A scenario whose `phone` is `body`.
private func phone(_ body: String) -> String {
  #"{ "version": 1, "start": "2026-03-02T07:30:00+01:00", "phone": "# + body + " }"
}

private let families =
  "systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline"

@Suite("The phone key and authorization.notifications: decoding and their data errors")
struct PhoneDecodingTests {
  @Test("no phone key or an empty object: the defaults")
  func defaults() throws {
    let none = try decodeScenario(#"{ "version": 1 }"#).phone
    #expect(none == Scenario.Phone())
    #expect(try decodeScenario(phone("{}")).phone == Scenario.Phone())
    #expect(none.offline.isEmpty)
    #expect(none.offlineDaily.isEmpty)
    #expect(none.widgets.isEmpty)
    #expect(none.widgetBudget == 40)
    #expect(none.backgroundAppRefresh)
    // 0:00 to 6:00 = 0 to 21 600 s.
    #expect(none.charging == [.init(from: .zero, to: .seconds(21_600))])
  }

  @Test("every key with its exact value")
  func everyKey() throws {
    let decoded = try decodeScenario(
      phone(
        #"""
        { "network": {
            "offline": [ { "from": "1:00:00", "to": "2026-03-02T09:00:00+01:00" },
                         { "from": -600, "to": "-5:00" } ],
            "offlineDaily": [ { "from": "23:30:00", "to": "0:30:00" } ] },
          "widgets": [ { "kind": "StepsWidget", "family": "systemSmall" },
                       { "kind": "StepsWidget", "family": "systemMedium" },
                       { "kind": "StepComplication", "family": "accessoryCircular" } ],
          "widgetBudget": 70, "backgroundAppRefresh": false,
          "charging": [ { "from": "22:00:00", "to": "7:00:00" }, { "from": "0:13:00", "to": 3600 } ] }
        """#)
    ).phone
    // 1:00:00 = 3 600 s; 09:00+01:00 is 1.5 h after the start 07:30+01:00 = 5 400 s.
    // -600 s; "-5:00" = -300 s.
    #expect(
      decoded.offline == [
        SimulationInstant.seconds(3600)..<SimulationInstant.seconds(5400),
        SimulationInstant.seconds(-600)..<SimulationInstant.seconds(-300),
      ])
    // 23:30 = 84 600 s, 0:30 = 1 800 s: past midnight.
    #expect(decoded.offlineDaily == [.init(from: .seconds(84_600), to: .seconds(1800))])
    #expect(
      decoded.widgets == [
        .init(kind: "StepsWidget", family: "systemSmall"),
        .init(kind: "StepsWidget", family: "systemMedium"),
        .init(kind: "StepComplication", family: "accessoryCircular"),
      ])
    #expect(decoded.widgetBudget == 70)
    #expect(decoded.backgroundAppRefresh == false)
    // 22:00 = 79 200 s, 7:00 = 25 200 s; "0:13:00" = 780 s, to 3 600 s (a time of day in two
    // parts, "13:00", is refused: TimeOfDayFormTests).
    #expect(
      decoded.charging == [
        .init(from: .seconds(79_200), to: .seconds(25_200)),
        .init(from: .seconds(780), to: .seconds(3600)),
      ])
  }

  @Test("serverErrors, hangs and taskExpiry: spans of scenario time, as offline")
  func serverAndTaskFaultSpans() throws {
    let decoded = try decodeScenario(
      phone(
        #"""
        { "network": { "serverErrors": [ { "from": "1:00:00", "to": "2026-03-02T09:00:00+01:00" } ],
                       "hangs": [ { "from": 60, "to": "2:00" } ] },
          "taskExpiry": [ { "from": -30, "to": "15:00" } ] }
        """#)
    ).phone
    // 1:00:00 = 3 600 s; 09:00+01:00 is 1.5 h after the start 07:30+01:00 = 5 400 s.
    #expect(
      decoded.serverErrors == [SimulationInstant.seconds(3600)..<SimulationInstant.seconds(5400)])
    // "2:00" = 120 s; "15:00" = 900 s.
    #expect(decoded.hangs == [SimulationInstant.seconds(60)..<SimulationInstant.seconds(120)])
    #expect(decoded.taskExpiry == [SimulationInstant.seconds(-30)..<SimulationInstant.seconds(900)])
    #expect(Scenario.Phone().serverErrors.isEmpty && Scenario.Phone().taskExpiry.isEmpty)
    #expect(
      errorLine(phone(#"{ "network": { "hangs": [ { "from": 60 } ] } }"#))?
        .hasPrefix("p.json: phone.network.hangs[0]") == true)
  }

  @Test("the budget's ends 1 and 1000 are allowed; charging may be empty")
  func budgetEnds() throws {
    #expect(try decodeScenario(phone(#"{ "widgetBudget": 1 }"#)).phone.widgetBudget == 1)
    #expect(try decodeScenario(phone(#"{ "widgetBudget": 1000 }"#)).phone.widgetBudget == 1000)
    #expect(try decodeScenario(phone(#"{ "charging": [] }"#)).phone.charging.isEmpty)
  }

  @Test("every widget family WidgetKit names decodes")
  func everyFamily() throws {
    let names = families.components(separatedBy: ", ")
    let list = names.map { #"{ "kind": "W", "family": "\#($0)" }"# }.joined(separator: ", ")
    let widgets = try decodeScenario(phone(#"{ "widgets": [\#(list)] }"#)).phone.widgets
    #expect(widgets.map(\.family) == names)
    #expect(names.count == 7)
  }

  @Test("the same kind in another family, or another kind in the same family, is no repeat")
  func sameKindOtherFamily() throws {
    let widgets = try decodeScenario(
      phone(
        #"{ "widgets": [ { "kind": "A", "family": "systemSmall" }, { "kind": "B", "family": "systemSmall" }, { "kind": "A", "family": "systemLarge" } ] }"#
      )
    ).phone.widgets
    #expect(widgets.count == 3)
  }

  @Test("a date-time in network.offline needs the scenario's start")
  func dateTimeWithoutStart() {
    // A recording's course gives t = 0 its date only later, so a date-time cannot be placed.
    #expect(
      errorLine(
        #"{ "version": 1, "course": { "recording": "r.fit" }, "phone": { "network": { "offline": [ { "from": "2026-03-02T09:00:00+01:00", "to": 7200 } ] } } }"#
      )
        == "p.json: phone.network.offline[0].from: \"2026-03-02T09:00:00+01:00\" is a date-time, which needs a fixed \"start\" (a recording's course takes t = 0 from its file, and \"start\": \"now\" from the clock; write a time from t = 0 instead, or give \"start\" a date-time)"
    )
  }

  @Test("unknown keys name their path and the closest key")
  func unknownKeys() {
    #expect(
      errorLine(phone(#"{ "widget": [] }"#))
        == "p.json: phone.widget: unknown key (expected one of network, widgets, widgetBudget, backgroundAppRefresh, charging, app, away, sameWiFi, paired, watchAppInstalled, complicationEnabled, complicationBudget, complicationBudgetReset, link, heartRateDevice, lockedWorkoutAccess, taskExpiry); did you mean \"widgets\"?"
    )
    #expect(
      errorLine(phone(#"{ "network": { "ofline": [] } }"#))
        == "p.json: phone.network.ofline: unknown key (expected one of offline, offlineDaily, serverErrors, hangs); did you mean \"offline\"?"
    )
    // "size" is 3 edits from "kind": too far for a suggestion.
    #expect(
      errorLine(phone(#"{ "widgets": [ { "kind": "W", "size": "small" } ] }"#))
        == "p.json: phone.widgets[0].size: unknown key (expected one of kind, family)")
    #expect(
      errorLine(phone(#"{ "charging": [ { "from": 0, "until": 60 } ] }"#))
        == "p.json: phone.charging[0].until: unknown key (expected one of from, to)")
    #expect(
      errorLine(phone("[]"))
        == "p.json: phone: an array is not an object (expected phone object with keys network, widgets, widgetBudget, backgroundAppRefresh, charging, app, away, sameWiFi, paired, watchAppInstalled, complicationEnabled, complicationBudget, complicationBudgetReset, link, heartRateDevice, lockedWorkoutAccess, taskExpiry)"
    )
    // `x-` keys are comments, everywhere.
    #expect(errorLine(phone(#"{ "x-note": 1, "network": { "x-why": "train" } }"#)) == nil)
  }

  @Test("Several wrong values: the first in the file's key order is reported (trial 30)")
  func firstWrongKeyInFileOrder() {
    // The format reads taskExpiry before widgetBudget, and widgetBudget before
    // lockedWorkoutAccess; the file lists lockedWorkoutAccess, then widgetBudget, then taskExpiry.
    #expect(
      errorLine(phone(#"{ "lockedWorkoutAccess": 1, "widgetBudget": 0, "taskExpiry": 3 }"#))
        == "p.json: phone.lockedWorkoutAccess: 1 is not true or false")
    #expect(
      errorLine(phone(#"{ "widgetBudget": 0, "taskExpiry": 3, "app": "asleep" }"#))
        == "p.json: phone.widgetBudget: 0 is out of range (expected a whole number from 1 to 1000)")
    // Inside phone.network too: hangs before offline in the file.
    #expect(
      errorLine(phone(#"{ "network": { "hangs": 1, "offline": 2 } }"#))
        == #"p.json: phone.network.hangs: 1 is not an array (expected spans { "from", "to" })"#)
  }

  @Test("widgetBudget: a whole number from 1 to 1000")
  func budgetErrors() {
    let expected = "(expected a whole number from 1 to 1000)"
    #expect(
      errorLine(phone(#"{ "widgetBudget": 0 }"#))
        == "p.json: phone.widgetBudget: 0 is out of range \(expected)")
    #expect(
      errorLine(phone(#"{ "widgetBudget": 1001 }"#))
        == "p.json: phone.widgetBudget: 1001 is out of range \(expected)")
    #expect(
      errorLine(phone(#"{ "widgetBudget": 2.5 }"#))
        == "p.json: phone.widgetBudget: 2.5 is not a whole number \(expected)")
    #expect(
      errorLine(phone(#"{ "widgetBudget": "40" }"#))
        == "p.json: phone.widgetBudget: \"40\" is not a whole number \(expected)")
  }

  @Test("widgets: kind non-empty, family one of WidgetFamily's names, no repeat")
  func widgetErrors() {
    #expect(
      errorLine(phone(#"{ "widgets": [ { "kind": "W", "family": "systemsmall" } ] }"#))
        == "p.json: phone.widgets[0].family: \"systemsmall\" is not a widget family (expected one of \(families)); did you mean \"systemSmall\"?"
    )
    #expect(
      errorLine(phone(#"{ "widgets": [ { "kind": "W", "family": "accessoryCorner" } ] }"#))
        == "p.json: phone.widgets[0].family: \"accessoryCorner\" is not a widget family (expected one of \(families))"
    )
    #expect(
      errorLine(phone(#"{ "widgets": [ { "kind": "", "family": "systemSmall" } ] }"#))
        == "p.json: phone.widgets[0].kind: \"\" is not a widget kind (expected the non-empty kind string of the widget's configuration, for example \"StepsWidget\")"
    )
    #expect(
      errorLine(phone(#"{ "widgets": [ { "kind": 3, "family": "systemSmall" } ] }"#))
        == "p.json: phone.widgets[0].kind: 3 is not a string (expected the widget configuration's kind, for example \"StepsWidget\")"
    )
    #expect(
      errorLine(phone(#"{ "widgets": [ { "family": "systemSmall" } ] }"#))
        == "p.json: phone.widgets[0].kind: required key is missing (expected the widget configuration's kind, for example \"StepsWidget\")"
    )
    #expect(
      errorLine(phone(#"{ "widgets": [ { "kind": "W" } ] }"#))
        == "p.json: phone.widgets[0].family: required key is missing (expected one of \(families))"
    )
    #expect(
      errorLine(
        phone(
          #"{ "widgets": [ { "kind": "W", "family": "systemSmall" }, { "kind": "W", "family": "systemMedium" }, { "family": "systemSmall", "kind": "W" } ] }"#
        ))
        == "p.json: phone.widgets[2]: the widget \"W\" in \"systemSmall\" is listed twice (also at phone.widgets[0]; list each kind and family once)"
    )
    // 101 distinct widgets: one more than the limit of 100.
    let many = (0...100).map { #"{ "kind": "W\#($0)", "family": "systemSmall" }"# }
    #expect(
      errorLine(phone(#"{ "widgets": [ "# + many.joined(separator: ", ") + " ] }"))
        == "p.json: phone.widgets: 101 widgets are more than a phone holds (expected at most 100: one per kind and family on the Home Screen, the Lock Screen and the Watch)"
    )
    #expect(
      errorLine(phone(#"{ "widgets": { "kind": "W" } }"#))
        == "p.json: phone.widgets: an object is not an array (expected widgets { \"kind\", \"family\" })"
    )
  }

  @Test("spans: offline as health.lock.periods, offlineDaily and charging as local times of day")
  func spanErrors() {
    #expect(
      errorLine(phone(#"{ "network": { "offline": [ { "from": 120, "to": 60 } ] } }"#))
        == "p.json: phone.network.offline[0].to: 60 is out of range (expected a time after \"from\", 120)"
    )
    #expect(
      errorLine(phone(#"{ "network": { "offline": [ { "from": 120 } ] } }"#))
        == "p.json: phone.network.offline[0].to: required key is missing (expected a time after \"from\")"
    )
    #expect(
      errorLine(phone(#"{ "network": { "offline": { "from": 0, "to": 60 } } }"#))
        == "p.json: phone.network.offline: an object is not an array (expected spans { \"from\", \"to\" })"
    )
    #expect(
      errorLine(
        phone(#"{ "network": { "offlineDaily": [ { "from": "6:00:00", "to": "6:00:00" } ] } }"#))
        == "p.json: phone.network.offlineDaily[0].to: \"6:00:00\" is \"from\" (expected a different time of day; a span past midnight has \"to\" before \"from\")"
    )
    #expect(
      errorLine(phone(#"{ "charging": [ { "from": "22:00:00", "to": "24:00:00" } ] }"#))
        == "p.json: phone.charging[0].to: \"24:00:00\" is not a time of day (expected 0 to \"23:59:59\", from local midnight)"
    )
    #expect(
      errorLine(phone(#"{ "charging": [ { "to": "6:00:00" } ] }"#))
        == "p.json: phone.charging[0].from: required key is missing (expected a local time of day)"
    )
  }

  @Test("backgroundAppRefresh: true or false")
  func backgroundAppRefreshErrors() {
    #expect(
      errorLine(phone(#"{ "backgroundAppRefresh": "yes" }"#))
        == "p.json: phone.backgroundAppRefresh: \"yes\" is not true or false")
  }

  @Test("authorization.notifications: granted or denied, alone or with healthKit")
  func notifications() throws {
    let denied = try decodeScenario(
      #"{ "version": 1, "authorization": { "notifications": "denied" } }"#)
    #expect(denied.authorization?.notifications == .denied)
    // Only notifications given: HealthKit keeps its default, granted.
    #expect(denied.authorization?.defaultAnswer == .granted)
    let both = try decodeScenario(
      #"{ "version": 1, "authorization": { "healthKit": { "default": "denied" }, "notifications": "granted" } }"#
    )
    #expect(both.authorization?.notifications == .granted)
    #expect(both.authorization?.defaultAnswer == .denied)
    let kitOnly = try decodeScenario(
      #"{ "version": 1, "authorization": { "healthKit": {} } }"#)
    #expect(kitOnly.authorization?.notifications == nil)
    #expect(
      errorLine(#"{ "version": 1, "authorization": { "notifications": "Granted" } }"#)
        == "p.json: authorization.notifications: \"Granted\" is not an answer (expected one of granted, denied); did you mean \"granted\"?"
    )
    #expect(
      errorLine(#"{ "version": 1, "authorization": { "notifications": true } }"#)
        == "p.json: authorization.notifications: true is not an answer (expected one of granted, denied)"
    )
    #expect(
      errorLine(#"{ "version": 1, "authorization": { "notification": "denied" } }"#)
        == "p.json: authorization.notification: unknown key (expected one of healthKit, location, motion, notifications, workoutScheduler, fallDetection); did you mean \"notifications\"?"
    )
  }

  @Test("an inline Info.plist keeps its arrays of strings")
  func infoPlistArrays() throws {
    let app = try decodeScenario(
      #"""
      { "version": 1, "app": { "infoPlist": {
        "BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh", "com.example.upload"],
        "UIBackgroundModes": [], "Mixed": ["a", 1], "NSHealthShareUsageDescription": "Reads" } } }
      """#
    ).app
    #expect(
      app.infoPlistStringArrays == [
        "BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh", "com.example.upload"],
        "UIBackgroundModes": [],
      ])
    // The keys as before: arrays and other values with an empty string.
    #expect(
      app.infoPlist
        == .keys([
          "BGTaskSchedulerPermittedIdentifiers": "", "UIBackgroundModes": "", "Mixed": "",
          "NSHealthShareUsageDescription": "Reads",
        ]))
    let file = try decodeScenario(#"{ "version": 1, "app": { "infoPlist": "Info.plist" } }"#).app
    #expect(file.infoPlistStringArrays.isEmpty)
  }

  @Test("heartRateDevice and lockedWorkoutAccess: the phone's own workouts")
  func phoneWorkoutKeys() throws {
    let none = try decodeScenario(#"{ "version": 1 }"#).phone
    #expect(none.heartRateDevice == nil)
    #expect(none.lockedWorkoutAccess)
    let empty = try decodeScenario(phone(#"{ "heartRateDevice": {} }"#)).phone
    #expect(empty.heartRateDevice == .init(interval: .seconds(5), dropouts: []))
    let decoded = try decodeScenario(
      phone(
        #"{ "heartRateDevice": { "interval": 1, "dropouts": [{ "from": 60, "to": "1:30" }] }, "lockedWorkoutAccess": false }"#
      )
    ).phone
    // "1:30" = 90 s.
    #expect(
      decoded.heartRateDevice
        == .init(
          interval: .seconds(1),
          dropouts: [SimulationInstant.seconds(60)..<SimulationInstant.seconds(90)]))
    #expect(decoded.lockedWorkoutAccess == false)
  }

  @Test("heartRateDevice and lockedWorkoutAccess: data errors at their paths")
  func phoneWorkoutKeyErrors() {
    #expect(
      errorLine(phone(#"{ "heartRateDevice": { "interval": 0 } }"#))
        == "p.json: phone.heartRateDevice.interval: 0 is out of range (expected a time above zero)"
    )
    #expect(
      errorLine(phone(#"{ "heartRateDevice": { "dropouts": [{ "from": 60, "to": 30 }] } }"#))
        == "p.json: phone.heartRateDevice.dropouts[0].to: 30 is out of range (expected a time after \"from\", 60)"
    )
    #expect(
      errorLine(phone(#"{ "heartRateDevice": { "name": "strap" } }"#))?.hasPrefix(
        "p.json: phone.heartRateDevice.name: unknown key") == true)
    #expect(
      errorLine(phone(#"{ "lockedWorkoutAccess": "yes" }"#))?.hasPrefix(
        "p.json: phone.lockedWorkoutAccess: ") == true)
  }

  @Test("a timeline action's device: phone on the session's calls and probes, nowhere else")
  func actionDevice() throws {
    let scenario = try decodeScenario(
      #"{ "version": 1, "timeline": [{ "at": 0, "do": "start", "device": "phone" }, { "at": 1, "do": "pause" }, { "at": 2, "do": "activateSession", "device": "phone" }, { "at": 3, "do": "probe", "device": "phone" }] }"#
    )
    #expect(scenario.timeline.map(\.device) == [.phone, .watch, .watch, .phone])
    #expect(
      errorLine(#"{ "version": 1, "timeline": [{ "at": 0, "do": "start", "device": "tablet" }] }"#)?
        .hasPrefix("p.json: timeline[0].device: \"tablet\" is not a device") == true)
    let wristDown =
      #"{ "version": 1, "timeline": [{ "at": 0, "do": "wristDown", "device": "phone" }] }"#
    #expect(
      errorLine(wristDown)?.hasPrefix("p.json: timeline[0].device: \"wristDown\" takes no device")
        == true)
  }
}
