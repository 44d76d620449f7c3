import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Medications and dose events: read-only, per-object authorization, the medications query and
/// dose-event sample queries (docs/healthkit-behaviour.md#medications).
@Suite struct MedicationTests {
  static let medicationType = HKObjectType.userAnnotatedMedicationType()
  static let doseType = HKObjectType.medicationDoseEventType()

  /// Two current medications (ibuprofen as needed, a scheduled vitamin D) and an archived one.
  static func addMedications(_ simulation: HealthKitSimulation) {
    simulation.addMedication(
      identifier: "ibuprofen-200", displayText: "Ibuprofen 200 mg", nickname: "Headache")
    simulation.addMedication(
      identifier: "vitamin-d", displayText: "Vitamin D3 1000 IU", hasSchedule: true)
    simulation.addMedication(
      identifier: "amoxicillin", displayText: "Amoxicillin 500 mg", isArchived: true)
  }

  /// Apple's raw values (SDK header): log status 1...6, schedule type 1...2; the identifiers.
  @Test func rawValuesAndIdentifiers() {
    #expect(
      HKMedicationDoseEvent.LogStatus.allCases.map(\.rawValue) == [1, 2, 3, 4, 5, 6])
    #expect(HKMedicationDoseEvent.LogStatus.taken.rawValue == 4)
    #expect(HKMedicationDoseEvent.LogStatus.skipped.rawValue == 5)
    #expect(HKMedicationDoseEvent.ScheduleType.asNeeded.rawValue == 1)
    #expect(HKMedicationDoseEvent.ScheduleType.schedule.rawValue == 2)
    #expect(Self.doseType.identifier == "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent")
    // HealthKit's binary holds "HKDataTypeUserAnnotatedMedicationConcept" (no "Identifier").
    #expect(Self.medicationType.identifier == "HKDataTypeUserAnnotatedMedicationConcept")
    #expect(Self.medicationType.requiresPerObjectAuthorization())
    #expect(!Self.doseType.requiresPerObjectAuthorization())
  }

  /// Nothing is read before the sheet; `allowAll` gives the three medications in the order
  /// added; the predicates pick current (2), scheduled (1) and archived (1) ones; limit 1
  /// gives the first.
  @Test func medicationsQueryAfterThePerObjectSheet() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    Self.addMedications(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      #expect(try await HKUserAnnotatedMedicationQueryDescriptor().result(for: store).isEmpty)
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      let all = try await HKUserAnnotatedMedicationQueryDescriptor().result(for: store)
      #expect(
        all.map(\.medication.displayText) == [
          "Ibuprofen 200 mg", "Vitamin D3 1000 IU", "Amoxicillin 500 mg",
        ])
      #expect(all.map(\.nickname) == ["Headache", nil, nil])
      let current = try await HKUserAnnotatedMedicationQueryDescriptor(
        predicate: HKQuery.predicateForUserAnnotatedMedications(isArchived: false)
      ).result(for: store)
      #expect(current.map(\.medication.displayText) == ["Ibuprofen 200 mg", "Vitamin D3 1000 IU"])
      let scheduled = try await HKUserAnnotatedMedicationQueryDescriptor(
        predicate: HKQuery.predicateForUserAnnotatedMedications(hasSchedule: true)
      ).result(for: store)
      #expect(scheduled.map(\.medication.displayText) == ["Vitamin D3 1000 IU"])
      let archived = try await HKUserAnnotatedMedicationQueryDescriptor(
        predicate: HKQuery.predicateForUserAnnotatedMedications(isArchived: true)
      ).result(for: store)
      #expect(archived.map(\.isArchived) == [true])
      let first = try await HKUserAnnotatedMedicationQueryDescriptor(limit: 1).result(for: store)
      #expect(first.map(\.medication.displayText) == ["Ibuprofen 200 mg"])
    }
  }

  /// The handler form: one call per medication with `done` false, then `nil` with `done` true.
  @Test func medicationsQueryHandlerCalls() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    Self.addMedications(simulation)
    await simulation.run {
      let store = HKHealthStore()
      simulation.answerPerObjectReadRequests(.allowMedications(["vitamin-d", "amoxicillin"]))
      try? await store.requestPerObjectReadAuthorization(
        for: Self.medicationType, predicate: nil)
      let calls = Mutex<[(String?, Bool)]>([])
      store.execute(
        HKUserAnnotatedMedicationQuery(predicate: nil, limit: HKObjectQueryNoLimit) {
          _, medication, done, _ in
          calls.withLock { $0.append((medication?.medication.displayText, done)) }
        })
      await simulation.settle()
      let seen = calls.withLock { $0 }
      #expect(seen.map(\.0) == ["Vitamin D3 1000 IU", "Amoxicillin 500 mg", nil])
      #expect(seen.map(\.1) == [false, false, true])
    }
  }

  /// Dose events: only those of allowed medications; by status, by medication, by date, sorted
  /// newest first; their fields as logged.
  @Test func doseEventsBySampleQuery() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    Self.addMedications(simulation)
    let start = simulation.startDate
    // 08:00 vitamin D taken (scheduled 08:00), 12:00 ibuprofen 2 tablets as needed,
    // 20:00 vitamin D skipped (scheduled 20:00); start = the scenario's start.
    let morning = start.addingTimeInterval(8 * 3600)
    let noon = start.addingTimeInterval(12 * 3600)
    let evening = start.addingTimeInterval(20 * 3600)
    let first = simulation.logMedicationDose(
      identifier: "vitamin-d", at: morning, status: .taken, scheduleType: .schedule,
      scheduledDate: morning, doseQuantity: 1, scheduledDoseQuantity: 1)
    let second = simulation.logMedicationDose(
      identifier: "ibuprofen-200", at: noon, status: .taken, doseQuantity: 2)
    let third = simulation.logMedicationDose(
      identifier: "vitamin-d", at: evening, status: .skipped, scheduleType: .schedule,
      scheduledDate: evening, scheduledDoseQuantity: 1)
    #expect(first.uuidString == "D05E0000-0000-4000-8000-000000000001")
    #expect(third.uuidString == "D05E0000-0000-4000-8000-000000000003")
    try await simulation.run {
      let store = HKHealthStore()
      // Before the sheet: no medication allowed, no dose events (and no error).
      let before = await samples(store, simulation, Self.doseType)
      #expect(before.samples?.isEmpty == true)
      #expect(before.error == nil)

      simulation.answerPerObjectReadRequests(.allowMedications(["vitamin-d"]))
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      let vitamin = await samples(store, simulation, Self.doseType).samples ?? []
      #expect(vitamin.map(\.uuid) == [first, third])

      simulation.answerPerObjectReadRequests(.allowAll)
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      let all = (await samples(store, simulation, Self.doseType).samples ?? [])
        .compactMap { $0 as? HKMedicationDoseEvent }
      #expect(all.map(\.uuid) == [first, second, third])
      let ibuprofen = all[1]
      #expect(ibuprofen.scheduleType == .asNeeded)
      #expect(ibuprofen.scheduledDate == nil)
      #expect(ibuprofen.doseQuantity == 2)
      #expect(ibuprofen.unit == .count())
      #expect(ibuprofen.startDate == noon)
      #expect(ibuprofen.sourceRevision.source.bundleIdentifier == "com.apple.Health")
      #expect(all[0].scheduledDate == morning)
      #expect(all[2].doseQuantity == nil)
      #expect(all[2].scheduledDoseQuantity == 1)

      let taken = await samples(
        store, simulation, Self.doseType,
        predicate: HKQuery.predicateForMedicationDoseEvent(status: .taken)
      ).samples
      #expect(taken?.map(\.uuid) == [first, second])
      let vitaminID = all[0].medicationConceptIdentifier
      #expect(vitaminID.domain == .medication)
      let ofVitamin = await samples(
        store, simulation, Self.doseType,
        predicate: HKQuery.predicateForMedicationDoseEvent(medicationConceptIdentifier: vitaminID)
      ).samples
      #expect(ofVitamin?.map(\.uuid) == [first, third])
      // 10:00 to 21:00: the noon and evening doses; with "taken", the noon dose only.
      let window = HKQuery.predicateForSamples(
        withStart: start.addingTimeInterval(10 * 3600), end: start.addingTimeInterval(21 * 3600))
      let takenInWindow = await samples(
        store, simulation, Self.doseType,
        predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [
          window, HKQuery.predicateForMedicationDoseEvent(status: .taken),
        ])
      ).samples
      #expect(takenInWindow?.map(\.uuid) == [second])
      // Scheduled from 08:00 (inclusive) to 20:00 (exclusive): the morning dose only; the
      // as-needed noon dose has no scheduled date.
      let scheduledMorning = await samples(
        store, simulation, Self.doseType,
        predicate: HKQuery.predicateForMedicationDoseEvent(scheduledStart: morning, end: evening)
      ).samples
      #expect(scheduledMorning?.map(\.uuid) == [first])
      let scheduledAny = await samples(
        store, simulation, Self.doseType,
        predicate: HKQuery.predicateForMedicationDoseEvent(scheduledStart: nil, end: nil)
      ).samples
      #expect(scheduledAny?.map(\.uuid) == [first, third])
      let newest = await samples(
        store, simulation, Self.doseType, limit: 2,
        sort: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)]
      ).samples
      #expect(newest?.map(\.uuid) == [third, second])
    }
  }

  /// An anchored query of dose events: from no anchor the two allowed doses of three (anchor
  /// 3, the last dose looked at); a dose logged later is the only one after anchor 3 (anchor 4);
  /// limit 1 from no anchor gives the first dose with anchor 1.
  @Test func doseEventsByAnchoredQuery() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    Self.addMedications(simulation)
    let start = simulation.startDate
    let first = simulation.logMedicationDose(
      identifier: "ibuprofen-200", at: start.addingTimeInterval(3600), status: .taken)
    simulation.logMedicationDose(
      identifier: "amoxicillin", at: start.addingTimeInterval(7200), status: .taken)
    let third = simulation.logMedicationDose(
      identifier: "ibuprofen-200", at: start.addingTimeInterval(10_800), status: .skipped)
    try await simulation.run {
      let store = HKHealthStore()
      simulation.answerPerObjectReadRequests(.allowMedications(["ibuprofen-200"]))
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      func anchored(_ anchor: HKQueryAnchor?, limit: Int = HKObjectQueryNoLimit) async
        -> ([UUID], HKQueryAnchor?)
      {
        let found: ([UUID], HKQueryAnchor?)? = await result(store, simulation) { finish in
          HKAnchoredObjectQuery(
            type: Self.doseType, predicate: nil, anchor: anchor, limit: limit
          ) { _, added, _, newAnchor, _ in
            finish(((added ?? []).map(\.uuid), newAnchor))
          }
        }
        return found ?? ([], nil)
      }
      let (all, anchor) = await anchored(nil)
      #expect(all == [first, third])
      #expect(anchor == HKQueryAnchor(fromValue: 3))
      let fourth = simulation.logMedicationDose(
        identifier: "ibuprofen-200", at: start.addingTimeInterval(14_400), status: .taken)
      let (later, next) = await anchored(anchor)
      #expect(later == [fourth])
      #expect(next == HKQueryAnchor(fromValue: 4))
      let (one, oneAnchor) = await anchored(nil, limit: 1)
      #expect(one == [first])
      #expect(oneAnchor == HKQueryAnchor(fromValue: 1))
    }
  }

  /// Dose events are read-only: asking to share them terminates the app with HealthKit's
  /// exception text; asking to read medications with the ordinary sheet does too.
  @Test(arguments: [
    (
      true,
      "Authorization to share the following types is disallowed: HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"
    ),
    (
      false,
      "Authorization to read the following types is disallowed: HKDataTypeUserAnnotatedMedicationConcept"
    ),
  ])
  func writingOrPlainReadingIsRefused(share: Bool, message: String) async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    await simulation.run {
      let store = HKHealthStore()
      await #expect(throws: HealthKitSimulation.AppTermination(message: message)) {
        try await store.requestAuthorization(
          toShare: share ? [Self.doseType] : [], read: share ? [] : [Self.medicationType])
      }
    }
  }

  /// The scenario's `health.medications`: a medication with a scheduled dose 1 h before
  /// `t = 0` (`"-1:00:00"`, 2026-03-30T09:00:00+02:00) and an archived one without doses.
  @Test func medicationsFromTheScenario() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Meds", "start": "2026-03-30T10:00:00+02:00",
          "timeZone": "Europe/Berlin",
          "health": {
            "days": 1, "generate": false,
            "medications": [
              { "identifier": "levothyroxine", "name": "Levothyroxine 50 mcg", "scheduled": true,
                "doses": [ { "at": "-1:00:00", "status": "taken", "scheduledAt": "-1:00:00",
                             "quantity": 1, "scheduledQuantity": 1 } ] },
              { "identifier": "old", "name": "Old", "archived": true }
            ]
          }
        }
        """, fileName: "meds.json"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      let medications = try await HKUserAnnotatedMedicationQueryDescriptor().result(for: store)
      #expect(medications.map(\.medication.displayText) == ["Levothyroxine 50 mcg", "Old"])
      #expect(medications.map(\.hasSchedule) == [true, false])
      #expect(medications.map(\.isArchived) == [false, true])
      let doses = (await samples(store, simulation, Self.doseType).samples ?? [])
        .compactMap { $0 as? HKMedicationDoseEvent }
      #expect(doses.count == 1)
      #expect(doses.first?.startDate == date("2026-03-30T09:00:00+02:00"))
      #expect(doses.first?.scheduledDate == date("2026-03-30T09:00:00+02:00"))
      #expect(doses.first?.scheduleType == .schedule)
      #expect(doses.first?.logStatus == .taken)
      #expect(doses.first?.doseQuantity == 1)
      #expect(doses.first?.uuid.uuidString == "D05E0000-0000-4000-8000-000000000001")
    }
  }

  /// Medications and concepts survive a secure-coding round trip.
  @Test func secureCodingRoundTrip() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    Self.addMedications(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
      let medication = try #require(
        try await HKUserAnnotatedMedicationQueryDescriptor(limit: 1).result(for: store).first)
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: medication, requiringSecureCoding: true)
      let decoded = try NSKeyedUnarchiver.unarchivedObject(
        ofClass: HKUserAnnotatedMedication.self, from: data)
      #expect(decoded == medication)
      #expect(decoded?.medication.identifier == medication.medication.identifier)
    }
  }
}
