/// The samples the app saved whose types the engine's health store does not keep (it keeps
/// quantities and categories): workout routes, heartbeat series, states of mind and CDA
/// documents, kept as the
/// objects the app made, in the order saved. Sample queries of these types read them here.
struct ObjectSampleStore: SimulationExtension {
  /// Every such sample, in the order saved.
  var samples: [HKSample] = []

  init(simulation: HealthKitSimulation) {}

  /// The identifiers of the types kept here.
  static let identifiers: Set<String> = [
    HKWorkoutRouteTypeIdentifier, HKDataTypeIdentifierHeartbeatSeries,
    HKDataTypeIdentifierStateOfMind, HKDocumentTypeIdentifier.CDA.rawValue,
  ]
}

extension HealthKitSimulation.State {
  /// Keeps `sample` (a type of ``ObjectSampleStore/identifiers``) and lists it as saved.
  mutating func keepObjectSample(_ sample: HKSample, of simulation: HealthKitSimulation) {
    withExtension(ObjectSampleStore.self, of: simulation) { store, _ in
      store.samples.append(sample)
    }
    saved.append(sample)
  }

  /// The kept samples of `type` that match `predicate`, sorted by `sortDescriptors` (else in
  /// the order saved), at most `limit` (0 for all): what an ``HKSampleQuery`` of a type of
  /// ``ObjectSampleStore/identifiers`` returns.
  func objectSamples(
    of type: HKSampleType, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?
  ) -> [HKSample] {
    let kept = (extensionState(ObjectSampleStore.self)?.samples ?? []).filter { sample in
      sample.sampleType.identifier == type.identifier
        && (predicate.map { objectMatches(sample, $0) } ?? true)
    }
    var found = HKSampleQuery.sorted(kept, by: sortDescriptors ?? [])
    if limit > 0, found.count > limit { found = Array(found.prefix(limit)) }
    return found
  }
}
