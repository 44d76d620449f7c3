// workout-sim-healthgen: times the health generator for scripts/bench-health.sh: the
// scenario's `health` plan (default Benchmarks/scenarios/health-year.json, 366 local days)
// turned into the person's data by HealthGeneration.data(for:through:), in process (the
// scenario decoded once, outside the timing). Prints the median of `runs` generations, the
// sample, workout and ECG counts and the bytes per stored sample.
// Usage: workout-sim-healthgen [scenario] [runs]
import Foundation
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "Benchmarks/scenarios/health-year.json"
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5
do {
  let scenario = try Scenario.load(contentsOf: URL(fileURLWithPath: path))
  var times: [Double] = []
  var data = HealthData()
  for _ in 0..<runs {
    let clock = ContinuousClock()
    let started = clock.now
    data = try HealthGeneration.data(for: scenario, through: .zero)
    let elapsed = started.duration(to: clock.now)
    times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  times.sort()
  let median = times[times.count / 2]
  let days = scenario.health?.days ?? 0
  print(
    "generate \(days) days: median \(String(format: "%.3f", median)) s of \(runs) runs; "
      + "\(data.samples.count) samples, \(data.workouts.count) workouts, "
      + "\(data.electrocardiograms.count) ECGs; \(MemoryLayout<HealthSample>.stride) bytes per sample"
  )
} catch {
  FileHandle.standardError.write(Data("workout-sim-healthgen: \(error)\n".utf8))
  exit(1)
}
