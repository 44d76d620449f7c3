import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// App code written the way apps write it, with nothing but the import changed: continuations
/// around query handlers, completion handlers and delegate calls, an `AsyncStream` fed by an
/// update handler, awaited before any `advance` (docs/swift-api.md#time-and-callbacks). Work
/// the frameworks owe the app is delivered by itself on the simulation's lane.
///
/// The data: `HealthQueryTests.overlapping`, the watch's 600 steps over 10:00–10:10 and the
/// iPhone's 500 over 10:05–10:15 on 2026-03-29 (Berlin); merged with the watch first,
/// 600 + 500 × 5/10 = 850.
@Suite struct AppPatternsTests {
  /// 2026-03-29, the local day of the samples (23 hours: the DST change).
  static var day: NSPredicate {
    HKQuery.predicateForSamples(
      withStart: date("2026-03-29T00:00:00+01:00"), end: date("2026-03-30T00:00:00+02:00"))
  }

  /// The app's read of today's steps, as apps write it: the handler API in a continuation.
  static func stepsToday(_ store: HKHealthStore) async throws -> Double {
    try await withCheckedThrowingContinuation { continuation in
      let query = HKStatisticsQuery(
        quantityType: steps, quantitySamplePredicate: day, options: .cumulativeSum
      ) { _, statistics, error in
        if let error { return continuation.resume(throwing: error) }
        continuation.resume(returning: statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0)
      }
      store.execute(query)
    }
  }

  @Test func aStatisticsQueryAwaitedThroughAContinuation() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    let total = try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      return try await Self.stepsToday(store)
    }
    #expect(total == 850)
  }

  /// A view model on the main actor, as SwiftUI apps have it.
  @MainActor final class TodayModel {
    let store = HKHealthStore()
    var steps: Double?

    func load() async throws {
      try await authorize(store)
      steps = try await AppPatternsTests.stepsToday(store)
    }
  }

  @Test @MainActor func aMainActorModelAwaitsTheSameQuery() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    let model = try await simulation.run {
      let model = TodayModel()
      try await model.load()
      return model
    }
    #expect(model.steps == 850)
  }

  @Test func sampleAnchoredAndCollectionQueriesThroughContinuations() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let samples: [HKSample] = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKSampleQuery(
            sampleType: steps, predicate: Self.day, limit: HKObjectQueryNoLimit,
            sortDescriptors: [
              NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)
            ]
          ) { _, samples, error in
            if let error { return continuation.resume(throwing: error) }
            continuation.resume(returning: samples ?? [])
          })
      }
      #expect(
        samples.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) }
          == [600, 500])

      let added: Int = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKAnchoredObjectQuery(
            type: steps, predicate: Self.day, anchor: nil, limit: HKObjectQueryNoLimit
          ) { _, added, _, _, error in
            if let error { return continuation.resume(throwing: error) }
            continuation.resume(returning: added?.count ?? 0)
          })
      }
      #expect(added == 2)

      // Hourly buckets from local midnight: both samples lie in 10:00–11:00, merged 850.
      let tenOClock: Double? = try await withCheckedThrowingContinuation { continuation in
        let query = HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: Self.day, options: .cumulativeSum,
          anchorDate: date("2026-03-29T00:00:00+01:00"),
          intervalComponents: DateComponents(hour: 1))
        query.initialResultsHandler = { _, collection, error in
          if let error { return continuation.resume(throwing: error) }
          let bucket = collection?.statistics(for: date("2026-03-29T10:30:00+02:00"))
          continuation.resume(returning: bucket?.sumQuantity()?.doubleValue(for: .count()))
        }
        store.execute(query)
      }
      #expect(tenOClock == 850)
    }
  }

  @Test func completionHandlerAPIsThroughContinuations() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      let granted: Bool = try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization(toShare: [steps], read: [steps]) { success, error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: success)
        }
      }
      #expect(granted)
      let enabled: Bool = try await withCheckedThrowingContinuation { continuation in
        store.enableBackgroundDelivery(for: steps, frequency: .hourly) { success, error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: success)
        }
      }
      #expect(enabled)
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 42),
        start: simulation.now, end: simulation.now)
      let saved: Bool = try await withCheckedThrowingContinuation { continuation in
        store.save(sample) { success, error in
          if let error { return continuation.resume(throwing: error) }
          continuation.resume(returning: success)
        }
      }
      #expect(saved)
    }
  }

  @Test func anUpdateHandlerFeedsAnAsyncStreamReadBeforeAnyAdvance() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let (changes, continuation) = AsyncStream.makeStream(of: Date.self)
      let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, error in
        #expect(error == nil)
        continuation.yield(simulation.now)
        completion()
      }
      store.execute(query)
      var iterator = changes.makeAsyncIterator()
      // HealthKit calls an observer query's handler once when it starts.
      #expect(await iterator.next() == simulation.startDate)
      store.stop(query)
    }
  }

  /// A workout manager that waits for the session to run, as apps do: a continuation resumed
  /// from `didChangeTo`.
  final class StartingManager: NSObject, HKWorkoutSessionDelegate, @unchecked Sendable {
    let store = HKHealthStore()
    var session: HKWorkoutSession?
    private let waiting = Mutex<CheckedContinuation<Date, Never>?>(nil)

    func start() async throws -> Date {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.delegate = self
      self.session = session
      return await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        session.startActivity(with: Date())
      }
    }

    func workoutSession(
      _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
      from fromState: HKWorkoutSessionState, date: Date
    ) {
      guard toState == .running else { return }
      waiting.withLock { $0.take() }?.resume(returning: date)
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
  }

  @Test func aDelegateCallAwaitedThroughAContinuation() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let manager = StartingManager()
      let running = try await manager.start()
      // `Date()` is read as virtual now: the session runs from the scenario's start.
      #expect(running == noon(plus: 0))
      #expect(manager.session?.state == .running)
    }
  }

  /// Records the session states its delegate is told.
  final class StateRecorder: NSObject, HKWorkoutSessionDelegate, Sendable {
    let states = Mutex<[HKWorkoutSessionState]>([])

    func workoutSession(
      _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
      from fromState: HKWorkoutSessionState, date: Date
    ) {
      states.withLock { $0.append(toState) }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
  }

  /// A delegate set on the main actor right after `startActivity(with:)`, in the same
  /// synchronous stretch of code, is told `.running`, on every run: on a device the answer
  /// comes later, from another process. The stretch is held 20 ms on purpose (the subject of
  /// the test, not a wait for something), long enough for a delivery racing it from the lane's
  /// thread to come first; before the lane waited for the main queue's item to end, the
  /// delegate missed `.running` in every round.
  @Test @MainActor func aDelegateSetRightAfterStartingOnTheMainActorIsTold() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      for round in 0..<20 {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.startActivity(with: Date())
        usleep(20_000)
        let recorder = StateRecorder()
        session.delegate = recorder
        await simulation.settle()
        #expect(recorder.states.withLock { $0 } == [.running], "round \(round)")
        session.end()
        await simulation.settle()
      }
    }
  }

  // MARK: - Woken code runs at its instant

  /// What an app task sleeping on the simulation's clock until 60 s reads when it wakes while
  /// the test advances 120 s: each form of task the simulation runs on its lane.
  static func sleeperReadings() async throws -> [Double] {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    return try await simulation.run {
      let clock = simulation.clock
      let seconds: @Sendable () -> Double = {
        simulation.now.timeIntervalSince(simulation.startDate)
      }
      async let child: Double = {
        try await clock.sleep(until: .seconds(60))
        return seconds()
      }()
      let grouped = try await withThrowingTaskGroup(of: Double.self) { group in
        group.addTask {
          try await clock.sleep(until: .seconds(60))
          let first = seconds()
          try await clock.sleep(for: .seconds(30))
          return first * 1000 + seconds()
        }
        try await simulation.advance(by: .seconds(120))
        return try await group.next() ?? -1
      }
      let main = Task(executorPreference: simulation.taskExecutor) {
        try await clock.sleep(until: .seconds(150))
        return seconds()
      }
      try await simulation.advance(by: .seconds(60))
      return [try await child, grouped, try await main.value]
    }
  }

  @Test func aSleeperWokenAt60ReadsNow60WhileTheTestAdvances120() async throws {
    // The child and the group's task wake at 60 (the group's again at 90); the task started
    // with the lane as its preference at 150 while the second advance goes to 180.
    let readings = try await Self.sleeperReadings()
    #expect(readings == [60, 60_090, 150])
  }

  @Test func theReadingsAreTheSameInAHundredRuns() async throws {
    var runs: [[Double]] = []
    for _ in 0..<100 { runs.append(try await Self.sleeperReadings()) }
    #expect(runs == Array(repeating: [60, 60_090, 150], count: 100))
  }

  /// What an app task woken by the clock at 30 s reads after it saves a sample (an async
  /// HealthKit call), and after it sleeps again until 60 s, while the test advances 120 s in one
  /// call: the save is made at its instant, before time moves on (the call is in flight from the
  /// moment it is made), 30 and 60. The task runs on the simulation's lane; on the main actor
  /// the same holds on a quiet machine but is not guaranteed (docs/swift-api.md).
  static func callAfterWakeReadings() async throws -> [Double] {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    return try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let clock = simulation.clock
      let app = Task(executorPreference: simulation.taskExecutor) {
        try await clock.sleep(until: .seconds(30))
        try await store.save(
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 12),
            start: simulation.now, end: simulation.now))
        let saved = simulation.now.timeIntervalSince(simulation.startDate)
        try await clock.sleep(until: .seconds(60))
        return [saved, simulation.now.timeIntervalSince(simulation.startDate)]
      }
      try await simulation.advance(by: .seconds(120))
      return try await app.value
    }
  }

  @Test func aTaskWokenByTheClockMakesItsCallsAtItsInstant() async throws {
    var runs: [[Double]] = []
    for _ in 0..<20 { runs.append(try await Self.callAfterWakeReadings()) }
    #expect(runs == Array(repeating: [30, 60], count: 20))
  }

  // MARK: - Nothing silent

  @Test(.timeLimit(.minutes(3))) func aRunThatWaitsOnNothingIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(100)
    let held = HeldContinuation()
    // A stall test, not an exit test: the rescue may come late on a loaded machine.
    simulation.stallExitDelay = nil
    // The app's own mistake: a continuation nothing resumes, which ignores the cancellation
    // the stall brings. The stand-in for the app's late rescue resumes it once the stall has
    // been reported: it awaits the report (`nextRunEnding(after:)`), however long a loaded
    // machine makes the watch take (it counts only the time the process could run app code).
    let rescuer = Task.detached {
      _ = await simulation.nextRunEnding(after: 0)
      held.continuation.withLock { $0.take() }?.resume()
    }
    // In a task of its own: the stall cancels the run's task (Swift Testing would report the
    // test's own task cancelled as a cancelled test).
    let error = await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run {
          try await simulation.advance(by: .seconds(30))
          await withCheckedContinuation { continuation in
            held.continuation.withLock { $0 = continuation }
          }
          // The stall cancelled the body's task.
          #expect(Task.isCancelled)
        }
      }.value
    }
    await rescuer.value
    let report = try #require(simulation.reports.first)
    #expect(error?.report == report)
    #expect(report.kind == .stalled)
    #expect(report.seconds == 30)
    // No framework call was made; the app's last call was the advance, named with the
    // instant it returned at (before trial 12: `run(_:)` and "no async call", untrue).
    #expect(report.framework == "simulation")
    #expect(report.call == "after advance(by: 30.0 seconds)")
    #expect(
      report.message.contains(
        "the app's last call into the simulation was advance(by: 30.0 seconds), which returned "
          + "at t = 30 s (it made no async framework call;"))
    #expect(report.message.contains("nothing the simulation owes the app is pending"))
  }

  @Test func aSleeperLeftWhenRunReturnsIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let sleeper = try await simulation.run {
      // Started on the simulation's lane, so `advance` waits until it sleeps.
      let sleeper = Task(executorPreference: simulation.taskExecutor) {
        try await simulation.clock.sleep(until: .seconds(500))
      }
      try await simulation.advance(by: .seconds(10))
      return sleeper
    }
    // (A loaded machine may add a stall report while the body waits for a thread.)
    let atEnd = simulation.reports.filter { $0.kind == .blockedAtEnd }
    #expect(
      atEnd.map(\.description) == [
        "SimulationClock: sleep(until: 500 s) at t = 10 s: a task was still sleeping when "
          + "run(_:) returned: advance past its deadline inside run, or cancel the task"
      ])
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }
}

/// A continuation the app keeps and a stand-in for its late rescue resumes.
final class HeldContinuation: Sendable {
  let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
}
