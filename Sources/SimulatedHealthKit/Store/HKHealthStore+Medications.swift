import Synchronization
import WorkoutCore
import WorkoutHealth

/// The person's medications and dose events (from the scenario and the simulation controls
/// below) and the medications they let the app read (docs/healthkit-behaviour.md#medications).
struct MedicationRecords: SimulationExtension {
  /// One dose event and when it reaches the store.
  struct Logged {
    var uuid: UUID
    var dose: MedicationDose
    /// When queries see it: a control's dose at once (virtual now when logged), a scenario's
    /// at its `at` (those before `t = 0` at 0).
    var arrival: SimulationInstant
  }

  /// The medications in the order they were added.
  var medications: [HKUserAnnotatedMedication] = []
  /// The dose events by arrival, then in logging order: the ones that arrived by any instant
  /// are a prefix, and their positions (from 1) never change, so a position is an anchor.
  var doses: [Logged] = []
  /// The number of doses logged, for the UUIDs.
  var logged = 0
  /// Codes of the medications the person allowed in the per-object sheets.
  var allowed: Set<String> = []

  /// The scenario's `health.medications` (docs/scenario-format.md#health).
  init(simulation: HealthKitSimulation) {
    for planned in simulation.scenario.health?.medications ?? [] {
      add(
        identifier: planned.identifier, displayText: planned.name, nickname: planned.nickname,
        isArchived: planned.isArchived, hasSchedule: planned.hasSchedule,
        generalForm: planned.form.map(HKMedicationGeneralForm.init(rawValue:)) ?? .unknown,
        relatedCodings: Set(
          planned.codings.map {
            HKClinicalCoding(system: $0.system, version: $0.version, code: $0.code)
          }))
      for dose in planned.doses {
        // The decoder allows only the statuses HealthKit has (1 to 6 in this order).
        let status = HKMedicationDoseEvent.LogStatus(
          rawValue: (HealthPlan.doseStatuses.firstIndex(of: dose.status) ?? 0) + 1)!
        log(
          MedicationDose(
            code: planned.identifier, date: simulation.date(of: dose.at), instant: dose.at,
            logStatus: status, scheduleType: dose.scheduledAt == nil ? .asNeeded : .schedule,
            scheduledDate: dose.scheduledAt.map { simulation.date(of: $0) },
            scheduledInstant: dose.scheduledAt,
            doseQuantity: dose.quantity, scheduledDoseQuantity: dose.scheduledQuantity,
            unit: .count()),
          arrival: max(dose.at, .zero))
      }
    }
  }

  /// Adds a medication; traps when its identifier is taken.
  mutating func add(
    identifier: String, displayText: String, nickname: String?, isArchived: Bool,
    hasSchedule: Bool, generalForm: HKMedicationGeneralForm, relatedCodings: Set<HKClinicalCoding>
  ) {
    precondition(
      !medications.contains { $0.medication.identifier.code == identifier },
      "addMedication: a medication with identifier \(identifier) exists already")
    let concept = HKMedicationConcept(
      identifier: HKHealthConceptIdentifier(domain: .medication, code: identifier),
      displayText: displayText, generalForm: generalForm, relatedCodings: relatedCodings)
    medications.append(
      HKUserAnnotatedMedication(
        medication: concept, nickname: nickname, isArchived: isArchived,
        hasSchedule: hasSchedule))
  }

  /// Logs a dose of a known medication reaching the store at `arrival` and returns its UUID
  /// (the n-th dose logged has `D05E0000-0000-4000-8000-` and n in 12 hexadecimal digits).
  @discardableResult
  mutating func log(_ dose: MedicationDose, arrival: SimulationInstant) -> UUID {
    precondition(
      medications.contains { $0.medication.identifier.code == dose.code },
      "logMedicationDose: no medication with identifier \(dose.code): add it with addMedication first"
    )
    logged += 1
    let digits = String(logged, radix: 16, uppercase: true)
    let uuid = UUID(
      uuidString: "D05E0000-0000-4000-8000-"
        + String(repeating: "0", count: max(0, 12 - digits.count)) + digits)!
    // After every dose arriving no later (a control's arrival is now: after all that arrived).
    let position = doses.firstIndex { $0.arrival > arrival } ?? doses.endIndex
    doses.insert(Logged(uuid: uuid, dose: dose, arrival: arrival), at: position)
    return uuid
  }

  /// The doses that reached the store by `now`.
  func arrived(by now: SimulationInstant) -> ArraySlice<Logged> {
    doses.prefix { $0.arrival <= now }
  }

  /// The arrivals after `now` (the scenario's doses still to come), ascending.
  func arrivals(after now: SimulationInstant) -> [SimulationInstant] {
    doses.map(\.arrival).filter { $0 > now }
  }

  /// The medications the app may read that match `predicate`, at most `limit` (0 for all).
  func readable(matching predicate: NSPredicate?, limit: Int) -> [HKUserAnnotatedMedication] {
    var found = medications.filter {
      allowed.contains($0.medication.identifier.code)
        && (predicate.map(Self.matcher($0)) ?? true)
    }
    if limit > 0, found.count > limit { found = Array(found.prefix(limit)) }
    return found
  }

  /// Whether a medication matches a predicate (a medications predicate, a compound of them, or
  /// `NSPredicate(value:)`); any other predicate traps with what to write instead.
  static func matcher(_ medication: HKUserAnnotatedMedication) -> (NSPredicate) -> Bool {
    func matches(_ predicate: NSPredicate) -> Bool {
      if let compound = predicate as? NSCompoundPredicate {
        let parts = compound.subpredicates
        switch compound.compoundPredicateType {
        case .and: return parts.allSatisfy { matches($0) }
        case .or: return parts.contains { matches($0) }
        case .not: return !parts.allSatisfy { matches($0) }
        @unknown default: preconditionFailure(HKQuery.unreadablePredicateMessage(compound))
        }
      }
      // An HKPredicate is an `NSPredicate(value: true)` underneath: read it first.
      if let known = predicate as? HKPredicate, case .medication(let condition) = known.filter {
        return condition.matches(medication)
      }
      if !(predicate is HKPredicate) {
        if predicate.isEqual(NSPredicate(value: true)) { return true }
        if predicate.isEqual(NSPredicate(value: false)) { return false }
      }
      preconditionFailure(
        "SimulatedHealthKit: \(predicate) does not apply to medications: use HKQuery.predicateForUserAnnotatedMedications(isArchived:) or (hasSchedule:)"
      )
    }
    return matches
  }
}

extension HealthKitSimulation {
  /// Adds a medication the person tracks in the Health app (a simulation control: apps cannot
  /// write medications). `identifier` is the concept's code, unique per medication; the app
  /// reads the medication only after the person allows it in a per-object sheet.
  /// `generalForm` and `relatedCodings` are the concept's
  /// (https://developer.apple.com/documentation/healthkit/hkmedicationconcept/generalform,
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/relatedcodings).
  ///
  /// Traps when a medication with `identifier` exists.
  public func addMedication(
    identifier: String, displayText: String, nickname: String? = nil, isArchived: Bool = false,
    hasSchedule: Bool = false, generalForm: HKMedicationGeneralForm = .unknown,
    relatedCodings: Set<HKClinicalCoding> = []
  ) {
    let simulation = self
    mutate { state in
      state.withExtension(MedicationRecords.self, of: simulation) { records, _ in
        records.add(
          identifier: identifier, displayText: displayText, nickname: nickname,
          isArchived: isArchived, hasSchedule: hasSchedule, generalForm: generalForm,
          relatedCodings: relatedCodings)
      }
    }
  }

  /// Logs a dose event of the medication `identifier` as the Health app does (a simulation
  /// control) and returns its UUID. The dose reaches the store at virtual now, whatever `date`
  /// says: sample and anchored queries find it from now on, and running anchored and observer
  /// queries of dose events are told now (docs/healthkit-behaviour.md#medications).
  /// `scheduledDate` must be set for a `.schedule` dose and `nil` for an `.asNeeded` one, as
  /// Apple documents
  /// (https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/scheduleddate).
  /// The UUIDs are deterministic: the n-th dose (from 1) is
  /// `D05E0000-0000-4000-8000-` followed by n in 12 hexadecimal digits.
  ///
  /// Traps for an unknown medication or a scheduled date that contradicts `scheduleType`.
  @discardableResult
  public func logMedicationDose(
    identifier: String, at date: Date, status: HKMedicationDoseEvent.LogStatus,
    scheduleType: HKMedicationDoseEvent.ScheduleType = .asNeeded, scheduledDate: Date? = nil,
    doseQuantity: Double? = nil, scheduledDoseQuantity: Double? = nil, unit: HKUnit = .count()
  ) -> UUID {
    precondition(
      (scheduleType == .schedule) == (scheduledDate != nil),
      "logMedicationDose: a scheduled dose needs a scheduledDate and an as-needed dose has none")
    let simulation = self
    // `mutateHealth`: the running queries of dose events are woken at once.
    return mutateHealth { state in
      state.withExtension(MedicationRecords.self, of: simulation) { records, state in
        let now = state.session.now
        return records.log(
          MedicationDose(
            code: identifier, date: date, instant: simulation.instant(of: date, near: now),
            logStatus: status, scheduleType: scheduleType, scheduledDate: scheduledDate,
            scheduledInstant: scheduledDate.map { simulation.instant(of: $0, near: now) },
            doseQuantity: doseQuantity,
            scheduledDoseQuantity: scheduledDoseQuantity, unit: unit),
          arrival: state.session.now)
      }
    }
  }
}

extension HealthKitSimulation.State {
  /// The per-object sheet for medications: offers the medications `predicate` matches, records
  /// the person's answer for them.
  mutating func answerMedicationSheet(
    predicate: NSPredicate?, answer: HealthKitSimulation.PerObjectReadAnswer,
    simulation: HealthKitSimulation
  ) {
    withExtension(MedicationRecords.self, of: simulation) { records, _ in
      let offered = records.medications.filter {
        predicate.map(MedicationRecords.matcher($0)) ?? true
      }
      .map(\.medication.identifier.code)
      let chosen: [String]
      switch answer {
      case .allowAll: chosen = offered
      case .allowNone, .allow: chosen = []
      case .allowMedications(let codes): chosen = offered.filter(codes.contains)
      }
      records.allowed.subtract(offered)
      records.allowed.formUnion(chosen)
    }
  }

  /// The dose events that arrived after the `after`-th (anchors count arrivals from 1) of the
  /// medications the app may read that match `predicate` (read with
  /// ``doseEventPredicate(_:context:)``), at most `limit`, and the number of the last dose
  /// looked at (the anchored query's anchor).
  func medicationDoseEventChanges(predicate: NSPredicate?, after: Int64, limit: Int?)
    -> (added: [HKSample], anchor: Int64)
  {
    guard let records = extensionState(MedicationRecords.self) else { return ([], after) }
    var added: [HKSample] = []
    var last = after
    for (index, entry) in records.arrived(by: session.now).enumerated()
    where Int64(index + 1) > after {
      if let limit, added.count == limit { break }
      last = Int64(index + 1)
      guard records.allowed.contains(entry.dose.code) else { continue }
      let event = HKMedicationDoseEvent(dose: entry.dose, uuid: entry.uuid)
      if predicate.map({ doseEventMatches(event, $0) }) ?? true { added.append(event) }
    }
    return (added, last)
  }

  /// The dose events that arrived by now, of the medications the app may read that match
  /// `predicate` (read with ``doseEventPredicate(_:context:)``), sorted by `sortDescriptors`
  /// (else by arrival), at most `limit` (0 for all).
  func medicationDoseEvents(
    predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?
  ) -> [HKSample] {
    guard let records = extensionState(MedicationRecords.self) else { return [] }
    var events: [HKSample] = records.arrived(by: session.now)
      .filter { records.allowed.contains($0.dose.code) }
      .map { HKMedicationDoseEvent(dose: $0.dose, uuid: $0.uuid) }
      .filter { event in predicate.map { doseEventMatches(event, $0) } ?? true }
    events = HKSampleQuery.sorted(events, by: sortDescriptors ?? [])
    if limit > 0, events.count > limit { events = Array(events.prefix(limit)) }
    return events
  }

  /// The scenario's doses still to arrive after now, ascending (a running query of dose events
  /// is woken at each; a control's dose wakes it as it is logged).
  mutating func pendingDoseArrivals(simulation: HealthKitSimulation) -> [SimulationInstant] {
    let now = session.now
    return withExtension(MedicationRecords.self, of: simulation) { records, _ in
      records.arrivals(after: now)
    }
  }

  /// `predicate` with its dates read under the wall-clock rule into instants, as the store's
  /// predicates are (docs/swift-api.md#the-wall-clock-rule): the bounds of
  /// `predicateForSamples(withStart:end:options:)` by ``readingDates(of:context:)`` and those of
  /// `predicateForMedicationDoseEvent(scheduledStart:end:)` by
  /// ``predicateBounds(_:_:call:context:)``, each with one `wallClockDate` log entry naming its
  /// factory when one was the real clock. A bound the app read from the real clock stands one
  /// nanosecond after its instant, as for samples (`AppSimulation.boundInstant(_:of:in:)`):
  /// ``doseEventMatches(_:_:)`` matches the dose's instants against them.
  mutating func doseEventPredicate(_ predicate: NSPredicate?, context: QueryContext)
    -> NSPredicate?
  {
    guard let predicate else { return nil }
    if let compound = predicate as? NSCompoundPredicate {
      return NSCompoundPredicate(
        type: compound.compoundPredicateType,
        subpredicates: compound.subpredicates.map {
          doseEventPredicate($0, context: context) ?? $0
        })
    }
    guard case .doseEvent(.scheduled(let start, let end))? = (predicate as? HKPredicate)?.filter
    else { return readingDates(of: predicate, context: context) }
    let (low, high) = predicateBounds(
      start, end, call: "predicateForMedicationDoseEvent", context: context)
    return HKPredicate(.doseEvent(.scheduledInstants(start: low, end: high)))
  }

  /// Whether `event` matches `predicate` (read by ``doseEventPredicate(_:context:)``): its
  /// date conditions against the instant the dose was logged at, as the store matches a
  /// sample's (``objectMatches(_:_:at:)``).
  func doseEventMatches(_ event: HKMedicationDoseEvent, _ predicate: NSPredicate) -> Bool {
    objectMatches(event, predicate, at: (event.instant, event.instant))
  }
}

/// A dose-event predicate as a running query keeps it, its dates already read under the
/// wall-clock rule. `@unchecked`: predicates are immutable, though swift-corelibs-foundation's
/// `NSPredicate` is not marked `Sendable`.
struct DoseEventFilter: @unchecked Sendable {
  let predicate: NSPredicate?
}

/// A query for the person's medications, HealthKit's `HKUserAnnotatedMedicationQuery` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquery).
///
/// Finds the medications the person allowed in the per-object sheets
/// (`requestPerObjectReadAuthorization(for: .userAnnotatedMedicationType(), predicate:)`), in
/// the order they were added. Project rule (docs/healthkit-behaviour.md#medications; Apple
/// only says the last call has `done` true): the handler is called once per medication with
/// `done` false, then once with `nil` and `done` true.
public final class HKUserAnnotatedMedicationQuery: HKQuery, @unchecked Sendable {
  /// The largest number of medications, ``HKObjectQueryNoLimit`` (0) for all.
  let limit: Int
  private let resultsHandler:
    @Sendable (HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?) ->
      Void

  /// A query for the medications that match `predicate`, at most `limit` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquery/init(predicate:limit:resultshandler:)).
  ///
  /// - Parameters:
  ///   - predicate: `predicateForUserAnnotatedMedications(isArchived:)` or `(hasSchedule:)`,
  ///     a compound of them, or `nil`.
  ///   - limit: the largest number of medications, ``HKObjectQueryNoLimit`` for all.
  ///   - resultsHandler: called in the callback lane per medication, then with `done` true;
  ///     with `errorDatabaseInaccessible` while the phone is locked.
  public init(
    predicate: NSPredicate?, limit: Int,
    resultsHandler:
      @escaping @Sendable (
        HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?
      ) -> Void
  ) {
    self.limit = limit
    self.resultsHandler = resultsHandler
    super.init(objectType: HKObjectType.userAnnotatedMedicationType(), predicate: predicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    let found =
      state.extensionState(MedicationRecords.self)?.readable(matching: predicate, limit: limit)
      ?? []
    var calls: [HealthKitSimulation.Callback] = found.map { medication in
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, medication, false, nil)
      }
    }
    calls.append { [self] in
      guard !isStopped else { return }
      resultsHandler(self, nil, true, nil)
    }
    return calls
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, nil, true, error)
      }
    ]
  }
}

/// The async form of ``HKUserAnnotatedMedicationQuery``, HealthKit's
/// `HKUserAnnotatedMedicationQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquerydescriptor).
public struct HKUserAnnotatedMedicationQueryDescriptor: HKAsyncQuery, Sendable {
  /// The medications to match, or `nil` for all (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquerydescriptor/predicate).
  nonisolated(unsafe) public var predicate: NSPredicate?
  /// The largest number of medications, or `nil` for all (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquerydescriptor/limit).
  public var limit: Int?

  /// A descriptor (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquerydescriptor/init(predicate:limit:)).
  public init(predicate: NSPredicate? = nil, limit: Int? = nil) {
    self.predicate = predicate
    self.limit = limit
  }

  /// The medications the app may read that match, in the order they were added; empty when
  /// none do (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationquerydescriptor/result(for:)).
  ///
  /// - Throws: `errorDatabaseInaccessible` while the phone is locked.
  nonisolated(nonsending) public func result(for healthStore: HKHealthStore) async throws
    -> [HKUserAnnotatedMedication]
  {
    let collected = Mutex<[HKUserAnnotatedMedication]>([])
    nonisolated(unsafe) let predicate = predicate
    let limit = limit ?? HKObjectQueryNoLimit
    return try await healthStore.run { finish in
      HKUserAnnotatedMedicationQuery(predicate: predicate, limit: limit) {
        _, medication, done, error in
        if let medication { collected.withLock { $0.append(medication) } }
        if let error {
          finish(.failure(error))
        } else if done {
          finish(.success(collected.withLock { $0 }))
        }
      }
    }
  }
}
