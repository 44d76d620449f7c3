import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Every kind the app saves comes back from queries dated at the instants the wall-clock rule
/// read, as quantity and category samples do (docs/swift-api.md#the-wall-clock-rule): a state
/// of mind or a GAD-7 dated `Date()` after `advance(by: .seconds(600))` reads back at virtual
/// now (t = 600), not the real clock (a new user's trial saw December dates on a June
/// simulation). The object the app holds keeps its dates; everything else comes back whole.
@Suite struct WallClockObjectDateTests {
  /// Runs `body` 600 s into a new simulation with sharing and reading `types` granted.
  static func afterTenMinutes(
    _ types: Set<HKSampleType>,
    _ body: @escaping (HKHealthStore, HealthKitSimulation) async throws -> Void
  ) async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: types, read: types)
      try await simulation.advance(by: .seconds(600))
      try await body(store, simulation)
    }
  }

  /// A state of mind, a GAD-7 and a PHQ-9 dated `Date()`: each reads back starting and ending
  /// at virtual now, with its UUID, valence, labels, answers and score; the app's objects keep
  /// the real date.
  @Test func statesOfMindAndScoredAssessments() async throws {
    let mind = HKObjectType.stateOfMindType()
    let gad = HKScoredAssessmentType(.GAD7)
    let phq = HKScoredAssessmentType(.PHQ9)
    try await Self.afterTenMinutes([mind, gad, phq]) { store, simulation in
      let now = Date()
      let mood = HKStateOfMind(
        date: now, kind: .momentaryEmotion, valence: 0.5, labels: [.calm],
        associations: [.fitness])
      let anxiety = HKGAD7Assessment(date: now, answers: Array(repeating: .severalDays, count: 7))
      let depression = HKPHQ9Assessment(
        date: now, answers: Array(repeating: .moreThanHalfTheDays, count: 9))
      try await store.save([mood, anxiety, depression])

      let moods = await samples(store, simulation, mind).samples ?? []
      let readMood = try #require(moods.first as? HKStateOfMind)
      #expect(readMood.startDate == simulation.now)
      #expect(readMood.endDate == simulation.now)
      #expect(readMood.uuid == mood.uuid)
      #expect(readMood.valence == 0.5)
      #expect(readMood.labels == [.calm])
      #expect(readMood.associations == [.fitness])
      #expect(mood.startDate == now)

      let gads = await samples(store, simulation, gad).samples ?? []
      let readGAD = try #require(gads.first as? HKGAD7Assessment)
      #expect(readGAD.startDate == simulation.now)
      #expect(readGAD.uuid == anxiety.uuid)
      // 7 answers of "several days" (1 point each).
      #expect(readGAD.score == 7)
      let phqs = await samples(store, simulation, phq).samples ?? []
      let readPHQ = try #require(phqs.first as? HKPHQ9Assessment)
      #expect(readPHQ.endDate == simulation.now)
      // 9 answers of "more than half the days" (2 points each).
      #expect(readPHQ.score == 18)
    }
  }

  /// An audiogram from `Date() - 300` to `Date()` and a CDA document over the same five
  /// minutes read back from t = 300 to t = 600, with their points and title.
  @Test func audiogramsAndDocuments() async throws {
    let audiogramType = HKObjectType.audiogramSampleType()
    let cda = HKObjectType.documentType(forIdentifier: .CDA)!
    try await Self.afterTenMinutes([audiogramType, cda]) { store, simulation in
      let now = Date()
      let point = try HKAudiogramSensitivityPoint(
        frequency: HKQuantity(unit: .hertz(), doubleValue: 1000),
        tests: [
          HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 20), type: .air,
            masked: false, side: .left, clampingRange: nil)
        ])
      let audiogram = HKAudiogramSample(
        sensitivityPoints: [point], start: now - 300, end: now, metadata: nil)
      let document = try HKCDADocumentSample(
        data: Data(NewestTypesTests.cdaXML.utf8), startDate: now - 300, endDate: now,
        metadata: nil)
      try await store.save([audiogram, document])
      let five = simulation.now.addingTimeInterval(-300)

      let audiograms = await samples(store, simulation, audiogramType).samples ?? []
      let readAudiogram = try #require(audiograms.first as? HKAudiogramSample)
      #expect(readAudiogram.startDate == five)
      #expect(readAudiogram.endDate == simulation.now)
      #expect(
        readAudiogram.sensitivityPoints.first?.frequency.doubleValue(for: .hertz()) == 1000)
      let documents = await samples(store, simulation, cda).samples ?? []
      let readDocument = try #require(documents.first as? HKCDADocumentSample)
      #expect(readDocument.startDate == five)
      #expect(readDocument.endDate == simulation.now)
      #expect(readDocument.uuid == document.uuid)
    }
  }

  /// A workout of HKWorkout's deprecated initializer from `Date() - 1800` to `Date()` with a
  /// pause at `Date() - 900` lasting 60 s: read back from t = -1200 to t = 600, the pause at
  /// t = -300, its one activity over the same span, its duration (1740 s) and energy (250
  /// kcal) kept.
  @Test func workoutsOfTheDeprecatedInitializers() async throws {
    let workoutType = HKObjectType.workoutType()
    try await Self.afterTenMinutes([workoutType]) { store, simulation in
      let now = Date()
      let pause = HKWorkoutEvent(
        type: .pause, dateInterval: DateInterval(start: now - 900, duration: 60), metadata: nil)
      let resume = HKWorkoutEvent(
        type: .resume, dateInterval: DateInterval(start: now - 840, duration: 0), metadata: nil)
      let workout = HKWorkout(
        activityType: .running, start: now - 1800, end: now, workoutEvents: [pause, resume],
        totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 250),
        totalDistance: HKQuantity(unit: .meter(), doubleValue: 5000), metadata: nil)
      try await store.save(workout)

      let found = await samples(store, simulation, workoutType).samples ?? []
      let read = try #require(found.first as? HKWorkout)
      let virtualNow = simulation.now
      #expect(read.uuid == workout.uuid)
      #expect(read.startDate == virtualNow - 1800)
      #expect(read.endDate == virtualNow)
      #expect(
        read.workoutEvents?.map(\.dateInterval.start) == [virtualNow - 900, virtualNow - 840])
      #expect(read.workoutActivities.first?.startDate == virtualNow - 1800)
      #expect(read.workoutActivities.first?.endDate == virtualNow)
      // 1800 s less the 60 s pause.
      #expect(read.duration == 1740)
      #expect(read.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 250)
      #expect(workout.startDate == now - 1800)
    }
  }

  /// One `save` of a step sample dated `Date()` and a workout dated on virtual time (t = -1200
  /// to t = 600, a pause at t = -300): the sample reads back at virtual now, the workout as the
  /// app made it, the same object with its own dates, as it would saved alone (fix21: each
  /// object is judged on its own dates, not on the call's).
  @Test func aVirtualWorkoutBesideARealClockSampleKeepsItsDates() async throws {
    let workoutType = HKObjectType.workoutType()
    try await Self.afterTenMinutes([workoutType, steps]) { store, simulation in
      let virtualNow = simulation.now
      let pause = HKWorkoutEvent(
        type: .pause, dateInterval: DateInterval(start: virtualNow - 900, duration: 60),
        metadata: nil)
      let workout = HKWorkout(
        activityType: .running, start: virtualNow - 1800, end: virtualNow,
        workoutEvents: [pause], totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
      let now = Date()
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: now, end: now)
      try await store.save([sample, workout])

      let read = try #require(
        await samples(store, simulation, workoutType).samples?.first as? HKWorkout)
      #expect(read === workout)
      #expect(read.startDate == virtualNow - 1800)
      #expect(read.endDate == virtualNow)
      #expect(read.workoutEvents?.map(\.dateInterval.start) == [virtualNow - 900])
      let readSample = try #require(await samples(store, simulation, steps).samples?.first)
      #expect(readSample.startDate == virtualNow)
    }
  }

  /// A blood pressure dated `Date()`: the correlation a correlation query and a sample query
  /// give back, and both of its samples, are at virtual now.
  @Test func correlationsAndTheirObjects() async throws {
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    try await Self.afterTenMinutes([systolic, diastolic]) { store, simulation in
      let pressure = CorrelationAndSourceTests.bloodPressure(at: Date())
      try await store.save(pressure)
      let queried: [HKCorrelation]? = await result(store, simulation) { finish in
        HKCorrelationQuery(
          type: HKCorrelationType(.bloodPressure), predicate: nil, samplePredicates: nil
        ) { _, correlations, _ in finish(correlations ?? []) }
      }
      let read = try #require(queried?.first)
      #expect(read.uuid == pressure.uuid)
      #expect(read.startDate == simulation.now)
      #expect(read.objects.map(\.startDate) == [simulation.now, simulation.now])
      let values = read.objects.compactMap { ($0 as? HKQuantitySample)?.quantity }
        .map { $0.doubleValue(for: .millimeterOfMercury()) }.sorted()
      #expect(values == [80, 120])
      let sampled = await samples(store, simulation, HKCorrelationType(.bloodPressure)).samples
      #expect(sampled?.first?.endDate == simulation.now)
    }
  }

  /// A heartbeat series begun at `Date() - 300` with beats at 0 and 2 s reads back from
  /// t = 300 to t = 302 (whole seconds: a date shifted from the real clock is read to the whole
  /// second, docs/swift-api.md#the-wall-clock-rule). Not `Date() - 10`: on a loaded machine the
  /// calls before the builder took 10 s of real time (two CI runs, 9.65 s), so the real clock had
  /// shown that date since the simulation was made, and the rule rightly read it as a kept date
  /// (virtual time then, before the advance), as WallClockCollectionTests' heartbeat test found.
  @Test func heartbeatSeries() async throws {
    let heartbeat = HKSeriesType.heartbeat()
    try await Self.afterTenMinutes([heartbeat]) { store, simulation in
      let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: Date() - 300)
      try await builder.addHeartbeat(at: 0, precededByGap: false)
      try await builder.addHeartbeat(at: 2, precededByGap: false)
      let series = try await builder.finishSeries()
      let found = await samples(store, simulation, heartbeat).samples ?? []
      let read = try #require(found.first as? HKHeartbeatSeriesSample)
      #expect(read.uuid == series.uuid)
      #expect(read.startDate == simulation.now - 300)
      #expect(read.endDate == simulation.now - 298)
      #expect(read.count == 2)
    }
  }

  /// Blocks the calling thread for `seconds` of real time (the app's code running long).
  static func letRealTimePass(_ seconds: TimeInterval) {
    Thread.sleep(forTimeInterval: seconds)
  }

  /// A heartbeat series and a quantity series begun at `Date() - 300` and finished after more
  /// than half a second of real time: each starts at t = 600 - 300 = 300, where the app's
  /// clock stood when it made the builder, not a second earlier. The heartbeat series ends at
  /// its last beat, 300 + 2 = 302; the step series at its last quantity's end, 300 + 60 = 360.
  /// Before, the start was read only at `finishSeries`, as virtual now shifted by the real
  /// distance then, 300.6 s or more rounding to 301: the series were stored at 299 (a loaded
  /// CI run: 3 s early). The wait is real time on purpose (it stands for the beats' calls on a
  /// loaded machine) and only ever makes the old reading later; nothing here is timed.
  @Test func seriesBegunAtTheRealClockStartWhereTheBuilderWasMade() async throws {
    let heartbeat = HKSeriesType.heartbeat()
    try await Self.afterTenMinutes([heartbeat, steps]) { store, simulation in
      let start = Date() - 300
      let beats = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: start)
      let counts = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: start, device: nil)
      try await beats.addHeartbeat(at: 0, precededByGap: false)
      try await beats.addHeartbeat(at: 2, precededByGap: false)
      try counts.insert(
        HKQuantity(unit: .count(), doubleValue: 40), for: DateInterval(start: start, duration: 60))
      Self.letRealTimePass(0.6)
      _ = try await beats.finishSeries()
      _ = try await counts.finishSeries(metadata: nil)

      let series = await samples(store, simulation, heartbeat).samples ?? []
      let readSeries = try #require(series.first)
      #expect(readSeries.startDate == simulation.now - 300)
      #expect(readSeries.endDate == simulation.now - 298)
      let stepSamples = await samples(store, simulation, steps).samples ?? []
      let readSteps = try #require(stepSamples.first)
      #expect(readSteps.startDate == simulation.now - 300)
      #expect(readSteps.endDate == simulation.now - 240)
    }
  }

  /// Quantities inserted at real-clock dates stay where the app's clock stood at `insert`,
  /// however far virtual time moves before `finishSeries`. At t = 600, `now = Date()`: the
  /// builder starts at `now` (600) and 40 steps go in over `now ... now + 60` (600 ... 660);
  /// at t = 600 + 7200 = 7800, `later = Date()`: 20 steps at `later` (7800) and 5 at
  /// `later - 3600` (7800 - 3600 = 4200); the series is finished at 7800 + 300 = 8100. Read
  /// back: the sample 600 ... 7800 (its latest quantity's end), the quantities 600 ... 660,
  /// 4200 and 7800 in start order. Every date is a `Date()` the real clock showed or whole
  /// seconds from one the call passed, so a loaded machine reads them the same (an hour before
  /// `later` the real clock had not shown yet when the simulation was made). Before, the
  /// quantities kept the app's real dates (the query handed out the real day's dates on a
  /// simulation of another day), only the sample's start and end being read, at the save.
  @Test func seriesQuantitiesAreReadWhenInserted() async throws {
    try await Self.afterTenMinutes([steps]) { store, simulation in
      let zero = simulation.now - 600
      let now = Date()
      let builder = HKQuantitySeriesSampleBuilder(
        healthStore: store, quantityType: steps, startDate: now, device: nil)
      try builder.insert(
        HKQuantity(unit: .count(), doubleValue: 40), for: DateInterval(start: now, duration: 60))
      try await simulation.advance(by: .seconds(7200))
      let later = Date()
      try builder.insert(HKQuantity(unit: .count(), doubleValue: 20), at: later)
      try builder.insert(HKQuantity(unit: .count(), doubleValue: 5), at: later - 3600)
      try await simulation.advance(by: .seconds(300))
      _ = try await builder.finishSeries(metadata: nil)

      let read = try #require(await samples(store, simulation, steps).samples?.first)
      #expect(read.startDate == zero + 600)
      #expect(read.endDate == zero + 7800)
      var quantities: [(Double, DateInterval)] = []
      for try await result in HKQuantitySeriesSampleQueryDescriptor(
        predicate: .quantitySample(type: steps)
      ).results(for: store) {
        quantities.append((result.quantity.doubleValue(for: .count()), result.dateInterval))
      }
      #expect(quantities.map(\.0) == [40, 5, 20])
      #expect(
        quantities.map(\.1) == [
          DateInterval(start: zero + 600, duration: 60),
          DateInterval(start: zero + 4200, duration: 0),
          DateInterval(start: zero + 7800, duration: 0),
        ])
    }
  }
}
