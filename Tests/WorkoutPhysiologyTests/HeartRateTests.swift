import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Heart rate (docs/models.md)")
struct HeartRateTests {
  /// Worked steady states of docs/models.md#heart-rate: 35 y, HRrest 60, HRmax 183.5 (Tanaka),
  /// VO2max 45.
  @Test(
    "steady state matches %HRR = %VO2R within 1 bpm",
    arguments: [
      (5.0 / 3.6, 0.0, 65.0, WorkoutActivityType.walking, nil as Double?, 84.8),
      (5 / 3.6, 0.10, 65, .walking, nil, 129.4),
      (10 / 3.6, 0, 65, .running, nil, 159.2),
      (12 / 3.6, 0, 65, .running, nil, 179.0),
      (10 / 3.6, 0.05, 65, .running, nil, 181.5),
      (8, 0, 75, .cycling, 100, 113.3),
      (8, 0, 75, .cycling, 150, 134.7),
    ])
  func steadyState(
    speed: Double, grade: Double, mass: Double, activity: WorkoutActivityType, power: Double?,
    expected: Double
  ) throws {
    let athlete = try Athlete(massKg: mass, vo2Max: 45)
    var source = try quietSource(
      athlete: athlete,
      segments: [CourseSegment(duration: .seconds(3600), speed: speed, grade: grade, power: power)])
    // At 5 min: e^(−300/24) leaves < 0.001 bpm of the step; drift starts only at 10 min.
    let hr = try reading(&source, .heartRate, at(300), activity)
    #expect(close(hr, expected, 0.06), "\(hr) vs \(expected)")
    #expect(close(hr, expected, 1))
  }

  @Test(
    "Tanaka maximal heart rate (Tanaka, Monahan & Seals 2001)",
    arguments: [(20.0, 194.0), (30, 187), (40, 180), (50, 173), (60, 166)])
  func tanaka(age: Double, expected: Double) throws {
    #expect(close(Athlete.tanakaMaxHeartRate(age: age), expected, 1e-9))
    #expect(close(try Athlete(age: age).maxHeartRate, expected, 1e-9))
  }

  /// Step from rest to a 10 km/h run at t = 60 s: 63.2 % of the step is reached one rise time
  /// constant (24 s) later, within one sample.
  @Test("time to 63 % of a step equals the rise time constant", arguments: [1, 5] as [Int64])
  func riseTimeConstant(sampleSeconds: Int64) throws {
    var source = try quietSource(segments: [
      CourseSegment(duration: .seconds(60), speed: 0),
      CourseSegment(duration: .seconds(600), speed: 10 / 3.6),
    ])
    // Steady target: 60 + (33.333/36.5) × 123.5 = 172.785; 63.2 % of the step: 131.28 bpm.
    let target = 60 + (0.2 * 10000 / 60) / 36.5 * 123.5
    let threshold = 60 + (1 - 1 / 2.718281828459045) * (target - 60)
    var t: Int64 = 0
    while t < 600 {
      let hr = try reading(&source, .heartRate, at(t), .running)
      if hr >= threshold { break }
      t += sampleSeconds
    }
    #expect(t >= 60 + 24 && t <= 60 + 24 + sampleSeconds, "reached at \(t) s")
  }

  /// The slow component (docs/models.md#heart-rate), worked by hand: default athlete (rest 60,
  /// max 183.5) with gain g = 0.2, τs = 600 s and no drift, running 2.2 m/s from rest for 600 s,
  /// then standing.
  /// - Running: net 0.2 × 2.2 × 60 = 26.4 mL/kg/min, f = 26.4 / 36.5 = 0.723288,
  ///   W = 60 + f × 123.5 = 149.326; level S = 0.2 × 123.5 × (0.723288 − 0.3) / 0.7 = 14.9360;
  ///   rising (τ = 24 s), d = −S × 600 / 576 = −15.5583.
  ///   h(300) = W + S(1 − e^(−12.5)) + (60 − W)e^(−12.5) + d(e^(−0.5) − e^(−12.5)) = 154.825;
  ///   h(600) = 158.538 (without the slow component 149.326).
  /// - Standing from 600 s: W = 60, residual ρ₀ = 0.75 × 89.326 = 66.995, slow s₀ = S(1 − e^(−1))
  ///   = 9.4414 heading for 0; falling (60 + ρ₀ + s₀ < h₀), τ = 30 s; c = ρ₀ × 300 / 270,
  ///   d = s₀ × 600 / 570; h(660) = 60 + c·e^(−0.2) + (h₀ − 60 − c)·e^(−2) + d(e^(−0.1) − e^(−2))
  ///   = 131.854.
  @Test("the slow component rises and falls as worked by hand")
  func slowComponent() throws {
    let athlete = try Athlete(
      heartRate: HeartRateParameters(
        driftGain: 0, slowComponentGain: 0.2, slowComponentTimeConstant: 600))
    var source = try quietSource(
      athlete: athlete, segments: [CourseSegment(duration: .seconds(600), speed: 2.2)])
    #expect(close(source.modelHeartRate(at: at(300), activity: .running), 154.825, 0.001))
    #expect(close(source.modelHeartRate(at: at(600), activity: .running), 158.538, 0.001))
    #expect(close(source.modelHeartRate(at: at(660), activity: .running), 131.854, 0.001))
    // The default gain 0 leaves the model as it was: at 300 s, 149.326 (the target, reached).
    var plain = try quietSource(
      athlete: try Athlete(heartRate: HeartRateParameters(driftGain: 0)),
      segments: [CourseSegment(duration: .seconds(600), speed: 2.2)])
    #expect(close(plain.modelHeartRate(at: at(300), activity: .running), 149.326, 0.001))
  }

  @Test("rise is faster than fall")
  func asymmetry() {
    let parameters = HeartRateParameters()
    #expect(parameters.riseTimeConstant < parameters.fallTimeConstant)
  }

  /// 10 min at 10 km/h then the course ends (standing still): one-minute recovery of a healthy
  /// adult lies within 20–40 bpm (Cole et al. 1999: ≤ 12 abnormal;
  /// docs/models.md#heart-rate).
  @Test(
    "one-minute recovery within 20 to 40 bpm",
    arguments: [(10 / 3.6, WorkoutActivityType.running), (12 / 3.6, .running), (3.0, .running)])
  func recovery(speed: Double, activity: WorkoutActivityType) throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: speed)])
    let peak = source.modelHeartRate(at: at(600), activity: activity)
    let oneMinute = source.modelHeartRate(at: at(660), activity: activity)
    #expect(peak - oneMinute >= 20 && peak - oneMinute <= 40, "HRR1 \(peak - oneMinute)")
    // Recovery continues toward rest and never undershoots it.
    let later = source.modelHeartRate(at: at(4200), activity: activity)
    #expect(later >= 60 && later < 62)
  }

  /// Constant moderate load for 70 min: HR at 60 min is 5–16 % above HR at 10 min (Coyle &
  /// González-Alonso 2001; Wingo et al. 2012; docs/models.md#heart-rate).
  @Test(
    "cardiovascular drift band",
    arguments: [
      (
        CourseSegment(duration: .seconds(4200), speed: 1.5, grade: 0.08),
        WorkoutActivityType.walking
      ),
      (CourseSegment(duration: .seconds(4200), speed: 2.2), .running),
      (CourseSegment(duration: .seconds(4200), speed: 8, power: 120), .cycling),
    ])
  func drift(segment: CourseSegment, activity: WorkoutActivityType) throws {
    var source = try quietSource(segments: [segment])
    let ten = source.modelHeartRate(at: at(600), activity: activity)
    let sixty = source.modelHeartRate(at: at(3600), activity: activity)
    let rise = sixty / ten - 1
    #expect(rise >= 0.05 && rise <= 0.16, "drift \(rise * 100) %")
  }

  /// Drift near the maximum (docs/models.md#heart-rate, trial25 finding 6): the athlete of a
  /// triathlon rehearsal (rest 55, max 185, VO2max 52) runs 45 min at 3.5 m/s.
  /// - Steady state: net 0.2 × 210 = 42 mL/kg/min, f = 42 / (52 − 3.5) = 0.865979,
  ///   W = 55 + f × 130 = 167.5773 bpm, reached within 5 min (e^(−300/24) < 4e-6).
  /// - Drift D = 0.18 × (t − 600) / 3000; above-rest part 112.5773, room r = 185 − W = 17.4227;
  ///   h = W + r × (1 − e^(−D × 112.5773 / r)) = W + r × (1 − e^(−1.163077 × (t − 600) / 3000)).
  ///   t = 1200: D = 0.036, 1 − e^(−0.232615) = 0.207541, h = 171.1933;
  ///   t = 2700: D = 0.126, 1 − e^(−0.814154) = 0.556986, h = 177.2815 (the old rule's
  ///   55 + 112.5773 × 1.126 = 181.7621).
  /// - Mean over 0…2700 s: undrifted W − (W − 55) × 24 / 2700 = 166.5766; drift
  ///   3000 × r × (0.7 − (1 − e^(−0.814154)) / 1.163077) / 2700 = 3000 × 17.4227 × 0.221110 /
  ///   2700 = 4.2804; mean 170.857 (the old rule's 166.5766 + 3000 × 112.5773 × 0.18 × 0.245 /
  ///   2700 = 172.093). The mean of the 2701 whole seconds lies about 0.02 lower (the first
  ///   seconds' steep rise, counted at their start).
  /// - The same leg after an hour of running at 2.5 m/s (the drift full, 0.18, from 3600 s): the
  ///   old rule gives 55 + 112.5773 × 1.18 = 187.84, the maximum 185 for the whole leg (the
  ///   finding: a mean of 184.4 bpm); the rule gives 1 − e^(−1.163077) = 0.687477,
  ///   h = 167.5773 + 17.4227 × 0.687477 = 179.5550 bpm, 5.4 bpm below the maximum.
  @Test("a hard run's drift approaches the maximum without reaching it")
  func driftNearTheMaximum() throws {
    let athlete = try Athlete(restingHeartRate: 55, maxHeartRate: 185, vo2Max: 52)
    var run = try quietSource(
      athlete: athlete, segments: [CourseSegment(duration: .seconds(2700), speed: 3.5)])
    #expect(close(run.modelHeartRate(at: at(600), activity: .running), 167.5773, 0.001))
    #expect(close(run.modelHeartRate(at: at(1200), activity: .running), 171.1933, 0.001))
    #expect(close(run.modelHeartRate(at: at(2700), activity: .running), 177.2815, 0.001))
    var sum = 0.0
    var previous = 0.0
    for t in Int64(0)...2700 {
      let h = run.modelHeartRate(at: at(t), activity: .running)
      #expect(h >= previous && h < 185, "\(h) at \(t) s")
      previous = h
      sum += h
    }
    #expect(close(sum / 2701, 170.857, 0.05), "mean \(sum / 2701)")
    var late = try quietSource(
      athlete: athlete,
      segments: [
        CourseSegment(duration: .seconds(3600), speed: 2.5),
        CourseSegment(duration: .seconds(2700), speed: 3.5),
      ])
    for t in stride(from: Int64(3900), through: 6300, by: 600) {
      let h = late.modelHeartRate(at: at(t), activity: .running)
      #expect(close(h, 179.5550, 0.001), "\(h) at \(t) s")
    }
  }

  @Test("never above max nor below resting, with sensor noise on")
  func bounds() throws {
    var source = PhysiologyDataSource(
      course: try Course(segments: [
        CourseSegment(duration: .seconds(1800), speed: 5),
        CourseSegment(duration: .seconds(600), speed: 0),
      ]),
      sensors: [.heartRate: SensorConfiguration(for: .heartRate, noise: 6)], seed: 7)
    let athlete = Athlete.standard
    for t in stride(from: Int64(0), through: 3600, by: 5) {
      let hr = try reading(&source, .heartRate, at(t), .running)
      #expect(hr <= athlete.maxHeartRate && hr >= athlete.restingHeartRate)
    }
  }

  @Test("exact solution: values do not depend on the query spacing")
  func spacingIndependence() throws {
    let segments = [
      CourseSegment(duration: .seconds(97), speed: 3.1),
      CourseSegment(duration: .seconds(41), speed: 1.2, grade: -0.1),
      CourseSegment(duration: .seconds(700), speed: 4),
    ]
    var dense = try quietSource(segments: segments)
    var sparse = try quietSource(segments: segments)
    var denseValues: [Int64: Double] = [:]
    for t in stride(from: Int64(0), through: 1400, by: 1) {
      denseValues[t] = dense.modelHeartRate(at: at(t), activity: .running)
    }
    for t in stride(from: Int64(0), through: 1400, by: 70) {
      #expect(sparse.modelHeartRate(at: at(t), activity: .running) == denseValues[t])
    }
  }

  @Test("constant-MET activity: steady state from the Compendium MET")
  func constantMET() throws {
    var source = try quietSource(segments: [])
    // Yoga 2.5 MET: net 1.5 × 3.5 = 5.25; HR = 60 + 5.25 / 36.5 × 123.5 = 77.764.
    #expect(close(source.modelHeartRate(at: at(300), activity: .yoga), 77.764, 0.001))
  }

  @Test("standing still: resting heart rate")
  func standingStill() throws {
    var source = try quietSource(segments: [])
    #expect(source.modelHeartRate(at: at(1000), activity: .running) == 60)
  }
}
