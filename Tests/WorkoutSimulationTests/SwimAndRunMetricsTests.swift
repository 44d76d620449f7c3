import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite("Swims and the running metrics through the scenario door")
struct SwimAndRunMetricsTests {
  @Test("a 25 m pool swim of 40 lengths is 1000 m with 40 length events (Scenarios/swim-pool.json)")
  func poolSwim() throws {
    // Four sets of 10 lengths at 2:00 per 100 m: a length is 25 / (100 / 120) = 30 s, a set
    // 300 s, three 30 s rests: 1290 s from start to end, of which the rests (paused, as Apple's
    // lap page asks) leave 4 × 300 = 1200 s; 40 × 25 = 1000 m; strokes 1000 / 1.3 = 769.2308 before whole strokes per length.
    let result = try Simulation.run(try bundledScenario("swim-pool.json"))
    let record = try #require(result.records.first)
    #expect(result.errors.isEmpty)
    #expect(record.duration == .seconds(1200))
    #expect(record.endDate == .seconds(1290))
    // Each rest is a pause at its start and a resume at its end: 300–330, 630–660, 960–990 s.
    #expect(
      record.events.filter { $0.type == .pause }.map(\.date)
        == [300, 630, 960].map { .seconds($0) })
    #expect(
      record.events.filter { $0.type == .resume }.map(\.date)
        == [330, 660, 990].map { .seconds($0) })
    #expect(abs((record.totalDistance ?? 0) - 1000) < 1e-9)
    let laps = record.events.filter { $0.type == .lap }
    let sets = record.events.filter { $0.type == .segment }
    #expect(laps.count == 40)
    #expect(sets.count == 4)
    #expect(laps.allSatisfy { $0.duration == .seconds(30) })
    #expect(laps.allSatisfy { $0.metadata["HKSwimmingStrokeStyle"] == .number(2) })
    // The second set's first length starts after 300 s of swimming and a 30 s rest.
    #expect(laps[10].date == .seconds(330))
    // Whole strokes per length, the remainder carried within a set: each set of 10 lengths
    // has round(10 × 25 / 1.3) = round(192.31) = 192 strokes, 4 × 192 = 768 in all.
    let strokes = try #require(record.statistics[.swimmingStrokeCount]?.sum)
    #expect(strokes == 768)
    // Each set's SWOLF is its lengths' mean: (300 s + 192 strokes) / 10 = 49.2.
    #expect(sets.allSatisfy { $0.metadata["HKSWOLFScore"] == .number(49.2) })
    #expect(record.samples[.distanceSwimming]?.count == 40)
    #expect(record.metadata["HKLapLength"] == .quantity(25, unit: "m"))
    #expect(record.metadata["HKSwimmingLocationType"] == .number(1))
  }

  @Test("a pool swim's distance and strokes come once per length, over the length")
  func perLengthSamples() throws {
    // 100 m in 2:00 freestyle in a 25 m pool (1.3 m a stroke): four lengths of 30 s, each a
    // `distanceSwimming` sample of 25 m and a `swimmingStrokeCount` sample of whole strokes,
    // 25 / 1.3 = 19.2308 a length carried within the set: 19, 19, 20, 19 (77 in all).
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming", "location": "indoor",
        "swim": { "sets": [ { "lengths": 4, "stroke": "freestyle", "pace": "2:00" } ] },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 120, "do": "end" } ] }
      """)
    let result = try Simulation.run(scenario)
    let record = try #require(result.records.first)
    let spans = [0, 30, 60, 90].map { SimulationInstant.seconds($0) }
    let distance = try #require(record.samples[.distanceSwimming])
    #expect(distance.map(\.start) == spans)
    #expect(distance.map(\.end) == spans.map { $0.advanced(by: .seconds(30)) })
    #expect(distance.map(\.value) == [25, 25, 25, 25])
    let strokes = try #require(record.samples[.swimmingStrokeCount])
    #expect(strokes.map(\.start) == spans)
    #expect(strokes.map(\.value) == [19, 19, 20, 19])
    #expect(record.statistics[.swimmingStrokeCount]?.sum == 77)
    #expect(record.statistics[.distanceSwimming]?.sum == 100)
    // SWOLF: a length's seconds plus its strokes, 49, 49, 50, 49; the set's their mean, 49.25.
    let laps = record.events.filter { $0.type == .lap }
    #expect(laps.map { $0.metadata["HKSWOLFScore"] } == [49.0, 49, 50, 49].map { .number($0) })
    #expect(
      record.events.filter { $0.type == .segment }.map { $0.metadata["HKSWOLFScore"] }
        == [.number(49.25)])
    // Energy keeps its cadence: a sample every 10 s over the 120 s.
    #expect(record.samples[.activeEnergyBurned]?.count == 12)
    #expect(
      record.samples[.activeEnergyBurned]?.map(\.start) == (0..<12).map { .seconds($0 * 10) })
  }

  @Test("a disabled stroke sensor gives a pool's lengths their distance and no strokes")
  func poolStrokesDisabled() throws {
    // Two lengths of 30 s: two 25 m samples; `enabled: false` leaves the strokes out.
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "sets": [ { "lengths": 2 } ] },
        "sensors": { "swimmingStrokeCount": { "enabled": false } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 60, "do": "end" } ] }
      """)
    let record = try #require(try Simulation.run(scenario).records.first)
    #expect(record.samples[.distanceSwimming]?.map(\.value) == [25, 25])
    #expect(record.samples[.swimmingStrokeCount] == nil)
    #expect(record.statistics[.swimmingStrokeCount] == nil)
    // No strokes counted, no SWOLF (seconds plus strokes) on the lengths or the set.
    #expect(record.events.filter { $0.type == .lap }.count == 2)
    #expect(record.events.allSatisfy { $0.metadata["HKSWOLFScore"] == nil })
  }

  @Test("lengths are recorded only into a running swimming session: a pause drops them")
  func pausedSwim() throws {
    // 4 lengths of 30 s; the app pauses from 40 to 70 s, so the length ending at 60 s is not
    // recorded (the watch records into a running session only); 3 laps remain.
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "sets": [ { "lengths": 4 } ] },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 40, "do": "pause" },
                      { "at": 70, "do": "resume" }, { "at": 120, "do": "end" } ] }
      """)
    let result = try Simulation.run(scenario)
    let record = try #require(result.records.first)
    // Lengths [0, 30), [30, 60), [60, 90), [90, 120) end at 30, 60, 90 and 120 s; the one
    // ending at 60 s finds the session paused. The last ends at the `end` action's instant and
    // is recorded first. The one begun at 60 s, inside the pause, is dated from the resume at
    // 70 s (docs/models.md#swimming).
    #expect(
      record.events.filter { $0.type == .lap }.map(\.date) == [.zero, .seconds(70), .seconds(90)])
  }

  @Test("a length begun during a pause is recorded from the resume, its lap event as its samples")
  func lengthBegunDuringAPause() throws {
    // Four freestyle lengths of 30 s at 2:00 per 100 m (19, 19, 20 and 19 strokes: 25 / 1.3 =
    // 19.23 a length, carried); the app pauses from 40 to 70 s. The length [30, 60) ends in the
    // pause and is not recorded; [60, 90) begins in it and counts whole from the resume: its
    // 25 m and 20 strokes over [70, 90), its lap event from 70 s over 90 − 70 = 20 s with the
    // whole length's SWOLF 30 + 20 = 50, as a length begun before collection is dated from
    // collection's start. The set's segment, begun at 0 s while collecting, keeps [0, 120).
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "sets": [ { "lengths": 4, "stroke": "freestyle", "pace": "2:00" } ] },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 40, "do": "pause" },
                      { "at": 70, "do": "resume" }, { "at": 120, "do": "end" } ] }
      """)
    let result = try Simulation.run(scenario)
    #expect(result.errors.isEmpty)
    let record = try #require(result.records.first)
    let laps = record.events.filter { $0.type == .lap }
    #expect(laps.map(\.date) == [0, 70, 90].map { .seconds($0) })
    #expect(laps.map(\.duration) == [30, 20, 30].map { .seconds($0) })
    #expect(laps.map { $0.metadata["HKSWOLFScore"] } == [49.0, 50, 49].map { .number($0) })
    let distance = try #require(record.samples[.distanceSwimming])
    #expect(distance.map(\.start) == [0, 70, 90].map { .seconds($0) })
    #expect(distance.map(\.end) == [30, 90, 120].map { .seconds($0) })
    #expect(record.samples[.swimmingStrokeCount]?.map(\.value) == [19, 20, 19])
    let sets = record.events.filter { $0.type == .segment }
    #expect(sets.map(\.date) == [.zero])
    #expect(sets.map(\.duration) == [.seconds(120)])
  }

  @Test("a length begun before collection counts whole, dated from collection's start")
  func lengthBeforeCollection() throws {
    // Three freestyle lengths of 30 s from t = 0, [0, 30), [30, 60), [60, 90); the app begins
    // collection at 10 s. The first length counts whole: 25 m and round(19.23) = 19 strokes
    // over [10, 30), its lap event from 10 s over 20 s with the length's SWOLF 30 + 19 = 49;
    // the set's segment from 10 s over 80 s. 3 × 25 = 75 m, 19 + 19 + 20 = 58 strokes, and no
    // error (the watch's events were refused for lying before the start).
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "sets": [ { "lengths": 3, "stroke": "freestyle", "pace": "2:00" } ] },
        "timeline": [ { "at": 10, "do": "start" }, { "at": 90, "do": "end" } ] }
      """)
    let result = try Simulation.run(scenario)
    #expect(result.errors.isEmpty)
    let record = try #require(result.records.first)
    let laps = record.events.filter { $0.type == .lap }
    #expect(laps.map(\.date) == [10, 30, 60].map { .seconds($0) })
    #expect(laps.map(\.duration) == [20, 30, 30].map { .seconds($0) })
    #expect(laps.map { $0.metadata["HKSWOLFScore"] } == [49.0, 49, 50].map { .number($0) })
    let sets = record.events.filter { $0.type == .segment }
    #expect(sets.map(\.date) == [.seconds(10)])
    #expect(sets.map(\.duration) == [.seconds(80)])
    let distance = try #require(record.samples[.distanceSwimming])
    #expect(distance.map(\.start) == [10, 30, 60].map { .seconds($0) })
    #expect(distance.map(\.value) == [25, 25, 25])
    #expect(record.samples[.swimmingStrokeCount]?.map(\.value) == [19, 19, 20])
    #expect(record.totalDistance == 75)
  }

  @Test("a pause inside a length cuts its samples: no sample spans the paused time")
  func pauseInsideALength() throws {
    // Four freestyle lengths of 30 s (19, 19, 20, 19 strokes); the app pauses from 40 to 50 s,
    // inside the second length [30, 60), which ends while running and counts whole: its 25 m
    // and 19 strokes are cut to [30, 40) and [50, 60), shared by time (10 s and 10 s): 12.5 m
    // and 12.5 m, round(9.5) = 10 and 19 − 10 = 9 strokes. 100 m and 77 strokes in all.
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "sets": [ { "lengths": 4, "stroke": "freestyle", "pace": "2:00" } ] },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 40, "do": "pause" },
                      { "at": 50, "do": "resume" }, { "at": 120, "do": "end" } ] }
      """)
    let record = try #require(try Simulation.run(scenario).records.first)
    let distance = try #require(record.samples[.distanceSwimming])
    #expect(distance.map(\.start) == [0, 30, 50, 60, 90].map { .seconds($0) })
    #expect(distance.map(\.end) == [30, 40, 60, 90, 120].map { .seconds($0) })
    #expect(distance.map(\.value) == [25, 12.5, 12.5, 25, 25])
    let strokes = try #require(record.samples[.swimmingStrokeCount])
    #expect(strokes.map(\.start) == [0, 30, 50, 60, 90].map { .seconds($0) })
    #expect(strokes.map(\.value) == [19, 10, 9, 20, 19])
    #expect(record.statistics[.distanceSwimming]?.sum == 100)
    #expect(record.statistics[.swimmingStrokeCount]?.sum == 77)
    // The length's lap event keeps its interval and SWOLF (30 + 19).
    let laps = record.events.filter { $0.type == .lap }
    #expect(laps.map(\.date) == [0, 30, 60, 90].map { .seconds($0) })
    #expect(laps[1].metadata["HKSWOLFScore"] == .number(49))
  }

  @Test("a run collects power, stride, contact time and oscillation; a ride its speed")
  func runMetrics() throws {
    // 600 s at 3.0 m/s with noise off: every sample is the worked value (models.md): power
    // 203.97 W, stride 1.1138614 m, contact 270.571 ms, oscillation 7.95152 cm (contact and
    // oscillation at 3.33 m/s, the slowest speed of the model's range); 21 samples of
    // each, every 30 s (their default) at 0, 30, ..., 600 s: at 600 s, the course's end
    // instant, the body is at the course's last moment, still running (docs/models.md).
    let run = try decodeScenario(
      """
      { "version": 1, "activity": "running", "course": [ { "duration": 600, "speed": 3 } ],
        "sensors": { "runningPower": { "noise": 0 }, "runningStrideLength": { "noise": 0 },
                     "runningGroundContactTime": { "noise": 0 },
                     "runningVerticalOscillation": { "noise": 0 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """)
    let record = try #require(try Simulation.run(run).records.first)
    func average(_ type: QuantityType) throws -> Double {
      try #require(record.statistics[type]?.discreteValue?.average)
    }
    #expect(record.statistics[.runningPower]?.count == 21)
    #expect(abs(try average(.runningPower) - 203.97) < 1e-9)
    #expect(abs(try average(.runningStrideLength) - 1.1138613861) < 1e-9)
    #expect(abs(try average(.runningGroundContactTime) - 270.570571) < 1e-6)
    #expect(abs(try average(.runningVerticalOscillation) - 7.951524) < 1e-5)
    let ride = try decodeScenario(
      """
      { "version": 1, "activity": "cycling", "course": [ { "duration": 600, "speed": 8 } ],
        "sensors": { "cyclingSpeed": { "noise": 0 } }, "watch": { "cyclingSensors": ["speed"] },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """)
    let rideRecord = try #require(try Simulation.run(ride).records.first)
    #expect(rideRecord.statistics[.cyclingSpeed]?.discreteValue?.average == 8)
    #expect(rideRecord.statistics[.runningPower] == nil)
  }
}
