import Synchronization
import WorkoutCore
import WorkoutHealth
import WorkoutSystem

/// Background delivery (docs/swift-api.md#observer-queries-and-background-delivery): HealthKit
/// wakes the app in the background (the phone locked) for new samples of the types it enabled,
/// at most once per the frequency's period, and calls its observer queries' update handlers.
extension HKHealthStore {
  /// Enables background delivery of `type` at `frequency` (at most once per period; steps at
  /// most hourly, raised silently, as HealthKit does); the completion gets `(true, nil)` in the
  /// callback lane and the run's log a `backgroundDelivery` entry `enabled` with the effective
  /// frequency (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/enablebackgrounddelivery(for:frequency:withcompletion:)).
  ///
  /// The app must also run an ``HKObserverQuery`` of the type: the wake calls its handler.
  /// Enabling again after delivery stopped (three unanswered wakes) starts it again.
  ///
  /// An ``HKCorrelationType`` is refused: the completion gets `(false, error)`, the error
  /// ``HKError/Code/errorInvalidArgument`` naming the types to enable instead, and nothing is
  /// enabled (Apple's page: "HKCorrelationType is not a supported type for background
  /// delivery"; the code is workout-sim's, project rule,
  /// docs/swift-api.md#observer-queries-and-background-delivery).
  public func enableBackgroundDelivery(
    for type: HKObjectType, frequency: HKUpdateFrequency,
    withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    if let error = Self.backgroundDeliveryError(type) {
      simulation.enqueue { completion(false, error) }
      return
    }
    enableDelivery(type, frequency)
    simulation.enqueue { completion(true, nil) }
  }

  /// The async form of ``enableBackgroundDelivery(for:frequency:withCompletion:)``.
  ///
  /// - Throws: ``HKError/Code/errorInvalidArgument`` for an ``HKCorrelationType``; nothing else
  ///   in the simulation (HealthKit throws an ``HKError`` when the app lacks the
  ///   background-delivery entitlement).
  nonisolated(nonsending) public func enableBackgroundDelivery(
    for type: HKObjectType, frequency: HKUpdateFrequency
  )
    async throws
  {
    if let error = Self.backgroundDeliveryError(type) {
      await simulation.deliver()
      throw error
    }
    enableDelivery(type, frequency)
    await simulation.deliver()
  }

  /// The error of enabling background delivery of `type`, or `nil`: a correlation type is not
  /// supported (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/enablebackgrounddelivery(for:frequency:withcompletion:)).
  static func backgroundDeliveryError(_ type: HKObjectType) -> HKError? {
    guard let correlation = type as? HKCorrelationType else { return nil }
    let members = correlation.memberTypes.map(\.identifier)
    let named =
      members.count > 2
      ? "the dietary types its correlations hold" : members.joined(separator: " and ")
    return HKError(
      .errorInvalidArgument,
      "HKCorrelationType is not a supported type for background delivery (\(type.identifier)): enable background delivery of \(named) and observe those types"
    )
  }

  /// Disables background delivery of `type`; the completion gets `(true, nil)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/disablebackgrounddelivery(for:withcompletion:)).
  public func disableBackgroundDelivery(
    for type: HKObjectType,
    withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    disableDelivery([type.identifier])
    simulation.enqueue { completion(true, nil) }
  }

  /// The async form of ``disableBackgroundDelivery(for:withCompletion:)``.
  ///
  /// - Throws: nothing in the simulation.
  nonisolated(nonsending) public func disableBackgroundDelivery(for type: HKObjectType) async throws
  {
    disableDelivery([type.identifier])
    await simulation.deliver()
  }

  /// Disables background delivery of every type; the completion gets `(true, nil)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/disableallbackgrounddelivery(completion:)).
  public func disableAllBackgroundDelivery(
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    disableDelivery(nil)
    simulation.enqueue { completion(true, nil) }
  }

  /// The async form of ``disableAllBackgroundDelivery(completion:)``.
  ///
  /// - Throws: nothing in the simulation.
  nonisolated(nonsending) public func disableAllBackgroundDelivery() async throws {
    disableDelivery(nil)
    await simulation.deliver()
  }

  private func enableDelivery(_ type: HKObjectType, _ frequency: HKUpdateFrequency) {
    let simulation = simulation
    simulation.mutate { state in
      guard state.terminated == nil else { return }
      let center = BackgroundDelivery.center(in: &state, simulation: simulation)
      center.enable(type, frequency: frequency, state: &state)
      // News that waited (delivery was stopped or off) is delivered now.
      state.wakeHealthListeners(after: nil, at: state.session.now)
    }
  }

  private func disableDelivery(_ identifiers: Set<String>?) {
    let simulation = simulation
    simulation.mutate { state in
      guard state.terminated == nil else { return }
      BackgroundDelivery.center(in: &state, simulation: simulation)
        .disable(identifiers, state: &state)
    }
  }
}

/// The simulation's background deliveries: one ``BackgroundDeliveryStateMachine`` per enabled
/// type, woken as a health listener (its types' arrivals and the machines' deadlines stop
/// `advance`). Every field is used under the simulation's lock only; the `Mutex` makes that
/// checkable.
final class BackgroundDelivery: Sendable {
  struct Delivery {
    var type: HKObjectType
    var dataType: HealthDataType?
    var machine: BackgroundDeliveryStateMachine
    /// Counts the deliveries: a completion handler answers the delivery it was made for.
    var serial = 0
  }

  private let deliveries = Mutex<[String: Delivery]>([:])
  private let simulation: HealthKitSimulation
  /// The next sync arrival of a sample an observer of an enabled type waits for (its device
  /// does not hold it yet; Store/HKHealthStore+Devices.swift), as the last wake saw it: the
  /// arrival is the store's change on that device, and wakes the app then.
  private let syncDue = Mutex<SimulationInstant?>(nil)

  private init(simulation: HealthKitSimulation) {
    self.simulation = simulation
  }

  /// The center of the simulation the state belongs to, made and registered on first use.
  static func center(
    in state: inout HealthKitSimulation.State, simulation: HealthKitSimulation
  ) -> BackgroundDelivery {
    if let center = state.healthListeners.lazy.compactMap({ $0 as? BackgroundDelivery }).first {
      return center
    }
    let center = BackgroundDelivery(simulation: simulation)
    state.healthListeners.append(center)
    return center
  }

  func enable(
    _ type: HKObjectType, frequency: HKUpdateFrequency, state: inout HealthKitSimulation.State
  ) {
    let requested = BackgroundDeliveryFrequency(rawValue: frequency.rawValue) ?? .immediate
    let action = deliveries.withLock { deliveries -> BackgroundDeliveryStateMachine.Action in
      let dataType = type.healthDataType
      var delivery =
        deliveries[type.identifier]
        ?? Delivery(
          type: type, dataType: dataType,
          machine: dataType.map { BackgroundDeliveryStateMachine(type: $0) }
            ?? BackgroundDeliveryStateMachine())
      let action = delivery.machine.enable(requested)
      deliveries[type.identifier] = delivery
      return action
    }
    // Its types and deadlines changed: the health store's entry in the agenda is made again.
    state.healthListenersChanged()
    log(type.identifier, action, state: &state)
  }

  func disable(_ identifiers: Set<String>?, state: inout HealthKitSimulation.State) {
    let actions = deliveries.withLock {
      deliveries -> [(String, BackgroundDeliveryStateMachine.Action)] in
      var actions: [(String, BackgroundDeliveryStateMachine.Action)] = []
      for identifier in deliveries.keys.sorted() where identifiers?.contains(identifier) ?? true {
        actions.append((identifier, deliveries[identifier]!.machine.disable()))
      }
      return actions
    }
    state.healthListenersChanged()
    for (identifier, action) in actions { log(identifier, action, state: &state) }
  }

  /// The effective frequency and phase of `identifier`'s delivery (tests).
  func machine(for identifier: String) -> BackgroundDeliveryStateMachine? {
    deliveries.withLock { $0[identifier]?.machine }
  }

  /// The app called a completion handler of delivery `serial` of `identifier` at `now`.
  func completed(_ identifier: String, serial: Int, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    let now = state.session.now
    let action = deliveries.withLock { deliveries -> BackgroundDeliveryStateMachine.Action in
      guard var delivery = deliveries[identifier], delivery.serial == serial else { return .none }
      let action = delivery.machine.completed(at: now)
      deliveries[identifier] = delivery
      return action
    }
    state.healthListenersChanged()
    return perform(identifier, action, state: &state)
  }

  /// Carries out `action` of `identifier`'s machine: a wake calls the update handlers of the
  /// observers of the type that have news (the first attempt moves their anchors).
  private func perform(
    _ identifier: String, _ action: BackgroundDeliveryStateMachine.Action,
    state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    log(identifier, action, state: &state)
    guard case .wake(let attempt) = action else { return [] }
    let (serial, dataType, type) = deliveries.withLock { deliveries in
      if attempt == 1 { deliveries[identifier]?.serial += 1 }
      let delivery = deliveries[identifier]
      return (delivery?.serial ?? 0, delivery?.dataType, delivery?.type)
    }
    guard let dataType, let sampleType = type as? HKSampleType else { return [] }
    let now = state.session.now
    let simulation = simulation
    let center = self
    let completion: HKObserverQueryCompletionHandler = { @Sendable in
      simulation.mutate { state in
        let callbacks = center.completed(identifier, serial: serial, state: &state)
        if !callbacks.isEmpty {
          state.enqueue(callbacks)
          state.turnDue = true
        }
      }
    }
    var callbacks: [HealthKitSimulation.Callback] = []
    for case let observer as HKObserverQuery in state.healthListeners
    where observer.isRunning(in: &state) {
      guard observer.watchedTypes.contains(dataType) else { continue }
      // A retry delivers the same news again (the app did not confirm it).
      let changed = observer.takeChanges(of: [dataType], at: now, state: &state)
      if attempt == 1 && changed.isEmpty { continue }
      callbacks.append(
        observer.call(
          types: [sampleType],
          for: "background delivery of \(sampleType.identifier), attempt \(attempt)",
          completion: completion))
    }
    if attempt == 1 && callbacks.isEmpty {
      // No observer has news (or none runs): nothing to answer, the delivery is over.
      let next = deliveries.withLock { deliveries -> BackgroundDeliveryStateMachine.Action in
        guard var delivery = deliveries[identifier] else { return .none }
        let action = delivery.machine.completed(at: now)
        deliveries[identifier] = delivery
        return action
      }
      if case .wake = next { return [] }
    }
    return callbacks
  }

  private func log(
    _ identifier: String, _ action: BackgroundDeliveryStateMachine.Action,
    state: inout HealthKitSimulation.State
  ) {
    let entry: BackgroundDeliveryLog
    switch action {
    case .none: return
    case .enabled(let frequency):
      entry = BackgroundDeliveryLog(
        type: identifier, event: .enabled, frequency: frequency.name)
    case .disabled: entry = BackgroundDeliveryLog(type: identifier, event: .disabled)
    case .wake(let attempt):
      entry = BackgroundDeliveryLog(type: identifier, event: .wake, attempt: attempt)
    case .stopped(let misses):
      entry = BackgroundDeliveryLog(type: identifier, event: .stopped, attempt: misses)
    }
    state.session.withEngine { $0.logBackgroundDelivery(entry) }
  }
}

extension BackgroundDelivery: HealthQueryListener {
  /// The enabled types of the store.
  var listenedTypes: Set<HealthDataType> {
    deliveries.withLock { deliveries in
      Set(deliveries.values.filter { $0.machine.isEnabled }.compactMap(\.dataType))
    }
  }

  var isFinished: Bool { false }

  /// Not a query the app awaits: a stall does not name it.
  var awaitedQuery: String? { nil }

  /// The earliest machine deadline after `now` (a pending wake, a response deadline).
  func nextDue(after now: SimulationInstant) -> SimulationInstant? {
    let deadline = deliveries.withLock { deliveries in
      deliveries.values.compactMap(\.machine.deadline).filter { $0 > now }.min()
    }
    let sync = syncDue.withLock { $0 }.flatMap { $0 > now ? $0 : nil }
    return [deadline, sync].compactMap { $0 }.min()
  }

  /// Deadlines first (a pending wake, a missed launch), then, while the phone is locked, news
  /// for the observers of enabled types (and the next sync arrival they wait for).
  func wake(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    var callbacks: [HealthKitSimulation.Callback] = []
    var syncDue: SimulationInstant?
    defer { self.syncDue.withLock { [syncDue] in $0 = syncDue } }
    let identifiers = deliveries.withLock { $0.keys.sorted() }
    // An observer whose app is in the background (the phone locked, or the phone app
    // suspended: `State.observerAppInBackground(device:at:)`) is woken here; locked with the
    // app's phone workout reading (the person's leave at the prompt), the app is in front: its
    // observers are told directly, as unlocked.
    for identifier in identifiers {
      let deadline = deliveries.withLock { deliveries -> BackgroundDeliveryStateMachine.Action in
        guard var delivery = deliveries[identifier], let due = delivery.machine.deadline,
          due <= now
        else { return .none }
        let action = delivery.machine.deadlinePassed(at: now)
        deliveries[identifier] = delivery
        return action
      }
      callbacks += perform(identifier, deadline, state: &state)
      guard let dataType = deliveries.withLock({ $0[identifier]?.dataType }) else { continue }
      var news = false
      for case let observer as HKObserverQuery in state.healthListeners
      where observer.isRunning(in: &state) && observer.watchedTypes.contains(dataType)
        && state.observerAppInBackground(
          device: observer.executedIn.withLock { $0.device }, at: now)
      {
        let look = observer.news(of: dataType, state: &state)
        news = news || look.changed
        if let due = look.due { syncDue = syncDue.map { min($0, due) } ?? due }
      }
      guard news else { continue }
      let arrived = deliveries.withLock { deliveries -> BackgroundDeliveryStateMachine.Action in
        guard var delivery = deliveries[identifier] else { return .none }
        let action = delivery.machine.dataArrived(at: now)
        deliveries[identifier] = delivery
        return action
      }
      callbacks += perform(identifier, arrived, state: &state)
    }
    return callbacks
  }
}

extension BackgroundDeliveryFrequency {
  /// The name of the `HKUpdateFrequency` case (`hourly`).
  var name: String {
    switch self {
    case .immediate: "immediate"
    case .hourly: "hourly"
    case .daily: "daily"
    case .weekly: "weekly"
    }
  }
}
