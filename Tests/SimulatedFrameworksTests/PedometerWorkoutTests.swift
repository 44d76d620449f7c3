import Foundation
import SimulatedCoreMotion
import SimulatedHealthKit
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutSimTestSupport

/// A 30-minute run at 3 m/s whose segment gives the cadence, 180 steps/min (a segment's
/// `cadence` replaces the gait model, docs/models.md#cadence-and-steps): 3 steps and 3 m a
/// second, so each 10 s step sample holds 30 steps and each distance sample 30 m (cumulative
/// types have no noise by default, docs/scenario-format.md#sensors). No `health` key: the
/// store holds nothing but what the app saves.
private let steadyRun = #"""
  { "version": 1, "activity": "running", "start": "2026-03-02T08:00:00Z",
    "course": [ { "duration": 1800, "speed": 3.0, "cadence": 180 } ] }
  """#

/// A running workout as an app starts it: session, live builder with its data source,
/// `startActivity` and `beginCollection` at virtual now.
private func startRun(_ store: HKHealthStore, at date: Date) async throws -> (
  HKWorkoutSession, HKLiveWorkoutBuilder
) {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .running
  configuration.locationType = .outdoor
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  let builder = session.associatedWorkoutBuilder()
  builder.dataSource = HKLiveWorkoutDataSource(
    healthStore: store, workoutConfiguration: configuration)
  session.startActivity(with: date)
  try await builder.beginCollection(at: date)
  return (session, builder)
}

/// A simulation of ``steadyRun``.
private func steadyRunSimulation() throws -> HealthKitSimulation {
  try HealthKitSimulation(scenario: decodeScenario(steadyRun, fileName: "pedometer.json"))
}

/// Ends a run at virtual now as an app does: the session's `end()`, `endCollection` and
/// `finishWorkout()`, which saves its samples.
private func finishRun(
  _ session: HKWorkoutSession, _ builder: HKLiveWorkoutBuilder, _ simulation: HealthKitSimulation
) async throws {
  session.end()
  try await builder.endCollection(at: simulation.now)
  _ = try await builder.finishWorkout()
}

/// What a pedometer handler saw: the virtual second of each call, its steps and its distance
/// (m, rounded to the metre).
private final class PedometerRecorder: Sendable {
  let seen = Mutex<[(at: Double, steps: Int, distance: Int)]>([])

  func record(_ simulation: HealthKitSimulation, _ data: CMPedometerData?) {
    let at = simulation.now.timeIntervalSince(simulation.startDate)
    let steps = data?.numberOfSteps.intValue ?? -1
    let distance = Int((data?.distance?.doubleValue ?? -1).rounded())
    seen.withLock { $0.append((at, steps, distance)) }
  }

  var times: [Double] { seen.withLock { $0.map(\.at) } }
  var steps: [Int] { seen.withLock { $0.map(\.steps) } }
  var distances: [Int] { seen.withLock { $0.map(\.distance) } }
}

/// The pedometer's steps and distance (m) over `from..<to` seconds of scenario time, by
/// `queryPedometerData` as an app calls it.
private func query(
  _ pedometer: CMPedometer, _ simulation: HealthKitSimulation, from: Double, to: Double
) async -> (steps: Int, distance: Double) {
  let result = Mutex<(Int, Double)>((-1, -1))
  pedometer.queryPedometerData(
    from: simulation.startDate.addingTimeInterval(from),
    to: simulation.startDate.addingTimeInterval(to)
  ) { data, error in
    #expect(error == nil)
    result.withLock {
      $0 = (data?.numberOfSteps.intValue ?? -1, data?.distance?.doubleValue ?? -1)
    }
  }
  await simulation.settle()
  return result.withLock { $0 }
}

/// The store's merged step sum over `from..<to` seconds (the statistics collection's one
/// bucket), as every HealthKit query of the app sees the store.
private func storeSteps(_ simulation: HealthKitSimulation, from: Double, to: Double) -> Double {
  simulation.state.withLock {
    $0.health.collection(
      of: .stepCount, where: .all, options: .cumulativeSum,
      edges: [.rounding(seconds: from), .rounding(seconds: to)], at: $0.session.now
    ).first?.sum ?? 0
  }
}

@Suite("CoreMotion: the pedometer counts a live workout's steps")
struct PedometerWorkoutTests {
  /// `startUpdates(from: workoutStart)` during a running workout at 180 steps/min: the update
  /// at once (0 steps), then one every 60 s with the minutes run: 60 s × 3 = 180, 360, 540,
  /// 720, 900 steps and as many metres (six 30-step samples a minute, each delivered at its
  /// span's end). With the wrist down from t = 0 the app is in the background, kept running by
  /// its workout session, and the updates still come. The activity manager reports the body's
  /// running (the course, not the store) from 0 + 15 s.
  @Test func liveUpdatesRiseDuringAWorkout() async throws {
    let simulation = try steadyRunSimulation()
    let recorder = PedometerRecorder()
    let running = Mutex<[Bool]>([])
    try await simulation.run {
      let (session, builder) = try await startRun(HKHealthStore(), at: simulation.now)
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, error in
        #expect(error == nil)
        recorder.record(simulation, data)
      }
      await simulation.perform(.wristDown)
      try await simulation.advance(by: .seconds(300))
      CMMotionActivityManager().queryActivityStarting(
        from: simulation.startDate.addingTimeInterval(100),
        to: simulation.startDate.addingTimeInterval(200), to: .main
      ) { activities, _ in
        running.withLock { $0 = (activities ?? []).map(\.running) }
      }
      await simulation.settle()
      pedometer.stopUpdates()
      _ = (session, builder)
    }
    #expect(recorder.times == [0, 60, 120, 180, 240, 300])
    #expect(recorder.steps == [0, 180, 360, 540, 720, 900])
    #expect(recorder.distances == [0, 180, 360, 540, 720, 900])
    #expect(running.withLock { $0 } == [true])
  }

  /// A query over the workout's span gives the same before and after `finishWorkout` saves the
  /// samples (no double counting): 0…600 s holds sixty 30-step samples, 1800 steps and
  /// 1800 m; 5…65 s holds half of [0, 10), the five samples of [10, 60) and half of [60, 70)
  /// (the split rule): 15 + 150 + 15 = 180 steps. The store has them as they are collected
  /// (docs/healthkit-behaviour.md#a-live-workouts-samples): its own sum is the pedometer's
  /// before and after the finish.
  @Test func aQueryOverTheWorkoutIsTheSameBeforeAndAfterFinishWorkout() async throws {
    let simulation = try steadyRunSimulation()
    let before = Mutex<[Int]>([])
    let after = Mutex<[Int]>([])
    let distances = Mutex<[Double]>([])
    try await simulation.run {
      let (session, builder) = try await startRun(HKHealthStore(), at: simulation.now)
      try await simulation.advance(by: .seconds(600))
      let pedometer = CMPedometer()
      let whole = await query(pedometer, simulation, from: 0, to: 600)
      let part = await query(pedometer, simulation, from: 5, to: 65)
      before.withLock {
        $0 = [whole.steps, part.steps, Int(storeSteps(simulation, from: 0, to: 600))]
      }
      distances.withLock { $0.append(whole.distance) }
      try await finishRun(session, builder, simulation)
      try await simulation.advance(by: .seconds(60))
      let wholeAfter = await query(pedometer, simulation, from: 0, to: 600)
      let partAfter = await query(pedometer, simulation, from: 5, to: 65)
      after.withLock {
        $0 = [wholeAfter.steps, partAfter.steps, Int(storeSteps(simulation, from: 0, to: 600))]
      }
      distances.withLock { $0.append(wholeAfter.distance) }
    }
    #expect(before.withLock { $0 } == [1800, 180, 1800])
    #expect(after.withLock { $0 } == [1800, 180, 1800])
    #expect(distances.withLock { $0.map { ($0 * 1000).rounded() / 1000 } } == [1800, 1800])
  }

  /// The workout's samples are merged with the store's as they will be once saved: the watch's
  /// own sample of 100 steps over 0…300 s (saved at its end) outranks the app's source
  /// (docs/health-store.md), so over 0…600 s the pedometer counts 100 for 0…300 and the
  /// workout's 300 × 3 = 900 for 300…600: 1000 steps, not 100 + 1800; the same before and
  /// after `finishWorkout` (which adds the app's source to the store).
  @Test func theWorkoutsStepsMergeWithTheStoresBySource() async throws {
    let simulation = try HealthKitSimulation(
      scenario: decodeScenario(
        #"""
        { "version": 1, "activity": "running", "start": "2026-03-02T08:00:00Z",
          "course": [ { "duration": 1800, "speed": 3.0, "cadence": 180 } ],
          "health": { "generate": false, "days": 1,
            "samples": [ { "type": "stepCount", "source": "watch", "start": 0, "end": 300,
                           "value": 100 } ] } }
        """#, fileName: "pedometer.json"))
    let counts = Mutex<[Int]>([])
    try await simulation.run {
      let (session, builder) = try await startRun(HKHealthStore(), at: simulation.now)
      try await simulation.advance(by: .seconds(600))
      let pedometer = CMPedometer()
      let before = await query(pedometer, simulation, from: 0, to: 600)
      try await finishRun(session, builder, simulation)
      let after = await query(pedometer, simulation, from: 0, to: 600)
      counts.withLock {
        $0 = [before.steps, after.steps, Int(storeSteps(simulation, from: 0, to: 600))]
      }
    }
    #expect(counts.withLock { $0 } == [1000, 1000, 1000])
  }

  /// A discarded workout's steps were still taken: after 300 s of running, `endCollection`
  /// and `discardWorkout()`, the pedometer over 0…300 s counts 300 × 3 = 900 steps (and 900
  /// m), and so does the store, which got them as they were collected and keeps them after the
  /// discard (docs/healthkit-behaviour.md#a-live-workouts-samples); live updates begun before the
  /// discard keep them: 0 to 900 steps at
  /// 0…300 s, then none (the count stays 900 once no builder collects).
  @Test func aDiscardedWorkoutsStepsStillCount() async throws {
    let simulation = try steadyRunSimulation()
    let recorder = PedometerRecorder()
    let counted = Mutex<(steps: Int, distance: Double, store: Double)>((-1, -1, -1))
    try await simulation.run {
      let (session, builder) = try await startRun(HKHealthStore(), at: simulation.now)
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, _ in recorder.record(simulation, data) }
      try await simulation.advance(by: .seconds(300))
      session.end()
      try await builder.endCollection(at: simulation.now)
      builder.discardWorkout()
      try await simulation.advance(by: .seconds(120))
      let data = await query(pedometer, simulation, from: 0, to: 300)
      counted.withLock {
        $0 = (data.steps, data.distance, storeSteps(simulation, from: 0, to: 300))
      }
      pedometer.stopUpdates()
    }
    let result = counted.withLock { $0 }
    #expect(result.steps == 900)
    #expect((result.distance * 1000).rounded() / 1000 == 900)
    #expect(result.store == 900)
    #expect(recorder.steps == [0, 180, 360, 540, 720, 900])
    #expect(recorder.times == [0, 60, 120, 180, 240, 300])
  }

  /// `stopUpdates()` stops them: updates at 0, 60 and 120 s (0, 180, 360 steps), stopped at
  /// 150 s; the workout runs on to 400 s and no update comes.
  @Test func stopUpdatesStopsThem() async throws {
    let simulation = try steadyRunSimulation()
    let recorder = PedometerRecorder()
    try await simulation.run {
      let (session, builder) = try await startRun(HKHealthStore(), at: simulation.now)
      let pedometer = CMPedometer()
      pedometer.startUpdates(from: simulation.now) { data, _ in recorder.record(simulation, data) }
      try await simulation.advance(by: .seconds(150))
      pedometer.stopUpdates()
      try await simulation.advance(by: .seconds(250))
      _ = (session, builder)
    }
    #expect(recorder.times == [0, 60, 120])
    #expect(recorder.steps == [0, 180, 360])
  }
}
