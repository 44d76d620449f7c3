import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A live workout's samples in the store (docs/healthkit-behaviour.md#a-live-workouts-samples)
/// over whole runs: the order they arrive in with and without reads during the workout, the
/// listeners a discard wakes, two workouts one after the other, an anchored query's pages
/// across bring-ins, a crash and recovery.
///
/// `constantRun` from noon: heart rate 150 bpm at 0, 5, 10, ... s after the session's start,
/// 1 kcal of active energy per 10 s span (spans ending at 10, 20, ... s after it).
@Suite struct LiveWorkoutSamplesRunsTests {
  /// Share workouts and heart rate, read heart rate, energy and workouts.
  private func authorized(_ store: HKHealthStore) async throws {
    try await authorize(
      store, share: [HKObjectType.workoutType(), heartRate],
      read: [heartRate, activeEnergy, HKObjectType.workoutType()])
  }

  /// One page of an anchored query: what it added (type, start in seconds from noon, UUID)
  /// and the anchor it returned.
  struct Page: Sendable {
    var added: [(type: String, start: Double, uuid: UUID)]
    var anchor: HKQueryAnchor?

    /// The added samples as `"HR 5"` / `"E 0"` (heart rate / active energy and the start).
    var names: [String] {
      added.map { "\($0.type == heartRate.identifier ? "HR" : "E") \(Int($0.start))" }
    }
  }

  /// An anchored query of `descriptors` from `anchor`, at most `limit` samples: its first
  /// results.
  private func page(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ descriptors: [HKQueryDescriptor],
    from anchor: HKQueryAnchor?, limit: Int = HKObjectQueryNoLimit
  ) async -> Page? {
    await result(store, simulation) { finish in
      HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: anchor, limit: limit) {
        _, added, _, anchor, _ in
        finish(
          Page(
            added: (added ?? []).map {
              ($0.sampleType.identifier, $0.startDate.timeIntervalSince(noon(plus: 0)), $0.uuid)
            },
            anchor: anchor))
      }
    }
  }

  /// Pages of `descriptors` with `limit` from the beginning until one adds nothing (that one
  /// included).
  private func pages(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ descriptors: [HKQueryDescriptor],
    limit: Int, from start: HKQueryAnchor? = nil
  ) async throws -> [Page] {
    var all: [Page] = []
    var anchor = start
    while true {
      let next = try #require(
        await page(store, simulation, descriptors, from: anchor, limit: limit))
      all.append(next)
      anchor = next.anchor
      if next.added.isEmpty || all.count > 20 { return all }
    }
  }

  /// A workout from 0 to 30 s, finished at 30 s, read at 15 s (a heart-rate sample query) when
  /// `readMidway`; then an anchored query of heart rate and energy together (no limit), the
  /// pages of heart rate alone, three at a time, the pages of both, two at a time, and the
  /// first four of both through `HKAnchoredObjectQueryDescriptor`.
  private func finishedWorkout(readMidway: Bool) async throws -> (
    both: Page, pages: [Page], mixed: [Page], described: [String]
  ) {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let found = Mutex<(both: Page, pages: [Page], mixed: [Page], described: [String])?>(nil)
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let (session, builder) = try await startedRun(store, simulation)
      if readMidway {
        try await simulation.advance(by: .seconds(15))
        // 0, 5, 10, 15 s: 15 / 5 + 1 = 4 readings.
        #expect(await samples(store, simulation, heartRate).samples?.count == 4)
      }
      try await simulation.advance(to: noon(plus: 30))
      session.end()
      try await builder.endCollection(at: simulation.now)
      _ = try #require(try await builder.finishWorkout())
      let descriptors = [
        HKQueryDescriptor(sampleType: heartRate, predicate: nil),
        HKQueryDescriptor(sampleType: activeEnergy, predicate: nil),
      ]
      let both = try #require(await page(store, simulation, descriptors, from: nil))
      let mixed = try await pages(store, simulation, descriptors, limit: 2)
      let heartRateAlone = try await pages(
        store, simulation, [HKQueryDescriptor(sampleType: heartRate, predicate: nil)], limit: 3)
      // The async descriptor of both types with a limit of 4: one answer of 4 in all.
      let descriptor = HKAnchoredObjectQueryDescriptor(
        predicates: [.quantitySample(type: heartRate), .quantitySample(type: activeEnergy)],
        anchor: nil, limit: 4)
      let described = try await descriptor.result(for: store).addedSamples.map {
        "\($0.sampleType.identifier == heartRate.identifier ? "HR" : "E") \(Int($0.startDate.timeIntervalSince(noon(plus: 0))))"
      }
      found.withLock { $0 = (both, heartRateAlone, mixed, described) }
    }
    return try #require(found.withLock { $0 })
  }

  /// The same workout with and without a read at 15 s gives the same anchored-query answers
  /// after the finish: each sample arrived at its collection instant, heart rate at its
  /// reading, energy at its span's end (10, 20, 30 s), heart rate before energy at one instant
  /// (the types' fixed order): HR 0, HR 5, HR 10, E 0 (0–10 s, arrived at 10), HR 15, HR 20,
  /// E 10, HR 25, HR 30, E 20. Heart rate three at a time: 0, 5, 10 / 15, 20, 25 / 30 / none,
  /// with the same anchors in both runs (7 readings, 30 / 5 + 1).
  @Test func theOrderAfterTheFinishDoesNotDependOnReadsDuringTheWorkout() async throws {
    let read = try await finishedWorkout(readMidway: true)
    let unread = try await finishedWorkout(readMidway: false)
    let order = [
      "HR 0", "HR 5", "HR 10", "E 0", "HR 15", "HR 20", "E 10", "HR 25", "HR 30", "E 20",
    ]
    #expect(read.both.names == order)
    #expect(unread.both.names == order)
    #expect(read.both.anchor == unread.both.anchor)
    let heartRatePages = [["HR 0", "HR 5", "HR 10"], ["HR 15", "HR 20", "HR 25"], ["HR 30"], []]
    #expect(read.pages.map(\.names) == heartRatePages)
    #expect(unread.pages.map(\.names) == heartRatePages)
    #expect(read.pages.map(\.anchor) == unread.pages.map(\.anchor))
    // Both types, at most two samples a page in all (Apple's limit is the query's, not each
    // type's): the 10 samples of `order` two by two, 10 / 2 = 5 pages, then nothing; none lost,
    // none twice.
    let mixedPages = [
      ["HR 0", "HR 5"], ["HR 10", "E 0"], ["HR 15", "HR 20"], ["E 10", "HR 25"], ["HR 30", "E 20"],
      [],
    ]
    #expect(read.mixed.map(\.names) == mixedPages)
    #expect(unread.mixed.map(\.names) == mixedPages)
    #expect(read.mixed.map(\.anchor) == unread.mixed.map(\.anchor))
    // The descriptor's limit of 4: the first 4 of `order`.
    #expect(read.described == ["HR 0", "HR 5", "HR 10", "E 0"])
    #expect(unread.described == ["HR 0", "HR 5", "HR 10", "E 0"])
  }

  /// A listener of the store that counts its wakes.
  final class CountingListener: HealthQueryListener {
    let types: Set<HealthDataType>
    let woken = Mutex(0)
    init(_ types: Set<HealthDataType>) { self.types = types }
    var listenedTypes: Set<HealthDataType> { types }
    var isFinished: Bool { false }
    func wake(at now: SimulationInstant, state: inout AppSimulation.State)
      -> [AppSimulation.Callback]
    {
      woken.withLock { $0 += 1 }
      return []
    }
  }

  /// A discard wakes only the listeners of types whose samples came in at it. At 12 s every
  /// reading (0, 5, 10 s) and the energy span ending at 10 s are in the store already (a
  /// heart-rate listener brought them in at each batch): the discard brings in nothing, so it
  /// wakes neither the heart-rate listener nor a body-mass one (a type the run never
  /// collects).
  @Test func aDiscardWakesOnlyListenersOfTypesThatChanged() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let heart = CountingListener([try #require(heartRate.healthDataType)])
    let mass = CountingListener([try #require(HKQuantityType(.bodyMass).healthDataType)])
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      simulation.mutate { state in
        state.healthListeners.append(heart)
        state.healthListeners.append(mass)
      }
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(to: noon(plus: 12))
      let heartBefore = heart.woken.withLock { $0 }
      #expect(heartBefore > 0)
      session.end()
      try await builder.endCollection(at: simulation.now)
      builder.discardWorkout()
      await simulation.settle()
      #expect(heart.woken.withLock { $0 } == heartBefore)
      #expect(mass.woken.withLock { $0 } == 0)
      // What was collected stays: readings at 0, 5, 10 s.
      #expect(await samples(store, simulation, heartRate).samples?.count == 3)
    }
  }

  /// A discard wakes the listeners of the types whose samples came in at it. The app crashes at
  /// 30 s and is relaunched at 50 s; nothing reads the store and no listener runs from the
  /// crash to 60 s, so the readings at 35 ... 60 s (6: (60 - 35) / 5 + 1) are not in the store
  /// yet. At 60 s the relaunched app recovers the session, a heart-rate listener starts, and
  /// the discard brings those readings in: the heart-rate listener is woken once, a body-mass
  /// one not at all; the store then holds every reading at 0 ... 60 s, 13 (60 / 5 + 1).
  @Test func aDiscardAfterARelaunchWakesTheListenersOfWhatCameIn() async throws {
    let simulation = try HealthKitSimulation(
      scenario: constantRun(
        timeline: """
          [{ "at": 30, "do": "crash" }, { "at": 50, "do": "relaunch" }]
          """))
    let heart = CountingListener([try #require(heartRate.healthDataType)])
    let mass = CountingListener([try #require(HKQuantityType(.bodyMass).healthDataType)])
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      _ = try await startedRun(store, simulation)
      try await simulation.advance(to: noon(plus: 60))
      let relaunched = HKHealthStore()
      let session = try #require(try await relaunched.recoverActiveWorkoutSession())
      let builder = session.associatedWorkoutBuilder()
      simulation.mutate { state in
        state.healthListeners.append(heart)
        state.healthListeners.append(mass)
      }
      builder.discardWorkout()
      await simulation.settle()
      #expect(heart.woken.withLock { $0 } == 1)
      #expect(mass.woken.withLock { $0 } == 0)
      #expect(await samples(relaunched, simulation, heartRate).samples?.count == 13)
    }
  }

  /// Two workouts one after the other: 0–30 s and 60–90 s (the second's readings at 60, 65,
  /// ..., 90 s on its own grid). A read at 75 s finds the first's 7 (30 / 5 + 1) and the
  /// second's 4 so far (60 ... 75): 11; after the second's finish the store holds 14, none
  /// twice, each workout's 7 selected by `predicateForObjects(from:)`, the first's with the
  /// UUIDs they had after its own finish.
  @Test func twoWorkoutsOneAfterTheOther() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      var (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(to: noon(plus: 30))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let first = try #require(try await builder.finishWorkout())
      let ofFirst = try #require(
        await samples(
          store, simulation, heartRate, predicate: HKQuery.predicateForObjects(from: first)
        ).samples)
      #expect(ofFirst.count == 7)
      try await simulation.advance(to: noon(plus: 60))
      (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(to: noon(plus: 75))
      #expect(await samples(store, simulation, heartRate).samples?.count == 11)
      try await simulation.advance(to: noon(plus: 90))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let second = try #require(try await builder.finishWorkout())
      let all = try #require(await samples(store, simulation, heartRate).samples)
      #expect(all.count == 14)
      #expect(Set(all.map(\.uuid)).count == 14)
      let firstAgain = try #require(
        await samples(
          store, simulation, heartRate, predicate: HKQuery.predicateForObjects(from: first)
        ).samples)
      #expect(Set(firstAgain.map(\.uuid)) == Set(ofFirst.map(\.uuid)))
      let ofSecond = try #require(
        await samples(
          store, simulation, heartRate, predicate: HKQuery.predicateForObjects(from: second)
        ).samples)
      #expect(ofSecond.count == 7)
      #expect(
        ofSecond.map { $0.startDate.timeIntervalSince(noon(plus: 0)) }.sorted()
          == [60, 65, 70, 75, 80, 85, 90])
    }
  }

  /// An anchored query of heart rate with a limit of 4, paged at 30 s (readings 0 ... 30 s: 7)
  /// and again from its last anchor at 60 s (35 ... 60 s: 6, brought in at that read): pages
  /// 0, 5, 10, 15 / 20, 25, 30 / none, then 35, 40, 45, 50 / 55, 60 / none; 13 readings in
  /// all (60 / 5 + 1), none twice, none left out.
  @Test func anAnchoredQuerysPagesContinueAcrossBringIns() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      let (session, _) = try await startedRun(store, simulation)
      let descriptors = [HKQueryDescriptor(sampleType: heartRate, predicate: nil)]
      try await simulation.advance(to: noon(plus: 30))
      let early = try await pages(store, simulation, descriptors, limit: 4)
      #expect(
        early.map(\.names) == [
          ["HR 0", "HR 5", "HR 10", "HR 15"], ["HR 20", "HR 25", "HR 30"], [],
        ])
      try await simulation.advance(to: noon(plus: 60))
      let late = try await pages(store, simulation, descriptors, limit: 4, from: early.last?.anchor)
      #expect(
        late.map(\.names) == [["HR 35", "HR 40", "HR 45", "HR 50"], ["HR 55", "HR 60"], []])
      let uuids = (early + late).flatMap { $0.added.map(\.uuid) }
      #expect(uuids.count == 13)
      #expect(Set(uuids).count == 13)
      session.end()
    }
  }

  /// The app crashes at 30 s and is relaunched at 50 s; the relaunched app reads the store at
  /// 60 s before it recovers the session: the readings at 0 ... 60 s, 13 (60 / 5 + 1), those
  /// collected while it was not running (35 ... 50 s) among them, each once. It recovers, and
  /// finishes at 90 s: the workout's readings are 19 (90 / 5 + 1), the 13 seen with the same
  /// UUIDs, and the store holds 19 in all.
  @Test func samplesCollectedWhileTheAppWasDeadAreInTheStoreOnce() async throws {
    let simulation = try HealthKitSimulation(
      scenario: constantRun(
        timeline: """
          [{ "at": 30, "do": "crash" }, { "at": 50, "do": "relaunch" }]
          """))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorized(store)
      _ = try await startedRun(store, simulation)
      try await simulation.advance(to: noon(plus: 60))
      let relaunched = HKHealthStore()
      let seen = try #require(await samples(relaunched, simulation, heartRate).samples)
      #expect(
        seen.map { $0.startDate.timeIntervalSince(noon(plus: 0)) }.sorted()
          == (0...12).map { Double($0 * 5) })
      #expect(Set(seen.map(\.uuid)).count == 13)
      let session = try #require(try await relaunched.recoverActiveWorkoutSession())
      let builder = session.associatedWorkoutBuilder()
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: relaunched, workoutConfiguration: session.workoutConfiguration)
      try await simulation.advance(to: noon(plus: 90))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let ofWorkout = try #require(
        await samples(
          relaunched, simulation, heartRate, predicate: HKQuery.predicateForObjects(from: workout)
        ).samples)
      #expect(ofWorkout.count == 19)
      #expect(Set(seen.map(\.uuid)).isSubset(of: Set(ofWorkout.map(\.uuid))))
      let all = try #require(await samples(relaunched, simulation, heartRate).samples)
      #expect(all.count == 19)
      #expect(Set(all.map(\.uuid)).count == 19)
    }
  }
}
