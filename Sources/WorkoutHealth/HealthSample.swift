import WorkoutCore

/// The kinds of data the simulated health store holds, one byte each.
///
/// Quantity kinds name HealthKit's `HKQuantityTypeIdentifier` cases; their values are stored in
/// the canonical unit given by ``unit`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier).
/// `sleepAnalysis` holds `HKCategoryValueSleepAnalysis` raw values, `workout` and
/// `electrocardiogram` an index into the store's side tables.
public enum HealthDataType: UInt8, CaseIterable, Sendable, Hashable {
  /// Steps (count, cumulative).
  case stepCount
  /// Walking and running distance (m, cumulative).
  case distanceWalkingRunning
  /// Active energy (kcal, cumulative).
  case activeEnergyBurned
  /// Basal (resting) energy (kcal, cumulative).
  case basalEnergyBurned
  /// Heart rate (count/min, discrete, temporally weighted).
  case heartRate
  /// The day's resting heart rate (count/min, discrete, arithmetic).
  case restingHeartRate
  /// Sleep analysis (category: `HKCategoryValueSleepAnalysis` raw value in ``HealthSample/value``).
  case sleepAnalysis
  /// A workout (``HealthSample/value`` is the index of its ``HealthWorkout`` in the store).
  case workout
  /// An ECG recording (``HealthSample/value`` is the index of its ``HealthElectrocardiogram``).
  case electrocardiogram

  /// `true` for quantity types whose statistics are sums (HealthKit's
  /// `HKQuantityAggregationStyle.cumulative`).
  public var isCumulative: Bool {
    switch self {
    case .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned: true
    default: false
    }
  }

  /// `true` for quantity types (the ones with statistics).
  public var isQuantity: Bool {
    switch self {
    case .sleepAnalysis, .workout, .electrocardiogram: false
    default: true
    }
  }

  /// The largest value one sample of this type may hold, in ``unit`` (a project rule, far above
  /// any real body, so that sums over 400 days stay finite): 10⁶ steps, 10⁶ m, 10⁵ kcal,
  /// 300 count/min; `nil` for non-quantity types.
  public var maximumSampleValue: Double? {
    switch self {
    case .stepCount, .distanceWalkingRunning: 1_000_000
    case .activeEnergyBurned, .basalEnergyBurned: 100_000
    case .heartRate, .restingHeartRate: 300
    case .sleepAnalysis, .workout, .electrocardiogram: nil
    }
  }

  /// The canonical unit's HealthKit unit string (`HKUnit(from:)`): `count`, `m`, `kcal`,
  /// `count/min`; empty for non-quantity types.
  public var unit: String {
    switch self {
    case .stepCount: "count"
    case .distanceWalkingRunning: "m"
    case .activeEnergyBurned, .basalEnergyBurned: "kcal"
    case .heartRate, .restingHeartRate: "count/min"
    case .sleepAnalysis, .workout, .electrocardiogram: ""
    }
  }
}

/// Where a sample came from: a device of the person's (their Apple Watch, their iPhone) or an
/// app that saved it. The store keeps a table of sources; a sample names its source by index.
public struct HealthSource: Hashable, Sendable {
  /// What kind of source this is.
  public enum Kind: UInt8, Sendable, Hashable {
    /// The person's Apple Watch (its built-in sensors).
    case watch
    /// The person's iPhone (its motion coprocessor).
    case iPhone
    /// An app that saved samples through the store.
    case app
  }

  /// The source's kind.
  public var kind: Kind
  /// The name HealthKit shows (`HKSource.name`), e.g. "Apple Watch".
  public var name: String
  /// The bundle identifier (`HKSource.bundleIdentifier`).
  public var bundleIdentifier: String

  /// A source of `kind` named `name` with `bundleIdentifier`.
  public init(kind: Kind, name: String, bundleIdentifier: String) {
    self.kind = kind
    self.name = name
    self.bundleIdentifier = bundleIdentifier
  }
}

/// One stored sample: 40 bytes (`MemoryLayout<HealthSample>.stride`).
///
/// Times are instants on the simulation's clock (nanoseconds from the scenario's `t = 0`;
/// negative before it: the person's earlier days). A sample is visible to queries from
/// ``savedAt`` on (the moment its device wrote it to the store the app reads).
public struct HealthSample: Sendable, Equatable {
  /// The kind of data.
  public var type: HealthDataType
  /// The index of the sample's source in the store's source table.
  public var source: UInt16
  /// The start of the sample's interval (ns from `t = 0`).
  public var start: SimulationInstant
  /// The end of the sample's interval (ns from `t = 0`), at or after ``start``.
  public var end: SimulationInstant
  /// The value in the type's canonical unit (``HealthDataType/unit``); for categories the raw
  /// value, for workouts and ECGs the index into the side table.
  public var value: Double
  /// When the sample reaches the store (ns from `t = 0`), at or after ``end``.
  public var savedAt: SimulationInstant

  /// A sample of `type` from source `source` over `start...end` with `value`, saved at
  /// `savedAt` (`end` when omitted).
  public init(
    type: HealthDataType, source: UInt16, start: SimulationInstant, end: SimulationInstant,
    value: Double, savedAt: SimulationInstant? = nil
  ) {
    self.type = type
    self.source = source
    self.start = start
    self.end = end
    self.value = value
    self.savedAt = savedAt ?? end
  }
}
