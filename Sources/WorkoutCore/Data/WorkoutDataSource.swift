/// What the body and the wrist deliver to a live builder: the values behind every sample.
///
/// The engine decides *when* a sample exists (the grid, running intervals, dropouts, lock-on:
/// ``SampleSchedule``); the data source says *what* its value is. This mirrors
/// `HKLiveWorkoutDataSource` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource), which feeds an
/// `HKLiveWorkoutBuilder` with the samples the watch's sensors produce.
///
/// The engine calls each method with non-decreasing instants per quantity type, so an
/// implementation may advance internal state (heart-rate kinetics, noise streams) lazily.
public protocol WorkoutDataSource {
  /// The value of discrete quantity `type` sampled at `instant`, in the type's unit
  /// (``QuantityType/unit``), or `nil` when the sensor produces no reading there.
  ///
  /// - Parameters:
  ///   - type: a discrete type (`heartRate`, `runningSpeed`, `cyclingPower`, `cyclingCadence`).
  ///   - instant: the grid point.
  ///   - activity: the collecting session's activity.
  mutating func discreteValue(
    of type: QuantityType, at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double?

  /// The amount of cumulative quantity `type` accrued over `[start, end)`, in the type's unit.
  ///
  /// - Parameters:
  ///   - type: a cumulative type (energy in kcal, distance in m, steps as a count).
  ///   - start: the span's start (inclusive).
  ///   - end: the span's end (exclusive), after `start`.
  ///   - activity: the collecting session's activity.
  mutating func cumulativeAmount(
    of type: QuantityType, from start: SimulationInstant, to end: SimulationInstant,
    activity: WorkoutActivityType
  ) -> Double
}

/// When a sensor delivers samples of one quantity type (docs/scenario-format.md#sensors:
/// `enabled`, `interval`, `lockOn`, `dropouts`).
///
/// Sample timing: every running interval `[s, e]` has its own grid `s + k × interval`. A discrete
/// sample is delivered at each grid point in the closed interval `[s, e]` outside every dropout
/// and not before `collectionStart + lockOn`. A cumulative sample covers
/// `[s + k × interval, s + (k + 1) × interval)`, the last one cut at `e`.
public struct SampleSchedule: Sendable, Equatable {
  /// `false`: the type is never delivered (a missing sensor or permission).
  public var enabled: Bool
  /// Spacing of the grid; above zero.
  public var interval: Duration
  /// Time after the start of collection before the first sample.
  public var lockOn: Duration
  /// Half-open spans `[from, to)` with no samples (not zeros), in scenario time.
  public var dropouts: [Range<SimulationInstant>]

  /// Creates a schedule.
  public init(
    enabled: Bool = true, interval: Duration, lockOn: Duration = .zero,
    dropouts: [Range<SimulationInstant>] = []
  ) {
    self.enabled = enabled
    self.interval = interval
    self.lockOn = lockOn
    self.dropouts = dropouts
  }

  /// The spec's default for `type`: every 5 s for `heartRate`, every 30 s for the running
  /// metrics (`runningPower`, `runningStrideLength`, `runningVerticalOscillation`,
  /// `runningGroundContactTime`), every 10 s for the others. The 30 s is a project rule
  /// (docs/scenario-format.md#sample-timing): Apple does not document how often the watch writes
  /// the running metrics, and four more samples every 10 s would take a long run past its
  /// output-time target (docs/performance.md).
  public static func standard(for type: QuantityType) -> SampleSchedule {
    switch type {
    case .heartRate: SampleSchedule(interval: .seconds(5))
    case .runningPower, .runningStrideLength, .runningVerticalOscillation,
      .runningGroundContactTime:
      SampleSchedule(interval: .seconds(30))
    default: SampleSchedule(interval: .seconds(10))
    }
  }
}
