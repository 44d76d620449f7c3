import Testing
import WorkoutCore
import WorkoutPhysiology

/// A row of the ACSM tables of docs/models.md (70 kg; kcal/min at 5 kcal/L O2; active =
/// gross − 3.5 mL/kg/min).
struct ACSMRow: Sendable, CustomStringConvertible {
  let name: String
  let speed: Double  // m/min (or W for cycling)
  let grade: Double
  let vo2: Double
  let mets: Double
  let grossKcal: Double
  let activeKcal: Double
  var description: String { name }
}

private let walkingRows: [ACSMRow] = [
  ACSMRow(
    name: "2.0 mph", speed: 53.6, grade: 0, vo2: 8.86, mets: 2.53, grossKcal: 3.101,
    activeKcal: 1.876),
  ACSMRow(
    name: "3.0 mph", speed: 80.4, grade: 0, vo2: 11.54, mets: 3.30, grossKcal: 4.039,
    activeKcal: 2.814),
  ACSMRow(
    name: "3.0 mph 5 %", speed: 80.4, grade: 0.05, vo2: 18.78, mets: 5.36, grossKcal: 6.572,
    activeKcal: 5.347),
  ACSMRow(
    name: "3.0 mph 15 %", speed: 80.4, grade: 0.15, vo2: 33.25, mets: 9.50, grossKcal: 11.637,
    activeKcal: 10.412),
  ACSMRow(
    name: "3.5 mph", speed: 93.8, grade: 0, vo2: 12.88, mets: 3.68, grossKcal: 4.508,
    activeKcal: 3.283),
  ACSMRow(
    name: "3.5 mph 10 %", speed: 93.8, grade: 0.10, vo2: 29.76, mets: 8.50, grossKcal: 10.417,
    activeKcal: 9.192),
  ACSMRow(
    name: "4.0 mph", speed: 107.2, grade: 0, vo2: 14.22, mets: 4.06, grossKcal: 4.977,
    activeKcal: 3.752),
]

private let runningRows: [ACSMRow] = [
  ACSMRow(
    name: "8 km/h", speed: 8000.0 / 60, grade: 0, vo2: 30.17, mets: 8.62, grossKcal: 10.558,
    activeKcal: 9.333),
  ACSMRow(
    name: "10 km/h", speed: 10000.0 / 60, grade: 0, vo2: 36.83, mets: 10.52, grossKcal: 12.892,
    activeKcal: 11.667),
  ACSMRow(
    name: "10 km/h 5 %", speed: 10000.0 / 60, grade: 0.05, vo2: 44.33, mets: 12.67,
    grossKcal: 15.517, activeKcal: 14.292),
  ACSMRow(
    name: "12 km/h", speed: 200, grade: 0, vo2: 43.50, mets: 12.43, grossKcal: 15.225,
    activeKcal: 14.000),
  ACSMRow(
    name: "12 km/h 10 %", speed: 200, grade: 0.10, vo2: 61.50, mets: 17.57, grossKcal: 21.525,
    activeKcal: 20.300),
  ACSMRow(
    name: "15 km/h", speed: 250, grade: 0, vo2: 53.50, mets: 15.29, grossKcal: 18.725,
    activeKcal: 17.500),
]

private let cyclingRows: [ACSMRow] = [
  ACSMRow(
    name: "50 W", speed: 50, grade: 0, vo2: 14.71, mets: 4.20, grossKcal: 5.150, activeKcal: 3.925),
  ACSMRow(
    name: "100 W", speed: 100, grade: 0, vo2: 22.43, mets: 6.41, grossKcal: 7.850, activeKcal: 6.625
  ),
  ACSMRow(
    name: "150 W", speed: 150, grade: 0, vo2: 30.14, mets: 8.61, grossKcal: 10.550,
    activeKcal: 9.325),
  ACSMRow(
    name: "200 W", speed: 200, grade: 0, vo2: 37.86, mets: 10.82, grossKcal: 13.250,
    activeKcal: 12.025),
]

/// Checks a row's printed values to half a unit of their last digit.
private func expectRow(_ row: ACSMRow, vo2: Double) {
  #expect(close(vo2, row.vo2, 0.005), "VO2 \(vo2) vs \(row.vo2)")
  #expect(close(Metabolism.mets(vo2: vo2), row.mets, 0.005))
  #expect(close(Metabolism.kilocaloriesPerMinute(vo2: vo2, massKg: 70), row.grossKcal, 0.0005))
  #expect(
    close(
      Metabolism.kilocaloriesPerMinute(vo2: vo2 - Metabolism.restingVO2, massKg: 70),
      row.activeKcal, 0.0005))
}

/// One minute of the row through the data source: active and basal kcal from the integrator,
/// active + basal against the table's gross kcal/min.
private func expectSourceMinute(
  _ row: ACSMRow, segment: CourseSegment, activity: WorkoutActivityType
) throws {
  var source = try quietSource(athlete: try Athlete(massKg: 70), segments: [segment])
  let active = source.cumulativeAmount(
    of: .activeEnergyBurned, from: at(0), to: at(60), activity: activity)
  let basal = source.cumulativeAmount(
    of: .basalEnergyBurned, from: at(0), to: at(60), activity: activity)
  #expect(close(active, row.activeKcal, 0.0005), "active \(active) vs \(row.activeKcal)")
  // Basal: 3.5 mL/kg/min × 70 kg / 1000 × 5 = 1.225 kcal/min.
  #expect(close(basal, 1.225, 1e-12))
  #expect(close(active + basal, row.grossKcal, 0.0005))
}

@Suite("ACSM metabolic equations (docs/models.md)")
struct ACSMTests {
  @Test("walking rows", arguments: walkingRows)
  func walking(row: ACSMRow) throws {
    expectRow(row, vo2: Metabolism.acsmWalkingVO2(speed: row.speed, grade: row.grade))
    try expectSourceMinute(
      row, segment: CourseSegment(duration: .seconds(600), speed: row.speed / 60, grade: row.grade),
      activity: .walking)
  }

  @Test("running rows", arguments: runningRows)
  func running(row: ACSMRow) throws {
    expectRow(row, vo2: Metabolism.acsmRunningVO2(speed: row.speed, grade: row.grade))
    try expectSourceMinute(
      row, segment: CourseSegment(duration: .seconds(600), speed: row.speed / 60, grade: row.grade),
      activity: .running)
  }

  @Test("leg cycling rows (70 kg, WR = 6 × W)", arguments: cyclingRows)
  func cycling(row: ACSMRow) throws {
    expectRow(row, vo2: Metabolism.acsmLegCyclingVO2(power: row.speed, massKg: 70))
    try expectSourceMinute(
      row, segment: CourseSegment(duration: .seconds(600), speed: 8, power: row.speed),
      activity: .cycling)
  }

  @Test("published worked examples")
  func publishedExamples() {
    // Walking 3.5 mph (93.8 m/min) at 10 %: 9.38 + 16.88 + 3.5 = 29.76.
    #expect(close(Metabolism.acsmWalkingVO2(speed: 93.8, grade: 0.10), 29.76, 0.005))
    // 62 kg woman at 450 kg·m/min = 75 W (WR = 6 × W): 1.8 × 450 / 62 + 7 = 20.06.
    #expect(close(Metabolism.acsmLegCyclingVO2(power: 75, massKg: 62), 20.06, 0.005))
  }

  @Test("gait follows speed: walking below 2.0 m/s, running from 2.0 m/s")
  func gaitThreshold() {
    // 1.99 m/s = 119.4 m/min walking: net 0.1 × 119.4 = 11.94.
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 1.99, grade: 0), 11.94, 1e-9))
    // 2.0 m/s = 120 m/min running: net 0.2 × 120 = 24.
    #expect(close(Metabolism.netVO2OnFoot(metresPerSecond: 2.0, grade: 0), 24, 1e-9))
  }

  @Test("30 min at 10 km/h, 70 kg: gross 386.75 kcal, active 350.00 kcal")
  func wholeWorkout() throws {
    var source = try quietSource(
      athlete: try Athlete(massKg: 70),
      segments: [CourseSegment(duration: .seconds(1800), speed: 10 / 3.6)])
    let active = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(1800), activity: .running)
    let basal = source.cumulativeAmount(
      of: .basalEnergyBurned, from: at(0), to: at(1800), activity: .running)
    #expect(close(active, 350.00, 0.005))
    #expect(close(active + basal, 386.75, 0.005))
  }
}

@Suite("Compendium MET activities (Ainsworth et al. 2011)")
struct CompendiumTests {
  @Test(
    "constant MET per activity",
    arguments: [
      (WorkoutActivityType.highIntensityIntervalTraining, "02040", 8.0),
      (.traditionalStrengthTraining, "02054", 3.5),
      (.yoga, "02150", 2.5),
      (.other, "02022", 3.8),
      (.tennis, "15675", 7.3),
      (.elliptical, "02048", 5.0),
      (.stepTraining, "03016", 7.5),
      (.jumpRope, "15551", 11.8),
    ])
  func entries(activity: WorkoutActivityType, code: String, mets: Double) throws {
    let entry = try #require(CompendiumActivity.entry(for: activity))
    #expect(entry.code == code)
    #expect(entry.mets == mets)
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(600), speed: 3)])
    // Active kcal/min = (MET − 1) × 3.5 × M / 200 with M = 65 kg.
    let active = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(60), activity: activity)
    #expect(close(active, (mets - 1) * 3.5 * 65 / 200, 1e-9))
    // No distance, no steps for these activities.
    #expect(
      source.cumulativeAmount(
        of: .distanceWalkingRunning, from: at(0), to: at(60), activity: activity) == 0)
    #expect(
      source.cumulativeAmount(of: .stepCount, from: at(0), to: at(60), activity: activity) == 0)
  }

  @Test(
    "running, walking, hiking, cycling, rowing, stairs, cross-country skiing and swimming have no constant MET, every other activity has one"
  )
  func courseModelled() {
    let modelled: [WorkoutActivityType] = [
      .running, .walking, .hiking, .cycling, .transition, .swimBikeRun, .rowing, .stairs,
      .stairClimbing, .crossCountrySkiing, .swimming,
    ]
    for activity in modelled {
      #expect(CompendiumActivity.entry(for: activity) == nil)
    }
    for activity in WorkoutActivityType.allCases where !modelled.contains(activity) {
      let entry = CompendiumActivity.entry(for: activity)
      #expect(entry != nil, "\(activity.name) has no MET")
      // Five-digit codes and METs within the Compendium's range (0.9 ... 23).
      #expect(entry?.code.count == 5)
      #expect((1.0...23.0).contains(entry?.mets ?? 0))
    }
  }

  @Test("a minute of tennis: the worked value")
  func tennisMinute() throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: 0)])
    // Tennis, general (15675): 7.3 MET; net VO2 (7.3 − 1) × 3.5 = 22.05 mL·kg⁻¹·min⁻¹;
    // 22.05 × 65 kg / 1000 × 5 kcal/L = 7.16625 kcal in a minute.
    let active = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(60), activity: .tennis)
    #expect(close(active, 7.16625, 1e-9))
  }
}

@Suite("Swimming energy by speed (the Compendium's front-crawl entries 18300 and 18290)")
struct SwimmingEnergyTests {
  /// 15 minutes at 1:30/100 m (v = 100 / 90 = 1.11111 m/s) against 15 minutes at 3:00/100 m
  /// (v = 0.55556 m/s), 65 kg. The line through 8.0 MET at 0.762 m/s and 11.0 MET at
  /// 1.143 m/s has slope 3.0 / 0.381 = 7.87402 MET per m/s:
  /// fast 8.0 + 7.87402 × (1.11111 − 0.762) = 10.74891 MET, net (10.74891 − 1) × 3.5
  /// = 34.12117 mL·kg⁻¹·min⁻¹, × 65 / 200 = 11.08938 kcal/min, 166.3407 kcal in 15 min;
  /// slow 8.0 + 7.87402 × (0.55556 − 0.762) = 6.37445 MET, net 18.81059, × 65 / 200
  /// = 6.11344 kcal/min, 91.7016 kcal in 15 min. Standing in the water (v = 0): 2.0 MET,
  /// net 3.5, 1.1375 kcal/min.
  @Test func fasterCostsMore() throws {
    var source = try quietSource(segments: [
      CourseSegment(duration: .seconds(900), speed: 100.0 / 90),
      CourseSegment(duration: .seconds(900), speed: 100.0 / 180),
      CourseSegment(duration: .seconds(60), speed: 0),
    ])
    let fast = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: at(900), activity: .swimming)
    let slow = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(900), to: at(1800), activity: .swimming)
    let rest = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(1800), to: at(1860), activity: .swimming)
    #expect(close(fast, 166.3407, 0.0005))
    #expect(close(slow, 91.7016, 0.0005))
    #expect(close(rest, 1.1375, 1e-9))
  }

  /// Heart rate follows the pace: the default athlete (resting 60, maximum 183.5, VO2max 40,
  /// reserve 40 − 3.5 = 36.5) swimming 1:30/100 m has the steady state
  /// 60 + 34.12117 / 36.5 × 123.5 = 175.451 bpm, at 3:00/100 m 60 + 18.81059 / 36.5 × 123.5
  /// = 123.647 bpm.
  @Test func heartRateFollowsPace() {
    let athlete = Athlete.standard
    let fast = HeartRateParameters.steadyState(
      netVO2: SwimmingModel.netVO2(metresPerSecond: 100.0 / 90), athlete: athlete)
    let slow = HeartRateParameters.steadyState(
      netVO2: SwimmingModel.netVO2(metresPerSecond: 100.0 / 180), athlete: athlete)
    #expect(close(fast, 175.451, 0.0005))
    #expect(close(slow, 123.647, 0.0005))
  }
}

@Suite("Running power (Margaria 1968 on ACSM and Minetti) and stride length")
struct RunningDynamicsTests {
  @Test("running power at a known speed and grade")
  func power() {
    // 65 kg at 3.0 m/s (180 m/min) on the flat: ACSM net VO2 0.2 × 180 = 36 mL·kg⁻¹·min⁻¹;
    // metabolic 36 × 65 × 20.92 / 60 = 815.88 W; mechanical × 0.25 = 203.97 W.
    #expect(close(RunningDynamics.power(metresPerSecond: 3, grade: 0, massKg: 65), 203.97, 1e-9))
    // Up 5 %: net 36 + 0.9 × 180 × 0.05 = 44.1; 44.1 × 65 × 20.92 / 60 × 0.25 = 249.86325 W.
    #expect(
      close(RunningDynamics.power(metresPerSecond: 3, grade: 0.05, massKg: 65), 249.86325, 1e-9))
    // Standing still: no power.
    #expect(RunningDynamics.power(metresPerSecond: 0, grade: 0, massKg: 65) == 0)
  }

  @Test("stride length is speed over step cadence")
  func strideLength() {
    // 3.0 m/s at 134 + 9.2 × 3 = 161.6 steps/min: 3.0 / (161.6 / 60) = 180 / 161.6 = 1.1138613861 m.
    let cadence = Cadence.running(metresPerSecond: 3)
    #expect(close(cadence, 161.6, 1e-12))
    #expect(
      close(
        RunningDynamics.strideLength(metresPerSecond: 3, stepsPerMinute: cadence), 1.1138613861,
        1e-9))
    #expect(RunningDynamics.strideLength(metresPerSecond: 3, stepsPerMinute: 0) == 0)
  }
}
