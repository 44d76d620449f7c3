import Foundation
import SimulatedHealthKit

/// An alert that tells the person during a step when a metric leaves its target (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/workoutalert).
///
/// Which activities each alert supports is a project rule (Apple's pages do not list them;
/// docs/swift-api.md#workoutkit): heart rate everywhere, speed for activities with a distance,
/// cadence for running, walking, hiking and cycling, power for running and cycling, and never
/// a speed or distance for indoor cycling (no GPS, no wheel sensor in the simulation).
@available(iOS 17.0, watchOS 10.0, *)
public protocol WorkoutAlert: Hashable, Sendable {
  /// Whether the alert supports `activity` at `location` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/supports(activity:location:)).
  func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType) -> Bool
  /// The metric the alert measures, current or average (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/metric).
  var metric: WorkoutAlertMetric { get }
}

/// Whether the alert's metric is current or average (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/workoutalertmetric).
@available(iOS 17.0, watchOS 10.0, *)
public enum WorkoutAlertMetric: Hashable, Sendable {
  /// The average value over the step (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalertmetric/average).
  case average
  /// The current value (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalertmetric/current).
  case current

  /// Counts per minute, the unit of cadence and heart-rate values: 1/60 Hz (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalertmetric/countperminute).
  public static var countPerMinute: UnitFrequency {
    UnitFrequency(symbol: "count/min", converter: UnitConverterLinear(coefficient: 1.0 / 60.0))
  }
}

/// The activity rules the alerts and goals share (project rules, docs/swift-api.md#workoutkit).
enum ActivityRules {
  /// Activities the watch measures a distance for (its pedometer, GPS, stroke counter or
  /// wheel pushes; docs/activity-types.md).
  static let distance: Set<HKWorkoutActivityType> = [
    .running, .walking, .hiking, .cycling, .swimming, .wheelchairWalkPace, .wheelchairRunPace,
    .rowing, .crossCountrySkiing, .downhillSkiing, .snowboarding, .paddleSports, .handCycling,
    .skatingSports,
  ]
  /// Activities with a cadence (steps or pedal turns per minute).
  static let cadence: Set<HKWorkoutActivityType> = [.running, .walking, .hiking, .cycling]
  /// Activities with a power reading (running power from the watch, cycling power from a
  /// meter).
  static let power: Set<HKWorkoutActivityType> = [.running, .cycling]

  /// Whether `activity` at `location` has a distance (and so a speed): indoor cycling has none.
  static func hasDistance(
    _ activity: HKWorkoutActivityType, _ location: HKWorkoutSessionLocationType
  )
    -> Bool
  {
    distance.contains(activity) && !(activity == .cycling && location == .indoor)
  }

  /// Whether `zone` is one of the five zones watchOS shows (1 to 5).
  static func isZone(_ zone: Int) -> Bool { (1...5).contains(zone) }

  /// Whether every value is finite and above zero.
  static func positive(_ values: Double...) -> Bool { values.allSatisfy { $0.isFinite && $0 > 0 } }
}

/// An alert for a range of heart rates (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/heartraterangealert).
@available(iOS 17.0, watchOS 10.0, *)
public struct HeartRateRangeAlert: WorkoutAlert {
  /// The target range (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/heartraterangealert/target).
  public var target: ClosedRange<Measurement<UnitFrequency>>
  /// A heart-rate alert for `target` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/heartraterangealert/init(target:)).
  public init(target: ClosedRange<Measurement<UnitFrequency>>) { self.target = target }
  /// ``WorkoutAlertMetric/current``.
  public var metric: WorkoutAlertMetric { .current }
  /// Every activity, when both bounds are above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  { ActivityRules.positive(target.lowerBound.value, target.upperBound.value) }
}

/// An alert for a heart-rate zone (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/heartratezonealert).
@available(iOS 17.0, watchOS 10.0, *)
public struct HeartRateZoneAlert: WorkoutAlert {
  /// The target zone (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/heartratezonealert/zone).
  public var zone: Int
  /// An alert for `zone` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/heartratezonealert/init(zone:)).
  public init(zone: Int) { self.zone = zone }
  /// ``WorkoutAlertMetric/current``.
  public var metric: WorkoutAlertMetric { .current }
  /// Every activity, for zones 1 to 5.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  { ActivityRules.isZone(zone) }
}

/// An alert for a range of speeds, which the Workout app shows as a pace (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/speedrangealert).
@available(iOS 17.0, watchOS 10.0, *)
public struct SpeedRangeAlert: WorkoutAlert {
  /// The target range (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedrangealert/target).
  public var target: ClosedRange<Measurement<UnitSpeed>>
  /// Current or average speed.
  public var metric: WorkoutAlertMetric
  /// A speed alert for `target` measured by `metric` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedrangealert/init(target:metric:)).
  public init(target: ClosedRange<Measurement<UnitSpeed>>, metric: WorkoutAlertMetric) {
    self.target = target
    self.metric = metric
  }
  /// Activities with a distance (not indoor cycling), when both bounds are above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  {
    ActivityRules.hasDistance(activity, location)
      && ActivityRules.positive(target.lowerBound.value, target.upperBound.value)
  }
}

/// An alert for a speed threshold (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/speedthresholdalert).
@available(iOS 17.0, watchOS 10.0, *)
public struct SpeedThresholdAlert: WorkoutAlert {
  /// The threshold (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedthresholdalert/target).
  public var target: Measurement<UnitSpeed>
  /// Current or average speed.
  public var metric: WorkoutAlertMetric
  /// A speed threshold alert (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedthresholdalert/init(target:metric:)).
  public init(target: Measurement<UnitSpeed>, metric: WorkoutAlertMetric) {
    self.target = target
    self.metric = metric
  }
  /// Activities with a distance (not indoor cycling), when the threshold is above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  { ActivityRules.hasDistance(activity, location) && ActivityRules.positive(target.value) }
}

/// An alert for a range of cadences (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/cadencerangealert).
@available(iOS 17.0, watchOS 10.0, *)
public struct CadenceRangeAlert: WorkoutAlert {
  /// The target range (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencerangealert/target).
  public var target: ClosedRange<Measurement<UnitFrequency>>
  /// A cadence alert for `target` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencerangealert/init(target:)).
  public init(target: ClosedRange<Measurement<UnitFrequency>>) { self.target = target }
  /// ``WorkoutAlertMetric/current``.
  public var metric: WorkoutAlertMetric { .current }
  /// Running, walking, hiking and cycling, when both bounds are above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  {
    ActivityRules.cadence.contains(activity)
      && ActivityRules.positive(target.lowerBound.value, target.upperBound.value)
  }
}

/// An alert for a cadence threshold (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/cadencethresholdalert).
@available(iOS 17.0, watchOS 10.0, *)
public struct CadenceThresholdAlert: WorkoutAlert {
  /// The threshold (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencethresholdalert/target).
  public var target: Measurement<UnitFrequency>
  /// A cadence threshold alert (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencethresholdalert/init(target:)).
  public init(target: Measurement<UnitFrequency>) { self.target = target }
  /// ``WorkoutAlertMetric/current``.
  public var metric: WorkoutAlertMetric { .current }
  /// Running, walking, hiking and cycling, when the threshold is above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  { ActivityRules.cadence.contains(activity) && ActivityRules.positive(target.value) }
}

/// An alert for a range of power (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/powerrangealert).
@available(iOS 17.0, watchOS 10.0, *)
public struct PowerRangeAlert: WorkoutAlert {
  /// The target range (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerrangealert/target).
  public var target: ClosedRange<Measurement<UnitPower>>
  /// Current or average power.
  public var metric: WorkoutAlertMetric
  /// A power alert for `target`, current power (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerrangealert/init(target:)).
  public init(target: ClosedRange<Measurement<UnitPower>>) {
    self.init(target: target, metric: .current)
  }
  /// A power alert for `target` measured by `metric` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerrangealert/init(target:metric:)).
  public init(target: ClosedRange<Measurement<UnitPower>>, metric: WorkoutAlertMetric) {
    self.target = target
    self.metric = metric
  }
  /// Running and cycling, when both bounds are above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  {
    ActivityRules.power.contains(activity)
      && ActivityRules.positive(target.lowerBound.value, target.upperBound.value)
  }
}

/// An alert for a power threshold (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/powerthresholdalert).
@available(iOS 17.0, watchOS 10.0, *)
public struct PowerThresholdAlert: WorkoutAlert {
  /// The threshold (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerthresholdalert/target).
  public var target: Measurement<UnitPower>
  /// Current or average power.
  public var metric: WorkoutAlertMetric
  /// A power threshold alert, current power (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerthresholdalert/init(target:)).
  public init(target: Measurement<UnitPower>) { self.init(target: target, metric: .current) }
  /// A power threshold alert measured by `metric` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerthresholdalert/init(target:metric:)).
  public init(target: Measurement<UnitPower>, metric: WorkoutAlertMetric) {
    self.target = target
    self.metric = metric
  }
  /// Running and cycling, when the threshold is above zero.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  { ActivityRules.power.contains(activity) && ActivityRules.positive(target.value) }
}

/// An alert for a power zone (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/powerzonealert).
@available(iOS 17.0, watchOS 10.0, *)
public struct PowerZoneAlert: WorkoutAlert {
  /// The target zone (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerzonealert/zone).
  public var zone: Int
  /// An alert for `zone` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerzonealert/init(zone:)).
  public init(zone: Int) { self.zone = zone }
  /// ``WorkoutAlertMetric/current``.
  public var metric: WorkoutAlertMetric { .current }
  /// Running and cycling, for zones 1 to 5.
  public func supports(activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType)
    -> Bool
  { ActivityRules.power.contains(activity) && ActivityRules.isZone(zone) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == HeartRateRangeAlert {
  /// A heart-rate range alert, `range` in `unit` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/heartrate(_:unit:)).
  public static func heartRate(
    _ range: ClosedRange<Double>, unit: UnitFrequency = WorkoutAlertMetric.countPerMinute
  ) -> Self {
    HeartRateRangeAlert(
      target: Measurement(
        value: range.lowerBound, unit: unit)...Measurement(
          value: range.upperBound, unit: unit))
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == HeartRateZoneAlert {
  /// A heart-rate zone alert (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/heartrate(zone:)).
  public static func heartRate(zone: Int) -> Self { HeartRateZoneAlert(zone: zone) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == SpeedRangeAlert {
  /// A speed range alert, `range` in `unit` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/speed(_:unit:metric:)-1o2j).
  public static func speed(
    _ range: ClosedRange<Double>, unit: UnitSpeed, metric: WorkoutAlertMetric = .current
  ) -> Self {
    SpeedRangeAlert(
      target: Measurement(
        value: range.lowerBound, unit: unit)...Measurement(
          value: range.upperBound, unit: unit), metric: metric)
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == SpeedThresholdAlert {
  /// A speed threshold alert, `value` in `unit` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/speed(_:unit:metric:)-4zald).
  public static func speed(
    _ value: Double, unit: UnitSpeed, metric: WorkoutAlertMetric = .current
  ) -> Self {
    SpeedThresholdAlert(target: Measurement(value: value, unit: unit), metric: metric)
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == CadenceRangeAlert {
  /// A cadence range alert, `range` in `unit` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/cadence(_:unit:)-y8da).
  public static func cadence(
    _ range: ClosedRange<Double>, unit: UnitFrequency = WorkoutAlertMetric.countPerMinute
  ) -> Self {
    CadenceRangeAlert(
      target: Measurement(
        value: range.lowerBound, unit: unit)...Measurement(
          value: range.upperBound, unit: unit))
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == CadenceThresholdAlert {
  /// A cadence threshold alert, `value` in `unit` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/cadence(_:unit:)-3fnpg).
  public static func cadence(
    _ value: Double, unit: UnitFrequency = WorkoutAlertMetric.countPerMinute
  ) -> Self {
    CadenceThresholdAlert(target: Measurement(value: value, unit: unit))
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == PowerRangeAlert {
  /// A power range alert, `range` in `unit`, current power (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/power(_:unit:)).
  public static func power(_ range: ClosedRange<Double>, unit: UnitPower = .watts) -> Self {
    power(range, unit: unit, metric: .current)
  }
  /// A power range alert, `range` in `unit`, measured by `metric` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/power(_:unit:metric:)).
  public static func power(
    _ range: ClosedRange<Double>, unit: UnitPower = .watts, metric: WorkoutAlertMetric
  ) -> Self {
    PowerRangeAlert(
      target: Measurement(
        value: range.lowerBound, unit: unit)...Measurement(
          value: range.upperBound, unit: unit), metric: metric)
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == PowerThresholdAlert {
  /// A power threshold alert, `value` in `unit`, current power (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/power(_:unit:)).
  public static func power(_ value: Double, unit: UnitPower = .watts) -> Self {
    power(value, unit: unit, metric: .current)
  }
  /// A power threshold alert, `value` in `unit`, measured by `metric` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/power(_:unit:metric:)).
  public static func power(
    _ value: Double, unit: UnitPower = .watts, metric: WorkoutAlertMetric
  ) -> Self {
    PowerThresholdAlert(target: Measurement(value: value, unit: unit), metric: metric)
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension WorkoutAlert where Self == PowerZoneAlert {
  /// A power zone alert (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutalert/power(zone:)).
  public static func power(zone: Int) -> Self { PowerZoneAlert(zone: zone) }
}

/// Two optional alerts of any types compared as values.
func alertsEqual(_ a: (any WorkoutAlert)?, _ b: (any WorkoutAlert)?) -> Bool {
  switch (a, b) {
  case (nil, nil): true
  case (let a?, let b?): AnyHashable(a) == AnyHashable(b)
  default: false
  }
}
