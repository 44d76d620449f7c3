// Medications (iOS 26, watchOS 26): read-only data the Health app keeps. An app reads the
// medications the person allowed in the per-object sheet and their dose events
// (Store/HKHealthStore+Medications.swift; docs/healthkit-behaviour.md#medications).

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The identifier of the user-annotated medication type (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdatatypeidentifieruserannotatedmedicationconcept).
/// Project rule: the constant's name, as this module spells every type identifier (Apple does
/// not publish the string).
public let HKDataTypeIdentifierUserAnnotatedMedicationConcept =
  "HKDataTypeIdentifierUserAnnotatedMedicationConcept"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The identifier of the medication dose event type (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmedicationdoseeventtypeidentifiermedicationdoseevent).
/// Project rule: the constant's name (Apple does not publish the string).
public let HKMedicationDoseEventTypeIdentifierMedicationDoseEvent =
  "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"

/// The group a health concept belongs to, HealthKit's `HKHealthConceptDomain` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkhealthconceptdomain).
public struct HKHealthConceptDomain: RawRepresentable, Hashable, Sendable {
  /// The domain's string.
  public let rawValue: String

  /// A domain from its string (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthconceptdomain/init(rawvalue:)).
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Medication concepts (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthconceptdomain/medication).
  /// Project rule: the raw value is the constant's name `"HKHealthConceptDomainMedication"`
  /// (Apple does not publish the string).
  public static let medication = HKHealthConceptDomain(rawValue: "HKHealthConceptDomainMedication")
}

/// One concept inside a domain (one medication), HealthKit's `HKHealthConceptIdentifier`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkhealthconceptidentifier).
/// Apps get it from a concept or a dose event (Apple declares no public initializer); two are
/// equal when their domain and code are. The code is the scenario's or the simulation
/// control's medication identifier (for example `"ibuprofen-200"`).
public final class HKHealthConceptIdentifier: NSObject, NSCopying, NSSecureCoding, Sendable {
  /// The domain (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthconceptidentifier/domain).
  public let domain: HKHealthConceptDomain
  /// The concept's code inside the domain.
  let code: String

  init(domain: HKHealthConceptDomain, code: String) {
    self.domain = domain
    self.code = code
  }

  /// `true`: identifiers decode only as identifiers.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the domain and the code.
  public func encode(with coder: NSCoder) {
    coder.encode(domain.rawValue, forKey: "domain")
    coder.encode(code, forKey: "code")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without them (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthconceptidentifier/init(coder:)).
  public convenience init?(coder: NSCoder) {
    guard let domain = coder.decodeString(forKey: "domain"),
      let code = coder.decodeString(forKey: "code")
    else { return nil }
    self.init(domain: HKHealthConceptDomain(rawValue: domain), code: code)
  }

  /// The identifier itself (it is immutable).
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the domain and the code are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKHealthConceptIdentifier else { return false }
    return other.domain == domain && other.code == code
  }

  /// A hash of the domain and the code.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(domain)
    hasher.combine(code)
    return hasher.finalize()
  }

  /// `<HKHealthConceptIdentifier HKHealthConceptDomainMedication:ibuprofen-200>`.
  public override var description: String {
    "<HKHealthConceptIdentifier \(domain.rawValue):\(code)>"
  }
}

/// A medication as an idea (ibuprofen, insulin), HealthKit's `HKMedicationConcept` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkmedicationconcept). Its
/// `generalForm` and `relatedCodings` are not simulated (docs/coverage.md).
public final class HKMedicationConcept: NSObject, NSCopying, NSSecureCoding, Sendable {
  /// The concept's identifier, shared by its dose events (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/identifier).
  public let identifier: HKHealthConceptIdentifier
  /// The name to show (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/displaytext).
  public let displayText: String

  init(identifier: HKHealthConceptIdentifier, displayText: String) {
    self.identifier = identifier
    self.displayText = displayText
  }

  /// `true`: concepts decode only as concepts.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the identifier and the display text.
  public func encode(with coder: NSCoder) {
    coder.encode(identifier, forKey: "identifier")
    coder.encode(displayText, forKey: "displayText")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without them (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/init(coder:)).
  public convenience init?(coder: NSCoder) {
    guard
      let identifier = coder.decodeObject(
        of: HKHealthConceptIdentifier.self, forKey: "identifier"),
      let text = coder.decodeString(forKey: "displayText")
    else { return nil }
    self.init(identifier: identifier, displayText: text)
  }

  /// The concept itself (it is immutable).
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the identifiers and display texts are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKMedicationConcept else { return false }
    return other.identifier == identifier && other.displayText == displayText
  }

  /// The identifier's hash.
  public override var hash: Int { identifier.hash }
}

/// A medication the person tracks in the Health app with their own details, HealthKit's
/// `HKUserAnnotatedMedication` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedication). Read-only:
/// apps get it from ``HKUserAnnotatedMedicationQuery``.
public final class HKUserAnnotatedMedication: NSObject, NSCopying, NSSecureCoding, Sendable {
  /// The medication (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedication/medication).
  public let medication: HKMedicationConcept
  /// The person's name for it, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedication/nickname).
  public let nickname: String?
  /// Whether the person moved it to the archived section (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedication/isarchived).
  public let isArchived: Bool
  /// Whether it has a reminder schedule (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedication/hasschedule).
  public let hasSchedule: Bool

  init(medication: HKMedicationConcept, nickname: String?, isArchived: Bool, hasSchedule: Bool) {
    self.medication = medication
    self.nickname = nickname
    self.isArchived = isArchived
    self.hasSchedule = hasSchedule
  }

  /// `true`: medications decode only as medications.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the fields.
  public func encode(with coder: NSCoder) {
    coder.encode(medication, forKey: "medication")
    coder.encode(nickname, forKey: "nickname")
    coder.encode(isArchived, forKey: "isArchived")
    coder.encode(hasSchedule, forKey: "hasSchedule")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a medication (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedication/init(coder:)).
  public convenience init?(coder: NSCoder) {
    guard
      let medication = coder.decodeObject(of: HKMedicationConcept.self, forKey: "medication")
    else { return nil }
    self.init(
      medication: medication, nickname: coder.decodeString(forKey: "nickname"),
      isArchived: coder.decodeBool(forKey: "isArchived"),
      hasSchedule: coder.decodeBool(forKey: "hasSchedule"))
  }

  /// The medication itself (it is immutable).
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when every field is.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKUserAnnotatedMedication else { return false }
    return other.medication == medication && other.nickname == nickname
      && other.isArchived == isArchived && other.hasSchedule == hasSchedule
  }

  /// The concept's hash.
  public override var hash: Int { medication.hash }
}

/// The set of the person's medications, HealthKit's `HKUserAnnotatedMedicationType` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationtype):
/// read with per-object authorization
/// (`requestPerObjectReadAuthorization(for:predicate:completion:)`), never shared.
public final class HKUserAnnotatedMedicationType: HKObjectType, @unchecked Sendable {
  convenience init() { self.init(identifier: HKDataTypeIdentifierUserAnnotatedMedicationConcept) }
}

/// The type of dose events, HealthKit's `HKMedicationDoseEventType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmedicationdoseeventtype): read-only,
/// an app may not ask to share it.
public final class HKMedicationDoseEventType: HKSampleType, @unchecked Sendable {
  convenience init() {
    self.init(identifier: HKMedicationDoseEventTypeIdentifierMedicationDoseEvent)
  }
}

extension HKObjectType {
  /// The dose event type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/medicationdoseeventtype()).
  public class func medicationDoseEventType() -> HKMedicationDoseEventType {
    HKMedicationDoseEventType()
  }

  /// The medications type, for `requestPerObjectReadAuthorization(for:predicate:completion:)`.
  /// Not found on its own documentation page: Apple's WWDC25 session 321 and the developer
  /// forums (https://developer.apple.com/forums/thread/803954) call it.
  public class func userAnnotatedMedicationType() -> HKUserAnnotatedMedicationType {
    HKUserAnnotatedMedicationType()
  }
}

/// One logged dose of a medication, HealthKit's `HKMedicationDoseEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent): a sample the
/// Health app writes (from the Health app's source, no device), which no app can make or save.
public final class HKMedicationDoseEvent: HKSample, @unchecked Sendable {
  /// Why the dose was logged, HealthKit's `HKMedicationDoseEvent.ScheduleType` (`NSInteger`;
  /// Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/scheduletype-swift.enum).
  /// The raw values are not on Apple's pages: they are the SDK header's as bindings generated
  /// from it carry them.
  public enum ScheduleType: Int, Sendable, Hashable, CaseIterable {
    /// 1: logged without a schedule.
    case asNeeded = 1
    /// 2: logged from a scheduled reminder.
    case schedule = 2
  }

  /// What the person did with the dose, HealthKit's `HKMedicationDoseEvent.LogStatus`
  /// (`NSInteger`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/logstatus-swift.enum).
  /// The raw values are not on Apple's pages: they are the SDK header's as bindings generated
  /// from it carry them.
  public enum LogStatus: Int, Sendable, Hashable, CaseIterable {
    /// 1: the person did not answer the reminder.
    case notInteracted = 1
    /// 2: the reminder could not be delivered.
    case notificationNotSent = 2
    /// 3: the person snoozed the reminder.
    case snoozed = 3
    /// 4: the person took the dose.
    case taken = 4
    /// 5: the person skipped the dose.
    case skipped = 5
    /// 6: the person undid an earlier status.
    case notLogged = 6
  }

  /// The dose event type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/medicationdoseeventtype).
  public let medicationDoseEventType: HKMedicationDoseEventType
  /// The medication's concept identifier (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/medicationconceptidentifier).
  public let medicationConceptIdentifier: HKHealthConceptIdentifier
  /// As needed or from a schedule (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/scheduletype-swift.property).
  public let scheduleType: ScheduleType
  /// When the dose was scheduled: set for ``ScheduleType/schedule``, `nil` for
  /// ``ScheduleType/asNeeded`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/scheduleddate).
  public let scheduledDate: Date?
  /// The quantity scheduled, in ``unit``, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/scheduleddosequantity).
  public let scheduledDoseQuantity: Double?
  /// The quantity taken, in ``unit``, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/dosequantity-4cb5m).
  public let doseQuantity: Double?
  /// The log status (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/logstatus-swift.property).
  public let logStatus: LogStatus
  /// The unit of the quantities (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationdoseevent/unit).
  public let unit: HKUnit

  init(dose: MedicationDose, uuid: UUID) {
    let type = HKMedicationDoseEventType()
    medicationDoseEventType = type
    medicationConceptIdentifier = HKHealthConceptIdentifier(domain: .medication, code: dose.code)
    scheduleType = dose.scheduleType
    scheduledDate = dose.scheduledDate
    scheduledDoseQuantity = dose.scheduledDoseQuantity
    doseQuantity = dose.doseQuantity
    logStatus = dose.logStatus
    unit = dose.unit
    super.init(
      sampleType: type, startDate: dose.date, endDate: dose.date, uuid: uuid, metadata: nil,
      device: nil, sourceRevision: HKSourceRevision(source: .healthApp, version: nil))
  }

  /// Not decodable: the simulation never archives dose events (`nil`).
  public required init?(coder: NSCoder) { nil }
}

extension HKSource {
  /// The Health app, the source of medication dose events. Project rule: name "Health",
  /// bundle identifier "com.apple.Health".
  static let healthApp = HKSource(name: "Health", bundleIdentifier: "com.apple.Health")
}

/// A dose event as the simulation keeps it (Store/HKHealthStore+Medications.swift).
struct MedicationDose: Sendable {
  /// The medication's code.
  var code: String
  /// When it was logged (start and end of the sample).
  var date: Date
  var logStatus: HKMedicationDoseEvent.LogStatus
  var scheduleType: HKMedicationDoseEvent.ScheduleType
  var scheduledDate: Date?
  var doseQuantity: Double?
  var scheduledDoseQuantity: Double?
  var unit: HKUnit
}

extension HKQuery {
  /// Medications with (`true`) or without a reminder schedule, for
  /// ``HKUserAnnotatedMedicationQuery`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforuserannotatedmedications(hasschedule:)).
  public class func predicateForUserAnnotatedMedications(hasSchedule: Bool) -> NSPredicate {
    HKPredicate(.medication(.hasSchedule(hasSchedule)))
  }

  /// Archived (`true`) or current medications, for ``HKUserAnnotatedMedicationQuery`` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforuserannotatedmedications(isarchived:)).
  public class func predicateForUserAnnotatedMedications(isArchived: Bool) -> NSPredicate {
    HKPredicate(.medication(.isArchived(isArchived)))
  }

  /// Dose events with `status` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateformedicationdoseevent(status:)).
  public class func predicateForMedicationDoseEvent(status: HKMedicationDoseEvent.LogStatus)
    -> NSPredicate
  {
    HKPredicate(.doseEvent(.status(status)))
  }

  /// Dose events scheduled in a window, either side open when `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateformedicationdoseevent(scheduledstart:end:)).
  /// Project rule (Apple does not say which ends belong): `startDate` ≤ scheduled date <
  /// `endDate`, as ``HKQueryOptions/strictStartDate`` reads a start; an as-needed dose (no
  /// scheduled date) never matches.
  public class func predicateForMedicationDoseEvent(
    scheduledStart startDate: Date?, end endDate: Date?
  )
    -> NSPredicate
  {
    HKPredicate(.doseEvent(.scheduled(start: startDate, end: endDate)))
  }

  /// Dose events of one medication (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateformedicationdoseevent(medicationconceptidentifier:)).
  public class func predicateForMedicationDoseEvent(
    medicationConceptIdentifier: HKHealthConceptIdentifier
  ) -> NSPredicate {
    HKPredicate(.doseEvent(.medication(medicationConceptIdentifier)))
  }
}

/// A condition of a medications predicate on an ``HKUserAnnotatedMedication``.
enum MedicationCondition {
  case hasSchedule(Bool)
  case isArchived(Bool)

  func matches(_ medication: HKUserAnnotatedMedication) -> Bool {
    switch self {
    case .hasSchedule(let value): medication.hasSchedule == value
    case .isArchived(let value): medication.isArchived == value
    }
  }
}

/// A condition of a dose event predicate on an ``HKMedicationDoseEvent``.
enum DoseEventCondition {
  case status(HKMedicationDoseEvent.LogStatus)
  case medication(HKHealthConceptIdentifier)
  case scheduled(start: Date?, end: Date?)

  func matches(_ event: HKMedicationDoseEvent) -> Bool {
    switch self {
    case .status(let status): event.logStatus == status
    case .medication(let identifier): event.medicationConceptIdentifier == identifier
    case .scheduled(let start, let end):
      event.scheduledDate.map { date in
        date >= (start ?? .distantPast) && date < (end ?? .distantFuture)
      } ?? false
    }
  }
}
