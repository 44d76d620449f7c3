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

  @Test func historyIsOneAnswerForEverySampleTypeOrListsByType() throws {
    let every = try #require(
      try decodeScenario(
        #"{ "version": 1, "authorization": { "healthKit": { "history": "past30Days" } } }"#
      ).authorization)
    #expect(every.defaultHistory == .past30Days)
    #expect(every.historyAnswer(for: "HKQuantityTypeIdentifierStepCount") == .past30Days)
    let listed = try #require(
      try decodeScenario(
        #"{ "version": 1, "authorization": { "healthKit": { "history": { "default": "past30Days", "all": ["workout"], "past30Days": ["HKQuantityTypeIdentifierStepCount"] } } } }"#
      ).authorization)
    #expect(listed.historyAnswer(for: "HKWorkoutTypeIdentifier") == .all)
    #expect(listed.historyAnswer(for: "HKQuantityTypeIdentifierStepCount") == .past30Days)
    #expect(listed.historyAnswer(for: "HKQuantityTypeIdentifierHeartRate") == .past30Days)
    // Without the key: the whole history.
    let none = try #require(
      try decodeScenario(#"{ "version": 1, "authorization": { "healthKit": {} } }"#)
        .authorization)
    #expect(none.historyAnswer(for: "HKQuantityTypeIdentifierStepCount") == .all)
  }

  @Test func badHistoryAnswersSayWhatIsWrongAtTheirPath() {
    func history(_ value: String) -> String? {
      message(#"{ "version": 1, "authorization": { "healthKit": { "history": "# + value + " } } }")
    }
    let path = "t.json: authorization.healthKit.history"
    #expect(
      history(#""past30days""#)
        == "\(path): \"past30days\" is not a history answer (expected one of all, past30Days); did you mean \"past30Days\"?"
    )
    #expect(
      history("30")
        == "\(path): 30 is not a history answer (expected all, past30Days or an object with keys default, all, past30Days)"
    )
    #expect(
      history(#"{ "past7Days": [] }"#)?.hasPrefix("\(path).past7Days: unknown key") == true)
    #expect(
      history(#"{ "past30Days": ["dateOfBirth"] }"#)
        == "\(path).past30Days[0]: \"dateOfBirth\" has no history to limit: HealthKit limits the history of sample types only (a characteristic always read whole)"
    )
    #expect(
      history(#"{ "all": ["activitySummary"] }"#)
        == "\(path).all[0]: \"activitySummary\" has no history to limit: HealthKit limits the history of sample types only (activity summaries always read whole)"
    )
    #expect(
      history(#"{ "all": ["stepCount"], "past30Days": ["stepCount"] }"#)
        == "\(path).past30Days[0]: \"stepCount\" is both all and past30Days (it is also in \"all\"; give each type one answer)"
    )
    #expect(
      history(#"{ "default": "some" }"#)
        == "\(path).default: \"some\" is not a history answer (expected one of all, past30Days)"
    )
    #expect(
      invalidPath(
        #"{ "version": 1, "authorization": { "healthKit": { "history": { "past30Days": ["steps"] } } } }"#
      ) == "authorization.healthKit.history.past30Days[0]")
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
