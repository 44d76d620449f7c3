import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// Main-actor work a delivery schedules runs at the delivery's instant, on every run: Apple's
/// sample-code pattern, a `@MainActor` model whose nonisolated `didCollectDataOf` starts
/// `Task { @MainActor in self.update(...) }` (docs/swift-api.md#time-and-callbacks). Found by a
/// new-user trial: the updates ran 5 to 55 s of virtual time late, a different number each run
/// (2 to 11 of 13 late with the tests in parallel), and a watch that sent its metrics from such
/// a task had them stamped late (the phone received 0 to 11 of 12).
///
/// Each test repeats its run (`rounds`): one late update is a matter of the machine's load.
@Suite struct MainActorHopTests {
  /// Runs of each test.
  static let rounds = 20

  /// The trial's model: each batch's delegate call hops to the main actor with the batch's
  /// instant; the update records it beside the instant it runs at (seconds after noon).
  @MainActor final class HopModel: NSObject, HKLiveWorkoutBuilderDelegate {
    let simulation: HealthKitSimulation
    /// (the batch's instant, the instant its update ran), in seconds after noon.
    var updates: [[Double]] = []

    init(simulation: HealthKitSimulation) {
      self.simulation = simulation
    }

    nonisolated func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
    ) {
      let batch = simulation.now
      Task { @MainActor in self.update(batch: batch) }
    }

    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}

    func update(batch: Date) {
      updates.append([
        batch.timeIntervalSince(noon(plus: 0)), simulation.now.timeIntervalSince(noon(plus: 0)),
      ])
    }
  }

  /// `constantRun`'s heart rate every 5 s from the start at noon: batches at 0, 5, ..., 60 s
  /// for `advance(by: 60 s)` (13), each update at its batch's instant, in every round; with
  /// `mainActorTurnAfterEveryBatch` and without, three copies of each in parallel (as the
  /// trial's tests ran).
  @MainActor @Test(arguments: [false, true], 0..<3)
  func aDelegatesMainActorTaskRunsAtItsBatch(everyBatch: Bool, copy: Int) async throws {
    let expected = stride(from: 0.0, through: 60, by: 5).map { [$0, $0] }
    let options: HealthKitSimulation.Options = everyBatch ? [.mainActorTurnAfterEveryBatch] : []
    for round in 0..<Self.rounds {
      let simulation = try HealthKitSimulation(scenario: constantRun(), options: options)
      let updates = try await simulation.run {
        let model = HopModel(simulation: simulation)
        let store = HKHealthStore()
        let workout = try await startedRunWithDelegate(store, simulation, model)
        try await simulation.advance(by: .seconds(60))
        // The app holds its session and builder.
        return withExtendedLifetime(workout) { model.updates }
      }
      #expect(updates == expected, "copy \(copy), round \(round)")
    }
  }

  /// Main-actor code that polls (`Task.yield()` in a loop) keeps queuing main-actor work: it
  /// gets one turn more at a time, so `advance` returns, and each batch's update still runs at
  /// its batch's instant (0, 5, ..., 30 s).
  @MainActor @Test func aMainActorPollerDoesNotHoldTime() async throws {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    let updates = try await simulation.run {
      let model = HopModel(simulation: simulation)
      let workout = try await startedRunWithDelegate(HKHealthStore(), simulation, model)
      let poller = Task { @MainActor in
        while !Task.isCancelled { await Task.yield() }
      }
      try await simulation.advance(by: .seconds(30))
      poller.cancel()
      return withExtendedLifetime(workout) { model.updates }
    }
    #expect(updates == stride(from: 0.0, through: 30, by: 5).map { [$0, $0] })
  }

  /// A session and its builder, `delegate` set before collection begins at virtual now.
  @MainActor func startedRunWithDelegate(
    _ store: HKHealthStore, _ simulation: HealthKitSimulation,
    _ delegate: any HKLiveWorkoutBuilderDelegate
  ) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    builder.delegate = delegate
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: store, workoutConfiguration: configuration)
    session.startActivity(with: simulation.now)
    try await builder.beginCollection(at: simulation.now)
    return (session, builder)
  }

  /// The trial's watch app: mirrors its session, and sends each batch's heart rate to the
  /// phone from a main-actor task its `didCollectDataOf` starts, with the batch's instant.
  @MainActor final class WatchManager: NSObject, HKLiveWorkoutBuilderDelegate {
    let simulation: HealthKitSimulation
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    /// The batch instants (seconds after noon) whose sends succeeded, in order.
    var sent: [Double] = []
    var failures: [String] = []

    init(simulation: HealthKitSimulation) {
      self.simulation = simulation
    }

    func start() async throws {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      builder.delegate = self
      builder.dataSource = HKLiveWorkoutDataSource(
        healthStore: store, workoutConfiguration: configuration)
      (self.session, self.builder) = (session, builder)
      session.prepare()
      try await session.startMirroringToCompanionDevice()
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
    }

    func send(batch: Double) async {
      guard let session else { return }
      do {
        try await session.sendToRemoteWorkoutSession(data: Data("\(batch)".utf8))
        sent.append(batch)
      } catch {
        failures.append("\(batch): \(error)")
      }
    }

    nonisolated func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
    ) {
      let batch = simulation.now.timeIntervalSince(noon(plus: 0))
      Task { @MainActor in await self.send(batch: batch) }
    }

    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
  }

  /// The trial's phone app: its mirroring start handler keeps the session and sets its
  /// delegate in a main-actor task; the delegate records states and data from main-actor tasks,
  /// with the instant (seconds after noon) each delegate call was made at.
  @MainActor final class PhoneMirror: NSObject, HKWorkoutSessionDelegate {
    let simulation: HealthKitSimulation
    let store = HKHealthStore()
    var session: HKWorkoutSession?
    /// "instant state" of each state change the delegate heard.
    var states: [String] = []
    /// "arrival sent" of each payload: the instant it arrived, the batch instant it carries.
    var received: [String] = []

    init(simulation: HealthKitSimulation) {
      self.simulation = simulation
      super.init()
      store.workoutSessionMirroringStartHandler = { [weak self] session in
        Task { @MainActor in
          guard let self else { return }
          self.session = session
          session.delegate = self
        }
      }
    }

    nonisolated var seconds: Double {
      (simulation.now.timeIntervalSince(noon(plus: 0)) * 1000).rounded() / 1000
    }

    nonisolated func workoutSession(
      _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
      from fromState: HKWorkoutSessionState, date: Date
    ) {
      let line = "\(seconds) \(toState.rawValue)"
      Task { @MainActor in self.states.append(line) }
    }

    nonisolated func workoutSession(
      _ workoutSession: HKWorkoutSession, didFailWithError error: any Error
    ) {}

    nonisolated func workoutSession(
      _ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]
    ) {
      let lines = data.map { "\(seconds) \(String(decoding: $0, as: UTF8.self))" }
      Task { @MainActor in self.received += lines }
    }
  }

  /// The watch prepares at 0, mirrors (the phone's handler runs at 0.1, its main-actor task
  /// sets the delegate there), starts at 0 with collection (the phone hears prepared → running
  /// (2) at 0.1, dated 0); batches at 0, 5, ..., 30 s each send from the watch's main-actor
  /// task at its instant (sent 7 times: the send at 0 fails, the phone's session not yet
  /// having its delegate: "Remote session delegate is not set up"), and each payload arrives
  /// 0.1 s later: at 5.1, 10.1, ..., 30.1 (6), in every round.
  @MainActor @Test func mainActorSendsReachThePhoneAtTheirInstants() async throws {
    for round in 0..<Self.rounds {
      let simulation = try HealthKitSimulation(scenario: constantRun())
      let (sent, failures, states, received) = try await simulation.run {
        let phone = await simulation.on(.phone) { PhoneMirror(simulation: simulation) }
        let watch = WatchManager(simulation: simulation)
        try await watch.start()
        try await simulation.advance(by: .seconds(30))
        try await simulation.advance(by: .milliseconds(100))
        return (watch.sent, watch.failures.count, phone.states, phone.received)
      }
      #expect(sent == [5, 10, 15, 20, 25, 30], "round \(round)")
      #expect(failures == 1, "round \(round)")
      #expect(states == ["0.1 2"], "round \(round)")
      #expect(
        received == ["5.1 5.0", "10.1 10.0", "15.1 15.0", "20.1 20.0", "25.1 25.0", "30.1 30.0"],
        "round \(round)")
    }
  }
}
