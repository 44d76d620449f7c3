import Foundation

/// A step of a workout: a goal that ends it and an optional alert (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/workoutstep).
@available(iOS 17.0, watchOS 10.0, *)
public struct WorkoutStep: Hashable, Sendable {
  /// The goal that ends the step (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutstep/goal).
  public var goal: WorkoutGoal
  /// The alert during the step, if any (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutstep/alert).
  public var alert: (any WorkoutAlert)?
  /// The step's name in the Workout app, if any (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutstep/displayname); iOS 18,
  /// watchOS 11.
  @available(iOS 18.0, watchOS 11.0, *)
  public var displayName: String? {
    get { name }
    set { name = newValue }
  }
  /// ``displayName``'s storage.
  var name: String?

  /// A step with `goal` and `alert` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutstep/init(goal:alert:)).
  public init(goal: WorkoutGoal = .open, alert: (any WorkoutAlert)? = nil) {
    self.goal = goal
    self.alert = alert
  }

  /// A step with `goal`, `alert` and a name (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutstep/init(goal:alert:displayname:));
  /// iOS 18, watchOS 11.
  @available(iOS 18.0, watchOS 11.0, *)
  public init(
    goal: WorkoutGoal = .open, alert: (any WorkoutAlert)? = nil, displayName: String? = nil
  ) {
    self.goal = goal
    self.alert = alert
    self.name = displayName
  }

  /// Equal goals, names and alerts (alerts of the same type and values).
  public static func == (lhs: WorkoutStep, rhs: WorkoutStep) -> Bool {
    lhs.goal == rhs.goal && lhs.name == rhs.name && alertsEqual(lhs.alert, rhs.alert)
  }

  /// Hashes the goal, the name and the alert.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(goal)
    hasher.combine(name)
    hasher.combine(alert.map { AnyHashable($0) })
  }
}

/// A work or recovery step of an interval block (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/intervalstep).
@available(iOS 17.0, watchOS 10.0, *)
public struct IntervalStep: Hashable, Sendable {
  /// Whether an interval step is work or recovery (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalstep/purpose-swift.enum).
  public enum Purpose: Hashable, Sendable {
    /// A work step (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/intervalstep/purpose-swift.enum/work).
    case work
    /// A recovery step (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/intervalstep/purpose-swift.enum/recovery).
    case recovery
  }

  /// Work or recovery (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalstep/purpose-swift.property).
  public var purpose: Purpose
  /// The step to perform (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalstep/step).
  public var step: WorkoutStep

  /// An interval step of `purpose` performing `step` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalstep/init(_:step:)).
  public init(_ purpose: Purpose, step: WorkoutStep) {
    self.purpose = purpose
    self.step = step
  }

  /// An interval step of `purpose` with `goal` and `alert` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalstep/init(_:goal:alert:)).
  public init(_ purpose: Purpose, goal: WorkoutGoal = .open, alert: (any WorkoutAlert)? = nil) {
    self.init(purpose, step: WorkoutStep(goal: goal, alert: alert))
  }
}

/// Work and recovery steps repeated `iterations` times (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/intervalblock).
@available(iOS 17.0, watchOS 10.0, *)
public struct IntervalBlock: Hashable, Sendable {
  /// The steps, in order (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalblock/steps).
  public var steps: [IntervalStep]
  /// How many times the steps repeat (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalblock/iterations).
  public var iterations: Int

  /// A block repeating `steps` `iterations` times (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/intervalblock/init(steps:iterations:)).
  public init(steps: [IntervalStep] = [], iterations: Int = 1) {
    self.steps = steps
    self.iterations = iterations
  }
}
