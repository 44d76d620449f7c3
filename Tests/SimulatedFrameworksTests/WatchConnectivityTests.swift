// SimulatedWatchConnectivity: activation and the errors before it, messages with replies and the
// reply timeout, every transfer kind across reachability changes and a watch crash, payload
// checks, files, and determinism. Times are seconds from t = 0 (the scenario's start); the link's
// defaults (docs/phone-link.md): message latency 0.1 s, transfer latency 1 s, reply timeout 5 s.
import Foundation
import Testing
import WorkoutCore
import WorkoutScenario
import WorkoutSimulation

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity

/// The phone app in the background (it receives deliveries), the watch app active; t = 0 is
/// the default start.
private func backgroundPhone() throws -> Scenario {
  var scenario = try Scenario(name: "link")
  scenario.phone.app = .background
  return scenario
}

@Suite("SimulatedWatchConnectivity")
struct WatchConnectivityTests {
  @Test("Before activate: sends fail with 7004 sessionNotActivated, Apple's texts")
  func errorsBeforeActivation() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    await simulation.run {
      let sides = await Sides.make(simulation, activate: [])
      #expect(sides.watch.activationState == .notActivated)
      #expect(!sides.watch.isReachable)
      let handled = Handled(simulation)
      handled.send(["workout": "W1"], from: sides.watch)
      sides.watch.transferUserInfo(["workout": "W1"])
      #expect(throws: WCError(.sessionNotActivated)) {
        try sides.watch.updateApplicationContext(["stepGoal": 8000])
      }
      await simulation.settle()
      #expect(handled.all == ["0 error 7004"])
      #expect(sides.watchLog.all == [#"0 finished userInfo {"workout":"W1"} 7004"#])
      #expect(sides.phoneLog.all.isEmpty)
    }
    let error = WCError(.sessionNotActivated) as NSError
    #expect(error.domain == "WCErrorDomain")
    #expect(error.code == 7004)
    #expect(error.localizedDescription == "WatchConnectivity session has not been activated.")
    #expect(
      WCError(.notReachable).localizedDescription
        == "WatchConnectivity session on paired device is not reachable.")
    #expect(WCError.Code.allCases.map(\.rawValue) == Array(7001...7019))
  }

  @Test("activate(): activated at t = 0 on both sides; WCSession.default per device")
  func activation() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    await simulation.run {
      let sides = await Sides.make(simulation)
      #expect(sides.watch !== sides.phone)
      #expect(WCSession.default === sides.watch)
      #expect(await simulation.on(.phone) { WCSession.default } === sides.phone)
      #expect(sides.watch.activationState == .activated)
      #expect(sides.phone.activationState == .activated)
      #expect(sides.watchLog.matching("activated") == ["0 activated 2 0"])
      #expect(sides.phoneLog.matching("activated") == ["0 activated 2 0"])
      // In range, paired, installed, the watch app active: both sides reachable.
      #expect(sides.watch.isReachable)
      #expect(sides.phone.isReachable)
      #expect(sides.phone.isPaired)
      #expect(sides.phone.isWatchAppInstalled)
      // The complication is not on the face by default: no budget.
      #expect(!sides.phone.isComplicationEnabled)
      #expect(sides.phone.remainingComplicationUserInfoTransfers == 0)
      #expect(WCSession.isSupported())
    }
  }

  @Test("A session without a delegate does not activate; its sends fail with 7003")
  func missingDelegate() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    await simulation.run {
      let watch = WCSession.default
      watch.activate()
      await simulation.settle()
      #expect(watch.activationState == .notActivated)
      let handled = Handled(simulation)
      handled.send(["a": 1], from: watch)
      await simulation.settle()
      #expect(handled.all == ["0 error 7003"])
    }
    let events = simulation.result.log.compactMap { entry -> String? in
      guard case .system(let event) = entry.kind, event.framework == .watchConnectivity else {
        return nil
      }
      return event.event
    }
    #expect(events == ["activateWithoutDelegate", "sendFailed"])
  }

  /// The new-user trial 24's singleton: `static let shared` whose `init` set the delegate and
  /// activated ran in the first test's simulation only; in the next one `WCSession.default` is
  /// a new session without either, and its send failed with a log entry alone (the test
  /// passed). Now the failure is a `notDelivered` warning saying what to write.
  @Test("A delegate set in an earlier simulation only: the 7003 send is reported")
  func delegateSetInAnEarlierSimulationOnly() async throws {
    let first = try HealthKitSimulation(scenario: try backgroundPhone())
    let kept = await first.run {
      let recorder = LinkRecorder(first)
      WCSession.default.delegate = recorder
      WCSession.default.activate()
      await first.settle()
      return recorder
    }
    #expect(first.reports.isEmpty)
    let second = try HealthKitSimulation(scenario: try backgroundPhone())
    await second.run {
      WCSession.default.transferUserInfo(["workout": "W1"])
      WCSession.default.transferUserInfo(["workout": "W2"])
      await second.settle()
    }
    // Once per session and error code, though both sends failed.
    #expect(second.reports.map(\.kind) == [.notDelivered])
    #expect(second.reports.map(\.framework) == ["WatchConnectivity"])
    #expect(second.reports.map(\.call) == ["WCSession.transferUserInfo(_:)"])
    let message = try #require(second.reports.first?.message)
    #expect(
      message.hasPrefix(
        "WCSession.default on the watch has no delegate, so this userInfo send failed with "
          + "WCError.sessionMissingDelegate (7003) and nothing was sent: set session.delegate "
          + "and call activate() in this simulation before sending"))
    #expect(message.contains("each simulation has its own WCSession.default"))
    withExtendedLifetime(kept) {}
  }

  @Test("A session with a delegate never activated: the 7004 send is reported once")
  func neverActivatedSendIsReported() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    await simulation.run {
      let recorder = LinkRecorder(simulation)
      WCSession.default.delegate = recorder
      WCSession.default.transferUserInfo(["workout": "W1"])
      await simulation.settle()
      withExtendedLifetime(recorder) {}
    }
    #expect(simulation.reports.map(\.kind) == [.notDelivered])
    #expect(
      simulation.reports.first?.message.hasPrefix(
        "WCSession.default on the watch was never activated, so this userInfo send failed "
          + "with WCError.sessionNotActivated (7004)") == true)
  }

  @Test("sendMessage: reply at 0.2 s; no reply: 7012 at 15.1 s; data: reply; away: 7007 at once")
  func messages() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    try await simulation.run {
      let sides = await Sides.make(simulation)
      let handled = Handled(simulation)
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      // t = 0: delivered at 0 + 0.1; the phone replies at once; the reply arrives 0.1 later.
      handled.send(["workout": "W1"], from: sides.watch)
      try await simulation.advance(to: at(10))
      #expect(sides.phoneLog.matching("message") == [#"0.1 message? {"workout":"W1"}"#])
      #expect(handled.all == [#"0.2 reply {"received":{"workout":"W1"}}"#])
      // t = 10: the phone does not reply; 5 s after the delivery at 10.1: 7012 at 15.1.
      sides.phoneLog.replies = false
      handled.send(["workout": "W2"], from: sides.watch)
      try await simulation.advance(to: at(20))
      #expect(handled.all.last == "15.1 error 7012")
      // t = 20, without a reply handler: the plain variant at 20.1, nothing comes back.
      sides.phoneLog.replies = true
      handled.send(["workout": "W3"], from: sides.watch, reply: false)
      // Data from the phone to the watch at 20: delivered 20.1, the reply "got ping" at 20.2.
      sides.phone.sendMessageData(
        Data("ping".utf8),
        replyHandler: { handled.record("dataReply \(String(decoding: $0, as: UTF8.self))") },
        errorHandler: { handled.record("error \(code($0))") })
      try await simulation.advance(to: at(30))
      #expect(sides.phoneLog.matching("message").last == #"20.1 message {"workout":"W3"}"#)
      #expect(sides.watchLog.matching("data") == ["20.1 data? ping"])
      #expect(handled.all.count == 3)
      #expect(handled.all.last == "20.2 dataReply got ping")
      // Away at 30: not reachable; a message fails with 7007 at once and is not delivered.
      await simulation.phoneAway()
      #expect(!sides.watch.isReachable)
      #expect(!sides.phone.isReachable)
      handled.send(["workout": "W4"], from: sides.watch)
      try await simulation.advance(to: at(40))
      #expect(handled.all.last == "30 error 7007")
      #expect(!sides.phoneLog.all.contains { $0.contains("W4") })
      #expect(sides.watchLog.matching("reachable").last == "30 reachable false")
      #expect(sides.phoneLog.matching("reachable").last == "30 reachable false")
    }
  }

  @Test("Every transfer kind across away/back and a watch crash + relaunch")
  func transfersAcrossReachabilityAndCrash() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("wc-test-\(UUID().uuidString).gpx")
    try Data("track".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    try await simulation.run {
      let sides = await Sides.make(simulation)
      let at = { (seconds: Double) in simulation.startDate.addingTimeInterval(seconds) }
      try await simulation.advance(to: at(10))
      await simulation.phoneAway()
      // t = 10, away: the watch queues user info, a context and a file; the phone queues user
      // info and a context for the watch.
      let info = sides.watch.transferUserInfo(["workout": "W1"])
      try sides.watch.updateApplicationContext(["lastWorkout": "W1"])
      let sent = sides.watch.transferFile(file, metadata: ["kind": "route"])
      // Reading the file happened at the call: a later change does not travel.
      try Data("changed".utf8).write(to: file)
      sides.phone.transferUserInfo(["goal": 9000])
      try sides.phone.updateApplicationContext(["stepGoal": 9000])
      #expect(info.isTransferring)
      #expect(sent.isTransferring)
      #expect(sides.watch.outstandingUserInfoTransfers == [info])
      #expect(sides.watch.outstandingFileTransfers == [sent])
      #expect(sent.progress.totalUnitCount == 5)
      #expect(sent.progress.completedUnitCount == 0)
      #expect(sides.watch.applicationContext["lastWorkout"] as? String == "W1")
      // t = 20: the watch app crashes; its session dies. Nothing reaches either side yet.
      try await simulation.advance(to: at(20))
      await simulation.crash()
      #expect(sides.watch.activationState == .notActivated)
      // t = 30: back in range. The phone app runs (background): the watch's transfers are
      // deliverable at 30 and arrive at 31 (transfer latency): context, user info, file.
      // The phone's are due at 31 too: the system launches the watch app into the background
      // for them (docs/phone-link.md#waking-the-watch-app), and they wait for its new session.
      try await simulation.advance(to: at(30))
      await simulation.phoneBack()
      try await simulation.advance(to: at(35))
      #expect(
        sides.phoneLog.all.filter { !$0.contains("reachable") } == [
          "0 activated 2 0",
          #"31 context {"lastWorkout":"W1"}"#,
          #"31 userInfo {"workout":"W1"}"#,
          // The phone's own user info (transfer 4) reached the watch after the watch's (1).
          #"31 finished userInfo {"goal":9000} 0"#,
          "31 file \(file.lastPathComponent) track {\"kind\":\"route\"}",
        ])
      // The file was in the Inbox during the call and is gone after it.
      let inboxFile = try #require(sides.phoneLog.fileURLs.withLock { $0.first })
      #expect(!FileManager.default.fileExists(atPath: inboxFile.path))
      #expect(sides.phone.receivedApplicationContext["lastWorkout"] as? String == "W1")
      // The dead watch session heard nothing after the crash.
      #expect(!sides.watchLog.all.contains { $0.hasPrefix("3") })
      #expect(!info.isTransferring)
      #expect(sent.progress.completedUnitCount == 5)
      // The phone's transfers reached the watch at 31 (its didFinish then: the phone app
      // runs); the launched process has no session yet, so they wait for one.
      #expect(sides.phone.outstandingUserInfoTransfers.isEmpty)
      // t = 40: the launched app (a relaunch does nothing: it runs) makes and activates a new
      // session: the phone's context first, then its user info, at 40.
      try await simulation.advance(to: at(40))
      await simulation.relaunch()
      let relaunched = WCSession.default
      #expect(relaunched !== sides.watch)
      #expect(relaunched.hasContentPending)
      let watchLog = LinkRecorder(simulation)
      relaunched.delegate = watchLog
      relaunched.activate()
      try await simulation.advance(to: at(45))
      #expect(watchLog.matching("context") == [#"40 context {"stepGoal":9000}"#])
      #expect(watchLog.matching("userInfo") == [#"40 userInfo {"goal":9000}"#])
      #expect(!relaunched.hasContentPending)
      #expect(relaunched.receivedApplicationContext["stepGoal"] as? Int == 9000)
    }
  }

  @Test("cancel(): a cancelled user-info transfer is not delivered and gets no didFinish")
  func cancel() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    try await simulation.run {
      let sides = await Sides.make(simulation)
      await simulation.phoneAway()
      let first = sides.watch.transferUserInfo(["n": 1])
      let second = sides.watch.transferUserInfo(["n": 2])
      #expect(sides.watch.outstandingUserInfoTransfers == [first, second])
      first.cancel()
      #expect(sides.watch.outstandingUserInfoTransfers == [second])
      #expect(!first.isTransferring)
      try await simulation.advance(by: .seconds(10))
      await simulation.phoneBack()
      try await simulation.advance(by: .seconds(5))
      // Back at 10: the second arrives at 11, the first never.
      #expect(sides.phoneLog.matching("userInfo") == [#"11 userInfo {"n":2}"#])
      #expect(sides.watchLog.matching("finished") == [#"11 finished userInfo {"n":2} 0"#])
    }
  }

  @Test("Payload checks: 7010 for a non-property-list value, 7009 over 65 536 bytes, 7013")
  func payloadChecks() async throws {
    let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
    try await simulation.run {
      let sides = await Sides.make(simulation)
      let handled = Handled(simulation)
      handled.send(["object": NSObject()], from: sides.watch)
      #expect(throws: WCError(.payloadUnsupportedTypes)) {
        try sides.watch.updateApplicationContext(["url": URL(fileURLWithPath: "/")])
      }
      // 70 000 bytes of data: its property list is larger than 65 536 bytes.
      #expect(throws: WCError(.payloadTooLarge)) {
        try sides.watch.updateApplicationContext(["blob": Data(count: 70_000)])
      }
      let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).fit")
      let transfer = sides.watch.transferFile(missing, metadata: nil)
      #expect(!transfer.isTransferring)
      try await simulation.advance(by: .seconds(2))
      #expect(handled.all == ["0 error 7010"])
      #expect(
        sides.watchLog.matching("finished") == ["0 finished file \(missing.lastPathComponent) 7013"]
      )
      #expect(sides.phoneLog.matching("message").isEmpty)
      // Dates, data, numbers, arrays and nested dictionaries are property-list types: a fresh
      // copy arrives.
      let date = Date(timeIntervalSince1970: 1_767_600_000)
      sides.watch.transferUserInfo(["at": date, "laps": [1, 2], "raw": Data([1, 2, 3])])
      try await simulation.advance(by: .seconds(2))
      #expect(sides.phoneLog.matching("userInfo") == ["3 userInfo <not JSON>"])
      let received = try #require(sides.phoneLog.lastReceivedUserInfo)
      #expect(received["at"] as? Date == date)
      #expect(received["laps"] as? [Int] == [1, 2])
      #expect(received["raw"] as? Data == Data([1, 2, 3]))
    }
  }

  @Test("Determinism: the same calls give the same log bytes on reruns")
  func determinism() async throws {
    func run() async throws -> [UInt8] {
      let simulation = try HealthKitSimulation(scenario: try backgroundPhone())
      await simulation.run {
        let sides = await Sides.make(simulation)
        let handled = Handled(simulation)
        handled.send(["n": 1], from: sides.watch)
        sides.watch.transferUserInfo(["n": 2])
        try? sides.phone.updateApplicationContext(["n": 3])
        try? await simulation.advance(by: .seconds(5))
        await simulation.phoneAway()
        handled.send(["n": 4], from: sides.phone)
        sides.phone.transferUserInfo(["n": 5])
        try? await simulation.advance(by: .seconds(5))
        await simulation.phoneBack()
        try? await simulation.advance(by: .seconds(5))
      }
      return simulation.result.encodedJSON()
    }
    let first = try await run()
    let second = try await run()
    #expect(first == second)
    #expect(!first.isEmpty)
  }
}

/// The "Testing watch–phone code" example of docs/testing-your-app.md (README's before), as
/// written there: both ends activated at 0 with delegates of their own; the phone's application
/// context `["stepGoal": 12000]` at 0 reaches the running watch app one transfer latency later
/// (1 s, docs/phone-link.md#queued-transfers).
@Suite("The WatchConnectivity example of docs/testing-your-app.md")
struct ReadmeWatchConnectivityExampleTests {
  @Test func theReadmeExampleWorksAsWritten() async throws {
    let simulation = try HealthKitSimulation(scenario: try Scenario(name: "readme"))
    try await simulation.run {
      let watchModel = LinkRecorder(simulation)
      let phoneModel = LinkRecorder(simulation)
      let watch = WCSession.default
      watch.delegate = watchModel
      watch.activate()
      let phone = await simulation.on(.phone) { WCSession.default }
      phone.delegate = phoneModel
      phone.activate()
      try phone.updateApplicationContext(["stepGoal": 12_000])
      try await simulation.advance(by: .milliseconds(999))
      #expect(watch.receivedApplicationContext.isEmpty)
      try await simulation.advance(by: .milliseconds(1))
      #expect(watch.receivedApplicationContext["stepGoal"] as? Int == 12_000)
      #expect(watch !== phone)
    }
  }
}
