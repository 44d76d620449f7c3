// Field cases F09, F10 and F11 through the Swift door: the bundled scenario files (their world
// actions play at their instants) with the app's WCSession calls made here at the instants of
// the files' link actions, and the same hand-worked values as the command line's tests
// (docs/phone-link.md: message latency 0.1 s, transfer latency 1 s).
import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity

/// A watch app's step-goal model: the goal it shows, and every value it applied.
protocol WatchGoalModel: AnyObject, Sendable {
  var stepGoal: Int { get }
  var applied: [Int] { get }
}

/// The nightguard fix: the watch model reads `receivedApplicationContext` when its session
/// activates, and applies each new context; the phone sends the goal as application context.
final class ContextGoalModel: NSObject, WCSessionDelegate, WatchGoalModel, @unchecked Sendable {
  private let state = Mutex<(goal: Int, applied: [Int])>((10_000, []))
  var stepGoal: Int { state.withLock { $0.goal } }
  var applied: [Int] { state.withLock { $0.applied } }

  /// Made when the watch app launches: sets itself as the delegate and activates.
  override init() {
    super.init()
    WCSession.default.delegate = self
    WCSession.default.activate()
  }

  private func apply(_ context: [String: Any]) {
    guard let goal = context["stepGoal"] as? Int else { return }
    state.withLock {
      $0.goal = goal
      $0.applied.append(goal)
    }
  }

  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {
    apply(session.receivedApplicationContext)
  }

  func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any])
  {
    apply(applicationContext)
  }
}

/// The original bug: the watch model relies on interactive messages only.
final class MessageGoalModel: NSObject, WCSessionDelegate, WatchGoalModel, @unchecked Sendable {
  private let state = Mutex<(goal: Int, applied: [Int])>((10_000, []))
  var stepGoal: Int { state.withLock { $0.goal } }
  var applied: [Int] { state.withLock { $0.applied } }

  override init() {
    super.init()
    WCSession.default.delegate = self
    WCSession.default.activate()
  }

  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {}

  func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
    guard let goal = message["stepGoal"] as? Int else { return }
    state.withLock {
      $0.goal = goal
      $0.applied.append(goal)
    }
  }
}

@Suite("WatchConnectivity field cases")
struct WatchConnectivityFieldCaseTests {
  @Test("F09: the message at 1 fails with 7007; W1 then W2 reach the phone at 601, once each")
  func f09() async throws {
    let simulation = try HealthKitSimulation(
      scenario: bundledScenario("f09-messages-while-away.json"))
    try await simulation.run {
      let sides = await Sides.make(simulation)
      let handled = Handled(simulation)
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      try await simulation.advance(to: at(1))
      handled.send(["workout": "W1"], from: sides.watch)
      try await simulation.advance(to: at(2))
      sides.watch.transferUserInfo(["workout": "W1"])
      try await simulation.advance(to: at(61))
      sides.watch.transferUserInfo(["workout": "W2"])
      #expect(sides.watch.outstandingUserInfoTransfers.count == 2)
      #expect(handled.all == ["1 error 7007"])
      try await simulation.advance(to: at(599))
      #expect(sides.phoneLog.matching("userInfo").isEmpty)
      #expect(sides.phoneLog.matching("message").isEmpty)
      // Back at 600 (phoneBack): deliverable then, delivered 1 s later, in send order.
      try await simulation.advance(to: at(700))
      #expect(
        sides.phoneLog.matching("userInfo") == [
          #"601 userInfo {"workout":"W1"}"#, #"601 userInfo {"workout":"W2"}"#,
        ])
      #expect(sides.phoneLog.matching("message").isEmpty)
      #expect(sides.watch.outstandingUserInfoTransfers.isEmpty)
      #expect(
        sides.watchLog.matching("finished") == [
          #"601 finished userInfo {"workout":"W1"} 0"#,
          #"601 finished userInfo {"workout":"W2"} 0"#,
        ])
    }
  }

  /// F10 with `Model` as the watch app's model and `viaContext` choosing how the phone sends
  /// the goal (application context, or interactive messages); returns the model and the
  /// phone's error-handler calls.
  func f10<Model: WatchGoalModel>(
    _ make: @escaping @Sendable () -> Model, viaContext: Bool
  ) async throws -> (before: Int, after: Model, errors: [String]) {
    let simulation = try HealthKitSimulation(
      scenario: bundledScenario("f10-context-to-app-not-running.json"))
    return try await simulation.run {
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let phone = await simulation.on(.phone) { WCSession.default }
      let phoneLog = LinkRecorder(simulation)
      phone.delegate = phoneLog
      phone.activate()
      let handled = Handled(simulation)
      for (time, goal) in [(0.0, 8000), (60, 12_000)] {
        try await simulation.advance(to: at(time))
        if viaContext {
          try phone.updateApplicationContext(["stepGoal": goal])
        } else {
          phone.sendMessage(
            ["stepGoal": goal], replyHandler: nil,
            errorHandler: { handled.record("error \(code($0))") })
        }
      }
      // The watch app is not running until openApp at 300: its model is made at launch.
      try await simulation.advance(to: at(299))
      let before = 10_000
      try await simulation.advance(to: at(300))
      let model = await simulation.on(.watch) { make() }
      try await simulation.advance(to: at(400))
      return (before, model, handled.all)
    }
  }

  @Test("F10: reading the context on activation shows 12000 after launch; 8000 never applied")
  func f10Context() async throws {
    let (before, model, errors) = try await f10({ ContextGoalModel() }, viaContext: true)
    #expect(before == 10_000)
    #expect(model.stepGoal == 12_000)
    // The latest value wins: 12000 is the only value the watch ever applied.
    #expect(model.applied == [12_000])
    #expect(errors.isEmpty)
    // 6000 steps today: the ring reads 6000 / 12000 = 0.50.
    #expect(Double(6000) / Double(model.stepGoal) == 0.5)
  }

  @Test("F10: messages only: both fail with 7007 (the watch app is not running); goal stays 10000")
  func f10MessagesOnly() async throws {
    let (_, model, errors) = try await f10({ MessageGoalModel() }, viaContext: false)
    #expect(errors == ["0 error 7007", "60 error 7007"])
    #expect(model.stepGoal == 10_000)
    #expect(model.applied.isEmpty)
  }

  /// F11's 60 pushes from the phone, push k at (k - 1) x 600 s; the remaining budget read after
  /// each, and the watch's receptions.
  func f11(_ scenario: Scenario) async throws -> (
    remaining: [Int], received: [String], current: [Bool], afterReset: Int
  ) {
    let simulation = try HealthKitSimulation(scenario: scenario)
    return try await simulation.run {
      let sides = await Sides.make(simulation)
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      var remaining: [Int] = []
      var transfers: [WCSessionUserInfoTransfer] = []
      for k in 1...60 {
        try await simulation.advance(to: at(Double((k - 1) * 600)))
        transfers.append(sides.phone.transferCurrentComplicationUserInfo(["push": k]))
        remaining.append(sides.phone.remainingComplicationUserInfoTransfers)
      }
      try await simulation.advance(to: at(36_000))
      // t = 0 is 08:00 UTC; the reset at local midnight (UTC) is 16 h later: 57 600 s.
      try await simulation.advance(to: at(57_600))
      return (
        remaining, sides.watchLog.matching("userInfo"), transfers.map(\.isCurrentComplicationInfo),
        sides.phone.remainingComplicationUserInfoTransfers
      )
    }
  }

  @Test("F11: pushes 1-50 urgent (remaining 50 - k), 51-60 queued (remaining 0); 50 after reset")
  func f11Budget() async throws {
    let (remaining, received, current, afterReset) = try await f11(
      bundledScenario("f11-complication-budget.json"))
    #expect(remaining == (1...50).map { 50 - $0 } + Array(repeating: 0, count: 10))
    // Urgent: push + 0.1 s (message latency); queued: push + 1 s (transfer latency).
    let expected = (1...60).map { k -> String in
      let push = (k - 1) * 600
      return k <= 50 ? "\(push).1 userInfo {\"push\":\(k)}" : "\(push + 1) userInfo {\"push\":\(k)}"
    }
    #expect(received == expected)
    // Push 16:10 is the 50th: (16:10 - 08:00) / 10 min + 1 = 49 + 1.
    #expect(received[49] == #"29400.1 userInfo {"push":50}"#)
    // Only the last transfer is tagged current.
    #expect(current == Array(repeating: false, count: 59) + [true])
    #expect(afterReset == 50)
  }

  @Test("F11: complication not on the face: remaining 0 throughout, all 60 queued")
  func f11NotEnabled() async throws {
    var scenario = try bundledScenario("f11-complication-budget.json")
    scenario.phone.complicationEnabled = false
    let (remaining, received, _, afterReset) = try await f11(scenario)
    #expect(remaining == Array(repeating: 0, count: 60))
    #expect(received == (1...60).map { "\(($0 - 1) * 600 + 1) userInfo {\"push\":\($0)}" })
    #expect(afterReset == 0)
  }
}
