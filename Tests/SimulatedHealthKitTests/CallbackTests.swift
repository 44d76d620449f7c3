import Foundation
import Synchronization
import Testing
import WorkoutCore

@testable import SimulatedHealthKit

/// Strings noted from completion handlers and tasks (Sendable: one `Mutex`).
final class Notes: Sendable {
  let values = Mutex<[String]>([])
  func add(_ value: String) { values.withLock { $0.append(value) } }
  var all: [String] { values.withLock { $0 } }
}

/// What the main actor saw.
@MainActor final class Model {
  var heartRate = 0.0
}

/// A delegate that hops to the main actor, as Apple's sample apps do.
final class HoppingDelegate: NSObject, HKLiveWorkoutBuilderDelegate {
  let model: Model
  let offMain = Mutex<[Bool]>([])
  /// Whether each batch's heart rate goes to the model in a `Task { @MainActor in }` (else
  /// the delegate queues no main-actor work).
  let hops: Bool

  init(model: Model, hops: Bool = true) {
    self.model = model
    self.hops = hops
  }

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {
    offMain.withLock { $0.append(!Thread.isMainThread) }
    let unit = HKUnit.count().unitDivided(by: .minute())
    guard
      let value = workoutBuilder.statistics(for: HKQuantityType(.heartRate))?
        .mostRecentQuantity()?.doubleValue(for: unit)
    else { return }
    guard hops else { return }
    Task { @MainActor [model] in model.heartRate = value }
  }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

/// Completion handlers, the clock, the data source, authorization and the main actor.
@Suite struct CallbackTests {
  /// A session and its builder with a data source for `activity`, made from `store`.
  func workout(_ store: HKHealthStore, _ activity: HKWorkoutActivityType = .running) throws -> (
    HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource
  ) {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = activity
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
    builder.dataSource = source
    return (session, builder, source)
  }

  @Test func completionsRunInTheLaneAtTheNextDelivery() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let notes = Notes()
    try await simulation.run {
      let (session, builder, _) = try workout(HKHealthStore())
      session.startActivity(with: simulation.now)
      builder.beginCollection(withStart: simulation.now) { success, error in
        notes.add("begin \(success) \(error == nil)")
      }
      // Not yet: completions wait for a delivery.
      #expect(notes.all.isEmpty)
      await simulation.settle()
      #expect(notes.all == ["begin true true"])
      builder.beginCollection(withStart: simulation.now) { success, error in
        notes.add("again \(success) \(error?.localizedDescription ?? "")")
      }
      try await simulation.advance(by: .seconds(10))
      #expect(
        notes.all == [
          "begin true true",
          "again false Unable to begin a workout that has already started.",
        ])
      session.end()
      builder.endCollection(withEnd: simulation.now) { success, _ in notes.add("end \(success)") }
      builder.finishWorkout { workout, _ in notes.add("finish \(workout?.duration ?? -1)") }
      await simulation.settle()
    }
    // 0 → 10 s without pauses.
    #expect(notes.all.suffix(2) == ["end true", "finish 10.0"])
  }

  @Test func theClockWakesSleepersWhenTimePassesTheirDeadline() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let notes = Notes()
    try await simulation.run {
      let clock = simulation.clock
      #expect(clock.now == .zero)
      let sleeper = Task {
        try await clock.sleep(until: .seconds(30))
        notes.add("woke")
      }
      while simulation.state.withLock({ $0.sleepers.isEmpty }) { await Task.yield() }
      try await simulation.advance(by: .seconds(29))
      #expect(notes.all.isEmpty)
      try await simulation.advance(by: .seconds(2))
      try await sleeper.value
      #expect(notes.all == ["woke"])
      #expect(clock.now == .seconds(31))
      #expect(simulation.now == noon(plus: 31))
    }
  }

  @Test func theDataSourceDecidesWhatTheBuilderGets() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let (session, builder, source) = try workout(HKHealthStore())
      let heartRate = HKQuantityType(.heartRate)
      #expect(source.typesToCollect.contains(heartRate))
      source.disableCollection(for: heartRate)
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      #expect(builder.statistics(for: heartRate) == nil)
      // Energy spans due at 10, 20, ..., 60 s: 6 kcal.
      let energy = builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()
      #expect(energy?.doubleValue(for: .kilocalorie()) == 6)
      // Enabled again at 60 s, then a pause at once: the heart rate of 60 s is the cut
      // interval's last sample, then 70, 75 and 80 s after the resume.
      source.enableCollection(for: heartRate, predicate: nil)
      session.pause()
      try await simulation.advance(by: .seconds(10))
      session.resume()
      try await simulation.advance(by: .seconds(10))
      // Heart rate at 70, 75 and 80 s.
      let unit = HKUnit.count().unitDivided(by: .minute())
      #expect(builder.statistics(for: heartRate)?.averageQuantity()?.doubleValue(for: unit) == 150)
    }
    #expect(simulation.result.records.isEmpty)
  }

  /// `disableCollection` and `enableCollection` in the middle of a running interval apply at
  /// once (Apple: disabling "stops" and enabling "begins" collecting the type,
  /// https://developer.apple.com/documentation/healthkit/hkliveworkoutdatasource), not at the
  /// next resume: a battery-saver switch that turns heart rate off at 60 s and on at 120 s.
  @Test func collectionChangesMidIntervalApplyAtOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      let heartRate = HKQuantityType(.heartRate)
      try await store.requestAuthorization(
        toShare: [HKQuantityType.workoutType()], read: [heartRate])
      let (session, builder, source) = try workout(store)
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      source.disableCollection(for: heartRate)
      try await simulation.advance(by: .seconds(60))
      // No heart rate after 60 s (before: 65 s, ..., 120 s kept coming until a resume).
      #expect(
        builder.statistics(for: heartRate)?.mostRecentQuantityDateInterval()
          == DateInterval(start: noon(plus: 60), duration: 0))
      source.enableCollection(for: heartRate, predicate: nil)
      try await simulation.advance(by: .seconds(10))
      #expect(
        builder.statistics(for: heartRate)?.mostRecentQuantityDateInterval()
          == DateInterval(start: noon(plus: 130), duration: 0))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      // Heart rate every 5 s from 0 to 60 s (13) and from 120 to 130 s (3).
      let samples = try await HKSampleQueryDescriptor(
        predicates: [
          .quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(from: workout))
        ],
        sortDescriptors: [SortDescriptor(\.startDate)]
      ).result(for: store)
      let seconds = samples.map { $0.startDate.timeIntervalSince(noon(plus: 0)) }
      #expect(seconds == [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 120, 125, 130])
      // Energy, still collected, is neither lost nor counted twice at the cuts: 1 kcal per
      // 10 s span for 130 s.
      let energy = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()
      #expect(energy?.doubleValue(for: .kilocalorie()) == 13)
    }
  }

  @Test func withoutADataSourceNothingIsCollected() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      #expect(builder.allStatistics.isEmpty)
      #expect(builder.elapsedTime == 60)
    }
  }

  @Test func everyAuthorizationRequestIsGranted() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      #expect(HKHealthStore.isHealthDataAvailable())
      let heartRate = HKQuantityType(.heartRate)
      let read: Set<HKObjectType> = [HKQuantityType(.stepCount), HKCategoryType(.sleepAnalysis)]
      #expect(store.authorizationStatus(for: heartRate) == .notDetermined)
      #expect(
        try await store.statusForAuthorizationRequest(toShare: [heartRate], read: read)
          == .shouldRequest)
      try await store.requestAuthorization(toShare: [heartRate, .workoutType()], read: read)
      #expect(store.authorizationStatus(for: heartRate) == .sharingAuthorized)
      #expect(store.authorizationStatus(for: HKQuantityType(.stepCount)) == .notDetermined)
      #expect(
        try await store.statusForAuthorizationRequest(toShare: [heartRate], read: read)
          == .unnecessary)
      // The seed app's form: nothing to share.
      try await store.requestAuthorization(toShare: [], read: read)
    }
  }

  @MainActor @Test func delegatesRunOffTheMainActorAndSettleLetsItsWorkRun() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let model = Model()
    let delegate = HoppingDelegate(model: model)
    try await simulation.run {
      let (session, builder, _) = try workout(HKHealthStore())
      builder.delegate = delegate
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(10))
      await simulation.settle()
      #expect(model.heartRate == 150)
    }
    let offMain = delegate.offMain.withLock { $0 }
    // Batches at 0 (heart rate), 5, 10 s.
    #expect(offMain == [true, true, true])
  }

  /// Batches at 5 and 10 s (docs/swift-api.md#time-and-callbacks): `advance(by: 10 s)` stops at
  /// 5 and 10 s. Its start (which delivers the pending completion handler of
  /// `beginCollection`'s completion form) and its end are settled: a settle ends after two
  /// turns in a row that change nothing, and the completion is delivered before its first turn,
  /// so 2 turns each. 4 turns without the option, the batch-only instant at 5 s being skipped;
  /// 5 with `mainActorTurnAfterEveryBatch`. The delegate queues no main-actor work (one that
  /// does gets turns at its batches: `MainActorHopTests`).
  @Test(arguments: [false, true])
  func sampleBatchesAloneGetNoMainActorTurn(everyBatch: Bool) async throws {
    let options: HealthKitSimulation.Options = everyBatch ? [.mainActorTurnAfterEveryBatch] : []
    let simulation = try HealthKitSimulation(scenario: constantRun(), options: options)
    let model = Model()
    let delegate = HoppingDelegate(model: model, hops: false)
    try await simulation.run {
      let (session, builder, _) = try workout(HKHealthStore())
      builder.delegate = delegate
      session.startActivity(with: simulation.now)
      builder.beginCollection(withStart: simulation.now) { _, _ in }
      let before = simulation.state.withLock { $0.turns }
      try await simulation.advance(by: .seconds(10))
      let turns = simulation.state.withLock { $0.turns } - before
      #expect(turns == (everyBatch ? 5 : 4))
      // A state change gets its turn without the option too.
      try await simulation.advance(by: .seconds(5))
      let batchTurns = simulation.state.withLock { $0.turns }
      session.pause()
      try await simulation.advance(by: .seconds(5))
      let pauseTurns = simulation.state.withLock { $0.turns } - batchTurns
      // The pause's `didChangeTo` is delivered at the advance's start (settled: 2 turns), then
      // 20 s ends it (2 turns); a paused session collects no batches, so no instant between.
      #expect(pauseTurns == 4)
    }
    let offMain = delegate.offMain.withLock { $0 }
    // Batches at 0, 5, 10 and 15 s, all delivered off the main actor.
    #expect(offMain == [true, true, true, true])
  }

  @Test func theSimulationIsSendable() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let now: @Sendable () -> Date = { simulation.now }
    let later = await Task.detached { now() }.value
    #expect(later == noon(plus: 0))
  }
}
