/// What kind of workout a session runs, HealthKit's `HKWorkoutConfiguration` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutconfiguration).
///
/// A mutable reference type, not `Sendable` (as in HealthKit). A session keeps a copy
/// (``copy(with:)``), so changing a configuration after creating the session changes nothing.
/// Equal when all four properties are.
public final class HKWorkoutConfiguration: NSObject, NSCopying, NSSecureCoding {
  /// The activity; `.other` after `init()` (workout-sim's choice: HealthKit does not document
  /// the default; docs/swift-api.md#values).
  public var activityType: HKWorkoutActivityType = .other
  /// Indoor, outdoor or unknown; `.unknown` after `init()`.
  public var locationType: HKWorkoutSessionLocationType = .unknown
  /// Pool or open water for swimming; `.unknown` after `init()`.
  public var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
  /// The pool length for pool swimming; `nil` after `init()`.
  public var lapLength: HKQuantity?

  /// Creates a configuration with the defaults above.
  public override init() {
    super.init()
  }

  /// `true`: configurations decode only as configurations.
  public static var supportsSecureCoding: Bool { true }

  /// Writes the four properties (the enumerations as raw values).
  public func encode(with coder: NSCoder) {
    coder.encode(Int64(activityType.rawValue), forKey: "activityType")
    coder.encode(locationType.rawValue, forKey: "locationType")
    coder.encode(swimmingLocationType.rawValue, forKey: "swimmingLocationType")
    coder.encode(lapLength, forKey: "lapLength")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for a raw value no case has.
  public convenience init?(coder: NSCoder) {
    guard
      let activity = HKWorkoutActivityType(
        rawValue: UInt(clamping: coder.decodeInt64(forKey: "activityType"))),
      let location = HKWorkoutSessionLocationType(
        rawValue: coder.decodeInteger(forKey: "locationType")),
      let swimming = HKWorkoutSwimmingLocationType(
        rawValue: coder.decodeInteger(forKey: "swimmingLocationType"))
    else { return nil }
    self.init()
    activityType = activity
    locationType = location
    swimmingLocationType = swimming
    lapLength = coder.decodeObject(of: HKQuantity.self, forKey: "lapLength")
  }

  /// A new configuration with the same properties.
  public func copy(with zone: NSZone? = nil) -> Any {
    let copy = HKWorkoutConfiguration()
    copy.activityType = activityType
    copy.locationType = locationType
    copy.swimmingLocationType = swimmingLocationType
    copy.lapLength = lapLength
    return copy
  }

  /// Equal when activity, location, swimming location and lap length are equal.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKWorkoutConfiguration else { return false }
    return other.activityType == activityType && other.locationType == locationType
      && other.swimmingLocationType == swimmingLocationType && other.lapLength == lapLength
  }

  /// A hash of activity and location (the properties may change: do not mutate a configuration
  /// while it is a set member or dictionary key).
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(activityType)
    hasher.combine(locationType)
    return hasher.finalize()
  }
}
