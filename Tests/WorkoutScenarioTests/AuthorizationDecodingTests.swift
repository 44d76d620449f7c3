import Testing
import WorkoutScenario

/// The `authorization` and `app` keys.
@Suite struct AuthorizationDecodingTests {
  @Test func answersDecodeByFullOrShortName() throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "authorization": { "healthKit": { "default": "denied",
        "read": { "granted": ["stepCount", "HKQuantityTypeIdentifierHeartRate"] },
        "share": { "granted": ["workout"], "denied": ["sleepAnalysis"] } } } }
      """)
    let answers = try #require(scenario.authorization)
    #expect(answers.defaultAnswer == .denied)
    #expect(answers.readAnswer(for: "HKQuantityTypeIdentifierStepCount") == .granted)
    #expect(answers.readAnswer(for: "HKQuantityTypeIdentifierHeartRate") == .granted)
    // Not listed: the default.
    #expect(answers.readAnswer(for: "HKQuantityTypeIdentifierActiveEnergyBurned") == .denied)
    #expect(answers.shareAnswer(for: "HKWorkoutTypeIdentifier") == .granted)
    #expect(answers.shareAnswer(for: "HKCategoryTypeIdentifierSleepAnalysis") == .denied)
    #expect(try decodeScenario(#"{ "version": 1 }"#).authorization == nil)
  }

  @Test func theInfoPlistIsInlineOrAPath() throws {
    let inline = try decodeScenario(
      #"{ "version": 1, "app": { "infoPlist": { "NSHealthShareUsageDescription": "Reads steps", "UIBackgroundModes": ["processing"] } } }"#
    )
    #expect(
      inline.app.infoPlist
        == .keys(["NSHealthShareUsageDescription": "Reads steps", "UIBackgroundModes": ""]))
    let file = try decodeScenario(#"{ "version": 1, "app": { "infoPlist": "App/Info.plist" } }"#)
    #expect(file.app.infoPlist == .file("App/Info.plist"))
    #expect(try decodeScenario(#"{ "version": 1 }"#).app.infoPlist == nil)
  }

  @Test func badAnswersNameTheirPath() {
    #expect(
      invalidPath(#"{ "version": 1, "authorization": { "healthKit": { "default": "maybe" } } }"#)
        == "authorization.healthKit.default")
    #expect(
      invalidPath(
        #"{ "version": 1, "authorization": { "healthKit": { "read": { "denied": ["steps"] } } } }"#
      ) == "authorization.healthKit.read.denied[0]")
    // Granted is read first, so the repeat is the denied one.
    #expect(
      invalidPath(
        #"{ "version": 1, "authorization": { "healthKit": { "read": { "denied": ["stepCount"], "granted": ["stepCount"] } } } }"#
      ) == "authorization.healthKit.read.denied[0]")
    #expect(
      invalidPath(#"{ "version": 1, "authorization": { "watchKit": {} } }"#)
        == "authorization.watchKit")
    #expect(invalidPath(#"{ "version": 1, "app": { "infoPlist": 3 } }"#) == "app.infoPlist")
    #expect(invalidPath(#"{ "version": 1, "app": { "infoPlist": "" } }"#) == "app.infoPlist")
  }
}
