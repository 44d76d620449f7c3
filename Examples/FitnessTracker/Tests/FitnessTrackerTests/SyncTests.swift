// The fitness tracker's background sync (Examples/FitnessTracker/Sources/FitnessTracker/Sync)
// against a real HTTP server on 127.0.0.1 (TestHTTPServer.swift), under faults, on virtual time.
//
// The day: 2026-03-02 from 00:00 UTC (t = 0; the zone UTC, so quarter hours are multiples of
// 900 s), explicit samples only: 12 step samples, sample k (k = 1…12) from a_k − 60 to a_k,
// 10·k steps, reaching the store at a_k = 660 + 2400·(k − 1) s:
//   660, 3060, 5460, 7860, 10260, 12660, 15060, 17460, 19860, 22260, 24660, 27060
// (none on a quarter hour). The phone is unlocked (the app in the foreground) unless a test locks
// it: each arrival calls the steps observer, the app reads it with its anchored query and POSTs a
// batch of that one sample. The app starts at t = 0, when the store is empty: the four first
// observer calls read nothing and send nothing. Every run ends at 27 100 s.
//
// A failed upload submits a BGAppRefreshTaskRequest with earliestBeginDate 900 s later; the
// simulation launches it at the first quarter hour at or after that, after the submission, with
// the network online (docs/phone.md#background-tasks).
import Foundation
import SimulatedBackgroundTasks
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario

@testable import FitnessTracker
@testable import SimulatedHealthKit
@testable import SimulatedNetwork

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A flag set once from another thread, which a task can wait for without polling.
private final class Flag: Sendable {
  private let state = Mutex<(isSet: Bool, waiting: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// Sets the flag and resumes every task waiting for it.
  func set() {
    let waiting = state.withLock { state in
      state.isSet = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns once the flag is set (at once if it is).
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isSet = state.withLock { state in
        if !state.isSet { state.waiting.append(continuation) }
        return state.isSet
      }
      if isSet { continuation.resume() }
    }
  }
}

/// a_k, seconds.
private func arrival(_ k: Int) -> Int { 660 + 2400 * (k - 1) }

/// The app's Info.plist (BGTaskSchedulerPermittedIdentifiers), found from this file.
private let infoPlist = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("App/Info.plist").path

/// The day's simulation, changed by `edit`.
private func syncDay(
  extra: [String] = [], _ edit: (inout Scenario) -> Void = { _ in }
) throws -> HealthKitSimulation {
  let simulation = try HealthKitSimulation(scenario: try syncScenario(extra: extra, edit))
  // The app's answers cross a real loopback server (wall clock): with the whole suite on two
  // loaded cores the first upload has taken over the default 30 s, a report of the machine,
  // not of the app.
  simulation.appWorkGrace = .seconds(requestTimeout)
  return simulation
}

/// The app's request timeout in the sync tests, seconds, and the wall clock the simulation
/// gives each upload (`appWorkGrace`): 120. A request to the real loopback server times out on
/// the wall clock, so a short timeout failed an upload the server was about to answer when the
/// machine was loaded (a CI run of the hang test: 5 s); a hang is the scenario's
/// (`phone.network.hangs`), which times out on virtual time.
let requestTimeout: TimeInterval = 120

/// The day's scenario, changed by `edit`.
func syncScenario(
  extra: [String] = [], _ edit: (inout Scenario) -> Void = { _ in }
) throws -> Scenario {
  let steps = (1...12).map { k in
    """
    { "type": "stepCount", "source": "watch", "start": \(arrival(k) - 60), "end": \(arrival(k)),
      "value": \(10 * k), "savedAt": \(arrival(k)) }
    """
  }
  let samples = steps + extra
  let text = """
    { "version": 1, "start": "2026-03-02T00:00:00Z", "timeZone": "UTC", "seed": 7,
      "health": { "days": 1, "generate": false, "samples": [\(samples.joined(separator: ","))] } }
    """
  var scenario = try Scenario.decode(Array(text.utf8), fileName: "sync.json")
  scenario.app.infoPlist = .file(infoPlist)
  edit(&scenario)
  return scenario
}

/// The app's launch: a new health store, the upload session on the simulated network with a
/// ``requestTimeout`` of 120 s, the refresh task registered, the observers started.
func launchApp(
  _ simulation: HealthKitSimulation, server: TestHTTPServer, defaults: UserDefaults
) async throws -> SyncEngine {
  let engine = SyncEngine(
    healthStore: HKHealthStore(),
    session: URLSession(configuration: simulation.urlSessionConfiguration()),
    serverURL: server.url, defaults: defaults, requestTimeout: requestTimeout,
    now: { simulation.now })
  engine.registerBackgroundTasks()
  try await engine.startObservingDataChanges()
  await simulation.settle()
  return engine
}

/// Fresh defaults (the app's own suite, unique per test); remove them at the test's end:
/// `let suite = freshDefaults(); defer { suite.remove() }`.
func freshDefaults() -> TestDefaults { TestDefaults("sync-tests") }

/// The step samples' UUIDs in the store at the end, sorted (what the server must hold).
private func storeStepUUIDs(_ simulation: HealthKitSimulation) async -> [String] {
  await storeUUIDs(simulation, of: HKQuantityType(.stepCount))
}

/// The UUIDs of the samples of `type` in the store at the end, sorted.
private func storeUUIDs(_ simulation: HealthKitSimulation, of type: HKSampleType) async -> [String]
{
  await simulation.run { await storeUUIDsInRun(simulation, of: type) }
}

/// The UUIDs of the samples of `type` in the store now, sorted, read inside the simulation's
/// `run`.
func storeUUIDsInRun(_ simulation: HealthKitSimulation, of type: HKSampleType) async -> [String] {
  let found = Mutex<[String]>([])
  let query = HKSampleQuery(
    sampleType: type, predicate: nil, limit: HKObjectQueryNoLimit,
    sortDescriptors: nil
  ) { _, samples, _ in
    found.withLock { $0 = (samples ?? []).map(\.uuid.uuidString).sorted() }
  }
  HKHealthStore().execute(query)
  // The results handler runs in the callback lane.
  await simulation.settle()
  return found.withLock { $0 }
}

/// The BackgroundTasks and Network log entries as `event@seconds`.
private func systemLog(_ simulation: HealthKitSimulation) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .system(let event) = entry.kind,
      event.framework == .backgroundTasks || event.framework == .network
    else { return nil }
    var text = "\(event.event)@\(Int(entry.at.seconds))"
    if case .bool(let success)? = event.details["success"] { text += ":\(success)" }
    return text
  }
}

/// The sample UUID of step sample k (1-based), from the store's UUIDs in arrival order.
private func stepUUIDsInArrivalOrder(_ server: TestHTTPServer) -> [String] {
  var seen: [String] = []
  for request in server.requests {
    for uuid in request.uuids where !seen.contains(uuid) { seen.append(uuid) }
  }
  return seen
}

@Suite("Background sync under faults", .serialized)
struct SyncTests {
  @Test("No fault: 12 arrivals, 12 POSTs of one sample each, 12 UUIDs stored, no retry")
  func noFault() async throws {
    let simulation = try syncDay()
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    let requests = server.requests
    #expect(requests.count == 12)
    #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/v1/samples" })
    #expect(requests.allSatisfy { $0.uuids.count == 1 && $0.idempotencyKey?.count == 64 })
    // 12 distinct batches, 12 distinct keys.
    #expect(Set(requests.compactMap(\.idempotencyKey)).count == 12)
    #expect(server.storedUUIDs == (await storeStepUUIDs(simulation)))
    #expect(server.storedUUIDs.count == 12)
    #expect(systemLog(simulation) == [])
  }

  @Test("No fault, three types: 12 step, 3 heart-rate, 2 energy arrivals make 17 POSTs")
  func noFaultThreeTypes() async throws {
    // Besides the 12 step samples: heart rate j (j = 1…3), an instant sample at
    // h_j = 1260 + 2400·(j − 1) = 1260, 3660, 6060 s (00:21, 01:01, 01:41), 72, 95, 130 count/min;
    // active energy m (m = 1, 2) from e_m − 60 to e_m, e_m = 1860 + 2400·(m − 1) = 1860, 4260 s
    // (00:30–00:31, 01:10–01:11), 4.5 and 12.25 kcal. Every arrival is 600 s from the next one,
    // so each wakes its own type's observer alone and makes one POST of that one sample:
    // 12 + 3 + 2 = 17 requests, in arrival order
    // 660 S, 1260 H, 1860 E, 3060 S, 3660 H, 4260 E, 5460 S, 6060 H, then S at 7860…27060 (9).
    let heartRates = [(1260, 72), (3660, 95), (6060, 130)].map { at, value in
      """
      { "type": "heartRate", "source": "watch", "start": \(at), "value": \(value), "savedAt": \(at) }
      """
    }
    let energies = [(1860, "4.5"), (4260, "12.25")].map { at, value in
      """
      { "type": "activeEnergyBurned", "source": "watch", "start": \(at - 60), "end": \(at),
        "value": \(value), "savedAt": \(at) }
      """
    }
    let simulation = try syncDay(extra: heartRates + energies)
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    let steps = "HKQuantityTypeIdentifierStepCount"
    let heart = "HKQuantityTypeIdentifierHeartRate"
    let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    let requests = server.requests
    #expect(requests.count == 17)
    #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/v1/samples" })
    #expect(requests.allSatisfy { $0.uuids.count == 1 && $0.idempotencyKey?.count == 64 })
    #expect(Set(requests.compactMap(\.idempotencyKey)).count == 17)
    // Each key is the SHA-256 of its body.
    #expect(requests.allSatisfy { $0.idempotencyKey == UploadBatch.idempotencyKey(of: $0.body) })
    let types = requests.map { request -> String in
      let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
      return object?["type"] as? String ?? "?"
    }
    #expect(
      types == [steps, heart, energy, steps, heart, energy, steps, heart]
        + Array(repeating: steps, count: 9))

    // The server holds exactly the store's UUIDs of each type: 12, 3 and 2.
    let stored = server.storedSamples
    let storedOf = { (type: String) in stored.filter { $0.value["type"] == type }.keys.sorted() }
    #expect(storedOf(steps) == (await storeUUIDs(simulation, of: HKQuantityType(.stepCount))))
    #expect(storedOf(heart) == (await storeUUIDs(simulation, of: HKQuantityType(.heartRate))))
    #expect(
      storedOf(energy) == (await storeUUIDs(simulation, of: HKQuantityType(.activeEnergyBurned))))
    #expect(storedOf(steps).count == 12)
    #expect(storedOf(heart).count == 3)
    #expect(storedOf(energy).count == 2)
    #expect(stored.count == 17)

    // The bodies byte for byte (docs/phone.md#background-sync-in-the-example): keys sorted, no
    // whitespace, dates ISO 8601 UTC with milliseconds, the type's unit.
    func body(_ index: Int, type: String, start: String, end: String, value: String, unit: String)
      -> String
    {
      let uuid = requests[index].uuids.first ?? "?"
      return
        "{\"samples\":[{\"end\":\"2026-03-02T\(end).000Z\",\"start\":\"2026-03-02T\(start).000Z\","
        + "\"type\":\"\(type)\",\"unit\":\"\(unit)\",\"uuid\":\"\(uuid)\",\"value\":\(value)}],"
        + "\"type\":\"\(type)\"}"
    }
    let expected = [
      // Steps 1: 600–660 s, 10 steps.
      body(0, type: steps, start: "00:10:00", end: "00:11:00", value: "10", unit: "count"),
      // Heart rate 1 at 1260 s = 00:21:00.
      body(1, type: heart, start: "00:21:00", end: "00:21:00", value: "72", unit: "count/min"),
      // Energy 1: 1800–1860 s.
      body(2, type: energy, start: "00:30:00", end: "00:31:00", value: "4.5", unit: "kcal"),
      // Steps 2: 3000–3060 s, 20 steps.
      body(3, type: steps, start: "00:50:00", end: "00:51:00", value: "20", unit: "count"),
      // Heart rate 2 at 3660 s = 01:01:00.
      body(4, type: heart, start: "01:01:00", end: "01:01:00", value: "95", unit: "count/min"),
      // Energy 2: 4200–4260 s.
      body(5, type: energy, start: "01:10:00", end: "01:11:00", value: "12.25", unit: "kcal"),
      // Steps 3: 5400–5460 s, 30 steps.
      body(6, type: steps, start: "01:30:00", end: "01:31:00", value: "30", unit: "count"),
      // Heart rate 3 at 6060 s = 01:41:00.
      body(7, type: heart, start: "01:41:00", end: "01:41:00", value: "130", unit: "count/min"),
    ]
    #expect(requests.prefix(8).map { String(decoding: $0.body, as: UTF8.self) } == expected)
    #expect(systemLog(simulation) == [])
  }

  @Test("Generated history with ECGs: the launch uploads the four types, 2 ECGs among them")
  func generatedWithECGs() async throws {
    // Generated days 2026-02-28, 03-01 and 03-02 (t = 0 at 03-02 00:00), an ECG every day
    // (`ecg.everyDays` 1), the Watch worn day and night and never charging, no workouts: the
    // generator puts one 30 s ECG on each day at wake + 1 h or later (docs/health-data.md#ecg-recordings), so
    // before t = 0 the store holds exactly 2 (02-28, 03-01); today's is after 06:45 + 1 h.
    // The run ends at t = 1 s, right after the launch: the four observers' first calls, in the
    // order steps, heart rate, active energy, ECG, each POST one batch of everything pending:
    // 4 requests. The generated quantity counts are not known by hand: they are checked against
    // the store's own HKSampleQuery of each type.
    let text = """
      { "version": 1, "start": "2026-03-02T00:00:00Z", "timeZone": "UTC", "seed": 7,
        "health": { "days": 3, "habits": { "wearsWatch": true, "charging": [] },
                    "ecg": { "everyDays": 1 } } }
      """
    var scenario = try Scenario.decode(Array(text.utf8), fileName: "sync-ecg.json")
    scenario.app.infoPlist = .file(infoPlist)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(1))
      await simulation.settle()
      _ = engine
    }
    let ecgType = SyncedType.electrocardiogram.rawValue
    let requests = server.requests
    let objects = requests.map { request in
      (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
    }
    #expect(
      objects.map { $0["type"] as? String ?? "?" } == SyncedType.allCases.map(\.rawValue))
    let stored = server.storedSamples
    let storedOf = { (type: String) in stored.filter { $0.value["type"] == type }.keys.sorted() }
    for type in SyncedType.allCases {
      #expect(storedOf(type.rawValue) == (await storeUUIDs(simulation, of: type.sampleType)))
    }
    #expect(storedOf(ecgType).count == 2)
    // Each ECG carries its average heart rate in count/min and classification 1 (sinus rhythm),
    // 30 s from start to end.
    let ecgs = (objects.last?["samples"] as? [[String: Any]]) ?? []
    #expect(ecgs.count == 2)
    for ecg in ecgs {
      #expect(
        Set(ecg.keys) == ["classification", "end", "start", "type", "unit", "uuid", "value"])
      #expect(ecg["classification"] as? Int == 1)
      #expect(ecg["unit"] as? String == "count/min")
      #expect(ecg["type"] as? String == ecgType)
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let start = formatter.date(from: ecg["start"] as? String ?? "")
      let end = formatter.date(from: ecg["end"] as? String ?? "")
      #expect(start.flatMap { s in end.map { $0.timeIntervalSince(s) } } == 30)
    }
  }

  @Test("500 then 503: the retry launches at 4500 and 5400; the third attempt stores sample 2")
  func serverErrors() async throws {
    // Request 1 (660): sample 1, 200. Request 2 (3060): sample 2, 500 → retry from 3960 →
    // launched at 4500 (the quarter hour after 3960). Request 3 (4500, the retry): sample 2,
    // 503 → retry from 5400 → launched at 5400 (a quarter hour). Request 4 (5400): sample 2,
    // 200. Samples 3…12 (5460…27060): requests 5…14. 14 requests, 12 UUIDs; requests 2–4 carry
    // the same body and so the same key.
    let (requests, stored, log, expected) = try await runServerErrors()
    #expect(requests.count == 14)
    #expect(requests.map(\.uuids.count) == Array(repeating: 1, count: 14))
    #expect(requests[1].idempotencyKey == requests[2].idempotencyKey)
    #expect(requests[2].idempotencyKey == requests[3].idempotencyKey)
    #expect(requests[1].uuids == requests[3].uuids)
    #expect(Set(requests.compactMap(\.idempotencyKey)).count == 12)
    #expect(stored == expected)
    #expect(stored.count == 12)
    #expect(
      log == [
        "submitted@3060", "launched@4500", "submitted@4500", "completed@4500:false",
        "launched@5400", "completed@5400:true",
      ])
  }

  @Test("The same day twice: the same requests, keys and order")
  func deterministic() async throws {
    let first = try await runServerErrors()
    let second = try await runServerErrors()
    #expect(first.requests == second.requests)
    #expect(first.log == second.log)
  }

  /// The 500/503 day; the requests, stored UUIDs, system log and the store's UUIDs.
  private func runServerErrors() async throws -> (
    requests: [TestHTTPServer.Request], stored: [String], log: [String], expected: [String]
  ) {
    let simulation = try syncDay()
    let server = try TestHTTPServer(faults: [2: .status(500), 3: .status(503)])
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    return (
      server.requests, server.storedUUIDs, systemLog(simulation), await storeStepUUIDs(simulation)
    )
  }

  @Test("Refused: the listener is closed 3000–4000 s; the retry at 4500 sends sample 2")
  func refused() async throws {
    // Sample 2 (3060) meets a closed port: the request never reaches the server → retry from
    // 3960 → launched at 4500, listener open again: sample 2 stored. The server reads 12
    // requests (samples 1, 2 at 4500, 3…12), one sample each.
    let simulation = try syncDay()
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(3000))
      server.closeListener()
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(4000))
      try server.reopen()
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    #expect(server.requests.count == 12)
    #expect(server.requests.allSatisfy { $0.uuids.count == 1 })
    #expect(server.storedUUIDs == (await storeStepUUIDs(simulation)))
    #expect(server.storedUUIDs.count == 12)
    #expect(
      systemLog(simulation) == [
        "submitted@3060", "launched@4500", "completed@4500:true",
      ])
  }

  @Test(
    "Hang: sample 2's request is never answered; its 120 s timeout fails it, the retry at 4500 sends it"
  )
  func hang() async throws {
    // Servers hang from 3000 to 3100 (`phone.network.hangs`): sample 2's request (3060) never
    // reaches the server and fails at 3060 + 120 = 3180 of virtual time, nothing stored →
    // retry from 3180 + 900 = 4080 → launched at 4500 (the quarter hour after 4080): sample 2
    // stored. The server reads 12 requests (samples 1, 2 at 4500, 3…12), one sample each.
    // Before, the test server itself hung request 2 and the app's timeout was 5 s of wall
    // clock, which every other upload shared: on a loaded machine one of them timed out too.
    let simulation = try syncDay {
      $0.phone.hangs = [SimulationInstant.seconds(3000)..<SimulationInstant.seconds(3100)]
    }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    #expect(server.requests.count == 12)
    #expect(server.requests.allSatisfy { $0.uuids.count == 1 })
    #expect(Set(server.requests.compactMap(\.idempotencyKey)).count == 12)
    #expect(server.storedUUIDs == (await storeStepUUIDs(simulation)))
    #expect(server.storedUUIDs.count == 12)
    #expect(
      systemLog(simulation) == [
        "requestHung@3060", "requestFailed@3180", "submitted@3180", "launched@4500",
        "completed@4500:true",
      ])
  }

  @Test(
    "Killed mid-upload: the server stores sample 2, the app dies before the answer; relaunched, it sends the same batch again, stored once"
  )
  func killedMidUpload() async throws {
    // Request 2 (3060): the server commits sample 2, the test crashes the app, no answer; the
    // anchor stays at sample 1. Relaunched at 3100, the first observer call reads sample 2
    // again: request 3, the same key, the server already holds it (12 UUIDs in all). Samples
    // 3…12: requests 4…13.
    let crashed = Flag()
    let simulation = try syncDay()
    let server = try TestHTTPServer(faults: [
      2: .commitThen {
        Task {
          // The app's store is made outside `on` (the watch app's process) and its
          // BGTaskScheduler registration is the iPhone app's: both die.
          await simulation.crash()
          await simulation.crash(.phone)
          crashed.set()
        }
      }
    ])
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    let defaults = suite.defaults
    try await simulation.run {
      _ = try await launchApp(simulation, server: server, defaults: defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(3100))
      await crashed.wait()
      await simulation.relaunch()
      await simulation.relaunch(.phone)
      let engine = try await launchApp(simulation, server: server, defaults: defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    let requests = server.requests
    try #require(requests.count == 13)
    #expect(requests[1].idempotencyKey == requests[2].idempotencyKey)
    #expect(requests[1].uuids == requests[2].uuids)
    #expect(server.storedUUIDs == (await storeStepUUIDs(simulation)))
    #expect(server.storedUUIDs.count == 12)
    #expect(systemLog(simulation) == [])
  }

  @Test(
    "Offline 3000–4600 s: sample 2 fails offline (logged), the retry waits for the network: 5400")
  func offline() async throws {
    // 3060: requestFailed (offline) → retry from 3960; 4500 is still offline → 5400, online:
    // sample 2 stored before sample 3 arrives (5460). The server reads 12 requests.
    let simulation = try syncDay {
      $0.phone.offline = [SimulationInstant.seconds(3000)..<SimulationInstant.seconds(4600)]
    }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    #expect(server.requests.count == 12)
    #expect(server.storedUUIDs == (await storeStepUUIDs(simulation)))
    #expect(server.storedUUIDs.count == 12)
    #expect(
      systemLog(simulation) == [
        "requestFailed@3060", "submitted@3060", "launched@5400", "completed@5400:true",
      ])
  }

  @Test("Locked 3000–4000 s: the background wake's read fails, the retry at 4500 sends sample 2")
  func locked() async throws {
    // 3060, locked: background delivery wakes the app (the first delivery comes at once); the
    // anchored query fails with errorDatabaseInaccessible → retry from 3960 → 4500, unlocked:
    // sample 2 stored. The unlock at 4000 calls no observer (the wake told it already). 12
    // requests.
    let simulation = try syncDay {
      $0.health?.lockPeriods = [SimulationInstant.seconds(3000)..<SimulationInstant.seconds(4000)]
    }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let suite = freshDefaults()
    defer { suite.remove() }
    try await simulation.run {
      let engine = try await launchApp(simulation, server: server, defaults: suite.defaults)
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(27_100))
      await simulation.settle()
      _ = engine
    }
    #expect(server.requests.count == 12)
    #expect(server.storedUUIDs == (await storeStepUUIDs(simulation)))
    #expect(server.storedUUIDs.count == 12)
    #expect(
      systemLog(simulation) == ["submitted@3060", "launched@4500", "completed@4500:true"])
    let wakes = simulation.result.log.compactMap { entry -> Int? in
      guard case .backgroundDelivery(let delivery) = entry.kind, delivery.event == .wake else {
        return nil
      }
      return Int(entry.at.seconds)
    }
    #expect(wakes == [3060])
  }

  @Test("The anchor survives an archive round trip (NSSecureCoding)")
  func anchorArchive() throws {
    let anchor = HKQueryAnchor(fromValue: 42)
    let data = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
    let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
    #expect(back == anchor)
  }

  @Test("SHA-256 of \"abc\" and of the empty message (FIPS 180-4 examples)")
  func sha256() {
    #expect(
      sha256Hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      sha256Hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    // 56 bytes: the padding spills into a second block.
    #expect(
      sha256Hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
