import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedCoreMotion

@Suite("CoreMotion: the live pedometer's running totals")
struct PedometerTotalsTests {
  /// A source added mid-registration: updates from −3000 s on ``pedometerDay()`` (the watch's
  /// 1200 steps over −3600…−2400): 1200 × 600 / 1200 = 600 at once. At 90 s the app saves its
  /// first sample, which adds its source to the store: 100 steps over −2000…−1900, inside the
  /// span and before the update of 60: the update at 120 counts them, 700. At 150 it saves 50
  /// steps over −2950…−2900, under the watch's sample: the watch ranks first (the store's default
  /// priority), so the merge keeps 700 and no update comes at 180. At 200 the app deletes its
  /// first sample: 600 at 240.
  @Test func aSourceAddedMidRegistration() async throws {
    let simulation = try pedometerDay()
    let steps = Mutex<[String]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.startDate.addingTimeInterval(-3000)) { data, _ in
        let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
        steps.withLock { $0.append("\(at) \(data?.numberOfSteps.intValue ?? -1)") }
      }
      func sample(_ value: Double, _ from: Double, _ to: Double) -> HKQuantitySample {
        HKQuantitySample(
          type: HKQuantityType(.stepCount),
          quantity: HKQuantity(unit: .count(), doubleValue: value),
          start: simulation.startDate.addingTimeInterval(from),
          end: simulation.startDate.addingTimeInterval(to))
      }
      try await simulation.advance(by: .seconds(90))
      let first = sample(100, -2000, -1900)
      try await store.save(first)
      try await simulation.advance(by: .seconds(60))
      try await store.save(sample(50, -2950, -2900))
      try await simulation.advance(by: .seconds(50))
      try await store.delete(first)
      try await simulation.advance(by: .seconds(50))
      pedometer.stopUpdates()
    }
    #expect(steps.withLock { $0 } == ["0 600", "120 700", "240 600"])
  }

  /// `HealthStore.anchor(at:)` is the anchor a walk of every change from the beginning ends
  /// at: after the health days and an app's save and deletion, the two agree, and nothing
  /// changed after it.
  @Test func theAnchorAtNowEndsTheChanges() async throws {
    let simulation = try pedometerDay()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
      let saved = HKQuantitySample(
        type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 10),
        start: simulation.startDate.addingTimeInterval(-100),
        end: simulation.startDate.addingTimeInterval(-50))
      try await store.save(saved)
      try await store.delete(saved)
      try await simulation.advance(by: .seconds(10))
    }
    simulation.state.withLock { state in
      let now = state.session.now
      let anchor = state.health.anchor(at: now)
      let walked = state.health.changes(
        of: [(HealthDataType.stepCount, HealthFilter.all)], after: nil, limit: nil, at: now)
      #expect(anchor == walked.anchor)
      #expect(anchor.arrivals > 0 && anchor.deletions == 1)
      let after = state.health.changes(
        of: [(HealthDataType.stepCount, HealthFilter.all)], after: anchor, limit: nil, at: now)
      #expect(after.added.isEmpty && after.deleted.isEmpty)
    }
  }

  /// A back-dated save of a source the store already has: the app saves 10 steps over
  /// −5000…−4900 (before the span) before the updates start, so its source exists and no later
  /// save changes the sources. Updates from −3000 s: 600 at once (the watch's 1200 × 600 /
  /// 1200). At 90 s the app saves 100 steps over −2000…−1900 (no other sample there): the
  /// update at 120 rolls the totals back to before −2000 through the anchored changes' added
  /// sample and says 700 (the checkpoint of 60 alone would keep 600, and no update would come).
  /// At 150 the app deletes it: 600 at 180.
  @Test func aBackDatedSaveAndADeletionCount() async throws {
    let simulation = try pedometerDay()
    let steps = Mutex<[String]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
      func sample(_ value: Double, _ from: Double, _ to: Double) -> HKQuantitySample {
        HKQuantitySample(
          type: HKQuantityType(.stepCount),
          quantity: HKQuantity(unit: .count(), doubleValue: value),
          start: simulation.startDate.addingTimeInterval(from),
          end: simulation.startDate.addingTimeInterval(to))
      }
      try await store.save(sample(10, -5000, -4900))
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.startDate.addingTimeInterval(-3000)) { data, _ in
        let at = Int(simulation.now.timeIntervalSince(simulation.startDate))
        steps.withLock { $0.append("\(at) \(data?.numberOfSteps.intValue ?? -1)") }
      }
      try await simulation.advance(by: .seconds(90))
      let backDated = sample(100, -2000, -1900)
      try await store.save(backDated)
      try await simulation.advance(by: .seconds(60))
      try await store.delete(backDated)
      try await simulation.advance(by: .seconds(40))
      pedometer.stopUpdates()
    }
    #expect(steps.withLock { $0 } == ["0 600", "120 700", "180 600"])
  }

  /// After hours of the generated health day's watch samples arriving as they sync and of
  /// back-dated saves, the live update's steps are those `queryPedometerData` gives over the
  /// same span at the same instant (the running totals equal one sum over the whole span).
  @Test func liveStepsEqualTheQueryOverTheSpan() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"{ "version": 1, "start": "2026-03-02T08:00:00Z", "health": { "days": 2 } }"#,
        fileName: "motion.json"))
    let live = Mutex<Int?>(nil)
    let queried = Mutex<Int?>(nil)
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
      let start = simulation.startDate.addingTimeInterval(-86_400)
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: start) { data, _ in
        live.withLock { $0 = data?.numberOfSteps.intValue }
      }
      for hour in 1...6 {
        try await simulation.advance(by: .seconds(3600))
        let back = Double(hour) * -3000
        try await store.save(
          HKQuantitySample(
            type: HKQuantityType(.stepCount),
            quantity: HKQuantity(unit: .count(), doubleValue: 40),
            start: simulation.now.addingTimeInterval(back),
            end: simulation.now.addingTimeInterval(back + 120)))
      }
      try await simulation.advance(by: .seconds(60))
      pedometer.stopUpdates()
      let end = simulation.now
      let data = try await withCheckedThrowingContinuation { continuation in
        pedometer.queryPedometerData(from: start, to: end) { data, error in
          if let data {
            continuation.resume(returning: data.numberOfSteps.intValue)
          } else {
            continuation.resume(throwing: error ?? CancellationError())
          }
        }
      }
      queried.withLock { $0 = data }
    }
    let steps = queried.withLock { $0 }
    #expect(steps != nil && steps! > 0)
    #expect(live.withLock { $0 } == steps)
  }

  /// The checkpoints are thinned after a day: updates from t = 0 for two days take one every
  /// 60 s (2880 of them, at 60 × k, k = 1…2880) after the start's. At 172 800 s the ones before
  /// 172 800 − 86 400 = 86 400 keep the first of each hour from the start: the start's own
  /// (hour 0, so 60…3540 go) and 3600, 7200, …, 82 800 (hours 1…23): 24. The last day's
  /// stay: 86 400…172 800, k = 1440…2880, 1441. In all 1465 (2881 unthinned).
  @Test func theCheckpointsAreThinnedAfterADay() async throws {
    let simulation = try pedometerDay()
    try await simulation.run {
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.startDate) { _, _ in }
      try await simulation.advance(by: .seconds(172_800))
      let count = simulation.state.withLock { state in
        state.extensionState(CoreMotionState.self)?.pedometer.first?.updates.totals
          .checkpoints.count
      }
      #expect(count == 1465)
      pedometer.stopUpdates()
    }
  }
}
