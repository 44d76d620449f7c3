// workout-sim-bench: a 24-hour running session through the whole engine (session, builder,
// scheduler, sample storage, statistics, record), fed by a synthetic body that does the same
// arithmetic per simulated second as Benchmarks/baseline/kernel.c (ACSM running VO2, first-order
// heart rate with drift, SplitMix64 + Box-Muller noise). Prints ns per simulated second and
// bytes held per stored sample; then the same session fed by the real physiology models
// (PhysiologyDataSource on a course whose speed and grade change every minute). Usage: workout-sim-bench [seconds] [repetitions]
import WorkoutCore
import WorkoutPhysiology
import WorkoutSystem

/// The kernel's body, one step per simulated second, queried lazily by the engine.
struct SyntheticBody: WorkoutDataSource {
  let mass = 70.0
  let rest = 60.0
  let maximum = 190.0
  let vo2max = 50.0
  var heartRate = 60.0
  /// Seconds already stepped: 0..<stepped.
  var stepped: Int64 = 0
  var noise = SplitMix64(seed: 42)
  var energy = 0.0
  var distance = 0.0
  var steps = 0.0
  /// Running totals at the last 64 whole-second boundaries (index `second & 63`).
  var energyRing = [Double](repeating: 0, count: 64)
  var distanceRing = [Double](repeating: 0, count: 64)
  var stepsRing = [Double](repeating: 0, count: 64)

  /// Steps seconds up to and including `second`.
  mutating func step(through second: Int64) {
    while stepped <= second {
      let t = Double(stepped)
      let speed = 2.8 + 0.4 * Elementary.sin(t / 300.0)
      let grade = 0.05 * Elementary.sin(t / 120.0)
      let s = speed * 60
      let vo2 = 3.5 + 0.2 * s + 0.9 * s * (grade > 0 ? grade : 0)
      var target = rest + (vo2 - 3.5) / (vo2max - 3.5) * (maximum - rest) * (1 + 3e-5 * t)
      if target > maximum { target = maximum }
      heartRate += (target - heartRate) * (target > heartRate ? 1 / 24.0 : 1 / 30.0)
      energy += (vo2 - 3.5) * mass / 1000 * 5 / 60
      distance += speed
      steps += speed / 1.1
      stepped += 1
      let slot = Int(stepped & 63)
      energyRing[slot] = energy
      distanceRing[slot] = distance
      stepsRing[slot] = steps
    }
  }

  mutating func gauss() -> Double {
    let u1 = noise.nextUnitDouble()
    let u2 = noise.nextUnitDouble()
    return Elementary.sqrt(-2 * Elementary.log(u1 + 1e-300))
      * Elementary.cos(6.283185307179586 * u2)
  }

  mutating func discreteValue(
    of type: QuantityType, at instant: SimulationInstant, activity: WorkoutActivityType
  ) -> Double? {
    step(through: instant.nanoseconds / 1_000_000_000)
    return heartRate + 2 * gauss()
  }

  mutating func cumulativeAmount(
    of type: QuantityType, from start: SimulationInstant, to end: SimulationInstant,
    activity: WorkoutActivityType
  ) -> Double {
    let from = start.nanoseconds / 1_000_000_000
    let to = end.nanoseconds / 1_000_000_000
    step(through: to - 1)
    guard stepped - from < 64 else { return 0 }  // not reached in this benchmark
    let a = Int(from & 63)
    let b = Int(to & 63)
    switch type {
    case .activeEnergyBurned: return energyRing[b] - energyRing[a]
    case .distanceWalkingRunning: return distanceRing[b] - distanceRing[a]
    default: return stepsRing[b] - stepsRing[a]
    }
  }
}

func rounded(_ value: Double, _ places: Double = 100) -> Double {
  (value * places).rounded() / places
}

let arguments = CommandLine.arguments
let seconds = arguments.count > 1 ? Int64(arguments[1]) ?? 86_400 : 86_400
let repetitions = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

var configuration = WorkoutEngineConfiguration(seed: 42, activity: .running)
configuration.schedules[.basalEnergyBurned] = SampleSchedule(enabled: false, interval: .seconds(10))
configuration.schedules[.runningSpeed] = SampleSchedule(enabled: false, interval: .seconds(5))

var timings: [Double] = []
var last: WorkoutRecord? = nil
var liveDiscreteBytes = 0.0
var liveCumulativeBytes = 0.0
let clock = ContinuousClock()
for _ in 0..<max(1, repetitions) {
  var engine = WorkoutEngine(configuration: configuration, dataSource: SyntheticBody())
  let elapsed = clock.measure {
    engine.perform(.start, at: .zero)
    engine.beginCollection(ofSession: 0, at: .zero, date: .zero)
    engine.perform(.end, at: .seconds(seconds))
    engine.endCollection(ofSession: 0, at: .seconds(seconds), date: .seconds(seconds))
    engine.finishWorkout(ofSession: 0, at: .seconds(seconds))
  }
  timings.append(Double(elapsed.wholeNanoseconds) / Double(seconds))
  last = engine.records.first
  if let builder = engine.builder(ofSession: 0) {
    let hr = builder.samples(of: .heartRate)
    liveDiscreteBytes = Double(hr.storageBytes) / Double(max(1, hr.count))
    let cumulative = [QuantityType.activeEnergyBurned, .distanceWalkingRunning, .stepCount]
      .map { builder.samples(of: $0) }
    liveCumulativeBytes =
      Double(cumulative.reduce(0) { $0 + $1.storageBytes })
      / Double(max(1, cumulative.reduce(0) { $0 + $1.count }))
  }
}
timings.sort()
guard let record = last, let heartRate = record.statistics[.heartRate]?.discreteValue,
  let hrSeries = record.samples[.heartRate]
else {
  fatalError("the benchmark session saved no record")
}
let cumulativeSeries = [QuantityType.activeEnergyBurned, .distanceWalkingRunning, .stepCount]
  .compactMap { record.samples[$0] }
let cumulativeBytes = cumulativeSeries.reduce(0) { $0 + $1.storageBytes }
let cumulativeCount = cumulativeSeries.reduce(0) { $0 + $1.count }

print(
  "kcal \(rounded(record.totalEnergyBurned ?? 0, 10)) hr avg \(rounded(heartRate.average, 10))"
    + " min \(rounded(heartRate.minimum, 10)) max \(rounded(heartRate.maximum, 10))"
    + " n \(heartRate.count)")
print("samples: \(hrSeries.count) discrete, \(cumulativeCount) cumulative over \(seconds) s")
print(
  "\(rounded(liveDiscreteBytes)) bytes per discrete sample while collecting,"
    + " \(rounded(Double(hrSeries.storageBytes) / Double(hrSeries.count))) in the record")
print(
  "\(rounded(liveCumulativeBytes)) bytes per cumulative sample while collecting,"
    + " \(rounded(Double(cumulativeBytes) / Double(max(1, cumulativeCount)))) in the record")
print("\(rounded(timings[timings.count / 2])) ns per simulated second (synthetic body)")

/// The kernel's course as one segment per minute: speed 2.8 + 0.4 sin(t/300) m/s, grade
/// 0.05 sin(t/120), for the default athlete.
func kernelCourse(seconds: Int64) throws -> Course {
  var segments: [CourseSegment] = []
  var t: Int64 = 0
  while t < seconds {
    let x = Double(t)
    segments.append(
      CourseSegment(
        duration: .seconds(min(60, seconds - t)), speed: 2.8 + 0.4 * Elementary.sin(x / 300),
        grade: 0.05 * Elementary.sin(x / 120)))
    t += 60
  }
  return try Course(segments: segments)
}

var modelTimings: [Double] = []
let course = try kernelCourse(seconds: seconds)
var modelRecord: WorkoutRecord? = nil
for _ in 0..<max(1, repetitions) {
  let body = PhysiologyDataSource(course: course, seed: 42)
  var engine = WorkoutEngine(configuration: configuration, dataSource: body)
  let elapsed = clock.measure {
    engine.perform(.start, at: .zero)
    engine.beginCollection(ofSession: 0, at: .zero, date: .zero)
    engine.perform(.end, at: .seconds(seconds))
    engine.endCollection(ofSession: 0, at: .seconds(seconds), date: .seconds(seconds))
    engine.finishWorkout(ofSession: 0, at: .seconds(seconds))
  }
  modelTimings.append(Double(elapsed.wholeNanoseconds) / Double(seconds))
  modelRecord = engine.records.first
}
modelTimings.sort()
if let heartRate = modelRecord?.statistics[.heartRate]?.discreteValue {
  print(
    "models: kcal \(rounded(modelRecord?.totalEnergyBurned ?? 0, 10))"
      + " hr avg \(rounded(heartRate.average, 10)) n \(heartRate.count)")
}
print(
  "\(rounded(modelTimings[modelTimings.count / 2])) ns per simulated second (physiology models)")
