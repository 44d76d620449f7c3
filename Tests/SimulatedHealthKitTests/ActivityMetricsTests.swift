import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// The Swift door of the activities with their own types: an app's rowing and stair workouts
/// collect what the command line's records have (Scenarios/rowing.json, Scenarios/stairs.json).
@Suite struct ActivityMetricsTests {
  /// Runs `scenario` as an app would: a session of `activity`, collection from 0 to `seconds`,
  /// the saved workout.
  private func appWorkout(
    _ scenario: Scenario, activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType,
    seconds: Int64
  ) async throws -> HKWorkout {
    let simulation = try HealthKitSimulation(scenario: scenario)
    var workout: HKWorkout?
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = activity
      configuration.locationType = location
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
      builder.dataSource = source
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(seconds))
      session.end()
      try await builder.endCollection(at: simulation.now)
      workout = try await builder.finishWorkout()
    }
    return try #require(workout)
  }

  @Test func aRowingWorkoutCollectsDistanceRowingAndRowingSpeedThroughBothDoors() async throws {
    // Scenarios/rowing.json: 4.0 m/s for 1200 s is 4800 m; 179.2 W; 205.583 kcal.
    let scenario = try bundledScenario("rowing.json")
    let cli = try #require(try Simulation.run(scenario).records.first)
    let saved = try await appWorkout(
      scenario, activity: .rowing, location: .outdoor, seconds: 1200)
    let distance = try #require(
      saved.statistics(for: HKQuantityType(.distanceRowing))?.sumQuantity())
    #expect(abs(distance.doubleValue(for: .meter()) - 4800) < 1e-9)
    #expect(abs((saved.totalDistance?.doubleValue(for: .meter()) ?? 0) - 4800) < 1e-9)
    #expect(saved.statistics(for: HKQuantityType(.rowingSpeed))?.averageQuantity() != nil)
    #expect(saved.statistics(for: HKQuantityType(.distanceWalkingRunning)) == nil)
    // 4 × 179.2 W × 1200 s / 4184 J/kcal = 205.5832 kcal.
    let energy = try #require(
      saved.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity())
    #expect(abs(energy.doubleValue(for: .kilocalorie()) - 860160.0 / 4184) < 1e-6)
    #expect(cli.statistics[.distanceRowing]?.sum == distance.doubleValue(for: .meter()))
  }

  @Test func aStairClimbCollectsFlightsThroughBothDoors() async throws {
    // Scenarios/stairs.json: 600 steps then 400, 16 a flight: 62.5 flights.
    let scenario = try bundledScenario("stairs.json")
    let cli = try #require(try Simulation.run(scenario).records.first)
    let saved = try await appWorkout(
      scenario, activity: .stairClimbing, location: .indoor, seconds: 900)
    let flights = try #require(
      saved.statistics(for: HKQuantityType(.flightsClimbed))?.sumQuantity())
    #expect(abs(flights.doubleValue(for: .count()) - 62.5) < 1e-9)
    #expect(
      saved.totalFlightsClimbed?.doubleValue(for: .count()) == flights.doubleValue(for: .count()))
    #expect(cli.statistics[.flightsClimbed]?.sum == flights.doubleValue(for: .count()))
    // No steps and no distance: a stair machine goes nowhere.
    #expect(saved.statistics(for: HKQuantityType(.stepCount)) == nil)
    #expect(saved.totalDistance == nil)
  }

  @Test func aDownhillSkiWorkoutHasASegmentPerRunWithItsDescentThroughBothDoors() async throws {
    // Two runs of 120 s at 10 m/s down 20 % (240 m each) around a 300 s lift; 2400 m in all.
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "downhillSkiing",
        "course": [ { "duration": 120, "speed": 10, "grade": -0.2 }, { "duration": 300, "speed": 0 },
                    { "duration": 120, "speed": 10, "grade": -0.2 } ],
        "timeline": [ { "at": 0, "do": "start" }, { "at": 540, "do": "end" } ] }
      """)
    let cli = try #require(try Simulation.run(scenario).records.first)
    #expect(cli.events.filter { $0.type == .segment }.map(\.date) == [.seconds(0), .seconds(420)])
    let saved = try await appWorkout(
      scenario, activity: .downhillSkiing, location: .outdoor, seconds: 540)
    let runs = (saved.workoutEvents ?? []).filter { $0.type == .segment }
    #expect(runs.map(\.dateInterval.duration) == [120, 120])
    let descents = runs.compactMap {
      ($0.metadata?[HKMetadataKeyElevationDescended] as? HKQuantity)?.doubleValue(for: .meter())
    }
    #expect(descents.count == 2)
    #expect(descents.allSatisfy { abs($0 - 240) < 1e-9 })
    let distance = try #require(
      saved.statistics(for: HKQuantityType(.distanceDownhillSnowSports))?.sumQuantity())
    #expect(abs(distance.doubleValue(for: .meter()) - 2400) < 1e-9)
  }

  @Test func theLiveDataSourceStartsWithEachActivitysTypes() async throws {
    let simulation = try HealthKitSimulation(scenario: bundledScenario("rowing.json"))
    await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .downhillSkiing
      let downhill = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      #expect(downhill.typesToCollect.contains(HKQuantityType(.distanceDownhillSnowSports)))
      configuration.activityType = .crossCountrySkiing
      let skiing = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
      #expect(skiing.typesToCollect.contains(HKQuantityType(.crossCountrySkiingSpeed)))
      #expect(skiing.typesToCollect.contains(HKQuantityType(.distanceCrossCountrySkiing)))
      configuration.activityType = .hiking
      let hiking = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
      #expect(hiking.typesToCollect.contains(HKQuantityType(.flightsClimbed)))
    }
  }
}
