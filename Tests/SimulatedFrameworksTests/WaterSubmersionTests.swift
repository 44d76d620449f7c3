import Foundation
import SimulatedHealthKit
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedCoreMotion

/// What a water submersion delegate saw, one line per call: `event <t> <state raw>`,
/// `measure <t> <depth or -> <state raw>`, `temp <t> <°C>`, `error <code>`, with `t` the
/// date's seconds from t = 0 (rounded to 1 ms); and the measurements' pressures, kPa.
final class SubmersionRecorder: NSObject, CMWaterSubmersionManagerDelegate, @unchecked Sendable {
  let start: Date
  let lock = NSLock()
  nonisolated(unsafe) var lines: [String] = []
  nonisolated(unsafe) var pressures: [(t: Double, surface: Double, water: Double?)] = []

  init(start: Date) { self.start = start }

  private func seconds(_ date: Date) -> Double {
    (date.timeIntervalSince(start) * 1000).rounded() / 1000
  }

  func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {
    let line = "event \(seconds(event.date)) \(event.state.rawValue)"
    lock.withLock { lines.append(line) }
  }

  func manager(
    _ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement
  ) {
    let depth = measurement.depth.map { "\($0.converted(to: .meters).value)" } ?? "-"
    let t = seconds(measurement.date)
    let line = "measure \(t) \(depth) \(measurement.submersionState.rawValue)"
    let surface = measurement.surfacePressure.converted(to: .kilopascals).value
    let water = measurement.pressure?.converted(to: .kilopascals).value
    lock.withLock {
      lines.append(line)
      pressures.append((t, surface, water))
    }
  }

  func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
    let line =
      "temp \(seconds(measurement.date)) \(measurement.temperature.converted(to: .celsius).value) \(measurement.temperatureUncertainty.value)"
    lock.withLock { lines.append(line) }
  }

  func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: any Error) {
    let line = "error \((error as NSError).domain) \((error as NSError).code)"
    lock.withLock { lines.append(line) }
  }

  var all: [String] { lock.withLock { lines } }
  func count(_ prefix: String) -> Int { all.filter { $0.hasPrefix(prefix + " ") }.count }
}

/// An Apple Watch Ultra at sea level (`gps.altitude` 0: the surface pressure is 101.325 kPa)
/// with one dive from t = 10 (or `from`) to 70 s (or `to`) to 3 m (or `depth`) in 18 °C water,
/// and the given entitlement.
private func diveScenario(
  entitlement: String = #""entitlement": "shallowDepth","#, depth: Double = 3, from: Int = 10,
  to: Int = 70
)
  -> String
{
  #"""
  { "version": 1, "start": "2026-03-02T08:00:00Z", "gps": { "altitude": 0 },
    "motion": { "submersion": { \#(entitlement)
      "dives": [ { "from": \#(from), "to": \#(to), "depth": \#(depth), "temperature": 18 } ] } } }
  """#
}

@Suite("CoreMotion: CMWaterSubmersionManager on the scenario's dives")
struct WaterSubmersionTests {
  /// Setting the delegate at t = 0: the surface state at once (event notSubmerged = 1 and a
  /// measurement with no depth, state notSubmerged = 100), then a measurement a second at
  /// 1…9; at 10 the dive starts: event submerged (2), then three measurements a second, each
  /// with a temperature (18 °C ± 0.5), 60 s × 3 = 180 of them at 10 + k/3 (k = 0…179); at 70
  /// the dive ends: event notSubmerged and a measurement, then one a second at 71…75.
  /// Measurements: 10 + 180 + 1 + 5 = 196; temperatures 180; events 3.
  /// Depth min(3, 0.15 × (t − 10), 0.15 × (70 − t)): at 10 it is 0 (shallow, 200); at 20,
  /// 0.15 × 10 = 1.5 m (deep, 300); at 30 and 50, 3 m (0.15 × 20 = 3; 0.15 × 20 = 3).
  /// Pressure at 1.5 m: 101.325 + 1025 × 9.80665 / 1000 × 1.5 = 101.325 + 15.077724375 =
  /// 116.402724375 kPa.
  @Test func aDiveFromTheScenario() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(diveScenario(), fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    var available = false
    var maximum: Double?
    try await simulation.run {
      available = CMWaterSubmersionManager.waterSubmersionAvailable
      let manager = CMWaterSubmersionManager()
      maximum = manager.maximumDepth?.converted(to: .meters).value
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(75))
      manager.delegate = nil
      try await simulation.advance(by: .seconds(10))
      withExtendedLifetime(manager) {}
    }
    #expect(available)
    #expect(maximum == 6)
    let lines = recorder.all
    #expect(Array(lines.prefix(3)) == ["event 0.0 1", "measure 0.0 - 100", "measure 1.0 - 100"])
    #expect(recorder.count("measure") == 196)
    #expect(recorder.count("temp") == 180)
    #expect(
      lines.filter { $0.hasPrefix("event") } == ["event 0.0 1", "event 10.0 2", "event 70.0 1"])
    let atTen = lines.firstIndex(of: "event 10.0 2")
    #expect(
      atTen.map { Array(lines[$0...].prefix(3)) } == [
        "event 10.0 2", "measure 10.0 0.0 200", "temp 10.0 18.0 0.5",
      ])
    #expect(lines.contains("measure 20.0 1.5 300"))
    #expect(lines.contains("measure 30.0 3.0 300"))
    #expect(lines.contains("measure 50.0 3.0 300"))
    #expect(lines.contains("measure 70.0 - 100"))
    #expect(lines.last == "measure 75.0 - 100")
    let atTwenty = recorder.lock.withLock { recorder.pressures.first { $0.t == 20 } }
    #expect(atTwenty?.surface == 101.325)
    #expect(abs((atTwenty?.water ?? 0) - 116.402724375) < 1e-9)
  }

  /// The depth states under the shallow entitlement (6 m) on a dive from 10 to 110 s to 7 m:
  /// at 20, 0.15 × 10 = 1.5 m deep (300); at 45, 0.15 × 35 = 5.25 m, within 1 m of 6:
  /// approaching (400); at 50, 6.0 m, not past 6: approaching; at 60, min(7, 7.5, 7.5) = 7 m,
  /// past 6: pastMaxDepth (500). With the full entitlement the maximum is 40 m and 7 m is deep.
  @Test func depthStatesAgainstTheEntitlementsMaximum() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(diveScenario(depth: 7, to: 110), fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    try await simulation.run {
      let manager = CMWaterSubmersionManager()
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(60))
      withExtendedLifetime(manager) {}
    }
    let lines = recorder.all
    #expect(lines.contains("measure 20.0 1.5 300"))
    #expect(lines.contains("measure 45.0 5.25 400"))
    #expect(lines.contains("measure 50.0 6.0 400"))
    #expect(lines.contains("measure 60.0 7.0 500"))

    let full = try HealthKitSimulation(
      scenario: decodeScenario(
        diveScenario(entitlement: #""entitlement": "submergedDepth","#, depth: 7, to: 110),
        fileName: "dive.json"))
    let fullRecorder = SubmersionRecorder(start: full.startDate)
    var maximum: Double?
    try await full.run {
      let manager = CMWaterSubmersionManager()
      maximum = manager.maximumDepth?.converted(to: .meters).value
      manager.delegate = fullRecorder
      try await full.advance(by: .seconds(60))
      withExtendedLifetime(manager) {}
    }
    #expect(maximum == 40)
    #expect(fullRecorder.all.contains("measure 60.0 7.0 300"))
  }

  /// A suspended watch app gets nothing: wrist down at 0, suspended at 130 (the watch's
  /// defaults), so measurements at 0…129 (130 of them, on the surface); the dive starts at 150
  /// unseen. Opened at 200, the next measurement is the dive grid's next instant, 150 + 151/3 =
  /// 200.333, preceded by the missed `submerged` event dated there, at min(4, 0.15 × 50.333,
  /// 0.15 × 99.667) = 4 m (deep, 300); then 200.667 and 201: 130 + 3 = 133 measurements.
  @Test func nothingWhileSuspendedAndTheMissedEventAfter() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(diveScenario(depth: 4, from: 150, to: 300), fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    try await simulation.run {
      let manager = CMWaterSubmersionManager()
      manager.delegate = recorder
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(200))
      await simulation.perform(.openApp)
      try await simulation.advance(by: .seconds(1))
      withExtendedLifetime(manager) {}
    }
    let lines = recorder.all
    #expect(recorder.count("measure") == 133)
    let opened = lines.firstIndex(of: "measure 129.0 - 100").map { Array(lines[($0 + 1)...]) }
    #expect(
      opened?.prefix(3) == [
        "event 200.333 2", "measure 200.333 4.0 300", "temp 200.333 18.0 0.5",
      ])
    #expect(lines.last == "temp 201.0 18.0 0.5")
  }

  /// A freed manager's registration is pruned: freed at 5 with its delegate still set, the
  /// timer fires at most once more over the next 10 s (the firing already due at 6, which
  /// drops it) and the delegate gets nothing after 5; kept, it would fire at 6…10 and then
  /// three times a second from 10 to 15: 5 + 15 = 20 times.
  @Test func aFreedManagerStopsTheTimer() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(diveScenario(), fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    let (freedAt, after, seen) = try await simulation.run { () -> (Int, Int, Int) in
      do {
        let manager = CMWaterSubmersionManager()
        manager.delegate = recorder
        try await simulation.advance(by: .seconds(5))
        withExtendedLifetime(manager) {}
      }
      let freedAt = fires(simulation)
      let seen = recorder.all.count
      try await simulation.advance(by: .seconds(10))
      return (freedAt, fires(simulation), seen)
    }
    #expect(after - freedAt <= 1)
    #expect(recorder.all.count == seen)
  }

  /// The timer rests while the watch app is suspended: wrist down at 0, suspended at 130 (the
  /// watch's defaults); from 131 to 200 it fires not once (unparked: 131…149 on the surface,
  /// 19 times, then three times a second from 150, 150 more); the catch-up after opening is
  /// ``nothingWhileSuspendedAndTheMissedEventAfter()``'s.
  @Test func theTimerRestsWhileSuspended() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(diveScenario(depth: 4, from: 150, to: 300), fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    let (suspended, opened) = try await simulation.run { () -> (Int, Int) in
      let manager = CMWaterSubmersionManager()
      manager.delegate = recorder
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(131))
      let suspended = fires(simulation)
      try await simulation.advance(by: .seconds(69))
      let opened = fires(simulation)
      withExtendedLifetime(manager) {}
      return (suspended, opened)
    }
    #expect(opened == suspended)
  }

  /// No depth gauge: a scenario without `motion.submersion`, or the iPhone's code: not
  /// available, no maximum depth, and setting the delegate reports CMErrorNotAvailable (109)
  /// once and nothing else.
  @Test func withoutADepthGaugeTheDelegateGetsNotAvailable() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(#"{ "version": 1 }"#, fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    var available = true
    var hasMaximum = true
    try await simulation.run {
      available = CMWaterSubmersionManager.waterSubmersionAvailable
      let manager = CMWaterSubmersionManager()
      hasMaximum = manager.maximumDepth != nil
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(30))
      withExtendedLifetime(manager) {}
    }
    #expect(!available)
    #expect(!hasMaximum)
    #expect(recorder.all == ["error CMErrorDomain 109"])

    let phone = try HealthKitSimulation(
      scenario: decodeScenario(diveScenario(), fileName: "dive.json"))
    let phoneRecorder = SubmersionRecorder(start: phone.startDate)
    var phoneAvailable = true
    try await phone.run {
      phoneAvailable = await phone.on(.phone) {
        CMWaterSubmersionManager.waterSubmersionAvailable
      }
      let manager = await phone.on(.phone) { CMWaterSubmersionManager() }
      manager.delegate = phoneRecorder
      try await phone.advance(by: .seconds(30))
      withExtendedLifetime(manager) {}
    }
    #expect(!phoneAvailable)
    #expect(phoneRecorder.all == ["error CMErrorDomain 109"])
  }

  /// Motion & Fitness denied: the delegate gets CMErrorMotionActivityNotAuthorized (105) once
  /// and no updates.
  @Test func deniedMotionReportsNotAuthorized() async throws {
    let json = diveScenario().replacingOccurrences(
      of: #""gps": { "altitude": 0 },"#,
      with: #""gps": { "altitude": 0 }, "authorization": { "motion": "denied" },"#)
    let simulation = try HealthKitSimulation(scenario: decodeScenario(json, fileName: "dive.json"))
    let recorder = SubmersionRecorder(start: simulation.startDate)
    try await simulation.run {
      #expect(CMWaterSubmersionManager.authorizationStatus == .denied)
      let manager = CMWaterSubmersionManager()
      manager.delegate = recorder
      try await simulation.advance(by: .seconds(30))
      withExtendedLifetime(manager) {}
    }
    #expect(recorder.all == ["error CMErrorDomain 105"])
  }

  /// An Apple Watch Ultra scenario without `entitlement`: making the manager traps, as the
  /// app without the capability cannot instantiate it.
  @Test func withoutTheEntitlementMakingTheManagerTraps() async {
    await #expect(processExitsWith: .failure) {
      let simulation = try HealthKitSimulation(
        scenario: decodeScenario(diveScenario(entitlement: ""), fileName: "dive.json"))
      await simulation.run { _ = CMWaterSubmersionManager() }
    }
  }

  /// Decoding: the dives and entitlement as written; overlapping dives and an unknown
  /// entitlement are data errors at their paths.
  @Test func decodingTheSubmersionKey() throws {
    let scenario = try decodeScenario(diveScenario(), fileName: "dive.json")
    let submersion = try #require(scenario.motion?.submersion)
    #expect(submersion.entitlement == .shallowDepth)
    #expect(submersion.dives.count == 1)
    #expect(submersion.dives.first?.temperature == 18)
    #expect(
      scenarioErrorLine(
        #"{ "version": 1, "motion": { "submersion": { "dives": [ { "from": 0, "to": 100, "depth": 5 }, { "from": 50, "to": 200, "depth": 5 } ] } } }"#,
        fileName: "m.json")
        == "m.json: motion.submersion.dives[1]: starts before dive 0 ends (expected dives in time order that do not overlap)"
    )
    #expect(
      scenarioErrorLine(
        #"{ "version": 1, "motion": { "submersion": { "entitlement": "full" } } }"#,
        fileName: "m.json")?.hasPrefix("m.json: motion.submersion.entitlement: ") == true)
  }
}

/// How many times Core Motion's timer fired so far.
private func fires(_ simulation: HealthKitSimulation) -> Int {
  simulation.state.withLock { $0.extensionState(CoreMotionState.self)?.timerFires ?? 0 }
}
