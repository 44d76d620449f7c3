// The fitness tracker's sync explored (docs/explore.md): the day of SyncTests.swift in seeded
// worlds with the phone offline and locked at drawn instants, and with its server failing
// (503), hanging and its retries' background time taken back, each world against its own real
// HTTP server on 127.0.0.1. The invariant is the sync's: when the day is over, the server holds
// exactly the store's step samples (the same UUIDs, none missing, none extra).
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
import Testing
import WorkoutCore
import WorkoutExplore
import WorkoutScenario

@testable import FitnessTracker
@testable import SimulatedHealthKit

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

  /// Server errors (503), hung servers (each upload's 30 s timeout) and background tasks
  /// expiring at launch: an upload fails only inside a span, so by 27 099 + 30 s at the latest,
  /// and retries from 28 029 s, launched at 28 800 s at the latest (as above). A retry whose
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
      let engine = try await launchApp(simulation, server: server, defaults: freshDefaults())
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
}
