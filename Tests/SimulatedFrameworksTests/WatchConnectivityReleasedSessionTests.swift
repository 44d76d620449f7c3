// A `WCSession` kept past its simulation (wcsafe23): apps keep `WCSession.default` in a
// singleton manager, so the next test's simulation meets the previous one's session. Its calls
// used to trap (the session holds its simulation weakly), crashing the test process and every
// test after it; now they are inert, as a session that is not activated, with one
// `foreignObject` report (as a kept `HKHealthStore` is reported), and the new simulation's own
// session works.
import Foundation
import Synchronization
import Testing
import WorkoutScenario

@testable import SimulatedHealthKit
@testable import SimulatedWatchConnectivity

/// A delegate that records the `didFinish` calls' error codes.
private final class FinishRecorder: NSObject, WCSessionDelegate, @unchecked Sendable {
  let finished = Mutex<[Int]>([])
  func session(
    _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
    error: (any Error)?
  ) {}
  func sessionDidBecomeInactive(_ session: WCSession) {}
  func sessionDidDeactivate(_ session: WCSession) {}
  func session(
    _ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer,
    error: (any Error)?
  ) {
    finished.withLock { $0.append(code(error)) }
  }
}

/// The app's singleton manager: it keeps the session (and its delegate) across simulations.
private enum ConnectivityManager {
  nonisolated(unsafe) static var session: WCSession?
  nonisolated(unsafe) static var delegate: FinishRecorder?
}

@Suite("A WCSession kept past its simulation")
struct WatchConnectivityReleasedSessionTests {
  static func scenario() throws -> Scenario {
    var scenario = try Scenario(name: "kept-session")
    scenario.phone.app = .background
    return scenario
  }

  /// The first simulation's session, kept in a static, used in a second simulation's run: no
  /// trap; `isReachable` false, `activationState` notActivated, a message's error handler and a
  /// user-info transfer's `didFinish` get `WCError.sessionNotActivated` (7004),
  /// `updateApplicationContext` throws it; one `foreignObject` report (once per session
  /// object, naming the first call); the second simulation's own `WCSession.default` is a new
  /// session that activates (state 2, `.activated`).
  @Test func aKeptSessionIsInertAndReportedOnce() async throws {
    weak var first: HealthKitSimulation?
    do {
      let simulation = try HealthKitSimulation(scenario: Self.scenario())
      first = simulation
      await simulation.run {
        let session = WCSession.default
        let delegate = FinishRecorder()
        session.delegate = delegate
        session.activate()
        await simulation.settle()
        #expect(session.activationState == .activated)
        ConnectivityManager.session = session
        ConnectivityManager.delegate = delegate
      }
    }
    #expect(first == nil)
    let kept = try #require(ConnectivityManager.session)
    let delegate = try #require(ConnectivityManager.delegate)
    defer {
      ConnectivityManager.session = nil
      ConnectivityManager.delegate = nil
    }

    let second = try HealthKitSimulation(scenario: Self.scenario())
    let errors = Mutex<[Int]>([])
    let replies = Mutex(0)
    let fresh = FinishRecorder()
    await second.run {
      #expect(kept.isReachable == false)
      #expect(kept.activationState == .notActivated)
      kept.sendMessage(
        ["ping": 1], replyHandler: { _ in replies.withLock { $0 += 1 } },
        errorHandler: { error in errors.withLock { $0.append(code(error)) } })
      kept.transferUserInfo(["steps": 10])
      #expect(throws: WCError(.sessionNotActivated)) {
        try kept.updateApplicationContext(["state": "idle"])
      }
      #expect(kept.outstandingUserInfoTransfers.isEmpty)
      let session = WCSession.default
      #expect(session !== kept)
      session.delegate = fresh
      session.activate()
      await second.settle()
      #expect(session.activationState == .activated)
    }
    #expect(errors.withLock { $0 } == [7004])
    #expect(replies.withLock { $0 } == 0)
    #expect(delegate.finished.withLock { $0 } == [7004])
    let reports = second.reports.filter { $0.kind == .foreignObject }
    #expect(reports.count == 1)
    #expect(reports.first?.framework == "WatchConnectivity")
    #expect(reports.first?.call == "WCSession.isReachable")
    #expect(
      reports.first?.message.contains(
        "get WCSession.default inside each test's run; don't keep it in a static or singleton "
          + "across simulations") == true)
  }
}
