import WorkoutCore

/// Biological sex, as the scenario's `athlete.sex` (`"female"` or `"male"`); selects the sex-specific
/// constants of Keytel et al. 2005 and the step-length heuristic
/// (docs/models.md#energy-from-heart-rate-keytel-2005, docs/models.md#cadence-and-steps).
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

/// The profile the physiology models use (docs/scenario-format.md#athlete).
///
/// Defaults follow the spec: 35 years, female, 65 kg, 170 cm, resting heart rate 60 bpm, maximal
/// heart rate by Tanaka, Monahan & Seals (J Am Coll Cardiol 37(1):153–156, 2001):
/// `208 − 0.7 × age` when not given, VO2max 40 mL·kg⁻¹·min⁻¹.
public struct Athlete: Sendable, Equatable {
  /// Age in years (`age`), 5 to 120 (``ranges``).
  public let age: Double
  /// Biological sex (`sex`).
  public let sex: BiologicalSex
  /// Body mass in kilograms (`massKg`), 20 to 300 (``ranges``).
  public let massKg: Double
  /// Height in centimetres (`heightCm`), 100 to 250 (``ranges``).
  public let heightCm: Double
  /// Resting heart rate in bpm (`restingHeartRate`), 25 to 120 (``ranges``).
  public let restingHeartRate: Double
  /// Maximal heart rate in bpm (`maxHeartRate`), 100 to 230 and above ``restingHeartRate`` (``ranges``).
  public let maxHeartRate: Double
  /// Maximal oxygen uptake in mL·kg⁻¹·min⁻¹ (`vo2Max`), 10 to 95 (``ranges``).
  public let vo2Max: Double
  /// The heart rate's kinetics and drift: the rise and fall time constants
  /// (`heartRateRiseSeconds`, `heartRateFallSeconds`, 5 to 300 s) and the drift gain
  /// (`heartRateDrift`, 0 to 0.5), the recovery residual (`heartRateRecoveryResidual`, 0 to
  /// 0.95) and the slow component (`heartRateSlowComponent`, 0 to 0.5; `heartRateSlowSeconds`,
  /// 60 to 3600 s) within ``ranges``; the residual's time constant and the drift's onset and end
  /// keep workout-sim's values unless set in Swift (docs/models.md#heart-rate).
  public let heartRate: HeartRateParameters
  /// Functional threshold power in watts (`functionalThresholdPower`), 20 to 1000 (``ranges``),
  /// or `nil` (the default): the power a rider can hold for about an hour, from which the
  /// system's six cycling-power zones are made (`WorkoutZones.powerBoundaries`). No physiology
  /// model reads it.
  public var functionalThresholdPower: Double?
  /// The mean SDNN of the person's short heart-rate-variability readings in ms
  /// (`heartRateVariabilitySDNN`), 5 to 250 (``ranges``), or `nil` (the default: the health
  /// generator's 50 ms). Only the health generator reads it (docs/health-data.md#heart-rate-variability).
  public var heartRateVariabilitySDNN: Double?
  /// The mean breathing rate asleep in breaths per minute (`respiratoryRate`), 4 to 40
  /// (``ranges``), or `nil` (the default: the health generator's 15.4). Only the health
  /// generator reads it (docs/health-data.md#breathing-rate).
  public var respiratoryRate: Double?

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
  ///   - heartRate: the heart rate's kinetics and drift; default workout-sim's
  ///     (``HeartRateParameters/init(riseTimeConstant:fallTimeConstant:recoveryResidualFraction:recoveryResidualTimeConstant:driftGain:driftOnset:driftFull:slowComponentGain:slowComponentTimeConstant:)``).
  /// - Throws: ``AthleteError`` when a value is not finite, out of range, or the maximal heart
  ///   rate is not above the resting one.
  public init(
    age: Double = 35, sex: BiologicalSex = .female, massKg: Double = 65, heightCm: Double = 170,
    restingHeartRate: Double = 60, maxHeartRate: Double? = nil, vo2Max: Double = 40,
    heartRate: HeartRateParameters = HeartRateParameters()
  ) throws(AthleteError) {
    func check(_ field: String, _ value: Double) throws(AthleteError) {
      guard let range = Athlete.ranges[field], value.isFinite, range.contains(value) else {
        throw .outOfRange(field: field, value: value)
      }
    }
    try check("age", age)
    try check("massKg", massKg)
    try check("heightCm", heightCm)
    try check("restingHeartRate", restingHeartRate)
    try check("vo2Max", vo2Max)
    try check("heartRateRiseSeconds", heartRate.riseTimeConstant)
    try check("heartRateFallSeconds", heartRate.fallTimeConstant)
    try check("heartRateDrift", heartRate.driftGain)
    try check("heartRateRecoveryResidual", heartRate.recoveryResidualFraction)
    try check("heartRateSlowComponent", heartRate.slowComponentGain)
    try check("heartRateSlowSeconds", heartRate.slowComponentTimeConstant)
    let maximum = maxHeartRate ?? Athlete.tanakaMaxHeartRate(age: age)
    try check("maxHeartRate", maximum)
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
    self.heartRate = heartRate
  }

  /// The values the models accept, per scenario key: age 5–120 years, mass 20–300 kg, height
  /// 100–250 cm, resting heart rate 25–120 bpm, maximal heart rate 100–230 bpm (given or by
  /// Tanaka), VO2max 10–95 mL/kg/min, heart-rate rise and fall time constants 5–300 s, drift
  /// gain 0–0.5, slow-component gain 0–0.5 and time constant 60–3600 s, functional threshold
  /// power 20–1000 W, heart rate variability (SDNN) 5–250 ms, breathing rate asleep 4–40 per
  /// minute (wider than the short-term SDNN norms, whose study means lie between 32 and 93 ms,
  /// and the 12–20 per minute of healthy adults: docs/health-data.md). A project rule: beyond them the equations leave the populations they were
  /// fitted on (ACSM and Tanaka are adult equations; a VO2max at or below the resting
  /// 3.5 mL/kg/min leaves no reserve), and extreme values would make no body (published time
  /// constants lie between about 10 s and 2 min, drift up to about +20 % in the heat; no rider holds 1000 W for an hour;
  /// docs/models.md#heart-rate). The narrower ranges a fit keeps to are ``HeartRateFit/bounds``.
  public static let ranges: [String: ClosedRange<Double>] = [
    "age": 5...120, "massKg": 20...300, "heightCm": 100...250, "restingHeartRate": 25...120,
    "maxHeartRate": 100...230, "vo2Max": 10...95, "heartRateRiseSeconds": 5...300,
    "heartRateFallSeconds": 5...300, "heartRateDrift": 0...0.5,
    "heartRateRecoveryResidual": 0...0.95, "heartRateSlowComponent": 0...0.5,
    "heartRateSlowSeconds": 60...3600, "functionalThresholdPower": 20...1000,
    "heartRateVariabilitySDNN": 5...250, "respiratoryRate": 4...40,
  ]

  /// The spec's default athlete (35 y, female, 65 kg, 170 cm, 60 bpm rest, 183.5 bpm max, VO2max
  /// 40).
  public static let standard: Athlete = {
    guard let athlete = try? Athlete() else {
      preconditionFailure("Athlete.standard: the spec defaults were rejected")
    }
    return athlete
  }()

  /// Tanaka's maximal heart rate, `208 − 0.7 × age` bpm (Tanaka, Monahan & Seals 2001;
  /// docs/models.md#maximum-heart-rate).
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
  /// (pedometer heuristic, docs/models.md#cadence-and-steps).
  public var walkingStepLength: Double {
    (sex == .female ? 0.413 : 0.415) * heightCm / 100
  }
}
