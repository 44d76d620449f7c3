import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit

/// Trial 28: `phoneAppState = .background` (phone.md's way to put the app in the background, and
/// the default) did not hold the phone app's observer queries: only the lock did. Apple: "By
/// default, observer queries only return results while your app is in the foreground; however,
/// you can configure your app to also receive update notifications in the background"
/// (https://developer.apple.com/documentation/healthkit/executing-observer-queries), and
/// background delivery "Enables the delivery of updates to an app running in the background"
/// (https://developer.apple.com/documentation/healthkit/hkhealthstore/enablebackgrounddelivery(for:frequency:withcompletion:)).
@Suite("The phone app's observer queries follow phoneAppState")
struct PhoneAppStateObserverTests {
  /// iPhone walking distance saved at 600, 900 and 1200 s, the phone never locked.
  static let distances = iPhoneSamplesSavedLate("distanceWalkingRunning")

  /// The phone app's store (made inside `on(.phone)`) running an observer of walking distance
  /// whose handler records the virtual seconds of each call and answers at once.
  static func phoneObserver(
    _ simulation: HealthKitSimulation, _ calls: DeviceCrashQueryTests.Times
  ) async throws -> HKHealthStore {
    let distance = HKQuantityType(.distanceWalkingRunning)
    let store = await simulation.on(.phone) { HKHealthStore() }
    try await store.requestAuthorization(toShare: [], read: [distance])
    let query = await simulation.on(.phone) {
      HKObserverQuery(sampleType: distance, predicate: nil) { _, completion, _ in
        calls.add(simulation)
        completion()
      }
    }
    store.execute(query)
    return store
  }

  /// In the background (the default) without background delivery: the first call at execute
  /// (0 s), none at the saves of 600 and 900 s; the app comes to the foreground at 1000 s and
  /// gets one call then for both; in the foreground, the save at 1200 s calls it at 1200 s.
  @Test func aSuspendedAppsObserverWaitsForTheForeground() async throws {
    let simulation = try observedDay(samples: Self.distances)
    let calls = DeviceCrashQueryTests.Times()
    try await simulation.run {
      #expect(simulation.phoneAppState == .background)
      _ = try await Self.phoneObserver(simulation, calls)
      try await simulation.advance(by: .seconds(1000))
      #expect(calls.all == [0])
      simulation.phoneAppState = .foreground
      await simulation.settle()
      #expect(calls.all == [0, 1000])
      try await simulation.advance(by: .seconds(300))
      #expect(calls.all == [0, 1000, 1200])
    }
  }

  /// In the background with background delivery (`.immediate`): HealthKit wakes the app at each
  /// save, 600, 900 and 1200 s, attempt 1 each (the handler answers at once), logged as
  /// `backgroundDelivery` `wake` entries.
  @Test func backgroundDeliveryWakesASuspendedApp() async throws {
    let simulation = try observedDay(samples: Self.distances)
    let calls = DeviceCrashQueryTests.Times()
    try await simulation.run {
      let store = try await Self.phoneObserver(simulation, calls)
      try await store.enableBackgroundDelivery(
        for: HKQuantityType(.distanceWalkingRunning), frequency: .immediate)
      try await simulation.advance(by: .seconds(1300))
      #expect(calls.all == [0, 600, 900, 1200])
      let wakes = simulation.result.log.compactMap { entry -> String? in
        guard case .backgroundDelivery(let delivery) = entry.kind, delivery.event == .wake
        else { return nil }
        return "\(Int(entry.at.seconds)):\(delivery.attempt ?? 0)"
      }
      #expect(wakes == ["600:1", "900:1", "1200:1"])
    }
  }
}
