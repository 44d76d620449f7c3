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

extension HealthKitSimulation.State {
  /// What saving `object` with `identity` does among the app's stored objects: store it (and
  /// delete the ids of the older versions it replaces), or ignore it (an equal or greater
  /// version is stored) (``SyncIdentity``'s rule).
  func syncReplacement(of object: HKSample, identity: SyncIdentity) -> [HealthSampleID]? {
    var replaced: [HealthSampleID] = []
    for (id, stored) in appObjects
    where stored.sampleType.identifier == object.sampleType.identifier {
      guard case .success(let other?) = SyncIdentity.read(stored.metadata),
        other.identifier == identity.identifier
      else { continue }
      if other.version >= identity.version { return nil }
      replaced.append(id)
    }
    return replaced.sorted()
  }

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
    var kept: [HKObject] = []
    var replaced: [HealthSampleID] = []
    for (index, object) in objects.enumerated() {
      guard let identity = identities[index], let sample = object as? HKSample else {
        kept.append(object)
        continue
      }
      let beaten = objects.indices.contains { other in
        guard other != index, let rival = identities[other],
          let rivalSample = objects[other] as? HKSample,
          rivalSample.sampleType.identifier == sample.sampleType.identifier,
          rival.identifier == identity.identifier
        else { return false }
        return rival.version > identity.version
          || (rival.version == identity.version && other < index)
      }
      guard !beaten, let older = syncReplacement(of: sample, identity: identity) else { continue }
      kept.append(object)
      replaced += older
    }
    return .success((kept, replaced))
  }

  /// Deletes the app's objects `ids` from the store at virtual now, keeping their sync
  /// identities for the deleted objects anchored queries report: the one home of removing the
  /// app's objects (`delete`, `deleteObjects`, a replacement by sync identity).
  mutating func deleteAppObjects(_ ids: [HealthSampleID]) {
    guard !ids.isEmpty else { return }
    for id in ids {
      if case .success(let identity?) = SyncIdentity.read(appObjects[id]?.metadata) {
        deletedSyncIdentities[id] = identity
      }
    }
    health.delete(ids, at: session.now)
    healthListenersChanged()
    for id in ids { appObjects[id] = nil }
  }
}
