import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Medications, second part (issue 25): the concept's form and codings, the key-path constants,
/// long-running anchored and observer queries of dose events, and the wall-clock rule for
/// their date predicates (docs/healthkit-behaviour.md#medications).
@Suite struct MedicationQueryTests {
  static let medicationType = HKObjectType.userAnnotatedMedicationType()
  static let doseType = HKObjectType.medicationDoseEventType()

  /// A scenario starting 2026-03-30T10:00:00+02:00 with ibuprofen: a dose taken 1 h before
  /// `t = 0` and one at `t = 600` (10:10), numbered 1 and 2 in file order.
  static func scenario() throws -> Scenario {
    try decodeScenario(
      """
      {
        "version": 1, "name": "Doses", "start": "2026-03-30T10:00:00+02:00",
        "timeZone": "Europe/Berlin",
        "health": {
          "days": 1, "generate": false,
          "medications": [
            { "identifier": "ibuprofen-200", "name": "Ibuprofen 200 mg", "form": "tablet",
              "codings": [ { "system": "http://www.nlm.nih.gov/research/umls/rxnorm",
                             "code": "310965" } ],
              "doses": [ { "at": "-1:00:00", "status": "taken", "quantity": 1 },
                         { "at": 600, "status": "taken", "quantity": 2 } ] },
            { "identifier": "vitamin-d", "name": "Vitamin D3", "scheduled": true }
          ]
        }
      }
      """, fileName: "doses.json")
  }

  /// The n-th dose's UUID.
  static func dose(_ number: Int) -> UUID {
    UUID(uuidString: "D05E0000-0000-4000-8000-\(String(format: "%012X", number))")!
  }

  /// A store of an app the person allowed to read ibuprofen only.
  static func storeAllowingIbuprofenOnly(_ simulation: HealthKitSimulation) async throws
    -> HKHealthStore
  {
    let store = HKHealthStore()
    simulation.answerPerObjectReadRequests(.allowMedications(["ibuprofen-200"]))
    try await store.requestPerObjectReadAuthorization(for: medicationType, predicate: nil)
    return store
  }

  /// Logs a skipped vitamin D dose scheduled and logged `seconds` after `t = 0`.
  static func logSkippedVitaminD(_ simulation: HealthKitSimulation, at seconds: TimeInterval) {
    let date = simulation.startDate.addingTimeInterval(seconds)
    simulation.logMedicationDose(
      identifier: "vitamin-d", at: date, status: .skipped, scheduleType: .schedule,
      scheduledDate: date)
  }

  /// The strings HealthKit's binary holds for the medication constants and the device property
  /// keys (read out of HealthKit.framework by a public constants project; see
  /// docs/healthkit-behaviour.md#medications), the header's 18 general forms, and the
  /// lower-case form strings a public app's test asserts against the iOS 26 SDK.
  @Test func constantsHaveHealthKitsStrings() {
    #expect(HKPredicateKeyPathStatus == "status")
    #expect(HKPredicateKeyPathLogOrigin == "logOrigin")
    #expect(HKPredicateKeyPathScheduledDate == "scheduledDate")
    #expect(HKPredicateKeyPathMedicationConceptIdentifier == "medicationConceptIdentifier")
    #expect(HKUserAnnotatedMedicationPredicateKeyPathHasSchedule == "hasSchedule")
    #expect(HKUserAnnotatedMedicationPredicateKeyPathIsArchived == "isArchived")
    #expect(
      HKDataTypeIdentifierUserAnnotatedMedicationConcept
        == "HKDataTypeUserAnnotatedMedicationConcept")
    #expect(
      HKMedicationDoseEventTypeIdentifierMedicationDoseEvent
        == "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent")
    #expect(HKHealthConceptDomain.medication.rawValue == "HKHealthConceptDomainMedication")
    #expect(HKDevicePropertyKeyName == "HKDevicePropertyName")
    #expect(HKDevicePropertyKeyManufacturer == "HKDevicePropertyManufacturer")
    #expect(HKDevicePropertyKeyModel == "HKDevicePropertyModel")
    #expect(HKDevicePropertyKeyHardwareVersion == "HKDevicePropertyHardwareVersion")
    #expect(HKDevicePropertyKeyFirmwareVersion == "HKDevicePropertyFirmwareVersion")
    #expect(HKDevicePropertyKeySoftwareVersion == "HKDevicePropertySoftwareVersion")
    #expect(HKDevicePropertyKeyLocalIdentifier == "HKDevicePropertyLocalIdentifier")
    #expect(HKDevicePropertyKeyUDIDeviceIdentifier == "HKDevicePropertyUDIDeviceIdentifier")
    let forms: [HKMedicationGeneralForm] = [
      .capsule, .cream, .device, .drops, .foam, .gel, .inhaler, .injection, .liquid, .lotion,
      .ointment, .patch, .powder, .spray, .suppository, .tablet, .topical, .unknown,
    ]
    #expect(Set(forms).count == 18)
    #expect(HKMedicationGeneralForm.tablet.rawValue == "tablet")
    #expect(HKMedicationGeneralForm.unknown.rawValue == "unknown")
    #expect(HKMedicationGeneralForm(rawValue: "injection") == .injection)
  }

  /// The scenario's `form` and `codings` and the control's `generalForm` and
  /// `relatedCodings` reach `HKMedicationConcept`; without them the form is `.unknown` and there
  /// are no codings; both survive a secure-coding round trip.
  @Test func generalFormAndRelatedCodings() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    let snomed = HKClinicalCoding(system: "http://snomed.info/sct", version: nil, code: "387207008")
    simulation.addMedication(
      identifier: "insulin", displayText: "Insulin", generalForm: .injection,
      relatedCodings: [snomed])
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      let found = try await HKUserAnnotatedMedicationQueryDescriptor().result(for: store)
      #expect(found.map(\.medication.generalForm) == [.tablet, .unknown, .injection])
      let rxnorm = HKClinicalCoding(
        system: "http://www.nlm.nih.gov/research/umls/rxnorm", version: nil, code: "310965")
      #expect(found[0].medication.relatedCodings == [rxnorm])
      #expect(found[1].medication.relatedCodings.isEmpty)
      #expect(found[2].medication.relatedCodings == [snomed])
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: found[0].medication, requiringSecureCoding: true)
      let decoded = try NSKeyedUnarchiver.unarchivedObject(
        ofClass: HKMedicationConcept.self, from: data)
      #expect(decoded == found[0].medication)
      #expect(decoded?.generalForm == .tablet)
      #expect(decoded?.relatedCodings == [rxnorm])
    }
  }

  /// A scenario's dose reaches the store at its `at`: at `t = 0` a sample query finds the dose
  /// of 09:00 only; at `t = 600` the 10:10 dose too.
  @Test func aScenarioDoseArrivesAtItsInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      #expect(
        await samples(store, simulation, Self.doseType).samples?.map(\.uuid) == [Self.dose(1)])
      try await simulation.advance(by: .seconds(600))
      #expect(
        await samples(store, simulation, Self.doseType).samples?.map(\.uuid) == [
          Self.dose(1), Self.dose(2),
        ])
    }
  }

  /// A long-running anchored query of dose events. First results: dose 1 (anchor 1; dose 2
  /// arrives at 600). At 300 a control logs dose 3: it arrives at once, second by arrival, so
  /// the update handler gets [3] with anchor 2. A dose of vitamin D, which the person did not
  /// allow, calls nothing but is the third by arrival. At 600 the scenario's dose 2 arrives,
  /// fourth: [2] with anchor 4. After `stop` nothing more.
  @Test func longRunningAnchoredQueryGetsEachNewDose() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    try await simulation.run {
      let store = try await Self.storeAllowingIbuprofenOnly(simulation)
      let first = Mutex<([UUID], HKQueryAnchor?)>(([], nil))
      let updates = Mutex<[([UUID], HKQueryAnchor?)]>([])
      let query = HKAnchoredObjectQuery(
        type: Self.doseType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, added, _, anchor, _ in
        first.withLock { $0 = ((added ?? []).map(\.uuid), anchor) }
      }
      query.updateHandler = { _, added, _, anchor, _ in
        updates.withLock { $0.append(((added ?? []).map(\.uuid), anchor)) }
      }
      store.execute(query)
      await simulation.settle()
      #expect(first.withLock { $0.0 } == [Self.dose(1)])
      #expect(first.withLock { $0.1 } == HKQueryAnchor(fromValue: 1))

      try await simulation.advance(by: .seconds(300))
      let third = simulation.logMedicationDose(
        identifier: "ibuprofen-200", at: simulation.startDate.addingTimeInterval(300),
        status: .taken)
      await simulation.settle()
      #expect(third == Self.dose(3))
      Self.logSkippedVitaminD(simulation, at: 300)
      await simulation.settle()
      try await simulation.advance(by: .seconds(300))
      let seen = updates.withLock { $0 }
      #expect(seen.map(\.0) == [[Self.dose(3)], [Self.dose(2)]])
      // Dose 2 is the fourth by arrival (09:00, 10:05, vitamin D at 10:05, 10:10).
      #expect(seen.map(\.1) == [HKQueryAnchor(fromValue: 2), HKQueryAnchor(fromValue: 4)])

      store.stop(query)
      simulation.logMedicationDose(
        identifier: "ibuprofen-200", at: simulation.startDate.addingTimeInterval(600),
        status: .taken)
      await simulation.settle()
      #expect(updates.withLock { $0.count } == 2)
    }
  }

  /// An observer query of dose events: the call on execute (1), one when a control logs an
  /// allowed dose at 300 (2), one when the scenario's dose arrives at 600 (3); a dose of a
  /// medication not allowed calls nothing.
  @Test func observerQueryIsToldOfNewDoses() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    try await simulation.run {
      let store = try await Self.storeAllowingIbuprofenOnly(simulation)
      let calls = Mutex<[Double]>([])
      let query = HKObserverQuery(sampleType: Self.doseType, predicate: nil) {
        _, completion, _ in
        calls.withLock { $0.append(simulation.now.timeIntervalSince(simulation.startDate)) }
        completion()
      }
      store.execute(query)
      await simulation.settle()
      try await simulation.advance(by: .seconds(300))
      Self.logSkippedVitaminD(simulation, at: 300)
      await simulation.settle()
      #expect(calls.withLock { $0 } == [0])
      simulation.logMedicationDose(
        identifier: "ibuprofen-200", at: simulation.startDate.addingTimeInterval(300),
        status: .taken)
      await simulation.settle()
      try await simulation.advance(by: .seconds(600))
      #expect(calls.withLock { $0 } == [0, 300, 600])
    }
  }

  /// The wall-clock rule on dose-event date predicates (as WallClockReadingTests for samples):
  /// at t = 1200, `Date() - 600 ... Date()` runs from just after virtual 600 to just after 1200
  /// (each bound read from the real clock stands a nanosecond after its instant). Doses: 09:00
  /// (t = -3600), 10:10 (t = 600, not scheduled), and one a control logs dated t = 900
  /// (scheduled then). The window holds t = 900 only (dose 3; dose 2 at exactly 600 is before
  /// it, as a sample ending at 600 would be); the scheduled window from the same dates holds
  /// dose 3; the run's log gets `wallClockDate` entries.
  @Test func doseDatePredicatesFromTheRealClockAreVirtualTime() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      try await simulation.advance(by: .seconds(900))
      let nine = simulation.startDate.addingTimeInterval(900)
      simulation.logMedicationDose(
        identifier: "vitamin-d", at: nine, status: .taken, scheduleType: .schedule,
        scheduledDate: nine)
      try await simulation.advance(by: .seconds(300))
      let lastTen = HKQuery.predicateForSamples(
        withStart: Date().addingTimeInterval(-600), end: Date(), options: [])
      #expect(
        await samples(store, simulation, Self.doseType, predicate: lastTen).samples?.map(\.uuid)
          == [Self.dose(3)])
      let scheduled = HKQuery.predicateForMedicationDoseEvent(
        scheduledStart: Date().addingTimeInterval(-600), end: Date())
      // Only dose 3 is a scheduled one (the scenario's doses have no scheduledAt).
      #expect(
        await samples(store, simulation, Self.doseType, predicate: scheduled).samples?.map(\.uuid)
          == [Self.dose(3)])
      let anchored: [UUID]? = await result(store, simulation) { finish in
        HKAnchoredObjectQuery(
          type: Self.doseType, predicate: lastTen, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in finish((added ?? []).map(\.uuid)) }
      }
      #expect(anchored == [Self.dose(3)])
    }
    // One entry per predicate read, named after its factory: the sample query's, the dose
    // predicate's, the anchored query's.
    let actions = simulation.result.log.compactMap {
      if case .wallClockDate(let action) = $0.kind { action } else { nil }
    }
    #expect(
      actions == ["predicateForSamples", "predicateForMedicationDoseEvent", "predicateForSamples"])
  }

  /// A dose at exactly the instant of a bound read from the real clock is matched as a sample
  /// there is: the bound stands a nanosecond after its instant
  /// (docs/swift-api.md#the-wall-clock-rule). At t = 300 a step sample is saved and a vitamin D
  /// dose logged (dose 3, scheduled then), both at `simulation.now`. Up to `Date()` (strict
  /// start) holds the sample and doses 1 (t = -3600) and 3; from `Date()` on holds neither; the
  /// doses scheduled up to `Date()` are dose 3, from `Date()` none. Before, the bound was turned
  /// back into a date and lost the nanosecond: dose 3 was left out up to `Date()` and found
  /// from it.
  @Test func aDoseAtABoundsInstantIsMatchedAsASample() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.scenario())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      try await simulation.advance(by: .seconds(300))
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10),
        start: simulation.now, end: simulation.now)
      try await store.save(sample)
      Self.logSkippedVitaminD(simulation, at: 300)
      func found(_ type: HKSampleType, _ predicate: NSPredicate) async -> [UUID]? {
        await samples(store, simulation, type, predicate: predicate).samples?.map(\.uuid)
      }
      let upToNow = HKQuery.predicateForSamples(
        withStart: nil, end: Date(), options: .strictStartDate)
      let fromNow = HKQuery.predicateForSamples(
        withStart: Date(), end: nil, options: .strictStartDate)
      #expect(await found(steps, upToNow) == [sample.uuid])
      #expect(await found(steps, fromNow) == [])
      #expect(await found(Self.doseType, upToNow) == [Self.dose(1), Self.dose(3)])
      #expect(await found(Self.doseType, fromNow) == [])
      let scheduledUpToNow = HKQuery.predicateForMedicationDoseEvent(
        scheduledStart: nil, end: Date())
      let scheduledFromNow = HKQuery.predicateForMedicationDoseEvent(
        scheduledStart: Date(), end: nil)
      #expect(await found(Self.doseType, scheduledUpToNow) == [Self.dose(3)])
      #expect(await found(Self.doseType, scheduledFromNow) == [])
    }
  }
}
