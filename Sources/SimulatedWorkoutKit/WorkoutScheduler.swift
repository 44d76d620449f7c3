import Foundation
import SimulationDriver

/// The scheduler of workouts on the person's watch (Apple doc:
/// https://developer.apple.com/documentation/workoutkit/workoutscheduler).
///
/// One per simulation: ``shared`` inside `simulation.run { }` is that simulation's. Scheduled
/// plans are logged (`system` entries of framework `WorkoutKit`) on virtual time and read back
/// with ``scheduledWorkouts``; the simulation has no Workout app, so they never run
/// (docs/swift-api.md#workoutkit).
@available(iOS 17.0, watchOS 10.0, *)
public final class WorkoutScheduler: Sendable {
  /// The scheduler's authorization (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/authorizationstate-swift.enum).
  /// A plain Swift enumeration with no raw values, as Apple's.
  public enum AuthorizationState: Sendable, Hashable {
    /// The app has not asked yet.
    case notDetermined
    /// The person cannot grant it (not used by the simulation).
    case restricted
    /// The person refused (`authorization.workoutScheduler: "denied"`).
    case denied
    /// The app may schedule workouts.
    case authorized
  }

  /// The most workouts an app may have scheduled at once: 50 (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/maxallowedscheduledworkoutcount;
  /// the page gives no number, 50 is the limit developers report,
  /// https://developer.apple.com/forums/thread/759972).
  public static let maxAllowedScheduledWorkoutCount = 50

  /// Whether the device supports scheduled workouts (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/issupported):
  /// `true`, the simulated phone is paired with the simulated watch.
  public static var isSupported: Bool { true }

  /// The simulation this scheduler belongs to.
  unowned let simulation: AppSimulation

  init(simulation: AppSimulation) {
    self.simulation = simulation
  }

  /// The current simulation's scheduler (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/shared); traps
  /// outside a simulation's `run`.
  public static var shared: WorkoutScheduler {
    AppSimulation.requireCurrent("WorkoutScheduler.shared").workoutScheduler
  }

  /// The authorization (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/authorizationstate-swift.property):
  /// ``AuthorizationState/notDetermined`` until ``requestAuthorization()``, then the scenario's
  /// answer.
  nonisolated(nonsending) public var authorizationState: AuthorizationState {
    get async {
      let state = simulation.workoutKit { kit, _ in kit.authorization }
      await simulation.deliver(of: "WorkoutScheduler")
      return state
    }
  }

  /// Asks the person to let the app schedule workouts (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/requestauthorization()):
  /// the scenario's `authorization.workoutScheduler` answers (`granted` without the key) the
  /// first time; later calls return that answer.
  nonisolated(nonsending) public func requestAuthorization() async -> AuthorizationState {
    let state = simulation.requestWorkoutSchedulerAuthorization()
    await simulation.deliver(of: "WorkoutScheduler")
    return state
  }

  /// Schedules `workout` for `at` (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/schedule(_:at:)).
  /// The same plan (``WorkoutPlan/id``) at the same date components replaces the earlier one.
  /// Apple's method neither throws nor returns, so the simulation makes a refusal loud: when the
  /// app is not authorized, or already has ``maxAllowedScheduledWorkoutCount`` workouts
  /// scheduled, nothing is scheduled, the log says `refused` with the `reason`, and a
  /// `notDelivered` warning report says what to do (project rule, docs/swift-api.md#workoutkit).
  nonisolated(nonsending) public func schedule(_ workout: WorkoutPlan, at: DateComponents) async {
    simulation.scheduleWorkout(workout, at: at)
    await simulation.deliver(of: "WorkoutScheduler")
  }

  /// The app's scheduled workouts, in the order scheduled (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/scheduledworkouts);
  /// empty when the app is not authorized.
  nonisolated(nonsending) public var scheduledWorkouts: [ScheduledWorkoutPlan] {
    get async {
      let plans = simulation.workoutKit { kit, _ in
        kit.authorization == .authorized ? kit.scheduled : []
      }
      await simulation.deliver(of: "WorkoutScheduler")
      return plans
    }
  }

  /// Removes `workout` scheduled at `at`, if it is (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/remove(_:at:)).
  nonisolated(nonsending) public func remove(_ workout: WorkoutPlan, at: DateComponents) async {
    simulation.removeWorkouts { $0.plan.id == workout.id && $0.date == at }
    await simulation.deliver(of: "WorkoutScheduler")
  }

  /// Removes every workout the app scheduled (Apple doc:
  /// https://developer.apple.com/documentation/workoutkit/workoutscheduler/removeallworkouts()).
  nonisolated(nonsending) public func removeAllWorkouts() async {
    simulation.removeWorkouts { _ in true }
    await simulation.deliver(of: "WorkoutScheduler")
  }
}
