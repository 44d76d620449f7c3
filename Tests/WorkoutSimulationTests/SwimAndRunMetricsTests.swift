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
    // lap page asks) leave 4 × 300 = 1200 s; 40 × 25 = 1000 m; strokes 1000 / 1.3 = 769.2308.
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
    let strokes = try #require(record.statistics[.swimmingStrokeCount]?.sum)
    #expect(abs(strokes - 1000 / 1.3) < 1e-9)
    #expect(record.metadata["HKLapLength"] == .quantity(25, unit: "m"))
    #expect(record.metadata["HKSwimmingLocationType"] == .number(1))
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
    // is recorded first.
    #expect(
      record.events.filter { $0.type == .lap }.map(\.date) == [.zero, .seconds(60), .seconds(90)])
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
        "sensors": { "cyclingSpeed": { "noise": 0 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """)
    let rideRecord = try #require(try Simulation.run(ride).records.first)
    #expect(rideRecord.statistics[.cyclingSpeed]?.discreteValue?.average == 8)
    #expect(rideRecord.statistics[.runningPower] == nil)
  }
}
