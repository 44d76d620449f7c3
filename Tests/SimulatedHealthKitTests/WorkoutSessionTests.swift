import Foundation
import Testing
import WorkoutCore
import WorkoutSimulation
import WorkoutSystem

@testable import SimulatedHealthKit

/// The app's own HealthKit code on a simulation: sessions, builders, delegates, time.
///
/// The scenario (``constantRun(timeline:)``) has constant sensors, so the values are worked
/// out by hand: heart rate 150 bpm on a 5 s grid from each running interval's start; active
/// energy 1 kcal per 10 s span (a shorter last span gets its share); distance 3.2 m/s.
@Suite struct WorkoutSessionTests {
  /// The ten types the constant run collects: a missed batch after a recovery has them all.
  static let collectedTypes: Set<HKSampleType> = [
    HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
    HKQuantityType(.basalEnergyBurned), HKQuantityType(.distanceWalkingRunning),
    HKQuantityType(.stepCount), HKQuantityType(.runningSpeed), HKQuantityType(.runningPower),
    HKQuantityType(.runningStrideLength), HKQuantityType(.runningVerticalOscillation),
    HKQuantityType(.runningGroundContactTime),
  ]

  /// The constant run whose app crashes at 600 s and is relaunched at 640 s, asked to recover
  /// when `recover`.
  static func crashingRun(recover: Bool = false) throws -> HealthKitSimulation {
    let relaunch =
      recover
      ? #"{ "at": 640, "do": "relaunch", "recover": true }"# : #"{ "at": 640, "do": "relaunch" }"#
    return try HealthKitSimulation(
      scenario: constantRun(timeline: #"[{ "at": 600, "do": "crash" }, "# + relaunch + "]"))
  }

  /// Inside a ``crashingRun(recover:)``'s run, as a main-actor app: the seed app's manager
  /// starts a run with no delegate at t = 0, and time goes past the crash and the relaunch to
  /// 700 s.
  @MainActor static func startAndRunPastTheCrash(_ simulation: HealthKitSimulation) async throws {
    let manager = WorkoutManager()
    try await manager.startWorkout(type: .running, delegate: nil, at: simulation.now)
    try await simulation.advance(to: noon(plus: 700))
  }

  @Test func aRunningWorkoutWithAPause() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let manager = WorkoutManager()
      try await simulation.advance(by: .seconds(3))
      try await manager.startWorkout(type: .running, delegate: recorder, at: simulation.now)
      let session = try #require(manager.session)
      let builder = try #require(manager.builder)
      #expect(session.state == .running)
      try await simulation.advance(by: .seconds(600))  // t = 603
      session.pause()
      try await simulation.advance(by: .seconds(60))  // t = 663
      session.resume()
      try await simulation.advance(by: .seconds(537))  // t = 1200
      // Running 3 → 603 and 663 → 1200: 600 + 537 = 1137 s.
      #expect(builder.elapsedTime == 1137)
      // Mid-pause, at t = 633: 603 − 3 = 600 s.
      #expect(builder.elapsedTime(at: noon(plus: 633)) == 600)
      // At t = 700: 600 + (700 − 663) = 637 s.
      #expect(builder.elapsedTime(at: noon(plus: 700)) == 637)
      let heartRate = try #require(builder.statistics(for: HKQuantityType(.heartRate)))
      let bpm = HKUnit.count().unitDivided(by: .minute())
      #expect(heartRate.averageQuantity()?.doubleValue(for: bpm) == 150)
      #expect(heartRate.minimumQuantity()?.doubleValue(for: bpm) == 150)
      #expect(heartRate.maximumQuantity()?.doubleValue(for: bpm) == 150)
      let workout = try #require(try await manager.endWorkout(at: simulation.now))
      #expect(workout.startDate == noon(plus: 3))
      #expect(workout.endDate == noon(plus: 1200))
      #expect(workout.duration == 1137)
      // Energy: 60 full spans in [3, 603]; 53 full spans and a 7 s span (0.7) in [663, 1200].
      let energy = try #require(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()))
      #expect(abs(energy - 113.7) < 1e-9)
      // Distance: 1137 s × 3.2 m/s.
      let distance = try #require(workout.totalDistance?.doubleValue(for: .meter()))
      #expect(abs(distance - 3638.4) < 1e-6)
    }
    await simulation.settle()
    #expect(
      recorder.changes.withLock { $0 } == [
        Recorder.Change(from: .notStarted, to: .running, date: noon(plus: 3)),
        Recorder.Change(from: .running, to: .paused, date: noon(plus: 603)),
        Recorder.Change(from: .paused, to: .running, date: noon(plus: 663)),
        Recorder.Change(from: .running, to: .ended, date: noon(plus: 1200)),
      ])
    #expect(recorder.events.withLock { $0 } == [.pause, .resume])
    #expect(recorder.builderEvents.withLock { $0 } == 2)
    #expect(recorder.errors.withLock { $0 }.isEmpty)
    // Statistics at a batch: the first energy span [3, 13) arrives at 13 s with 1 kcal; the
    // interval closed by the pause at 603 s holds 60 spans.
    let energy = recorder.energyAtBatch.withLock { $0 }
    #expect(energy.first?.0 == noon(plus: 13))
    #expect(energy.first?.1 == 1)
    #expect(energy.first { $0.0 == noon(plus: 603) }?.1 == 60)
    // Heart rate: 3, 8, ..., 603 (121 points) and 663, ..., 1198 (108 points).
    let result = simulation.result
    #expect(result.records.count == 1)
    #expect(result.records.first?.statistics[.heartRate]?.count == 229)
    #expect(result.errors.isEmpty)
  }

  @Test func anIllegalCallFailsWithHealthKitsTextAndKeepsTheState() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      session.delegate = recorder
      session.pause()
      await simulation.settle()
      #expect(session.state == .notStarted)
    }
    let errors = recorder.errors.withLock { $0 }
    #expect(errors.map(\.code) == [.errorInvalidArgument])
    #expect(
      errors.map(\.localizedDescription) == [
        "Unable to perform 'pause' from current state 'notStarted'"
      ])
    #expect((errors.first as NSError?)?.domain == "com.apple.healthkit")
    #expect((errors.first as NSError?)?.code == 3)
    #expect(recorder.changes.withLock { $0 }.isEmpty)
  }

  @Test func endCollectionBeforeBeginCollectionThrows() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      #expect(builder === session.associatedWorkoutBuilder())
      do {
        try await builder.endCollection(at: simulation.now)
        Issue.record("endCollection before beginCollection did not throw")
      } catch HKError.errorInvalidArgument {
        // The pattern apps use.
      }
      await #expect(
        throws: HKError(.errorInvalidArgument, "cannot set endDate without a startDate")
      ) {
        try await builder.endCollection(at: simulation.now)
      }
      await #expect(
        throws: HKError(
          .errorInvalidArgument, "Unable to finish a workout that is not currently ended.")
      ) {
        try await builder.finishWorkout()
      }
    }
  }

  @Test func aSecondSessionsStartEndsTheFirst() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let first = Recorder(simulation)
    let second = Recorder(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let one = try HKWorkoutSession(healthStore: store, configuration: configuration)
      one.delegate = first
      one.startActivity(with: simulation.now)
      try await simulation.advance(by: .seconds(10))
      configuration.activityType = .walking
      let two = try HKWorkoutSession(healthStore: store, configuration: configuration)
      two.delegate = second
      two.startActivity(with: simulation.now)
      await simulation.settle()
      #expect(one.state == .ended)
      #expect(two.state == .running)
      #expect(two.workoutConfiguration.activityType == .walking)
      #expect(one.workoutConfiguration.activityType == .running)
    }
    #expect(first.errors.withLock { $0 }.map(\.code) == [.errorAnotherWorkoutSessionStarted])
    #expect(
      first.changes.withLock { $0 } == [
        Recorder.Change(from: .notStarted, to: .running, date: noon(plus: 0)),
        Recorder.Change(from: .running, to: .ended, date: noon(plus: 10)),
      ])
    #expect(
      second.changes.withLock { $0 } == [
        Recorder.Change(from: .notStarted, to: .running, date: noon(plus: 10))
      ])
  }

  /// Two live workouts at once (review23 item 12): a running session with its live builder
  /// from t = 0, then at t = 600, without ending it, a walking session with a builder of its
  /// own. Apple Watch runs one workout session at a time
  /// (docs/healthkit-behaviour.md#one-session-at-a-time): the second's start ends the first
  /// (`errorAnotherWorkoutSessionStarted`), so the first builder collects 0 … 600 and the
  /// second 600 … 1200, each 600 s: distance 600 s × 3.2 m/s = 1920 m, energy 60 spans of 10 s
  /// × 1 kcal = 60 kcal, elapsed time 600 s. Both workouts are saved: running 0 … 600 and
  /// walking 600 … 1200.
  @Test func aSecondLiveWorkoutEndsTheFirstAndEachBuilderKeepsItsSpan() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let first = Recorder(simulation)
    try await simulation.run {
      let store = HKHealthStore()
      let (one, builderOne) = try await startedRun(store, simulation)
      one.delegate = first
      try await simulation.advance(by: .seconds(600))  // t = 600
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .walking
      let two = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builderTwo = two.associatedWorkoutBuilder()
      builderTwo.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      two.startActivity(with: simulation.now)
      try await builderTwo.beginCollection(at: simulation.now)
      await simulation.settle()
      #expect(one.state == .ended)
      #expect(two.state == .running)
      try await builderOne.endCollection(at: noon(plus: 600))
      let workoutOne = try #require(try await builderOne.finishWorkout())
      try await simulation.advance(by: .seconds(600))  // t = 1200
      two.end()
      try await builderTwo.endCollection(at: simulation.now)
      let workoutTwo = try #require(try await builderTwo.finishWorkout())

      let distance = HKQuantityType(.distanceWalkingRunning)
      let energy = HKQuantityType(.activeEnergyBurned)
      for (builder, workout, activity, start) in [
        (builderOne, workoutOne, HKWorkoutActivityType.running, 0.0),
        (builderTwo, workoutTwo, .walking, 600),
      ] {
        #expect(builder.elapsedTime == 600)
        let meters = builder.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter())
        #expect(abs((meters ?? 0) - 1920) < 1e-6)
        let kcal = builder.statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
        #expect(abs((kcal ?? 0) - 60) < 1e-9)
        #expect(workout.workoutActivityType == activity)
        #expect(workout.startDate == noon(plus: start))
        #expect(workout.endDate == noon(plus: start + 600))
        #expect(workout.duration == 600)
      }
    }
    #expect(first.errors.withLock { $0 }.map(\.code) == [.errorAnotherWorkoutSessionStarted])
  }

  @Test func crashRelaunchAndRecovery() async throws {
    let simulation = try Self.crashingRun(recover: true)
    let before = Recorder(simulation)
    let after = Recorder(simulation)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: before, at: simulation.now)
      let session = try #require(manager.session)
      let builder = try #require(manager.builder)
      try await simulation.advance(to: noon(plus: 700))
      // The crashed process's objects are inert.
      session.pause()
      #expect(session.state == .running)
      // The timeline's relaunch does not recover by itself: the app asks.
      let store = HKHealthStore()
      let recovered = try #require(try await store.recoverActiveWorkoutSession())
      // The new process gets new objects, as on a device; the crashed process's stay inert
      // (trial finding: the old object had come back to life and controlled the session).
      #expect(recovered !== session)
      #expect(recovered.workoutConfiguration.activityType == .running)
      #expect(recovered.workoutConfiguration.locationType == .outdoor)
      let recoveredBuilder = recovered.associatedWorkoutBuilder()
      #expect(recoveredBuilder !== builder)
      #expect(recovered.delegate == nil)
      #expect(recoveredBuilder.delegate == nil)
      recovered.delegate = after
      recoveredBuilder.delegate = after
      recoveredBuilder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: recovered.workoutConfiguration)
      await simulation.settle()
      session.pause()
      #expect(recovered.state == .running)
      // Nothing more to recover.
      #expect(try await store.recoverActiveWorkoutSession() == nil)
      try await simulation.advance(to: noon(plus: 1800))
      // The relaunched app's manager holds the recovered objects.
      manager.session = recovered
      manager.builder = recoveredBuilder
      let workout = try #require(try await manager.endWorkout(at: simulation.now))
      #expect(workout.duration == 1800)
    }
    // Before the crash: the last batch is heart rate at 595 s; energy spans were due at 10,
    // ..., 590 s: 59 kcal.
    let last = before.energyAtBatch.withLock { $0.last }
    #expect(last?.0 == noon(plus: 595))
    #expect(last?.1 == 59)
    // After recovery: one batch first, with every type the run collects.
    let types = Self.collectedTypes
    #expect(after.batches.withLock { $0.first } == types)
    #expect(after.energyAtBatch.withLock { $0.first }?.1 == 70)
    let result = simulation.result
    // The missed batch at 700 s: heart rate 600, 605, ..., 700 (21), running speed every 10 s
    // at 600, ..., 700 (11), power, stride length, vertical oscillation and ground contact time
    // every 30 s at 600, 630, 660 and 690 (4 each, 16) and each of the four cumulative types'
    // spans due at 600, 610, ..., 700 (11 each, 44): 21 + 11 + 16 + 44 = 92 samples.
    let batch = result.log.first {
      if case .dataCollected = $0.kind { return $0.at == .seconds(700) }
      return false
    }
    let engineTypes = QuantityTypeSet(types.compactMap { ($0 as? HKQuantityType)?.engineType })
    #expect(batch?.kind == .dataCollected(types: engineTypes, count: 92))
    // The inert calls (before and after the recovery) are in the log, not delivered.
    #expect(result.errors.map(\.action) == ["pause", "pause"])
    #expect(result.errors.allSatisfy { $0.message == HealthKitSimulation.inertMessage })
    #expect(after.errors.withLock { $0 }.isEmpty)
    // 0 → 1800 s: 361 heart-rate points, as without the crash.
    #expect(result.records.first?.statistics[.heartRate]?.count == 361)
  }

  /// A main-actor app recovers with the async form, lets the lane run everything it has, and
  /// only then sets its delegates: the missed batch waits for the builder's delegate
  /// (docs/swift-api.md#crash-and-recovery). The batch's types as in
  /// `crashRelaunchAndRecovery`: the ten types the run collects.
  @MainActor @Test func theMissedBatchWaitsForTheDelegateOfAMainActorApp() async throws {
    let simulation = try Self.crashingRun()
    let after = Recorder(simulation)
    try await simulation.run {
      try await Self.startAndRunPastTheCrash(simulation)
      let store = HKHealthStore()
      let recovered = try #require(try await store.recoverActiveWorkoutSession())
      // Whatever the lane would deliver by itself has run before the delegates are set.
      await simulation.executor.waitUntilIdle()
      #expect(after.batches.withLock { $0 }.isEmpty)
      recovered.delegate = after
      recovered.associatedWorkoutBuilder().delegate = after
      await simulation.settle()
    }
    let types = Self.collectedTypes
    #expect(after.batches.withLock { $0 } == [types])
  }

  /// The completion form wrapped in a continuation, as apps write it: the delegates are set in
  /// the code the continuation resumes, after the completion has returned; the missed batch
  /// waits for the builder's delegate as the async form's does (the ten types above).
  @MainActor @Test func theMissedBatchWaitsForADelegateSetAfterTheCompletion() async throws {
    let simulation = try Self.crashingRun()
    let after = Recorder(simulation)
    try await simulation.run {
      try await Self.startAndRunPastTheCrash(simulation)
      let store = HKHealthStore()
      let found: HKWorkoutSession? = await withCheckedContinuation { continuation in
        store.recoverActiveWorkoutSession { session, _ in continuation.resume(returning: session) }
      }
      let recovered = try #require(found)
      await simulation.executor.waitUntilIdle()
      #expect(after.batches.withLock { $0 }.isEmpty)
      recovered.delegate = after
      recovered.associatedWorkoutBuilder().delegate = after
      await simulation.settle()
    }
    #expect(after.batches.withLock { $0 }.count == 1)
    #expect(
      after.batches.withLock { $0 }.first?.contains(HKQuantityType(.activeEnergyBurned)) == true)
  }

  @Test func theTimelinesWorldActionsFireAndItsAppActionsDoNot() async throws {
    let simulation = try HealthKitSimulation(
      scenario: constantRun(
        timeline: """
          [{ "at": 0, "do": "start" }, { "at": 30, "do": "probe" }, { "at": 50, "do": "pause" }]
          """))
    try await simulation.run {
      let manager = WorkoutManager()
      try await simulation.advance(by: .seconds(10))
      try await manager.startWorkout(type: .running, delegate: nil, at: simulation.now)
      try await simulation.advance(to: noon(plus: 60))
      // The timeline's start and pause are app actions: not played.
      #expect(manager.session?.state == .running)
    }
    let probes = simulation.result.probes
    // The probe at 30 s: running since the app's start at 10 s, so 20 s elapsed.
    #expect(probes.map(\.at) == [.seconds(30)])
    #expect(probes.first?.state == .running)
    #expect(probes.first?.elapsed == .seconds(20))
    #expect(probes.first?.heartRate == 150)
    // Still running when the result is taken: logged unfinished, no record.
    #expect(simulation.result.records.isEmpty)
    #expect(simulation.result.log.last?.kind == .unfinished)
  }

  @Test func theWallClockRuleReadsDateAsVirtualNow() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    try await simulation.run {
      try await simulation.advance(by: .seconds(30))
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: nil, at: Date())
      #expect(manager.session?.startDate == noon(plus: 30))
      #expect(manager.builder?.startDate == noon(plus: 30))
    }
    let entries = simulation.result.log.filter {
      if case .wallClockDate = $0.kind { return true }
      return false
    }
    #expect(
      entries.map(\.kind) == [
        .wallClockDate(action: "startActivity"), .wallClockDate(action: "beginCollection"),
      ])
    #expect(entries.map(\.at) == [.seconds(30), .seconds(30)])
    #expect(simulation.result.errors.isEmpty)
  }

  /// Apple's sample drives its timer with `elapsedTime(at: Date())`: read as virtual now. The
  /// workout starts at 0 and runs 600 s, so 600 s on every read; one `wallClockDate` entry per
  /// builder however often the timer reads it; with strict dates one error entry and the same
  /// value (a getter cannot fail).
  @Test(arguments: [false, true])
  func elapsedTimeAtDateIsReadAsVirtualNow(strict: Bool) async throws {
    let simulation = try HealthKitSimulation(
      scenario: constantRun(), options: strict ? .strictDates : [])
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running, delegate: nil, at: simulation.now)
      try await simulation.advance(by: .seconds(600))
      let builder = try #require(manager.builder)
      #expect((0..<3).map { _ in builder.elapsedTime(at: Date()) } == [600, 600, 600])
      // A virtual date is used as given.
      #expect(builder.elapsedTime(at: noon(plus: 300)) == 300)
    }
    let entries = simulation.result.log.filter {
      if case .wallClockDate = $0.kind { return true }
      return false
    }
    #expect(entries.map(\.kind) == (strict ? [] : [.wallClockDate(action: "elapsedTime")]))
    #expect(simulation.result.errors.map(\.action) == (strict ? ["elapsedTime"] : []))
  }

  @Test func strictDatesFailTheWallClock() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun(), options: .strictDates)
    let recorder = Recorder(simulation)
    try await simulation.run {
      let manager = WorkoutManager()
      await #expect(throws: HKError.self) {
        try await manager.startWorkout(type: .running, delegate: recorder, at: Date())
      }
      await simulation.settle()
      #expect(manager.session?.state == .notStarted)
      #expect(manager.builder?.startDate == nil)
      // Virtual dates pass.
      try await manager.builder?.beginCollection(at: simulation.now)
      #expect(manager.builder?.startDate == noon(plus: 0))
    }
    #expect(recorder.errors.withLock { $0 }.map(\.code) == [.errorInvalidArgument])
    #expect(simulation.result.errors.map(\.action) == ["start", "beginCollection"])
  }

  /// Errors reach the session delegate by their typed call (`ErrorReport.call`), not by words:
  /// a session call's (pause before start, HealthKit's invalid transition) does; a builder
  /// call's (endCollection before beginCollection) goes only to the call's own completion.
  @Test func onlySessionCallErrorsReachTheSessionDelegate() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let recorder = Recorder(simulation)
    let endCollectionFailed = try await simulation.run { () -> Bool in
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      session.delegate = recorder
      let builder = session.associatedWorkoutBuilder()
      session.pause()
      var failed = false
      do { try await builder.endCollection(at: simulation.now) } catch { failed = true }
      await simulation.settle()
      return failed
    }
    #expect(endCollectionFailed)
    let heard = recorder.errors.withLock { $0 }
    #expect(heard.map(\.code) == [.errorInvalidArgument])
    #expect(
      heard.first?.localizedDescription
        == "Unable to perform 'pause' from current state 'notStarted'")
    #expect(
      simulation.result.errors.map(\.call) == [.session(.pause), .builder(.endCollection)])
  }
}
