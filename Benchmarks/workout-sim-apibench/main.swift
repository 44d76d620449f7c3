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
// `--in-process` instead times both doors in this one process (the script's judged line): (a')
// what `workout-sim run --scenario FILE --headless --json` does after reading its file,
// `Simulation.run` on the decoded scenario with the overrides the command line passes and the
// result's canonical JSON through `writeJSON`, its chunks handed to a sink as the command line
// hands them to standard output; (b') the `read` app above on the same decoded scenario, from
// `HealthKitSimulation(scenario:)` to `settle()` (the preparation of the run is inside the
// timing on both sides, as `Simulation.run` prepares its session). Both from t = 0 to the
// scenario's 2:00:00, decoding outside the timing, interleaved (the order swapped on every
// repetition), after 3 warm-up runs of each; prints the medians, ranges and ratio, each door's
// preparation timed alone (informational), and a last line `inproc a=SECONDS b=SECONDS` for
// the script. Before timing it checks once that (a')'s
// bytes equal EXPECTED (the command line's own output, written by the script) and that (b')
// made one record, without errors.
// The in-process line also prints each side's process CPU time (all threads; medians,
// informational): unlike the wall time it does not count waits for a core on a busy machine.
// `--profile cli|api|api-empty REPETITIONS SCENARIO` runs only (a') or (b') (`api-empty`: with
// the delegates that do nothing, line (c)'s driver alone) that many times (after one warm-up)
// and prints the median CPU time of a repetition: a process for `perf record` that holds one
// side alone (not used by the script). With `valgrind` as a last argument the main thread
// serves the main actor through its run loop instead of `dispatchMain()`, for
// `valgrind --tool=callgrind` (which dies in the thread `dispatchMain()` leaves behind).
// Usage: workout-sim-apibench [scenario] [seconds] [empty|hop]
//   (defaults: Benchmarks/scenarios/api-2h.json, 7200, the reading app without the hop)
//        workout-sim-apibench --in-process REPETITIONS SCENARIO EXPECTED
//        workout-sim-apibench --profile cli|api|api-empty REPETITIONS SCENARIO [valgrind]
import Foundation
import SimulatedHealthKit
import Synchronization
import WorkoutScenario
import WorkoutSimulation

/// What the app's screen shows: the latest value of each type, the batch count, the session
/// state and the errors.
struct Shown: Sendable {
  /// Each type shown so far, with how it is shown and its latest value, by the type's
  /// identifier (one entry per type, made when the type first arrives: its unit and statistic
  /// are worked out once, not on every batch). Keyed by `HKQuantityTypeIdentifier`, as apps
  /// name the types they show: a probe hashes the identifier's string, where an
  /// `HKQuantityType` key (an `NSObject`) costs a dynamic `isEqual(_:)` call with an `Any`
  /// argument for every key it is compared with.
  var readings: [HKQuantityTypeIdentifier: Reading] = [:]
  var batches = 0
  var state = HKWorkoutSessionState.notStarted
  var errors: [String] = []

  /// The latest value of each type.
  var values: [HKQuantityType: Double] {
    get {
      Dictionary(
        uniqueKeysWithValues: readings.values.compactMap { reading in
          reading.value.map { (reading.type, $0) }
        })
    }
    set {
      for (type, value) in newValue {
        readings[HKQuantityTypeIdentifier(rawValue: type.identifier), default: Reading(type)]
          .value = value
      }
    }
  }
}

/// How the app shows one type, and its latest value.
struct Reading: Sendable {
  /// The type.
  let type: HKQuantityType
  /// The unit the value is shown in.
  let unit: HKUnit
  /// Whether the value is the sum (cumulative types) rather than the most recent sample.
  let cumulative: Bool
  /// The latest value in `unit`, or `nil` before the first one.
  var value: Double?

  init(_ type: HKQuantityType) {
    self.type = type
    unit = displayUnit(of: type)
    cumulative = type.aggregationStyle == .cumulative
  }

  /// The value `statistics` give for this reading, in its unit, or `nil`.
  func value(of statistics: HKStatistics) -> Double? {
    let quantity = cumulative ? statistics.sumQuantity() : statistics.mostRecentQuantity()
    return quantity?.doubleValue(for: unit)
  }

  /// Sets ``value`` to what `statistics` give (kept when they give nothing).
  mutating func update(from statistics: HKStatistics) {
    if let latest = value(of: statistics) { value = latest }
  }
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
    HKQuantityTypeIdentifier.distanceCycling.rawValue,
    HKQuantityTypeIdentifier.distanceSwimming.rawValue,
    HKQuantityTypeIdentifier.runningStrideLength.rawValue:
    return .meter()
  case HKQuantityTypeIdentifier.runningVerticalOscillation.rawValue:
    return .meterUnit(with: .centi)
  case HKQuantityTypeIdentifier.runningGroundContactTime.rawValue:
    return .secondUnit(with: .milli)
  case HKQuantityTypeIdentifier.runningSpeed.rawValue,
    HKQuantityTypeIdentifier.cyclingSpeed.rawValue:
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
    switch mode {
    case .empty: return
    case .read:
      // Straight into the kept values, the batch under one lock; each type's reading found
      // once per read, its unit and statistic worked out when the type first arrived.
      shown.withLock { shown in
        for case let type as HKQuantityType in collectedTypes {
          let identifier = HKQuantityTypeIdentifier(rawValue: type.identifier)
          let index: Dictionary<HKQuantityTypeIdentifier, Reading>.Index
          if let known = shown.readings.index(forKey: identifier) {
            index = known
          } else {
            shown.readings[identifier] = Reading(type)
            index = shown.readings.index(forKey: identifier)!
          }
          guard let statistics = workoutBuilder.statistics(for: type) else { continue }
          // In place: the reading is not copied out and back (its type and unit retained).
          shown.readings.values[index].update(from: statistics)
        }
        shown.batches += 1
      }
      return
    case .hop: break
    }
    var latest: [HKQuantityType: Double] = [:]
    for case let type as HKQuantityType in collectedTypes {
      guard let statistics = workoutBuilder.statistics(for: type),
        let value = Reading(type).value(of: statistics)
      else { continue }
      latest[type] = value
    }
    Task { @MainActor [model, latest] in
      model.shown.batches += 1
      model.shown.values.merge(latest) { $1 }
    }
  }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

/// The app's calls at the scenario's instants on `simulation`: startActivity and beginCollection
/// at 0, advance by `seconds`, end, endCollection, finishWorkout, settle (none after 0 when
/// `seconds` is 0). Returns the result's record count.
@MainActor func runApp(on simulation: HealthKitSimulation, app: WorkoutApp, seconds: Int64)
  async throws -> Int
{
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
  return simulation.result.records.count
}

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("workout-sim-apibench: \(message)\n".utf8))
  exit(status)
}

/// The CPU time this process has used so far (every thread), in seconds.
func processCPUTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// `duration` in seconds.
func inSeconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// (a'): `workout-sim run --headless --json` after reading its file (LiveEnvironment's
/// `runScenario` with no `--type`, `--seed`, `--until`, `--export` or `--keys`, then
/// `RunCommand.report`'s `writeJSON` without `--samples`); each chunk goes to `sink`.
func commandLineRun(_ scenario: Scenario, sink: ([UInt8]) -> Void) throws {
  let result = try Simulation.run(scenario, overrides: RunOverrides(output: .json), commands: [])
  result.writeJSON(includeSamples: false, to: sink)
}

/// (b'): the `read` app (or, for `--profile api-empty`, the app whose delegates do nothing) on
/// a simulation of `scenario` made for it; returns what it shows.
@MainActor func apiRun(_ scenario: Scenario, seconds: Int64, mode: Mode = .read) async throws
  -> Shown
{
  let simulation = try HealthKitSimulation(scenario: scenario)
  let app = WorkoutApp(model: WorkoutModel(), mode: mode)
  let records = try await runApp(on: simulation, app: app, seconds: seconds)
  let shown = app.shown.withLock { $0 }
  guard shown.errors.isEmpty, records == 1 else {
    fail("(b'): \(records) records, errors: \(shown.errors)")
  }
  return shown
}

/// The in-process line (the header): medians of `repetitions` interleaved runs of (a') and (b').
@MainActor func inProcess(repetitions: Int, scenarioPath: String, expectedPath: String) async {
  let scenario: Scenario
  let expected: Data
  do {
    scenario = try Scenario.load(
      contentsOf: URL(fileURLWithPath: scenarioPath), displayName: scenarioPath)
    expected = try Data(contentsOf: URL(fileURLWithPath: expectedPath))
  } catch {
    fail("\(error)", status: 66)
  }
  // The scenario's end: the API app advances to the same instant (7200 s for api-2h.json).
  let end = scenario.timeline.map(\.at.nanoseconds).max() ?? 0
  guard end > 0, end % 1_000_000_000 == 0 else { fail("\(scenarioPath): no end in whole seconds") }
  let span = end / 1_000_000_000
  do {
    var bytes: [UInt8] = []
    try commandLineRun(scenario) { bytes += $0 }
    guard bytes == Array(expected) else {
      fail("(a') wrote \(bytes.count) bytes that differ from \(expectedPath) (\(expected.count))")
    }
    let shown = try await apiRun(scenario, seconds: span)
    print(
      "check: (a') bytes equal the command line's \(bytes.count); (b') \(shown.batches) batches, "
        + "one record")
  } catch {
    fail("\(error)")
  }
  let clock = ContinuousClock()
  // 0: (a'), 1: (b'), 2: (a')'s preparation alone, 3: (b')'s alone (informational).
  var times: [[Double]] = [[], [], [], []]
  // The process CPU time of (a') and (b') (informational).
  var cpuTimes: [[Double]] = [[], []]
  var written = 0
  do {
    for repetition in -3..<repetitions {
      for side in repetition & 1 == 0 ? [0, 1, 2, 3] : [1, 0, 3, 2] {
        let began = clock.now
        let cpuBegan = processCPUTime()
        switch side {
        case 0: try commandLineRun(scenario) { written &+= $0.count }
        case 1: _ = try await apiRun(scenario, seconds: span)
        case 2: _ = try SimulationSession(scenario, overrides: RunOverrides(output: .json))
        default: _ = try HealthKitSimulation(scenario: scenario)
        }
        let elapsed = inSeconds(clock.now - began)
        let cpu = processCPUTime() - cpuBegan
        if repetition >= 0 {
          times[side].append(elapsed)
          if side < 2 { cpuTimes[side].append(cpu) }
        }
      }
    }
  } catch {
    fail("\(error)")
  }
  let cli = times[0]
  let api = times[1]
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  func line(_ values: [Double]) -> String {
    let sorted = values.sorted()
    let ms = { (value: Double) in String(format: "%.2f", value * 1000) }
    return
      "median \(ms(median(values))) ms (range \(ms(sorted[0])) to \(ms(sorted[sorted.count - 1])), "
      + "middle half \(ms(sorted[sorted.count / 4])) to \(ms(sorted[sorted.count * 3 / 4])))"
  }
  let paired = zip(api, cli).map { $0 / $1 }
  print("(a') Simulation.run + writeJSON: \(line(cli)) (\(written / (repetitions + 3)) bytes)")
  print("(b') HealthKitSimulation + the read app: \(line(api))")
  print(
    String(
      format: "(b')/(a') = %.2fx (medians); median of the %d paired ratios %.2fx",
      median(api) / median(cli), repetitions, median(paired)))
  let (cliCPU, apiCPU) = (median(cpuTimes[0]), median(cpuTimes[1]))
  print(
    String(
      format: "process CPU time (not judged): (a') %.2f ms, (b') %.2f ms (medians): %.2fx",
      cliCPU * 1000, apiCPU * 1000, apiCPU / cliCPU))
  let (cliPrepared, apiPrepared) = (median(times[2]), median(times[3]))
  print(
    String(
      format: "of which preparing the run (not judged): (a') SimulationSession %.2f ms, "
        + "(b') HealthKitSimulation(scenario:) %.2f ms; without them %.2fx",
      cliPrepared * 1000, apiPrepared * 1000,
      (median(api) - apiPrepared) / (median(cli) - cliPrepared)))
  print(String(format: "inproc a=%.9f b=%.9f", median(cli), median(api)))
}

/// `--profile`: (a') (`cli`) or (b') (`api`) alone, or (b') with the delegates of line (c) that
/// do nothing (`api-empty`: the driver's own cost), `repetitions` times after one warm-up;
/// prints the median process CPU time of a repetition.
@MainActor func profile(side: String, repetitions: Int, scenarioPath: String) async {
  let scenario: Scenario
  do {
    scenario = try Scenario.load(
      contentsOf: URL(fileURLWithPath: scenarioPath), displayName: scenarioPath)
  } catch {
    fail("\(error)", status: 66)
  }
  let end = scenario.timeline.map(\.at.nanoseconds).max() ?? 0
  guard end > 0, end % 1_000_000_000 == 0 else { fail("\(scenarioPath): no end in whole seconds") }
  var cpuTimes: [Double] = []
  var written = 0
  do {
    for repetition in -1..<repetitions {
      let began = processCPUTime()
      if side == "cli" {
        try commandLineRun(scenario) { written &+= $0.count }
      } else {
        _ = try await apiRun(
          scenario, seconds: end / 1_000_000_000, mode: side == "api" ? .read : .empty)
      }
      if repetition >= 0 { cpuTimes.append(processCPUTime() - began) }
    }
  } catch {
    fail("\(error)")
  }
  let median = cpuTimes.sorted()[cpuTimes.count / 2]
  print(
    String(format: "%@: %d repetitions, median CPU time %.3f ms", side, repetitions, median * 1000))
}

/// Runs `body` as the process's main task on the main actor, then exits with status 0. As an
/// asynchronous top-level would: the task on the main queue and `dispatchMain()`, which ends
/// the main thread and serves the main queue from a worker thread. With `mainThread` the main
/// thread stays and serves the main queue through its run loop instead: valgrind 3.19 dies with
/// an internal SIGSEGV in the thread that `dispatchMain()` leaves behind (docs/performance.md),
/// so `--profile ... valgrind` runs this way (its main-actor turns then wake the run loop
/// instead of a worker: its counts of those turns are not the script's).
func runMain(mainThread: Bool = false, _ body: @escaping @MainActor @Sendable () async -> Void)
  -> Never
{
  Task { @MainActor in
    await body()
    exit(0)
  }
  if mainThread {
    while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
  }
  dispatchMain()
}

/// The benchmark's own run (no `--profile` or `--in-process`): the app of `mode` for `seconds`
/// on `scenarioPath`, timed; prints the time, the batches and the values shown.
@MainActor func benchmarkRun(scenarioPath: String, seconds: Int64, mode: Mode) async {
  let clock = ContinuousClock()
  let began = clock.now
  let model = WorkoutModel()
  let app = WorkoutApp(model: model, mode: mode)
  let simulation: HealthKitSimulation
  do {
    simulation = try HealthKitSimulation(scenario: URL(fileURLWithPath: scenarioPath))
  } catch {
    fail("\(scenarioPath): \(error)", status: 66)
  }
  var records = 0
  do {
    records = try await runApp(on: simulation, app: app, seconds: seconds)
  } catch {
    fail("\(error)")
  }
  let elapsed = clock.now - began
  var shown = app.shown.withLock { $0 }
  if mode == .hop {
    let errors = shown.errors
    shown = model.shown
    shown.errors = errors
  }
  guard shown.errors.isEmpty, records == (seconds > 0 ? 1 : 0) else {
    fail("\(records) records, errors: \(shown.errors)")
  }
  let values = shown.values.map { "\($0.key.identifier)=\($0.value)" }.sorted()
  print(
    "\(seconds) s simulated in \(elapsed), \(shown.batches) batches, state \(shown.state.rawValue)")
  print(values.joined(separator: " "))
}

let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "--profile" {
  guard arguments.count == 5 || (arguments.count == 6 && arguments[5] == "valgrind"),
    ["cli", "api", "api-empty"].contains(arguments[2]),
    let repetitions = Int(arguments[3]), repetitions > 0
  else {
    fail(
      "usage: workout-sim-apibench --profile cli|api|api-empty REPETITIONS SCENARIO [valgrind]",
      status: 64)
  }
  runMain(mainThread: arguments.count == 6) {
    await profile(side: arguments[2], repetitions: repetitions, scenarioPath: arguments[4])
  }
}
if arguments.count > 1, arguments[1] == "--in-process" {
  guard arguments.count == 5, let repetitions = Int(arguments[2]), repetitions > 0 else {
    fail("usage: workout-sim-apibench --in-process REPETITIONS SCENARIO EXPECTED", status: 64)
  }
  runMain {
    await inProcess(
      repetitions: repetitions, scenarioPath: arguments[3], expectedPath: arguments[4])
  }
}
let scenarioPath = arguments.count > 1 ? arguments[1] : "Benchmarks/scenarios/api-2h.json"
let seconds = arguments.count > 2 ? Int64(arguments[2]) ?? 7200 : 7200
let mode = arguments.count > 3 ? Mode(rawValue: arguments[3]) ?? .read : .read
runMain { await benchmarkRun(scenarioPath: scenarioPath, seconds: seconds, mode: mode) }
