import WorkoutCore

/// An ECG recording's summary, kept in the store's side table; its voltages are made on demand
/// from ``seed`` (Apple doc: https://developer.apple.com/documentation/healthkit/hkelectrocardiogram).
public struct HealthElectrocardiogram: Sendable, Equatable {
  /// `HKElectrocardiogram.Classification` raw value (1 sinus rhythm, 2 atrial fibrillation, ...).
  public var classification: Int
  /// The average heart rate over the recording (count/min).
  public var averageHeartRate: Double
  /// Voltage samples per second (Hz; the Watch records at 512 Hz).
  public var samplingFrequency: Double
  /// The number of voltage measurements (30 s at 512 Hz: 15 360).
  public var numberOfVoltageMeasurements: Int
  /// The seed the voltages are generated from.
  public var seed: UInt64

  /// A recording summary.
  public init(
    classification: Int, averageHeartRate: Double, samplingFrequency: Double,
    numberOfVoltageMeasurements: Int, seed: UInt64
  ) {
    self.classification = classification
    self.averageHeartRate = averageHeartRate
    self.samplingFrequency = samplingFrequency
    self.numberOfVoltageMeasurements = numberOfVoltageMeasurements
    self.seed = seed
  }
}

/// A person's generated (or listed) health data, as the store starts with it.
///
/// Built by the health generator from a scenario's `health` key (docs/health-data.md); the store
/// is made from it.
public struct HealthData: Sendable {
  /// The source table; samples name sources by index into it.
  public var sources: [HealthSource]
  /// The samples, in ``HealthSample/savedAt`` order (ties: ``HealthSample/start`` order).
  public var samples: [HealthSample]
  /// Workouts, referenced by `workout` samples' ``HealthSample/value``.
  public var workouts: [WorkoutRecord]
  /// ECG recordings, referenced by `electrocardiogram` samples' ``HealthSample/value``.
  public var electrocardiograms: [HealthElectrocardiogram]
  /// Source indices from the highest merge priority to the lowest (default: the watch, then the
  /// iPhone, then apps).
  public var priority: [UInt16]
  /// Spans while the phone is locked (ns from `t = 0`): queries then fail with
  /// `errorDatabaseInaccessible`.
  public var lockPeriods: [Range<SimulationInstant>]
  /// The person's walking bouts of the generated days, in time order (the body walks then,
  /// watch worn or not): the motion Core Motion reports for those days
  /// (docs/health-data.md#steps).
  public var walkingBouts: [Range<SimulationInstant>] = []

  /// Health data with the given tables.
  public init(
    sources: [HealthSource] = [], samples: [HealthSample] = [], workouts: [WorkoutRecord] = [],
    electrocardiograms: [HealthElectrocardiogram] = [], priority: [UInt16] = [],
    lockPeriods: [Range<SimulationInstant>] = []
  ) {
    self.sources = sources
    self.samples = samples
    self.workouts = workouts
    self.electrocardiograms = electrocardiograms
    self.priority = priority
    self.lockPeriods = lockPeriods
  }
}
