import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// `delete(_:)` and `deleteObjects(of:predicate:)` take every object the app saved, of every kind
/// the store holds: "Deletes objects saved by this application that match the provided type and
/// predicate" (https://developer.apple.com/documentation/healthkit/hkhealthstore/deleteobjects(of:predicate:withcompletion:)).
@Suite struct AppObjectDeletionTests {
  /// One object of each kind an app saves (a route and a heartbeat series from their builders,
  /// an audiogram, a GAD-7, a CDA document, a state of mind, a quantity series, a related effort
  /// score, two workouts: one saved, one from a builder without a session) is deleted by
  /// `deleteObjects(of:)` of its type with `NSPredicate(value: true)`: 1 each, 2 workouts. A
  /// glasses prescription the app saved goes too (1), without the per-object read sheet it
  /// needs to read it: before, the read rule hid it and the count was 0.
  @Test func everyKindTheAppSavesIsDeleted() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    var counts: [String: Int] = [:]
    var prescriptionsLeft = -1
    try await simulation.run {
      let store = HKHealthStore()
      let workoutType = HKObjectType.workoutType()
      let route = HKSeriesType.workoutRoute()
      let heartbeat = HKSeriesType.heartbeat()
      let audiogram = HKObjectType.audiogramSampleType()
      let prescription = HKObjectType.visionPrescriptionType()
      let gad7 = HKScoredAssessmentType(.GAD7)
      let cda = try #require(HKObjectType.documentType(forIdentifier: .CDA))
      let mind = HKObjectType.stateOfMindType()
      let effort = HKQuantityType(.workoutEffortScore)
      let heartRate = HKQuantityType(.heartRate)
      let shared: Set<HKSampleType> = [
        workoutType, route, heartbeat, audiogram, prescription, gad7, cda, mind, effort, heartRate,
      ]
      try await store.requestAuthorization(
        toShare: shared, read: Set(shared.filter { $0 != prescription }))
      let hour = simulation.now.addingTimeInterval(-3600)
      let logged = HKWorkout(
        activityType: .running, start: hour, end: hour.addingTimeInterval(600))
      try await store.save(logged)
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let builder = HKWorkoutBuilder(
        healthStore: store, configuration: configuration, device: nil)
      try await builder.beginCollection(at: hour)
      try await builder.endCollection(at: hour.addingTimeInterval(300))
      let built = try #require(try await builder.finishWorkout())
      let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
      try await routeBuilder.insertRouteData([
        CLLocation(
          coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), altitude: 0,
          horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: hour)
      ])
      _ = try await routeBuilder.finishRoute(with: built, metadata: nil)
      let beats = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: hour)
      try await beats.addHeartbeat(at: 0, precededByGap: false)
      try await beats.addHeartbeat(at: 0.9, precededByGap: false)
      _ = try await beats.finishSeries()
      let point = try HKAudiogramSensitivityPoint(
        frequency: HKQuantity(unit: .hertz(), doubleValue: 1000),
        tests: [
          HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 20), type: .air,
            masked: false, side: .left, clampingRange: nil)
        ])
      try await store.save(
        HKAudiogramSample(
          sensitivityPoints: [point], start: hour, end: hour.addingTimeInterval(300),
          metadata: nil))
      try await store.save(VisionPrescriptionTests.glasses(issued: hour))
      try await store.save(
        HKGAD7Assessment(
          date: hour, answers: Array(repeating: .notAtAll, count: 7), metadata: nil))
      try await store.save(
        try HKCDADocumentSample(
          data: Data(NewestTypesTests.cdaXML.utf8), startDate: hour, endDate: simulation.now,
          metadata: nil))
      try await store.save(
        HKStateOfMind(
          date: hour, kind: .dailyMood, valence: 0.1, labels: [.happy], associations: [.work]))
      #expect(
        try await store.relateWorkoutEffortSample(
          HKQuantitySample(
            type: effort, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 7),
            start: logged.startDate, end: logged.endDate), with: logged, activity: nil))
      let bpm = HKUnit.count().unitDivided(by: .minute())
      let series = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: heartRate, startDate: hour, device: nil)
      try series.insert(HKQuantity(unit: bpm, doubleValue: 60), at: hour)
      try series.insert(HKQuantity(unit: bpm, doubleValue: 70), at: hour.addingTimeInterval(10))
      _ = try await series.finishSeries(metadata: nil)
      for type in [
        route, heartbeat, audiogram, prescription, gad7, cda, mind, effort, heartRate, workoutType,
      ] as [HKSampleType] {
        counts[type.identifier] = try await store.deleteObjects(
          of: type, predicate: NSPredicate(value: true))
      }
      simulation.answerPerObjectReadRequests(.allowAll)
      try await store.requestPerObjectReadAuthorization(for: prescription, predicate: nil)
      prescriptionsLeft = try await queriedSamples(store, prescription).count
    }
    #expect(
      counts == [
        "HKWorkoutRouteTypeIdentifier": 1, "HKDataTypeIdentifierHeartbeatSeries": 1,
        "HKDataTypeIdentifierAudiogram": 1, "HKVisionPrescriptionTypeIdentifier": 1,
        "HKScoredAssessmentTypeIdentifierGAD7": 1, "HKDocumentTypeIdentifierCDA": 1,
        "HKDataTypeStateOfMind": 1, "HKQuantityTypeIdentifierWorkoutEffortScore": 1,
        "HKQuantityTypeIdentifierHeartRate": 1, "HKWorkoutTypeIdentifier": 2,
      ])
    #expect(prescriptionsLeft == 0)
  }

  /// The samples a live workout builder collected are saved under the app's source, so they
  /// are the app's to delete, as on a device where its workout's heart rate lists the app as
  /// its source. A 60 s run of `constantRun` holds 13 heart-rate samples (every 5 s, at 0, 5,
  /// ..., 60 s) and 6 energy samples (one per 10 s span): `delete(_:)` of the first heart-rate
  /// sample a query returns succeeds, `deleteObjects(of:)` then takes the other 12 and the 6 (before,
  /// both answered as for another source's objects: "Not authorized", and 0).
  @Test func aLiveWorkoutsCollectedSamplesAreTheAppsToDelete() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    var before: (heartRate: Int, energy: Int) = (-1, -1)
    var deleted: (heartRate: Int, energy: Int) = (-1, -1)
    var left = -1
    try await simulation.run {
      let store = HKHealthStore()
      let heartRate = HKQuantityType(.heartRate)
      let energy = HKQuantityType(.activeEnergyBurned)
      let types: Set<HKSampleType> = [heartRate, energy, .workoutType()]
      try await store.requestAuthorization(toShare: types, read: types)
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(60))
      session.end()
      try await builder.endCollection(at: simulation.now)
      _ = try await builder.finishWorkout()
      let heartRates = try await queriedSamples(store, heartRate)
      before = (heartRates.count, try await queriedSamples(store, energy).count)
      try await store.delete(try #require(heartRates.first))
      deleted = (
        try await store.deleteObjects(of: heartRate, predicate: NSPredicate(value: true)),
        try await store.deleteObjects(of: energy, predicate: NSPredicate(value: true))
      )
      left = try await queriedSamples(store, heartRate).count + queriedSamples(store, energy).count
    }
    #expect(before == (13, 6))
    #expect(deleted == (12, 6))
    #expect(left == 0)
  }

  /// A workout's route goes with it (project rule, docs/healthkit-behaviour.md#deleting-a-workout):
  /// two saved workouts, each with a route (`finishRoute(with:)`); `delete(_:)` of the first and
  /// `deleteObjects(of: .workoutType())` of the second (matching its UUID: 1 workout deleted, the
  /// count is of workouts) leave no route: `predicateForObjects(from:)` of each finds 0, and after the first deletion
  /// the second's route is still there (routes 2 → 1 → 0, attached 0, 1, 0; before, the routes
  /// outlived their workouts: 2, 2, 2 and 1, 1, 1).
  @Test func aWorkoutsRouteIsDeletedWithIt() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    var routes: [Int] = []
    var attached: [Int] = []
    var deletedCount = -1
    try await simulation.run {
      let store = HKHealthStore()
      let route = HKSeriesType.workoutRoute()
      let types: Set<HKSampleType> = [.workoutType(), route]
      try await store.requestAuthorization(toShare: types, read: types)
      let hour = simulation.now.addingTimeInterval(-3600)
      var workouts: [HKWorkout] = []
      for offset in [0.0, 1200] {
        let start = hour.addingTimeInterval(offset)
        let workout = HKWorkout(
          activityType: .running, start: start, end: start.addingTimeInterval(600))
        try await store.save(workout)
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData([
          CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), altitude: 0,
            horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: start)
        ])
        _ = try await builder.finishRoute(with: workout, metadata: nil)
        workouts.append(workout)
      }
      func count(_ predicate: NSPredicate?) async throws -> Int {
        try await HKSampleQueryDescriptor(
          predicates: [.sample(type: route, predicate: predicate)], sortDescriptors: []
        ).result(for: store).count
      }
      routes.append(try await count(nil))
      try await store.delete(workouts[0])
      routes.append(try await count(nil))
      attached.append(try await count(HKQuery.predicateForObjects(from: workouts[0])))
      attached.append(try await count(HKQuery.predicateForObjects(from: workouts[1])))
      deletedCount = try await store.deleteObjects(
        of: .workoutType(), predicate: HKQuery.predicateForObject(with: workouts[1].uuid))
      routes.append(try await count(nil))
      attached.append(try await count(HKQuery.predicateForObjects(from: workouts[1])))
    }
    #expect(routes == [2, 1, 0])
    #expect(attached == [0, 1, 0])
    #expect(deletedCount == 1)
  }
}
