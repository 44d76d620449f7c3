/// Something that happened during a workout, HealthKit's `HKWorkoutEvent` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutevent).
///
/// Immutable. Only `lap` and `segment` events may span time; the others have a zero-length
/// ``dateInterval`` (SDK header `HKWorkout.h`). Equal when type, interval and metadata are.
/// `Sendable` as the SDK declares it; unchecked because ``metadata`` is `[String: Any]?`
/// (immutable, its values `String`, numbers, `Date` or ``HKQuantity``, all immutable).
public final class HKWorkoutEvent: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// What happened.
  public let type: HKWorkoutEventType
  /// When it happened.
  public let dateInterval: DateInterval
  /// Extra information; values are `String`, numbers, `Date` or ``HKQuantity``.
  public let metadata: [String: Any]?

  /// Creates an event of `type` over `dateInterval`.
  public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
    self.type = type
    self.dateInterval = dateInterval
    self.metadata = bridgedMetadata(metadata)
  }

  /// Creates an event of `type` at `date`: a zero-length interval at `date`, no metadata
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkworkoutevent/init(type:date:);
  /// iOS 8 to 11, watchOS 2 to 4, deprecated for `workoutEventWithType:dateInterval:metadata:`
  /// in the SDK's `HKWorkout.h`).
  @available(*, deprecated, renamed: "init(type:dateInterval:metadata:)")
  public convenience init(type: HKWorkoutEventType, date: Date) {
    self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
  }

  /// Creates an event of `type` at `date` with `metadata`: a zero-length interval at `date`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutevent/init(type:date:metadata:);
  /// iOS 10 to 11, watchOS 3 to 4, deprecated as ``init(type:date:)``).
  @available(*, deprecated, renamed: "init(type:dateInterval:metadata:)")
  public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
    self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
  }

  /// When the event happened: the start of ``dateInterval`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkworkoutevent/date; iOS 8 to 11,
  /// watchOS 2 to 4, deprecated for `dateInterval` in the SDK's `HKWorkout.h`).
  @available(*, deprecated, renamed: "dateInterval")
  public var date: Date { dateInterval.start }

  /// Equal when type, interval and metadata are equal.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKWorkoutEvent else { return false }
    return other.type == type && other.dateInterval == dateInterval
      && metadataEqual(other.metadata, metadata)
  }

  /// A hash of type and interval.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(type)
    hasher.combine(dateInterval)
    return hasher.finalize()
  }

  /// `"<type raw value> <interval>"`.
  public override var description: String { "HKWorkoutEvent(\(type), \(dateInterval))" }

  /// Events are immutable: the copy is the event itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// `true`: events decode only as events.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the type's raw value, the interval and the metadata.
  public func encode(with coder: NSCoder) {
    coder.encode(type.rawValue, forKey: "type")
    coder.encode(dateInterval, forKey: "dateInterval")
    coder.encode(metadata, forKey: "metadata")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for an unknown type or without an interval.
  public convenience init?(coder: NSCoder) {
    guard let type = HKWorkoutEventType(rawValue: coder.decodeInteger(forKey: "type")),
      let interval = coder.decodeDateInterval(forKey: "dateInterval")
    else { return nil }
    self.init(
      type: type, dateInterval: interval, metadata: coder.decodeMetadata(forKey: "metadata"))
  }
}

/// Metadata as the app reads it back: numbers and Booleans as `NSNumber`, other values as
/// given. Project rule (docs/swift-api.md#metadata): HealthKit keeps metadata in an
/// `NSDictionary` (Apple doc: https://developer.apple.com/documentation/healthkit/hkobject/metadata),
/// so a device hands every number back as an `NSNumber`, which `as? Int`, `as? Double` and
/// `as? Bool` read when its value fits exactly (3 as 3 and 3.0; `true` as `true` and 1).
func bridgedMetadata(_ metadata: [String: Any]?) -> [String: Any]? {
  metadata?.mapValues(bridgedMetadataValue)
}

/// One value of ``bridgedMetadata(_:)``: a number or Boolean as an `NSNumber` of its value.
func bridgedMetadataValue(_ value: Any) -> Any {
  switch value {
  // Checked first: a string is never a number.
  case is String: return value
  case let number as NSNumber: return number
  // `CGFloat` and other floating-point types that do not bridge on Linux.
  case let number as any BinaryFloatingPoint: return NSNumber(value: Double(number))
  default: return value
  }
}

/// Whether two metadata dictionaries hold the same keys with equal values (numbers, strings,
/// Booleans and dates by value, other objects by `isEqual`).
func metadataEqual(_ lhs: [String: Any]?, _ rhs: [String: Any]?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): return true
  case (let lhs?, let rhs?):
    guard lhs.count == rhs.count else { return false }
    for (key, value) in lhs {
      guard let other = rhs[key], metadataValueEqual(value, other) else { return false }
    }
    return true
  default: return false
  }
}

private func metadataValueEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  if let lhs = lhs as? AnyHashable, let rhs = rhs as? AnyHashable { return lhs == rhs }
  if let lhs = lhs as? NSObject, let rhs = rhs as? NSObject { return lhs.isEqual(rhs) }
  return false
}
