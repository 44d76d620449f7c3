import Foundation
import WorkoutHealth

/// An object's sync identity, its `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion`,
/// and the one home of HealthKit's rule for them (docs/swift-api.md#sync-identifiers):
///
/// - The two keys come together: "HKMetadataKeySyncVersion must be provided if
///   HKMetadataKeySyncIdentifier is provided" and may not be provided without it (HealthKit's
///   `HKMetadata.h`); the identifier is a string and the version a number (Apple doc:
///   https://developer.apple.com/documentation/healthkit/hkmetadatakeysyncidentifier). `save`
///   of an object that breaks this fails with `errorInvalidArgument` naming the key.
/// - Saving an object whose identity matches one of the app's stored objects of the same type
///   replaces it when the new version is greater: the old object is deleted (an anchored query
///   reports it, its `HKDeletedObject` carrying both keys) and the new one stored (Apple doc:
///   https://developer.apple.com/documentation/healthkit/hkmetadatakeysyncversion).
/// - An equal or lower version is not stored and the save succeeds: HealthKit "would see that
///   the sample already exists and ignore it" (WWDC20 session 10184, "Getting started with
///   HealthKit").
///
/// Project rules where Apple is silent: identities match within one sample type (an app may
/// give its water and caffeine samples of one drink the same identifier); a replaced sample
/// leaves the correlations and workout associations it was in (HealthKit moves the new one
/// into them; not simulated).
struct SyncIdentity: Sendable, Hashable {
  /// The app's identifier of the object.
  let identifier: String
  /// Its version (an `NSNumber` in metadata).
  let version: Double

  /// The metadata an `HKDeletedObject` of an object with this identity carries.
  var metadata: [String: Any] {
    [HKMetadataKeySyncIdentifier: identifier, HKMetadataKeySyncVersion: NSNumber(value: version)]
  }

  /// The identity in `metadata`: `nil` without the keys; a refusal (the message `save` fails
  /// with) when one comes without the other or with a value of the wrong kind.
  static func read(_ metadata: [String: Any]?) -> Result<SyncIdentity?, HKError> {
    let identifier = metadata?[HKMetadataKeySyncIdentifier]
    let version = metadata?[HKMetadataKeySyncVersion]
    switch (identifier, version) {
    case (nil, nil):
      return .success(nil)
    case (_?, nil):
      return .failure(
        HKError(
          .errorInvalidArgument,
          "HKMetadataKeySyncVersion must be provided if HKMetadataKeySyncIdentifier is provided"))
    case (nil, _?):
      return .failure(
        HKError(
          .errorInvalidArgument,
          "HKMetadataKeySyncVersion may not be provided if HKMetadataKeySyncIdentifier is not provided"
        ))
    case (let identifier?, let version?):
      guard let identifier = identifier as? String else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "HKMetadataKeySyncIdentifier must be a String, not \(type(of: identifier))"))
      }
      guard let number = HKPredicate.MetadataOperand(version), case .number(let value) = number
      else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "HKMetadataKeySyncVersion must be a number (NSNumber, Int, Double), not \(type(of: version))"
          ))
      }
      return .success(SyncIdentity(identifier: identifier, version: value))
    }
  }
}

/// The sync identities of the app's stored objects, by sample type and identifier: what `save`
/// compares a new object's identity with (``SyncIdentity``'s rule), so that saving n objects
/// with sync identifiers costs n look-ups, not n reads of every stored object's metadata. Kept
/// by `HealthKitState.keepAppObject(_:id:)` and `removeAppObject(_:)`, the only writers of the
/// app's objects, so it follows every path that stores or deletes them.
struct SyncIndex: Sendable {
  /// A sample type's identifier and a sync identifier.
  struct Key: Hashable, Sendable {
    let type: String
    let identifier: String
  }

  /// A stored object with a key: its store id and version.
  struct Entry: Sendable {
    let id: HealthSampleID
    let version: Double
  }

  /// The stored objects of each key (one, unless objects stored by a path that does not apply
  /// the rule share it: a route or heartbeat series, a workout a live builder finished).
  private var entries: [Key: [Entry]] = [:]
  /// Each indexed object's key and identity, by store id.
  private var identities: [HealthSampleID: (key: Key, identity: SyncIdentity)] = [:]

  /// The stored objects of `type` with `identifier`.
  func stored(type: String, identifier: String) -> [Entry] {
    entries[Key(type: type, identifier: identifier)] ?? []
  }

  /// What saving an object of `type` with `identity` does among the indexed objects: store it
  /// and delete the ids it replaces (older versions), or ignore it (`nil`: an equal or greater
  /// version is stored) (``SyncIdentity``'s rule).
  func replacement(ofType type: String, identity: SyncIdentity) -> [HealthSampleID]? {
    let stored = self.stored(type: type, identifier: identity.identifier)
    if stored.contains(where: { $0.version >= identity.version }) { return nil }
    return stored.map(\.id).sorted()
  }

  /// The identity of the stored object `id`, or `nil` when it has none.
  func identity(of id: HealthSampleID) -> SyncIdentity? { identities[id]?.identity }

  /// Indexes the object `id` of `type` with `identity`.
  mutating func insert(_ identity: SyncIdentity, type: String, id: HealthSampleID) {
    let key = Key(type: type, identifier: identity.identifier)
    entries[key, default: []].append(Entry(id: id, version: identity.version))
    identities[id] = (key, identity)
  }

  /// Forgets the object `id` (nothing when it was not indexed).
  mutating func remove(_ id: HealthSampleID) {
    guard let (key, _) = identities.removeValue(forKey: id) else { return }
    entries[key]?.removeAll { $0.id == id }
    if entries[key]?.isEmpty == true { entries[key] = nil }
  }
}

extension HealthKitSimulation.State {
  /// `objects` of one save without those HealthKit ignores by their sync identity, and the ids
  /// of the stored objects the rest replace; a refusal for an object whose keys break the rule.
  /// Among objects of one call with the same type and identifier, the greatest version is the
  /// one saved (the first of equals).
  func applyingSyncIdentities(to objects: [HKObject]) -> Result<
    (kept: [HKObject], replaced: [HealthSampleID]), HKError
  > {
    var identities: [SyncIdentity?] = []
    for object in objects {
      switch SyncIdentity.read(object.metadata) {
      case .success(let identity): identities.append(identity)
      case .failure(let error): return .failure(error)
      }
    }
    // The winner of each type and identifier within the call, by its index in `objects`.
    var winners: [SyncIndex.Key: Int] = [:]
    for (index, object) in objects.enumerated() {
      guard let identity = identities[index], let sample = object as? HKSample else { continue }
      let key = SyncIndex.Key(type: sample.sampleType.identifier, identifier: identity.identifier)
      if let best = winners[key], let leader = identities[best], leader.version >= identity.version
      {
        continue
      }
      winners[key] = index
    }
    let stored = syncIndex
    var kept: [HKObject] = []
    var replaced: [HealthSampleID] = []
    for (index, object) in objects.enumerated() {
      guard let identity = identities[index], let sample = object as? HKSample else {
        kept.append(object)
        continue
      }
      let type = sample.sampleType.identifier
      guard winners[SyncIndex.Key(type: type, identifier: identity.identifier)] == index,
        let older = stored.replacement(ofType: type, identity: identity)
      else { continue }
      kept.append(object)
      replaced += older
    }
    return .success((kept, replaced))
  }

  /// Deletes the app's objects `ids` from the store at virtual now, keeping their sync
  /// identities for the deleted objects anchored queries report: the one home of removing the
  /// app's objects (`delete`, `deleteObjects`, of a correlation type too, a replacement by sync
  /// identity), which takes them out of ``SyncIndex`` too.
  mutating func deleteAppObjects(_ ids: [HealthSampleID]) {
    guard !ids.isEmpty else { return }
    let kit = healthKit
    for id in ids {
      if let identity = kit.syncIndex.identity(of: id) {
        kit.deletedSyncIdentities[id] = identity
      }
    }
    health.delete(ids, at: session.now)
    healthListenersChanged()
    for id in ids { kit.removeAppObject(id) }
  }
}
