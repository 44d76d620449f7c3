import WorkoutCore

/// The body and the wrist sensor as a ``WorkoutDataSource``: turns an athlete and a course into the
/// values a watch delivers (heart rate, active and basal energy, distance, steps, running speed,
/// power, stride length, ground contact time and vertical oscillation, cycling power, cadence and
/// speed, swimming strokes).
///
/// Models (docs/models.md): energy from the ACSM equations with Minetti's gradient cost (on foot),
/// the ACSM leg-cycling equation (cycling), a speed model (rowing, skiing, swimming), or a
/// constant Compendium MET (other activities; a course segment may give its own,
/// ``CourseSegment/mets``);
/// 5 kcal per litre O2; basal = 1 MET; active = total − basal. Heart rate by %HRR = %VO2R with an
/// exact first-order response (``HeartRateParameters``). Cumulative amounts are integrated exactly
/// over the piecewise-constant course with prefix sums; lookups use per-type cursors, so a query
/// costs amortised O(1) and allocates nothing when instants are non-decreasing per type.
///
/// Which types are delivered follows ``WorkoutActivityType/collectedTypes``: for any other type,
/// ``discreteValue(of:at:activity:)`` returns `nil` and ``cumulativeAmount(of:from:to:activity:)``
/// returns 0, as they do for a disabled sensor. Deterministic: the same inputs and seed give the
/// same values bit for bit; each type's noise draws from its own stream `"noise.<type>"`, and the
/// heart rate's missing readings from `"missing.heartRate"` (``HeartRateSensorError``).
public struct PhysiologyDataSource: WorkoutDataSource {
  /// The athlete profile.
  public private(set) var athlete: Athlete
  /// The course played from `t = 0`.
  public let course: Course
  /// The scenario seed the noise streams derive from.
  public let seed: UInt64
  /// Heart-rate model parameters (the athlete's, ``Athlete/heartRate``, unless given).
  public private(set) var heartRateParameters: HeartRateParameters
  /// The cycling power model (athlete mass + ``CyclingPowerModel/defaultBikeMassKg`` by default).
  public let cyclingModel: CyclingPowerModel

  private let configurations: [SensorConfiguration]
  private let deliverable: [UInt32]
  private let starts: [Int64]
  private let endNanoseconds: Int64
  let speeds: [Double]
  private let cyclingPowers: [Double]
  private let footNetVO2: [Double]
  private let cyclingNetVO2: [Double]
  let footCadences: [Double]
  private let cyclingCadences: [Double]
  private let footStepRates: [Double]
  private let footNetPrefix: [Double]
  private let cyclingNetPrefix: [Double]
  private let distancePrefix: [Double]
  private let footStepPrefix: [Double]
  /// Per segment: running power (W), stride length (m), ground contact time (ms) and vertical
  /// oscillation (cm) on foot (``RunningDynamics``), 0 where the watch records none (power below
  /// a walk, the others below a run), swimming strokes per second
  /// (``SwimmingModel``), and the strokes' prefix sums.
  private let runningPowers: [Double]
  private let strideLengths: [Double]
  private let groundContactTimes: [Double]
  private let verticalOscillations: [Double]
  private let strokeRates: [Double]
  private let strokePrefix: [Double]
  /// Per segment: the net VO2 of rowing (``RowingModel``) and of cross-country skiing
  /// (``CrossCountrySkiingModel``) at its speed, the rate of ascent (m/s, speed × grade uphill,
  /// for a hike's flights climbed), and their prefix sums.
  private let rowingNetVO2: [Double]
  private let rowingNetPrefix: [Double]
  private let skiingNetVO2: [Double]
  private let skiingNetPrefix: [Double]
  /// Per segment: the net VO2 of swimming at its speed (``SwimmingModel``), and its prefix sums.
  private let swimmingNetVO2: [Double]
  private let swimmingNetPrefix: [Double]
  private let ascentRates: [Double]
  private let ascentPrefix: [Double]
  /// Per segment: the net VO2 of its own MET (``CourseSegment/mets``, 0 without one) and 1 where
  /// it gives one (0 elsewhere), with their prefix sums; `givesMETs` when any segment does. A
  /// constant-MET activity burns a segment's own MET there and its Compendium entry's
  /// elsewhere, before, between and after them (docs/models.md#other-activities-compendium).
  private let givenNetVO2: [Double]
  private let givenNetPrefix: [Double]
  private let givenMETShares: [Double]
  private let givenMETPrefix: [Double]
  private let givesMETs: Bool

  /// Per quantity-type slot, and one more (the heart-rate model's course cursor).
  private var slots: [SlotState]
  private var heartRatePiece: HeartRatePiece?
  private var recordedCursor = 0
  /// The stream `"missing.heartRate"`: one draw per measured heart-rate reading.
  private var missingGenerator: SplitMix64

  /// Creates the data source.
  ///
  /// - Parameters:
  ///   - athlete: the profile (spec defaults: ``Athlete/standard``).
  ///   - course: the course (default: standing still).
  ///   - sensors: configuration per quantity type; a missing type gets
  ///     ``SensorConfiguration/standard(for:)``.
  ///   - seed: the scenario seed.
  ///   - heartRateParameters: the heart-rate model's parameters (default: the athlete's,
  ///     ``Athlete/heartRate``).
  ///   - cyclingModel: the power model; default ``CyclingPowerModel`` with the athlete's mass plus
  ///     ``CyclingPowerModel/defaultBikeMassKg`` and the coefficients of docs/models.md.
  public init(
    athlete: Athlete = .standard, course: Course = .standingStill,
    sensors: [QuantityType: SensorConfiguration] = [:], seed: UInt64,
    heartRateParameters: HeartRateParameters? = nil,
    cyclingModel: CyclingPowerModel? = nil
  ) {
    self.athlete = athlete
    self.course = course
    self.seed = seed
    self.heartRateParameters = heartRateParameters ?? athlete.heartRate
    let model =
      cyclingModel
      ?? CyclingPowerModel(totalMassKg: athlete.massKg + CyclingPowerModel.defaultBikeMassKg)
    self.cyclingModel = model

    let types = QuantityType.allCases
    var configurations = [SensorConfiguration](
      repeating: SensorConfiguration.standard(for: .heartRate), count: types.count)
    var generators = [SplitMix64](repeating: SplitMix64(seed: 0), count: types.count)
    for type in types {
      configurations[type.slot] = sensors[type] ?? SensorConfiguration.standard(for: type)
      generators[type.slot] = SplitMix64(seed: seed, stream: "noise." + type.rawValue)
    }
    self.configurations = configurations
    var deliverable = [UInt32](repeating: 0, count: WorkoutActivityType.indexCount)
    for activity in WorkoutActivityType.allCases {
      for type in activity.collectedTypes { deliverable[activity.index] |= 1 << type.slot }
    }
    self.deliverable = deliverable

    let count = course.segments.count
    var speeds: [Double] = []
    var powers: [Double] = []
    var footNet: [Double] = []
    var cyclingNet: [Double] = []
    var footCadences: [Double] = []
    var cyclingCadences: [Double] = []
    var stepRates: [Double] = []
    var footPrefix: [Double] = [0]
    var cyclingPrefix: [Double] = [0]
    var distancePrefix: [Double] = [0]
    var stepPrefix: [Double] = [0]
    var runningPowers: [Double] = []
    var strideLengths: [Double] = []
    var groundContactTimes: [Double] = []
    var verticalOscillations: [Double] = []
    var strokeRates: [Double] = []
    var strokePrefix: [Double] = [0]
    var rowingNet: [Double] = []
    var rowingPrefix: [Double] = [0]
    var skiingNet: [Double] = []
    var skiingPrefix: [Double] = [0]
    var swimmingNet: [Double] = []
    var swimmingPrefix: [Double] = [0]
    var ascentRates: [Double] = []
    var ascentPrefix: [Double] = [0]
    var givenNet: [Double] = []
    var givenNetPrefix: [Double] = [0]
    var givenShares: [Double] = []
    var givenPrefix: [Double] = [0]
    speeds.reserveCapacity(count)
    let stepLength = athlete.walkingStepLength
    let legLength = RunningDynamics.legLength(heightCm: athlete.heightCm)
    let defaultStroke = SwimmingModel.distancePerStroke(.freestyle)
    for segment in course.segments {
      let grade = segment.grade
      let speed = segment.speed ?? model.speed(power: segment.power ?? 0, grade: grade)
      let modelled = model.power(metresPerSecond: speed, grade: grade)
      // A cyclist walking the bike (docs/models.md#on-foot-on-a-ride) pedals nothing.
      let power = segment.onFoot ? 0 : segment.power ?? max(0, modelled)
      let foot = Metabolism.netVO2OnFoot(metresPerSecond: speed, grade: grade)
      let cycling =
        segment.onFoot
        ? Metabolism.netVO2PushingBike(
          metresPerSecond: speed, grade: grade, bodyMassKg: athlete.massKg,
          bikeMassKg: max(0, model.totalMassKg - athlete.massKg))
        : Metabolism.netVO2Cycling(
          power: power, massKg: athlete.massKg, moving: speed > 0,
          braking: segment.power == nil && speed > 0 && grade < 0 && modelled <= 0)
      let footCadence: Double
      if let given = segment.cadence {
        footCadence = given
      } else {
        footCadence = Cadence.onFoot(metresPerSecond: speed, stepLength: stepLength)
      }
      let cyclingCadence =
        segment.onFoot ? 0 : segment.cadence ?? (power > 0 ? Cadence.defaultCycling : 0)
      let seconds = segment.duration.secondsValue
      speeds.append(speed)
      powers.append(power)
      footNet.append(foot)
      cyclingNet.append(cycling)
      footCadences.append(footCadence)
      cyclingCadences.append(cyclingCadence)
      stepRates.append(footCadence / 60)
      footPrefix.append(footPrefix[footPrefix.count - 1] + foot * seconds)
      cyclingPrefix.append(cyclingPrefix[cyclingPrefix.count - 1] + cycling * seconds)
      distancePrefix.append(distancePrefix[distancePrefix.count - 1] + speed * seconds)
      stepPrefix.append(stepPrefix[stepPrefix.count - 1] + footCadence / 60 * seconds)
      // 0 where the watch records no sample (`discreteValue`): power while walking or running,
      // the form metrics only while running (docs/models.md#when-the-running-metrics-are-recorded).
      let recordsPower = RunningDynamics.recordsPower(metresPerSecond: speed)
      let recordsForm = RunningDynamics.recordsForm(metresPerSecond: speed)
      runningPowers.append(
        recordsPower
          ? RunningDynamics.power(metresPerSecond: speed, grade: grade, massKg: athlete.massKg) : 0)
      strideLengths.append(
        recordsForm
          ? RunningDynamics.strideLength(metresPerSecond: speed, stepsPerMinute: footCadence) : 0)
      let contact =
        recordsForm
        ? RunningDynamics.groundContactTime(
          metresPerSecond: speed, stepsPerMinute: footCadence, legLength: legLength) : 0
      groundContactTimes.append(contact * 1000)
      verticalOscillations.append(
        RunningDynamics.verticalOscillation(groundContactTime: contact, stepsPerMinute: footCadence)
          * 100)
      // A swim's segments give their stroke rate as the cadence (``SwimPlan``); any other
      // segment swims freestyle at the default distance per stroke.
      let strokes =
        (segment.cadence
          ?? SwimmingModel.strokeRate(metresPerSecond: speed, distancePerStroke: defaultStroke))
        / 60
      strokeRates.append(speed > 0 ? strokes : 0)
      strokePrefix.append(
        strokePrefix[strokePrefix.count - 1] + strokeRates[strokeRates.count - 1] * seconds)
      let rowing = RowingModel.netVO2(metresPerSecond: speed, massKg: athlete.massKg)
      rowingNet.append(rowing)
      rowingPrefix.append(rowingPrefix[rowingPrefix.count - 1] + rowing * seconds)
      let skiing = CrossCountrySkiingModel.netVO2(metresPerSecond: speed)
      skiingNet.append(skiing)
      skiingPrefix.append(skiingPrefix[skiingPrefix.count - 1] + skiing * seconds)
      let swimming = SwimmingModel.netVO2(metresPerSecond: speed)
      swimmingNet.append(swimming)
      swimmingPrefix.append(swimmingPrefix[swimmingPrefix.count - 1] + swimming * seconds)
      // Rise per metre travelled, as ``elevationAscended(over:)`` counts it.
      let ascent = speed * max(0, grade)
      ascentRates.append(ascent)
      ascentPrefix.append(ascentPrefix[ascentPrefix.count - 1] + ascent * seconds)
      let given = segment.mets.map { CompendiumActivity.netVO2(mets: $0) } ?? 0
      let share: Double = segment.mets == nil ? 0 : 1
      givenNet.append(given)
      givenNetPrefix.append(givenNetPrefix[givenNetPrefix.count - 1] + given * seconds)
      givenShares.append(share)
      givenPrefix.append(givenPrefix[givenPrefix.count - 1] + share * seconds)
    }
    self.starts = course.starts.map(\.nanoseconds)
    self.endNanoseconds = course.end.nanoseconds
    self.speeds = speeds
    self.cyclingPowers = powers
    self.footNetVO2 = footNet
    self.cyclingNetVO2 = cyclingNet
    self.footCadences = footCadences
    self.cyclingCadences = cyclingCadences
    self.footStepRates = stepRates
    self.footNetPrefix = footPrefix
    self.cyclingNetPrefix = cyclingPrefix
    self.distancePrefix = distancePrefix
    self.footStepPrefix = stepPrefix
    self.runningPowers = runningPowers
    self.strideLengths = strideLengths
    self.groundContactTimes = groundContactTimes
    self.verticalOscillations = verticalOscillations
    self.strokeRates = strokeRates
    self.strokePrefix = strokePrefix
    self.rowingNetVO2 = rowingNet
    self.rowingNetPrefix = rowingPrefix
    self.skiingNetVO2 = skiingNet
    self.skiingNetPrefix = skiingPrefix
    self.swimmingNetVO2 = swimmingNet
    self.swimmingNetPrefix = swimmingPrefix
    self.ascentRates = ascentRates
    self.ascentPrefix = ascentPrefix
    self.givenNetVO2 = givenNet
    self.givenNetPrefix = givenNetPrefix
    self.givenMETShares = givenShares
    self.givenMETPrefix = givenPrefix
    self.givesMETs = course.segments.contains { $0.mets != nil }

    self.slots = (generators + [SplitMix64(seed: 0)]).map { SlotState(generator: $0) }
    self.missingGenerator = SplitMix64(seed: seed, stream: "missing.heartRate")
  }

  /// The same body and course with `other`'s heart rate (its resting and maximal heart rate,
  /// VO2max and ``Athlete/heartRate``), the heart-rate model started again from `t = 0`: what a
  /// fit (``HeartRateFit``) tries, without building the course's tables again. `other` has this
  /// athlete's mass and height (the workload tables depend on them).
  func withHeartRate(of other: Athlete) -> PhysiologyDataSource {
    precondition(other.massKg == athlete.massKg && other.heightCm == athlete.heightCm)
    var copy = self
    copy.athlete = other
    copy.heartRateParameters = other.heartRate
    copy.heartRatePiece = nil
    return copy
  }

  /// The sensor configuration in use for `type`.
  public func configuration(for type: QuantityType) -> SensorConfiguration {
    configurations[type.slot]
  }

  /// When the engine should deliver samples of `type` (``SensorConfiguration/schedule``).
  public func schedule(for type: QuantityType) -> SampleSchedule {
    configurations[type.slot].schedule
  }

  /// Whether `activity` collects `type` (``WorkoutActivityType/collectedTypes``). Always inlined
  /// in this module: called from the mutating readers below, a call would first copy the whole
  /// source (424 bytes) onto the stack, once per sample (scripts/bench-output.sh).
  @inline(__always)
  public func delivers(_ type: QuantityType, for activity: WorkoutActivityType) -> Bool {
    deliverable[activity.index] & (1 << type.slot) != 0
  }

  // MARK: - WorkoutDataSource

  /// The sensor's reading of discrete `type` at `instant`, or `nil` (type not collected for
  /// `activity`, sensor disabled, running speed while standing still, running power below a walk
  /// and the running form metrics below a run (``RunningDynamics/recordsPower(metresPerSecond:)``,
  /// ``RunningDynamics/recordsForm(metresPerSecond:)``), or no recorded heart rate
  /// there, or a missing reading of ``HeartRateSensorError``). See ``SensorConfiguration`` for
  /// `constant`, `noise`, `heartRateError` and `cadenceLock`. The modelled heart rate with the
  /// measured error is kept within ``HeartRateSensorError/readingRange``, with plain noise within
  /// resting...maximal heart rate; other readings at ≥ 0.
  public mutating func discreteValue(
    of type: QuantityType, at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double? {
    let slot = type.slot
    guard delivers(type, for: activity), configurations[slot].enabled else { return nil }
    if let constant = configurations[slot].constant { return constant }
    let t = instant.nanoseconds
    let kind = WorkloadKind(activity)
    var value: Double
    var clampToHeartRateRange = false
    switch type {
    case .heartRate:
      let error = configurations[slot].heartRateError
      if error.isOn && course.recordedHeartRate.isEmpty {
        return measuredHeartRate(at: instant, activity: activity, kind: kind, scale: error.scale)
      }
      let lockedCadence: Double
      if let lock = configurations[slot].cadenceLock, lock.contains(instant) {
        lockedCadence = cadence(at: t, kind: kind, slot: slot)
      } else {
        lockedCadence = 0
      }
      if lockedCadence > 0 {
        value = lockedCadence
      } else if !course.recordedHeartRate.isEmpty {
        guard
          let recorded = Course.interpolate(
            course.recordedHeartRate, at: instant, cursor: &recordedCursor)
        else { return nil }
        value = recorded
      } else {
        value = modelHeartRate(at: instant, activity: activity)
        clampToHeartRateRange = true
      }
    case .runningSpeed:
      let k = readingSegment(t, slot: slot)
      value = segmentValue(speeds, k)
      if value <= 0 { return nil }
    case .cyclingPower:
      value = segmentValue(cyclingPowers, readingSegment(t, slot: slot))
    case .cyclingCadence:
      value = segmentValue(cyclingCadences, readingSegment(t, slot: slot))
    case .runningPower, .runningStrideLength, .runningGroundContactTime,
      .runningVerticalOscillation, .cyclingSpeed, .rowingSpeed, .crossCountrySkiingSpeed:
      // Only while moving, as `runningSpeed`: a standing runner has no stride. The running
      // metrics' tables hold 0 where the watch records none (`RunningDynamics.recordsPower`,
      // `recordsForm`), so those segments deliver no sample either.
      let k = readingSegment(t, slot: slot)
      switch type {
      case .runningPower: value = segmentValue(runningPowers, k)
      case .runningStrideLength: value = segmentValue(strideLengths, k)
      case .runningGroundContactTime: value = segmentValue(groundContactTimes, k)
      case .runningVerticalOscillation: value = segmentValue(verticalOscillations, k)
      default: value = segmentValue(speeds, k)
      }
      if value <= 0 { return nil }
    case .activeEnergyBurned, .basalEnergyBurned, .distanceWalkingRunning, .distanceCycling,
      .stepCount, .distanceSwimming, .swimmingStrokeCount, .flightsClimbed, .distanceRowing,
      .distanceCrossCountrySkiing, .distanceDownhillSnowSports:
      return nil
    }
    let sigma = configurations[slot].noise
    if sigma > 0 { value += correlatedNoise(slot: slot, at: t, sigma: sigma) }
    if clampToHeartRateRange {
      return min(athlete.maxHeartRate, max(athlete.restingHeartRate, value))
    }
    return max(0, value)
  }

  /// The amount of cumulative `type` over `[start, end)`, integrated exactly over the course: kcal
  /// for energy, metres for distance, a count for steps. 0 for a type not collected for `activity`,
  /// a disabled sensor, or an empty span. With `constant`, `constant × span / interval`, without
  /// noise; with `noise > 0`, the amount plus independent Gaussian noise, clamped at ≥ 0.
  public mutating func cumulativeAmount(
    of type: QuantityType, from start: SimulationInstant, to end: SimulationInstant,
    activity: WorkoutActivityType
  ) -> Double {
    let slot = type.slot
    guard delivers(type, for: activity), configurations[slot].enabled, end > start else {
      return 0
    }
    let spanNanoseconds = end.nanoseconds - start.nanoseconds
    if let constant = configurations[slot].constant {
      let interval = configurations[slot].interval.wholeNanoseconds
      return constant * Double(spanNanoseconds) / Double(interval)
    }
    let a = start.nanoseconds
    let b = end.nanoseconds
    let kcalPerVO2Second = athlete.massKg / 12_000  // mL·kg⁻¹·min⁻¹·s → kcal: ·M/1000·5/60
    var amount: Double
    switch (type, WorkloadKind(activity)) {
    case (.basalEnergyBurned, _):
      amount = Metabolism.restingVO2 * Double(spanNanoseconds) / 1e9 * kcalPerVO2Second
    case (.activeEnergyBurned, .foot):
      amount = integrate(footNetVO2, footNetPrefix, from: a, to: b, slot: slot) * kcalPerVO2Second
    case (.activeEnergyBurned, .cycling):
      amount =
        integrate(cyclingNetVO2, cyclingNetPrefix, from: a, to: b, slot: slot) * kcalPerVO2Second
    case (.activeEnergyBurned, .rowing):
      amount =
        integrate(rowingNetVO2, rowingNetPrefix, from: a, to: b, slot: slot) * kcalPerVO2Second
    case (.activeEnergyBurned, .skiing):
      amount =
        integrate(skiingNetVO2, skiingNetPrefix, from: a, to: b, slot: slot) * kcalPerVO2Second
    case (.activeEnergyBurned, .swimming):
      amount =
        integrate(swimmingNetVO2, swimmingNetPrefix, from: a, to: b, slot: slot)
        * kcalPerVO2Second
    case (.activeEnergyBurned, .stairs):
      // ∫ c·f dt over seconds with f in steps/min is c × 60 × the steps.
      let steps = integrate(footStepRates, footStepPrefix, from: a, to: b, slot: slot)
      amount = StairModel.netVO2PerStepRate * 60 * steps * kcalPerVO2Second
    case (.activeEnergyBurned, .constant(let net)) where givesMETs:
      // The segments' own METs where they give one, the activity's entry for the rest of the
      // span (docs/models.md#other-activities-compendium).
      let given = integrate(givenNetVO2, givenNetPrefix, from: a, to: b, slot: slot)
      let seconds = integrate(givenMETShares, givenMETPrefix, from: a, to: b, slot: slot)
      amount = (given + net * (Double(spanNanoseconds) / 1e9 - seconds)) * kcalPerVO2Second
    case (.activeEnergyBurned, .constant(let net)):
      amount = net * Double(spanNanoseconds) / 1e9 * kcalPerVO2Second
    case (.distanceWalkingRunning, .foot), (.distanceCycling, .cycling), (.distanceSwimming, _),
      (.distanceRowing, _), (.distanceCrossCountrySkiing, _), (.distanceDownhillSnowSports, _):
      // Only swimming collects `distanceSwimming`, rowing `distanceRowing`, cross-country skiing
      // its distance and downhill skiing and snowboarding theirs (`delivers` above).
      amount = integrate(speeds, distancePrefix, from: a, to: b, slot: slot)
    case (.stepCount, .foot):
      amount = integrate(footStepRates, footStepPrefix, from: a, to: b, slot: slot)
    case (.flightsClimbed, .stairs):
      amount =
        integrate(footStepRates, footStepPrefix, from: a, to: b, slot: slot)
        / StairModel.stepsPerFlight
    case (.flightsClimbed, _):
      // Hiking: the metres climbed, one flight per 3.048 m.
      amount =
        integrate(ascentRates, ascentPrefix, from: a, to: b, slot: slot)
        / StairModel.metresPerFlight
    case (.swimmingStrokeCount, _):
      // Swimming is the only activity that collects strokes (`delivers` above).
      amount = integrate(strokeRates, strokePrefix, from: a, to: b, slot: slot)
    default:
      amount = 0
    }
    let sigma = configurations[slot].noise
    if sigma > 0 {
      amount = max(0, amount + sigma * slots[slot].generator.nextStandardNormal())
    }
    return amount
  }

  // MARK: - Heart rate

  /// The modelled heart rate in bpm at `instant` for `activity`, before the sensor (no noise,
  /// no lock, no recording): steady state by %HRR = %VO2R, the exact first-order response with
  /// the recovery residual, then drift, within resting...maximal heart rate.
  ///
  /// Non-decreasing instants cost amortised O(1); an earlier instant replays from `t = 0`. A
  /// change of activity starts a new stretch at `instant` from the state reached there.
  public mutating func modelHeartRate(
    at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double {
    modelHeartRateState(at: instant, activity: activity).heartRate
  }

  /// The measured sensor's reading (``HeartRateSensorError`` at `scale`): the true heart rate (or
  /// the locked cadence) + bias + σ × the unit AR(1) noise, or `nil` for a missing reading. Both
  /// streams draw once per reading, missing or not, so a regular sensor keeps one AR(1) spacing.
  private mutating func measuredHeartRate(
    at instant: SimulationInstant, activity: WorkoutActivityType, kind: WorkloadKind,
    scale: Double
  ) -> Double? {
    let slot = QuantityType.heartRate.slot
    let t = instant.nanoseconds
    let truth = modelHeartRateState(at: instant, activity: activity)
    var value = truth.heartRate
    if let lock = configurations[slot].cadenceLock, lock.contains(instant) {
      let locked = cadence(at: t, kind: kind, slot: slot)
      if locked > 0 { value = locked }
    }
    let unit = slots[slot].correlatedNoise(at: t, sigma: 1)
    let draw = missingGenerator.nextUnitDouble()
    let intensity = (truth.heartRate - athlete.restingHeartRate) / athlete.heartRateReserve
    if draw < scale * HeartRateSensorError.missingRate(intensity: intensity) { return nil }
    let sigma = HeartRateSensorError.standardDeviation(
      intensity: intensity, armDriven: HeartRateSensorError.isArmDriven(activity),
      recovering: truth.recovering)
    value += scale * (HeartRateSensorError.bias + sigma * unit)
    let range = HeartRateSensorError.readingRange
    return min(range.upperBound, max(range.lowerBound, value))
  }

  /// ``modelHeartRate(at:activity:)`` and whether the body recovers there: the undrifted heart
  /// rate lies more than ``HeartRateSensorError/recoveryMargin`` above its stretch's workload
  /// target.
  private mutating func modelHeartRateState(
    at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> (heartRate: Double, recovering: Bool) {
    let t = instant.nanoseconds
    let rest = athlete.restingHeartRate
    guard t >= 0 else { return (rest, false) }
    let kind = WorkloadKind(activity)
    // Not `heartRatePiece ?? initialPiece(kind:)`: the autoclosure would capture a copy of the
    // whole source, alive while `locate` below mutates its cursors, so that every heart-rate
    // sample copied the slot array (scripts/bench-output.sh).
    var piece: HeartRatePiece
    if let current = heartRatePiece, t >= current.start {
      piece = current
    } else {
      piece = initialPiece(kind: kind)
    }
    if piece.kind != kind {
      // The segment first: `locate` mutates the cursors, and as an argument of the
      // non-mutating `transition` it would run on a copy of the whole source.
      let segment = locate(t, slot: slots.count - 1)
      piece = transition(from: piece, at: t, segment: segment, kind: kind)
    }
    // A reading at the course's end instant reads the body at the course's last moment (the
    // last segment's stretch, not yet the standing still after it): docs/models.md#wrist-sensor.
    while t >= piece.end && !(t == endNanoseconds && piece.end == endNanoseconds) {
      let next = piece.segment + 1
      piece = transition(from: piece, at: piece.end, segment: next, kind: kind)
    }
    heartRatePiece = piece
    let p = heartRateParameters
    let state = piece.evaluate(after: Double(t - piece.start) / 1e9, parameters: p)
    let drifted = p.drifted(
      state.heartRate, resting: rest, maximum: athlete.maxHeartRate,
      exerciseTime: state.exerciseTime)
    let recovering =
      state.heartRate > piece.target + state.slow + HeartRateSensorError.recoveryMargin
    return (min(athlete.maxHeartRate, max(rest, drifted)), recovering)
  }

  private func target(segment k: Int, kind: WorkloadKind) -> Double {
    let net: Double
    switch kind {
    case .foot: net = segmentValue(footNetVO2, k)
    case .cycling: net = segmentValue(cyclingNetVO2, k)
    case .rowing: net = segmentValue(rowingNetVO2, k)
    case .skiing: net = segmentValue(skiingNetVO2, k)
    case .swimming: net = segmentValue(swimmingNetVO2, k)
    case .stairs: net = StairModel.netVO2(stepsPerMinute: segmentValue(footCadences, k))
    case .constant(let value):
      // A segment's own MET, else the activity's Compendium entry.
      net = k >= 0 && k < givenMETShares.count && givenMETShares[k] > 0 ? givenNetVO2[k] : value
    }
    return HeartRateParameters.steadyState(netVO2: net, athlete: athlete)
  }

  private func pieceEnd(segment k: Int, kind: WorkloadKind) -> Int64 {
    // A constant MET is one unbounded stretch unless segments give their own METs.
    if case .constant = kind, !givesMETs { return Int64.max }
    if k < 0 { return 0 }
    if k >= starts.count { return Int64.max }
    return k + 1 < starts.count ? starts[k + 1] : endNanoseconds
  }

  private func initialPiece(kind: WorkloadKind) -> HeartRatePiece {
    let k = 0  // segment 0, or the standing-still stretch of an empty course
    let rest = athlete.restingHeartRate
    let w = target(segment: k, kind: kind)
    return HeartRatePiece(
      start: 0, end: pieceEnd(segment: k, kind: kind), segment: k, heartRate: rest, residual: 0,
      target: w,
      timeConstant: w > rest
        ? heartRateParameters.riseTimeConstant : heartRateParameters.fallTimeConstant,
      slow: 0, slowTarget: heartRateParameters.slowComponentTarget(heartRate: w, athlete: athlete),
      exercising: w > rest, exerciseTime: 0, kind: kind)
  }

  /// The stretch that starts at `time` (ns) on segment `k` with `kind`, continuing `piece`'s
  /// state: a drop in target becomes residual (fraction r), a rise first absorbs residual; the
  /// slow component carries on toward the new stretch's level.
  private func transition(
    from piece: HeartRatePiece, at time: Int64, segment k: Int, kind: WorkloadKind
  ) -> HeartRatePiece {
    let p = heartRateParameters
    let state = piece.evaluate(after: Double(time - piece.start) / 1e9, parameters: p)
    let newTarget = target(segment: k, kind: kind)
    let residual =
      newTarget < piece.target
      ? state.residual + p.recoveryResidualFraction * (piece.target - newTarget)
      : max(0, state.residual - (newTarget - piece.target))
    let rising = newTarget + residual + state.slow > state.heartRate
    return HeartRatePiece(
      start: time, end: pieceEnd(segment: k, kind: kind), segment: k, heartRate: state.heartRate,
      residual: residual, target: newTarget,
      timeConstant: rising ? p.riseTimeConstant : p.fallTimeConstant,
      slow: state.slow, slowTarget: p.slowComponentTarget(heartRate: newTarget, athlete: athlete),
      exercising: newTarget > athlete.restingHeartRate, exerciseTime: state.exerciseTime,
      kind: kind)
  }

  // MARK: - Course lookup and integration

  /// The segment index at `t` ns: −1 before `t = 0`, `count` from the course end on. Moves the
  /// cursor of `slot` (amortised O(1) forward; binary search backward).
  private mutating func locate(_ t: Int64, slot: Int) -> Int {
    let count = starts.count
    if t < 0 { return -1 }
    if t >= endNanoseconds { return count }
    var k = min(max(slots[slot].cursor, 0), count - 1)
    if starts[k] > t {
      var low = 0
      var high = k
      while low < high {
        let mid = (low + high + 1) / 2
        if starts[mid] <= t { low = mid } else { high = mid - 1 }
      }
      k = low
    }
    while k + 1 < count && starts[k + 1] <= t { k += 1 }
    slots[slot].cursor = k
    return k
  }

  /// The segment a reading at `t` ns reads: ``locate(_:slot:)``'s, except at the course's end
  /// instant, where it is the last segment (the body at the course's last moment; a segment
  /// holds from its start up to and including the course's end, so the workout's sample at
  /// the end of a course as long as the workout reads its last segment, not the standing
  /// still after it; docs/models.md#wrist-sensor). Integrals keep ``locate(_:slot:)``.
  private mutating func readingSegment(_ t: Int64, slot: Int) -> Int {
    if t == endNanoseconds && !starts.isEmpty { return starts.count - 1 }
    return locate(t, slot: slot)
  }

  private func segmentValue(_ values: [Double], _ k: Int) -> Double {
    k >= 0 && k < values.count ? values[k] : 0
  }

  /// ∫ rate dt over [a, b) ns (a ≤ b) for a piecewise-constant `rates` with `prefix` sums at
  /// segment starts. When `b` lies in `a`'s segment, that segment is `b`'s without a second
  /// lookup (the cursor is already there).
  private mutating func integrate(
    _ rates: [Double], _ prefix: [Double], from a: Int64, to b: Int64, slot: Int
  ) -> Double {
    let count = starts.count
    let ka = locate(a, slot: slot)
    let kb: Int
    if ka >= 0, ka < count, b < (ka + 1 < count ? starts[ka + 1] : endNanoseconds) {
      kb = ka
    } else {
      kb = locate(b, slot: slot)
    }
    if ka == kb { return segmentValue(rates, ka) * Double(b - a) / 1e9 }
    var total = 0.0
    var firstWhole = 0
    if ka >= 0 {
      let segmentEnd = ka + 1 < count ? starts[ka + 1] : endNanoseconds
      total += rates[ka] * Double(segmentEnd - a) / 1e9
      firstWhole = ka + 1
    }
    let lastWhole = min(kb, count)
    if lastWhole > firstWhole { total += prefix[lastWhole] - prefix[firstWhole] }
    if kb >= 0 && kb < count { total += rates[kb] * Double(b - starts[kb]) / 1e9 }
    return total
  }

  /// The mean speed (m/s, stops counted as 0) over the whole seconds from `from` up to `to`
  /// and the cadence a cadence lock would read at it for `activity`: on foot the mean recorded
  /// step cadence where the course gives one, else ``Cadence/onFoot(metresPerSecond:stepLength:)``
  /// of the mean speed; on a bike the mean pedal cadence while pedalling; 0 for constant-MET
  /// activities. ``HeartRateFit`` uses it to find cadence-lock artefacts.
  func meanSpeedAndCadence(
    from: SimulationInstant, to: SimulationInstant, activity: WorkoutActivityType
  ) -> (speed: Double, cadence: Double) {
    let second: Int64 = 1_000_000_000
    var speed = 0.0
    var seconds = 0.0
    var cadence = (sum: 0.0, count: 0.0)
    var t = from.nanoseconds
    let kind = WorkloadKind(activity)
    while t < to.nanoseconds {
      seconds += 1
      if let index = course.segmentIndex(at: SimulationInstant(nanoseconds: t)) {
        speed += speeds[index]
        switch kind {
        case .foot:
          if let given = course.segments[index].cadence {
            cadence = (cadence.sum + given, cadence.count + 1)
          }
        case .cycling:
          if cyclingCadences[index] > 0 {
            cadence = (cadence.sum + cyclingCadences[index], cadence.count + 1)
          }
        case .rowing, .stairs, .skiing, .swimming, .constant: break
        }
      }
      t += second
    }
    let meanSpeed = seconds > 0 ? speed / seconds : 0
    if cadence.count > 0 { return (meanSpeed, cadence.sum / cadence.count) }
    guard kind == .foot else { return (meanSpeed, 0) }
    return (
      meanSpeed, Cadence.onFoot(metresPerSecond: meanSpeed, stepLength: athlete.walkingStepLength)
    )
  }

  /// Step cadence (steps/min) on foot or pedal cadence (rpm) at `t`; 0 for constant-MET activities.
  private mutating func cadence(at t: Int64, kind: WorkloadKind, slot: Int) -> Double {
    switch kind {
    case .foot, .stairs: segmentValue(footCadences, readingSegment(t, slot: slot))
    case .cycling: segmentValue(cyclingCadences, readingSegment(t, slot: slot))
    case .rowing, .skiing, .swimming, .constant: 0
    }
  }

  /// AR(1) noise for discrete `slot`: x = a·x₋₁ + σ·√(1 − a²)·z with a = 0.9^Δt (Δt in s since the
  /// type's previous reading); the first reading draws from the stationary N(0, σ²). `a` and
  /// `√(1 − a²)` are kept for the last Δt, so a regular sensor computes them once.
  private mutating func correlatedNoise(slot: Int, at t: Int64, sigma: Double) -> Double {
    slots[slot].correlatedNoise(at: t, sigma: sigma)
  }
}

/// The mutable state of one quantity-type slot of ``PhysiologyDataSource``: its course cursor,
/// its noise stream and its AR(1) noise.
private struct SlotState: Sendable {
  /// The course segment of the type's last lookup.
  var cursor = 0
  /// The noise stream `"noise.<type>"`.
  var generator: SplitMix64
  /// The AR(1) noise of the last reading and its instant (ns); `started` after the first.
  var noise = 0.0
  var noiseInstant: Int64 = 0
  var started = false
  /// The spacing Δt (s) of the last AR(1) step (NaN before the first), its a = 0.9^Δt and
  /// √(1 − a²).
  var spacing = Double.nan
  var correlation = 0.0
  var innovation = 0.0

  init(generator: SplitMix64) {
    self.generator = generator
  }

  /// The AR(1) step of ``PhysiologyDataSource``'s discrete noise at `t` ns with stationary
  /// standard deviation `sigma`.
  mutating func correlatedNoise(at t: Int64, sigma: Double) -> Double {
    let z = generator.nextStandardNormal()
    if started {
      let seconds = max(0, Double(t - noiseInstant) / 1e9)
      if seconds != spacing {
        spacing = seconds
        correlation = Elementary.pow(SensorConfiguration.noiseCorrelationPerSecond, seconds)
        innovation = (1 - correlation * correlation).squareRoot()
      }
      noise = correlation * noise + sigma * innovation * z
    } else {
      noise = sigma * z
      started = true
    }
    noiseInstant = t
    return noise
  }
}
