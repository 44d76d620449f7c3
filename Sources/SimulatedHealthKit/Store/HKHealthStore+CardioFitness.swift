import Foundation
import WorkoutCore
import WorkoutHealth

// The watch's cardio fitness estimate (docs/healthkit-behaviour.md#cardio-fitness-vo2max). Apple:
// "On Apple Watch Series 3 or later, the system automatically saves vo2Max samples to HealthKit.
// The watch estimates the user's VO2max based on data gathered while the user is walking or
// running outdoors" (https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/vo2max);
// Apple's support article on cardio fitness levels names the workouts: an Outdoor Walk, Outdoor
// Run or Hiking workout, with the heart and motion sensors (https://support.apple.com/en-us/108790).

extension HealthKitSimulation.State {
  /// Saves the watch's cardio fitness estimate after the workout `record` just saved, by
  /// WorkoutHealth's rule (``CardioFitness/sample(after:vo2Max:heartRateSensorOn:savedAt:)``,
  /// the one home of the rule, which the generated history's workouts follow too): one `vo2Max`
  /// sample in mL/(kg·min), the athlete's `vo2Max` (the scenario's `athlete` block, the value
  /// the body model runs on) kept inside the watch's supported range (14–65), under the
  /// watch's source (``HealthGenerator/watch``), dated at the workout's end (start and end)
  /// and saved at once, at the workout's save, when the workout qualifies with the heart-rate
  /// sensor setting of `simulation`'s scenario (docs/healthkit-behaviour.md#cardio-fitness-vo2max).
  /// Its metadata is ``watchMetadata(of:)``'s.
  mutating func saveCardioFitnessEstimate(
    of record: WorkoutRecord, simulation: HealthKitSimulation
  ) {
    guard
      let estimate = CardioFitness.sample(
        after: record, vo2Max: simulation.scenario.athlete.vo2Max,
        heartRateSensorOn: simulation.scenario.sensorSettings(for: .heartRate).enabled,
        savedAt: session.now)
    else { return }
    _ = health.save([estimate], uuids: [], at: session.now)
  }

  /// The metadata of a sample the store made (not one the app saved): a `vo2Max` sample of
  /// the watch's carries `HKMetadataKeyVO2MaxTestType` =
  /// ``HKVO2MaxTestType/predictionSubMaxExercise`` (2), "A calculation that estimates VO2 max
  /// rate based on low-intensity exercise"
  /// (https://developer.apple.com/documentation/healthkit/hkvo2maxtesttype/predictionsubmaxexercise);
  /// every other generated sample has none.
  static func watchMetadata(of sample: HealthSample) -> [String: Any]? {
    guard sample.source == HealthGenerator.watch,
      sample.type.hkType.identifier == HKQuantityTypeIdentifier.vo2Max.rawValue
    else { return nil }
    return [
      HKMetadataKeyVO2MaxTestType: NSNumber(
        value: HKVO2MaxTestType.predictionSubMaxExercise.rawValue)
    ]
  }
}
