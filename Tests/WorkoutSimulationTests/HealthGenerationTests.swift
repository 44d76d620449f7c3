import Foundation
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation

private func scenario(_ json: String) throws -> Scenario {
  try Scenario.decode(Array(json.utf8), fileName: "h.json")
}

@Suite("HealthGeneration: the Foundation edge of the health plan")
struct HealthGenerationTests {
  @Test("no health key: the two device sources, watch before iPhone, no samples")
  func noPlan() throws {
    let data = try HealthGeneration.data(for: try scenario(#"{ "version": 1 }"#), through: .zero)
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
    let data = try HealthGeneration.data(for: try scenario(json), through: .seconds(600))
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
    let data = try HealthGeneration.data(for: try scenario(json), through: .seconds(600))
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
    let days = try HealthGeneration.days(for: try scenario(json), through: .zero).device
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
}
