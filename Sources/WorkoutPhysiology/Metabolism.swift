import WorkoutCore

/// Oxygen uptake and energy: the ACSM metabolic equations, Minetti's cost of gradient, and the
/// conversion to kilocalories (docs/models.md#energy-on-foot-acsm,
/// docs/models.md#cost-of-gradient-minetti-2002, docs/models.md#from-oxygen-to-kilocalories).
///
/// Units: speed S in m/min, grade G as a fraction (0.05 = 5 %), VO2 in mL·kg⁻¹·min⁻¹, power in W,
/// mass in kg. ACSM equations give **gross** VO2 (rest included); "net" is gross minus
/// ``restingVO2``.
public enum Metabolism {
  /// One MET, 3.5 mL·kg⁻¹·min⁻¹ (ACSM), used as basal (resting) oxygen uptake.
  public static let restingVO2 = 3.5

  /// Kilocalories per litre of oxygen, 5 (ACSM's rule; docs/models.md#from-oxygen-to-kilocalories).
  public static let kilocaloriesPerLitreOxygen = 5.0

  /// Work rate in kg·m/min per watt in the leg-cycling equation: 6, ACSM's rounding of 6.12
  /// (docs/models.md#energy-cycling-acsm; the worked values there use 6).
  public static let kilogramMetresPerMinutePerWatt = 6.0

  /// Speed at and above which gait on foot is running, 2.0 m/s. Project rule (not Apple
  /// behaviour): gait follows speed, whatever the named activity.
  public static let runningThreshold = 2.0

  /// Upper grade of the ACSM grade terms, 0.15; above it energy follows Minetti's ratio.
  public static let acsmMaximumGrade = 0.15

  /// ACSM walking, gross VO2 = 3.5 + 0.1·S + 1.8·S·G (ACSM Guidelines 10th ed., Table 6.3;
  /// Bushman 2020, ACSM's Health & Fitness Journal 24(3)).
  ///
  /// - Parameters:
  ///   - speed: S in m/min.
  ///   - grade: G as a fraction.
  public static func acsmWalkingVO2(speed: Double, grade: Double) -> Double {
    restingVO2 + 0.1 * speed + 1.8 * speed * grade
  }

  /// ACSM running, gross VO2 = 3.5 + 0.2·S + 0.9·S·G (same source as ``acsmWalkingVO2(speed:grade:)``).
  ///
  /// - Parameters:
  ///   - speed: S in m/min.
  ///   - grade: G as a fraction.
  public static func acsmRunningVO2(speed: Double, grade: Double) -> Double {
    restingVO2 + 0.2 * speed + 0.9 * speed * grade
  }

  /// ACSM leg cycling, gross VO2 = 3.5 + 3.5 + 1.8·WR/M with WR = 6·W kg·m/min (same source).
  ///
  /// - Parameters:
  ///   - power: W, at the pedals.
  ///   - massKg: body mass M.
  public static func acsmLegCyclingVO2(power: Double, massKg: Double) -> Double {
    2 * restingVO2 + 1.8 * kilogramMetresPerMinutePerWatt * power / massKg
  }

  /// Minetti et al. 2002 net cost of running, Cr(i) = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i
  /// + 3.6 J·kg⁻¹·m⁻¹ (J Appl Physiol 93:1039–1046, doi:10.1152/japplphysiol.01177.2001).
  ///
  /// - Parameter grade: i as a fraction, clamped to −0.45...0.45 (the paper's range).
  public static func minettiRunningCost(grade: Double) -> Double {
    let i = min(0.45, max(-0.45, grade))
    return ((((155.4 * i - 30.4) * i - 43.3) * i + 46.3) * i + 19.5) * i + 3.6
  }

  /// Minetti et al. 2002 net cost of walking, Cw(i) = 280.5i⁵ − 58.7i⁴ − 76.8i³ + 51.9i² + 19.6i
  /// + 2.5 J·kg⁻¹·m⁻¹ (source as ``minettiRunningCost(grade:)``).
  ///
  /// - Parameter grade: i as a fraction, clamped to −0.45...0.45.
  public static func minettiWalkingCost(grade: Double) -> Double {
    let i = min(0.45, max(-0.45, grade))
    return ((((280.5 * i - 58.7) * i - 76.8) * i + 51.9) * i + 19.6) * i + 2.5
  }

  /// Whether gait on foot at `metresPerSecond` is running (at or above ``runningThreshold``).
  public static func isRunning(metresPerSecond: Double) -> Bool {
    metresPerSecond >= runningThreshold
  }

  /// Net VO2 of walking by the graded walking equation of D. P. Looney, W. R. Santee, E. O. Hansen,
  /// P. J. Bonventre, C. R. Chalmers, A. W. Potter, "Estimating energy expenditure during level,
  /// uphill, and downhill walking", Medicine & Science in Sports & Exercise 51(9):1954–1960
  /// (2019), doi:10.1249/MSS.0000000000002002, in mL·kg⁻¹·min⁻¹.
  ///
  /// The equation gives gross energy in W/kg, EE = 1.44 + 1.94·S^0.43 + 0.24·S⁴ + 0.34·S·G·(1 −
  /// 1.05^(1 − 1.11^(G + 32))) with S in m/s and G in percent; 1.44 W/kg is its standing term, so
  /// the net is EE − 1.44, converted at ``kilocaloriesPerLitreOxygen`` (1 W/kg = 60 / 20.92 =
  /// 2.868 mL·kg⁻¹·min⁻¹). Worked value (docs/models.md#energy-on-foot-acsm): 1.5 m/s on −20 %
  /// gives 3.5245 − 1.1705 = 2.3540 W/kg, 6.751 mL·kg⁻¹·min⁻¹.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - grade: fraction, −0.45...0.45 (clamped); the study's grades were −0.40 to 0.45.
  public static func looneyWalkingNetVO2(metresPerSecond: Double, grade: Double) -> Double {
    let s = max(0, metresPerSecond)
    let g = min(0.45, max(-0.45, grade)) * 100
    let gradeTerm = 0.34 * s * g * (1 - Elementary.pow(1.05, 1 - Elementary.pow(1.11, g + 32)))
    let net = 1.94 * Elementary.pow(s, 0.43) + 0.24 * Elementary.pow(s, 4) + gradeTerm
    return max(0, net) * 60 / (kilocaloriesPerLitreOxygen * Keytel.kilojoulesPerKilocalorie)
  }

  /// Grade (as a positive fraction of descent), 0.05, from which walking downhill costs
  /// ``looneyWalkingNetVO2(metresPerSecond:grade:)`` in full (project rule,
  /// docs/models.md#energy-on-foot-acsm).
  public static let looneyFullGrade = 0.05

  /// Net VO2 (gross − 3.5) on foot at any grade, in mL·kg⁻¹·min⁻¹.
  ///
  /// Project rule built from ACSM, Minetti and Looney (docs/models.md#energy-on-foot-acsm): gait
  /// by speed (walking below 2.0 m/s, running from 2.0 m/s); for 0 ≤ G ≤ 0.15 the ACSM equation;
  /// for G < 0 running costs the level net VO2 times Cr(G)/Cr(0), and walking costs
  /// ``looneyWalkingNetVO2(metresPerSecond:grade:)`` from G = −0.05 down, blended linearly
  /// between 0 and −0.05 from the level net VO2 times Cw(G)/Cw(0); for G > 0.15 the net VO2 at
  /// 0.15 times C(G)/C(0.15), so energy is continuous in grade. C is Minetti's Cr for running,
  /// Cw for walking.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - grade: fraction, −0.45...0.45 (clamped).
  public static func netVO2OnFoot(metresPerSecond: Double, grade: Double) -> Double {
    let speed = max(0, metresPerSecond) * 60
    let running = isRunning(metresPerSecond: metresPerSecond)
    let grade = min(0.45, max(-0.45, grade))
    func acsmNet(_ g: Double) -> Double {
      running
        ? acsmRunningVO2(speed: speed, grade: g) - restingVO2
        : acsmWalkingVO2(speed: speed, grade: g) - restingVO2
    }
    func cost(_ g: Double) -> Double {
      running ? minettiRunningCost(grade: g) : minettiWalkingCost(grade: g)
    }
    if grade < 0 {
      let scaled = acsmNet(0) * cost(grade) / cost(0)
      if running { return scaled }
      // Walking downhill: Looney et al. 2019 from −5 %, a linear blend from the scaled level cost
      // at 0 % so energy stays continuous in grade.
      let weight = min(1, -grade / looneyFullGrade)
      let looney = looneyWalkingNetVO2(metresPerSecond: metresPerSecond, grade: grade)
      return scaled + weight * (looney - scaled)
    } else if grade <= acsmMaximumGrade {
      return acsmNet(grade)
    } else {
      return acsmNet(acsmMaximumGrade) * cost(grade) / cost(acsmMaximumGrade)
    }
  }

  /// Net VO2 (gross − 3.5) of walking beside a bike and pushing it, in mL·kg⁻¹·min⁻¹ per kg of
  /// body mass: ``netVO2OnFoot(metresPerSecond:grade:)`` times (body + bike) / body.
  ///
  /// Project rule (docs/models.md#on-foot-on-a-ride): the cost of walking grows in direct
  /// proportion to the total load moved, across speed and grade (L. W. Ludlow, P. G. Weyand,
  /// "Walking economy is predictably determined by speed, grade, and gravitational load",
  /// Journal of Applied Physiology 123(5):1288–1302, 2017, doi:10.1152/japplphysiol.00504.2017:
  /// loads of +18 % and +31 % of body weight at 0.6–1.4 m/s on −6° to +9°); the bike is taken as
  /// such a load. A pushed bike's weight rests on its wheels, so on level ground this is an
  /// upper bound; up a grade the bike's weight must be pushed up it as well. Worked value (65 kg,
  /// bike 10 kg): 0.5 m/s on the level is ACSM's 0.1 × 30 = 3.0, times 75 / 65: 3.4615.
  ///
  /// - Parameters:
  ///   - metresPerSecond: speed, ≥ 0.
  ///   - grade: fraction, −0.45...0.45 (clamped).
  ///   - bodyMassKg: the walker's body mass, kg, > 0.
  ///   - bikeMassKg: the bike's mass, kg, ≥ 0.
  public static func netVO2PushingBike(
    metresPerSecond: Double, grade: Double, bodyMassKg: Double, bikeMassKg: Double
  ) -> Double {
    netVO2OnFoot(metresPerSecond: metresPerSecond, grade: grade) * (bodyMassKg + bikeMassKg)
      / bodyMassKg
  }

  /// Net VO2 (gross − 3.5) of leg cycling at `power` watts, in mL·kg⁻¹·min⁻¹; 0 at rest.
  ///
  /// ACSM leg cycling minus rest: 3.5 + 1.8·6·W/M while riding. Project rule: a rider who neither
  /// moves nor pedals (`power == 0` and `moving == false`) is at rest (net 0), so the unloaded
  /// cycling MET of the equation applies only while riding.
  ///
  /// Project rule, a braking descent (docs/models.md#descending-on-a-bike): while `braking`,
  /// the rider holds a descent below the speed the bike would coast at, and the net VO2 is at
  /// least ``brakingDescentNetVO2``, the oxygen uptake measured while riding downhill trails.
  ///
  /// - Parameters:
  ///   - power: W, ≥ 0.
  ///   - massKg: body mass.
  ///   - moving: whether the bike moves.
  ///   - braking: whether the bike moves down a grade the course gives no power for, at a speed
  ///     where gravity exceeds rolling and air resistance (``CyclingPowerModel/power(metresPerSecond:grade:)``
  ///     at or below 0 W): the rider brakes and steers rather than pedals.
  public static func netVO2Cycling(
    power: Double, massKg: Double, moving: Bool, braking: Bool = false
  ) -> Double {
    if power <= 0 && !moving { return 0 }
    let pedalling = acsmLegCyclingVO2(power: max(0, power), massKg: massKg) - restingVO2
    return braking ? max(pedalling, brakingDescentNetVO2) : pedalling
  }

  /// Net VO2 of riding a braking descent, mL·kg⁻¹·min⁻¹: 23.1 − 3.5 = 19.6. Source:
  /// J. F. Burr, C. T. Drury, A. C. Ivey, D. E. R. Warburton, "Physiological demands of downhill
  /// mountain biking", Journal of Sports Sciences 30(16):1777–1785 (2012),
  /// doi:10.1080/02640414.2012.718091: 19 experienced riders on downhill trails averaged a VO2
  /// of 23.1 ± 6.9 mL·kg⁻¹·min⁻¹ (52 % of VO2max) at 146 ± 11 bpm (80 % of HRmax), while a power
  /// meter on such runs reads a mean of only 75 W (H. T. Hurst, S. Atkins, "Power output of
  /// field-based downhill mountain biking", Journal of Sports Sciences 24(10):1047–1053, 2006,
  /// PMID 17115519).
  public static let brakingDescentNetVO2 = 23.1 - restingVO2

  /// Energy rate in kcal/min for an oxygen uptake: VO2 · M / 1000 · 5 (ACSM;
  /// docs/models.md#from-oxygen-to-kilocalories).
  ///
  /// - Parameters:
  ///   - vo2: mL·kg⁻¹·min⁻¹ (gross for total, net for active).
  ///   - massKg: body mass.
  public static func kilocaloriesPerMinute(vo2: Double, massKg: Double) -> Double {
    vo2 * massKg / 1000 * kilocaloriesPerLitreOxygen
  }

  /// METs of a gross VO2: VO2 / 3.5.
  public static func mets(vo2: Double) -> Double { vo2 / restingVO2 }
}
