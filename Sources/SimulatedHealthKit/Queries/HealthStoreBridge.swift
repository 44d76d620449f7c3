import WorkoutCore
import WorkoutHealth

/// The seam between HealthKit's objects and the pure store (WorkoutHealth): types, sources,
/// devices, UUIDs, predicates and sample objects.
extension HKObjectType {
  /// The store's kind of this type, or `nil` for a type the store does not hold
  /// (characteristic, correlation, clinical and activity summary types: sample queries of them
  /// find nothing; saving them fails). Document, series and state-of-mind types are object
  /// kinds (`HealthDataType.isObject`, Store/ObjectSampleStore.swift).
  var healthDataType: HealthDataType? {
    HealthDataType(identifier: identifier)
  }
}

extension HealthDataType {
  /// The unit the store keeps this kind's values in as an ``HKUnit`` (`count`, `m`, `kcal`,
  /// `count/min`, `mL`); the null unit for kinds that are not quantities.
  var hkUnit: HKUnit { Self.hkUnits[Int(rawValue)] }

  /// The HealthKit type of this kind, one shared instance per kind (types are immutable).
  var hkType: HKSampleType { Self.hkTypes[Int(rawValue)] }

  private static let hkUnits: [HKUnit] = allCases.map {
    $0.isQuantity ? HKUnit(from: $0.unit) : HKUnit.count().unitDivided(by: .count())
  }

  private static let hkTypes: [HKSampleType] = allCases.map { kind in
    switch kind {
    case .workout: HKObjectType.workoutType()
    case .electrocardiogram: HKObjectType.electrocardiogramType()
    case let object where object.isObject:
      // The catalog's document, series, audiogram, state-of-mind and scored-assessment entries.
      switch object.entry.kind {
      case .document: HKDocumentType(HKDocumentTypeIdentifier(rawValue: object.identifier))
      case .series: HKSeriesType(identifier: object.identifier)
      case .scoredAssessment: HKScoredAssessmentType(identifier: object.identifier)
      case .audiogram: HKObjectType.audiogramSampleType()
      case .visionPrescription: HKObjectType.visionPrescriptionType()
      default: HKObjectType.stateOfMindType()
      }
    default:
      kind.isQuantity
        ? HKQuantityType(HKQuantityTypeIdentifier(rawValue: kind.identifier))
        : HKCategoryType(HKCategoryTypeIdentifier(rawValue: kind.identifier))
    }
  }
}

/// What a query needs besides the state: the simulation (dates, calendar).
struct QueryContext {
  let simulation: HealthKitSimulation
  /// The device of the store that runs the query, or `nil` (a store made outside
  /// `HealthKitSimulation.on(_:isolation:_:)`: the whole store).
  var device: HealthKitSimulation.Device? = nil

  /// The date of `instant`.
  func date(_ instant: SimulationInstant) -> Date { simulation.date(of: instant) }
  /// The instant of `date`.
  func instant(_ date: Date) -> SimulationInstant { simulation.instant(of: date) }
}

/// The error of a query executed while the phone is locked (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkerror/code/errordatabaseinaccessible).
let lockedError = HKError(.errorDatabaseInaccessible, "Protected health data is inaccessible")

/// The error of a query of a type the app never asked to read.
let notDeterminedError = HKError(.errorAuthorizationNotDetermined, "Authorization not determined")

extension HealthKitSimulation.State {
  /// Whether the app asked to read `type` (granted or denied: a denied read still runs and
  /// finds the app's own objects only), the one test of every query before it runs; `false`
  /// fails the query with ``notDeterminedError``. A correlation type is never asked for
  /// itself: asking to read one of the types its correlations hold (systolic or diastolic blood
  /// pressure, a dietary type) reads it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationquery: apps "request
  /// permission to share and read each of the sample types contained within the
  /// correlation").
  func readAskedFor(_ type: HKObjectType) -> Bool {
    if let correlation = type as? HKCorrelationType,
      correlation.memberTypes.contains(where: { readAskedFor(identifier: $0.identifier) })
    {
      return true
    }
    return readAskedFor(identifier: type.identifier)
  }

  /// Whether the app asked to read the type of `identifier` (``readAskedFor(_:)`` for a type
  /// known by its identifier: a route's, a heartbeat series').
  func readAskedFor(identifier: String) -> Bool {
    authorization.readGranted(identifier) != nil
  }

  /// The store's source of the app itself (``HKSource/default()``), added on first use.
  mutating func appSourceIndex() -> UInt16 {
    health.source(for: .simulatedApp)
  }

  /// The HealthKit source of store source `index`.
  func hkSource(_ index: UInt16) -> HKSource {
    let source = healthStorage.sources[Int(index)]
    return HKSource(name: source.name, bundleIdentifier: source.bundleIdentifier)
  }

  /// The device of store source `index`: the watch (``HKDevice/appleWatch``), the iPhone
  /// (``HKDevice/iPhone``: "iPhone", "Apple Inc.", model "iPhone"), `nil` for apps.
  func hkDevice(_ index: UInt16) -> HKDevice? {
    switch healthStorage.sources[Int(index)].kind {
    case .watch: .appleWatch
    case .iPhone: .iPhone
    case .app: nil
    }
  }

  /// The UUID of store object `id`.
  func uuid(of id: HealthSampleID) -> UUID {
    let (high, low) = healthStorage.uuid(of: id)
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
      bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
    }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// The store's form of a UUID: the first 8 bytes big-endian, then the last 8.
  static func storeUUID(_ uuid: UUID) -> (UInt64, UInt64) {
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    var high: UInt64 = 0
    var low: UInt64 = 0
    for index in 0..<8 {
      high = high << 8 | UInt64(bytes[index])
      low = low << 8 | UInt64(bytes[8 + index])
    }
    return (high, low)
  }

  /// The app's object `id` as it saved it, or a new HealthKit object for a generated sample:
  /// ``HKCumulativeQuantitySample`` or ``HKDiscreteQuantitySample``, ``HKCategorySample``, ``HKWorkout`` or ``HKElectrocardiogram`` with
  /// the store's UUID, its source's revision and device.
  func object(_ id: HealthSampleID, context: QueryContext) -> HKSample {
    if let own = appObjects[id] { return own }
    let sample = healthStorage.sample(id)
    let uuid = uuid(of: id)
    let revision = HKSourceRevision(source: hkSource(sample.source), version: nil)
    let device = hkDevice(sample.source)
    let start = context.date(sample.start)
    let end = context.date(sample.end)
    switch sample.type {
    case let kind where kind.isObject:
      // Only the app saves objects of these kinds, and each is kept as it saved it.
      preconditionFailure("no object kept for \(kind) sample \(id.index)")
    case .workout:
      return HKWorkout(
        healthStorage.workouts[Int(sample.value)], since: context.simulation.startDate, uuid: uuid,
        device: device, sourceRevision: revision)
    case .electrocardiogram:
      return HKElectrocardiogram(
        recording: healthStorage.electrocardiograms[Int(sample.value)], startDate: start,
        endDate: end,
        uuid: uuid, device: device, sourceRevision: revision)
    case let kind where kind.isCategory:
      // Category kinds: their HealthKit type is a category type.
      return HKCategorySample(
        type: kind.hkType as! HKCategoryType, value: Int(sample.value), start: start, end: end,
        device: device, metadata: nil, uuid: uuid, sourceRevision: revision)
    default:
      // Quantity kinds: the HealthKit type exists for every one of them.
      let type = sample.type.hkType as! HKQuantityType
      return HKQuantitySample.make(
        type: type, quantity: HKQuantity(unit: sample.type.hkUnit, doubleValue: sample.value),
        start: start, end: end, device: device, metadata: Self.watchMetadata(of: sample),
        uuid: uuid, sourceRevision: revision)
    }
  }

  /// The store filter of `predicate` for samples of `type`, with the read rule applied when
  /// `reading` (the default; `deleteObjects`, which takes the app's own objects only, passes
  /// `false`): a type whose reading was denied shows the app's own objects only (HealthKit's
  /// privacy rule: a denied read looks like no data); a type granted with a limited history
  /// (iOS 27's "Past 30 Days and Future Data") shows other sources' samples only when they end
  /// at or after its earliest authorized date (``AuthorizationState/historyStart(_:)``), the
  /// app's own at any date; a per-object type shows the objects the person allowed. Every read
  /// path (sample, anchored, observer, statistics, collection, series, workout, descriptor
  /// queries) comes through here: the one home of these rules.
  ///
  /// Traps with ``HKQuery/unreadablePredicateMessage(_:)`` for a predicate the store cannot
  /// read. With `view` (the default) a query of a device's store also sees that device's
  /// view at virtual now (``deviceView(_:type:)``); a long-running query leaves it out and
  /// applies it at each look (``deviceChanges(of:where:on:after:waiting:)``).
  mutating func filter(
    for predicate: NSPredicate?, type: HealthDataType, identifier: String,
    context: QueryContext, view: Bool = true, reading: Bool = true
  ) -> HealthFilter {
    var filter = predicate.map { translate($0, type: type, context: context) } ?? .all
    if reading, authorization.readGranted(identifier) == false {
      let own = appSourceIndex()
      filter = filter == .all ? .sources([own]) : .and([filter, .sources([own])])
    } else if reading, let start = authorization.historyStart(identifier) {
      // Apple: "HealthKit evaluates the boundary against a sample's end date, so the framework
      // might service your query with a sample that begins before the earliest authorization
      // date as long as the sample ends after it"
      // (https://developer.apple.com/documentation/healthkit/hkhealthstore/earliestauthorizedsampledate(for:)):
      // the date test of `predicateForSamples(withStart: start, end: nil)`, end >= start. The
      // app's own samples stay readable at every date, as with a denied read (project rule,
      // docs/swift-api.md#authorization).
      let window = HealthFilter.or([
        .sources([appSourceIndex()]),
        .date(start: start, end: nil, strictStart: false, strictEnd: false),
      ])
      filter = filter == .all ? window : .and([filter, window])
    }
    // A per-object type (vision prescriptions): only the objects the person allowed
    // (Store/HKHealthStore+PerObjectAuthorization.swift).
    if reading, type.entry.kind == .visionPrescription {
      filter = filter == .all ? perObjectReadFilter() : .and([filter, perObjectReadFilter()])
    }
    return view ? viewed(filter, kind: type, on: context.device) : filter
  }

  /// `filter` limited to `device`'s view of the store of `kind` at virtual now
  /// (``deviceView(_:type:)``); `filter` itself for a store made outside `on(_:)` (no device)
  /// or a view of the whole store. A running query applies it at each look.
  mutating func viewed(
    _ filter: HealthFilter, kind: HealthDataType, on device: HealthKitSimulation.Device?
  ) -> HealthFilter {
    guard let device, let view = deviceView(device, type: kind) else { return filter }
    return filter == .all ? view : .and([filter, view])
  }

  /// A filter nothing matches.
  static let nothing = HealthFilter.not(.all)

  /// The instants of the dates of one predicate condition the factory `call` made
  /// (`predicateForSamples`, `predicateForWorkoutActivities`,
  /// `predicateForMedicationDoseEvent`), read by the wall-clock rule in one reading
  /// (`AppSimulation.readAppDatesCannotFail`; docs/swift-api.md#the-wall-clock-rule): one
  /// `wallClockDate` log entry naming `call` however many of them were the real clock. With
  /// strict dates such a date refused the query at `execute` (or `deleteObjects`) before its
  /// predicate is read; one read without that check is refused in the run's errors and
  /// reports, and read by the rule all the same.
  mutating func predicateInstants(_ dates: [Date], call: String, context: QueryContext)
    -> [SimulationInstant]
  {
    context.simulation.readAppDatesCannotFail(dates, call: call, in: &self)
  }

  /// `start` and `end` of one predicate condition of the factory `call`, read by
  /// ``predicateInstants(_:call:context:)`` (`nil` stays `nil`); a bound the app read from
  /// the real clock stands just after what happened at its instant
  /// (`AppSimulation.boundInstant(_:of:in:)`: a sample saved at `Date()` is found by a query
  /// up to a later `Date()`, as on a device).
  mutating func predicateBounds(
    _ start: Date?, _ end: Date?, call: String, context: QueryContext
  ) -> (SimulationInstant?, SimulationInstant?) {
    var read = predicateInstants([start, end].compactMap { $0 }, call: call, context: context)[...]
    let low = start.map { context.simulation.boundInstant(read.removeFirst(), of: $0, in: self) }
    let high = end.map { context.simulation.boundInstant(read.removeFirst(), of: $0, in: self) }
    return (low, high)
  }

  /// `predicate` (of `predicateForWorkoutActivities(...)` conditions, their compounds) with the
  /// dates of its date conditions read by the wall-clock rule, each condition's with one
  /// `wallClockDate` log entry naming `predicateForWorkoutActivities` when one was the real
  /// clock (docs/swift-api.md#the-wall-clock-rule; strict dates refused the query at `execute`,
  /// so a strict failure here still reads them by the rule).
  mutating func activityPredicate(_ predicate: NSPredicate, context: QueryContext) -> NSPredicate {
    if let compound = predicate as? NSCompoundPredicate {
      return NSCompoundPredicate(
        type: compound.compoundPredicateType,
        subpredicates: compound.subpredicates.map { activityPredicate($0, context: context) })
    }
    guard
      case .activity(.dates(let start, let end, let options))? = (predicate as? HKPredicate)?
        .filter
    else { return predicate }
    let (from, to) = predicateBounds(
      start, end, call: "predicateForWorkoutActivities", context: context)
    return HKPredicate(.activity(.instants(start: from, end: to, options: options)))
  }

  /// The instants each of the stored workout `id`'s activities spans, in the order of
  /// `workout`'s ``HKWorkout/workoutActivities`` (what an activity predicate's dates match, as
  /// a sample's stored instants are what a sample predicate's match): the stored record's
  /// activities (a session's builder's sub-activities; one without an end ends with the
  /// workout, as its ``HKWorkoutActivity`` does), else the workout's own span for its one
  /// activity (a workout without sub-activities, whose one activity spans it: the instants its
  /// dates were stored at, read by the wall-clock rule when the app saved it), else each
  /// activity's dates (a standalone builder's, on virtual time already: it read them when they
  /// were added).
  func activitySpans(of id: HealthSampleID, _ workout: HKWorkout, context: QueryContext)
    -> [(start: SimulationInstant, end: SimulationInstant)]
  {
    let record = healthStorage.workouts[Int(healthStorage.sample(id).value)]
    if !record.activities.isEmpty, record.activities.count == workout.workoutActivities.count {
      return record.activities.map { ($0.startDate, $0.endDate ?? record.endDate) }
    }
    if workout.workoutActivities.count == 1 { return [(record.startDate, record.endDate)] }
    return workout.workoutActivities.map { activity in
      let start = context.instant(activity.startDate)
      return (start, activity.endDate.map(context.instant) ?? start)
    }
  }

  /// The store filter of `predicate` for samples of `type`, without any read rule.
  mutating func translate(
    _ predicate: NSPredicate, type: HealthDataType, context: QueryContext
  ) -> HealthFilter {
    if let compound = predicate as? NSCompoundPredicate {
      var parts: [HealthFilter] = []
      for sub in compound.subpredicates {
        parts.append(translate(sub, type: type, context: context))
      }
      switch compound.compoundPredicateType {
      case .and: return .and(parts)
      case .or: return .or(parts)
      case .not: return .not(parts.count == 1 ? parts[0] : .and(parts))
      @unknown default: preconditionFailure(HKQuery.unreadablePredicateMessage(compound))
      }
    }
    guard let known = predicate as? HKPredicate else {
      // `NSPredicate(value:)` predicates are equal by their value; block predicates never are.
      if predicate.isEqual(NSPredicate(value: true)) { return .all }
      if predicate.isEqual(NSPredicate(value: false)) { return Self.nothing }
      preconditionFailure(HKQuery.unreadablePredicateMessage(predicate))
    }
    switch known.filter {
    case .date(let start, let end, let options):
      let (low, high) = predicateBounds(start, end, call: "predicateForSamples", context: context)
      return .date(
        start: low, end: high,
        strictStart: options.contains(.strictStartDate), strictEnd: options.contains(.strictEndDate)
      )
    case .instants(let low, let high, let options):
      return .date(
        start: low, end: high,
        strictStart: options.contains(.strictStartDate), strictEnd: options.contains(.strictEndDate)
      )
    case .sources(let bundles):
      return .sources(sourceIndices { bundles.contains($0.bundleIdentifier) })
    case .sourceRevisions(let revisions):
      // Store sources have no version; the app's own objects keep the revision they were saved
      // with.
      let bundles = Set(revisions.filter { $0.version == nil }.map(\.source.bundleIdentifier))
      let own = appObjects.filter { revisions.contains($0.value.sourceRevision) }.map(\.key)
      return .or([
        .sources(sourceIndices { bundles.contains($0.bundleIdentifier) }), .ids(Set(own)),
      ])
    case .devices(let devices):
      return deviceFilter { devices.contains($0) }
    case .deviceProperty(let key, let values):
      return deviceFilter { $0.value(forProperty: key).map(values.contains) ?? false }
    case .uuids(let uuids):
      return .ids(Set(uuids.compactMap { self.health.id(ofUUID: Self.storeUUID($0)) }))
    case .noCorrelation:
      // The store keeps a correlation's objects as samples and the correlation beside them
      // (Values/HKCorrelation.swift): those objects are the ones held.
      let held = correlatedObjectUUIDs.compactMap { self.health.id(ofUUID: Self.storeUUID($0)) }
      return held.isEmpty ? .all : .not(.ids(Set(held)))
    case .quantity(let comparison, let quantity):
      guard type.isQuantity else { return Self.nothing }
      // Queries refuse it when made (`HKQuery.checkQuantities`); `deleteObjects(of:predicate:)`
      // and other paths here, with the same message.
      guard quantity.is(compatibleWith: type.hkUnit) else {
        // Quantity kinds: the HealthKit type exists for every one of them.
        preconditionFailure(
          HKQuery.incompatibleQuantityMessage(quantity, type: type.hkType as! HKQuantityType))
      }
      return .quantity(comparison.health, quantity.doubleValue(for: type.hkUnit))
    case .categoryComparison(let comparison, let value):
      // The SDK's category values are 0...7 (sleep analysis 0...5); a comparison is the set of
      // values in 0...15 that satisfy it.
      let values = (0...15).filter { comparison.health.holds(Double($0), Double(value)) }
      return .categoryValues(Set(values))
    case .categoryValues(let values):
      return .categoryValues(values)
    case .workout where type.isObject, .stateOfMind, .document:
      // The objects' own fields (a route's workout, a state of mind's, a document's):
      // tested on the objects kept (Store/ObjectSampleStore.swift), deleted ones too.
      return .ids(objectIDs(of: type) { objectMatches($0, known) })
    case .workout(let uuid):
      // Effort scores are related to a workout, not associated with it.
      guard !HealthDataType.effortKinds.contains(type),
        let id = self.health.id(ofUUID: Self.storeUUID(uuid)),
        self.health.sample(id).type == .workout
      else { return Self.nothing }
      // The store's association (same source, inside the workout) and the samples added with
      // `add(_:to:completion:)` (Store/HKHealthStore+Workouts.swift).
      let added = extensionState(WorkoutAssociations.self)?.samples[uuid] ?? []
      let inside = HealthFilter.workout(Int(self.health.sample(id).value))
      return added.isEmpty ? inside : .or([inside, .ids(added)])
    case .workoutTotal, .workoutActivities, .workoutStatistic:
      guard type == .workout else { return Self.nothing }
      var filter = known.filter
      if case .workoutActivities(let inner) = filter {
        filter = .workoutActivities(
          HKPredicate.Nested(activityPredicate(inner.predicate, context: context)))
      }
      return .ids(
        workoutIDs(context: context) { workout, id in
          workout.meets(filter, spans: activitySpans(of: id, workout, context: context)) ?? false
        })
    case .medication, .doseEvent:
      // Medications and dose events are not in the store (Store/HKHealthStore+Medications.swift).
      return Self.nothing
    case .electrocardiogram(let condition):
      // The store's recordings (generated: no symptoms reported, `HKElectrocardiogram`).
      guard type == .electrocardiogram else { return Self.nothing }
      let ids = health.samples(
        of: .electrocardiogram, where: .all, at: session.now, sortedBy: [], limit: nil
      ).filter { id in
        condition.matches(
          classification: health.electrocardiograms[Int(health.sample(id).value)].classification,
          symptomsStatus: HKElectrocardiogram.generatedSymptomsStatus)
      }
      return .ids(Set(ids))
    case .activity:
      preconditionFailure(
        "SimulatedHealthKit: a predicateForWorkoutActivities(...) predicate matches workout activities, not samples: wrap it in HKQuery.predicateForWorkouts(activityPredicate:)"
      )
    case .workoutActivity(let activity):
      return .workoutActivity(activity.rawValue)
    case .workoutDuration(let comparison, let seconds):
      guard type == .workout else { return Self.nothing }
      let ids = health.samples(
        of: .workout, where: .all, at: session.now, sortedBy: [], limit: nil
      ).filter { id in
        let record = health.workouts[Int(health.sample(id).value)]
        let duration =
          Double(record.duration.components.seconds)
          + Double(record.duration.components.attoseconds) / 1e18
        return comparison.health.holds(duration, seconds)
      }
      return .ids(Set(ids))
    case .effortRelated(let workout, let activity):
      return .ids(effortSampleIDs(workout: workout, activity: activity))
    case .metadata(let key, let condition):
      // The app's own objects, and workouts (generated, finished or saved) as the app reads
      // their metadata back: generated samples carry none.
      var ids = Set(appObjects.filter { condition.holds($0.value.metadata?[key]) }.map(\.key))
      if type == .workout {
        ids.formUnion(
          workoutIDs(context: context) { workout, _ in
            condition.holds(workout.metadata?[key])
          })
      }
      return .ids(ids)
    }
  }

  /// The store filter of objects whose device `matches`: the sources whose device does (the
  /// watch, the phone) and the app's own objects whose device does.
  private func deviceFilter(where matches: (HKDevice) -> Bool) -> HealthFilter {
    var indices = Set<UInt16>()
    for index in healthStorage.sources.indices {
      if let device = hkDevice(UInt16(index)), matches(device) { indices.insert(UInt16(index)) }
    }
    let own = appObjects.filter { entry in entry.value.device.map(matches) ?? false }.map(\.key)
    return .or([.sources(indices), .ids(Set(own))])
  }

  /// The ids of the store's workouts (generated, finished by a builder or saved by the app)
  /// whose ``HKWorkout`` `matches` (given with its id).
  func workoutIDs(
    context: QueryContext, where matches: (HKWorkout, HealthSampleID) -> Bool
  ) -> Set<HealthSampleID> {
    var ids = Set<HealthSampleID>()
    for id in healthStorage.samples(
      of: .workout, where: .all, at: session.now, sortedBy: [], limit: nil)
    {
      if let workout = object(id, context: context) as? HKWorkout, matches(workout, id) {
        ids.insert(id)
      }
    }
    return ids
  }

  private func sourceIndices(where matches: (HealthSource) -> Bool) -> Set<UInt16> {
    var result = Set<UInt16>()
    for (index, source) in healthStorage.sources.enumerated() where matches(source) {
      result.insert(UInt16(index))
    }
    return result
  }
}

extension HKPredicateOperator {
  /// The store's comparison.
  var health: HealthComparison {
    switch self {
    case .lessThan: .lessThan
    case .lessThanOrEqualTo: .lessThanOrEqual
    case .greaterThan: .greaterThan
    case .greaterThanOrEqualTo: .greaterThanOrEqual
    case .equalTo: .equal
    case .notEqualTo: .notEqual
    }
  }
}
