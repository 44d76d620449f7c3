import Testing
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite("run: the health key's day table after the summary")
struct HealthTableTests {
  @Test("two days worked by hand (the numbers of HealthDaysTests)")
  func table() throws {
    // The fixture HealthDaysTests works out too (Tests/Data/scenarios/health-days.json), in
    // the default priority (the watch first). Watch 120 steps over −29 400…−28 200 s and
    // iPhone 100 over −29 100…−27 900 s around the midnight at −28 800 s: March 1 watch 60,
    // iPhone 25, merged 60; March 2 watch 60, iPhone 75, merged 60 + 25 = 85. Active energy
    // 50 kcal (the watch's 50 cover the iPhone's 20 over the same hour), resting 58 and
    // (60 + 64) / 2 = 62, asleep on the watch 7200 + 3600 + 3600 + 13 800 = 28 200 s = 7:50
    // (awake and the iPhone's inBed do not count). Heart rate variability by start: March 1
    // (40 + 50) / 2 = 45 ms, March 2 (56 + 62) / 2 = 59 ms. Breathing asleep: 14 at −30 000 s
    // lies in the core sample ending on March 2 (−32 400…−25 200) and 15 at −10 000 s in the
    // one ending −3600 s: (14 + 15) / 2 = 14.5 for March 2; 20 at −50 000 s (no sleep), 30 at
    // −17 800 s (awake) and 40 over −3630…−3570 s (past the core sample's end) count nowhere,
    // so March 1 shows "-".
    let result = try Simulation.run(
      try Scenario.load(
        contentsOf: packageRoot.appendingPathComponent("Tests/Data/scenarios/health-days.json")))
    #expect(
      RunSummary.text(for: result) == """
        Days (seed 1): 0 workouts
          nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0
          health: 2 days in UTC
          date         steps  watch iPhone  active kcal  resting bpm  sleep  workouts  HRV ms  breaths/min
          2026-03-01      60     60     25            0           58   0:00         0      45            -
          2026-03-02      85     60     75           50           62   7:50         0      59         14.5
        """)
  }
}
