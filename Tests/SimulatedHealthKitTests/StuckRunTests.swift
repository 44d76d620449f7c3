import Foundation
import SimulationDriver
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A run that cannot end never hangs silently (docs/swift-api.md#nothing-silent): a body that
/// ignores the cancellation its stall brings ends the process with exit code 70 once
/// `stallExitDelay` has passed after the stall, having said why on standard error. The waits are
/// the stall watch's (200 ms) and the exit watch's (300 ms), wall clock by the product's rule,
/// as in ``StallTests``.
@Suite(.timeLimit(.minutes(3))) struct StuckRunTests {
  /// The continuation the stuck body keeps (never resumed in the exit test's child process).
  static let held = Mutex<CheckedContinuation<Void, Never>?>(nil)

  /// The new user's trial: a plain continuation nothing resumes, inside `run`, in a process of
  /// its own (an exit test). The stall is reported after 200 ms and cancels the body, which
  /// ignores it; 300 ms later the process ends with 70 (EX_SOFTWARE), the report's line on
  /// standard error. Before the fix the child process waited forever (the time limit ended it).
  @Test func aRunStuckAfterItsStallEndsTheProcess() async throws {
    let result = await #expect(
      processExitsWith: .exitCode(70), observing: [\.standardErrorContent]
    ) {
      let simulation = try HealthKitSimulation(scenario: constantRun())
      simulation.stallReportDelay = .milliseconds(200)
      simulation.stallExitDelay = .milliseconds(300)
      await simulation.run {
        await withCheckedContinuation { continuation in
          StuckRunTests.held.withLock { $0 = continuation }
        }
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "workout-sim: simulation: run(_:) at t = 0 s: the app's code has waited 0.2 seconds "
          + "of wall-clock time with nothing left to run"))
    let stuck: String =
      "workout-sim: simulation: run(_:) at t = 0 s: the run's body has not ended 0.3 seconds "
      + "of wall-clock time after the stall at t = 0 s cancelled it: it waits on something "
      + "that ignores cancellation (a continuation of the app's own, such as a "
      + "withCheckedContinuation stored until a delegate call that is not coming), which "
      + "no Swift API can end; wrap it in withTaskCancellationHandler { ... } onCancel: "
      + "{ resume it throwing CancellationError }, or await the state with a timeout; the "
      + "process ends with exit code 70 (EX_SOFTWARE) once no other run in it is in progress "
      + "(at most 10 minutes from now), so that the test run's output is not held forever: "
      + "tests not ended by then get no result (run this one alone with --filter to see the "
      + "others'; set stallExitDelay = nil to keep waiting, under a debugger)\n"
    #expect(standardError.contains(stuck))
    // No other run was in progress: no wait.
    #expect(!standardError.contains("waiting for the"))
  }

  /// Tests run in parallel in one process: the stuck run's process ends only once the other
  /// run in progress has ended. Here the other run waits until the stuck run's end is pending
  /// (it waits for the other runs), then simulates an hour and writes a line: the line comes
  /// before the end, after the wait's own line. Before the fix the process ended at the report.
  @Test func theProcessEndsOnceTheOtherRunsHaveEnded() async throws {
    let result = await #expect(
      processExitsWith: .exitCode(70), observing: [\.standardErrorContent]
    ) {
      let stuck = try HealthKitSimulation(scenario: constantRun())
      stuck.stallReportDelay = .milliseconds(200)
      stuck.stallExitDelay = .milliseconds(300)
      let other = try HealthKitSimulation(scenario: constantRun())
      let otherRun = Task {
        try await other.run {
          // Until the stuck run's process end waits for this one (its line is written).
          while StuckRuns.pending == 0 { await Task.yield() }
          try await other.advance(by: .seconds(3600))
          FileHandle.standardError.write(Data("the other run ended at \(other.now)\n".utf8))
        }
      }
      await stuck.run {
        await withCheckedContinuation { continuation in
          StuckRunTests.held.withLock { $0 = continuation }
        }
      }
      try await otherRun.value
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let waiting =
      "workout-sim: simulation: waiting for the 1 other run(s) in progress in this process to "
      + "end (at most 10 minutes) before it ends with exit code 70\n"
    let waitAt = try #require(standardError.range(of: waiting))
    let endedAt = try #require(standardError.range(of: "the other run ended at "))
    #expect(waitAt.upperBound <= endedAt.lowerBound)
  }

  /// `WORKOUT_SIM_STALL_EXIT=off` in the environment starts every simulation with the exit
  /// watch off (`stallExitDelay == nil`), for a debugger; anything else keeps 10 s.
  @Test func theEnvironmentTurnsTheExitWatchOff() throws {
    #expect(SimulationExecutor.defaultExitDelay(["WORKOUT_SIM_STALL_EXIT": "off"]) == nil)
    #expect(SimulationExecutor.defaultExitDelay([:]) == .seconds(10))
    #expect(SimulationExecutor.defaultExitDelay(["WORKOUT_SIM_STALL_EXIT": "on"]) == .seconds(10))
  }

  /// The wait's rule with hand-picked counts and times: the process ends once no other run
  /// was in progress for 1 s, or after 10 minutes whatever the others do.
  @Test func theWaitEndsAfterASecondWithoutOtherRunsOrAfterTenMinutes() {
    /// What one wait answers to each look, `(others, elapsed)`, in order.
    func answers(_ looks: [(Int, Duration)]) -> [Bool] {
      var wait = StuckRuns.Wait()
      return looks.map { wait.look(others: $0.0, elapsed: $0.1) }
    }
    #expect(
      answers([(1, .zero), (0, .milliseconds(500)), (0, .seconds(1))]) == [false, false, true])
    #expect(
      answers([(2, .milliseconds(900)), (0, .milliseconds(1500)), (0, .milliseconds(1900))])
        == [false, false, true])
    #expect(answers([(3, .seconds(599)), (3, .seconds(600))]) == [false, true])
  }

  /// In this process, with a stand-in for the end of the process: the watcher that records
  /// run endings as the test's issues (the trait's and `simulate`'s hook) gets the
  /// `stuckAfterStall` report, and the process is ended only once it has asked for the next
  /// (it has recorded it). The stand-in rescues the body, and `run` throws the stall.
  @Test func theStuckRunIsRecordedBeforeTheProcessEnds() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(200)
    simulation.stallExitDelay = .milliseconds(300)
    let held = HeldContinuation()
    // The recorder's task may wait for a thread of the process's pool behind other tests.
    simulation.runEndingRecordingWait = .seconds(45)
    let recorded = Mutex<[HealthKitSimulation.Report.Kind]>([])
    let ended = Mutex<[(code: Int32, recorded: Int)]>([])
    simulation.exitProcess = { code in
      ended.withLock { $0.append((code, recorded.withLock { $0.count })) }
      held.continuation.withLock { $0.take() }?.resume()
    }
    let recorder = Task {
      var seen = 0
      let recorder = simulation.beginRecordingRunEndings()
      defer { simulation.endRecordingRunEndings(recorder) }
      while let made = await simulation.nextRunEnding(after: seen, recorder: recorder) {
        recorded.withLock { $0.append(made.kind) }
        seen += 1
      }
    }
    let run = Task {
      try await simulation.run { () async throws in
        await withCheckedContinuation { continuation in
          held.continuation.withLock { $0 = continuation }
        }
      }
    }
    await #expect(throws: HealthKitSimulation.StallError.self) { try await run.value }
    recorder.cancel()
    await recorder.value
    #expect(ended.withLock { $0.map(\.code) } == [70])
    #expect(ended.withLock { $0.map(\.recorded) } == [2])
    #expect(recorded.withLock { $0 } == [.stalled, .stuckAfterStall])
    #expect(simulation.reports.map(\.kind) == [.stalled, .stuckAfterStall])
    #expect(simulation.reports.last?.call == "run(_:)")
  }

  /// A body that ends soon after its stall (it honours cancellation) is not ended: the exit
  /// watch, armed by the stall, finds no run left waiting.
  @Test func aBodyThatEndsAfterItsStallKeepsTheProcess() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(200)
    simulation.stallExitDelay = .milliseconds(300)
    let ended = Mutex<[Int32]>([])
    simulation.exitProcess = { code in ended.withLock { $0.append(code) } }
    await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run { () async throws in
          let (stream, _) = AsyncStream<Int>.makeStream()
          for await _ in stream {}
        }
      }.value
    }
    #expect(simulation.reports.map(\.kind) == [.stalled])
    #expect(ended.withLock { $0 } == [])
  }
}

/// A stall while a state change was delivered to no delegate says so (the app forgot
/// `session.delegate = self`, or set it after the change was delivered).
@Suite(.timeLimit(.minutes(3))) struct UndeliveredDelegateCallTests {
  @Test func aStateChangeWithoutADelegateIsNamedByTheStall() async throws {
    let report = try await stallReport { simulation in
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.startActivity(with: simulation.now)
      // The app's `waitUntilRunning()`, here a wait that honours cancellation.
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
      withExtendedLifetime(session) {}
    }
    #expect(
      report.message.contains(
        "; HKWorkoutSession changed to running at t = 0 s but had no delegate: set "
          + "session.delegate before startActivity (the property is weak: keep the delegate "
          + "object alive); the run's task is cancelled"))
  }

  /// A task group whose child iterates a long-running anchored descriptor while another child
  /// throws, awaited with `waitForAll()` (which cancels no child: it waits on a device too):
  /// the stall names the awaited sequence first, as the call, with what to write, and puts the
  /// session's undelivered change after it as less likely (a new user's trial got two lines of
  /// an unrelated builder delegate's advice for this hang).
  @Test func anAwaitedResultSequenceIsNamedBeforeUndeliveredCalls() async throws {
    struct Boom: Error {}
    let report = try await stallReport { simulation in
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.startActivity(with: simulation.now)
      let clock = simulation.clock
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          let feed = HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate))], anchor: nil)
          for try await _ in feed.results(for: store) {}
        }
        group.addTask {
          try await clock.sleep(for: .seconds(30))
          throw Boom()
        }
        try await simulation.advance(by: .seconds(60))
        try await group.waitForAll()
      }
      withExtendedLifetime(session) {}
    }
    #expect(report.framework == "HealthKit")
    #expect(report.call == "HKAnchoredObjectQueryDescriptor.results(for:)")
    #expect(
      report.message.hasPrefix(
        "the app's code has waited 0.2 seconds of wall-clock time with nothing left to run: "
          + "a task awaits the next result of HealthKit's "
          + "HKAnchoredObjectQueryDescriptor.results(for:), a sequence that never ends by "
          + "itself: "))
    #expect(report.message.contains(Self.groupAdvice))
    #expect(!report.message.contains("break out of the loop"))
    #expect(
      report.message.contains(
        "; less likely, as nothing shows the app awaits them: HKWorkoutSession changed to "
          + "running at t = 0 s but had no delegate"))
  }

  /// What a stall says of a sequence a task group's child awaits (fix21).
  static let groupAdvice =
    "and the loop over it ends only when it breaks or its task is cancelled; the task is a "
    + "task group's child, and a group's waitForAll() keeps waiting for such a child after "
    + "another child threw (it cancels none): loop on try await group.next(), which throws the "
    + "child's error so the group cancels the rest, or call group.cancelAll()"

  /// The run's body itself loops over the sequence (no task group): the stall names the
  /// sequence with what is true of that loop, and no task group's advice (fix21: it advised
  /// `group.next()` to an app that has no group). The same holds for a `Task { }`, which is no
  /// group's child either; a task group's child is one (`currentTaskIsTaskGroupChild()`).
  @Test func aSequenceAwaitedOutsideATaskGroupGetsNoGroupAdvice() async throws {
    let ownLoop =
      "and the loop over it ends only when it breaks or its task is cancelled; break out of "
      + "the loop once the app has what it waits for, or iterate it in a Task you cancel "
      + "(task.cancel()) when the app no longer needs it"
    let body = try await stallReport { simulation in
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
      let feed = HKAnchoredObjectQueryDescriptor(
        predicates: [.quantitySample(type: HKQuantityType(.heartRate))], anchor: nil)
      for try await _ in feed.results(for: store) {}
    }
    let task = try await stallReport { simulation in
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
      // A Task the app cancels with its own (the advice's pattern): the stall's cancellation
      // ends it.
      let loop = Task {
        let feed = HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: HKQuantityType(.heartRate))], anchor: nil)
        for try await _ in feed.results(for: store) {}
      }
      try await withTaskCancellationHandler {
        try await loop.value
      } onCancel: {
        loop.cancel()
      }
    }
    for report in [body, task] {
      #expect(report.call == "HKAnchoredObjectQueryDescriptor.results(for:)")
      #expect(report.message.contains(ownLoop))
      #expect(!report.message.contains("group"))
    }
    #expect(await Task { currentTaskIsTaskGroupChild() }.value == false)
    #expect(
      await withTaskGroup(of: Bool.self) {
        $0.addTask { currentTaskIsTaskGroupChild() }
        return await $0.next()!
      })
  }

  /// With a delegate set, the same change is delivered and the stall names no such call.
  @Test func aDeliveredStateChangeIsNotNamed() async throws {
    let delegate = QuietSessionDelegate()
    let report = try await stallReport { simulation in
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.delegate = delegate
      session.startActivity(with: simulation.now)
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
      withExtendedLifetime(session) {}
    }
    #expect(!report.message.contains("had no delegate"))
    #expect(delegate.states.withLock { $0 } == [.running])
  }
}

/// The live builder's calls delivered to no delegate are named by a stall, each kind once: the
/// app forgot `builder.delegate = self` (docs/swift-api.md#nothing-silent).
@Suite(.timeLimit(.minutes(3))) struct UndeliveredBuilderCallTests {
  /// Heart rate only, a reading every 5 s from the start of collection (a batch at 0, 5 and 10:
  /// a 2-hour run's 1441 batches, docs/swift-api.md#time-and-callbacks), collection begun at 0,
  /// paused at 10 (the builder collects the session's pause event), the app then waits: the
  /// stall at 12 names the heart rate once, at 0 (the batches at 5 and 10 are the same kind),
  /// and the pause event.
  @Test func aBuilderWithoutADelegateIsNamedByTheStall() async throws {
    let delegate = QuietSessionDelegate()
    let report = try await stallReport { simulation in
      let (session, builder) = try await heartRateRun(simulation, session: delegate)
      try await simulation.advance(by: .seconds(10))
      session.pause()
      try await simulation.advance(by: .seconds(2))
      // The app's `await` for its first heart rate, here a wait that honours cancellation.
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
      withExtendedLifetime((session, builder)) {}
    }
    #expect(
      report.message.contains(
        "; HKLiveWorkoutBuilder collected heart rate at t = 0 s but had no delegate: set "
          + "builder.delegate before beginCollection (the property is weak: keep the delegate "
          + "object alive); HKLiveWorkoutBuilder collected a pause event at t = 10 s but had no "
          + "delegate: set builder.delegate before beginCollection (the property is weak: keep "
          + "the delegate object alive); the run's task is cancelled"))
    #expect(delegate.states.withLock { $0 } == [.running, .paused])
  }

  /// With the builder's delegate set, the same batches and event are delivered and the stall
  /// names no such call.
  @Test func aBuilderWithADelegateIsNotNamed() async throws {
    let delegate = QuietSessionDelegate()
    let builderDelegate = CountingBuilderDelegate()
    let report = try await stallReport { simulation in
      let (session, builder) = try await heartRateRun(
        simulation, session: delegate, builder: builderDelegate)
      try await simulation.advance(by: .seconds(10))
      session.pause()
      try await simulation.advance(by: .seconds(2))
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
      withExtendedLifetime((session, builder)) {}
    }
    #expect(!report.message.contains("had no delegate"))
    // Batches at 0, 5 and 10, the pause event at 10.
    #expect(builderDelegate.counts.withLock { $0 } == (3, 1))
  }

  /// A sub-activity begun at 10 and ended at 20 on a session and a live builder (collecting
  /// since 0) that have no delegate: the stall names the session's
  /// `workoutSession(_:didBeginActivityWith:date:)` and `didEndActivityWith`, and the
  /// builder's `workoutBuilder(_:didBegin:)` and `didEnd:`, each at its instant, after the
  /// session's state change at 0.
  @Test func activityCallsWithoutADelegateAreNamedByTheStall() async throws {
    let report = try await stallReport { simulation in
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(10))
      session.beginNewActivity(
        configuration: configuration, date: simulation.now, metadata: nil)
      try await simulation.advance(by: .seconds(10))
      session.endCurrentActivity(on: simulation.now)
      try await simulation.advance(by: .seconds(1))
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
      withExtendedLifetime((session, builder)) {}
    }
    let weak = "(the property is weak: keep the delegate object alive)"
    let notes: [String] = [
      "HKWorkoutSession changed to running at t = 0 s but had no delegate: set "
        + "session.delegate before startActivity \(weak)",
      "HKWorkoutSession began an activity at t = 10 s but had no delegate: set "
        + "session.delegate before beginNewActivity \(weak)",
      "HKLiveWorkoutBuilder began an activity at t = 10 s but had no delegate: set "
        + "builder.delegate before beginCollection \(weak)",
      "HKWorkoutSession ended an activity at t = 20 s but had no delegate: set "
        + "session.delegate before endCurrentActivity \(weak)",
      "HKLiveWorkoutBuilder ended an activity at t = 20 s but had no delegate: set "
        + "builder.delegate before beginCollection \(weak)",
    ]
    let listed = "; " + notes.joined(separator: "; ") + "; the run's task is cancelled"
    #expect(report.message.contains(listed))
  }

  /// A running session whose live builder collects heart rate only, collection begun at now.
  private func heartRateRun(
    _ simulation: HealthKitSimulation, session sessionDelegate: QuietSessionDelegate,
    builder builderDelegate: CountingBuilderDelegate? = nil
  ) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
    let store = HKHealthStore()
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    session.delegate = sessionDelegate
    let builder = session.associatedWorkoutBuilder()
    builder.delegate = builderDelegate
    let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: nil)
    source.enableCollection(for: HKQuantityType(.heartRate), predicate: nil)
    builder.dataSource = source
    session.startActivity(with: simulation.now)
    try await builder.beginCollection(at: simulation.now)
    return (session, builder)
  }
}

/// A builder delegate that counts its batches and events.
final class CountingBuilderDelegate: NSObject, HKLiveWorkoutBuilderDelegate, Sendable {
  let counts = Mutex<(batches: Int, events: Int)>((0, 0))

  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
  ) {
    counts.withLock { $0.batches += 1 }
  }

  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
    counts.withLock { $0.events += 1 }
  }
}

/// A session delegate that keeps the states it was told of.
final class QuietSessionDelegate: NSObject, HKWorkoutSessionDelegate, Sendable {
  let states = Mutex<[HKWorkoutSessionState]>([])

  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {
    states.withLock { $0.append(toState) }
  }

  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
}

/// A call with a completion handler made after `run` returned (a task that outlived the run):
/// reported, as an async call made then is.
@Suite struct CompletionCallAfterRunTests {
  @Test func aCompletionHandlerCallAfterTheRunIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let store = try await simulation.run { () async throws -> HKHealthStore in
      let store = HKHealthStore()
      store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)]) { _, _ in }
      await simulation.settle()
      return store
    }
    #expect(simulation.reports.isEmpty)
    store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)]) { _, _ in }
    #expect(
      simulation.reports.map(\.description) == [
        "HealthKit: requestAuthorization(toShare:read:completion:) at t = 0 s: a call with a "
          + "completion handler or a callback to come was made after run(_:) had returned: the "
          + "code that made it outlived the run (a Task.detached or nonisolated Task { }, a "
          + "callback or timer of the app's), so on a device the app would no longer be "
          + "running; it still changes the simulation's state and what it calls back still "
          + "runs on the simulation's lane, which no run's result shows: make the call inside "
          + "run and await its completion there (settle() delivers it)"
      ])
    #expect(simulation.reports.map(\.kind) == [.callAfterRun])
  }
}

/// `currentTaskIsTaskGroupChild()` reads a flag of the concurrency runtime's task object (the
/// job flags' `Task_IsGroupChildTask` bit at a fixed offset, Swift's ABI): a runtime whose layout
/// moved would give the wrong answer silently, so each kind of task is checked here.
@Suite struct TaskGroupChildFlagTests {
  @Test func aGroupsChildIsOneAndNoOtherTaskIs() async {
    let inGroup = await withTaskGroup(of: Bool.self) { group in
      group.addTask { currentTaskIsTaskGroupChild() }
      return await group.next() ?? false
    }
    #expect(inGroup)
    let inThrowingGroup = await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask { currentTaskIsTaskGroupChild() }
      return (try? await group.next()) ?? false
    }
    #expect(inThrowingGroup)
    let inUnstructuredTask = await Task { currentTaskIsTaskGroupChild() }.value
    #expect(!inUnstructuredTask)
    let inDetachedTask = await Task.detached { currentTaskIsTaskGroupChild() }.value
    #expect(!inDetachedTask)
    async let inAsyncLet = currentTaskIsTaskGroupChild()
    #expect(await !inAsyncLet)
  }
}
