import WorkoutCore

/// How the wrist delivers one quantity type: every key of the scenario's sensor table
/// (docs/scenario-format.md#sensors).
///
/// `enabled`, `interval`, `lockOn` and `dropouts` say *when* samples exist and go to the engine as
/// ``schedule``; `noise`, `constant` and `cadenceLock` shape *what* ``PhysiologyDataSource``
/// reports.
public struct SensorConfiguration: Sendable, Equatable {
  /// `false`: the type is never delivered.
  public var enabled: Bool
  /// Sample spacing; above zero (default ``SampleSchedule/standard(for:)``: 5 s for `heartRate`,
  /// 30 s for the running metrics, 10 s for the others).
  public var interval: Duration
  /// Standard deviation of the sensor noise in the type's unit; 0 turns noise off.
  ///
  /// Discrete types get AR(1) noise with correlation ``noiseCorrelationPerSecond`` per second of
  /// spacing and stationary standard deviation `noise`; cumulative types get independent noise per
  /// sample (the amount is clamped at ≥ 0). Every type draws from its own SplitMix64 stream
  /// `"noise.<type>"`. A model of an optical wrist sensor (docs/models.md#wrist-sensor), not a
  /// measured device.
  public var noise: Double
  /// Delivered instead of the model's value, without noise: bpm (the type's unit) for discrete
  /// types; for cumulative types the amount per `interval`, so a sample covering a shorter span
  /// gets `constant × span / interval`.
  public var constant: Double?
  /// Time after the start of collection before the first sample.
  public var lockOn: Duration
  /// Half-open spans `[from, to)` without samples (handled by the engine).
  public var dropouts: [Range<SimulationInstant>]
  /// Half-open span `[from, to)` in which the optical sensor locks on to the step cadence
  /// (steps/min on foot, pedal rpm on a bike) and reports it as heart rate (`heartRate` only;
  /// "signal crossover", Bent et al. 2020, npj Digit Med 3:18). Outside moving segments (cadence 0)
  /// the modelled heart rate is reported.
  public var cadenceLock: Range<SimulationInstant>?

  /// AR(1) correlation of discrete-type noise per second of spacing, 0.9 (project rule;
  /// docs/models.md#wrist-sensor).
  public static let noiseCorrelationPerSecond = 0.9

  /// Creates a configuration; omitted values take the spec's defaults for `type`.
  ///
  /// - Parameters:
  ///   - type: the quantity type configured.
  ///   - enabled: default `true`.
  ///   - interval: default ``SampleSchedule/standard(for:)``'s.
  ///   - noise: default ``defaultNoise(for:)``.
  ///   - constant: default none.
  ///   - lockOn: default 0.
  ///   - dropouts: default none.
  ///   - cadenceLock: default none.
  public init(
    for type: QuantityType, enabled: Bool = true, interval: Duration? = nil,
    noise: Double? = nil, constant: Double? = nil, lockOn: Duration = .zero,
    dropouts: [Range<SimulationInstant>] = [], cadenceLock: Range<SimulationInstant>? = nil
  ) {
    self.enabled = enabled
    self.interval = interval ?? SampleSchedule.standard(for: type).interval
    self.noise = noise ?? Self.defaultNoise(for: type)
    self.constant = constant
    self.lockOn = lockOn
    self.dropouts = dropouts
    self.cadenceLock = cadenceLock
  }

  /// The spec's default configuration for `type`.
  public static func standard(for type: QuantityType) -> SensorConfiguration {
    SensorConfiguration(for: type)
  }

  /// Default noise standard deviation in the type's unit. Project rule (not Apple behaviour):
  /// `heartRate` 2.5 bpm (docs/models.md#wrist-sensor), `runningSpeed` 0.05 m/s, `cyclingPower`
  /// 5 W (about 2 % at 250 W), `cyclingCadence` 1 rpm, `cyclingSpeed` 0.05 m/s, cumulative types
  /// 0, and 0 for the running metrics (`runningPower`, `runningStrideLength`,
  /// `runningVerticalOscillation`, `runningGroundContactTime`: motion models without a sensor
  /// model of their own, and a noise draw per sample the 7-day output benchmark cannot afford;
  /// `sensors.<type>.noise` sets one).
  public static func defaultNoise(for type: QuantityType) -> Double {
    switch type {
    case .heartRate: 2.5
    case .runningSpeed: 0.05
    case .cyclingPower: 5
    case .cyclingCadence: 1
    case .cyclingSpeed: 0.05
    case .runningPower, .runningStrideLength, .runningVerticalOscillation,
      .runningGroundContactTime, .activeEnergyBurned, .basalEnergyBurned,
      .distanceWalkingRunning, .distanceCycling, .stepCount, .distanceSwimming,
      .swimmingStrokeCount:
      0
    }
  }

  /// When the engine delivers samples: `enabled`, `interval`, `lockOn` and `dropouts`.
  public var schedule: SampleSchedule {
    SampleSchedule(enabled: enabled, interval: interval, lockOn: lockOn, dropouts: dropouts)
  }
}
