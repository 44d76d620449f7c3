// workout-sim-apibench: a workout through SimulatedHealthKit the way a watch app makes it, for
// scripts/bench-api.sh. An app object (the session's and the live builder's delegate) reads
// `statistics(for:)` of every collected quantity type on every batch, converts each to the unit
// it shows, and keeps the latest values in the delegate object under a `Mutex` (what the
// screen reads when it draws). The benchmark asks for a delegate that reads the statistics on
// every batch, not for a main-actor hop per batch; `hop` as a third argument adds one, as
// Apple's sample workout apps do: the values handed to the main actor with
// `Task { @MainActor in ... }` on every batch (an informational line of the script). The calls,
// at the scenario's instants: startActivity and beginCollection at 0, advance by `seconds`,
// end, endCollection, finishWorkout. `seconds` 0 is the zero-length run the script subtracts
// as start-up (process start, decoding, the course, the session and builder made and started
// at 0, then stopped there, as `workout-sim run --until 0` stops). `empty` as a third argument
// makes the delegates do nothing (no statistics, no main-actor task): the driver's own cost.
// Prints the in-process time, the batch count and the final values.
// Usage: workout-sim-apibench [scenario] [seconds] [empty|hop]
//   (defaults: Benchmarks/scenarios/api-2h.json, 7200, the reading app without the hop)
import Foundation
import SimulatedHealthKit
import Synchronization

/// What the app's screen shows: the latest value of each type, the batch count, the session
/// state and the errors.
struct Shown: Sendable {
  var values: [HKQuantityType: Double] = [:]
  var batches = 0
  var state = HKWorkoutSessionState.notStarted
  var errors: [String] = []
}

/// What the screen shows, on the main actor (the `hop` variant).
@MainActor final class WorkoutModel {
  var shown = Shown()
}

/// What the delegate does on each callback.
enum Mode: String {
  /// Reads and keeps the statistics under the lock (the judged app).
  case read
  /// Reads them and hands them to the main actor on every batch.
  case hop
  /// Nothing (the driver's own cost).
  case empty
}

/// The unit the app shows `type` in (the engine's unit of each collected type).
func displayUnit(of type: HKQuantityType) -> HKUnit {
  switch type.identifier {
  case HKQuantityTypeIdentifier.heartRate.rawValue,
    HKQuantityTypeIdentifier.cyclingCadence.rawValue:
    return .count().unitDivided(by: .minute())
  case HKQuantityTypeIdentifier.activeEnergyBurned.rawValue,
    HKQuantityTypeIdentifier.basalEnergyBurned.rawValue:
    return .kilocalorie()
  case HKQuantityTypeIdentifier.distanceWalkingRunning.rawValue,
    HKQuantityTypeIdentifier.distanceCycling.rawValue:
    return .meter()
  case HKQuantityTypeIdentifier.runningSpeed.rawValue:
    return .meter().unitDivided(by: .second())
  case HKQuantityTypeIdentifier.cyclingPower.rawValue,
    HKQuantityTypeIdentifier.runningPower.rawValue:
    return .watt()
  default:
    return .count()
  }
}

/// The app: the delegate of the session and of its live builder.
final class WorkoutApp: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate,
  Sendable
{
  let model: WorkoutModel
  let mode: Mode
  /// The latest values, written by the delegate calls (mode `read`).
  let shown = Mutex(Shown())

  init(model: WorkoutModel, mode: Mode) {
    self.model = model
    self.mode = mode
  }

  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {
    switch mode {
    case .empty: return
    case .read: shown.withLock { $0.state = toState }
    case .hop: Task { @MainActor [model] in model.shown.state = toState }
    }
  }

  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
    let message = error.localizedDescription
    shown.withLock { $0.errors.append(message) }
  }

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {
    if mode == .empty { return }
    var latest: [HKQuantityType: Double] = [:]
    for case let type as HKQuantityType in collectedTypes {
      guard let statistics = workoutBuilder.statistics(for: type) else { continue }
      let quantity =
        type.aggregationStyle == .cumulative
        ? statistics.sumQuantity() : statistics.mostRecentQuantity()
      guard let quantity else { continue }
      let value = quantity.doubleValue(for: displayUnit(of: type))
      // Mode `read`: straight into the kept values (the lock held only for the write).
      if mode == .read { shown.withLock { $0.values[type] = value } } else { latest[type] = value }
    }
    if mode == .read {
      shown.withLock { $0.batches += 1 }
      return
    }
    Task { @MainActor [model, latest] in
      model.shown.batches += 1
      model.shown.values.merge(latest) { $1 }
    }
  }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

let arguments = CommandLine.arguments
let scenarioPath = arguments.count > 1 ? arguments[1] : "Benchmarks/scenarios/api-2h.json"
let seconds = arguments.count > 2 ? Int64(arguments[2]) ?? 7200 : 7200
let mode = arguments.count > 3 ? Mode(rawValue: arguments[3]) ?? .read : .read

let clock = ContinuousClock()
let began = clock.now
let model = WorkoutModel()
let app = WorkoutApp(model: model, mode: mode)
let simulation: HealthKitSimulation
do {
  simulation = try HealthKitSimulation(scenario: URL(fileURLWithPath: scenarioPath))
} catch {
  FileHandle.standardError.write(Data("workout-sim-apibench: \(scenarioPath): \(error)\n".utf8))
  exit(66)
}
var records = 0
do {
  try await simulation.run {
    let store = HKHealthStore()
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    configuration.locationType = .outdoor
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: store, workoutConfiguration: configuration)
    session.delegate = app
    builder.delegate = app
    session.startActivity(with: simulation.now)
    try await builder.beginCollection(at: simulation.now)
    // The zero-length run stops here, as `workout-sim run --until 0` does (no record).
    guard seconds > 0 else { return }
    try await simulation.advance(by: .seconds(seconds))
    session.end()
    try await builder.endCollection(at: simulation.now)
    try await builder.finishWorkout()
    await simulation.settle()
  }
  records = simulation.result.records.count
} catch {
  FileHandle.standardError.write(Data("workout-sim-apibench: \(error)\n".utf8))
  exit(1)
}
let elapsed = clock.now - began
var shown = app.shown.withLock { $0 }
if mode == .hop {
  let errors = shown.errors
  shown = model.shown
  shown.errors = errors
}
guard shown.errors.isEmpty, records == (seconds > 0 ? 1 : 0) else {
  FileHandle.standardError.write(
    Data("workout-sim-apibench: \(records) records, errors: \(shown.errors)\n".utf8))
  exit(1)
}
let values = shown.values.map { "\($0.key.identifier)=\($0.value)" }.sorted()
print(
  "\(seconds) s simulated in \(elapsed), \(shown.batches) batches, state \(shown.state.rawValue)")
print(values.joined(separator: " "))
