import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Each device's view of the health store and field case F05 (one workout saved once when
/// both apps run; docs/phone-link.md#the-two-health-stores, docs/field-cases.md).
@Suite struct DeviceStoreTests {
  /// F05's workout: traditional strength training for 1800 s from 2026-03-02 12:00 UTC with
  /// active energy 1.25 kcal per 9 s span: 1800 / 9 = 200 spans × 1.25 = 250 kcal.
  static func strength() throws -> Scenario {
    try decodeScenario(
      """
      {
        "version": 1,
        "name": "F05",
        "start": "2026-03-02T12:00:00Z",
        "timeZone": "UTC",
        "activity": "traditionalStrengthTraining",
        "location": "indoor",
        "sensors": { "activeEnergyBurned": { "constant": 1.25, "interval": 9 } },
        "timeline": []
      }
      """, fileName: "test.json")
  }

  /// The phone app of F05: it receives the finished workout's UUID (twice: a retry) and keeps
  /// the workout it finds in its own (phone) store by UUID, so a second delivery adds nothing.
  final class PhoneApp: @unchecked Sendable {
    let store: HKHealthStore
    let simulation: HealthKitSimulation
    var kept: [UUID: HKWorkout] = [:]

    init(simulation: HealthKitSimulation) {
      self.simulation = simulation
      self.store = HKHealthStore()
    }

    func received(_ uuid: UUID) async {
      guard kept[uuid] == nil else { return }
      let found = await samples(
        store, simulation, .workoutType(), predicate: HKQuery.predicateForObject(with: uuid))
      if let workout = found.samples?.first as? HKWorkout { kept[uuid] = workout }
    }
  }

  static func workouts(_ store: HKHealthStore, _ simulation: HealthKitSimulation) async
    -> [HKWorkout]
  {
    await samples(store, simulation, .workoutType()).samples as? [HKWorkout] ?? []
  }

  /// F05. The watch saves W1 (0–1800 s, 250 kcal) with its builder at 1800. Watch view: 1
  /// workout at once. Phone view: none at 1800.5 (the sync takes 1 s), 1 from 1801. The watch
  /// app sends W1's UUID at 1801 and again at 1900 (a retry): the phone app keeps 1 workout
  /// (250 kcal), and the phone's store holds 1 (HealthKit syncs an object once). A store made
  /// outside `on(_:)` sees the whole store: 1 workout. The watch keeps about a week: at
  /// 1800 + 7 days its view still has W1 (its end is 7 days old), 1 s later not; the phone
  /// keeps it.
  @Test func f05OneWorkoutSavedOnceOnBothDevices() async throws {
    let simulation = try HealthKitSimulation(scenario: try Self.strength())
    try await simulation.run {
      let types: Set<HKSampleType> = [.workoutType(), HKQuantityType(.activeEnergyBurned)]
      let watchStore = await simulation.on(HealthKitSimulation.Device.watch) { HKHealthStore() }
      let phone = await simulation.on(.phone) { PhoneApp(simulation: simulation) }
      let whole = HKHealthStore()
      for store in [watchStore, phone.store, whole] {
        try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 }))
      }
      let saved = try await recordStrength(in: watchStore, simulation, until: 1800)
      #expect(saved.duration == 1800)
      let energy = saved.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?
        .doubleValue(for: .kilocalorie())
      #expect(energy.map { abs($0 - 250) < 1e-9 } == true)

      #expect(await Self.workouts(watchStore, simulation).map(\.uuid) == [saved.uuid])
      try await simulation.advance(by: .milliseconds(500))
      #expect(await Self.workouts(phone.store, simulation).isEmpty)
      try await simulation.advance(to: noon(plus: 1801))
      await simulation.on(.phone) { await phone.received(saved.uuid) }
      try await simulation.advance(to: noon(plus: 1900))
      await simulation.on(.phone) { await phone.received(saved.uuid) }
      #expect(phone.kept.count == 1)
      let kept = try #require(phone.kept[saved.uuid])
      #expect(kept.startDate == noon(plus: 0))
      #expect(kept.endDate == noon(plus: 1800))
      let keptEnergy = kept.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?
        .doubleValue(for: .kilocalorie())
      #expect(keptEnergy.map { abs($0 - 250) < 1e-9 } == true)
      #expect(await Self.workouts(phone.store, simulation).map(\.uuid) == [saved.uuid])
      #expect(await Self.workouts(watchStore, simulation).count == 1)
      #expect(await Self.workouts(whole, simulation).count == 1)

      let week: TimeInterval = 7 * 86_400
      try await simulation.advance(to: noon(plus: 1800 + week))
      #expect(await Self.workouts(watchStore, simulation).count == 1)
      try await simulation.advance(to: noon(plus: 1801 + week))
      #expect(await Self.workouts(watchStore, simulation).isEmpty)
      #expect(await Self.workouts(phone.store, simulation).count == 1)
      #expect(await Self.workouts(whole, simulation).count == 1)
    }
  }

  /// A sample a phone store saves at 10 reaches the watch's view at 11 (the sync latency,
  /// 1 s), is in the phone's view at once, and the whole store's too.
  @Test func aPhoneSaveReachesTheWatchAfterTheSyncLatency() async throws {
    let simulation = try HealthKitSimulation(scenario: try Self.strength())
    try await simulation.run {
      let steps = HKQuantityType(.stepCount)
      let (watchStore, phoneStore) = try await deviceStores(simulation, sharing: [steps])
      try await simulation.advance(to: noon(plus: 10))
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 42),
        start: noon(plus: 0), end: noon(plus: 10))
      try await phoneStore.save(sample)
      #expect(await samples(phoneStore, simulation, steps).samples?.count == 1)
      #expect(await samples(watchStore, simulation, steps).samples?.count == 0)
      try await simulation.advance(by: .milliseconds(999))
      #expect(await samples(watchStore, simulation, steps).samples?.count == 0)
      try await simulation.advance(to: noon(plus: 11))
      #expect(await samples(watchStore, simulation, steps).samples?.map(\.uuid) == [sample.uuid])
    }
  }
}
