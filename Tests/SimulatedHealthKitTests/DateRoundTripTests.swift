import Foundation
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A `Date` holds about 0.12 µs at today's dates, so `simulation.now` after an advance of 0.1 s
/// is some tens of nanoseconds off the instant it was made from; the app's dates made from
/// instants mean those instants (docs/swift-api.md#the-wall-clock-rule), found by the trial
/// of 2026-12-05: a run begun at `simulation.now` after 0.1 s lost its first 10-second span of
/// distance (1770 m for 600 s at 3 m/s).
@Suite struct DateRoundTripTests {
  /// A steady run at 3 m/s for 30 minutes.
  private func steadyRun() throws -> HealthKitSimulation {
    try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Steady run", "start": "2026-06-01T07:00:00Z",
          "course": [{ "duration": "30:00", "speed": 3.0 }]
        }
        """, fileName: "steady-run.json"))
  }

  /// Each instant's date converts back to the instant: a whole microsecond by itself, any
  /// nanosecond next to virtual now, an instant a whole number of microseconds from now.
  @Test(arguments: [100_000_000, 333_333_333, 12_345_000_000, 700_000_001] as [Int64])
  func anInstantsDateComesBackAsTheInstant(nanoseconds: Int64) throws {
    let simulation = try steadyRun()
    let instant = SimulationInstant(nanoseconds: nanoseconds)
    #expect(simulation.instant(of: simulation.date(of: instant), near: instant) == instant)
    // 600 s after it, derived from its date as an app would (`now + 600`).
    let later = simulation.date(of: instant).addingTimeInterval(600)
    #expect(
      simulation.instant(of: later, near: instant).nanoseconds == nanoseconds + 600_000_000_000)
    if nanoseconds % 1000 == 0 {
      #expect(simulation.instant(of: simulation.date(of: instant)) == instant)
    }
  }

  /// A running workout as apps make it, begun at `start` (after `offset` of advance, from the
  /// date `start` makes of virtual now) and ended after `span`: its duration (s) and distance
  /// (m).
  private func run(
    after offset: Duration, start: @escaping @Sendable (Date) -> Date, for span: Duration
  ) async throws -> (duration: Double, meters: Double)? {
    let simulation = try steadyRun()
    return try await simulation.run { () async throws -> (duration: Double, meters: Double)? in
      try await simulation.advance(by: offset)
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      configuration.locationType = .outdoor
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      let date = start(simulation.now)
      session.startActivity(with: date)
      try await builder.beginCollection(at: date)
      try await simulation.advance(by: span)
      session.end()
      try await builder.endCollection(at: simulation.now)
      guard let workout = try await builder.finishWorkout(),
        let meters = workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?
          .sumQuantity()?.doubleValue(for: .meter())
      else { return nil }
      return (workout.duration, meters)
    }
  }

  /// Begun 1 ms after `simulation.now` (a date the app computed), 600 s of a 3 m/s run
  /// still give 3 m/s × its duration: the sampling grid starts at the collection's start, not
  /// at the call, so no 10-second span falls before the start and is dropped.
  @Test func aCollectionBegunLaterThanTheCallSamplesFromItsStart() async throws {
    let result = try await run(
      after: .zero, start: { $0.addingTimeInterval(0.001) }, for: .seconds(600.001))
    let (duration, meters) = try #require(result)
    // 0.001 s to 600.001 s: 600 s, 1800 m.
    #expect(abs(duration - 600) < 1e-6)
    #expect(abs(meters - 1800) < 1e-6)
  }

  /// Begun at `simulation.now` after an odd advance, 600 s of a 3 m/s run are 1800 m: 3 m/s ×
  /// 600 s, every 10-second distance span counted.
  @Test(arguments: [0.1, 1.0 / 3.0, 12.345])
  func aWorkoutBegunAtNowAfterAnOddAdvanceKeepsItsDistance(offset: Double) async throws {
    let result = try await run(after: .seconds(offset), start: { $0 }, for: .seconds(600))
    let (duration, meters) = try #require(result)
    #expect(duration == 600)
    #expect(abs(meters - 1800) < 1e-6)
  }
}
