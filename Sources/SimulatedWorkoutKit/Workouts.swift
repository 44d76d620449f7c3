import Foundation
import SimulatedHealthKit

/// The rules the workout types share (docs/swift-api.md#workoutkit).
enum WorkoutRules {
  /// Whether a custom or single-goal workout accepts `activity`: every activity but the
  /// multisport ones, `swimBikeRun` and `transition` (a ``SwimBikeRunWorkout``'s), and
  /// `underwaterDiving`, which no workout session runs (project rule: Apple lists none).
  static func supportsActivity(_ activity: HKWorkoutActivityType) -> Bool {
    ![.swimBikeRun, .transition, .underwaterDiving].contains(activity)
  }

  /// Whether `goal` suits `activity` at `location`, energy aside (the callers decide it):
  /// open always; a time above zero; a distance above zero for an activity with a distance
  /// (not indoor cycling); a pool swim for swimming indoors (project rules).
  static func supportsGoal(
    _ goal: WorkoutGoal, activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType,
    energy: Bool
  ) -> Bool {
    guard supportsActivity(activity), goal.hasPositiveAmounts else { return false }
    switch goal {
    case .open, .time: return true
    case .distance: return ActivityRules.hasDistance(activity, location)
    case .energy: return energy
    case .poolSwimDistanceWithTime: return activity == .swimming && location == .indoor
    }
  }

  /// Traps with `message` and what to check first: an unsupported workout is a fatal error
  /// in WorkoutKit, not a thrown one (its initializers do not throw; Apple's forums:
  /// https://developer.apple.com/forums/thread/759972).
  static func refuse(_ type: String, _ message: String, check: String) -> Never {
    fatalError("\(type): \(message); check \(type).\(check) before making the workout")
  }
}

/// A workout of an optional warmup, blocks of work and recovery intervals, and an optional
/// cooldown (Apple doc: https://developer.apple.com/documentation/workoutkit/customworkout).
///
/// Making one (or changing one) with an activity, goal or alert that ``supportsActivity(_:)``,
/// ``supportsGoal(_:activity:location:)`` or ``supportsAlert(_:activity:location:)`` refuses
/// traps with a message naming the step and the check to make first, as WorkoutKit's
/// validation is a fatal error (docs/swift-api.md#workoutkit).
@available(iOS 17.0, watchOS 10.0, *)
public struct CustomWorkout: Hashable, Sendable {
  /// The activity (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/activity).
  public var activity: HKWorkoutActivityType { didSet { validate() } }
  /// Indoor, outdoor or unknown (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/location).
  public var location: HKWorkoutSessionLocationType { didSet { validate() } }
  /// The name the Workout app shows (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/displayname).
  public var displayName: String?
  /// The warmup, if any (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/warmup).
  public var warmup: WorkoutStep? { didSet { validate() } }
  /// The interval blocks, in order (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/blocks).
  public var blocks: [IntervalBlock] { didSet { validate() } }
  /// The cooldown, if any (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/cooldown).
  public var cooldown: WorkoutStep? { didSet { validate() } }

  /// A custom workout (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/init(activity:location:displayname:warmup:blocks:cooldown:)).
  /// Traps for an unsupported activity, goal or alert, naming it.
  public init(
    activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType = .unknown,
    displayName: String? = nil, warmup: WorkoutStep? = nil, blocks: [IntervalBlock] = [],
    cooldown: WorkoutStep? = nil
  ) {
    self.activity = activity
    self.location = location
    self.displayName = displayName
    self.warmup = warmup
    self.blocks = blocks
    self.cooldown = cooldown
    validate()
  }

  /// Whether custom workouts support `activity` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/supportsactivity(_:)):
  /// every activity but `swimBikeRun`, `transition` and `underwaterDiving` (project rule).
  public static func supportsActivity(_ activity: HKWorkoutActivityType) -> Bool {
    WorkoutRules.supportsActivity(activity)
  }

  /// Whether a custom workout's step may have `goal` for `activity` at `location` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/supportsgoal(_:activity:location:)):
  /// never an energy goal (Apple: "`.energy` goals are only supported in SingleGoalWorkout",
  /// https://developer.apple.com/forums/thread/773353); open, a time above zero, a distance
  /// above zero for an activity with a distance (not indoor cycling), a pool swim for
  /// swimming indoors (project rules).
  public static func supportsGoal(
    _ goal: WorkoutGoal, activity: HKWorkoutActivityType,
    location: HKWorkoutSessionLocationType = .unknown
  ) -> Bool {
    WorkoutRules.supportsGoal(goal, activity: activity, location: location, energy: false)
  }

  /// Whether a custom workout's step may have `alert` for `activity` at `location` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/customworkout/supportsalert(_:activity:location:)):
  /// the activity is supported and the alert ``WorkoutAlert/supports(activity:location:)`` it.
  public static func supportsAlert(
    _ alert: any WorkoutAlert, activity: HKWorkoutActivityType,
    location: HKWorkoutSessionLocationType = .unknown
  ) -> Bool {
    supportsActivity(activity) && alert.supports(activity: activity, location: location)
  }

  /// Every step with where it is, as messages name it (`warmup`, `block 1 step 2`).
  var namedSteps: [(name: String, step: WorkoutStep)] {
    var steps: [(String, WorkoutStep)] = []
    if let warmup { steps.append(("warmup", warmup)) }
    for (b, block) in blocks.enumerated() {
      for (s, interval) in block.steps.enumerated() {
        steps.append(("block \(b + 1) step \(s + 1) (\(interval.purpose))", interval.step))
      }
    }
    if let cooldown { steps.append(("cooldown", cooldown)) }
    return steps
  }

  /// Traps when the activity, a goal, an alert or a block's iterations are not supported.
  func validate() {
    let type = "CustomWorkout"
    guard Self.supportsActivity(activity) else {
      WorkoutRules.refuse(
        type, "activity \(activity) is not supported", check: "supportsActivity(_:)")
    }
    for (b, block) in blocks.enumerated() where block.iterations < 1 {
      WorkoutRules.refuse(
        type, "block \(b + 1) has \(block.iterations) iterations (at least 1)",
        check: "blocks' iterations")
    }
    for (name, step) in namedSteps {
      if !Self.supportsGoal(step.goal, activity: activity, location: location) {
        WorkoutRules.refuse(
          type,
          "the goal \(step.goal.logText) of the \(name) is not supported for \(activity) at location \(location)",
          check: "supportsGoal(_:activity:location:)")
      }
      if let alert = step.alert, !Self.supportsAlert(alert, activity: activity, location: location)
      {
        WorkoutRules.refuse(
          type,
          "the alert \(alert) of the \(name) is not supported for \(activity) at location \(location)",
          check: "supportsAlert(_:activity:location:)")
      }
    }
  }
}

/// A workout with one goal (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/singlegoalworkout). Traps for an
/// unsupported activity or goal, as ``CustomWorkout`` does.
@available(iOS 17.0, watchOS 10.0, *)
public struct SingleGoalWorkout: Hashable, Sendable {
  /// The activity (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/activity).
  public var activity: HKWorkoutActivityType { didSet { validate() } }
  /// Indoor, outdoor or unknown (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/location).
  public var location: HKWorkoutSessionLocationType { didSet { validate() } }
  /// Pool or open water, for swimming (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/swimminglocation).
  public var swimmingLocation: HKWorkoutSwimmingLocationType
  /// The goal (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/goal).
  public var goal: WorkoutGoal { didSet { validate() } }

  /// A single-goal workout (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/init(activity:location:swimminglocation:goal:)).
  public init(
    activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType = .unknown,
    swimmingLocation: HKWorkoutSwimmingLocationType = .unknown, goal: WorkoutGoal = .open
  ) {
    self.activity = activity
    self.location = location
    self.swimmingLocation = swimmingLocation
    self.goal = goal
    validate()
  }

  /// Whether single-goal workouts support `activity` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/supportsactivity(_:)):
  /// as ``CustomWorkout/supportsActivity(_:)`` (project rule).
  public static func supportsActivity(_ activity: HKWorkoutActivityType) -> Bool {
    WorkoutRules.supportsActivity(activity)
  }

  /// Whether a single-goal workout may have `goal` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/singlegoalworkout/supportsgoal(_:activity:location:)):
  /// as ``CustomWorkout/supportsGoal(_:activity:location:)``, and an energy goal above zero
  /// for any supported activity.
  public static func supportsGoal(
    _ goal: WorkoutGoal, activity: HKWorkoutActivityType,
    location: HKWorkoutSessionLocationType = .unknown
  ) -> Bool {
    WorkoutRules.supportsGoal(goal, activity: activity, location: location, energy: true)
  }

  /// Traps when the activity or the goal is not supported.
  func validate() {
    let type = "SingleGoalWorkout"
    guard Self.supportsActivity(activity) else {
      WorkoutRules.refuse(
        type, "activity \(activity) is not supported", check: "supportsActivity(_:)")
    }
    guard Self.supportsGoal(goal, activity: activity, location: location) else {
      WorkoutRules.refuse(
        type, "the goal \(goal.logText) is not supported for \(activity) at location \(location)",
        check: "supportsGoal(_:activity:location:)")
    }
  }
}

/// A workout covering a distance in a time (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/pacerworkout). Traps for an
/// unsupported activity or a distance or time not above zero.
@available(iOS 17.0, watchOS 10.0, *)
public struct PacerWorkout: Hashable, Sendable {
  /// The activity (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/pacerworkout/activity).
  public var activity: HKWorkoutActivityType { didSet { validate() } }
  /// Indoor, outdoor or unknown (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/pacerworkout/location).
  public var location: HKWorkoutSessionLocationType
  /// The distance to cover (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/pacerworkout/distance).
  public var distance: Measurement<UnitLength> { didSet { validate() } }
  /// The time to cover it in (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/pacerworkout/time).
  public var time: Measurement<UnitDuration> { didSet { validate() } }

  /// A pacer workout (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/pacerworkout/init(activity:location:distance:time:)).
  public init(
    activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType = .unknown,
    distance: Measurement<UnitLength>, time: Measurement<UnitDuration>
  ) {
    self.activity = activity
    self.location = location
    self.distance = distance
    self.time = time
    validate()
  }

  /// Whether pacer workouts support `activity` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/pacerworkout/supportsactivity(_:)):
  /// running, walking, cycling and the two wheelchair paces, the Workout app's pacer
  /// activities (project rule).
  public static func supportsActivity(_ activity: HKWorkoutActivityType) -> Bool {
    [.running, .walking, .cycling, .wheelchairWalkPace, .wheelchairRunPace].contains(activity)
  }

  /// Traps when the activity is not supported or the distance or time is not above zero.
  func validate() {
    let type = "PacerWorkout"
    guard Self.supportsActivity(activity) else {
      WorkoutRules.refuse(
        type, "activity \(activity) is not supported", check: "supportsActivity(_:)")
    }
    guard ActivityRules.positive(distance.value, time.value) else {
      WorkoutRules.refuse(
        type, "distance \(distance) in \(time): both must be above zero", check: "distance and time"
      )
    }
  }
}

/// A triathlon: swim, bike and run legs in order (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout).
@available(iOS 17.0, watchOS 10.0, *)
public struct SwimBikeRunWorkout: Hashable, Sendable {
  /// One leg of the workout (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/activity).
  public enum Activity: Hashable, Sendable {
    /// A swim, in a pool or open water (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/activity/swimming(_:)).
    case swimming(HKWorkoutSwimmingLocationType)
    /// A ride, indoor or outdoor (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/activity/cycling(_:)).
    case cycling(HKWorkoutSessionLocationType)
    /// A run, indoor or outdoor (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/activity/running(_:)).
    case running(HKWorkoutSessionLocationType)
  }

  /// The legs, in order (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/activities).
  public var activities: [Activity]
  /// The name the Workout app shows (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/displayname).
  public var displayName: String?

  /// A swim-bike-run workout (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/init(activities:displayname:)).
  /// Traps when ``supportsActivityOrdering(_:)`` refuses `activities`.
  public init(activities: [Activity], displayName: String? = nil) {
    self.activities = activities
    self.displayName = displayName
    guard Self.supportsActivityOrdering(activities) else {
      WorkoutRules.refuse(
        "SwimBikeRunWorkout", "the legs \(activities) are not a supported order",
        check: "supportsActivityOrdering(_:)")
    }
  }

  /// Whether the legs may follow each other (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/swimbikerunworkout/supportsactivityordering(_:)):
  /// at least two legs, no leg the same activity as the one before it (project rule).
  public static func supportsActivityOrdering(_ activities: [Activity]) -> Bool {
    guard activities.count >= 2 else { return false }
    return zip(activities, activities.dropFirst()).allSatisfy { kind($0) != kind($1) }
  }

  /// 0 swim, 1 bike, 2 run.
  static func kind(_ activity: Activity) -> Int {
    switch activity {
    case .swimming: 0
    case .cycling: 1
    case .running: 2
    }
  }
}
