import WorkoutCore

/// Energy expenditure from heart rate, Keytel et al. 2005 ("Prediction of energy expenditure from
/// heart rate monitoring during submaximal exercise", J Sports Sci 23(3):289–297,
/// doi:10.1080/02640410470001730089; docs/models.md#energy-from-heart-rate-keytel-2005).
///
/// workout-sim uses it only as a cross-check of the workload model at steady exercise
/// (HR ≳ 90 bpm); it is not the energy model.
public enum Keytel {
  /// Kilojoules per kilocalorie, 4.184.
  public static let kilojoulesPerKilocalorie = 4.184

  /// Gross energy expenditure in kcal/min (kJ/min ÷ 4.184), clamped at ≥ 0.
  ///
  /// Without VO2max: men −55.0969 + 0.6309·HR + 0.1988·M + 0.2017·age; women −20.4022 + 0.4472·HR
  /// − 0.1263·M + 0.0740·age. With VO2max: men −95.7735 + 0.634·HR + 0.404·VO2max + 0.394·M +
  /// 0.271·age; women −59.3954 + 0.450·HR + 0.380·VO2max + 0.103·M + 0.274·age (kJ/min).
  ///
  /// - Parameters:
  ///   - heartRate: bpm.
  ///   - massKg: kg.
  ///   - age: years.
  ///   - sex: selects the constants.
  ///   - vo2Max: mL·kg⁻¹·min⁻¹, or `nil` for the equation without it.
  public static func kilocaloriesPerMinute(
    heartRate: Double, massKg: Double, age: Double, sex: BiologicalSex, vo2Max: Double? = nil
  ) -> Double {
    let kilojoules: Double
    switch (sex, vo2Max) {
    case (.male, nil):
      kilojoules = -55.0969 + 0.6309 * heartRate + 0.1988 * massKg + 0.2017 * age
    case (.female, nil):
      kilojoules = -20.4022 + 0.4472 * heartRate - 0.1263 * massKg + 0.0740 * age
    case (.male, let v?):
      kilojoules = -95.7735 + 0.634 * heartRate + 0.404 * v + 0.394 * massKg + 0.271 * age
    case (.female, let v?):
      kilojoules = -59.3954 + 0.450 * heartRate + 0.380 * v + 0.103 * massKg + 0.274 * age
    }
    return max(0, kilojoules / kilojoulesPerKilocalorie)
  }
}
