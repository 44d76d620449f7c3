import WorkoutCore
import WorkoutHealth

// The eight device property keys' strings are not on Apple's pages: they are the values
// HealthKit's binary holds (read out of iOS 9.0's shared cache by a public project that records
// exported constants; `HKDevicePropertyName` and so on, without `Key`). Use the constants.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/name`` for
/// ``HKQuery/predicateForObjects(withDeviceProperty:allowedValues:)``, `"HKDevicePropertyName"`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkdevicepropertykeyname).
public let HKDevicePropertyKeyName = "HKDevicePropertyName"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/manufacturer``, `"HKDevicePropertyManufacturer"`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkdevicepropertykeymanufacturer).
public let HKDevicePropertyKeyManufacturer = "HKDevicePropertyManufacturer"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/model``, `"HKDevicePropertyModel"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevicepropertykeymodel).
public let HKDevicePropertyKeyModel = "HKDevicePropertyModel"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/hardwareVersion``, `"HKDevicePropertyHardwareVersion"`
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevicepropertykeyhardwareversion).
public let HKDevicePropertyKeyHardwareVersion = "HKDevicePropertyHardwareVersion"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/firmwareVersion``, `"HKDevicePropertyFirmwareVersion"`
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevicepropertykeyfirmwareversion).
public let HKDevicePropertyKeyFirmwareVersion = "HKDevicePropertyFirmwareVersion"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/softwareVersion``, `"HKDevicePropertySoftwareVersion"`
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevicepropertykeysoftwareversion).
public let HKDevicePropertyKeySoftwareVersion = "HKDevicePropertySoftwareVersion"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/localIdentifier``, `"HKDevicePropertyLocalIdentifier"`
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevicepropertykeylocalidentifier).
public let HKDevicePropertyKeyLocalIdentifier = "HKDevicePropertyLocalIdentifier"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The device property key of ``HKDevice/udiDeviceIdentifier``,
/// `"HKDevicePropertyUDIDeviceIdentifier"` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdevicepropertykeyudideviceidentifier).
public let HKDevicePropertyKeyUDIDeviceIdentifier = "HKDevicePropertyUDIDeviceIdentifier"

extension HKDevice {
  /// The value of the property named by one of the `HKDevicePropertyKey…` constants, or `nil`
  /// (unset, or an unknown key).
  func value(forProperty key: String) -> String? {
    switch key {
    case HKDevicePropertyKeyName: name
    case HKDevicePropertyKeyManufacturer: manufacturer
    case HKDevicePropertyKeyModel: model
    case HKDevicePropertyKeyHardwareVersion: hardwareVersion
    case HKDevicePropertyKeyFirmwareVersion: firmwareVersion
    case HKDevicePropertyKeySoftwareVersion: softwareVersion
    case HKDevicePropertyKeyLocalIdentifier: localIdentifier
    case HKDevicePropertyKeyUDIDeviceIdentifier: udiDeviceIdentifier
    default: nil
    }
  }
}

/// A condition on one workout activity, made by `HKQuery.predicateForWorkoutActivities(...)`
/// and read through ``HKQuery/predicateForWorkouts(activityPredicate:)``.
enum ActivityCondition: Hashable {
  /// The activity's configuration has this activity type.
  case type(HKWorkoutActivityType)
  /// The activity's duration (seconds) compares to the value.
  case duration(HKPredicateOperator, TimeInterval)
  /// The activity's dates against a range, as ``HKQueryOptions`` documents for samples (an
  /// activity without an end counts as ending at its start).
  case dates(start: Date?, end: Date?, options: HKQueryOptions)
  /// A `.dates` condition whose dates the wall-clock rule read into instants
  /// (`HealthKitSimulation.State.activityPredicate(_:context:)`), matched against the instants
  /// the activity spans (`activitySpans(of:_:context:)`) as the store matches samples.
  case instants(start: SimulationInstant?, end: SimulationInstant?, options: HKQueryOptions)
  /// A statistic of the activity's type compares to the quantity (no statistics: no match).
  case statistic(HKPredicateOperator, HKQuantityType, HKQuantity, Statistic)

  /// Which statistic.
  enum Statistic {
    case sum, minimum, maximum, average
  }

  /// Whether `activity`, spanning the instants `span`, meets the condition (an `.instants`
  /// condition needs `span`: without it nothing matches).
  func matches(
    _ activity: HKWorkoutActivity, at span: (start: SimulationInstant, end: SimulationInstant)?
  ) -> Bool {
    switch self {
    case .type(let type):
      return activity.workoutConfiguration.activityType == type
    case .duration(let comparison, let seconds):
      return comparison.health.holds(activity.duration, seconds)
    case .dates(let start, let end, let options):
      return HKPredicate.Filter.datesMatch(
        start: activity.startDate, end: activity.endDate ?? activity.startDate, from: start,
        to: end, options: options)
    case .instants(let start, let end, let options):
      guard let span else { return false }
      return HealthFilter.matchesDates(
        start: span.start.nanoseconds, end: span.end.nanoseconds, from: start?.nanoseconds,
        to: end?.nanoseconds, strictStart: options.contains(.strictStartDate),
        strictEnd: options.contains(.strictEndDate))
    case .statistic(_, let type, _, _):
      return holds(for: activity.statistics(for: type))
    }
  }

  /// Whether a `.statistic` condition holds for `statistics` (an activity's or, for
  /// `predicateForWorkouts(operatorType:quantityType:…)`, the workout's own): the chosen
  /// statistic compared in the target's unit; no statistics, no such value or an incompatible
  /// unit never match. `false` for the other conditions.
  func holds(for statistics: HKStatistics?) -> Bool {
    guard case .statistic(let comparison, _, let target, let which) = self else { return false }
    let value: HKQuantity? =
      switch which {
      case .sum: statistics?.sumQuantity()
      case .minimum: statistics?.minimumQuantity()
      case .maximum: statistics?.maximumQuantity()
      case .average: statistics?.averageQuantity()
      }
    guard let value, value.is(compatibleWith: target.unit) else { return false }
    return comparison.health.holds(
      value.doubleValue(for: target.unit), target.doubleValue(for: target.unit))
  }
}

extension HKPredicate.Filter {
  /// The date rule of ``HKQueryOptions`` for an object from `start` to `end` against the range
  /// `from`…`to` (`nil`: unbounded): strict start, the start in [from, to); strict end, the end
  /// in (from, to]; neither, an overlap (end ≥ from, start < to). The store's own test
  /// (`HealthFilter.matchesDates`, the one home of the rule) on dates.
  static func datesMatch(
    start: Date, end: Date, from: Date?, to: Date?, options: HKQueryOptions
  ) -> Bool {
    HealthFilter.matchesDates(
      start: start, end: end, from: from, to: to,
      strictStart: options.contains(.strictStartDate), strictEnd: options.contains(.strictEndDate))
  }
}

extension HKQuery {
  /// Workouts whose total distance compares to `totalDistance` with `operatorType`; a workout
  /// without a total distance never matches (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:totaldistance:)).
  /// HealthKit marks it to be deprecated in favour of
  /// `predicateForWorkoutActivities(operatorType:quantityType:sumQuantity:)`.
  ///
  /// The quantity must be a length; the comparison is in its unit.
  public class func predicateForWorkouts(
    with operatorType: HKPredicateOperator, totalDistance: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.workoutTotal(operatorType, totalDistance, energy: false))
  }

  /// Workouts whose total energy burned compares to `totalEnergyBurned` with `operatorType`; a
  /// workout without one never matches (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(with:totalenergyburned:)).
  ///
  /// The quantity must be an energy; the comparison is in its unit.
  @available(
    iOS, deprecated: 18.0,
    message:
      "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  @available(
    watchOS, deprecated: 11.0,
    message:
      "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  @available(
    macOS, deprecated: 15.0,
    message:
      "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
  )
  public class func predicateForWorkouts(
    with operatorType: HKPredicateOperator, totalEnergyBurned: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.workoutTotal(operatorType, totalEnergyBurned, energy: true))
  }

  /// Workouts with at least one activity that `activityPredicate` matches (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(activitypredicate:)).
  ///
  /// `activityPredicate` is made of `predicateForWorkoutActivities(...)` predicates,
  /// `NSCompoundPredicate`s of them and `NSPredicate(value:)`; any other predicate traps when
  /// the query runs, naming the helpers to use. A workout saved with ``HKWorkout``'s
  /// deprecated initializers has no activities and never matches.
  public class func predicateForWorkouts(activityPredicate: NSPredicate) -> NSPredicate {
    HKPredicate(.workoutActivities(HKPredicate.Nested(activityPredicate)))
  }

  /// Workout activities of `workoutActivityType`, for
  /// ``predicateForWorkouts(activityPredicate:)`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(workoutactivitytype:)).
  public class func predicateForWorkoutActivities(workoutActivityType: HKWorkoutActivityType)
    -> NSPredicate
  {
    HKPredicate(.activity(.type(workoutActivityType)))
  }

  /// Workout activities whose duration (seconds) compares to `duration` with `operatorType`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:duration:)).
  public class func predicateForWorkoutActivities(
    operatorType: HKPredicateOperator, duration: TimeInterval
  ) -> NSPredicate {
    HKPredicate(.activity(.duration(operatorType, duration)))
  }

  /// Workout activities in a time range, with the date rule of ``HKQueryOptions`` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(start:end:options:)).
  public class func predicateForWorkoutActivities(
    start startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
  ) -> NSPredicate {
    HKPredicate(.activity(.dates(start: startDate, end: endDate, options: options)))
  }

  /// Workout activities whose sum of `quantityType` compares to `sumQuantity` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:sumquantity:)).
  public class func predicateForWorkoutActivities(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, sumQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.activity(.statistic(operatorType, quantityType, sumQuantity, .sum)))
  }

  /// Workout activities whose minimum of `quantityType` compares to `minimumQuantity` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:minimumquantity:)).
  public class func predicateForWorkoutActivities(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.activity(.statistic(operatorType, quantityType, minimumQuantity, .minimum)))
  }

  /// Workout activities whose maximum of `quantityType` compares to `maximumQuantity` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:maximumquantity:)).
  public class func predicateForWorkoutActivities(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.activity(.statistic(operatorType, quantityType, maximumQuantity, .maximum)))
  }

  /// Workout activities whose average of `quantityType` compares to `averageQuantity` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkoutactivities(operatortype:quantitytype:averagequantity:)).
  public class func predicateForWorkoutActivities(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, averageQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.activity(.statistic(operatorType, quantityType, averageQuantity, .average)))
  }

  /// Workouts whose own sum of `quantityType` compares to `sumQuantity` with `operatorType`
  /// (iOS 16, watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:sumquantity:)).
  /// The workout's ``HKWorkout/statistics(for:)`` is compared, not any one activity's: a
  /// multisport workout of 20 km cycling and 5 km running matches a sum of distance above
  /// 24 km though neither activity does. A workout without statistics of the type, or whose
  /// unit is not compatible with `sumQuantity`'s, never matches.
  public class func predicateForWorkouts(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, sumQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.workoutStatistic(operatorType, quantityType, sumQuantity, .sum))
  }

  /// Workouts whose own minimum of `quantityType` compares to `minimumQuantity` (iOS 16,
  /// watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:minimumquantity:)),
  /// as `predicateForWorkouts(operatorType:quantityType:sumQuantity:)`.
  public class func predicateForWorkouts(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.workoutStatistic(operatorType, quantityType, minimumQuantity, .minimum))
  }

  /// Workouts whose own maximum of `quantityType` compares to `maximumQuantity` (iOS 16,
  /// watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:maximumquantity:)),
  /// as `predicateForWorkouts(operatorType:quantityType:sumQuantity:)`.
  public class func predicateForWorkouts(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.workoutStatistic(operatorType, quantityType, maximumQuantity, .maximum))
  }

  /// Workouts whose own average of `quantityType` compares to `averageQuantity` (iOS 16,
  /// watchOS 9; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforworkouts(operatortype:quantitytype:averagequantity:)),
  /// as `predicateForWorkouts(operatorType:quantityType:sumQuantity:)`.
  public class func predicateForWorkouts(
    operatorType: HKPredicateOperator, quantityType: HKQuantityType, averageQuantity: HKQuantity
  ) -> NSPredicate {
    HKPredicate(.workoutStatistic(operatorType, quantityType, averageQuantity, .average))
  }

  /// Objects from a device whose property `key` (one of the `HKDevicePropertyKey…` constants)
  /// is one of `allowedValues`; objects without a device, or whose device lacks the property,
  /// never match (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforobjects(withdeviceproperty:allowedvalues:)).
  public class func predicateForObjects(
    withDeviceProperty key: String, allowedValues: Set<String>
  ) -> NSPredicate {
    HKPredicate(.deviceProperty(key, allowedValues))
  }
}

extension HKWorkout {
  /// Whether the workout meets a workout filter (`.workoutTotal`, `.workoutActivities`); `nil`
  /// for any other filter. `spans` are the instants each of its ``workoutActivities`` spans,
  /// in order, for an activity condition whose dates were read into instants.
  func meets(
    _ filter: HKPredicate.Filter,
    spans: [(start: SimulationInstant, end: SimulationInstant)] = []
  ) -> Bool? {
    switch filter {
    case .workoutTotal(let comparison, let target, let energy):
      let total = energy ? energyBurned : distance
      guard let total, total.is(compatibleWith: target.unit) else { return false }
      return comparison.health.holds(
        total.doubleValue(for: target.unit), target.doubleValue(for: target.unit))
    case .workoutStatistic(let comparison, let type, let target, let which):
      return ActivityCondition.statistic(comparison, type, target, which).holds(
        for: statistics(for: type))
    case .workoutActivities(let predicate):
      return workoutActivities.indices.contains { index in
        Self.activity(
          workoutActivities[index], matches: predicate.predicate,
          at: spans.indices.contains(index) ? spans[index] : nil)
      }
    default:
      return nil
    }
  }

  /// Whether `activity` matches `predicate` (activity conditions, their compounds and constant
  /// predicates); traps with ``HKQuery/unreadablePredicateMessage(_:)`` for anything else.
  static func activity(
    _ activity: HKWorkoutActivity, matches predicate: NSPredicate,
    at span: (start: SimulationInstant, end: SimulationInstant)?
  ) -> Bool {
    if let compound = predicate as? NSCompoundPredicate {
      let parts = compound.subpredicates.map { Self.activity(activity, matches: $0, at: span) }
      switch compound.compoundPredicateType {
      case .and: return !parts.contains(false)
      case .or: return parts.contains(true)
      case .not: return parts.contains(false)
      @unknown default: preconditionFailure(HKQuery.unreadablePredicateMessage(compound))
      }
    }
    if case .activity(let condition)? = (predicate as? HKPredicate)?.filter {
      return condition.matches(activity, at: span)
    }
    if predicate.isEqual(NSPredicate(value: true)) { return true }
    if predicate.isEqual(NSPredicate(value: false)) { return false }
    preconditionFailure(HKQuery.unreadablePredicateMessage(predicate))
  }
}
