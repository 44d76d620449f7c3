// workout-sim-pedometerbench: live pedometer updates over a long span against the same updates
// from now, for scripts/bench-pedometer.sh. On a scenario with days of health data before
// t = 0 (default Benchmarks/scenarios/pedometer-week.json), an app starts
// `CMPedometer.startUpdates(from:)` at t = 0 and advances `seconds` of virtual time (an update
// every 60 s: 1440 in a day), in two variants:
//   long: from 7 days before t = 0, a span that holds every stored step sample of the week;
//   now:  from t = 0, a span that holds none (the baseline: the same simulation, timers and
//         updates, with nothing to sum).
// Each simulation is made (its health data generated) outside the timing; the timing is the
// run (`simulation.run`: the start, the advance, the stop) with `ContinuousClock`, the two
// variants interleaved, REPETITIONS times each after one warm-up of each. Prints the medians
// (ms), their ratio long / now and the updates' last step counts (both variants deliver; the
// long one's holds the week's steps).
// Usage: workout-sim-pedometerbench [repetitions] [seconds] [scenario]
//   (defaults: 7, 86400, Benchmarks/scenarios/pedometer-week.json)
import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import Synchronization
import WorkoutScenario

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("workout-sim-pedometerbench: \(message)\n".utf8))
  exit(status)
}

/// One timed run of `seconds` with updates from `back` seconds before t = 0: the wall time
/// (ms), the number of updates delivered and the last one's steps.
func timedRun(_ scenario: Scenario, back: Double, seconds: Int64) async throws
  -> (ms: Double, updates: Int, steps: Int)
{
  let simulation = try HealthKitSimulation(scenario: scenario)
  let seen = Mutex<(Int, Int)>((0, -1))
  let clock = ContinuousClock()
  let start = clock.now
  try await simulation.run {
    let pedometer = CMPedometer()
    pedometer.startUpdates(from: simulation.startDate.addingTimeInterval(-back)) { data, _ in
      let steps = data?.numberOfSteps.intValue ?? -1
      seen.withLock { $0 = ($0.0 + 1, steps) }
    }
    try await simulation.advance(by: .seconds(seconds))
    pedometer.stopUpdates()
  }
  let elapsed = start.duration(to: clock.now)
  let (updates, steps) = seen.withLock { $0 }
  return (
    Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15,
    updates, steps
  )
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func main() async {
  let arguments = CommandLine.arguments
  let repetitions = arguments.count > 1 ? Int(arguments[1]) ?? -1 : 7
  let seconds = arguments.count > 2 ? Int64(arguments[2]) ?? -1 : 86400
  let path = arguments.count > 3 ? arguments[3] : "Benchmarks/scenarios/pedometer-week.json"
  guard repetitions > 0, seconds > 0 else {
    fail("usage: workout-sim-pedometerbench [repetitions] [seconds] [scenario]", status: 64)
  }
  do {
    let scenario = try Scenario.load(contentsOf: URL(fileURLWithPath: path), displayName: path)
    let week = 7.0 * 86_400
    _ = try await timedRun(scenario, back: week, seconds: seconds)
    _ = try await timedRun(scenario, back: 0, seconds: seconds)
    var long: [Double] = []
    var now: [Double] = []
    var last = (long: (0, 0), now: (0, 0))
    for _ in 0..<repetitions {
      let a = try await timedRun(scenario, back: week, seconds: seconds)
      let b = try await timedRun(scenario, back: 0, seconds: seconds)
      long.append(a.ms)
      now.append(b.ms)
      last = ((a.updates, a.steps), (b.updates, b.steps))
    }
    print("seconds \(seconds) repetitions \(repetitions)")
    print("long_updates \(last.long.0) long_steps \(last.long.1)")
    print("now_updates \(last.now.0) now_steps \(last.now.1)")
    print("long_ms \(median(long)) range \(long.min()!)-\(long.max()!)")
    print("now_ms \(median(now)) range \(now.min()!)-\(now.max()!)")
    print("ratio \(median(long) / median(now))")
  } catch {
    fail("\(error)")
  }
}

await main()
