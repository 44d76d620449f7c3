import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Long-running queries of a device's store wake when the device's own store changes: for an
/// object saved on the other device, at its sync arrival, not at the other device's save
/// (docs/phone-link.md#the-two-health-stores, Store/HKHealthStore+Devices.swift).
@Suite struct DeviceStoreListenerTests {
  /// Strength training from 2026-03-02 12:00 UTC, no samples of its own but active energy;
  /// the phone locked over `lock` (a JSON array of spans, seconds from the start).
  static func scenario(lock: String = "[]") throws -> Scenario {
    try decodeScenario(
      """
      {
        "version": 1,
        "name": "sync",
        "start": "2026-03-02T12:00:00Z",
        "timeZone": "UTC",
        "activity": "traditionalStrengthTraining",
        "location": "indoor",
        "sensors": { "activeEnergyBurned": { "constant": 1.25, "interval": 9 } },
        "health": { "days": 1, "generate": false, "samples": [], "lock": { "periods": \(lock) } },
        "timeline": []
      }
      """, fileName: "test.json")
  }

  /// What a handler saw: virtual seconds and the workouts' UUIDs it was given (none for an
  /// observer).
  final class Calls: Sendable {
    let entries = Mutex<[(at: Double, uuids: [UUID])]>([])
    var times: [Double] { entries.withLock { $0.map(\.at) } }
    var all: [(at: Double, uuids: [UUID])] { entries.withLock { $0 } }
    func add(_ simulation: HealthKitSimulation, _ uuids: [UUID] = []) {
      let at = simulation.now.timeIntervalSince(simulation.startDate)
      entries.withLock { $0.append((at, uuids)) }
    }
  }

  /// The watch's app records strength training from 0 to 600 s and finishes it at 600 s (the
  /// workout saved in the watch's store then); returns it.
  static func watchWorkout(_ simulation: HealthKitSimulation) async throws -> HKWorkout {
    let watchStore = await simulation.on(HealthKitSimulation.Device.watch) { HKHealthStore() }
    try await watchStore.requestAuthorization(
      toShare: [.workoutType()], read: [.workoutType()])
    return try await recordStrength(in: watchStore, simulation, until: 600)
  }

  /// A store made on the phone, sharing and reading workouts, running an observer of workouts
  /// made on the phone whose handler adds to `calls`.
  static func phoneObserver(_ simulation: HealthKitSimulation, _ calls: Calls) async throws
    -> HKHealthStore
  {
    let phoneStore = await simulation.on(HealthKitSimulation.Device.phone) { HKHealthStore() }
    try await phoneStore.requestAuthorization(toShare: [.workoutType()], read: [.workoutType()])
    let query = await simulation.on(.phone) {
      HKObserverQuery(sampleType: .workoutType(), predicate: nil) { _, completion, _ in
        calls.add(simulation)
        completion()
      }
    }
    phoneStore.execute(query)
    return phoneStore
  }

  /// The phone's observer of workouts: its first call at 0 (execute); the watch saves at
  /// 600 s, the phone's store gets the workout by the sync at 600 + 1 = 601 s: one call then,
  /// none at 600 (the phone's store had not changed). At 600.5 s the phone's store holds no
  /// workout, from 601 s the saved one.
  @Test func aPhoneObserverWakesAtTheSyncArrivalNotAtTheWatchsSave() async throws {
    let simulation = try HealthKitSimulation(scenario: try Self.scenario())
    let calls = Calls()
    try await simulation.run {
      // The user has the phone app open: a suspended app's observer is not called (trial 28,
      // docs/swift-api.md#observer-queries-and-background-delivery).
      simulation.phoneAppState = .foreground
      let phoneStore = try await Self.phoneObserver(simulation, calls)
      let saved = try await Self.watchWorkout(simulation)
      try await simulation.advance(to: noon(plus: 600.5))
      #expect(calls.times == [0])
      #expect(await samples(phoneStore, simulation, .workoutType()).samples?.isEmpty == true)
      try await simulation.advance(to: noon(plus: 601))
      #expect(calls.times == [0, 601])
      let found = await samples(phoneStore, simulation, .workoutType()).samples
      #expect(found?.map(\.uuid) == [saved.uuid])
      try await simulation.advance(to: noon(plus: 700))
      #expect(calls.times == [0, 601])
    }
  }

  /// The phone's anchored query of workouts with an update handler: the first results are
  /// empty (0 s); the workout the watch saves at 600 s comes to the update handler at its
  /// arrival in the phone's store, 601 s, once.
  @Test func aPhoneAnchoredQueryGetsTheSyncedWorkoutAtItsArrival() async throws {
    let simulation = try HealthKitSimulation(scenario: try Self.scenario())
    let first = Calls()
    let updates = Calls()
    try await simulation.run {
      let phoneStore = await simulation.on(HealthKitSimulation.Device.phone) { HKHealthStore() }
      try await phoneStore.requestAuthorization(
        toShare: [.workoutType()], read: [.workoutType()])
      let query = await simulation.on(.phone) {
        let query = HKAnchoredObjectQuery(
          type: .workoutType(), predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in first.add(simulation, (added ?? []).map(\.uuid)) }
        query.updateHandler = { _, added, _, _, _ in
          updates.add(simulation, (added ?? []).map(\.uuid))
        }
        return query
      }
      phoneStore.execute(query)
      let saved = try await Self.watchWorkout(simulation)
      try await simulation.advance(to: noon(plus: 700))
      #expect(first.all.map(\.at) == [0])
      #expect(first.all.map(\.uuids) == [[]])
      #expect(updates.all.map(\.at) == [601])
      #expect(updates.all.map(\.uuids) == [[saved.uuid]])
    }
  }

  /// Locked from 1 s on, the phone app's observer of workouts with background delivery
  /// (`.immediate`): HealthKit wakes it when the workout reaches the phone's store, at 601 s
  /// (the watch saved it at 600 s), attempt 1; not at 600 s.
  @Test func backgroundDeliveryWakesThePhoneAtTheSyncArrival() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try Self.scenario(lock: #"[ { "from": 1, "to": 20000 } ]"#))
    let calls = Calls()
    try await simulation.run {
      let phoneStore = try await Self.phoneObserver(simulation, calls)
      try await phoneStore.enableBackgroundDelivery(for: .workoutType(), frequency: .immediate)
      _ = try await Self.watchWorkout(simulation)
      try await simulation.advance(to: noon(plus: 700))
      #expect(calls.times == [0, 601])
      let wakes = simulation.result.log.compactMap { entry -> String? in
        guard case .backgroundDelivery(let delivery) = entry.kind, delivery.event == .wake
        else { return nil }
        return "\(Int(entry.at.seconds)):\(delivery.attempt ?? 0)"
      }
      #expect(wakes == ["601:1"])
    }
  }

  /// The other way: a step sample the phone's store saves at 10 s reaches the watch's store at
  /// 10 + 1 = 11 s; the watch's observer of steps is called then (and at 0, execute), not at 10.
  @Test func aWatchObserverWakesWhenAPhoneSaveArrives() async throws {
    let simulation = try HealthKitSimulation(scenario: try Self.scenario())
    let calls = Calls()
    try await simulation.run {
      let steps = HKQuantityType(.stepCount)
      let (watchStore, phoneStore) = try await deviceStores(simulation, sharing: [steps])
      let query = await simulation.on(.watch) {
        HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
          calls.add(simulation)
          completion()
        }
      }
      watchStore.execute(query)
      try await phoneSavesSteps(phoneStore, simulation)
      #expect(calls.times == [0])
      try await simulation.advance(to: noon(plus: 30))
      #expect(calls.times == [0, 11])
    }
  }

  /// A store made outside `on(_:)` reads the whole store: its observer is told at the
  /// watch's save, 600 s, as before devices existed.
  @Test func aWholeStoreObserverIsToldAtTheSave() async throws {
    let simulation = try HealthKitSimulation(scenario: try Self.scenario())
    let calls = Calls()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [.workoutType()], read: [.workoutType()])
      store.execute(
        HKObserverQuery(sampleType: .workoutType(), predicate: nil) { _, completion, _ in
          calls.add(simulation)
          completion()
        })
      _ = try await Self.watchWorkout(simulation)
      try await simulation.advance(to: noon(plus: 700))
      #expect(calls.times == [0, 600])
    }
  }
}
