import WorkoutCore

/// The health store of the simulation the current task runs in (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkhealthstore).
///
/// Make it inside ``HealthKitSimulation/run(isolation:_:)``: the store, and every session,
/// builder and data source made from it, belong to that simulation. Authorization: every
/// request is granted (the scenario format has no answers yet). Saved objects stay in the
/// simulation's memory; queries come later.
///
/// `Sendable` as in Apple's SDK (its only state, the simulation, is immutable).
public final class HKHealthStore: NSObject, @unchecked Sendable {
  let simulation: HealthKitSimulation

  /// A store in the current task's simulation.
  ///
  /// Traps outside a simulation's `run` with "HKHealthStore() was created outside a simulation:
  /// ..." (docs/swift-api.md#traps).
  public override init() {
    guard let simulation = HealthKitSimulation.current else {
      preconditionFailure(Self.outsideMessage)
    }
    self.simulation = simulation
    super.init()
  }

  /// The trap message of `HKHealthStore()` outside a simulation.
  static let outsideMessage =
    "HKHealthStore() was created outside a simulation: make a HealthKitSimulation(scenario:) and create HealthKit objects inside `try await simulation.run { ... }` (SimulatedHealthKit, docs/swift-api.md)"

  /// `true`: the simulated watch has health data.
  public class func isHealthDataAvailable() -> Bool { true }

  // MARK: - Authorization

  /// The sharing (write) status of `type`: `sharingAuthorized` once the app asked to share
  /// it, `notDetermined` before (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/authorizationstatus(for:)).
  public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
    simulation.state.withLock { $0.requestedShare.contains(type) }
      ? .sharingAuthorized : .notDetermined
  }

  /// Asks to share and read types; the simulated user grants everything. The completion gets
  /// `(true, nil)` in the callback lane (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:completion:)).
  public func requestAuthorization(
    toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    record(share: typesToShare ?? [], read: typesToRead ?? [])
    simulation.enqueue { completion(true, nil) }
  }

  /// Asks to share and read types (the async form); returns once granted.
  ///
  /// - Throws: nothing in the simulation: every request is granted (HealthKit throws an
  ///   ``HKError`` such as `errorAuthorizationDenied` or `errorInvalidArgument`).
  public func requestAuthorization(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
  ) async throws {
    record(share: typesToShare, read: typesToRead)
    await simulation.deliver()
  }

  /// Whether asking would show the prompt: `shouldRequest` while a type was not asked for yet,
  /// else `unnecessary`.
  public func getRequestStatusForAuthorization(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
    completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
  ) {
    let status = requestStatus(share: typesToShare, read: typesToRead)
    simulation.enqueue { completion(status, nil) }
  }

  /// The async form of `getRequestStatusForAuthorization(toShare:read:completion:)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/getrequeststatusforauthorization(toshare:read:completion:)).
  ///
  /// - Returns: `shouldRequest` while a type was not asked for yet, else `unnecessary`.
  /// - Throws: nothing in the simulation (HealthKit throws an ``HKError``).
  public func statusForAuthorizationRequest(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
  ) async throws -> HKAuthorizationRequestStatus {
    let status = requestStatus(share: typesToShare, read: typesToRead)
    await simulation.deliver()
    return status
  }

  private func record(share: Set<HKSampleType>, read: Set<HKObjectType>) {
    simulation.state.withLock { state in
      for type in share { state.requestedShare.insert(type) }
      state.requestedRead.formUnion(read)
    }
  }

  private func requestStatus(share: Set<HKSampleType>, read: Set<HKObjectType>)
    -> HKAuthorizationRequestStatus
  {
    simulation.state.withLock { state in
      let asked =
        share.allSatisfy { state.requestedShare.contains($0) }
        && read.allSatisfy { state.requestedRead.contains($0) || state.requestedShare.contains($0) }
      return asked ? .unnecessary : .shouldRequest
    }
  }

  // MARK: - Saving

  /// Saves `object` in the simulation's store; the completion gets `(true, nil)`.
  public func save(
    _ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    save([object], withCompletion: completion)
  }

  /// Saves `objects` in the simulation's store; the completion gets `(true, nil)`.
  public func save(
    _ objects: [HKObject],
    withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    simulation.state.withLock { $0.saved.append(contentsOf: objects) }
    simulation.enqueue { completion(true, nil) }
  }

  /// Saves `object` (the async form) in the simulation's memory (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/save(_:withcompletion:)-6fmtg).
  ///
  /// - Throws: nothing in the simulation (HealthKit throws an ``HKError``).
  public func save(_ object: HKObject) async throws {
    try await save([object])
  }

  /// Saves `objects` (the async form) in the simulation's memory, in order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/save(_:withcompletion:)-47iwb).
  ///
  /// - Throws: nothing in the simulation (HealthKit throws an ``HKError``).
  public func save(_ objects: [HKObject]) async throws {
    simulation.state.withLock { $0.saved.append(contentsOf: objects) }
    await simulation.deliver()
  }

  /// The objects saved so far (workouts from `finishWorkout` included), in save order; the
  /// store's queries come later.
  package var savedObjects: [HKObject] { simulation.state.withLock { $0.saved } }

  // MARK: - Recovery

  /// After a relaunch, the session the crashed app left open: the same ``HKWorkoutSession``
  /// object (and builder) it had, with its delegates and data source cleared; `nil` when none is
  /// open. What its builder collected since the crash arrives as one `didCollectDataOf` batch
  /// right after the completion returns, so a delegate set in the completion gets it (Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkhealthstore/recoveractiveworkoutsession(completion:)).
  public func recoverActiveWorkoutSession(
    completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void
  ) {
    recover { session in completion(session, nil) }
  }

  /// The async form of `recoverActiveWorkoutSession(completion:)`: the missed batch is
  /// delivered at the next delivery after it returns (``HealthKitSimulation/advance(by:)``,
  /// ``HealthKitSimulation/settle()`` or an async call), once the app has set its delegates.
  ///
  /// - Returns: the open session, or `nil` when none is open or the app made a session of its
  ///   own since the relaunch.
  /// - Throws: nothing in the simulation (HealthKit throws an ``HKError``).
  public func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
    await simulation.deliver()
    return recover(nil)
  }

  @discardableResult
  private func recover(_ completion: (@Sendable (HKWorkoutSession?) -> Void)?)
    -> HKWorkoutSession?
  {
    let store = self
    return simulation.mutate { state -> HKWorkoutSession? in
      let index = state.session.workoutEngine.recoverableSessionIndex
      var session: HKWorkoutSession?
      if let index {
        session =
          state.sessionObjects[index]?.object as? HKWorkoutSession
          ?? HKWorkoutSession(recovering: index, store: store, state: &state)
        session?.recovered()
        state.endpoints[index] = HealthKitSimulation.WeakEndpoint(object: session)
      }
      if let completion {
        let found = session
        state.lane.append(.call { completion(found) })
      }
      state.session.withEngine { _ = $0.recoverActiveSession(at: $0.now) }
      // The app reacts to a recovery with calls (delegates, data source): a main-actor turn.
      state.turnDue = true
      return session
    }
  }
}
