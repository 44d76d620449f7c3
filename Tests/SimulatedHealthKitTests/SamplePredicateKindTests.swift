import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// `HKSamplePredicate`'s typed constructors for the sample classes without a type parameter
/// (iOS 15.4 / watchOS 8.5, vision prescriptions iOS 16 / watchOS 9): each names its type, and
/// `HKSampleQueryDescriptor` returns the samples typed as that class
/// (https://developer.apple.com/documentation/healthkit/hksamplepredicate).
@Suite struct SamplePredicateKindTests {
  static let workoutType = HKObjectType.workoutType()
  static let routeType = HKSeriesType.workoutRoute()
  static let heartbeatType = HKSeriesType.heartbeat()
  static let audiogramType = HKObjectType.audiogramSampleType()
  static let prescriptionType = HKObjectType.visionPrescriptionType()

  /// Each constructor's sample type is the one its class's samples have; the predicate is kept.
  @Test func eachConstructorNamesItsType() {
    let predicate = HKQuery.predicateForObjects(with: [UUID()])
    #expect(HKSamplePredicate.workoutRoute().sampleType == Self.routeType)
    #expect(HKSamplePredicate.workoutRoute(predicate).nsPredicate === predicate)
    #expect(HKSamplePredicate.heartbeatSeries().sampleType == Self.heartbeatType)
    #expect(
      HKSamplePredicate.electrocardiogram().sampleType == HKObjectType.electrocardiogramType())
    #expect(HKSamplePredicate.audiogram().sampleType == Self.audiogramType)
    #expect(HKSamplePredicate.visionPrescription().sampleType == Self.prescriptionType)
    let allergies = HKClinicalType(.allergyRecord)
    #expect(HKSamplePredicate.clinicalRecord(type: allergies).sampleType == allergies)
    #expect(HKSamplePredicate.clinicalRecord(type: allergies).nsPredicate == nil)
    #expect(HKAnchoredObjectQueryNoAnchor == 0)
  }

  /// Two workouts the app logs by hand, the first with a route of 2 points, the second with one
  /// of 3: `.workoutRoute(predicateForObjects(from: second))` returns the second's route only,
  /// typed `HKWorkoutRoute`, and `.workoutRoute()` both, in save order.
  @Test func workoutRouteFindsTheRoutesOfOneWorkout() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [Self.workoutType, Self.routeType], read: [Self.workoutType, Self.routeType])
      func workout(startingHoursAgo hours: Double, points: Int) async throws -> (
        HKWorkout, HKWorkoutRoute
      ) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(
          healthStore: store, configuration: configuration, device: nil)
        let start = simulation.now.addingTimeInterval(-hours * 3600)
        try await builder.beginCollection(at: start)
        try await builder.endCollection(at: start.addingTimeInterval(600))
        let workout = try #require(try await builder.finishWorkout())
        let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await routeBuilder.insertRouteData(
          (0..<points).map { index in
            CLLocation(
              coordinate: CLLocationCoordinate2D(latitude: 0, longitude: Double(index) * 0.001),
              altitude: 0, horizontalAccuracy: 5, verticalAccuracy: 5,
              timestamp: start.addingTimeInterval(Double(index)))
          })
        return (workout, try await routeBuilder.finishRoute(with: workout, metadata: nil))
      }
      let (_, firstRoute) = try await workout(startingHoursAgo: 3, points: 2)
      let (second, secondRoute) = try await workout(startingHoursAgo: 2, points: 3)

      let routes: [HKWorkoutRoute] = try await HKSampleQueryDescriptor(
        predicates: [.workoutRoute(HKQuery.predicateForObjects(from: second))],
        sortDescriptors: []
      ).result(for: store)
      #expect(routes.map(\.uuid) == [secondRoute.uuid])
      #expect(routes.map(\.count) == [3])

      let all = try await HKSampleQueryDescriptor(
        predicates: [.workoutRoute()], sortDescriptors: []
      ).result(for: store)
      #expect(all.map(\.uuid) == [firstRoute.uuid, secondRoute.uuid])
    }
  }

  /// A saved heartbeat series, audiogram and glasses prescription (read once the person allows
  /// it, per object) come back from their typed predicates as `HKHeartbeatSeriesSample`, `HKAudiogramSample` and `HKVisionPrescription`
  /// (its subclass `HKGlassesPrescription` kept); the device has no clinical records, so
  /// `.clinicalRecord(type:)` returns none.
  @Test func savedSamplesComeBackTyped() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let allergies = HKClinicalType(.allergyRecord)
      try await store.requestAuthorization(
        toShare: [Self.heartbeatType, Self.audiogramType, Self.prescriptionType],
        read: [Self.heartbeatType, Self.audiogramType, allergies])
      let hour = simulation.now.addingTimeInterval(-3600)
      let beats = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: hour)
      try await beats.addHeartbeat(at: 0, precededByGap: false)
      try await beats.addHeartbeat(at: 0.9, precededByGap: false)
      let series = try await beats.finishSeries()
      let point = try HKAudiogramSensitivityPoint(
        frequency: HKQuantity(unit: .hertz(), doubleValue: 1000),
        tests: [
          HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 20), type: .air,
            masked: false, side: .left, clampingRange: nil)
        ])
      let audiogram = HKAudiogramSample(
        sensitivityPoints: [point], start: hour, end: hour.addingTimeInterval(300),
        metadata: nil)
      try await store.save(audiogram)
      let glasses = VisionPrescriptionTests.glasses(issued: hour)
      try await store.save(glasses)
      // Prescriptions are read object by object (the person allows each).
      simulation.answerPerObjectReadRequests(.allowAll)
      try await store.requestPerObjectReadAuthorization(for: Self.prescriptionType, predicate: nil)

      let foundSeries: [HKHeartbeatSeriesSample] = try await HKSampleQueryDescriptor(
        predicates: [.heartbeatSeries()], sortDescriptors: []
      ).result(for: store)
      #expect(foundSeries.map(\.uuid) == [series.uuid])
      #expect(foundSeries.map(\.count) == [2])
      let foundAudiograms: [HKAudiogramSample] = try await HKSampleQueryDescriptor(
        predicates: [.audiogram()], sortDescriptors: []
      ).result(for: store)
      #expect(foundAudiograms.map(\.uuid) == [audiogram.uuid])
      let foundPrescriptions: [HKVisionPrescription] = try await HKSampleQueryDescriptor(
        predicates: [.visionPrescription()], sortDescriptors: []
      ).result(for: store)
      #expect(foundPrescriptions.map(\.uuid) == [glasses.uuid])
      #expect(foundPrescriptions.first is HKGlassesPrescription)
      let records: [HKClinicalRecord] = try await HKSampleQueryDescriptor(
        predicates: [.clinicalRecord(type: allergies)], sortDescriptors: []
      ).result(for: store)
      #expect(records.isEmpty)
    }
  }

  /// The scenario's ECG recording (72 count/min, sinus rhythm) comes back from
  /// `.electrocardiogram()` as an `HKElectrocardiogram`.
  @Test func electrocardiogramFindsTheRecording() async throws {
    let simulation = try ecgSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [], read: [HKObjectType.electrocardiogramType()])
      let found: [HKElectrocardiogram] = try await HKSampleQueryDescriptor(
        predicates: [.electrocardiogram()], sortDescriptors: []
      ).result(for: store)
      #expect(found.count == 1)
      #expect(found.first?.classification == .sinusRhythm)
      #expect(found.first?.averageHeartRate?.doubleValue(for: bpm) == 72)
    }
  }
}
