// workout-sim-healthgen: times the health generator for scripts/bench-health.sh: the
// scenario's `health` plan (default Benchmarks/scenarios/health-year.json, 366 local days)
// turned into the person's data by HealthGeneration.data(for:through:), in process (the
// scenario decoded once, outside the timing). Prints the median of `runs` generations, the
// sample, workout and ECG counts and the bytes per stored sample; then, on a second line, the
// median of `runs` builds of the health store a simulation starts with from that data
// (`HealthStore(data:seed:)`, then the system's exercise minutes of every generated workout,
// `addExerciseMinutesOfGeneratedWorkouts()`, as `AppSimulation` makes it), each part's median
// and the exercise samples added.
// Usage: workout-sim-healthgen [scenario] [runs]
import Foundation
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "Benchmarks/scenarios/health-year.json"
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5

func seconds(_ elapsed: Duration) -> Double {
  Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

do {
  let scenario = try Scenario.load(contentsOf: URL(fileURLWithPath: path))
  var times: [Double] = []
  var data = HealthData()
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let started = clock.now
    data = try HealthGeneration.data(for: scenario, through: .zero)
    times.append(seconds(started.duration(to: clock.now)))
  }
  let days = scenario.health?.days ?? 0
  print(
    "generate \(days) days: median \(String(format: "%.3f", median(times))) s of \(runs) runs; "
      + "\(data.samples.count) samples, \(data.workouts.count) workouts, "
      + "\(data.electrocardiograms.count) ECGs; \(MemoryLayout<HealthSample>.stride) bytes per sample"
  )
  // The store a simulation starts with: built from the data, then the exercise minutes.
  var builds: [Double] = []
  var minutes: [Double] = []
  var totals: [Double] = []
  var added = 0
  for _ in 0..<runs {
    let started = clock.now
    var store = HealthStore(data: data, seed: scenario.seed)
    let built = clock.now
    store.addExerciseMinutesOfGeneratedWorkouts()
    let ended = clock.now
    builds.append(seconds(started.duration(to: built)))
    minutes.append(seconds(built.duration(to: ended)))
    totals.append(seconds(started.duration(to: ended)))
    added =
      store.samples(
        of: ExerciseMinutes.kind, where: .all, at: SimulationInstant(nanoseconds: .max),
        sortedBy: [], limit: nil
      ).count
  }
  print(
    "store with exercise minutes: median \(String(format: "%.3f", median(totals))) s of \(runs) runs "
      + "(build \(String(format: "%.3f", median(builds))) s, exercise minutes "
      + "\(String(format: "%.3f", median(minutes))) s); \(added) exercise samples"
  )
} catch {
  FileHandle.standardError.write(Data("workout-sim-healthgen: \(error)\n".utf8))
  exit(1)
}
