import SimulationDriver
import WorkoutCore
import WorkoutHealth
import WorkoutSimulation

extension WorkoutRecord {
  /// The workout's samples as the health store keeps them, under `source`: every sample the
  /// live builder collected or the app added, each type in the store's unit for it, past the
  /// first `stored[i]` of quantity type `i` (`QuantityType.allCases` order), which the store
  /// holds already. A finished workout's samples are saved with it, so `HKSampleQuery`,
  /// statistics and anchored queries find them, with `predicateForObjects(from: workout)` too
  /// ("Creates the workout, using the samples and events added to the builder, and saves it to
  /// the HealthKit store":
  /// https://developer.apple.com/documentation/healthkit/hkworkoutbuilder/finishworkout(completion:)).
  /// A live builder's samples reach the store as they are collected (the project rule of
  /// docs/healthkit-behaviour.md#a-live-workouts-samples: ``LiveWorkoutSamples``, `stored`);
  /// `finishWorkout` saves only the ones collected since the store's last look.
  func storeSamples(source: UInt16, after stored: [Int]? = nil) -> [HealthSample] {
    let stored = stored ?? [Int](repeating: 0, count: QuantityType.allCases.count)
    var kept: [HealthSample] = []
    // Room for every sample at once: reserving each type's in turn reallocated and copied the
    // samples stored so far once per type.
    kept.reserveCapacity(samples.values.reduce(0) { $0 + $1.count })
    let units = LiveSampleUnits.table
    var live = LiveWorkoutSamples(
      device: .watch, session: 0, source: source, kinds: units.kinds, factors: units.factors,
      at: .zero)
    for (type, quantity) in QuantityType.allCases.enumerated() {
      guard let series = samples[quantity], !series.isEmpty else { continue }
      live.stored[type] = stored[type]
      live.take(series, type: type, into: &kept)
    }
    return kept
  }
}

/// Each quantity type's store type and the factor from the engine's unit to the store's
/// (``LiveWorkoutSamples/kinds``, ``LiveWorkoutSamples/factors``), worked out once.
enum LiveSampleUnits {
  static let table: (kinds: [HealthDataType?], factors: [Double]) = {
    var kinds: [HealthDataType?] = []
    var factors: [Double] = []
    for type in QuantityType.allCases {
      let kind = HealthDataType(identifier: HKQuantityTypeIdentifier(engine: type).rawValue)
      kinds.append(kind)
      // Engine units and store units are both linear (no offset): one factor per type.
      factors.append(
        kind.map {
          HKQuantity(unit: type.healthKitUnit, doubleValue: 1).doubleValue(for: $0.hkUnit)
        }
          ?? 1)
    }
    return (kinds, factors)
  }()
}
