import WorkoutCore

/// Rowing: the boat's (or the ergometer's virtual boat's) speed gives the power, the power the
/// energy (docs/models.md#rowing). A `rowing` workout collects `distanceRowing` and
/// `rowingSpeed` from the course's speed (``PhysiologyDataSource``).
public enum RowingModel {
  /// Concept2's pace constant, 2.80 W·s³/m³: the performance monitor shows power
  /// P = 2.80 / pace³ with pace in seconds per metre (Concept2's pace–watts conversion; the
  /// constants explained in A. Dudhia, "The Physics of Ergometers", University of Oxford,
  /// section 11), so P = 2.80 × v³ with v in m/s.
  public static let paceConstant = 2.80

  /// The mechanical power in watts at `metresPerSecond`: 2.80 × v³. 0 at rest.
  ///
  /// Worked value: a pace of 2:00 per 500 m is v = 500 / 120 = 4.16667 m/s, and
  /// 2.80 × 4.16667³ = 2.80 × 72.3380 = 202.546 W.
  public static func power(metresPerSecond: Double) -> Double {
    let v = max(0, metresPerSecond)
    return paceConstant * v * v * v
  }

  /// Metabolic energy per unit of work on the flywheel, 4: the monitor's calorie count adds
  /// 4 kJ per kJ of work (an efficiency of 25 %, the same as
  /// ``RunningDynamics/positiveWorkEfficiency``) to a fixed allowance for the rest of the body,
  /// which workout-sim leaves to its own basal energy.
  public static let metabolicPerMechanical = 4.0

  /// Net VO2 in mL·kg⁻¹·min⁻¹ of rowing at `metresPerSecond` for a body of `massKg`: the power's
  /// metabolic cost (× ``metabolicPerMechanical``) in mL O2 at 20.92 J/mL
  /// (``RunningDynamics/joulesPerMillilitreOxygen``) per kg per minute.
  ///
  /// Worked value (65 kg at 2:00 per 500 m): 202.546 W × 4 = 810.185 W metabolic;
  /// 810.185 × 60 / 20.92 / 65 = 35.749 mL·kg⁻¹·min⁻¹, so 35.749 × 65 / 200 = 11.618 active
  /// kcal per minute.
  public static func netVO2(metresPerSecond: Double, massKg: Double) -> Double {
    power(metresPerSecond: metresPerSecond) * metabolicPerMechanical * 60
      / RunningDynamics.joulesPerMillilitreOxygen / massKg
  }
}

/// Climbing stairs (`stairs`, `stairClimbing`): steps per minute from the course's `cadence`, each
/// step one riser (docs/models.md#stairs-and-flights-climbed).
public enum StairModel {
  /// Metres of ascent per flight of stairs, 3.048 (10 ft): the Health app counts a flight as about
  /// 10 feet (3 m) of elevation gain, about 16 steps.
  public static let metresPerFlight = 3.048

  /// Steps per flight, 16 (the same description).
  public static let stepsPerFlight = 16.0

  /// The height of one step, 0.1905 m: ``metresPerFlight`` / ``stepsPerFlight``.
  public static let stepHeight = metresPerFlight / stepsPerFlight

  /// Net VO2 per step per minute, mL·kg⁻¹ per step: the ACSM stepping equation's horizontal
  /// 0.2 and vertical 1.8 × H terms (ACSM's Guidelines for Exercise Testing and Prescription,
  /// metabolic equations), without its 1.33 factor for stepping back down: a stair only rises
  /// (a project rule). 0.2 + 1.8 × 0.1905 = 0.5429.
  public static let netVO2PerStepRate = 0.2 + 1.8 * stepHeight

  /// Net VO2 in mL·kg⁻¹·min⁻¹ at `stepsPerMinute`.
  ///
  /// Worked value: 60 steps/min is 0.2 × 60 + 1.8 × 0.1905 × 60 = 12 + 20.574 = 32.574, so
  /// 32.574 × 65 / 200 = 10.58655 active kcal per minute for 65 kg.
  public static func netVO2(stepsPerMinute: Double) -> Double {
    netVO2PerStepRate * max(0, stepsPerMinute)
  }
}

/// Cross-country skiing's energy: the 2011 Compendium's MET by speed (docs/models.md#skiing).
public enum CrossCountrySkiingModel {
  /// The Compendium's cross-country entries: the lowest speed (mph) each applies from, its code
  /// and gross METs. Below 4.0 mph 19080 (6.8), 4.0–4.9 mph 19090 (9.0), 5.0–7.9 mph 19100
  /// (12.5), 8.0 mph and more 19110 (15.0).
  public static let bands: [(fromMilesPerHour: Double, code: String, mets: Double)] = [
    (0, "19080", 6.8), (4.0, "19090", 9.0), (5.0, "19100", 12.5), (8.0, "19110", 15.0),
  ]

  /// Metres per second in one mile per hour, 0.44704.
  public static let metresPerSecondPerMile = 0.44704

  /// Gross METs at `metresPerSecond`: its band's, or 1 (rest) when standing still.
  ///
  /// Worked value: 2.0 m/s is 2.0 / 0.44704 = 4.474 mph, band 19090, 9.0 MET.
  public static func mets(metresPerSecond: Double) -> Double {
    guard metresPerSecond > 0 else { return 1 }
    let milesPerHour = metresPerSecond / metresPerSecondPerMile
    var mets = bands[0].mets
    for band in bands where milesPerHour >= band.fromMilesPerHour { mets = band.mets }
    return mets
  }

  /// Net VO2 `(MET − 1) × 3.5` in mL·kg⁻¹·min⁻¹ at `metresPerSecond`.
  public static func netVO2(metresPerSecond: Double) -> Double {
    (mets(metresPerSecond: metresPerSecond) - 1) * Metabolism.restingVO2
  }
}

/// A downhill skiing or snowboarding workout's runs as the watch records them: HealthKit "assigns
/// [`HKMetadataKeyElevationDescended`] to the segments it automatically creates for
/// downhillSkiing and snowboarding workout sessions" (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyelevationdescended). A run
/// is a stretch of consecutive course segments that move downhill (speed above 0, grade below 0);
/// its `segment` event spans the stretch and carries the metres descended, Σ speed × −grade ×
/// seconds (rise per metre travelled, as ``PhysiologyDataSource/elevationAscended(over:)``).
public enum DownhillRuns {
  /// `HKMetadataKeyElevationDescended`'s value, `"HKElevationDescended"`.
  public static let elevationDescendedKey = "HKElevationDescended"

  /// The runs of `course` as `segment` events, in order.
  ///
  /// Worked value: 120 s at 10 m/s down 20 %, then 300 s on a lift (0 m/s), then 100 s at 8 m/s
  /// down 15 %: two runs, 0–120 s with 10 × 0.20 × 120 = 240 m and 420–520 s with
  /// 8 × 0.15 × 100 = 120 m.
  public static func events(of course: Course) -> [WorkoutEvent] {
    var events: [WorkoutEvent] = []
    var run: (start: SimulationInstant, end: SimulationInstant, metres: Double)?
    func close() {
      guard let finished = run else { return }
      events.append(
        WorkoutEvent(
          .segment, at: finished.start, duration: finished.start.duration(to: finished.end),
          metadata: [elevationDescendedKey: .quantity(finished.metres, unit: "m")]))
      run = nil
    }
    for (index, segment) in course.segments.enumerated() {
      let speed = segment.speed ?? 0
      let start = course.starts[index]
      let end = start.advanced(by: segment.duration)
      guard speed > 0, segment.grade < 0 else {
        close()
        continue
      }
      let metres = speed * -segment.grade * segment.duration.secondsValue
      if let current = run {
        run = (current.start, end, current.metres + metres)
      } else {
        run = (start, end, metres)
      }
    }
    close()
    return events
  }
}
