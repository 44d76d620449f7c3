import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite struct SimulationErrorTests {
  /// Running collects heart rate (here every 1 ns), five types at the default 10 s (energy
  /// twice, distance, steps, speed) and four at 30 s (power, stride length, vertical
  /// oscillation, ground contact time). Over 600 s: heart rate 600 s / 1 ns + 1 = 600000000001
  /// samples, 5 × (600 / 10 + 1) = 305 and 4 × (600 / 30 + 1) = 84 more: 600000000390 samples;
  /// instants: the 1 ns, 10 s and 30 s grids, 600000000001 + 61 + 21 = 600000000083. Bytes
  /// (summary): 600000000390 × 80 + 600000000083 × 480 = 48000000031200 + 288000000039840 =
  /// 336000000071040, "about 336000.1 GB" (tenths of a GB
  /// rounded up): refused before the run, not a run that never ends.
  @Test func anIntervalTooShortForTheRunIsRefused() throws {
    let json = """
      { "version": 1, "sensors": { "heartRate": { "interval": 1e-9 } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """
    let error = try #require(throws: SimulationError.self) {
      try Simulation.run(try decodeScenario(json))
    }
    // A scenario decoded from memory has no file: errors name it by its name ("t").
    #expect(
      error.description
        == "t: sensors.heartRate.interval: every 1e-9 s over the 600 s run makes 600000000001 heartRate samples; with the others (600000000390 samples at 600000000083 instants) the run would need about 336000.1 GB, over the memory budget of 4 GiB; use a longer interval"
    )
  }

  /// 3e8 s with the default intervals: heart rate every 5 s, 3e8 / 5 + 1 = 60000001 samples;
  /// five types every 10 s, 30000001 each, and four every 30 s, 10000001 each: 250000010
  /// samples at 60000001 + 30000001 + 10000001 = 100000003 instants; 250000010 × 80 +
  /// 100000003 × 480 = 20000000800 + 48000001440 = 68000002240 bytes, "about 68.1 GB". No
  /// sensor key was written, so the timeline is named.
  @Test func aRunTooLongForTheDefaultIntervalNamesTheTimeline() throws {
    let json = """
      { "version": 1,
        "timeline": [ { "at": 0, "do": "start" }, { "at": 300000000, "do": "end" } ] }
      """
    let error = try #require(throws: SimulationError.self) {
      try Simulation.run(try decodeScenario(json))
    }
    #expect(error.path == "timeline")
    #expect(
      error.message
        == "every 5 s over the 300000000 s run makes 60000001 heartRate samples; with the others (250000010 samples at 100000003 instants) the run would need about 68.1 GB, over the memory budget of 4 GiB"
    )
  }

  /// Heart rate alone every 5 s: n samples at n instants cost n × (80 + 480) = 560 n bytes;
  /// 4 GiB = 4294967296 bytes holds n = 7669584 (4294967040 bytes; 7669585 would be
  /// 4294967600), that is a span of (7669584 − 1) × 5 = 38347915 s: allowed; 5 s more is not
  /// (not run here; preparing is enough).
  @Test func theBudgetItselfIsAllowedAndOneSampleMoreIsNot() throws {
    func json(_ span: Int) -> String {
      """
      { "version": 1, "sensors": { "activeEnergyBurned": { "enabled": false },
          "basalEnergyBurned": { "enabled": false }, "distanceWalkingRunning": { "enabled": false },
          "stepCount": { "enabled": false }, "runningSpeed": { "enabled": false },
          "runningPower": { "enabled": false }, "runningStrideLength": { "enabled": false },
          "runningVerticalOscillation": { "enabled": false },
          "runningGroundContactTime": { "enabled": false } },
        "timeline": [ { "at": \(span), "do": "probe" } ] }
      """
    }
    let fits = try decodeScenario(json(38_347_915))
    #expect(MemoryBudget(fits, overrides: RunOverrides()).estimatedBytes == 4_294_967_040)
    _ = try SimulationSession(fits)
    let over = try decodeScenario(json(38_347_920))
    #expect(MemoryBudget(over, overrides: RunOverrides()).estimatedBytes == 4_294_967_600)
    #expect(throws: SimulationError.self) { try SimulationSession(over) }
  }

  /// Nothing collects after the timeline's last `end`: heart rate alone every 5 s, ended at
  /// 600 s, run to 9e9 s: 600 / 5 + 1 = 121 samples at 121 instants, 121 × 560 = 67760 bytes
  /// (without the cap it would be 1.8e9 samples and about 1 TB). A `start` after the `end`
  /// lifts the cap again.
  @Test func theEstimateStopsAtTheLastEnd() throws {
    func json(_ tail: String) -> String {
      """
      { "version": 1, "sensors": { "activeEnergyBurned": { "enabled": false },
          "basalEnergyBurned": { "enabled": false }, "distanceWalkingRunning": { "enabled": false },
          "stepCount": { "enabled": false }, "runningSpeed": { "enabled": false },
          "runningPower": { "enabled": false }, "runningStrideLength": { "enabled": false },
          "runningVerticalOscillation": { "enabled": false },
          "runningGroundContactTime": { "enabled": false } },
        "timeline": [ { "at": 600, "do": "end" }\(tail) ] }
      """
    }
    let until = RunOverrides(until: .seconds(9_000_000_000))
    let ended = MemoryBudget(try decodeScenario(json("")), overrides: until)
    #expect(ended.samples == 121)
    #expect(ended.estimatedBytes == 67_760)
    let restarted = MemoryBudget(
      try decodeScenario(json(#", { "at": 700, "do": "start" }"#)), overrides: until)
    #expect(restarted.samples == 1_800_000_001)
    #expect(!restarted.fits)
  }

  /// The user's commands carry a run without `--until` to the latest of them, so they are
  /// priced as `--until` is (issue 26, bug 1: `--keys ENTER@0,l@1e8` grew without limit).
  /// `{"version": 1}` collects heart rate every 5 s, five types every 10 s and four every 30 s;
  /// to 1e8 s: 1e8 / 5 + 1 = 20000001, 5 × (1e8 / 10 + 1) = 50000005 and 4 × (3333333 + 1) =
  /// 13333336, 83333342 samples at 20000001 + 10000001 + 3333334 = 33333336 instants;
  /// 83333342 × 80 + 33333336 × 480 = 6666667360 + 16000001280 = 22666668640 bytes, "about
  /// 22.7 GB": the same refusal, word for word, as `until: 1e8`, before the run.
  @Test func aCommandLaterThanTheTimelineIsPricedAsUntil() throws {
    let scenario = try decodeScenario(#"{ "version": 1 }"#)
    let commands: [(at: SimulationInstant, command: WatchCommand)] = [
      (.zero, .start), (.seconds(100_000_000), .lap),
    ]
    let keyed = MemoryBudget(
      scenario, overrides: RunOverrides(commands: CommandSpan(commands)))
    #expect(keyed.samples == 83_333_342)
    #expect(keyed.instants == 33_333_336)
    #expect(keyed.estimatedBytes == 22_666_668_640)
    #expect(keyed == MemoryBudget(scenario, overrides: RunOverrides(until: .seconds(100_000_000))))
    let byKeys = try #require(throws: SimulationError.self) {
      try Simulation.run(scenario, commands: commands)
    }
    let byUntil = try #require(throws: SimulationError.self) {
      try Simulation.run(scenario, overrides: RunOverrides(until: .seconds(100_000_000)))
    }
    #expect(byKeys == byUntil)
    #expect(
      byKeys.description
        == "t: timeline: every 5 s over the 100000000 s run makes 20000001 heartRate samples; with the others (83333342 samples at 33333336 instants) the run would need about 22.7 GB, over the memory budget of 4 GiB"
    )
    // Resolved without the commands (a caller of `run(_:commands:)`), they are priced at the
    // run's start all the same.
    let resolved = try ResolvedScenario(scenario)
    #expect(throws: byKeys) { try Simulation.run(resolved, commands: commands) }
  }

  /// What a command list carries: its latest instant, cut at the first `quit` (the run stops
  /// there); the latest command that can start or resume collecting; whether the crown turns.
  @Test func aCommandSpanStopsAtTheFirstQuit() throws {
    #expect(CommandSpan([]) == nil)
    let span = try #require(
      CommandSpan([
        (.seconds(50), .lap), (.seconds(5), .start), (.seconds(20), .crown(keyPresses: 1)),
        (.seconds(30), .pauseOrResume), (.seconds(40), .quit), (.seconds(45), .relaunch),
      ]))
    #expect(span == CommandSpan(end: .seconds(40), latestStart: .seconds(30), turnsCrown: true))
    // `q@10,l@1e8`: the lap never comes; 10 s is cheap.
    let quit = MemoryBudget(
      try decodeScenario(#"{ "version": 1 }"#),
      overrides: RunOverrides(
        commands: CommandSpan([(.seconds(10), .quit), (.seconds(100_000_000), .lap)])))
    // Heart rate 10 / 5 + 1 = 3, five types 10 / 10 + 1 = 2 each, four 10 / 30 + 1 = 1 each:
    // 17 samples.
    #expect(quit.samples == 17)
  }

  /// After the timeline's last `end` nothing collects unless a command starts or resumes:
  /// heart rate alone every 5 s, ended at 600 s. A lap at 9e9 s keeps the cap (121 samples);
  /// Enter at 9e9 s lifts it like a timeline `start` (1800000001 samples, over the budget).
  @Test func aStartingCommandAfterTheLastEndLiftsTheCap() throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "sensors": { "activeEnergyBurned": { "enabled": false },
          "basalEnergyBurned": { "enabled": false }, "distanceWalkingRunning": { "enabled": false },
          "stepCount": { "enabled": false }, "runningSpeed": { "enabled": false },
          "runningPower": { "enabled": false }, "runningStrideLength": { "enabled": false },
          "runningVerticalOscillation": { "enabled": false },
          "runningGroundContactTime": { "enabled": false } },
        "timeline": [ { "at": 0, "do": "start" }, { "at": 600, "do": "end" } ] }
      """)
    func budget(_ command: WatchCommand) -> MemoryBudget {
      MemoryBudget(
        scenario,
        overrides: RunOverrides(commands: CommandSpan([(.seconds(9_000_000_000), command)])))
    }
    #expect(budget(.lap).samples == 121)
    #expect(budget(.start).samples == 1_800_000_001)
    #expect(!budget(.start).fits)
    #expect(budget(.pauseOrResume).samples == 1_800_000_001)
    #expect(budget(.relaunch).samples == 1_800_000_001)
  }

  /// A crown key may select any of the selector's items for the workout Enter starts, so
  /// their types count as for a timeline `crown`: `{"version": 1}` with the default items
  /// (running, walking, cycling) over 100 s adds cycling's distance, power, cadence and speed,
  /// and walking nothing new: heart rate 100 / 5 + 1 = 21, nine types every 10 s, 100 / 10 + 1
  /// = 11 each, the four running metrics every 30 s, 100 / 30 + 1 = 4 each: 21 + 99 + 16 = 136
  /// samples (without the crown key: 21 + 5 × 11 + 16 = 92).
  @Test func aCrownKeyCountsTheSelectorsItems() throws {
    let scenario = try decodeScenario(#"{ "version": 1 }"#)
    func samples(_ commands: [(at: SimulationInstant, command: WatchCommand)]) -> Double {
      MemoryBudget(scenario, overrides: RunOverrides(commands: CommandSpan(commands))).samples
    }
    #expect(samples([(.zero, .crown(keyPresses: 1)), (.seconds(100), .lap)]) == 136)
    #expect(samples([(.zero, .start), (.seconds(100), .lap)]) == 92)
  }

  /// What the run prints changes the bytes per sample: the same 38347915 s with `--json` is
  /// 7669584 × (160 + 640) = 6135667200 bytes, over the budget.
  @Test func jsonOutputCostsMorePerSample() throws {
    let json = """
      { "version": 1, "sensors": { "activeEnergyBurned": { "enabled": false },
          "basalEnergyBurned": { "enabled": false }, "distanceWalkingRunning": { "enabled": false },
          "stepCount": { "enabled": false }, "runningSpeed": { "enabled": false },
          "runningPower": { "enabled": false }, "runningStrideLength": { "enabled": false },
          "runningVerticalOscillation": { "enabled": false },
          "runningGroundContactTime": { "enabled": false } },
        "timeline": [ { "at": 38347915, "do": "probe" } ] }
      """
    let budget = MemoryBudget(try decodeScenario(json), overrides: RunOverrides(output: .json))
    #expect(budget.estimatedBytes == 6_135_667_200)
    #expect(!budget.fits)
  }

  /// The watch face's horizon: with the crown selector's default items (running, walking,
  /// cycling) the types collected are heart rate every 5 s, nine others every 10 s (energy
  /// twice, both distances, steps, running speed, cycling power, cadence and speed) and four
  /// every 30 s (running power, stride length, vertical oscillation, ground contact time): per
  /// second 80 × (1/5 + 9/10 + 4/30) = 98.666667 bytes of samples and 480 × (1/5 + 1/10 + 1/30)
  /// = 160 of instants, 258.666667 in all; 4294967296 / 258.666667 = 16604255.010309 s (about
  /// 192 days).
  @Test func theWatchFaceHorizonIsTheBudgetOverTheBytesPerSecond() throws {
    let horizon = MemoryBudget.horizon(
      try decodeScenario(#"{ "version": 1 }"#), overrides: RunOverrides(),
      latest: .seconds(9_000_000_000))
    #expect(abs(horizon.seconds - 16_604_255.010309) < 1e-6)
    // Capped at `latest`.
    #expect(
      MemoryBudget.horizon(
        try decodeScenario(#"{ "version": 1 }"#), overrides: RunOverrides(), latest: .seconds(1000))
        == .seconds(1000))
  }

  /// A recording's first time stamp becomes the start when the scenario gives none; one before
  /// 1990 cannot be written by every exporter and is refused.
  @Test func aRecordingStartOutsideTheDateRangeIsRefused() throws {
    let folder = try makeTemporaryFolder(prefix: "workout-sim-date")
    // Two points 1 s apart on 1980-01-01 (315532800 s after 1970).
    let gpx = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="50.0" lon="8.0"><time>1980-01-01T00:00:00Z</time></trkpt>
      <trkpt lat="50.0001" lon="8.0"><time>1980-01-01T00:00:01Z</time></trkpt>
      </trkseg></trk></gpx>
      """
    try Data(gpx.utf8).write(to: URL(fileURLWithPath: folder + "/old.gpx"))
    let path = folder + "/s.json"
    try Data(
      #"{ "version": 1, "course": { "recording": "old.gpx" }, "timeline": [] }"#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let loaded = try Scenario.load(contentsOf: URL(fileURLWithPath: path))
    let error = try #require(throws: SimulationError.self) { try SimulationSession(loaded) }
    #expect(error.path == "course.recording")
    #expect(
      error.message
        == "the recording's first time stamp, 1980-01-01T00:00:00+00:00, is outside the supported range 1990-01-01T00:00:00Z to 2099-12-31T23:59:59Z and would be the run's start; give \"start\" in that range"
    )
    // With a start in the range the recording's own dates do not matter.
    let started = try Scenario.load(contentsOf: URL(fileURLWithPath: path))
    var withStart = started
    withStart.start = try decodeScenario(
      #"{ "version": 1, "start": "2026-01-05T08:00:00Z" }"#, fileName: "x"
    ).start
    _ = try SimulationSession(withStart)
  }
}
