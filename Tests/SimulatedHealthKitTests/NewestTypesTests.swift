import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Heartbeat series, states of mind, CDA documents, clinical types, the newest quantity types and
/// the workout session's archive (docs/healthkit-types.md#heartbeat-series and the sections
/// after it).
@Suite struct NewestTypesTests {
  static let heartbeat = HKSeriesType.heartbeat()
  static let mind = HKObjectType.stateOfMindType()
  static let cda = HKDocumentType(.CDA)

  /// Runs `body` with a store that asked to share and read `types`.
  func withStore(
    _ types: Set<HKSampleType>, extra: String = "",
    _ body: (HKHealthStore, HealthKitSimulation) async throws -> Void
  ) async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]", extra: extra))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: types, read: types)
      try await body(store, simulation)
    }
  }

  // MARK: - Heartbeat series

  /// Three beats at 0.0, 0.8 and 1.65 s, the last after a gap: the sample has count 3, starts at
  /// the builder's start and ends 1.65 s later; the query hands back each beat's time and gap,
  /// `done` only with the last; a sample query finds the series with its metadata.
  @Test func aHeartbeatSeriesOfThreeBeatsWithAGap() async throws {
    try await withStore([Self.heartbeat]) { store, simulation in
      let start = simulation.now.addingTimeInterval(-10)
      let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: .local(), start: start)
      // Added out of order: 0.8 s before 0.0 s; the series keeps time order.
      try await builder.addHeartbeat(at: 0.8, precededByGap: false)
      try await builder.addHeartbeat(at: 0.0, precededByGap: false)
      try await builder.addHeartbeat(at: 1.65, precededByGap: true)
      try await builder.addMetadata(["session": "morning"])
      let series = try await builder.finishSeries()
      #expect(series.count == 3)
      #expect(series.startDate == start)
      // End: start + 1.65 s, the last beat.
      #expect(series.endDate == start.addingTimeInterval(1.65))
      #expect(series.metadata?["session"] as? String == "morning")
      #expect(series.sampleType == Self.heartbeat)

      let beats = Mutex<[(TimeInterval, Bool, Bool)]>([])
      store.execute(
        HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
          #expect(error == nil)
          beats.withLock { $0.append((time, gap, done)) }
        })
      await simulation.settle()
      let delivered = beats.withLock { $0 }
      #expect(delivered.map(\.0) == [0.0, 0.8, 1.65])
      #expect(delivered.map(\.1) == [false, false, true])
      #expect(delivered.map(\.2) == [false, false, true])

      var described: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
      for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) {
        described.append(beat)
      }
      #expect(described.map(\.timeIntervalSinceStart) == [0.0, 0.8, 1.65])
      #expect(described.map(\.precededByGap) == [false, false, true])

      let found = await samples(store, simulation, Self.heartbeat)
      #expect(found.samples?.count == 1)
      let kept = try #require(found.samples?.first as? HKHeartbeatSeriesSample)
      #expect(kept.uuid == series.uuid)
      #expect(kept.device == .local())

      // The sample archives with its beats.
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: series, requiringSecureCoding: true)
      let copy = try #require(
        try NSKeyedUnarchiver.unarchivedObject(ofClass: HKHeartbeatSeriesSample.self, from: data))
      #expect(copy.beats == series.beats)
      #expect(copy.uuid == series.uuid)
    }
  }

  /// A series without beats gets one call with 0, no gap and `done`; the sample lasts 0 s.
  @Test func anEmptyHeartbeatSeries() async throws {
    try await withStore([Self.heartbeat]) { store, simulation in
      let builder = HKHeartbeatSeriesBuilder(
        healthStore: store, device: nil, start: simulation.now)
      let series = try await builder.finishSeries()
      #expect(series.count == 0)
      #expect(series.endDate == series.startDate)
      let calls = Mutex<[(TimeInterval, Bool, Bool)]>([])
      store.execute(
        HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, _ in
          calls.withLock { $0.append((time, gap, done)) }
        })
      await simulation.settle()
      let delivered = calls.withLock { $0 }
      #expect(delivered.count == 1)
      #expect(delivered.first?.0 == 0 && delivered.first?.1 == false && delivered.first?.2 == true)
    }
  }

  /// A negative time, a call after finishing and a type never asked for fail as documented.
  @Test func heartbeatBuilderErrors() async throws {
    try await withStore([Self.heartbeat]) { store, simulation in
      let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: simulation.now)
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "A heartbeat's time since the series start must not be negative: -0.5 s")
      ) { try await builder.addHeartbeat(at: -0.5, precededByGap: false) }
      _ = try await builder.finishSeries()
      await #expect(
        throws: HKError(
          .errorInvalidArgument, "The heartbeat series builder has already been finished")
      ) { try await builder.addHeartbeat(at: 1, precededByGap: false) }
      // The completion form reports the same, in the callback lane.
      let reported = Mutex<(Bool, HKError?)?>(nil)
      builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 2, precededByGap: false) {
        ok, error in reported.withLock { $0 = (ok, error as? HKError) }
      }
      #expect(reported.withLock { $0 } == nil)
      await simulation.settle()
      #expect(reported.withLock { $0 }?.0 == false)
      #expect(reported.withLock { $0 }?.1?.code == .errorInvalidArgument)
    }
    try await withStore([steps]) { store, simulation in
      let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: simulation.now)
      await #expect(
        throws: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      ) { try await builder.addHeartbeat(at: 0.5, precededByGap: false) }
      let series = HKHeartbeatSeriesSample(
        beats: [], start: simulation.now, metadata: nil, device: nil)
      await #expect(
        throws: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      ) {
        for try await _ in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) {}
      }
    }
  }

  // MARK: - State of mind

  /// The valence classification in sevenths: 0.5 × 7 = 3.5 lies in (3, 5], two steps above
  /// neutral: pleasant (6); -0.1 × 7 = -0.7 is within 1: neutral (4); -1 × 7 = -7 is beyond 5:
  /// very unpleasant (1); 3/7 × 7 = 3 is on a bound and goes nearer 0: slightly pleasant (5);
  /// 1.2 is outside -1...1: `nil`.
  @Test func theValenceClassification() {
    typealias Classification = HKStateOfMind.ValenceClassification
    #expect(Classification(valence: 0.5) == .pleasant)
    #expect(Classification(valence: 0.5)?.rawValue == 6)
    #expect(Classification(valence: -0.1) == .neutral)
    #expect(Classification(valence: -1) == .veryUnpleasant)
    #expect(Classification(valence: 3.0 / 7.0) == .slightlyPleasant)
    #expect(Classification(valence: 1.2) == nil)
    // Raw values of the SDK header.
    #expect(HKStateOfMind.Kind.dailyMood.rawValue == 2)
    #expect(HKStateOfMind.Label.satisfied.rawValue == 38)
    #expect(HKStateOfMind.Association.weather.rawValue == 18)
    #expect(HKDataTypeIdentifierStateOfMind == "HKDataTypeStateOfMind")
  }

  /// Two states of mind saved and read back: all of them, by kind, by label, by association and
  /// by valence; deleting one leaves the other.
  @Test func statesOfMindSaveQueryAndDelete() async throws {
    try await withStore([Self.mind]) { store, simulation in
      let now = simulation.now
      let happy = HKStateOfMind(
        date: now.addingTimeInterval(-3600), kind: .momentaryEmotion, valence: 0.6,
        labels: [.happy, .grateful], associations: [.fitness])
      let day = HKStateOfMind(
        date: now, kind: .dailyMood, valence: -0.3, labels: [.stressed],
        associations: [.work, .tasks], metadata: ["note": "deadline"])
      try await store.save([happy, day])
      #expect(happy.startDate == happy.endDate)
      #expect(happy.valenceClassification == .pleasant)

      func found(_ predicate: NSPredicate?) async -> [UUID] {
        (await samples(store, simulation, Self.mind, predicate: predicate).samples ?? []).map(
          \.uuid)
      }
      #expect(await found(nil) == [happy.uuid, day.uuid])
      #expect(await found(HKQuery.predicateForStatesOfMind(with: .dailyMood)) == [day.uuid])
      #expect(
        await found(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Label.grateful))
          == [happy.uuid])
      #expect(
        await found(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Association.work))
          == [day.uuid])
      #expect(
        await found(HKQuery.predicateForStatesOfMind(withValence: 0, operatorType: .greaterThan))
          == [happy.uuid])
      let back = try #require(
        await samples(
          store, simulation, Self.mind, predicate: HKQuery.predicateForObject(with: day.uuid)
        )
        .samples?.first as? HKStateOfMind)
      #expect(back.labels == [.stressed])
      #expect(back.associations == [.work, .tasks])
      #expect(back.metadata?["note"] as? String == "deadline")

      // The async descriptor returns them as `HKStateOfMind`, newest first.
      let descriptor = HKSampleQueryDescriptor(
        predicates: [.stateOfMind()],
        sortDescriptors: [SortDescriptor(\HKStateOfMind.startDate, order: .reverse)])
      let newestFirst = try await descriptor.result(for: store)
      #expect(newestFirst.map(\.uuid) == [day.uuid, happy.uuid])
      #expect(newestFirst.first?.kind == .dailyMood)

      // Saving the same object again fails; deleting it leaves the other.
      await #expect(
        throws: HKError(
          .errorInvalidArgument, "An object with UUID \(day.uuid.uuidString) has already been saved"
        )
      ) { try await store.save(day) }
      try await store.delete(day)
      #expect(await found(nil) == [happy.uuid])
      let removed = try await store.deleteObjects(
        of: Self.mind, predicate: HKQuery.predicateForStatesOfMind(with: .momentaryEmotion))
      #expect(removed == 1)
      #expect(await found(nil) == [])

      let data = try NSKeyedArchiver.archivedData(
        withRootObject: happy, requiringSecureCoding: true)
      let copy = try #require(
        try NSKeyedUnarchiver.unarchivedObject(ofClass: HKStateOfMind.self, from: data))
      #expect(
        copy.valence == 0.6 && copy.labels == [.happy, .grateful] && copy.kind == .momentaryEmotion)
    }
  }

  /// One save of a state of mind before a step sample: each lands in its own store, and a
  /// sample query of steps returns the step sample (its UUID, its cumulative class, 30 steps).
  @Test func aStateOfMindSavedWithAQuantitySample() async throws {
    try await withStore([Self.mind, steps]) { store, simulation in
      let now = simulation.now
      let mind = HKStateOfMind(
        date: now, kind: .momentaryEmotion, valence: 0, labels: [.calm], associations: [])
      let walk = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 30),
        start: now.addingTimeInterval(-60), end: now)
      try await store.save([mind, walk])
      let stepSamples = await samples(store, simulation, steps).samples ?? []
      #expect(stepSamples.map(\.uuid) == [walk.uuid])
      let step = try #require(stepSamples.first as? HKCumulativeQuantitySample)
      #expect(step.sumQuantity.doubleValue(for: .count()) == 30)
      #expect(await samples(store, simulation, Self.mind).samples?.map(\.uuid) == [mind.uuid])
    }
  }

  // MARK: - Documents

  static let cdaXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ClinicalDocument xmlns="urn:hl7-org:v3">
      <title>Summary of care</title>
      <recordTarget><patientRole><patient>
        <name><given>Ada</given><family>Lovelace</family></name>
      </patient></patientRole></recordTarget>
      <author><assignedAuthor><assignedPerson>
        <name><given>John</given><given>H</given><family>Watson</family></name>
      </assignedPerson></assignedAuthor></author>
      <custodian><assignedCustodian><representedCustodianOrganization>
        <name>General Hospital</name>
      </representedCustodianOrganization></assignedCustodian></custodian>
    </ClinicalDocument>
    """

  /// A CDA document saved and read back: the document query gives the parts (the custodian's
  /// name has no given or family parts, so it is empty), with the XML only when asked; a
  /// sample query gives the sample without its document, as on a device.
  @Test func aCDADocumentSavedAndQueried() async throws {
    try await withStore([Self.cda]) { store, simulation in
      let data = Data(Self.cdaXML.utf8)
      let sample = try HKCDADocumentSample(
        data: data, startDate: simulation.now.addingTimeInterval(-60), endDate: simulation.now,
        metadata: nil)
      #expect(sample.document?.title == "Summary of care")
      #expect(sample.document?.patientName == "Ada Lovelace")
      #expect(sample.document?.authorName == "John H Watson")
      #expect(sample.document?.custodianName == "")
      try await store.save(sample)

      func query(_ predicate: NSPredicate?, data: Bool) async -> (
        [HKDocumentSample]?, Bool, HKError?
      )? {
        await result(store, simulation) { finish in
          HKDocumentQuery(
            documentType: Self.cda, predicate: predicate, limit: HKObjectQueryNoLimit,
            sortDescriptors: nil, includeDocumentData: data
          ) { _, samples, done, error in finish((samples, done, error as? HKError)) }
        }
      }
      let withData = await query(nil, data: true)
      #expect(withData?.1 == true)
      let full = try #require(withData?.0?.first as? HKCDADocumentSample)
      #expect(full.uuid == sample.uuid)
      #expect(full.document?.documentData == data)
      #expect(full.document?.title == "Summary of care")
      let without = await query(nil, data: false)
      let light = try #require(without?.0?.first as? HKCDADocumentSample)
      #expect(light.document?.documentData == nil)
      #expect(light.document?.patientName == "Ada Lovelace")
      let byPatient = await query(
        HKQuery.predicateForCDADocuments(withPatientName: "Ada Lovelace"), data: false)
      #expect(byPatient?.0?.count == 1)
      let byTitle = await query(HKQuery.predicateForCDADocuments(withTitle: "Other"), data: false)
      #expect(byTitle?.0?.count == 0)

      let plain = await samples(store, simulation, Self.cda)
      let listed = try #require(plain.samples?.first as? HKCDADocumentSample)
      #expect(listed.uuid == sample.uuid)
      #expect(listed.document == nil)
    }
  }

  /// Bad XML throws; a denied read gives no documents (not an error); a read never asked for
  /// is `errorAuthorizationNotDetermined`.
  @Test func documentRefusals() async throws {
    #expect(throws: HKError.self) {
      try HKCDADocumentSample(
        data: Data("<html><title>x</title></html>".utf8), startDate: Date(), endDate: Date(),
        metadata: nil)
    }
    try await withStore(
      [Self.cda], extra: #""authorization": { "healthKit": { "read": { "denied": ["CDA"] } } },"#
    ) { store, simulation in
      let sample = try HKCDADocumentSample(
        data: Data(Self.cdaXML.utf8), startDate: simulation.now, endDate: simulation.now,
        metadata: nil)
      try await store.save(sample)
      let denied: ([HKDocumentSample]?, HKError?)? = await result(store, simulation) { finish in
        HKDocumentQuery(
          documentType: Self.cda, predicate: nil, limit: 0, sortDescriptors: nil,
          includeDocumentData: true
        ) { _, samples, _, error in finish((samples, error as? HKError)) }
      }
      #expect(denied?.0?.isEmpty == true)
      #expect(denied?.1 == nil)
    }
    try await withStore([steps]) { store, simulation in
      let unasked: ([HKDocumentSample]?, HKError?)? = await result(store, simulation) { finish in
        HKDocumentQuery(
          documentType: Self.cda, predicate: nil, limit: 0, sortDescriptors: nil,
          includeDocumentData: false
        ) { _, samples, _, error in finish((samples, error as? HKError)) }
      }
      #expect(unasked?.0 == nil)
      #expect(unasked?.1?.code == .errorAuthorizationNotDetermined)
    }
  }

  // MARK: - Clinical types, new quantity types, unknown identifiers

  /// Clinical types are declared; the device has no records (a sample query is empty); asking
  /// to share one terminates the app with HealthKit's exception text.
  @Test func clinicalTypesOnADeviceWithoutRecords() async throws {
    let allergy = HKClinicalType(.allergyRecord)
    #expect(allergy.identifier == "HKClinicalTypeIdentifierAllergyRecord")
    #expect(HKObjectType.clinicalType(forIdentifier: .clinicalNoteRecord) != nil)
    #expect(
      HKObjectType.clinicalType(forIdentifier: HKClinicalTypeIdentifier(rawValue: "HKNope"))
        == nil)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      #expect(!store.supportsHealthRecords())
      try await store.requestAuthorization(toShare: [], read: [allergy])
      let found = await samples(store, simulation, allergy)
      #expect(found.samples?.isEmpty == true)
      let message =
        "Authorization to share the following types is disallowed: HKClinicalTypeIdentifierAllergyRecord"
      await #expect(throws: HealthKitSimulation.AppTermination(message: message)) {
        try await store.requestAuthorization(toShare: [allergy], read: [])
      }
    }
  }

  /// `distanceRowing` (iOS 18, cumulative, m): 500 m + 750 m sum to 1250 m, in km 1.25; its
  /// statistics have no average (a cumulative type). `cyclingFunctionalThresholdPower` (iOS
  /// 17, discrete arithmetic, W) averages 240 and 260 W to 250 W (an effort score, also
  /// discrete, can only be related to a workout: WorkoutEffortTests).
  @Test func theNewestQuantityTypesByTheirAggregationStyle() async throws {
    let rowing = HKQuantityType(.distanceRowing)
    let effort = HKQuantityType(.cyclingFunctionalThresholdPower)
    #expect(rowing.aggregationStyle == .cumulative)
    #expect(effort.aggregationStyle == .discreteArithmetic)
    try await withStore([rowing, effort]) { store, simulation in
      let now = simulation.now
      for (meters, minutes) in [(500.0, 30.0), (750.0, 20.0)] {
        try await store.save(
          HKQuantitySample(
            type: rowing, quantity: HKQuantity(unit: .meter(), doubleValue: meters),
            start: now.addingTimeInterval(-minutes * 60),
            end: now.addingTimeInterval(-minutes * 60 + 300)))
      }
      for (score, minutes) in [(240.0, 30.0), (260.0, 20.0)] {
        try await store.save(
          HKQuantitySample(
            type: effort, quantity: HKQuantity(unit: effort.canonicalUnit, doubleValue: score),
            start: now.addingTimeInterval(-minutes * 60), end: now.addingTimeInterval(-minutes * 60)
          ))
      }
      let sum = await statistics(store, simulation, rowing, options: .cumulativeSum)
      #expect(sum.statistics?.sumQuantity()?.doubleValue(for: .meter()) == 1250)
      #expect(sum.statistics?.sumQuantity()?.doubleValue(for: .meterUnit(with: .kilo)) == 1.25)
      let average = await statistics(store, simulation, effort, options: .discreteAverage)
      #expect(average.statistics?.averageQuantity()?.doubleValue(for: .watt()) == 250)
    }
  }

  /// Unknown identifiers fail as HealthKit's do: the `forIdentifier:` methods return `nil`
  /// (the state of mind's identifier is not a series type's).
  @Test func unknownIdentifiersReturnNil() {
    #expect(
      HKObjectType.quantityType(
        forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNope")) == nil)
    #expect(HKObjectType.seriesType(forIdentifier: HKDataTypeIdentifierStateOfMind) == nil)
    #expect(
      HKObjectType.seriesType(forIdentifier: HKDataTypeIdentifierHeartbeatSeries) == .heartbeat())
    #expect(
      HKObjectType.documentType(forIdentifier: HKDocumentTypeIdentifier(rawValue: "HKNope"))
        == nil)
  }

  // MARK: - The workout session's archive

  /// A session archives (its configuration, type, state); decoding one fails.
  @Test func aWorkoutSessionArchivesButDoesNotDecode() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: session, requiringSecureCoding: true)
      #expect(!data.isEmpty)
      // swift-corelibs-foundation throws its own error for a class that fails to decode
      // (NSCocoaErrorDomain 4864, "The data isn’t in the correct format"), not the coder's.
      let error = #expect(throws: (any Error).self) {
        _ = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKWorkoutSession.self, from: data)
      }
      #expect(
        (error as? NSError)?.code == 4864 || error as? HKError == HKWorkoutSession.decodingError)
    }
  }
}
