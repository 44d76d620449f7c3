import Foundation
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit
@testable import SimulationDriver

/// A date derived from a `Date()` the app kept keeps its distance from it
/// (docs/swift-api.md#the-wall-clock-rule, case 3 of the rule): a new user's trial kept
/// `let kept = Date()` at t = 0, passed it, and after `advance(by: .seconds(600))` saved water
/// at `kept + 120`, which was stored at t = 720 (714 under load), not 120, as only shifted
/// dates were bases then.
///
/// The dates these tests derive lie 60 s or more from the `Date()` they come from; a derived
/// date the real clock has already shown since the simulation was made is read as the instant
/// virtual time was at then (case 2), so each exact expectation holds while less real time
/// passed, as it does by far on any machine, and a weaker one bounds it otherwise.
@Suite struct WallClockBaseTests {
  static let water = HKQuantityType(.dietaryWater)

  /// A quarter litre of water from `start` to `end`.
  static func drink(from start: Date, to end: Date) -> HKQuantitySample {
    HKQuantitySample(
      type: water, quantity: HKQuantity(unit: .liter(), doubleValue: 0.25), start: start,
      end: end)
  }

  /// The stored water's spans as seconds since t = 0, by start (queries give a quantity sample
  /// back dated at the instants the rule read).
  static func spans(_ store: HKHealthStore, _ simulation: HealthKitSimulation) async -> [[Double]]?
  {
    await samples(
      store, simulation, water,
      sort: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: true)]
    ).samples?.map {
      [
        $0.startDate.timeIntervalSince(simulation.startDate),
        $0.endDate.timeIntervalSince(simulation.startDate),
      ]
    }
  }

  /// `kept = Date()` at t = 0, saved as water at `kept` (t = 0); at t = 600 water from
  /// `kept + 120` to `kept + 180` is 120 … 180 (before: 720 … 780, virtual now plus the 120 s
  /// the date lay in the real future).
  @Test func aKeptDatePassedEarlierIsTheBaseOfOneDerivedLater() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.water], read: [Self.water])
      let kept = Date()
      try await store.save(Self.drink(from: kept, to: kept))
      try await simulation.advance(by: .seconds(600))
      try await store.save(Self.drink(from: kept + 120, to: kept + 180))
      let spans = try #require(await Self.spans(store, simulation))
      if Date().timeIntervalSince(kept) < 120 {
        #expect(spans == [[0, 0], [120, 180]])
      } else {
        // The real clock showed `kept + 120` before the save: an instant up to 600.
        #expect(spans.count == 2 && spans[1][0] <= 600)
      }
    }
  }

  /// `kept = Date()` at t = 0, passed nowhere before; at t = 1200 a walk
  /// `HKWorkout(start: kept, end: kept + 1200)` is 0 … 1200: the call's `kept` is read first
  /// and is the base of `kept + 1200` (before: 0 … 2400). A predicate with `.strictEndDate`
  /// up to 1200 finds it, up to 1199 not; with `.strictStartDate` from 0 it is found, from 1 not.
  @Test func aKeptDateIsTheBaseOfOneDerivedInTheSameCall() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let workoutType = HKObjectType.workoutType()
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [workoutType], read: [workoutType])
      let kept = Date()
      try await simulation.advance(by: .seconds(1200))
      try await store.save(HKWorkout(activityType: .walking, start: kept, end: kept + 1200))
      let saved = Date()
      func found(from start: Double, to end: Double) async -> Int? {
        await samples(
          store, simulation, workoutType,
          predicate: HKQuery.predicateForSamples(
            withStart: simulation.startDate + start, end: simulation.startDate + end,
            options: [.strictStartDate, .strictEndDate])
        ).samples?.count
      }
      guard saved.timeIntervalSince(kept) < 1200 else { return }
      #expect(await found(from: 0, to: 1200) == 1)
      #expect(await found(from: 0, to: 1199) == 0)
      #expect(await found(from: 1, to: 1200) == 0)
    }
  }

  /// `kept = Date()` read at t = 300, after an advance, and saved as water there; at t = 600
  /// water at `kept + 60` is 360. In the same save, water from `kept - 60` to `kept`, both
  /// derived from one `Date()` read at t = 300 and passed nowhere before, is 240 … 300: the
  /// kept end is read first and is the base of the start, wherever the call has it (before:
  /// the start a shift of virtual now, 540, and the end, kept to its order, 600).
  @Test func aKeptDateReadAfterAnAdvanceKeepsItsInstant() async throws {
    let made = Date()
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.water], read: [Self.water])
      try await simulation.advance(by: .seconds(300))
      let kept = Date()
      try await store.save(Self.drink(from: kept, to: kept))
      let other = Date()
      try await simulation.advance(by: .seconds(300))
      try await store.save([
        Self.drink(from: kept + 60, to: kept + 60), Self.drink(from: other - 60, to: other),
      ])
      let spans = try #require(await Self.spans(store, simulation))
      // `other - 60` is a shifted date while the simulation was made less than 60 s of real
      // time before `other` was read; `kept + 60` while the real clock has not shown it.
      if other.timeIntervalSince(made) < 60, Date().timeIntervalSince(kept) < 60 {
        #expect(spans == [[240, 300], [300, 300], [360, 360]])
      } else {
        #expect(spans.count == 3 && spans.allSatisfy { $0[0] <= 600 })
      }
    }
  }

  /// A kept date passed after a date derived from it was: `kept = Date()` at t = 0, passed
  /// nowhere; at t = 600 water at `kept - 7200` is a shift of virtual now, 600 − 7200 = −6600
  /// (the rule cannot know `kept`: docs/swift-api.md#the-wall-clock-rule), and a base of its
  /// own; then water at `kept` is 0 (the instant the real clock showed it at), a base too; then
  /// `kept + 120` … `kept + 180` lies a whole number of seconds from both, and the nearer,
  /// `kept`, wins: 120 … 180 (from the shifted one it would be 720 … 780, as it was before).
  @Test func ofTwoBasesTheNearerWins() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.water], read: [Self.water])
      let kept = Date()
      try await simulation.advance(by: .seconds(600))
      try await store.save(Self.drink(from: kept - 7200, to: kept - 7200))
      let shifted = Date()
      try await store.save(Self.drink(from: kept, to: kept))
      try await store.save(Self.drink(from: kept + 120, to: kept + 180))
      let spans = try #require(await Self.spans(store, simulation))
      try #require(spans.count == 3)
      // The shift loses a second for each second of real time from `kept` to its save's read.
      let late = shifted.timeIntervalSince(kept).rounded(.up)
      #expect(spans[0][0] <= -6600 && spans[0][0] >= -6600 - late)
      #expect(spans[1] == [0, 0])
      if Date().timeIntervalSince(kept) < 120 { #expect(spans[2] == [120, 180]) }
    }
  }

  /// A workout's timer reading `elapsedTime(at: Date())` many times a second makes no bases:
  /// collection begun at `kept = Date()` (t = 0), 100 readings (more than the 64 kept dates
  /// kept), and at t = 600 water at `kept + 120` is still 120 and `elapsedTime(at: kept + 300)`
  /// 300 (before, 720 and 900).
  @Test func aTimersReadingsPushNoKeptDateOut() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.water], read: [Self.water])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      let kept = Date()
      session.startActivity(with: kept)
      try await builder.beginCollection(at: kept)
      for _ in 0..<100 { _ = builder.elapsedTime(at: Date()) }
      try await simulation.advance(by: .seconds(600))
      try await store.save(Self.drink(from: kept + 120, to: kept + 120))
      let elapsed = builder.elapsedTime(at: kept + 300)
      let spans = try #require(await Self.spans(store, simulation))
      if Date().timeIntervalSince(kept) < 120 {
        #expect(spans == [[120, 120]])
        #expect(elapsed == 300)
      }
      session.end()
    }
  }

  /// With strict dates a kept `Date()` and one derived from it are refused alike: water at
  /// `kept` at t = 0 and at `kept + 120` at t = 600 both throw naming `save`, and nothing is
  /// stored.
  @Test func strictDatesRefuseAKeptDateAndOneDerivedFromIt() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]"), options: .strictDates)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store, share: [Self.water], read: [Self.water])
      let kept = Date()
      await #expect {
        try await store.save(Self.drink(from: kept, to: kept))
      } throws: { WallClockCollectionTests.isStrictRefusal($0, "save") }
      try await simulation.advance(by: .seconds(600))
      await #expect {
        try await store.save(Self.drink(from: kept + 120, to: kept + 180))
      } throws: { WallClockCollectionTests.isStrictRefusal($0, "save") }
      #expect(await Self.spans(store, simulation) == [])
    }
    #expect(simulation.result.errors.map(\.action) == ["save", "save"])
  }

  /// The bases: a date a whole number of seconds (within a microsecond) from a base is read
  /// from the nearer of two; of two as near, from a kept date before a shifted one, then from
  /// the newer; each kind keeps its newest 64 apart, a date kept again moving to the newest.
  @Test func wallClockBases() {
    func at(_ seconds: Int64) -> SimulationInstant {
      SimulationInstant(nanoseconds: seconds * 1_000_000_000)
    }
    var bases = WallClockBases()
    #expect(bases.instant(derivedFrom: 1000.25) == nil)
    bases.keep(real: 1000.25, at: .zero, kept: true)
    bases.keep(real: 900.25, at: at(50), kept: false)
    // 30 s from the kept date, 130 s from the shifted one (which would make it 180 s).
    #expect(bases.instant(derivedFrom: 1030.25) == at(30))
    #expect(bases.instant(derivedFrom: 1030.2500005) == at(30))
    #expect(bases.instant(derivedFrom: 1030.252) == nil)
    // 30 s from the shifted date, 70 s from the kept one.
    #expect(bases.instant(derivedFrom: 930.25) == at(80))
    #expect(bases.instant(derivedFrom: 1000.25) == .zero)
    // As near (50 s) a shifted date at 1100.25 (instant 500 s) as the kept one: the kept one.
    bases.keep(real: 1100.25, at: at(500), kept: false)
    #expect(bases.instant(derivedFrom: 1050.25) == at(50))
    // As near two kept dates: the newer (1100.25 at 1000 s, moved back 50 s).
    bases.keep(real: 1100.25, at: at(1000), kept: true)
    #expect(bases.instant(derivedFrom: 1050.25) == at(950))
    // 63 more kept dates (none a whole number of seconds from another) push out the first:
    // 1030.25 is now 70 s before the kept 1100.25.
    for index in 1...63 { bases.keep(real: 5000.1 + Double(index) / 64, at: at(2), kept: true) }
    #expect(bases.instant(derivedFrom: 1030.25) == at(930))
    #expect(bases.instant(derivedFrom: 930.25) == at(80))
    // 1100.25 kept again is the newest, so the next kept date pushes out 5000.1 + 1/64.
    bases.keep(real: 1100.25, at: at(1000), kept: true)
    bases.keep(real: 6000.5, at: at(3), kept: true)
    #expect(bases.instant(derivedFrom: 1150.25) == at(1050))
    #expect(bases.instant(derivedFrom: 5010.1 + 1.0 / 64) == nil)
    #expect(bases.instant(derivedFrom: 5010.1 + 2.0 / 64) == at(12))
  }
}
