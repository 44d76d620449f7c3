import WorkoutCore

/// Running power and stride length from the models workout-sim already runs on foot
/// (docs/models.md#running-power-and-stride-length).
///
/// Not collected yet: no workout delivers `runningPower` or `runningStrideLength` samples
/// (docs/activity-types.md); these are the models such samples will come from.
public enum RunningDynamics {
  /// Efficiency of positive muscular work, 0.25: R. Margaria, "Positive and negative work
  /// performances and their efficiencies in human locomotion", Internationale Zeitschrift für
  /// angewandte Physiologie 25:339–351 (1968).
  public static let positiveWorkEfficiency = 0.25

  /// Joules per millilitre of oxygen, 20.92: the energy model's 5 kcal per litre
  /// (``Metabolism/kilocaloriesPerLitreOxygen``) × 4184 J/kcal / 1000 mL/L, so that power and
  /// energy agree.
  public static let joulesPerMillilitreOxygen = Metabolism.kilocaloriesPerLitreOxygen * 4.184

  /// Running power in watts: the mechanical power of the net metabolic power on foot,
  /// P = η × netVO2(v, G) × M × 20.92 / 60, with η ``positiveWorkEfficiency`` and the net VO2 of
  /// ``Metabolism/netVO2OnFoot(metresPerSecond:grade:)`` (ACSM with Minetti's gradient cost, in
  /// mL·kg⁻¹·min⁻¹). 0 when standing still.
  ///
  /// Worked value (docs/models.md): 65 kg at 3.0 m/s on the flat: net VO2 0.2 × 180 = 36;
  /// 36 × 65 × 20.92 / 60 = 815.88 W metabolic; × 0.25 = 203.97 W.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - grade: fraction, −0.45 ... 0.45 (clamped).
  ///   - massKg: body mass.
  public static func power(metresPerSecond: Double, grade: Double, massKg: Double) -> Double {
    let net = Metabolism.netVO2OnFoot(metresPerSecond: metresPerSecond, grade: grade)
    return max(0, positiveWorkEfficiency * net * massKg * joulesPerMillilitreOxygen / 60)
  }

  /// Stride length in metres as HealthKit counts it, the distance of one step
  /// (`HKQuantityTypeIdentifier.runningStrideLength`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningstridelength):
  /// speed / (cadence / 60). 0 without steps.
  ///
  /// Worked value: 3.0 m/s at 161.6 steps/min (``Cadence/running(metresPerSecond:)`` at
  /// 3.0 m/s) is 3.0 / 2.69333 = 1.11386 m.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - stepsPerMinute: step cadence, ≥ 0.
  public static func strideLength(metresPerSecond: Double, stepsPerMinute: Double) -> Double {
    stepsPerMinute > 0 ? max(0, metresPerSecond) / (stepsPerMinute / 60) : 0
  }
}
