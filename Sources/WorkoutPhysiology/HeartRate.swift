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
  /// Drift gain d (default 0.18): the above-rest part of the heart rate is multiplied by `1 + d ×
  /// clamp((X − onset) / (full − onset), 0, 1)`, X being the accumulated exercise time. Project
  /// rule (docs/models.md#heart-rate): scaling only the above-rest part keeps the body at rest
  /// undrifted; at 60 % VO2R this gives about +10 % of heart rate from 10 to 60 min (Coyle &
  /// González-Alonso 2001; Wingo et al. 2012).
  public var driftGain: Double
  /// Exercise time in seconds before drift starts (default 600 s).
  public var driftOnset: Double
  /// Exercise time in seconds at which drift is full and stops growing (default 3600 s).
  public var driftFull: Double

  /// Creates parameters; every argument defaults to the value workout-sim uses.
  public init(
    riseTimeConstant: Double = 24, fallTimeConstant: Double = 30,
    recoveryResidualFraction: Double = 0.75, recoveryResidualTimeConstant: Double = 300,
    driftGain: Double = 0.18, driftOnset: Double = 600, driftFull: Double = 3600
  ) {
    self.riseTimeConstant = riseTimeConstant
    self.fallTimeConstant = fallTimeConstant
    self.recoveryResidualFraction = recoveryResidualFraction
    self.recoveryResidualTimeConstant = recoveryResidualTimeConstant
    self.driftGain = driftGain
    self.driftOnset = driftOnset
    self.driftFull = driftFull
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
/// Within a stretch the workload target W is constant and the residual decays as ρ₀·e^(−t/τr); the
/// heart rate h obeys dh/dt = (W + ρ₀e^(−t/τr) − h)/τ, whose exact solution is
/// h(t) = W + c·e^(−t/τr) + (h₀ − W − c)·e^(−t/τ) with c = ρ₀·τr/(τr − τ). Every value is computed
/// from the stretch's start, so results do not depend on how often or where it is queried.
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
  /// Whether the body exercises (target above rest) during the stretch.
  var exercising: Bool
  /// Accumulated exercise time in seconds at `start`.
  var exerciseTime: Double
  /// Which workload table the stretch follows.
  var kind: WorkloadKind

  /// Heart rate (without drift), residual and exercise time `seconds` after `start`.
  func evaluate(after seconds: Double, parameters: HeartRateParameters) -> (
    heartRate: Double, residual: Double, exerciseTime: Double
  ) {
    let tauR = parameters.recoveryResidualTimeConstant
    let decayResidual = Elementary.exp(-seconds / tauR)
    let decayLag = Elementary.exp(-seconds / timeConstant)
    let h: Double
    if abs(tauR - timeConstant) < 1e-9 * tauR {
      // Resonant limit τr = τ: h = W + (h₀ − W)·e^(−t/τ) + ρ₀·(t/τ)·e^(−t/τ).
      h = target + (heartRate - target) * decayLag + residual * seconds / timeConstant * decayLag
    } else {
      let c = residual * tauR / (tauR - timeConstant)
      h = target + c * decayResidual + (heartRate - target - c) * decayLag
    }
    return (h, residual * decayResidual, exerciseTime + (exercising ? seconds : 0))
  }
}

/// Which workload model applies: gait on foot, leg cycling, or a constant Compendium MET.
package enum WorkloadKind: Sendable, Equatable {
  case foot
  case cycling
  /// Rowing: ``RowingModel`` from the course's speed.
  case rowing
  /// Stairs: ``StairModel`` from the course's step cadence.
  case stairs
  /// Cross-country skiing: ``CrossCountrySkiingModel`` from the course's speed.
  case skiing
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
    // Every other activity: its Compendium MET (docs/activity-types.md).
    default: self = .constant(netVO2: CompendiumActivity.netVO2(of: activity))
    }
  }
}
