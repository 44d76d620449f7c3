import WorkoutCore

/// Road-cycling power from speed and grade, and its inverse (Martin, Milliken, Cobb, McFadden &
/// Coggan, "Validation of a mathematical model for road cycling power", J Appl Biomech
/// 14(3):276–291, 1998; docs/models.md#cycling-power-and-speed).
///
/// P = v · [m·g·(Crr·cos θ + sin θ) + ½·ρ·CdA·v²] / η with θ = atan(G), no wind, no
/// acceleration, no bearing friction.
public struct CyclingPowerModel: Sendable, Equatable {
  /// Rider plus bike mass m in kg.
  public var totalMassKg: Double
  /// Rolling-resistance coefficient Crr (default 0.004, a good road).
  public var rollingResistance: Double
  /// Drag area CdA in m² (default 0.32, on the drops).
  public var dragArea: Double
  /// Air density ρ in kg/m³ (default 1.225, sea level at 15 °C).
  public var airDensity: Double
  /// Drivetrain efficiency η (default 0.976).
  public var drivetrainEfficiency: Double
  /// Standard gravity g, 9.80665 m/s².
  public static let gravity = 9.80665
  /// Bike mass added to the athlete's body mass by ``PhysiologyDataSource``, 10 kg. Project rule
  /// (not Apple behaviour): the scenario has no bike mass key.
  public static let defaultBikeMassKg = 10.0

  /// Creates a model with the default coefficients of docs/models.md#cycling-power-and-speed.
  ///
  /// - Parameters:
  ///   - totalMassKg: rider + bike, kg.
  ///   - rollingResistance: Crr.
  ///   - dragArea: CdA, m².
  ///   - airDensity: ρ, kg/m³.
  ///   - drivetrainEfficiency: η in (0, 1].
  public init(
    totalMassKg: Double, rollingResistance: Double = 0.004, dragArea: Double = 0.32,
    airDensity: Double = 1.225, drivetrainEfficiency: Double = 0.976
  ) {
    self.totalMassKg = totalMassKg
    self.rollingResistance = rollingResistance
    self.dragArea = dragArea
    self.airDensity = airDensity
    self.drivetrainEfficiency = drivetrainEfficiency
  }

  /// The grade-dependent force m·g·(Crr·cos θ + sin θ) in N.
  private func slopeForce(grade: Double) -> Double {
    let theta = Elementary.atan(grade)
    return totalMassKg * Self.gravity
      * (rollingResistance * Elementary.cos(theta) + Elementary.sin(theta))
  }

  /// Power at the pedals in W needed to hold `metresPerSecond` on `grade`; negative on descents
  /// where gravity exceeds the resistances (the rider would brake or coast).
  ///
  /// - Parameters:
  ///   - metresPerSecond: v ≥ 0.
  ///   - grade: G as a fraction.
  public func power(metresPerSecond v: Double, grade: Double) -> Double {
    v * (slopeForce(grade: grade) + 0.5 * airDensity * dragArea * v * v) / drivetrainEfficiency
  }

  /// The speed in m/s at which `power` watts hold a steady state on `grade`: the largest root of
  /// P(v) = power, found by bisection to full double precision (deterministic, at most 200
  /// halvings). Power below 0 counts as 0 (coasting: the speed where gravity balances the
  /// resistances on a descent, 0 on the flat or uphill).
  ///
  /// - Parameters:
  ///   - power: W at the pedals.
  ///   - grade: G as a fraction.
  public func speed(power: Double, grade: Double) -> Double {
    let target = max(0, power.isFinite ? power : 0)
    let force = slopeForce(grade: grade)
    let drag = 0.5 * airDensity * dragArea
    // P(v) ≤ 0 up to v0 = sqrt(−force/drag) on a descent, and increases from there.
    var low = force < 0 ? (-force / drag).squareRoot() : 0
    if target == 0 { return low }
    var high = max(1, low * 2)
    var guardCount = 0
    while self.power(metresPerSecond: high, grade: grade) < target && guardCount < 64 {
      high *= 2
      guardCount += 1
    }
    for _ in 0..<200 {
      let mid = 0.5 * (low + high)
      if mid <= low || mid >= high { break }
      if self.power(metresPerSecond: mid, grade: grade) < target {
        low = mid
      } else {
        high = mid
      }
    }
    return 0.5 * (low + high)
  }
}
