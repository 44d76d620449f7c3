import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit

/// Trial 28: `crash(.phone)` left the phone app's observer query running (its handler was still
/// called, and moved the shared anchor), while `crash()`, the watch app's, ended it. One rule
/// for both devices (docs/swift-api.md#crash-and-recovery): a crash ends the running queries of
/// its own device's app process, and nothing of the other device's.
@Suite("A crash ends its own device's queries only")
struct DeviceCrashQueryTests {
  /// iPhone step samples saved at 600, 900 and 1200 s (an iPhone sample is in every store's view
  /// at its save: the phone's own, and a store made outside `on`).
  static let iPhoneSteps = iPhoneSamplesSavedLate("stepCount")

  /// The virtual seconds of each call a handler got.
  final class Times: Sendable {
    let values = Mutex<[Double]>([])
    var all: [Double] { values.withLock { $0 } }
    func add(_ simulation: HealthKitSimulation) {
      let at = simulation.now.timeIntervalSince(simulation.startDate)
      values.withLock { $0.append(at) }
    }
  }

  /// What each app's queries were told.
  struct Observed {
    let phoneObserver = Times()
    let phoneUpdates = Times()
    let watchObserver = Times()
  }

  /// In `simulation`'s run: the phone app's observer and anchored query (update handler) of
  /// steps, with a store made in `on(.phone)`, and the watch app's observer, with a store made
  /// outside `on` (the watch app's).
  static func startQueries(_ simulation: HealthKitSimulation, _ observed: Observed) async throws {
    // The user has the phone app open (a suspended app's observer is not called).
    simulation.phoneAppState = .foreground
    let steps = HKQuantityType(.stepCount)
    let phoneStore = await simulation.on(.phone) { HKHealthStore() }
    try await phoneStore.requestAuthorization(toShare: [], read: [steps])
    let (observer, anchored) = await simulation.on(.phone) {
      let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
        observed.phoneObserver.add(simulation)
        completion()
      }
      let anchored = HKAnchoredObjectQuery(
        type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, _, _, _, _ in }
      anchored.updateHandler = { _, _, _, _, _ in observed.phoneUpdates.add(simulation) }
      return (observer, anchored)
    }
    phoneStore.execute(observer)
    phoneStore.execute(anchored)
    let watchStore = HKHealthStore()
    try await watchStore.requestAuthorization(toShare: [], read: [steps])
    watchStore.execute(
      HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
        observed.watchObserver.add(simulation)
        completion()
      })
  }

  /// The `appState` entries of the run's log as "device cause@seconds from→to".
  static func appStates(_ simulation: HealthKitSimulation) -> [String] {
    simulation.result.log.compactMap { entry in
      guard case .appState(let change) = entry.kind else { return nil }
      return "\(entry.device) \(change.cause)@\(Int(entry.at.seconds)) \(change.from)→\(change.to)"
    }
  }

  /// Samples arrive at 600, 900, 1200 s; the phone app crashes at 700 s. Its observer was called
  /// at 0 (execute) and 600 s, its anchored query's update handler at 600 s, and neither again;
  /// the watch app's observer goes on: 0, 600, 900, 1200. The log has the phone's crash at 700 s
  /// and its relaunch at 1000 s.
  @Test func thePhonesCrashEndsThePhoneAppsQueriesOnly() async throws {
    let simulation = try observedDay(samples: Self.iPhoneSteps)
    let observed = Observed()
    try await simulation.run {
      try await Self.startQueries(simulation, observed)
      try await simulation.advance(by: .seconds(700))
      #expect(observed.phoneObserver.all == [0, 600])
      await simulation.crash(.phone)
      try await simulation.advance(by: .seconds(300))
      await simulation.relaunch(.phone)
      try await simulation.advance(by: .seconds(300))
      #expect(observed.phoneObserver.all == [0, 600])
      #expect(observed.phoneUpdates.all == [600])
      #expect(observed.watchObserver.all == [0, 600, 900, 1200])
      let phone = Self.appStates(simulation).filter { $0.hasPrefix("phone") }
      #expect(
        phone == ["phone crash@700 active→notRunning", "phone relaunch@1000 notRunning→active"])
    }
  }

  /// The same with the watch app's crash at 700 s: the watch app's observer ends (0, 600), the
  /// phone app's queries go on (observer 0, 600, 900, 1200; updates 600, 900, 1200).
  @Test func theWatchsCrashLeavesThePhoneAppsQueriesRunning() async throws {
    let simulation = try observedDay(samples: Self.iPhoneSteps)
    let observed = Observed()
    try await simulation.run {
      try await Self.startQueries(simulation, observed)
      try await simulation.advance(by: .seconds(700))
      await simulation.crash()
      try await simulation.advance(by: .seconds(300))
      await simulation.relaunch()
      try await simulation.advance(by: .seconds(300))
      #expect(observed.watchObserver.all == [0, 600])
      #expect(observed.phoneObserver.all == [0, 600, 900, 1200])
      #expect(observed.phoneUpdates.all == [600, 900, 1200])
      #expect(Self.appStates(simulation).filter { $0.hasPrefix("phone") } == [])
    }
  }
}
