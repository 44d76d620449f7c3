import WorkoutCore

/// Why ``HeartRateFit`` refused a course's recorded heart rate (a data error: the recording
/// cannot calibrate an athlete).
public enum HeartRateFitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The course has no recorded heart rate.
  case noHeartRate
  /// A reading lies outside ``HeartRateFit/plausibleHeartRate`` (bpm), `seconds` after `t = 0`.
  case implausibleHeartRate(seconds: Double, beatsPerMinute: Double)
  /// Fewer than ``HeartRateFit/minimumSeconds`` seconds have a recorded heart rate while the
  /// body moves.
  case tooShort(seconds: Int)
  /// The fitted part (the moving time before `split` s, ``HeartRateFit/fitFraction``) has
  /// `seconds` of usable heart rate, fewer than ``HeartRateFit/minimumFitSeconds``: the fit would
  /// rest on too little (or no) data.
  case fitPartTooShort(seconds: Int, split: Double)
  /// The held-out part (the moving time from `split` s) has `seconds` of usable heart rate,
  /// fewer than ``HeartRateFit/minimumHeldOutSeconds``: the fit could not be scored.
  case heldOutPartTooShort(seconds: Int, split: Double)
  /// The recorded heart rate varies by less than ``HeartRateFit/minimumSpread`` bpm: it says
  /// nothing about how the body responds to work (a sensor stuck at one value).
  case constantHeartRate(low: Double, high: Double)
  /// The course never moves while heart rate is recorded: there is no work to fit against.
  case noMovement

  /// What is wrong and what would do instead.
  public var description: String {
    let low = HeartRateFit.plausibleHeartRate.lowerBound
    let high = HeartRateFit.plausibleHeartRate.upperBound
    switch self {
    case .noHeartRate:
      return
        "the recording has no heart rate (calibrate needs a recording made with a heart-rate sensor)"
    case .implausibleHeartRate(let seconds, let bpm):
      return
        "the heart rate of \(Self.text(bpm)) bpm at \(Self.text(seconds)) s is not a human heart rate (expected \(Self.text(low)) to \(Self.text(high)) bpm; the sensor or the file is faulty)"
    case .tooShort(let seconds):
      return
        "the recording has \(seconds) s of heart rate while moving; calibrate needs at least \(HeartRateFit.minimumSeconds) s (10 minutes)"
    case .fitPartTooShort(let seconds, let split):
      return
        "the fitted part (the first 60 % of the moving time, before \(Self.text(split)) s) has \(seconds) s of heart rate while moving; calibrate needs at least \(HeartRateFit.minimumFitSeconds) s there to fit on (a recording with heart rate over its whole length)"
    case .heldOutPartTooShort(let seconds, let split):
      return
        "the held-out part (the last 40 % of the moving time, from \(Self.text(split)) s) has \(seconds) s of heart rate while moving; calibrate needs at least \(HeartRateFit.minimumHeldOutSeconds) s there to score the fit (a recording with heart rate over its whole length)"
    case .constantHeartRate(let lowest, let highest):
      return
        "the heart rate stays between \(Self.text(lowest)) and \(Self.text(highest)) bpm; calibrate needs a heart rate that follows the effort (at least \(Self.text(HeartRateFit.minimumSpread)) bpm between lowest and highest)"
    case .noMovement:
      return
        "the recording does not move while it has heart rate; calibrate needs speed or power to fit against"
    }
  }

  private static func text(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

/// An athlete fitted to a course's recorded heart rate (docs/models.md#calibration): VO2max,
/// maximal and resting heart rate, the rise and fall time constants, the recovery residual, the
/// drift gain and the slow component's gain and time constant, by least squares of the model's heart rate
/// (``PhysiologyDataSource/modelHeartRate(at:activity:)``, on the course's own speed, grade and
/// power) against the recorded one, within ``bounds`` (the maximal heart rate at least the
/// recording's ``peakHeartRate``: ``ranges``).
///
/// The recorded heart rate is read at every whole second where the course moves and has one
/// (linear between readings at most 10 s apart, ``Course/recordedHeartRate(at:)``). The fit uses
/// the seconds before the instant at which the course has moved for ``fitFraction`` (60 %) of
/// its moving time; the seconds from then on are held out and only scored. Minimiser:
/// Nelder–Mead on the box of ``bounds`` from the given athlete, restarted from its best point
/// (deterministic: no randomness). The objective is the mean squared error in bpm² plus a weak
/// pull toward the given athlete, ``priorWeight`` × Σ ((p − p₀) / s)² with the spreads
/// ``priorSpreads``: it decides between values the recording cannot tell apart (VO2max and
/// maximal heart rate when the heart rate never nears its maximum) and is small beside the
/// squared error (0.3 bpm² for a value one spread away from the given athlete's). The fitted
/// values are rounded (0.1 for VO2max, heart rates and time constants, 0.001 for the fractions)
/// and the scores are those of the rounded athlete, so a scenario with the printed athlete
/// reproduces them. A value the user knows can be held at the given athlete's instead of fitted
/// (``held``; `calibrate --resting-heart-rate`).
public struct HeartRateFit: Sendable, Equatable {
  /// One fitted quantity, named by its scenario `athlete` key.
  public enum Parameter: String, CaseIterable, Sendable {
    /// `vo2Max`, mL·kg⁻¹·min⁻¹.
    case vo2Max
    /// `maxHeartRate`, bpm.
    case maxHeartRate
    /// `restingHeartRate`, bpm.
    case restingHeartRate
    /// `heartRateRiseSeconds`, s.
    case heartRateRiseSeconds
    /// `heartRateFallSeconds`, s.
    case heartRateFallSeconds
    /// `heartRateDrift`, a fraction of the above-rest heart rate.
    case heartRateDrift
    /// `heartRateRecoveryResidual`, the fraction of a drop in target that recovers slowly.
    case heartRateRecoveryResidual
    /// `heartRateSlowComponent`, the slow component's gain, a fraction of the heart-rate reserve.
    case heartRateSlowComponent
    /// `heartRateSlowSeconds`, the slow component's time constant, s.
    case heartRateSlowSeconds
  }

  /// The mean absolute error of the model's heart rate against the recorded one over a part.
  public struct Score: Sendable, Equatable {
    /// Mean absolute error, bpm.
    public var maeBpm: Double
    /// Seconds scored (one per whole second with a recorded heart rate).
    public var seconds: Int

    /// Creates a score.
    public init(maeBpm: Double, seconds: Int) {
      self.maeBpm = maeBpm
      self.seconds = seconds
    }
  }

  /// The bounds of the fit, from the physiology literature (docs/models.md#calibration):
  /// - VO2max 20–90 mL·kg⁻¹·min⁻¹: from unfit older adults to elite endurance athletes
  ///   (D. R. Bassett, E. T. Howley, Medicine & Science in Sports & Exercise 32(1):70–84, 2000);
  /// - maximal heart rate 140–215 bpm: Tanaka's 208 − 0.7 × age for ages 18 to 80 (152 to 195)
  ///   widened by about two of its standard deviations of 10 bpm (Tanaka et al. 2001); a fit
  ///   raises the lower bound to the recording's ``peakHeartRate`` (``ranges``);
  /// - resting heart rate 35–95 bpm: the bradycardia of trained endurance athletes to the upper
  ///   range of normal (under 100 bpm);
  /// - rise time constant 10–120 s and fall time constant 15–150 s: De Smet et al. 2017 fit
  ///   24 s and 30 s, recovery time constants of 30–60 s are typical and above 1 min marks the
  ///   unfit (docs/models.md#heart-rate);
  /// - drift 0–0.3: none to the +20 % or so of prolonged exercise in the heat (Coyle &
  ///   González-Alonso 2001; Wingo et al. 2012);
  /// - recovery residual 0–0.9: none to nearly all of a drop in workload recovering slowly
  ///   (the model's project rule, docs/models.md#heart-rate);
  /// - slow component: gain 0–0.2 of the reserve and time constant 300–1200 s, so that its
  ///   first-minute rise at the top of the reserve stays within the 0 to about 4 bpm/min of
  ///   Teso et al. 2025's equation for the heart rate's slow component (docs/models.md#calibration).
  public static let bounds: [(parameter: Parameter, range: ClosedRange<Double>)] = [
    (.vo2Max, 20...90), (.maxHeartRate, 140...215), (.restingHeartRate, 35...95),
    (.heartRateRiseSeconds, 10...120), (.heartRateFallSeconds, 15...150),
    (.heartRateDrift, 0...0.3), (.heartRateRecoveryResidual, 0...0.9),
    (.heartRateSlowComponent, 0...0.2), (.heartRateSlowSeconds, 300...1200),
  ]

  /// The spreads of the pull toward the given athlete, in ``bounds`` order: 10 mL/kg/min,
  /// 10 bpm, 10 bpm, 20 s, 20 s, 0.1 (drift), 0.3 (recovery residual), 0.1 (slow component's
  /// gain), 300 s (its time constant).
  public static let priorSpreads: [Double] = [10, 10, 10, 20, 20, 0.1, 0.3, 0.1, 300]

  /// Weight of the pull toward the given athlete, bpm² per spread² (0.3).
  public static let priorWeight = 0.3

  /// The least recorded heart rate a fit accepts, s: 600 (10 minutes).
  public static let minimumSeconds = 600

  /// The least usable heart rate in the fitted part, s: 360, its 60 % share of
  /// ``minimumSeconds`` (project rule: a fit on less, or on none, would be the starting athlete
  /// returned as fitted).
  public static let minimumFitSeconds = 360

  /// The least usable heart rate in the held-out part, s: 240, its 40 % share of
  /// ``minimumSeconds`` (project rule: a score on less says nothing of the fit).
  public static let minimumHeldOutSeconds = 240

  /// The share of the moving time fitted on, 0.6; the rest is held out.
  public static let fitFraction = 0.6

  /// Readings a heart can give, bpm: 25 to 250 (the athlete's resting range starts at 25; no
  /// adult's maximum reaches 250).
  public static let plausibleHeartRate: ClosedRange<Double> = 25...250

  /// The least spread between the lowest and highest recorded heart rate a fit accepts, 5 bpm.
  public static let minimumSpread = 5.0

  /// The length of the window whose highest mean heart rate is the recording's peak, s: 30
  /// (project rule, docs/models.md#calibration). A real heart reaches and leaves its peak with
  /// time constants of 20 s or more (the rise bound's 10 s at the least), so a heart rate held
  /// for 30 s is the heart's; a strap's or wrist sensor's spike of a few seconds moves a 30 s mean
  /// by a tenth of its height. On the bundled recordings the 30 s peak lies 0.5 to 1.9 bpm below
  /// the highest single reading.
  public static let peakWindowSeconds = 30

  /// The recorded peak (bpm) from which ``vo2Max`` and ``maxHeartRate`` count as determined by
  /// the recording: 125, the lowest steady heart rate from which Åstrand and Ryhming's
  /// submaximal test predicts aerobic capacity (P.-O. Åstrand, I. Ryhming, Journal of Applied
  /// Physiology 7(2):218–221, 1954). Below it the recording shows how fast the heart rate climbs
  /// with work, not where it ends: VO2max and the maximum trade against each other along the
  /// same line, and the pull toward the given athlete places them on it.
  public static let determiningPeak = 125.0

  /// The recording's peak heart rate, bpm: the highest mean over ``peakWindowSeconds``
  /// consecutive seconds of the usable heart rate (moving, cadence-lock artefacts left out), on
  /// the whole recording; `nil` when no such window exists. The fitted maximal heart rate's
  /// lower bound is this peak rounded up to 0.1 bpm (a maximum is at least any heart rate
  /// reached: "The relationship between maximum heart rate in a cardiorespiratory fitness test
  /// and in a maximum heart rate test", Journal of Science and Medicine in Sport 22(5):607–610,
  /// 2019, doi:10.1016/j.jsams.2018.11.018).
  public let peakHeartRate: Double?

  /// This fit's bounds: ``bounds`` with the maximal heart rate's lower bound raised to
  /// ``peakHeartRate`` (rounded up to 0.1 bpm) where the peak is above 140 bpm, and a
  /// ``held`` value's range that one value.
  public let ranges: [ClosedRange<Double>]

  /// The fitted values that lie on a bound of ``ranges`` (a limit of the fit, not a value the
  /// recording measured), with the side: `false` lower, `true` upper.
  public let atBound: [(parameter: Parameter, upper: Bool)]

  /// The values held at the given athlete's (not fitted: a resting heart rate the user knows,
  /// `calibrate --resting-heart-rate`), in ``bounds`` order. A held value is neither moved by
  /// the minimiser nor pulled, rounded, bounded by ``ranges`` or listed in ``atBound`` and
  /// ``undetermined`` (docs/models.md#calibration).
  public let held: [Parameter]

  /// The fitted values the recording does not determine (the pull toward the given athlete
  /// set them, docs/models.md#calibration): ``Parameter/vo2Max`` and
  /// ``Parameter/maxHeartRate`` when ``peakHeartRate`` is below ``determiningPeak`` (or absent),
  /// and ``Parameter/heartRateSlowSeconds`` when the slow component's gain is 0 (the time
  /// constant of a component that is not there changes nothing).
  public let undetermined: [Parameter]

  /// The fitted athlete: the given one's age, sex, mass and height, the fitted heart rate.
  public let athlete: Athlete
  /// The fitted athlete's score on the fitted part.
  public let fit: Score
  /// The fitted athlete's score on the held-out part.
  public let heldOut: Score
  /// The given athlete's scores on the same parts (what the model does without a fit).
  public let givenFit: Score
  /// The given athlete's score on the held-out part.
  public let givenHeldOut: Score
  /// Where the held-out part starts, s after `t = 0`.
  public let split: Double
  /// How many times the model was run over the fitted part.
  public let evaluations: Int
  /// Seconds of the recording's heart rate left out of the fit and the scores as cadence-lock
  /// artefacts (``cadenceLockArtefacts(in:source:activity:)``, docs/models.md#calibration).
  public let excludedSeconds: Int

  /// The smallest rise of the recorded heart rate (bpm) within ``artefactRiseSeconds`` that can
  /// be a cadence lock: 15 (project rule from the wrist-sensor literature,
  /// docs/models.md#calibration).
  public static let artefactRise = 15.0
  /// The window of a cadence-lock rise, 10 s.
  public static let artefactRiseSeconds: Int64 = 10
  /// How near the cadence (a fraction of it) the reading must rise to be a lock: 0.2, the
  /// spread of a step cadence estimated from speed and an unknown height.
  public static let artefactCadenceTolerance = 0.2
  /// The windows (s) before and after a rise's start whose mean speeds must agree, and over
  /// which the cadence is taken: 30.
  public static let artefactSpeedWindow: Int64 = 30
  /// The largest change of the mean speed (a fraction) across a lock's start: 0.25.
  public static let artefactSpeedChange = 0.25
  /// The longest lock (s from its start): 180.
  public static let artefactLongestSeconds: Int64 = 180
  /// A lock ends where the reading is back within this many bpm of where it rose from: 5.
  public static let artefactReturn = 5.0

  /// Fits `athlete`'s heart rate to `course`'s recorded heart rate for `activity`.
  ///
  /// - Parameters:
  ///   - course: a course with ``Course/recordedHeartRate`` (a recording's).
  ///   - activity: the activity whose workload model applies.
  ///   - athlete: the start and the pull of the fit, and the age, sex, mass and height kept
  ///     (default ``Athlete/standard``).
  ///   - held: the values kept at `athlete`'s instead of fitted (default none): a resting heart
  ///     rate measured at rest is a better value than the one a recording of exercise implies
  ///     (docs/models.md#calibration).
  /// - Throws: ``HeartRateFitError`` for a course without usable heart rate, or with too
  ///   little of it in the fitted or the held-out part.
  public init(
    course: Course, activity: WorkoutActivityType, athlete given: Athlete = .standard,
    holding held: Set<Parameter> = []
  ) throws(HeartRateFitError) {
    let source = PhysiologyDataSource(athlete: given, course: course, seed: 0)
    let recorded = try Self.grid(of: course)
    let artefacts = Self.cadenceLockArtefacts(in: recorded, source: source, activity: activity)
    var grid = (times: [Int64](), values: [Double]())
    for index in recorded.times.indices where !artefacts[index] {
      grid.times.append(recorded.times[index])
      grid.values.append(recorded.values[index])
    }
    let split = Self.split(of: course, fraction: Self.fitFraction)
    let splitNanoseconds = Int64((split * 1e9).rounded())
    let fitCount = grid.times.firstIndex { $0 >= splitNanoseconds } ?? grid.times.count
    guard fitCount >= Self.minimumFitSeconds else {
      throw .fitPartTooShort(seconds: fitCount, split: split)
    }
    guard grid.times.count - fitCount >= Self.minimumHeldOutSeconds else {
      throw .heldOutPartTooShort(seconds: grid.times.count - fitCount, split: split)
    }

    let peak = Self.peak(of: grid)
    var ranges = Self.fitRanges(peak: peak)
    // A held value is the given athlete's: its range is that one value.
    for (index, bound) in Self.bounds.enumerated() where held.contains(bound.parameter) {
      let value = Self.value(of: bound.parameter, in: given)
      ranges[index] = value...value
    }
    let start = Self.bounds.enumerated().map { index, bound in
      let width = ranges[index].upperBound - ranges[index].lowerBound
      return width > 0
        ? (Self.value(of: bound.parameter, in: given) - ranges[index].lowerBound) / width : 0
    }
    let prior = start.map { min(1, max(0, $0)) }
    // The minimiser moves the values not held; `full` puts them back among the held ones.
    let free = Self.bounds.indices.filter { !held.contains(Self.bounds[$0].parameter) }
    func full(_ y: [Double]) -> [Double] {
      var x = prior
      for (slot, index) in free.enumerated() { x[index] = y[slot] }
      return x
    }
    func loss(_ y: [Double]) -> Double {
      let x = full(y)
      let candidate = Self.athlete(at: x, ranges: ranges, like: given)
      var model = source.withHeartRate(of: candidate)
      var sum = 0.0
      for index in 0..<fitCount {
        let h = model.modelHeartRate(
          at: SimulationInstant(nanoseconds: grid.times[index]), activity: activity)
        let e = h - grid.values[index]
        sum += e * e
      }
      var penalty = 0.0
      for index in Self.bounds.indices {
        let width = ranges[index].upperBound - ranges[index].lowerBound
        let z = (x[index] - prior[index]) * width / Self.priorSpreads[index]
        penalty += z * z
      }
      return sum / Double(max(1, fitCount)) + Self.priorWeight * penalty
    }
    var minimiser = BoxedNelderMead(start: free.map { prior[$0] }, function: loss)
    var previous = Double.infinity
    for step in [0.25, 0.1, 0.05, 0.02] where !free.isEmpty {
      minimiser.run(step: step, tolerance: 1e-7, maximumEvaluations: 400)
      if previous - minimiser.bestValue < 1e-4 * (1 + minimiser.bestValue) { break }
      previous = minimiser.bestValue
    }
    let fitted = Self.rounded(
      Self.athlete(at: full(minimiser.best), ranges: ranges, like: given), ranges: ranges)
    let scored = Self.scores(source.withHeartRate(of: fitted), grid, fitCount, activity)
    let baseline = Self.scores(source, grid, fitCount, activity)
    self.athlete = fitted
    self.fit = scored.fit
    self.heldOut = scored.heldOut
    self.givenFit = baseline.fit
    self.givenHeldOut = baseline.heldOut
    self.split = split
    self.evaluations = minimiser.evaluations
    self.excludedSeconds = recorded.times.count - grid.times.count
    self.peakHeartRate = peak
    self.ranges = ranges
    self.held = Self.bounds.map(\.parameter).filter { held.contains($0) }
    var atBound: [(parameter: Parameter, upper: Bool)] = []
    for (index, bound) in Self.bounds.enumerated() where !held.contains(bound.parameter) {
      let value = Self.value(of: bound.parameter, in: fitted)
      if value <= ranges[index].lowerBound {
        atBound.append((bound.parameter, false))
      } else if value >= ranges[index].upperBound {
        atBound.append((bound.parameter, true))
      }
    }
    self.atBound = atBound
    var undetermined: [Parameter] = []
    if (peak ?? 0) < Self.determiningPeak { undetermined += [.vo2Max, .maxHeartRate] }
    if fitted.heartRate.slowComponentGain == 0 { undetermined.append(.heartRateSlowSeconds) }
    self.undetermined = undetermined.filter { !held.contains($0) }
  }

  /// Two fits are equal when their athletes, scores, split, work, exclusions, peak, ranges,
  /// bounds reached, undetermined and held values are.
  public static func == (lhs: HeartRateFit, rhs: HeartRateFit) -> Bool {
    lhs.athlete == rhs.athlete && lhs.fit == rhs.fit && lhs.heldOut == rhs.heldOut
      && lhs.givenFit == rhs.givenFit && lhs.givenHeldOut == rhs.givenHeldOut
      && lhs.split == rhs.split && lhs.evaluations == rhs.evaluations
      && lhs.excludedSeconds == rhs.excludedSeconds && lhs.peakHeartRate == rhs.peakHeartRate
      && lhs.ranges == rhs.ranges && lhs.undetermined == rhs.undetermined && lhs.held == rhs.held
      && lhs.atBound.map(\.parameter) == rhs.atBound.map(\.parameter)
      && lhs.atBound.map(\.upper) == rhs.atBound.map(\.upper)
  }

  /// The highest mean of `grid`'s values over ``peakWindowSeconds`` consecutive whole seconds
  /// (bpm), or `nil` when the grid holds no such run of seconds.
  static func peak(of grid: (times: [Int64], values: [Double])) -> Double? {
    let second: Int64 = 1_000_000_000
    let window = peakWindowSeconds
    var best: Double?
    var runStart = 0
    var sum = 0.0
    for index in grid.times.indices {
      if index > 0 && grid.times[index] - grid.times[index - 1] != second {
        runStart = index
        sum = 0
      }
      sum += grid.values[index]
      if index - runStart + 1 > window { sum -= grid.values[index - window] }
      if index - runStart + 1 >= window {
        let mean = sum / Double(window)
        if mean > (best ?? -Double.infinity) { best = mean }
      }
    }
    return best
  }

  /// ``bounds`` with the maximal heart rate's lower bound raised to `peak` rounded up to
  /// 0.1 bpm (and its upper bound to that, should the peak pass it), at most 230 bpm, the
  /// highest maximum a scenario's athlete takes (``Athlete/ranges``).
  static func fitRanges(peak: Double?) -> [ClosedRange<Double>] {
    bounds.map { bound in
      guard bound.parameter == .maxHeartRate, let peak else { return bound.range }
      let floor = min(230, max(bound.range.lowerBound, (peak * 10 - 1e-9).rounded(.up) / 10))
      return floor...max(floor, bound.range.upperBound)
    }
  }

  /// Which seconds of `grid` are cadence-lock artefacts (docs/models.md#calibration): a rise of
  /// at least ``artefactRise`` bpm within ``artefactRiseSeconds`` whose top (where the reading
  /// stops rising) is within
  /// ``artefactCadenceTolerance`` of the cadence (step cadence on foot, pedal cadence on a bike)
  /// over the ``artefactSpeedWindow`` after the rise starts, at a steady speed (that window's mean
  /// speed within ``artefactSpeedChange`` of the window's before it). The seconds from the rise
  /// until the reading is back within ``artefactReturn`` bpm of where it rose from, at most
  /// ``artefactLongestSeconds`` after the rise starts, are excluded.
  static func cadenceLockArtefacts(
    in grid: (times: [Int64], values: [Double]), source: PhysiologyDataSource,
    activity: WorkoutActivityType
  ) -> [Bool] {
    let count = grid.times.count
    let second: Int64 = 1_000_000_000
    let window = artefactRiseSeconds * second
    let speedWindow = artefactSpeedWindow * second
    var excluded = [Bool](repeating: false, count: count)
    var start = 0
    while start < count {
      var peak = start
      var next = start + 1
      while next < count && grid.times[next] - grid.times[start] <= window {
        if grid.values[next] > grid.values[peak] { peak = next }
        next += 1
      }
      guard peak > start, grid.values[peak] - grid.values[start] >= artefactRise else {
        start += 1
        continue
      }
      // The jump's top: on while the reading keeps rising.
      while peak + 1 < count && grid.values[peak + 1] >= grid.values[peak] { peak += 1 }
      // The rise starts at the last lowest reading before the peak.
      for index in start..<peak where grid.values[index] <= grid.values[start] { start = index }
      let base = grid.values[start]
      let at = grid.times[start]
      let before = source.meanSpeedAndCadence(
        from: SimulationInstant(nanoseconds: at - speedWindow),
        to: SimulationInstant(nanoseconds: at),
        activity: activity)
      let after = source.meanSpeedAndCadence(
        from: SimulationInstant(nanoseconds: at),
        to: SimulationInstant(nanoseconds: at + speedWindow),
        activity: activity)
      let steady =
        before.speed > 0 && abs(after.speed - before.speed) <= artefactSpeedChange * before.speed
      let locked =
        after.cadence > 0
        && abs(grid.values[peak] - after.cadence) <= artefactCadenceTolerance * after.cadence
      guard steady && locked else {
        start += 1
        continue
      }
      let last = at + artefactLongestSeconds * second
      var end = peak
      while end + 1 < count && grid.times[end + 1] <= last
        && grid.values[end + 1] > base + artefactReturn
      {
        end += 1
      }
      for index in (start + 1)...end { excluded[index] = true }
      start = end + 1
    }
    return excluded
  }

  /// The value of `parameter` of `athlete`.
  public static func value(of parameter: Parameter, in athlete: Athlete) -> Double {
    switch parameter {
    case .vo2Max: athlete.vo2Max
    case .maxHeartRate: athlete.maxHeartRate
    case .restingHeartRate: athlete.restingHeartRate
    case .heartRateRiseSeconds: athlete.heartRate.riseTimeConstant
    case .heartRateFallSeconds: athlete.heartRate.fallTimeConstant
    case .heartRateDrift: athlete.heartRate.driftGain
    case .heartRateRecoveryResidual: athlete.heartRate.recoveryResidualFraction
    case .heartRateSlowComponent: athlete.heartRate.slowComponentGain
    case .heartRateSlowSeconds: athlete.heartRate.slowComponentTimeConstant
    }
  }

  /// Whether the body moves in `segment` (speed or power above 0).
  static func moves(_ segment: CourseSegment) -> Bool {
    (segment.speed ?? 0) > 0 || (segment.power ?? 0) > 0
  }

  /// The recorded heart rate at every whole second (ns, bpm) in which the body moves, checked.
  static func grid(of course: Course) throws(HeartRateFitError) -> (
    times: [Int64], values: [Double]
  ) {
    let readings = course.recordedHeartRate
    guard let first = readings.first, let last = readings.last else { throw .noHeartRate }
    for reading in readings where !plausibleHeartRate.contains(reading.beatsPerMinute) {
      throw .implausibleHeartRate(
        seconds: reading.instant.seconds, beatsPerMinute: reading.beatsPerMinute)
    }
    var times: [Int64] = []
    var values: [Double] = []
    var cursor = 0
    var segment = 0
    let second: Int64 = 1_000_000_000
    var t = (first.instant.nanoseconds + second - 1) / second * second
    while t <= last.instant.nanoseconds {
      if let value = Course.interpolate(
        readings, at: SimulationInstant(nanoseconds: t), cursor: &cursor)
      {
        while segment + 1 < course.starts.count && course.starts[segment + 1].nanoseconds <= t {
          segment += 1
        }
        if t < course.end.nanoseconds, moves(course.segments[segment]) {
          times.append(t)
          values.append(value)
        }
      }
      t += second
    }
    guard !times.isEmpty else { throw .noMovement }
    guard times.count >= minimumSeconds else { throw .tooShort(seconds: times.count) }
    let low = values.min() ?? 0
    let high = values.max() ?? 0
    guard high - low >= minimumSpread else { throw .constantHeartRate(low: low, high: high) }
    return (times, values)
  }

  /// The instant, s after `t = 0`, at which `course` has moved for `fraction` of its moving time.
  static func split(of course: Course, fraction: Double) -> Double {
    var total = 0.0
    for segment in course.segments where moves(segment) { total += segment.duration.secondsValue }
    let target = fraction * total
    var moved = 0.0
    for (index, segment) in course.segments.enumerated() where moves(segment) {
      let seconds = segment.duration.secondsValue
      if moved + seconds >= target {
        return course.starts[index].seconds + (target - moved)
      }
      moved += seconds
    }
    return course.end.seconds
  }

  /// The athlete at normalised point `x` of `ranges` (in ``bounds`` order), with `given`'s
  /// age, sex, mass, height and other heart-rate parameters.
  static func athlete(at x: [Double], ranges: [ClosedRange<Double>], like given: Athlete)
    -> Athlete
  {
    var values = [Double](repeating: 0, count: bounds.count)
    for index in bounds.indices {
      let unit = min(1, max(0, x[index]))
      let range = ranges[index]
      values[index] = range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
    return make(values, like: given)
  }

  /// `values` in ``bounds`` order as an athlete like `given`.
  private static func make(_ values: [Double], like given: Athlete) -> Athlete {
    var kinetics = given.heartRate
    kinetics.riseTimeConstant = values[3]
    kinetics.fallTimeConstant = values[4]
    kinetics.driftGain = values[5]
    kinetics.recoveryResidualFraction = values[6]
    kinetics.slowComponentGain = values[7]
    kinetics.slowComponentTimeConstant = values[8]
    do {
      return try Athlete(
        age: given.age, sex: given.sex, massKg: given.massKg, heightCm: given.heightCm,
        restingHeartRate: values[2], maxHeartRate: values[1], vo2Max: values[0],
        heartRate: kinetics)
    } catch {
      // Every bound lies inside Athlete.ranges, and the maximum's lowest (140) is above the
      // resting heart rate's highest (95).
      preconditionFailure("HeartRateFit.bounds left Athlete.ranges: \(error)")
    }
  }

  /// `athlete` with the fitted values rounded: 0.1 for VO2max, heart rates and time constants,
  /// 0.001 for the drift, the recovery residual and the slow component's gain; kept within
  /// `ranges`.
  static func rounded(_ athlete: Athlete, ranges: [ClosedRange<Double>]) -> Athlete {
    let values = zip(bounds, ranges).map { bound, range -> Double in
      let scale =
        bound.parameter.rawValue.hasSuffix("Seconds") || bound.parameter == .vo2Max
          || bound.parameter.rawValue.hasSuffix("HeartRate") ? 10.0 : 1000.0
      let value = (value(of: bound.parameter, in: athlete) * scale).rounded() / scale
      return min(range.upperBound, max(range.lowerBound, value))
    }
    return make(values, like: athlete)
  }

  /// The mean absolute errors of `source`'s model on the first `fitCount` grid seconds and on
  /// the rest.
  private static func scores(
    _ source: PhysiologyDataSource, _ grid: (times: [Int64], values: [Double]), _ fitCount: Int,
    _ activity: WorkoutActivityType
  ) -> (fit: Score, heldOut: Score) {
    var model = source
    var sums = (0.0, 0.0)
    for index in grid.times.indices {
      let h = model.modelHeartRate(
        at: SimulationInstant(nanoseconds: grid.times[index]), activity: activity)
      let e = abs(h - grid.values[index])
      if index < fitCount { sums.0 += e } else { sums.1 += e }
    }
    let held = grid.times.count - fitCount
    return (
      Score(maeBpm: fitCount > 0 ? sums.0 / Double(fitCount) : 0, seconds: fitCount),
      Score(maeBpm: held > 0 ? sums.1 / Double(held) : 0, seconds: held)
    )
  }
}
