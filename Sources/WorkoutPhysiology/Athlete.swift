import WorkoutCore

/// Biological sex, as the scenario's `athlete.sex` (`"female"` or `"male"`); selects the sex-specific
/// constants of Keytel et al. 2005 and the step-length heuristic (physiology.md §2, §5.2).
public enum BiologicalSex: String, Sendable, Hashable, CaseIterable {
  /// `"female"`.
  case female
  /// `"male"`.
  case male
}

/// Why an ``Athlete`` could not be built from the given values.
public enum AthleteError: Error, Equatable, Sendable {
  /// A value is not finite or lies outside its allowed range; `field` is the scenario key
  /// (`"age"`, `"massKg"`, `"heightCm"`, `"restingHeartRate"`, `"maxHeartRate"`, `"vo2Max"`).
  case outOfRange(field: String, value: Double)
  /// `maxHeartRate` is not above `restingHeartRate` (both in bpm).
  case maxNotAboveResting(resting: Double, max: Double)
}

/// The profile the physiology models use (scenario spec v1, "Athlete").
///
/// Defaults follow the spec: 35 years, female, 65 kg, 170 cm, resting heart rate 60 bpm, maximal
/// heart rate by Tanaka, Monahan & Seals (J Am Coll Cardiol 37(1):153–156, 2001):
/// `208 − 0.7 × age` when not given, VO2max 40 mL·kg⁻¹·min⁻¹.
public struct Athlete: Sendable, Equatable {
  /// Age in years (`age`), in (0, 130].
  public let age: Double
  /// Biological sex (`sex`).
  public let sex: BiologicalSex
  /// Body mass in kilograms (`massKg`), in (0, 500].
  public let massKg: Double
  /// Height in centimetres (`heightCm`), in (0, 300].
  public let heightCm: Double
  /// Resting heart rate in bpm (`restingHeartRate`), in (0, 250).
  public let restingHeartRate: Double
  /// Maximal heart rate in bpm (`maxHeartRate`), above ``restingHeartRate`` and at most 250.
  public let maxHeartRate: Double
  /// Maximal oxygen uptake in mL·kg⁻¹·min⁻¹ (`vo2Max`), above 1 MET (3.5) and at most 100.
  public let vo2Max: Double

  /// Creates a profile; every argument defaults to the spec's value.
  ///
  /// - Parameters:
  ///   - age: years; default 35.
  ///   - sex: default `.female`.
  ///   - massKg: kilograms; default 65.
  ///   - heightCm: centimetres; default 170.
  ///   - restingHeartRate: bpm; default 60.
  ///   - maxHeartRate: bpm; `nil` (the default) gives Tanaka's `208 − 0.7 × age`.
  ///   - vo2Max: mL·kg⁻¹·min⁻¹; default 40.
  /// - Throws: ``AthleteError`` when a value is not finite, out of range, or the maximal heart
  ///   rate is not above the resting one.
  public init(
    age: Double = 35, sex: BiologicalSex = .female, massKg: Double = 65, heightCm: Double = 170,
    restingHeartRate: Double = 60, maxHeartRate: Double? = nil, vo2Max: Double = 40
  ) throws(AthleteError) {
    func check(_ field: String, _ value: Double, _ low: Double, _ high: Double) throws(AthleteError)
    {
      guard value.isFinite, value > low, value <= high else {
        throw .outOfRange(field: field, value: value)
      }
    }
    try check("age", age, 0, 130)
    try check("massKg", massKg, 0, 500)
    try check("heightCm", heightCm, 0, 300)
    try check("restingHeartRate", restingHeartRate, 0, 249.999)
    try check("vo2Max", vo2Max, 3.5, 100)
    let maximum = maxHeartRate ?? Athlete.tanakaMaxHeartRate(age: age)
    try check("maxHeartRate", maximum, 0, 250)
    guard maximum > restingHeartRate else {
      throw .maxNotAboveResting(resting: restingHeartRate, max: maximum)
    }
    self.age = age
    self.sex = sex
    self.massKg = massKg
    self.heightCm = heightCm
    self.restingHeartRate = restingHeartRate
    self.maxHeartRate = maximum
    self.vo2Max = vo2Max
  }

  /// The spec's default athlete (35 y, female, 65 kg, 170 cm, 60 bpm rest, 183.5 bpm max, VO2max
  /// 40).
  public static let standard: Athlete = {
    guard let athlete = try? Athlete() else {
      preconditionFailure("Athlete.standard: the spec defaults were rejected")
    }
    return athlete
  }()

  /// Tanaka's maximal heart rate, `208 − 0.7 × age` bpm (Tanaka, Monahan & Seals 2001;
  /// physiology.md §4.1).
  ///
  /// - Parameter age: years.
  public static func tanakaMaxHeartRate(age: Double) -> Double {
    208 - 0.7 * age
  }

  /// Heart-rate reserve `max − rest` in bpm (Karvonen).
  public var heartRateReserve: Double { maxHeartRate - restingHeartRate }

  /// VO2 reserve `vo2Max − 3.5` in mL·kg⁻¹·min⁻¹ (Swain & Leutholtz 1997).
  public var vo2Reserve: Double { vo2Max - Metabolism.restingVO2 }

  /// Walking step length in metres from height: 0.413 × height (women), 0.415 × height (men)
  /// (pedometer heuristic, physiology.md §5.2).
  public var walkingStepLength: Double {
    (sex == .female ? 0.413 : 0.415) * heightCm / 100
  }
}
