import WorkoutCore
import WorkoutHealth

extension WorkoutRecord {
  /// The workout's samples as the health store keeps them, under `source`: every sample the
  /// live builder collected or the app added, each type in the store's unit for it. A finished
  /// workout's samples are saved with it, so `HKSampleQuery`, statistics and anchored queries
  /// find them, with `predicateForObjects(from: workout)` too ("Creates the workout, using the
  /// samples and events added to the builder, and saves it to the HealthKit store":
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/finishworkout(completion:)).
  /// When they land is a labelled project rule (docs/healthkit-behaviour.md#a-finished-workouts-samples):
  /// at `finishWorkout`, not as they are collected.
  func storeSamples(source: UInt16) -> [HealthSample] {
    var stored: [HealthSample] = []
    // Room for every sample at once: reserving each type's in turn reallocated and copied the
    // samples stored so far once per type.
    stored.reserveCapacity(samples.values.reduce(0) { $0 + $1.count })
    for type in QuantityType.allCases {
      guard let series = samples[type], !series.isEmpty,
        let kind = HealthDataType(identifier: HKQuantityTypeIdentifier(engine: type).rawValue)
      else { continue }
      // Engine units and store units are both linear (no offset): one factor per type.
      let factor = HKQuantity(unit: type.healthKitUnit, doubleValue: 1).doubleValue(
        for: kind.hkUnit)
      series.forEachSample { start, end, value in
        stored.append(
          HealthSample(
            type: kind, source: source, start: SimulationInstant(nanoseconds: start),
            end: SimulationInstant(nanoseconds: end), value: value * factor))
      }
    }
    return stored
  }
}
