import Foundation
import Testing
import WorkoutJSON
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Workouts sorted by Apple's workout sort identifiers, as an iPhone app's history screen
/// writes it: `NSSortDescriptor(key: HKWorkoutSortIdentifierDuration, ascending: false)`.
@Suite struct WorkoutSortTests {
  /// Three saved walks, named by their start: "a" 20 min, 1.5 km, no energy; "b" 45 min, no
  /// distance, 200 kcal; "c" 30 min, 4 km, 150 kcal. By duration descending: b (2700 s), c
  /// (1800 s), a (1200 s); by distance ascending: b (none first), a, c; by energy descending:
  /// b, c, a (none last).
  @Test func savedWorkoutsSortByDurationDistanceAndEnergy() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var orders: [String: [String]] = [:]
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.workoutType()
      try await store.requestAuthorization(toShare: [type], read: [type])
      let walks: [(name: String, minutes: Double, km: Double?, kcal: Double?)] = [
        ("a", 20, 1.5, nil), ("b", 45, nil, 200), ("c", 30, 4, 150),
      ]
      try await store.save(
        walks.enumerated().map { index, walk in
          let start = noon(plus: Double(index) * 3600)
          return HKWorkout(
            activityType: .walking, start: start, end: start + walk.minutes * 60,
            workoutEvents: nil,
            totalEnergyBurned: walk.kcal.map { HKQuantity(unit: .kilocalorie(), doubleValue: $0) },
            totalDistance: walk.km.map {
              HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: $0)
            },
            metadata: ["Name": walk.name])
        })
      try await simulation.advance(by: .seconds(4 * 3600))
      let sorts: [String: NSSortDescriptor] = [
        "duration": NSSortDescriptor(key: HKWorkoutSortIdentifierDuration, ascending: false),
        "distance": NSSortDescriptor(key: HKWorkoutSortIdentifierTotalDistance, ascending: true),
        "energy": NSSortDescriptor(key: HKWorkoutSortIdentifierTotalEnergyBurned, ascending: false),
      ]
      for (name, sort) in sorts {
        let samples: [HKSample] = try await withCheckedThrowingContinuation { continuation in
          store.execute(
            HKSampleQuery(
              sampleType: type, predicate: HKQuery.predicateForObjects(withMetadataKey: "Name"),
              limit: HKObjectQueryNoLimit, sortDescriptors: [sort]
            ) { _, samples, error in
              if let error {
                continuation.resume(throwing: error)
              } else {
                continuation.resume(returning: samples ?? [])
              }
            })
        }
        orders[name] = samples.compactMap { $0.metadata?["Name"] as? String }
      }
    }
    #expect(orders["duration"] == ["b", "c", "a"])
    #expect(orders["distance"] == ["b", "a", "c"])
    #expect(orders["energy"] == ["b", "c", "a"])
    #expect(HKWorkoutSortIdentifierDuration == "duration")
    #expect(HKWorkoutSortIdentifierTotalDistance == "totalDistance")
    #expect(HKWorkoutSortIdentifierTotalEnergyBurned == "totalEnergyBurned")
  }
}
