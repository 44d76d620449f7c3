import WorkoutCore
import WorkoutHealth

/// Shared test data: `t = 0` is local midnight of day 0, so `at(10, 5)` is 10:05 that day.
enum Fixture {
  static let watch = HealthSource(
    kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")
  static let iPhone = HealthSource(
    kind: .iPhone, name: "iPhone", bundleIdentifier: "com.apple.health.phone")
  static let app = HealthSource(kind: .app, name: "Seed", bundleIdentifier: "com.example.seed")

  /// `hours:minutes` on day `day` (day 0 starts at `t = 0`), whole seconds.
  static func at(_ hours: Int64, _ minutes: Int64, second: Int64 = 0, day: Int64 = 0)
    -> SimulationInstant
  {
    .seconds(day * 86_400 + hours * 3_600 + minutes * 60 + second)
  }

  static func steps(
    _ source: UInt16, _ start: SimulationInstant, _ end: SimulationInstant, _ value: Double,
    savedAt: SimulationInstant? = nil
  ) -> HealthSample {
    HealthSample(
      type: .stepCount, source: source, start: start, end: end, value: value, savedAt: savedAt)
  }

  static func heartRate(
    _ start: SimulationInstant, _ end: SimulationInstant, _ value: Double, source: UInt16 = 0
  ) -> HealthSample {
    HealthSample(type: .heartRate, source: source, start: start, end: end, value: value)
  }

  /// A store with the watch (source 0) and the iPhone (source 1), seed 7.
  static func store(_ samples: [HealthSample], priority: [UInt16] = []) -> HealthStore {
    HealthStore(
      data: HealthData(sources: [watch, iPhone], samples: samples, priority: priority), seed: 7)
  }

  static let later = SimulationInstant.seconds(400 * 86_400)

  static func workout(
    _ activity: WorkoutActivityType, _ start: SimulationInstant, _ end: SimulationInstant
  ) -> WorkoutRecord {
    WorkoutRecord(
      id: WorkoutRecord.makeID(seed: 1, sessionIndex: 0), activityType: activity,
      locationType: .outdoor, startDate: start, endDate: end, duration: start.duration(to: end),
      events: [],
      totalEnergyBurned: nil, totalDistance: nil, statistics: [:], metadata: [:], samples: [:])
  }
}
