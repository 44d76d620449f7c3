import Foundation

extension HKHealthStore {
  /// The earliest date the person lets the app read each of `types` from, for the types they
  /// granted only a recent window of their history (iOS 27, watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestauthorizedsampledate(for:)):
  /// HealthKit "omits any type that doesn't have a limited-access earliest date".
  ///
  /// The simulated person grants the whole history of every type they grant (limited access is
  /// not simulated yet, docs/swift-api.md#authorization), so the answer is always empty, as a
  /// device's is for full access. Delivered on virtual time like every async call.
  ///
  /// - Returns: an empty dictionary.
  /// - Throws: nothing in the simulation (HealthKit throws an ``HKError``).
  @available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *)
  nonisolated(nonsending) public func earliestAuthorizedSampleDate(for types: Set<HKObjectType>)
    async throws -> [HKObjectType: Date]
  {
    await simulation.deliver()
    return [:]
  }

  /// The completion-handler form of ``earliestAuthorizedSampleDate(for:)`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/getearliestauthorizedsampledate(for:completion:)):
  /// `completion` gets an empty dictionary and no error, on the simulation's delivery queue.
  @available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *)
  public func getEarliestAuthorizedSampleDate(
    for types: Set<HKObjectType>,
    completion: @escaping @Sendable ([HKObjectType: Date]?, (any Error)?) -> Void
  ) {
    simulation.enqueue { completion([:], nil) }
  }
}
