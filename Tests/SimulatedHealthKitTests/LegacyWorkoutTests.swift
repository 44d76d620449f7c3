import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Workouts an app makes with HKWorkout's deprecated initializers, saved and queried; samples
/// added to them with `add(_:to:completion:)`; the workout, activity and device predicates
/// (docs/healthkit-behaviour.md#workouts-saved-by-the-app).
@Suite struct LegacyWorkoutTests {
  static let workoutType = HKObjectType.workoutType()

  /// The three initializer families give the durations Apple documents for
  /// `HKWorkout.duration`: end − start; the given duration; end − start less the paused spans.
  @Test func theDeprecatedInitializersDurations() {
    let start = noon(plus: 0)
    // 10:00 of a 30-minute span: 1800 s.
    let plain = HKWorkout(activityType: .running, start: start, end: noon(plus: 1800))
    #expect(plain.duration == 1800)
    #expect(plain.totalDistance == nil)
    #expect(plain.device == nil)
    #expect(plain.workoutEvents == nil)
    let given = HKWorkout(
      activityType: .cycling, start: start, end: noon(plus: 1800), duration: 1200,
      totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 250),
      totalDistance: HKQuantity(unit: .meter(), doubleValue: 5000), metadata: nil)
    #expect(given.duration == 1200)
    #expect(given.totalDistance?.doubleValue(for: .meter()) == 5000)
    // Pause at 600, a second pause at 700 (ignored: already paused), resume at 900, a second
    // resume at 1000 (ignored), end at 1800: running 0–600 and 900–1800 = 600 + 900 = 1500 s.
    let events = [
      HKWorkoutEvent(
        type: .pause, dateInterval: DateInterval(start: noon(plus: 600), duration: 0), metadata: nil
      ),
      HKWorkoutEvent(
        type: .pause, dateInterval: DateInterval(start: noon(plus: 700), duration: 0), metadata: nil
      ),
      HKWorkoutEvent(
        type: .resume, dateInterval: DateInterval(start: noon(plus: 900), duration: 0),
        metadata: nil),
      HKWorkoutEvent(
        type: .resume, dateInterval: DateInterval(start: noon(plus: 1000), duration: 0),
        metadata: nil),
    ]
    let paused = HKWorkout(
      activityType: .walking, start: start, end: noon(plus: 1800), workoutEvents: events,
      totalEnergyBurned: nil, totalDistance: nil, device: .local(), metadata: nil)
    #expect(paused.duration == 1500)
    #expect(paused.workoutEvents?.count == 4)
    #expect(paused.device == .local())
    // An open pause lasts to the end: pause at 1200 of 1800 gives 1200 s.
    let open = HKWorkout(
      activityType: .walking, start: start, end: noon(plus: 1800),
      workoutEvents: [events[0].withDate(noon(plus: 1200))], totalEnergyBurned: nil,
      totalDistance: nil, metadata: nil)
    #expect(open.duration == 1200)
  }

  /// Saved workouts come back from a sample query as the app made them; the total-distance,
  /// total-energy and duration predicates pick them by their totals.
  @Test func savedWorkoutsAreFoundByTheirTotals() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let start = simulation.now.addingTimeInterval(-7200)
      let run = HKWorkout(
        activityType: .running, start: start, end: start.addingTimeInterval(1800),
        duration: 1800, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 250),
        totalDistance: HKQuantity(unit: .meter(), doubleValue: 5000),
        metadata: [HKMetadataKeyWorkoutBrandName: "Club"])
      let walk = HKWorkout(
        activityType: .walking, start: start.addingTimeInterval(3600),
        end: start.addingTimeInterval(4800))
      // Never asked to share workouts: HealthKit's error, nothing saved.
      let undetermined = await #expect(throws: HKError.self) { try await store.save(run) }
      #expect(undetermined?.code == .errorAuthorizationNotDetermined)
      try await authorize(store, share: [Self.workoutType], read: [Self.workoutType])
      try await store.save([run, walk])

      let found = try #require(await samples(store, simulation, Self.workoutType).samples)
      #expect(found.count == 2)
      #expect(found.contains { $0 === run })
      #expect(found.contains { $0 === walk })

      func matching(_ predicate: NSPredicate) async -> [UUID] {
        (await samples(store, simulation, Self.workoutType, predicate: predicate).samples ?? [])
          .map(\.uuid)
      }
      // 5000 m ≥ 4000 m; the walk has no distance and never matches.
      #expect(
        await matching(
          HKQuery.predicateForWorkouts(
            with: .greaterThanOrEqualTo,
            totalDistance: HKQuantity(unit: .meter(), doubleValue: 4000))) == [run.uuid])
      // 5000 m = 3.107 mi > 3 mi, compared in miles.
      #expect(
        await matching(
          HKQuery.predicateForWorkouts(
            with: .greaterThan, totalDistance: HKQuantity(unit: .mile(), doubleValue: 3)))
          == [run.uuid])
      // 250 kcal < 300 kcal.
      #expect(
        await matching(
          HKQuery.predicateForWorkouts(
            with: .lessThan, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 300)
          )) == [run.uuid])
      #expect(
        await matching(
          HKQuery.predicateForWorkouts(
            with: .greaterThan,
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 250))) == [])
      // The walk lasts 4800 − 3600 = 1200 s.
      #expect(
        await matching(HKQuery.predicateForWorkouts(with: .equalTo, duration: 1200)) == [
          walk.uuid
        ])
      #expect(
        await matching(HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWorkoutBrandName))
          == [run.uuid])
      // Saving it again is refused.
      let twice = await #expect(throws: HKError.self) { try await store.save(walk) }
      #expect(twice?.code == .errorInvalidArgument)
    }
  }

  /// The stroke and flights totals of the deprecated initializers are kept, and every total
  /// given is the workout's statistics (a sum over its span): a 1500 m pool swim of 600 strokes
  /// and 300 kcal; a walk of 20 flights. Saved and read back, they are still there; a stroke
  /// total in metres is refused with `errorInvalidArgument`.
  @Test func strokeAndFlightTotalsAreKeptAsStatistics() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.workoutType], read: [Self.workoutType])
      let start = simulation.now.addingTimeInterval(-7200)
      let swim = HKWorkout(
        activityType: .swimming, start: start, end: start.addingTimeInterval(2400),
        workoutEvents: nil, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 300),
        totalDistance: HKQuantity(unit: .meter(), doubleValue: 1500),
        totalSwimmingStrokeCount: HKQuantity(unit: .count(), doubleValue: 600), device: nil,
        metadata: nil)
      let walk = HKWorkout(
        activityType: .walking, start: start.addingTimeInterval(3600),
        end: start.addingTimeInterval(4800), workoutEvents: nil, totalEnergyBurned: nil,
        totalDistance: nil, totalFlightsClimbed: HKQuantity(unit: .count(), doubleValue: 20),
        device: nil, metadata: nil)
      try await store.save([swim, walk])
      let found = try #require(await samples(store, simulation, Self.workoutType).samples)
      let savedSwim = try #require(found.first { $0.uuid == swim.uuid } as? HKWorkout)
      let savedWalk = try #require(found.first { $0.uuid == walk.uuid } as? HKWorkout)
      #expect(savedSwim.totalSwimmingStrokeCount?.doubleValue(for: .count()) == 600)
      #expect(
        savedSwim.statistics(for: HKQuantityType(.swimmingStrokeCount))?.sumQuantity()?
          .doubleValue(for: .count()) == 600)
      #expect(
        savedSwim.statistics(for: HKQuantityType(.distanceSwimming))?.sumQuantity()?
          .doubleValue(for: .meter()) == 1500)
      #expect(
        savedSwim.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?
          .doubleValue(for: .kilocalorie()) == 300)
      #expect(savedSwim.statistics(for: HKQuantityType(.swimmingStrokeCount))?.startDate == start)
      #expect(savedSwim.totalFlightsClimbed == nil)
      #expect(savedWalk.totalFlightsClimbed?.doubleValue(for: .count()) == 20)
      #expect(savedWalk.statistics(for: HKQuantityType(.distanceWalkingRunning)) == nil)
      #expect(savedWalk.allStatistics.count == 1)
      // One activity of the workout's own type spans each (Apple: every workout has one).
      #expect(savedSwim.workoutActivities.count == 1)
      #expect(savedSwim.workoutActivities.first?.workoutConfiguration.activityType == .swimming)
      #expect(savedSwim.workoutActivities.first?.startDate == start)
      #expect(savedSwim.workoutActivities.first?.endDate == start.addingTimeInterval(2400))
      #expect(savedSwim.workoutActivities.first?.duration == 2400)

      let metres = HKWorkout(
        activityType: .swimming, start: start, end: start.addingTimeInterval(600),
        workoutEvents: nil, totalEnergyBurned: nil, totalDistance: nil,
        totalSwimmingStrokeCount: HKQuantity(unit: .meter(), doubleValue: 50), device: nil,
        metadata: nil)
      let refused = await #expect(throws: HKError.self) { try await store.save(metres) }
      #expect(refused?.code == .errorInvalidArgument)
      #expect(refused?.localizedDescription.contains("is not a count") == true)
    }
  }

  /// `add(_:to:completion:)` saves the samples not saved yet and associates them: a heart-rate
  /// reading 10 minutes before the workout (outside the store's own association) is found by
  /// `predicateForObjects(from:)` only once added.
  @Test func samplesAddedToAWorkoutAreFoundWithIt() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [Self.workoutType, heartRate], read: [Self.workoutType, heartRate])
      let start = simulation.now.addingTimeInterval(-3600)
      let workout = HKWorkout(
        activityType: .running, start: start, end: start.addingTimeInterval(1800))
      func reading(_ offset: TimeInterval, _ value: Double) -> HKQuantitySample {
        let date = start.addingTimeInterval(offset)
        return HKQuantitySample(
          type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date,
          end: date)
      }
      let inside = reading(600, 140)
      let before = reading(-600, 90)

      let refused = Mutex<(Bool, HKError?)?>(nil)
      store.add([inside], to: workout) { ok, error in
        refused.withLock { $0 = (ok, error as? HKError) }
      }
      await simulation.settle()
      // Not saved yet: refused, naming the fix.
      #expect(refused.withLock { $0?.0 } == false)
      #expect(refused.withLock { $0?.1?.code } == .errorInvalidArgument)
      #expect(refused.withLock { $0?.1?.localizedDescription.contains("save it first") } == true)

      try await store.save(workout)
      let ofWorkout = HKQuery.predicateForObjects(from: workout)
      let added = Mutex<Bool?>(nil)
      store.add([inside, before], to: workout) { ok, _ in added.withLock { $0 = ok } }
      await simulation.settle()
      #expect(added.withLock { $0 } == true)
      // Both saved (2 readings), both associated: 140 and 90 bpm.
      #expect(await samples(store, simulation, heartRate).samples?.count == 2)
      let values =
        (await samples(store, simulation, heartRate, predicate: ofWorkout).samples
        as? [HKQuantitySample] ?? []).map { $0.quantity.doubleValue(for: bpm) }.sorted()
      #expect(values == [90, 140])
      // Adding does not change the workout's duration (1800 s).
      let stored = await samples(store, simulation, Self.workoutType).samples?.first as? HKWorkout
      #expect(stored?.duration == 1800)
    }
  }

  /// The builder's run (600 s, one running activity with 60 kcal) is found by activity
  /// predicates inside `predicateForWorkouts(activityPredicate:)`.
  @Test func activityPredicatesFindTheBuildersWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [Self.workoutType], read: [heartRate, activeEnergy, Self.workoutType])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())

      func count(_ activity: NSPredicate) async -> Int? {
        await samples(
          store, simulation, Self.workoutType,
          predicate: HKQuery.predicateForWorkouts(activityPredicate: activity)
        ).samples?.count
      }
      #expect(
        await count(HKQuery.predicateForWorkoutActivities(workoutActivityType: .running)) == 1)
      #expect(
        await count(HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)) == 0)
      // Active 600 s: ≥ 600 matches, > 600 does not.
      #expect(
        await count(
          HKQuery.predicateForWorkoutActivities(operatorType: .greaterThanOrEqualTo, duration: 600))
          == 1)
      #expect(
        await count(
          HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 600))
          == 0)
      // 60 spans of 1 kcal: the sum is 60 kcal exactly.
      let sixty = HKQuantity(unit: .kilocalorie(), doubleValue: 60)
      #expect(
        await count(
          HKQuery.predicateForWorkoutActivities(
            operatorType: .equalTo, quantityType: activeEnergy, sumQuantity: sixty)) == 1)
      // Constant 150 bpm: minimum, maximum and average are 150.
      let high = HKQuantity(unit: bpm, doubleValue: 150)
      #expect(
        await count(
          HKQuery.predicateForWorkoutActivities(
            operatorType: .equalTo, quantityType: heartRate, averageQuantity: high)) == 1)
      #expect(
        await count(
          HKQuery.predicateForWorkoutActivities(
            operatorType: .lessThan, quantityType: heartRate, maximumQuantity: high)) == 0)
      // Within the workout's dates, and a compound: running AND longer than 900 s is none.
      #expect(
        await count(
          HKQuery.predicateForWorkoutActivities(
            start: workout.startDate, end: workout.endDate, options: .strictStartDate)) == 1)
      #expect(
        await count(
          NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForWorkoutActivities(workoutActivityType: .running),
            HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 900),
          ])) == 0)
    }
  }

  /// `predicateForObjects(withDeviceProperty:allowedValues:)` matches the app's samples by
  /// their device's name and manufacturer.
  @Test func devicePropertyPredicate() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let scale = HKDevice(
        name: "Scale", manufacturer: "Acme", model: nil, hardwareVersion: nil,
        firmwareVersion: nil, softwareVersion: nil, localIdentifier: nil,
        udiDeviceIdentifier: nil)
      let now = simulation.now
      func walk(_ count: Double, _ device: HKDevice) -> HKQuantitySample {
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
          start: now.addingTimeInterval(-60), end: now, device: device, metadata: nil)
      }
      try await store.save([walk(100, scale), walk(200, .local())])
      func sum(_ key: String, _ values: Set<String>) async -> Double? {
        let predicate = HKQuery.predicateForObjects(withDeviceProperty: key, allowedValues: values)
        return (await samples(store, simulation, steps, predicate: predicate).samples ?? [])
          .compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) }
          .reduce(0, +)
      }
      #expect(await sum(HKDevicePropertyKeyName, ["Scale"]) == 100)
      // 100 + 200: both manufacturers allowed.
      #expect(await sum(HKDevicePropertyKeyManufacturer, ["Acme", "Apple Inc."]) == 300)
      // The scale has no model; the watch's is "Watch".
      #expect(await sum(HKDevicePropertyKeyModel, ["Watch"]) == 200)
      #expect(await sum(HKDevicePropertyKeyFirmwareVersion, ["1.0"]) == 0)
    }
  }

  /// The twelve metadata keys have the SDK's raw values.
  @Test func metadataKeyRawValues() {
    #expect(HKMetadataKeySyncIdentifier == "HKMetadataKeySyncIdentifier")
    #expect(HKMetadataKeySyncVersion == "HKMetadataKeySyncVersion")
    #expect(HKMetadataKeyWasUserEntered == "HKWasUserEntered")
    #expect(HKMetadataKeyExternalUUID == "HKExternalUUID")
    #expect(HKMetadataKeyAverageSpeed == "HKAverageSpeed")
    #expect(HKMetadataKeyMaximumSpeed == "HKMaximumSpeed")
    #expect(HKMetadataKeyWeatherTemperature == "HKWeatherTemperature")
    #expect(HKMetadataKeyWorkoutBrandName == "HKWorkoutBrandName")
    #expect(HKMetadataKeyHeartRateMotionContext == "HKMetadataKeyHeartRateMotionContext")
    #expect(HKMetadataKeySwimmingLocationType == "HKSwimmingLocationType")
    #expect(HKMetadataKeySwimmingStrokeStyle == "HKSwimmingStrokeStyle")
    #expect(HKMetadataKeyLapLength == "HKLapLength")
  }

  /// A saved workout's events keep their durations and metadata, in the workout a sample query
  /// reads back and in the store's record of it (what the store's workout predicates and
  /// statistics read): a run from t = −3600 s to −1800 s with a 300 s lap from −3000 s tagged
  /// `"Split": "first"` and a 600 s segment from −2400 s tagged `"Round": 2` gives the record a
  /// lap at −3000 s lasting 300 s with `.string("first")` and a segment at −2400 s lasting
  /// 600 s with `.number(2)`.
  @Test func savedEventsKeepTheirDurationsAndMetadata() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.workoutType], read: [Self.workoutType])
      let start = simulation.now.addingTimeInterval(-3600)
      let lap = HKWorkoutEvent(
        type: .lap, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 300),
        metadata: ["Split": "first"])
      let segment = HKWorkoutEvent(
        type: .segment,
        dateInterval: DateInterval(start: start.addingTimeInterval(1200), duration: 600),
        metadata: ["Round": 2])
      let run = HKWorkout(
        activityType: .running, start: start, end: start.addingTimeInterval(1800),
        workoutEvents: [lap, segment], totalEnergyBurned: nil, totalDistance: nil, device: nil,
        metadata: nil)
      try await store.save(run)

      let found = try #require(await samples(store, simulation, Self.workoutType).samples)
      let saved = try #require(found.first as? HKWorkout)
      #expect(saved.workoutEvents?.map(\.dateInterval.duration) == [300, 600])
      #expect(saved.workoutEvents?.first?.metadata?["Split"] as? String == "first")
      #expect(saved.workoutEvents?.last?.metadata?["Round"] as? Int == 2)
    }
    let record = try #require(simulation.state.withLock { $0.health.workouts.last })
    #expect(
      record.events == [
        WorkoutEvent(
          .lap, at: .seconds(-3000), duration: .seconds(300),
          metadata: ["Split": .string("first")]),
        WorkoutEvent(
          .segment, at: .seconds(-2400), duration: .seconds(600), metadata: ["Round": .number(2)]),
      ])
  }

  /// `HKDevice`, `HKSourceRevision` and `HKWorkoutEvent` are `Sendable` as the SDK declares
  /// them: they cross into a task.
  @Test func valueClassesAreSendable() async {
    let device = HKDevice.local()
    let revision = HKSourceRevision(source: .default(), version: "1")
    let event = HKWorkoutEvent(
      type: .marker, dateInterval: DateInterval(start: noon(plus: 0), duration: 0), metadata: nil)
    let names = await Task.detached { (device.name, revision.version, event.type) }.value
    #expect(names.0 == "Apple Watch")
    #expect(names.1 == "1")
    #expect(names.2 == .marker)
  }
}

extension HKWorkoutEvent {
  /// The same event at `date`.
  fileprivate func withDate(_ date: Date) -> HKWorkoutEvent {
    HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
  }
}
