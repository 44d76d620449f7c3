// Medications (iOS 26, watchOS 26): read-only data the Health app keeps. An app reads the
// medications the person allowed in the per-object sheet and their dose events
// (Store/HKHealthStore+Medications.swift; docs/healthkit-behaviour.md#medications).
//
// The string values below are not on Apple's pages. Each is the value HealthKit's own binary
// holds for the constant, as a public project that reads exported constants out of
// HealthKit.framework (dlsym on macOS 26A428) records it; docs/healthkit-behaviour.md#medications
// lists them and their sources.

import WorkoutCore
import WorkoutHealth

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The identifier of the user-annotated medication type, `"HKDataTypeUserAnnotatedMedicationConcept"`
/// (without `Identifier`: HealthKit's binary holds that string; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdatatypeidentifieruserannotatedmedicationconcept).
public let HKDataTypeIdentifierUserAnnotatedMedicationConcept =
  "HKDataTypeUserAnnotatedMedicationConcept"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The identifier of the medication dose event type, the constant's own name (HealthKit's
/// binary holds it; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmedicationdoseeventtypeidentifiermedicationdoseevent).
public let HKMedicationDoseEventTypeIdentifierMedicationDoseEvent =
  "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a dose event's log status in predicates, `"status"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathstatus). Format
/// predicates are not read on Linux (swift-corelibs-foundation does not parse them): use
/// ``HKQuery/predicateForMedicationDoseEvent(status:)``.
public let HKPredicateKeyPathStatus = "status"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a dose event's log origin in predicates, `"logOrigin"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathlogorigin). Format
/// predicates are not read on Linux; the simulation records no log origin.
public let HKPredicateKeyPathLogOrigin = "logOrigin"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a dose event's scheduled date in predicates, `"scheduledDate"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathscheduleddate). Format
/// predicates are not read on Linux: use
/// ``HKQuery/predicateForMedicationDoseEvent(scheduledStart:end:)``.
public let HKPredicateKeyPathScheduledDate = "scheduledDate"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of a dose event's medication concept identifier in predicates,
/// `"medicationConceptIdentifier"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathmedicationconceptidentifier).
/// Format predicates are not read on Linux: use
/// ``HKQuery/predicateForMedicationDoseEvent(medicationConceptIdentifier:)``.
public let HKPredicateKeyPathMedicationConceptIdentifier = "medicationConceptIdentifier"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of whether a medication has a schedule, `"hasSchedule"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationpredicatekeypathhasschedule).
/// Format predicates are not read on Linux: use
/// ``HKQuery/predicateForUserAnnotatedMedications(hasSchedule:)``.
public let HKUserAnnotatedMedicationPredicateKeyPathHasSchedule = "hasSchedule"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of whether a medication is archived, `"isArchived"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkuserannotatedmedicationpredicatekeypathisarchived).
/// Format predicates are not read on Linux: use
/// ``HKQuery/predicateForUserAnnotatedMedications(isArchived:)``.
public let HKUserAnnotatedMedicationPredicateKeyPathIsArchived = "isArchived"

/// The group a health concept belongs to, HealthKit's `HKHealthConceptDomain` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkhealthconceptdomain).
public struct HKHealthConceptDomain: RawRepresentable, Hashable, Sendable {
  /// The domain's string.
  public let rawValue: String

  /// A domain from its string (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthconceptdomain/init(rawvalue:)).
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Medication concepts, `"HKHealthConceptDomainMedication"` (the string HealthKit's binary
  /// holds; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthconceptdomain/medication).
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

/// The manufactured form of a medication, HealthKit's `HKMedicationGeneralForm` (a typed
/// string; Apple doc: https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform).
///
/// The 18 forms are the SDK header's (HKMedicationConcept.h). Their strings are not on Apple's
/// pages and not verified from HealthKit itself: they are the lower-case form names a public
/// app's test asserts against the iOS 26 SDK (`HKMedicationGeneralForm.tablet.rawValue ==
/// "tablet"`); other public code spells them `"Tablet"`. Compare forms with the constants,
/// never with strings (docs/healthkit-behaviour.md#medications).
public struct HKMedicationGeneralForm: RawRepresentable, Hashable, Sendable {
  /// The form's string.
  public let rawValue: String

  /// A form from its string (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/init(rawvalue:)).
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A hard-shell capsule or softgel (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/capsule).
  public static let capsule = HKMedicationGeneralForm(rawValue: "capsule")
  /// Applied as a cream (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/cream).
  public static let cream = HKMedicationGeneralForm(rawValue: "cream")
  /// Given through a device such as an infusion pump (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/device).
  public static let device = HKMedicationGeneralForm(rawValue: "device")
  /// Eye or ear drops (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/drops).
  public static let drops = HKMedicationGeneralForm(rawValue: "drops")
  /// Applied as a foam (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/foam).
  public static let foam = HKMedicationGeneralForm(rawValue: "foam")
  /// Applied as a gel (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/gel).
  public static let gel = HKMedicationGeneralForm(rawValue: "gel")
  /// Through an inhaler (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/inhaler).
  public static let inhaler = HKMedicationGeneralForm(rawValue: "inhaler")
  /// An injection (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/injection).
  public static let injection = HKMedicationGeneralForm(rawValue: "injection")
  /// A liquid such as a syrup (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/liquid).
  public static let liquid = HKMedicationGeneralForm(rawValue: "liquid")
  /// Applied as a lotion (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/lotion).
  public static let lotion = HKMedicationGeneralForm(rawValue: "lotion")
  /// Applied as an ointment (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/ointment).
  public static let ointment = HKMedicationGeneralForm(rawValue: "ointment")
  /// A patch worn on the skin (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/patch).
  public static let patch = HKMedicationGeneralForm(rawValue: "patch")
  /// A powder (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/powder).
  public static let powder = HKMedicationGeneralForm(rawValue: "powder")
  /// A nasal or throat spray (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/spray).
  public static let spray = HKMedicationGeneralForm(rawValue: "spray")
  /// A suppository (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/suppository).
  public static let suppository = HKMedicationGeneralForm(rawValue: "suppository")
  /// A pill or caplet (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/tablet).
  public static let tablet = HKMedicationGeneralForm(rawValue: "tablet")
  /// Applied to the skin in a form not given (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/topical).
  public static let topical = HKMedicationGeneralForm(rawValue: "topical")
  /// The form is not known (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationgeneralform/unknown).
  public static let unknown = HKMedicationGeneralForm(rawValue: "unknown")
}

/// A medical concept in a standard coding system (RxNorm, SNOMED CT), HealthKit's
/// `HKClinicalCoding` (iOS 26; Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkclinicalcoding). Two are equal when
/// system, version and code are.
public final class HKClinicalCoding: NSObject, NSCopying, NSSecureCoding, Sendable {
  /// The coding system, usually its HL7 URL (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalcoding/system).
  public let system: String
  /// The system's version, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalcoding/version).
  public let version: String?
  /// The code inside the system (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalcoding/code).
  public let code: String

  /// A coding (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalcoding/init(system:version:code:)).
  public init(system: String, version: String?, code: String) {
    self.system = system
    self.version = version
    self.code = code
  }

  /// `true`: codings decode only as codings.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the system, version and code.
  public func encode(with coder: NSCoder) {
    coder.encode(system, forKey: "system")
    coder.encode(version, forKey: "version")
    coder.encode(code, forKey: "code")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a system or code (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalcoding/init(coder:)).
  public convenience init?(coder: NSCoder) {
    guard let system = coder.decodeString(forKey: "system"),
      let code = coder.decodeString(forKey: "code")
    else { return nil }
    self.init(system: system, version: coder.decodeString(forKey: "version"), code: code)
  }

  /// The coding itself (it is immutable).
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when system, version and code are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKClinicalCoding else { return false }
    return other.system == system && other.version == version && other.code == code
  }

  /// A hash of the three fields.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(system)
    hasher.combine(version)
    hasher.combine(code)
    return hasher.finalize()
  }
}

/// A medication as an idea (ibuprofen, insulin), HealthKit's `HKMedicationConcept` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkmedicationconcept).
public final class HKMedicationConcept: NSObject, NSCopying, NSSecureCoding, Sendable {
  /// The concept's identifier, shared by its dose events (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/identifier).
  public let identifier: HKHealthConceptIdentifier
  /// The name to show (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/displaytext).
  public let displayText: String
  /// The manufactured form, ``HKMedicationGeneralForm/unknown`` unless the scenario or the
  /// control gave one (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/generalform).
  public let generalForm: HKMedicationGeneralForm
  /// The codings linking the medication to terminologies such as RxNorm, empty unless given
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/relatedcodings).
  public let relatedCodings: Set<HKClinicalCoding>

  init(
    identifier: HKHealthConceptIdentifier, displayText: String,
    generalForm: HKMedicationGeneralForm = .unknown, relatedCodings: Set<HKClinicalCoding> = []
  ) {
    self.identifier = identifier
    self.displayText = displayText
    self.generalForm = generalForm
    self.relatedCodings = relatedCodings
  }

  /// `true`: concepts decode only as concepts.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the identifier, the display text, the form and the codings.
  public func encode(with coder: NSCoder) {
    coder.encode(identifier, forKey: "identifier")
    coder.encode(displayText, forKey: "displayText")
    coder.encode(generalForm.rawValue, forKey: "generalForm")
    // In a fixed order, so one concept always archives to the same bytes.
    let codings = relatedCodings.sorted {
      ($0.system, $0.code, $0.version ?? "") < ($1.system, $1.code, $1.version ?? "")
    }
    coder.encode(codings as NSArray, forKey: "relatedCodings")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without identifier or text (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkmedicationconcept/init(coder:)).
  public convenience init?(coder: NSCoder) {
    guard
      let identifier = coder.decodeObject(
        of: HKHealthConceptIdentifier.self, forKey: "identifier"),
      let text = coder.decodeString(forKey: "displayText")
    else { return nil }
    let codings = coder.decodeArray(of: HKClinicalCoding.self, forKey: "relatedCodings") ?? []
    self.init(
      identifier: identifier, displayText: text,
      generalForm: coder.decodeString(forKey: "generalForm").map(
        HKMedicationGeneralForm.init(rawValue:)) ?? .unknown,
      relatedCodings: Set(codings))
  }

  /// The concept itself (it is immutable).
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the identifiers, display texts, forms and codings are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKMedicationConcept else { return false }
    return other.identifier == identifier && other.displayText == displayText
      && other.generalForm == generalForm && other.relatedCodings == relatedCodings
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
  /// The instant the dose was logged at (its start and end) and the one it was scheduled at,
  /// which date predicates match (``MedicationDose``).
  let instant: SimulationInstant
  let scheduledInstant: SimulationInstant?

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
    instant = dose.instant
    scheduledInstant = dose.scheduledInstant
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
  /// The instant of ``date``, which date predicates match (docs/swift-api.md#the-wall-clock-rule).
  var instant: SimulationInstant
  var logStatus: HKMedicationDoseEvent.LogStatus
  var scheduleType: HKMedicationDoseEvent.ScheduleType
  var scheduledDate: Date?
  /// The instant of ``scheduledDate``.
  var scheduledInstant: SimulationInstant?
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
enum MedicationCondition: Hashable {
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
enum DoseEventCondition: Hashable {
  case status(HKMedicationDoseEvent.LogStatus)
  case medication(HKHealthConceptIdentifier)
  case scheduled(start: Date?, end: Date?)
  /// A `.scheduled` condition whose dates the wall-clock rule read into instants
  /// (`HealthKitSimulation.State.doseEventPredicate(_:context:)`); never made by a helper the
  /// app calls.
  case scheduledInstants(start: SimulationInstant?, end: SimulationInstant?)

  /// Whether `event` meets the condition; a `.scheduled` one whose dates were never read into
  /// instants matches by the dates themselves.
  func matches(_ event: HKMedicationDoseEvent) -> Bool {
    switch self {
    case .status(let status): event.logStatus == status
    case .medication(let identifier): event.medicationConceptIdentifier == identifier
    case .scheduled(let start, let end):
      event.scheduledDate.map { date in
        date >= (start ?? .distantPast) && date < (end ?? .distantFuture)
      } ?? false
    case .scheduledInstants(let start, let end):
      // As `.strictStartDate` reads a start (the project rule of
      // `predicateForMedicationDoseEvent(scheduledStart:end:)`).
      event.scheduledInstant.map { instant in
        HealthFilter.matchesDates(
          start: instant.nanoseconds, end: instant.nanoseconds, from: start?.nanoseconds,
          to: end?.nanoseconds, strictStart: true, strictEnd: false)
      } ?? false
    }
  }
}
