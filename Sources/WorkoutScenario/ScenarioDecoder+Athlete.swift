import Foundation
import WorkoutCore
import WorkoutFiles
import WorkoutJSON
import WorkoutPhysiology

/// The `athlete` key (docs/scenario-format.md).
extension ScenarioDecoder {
  // MARK: Athlete

  func athlete(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Scenario.Athlete {
    let keys = [
      "age", "sex", "massKg", "heightCm", "restingHeartRate", "maxHeartRate", "vo2Max",
    ]
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
    let age = try read("age") ?? standard.age
    let resting = try read("restingHeartRate") ?? standard.restingHeartRate
    let maximum = try read("maxHeartRate")
    let mass = try read("massKg") ?? standard.massKg
    let height = try read("heightCm") ?? standard.heightCm
    let vo2Max = try read("vo2Max") ?? standard.vo2Max
    do throws(AthleteError) {
      return try Scenario.Athlete(
        age: age, sex: sex, massKg: mass, heightCm: height, restingHeartRate: resting,
        maxHeartRate: maximum, vo2Max: vo2Max)
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
}
