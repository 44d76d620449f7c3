import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A live workout's samples reach the health store as they are collected
/// (docs/healthkit-behaviour.md#a-live-workouts-samples): an app reading heart rate during the
/// workout (an anchored query's update handler, an observer, a phone-side poll) sees it.
///
/// `constantRun` from noon: heart rate 150 bpm read at 0, 5, 10, ... s (one reading every 5 s
/// from the start, docs/scenario-format.md#sample-timing), 1 kcal of energy per 10 s span
/// (spans ending at 10, 20, ... s). Collection begins at noon (t = 0).
@Suite struct LiveWorkoutSamplesInStoreTests {
  /// The authorization the tests ask for: share workouts, read heart rate, energy, workouts.
  private func authorized(_ store: HKHealthStore) async throws {
    try await authorize(
      store, share: [HKObjectType.workoutType()],
      read: [heartRate, activeEnergy, HKObjectType.workoutType()])
  }

  /// An anchored query with an update handler, started before the workout, gets the heart
  /// rate during it: by t = 60 s the readings at 0, 5, ..., 60 s, 60 / 5 + 1 = 13 of them,
  /// each 150 bpm, none twice.
  @Test func anAnchoredQuerySeesHeartRateDuringTheWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let seen = Mutex<[(uuid: UUID, bpm: Double, at: Double)]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let query = HKAnchoredObjectQuery(
        type: heartRate, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, _, _, _, _ in }
      query.updateHandler = { _, added, _, _, _ in
        let now = simulation.now.timeIntervalSince(noon(plus: 0))
        let readings = (added ?? []).compactMap { $0 as? HKQuantitySample }.map {
          (uuid: $0.uuid, bpm: $0.quantity.doubleValue(for: bpm), at: now)
        }
        seen.withLock { $0 += readings }
      }
      store.execute(query)
      await simulation.settle()
      let (session, _) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(60))
      await simulation.settle()
      store.stop(query)
      session.end()
    }
    let readings = seen.withLock { $0 }
    #expect(readings.count == 13)
    #expect(Set(readings.map(\.uuid)).count == 13)
    #expect(readings.allSatisfy { $0.bpm == 150 })
    // Each reading was handed over by t = 60 s, the last one at 60 s: during the workout.
    #expect(readings.allSatisfy { $0.at <= 60 })
    #expect(readings.last?.at == 60)
  }

  /// An observer query of heart rate started before the workout is called at its start (the
  /// query's first call) and then at each batch with heart rate: the readings at 0, 5, ...,
  /// 30 s, 7 batches: 1 + 7 = 8 calls by t = 30 s.
  @Test func anObserverQueryFiresDuringTheWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let calls = Mutex<[Double]>([])
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let query = HKObserverQuery(sampleType: heartRate, predicate: nil) { _, completion, _ in
        let now = simulation.now.timeIntervalSince(noon(plus: 0))
        calls.withLock { $0.append(now) }
        completion()
      }
      store.execute(query)
      await simulation.settle()
      let (session, _) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(30))
      await simulation.settle()
      store.stop(query)
      session.end()
    }
    #expect(calls.withLock { $0 } == [0, 0, 5, 10, 15, 20, 25, 30])
  }

  /// A sample query at t = 100 s finds the readings collected so far: 100 / 5 + 1 = 21; the
  /// statistics then: heart rate averages 150 bpm, energy sums 10 spans of 1 kcal = 10 kcal.
  @Test func queriesMidWorkoutFindTheSamplesCollectedSoFar() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let (session, _) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(100))
      let readings = try #require(
        await samples(store, simulation, heartRate).samples as? [HKQuantitySample])
      #expect(readings.count == 21)
      #expect(readings.first?.startDate == noon(plus: 0))
      #expect(readings.last?.startDate == noon(plus: 100))
      #expect(readings.allSatisfy { $0.quantity.doubleValue(for: bpm) == 150 })
      let average = await statistics(store, simulation, heartRate, options: .discreteAverage)
      #expect(average.statistics?.averageQuantity()?.doubleValue(for: bpm) == 150)
      let energy = await statistics(store, simulation, activeEnergy, options: .cumulativeSum)
      #expect(energy.statistics?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 10)
      session.end()
    }
  }

  /// Readings seen at t = 60 s keep their UUIDs once the workout is finished at 120 s:
  /// `predicateForObjects(from:)` finds all 120 / 5 + 1 = 25, the first 13 the ones seen
  /// before, and the store holds no reading twice (25 in all).
  @Test func finishingKeepsTheSamplesSeenAndAddsTheRest() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(60))
      let early = try #require(await samples(store, simulation, heartRate).samples)
      #expect(early.count == 13)
      try await simulation.advance(by: .seconds(60))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let sort = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
      let ofWorkout = try #require(
        await samples(
          store, simulation, heartRate, predicate: HKQuery.predicateForObjects(from: workout),
          sort: sort
        ).samples)
      #expect(ofWorkout.count == 25)
      #expect(Array(ofWorkout.prefix(13).map(\.uuid)) == early.map(\.uuid))
      let all = try #require(await samples(store, simulation, heartRate).samples)
      #expect(all.count == 25)
      #expect(Set(all.map(\.uuid)).count == 25)
    }
  }

  /// A reading the app adds to the live builder mid-workout, dated before readings the store
  /// already holds (90 bpm at 32 s, between the collected 30 s and 35 s), reaches the store
  /// once, beside them: after the read at 60 s (13 readings) the store holds 14, the first 13
  /// with the UUIDs seen before; at the finish (120 s) the workout's readings are the 25
  /// collected (120 / 5 + 1) and the added one, 26, none twice, and the store holds 26 in all.
  @Test func aReadingAddedMidWorkoutReachesTheStoreOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [HKObjectType.workoutType(), heartRate],
        read: [heartRate, activeEnergy, HKObjectType.workoutType()])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(60))
      let early = try #require(await samples(store, simulation, heartRate).samples)
      #expect(early.count == 13)
      let added = HKQuantitySample(
        type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 90),
        start: noon(plus: 32), end: noon(plus: 32))
      try await builder.addSamples([added])
      let after = try #require(await samples(store, simulation, heartRate).samples)
      #expect(after.count == 14)
      #expect(Set(early.map(\.uuid)).isSubset(of: Set(after.map(\.uuid))))
      #expect(
        after.filter { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: bpm) == 90 }.count
          == 1)
      try await simulation.advance(by: .seconds(60))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let ofWorkout = try #require(
        await samples(
          store, simulation, heartRate, predicate: HKQuery.predicateForObjects(from: workout)
        ).samples)
      #expect(ofWorkout.count == 26)
      #expect(Set(ofWorkout.map(\.uuid)).count == 26)
      let all = try #require(await samples(store, simulation, heartRate).samples)
      #expect(all.count == 26)
      #expect(Set(all.map(\.uuid)).count == 26)
    }
  }

  /// A discarded workout leaves what the builder saved while it ran: the 13 readings seen at
  /// t = 60 s and the 12 collected by 120 s that nobody read (25), and no workout.
  @Test func discardingLeavesTheSavedSamples() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(60))
      #expect(await samples(store, simulation, heartRate).samples?.count == 13)
      try await simulation.advance(by: .seconds(60))
      session.end()
      try await builder.endCollection(at: simulation.now)
      builder.discardWorkout()
      #expect(await samples(store, simulation, heartRate).samples?.count == 25)
      #expect(await samples(store, simulation, HKObjectType.workoutType()).samples?.count == 0)
    }
  }

  /// The phone's store, polled during the watch's workout, has the watch's heart rate: at
  /// t = 30 s the readings at 0, 5, ..., 30 s (7), as the watch's own store has them.
  @Test func thePhoneSeesTheWatchsSamplesDuringTheWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (watch, phone) = try await deviceStores(
        simulation, sharing: [HKObjectType.workoutType(), heartRate])
      let (session, _) = try await simulation.on(HealthKitSimulation.Device.watch) {
        try await startedRun(watch, simulation)
      }
      try await simulation.advance(by: .seconds(30))
      #expect(await samples(watch, simulation, heartRate).samples?.count == 7)
      #expect(await samples(phone, simulation, heartRate).samples?.count == 7)
      session.end()
    }
  }
}
