/// A stored HealthKit object, HealthKit's `HKObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobject). Objects are equal when their
/// ``uuid``s are.
public class HKObject: NSObject, @unchecked Sendable {
  /// The object's unique identifier.
  public let uuid: UUID
  /// Extra information; values are `String`, `Bool` or numbers, `Date` or ``HKQuantity``.
  public let metadata: [String: Any]?
  /// The device that produced the data, if known.
  public let device: HKDevice?
  /// The app and version that saved the object.
  public let sourceRevision: HKSourceRevision

  init(uuid: UUID, metadata: [String: Any]?, device: HKDevice?, sourceRevision: HKSourceRevision) {
    self.uuid = uuid
    self.metadata = metadata
    self.device = device
    self.sourceRevision = sourceRevision
  }

  /// Equal when `object` is an object of the same class with the same UUID. The quantity sample
  /// classes count as one: a sample made with `HKQuantitySample(type:...)` equals the
  /// ``HKCumulativeQuantitySample`` or ``HKDiscreteQuantitySample`` a query returns for it (on a
  /// device both are the concrete class).
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKObject, other.uuid == uuid else { return false }
    return Swift.type(of: other) == Swift.type(of: self)
      || (other is HKQuantitySample && self is HKQuantitySample)
  }

  /// A hash of the UUID.
  public override var hash: Int { uuid.hashValue }
}

/// An object with a type and a time span, HealthKit's `HKSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksample).
public class HKSample: HKObject, @unchecked Sendable {
  /// The sample's type.
  public let sampleType: HKSampleType
  #if canImport(ObjectiveC)
    // Darwin's `NSSortDescriptor(keyPath:ascending:)` needs a key-value-coding name for the key
    // path (`startDate`, `endDate`): only an `@objc` property has one (docs/darwin.md).
    /// When the sample starts.
    @objc public let startDate: Date
    /// When the sample ends (equal to ``startDate`` for a point reading).
    @objc public let endDate: Date
  #else
    /// When the sample starts.
    public let startDate: Date
    /// When the sample ends (equal to ``startDate`` for a point reading).
    public let endDate: Date
  #endif

  init(
    sampleType: HKSampleType, startDate: Date, endDate: Date, uuid: UUID,
    metadata: [String: Any]?, device: HKDevice?, sourceRevision: HKSourceRevision
  ) {
    self.sampleType = sampleType
    self.startDate = startDate
    self.endDate = endDate
    super.init(uuid: uuid, metadata: metadata, device: device, sourceRevision: sourceRevision)
  }

  /// Whether the sample has no end yet (its end date is `Date.distantFuture`).
  public var hasUndeterminedDuration: Bool { endDate == .distantFuture }
}

/// A quantity over a time span, HealthKit's `HKQuantitySample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkquantitysample).
public class HKQuantitySample: HKSample, @unchecked Sendable {
  /// The quantity.
  public let quantity: HKQuantity
  /// The number of quantities the sample holds (1).
  public let count: Int

  /// Creates a sample; every convenience initializer ends here. `count` is the number of
  /// quantities of a series (Values/HKQuantitySamples.swift), whose aggregate `quantity` is.
  ///
  /// Traps with HealthKit's exception text "HKCumulativeQuantitySample <UUID> <quantity>
  /// (<start> - <end>) requires unit of type <Length>. Incompatible unit: <unit>" (or
  /// `HKDiscreteQuantitySample`, by the type's aggregation style;
  /// ``HKQuantityType/incompatibleUnitMessage(_:uuid:start:end:)``) when the quantity's unit
  /// does not fit the type, and with "HKQuantitySample: startDate must not be after endDate"
  /// (HealthKit raises an exception in both cases; docs/swift-api.md#traps).
  package init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, device: HKDevice?, metadata: [String: Any]?, uuid: UUID = UUID(),
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil),
    count: Int = 1
  ) {
    precondition(
      quantity.is(compatibleWith: quantityType.canonicalUnit),
      quantityType.incompatibleUnitMessage(quantity, uuid: uuid, start: startDate, end: endDate))
    precondition(startDate <= endDate, "HKQuantitySample: startDate must not be after endDate")
    self.quantity = quantity
    self.count = count
    super.init(
      sampleType: quantityType, startDate: startDate, endDate: endDate, uuid: uuid,
      metadata: metadata, device: device, sourceRevision: sourceRevision)
  }

  /// Creates a sample of `quantityType` holding `quantity` from `startDate` to `endDate`.
  public convenience init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date
  ) {
    self.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil,
      metadata: nil)
  }

  /// Creates a sample with metadata.
  public convenience init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, metadata: [String: Any]?
  ) {
    self.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil,
      metadata: metadata)
  }

  /// Creates a sample with a device and metadata.
  public convenience init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: device,
      metadata: metadata, uuid: UUID())
  }

  /// The sample's quantity type.
  public var quantityType: HKQuantityType {
    // The initializer only accepts quantity types.
    sampleType as! HKQuantityType
  }
}

/// A category value over a time span, HealthKit's `HKCategorySample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcategorysample).
public class HKCategorySample: HKSample, @unchecked Sendable {
  /// The category value (for sleep analysis an `HKCategoryValueSleepAnalysis` raw value).
  public let value: Int

  /// Creates a sample; the convenience initializers end here.
  ///
  /// Traps with "HKCategorySample: startDate must not be after endDate".
  package init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
    device: HKDevice?, metadata: [String: Any]?, uuid: UUID = UUID(),
    sourceRevision: HKSourceRevision = HKSourceRevision(source: .default(), version: nil)
  ) {
    precondition(startDate <= endDate, "HKCategorySample: startDate must not be after endDate")
    self.value = value
    super.init(
      sampleType: type, startDate: startDate, endDate: endDate, uuid: uuid, metadata: metadata,
      device: device, sourceRevision: sourceRevision)
  }

  /// Creates a sample of `type` with `value` from `startDate` to `endDate`.
  public convenience init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date
  ) {
    self.init(
      type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
  }

  /// Creates a sample with metadata.
  public convenience init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
    metadata: [String: Any]?
  ) {
    self.init(
      type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
  }

  /// Creates a sample with a device and metadata.
  public convenience init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
    device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      type: type, value: value, start: startDate, end: endDate, device: device,
      metadata: metadata, uuid: UUID())
  }

  /// The sample's category type.
  public var categoryType: HKCategoryType {
    // The initializer only accepts category types.
    sampleType as! HKCategoryType
  }
}

/// The device that produced data, HealthKit's `HKDevice` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevice). Immutable; equal when every
/// property is.
public final class HKDevice: NSObject, NSCopying {
  /// The device's name.
  public let name: String?
  /// The manufacturer.
  public let manufacturer: String?
  /// The model.
  public let model: String?
  /// The hardware version.
  public let hardwareVersion: String?
  /// The firmware version.
  public let firmwareVersion: String?
  /// The software version.
  public let softwareVersion: String?
  /// A local identifier.
  public let localIdentifier: String?
  /// The FDA Unique Device Identifier.
  public let udiDeviceIdentifier: String?

  /// Creates a device description.
  public init(
    name: String?, manufacturer: String?, model: String?, hardwareVersion: String?,
    firmwareVersion: String?, softwareVersion: String?, localIdentifier: String?,
    udiDeviceIdentifier UDIDeviceIdentifier: String?
  ) {
    self.name = name
    self.manufacturer = manufacturer
    self.model = model
    self.hardwareVersion = hardwareVersion
    self.firmwareVersion = firmwareVersion
    self.softwareVersion = softwareVersion
    self.localIdentifier = localIdentifier
    self.udiDeviceIdentifier = UDIDeviceIdentifier
  }

  /// The simulated watch: name "Apple Watch", manufacturer "Apple Inc.", model "Watch", every
  /// other property `nil` (workout-sim's choice; docs/swift-api.md#values).
  public class func local() -> HKDevice {
    HKDevice(
      name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: nil,
      firmwareVersion: nil, softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
  }

  private var fields: [String?] {
    [
      name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion,
      localIdentifier, udiDeviceIdentifier,
    ]
  }

  /// Equal when every property is equal.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKDevice else { return false }
    return other.fields == fields
  }

  /// A hash of the properties.
  public override var hash: Int { fields.hashValue }

  /// Devices are immutable: the copy is the device itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The app or device that saved data, HealthKit's `HKSource` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksource). Equal by bundle identifier.
public final class HKSource: NSObject, NSCopying, @unchecked Sendable {
  /// The display name.
  public let name: String
  /// The bundle identifier.
  public let bundleIdentifier: String

  /// Creates a source.
  package init(name: String, bundleIdentifier: String) {
    self.name = name
    self.bundleIdentifier = bundleIdentifier
  }

  /// The app's own source: name "workout-sim", bundle identifier "dev.workout-sim.app"
  /// (workout-sim's choice; docs/swift-api.md#values).
  public class func `default`() -> HKSource {
    HKSource(name: "workout-sim", bundleIdentifier: "dev.workout-sim.app")
  }

  /// Equal when the bundle identifiers are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKSource else { return false }
    return other.bundleIdentifier == bundleIdentifier
  }

  /// A hash of the bundle identifier.
  public override var hash: Int { bundleIdentifier.hashValue }

  /// Sources are immutable: the copy is the source itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A source at one version, HealthKit's `HKSourceRevision` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hksourcerevision).
public final class HKSourceRevision: NSObject, NSCopying {
  /// The source.
  public let source: HKSource
  /// The version, if known.
  public let version: String?
  /// The product type (`"Watch7,1"`), if known.
  public let productType: String?
  /// The operating system version (0.0.0 when not given).
  public let operatingSystemVersion: OperatingSystemVersion

  /// Creates a revision of `source` at `version`.
  public convenience init(source: HKSource, version: String?) {
    self.init(
      source: source, version: version, productType: nil,
      operatingSystemVersion: OperatingSystemVersion(
        majorVersion: 0, minorVersion: 0, patchVersion: 0))
  }

  /// Creates a revision with a product type and operating system version.
  public init(
    source: HKSource, version: String?, productType: String?,
    operatingSystemVersion: OperatingSystemVersion
  ) {
    self.source = source
    self.version = version
    self.productType = productType
    self.operatingSystemVersion = operatingSystemVersion
  }

  private var systemVersion: [Int] {
    [
      operatingSystemVersion.majorVersion, operatingSystemVersion.minorVersion,
      operatingSystemVersion.patchVersion,
    ]
  }

  /// Equal when source, version, product type and system version are.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKSourceRevision else { return false }
    return other.source == source && other.version == version
      && other.productType == productType && other.systemVersion == systemVersion
  }

  /// A hash of the source and version.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(source.hash)
    hasher.combine(version)
    return hasher.finalize()
  }

  /// Revisions are immutable: the copy is the revision itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}
