import WorkoutCore
import WorkoutSystem

/// Running power, stride length, ground contact time and vertical oscillation from the models
/// workout-sim already runs on foot (docs/models.md#running-power-and-stride-length,
/// docs/models.md#ground-contact-time-and-vertical-oscillation): what a `running` workout
/// collects as `runningPower`, `runningStrideLength`, `runningGroundContactTime` and
/// `runningVerticalOscillation` (``PhysiologyDataSource``).
public enum RunningDynamics {
  /// Efficiency of positive muscular work, 0.25: R. Margaria, "Positive and negative work
  /// performances and their efficiencies in human locomotion", Internationale Zeitschrift für
  /// angewandte Physiologie 25:339–351 (1968).
  public static let positiveWorkEfficiency = 0.25

  /// Joules per millilitre of oxygen, 20.92: the energy model's 5 kcal per litre
  /// (``Metabolism/kilocaloriesPerLitreOxygen``) × 4184 J/kcal / 1000 mL/L, so that power and
  /// energy agree.
  public static let joulesPerMillilitreOxygen = Metabolism.kilocaloriesPerLitreOxygen * 4.184

  /// Running power in watts: the mechanical power of the net metabolic power on foot,
  /// P = η × netVO2(v, G) × M × 20.92 / 60, with η ``positiveWorkEfficiency`` and the net VO2 of
  /// ``Metabolism/netVO2OnFoot(metresPerSecond:grade:)`` (ACSM with Minetti's gradient cost, in
  /// mL·kg⁻¹·min⁻¹): the walking equation below 2.0 m/s, so that power and energy agree. 0 when
  /// standing still. The watch records it while walking or running
  /// (``recordsPower(metresPerSecond:)``).
  ///
  /// Worked value (docs/models.md): 65 kg at 3.0 m/s on the flat: net VO2 0.2 × 180 = 36;
  /// 36 × 65 × 20.92 / 60 = 815.88 W metabolic; × 0.25 = 203.97 W. Walking at 1.0 m/s: net VO2
  /// 0.1 × 60 = 6; 6 × 65 × 20.92 / 60 × 0.25 = 33.995 W.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - grade: fraction, −0.45 ... 0.45 (clamped).
  ///   - massKg: body mass.
  public static func power(metresPerSecond: Double, grade: Double, massKg: Double) -> Double {
    let net = Metabolism.netVO2OnFoot(metresPerSecond: metresPerSecond, grade: grade)
    return max(0, positiveWorkEfficiency * net * massKg * joulesPerMillilitreOxygen / 60)
  }

  /// Stride length in metres as HealthKit counts it, the distance of one step
  /// (`HKQuantityTypeIdentifier.runningStrideLength`, Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningstridelength):
  /// speed / (cadence / 60). 0 without steps.
  ///
  /// Worked value: 3.0 m/s at 161.6 steps/min (``Cadence/running(metresPerSecond:)`` at
  /// 3.0 m/s) is 3.0 / 2.69333 = 1.11386 m.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - stepsPerMinute: step cadence, ≥ 0.
  public static func strideLength(metresPerSecond: Double, stepsPerMinute: Double) -> Double {
    stepsPerMinute > 0 ? max(0, metresPerSecond) / (stepsPerMinute / 60) : 0
  }

  /// Standard gravity, 9.81 m/s², as the spring-mass model of Morin et al. (2005) writes it.
  public static let gravity = 9.81

  /// Leg length as a fraction of height, 0.530: the hip (greater trochanter) height of the
  /// segment-length table of Drillis and Contini (1966) as D. A. Winter gives it (Biomechanics
  /// and Motor Control of Human Movement, 4th ed., Wiley 2009, figure 4.1).
  public static let legLengthPerHeight = 0.530

  /// Leg length in metres of a person `heightCm` tall: ``legLengthPerHeight`` × height.
  ///
  /// Worked value: 170 cm → 0.530 × 1.70 = 0.901 m.
  public static func legLength(heightCm: Double) -> Double {
    legLengthPerHeight * heightCm / 100
  }

  /// The speeds at which ``groundContactTime(metresPerSecond:stepsPerMinute:legLength:)`` and
  /// ``verticalOscillation(groundContactTime:stepsPerMinute:)`` are evaluated, 3.33 ... 11.1 m/s:
  /// a speed outside is clamped into it
  /// (docs/models.md#ground-contact-time-and-vertical-oscillation). The lower bound is the
  /// slowest speed at which Morin et al. (2005) validated the sine-wave model against force
  /// platforms ("velocities ranging from 3.33 m·s⁻¹ to maximal running velocity"); the upper
  /// bound is the fastest top speed among the 33 runners of Weyand et al. (2000), whose constant
  /// contact length the contact time rests on. Slower running still has the real step time
  /// (60 / cadence), so the flight time grows as the step lengthens.
  public static let modelSpeeds: ClosedRange<Double> = 3.33...11.1

  /// Whether the watch records running power at `metresPerSecond` in a running workout: while
  /// the body moves on foot, walking or running, not while it stands
  /// (``MotionClassification/stationarySpeed``). Project rule
  /// (docs/models.md#when-the-running-metrics-are-recorded): Apple's identifier page says only
  /// that the metric belongs to running workouts; since watchOS 9.4 the Workout app's Outdoor
  /// Run keeps measuring power through walking stretches (DC Rainmaker, "Apple Significantly
  /// Changes Apple Watch Running Power In Latest Beta", 13 March 2023, a change Apple confirmed
  /// to him; summarised at
  /// https://the5krunner.com/2023/03/14/apple-adds-walking-power-to-outdoor-ultra-runs/).
  public static func recordsPower(metresPerSecond: Double) -> Bool {
    MotionClassification.state(speed: metresPerSecond, activity: .running).activity
      != .stationary
  }

  /// Whether the watch records the running form metrics (stride length, ground contact time,
  /// vertical oscillation) at `metresPerSecond`: only while the gait is running, from the
  /// walk–run transition speed on (``MotionClassification/runningSpeed``, 2.0 m/s, about the
  /// preferred transition speed of A. Hreljac, "Preferred and energetically optimal gait
  /// transition speeds in human locomotion", Med Sci Sports Exerc 25:1158–1162, 1993). Apple:
  /// "the amount of time the runner's foot is in contact with the ground while running", "the
  /// distance covered by a single step while running" (the identifiers' pages,
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runninggroundcontacttime,
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/runningstridelength).
  public static func recordsForm(metresPerSecond: Double) -> Bool {
    MotionClassification.state(speed: metresPerSecond, activity: .running).activity == .running
  }

  /// Ground contact time of one step in seconds: the time the body takes to travel one contact
  /// length at speed `metresPerSecond`, t_c = L_c / v, with the contact length L_c taken as the
  /// leg length (project rule, docs/models.md#ground-contact-time-and-vertical-oscillation: the
  /// contact length changes little with speed in Weyand et al. 2000, J Appl Physiol 89:1991, and
  /// is of the order of the leg length), v clamped into ``modelSpeeds``. Never longer than the
  /// step itself (60 / cadence): a step without flight is all contact. 0 when standing still or
  /// without steps. The watch records it only while running (``recordsForm(metresPerSecond:)``).
  ///
  /// Worked values, 170 cm (L = 0.901 m): at 3.0 m/s and 161.6 steps/min, v is clamped to 3.33:
  /// 0.901 / 3.33 = 0.270571 s (the step lasts 60 / 161.6 = 0.371287 s, so it is not capped); at
  /// 4.0 m/s 0.901 / 4.0 = 0.22525 s.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - stepsPerMinute: step cadence, ≥ 0.
  ///   - legLength: metres (``legLength(heightCm:)``).
  public static func groundContactTime(
    metresPerSecond: Double, stepsPerMinute: Double, legLength: Double
  ) -> Double {
    guard metresPerSecond > 0, stepsPerMinute > 0 else { return 0 }
    let speed = min(modelSpeeds.upperBound, max(modelSpeeds.lowerBound, metresPerSecond))
    return min(legLength / speed, 60 / stepsPerMinute)
  }

  /// Vertical oscillation of the centre of mass in metres, trough to peak over one step, from the
  /// sine-wave spring-mass model of J.-B. Morin et al., "A simple method for measuring stiffness
  /// during running", J Appl Biomech 21:167–180 (2005): the peak force
  /// F_max = m·g·(π/2)·(t_f/t_c + 1) lowers the centre of mass during contact by
  /// Δy_c = F_max·t_c²/(m·π²) − g·t_c²/8, and the flight lifts it by g·t_f²/8, so the
  /// oscillation is Δy_c + g·t_f²/8 with the flight time t_f = 60 / cadence − t_c (≥ 0).
  ///
  /// Worked value: t_c = 0.270571 s at 161.6 steps/min (3.0 m/s): t_f = 0.371287 − 0.270571 =
  /// 0.100716 s; Δy_c = 9.81 × 0.270571² × ((0.100716 / 0.270571 + 1) / (2π) − 1/8)
  ///      = 0.718174 × (0.218398 − 0.125) = 0.067076 m; flight 9.81 × 0.100716² / 8 = 0.012439 m;
  /// oscillation 0.079515 m (7.95 cm).
  ///
  /// - Parameters:
  ///   - groundContactTime: seconds (``groundContactTime(metresPerSecond:stepsPerMinute:legLength:)``).
  ///   - stepsPerMinute: step cadence, ≥ 0.
  public static func verticalOscillation(groundContactTime: Double, stepsPerMinute: Double)
    -> Double
  {
    guard groundContactTime > 0, stepsPerMinute > 0 else { return 0 }
    let contact = groundContactTime
    let flight = max(0, 60 / stepsPerMinute - contact)
    let lowering =
      gravity * contact * contact * ((flight / contact + 1) / (2 * Double.pi) - 0.125)
    return max(0, lowering) + gravity * flight * flight / 8
  }
}
