import WorkoutCore

/// Heart-rate model parameters (docs/models.md#heart-rate). The defaults are the values workout-sim
/// uses.
///
/// The model: a steady state from workload by %HRR = %VO2R (Swain & Leutholtz 1997, Med Sci Sports
/// Exerc 29:410–414), a first-order lag toward it with an asymmetric time constant (De Smet et al.
/// 2017, CEUR-WS Vol-1842 paper 13: τrise 24 s, τfall 30 s), a recovery residual (project rule)
/// and cardiovascular drift (project rule, see ``driftGain``).
public struct HeartRateParameters: Sendable, Equatable {
  /// Time constant in seconds when the target lies above the heart rate at a course boundary
  /// (default 24 s, De Smet 2017).
  public var riseTimeConstant: Double
  /// Time constant in seconds when the target lies below it (default 30 s, De Smet 2017).
  public var fallTimeConstant: Double
  /// Fraction r of a drop in workload target that stays as a residual elevation (default 0.75).
  /// Project rule (docs/models.md#heart-rate): recovery heads for an elevated target that decays,
  /// so a healthy adult's one-minute recovery is 20–40 bpm rather than the 60+ bpm of a plain lag.
  public var recoveryResidualFraction: Double
  /// Time constant in seconds of the residual's decay (default 300 s; project rule,
  /// docs/models.md#heart-rate).
  public var recoveryResidualTimeConstant: Double
  /// Drift gain d (default 0.18): the drift `D = d × clamp((X − onset) / (full − onset), 0, 1)`,
  /// X being the accumulated exercise time, multiplies the above-rest part of the heart rate by
  /// about `1 + D` away from the maximum and takes the heart toward the maximum, never past it,
  /// near it (`drifted(_:resting:maximum:exerciseTime:)`). Project rule
  /// (docs/models.md#heart-rate): scaling only the above-rest part keeps the body at rest
  /// undrifted; at 60 % VO2R this gives about +9 % of heart rate from 10 to 60 min (Coyle &
  /// González-Alonso 2001; Wingo et al. 2012).
  public var driftGain: Double
  /// Exercise time in seconds before drift starts (default 600 s).
  public var driftOnset: Double
  /// Exercise time in seconds at which drift is full and stops growing (default 3600 s).
  public var driftFull: Double
  /// Gain g of the heart rate's slow component (default 0: none), a fraction of the heart-rate
  /// reserve. Within a stretch whose workload is a fraction f of the oxygen-uptake reserve, the
  /// slow component heads, with ``slowComponentTimeConstant``, for
  /// `g × (HRmax − HRrest) × max(0, f − θ) / (1 − θ)` bpm, θ being ``slowComponentThreshold``,
  /// and adds to the workload target: the intensity-dependent slow rise of heart rate at a
  /// constant workload (M. Teso et al., Medicine & Science in Sports & Exercise 54(4):655–664,
  /// 2022; M. Teso et al., Sports 13(2):45, 2025), and its slow fall afterwards. Fitted by
  /// `workout-sim calibrate` (docs/models.md#heart-rate).
  public var slowComponentGain: Double
  /// Time constant in seconds of the slow component (default 600 s; docs/models.md#heart-rate).
  public var slowComponentTimeConstant: Double

  /// The fraction θ of the oxygen-uptake reserve above which the slow component grows: 0.3
  /// (project rule from Teso et al. 2025's equation, whose slow rise is zero at about a quarter
  /// to two fifths of the respiratory compensation point; docs/models.md#heart-rate).
  public static let slowComponentThreshold = 0.3

  /// Creates parameters; every argument defaults to the value workout-sim uses.
  public init(
    riseTimeConstant: Double = 24, fallTimeConstant: Double = 30,
    recoveryResidualFraction: Double = 0.75, recoveryResidualTimeConstant: Double = 300,
    driftGain: Double = 0.18, driftOnset: Double = 600, driftFull: Double = 3600,
    slowComponentGain: Double = 0, slowComponentTimeConstant: Double = 600
  ) {
    self.riseTimeConstant = riseTimeConstant
    self.fallTimeConstant = fallTimeConstant
    self.recoveryResidualFraction = recoveryResidualFraction
    self.recoveryResidualTimeConstant = recoveryResidualTimeConstant
    self.driftGain = driftGain
    self.driftOnset = driftOnset
    self.driftFull = driftFull
    self.slowComponentGain = slowComponentGain
    self.slowComponentTimeConstant = slowComponentTimeConstant
  }

  /// The heart rate in bpm that an undrifted heart rate `heartRate` becomes after
  /// `exerciseTime` seconds with a workload above rest: with the drift
  /// `D = driftGain × clamp((exerciseTime − driftOnset) / (driftFull − driftOnset), 0, 1)`, the
  /// part above rest `a = heartRate − resting` and the room left `r = maximum − heartRate`,
  /// `heartRate + r × (1 − e^(−D × a / r))`. While `D × a` is small beside `r` this multiplies
  /// the above-rest part by `1 + D`; near the maximum the heart approaches it and never reaches
  /// it (project rule: the drift takes the heart toward its ceiling, not past it; Coyle &
  /// González-Alonso 2001; González-Alonso et al., Journal of Applied Physiology
  /// 86(3):1032–1039, 1999; docs/models.md#heart-rate). A heart rate at or below rest, or at
  /// or above the maximum, is returned unchanged.
  func drifted(
    _ heartRate: Double, resting: Double, maximum: Double, exerciseTime: Double
  ) -> Double {
    let ramp = min(1, max(0, (exerciseTime - driftOnset) / (driftFull - driftOnset)))
    let above = heartRate - resting
    let room = maximum - heartRate
    guard above > 0, room > 0 else { return heartRate }
    return heartRate + room * (1 - Elementary.exp(-driftGain * ramp * above / room))
  }

  /// The slow component's level in bpm that a stretch at steady-state heart rate `target` heads
  /// for: `g × reserve × max(0, f − θ) / (1 − θ)` with `f = (target − HRrest) / reserve`
  /// (``slowComponentGain``, ``slowComponentThreshold``).
  ///
  /// - Parameters:
  ///   - target: the stretch's steady-state heart rate (``steadyState(netVO2:athlete:)``), bpm.
  ///   - athlete: the profile.
  func slowComponentTarget(heartRate target: Double, athlete: Athlete) -> Double {
    guard slowComponentGain > 0 else { return 0 }
    let reserve = athlete.heartRateReserve
    let fraction = (target - athlete.restingHeartRate) / reserve
    let theta = Self.slowComponentThreshold
    return slowComponentGain * reserve * max(0, fraction - theta) / (1 - theta)
  }

  /// Steady-state heart rate in bpm for a net VO2 (gross − 3.5, mL·kg⁻¹·min⁻¹):
  /// `HRrest + f × (HRmax − HRrest)` with `f = net / (VO2max − 3.5)` clamped to 0...1
  /// (%HRR = %VO2R, Swain & Leutholtz 1997; docs/models.md#heart-rate).
  ///
  /// - Parameters:
  ///   - netVO2: mL·kg⁻¹·min⁻¹ above rest.
  ///   - athlete: the profile.
  public static func steadyState(netVO2: Double, athlete: Athlete) -> Double {
    let fraction = min(1, max(0, netVO2 / athlete.vo2Reserve))
    return athlete.restingHeartRate + fraction * athlete.heartRateReserve
  }
}

/// The heart-rate state over one stretch of constant workload, solved exactly.
///
/// Within a stretch the workload target W is constant, the residual decays as ρ₀·e^(−t/τr) and
/// the slow component heads for its level S with τs, s(t) = S + (s₀ − S)·e^(−t/τs); the heart rate
/// h obeys dh/dt = (W + ρ(t) + s(t) − h)/τ, whose exact solution is
/// h(t) = W + S + c·e^(−t/τr) + d·e^(−t/τs) + (h₀ − W − S − c − d)·e^(−t/τ) with
/// c = ρ₀·τr/(τr − τ) and d = (s₀ − S)·τs/(τs − τ). Every value is computed from the stretch's
/// start, so results do not depend on how often or where it is queried.
struct HeartRatePiece: Sendable {
  /// Start and end (exclusive) in nanoseconds; `end == Int64.max` for an unbounded stretch.
  var start: Int64
  var end: Int64
  /// Segment index in play (`course.segments.count` after the course).
  var segment: Int
  /// Heart rate, residual, target and time constant at `start`.
  var heartRate: Double
  var residual: Double
  var target: Double
  var timeConstant: Double
  /// The slow component at `start` and the level it heads for (bpm; both 0 without one).
  var slow: Double = 0
  var slowTarget: Double = 0
  /// Whether the body exercises (target above rest) during the stretch.
  var exercising: Bool
  /// Accumulated exercise time in seconds at `start`.
  var exerciseTime: Double
  /// Which workload table the stretch follows.
  var kind: WorkloadKind

  /// Heart rate (without drift), residual, slow component and exercise time `seconds` after
  /// `start`.
  func evaluate(after seconds: Double, parameters: HeartRateParameters) -> (
    heartRate: Double, residual: Double, slow: Double, exerciseTime: Double
  ) {
    let tauR = parameters.recoveryResidualTimeConstant
    let decayResidual = Elementary.exp(-seconds / tauR)
    let decayLag = Elementary.exp(-seconds / timeConstant)
    var h: Double
    if abs(tauR - timeConstant) < 1e-9 * tauR {
      // Resonant limit τr = τ: h = W + (h₀ − W)·e^(−t/τ) + ρ₀·(t/τ)·e^(−t/τ).
      h = target + (heartRate - target) * decayLag + residual * seconds / timeConstant * decayLag
    } else {
      let c = residual * tauR / (tauR - timeConstant)
      h = target + c * decayResidual + (heartRate - target - c) * decayLag
    }
    var slowNow = slow
    if slow != 0 || slowTarget != 0 {
      // The slow part's own response, added to the lag's (the equation is linear): it starts at
      // 0 and is driven by S + (s₀ − S)·e^(−t/τs).
      let tauS = parameters.slowComponentTimeConstant
      let decaySlow = Elementary.exp(-seconds / tauS)
      let gap = slow - slowTarget
      if abs(tauS - timeConstant) < 1e-9 * tauS {
        h += slowTarget * (1 - decayLag) + gap * seconds / timeConstant * decayLag
      } else {
        let d = gap * tauS / (tauS - timeConstant)
        h += slowTarget * (1 - decayLag) + d * (decaySlow - decayLag)
      }
      slowNow = slowTarget + gap * decaySlow
    }
    return (h, residual * decayResidual, slowNow, exerciseTime + (exercising ? seconds : 0))
  }
}

/// Which workload model applies: gait on foot, leg cycling, a speed model (rowing, skiing,
/// swimming), stairs, or a constant Compendium MET.
package enum WorkloadKind: Sendable, Equatable {
  case foot
  case cycling
  /// Rowing: ``RowingModel`` from the course's speed.
  case rowing
  /// Stairs: ``StairModel`` from the course's step cadence.
  case stairs
  /// Cross-country skiing: ``CrossCountrySkiingModel`` from the course's speed.
  case skiing
  /// Swimming: ``SwimmingModel/netVO2(metresPerSecond:)`` from the course's speed.
  case swimming
  case constant(netVO2: Double)

  /// Whether `a` and `b` share a workload model (every constant-MET activity counts as one
  /// model): calibrating on a recording of one with the other's model fits the heart rate to
  /// an effort that did not make it (docs/models.md#calibration).
  package static func sameModel(_ a: WorkoutActivityType, _ b: WorkoutActivityType) -> Bool {
    switch (WorkloadKind(a), WorkloadKind(b)) {
    case (.constant, .constant): true
    case (let first, let second): first == second
    }
  }

  init(_ activity: WorkoutActivityType) {
    switch activity {
    // A transition and a multisport workout between its activities are on foot.
    case .running, .walking, .hiking, .transition, .swimBikeRun: self = .foot
    case .cycling: self = .cycling
    case .rowing: self = .rowing
    case .stairs, .stairClimbing: self = .stairs
    case .crossCountrySkiing: self = .skiing
    case .swimming: self = .swimming
    // Every other activity: its Compendium MET (docs/activity-types.md).
    default: self = .constant(netVO2: CompendiumActivity.netVO2(of: activity))
    }
  }
}
