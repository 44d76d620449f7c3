import Testing
import WorkoutCore
import WorkoutPhysiology
import WorkoutSystem

@Suite("Minetti et al. 2002 cost of gradient (docs/models.md)")
struct MinettiTests {
  /// (i, Cr, Cr/Cr(0), Cw, Cw/Cw(0)) as tabulated.
  @Test(
    "tabulated costs",
    arguments: [
      (-0.45, 4.032, 1.120, 3.605, 1.442),
      (-0.30, 2.462, 0.684, 2.208, 0.883),
      (-0.20, 1.800, 0.500, 1.087, 0.435),
      (-0.10, 2.152, 0.598, 1.127, 0.451),
      (-0.05, 2.746, 0.763, 1.659, 0.664),
      (0.00, 3.600, 1.000, 2.500, 1.000),
      (0.05, 4.685, 1.301, 3.600, 1.440),
      (0.10, 5.968, 1.658, 4.899, 1.960),
      (0.20, 9.007, 2.502, 7.877, 3.151),
      (0.30, 12.579, 3.494, 11.184, 4.473),
      (0.45, 19.426, 5.396, 17.600, 7.040),
    ])
  func table(grade: Double, cr: Double, crRatio: Double, cw: Double, cwRatio: Double) {
    let running = Metabolism.minettiRunningCost(grade: grade)
    let walking = Metabolism.minettiWalkingCost(grade: grade)
    #expect(close(running, cr, 0.0005))
    #expect(close(walking, cw, 0.0005))
    #expect(close(running / 3.6, crRatio, 0.0005))
    #expect(close(walking / 2.5, cwRatio, 0.0005))
  }

  @Test("grade-adjusted pace worked values")
  func gradeAdjustedPace() {
    let level = Metabolism.minettiRunningCost(grade: 0)
    // 3.0 m/s on +10 % → GAP 4.974; on −10 % → 1.793; on +5 % → 3.904.
    #expect(close(3 * Metabolism.minettiRunningCost(grade: 0.10) / level, 4.974, 0.0015))
    #expect(close(3 * Metabolism.minettiRunningCost(grade: -0.10) / level, 1.793, 0.0015))
    #expect(close(3 * Metabolism.minettiRunningCost(grade: 0.05) / level, 3.904, 0.0015))
  }

  @Test("energy is continuous across grades −0.05, 0 and 0.15", arguments: [1.2, 1.9, 2.0, 3.5])
  func continuity(speed: Double) {
    for edge in [-0.05, 0.0, 0.15] {
      let below = Metabolism.netVO2OnFoot(metresPerSecond: speed, grade: edge - 1e-9)
      let above = Metabolism.netVO2OnFoot(metresPerSecond: speed, grade: edge + 1e-9)
      #expect(close(below, above, 1e-6 * max(1, above)), "at \(edge): \(below) vs \(above)")
    }
  }

  @Test("walking downhill costs Looney et al. 2019 from −5 %, blended from 0 %")
  func looneyDownhillWalking() {
    // 1.5 m/s at −5 %: 1.11^27 = 16.74, 1 − 1.05^(1 − 16.74) = 1 − 0.4639 = 0.5361; grade term
    // 0.34 × 1.5 × (−5) × 0.5361 = −1.3671; net 3.5245 − 1.3671 = 2.1574 W/kg × 2.8681 = 6.188.
    #expect(close(Metabolism.looneyWalkingNetVO2(metresPerSecond: 1.5, grade: -0.05), 6.188, 0.001))
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 1.5, grade: -0.05), 6.188, 0.001))
    // 1.4 m/s at −13 %: 1.94 × 1.4^0.43 = 2.2421, 0.24 × 1.4⁴ = 0.9220, 1.11^19 = 7.263,
    // 1 − 1.05^(−6.263) = 0.2632, 0.34 × 1.4 × (−13) × 0.2632 = −1.6288: 1.5353 W/kg = 4.403.
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 1.4, grade: -0.13), 4.403, 0.002))
    // Halfway to −5 % the two rules weigh half each: 1.5 m/s at −2.5 %, Minetti 9 × Cw(−0.025) /
    // 2.5 and Looney's net, averaged.
    let scaled = 9 * Metabolism.minettiWalkingCost(grade: -0.025) / 2.5
    let looney = Metabolism.looneyWalkingNetVO2(metresPerSecond: 1.5, grade: -0.025)
    #expect(
      close(
        Metabolism.netVO2OnFoot(metresPerSecond: 1.5, grade: -0.025), (scaled + looney) / 2, 1e-9))
    // Running downhill keeps Minetti's ratio (above: 3 m/s at −10 %).
  }

  @Test("downhill scales level net VO2 by C(i)/C(0); above 0.15 by C(i)/C(0.15)")
  func scaling() {
    // Running 3 m/s (180 m/min): level net 0.2 × 180 = 36; at −10 % × 0.598 (table ratio).
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 3, grade: -0.10), 36 * 0.598, 0.02))
    // Walking 1.5 m/s at −20 %: Looney et al. 2019, net 1.94 × 1.5^0.43 + 0.24 × 1.5⁴ + 0.34 ×
    // 1.5 × (−20) × (1 − 1.05^(1 − 1.11^12)) = 2.3095 + 1.2150 − 10.2 × 0.11476 = 2.3540 W/kg,
    // × 60 / (5 × 4.184) = 6.751 mL/kg/min (it was the level 9 × Minetti's 0.435 = 3.9).
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 1.5, grade: -0.20), 6.751, 0.001))
    // Running 3 m/s at +30 %: net at 15 % = 36 + 0.9 × 180 × 0.15 = 60.3, times Cr(0.30)/Cr(0.15).
    let ratio = 12.579 / Metabolism.minettiRunningCost(grade: 0.15)
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 3, grade: 0.30), 60.3 * ratio, 0.01))
  }
}

@Suite("Cycling power (Martin et al. 1998, docs/models.md)")
struct CyclingPowerTests {
  let model = CyclingPowerModel(totalMassKg: 80)

  @Test(
    "worked powers (80 kg, Crr 0.004, CdA 0.32, ρ 1.225, η 0.976)",
    arguments: [
      (20.0, 0.0, 52.3), (30, 0, 143.0), (40, 0, 311.2), (20, 0.03, 186.2), (15, 0.05, 195.2),
      (10, 0.08, 191.3), (40, -0.03, 43.4),
    ])
  func power(kilometresPerHour: Double, grade: Double, watts: Double) {
    #expect(close(model.power(metresPerSecond: kilometresPerHour / 3.6, grade: grade), watts, 0.05))
  }

  @Test(
    "inverse by bisection",
    arguments: [(100.0, 0.0, 26.12), (200, 0, 34.03), (300, 0, 39.47), (250, 0.06, 16.23)])
  func inverse(watts: Double, grade: Double, kilometresPerHour: Double) {
    let speed = model.speed(power: watts, grade: grade)
    #expect(close(speed * 3.6, kilometresPerHour, 0.005))
    #expect(close(model.power(metresPerSecond: speed, grade: grade), watts, 1e-9))
  }

  @Test("zero power coasts: 0 on the flat, the balance speed on a descent")
  func coasting() {
    #expect(model.speed(power: 0, grade: 0) == 0)
    let descent = model.speed(power: 0, grade: -0.05)
    #expect(descent > 0)
    #expect(close(model.power(metresPerSecond: descent, grade: -0.05), 0, 1e-9))
  }

  @Test("a power-only segment rides at the inverse speed: 200 W flat → 34.03 km/h")
  func powerOnlySegment() throws {
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(600), power: 200)], cyclingModel: model)
    let metres = source.cumulativeAmount(
      of: .distanceCycling, from: at(0), to: at(3600), activity: .cycling)
    // 10 minutes at 34.03 km/h = 5671.7 m (±0.005 km/h → ±0.8 m); then standing still.
    #expect(close(metres, 34.03 / 3.6 * 600, 0.9))
    #expect(source.discreteValue(of: .cyclingPower, at: at(30), activity: .cycling) == 200)
    #expect(source.discreteValue(of: .cyclingCadence, at: at(30), activity: .cycling) == 85)
  }

  @Test("a speed-only segment reports the model's power: 30 km/h flat → 143.0 W")
  func speedOnlySegment() throws {
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(600), speed: 30 / 3.6)], cyclingModel: model)
    let reading = source.discreteValue(of: .cyclingPower, at: at(10), activity: .cycling)
    let watts = try #require(reading)
    #expect(close(watts, 143.0, 0.05))
  }
}

@Suite("Keytel et al. 2005 (docs/models.md)")
struct KeytelTests {
  /// (HR, M, age, men, women, men VO2max 50, women VO2max 40) in kcal/min.
  @Test(
    "worked values",
    arguments: [
      (100.0, 70.0, 30.0, 6.683, 4.230, 5.625, 3.880),
      (120, 70, 30, 9.698, 6.367, 8.656, 6.031),
      (140, 70, 30, 12.714, 8.505, 11.687, 8.182),
      (160, 70, 30, 15.730, 10.643, 14.717, 10.333),
      (140, 80, 45, 13.912, 8.468, 13.600, 9.411),
    ])
  func table(
    hr: Double, mass: Double, age: Double, men: Double, women: Double, menV: Double,
    womenV: Double
  ) {
    func k(_ sex: BiologicalSex, _ v: Double?) -> Double {
      Keytel.kilocaloriesPerMinute(heartRate: hr, massKg: mass, age: age, sex: sex, vo2Max: v)
    }
    #expect(close(k(.male, nil), men, 0.0005))
    #expect(close(k(.female, nil), women, 0.0005))
    #expect(close(k(.male, 50), menV, 0.0005))
    #expect(close(k(.female, 40), womenV, 0.0005))
  }

  /// Cross-check, not the model: at steady state the HR the model gives and Keytel's energy for
  /// that HR against the ACSM energy. Default athlete (female, 65 kg, 35 y, VO2max 40):
  /// - run 10 km/h: VO2 36.83, HR 60 + 33.33/36.5 × 123.5 = 172.79, ACSM 11.971 kcal/min,
  ///   Keytel (VO2max) 11.913, difference −0.5 %;
  /// - walk 1.5 m/s at 8 %: VO2 25.46, HR 134.30, ACSM 8.275, Keytel 7.774, difference −6.1 %;
  /// - cycle 150 W: VO2 31.92, HR 156.17, ACSM 10.375, Keytel 10.126, difference −2.4 %.
  @Test(
    "steady-state HR and energy agree with Keytel within 10 %",
    arguments: [
      (CourseSegment(duration: .seconds(600), speed: 10 / 3.6), WorkoutActivityType.running),
      (CourseSegment(duration: .seconds(600), speed: 1.5, grade: 0.08), .walking),
      (CourseSegment(duration: .seconds(600), speed: 8, power: 150), .cycling),
    ])
  func crossCheck(segment: CourseSegment, activity: WorkoutActivityType) throws {
    var source = try quietSource(segments: [segment])
    let hr = source.modelHeartRate(at: at(500), activity: activity)
    let active = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(400), to: at(460), activity: activity)
    let basal = source.cumulativeAmount(
      of: .basalEnergyBurned, from: at(400), to: at(460), activity: activity)
    let keytel = Keytel.kilocaloriesPerMinute(
      heartRate: hr, massKg: 65, age: 35, sex: .female, vo2Max: 40)
    let difference = (keytel - (active + basal)) / (active + basal)
    #expect(abs(difference) < 0.10, "Keytel differs by \(difference * 100) %")
  }
}

/// A braking descent on a bike (docs/models.md#descending-on-a-bike): a speed-only segment
/// downhill, held below the speed the bike would coast at, costs at least the 23.1 − 3.5 =
/// 19.6 mL·kg⁻¹·min⁻¹ Burr et al. 2012 measured on downhill trails.
@Suite("Braking descents on a bike (docs/models.md)")
struct BrakingDescentTests {
  @Test("the floor is Burr et al.'s 23.1 mL/kg/min gross; pedalling above it counts as pedalling")
  func floor() {
    #expect(Metabolism.brakingDescentNetVO2 == 23.1 - 3.5)
    #expect(Metabolism.netVO2Cycling(power: 0, massKg: 65, moving: true, braking: true) == 19.6)
    #expect(Metabolism.netVO2Cycling(power: 0, massKg: 65, moving: true) == 3.5)
    // 200 W at 65 kg: 3.5 + 1.8 × 6 × 200 / 65 = 3.5 + 33.2308 = 36.7308, above the floor.
    #expect(
      close(
        Metabolism.netVO2Cycling(power: 200, massKg: 65, moving: true, braking: true), 36.7308,
        1e-4))
    // Standing still is rest, braking or not.
    #expect(Metabolism.netVO2Cycling(power: 0, massKg: 65, moving: false, braking: true) == 0)
  }

  /// Default athlete (65 kg, bike 10 kg). 8 m/s on −10 %: 75 × 9.80665 × (0.004 cos θ + sin θ)
  /// = 735.499 × (0.00398 − 0.09950) = −70.25 N of slope force against 0.5 × 1.225 × 0.32 × 64
  /// = 12.54 N of drag: the bike would go faster, so the rider brakes. Net VO2 19.6: active
  /// energy 19.6 × 65 / 1000 × 5 = 6.37 kcal/min, 63.7 kcal in 10 minutes; the heart rate's
  /// target 60 + 19.6 / 36.5 × 123.5 = 126.318 bpm, reached after 600 s (e^(−600/24) ≈ 1e-11;
  /// drift starts at 600 s of exercise).
  @Test("8 m/s down 10 % without power: 63.7 kcal in 10 minutes, heart rate 126.318 bpm")
  func brakingSegment() throws {
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(600), speed: 8, grade: -0.10)])
    let kcal = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(600), activity: .cycling)
    #expect(close(kcal, 63.7, 1e-6))
    let heartRate = source.modelHeartRate(at: at(600), activity: .cycling)
    #expect(close(heartRate, 126.318, 0.001))
  }

  /// 8 m/s on −1 %: slope force 735.499 × (0.0039998 − 0.0099995) = −4.413 N, drag 12.544 N:
  /// the rider pedals 8 × 8.131 / 0.976 = 66.65 W, net 3.5 + 10.8 × 66.65 / 65 = 14.574 (not
  /// braking). With the course's own power of 0 W on −10 % the rider coasts: net 3.5.
  @Test("no floor where the rider pedals, or where the course says 0 W")
  func notBraking() throws {
    // 14.574 × 65 / 1000 × 5 = 4.7366 kcal in a minute.
    #expect(
      close(
        try activeMinute(CourseSegment(duration: .seconds(60), speed: 8, grade: -0.01)), 4.7366,
        0.0005))
    // 3.5 × 65 / 1000 × 5 = 1.1375 kcal in a minute.
    let coasting = CourseSegment(duration: .seconds(60), speed: 8, grade: -0.10, power: 0)
    #expect(close(try activeMinute(coasting), 1.1375, 1e-6))
  }

  /// The active energy (kcal) of the first minute of `segment` ridden by the default athlete.
  func activeMinute(_ segment: CourseSegment) throws -> Double {
    var source = try quietSource(segments: [segment])
    return source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(60), activity: .cycling)
  }
}

/// On foot on a ride (docs/models.md#on-foot-on-a-ride): a cyclist walking the bike costs the
/// on-foot model's net VO2 times (body + bike) / body (Ludlow & Weyand 2017), pedals nothing and
/// has no braking floor.
@Suite("On foot on a ride (docs/models.md)")
struct OnFootOnARideTests {
  /// 65 kg, bike 10 kg. 0.5 m/s on the level: ACSM walking 0.1 × 30 m/min = 3.0, times 75 / 65
  /// = 3.461538. 0.5 m/s on +20 %: ACSM at 15 %, 3.0 + 1.8 × 30 × 0.15 = 11.1, times Minetti's
  /// Cw(0.20) / Cw(0.15) = (0.08976 − 0.09392 − 0.6144 + 2.076 + 3.92 + 2.5) / (0.0213005 −
  /// 0.0297169 − 0.2592 + 1.16775 + 2.94 + 2.5) = 7.87744 / 6.340134 = 1.242472: 13.79144, times
  /// 75 / 65: 15.91320.
  @Test("walking cost times (body + bike) / body")
  func cost() {
    #expect(
      close(
        Metabolism.netVO2PushingBike(
          metresPerSecond: 0.5, grade: 0, bodyMassKg: 65, bikeMassKg: 10), 3.461538, 1e-6))
    #expect(
      close(
        Metabolism.netVO2PushingBike(
          metresPerSecond: 0.5, grade: 0.20, bodyMassKg: 65, bikeMassKg: 10), 15.91320, 1e-4))
    #expect(
      Metabolism.netVO2PushingBike(metresPerSecond: 0.5, grade: 0, bodyMassKg: 65, bikeMassKg: 0)
        == 3.0)
  }

  /// A minute on foot at 0.5 m/s on the level in a cycling workout: 3.461538 × 65 / 1000 × 5 =
  /// 1.125 kcal, no power, no pedal cadence, 30 m of cycling distance. Ridden instead at 0.5 m/s
  /// the bike needs 75 × 9.80665 × 0.004 × 0.5 / 0.976 + drag = 1.51 W: net 3.5 + 10.8 × 1.51 /
  /// 65 (about 3.75, 1.22 kcal). On −10 % on foot there is no braking floor (19.6, 6.37
  /// kcal/min): Looney's walking at 0.5 m/s and −10 %, 1.94 × 0.5^0.43 + 0.24 × 0.5⁴ + 0.34 ×
  /// 0.5 × (−10) × (1 − 1.05^(1 − 1.11^22)) = 1.43998 + 0.015 − 0.60061 = 0.85438 W/kg, × 60 /
  /// 20.92 = 2.45042 mL/kg/min, × 75 / 65 = 2.82741, × 0.325 = 0.91891 kcal in the minute.
  @Test("a minute walking the bike: 1.125 kcal, 0 W, 0 rpm; downhill 0.919 kcal")
  func segment() throws {
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(60), speed: 0.5, grade: 0, onFoot: true)])
    let kcal = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(60), activity: .cycling)
    #expect(close(kcal, 1.125, 1e-9))
    #expect(try reading(&source, .cyclingPower, at(30), .cycling) == 0)
    #expect(try reading(&source, .cyclingCadence, at(30), .cycling) == 0)
    let metres = source.cumulativeAmount(
      of: .distanceCycling, from: at(0), to: at(60), activity: .cycling)
    #expect(close(metres, 30, 1e-9))
    var down = try quietSource(
      segments: [CourseSegment(duration: .seconds(60), speed: 0.5, grade: -0.10, onFoot: true)])
    let downhill = down.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(60), activity: .cycling)
    #expect(close(downhill, 0.91891, 1e-4))
  }

  /// Core Motion's class of a ride with a gap walked beside the bike: 60 s ridden at 5 m/s,
  /// 60 s walked at 0.6 m/s, 60 s walked at 0.4 m/s, 60 s ridden at 5 m/s: cycling, walking
  /// (from 0.5 m/s, not cycling), stationary (below 0.5 m/s), cycling.
  @Test("a walked gap of a ride is walking in Core Motion's classes, not cycling")
  func motion() throws {
    let source = try quietSource(segments: [
      CourseSegment(duration: .seconds(60), speed: 5, grade: 0),
      CourseSegment(duration: .seconds(60), speed: 0.6, grade: 0, onFoot: true),
      CourseSegment(duration: .seconds(60), speed: 0.4, grade: 0, onFoot: true),
      CourseSegment(duration: .seconds(60), speed: 5, grade: 0),
    ])
    #expect(
      source.motionSpans(activity: .cycling) == [
        MotionSpan(at(0)..<at(60), MotionState(.cycling)),
        MotionSpan(at(60)..<at(120), MotionState(.walking)),
        MotionSpan(at(120)..<at(180), MotionState(.stationary)),
        MotionSpan(at(180)..<at(240), MotionState(.cycling)),
      ])
  }
}
