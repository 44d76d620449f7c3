import Foundation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Nothing hangs: a run whose app code waits on something the simulation can see will never
/// come ends with `StallError` (docs/swift-api.md#nothing-silent). Each test gives the stall
/// watch 200 ms of wall clock, the only real wait, and runs the simulation in a task of its
/// own: the stall cancels the run's task, and Swift Testing reports a cancelled test task as a
/// cancelled test.
///
/// The stall watch's window is wall-clock time by the product's rule, so these tests wait that
/// long: it is their subject. The window the product allows can be as short as one likes, but
/// 200 ms is the shortest these tests can use: it must stay apart from the 100 ms the watch
/// waits once a run's body was cancelled (the product's `hurriedStallDelay`), so that the tests
/// tell the two windows apart (``RunEndingTests/aStallIsReportedOnce()``, and the messages'
/// "0.2 seconds" against "0.1 seconds"). What a test waits for after that (the report, the
/// watch's second window) it awaits as an event, never a guessed delay; the time limit only
/// ends a test whose event never comes. Three minutes, not one: in a full parallel run on a
/// loaded machine a window waits, by design, for the minutes-long backlog of Swift's global
/// executor its probes sit behind (a slow queue is not a held one,
/// `SimulationExecutor.isBlocked`), so the event comes late, not never.
@Suite(.timeLimit(.minutes(3))) struct StallTests {
  /// A sleeper on the simulation's clock while nothing advances time: resumed throwing
  /// `StallError`, so the body throws and `run` ends.
  @Test func aSleeperNothingAdvancesEndsTheRun() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(200)
    let error = await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run {
          try await simulation.clock.sleep(until: .seconds(10))
        }
      }.value
    }
    let report = try #require(error?.report)
    #expect(report.kind == .stalled)
    #expect(report.framework == "SimulationClock")
    #expect(report.call == "sleep(until: 10 s)")
    #expect(report.seconds == 0)
    #expect(report.date == simulation.startDate)
    #expect(simulation.reports == [report])
  }

  /// The app's own wait that honours cancellation (an `AsyncStream` nothing feeds) after a
  /// HealthKit call: the stall cancels the body's task, the stream ends, and `run` throws
  /// `StallError` naming the app's last call into the simulation.
  @Test func aWaitThatHonoursCancellationEndsTheRun() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(200)
    let error = await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run {
          let store = HKHealthStore()
          try await simulation.advance(by: .seconds(5))
          try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
          let (stream, _) = AsyncStream<Int>.makeStream()
          for await _ in stream {}
          #expect(Task.isCancelled)
        }
      }.value
    }
    let report = try #require(error?.report)
    #expect(report.framework == "HealthKit")
    #expect(report.call == "after requestAuthorization(toShare:read:)")
    #expect(report.seconds == 5)
    #expect(
      report.description.hasPrefix(
        "HealthKit: after requestAuthorization(toShare:read:) at t = 5 s: the app's code has "
          + "waited 0.2 seconds of wall-clock time with nothing left to run: the app's last "
          + "call into the simulation, HealthKit's requestAuthorization(toShare:read:), has "
          + "returned"))
    // What to write is in the message itself, not only in the docs (the new-user trial's T1).
    #expect(
      report.message.hasSuffix(
        "a continuation that ignores cancellation keeps it waiting: wrap it in "
          + "withTaskCancellationHandler { ... } onCancel: { resume it throwing "
          + "CancellationError } so the run can end it"))
  }

  /// The trial's case: an async HealthKit call, then `advance(by:)`, then a wait on the app's
  /// own stream: the stall names the advance as the app's last call, and the instant it
  /// returned at, not "no async call" nor the HealthKit call before it.
  @Test func aStallAfterAnAdvanceNamesIt() async throws {
    let report = try await stallReport { simulation in
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
      try await simulation.advance(by: .seconds(65))
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
    }
    #expect(report.framework == "simulation")
    #expect(report.call == "after advance(by: 65.0 seconds)")
    #expect(report.seconds == 65)
    #expect(
      report.message.hasPrefix(
        "the app's code has waited 0.2 seconds of wall-clock time with nothing left to run: "
          + "the app's last call into the simulation was advance(by: 65.0 seconds), which "
          + "returned at t = 65 s (its last async framework call, HealthKit's "
          + "requestAuthorization(toShare:read:), has returned too); nothing the simulation "
          + "owes the app is pending"))
  }

  /// trial22's F2: a query made and never executed (here not even kept), then a wait: the stall
  /// names that query first, before the app's last call; the query it did execute is not named.
  @Test func aQueryNeverExecutedIsNamedFirst() async throws {
    let report = try await stallReport { _ in
      let store = HKHealthStore()
      let steps = HKQuantityType(.stepCount)
      try await store.requestAuthorization(toShare: [], read: [steps])
      _ = HKStatisticsQuery(
        quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum
      ) { _, _, _ in }
      store.execute(
        HKSampleQuery(sampleType: steps, predicate: nil, limit: 1, sortDescriptors: nil) {
          _, _, _ in
        })
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
    }
    #expect(report.framework == "HealthKit")
    #expect(report.call == "after requestAuthorization(toShare:read:)")
    #expect(
      report.message.hasPrefix(
        "the app's code has waited 0.2 seconds of wall-clock time with nothing left to run: "
          + "an HKStatisticsQuery of HKQuantityTypeIdentifierStepCount was made but never "
          + "passed to HKHealthStore.execute(_:) — its handler will never run; the app's last "
          + "call into the simulation, HealthKit's requestAuthorization(toShare:read:), has "
          + "returned; nothing the simulation owes"))
    #expect(!report.message.contains("HKSampleQuery"))
  }

  /// Only a completion-handler call (answered) before the wait: the stall says the app made
  /// no async call and no advance in this run, which is true, and that such calls were
  /// answered.
  @Test func aStallWithoutAnyAsyncCallSaysSo() async throws {
    let report = try await stallReport { _ in
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
    }
    #expect(report.framework == "simulation")
    #expect(report.call == "run(_:)")
    #expect(
      report.message.hasPrefix(
        "the app's code has waited 0.2 seconds of wall-clock time with nothing left to run: "
          + "the app has made no async call and no advance into the simulation in this run "
          + "(calls with a completion handler were answered); nothing the simulation owes"))
  }

  /// A time limit's cancellation of the run's task, while the body waits on a continuation that
  /// ignores it: the stall is reported within 100 ms instead of the default 30 s, and once the
  /// app's late rescue resumes the continuation, `run` throws `StallError`. The test cancels
  /// once the body holds its continuation and awaits the report itself
  /// (`nextRunEnding(after:)`, the hook the `.simulation` trait uses).
  @Test func aCancelledRunIsReportedAtOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let held = HeldContinuation()
    // A stall test, not an exit test: the rescue may come late on a loaded machine.
    simulation.stallExitDelay = nil
    let (waiting, bodyWaits) = AsyncStream<Void>.makeStream()
    let run = Task {
      try await simulation.run { () async throws in
        await withCheckedContinuation { continuation in
          held.continuation.withLock { $0 = continuation }
          bodyWaits.yield()
        }
      }
    }
    for await _ in waiting { break }
    run.cancel()
    let made = await simulation.nextRunEnding(after: 0)
    #expect(made?.kind == .stalled)
    #expect(simulation.reports.map(\.kind) == [.stalled])
    #expect(
      simulation.reports.first?.message.hasPrefix(
        "the app's code has waited 0.1 seconds of wall-clock time") == true)
    held.continuation.withLock { $0.take() }?.resume()
    await #expect(throws: HealthKitSimulation.StallError.self) { try await run.value }
  }

  /// Time the process could not run the app's code does not count toward the window: the main
  /// thread is held for 3.5 s (another test, a busy machine) and the app's continuation is
  /// resumed 0.5 s after it is let go, at about 4 s, while the window is 3 s. The watch's
  /// one-second slices from 0 to 3 s have their main-queue probe answered only at 3.5 s, so
  /// they do not count; the slices from 3 s count, and 3 s of them end at 6 s, after the
  /// resume: no stall. (Waiting the window and then probing once, the watch saw the probe
  /// answered at 3.5 s and reported a stall there, before the resume.)
  ///
  /// The real waits here are the test's subject, not a guess: holding the main thread is what
  /// the test is about (`Thread.sleep`), and the late resume must fall after the instant the
  /// old watch reported (3.5 s) and before the new one would (6 s). The resume comes from a
  /// thread of its own, not from Dispatch's global queue: in a full parallel run other tests
  /// hold that queue's worker threads, and its timer fired more than the margin late (trial
  /// 31: a stall reported under load). The window is three slices (a product constant,
  /// `responsiveWithin`, is one second), so the resume keeps 2 s from the new watch's report
  /// and 0.5 s from the old one's.
  @Test func timeTheMainThreadWasHeldDoesNotCount() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .seconds(3)
    let resumed = try await Task {
      try await simulation.run { () async throws -> Bool in
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          DispatchQueue.main.async {
            Thread.sleep(forTimeInterval: 3.5)
            Thread.detachNewThread {
              Thread.sleep(forTimeInterval: 0.5)
              continuation.resume()
            }
          }
        }
        return true
      }
    }.value
    #expect(resumed)
    #expect(simulation.reports.isEmpty)
  }

  /// A body that cannot throw: the stall is reported and its task cancelled; `run` returns
  /// what the body returns once it ends (it cannot throw).
  @Test func aBodyThatCannotThrowIsCancelled() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(200)
    let cancelled = await Task {
      await simulation.run { () async -> Bool in
        let (stream, _) = AsyncStream<Int>.makeStream()
        for await _ in stream {}
        return Task.isCancelled
      }
    }.value
    #expect(cancelled)
    #expect(simulation.reports.map(\.kind) == [.stalled])
  }
}

/// Issue 24's findings: what ends a run says what it was. The waits for the stall watch are
/// events (a report made, the watch's window ended), as in ``StallTests``; the time limit only
/// ends a test whose event never comes.
@Suite(.timeLimit(.minutes(3))) struct RunEndingTests {
  /// A scenario whose Info.plist has only the update (sharing) description.
  static func withoutTheShareDescription() throws -> Scenario {
    try healthScenario(
      samples: "[]",
      extra: #""app": { "infoPlist": { "NSHealthUpdateUsageDescription": "Saves workouts" } },"#)
  }

  /// HealthKit's reason for reading steps without `NSHealthShareUsageDescription`.
  static let stepsReason =
    "NSHealthShareUsageDescription must be set in the app's Info.plist in order to request "
    + "read authorization for the following types: HKQuantityTypeIdentifierStepCount"

  /// The completion-handler form awaited through a stream (a wait that honours cancellation):
  /// the termination ends the run at once, with the default 30 s stall delay left in place, so
  /// `run` throws the termination itself and no stall is made (before the fix: a stall after
  /// 30 s "the app has made no async call into the simulation", and `StallError`).
  @Test func aTerminationNoCallCanThrowEndsTheRun() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.withoutTheShareDescription())
    let error = await #expect(throws: HealthKitSimulation.AppTermination.self) {
      try await Task {
        try await simulation.run { () async throws in
          let store = HKHealthStore()
          let (answers, answer) = AsyncStream<Bool>.makeStream()
          store.requestAuthorization(toShare: nil, read: [HKQuantityType(.stepCount)]) { ok, _ in
            answer.yield(ok)
          }
          for await _ in answers { break }
          #expect(Task.isCancelled)
        }
      }.value
    }
    #expect(error?.message == Self.stepsReason)
    #expect(simulation.reports.map(\.kind) == [.appTerminated])
    #expect(simulation.reports.first?.call == "requestAuthorization(toShare:read:)")
  }

  /// The same call awaited in a plain continuation, which ignores cancellation: the stall
  /// comes within 100 ms of the termination (the body's task was cancelled) and names the
  /// termination (framework, call, instant), not "no async call"; each report is made once.
  /// The stand-in for a late rescue resumes the continuation, and `run` throws the termination.
  @Test func aStallAfterATerminationNamesIt() async throws {
    let simulation = try HealthKitSimulation(scenario: Self.withoutTheShareDescription())
    let held = HeldContinuation()
    // A stall test, not an exit test: the rescue may come late on a loaded machine.
    simulation.stallExitDelay = nil
    let run = Task {
      try await simulation.run { () async throws in
        let store = HKHealthStore()
        await withCheckedContinuation { continuation in
          held.continuation.withLock { $0 = continuation }
          store.requestAuthorization(toShare: nil, read: [HKQuantityType(.stepCount)]) { _, _ in
            held.continuation.withLock { $0.take() }?.resume()
          }
        }
      }
    }
    // The reports that end runs, awaited one by one until the stall's (the termination's
    // comes first).
    var seen = 0
    while let made = await simulation.nextRunEnding(after: seen), made.kind != .stalled {
      seen += 1
    }
    let reports = simulation.reports
    #expect(reports.map(\.kind) == [.appTerminated, .stalled])
    let stall = try #require(reports.last)
    #expect(stall.framework == "HealthKit")
    #expect(stall.call == "requestAuthorization(toShare:read:)")
    #expect(
      stall.message.hasPrefix(
        "the app's code has waited 0.1 seconds of wall-clock time with nothing left to run: "
          + "the app was terminated at t = 0 s by HealthKit's requestAuthorization(toShare:read:) "
          + "(Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '"
          + Self.stepsReason + "'"))
    held.continuation.withLock { $0.take() }?.resume()
    await #expect(throws: HealthKitSimulation.AppTermination.self) { try await run.value }
    #expect(simulation.reports.count == 2)
  }

  /// A stall whose body ignores the cancellation it brings: the cancellation hurries the watch
  /// (100 ms) and the simulation's own resumptions wake it, but the app made no progress, so
  /// the stall is not reported a second time (before the fix: once after 200 ms, again after
  /// 100 ms). Waits for the watch's second window (the simulation's count of the watch's
  /// windows: each look gives the thread up, no guessed delay), then for the rescue.
  @Test func aStallIsReportedOnce() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(200)
    let held = HeldContinuation()
    // A stall test, not an exit test: the rescue may come late on a loaded machine.
    simulation.stallExitDelay = nil
    let run = Task {
      try await simulation.run { () async throws in
        await withCheckedContinuation { continuation in
          held.continuation.withLock { $0 = continuation }
        }
      }
    }
    await waitUntil { simulation.stallWatchEnds >= 2 || Task.isCancelled }
    #expect(simulation.stallWatchEnds >= 2)
    #expect(simulation.reports.map(\.kind) == [.stalled])
    held.continuation.withLock { $0.take() }?.resume()
    await #expect(throws: HealthKitSimulation.StallError.self) { try await run.value }
    #expect(simulation.reports.count == 1)
  }

  /// An `AsyncStream` fed by an anchored query's update handler, awaited while no sample
  /// arrives: the stall names the running query as what the app may wait on, not the app's
  /// last call ("after requestAuthorization(toShare:read:)") or "no async call into the
  /// simulation".
  @Test func aStallNamesTheRunningAnchoredQuery() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    simulation.stallReportDelay = .milliseconds(200)
    let error = await #expect(throws: HealthKitSimulation.StallError.self) {
      try await Task {
        try await simulation.run { () async throws in
          let store = HKHealthStore()
          try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.stepCount)])
          let (updates, update) = AsyncStream<Int>.makeStream()
          let query = HKAnchoredObjectQuery(
            type: HKQuantityType(.stepCount), predicate: nil, anchor: nil,
            limit: HKObjectQueryNoLimit
          ) { _, _, _, _, _ in }
          query.updateHandler = { _, added, _, _, _ in update.yield(added?.count ?? 0) }
          store.execute(query)
          for await _ in updates { break }
        }
      }.value
    }
    let report = try #require(error?.report)
    #expect(report.framework == "HealthKit")
    #expect(report.call == "HKAnchoredObjectQuery")
    #expect(
      report.message.hasPrefix(
        "the app's code has waited 0.2 seconds of wall-clock time with nothing left to run: "
          + "HealthKit's HKAnchoredObjectQuery is running: its update handler is called only "
          + "when matching samples arrive or are deleted"))
  }
}

/// An `actor` service called from a main-actor model, as apps write it (the trial's pattern):
/// the service wraps a sample query in a continuation and awaits a statistics descriptor.
actor WorkoutHistoryService {
  let store: HKHealthStore
  init(store: HKHealthStore) { self.store = store }

  func workoutCount() async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      let query = HKSampleQuery(
        sampleType: .workoutType(), predicate: nil, limit: HKObjectQueryNoLimit,
        sortDescriptors: nil
      ) { _, samples, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume(returning: samples?.count ?? 0)
        }
      }
      store.execute(query)
    }
  }

  func distance(of workout: HKWorkout) async throws -> Double {
    let descriptor = HKStatisticsQueryDescriptor(
      predicate: .quantitySample(
        type: HKQuantityType(.distanceWalkingRunning),
        predicate: HKQuery.predicateForObjects(from: workout)),
      options: .cumulativeSum)
    return try await descriptor.result(for: store)?.sumQuantity()?.doubleValue(for: .meter())
      ?? -1
  }

  /// Sleeps on the simulation's clock until `seconds` and reads virtual now, inside the actor.
  func sleepAndRead(_ simulation: HealthKitSimulation, until seconds: Int64) async throws
    -> Double
  {
    try await simulation.clock.sleep(until: .seconds(seconds))
    return simulation.now.timeIntervalSince(simulation.startDate)
  }
}

@MainActor final class WorkoutHistoryModel {
  var count = -1
  var distance = -1.0
  let service: WorkoutHistoryService
  init(service: WorkoutHistoryService) { self.service = service }

  func refresh(_ workout: HKWorkout) {
    Task {
      count = (try? await service.workoutCount()) ?? -2
      distance = (try? await service.distance(of: workout)) ?? -2
    }
  }
}

@Suite struct ActorServiceTests {
  /// One run: a 600 s workout at the constant run's 3.2 m/s, then the model refreshes and the
  /// test settles. Expected: one workout; 3.2 m/s × 600 s = 1920 m.
  @MainActor static func refreshed() async throws -> [Double] {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    return try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [.workoutType()],
        read: [.workoutType(), HKQuantityType(.distanceWalkingRunning)])
      let (session, builder) = try await startedRun(store, simulation)
      try await simulation.advance(by: .seconds(600))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let model = WorkoutHistoryModel(service: WorkoutHistoryService(store: store))
      model.refresh(workout)
      await simulation.settle()
      return [Double(model.count), model.distance]
    }
  }

  @Test @MainActor func aHundredRunsGiveTheSameExactValues() async throws {
    var runs: [[Double]] = []
    for _ in 0..<100 { runs.append(try await Self.refreshed()) }
    #expect(runs == Array(repeating: [1, 1920], count: 100))
  }

  /// A sleeper inside an actor at 60 s reads 60 while the test advances 120 s, in 100 runs.
  @Test func aSleeperInsideAnActorReadsItsInstant() async throws {
    var readings: [Double] = []
    for _ in 0..<100 {
      let simulation = try HealthKitSimulation(scenario: constantRun())
      readings.append(
        try await simulation.run {
          let service = WorkoutHistoryService(store: HKHealthStore())
          async let woken = service.sleepAndRead(simulation, until: 60)
          try await simulation.advance(by: .seconds(120))
          return try await woken
        })
    }
    #expect(readings == Array(repeating: 60, count: 100))
  }
}

/// A body that waits on the real clock (`Task.sleep(for:)`, the trial's ticking model): the
/// simulation cannot see that wait, but the stall it causes names real-time clocks among the
/// causes and says what to write instead; the sleep honours the stall's cancellation.
@Suite struct RealTimeWaitTests {
  @Test func aRealTimeSleepEndsInAStallThatNamesRealTimeClocks() async throws {
    let report = try await stallReport { simulation in
      try await simulation.advance(by: .seconds(5))
      // 150 s: the stall's cancellation ends the sleep at once, and on a loaded machine (a full
      // parallel run at load 10) the 0.2 s window may need more than a minute to count.
      try await Task.sleep(for: .seconds(150))
    }
    #expect(report.call == "after advance(by: 5.0 seconds)")
    #expect(
      report.message.contains(
        "or a real-time clock (Task.sleep(for:), ContinuousClock, Timer, "
          + "DispatchQueue.asyncAfter), which advance does not move: sleep on simulation.clock "
          + "instead"))
    // The lane saw the sleep (its task prefers the lane): the message says so first, with its
    // clock and duration: 150 s from when it began, to the millisecond, less the real time
    // between `Task.sleep` computing its deadline and the runtime handing the sleep to the lane
    // (`enqueue(_:at:)` gets an instant; 8 ms on a loaded CI machine gave 149.992 s).
    let head =
      "the app's code has waited 0.2 seconds of wall-clock time with nothing left to run: a "
      + "task of the app's sleeps on a real-time clock (its latest sleep: "
    #expect(report.message.hasPrefix(head))
    let slept = report.message.dropFirst(head.count).prefix { $0 != " " }
    #expect(Double(slept).map { $0 > 149.9 && $0 <= 150 } == true, "slept \(slept) s")
    let rest = report.message.dropFirst(head.count + slept.count)
    #expect(
      rest.hasPrefix(
        " s on "
          + "ContinuousClock, Task.sleep or the clock's own sleep), which advance does not "
          + "move; move virtual time from the test with advance(by:), sleep on "
          + "simulation.clock instead, or await the delegate call or async call that brings "
          + "the state; the app's last call into the simulation was advance(by: 5.0 seconds)"))
  }
}

/// A body that polls a real-time clock for a state only virtual time brings never leaves the
/// lane idle for a whole window (each wake-up from its sleep is a job there), yet it waits
/// forever: the simulation sees the sleeps (the lane is the task's preferred executor, a
/// `SchedulingExecutor`) and counts the window across their wake-ups while nothing else
/// changes, so the poll is a stall naming the sleep (docs/swift-api.md#nothing-silent). Each
/// test has a time limit: before the change these polls ran until it. It is three minutes, not
/// one: the window counts only slices in which the process ran its queued items, so while the
/// rest of a full parallel run holds both cores (load 9 on this 2-core machine) no slice counts
/// and all five polls reached a one-minute limit, 89 s into a 96 s run; the report comes once
/// the machine is free, as the rule intends.
@Suite(.timeLimit(.minutes(3))) struct RealTimePollTests {
  /// The brief's case: a `try await` poll of `Task.sleep(for: .milliseconds(20))` for a minute
  /// of virtual time that no `advance` brings. Reported as a stall naming the sleep, the
  /// clock and its duration (20 ms, written as seconds to the millisecond); the cancellation
  /// makes the sleep throw, so the loop ends and `run` throws `StallError`.
  @Test func aPollOfTaskSleepIsAStallNamingTheSleep() async throws {
    let report = try await stallReport { simulation in
      let oneMinuteOn = simulation.now.addingTimeInterval(60)
      while simulation.now < oneMinuteOn { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(report.kind == .stalled)
    #expect(report.framework == "Swift")
    #expect(report.call == "Task.sleep on ContinuousClock (0.020 s)")
    #expect(report.seconds == 0)
    #expect(
      report.message.hasPrefix(
        "the app's code has polled a real-time clock for 0.2 seconds of wall-clock time with "
          + "nothing else to run: its code keeps sleeping on ContinuousClock (the latest "
          + "sleep for 0.020 s: Task.sleep, or the clock's own sleep), "
          + "a real-time clock that advance does not move, while nothing the simulation sees "
          + "changes (no async framework call, delivery, sleeper, hold, run or advance): it "
          + "polls for a state that only virtual time or a delegate call brings; move virtual "
          + "time from the test with advance(by:), sleep on simulation.clock instead, or await "
          + "the delegate call or async call that brings the state"))
    #expect(
      report.message.hasSuffix(
        "the run's task is cancelled and run(_:) throws StallError once its body ends: a loop "
          + "that sleeps with try await ends there, one that swallows the cancellation (try? "
          + "await Task.sleep) never does"))
  }

  /// The same poll on `SuspendingClock` (`Task.sleep(until:clock:)`) names that clock.
  @Test func aPollOnSuspendingClockNamesIt() async throws {
    let report = try await stallReport { _ in
      let flag = Mutex(false)
      while !flag.withLock({ $0 }) {
        try await Task.sleep(until: .now + .milliseconds(30), clock: .suspending)
      }
    }
    #expect(report.framework == "Swift")
    #expect(report.call == "Task.sleep on SuspendingClock (0.030 s)")
  }

  /// The poll in a task-group child of the body (the child inherits the lane).
  @Test func aPollInATaskGroupChildIsAStall() async throws {
    let report = try await stallReport { simulation in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          let oneMinuteOn = simulation.now.addingTimeInterval(60)
          while simulation.now < oneMinuteOn { try await Task.sleep(for: .milliseconds(20)) }
        }
        try await group.waitForAll()
      }
    }
    #expect(report.framework == "Swift")
    #expect(report.call == "Task.sleep on ContinuousClock (0.020 s)")
  }

  /// The poll in a `@MainActor` method the body awaits: the sleep is made on the main actor by
  /// a task that prefers the lane, so the lane sees it too.
  @Test func aPollInAnAwaitedMainActorMethodIsAStall() async throws {
    let report = try await stallReport { _ in
      let manager = PollingManager()
      try await manager.waitUntilEnded()
    }
    #expect(report.framework == "Swift")
    #expect(report.call == "Task.sleep on ContinuousClock (0.020 s)")
  }

  /// The body reads a main-actor model's flag between its sleeps (a hop to the main actor and
  /// back each time): still a poll.
  @Test func aPollReadingAMainActorFlagIsAStall() async throws {
    let report = try await stallReport { _ in
      let manager = PollingManager()
      while await !manager.ended { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(report.framework == "Swift")
    #expect(report.call == "Task.sleep on ContinuousClock (0.020 s)")
  }

  /// Real-time sleeps with progress between them are no stall: fifteen sleeps of 50 ms
  /// (0.75 s of wall-clock time, more than the 0.5 s window), each followed by an `advance` of
  /// one second (the instant changes), then fifteen more each followed by an async HealthKit
  /// call. Counted across the sleeps as a poll's are, without the progress mark, each phase
  /// would be a stall. The sleeps are the subject (real time by design); a window of 0.5 s
  /// leaves a late Dispatch timer 0.45 s before one sleep alone could fill it.
  @Test func sleepsWithProgressBetweenThemAreNoStall() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    simulation.stallReportDelay = .milliseconds(500)
    try await Task {
      try await simulation.run { () async throws in
        for _ in 0..<15 {
          try await Task.sleep(for: .milliseconds(50))
          try await simulation.advance(by: .seconds(1))
        }
        let store = HKHealthStore()
        for _ in 0..<15 {
          try await Task.sleep(for: .milliseconds(50))
          try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
        }
      }
    }.value
    #expect(simulation.reports.isEmpty)
    #expect(simulation.now == simulation.startDate.addingTimeInterval(15))
  }
}

/// A main-actor model whose method polls its own flag with `Task.sleep` (the pattern of
/// ``RealTimePollTests``); nothing sets the flag.
@MainActor final class PollingManager {
  var ended = false

  func waitUntilEnded() async throws {
    while !ended { try await Task.sleep(for: .milliseconds(20)) }
  }
}

/// An async call made after `run` returned (the trial's `Task.detached` save that ran late):
/// reported, not silent.
@Suite struct CallAfterRunTests {
  @Test func anAsyncCallAfterTheRunIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let store = try await simulation.run { () async throws -> HKHealthStore in
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
      return store
    }
    #expect(simulation.reports.isEmpty)
    try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
    #expect(
      simulation.reports.map(\.description) == [
        "HealthKit: requestAuthorization(toShare:read:) at t = 0 s: an async call began after "
          + "run(_:) had returned: the task that made it outlived the run (a Task.detached or "
          + "nonisolated Task { } the run does not wait for), so on a device the app would no "
          + "longer be running; it still changes the simulation's state, which no run's result "
          + "shows: await the work inside run (settle() waits for calls in flight), or start "
          + "the task with Task(executorPreference: simulation.taskExecutor)"
      ])
    #expect(simulation.reports.map(\.kind) == [.callAfterRun])
  }
}

/// The report of the stall that ends a run of `body` on ``constantRun()`` with a stall watch
/// of 200 ms (the run in a task of its own: the stall cancels it), which `run` throws. The
/// test's cancellation (its time limit) is passed on to the run's task, so a body that is never
/// reported ends the test rather than hanging it.
func stallReport(
  _ body: @escaping @Sendable (HealthKitSimulation) async throws -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> HealthKitSimulation.Report {
  let simulation = try HealthKitSimulation(scenario: constantRun())
  simulation.stallReportDelay = .milliseconds(200)
  let error = await #expect(
    throws: HealthKitSimulation.StallError.self, sourceLocation: sourceLocation
  ) {
    let run = Task {
      try await simulation.run { () async throws in try await body(simulation) }
    }
    try await withTaskCancellationHandler {
      try await run.value
    } onCancel: {
      run.cancel()
    }
  }
  return try #require(error?.report, sourceLocation: sourceLocation)
}
