import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Anchored, observer and sample queries over the object types the app saves (states of mind,
/// CDA documents, heartbeat series): they see them as every other type, with anchors, deleted
/// objects and predicates (docs/healthkit-types.md#queries-of-every-type). Routes:
/// CoreLocationTests.
@Suite struct ObjectQueryTests {
  static let mind = HKObjectType.stateOfMindType()
  static let heartbeat = HKSeriesType.heartbeat()
  static let cda = HKDocumentType(.CDA)

  /// Runs `body` with a store that asked to share and read `types` (NewestTypesTests' setup).
  func withStore(
    _ types: Set<HKSampleType>,
    _ body: (HKHealthStore, HealthKitSimulation) async throws -> Void
  ) async throws {
    try await NewestTypesTests().withStore(types, body)
  }

  /// What an anchored query's handler got: added UUIDs, deleted UUIDs, the anchor, the error.
  struct Batch: Sendable {
    var added: [UUID]
    var deleted: [UUID]
    var anchor: HKQueryAnchor?
    var error: HKError?
  }

  /// An anchored query of `type` from `anchor`, its first results.
  func anchored(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ type: HKSampleType,
    predicate: NSPredicate? = nil, anchor: HKQueryAnchor? = nil
  ) async -> Batch? {
    await result(store, simulation) { finish in
      HKAnchoredObjectQuery(
        type: type, predicate: predicate, anchor: anchor, limit: HKObjectQueryNoLimit
      ) { _, added, deleted, anchor, error in
        finish(
          Batch(
            added: (added ?? []).map(\.uuid), deleted: (deleted ?? []).map(\.uuid),
            anchor: anchor, error: error as? HKError))
      }
    }
  }

  /// Two states of mind, then a third while a long-running anchored query of pleasant ones
  /// (valence > 0) runs, then a deletion: the first results hold the one pleasant state (0.6;
  /// -0.3 is filtered out), the update the new pleasant one (0.2) and then the deleted UUID of
  /// the first; an unpleasant save (-0.5) wakes nothing. A query from the final anchor finds
  /// nothing new.
  @Test func anAnchoredQueryOfStatesOfMind() async throws {
    try await withStore([Self.mind]) { store, simulation in
      let now = simulation.now
      let happy = HKStateOfMind(
        date: now.addingTimeInterval(-3600), kind: .momentaryEmotion, valence: 0.6,
        labels: [.happy], associations: [.fitness])
      let low = HKStateOfMind(
        date: now, kind: .dailyMood, valence: -0.3, labels: [.stressed], associations: [.work])
      try await store.save([happy, low])
      let pleasant = HKQuery.predicateForStatesOfMind(withValence: 0, operatorType: .greaterThan)

      let first = Mutex<Batch?>(nil)
      let updates = Mutex<[Batch]>([])
      let query = HKAnchoredObjectQuery(
        type: Self.mind, predicate: pleasant, anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, added, deleted, anchor, error in
        first.withLock {
          $0 = Batch(
            added: (added ?? []).map(\.uuid), deleted: (deleted ?? []).map(\.uuid),
            anchor: anchor, error: error as? HKError)
        }
      }
      query.updateHandler = { _, added, deleted, anchor, error in
        updates.withLock {
          $0.append(
            Batch(
              added: (added ?? []).map(\.uuid), deleted: (deleted ?? []).map(\.uuid),
              anchor: anchor, error: error as? HKError))
        }
      }
      store.execute(query)
      await simulation.settle()
      #expect(first.withLock { $0?.added } == [happy.uuid])
      #expect(first.withLock { $0?.deleted } == [])
      #expect(first.withLock { $0?.error } == nil)

      // Saved while the query runs: 0.2 > 0 is found, -0.5 is not.
      try await simulation.advance(by: .seconds(60))
      let later = HKStateOfMind(
        date: simulation.now, kind: .momentaryEmotion, valence: 0.2, labels: [.calm],
        associations: [])
      let worse = HKStateOfMind(
        date: simulation.now, kind: .momentaryEmotion, valence: -0.5, labels: [.sad],
        associations: [])
      try await store.save(later)
      try await store.save(worse)
      try await store.delete(happy)
      await simulation.settle()
      let seen = updates.withLock { $0 }
      #expect(seen.map(\.added) == [[later.uuid], []])
      #expect(seen.map(\.deleted) == [[], [happy.uuid]])
      store.stop(query)

      // From the last anchor: nothing; from the beginning: `later` (happy is deleted, and a
      // deletion of an object never seen is still reported).
      let again = await anchored(
        store, simulation, Self.mind, predicate: pleasant, anchor: seen.last?.anchor)
      #expect(again?.added == [] && again?.deleted == [])
      let all = await anchored(store, simulation, Self.mind, predicate: pleasant)
      #expect(all?.added == [later.uuid])
      #expect(all?.deleted == [happy.uuid])
      // Without the predicate: low, later and worse are live.
      let every = await anchored(store, simulation, Self.mind)
      #expect(every?.added == [low.uuid, later.uuid, worse.uuid])
    }
  }

  /// One anchored query of states of mind and steps together (one anchor for both): a state
  /// of mind and 30 steps saved in one call come back in save order.
  @Test func oneAnchorAcrossAStateOfMindAndSteps() async throws {
    try await withStore([Self.mind, steps]) { store, simulation in
      let now = simulation.now
      let mind = HKStateOfMind(
        date: now, kind: .momentaryEmotion, valence: 0.1, labels: [.calm], associations: [])
      let walk = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 30),
        start: now.addingTimeInterval(-60), end: now)
      try await store.save([mind, walk])
      let found: [UUID]? = await result(store, simulation) { finish in
        HKAnchoredObjectQuery(
          queryDescriptors: [
            HKQueryDescriptor(sampleType: Self.mind, predicate: nil),
            HKQueryDescriptor(sampleType: steps, predicate: nil),
          ], anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in finish((added ?? []).map(\.uuid)) }
      }
      #expect(found == [mind.uuid, walk.uuid])
    }
  }

  /// An observer of heartbeat series: one call when it starts, one when a series is finished,
  /// one when it is deleted (3 in all); a state of mind saved meanwhile does not call it.
  @Test func anObserverOfHeartbeatSeries() async throws {
    try await withStore([Self.heartbeat, Self.mind]) { store, simulation in
      let calls = Mutex(0)
      store.execute(
        HKObserverQuery(sampleType: Self.heartbeat, predicate: nil) { _, done, error in
          #expect(error == nil)
          calls.withLock { $0 += 1 }
          done()
        })
      await simulation.settle()
      #expect(calls.withLock { $0 } == 1)
      let builder = HKHeartbeatSeriesBuilder(
        healthStore: store, device: nil, start: simulation.now.addingTimeInterval(-2))
      try await builder.addHeartbeat(at: 0, precededByGap: false)
      try await builder.addHeartbeat(at: 0.9, precededByGap: false)
      let series = try await builder.finishSeries()
      await simulation.settle()
      #expect(calls.withLock { $0 } == 2)
      try await store.save(
        HKStateOfMind(
          date: simulation.now, kind: .dailyMood, valence: 0, labels: [.calm], associations: []))
      await simulation.settle()
      #expect(calls.withLock { $0 } == 2)
      try await store.delete(series)
      await simulation.settle()
      #expect(calls.withLock { $0 } == 3)

      // The anchored query reports the series' deletion; a sample query finds nothing.
      let changes = await anchored(store, simulation, Self.heartbeat)
      #expect(changes?.added == [])
      #expect(changes?.deleted == [series.uuid])
      #expect(await samples(store, simulation, Self.heartbeat).samples?.count == 0)
    }
  }

  /// Date predicates over series and documents are the store's: a heartbeat series from
  /// now − 10 s to now − 8.5 s (beats at 0 and 1.5 s) is found by a window from now − 9 s
  /// (it overlaps) and not by one from now − 8 s (it ended before), nor with a strict start
  /// from now − 9 s (it started before). An anchored query of CDA documents gives the sample
  /// without its document, as a sample query does.
  @Test func datePredicatesAndDocuments() async throws {
    try await withStore([Self.heartbeat, Self.cda]) { store, simulation in
      let now = simulation.now
      let builder = HKHeartbeatSeriesBuilder(
        healthStore: store, device: nil, start: now.addingTimeInterval(-10))
      try await builder.addHeartbeat(at: 0, precededByGap: false)
      try await builder.addHeartbeat(at: 1.5, precededByGap: false)
      let series = try await builder.finishSeries()
      #expect(series.endDate == now.addingTimeInterval(-8.5))
      func count(_ predicate: NSPredicate) async -> Int? {
        await samples(store, simulation, Self.heartbeat, predicate: predicate).samples?.count
      }
      #expect(
        await count(HKQuery.predicateForSamples(withStart: now.addingTimeInterval(-9), end: now))
          == 1)
      #expect(
        await count(HKQuery.predicateForSamples(withStart: now.addingTimeInterval(-8), end: now))
          == 0)
      #expect(
        await count(
          HKQuery.predicateForSamples(
            withStart: now.addingTimeInterval(-9), end: now, options: .strictStartDate)) == 0)

      let document = try HKCDADocumentSample(
        data: Data(NewestTypesTests.cdaXML.utf8), startDate: now.addingTimeInterval(-60),
        endDate: now, metadata: nil)
      try await store.save(document)
      let found: [HKSample]? = await result(store, simulation) { finish in
        HKAnchoredObjectQuery(
          type: Self.cda,
          predicate: HKQuery.predicateForCDADocuments(withPatientName: "Ada Lovelace"),
          anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in finish(added ?? []) }
      }
      let listed = try #require(found?.first as? HKCDADocumentSample)
      #expect(found?.count == 1)
      #expect(listed.uuid == document.uuid)
      #expect(listed.document == nil)
    }
  }

  /// A type never asked to read fails the anchored query with `errorAuthorizationNotDetermined`,
  /// as for quantity types.
  @Test func anAnchoredQueryOfATypeNeverAskedFor() async throws {
    try await withStore([steps]) { store, simulation in
      let batch = await anchored(store, simulation, Self.mind)
      #expect(batch?.error?.code == .errorAuthorizationNotDetermined)
    }
  }
}

/// GAD-7 and PHQ-9 assessments (docs/healthkit-types.md#scored-assessments).
@Suite struct ScoredAssessmentTests {
  static let gad7 = HKScoredAssessmentType(.GAD7)
  static let phq9 = HKScoredAssessmentType(.PHQ9)

  /// Raw values from the iOS 18 SDK header (`HKGAD7Assessment.h`, `HKPHQ9Assessment.h`,
  /// `HKScoredAssessmentType`'s identifiers).
  @Test func rawValues() {
    #expect(
      HKScoredAssessmentTypeIdentifier.GAD7.rawValue == "HKScoredAssessmentTypeIdentifierGAD7")
    #expect(
      HKScoredAssessmentTypeIdentifier.PHQ9.rawValue == "HKScoredAssessmentTypeIdentifierPHQ9")
    #expect(HKGAD7Assessment.Answer.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(HKGAD7Assessment.Risk.allCases.map(\.rawValue) == [1, 2, 3, 4])
    #expect(HKPHQ9Assessment.Answer.preferNotToAnswer.rawValue == 4)
    #expect(HKPHQ9Assessment.Risk.severe.rawValue == 5)
    #expect(HKObjectType.scoredAssessmentType(forIdentifier: .GAD7) == Self.gad7)
    #expect(
      HKObjectType.scoredAssessmentType(forIdentifier: .init(rawValue: "HKScoredAssessmentX"))
        == nil)
  }

  /// Scores and risks worked by hand: GAD-7 answers 1,1,1,1,1,0,0 sum to 5 (mild, 5–9);
  /// 3×7 = 21 (severe). PHQ-9 answers 2,2,2,2,2,2,2,1 and prefer-not (0) sum to 15
  /// (moderately severe, 15–19); 0×9 = 0 (none to minimal); 2×9 = 18 → moderately severe,
  /// 3×7 + 0 + 0 = 21 → severe.
  @Test func scoresAndRisks() {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let mild = HKGAD7Assessment(
      date: now,
      answers: [
        .severalDays, .severalDays, .severalDays, .severalDays, .severalDays, .notAtAll,
        .notAtAll,
      ])
    #expect(mild.score == 5)
    #expect(mild.risk == .mild)
    #expect(mild.startDate == now && mild.endDate == now)
    let severe = HKGAD7Assessment(
      date: now, answers: Array(repeating: .nearlyEveryDay, count: 7))
    #expect(severe.score == 21 && severe.risk == .severe)
    let phq = HKPHQ9Assessment(
      date: now,
      answers: Array(repeating: .moreThanHalfTheDays, count: 7) + [
        .severalDays, .preferNotToAnswer,
      ])
    #expect(phq.score == 15)
    #expect(phq.risk == .moderatelySevere)
    #expect(
      HKPHQ9Assessment(date: now, answers: Array(repeating: .notAtAll, count: 9)).risk
        == .noneToMinimal)
    let heavy = HKPHQ9Assessment(
      date: now, answers: Array(repeating: .nearlyEveryDay, count: 7) + [.notAtAll, .notAtAll])
    #expect(heavy.score == 21 && heavy.risk == .severe)
  }

  /// Saved, read by a sample query and the async descriptor, seen by an anchored query,
  /// archived, deleted; a type never asked to share is `errorAuthorizationNotDetermined`.
  @Test func savedQueriedAndDeleted() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      let gad7 = HKGAD7Assessment(
        date: simulation.now,
        answers: [
          .nearlyEveryDay, .moreThanHalfTheDays, .severalDays, .notAtAll, .notAtAll,
          .notAtAll, .notAtAll,
        ], metadata: ["form": "paper"])
      await #expect(
        throws: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      ) { try await store.save(gad7) }
      try await store.requestAuthorization(toShare: [Self.gad7], read: [Self.gad7])
      try await store.save(gad7)
      let found = await samples(store, simulation, Self.gad7)
      let back = try #require(found.samples?.first as? HKGAD7Assessment)
      // 3 + 2 + 1 = 6: mild.
      #expect(back.score == 6 && back.risk == .mild)
      #expect(back.uuid == gad7.uuid)
      #expect(back.metadata?["form"] as? String == "paper")
      let described = try await HKSampleQueryDescriptor(
        predicates: [.gad7Assessment()], sortDescriptors: []
      ).result(for: store)
      #expect(described.map(\.answers) == [gad7.answers])

      let data = try NSKeyedArchiver.archivedData(
        withRootObject: gad7, requiringSecureCoding: true)
      let copy = try #require(
        try NSKeyedUnarchiver.unarchivedObject(ofClass: HKGAD7Assessment.self, from: data))
      #expect(copy.answers == gad7.answers && copy.score == 6 && copy.uuid == gad7.uuid)

      try await store.delete(gad7)
      let changes: ([UUID], [UUID])? = await result(store, simulation) { finish in
        HKAnchoredObjectQuery(
          type: Self.gad7, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, deleted, _, _ in
          finish(((added ?? []).map(\.uuid), (deleted ?? []).map(\.uuid)))
        }
      }
      #expect(changes?.0 == [] && changes?.1 == [gad7.uuid])
    }
  }
}

/// Audiograms (docs/healthkit-types.md#audiograms).
@Suite struct AudiogramTests {
  static let audiogram = HKObjectType.audiogramSampleType()
  static let dBHL = HKUnit.decibelHearingLevel()

  /// Two points, 500 Hz (left 20, right 25 dBHL) and 1000 Hz (left 30 dBHL only): the first
  /// has two tests, the second one; the per-ear readers give 20, 25, 30 and `nil`. Saved and
  /// read back with the points; an anchored query sees it; it archives.
  @Test func anAudiogramSavedAndQueried() async throws {
    let low = try HKAudiogramSensitivityPoint(
      frequency: HKQuantity(unit: .hertz(), doubleValue: 500),
      leftEarSensitivity: HKQuantity(unit: Self.dBHL, doubleValue: 20),
      rightEarSensitivity: HKQuantity(unit: Self.dBHL, doubleValue: 25))
    let high = try HKAudiogramSensitivityPoint(
      frequency: HKQuantity(unit: .hertz(), doubleValue: 1000),
      tests: [
        HKAudiogramSensitivityTest(
          sensitivity: HKQuantity(unit: Self.dBHL, doubleValue: 30), type: .air, masked: false,
          side: .left, clampingRange: nil)
      ])
    #expect(low.tests.map(\.side) == [.left, .right])
    #expect(low.leftEarSensitivity?.doubleValue(for: Self.dBHL) == 20)
    #expect(low.rightEarSensitivity?.doubleValue(for: Self.dBHL) == 25)
    #expect(high.leftEarSensitivity?.doubleValue(for: Self.dBHL) == 30)
    #expect(high.rightEarSensitivity == nil)
    #expect(HKAudiogramSensitivityTestSide.right.rawValue == 1)
    #expect(HKAudiogramConductionType.air.rawValue == 0)
    #expect(HKDataTypeIdentifierAudiogram == "HKDataTypeIdentifierAudiogram")

    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [Self.audiogram], read: [Self.audiogram])
      let sample = HKAudiogramSample(
        sensitivityPoints: [low, high], start: simulation.now.addingTimeInterval(-600),
        end: simulation.now, metadata: nil)
      try await store.save(sample)
      let found = await samples(store, simulation, Self.audiogram)
      let back = try #require(found.samples?.first as? HKAudiogramSample)
      #expect(back.uuid == sample.uuid)
      #expect(back.sensitivityPoints == [low, high])
      let added: [UUID]? = await result(store, simulation) { finish in
        HKAnchoredObjectQuery(
          type: Self.audiogram, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in finish((added ?? []).map(\.uuid)) }
      }
      #expect(added == [sample.uuid])
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: sample, requiringSecureCoding: true)
      let copy = try #require(
        try NSKeyedUnarchiver.unarchivedObject(ofClass: HKAudiogramSample.self, from: data))
      #expect(copy.sensitivityPoints == [low, high])
    }
  }

  /// A frequency in dBHL and a sensitivity in Hz throw `errorInvalidArgument`.
  @Test func wrongUnitsThrow() {
    #expect(throws: HKError.self) {
      try HKAudiogramSensitivityPoint(
        frequency: HKQuantity(unit: Self.dBHL, doubleValue: 500), tests: [])
    }
    #expect(throws: HKError.self) {
      try HKAudiogramSensitivityTest(
        sensitivity: HKQuantity(unit: .hertz(), doubleValue: 20), type: .air, masked: false,
        side: .left, clampingRange: nil)
    }
  }
}

/// FHIR resources: declared, with the FHIR resource names as raw values; no record exists.
@Suite struct FHIRResourceTests {
  @Test func resourceTypeRawValues() {
    #expect(HKFHIRResourceType.allergyIntolerance.rawValue == "AllergyIntolerance")
    #expect(HKFHIRResourceType.medicationOrder.rawValue == "MedicationOrder")
    #expect(HKFHIRResourceType.medicationRequest.rawValue == "MedicationRequest")
    #expect(HKFHIRResourceType.procedure.rawValue == "Procedure")
  }
}
