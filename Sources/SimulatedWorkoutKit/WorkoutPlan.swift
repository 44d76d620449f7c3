import Foundation

/// A workout the app can schedule on the person's watch (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/workoutplan).
@available(iOS 17.0, watchOS 10.0, *)
public struct WorkoutPlan: Hashable, Sendable, Identifiable {
  /// The workout a plan holds (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutplan/workout-swift.enum).
  public enum Workout: Hashable, Sendable {
    /// A single-goal workout (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/workoutplan/workout-swift.enum/goal(_:)).
    case goal(SingleGoalWorkout)
    /// A pacer workout (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/workoutplan/workout-swift.enum/pacer(_:)).
    case pacer(PacerWorkout)
    /// A custom workout (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/workoutplan/workout-swift.enum/custom(_:)).
    case custom(CustomWorkout)
    /// A swim-bike-run workout (Apple doc:
    /// https://developer.apple.com/documentation/workoutkit/workoutplan/workout-swift.enum/swimbikerun(_:)).
    case swimBikeRun(SwimBikeRunWorkout)

    /// The workout's activity as the log names it (`running`; `swimBikeRun`).
    var activityName: String {
      switch self {
      case .goal(let workout): "\(workout.activity)"
      case .pacer(let workout): "\(workout.activity)"
      case .custom(let workout): "\(workout.activity)"
      case .swimBikeRun: "swimBikeRun"
      }
    }
  }

  /// The workout (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutplan/workout-swift.property).
  public var workout: Workout
  /// The plan's identity: scheduling, reading back and removing match on it (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutplan/id).
  public var id: UUID

  /// A plan of `workout` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutplan/init(_:id:)).
  public init(_ workout: Workout, id: UUID = UUID()) {
    self.workout = workout
    self.id = id
  }

  /// Opens the plan in the watch's Workout app (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutplan/openinworkoutapp()):
  /// not simulated, the Workout app is not the user's app (docs/swift-api.md#workoutkit).
  @available(
    *, unavailable,
    message:
      "the simulation has no Workout app to open: schedule the plan with WorkoutScheduler.shared.schedule(_:at:) and test what the app scheduled"
  )
  public func openInWorkoutApp() async throws {}
}

/// A plan with the date the app scheduled it for (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/scheduledworkoutplan).
@available(iOS 17.0, watchOS 10.0, *)
public struct ScheduledWorkoutPlan: Hashable, Sendable {
  /// The plan (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/scheduledworkoutplan/plan).
  public var plan: WorkoutPlan
  /// The date components the app gave (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/scheduledworkoutplan/date).
  public var date: DateComponents
  /// Whether the workout was done: `false` in every plan the scheduler gives back, as the
  /// simulation has no Workout app to do it in (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/scheduledworkoutplan/complete).
  public var complete: Bool

  /// A scheduled plan, not complete (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/scheduledworkoutplan/init(_:date:)).
  public init(_ plan: WorkoutPlan, date: DateComponents) {
    self.plan = plan
    self.date = date
    self.complete = false
  }
}
