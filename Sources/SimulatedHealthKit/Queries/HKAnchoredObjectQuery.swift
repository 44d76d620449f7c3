import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutHealth

/// A position in the store's history of changes, HealthKit's `HKQueryAnchor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkqueryanchor). Equal by value (the
/// simulation that made it is not compared); immutable.
///
/// `NSSecureCoding`, as HealthKit's: an app keeps its anchor across launches with
/// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true)` and reads it back
/// with `NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from:)`, the same code
/// on a device and on Linux (swift-corelibs-foundation has both). The archive holds one
/// `Int64` under the key `value` and, for an anchor a query returned, the identifier of the
/// simulation whose store it counts under the key `simulation`; it is the simulation's form,
/// not HealthKit's (an archive made on a device does not read here, nor the other way round).
///
/// An anchor belongs to the store it came from (Apple: anchors are specific to one device's
/// HealthKit store, https://developer.apple.com/forums/thread/772941): a query given an anchor
/// another simulation's query returned (kept in `UserDefaults` from an earlier test) starts
/// from the beginning, as with `nil`, and the simulation reports it (`foreignObject`, project
/// rule: docs/swift-api.md#anchors-belong-to-one-simulation). An anchor the app makes with
/// ``init(fromValue:)`` names no simulation and is read in any.
public final class HKQueryAnchor: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// `true`: anchors decode only as anchors.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the value under the key `value`, and the simulation under `simulation` (its
  /// identifier's text) when a query made the anchor.
  public func encode(with coder: NSCoder) {
    coder.encode(value, forKey: "value")
    if let origin { coder.encode(origin.uuidString, forKey: "simulation") }
  }

  /// Reads an anchor `encode(with:)` wrote; `nil` when the archive holds no `value`. An archive
  /// without `simulation` (made by ``init(fromValue:)``, or by an earlier version) names no
  /// simulation.
  public init?(coder: NSCoder) {
    guard coder.containsValue(forKey: "value") else { return nil }
    self.value = coder.decodeInt64(forKey: "value")
    // Looked up only when present: a secure decoder fails the whole archive on a missing key.
    self.origin =
      coder.containsValue(forKey: "simulation")
      ? coder.decodeString(forKey: "simulation").flatMap(UUID.init(uuidString:)) : nil
  }

  /// The store's anchor value.
  let value: Int64
  /// The identifier of the simulation whose query returned the anchor (`AppSimulation.identity`),
  /// or `nil` for an anchor the app made from a value.
  let origin: UUID?

  /// The anchor of an integer value, as HealthKit's `anchorFromValue:` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkqueryanchor/init(fromvalue:)). The
  /// store's anchors count changes: `HKQueryAnchor(fromValue: 0)` is the beginning. It names no
  /// simulation: any simulation's queries read it.
  public convenience init(fromValue value: Int) {
    self.init(store: HealthAnchor(value: Int64(value)), origin: nil)
  }

  /// An anchor a query of `simulation` returns.
  convenience init(store anchor: HealthAnchor, in simulation: HealthKitSimulation) {
    self.init(store: anchor, origin: simulation.identity)
  }

  private init(store anchor: HealthAnchor, origin: UUID?) {
    self.value = anchor.value
    self.origin = origin
  }

  /// The store's form.
  var health: HealthAnchor { HealthAnchor(value: value) }

  /// Whether a query of `simulation` may read the anchor: it names no simulation, or this one.
  func belongs(to simulation: HealthKitSimulation) -> Bool {
    origin == nil || origin == simulation.identity
  }

  /// Equal when `object` is an anchor of the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKQueryAnchor)?.value == value
  }

  /// A hash of the value.
  public override var hash: Int { value.hashValue }

  /// `HKQueryAnchor(<value>)`.
  public override var description: String { "HKQueryAnchor(\(value))" }

  /// Anchors are immutable: the copy is the anchor itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The anchor value of "no anchor yet", `0`, HealthKit's `HKAnchoredObjectQueryNoAnchor`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkanchoredobjectquerynoanchor):
/// `HKQueryAnchor(fromValue: Int(HKAnchoredObjectQueryNoAnchor))` starts from the beginning, as
/// a `nil` anchor does (Apple's advice since iOS 9: pass `nil`).
public var HKAnchoredObjectQueryNoAnchor: Int32 { 0 }

/// An object deleted from the store, HealthKit's `HKDeletedObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdeletedobject). No public initializer.
public final class HKDeletedObject: NSObject, NSSecureCoding, @unchecked Sendable {
  /// The deleted object's UUID.
  public let uuid: UUID
  /// The metadata kept for it: `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion` when
  /// the deleted object had them, else `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdeletedobject/metadata).
  public let metadata: [String: Any]?

  init(uuid: UUID, metadata: [String: Any]? = nil) {
    self.uuid = uuid
    self.metadata = metadata
  }

  /// `true`: deleted objects decode only as deleted objects.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the UUID and the metadata.
  public func encode(with coder: NSCoder) {
    coder.encode(uuid, forKey: "uuid")
    coder.encode(metadata, forKey: "metadata")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a UUID.
  public convenience init?(coder: NSCoder) {
    guard let uuid = coder.decodeUUID(forKey: "uuid") else { return nil }
    self.init(uuid: uuid, metadata: coder.decodeMetadata(forKey: "metadata"))
  }

  /// Equal when `object` is a deleted object with the same UUID.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKDeletedObject)?.uuid == uuid
  }

  /// A hash of the UUID.
  public override var hash: Int { uuid.hashValue }
}

/// Changes since an anchor, HealthKit's `HKAnchoredObjectQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquery).
///
/// The results handler gets the samples added since `anchor` (in arrival order) and the objects
/// deleted since it, at most `limit` of them together, and the new anchor. With
/// ``updateHandler`` set before `execute` (a query without a limit only) the query keeps
/// running: each time samples of its type arrive (virtual time reaches their `savedAt`) or the
/// app saves or deletes, the update handler gets what changed since the last anchor, until
/// ``HKHealthStore/stop(_:)``.
///
/// Of a correlation type (`HKCorrelationType(.bloodPressure)`, Apple lists it among the query's
/// types) it gives the correlations saved and deleted since the anchor, read with the read
/// authorization of the types they hold (docs/swift-api.md#correlations-in-long-running-queries).
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
  /// The anchor the query starts from, or `nil` for the beginning.
  public let anchor: HKQueryAnchor?
  /// The largest number of added samples and deleted objects together in the results (Apple:
  /// "the maximum number of samples that the query returns"); ``HKObjectQueryNoLimit`` for all.
  public let limit: Int
  /// The page size of a running query of ``HKAnchoredObjectQueryDescriptor/results(for:)`` with
  /// a limit (0: none): its first results are the first page, and the following pages come at
  /// once, one update each, before the query watches for changes.
  let pageSize = Mutex(0)
  /// The types and predicates (one for ``init(type:predicate:anchor:limit:resultsHandler:)``).
  let descriptors: [HKQueryDescriptor]

  override var datedPredicates: [NSPredicate?] { descriptors.map(\.predicate) }
  override var appAnchor: HKQueryAnchor? { anchor }
  private let resultsHandler: Handler
  private let update = Mutex(ClosureSlot<Handler?>(nil))
  private let live = Mutex<Live?>(nil)

  /// The handler's shape: query, added samples, deleted objects, new anchor, error.
  public typealias Handler =
    @Sendable (
      HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?
    ) -> Void

  /// The store's form of one descriptor.
  struct Part {
    var kind: HealthDataType
    var filter: HealthFilter
    /// The descriptor (its predicate and type), for
    /// ``HealthKitSimulation/State/liveFilter(of:context:)``.
    var descriptor: HKQueryDescriptor? = nil
    /// A running query's samples the store holds but its device does not yet, by their sync
    /// arrival (``HealthKitSimulation/State/deviceChanges(of:where:on:after:waiting:)``).
    var waiting: [HealthSampleID: SimulationInstant] = [:]

    /// Whether the part reads correlations (its descriptor's type is an `HKCorrelationType`).
    var isCorrelation: Bool { descriptor?.sampleType is HKCorrelationType }
  }

  private struct Live {
    var parts: [Part]
    var anchor: HealthAnchor
  }

  /// A running query of medication dose events (not in the store: Store/HKHealthStore+Medications.swift).
  private struct DoseLive {
    /// The predicate with its dates read under the wall-clock rule at the start.
    var filter: DoseEventFilter
    /// The number of the last dose looked at.
    var anchor: Int64
    /// The scenario's doses still to arrive, ascending: the query is woken at each.
    var arrivals: [SimulationInstant]
  }
  private let doseLive = Mutex<DoseLive?>(nil)

  /// Called with each batch of changes while the query runs; set it before `execute` (traps with
  /// "HKAnchoredObjectQuery: setUpdateHandler: not callable after first execution" after).
  ///
  /// Only a query without a limit keeps running. The rule is Apple's, in the SDK header that
  /// declares the property (HealthKit's `HKAnchoredObjectQuery.h`, the discussion of
  /// `updateHandler`: "This property may not be modified once the query has been executed. It
  /// may only be set if the query has no limit."); the documentation page
  /// (https://developer.apple.com/documentation/healthkit/hkanchoredobjectquery/updatehandler)
  /// does not repeat it. So setting one on a query made with a `limit` other than
  /// ``HKObjectQueryNoLimit`` traps here, at the setter as the header places the rule, with a
  /// message that quotes the rule and says what to write instead (`limitedUpdateMessage(_:)`):
  /// the long-running query with `limit: HKObjectQueryNoLimit`, or pages read by one-shot
  /// queries, each from the anchor the previous one returned, or
  /// ``HKAnchoredObjectQueryDescriptor/results(for:)`` with a limit (pages, then updates).
  public var updateHandler: Handler? {
    get { update.withLock { $0.function } }
    set {
      requireNotExecuted(setter: "setUpdateHandler:")
      precondition(
        newValue == nil || limit == HKObjectQueryNoLimit, Self.limitedUpdateMessage(limit))
      update.withLock { $0.function = newValue }
    }
  }

  /// The trap message of an update handler set on a query with a limit.
  static func limitedUpdateMessage(_ limit: Int) -> String {
    "HKAnchoredObjectQuery: updateHandler may only be set if the query has no limit (this one's limit is \(limit); HealthKit's HKAnchoredObjectQuery.h: \"It may only be set if the query has no limit.\"): make the long-running query with limit: HKObjectQueryNoLimit, or read the pages with one-shot queries (no updateHandler), each from the anchor the previous one returned, or iterate HKAnchoredObjectQueryDescriptor(predicates:anchor:limit:).results(for:), which gives the pages and then the updates (docs/swift-api.md#the-health-store)"
  }

  /// A query for the samples of `type` matching `predicate` added since `anchor`, and the
  /// objects deleted since (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquery/init(type:predicate:anchor:limit:resultshandler:)).
  ///
  /// - Parameters:
  ///   - type: the sample type.
  ///   - predicate: filters added samples and deleted objects alike, or `nil`.
  ///   - anchor: the anchor a previous query returned, or `nil` for everything.
  ///   - limit: the largest number of added samples and deleted objects together,
  ///     ``HKObjectQueryNoLimit`` for all.
  ///   - handler: called once in the callback lane.
  public init(
    type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
    resultsHandler handler: @escaping Handler
  ) {
    self.anchor = anchor
    self.limit = limit
    self.resultsHandler = handler
    self.descriptors = [HKQueryDescriptor(sampleType: type, predicate: predicate)]
    super.init(objectType: type, predicate: predicate)
  }

  /// A query for the changes of several types at once, one anchor for all (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquery/init(querydescriptors:anchor:limit:resultshandler:)).
  /// The added samples of all descriptors come in arrival order; `limit` is the most samples
  /// and deleted objects of all descriptors together (the first `limit` changes of all types,
  /// so paging from the returned anchor loses and repeats nothing; Apple: "the maximum number
  /// of samples that the query returns",
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquerydescriptor/init(predicates:anchor:limit:)).
  public init(
    queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
    resultsHandler handler: @escaping Handler
  ) {
    self.anchor = anchor
    self.limit = limit
    self.resultsHandler = handler
    self.descriptors = queryDescriptors
    let (type, predicate) = Self.one(of: queryDescriptors)
    super.init(objectType: type, predicate: predicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    if let doses = descriptors.first(where: { $0.sampleType is HKMedicationDoseEventType }) {
      return activateDoseEvents(doses, context: context, state: &state)
    }
    var parts: [Part] = []
    for descriptor in descriptors {
      guard state.readAskedFor(descriptor.sampleType) else { return fail(notDeterminedError) }
      for kind in descriptor.sampleType.queriedKinds() {
        parts.append(
          Part(
            kind: kind, filter: state.queryFilter(of: descriptor, kind: kind, context: context),
            descriptor: descriptor))
      }
    }
    // An anchor of another simulation's store reads as none (reported at `execute`).
    let start = startAnchor(in: context)?.health
    let batch: (added: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor)
    if update.withLock({ $0.function }) != nil, !parts.isEmpty {
      // A running query: its parts keep their filters without the device's view, which each
      // look applies (Store/HKHealthStore+Devices.swift); the first batch is a look too,
      // unless pages cut it (the pages then show the view of now, as queries that do not keep
      // running).
      var running = parts
      for index in running.indices {
        guard let descriptor = running[index].descriptor else { continue }
        running[index].filter = state.queryFilter(
          of: descriptor, kind: running[index].kind, context: context, view: false)
      }
      let pageSize = pageSize.withLock { $0 }
      if pageSize > 0 {
        // The descriptor's pages: the first is the results, the following ones come at once,
        // one update each, until a page is short (the walk reached now).
        var pages = [
          Self.changes(parts, after: start, limit: pageSize, context: context, state: state)
        ]
        while let last = pages.last, last.added.count + last.deleted.count >= pageSize {
          let page = Self.changes(
            parts, after: last.anchor.health, limit: pageSize, context: context, state: state)
          guard !(page.added.isEmpty && page.deleted.isEmpty) else { break }
          pages.append(page)
        }
        // The pages show the device's view of now: a sample the store holds but the device
        // does not yet (saved on the other device, its sync on the way) is in none of them, so
        // it waits in its part for its arrival and comes in the first update at or after it.
        if context.device != nil {
          for index in running.indices {
            _ = state.deviceChanges(
              of: running[index].kind, where: running[index].filter, on: context.device,
              after: start, waiting: &running[index].waiting)
          }
        }
        live.withLock { $0 = Live(parts: running, anchor: pages[pages.count - 1].anchor.health) }
        state.healthListeners.append(self)
        let later = self.update.withLock { $0.function }
        return pages.enumerated().map { index, page -> HealthKitSimulation.Callback in
          { [self] in
            guard !isStopped else { return }
            let handler = index == 0 ? resultsHandler : (later ?? resultsHandler)
            handler(self, page.added, page.deleted, page.anchor, nil)
          }
        }
      }
      batch = Self.liveChanges(&running, after: start, context: context, state: &state)
      live.withLock { $0 = Live(parts: running, anchor: batch.anchor.health) }
      state.healthListeners.append(self)
    } else {
      batch = Self.changes(
        parts, after: start, limit: limit > 0 ? limit : nil, context: context, state: state)
    }
    return [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, batch.added, batch.deleted, batch.anchor, nil)
      }
    ]
  }

  /// The first pass over medication dose events (docs/healthkit-behaviour.md#medications): the
  /// anchor is the number of the last dose looked at. With an update handler the query keeps
  /// running: each dose that arrives later (a control's at once, a scenario's at its `at`) is
  /// handed to the update handler.
  private func activateDoseEvents(
    _ descriptor: HKQueryDescriptor, context: QueryContext,
    state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    precondition(
      descriptors.count == 1,
      "SimulatedHealthKit: an anchored query of medication dose events reads that type only: run one query per type"
    )
    let predicate = state.doseEventPredicate(descriptor.predicate, context: context)
    // The descriptor's pages (``pageSize``), else one batch of at most `limit`.
    let pageSize = pageSize.withLock { $0 }
    let size = pageSize > 0 ? pageSize : limit
    var pages = [
      state.medicationDoseEventChanges(
        predicate: predicate, after: startAnchor(in: context)?.value ?? 0,
        limit: size > 0 ? size : nil)
    ]
    while pageSize > 0, let last = pages.last, last.added.count >= pageSize {
      let page = state.medicationDoseEventChanges(
        predicate: predicate, after: last.anchor, limit: pageSize)
      guard !page.added.isEmpty else { break }
      pages.append(page)
    }
    let last = pages[pages.count - 1]
    let later = update.withLock { $0.function }
    if later != nil {
      let arrivals = state.pendingDoseArrivals(simulation: context.simulation)
      doseLive.withLock {
        $0 = DoseLive(
          filter: DoseEventFilter(predicate: predicate), anchor: last.anchor, arrivals: arrivals)
      }
      state.healthListeners.append(self)
    }
    return pages.enumerated().map { index, page -> HealthKitSimulation.Callback in
      let newAnchor = HKQueryAnchor(
        store: HealthAnchor(value: page.anchor), in: context.simulation)
      return { [self] in
        guard !isStopped else { return }
        let handler = index == 0 ? resultsHandler : (later ?? resultsHandler)
        handler(self, page.added, [], newAnchor, nil)
      }
    }
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, nil, nil, nil, error)
      }
    ]
  }

  /// The changes after `anchor` of every part, as objects in arrival order; the new anchor is
  /// the latest (the start anchor, or 0, when there is nothing to look at).
  ///
  /// One walk of the store's events for all parts (``HealthStore/changes(of:after:limit:at:)``):
  /// `limit` is the most samples and deleted objects of all types together (Apple: "the maximum
  /// number of samples that the query returns"), the first `limit` events of that walk, so the
  /// anchor after the last one taken passes nothing left out. An event that stands for two
  /// objects (a correlation's key object, when the query reads both the correlation type and
  /// its member's type: ``Tagged``) counts twice: the walk then takes fewer events, at least
  /// one (the two objects of one save share its place in the history, so they come together).
  static func changes(
    _ parts: [Part], after anchor: HealthAnchor?, limit: Int?, context: QueryContext,
    state: HealthKitSimulation.State
  ) -> (added: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor) {
    var events = limit
    while true {
      let walk = state.healthStorage.changes(
        of: parts.map { ($0.kind, $0.filter) }, after: anchor, limit: events,
        at: state.session.now)
      let result = objects(
        Tagged(walk: walk, parts: parts, after: anchor, store: state.healthStorage),
        context: context, state: state)
      let count = result.added.count + result.deleted.count
      guard let limit, limit > 0, count > limit, let taken = events, taken > 1 else {
        return result
      }
      events = max(1, taken - (count - limit))
    }
  }

  /// The parts' changes as the store ids each object stands for, in order: an id a part of a
  /// correlation type matched stands for its correlation (the correlation's key object,
  /// ``CorrelationStore/Saved/key``), an id any other part matched for itself, and an id both
  /// matched for both, the sample first (a food correlation and its energy sample, for a
  /// query of `HKCorrelationType(.food)` and `HKQuantityType(.dietaryEnergyConsumed)`: each
  /// part returns its own objects, as on a device; the order within one save is a project
  /// rule, the objects a correlation holds are saved before it).
  struct Tagged {
    var added: [(id: HealthSampleID, correlation: Bool)] = []
    var deleted: [(id: HealthSampleID, correlation: Bool)] = []
    var anchor: HealthAnchor

    /// One walk's changes of all `parts` after `start`: each event tested against the parts
    /// to tell which it matched (only when the parts mix correlation types and others); the
    /// anchor the later of `start` (or 0) and the walk's.
    init(walk: HealthChanges, parts: [Part], after start: HealthAnchor?, store: HealthStore) {
      let first = start ?? HealthAnchor(value: 0)
      anchor = walk.anchor.value > first.value ? walk.anchor : first
      let correlations = parts.filter(\.isCorrelation)
      let others = parts.filter { !$0.isCorrelation }
      guard !correlations.isEmpty, !others.isEmpty else {
        let correlation = !correlations.isEmpty
        added = walk.added.map { ($0, correlation) }
        deleted = walk.deleted.map { ($0.id, correlation) }
        return
      }
      func tags(_ id: HealthSampleID) -> [Bool] {
        let matches = { (part: Part) in store.matches(id, type: part.kind, filter: part.filter) }
        return (others.contains(where: matches) ? [false] : [])
          + (correlations.contains(where: matches) ? [true] : [])
      }
      added = walk.added.flatMap { id in tags(id).map { (id, $0) } }
      deleted = walk.deleted.flatMap { deletion in tags(deletion.id).map { (deletion.id, $0) } }
    }

    /// Each part's own look (a running query's, ``liveChanges(_:after:context:state:)``): the
    /// added ids merged in arrival order, the deleted ones part by part, each id once, tagged
    /// by the kinds of parts that found it.
    init(
      looks: [HealthChanges], parts: [Part], after start: HealthAnchor?, store: HealthStore
    ) {
      var latest = start ?? HealthAnchor(value: 0)
      for look in looks where look.anchor.value > latest.value { latest = look.anchor }
      anchor = latest
      let order = HKAnchoredObjectQuery.mergedInArrivalOrder(looks.map(\.added), store: store)
      var asSample = Set<HealthSampleID>()
      var asCorrelation = Set<HealthSampleID>()
      var deletions: [HealthSampleID] = []
      for (part, look) in zip(parts, looks) {
        let ids = look.deleted.map(\.id)
        for id in ids where !asSample.contains(id) && !asCorrelation.contains(id) {
          deletions.append(id)
        }
        if part.isCorrelation {
          asCorrelation.formUnion(look.added)
          asCorrelation.formUnion(ids)
        } else {
          asSample.formUnion(look.added)
          asSample.formUnion(ids)
        }
      }
      func tags(_ id: HealthSampleID) -> [(id: HealthSampleID, correlation: Bool)] {
        (asSample.contains(id) ? [(id, false)] : [])
          + (asCorrelation.contains(id) ? [(id, true)] : [])
      }
      added = order.flatMap(tags)
      deleted = deletions.flatMap(tags)
    }
  }

  /// `tagged` as the objects the app gets: the added ones in order, the deleted ones as
  /// ``HKDeletedObject``s (a correlation's of the correlation's UUID), each object once, and
  /// the anchor. An id tagged as a correlation that is no correlation's key stands for itself.
  private static func objects(
    _ tagged: Tagged, context: QueryContext, state: HealthKitSimulation.State
  ) -> (added: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor) {
    var deleted: [HKDeletedObject] = []
    var gone = Set<UUID>()
    for (id, correlation) in tagged.deleted {
      let object: HKDeletedObject
      if correlation, let saved = state.correlation(keyedBy: id, deleted: true) {
        object = HKDeletedObject(uuid: saved.uuid, metadata: saved.syncMetadata)
      } else {
        object = HKDeletedObject(
          uuid: state.uuid(of: id), metadata: state.deletedSyncIdentities[id]?.metadata)
      }
      if gone.insert(object.uuid).inserted { deleted.append(object) }
    }
    var added: [HKSample] = []
    added.reserveCapacity(tagged.added.count)
    // An id's two tags are adjacent, the sample's first: its sample is not given twice.
    var lastSample: HealthSampleID?
    for (id, correlation) in tagged.added {
      if correlation, let saved = state.correlation(keyedBy: id, deleted: false) {
        added.append(saved)
      } else if lastSample != id {
        added.append(state.object(id, context: context).asQueried)
        lastSample = id
      }
    }
    return (added, deleted, HKQueryAnchor(store: tagged.anchor, in: context.simulation))
  }

  /// `lists` (each in arrival order) as one list in arrival order, each id once: one pass,
  /// taking at each step the earliest head (the parts are few).
  static func mergedInArrivalOrder(
    _ lists: [[HealthSampleID]], store: HealthStore
  ) -> [HealthSampleID] {
    let nonEmpty = lists.filter { !$0.isEmpty }
    guard nonEmpty.count > 1 else { return nonEmpty.first ?? [] }
    var positions = [Int](repeating: 0, count: nonEmpty.count)
    var merged: [HealthSampleID] = []
    merged.reserveCapacity(nonEmpty.reduce(0) { $0 + $1.count })
    while true {
      var earliest: Int?
      for index in nonEmpty.indices where positions[index] < nonEmpty[index].count {
        let head = nonEmpty[index][positions[index]]
        if let best = earliest,
          !store.arrivesBefore(head, nonEmpty[best][positions[best]])
        {
          continue
        }
        earliest = index
      }
      guard let index = earliest else { return merged }
      let id = nonEmpty[index][positions[index]]
      positions[index] += 1
      if merged.last != id { merged.append(id) }
    }
  }
}

extension HKAnchoredObjectQuery {
  /// A running query's changes after `anchor` (``changes(_:after:limit:context:state:)``'s
  /// shape): each part's through its device's view of now, its samples still on their way to
  /// the device waiting in the part
  /// (``HealthKitSimulation/State/deviceChanges(of:where:on:after:waiting:)``).
  static func liveChanges(
    _ parts: inout [Part], after anchor: HealthAnchor?, context: QueryContext,
    state: inout HealthKitSimulation.State
  ) -> (added: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor) {
    var looks: [HealthChanges] = []
    for index in parts.indices {
      looks.append(
        state.deviceChanges(
          of: parts[index].kind, where: parts[index].filter, on: context.device, after: anchor,
          waiting: &parts[index].waiting))
    }
    return objects(
      Tagged(looks: looks, parts: parts, after: anchor, store: state.healthStorage),
      context: context, state: state)
  }
}

extension HKAnchoredObjectQuery: HealthQueryListener {
  package var listenedTypes: Set<HealthDataType> {
    live.withLock { live in Set(live?.parts.map(\.kind) ?? []) }
  }

  package var isFinished: Bool { isStopped }

  /// A query of dose events: the next scenario dose's arrival (the store's arrivals wake the
  /// others); a query of a device's store: the next sync arrival of a sample waiting for it.
  package func nextDue(after now: SimulationInstant) -> SimulationInstant? {
    if let live = live.withLock({ $0 }) {
      return live.parts.flatMap(\.waiting.values).filter { $0 > now && $0.nanoseconds != .max }
        .min()
    }
    return doseLive.withLock { live in live?.arrivals.first { $0 > now } }
  }

  package func wake(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    if doseLive.withLock({ $0 }) != nil { return wakeDoseEvents(at: now, state: &state) }
    guard let seen = live.withLock({ $0 }), isRunning(in: &state),
      !state.healthDataIsInaccessible(at: now),
      let update = update.withLock({ $0.function }),
      let simulation = executedIn.withLock({ $0.simulation })
    else { return [] }
    let context = QueryContext(
      simulation: simulation, device: executedIn.withLock { $0.device })
    var parts = seen.parts.map { state.liveFilter(of: $0, context: context) }
    let batch = Self.liveChanges(&parts, after: seen.anchor, context: context, state: &state)
    live.withLock {
      $0?.anchor = batch.anchor.health
      $0?.parts = parts
    }
    guard !(batch.added.isEmpty && batch.deleted.isEmpty) else { return [] }
    return [
      { [self] in
        guard !isStopped else { return }
        update(self, batch.added, batch.deleted, batch.anchor, nil)
      }
    ]
  }
}

extension HKAnchoredObjectQuery {
  /// The update of a running query of dose events: the doses that arrived since the last
  /// anchor (none while the phone is locked: they wait for the unlock).
  fileprivate func wakeDoseEvents(at now: SimulationInstant, state: inout HealthKitSimulation.State)
    -> [HealthKitSimulation.Callback]
  {
    guard let seen = doseLive.withLock({ $0 }), isRunning(in: &state),
      !state.healthDataIsInaccessible(at: now),
      let update = update.withLock({ $0.function }),
      let simulation = executedIn.withLock({ $0.simulation })
    else { return [] }
    let batch = state.medicationDoseEventChanges(
      predicate: seen.filter.predicate, after: seen.anchor, limit: nil)
    doseLive.withLock { $0?.anchor = batch.anchor }
    guard !batch.added.isEmpty else { return [] }
    let anchor = HKQueryAnchor(store: HealthAnchor(value: batch.anchor), in: simulation)
    return [
      { [self] in
        guard !isStopped else { return }
        update(self, batch.added, [], anchor, nil)
      }
    ]
  }
}

extension HealthKitSimulation.State {
  /// `part` with its filter rebuilt now when its kind is an object kind with a predicate: a
  /// predicate on the objects' own fields (Store/ObjectSampleStore.swift) is a set of objects,
  /// so a running query tests the objects saved since it began; any other part as it is. The
  /// filter is without the device's view, which ``deviceChanges(of:where:on:after:waiting:)``
  /// applies at each look.
  ///
  /// A part of a correlation type is rebuilt too: its filter is the key objects of the
  /// correlations saved and deleted by now (``correlationFilter(of:predicate:kind:context:)``);
  /// so is a part of electrocardiograms with a predicate, whose filter is the recordings held
  /// by now that match it (``filter(for:type:identifier:context:view:reading:)``): a recording
  /// that arrives later is judged by the predicate when it arrives.
  mutating func liveFilter(
    of part: HKAnchoredObjectQuery.Part, context: QueryContext
  ) -> HKAnchoredObjectQuery.Part {
    guard let descriptor = part.descriptor,
      part.isCorrelation
        || ((part.kind.isObject || part.kind == .electrocardiogram)
          && descriptor.predicate != nil)
    else { return part }
    var fresh = part
    fresh.filter = queryFilter(of: descriptor, kind: part.kind, context: context, view: false)
    return fresh
  }

  /// The store filter of `descriptor`'s part of `kind` (one of
  /// ``HKSampleType/queriedKinds()``): for a correlation type the key objects of its
  /// correlations (``correlationFilter(of:predicate:kind:context:)``), else the predicate's
  /// filter (``filter(for:type:identifier:context:view:reading:)``, with the device's view
  /// unless `view` is `false`).
  mutating func queryFilter(
    of descriptor: HKQueryDescriptor, kind: HealthDataType, context: QueryContext,
    view: Bool = true
  ) -> HealthFilter {
    if let correlation = descriptor.sampleType as? HKCorrelationType {
      return correlationFilter(
        of: correlation, predicate: descriptor.predicate, kind: kind, context: context)
    }
    return filter(
      for: descriptor.predicate, type: kind, identifier: descriptor.sampleType.identifier,
      context: context, view: view)
  }
}

extension HKSampleType {
  /// The store kinds a long-running query of this type reads: its own kind, none for a type
  /// the store does not hold, and for a correlation type the kinds of the objects its
  /// correlations hold (``HKCorrelationType/memberTypes``), whose key objects stand for the
  /// correlations (``CorrelationStore/Saved/key``).
  ///
  /// A query may read a correlation type and one of its member types together (a food log
  /// reads `HKCorrelationType(.food)` and `HKQuantityType(.dietaryEnergyConsumed)`): each part
  /// then returns its own objects (``HKAnchoredObjectQuery/Tagged``).
  func queriedKinds() -> [HealthDataType] {
    guard let correlation = self as? HKCorrelationType else {
      return healthDataType.map { [$0] } ?? []
    }
    let members = correlation.memberTypes
    var seen = Set<HealthDataType>()
    return members.compactMap(\.healthDataType).filter { seen.insert($0).inserted }
  }
}
