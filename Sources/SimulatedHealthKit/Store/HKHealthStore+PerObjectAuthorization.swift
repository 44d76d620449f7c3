import WorkoutCore
import WorkoutHealth

/// The simulated person's answers to per-object read sheets and the objects they allowed
/// (docs/healthkit-behaviour.md#vision-prescriptions).
struct PerObjectAuthorization: SimulationExtension {
  /// How the person answers the next sheets.
  var answer: HealthKitSimulation.PerObjectReadAnswer = .allowAll
  /// Store ids of the objects the person allowed the app to read.
  var allowed: Set<HealthSampleID> = []

  init(simulation: HealthKitSimulation) {}
}

extension HealthKitSimulation {
  /// How the simulated person answers a per-object read sheet
  /// (`requestPerObjectReadAuthorization(for:predicate:)`): which of the objects it offers they
  /// allow. A project rule (Apple leaves the choice to the person): until a test sets it, they
  /// allow every object offered.
  public enum PerObjectReadAnswer: Sendable, Hashable {
    /// Every object the sheet offers.
    case allowAll
    /// None: the app reads none of them (those allowed before are taken back).
    case allowNone
    /// Only the offered objects with these UUIDs.
    case allow(Set<UUID>)
    /// Only the offered medications with these identifiers (the codes given to
    /// `addMedication(identifier:...)`); no other object.
    case allowMedications(Set<String>)
  }

  /// Sets how the person answers the per-object read sheets from now on (a simulation control,
  /// like the scenario's `authorization` for the ordinary sheet).
  public func answerPerObjectReadRequests(_ answer: PerObjectReadAnswer) {
    let simulation = self
    mutate { state in
      state.withExtension(PerObjectAuthorization.self, of: simulation) { store, _ in
        store.answer = answer
      }
    }
  }
}

extension HKHealthStore {
  /// Shows the per-object sheet for `objectType`'s objects that `predicate` matches (any
  /// source) and records the person's answer (`HealthKitSimulation.PerObjectReadAnswer`):
  /// afterwards queries of the type find exactly the allowed objects. As Apple documents, the
  /// sheet shows on every call and replaces the answer for the objects it offers. The
  /// completion gets `(true, nil)` in the callback lane (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/requestperobjectreadauthorization(for:predicate:completion:)).
  ///
  /// Errors: `errorInvalidArgument` for a type that does not require per-object authorization
  /// (ask with `requestAuthorization(toShare:read:)`).
  public func requestPerObjectReadAuthorization(
    for objectType: HKObjectType, predicate: NSPredicate?,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    // After the app's termination nothing is called back, as for `save` (the store is inert).
    guard let outcome = perObjectRequest(objectType, predicate) else { return }
    simulation.enqueue {
      switch outcome {
      case .success: completion(true, nil)
      case .failure(let error): completion(false, error)
      }
    }
  }

  /// The async form of `requestPerObjectReadAuthorization(for:predicate:completion:)` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/requestperobjectreadauthorization(for:predicate:completion:)).
  ///
  /// - Throws: `errorInvalidArgument` as the completion form reports it;
  ///   `HealthKitSimulation.AppTermination` after the app was terminated.
  nonisolated(nonsending) public func requestPerObjectReadAuthorization(
    for objectType: HKObjectType, predicate: NSPredicate?
  ) async throws {
    guard let outcome = perObjectRequest(objectType, predicate) else { throw inertError() }
    await simulation.deliver()
    try outcome.get()
  }

  /// Offers the matching objects and records the answer under the lock; `nil` when inert.
  private func perObjectRequest(_ objectType: HKObjectType, _ predicate: NSPredicate?)
    -> Result<Void, HKError>?
  {
    let context = QueryContext(simulation: simulation)
    let simulation = simulation
    return simulation.mutate { state -> Result<Void, HKError>? in
      guard state.terminated == nil else { return nil }
      if objectType is HKUserAnnotatedMedicationType {
        state.session.withEngine {
          $0.logAuthorizationSheet(share: [], read: [objectType.identifier])
        }
        let answer = state.extensionState(PerObjectAuthorization.self)?.answer ?? .allowAll
        state.answerMedicationSheet(predicate: predicate, answer: answer, simulation: simulation)
        return .success(())
      }
      guard objectType.requiresPerObjectAuthorization(), let kind = objectType.healthDataType
      else {
        return .failure(
          HKError(
            .errorInvalidArgument,
            "\(objectType.identifier) does not require per-object authorization: ask with requestAuthorization(toShare:read:)"
          ))
      }
      // What the sheet offers: the predicate's objects without any read rule.
      let filter = predicate.map { state.translate($0, type: kind, context: context) } ?? .all
      let offered = state.health.samples(
        of: kind, where: filter, at: state.session.now, sortedBy: [], limit: nil)
      state.session.withEngine {
        $0.logAuthorizationSheet(share: [], read: [objectType.identifier])
      }
      state.withExtension(PerObjectAuthorization.self, of: simulation) { store, state in
        let chosen: [HealthSampleID]
        switch store.answer {
        case .allowAll: chosen = offered
        case .allowNone, .allowMedications: chosen = []
        case .allow(let uuids):
          chosen = offered.filter { uuids.contains(state.uuid(of: $0)) }
        }
        store.allowed.subtract(offered)
        store.allowed.formUnion(chosen)
      }
      return .success(())
    }
  }
}

extension HealthKitSimulation.State {
  /// The objects of a per-object type the app may read: those the person allowed in the
  /// sheets so far.
  func perObjectReadFilter() -> HealthFilter {
    .ids(extensionState(PerObjectAuthorization.self)?.allowed ?? [])
  }
}
