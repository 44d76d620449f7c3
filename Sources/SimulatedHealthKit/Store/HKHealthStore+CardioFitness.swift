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
  /// The shortest active duration of a workout that gives a cardio fitness estimate, 20 minutes
  /// (project rule, docs/healthkit-behaviour.md#cardio-fitness-vo2max: Apple's developer page
  /// publishes no duration; 20 minutes is the figure commonly reported from its support article,
  /// https://support.apple.com/en-us/108790, which this project could not read itself).
  static let cardioFitnessMinimumDuration: Duration = .seconds(20 * 60)

  /// Whether the watch estimates the person's VO2max from `record`, a workout just finished:
  /// recorded on the watch (not the iPhone's own workout), an outdoor walk or run (`walking`,
  /// `running` with location type `outdoor`) or a hike (`hiking`, outdoor or unknown location:
  /// a hike is outdoors), at least ``cardioFitnessMinimumDuration`` of active time (the
  /// record's pause-aware duration), with the watch's heart-rate sensor on (`heartRateSensorOn`,
  /// the scenario's `sensors.heartRate.enabled`: the estimate comes from the watch's sensors,
  /// whatever the app asked its builder to collect). Apple: https://support.apple.com/en-us/108790 and
  /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/vo2max; the
  /// duration, a location type of `unknown` for walks and runs (none), the terrain (not checked)
  /// and the GPS (the outdoor location stands for it) are project rules
  /// (docs/healthkit-behaviour.md#cardio-fitness-vo2max).
  static func givesCardioFitnessEstimate(_ record: WorkoutRecord, heartRateSensorOn: Bool) -> Bool {
    guard record.device == .watch, record.duration >= cardioFitnessMinimumDuration,
      heartRateSensorOn
    else { return false }
    switch record.activityType {
    case .walking, .running: return record.locationType == .outdoor
    case .hiking: return record.locationType != .indoor
    default: return false
    }
  }

  /// Saves the watch's cardio fitness estimate after the workout `record` just saved, when
  /// ``givesCardioFitnessEstimate(_:heartRateSensorOn:)`` (the sensor setting of `simulation`'s
  /// scenario): one `vo2Max` sample in mL/(kg·min), the athlete's
  /// `vo2Max` (the scenario's `athlete` block, the value the body model runs on), under the
  /// watch's source (``HealthGenerator/watch``), dated at the workout's end (start and end) and
  /// saved at once, at the workout's save (project rule: Apple publishes neither the date nor a
  /// delay; docs/healthkit-behaviour.md#cardio-fitness-vo2max). Its metadata is
  /// ``watchMetadata(of:)``'s.
  mutating func saveCardioFitnessEstimate(
    of record: WorkoutRecord, simulation: HealthKitSimulation
  ) {
    guard
      Self.givesCardioFitnessEstimate(
        record,
        heartRateSensorOn: simulation.scenario.sensorSettings(for: .heartRate).enabled),
      let kind = HealthDataType(identifier: HKQuantityTypeIdentifier.vo2Max.rawValue)
    else { return }
    _ = health.save(
      [
        HealthSample(
          type: kind, source: HealthGenerator.watch, start: record.endDate, end: record.endDate,
          value: simulation.scenario.athlete.vo2Max, savedAt: session.now)
      ], uuids: [], at: session.now)
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
