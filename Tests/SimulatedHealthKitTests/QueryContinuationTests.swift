import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// A continuation around `execute(query)` for the query classes that `AppPatternsTests` and
/// `ContinuationResumeTests` do not await that way, written as apps write them: the handler
/// resumes the app's own `withCheckedThrowingContinuation` (at `done` for the queries that call
/// it more than once), awaited inside `run` before any `advance` and with no `settle()`. Each
/// would hang if the simulation waited for the test to call it before delivering the results
/// (docs/swift-api.md#time-and-callbacks).
///
/// With `AppPatternsTests` (statistics, sample, anchored object, statistics collection) and
/// `ContinuationResumeTests` (those, activity summary, workout route, source) every
/// `HKQuery` subclass of SimulatedHealthKit is covered.
@Suite struct QueryContinuationTests {
  @Test func anObserverQuery() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let once = Mutex(false)
      let query = Mutex<HKObserverQuery?>(nil)
      let called: Date = try await withCheckedThrowingContinuation { continuation in
        let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, error in
          completion()
          // Resumed once: the handler runs again at every later change of the type.
          let first = once.withLock { resumed in
            defer { resumed = true }
            return !resumed
          }
          guard first else { return }
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: simulation.now)
        }
        query.withLock { $0 = observer }
        store.execute(observer)
      }
      // HealthKit calls an observer query's handler once when it starts: at virtual now, the
      // scenario's start.
      #expect(called == simulation.startDate)
      if let observer = query.withLock({ $0 }) { store.stop(observer) }
    }
  }

  @Test func aCorrelationQuery() async throws {
    let pressure = CorrelationAndSourceTests.pressure
    let systolic = CorrelationAndSourceTests.systolic
    let diastolic = CorrelationAndSourceTests.diastolic
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [systolic, diastolic], read: [systolic, diastolic])
      try await store.save(CorrelationAndSourceTests.bloodPressure(at: simulation.now))
      let readings: [Double] = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKCorrelationQuery(type: pressure, predicate: nil, samplePredicates: nil) {
            _, correlations, error in
            if let error { return continuation.resume(throwing: error) }
            // The one correlation saved: 120 over 80 mmHg.
            let values = (correlations ?? []).flatMap { correlation in
              [systolic, diastolic].compactMap {
                (correlation.objects(for: $0).first as? HKQuantitySample)?.quantity.doubleValue(
                  for: CorrelationAndSourceTests.mmHg)
              }
            }
            continuation.resume(returning: values)
          })
      }
      #expect(readings == [120, 80])
    }
  }

  @Test func aHeartbeatSeriesQuery() async throws {
    try await NewestTypesTests().withStore([NewestTypesTests.heartbeat]) { store, simulation in
      let builder = HKHeartbeatSeriesBuilder(
        healthStore: store, device: nil, start: simulation.now.addingTimeInterval(-10))
      try await builder.addHeartbeat(at: 0.0, precededByGap: false)
      try await builder.addHeartbeat(at: 0.8, precededByGap: false)
      try await builder.addHeartbeat(at: 1.65, precededByGap: true)
      let series = try await builder.finishSeries()
      let beats = Mutex<[TimeInterval]>([])
      let times: [TimeInterval] = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, _, done, error in
            if let error { return continuation.resume(throwing: error) }
            let all = beats.withLock {
              $0.append(time)
              return $0
            }
            // One call per beat, `done` with the last.
            if done { continuation.resume(returning: all) }
          })
      }
      #expect(times == [0.0, 0.8, 1.65])
    }
  }

  @Test func aQuantitySeriesSampleQuery() async throws {
    try await withAuthorizedStore { store, simulation in
      let start = simulation.now.addingTimeInterval(-60)
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: heartRate, startDate: start, device: nil)
      try builder.insert(HKQuantity(unit: bpm, doubleValue: 60), at: start)
      try builder.insert(HKQuantity(unit: bpm, doubleValue: 90), at: start.addingTimeInterval(10))
      let sample = try #require(try await builder.finishSeries(metadata: nil).first)
      let read = Mutex<[Double]>([])
      let values: [Double] = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKQuantitySeriesSampleQuery(
            quantityType: heartRate, predicate: HKQuery.predicateForObject(with: sample.uuid)
          ) { _, quantity, _, _, done, error in
            if let error { return continuation.resume(throwing: error) }
            let all = read.withLock {
              if let quantity { $0.append(quantity.doubleValue(for: bpm)) }
              return $0
            }
            // One call per quantity in time order, `done` with the last.
            if done { continuation.resume(returning: all) }
          })
      }
      #expect(values == [60, 90])
    }
  }

  @Test func aDocumentQuery() async throws {
    try await NewestTypesTests().withStore([NewestTypesTests.cda]) { store, simulation in
      let document = try HKCDADocumentSample(
        data: Data(NewestTypesTests.cdaXML.utf8),
        startDate: simulation.now.addingTimeInterval(-60), endDate: simulation.now,
        metadata: nil)
      try await store.save(document)
      let found = Mutex<[String]>([])
      let titles: [String] = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKDocumentQuery(
            documentType: NewestTypesTests.cda, predicate: nil, limit: HKObjectQueryNoLimit,
            sortDescriptors: nil, includeDocumentData: false
          ) { _, samples, done, error in
            if let error { return continuation.resume(throwing: error) }
            let all = found.withLock {
              $0 += (samples ?? []).compactMap { ($0 as? HKCDADocumentSample)?.document?.title }
              return $0
            }
            if done { continuation.resume(returning: all) }
          })
      }
      // The title of NewestTypesTests.cdaXML.
      #expect(titles == ["Summary of care"])
    }
  }

  @Test func anElectrocardiogramQuery() async throws {
    let simulation = try ecgSimulation()
    try await simulation.run {
      let store = HKHealthStore()
      let type = HKObjectType.electrocardiogramType()
      try await store.requestAuthorization(toShare: [], read: [type])
      let ecg: HKElectrocardiogram = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKSampleQuery(sampleType: type, predicate: nil, limit: 1, sortDescriptors: nil) {
            _, samples, error in
            if let error { return continuation.resume(throwing: error) }
            guard let ecg = samples?.first as? HKElectrocardiogram else {
              return continuation.resume(throwing: HKError(.errorNoData))
            }
            continuation.resume(returning: ecg)
          })
      }
      let counted = Mutex(0)
      let measurements: Int = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKElectrocardiogramQuery(ecg) { _, result in
            switch result {
            case .measurement: counted.withLock { $0 += 1 }
            case .done: continuation.resume(returning: counted.withLock { $0 })
            case .error(let error): continuation.resume(throwing: error)
            }
          })
      }
      // 30 s at 512 Hz: 15 360 measurements, then `done`.
      #expect(measurements == 15_360)
    }
  }

  @Test func aUserAnnotatedMedicationQuery() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    MedicationTests.addMedications(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      simulation.answerPerObjectReadRequests(.allowMedications(["vitamin-d", "amoxicillin"]))
      try await store.requestPerObjectReadAuthorization(
        for: MedicationTests.medicationType, predicate: nil)
      let seen = Mutex<[String]>([])
      let names: [String] = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKUserAnnotatedMedicationQuery(predicate: nil, limit: HKObjectQueryNoLimit) {
            _, medication, done, error in
            if let error { return continuation.resume(throwing: error) }
            let all = seen.withLock {
              if let medication { $0.append(medication.medication.displayText) }
              return $0
            }
            // One call per medication, then `nil` with `done`.
            if done { continuation.resume(returning: all) }
          })
      }
      // The two the person allowed, in the order they were added (ibuprofen is not allowed).
      #expect(names == ["Vitamin D3 1000 IU", "Amoxicillin 500 mg"])
    }
  }

  @Test func aWorkoutEffortRelationshipQuery() async throws {
    let rated = HKQuantityType(.workoutEffortScore)
    let workoutType = HKObjectType.workoutType()
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [rated, workoutType], read: [rated, workoutType])
      let end = simulation.now
      let workout = HKWorkout(
        activityType: .running, start: end.addingTimeInterval(-1800), end: end)
      try await store.save(workout)
      let effort = HKQuantitySample(
        type: rated, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 7),
        start: workout.startDate, end: workout.endDate)
      #expect(try await store.relateWorkoutEffortSample(effort, with: workout, activity: nil))
      let query = Mutex<HKWorkoutEffortRelationshipQuery?>(nil)
      let resumed = Mutex(false)
      let first: ([[Double]], HKQueryAnchor?) = try await withCheckedThrowingContinuation {
        continuation in
        let relationships = HKWorkoutEffortRelationshipQuery(
          predicate: HKQuery.predicateForObject(with: workout.uuid), anchor: nil,
          options: .default
        ) { _, relationships, anchor, error in
          // The first call resumes it (a long-running query: later relates call again).
          let first = resumed.withLock { resumed in
            defer { resumed = true }
            return !resumed
          }
          guard first else { return }
          if let error { return continuation.resume(throwing: error) }
          let scores = (relationships ?? []).map { relationship in
            (relationship.samples ?? []).compactMap {
              ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .appleEffortScore())
            }
          }
          continuation.resume(returning: (scores, anchor))
        }
        query.withLock { $0 = relationships }
        store.execute(relationships)
      }
      // The one relationship: the workout with its rating 7, related first (anchor 1).
      #expect(first.0 == [[7]])
      #expect(first.1 == HKQueryAnchor(fromValue: 1))
      if let running = query.withLock({ $0 }) { store.stop(running) }
    }
  }
}
