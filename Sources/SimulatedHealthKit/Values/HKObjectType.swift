import WorkoutCore
import WorkoutHealth

/// The kind of a HealthKit object, HealthKit's `HKObjectType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobjecttype).
///
/// Types are equal when they are of the same class with the same ``identifier``, so two
/// `HKQuantityType(.stepCount)` are one element of a `Set<HKSampleType>` or one dictionary key.
public class HKObjectType: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The identifier: the Objective-C constant's name (`"HKQuantityTypeIdentifierStepCount"`,
  /// `"HKWorkoutTypeIdentifier"`).
  public let identifier: String
  /// `identifier.hashValue`, computed once: types are hashed on every `Set<HKSampleType>` and
  /// dictionary use (a batch's types, the app's `[HKQuantityType: Double]`).
  private let identifierHash: Int

  init(identifier: String) {
    self.identifier = identifier
    self.identifierHash = identifier.hashValue
  }

  /// A type of `identifier` whose hash was computed once already (`identifierHash` is
  /// `identifier.hashValue`): the quantity types, made from ``QuantityTypeInfo/table``.
  init(identifier: String, identifierHash: Int) {
    self.identifier = identifier
    self.identifierHash = identifierHash
  }

  /// `true`: types decode only as the classes asked for (Values/SecureCoding.swift).
  public static var supportsSecureCoding: Bool { true }

  /// Writes the identifier.
  public func encode(with coder: NSCoder) {
    coder.encode(identifier, forKey: "identifier")
  }

  /// Reads what ``encode(with:)`` wrote (the same class with the same identifier); `nil`
  /// without an identifier. The subclasses whose only initializers are convenience
  /// initializers inherit it.
  public required init?(coder: NSCoder) {
    guard let identifier = coder.decodeString(forKey: "identifier") else { return nil }
    self.identifier = identifier
    self.identifierHash = identifier.hashValue
  }

  /// The quantity type for `identifier`, or `nil` for an identifier HealthKit's SDK does not
  /// declare (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/quantitytype(foridentifier:)).
  ///
  /// Deprecated in iOS, watchOS, visionOS and Mac Catalyst 27, not in macOS (the page's
  /// availability); the message naming the initializer is the project's, the page gives none
  /// (docs/healthkit-types.md#deprecated-type-lookups).
  @available(iOS, introduced: 8.0, deprecated: 27.0, message: "Use HKQuantityType(_:)")
  @available(macCatalyst, introduced: 13.1, deprecated: 27.0, message: "Use HKQuantityType(_:)")
  @available(watchOS, introduced: 2.0, deprecated: 27.0, message: "Use HKQuantityType(_:)")
  @available(visionOS, introduced: 1.0, deprecated: 27.0, message: "Use HKQuantityType(_:)")
  public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier)
    -> HKQuantityType?
  {
    guard let info = QuantityTypeInfo.table[identifier] else { return nil }
    // The engine's types are made once (``HKQuantityType/shared(engine:)``): apps ask for them
    // on every batch (`switch statistics.quantityType { case .quantityType(forIdentifier:
    // .heartRate): ... }`), and types are immutable and compare by identifier.
    if let engineType = info.engineType { return .shared(engine: engineType) }
    return HKQuantityType(info)
  }

  /// The category type for `identifier`, or `nil` for an identifier HealthKit's SDK does not
  /// declare (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/categorytype(foridentifier:)).
  ///
  /// Deprecated in iOS, watchOS, visionOS and Mac Catalyst 27, not in macOS (the page's
  /// availability); the message naming the initializer is the project's, the page gives none
  /// (docs/healthkit-types.md#deprecated-type-lookups).
  @available(iOS, introduced: 8.0, deprecated: 27.0, message: "Use HKCategoryType(_:)")
  @available(macCatalyst, introduced: 13.1, deprecated: 27.0, message: "Use HKCategoryType(_:)")
  @available(watchOS, introduced: 2.0, deprecated: 27.0, message: "Use HKCategoryType(_:)")
  @available(visionOS, introduced: 1.0, deprecated: 27.0, message: "Use HKCategoryType(_:)")
  public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier)
    -> HKCategoryType?
  {
    guard HKCategoryType.isDeclared(identifier.rawValue) else { return nil }
    return HKCategoryType(identifier)
  }

  /// The characteristic type for `identifier`, or `nil` for an unknown identifier (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/characteristictype(foridentifier:)).
  ///
  /// Deprecated in iOS, watchOS, visionOS and Mac Catalyst 27, not in macOS (the page's
  /// availability); the message naming the initializer is the project's, the page gives none
  /// (docs/healthkit-types.md#deprecated-type-lookups).
  @available(iOS, introduced: 8.0, deprecated: 27.0, message: "Use HKCharacteristicType(_:)")
  @available(
    macCatalyst, introduced: 13.1, deprecated: 27.0, message: "Use HKCharacteristicType(_:)"
  )
  @available(watchOS, introduced: 2.0, deprecated: 27.0, message: "Use HKCharacteristicType(_:)")
  @available(visionOS, introduced: 1.0, deprecated: 27.0, message: "Use HKCharacteristicType(_:)")
  public class func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier)
    -> HKCharacteristicType?
  {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .characteristic else {
      return nil
    }
    return HKCharacteristicType(identifier)
  }

  /// The correlation type for `identifier` (`bloodPressure`, `food`), or `nil` for an unknown
  /// identifier (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/correlationtype(foridentifier:)).
  ///
  /// Deprecated in iOS, watchOS, visionOS and Mac Catalyst 27, not in macOS (the page's
  /// availability); the message naming the initializer is the project's, the page gives none
  /// (docs/healthkit-types.md#deprecated-type-lookups).
  @available(iOS, introduced: 8.0, deprecated: 27.0, message: "Use HKCorrelationType(_:)")
  @available(macCatalyst, introduced: 13.1, deprecated: 27.0, message: "Use HKCorrelationType(_:)")
  @available(watchOS, introduced: 2.0, deprecated: 27.0, message: "Use HKCorrelationType(_:)")
  @available(visionOS, introduced: 1.0, deprecated: 27.0, message: "Use HKCorrelationType(_:)")
  public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier)
    -> HKCorrelationType?
  {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .correlation else { return nil }
    return HKCorrelationType(identifier)
  }

  /// The document type for `identifier` (`CDA`), or `nil` for an unknown identifier (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/documenttype(foridentifier:)).
  ///
  /// Deprecated in iOS, watchOS, visionOS and Mac Catalyst 27, not in macOS (the page's
  /// availability); the message naming the initializer is the project's, the page gives none
  /// (docs/healthkit-types.md#deprecated-type-lookups).
  @available(iOS, introduced: 10.0, deprecated: 27.0, message: "Use HKDocumentType(_:)")
  @available(macCatalyst, introduced: 13.1, deprecated: 27.0, message: "Use HKDocumentType(_:)")
  @available(watchOS, introduced: 3.0, deprecated: 27.0, message: "Use HKDocumentType(_:)")
  @available(visionOS, introduced: 1.0, deprecated: 27.0, message: "Use HKDocumentType(_:)")
  public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier)
    -> HKDocumentType?
  {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .document else { return nil }
    return HKDocumentType(identifier)
  }

  /// The series type for `identifier` (``HKWorkoutRouteTypeIdentifier``,
  /// ``HKDataTypeIdentifierHeartbeatSeries``), or `nil` for another identifier (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/seriestype(foridentifier:)).
  public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
    guard HealthTypeCatalog.entry(identifier)?.kind == .series else { return nil }
    return HKSeriesType(identifier: identifier)
  }

  /// The workout type (`"HKWorkoutTypeIdentifier"`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/workouttype()).
  public class func workoutType() -> HKWorkoutType { HKWorkoutType() }

  /// The activity summary type (`"HKActivitySummaryTypeIdentifier"`), the type to ask for to read
  /// the day's rings (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/activitysummarytype()).
  public class func activitySummaryType() -> HKActivitySummaryType { HKActivitySummaryType() }

  /// Equal when `object` is of the same class with the same identifier.
  public override func isEqual(_ object: Any?) -> Bool {
    // Every dictionary or set probe with a type as key comes here (NSObject's `==`), once for
    // each key the probe meets: one class cast, then identity (the types of batches and
    // statistics are shared instances), then the precomputed hash (unequal types differ there),
    // then class and identifier.
    guard let other = object as? HKObjectType else { return false }
    return other === self
      || (other.identifierHash == identifierHash && Swift.type(of: other) == Swift.type(of: self)
        && other.identifier == identifier)
  }

  /// A hash of the identifier.
  public override var hash: Int { identifierHash }

  /// The identifier.
  public override var description: String { identifier }

  /// Types are immutable: the copy is the type itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The kind of a sample, HealthKit's `HKSampleType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksampletype).
public class HKSampleType: HKObjectType, @unchecked Sendable {
  /// Whether HealthKit can recalibrate the prediction algorithm that makes this type's estimates
  /// (iOS 15, watchOS 8; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksampletype/allowsrecalibrationforestimates).
  ///
  /// `true` for `sixMinuteWalkTestDistance` only. Apple publishes no list of the types that
  /// support recalibration: its one example is that type (the entitlement's page, "you can
  /// recalibrate the sixMinuteWalkTestDistance type",
  /// https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.healthkit.recalibrate-estimates),
  /// so the simulation answers `true` for the type Apple names and `false` for every other (a
  /// project rule, docs/healthkit-types.md#estimate-recalibration). The recalibration itself,
  /// `HKHealthStore.recalibrateEstimates(sampleType:date:completion:)`, is not simulated.
  public var allowsRecalibrationForEstimates: Bool {
    identifier == "HKQuantityTypeIdentifierSixMinuteWalkTestDistance"
  }

  /// Whether samples of this type have a longest allowed time between their start and end
  /// dates (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksampletype/ismaximumdurationrestricted;
  /// iOS 13, watchOS 6).
  ///
  /// `false` for every type here. Apple publishes no figure: neither its pages nor the SDK
  /// header say which types are restricted or by how much, so the simulated store restricts
  /// none (a project rule, docs/healthkit-types.md#sample-duration-limits): `save` takes a
  /// sample of any duration whose end is not before its start.
  public var isMaximumDurationRestricted: Bool { false }

  /// The longest time between a sample's start and end dates, in seconds, when
  /// ``isMaximumDurationRestricted`` is `true` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksampletype/maximumallowedduration;
  /// iOS 13, watchOS 6).
  ///
  /// Apple raises an exception when the type is not restricted, which is every type here
  /// (``isMaximumDurationRestricted``): the read traps with "HKSampleType: maximumAllowedDuration
  /// read for <identifier>, whose isMaximumDurationRestricted is false ...", naming the check to
  /// write first.
  public var maximumAllowedDuration: TimeInterval {
    Self.unrestricted("maximumAllowedDuration", "isMaximumDurationRestricted", identifier)
  }

  /// Whether samples of this type have a shortest allowed time between their start and end
  /// dates (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksampletype/isminimumdurationrestricted;
  /// iOS 13, watchOS 6).
  ///
  /// `false` for every type here, for the reason ``isMaximumDurationRestricted`` gives (no
  /// published figure; docs/healthkit-types.md#sample-duration-limits).
  public var isMinimumDurationRestricted: Bool { false }

  /// The shortest time between a sample's start and end dates, in seconds, when
  /// ``isMinimumDurationRestricted`` is `true` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksampletype/minimumallowedduration;
  /// iOS 13, watchOS 6).
  ///
  /// Apple: "This method throws an exception if isMinimumDurationRestricted is false", which
  /// is every type here: the read traps with "HKSampleType: minimumAllowedDuration read for
  /// <identifier>, whose isMinimumDurationRestricted is false ...".
  public var minimumAllowedDuration: TimeInterval {
    Self.unrestricted("minimumAllowedDuration", "isMinimumDurationRestricted", identifier)
  }

  /// The trap of a limit read on a type without that limit (Apple raises an exception).
  static func unrestricted(_ limit: String, _ check: String, _ identifier: String) -> Never {
    preconditionFailure(trapMessage(limit, check, identifier))
  }

  /// The text of ``unrestricted(_:_:_:)``'s trap.
  static func trapMessage(_ limit: String, _ check: String, _ identifier: String) -> String {
    "HKSampleType: \(limit) read for \(identifier), whose \(check) is false here (the "
      + "simulation restricts no type: Apple publishes no limits, so a type a device restricts "
      + "is unrestricted here, and HealthKit raises an exception for an unrestricted one): "
      + "read it only when \(check) is true, e.g. `if type.\(check) { ... type.\(limit) ... }`"
  }
}

/// A quantity type, HealthKit's `HKQuantityType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitytype).
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
  private let info: QuantityTypeInfo
  /// The engine's type, or `nil` for a type the engine does not produce (looked up once).
  package let engineType: QuantityType?

  /// The quantity type for `identifier` (`HKQuantityType(.heartRate)`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquantitytype/init(_:)).
  ///
  /// Traps with "HKQuantityType: unknown identifier <raw value>" for an identifier HealthKit's
  /// SDK does not declare (use `HKObjectType.quantityType(forIdentifier:)` to get `nil`
  /// instead).
  public convenience init(_ identifier: HKQuantityTypeIdentifier) {
    guard let info = QuantityTypeInfo.table[identifier] else {
      preconditionFailure("HKQuantityType: unknown identifier \(identifier.rawValue)")
    }
    self.init(info)
  }

  /// The type `info` describes: one lookup of the identifier made it all (unit, style, engine
  /// type, the identifier's string and hash), none is repeated per type made.
  init(_ info: QuantityTypeInfo) {
    self.info = info
    self.engineType = info.engineType
    super.init(identifier: info.identifier, identifierHash: info.identifierHash)
  }

  /// Reads an archived quantity type; `nil` for an identifier HealthKit's SDK does not declare.
  public required convenience init?(coder: NSCoder) {
    guard let identifier = coder.decodeString(forKey: "identifier"),
      let info = QuantityTypeInfo.table[HKQuantityTypeIdentifier(rawValue: identifier)]
    else { return nil }
    self.init(info)
  }

  /// How values of this type combine (cumulative: sums; discrete: average, minimum, maximum).
  public var aggregationStyle: HKQuantityAggregationStyle { info.aggregationStyle }

  /// Whether quantities of this type can be expressed in `unit` (same dimension as the type's
  /// canonical unit: heart rate and `count/min`, energy and `kcal` or `J`, ...).
  public func `is`(compatibleWith unit: HKUnit) -> Bool {
    info.canonicalUnit.isCompatible(with: unit)
  }

  /// The unit the SDK header gives for the type (`count/s` for heart rate, `kcal`, `m`, `mL`).
  var canonicalUnit: HKUnit { info.canonicalUnit }

  /// The identifier as the struct.
  var quantityTypeIdentifier: HKQuantityTypeIdentifier {
    HKQuantityTypeIdentifier(rawValue: identifier)
  }
}

/// A category type, HealthKit's `HKCategoryType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategorytype).
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
  /// The category type for `identifier` (`HKCategoryType(.sleepAnalysis)`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcategorytype/init(_:)).
  ///
  /// Traps with "HKCategoryType: unknown identifier <raw value>" for an identifier HealthKit's
  /// SDK does not declare.
  public convenience init(_ identifier: HKCategoryTypeIdentifier) {
    guard Self.isDeclared(identifier.rawValue) else {
      preconditionFailure("HKCategoryType: unknown identifier \(identifier.rawValue)")
    }
    self.init(identifier: identifier.rawValue)
  }

  /// Whether `identifier` is a category type of the catalog.
  static func isDeclared(_ identifier: String) -> Bool {
    HealthTypeCatalog.entry(identifier)?.kind == .category
  }
}

/// The workout type, HealthKit's `HKWorkoutType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkouttype); identifier
/// `"HKWorkoutTypeIdentifier"`.
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {
  convenience init() {
    self.init(identifier: "HKWorkoutTypeIdentifier")
  }
}

/// A characteristic type: a fact about the person that does not change, HealthKit's
/// `HKCharacteristicType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcharacteristictype). Read-only: an app
/// asks to read it and reads it with `HKHealthStore`'s `dateOfBirthComponents()`,
/// `biologicalSex()`, ...; it is not a sample type, so it cannot be asked to share.
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {
  /// The characteristic type for `identifier` (`HKCharacteristicType(.dateOfBirth)`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcharacteristictype/init(_:)).
  ///
  /// Traps with "HKCharacteristicType: unknown identifier <raw value>" for an identifier
  /// HealthKit's SDK does not declare.
  public convenience init(_ identifier: HKCharacteristicTypeIdentifier) {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .characteristic else {
      preconditionFailure("HKCharacteristicType: unknown identifier \(identifier.rawValue)")
    }
    self.init(identifier: identifier.rawValue)
  }
}

/// A correlation type, HealthKit's `HKCorrelationType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcorrelationtype): `bloodPressure`
/// groups a systolic and a diastolic sample, `food` the nutrients of one food; the objects are
/// ``HKCorrelation``s (docs/healthkit-types.md#correlations).
public final class HKCorrelationType: HKSampleType, @unchecked Sendable {
  /// The correlation type for `identifier` (`HKCorrelationType(.bloodPressure)`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcorrelationtype/init(_:)).
  ///
  /// Traps with "HKCorrelationType: unknown identifier <raw value>" for an identifier
  /// HealthKit's SDK does not declare.
  public convenience init(_ identifier: HKCorrelationTypeIdentifier) {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .correlation else {
      preconditionFailure("HKCorrelationType: unknown identifier \(identifier.rawValue)")
    }
    self.init(identifier: identifier.rawValue)
  }
}

/// A document type, HealthKit's `HKDocumentType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdocumenttype): CDA documents
/// (``HKCDADocumentSample``, read with ``HKDocumentQuery``).
public final class HKDocumentType: HKSampleType, @unchecked Sendable {
  /// The document type for `identifier` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdocumenttype).
  ///
  /// Traps with "HKDocumentType: unknown identifier <raw value>" for another identifier.
  public convenience init(_ identifier: HKDocumentTypeIdentifier) {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .document else {
      preconditionFailure("HKDocumentType: unknown identifier \(identifier.rawValue)")
    }
    self.init(identifier: identifier.rawValue)
  }
}

/// A series type, HealthKit's `HKSeriesType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkseriestype): workout routes
/// (``HKWorkoutRouteBuilder``) and heartbeat series (``HKHeartbeatSeriesBuilder``).
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
  /// The workout route type (``HKWorkoutRouteTypeIdentifier``; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriestype/workoutroute()).
  public class func workoutRoute() -> HKSeriesType {
    HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier)
  }

  /// The heartbeat series type (``HKDataTypeIdentifierHeartbeatSeries``; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriestype/heartbeat()).
  public class func heartbeat() -> HKSeriesType {
    HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries)
  }
}

/// The activity summary type, HealthKit's `HKActivitySummaryType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitysummarytype); identifier
/// `"HKActivitySummaryTypeIdentifier"`. Asked for reading like any type;
/// ``HKActivitySummaryQuery`` reads the summaries.
public final class HKActivitySummaryType: HKObjectType, @unchecked Sendable {
  convenience init() {
    self.init(identifier: "HKActivitySummaryTypeIdentifier")
  }
}

/// What SimulatedHealthKit knows of a quantity type: its canonical unit and aggregation style,
/// from WorkoutHealth's `HealthTypeCatalog` (the SDK header's comments), and what every
/// ``HKQuantityType`` of it is made with (the identifier's string and hash, the engine's type).
struct QuantityTypeInfo: Sendable {
  var canonicalUnit: HKUnit
  var aggregationStyle: HKQuantityAggregationStyle
  /// The raw identifier, one string shared by every type made of it (so comparing two types'
  /// identifiers finds the same storage at once).
  var identifier: String
  /// `identifier.hashValue`, computed once.
  var identifierHash: Int
  /// The engine's type, or `nil` for a type the engine does not produce.
  var engineType: QuantityType?

  /// Identifier → info, for every quantity type of the catalog (keyed by the identifier
  /// struct, whose hash is ``IdentifierHash``'s).
  static let table: [HKQuantityTypeIdentifier: QuantityTypeInfo] = {
    var table: [HKQuantityTypeIdentifier: QuantityTypeInfo] = [:]
    for entry in HealthTypeCatalog.entries where entry.kind == .quantity {
      // Every quantity entry has a style, and its raw value is HealthKit's.
      table[HKQuantityTypeIdentifier(rawValue: entry.identifier)] = QuantityTypeInfo(
        canonicalUnit: HKUnit.interned(HKUnit(from: entry.unit)),
        aggregationStyle: HKQuantityAggregationStyle(rawValue: Int(entry.aggregation!.rawValue))!,
        identifier: entry.identifier, identifierHash: entry.identifier.hashValue,
        engineType: HKQuantityType.engineQuantityType(of: entry.identifier))
    }
    return table
  }()
}
