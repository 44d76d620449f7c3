import Testing
import WorkoutCore
import WorkoutPhysiology

@Suite("Wrist sensor keys (docs/scenario-format.md, Sensors)")
struct SensorTests {
  let run = [CourseSegment(duration: .seconds(3600), speed: 3)]

  @Test(
    "defaults: interval 5 s for heartRate, 30 s for the running metrics, 10 s otherwise; noise 0 for cumulative types, the running metrics and heart rate (its error is the measured one)"
  )
  func defaults() {
    let runningMetrics: [QuantityType] = [
      .runningPower, .runningStrideLength, .runningVerticalOscillation, .runningGroundContactTime,
    ]
    for type in QuantityType.allCases {
      let configuration = SensorConfiguration.standard(for: type)
      #expect(configuration.enabled)
      let interval: Duration =
        type == .heartRate
        ? .seconds(5) : runningMetrics.contains(type) ? .seconds(30) : .seconds(10)
      #expect(configuration.interval == interval)
      #expect(configuration.lockOn == .zero && configuration.dropouts.isEmpty)
      #expect(configuration.constant == nil && configuration.cadenceLock == nil)
      #expect(configuration.schedule == SampleSchedule.standard(for: type))
      if type.isCumulative || type == .heartRate || runningMetrics.contains(type) {
        #expect(configuration.noise == 0)
      } else {
        #expect(configuration.noise > 0)
      }
      #expect(configuration.heartRateError == (type == .heartRate ? .measured : .off))
    }
    #expect(SensorConfiguration.defaultNoise(for: .heartRate) == 0)
  }

  @Test("enabled, interval, lockOn and dropouts map to the engine's schedule")
  func scheduleMapping() throws {
    let dropouts = [at(300)..<at(330), at(900)..<at(960)]
    let configuration = SensorConfiguration(
      for: .heartRate, enabled: false, interval: .seconds(2), lockOn: .seconds(12),
      dropouts: dropouts)
    let schedule = configuration.schedule
    #expect(schedule.enabled == false)
    #expect(schedule.interval == .seconds(2))
    #expect(schedule.lockOn == .seconds(12))
    #expect(schedule.dropouts == dropouts)
    let source = PhysiologyDataSource(
      course: try Course(segments: run), sensors: [.heartRate: configuration], seed: 1)
    #expect(source.schedule(for: .heartRate) == schedule)
    #expect(source.schedule(for: .stepCount) == SampleSchedule.standard(for: .stepCount))
  }

  @Test("enabled false: no readings, no amounts")
  func disabled() throws {
    var source = PhysiologyDataSource(
      course: try Course(segments: run),
      sensors: [
        .heartRate: SensorConfiguration(for: .heartRate, enabled: false),
        .stepCount: SensorConfiguration(for: .stepCount, enabled: false),
      ], seed: 1)
    #expect(source.discreteValue(of: .heartRate, at: at(60), activity: .running) == nil)
    #expect(
      source.cumulativeAmount(of: .stepCount, from: at(0), to: at(60), activity: .running) == 0)
  }

  @Test("constant passes through exactly; cumulative constants scale with the span")
  func constant() throws {
    var source = PhysiologyDataSource(
      course: try Course(segments: run),
      sensors: [
        .heartRate: SensorConfiguration(for: .heartRate, noise: 5, constant: 77),
        .runningSpeed: SensorConfiguration(for: .runningSpeed, constant: 2.75),
        .activeEnergyBurned: SensorConfiguration(
          for: .activeEnergyBurned, interval: .seconds(10), noise: 1, constant: 3),
      ], seed: 1)
    for t: Int64 in [0, 5, 600, 5000] {
      #expect(source.discreteValue(of: .heartRate, at: at(t), activity: .running) == 77)
      #expect(source.discreteValue(of: .runningSpeed, at: at(t), activity: .running) == 2.75)
    }
    #expect(
      source.cumulativeAmount(of: .activeEnergyBurned, from: at(0), to: at(10), activity: .running)
        == 3)
    // A span of 4 s with interval 10 s: 3 × 4 / 10 = 1.2.
    #expect(
      source.cumulativeAmount(of: .activeEnergyBurned, from: at(10), to: at(14), activity: .running)
        == 1.2)
  }

  @Test("same seed gives the same values bit for bit; a different seed different noise")
  func determinism() throws {
    func readings(seed: UInt64) throws -> [Double?] {
      var source = PhysiologyDataSource(
        course: try Course(segments: run),
        sensors: [.activeEnergyBurned: SensorConfiguration(for: .activeEnergyBurned, noise: 0.1)],
        seed: seed)
      var values: [Double?] = []
      for t in stride(from: Int64(0), to: 600, by: 5) {
        // The measured heart rate: a missing reading is nil, at the same instants for one seed.
        values.append(source.discreteValue(of: .heartRate, at: at(t), activity: .running))
        values.append(try reading(&source, .runningSpeed, at(t), .running))
        values.append(
          source.cumulativeAmount(
            of: .activeEnergyBurned, from: at(t), to: at(t + 5), activity: .running))
      }
      return values
    }
    let first = try readings(seed: 42)
    #expect(try readings(seed: 42) == first)
    let other = try readings(seed: 43)
    #expect(other != first)
    #expect(zip(first, other).filter { $0 == $1 }.count < first.count / 10)
  }

  @Test("noise draws from the stream noise.<type>: the first reading is model + σ × z")
  func noiseStream() throws {
    let sigma = 2.0
    var noisy = PhysiologyDataSource(
      course: try Course(segments: run),
      sensors: [.heartRate: SensorConfiguration(for: .heartRate, noise: sigma)], seed: 9)
    var quiet = try quietSource(segments: run, seed: 9)
    var stream = SplitMix64(seed: 9, stream: "noise.heartRate")
    let expected =
      try reading(&quiet, .heartRate, at(300), .running) + sigma
      * stream.nextStandardNormal()
    #expect(try reading(&noisy, .heartRate, at(300), .running) == expected)
  }

  @Test("noise has the configured standard deviation")
  func noiseSpread() throws {
    var source = PhysiologyDataSource(
      course: try Course(segments: [CourseSegment(duration: .seconds(90_000), speed: 1.5)]),
      sensors: [.heartRate: SensorConfiguration(for: .heartRate, noise: 3)], seed: 5)
    var quiet = try quietSource(
      segments: [CourseSegment(duration: .seconds(90_000), speed: 1.5)], seed: 5)
    var sum = 0.0
    var squares = 0.0
    let count = 4000
    for k in 0..<count {
      let t = at(Int64(600 + 20 * k))
      let error =
        try reading(&source, .heartRate, t, .walking)
        - reading(&quiet, .heartRate, t, .walking)
      sum += error
      squares += error * error
    }
    let mean = sum / Double(count)
    let deviation = (squares / Double(count) - mean * mean).squareRoot()
    #expect(abs(mean) < 0.3)
    #expect(close(deviation, 3, 0.3), "σ \(deviation)")
  }

  @Test("cadenceLock reports the step cadence as heart rate within [from, to)")
  func cadenceLock() throws {
    var source = PhysiologyDataSource(
      course: try Course(segments: run),
      sensors: [
        .heartRate: SensorConfiguration(for: .heartRate, noise: 0, cadenceLock: at(120)..<at(180))
      ], seed: 1)
    // Running 3 m/s: 134 + 9.2 × 3 = 161.6 steps/min.
    #expect(close(try reading(&source, .heartRate, at(120), .running), 161.6, 1e-9))
    #expect(close(try reading(&source, .heartRate, at(175), .running), 161.6, 1e-9))
    let after = try reading(&source, .heartRate, at(180), .running)
    // Outside the lock the model: 60 + 36/36.5 × 123.5 = 181.81 bpm, still short of it by
    // 121.81 × e^(−180/24) = 0.068 bpm at 180 s.
    #expect(close(after, 60 + 36 / 36.5 * 123.5 - 121.81 * 0.000553, 0.001))
  }

  @Test("recorded heart rate: linear between readings at most 10 s apart, none in longer gaps")
  func recordedHeartRate() throws {
    let course = try Course(
      segments: run,
      recordedHeartRate: [
        RecordedHeartRate(instant: at(0), beatsPerMinute: 100),
        RecordedHeartRate(instant: at(10), beatsPerMinute: 120),
        RecordedHeartRate(instant: at(40), beatsPerMinute: 130),
      ])
    var source = PhysiologyDataSource(
      course: course, sensors: [.heartRate: SensorConfiguration(for: .heartRate, noise: 0)],
      seed: 1)
    #expect(source.discreteValue(of: .heartRate, at: at(5), activity: .running) == 110)
    #expect(source.discreteValue(of: .heartRate, at: at(10), activity: .running) == 120)
    #expect(source.discreteValue(of: .heartRate, at: at(20), activity: .running) == nil)
    #expect(source.discreteValue(of: .heartRate, at: at(40), activity: .running) == 130)
    #expect(source.discreteValue(of: .heartRate, at: at(41), activity: .running) == nil)
    #expect(course.recordedHeartRate(at: at(2)) == 104)
  }

  @Test("types follow the activity's collected types")
  func collectedTypes() throws {
    var source = try quietSource(
      segments: [CourseSegment(duration: .seconds(600), speed: 3, power: 150)])
    for activity in WorkoutActivityType.allCases {
      for type in QuantityType.allCases {
        #expect(source.delivers(type, for: activity) == activity.collectedTypes.contains(type))
      }
    }
    #expect(source.discreteValue(of: .cyclingPower, at: at(10), activity: .running) == nil)
    #expect(source.discreteValue(of: .runningSpeed, at: at(10), activity: .cycling) == nil)
    #expect(
      source.cumulativeAmount(of: .stepCount, from: at(0), to: at(60), activity: .cycling) == 0)
    #expect(
      source.cumulativeAmount(of: .distanceCycling, from: at(0), to: at(60), activity: .running)
        == 0)
  }
}
