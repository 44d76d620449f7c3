import Testing
import WorkoutScenario
import WorkoutSimTestSupport

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

  /// The whole message line of the error `json` gives, `nil` when it decodes.
  private func message(_ json: String) -> String? {
    do {
      _ = try decodeScenario(json)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func badTypeNamesSayWhatIsWrongAndSuggestTheClosestName() {
    let unknown =
      "is not a HealthKit type SimulatedHealthKit knows (expected an identifier such as \"HKQuantityTypeIdentifierStepCount\" or its short form \"stepCount\"; docs/scenario-format.md#authorization lists them)"
    // "stepCounts" is one deletion from "stepCount".
    #expect(
      message(
        #"{ "version": 1, "authorization": { "healthKit": { "read": { "granted": ["stepCounts"] } } } }"#
      )
        == "t.json: authorization.healthKit.read.granted[0]: \"stepCounts\" \(unknown); did you mean \"stepCount\"?"
    )
    // The full identifier in lower case: 0 edits ignoring case.
    #expect(
      message(
        #"{ "version": 1, "authorization": { "healthKit": { "share": { "denied": ["hkquantitytypeidentifierheartrate"] } } } }"#
      )
        == "t.json: authorization.healthKit.share.denied[0]: \"hkquantitytypeidentifierheartrate\" \(unknown); did you mean \"HKQuantityTypeIdentifierHeartRate\"?"
    )
    // "steps" is 5 edits from "stepCount": no suggestion.
    #expect(
      message(
        #"{ "version": 1, "authorization": { "healthKit": { "read": { "denied": ["steps"] } } } }"#)
        == "t.json: authorization.healthKit.read.denied[0]: \"steps\" \(unknown)")
  }

  @Test func aTypeBothGrantedAndDeniedIsNamedAsSuch() {
    // The short and the full name are one type; granted is read first.
    #expect(
      message(
        #"{ "version": 1, "authorization": { "healthKit": { "share": { "granted": ["HKWorkoutTypeIdentifier"], "denied": ["stepCount", "workout"] } } } }"#
      )
        == "t.json: authorization.healthKit.share.denied[1]: \"workout\" is both granted and denied (it is also in \"granted\"; give each type one answer)"
    )
    #expect(
      message(
        #"{ "version": 1, "authorization": { "healthKit": { "read": { "denied": ["stepCount", "HKQuantityTypeIdentifierStepCount"] } } } }"#
      )
        == "t.json: authorization.healthKit.read.denied[1]: \"HKQuantityTypeIdentifierStepCount\" is listed twice (each type once)"
    )
  }
}
