import WorkoutHealth

/// A stored HealthKit object, HealthKit's `HKObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkobject). Objects are equal when their
/// ``uuid``s are.
public class HKObject: NSObject, NSSecureCoding, @unchecked Sendable {
  /// The object's unique identifier.
  public let uuid: UUID
  /// Extra information; values are `String`, `NSNumber` (the app's numbers and Booleans, as on
  /// a device: docs/swift-api.md#metadata), `Date` or ``HKQuantity``. Bridged when read, not
  /// when the object is made: the simulation makes many objects whose metadata no one reads.
  public var metadata: [String: Any]? { bridgedMetadata(storedMetadata) }
  /// The metadata as given.
  private let storedMetadata: [String: Any]?
  /// The device that produced the data, if known.
  public let device: HKDevice?
  /// The app and version that saved the object.
  public let sourceRevision: HKSourceRevision

  init(uuid: UUID, metadata: [String: Any]?, device: HKDevice?, sourceRevision: HKSourceRevision) {
    self.uuid = uuid
    self.storedMetadata = metadata
    self.device = device
    self.sourceRevision = sourceRevision
  }

  /// `true`: objects decode only as the classes asked for (Values/SecureCoding.swift).
  public static var supportsSecureCoding: Bool { true }

  /// Writes the UUID, metadata, device and source revision.
  public func encode(with coder: NSCoder) {
    coder.encode(uuid, forKey: "uuid")
    coder.encode(metadata, forKey: "metadata")
    coder.encode(device, forKey: "device")
    coder.encode(sourceRevision, forKey: "sourceRevision")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a UUID or source revision.
  public required init?(coder: NSCoder) {
    guard let uuid = coder.decodeUUID(forKey: "uuid"),
      let revision = coder.decodeObject(of: HKSourceRevision.self, forKey: "sourceRevision")
    else { return nil }
    self.uuid = uuid
    self.storedMetadata = coder.decodeMetadata(forKey: "metadata")
    self.device = coder.decodeObject(of: HKDevice.self, forKey: "device")
    self.sourceRevision = revision
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
    // Settable inside the module only for `redated(start:end:)`, on a copy no one else holds.
    /// When the sample starts.
    @objc public internal(set) var startDate: Date
    /// When the sample ends (equal to ``startDate`` for a point reading).
    @objc public internal(set) var endDate: Date
  #else
    // Settable inside the module only for `redated(start:end:)`, on a copy no one else holds.
    /// When the sample starts.
    public internal(set) var startDate: Date
    /// When the sample ends (equal to ``startDate`` for a point reading).
    public internal(set) var endDate: Date
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

  /// Writes the object's fields, the sample type and the dates.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(sampleType, forKey: "sampleType")
    coder.encode(startDate, forKey: "startDate")
    coder.encode(endDate, forKey: "endDate")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a sample type or dates.
  public required init?(coder: NSCoder) {
    guard
      let type = coder.decodeObject(of: HKObjectType.self, forKey: "sampleType") as? HKSampleType,
      let start = coder.decodeDate(forKey: "startDate"),
      let end = coder.decodeDate(forKey: "endDate")
    else { return nil }
    self.sampleType = type
    self.startDate = start
    self.endDate = end
    super.init(coder: coder)
  }

  /// Whether the sample has no end yet (its end date is `Date.distantFuture`).
  public var hasUndeterminedDuration: Bool { endDate == .distantFuture }

  /// A copy of the sample dated `start` to `end`: the same class, UUID, fields, metadata,
  /// device and source revision (read back through the class's own `NSSecureCoding`, the one
  /// way every sample class copies itself whole), the dates a query hands out for a sample
  /// whose dates the wall-clock rule read from the real clock (a project rule,
  /// docs/swift-api.md#the-wall-clock-rule: on a device the sample read back carries the date
  /// the app passed, https://developer.apple.com/documentation/healthkit/hksample/startdate,
  /// which `Date()` stands for virtual now here). Only the start and end move: dates inside
  /// the object (a prescription's `dateIssued`, a route's locations) stay as made. The sample
  /// itself is not changed; `self` when no date moved or the class does not read back (every
  /// class does: SecureCodingTests).
  func redated(start: Date, end: Date) -> HKSample {
    guard start != startDate || end != endDate,
      let data = try? NSKeyedArchiver.archivedData(
        withRootObject: self, requiringSecureCoding: true),
      let copy = (try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKSample.self, from: data))
        ?? nil,
      Swift.type(of: copy) == Swift.type(of: self)
    else { return self }
    copy.startDate = start
    copy.endDate = end
    return copy
  }
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
  /// `HKQuantityType.incompatibleUnitMessage`) when the quantity's unit
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

  /// Writes the sample's fields, the quantity and the count.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(quantity, forKey: "quantity")
    coder.encode(count, forKey: "count")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a quantity type and quantity.
  public required init?(coder: NSCoder) {
    guard let quantity = coder.decodeObject(of: HKQuantity.self, forKey: "quantity") else {
      return nil
    }
    self.quantity = quantity
    self.count = max(1, coder.decodeInteger(forKey: "count"))
    super.init(coder: coder)
    guard sampleType is HKQuantityType else { return nil }
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

  /// Writes the sample's fields and the value.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(value, forKey: "value")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for another sample type.
  public required init?(coder: NSCoder) {
    self.value = coder.decodeInteger(forKey: "value")
    super.init(coder: coder)
    guard sampleType is HKCategoryType else { return nil }
  }

  /// The sample's category type.
  public var categoryType: HKCategoryType {
    // The initializer only accepts category types.
    sampleType as! HKCategoryType
  }
}

/// The device that produced data, HealthKit's `HKDevice` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevice). Immutable; equal when every
/// property is. `Sendable` as the SDK declares it (checked: every property is a constant
/// `String?`).
public final class HKDevice: NSObject, NSCopying, NSSecureCoding, Sendable {
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

  /// `true`: devices decode only as devices.
  public static var supportsSecureCoding: Bool { true }

  /// The keys of the eight properties, in ``fields`` order.
  private static let keys = [
    "name", "manufacturer", "model", "hardwareVersion", "firmwareVersion", "softwareVersion",
    "localIdentifier", "udiDeviceIdentifier",
  ]

  /// Writes every property that is set.
  public func encode(with coder: NSCoder) {
    for (key, value) in zip(Self.keys, fields) { coder.encode(value, forKey: key) }
  }

  /// Reads what ``encode(with:)`` wrote.
  public convenience init?(coder: NSCoder) {
    let values = Self.keys.map { coder.decodeString(forKey: $0) }
    self.init(
      name: values[0], manufacturer: values[1], model: values[2], hardwareVersion: values[3],
      firmwareVersion: values[4], softwareVersion: values[5], localIdentifier: values[6],
      udiDeviceIdentifier: values[7])
  }

  /// The iPhone, the device of the iPhone's own workouts (iOS 26; a session made inside
  /// `HealthKitSimulation.on(.phone)`, docs/phone.md#the-iphones-own-workouts).
  /// A new object each time, as ``local()``: name "iPhone", manufacturer "Apple Inc.", model
  /// "iPhone", every other property `nil` (workout-sim's choice).
  package static var iPhone: HKDevice {
    HKDevice(
      name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: nil,
      firmwareVersion: nil, softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
  }

  /// The device the calling code runs on (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdevice/local()): inside
  /// `HealthKitSimulation.on(.phone)` the iPhone, the device its own workouts carry (name and
  /// model "iPhone", manufacturer "Apple Inc."); elsewhere the simulated watch: name "Apple
  /// Watch", manufacturer "Apple Inc.", model "Watch"; every other property `nil` (workout-sim's
  /// choice; docs/swift-api-values.md). A new object each time.
  public class func local() -> HKDevice {
    HealthKitSimulation.currentDevice == .phone ? iPhone : appleWatch
  }

  /// The simulated watch, the device of its samples and workouts whatever code asks: name
  /// "Apple Watch", manufacturer "Apple Inc.", model "Watch", every other property `nil`
  /// (workout-sim's choice). A new object each time.
  package static var appleWatch: HKDevice {
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
public final class HKSource: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The display name.
  public let name: String
  /// The bundle identifier.
  public let bundleIdentifier: String

  /// Creates a source.
  package init(name: String, bundleIdentifier: String) {
    self.name = name
    self.bundleIdentifier = bundleIdentifier
  }

  /// `true`: sources decode only as sources.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the name and bundle identifier.
  public func encode(with coder: NSCoder) {
    coder.encode(name, forKey: "name")
    coder.encode(bundleIdentifier, forKey: "bundleIdentifier")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without them.
  public convenience init?(coder: NSCoder) {
    guard let name = coder.decodeString(forKey: "name"),
      let bundle = coder.decodeString(forKey: "bundleIdentifier")
    else { return nil }
    self.init(name: name, bundleIdentifier: bundle)
  }

  /// The app's own source: name "workout-sim", bundle identifier "dev.workout-sim.app"
  /// (workout-sim's choice, `HealthSource.simulatedApp`; docs/swift-api.md#the-health-store).
  public class func `default`() -> HKSource {
    HKSource(
      name: HealthSource.simulatedApp.name,
      bundleIdentifier: HealthSource.simulatedApp.bundleIdentifier)
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
/// https://developer.apple.com/documentation/healthkit/hksourcerevision). Immutable;
/// `Sendable` as the SDK declares it (checked: constant properties of `Sendable` types).
public final class HKSourceRevision: NSObject, NSCopying, NSSecureCoding, Sendable {
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

  /// `true`: revisions decode only as revisions.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the source, version, product type and system version.
  public func encode(with coder: NSCoder) {
    coder.encode(source, forKey: "source")
    coder.encode(version, forKey: "version")
    coder.encode(productType, forKey: "productType")
    coder.encode(systemVersion.map { NSNumber(value: $0) } as NSArray, forKey: "systemVersion")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without a source.
  public convenience init?(coder: NSCoder) {
    guard let source = coder.decodeObject(of: HKSource.self, forKey: "source") else { return nil }
    let numbers = coder.decodeArray(of: NSNumber.self, forKey: "systemVersion") ?? []
    let parts = numbers.map(\.intValue) + [0, 0, 0]
    self.init(
      source: source, version: coder.decodeString(forKey: "version"),
      productType: coder.decodeString(forKey: "productType"),
      operatingSystemVersion: OperatingSystemVersion(
        majorVersion: parts[0], minorVersion: parts[1], patchVersion: parts[2]))
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
