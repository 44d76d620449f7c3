import Foundation

extension HKHealthStore {
  /// The earliest date the person lets the app read each of `types` from, for the types they
  /// granted only a recent window of their history (iOS 27, watchOS 27; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestauthorizedsampledate(for:)):
  /// HealthKit "omits any type that doesn't have a limited-access earliest date".
  ///
  /// A sample type the person granted to read with "Past 30 Days and Future Data" (the
  /// scenario's `authorization.healthKit.history`, docs/scenario-format.md#authorization) maps
  /// to the instant its sheet was answered less 30 × 86,400 s, fixed from then on. Every other
  /// type is left out: full access and a denied read alike (Apple: "both cases return no entry in
  /// the result dictionary"), a type never asked for, characteristics and activity summaries
  /// (limited access "applies only to sample types"). Queries hide other sources' samples that
  /// end before the date (docs/swift-api.md#authorization). Delivered on virtual time like every
  /// async call.
  ///
  /// - Returns: type → earliest readable date; empty when no type of `types` is limited.
  /// - Throws: the app's termination after it was terminated (later store calls are inert);
  ///   nothing else in the simulation.
  @available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *)
  nonisolated(nonsending) public func earliestAuthorizedSampleDate(for types: Set<HKObjectType>)
    async throws -> [HKObjectType: Date]
  {
    let dates = earliestAuthorizedDates(types)
    await simulation.deliver()
    switch dates {
    case .success(let dates): return dates
    case .failure(let error): throw error
    }
  }

  /// The completion-handler form of ``earliestAuthorizedSampleDate(for:)`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/getearliestauthorizedsampledate(for:completion:)):
  /// `completion` gets the same dictionary and no error (or `nil` and the termination after the
  /// app's), on the simulation's delivery queue.
  @available(iOS 27.0, watchOS 27.0, macOS 27.0, visionOS 27.0, *)
  public func getEarliestAuthorizedSampleDate(
    for types: Set<HKObjectType>,
    completion: @escaping @Sendable ([HKObjectType: Date]?, (any Error)?) -> Void
  ) {
    let dates = earliestAuthorizedDates(types)
    simulation.enqueue {
      switch dates {
      case .success(let dates): completion(dates, nil)
      case .failure(let error): completion(nil, error)
      }
    }
  }

  /// The limited-access earliest dates of `types` as the authorization state holds them
  /// (``AuthorizationState/historyStart(_:)``), read now.
  private func earliestAuthorizedDates(_ types: Set<HKObjectType>)
    -> Result<[HKObjectType: Date], any Error>
  {
    let simulation = self.simulation
    let (terminated, starts) = simulation.state.withLock { state in
      (
        state.terminated,
        types.compactMap { type in
          state.authorization.historyStart(type.identifier).map { (type, $0) }
        }
      )
    }
    if terminated != nil { return .failure(inertError()) }
    var dates: [HKObjectType: Date] = [:]
    for (type, start) in starts { dates[type] = simulation.date(of: start) }
    return .success(dates)
  }
}
