import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// `HKWorkoutBuilder(healthStore:configuration:device:)`, a builder with no session: the app's
/// samples, events, activities and metadata make the saved workout
/// (docs/healthkit-behaviour.md#workouts-saved-by-the-app).
@Suite struct StandaloneBuilderTests {
  static let workoutType = HKObjectType.workoutType()
  static let distance = HKQuantityType(.distanceWalkingRunning)

  /// A run the app logs by hand from 2 h to 1 h before now: two 30-minute halves, each an
  /// activity (a run, then a walk), 200 + 100 kcal, 5000 + 2500 m, heart rate 150 then 110.
  /// The saved workout: 3600 s; 300 kcal and 7500 m as statistics and totals; heart-rate
  /// average (150 + 110) / 2 = 130, minimum 110, maximum 150, most recent 110; energy's most
  /// recent quantity the second half's 100 kcal; the activities
  /// with their halves' statistics (200 kcal, 100 kcal); the samples associated with it.
  @Test func aBuilderWithoutSessionSavesTheAppsWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [Self.workoutType, activeEnergy, Self.distance, heartRate],
        read: [Self.workoutType, activeEnergy, Self.distance, heartRate])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let builder = HKWorkoutBuilder(
        healthStore: store, configuration: configuration, device: nil)
      let start = simulation.now.addingTimeInterval(-7200)
      let half = start.addingTimeInterval(1800)
      let end = start.addingTimeInterval(3600)
      func sample(_ type: HKQuantityType, _ unit: HKUnit, _ value: Double, _ from: Date)
        -> HKQuantitySample
      {
        HKQuantitySample(
          type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: from,
          end: from.addingTimeInterval(1800))
      }
      try await builder.beginCollection(at: start)
      let running = HKWorkoutConfiguration()
      running.activityType = .running
      let walking = HKWorkoutConfiguration()
      walking.activityType = .walking
      let first = HKWorkoutActivity(
        workoutConfiguration: running, start: start, end: half, metadata: nil)
      let second = HKWorkoutActivity(
        workoutConfiguration: walking, start: half, end: nil, metadata: nil)
      try await builder.addWorkoutActivity(first)
      try await builder.addWorkoutActivity(second)
      try await builder.updateActivity(uuid: second.uuid, end: end)
      try await builder.addSamples([
        sample(activeEnergy, .kilocalorie(), 200, start),
        sample(activeEnergy, .kilocalorie(), 100, half),
        sample(Self.distance, .meter(), 5000, start), sample(Self.distance, .meter(), 2500, half),
        sample(heartRate, bpm, 150, start), sample(heartRate, bpm, 110, half),
      ])
      try await builder.addMetadata([HKMetadataKeyIndoorWorkout: false])
      #expect(
        builder.statistics(for: activeEnergy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
          == 300)
      #expect(builder.workoutActivities.map(\.uuid) == [first.uuid, second.uuid])
      try await builder.endCollection(at: end)
      let workout = try #require(try await builder.finishWorkout())

      #expect(workout.duration == 3600)
      #expect(workout.workoutActivityType == .running)
      #expect(workout.device == nil)
      #expect(
        workout.statistics(for: activeEnergy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
          == 300)
      #expect(workout.totalDistance?.doubleValue(for: .meter()) == 7500)
      let rate = try #require(workout.statistics(for: heartRate))
      #expect(rate.averageQuantity()?.doubleValue(for: bpm) == 130)
      #expect(rate.minimumQuantity()?.doubleValue(for: bpm) == 110)
      #expect(rate.maximumQuantity()?.doubleValue(for: bpm) == 150)
      #expect(rate.mostRecentQuantity()?.doubleValue(for: bpm) == 110)
      // A cumulative type has a most recent quantity too, as a live builder's (fix23): the
      // sample ending last, the second half's 100 kcal from start + 1800 s to start + 3600 s.
      let energy = try #require(workout.statistics(for: activeEnergy))
      #expect(energy.mostRecentQuantity()?.doubleValue(for: .kilocalorie()) == 100)
      #expect(energy.mostRecentQuantityDateInterval() == DateInterval(start: half, end: end))
      #expect(energy.averageQuantity() == nil)
      #expect(workout.workoutActivities.map(\.uuid) == [first.uuid, second.uuid])
      #expect(
        workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.running, .walking])
      #expect(workout.workoutActivities[1].endDate == end)
      #expect(
        workout.workoutActivities.map {
          $0.statistics(for: activeEnergy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
        } == [200, 100])

      // In the store with its six samples.
      let saved = try #require(await samples(store, simulation, Self.workoutType).samples)
      #expect(saved.map(\.uuid) == [workout.uuid])
      let associated = await samples(
        store, simulation, activeEnergy, predicate: HKQuery.predicateForObjects(from: workout))
      #expect(associated.samples?.count == 2)
      // Finished: no more changes.
      await #expect(throws: HKError.self) { try await builder.addWorkoutActivity(first) }
    }
  }

  /// The iOS 16 workout predicates compare the workout's own statistics, not an activity's:
  /// a run (200 kcal, 150 bpm) then a walk (100 kcal, 110 bpm) make a workout of 300 kcal with
  /// heart rate average (150 + 110) / 2 = 130, minimum 110, maximum 150. A sum above 250 kcal
  /// finds it (300), though no activity's sum is above 250 (the activity form finds none).
  @Test func workoutPredicatesCompareTheWorkoutsOwnStatistics() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [Self.workoutType, activeEnergy, heartRate],
        read: [Self.workoutType, activeEnergy, heartRate])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let builder = HKWorkoutBuilder(
        healthStore: store, configuration: configuration, device: nil)
      let start = simulation.now.addingTimeInterval(-7200)
      let half = start.addingTimeInterval(1800)
      let end = start.addingTimeInterval(3600)
      func sample(_ type: HKQuantityType, _ unit: HKUnit, _ value: Double, _ from: Date)
        -> HKQuantitySample
      {
        HKQuantitySample(
          type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: from,
          end: from.addingTimeInterval(1800))
      }
      try await builder.beginCollection(at: start)
      let walking = HKWorkoutConfiguration()
      walking.activityType = .walking
      try await builder.addWorkoutActivity(
        HKWorkoutActivity(
          workoutConfiguration: configuration, start: start, end: half, metadata: nil))
      try await builder.addWorkoutActivity(
        HKWorkoutActivity(workoutConfiguration: walking, start: half, end: end, metadata: nil))
      try await builder.addSamples([
        sample(activeEnergy, .kilocalorie(), 200, start),
        sample(activeEnergy, .kilocalorie(), 100, half),
        sample(heartRate, bpm, 150, start), sample(heartRate, bpm, 110, half),
      ])
      try await builder.endCollection(at: end)
      _ = try #require(try await builder.finishWorkout())
      func count(_ predicate: NSPredicate) async -> Int? {
        await samples(store, simulation, Self.workoutType, predicate: predicate).samples?.count
      }
      let kcal250 = HKQuantity(unit: .kilocalorie(), doubleValue: 250)
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            operatorType: .greaterThan, quantityType: activeEnergy, sumQuantity: kcal250)) == 1)
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            activityPredicate: HKQuery.predicateForWorkoutActivities(
              operatorType: .greaterThan, quantityType: activeEnergy, sumQuantity: kcal250)))
          == 0)
      // 300 kcal is not below 250.
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            operatorType: .lessThan, quantityType: activeEnergy, sumQuantity: kcal250)) == 0)
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            operatorType: .equalTo, quantityType: heartRate,
            averageQuantity: HKQuantity(unit: bpm, doubleValue: 130))) == 1)
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            operatorType: .equalTo, quantityType: heartRate,
            minimumQuantity: HKQuantity(unit: bpm, doubleValue: 110))) == 1)
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            operatorType: .greaterThan, quantityType: heartRate,
            maximumQuantity: HKQuantity(unit: bpm, doubleValue: 150))) == 0)
      // A type the workout has no statistics of never matches.
      #expect(
        await count(
          HKQuery.predicateForWorkouts(
            operatorType: .greaterThanOrEqualTo, quantityType: HKQuantityType(.stepCount),
            sumQuantity: HKQuantity(unit: .count(), doubleValue: 0))) == 0)
    }
  }

  /// A builder without a session for a walk on this watch, and its configuration.
  static func walkingBuilder(_ store: HKHealthStore) -> (HKWorkoutBuilder, HKWorkoutConfiguration) {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .walking
    let builder = HKWorkoutBuilder(
      healthStore: store, configuration: configuration, device: .local())
    return (builder, configuration)
  }

  /// Dates derived from one `Date()` keep their distances however long the app's code runs
  /// between passing them (a new user's trial: the activity read a second before the workout
  /// once half a second of real time passed between the calls, since each date was rounded
  /// against the real clock of its own call). `start` lies 7200.25 s before the real clock, so
  /// it reads as virtual now − 7200 s; `start + 1800` and an activity from `start` to
  /// `start + 1800`, passed later, read as that instant + 1800 s and that instant: a workout of
  /// exactly 1800 s with its activity on it, whatever the real time between the calls.
  @Test func datesDerivedFromOneDateKeepTheirDistances() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.workoutType], read: [Self.workoutType])
      let (builder, configuration) = Self.walkingBuilder(store)
      let virtualStart = simulation.now.addingTimeInterval(-7200)
      let start = Date().addingTimeInterval(-7200.25)
      let end = start.addingTimeInterval(1800)
      try await builder.beginCollection(at: start)
      try await builder.addWorkoutActivity(
        HKWorkoutActivity(
          workoutConfiguration: configuration, start: start, end: end, metadata: nil))
      try await builder.endCollection(at: end)
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.startDate == virtualStart)
      #expect(workout.duration == 1800)
      #expect(workout.workoutActivities.first?.startDate == virtualStart)
      #expect(workout.workoutActivities.first?.endDate == virtualStart.addingTimeInterval(1800))
    }
  }

  /// The same log made with `Date()` (a new user's trial): the samples and activities are read
  /// on virtual time as the workout's dates are (the wall-clock rule), so a walk from 2 h to
  /// 1.5 h before now with 2400 m and 150 kcal keeps them: totals 2400 m and 150 kcal, the
  /// activity's dates the workout's (virtual now − 7200 s and − 5400 s), one `wallClockDate`
  /// entry for each call that read the real clock (begin, add, addWorkoutActivity, end, and the
  /// finish's `save` of the two samples).
  @Test func datesFromTheRealClockAreReadOnVirtualTime() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [Self.workoutType, activeEnergy, Self.distance],
        read: [Self.workoutType, activeEnergy, Self.distance])
      let (builder, configuration) = Self.walkingBuilder(store)
      let virtualStart = simulation.now.addingTimeInterval(-7200)
      let start = Date().addingTimeInterval(-7200)
      let end = start.addingTimeInterval(1800)
      try await builder.beginCollection(at: start)
      try await builder.addSamples([
        HKQuantitySample(
          type: Self.distance, quantity: HKQuantity(unit: .meter(), doubleValue: 2400),
          start: start, end: end),
        HKQuantitySample(
          type: activeEnergy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 150),
          start: start, end: end),
      ])
      let walk = HKWorkoutActivity(
        workoutConfiguration: configuration, start: start, end: end, metadata: nil)
      try await builder.addWorkoutActivity(walk)
      try await builder.endCollection(at: end)
      let workout = try #require(try await builder.finishWorkout())

      #expect(workout.startDate == virtualStart)
      #expect(workout.endDate == virtualStart.addingTimeInterval(1800))
      #expect(workout.totalDistance?.doubleValue(for: .meter()) == 2400)
      #expect(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 150)
      #expect(workout.workoutActivities.map(\.uuid) == [walk.uuid])
      #expect(workout.workoutActivities.first?.startDate == virtualStart)
      #expect(workout.workoutActivities.first?.endDate == virtualStart.addingTimeInterval(1800))
      #expect(
        workout.workoutActivities.first?.statistics(for: Self.distance)?.sumQuantity()?
          .doubleValue(for: .meter()) == 2400)
    }
    let reads = simulation.result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    // The samples' dates are read again when `finishWorkout` saves them, under its own name.
    #expect(
      reads == ["beginCollection", "add", "addWorkoutActivity", "endCollection", "finishWorkout"])
  }

  /// Events dated with `Date()` are read on virtual time as the workout's dates are (the
  /// wall-clock rule, under `addWorkoutEvents`, as the live builder reads them): a walk begun
  /// at `Date() - 7200` (virtual now − 7200 s) with a lap at its start + 600 s lasting 300 s,
  /// ended at its start + 1800 s, keeps the lap at virtual now − 6600 s with its 300 s and its
  /// metadata; one `wallClockDate` entry each for begin, addWorkoutEvents and end. (Read as
  /// given, the lap's real-clock date lay outside the virtual workout and was refused.)
  @Test func eventDatesFromTheRealClockAreReadOnVirtualTime() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.workoutType], read: [Self.workoutType])
      let (builder, _) = Self.walkingBuilder(store)
      let virtualStart = simulation.now.addingTimeInterval(-7200)
      let start = Date().addingTimeInterval(-7200)
      try await builder.beginCollection(at: start)
      try await builder.addWorkoutEvents([
        HKWorkoutEvent(
          type: .lap,
          dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 300),
          metadata: ["Split": "first"])
      ])
      try await builder.endCollection(at: start.addingTimeInterval(1800))
      let workout = try #require(try await builder.finishWorkout())
      #expect(workout.startDate == virtualStart)
      #expect(workout.workoutEvents?.count == 1)
      let lap = try #require(workout.workoutEvents?.first)
      #expect(lap.type == .lap)
      #expect(
        lap.dateInterval == DateInterval(start: virtualStart.addingTimeInterval(600), duration: 300)
      )
      #expect(lap.metadata?["Split"] as? String == "first")
    }
    let reads = simulation.result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    #expect(reads == ["beginCollection", "addWorkoutEvents", "endCollection"])
  }

  /// Without activities the workout gets one of its own type spanning it (Apple: every workout
  /// has at least one); an overlapping activity and an unknown UUID are refused; finishing
  /// before the end and beginning twice fail with HealthKit's texts; without share
  /// authorization for workouts `finishWorkout` fails with `errorAuthorizationNotDetermined`,
  /// as `save` does.
  @Test func rulesAndErrors() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .cycling
      let builder = HKWorkoutBuilder(
        healthStore: store, configuration: configuration, device: .local())
      let start = simulation.now.addingTimeInterval(-3600)
      try await builder.beginCollection(at: start)
      let twice = await #expect(throws: HKError.self) {
        try await builder.beginCollection(at: start)
      }
      #expect(twice?.localizedDescription == "Unable to begin a workout that has already started.")
      let early = await #expect(throws: HKError.self) { try await builder.finishWorkout() }
      #expect(
        early?.localizedDescription == "Unable to finish a workout that is not currently ended.")
      let one = HKWorkoutActivity(
        workoutConfiguration: configuration, start: start,
        end: start.addingTimeInterval(1200), metadata: nil)
      let overlapping = HKWorkoutActivity(
        workoutConfiguration: configuration, start: start.addingTimeInterval(600), end: nil,
        metadata: nil)
      try await builder.addWorkoutActivity(one)
      await #expect(throws: HKError.self) { try await builder.addWorkoutActivity(overlapping) }
      await #expect(throws: HKError.self) {
        try await builder.updateActivity(uuid: UUID(), end: start)
      }
      try await builder.endCollection(at: start.addingTimeInterval(1800))
      let refused = await #expect(throws: HKError.self) { try await builder.finishWorkout() }
      #expect(refused?.code == .errorAuthorizationNotDetermined)

      try await authorize(store, share: [Self.workoutType], read: [Self.workoutType])
      let plain = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
      try await plain.beginCollection(at: start)
      try await plain.endCollection(at: start.addingTimeInterval(1800))
      let workout = try #require(try await plain.finishWorkout())
      #expect(workout.workoutActivities.count == 1)
      #expect(workout.workoutActivities.first?.workoutConfiguration.activityType == .cycling)
      #expect(workout.workoutActivities.first?.duration == 1800)
      #expect(workout.workoutActivities.first?.endDate == start.addingTimeInterval(1800))
    }
  }

  /// An activity the app adds without an end date is in progress (Apple's `duration` page: the
  /// time from its start to the current time; swim29 item 2: it was 0): begun 60 s before now
  /// it is 60 s long in the builder's `workoutActivities`, 30 s later 60 + 30 = 90; ended by
  /// `updateActivity` at its start + 75 s it is 75, whenever it is read.
  @Test func anActivityAddedWithoutAnEndRunsToNow() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let builder = HKWorkoutBuilder(
        healthStore: HKHealthStore(), configuration: configuration, device: nil)
      let start = simulation.now.addingTimeInterval(-60)
      try await builder.beginCollection(at: start)
      let activity = HKWorkoutActivity(
        workoutConfiguration: configuration, start: start, end: nil, metadata: nil)
      try await builder.addWorkoutActivity(activity)
      #expect(builder.workoutActivities.first?.duration == 60)
      try await simulation.advance(by: .seconds(30))
      #expect(builder.workoutActivities.first?.duration == 90)
      try await builder.updateActivity(uuid: activity.uuid, end: start.addingTimeInterval(75))
      try await simulation.advance(by: .seconds(30))
      #expect(builder.workoutActivities.first?.duration == 75)
    }
  }
}
