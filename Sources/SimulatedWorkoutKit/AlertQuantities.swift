import Foundation
import SimulatedHealthKit

/// The alerts' targets as HealthKit quantities: counts per minute (`count/min`) for heart rate
/// and cadence, metres per second (`m/s`) for speed, watts (`W`) for power.
enum AlertQuantity {
  /// `count/min`.
  static var perMinute: HKUnit { HKUnit.count().unitDivided(by: HKUnit.minute()) }
  /// `m/s`.
  static var metersPerSecond: HKUnit { HKUnit.meter().unitDivided(by: HKUnit.second()) }

  /// `value` in counts per minute.
  static func frequency(_ value: Measurement<UnitFrequency>) -> HKQuantity {
    HKQuantity(
      unit: perMinute, doubleValue: value.converted(to: WorkoutAlertMetric.countPerMinute).value)
  }
  /// `value` in metres per second.
  static func speed(_ value: Measurement<UnitSpeed>) -> HKQuantity {
    HKQuantity(unit: metersPerSecond, doubleValue: value.converted(to: .metersPerSecond).value)
  }
  /// `value` in watts.
  static func power(_ value: Measurement<UnitPower>) -> HKQuantity {
    HKQuantity(unit: HKUnit.watt(), doubleValue: value.converted(to: .watts).value)
  }
}

@available(iOS 17.0, watchOS 10.0, *)
extension HeartRateRangeAlert {
  /// The range's lower bound, in counts per minute (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/heartraterangealert/targetquantitylowerbound).
  public var targetQuantityLowerBound: HKQuantity { AlertQuantity.frequency(target.lowerBound) }
  /// The range's upper bound, in counts per minute (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/heartraterangealert/targetquantityupperbound).
  public var targetQuantityUpperBound: HKQuantity { AlertQuantity.frequency(target.upperBound) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension SpeedRangeAlert {
  /// The range's lower bound, in metres per second (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedrangealert/targetquantitylowerbound).
  public var targetQuantityLowerBound: HKQuantity { AlertQuantity.speed(target.lowerBound) }
  /// The range's upper bound, in metres per second (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedrangealert/targetquantityupperbound).
  public var targetQuantityUpperBound: HKQuantity { AlertQuantity.speed(target.upperBound) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension SpeedThresholdAlert {
  /// The threshold, in metres per second (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/speedthresholdalert/targetquantity).
  public var targetQuantity: HKQuantity { AlertQuantity.speed(target) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension CadenceRangeAlert {
  /// The range's lower bound, in counts per minute (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencerangealert/targetquantitylowerbound).
  public var targetQuantityLowerBound: HKQuantity { AlertQuantity.frequency(target.lowerBound) }
  /// The range's upper bound, in counts per minute (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencerangealert/targetquantityupperbound).
  public var targetQuantityUpperBound: HKQuantity { AlertQuantity.frequency(target.upperBound) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension CadenceThresholdAlert {
  /// The threshold, in counts per minute (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/cadencethresholdalert/targetquantity).
  public var targetQuantity: HKQuantity { AlertQuantity.frequency(target) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension PowerRangeAlert {
  /// The range's lower bound, in watts (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerrangealert/targetquantitylowerbound).
  public var targetQuantityLowerBound: HKQuantity { AlertQuantity.power(target.lowerBound) }
  /// The range's upper bound, in watts (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerrangealert/targetquantityupperbound).
  public var targetQuantityUpperBound: HKQuantity { AlertQuantity.power(target.upperBound) }
}

@available(iOS 17.0, watchOS 10.0, *)
extension PowerThresholdAlert {
  /// The threshold, in watts (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/powerthresholdalert/targetquantity).
  public var targetQuantity: HKQuantity { AlertQuantity.power(target) }
}
