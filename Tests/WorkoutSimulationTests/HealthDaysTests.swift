import Foundation
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

/// Two UTC days (March 1 and 2, 2026; t = 0 is March 2 08:00, so the midnights are at
/// −115 200 s, −28 800 s and 57 600 s) with explicit samples only: the fixture
/// `Tests/Data/scenarios/health-days.json`, which `HealthTableTests` (the command line's table
/// of the same days) works out by hand too, with `health.priority` set to `priority`.
private func twoHealthDays(priority: [String]) throws -> Scenario {
  var scenario = try Scenario.load(
    contentsOf: packageRoot.appendingPathComponent("Tests/Data/scenarios/health-days.json"))
  scenario.health?.priority = priority
  return scenario
}

@Suite("The run result's health days, worked by hand")
struct HealthDaysTests {
  @Test("watch first: the straddling samples split at midnight, merged by priority")
  func watchFirst() throws {
    let days = try #require(try Simulation.run(try twoHealthDays(priority: ["watch"])).days)
    #expect(days.map(\.date) == ["2026-03-01", "2026-03-02"])
    // Watch 120 steps over −29 400…−28 200 (0.1 step/s), iPhone 100 over −29 100…−27 900
    // (1/12 step/s). March 1 (to −28 800): the watch 600 s × 0.1 = 60, the iPhone
    // 300 s / 12 = 25; merged: the watch covers −29 400…−28 800 whole, 60.
    #expect(days[0].steps == HealthDay.Steps(merged: 60, watch: 60, iPhone: 25))
    // March 2: the watch 600 s × 0.1 = 60, the iPhone 900 s / 12 = 75; merged: the watch's
    // 60 to −28 200, then the iPhone alone for 300 s: 25; 85.
    #expect(days[1].steps.watch == 60)
    #expect(days[1].steps.iPhone == 75)
    #expect(abs(days[1].steps.merged - 85) < 1e-9)
    // Active energy: the watch's 50 kcal cover the iPhone's 20 over the same hour.
    #expect(days[0].activeEnergy == 0)
    #expect(days[1].activeEnergy == 50)
    // Resting heart rate: 58 on March 1; (60 + 64) / 2 = 62 on March 2.
    #expect(days[0].restingHeartRate == 58)
    #expect(days[1].restingHeartRate == 62)
    // Asleep on the watch, the night ending March 2: 7200 + 3600 + 3600 + 13 800 = 28 200 s
    // (awake and the iPhone's inBed do not count).
    #expect(days[0].sleep == 0)
    #expect(days[1].sleep == 28_200)
    // Its stages from the same source: core 7200 + 13 800 = 21 000, deep 3600, REM 3600,
    // awake 600; the iPhone's inBed is another source's, so no inBed.
    #expect(days[0].sleepStages == HealthDay.SleepStages())
    #expect(
      days[1].sleepStages
        == HealthDay.SleepStages(
          awake: 600, asleepCore: 21_000, asleepDeep: 3600, asleepREM: 3600))
    #expect(days.map(\.workouts) == [0, 0])
    // Heart rate variability, each reading in the day of its start: March 1 (from −115 200 s)
    // (40 + 50) / 2 = 45 ms; March 2 (from −28 800 s) (56 + 62) / 2 = 59 ms.
    #expect(days.map(\.heartRateVariabilitySDNN) == [45, 59])
    // The sleeping breathing rate, each reading in the day of the asleep sample holding it:
    // 14 at −30 000 s (inside the core sample −32 400…−25 200, which ends on March 2, so it
    // counts there although it lies before midnight) and 15 at −10 000 s (core −17 400…−3600):
    // (14 + 15) / 2 = 14.5. Not counted: 20 at −50 000 s (no sleep), 30 at −17 800 s (awake
    // −18 000…−17 400) and 40 over −3630…−3570 (it runs past the core sample's end at −3600).
    #expect(days[0].respiratoryRate == nil)
    #expect(days[1].respiratoryRate == 14.5)
  }

  @Test("iPhone first: the iPhone's samples win where both count")
  func iPhoneFirst() throws {
    let days = try #require(try Simulation.run(try twoHealthDays(priority: ["iPhone"])).days)
    // March 1: the watch alone −29 400…−29 100: 30; the iPhone −29 100…−28 800: 25; 55.
    #expect(abs(days[0].steps.merged - 55) < 1e-9)
    // March 2: the iPhone −28 800…−27 900: 900 s / 12 = 75.
    #expect(abs(days[1].steps.merged - 75) < 1e-9)
    #expect(days[1].activeEnergy == 20)
    // Sleep: the iPhone has no asleep samples, so the watch's count, stages and all.
    #expect(days[1].sleep == 28_200)
    #expect(days[1].sleepStages.asleepCore == 21_000)
    #expect(days[1].sleepStages.inBed == 0)
  }

  @Test("a scenario without health has no days and its document no days key")
  func noHealth() throws {
    let plain = try decodeScenario(
      #"{ "version": 1, "timeline": [ { "at": 0, "do": "probe" } ] }"#,
      fileName: "plain.json")
    let result = try Simulation.run(plain)
    #expect(result.days == nil)
    guard case .object(let pairs) = result.document() else {
      Issue.record("not an object")
      return
    }
    #expect(!pairs.contains { $0.0 == "days" })
  }

  @Test("the days in the document: steps, energy, heart rates, breathing, sleep, workouts")
  func document() throws {
    let result = try Simulation.run(try twoHealthDays(priority: ["watch"]))
    let text = String(decoding: result.encodedJSON(), as: UTF8.self)
    // The first day, as the canonical encoding writes it (sorted keys, whole numbers bare).
    let first = [
      #"{"#,
      #"  "activeEnergy" : 0,"#,
      #"  "date" : "2026-03-01","#,
      #"  "heartRateVariabilitySDNN" : 45,"#,
      #"  "restingHeartRate" : 58,"#,
      #"  "sleep" : 0,"#,
      #"  "sleepStages" : {"#,
      #"    "asleepCore" : 0,"#,
      #"    "asleepDeep" : 0,"#,
      #"    "asleepREM" : 0,"#,
      #"    "asleepUnspecified" : 0,"#,
      #"    "awake" : 0,"#,
      #"    "inBed" : 0"#,
      #"  },"#,
      #"  "steps" : {"#,
      #"    "iPhone" : 25,"#,
      #"    "merged" : 60,"#,
      #"    "watch" : 60"#,
      #"  },"#,
      #"  "workouts" : 0"#,
      #"},"#,
    ].map { "    " + $0 + "\n" }.joined()
    #expect(text.hasPrefix("{\n  \"days\" : [\n" + first))
    // The second day has both new keys, between "date" and "restingHeartRate" (sorted).
    #expect(
      text.contains(
        [
          #""date" : "2026-03-02","#, #""heartRateVariabilitySDNN" : 59,"#,
          #""respiratoryRate" : 14.5,"#, #""restingHeartRate" : 62,"#,
        ].joined(separator: "\n      ")))
  }

  @Test("the bundled health week: the same bytes on every run, one day per local date")
  func bundledWeek() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Scenarios/health-week.json").standardized
    let loaded = try Scenario.load(contentsOf: url)
    let first = try Simulation.run(loaded)
    let second = try Simulation.run(loaded)
    #expect(first.encodedJSON() == second.encodedJSON())
    // health.days 7 ending with Monday 2026-03-02 (t = 0 at 07:30+01:00, the run ends 20:05
    // later, the same day): February 24 to March 2.
    let days = try #require(first.days)
    #expect(
      days.map(\.date) == [
        "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01",
        "2026-03-02",
      ])
    // The runs on Tuesday February 24 and Thursday February 26.
    #expect(days.map(\.workouts) == [1, 0, 1, 0, 0, 0, 0])
    // The merge takes one source per slice of time: never more than both devices together,
    // and never less than the watch's own count (the watch comes first, so every slice it
    // covers counts its steps).
    for day in days {
      #expect(day.steps.merged <= day.steps.watch + day.steps.iPhone + 1e-6)
      #expect(day.steps.merged >= day.steps.watch - 1e-6)
    }
  }

  @Test("--seed replaces the scenario's seed for the health data too")
  func seedOverride() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Scenarios/health-week.json").standardized
    var loaded = try Scenario.load(contentsOf: url)
    let overridden = try Simulation.run(loaded, overrides: RunOverrides(seed: 99))
    loaded.seed = 99
    let written = try Simulation.run(loaded)
    #expect(overridden.days == written.days)
    loaded.seed = 13
    #expect(try Simulation.run(loaded).days != overridden.days)
  }

  /// The table shows the store as the run leaves it: a sample that reaches the store after the
  /// run's end (t = 600 s) is not counted. Steps: 100 over 0…300 s (saved at 300 s) count; 40
  /// over 500…700 s (saved at 700 s) and 30 over 100…200 s saved at 900 s do not: 100. Sleep:
  /// asleepCore −3600…−600 (3000 s) counts; asleepREM 500…1000 s ends after the run: 3000 s.
  @Test("samples that reach the store after the run's end are not counted")
  func cutAtTheRunsEnd() throws {
    let json = #"""
      { "version": 1, "start": "2026-03-02T08:00:00Z",
        "timeline": [ { "at": 600, "do": "probe" } ],
        "health": { "generate": false, "days": 1,
          "samples": [
            { "type": "stepCount", "source": "watch", "start": 0, "end": 300, "value": 100 },
            { "type": "stepCount", "source": "watch", "start": 500, "end": 700, "value": 40 },
            { "type": "stepCount", "source": "watch", "start": 100, "end": 200, "value": 30,
              "savedAt": 900 } ],
          "sleep": [
            { "source": "watch", "start": -3600, "end": -600, "stage": "asleepCore" },
            { "source": "watch", "start": 500, "end": 1000, "stage": "asleepREM" } ] } }
      """#
    let days = try #require(
      try Simulation.run(try decodeScenario(json, fileName: "cut.json")).days)
    #expect(days.map(\.date) == ["2026-03-02"])
    #expect(days[0].steps == HealthDay.Steps(merged: 100, watch: 100, iPhone: 0))
    #expect(days[0].sleep == 3000)
  }
}
