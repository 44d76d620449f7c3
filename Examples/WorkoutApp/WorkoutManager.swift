// The seed app's Apple Watch WorkoutManager, as an app writes it, compiled against HealthKit on
// the device and against SimulatedHealthKit everywhere else, a Mac included (docs/swift-api.md).
//
// The HealthKit calls of `startWorkout(type:)` and `endWorkout()` are the seed's own, unchanged,
// `Date()` included (SimulatedHealthKit reads a wall-clock date as virtual now, see the
// wall-clock rule in docs/swift-api.md). What a real app adds around them: Observation instead of
// Combine, the two delegate conformances (HealthKit calls delegates on an anonymous serial
// background queue, so the methods are `nonisolated` and hop to the main actor), pause and
// resume, and recovery after a crash (Apple's "Running workout sessions",
// https://developer.apple.com/documentation/healthkit/running-workout-sessions). The seed's
// `import WatchKit` is left out: nothing here uses WatchKit. `endWorkout()` keeps the workout that
// `finishWorkout()` returns, which the seed discarded.
import Observation

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// Runs one workout session with its live builder and publishes what the watch face shows.
///
/// Values are in the units the face shows: heart rate in beats per minute (`count/min`), energy in
/// kilocalories, time in seconds. Every property changes on the main actor only; delegate calls
/// arrive off it and are forwarded with `Task { @MainActor in ... }`.
@MainActor @Observable
final class WorkoutManager: NSObject {
  @ObservationIgnored let healthStore = HKHealthStore()
  @ObservationIgnored var workoutSession: HKWorkoutSession?
  @ObservationIgnored var workoutBuilder: HKLiveWorkoutBuilder?

  /// The most recent heart rate, bpm (`mostRecentQuantity()` of `HKQuantityType(.heartRate)`).
  var heartRate: Double = 0
  /// Active energy so far, kcal (`sumQuantity()` of `HKQuantityType(.activeEnergyBurned)`).
  var calories: Double = 0
  /// The builder's `elapsedTime`, s: pauses excluded.
  var elapsedTime: TimeInterval = 0
  /// Whether a workout is under way (started and not yet finished).
  var isActive = false
  /// The session's state as the delegate last reported it.
  var state: HKWorkoutSessionState = .notStarted
  /// The last error the session delegate received (`workoutSession(_:didFailWithError:)`).
  var lastError: (any Error)?
  /// The workout `finishWorkout()` saved.
  var workout: HKWorkout?

  /// The types the watch app writes and reads (HealthKit requires the workout type to share).
  static let typesToShare: Set<HKSampleType> = [HKObjectType.workoutType()]
  /// The types the face reads.
  static let typesToRead: Set<HKObjectType> = [
    HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
    HKQuantityType(.distanceWalkingRunning),
  ]

  /// Asks for permission to save workouts and read what the face shows.
  ///
  /// - Throws: the store's `HKError`.
  func requestAuthorization() async throws {
    try await healthStore.requestAuthorization(
      toShare: Self.typesToShare, read: Self.typesToRead)
  }

  /// Creates the session and its live builder for `type` outdoors, starts the activity and begins
  /// collection at the same date (the seed's code).
  ///
  /// - Throws: the `HKError` of `HKWorkoutSession(healthStore:configuration:)` or
  ///   `beginCollection(at:)`.
  func startWorkout(type: HKWorkoutActivityType) async throws {
    let config = HKWorkoutConfiguration()
    config.activityType = type
    config.locationType = .outdoor

    workoutSession = try HKWorkoutSession(
      healthStore: healthStore,
      configuration: config
    )
    workoutBuilder = workoutSession?.associatedWorkoutBuilder()
    workoutBuilder?.dataSource = HKLiveWorkoutDataSource(
      healthStore: healthStore,
      workoutConfiguration: config
    )

    workoutSession?.delegate = self
    workoutBuilder?.delegate = self

    let start = Date()
    workoutSession?.startActivity(with: start)
    try await workoutBuilder?.beginCollection(at: start)
    isActive = true
  }

  /// Pauses the session; the delegate reports `.paused` (or an error when it is not running).
  func pause() {
    workoutSession?.pause()
  }

  /// Resumes the session; the delegate reports `.running` (or an error when it is not paused).
  func resume() {
    workoutSession?.resume()
  }

  /// Ends the session, ends collection now and saves the workout (the seed's code; the saved
  /// workout is kept in ``workout``).
  ///
  /// - Throws: the `HKError` of `endCollection(at:)` or `finishWorkout()`.
  func endWorkout() async throws {
    workoutSession?.end()
    try await workoutBuilder?.endCollection(at: Date())
    workout = try await workoutBuilder?.finishWorkout()
    if let workoutBuilder { elapsedTime = workoutBuilder.elapsedTime }
    isActive = false
  }

  /// After a relaunch, takes over the session that kept running while the app was dead: the
  /// builder, a new data source and both delegates, as Apple's recovery steps require
  /// (https://developer.apple.com/documentation/healthkit/hkhealthstore/recoveractiveworkoutsession(completion:)).
  ///
  /// - Returns: whether there was a session to recover.
  /// - Throws: the store's `HKError`.
  @discardableResult
  func recoverWorkout() async throws -> Bool {
    guard let session = try await healthStore.recoverActiveWorkoutSession() else { return false }
    workoutSession = session
    let builder = session.associatedWorkoutBuilder()
    workoutBuilder = builder
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: healthStore, workoutConfiguration: session.workoutConfiguration)
    session.delegate = self
    builder.delegate = self
    state = session.state
    elapsedTime = builder.elapsedTime
    isActive = true
    return true
  }

  /// Reads the face's values from the builder's statistics for the types of one batch.
  fileprivate nonisolated static func values(
    of builder: HKLiveWorkoutBuilder, for types: Set<HKSampleType>
  ) -> (heartRate: Double?, calories: Double?) {
    var heartRate: Double?
    var calories: Double?
    for type in types {
      guard let quantityType = type as? HKQuantityType,
        let statistics = builder.statistics(for: quantityType)
      else { continue }
      switch quantityType {
      case HKQuantityType(.heartRate):
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        heartRate = statistics.mostRecentQuantity()?.doubleValue(for: beatsPerMinute)
      case HKQuantityType(.activeEnergyBurned):
        calories = statistics.sumQuantity()?.doubleValue(for: .kilocalorie())
      default:
        break
      }
    }
    return (heartRate, calories)
  }
}

extension WorkoutManager: HKWorkoutSessionDelegate {
  nonisolated func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {
    Task { @MainActor in
      self.state = toState
    }
  }

  nonisolated func workoutSession(
    _ workoutSession: HKWorkoutSession, didFailWithError error: any Error
  ) {
    Task { @MainActor in
      self.lastError = error
    }
  }
}

extension WorkoutManager: HKLiveWorkoutBuilderDelegate {
  nonisolated func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {
    let values = Self.values(of: workoutBuilder, for: collectedTypes)
    let elapsed = workoutBuilder.elapsedTime
    Task { @MainActor in
      if let heartRate = values.heartRate { self.heartRate = heartRate }
      if let calories = values.calories { self.calories = calories }
      self.elapsedTime = elapsed
    }
  }

  nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
    let elapsed = workoutBuilder.elapsedTime
    Task { @MainActor in
      self.elapsedTime = elapsed
    }
  }
}
