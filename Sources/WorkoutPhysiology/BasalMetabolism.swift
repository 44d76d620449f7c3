import WorkoutCore

/// Resting (basal) energy expenditure from body size, age and sex: the Mifflin–St Jeor equation
/// (Mifflin MD, St Jeor ST, Hill LA, Scott BJ, Daugherty SA, Koh YO, "A new predictive equation
/// for resting energy expenditure in healthy individuals", Am J Clin Nutr 51(2):241–247, 1990,
/// doi:10.1093/ajcn/51.2.241; docs/health-data.md#basal-energy).
public enum BasalMetabolism {
  /// Resting energy expenditure in kcal/day: 10 × mass (kg) + 6.25 × height (cm) − 5 × age (y)
  /// + 5 for men, − 161 for women.
  ///
  /// - Parameter athlete: the body (mass, height, age, sex).
  /// - Returns: kcal per day (positive for every athlete within ``Athlete/ranges``).
  public static func mifflinStJeorKilocaloriesPerDay(_ athlete: Athlete) -> Double {
    let base = 10 * athlete.massKg + 6.25 * athlete.heightCm - 5 * athlete.age
    return base + (athlete.sex == .male ? 5 : -161)
  }
}
