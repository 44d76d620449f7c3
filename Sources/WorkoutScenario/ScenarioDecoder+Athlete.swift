import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `athlete` key (docs/scenario-format.md).
extension ScenarioDecoder {
  // MARK: Athlete

  /// The keys of the athlete's characteristics (``Scenario/Characteristics``).
  static let characteristicKeys = [
    "dateOfBirth", "bloodType", "skinType", "wheelchairUse", "moveMode",
  ]

  /// `athlete`: the body and its characteristics.
  ///
  /// - Parameters:
  ///   - start: the date of `t = 0` when the file fixes it (a `start` key, or a course of
  ///     segments and the default start), `nil` for a recording without `start`; a
  ///     `dateOfBirth` needs it.
  ///   - timeZone: the scenario's time zone: the start's local date the age counts to.
  func athlete(_ value: JSONValue, at path: JSONPath, start: Date?, timeZone: String)
    throws(ScenarioError) -> (Scenario.Athlete, Scenario.Characteristics)
  {
    let keys =
      [
        "age", "sex", "massKg", "heightCm", "restingHeartRate", "maxHeartRate", "vo2Max",
        "heartRateRiseSeconds", "heartRateFallSeconds", "heartRateDrift",
        "heartRateRecoveryResidual", "heartRateSlowComponent", "heartRateSlowSeconds",
        "functionalThresholdPower", "heartRateVariabilitySDNN", "respiratoryRate",
      ] + Self.characteristicKeys
    let fields = try members(
      value, at: path, allowed: keys, expected: "an object with keys \(Self.list(keys))")
    let standard = Scenario.Athlete.standard
    func read(_ key: String) throws(ScenarioError) -> Double? {
      guard let field = fields[key] else { return nil }
      // The models' own ranges, so that what validates also runs.
      guard let range = WorkoutPhysiology.Athlete.ranges[key] else {
        preconditionFailure("athlete key \(key) has no range in Athlete.ranges")
      }
      return try number(
        field, at: path.appending(key: key), .within(range.lowerBound, range.upperBound))
    }
    var sex = standard.sex
    if let value = fields["sex"] {
      let text = try choice(
        value, at: path.appending(key: "sex"), noun: "a sex",
        options: BiologicalSex.allCases.map(\.rawValue))
      sex = BiologicalSex(rawValue: text) ?? .female
    }
    var characteristics = try characteristics(fields, at: path)
    // HealthKit's characteristic is the sex as given; left out, it is not set.
    characteristics.biologicalSex = fields["sex"] == nil ? nil : sex
    let given = try read("age")
    var age = given ?? standard.age
    if let birth = characteristics.dateOfBirth {
      let years = try ageAtStart(
        of: birth, at: path.appending(key: "dateOfBirth"), start: start, timeZone: timeZone)
      if let given, Int(given.rounded(.down)) != years {
        throw fail(
          path.appending(key: "dateOfBirth"),
          "\(JSONPath.quoted(birth.text)) makes the athlete \(years) at the scenario's start; athlete.age is \(Self.format(given)) (give one of them, or two that agree)"
        )
      }
      age = given ?? Double(years)
    }
    try checkMoveMode(&characteristics, age: age, at: path.appending(key: "moveMode"))
    let resting = try read("restingHeartRate") ?? standard.restingHeartRate
    let maximum = try read("maxHeartRate")
    let mass = try read("massKg") ?? standard.massKg
    let height = try read("heightCm") ?? standard.heightCm
    let vo2Max = try read("vo2Max") ?? standard.vo2Max
    var kinetics = standard.heartRate
    kinetics.riseTimeConstant = try read("heartRateRiseSeconds") ?? kinetics.riseTimeConstant
    kinetics.fallTimeConstant = try read("heartRateFallSeconds") ?? kinetics.fallTimeConstant
    kinetics.driftGain = try read("heartRateDrift") ?? kinetics.driftGain
    kinetics.recoveryResidualFraction =
      try read("heartRateRecoveryResidual") ?? kinetics.recoveryResidualFraction
    kinetics.slowComponentGain = try read("heartRateSlowComponent") ?? kinetics.slowComponentGain
    kinetics.slowComponentTimeConstant =
      try read("heartRateSlowSeconds") ?? kinetics.slowComponentTimeConstant
    let thresholdPower = try read("functionalThresholdPower")
    let variability = try read("heartRateVariabilitySDNN")
    let breathing = try read("respiratoryRate")
    do throws(AthleteError) {
      var athlete = try Scenario.Athlete(
        age: age, sex: sex, massKg: mass, heightCm: height, restingHeartRate: resting,
        maxHeartRate: maximum, vo2Max: vo2Max, heartRate: kinetics)
      athlete.functionalThresholdPower = thresholdPower
      athlete.heartRateVariabilitySDNN = variability
      athlete.respiratoryRate = breathing
      return (athlete, characteristics)
    } catch {
      switch error {
      case .maxNotAboveResting(_, let resolved):
        let source =
          maximum == nil
          ? "208 − 0.7 × age (Tanaka) = \(Self.format(resolved))"
          : "maxHeartRate \(Self.format(resolved))"
        throw fail(
          path.appending(key: "restingHeartRate"),
          "\(Self.format(resting)) is out of range (expected below the maximum heart rate, \(source))"
        )
      case .outOfRange(let field, let value):
        // Only a Tanaka maximum can get here (every given value was checked above), and ages
        // 5 to 120 give 124 to 204.5 bpm, inside the range: kept for safety, not reachable.
        throw fail(
          path.appending(key: field == "maxHeartRate" ? "age" : field),
          "\(Self.format(value)) is out of range for the physiology models")
      }
    }
  }

  // MARK: Characteristics

  /// `dateOfBirth`, `bloodType`, `skinType`, `wheelchairUse` and `moveMode` of `fields`.
  private func characteristics(_ fields: [String: JSONValue], at path: JSONPath)
    throws(ScenarioError) -> Scenario.Characteristics
  {
    var result = Scenario.Characteristics()
    if let value = fields["dateOfBirth"] {
      result.dateOfBirth = try birthDate(value, at: path.appending(key: "dateOfBirth"))
    }
    if let value = fields["bloodType"] {
      let names = Scenario.Characteristics.BloodType.allCases.map(\.rawValue)
      let text = try healthChoice(
        value, at: path.appending(key: "bloodType"), noun: "a blood type", options: names)
      result.bloodType = Scenario.Characteristics.BloodType(rawValue: text)
    }
    if let value = fields["skinType"] {
      let names = Scenario.Characteristics.SkinType.allCases.map(\.rawValue)
      let text = try healthChoice(
        value, at: path.appending(key: "skinType"), noun: "a Fitzpatrick skin type",
        options: names)
      result.skinType = Scenario.Characteristics.SkinType(rawValue: text)
    }
    if let value = fields["wheelchairUse"] {
      result.wheelchairUse = try bool(value, at: path.appending(key: "wheelchairUse"))
    }
    if let value = fields["moveMode"] {
      let names = Scenario.Characteristics.MoveMode.allCases.map(\.rawValue)
      let text = try healthChoice(
        value, at: path.appending(key: "moveMode"), noun: "a move mode", options: names)
      result.moveMode = Scenario.Characteristics.MoveMode(rawValue: text)
    }
    return result
  }

  /// A `"YYYY-MM-DD"` date of the Gregorian calendar that exists.
  private func birthDate(_ value: JSONValue, at path: JSONPath) throws(ScenarioError)
    -> Scenario.Characteristics.BirthDate
  {
    let expected = "a date written YYYY-MM-DD, for example \"1986-03-30\""
    let text = try string(value, at: path, expected: expected)
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let digits = parts.map { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      !digits.contains(false), let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2])
    else {
      throw fail(path, "\(JSONPath.quoted(text)) is not a date (expected \(expected))")
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else {
      throw fail(
        path, "\(JSONPath.quoted(text)) is not a day of the calendar (expected \(expected))")
    }
    return Scenario.Characteristics.BirthDate(year: year, month: month, day: day)
  }

  /// The completed years of a person born on `birth` at the local date of `start` in
  /// `timeZone`, within the athlete's age range.
  private func ageAtStart(
    of birth: Scenario.Characteristics.BirthDate, at path: JSONPath, start: Date?,
    timeZone: String
  ) throws(ScenarioError) -> Int {
    guard let start else {
      throw fail(
        path,
        "needs the scenario's start to count the age to: a recording course without \"start\" starts at its first time stamp, known only when the recording is read; add \"start\" or give \"age\" alone"
      )
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!
    let local = calendar.dateComponents([.year, .month, .day], from: start)
    let (year, month, day) = (local.year ?? 0, local.month ?? 1, local.day ?? 1)
    let startText = Scenario.Characteristics.BirthDate(year: year, month: month, day: day).text
    let years = birth.age(onYear: year, month: month, day: day)
    guard years >= 0 else {
      throw fail(
        path, "\(JSONPath.quoted(birth.text)) is after the scenario's start (\(startText))")
    }
    // The range of `age`, so that the age a date of birth gives also runs.
    let range = WorkoutPhysiology.Athlete.ranges["age"] ?? 5...120
    guard range.contains(Double(years)) else {
      throw fail(
        path,
        "\(JSONPath.quoted(birth.text)) makes the athlete \(years) at the scenario's start (\(startText)); expected an age from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
      )
    }
    return years
  }

  /// A given `moveMode` must fit the age: move time is HealthKit's only mode under 13 and
  /// active energy its only mode from 19 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitymovemode).
  private func checkMoveMode(
    _ characteristics: inout Scenario.Characteristics, age: Double, at path: JSONPath
  ) throws(ScenarioError) {
    guard let mode = characteristics.moveMode else { return }
    let years = Int(age.rounded(.down))
    if mode == .activeEnergy, years < 13 {
      throw fail(
        path,
        "\"activeEnergy\" is not a move mode at age \(years) (HealthKit tracks move time for people under 13: expected \"appleMoveTime\", or leave the key out)"
      )
    }
    if mode == .appleMoveTime, years > 18 {
      throw fail(
        path,
        "\"appleMoveTime\" is not a move mode at age \(years) (from 19 the Move ring counts active energy: expected \"activeEnergy\", or leave the key out)"
      )
    }
  }
}
