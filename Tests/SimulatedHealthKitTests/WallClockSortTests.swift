import Foundation
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Sort descriptors order by virtual instant whichever side is the real clock (the wall-clock
/// rule, docs/swift-api.md#the-wall-clock-rule): objects saved at `Date()` and at
/// `simulation.now` in one store sort by the instants their dates stand for, not by the dates the
/// app wrote.
@Suite struct WallClockSortTests {
  /// Saves what `make` makes of `Date()`, `simulation.now` and `Date()`, 600, 1200 and 1800 s
  /// from now (at t = 600, 1200, 1800 in a new run), and returns their UUIDs in that order. By
  /// the app's dates the virtual one sorts before or after both real-clock ones, never between
  /// them.
  static func saveMixed(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ make: (Date) -> HKObject
  ) async throws -> [UUID] {
    var uuids: [UUID] = []
    for index in 0..<3 {
      try await simulation.advance(by: .seconds(600))
      let object = make(index == 1 ? simulation.now : Date())
      try await store.save(object)
      uuids.append(object.uuid)
    }
    return uuids
  }

  /// The UUIDs a sample query of `type` gives sorted by start ascending and by end descending.
  static func sortedBothWays(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ type: HKSampleType
  ) async -> (ascending: [UUID]?, descending: [UUID]?) {
    let byStart = await samples(
      store, simulation, type,
      sort: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: true)])
    let byEnd = await samples(
      store, simulation, type,
      sort: [NSSortDescriptor(keyPath: \HKSample.endDate, ascending: false)])
    return (byStart.samples?.map(\.uuid), byEnd.samples?.map(\.uuid))
  }

  /// Blood pressures (a correlation's dates are kept beside it as instants) saved at t = 600
  /// (`Date()`), 1200 (`simulation.now`), 1800 (`Date()`): by start ascending in that order, by
  /// end descending the reverse. Before, they sorted by the dates the app wrote (the virtual
  /// one first or last).
  @Test func correlationsSortByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [systolic, diastolic], read: [systolic, diastolic])
      let saved = try await Self.saveMixed(store, simulation) { date in
        CorrelationAndSourceTests.bloodPressure(at: date)
      }
      let found = await Self.sortedBothWays(store, simulation, HKCorrelationType(.bloodPressure))
      #expect(found.ascending == saved)
      #expect(found.descending == saved.reversed())
    }
  }

  /// Step samples and workouts (an hour up to their date) and states of mind (at their date)
  /// sort alike, each type's three saved 600 s apart (`Date()`, `simulation.now`, `Date()`):
  /// by start ascending in save order, by end descending the reverse. The hour keeps `date -
  /// 3600` a date derived from the `Date()` however loaded the machine: `date - 60` was one the
  /// real clock had shown since the simulation was made once it had been alive 60 s of real
  /// time (a full run under load took 150 s), read as the instant virtual time was at then, and
  /// the third step sample sorted before the second.
  @Test func samplesWorkoutsAndStatesOfMindSortByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let workoutType = HKObjectType.workoutType()
    let mind = HKObjectType.stateOfMindType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [steps, workoutType, mind], read: [steps, workoutType, mind])
      let stepSamples = try await Self.saveMixed(store, simulation) { date in
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: date - 3600,
          end: date)
      }
      let workouts = try await Self.saveMixed(store, simulation) { date in
        HKWorkout(activityType: .walking, start: date - 3600, end: date)
      }
      let states = try await Self.saveMixed(store, simulation) { date in
        HKStateOfMind(
          date: date, kind: .momentaryEmotion, valence: 0.5, labels: [.happy],
          associations: [.fitness])
      }
      let types: [(HKSampleType, [UUID])] = [
        (steps, stepSamples), (workoutType, workouts), (mind, states),
      ]
      for (type, saved) in types {
        let found = await Self.sortedBothWays(store, simulation, type)
        #expect(found.ascending == saved, "\(type.identifier)")
        #expect(found.descending == saved.reversed(), "\(type.identifier)")
      }
    }
  }

  /// A descriptor of the class's own key path (`\HKStateOfMind.startDate`,
  /// `\HKCorrelation.endDate`) sorts by instant as `\HKSample`'s does: states of mind and blood
  /// pressures saved 600 s apart (`Date()`, `simulation.now`, `Date()`) come back in save order
  /// by start ascending, the reverse by end descending.
  @Test func subclassKeyPathsSortByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let mind = HKObjectType.stateOfMindType()
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [mind, systolic, diastolic], read: [mind, systolic, diastolic])
      let states = try await Self.saveMixed(store, simulation) { date in
        HKStateOfMind(
          date: date, kind: .momentaryEmotion, valence: 0.5, labels: [.happy],
          associations: [.fitness])
      }
      let pressures = try await Self.saveMixed(store, simulation) { date in
        CorrelationAndSourceTests.bloodPressure(at: date)
      }
      let statesByStart = await samples(
        store, simulation, mind,
        sort: [NSSortDescriptor(keyPath: \HKStateOfMind.startDate, ascending: true)])
      #expect(statesByStart.samples?.map(\.uuid) == states)
      let pressuresByEnd = await samples(
        store, simulation, HKCorrelationType(.bloodPressure),
        sort: [NSSortDescriptor(keyPath: \HKCorrelation.endDate, ascending: false)])
      #expect(pressuresByEnd.samples?.map(\.uuid) == pressures.reversed())
    }
  }

  /// `HKSampleQueryDescriptor` sorts as `HKSampleQuery` does: states of mind and blood
  /// pressures (objects kept with the dates the app wrote) saved 600 s apart (`Date()`,
  /// `simulation.now`, `Date()`) come back in save order by `SortDescriptor(\.startDate)`, the
  /// reverse by `SortDescriptor(\.endDate, order: .reverse)`. Before, the descriptor compared the
  /// dates the app wrote (the virtual one first).
  @Test func sampleQueryDescriptorsSortByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let mind = HKObjectType.stateOfMindType()
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(
        store, share: [mind, systolic, diastolic], read: [mind, systolic, diastolic])
      let states = try await Self.saveMixed(store, simulation) { date in
        HKStateOfMind(
          date: date, kind: .momentaryEmotion, valence: 0.5, labels: [.happy],
          associations: [.fitness])
      }
      let pressures = try await Self.saveMixed(store, simulation) { date in
        CorrelationAndSourceTests.bloodPressure(at: date)
      }
      let statesByStart = try await HKSampleQueryDescriptor(
        predicates: [.stateOfMind()], sortDescriptors: [SortDescriptor(\.startDate)]
      ).result(for: store)
      #expect(statesByStart.map(\.uuid) == states)
      let pressuresByEnd = try await HKSampleQueryDescriptor(
        predicates: [.correlation(type: HKCorrelationType(.bloodPressure))],
        sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)]
      ).result(for: store)
      #expect(pressuresByEnd.map(\.uuid) == pressures.reversed())
    }
  }

  /// A non-date key before a date key (the store cannot sort by it, so the objects are
  /// sorted): states of mind of equal valence saved 600 s apart (`Date()`, `simulation.now`,
  /// `Date()`) are told apart by start date at its instant, in save order.
  @Test func aDateKeyAfterAnotherKeySortsByVirtualInstant() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let mind = HKObjectType.stateOfMindType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [mind], read: [mind])
      let states = try await Self.saveMixed(store, simulation) { date in
        HKStateOfMind(
          date: date, kind: .momentaryEmotion, valence: 0.5, labels: [.happy],
          associations: [.fitness])
      }
      let found = await samples(
        store, simulation, mind,
        sort: [
          NSSortDescriptor(keyPath: \HKStateOfMind.valence, ascending: true),
          NSSortDescriptor(keyPath: \HKStateOfMind.startDate, ascending: true),
        ])
      #expect(found.samples?.map(\.uuid) == states)
    }
  }
}
