import WorkoutCore
import WorkoutHealth

/// The samples the app saved whose content the engine's health store does not read: workout
/// routes, heartbeat series, states of mind and CDA documents (the store's object kinds,
/// `HealthDataType.isObject`).
///
/// The health store holds each of them as a sample of its kind (interval, the app's source,
/// UUID, arrival instant), so sample, anchored and observer queries, deletions and background
/// delivery treat them as every other type; the object the app made is kept here by store id,
/// deleted ones too, so that a predicate on an object's own fields (a state of mind's valence, a
/// document's title, a route's workout) can be tested for the deleted objects an anchored query
/// reports.
struct ObjectSampleStore: SimulationExtension {
  /// Every object sample the app saved, by store id (deleted ones too).
  var objects: [HealthSampleID: HKSample] = [:]

  init(simulation: HealthKitSimulation) {}
}

extension HealthKitSimulation.State {
  /// Stores `samples` (quantity, category or object samples, checked by the caller) in the
  /// health store under the app's source at virtual now, at `instants` (each sample's start and
  /// end, read by the caller's call under the wall-clock rule), and keeps each as the object the
  /// app made (a quantity sample as its concrete class, as on a device; ``keptSample(_:start:end:context:)``
  /// dates quantity and category samples on virtual time); returns their store ids.
  mutating func storeAppSamples(
    _ samples: [HKSample], kinds: [HealthDataType], instants: [SimulationInstant],
    context: QueryContext
  ) -> [HealthSampleID] {
    let now = session.now
    let source = appSourceIndex()
    var stored: [HealthSample] = []
    for (index, (sample, kind)) in zip(samples, kinds).enumerated() {
      let value: Double
      if let quantity = (sample as? HKQuantitySample)?.quantity {
        value = quantity.doubleValue(for: kind.hkUnit)
      } else {
        value = Double((sample as? HKCategorySample)?.value ?? 0)
      }
      stored.append(
        HealthSample(
          type: kind, source: source, start: instants[2 * index], end: instants[2 * index + 1],
          value: value, savedAt: now))
    }
    let ids = health.save(stored, uuids: samples.map { Self.storeUUID($0.uuid) }, at: now)
    for (id, (sample, kind)) in zip(ids, zip(samples, kinds)) {
      if let parts = Self.seriesParts(of: sample, in: kind, stored: health.sample(id)) {
        health.setSeries(parts, of: id)
      }
    }
    healthListenersChanged()
    var objects: [(HealthSampleID, HKSample)] = []
    for (id, sample) in zip(ids, samples) {
      keepAppObject(
        keptSample(
          sample, start: health.sample(id).start, end: health.sample(id).end, context: context),
        id: id)
      if health.sample(id).type.isObject { objects.append((id, sample)) }
    }
    if !objects.isEmpty {
      withExtension(ObjectSampleStore.self, of: context.simulation) { store, _ in
        for (id, sample) in objects { store.objects[id] = sample }
      }
    }
    return ids
  }

  /// The quantities of a series builder's `sample` (`HKQuantitySeriesSampleBuilder`) for the
  /// store's statistics (`HealthStore.setSeries(_:of:)`), in `kind`'s unit, each dated by its
  /// offset from the sample's start on the instants the sample was `stored` at (so a series
  /// whose dates the wall-clock rule read moves with its sample) and kept inside them; `nil`
  /// for a sample of one quantity over its own dates (every sample made with an initializer),
  /// which the store reads as it is.
  static func seriesParts(of sample: HKSample, in kind: HealthDataType, stored: HealthSample)
    -> [HealthSeriesPart]?
  {
    // In start order, as the store takes them (a builder's are; a decoded sample's may not be).
    seriesEntryParts(of: sample, in: kind, stored: stored)?.sorted { $0.start < $1.start }
  }

  /// ``seriesParts(of:in:stored:)`` in the order of the sample's entries (``HKQuantitySample``'s
  /// `series`), one part per entry; `nil` for a sample of one quantity over its own dates.
  static func seriesEntryParts(of sample: HKSample, in kind: HealthDataType, stored: HealthSample)
    -> [HealthSeriesPart]?
  {
    guard let holder = sample as? any QuantitySeriesHolder else { return nil }
    let entries = holder.seriesEntries
    guard entries.count > 1 || entries.first?.dateInterval != holder.interval else { return nil }
    let unit = kind.hkUnit
    let instant = { (date: Date) -> SimulationInstant in
      let offset = SimulationInstant.rounding(seconds: date.timeIntervalSince(holder.startDate))
      let (instant, overflow) = stored.start.nanoseconds.addingReportingOverflow(
        offset.nanoseconds)
      return min(
        max(overflow ? stored.end : SimulationInstant(nanoseconds: instant), stored.start),
        stored.end)
    }
    return entries.map { entry in
      HealthSeriesPart(
        start: instant(entry.dateInterval.start), end: instant(entry.dateInterval.end),
        value: entry.quantity.doubleValue(for: unit))
    }
  }

  /// The quantities of the stored quantity sample `id` (the object `sample` queries give for
  /// it) that `filter` matches, each tested as its own sample
  /// (`HealthStore.seriesPart(_:of:matches:)`): all of a sample of one quantity (its sample
  /// matched `filter`), and of a series those on the filter's side of a date bound and of a
  /// quantity condition, as statistics count them (docs/health-store.md#series-samples).
  func matchedSeries(of sample: HKQuantitySample, id: HealthSampleID, where filter: HealthFilter)
    -> [QuantitySeriesEntry]
  {
    let entries = sample.series
    guard filter != .all, let kind = sample.quantityType.healthDataType,
      let parts = Self.seriesEntryParts(of: sample, in: kind, stored: healthStorage.sample(id))
    else { return entries }
    return zip(entries, parts).filter { healthStorage.seriesPart($0.1, of: id, matches: filter) }
      .map(\.0)
  }

  /// The object queries give back for the app's saved `sample`, stored from `start` to `end`:
  /// a quantity sample as its concrete class, and a sample of any kind whose date the
  /// wall-clock rule read from the real clock (`HKQuantitySample(..., start: Date(), end:
  /// Date())`, `HKStateOfMind(date: Date(), ...)`, `HKGAD7Assessment(date: Date(), ...)`, a
  /// heartbeat series or route begun at `Date()`) as a copy dated at the instants it was
  /// stored at, with the same UUID, fields, device, metadata and source, so that it sorts and
  /// groups by day among the store's other samples (a project rule:
  /// docs/swift-api.md#the-wall-clock-rule). The object the app holds keeps its dates; a
  /// sample with no date of the real clock is kept as the app made it.
  func keptSample(
    _ sample: HKSample, start: SimulationInstant, end: SimulationInstant, context: QueryContext
  ) -> HKSample {
    let now = session.now
    let simulation = context.simulation
    let startDate =
      simulation.isWallClockLeak(sample.startDate, now: now)
      ? context.date(start) : sample.startDate
    let endDate =
      simulation.isWallClockLeak(sample.endDate, now: now) ? context.date(end) : sample.endDate
    if let quantity = sample as? HKQuantitySample, !(quantity is any QuantitySeriesHolder) {
      return HKQuantitySample.make(
        type: quantity.quantityType, quantity: quantity.quantity, start: startDate, end: endDate,
        device: quantity.device, metadata: quantity.metadata, uuid: quantity.uuid,
        sourceRevision: quantity.sourceRevision)
    }
    if let category = sample as? HKCategorySample,
      startDate != sample.startDate || endDate != sample.endDate
    {
      return HKCategorySample(
        type: category.categoryType, value: category.value, start: startDate, end: endDate,
        device: category.device, metadata: category.metadata, uuid: category.uuid,
        sourceRevision: category.sourceRevision)
    }
    // Every other class (series quantity samples, states of mind, scored assessments,
    // audiograms, vision prescriptions, documents, heartbeat series, routes) through its own
    // copy (`HKSample.redated(start:end:)`); the sample itself when no date moved.
    return sample.redated(start: startDate, end: endDate)
  }

  /// The error of `call` when an object it would store ends before it starts on virtual time:
  /// `spans` holds each object's start and end as the wall-clock rule read them
  /// (docs/swift-api.md#the-wall-clock-rule), in pairs. An object the app dated from two clocks
  /// (a start at `simulation.now` and an end at a `Date()` kept from earlier, which the rule
  /// reads as the instant the real clock showed it at) can read reversed although its dates are
  /// in order; the call then fails with `errorInvalidArgument` naming both instants (a project
  /// rule: before, the store stopped the process), as no sample may end before it starts.
  static func reversedSpanError(_ spans: [SimulationInstant], call: String) -> HKError? {
    for pair in stride(from: 0, to: spans.count - 1, by: 2) where spans[pair + 1] < spans[pair] {
      return HKError(
        .errorInvalidArgument,
        "\(call): an object would end at \(spans[pair + 1]) before it starts at "
          + "\(spans[pair]) on virtual time: one of its dates is the real clock "
          + "(Date(), read by the wall-clock rule) and the other is not, or was kept from "
          + "before the simulation was made; date an object from one clock, "
          + "simulation.now or Date() (docs/swift-api.md#the-wall-clock-rule)")
    }
    return nil
  }

  /// Keeps a series builder's finished `sample` (route or heartbeat series) in the store and
  /// lists it as saved, its start and end read by the wall-clock rule naming `call`, the
  /// builder's finishing call (`finishRoute`, `finishSeries`): one `wallClockDate` entry when
  /// either was the real clock; with strict dates such a date is the call's error and nothing
  /// is kept (docs/swift-api.md#the-wall-clock-rule).
  mutating func keepObjectSample(
    _ sample: HKSample, call: String, of simulation: HealthKitSimulation
  ) -> HKError? {
    // Series types are object kinds of the store (HealthTypeCatalog's series entries).
    let kind = sample.sampleType.healthDataType!
    switch simulation.readAppDates([sample.startDate, sample.endDate], call: call, in: &self) {
    case .failure(let error): return HKError(error)
    case .success(let instants):
      if let error = Self.reversedSpanError(instants, call: call) { return error }
      _ = storeAppSamples(
        [sample], kinds: [kind], instants: instants, context: QueryContext(simulation: simulation))
      saved.append(sample)
      return nil
    }
  }

  /// The store ids of the object samples of `type` (deleted ones too) that `matches` accepts:
  /// how a predicate on an object's own fields becomes a store filter.
  func objectIDs(of type: HealthDataType, where matches: (HKSample) -> Bool) -> Set<HealthSampleID>
  {
    var ids = Set<HealthSampleID>()
    for (id, object) in extensionState(ObjectSampleStore.self)?.objects ?? [:]
    where healthStorage.sample(id).type == type && matches(object) {
      ids.insert(id)
    }
    return ids
  }

  /// The app's routes still in the store that are attached to the workouts among `ids` and not
  /// among `ids` themselves, in the order saved: what deleting those workouts deletes too.
  /// Apple's documentation says nothing of a deleted workout's route; a route is a series saved
  /// for one workout (`finishRoute(with:metadata:)`), found through it
  /// (`predicateForObjects(from:)`), and means nothing without it, so it goes with it (project
  /// rule, docs/healthkit-behaviour.md#deleting-a-workout).
  mutating func attachedRoutes(of ids: [HealthSampleID]) -> [HealthSampleID] {
    let workouts = Set(ids.filter { healthStorage.sample($0).type == .workout }.map(uuid(of:)))
    guard !workouts.isEmpty else { return [] }
    let deleted = Set(ids)
    var routes: [HealthSampleID] = []
    for (id, object) in extensionState(ObjectSampleStore.self)?.objects ?? [:] {
      guard let route = object as? HKWorkoutRoute, workouts.contains(route.workoutUUID),
        !deleted.contains(id), isAppsOwn(id)
      else { continue }
      routes.append(id)
    }
    return routes.sorted()
  }

  /// The app's live object samples of `T`, in the order saved.
  func liveObjects<T: HKSample>(_: T.Type) -> [T] {
    (extensionState(ObjectSampleStore.self)?.objects ?? [:])
      .filter { !healthStorage.isDeleted($0.key) }
      .sorted { $0.key < $1.key }
      .compactMap { $0.value as? T }
  }
}

extension HKSample {
  /// The sample as queries hand it out: a CDA document without its document and data (only
  /// ``HKDocumentQuery`` gives those, as on a device), any other sample itself.
  var asQueried: HKSample {
    (self as? HKCDADocumentSample)?.copy(document: false, data: false) ?? self
  }
}
