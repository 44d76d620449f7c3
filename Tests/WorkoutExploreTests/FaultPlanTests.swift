import Foundation
import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import WorkoutExplore

/// A 10-minute walk with a health key: prepare at 0, start at 3, a lap at 300, end at 600.
let walkJSON = """
  {
    "version": 1, "name": "walk", "seed": 5, "activity": "walking",
    "course": [ { "duration": 600, "speed": 1.4 } ],
    "health": { "days": 1 },
    "timeline": [
      { "at": 0, "do": "prepare" }, { "at": 3, "do": "start" },
      { "at": 300, "do": "lap" }, { "at": "10:00", "do": "end" }
    ],
    "expect": [ { "count": "records", "equals": 1 } ]
  }
  """

@Suite struct FaultPlanTests {
  let walk: Scenario

  init() throws {
    walk = try decodeScenario(walkJSON, fileName: "walk.json")
  }

  @Test func theSpanEndsOneSecondBeforeTheLastAction() throws {
    // The last action is at 600 s, a whole second: faults may end at 599 s at the latest.
    let span = try #require(FaultPlan.span(of: walk))
    #expect(span.first == 1 && span.last == 599)
    // A timeline ending at 2 s leaves no room (a fault needs 1 s inside [1, 1]).
    var short = walk
    short.timeline = [Scenario.Action(at: .seconds(2), kind: .probe, location: "timeline[0]")]
    #expect(FaultPlan.span(of: short) == nil)
  }

  @Test func theSameSeedDrawsTheSamePlanInsideTheSpan() {
    let kinds = Fault.Kind.allCases
    for seed in UInt64(0)..<200 {
      let plan = FaultPlan.draw(seed: seed, faults: kinds, scenario: walk)
      #expect(plan == FaultPlan.draw(seed: seed, faults: kinds, scenario: walk))
      #expect((1...3).contains(plan.faults.count))
      for fault in plan.faults where !fault.kind.isWholeWorld {
        #expect(fault.at >= .seconds(1) && fault.end <= .seconds(599), "\(plan)")
        #expect(fault.at.nanoseconds % 1_000_000_000 == 0)
        #expect(fault.kind.durationRange.contains(fault.duration.components.seconds))
      }
      for (i, a) in plan.faults.enumerated() {
        for b in plan.faults[(i + 1)...] { #expect(!a.overlaps(b), "\(plan)") }
      }
    }
  }

  @Test func theDrawFollowsSplitMix64() {
    // SplitMix64(seed: 7, stream: "explore.faults") worked out apart from the code (Python's
    // integers: FNV-1a of the stream name, state = mix(7 ^ hash), next = mix(state += golden
    // gamma); docs/scenario-format.md#randomness). Numbers taken mod n:
    //   count: 1 + next % 3 = 3;
    //   each fault: kind [wrist][next % 1], duration 10 + next % 291, start 1 + next % (599 − d):
    //   279 s for 210 s (ends 489 s); 258 s for 249 s and 226 s for 188 s overlap it: left out.
    let plan = FaultPlan.draw(seed: 7, faults: [.wrist], scenario: walk)
    #expect(plan.faults == [Fault(.wrist, at: .seconds(279), duration: .seconds(210))])
  }

  @Test func aWorldMergesTheFaultsIntoTheTimelineAndKeys() throws {
    let plan = FaultPlan(
      seed: 9,
      faults: [
        Fault(.crashRecover, at: .seconds(300), duration: .seconds(5)),
        Fault(.offline, at: .seconds(10), duration: .seconds(60)),
        Fault(.sensorDropout, at: .seconds(100), duration: .seconds(20)),
        Fault(.lock, at: .seconds(200), duration: .seconds(30)),
        Fault(.notificationsOff, at: .zero, duration: .zero),
        .authDenied("HKQuantityTypeIdentifierHeartRate"),
      ])
    let world = try plan.world(from: walk)
    #expect(world.seed == 9)
    // The crash at 300 s goes after the scenario's lap at 300 s; the relaunch at 305 s after it.
    #expect(
      world.timeline.map(\.kind.name) == ["prepare", "start", "lap", "crash", "relaunch", "end"])
    #expect(world.timeline.map(\.location) == (0..<6).map { "timeline[\($0)]" })
    #expect(world.timeline[4].at == .seconds(305))
    #expect(world.timeline[4].kind == .app(.relaunch(recover: true)))
    #expect(world.phone.offline == [SimulationInstant.seconds(10)..<SimulationInstant.seconds(70)])
    #expect(
      world.sensorSettings(for: .heartRate).dropouts == [
        SimulationInstant.seconds(100)..<SimulationInstant.seconds(120)
      ])
    #expect(
      world.health?.lockPeriods == [SimulationInstant.seconds(200)..<SimulationInstant.seconds(230)]
    )
    #expect(world.authorization?.notifications == .denied)
    // auth-denied: heart rate alone is off, to read and to share; every other type granted.
    #expect(world.authorization?.readAnswer(for: "HKQuantityTypeIdentifierHeartRate") == .denied)
    #expect(world.authorization?.shareAnswer(for: "HKQuantityTypeIdentifierHeartRate") == .denied)
    #expect(world.authorization?.readAnswer(for: "HKQuantityTypeIdentifierStepCount") == .granted)
    #expect(world.authorization?.defaultAnswer == .granted)
    #expect(walk.authorization == nil)
    // auth-denied-all: every HealthKit type the scenario does not list is answered "denied".
    let all = try FaultPlan(seed: 9, faults: [Fault(.authDeniedAll, at: .zero, duration: .zero)])
      .world(from: walk)
    #expect(all.authorization?.defaultAnswer == .denied)
  }

  @Test func authDeniedDrawsOneTypeBySeed() throws {
    // SplitMix64(seed: s, stream: "explore.faults") worked out apart from the code (Python, as
    // in theDrawFollowsSplitMix64), with faults [auth-denied]: count 1 + next % 3, then per
    // fault next % 1 (the kind) and next % 8 (the type among Fault.authDeniedTypes):
    //   seed 0: 2 faults, distanceWalkingRunning (index 3), then workout: left out (one a world);
    //   seed 3: 1 fault, heartRate (index 0); seed 7: 3 faults, workoutRoute (index 7) first.
    let expected: [UInt64: String] = [
      0: "auth-denied:distanceWalkingRunning", 3: "auth-denied:heartRate",
      7: "auth-denied:workoutRoute",
    ]
    for (seed, fault) in expected {
      let plan = FaultPlan.draw(seed: seed, faults: [.authDenied], scenario: walk)
      #expect(plan.description == "seed \(seed): \(fault)")
      #expect(plan == FaultPlan.draw(seed: seed, faults: [.authDenied], scenario: walk))
      // The one-line form reads back to the same plan, short or full names.
      #expect(FaultPlan(plan.description) == plan)
    }
    #expect(
      FaultPlan("seed 3: auth-denied:HKQuantityTypeIdentifierHeartRate")
        == FaultPlan(seed: 3, faults: [.authDenied("HKQuantityTypeIdentifierHeartRate")]))
    // auth-denied names its type; no other whole-world fault takes one; unknown types refused.
    #expect(FaultPlan("seed 3: auth-denied") == nil)
    #expect(FaultPlan("seed 3: auth-denied:heartRates") == nil)
    #expect(FaultPlan("seed 3: notifications-off:heartRate") == nil)
    #expect(FaultPlan("seed 3: auth-denied-all")?.faults.first?.kind == .authDeniedAll)
    // auth-denied and auth-denied-all share a channel: one of them a world.
    for seed in UInt64(0)..<50 {
      let plan = FaultPlan.draw(seed: seed, faults: [.authDenied, .authDeniedAll], scenario: walk)
      #expect(plan.faults.count == 1, "\(plan)")
    }
  }

  @Test func anAuthDeniedWorldFileDecodesToTheSameWorld() throws {
    // The scenario grants heart rate by its full name and denies steps: the written world moves
    // heart rate to "denied" (not both granted and denied, a data error) and keeps steps.
    let listed = walkJSON.replacingOccurrences(
      of: #""health": { "days": 1 },"#,
      with:
        #""health": { "days": 1 }, "authorization": { "healthKit": { "read": { "granted": ["HKQuantityTypeIdentifierHeartRate"], "denied": ["stepCount"] } } },"#
    )
    let scenario = try decodeScenario(listed, fileName: "walk.json")
    let plan = try #require(FaultPlan("seed 5: auth-denied:heartRate, wrist@40+100"))
    let written = try plan.worldDocument(from: try JSONParser.parse(listed), scenario: scenario)
    let text = String(decoding: JSONWriter.encodedBytes(written), as: UTF8.self)
    let decoded = try decodeScenario(text, fileName: "walk.json")
    #expect(decoded == (try plan.world(from: scenario)))
    #expect(decoded.authorization?.readAnswer(for: "HKQuantityTypeIdentifierHeartRate") == .denied)
    #expect(decoded.authorization?.shareAnswer(for: "HKQuantityTypeIdentifierHeartRate") == .denied)
    #expect(decoded.authorization?.readAnswer(for: "HKQuantityTypeIdentifierStepCount") == .denied)
    // The world runs to the same bytes as the typed one.
    #expect(
      try Simulation.run(decoded).document()
        == (try Simulation.run(plan.world(from: scenario)).document()))
  }

  @Test func aFaultOutsideTheSpanIsRefused() throws {
    // The walk's span is 1 s to 599 s: a crash at 5000 s, or one whose relaunch comes at
    // 600 s, would change nothing of the run.
    for line in ["seed 3: crash@5000+5", "seed 3: crash@595+5", "seed 3: wrist@0+10"] {
      let plan = try #require(FaultPlan(line))
      #expect(throws: FaultInstantError.self, "\(line)") { try plan.checkInstants(in: walk) }
    }
    let error = FaultInstantError(
      fault: Fault(.crash, at: .seconds(5000), duration: .seconds(5)), span: 1...599)
    #expect(error.description.hasPrefix("fault crash@5000+5: outside the scenario's span"))
    #expect(error.description.contains("begin at 1 s or later and end by 599 s"))
    for line in [
      "seed 3: crash@594+5", "seed 3: wrist@1+10, notifications-off, auth-denied:workout",
    ] {
      #expect(throws: Never.self) { try #require(FaultPlan(line)).checkInstants(in: walk) }
    }
  }

  @Test func theWorldWrittenAsAFileDecodesToTheSameWorld() throws {
    let plan = FaultPlan(
      seed: 11,
      faults: [
        Fault(.crash, at: .seconds(3), duration: .seconds(7)),
        Fault(.wrist, at: .seconds(40), duration: .seconds(100)),
        Fault(.phoneAway, at: .seconds(50), duration: .seconds(400)),
        Fault(.offline, at: .seconds(10), duration: .seconds(60)),
        Fault(.sensorDropout, at: .seconds(100), duration: .seconds(20)),
        Fault(.lock, at: .seconds(200), duration: .seconds(30)),
        Fault(.notificationsOff, at: .zero, duration: .zero),
        .authDenied("HKQuantityTypeIdentifierHeartRate"),
        Fault(.authDeniedAll, at: .zero, duration: .zero),
      ])
    let document = try JSONParser.parse(walkJSON)
    let written = try plan.worldDocument(from: document, scenario: walk)
    let text = String(decoding: JSONWriter.encodedBytes(written), as: UTF8.self)
    let decoded = try decodeScenario(text, fileName: "walk.json")
    #expect(decoded == (try plan.world(from: walk)))
    // The crash at 3 s follows the scenario's start at 3 s.
    #expect(decoded.timeline.prefix(3).map(\.kind.name) == ["prepare", "start", "crash"])
  }

  @Test func serverTaskAndDaylightSavingFaultsBecomeTheirKeys() throws {
    let plan = FaultPlan(
      seed: 12,
      faults: [
        Fault(.httpError, at: .seconds(20), duration: .seconds(60)),
        Fault(.httpHang, at: .seconds(100), duration: .seconds(90)),
        Fault(.taskExpiry, at: .seconds(200), duration: .seconds(120)),
      ])
    let world = try plan.world(from: walk)
    let span = { (from: Int64, to: Int64) in
      [SimulationInstant.seconds(from)..<SimulationInstant.seconds(to)]
    }
    #expect(world.phone.serverErrors == span(20, 80))
    #expect(world.phone.hangs == span(100, 190))
    #expect(world.phone.taskExpiry == span(200, 320))
    // No timeline action: the scenario's own four.
    #expect(world.timeline.map(\.kind.name) == ["prepare", "start", "lap", "end"])
    let written = try plan.worldDocument(from: try JSONParser.parse(walkJSON), scenario: walk)
    let text = String(decoding: JSONWriter.encodedBytes(written), as: UTF8.self)
    #expect(try decodeScenario(text, fileName: "walk.json") == world)
  }

  @Test func aDaylightSavingFaultMovesTheStartToTheTransition() throws {
    // Europe/Berlin from the default start 2026-01-05 08:00 UTC: the next transition is the
    // last Sunday of March, 2026-03-29, at 02:00 CET = 01:00 UTC. A transition at 1200 s puts
    // t = 0 at 00:40 UTC, written in the zone's offset then (+01:00): 01:40:00+01:00.
    let berlinJSON = walkJSON.replacingOccurrences(
      of: #""seed": 5,"#, with: #""seed": 5, "timeZone": "Europe/Berlin","#)
    let berlin = try decodeScenario(berlinJSON, fileName: "walk.json")
    let plan = FaultPlan(seed: 5, faults: [Fault(.dst, at: .seconds(1200), duration: .zero)])
    #expect(plan.description == "seed 5: dst@1200+0")
    #expect(FaultPlan(plan.description) == plan)
    let world = try plan.world(from: berlin)
    #expect(world.start?.text == "2026-03-29T01:40:00+01:00")
    #expect(world.start?.utcOffsetSeconds == 3600)
    let written = try plan.worldDocument(from: try JSONParser.parse(berlinJSON), scenario: berlin)
    let text = String(decoding: JSONWriter.encodedBytes(written), as: UTF8.self)
    let decoded = try decodeScenario(text, fileName: "walk.json")
    #expect(decoded.start?.date == world.start?.date)
    // Two dst faults never share a world (one start).
    let other = Fault(.dst, at: .seconds(300), duration: .zero)
    #expect(other.overlaps(Fault(.dst, at: .seconds(1200), duration: .zero)))
    // UTC has no transition: refused, and left out of the default kinds.
    #expect(throws: FaultSetError.self) { try FaultPlan.checkApplicable([.dst], to: walk) }
    #expect(!FaultPlan.applicableKinds(of: walk).contains(.dst))
    #expect(FaultPlan.applicableKinds(of: berlin).contains(.dst))
  }

  @Test func theSameSeedGivesTheSameBytes() throws {
    let kinds: [Fault.Kind] = [.crash, .crashRecover, .wrist, .phoneAway, .sensorDropout]
    for seed in UInt64(20)..<24 {
      let plan = FaultPlan.draw(seed: seed, faults: kinds, scenario: walk)
      let first = try Simulation.run(try plan.world(from: walk)).encodedJSON()
      let again = FaultPlan.draw(seed: seed, faults: kinds, scenario: walk)
      let second = try Simulation.run(try again.world(from: walk)).encodedJSON()
      #expect(first == second)
    }
  }

  @Test func lockNeedsAHealthKey() {
    var bare = walk
    bare.health = nil
    let plan = FaultPlan(seed: 1, faults: [Fault(.lock, at: .seconds(5), duration: .seconds(5))])
    #expect(throws: FaultSetError.self) { try plan.world(from: bare) }
    #expect(throws: FaultSetError.self) { try FaultPlan.checkApplicable([.lock], to: bare) }
    #expect(throws: Never.self) { try FaultPlan.checkApplicable([.crash, .wrist], to: bare) }
  }

  @Test func descriptionsNameKindInstantAndSpan() {
    let plan = FaultPlan(
      seed: 17,
      faults: [
        Fault(.wrist, at: .seconds(900), duration: .seconds(40)),
        Fault(.crash, at: .seconds(612), duration: .seconds(5)),
        Fault(.notificationsOff, at: .zero, duration: .zero),
      ])
    // Ordered by instant: the whole-world fault at 0 first.
    #expect(plan.description == "seed 17: notifications-off, crash@612+5, wrist@900+40")
    #expect(FaultPlan(seed: 3, faults: []).description == "seed 3: no faults")
  }
}

@Suite struct ShrinkTests {
  /// Five faults; the planted bug needs a wrist fault and a recovering crash together.
  let plan = FaultPlan(
    seed: 1,
    faults: [
      Fault(.crash, at: .seconds(50), duration: .seconds(5)),
      Fault(.wrist, at: .seconds(100), duration: .seconds(30)),
      Fault(.offline, at: .seconds(120), duration: .seconds(60)),
      Fault(.crashRecover, at: .seconds(200), duration: .seconds(10)),
      Fault(.sensorDropout, at: .seconds(250), duration: .seconds(20)),
    ])

  @Test func removalThenMovesReachTheMinimalLatePlan() {
    var calls = 0
    let shrunk = plan.shrunk(within: .seconds(599)) { candidate in
      calls += 1
      let kinds = candidate.faults.map(\.kind)
      return kinds.contains(.wrist) && kinds.contains(.crashRecover)
    }
    // Only the two needed faults remain, each moved to end at 599 s: the wrist (30 s) at
    // 599 − 30 = 569 s, the crash (10 s) at 599 − 10 = 589 s; they are on different channels.
    #expect(
      shrunk.faults == [
        Fault(.wrist, at: .seconds(569), duration: .seconds(30)),
        Fault(.crashRecover, at: .seconds(589), duration: .seconds(10)),
      ])
    #expect(shrunk.seed == 1)
    #expect(calls > 0)
  }

  @Test func aMoveStopsWhereTheBugNeedsTheFault() {
    // The bug needs the recovering crash (200 s + 10 s) to begin before 400 s. Removal keeps it
    // alone. Moves, steps halved in whole seconds (room = 599 − end):
    //   room 389: +389 → 589 passes; +194 → 394 fails: kept.
    //   room 195: 589, 491, 442, 418, 406, 400 pass (+195, 97, 48, 24, 12, 6); +3 → 397 kept.
    //   room 192: 589, 493, 445, 421, 409, 403, 400 pass; +1 → 398 kept.
    //   room 191: 589, 493, 445, 421, 409, 403 (+5), 400 (+2) pass; +1 → 399 kept.
    //   room 190: +190 … +1 → 400 all pass: done at 399 s.
    let shrunk = plan.shrunk(within: .seconds(599)) { candidate in
      candidate.faults.contains { $0.kind == .crashRecover && $0.at < .seconds(400) }
    }
    #expect(shrunk.faults == [Fault(.crashRecover, at: .seconds(399), duration: .seconds(10))])
  }

  @Test func aWorldThatFailsWithoutFaultsShrinksToNone() {
    #expect(plan.shrunk(within: .seconds(599)) { _ in true }.faults.isEmpty)
  }

  @Test func aPlanThatNeedsEveryFaultStaysWhole() {
    // Nothing can be removed; moves later put the plan in another order, so compare the kinds.
    let shrunk = plan.shrunk(within: .seconds(599)) { $0.faults.count == 5 }
    #expect(shrunk.faults.count == 5)
    #expect(Set(shrunk.faults.map(\.kind)) == Set(plan.faults.map(\.kind)))
  }
}
