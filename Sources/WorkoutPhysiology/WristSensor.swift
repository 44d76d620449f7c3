import WorkoutCore

/// How the wrist delivers one quantity type: every key of the scenario's sensor table
/// (docs/scenario-format.md#sensors).
///
/// `enabled`, `interval`, `lockOn` and `dropouts` say *when* samples exist and go to the engine as
/// ``schedule``; `noise`, `constant` and `cadenceLock` shape *what* ``PhysiologyDataSource``
/// reports.
public struct SensorConfiguration: Sendable, Equatable {
  /// The quantity type configured: the `for:` of ``init(for:enabled:interval:noise:heartRateError:constant:lockOn:dropouts:cadenceLock:)``,
  /// whose defaults are this type's. A scenario's `sensors` key must be this type
  /// (`Scenario(sensors:)` refuses another).
  public let type: QuantityType
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
  /// `"noise.<type>"`. A project rule (docs/models.md#wrist-sensor), not a measured device: the
  /// heart rate's default is ``heartRateError`` instead (`noise` 0).
  public var noise: Double
  /// The Apple Watch's measured heart-rate error applied to the modelled heart rate
  /// (``HeartRateSensorError``; `heartRate` only, ``HeartRateSensorError/off`` for other types).
  public var heartRateError: HeartRateSensorError
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
  ///   - type: the quantity type configured (``type``); in `Scenario(sensors:)` the dictionary
  ///     key it goes under, `[.heartRate: SensorConfiguration(for: .heartRate, interval: .seconds(1))]`.
  ///   - enabled: default `true`.
  ///   - interval: default ``SampleSchedule/standard(for:)``'s.
  ///   - noise: default ``defaultNoise(for:)``.
  ///   - heartRateError: default ``HeartRateSensorError/measured`` for `heartRate` when neither
  ///     `noise` nor `constant` is given (a given noise replaces the measured error), otherwise
  ///     ``HeartRateSensorError/off``. Ignored for other types.
  ///   - constant: default none.
  ///   - lockOn: default 0.
  ///   - dropouts: default none.
  ///   - cadenceLock: default none.
  public init(
    for type: QuantityType, enabled: Bool = true, interval: Duration? = nil,
    noise: Double? = nil, heartRateError: HeartRateSensorError? = nil, constant: Double? = nil,
    lockOn: Duration = .zero, dropouts: [Range<SimulationInstant>] = [],
    cadenceLock: Range<SimulationInstant>? = nil
  ) {
    self.type = type
    self.enabled = enabled
    self.interval = interval ?? SampleSchedule.standard(for: type).interval
    self.noise = noise ?? Self.defaultNoise(for: type)
    if type == .heartRate {
      self.heartRateError = heartRateError ?? (noise == nil && constant == nil ? .measured : .off)
    } else {
      self.heartRateError = .off
    }
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
  /// `heartRate` 0 (its error is ``HeartRateSensorError/measured``; docs/models.md#wrist-sensor),
  /// `runningSpeed` 0.05 m/s, `cyclingPower` 5 W (about 2 % at 250 W), `cyclingCadence` 1 rpm,
  /// `cyclingSpeed`, `rowingSpeed` and `crossCountrySkiingSpeed` 0.05 m/s, cumulative types 0,
  /// and 0 for the running metrics (`runningPower`,
  /// `runningStrideLength`, `runningVerticalOscillation`, `runningGroundContactTime`: motion
  /// models without a sensor model of their own, and a noise draw per sample the 7-day output
  /// benchmark cannot afford; `sensors.<type>.noise` sets one).
  public static func defaultNoise(for type: QuantityType) -> Double {
    switch type {
    case .heartRate: 0
    case .runningSpeed: 0.05
    case .cyclingPower: 5
    case .cyclingCadence: 1
    case .cyclingSpeed, .rowingSpeed, .crossCountrySkiingSpeed: 0.05
    case .runningPower, .runningStrideLength, .runningVerticalOscillation,
      .runningGroundContactTime, .activeEnergyBurned, .basalEnergyBurned,
      .distanceWalkingRunning, .distanceCycling, .stepCount, .distanceSwimming,
      .swimmingStrokeCount, .flightsClimbed, .distanceRowing, .distanceCrossCountrySkiing,
      .distanceDownhillSnowSports:
      0
    }
  }

  /// When the engine delivers samples: `enabled`, `interval`, `lockOn` and `dropouts`.
  public var schedule: SampleSchedule {
    SampleSchedule(enabled: enabled, interval: interval, lockOn: lockOn, dropouts: dropouts)
  }
}

/// The error of the Apple Watch's optical heart-rate sensor against an ECG, applied to the
/// modelled (true) heart rate: device − true = bias + σ·x with x a unit AR(1) process (correlation
/// ``SensorConfiguration/noiseCorrelationPerSecond`` per second, stream `"noise.heartRate"`), and
/// a reading missing with probability ``missingRate(intensity:)`` (stream `"missing.heartRate"`).
/// Each number's source is in docs/models.md#measured-heart-rate-error.
///
/// - Bias ``bias`` −0.12 bpm and 95 % limits of agreement −11.06 to +10.81 bpm (SD 5.58 bpm): the
///   meta-analysis of 56 studies by Choe & Kang 2025 (Physiological Measurement,
///   doi:10.1088/1361-6579/adca82). The standard deviation grows with intensity (project rule
///   shaped on it: 3 bpm at rest + 4 bpm × %HRR, 5.6 bpm at 65 % HRR, so a typical continuous
///   workout matches the pooled limits).
/// - Arm-driven and irregular activities ×1.5 (project rule; Apple's heart-rate support article:
///   rhythmic movements such as running or cycling give better results than irregular ones such
///   as tennis or boxing); recovery ×1.5 (project rule; Khushhal et al. 2017, Sports Med Int Open
///   1:E206, poor agreement after jogging and running).
/// - Missing readings 1 % at rest + 9 % × %HRR (project rule; Khushhal et al. 2017: the share of
///   heart rates recorded fell as intensity rose).
///
/// `scale` multiplies the bias, the standard deviation and the missing rate (at most 1); 0 is off.
public struct HeartRateSensorError: Sendable, Equatable {
  /// Multiplier of bias, standard deviation and missing rate; 0 turns the model off, 1 is the
  /// measured device. Scenario key `sensors.heartRate.errorScale` (0 to 10).
  public var scale: Double

  /// Creates the error model with `scale` (0 off, 1 the measured device).
  public init(scale: Double) {
    self.scale = scale
  }

  /// The measured device (scale 1).
  public static let measured = HeartRateSensorError(scale: 1)
  /// No error and no missing readings (scale 0).
  public static let off = HeartRateSensorError(scale: 0)

  /// The largest `scale` a scenario accepts, 10.
  public static let maximumScale = 10.0

  /// Whether the model changes readings (`scale > 0`).
  public var isOn: Bool { scale > 0 }

  /// Mean device − ECG difference in bpm at scale 1: −0.12 (Choe & Kang 2025).
  public static let bias = -0.12
  /// Standard deviation of device − true at rest, bpm (project rule).
  public static let restStandardDeviation = 3.0
  /// Growth of the standard deviation per unit of heart-rate reserve (bpm at 100 % HRR above
  /// rest; project rule).
  public static let intensityStandardDeviation = 4.0
  /// Multiplier of the standard deviation in arm-driven or irregular activities (project rule).
  public static let armDrivenFactor = 1.5
  /// Multiplier of the standard deviation while the heart rate recovers (project rule).
  public static let recoveryFactor = 1.5
  /// Share of readings missing at rest (project rule).
  public static let restMissingRate = 0.01
  /// Growth of the missing share per unit of heart-rate reserve (project rule).
  public static let intensityMissingRate = 0.09
  /// Where the sensor's readings are kept, 30 to 210 bpm (project rule: the range third-party
  /// guides give for the Apple Watch's heart-rate sensor; not confirmed in Apple's documentation).
  public static let readingRange = 30.0...210.0
  /// How far (bpm) the undrifted heart rate must lie above its current workload target for the
  /// body to count as recovering (project rule).
  public static let recoveryMargin = 5.0

  /// The standard deviation (bpm) of device − true at scale 1.
  ///
  /// - Parameters:
  ///   - intensity: the true heart rate's fraction of the heart-rate reserve, clamped to 0...1.
  ///   - armDriven: ``isArmDriven(_:)`` of the activity.
  ///   - recovering: the heart rate falls toward a lower workload (see ``recoveryMargin``).
  @inline(__always)
  public static func standardDeviation(intensity: Double, armDriven: Bool, recovering: Bool)
    -> Double
  {
    let fraction = min(1, max(0, intensity))
    var sigma = restStandardDeviation + intensityStandardDeviation * fraction
    if armDriven { sigma *= armDrivenFactor }
    if recovering { sigma *= recoveryFactor }
    return sigma
  }

  /// The probability at scale 1 that a reading is missing at `intensity` (fraction of the
  /// heart-rate reserve, clamped to 0...1).
  @inline(__always)
  public static func missingRate(intensity: Double) -> Double {
    restMissingRate + intensityMissingRate * min(1, max(0, intensity))
  }

  /// Whether `activity` moves the wrist irregularly or drives with the arms, where optical
  /// readings are worse: elliptical, HIIT, strength and core training, cross and mixed cardio
  /// training, rowing, combat sports, racquet sports, climbing, jump rope, hand cycling, paddle
  /// sports and cross-country skiing (project rule).
  public static func isArmDriven(_ activity: WorkoutActivityType) -> Bool {
    switch activity {
    case .elliptical, .highIntensityIntervalTraining, .traditionalStrengthTraining,
      .functionalStrengthTraining, .coreTraining, .crossTraining, .mixedCardio,
      .mixedMetabolicCardioTraining, .rowing, .boxing, .kickboxing, .martialArts, .wrestling,
      .fencing, .tennis, .squash, .racquetball, .badminton, .tableTennis, .pickleball, .climbing,
      .jumpRope, .handCycling, .paddleSports, .crossCountrySkiing:
      true
    default:
      false
    }
  }
}
