import Foundation
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@Suite("HealthGeneration: the Foundation edge of the health plan")
struct HealthGenerationTests {
  @Test("no health key: the two device sources, watch before iPhone, no samples")
  func noPlan() throws {
    let data = try HealthGeneration.data(
      for: try decodeScenario(#"{ "version": 1 }"#, fileName: "h.json"), through: .zero)
    #expect(data.sources.map(\.name) == ["Apple Watch", "iPhone"])
    #expect(data.sources.map(\.kind) == [.watch, .iPhone])
    #expect(data.priority == [0, 1])
    #expect(data.samples.isEmpty)
    #expect(data.lockPeriods.isEmpty)
  }

  @Test("explicit samples reach HealthData in savedAt order, with their sources and priority")
  func explicitSamples() throws {
    let json = #"""
      { "version": 1, "start": "2026-03-02T07:30:00Z",
        "health": { "generate": false, "days": 1, "priority": ["iPhone"],
          "samples": [
            { "type": "stepCount", "source": "iPhone", "start": "-1:00:00", "end": "-0:50:00", "value": 120, "savedAt": 30 },
            { "type": "stepCount", "source": "watch", "start": "-1:00:00", "end": "-0:55:00", "value": 100 },
            { "type": "heartRate", "source": "watch", "start": -60, "value": 58 } ],
          "sleep": [ { "source": "watch", "start": "-8:00:00", "end": "-7:00:00", "stage": "asleepREM" } ] } }
      """#
    let data = try HealthGeneration.data(
      for: try decodeScenario(json, fileName: "h.json"), through: .seconds(600))
    // savedAt: sleep ends -25 200 s, watch steps -3300 s, heart rate -60 s, iPhone steps +30 s.
    #expect(
      data.samples == [
        HealthSample(
          type: .sleepAnalysis, source: 0, start: .seconds(-28_800), end: .seconds(-25_200),
          value: 5),
        HealthSample(
          type: .stepCount, source: 0, start: .seconds(-3600), end: .seconds(-3300), value: 100),
        HealthSample(
          type: .heartRate, source: 0, start: .seconds(-60), end: .seconds(-60), value: 58),
        HealthSample(
          type: .stepCount, source: 1, start: .seconds(-3600), end: .seconds(-3000), value: 120,
          savedAt: .seconds(30)),
      ])
    // iPhone listed first, the watch follows in the default order.
    #expect(data.priority == [1, 0])
    #expect(data.workouts.isEmpty)
  }

  @Test("a daily lock pattern on every local day, merged with the periods")
  func dailyLock() throws {
    // t = 0 is 2026-03-02 07:30 UTC; days 2: March 1 and 2 (through 600 s). Midnight of March 1
    // is -(24 h + 7.5 h) = -113 400 s, of March 2 -27 000 s, of March 3 59 400 s.
    let json = #"""
      { "version": 1, "start": "2026-03-02T07:30:00Z",
        "health": { "generate": false, "days": 2,
          "lock": { "daily": [ { "from": "22:00:00", "to": "6:00:00" } ],
                    "periods": [ { "from": "-7:00:00", "to": "-1:00:00" } ] } } }
      """#
    let data = try HealthGeneration.data(
      for: try decodeScenario(json, fileName: "h.json"), through: .seconds(600))
    // March 1 22:00 = -113 400 + 79 200 = -34 200 s to March 2 06:00 = -27 000 + 21 600
    // = -5400 s; the period -25 200 to -3600 s overlaps it: merged -34 200 to -3600 s.
    // March 2 22:00 = -27 000 + 79 200 = 52 200 s to March 3 06:00 = 59 400 + 21 600 = 81 000 s.
    #expect(
      data.lockPeriods == [
        SimulationInstant.seconds(-34_200)..<SimulationInstant.seconds(-3600),
        SimulationInstant.seconds(52_200)..<SimulationInstant.seconds(81_000),
      ])
  }

  @Test("local days: a 23-hour spring-forward day in Europe/Berlin, local times placed on it")
  func daylightSavingDay() throws {
    // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST. t = 0 = 2026-03-30 12:00+02:00
    // (10:00 UTC); days 2: March 29 and 30.
    let json = #"""
      { "version": 1, "start": "2026-03-30T12:00:00+02:00", "timeZone": "Europe/Berlin",
        "health": { "generate": false, "days": 2 } }
      """#
    let days = try HealthGeneration.days(
      for: try decodeScenario(json, fileName: "h.json"), through: .zero
    ).device
    #expect(days.map(\.dateText) == ["2026-03-29", "2026-03-30"])
    // March 29 00:00+01:00 = March 28 23:00 UTC, 35 h before t = 0: -126 000 s. March 30
    // 00:00+02:00 = March 29 22:00 UTC: -43 200 s. 23 h = 82 800 s apart.
    #expect(days[0].start == .seconds(-126_000))
    #expect(days[0].end == .seconds(-43_200))
    #expect(days[0].length == .seconds(82_800))
    #expect(days[1].length == .seconds(86_400))
    // Sunday (1), Monday (2).
    #expect(days.map(\.weekday) == [1, 2])
    #expect(days[0].utcOffset == 3600)
    // The change at 01:00 UTC = 2 h after midnight: -118 800 s, to +02:00.
    #expect(days[0].transition == LocalDay.Transition(at: .seconds(-118_800), utcOffset: 7200))
    // 07:00 CEST on March 29 = 05:00 UTC = 6 h after midnight.
    #expect(days[0].instant(at: .seconds(7 * 3600)) == .seconds(-126_000 + 6 * 3600))
    // 01:30 CET (before the change) = 1.5 h after midnight.
    #expect(days[0].instant(at: .seconds(5400)) == .seconds(-126_000 + 5400))
  }

  @Test("a planned walk runs through the workout engine with the scenario's athlete")
  func plannedWorkout() throws {
    // t = 0 is Monday 2026-03-02 07:30 UTC; days 1 (just that Monday), through 600 s. The walk
    // at 12:00 local = 4.5 h after t = 0: 16 200 s.
    let json = #"""
      { "version": 1, "start": "2026-03-02T07:30:00Z",
        "health": { "days": 1, "habits": { "charging": [] },
          "workouts": [ { "weekday": "monday", "at": "12:00:00", "activity": "walking", "duration": "30:00" } ] } }
      """#
    let data = try HealthGeneration.data(
      for: try decodeScenario(json, fileName: "h.json"), through: .seconds(600))
    #expect(data.workouts.count == 1)
    let record = try #require(data.workouts.first)
    #expect(record.activityType == .walking)
    #expect(record.startDate == .seconds(16_200))
    #expect(record.endDate == .seconds(16_200 + 1800))
    #expect(record.duration == .seconds(1800))
    // 1.4 m/s for 1800 s = 2520 m. ACSM walking net VO2 0.1 × 84 = 8.4 mL/kg/min for 65 kg:
    // 8.4 × 65 / 1000 × 5 = 2.73 kcal/min, × 30 min = 81.9 kcal.
    #expect(abs((record.totalDistance ?? 0) - 2520) < 1e-6)
    #expect(abs((record.totalEnergyBurned ?? 0) - 81.9) < 1e-6)
    // Its samples come from the watch, inside its span, saved 120 s after it ends.
    let span = SimulationInstant.seconds(16_200)...SimulationInstant.seconds(18_000)
    let inside = data.samples.filter { span.contains($0.start) && $0.source == 0 }
    let distance = inside.filter { $0.type == .distanceWalkingRunning }.reduce(0) { $0 + $1.value }
    #expect(abs(distance - 2520) < 1e-6)
    #expect(inside.filter { $0.type == .heartRate }.allSatisfy { $0.savedAt == .seconds(18_120) })
    #expect(data.samples.filter { $0.type == .workout }.map(\.value) == [0])
    // No walking bout of the generator overlaps the workout: the watch's step samples inside
    // it are the engine's (10 s each).
    let steps = inside.filter { $0.type == .stepCount }
    #expect(!steps.isEmpty)
    #expect(steps.allSatisfy { $0.end.nanoseconds - $0.start.nanoseconds <= 10_000_000_000 })
  }

  @Test("a generated outdoor walk of 20 minutes or more saves the watch's VO2max estimate")
  func generatedWorkoutsGetCardioFitnessEstimates() throws {
    // t = 0 is Monday 2026-03-02 07:30 UTC. A 30-minute walk at 12:00 (16 200 s after t = 0,
    // as above), a 19-minute run at 13:00 (19 800 s) and a 30-minute ride at 14:00 (23 400 s):
    // the rule of a workout the app finishes gives the walk an estimate (outdoor: a planned
    // workout's scenario is outdoor; 1800 s >= 1200 s) and the run (1140 s < 1200 s) and the
    // ride (cycling) none.
    func scenario(vo2Max: Int?) throws -> Scenario {
      let athlete = vo2Max.map { #""athlete": { "vo2Max": \#($0) },"# } ?? ""
      return try decodeScenario(
        #"""
        { "version": 1, "start": "2026-03-02T07:30:00Z", \#(athlete)
          "health": { "days": 1, "habits": { "charging": [] },
            "workouts": [
              { "weekday": "monday", "at": "12:00:00", "activity": "walking", "duration": "30:00" },
              { "weekday": "monday", "at": "13:00:00", "activity": "running", "duration": "19:00" },
              { "weekday": "monday", "at": "14:00:00", "activity": "cycling", "duration": "30:00" }
            ] } }
        """#, fileName: "h.json")
    }
    let vo2Max = try #require(HealthDataType(identifier: "HKQuantityTypeIdentifierVO2Max"))
    let data = try HealthGeneration.data(for: scenario(vo2Max: nil), through: .seconds(600))
    #expect(data.workouts.count == 3)
    let estimates = data.samples.filter { $0.type == vo2Max }
    // One, the default athlete's 40 mL/(kg·min), from the watch (source 0), dated at the
    // walk's end (16 200 + 1800 = 18 000 s) and saved with its samples, 120 s later.
    #expect(estimates.count == 1)
    let estimate = try #require(estimates.first)
    #expect(estimate.value == 40)
    #expect(estimate.source == 0)
    #expect(estimate.start == .seconds(18_000))
    #expect(estimate.end == .seconds(18_000))
    #expect(estimate.savedAt == .seconds(18_120))
    // An athlete of 70 mL/(kg·min), above the watch's 14–65 range: 65.
    let fit = try HealthGeneration.data(for: scenario(vo2Max: 70), through: .seconds(600))
    #expect(fit.samples.filter { $0.type == vo2Max }.map(\.value) == [65])
  }

  @Test("a trip: the person's days follow the other zone, the device's stay home")
  func trip() throws {
    // Home UTC; from 2026-03-02 the person is in America/New_York (UTC−5) for 1 day. t = 0 is
    // 2026-03-03 12:00 UTC; days 3: March 1, 2, 3.
    let json = #"""
      { "version": 1, "start": "2026-03-03T12:00:00Z",
        "health": { "generate": false, "days": 3,
          "trip": { "date": "2026-03-02", "timeZone": "America/New_York", "days": 1 } } }
      """#
    let days = try HealthGeneration.days(
      for: try decodeScenario(json, fileName: "h.json"), through: .zero)
    // Device midnights: March 1 −216 000 s (2.5 days before t = 0), March 2 −129 600 s,
    // March 3 −43 200 s, March 4 43 200 s.
    #expect(
      days.device.map(\.start) == [.seconds(-216_000), .seconds(-129_600), .seconds(-43_200)])
    // The person's March 2 starts at 00:00−05:00 = 05:00 UTC, 5 h later: −111 600 s; March 1
    // runs 29 h to it, March 2 19 h to the home midnight of March 3.
    #expect(
      days.person.map(\.start) == [.seconds(-216_000), .seconds(-111_600), .seconds(-43_200)])
    #expect(days.person[1].utcOffset == -18_000)
    #expect(days.person[0].length == .seconds(29 * 3600))
    #expect(days.person[1].length == .seconds(19 * 3600))
  }

  @Test("the same scenario gives the same data; the bundled example generates a week")
  func determinism() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Scenarios/health-week.json").standardized
    let loaded = try Scenario.load(contentsOf: url)
    let first = try HealthGeneration.data(for: loaded, through: .seconds(1205))
    let second = try HealthGeneration.data(for: loaded, through: .seconds(1205))
    #expect(first.samples == second.samples)
    #expect(first.workouts == second.workouts)
    // Tuesday Feb 24 and Thursday Feb 26 (days Feb 24 to Mar 2).
    #expect(first.workouts.count == 2)
    #expect(first.workouts.map(\.activityType) == [.running, .running])
    // An ECG every third day of seven: days 0, 3 and 6.
    #expect(first.electrocardiograms.count == 3)
  }

  @Test("the athlete's HRV and breathing rate reach the generator; without them its defaults")
  func vitalsBaseline() throws {
    let given = try decodeScenario(
      #"{ "version": 1, "athlete": { "heartRateVariabilitySDNN": 70, "respiratoryRate": 13.5 } }"#,
      fileName: "h.json")
    let person = HealthGeneration.person(given.athlete)
    #expect(person.heartRateVariabilitySDNN == 70)
    #expect(person.respiratoryRate == 13.5)
    // Nunan et al. 2010: 50 ms; Natarajan et al. 2021: 15.4 per minute.
    let plain = HealthGeneration.person(
      try decodeScenario(#"{ "version": 1 }"#, fileName: "h.json").athlete)
    #expect(plain.heartRateVariabilitySDNN == 50)
    #expect(plain.respiratoryRate == 15.4)
    // The bundled week (watch worn, charging 7:00 to 7:25): both types are generated, from the
    // watch; the night before t = 0 (2026-03-02 07:30+01:00) has breathing readings.
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Scenarios/health-week.json").standardized
    let data = try HealthGeneration.data(for: try Scenario.load(contentsOf: url), through: .zero)
    let variability = data.samples.filter { $0.type == .heartRateVariabilitySDNN }
    let breathing = data.samples.filter { $0.type == .respiratoryRate }
    // 7 days of 4 to 12 readings; the 25-minute charge can drop at most one a day (readings
    // are 2 h or more apart): 7 × 3 = 21 to 7 × 12 = 84.
    #expect(variability.count >= 21 && variability.count <= 84)
    #expect(variability.allSatisfy { $0.source == 0 })
    #expect(breathing.allSatisfy { $0.source == 0 })
    // Last night: 23:15 ± 20 min to 6:45 ± 15 min, so from −8 h 35 min to −30 min.
    #expect(breathing.contains { $0.start > .seconds(-8 * 3600) && $0.end < .seconds(-1800) })
  }

  @Test("a plan built in Swift is checked by the decoder's rules: a data error with its path")
  func programmaticPlan() throws {
    var built = try Scenario(name: "built")
    built.health = HealthPlan(
      generate: false,
      samples: [
        HealthPlanSample(
          type: .stepCount, source: "watch", start: .seconds(-60), end: .seconds(-120), value: 5)
      ])
    #expect(throws: SimulationError.self) {
      try HealthGeneration.data(for: built, through: .zero)
    }
    do {
      _ = try HealthGeneration.data(for: built, through: .zero)
    } catch {
      #expect(
        error.description
          == "built: health.samples[0].end: -120 s is before \"start\", -60 s (a sample must not end before it starts)"
      )
    }
    built.health?.samples = []
    built.health?.priority = ["watch", "tablet"]
    do {
      _ = try HealthGeneration.data(for: built, through: .zero)
      Issue.record("an unknown source in the priority was accepted")
    } catch {
      #expect(error.path == "health.priority[1]")
    }
    // A trip's zone follows the decoder's rule for time zone names.
    built.health?.priority = ["watch", "iPhone"]
    built.health?.trip = HealthPlan.Trip(date: "2026-01-05", timeZone: "JST", days: 1)
    do {
      _ = try HealthGeneration.data(for: built, through: .zero)
      Issue.record("an abbreviation was accepted as a trip's zone")
    } catch {
      #expect(
        error.description
          == #"built: health.trip.timeZone: "JST" is a time zone abbreviation, not an IANA region name (a scenario names an IANA region such as "Europe/Berlin", or "UTC", so that it reads the same on every machine); did you mean "Asia/Tokyo"?"#
      )
    }
  }
}
