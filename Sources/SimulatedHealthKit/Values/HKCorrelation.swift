import WorkoutCore
import WorkoutHealth

/// A sample that groups related samples, HealthKit's `HKCorrelation` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcorrelation): a blood pressure (one
/// `bloodPressureSystolic` and one `bloodPressureDiastolic` sample) or a food (dietary samples).
///
/// Saving a correlation saves its objects too (each needs share authorization for its own type;
/// apps do not ask for correlation types), so a sample query of `bloodPressureSystolic` finds
/// the systolic sample; a sample query of the correlation type or an ``HKCorrelationQuery``
/// finds the correlation (docs/healthkit-types.md#correlations).
public final class HKCorrelation: HKSample, @unchecked Sendable {
  /// The grouped samples.
  public let objects: Set<HKSample>

  /// Creates a correlation; the convenience initializers end here.
  ///
  /// Traps with "HKCorrelation: startDate must not be after endDate" (HealthKit raises
  /// `NSInvalidArgumentException`).
  package init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>, device: HKDevice?, metadata: [String: Any]?, uuid: UUID = UUID(),
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil)
  ) {
    precondition(startDate <= endDate, "HKCorrelation: startDate must not be after endDate")
    self.objects = objects
    super.init(
      sampleType: correlationType, startDate: startDate, endDate: endDate, uuid: uuid,
      metadata: metadata, device: device, sourceRevision: sourceRevision)
  }

  /// A correlation of `objects` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelation/init(type:start:end:objects:)).
  public convenience init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>
  ) {
    self.init(
      type: correlationType, start: startDate, end: endDate, objects: objects, device: nil,
      metadata: nil)
  }

  /// A correlation with metadata (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelation/init(type:start:end:objects:metadata:)).
  public convenience init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>, metadata: [String: Any]?
  ) {
    self.init(
      type: correlationType, start: startDate, end: endDate, objects: objects, device: nil,
      metadata: metadata)
  }

  /// A correlation with a device and metadata (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelation/init(type:start:end:objects:device:metadata:)).
  public convenience init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      type: correlationType, start: startDate, end: endDate, objects: objects, device: device,
      metadata: metadata, uuid: UUID())
  }

  /// Writes the sample's fields and the objects (in type identifier, then UUID order).
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(orderedObjects, forKey: "objects")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for another sample type or without objects.
  public required init?(coder: NSCoder) {
    guard let objects = coder.decodeArray(of: HKSample.self, forKey: "objects") else {
      return nil
    }
    self.objects = Set(objects)
    super.init(coder: coder)
    guard sampleType is HKCorrelationType else { return nil }
  }

  /// The correlation's type.
  public var correlationType: HKCorrelationType {
    // The initializer only accepts correlation types.
    sampleType as! HKCorrelationType
  }

  /// The grouped samples of `objectType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelation/objects(for:)).
  public func objects(for objectType: HKObjectType) -> Set<HKSample> {
    objects.filter { $0.sampleType == objectType }
  }

  /// The objects in a fixed order (type identifier, then UUID), as the store saves them.
  var orderedObjects: [HKSample] {
    objects.sorted {
      ($0.sampleType.identifier, $0.uuid.uuidString) < (
        $1.sampleType.identifier, $1.uuid.uuidString
      )
    }
  }

  /// Why the store refuses this correlation's objects, or `nil`: a blood pressure holds exactly
  /// one systolic and one diastolic quantity sample (Apple's overview: "Blood pressure
  /// correlations always include two quantity samples, representing the systolic and
  /// diastolic values"), a food only dietary quantity samples (workout-sim's reading of the
  /// overview).
  var invalidObjectsMessage: String? {
    let identifiers = orderedObjects.map(\.sampleType.identifier)
    let allQuantities = objects.allSatisfy { $0 is HKQuantitySample }
    switch correlationType.identifier {
    case HKCorrelationTypeIdentifier.bloodPressure.rawValue:
      let expected = [
        HKQuantityTypeIdentifier.bloodPressureDiastolic.rawValue,
        HKQuantityTypeIdentifier.bloodPressureSystolic.rawValue,
      ]
      guard identifiers != expected || !allQuantities else { return nil }
      return
        "A blood pressure correlation holds one HKQuantityTypeIdentifierBloodPressureSystolic and one HKQuantityTypeIdentifierBloodPressureDiastolic quantity sample; this one holds \(identifiers)"
    default:
      let dietary = identifiers.allSatisfy { $0.hasPrefix("HKQuantityTypeIdentifierDietary") }
      guard !dietary || !allQuantities else { return nil }
      return
        "A food correlation holds dietary quantity samples (HKQuantityTypeIdentifierDietary...); this one holds \(identifiers)"
    }
  }
}

extension HKCorrelation {
  /// The sync identifier and version of the correlation's metadata, what an ``HKDeletedObject``
  /// of it keeps (Apple doc: https://developer.apple.com/documentation/healthkit/hkdeletedobject/metadata),
  /// or `nil` without them.
  var syncMetadata: [String: Any]? {
    let kept = (metadata ?? [:]).filter {
      $0.key == HKMetadataKeySyncIdentifier || $0.key == HKMetadataKeySyncVersion
    }
    return kept.isEmpty ? nil : kept
  }
}

extension HKCorrelationType {
  /// The types a correlation of this type may hold: systolic and diastolic blood pressure, or
  /// every dietary quantity type for food. Reading a correlation needs reading one of them.
  var memberTypes: [HKQuantityType] {
    if identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue {
      return [HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic)]
    }
    return QuantityTypeInfo.table.keys.map(\.rawValue).sorted()
      .filter { $0.hasPrefix("HKQuantityTypeIdentifierDietary") }
      .map { HKQuantityType(HKQuantityTypeIdentifier(rawValue: $0)) }
  }
}

/// The correlations the app saved, in save order (the store keeps their objects as samples).
struct CorrelationStore: SimulationExtension {
  /// A saved correlation as queries give it back (the app's, or a copy dated at the instants
  /// read when a date of it or of its objects was the real clock:
  /// `HealthKitSimulation.State.queriedCorrelation(_:start:end:context:)`), and the instants its
  /// start and end stand for, read by the wall-clock rule in the save's reading
  /// (docs/swift-api.md#the-wall-clock-rule): a date predicate matches these.
  struct Saved {
    let correlation: HKCorrelation
    let start: SimulationInstant
    let end: SimulationInstant
    /// The store id of the correlation's key object, its first in ``HKCorrelation/orderedObjects``
    /// (`nil` when not stored): the correlation's place in the store's history of changes. The
    /// key's arrival is the correlation's save and its deletion the correlation's, so an anchored
    /// or observer query of a correlation type walks the store's events of the key objects
    /// (one event per correlation: ``HealthKitSimulation/State/correlationFilter(of:predicate:kind:context:)``).
    var key: HealthSampleID? = nil
  }

  var correlations: [Saved] = []
  /// The correlations deleted, in deletion order: an anchored query tells their deletion
  /// (``HKDeletedObject`` of the correlation's UUID) when it walks past their key's.
  var removed: [Saved] = []

  init(simulation: HealthKitSimulation) {}
}

extension HealthKitSimulation.State {
  /// The filter of a running query's part of `kind` for correlations of `type` matching
  /// `predicate`: the key objects (``CorrelationStore/Saved/key``) of `kind` of the saved
  /// correlations that match, and of the deleted ones that matched, so that the store's walk of
  /// changes meets each correlation once as it is saved and once as it is deleted. An anchored
  /// or observer query of an `HKCorrelationType` reads the store through it: Apple lists
  /// correlation types among an anchored query's types (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquery/init(type:predicate:anchor:limit:resultshandler:)),
  /// and an observer query takes any sample type.
  mutating func correlationFilter(
    of type: HKCorrelationType, predicate: NSPredicate?, kind: HealthDataType,
    context: QueryContext
  ) -> HealthFilter {
    let live = correlations(of: type, matching: predicate, context: context)
    let read = predicate.map { readingDates(of: $0, context: context) }
    let removed = (extensionState(CorrelationStore.self)?.removed ?? []).filter { saved in
      saved.correlation.sampleType == type
        && (read.map { objectMatches(saved.correlation, $0, at: (saved.start, saved.end)) }
          ?? true)
    }
    let keys = (live + removed).compactMap(\.key).filter { healthStorage.sample($0).type == kind }
    return .ids(Set(keys))
  }

  /// The correlation whose key object is `id` (``CorrelationStore/Saved/key``): a saved one, or
  /// when `deleted`, a deleted one; `nil` when `id` is no correlation's key.
  func correlation(keyedBy id: HealthSampleID, deleted: Bool) -> HKCorrelation? {
    let store = extensionState(CorrelationStore.self)
    let list = deleted ? (store?.removed ?? []) + (store?.correlations ?? []) : store?.correlations
    return list?.first { $0.key == id }?.correlation
  }

  /// The UUIDs of the objects the saved correlations hold
  /// (`HKQuery.predicateForObjectsWithNoCorrelation()` matches every other object).
  var correlatedObjectUUIDs: Set<UUID> {
    let saved = extensionState(CorrelationStore.self)?.correlations ?? []
    return Set(saved.flatMap { $0.correlation.objects.map(\.uuid) })
  }

  /// The correlation queries hand out for the app's saved `correlation`, stored from `start`
  /// to `end` (its objects stored already): the correlation itself when none of its or its
  /// objects' dates was the real clock, else a copy with the same UUID, type, device and
  /// metadata dated at the instants read, holding its objects as queries hand them out
  /// (``keptSample(_:start:end:context:)``), so that a blood pressure saved at `Date()` reads
  /// back at virtual now as a water sample does (a project rule,
  /// docs/swift-api.md#the-wall-clock-rule).
  func queriedCorrelation(
    _ correlation: HKCorrelation, start: SimulationInstant, end: SimulationInstant,
    context: QueryContext
  ) -> HKCorrelation {
    let now = session.now
    let simulation = context.simulation
    let dates =
      [correlation.startDate, correlation.endDate]
      + correlation.objects.flatMap { [$0.startDate, $0.endDate] }
    guard dates.contains(where: { simulation.isWallClockLeak($0, now: now) }) else {
      return correlation
    }
    let objects = correlation.objects.map { object in
      healthStorage.id(ofUUID: Self.storeUUID(object.uuid)).flatMap { appObjects[$0] } ?? object
    }
    let leaked = { (date: Date, instant: SimulationInstant) in
      simulation.isWallClockLeak(date, now: now) ? context.date(instant) : date
    }
    return HKCorrelation(
      type: correlation.correlationType, start: leaked(correlation.startDate, start),
      end: leaked(correlation.endDate, end), objects: Set(objects), device: correlation.device,
      metadata: correlation.metadata, uuid: correlation.uuid,
      sourceRevision: correlation.sourceRevision)
  }

  /// The saved correlations of `type` matching `predicate` whose objects are still in the
  /// store, in save order, with their instants; a correlation whose objects were all deleted is gone. The
  /// predicate's dates are read by the wall-clock rule once (``readingDates(of:context:)``) and
  /// matched against the instants the correlation's dates were read at when it was saved, so a
  /// correlation saved at `Date()` is found by a predicate from `simulation.now` and the reverse
  /// (docs/swift-api.md#the-wall-clock-rule).
  ///
  /// Traps with ``HKQuery/unreadablePredicateMessage(_:)`` for a block predicate.
  mutating func correlations(
    of type: HKObjectType, matching predicate: NSPredicate?, context: QueryContext
  ) -> [CorrelationStore.Saved] {
    let saved = extensionState(CorrelationStore.self)?.correlations ?? []
    let read = predicate.map { readingDates(of: $0, context: context) }
    return saved.filter { saved in
      saved.correlation.sampleType == type
        && saved.correlation.objects.contains {
          health.id(ofUUID: Self.storeUUID($0.uuid)) != nil
        }
        && (read.map { objectMatches(saved.correlation, $0, at: (saved.start, saved.end)) }
          ?? true)
    }
  }

  /// Whether a correlation's `object`, one held in the store, matches `predicate` of a
  /// correlation query's sample predicates, its dates read by the wall-clock rule
  /// (``readingDates(of:context:)``) and matched against the instants the object is stored at.
  func storedObjectMatches(_ object: HKSample, _ predicate: NSPredicate) -> Bool {
    guard let id = healthStorage.id(ofUUID: Self.storeUUID(object.uuid)) else { return false }
    return objectMatches(
      object, predicate, at: (healthStorage.sample(id).start, healthStorage.sample(id).end))
  }

  /// `predicate` with the dates of its `predicateForSamples(withStart:end:options:)` conditions
  /// read by the wall-clock rule (``predicateBounds(_:_:call:context:)``, one `wallClockDate`
  /// entry per condition read from the real clock) into instants, for matching objects the
  /// store does not hold by instant (``objectMatches(_:_:at:)``); a condition read so is
  /// matched as the store matches its samples (docs/swift-api.md#the-wall-clock-rule).
  mutating func readingDates(of predicate: NSPredicate, context: QueryContext) -> NSPredicate {
    if let compound = predicate as? NSCompoundPredicate {
      return NSCompoundPredicate(
        type: compound.compoundPredicateType,
        subpredicates: compound.subpredicates.map { readingDates(of: $0, context: context) })
    }
    guard case .date(let start, let end, let options)? = (predicate as? HKPredicate)?.filter
    else { return predicate }
    let (low, high) = predicateBounds(start, end, call: "predicateForSamples", context: context)
    return HKPredicate(.instants(start: low, end: high, options: options))
  }

  /// Whether `object` matches `predicate`, read as the store reads it for samples: dates,
  /// sources, devices, UUIDs, metadata keys, quantity and category comparisons, a route's
  /// workout, a state of mind's and a CDA document's fields; the other workout filters match
  /// nothing. The correlations' and the object samples' (Store/ObjectSampleStore.swift) rule.
  /// A date condition whose dates were read by the wall-clock rule
  /// (``readingDates(of:context:)``) is matched against `instants`, the instants the object's
  /// start and end stand for (no instants: it matches nothing); an unread one against the
  /// object's dates.
  func objectMatches(
    _ object: HKSample, _ predicate: NSPredicate,
    at instants: (start: SimulationInstant, end: SimulationInstant)? = nil
  ) -> Bool {
    if let compound = predicate as? NSCompoundPredicate {
      let parts = compound.subpredicates
      switch compound.compoundPredicateType {
      case .and: return parts.allSatisfy { objectMatches(object, $0, at: instants) }
      case .or: return parts.contains { objectMatches(object, $0, at: instants) }
      case .not: return !parts.allSatisfy { objectMatches(object, $0, at: instants) }
      @unknown default: preconditionFailure(HKQuery.unreadablePredicateMessage(compound))
      }
    }
    guard let known = predicate as? HKPredicate else {
      if predicate.isEqual(NSPredicate(value: true)) { return true }
      if predicate.isEqual(NSPredicate(value: false)) { return false }
      preconditionFailure(HKQuery.unreadablePredicateMessage(predicate))
    }
    switch known.filter {
    case .date(let start, let end, let options):
      return HKPredicate.Filter.datesMatch(
        start: object.startDate, end: object.endDate, from: start, to: end, options: options)
    case .instants(let start, let end, let options):
      guard let instants else { return false }
      return HealthFilter.matchesDates(
        start: instants.start.nanoseconds, end: instants.end.nanoseconds,
        from: start?.nanoseconds, to: end?.nanoseconds,
        strictStart: options.contains(.strictStartDate), strictEnd: options.contains(.strictEndDate)
      )
    case .sources(let bundles):
      return bundles.contains(object.sourceRevision.source.bundleIdentifier)
    case .sourceRevisions(let revisions):
      return revisions.contains(object.sourceRevision)
    case .devices(let devices):
      return object.device.map { devices.contains($0) } ?? false
    case .uuids(let uuids):
      return uuids.contains(object.uuid)
    case .noCorrelation:
      return !correlatedObjectUUIDs.contains(object.uuid)
    case .metadata(let key, let condition):
      return condition.holds(object.metadata?[key])
    case .quantity(let comparison, let quantity):
      guard let sample = object as? HKQuantitySample,
        sample.quantity.is(compatibleWith: quantity.unit)
      else { return false }
      return comparison.health.holds(
        sample.quantity.doubleValue(for: quantity.unit), quantity.doubleValue(for: quantity.unit))
    case .categoryComparison(let comparison, let value):
      guard let sample = object as? HKCategorySample else { return false }
      return comparison.health.holds(Double(sample.value), Double(value))
    case .categoryValues(let values):
      return (object as? HKCategorySample).map { values.contains($0.value) } ?? false
    case .workout(let uuid):
      // A route is associated with its workout (Workout/HKWorkoutRouteBuilder.swift).
      return (object as? HKWorkoutRoute)?.workoutUUID == uuid
    case .deviceProperty(let key, let values):
      return object.device?.value(forProperty: key).map(values.contains) ?? false
    case .workoutActivity, .workoutDuration, .effortRelated, .workoutTotal, .workoutActivities,
      .workoutStatistic, .activity:
      return false
    case .stateOfMind(let filter):
      return (object as? HKStateOfMind).map(filter.matches) ?? false
    case .document(let field, let value):
      return (object as? HKCDADocumentSample)?.document?[keyPath: field] == value
    case .doseEvent(let condition):
      return (object as? HKMedicationDoseEvent).map(condition.matches) ?? false
    case .electrocardiogram(let condition):
      return (object as? HKElectrocardiogram).map {
        condition.matches(
          classification: $0.recording.classification, symptomsStatus: $0.symptomsStatus)
      } ?? false
    case .medication:
      return false
    }
  }
}
