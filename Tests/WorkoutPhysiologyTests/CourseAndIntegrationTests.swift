import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Cadence (docs/models.md, Cadence and steps)")
struct CadenceTests {
  /// The recorded fēnix 2 run's least-squares line: steps/min ≈ 9.19·v + 133.9.
  @Test(
    "running cadence follows the real-recording fit", arguments: [2.0, 2.5, 3.0, 3.5, 4.0, 4.5])
  func runningFit(speed: Double) {
    #expect(close(Cadence.running(metresPerSecond: speed), 9.19 * speed + 133.9, 0.5))
  }

  /// Band means of the recording: 2.0–2.5: 161.8; 2.5–3.0: 163.3; 3.0–3.5: 165.5; 3.5–4.0: 167.7;
  /// 4.0–4.5: 169.4 steps/min; the line (and the model) stays within 8 steps/min of each.
  @Test(
    "running cadence near the recorded band means",
    arguments: [(2.25, 161.8), (2.75, 163.3), (3.25, 165.5), (3.75, 167.7), (4.25, 169.4)])
  func bands(speed: Double, mean: Double) {
    #expect(close(Cadence.running(metresPerSecond: speed), mean, 8))
  }

  @Test("steps from cadence over a span: 60 s at 3 m/s = 161.6 steps")
  func steps() throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(600), speed: 3)])
    let steps = source.cumulativeAmount(of: .stepCount, from: at(0), to: at(60), activity: .running)
    #expect(close(steps, 161.6, 1e-9))
  }

  /// Walking 1.44 m/s, 170 cm woman: step 0.413 × 1.70 = 0.7021 m, cadence 1.44 / 0.7021 × 60 =
  /// 123.06 steps/min; the recorded fēnix 5 walk has 121.2 steps/min at 1.44 m/s.
  @Test("walking cadence from height")
  func walking() throws {
    let cadence = Cadence.walking(
      metresPerSecond: 1.44, stepLength: Athlete.standard.walkingStepLength)
    #expect(close(cadence, 123.06, 0.01))
    #expect(close(cadence, 121.2, 2.5))
  }

  @Test("a segment's cadence overrides the model")
  func override() throws {
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(600), speed: 3, cadence: 180)])
    #expect(
      source.cumulativeAmount(of: .stepCount, from: at(0), to: at(60), activity: .running) == 180)
    #expect(try reading(&source, .cyclingCadence, at(5), .cycling) == 180)
  }
}

@Suite("Course and exact integration")
struct CourseTests {
  @Test("segments start where the previous ends; the body stands still after the last")
  func starts() throws {
    let course = try Course(segments: [
      CourseSegment(duration: .seconds(90), speed: 2),
      CourseSegment(duration: .milliseconds(1500), speed: 3),
      CourseSegment(duration: .seconds(10), power: 100),
    ])
    #expect(
      course.starts == [
        at(0), SimulationInstant(nanoseconds: 90_000_000_000),
        SimulationInstant(nanoseconds: 91_500_000_000),
      ])
    #expect(course.end == SimulationInstant(nanoseconds: 101_500_000_000))
    #expect(course.segmentIndex(at: at(0)) == 0)
    #expect(course.segmentIndex(at: at(91)) == 1)
    #expect(course.segmentIndex(at: at(101)) == 2)
    #expect(course.segmentIndex(at: course.end) == nil)
    #expect(course.segmentIndex(at: SimulationInstant(nanoseconds: -1)) == nil)
  }

  @Test("bad segments are typed errors")
  func errors() {
    #expect(throws: CourseError.nonPositiveDuration(index: 1)) {
      try Course(segments: [
        CourseSegment(duration: .seconds(1), speed: 1), CourseSegment(duration: .zero, speed: 1),
      ])
    }
    #expect(throws: CourseError.missingSpeedAndPower(index: 0)) {
      try Course(segments: [CourseSegment(duration: .seconds(1))])
    }
    #expect(throws: CourseError.gradeOutOfRange(index: 0, grade: 0.5)) {
      try Course(segments: [CourseSegment(duration: .seconds(1), speed: 1, grade: 0.5)])
    }
    #expect(throws: CourseError.invalidValue(index: 0, field: "speed", value: -1)) {
      try Course(segments: [CourseSegment(duration: .seconds(1), speed: -1)])
    }
    #expect(throws: CourseError.invalidRecordedHeartRate(index: 1)) {
      try Course(
        segments: [],
        recordedHeartRate: [
          RecordedHeartRate(instant: at(5), beatsPerMinute: 90),
          RecordedHeartRate(instant: at(5), beatsPerMinute: 91),
        ])
    }
  }

  @Test("athlete defaults and errors")
  func athlete() throws {
    let standard = Athlete.standard
    #expect(standard.age == 35 && standard.sex == .female && standard.massKg == 65)
    #expect(standard.heightCm == 170 && standard.restingHeartRate == 60 && standard.vo2Max == 40)
    // Tanaka: 208 − 0.7 × 35 = 183.5.
    #expect(standard.maxHeartRate == 183.5)
    #expect(try Athlete(maxHeartRate: 190).maxHeartRate == 190)
    #expect(throws: AthleteError.outOfRange(field: "massKg", value: 0)) { try Athlete(massKg: 0) }
    #expect(throws: AthleteError.maxNotAboveResting(resting: 115, max: 110)) {
      try Athlete(restingHeartRate: 115, maxHeartRate: 110)
    }
    // The ranges of Athlete.ranges, ends included.
    #expect(try Athlete(age: 5, massKg: 20, heightCm: 100, vo2Max: 10).age == 5)
    #expect(throws: AthleteError.outOfRange(field: "heightCm", value: 99)) {
      try Athlete(heightCm: 99)
    }
    #expect(throws: AthleteError.outOfRange(field: "vo2Max", value: 3)) { try Athlete(vo2Max: 3) }
  }

  /// 70 kg; walking 3.0 mph level for 60 s (active 2.814 kcal/min, docs/models.md), running 10 km/h
  /// for 60 s (11.667 kcal/min), then standing still.
  @Test("spans across segments integrate exactly")
  func integration() throws {
    var source = try quietSource(
      athlete: try Athlete(massKg: 70),
      segments: [
        CourseSegment(duration: .seconds(60), speed: 80.4 / 60),
        CourseSegment(duration: .seconds(60), speed: 10 / 3.6),
      ])
    // [30 s, 90 s): half a minute of each.
    let active = source.cumulativeAmount(
      of: .activeEnergyBurned, from: at(30), to: at(90), activity: .running)
    #expect(close(active, 2.814 / 2 + 11.667 / 2, 0.0005))
    // Distance: 30 s × 1.34 m/s + 30 s × 2.7778 m/s = 40.2 + 83.333 = 123.533 m.
    let metres = source.cumulativeAmount(
      of: .distanceWalkingRunning, from: at(30), to: at(90), activity: .running)
    #expect(close(metres, 40.2 + 250.0 / 3, 1e-9))
    // After the course: no active energy, no distance, basal continues at 1.225 kcal/min.
    #expect(
      source.cumulativeAmount(
        of: .activeEnergyBurned, from: at(120), to: at(180), activity: .running)
        == 0)
    #expect(
      source.cumulativeAmount(
        of: .distanceWalkingRunning, from: at(120), to: at(180), activity: .running) == 0)
    #expect(
      close(
        source.cumulativeAmount(
          of: .basalEnergyBurned, from: at(120), to: at(180), activity: .running), 1.225, 1e-12))
  }

  @Test("amounts over adjacent spans add up to the amount over their union")
  func additivity() throws {
    var segments: [CourseSegment] = []
    for k in 0..<50 {
      let milliseconds = Int64(700 + 37 * k)
      let speed = Double(k % 7) * 0.6
      let grade = Double(k % 5) * 0.05 - 0.1
      segments.append(
        CourseSegment(duration: .milliseconds(milliseconds), speed: speed, grade: grade))
    }
    var pieces = try quietSource(segments: segments)
    var whole = try quietSource(segments: segments)
    var sum = 0.0
    var t: Int64 = 0
    while t < 80_000_000_000 {
      let next = t + 1_300_000_000
      sum += pieces.cumulativeAmount(
        of: .activeEnergyBurned, from: SimulationInstant(nanoseconds: t),
        to: SimulationInstant(nanoseconds: next), activity: .hiking)
      t = next
    }
    let total = whole.cumulativeAmount(
      of: .activeEnergyBurned, from: at(0), to: SimulationInstant(nanoseconds: t),
      activity: .hiking)
    #expect(total > 0)
    #expect(close(sum, total, 1e-9 * total))
  }

  @Test("running speed is the speed in m/s; none while standing still")
  func runningSpeed() throws {
    var source = try quietSource(segments: [CourseSegment(duration: .seconds(60), speed: 3.25)])
    #expect(try reading(&source, .runningSpeed, at(30), .running) == 3.25)
    // At the course's end instant the body is at its last moment (the last segment); after it
    // it stands still.
    #expect(try reading(&source, .runningSpeed, at(60), .running) == 3.25)
    #expect(source.discreteValue(of: .runningSpeed, at: at(61), activity: .running) == nil)
  }

  @Test("a 24 h session: 60k samples stay cheap")
  func longSession() throws {
    let segments = (0..<8640).map {
      CourseSegment(duration: .seconds(10), speed: 1 + Double($0 % 30) * 0.1)
    }
    var source = try quietSource(segments: segments)
    var energy = 0.0
    var last = 0.0
    for k in 0..<17_280 {
      let t = at(Int64(k) * 5)
      last = try reading(&source, .heartRate, t, .running)
      energy += source.cumulativeAmount(
        of: .activeEnergyBurned, from: t, to: at(Int64(k) * 5 + 5), activity: .running)
    }
    #expect(last >= 60 && energy > 0)
  }
}
