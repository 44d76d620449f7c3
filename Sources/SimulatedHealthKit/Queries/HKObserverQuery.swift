import Synchronization
import WorkoutCore
import WorkoutHealth

/// The block an observer query's update handler gets; call it when the new data is handled,
/// HealthKit's `HKObserverQueryCompletionHandler` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobserverquerycompletionhandler).
///
/// `@Sendable` here, so app code may call it from a `Task` after async work (HealthKit's block
/// is callable from any thread). During a background delivery, not calling it makes HealthKit
/// launch the app again with a backoff and stop delivering after three misses
/// (docs/swift-api.md#observer-queries-and-background-delivery).
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// A long-running query that tells the app when samples of its types were saved or deleted,
/// HealthKit's `HKObserverQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobserverquery).
///
/// The simulation's rules (docs/swift-api.md#observer-queries-and-background-delivery):
/// - On ``HKHealthStore/execute(_:)`` the update handler is called once (as observed on
///   devices: the handler runs right after the query starts), then whenever the store changes
///   for its types and predicate: a generated sample whose `savedAt` virtual time reaches, or
///   an app save or delete. `advance` stops at each such instant.
/// - The phone locked is the app in the background; so is, for a query of the phone app's store
///   (made inside `on(.phone)`), the phone app suspended: `phoneAppState` `.background` (the
///   default) with no phone workout session open. There, the handler is called only for types
///   with background delivery enabled (``HKHealthStore/enableBackgroundDelivery(for:frequency:withCompletion:)``),
///   at most once per the frequency's period, and the completion handler must be called (else
///   HealthKit relaunches the app after 1, 2 and 4 minutes and stops after three misses). Types
///   without background delivery wait: the handler is called once at the first instant the
///   simulation stops at after the phone unlocks, or as the phone app comes to the foreground
///   (`phoneAppState = .foreground`). Apple: "By default, observer queries only return results
///   while your app is in the foreground"
///   (https://developer.apple.com/documentation/healthkit/executing-observer-queries).
/// - A background wake gets no error: HealthKit wakes the app, but protected data stays
///   unreadable while the phone is locked, so the app's own queries in the handler fail with
///   `errorDatabaseInaccessible`.
/// - Several changes between two calls make one call (the handler says "something changed";
///   the app reads what with its own queries).
public final class HKObserverQuery: HKQuery, @unchecked Sendable {
  /// The handler of ``init(sampleType:predicate:updateHandler:)``.
  public typealias UpdateHandler =
    @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void
  /// The handler of ``init(queryDescriptors:updateHandler:)``: the types that changed.
  public typealias DescriptorsUpdateHandler =
    @Sendable (
      HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler,
      (any Error)?
    ) -> Void

  private enum Handler {
    case single(UpdateHandler)
    case descriptors(DescriptorsUpdateHandler)
  }

  private let handler: Handler
  /// The descriptors watched (one for the single-type form).
  let descriptors: [HKQueryDescriptor]
  /// Per descriptor: the store's type, its filter and the anchor of what the app was told about
  /// (set on execution; accessed under the simulation's lock).
  private let watch = Mutex<[Watched]>([])
  /// The instants the phone unlocks (the ends of the lock periods), ascending.
  private let unlocks = Mutex<[SimulationInstant]>([])

  struct Watched {
    var descriptor: HKQueryDescriptor
    var type: HealthDataType?
    var filter: HealthFilter
    var anchor: HealthAnchor?
    /// For medication dose events (not in the store): the predicate with its dates read under
    /// the wall-clock rule, and the number of the last dose the app was told about.
    var doses: (filter: DoseEventFilter, anchor: Int64)? = nil
    /// The samples the store holds but the query's device does not yet, by their sync arrival
    /// (``HealthKitSimulation/State/deviceChanges(of:where:on:after:waiting:)``).
    var waiting: [HealthSampleID: SimulationInstant] = [:]
  }
  /// The scenario's dose events still to arrive, ascending, when the query watches dose events
  /// (a control's dose wakes it as it is logged).
  private let doseArrivals = Mutex<[SimulationInstant]>([])

  /// An observer of `sampleType`'s samples that match `predicate` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobserverquery/init(sampletype:predicate:updatehandler:)).
  public init(
    sampleType: HKSampleType, predicate: NSPredicate?,
    updateHandler: @escaping UpdateHandler
  ) {
    self.handler = .single(updateHandler)
    self.descriptors = [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]
    super.init(objectType: sampleType, predicate: predicate)
  }

  /// An observer of several types (iOS 15; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobserverquery/init(querydescriptors:updatehandler:));
  /// the handler gets the types that changed (`nil` with an error).
  public init(
    queryDescriptors: [HKQueryDescriptor],
    updateHandler: @escaping DescriptorsUpdateHandler
  ) {
    self.handler = .descriptors(updateHandler)
    self.descriptors = queryDescriptors
    super.init(objectType: nil, predicate: nil)
  }

  // MARK: - Running

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    var watched: [Watched] = []
    for descriptor in descriptors {
      if descriptor.sampleType is HKMedicationDoseEventType {
        var entry = Watched(descriptor: descriptor, type: nil, filter: .all, anchor: nil)
        let predicate = state.doseEventPredicate(descriptor.predicate, context: context)
        let seen = state.medicationDoseEventChanges(predicate: predicate, after: 0, limit: nil)
        entry.doses = (DoseEventFilter(predicate: predicate), seen.anchor)
        let arrivals = state.pendingDoseArrivals(simulation: context.simulation)
        doseArrivals.withLock { $0 = arrivals }
        watched.append(entry)
        continue
      }
      // One entry per store kind: a correlation type's are the kinds of its objects, whose
      // key objects stand for its correlations (``HKSampleType/queriedKinds()``).
      let kinds = descriptor.sampleType.queriedKinds()
      if kinds.isEmpty {
        watched.append(Watched(descriptor: descriptor, type: nil, filter: .all, anchor: nil))
      }
      for type in kinds {
        var entry = Watched(descriptor: descriptor, type: type, filter: .all, anchor: nil)
        // Without the device's view: each look applies the view of its instant.
        entry.filter = state.queryFilter(
          of: descriptor, kind: type, context: context, view: false)
        entry.anchor =
          state.deviceChanges(
            of: type, where: entry.filter, on: context.device, after: nil,
            waiting: &entry.waiting
          ).anchor
        watched.append(entry)
      }
    }
    watch.withLock { $0 = watched }
    unlocks.withLock { $0 = state.healthStorage.lockPeriods.map(\.upperBound).sorted() }
    state.healthListeners.append(self)
    // The first call, right after the start (all the types: nothing was seen before).
    let types = Set(descriptors.map(\.sampleType))
    return [call(types: types, for: "its first call, when execute started it", completion: {})]
  }

  override var datedPredicates: [NSPredicate?] { descriptors.map(\.predicate) }

  /// The handler's one call with `error` (a strict-dates refusal at `execute`), with a
  /// completion that does nothing; the query does not run.
  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    let query = self
    switch handler {
    case .single(let handler): return [{ handler(query, {}, error) }]
    case .descriptors(let handler): return [{ handler(query, nil, {}, error) }]
    }
  }

  /// An observer is not failed by the lock: its handler still runs (the app's queries in it
  /// fail).
  override var failsWhileLocked: Bool { false }

  /// The handler call for `types`, with `completion`; `purpose` says what the call is for in
  /// the report of a hold it leaves open (`its first call, when execute started it`).
  ///
  /// The call holds virtual time at its instant (`HealthKitSimulation.beginHold(framework:call:device:)`) until
  /// the app calls the completion handler it got, or `HealthKitSimulation.appWorkGrace` of
  /// wall-clock time passed: work the app does before answering (an upload over real HTTP) takes
  /// no virtual time, so its outcome is the same from run to run.
  func call(
    types: Set<HKSampleType>, for purpose: String,
    completion: @escaping HKObserverQueryCompletionHandler
  ) -> HealthKitSimulation.Callback {
    let query = self
    let simulation = executedIn.withLock { $0.simulation }
    // Alive when its turn comes: not stopped, and the process of the store's device that ran
    // it has not crashed since (``HKQuery/process``).
    let alive: @Sendable () -> Bool = { [weak simulation] in
      guard let simulation else { return !query.isStopped }
      return simulation.state.withLock { query.isRunning(in: &$0) }
    }
    let answered: @Sendable () -> HKObserverQueryCompletionHandler = {
      guard let simulation else { return completion }
      let hold = simulation.beginHold(
        framework: "HealthKit", call: "HKObserverQuery's update handler (\(purpose))",
        device: query.process.withLock { $0.device })
      return { @Sendable in
        completion()
        simulation.endHold(hold)
      }
    }
    // As the code of the process that executed it, whichever path (an update, background
    // delivery) queued the call.
    let device = executedIn.withLock { $0.device }
    switch handler {
    case .single(let handler):
      return {
        guard alive() else { return }
        HealthKitSimulation.run(as: device) { handler(query, answered(), nil) }
      }
    case .descriptors(let handler):
      return {
        guard alive() else { return }
        HealthKitSimulation.run(as: device) { handler(query, types, answered(), nil) }
      }
    }
  }

  /// The types among `candidates` (all when `nil`) whose store changed since the app was last
  /// told, moving their anchors on: the app is told now.
  func takeChanges(
    of candidates: Set<HealthDataType>?, at now: SimulationInstant,
    state: inout HealthKitSimulation.State
  ) -> Set<HKSampleType> {
    let context = executedIn.withLock { executed in
      executed.simulation.map { QueryContext(simulation: $0, device: executed.device) }
    }
    return watch.withLock { watched in
      var changed = Set<HKSampleType>()
      for index in watched.indices {
        if let doses = watched[index].doses, candidates == nil {
          let news = state.medicationDoseEventChanges(
            predicate: doses.filter.predicate, after: doses.anchor, limit: nil)
          watched[index].doses?.anchor = news.anchor
          if !news.added.isEmpty { changed.insert(watched[index].descriptor.sampleType) }
          continue
        }
        guard let type = watched[index].type, candidates?.contains(type) ?? true else { continue }
        let descriptor = watched[index].descriptor
        // A background delivery is of one type, never of a correlation's objects' (a correlation
        // type has none: `enableBackgroundDelivery` refuses it).
        if candidates != nil, descriptor.sampleType is HKCorrelationType { continue }
        if let context {
          watched[index].filter =
            state.liveFilter(
              of: HKAnchoredObjectQuery.Part(
                kind: type, filter: watched[index].filter, descriptor: descriptor),
              context: context
            ).filter
        }
        let news = state.deviceChanges(
          of: type, where: watched[index].filter, on: context?.device,
          after: watched[index].anchor, waiting: &watched[index].waiting)
        watched[index].anchor = news.anchor
        if !news.added.isEmpty || !news.deleted.isEmpty {
          changed.insert(watched[index].descriptor.sampleType)
        }
      }
      return changed
    }
  }

  /// Whether `type`'s store changed for this query since the app was last told (nothing
  /// moves), and the next sync arrival after now of a sample of `type` that its device does not
  /// hold yet (`nil`: none known).
  func news(of type: HealthDataType, state: inout HealthKitSimulation.State)
    -> (changed: Bool, due: SimulationInstant?)
  {
    let now = state.session.now
    let device = executedIn.withLock { $0.device }
    let entries = watch.withLock { $0 }
    var changed = false
    var due: SimulationInstant?
    for entry in entries
    where entry.type == type && !(entry.descriptor.sampleType is HKCorrelationType) {
      var waiting = entry.waiting
      let news = state.deviceChanges(
        of: type, where: entry.filter, on: device, after: entry.anchor, waiting: &waiting)
      if !news.added.isEmpty || !news.deleted.isEmpty { changed = true }
      for arrival in waiting.values where arrival > now && arrival.nanoseconds != .max {
        due = due.map { min($0, arrival) } ?? arrival
      }
    }
    return (changed, due)
  }

  /// The store types the query watches (a correlation type's: the kinds of its objects).
  var watchedTypes: Set<HealthDataType> {
    watch.withLock { watched in Set(watched.compactMap(\.type)) }
  }
}

extension HKObserverQuery: HealthQueryListener {
  package var listenedTypes: Set<HealthDataType> { watchedTypes }

  package var isFinished: Bool { isStopped }

  /// The next unlock after `now` (the changes of the locked span are told then), the next
  /// scenario dose event's arrival, or the next sync arrival of a sample the query's device
  /// does not hold yet, whichever comes first.
  package func nextDue(after now: SimulationInstant) -> SimulationInstant? {
    let unlock = unlocks.withLock { unlocks in unlocks.first { $0 > now } }
    let dose = doseArrivals.withLock { arrivals in arrivals.first { $0 > now } }
    let sync = watch.withLock { watched in
      watched.flatMap(\.waiting.values).filter { $0 > now && $0.nanoseconds != .max }.min()
    }
    return [unlock, dose, sync].compactMap { $0 }.min()
  }

  /// In the foreground (phone unlocked; for the phone app's store, the app not suspended): one
  /// call when any watched type changed. In the background nothing here: ``BackgroundDelivery``
  /// wakes the app for enabled types, and the rest waits for the foreground
  /// (``HealthKitSimulation/State/observerAppInBackground(device:at:)``).
  package func wake(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    let device = executedIn.withLock { $0.device }
    guard isRunning(in: &state), !state.observerAppInBackground(device: device, at: now) else {
      return []
    }
    let changed = takeChanges(of: nil, at: now, state: &state)
    guard !changed.isEmpty else { return [] }
    let names = changed.map(\.identifier).sorted().joined(separator: ", ")
    return [call(types: changed, for: "a change to \(names)", completion: {})]
  }
}
