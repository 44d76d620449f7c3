import Foundation
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A query anchor belongs to the health store of the simulation whose query returned it
/// (Apple: anchors are specific to one device's store, developer.apple.com/forums/thread/772941):
/// one kept in `UserDefaults` from another simulation reads as no anchor and is reported
/// (docs/swift-api.md#anchors-belong-to-one-simulation; new-user trial 18).
@Suite struct ForeignAnchorTests {
  /// Saves a step sample of `count` steps at now.
  static func save(_ count: Double, in store: HKHealthStore, at now: Date) async throws {
    try await store.save(
      HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: now,
        end: now))
  }

  /// The step counts an anchored query from `anchor` adds, and its new anchor.
  static func anchored(
    from anchor: HKQueryAnchor?, store: HKHealthStore, simulation: HealthKitSimulation
  ) async -> ([Double], HKQueryAnchor?) {
    let found = Mutex<([Double], HKQueryAnchor?)>(([], nil))
    store.execute(
      HKAnchoredObjectQuery(
        type: steps, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
      ) { _, added, _, newAnchor, _ in
        let values = (added ?? []).compactMap {
          ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count())
        }
        found.withLock { $0 = (values, newAnchor) }
      })
    await simulation.settle()
    return found.withLock { $0 }
  }

  /// The first world saves 10, 20 and 30 steps and archives its anchored query's anchor. The
  /// second world saves 40 and 60: a query from the first world's anchor returns both, as with
  /// no anchor (its value, counted in the first world's store, would have hidden them), and
  /// the world reports it once, naming the query; the anchor the query returned is this world's,
  /// and the next query from it returns only the 80 saved after. The async descriptor does the
  /// same with its own report.
  @Test func anAnchorOfAnotherSimulationReadsAsNoneAndIsReported() async throws {
    let first = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let kept = try await first.run { () async throws -> Data in
      let store = HKHealthStore()
      try await authorize(store)
      for count in [10.0, 20, 30] { try await Self.save(count, in: store, at: first.now) }
      let (added, anchor) = await Self.anchored(from: nil, store: store, simulation: first)
      #expect(added == [10, 20, 30])
      return try NSKeyedArchiver.archivedData(
        withRootObject: try #require(anchor), requiringSecureCoding: true)
    }
    #expect(first.reports.isEmpty)

    let second = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await second.run {
      let store = HKHealthStore()
      try await authorize(store)
      try await Self.save(40, in: store, at: second.now)
      try await Self.save(60, in: store, at: second.now)
      let foreign = try #require(
        try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: kept))
      let (added, anchor) = await Self.anchored(from: foreign, store: store, simulation: second)
      #expect(added == [40, 60])
      let reports = second.reports
      #expect(reports.count == 1)
      #expect(reports.first?.kind == .foreignObject)
      #expect(reports.first?.framework == "HealthKit")
      #expect(reports.first?.call == "<HKAnchoredObjectQuery HKQuantityTypeIdentifierStepCount>")
      #expect(
        reports.first?.message
          == "the anchor \(foreign) was returned by a query of another simulation, and an anchor "
          + "belongs to the health store (the device) that returned it, so the query read it as "
          + "no anchor and returned everything from the beginning, as after a reinstall: keep "
          + "no anchor across tests, give each test (each simulation) storage of its own (a "
          + "UserDefaults(suiteName:) per test, or remove the stored anchor when the test "
          + "begins)")

      try await Self.save(80, in: store, at: second.now)
      let (later, _) = await Self.anchored(from: anchor, store: store, simulation: second)
      #expect(later == [80])
      #expect(second.reports.count == 1)

      let described = try await HKAnchoredObjectQueryDescriptor(
        predicates: [.quantitySample(type: steps)], anchor: foreign
      ).result(for: store)
      #expect(
        described.addedSamples.map { $0.quantity.doubleValue(for: .count()) } == [40, 60, 80])
      #expect(second.reports.count == 2)
      #expect(second.reports.last?.call == "HKAnchoredObjectQueryDescriptor")
      let next = try await HKAnchoredObjectQueryDescriptor(
        predicates: [.quantitySample(type: steps)], anchor: described.newAnchor
      ).result(for: store)
      #expect(next.addedSamples.isEmpty)
      #expect(second.reports.count == 2)
    }
  }

  /// An anchor archived before the app's crash reads after its relaunch in the same world: the
  /// new process's query from it returns only the 40 saved after, and nothing is reported. An
  /// anchor the app makes from a value (`HKQueryAnchor(fromValue:)`, no simulation) reads in
  /// any world.
  @Test func anAnchorOfTheSameSimulationReadsAfterACrashAndRelaunch() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let before = HKHealthStore()
      try await authorize(before)
      try await Self.save(25, in: before, at: simulation.now)
      let (first, anchor) = await Self.anchored(from: nil, store: before, simulation: simulation)
      #expect(first == [25])
      let kept = try NSKeyedArchiver.archivedData(
        withRootObject: try #require(anchor), requiringSecureCoding: true)
      await simulation.crash()
      await simulation.relaunch()
      let store = HKHealthStore()
      try await Self.save(40, in: store, at: simulation.now)
      let restored = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: kept)
      let (later, _) = await Self.anchored(from: restored, store: store, simulation: simulation)
      #expect(later == [40])
      let (fromZero, _) = await Self.anchored(
        from: HKQueryAnchor(fromValue: Int(HKAnchoredObjectQueryNoAnchor)), store: store,
        simulation: simulation)
      #expect(fromZero == [25, 40])
      // Its archive has no simulation, and reads back (a secure decoder fails on a key looked
      // up and missing).
      // Made from the value of the anchor after the 25 steps.
      let value = Int(try #require(anchor).value)
      let made = try NSKeyedArchiver.archivedData(
        withRootObject: HKQueryAnchor(fromValue: value), requiringSecureCoding: true)
      let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: made)
      #expect(back == anchor)
      #expect(back?.origin == nil)
      let (afterFirst, _) = await Self.anchored(from: back, store: store, simulation: simulation)
      #expect(afterFirst == [40])
    }
    #expect(simulation.reports.isEmpty)
  }
}
