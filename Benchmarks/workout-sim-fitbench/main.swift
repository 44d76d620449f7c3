// Times `HeartRateFit` on one hour of 1 Hz heart rate (scripts/bench-calibrate.sh): an hour of
// intervals on foot (six times 4 min at 2.6 m/s, 3 min at 3.8 m/s up 5 %, 2 min walking at
// 1.2 m/s, 1 min at 5 m/s up 8 %), its heart rate made by a known athlete's model, fitted from
// the default athlete. Prints the best of N fits in seconds and the fitted values.
// Usage: workout-sim-fitbench [REPEATS]
import WorkoutCore
import WorkoutPhysiology

let repeats = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 3 : 3
let block = [
  CourseSegment(duration: .seconds(240), speed: 2.6),
  CourseSegment(duration: .seconds(180), speed: 3.8, grade: 0.05),
  CourseSegment(duration: .seconds(120), speed: 1.2),
  CourseSegment(duration: .seconds(60), speed: 5, grade: 0.08),
]
let segments = Array(repeating: block, count: 6).flatMap { $0 }
let athlete = try Athlete(
  restingHeartRate: 50, maxHeartRate: 190, vo2Max: 55,
  heartRate: HeartRateParameters(
    riseTimeConstant: 35, fallTimeConstant: 45, recoveryResidualFraction: 0.5, driftGain: 0.1))
var truth = PhysiologyDataSource(athlete: athlete, course: try Course(segments: segments), seed: 0)
let readings = (Int64(0)...3599).map {
  RecordedHeartRate(
    instant: .seconds($0),
    beatsPerMinute: truth.modelHeartRate(at: .seconds($0), activity: .running))
}
let course = try Course(segments: segments, recordedHeartRate: readings)
let clock = ContinuousClock()
var best = Duration.seconds(1_000_000)
var fit: HeartRateFit?
for _ in 0..<max(1, repeats) {
  let start = clock.now
  fit = try HeartRateFit(course: course, activity: .running)
  best = min(best, clock.now - start)
}
let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
print("fit of 3600 s at 1 Hz: \(seconds) s (best of \(repeats); target under 2 s)")
if let fit {
  print("evaluations: \(fit.evaluations); held-out MAE \(fit.heldOut.maeBpm) bpm")
  print(
    "fitted: \(HeartRateFit.bounds.map { "\($0.parameter.rawValue) \(HeartRateFit.value(of: $0.parameter, in: fit.athlete))" }.joined(separator: ", "))"
  )
}
