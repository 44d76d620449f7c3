// A watch app's run manager with a recovery bug that `explore` finds (docs/explore.md, issue
// 30's worked example; Examples/RecoveryApp/README.md shows the search and its shrunk world).
//
// The app follows Apple's recovery steps
// (https://developer.apple.com/documentation/healthkit/hkhealthstore/recoveractiveworkoutsession(completion:)):
// after a crash during a workout, watchOS relaunches it and calls its delegate's
// `handleActiveWorkoutRecovery()`, where it recovers the session. The buggy version stops
// there: it keeps the recovered session but never takes the session's builder, so ending the
// run ends the session and saves nothing. The run is lost, and only when the app crashed and
// was relaunched mid-run, a world no ordinary test visits.
#if os(watchOS)
  import HealthKit
  import WatchKit
#else
  import SimulatedHealthKit
  import SimulatedWatchKit
#endif

/// What the relaunched app takes back of the workout its crashed process ran.
enum Recovery: Sendable {
  /// The bug: the recovered session only; the builder stays `nil`, so ``RunManager/end()``
  /// ends the session and saves no workout.
  case sessionOnly
  /// The fix: the session, its `associatedWorkoutBuilder()` and a new data source.
  case sessionAndBuilder
}

/// One outdoor run: its session and live builder, started and ended by the app's screens.
@MainActor final class RunManager {
  let healthStore = HKHealthStore()
  let recovery: Recovery
  private(set) var session: HKWorkoutSession?
  private(set) var builder: HKLiveWorkoutBuilder?
  /// The workout ``end()`` saved.
  private(set) var workout: HKWorkout?
  /// The error the last recovery threw.
  private(set) var recoveryError: (any Error)?

  init(recovery: Recovery) {
    self.recovery = recovery
  }

  /// Starts an outdoor run now: the session, its live builder with a data source, collection.
  ///
  /// - Throws: the `HKError` of the session's creation or `beginCollection(at:)`.
  func start() async throws {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    configuration.locationType = .outdoor
    let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: healthStore, workoutConfiguration: configuration)
    self.session = session
    self.builder = builder
    let start = Date()
    session.startActivity(with: start)
    try await builder.beginCollection(at: start)
  }

  /// Ends the run now and saves it: the session ends, collection ends, the workout is saved.
  /// With no builder (the bug after a recovery) only the session ends.
  ///
  /// - Throws: the `HKError` of `endCollection(at:)` or `finishWorkout()`.
  func end() async throws {
    session?.end()
    guard let builder else { return }
    try await builder.endCollection(at: Date())
    workout = try await builder.finishWorkout()
  }

  /// After a relaunch: takes over the session the crashed process left running, and, unless
  /// ``recovery`` is the bug, its builder with a new data source.
  func recover() async {
    do {
      guard let recovered = try await healthStore.recoverActiveWorkoutSession() else { return }
      session = recovered
      switch recovery {
      case .sessionOnly:
        break
      case .sessionAndBuilder:
        let builder = recovered.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(
          healthStore: healthStore, workoutConfiguration: recovered.workoutConfiguration)
        self.builder = builder
      }
    } catch {
      recoveryError = error
    }
  }
}

/// The app's delegate: the process's one ``RunManager``, and the recovery call watchOS makes
/// after a crash mid-workout.
@MainActor final class RunAppDelegate: NSObject, WKApplicationDelegate {
  let manager: RunManager

  init(recovery: Recovery) {
    manager = RunManager(recovery: recovery)
  }

  /// The relaunched process recovers the run (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkextensiondelegate/handleactiveworkoutrecovery()).
  func handleActiveWorkoutRecovery() {
    Task { await manager.recover() }
  }
}
