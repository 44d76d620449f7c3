import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutSystem

@testable import SimulatedHealthKit

/// The watchOS 10 mirrored workout session through SimulatedHealthKit: the phone's start
/// handler, the forwarded state changes, data both ways, the budget, the disconnects
/// (docs/phone-link.md#mirrored-workout-sessions). Every instant is the call's instant plus
/// the link's message latency, 0.1 s.
@Suite struct MirroringTests {
  /// What one side's session delegate heard, with the virtual instant (seconds after noon) of
  /// each call.
  final class Side: NSObject, HKWorkoutSessionDelegate, @unchecked Sendable {
    let simulation: HealthKitSimulation
    let heard = Mutex<[String]>([])
    let data = Mutex<[[Data]]>([])
    let devices = Mutex<[HealthKitSimulation.Device?]>([])

    init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

    private func note(_ text: String) {
      let at = simulation.now.timeIntervalSince(noon(plus: 0))
      let rounded = (at * 1000).rounded() / 1000
      heard.withLock { $0.append("\(rounded) \(text)") }
      devices.withLock { $0.append(HealthKitSimulation.currentDevice) }
    }

    func workoutSession(
      _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
      from fromState: HKWorkoutSessionState, date: Date
    ) {
      let changed = date.timeIntervalSince(noon(plus: 0))
      note(
        "change \(fromState.rawValue)->\(toState.rawValue) dated \((changed * 1000).rounded() / 1000)"
      )
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
      note("fail \((error as NSError).code)")
    }

    func workoutSession(
      _ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]
    ) {
      note("data \(data.map(\.count))")
      self.data.withLock { $0.append(data) }
    }

    func workoutSession(
      _ workoutSession: HKWorkoutSession,
      didDisconnectFromRemoteDeviceWithError error: (any Error)?
    ) {
      note("disconnect \(error.map { String(($0 as NSError).code) } ?? "nil")")
    }
  }

  /// The phone app: a store made on the phone whose start handler keeps the mirrored session
  /// and gives it a delegate.
  final class PhoneApp: @unchecked Sendable {
    let store: HKHealthStore
    let delegate: Side
    let session = Mutex<HKWorkoutSession?>(nil)

    init(simulation: HealthKitSimulation, store: HKHealthStore, setsDelegate: Bool = true) {
      self.store = store
      self.delegate = Side(simulation)
      store.workoutSessionMirroringStartHandler = { [self] mirrored in
        if setsDelegate { mirrored.delegate = delegate }
        session.withLock { $0 = mirrored }
        delegate.devices.withLock { $0.append(HealthKitSimulation.currentDevice) }
      }
    }

    var mirrored: HKWorkoutSession? { session.withLock { $0 } }
  }

  func watchSession(_ simulation: HealthKitSimulation, delegate: Side) throws -> HKWorkoutSession {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
    session.delegate = delegate
    return session
  }

  /// Prepared at 0 and mirrored at 0: the phone's handler runs at 0.1 with a mirrored session
  /// in `prepared` (5); start at 5 → the phone hears running (2) from prepared at 5.1, dated 5;
  /// three sends at 10 (10, 20, 30 bytes) arrive at 10.1 as ONE call, in order; the phone's
  /// send at 11 arrives at the watch at 11.1; the phone's pause() at 20 reaches the primary at
  /// 20.1 (the watch hears running → paused (4) at 20.1) and comes back to the phone at 20.2,
  /// dated 20.1; end at 30 → the phone hears paused → ended (3) at 30.1, then the disconnect
  /// (no error) at 30.1; a send from the phone after it fails with code 3.
  @Test func aMirroredWorkoutFollowsThePrimary() async throws {
    let simulation = try HealthKitSimulation(scenario: try constantRun())
    try await simulation.run {
      let watchSide = Side(simulation)
      let phone = await simulation.on(.phone) {
        PhoneApp(simulation: simulation, store: HKHealthStore())
      }
      let session = try watchSession(simulation, delegate: watchSide)
      #expect(session.type == .primary)
      session.prepare()
      try await session.startMirroringToCompanionDevice()
      #expect(phone.mirrored == nil)
      // (Steps below a second go by Duration: a Date 0.1 s after noon of 2026 is not exact.)
      try await simulation.advance(by: .milliseconds(100))
      let mirrored = try #require(phone.mirrored)
      #expect(mirrored.type == .mirrored)
      #expect(mirrored.state == .prepared)

      try await simulation.advance(to: noon(plus: 5))
      session.startActivity(with: noon(plus: 5))
      try await simulation.advance(by: .milliseconds(50))
      #expect(mirrored.state == .prepared)
      try await simulation.advance(by: .milliseconds(50))
      #expect(mirrored.state == .running)

      try await simulation.advance(to: noon(plus: 10))
      for size in [10, 20, 30] {
        try await session.sendToRemoteWorkoutSession(
          data: Data(repeating: UInt8(size), count: size))
      }
      try await simulation.advance(to: noon(plus: 11))
      try await mirrored.sendToRemoteWorkoutSession(data: Data([1, 2, 3, 4]))
      try await simulation.advance(to: noon(plus: 20))
      mirrored.pause()
      try await simulation.advance(to: noon(plus: 30))
      session.end()
      try await simulation.advance(to: noon(plus: 31))
      await #expect(throws: HKError.self) {
        try await mirrored.sendToRemoteWorkoutSession(data: Data([9]))
      }

      #expect(
        phone.delegate.heard.withLock { $0 } == [
          "5.1 change 5->2 dated 5.0",
          "10.1 data [10, 20, 30]",
          "20.2 change 2->4 dated 20.1",
          "30.1 change 4->3 dated 30.0",
          "30.1 disconnect nil",
        ])
      #expect(phone.delegate.data.withLock { $0[0].map { $0.first } } == [10, 20, 30])
      #expect(
        watchSide.heard.withLock { $0 } == [
          "0.0 change 1->5 dated 0.0",
          "5.0 change 5->2 dated 5.0",
          "11.1 data [4]",
          "20.1 change 2->4 dated 20.1",
          "30.0 change 4->3 dated 30.0",
        ])
      // The handler and the phone's delegate calls run as the phone's code, the watch's as
      // the watch's (a call outside `on` reads nil).
      #expect(Set(phone.delegate.devices.withLock { $0 }) == [.phone])
      #expect(Set(watchSide.devices.withLock { $0 }).isSubset(of: [nil, .watch]))
    }
  }

  /// A send before the phone's session has a delegate fails with HealthKit's code 3 "Remote
  /// session delegate is not set up": at 0 (the mirrored session reaches the phone at 0.1),
  /// and later when the phone's handler set no delegate.
  @Test func sendingBeforeTheRemoteDelegateIsSetFails() async throws {
    let simulation = try HealthKitSimulation(scenario: try constantRun())
    try await simulation.run {
      let watchSide = Side(simulation)
      let phone = await simulation.on(.phone) {
        PhoneApp(simulation: simulation, store: HKHealthStore(), setsDelegate: false)
      }
      let session = try watchSession(simulation, delegate: watchSide)
      session.startActivity(with: noon(plus: 0))
      try await session.startMirroringToCompanionDevice()
      let early = await Self.sendError(session, count: 1)
      #expect(early?.code == .errorInvalidArgument)
      #expect(early?.localizedDescription == "Remote session delegate is not set up")
      try await simulation.advance(to: noon(plus: 1))
      #expect(phone.mirrored != nil)
      let late = await Self.sendError(session, count: 1)
      #expect(late?.localizedDescription == "Remote session delegate is not set up")
      phone.mirrored?.delegate = phone.delegate
      #expect(await Self.sendError(session, count: 1) == nil)
    }
  }

  /// A refused send is in the run result, not only thrown to the app (new-user trial 27): one
  /// `remoteDataSendFailed` log entry per refusal, as the engine's own failed sends are, from
  /// the watch, with its size and the reason `remoteDelegateNotSet` (HealthKit's code 3). Here
  /// 1 byte at 0 (the phone's session arrives at 0.1) and 2 bytes at 1 (its handler set no
  /// delegate): two entries; the send at 2, after the delegate is set, adds none.
  @Test func aRefusedSendIsInTheRunResult() async throws {
    let simulation = try HealthKitSimulation(scenario: try constantRun())
    try await simulation.run {
      let phone = await simulation.on(.phone) {
        PhoneApp(simulation: simulation, store: HKHealthStore(), setsDelegate: false)
      }
      let session = try watchSession(simulation, delegate: Side(simulation))
      session.startActivity(with: noon(plus: 0))
      try await session.startMirroringToCompanionDevice()
      #expect(await Self.sendError(session, count: 1)?.code == .errorInvalidArgument)
      try await simulation.advance(to: noon(plus: 1))
      #expect(await Self.sendError(session, count: 2)?.code == .errorInvalidArgument)
      try await simulation.advance(to: noon(plus: 2))
      phone.mirrored?.delegate = phone.delegate
      #expect(await Self.sendError(session, count: 3) == nil)
    }
    let failed = simulation.result.log.compactMap { entry -> MirroringEvent? in
      guard case .mirroring(let event) = entry.kind, case .sendFailed = event.change else {
        return nil
      }
      return event
    }
    #expect(
      failed.map(\.change) == [
        .sendFailed(from: .watch, .remoteDelegateNotSet, byteCount: 1),
        .sendFailed(from: .watch, .remoteDelegateNotSet, byteCount: 2),
      ])
    let at = simulation.result.log.compactMap { entry -> SimulationInstant? in
      guard case .mirroring(let event) = entry.kind, case .sendFailed = event.change else {
        return nil
      }
      return entry.at
    }
    #expect(at == [.seconds(0), .seconds(1)])
    #expect(failed.first?.systemEvent.event == "remoteDataSendFailed")
    #expect(failed.first?.systemEvent.details["errorCode"] == .integer(3))
    #expect(failed.first?.systemEvent.details["error"] == .string("remoteDelegateNotSet"))
  }

  /// What the two failures say to do (new-user trial 25; before, HealthKit's texts alone): a
  /// start while the phone is away (from 1 s to 60 s) says to try again once it is back, and a
  /// send after the mirroring reached (at 61.1) a phone app that set no
  /// `workoutSessionMirroringStartHandler` names the handler; both keep HealthKit's code 3.
  @Test func mirroringFailuresSayWhatToDo() async throws {
    let simulation = try HealthKitSimulation(
      scenario: try constantRun(
        timeline: #"[{ "at": 1, "do": "phoneAway" }, { "at": 60, "do": "phoneBack" }]"#))
    try await simulation.run {
      let session = try watchSession(simulation, delegate: Side(simulation))
      session.startActivity(with: noon(plus: 0))
      try await simulation.advance(to: noon(plus: 2))
      let away = await #expect(throws: HKError.self) {
        try await session.startMirroringToCompanionDevice()
      }
      #expect(away?.code == .errorInvalidArgument)
      #expect(
        away?.localizedDescription
          == "The companion device is not connected: the iPhone is out of the watch's range and not on the same Wi-Fi; call startMirroringToCompanionDevice() again once the phone is back"
      )
      try await simulation.advance(to: noon(plus: 61))
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(to: noon(plus: 62))
      let unhandled = await Self.sendError(session, count: 1)
      #expect(unhandled?.code == .errorInvalidArgument)
      #expect(
        unhandled?.localizedDescription
          == "Remote session delegate is not set up: the iPhone app had no workoutSessionMirroringStartHandler when the mirroring reached it, so it has no mirrored session; set HKHealthStore.workoutSessionMirroringStartHandler on the phone (in simulation.on(.phone)) at launch, before the watch starts mirroring, and set the session's delegate in it"
      )
    }
  }

  /// The budget is 102 400 bytes per side in any 10 s: 102 400 at 1 is accepted; 1 byte at
  /// 10.9 (9.9 s later) exceeds it (code 13); 1 byte at 11 (10 s later: the first send left
  /// the window) is accepted; the phone's own budget is untouched (1 000 bytes at 10.9 pass).
  @Test func theSendBudgetIs100KBIn10Seconds() async throws {
    let simulation = try HealthKitSimulation(scenario: try constantRun())
    try await simulation.run {
      let watchSide = Side(simulation)
      let phone = await simulation.on(.phone) {
        PhoneApp(simulation: simulation, store: HKHealthStore())
      }
      let session = try watchSession(simulation, delegate: watchSide)
      session.startActivity(with: noon(plus: 0))
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(to: noon(plus: 1))
      #expect(await Self.sendError(session, count: 102_400) == nil)
      try await simulation.advance(to: noon(plus: 10))
      try await simulation.advance(by: .milliseconds(900))
      #expect(await Self.sendError(session, count: 1)?.code == .errorDataSizeExceeded)
      let mirrored = try #require(phone.mirrored)
      #expect(await Self.sendError(mirrored, count: 1_000) == nil)
      try await simulation.advance(to: noon(plus: 11))
      #expect(await Self.sendError(session, count: 1) == nil)
    }
  }

  /// After stopMirroring at 1 the phone hears the disconnect (no error) at 1.1; its pause()
  /// at 2 cannot reach the primary: didFailWithError with HealthKit's code 100; the primary
  /// stays running. Stopping again fails (not mirroring); a second startMirroring gives the
  /// phone a new mirrored session (at 3.1, in running).
  @Test func afterAStopTheMirroredSessionIsUnusable() async throws {
    let simulation = try HealthKitSimulation(scenario: try constantRun())
    try await simulation.run {
      let watchSide = Side(simulation)
      let phone = await simulation.on(.phone) {
        PhoneApp(simulation: simulation, store: HKHealthStore())
      }
      let session = try watchSession(simulation, delegate: watchSide)
      session.startActivity(with: noon(plus: 0))
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(to: noon(plus: 1))
      let first = try #require(phone.mirrored)
      try await session.stopMirroringToCompanionDevice()
      await #expect(throws: HKError.self) { try await session.stopMirroringToCompanionDevice() }
      try await simulation.advance(to: noon(plus: 2))
      first.pause()
      try await simulation.advance(to: noon(plus: 3))
      #expect(session.state == .running)
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(by: .milliseconds(100))
      let second = try #require(phone.mirrored)
      #expect(second !== first)
      #expect(second.state == .running)
      #expect(phone.delegate.heard.withLock { $0 } == ["1.1 disconnect nil", "2.0 fail 100"])
    }
  }

  /// The phone leaves the watch's range at 5 while the session is mirrored (the link rule of
  /// docs/phone-link.md#mirrored-workout-sessions, "Link lost"): at that instant both
  /// sessions' delegates hear the disconnect with `errorInvalidArgument` (3); the primary keeps
  /// running; a send from the watch at 6 fails (not mirroring); the phone is back at 7 and a
  /// new startMirroring at 8 gives the phone a new mirrored session at 8.1.
  @Test func leavingTheRangeDisconnectsBothSides() async throws {
    let simulation = try HealthKitSimulation(scenario: try constantRun())
    try await simulation.run {
      let watchSide = Side(simulation)
      let phone = await simulation.on(.phone) {
        PhoneApp(simulation: simulation, store: HKHealthStore())
      }
      let session = try watchSession(simulation, delegate: watchSide)
      session.startActivity(with: noon(plus: 0))
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(to: noon(plus: 1))
      let first = try #require(phone.mirrored)
      try await simulation.advance(to: noon(plus: 5))
      await simulation.perform(.phone(.away))
      try await simulation.advance(to: noon(plus: 6))
      #expect(session.state == .running)
      #expect(await Self.sendError(session, count: 1)?.code == .errorInvalidArgument)
      try await simulation.advance(to: noon(plus: 7))
      await simulation.perform(.phone(.back))
      try await simulation.advance(to: noon(plus: 8))
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(by: .milliseconds(100))
      let second = try #require(phone.mirrored)
      #expect(second !== first)
      #expect(phone.delegate.heard.withLock { $0 } == ["5.0 disconnect 3"])
      #expect(
        watchSide.heard.withLock { $0 }.filter { $0.contains("disconnect") } == ["5.0 disconnect 3"]
      )
    }
  }

  /// The error a send of `count` bytes gives, or `nil` when it succeeds.
  static func sendError(_ session: HKWorkoutSession, count: Int) async -> HKError? {
    do {
      try await session.sendToRemoteWorkoutSession(data: Data(count: count))
      return nil
    } catch {
      return error as? HKError
    }
  }
}

/// The mirrored session's calls delivered to no delegate are named by a stall
/// (docs/swift-api.md#nothing-silent).
extension MirroringTests {
  /// Mirrored at 0, the phone's handler sets the delegate at 0.1; the watch sends at 10 and the
  /// phone app lets its delegate go at 10.05, so the data that arrives at 10.1 goes to no one;
  /// the watch ends at 15: the phone hears ended and the disconnect at 15.1, to no one. The
  /// phone then waits; the stall at 16 names the three calls.
  @Test func aMirroredSessionWithoutADelegateIsNamedByTheStall() async throws {
    let report = try await stallReport { simulation in
      try await mirroredRun(simulation, dropsDelegate: true)
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
    }
    let advice =
      "but had no delegate: set session.delegate in workoutSessionMirroringStartHandler (the "
      + "property is weak: keep the delegate object alive)"
    #expect(
      report.message.contains(
        "; HKWorkoutSession received data from the remote workout session at t = 10.100 s "
          + "\(advice); HKWorkoutSession changed to ended at t = 15.100 s \(advice); "
          + "HKWorkoutSession disconnected from the remote device at t = 15.100 s \(advice); the "
          + "run's task is cancelled"))
  }

  /// The same run with the phone's delegate kept: the calls are delivered, the stall names none.
  @Test func aMirroredSessionWithADelegateIsNotNamed() async throws {
    let heard = Mutex<[String]>([])
    let report = try await stallReport { simulation in
      let phone = try await mirroredRun(simulation, dropsDelegate: false)
      heard.withLock { $0 = phone.delegate.heard.withLock { $0 } }
      let (stream, _) = AsyncStream<Int>.makeStream()
      for await _ in stream {}
    }
    #expect(!report.message.contains("had no delegate"))
    #expect(
      heard.withLock { $0 } == [
        "10.1 data [3]", "15.1 change 2->3 dated 15.0", "15.1 disconnect nil",
      ])
  }

  /// The run of the two tests above, to t = 16.
  @discardableResult
  private func mirroredRun(_ simulation: HealthKitSimulation, dropsDelegate: Bool) async throws
    -> PhoneApp
  {
    let watchSide = Side(simulation)
    let phone = await simulation.on(.phone) {
      PhoneApp(simulation: simulation, store: HKHealthStore())
    }
    let session = try watchSession(simulation, delegate: watchSide)
    session.startActivity(with: noon(plus: 0))
    try await session.startMirroringToCompanionDevice()
    try await simulation.advance(to: noon(plus: 10))
    try await session.sendToRemoteWorkoutSession(data: Data([1, 2, 3]))
    try await simulation.advance(by: .milliseconds(50))
    if dropsDelegate { phone.mirrored?.delegate = nil }
    try await simulation.advance(to: noon(plus: 15))
    session.end()
    try await simulation.advance(to: noon(plus: 16))
    withExtendedLifetime((session, watchSide)) {}
    return phone
  }
}
