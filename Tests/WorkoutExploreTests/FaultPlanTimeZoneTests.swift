import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import WorkoutExplore

/// The `timezone-trip` fault and the `dst` fault's other dates (docs/explore.md#faults).
@Suite struct FaultPlanTimeZoneTests {
  let walk: Scenario

  init() throws {
    walk = try decodeScenario(walkJSON, fileName: "walk.json")
  }

  /// The walk is in UTC from 2026-01-05T08:00Z. The candidates 3 to 9 hours away then, by
  /// their January offsets: Anchorage −9, Los Angeles −8, Denver −7, Chicago −6, New York −5,
  /// São Paulo −3, Moscow +3, Dubai +4, Kolkata +5:30, Dhaka +6, Bangkok +7, Shanghai +8,
  /// Tokyo +9. Out: Honolulu −10, the Azores −1, London 0, Berlin +1, Athens +2, Sydney +11
  /// (summer time), Auckland +13 (summer time).
  @Test func theTripZonesAreThreeToNineHoursAway() {
    #expect(
      walk.tripZones(atSecond: 100) == [
        "America/Anchorage", "America/Los_Angeles", "America/Denver", "America/Chicago",
        "America/New_York", "America/Sao_Paulo", "Europe/Moscow", "Asia/Dubai", "Asia/Kolkata",
        "Asia/Dhaka", "Asia/Bangkok", "Asia/Shanghai", "Asia/Tokyo",
      ])
  }

  @Test func theSameSeedDrawsTheSameTrip() {
    var trips = 0
    for seed in UInt64(0)..<100 {
      let plan = FaultPlan.draw(seed: seed, faults: [.timezoneTrip, .wrist], scenario: walk)
      #expect(plan == FaultPlan.draw(seed: seed, faults: [.timezoneTrip, .wrist], scenario: walk))
      for fault in plan.faults where fault.kind == .timezoneTrip {
        trips += 1
        #expect(fault.duration == .zero)
        let zone = fault.timeZone ?? ""
        #expect(walk.tripZones(atSecond: fault.at.nanoseconds / 1_000_000_000).contains(zone))
        // The one-line form reads back to the same fault, zone and all.
        #expect(FaultPlan(plan.description) == plan, "\(plan)")
      }
    }
    #expect(trips > 0)
  }

  @Test func aTripIsATimeZoneActionInTheWorldAndItsFile() throws {
    let plan = FaultPlan(
      seed: 6,
      faults: [Fault(.timezoneTrip, at: .seconds(200), duration: .zero, timeZone: "Asia/Tokyo")])
    #expect(plan.description == "seed 6: timezone-trip@200+0:Asia/Tokyo")
    #expect(FaultPlan(plan.description) == plan)
    // A trip without its zone, or another kind with one, is no plan.
    #expect(FaultPlan("seed 6: timezone-trip@200+0") == nil)
    #expect(FaultPlan("seed 6: wrist@200+10:Asia/Tokyo") == nil)
    let world = try plan.world(from: walk)
    #expect(world.timeline.map(\.kind.name) == ["prepare", "start", "timeZone", "lap", "end"])
    #expect(world.timeline[2].kind == .timeZone("Asia/Tokyo"))
    #expect(world.timeline[2].at == .seconds(200))
    let written = try plan.worldDocument(from: try JSONParser.parse(walkJSON), scenario: walk)
    let text = String(decoding: JSONWriter.encodedBytes(written), as: UTF8.self)
    guard case .array(let actions)? = written["timeline"], actions.count == 5 else {
      Issue.record("the written timeline is not five actions")
      return
    }
    #expect(actions[2]["at"] == .number(200))
    #expect(actions[2]["do"] == .string("timeZone"))
    #expect(actions[2]["timeZone"] == .string("Asia/Tokyo"))
    let decoded = try decodeScenario(text, fileName: "walk.json")
    #expect(decoded == world)
    // The written world replays: the walk began at 3 s in UTC and keeps UTC; it ends at 600 s,
    // 08:10Z = 17:10 in Tokyo (+9 h).
    let result = try Simulation.run(decoded)
    #expect(result.records[0].metadata["HKTimeZone"] == .string("UTC"))
    #expect(result.date(of: result.records[0].endDate) == "2026-01-05T17:10:00+09:00")
    #expect(
      try Simulation.run(decoded).encodedJSON() == (try Simulation.run(world).encodedJSON()))
  }

  /// A `dst` world keeps the scenario's other dates in place. Berlin from the default start
  /// 2026-01-05T08:00Z (09:00 local); a transition at 1200 s moves `t = 0` to
  /// 2026-03-29T01:40+01:00 (aDaylightSavingFaultMovesTheStartToTheTransition). The sample at
  /// 08:00+01:00 on 5 January (07:00Z) is 3600 s before the old start and stays at −3600 s; the
  /// offline span 09:30 to 09:40+01:00 stays at 1800 to 2400 s. The local date moved from
  /// 5 January to 29 March: 26 + 28 + 29 = 83 days, so the trip on 7 January (2 days after the
  /// start's date) moves to 31 March (2 days after the new one) and the birthday 1980-06-15 to
  /// 1980-09-06 (15 June + 83 days: 15 + 31 + 31 + 6), which keeps the age at 45.
  @Test func aDaylightSavingWorldKeepsItsOtherDatesInPlace() throws {
    let json = """
      {
        "version": 1, "name": "walk", "seed": 5, "timeZone": "Europe/Berlin",
        "activity": "walking", "course": [ { "duration": 600, "speed": 1.4 } ],
        "athlete": { "dateOfBirth": "1980-06-15" },
        "health": {
          "days": 1,
          "trip": { "date": "2026-01-07", "timeZone": "America/New_York", "days": 2 },
          "samples": [ { "type": "stepCount", "source": "iPhone",
            "start": "2026-01-05T08:00:00+01:00", "end": "2026-01-05T08:10:00+01:00",
            "value": 120 } ]
        },
        "phone": { "network": { "offline": [
          { "from": "2026-01-05T09:30:00+01:00", "to": "2026-01-05T09:40:00+01:00" } ] } },
        "timeline": [ { "at": 0, "do": "prepare" }, { "at": 3, "do": "start" },
          { "at": "10:00", "do": "end" } ]
      }
      """
    let scenario = try decodeScenario(json, fileName: "walk.json")
    let plan = FaultPlan(seed: 5, faults: [Fault(.dst, at: .seconds(1200), duration: .zero)])
    let world = try plan.world(from: scenario)
    #expect(world.start?.text == "2026-03-29T01:40:00+01:00")
    #expect(world.health?.samples.first?.start == .seconds(-3600))
    #expect(world.health?.samples.first?.end == .seconds(-3000))
    #expect(
      world.phone.offline == [SimulationInstant.seconds(1800)..<SimulationInstant.seconds(2400)])
    #expect(world.health?.trip?.date == "2026-03-31")
    #expect(world.characteristics.dateOfBirth?.text == "1980-09-06")
    let written = try plan.worldDocument(from: try JSONParser.parse(json), scenario: scenario)
    let text = String(decoding: JSONWriter.encodedBytes(written), as: UTF8.self)
    let decoded = try decodeScenario(text, fileName: "walk.json")
    #expect(decoded == world)
    #expect(decoded.athlete.age == 45)
  }
}
