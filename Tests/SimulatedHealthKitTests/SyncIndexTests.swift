import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The sync index (`SyncIndex`, Store/SyncIdentity.swift): the app's stored objects by type and
/// `HKMetadataKeySyncIdentifier`, which `save` reads instead of every stored object's metadata.
/// It must follow every path that stores or deletes the app's objects
/// (docs/healthkit-behaviour.md#sync-identifiers).
@Suite struct SyncIndexTests {
  private static let water = HKQuantityType(.dietaryWater)
  private static let millilitre = HKUnit.literUnit(with: .milli)

  private static func water(_ millilitres: Double, entry: String, version: Int) -> HKQuantitySample
  {
    HKQuantitySample(
      type: water, quantity: HKQuantity(unit: millilitre, doubleValue: millilitres),
      start: noon(plus: 0), end: noon(plus: 0),
      metadata: [HKMetadataKeySyncIdentifier: entry, HKMetadataKeySyncVersion: version])
  }

  private static func millilitres(_ samples: [HKSample]) -> [Double] {
    samples.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: millilitre) }
  }

  /// A replacement chain, then a deletion: "e1" at version 1 (100 mL), 2 (200 mL) and 3
  /// (300 mL) leaves 300 mL; version 2 again (250 mL) is ignored. Deleting the 300 mL sample
  /// leaves no "e1", so version 1 again (150 mL) is stored; so is "e2" at version 1 (50 mL)
  /// saved beside it in one call with "e2" at version 1 once more (the first of equals wins).
  /// `deleteObjects` then takes both and "e1" at version 1 (75 mL) is stored again.
  @Test func theIndexFollowsReplacementChainsAndDeletions() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var afterChain: [Double] = []
    var afterIgnored: [Double] = []
    var afterDelete: [Double] = []
    var afterResave: [Double] = []
    var afterDeleteObjects: [Double] = []
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [Self.water], read: [Self.water])
      for (millilitres, version) in [(100.0, 1), (200, 2), (300, 3)] {
        try await store.save(Self.water(millilitres, entry: "e1", version: version))
      }
      afterChain = Self.millilitres(try await queriedSamples(store, Self.water))
      try await store.save(Self.water(250, entry: "e1", version: 2))
      let kept = try await queriedSamples(store, Self.water)
      afterIgnored = Self.millilitres(kept)
      try await store.delete(kept)
      afterDelete = Self.millilitres(try await queriedSamples(store, Self.water))
      try await store.save([
        Self.water(150, entry: "e1", version: 1), Self.water(50, entry: "e2", version: 1),
        Self.water(60, entry: "e2", version: 1),
      ])
      afterResave = Self.millilitres(try await queriedSamples(store, Self.water)).sorted()
      #expect(
        try await store.deleteObjects(of: Self.water, predicate: NSPredicate(value: true)) == 2)
      try await store.save(Self.water(75, entry: "e1", version: 1))
      afterDeleteObjects = Self.millilitres(try await queriedSamples(store, Self.water))
    }
    #expect(afterChain == [300])
    #expect(afterIgnored == [300])
    #expect(afterDelete == [])
    #expect(afterResave == [50, 150])
    #expect(afterDeleteObjects == [75])
  }

  /// `deleteObjects(of:)` of the blood pressure type deletes a correlation's systolic and
  /// diastolic samples as `delete` does: their `HKDeletedObject`s carry their sync keys
  /// ("bp-1" at version 1), and "bp-1" at version 1 saved again afterwards is stored (120
  /// mmHg).
  @Test func deletingByCorrelationTypeKeepsTheSyncKeysAndFreesTheIdentity() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    let mmHg = HKUnit.millimeterOfMercury()
    let keys: [String: Any] = [HKMetadataKeySyncIdentifier: "bp-1", HKMetadataKeySyncVersion: 1]
    func pressure(_ high: Double) -> HKCorrelation {
      HKCorrelation(
        type: HKCorrelationType(.bloodPressure), start: noon(plus: 0), end: noon(plus: 0),
        objects: [
          HKQuantitySample(
            type: systolic, quantity: HKQuantity(unit: mmHg, doubleValue: high),
            start: noon(plus: 0), end: noon(plus: 0), metadata: keys),
          HKQuantitySample(
            type: diastolic, quantity: HKQuantity(unit: mmHg, doubleValue: 80),
            start: noon(plus: 0), end: noon(plus: 0), metadata: keys),
        ])
    }
    var deletedKeys: [String?] = []
    var highs: [Double] = []
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [systolic, diastolic], read: [systolic, diastolic])
      try await store.save(pressure(130))
      let anchor: HKQueryAnchor? = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKAnchoredObjectQuery(
            type: systolic, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
          ) { _, _, _, anchor, error in
            if let error {
              continuation.resume(throwing: error)
            } else {
              continuation.resume(returning: anchor)
            }
          })
      }
      #expect(
        try await store.deleteObjects(
          of: HKCorrelationType(.bloodPressure), predicate: NSPredicate(value: true)) == 1)
      deletedKeys = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKAnchoredObjectQuery(
            type: systolic, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
          ) { _, _, deleted, _, error in
            if let error {
              continuation.resume(throwing: error)
            } else {
              continuation.resume(
                returning: (deleted ?? []).map {
                  $0.metadata?[HKMetadataKeySyncIdentifier] as? String
                })
            }
          })
      }
      try await store.save(pressure(120))
      highs = try await queriedSamples(store, systolic).compactMap {
        ($0 as? HKQuantitySample)?.quantity.doubleValue(for: mmHg)
      }
    }
    #expect(deletedKeys == ["bp-1"])
    #expect(highs == [120])
  }

  /// A workout a live builder finishes with sync keys ("run-1" at version 5, through
  /// `addMetadata`) is among the app's stored objects: an `HKWorkout` saved afterwards as
  /// "run-1" at version 4 is ignored (one workout stored), at version 6 it replaces it (one
  /// workout, the saved one).
  @Test func aFinishedLiveWorkoutIsInTheIndex() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var afterLower: [UUID] = []
    var afterGreater: [UUID] = []
    var greaterUUID: UUID?
    var finishedUUID: UUID?
    try await simulation.run {
      let store = HKHealthStore()
      let workoutType = HKObjectType.workoutType()
      try await store.requestAuthorization(toShare: [workoutType], read: [workoutType])
      let (session, builder) = try await startedRun(store, simulation)
      try await builder.addMetadata([
        HKMetadataKeySyncIdentifier: "run-1", HKMetadataKeySyncVersion: 5,
      ])
      try await simulation.advance(by: .seconds(60))
      session.end()
      try await builder.endCollection(at: simulation.now)
      finishedUUID = try await builder.finishWorkout()?.uuid
      func saved(version: Int) -> HKWorkout {
        HKWorkout(
          activityType: .running, start: simulation.now.addingTimeInterval(-30),
          end: simulation.now, duration: 30, totalEnergyBurned: nil, totalDistance: nil,
          metadata: [HKMetadataKeySyncIdentifier: "run-1", HKMetadataKeySyncVersion: version])
      }
      try await store.save(saved(version: 4))
      afterLower = try await queriedSamples(store, workoutType).map(\.uuid)
      let greater = saved(version: 6)
      greaterUUID = greater.uuid
      try await store.save(greater)
      afterGreater = try await queriedSamples(store, workoutType).map(\.uuid)
    }
    let finished = try #require(finishedUUID)
    #expect(afterLower == [finished])
    #expect(afterGreater == [try #require(greaterUUID)])
  }
}
