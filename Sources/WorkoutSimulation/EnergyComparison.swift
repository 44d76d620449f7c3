import WorkoutCore

/// Energy in a replay's comparison with the recording's own totals, like with like
/// (docs/recordings.md#energy-in-the-comparison): a device's `calories` (FIT `total_calories`,
/// TCX `Calories`) are total energy, active and resting together, while the record's
/// ``WorkoutCore/WorkoutRecord/totalEnergyBurned`` is active energy only (HealthKit's
/// `totalEnergyBurned` of a workout sums `activeEnergyBurned`). The model's side of the
/// comparison is therefore its active plus its basal energy.
public enum EnergyComparison {
  /// What the file's `calories` hold, as the comparison labels it.
  public static let fileLabel = "total (active + resting)"
  /// What the replay's compared energy holds, as the comparison labels it.
  public static let replayLabel = "active + basal"

  /// The record's total energy in kcal, its active (``WorkoutCore/WorkoutRecord/totalEnergyBurned``)
  /// plus its basal energy (the sum of its `basalEnergyBurned` samples), the quantity a device's
  /// `calories` report; `nil` when the record has no basal energy (a disabled sensor), so that
  /// active energy alone is never set beside a total.
  public static func totalEnergy(of record: WorkoutRecord) -> Double? {
    guard let basal = record.statistics[.basalEnergyBurned]?.sum else { return nil }
    return (record.totalEnergyBurned ?? 0) + basal
  }
}
