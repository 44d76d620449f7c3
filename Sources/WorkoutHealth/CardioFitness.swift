import WorkoutCore

/// The watch's cardio fitness (VO2max) estimate after a workout: the one home of the rule, for
/// a workout the app finishes (SimulatedHealthKit's `finishWorkout()`) and for the workouts of a
/// scenario's generated history (`HealthGeneration` in WorkoutSimulation)
/// (docs/healthkit-behaviour.md#cardio-fitness-vo2max).
///
/// Apple: "On Apple Watch Series 3 or later, the system automatically saves vo2Max samples to
/// HealthKit. The watch estimates the user's VO2max based on data gathered while the user is
/// walking or running outdoors"
/// (https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/vo2max);
/// Apple's support article on cardio fitness levels names the workouts (an Outdoor Walk,
/// Outdoor Run or Hiking workout, with the heart and motion sensors) and the range the watch
/// supports, 14–65 mL/(kg·min) (https://support.apple.com/en-us/108790).
public enum CardioFitness {
  /// The shortest active duration of a workout that gives an estimate, 20 minutes (project
  /// rule, docs/healthkit-behaviour.md#cardio-fitness-vo2max: Apple's developer page publishes
  /// no duration; 20 minutes is the figure commonly reported from its support article,
  /// https://support.apple.com/en-us/108790, which this project could not read itself).
  public static let minimumDuration: Duration = .seconds(20 * 60)

  /// The range of the watch's estimate, 14 to 65 mL/(kg·min): "Apple Watch supports a VO2 max
  /// range of 14-65 mL/kg/min", validated for users 20 years or older (Apple's support article,
  /// https://support.apple.com/en-us/108790, as pages quoting it give it; the vo2Max developer
  /// page, as a forum quotes it, says the system "can estimate VO2max ranges from 14-60": the
  /// wider range is kept). An athlete's VO2max outside it gives an estimate at the nearer end
  /// (project rule: Apple does not say; docs/healthkit-behaviour.md#cardio-fitness-vo2max).
  public static let supportedRange: ClosedRange<Double> = 14...65

  /// Whether the watch estimates the person's VO2max from `record`, a finished workout:
  /// recorded on the watch (not the iPhone's own workout), an outdoor walk or run (`walking`,
  /// `running` with location type `outdoor`) or a hike (`hiking`, outdoor or unknown location:
  /// a hike is outdoors), at least ``minimumDuration`` of active time (the record's pause-aware
  /// duration), with the watch's heart-rate sensor on (`heartRateSensorOn`: the estimate comes
  /// from the watch's sensors, whatever an app asked its builder to collect). The duration, a
  /// location type of `unknown` for walks and runs (none), the terrain (not checked) and the
  /// GPS (the outdoor location stands for it) are project rules
  /// (docs/healthkit-behaviour.md#cardio-fitness-vo2max).
  public static func givesEstimate(_ record: WorkoutRecord, heartRateSensorOn: Bool) -> Bool {
    guard record.device == .watch, record.duration >= minimumDuration, heartRateSensorOn
    else { return false }
    switch record.activityType {
    case .walking, .running: return record.locationType == .outdoor
    case .hiking: return record.locationType != .indoor
    default: return false
    }
  }

  /// The watch's estimate of a person whose VO2max is `vo2Max`, mL/(kg·min): `vo2Max` kept
  /// inside ``supportedRange`` (70 gives 65, 10 gives 14).
  public static func estimate(of vo2Max: Double) -> Double {
    min(max(vo2Max, supportedRange.lowerBound), supportedRange.upperBound)
  }

  /// The `vo2Max` sample the watch saves after `record` when ``givesEstimate(_:heartRateSensorOn:)``,
  /// else `nil`: ``estimate(of:)`` of `vo2Max` (the scenario athlete's) in mL/(kg·min), under
  /// the watch's source (``HealthGenerator/watch``), dated at the workout's end (start and
  /// end), saved at `savedAt` (the workout's save; project rule: Apple publishes neither the
  /// date nor a delay).
  public static func sample(
    after record: WorkoutRecord, vo2Max: Double, heartRateSensorOn: Bool,
    savedAt: SimulationInstant
  ) -> HealthSample? {
    guard givesEstimate(record, heartRateSensorOn: heartRateSensorOn),
      let type = HealthDataType(identifier: "HKQuantityTypeIdentifierVO2Max")
    else { return nil }
    return HealthSample(
      type: type, source: HealthGenerator.watch, start: record.endDate, end: record.endDate,
      value: estimate(of: vo2Max), savedAt: savedAt)
  }
}
