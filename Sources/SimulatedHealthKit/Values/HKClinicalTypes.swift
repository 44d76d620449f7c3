/// A clinical record type's identifier, HealthKit's `HKClinicalTypeIdentifier` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier); the raw
/// value is the Objective-C constant's name (`"HKClinicalTypeIdentifierAllergyRecord"`).
public struct HKClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The constant's name.
  public let rawValue: String

  /// An identifier with `rawValue` (unknown ones are refused by ``HKClinicalType/init(_:)``).
  public init(rawValue: String) { self.rawValue = rawValue }

  private init(name: String) { self.rawValue = "HKClinicalTypeIdentifier" + name }

  /// Allergic or intolerant reactions; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/allergyrecord).
  public static let allergyRecord = Self(name: "AllergyRecord")
  /// Clinical notes; iOS 16.4 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/clinicalnoterecord).
  public static let clinicalNoteRecord = Self(name: "ClinicalNoteRecord")
  /// Conditions, problems, diagnoses; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/conditionrecord).
  public static let conditionRecord = Self(name: "ConditionRecord")
  /// Insurance coverage; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/coveragerecord).
  public static let coverageRecord = Self(name: "CoverageRecord")
  /// Vaccinations; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/immunizationrecord).
  public static let immunizationRecord = Self(name: "ImmunizationRecord")
  /// Laboratory results; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/labresultrecord).
  public static let labResultRecord = Self(name: "LabResultRecord")
  /// Medications; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/medicationrecord).
  public static let medicationRecord = Self(name: "MedicationRecord")
  /// Procedures; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/procedurerecord).
  public static let procedureRecord = Self(name: "ProcedureRecord")
  /// Vital signs; iOS 12 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier/vitalsignrecord).
  public static let vitalSignRecord = Self(name: "VitalSignRecord")

  /// Every identifier HealthKit's SDK declares.
  static let all: Set<String> = Set(
    [
      allergyRecord, clinicalNoteRecord, conditionRecord, coverageRecord, immunizationRecord,
      labResultRecord, medicationRecord, procedureRecord, vitalSignRecord,
    ].map(\.rawValue))
}

/// A clinical record type, HealthKit's `HKClinicalType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkclinicaltype).
///
/// The simulated device is one without health records (`supportsHealthRecords()` is `false`):
/// a read asked for is answered like any type, and a sample query of a clinical type returns
/// no records. Clinical types are read-only: asking to share one traps as HealthKit's
/// exception does ("Authorization to share the following types is disallowed: ...";
/// Apple: "you can't request authorization to share clinical record types").
public final class HKClinicalType: HKSampleType, @unchecked Sendable {
  /// The clinical type for `identifier` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicaltype/init(_:)).
  ///
  /// Traps with "HKClinicalType: unknown identifier <raw value>" for another identifier.
  public convenience init(_ identifier: HKClinicalTypeIdentifier) {
    guard HKClinicalTypeIdentifier.all.contains(identifier.rawValue) else {
      preconditionFailure("HKClinicalType: unknown identifier \(identifier.rawValue)")
    }
    self.init(identifier: identifier.rawValue)
  }
}

extension HKObjectType {
  /// The clinical type for `identifier`, or `nil` for an unknown identifier (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/clinicaltype(foridentifier:)).
  public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier)
    -> HKClinicalType?
  {
    guard HKClinicalTypeIdentifier.all.contains(identifier.rawValue) else { return nil }
    return HKClinicalType(identifier)
  }
}

/// A clinical record, HealthKit's `HKClinicalRecord` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkclinicalrecord). Declared so code
/// that casts query results compiles; the simulated device has no records, so none is ever
/// made (apps cannot create them on a device either).
public final class HKClinicalRecord: HKSample, @unchecked Sendable {
  /// The record's type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalrecord/clinicaltype).
  public var clinicalType: HKClinicalType {
    // Records are made only with a clinical type.
    sampleType as! HKClinicalType
  }

  /// The record's name as the institution gave it (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalrecord/displayname).
  public let displayName: String

  /// The FHIR resource the record was made from (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkclinicalrecord/fhirresource);
  /// `nil` here, no record is ever made.
  public var fhirResource: HKFHIRResource? { nil }

  /// Reads the object's fields and the name; `nil` unless the type is a clinical type.
  public required init?(coder: NSCoder) {
    displayName = coder.decodeString(forKey: "displayName") ?? ""
    super.init(coder: coder)
    guard sampleType is HKClinicalType else { return nil }
  }

  /// Writes the sample's fields and the name.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(displayName, forKey: "displayName")
  }
}

extension HKHealthStore {
  /// Whether the device supports clinical records (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/supportshealthrecords()):
  /// `false`, the simulated device is set to no locale with health records and has none.
  public func supportsHealthRecords() -> Bool { false }
}

/// The type of a FHIR resource: the resource's `resourceType` field, HealthKit's
/// `HKFHIRResourceType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype). The raw values are
/// the FHIR resource names (`"AllergyIntolerance"`), as HealthKit's constants hold them.
public struct HKFHIRResourceType: RawRepresentable, Hashable, Sendable {
  /// The FHIR resource name.
  public let rawValue: String

  /// The type of FHIR resource name `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `"AllergyIntolerance"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/allergyintolerance).
  public static let allergyIntolerance = Self(rawValue: "AllergyIntolerance")
  /// `"Condition"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/condition).
  public static let condition = Self(rawValue: "Condition")
  /// `"Coverage"`; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/coverage).
  public static let coverage = Self(rawValue: "Coverage")
  /// `"DiagnosticReport"`; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/diagnosticreport).
  public static let diagnosticReport = Self(rawValue: "DiagnosticReport")
  /// `"DocumentReference"`; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/documentreference).
  public static let documentReference = Self(rawValue: "DocumentReference")
  /// `"Immunization"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/immunization).
  public static let immunization = Self(rawValue: "Immunization")
  /// `"MedicationDispense"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/medicationdispense).
  public static let medicationDispense = Self(rawValue: "MedicationDispense")
  /// `"MedicationOrder"`, FHIR DSTU2's (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/medicationorder).
  public static let medicationOrder = Self(rawValue: "MedicationOrder")
  /// `"MedicationRequest"`, FHIR R4's; iOS 14 (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/medicationrequest).
  public static let medicationRequest = Self(rawValue: "MedicationRequest")
  /// `"MedicationStatement"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/medicationstatement).
  public static let medicationStatement = Self(rawValue: "MedicationStatement")
  /// `"Observation"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/observation).
  public static let observation = Self(rawValue: "Observation")
  /// `"Procedure"` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresourcetype/procedure).
  public static let procedure = Self(rawValue: "Procedure")
}

/// A FHIR resource of a clinical record, HealthKit's `HKFHIRResource` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkfhirresource). Declared so code that
/// reads ``HKClinicalRecord/fhirResource`` compiles; the simulated device has no records
/// (``HKHealthStore/supportsHealthRecords()`` is `false`), so none is ever made, and there is
/// no public initializer (as in HealthKit).
public final class HKFHIRResource: NSObject, NSSecureCoding, @unchecked Sendable {
  /// The resource's type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresource/resourcetype).
  public let resourceType: HKFHIRResourceType
  /// The resource's `id` field (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresource/identifier).
  public let identifier: String
  /// The resource as JSON (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresource/data).
  public let data: Data
  /// Where the resource came from, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkfhirresource/sourceurl).
  public let sourceURL: URL?

  /// `true`.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the fields.
  public func encode(with coder: NSCoder) {
    coder.encode(resourceType.rawValue, forKey: "resourceType")
    coder.encode(identifier, forKey: "identifier")
    coder.encode(data, forKey: "data")
    coder.encode(sourceURL, forKey: "sourceURL")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a type, identifier or data.
  public init?(coder: NSCoder) {
    guard let type = coder.decodeString(forKey: "resourceType"),
      let identifier = coder.decodeString(forKey: "identifier"),
      let data = coder.decodeObject(of: NSData.self, forKey: "data") as Data?
    else { return nil }
    self.resourceType = HKFHIRResourceType(rawValue: type)
    self.identifier = identifier
    self.data = data
    self.sourceURL = coder.decodeObject(of: NSURL.self, forKey: "sourceURL") as URL?
  }
}
