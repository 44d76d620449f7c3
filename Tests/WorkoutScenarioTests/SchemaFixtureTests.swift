import Foundation
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

/// The repository root.
private let repositoryRoot = packageRoot

private func jsonFiles(_ relativeFolder: String) -> [URL] {
  let folder = repositoryRoot.appendingPathComponent(relativeFolder)
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
}

/// The schema and the decoder must agree: what the schema accepts decodes, what it rejects does
/// not (the decoder may reject more: rules a schema cannot express).
@Suite("Schema fixtures and the decoder agree")
struct SchemaFixtureTests {
  @Test("there are fixtures to check")
  func fixturesExist() {
    #expect(jsonFiles("Tests/SchemaFixtures/valid").count >= 5)
    #expect(jsonFiles("Tests/SchemaFixtures/invalid").count >= 40)
  }

  @Test("every valid schema fixture decodes", arguments: jsonFiles("Tests/SchemaFixtures/valid"))
  func validFixture(url: URL) {
    #expect(throws: Never.self) { try Scenario.load(contentsOf: url) }
  }

  @Test(
    "every invalid schema fixture fails to decode with a data error",
    arguments: jsonFiles("Tests/SchemaFixtures/invalid"))
  func invalidFixture(url: URL) {
    do {
      _ = try Scenario.load(contentsOf: url)
      Issue.record("\(url.lastPathComponent) decoded but the schema rejects it")
    } catch {
      #expect(error.exitCode == 65)
    }
  }

  @Test("the default scenario's fixture is the built-in default scenario")
  func defaultScenarioFixture() throws {
    let url = repositoryRoot.appendingPathComponent(
      "Tests/SchemaFixtures/valid/default-scenario.json")
    var loaded = try Scenario.load(contentsOf: url)
    loaded.sourceURL = nil
    #expect(loaded == Scenario.defaultScenario)
  }

  @Test("the schema lists the decoder's names and defaults")
  func schemaMatchesDecoder() throws {
    let url = repositoryRoot.appendingPathComponent("Schemas/scenario-v1.schema.json")
    let schema = try JSONParser.parse([UInt8](try Data(contentsOf: url)))
    let definitions = try #require(schema["$defs"])
    func strings(_ value: JSONValue?) -> [String] {
      guard case .array(let items) = value else { return [] }
      return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
    func keys(_ value: JSONValue?) -> [String] {
      guard case .object(let members) = value else { return [] }
      return members.map(\.key)
    }
    #expect(
      strings(definitions["activity"]?["enum"]).sorted()
        == WorkoutActivityType.allCases.map(\.name).sorted())
    #expect(
      strings(definitions["action"]?["properties"]?["do"]?["enum"]) == Scenario.Action.Kind.names)
    #expect(
      keys(definitions["sensors"]?["properties"])
        == QuantityType.allCases.map(\.rawValue) + ["location"])
    #expect(
      keys(schema["properties"]).filter { $0 != "$schema" } == [
        "version", "name", "start", "timeZone", "seed", "activity", "location", "athlete",
        "course", "sensors", "builder", "finish", "timeline", "expect", "watch", "selector",
        "goals", "today", "health", "authorization", "app", "phone", "motion", "gps", "swim",
        "strength",
      ])
    #expect(
      keys(schema["properties"]?["gps"]?["properties"])
        == ["latitude", "longitude", "altitude", "heading", "track"])
    #expect(
      strings(schema["properties"]?["authorization"]?["properties"]?["location"]?["enum"])
        == Scenario.LocationAnswer.allCases.map(\.rawValue))
    let motion = schema["properties"]?["motion"]?["properties"]
    #expect(motion?["latency"]?["default"] == .number(15))
    #expect(motion?["magnetometer"]?["default"] == .bool(Scenario.Motion().magnetometer))
    #expect(
      strings(motion?["activities"]?["items"]?["properties"]?["activity"]?["enum"])
        == MotionActivityKind.allCases.map(\.rawValue))
    #expect(
      strings(motion?["activities"]?["items"]?["properties"]?["confidence"]?["enum"])
        == MotionConfidence.allCases.map(\.name))
    let health = schema["properties"]?["health"]?["properties"]
    #expect(
      keys(health) == [
        "days", "generate", "habits", "workouts", "ecg", "lock", "trip", "priority", "samples",
        "sleep", "medications",
      ])
    #expect(
      strings(
        health?["medications"]?["items"]?["properties"]?["doses"]?["items"]?["properties"]?[
          "status"]?["enum"]) == HealthPlan.doseStatuses)
    #expect(health?["days"]?["default"] == .number(Double(HealthPlan().days)))
    #expect(strings(health?["priority"]?["default"]) == HealthPlan().priority)
    #expect(strings(health?["priority"]?["items"]?["enum"]) == HealthPlan.sourceNames)
    #expect(
      strings(health?["samples"]?["items"]?["properties"]?["type"]?["enum"])
        == HealthPlan.quantityTypeNames)
    #expect(
      strings(health?["sleep"]?["items"]?["properties"]?["stage"]?["enum"])
        == SleepStage.allCases.map(\.name))
    let habits = health?["habits"]?["properties"]
    #expect(habits?["carriesPhone"]?["default"] == .number(HealthPlan.Habits().carriesPhone))
    #expect(habits?["wake"]?["default"] == .string("7:00:00"))
    #expect(HealthPlan.Habits().wake == .seconds(7 * 3600))
    #expect(habits?["bed"]?["default"] == .string("23:00:00"))
    #expect(HealthPlan.Habits().bed == .seconds(23 * 3600))
    let phone = schema["properties"]?["phone"]?["properties"]
    #expect(
      keys(phone) == [
        "network", "widgets", "widgetBudget", "backgroundAppRefresh", "charging", "app", "away",
        "sameWiFi", "paired", "watchAppInstalled", "complicationEnabled", "complicationBudget",
        "complicationBudgetReset", "link", "heartRateDevice", "lockedWorkoutAccess", "taskExpiry",
      ])
    let phoneDefaults = Scenario.Phone()
    #expect(phone?["app"]?["default"] == .string(phoneDefaults.app.rawValue))
    #expect(
      strings(phone?["app"]?["enum"]) == PhoneAppState.allCases.map(\.rawValue))
    #expect(phone?["paired"]?["default"] == .bool(phoneDefaults.paired))
    #expect(phone?["watchAppInstalled"]?["default"] == .bool(phoneDefaults.watchAppInstalled))
    #expect(phone?["complicationEnabled"]?["default"] == .bool(phoneDefaults.complicationEnabled))
    #expect(
      phone?["complicationBudget"]?["default"] == .number(Double(phoneDefaults.complicationBudget)))
    #expect(phone?["complicationBudget"]?["minimum"] == .number(0))
    #expect(phone?["complicationBudget"]?["maximum"] == .number(1000))
    #expect(phone?["complicationBudgetReset"]?["default"] == .string("0:00:00"))
    #expect(phoneDefaults.complicationBudgetReset == .zero)
    let link = phone?["link"]?["properties"]
    #expect(keys(link) == ["messageLatency", "transferLatency", "replyTimeout"])
    // 0.1 s, 1 s, 5 s.
    #expect(link?["messageLatency"]?["default"] == .number(0.1))
    #expect(phoneDefaults.messageLatency == .milliseconds(100))
    #expect(link?["transferLatency"]?["default"] == .number(1))
    #expect(phoneDefaults.transferLatency == .seconds(1))
    #expect(link?["replyTimeout"]?["default"] == .number(5))
    #expect(phoneDefaults.replyTimeout == .seconds(5))
    #expect(
      strings(schema["properties"]?["watch"]?["properties"]?["appState"]?["enum"]) == [
        "active", "notRunning",
      ])
    #expect(
      keys(phone?["network"]?["properties"]) == [
        "offline", "offlineDaily", "serverErrors", "hangs",
      ])
    #expect(phone?["widgetBudget"]?["default"] == .number(Double(Scenario.Phone().widgetBudget)))
    #expect(phone?["widgetBudget"]?["minimum"] == .number(1))
    #expect(phone?["widgetBudget"]?["maximum"] == .number(1000))
    #expect(
      phone?["backgroundAppRefresh"]?["default"]
        == .bool(Scenario.Phone().backgroundAppRefresh))
    // WidgetKit's WidgetFamily cases (developer.apple.com/documentation/widgetkit/widgetfamily).
    #expect(
      strings(phone?["widgets"]?["items"]?["properties"]?["family"]?["enum"]) == [
        "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular",
        "accessoryRectangular", "accessoryInline",
      ])
    #expect(
      strings(schema["properties"]?["authorization"]?["properties"]?["notifications"]?["enum"])
        == Scenario.Authorization.Answer.allCases.map(\.rawValue))
    let goals = schema["properties"]?["goals"]?["properties"]
    #expect(goals?["activeEnergyBurned"]?["default"] == .number(500))
    #expect(goals?["appleExerciseTime"]?["default"] == .string("30:00"))
    #expect(goals?["stepCount"]?["default"] == .number(10_000))
    let selector = schema["properties"]?["selector"]?["properties"]
    #expect(
      strings(selector?["items"]?["default"])
        == Scenario.Selector.defaultItems.map(\.name))
    #expect(
      strings(selector?["sensitivity"]?["enum"])
        == Scenario.Selector.Sensitivity.allCases.map(\.rawValue))
    let watch = schema["properties"]?["watch"]?["properties"]
    #expect(watch?["returnToClock"]?["default"] == .number(120))
    #expect(watch?["backgroundGracePeriod"]?["default"] == .number(10))
    #expect(watch?["willExpireLeadTime"]?["default"] == .number(30))
    #expect(
      strings(watch?["extendedRuntimeType"]?["enum"])
        == ExtendedRuntimeSessionType.allCases.map(\.rawValue))
    let reminders = watch?["workoutReminders"]?["properties"]
    let standard = WorkoutReminderSettings()
    #expect(reminders?["minSustain"]?["default"] == .number(standard.minSustain.secondsValue))
    #expect(reminders?["mergeGap"]?["default"] == .number(standard.mergeGap.secondsValue))
    #expect(reminders?["minConfidence"]?["default"] == .string(standard.minConfidence.name))
    #expect(
      Set(strings(reminders?["activities"]?["default"]))
        == Set(standard.activities.map(\.rawValue)))
    let autoPause = watch?["autoPause"]?["properties"]
    #expect(autoPause?["speedThreshold"]?["default"] == .number(0.5))
    #expect(autoPause?["pauseAfter"]?["default"] == .number(3))
    #expect(autoPause?["resumeAfter"]?["default"] == .number(2))
    let athlete = definitions["athlete"]?["properties"]
    let defaults = Scenario.Athlete.standard
    #expect(athlete?["age"]?["default"] == .number(defaults.age))
    #expect(athlete?["sex"]?["default"] == .string(defaults.sex.rawValue))
    #expect(athlete?["massKg"]?["default"] == .number(defaults.massKg))
    #expect(athlete?["heightCm"]?["default"] == .number(defaults.heightCm))
    #expect(athlete?["restingHeartRate"]?["default"] == .number(defaults.restingHeartRate))
    #expect(athlete?["vo2Max"]?["default"] == .number(defaults.vo2Max))
    #expect(
      athlete?["heartRateRiseSeconds"]?["default"]
        == .number(defaults.heartRate.riseTimeConstant))
    #expect(
      athlete?["heartRateFallSeconds"]?["default"]
        == .number(defaults.heartRate.fallTimeConstant))
    #expect(athlete?["heartRateDrift"]?["default"] == .number(defaults.heartRate.driftGain))
    #expect(
      athlete?["heartRateRecoveryResidual"]?["default"]
        == .number(defaults.heartRate.recoveryResidualFraction))
    #expect(
      athlete?["heartRateSlowComponent"]?["default"]
        == .number(defaults.heartRate.slowComponentGain))
    #expect(
      athlete?["heartRateSlowSeconds"]?["default"]
        == .number(defaults.heartRate.slowComponentTimeConstant))
    #expect(schema["properties"]?["seed"]?["default"] == .number(1))
    #expect(schema["properties"]?["timeZone"]?["default"] == .string("UTC"))
    #expect(schema["properties"]?["finish"]?["default"] == .string("auto"))
    #expect(schema["properties"]?["location"]?["default"] == .string("outdoor"))
    #expect(schema["properties"]?["activity"]?["default"] == .string("running"))
  }
}
