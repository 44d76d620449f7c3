import Testing
import WorkoutScenario
import WorkoutSimTestSupport

/// The athlete's characteristics (`sex`, `dateOfBirth`, `bloodType`, `skinType`,
/// `wheelchairUse`, `moveMode`): decoding, the age a date of birth gives, and data errors at their JSON path.
@Suite struct CharacteristicsDecodingTests {
  /// A scenario starting 2026-03-30 10:00 in Berlin (08:00 UTC) with `athlete` members.
  private func scenario(_ athlete: String, start: String = "2026-03-30T10:00:00+02:00")
    throws(ScenarioError) -> Scenario
  {
    try decodeScenario(
      """
      { "version": 1, "start": "\(start)", "timeZone": "Europe/Berlin", "athlete": { \(athlete) } }
      """)
  }

  private func error(_ athlete: String, start: String = "2026-03-30T10:00:00+02:00") -> String? {
    scenarioErrorLine(
      """
      { "version": 1, "start": "\(start)", "timeZone": "Europe/Berlin", "athlete": { \(athlete) } }
      """, fileName: "t.json")
  }

  @Test func everyCharacteristicDecodes() throws {
    let decoded = try scenario(
      #""dateOfBirth": "1986-03-30", "bloodType": "abNegative", "skinType": "III", "wheelchairUse": false, "moveMode": "activeEnergy""#
    )
    let expected = Scenario.Characteristics(
      dateOfBirth: .init(year: 1986, month: 3, day: 30), bloodType: .abNegative,
      skinType: .typeIII, wheelchairUse: false, moveMode: .activeEnergy)
    #expect(decoded.characteristics == expected)
    #expect(decoded.characteristics.dateOfBirth?.text == "1986-03-30")
    // None given: nothing set; the move mode follows the default age, 35: active energy.
    let plain = try scenario(#""age": 35"#)
    #expect(plain.characteristics == Scenario.Characteristics())
    #expect(plain.characteristics.moveMode(age: plain.athlete.age) == .activeEnergy)
  }

  /// `sex` is a characteristic as given; left out it is not set, while the physiology keeps its
  /// default, female (trial19).
  @Test func theSexIsSetOnlyWhenGiven() throws {
    let male = try scenario(#""sex": "male""#)
    #expect(male.characteristics.biologicalSex == .male)
    #expect(male.athlete.sex == .male)
    let female = try scenario(#""sex": "female""#)
    #expect(female.characteristics.biologicalSex == .female)
    let plain = try scenario(#""age": 35"#)
    #expect(plain.characteristics.biologicalSex == nil)
    #expect(plain.athlete.sex == .female)
  }

  /// Born 1986-03-30, the scenario starts on 2026-03-30 (local date in Berlin): the birthday,
  /// 2026 − 1986 = 40. Born a day later, the birthday is tomorrow: 39. The physiology's age is
  /// that when `age` is not given (and Tanaka's maximum follows it: 208 − 0.7 × 40 = 180).
  @Test func aDateOfBirthGivesTheAgeAtTheStart() throws {
    let forty = try scenario(#""dateOfBirth": "1986-03-30""#)
    #expect(forty.athlete.age == 40)
    #expect(forty.athlete.maxHeartRate == 180)
    #expect(try scenario(#""dateOfBirth": "1986-03-31""#).athlete.age == 39)
    // The local date counts: 2026-03-29T23:30:00-01:00 is 00:30 UTC on 30 March, 02:30 in
    // Berlin (CEST since 29 March): the birthday.
    #expect(
      try scenario(#""dateOfBirth": "1986-03-30""#, start: "2026-03-29T23:30:00-01:00").athlete
        .age == 40)
    // Born 29 February: the birthday of 2027 falls on 1 March.
    #expect(
      try scenario(#""dateOfBirth": "1988-02-29""#, start: "2027-02-28T12:00:00Z").athlete.age == 38
    )
    #expect(
      try scenario(#""dateOfBirth": "1988-02-29""#, start: "2027-03-01T12:00:00Z").athlete.age == 39
    )
    // An age that agrees is fine (40.5 years is 40 completed years).
    #expect(try scenario(#""dateOfBirth": "1986-03-30", "age": 40.5"#).athlete.age == 40.5)
    // Without `start` and with segments, the default start 2026-01-05 (UTC): 39.
    let defaulted = try decodeScenario(
      #"{ "version": 1, "athlete": { "dateOfBirth": "1986-03-30" } }"#)
    #expect(defaulted.athlete.age == 39)
  }

  /// The move mode by age: under 13 move time, else active energy; a given mode must fit.
  @Test func moveModeFollowsTheAge() throws {
    let child = try scenario(#""age": 10"#)
    #expect(child.characteristics.moveMode(age: child.athlete.age) == .appleMoveTime)
    let teen = try scenario(#""age": 15, "moveMode": "appleMoveTime""#)
    #expect(teen.characteristics.moveMode(age: teen.athlete.age) == .appleMoveTime)
    let teenDefault = try scenario(#""age": 15"#)
    #expect(teenDefault.characteristics.moveMode(age: teenDefault.athlete.age) == .activeEnergy)
  }

  @Test(
    "bad characteristics are data errors at their path",
    arguments: [
      (
        #""dateOfBirth": "30.03.1986""#,
        #"t.json: athlete.dateOfBirth: "30.03.1986" is not a date (expected a date written YYYY-MM-DD, for example "1986-03-30")"#
      ),
      (
        #""dateOfBirth": 1986"#,
        #"t.json: athlete.dateOfBirth: 1986 is not a string (expected a date written YYYY-MM-DD, for example "1986-03-30")"#
      ),
      (
        #""dateOfBirth": "1987-02-29""#,
        #"t.json: athlete.dateOfBirth: "1987-02-29" is not a day of the calendar (expected a date written YYYY-MM-DD, for example "1986-03-30")"#
      ),
      (
        #""dateOfBirth": "2030-01-01""#,
        #"t.json: athlete.dateOfBirth: "2030-01-01" is after the scenario's start (2026-03-30)"#
      ),
      (
        #""dateOfBirth": "1890-05-01""#,
        #"t.json: athlete.dateOfBirth: "1890-05-01" makes the athlete 135 at the scenario's start (2026-03-30); expected an age from 5 to 120"#
      ),
      (
        #""dateOfBirth": "1986-03-31", "age": 40"#,
        #"t.json: athlete.dateOfBirth: "1986-03-31" makes the athlete 39 at the scenario's start; athlete.age is 40 (give one of them, or two that agree)"#
      ),
      (
        #""bloodType": "A+""#,
        #"t.json: athlete.bloodType: "A+" is not a blood type (expected one of aPositive, aNegative, bPositive, bNegative, abPositive, abNegative, oPositive, oNegative)"#
      ),
      (
        #""bloodType": "oPositiv""#,
        #"t.json: athlete.bloodType: "oPositiv" is not a blood type (expected one of aPositive, aNegative, bPositive, bNegative, abPositive, abNegative, oPositive, oNegative); did you mean "oPositive"?"#
      ),
      (
        #""skinType": 3"#,
        #"t.json: athlete.skinType: 3 is not a Fitzpatrick skin type (expected one of I, II, III, IV, V, VI)"#
      ),
      (
        #""wheelchairUse": "yes""#,
        #"t.json: athlete.wheelchairUse: "yes" is not true or false"#
      ),
      (
        #""moveMode": "appleMoveTime""#,
        #"t.json: athlete.moveMode: "appleMoveTime" is not a move mode at age 35 (from 19 the Move ring counts active energy: expected "activeEnergy", or leave the key out)"#
      ),
      (
        #""age": 9, "moveMode": "activeEnergy""#,
        #"t.json: athlete.moveMode: "activeEnergy" is not a move mode at age 9 (HealthKit tracks move time for people under 13: expected "appleMoveTime", or leave the key out)"#
      ),
    ])
  func badCharacteristics(athlete: String, message: String) {
    #expect(error(athlete) == message)
  }

  /// A recording course without `start` starts at its first record, unknown while decoding: a
  /// date of birth needs a start.
  @Test func aDateOfBirthNeedsAStart() {
    let line = scenarioErrorLine(
      #"{ "version": 1, "course": { "recording": "run.fit" }, "athlete": { "dateOfBirth": "1986-03-30" } }"#,
      fileName: "t.json")
    #expect(
      line
        == #"t.json: athlete.dateOfBirth: needs the scenario's start to count the age to: a recording course without "start" starts at its first time stamp, known only when the recording is read; add "start" or give "age" alone"#
    )
  }

  /// Characteristics are read-only in HealthKit: listing one (or the activity summary type) to
  /// share is an error; reading them is fine.
  @Test func characteristicsCannotBeShared() throws {
    let line = scenarioErrorLine(
      #"{ "version": 1, "authorization": { "healthKit": { "share": { "granted": ["stepCount", "dateOfBirth"] } } } }"#,
      fileName: "t.json")
    #expect(
      line
        == #"t.json: authorization.healthKit.share.granted[1]: "dateOfBirth" cannot be shared: HealthKit lets an app read a characteristic, never write it (list it under "read")"#
    )
    let summary = scenarioErrorLine(
      #"{ "version": 1, "authorization": { "healthKit": { "share": { "denied": ["activitySummary"] } } } }"#,
      fileName: "t.json")
    #expect(
      summary
        == #"t.json: authorization.healthKit.share.denied[0]: "activitySummary" cannot be shared: HealthKit lets an app read activity summaries, never write it (list it under "read")"#
    )
    let read = try decodeScenario(
      #"{ "version": 1, "authorization": { "healthKit": { "read": { "denied": ["dateOfBirth", "HKCharacteristicTypeIdentifierBloodType"] } } } }"#
    )
    #expect(
      read.authorization?.readAnswer(for: "HKCharacteristicTypeIdentifierDateOfBirth") == .denied)
    #expect(
      read.authorization?.readAnswer(for: "HKCharacteristicTypeIdentifierBloodType") == .denied)
  }
}
