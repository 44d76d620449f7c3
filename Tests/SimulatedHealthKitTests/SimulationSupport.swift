import Foundation
import Synchronization
import Testing
import WorkoutJSON
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// A 30-minute run at 3.2 m/s from 2026-03-02 12:00 UTC with constant sensors: heart rate
/// 150 bpm every 5 s, active energy 1 kcal per 10 s span; `timeline` is the timeline's JSON
/// array.
func constantRun(timeline: String = "[]") throws -> Scenario {
  try decodeScenario(
    """
    {
      "version": 1,
      "name": "Constant run",
      "start": "2026-03-02T12:00:00Z",
      "timeZone": "UTC",
      "activity": "running",
      "course": [{ "duration": 1800, "speed": 3.2 }],
      "sensors": {
        "heartRate": { "constant": 150 },
        "activeEnergyBurned": { "constant": 1 }
      },
      "timeline": \(timeline)
    }
    """, fileName: "test.json")
}

/// A running session (a running workout at `locationType`, by default the configuration's
/// `unknown`) with collection begun at virtual now, and its builder.
func startedRun(
  _ store: HKHealthStore, _ simulation: HealthKitSimulation,
  locationType: HKWorkoutSessionLocationType = .unknown
) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .running
  configuration.locationType = locationType
  return try await startedSession(store, simulation, configuration)
}

/// A session of `configuration` with its live builder (its data source set), the activity
/// started and collection begun at virtual now: how the tests' apps start a live workout.
func startedSession(
  _ store: HKHealthStore, _ simulation: HealthKitSimulation,
  _ configuration: HKWorkoutConfiguration
) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  let builder = session.associatedWorkoutBuilder()
  builder.dataSource = HKLiveWorkoutDataSource(
    healthStore: store, workoutConfiguration: configuration)
  session.startActivity(with: simulation.now)
  try await builder.beginCollection(at: simulation.now)
  return (session, builder)
}

/// An app's indoor swim at `location` (in a pool with 25 m lengths) begun at virtual now
/// (``startedSession(_:_:_:)``), and its builder.
func startedSwim(
  _ store: HKHealthStore, _ simulation: HealthKitSimulation,
  location: HKWorkoutSwimmingLocationType
) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .swimming
  configuration.locationType = .indoor
  configuration.swimmingLocationType = location
  if location == .pool {
    configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
  }
  return try await startedSession(store, simulation, configuration)
}

/// A quantity sample as seconds from t = 0 (`start`) at its start and its end, and its value
/// in the unit asked for.
typealias QuantitySpan = (start: Double, end: Double, value: Double)

/// The store's samples of `type`, oldest first (an `HKSampleQuery` sorted by start date), as
/// spans from `start` with their values in `unit`.
func quantitySpans(
  _ store: HKHealthStore, _ type: HKQuantityType, _ unit: HKUnit, from start: Date
) async throws -> [QuantitySpan] {
  try await withCheckedThrowingContinuation { continuation in
    store.execute(
      HKSampleQuery(
        sampleType: type, predicate: nil, limit: HKObjectQueryNoLimit,
        sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
      ) { _, samples, error in
        if let error { return continuation.resume(throwing: error) }
        continuation.resume(
          returning: (samples ?? []).compactMap { $0 as? HKQuantitySample }.map {
            (
              $0.startDate.timeIntervalSince(start), $0.endDate.timeIntervalSince(start),
              $0.quantity.doubleValue(for: unit)
            )
          })
      })
  }
}

/// A `health.samples` array of three iPhone samples of `type`: 10 over 0–60 s saved at 600 s,
/// 20 over 60–120 s saved at 900 s and 30 over 120–180 s saved at 1200 s, each saved well after
/// its end, so a running query hears each save on its own.
func iPhoneSamplesSavedLate(_ type: String) -> String {
  let samples = [(0, 10, 600), (60, 20, 900), (120, 30, 1200)].map { start, value, saved in
    #"{ "type": "\#(type)", "source": "iPhone", "start": \#(start), "end": \#(start + 60), "value": \#(value), "savedAt": \#(saved) }"#
  }
  return "[ " + samples.joined(separator: ",\n  ") + " ]"
}

/// 2026-03-02 12:00:00 UTC plus `seconds`.
func noon(plus seconds: TimeInterval) -> Date {
  Date(timeIntervalSince1970: 1_772_452_800 + seconds)
}

/// What the delegates heard, in order.
final class Recorder: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate {
  struct Change: Equatable {
    var from: HKWorkoutSessionState
    var to: HKWorkoutSessionState
    var date: Date
  }

  let changes = Mutex<[Change]>([])
  let errors = Mutex<[HKError]>([])
  let events = Mutex<[HKWorkoutEventType]>([])
  let builderEvents = Mutex(0)
  let batches = Mutex<[Set<HKSampleType>]>([])
  /// The active-energy sum (kcal) the builder held at each batch, with the virtual date.
  let energyAtBatch = Mutex<[(Date, Double)]>([])
  /// The simulation, to read virtual now during a batch.
  let simulation: HealthKitSimulation

  init(_ simulation: HealthKitSimulation) {
    self.simulation = simulation
  }

  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {
    changes.withLock { $0.append(Change(from: fromState, to: toState, date: date)) }
  }

  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
    guard let error = error as? HKError else { return }
    errors.withLock { $0.append(error) }
  }

  func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {
    events.withLock { $0.append(event.type) }
  }

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {
    batches.withLock { $0.append(collectedTypes) }
    let energy = workoutBuilder.statistics(for: HKQuantityType(.activeEnergyBurned))?
      .sumQuantity()?.doubleValue(for: .kilocalorie())
    let now = simulation.now
    if let energy { energyAtBatch.withLock { $0.append((now, energy)) } }
  }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
    builderEvents.withLock { $0 += 1 }
  }
}

/// The seed app's workout manager, as an app writes it against HealthKit.
final class WorkoutManager {
  let store = HKHealthStore()
  var session: HKWorkoutSession?
  var builder: HKLiveWorkoutBuilder?

  func startWorkout(
    type: HKWorkoutActivityType, delegate: Recorder?, at start: Date
  ) async throws {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = type
    configuration.locationType = .outdoor
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: store, workoutConfiguration: configuration)
    session.delegate = delegate
    builder.delegate = delegate
    self.session = session
    self.builder = builder
    session.startActivity(with: start)
    try await builder.beginCollection(at: start)
  }

  @discardableResult
  func endWorkout(at end: Date) async throws -> HKWorkout? {
    session?.end()
    try await builder?.endCollection(at: end)
    return try await builder?.finishWorkout()
  }
}

/// The `records` member of a result's JSON document, as bytes.
func recordBytes(_ result: RunResult) -> [UInt8] {
  JSONWriter.encodedBytes(result.document()["records"] ?? .null)
}

/// The message of the `HKError` `body` throws (expected to be `errorInvalidArgument`: another
/// code is an issue), any other error's description, or `nil` when it throws nothing.
func invalidArgumentRefusal(_ body: () async throws -> Void) async -> String? {
  do {
    try await body()
    return nil
  } catch let error as HKError {
    #expect(error.code == .errorInvalidArgument)
    return error.localizedDescription
  } catch {
    return "\(error)"
  }
}
