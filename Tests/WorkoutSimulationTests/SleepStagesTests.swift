import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// Three UTC days, February 28 to March 2, 2026 (t = 0 is March 2 08:00, so the midnights are at
/// −201 600, −115 200, −28 800 and 57 600 s), with explicit sleep samples only:
/// - the night ending February 28: the iPhone's `inBed` alone, 22:00 to 06:00 (−208 800 to
///   −180 000 s);
/// - the night ending March 2: the watch's `inBed` 22:00 to 07:30 (−36 000 to −1 800 s) and its
///   stages in time order: awake 22:00 to 22:15 and core to 23:30 (both ending on March 1),
///   deep to 00:30, REM to 01:00, asleep without a stage to 02:00, awake to 02:10, core to
///   07:00; the iPhone's `inBed` on March 1 (−122 400 to −93 600) and 21:50 to 07:40 beside them;
/// - a watch sample ending before the first day (it counts nowhere).
let sleepStagesScenario = #"""
  { "version": 1, "start": "2026-03-02T08:00:00Z",
    "timeline": [ { "at": 0, "do": "probe" } ],
    "health": { "generate": false, "days": 3,
      "sleep": [
        { "source": "watch", "start": -215000, "end": -210000, "stage": "asleepCore" },
        { "source": "iPhone", "start": -208800, "end": -180000, "stage": "inBed" },
        { "source": "iPhone", "start": -122400, "end": -93600, "stage": "inBed" },
        { "source": "iPhone", "start": -36600, "end": -1200, "stage": "inBed" },
        { "source": "watch", "start": -21000, "end": -3600, "stage": "asleepCore" },
        { "source": "watch", "start": -36000, "end": -1800, "stage": "inBed" },
        { "source": "watch", "start": -35100, "end": -30600, "stage": "asleepCore" },
        { "source": "watch", "start": -36000, "end": -35100, "stage": "awake" },
        { "source": "watch", "start": -30600, "end": -27000, "stage": "asleepDeep" },
        { "source": "watch", "start": -27000, "end": -25200, "stage": "asleepREM" },
        { "source": "watch", "start": -25200, "end": -21600, "stage": "asleepUnspecified" },
        { "source": "watch", "start": -21600, "end": -21000, "stage": "awake" } ] } }
  """#

@Suite("A night's sleep stages in the run result's days, worked by hand")
struct SleepStagesTests {
  private func days() throws -> [HealthDay] {
    let scenario = try decodeScenario(sleepStagesScenario, fileName: "sleep.json")
    return try #require(try Simulation.run(scenario).days)
  }

  private func at(_ seconds: Int64) -> SimulationInstant {
    SimulationInstant(nanoseconds: seconds * 1_000_000_000)
  }

  @Test("March 2: the watch's seconds per stage ending on the day, its inBed too")
  func stagesOfTheWatch() throws {
    let days = try days()
    #expect(days.map(\.date) == ["2026-02-28", "2026-03-01", "2026-03-02"])
    // The watch has asleep samples ending March 2, so its samples ending then count (the
    // iPhone's inBed does not): inBed −36 000…−1 800 = 34 200; awake −21 600…−21 000 = 600;
    // core −21 000…−3 600 = 17 400; deep −30 600…−27 000 = 3600 (it ends after midnight, so
    // March 2 holds it whole); REM 1800; unspecified 3600.
    #expect(
      days[2].sleepStages
        == HealthDay.SleepStages(
          inBed: 34_200, awake: 600, asleepCore: 17_400, asleepDeep: 3600, asleepREM: 1800,
          asleepUnspecified: 3600))
    // The total as before: 17 400 + 3600 + 1800 + 3600 = 26 400 s asleep.
    #expect(days[2].sleep == 26_400)
  }

  @Test("March 1: the samples of the night that end before midnight, of the same source")
  func stagesBeforeMidnight() throws {
    let days = try days()
    // The watch's awake −36 000…−35 100 = 900 and core −35 100…−30 600 = 4500 end on March 1;
    // the watch has asleep seconds there, so the iPhone's inBed of March 1 does not count.
    #expect(days[1].sleep == 4500)
    #expect(days[1].sleepStages == HealthDay.SleepStages(awake: 900, asleepCore: 4500))
    #expect(
      days[1].sleepIntervals == [
        HealthDay.SleepInterval(stage: .awake, start: at(-36_000), end: at(-35_100)),
        HealthDay.SleepInterval(stage: .asleepCore, start: at(-35_100), end: at(-30_600)),
      ])
  }

  @Test("a night with no asleep samples: the stages of the first source with any")
  func inBedOnly() throws {
    let days = try days()
    // February 28: only the iPhone's inBed, −208 800…−180 000 = 28 800 s; nothing asleep (the
    // watch's core sample ends at −210 000, before the first day's midnight −201 600).
    #expect(days[0].sleep == 0)
    #expect(days[0].sleepStages == HealthDay.SleepStages(inBed: 28_800))
    #expect(
      days[0].sleepIntervals == [
        HealthDay.SleepInterval(stage: .inBed, start: at(-208_800), end: at(-180_000))
      ])
  }

  @Test("the samples in time order, inBed first at a shared start")
  func intervalsInTimeOrder() throws {
    let days = try days()
    // The scenario lists them out of order; the inBed (0) starts at −36 000 but ends on
    // March 2, so it is there, first.
    #expect(
      days[2].sleepIntervals == [
        HealthDay.SleepInterval(stage: .inBed, start: at(-36_000), end: at(-1_800)),
        HealthDay.SleepInterval(stage: .asleepDeep, start: at(-30_600), end: at(-27_000)),
        HealthDay.SleepInterval(stage: .asleepREM, start: at(-27_000), end: at(-25_200)),
        HealthDay.SleepInterval(stage: .asleepUnspecified, start: at(-25_200), end: at(-21_600)),
        HealthDay.SleepInterval(stage: .awake, start: at(-21_600), end: at(-21_000)),
        HealthDay.SleepInterval(stage: .asleepCore, start: at(-21_000), end: at(-3_600)),
      ])
  }

  @Test("inBed before a stage starting with it")
  func sharedStart() throws {
    let json = #"""
      { "version": 1, "start": "2026-03-02T08:00:00Z",
        "timeline": [ { "at": 0, "do": "probe" } ],
        "health": { "generate": false, "days": 1,
          "sleep": [
            { "source": "watch", "start": -3600, "end": -1800, "stage": "asleepCore" },
            { "source": "watch", "start": -3600, "end": -600, "stage": "inBed" } ] } }
      """#
    let scenario = try decodeScenario(json, fileName: "shared.json")
    let day = try #require(try Simulation.run(scenario).days?.first)
    // Both start at −3600: inBed (raw value 0) before core (3).
    #expect(day.sleepIntervals.map(\.stage) == [.inBed, .asleepCore])
    // 3000 s in bed, 1800 s core.
    #expect(day.sleepStages == HealthDay.SleepStages(inBed: 3000, asleepCore: 1800))
  }

  @Test("the days in the document: sleepStages with its keys sorted")
  func document() throws {
    let scenario = try decodeScenario(sleepStagesScenario, fileName: "sleep.json")
    let text = String(decoding: try Simulation.run(scenario).encodedJSON(), as: UTF8.self)
    // The last day as the canonical encoding writes it (sorted keys, whole numbers bare; no
    // steps, energy or resting heart rate in this scenario).
    let last = [
      #"{"#,
      #"  "activeEnergy" : 0,"#,
      #"  "date" : "2026-03-02","#,
      #"  "sleep" : 26400,"#,
      #"  "sleepStages" : {"#,
      #"    "asleepCore" : 17400,"#,
      #"    "asleepDeep" : 3600,"#,
      #"    "asleepREM" : 1800,"#,
      #"    "asleepUnspecified" : 3600,"#,
      #"    "awake" : 600,"#,
      #"    "inBed" : 34200"#,
      #"  },"#,
      #"  "steps" : {"#,
      #"    "iPhone" : 0,"#,
      #"    "merged" : 0,"#,
      #"    "watch" : 0"#,
      #"  },"#,
      #"  "workouts" : 0"#,
      #"}"#,
    ].map { "    " + $0 + "\n" }.joined()
    #expect(text.contains("},\n" + last + "  ],\n"))
  }
}
