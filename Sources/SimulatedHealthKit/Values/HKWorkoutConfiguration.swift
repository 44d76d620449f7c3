/// What kind of workout a session runs, HealthKit's `HKWorkoutConfiguration` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutconfiguration).
///
/// A mutable reference type, not `Sendable` (as in HealthKit). A session keeps a copy
/// (``copy(with:)``), so changing a configuration after creating the session changes nothing.
/// Equal when all four properties are.
public final class HKWorkoutConfiguration: NSObject, NSCopying {
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
