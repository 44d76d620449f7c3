// The phone app's crash and Watch Connectivity (new-user trial 30): transfers from the watch that
// come due while the phone app is dead wait for the relaunched app's activated session, and the
// watch's `didFinish` with them (docs/phone-link.md#the-phone-app). Times are seconds from t = 0;
// the link's defaults: transfer latency 1 s.
import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity

@Suite("SimulatedWatchConnectivity: the phone app's crash")
struct WatchConnectivityPhoneCrashTests {
  /// The phone app in the background (it receives deliveries), the watch app active.
  static func simulation() throws -> HealthKitSimulation {
    var scenario = try Scenario(name: "phone crash")
    scenario.phone.app = .background
    return try HealthKitSimulation(scenario: scenario)
  }

  @Test("Transfers due after crash(.phone) reach the relaunched app once it activates")
  func transfersWaitForTheRelaunchedApp() async throws {
    let simulation = try Self.simulation()
    try await simulation.run {
      let sides = await Sides.make(simulation)
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      // t = 10: the watch sends user info and a context; both are due at 10 + 1 = 11.
      try await simulation.advance(to: at(10))
      let info = sides.watch.transferUserInfo(["workout": "W1"])
      try sides.watch.updateApplicationContext(["lastWorkout": "W1"])
      // t = 10.5: the phone app dies before they arrive.
      try await simulation.advance(to: at(10.5))
      await simulation.crash(.phone)
      // t = 20: nothing reached the dead app, nothing finished for the watch.
      try await simulation.advance(to: at(20))
      #expect(sides.phoneLog.all.filter { !$0.contains("reachable") } == ["0 activated 2 0"])
      #expect(sides.watchLog.matching("finished").isEmpty)
      #expect(info.isTransferring)
      #expect(sides.watch.outstandingUserInfoTransfers == [info])
      // t = 20: relaunched; its launch code runs at 25 (a test's own pace): still nothing,
      // as the new process's session is not activated yet.
      await simulation.relaunch(.phone)
      try await simulation.advance(to: at(25))
      #expect(sides.watchLog.matching("finished").isEmpty)
      let relaunched = await simulation.on(.phone) { WCSession.default }
      #expect(relaunched !== sides.phone)
      let phoneLog = LinkRecorder(simulation)
      relaunched.delegate = phoneLog
      relaunched.activate()
      // Activated at 25, deliverable from then, delivered at 25 + 1 = 26: the context first,
      // then the user info; the watch's didFinish at 26 too.
      try await simulation.advance(to: at(30))
      #expect(
        phoneLog.all.filter { !$0.contains("reachable") } == [
          "25 activated 2 0",
          #"26 context {"lastWorkout":"W1"}"#,
          #"26 userInfo {"workout":"W1"}"#,
        ])
      #expect(sides.watchLog.matching("finished") == [#"26 finished userInfo {"workout":"W1"} 0"#])
      #expect(!info.isTransferring)
      #expect(relaunched.receivedApplicationContext["lastWorkout"] as? String == "W1")
      // The dead session heard nothing after the crash.
      #expect(sides.phoneLog.all.filter { !$0.contains("reachable") } == ["0 activated 2 0"])
    }
  }

  /// A message from the watch to the crashed phone app (review 29). Apple's `sendMessage` wakes
  /// an iOS app that is not running; a crashed one comes back by the world's relaunch only
  /// (project rule, docs/phone-link.md#the-phone-app), so the message sent at 10 s is not
  /// delivered: at its delivery instant, 10 + 0.1 = 10.1 s, the watch's error handler gets
  /// `deliveryFailed` (7014), the link has no `phoneApp` change back to running (the app is not
  /// launched) and no phone session hears it. After `relaunch(.phone)` at 20 s and the new
  /// session's activation, a message sent at 20 s arrives at 20.1 s and is answered. Before the
  /// change the first message launched the crashed app to the link (its state `background`
  /// without the phone's relaunch) and was delivered to nobody, with no handler called.
  @Test("A message to the crashed phone app fails with deliveryFailed until relaunch(.phone)")
  func aMessageToTheCrashedPhoneAppFails() async throws {
    let simulation = try Self.simulation()
    try await simulation.run {
      let sides = await Sides.make(simulation)
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      let sender = Handled(simulation)
      await simulation.crash(.phone)
      try await simulation.advance(to: at(10))
      sender.send(["n": 1], from: sides.watch)
      try await simulation.advance(to: at(20))
      #expect(sender.all == ["10.1 error 7014"])
      let changes = linkLines(simulation.result).filter { $0.contains(#""change":"phoneApp""#) }
      #expect(changes.count == 1)
      #expect(changes.first?.contains(#""state":"notRunning""#) == true)
      await simulation.relaunch(.phone)
      let relaunched = await simulation.on(.phone) { WCSession.default }
      let phoneLog = LinkRecorder(simulation)
      relaunched.delegate = phoneLog
      relaunched.activate()
      await simulation.settle()
      sender.send(["n": 2], from: sides.watch)
      try await simulation.advance(to: at(30))
      #expect(phoneLog.matching("message") == [#"20.1 message? {"n":2}"#])
      #expect(sender.all == ["10.1 error 7014", #"20.2 reply {"received":{"n":2}}"#])
      // The dead session heard nothing after the crash.
      #expect(sides.phoneLog.matching("message").isEmpty)
    }
  }
}
