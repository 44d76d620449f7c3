import Foundation

/// A value that specifies the goal of a workout or of one of its steps (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/workoutgoal).
///
/// Which goals a workout accepts for an activity: ``CustomWorkout/supportsGoal(_:activity:location:)``
/// and ``SingleGoalWorkout/supportsGoal(_:activity:location:)``.
@available(iOS 17.0, watchOS 10.0, *)
public enum WorkoutGoal: Hashable, Sendable {
  /// An open goal: the step or workout ends when the person ends it (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutgoal/open).
  case open
  /// A distance to cover, in the given unit (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutgoal/distance(_:_:)).
  case distance(Double, UnitLength)
  /// A time to spend, in the given unit (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutgoal/time(_:_:)).
  case time(Double, UnitDuration)
  /// An amount of energy to burn, in the given unit (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutgoal/energy(_:_:)); a
  /// ``SingleGoalWorkout`` goal only.
  case energy(Double, UnitEnergy)
  /// A pool-swim distance to cover within a time (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutgoal/poolswimdistancewithtime(_:_:));
  /// iOS 18, watchOS 11.
  @available(iOS 18.0, watchOS 11.0, *)
  case poolSwimDistanceWithTime(Measurement<UnitLength>, Measurement<UnitDuration>)

  /// The goal's amount in SI base units (metres, seconds, joules), `nil` for ``open`` and for
  /// ``poolSwimDistanceWithTime(_:_:)`` (two amounts); what the support checks read.
  var baseValue: Double? {
    switch self {
    case .open, .poolSwimDistanceWithTime: nil
    case .distance(let value, let unit):
      Measurement(value: value, unit: unit).converted(to: .meters).value
    case .time(let value, let unit):
      Measurement(value: value, unit: unit).converted(to: .seconds).value
    case .energy(let value, let unit):
      Measurement(value: value, unit: unit).converted(to: .joules).value
    }
  }

  /// Whether the goal's amounts are finite and above zero (a goal of 0 m or −5 min is
  /// supported nowhere: project rule, docs/swift-api.md#workoutkit).
  var hasPositiveAmounts: Bool {
    switch self {
    case .open: true
    case .distance, .time, .energy: (baseValue ?? 0).isFinite && (baseValue ?? 0) > 0
    case .poolSwimDistanceWithTime(let distance, let time):
      distance.value.isFinite && distance.value > 0 && time.value.isFinite && time.value > 0
    }
  }

  /// The goal as the simulation's log and messages name it (`distance 800 m`, `time 120 s`).
  var logText: String {
    switch self {
    case .open: "open"
    case .distance: "distance \(Self.number(baseValue ?? 0)) m"
    case .time: "time \(Self.number(baseValue ?? 0)) s"
    case .energy: "energy \(Self.number(baseValue ?? 0)) J"
    case .poolSwimDistanceWithTime(let distance, let time):
      "poolSwimDistanceWithTime \(Self.number(distance.converted(to: .meters).value)) m in \(Self.number(time.converted(to: .seconds).value)) s"
    }
  }

  /// `800` for 800.0, `2.5` for 2.5.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
