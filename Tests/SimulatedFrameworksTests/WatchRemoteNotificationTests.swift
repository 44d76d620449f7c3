// Remote notifications on the watch (WKApplication.registerForRemoteNotifications(), the
// delegate's didRegister/didFail/didReceiveRemoteNotification, the scenario's watch.pushToken,
// AppSimulation.deliverRemoteNotification(userInfo:); docs/healthkit-behaviour.md#remote-notifications),
// openSystemURL(_:), and the delegate's handle(_:) of an extended runtime session.
import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSystem

@testable import SimulatedHealthKit
@testable import SimulatedWatchKit

/// The app state changes of the run's log: `"at from>to cause"`.
private func appStates(_ simulation: HealthKitSimulation) -> [String] {
  simulation.result.log.compactMap { entry in
    guard case .appState(let change) = entry.kind else { return nil }
    return
      "\(entry.at.seconds) \(change.from.rawValue)>\(change.to.rawValue) \(change.cause.rawValue)"
  }
}

/// The WatchKit entries of the run's log with `identifier`: `"at event"`.
private func entries(_ simulation: HealthKitSimulation, _ identifier: String) -> [String] {
  systemLog(simulation, .watchKit).filter { $0.identifier == identifier }.map {
    "\($0.at) \($0.event)"
  }
}

/// A watch app's delegate that writes down its remote notification calls: `"<seconds> <call>"`.
@MainActor final class PushDelegate: NSObject, WKApplicationDelegate {
  let simulation: HealthKitSimulation
  var calls: [String] = []
  var tokens: [Data] = []
  var errors: [NSError] = []
  var payloads: [[AnyHashable: Any]] = []
  var states: [AppState] = []
  /// The result the completion handler gets; `nil`: never called.
  var result: WKBackgroundFetchResult? = .newData
  var sessions: [WKExtendedRuntimeSession] = []

  init(_ simulation: HealthKitSimulation) { self.simulation = simulation }

  private func record(_ call: String) { calls.append("\(seconds(simulation)) \(call)") }

  func didRegisterForRemoteNotifications(withDeviceToken deviceToken: Data) {
    record("didRegister")
    tokens.append(deviceToken)
  }

  func didFailToRegisterForRemoteNotificationsWithError(_ error: any Error) {
    record("didFail")
    errors.append(error as NSError)
  }

  func didReceiveRemoteNotification(
    _ userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (WKBackgroundFetchResult) -> Void
  ) {
    record("didReceive")
    payloads.append(userInfo)
    states.append(engineAppState(simulation))
    if let result {
      completionHandler(result)
      // A second call is ignored.
      completionHandler(.failed)
    }
  }

  func handle(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
    record("handleSession")
    sessions.append(extendedRuntimeSession)
  }
}

/// A delegate that implements only the async form of `didReceiveRemoteNotification`.
@MainActor final class AsyncPushDelegate: NSObject, WKApplicationDelegate {
  var received: [String] = []

  func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async
    -> WKBackgroundFetchResult
  {
    received.append(userInfo["id"] as? String ?? "?")
    return .noData
  }
}

/// A delegate without any remote notification method.
@MainActor final class SilentDelegate: NSObject, WKApplicationDelegate {}

@Suite("WatchKit: remote notifications")
struct WatchRemoteNotificationTests {
  /// A watch simulation with `watch.pushToken` `token` (none: `nil`) whose app goes to the
  /// background at t = 10 (a Digital Crown press) and is suspended at 10 + 10 s grace = 20
  /// when `crownPress`.
  static func makeSimulation(token: [UInt8]?, crownPress: Bool = false) throws
    -> HealthKitSimulation
  {
    var scenario = try Scenario(name: "push")
    scenario.pushToken = token
    if crownPress {
      scenario.timeline = [
        Scenario.Action(at: .seconds(10), kind: .app(.crownPress), location: "timeline[0]")
      ]
    }
    return try HealthKitSimulation(scenario: scenario)
  }

  static func delegate(_ simulation: HealthKitSimulation) async -> PushDelegate {
    await MainActor.run {
      let delegate = PushDelegate(simulation)
      WKApplication.shared().delegate = delegate
      return delegate
    }
  }

  @Test("With watch.pushToken the delegate gets the token's bytes 1 s after registering")
  func registers() async throws {
    let simulation = try Self.makeSimulation(token: [0xA1, 0xB2, 0xC3, 0xD4])
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      try await simulation.advance(by: .seconds(5))
      await MainActor.run { WKApplication.shared().registerForRemoteNotifications() }
      #expect(
        await MainActor.run { WKApplication.shared().isRegisteredForRemoteNotifications } == false)
      try await simulation.advance(by: .seconds(3))
      // Registered at 5, answered at 5 + 1 = 6.
      #expect(await MainActor.run { delegate.calls } == ["6.0 didRegister"])
      #expect(await MainActor.run { delegate.tokens } == [Data([0xA1, 0xB2, 0xC3, 0xD4])])
      #expect(await MainActor.run { WKExtension.shared().isRegisteredForRemoteNotifications })
      await MainActor.run { WKExtension.shared().unregisterForRemoteNotifications() }
      #expect(
        await MainActor.run { WKApplication.shared().isRegisteredForRemoteNotifications } == false)
    }
    #expect(
      entries(simulation, "remoteNotifications") == [
        "5.0 registering", "6.0 registered", "8.0 unregistered",
      ])
    let registered = systemLog(simulation, .watchKit).first { $0.event == "registered" }
    #expect(registered?.details["deviceToken"] == .string("a1b2c3d4"))
  }

  @Test("Without watch.pushToken the registration fails 1 s later with an error naming the key")
  func failsWithoutToken() async throws {
    let simulation = try Self.makeSimulation(token: nil)
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run { WKApplication.shared().registerForRemoteNotifications() }
      try await simulation.advance(by: .seconds(2))
      #expect(await MainActor.run { delegate.calls } == ["1.0 didFail"])
      let error = await MainActor.run { delegate.errors.first }
      #expect(error?.domain == "WKErrorDomain")
      #expect(error?.code == 1)
      #expect(error?.localizedDescription.contains(#""pushToken""#) == true)
      #expect(
        await MainActor.run { WKApplication.shared().isRegisteredForRemoteNotifications } == false)
    }
    #expect(
      entries(simulation, "remoteNotifications") == ["0.0 registering", "1.0 registrationFailed"])
  }

  @Test("A notification wakes the suspended app, which is suspended again 10 s after completing")
  func wakesTheSuspendedApp() async throws {
    let simulation = try Self.makeSimulation(token: [0x01], crownPress: true)
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run { WKApplication.shared().registerForRemoteNotifications() }
      try await simulation.advance(by: .seconds(100))
      #expect(engineAppState(simulation) == .suspended)
      let reached = await simulation.deliverRemoteNotification(userInfo: ["id": "n1"])
      #expect(reached)
      #expect(await MainActor.run { delegate.calls } == ["1.0 didRegister", "100.0 didReceive"])
      #expect(await MainActor.run { delegate.payloads.first?["id"] as? String } == "n1")
      #expect(await MainActor.run { delegate.states } == [.background])
      try await simulation.advance(by: .seconds(20))
    }
    // Crown press at 10: background, suspended at 10 + 10 = 20. The notification at 100 wakes
    // it; the handler completes at once, so the grace period runs from 100: suspended at 110.
    #expect(
      appStates(simulation) == [
        "10.0 active>background crownPress", "20.0 background>suspended gracePeriodEnded",
        "100.0 suspended>background remoteNotification", "100.0 background>background keepAlive",
        "110.0 background>suspended gracePeriodEnded",
      ])
    #expect(entries(simulation, "remoteNotification") == ["100.0 received", "100.0 completed"])
    let completed = systemLog(simulation, .watchKit).first { $0.event == "completed" }
    #expect(completed?.details["result"] == .string("newData"))
    #expect(simulation.reports.isEmpty)
  }

  @Test("An app that is not registered gets nothing: dropped, and the call returns false")
  func notRegistered() async throws {
    let simulation = try Self.makeSimulation(token: [0x01])
    await simulation.run {
      let delegate = await Self.delegate(simulation)
      let reached = await simulation.deliverRemoteNotification(userInfo: ["id": "n1"])
      #expect(!reached)
      #expect(await MainActor.run { delegate.calls }.isEmpty)
    }
    let dropped = systemLog(simulation, .watchKit).filter { $0.identifier == "remoteNotification" }
    #expect(dropped.map(\.event) == ["dropped"])
    #expect(dropped.first?.details["reason"] == .string("notRegistered"))
  }

  @Test("The async form alone receives the notification; no method at all is reported")
  func asyncFormAndNone() async throws {
    let simulation = try Self.makeSimulation(token: [0x01])
    try await simulation.run {
      let delegate = await MainActor.run {
        let delegate = AsyncPushDelegate()
        WKApplication.shared().delegate = delegate
        WKApplication.shared().registerForRemoteNotifications()
        return delegate
      }
      try await simulation.advance(by: .seconds(2))
      await simulation.deliverRemoteNotification(userInfo: ["id": "a"])
      #expect(await MainActor.run { delegate.received } == ["a"])
      await MainActor.run { WKApplication.shared().delegate = SilentDelegate() }
      await simulation.deliverRemoteNotification(userInfo: ["id": "b"])
    }
    // Both answered noData at 2: the async form's own, and the default's for the silent one.
    let completed = systemLog(simulation, .watchKit).filter { $0.event == "completed" }
    #expect(completed.map(\.details["result"]) == [.string("noData"), .string("noData")])
    let reports = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(reports.count == 1)
    #expect(reports.first?.message.contains("implements neither") == true)
  }

  @Test("A completion handler never called holds time until appWorkGrace, then is reported")
  func completionNeverCalled() async throws {
    let simulation = try Self.makeSimulation(token: [0x01])
    simulation.appWorkGrace = .milliseconds(50)
    await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.result = nil
        WKApplication.shared().registerForRemoteNotifications()
      }
      try? await simulation.advance(by: .seconds(2))
      await simulation.deliverRemoteNotification(userInfo: ["id": "n1"])
      #expect(await MainActor.run { delegate.calls } == ["1.0 didRegister", "2.0 didReceive"])
    }
    // The hold on virtual time expired after appWorkGrace (outside an advance: kept, not
    // thrown), and no completed entry was logged.
    #expect(
      simulation.reports.filter { $0.kind == .holdExpired }.map { "\($0.framework) \($0.call)" }
        == [
          "WatchKit didReceiveRemoteNotification(_:fetchCompletionHandler:)"
        ])
    #expect(entries(simulation, "remoteNotification") == ["2.0 received"])
  }

  @Test("A completion handler never called ends 30 s later: the app is suspended, and reported")
  func completionNeverCalledExpires() async throws {
    let simulation = try Self.makeSimulation(token: [0x01], crownPress: true)
    simulation.appWorkGrace = .milliseconds(50)
    try await simulation.run {
      let delegate = await Self.delegate(simulation)
      await MainActor.run {
        delegate.result = nil
        WKApplication.shared().registerForRemoteNotifications()
      }
      try await simulation.advance(by: .seconds(100))
      await simulation.deliverRemoteNotification(userInfo: ["id": "n1"])
      try await simulation.advance(by: .seconds(60))
      #expect(await MainActor.run { delegate.calls } == ["1.0 didRegister", "100.0 didReceive"])
    }
    // Crown press at 10: background, suspended at 10 + 10 = 20. The notification at 100 wakes
    // it and its handler keeps it alive; never completed, it ends at 100 + 30 = 130 (keep-alive
    // none, the grace period starts) and the app is suspended at 130 + 10 = 140.
    #expect(
      appStates(simulation) == [
        "10.0 active>background crownPress", "20.0 background>suspended gracePeriodEnded",
        "100.0 suspended>background remoteNotification", "130.0 background>background keepAlive",
        "140.0 background>suspended gracePeriodEnded",
      ])
    #expect(entries(simulation, "remoteNotification") == ["100.0 received", "130.0 expired"])
    let expired = simulation.reports.filter { $0.kind == .notDelivered }
    #expect(
      expired.map { "\($0.seconds) \($0.framework) \($0.call)" } == [
        "130.0 WatchKit didReceiveRemoteNotification(_:fetchCompletionHandler:)"
      ])
    #expect(expired.first?.message.contains("received at t = 100 s was never called") == true)
    #expect(expired.first?.message.contains("completionHandler(.failed)") == true)
  }

  @Test("watch.pushToken decodes hex digits; odd, non-hex and empty tokens are refused")
  func decoding() throws {
    func decode(_ watch: String) throws -> Scenario {
      try decodeScenario(#"{ "version": 1, "watch": \#(watch) }"#, fileName: "watch.json")
    }
    // "00Ff10" is 0x00, 0xFF, 0x10.
    #expect(try decode(#"{ "pushToken": "00Ff10" }"#).pushToken == [0x00, 0xFF, 0x10])
    #expect(try decode("{}").pushToken == nil)
    for bad in [#""abc""#, #""zz""#, #""""#, "12"] {
      #expect(throws: (any Error).self) { try decode(#"{ "pushToken": \#(bad) }"#) }
    }
  }
}

@Suite("WatchKit: openSystemURL and handle(_:) of an extended runtime session")
struct WatchSystemURLTests {
  @Test("openSystemURL logs a tel: URL; an https: URL is logged and reported as dropped")
  func openSystemURL() async throws {
    let simulation = try HealthKitSimulation(scenario: Scenario(name: "url"))
    await simulation.run {
      await MainActor.run {
        WKApplication.shared().openSystemURL(URL(string: "tel:+15555550100")!)
        WKExtension.shared().openSystemURL(URL(string: "https://example.com")!)
      }
    }
    let opened = systemLog(simulation, .watchKit).filter { $0.event == "openSystemURL" }
    #expect(opened.map(\.identifier) == ["tel:+15555550100", "https://example.com"])
    #expect(opened.map(\.details["scheme"]) == [.string("tel"), .string("https")])
    #expect(opened.last?.details["reason"] == .string("unsupportedScheme"))
    let dropped = simulation.reports.filter { $0.kind == .dropped }
    #expect(dropped.map(\.call) == ["WKExtension.openSystemURL(_:)"])
  }

  @Test("A smart alarm that starts while the app runs goes to its own delegate, not handle(_:)")
  func handleNotCalledWhileRunning() async throws {
    // Scheduled at 0 for 100 while active; the app keeps running (no crash), so at 100 the
    // session's own delegate hears didStart and the app delegate's handle(_:) is not called.
    let simulation = try watchSimulation(type: .smartAlarm)
    let recorder = RuntimeRecorder(simulation)
    try await simulation.run {
      let delegate = await WatchRemoteNotificationTests.delegate(simulation)
      let session = WKExtendedRuntimeSession()
      session.delegate = recorder
      session.start(at: simulation.startDate.addingTimeInterval(100))
      try await simulation.advance(by: .seconds(150))
      #expect(await MainActor.run { delegate.calls }.isEmpty)
    }
    #expect(recorder.recorded.map(\.at) == [100])
  }
}
