import Foundation
import Observation
import Synchronization
import Testing
import WorkoutScenario

@testable import SimulatedHealthKit

/// Every query type awaited the way apps write it from a SwiftUI model: an `@Observable`
/// `@MainActor` model whose refresh starts `Task { @MainActor in ... }` that awaits the query's
/// handler through the app's own `withCheckedThrowingContinuation` and stores the value. The
/// test's `settle()` returns only once the model holds it (docs/swift-api.md#time-and-callbacks):
/// Swift resumes such a task through its generic executor, and before the lane took that job
/// (`ResumeRedirect`) 1 to 6 rounds of 25 ended early with the tests run in parallel under load.
///
/// Each continuation is written in the model's main-actor code. The app's own nonisolated async
/// helper called from there is not covered the same way: Swift's hop from the main actor to it
/// is a job on the global executor that names no simulation (docs/swift-api.md).
///
/// The data (`AppPatternsTests`): the watch's 600 steps over 10:00–10:10 and the iPhone's 500
/// over 10:05–10:15 on 2026-03-29 (Berlin); merged with the watch first, 600 + 500 × 5/10 = 850.
@Suite struct ContinuationResumeTests {
  /// Runs of each test: one run ended early only under load, and rarely.
  static let rounds = 25

  /// The model as SwiftUI apps write it: the value the task's continuation returned.
  @MainActor @Observable final class Model {
    let store = HKHealthStore()
    var value: Double?
    var failure: String?

    /// Starts the refresh task: awaits `read` (a continuation around a query) on the main
    /// actor and stores what it returned.
    func refresh(_ read: @escaping @MainActor (HKHealthStore) async throws -> Double) {
      Task { @MainActor in
        do {
          self.value = try await read(self.store)
        } catch {
          self.failure = "\(error)"
        }
      }
    }
  }

  /// `rounds` runs of `scenario`: authorizes `read` types, refreshes the model with `query`,
  /// settles, and returns what the model held right after `settle()` in each round.
  static func values(
    _ scenario: @autoclosure () throws -> Scenario, read: Set<HKObjectType>,
    _ query: @escaping @MainActor (HKHealthStore) async throws -> Double
  ) async throws -> [Double?] {
    var values: [Double?] = []
    for _ in 0..<rounds {
      let simulation = try HealthKitSimulation(scenario: scenario())
      let value = try await simulation.run {
        let model = await Model()
        try await model.store.requestAuthorization(toShare: [], read: read)
        await model.refresh(query)
        await simulation.settle()
        let (value, failure) = await (model.value, model.failure)
        #expect(failure == nil)
        return value
      }
      values.append(value)
    }
    return values
  }

  static var overlapping: Scenario {
    get throws { try healthScenario(samples: HealthQueryTests.overlapping) }
  }

  @Test func aSampleQuery() async throws {
    let values = try await Self.values(Self.overlapping, read: [steps]) { store in
      try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKSampleQuery(
            sampleType: steps, predicate: AppPatternsTests.day, limit: HKObjectQueryNoLimit,
            sortDescriptors: nil
          ) { _, samples, error in
            if let error { return continuation.resume(throwing: error) }
            // 600 + 500 steps in two samples.
            let total = (samples ?? []).compactMap { $0 as? HKQuantitySample }
              .reduce(0) { $0 + $1.quantity.doubleValue(for: .count()) }
            continuation.resume(returning: total)
          })
      }
    }
    #expect(values == Array(repeating: 1100, count: Self.rounds))
  }

  @Test func aStatisticsQuery() async throws {
    let values = try await Self.values(Self.overlapping, read: [steps]) { store in
      try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKStatisticsQuery(
            quantityType: steps, quantitySamplePredicate: AppPatternsTests.day,
            options: .cumulativeSum
          ) { _, statistics, error in
            if let error { return continuation.resume(throwing: error) }
            continuation.resume(
              returning: statistics?.sumQuantity()?.doubleValue(for: .count()) ?? -1)
          })
      }
    }
    #expect(values == Array(repeating: 850, count: Self.rounds))
  }

  @Test func aStatisticsCollectionQuery() async throws {
    let values = try await Self.values(Self.overlapping, read: [steps]) { store in
      try await withCheckedThrowingContinuation { continuation in
        let query = HKStatisticsCollectionQuery(
          quantityType: steps, quantitySamplePredicate: AppPatternsTests.day,
          options: .cumulativeSum, anchorDate: date("2026-03-29T00:00:00+01:00"),
          intervalComponents: DateComponents(hour: 1))
        query.initialResultsHandler = { _, collection, error in
          if let error { return continuation.resume(throwing: error) }
          // Both samples lie in the hour 10:00–11:00: merged 850.
          let bucket = collection?.statistics(for: date("2026-03-29T10:30:00+02:00"))
          continuation.resume(returning: bucket?.sumQuantity()?.doubleValue(for: .count()) ?? -1)
        }
        store.execute(query)
      }
    }
    #expect(values == Array(repeating: 850, count: Self.rounds))
  }

  @Test func anAnchoredObjectQuery() async throws {
    let values = try await Self.values(Self.overlapping, read: [steps]) { store in
      try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKAnchoredObjectQuery(
            type: steps, predicate: AppPatternsTests.day, anchor: nil,
            limit: HKObjectQueryNoLimit
          ) { _, added, _, _, error in
            if let error { return continuation.resume(throwing: error) }
            // The two samples of the day.
            continuation.resume(returning: Double(added?.count ?? -1))
          })
      }
    }
    #expect(values == Array(repeating: 2, count: Self.rounds))
  }

  @Test func anActivitySummaryQuery() async throws {
    let values = try await Self.values(
      ActivitySummaryTests.days(runAt: "07:00:00"), read: [ActivitySummaryTests.summaryType]
    ) { store in
      try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKActivitySummaryQuery(
            predicate: HKQuery.predicateForActivitySummary(with: ActivitySummaryTests.day(31))
          ) { _, summaries, error in
            if let error { return continuation.resume(throwing: error) }
            // Tuesday's exercise: today's 10 minutes + the 30-minute run = 40
            // (ActivitySummaryTests).
            continuation.resume(returning: ActivitySummaryTests.minutes(summaries?.first) ?? -1)
          })
      }
    }
    #expect(values == Array(repeating: 40, count: Self.rounds))
  }

  /// A route of 150 fixes one second apart: read back in batches of 100 and 50, `done` on the
  /// last (`HKWorkoutRouteQuery.batchSize`).
  static let route: HKWorkoutRoute = {
    let start = Date(timeIntervalSinceReferenceDate: 796_550_400)
    let locations = (0..<150).map { second in
      CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4), altitude: 40,
        horizontalAccuracy: 5, verticalAccuracy: 8, timestamp: start + Double(second))
    }
    let workout = HKWorkout(
      activityType: .running, startDate: start, endDate: start.addingTimeInterval(150),
      duration: 150, workoutEvents: [], workoutActivities: [], allStatistics: [:],
      totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
    return HKWorkoutRoute(locations: locations, workout: workout, metadata: nil, device: nil)
  }()

  @Test func aWorkoutRouteQuery() async throws {
    let values = try await Self.values(Self.overlapping, read: [HKSeriesType.workoutRoute()]) {
      store in
      let route = Self.route
      let read = Mutex<Int>(0)
      return try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKWorkoutRouteQuery(route: route) { _, locations, done, error in
            if let error { return continuation.resume(throwing: error) }
            let total = read.withLock { read in
              read += locations?.count ?? 0
              return read
            }
            // 100 + 50 fixes, resumed at `done`.
            if done { continuation.resume(returning: Double(total)) }
          })
      }
    }
    #expect(values == Array(repeating: 150, count: Self.rounds))
  }

  @Test func aSourceQuery() async throws {
    let values = try await Self.values(Self.overlapping, read: [steps]) { store in
      try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKSourceQuery(sampleType: steps, samplePredicate: AppPatternsTests.day) {
            _, sources, error in
            if let error { return continuation.resume(throwing: error) }
            // The watch's and the iPhone's.
            continuation.resume(returning: Double(sources?.count ?? -1))
          })
      }
    }
    #expect(values == Array(repeating: 2, count: Self.rounds))
  }
}

/// Tasks the simulation does not own that make async framework calls: waited for when they were
/// started inside `run`, reported when a call is still running as `run` returns; and the other
/// things `run` reports when it returns (docs/swift-api.md#nothing-silent).
@Suite struct UnownedTaskTests {
  /// An app object that is no actor: its stop button saves from a nonisolated `Task { }`.
  final class Logger: Sendable {
    let store: HKHealthStore

    init(store: HKHealthStore) { self.store = store }

    func finish(_ sample: HKQuantitySample) async throws {
      try await store.save(sample)
    }

    func stopTapped(_ sample: HKQuantitySample) {
      Task { try await self.finish(sample) }
    }
  }

  static func twelveSteps(at date: Date) -> HKQuantitySample {
    HKQuantitySample(
      type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 12), start: date, end: date)
  }

  @Test func aNonisolatedTaskStartedFromTheMainActorIsWaitedFor() async throws {
    var stored: [Int] = []
    for _ in 0..<ContinuationResumeTests.rounds {
      let simulation = try HealthKitSimulation(
        scenario: healthScenario(samples: HealthQueryTests.overlapping))
      stored.append(
        try await simulation.run {
          let logger = Logger(store: HKHealthStore())
          try await authorize(logger.store)
          let sample = Self.twelveSteps(at: simulation.now)
          // The button's action, on the main actor; the task it starts is on no actor.
          await MainActor.run { logger.stopTapped(sample) }
          await simulation.settle()
          return simulation.state.withLock { $0.saved.count }
        })
    }
    // The one sample, saved before settle returned, in every round.
    #expect(stored == Array(repeating: 1, count: ContinuationResumeTests.rounds))
  }

  /// The executor of the app's own actor, which the test can stop: while closed it keeps the
  /// jobs it is given (a task coming back to the actor) instead of running them.
  final class StoppableExecutor: SerialExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "app actor")
    private let lock = NSLock()
    private var closed = false
    private var kept: [UnownedJob] = []
    private var waiter: CheckedContinuation<Void, Never>?

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      lock.lock()
      guard closed else {
        lock.unlock()
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
        return
      }
      kept.append(job)
      let waiter = self.waiter
      self.waiter = nil
      lock.unlock()
      waiter?.resume()
    }

    func close() {
      lock.lock()
      closed = true
      lock.unlock()
    }

    /// Returns once a job was kept.
    func waitForAKeptJob() async {
      await withCheckedContinuation { continuation in
        lock.lock()
        if kept.isEmpty {
          waiter = continuation
          lock.unlock()
        } else {
          lock.unlock()
          continuation.resume()
        }
      }
    }

    func open() {
      lock.lock()
      closed = false
      let jobs = kept
      kept = []
      lock.unlock()
      for job in jobs { queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) } }
    }
  }

  /// The app's own actor, on an executor the simulation does not own.
  actor Recorder {
    let executor = StoppableExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor {
      executor.asUnownedSerialExecutor()
    }

    /// Saves `sample`; the executor keeps the task when the save comes back (so the call stays
    /// in flight until the test opens it).
    func save(_ sample: HKQuantitySample, to store: HKHealthStore) async throws {
      executor.close()
      try await store.save(sample)
    }
  }

  @Test func anAsyncCallStillRunningWhenRunReturnsIsReported() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    let recorder = Recorder()
    let saving = try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let sample = Self.twelveSteps(at: simulation.now)
      // Not awaited by the body: the save's return to the actor is kept, so the call is still
      // running when the body returns.
      let saving = Task { try await recorder.save(sample, to: store) }
      await recorder.executor.waitForAKeptJob()
      return saving
    }
    recorder.executor.open()
    try await saving.value
    let atEnd = simulation.reports.filter { $0.kind == .blockedAtEnd }
    #expect(
      atEnd.map(\.description) == [
        "HealthKit: save(_:) at t = 0 s: an async call was still running when run(_:) "
          + "returned: the task that made it is one the simulation does not wait for (a "
          + "nonisolated Task { } or Task.detached started off the simulation's lane); await "
          + "the work inside run (settle() waits for calls in flight), or start the task with "
          + "Task(executorPreference: simulation.taskExecutor)"
      ])
  }

  @Test func aHoldOpenWhenRunReturnsIsReported() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(samples: HealthQueryTests.overlapping))
    try await simulation.run {
      let store = HKHealthStore()
      try await authorize(store)
      let (calls, continuation) = AsyncStream.makeStream(of: Void.self)
      // The handler never calls its completion handler: the system waits for it.
      store.execute(
        HKObserverQuery(sampleType: steps, predicate: nil) { _, _, _ in continuation.yield() })
      var iterator = calls.makeAsyncIterator()
      // The first call, when the query starts (t = 0), has come: the hold is open.
      await iterator.next()
    }
    let atEnd = simulation.reports.filter { $0.kind == .blockedAtEnd }
    #expect(
      atEnd.map(\.description) == [
        "HealthKit: HKObserverQuery's update handler (its first call, when execute started it) "
          + "at t = 0 s: the system still waited for "
          + "the app's answer when run(_:) returned"
      ])
  }
}
