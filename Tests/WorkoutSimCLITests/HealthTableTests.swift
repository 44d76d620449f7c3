import Testing
import WorkoutScenario
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite("run: the health key's day table after the summary")
struct HealthTableTests {
  @Test("two days worked by hand (the numbers of HealthDaysTests)")
  func table() throws {
    // Watch 120 steps over −29 400…−28 200 s and iPhone 100 over −29 100…−27 900 s around the
    // midnight at −28 800 s: March 1 watch 60, iPhone 25, merged 60; March 2 watch 60,
    // iPhone 75, merged 60 + 25 = 85. Active energy 50 kcal (the watch's), resting 58 and
    // (60 + 64) / 2 = 62, sleep 7200 + 13 800 = 21 000 s = 5:50. Heart rate variability by
    // start: March 1 (40 + 50) / 2 = 45 ms, March 2 (56 + 62) / 2 = 59 ms. Breathing asleep:
    // 14 at −30 000 s lies in the core sample ending on March 2 (−32 400…−25 200) and 15 at
    // −10 000 s in the one ending −3600 s: (14 + 15) / 2 = 14.5 for March 2; 20 at −50 000 s
    // (no sleep) and 30 at −17 800 s (between the two asleep samples) count nowhere, so
    // March 1 shows "-".
    let json = #"""
      { "version": 1, "name": "Days", "start": "2026-03-02T08:00:00Z",
        "timeline": [ { "at": 0, "do": "probe" } ],
        "health": { "generate": false, "days": 2,
          "samples": [
            { "type": "stepCount", "source": "watch", "start": -29400, "end": -28200, "value": 120 },
            { "type": "stepCount", "source": "iPhone", "start": -29100, "end": -27900, "value": 100 },
            { "type": "activeEnergyBurned", "source": "watch", "start": "-1:00:00", "end": 0, "value": 50 },
            { "type": "restingHeartRate", "source": "watch", "start": -111600, "value": 58 },
            { "type": "restingHeartRate", "source": "watch", "start": -20000, "value": 60 },
            { "type": "restingHeartRate", "source": "watch", "start": -10000, "value": 64 },
            { "type": "heartRateVariabilitySDNN", "source": "watch", "start": -111600, "end": -111540, "value": 40 },
            { "type": "heartRateVariabilitySDNN", "source": "watch", "start": -100000, "end": -99940, "value": 50 },
            { "type": "heartRateVariabilitySDNN", "source": "watch", "start": -20000, "end": -19940, "value": 56 },
            { "type": "heartRateVariabilitySDNN", "source": "watch", "start": -10000, "end": -9940, "value": 62 },
            { "type": "respiratoryRate", "source": "watch", "start": -50000, "end": -49940, "value": 20 },
            { "type": "respiratoryRate", "source": "watch", "start": -30000, "end": -29940, "value": 14 },
            { "type": "respiratoryRate", "source": "watch", "start": -17800, "end": -17740, "value": 30 },
            { "type": "respiratoryRate", "source": "watch", "start": -10000, "end": -9940, "value": 15 } ],
          "sleep": [
            { "source": "watch", "start": -32400, "end": -25200, "stage": "asleepCore" },
            { "source": "watch", "start": -17400, "end": -3600, "stage": "asleepCore" } ] } }
      """#
    let result = try Simulation.run(try decodeScenario(json, fileName: "d.json"))
    #expect(
      RunSummary.text(for: result) == """
        Days (seed 1): 0 workouts
          nothing started: no session ran; add {"at": 0, "do": "start"} to the timeline or use --keys ENTER@0
          health: 2 days in UTC
          date         steps  watch iPhone  active kcal  resting bpm  sleep  workouts  HRV ms  breaths/min
          2026-03-01      60     60     25            0           58   0:00         0      45            -
          2026-03-02      85     60     75           50           62   5:50         0      59         14.5
        """)
  }
}
