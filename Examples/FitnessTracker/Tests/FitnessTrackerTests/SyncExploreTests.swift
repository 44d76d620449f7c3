// The fitness tracker's sync explored (docs/explore.md): the day of SyncTests.swift in seeded
// worlds with the phone offline and locked at drawn instants, and with its server failing
// (503), hanging and its retries' background time taken back, each world against its own real
// HTTP server on 127.0.0.1. The invariant is the sync's: when the day is over, the server holds
// exactly the store's step samples (the same UUIDs, none missing, none extra); and at every
// step of the day, issue 30's "the anchor never ahead of the server": every sample the app's
// saved anchor has moved past is on the server already (a sample behind the anchor and not on
// the server would never be sent).
//
// The step check runs every 300 s of virtual time (102 checks a world, 300 s to 30 600 s):
// each arrival a_k is followed by a check at most 300 s later (a_k + 240 s: a_k is 60 s past
// a multiple of 300 s), and each quarter hour, where a retry launches, is a multiple of 300 s. What the anchor covers
// is read, not assumed: the store's samples less those an anchored query from the saved anchor
// still returns.
//
// The day's timeline ends with a probe at 27 100 s, so faults are drawn from 1 s to 27 099 s
// (docs/explore.md#drawing-a-world): an offline or locked span of 60 to 1800 s. An upload
// can fail only inside a span, so at 27 099 s at the latest; it retries at the first quarter
// hour at least 900 s later with the network online (docs/phone.md#background-tasks): from
// 27 999 s, launched at 28 800 s (32 × 900) at the latest, when every span is over. Each world
// runs to 30 700 s, more than half an hour after that.
//
// `scripts/explore-long.sh` runs the same test over many more worlds
// (WORKOUT_SIM_EXPLORE_SEEDS).
import Foundation
import SimulatedHealthKitTesting
import Synchronization
import Testing
import WorkoutCore
import WorkoutExplore
import WorkoutScenario

@testable import FitnessTracker
@testable import SimulatedHealthKit

/// The app's saved anchor for a type has moved past samples the server does not hold.
struct AnchorAheadOfServer: Error, CustomStringConvertible {
  var type: String
  var second: Int
  var notOnServer: Int
  var description: String {
    "at \(second) s the saved anchor of \(type) has moved past \(notOnServer) sample\(notOnServer == 1 ? "" : "s") the server does not hold"
  }
}

/// The server ended the day with other samples than the store's.
struct ServerDiffers: Error, CustomStringConvertible {
  var missing: Int
  var extra: Int
  var description: String {
    "the server lacks \(missing) of the store's step samples and holds \(extra) it should not"
  }
}

@Suite("Background sync explored with network and lock faults", .serialized)
struct SyncExploreTests {
  /// How many worlds: 3 in the suite (each crosses a real loopback server on the wall clock),
  /// `WORKOUT_SIM_EXPLORE_SEEDS` when set (`scripts/explore-long.sh`).
  static let seeds =
    ProcessInfo.processInfo.environment["WORKOUT_SIM_EXPLORE_SEEDS"].flatMap { Int($0) } ?? 3

  @Test("Offline and locked spans never leave the server without the store's samples")
  func offlineAndLockedWorlds() async throws {
    try await exploreSync(faults: [.offline, .lock])
  }

  /// Server errors (503), hung servers (each upload's 120 s timeout, ``requestTimeout``) and
  /// background tasks expiring at launch: an upload fails only inside a span, so by
  /// 27 099 + 120 s at the latest, and retries from 28 119 s, launched at 28 800 s at the
  /// latest (as above). A retry whose
  /// task expires at launch still uploads (the expiration handler only reports the task
  /// unfinished), so the invariant holds.
  @Test("Server errors, hangs and expiring retries never leave the server without the samples")
  func serverAndTaskFaultWorlds() async throws {
    try await exploreSync(faults: [.httpError, .httpHang, .taskExpiry])
  }

  /// The day of SyncTests.swift explored over ``seeds`` worlds drawn from `faults`.
  func exploreSync(faults: [Fault.Kind]) async throws {
    let scenario = try syncScenario {
      $0.timeline = [Scenario.Action(at: .seconds(27_100), kind: .probe, location: "timeline[0]")]
    }
    try await explore(scenario: scenario, seeds: Self.seeds, faults: faults) {
      simulation in
      simulation.appWorkGrace = .seconds(120)
      let server = try TestHTTPServer()
      defer { server.stop() }
      let suite = freshDefaults()
      defer { suite.remove() }
      let defaults = suite.defaults
      let engine = try await launchApp(simulation, server: server, defaults: defaults)
      for second in stride(from: 300, through: 30_600, by: 300) {
        try await simulation.advance(to: simulation.startDate.addingTimeInterval(Double(second)))
        await simulation.settle()
        try await checkAnchorsBehindServer(
          simulation, server: server, defaults: defaults, second: second)
      }
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(30_700))
      await simulation.settle()
      _ = engine
      let store = Set(await storeUUIDsInRun(simulation, of: HKQuantityType(.stepCount)))
      let stored = Set(server.storedUUIDs)
      // 12 step samples arrive in the day (SyncTests.swift).
      guard store.count == 12, stored == store else {
        throw ServerDiffers(
          missing: store.subtracting(stored).count, extra: stored.subtracting(store).count)
      }
    }
  }

  /// Issue 30's "the anchor never ahead of the server", for every synced type: the samples the
  /// saved anchor has moved past (the store's, less those an anchored query from it still
  /// returns) are all on the server.
  func checkAnchorsBehindServer(
    _ simulation: HealthKitSimulation, server: TestHTTPServer, defaults: UserDefaults,
    second: Int
  ) async throws {
    let stored = Set(server.storedUUIDs)
    for type in SyncedType.allCases {
      // No anchor saved yet: it covers nothing.
      guard let anchor = AnchorStore(defaults: defaults).anchor(type) else { continue }
      let store = Set(await storeUUIDsInRun(simulation, of: type.sampleType))
      let pending = Set(await newSampleUUIDs(simulation, of: type.sampleType, since: anchor))
      let behind = store.subtracting(pending).subtracting(stored)
      guard behind.isEmpty else {
        throw AnchorAheadOfServer(type: type.rawValue, second: second, notOnServer: behind.count)
      }
    }
  }

  /// The UUIDs of the samples of `type` an anchored query from `anchor` returns as added, read
  /// inside the simulation's `run`.
  func newSampleUUIDs(
    _ simulation: HealthKitSimulation, of type: HKSampleType, since anchor: HKQueryAnchor
  ) async -> [String] {
    let found = Mutex<[String]>([])
    let query = HKAnchoredObjectQuery(
      type: type, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
    ) { _, added, _, _, _ in
      found.withLock { $0 = (added ?? []).map(\.uuid.uuidString) }
    }
    HKHealthStore().execute(query)
    // The results handler runs in the callback lane.
    await simulation.settle()
    return found.withLock { $0 }
  }
}
