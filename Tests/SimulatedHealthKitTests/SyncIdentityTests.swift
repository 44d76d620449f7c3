import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A server-sync app's water log, written as such apps write it: every sample carries the
/// server entry's id as `HKMetadataKeySyncIdentifier` and its revision as
/// `HKMetadataKeySyncVersion`, and an anchored query feeds the app's upload queue
/// (docs/healthkit-behaviour.md#sync-identifiers).
@Suite struct SyncIdentityTests {
  private static let water = HKQuantityType(.dietaryWater)

  private static func water(
    _ millilitres: Double, at seconds: TimeInterval, entry: String?, version: Any?
  )
    -> HKQuantitySample
  {
    var metadata: [String: Any] = [:]
    if let entry { metadata[HKMetadataKeySyncIdentifier] = entry }
    if let version { metadata[HKMetadataKeySyncVersion] = version }
    return HKQuantitySample(
      type: water, quantity: HKQuantity(unit: .literUnit(with: .milli), doubleValue: millilitres),
      start: noon(plus: seconds), end: noon(plus: seconds), metadata: metadata)
  }

  /// The app's water samples now and the changes an anchored query reports after `anchor`.
  private static func changes(_ store: HKHealthStore, after anchor: HKQueryAnchor?) async throws
    -> (samples: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor?)
  {
    try await withCheckedThrowingContinuation { continuation in
      store.execute(
        HKAnchoredObjectQuery(
          type: water, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
        ) { _, samples, deleted, newAnchor, error in
          if let error {
            continuation.resume(throwing: error)
          } else {
            continuation.resume(returning: (samples ?? [], deleted ?? [], newAnchor))
          }
        })
    }
  }

  /// Entry "e1" saved at version 1 (250 mL), then at version 2 (550 mL): one sample, 550 mL;
  /// the anchored query after the first save reports the 550 mL sample added and the 250 mL
  /// one deleted with exactly the two sync keys as metadata. Saving "e1" again at version 2
  /// (900 mL) or version 1 (100 mL) succeeds and changes nothing. "e2" at version 1 is a new
  /// sample; so is a caffeine-free "e1" of another type (the identifier matches within a type).
  @Test func aGreaterVersionReplacesAndAnEqualOrLowerOneIsIgnored() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var afterFirst: (samples: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor?)?
    var afterAll: [Double] = []
    var firstUUID: UUID?
    var otherTypeCount = 0
    try await simulation.run {
      let store = HKHealthStore()
      let caffeine = HKQuantityType(.dietaryCaffeine)
      try await store.requestAuthorization(
        toShare: [Self.water, caffeine], read: [Self.water, caffeine])
      let first = Self.water(250, at: 0, entry: "e1", version: 1)
      firstUUID = first.uuid
      try await store.save(first)
      let start = try await Self.changes(store, after: nil)
      try await store.save(Self.water(550, at: 0, entry: "e1", version: 2))
      afterFirst = try await Self.changes(store, after: start.anchor)
      try await store.save(Self.water(900, at: 0, entry: "e1", version: 2))
      try await store.save(Self.water(100, at: 0, entry: "e1", version: NSNumber(value: 1)))
      try await store.save(Self.water(300, at: 60, entry: "e2", version: 1))
      try await store.save(
        HKQuantitySample(
          type: caffeine, quantity: HKQuantity(unit: .gramUnit(with: .milli), doubleValue: 80),
          start: noon(plus: 0), end: noon(plus: 0),
          metadata: [HKMetadataKeySyncIdentifier: "e1", HKMetadataKeySyncVersion: 1]))
      let all = try await Self.changes(store, after: nil)
      afterAll = all.samples.compactMap {
        ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .literUnit(with: .milli))
      }.sorted()
      otherTypeCount = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKSampleQuery(
            sampleType: caffeine, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
          ) { _, samples, _ in continuation.resume(returning: samples?.count ?? 0) })
      }
    }
    let changes = try #require(afterFirst)
    #expect(
      changes.samples.compactMap {
        ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .literUnit(with: .milli))
      } == [550])
    #expect(changes.deleted.map(\.uuid) == [firstUUID])
    let metadata = try #require(changes.deleted.first?.metadata)
    #expect(metadata.count == 2)
    #expect(metadata[HKMetadataKeySyncIdentifier] as? String == "e1")
    #expect(metadata[HKMetadataKeySyncVersion] as? Int == 1)
    #expect(afterAll == [300, 550])
    #expect(otherTypeCount == 1)
  }

  /// One save with "e3" at versions 1, 3 and 2 stores only version 3 (400 mL).
  @Test func theGreatestVersionOfOneSaveIsTheOneStored() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var stored: [Double] = []
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [Self.water], read: [Self.water])
      try await store.save([
        Self.water(200, at: 0, entry: "e3", version: 1),
        Self.water(400, at: 0, entry: "e3", version: 3),
        Self.water(300, at: 0, entry: "e3", version: 2),
      ])
      stored = try await Self.changes(store, after: nil).samples.compactMap {
        ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .literUnit(with: .milli))
      }
    }
    #expect(stored == [400])
  }

  /// An identifier without a version, a version without an identifier, or a version that is
  /// no number: `save` fails with `errorInvalidArgument`, the header's words, and stores
  /// nothing; a deleted object without sync keys has no metadata.
  @Test func brokenSyncKeysAreRefused() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var messages: [String] = []
    var count = -1
    var deletedMetadata: [[String: Any]?] = []
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [Self.water], read: [Self.water])
      for sample in [
        Self.water(100, at: 0, entry: "e4", version: nil),
        Self.water(100, at: 0, entry: nil, version: 1),
        Self.water(100, at: 0, entry: "e4", version: "one"),
      ] {
        do {
          try await store.save(sample)
        } catch let error as HKError {
          #expect(error.code == .errorInvalidArgument)
          messages.append(error.message)
        }
      }
      count = try await Self.changes(store, after: nil).samples.count
      let plain = Self.water(100, at: 0, entry: nil, version: nil)
      try await store.save(plain)
      let before = try await Self.changes(store, after: nil).anchor
      try await store.delete(plain)
      deletedMetadata = try await Self.changes(store, after: before).deleted.map(\.metadata)
    }
    #expect(
      messages == [
        "save: HKMetadataKeySyncVersion must be provided if HKMetadataKeySyncIdentifier is provided",
        "save: HKMetadataKeySyncVersion may not be provided if HKMetadataKeySyncIdentifier is not provided",
        "save: HKMetadataKeySyncVersion must be a number (NSNumber, Int, Double), not String",
      ])
    #expect(count == 0)
    #expect(deletedMetadata.count == 1)
    #expect(deletedMetadata.first.map { $0 == nil } == true)
  }
}
