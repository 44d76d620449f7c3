import Foundation
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutSimTestSupport

@testable import SimulatedCoreMotion

/// A run of 600 s at 3 m/s and 180 steps/min.
private let run = #"""
  { "version": 1, "activity": "running",
    "course": [ { "duration": 600, "speed": 3, "cadence": 180 } ] }
  """#

/// Starts a running workout session at virtual now, as an app does.
private func startWorkout(_ simulation: HealthKitSimulation) throws -> HKWorkoutSession {
  let store = HKHealthStore()
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .running
  configuration.locationType = .outdoor
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  session.startActivity(with: simulation.now)
  return session
}

/// What a batch handler saw: each batch's timestamps, or the error's code.
private final class BatchRecorder: Sendable {
  let batches = Mutex<[[TimeInterval]]>([])
  let errors = Mutex<[Int]>([])

  func record(_ batch: [CMAccelerometerData]?, _ error: (any Error)?) {
    if let batch { batches.withLock { $0.append(batch.map(\.timestamp)) } }
    if let error { errors.withLock { $0.append((error as NSError).code) } }
  }
}

@Suite("CoreMotion: batched sensors")
struct BatchedSensorTests {
  /// During a running workout: 800 Hz readings in one batch a second, the first a second after
  /// the start (at 1 s: started at 1 s, batches at 2 and 3 s), each the second before it on the
  /// 1/800 s = 1.25 ms grid: 2.00125 … 3.0 s in the second, 800 readings each; stopped,
  /// nothing more.
  @Test func accelerometerBatchesOfASecond() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let recorder = BatchRecorder()
    try await simulation.run {
      #expect(CMBatchedSensorManager.isAccelerometerSupported)
      #expect(CMBatchedSensorManager.isDeviceMotionSupported)
      #expect(CMBatchedSensorManager.authorizationStatus == .authorized)
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let manager = CMBatchedSensorManager()
      #expect(manager.accelerometerDataFrequency == 800)
      #expect(manager.deviceMotionDataFrequency == 200)
      manager.startAccelerometerUpdates { recorder.record($0, $1) }
      #expect(manager.isAccelerometerActive)
      try await simulation.advance(by: .seconds(2))
      manager.stopAccelerometerUpdates()
      #expect(!manager.isAccelerometerActive)
      try await simulation.advance(by: .seconds(2))
      session.end()
    }
    let batches = recorder.batches.withLock { $0 }
    #expect(batches.map(\.count) == [800, 800])
    #expect(recorder.errors.withLock { $0 }.isEmpty)
    guard batches.count == 2 else { return }
    #expect(abs(batches[0][0] - 1.00125) < 1e-9 && abs(batches[0][799] - 2) < 1e-9)
    #expect(abs(batches[1][0] - 2.00125) < 1e-9 && abs(batches[1][799] - 3) < 1e-9)
  }

  /// Started without a handler at 1 s, read at 2.5 s: the latest whole batch is the second
  /// 1…2 s, 200 device-motion readings from 1.005 s to 2.0 s; stopped, `nil`.
  @Test func pullFormHoldsTheLatestBatch() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    try await simulation.run {
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let manager = CMBatchedSensorManager()
      manager.startDeviceMotionUpdates()
      #expect(manager.isDeviceMotionActive && manager.deviceMotionBatch == nil)
      try await simulation.advance(by: .milliseconds(1500))
      let batch = try #require(manager.deviceMotionBatch)
      #expect(batch.count == 200)
      #expect(abs(batch[0].timestamp - 1.005) < 1e-9 && abs(batch[199].timestamp - 2) < 1e-9)
      manager.stopDeviceMotionUpdates()
      #expect(manager.deviceMotionBatch == nil)
      session.end()
    }
  }

  /// Without a running workout session the start fails once with `CMErrorDomain` 108 (the
  /// handler) and the async sequence throws it; on the iPhone the manager is unsupported.
  @Test func needsARunningWorkoutSession() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let recorder = BatchRecorder()
    let thrown = try await simulation.run { () -> Int? in
      let manager = CMBatchedSensorManager()
      manager.startAccelerometerUpdates { recorder.record($0, $1) }
      let updates = manager.deviceMotionUpdates()
      try await simulation.advance(by: .seconds(3))
      let phoneSupported = await simulation.on(.phone) {
        CMBatchedSensorManager.isAccelerometerSupported
      }
      #expect(!phoneSupported)
      do {
        for try await _ in updates {}
        return nil
      } catch {
        return (error as NSError).code
      }
    }
    #expect(recorder.errors.withLock { $0 } == [108])
    #expect(recorder.batches.withLock { $0 }.isEmpty)
    #expect(thrown == 108)
  }

  /// The async sequence of device motion during a workout: 200 readings a batch (1/200 s =
  /// 5 ms apart), the session's end ends the updates with 108 at the next due batch.
  @Test func deviceMotionSequenceEndsWithTheSession() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let (counts, code) = try await simulation.run { () -> ([Int], Int?) in
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let manager = CMBatchedSensorManager()
      let updates = manager.deviceMotionUpdates()
      try await simulation.advance(by: .seconds(2))
      session.end()
      try await simulation.advance(by: .seconds(2))
      var counts: [Int] = []
      do {
        for try await batch in updates { counts.append(batch.count) }
        return (counts, nil)
      } catch {
        return (counts, (error as NSError).code)
      }
    }
    #expect(counts == [200, 200])
    #expect(code == 108)
  }

  /// A second `accelerometerUpdates()` replaces the first registration: the first sequence
  /// ends (no more elements) instead of waiting forever; the second gets the batch at 2 s
  /// (started at 1 s, one second later: 800 readings).
  @Test func aSecondStartEndsTheFirstSequence() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let (first, second) = try await simulation.run { () -> ([Int], [Int]) in
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let manager = CMBatchedSensorManager()
      let old = manager.accelerometerUpdates()
      let new = manager.accelerometerUpdates()
      try await simulation.advance(by: .milliseconds(1500))
      manager.stopAccelerometerUpdates()
      session.end()
      var first: [Int] = []
      for try await batch in old { first.append(batch.count) }
      var second: [Int] = []
      for try await batch in new { second.append(batch.count) }
      return (first, second)
    }
    #expect(first.isEmpty)
    #expect(second == [800])
  }

  /// A sequence still running when the outermost `run` returns ends there, and one
  /// `notDelivered` warning names its call: a task awaiting it finishes with 2 batches
  /// (started at 1 s, run ended at 3.5 s: batches at 2 and 3 s).
  @Test func aSequenceStillRunningEndsWithTheRun() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let consumer = try await simulation.run { () -> Task<Int, any Error> in
      _ = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let updates = CMBatchedSensorManager().deviceMotionUpdates()
      try await simulation.advance(by: .milliseconds(2500))
      return Task {
        var count = 0
        for try await _ in updates { count += 1 }
        return count
      }
    }
    #expect(try await consumer.value == 2)
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.call) == ["CMBatchedSensorManager.deviceMotionUpdates()"])
  }

  /// The session ended just before the run returned (at 3.5 s; the next batch, due at 4 s,
  /// would have ended the sequence with 108): the warning says so instead of asking the app to
  /// end the session it ended.
  @Test func aSequenceOfAnEndedSessionIsWarnedAboutAccurately() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let consumer = try await simulation.run { () -> Task<Int, any Error> in
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let updates = CMBatchedSensorManager().deviceMotionUpdates()
      try await simulation.advance(by: .milliseconds(2500))
      session.end()
      return Task {
        var count = 0
        for try await _ in updates { count += 1 }
        return count
      }
    }
    #expect(try await consumer.value == 2)
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.count == 1)
    #expect(reports.first?.message.contains("the workout session had ended") == true)
    #expect(reports.first?.message.contains("or end the workout session") == false)
  }

  /// A manager freed by the app stops delivering, as on a device: started at 1 s in a scope
  /// that ends at 2.5 s, the handler gets the batch at 2 s only (none at 3 or 4 s, though the
  /// workout runs until 4.5 s).
  @Test func aFreedManagerStopsItsBatches() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let recorder = BatchRecorder()
    try await simulation.run {
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      do {
        let manager = CMBatchedSensorManager()
        manager.startAccelerometerUpdates { recorder.record($0, $1) }
        try await simulation.advance(by: .milliseconds(1500))
        withExtendedLifetime(manager) {}
      }
      try await simulation.advance(by: .seconds(2))
      session.end()
    }
    #expect(recorder.batches.withLock { $0 }.map(\.count) == [800])
  }

  /// A consumer that breaks out of `for try await` (the sequence released) takes the
  /// registration out: no batch is made for nobody (the state holds none); then the app's
  /// `stop…` finds nothing and does not deadlock. Started at 1 s, read at 3.5 s: the first
  /// batch (2 s) has 800 readings.
  @Test func aConsumerThatLeavesEndsTheRegistration() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let (first, before, after) = try await simulation.run { () -> (Int, Int, Int) in
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let manager = CMBatchedSensorManager()
      var first = 0
      var before = 0
      do {
        let updates = manager.accelerometerUpdates()
        try await simulation.advance(by: .milliseconds(2500))
        before = registrations(simulation)
        for try await batch in updates {
          first = batch.count
          break
        }
      }
      let after = registrations(simulation)
      manager.stopAccelerometerUpdates()
      try await simulation.advance(by: .seconds(1))
      session.end()
      return (first, before, after)
    }
    #expect(first == 800)
    #expect(before == 1)
    #expect(after == 0)
  }

  /// A consumer that never takes its batches: the sequence holds the newest 60 (a minute's),
  /// and the first one dropped is reported once as a `notDelivered` warning. Started at 1 s,
  /// 62 s later 62 batches (2 … 63 s) came: the first two were dropped (at 62 and 63 s), one
  /// report; the consumer then reads 60 batches, the first the one of 4 s (readings from
  /// 3.00125 s).
  @Test func aSlowConsumerGetsTheNewestBatchesAndAReport() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(run, fileName: "batched.json"))
    let (count, firstTimestamp) = try await simulation.run { () -> (Int, Double) in
      let session = try startWorkout(simulation)
      try await simulation.advance(by: .seconds(1))
      let manager = CMBatchedSensorManager()
      let updates = manager.accelerometerUpdates()
      try await simulation.advance(by: .seconds(62))
      manager.stopAccelerometerUpdates()
      session.end()
      var count = 0
      var firstTimestamp = 0.0
      for try await batch in updates {
        if count == 0 { firstTimestamp = batch.first?.timestamp ?? 0 }
        count += 1
      }
      return (count, firstTimestamp)
    }
    #expect(count == 60)
    #expect(abs(firstTimestamp - 3.00125) < 1e-9)
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.map(\.call) == ["CMBatchedSensorManager.accelerometerUpdates()"])
    #expect(reports.first?.seconds == 62)
  }
}

/// The batched registrations in Core Motion's state now.
private func registrations(_ simulation: HealthKitSimulation) -> Int {
  simulation.state.withLock { $0.extensionState(CoreMotionState.self)?.batches.count ?? 0 }
}
