import WorkoutCore
import WorkoutHealth

/// The health store of the simulation the current task runs in (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkhealthstore).
///
/// Make it inside `HealthKitSimulation.run(isolation:_:)`: the store, and every session,
/// builder and data source made from it, belong to that simulation. Authorization follows the
/// scenario's `authorization` answers (every request granted without them); saved objects and
/// the scenario's health data are in the simulation's health store, which queries read
/// (docs/swift-api.md#the-health-store).
///
/// `Sendable` as in Apple's SDK (its only state, the simulation, is immutable).
public final class HKHealthStore: NSObject, @unchecked Sendable {
  /// The simulation the store was made in: its calls read and write this world.
  let home: HealthKitSimulation
  /// ``home``, for every call; a call made inside another simulation's `run` (a store kept in
  /// a static or singleton across tests) is reported there, once per store
  /// (`HealthKitSimulation.Report.KindObject`), never silently served.
  var simulation: HealthKitSimulation {
    if let current = HealthKitSimulation.current, current !== home {
      current.reportForeignUse(of: self, madeIn: home)
    }
    return home
  }
  /// The device whose app made the store inside `HealthKitSimulation.on(_:isolation:_:)`, or
  /// `nil` (made outside `on`: the whole store, as before devices existed).
  let device: HealthKitSimulation.Device?

  /// The device of the app process the store's objects belong to: the phone for a store made
  /// inside `on(.phone)`, the watch otherwise (a crash of that device's app makes them inert;
  /// the mapping's one home is `AppSimulation.Device.init(owning:)`).
  var processDevice: HealthKitSimulation.Device { .init(owning: device) }

  /// A store in the current task's simulation (or, outside every run's task tree, in the one
  /// simulation running, logged as attributed: docs/swift-api.md#traps).
  ///
  /// Traps outside a simulation's `run` with "HKHealthStore() was created outside a simulation:
  /// ...", and with several runs in progress outside their task trees
  /// (docs/swift-api.md#traps).
  public override init() {
    guard
      let simulation = HealthKitSimulation.currentOrOnlyRunning(
        "HKHealthStore()", deviceDependent: true)
    else {
      preconditionFailure(Self.outsideMessage)
    }
    self.home = simulation
    self.device = HealthKitSimulation.currentDevice
    super.init()
    // The routes the app saves through a store become the run result's track.
    simulation.addResultContributor(SavedRoutes())
  }

  /// The trap message of `HKHealthStore()` outside a simulation (or outside the task tree of
  /// the run in progress: `AppSimulation.outsideMessage(_:fix:)`).
  static var outsideMessage: String {
    HealthKitSimulation.outsideMessage(
      "HKHealthStore() was created",
      fix:
        "make a HealthKitSimulation(scenario:) and create HealthKit objects inside `try await simulation.run { ... }` (SimulatedHealthKit, docs/swift-api.md)"
    )
  }

  /// `true`: the simulated watch has health data.
  public class func isHealthDataAvailable() -> Bool { true }

  // MARK: - Authorization: Store/HKHealthStore+Authorization.swift

  // MARK: - Saving and deleting: Store/HKHealthStore+Saving.swift

  /// The objects saved so far (workouts from `finishWorkout` included), in save order.
  package var savedObjects: [HKObject] { simulation.state.withLock { $0.saved } }

  // MARK: - Recovery

  /// After a relaunch, the session the crashed app left open: a new ``HKWorkoutSession`` object
  /// (and builder) for the new process, with the crashed one's configuration and no delegates
  /// or data source; `nil` when none is open. The crashed process's objects stay inert (their
  /// calls are refused and logged), as they would be gone on a device. What its builder collected since the crash arrives as one `didCollectDataOf` batch
  /// right after the completion returns when the completion set the builder's delegate;
  /// otherwise it waits, as the async form's does, until the app sets the delegate (code the
  /// completion resumes: a continuation, a `Task`) or the next delivery, so the delegate gets it
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkhealthstore/recoveractiveworkoutsession(completion:)).
  @available(iOS 26.0, watchOS 5.0, *)
  public func recoverActiveWorkoutSession(
    completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void
  ) {
    recover { session in completion(session, nil) }
    // The completion is queued under the lock with the recovery: reported once after the run.
    simulation.reportIfAfterRun(CallInFlight(function: #function, fileID: #fileID))
  }

  /// The async form of `recoverActiveWorkoutSession(completion:)`: the missed batch waits until
  /// the app sets the builder's delegate (then it is delivered by itself), or until the next
  /// delivery (`HealthKitSimulation.advance(by:)`, `HealthKitSimulation.settle()`, an async
  /// call, a completion handler or delegate call queued), so delegates set after the call get
  /// it from whichever actor the app recovers on.
  ///
  /// - Returns: the open session, or `nil` when none is open or the app made a session of its
  ///   own since the relaunch.
  /// - Throws: nothing in the simulation (HealthKit throws an ``HKError``).
  @available(iOS 26.0, watchOS 5.0, *)
  @discardableResult
  nonisolated(nonsending) public func recoverActiveWorkoutSession() async throws
    -> HKWorkoutSession?
  {
    await simulation.deliver()
    return recover(nil, holdingTheBatch: true)
  }

  @discardableResult
  private func recover(
    _ completion: (@Sendable (HKWorkoutSession?) -> Void)?, holdingTheBatch: Bool = false
  ) -> HKWorkoutSession? {
    let store = self
    // The phone app's store recovers the phone's own workout (iOS 26); the watch app's, and a
    // store made outside `on`, the watch's.
    let device = processDevice.workoutDevice
    return simulation.mutate { state -> HKWorkoutSession? in
      let index = state.session.engine(of: device).recoverableSessionIndex
      var session: HKWorkoutSession?
      if let index {
        // A new object for the new process, as on a device: the crashed process's object
        // (an app may still hold it in a simulation) stays inert, and only its configuration
        // carries over (the system keeps it with the session).
        let crashed = state.sessionObject(index, of: device)
        session = HKWorkoutSession(
          recovering: index, of: device, store: store, state: &state,
          configuration: crashed?.workoutConfiguration.copy() as? HKWorkoutConfiguration)
        session?.recovered()
        if let session { state.register(session, index: index, of: device, endpoint: true) }
      }
      if let completion {
        let found = session
        let simulation = simulation
        state.enqueue([
          {
            completion(found)
            // The missed batch waits for a builder delegate the app sets after the completion
            // returns (the code a continuation resumes), as the async form's does; one set in
            // the completion gets it at once.
            let hold = found.map { $0.associatedWorkoutBuilder().delegate == nil } ?? false
            simulation.state.withLock { $0.resumeRecoveryWork(hold: hold) }
          }
        ])
        if found != nil { state.recoveryCompletionMark = state.lane.count }
      }
      state.session.withEngine(of: device) { _ = $0.recoverActiveSession(at: $0.now) }
      // Set before `mutate` turns the recovery's log entries into the batch.
      if holdingTheBatch, session != nil { state.recoveryHeld = true }
      // The app reacts to a recovery with calls (delegates, data source): a main-actor turn.
      state.turnDue = true
      return session
    }
  }
}
